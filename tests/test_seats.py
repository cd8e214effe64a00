"""The one seat type: names, turn order, offer digits, seat winds and coercion."""

import pytest

from mjlearn.seats import SEATS, Seat


def test_turn_order_and_names():
    assert [s.letter for s in SEATS] == list("ESWN")
    assert [s.zh for s in SEATS] == list("东南西北")
    assert [str(s.wind) for s in SEATS] == list("ESWN")
    assert [int(s) for s in SEATS] == [0, 1, 2, 3]
    assert Seat.N.after() is Seat.E and Seat.E.after(-1) is Seat.N
    assert Seat.W.turn_order() == (Seat.W, Seat.N, Seat.E, Seat.S)
    assert f"{Seat.S}" == "S" and str(Seat.S) == "S" and repr(Seat.S) == "Seat.S"


@pytest.mark.parametrize("claimer", SEATS)
def test_offer_digits_round_trip(claimer):
    # 1 = 上家 (plays just before), 2 = 对家, 3 = 下家 (plays just after)
    assert claimer.from_offer(1) is claimer.after(-1)
    assert claimer.from_offer(2) is claimer.after(2)
    assert claimer.from_offer(3) is claimer.after(1)
    for digit in (1, 2, 3):
        assert claimer.offer_from(claimer.from_offer(digit)) == digit
    with pytest.raises(ValueError, match="own tile"):
        claimer.offer_from(claimer)
    with pytest.raises(ValueError, match="offer digit"):
        claimer.from_offer(4)


def test_seat_wind_follows_the_dealer():
    assert Seat.wind_of("E", dealer="E") is Seat.E
    assert Seat.wind_of("S", dealer="S") is Seat.E
    assert Seat.wind_of("E", dealer="S") is Seat.N
    assert [Seat.wind_of(s, dealer=Seat.W) for s in SEATS] == [Seat.W, Seat.N, Seat.E, Seat.S]


@pytest.mark.parametrize(
    "text,seat",
    [("E", Seat.E), ("s", Seat.S), ("西", Seat.W), ("North", Seat.N), ("nan", Seat.S), (3, Seat.N), (Seat.W, Seat.W)],
)
def test_coercion(text, seat):
    assert Seat.of(text) is seat


@pytest.mark.parametrize("bad", ["X", "", 4, -1, True, None, 1.0, "EE", ["E"]])
def test_coercion_refuses_with_the_forms_it_takes(bad):
    with pytest.raises(ValueError, match="E, S, W or N") as e:
        Seat.of(bad, name="winner")
    assert str(e.value).startswith("winner must be a seat")
