"""The readiness test in a notebook: one question at a time, one answer each, no hints; at the end the
verdict, each topic's result with the lesson to go back to, and every question's worked solution.
Grading and recording are :class:`~mjlearn.quiz.readiness.ReadinessTest`'s; this only collects input."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .core import QuizError, reveal
from .widget import _input_for, _input_note, _lines_html, _value, question_html

if TYPE_CHECKING:
    from .readiness import ReadinessTest

__all__ = ["ReadinessWidget"]


class ReadinessWidget:
    """Question ``k`` of 20, an input, Submit (提交) and Next; a submitted answer is final. The verdict
    is shown once every question is answered (or when Finish is pressed: the rest count wrong)."""

    def __init__(self, test: ReadinessTest):
        import ipywidgets as W

        self.test = test
        self.index = 0
        self.finished = False
        self.header = W.HTML()
        self.question = W.HTML()
        self.box = W.VBox()
        self.submit_button = W.Button(description="提交 Submit", button_style="primary")
        self.next_button = W.Button(description="下一题 Next")
        self.finish_button = W.Button(description="交卷 Finish")
        for b, cls in ((self.submit_button, "check"), (self.next_button, "next"), (self.finish_button, "finish")):
            b.add_class(f"mjlearn-quiz-{cls}")
        self.submit_button.on_click(lambda _: self.submit())
        self.next_button.on_click(lambda _: self.next())
        self.finish_button.on_click(lambda _: self.finish())
        self.feedback = W.HTML()
        self.widget = W.VBox(
            [
                self.header,
                self.question,
                self.box,
                W.HBox(
                    [self.submit_button, self.next_button, self.finish_button], layout=W.Layout(flex_flow="row wrap")
                ),
                self.feedback,
            ]
        )
        self.widget.add_class("mjlearn-quiz")
        self.widget.add_class("mjlearn-readiness-test")
        self._show()

    def _answered(self) -> int:
        return sum(g is not None for g in self.test.grades)

    def _header(self) -> None:
        n, k, done = len(self.test.grades), self.index + 1, self._answered()
        t = self.test.quiz_set
        self.header.value = (
            f"<b>{escape(t.title_zh)} · {escape(t.title)}</b><br><span style='font-size:90%'>"
            f"第 {k} 题，共 {n} 题 · 已答 {done} 题 · question {k} of {n} · {done} answered</span>"
        )

    def _show(self) -> None:
        import ipywidgets as W

        q = self.test.questions[self.index]
        self._header()
        self.question.value = question_html(q)
        self.input = _input_for(q)
        note = _input_note(q)
        self.box.children = (self.input,) + ((W.HTML(note),) if note else ())
        done = self.test.grades[self.index] is not None
        self.submit_button.disabled = done
        self.feedback.value = self._saved_note() if done else ""

    def _saved_note(self) -> str:
        problem = self.test.store_problem
        if problem:
            return (
                "<div class='mjlearn-quiz-store'>答案已收下，但暂时无法保存（下次作答时再试）。 "
                "Answer taken, but it cannot be saved right now (tried again with the next answer).<br>"
                f"<span style='color:#555'>{escape(problem)}</span></div>"
            )
        return "<div class='mjlearn-quiz-feedback' data-correct='recorded'>答案已记下。 Answer recorded.</div>"

    def submit(self) -> None:
        """Take the current input as the answer (what the Submit button does)."""
        v = self.input.value
        if v is None or v == () or (isinstance(v, str) and not v.strip()):
            self.feedback.value = (
                "<div class='mjlearn-quiz-feedback' data-correct='invalid'>"
                "请先选择或输入答案。 Choose or type an answer first.</div>"
            )
            return
        try:
            self.test.answer(self.index, _value(self.test.questions[self.index], self.input))
        except QuizError as e:  # unreadable (ReadinessError is one): nothing taken, try again
            zh = getattr(e, "zh", "") or str(e)
            en = getattr(e, "en", "") or str(e)
            self.feedback.value = (
                f"<div class='mjlearn-quiz-feedback' data-correct='invalid'>{escape(zh)}<br>"
                f"<span style='color:#555'>{escape(en)}</span></div>"
            )
            return
        self.submit_button.disabled = True
        self._header()
        if self._answered() == len(self.test.grades):
            self.finish()
        else:
            self.feedback.value = self._saved_note()

    def next(self) -> None:
        """The next question not answered yet (round to the first), or the verdict when all are."""
        n = len(self.test.grades)
        for step in range(1, n + 1):
            i = (self.index + step) % n
            if self.test.grades[i] is None:
                self.index = i
                self._show()
                return
        self.finish()

    def finish(self) -> None:
        """Hand in: the verdict, the lessons to go back to, and each question's worked solution."""
        self.finished = True
        self.submit_button.disabled = self.next_button.disabled = self.finish_button.disabled = True
        result = self.test.result()
        solutions = []
        for k, (q, g) in enumerate(zip(self.test.questions, self.test.grades), 1):
            # a wrong answer: the engine's word on that answer (it names it, then the solution);
            # right or not answered: the worked solution
            lines = list(g.explanation) if g is not None and not g.correct and g.explanation else reveal(q)[1]
            if g is None:
                lines.insert(0, ("没有作答。", "Not answered."))
            mark = "✔" if g is not None and g.correct else "✘"
            solutions.append(
                f"<li><details><summary>{mark} 第 {k} 题 question {k}</summary>{question_html(q)}"
                f"<ul>{_lines_html(lines)}</ul></details></li>"
            )
        self.feedback.value = (
            result._repr_html_()
            + "<p><b>每题的解答 · Each question's solution</b> "
            + "<span style='color:#555'>（点一题展开 · click a question to open it）</span></p><ol>"
            + "".join(solutions)
            + "</ol>"
        )

    def static_html(self) -> str:
        """The test as a page shows it without a kernel: the questions, no answer key (run the cell to
        take the test)."""
        t = self.test.quiz_set
        items = "".join(f"<li>{question_html(q)}</li>" for q in self.test.questions)
        return (
            f"<div class='mjlearn-quiz-static'><p><b>{escape(t.title_zh)} · {escape(t.title)}</b> "
            f"<span style='color:#555'>({len(t)} 题 questions; 运行这一格就能作答 run this cell to take the "
            f"test)</span></p><ol>{items}</ol></div>"
        )

    def _repr_mimebundle_(self, **kw):
        bundle = self.widget._repr_mimebundle_(**kw)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        t = self.test.quiz_set
        data["text/plain"] = f"{t.title}: {len(t)} questions\n" + self.test.questions[self.index].text("en")
        data.setdefault("text/html", self.static_html())
        return (data, meta) if isinstance(bundle, tuple) else data

    def __repr__(self) -> str:
        return f"<ReadinessWidget {len(self.test.grades)} questions, {self._answered()} answered>"
