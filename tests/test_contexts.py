"""Contexts checked against themselves and the hand, in every rule set (mjlearn.consistency).

One regression test per defect (a kong bloom without a kong, a robbed kong on the last tile of the
wall, flowers beyond the set, a seat wind that is not the winner's, heavenly by a non-dealer, 发混儿),
over every registered rule set that takes the keywords, and a property: random contexts on fixed
winning hands are either refused with a ContextError or scored consistently.
"""

import pytest
from contradictions import first_turn_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn.mcr as mcr
from mjlearn.consistency import FLOWER_TILES, context_problems
from mjlearn.errors import ContextConflictError, ContextError, InvalidHandError
from mjlearn.hand import MeldKind, as_hand
from mjlearn.rules import RULESETS, TileSetError, get, score
from mjlearn.seats import Seat

# Suited tiles only, so every rule set plays them (Changsha has no honors; Fuzhou's honors are flowers).
NO_KONG = "123m456p789s55s23m+4m"  # the winning 4m is the only 4m
PAIR_WAIT = "123m456p789s234s5m+5m"  # the hand holds another 5m
KONG = "[2222m]456m789p34s88s+5s"  # a concealed kong, the 5s alone
PUNGS_KONG = "[3333p,1]111m555s77s99m+9m"  # an exposed kong, no chow (Yunnan)
PUNGS = "111m333p555s77s99m+9m"


def sets_with(*keywords):
    return [n for n, rs in RULESETS.items() if all(k in rs.context_names for k in keywords)]


def item_names(r):
    return {i.zh for i in r.items}


# --- a kong bloom needs a kong ------------------------------------------------------------------


@pytest.mark.parametrize("name", sets_with("kong", "self_drawn"))
def test_kong_bloom_without_a_kong_is_refused(name):
    hand = PUNGS if name == "yunnan" else NO_KONG
    with pytest.raises(ContextConflictError, match="杠上开花.*no kong"):
        score(hand, rules=name, self_drawn=True, kong=True)


@pytest.mark.parametrize("name", sets_with("kong", "self_drawn"))
def test_kong_bloom_with_a_kong_is_scored(name):
    hand = PUNGS_KONG if name == "yunnan" else KONG
    r = score(hand, rules=name, self_drawn=True, kong=True)
    assert r.context["kong"] and r.context["self_drawn"]


def test_kong_bloom_is_an_mcr_error_too():
    with pytest.raises(ContextConflictError, match="no kong"):
        mcr.score(NO_KONG, self_drawn=True, kong=True)
    assert "杠上开花" in {f.zh for f in mcr.score(KONG, self_drawn=True, kong=True).fans}


# --- robbing a kong -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sets_with("kong", "wall_last"))
def test_robbing_a_kong_on_the_last_wall_tile_is_refused(name):
    with pytest.raises(ContextConflictError, match="抢杠和.*last tile of the wall"):
        score(NO_KONG, rules=name, winner="E", discarder="S", kong=True, wall_last=True)
    r = score(NO_KONG, rules=name, winner="E", discarder="S", kong=True)  # robbing alone is fine
    assert not any("海底" in z or "妙手" in z for z in item_names(r))


@pytest.mark.parametrize("name", sets_with("kong", "discarder"))
def test_robbing_a_kong_needs_the_only_copy(name):
    with pytest.raises(ContextConflictError, match="robbing a kong .* holds another 5m"):
        score(PAIR_WAIT, rules=name, winner="E", discarder="S", kong=True)


def test_mcr_no_longer_gives_robbing_and_last_tile_together():
    with pytest.raises(ContextConflictError, match="last tile of the wall"):
        mcr.score(NO_KONG, kong=True, wall_last=True)
    fans = {f.zh for f in mcr.score(NO_KONG, kong=True).fans}
    assert "抢杠和" in fans and "海底捞月" not in fans


def test_kong_with_self_draw_is_never_a_robbed_kong():
    for name in sets_with("kong", "self_drawn"):
        hand = PUNGS_KONG if name == "yunnan" else KONG
        r = score(hand, rules=name, self_drawn=True, kong=True)
        assert not any("抢杠" in z for z in item_names(r)), name


# --- flowers within the set ---------------------------------------------------------------------

FLOWER_SETS = [n for n, rs in RULESETS.items() if rs.tiles.flowers != "none"]


@pytest.mark.parametrize("name", FLOWER_SETS)
def test_flowers_are_bounded_by_the_set(name):
    limit = FLOWER_TILES[get(name).tiles.flowers]
    assert "flowers" in get(name).context_names
    score(NO_KONG, rules=name, self_drawn=True, flowers=limit)
    for n in (limit + 1, 10**9):
        with pytest.raises(ContextConflictError, match=f"only {limit} flower tiles"):
            score(NO_KONG, rules=name, self_drawn=True, flowers=n)
    with pytest.raises(ContextConflictError, match=f"{limit - 1} given and 2 in the hand make {limit + 1}"):
        score("123m456p789s55s23mab+4m", rules=name, self_drawn=True, flowers=limit - 1)


def test_fuzhou_flowers_total_and_no_flower_twice():
    r = score(NO_KONG, rules="fuzhou", self_drawn=True, flowers=36)
    assert r.legal and {i.key: i.count for i in r.items}["flower"] == 36
    with pytest.raises(ContextConflictError, match="already holds"):
        score("123m456p789s55s23ma+4m", rules="fuzhou", self_drawn=True, flowers="aE")


@pytest.mark.parametrize("name", [n for n in RULESETS if n not in FLOWER_SETS])
def test_sets_without_flowers_refuse_them(name):
    with pytest.raises(ContextError, match="does not use the context keyword 'flowers'"):
        score(NO_KONG, rules=name, self_drawn=True, flowers=1)
    with pytest.raises(TileSetError, match="without flowers|flower"):
        score("123m456p789s55s23ma+4m", rules=name, self_drawn=True)


# --- seats, dealer and seat wind ----------------------------------------------------------------


@pytest.mark.parametrize("name", sets_with("seat_wind"))
def test_seat_wind_must_be_the_winners(name):
    with pytest.raises(ContextConflictError, match="seat_wind='N'.*seat wind is 'E'"):
        score(NO_KONG, rules=name, self_drawn=True, winner="E", dealer="E", seat_wind="N")
    r = score(NO_KONG, rules=name, self_drawn=True, winner="S", dealer="W", seat_wind="N")
    assert r.context["seat_wind"] == "N"


@pytest.mark.parametrize("name", sets_with("heavenly"))
def test_heavenly_is_the_dealers_self_draw_with_nothing_claimed(name):
    with pytest.raises(ContextConflictError, match="heavenly"):
        score(NO_KONG, rules=name, self_drawn=True, winner="S", dealer="E", heavenly=True)
    with pytest.raises(ContextConflictError, match="heavenly"):
        score(NO_KONG, rules=name, winner="E", discarder="S", heavenly=True)
    with pytest.raises(ContextConflictError, match="claimed"):
        score("[123m,1]456p789s55s23m+4m", rules=name, self_drawn=True, heavenly=True)
    assert score(NO_KONG, rules=name, self_drawn=True, heavenly=True).context["heavenly"]


# --- 发混儿: a player who has discarded a wild may not win (Beijing points, basic and new) -----------


@pytest.mark.parametrize("name", ["bj_basic", "bj_new"])
def test_wild_discarded_refuses_the_win(name):
    ok = score(NO_KONG, rules=name, self_drawn=True, wild="9p")
    assert ok.legal
    r = score(NO_KONG, rules=name, self_drawn=True, wild="9p", wild_discarded=True)
    assert not r.legal and r.payments == dict.fromkeys("ESWN", 0)
    zh, en = r.reason
    assert "发混儿" in zh and "不许和" in zh and "discarded a wild" in en
    with pytest.raises(ContextError, match="no tile is wild"):
        score(NO_KONG, rules=name, self_drawn=True, wild_discarded=True)


@pytest.mark.parametrize("name", [n for n in RULESETS if n not in ("bj_basic", "bj_new")])
def test_other_sets_do_not_know_wild_discarded(name):
    with pytest.raises(ContextError, match="does not use the context keyword 'wild_discarded'"):
        score(NO_KONG, rules=name, self_drawn=True, wild_discarded=True)


# --- the error ----------------------------------------------------------------------------------


def test_conflict_is_a_context_error_and_an_invalid_hand():
    with pytest.raises(ContextConflictError) as e:
        score(NO_KONG, rules="hongkong", self_drawn=True, kong=True, flowers=9, seat_wind="N")
    err = e.value
    assert isinstance(err, ContextError) and isinstance(err, InvalidHandError)
    assert len(err.problems) == 3 and err.text == str(as_hand(NO_KONG))
    assert err.to_dict()["type"] == "ContextConflictError"


def test_context_problems_on_a_consistent_context_is_empty():
    assert (
        context_problems(
            as_hand(KONG),
            {"self_drawn": True, "kong": True, "winner": "S", "dealer": "E", "seat_wind": "S", "flowers": 3},
            flower_limit=8,
        )
        == []
    )


# --- the property over every rule set -----------------------------------------------------------

BAD = st.sampled_from([None, 1, 0, "yes", "X", -1, 2.5, (), {"S": 1}, "0m", "a"])
SEAT = st.sampled_from("ESWN")


def _value(c):
    """Good values for one Ctx row (some still contradict the hand or the other keywords)."""
    kind = c.kind
    if kind == "bool":
        return st.booleans()
    if kind == "seat":
        return SEAT
    if kind == "seat?":
        return st.one_of(st.none(), SEAT)
    if kind == "tile?":
        return st.sampled_from([None, "5m", "9p", "2s", "8s", "E", "2m", "4m"])
    if kind == "count":  # a huge count only for flowers: 上楼 10**9 would be 2**10**9
        return st.one_of(st.integers(0, 12), st.just(10**9)) if c.name == "flowers" else st.integers(0, 12)
    if kind == "kongs":
        return st.sampled_from([None, {}, {"W": (1, 0)}, {"N": (0, 1), "S": (2, 0)}, {"E": (1, 1)}])
    if kind == "choice":
        return st.sampled_from(c.choices)
    if kind == "flowers":  # Fuzhou: tiles or a number
        return st.one_of(st.integers(0, 40), st.sampled_from(["EC", "aEEEE", "a", "abcdefgh", "EEEEE"]), st.just(10**9))
    if kind == "units":  # Xi'an side bets
        return st.sampled_from([None, {"S": 2}, {"S": 1, "N": 3}])
    return BAD


@st.composite
def _contexts(draw, rs):
    """A random subset of the set's keywords; the discarder mostly follows self_drawn and winner so
    that the interesting combinations are reached; one context in five may hold bad values or an
    unknown keyword."""
    names = rs.context_names
    bad = draw(st.integers(0, 4)) == 0
    c = {}
    for row in rs.context:
        if draw(st.booleans()) or row.name in ("self_drawn", "kong", "winner"):
            c[row.name] = draw(st.one_of(_value(row), BAD) if bad else _value(row))
    if "discarder" in names and draw(st.integers(0, 9)) > 0:
        c.pop("discarder", None)
        if c.get("self_drawn") is False or "self_drawn" not in c:
            winner = c.get("winner", "E")
            c["discarder"] = draw(st.sampled_from([s for s in "ESWN" if s != winner]))
    if bad and draw(st.booleans()):
        c["nonsense_keyword"] = True
    return c


def _hands(rs):
    hands = [NO_KONG, PAIR_WAIT, KONG, PUNGS_KONG, PUNGS, "[2222m,1][456m,1]789p34s88s+5s"]
    if rs.tiles.flowers != "none":
        hands.append("123m456p789s55s23mabc+4m")
    return st.sampled_from(hands)


def _check_consistent(rs, hand, r):
    c = r.context
    get_ = c.get
    has_kong = any(m.kind is MeldKind.KONG for m in hand.melds)
    if get_("kong") and get_("self_drawn"):
        assert has_kong
    if get_("kong") and not get_("self_drawn"):
        assert not get_("wall_last") and hand.all_counts[hand.win_tile.index] == 1
    if get_("seat_wind") is not None:
        assert get_("seat_wind") == Seat.wind_of(c["winner"], c["dealer"]).letter
    if get_("heavenly"):
        assert c["winner"] == c["dealer"] and c["self_drawn"]
    if get_("after_kong"):
        assert not c["self_drawn"] and not c["kong"]
    for flag in first_turn_of(rs):  # 天和, 地和, 人和, 第一巡: before any claim or kong
        if get_(flag):
            assert not hand.melds and not get_("kong") and not get_("wall_last")
            assert not any(sum(n) for n in (get_("other_kongs") or {}).values())
            assert c["winner"] != c["dealer"] or c["self_drawn"]
    bird = get_("bird")
    if bird is not None:
        assert bird == hand.win_tile if get_("wall_last") else hand.all_counts[bird.index] < 4
    flowers = get_("flowers", 0)
    given = len(flowers[0]) + flowers[1] if isinstance(flowers, tuple) else flowers
    assert len(hand.flowers) + given <= FLOWER_TILES[rs.tiles.flowers]
    # and in what was scored
    names = item_names(r)
    if any("抢杠" in z for z in names):
        assert not any("海底" in z or "妙手" in z for z in names)
    if any(z in names for z in ("杠上开花", "杠上花", "杠后开花", "杠呲")):
        assert has_kong
    flower_items = sum(i.count for i in r.items if i.zh.startswith("花牌"))
    assert flower_items <= FLOWER_TILES[rs.tiles.flowers]
    if r.legal:
        assert sum(r.payments.values()) == 0


@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_contexts_are_refused_or_consistent(name, data):
    rs = RULESETS[name]
    hand = as_hand(data.draw(_hands(rs), label="hand"))
    context = data.draw(_contexts(rs), label="context")
    try:
        r = rs.score(hand, **context)
    except ContextError as e:
        assert str(e)  # it says what is wrong
        if isinstance(e, ContextConflictError):
            assert e.problems and all(p.message for p in e.problems)
        return
    _check_consistent(rs, hand, r)


# --- every keyword of every rule set, given a value of the wrong kind ------------------------------

WRONG_VALUES = [1.5, float("nan"), "x", [], {}, -1, 10**9, True, object()]
RIGHT_FOR_KIND = {"bool": (True,), "kongs": ({},), "flowers": ([],), "units": ({},)}
"""The values of WRONG_VALUES that are right for a kind of keyword: True for a flag, no kongs, no
flowers, no bets."""


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_keyword_refuses_a_wrong_value_with_a_value_error(name):
    """A wrong type, a negative or a huge number: a ValueError naming the problem, never a TypeError
    from deep inside, never a hang (Beijing's 上楼 doubles per level: 10**9 levels never returned),
    and never a score."""
    rs = get(name)
    accepted = []
    for row in rs.context:
        for v in WRONG_VALUES:
            if any(v is r or (type(v) is type(r) and v == r) for r in RIGHT_FOR_KIND.get(row.kind, ())):
                continue
            given = {"winner": "E", "discarder": "S", row.name: v}
            try:
                rs.score(NO_KONG, **given)
            except ValueError as e:
                assert str(e)
                continue
            accepted.append(f"{row.name}={v!r}")
    assert not accepted, f"{name} scored wrong values: {', '.join(accepted)}"


def test_shang_lou_is_bounded():
    with pytest.raises(ContextError, match="shang_lou must be at most 64"):
        score(NO_KONG, rules="beijing", self_drawn=True, shang_lou=10**9)
    assert score(NO_KONG, rules="beijing", self_drawn=True, shang_lou=64).legal


def test_fuzhou_flowers_of_a_wrong_kind():
    for v in (1.5, float("nan"), object()):
        with pytest.raises(ContextError, match="flowers must be tiles"):
            score(NO_KONG, rules="fuzhou", self_drawn=True, flowers=v)


# --- absurd numbers in a context are refused in one line, never a crash while quoting them --------------


@pytest.mark.parametrize("name", ["mcr", *sets_with("flowers")])
@pytest.mark.parametrize("value", [10**4300, 10**30, -1], ids=["4301 digits", "10**30", "-1"])
def test_an_absurd_flower_count_is_refused_in_one_line(name, value):
    import mjlearn as mj

    with pytest.raises((ContextError, InvalidHandError)) as e:
        mj.score(PAIR_WAIT, rules=name, flowers=value, self_drawn=True)
    assert len(str(e.value)) < 400 and "flowers" in str(e.value)
