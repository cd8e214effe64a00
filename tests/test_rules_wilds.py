"""Wild decomposition: readings with jokers and what each wild stood for."""

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjlearn.notation import parse_hand
from mjlearn.rules.wilds import (
    _group_fills,
    _group_shapes,
    shape_complete,
    substitutions,
    waits_with_wilds,
    wild_readings,
)
from mjlearn.shapes import is_complete, readings


def test_substitution_recorded_per_part():
    [w] = wild_readings("123m456m79m55s111s+5p", "5p")
    assert str(w.reading) == "123m 456m 789m 111s 55s"
    assert [list(map(str, p)) for p in w.wilds] == [[], [], ["8m"], [], []]


def test_natural_use_is_recorded_as_itself():
    ws = wild_readings("123m456m789m5p5s11s+1s", "5p")
    # 5p can stand for itself only if the hand is complete that way; here it must be a 1s or 5s
    subs = {tuple(map(str, w.substitutions)) for w in ws}
    assert ("1s",) in subs or ("5s",) in subs
    nat = wild_readings("123m456m789m55p1s5p+1s", "5p")
    assert any(w.substitutions and all(str(t) == "5p" for t in w.substitutions) for w in nat)


def test_no_wild_gives_the_plain_readings():
    h = "2233445566778p+8p"
    assert len(wild_readings(h, None)) == len(readings(h))


def test_four_wilds_any_arrangement_quick():
    assert wild_readings("5555p123m456m78mE+E", "5p")


def test_waits_with_wilds():
    assert {str(t) for t in waits_with_wilds("12346789mEEE44s+5m", None)} == {"5m"}
    assert {str(t) for t in waits_with_wilds("12346789m5pEEE4s+5m", "5p")} == {"4s", "5m", "5p"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 26), min_size=14, max_size=14))
def test_one_wild_completes_iff_some_substitution_does(idx):
    counts = [0] * 34
    for i in idx:
        counts[i] += 1
    assume(max(counts) <= 4)
    from mjlearn.notation import format_tiles
    from mjlearn.tiles import TILES

    tiles = [TILES[i] for i in sorted(idx)]
    wild = tiles[0]
    hand = parse_hand(format_tiles(tiles[:-1]) + "+" + str(tiles[-1]))
    subs = substitutions(hand, wild)
    for s in subs:
        c = list(hand.counts)
        c[wild.index] = 0
        for t in s:
            c[t.index] += 1
        assert is_complete(c) and max(c) <= 4
    if is_complete(hand.counts):
        assert subs  # the wilds standing for themselves is one substitution


# --- exactness: the decomposition against a brute-force oracle over all 34 kinds ------------------

import random
from itertools import combinations_with_replacement

from mjlearn.notation import format_tiles
from mjlearn.rules import score
from mjlearn.rules import wilds as wilds_module
from mjlearn.rules.wilds import complete_with_wilds, fills
from mjlearn.shapes import KNITTED_PATTERNS, ORPHAN_INDICES
from mjlearn.tiles import TILES


def brute_fills(counts, j, n_melds, limits):
    """The oracle: try every multiset of j kinds out of the 34 and keep those that complete."""
    c = list(counts)
    out = set()
    for combo in combinations_with_replacement(range(34), j):
        for i in combo:
            c[i] += 1
        if all(c[i] <= limits[i] for i in combo) and is_complete(c, n_melds):
            out.add(combo)
        for i in combo:
            c[i] -= 1
    return out


def _complete_counts(rng, n_melds, honors=True):
    """A random complete concealed part (34 counts) in a random form."""
    kinds = 34 if honors else 27
    while True:
        c = [0] * 34
        form = rng.random() if honors else 1.0
        if n_melds == 0 and form < 0.12:
            for i in rng.sample(range(kinds), 7):
                c[i] += 2
            if rng.random() < 0.3:  # a quad as two pairs
                i = next(k for k in range(34) if c[k])
                c[i] += 2
                c[next(k for k in range(33, -1, -1) if c[k] == 2)] -= 2
        elif n_melds == 0 and form < 0.17:
            for i in ORPHAN_INDICES:
                c[i] += 1
            c[rng.choice(ORPHAN_INDICES)] += 1
        elif n_melds == 0 and form < 0.22:  # honors and knitted
            pat = rng.choice(KNITTED_PATTERNS)
            for i in rng.sample(list(pat) + list(range(27, 34)), 14):
                c[i] += 1
        elif n_melds <= 1 and form < 0.3:  # knitted straight
            for i in rng.choice(KNITTED_PATTERNS):
                c[i] += 1
            if n_melds == 0:
                c[rng.randrange(kinds)] += 3
            c[rng.randrange(kinds)] += 2
        else:
            for _ in range(4 - n_melds):
                if rng.random() < 0.5:
                    c[rng.randrange(kinds)] += 3
                else:
                    b, r = rng.choice((0, 9, 18)), rng.randrange(7)
                    for k in range(3):
                        c[b + r + k] += 1
            c[rng.randrange(kinds)] += 2
        if max(c) <= 4 and sum(c) + 3 * n_melds == 14:
            return c


def _oracle_case(seed, j):
    """A random hand with j jokers: a complete hand with j tiles taken out (often perturbed, so
    some have no completion), random melds and meld-limits."""
    rng = random.Random(seed)
    m = rng.choice((0, 0, 0, 1, 2, 3))
    c = _complete_counts(rng, m)
    if rng.random() < 0.3:
        i = rng.choice([k for k in range(34) if c[k]])
        c[i] -= 1
        c[rng.randrange(34)] += 1
    tiles = [i for i in range(34) for _ in range(c[i])]
    for i in rng.sample(tiles, j):
        c[i] -= 1
    limits = [4] * 34
    for _ in range(m):
        k = rng.randrange(34)
        limits[k] = max(0, limits[k] - rng.choice((1, 3)))
    if any(c[i] > limits[i] for i in range(34)):
        limits = [max(limits[i], c[i]) for i in range(34)]
    return c, j, m, limits


ORACLE_CASES = [(seed, j) for j, n in ((1, 40), (2, 40), (3, 12), (4, 4)) for seed in range(n)]


@pytest.mark.parametrize("seed,j", ORACLE_CASES)
def test_fills_equal_brute_force(seed, j):
    counts, j, m, limits = _oracle_case(1000 * j + seed, j)
    assert set(fills(counts, j, m, limits)) == brute_fills(counts, j, m, limits)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(60))
def test_fills_equal_brute_force_long(seed):
    for j in (3, 4):
        counts, j, m, limits = _oracle_case(77_000 + 100 * j + seed, j)
        assert set(fills(counts, j, m, limits)) == brute_fills(counts, j, m, limits)


@pytest.mark.parametrize(
    "hand,wild",
    [
        ("123m456m11pEEE55s+5s", "5s"),  # three wilds: any set, e.g. 789m or a dragon pung
        ("19m19p19sESWNC5s5s+5s", "5s"),  # thirteen orphans with wilds
        ("147m258p369sESW5s+5s", "5s"),  # honors and knitted / knitted straight
        ("[777p]1234m99sE5s5s5s+5s", "5s"),  # four wilds beside a meld
        ("1122m3344p67sE9p9p+9p", "9p"),  # seven pairs
    ],
)
def test_substitutions_are_every_completion_and_readings_record_them(hand, wild):
    h = parse_hand(hand)
    natural, j = wilds_module.split_wilds(h, TILES[next(i for i in range(34) if str(TILES[i]) == wild)])
    limits = wilds_module._limits(h, None)
    subs = substitutions(h, wild)
    assert {tuple(t.index for t in s) for s in subs} == brute_fills(natural, j, len(h.melds), limits)
    wr = wild_readings(h, wild)
    assert {tuple(sorted(t.index for t in w.substitutions)) for w in wr} == {tuple(t.index for t in s) for s in subs}
    for w in wr:  # the stand-ins sit in parts holding those tiles
        concealed = [t.index for p in w.reading.parts if not p.is_declared for t in p.tiles]
        c = list(natural)
        for t in w.substitutions:
            c[t.index] += 1
        assert sorted(concealed) == sorted(i for i in range(34) for _ in range(c[i]))
        for part, stood in zip(w.reading.parts, w.wilds):
            for t in set(stood):
                assert stood.count(t) <= part.tiles.count(t)


def test_wilds_only_sets_reach_any_tile():
    subs = {" ".join(map(str, s)) for s in substitutions("123m456m11pEEE55s+5s", "5s")}
    for expected in ("7m 8m 9m", "C C C", "P P P", "9s 9s 9s", "1p 2p 3p", "5s 5s 5s"):
        assert expected in subs
    # a pair anywhere: two wilds beside four complete sets (but not E: that would be five)
    pairs = {s for s in substitutions("123m456p789sEEE5s+5s", "5s") if s[0] is s[1]}
    assert {s[0] for s in pairs} == set(TILES[:34]) - {TILES[27]}


def test_limits_count_melds_and_natural_tiles():
    # three 9p melded: one more 9p may stand in (789p), never two
    subs = {tuple(map(str, s)) for s in substitutions("[999p]123m456m11s5s5s+5s", "5s")}
    assert ("7p", "8p", "9p") in subs and ("1s", "1s", "1s") not in subs  # 11s natural: no fifth 1s
    assert ("1s", "2s", "3s") in subs and ("5s", "5s", "5s") in subs
    assert all(s.count("9p") <= 1 for s in subs)


def test_complete_with_wilds_agrees_with_fills():
    rng = random.Random(3)
    for _ in range(30):
        counts, j, m, limits = _oracle_case(rng.randrange(10**6), rng.choice((1, 2, 3)))
        assert complete_with_wilds(counts, j, m, limits) == bool(brute_fills(counts, j, m, limits))


def test_too_many_jokers_is_a_clear_error():
    with pytest.raises(ValueError, match="at most 4 wilds"):
        fills([1] * 9 + [0] * 25, 5)


def test_waits_never_count_a_fifth_wild():
    # all four wilds in hand: the wild kind itself is no wait (there is no fifth copy)
    w = waits_with_wilds("4789m67p55s6666sW+5m", "6s")
    assert TILES[18 + 5] not in w


# --- the variants now score the best reading (the old search tried only tiles near the natural ones)


@pytest.mark.parametrize(
    "rules,hand,ctx,total,must",
    [
        # Beijing 混儿: three wilds as 789m make 一条龙 (old: 111m, 2 番)
        ("beijing", "123456m11pEEE55s+5s", dict(winner="S", self_drawn=True, wild="5s"), 4, "yitiaolong"),
        ("beijing", "123456m11pEEE5s5s+5s", dict(winner="S", discarder="E", wild="5s"), 3, "yitiaolong"),
        # Huopin 财神: three wilds as a pung of white dragons make 大三元 (old: 30 fans)
        ("huopin", "123m99p55sCCCFFF+9p", dict(winner="S", self_drawn=True, wild="9p"), 109, "dasanyuan"),
        # Beijing points: four wilds as 6789p make the straight (old: 111p 123p 345p, ×2 only)
        ("bj_basic", "1234445p444468s+7s", dict(winner="S", self_drawn=True, wild="4s"), None, "straight"),
    ],
)
def test_best_reading_needs_far_wilds(rules, hand, ctx, total, must):
    r = score(hand, rules=rules, **ctx)
    assert r.legal
    keys = {i.key for i in r.items}
    if rules == "huopin":
        keys = {i.en.lower().replace(" ", "") for i in r.items} | {i.zh for i in r.items}
        assert "大三元" in keys
    else:
        assert must in keys
    if total is not None:
        assert r.total == total


def _brute_substitutions(hand, wild, *, n_melds=None):
    h = parse_hand(hand) if isinstance(hand, str) else hand
    from mjlearn.tiles import tile

    w = None if wild is None else tile(wild)
    natural, j = wilds_module.split_wilds(h, w)
    m = len(h.melds) if n_melds is None else n_melds
    return [tuple(TILES[i] for i in f) for f in sorted(brute_fills(natural, j, m, wilds_module._limits(h, w)))]


def _wild_hand(rng, j, honors):
    while True:
        c = _complete_counts(rng, 0, honors)
        wild = rng.randrange(27)
        if c[wild]:
            continue
        tiles = [i for i in range(34) for _ in range(c[i])]
        for i in rng.sample(tiles, j):
            c[i] -= 1
        c[wild] += j
        tiles = [TILES[i] for i in range(34) for _ in range(c[i])]
        win = tiles.pop(rng.randrange(len(tiles)))
        return format_tiles(tiles) + "+" + str(win), str(TILES[wild])


@pytest.mark.parametrize("rules,honors", [("beijing", True), ("huopin", True), ("bj_basic", True), ("fuzhou", False)])
def test_variants_score_as_well_as_a_brute_force_reading(rules, honors, monkeypatch):
    """Scored with the exact search, a wild hand gets the same result as with the readings of every
    substitution over the 34 kinds (the brute force)."""
    rng = random.Random(sum(map(ord, rules)))
    cases = [_wild_hand(rng, j, honors) for j in (3, 3, 3, 4)]
    exact = [score(h, rules=rules, winner="S", self_drawn=True, wild=w) for h, w in cases]
    monkeypatch.setattr(wilds_module, "substitutions", _brute_substitutions)
    for (h, w), r in zip(cases, exact):
        b = score(h, rules=rules, winner="S", self_drawn=True, wild=w)
        assert (r.legal, r.total, r.payments) == (b.legal, b.total, b.payments), h


@pytest.mark.parametrize("seed", range(12))
def test_waits_equal_trying_every_tile(seed):
    """waits_with_wilds (one more joker) against trying each of the 34 tiles with the brute force."""
    rng = random.Random(500 + seed)
    j = seed % 3  # 0-2 wilds (3 makes the oracle slow)
    c = _complete_counts(rng, 0)
    tiles = [i for i in range(34) for _ in range(c[i])]
    for i in rng.sample(tiles, 1 + j):  # one tile out (the wait), j made wild
        c[i] -= 1
    wild = next(i for i in range(27) if not c[i])
    c[wild] += j
    hand = parse_hand(format_tiles([TILES[i] for i in range(34) for _ in range(c[i])]))
    natural = list(c)
    natural[wild] = 0
    expected = set()
    for x in range(34):
        if x == wild:
            if j + 1 <= 4 and brute_fills(natural, j + 1, 0, [4] * 34):
                expected.add(TILES[x])
            continue
        if natural[x] + 1 > 4:
            continue
        natural[x] += 1
        if brute_fills(natural, j, 0, [4] * 34):
            expected.add(TILES[x])
        natural[x] -= 1
    assert set(waits_with_wilds(hand, TILES[wild])) == expected


# --- one solver: the table's quick test agrees with the search it replaced -------------------------


def _old_standard_with_jokers(counts: tuple, jokers: int, need_pair: bool) -> bool:
    """The table's own search before it used the rules' per-group decomposition (kept as an oracle)."""
    for i, n in enumerate(counts):  # noqa: B007 - the first tile held is used after the loop
        if n:
            break
    else:
        rest = jokers - (2 if need_pair else 0)
        return rest >= 0 and rest % 3 == 0
    c = list(counts)
    take = min(n, 3)
    if 3 - take <= jokers:
        c[i] -= take
        if _old_standard_with_jokers(tuple(c), jokers - (3 - take), need_pair):
            return True
        c[i] += take
    if need_pair:
        take = min(n, 2)
        if 2 - take <= jokers:
            c[i] -= take
            if _old_standard_with_jokers(tuple(c), jokers - (2 - take), False):
                return True
            c[i] += take
    if i < 27:
        rank = i % 9
        for start in (i - 2, i - 1, i):
            if start < i - rank or start % 9 > 6:
                continue
            used = 0
            taken = []
            for j in (start, start + 1, start + 2):
                if j >= i and c[j] > 0:
                    c[j] -= 1
                    taken.append(j)
                else:
                    used += 1
            if used <= jokers and i in taken and _old_standard_with_jokers(tuple(c), jokers - used, need_pair):
                return True
            for j in taken:
                c[j] += 1
    return False


def _old_complete_with_wild(counts, n_melds, wild, shapes) -> bool:
    if sum(counts) + 3 * n_melds != 14:
        return False
    if wild is None or not counts[wild]:
        if shapes == "five_forms":
            return is_complete(counts, n_melds)
        if shapes.endswith("seven_pairs") and n_melds == 0 and all(n % 2 == 0 for n in counts):
            return True
        return _old_standard_with_jokers(tuple(counts), 0, True)
    c = list(counts)
    jokers = c[wild]
    c[wild] = 0
    if n_melds == 0 and shapes != "standard":
        if sum(n % 2 for n in c) <= jokers:
            return True
    return _old_standard_with_jokers(tuple(c), jokers, True)


def _near_complete_hands(rng, n: int):
    """``n`` random (counts, n_melds, wild): a complete shape, then a few tiles changed and a few
    turned into the wild kind, so that about half still win."""
    sets = [(i, i, i) for i in range(34)] + [(b + r, b + r + 1, b + r + 2) for b in (0, 9, 18) for r in range(7)]
    out = []
    while len(out) < n:
        m = rng.randrange(5)
        c = [0] * 34
        if m == 0 and rng.random() < 0.3:
            for i in rng.sample(range(34), 7):
                c[i] += 2
        else:
            for _ in range(4 - m):
                for i in rng.choice(sets):
                    c[i] += 1
            c[rng.randrange(34)] += 2
        for _ in range(rng.choice((0, 0, 1, 2))):  # spoil it a little
            held = [i for i in range(34) if c[i]]
            c[rng.choice(held)] -= 1
            c[rng.randrange(34)] += 1
        wild = rng.choice((None, rng.randrange(34)))
        if wild is not None:
            for _ in range(rng.randrange(5)):  # natural tiles drawn as wilds
                held = [i for i in range(34) if c[i] and i != wild]
                if held:
                    c[rng.choice(held)] -= 1
                    c[wild] += 1
        if max(c) <= 4:
            out.append((tuple(c), m, wild))
    return out


def test_table_quick_test_is_the_old_search_on_a_large_sample():
    rng = random.Random(11)
    wins = 0
    for counts, m, wild in _near_complete_hands(rng, 6000):
        for shapes in ("standard", "standard+seven_pairs", "five_forms"):
            got = shape_complete(counts, m, wild, shapes)
            assert got is _old_complete_with_wild(counts, m, wild, shapes), (counts, m, wild, shapes)
            wins += got
    assert 3000 < wins < 15000  # the sample holds winning and losing hands alike
    # a fifth copy of a kind through a joker is allowed in the quick test (the rule set judges it)
    c = parse_hand("1111m234p567p789sC").counts
    assert shape_complete(c, 0, 31, "standard") is _old_complete_with_wild(c, 0, 31, "standard") is True


def test_group_shapes_are_the_group_fills_without_stand_ins():
    rng = random.Random(5)
    for _ in range(1500):
        chows = rng.random() < 0.75
        n = 9 if chows else 7
        counts = [0] * n
        for _ in range(rng.randrange(12)):
            k = rng.randrange(n)
            if counts[k] < 4:
                counts[k] += 1
        budget = rng.randrange(5)
        fills = {(w, s, p) for w, s, p, _ in _group_fills(tuple(counts), chows, budget)}
        assert _group_shapes(tuple(counts), chows, budget) == fills, (counts, chows, budget)
