"""The four seats (座位), once for the whole package: the table, the rules, settlement, quizzes and widgets.

A :class:`Seat` is an ``IntEnum`` in turn order (play runs counterclockwise: East, South, West,
North), so it indexes a four-entry list as the table does, while ``str`` gives its letter, the form
of the rules' keywords and of every JSON payment table::

    >>> from mjlearn.seats import Seat
    >>> Seat.of("南"), str(Seat.S), Seat.S.zh, Seat.S.en, str(Seat.S.wind)
    (Seat.S, 'S', '南', 'South', 'S')
    >>> Seat.E.after(), Seat.E.after(3), Seat.N.after()
    (Seat.S, Seat.N, Seat.E)

The notation's offer digit of a claimed meld says where the discarder sat as seen from the claimer:
1 = 上家 (the left player, who plays just before), 2 = 对家 (opposite), 3 = 下家 (right, plays just
after)::

    >>> Seat.S.offer_from(Seat.E), Seat.S.offer_from(Seat.N), Seat.S.from_offer(3)
    (1, 2, Seat.W)

A seat's wind depends on who deals: the dealer sits East. ``Seat.wind_of(seat, dealer)``::

    >>> Seat.wind_of(Seat.W, dealer=Seat.S)
    Seat.S
"""

from __future__ import annotations

from enum import IntEnum

from .tiles import TILES, Tile

__all__ = ["OFFER_EN", "OFFER_ZH", "SEATS", "SEAT_LETTERS", "Seat"]

SEAT_LETTERS: tuple[str, str, str, str] = ("E", "S", "W", "N")
"""The seats' letters in turn order: the rules' seat keywords and the keys of payment tables. A
tuple, so ``x in SEAT_LETTERS`` holds for the four letters only (not for ``""`` or ``"SW"``)."""

_ZH = "东南西北"
_EN = ("East", "South", "West", "North")
_PINYIN = ("dong", "nan", "xi", "bei")

OFFER_ZH = {1: "上家", 2: "对家", 3: "下家"}
"""The notation's offer digits by their Chinese names (where a claimed tile came from)."""
OFFER_EN = {1: "left player", 2: "opposite player", 3: "right player"}
"""The offer digits in English."""


class Seat(IntEnum):
    """东南西北: one of the four seats, in turn order. ``int(seat)`` is its place (E = 0)."""

    E = 0
    S = 1
    W = 2
    N = 3

    # --- names -------------------------------------------------------------------------------------

    @property
    def letter(self) -> str:
        """``"E"``, ``"S"``, ``"W"`` or ``"N"``: the form of rule keywords and payment tables."""
        return SEAT_LETTERS[self]

    @property
    def zh(self) -> str:
        """东, 南, 西 or 北."""
        return _ZH[self]

    @property
    def en(self) -> str:
        """East, South, West or North."""
        return _EN[self]

    @property
    def player_zh(self) -> str:
        """东家, 南家, 西家 or 北家: the player in this seat, as a sentence names him."""
        return _ZH[self] + "家"

    @property
    def wind(self) -> Tile:
        """The wind tile of the same name (the seat wind when East deals)."""
        return TILES[27 + self]

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.letter}"

    def __format__(self, spec: str) -> str:
        return format(self.letter, spec)

    # --- turn order ---------------------------------------------------------------------------------

    def after(self, k: int = 1) -> Seat:
        """The seat ``k`` turns later (1 = the 下家, 3 = the 上家; negative counts back)."""
        return SEATS[(self + k) % 4]

    def turns_after(self, other: Seat | int) -> int:
        """How many turns after ``other`` this seat plays: 0 (the same seat) to 3 (``other``'s 上家).
        ``Seat.W.turns_after(Seat.S) == 1``."""
        return (self - other) % 4

    def turn_order(self) -> tuple[Seat, Seat, Seat, Seat]:
        """This seat and the three after it, in the order they play."""
        return _ORDERS[self]

    def others(self) -> tuple[Seat, Seat, Seat]:
        """The three other seats in the order they play after this one (下家, 对家, 上家)."""
        return _ORDERS[self][1:]

    def offer_from(self, other: Seat | str | int) -> int:
        """The notation's offer digit of a tile ``other`` gave this seat: 1 上家, 2 对家, 3 下家."""
        d = (Seat.of(other) - self) % 4  # other = self.after(d)
        if d == 0:
            raise ValueError(f"seat {self.letter} cannot claim its own tile")
        return 4 - d

    def from_offer(self, digit: int) -> Seat:
        """The seat that an offer digit (1 上家, 2 对家, 3 下家) of this seat's meld points to."""
        if digit not in (1, 2, 3):
            raise ValueError(f"an offer digit is 1 (上家), 2 (对家) or 3 (下家), got {digit!r}")
        return self.after(4 - digit)

    @staticmethod
    def wind_of(seat: Seat | str | int, dealer: Seat | str | int = 0) -> Seat:
        """The seat wind of ``seat`` when ``dealer`` deals (the dealer is East, his 下家 South, …)."""
        return Seat((Seat.of(seat) - Seat.of(dealer)) % 4)

    # --- coercion -----------------------------------------------------------------------------------

    @classmethod
    def of(cls, value: Seat | str | int, *, name: str = "seat") -> Seat:
        """A seat from a ``Seat``, an int 0-3, a letter (``"E"``/``"e"``), 东南西北, an English name or
        pinyin. Anything else is a ``ValueError`` that names ``name`` and lists the accepted forms."""
        if isinstance(value, Seat):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value <= 3:
                return SEATS[value]
        elif isinstance(value, str):
            found = _BY_NAME.get(value.strip().lower())
            if found is not None:
                return found
        raise ValueError(f"{name} must be a seat: E, S, W or N (东南西北, or 0-3 in turn order); got {_short(value)}")


SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.E, Seat.S, Seat.W, Seat.N)
"""The four seats in turn order."""

_ORDERS: tuple[tuple[Seat, Seat, Seat, Seat], ...] = tuple(
    (SEATS[s], SEATS[(s + 1) % 4], SEATS[(s + 2) % 4], SEATS[(s + 3) % 4]) for s in range(4)
)

_BY_NAME: dict[str, Seat] = {}
for _s in SEATS:
    for _key in (_s.letter, _ZH[_s], _EN[_s], _PINYIN[_s], str(int(_s))):
        _BY_NAME[_key.lower()] = _s


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
