"""The scorer's fast count against its explicit steps, hand by hand.

While the scorer compares readings it counts each regular reading with
:func:`mjlearn.mcr.counting.count_regular` and :func:`mjlearn.mcr._count.count`; the explanation of the chosen
reading comes from the detectors and :func:`~mjlearn.mcr.principles.count_fans`. Both must give
the same total and the same fans on every hand, under both profiles.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mcr_hands as H

from mjlearn.mcr import _count, score
from mjlearn.mcr.principles import count_fans
from mjlearn.mcr.profiles import get_profile


@pytest.mark.parametrize("name", ["mcr", "mcr-wmo2014"])
def test_fast_count_is_the_explicit_count(name):
    prof = get_profile(name)
    tab = _count.tables(prof)
    assert tab  # both profiles are counted the fast way
    regular = 0
    for hand, ctx in H.random_cases(3000, seed=71) + H.targeted_cases(3000, seed=72):
        r = score(hand, profile=prof, **ctx)
        if not r.is_winning:
            continue
        fast = r._raw[0]
        explicit = r._candidate
        regular += fast is not explicit
        assert (fast[0], fast[1]) == (explicit[0], explicit[1]), hand
        assert list(fast[1].items()) == list(explicit[1].items()), hand
        assert fast[2] == explicit[2], hand  # the same form
        # the same parts: the knitted-straight hand has them at once, a counted reading (regular
        # or another special form) when explained
        assert fast[3] == explicit[3] if fast is explicit else fast[3] is None, hand
        assert fast is explicit or fast[2] in ("regular", "seven_pairs", "honors_and_knitted", "thirteen_orphans"), hand
        occ = explicit[4]
        assert _count.count(occ, tab) == count_fans(occ, prof.kernel), hand
    assert regular > 3000


def test_fast_count_scoped_exclusions():
    prof = get_profile("mcr")
    tab = _count.tables(prof)
    for occ in (
        [(59, (0,)), (73, (0,)), (73, (1,))],
        [(4, ()), (73, (0,)), (73, (1,))],
        [(73, (0,))],
        [(4, ()), (73, (0,))],
        [(59, (0,)), (73, (0,))],
        [],
        [(10, (0, 1, 4)), (59, (0,)), (59, (1,)), (73, (0,)), (73, (1,)), (73, (2,))],
    ):
        assert _count.count(occ, tab) == count_fans(occ, prof.kernel), occ


def test_context_pretest_never_skips_a_conflict():
    """The scorer calls the context checker only when its quick test says a conflict is possible:
    over hands and every combination of the four flags, whenever the checker finds a problem the
    quick test must have said so (and it must let some contexts through, or it tests nothing)."""
    from itertools import product

    from mjlearn import parse_hand
    from mjlearn.consistency import context_problems
    from mjlearn.hand import WinContext
    from mjlearn.mcr.scorer import _may_conflict

    cases = H.random_cases(1500, seed=41) + H.targeted_cases(1500, seed=42)
    cases += [("[1111m][2222p]123s456s5p+5p", {}), ("123m456p789s11pEE+E", {}), ("[EEE,1]123m456p789s5p+5p", {})]
    flagged = clear = 0
    for text, _ in cases:
        hand = parse_hand(text)
        for self_drawn, kong, wall_last, last_tile in product((False, True), repeat=4):
            wc = WinContext(self_drawn=self_drawn, kong=kong, wall_last=wall_last, last_tile=last_tile)
            if not (wc.kong or wc.last_tile):
                continue
            maybe = _may_conflict(hand, wc, hand.win_tile.index)
            if context_problems(hand, wc):
                assert maybe, (text, wc)
                flagged += 1
            elif not maybe:
                clear += 1
    assert flagged > 1000 and clear > 1000


def _fold_invariance(name, chow_sets, pung_sets):
    """The scorer caches the fans of a set of chows or pungs under its suits in a canonical order:
    those fans must not change when the suits are swapped."""
    from itertools import permutations

    from mjlearn.mcr.counting import chow_occ, patterned, pung_occ
    from mjlearn.mcr.records import MIDDLE_CODE

    tab = _count.tables(get_profile(name))
    perms = list(permutations(range(3)))
    for combo in chow_sets:
        got = {_count.fold(chow_occ([MIDDLE_CODE[9 * p[i // 7] + i % 7] for i in combo]), tab.bits) for p in perms}
        assert len(got) == 1, (name, combo, got)
    for combo in pung_sets:
        got = set()
        for p in perms:
            pat = patterned([9 * p[t // 9] + t % 9 if t < 27 else t for t in combo])
            got.add(_count.fold(pung_occ(pat), tab.bits) if pat else (0, ()))
        assert len(got) == 1, (name, combo, got)


@pytest.mark.parametrize("name", ["mcr", "mcr-wmo2014"])
def test_chow_and_pung_fans_do_not_depend_on_which_suit(name):
    import random
    from itertools import combinations, combinations_with_replacement

    rnd = random.Random(7)
    chows = [c for n in (2, 3, 4) for c in combinations_with_replacement(range(21), n)]
    pungs = [c for n in (2, 3, 4) for c in combinations(range(34), n)]
    _fold_invariance(name, rnd.sample(chows, 600), rnd.sample(pungs, 1500))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["mcr", "mcr-wmo2014"])
def test_chow_and_pung_fans_do_not_depend_on_which_suit_all_sets(name):
    from itertools import combinations, combinations_with_replacement

    _fold_invariance(
        name,
        [c for n in (2, 3, 4) for c in combinations_with_replacement(range(21), n)],
        [c for n in (2, 3, 4) for c in combinations(range(34), n)],
    )
