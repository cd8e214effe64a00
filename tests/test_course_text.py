"""What a learner reads in the executed course: no internal references, both languages, and a real
picture behind every widget.

Each notebook is executed once (``notebook_exec``); the checks read its markdown and its outputs.
Only the appendix notebook "Sources and rulings" may cite documents, option ids and sources.
"""

from __future__ import annotations

import html
import re

import pytest
from notebook_exec import NOTEBOOKS, executed

APPENDIX = "sources"
COURSE = [p for p in NOTEBOOKS if APPENDIX not in p.stem]


def _option_keys() -> set[str]:
    from mjlearn.rules import registry

    keys = set()
    for name in registry.names():
        keys.update(o.key for o in registry.get(name).options)
    return {k for k in keys if "_" in k}


INTERNAL = [
    (re.compile(r"regional\.md"), "cites regional.md"),
    (re.compile(r"mcr_fans\.tsv"), "cites mcr_fans.tsv"),
    (re.compile(r"\bA-[A-Z]{2,4}-\d+"), "cites an option id"),
    (re.compile(r"pymahjonggb", re.IGNORECASE), "names the reference calculator"),
    (
        re.compile(r"\bthe seeds?\b|\bseed (?:document|text|rule)s?\b|\bseeds/", re.IGNORECASE),
        "cites the seed documents",
    ),
    (re.compile(r"§"), "cites a section number"),
    (re.compile(r"\bn\.s\.", re.IGNORECASE), "uses the internal 'n.s.' mark"),
    (re.compile(r"联众|Lianzhong", re.IGNORECASE), "names an online game platform"),
    (
        re.compile(r"基本打法|\b(?:Hebei|Shandong) rules [12]\b|Guobiao room|Popular room|No-fan room"),
        "uses an old variant label",
    ),
    (re.compile(r"mcr-wmo2014|profile="), "shows a scoring profile id (the appendix explains profiles)"),
    (re.compile(r"flowers=…|God of Wealth \d"), "shows a code parameter or an untranslated label"),
]

# The appendix may name the switches, but names its documents as a reader finds them: never the
# project's own files, their tags or the reference calculator as a source.
APPENDIX_INTERNAL = [
    (re.compile(r"regional\.md|mcr_fans\.tsv"), "cites a project file"),
    (re.compile(r"\bA-[A-Z]{2,4}-\d+"), "cites a specification id"),
    (re.compile(r"§"), "cites a section number"),
    (re.compile(r"\bS[0-4]\b|S0[–-]S4"), "cites the internal document tags"),
    (re.compile(r"pymahjonggb|summerinsects", re.IGNORECASE), "names the reference calculator as a source"),
    (re.compile(r"pasted twice|\bseeds?\b", re.IGNORECASE), "describes the documents as the developers' notes do"),
    (re.compile(r"\b[a-z]+_[a-z_]+ = "), "shows an option key with its value"),
]

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{2,}")
# A Python list, dict or tuple, an object's default repr, or a dataclass-style repr; not a hand in
# notation, whose melds also open with "[" ("[234s,1]11456m").
REPR = re.compile(
    r"^\s*(?:[\[{(](?:['\"(\[{]|-?\d+(?:\.\d+)?(?:, |[\]})]))|<[\w.]+ object at 0x|<Figure size |[A-Z]\w*\((?:\w+=|\)))"
)
TAG = re.compile(r"<[^>]+>")
LABEL_TAGS = re.compile(r"<(button|label|caption|h[1-6]|legend|summary)\b[^>]*>(.*?)</\1>", re.DOTALL | re.IGNORECASE)
HEADER_ROW = re.compile(r"<tr\b[^>]*>((?:(?!</tr>).)*?<th\b.*?)</tr>", re.DOTALL | re.IGNORECASE)
# A hand or tiles in notation ("12346789m44sEEE+5m", "[234s,1]") is read the same in both languages.
NOTATION = re.compile(r"(?<!\S)[\[\](),+\-0-9mpszESWNCFPH]*\d[\[\](),+\-0-9mpszESWNCFPH]*(?!\S)")
LANGUAGE_NAMES = {"中文", "English", "EN", "ZH"}


def _markdown(nb) -> list[tuple[int, str]]:
    return [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]


def _outputs(nb):
    for i, c in enumerate(nb.cells):
        if c.cell_type != "code":
            continue
        for o in c.get("outputs", []):
            yield i, o


def _texts(nb) -> list[tuple[int, str, str]]:
    """(cell, where, text) for every piece a learner reads."""
    out = [(i, "markdown", re.sub(r"`[^`]*with_options\([^`]*`", "", s)) for i, s in _markdown(nb)]
    for i, o in _outputs(nb):
        if o.output_type == "stream":
            out.append((i, "printed", o.text))
        elif o.output_type in ("display_data", "execute_result"):
            data = o.get("data", {})
            for mime in ("text/html", "text/markdown", "text/plain"):
                if mime in data:
                    out.append((i, mime, data[mime]))
    return out


def _visible(fragment: str) -> str:
    fragment = re.sub(r"<(style|script)\b.*?</\1>", " ", fragment, flags=re.DOTALL | re.IGNORECASE)
    return html.unescape(TAG.sub(" ", fragment)).strip()


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_no_internal_references(path):
    nb = executed(path)
    keys = _option_keys()
    key_re = re.compile(r"\b(" + "|".join(map(re.escape, sorted(keys))) + r")\b") if keys else None
    found = []
    for i, where, text in _texts(nb):
        for pattern, what in INTERNAL:
            m = pattern.search(text)
            if m:
                found.append(f"cell {i} ({where}) {what}: …{text[max(0, m.start() - 30) : m.end() + 30]!r}…")
        if key_re and (m := key_re.search(text)):
            found.append(f"cell {i} ({where}) shows the option key {m.group(0)!r}")
    assert not found, "\n".join(found)


CARET = re.compile(r"\d\s*\^|\^\s*(?:\(|番|d\b|n\b)")


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_powers_are_written_out(path):
    """ "5 × 2 × 2 = 20", never "5 × 2^2", in the lesson text and in what the rules engine shows. (A quiz
    widget's feedback is the quiz's own wording and is left out here.)"""
    nb = executed(path)
    found = []
    for i, c in enumerate(nb.cells):
        if c.cell_type == "markdown":
            pieces = [("markdown", c.source)]
        elif c.cell_type == "code":
            pieces = []
            for o in c.get("outputs", []):
                data = o.get("data", {})
                if "application/vnd.jupyter.widget-view+json" in data:
                    continue
                pieces += [(o.output_type, o.get("text", ""))] + [
                    (m, data[m]) for m in ("text/html", "text/plain") if m in data
                ]
        else:
            continue
        for where, text in pieces:
            if m := CARET.search(_visible(text) if where != "markdown" else text):
                found.append(f"cell {i} ({where}): …{text[max(0, m.start() - 30) : m.end() + 30]!r}…")
    assert not found, "\n".join(found)


def test_the_appendix_names_its_documents_as_a_reader_finds_them():
    (path,) = [p for p in NOTEBOOKS if APPENDIX in p.stem]
    nb = executed(path)
    found = []
    for i, where, text in _texts(nb):
        if where != "markdown":
            text = _visible(text)
        for pattern, what in APPENDIX_INTERNAL:
            if m := pattern.search(text):
                found.append(f"cell {i} ({where}) {what}: …{text[max(0, m.start() - 30) : m.end() + 30]!r}…")
    assert not found, "\n".join(found)
    shown = " ".join(_visible(t) for _, _, t in _texts(nb))
    assert "《“火拼麻將”規則說明》" in shown and "《老北京传统麻将打法》" in shown  # titles as published


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_widget_has_a_static_picture(path):
    """Outside a widget front end (GitHub, nbviewer, exported HTML) a widget shows its fallback."""
    nb = executed(path)
    empty = []
    for i, o in _outputs(nb):
        data = o.get("data", {})
        if "application/vnd.jupyter.widget-view+json" not in data:
            continue
        fallback = data.get("text/html", "")
        if not (_visible(fallback) or "<svg" in fallback or "<img" in fallback):
            empty.append(f"cell {i}: text/plain {data.get('text/plain', '')[:60]!r}, no HTML picture")
    assert not empty, "\n".join(empty)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_raw_reprs(path):
    nb = executed(path)
    raw = []
    for i, o in _outputs(nb):
        if o.output_type == "stream":
            lines = [ln for ln in o.text.splitlines() if REPR.match(ln)]
            raw += [f"cell {i} printed {ln[:80]!r}" for ln in lines]
        elif o.output_type in ("display_data", "execute_result"):
            data = o.get("data", {})
            if set(data) <= {"text/plain"} and REPR.match(data.get("text/plain", "")):
                raw.append(f"cell {i} shows {data['text/plain'][:80]!r}")
    assert not raw, "\n".join(raw)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_labels_in_both_languages(path):
    """Headings in the lessons, and headers, buttons and captions in the outputs, read in both languages."""
    nb = executed(path)
    one = []
    for i, source in _markdown(nb):
        for line in source.splitlines():
            if (line.startswith("#") and LATIN.search(line) and not CJK.search(line)) or (
                line.startswith("#") and CJK.search(line) and not LATIN.search(line)
            ):
                one.append(f"cell {i} heading {line.strip()[:80]!r}")
        prose = _visible(re.sub(r"```.*?```", " ", source, flags=re.DOTALL))
        if len(prose) > 40 and not (CJK.search(prose) and LATIN.search(prose)):
            one.append(f"cell {i} text in one language: {prose[:80]!r}")
    for i, o in _outputs(nb):
        fragment = o.get("data", {}).get("text/html", "") if o.output_type != "stream" else ""
        labels = [inner for _, inner in LABEL_TAGS.findall(fragment)]
        labels += [
            " ".join(re.findall(r"<th\b[^>]*>(.*?)</th>", row, re.DOTALL | re.IGNORECASE))
            for row in HEADER_ROW.findall(fragment)
        ]
        for inner in labels:
            text = NOTATION.sub(" ", _visible(inner)).strip()
            if text in LANGUAGE_NAMES:
                continue
            if bool(CJK.search(text)) != bool(LATIN.search(text)):
                one.append(f"cell {i} label in one language: {text[:80]!r}")
    assert not one, "\n".join(one)


def test_every_lesson_says_what_it_teaches_and_sums_up():
    missing = []
    for path in COURSE:
        nb = nbformat_cells(path)
        first = " ".join(s for _, s in nb[:3])
        last = " ".join(s for _, s in nb[-4:])
        if not re.search(r"你将学到|What you will learn", first):
            missing.append(f"{path.name}: no 'What you will learn / 你将学到' at the start")
        if not re.search(r"小结|Summary", last):
            missing.append(f"{path.name}: no 'Summary / 小结' at the end")
    assert not missing, "\n".join(missing)


def nbformat_cells(path) -> list[tuple[int, str]]:
    import nbformat

    nb = nbformat.read(path, as_version=4)
    return [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]


def test_lessons_mark_their_glossary_words():
    """Every lesson's first use of a glossary word is hoverable (tools/annotate_lessons.py)."""
    import subprocess
    import sys

    from notebook_exec import ROOT

    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "annotate_lessons.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_lesson_00_says_what_a_set_a_pair_and_the_claim_buttons_are_before_the_first_game():
    """The ladder's first rung comes before the lesson's rules: the text above it says what a set and a
    pair are and what the chow and pung buttons do, in both languages (a newcomer met those words there
    first)."""
    import nbformat

    nb = nbformat.read(next(p for p in NOTEBOOKS if p.name == "00_start_here.ipynb"), as_version=4)
    k = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and "mj.ladder()" in c.source)
    before = html.unescape(
        re.sub(r"<[^>]+>", "", "\n".join(c.source for c in nb.cells[:k] if c.cell_type == "markdown"))
    )
    for words in (
        ("一组是", "三张连号", "三张一样", "一对是两张一样", "吃（", "碰（"),
        ("a set is three in a row", "three alike", "a pair is two alike", "chow (吃", "pung (碰"),
    ):
        missing = [w for w in words if w not in before]
        assert not missing, missing


def test_lesson_15_says_its_result_cell_run_before_answering_is_not_a_result():
    """Run All runs the result cell before a question is answered (a newcomer read its old "0 right, not
    passed yet" as a failed test): the result says "not taken yet", and the text above it says so."""
    import nbformat

    nb = nbformat.read(next(p for p in NOTEBOOKS if p.name == "15_readiness_test.ipynb"), as_version=4)
    k = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and "ReadinessResult" in c.source)
    above = nb.cells[k - 1].source
    assert "还没有作答" in above and "not taken yet" in above
