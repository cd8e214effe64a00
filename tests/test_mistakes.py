"""Costly decisions at the play table become review items: a hand played (driven by its seed and the
clicks the browser sends) keeps its costly decisions in the learner's progress; ``practice("review")``
offers them; answering one again moves its FSRS schedule; the progress view shows the personal profile
and the items by category. Crafted or damaged rows are refused alone, never at the cost of the others."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest
from test_play_widget import play_out

from mjlearn.coaching.mistakes import CATEGORIES, MistakeError, check_item, grade_choice
from mjlearn.quiz import grade
from mjlearn.quiz.core import kinds_of
from mjlearn.quiz.progress import ProgressStore
from mjlearn.quiz.review import review_questions
from mjlearn.quiz.widget import practice
from mjlearn.widgets.play import PlayTable

SEED = 1  # this shuffle, played with the coach's worst discard every third decision, has 7 costly ones


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("mistakes") / "progress.db"
    store = ProgressStore(path, user="ann")
    w = PlayTable(rules="mcr", seat="E", seed=SEED, keep=store)
    play_out(w, worse_every=3)
    assert w.table.phase == "over" and not w.last_error
    return w, store, path


def test_a_finished_hand_keeps_its_costly_decisions(played):
    w, store, _ = played
    _hand_id, n = w.kept
    tr = store.table_reading()
    assert n == len(tr.states) >= 2 and not tr.skipped
    for item in tr.items.values():
        assert item["category"] in CATEGORIES
        d = w.decisions[item["n"] - 1]
        assert d["hand"] == item["hand"]  # the position the learner decided in
        assert item["choice"] != item["best"] and item["options"][0]["option"] == item["best"]
        assert item["reason"]["en"] and item["reason"]["zh"]  # the coach's reason, in both languages


def test_keeping_the_same_hand_again_stores_it_once(played):
    w, store, _ = played
    before = len(store.table_reading().states)
    again = store.keep_hand(w.record(), won=False, dealt_in=False, points=0, fans=[])
    assert again[0] == w.kept[0] and len(store.table_reading().states) == before


def test_practice_review_offers_the_costly_decisions(played):
    _w, store, _ = played
    rq = store.review_queue(datetime.now(timezone.utc) + timedelta(minutes=5))
    due = [s.item.key for s in rq.due() if s.item.key.startswith("mistake:")]
    assert len(due) >= 2  # missed in the hand: due again minutes later, like a wrong answer
    # the review list names them for what they are, in the notebook and in a terminal
    assert "牌桌失误 table decision" in rq._repr_html_(limit=8, damage=False)
    assert "(table decision)" in rq.text("en", limit=8)
    qw = practice("review", n=3, seed=1, store=store, record=False)
    assert [q.kind for q in qw.questions] == ["table_decision"] * 3
    q = qw.questions[0]
    assert q.data["mistake"] in rq.states
    html = qw.static_html()
    for o in q.data["options"]:  # the learner chooses again among the options the coach ranked
        assert o["option"] in html or o["option"].split()[-1] in html


def test_answering_moves_the_schedule(played):
    _w, store, _ = played
    now = datetime.now(timezone.utc) + timedelta(minutes=5)
    qs, rq = review_questions(store, n=2, seed=3, now=now)
    q = qs[0]
    key = q.data["mistake"]
    before = rq.states[key].card
    g = grade(q, q.data["best"])
    assert g.correct
    store.record(q, q.data["best"], g)
    after = store.review_queue(now).states[key]
    assert after.reviews == 1 and after.right == 1
    assert after.card.due > before.due and after.card.due > now  # answered right: not due now
    # the choice that cost in the hand is graded wrong, and its rank is the coach's
    q2 = qs[1]
    g2 = grade(q2, q2.data["choice"])
    assert not g2.correct
    right, rank, _ = grade_choice(check_item({k: v for k, v in q2.data.items() if k != "mistake"}), q2.data["choice"])
    assert not right and rank > 1


def test_the_review_kind_is_never_asked_by_topic_practice():
    assert "table_decision" not in kinds_of("table")


def test_the_progress_view_shows_the_profile_and_the_categories(played):
    w, store, _ = played
    v = store.view()
    html = v._repr_html_()
    p = store.profile()
    assert p.hands == 1 and p.decisions == sum(1 for d in w.decisions if "cost_chance" in d)
    assert "data-profile='ann'" in html and "Table statistics" in html and "牌桌统计" in html
    assert f"agreed with the coach {p.agreement:.0%}" in html
    for c in {i["category"] for i in store.table_reading().items.values()}:
        assert f"data-category='{c}'" in html
    assert p.costliest in CATEGORIES and CATEGORIES[p.costliest][1] in html
    assert "Costly decisions at the table" in v.text("en")


# -- attacks --------------------------------------------------------------------------------------


def _copy(tmp_path, played):
    _w, _store, path = played
    dst = tmp_path / "p.db"
    src = sqlite3.connect(path)
    out = sqlite3.connect(dst)
    src.backup(out)
    src.close()
    return out, dst


def _insert(conn, user, item_text, uid):
    conn.execute(
        "INSERT INTO table_mistakes (at, user, hand_uid, category, item, uid) VALUES (?,?,?,?,?,?)",
        (1.7e9, user, "h", "efficiency", item_text, uid),
    )
    conn.commit()


@pytest.mark.parametrize(
    "what",
    ["damaged_json", "deep_json", "absurd_position", "choice_not_an_option", "chance_out_of_range", "another_learner"],
)
def test_a_crafted_mistake_row_is_skipped_alone(tmp_path, played, what):
    conn, dst = _copy(tmp_path, played)
    good = ProgressStore(dst, user="ann").table_reading()
    item = json.loads(conn.execute("SELECT item FROM table_mistakes LIMIT 1").fetchone()[0])
    user = "ann"
    if what == "damaged_json":
        text = json.dumps(item)[:-7]
    elif what == "deep_json":
        text = "[" * 100_000
    elif what == "absurd_position":
        text = json.dumps({**item, "hand": "1111111m1111111p"})
    elif what == "choice_not_an_option":
        text = json.dumps({**item, "choice": "discard 9z"})
    elif what == "chance_out_of_range":
        text = json.dumps({**item, "options": [{**item["options"][0], "win_chance": 7}] + item["options"][1:]})
    else:
        text, user = json.dumps(item), "bob"
    _insert(conn, user, text, "crafted")
    tr = ProgressStore(dst, user="ann").table_reading()
    assert set(tr.states) == set(good.states)  # every other item kept
    if user == "ann":
        ((table, _id, reason),) = tr.skipped
        assert table == "table_mistakes" and reason and "\n" not in reason
        assert "1 table row(s) could not be read" in ProgressStore(dst, user="ann").view()._repr_html_()
    # the row stays as it was: nothing a learner did is changed
    assert conn.execute("SELECT item FROM table_mistakes WHERE uid = 'crafted'").fetchone()[0] == text
    # and bob's own store reads only bob's row
    assert len(ProgressStore(dst, user="bob").table_reading().states) == (1 if user == "bob" else 0)


def test_an_absurd_item_is_one_clear_bilingual_error():
    with pytest.raises(MistakeError) as e:
        check_item({"v": 1, "rules": "mcr", "category": "efficiency", "hand": "1111111m1111111p", "options": []})
    msg = str(e.value)
    assert "\n" not in msg and "position" in msg and "局面" in msg


def test_an_answer_naming_another_learners_item_moves_nothing(played, tmp_path):
    conn, dst = _copy(tmp_path, played)
    conn.execute("UPDATE table_mistakes SET user = 'bob'")
    conn.commit()
    ann = ProgressStore(dst, user="ann")
    bob = ProgressStore(dst, user="bob")
    qs, _rq = review_questions(bob, n=1, seed=1)
    ann.record(qs[0], qs[0].data["best"], grade(qs[0], qs[0].data["best"]))  # ann answers bob's item
    assert not ann.table_reading().states
    assert bob.review_queue().states[qs[0].data["mistake"]].reviews == 0


def test_a_learner_in_fresh_interpreters_plays_then_reviews(tmp_path):
    """``mj.play()`` keeps the hand in the learner's own progress; a new kernel's ``practice("review")``
    asks its costly decisions and the progress view shows the profile."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, MJLEARN_DATA_DIR=str(tmp_path), MJLEARN_USER="ann", PYTHONPATH=str(Path(__file__).parent))
    env.pop("MJLEARN_DB", None)
    play = (
        "import mjlearn as mj\nfrom test_play_widget import play_out\n"
        "w = mj.play('mcr', seat='E', seed=1)\nplay_out(w, worse_every=3)\nprint(w.kept[1], repr(w.last_error))\n"
    )
    out = subprocess.run([sys.executable, "-c", play], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    n, err = out.stdout.split(maxsplit=1)
    assert int(n) >= 2 and err.strip() == "''"
    review = (
        "from mjlearn.quiz import practice\nfrom mjlearn.quiz.progress import open_store\n"
        "w = practice('review', n=2, seed=1)\nprint([q.kind for q in w.questions])\n"
        "print('Table statistics' in open_store().view()._repr_html_())\n"
    )
    out = subprocess.run([sys.executable, "-c", review], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["['table_decision', 'table_decision']", "True"]
