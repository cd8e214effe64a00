"""Quiz widgets: collect an answer, show the engine's feedback. No grading happens here.

>>> import mjlearn.quiz as quiz
>>> w = quiz.practice("waits", n=3, seed=1, record=False)   # doctest: +SKIP
"""

from __future__ import annotations

import re
import time
from html import escape

from ..errors import ProgressError
from ..render import svg
from ..tiles import tile as as_tile
from .core import TOPICS, Grade, Question, QuizError, get_kind, grade, hint, retry_note, reveal, unreadable
from .live import attach as _say_aloud
from .picture import figure_html
from .progress import ProgressStore
from .quizset import questions_for
from .review import review_questions

__all__ = ["QuizWidget", "grade_html", "practice", "question_html"]

_TOKEN = re.compile(
    r"(?<![\w\]\[,+])((?:\[[0-9A-Za-z]+(?:,\d)?\])*(?:[0-9ESWNCFP]*[mps]?)*(?:\+[0-9A-Za-z]+)?)(?![\w\[\]])"
)
_NOTATION = re.compile(r"\d[mps]|\[|^[ESWNCFP]{2,}$")
"""Tile notation: digits with a suit, a meld, or two or more honors (``PP``, ``EEE``)."""
TILE_PX = 20
"""The width of a tile drawn inside a line of feedback."""
SITUATION_PX = 30
"""The width of a tile in a question's situation (a claim question's hands): tiles a learner reads."""

_GAP = "<span class='mjlearn-meld-gap' style='display:inline-block;width:8px'></span>"  # sets a meld apart
_finger = lambda W: W.Layout(min_height="44px")  # a button a finger hits (44 px, WCAG 2.5.5)


def _drawn(token: str, width: int = TILE_PX) -> str | None:
    """A notation token (``345m``, ``[EEE,3]``, ``2345m7sW``, a whole hand) drawn as small tiles with
    the tiles named in words for a screen reader; None when it is not notation."""
    if not _NOTATION.search(token):
        return None
    try:
        melds = re.fullmatch(r"(?:\[[0-9A-Za-z]+(?:,\d)?\])+", token)  # a concealed kong has no offer
        if melds:
            return "".join(
                svg.inline_html(svg.meld_svg(m, width=width), vertical_align="middle")
                for m in re.findall(r"\[[^\]]+\]", token)
            )
        if "[" in token:  # exposed melds, then a clear gap, then the concealed tiles (and the winning tile)
            rest = re.sub(r"\[[^\]]+\]", "", token)
            shown = "".join(
                svg.inline_html(svg.meld_svg(m, width=width), vertical_align="middle") + _GAP
                for m in re.findall(r"\[[^\]]+\]", token)
            )
            if not rest:
                return shown
            rest_svg = svg.hand_svg(rest, width=width) if "+" in rest else svg.tiles_svg(rest, width=width)
            return shown + svg.inline_html(rest_svg, vertical_align="middle")
        if "+" in token:
            picture = svg.hand_svg(token, width=width)
        else:
            picture = svg.tiles_svg(token, width=width)
    except (ValueError, KeyError):
        return None
    return svg.inline_html(picture, vertical_align="middle")


def tiled(text: str, lang="en", drawn: set | None = None, known: frozenset = frozenset(), width=TILE_PX) -> str:
    """``text`` as HTML with its tile notation drawn as tiles (a learner reads tiles, not codes); a
    single tile is also named in words in ``lang`` ("zh" or "en") unless the text names it already.

    ``drawn``: a set that receives every token drawn. ``known``: tokens already drawn on the line
    above (the other language's), written here as notation rather than drawn a second time."""
    out, at = [], 0
    for m in _TOKEN.finditer(text):
        token = m.group(1)
        if not token:
            continue
        if text[: m.start(1)].endswith(("written ", "写作", "记作", "记作 ", "写成")):
            continue  # the text teaches the notation itself
        if token in known and _NOTATION.search(token):
            out.append(escape(text[at : m.start(1)]))
            out.append(f"<code style='font-size:90%'>{escape(token)}</code>")
            at = m.end(1)
            continue
        pic = _drawn(token, width)
        if pic is None:
            continue
        if drawn is not None:
            drawn.add(token)
        out.append(escape(text[at : m.start(1)]))
        out.append(pic)
        at = m.end(1)
        after = text[m.end(1) :]
        if re.fullmatch(r"\d[mps]|[ESWNCFP]", token) and not after.startswith((" (", "（", " =")):
            t = as_tile(token)
            out.append(escape(f" {t.zh}" if lang == "zh" else f" {t.en}"))
    out.append(escape(text[at:]))
    return "".join(out)


def _typing_note(notation: str) -> str:
    """How the hand shown is typed: a small hint beside the tiles, for answers typed in notation."""
    return (
        f"<div class='mjlearn-quiz-typing' style='font-size:85%;color:#666'>输入时这样写 how to type these tiles: "
        f"<code>{escape(notation)}</code></div>"
    )


def _once(zh: str, en: str, width: int = TILE_PX) -> str:
    """One line of a situation in both languages with its tiles drawn once: the Chinese line with the
    tiles, then the English words without them (a hand twice on one line is clutter); one same text once."""
    if zh == en:
        return tiled(en, width=width)
    drawn: set = set()
    top = tiled(zh, "zh", drawn=drawn, width=width)
    for token in sorted(drawn, key=len, reverse=True):  # a lone tile keeps its name, a group goes
        single = re.fullmatch(r"\d[mps]|[ESWNCFP]", token)
        en = re.sub(rf"(?<![\w\[,+]){re.escape(token)}(?![\w\]])", as_tile(token).en if single else "", en)
    en = re.sub(r"\s*\(\s*\)", "", en).strip()
    return f"{top} / {escape(en)}" if drawn else f"{top} / {tiled(en, width=width)}"


def question_html(q: Question) -> str:
    """The prompt (both languages) and what the learner must look at, drawn with mjlearn's tile art
    (which pictures name their tiles for a screen reader: :mod:`mjlearn.quiz.picture`)."""
    d = q.data
    parts = [f"<div class='mjlearn-question'><p><b>{escape(q.prompt[0])}</b><br>{escape(q.prompt[1])}</p>"]
    figure = get_kind(q.kind).figure(d)
    parts.append(figure_html(figure))  # the tiles asked about, in words but never named; the dice
    if figure is not None and figure[0] == "hand":
        parts.append(svg.inline_html(svg.hand_svg(figure[1], width=36)))
        if get_kind(q.kind).answer in ("tile", "tiles"):  # the answer is typed: show how tiles are written
            parts.append(_typing_note(figure[1]))
    if figure is not None and figure[0] in ("tile", "tiles"):  # the picture is the question: nothing under it
        parts.append("</div>")
        return "".join(parts)
    text = get_kind(q.kind).describe(q, "zh"), get_kind(q.kind).describe(q, "en")
    drawn = figure is not None and figure[0] == "dice"
    extra = [
        ln
        for ln in text[1].splitlines()
        if not ln.startswith(("Hand:", "Tile:", "Options:", "Notation:") + (("Dice:", "Rules:") if drawn else ()))
    ]
    extra_zh = [
        ln
        for ln in text[0].splitlines()
        if not ln.startswith(("手牌：", "牌：", "选项：", "记法：") + (("骰子：", "规则：") if drawn else ()))
    ]
    if extra:
        parts.append(
            "<div class='mjlearn-quiz-situation' style='font-size:90%;line-height:1.6'>"
            + "<br>".join(_once(z, e, SITUATION_PX) for z, e in zip(extra_zh, extra))
            + "</div>"
        )
    parts.append("</div>")
    return "".join(parts)


def pair_html(zh: str, en: str) -> str:
    """A (Chinese, English) pair: tiles drawn in the Chinese line, and in the English line only those
    the Chinese one did not draw (the same tiles twice are clutter, not help)."""
    drawn: set = set()
    top = tiled(zh, "zh", drawn=drawn)
    return f"{top}<br><span style='color:#555'>{tiled(en, known=frozenset(drawn))}</span>"


def _lines_html(lines) -> str:
    return "".join(f"<li>{pair_html(zh, en)}</li>" for zh, en in lines)


def grade_html(g: Grade, head: str | None = None) -> str:
    """A graded answer with the engine's explanation, line by line in both languages."""
    color = "#1a7f37" if g.correct else "#b42318"
    if head is None:
        head = "正确！ Correct!" if g.correct else "不对。 Not quite."
    return (
        f"<div class='mjlearn-quiz-feedback' data-correct='{str(g.correct).lower()}'>"
        f"<b style='color:{color}'>{escape(head)}</b><ul>{_lines_html(g.explanation)}</ul></div>"
    )


def retry_html(h, more_hints: bool, note=None) -> str:
    """A first wrong answer: not the solution yet; what the engine can say about this answer
    (``note``, zh/en), a hint and the invitation to try again."""
    said = f"<div class='mjlearn-quiz-note'>{pair_html(*note)}</div>" if note else ""
    tip = f"<div class='mjlearn-quiz-hint'>{_BULB}{pair_html(*h)}</div>" if h else ""
    return (
        "<div class='mjlearn-quiz-feedback' data-correct='retry'>"
        "<b style='color:#9a6700'>还不对，再试一次。 Not yet: try again.</b>"
        + said
        + tip
        + "<div style='color:#555;font-size:90%'>"
        + (
            "还可以再要提示，或按“答案”看解答。 Ask for another hint, or press Reveal for the worked solution."
            if more_hints
            else "按“答案”可以看解答。 Press Reveal for the worked solution."
        )
        + "</div></div>"
    )


_BULB = (
    "<svg class='mjlearn-quiz-hint-icon' width='14' height='16' viewBox='0 0 14 16' aria-hidden='true' "
    "style='vertical-align:-2px;margin-right:4px'><path d='M7 1a5 5 0 0 0-3 9c.6.5 1 1.1 1 1.8V12h4v-.2c0-.7.4-1.3 1-1.8"
    "A5 5 0 0 0 7 1z' fill='#f5c518' stroke='#9a6700'/><rect x='5' y='13' width='4' height='2' rx='.5' fill='#9a6700'/>"
    "</svg>"
)
"""The hint's light bulb, drawn (an emoji shows as an empty box where no emoji font is installed)."""
_WARN = (
    "<svg class='mjlearn-quiz-warn-icon' width='16' height='14' viewBox='0 0 16 14' aria-hidden='true' "
    "style='vertical-align:-2px;margin-right:4px'><path d='M8 1 15 13H1z' fill='#f5c518' stroke='#9a6700'/>"
    "<rect x='7.3' y='5' width='1.4' height='4.5' fill='#5a3e00'/><rect x='7.3' y='10.5' width='1.4' height='1.4' "
    "fill='#5a3e00'/></svg>"
)

_MULTI_NOTE = (
    "<div class='mjlearn-quiz-multi' style='font-size:90%;color:#555'>可以选多个：点一下勾选，再点一下取消。"
    " Tick every one that applies: a click ticks an option, another click unticks it.</div>"
)


def check_boxes(options):
    """Several choices as a column of check boxes, every option in view (no scrolling list, no
    Ctrl-click): ``options`` are (label, value) pairs; ``.value`` is the tuple of ticked values, in
    the options' order, and can be set like a multiple selection's."""
    import ipywidgets as W

    class CheckBoxes(W.VBox):
        def __init__(self, options):
            self.options = list(options)
            self.boxes = [
                W.Checkbox(
                    value=False, description=label, indent=False, layout=W.Layout(width="auto", max_width="100%")
                )
                for label, _ in self.options
            ]
            super().__init__(self.boxes, layout=W.Layout(width="auto", max_width="100%"))
            self.add_class("mjlearn-quiz-checks")

        @property
        def value(self) -> tuple:
            return tuple(v for (_, v), b in zip(self.options, self.boxes) if b.value)

        @value.setter
        def value(self, chosen) -> None:
            chosen = list(chosen or ())
            for (_, v), b in zip(self.options, self.boxes):
                b.value = v in chosen

    return CheckBoxes(options)


def _input_for(q: Question):
    """The input the kind declares (:attr:`~mjlearn.quiz.Kind.answer`): radio buttons for one
    choice, a multiple selection for several, a text box for everything typed."""
    import ipywidgets as W

    kind = get_kind(q.kind)
    choices = kind.choices(q.data) if kind.answer in ("choice", "choices") else []
    if choices and kind.answer == "choice":
        return W.RadioButtons(
            options=[(label, value) for value, label in choices], value=None, layout=W.Layout(width="auto")
        )
    if choices:
        return check_boxes([(label, value) for value, label in choices])
    return W.Text(continuous_update=False, layout=W.Layout(width="auto", max_width="560px", height="44px"))


def _input_note(q: Question) -> str:
    """What goes under the input: how to pick several, or how to type the answer (both languages)."""
    kind = get_kind(q.kind)
    if kind.answer == "choices":
        return svg.TOUCH_STYLE + _MULTI_NOTE
    if kind.answer in ("choice",):
        return svg.TOUCH_STYLE
    zh, en = kind.answer_help
    return f"{svg.TOUCH_STYLE}<div class='mjlearn-quiz-help' style='font-size:90%;color:#555'>{escape(zh)}<br>{escape(en)}</div>"


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
    true: the default progress database), recorded.

    A first wrong answer is not yet the end: the learner sees "not yet" with the next hint and may try
    again; the worked solution comes with a second wrong answer or the Reveal button. Each try is
    recorded as it is checked, so the first row of a question keeps the first try's verdict and the
    progress store reads a wrong try followed by a right one as one corrected attempt (it counts half)."""

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
        """The first attempt's grade of each question (None: not answered yet)."""
        self.attempts: list[int] = [0] * len(self.questions)
        """How many answers were checked for each question."""
        self.solved: list[bool] = [False] * len(self.questions)
        """Whether each question was answered right in the end (first try or a later one)."""
        self._settled: list[bool] = [False] * len(self.questions)
        self._last_answer = None
        self._hints = self._hints_kept = 0
        self._start = time.monotonic()
        self.header = W.HTML()
        self.question = W.HTML()
        self.box = W.VBox()
        self.check_button = W.Button(description="检查 Check", button_style="primary", layout=_finger(W))
        self.hint_button = W.Button(description="提示 Hint", layout=_finger(W))
        self.reveal_button = W.Button(description="答案 Reveal", layout=_finger(W))
        self.next_button = W.Button(description="下一题 Next", layout=_finger(W))
        self.feedback = W.HTML()
        for b, cls in (
            (self.check_button, "check"),
            (self.hint_button, "hint"),
            (self.reveal_button, "reveal"),
            (self.next_button, "next"),
        ):
            b.add_class(f"mjlearn-quiz-{cls}")
        self.check_button.on_click(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.show_hint())
        self.reveal_button.on_click(lambda _: self.show_solution())
        self.next_button.on_click(lambda _: self.next())
        self.widget = W.VBox(
            [
                self.header,
                self.question,
                self.box,
                W.HBox(
                    [self.check_button, self.hint_button, self.reveal_button, self.next_button],
                    layout=W.Layout(flex_flow="row wrap"),
                ),
                self.feedback,
            ]
        )
        self.widget.add_class("mjlearn-quiz")
        _say_aloud(self)  # a live region: each question and verdict said for a screen reader
        self._show()

    # -- state --------------------------------------------------------------------
    @property
    def current(self) -> Question:
        return self.questions[self.index]

    def _counts(self) -> tuple[int, int, int]:
        """(answered, right at the first try, right at a later try after a wrong first one)."""
        done = sum(r is not None for r in self.results)
        right = sum(bool(r and r.correct) for r in self.results)
        fixed = sum(1 for r, ok in zip(self.results, self.solved) if r is not None and not r.correct and ok)
        return done, right, fixed

    def score_text(self, lang: str | None = None) -> str:
        """The running score in words: right at the first try out of the answered, and how many were
        right at a later try (after a wrong first answer, whether or not Hint was pressed: the
        "try again" message shows a hint by itself). ``lang`` "zh" or "en"; None: both."""
        done, right, fixed = self._counts()
        zh = f"一次答对 {right} 题（已答 {done} 题）" + (f" · 再试答对 {fixed} 题" if fixed else "")
        en = f"right first time {right} of {done}" + (f" · right at a later try {fixed}" if fixed else "")
        by_lang: dict[str | None, str] = {"zh": zh, "en": en}
        return by_lang.get(lang, f"{zh} / {en}")

    def _header(self):
        n, k = len(self.questions), self.index + 1
        self.header.value = (
            f"<b>{escape(self.title[0])} {escape(self.title[1])}</b><br>"
            f"<span class='mjlearn-quiz-score' style='font-size:90%'>"
            f"第 {k} 题，共 {n} 题 · {escape(self.score_text('zh'))}<br>"
            f"question {k} of {n} · {escape(self.score_text('en'))}</span>"
        )

    def _show(self):
        import ipywidgets as W

        q = self.current
        self._header()
        self.question.value = question_html(q)
        self.input = _input_for(q)
        note = _input_note(q)
        self.box.children = (self.input,) + ((W.HTML(note),) if note else ())
        self.feedback.value = self._store_notice()
        self._hints = self._hints_kept = 0
        self._last_answer = None
        self._start = time.monotonic()
        self.check_button.disabled = self._settled[self.index]

    def answer(self, value) -> Grade:
        """Grade ``value`` for the current question (what the Check button does with the input).

        Right: the engine's explanation. Wrong the first time: "not yet" and the next hint, to try
        again. Wrong again: the engine's explanation of the solution. The score updates at once. An
        answer the engine cannot read is no try: the learner is told why (nothing counted or recorded)."""
        q, i = self.current, self.index
        if value is not None and not self._settled[i]:
            try:
                get_kind(q.kind).normalize(q.data, value)
            except QuizError as e:
                self._unreadable(e)
                return grade(q, value)
        g = grade(q, value)
        self.attempts[i] += 1
        self._last_answer = value
        if self.results[i] is None:
            self.results[i] = g
        if self._settled[i]:  # answered after the solution was shown: feedback only, nothing recorded
            self.feedback.value = grade_html(g) + self._store_notice()
            self._header()
            return g
        self._keep(q, g.answer, g)
        if g.correct:
            self.solved[i] = True
            head = "正确！ Correct!" if self.attempts[i] == 1 else f"改对了！ Correct now (try {self.attempts[i]})."
            self._settle()
            self.feedback.value = grade_html(g, head) + self._store_notice()
        elif self.attempts[i] == 1 and value is not None:
            h = hint(q, self._hints, value)
            if h is not None:
                self._hints += 1
            note = retry_note(q, value)
            self.feedback.value = retry_html(h, hint(q, self._hints, value) is not None, note) + self._store_notice()
        else:
            self._settle()
            self.feedback.value = grade_html(g) + self._store_notice()
        self._header()
        return g

    def _keep(self, q: Question, value, g: Grade) -> None:
        """Record one try. Tries at the same question follow each other, so the progress store reads a
        wrong try and the right one after it as one corrected attempt; the first row keeps the first
        try's verdict. Hints are counted with the try they came before."""
        self._unsaved.append((q, value, g, self._hints - self._hints_kept, time.monotonic() - self._start))
        self._hints_kept = self._hints
        self._start = time.monotonic()
        self._save()

    def _settle(self) -> None:
        """The question is done: no more tries are recorded (a reveal before any answer counts wrong)."""
        i = self.index
        if self._settled[i]:
            return
        self._settled[i] = True
        self.check_button.disabled = True
        if self.results[i] is None:  # revealed before any answer: counted wrong
            g = grade(self.current, None)
            self.results[i] = g
            self._keep(self.current, None, g)

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
        return (
            f"<div class='mjlearn-quiz-store' data-unsaved='{n}'>{_WARN}答案暂时无法保存（已记住 {n} 个，"
            f"下次作答时再试）。 Answers cannot be saved right now ({n} kept, tried again with the next "
            f"answer).<br><span style='color:#555'>{escape(self.store_problem)}</span></div>"
        )

    def check(self) -> Grade | None:
        v = self.input.value
        if v is None or v == () or (isinstance(v, str) and not v.strip()):  # nothing chosen: not an answer yet
            self.feedback.value = (
                "<div class='mjlearn-quiz-feedback' data-correct='invalid'>"
                "请先选择或输入答案。 Choose or type an answer first.</div>"
            )
            return None
        try:
            value = _value(self.current, self.input)
        except QuizError as e:
            self._unreadable(e)
            return None
        return self.answer(value)

    def _unreadable(self, e: QuizError) -> None:
        """An answer that cannot be read: why, and how to write one; Check stays open for a retry."""
        zh, en = unreadable(self.current.kind, e)
        why = f"{escape(zh)}<br><span style='color:#555'>{escape(en)}</span>"
        self.feedback.value = (
            f"<div class='mjlearn-quiz-feedback' data-correct='invalid'>{why}</div>{self._store_notice()}"
        )

    def show_hint(self):
        h = hint(self.current, self._hints, self._last_answer)
        if h is None:
            h = ("没有更多提示了。", "No more hints.")
            level = ""
        else:
            self._hints += 1
            level = f"（{self._hints}）" if self._hints > 1 else ""
        self.feedback.value = f"<div class='mjlearn-quiz-hint'>{_BULB}{level} {pair_html(*h)}</div>"

    def show_solution(self):
        _sol, lines = reveal(self.current)
        self._settle()  # revealed before a right answer: the first attempt's verdict stands (none: wrong)
        self._header()
        self.feedback.value = (
            f"<div class='mjlearn-quiz-solution'><b>答案 Solution</b><ul>{_lines_html(lines)}</ul>"
            f"</div>" + self._store_notice()
        )

    def next(self):
        if self.results[self.index] is not None:
            self._settle()  # moving on after a wrong first try: it is recorded as it stands
        if self.index + 1 < len(self.questions):
            self.index += 1
            self._show()
        else:
            self._header()
            _, right, fixed = self._counts()
            n = len(self.questions)
            self.feedback.value = (
                f"<div class='mjlearn-quiz-done'><b>完成！ Done!</b> "
                f"一次答对 {right} 题，共 {n} 题"
                + (f"，再试答对 {fixed} 题" if fixed else "")
                + f"。 Right first time: {right} of {n}"
                + (f"; right at a later try: {fixed}" if fixed else "")
                + ".</div>"
            )

    # -- display --------------------------------------------------------------------
    def static_html(self) -> str:
        """Every question of the set as a page shows it without a kernel (an exported lesson, GitHub):
        the prompt and its picture, the choices or how to type the answer, and a folded answer key
        with the engine's explanation."""
        out = [
            f"<div class='mjlearn-quiz-static'><p><b>{escape(self.title[0])} · {escape(self.title[1])}</b> "
            f"<span style='color:#555'>({len(self.questions)} 题 questions; 运行这一格就能作答 "
            f"run this cell to answer them)</span></p><ol>"
        ]
        for q in self.questions:
            kind = get_kind(q.kind)
            out.append("<li>" + question_html(q))
            choices = kind.choices(q.data)
            if choices:
                out.append(
                    "<ul style='margin:2px 0'>" + "".join(f"<li>{escape(label)}</li>" for _, label in choices) + "</ul>"
                )
            elif kind.answer_help != ("", ""):
                out.append(
                    f"<div style='color:#555'>{escape(kind.answer_help[0])} / {escape(kind.answer_help[1])}</div>"
                )
            _solution, lines = reveal(q)
            out.append(f"<details><summary>答案 Answer</summary><ul>{_lines_html(lines)}</ul></details></li>")
        out.append("</ol></div>")
        return "".join(out)

    def _repr_mimebundle_(self, **kw):
        bundle = self.widget._repr_mimebundle_(**kw)
        text = f"{self.title[1]}: {len(self.questions)} questions\n" + self.current.text("en")
        figure = get_kind(self.current.kind).figure(self.current.data)
        if figure is not None and figure[0] == "hand":  # the tiles in words too, not only in notation
            try:
                text += "\n" + svg.describe_hand(svg.as_hand(figure[1]))
            except (ValueError, AttributeError):
                pass
        html = self.static_html()
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


def practice(
    topic: str = "all", n: int = 5, seed: int | None = None, difficulty: int = 1, *, record: bool = True, store=None
) -> QuizWidget:
    """A short exercise set on a topic (or a kind, or ``"all"``) as a widget — one line in any notebook::

        mjlearn.quiz.practice("waits", n=5, seed=1)

    ``practice("review")``: questions on what your own answers say is due (spaced repetition).
    """
    if topic == "review":  # questions on the items due (review_practice, below)
        return review_practice(n=n, seed=seed, difficulty=difficulty, record=record, store=store)
    qs = questions_for(topic, n=n, seed=seed, difficulty=difficulty)
    if topic in TOPICS:
        title = TOPICS[topic]
    elif topic == "all":
        title = ("综合练习", "Practice")
    else:  # a kind, "waits" or "kind:waits"
        title = get_kind(topic.removeprefix("kind:")).title
    return QuizWidget(qs, title=title, record=record, store=store, quiz=f"practice:{topic}")


def review_practice(n: int = 5, seed: int | None = None, difficulty: int = 1, *, record: bool = True, store=None):
    """The quiz widget for ``practice("review")``: questions on the due items; with no history yet,
    questions on the topic the progress view suggests."""
    own = store is None
    s = store
    try:
        if s is None:
            s = ProgressStore()
        qs, _ = review_questions(s, n=n, seed=seed, difficulty=difficulty)
        if not qs:
            qs = questions_for(s.suggest(), n=n, seed=seed, difficulty=difficulty)
    except ProgressError:  # no history can be read: mixed practice (the widget says why answers are not saved)
        qs = questions_for("all", n=n, seed=seed, difficulty=difficulty)
    finally:
        if own and s is not None:
            s.close()
    return QuizWidget(qs, title=("复习", "Review"), record=record, store=store, quiz="practice:review")
