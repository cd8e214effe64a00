"""The learner's assignments in a notebook (lesson 11): each one's title, due date, how many of its
questions are answered ("4 of 10"), done or overdue, and a button that opens it.

An assignment opens where the learner stopped: the questions already answered are not asked again
(:func:`mjlearn.db.assignments.answered_rows` says which), and it says so ("resuming at question 5 of
10"). A finished one offers to review it (each question, the learner's answer, the engine's verdict and
explanation) or to redo it; a redo is practice: the answers handed in stay as they were, and the redo's
answers feed the learner's own review and progress (recorded as ``practice:assignment:ID``).

:func:`who_sees_answers` says, in the setting the kernel runs in, where the answers are kept and who
can read them.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from html import escape

from ..db import ClassError
from ..db.assignments import answered_rows, assignment_tag, due_text, load_set, resume_index
from ..db.classes import Classroom
from ..quiz.core import Grade, Question, get_kind, grade
from ..quiz.widget import QuizWidget, grade_html, question_html, tiled
from ..store.files import DB_ENV_VAR, data_dir
from ..tiles import Tile, format_tiles

__all__ = ["AssignmentList", "AssignmentQuiz", "my_assignments", "who_sees_answers"]


# -- who sees the answers ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Privacy:
    """Where this kernel's answers are kept and who can read them, in plain words (Chinese, English)."""

    setting: str
    """"browser", "class" (a class database: the hub's, or one a teacher set up), "server" (a hub with no
    class database) or "own" (your own computer)."""
    zh: str
    en: str

    def _repr_html_(self) -> str:
        return (
            f"<div class='mjlearn-privacy' data-setting='{self.setting}' style='border-left:3px solid #69c;"
            f"padding:2px 8px;margin:4px 0'>{escape(self.zh)}<br>"
            f"<span style='color:#444'>{escape(self.en)}</span></div>"
        )

    def __str__(self) -> str:
        return f"{self.zh}\n{self.en}"

    __repr__ = __str__


def who_sees_answers() -> Privacy:
    """Where the answers go in this setting, and who sees them: a class database (``$MJLEARN_DB`` set:
    you and your class's teachers), the browser version (only this browser), a hub with no class
    database (a file in your folder on the server) or your own computer (a file in your data folder)."""
    env = os.environ
    if env.get(DB_ENV_VAR):
        return Privacy(
            "class",
            "你的答案会存进班级的数据库：你自己和你们班的老师能看到，其他同学看不到。",
            "Your answers go to your class's database: you and your class's teachers see them; other learners do not.",
        )
    if sys.platform == "emscripten":
        return Privacy(
            "browser",
            "你的答案只保存在这个浏览器里（文件 mjlearn-progress.db），不会发给任何人：只有你看得到。",
            "Your answers are kept in this browser only (the file mjlearn-progress.db) and sent to no one: "
            "only you see them.",
        )
    folder = str(data_dir())
    if env.get("JUPYTERHUB_USER"):
        return Privacy(
            "server",
            f"你的答案保存在服务器上你自己的文件夹里（{folder}）：你自己看得到，管理这台服务器的人也能看到。",
            f"Your answers are kept in your own folder on the server ({folder}): you see them, and so can "
            "the people who run the server.",
        )
    return Privacy(
        "own",
        f"你的答案保存在你自己电脑上的数据文件夹里（{folder}），不会发给任何人：只有你看得到。",
        f"Your answers are kept in your data folder on your own computer ({folder}) and sent to no one: "
        "only you see them.",
    )


# -- one assignment, resumed -----------------------------------------------------------------------------
def _stored_answer(row: dict):
    try:
        return json.loads(row["answer"]) if isinstance(row.get("answer"), str) else None
    except (ValueError, RecursionError):
        return None


def _answer_html(q: Question, row: dict) -> str:
    """A recorded answer as the learner gave it: tiles drawn, a choice by its label, else as text."""
    value = _stored_answer(row)
    if value is None:
        return "没有作答（看了答案） none (the solution was shown)"
    items = value if isinstance(value, list) else [value]
    labels = dict(get_kind(q.kind).choices(q.data))
    if items and all(isinstance(x, str) and x in labels for x in items):
        return escape("; ".join(labels[x] for x in items))
    if items and all(isinstance(x, str) for x in items):
        try:
            return tiled(format_tiles(Tile.from_str(x) for x in items))
        except ValueError:  # not tiles (a NotationError is one)
            pass
    return escape(", ".join(map(str, items))[:300])


def _regraded(q: Question, row: dict) -> Grade:
    """The engine's grade of a recorded answer (never the verdict recorded with it)."""
    return grade(q, _stored_answer(row))


class AssignmentQuiz(QuizWidget):
    """An assignment's quiz that goes on where the learner stopped: the answered questions are graded
    again from their records, counted in the score and skipped; it opens at the first unanswered one,
    and Next goes to the next unanswered one (after the last, back to one skipped, if any)."""

    def __init__(self, questions, answered, *, title, store, quiz):
        super().__init__(questions, title=title, store=store, quiz=quiz)
        for i, row in enumerate(answered):
            if row is not None:
                g = _regraded(self.questions[i], row)
                self.results[i], self.solved[i], self._settled[i], self.attempts[i] = g, g.correct, True, 1
        start = resume_index(answered)
        self.resumed_at = None if start is None or start == 0 else start
        """The question (counted from 0) a resumed assignment opened at (None: it opened at the start)."""
        if start:
            self.index = start
            self._show()
            n, done = len(self.questions), sum(row is not None for row in answered)
            self.header.value += (
                f"<div class='mjlearn-assignment-resumed' style='color:#236'>"
                f"从第{start + 1}题继续（已答 {done} 题，共 {n} 题）"
                f" / resuming at question {start + 1} of {n}</div>"
            )

    def _open_after(self, i: int) -> int | None:
        n = len(self.questions)
        return next(
            (j % n for j in range(i + 1, i + n) if not self._settled[j % n] and self.results[j % n] is None), None
        )

    def next(self):
        if self.results[self.index] is not None:
            self._settle()
        nxt = self._open_after(self.index)
        if nxt is None or nxt == self.index:
            self.index = len(self.questions) - 1
            super().next()  # the last question's place: "done" and the score
            return
        self.index = nxt
        self._show()


# -- the list ----------------------------------------------------------------------------------------------
@dataclass
class Entry:
    """One of the learner's assignments as the list shows it."""

    id: int
    klass: str
    quiz_set: str
    title: tuple[str, str]
    due: float | None
    questions: list | None
    """The set's questions (None: the quiz set cannot be read any more)."""
    answered: list
    """Each question's first recorded answer (None: not answered)."""

    @property
    def size(self) -> int | None:
        return None if self.questions is None else len(self.questions)

    @property
    def done_count(self) -> int:
        return sum(r is not None for r in self.answered)

    @property
    def state(self) -> str:
        """ "done", "overdue", "started" or "new"."""
        if self.size is not None and self.done_count >= self.size:
            return "done"
        if self.due is not None and self.due < time.time():
            return "overdue"
        return "started" if self.done_count else "new"


_STATES = {
    "done": ("已完成", "done", "#2a7a2a"),
    "overdue": ("已过期", "overdue", "#c33"),
    "started": ("做了一部分", "started", "#b36b00"),
    "new": ("未开始", "not started", "#555"),
}


def _entries(room: Classroom) -> list[Entry]:
    rows = room.store.rows()
    out = []
    for a in room.assignments():
        qs = load_set(a["quiz_set"])
        questions = None if qs is None else list(qs.questions)
        title = (a["quiz_set"], a["quiz_set"]) if qs is None else (qs.title_zh, qs.title)
        answered = [] if questions is None else answered_rows(questions, rows, a["id"])
        out.append(Entry(a["id"], a["class"], a["quiz_set"], title, a["due"], questions, answered))
    return out


NONE_YET = (
    "你现在没有作业。老师布置作业后，它会出现在这里；加入班级见下面一格。",
    "You have no assignments right now. When your teacher gives one, it shows here; to join a class, see the "
    "next cell.",
)


class AssignmentList:
    """The learner's assignments with a button for each: Start, Continue, or (when done) Review and Redo.
    What a button opens shows below the list. ``room`` is the :class:`~mjlearn.db.classes.Classroom` the
    answers are read from and recorded into (it stays open while the list is shown)."""

    def __init__(self, room: Classroom):
        import ipywidgets as W

        self.room = room
        self.entries = _entries(room)
        self.privacy = who_sees_answers()
        self.opened: QuizWidget | None = None
        """The quiz a button opened last."""
        self.area = W.VBox()
        self.area.add_class("mjlearn-assignment-open")
        self.buttons: dict[tuple[int, str], W.Button] = {}
        self.rows: dict[int, W.HBox] = {}
        for e in self.entries:
            self.rows[e.id] = W.HBox(layout=W.Layout(align_items="center"))
            self._draw(e)
        head = W.HTML(self._head_html())
        self.widget = W.VBox([head, *self.rows.values(), self.area])
        self.widget.add_class("mjlearn-assignments")

    def _draw(self, e: Entry) -> None:
        import ipywidgets as W

        line = W.HTML(self._row_html(e), layout=W.Layout(flex="1 1 auto"))
        self.rows[e.id].children = (*self._buttons_for(e), line)

    def _follow(self, quiz: QuizWidget, assignment_id: int) -> None:
        """Redraw the assignment's row (answered, state, buttons) whenever the quiz may have recorded."""

        def redraw(_button):
            try:
                self._draw(self._fresh(assignment_id))
            except ClassError:  # the assignment went away meanwhile: the row stays as it was
                pass

        for b in (quiz.check_button, quiz.reveal_button, quiz.next_button):
            b.on_click(redraw)

    # -- text ----------------------------------------------------------------------------------------
    def _head_html(self) -> str:
        who = escape(str(self.room.user))
        head = f"<b>我的作业 My assignments</b> <span style='color:#555'>({who})</span>"
        if not self.entries:
            head += (
                f"<p class='mjlearn-assignments-none'>{escape(NONE_YET[0])}<br>"
                f"<span style='color:#444'>{escape(NONE_YET[1])}</span></p>"
            )
        return head + self.privacy._repr_html_()

    @staticmethod
    def _row_html(e: Entry) -> str:
        zh, en, color = _STATES[e.state]
        size = "?" if e.size is None else str(e.size)
        title = escape(e.title[0]) if e.title[0] == e.title[1] else f"{escape(e.title[0])} · {escape(e.title[1])}"
        broken = (
            ""
            if e.questions is not None
            else "<br><span style='color:#c33'>题集无法读取，请告诉老师。 The quiz set cannot be read: tell your "
            "teacher.</span>"
        )
        return (
            f"<div class='mjlearn-assignment' data-id='{e.id}' data-state='{e.state}'>"
            f"<b>#{e.id} {title}</b> <span style='color:#555'>({escape(e.klass)})</span><br>"
            f"截止 due {escape(due_text(e.due))} · 已答 {e.done_count} 题，共 {size} 题 / answered {e.done_count} of "
            f"{size} · <span style='color:{color}'>{zh} {en}</span>{broken}</div>"
        )

    def text(self) -> str:
        if not self.entries:
            return f"{NONE_YET[0]}\n{NONE_YET[1]}\n{self.privacy}"
        lines = [f"我的作业 My assignments ({self.room.user})"]
        for e in self.entries:
            zh, en, _ = _STATES[e.state]
            size = "?" if e.size is None else e.size
            lines.append(
                f"#{e.id} {e.title[1]} ({e.klass}) due {due_text(e.due)} answered {e.done_count} of {size} {en} / {zh}"
            )
        return "\n".join([*lines, str(self.privacy)])

    # -- buttons ---------------------------------------------------------------------------------------
    def _buttons_for(self, e: Entry) -> list:
        import ipywidgets as W

        if e.questions is None:
            return []
        if e.state == "done":
            plan = [("review", "查看 Review", ""), ("redo", "重做 Redo", "")]
        elif e.done_count:
            plan = [("open", "继续 Continue", "primary")]
        else:
            plan = [("open", "开始 Start", "primary")]
        for key in [k for k in self.buttons if k[0] == e.id]:  # a redrawn row: its old buttons are gone
            del self.buttons[key]
        out = []
        for what, label, style in plan:
            b = W.Button(description=label, button_style=style, layout=W.Layout(width="auto", min_width="110px"))
            b.add_class(f"mjlearn-assignment-{what}")
            b.on_click(lambda _b, what=what, aid=e.id: getattr(self, what)(aid))
            self.buttons[(e.id, what)] = b
            out.append(b)
        return out

    def _entry(self, assignment_id: int) -> Entry:
        for e in self.entries:
            if e.id == int(assignment_id):
                return e
        raise ClassError(f"assignment #{assignment_id} is not one of yours  （你没有这个作业：#{assignment_id}）")

    def _fresh(self, assignment_id: int) -> Entry:
        """The entry as the database has it now (answers given since the list was drawn count)."""
        self.entries = _entries(self.room)
        return self._entry(assignment_id)

    def open(self, assignment_id: int) -> QuizWidget:
        """The assignment as a quiz, going on where the learner stopped; a finished one: its review."""
        e = self._fresh(assignment_id)
        if e.questions is None:
            raise ClassError(
                f"the quiz set of assignment #{e.id} ({e.quiz_set}) cannot be read: tell your teacher  "
                f"（作业 #{e.id} 的题集无法读取，请告诉老师）"
            )
        if e.state == "done":
            self.review(assignment_id)
            return self.opened  # type: ignore[return-value]  # review sets it
        quiz = AssignmentQuiz(e.questions, e.answered, title=e.title, store=self.room.store, quiz=assignment_tag(e.id))
        self.opened = quiz
        self.area.children = (quiz.widget,)
        self._follow(quiz, e.id)
        return quiz

    def redo(self, assignment_id: int) -> QuizWidget:
        """The assignment again from its first question, as practice: the answers handed in stay."""
        import ipywidgets as W

        e = self._fresh(assignment_id)
        quiz = QuizWidget(
            e.questions or [], title=e.title, store=self.room.store, quiz=f"practice:{assignment_tag(e.id)}"
        )
        note = W.HTML(
            "<div class='mjlearn-assignment-redo'>重做是练习：交给老师的答案不会改变，重做的答案计入你自己的复习。"
            "<br>A redo is practice: the answers you handed in stay as they are; the redo's answers count for "
            "your own review.</div>"
        )
        self.opened = quiz
        self.area.children = (note, quiz.widget)
        return quiz

    def review(self, assignment_id: int):
        """Every question of a finished assignment, the learner's answer, the engine's verdict and why."""
        import ipywidgets as W

        e = self._fresh(assignment_id)
        n = e.size or 0
        parts = [
            f"<div class='mjlearn-assignment-review'><b>作业已完成 · Assignment done</b>: #{e.id} "
            f"{escape(e.title[0])} / {escape(e.title[1])} · {e.done_count} / {n}<br>"
            "下面是每道题和你的答案；要再做一遍，点 <b>重做 Redo</b>。 Each question and your answer are below; "
            "to do it again, press <b>Redo</b>.<ol>"
        ]
        for q, row in zip(e.questions or [], e.answered):
            parts.append("<li>" + question_html(q))
            if row is None:
                parts.append("<p>还没有回答 not answered yet</p>")
            else:
                g = _regraded(q, row)
                parts.append(
                    f"<p>你的答案 Your answer: {_answer_html(q, row)}</p>"
                    + grade_html(g, "正确 Right" if g.correct else "不对 Not right")
                )
            parts.append("</li>")
        parts.append("</ol></div>")
        self.opened = None
        self.area.children = (W.HTML("".join(parts)),)
        return self.area

    # -- display ---------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kw):
        bundle = self.widget._repr_mimebundle_(**kw)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data or {})
        data["text/plain"] = self.text()
        data["text/html"] = "<div>" + self._head_html() + "".join(self._row_html(e) for e in self.entries) + "</div>"
        return (data, meta) if isinstance(bundle, tuple) else data

    def __repr__(self) -> str:
        return self.text()


def my_assignments(user: str | None = None, *, url: str | None = None) -> AssignmentList:
    """This learner's assignments with a button to open each (the class database of ``$MJLEARN_DB``, or
    this computer's file); ``user``: whose, on this computer's file (a class database knows its login)."""
    return AssignmentList(Classroom(url=url, user=user))
