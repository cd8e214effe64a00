"""Quiz widgets: collect an answer, show the engine's feedback. No grading happens here.

>>> import mjlearn.quiz as quiz
>>> w = quiz.practice("waits", n=3, seed=1, record=False)   # doctest: +SKIP
"""

from __future__ import annotations

import time
from html import escape

from ..errors import ProgressError
from ..render import svg
from .core import TOPICS, Grade, Question, QuizError, get_kind, grade, hint, reveal
from .progress import ProgressStore
from .quizset import questions_for

__all__ = ["QuizWidget", "practice", "question_html", "grade_html"]


def question_html(q: Question) -> str:
    """The prompt (both languages) and what the learner must look at, drawn with mjlearn's tile art."""
    d = q.data
    parts = [f"<div class='mjlearn-question'><p><b>{escape(q.prompt[0])}</b><br>{escape(q.prompt[1])}</p>"]
    figure = get_kind(q.kind).figure(d)
    if figure is not None and figure[0] == "tile":
        parts.append(svg.inline_html(svg.tile_svg(figure[1], width=54)))
    elif figure is not None and figure[0] == "hand":
        parts.append(svg.inline_html(svg.hand_svg(figure[1], width=36)))
        parts.append(f"<div><code>{escape(figure[1])}</code></div>")
    text = get_kind(q.kind).describe(q, "zh"), get_kind(q.kind).describe(q, "en")
    extra = [ln for ln in text[1].splitlines() if not ln.startswith(("Hand:", "Tile:", "Options:"))]
    extra_zh = [ln for ln in text[0].splitlines() if not ln.startswith(("手牌：", "牌：", "选项："))]
    if extra:
        parts.append("<div style='font-size:90%'>" + "<br>".join(
            f"{escape(z)} / {escape(e)}" if z != e else escape(e) for z, e in zip(extra_zh, extra)) + "</div>")
    parts.append("</div>")
    return "".join(parts)


def grade_html(g: Grade) -> str:
    color = "#1a7f37" if g.correct else "#b42318"
    head = "正确！ Correct!" if g.correct else "不对。 Not quite."
    lines = "".join(f"<li>{escape(zh)}<br><span style='color:#555'>{escape(en)}</span></li>" for zh, en in g.explanation)
    return (f"<div class='mjlearn-quiz-feedback' data-correct='{str(g.correct).lower()}'>"
            f"<b style='color:{color}'>{head}</b><ul>{lines}</ul></div>")


def _input_for(q: Question):
    """The input the kind declares (:attr:`~mjlearn.quiz.Kind.answer`): radio buttons for one
    choice, a multiple selection for several, a text box for everything typed."""
    import ipywidgets as W
    kind = get_kind(q.kind)
    choices = kind.choices(q.data) if kind.answer in ("choice", "choices") else []
    if choices and kind.answer == "choice":
        return W.RadioButtons(options=[(label, value) for value, label in choices], value=None,
                              layout=W.Layout(width="auto"))
    if choices:
        return W.SelectMultiple(options=[(label, value) for value, label in choices],
                                rows=min(12, len(choices)), layout=W.Layout(width="420px"))
    return W.Text(placeholder=kind.answer_help[1], layout=W.Layout(width="420px"))


def _value(q: Question, w):
    v = w.value
    if isinstance(v, tuple):  # a multiple selection
        return list(v)
    if isinstance(v, str):
        return get_kind(q.kind).parse(q.data, v) if v.strip() else v
    return v


class QuizWidget:
    """A sequence of questions in a notebook: answer, check, hint, reveal, next. Every answer is
    graded by the engine (:func:`mjlearn.quiz.grade`) and, if ``store`` is given (or ``record`` is
    true: the default progress database), recorded."""

    def __init__(self, questions, *, title=("练习", "Practice"), store=None, record: bool = True, quiz=None):
        import ipywidgets as W
        self.questions = list(questions)
        self.title = title
        self.quiz = quiz or title[1]
        self.store_problem = ""
        """Why answers are not being saved right now ('' when they are)."""
        self._unsaved: list[tuple] = []
        self._record = store is None and record
        if self._record:
            try:
                store = ProgressStore()
            except ProgressError as e:  # the learner can still practise; the notice says why
                self.store_problem = str(e)
        self.store = store
        self.index = 0
        self.results: list[Grade | None] = [None] * len(self.questions)
        self._hints = 0
        self._start = time.monotonic()
        self.header = W.HTML()
        self.question = W.HTML()
        self.box = W.Box()
        self.check_button = W.Button(description="检查 Check", button_style="primary")
        self.hint_button = W.Button(description="提示 Hint")
        self.reveal_button = W.Button(description="答案 Reveal")
        self.next_button = W.Button(description="下一题 Next")
        self.feedback = W.HTML()
        for b, cls in ((self.check_button, "check"), (self.hint_button, "hint"), (self.reveal_button, "reveal"),
                       (self.next_button, "next")):
            b.add_class(f"mjlearn-quiz-{cls}")
        self.check_button.on_click(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.show_hint())
        self.reveal_button.on_click(lambda _: self.show_solution())
        self.next_button.on_click(lambda _: self.next())
        self.widget = W.VBox([self.header, self.question, self.box,
                              W.HBox([self.check_button, self.hint_button, self.reveal_button, self.next_button]),
                              self.feedback])
        self.widget.add_class("mjlearn-quiz")
        self._show()

    # -- state --------------------------------------------------------------------
    @property
    def current(self) -> Question:
        return self.questions[self.index]

    def _show(self):
        q = self.current
        done = sum(r is not None for r in self.results)
        right = sum(bool(r and r.correct) for r in self.results)
        self.header.value = (f"<b>{escape(self.title[0])} {escape(self.title[1])}</b> — "
                             f"{self.index + 1}/{len(self.questions)} · {right}/{done} ✓")
        self.question.value = question_html(q)
        self.input = _input_for(q)
        self.box.children = (self.input,)
        self.feedback.value = self._store_notice()
        self._hints = 0
        self._start = time.monotonic()
        self.check_button.disabled = False

    def answer(self, value) -> Grade:
        """Grade ``value`` for the current question (what the Check button does with the input)."""
        q = self.current
        g = grade(q, value)
        if self.results[self.index] is None:
            self.results[self.index] = g
            self._unsaved.append((q, value, g, self._hints, time.monotonic() - self._start))
            self._save()
        self.feedback.value = grade_html(g) + self._store_notice()
        if g.correct:
            self.check_button.disabled = True
        return g

    def _save(self) -> None:
        """Record the answers not saved yet. On a storage problem they are kept and tried again with
        the next answer, so nothing the learner answered is dropped while the problem lasts."""
        if self.store is None and not self._record:
            self._unsaved.clear()
            return
        try:
            if self.store is None:
                self.store = ProgressStore()
            while self._unsaved:
                q, value, g, hints, seconds = self._unsaved[0]
                self.store.record(q, value, g, quiz=self.quiz, hints=hints, seconds=seconds)
                self._unsaved.pop(0)
        except ProgressError as e:
            self.store_problem = str(e)
            return
        self.store_problem = ""

    def _store_notice(self) -> str:
        if not self.store_problem:
            return ""
        n = len(self._unsaved)
        return (f"<div class='mjlearn-quiz-store' data-unsaved='{n}'>⚠ 答案暂时无法保存（已记住 {n} 个，"
                f"下次作答时再试）。 Answers cannot be saved right now ({n} kept, tried again with the next "
                f"answer).<br><span style='color:#555'>{escape(self.store_problem)}</span></div>")

    def check(self) -> Grade:
        v = self.input.value
        if v is None or v == () or (isinstance(v, str) and not v.strip()):  # nothing chosen: not an answer yet
            self.feedback.value = ("<div class='mjlearn-quiz-feedback' data-correct='invalid'>"
                                   "请先选择或输入答案。 Choose or type an answer first.</div>")
            return None
        try:
            value = _value(self.current, self.input)
        except QuizError as e:
            self.feedback.value = (f"<div class='mjlearn-quiz-feedback' data-correct='invalid'>"
                                   f"{escape(str(e))}</div>")
            return None
        return self.answer(value)

    def show_hint(self):
        h = hint(self.current, self._hints)
        if h is None:
            h = ("没有更多提示了。", "No more hints.")
        else:
            self._hints += 1
        self.feedback.value = f"<div class='mjlearn-quiz-hint'>💡 {escape(h[0])}<br>{escape(h[1])}</div>"

    def show_solution(self):
        sol, lines = reveal(self.current)
        if self.results[self.index] is None:  # revealed before answering: counted wrong
            self.answer(None)
        body = "".join(f"<li>{escape(zh)}<br><span style='color:#555'>{escape(en)}</span></li>" for zh, en in lines)
        self.feedback.value = f"<div class='mjlearn-quiz-solution'><b>答案 Solution</b><ul>{body}</ul></div>"

    def next(self):
        if self.index + 1 < len(self.questions):
            self.index += 1
            self._show()
        else:
            right = sum(bool(r and r.correct) for r in self.results)
            self.feedback.value = (f"<div class='mjlearn-quiz-done'><b>完成！ Done!</b> "
                                   f"{right}/{len(self.questions)}</div>")

    # -- display --------------------------------------------------------------------
    def _repr_mimebundle_(self, **kw):
        bundle = self.widget._repr_mimebundle_(**kw)
        text = f"{self.title[1]}: {len(self.questions)} questions\n" + self.current.text("en")
        html = f"<div>{escape(self.title[0])} {escape(self.title[1])}</div>" + question_html(self.current)
        if isinstance(bundle, tuple):
            data, meta = bundle
        else:
            data, meta = bundle, {}
        data = dict(data)
        data["text/plain"] = text
        data.setdefault("text/html", html)
        return (data, meta) if isinstance(bundle, tuple) else data

    def __repr__(self) -> str:
        return f"<QuizWidget {len(self.questions)} questions, at {self.index + 1}>"


def practice(topic: str = "all", n: int = 5, seed: int | None = None, difficulty: int = 1, *,
             record: bool = True, store=None) -> QuizWidget:
    """A short exercise set on a topic (or a kind, or ``"all"``) as a widget — one line in any notebook::

        mjlearn.quiz.practice("waits", n=5, seed=1)

    ``practice("review")``: questions on what your own answers say is due (spaced repetition).
    """
    if topic == "review":  # the review helper's hook (mjlearn/quiz/review.py)
        from .review import review_practice
        return review_practice(n=n, seed=seed, difficulty=difficulty, record=record, store=store)
    qs = questions_for(topic, n=n, seed=seed, difficulty=difficulty)
    if topic in TOPICS:
        title = TOPICS[topic]
    elif topic == "all":
        title = ("综合练习", "Practice")
    else:  # a kind, "waits" or "kind:waits"
        title = get_kind(topic.removeprefix("kind:")).title
    return QuizWidget(qs, title=title, record=record, store=store, quiz=f"practice:{topic}")
