"""The coach's numbers checked against independent computations.

* useful tiles and shanten of every discard against brute force over the 34 kinds (~100 seeded hands);
* ``win_chance`` against a plain Monte-Carlo written here (shuffle the unseen tiles, play the
  documented policy draw by draw, count the wins worth 8 points or more), on a fixed set of hands,
  within 4 standard errors of the difference;
* MCR wins under 8 points, the context keywords, other rule sets, bad input, display.
"""

from __future__ import annotations

import json
import math
import random

import pytest

import mjlearn as mj
from mjlearn.coaching import after_kong, standing
from mjlearn.errors import ContextError, InvalidHandError, UnknownRuleSetError
from mjlearn.hand import Hand
from mjlearn.shanten_core import shanten_of_counts
from mjlearn.tiles import TILES

# --- useful tiles: brute force ----------------------------------------------------------------------


def _deal(rng: random.Random):
    """A 14-tile hand (sometimes with melds) and some tiles seen, from a shuffled wall."""
    wall = [i for i in range(34) for _ in range(4)]
    rng.shuffle(wall)
    melds = []
    if rng.random() < 0.3:
        for _ in range(rng.randint(1, 2)):
            t = rng.randrange(34)
            if wall.count(t) >= 3:
                for _ in range(3):
                    wall.remove(t)
                melds.append(mj.Meld(mj.MeldKind.PUNG, TILES[t], 1))
    n = 14 - 3 * len(melds)
    hand = Hand(tuple(melds), tuple(TILES[i] for i in wall[:n]))
    seen = [TILES[i] for i in wall[n : n + rng.randint(0, 30)]]
    return hand, seen


def _brute_useful(counts, n_melds, held13, held14, seen_c):
    s = shanten_of_counts(counts, n_melds)
    out = {}
    for t in range(34):
        if held13[t] >= 4 and s != 0:
            continue  # a fifth copy cannot be drawn (a ready hand keeps formal waits)
        counts[t] += 1
        if shanten_of_counts(counts, n_melds) < s:
            out[TILES[t]] = max(0, 4 - held14[t] - seen_c[t])
        counts[t] -= 1
    return s, out


def test_useful_tiles_against_brute_force():
    rng = random.Random(13)
    checked = 0
    for _ in range(100):
        hand, seen = _deal(rng)
        res = mj.coach(hand, seen=seen, draws_left=0)
        seen_c = [0] * 34
        for t in seen:
            seen_c[t.index] += 1
        held14 = list(hand.all_counts)
        kinds = {t.index for t in hand.concealed}
        assert sorted(o.discard.index for o in res) == sorted(kinds)
        for o in res:
            counts = list(hand.counts)
            counts[o.discard.index] -= 1
            held13 = list(held14)
            held13[o.discard.index] -= 1
            s, useful = _brute_useful(counts, len(hand.melds), held13, held14, seen_c)
            assert o.shanten == s, (str(hand), str(o.discard))
            assert dict(o.useful) == useful, (str(hand), str(o.discard))
            assert list(o.useful) == sorted(o.useful, key=lambda t: t.index)
            checked += 1
    assert checked > 900


# --- win chance: an independent plain simulation ----------------------------------------------------


class PlainSim:
    """The documented policy, played draw by draw on shuffled unseen tiles (0/1 per trial)."""

    def __init__(self, hand: Hand, seen_c, ctx):
        self.melds = hand.melds
        self.n = len(hand.melds)
        self.flowers = hand.flowers
        self.held_melds = [0] * 34
        for m in hand.melds:
            for t in m.tiles:
                self.held_melds[t.index] += 1
        self.shown = list(seen_c)
        for m in hand.melds:
            if m.is_exposed:
                for t in m.tiles:
                    self.shown[t.index] += 1
        self.ctx = ctx
        self._sh, self._win, self._waits = {}, {}, {}

    def shanten(self, c):
        k = tuple(c)
        if k not in self._sh:
            self._sh[k] = shanten_of_counts(list(c), self.n)
        return self._sh[k]

    def legal(self, c14, t):
        k = (tuple(c14), t)
        if k not in self._win:
            concealed = [TILES[i] for i in range(34) for _ in range(c14[i])]
            concealed.remove(TILES[t])
            h = Hand(self.melds, tuple(concealed), TILES[t], self.flowers)
            extra = {"last_tile": True} if self.shown[t] >= 3 else {}
            try:
                r = mj.score(h, self_drawn=True, **self.ctx, **extra)
            except InvalidHandError:
                r = mj.score(h, self_drawn=True, **self.ctx)
            self._win[k] = r.is_winning and r.total - r.flowers >= 8
        return self._win[k]

    def waits(self, c13):
        """(legal winning tiles, all winning tiles) of a ready hand, by trying every kind."""
        k = tuple(c13)
        if k not in self._waits:
            legal, allw = [], []
            c = list(c13)
            for t in range(34):
                if c[t] + self.held_melds[t] >= 4:
                    continue
                c[t] += 1
                if self.shanten(c) == -1:
                    allw.append(t)
                    if self.legal(c, t):
                        legal.append(t)
                c[t] -= 1
            self._waits[k] = (legal, allw)
        return self._waits[k]

    @staticmethod
    def connect(c, i):
        n = c[i] * 3
        if i < 27:
            r = i % 9
            for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
                if 0 <= r + d <= 8:
                    n += w * c[i + d]
            if r in (0, 8):
                n -= 1
        return n

    def trial(self, c13, wall, d) -> int:
        c = list(c13)
        s = self.shanten(c)
        left = [0] * 34
        for t in wall:
            left[t] += 1
        for t in wall[:d]:
            left[t] -= 1
            c[t] += 1
            if s == 0:
                if self.shanten(c) == -1 and self.legal(c, t):
                    return 1
                c[t] -= 1
                continue
            if self.shanten(c) >= s:
                c[t] -= 1
                continue
            best = None
            for x in range(34):
                if not c[x]:
                    continue
                c[x] -= 1
                ok = self.shanten(c) == s - 1
                if ok and s - 1 == 0:
                    legal, allw = self.waits(c)
                    rank = (sum(left[y] for y in legal), sum(left[y] for y in allw), -x)
                c[x] += 1
                if ok and s - 1 > 0:
                    rank = (-self.connect(c, x), -x)
                if ok and (best is None or rank > best[0]):
                    best = (rank, x)
            c[best[1]] -= 1
            s -= 1
        return 0


HANDS = [  # (hand, seen, draws left, context): ready, one from ready, two and three from ready
    ("123m456p789s23sEN+E", "", 10, {}),
    ("234m567p678sWWW5sN", "8s", 8, {"seat_wind": "W", "prevalent_wind": "W"}),
    ("1235m456p78sEENC+9s", "EC9s", 12, {}),
    ("12399m567p34567sN", "", 8, {}),
    ("[123m,1]456p789s23sEEN", "1s4s", 9, {}),
    ("2345m3456p2378sSN", "", 14, {"seat_wind": "S"}),
    ("1122m3355p77s99sEN", "EN", 12, {}),
    ("111m234p5678s12sPF", "", 15, {}),
    ("[555p,2]123m789s13sEEN", "", 10, {}),
    ("13579m2468p1355sN", "", 16, {}),
]


@pytest.mark.parametrize("text,seen,draws,ctx", HANDS)
def test_win_chance_against_plain_simulation(text, seen, draws, ctx):
    hand = mj.as_hand(text)
    res = mj.coach(hand, seen=seen, draws_left=draws, **ctx)
    seen_c = [0] * 34
    for t in mj.parse_tiles(seen) if seen else ():
        seen_c[t.index] += 1
    pool = [t for t in range(34) for _ in range(max(0, 4 - hand.all_counts[t] - seen_c[t]))]
    assert res.unseen == len(pool)
    sim = PlainSim(hand, seen_c, ctx)
    rng = random.Random(2026)
    trials = 1500
    for o in list(res)[:2]:  # the best discard and the next one
        c13 = list(hand.counts)
        c13[o.discard.index] -= 1
        wins = 0
        for _ in range(trials):
            wall = pool[:]
            rng.shuffle(wall)
            wins += sim.trial(c13, wall, draws)
        p = wins / trials
        se = math.sqrt(max(p * (1 - p), 1e-4) / trials)
        diff = abs(p - o.win_chance)
        limit = 4 * math.sqrt(se**2 + o.win_chance_error**2)
        assert diff <= limit, (text, str(o.discard), o.method, o.win_chance, o.win_chance_error, p, se)
        if o.method == "exact":
            assert o.win_chance_error == 0 and o.shanten <= 1
        else:
            assert o.shanten >= 2 and o.win_chance_error > 0


# --- MCR: 8 points, and the context ------------------------------------------------------------------


def _option(res, tile):
    return next(o for o in res if str(o.discard) == tile)


def test_mcr_wins_under_8_points_count_for_nothing():
    # ready on 5s (a pair) and 8s (567s): 不求人, 单钓将 or 喜相逢, a wind pung - 6 or 7 points
    for t in ("5s", "8s"):
        r = mj.score(f"234m567p678sWWW5s+{t}", self_drawn=True)
        assert r.is_winning and 0 < r.total < 8
    res = mj.coach("234m567p678sWWW5sN", draws_left=8)
    o = _option(res, "N")
    assert o.shanten == 0 and o.live > 0
    assert o.win_chance == 0 and o.fans == () and o.expected == 0
    assert "under 8 points" in o.note[1] and "8 番" in o.note[0]
    # flowers are not counted toward the 8 points
    assert _option(mj.coach("234m567p678sWWW5sN", draws_left=8, flowers=4), "N").win_chance == 0


def test_context_changes_the_scoring():
    base = _option(mj.coach("234m567p678sWWW5sN", draws_left=8), "N")
    seat = _option(mj.coach("234m567p678sWWW5sN", draws_left=8, seat_wind="W"), "N")
    both_w = _option(mj.coach("234m567p678sWWW5sN", draws_left=8, seat_wind="W", prevalent_wind="W"), "N")
    assert base.win_chance == seat.win_chance == 0
    assert "best 6" in base.note[1] and "best 7" in seat.note[1]
    assert both_w.win_chance > 0.25
    names = [f.en for f in both_w.fans]
    assert "Seat Wind" in names and "Prevalent Wind" in names
    assert all(f.share == 1.0 for f in both_w.fans if f.en in ("Seat Wind", "Prevalent Wind"))
    # exact: two winning kinds (5s and 8s, 3 live each) among 8 draws from the unseen tiles
    n = both_w_unseen = mj.coach("234m567p678sWWW5sN", draws_left=8, seat_wind="W", prevalent_wind="W").unseen
    expect = 1 - math.comb(n - 6, 8) / math.comb(n, 8)
    assert both_w_unseen == 136 - 14
    assert both_w.win_chance == pytest.approx(expect, abs=1e-12)
    # flowers add to the value of a win, not to whether it may be won
    fl = _option(mj.coach("234m567p678sWWW5sN", draws_left=8, seat_wind="W", prevalent_wind="W", flowers=2), "N")
    assert fl.win_chance == pytest.approx(both_w.win_chance)
    assert fl.expected == pytest.approx(both_w.expected + 2 * both_w.win_chance)


def test_seen_tiles_lower_the_chance_and_the_live_counts():
    free = _option(mj.coach("123m456p789s23sEN+E", draws_left=10), "N")
    seen = _option(mj.coach("123m456p789s23sEN+E", draws_left=10, seen={"1s": 2, "4s": 1}), "N")
    assert {str(t): n for t, n in free.useful.items()} == {"1s": 4, "4s": 4}
    assert {str(t): n for t, n in seen.useful.items()} == {"1s": 2, "4s": 3}
    assert seen.win_chance < free.win_chance


def test_other_rule_sets_count_legal_wins_and_expected_value():
    bj = mj.coach("12399m567p34567sN", rules="beijing", draws_left=8)
    assert bj.rules == "beijing" and bj.unit == mj.rules.get("beijing").unit
    best = bj[0]
    assert best.win_chance > 0 and best.expected > 0 and best.unit == bj.unit
    assert best.fans and all(0 < f.share <= 1 for f in best.fans)
    # Changsha plays without honors: they are not among the unseen tiles; its 2-5-8 pair rule
    cs = mj.coach("123m567p345s67s99m1s", rules="changsha", draws_left=8)
    assert cs.unseen == 108 - 14
    o = _option(cs, "1s")
    assert o.shanten == 0 and o.win_chance == 0 and o.note is not None


def test_results_are_seeded_and_sorted():
    a = mj.coach("2345m3456p2378sSN", draws_left=14, seed=3)
    b = mj.coach("2345m3456p2378sSN", draws_left=14, seed=3)
    assert [o.to_dict() for o in a] == [o.to_dict() for o in b]
    keys = [(-o.win_chance, -o.expected) for o in a]
    assert keys == sorted(keys)


# --- from a table -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["mcr", "beijing", "changsha"])
def test_from_table_gives_what_the_seat_can_see(rules):
    from mjlearn.coaching import from_table
    from mjlearn.table import Bot, Table

    table = Table(rules, seed=5)
    bots = [Bot(seed=20 + s) for s in range(4)]
    done = 0
    while table.phase != "over" and done < 2:
        seat = table.turn if table.phase not in ("claim", "rob") else None
        if (
            seat is not None
            and table.phase == "discard"
            and table.tile_count(seat) == 14
            and len(table.ponds[0]) + len(table.ponds[1]) >= 4 * (done + 1)
        ):
            kw = from_table(table, seat)
            own = [0] * 34
            for m in table.melds[seat]:
                if not m.is_concealed:
                    for t in m.tiles:
                        own[t.index] += 1
            for t in TILES[:34]:
                assert kw["seen"].get(t, 0) == table.visible(t) - own[t.index]
            assert kw["draws_left"] == table.live_tiles_left() // 4
            res = mj.coach(**{**kw, "draws_left": min(kw["draws_left"], 5)}, trials=30)
            assert len(res) == len({t.index for t in kw["hand"].concealed})
            done += 1
        if table.phase in ("claim", "rob"):
            last = table.last_discard[0] if table.phase == "claim" else table._robbing[0]
            seat = min(table.pending, key=lambda s: (s - last) % 4)
        bots[seat].act(table, seat)
    assert done == 2


# --- bad input --------------------------------------------------------------------------------------


def test_bad_input_raises_clear_errors():
    with pytest.raises(InvalidHandError, match="14-tile"):
        mj.coach("123m456p789s23sEE")
    with pytest.raises(UnknownRuleSetError, match="unknown rule set"):
        mj.coach("123m456p789s23sEN+E", rules="klingon")
    with pytest.raises(InvalidHandError, match="5 copies of 1s"):
        mj.coach("123m456p789s123sE+E", seen="1s1s1s1s")
    with pytest.raises(InvalidHandError, match="copies of 1s"):
        mj.coach("123m456p789s23sEN+E", seen={"1s": 5})
    with pytest.raises(ContextError, match="set by the coach"):
        mj.coach("123m456p789s23sEN+E", self_drawn=True)
    with pytest.raises(ContextError):
        mj.coach("123m456p789s23sEN+E", dealer_wins=3)
    with pytest.raises(ContextError):
        mj.coach("123m456p789s23sEN+E", seat_wind="X")
    with pytest.raises(InvalidHandError, match="draws_left"):
        mj.coach("123m456p789s23sEN+E", draws_left=-1)
    for e in (InvalidHandError, UnknownRuleSetError, ContextError):
        assert issubclass(e, ValueError)


@pytest.mark.parametrize(
    "call",
    [
        lambda **kw: mj.coach("123m456p789s23sEN+E", **kw),
        lambda **kw: standing("123m456p789s23sEE", **kw),
        lambda **kw: after_kong("1111m456p789s23sEE", "1m", **kw),
    ],
    ids=["coach", "standing", "after_kong"],
)
@pytest.mark.parametrize(
    "absurd, limit",
    [
        ({"trials": 10**6}, "1 to 10,000"),  # ran for minutes two from ready
        ({"trials": 10_001}, "1 to 10,000"),
        ({"draws_left": 10**100}, "0 to 144"),  # was accepted: "10000...0 draws left"
        ({"draws_left": 145}, "0 to 144"),
    ],
)
def test_trials_and_draws_left_have_declared_limits(call, absurd, limit):
    from mjlearn.coaching import MAX_DRAWS_LEFT, MAX_TRIALS

    assert (MAX_TRIALS, MAX_DRAWS_LEFT) == (10_000, 144)
    with pytest.raises(InvalidHandError, match=limit) as e:
        call(**absurd)
    assert len(str(e.value)) < 300 and "（" in str(e.value)  # one short bilingual line, not 100 digits
    call(trials=MAX_TRIALS, draws_left=MAX_DRAWS_LEFT)  # the limits themselves are accepted


def test_an_absurd_trials_is_refused_in_a_fresh_interpreter():
    import subprocess
    import sys

    code = "import mjlearn as mj\ntry:\n    mj.coach('159m258p369s1357z+7z', trials=10**6)\nexcept ValueError as e:\n    print(e)\n"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "trials must be a whole number from 1 to 10,000" in r.stdout, r.stderr[-2000:]


# --- display ----------------------------------------------------------------------------------------


def test_display_and_json():
    res = mj.coach("234m567p678sWWW5sN", draws_left=8, seat_wind="W", prevalent_wind="W")
    html = res._repr_html_()
    assert "<svg" in html and "打出" in html and "Discard" in html and "Chance to win" in html
    assert "和牌机会" in html and "flex-wrap" in html
    text = str(res)
    assert "discard 打 N" in text and "chance to win" in text and "draws left" in text and "Seat Wind" in text
    d = json.loads(json.dumps(res.to_dict()))
    assert d["options"][0]["discard"] == str(res.best.discard)
    assert 0 <= d["options"][0]["win_chance"] <= 1
    one = res.best._repr_html_()
    assert "<svg" in one and "Likely fans" in one and "可能的番种" in one
    zero = mj.coach("234m567p678sWWW5sN", draws_left=8)
    assert "under 8 points" in zero._repr_html_()
    bj = mj.coach("12399m567p34567sN", rules="beijing", draws_left=8)
    assert "Likely scoring items" in bj._repr_html_() and bj.unit[1] in bj._repr_html_()


# --- a kept hand and a kong: the same method ---------------------------------------------------------


@pytest.mark.parametrize(
    "text,tile,seen,draws",
    [
        ("123m456p789s23sEN+E", "N", "", 10),  # ready
        ("1235m456p78sEENC+9s", "C", "EC9s", 12),  # one from ready
        ("2345m3456p2378sSN", "N", "", 14),  # simulated
    ],
)
def test_a_kept_hand_is_rated_as_the_coach_rates_that_discard(text, tile, seen, draws):
    from mjlearn.coaching import standing

    res = mj.coach(text, seen=seen, draws_left=draws)
    o = _option(res, tile)
    h = mj.as_hand(text)
    conc = list(h.concealed) + ([h.win_tile] if h.win_tile else [])
    conc.remove(mj.tile(tile))
    kept = standing(Hand(h.melds, tuple(conc)), seen=seen + tile, draws_left=draws)  # the discard is in sight
    assert kept.shanten == o.shanten and dict(kept.useful) == dict(o.useful)
    assert kept.win_chance == pytest.approx(o.win_chance, abs=1e-12) and kept.method == o.method
    assert kept.unseen == res.unseen and [f.key for f in kept.fans] == [f.key for f in o.fans]


def _independent_ready_chance(hand: Hand, draws: int, ctx=None):
    """A ready 13-tile hand: its winning tiles worth 8 points or more, by trying every kind with the
    scorer, and the exact chance that one of their live copies is among ``draws`` draws."""
    held = hand.all_counts
    n = 136 - sum(held)
    w = 0
    for t in TILES[:34]:
        if held[t.index] >= 4:
            continue
        try:
            r = mj.score(Hand(hand.melds, hand.concealed, t, hand.flowers), self_drawn=True, **(ctx or {}))
        except InvalidHandError:
            continue
        if r.is_winning and r.total - r.flowers >= 8:
            w += 4 - held[t.index]
    return w, 1 - math.comb(n - w, draws) / math.comb(n, draws)


def test_a_concealed_kong_against_an_independent_count():
    from mjlearn.coaching import after_kong

    text = "1111m456p789s23sEE"
    k = after_kong(text, "1m", draws_left=10)
    assert k.kong == "concealed" and str(k.hand.melds[0]) == "[1111m]" and k.draws_left == 11
    w, p = _independent_ready_chance(k.hand, 11)  # the replacement draw and ten more
    assert w == 4 and k.win_chance == pytest.approx(p, abs=1e-12) and k.method == "exact"
    assert "Concealed Kong" in [f.en for f in k.fans]
    assert mj.tile("1m") not in k.useful
    # not konging: the best discard of the 14 tiles; here the kong is far better (1s is worth 8 only with it)
    best = mj.coach(text, draws_left=10).best
    assert k.win_chance > best.win_chance + 0.1


@pytest.mark.parametrize(
    "text,tile,offer,ctx",
    [
        ("[EEE,1]123m456p789s5sE", "E", None, {"seat_wind": "E", "prevalent_wind": "E"}),  # added kong
        ("EEE123m456p789s5s", "E", 2, {"seat_wind": "E", "prevalent_wind": "E"}),  # on a discard
    ],
)
def test_added_and_melded_kongs_against_an_independent_count(text, tile, offer, ctx):
    from mjlearn.coaching import after_kong

    seen = "E" if offer else ""
    k = after_kong(text, tile, offer=offer, seen=seen, draws_left=6, **ctx)
    assert k.kong == ("melded" if offer else "added")
    kong = next(m for m in k.hand.melds if m.kind is mj.MeldKind.KONG)
    assert kong.is_exposed and (kong.is_added_kong == (offer is None))
    w, p = _independent_ready_chance(k.hand, 7, ctx)
    assert w > 0 and k.win_chance == pytest.approx(p, abs=1e-12)
    assert "Melded Kong" in [f.en for f in k.fans]
    assert k.unseen == 136 - 14  # the claimed discard moves from sight into the kong


def test_kong_input_is_checked():
    from mjlearn.coaching import after_kong, standing

    with pytest.raises(InvalidHandError, match="no kong of 2m"):
        after_kong("1111m456p789s23sEE", "2m")
    with pytest.raises(InvalidHandError, match="on a discard"):
        after_kong("111m456p789s23sEE", "1m", offer=5)
    with pytest.raises(InvalidHandError, match="13 tiles"):
        standing("1111m456p789s23sEE")
    d = after_kong("1111m456p789s23sEE", "1m", draws_left=10)
    assert json.loads(json.dumps(d.to_dict()))["kong"] == "concealed"
    assert "after the concealed kong" in str(d) and "暗杠之后" in str(d)


def test_a_kong_one_from_ready_against_the_plain_simulation():
    """The kong's hand with one draw more, played draw by draw by the plain simulation above."""
    from mjlearn.coaching import after_kong

    k = after_kong("1111m456p78s23sEEN", "1m", draws_left=10)
    assert k.shanten == 1 and k.method == "exact" and k.draws_left == 11
    sim = PlainSim(k.hand, [0] * 34, {})
    pool = [t for t in range(34) for _ in range(4 - k.hand.all_counts[t])]
    assert len(pool) == k.unseen
    rng = random.Random(7)
    trials = 2000
    wins = 0
    for _ in range(trials):
        wall = pool[:]
        rng.shuffle(wall)
        wins += sim.trial(list(k.hand.counts), wall, 11)
    p = wins / trials
    se = math.sqrt(max(p * (1 - p), 1e-4) / trials)
    assert k.win_chance > 0.02 and abs(p - k.win_chance) <= 4 * se, (p, k.win_chance)
