"""The glossary: its terms, their examples (parsed, and every claimed property checked by the engine),
lookup in three languages, the hover HTML, and that `import mjlearn` does not load it."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

import mjlearn as mj
import mjlearn.terms as G
from mjlearn.terms import THEMES, TermNotFound, annotate, parse_example, term_html

TERMS = list(mj.glossary())
CJK = re.compile(r"[\u4e00-\u9fff]")
TONE = re.compile(r"[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ]")

REQUIRED = [
    "搭子",
    "听",
    "门清",
    "将",
    "雀头",
    "嘴",
    "番",
    "底",
    "混儿",
    "财神",
    "吃",
    "碰",
    "杠",
    "明杠",
    "暗杠",
    "加杠",
    "花",
    "庄",
    "自摸",
    "点炮",
    "抢杠",
    "杠上开花",
    "海底捞月",
    "流局",
    "向听",
    "有效牌",
    "荒庄",
    "东风",
    "南风",
    "西风",
    "北风",
    "万子",
    "筒子",
    "条子",
    "字牌",
    "风牌",
    "箭牌",
    "板板胡",
    "缺一色",
    "六六顺",
    "四喜",
    "满贯",
    "包",
    "跟庄",
    "飘",
    "鸟",
]


def test_at_least_80_terms_and_every_required_one():
    assert len(TERMS) >= 80
    missing = []
    for w in REQUIRED:
        try:
            mj.glossary(w)
        except TermNotFound:
            missing.append(w)
    assert not missing


@pytest.mark.parametrize("t", TERMS, ids=lambda t: t.zh)
def test_every_term_is_complete_and_bilingual(t):
    assert CJK.search(t.zh) and t.en and t.theme in THEMES
    assert TONE.search(t.pinyin), f"{t.zh}: pinyin without tone marks: {t.pinyin}"
    assert CJK.search(t.definition_zh) and len(t.definition_zh) >= 6
    assert not CJK.search(t.definition_en.replace("(", "").split(" ")[0]) and len(t.definition_en) >= 15
    assert re.search(r"[A-Za-z]{3}", t.definition_en)
    text, html = str(t), t._repr_html_()
    assert t.zh in text and t.en in text and t.definition_zh in text and t.definition_en in text
    assert "<div" in html and t.pinyin in html
    assert not repr(t).startswith("Term(")


def test_the_data_file_holds_only_the_fields_the_glossary_reads():
    """terms_data.json is edited by hand: a misspelt field would be dropped without a word."""
    from mjlearn.terms_data import TERMS as ENTRIES

    required = {"zh", "py", "en", "theme", "d_zh", "d_en"}
    known = required | {"alt", "py_alt", "en_alt", "ex", "ex_zh", "ex_en", "check"}
    for entry in ENTRIES:
        assert required <= set(entry) <= known, (entry["zh"], sorted(set(entry) - known), sorted(required - set(entry)))
        for key in ("alt", "py_alt", "en_alt"):
            assert all(isinstance(x, str) for x in entry.get(key, ())), (entry["zh"], key)
    assert len(ENTRIES) == len(TERMS)


@pytest.mark.parametrize("t", TERMS, ids=lambda t: t.zh)
def test_found_by_chinese_pinyin_and_english(t):
    assert mj.glossary(t.zh) is t
    for alias in t.aliases_zh:
        assert mj.glossary(alias).zh in (t.zh, alias) or mj.glossary(alias) is t
    assert mj.glossary(t.pinyin) is t
    assert mj.glossary(G._toneless(t.pinyin)) is t
    assert mj.glossary(G._toneless(t.pinyin).upper()) is t
    assert mj.glossary(t.en) is t
    assert mj.glossary(t.en.upper()) is t


def test_names_are_unambiguous():
    """No Chinese name, pinyin or English name of one term is the headword of another."""
    clashes = []
    for t in TERMS:
        for w in t.aliases_zh:
            other = mj.glossary(w)
            if other is not t:
                clashes.append((w, t.zh, other.zh))
        for w in t.aliases_en:
            if mj.glossary(w) is not t:
                clashes.append((w, t.zh, mj.glossary(w).zh))
    assert not clashes


def test_lookup_examples():
    assert mj.glossary("ting").zh == "听牌"
    assert mj.glossary("tīng").zh == "听牌"
    assert mj.glossary("Dàzi").zh == "搭子"
    assert mj.glossary("hun r").zh == "混儿"
    assert mj.glossary("quetou").zh == "将"
    assert mj.glossary("Robbing the Kong").zh == "抢杠"
    assert mj.glossary("chow").zh == "顺子" and mj.glossary("chow (claim)").zh == "吃"


def test_not_found_is_bilingual_and_lists_close_matches():
    with pytest.raises(LookupError) as e:
        mj.glossary("清一")
    msg = str(e.value)
    assert "术语表里没有" in msg and "is not in the glossary" in msg and "清一色" in msg
    with pytest.raises(TermNotFound) as e:
        mj.glossary("tingpia")
    assert "听牌" in str(e.value) and e.value.matches
    with pytest.raises(TermNotFound) as e:
        mj.glossary("zzzzqqq")
    assert "mj.glossary()" in str(e.value)


# -- examples: parsed, and every claimed property checked by the engine ------------------------------
EXAMPLES = [t for t in TERMS if t.example]


@pytest.mark.parametrize("t", EXAMPLES, ids=lambda t: t.zh)
def test_every_example_parses(t):
    parse_example(t.example)
    assert t.example_zh and t.example_en


def _check(t):
    c, ex = t.check, t.example
    ctx = c.get("ctx", {})
    if "winning" in c:
        return mj.is_winning(ex) == c["winning"]
    if "waits" in c:
        return mj.format_tiles(mj.waits(ex).tiles) == mj.format_tiles(mj.parse_tiles(c["waits"]))
    if "shanten" in c:
        return mj.shanten(ex) == c["shanten"]
    if "mcr" in c:
        return c["mcr"] in [f.fan.zh for f in mj.score(ex, **ctx).fans]
    if "mcr_total" in c:
        return mj.score(ex, **ctx).total == c["mcr_total"]
    if "on_deal" in c:
        from mjlearn.rules.changsha import on_deal

        return c["on_deal"] in [i.zh for i in on_deal(ex, seat="S").items]
    if "rules" in c:
        import mjlearn.rules as R

        return R.score(ex, rules=c["rules"], winner="E", self_drawn=True).legal == c["legal"]
    if "triplets" in c:
        return sum(n >= 3 for n in mj.as_hand(ex).counts) == c["triplets"]
    raise AssertionError(f"{t.zh}: unknown check {c}")


CLAIMS = [t for t in TERMS if t.check]


def test_claims_are_many():
    assert len(CLAIMS) >= 25


@pytest.mark.parametrize("t", CLAIMS, ids=lambda t: t.zh)
def test_every_claim_holds_in_the_engine(t):
    assert _check(t), f"{t.zh}: {t.example} does not show {t.check}"


def test_a_wrong_claim_is_caught():
    """The checker can fail: the Full Flush example is not a Half Flush."""
    t = mj.glossary("清一色")
    fake = type(t)(**{**t.__dict__, "check": {"mcr": "混一色"}})
    assert not _check(fake)


# -- the list ------------------------------------------------------------------------------------
def test_list_displays_grouped_search_and_sort():
    allt = mj.glossary()
    html, text = allt._repr_html_(), str(allt)
    for zh, en in THEMES.values():
        assert zh in html and en in html and zh in text
    assert all(t.zh in html for t in TERMS)
    assert "[" not in repr(allt)[:5] and "Term(" not in repr(allt)
    found = allt.search("wait")
    assert mj.glossary("听牌") in found and len(found) < len(allt)
    assert mj.glossary("海底捞月") in allt.search("laoyue")
    srt = allt.sorted("en")
    assert [t.en.lower() for t in srt] == sorted(t.en.lower() for t in allt)
    assert all(t.theme == "regional" for t in allt.theme("地方规则"))
    with pytest.raises(ValueError):
        allt.sorted("colour")


# -- hoverable terms ----------------------------------------------------------------------------
def test_term_html_is_an_escaped_abbr():
    h = term_html("嘴", text="<b>zui</b>")
    assert h.startswith('<abbr class="mj-term" title="') and h.endswith("</abbr>")
    assert "&lt;b&gt;zui&lt;/b&gt;" in h and "<b>" not in h
    title = re.search(r'title="([^"]*)"', h).group(1)
    assert "&quot;fifteen&quot;" in title and "老北京" in title and "Old Beijing" in title
    assert ">门清<" in term_html("menqing")
    with pytest.raises(TermNotFound):
        term_html("not a term")


def test_annotate_marks_first_occurrences_outside_code():
    out = annotate("`门清` 一手门清的牌，门清。<code>听牌</code> 听牌 <a href='x'>清一色</a>")
    assert out.startswith("`门清`")
    assert out.count('class="mj-term"') == 2
    assert "<code>听牌</code>" in out and "<a href='x'>清一色</a>" in out
    every = annotate("门清，门清", once=False)
    assert every.count("<abbr") == 2
    assert annotate("碰") == "碰" and "<abbr" in annotate("碰", single=True)


# -- import cost, and one meaning of the name whatever was imported first ----------------------------
@pytest.mark.parametrize(
    "code",
    [
        "import mjlearn, sys; assert 'mjlearn.terms' not in sys.modules; "
        "assert mjlearn.glossary('ting').zh == '听牌'; import mjlearn.terms as t; assert t.glossary is mjlearn.glossary",
        "import mjlearn.terms as t, mjlearn as mj; assert mj.glossary is t.glossary and mj.glossary('碰').en.startswith('pung'); "
        "assert len(mj.glossary()) >= 80; from mjlearn.terms import term_html; term_html('碰')",
        "from mjlearn import glossary; print(glossary('番').pinyin)",
    ],
)
def test_glossary_in_a_fresh_interpreter(code):
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env={**os.environ})
    assert p.returncode == 0, p.stderr[-2000:]


def test_annotate_displays_as_html_with_a_plain_text_fallback():
    from IPython.lib.pretty import pretty

    out = annotate("门清的手牌听牌了")
    assert isinstance(out, str) and out._repr_html_() == str(out)
    assert pretty(out) == "门清的手牌听牌了"


def test_annotate_keeps_markdown_emphasis_working():
    """CommonMark opens ``**`` before a letter, not before ``<``: a marked word right after the
    marks would leave them on screen, so that word stays plain and a later use is marked."""
    out = annotate("他是**下家**，下家先摸牌。")
    assert "**<abbr" not in out and "</abbr>**" not in out
    assert out.startswith("他是**下家**，<abbr") and out.count(">下家</abbr>") == 1
