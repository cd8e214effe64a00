"""Differential tests: mjlearn's shanten and waits against PyMahjongGB (the C++ reference).

Seeded and fast: over 20,000 hands in the default run (dealt 13-tile hands, hands with 0-4
melds, 14-tile hands), shanten equal to ``MahjongShanten`` on every one, the five per-form
shanten equal to PyMahjongGB's per-form functions, and the waits of every ready hand equal to the
useful tiles of the forms at shanten 0. Waits are also checked against brute force (every tile
tried with ``is_complete``).
"""

import random
import sys
from pathlib import Path

import MahjongGB  # the reference calculator: a test dependency, never used by the package

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from common import GB_INDEX, gb_counts, gb_hand, random_hands, random_melded_hands, random_winning_hands

from mjlearn.analysis import waits
from mjlearn.shanten_core import form_shanten_of_counts, shanten_of_counts, waits_of_counts
from mjlearn.shapes import is_complete

GB_FORMS = (
    MahjongGB.RegularShanten,
    MahjongGB.SevenPairsShanten,
    MahjongGB.ThirteenOrphansShanten,
    MahjongGB.HonorsAndKnittedTilesShanten,
    MahjongGB.KnittedStraightShanten,
)


def gb_waits(standing) -> list[int]:
    """PyMahjongGB's waits: the useful tiles of every form whose shanten is 0."""
    out = set()
    for f in GB_FORMS:
        try:
            s, useful = f(standing)
        except TypeError:  # the form needs 13 (or 10) standing tiles
            continue
        if s == 0:
            out.update(GB_INDEX[t] for t in useful)
    return sorted(out)


def brute_waits(counts, n_melds) -> list[int]:
    c = list(counts)
    out = []
    for t in range(34):
        c[t] += 1
        if is_complete(c, n_melds):
            out.append(t)
        c[t] -= 1
    return out


def check_ready(counts, n_melds, standing, where):
    ours = waits_of_counts(counts, n_melds)
    assert ours == gb_waits(standing), where
    assert ours == brute_waits(counts, n_melds), where


# --- 13-tile concealed hands ------------------------------------------------------------------------


def test_dealt_hands_shanten_and_waits():
    hands = random_hands(seed=20240, count=12000)
    ready = 0
    for k, c in enumerate(hands):
        standing = gb_counts(c)
        s = shanten_of_counts(c)
        assert s == MahjongGB.MahjongShanten((), standing), (k, standing)
        if s == 0:
            ready += 1
            check_ready(c, 0, standing, (k, standing))
    assert ready > 0


def test_dealt_hands_per_form():
    for k, c in enumerate(random_hands(seed=777, count=2000)):
        standing = gb_counts(c)
        ours = list(form_shanten_of_counts(c).values())
        assert ours == [f(standing)[0] for f in GB_FORMS], (k, standing)


# --- hands with melds ----------------------------------------------------------------------------


def test_melded_hands_shanten_and_waits():
    hands = random_melded_hands(seed=4242, count=6000)
    assert {len(h.melds) for h in hands} == {0, 1, 2, 3, 4}
    ready = 0
    for h in hands:
        packs, standing, _ = gb_hand(h)
        n = len(h.melds)
        s = shanten_of_counts(h.counts, n)
        assert s == MahjongGB.MahjongShanten(packs, standing), str(h)
        if s == 0:
            ready += 1
            check_ready(h.counts, n, standing, str(h))
    assert ready > 0


# --- 14-tile hands: -1 when complete, else the best discard --------------------------------------


def test_fourteen_tile_hands():
    hands = random_melded_hands(seed=99, count=2000, n_tiles=14)
    wins = random_winning_hands(seed=98, count=500)
    for h in hands:
        c = list(h.counts)
        n = len(h.melds)
        packs = gb_hand(h)[0]
        if is_complete(c, n):
            expected = -1
        else:
            expected = min(
                MahjongGB.MahjongShanten(packs, gb_counts(c[:t] + [c[t] - 1] + c[t + 1 :])) for t in range(34) if c[t]
            )
        assert shanten_of_counts(c, n) == expected, str(h)
    for c in wins:
        assert shanten_of_counts(c) == -1


# --- ready hands, many waits, every form ------------------------------------------------------------


def _special_ready_hands(rng: random.Random, count: int):
    """Ready hands of the special forms: seven pairs, thirteen orphans, honors and knitted,
    knitted straight, each with a tile taken out of a complete hand."""
    from mjlearn.shapes import KNITTED_PATTERNS, ORPHAN_INDICES

    out = []
    while len(out) < count:
        kind = rng.randrange(4)
        c = [0] * 34
        if kind == 0:
            for t in rng.sample(range(34), 7):
                c[t] += 2
            if rng.random() < 0.3:  # four of a kind as two pairs
                t = rng.choice([i for i in range(34) if c[i]])
                c[t] += 2
                c[rng.choice([i for i in range(34) if c[i] == 2 and i != t])] -= 2
        elif kind == 1:
            for t in ORPHAN_INDICES:
                c[t] += 1
            c[rng.choice(ORPHAN_INDICES)] += 1
        elif kind == 2:
            pat = rng.choice(KNITTED_PATTERNS)
            for t in rng.sample(list(pat) + list(range(27, 34)), 14):
                c[t] += 1
        else:
            for t in rng.choice(KNITTED_PATTERNS):
                c[t] += 1
            if rng.random() < 0.5:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                for t in (s, s + 1, s + 2):
                    c[t] += 1
            else:
                c[rng.randrange(34)] += 3
            c[rng.randrange(34)] += 2
        if max(c) > 4 or sum(c) != 14:
            continue
        c[rng.choice([i for i in range(34) if c[i]])] -= 1
        out.append(c)
    return out


def test_ready_hands_waits_against_reference_and_brute_force():
    rng = random.Random(5)
    hands = []
    for w in random_winning_hands(seed=6, count=2000):
        c = list(w)
        c[rng.choice([i for i in range(34) if c[i]])] -= 1
        hands.append(c)
    hands += _special_ready_hands(rng, 1000)
    for c in hands:
        standing = gb_counts(c)
        assert shanten_of_counts(c) == MahjongGB.MahjongShanten((), standing) == 0, standing
        check_ready(c, 0, standing, standing)


def test_nine_gates_and_formal_wait_agree_with_reference():
    from mjlearn import parse_hand

    for text in ("1112345678999m", "19m19p19sESWNCFP", "1111m234p567s789s", "1111234567899p"):
        h = parse_hand(text)
        w = waits(h)
        assert [t.index for t in w] == gb_waits(gb_counts(h.counts)), text
