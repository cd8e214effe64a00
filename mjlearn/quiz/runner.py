"""Run a quiz in the terminal: show each question, read the answer, grade it, record it.

Commands at the answer prompt: ``?`` a hint, ``!`` reveal the solution (counted wrong unless the first
answer was right), ``q`` quit. A wrong answer may be tried once more before the solution is shown.
"""

from __future__ import annotations

import builtins
import sys
import time
from collections.abc import Callable, Iterable

from ..i18n import pick
from .core import Question, QuizError, get_kind, grade, hint, parse_answer, retry_note, reveal, unreadable

__all__ = ["run_terminal"]


def run_terminal(
    questions: Iterable[Question],
    *,
    title: str = "",
    store=None,
    quiz: str | None = None,
    input: Callable[[str], str] | None = None,
    out=None,
    lang: str | None = None,
    tries: int = 2,
    numbers: list[int] | None = None,
    total: int | None = None,
) -> dict:
    """Ask every question; returns {"answered", "correct", "corrected", "results": [Grade...]}.

    A wrong answer may be tried again (``tries`` answers in all, default 2): the first wrong one gets
    "not yet" and the next hint; the worked solution comes after the last try or with ``!``. Each try
    is recorded as it is graded (the first row keeps the first try's verdict; the progress store reads
    a wrong try and the right one after it as one corrected attempt); ``results`` holds each
    question's first grade.

    ``numbers`` and ``total``: how the questions are numbered ("[5/10]"), when they are the rest of a
    longer set (a resumed assignment); default 1, 2, ... of as many as are given."""
    out = out or sys.stdout
    if input is None:
        input = builtins.input
    qs = list(questions)
    results: list = []
    corrected = 0
    if title:
        print(title, file=out)
    for n, q in enumerate(qs, 1):
        k = get_kind(q.kind)
        choices = k.choices(q.data) if k.answer == "choice" else []  # the kind declares how it is answered
        text = q.text(lang)
        if choices:  # the numbered choices below list the options once
            text = "\n".join(ln for ln in text.splitlines() if not ln.startswith(("Options:", "选项：")))
        shown = numbers[n - 1] if numbers is not None else n
        print(f"\n[{shown}/{total if total is not None else len(qs)}] " + text, file=out)
        if choices:
            print("  ".join(f"{n}) {label}" for n, (_, label) in enumerate(choices, 1)), file=out)
        help_line = pick(*k.answer_help, lang=lang)
        if choices:
            help_line += pick(f"，或输入序号 1-{len(choices)}", f", or its number 1-{len(choices)}", lang)
        if k.answer == "choices":
            help_line += pick("（可以选多个）", " (give every one that applies)", lang)
        help_line += pick("（? 提示，! 看答案，q 退出）", " (? hint, ! reveal, q quit)", lang)
        print(help_line, file=out)
        hints, hints_kept, start, first, attempts = 0, 0, time.monotonic(), None, 0
        while True:
            try:
                text = input("> ")
            except EOFError:
                text = "q"
            text = text.strip()
            if text == "q":
                if first is not None:  # a wrong first try, then quit: it counts as it stands
                    results.append(first)
                return _done(results, out, lang, corrected)
            if text == "?":
                h = hint(q, hints)
                print(pick(*h, lang=lang) if h else pick("没有更多提示了。", "No more hints.", lang), file=out)
                hints += h is not None
                continue
            if text == "!":
                _sol, lines = reveal(q)
                print(pick("答案：", "Solution:", lang), file=out)
                for zh, en in lines:
                    print("  " + pick(zh, en, lang), file=out)
                if first is None:  # revealed before any answer: counted wrong
                    first = grade(q, _solution_wrong_marker(q))
                    _keep(store, q, "(revealed)", first, quiz, hints, start)
                results.append(first)
                break
            try:
                answer = _chosen(choices, text) if choices else None
                if answer is None:
                    answer = parse_answer(q, text)
            except QuizError as e:
                print(pick(*unreadable(q.kind, e), lang=lang), file=out)
                continue
            g = grade(q, answer)
            attempts += 1
            first = first or g
            _keep(store, q, answer, g, quiz, hints - hints_kept, start)
            hints_kept, start = hints, time.monotonic()
            if g.correct:
                if attempts > 1:
                    corrected += 1
                    print(pick(f"改对了！（第 {attempts} 次）", f"Correct now (try {attempts}).", lang), file=out)
                    print("\n".join(pick(zh, en, lang) for zh, en in g.explanation), file=out)
                else:
                    print(g.text(lang), file=out)
                results.append(first)
                break
            if attempts < tries:
                print(pick("还不对，再试一次。", "Not yet: try again.", lang), file=out)
                note = retry_note(q, answer)
                if note is not None:
                    print(pick(*note, lang=lang), file=out)
                h = hint(q, hints)
                if h is not None:
                    hints += 1
                    print(pick("提示：", "Hint: ", lang) + pick(*h, lang=lang), file=out)
                print(pick("（! 看答案）", "(! shows the solution)", lang), file=out)
                continue
            print(g.text(lang), file=out)
            results.append(first)
            break
    return _done(results, out, lang, corrected)


def _keep(store, q, value, g, quiz, hints, start) -> None:
    """Record one try (tries at one question follow each other: the store reads a wrong try and the
    right one after it as one corrected attempt)."""
    if store is not None:
        store.record(q, value, g, quiz=quiz, hints=hints, seconds=time.monotonic() - start)


def _chosen(choices, text: str):
    """The value of a numbered choice ("2"), or None when the text is not a choice's number."""
    if text.isdigit() and 1 <= int(text) <= len(choices) and len(text) <= 3:
        return choices[int(text) - 1][0]
    return None


def _solution_wrong_marker(q: Question):
    """A revealed question counts as wrong: grade an empty answer (explained by the engine)."""
    return None


def _done(results, out, lang, corrected: int = 0) -> dict:
    right = sum(g.correct for g in results)
    line = pick(
        f"共答 {len(results)} 题，第一次就答对 {right} 题", f"{right} of {len(results)} right at the first try", lang
    )
    if corrected:
        line += pick(f"，另有 {corrected} 题改对", f", {corrected} more corrected", lang)
    print("\n" + line + pick("。", ".", lang), file=out)
    return {"answered": len(results), "correct": right, "corrected": corrected, "results": results}
