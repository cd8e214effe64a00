"""The teacher's dashboard (mjlearn/dashboard.py) on the sample class and on a small class of known
answers, and the learner's list of assignments."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from class_answers import retried_class

from mjlearn.dashboard import Dashboard, assignment, my_assignments, open_dashboard
from mjlearn.db.classes import Classroom, assignment_tag
from mjlearn.quiz import generate, grade, solve, wrong_answer


@pytest.fixture
def small(tmp_path, monkeypatch):
    """Class k: ann answers the assignment right, bob leaves out a fan in a fan question."""
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("MJLEARN_DB", raising=False)
    with Classroom(user="t") as room:
        room.create("k")
        room.add("k", ["ann", "bob"])
        aid = room.assign("k", "week1_tiles_and_waits.json")
    with Classroom(user="ann") as room:
        for q in room.quiz_set(aid):
            room.store.record(q, solve(q), grade(q, solve(q)), quiz=assignment_tag(aid))
    with Classroom(user="bob") as room:
        q = generate("fans", seed=3)
        room.store.record(q, wrong_answer(q), grade(q, wrong_answer(q)), quiz="practice:fans")
    with Classroom(user="t") as room:
        return Dashboard(room.report("k")), aid, q


@pytest.fixture
def retried(tmp_path, monkeypatch):
    """Class r of a 10-question assignment: ann answers all ten right once; bob answers four questions
    in seven tries (Q1 wrong then right, Q2 wrong twice, Q3 right, Q4 wrong then right); cy nothing."""
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("MJLEARN_DB", raising=False)
    aid, qs = retried_class("r", teacher="t")
    with Classroom(user="t") as room:
        return Dashboard(room.report("r")), aid, qs


def test_counts_are_questions_not_tries(retried):
    dash, aid, _qs = retried
    bob = {e["user"]: e for e in dash.report["learners"]}["bob"]["by_assignment"][str(aid)]
    assert (bob["questions"], bob["questions_answered"], bob["questions_right"], bob["tries"]) == (10, 4, 3, 7)
    assert not bob["done"]
    comp = dash.completion()
    assert "answered 4 of 10 questions, 3 right (7 tries)" in comp.text
    assert re.search(r"<b>bob</b> 4/10 题<", comp.html) and re.search(r"<b>ann</b> 10/10 题 ✓", comp.html)
    assert "not yet: bob 4 of 10, cy 0 of 10" in comp.text
    hist = dash.history("bob")
    assert "答了 4 题 questions, 答对 3 题 right (7 次作答 tries)" in hist.text
    from mjlearn.db.classes import report_json, report_text

    text = report_text(dash.report)
    assert "bob: answered 4 of 10 questions, 3 right (7 tries) / 答了 4/10 题，答对 3 题（作答 7 次）" in text
    assert "cy: answered 0 of 10 questions" in text
    data = json.loads(report_json(dash.report))
    assert {e["user"]: e for e in data["learners"]}["bob"]["by_assignment"][str(aid)]["questions_answered"] == 4


def test_class_report_counts_questions_in_a_fresh_interpreter(retried, tmp_path):
    """``mjlearn class report`` (text and --json) as a teacher runs it."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, MJLEARN_DATA_DIR=str(tmp_path))
    env.pop("MJLEARN_DB", None)
    run = [sys.executable, "-m", "mjlearn", "class", "report", "r", "--user", "t"]
    p = subprocess.run(run, capture_output=True, text=True, env=env, timeout=180)
    assert p.returncode == 0, p.stderr
    assert "bob: answered 4 of 10 questions, 3 right (7 tries)" in p.stdout
    p = subprocess.run([*run, "--json"], capture_output=True, text=True, env=env, timeout=180)
    bob = {e["user"]: e for e in json.loads(p.stdout)["learners"]}["bob"]
    assert (bob["questions"], bob["tries"]) == (4, 7)
    assert bob["by_topic"]["tiles"]["name"] == "牌与记法 Tiles and notation"


def test_per_question_view(retried):
    dash, aid, qs = retried
    view = dash.questions(aid)
    items = dash.report["per_question"][str(aid)]
    assert [it["n"] for it in items] == list(range(1, 11))
    # Q2: bob wrong twice, ann right: 1 of 2 answered right; nobody else missed more often
    assert (items[1]["answered"], items[1]["right"]) == (2, 1)
    assert items[1]["learners"]["bob"]["tries"] == 2 and not items[1]["learners"]["bob"]["correct"]
    assert "最常答错 Missed most: 第 2 题 Q2" in view.text
    blocks = re.findall(r"<div id='mj-q\d+-(\d+)' class='mj-dash-question'.*?</table></div>", view.html, re.DOTALL)
    assert blocks == [str(n) for n in range(1, 11)]
    q2 = re.search(r"<div id='mj-q\d+-2' class='mj-dash-question'.*?</table></div>", view.html, re.DOTALL).group(0)
    assert "⚑ 最常答错 missed most" in q2
    from mjlearn.dashboard.questions import answer_text
    from mjlearn.quiz.core import reveal

    _solution, why = reveal(qs[1])
    assert "正确答案 Correct answer: " in q2 and why[0][1].split()[0] in q2  # the engine's explanation
    assert "<svg" in q2  # the question (its tile or hand) drawn with the tile art
    bob_row = re.search(r"<tr><td[^>]*>bob</td>.*?</tr>", q2, re.DOTALL).group(0)
    assert answer_text(qs[1], wrong_answer(qs[1])) in bob_row and "✗" in bob_row and "为什么错 why wrong" in bob_row
    assert ">2</td>" in bob_row  # two tries
    assert re.search(r"<tr><td[^>]*>cy</td><td[^>]*>未作答 not answered", q2)
    q1 = re.search(r"<div id='mj-q\d+-1' class='mj-dash-question'.*?</table></div>", view.html, re.DOTALL).group(0)
    assert re.search(r"<tr><td[^>]*>bob</td>.*?✓", q1, re.DOTALL)  # right at the second try: right
    assert "Q4" in view.text and "not an assignment" in dash.questions(99).text


def test_history_shows_the_hand_and_the_answer(retried):
    dash, _aid, qs = retried
    hist = dash.history("bob")
    from mjlearn.dashboard.questions import answer_text

    waits = next(q for q in qs if q.kind == "waits")
    ann = dash.history("ann")
    assert answer_text(waits, solve(waits)) in ann.text
    assert ann.html.count("<svg") >= 10  # each row's question drawn (hands and tiles)
    assert "回答 Answer" in hist.html and answer_text(qs[1], wrong_answer(qs[1])) in hist.text


def test_csv_columns_and_topics_are_named_in_both_languages(retried, tmp_path):
    dash, _aid, _qs = retried
    dash.export(tmp_path / "r.csv")
    raw = (tmp_path / "r.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # a spreadsheet reads it as UTF-8
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert list(rows[0]) == [
        "学员 learner",
        "主题 topic",
        "答题数 questions answered",
        "答对题数 questions right",
        "作答次数 tries",
        "掌握度 mastery",
    ]
    topics = {r["主题 topic"] for r in rows}
    assert "牌与记法 Tiles and notation" in topics and not topics & {"tiles", "hands", "waits"}
    bob = [r for r in rows if r["学员 learner"] == "bob"]
    assert sum(int(r["答题数 questions answered"]) for r in bob) == 4
    assert sum(int(r["作答次数 tries"]) for r in bob) == 7


def test_the_download_link_is_a_button_with_the_file(retried, tmp_path):
    import base64

    dash, _aid, _qs = retried
    part = dash.export(tmp_path / "r.csv")
    link = re.search(
        r"<a class='mj-download' download='r.csv' href='data:text/csv;base64,([^']+)' style='([^']+)'", part.html
    )
    assert link and "border-radius" in link.group(2) and "background" in link.group(2)
    assert base64.b64decode(link.group(1)) == (tmp_path / "r.csv").read_bytes()


def test_parts_show_the_computed_figures(small):
    dash, _aid, q = small
    heat = dash.heatmap()
    assert "ann: tiles 100%, hands 100%, waits 100%, fans –" in heat.text  # ann never tried a fan question
    assert re.search(
        r"<td[^>]*><b>ann</b></td>(<td[^>]*>100%</td>){3}<td[^>]*background:#eee[^>]*>–</td></tr>", heat.html
    )
    assert "bob: " in heat.text and "fans 0%" in heat.text
    comp = dash.completion()
    assert "1/2" in comp.html and "bob 0 of 10" in comp.text.split("not yet:")[1]
    missed = dash.missed()
    left_out = set(solve(q)) - set(wrong_answer(q))
    names = {o["id"]: o["en"] for o in q.data["options"]}
    assert all(names[f] in missed.text for f in left_out)
    assert "Which fans?: 1 / 1" in missed.text
    hist = dash.history("bob")
    assert "practice (fans)" in hist.text and "✗" in hist.text
    assert "not in this class" in dash.history("zed").text


def test_export_csv_and_json(small, tmp_path):
    dash, aid, _q = small
    dash.export(tmp_path / "k.csv")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "k.csv").read_text(encoding="utf-8-sig"))))
    assert {(r["学员 learner"], r["主题 topic"]) for r in rows} >= {
        ("ann", "牌与记法 Tiles and notation"),
        ("bob", "国标番种 The MCR fans"),
    }
    assert all(r["作答次数 tries"].isdigit() for r in rows)
    part = dash.export(format="json")
    assert "download" in part.html and "base64," in part.html
    data = json.loads((tmp_path / "class-report.json").read_text(encoding="utf-8"))
    ann = {e["user"]: e for e in data["learners"]}["ann"]
    assert ann["by_assignment"][str(aid)]["done"] and ann["correct"] == ann["answered"] == 10
    assert "answers" not in data


def test_nothing_is_wider_than_the_notebook(small):
    dash, _aid, _q = small
    html = dash._repr_html_() + dash.history("ann").html
    widths = [int(w) for w in re.findall(r"width:\s*(\d+)px", html)]
    assert widths and max(widths) <= 400


def test_the_sample_is_labelled_and_plain_text_is_not_a_repr(tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("MJLEARN_CLASS", raising=False)
    dash = open_dashboard()
    assert dash.sample and "SAMPLE DATA" in dash.banner().html and "示例数据" in str(dash)
    assert not str(dash).startswith(("{", "[", "<"))


def test_explorer_has_a_static_picture(small):
    dash, _aid, _q = small
    box = dash.explorer()
    bundle = box._repr_mimebundle_()
    assert "ann" in bundle["text/html"] and "application/vnd.jupyter.widget-view+json" in bundle


def test_a_learner_sees_their_assignments_and_does_one(small, tmp_path):
    assert "no assignments right now" in my_assignments("cy").text()
    assert "done" in my_assignments("ann").text()
    view = my_assignments("bob")
    assert "answered 0 of 10 not started" in view.text()
    w = assignment(1, user="bob")
    assert w.quiz == assignment_tag(1) and len(w.questions) == 10


def test_dashboard_and_assignments_work_without_sqlalchemy(tmp_path):
    """The browser build has no SQLAlchemy: a class in the SQLite file, the sample dashboard and the
    learner's list still work (through the standard library's sqlite3)."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "for m in ('sqlalchemy', 'alembic', 'psycopg'): sys.modules[m] = None\n"
        "from mjlearn.dashboard import open_dashboard, my_assignments\n"
        "from mjlearn.db.classes import Classroom\n"
        "d = open_dashboard()\n"
        "assert d.sample and len(d.learners) == 6 and 'SAMPLE DATA' in d._repr_html_()\n"
        "with Classroom(user='t') as room:\n"
        "    room.create('c'); room.add('c', ['ann']); room.assign('c', 'week1_tiles_and_waits.json')\n"
        "print(my_assignments('ann').text())\n"
    )
    env = dict(os.environ, MJLEARN_DATA_DIR=str(tmp_path))
    env.pop("MJLEARN_DB", None)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "#1 " in p.stdout and "(c) due" in p.stdout and "not started" in p.stdout


def test_lesson_14_your_own_class_commands():
    """The lesson's commands for a class of one's own: the .venv/bin commands of TEACHERS.md, a due date
    two weeks ahead, Voila with the option TEACHERS.md requires; they (and the sample's explanation)
    are tagged to stay out of the Voila page, which the lesson names."""
    import datetime as dt
    from pathlib import Path

    from mjlearn.dashboard import class_commands

    lines = class_commands("spring").text.splitlines()
    assert lines[0] == ".venv/bin/mjlearn class create spring"
    assert all(
        line.split()[0].startswith(".venv/bin/") or line.startswith("MJLEARN_CLASS=spring .venv/bin/voila")
        for line in lines
    )
    due = dt.date.fromisoformat(re.search(r"--due (\S+)", "\n".join(lines)).group(1))
    assert due == dt.date.today() + dt.timedelta(days=14)
    assert "--KernelManager.transport_encryption=auto" in lines[-1]
    assert "MJLEARN_CLASS=spring .venv/bin/voila --KernelManager.transport_encryption=auto" in (
        Path(__file__).resolve().parents[1] / "TEACHERS.md"
    ).read_text(encoding="utf-8")
    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "14_teacher_dashboard.ipynb").read_text())
    assert nb["metadata"]["voila"] == {"template": "mjlearn"}
    hidden = ["".join(c["source"]) for c in nb["cells"] if "lab-only" in c["metadata"].get("tags", [])]
    shown = ["".join(c["source"]) for c in nb["cells"] if "lab-only" not in c["metadata"].get("tags", [])]
    assert any("示例班级 A sample class" in s for s in hidden) and any("class_commands" in s for s in hidden)
    assert all(c["cell_type"] == "code" for c in nb["cells"] if "".join(c["source"]) in shown)
    assert not any("mjlearn class" in s or "--due" in s for s in shown)


def test_the_voila_page_asks_no_other_host():
    """Lesson 14's Voila page, as installed: Voila's lab page without its CDN style sheets."""
    import sys
    from pathlib import Path

    page = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "mjlearn"
    source = Path(__file__).resolve().parents[1] / "mjlearn" / "dashboard" / "voila" / "mjlearn"
    for name in ("conf.json", "index.html.j2"):
        assert (page / name).read_text(encoding="utf-8") == (source / name).read_text(encoding="utf-8")
    text = (source / "index.html.j2").read_text(encoding="utf-8")
    assert "http" not in text.replace("{#", "").split("#}", 1)[1]
    assert "{{ super.super() }}" in text  # Voila's own block, less its CDN links: nbconvert's below it


def test_an_answer_written_by_hand_is_shown_as_text_and_cut(retried, tmp_path):
    """bob writes answers by hand into his own rows: markup, and an answer 50,000 characters long. The
    teacher's page shows them as text (no element of his), the long one cut."""
    from mjlearn.dashboard.questions import LONGEST

    _dash, aid, qs = retried
    waits = next(q for q in qs if q.kind == "waits")
    tile = next(q for q in qs if q.kind == "tile_name")
    with Classroom(user="bob") as room:
        for q, a in [
            (waits, ["<img src=x onerror=alert(1)>", "1m"]),
            (tile, "<script>alert(1)</script>"),
            (waits, ["9m" * 25_000]),
        ]:
            room.store.record(q, a, grade(q, a), quiz=assignment_tag(aid))
    with Classroom(user="t") as room:
        dash = Dashboard(room.report("r"))
    pages = dash.history("bob").html + dash.questions(aid).html
    assert "<img src=x" not in pages and "<script>" not in pages
    assert "&lt;img src=x onerror=alert(1)&gt;" in pages and "&lt;script&gt;" in pages
    assert "9m" * (LONGEST // 2) + "…" in dash.history("bob").text and "9m" * (LONGEST // 2 + 1) not in pages
    row = re.search(r"<tr>(?:(?!<tr>).)*…(?:(?!<tr>).)*</tr>", dash.history("bob").html, re.DOTALL).group(0)
    assert len(row) < 60_000  # the question's hand drawn, the answer as text: not 25,000 tiles


def test_a_question_nobody_missed_is_never_marked_missed_most():
    from mjlearn.dashboard.questions import missed_most

    all_right = [{"n": 1, "answered": 1, "right": 1}, {"n": 2, "answered": 0, "right": 0}]
    assert missed_most(all_right) is None
    some_wrong = [*all_right, {"n": 3, "answered": 2, "right": 1}, {"n": 4, "answered": 3, "right": 1}]
    assert missed_most(some_wrong)["n"] == 4
