"""The coach's figures in plain words first, for a learner who has not met the technical words yet.

Lesson 00 teaches neither shanten, useful tiles nor expected value, yet the first table's coach
speaks in them. Here each figure is said plainly first ("2 tiles away from ready 还差两张听牌",
"tiles that would help 有用的牌: 12", "points on average 平均得分"), with the technical word after it,
marked as a glossary word where the course's glossary has one (:func:`mjlearn.terms.term_html`: a
popover on tap or focus, ``widgets/static/glossary.js``). Every number comes from the caller, which
has it from the coach's evaluation; nothing here counts or guesses.

Also the end of a hand the learner lost on his own discard while every decision matched the coach's
best (:func:`all_best_html`): the review says why that is no contradiction, from the hand's record
(its ``dealt_in``: the wins made on his discard, :func:`~mjlearn.widgets.play_keep.dealt_in`).
"""

from __future__ import annotations

from ..i18n import count_zh
from ..seats import Seat
from ..terms import term_html
from ..tiles import tile as _tile
from ._base import B, esc

__all__ = ["all_best_html", "away_words", "expected_html", "shanten_html", "useful_label"]


def away_words(s: int) -> tuple[str, str]:
    """How far a hand of shanten ``s`` is from ready, in plain words (zh, en): complete, ready, or
    "2 tiles away from ready" / "还差两张听牌"."""
    if s < 0:
        return "和了", "complete"
    if s == 0:
        return "听牌了", "ready"
    return f"还差{count_zh(s)}张听牌", f"{s} tile{'s' if s != 1 else ''} away from ready"


def _term(zh: str, en: str, glossary: str | None) -> str:
    """The technical word in both languages, a glossary word (popover) when the glossary has it."""
    words = B(zh, en)
    return term_html(glossary, words) if glossary else esc(words)


def shanten_html(before: int | None, after: int) -> str:
    """The distance from ready before and after a discard: plain words first, then the shanten numbers
    with the word marked as the glossary's."""
    plain = (f"{esc(B(*away_words(before)))} → " if before is not None else "") + esc(B(*away_words(after)))
    nums = f"{before} → {after}" if before is not None else f"{after}"
    return (
        f'<span data-far="{after}">{esc(B("离听牌", "how far from ready"))}: {plain}</span> '
        f"<small>({_term('向听', 'shanten', '向听')} {nums})</small>"
    )


def useful_label(n: int) -> str:
    """The label of the useful tiles' count: "tiles that would help 有用的牌: 12 (useful tiles 进张)"."""
    return (
        f'{esc(B("有用的牌", "tiles that would help"))}: <b data-useful-count="{n}">{n}</b> '
        f"<small>({_term('进张', 'useful tiles', '有效牌')})</small>"
    )


def expected_html(value: float, unit: tuple[str, str], data: bool = True) -> str:
    """An expected value in plain words: what the hand brings on average (a win's value times its
    chance), then the technical name (the glossary has no entry for it: plain text)."""
    attr = f' data-expected="{value}"' if data else ""
    return (
        f"{esc(B('平均能得', 'points on average'))}: <span{attr}>{value:.1f}</span> {esc(B(*unit))} "
        f"<small>({esc(B('期望', 'expected value'))})</small>"
    )


def all_best_html(record: dict) -> str:
    """The review's line when no decision of the hand cost anything by the coach's measure, and, when the
    learner nevertheless dealt in (the record's ``dealt_in``), why that is no contradiction."""
    line = f'<div class="mj-ok">{esc(B("每个决定都和教练的最佳一样好。", "Every decision was as good as the coach best."))}</div>'
    wins = record.get("dealt_in") or []
    if not wins:
        return line
    gave = []
    for w in wins:
        x, who = _tile(w["tile"]), Seat.of(w["winner"])
        gave.append(
            (f"你加杠的{x.zh}被{who.player_zh}抢杠和了", f"{who.en} won by robbing your added kong of {x.en}")
            if w.get("robbed")
            else (f"你打出的{x.zh}让{who.player_zh}和了", f"your {x.en} gave {who.en} the win")
        )
    zh = "，".join(z for z, _ in gave)
    en = " and ".join(e for _, e in gave)
    note = B(
        f"你放了炮（{zh}），但按教练的标准每一步都没有错：教练按你自己和牌的机会评每个决定，"
        "不算一张牌会不会让别人和，所以这次点炮不算失误。牌局快结束时，教练的理由会说哪张牌打出去更安全。",
        f"You dealt in ({en}), but by the coach's measure no decision was a mistake: the coach rates each "
        "decision by your own chance to win, not by whether a tile lets another player win, so dealing in "
        "is not counted against you. Late in the hand, its reasons say which discard is the safer one to let go.",
    )
    return line + f'<div class="mj-note" data-dealt-in="{len(wins)}">{esc(note)}</div>'
