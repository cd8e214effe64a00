"""README.md and TEACHERS.md say exactly what to type: every command line that runs mjlearn names the
command where the install puts it (.venv/bin/mjlearn), every extra they install exists, every quiz
set they name is shipped, the export columns they list are the export's, and every `mjlearn` command
line they give parses."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest
import tomllib

from mjlearn.cli import build_parser
from mjlearn.quiz.progress import EXPORT_COLUMNS

ROOT = Path(__file__).resolve().parents[1]
DOCS = {name: (ROOT / name).read_text(encoding="utf-8") for name in ("README.md", "TEACHERS.md")}


def _code_lines(text: str):
    """Lines of fenced code blocks (not the >>> session) and inline `code` spans."""
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.DOTALL):
        for line in block.splitlines():
            if not line.startswith((">>>", "...")):
                yield line.split("  #")[0].strip()
    for span in re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.DOTALL)):
        yield span.strip()


def _is_name(rest: str) -> bool:
    """`mjlearn lab`, `mjlearn class add` in a sentence: the command's name, not a line to type."""
    return re.fullmatch(r"[a-z]+(?: [a-z/]+)?", rest.strip()) is not None and "-" not in rest


def _commands(text: str):
    for line in _code_lines(text):
        m = re.search(r"(?:^|\s)((?:\S*/)?mjlearn)\s+(lab|score|quiz|tiles|lite|export|class)\b(.*)$", line)
        if m:
            yield m.group(1), f"{m.group(2)}{m.group(3)}", line


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_every_mjlearn_command_is_written_where_the_install_puts_it(doc):
    """A beginner copies the line: bare `mjlearn ...` was `command not found` after the README's install."""
    found = list(_commands(DOCS[doc]))
    assert found
    bare = [line for exe, rest, line in found if exe != ".venv/bin/mjlearn" and not _is_name(rest)]
    assert bare == [], f"{doc}: write these as .venv/bin/mjlearn: {bare}"
    assert sum(exe == ".venv/bin/mjlearn" for exe, _, _ in found) >= 5


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_every_documented_command_line_parses(doc):
    parser = build_parser()
    for _, rest, line in _commands(DOCS[doc]):
        if _is_name(rest) or any(w in rest for w in ("FILE", "NAME", "CODE", "ID", "LESSON", "FOLDER", "...", "[")):
            continue  # a pattern, not a line to type
        words = shlex.split(rest.replace("~", "/home/x"))
        try:
            parser.parse_args(words)
        except SystemExit as e:
            assert e.code == 0, f"{doc}: {line!r} does not parse"


def test_every_bootstrap_command_the_docs_give_exists():
    """`python3 tools/bootstrap.py check` in the README is a subcommand the script has, with its extras."""
    spec = importlib.util.spec_from_file_location("mjlearn_bootstrap_docs", ROOT / "tools" / "bootstrap.py")
    bootstrap = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bootstrap)
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    named = {m for text in DOCS.values() for m in re.findall(r"tools/bootstrap\.py (?:--reinstall )?([a-z]+)", text)}
    assert named >= {"lab", "test", "check"}, named
    assert named <= set(bootstrap.EXTRAS), f"the docs name {sorted(named - set(bootstrap.EXTRAS))}"
    assert all(set(bootstrap.EXTRAS[c]) <= extras for c in named)


def test_every_extra_the_docs_install_exists():
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    named = set()
    for text in DOCS.values():
        for group in re.findall(r"pip install -e '\.\[([a-z,]+)\]'", text):
            named.update(group.split(","))
        assert not re.search(r"pip install \"?mjlearn\[", text), "a clone is installed with -e '.[extra]'"
    assert named >= {"class", "dashboard", "hub", "lite"} and named <= extras
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(d.startswith("voila") for d in deps["dashboard"]) and any(d.startswith("voila") for d in deps["hub"])


def test_the_quiz_sets_the_docs_name_are_shipped():
    shipped = {p.name for p in (ROOT / "notebooks" / "quiz_sets").iterdir()}
    named = set()
    for text in DOCS.values():
        named.update(re.findall(r"\b([a-z0-9_]+\.(?:json|toml))\b", text))
    own = {"week1.json", "hands.jsonl", "results.json", "pyproject.toml"}  # the teacher's own files, not shipped
    own.add("server.json")  # the school server's settings file, in the guide's table of what lives where
    assert named - own <= shipped and "week1_tiles_and_waits.json" in named


def test_the_export_columns_the_teachers_guide_lists_are_the_exports():
    text = DOCS["TEACHERS.md"]
    part = text[text.index("Its columns:") : text.index("A damaged database is salvaged")]
    listed = [c for c in re.findall(r"`([a-z_]+)`", part) if c in EXPORT_COLUMNS or re.fullmatch(r"[a-z]+", c)]
    columns = [c for c in listed if c in EXPORT_COLUMNS]
    assert columns == list(EXPORT_COLUMNS), columns
