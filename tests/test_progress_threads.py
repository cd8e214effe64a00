"""A store serves whichever thread calls it. Under ipykernel 7 a widget's clicks can be handled on
another thread than the cell that made the quiz and its store; sqlite3 refuses a connection used
across threads unless told otherwise, and the learner's answers were then not saved (the widget
showed "SQLite objects created in a thread can only be used in that same thread")."""

from __future__ import annotations

import threading

from mjlearn.quiz import generate, grade, solve, wrong_answer
from mjlearn.quiz.progress import ProgressStore


def _in_thread(fn):
    """Run ``fn`` on a new thread; return its result or raise its exception here."""
    out = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as e:
            out["error"] = e

    t = threading.Thread(target=run)
    t.start()
    t.join(60)
    assert not t.is_alive()
    if "error" in out:
        raise out["error"]
    return out["value"]


def _answer(store, seed, right=True):
    q = generate("tile_name", seed=seed)
    a = solve(q) if right else wrong_answer(q)
    return store.record(q, a, grade(q, a), quiz="threads")


def test_answers_from_other_threads_are_saved(tmp_path):
    with ProgressStore(tmp_path / "progress.db", user="ann") as store:  # made here, as a cell does
        _answer(store, 1)
        _in_thread(lambda: _answer(store, 2))  # a click on another thread
        _in_thread(lambda: _answer(store, 3, right=False))
        _answer(store, 4)
        assert _in_thread(lambda: len(store.rows())) == 4
    with ProgressStore(tmp_path / "progress.db", user="ann") as again:
        rows = again.rows()
    assert [r["seed"] for r in rows] == [1, 2, 3, 4]
    assert [r["correct"] for r in rows] == [1, 1, 0, 1]


def test_many_threads_at_once_store_each_answer_once(tmp_path):
    with ProgressStore(tmp_path / "progress.db", user="ann") as store:
        threads = [threading.Thread(target=_answer, args=(store, seed)) for seed in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(r["seed"] for r in store.rows()) == list(range(20))


def test_the_quiz_widget_saves_a_check_made_on_another_thread(tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path))
    from mjlearn.quiz.widget import QuizWidget

    qs = [generate("tile_name", seed=s) for s in (5, 6)]
    w = QuizWidget(qs, title=("线程", "threads"))  # the cell's thread
    for q in qs:
        _in_thread(lambda q=q: w.answer(solve(q)))
        assert w.store_problem == ""
        _in_thread(w.next)
    with ProgressStore(tmp_path / "progress.db") as store:
        assert [r["seed"] for r in store.rows()] == [5, 6]
