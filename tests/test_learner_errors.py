"""A learner's mistake in a cell shows its plain message in both languages, not a Python traceback.

Checked where the learner meets it: a notebook cell executed by a real kernel (nbclient), and IPython's
shell in a fresh interpreter; outside IPython the errors stay ordinary Python exceptions. Every error
class of mjlearn, and every message of the notation, hand and glossary checks, speaks both languages.
"""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from ipython_shell import run_in_shell, shell_env
from nbclient import NotebookClient

import mjlearn as mj
from mjlearn import errors
from mjlearn.errors import (
    BadArgument,
    BadArgumentType,
    ContextConflictError,
    ContextError,
    InvalidHandError,
    MjlearnError,
    NotationError,
    ProgressError,
)
from mjlearn.hand import Hand, Meld, MeldKind, WinContext
from mjlearn.quiz.core import QuizError
from mjlearn.terms import TermNotFound
from mjlearn.tiles import tile

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;]*m")
HAN = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"\b[a-z]{3,}\b")

# The two mistakes of the learner's report, and others a beginner makes in the first lessons.
MISTAKES = {
    'mj.glossary("清一")': ("术语表里没有", "is not in the glossary", "清一色", "qīngyīsè", "full flush"),
    'mj.parse_hand("[234s,1][777p,2][5555m]11mCC+5m")': (
        "5 copies of 5m",
        "五万有 5 张",
        "[234s,1][777p,2][5555m]11mCC+5m",
    ),
    'mj.parse_hand("[EEE,0]123m456p78s+9s")': ("at 6", "第 6 个字符", "says who gave the tile", "谁给的"),
    'mj.parse_hand("123m45")': ("at 5 in '123m45'", "第 5 个字符"),
    "mj.parse_hand(123)": ("text in quotes", "带引号"),
    'mj.glossary().theme("colours")': ("no theme 'colours'", "没有“colours”这个类别"),
    'mj.practice("waits2")': ("这道练习用不了", "unknown topic or kind 'waits2'", "没有叫 'waits2' 的主题"),
    'mj.score("123m456p789s11p23m")': ("has no winning tile", "没有和牌张"),
}


def _bilingual(text: str) -> bool:
    return bool(HAN.search(text)) and bool(LATIN_WORD.search(text))


def _env() -> dict:
    return shell_env()


def _ipython(cells: list[str], env: dict | None = None) -> list[str]:
    """What IPython's shell prints for each cell, run in a fresh interpreter."""
    return run_in_shell(cells, env)


def test_a_notebook_cell_shows_the_message_without_a_traceback(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import mjlearn as mj")] + [
        nbformat.v4.new_code_cell(code) for code in MISTAKES
    ]
    env = _env()
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        NotebookClient(
            nb, timeout=300, kernel_name="python3", allow_errors=True, resources={"metadata": {"path": str(tmp_path)}}
        ).execute()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    assert not nb.cells[0].outputs
    for cell, fragments in zip(nb.cells[1:], MISTAKES.values()):
        errors_shown = [o for o in cell.outputs if o.output_type == "error"]
        assert len(errors_shown) == 1, (cell.source, cell.outputs)
        shown = ANSI.sub("", "\n".join(errors_shown[0].traceback))
        assert "Traceback" not in shown and "File " not in shown and ".py" not in shown, shown
        assert _bilingual(shown.splitlines()[0]), shown  # the heading names the mistake in both languages
        for f in fragments:
            assert f in shown, (f, shown)
        assert errors_shown[0].ename in {
            c.__name__ for c in (TermNotFound, InvalidHandError, NotationError, BadArgumentType, BadArgument, QuizError)
        }


def test_the_glossary_miss_in_ipython_lists_close_matches_in_both_languages():
    shown = [
        ANSI.sub("", s) for s in _ipython(["import mjlearn as mj", 'mj.glossary("清一")', 'mj.glossary("zzzzqqq")'])
    ]
    assert shown[0] == ""
    miss = shown[1]
    assert "Traceback" not in miss and "terms.py" not in miss
    assert "术语表里没有“清一”" in miss and "'清一' is not in the glossary" in miss
    assert "相近的词 Close matches:" in miss
    assert "    清一色  qīngyīsè  —  full flush" in miss.splitlines()
    nothing_close = shown[2]
    assert "mj.glossary()" in nothing_close and "查看全部" in nothing_close and "See every word" in nothing_close


def test_a_developer_can_still_see_the_traceback():
    shown = [
        ANSI.sub("", s)
        for s in _ipython(["import mjlearn as mj", 'mj.glossary("清一")', "%tb verbose", 'mj.parse_hand("123m45")'])
    ]
    assert "Traceback" not in shown[1]
    assert "Traceback" in shown[2] and "terms.py" in shown[2]  # %tb verbose: the whole traceback
    assert "Traceback" not in shown[3]  # and the next error is a learner's box again
    env = _env()
    env[errors.TRACEBACK_ENV] = "1"
    shown = [ANSI.sub("", s) for s in _ipython(["import mjlearn as mj", 'mj.glossary("清一")'], env)]
    assert "Traceback" in shown[1] and "terms.py" in shown[1] and "清一色" in shown[1]


def test_outside_ipython_the_errors_are_ordinary_exceptions():
    done = subprocess.run(
        [sys.executable, "-c", "import mjlearn as mj; mj.parse_hand('[EEE,0]123m')"],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert "Traceback (most recent call last)" in done.stderr
    assert "mjlearn.errors.NotationError: the number 0 after ',' at 6" in done.stderr
    with pytest.raises(ValueError):
        mj.parse_hand("[EEE,0]123m")
    with pytest.raises(LookupError):
        mj.glossary("清一")
    with pytest.raises(TypeError):
        mj.parse_hand(123)


def _error_classes():
    classes = [
        c
        for _, c in inspect.getmembers(errors, inspect.isclass)
        if issubclass(c, BaseException) and c.__module__ == errors.__name__
    ]
    return sorted(classes + [TermNotFound], key=lambda c: c.__name__)


def _sample(cls) -> MjlearnError:
    """An instance of `cls` with a message as the package writes them."""
    if issubclass(cls, ProgressError):
        return cls(
            "/home/learner/.mjlearn/progress.db", "mjlearn progress: the database is damaged", "进度数据库已损坏"
        )
    if cls is TermNotFound:
        return cls("清一", [mj.glossary("清一色")])
    if issubclass(cls, (InvalidHandError, NotationError)) or cls is ContextConflictError:
        return cls(["a problem at 3  （第 3 个字符的问题）"], "123m")
    if issubclass(cls, ContextError):
        return cls("seat_wind must be one of E, S, W, N  （seat_wind 只能是 E、S、W、N）", accepted=("seat_wind",))
    return cls("the value 'x' is not accepted  （不接受 'x'）")


def test_every_error_class_is_a_learner_error_with_a_bilingual_heading():
    classes = _error_classes()
    assert len(classes) >= 17
    for cls in classes:
        assert issubclass(cls, MjlearnError), cls
        zh, en = cls.heading
        assert HAN.search(zh) and not HAN.search(en) and LATIN_WORD.search(en.lower()), cls
        e = _sample(cls)
        render = e._render_traceback_
        lines = [ANSI.sub("", line) for line in render()]
        assert lines[0].startswith(f"{zh} · {en}"), (cls, lines)
        assert _bilingual("\n".join(lines[1:])), (cls, lines)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Meld(MeldKind.CHOW, tile("8m")),
        lambda: Meld(MeldKind.CHOW, tile("E")),
        lambda: Meld(MeldKind.PUNG, tile("a")),
        lambda: Meld(MeldKind.PUNG, "5m"),
        lambda: Meld(MeldKind.CHOW, tile("1m"), 5),
        lambda: Meld(MeldKind.PUNG, tile("1m"), 4),
        lambda: Meld(MeldKind.KONG, tile("1m"), 4),
        lambda: Hand(("[123m]",), ()),
        lambda: Hand((), ("5m",)),
        lambda: Hand((), tuple(mj.parse_tiles("123m456p789s11sEE")), "E"),
        lambda: Hand((), tuple(mj.parse_tiles("123m456p789s11sEE")), tile("a")),
        lambda: mj.parse_hand("[123m][456m][789m][123p][456p]E+E"),
        lambda: mj.parse_hand("123m456p789sEEN"),
        lambda: mj.parse_hand("123m456p789sEEN+N"),
        lambda: mj.parse_hand("11111m22223333p"),
        lambda: mj.parse_hand("aa123m456p789s11sEE"),
        lambda: WinContext(self_drawn=1),
        lambda: WinContext(seat_wind="X"),
        lambda: WinContext(flowers=9),
    ],
)
def test_every_hand_problem_speaks_english_then_chinese(make):
    with pytest.raises(InvalidHandError) as e:
        make()
    for p in e.value.problems:
        english, sep, chinese = p.message.partition("  （")
        assert sep and english and chinese.endswith("）"), p.message
        assert not HAN.search(english.split("(")[0]), english
        assert HAN.search(chinese), chinese
    assert "offer digit" not in str(e.value)


def test_a_non_text_hand_is_a_bilingual_type_error():
    for call in (lambda: mj.parse_hand(5), lambda: mj.as_hand(5), lambda: mj.parse_tiles(None)):
        with pytest.raises(TypeError) as e:
            call()
        assert isinstance(e.value, BadArgumentType) and _bilingual(str(e.value)), e.value


def test_the_glossary_refusals_are_bilingual():
    for call in (lambda: mj.glossary().theme("colours"), lambda: mj.glossary().sorted("stroke")):
        with pytest.raises(ValueError) as e:
            call()
        assert isinstance(e.value, BadArgument) and _bilingual(str(e.value)), e.value


def test_a_move_the_table_refuses_shows_its_two_sentences():
    from mjlearn.table.state import IllegalActionError

    e = IllegalActionError("There is no discard to pung now.", "现在没有可以碰的牌。")
    assert isinstance(e, MjlearnError) and isinstance(e, ValueError)
    assert str(e) == "There is no discard to pung now. / 现在没有可以碰的牌。"
    lines = [ANSI.sub("", line) for line in e._render_traceback_()]
    assert lines == [
        "现在不能这样做 · This move is not allowed now",
        "  There is no discard to pung now.",
        "  现在没有可以碰的牌。",
    ]
