"""The class, widget-message, lite-site and notebook-folder errors show as the learner's error box in
IPython (heading and message in both languages, no traceback), keep their Python base classes, and the
commands that print them still print one readable line and exit with 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from ipython_shell import run_in_shell, shell_env

from mjlearn import errors
from mjlearn.cli import main
from mjlearn.cli_lab import LabError
from mjlearn.db.classes import ClassError, Classroom, parse_due
from mjlearn.errors import MjlearnError
from mjlearn.lite.site import LiteError
from mjlearn.widgets._base import MessageError

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;]*m")
HAN = re.compile(r"[\u4e00-\u9fff]")

# a cell that raises each error the way a learner or teacher meets it, and what the box must say
CELLS = {
    "ClassError": (
        'from mjlearn.db.classes import parse_due\nparse_due("2027-02-30")',
        "班级操作无法完成 · The class cannot do that",
        "there is no such day",
        "没有这一天",
    ),
    "MessageError": (
        'from mjlearn.widgets.strip import TileStrip\nTileStrip("123m").handle({"act": "explode"})',
        "小部件无法执行这个操作 · The widget cannot act on this message",
        "unknown widget action 'explode'",
        "没有 'explode' 这个操作",
    ),
    "LiteError": (
        "from pathlib import Path\nfrom mjlearn.lite import site\nsite._check_site(Path(SITE))",
        "无法生成浏览器版网站 · The browser site cannot be built",
        "does not use its own Pyodide",
        "没有使用自带的 Pyodide",
    ),
    "LabError": (
        'from mjlearn.cli_lab import _prepare_dest\n_prepare_dest("  ")',
        "笔记本文件夹无法使用 · The notebook folder cannot be used",
        "--dir is empty",
        "--dir 为空",
    ),
}


def _env() -> dict:
    return shell_env()


def _ipython(cells: list[str], env: dict | None = None) -> list[str]:
    """What IPython's shell prints for each cell, run in a fresh interpreter, colours taken out."""
    return [ANSI.sub("", s) for s in run_in_shell(cells, env)]


@pytest.fixture
def bad_site(tmp_path) -> Path:
    """A built site whose kernel would fetch Pyodide from elsewhere (what _check_site refuses)."""
    kernel = {"@jupyterlite/pyodide-kernel-extension:kernel": {"pyodideUrl": "https://cdn.example/pyodide.js"}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"litePluginSettings": kernel}}))
    return tmp_path


def test_each_error_shows_the_learner_box_in_ipython(bad_site):
    cells = [code.replace("SITE", repr(str(bad_site))) for code, *_ in CELLS.values()]
    shown = _ipython(cells)
    for (name, (_, heading, en, zh)), out in zip(CELLS.items(), shown):
        assert "Traceback" not in out and "File " not in out and ".py" not in out, (name, out)
        lines = out.strip().splitlines()
        assert lines[0] == heading, (name, out)
        assert any(en in line and not HAN.search(line.split("'")[0]) for line in lines[1:]), (name, out)
        assert any(zh in line for line in lines[1:]), (name, out)
        assert len(lines) <= 4, (name, out)


def test_a_developer_still_gets_the_traceback(bad_site):
    env = _env()
    env[errors.TRACEBACK_ENV] = "1"
    shown = _ipython([code.replace("SITE", repr(str(bad_site))) for code, *_ in CELLS.values()], env)
    for name, out in zip(CELLS, shown):
        assert "Traceback" in out and name in out, (name, out)


def test_the_errors_keep_their_base_classes_and_speak_both_languages(tmp_path):
    assert issubclass(ClassError, ValueError) and issubclass(MessageError, ValueError)
    for cls in (ClassError, MessageError, LiteError, LabError):
        assert issubclass(cls, MjlearnError), cls
    with pytest.raises(ValueError) as e:
        parse_due("March 1st")
    assert isinstance(e.value, ClassError) and "YYYY-MM-DD" in str(e.value) and HAN.search(str(e.value))
    with Classroom(path=tmp_path / "p.db", user="t") as room:
        room.create("c")
        with pytest.raises(ValueError) as e:
            room.add("c", ["ann"], role="pupil")
        assert "role must be learner or teacher" in str(e.value) and "角色" in str(e.value)
        with pytest.raises(ClassError) as e:
            room.assign("c", "no_such_set.json")
        assert str(e.value).count("  （") == 1 and "无法读取题集" in str(e.value)


def test_the_commands_print_one_bilingual_line_and_exit_with_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    runs = [
        (["class", "join", "NOSUCH", "--user", "ann"], "mjlearn class: no class has the code 'NOSUCH'", "请向老师确认"),
        (
            ["class", "add", "nope", "bob", "--user", "t"],
            "mjlearn class: no class named 'nope'",
            "没有名为 'nope' 的班级",
        ),
        (
            ["quiz", "--assignment", "7", "--user", "ann"],
            "mjlearn quiz: assignment #7 is not one of yours",
            "没有这个作业",
        ),
        (["lab", "--dir", str(a_file)], "mjlearn lab: --dir names a file, not a folder", "是文件而不是文件夹"),
        (
            ["lite", "build", "--offline", "--cache", str(tmp_path / "empty"), "--out", str(tmp_path / "out")],
            "mjlearn lite: Pyodide",
            "请联网运行一次 mjlearn lite fetch",
        ),
    ]
    for argv, en, zh in runs:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith(en) and zh in err, (argv, err)
        assert err.count("\n") == 1 and "Traceback" not in err, (argv, err)
        english, sep, chinese = err.strip().rpartition("  （")
        assert sep and chinese.endswith("）") and not HAN.search(english.split("'")[0]), err
