"""The dashboard's questions: an answer as a teacher reads it, a question's picture in a history row,
and the per-question view of an assignment (each question of its set, how many learners got it right,
each learner's latest answer with the engine's explanation, the engine's own answer and why).

The pictures are the quiz's own (:func:`mjlearn.quiz.widget.question_html`, tiles drawn by
:mod:`mjlearn.render.svg`); the explanations are the engine's (:func:`mjlearn.quiz.grade` for a
learner's answer, :func:`mjlearn.quiz.core.reveal` for the solution), never written here.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from ..quiz.core import KINDS, Question, get_kind, grade, reveal
from ..quiz.widget import pair_html, question_html, tiled
from ..render import svg
from ..tiles import tile as as_tile

__all__ = ["answer_html", "answer_text", "kind_label", "question_figure", "questions_view"]

LONGEST = 300
"""The most characters of an answer the dashboard shows (a learner may write any answer by hand)."""
_DRAWN = 150  # the longest answer whose tiles are drawn: every tile of a hand, written out, is shorter
_LEFT = "padding:2px 6px;text-align:left;vertical-align:top"
_NONE = "（没有作答 no answer）"
_WORST = " · <b style='color:#c33'>⚑ 最常答错 missed most</b>"


def kind_label(kind: str) -> str:
    k = KINDS.get(kind)
    return f"{k.title[0]} {k.title[1]}" if k is not None and k.title[0] else kind


def _plain(value: Any) -> str:
    if value is True:
        return "是 yes"
    if value is False:
        return "否 no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(_plain(v) for v in value)
    return str(value)


def answer_text(q: Question, answer: Any) -> str:
    """An answer (or the engine's solution) to ``q`` as a teacher reads it: the option's words for a
    choice (``东风 East Wind``, fan names), tiles in notation, a number, seats with their points; an
    answer longer than :data:`LONGEST` characters (never one of mjlearn's) cut there, marked ``…``."""
    text = _answer_text(q, answer)
    return text if len(text) <= LONGEST else text[:LONGEST] + "…"


def _answer_text(q: Question, answer: Any) -> str:
    if answer is None or answer == [] or answer == "":
        return _NONE
    try:
        labels = {json.dumps(v, sort_keys=True): label for v, label in get_kind(q.kind).choices(q.data)}
    except Exception:  # noqa: BLE001 - a damaged question still shows its raw answer
        labels = {}
    if labels:
        items = answer if isinstance(answer, list) else [answer]
        return "、".join(labels.get(json.dumps(v, sort_keys=True), _plain(v)) for v in items)
    return _plain(answer)


def question_figure(q: Question, width: int = 18) -> str:
    """The question's hand or tile, drawn small (for a row of a learner's history); '' when it has none."""
    try:
        figure = get_kind(q.kind).figure(q.data)
        if figure is None:
            return ""
        if figure[0] == "hand":
            return svg.inline_html(svg.hand_svg(figure[1], width=width))
        if figure[0] in ("tile", "tiles"):
            return svg.inline_html(svg.tiles_svg(figure[1], width=width))
    except Exception:  # noqa: BLE001, S110 - a question the engine cannot draw is shown without its picture
        pass
    return ""


def answer_html(q: Question, text: str) -> str:
    """An answer's text as HTML: tiles drawn when the answer is tiles, words escaped otherwise."""
    kind = KINDS.get(q.kind)
    if kind is not None and kind.answer == "tile":
        try:  # one tile: drawn, with its name (a lone letter such as F is not drawn in running text)
            t = as_tile(text)
        except Exception:  # noqa: BLE001 - not a tile (no answer, a damaged one): the words alone
            return escape(text)
        return f"{svg.inline_html(svg.tile_svg(text, width=22))} {escape(f'{t.zh} {t.en}')}"
    # tiles drawn for an answer of a hand's size at most; a longer one (written by hand) stays text
    drawn = kind is not None and kind.answer == "tiles" and len(text) <= _DRAWN
    return tiled(text) if drawn else escape(text)


def _bar(n: int, of: int, width: int = 120) -> str:
    w = int(width * n / of) if of else 0
    return (
        f"<div style='background:#ddd;width:{width}px;height:10px;display:inline-block'>"
        f"<div style='background:#2a2;width:{w}px;height:10px'></div></div>"
    )


def _explained(lines) -> str:
    return (
        "<ul style='margin:2px 0 2px 18px;padding:0'>"
        + "".join(f"<li>{pair_html(z, e)}</li>" for z, e in lines)
        + "</ul>"
    )


def missed_most(items: list[dict]) -> dict | None:
    """The question the fewest learners got right, of those someone missed (the first such in the set);
    None while nobody has missed any."""
    answered = [it for it in items if it["answered"] and it["right"] < it["answered"]]
    if not answered:
        return None
    return min(answered, key=lambda it: (it["right"] / it["answered"], it["n"]))


def questions_view(assignment: dict, items: list[dict], learners: list[str]) -> tuple[str, str]:
    """(HTML, text) of one assignment's questions: a summary table (the most missed marked), then
    each question drawn with the engine's answer and explanation and each learner's latest answer."""
    aid = assignment["id"]
    head = f"作业 assignment #{aid} {assignment['quiz_set']}"
    if not items:
        text = f"{head}: 题集无法读取 the quiz set cannot be read"
        return f"<p>{escape(text)}</p>", text
    worst = missed_most(items)
    worst_line = (
        f"最常答错 Missed most: 第 {worst['n']} 题 Q{worst['n']} ({kind_label(worst['kind'])}), "
        f"{worst['right']}/{worst['answered']} 答对 right"
        if worst is not None
        else "还没有人答错 nobody has missed a question yet"
    )
    rows, lines, blocks = [], [f"{head}: {worst_line}"], []
    for it in items:
        mark = " ⚑ 最常答错 missed most" if it is worst else ""
        shade = " style='background:#fde2e1'" if it is worst else ""
        rows.append(
            f"<tr{shade}><td style='{_LEFT}'>"
            f"<a href='#mj-q{aid}-{it['n']}'>第 {it['n']} 题 Q{it['n']}</a></td>"
            f"<td style='{_LEFT}'>{escape(kind_label(it['kind']))}</td>"
            f"<td style='{_LEFT}'>{_bar(it['right'], it['answered'])} {it['right']}/{it['answered']}"
            f"<span style='color:#555'> 答对/作答 right/answered</span>{escape(mark)}</td></tr>"
        )
        lines.append(f"  Q{it['n']} {it['kind']}: {it['right']}/{it['answered']} right 答对{mark}")
        blocks.append(_question_block(aid, it, learners, it is worst, lines))
    html = (
        f"<div class='mj-dash-questions' style='max-width:100%;overflow-x:auto'>"
        f"<b>逐题查看 Question by question</b> · {escape(head)}"
        f"<p style='margin:4px 0'><b>{escape(worst_line)}</b></p>"
        "<table style='font-size:90%'><tr><th style='text-align:left'>题 Question</th>"
        "<th style='text-align:left'>题型 Kind</th><th style='text-align:left'>答对 Right</th></tr>"
        f"{''.join(rows)}</table>{''.join(blocks)}</div>"
    )
    return html, "Question by question 逐题查看, " + "\n".join(lines)


def _question_block(aid, it: dict, learners: list[str], worst: bool, lines: list[str]) -> str:
    q = Question.from_dict(it["question"])
    solution, why = reveal(q)
    right = answer_text(q, solution)
    lines.append(f"    answer 正确答案: {right}")
    said: dict[str, str] = {}  # the engine's explanation of each distinct wrong answer, worked out once
    rows = []
    for u in learners:
        got = it["learners"].get(u)
        if got is None:
            rows.append(
                f"<tr><td style='{_LEFT}'>{escape(u)}</td><td style='{_LEFT};color:#777' colspan='3'>"
                "未作答 not answered</td></tr>"
            )
            continue
        text = answer_text(q, got["answer"])
        ok = got["correct"]
        mark = f"⚑ {got['flag']}" if got["flag"] else "✓" if ok else "✗"
        color = "#b60" if got["flag"] else "#2a2" if ok else "#c33"
        detail = ""
        if not ok:
            key = json.dumps(got["answer"], sort_keys=True)
            if key not in said:
                said[key] = _explained(grade(q, got["answer"]).explanation)
            detail = f"<details><summary>为什么错 why wrong</summary>{said[key]}</details>"
        rows.append(
            f"<tr><td style='{_LEFT}'>{escape(u)}</td><td style='{_LEFT}'>{answer_html(q, text)}{detail}</td>"
            f"<td style='{_LEFT}'>{got['tries']}</td><td style='{_LEFT};color:{color}'>{escape(mark)}</td></tr>"
        )
        lines.append(f"    {u}: {text} ({got['tries']} {'try' if got['tries'] == 1 else 'tries'} 次) {mark}")
    border = "2px solid #c55" if worst else "1px solid #ddd"
    return (
        f"<div id='mj-q{aid}-{it['n']}' class='mj-dash-question' data-q='{it['n']}' "
        f"style='border-top:{border};margin-top:8px;padding-top:4px'>"
        f"<b>第 {it['n']} 题 Q{it['n']}</b> · {escape(kind_label(it['kind']))} · 答对 right {it['right']}/{it['answered']}"
        f"{_WORST if worst else ''}"
        f"{question_html(q)}"
        f"<p style='margin:4px 0'>正确答案 Correct answer: {answer_html(q, right)}</p>"
        f"<details><summary>引擎的解释 The engine's explanation</summary>{_explained(why)}</details>"
        "<table style='font-size:90%'><tr><th style='text-align:left'>学员 Learner</th>"
        "<th style='text-align:left'>回答 Answer</th><th style='text-align:left'>次数 Tries</th>"
        f"<th style='text-align:left'>对错 Right</th></tr>{''.join(rows)}</table></div>"
    )
