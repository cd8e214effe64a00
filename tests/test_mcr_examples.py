"""Every fan has its own example in which the engine counts it, and a near miss one change away in
which it does not, with a sentence naming what is missing."""

from __future__ import annotations

import pytest

from mjlearn.mcr import FANS, score
from mjlearn.mcr.examples import (
    CHANGES,
    EXAMPLES,
    apply_change,
    describe_change,
    example,
    near_miss,
    near_miss_sentence,
)

IDS = [f.id for f in FANS]


def test_every_fan_has_an_example_and_a_change():
    assert sorted(EXAMPLES) == IDS and sorted(CHANGES) == IDS


def test_no_two_fans_share_an_example():
    seen = {}
    for fid, ((hand, ctx), _) in EXAMPLES.items():
        key = (hand, tuple(sorted(ctx.items())))
        assert key not in seen, f"fans {seen.get(key)} and {fid} share the example {hand}"
        seen[key] = fid


@pytest.mark.parametrize("fid", IDS)
def test_example_counts_the_fan(fid):
    hand, ctx, res = example(fid)
    assert res.is_winning and fid in res.fan_counts(), (hand, ctx, [f.en for f in res.fans])


@pytest.mark.parametrize("fid", IDS)
def test_near_miss_is_one_change_away_and_lacks_the_fan(fid):
    (hand, ctx), (miss, mctx) = EXAMPLES[fid]
    assert apply_change(hand, ctx, CHANGES[fid]) == (miss, mctx)
    _, _, res = near_miss(fid)
    assert fid not in res.fan_counts()
    # the sentence names the change and the fan, in both languages, and the change is real words
    fan = next(f for f in FANS if f.id == fid)
    en, zh = near_miss_sentence(fid, "en"), near_miss_sentence(fid, "zh")
    assert fan.en in en and fan.zh in zh and describe_change(CHANGES[fid], ctx, "en") in en
    assert "_" not in en and "{" not in en and "None" not in en


def test_most_near_misses_still_win():
    winning = sum(near_miss(fid)[2].is_winning for fid in IDS)
    assert winning >= 70


@pytest.mark.parametrize(
    "change, expect",
    [
        (("tile", "5s", "6s"), ("123456789m23p56s+4p", {})),
        (("win", "4p", "1p"), ("123456789m23p55s+1p", {})),
        (("ctx", "self_drawn", True), ("123456789m23p55s+4p", {"self_drawn": True})),
        (("expose", "[123m,1]"), ("[123m,1]456789m23p55s+4p", {})),
    ],
)
def test_apply_change(change, expect):
    assert apply_change("123456789m23p55s+4p", {}, change) == expect


def test_conceal_and_meld_changes():
    assert (
        apply_change("[2222s][888m][6666m,1]6668s+7s", {}, ("conceal", "[6666m,1]"))[0]
        == "[2222s][888m][6666m]6668s+7s"
    )
    assert (
        apply_change("[FFF,3][PPP,1][CCC,3][WWW,3]S+S", {}, ("meld", "[FFF,3]", "[EEE,3]"))[0]
        == "[EEE,3][PPP,1][CCC,3][WWW,3]S+S"
    )
    # the changed hand scores: a concealed pung made claimed loses Concealed Hand
    assert 62 not in score(*apply_change("567m22678p56678s+7s", {}, ("expose", "[567m,1]"))[:1]).fan_counts()


def test_the_fans_notebook_has_an_anchor_and_a_section_per_fan():
    import re
    from pathlib import Path

    import nbformat

    folder = Path(__file__).resolve().parent.parent / "notebooks"  # the starter fans, then the others
    cells = [
        c for name in ("07_the_81_fans.ipynb", "07b_more_fans.ipynb") for c in nbformat.read(folder / name, 4).cells
    ]
    md = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    calls = [c.source for c in cells if c.cell_type == "code" and re.fullmatch(r"show\(\d+\)", c.source)]
    assert sorted(calls) == sorted(f"show({f.id})" for f in FANS)  # every fan once (the order: test_starter_fans)
    for f in FANS:
        assert re.search(
            rf'<a id="fan-{f.id}"></a>\n### {f.id} · {re.escape(f.zh)} {re.escape(f.en)} · {f.points} 番', md
        )


def test_a_fan_excluded_by_itself_is_explained_without_repeating_the_name():
    r = score("112233m123p789s5p+5p")
    same = [x for x in r.excluded if x.fan.id == x.because_of.id]
    assert same
    for x in same:
        en = x.explain("en")
        assert en.startswith("A second Mixed Double Chow") and "123m 123p" in en
        assert "not counted: Mixed Double Chow" not in en
        assert x.explain("zh").startswith("不计第二个喜相逢")
