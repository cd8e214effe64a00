"""The quiz widget when the progress store cannot be used: the learner keeps practising, sees why
answers are not saved, and no answer is dropped: they are saved once the store works again."""

import pytest

from mjlearn.quiz import generate, solve
from mjlearn.quiz.progress import ProgressStore
from mjlearn.quiz.widget import QuizWidget

pytest.importorskip("ipywidgets")


def questions(n=3):
    return [generate("shanten", seed=s) for s in range(1, n + 1)]


def test_a_data_folder_that_is_a_file_is_explained_and_answers_are_kept(tmp_path, monkeypatch):
    blocked = tmp_path / "data"
    blocked.write_text("not a folder")
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(blocked))
    w = QuizWidget(questions())
    assert w.store is None and w.store_problem
    assert "data-unsaved='0'" in w.feedback.value and str(blocked) in w.feedback.value
    for _ in range(2):
        g = w.answer(solve(w.current))
        assert g.correct
        w.next()
    assert len(w._unsaved) == 2
    # the learner (or the teacher) fixes the folder: the next answer saves all three, in order
    blocked.unlink()
    blocked.mkdir()
    w.answer(solve(w.current))
    assert w.store_problem == "" and not w._unsaved
    with ProgressStore() as s:
        rows = s.rows()
    assert [r["kind"] for r in rows] == ["shanten"] * 3
    assert "mjlearn-quiz-store" not in w.feedback.value


def test_record_false_keeps_nothing_and_says_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("MJLEARN_DATA_DIR", str(tmp_path / "unused"))
    w = QuizWidget(questions(1), record=False)
    w.answer(solve(w.current))
    assert w.store is None and not w._unsaved and not w.store_problem
    assert not (tmp_path / "unused").exists()
