"""The scorer's fast count against its explicit steps, hand by hand.

While the scorer compares readings it counts each regular reading with
``scorer._count_regular`` and :func:`mjlearn.mcr._count.count`; the explanation of the chosen
reading comes from the detectors and :func:`~mjlearn.mcr.principles.count_fans`. Both must give
the same total and the same fans on every hand, under both profiles.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mcr_hands as H  # noqa: E402

from mjlearn.mcr import _count, score  # noqa: E402
from mjlearn.mcr.principles import count_fans  # noqa: E402
from mjlearn.mcr.profiles import get_profile  # noqa: E402


@pytest.mark.parametrize("name", ["mcr", "mcr-wmo2014"])
def test_fast_count_is_the_explicit_count(name):
    prof = get_profile(name)
    tab = _count.tables(prof)
    assert tab                                 # both profiles are counted the fast way
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
        assert fast[2] == explicit[2], hand              # the same form
        # the same parts: a special form has them at once, a counted regular reading when explained
        assert fast[3] == explicit[3] if fast is explicit or fast[2] != "regular" else fast[3] is None, hand
        occ = explicit[4]
        assert _count.count(occ, tab) == count_fans(occ, prof.kernel), hand
    assert regular > 3000


def test_fast_count_scoped_exclusions():
    prof = get_profile("mcr")
    tab = _count.tables(prof)
    for occ in ([(59, (0,)), (73, (0,)), (73, (1,))], [(4, ()), (73, (0,)), (73, (1,))], [(73, (0,))],
                [(4, ()), (73, (0,))], [(59, (0,)), (73, (0,))], [], [(10, (0, 1, 4)), (59, (0,)), (59, (1,)),
                                                                      (73, (0,)), (73, (1,)), (73, (2,))]):
        assert _count.count(occ, tab) == count_fans(occ, prof.kernel), occ
