"""Run a quiz in the terminal: show each question, read the answer, grade it, record it.

Commands at the answer prompt: ``?`` a hint, ``!`` reveal the solution (counted wrong), ``q`` quit.
"""

from __future__ import annotations

import builtins
import sys
import time
from typing import Callable, Iterable

from ..i18n import pick
from .core import Question, grade, hint, parse_answer, reveal, get_kind, QuizError

__all__ = ["run_terminal"]


def run_terminal(questions: Iterable[Question], *, title: str = "", store=None, quiz: str | None = None,
                 input: Callable[[str], str] | None = None, out=None, lang: str | None = None) -> dict:
    """Ask every question; returns {"answered", "correct", "results": [Grade...]}."""
    out = out or sys.stdout
    if input is None:
        input = builtins.input
    qs = list(questions)
    results = []
    if title:
        print(title, file=out)
    for n, q in enumerate(qs, 1):
        k = get_kind(q.kind)
        print(f"\n[{n}/{len(qs)}] " + q.text(lang), file=out)
        choices = k.choices(q.data) if k.answer == "choice" else []  # the kind declares how it is answered
        if choices:
            print("  ".join(f"{n}) {label}" for n, (_, label) in enumerate(choices, 1)), file=out)
        help_line = pick(*k.answer_help, lang=lang)
        if choices:
            help_line += pick(f"，或输入序号 1-{len(choices)}", f", or its number 1-{len(choices)}", lang)
        help_line += pick("（? 提示，! 看答案，q 退出）", " (? hint, ! reveal, q quit)", lang)
        print(help_line, file=out)
        hints, start = 0, time.monotonic()
        while True:
            try:
                text = input("> ")
            except EOFError:
                text = "q"
            text = text.strip()
            if text == "q":
                return _done(results, out, lang)
            if text == "?":
                h = hint(q, hints)
                print(pick(*h, lang=lang) if h else pick("没有更多提示了。", "No more hints.", lang), file=out)
                hints += h is not None
                continue
            if text == "!":
                sol, lines = reveal(q)
                for zh, en in lines:
                    print(pick(zh, en, lang), file=out)
                g = grade(q, _solution_wrong_marker(q))
                results.append(g)
                if store is not None:
                    store.record(q, "(revealed)", g, quiz=quiz, hints=hints, seconds=time.monotonic() - start)
                break
            try:
                answer = _chosen(choices, text) if choices else None
                if answer is None:
                    answer = parse_answer(q, text)
            except QuizError as e:
                print(pick(f"无法理解：{e}", f"Could not read that: {e}", lang), file=out)
                continue
            g = grade(q, answer)
            print(g.text(lang), file=out)
            results.append(g)
            if store is not None:
                store.record(q, answer, g, quiz=quiz, hints=hints, seconds=time.monotonic() - start)
            break
    return _done(results, out, lang)


def _chosen(choices, text: str):
    """The value of a numbered choice ("2"), or None when the text is not a choice's number."""
    if text.isdigit() and 1 <= int(text) <= len(choices) and len(text) <= 3:
        return choices[int(text) - 1][0]
    return None


def _solution_wrong_marker(q: Question):
    """A revealed question counts as wrong: grade an empty answer (explained by the engine)."""
    return None


def _done(results, out, lang) -> dict:
    right = sum(g.correct for g in results)
    print("\n" + pick(f"共答 {len(results)} 题，答对 {right} 题。", f"{right} of {len(results)} answered correctly.", lang),
          file=out)
    return {"answered": len(results), "correct": right, "results": results}
