"""The starter fans: the committed frequency table is what tools/starter_fans.py measures (its first
hands replayed), the starter set follows its stated rule, and lessons 07 and 07b teach the fans in the
table's order, with lesson 07's practice set aimed at the starter fans. The fan index keeps the
official order."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from mjlearn.course import fan_order
from mjlearn.course.fan_order import (
    DATA,
    MORE_LESSON,
    SHARE,
    STARTER_LESSON,
    lesson_order,
    measured,
    more_fans,
    starter_fans,
)
from mjlearn.mcr import FANS, fan
from mjlearn.mcr.sheets import fan_index_html
from mjlearn.quiz import grade, solve
from mjlearn.quiz.quizset import load_quiz_set

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def _tool():
    """tools/starter_fans.py as a module (loaded from its file: tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("starter_fans", ROOT / "tools" / "starter_fans.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_records_how_it_was_measured():
    d = json.loads(DATA.read_text(encoding="utf-8"))
    assert set(d) == {"about", "level", "hands", "first_seed", "wins", "counts", "combos", "check"}
    assert d["level"] == "strong" and d["first_seed"] == 0 and d["hands"] >= 500
    assert 0 < d["wins"] <= d["hands"]
    ids = {f.id for f in FANS}
    assert all(int(k) in ids and 0 < v <= d["wins"] for k, v in d["counts"].items())
    assert sum(n for _, n in d["combos"]) == d["wins"]  # each win's fans, once
    for k, v in d["counts"].items():  # the counts are the wins holding each fan
        assert v == sum(n for fans, n in d["combos"] if int(k) in fans)
    check = d["check"]
    assert 0 < check["hands"] < d["hands"] and all(v <= d["counts"][k] for k, v in check["counts"].items())


def test_replaying_the_first_hands_gives_the_committed_figures():
    check = measured()["check"]
    wins, counts, combos = _tool().play(check["hands"])
    assert wins == check["wins"] > 0
    assert {str(k): v for k, v in sorted(counts.items())} == check["counts"]
    assert sum(combos.values()) == wins


def test_the_starter_set_is_every_fan_in_one_win_in_ten():
    d = measured()
    counts = {int(k): v for k, v in d["counts"].items()}
    start = starter_fans()
    assert start == [f for f in lesson_order(counts) if counts.get(f, 0) >= SHARE * d["wins"]]
    assert 8 <= len(start) <= 20  # "about a dozen"
    shares = [counts[f] / d["wins"] for f in start]
    assert shares == sorted(shares, reverse=True) and min(shares) >= SHARE
    assert max(counts.get(f, 0) for f in more_fans()) < SHARE * d["wins"]
    assert sorted(start + more_fans()) == sorted(f.id for f in FANS)


def _sections(name: str) -> list[tuple[int, str, str]]:
    """(fan, heading cell, the code cell after it) for each fan section of a lesson, in order."""
    cells = nbformat.read(NOTEBOOKS / name, as_version=4).cells
    out = []
    for i, c in enumerate(cells):
        m = re.match(r'<a id="fan-(\d+)"></a>', c.source) if c.cell_type == "markdown" else None
        if m:
            out.append((int(m.group(1)), c.source, cells[i + 1].source))
    return out


@pytest.mark.parametrize("name, fans", [(STARTER_LESSON, starter_fans), (MORE_LESSON, more_fans)])
def test_the_lessons_teach_the_fans_in_the_tables_order(name, fans):
    got = _sections(name)
    assert [f for f, _, _ in got] == fans()
    for fid, heading, show in got:
        f = fan(fid)
        assert heading == f'<a id="fan-{fid}"></a>\n### {fid} · {f.zh} {f.en} · {f.points} 番 point' + (
            "s" if f.points > 1 else ""
        )
        assert show == f"show({fid})"


def test_order_lessons_puts_moved_sections_back(tmp_path):
    for name in (STARTER_LESSON, MORE_LESSON):
        shutil.copy(NOTEBOOKS / name, tmp_path / name)
    nb = nbformat.read(tmp_path / STARTER_LESSON, as_version=4)
    first = next(i for i, c in enumerate(nb.cells) if c.source.startswith('<a id="fan-'))
    nb.cells[first : first + 4] = nb.cells[first + 2 : first + 4] + nb.cells[first : first + 2]  # swap two
    more = nbformat.read(tmp_path / MORE_LESSON, as_version=4)
    last = max(i for i, c in enumerate(more.cells) if c.source.startswith('<a id="fan-'))
    moved = more.cells[last : last + 2]
    del more.cells[last : last + 2]
    at = next(i for i, c in enumerate(nb.cells) if c.source.startswith('<a id="fan-'))
    nb.cells[at:at] = moved  # a rare fan wandered into lesson 07
    nbformat.write(nb, tmp_path / STARTER_LESSON)
    nbformat.write(more, tmp_path / MORE_LESSON)
    tool = _tool()
    assert tool.order_lessons(tmp_path) == [STARTER_LESSON, MORE_LESSON]
    assert tool.sections(nbformat.read(tmp_path / STARTER_LESSON, as_version=4)) == starter_fans()
    assert tool.sections(nbformat.read(tmp_path / MORE_LESSON, as_version=4)) == more_fans()
    assert tool.order_lessons(tmp_path) == []  # in order now: nothing written


def test_the_practice_set_is_aimed_at_each_starter_fan():
    path = NOTEBOOKS / "quiz_sets" / "starter_fans.json"
    assert path.read_text(encoding="utf-8") == _tool().practice_set()
    qs = load_quiz_set(path)
    assert len(qs) == len(starter_fans())
    for q, fid in zip(qs, starter_fans()):
        assert q.kind == "fans" and fid in solve(q)  # graded by the engine
        assert grade(q, solve(q)).correct


def test_the_fan_index_keeps_the_official_order_and_links_across_the_two_lessons():
    html = fan_index_html(freq=fan_order.frequencies(), href=lambda i: fan_order.fan_link(i, STARTER_LESSON))
    links = re.findall(r'<a href="([^"]*)">(\d+)\. ', html)
    assert [int(n) for _, n in links] == sorted(
        (f.id for f in FANS), key=lambda i: (i == 82, -fan(i).points, i)
    )  # by points, then number
    for target, n in links:
        n = int(n)
        assert target == (f"#fan-{n}" if n in starter_fans() else f"{MORE_LESSON}#fan-{n}")


def test_the_script_prints_the_frequency_table_and_the_starter_set(tmp_path):
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "starter_fans.py"), "--hands", "3", "--check", "1"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("3 hands (seeds 0-2), four 'strong' players,")
    assert re.match(r"\s+# fan\s+pts\s+wins\s+share", lines[1])
    assert re.match(r"\s+1\*?\d+\. \S+ .+\s+\d+\s+\d+\s+\d+\.\d%$", lines[2])
    assert any(line.startswith("starter set (*,") for line in lines)
    assert (
        not (tmp_path / "mjlearn").exists()
        and DATA.read_text(encoding="utf-8") == json.dumps(measured(), ensure_ascii=False, separators=(",", ":")) + "\n"
    )  # without --write nothing is stored


def test_the_botzone_games_are_a_second_opinion():
    text = _tool().botzone_text(ROOT / "tests" / "data" / "botzone" / "games.txt.gz", starter_fans())
    lines = text.splitlines()
    assert re.match(r"Botzone's judge, \d+ games of games\.txt\.gz, \d+ wins", lines[0])
    assert len(lines) == len(starter_fans()) + 2
    assert re.match(r"  \d+ of the \d+ fans most frequent there are starter fans", lines[-1])
