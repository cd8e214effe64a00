"""The quiz by keyboard and screen reader: a polite live region that says each new question and each
verdict, hint or solution as it appears, and Enter in the answer box to check the answer.

The quiz is made of ipywidgets, whose buttons, radio buttons, check boxes and text box already work
with Tab, the arrows, Space and Enter; what they lack is a voice (and, inside JupyterLab, the arrows
on a radio button, which the notebook took to move between cells; and a click on Check that cannot
overtake the last choice, which ipywidgets may still hold back: Check waits for the kernel's answer
to a "ping" sent after it). :func:`attach` adds to a
:class:`~mjlearn.quiz.widget.QuizWidget` one small anywidget (:func:`live_region`) holding an
``aria-live="polite"`` region, and fills it with the text of the feedback whenever the feedback
changes, and with the question's number and prompt (both languages) when a new question is shown.
"""

from __future__ import annotations

import html as _html
import re

from ..i18n import both
from ..lazy import built_once
from .core import get_kind
from .picture import figure_words

__all__ = ["SAID_PARTS", "attach", "live_region", "question_words", "said", "text_of"]

SAID_PARTS = 3
"""How many parts of the feedback are said (the verdict and its first line in both languages, or the
hint); the rest, a worked solution, stays on the page to be read at the learner's pace."""

_ESM = """
// One polite live region (read aloud, not shown), and Enter in the quiz's answer box presses Check.
const HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
  + "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0";

function render({ model, el }) {
  const node = document.createElement("div");
  node.className = "mjlearn-quiz-live";
  node.setAttribute("role", "status");
  node.setAttribute("aria-live", "polite");
  node.setAttribute("aria-atomic", "true");
  node.style.cssText = HIDDEN;
  node.textContent = model.get("text");
  node.dataset.said = String(model.get("said"));
  el.appendChild(node);
  // the same words again (a second "not yet") are a new announcement: empty the region first
  model.on("change:said", () => {
    node.textContent = "";
    setTimeout(() => { node.textContent = model.get("text"); node.dataset.said = String(model.get("said")); }, 60);
  });
  let quiz = null;
  // keys pressed in the quiz are the quiz's, not JupyterLab's shortcuts: its ArrowUp/ArrowDown on a
  // radio button would select another cell, "d d" on a button delete the quiz's cell. The browser
  // still does its default (the arrows move the radio buttons, Space ticks); Ctrl/Cmd/Alt pass.
  function keepKeys(ev) {
    if (!ev.ctrlKey && !ev.metaKey && !ev.altKey) ev.stopPropagation();
  }
  function onKey(ev) {
    if (ev.key !== "Enter" || ev.isComposing || !ev.target.matches("input[type=text]")) return;
    const check = quiz.querySelector("button.mjlearn-quiz-check");
    if (!check || check.disabled) return;
    ev.preventDefault();
    ev.stopPropagation();  // not JupyterLab's Enter
    const box = ev.target;
    box.blur();  // the box sends its value ("change") before Check's click is sent
    check.click();
    box.focus();
  }
  // Check waits until the kernel has every choice made before it: ipywidgets holds back a control's
  // changes while one is in flight, and a click would overtake them (the arrows through the radio
  // buttons, then Tab and Enter, graded the first choice). The kernel answers "ping" after what was
  // sent before; by then the held-back changes have gone out, and the click follows them.
  let pings = 0;
  let held = null;
  function onClick(ev) {
    const check = ev.target.closest && ev.target.closest("button.mjlearn-quiz-check");
    if (!check || check === released) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    held = check;
    model.send({ ping: ++pings });
  }
  let released = null;
  model.on("msg:custom", (msg) => {
    if (!msg || msg.pong !== pings || !held) return;
    released = held;
    held = null;
    released.click();
    released = null;
  });
  const hook = setInterval(() => {  // the box is put in the page after render: wait for it
    if (!el.isConnected) return;
    clearInterval(hook);
    quiz = el.closest(".mjlearn-quiz");
    if (!quiz) return;
    quiz.addEventListener("keydown", onKey, true);  // before the box's own handler stops it
    quiz.addEventListener("keydown", keepKeys);
    quiz.addEventListener("click", onClick, true);  // before the button's own handler
  }, 50);
  return () => {
    clearInterval(hook);
    if (quiz) {
      quiz.removeEventListener("keydown", onKey, true);
      quiz.removeEventListener("keydown", keepKeys);
      quiz.removeEventListener("click", onClick, true);
    }
  };
}
export default { render };
"""

_SVG = re.compile(r"<svg\b[^>]*>(.*?)</svg>", re.DOTALL)
_LABEL = re.compile(r'\baria-label="([^"]*)"')
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)


def text_of(html: str) -> str:
    """The words of a piece of the quiz's HTML as a screen reader reads them: each picture by its
    label (a tile's names), styles left out, the rest as plain text on one line."""

    def picture(m: re.Match) -> str:
        label = _LABEL.search(m.group(0)[: m.start(1) - m.start(0)]) or _TITLE.search(m.group(1))
        return f" {label.group(1)} " if label else " "

    text = _SVG.sub(picture, re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.DOTALL))
    text = re.sub(r"<(?:br|/?div|/?p|/?li|/?ul|/?ol)\b[^>]*>", " · ", text)  # a block or line apart
    text = _html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"(?:\s*·\s*)+", " · ", text).strip(" ·")


def said(html: str) -> str:
    """What is said of the feedback ``html``: its first :data:`SAID_PARTS` parts."""
    return " · ".join(text_of(html).split(" · ")[:SAID_PARTS])


def question_words(quiz) -> str:
    """A new question said: its number and its prompt in both languages, and what the tiles it asks
    about show when they are the question (their picture's name: :func:`~mjlearn.quiz.picture.figure_words`)."""
    k, n = quiz.index + 1, len(quiz.questions)
    q = quiz.current
    zh, en = q.prompt
    words = both(f"第 {k} 题，共 {n} 题：{zh}", f"Question {k} of {n}: {en}")
    picture = figure_words(get_kind(q.kind).figure(q.data))
    return f"{words} {picture}" if picture else words


@built_once
def live_region():
    """The class of the quiz's live region (anywidget, loaded on first use): ``say(text)`` reads it."""
    import anywidget
    import traitlets as t

    class LiveRegion(anywidget.AnyWidget):
        _esm = _ESM
        text = t.Unicode("").tag(sync=True)
        said = t.Int(0).tag(sync=True)
        """How many times something was said (a change is read aloud, the same words too)."""

        def __init__(self, **kw):
            super().__init__(**kw)
            self.on_msg(self._pong)

        def _pong(self, _widget, content, _buffers) -> None:
            """Answer the front end's ``{"ping": n}`` (sent before Check's click is let through)."""
            n = content.get("ping") if isinstance(content, dict) else None
            if isinstance(n, int) and not isinstance(n, bool):
                self.send({"pong": n})

        def say(self, words: str) -> None:
            if words:
                with self.hold_sync():
                    self.text = words
                    self.said += 1

    return LiveRegion


def attach(quiz) -> None:
    """Give ``quiz`` its live region (``quiz.live``): the feedback and each new question are said."""
    live = quiz.live = live_region()()
    quiz.widget.children = (*quiz.widget.children, live)
    quiz.feedback.observe(lambda change: live.say(said(change["new"])), "value")
    quiz.question.observe(lambda _change: live.say(question_words(quiz)), "value")
