"""The teacher's dashboard (mjlearn/dashboard.py) on the sample class and on a small class of known
answers, and the learner's list of assignments."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

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


def test_parts_show_the_computed_figures(small):
    dash, _aid, q = small
    heat = dash.heatmap()
    assert "ann: tiles 100%, hands 100%, waits 100%, fans –" in heat.text  # ann never tried a fan question
    assert re.search(
        r"<td[^>]*><b>ann</b></td>(<td[^>]*>100%</td>){3}<td[^>]*background:#eee[^>]*>–</td></tr>", heat.html
    )
    assert "bob: " in heat.text and "fans 0%" in heat.text
    comp = dash.completion()
    assert "1/2" in comp.html and "bob" in comp.text.split("not yet:")[1]
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
    rows = list(csv.DictReader(io.StringIO((tmp_path / "k.csv").read_text(encoding="utf-8"))))
    assert {(r["user"], r["topic"]) for r in rows} >= {("ann", "tiles"), ("bob", "fans")}
    assert all(r["answered"].isdigit() for r in rows)
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
    assert "No assignments yet" in my_assignments("cy").text
    assert "done" in my_assignments("ann").text
    view = my_assignments("bob")
    assert "to do" in view.text and "0/10" in view.html
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
        "print(my_assignments('ann').text)\n"
    )
    env = dict(os.environ, MJLEARN_DATA_DIR=str(tmp_path))
    env.pop("MJLEARN_DB", None)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "#1 c week1_tiles_and_waits.json" in p.stdout and "to do" in p.stdout
