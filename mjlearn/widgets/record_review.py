"""A seat of a recorded game judged by the coach, decision by decision, as the play table judges a
learner's: :func:`rated_record` plays the game again at mjlearn's table (:func:`mjlearn.records.hand_record`)
and, at each decision of the seat (a discard, a claim or a pass on a discard, a kong, a win), rates the
options the seat had with the table's own rater (:mod:`.play_rating`: the coach's chance to win,
useful tiles, expected value, and the reason sentence of :mod:`mjlearn.coaching.reasons`). The record
is the one :meth:`~mjlearn.widgets.play.PlayTable.save` writes, so :class:`~mjlearn.widgets.review.Review`
and the step viewer (:func:`~mjlearn.widgets.replay.replay_review`) read it as they read a learner's hand.

:func:`report_html` makes one self-contained HTML page of it (``mjlearn review``): the costliest
decisions first with the coach's reason for each, then every decision with its cost, tiles drawn as
the project's own inline SVG, both languages, no script, nothing fetched from anywhere.

The coach sees what the seat saw. Two things of Botzone's game it does not model: each Botzone player
draws from a wall of his own (21 draws each), while the coach counts a quarter of mjlearn's one wall
as the seat's draws left; and Botzone allows no claim on the last discard, which the coach may rate.
"""

from __future__ import annotations

from ..records import Game, hand_record
from ..seats import SEATS
from ..tiles import tile as _tile
from ._base import _STATIC, B, esc
from ._words import _STYLE, _hand_tiles, _pct
from .play_rating import DecisionRater, rate, rate_discard, reason_words
from .play_turn import options as _options
from .review import _best_option, _chosen, _cost_cell, _decision_line, _option_label, _upgrade, review_html, worst

__all__ = ["rated_record", "report_html"]


def _rate(tb, d: dict, seat: int) -> None:
    """The coach's rating of decision ``d`` of ``seat``, the table as the seat found it."""
    me = SEATS[seat]
    rater = DecisionRater(tb, me)
    opts = lambda: _options(tb, me, True)
    words = reason_words(tb)
    if d["kind"] == "claim":
        d["options"] = opts()
        rate(d, rater.claims(opts), d["choice"], words)
        return
    kw, coaching, evals, before = rater.own_turn(opts)
    if d["kind"] == "discard":
        d["shanten_before"] = before
        rate_discard(d, _tile(d["choice"]), coaching, evals, kw, words, tb.live_tiles_left())
        return
    d["options"] = opts()
    rate(d, evals, f"kong {d['choice']}" if d["kind"] == "kong" else "win", words)


def rated_record(game: Game, seat: int) -> dict:
    """The hand record of ``seat`` (0-3) in ``game`` with the coach's rating of every decision (the
    record the play table saves). Raises ``ValueError`` for a seat that is not 0-3 and the table's
    ``IllegalActionError`` for a game mjlearn's table refuses."""
    rec = hand_record(game, seat, rate=lambda tb, d: _rate(tb, d, seat))
    rec["source"]["scores"] = list(game.scores)
    return _upgrade(rec)


_PAGE_STYLE = """<style>
body { font-family: system-ui, "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", sans-serif; margin: 24px;
  color: #1f2933; background: #fff; max-width: 1100px; }
h1 { font-size: 22px; margin: 0 0 6px; }
h2 { font-size: 17px; margin: 22px 0 8px; }
.rr-meta { color: #52606d; margin-bottom: 10px; }
.rr-worst { border: 1px solid #e4c9c9; border-left: 5px solid #b42318; border-radius: 6px; padding: 8px 12px;
  margin: 10px 0; background: #fffafa; }
.rr-reason { margin-top: 6px; }
.rr-reason .rr-en { color: #3e4c59; }
table.rr-all { border-collapse: collapse; width: 100%; font-size: 14px; }
table.rr-all th, table.rr-all td { border-bottom: 1px solid #e4e7eb; padding: 4px 6px; text-align: left; vertical-align: top; }
.mj-t { display: inline-block; vertical-align: middle; }
.mj-t svg { display: block; }
</style>"""


def _reason_html(d: dict) -> str:
    r = d.get("reason") or {}
    if not r.get("zh"):
        return ""
    return (
        f'<div class="rr-reason" data-reason="{d["n"]}"><div>{esc(r["zh"])}</div>'
        f'<div class="rr-en" lang="en">{esc(r["en"])}</div></div>'
    )


def report_html(record: dict, *, title: tuple[str, str] | None = None) -> str:
    """The whole report on the record of :func:`rated_record` as one HTML page (a string): the
    costliest decisions (the review's own ranking, :func:`mjlearn.widgets.review.worst`) with the hand,
    the better choice and the coach's reason, then every decision with its cost and reason, then the
    review as the play table shows it. Self-contained: styles inline, tiles as inline SVG."""
    src = record.get("source") or {}
    seat = record.get("seat", "E")
    s = SEATS["ESWN".index(seat)]
    zh_t, en_t = title or (
        f"复盘：对局 {src.get('botzone_match', '')}，{s.zh}家（{src.get('player', '')} 号）",
        f"Review: game {src.get('botzone_match', '')}, {s.en} (player {src.get('player', '')})",
    )
    ws = worst(record)
    meta = []
    if record.get("outcome"):
        meta.append(esc(record["outcome"]))
    scores = src.get("scores")
    if scores:
        meta.append(esc(B("得分", "scores")) + ": " + esc(" / ".join(str(x) for x in scores)))
    items = []
    for d in ws:
        zh, en = _decision_line(d)
        best = _best_option(d)
        mark = d["choice"] if d["kind"] == "discard" else None
        on = ""
        if d["kind"] == "claim" and d.get("tile"):
            on = f" · {esc(B('别人打出', 'the discard'))} {_hand_tiles(d['tile'], False, 26)}"
        items.append(
            f'<div class="rr-worst" data-worst="{d["n"]}" data-best-action="{esc(best)}" data-chosen="{esc(_chosen(d))}">'
            f"<b>#{d['n']}</b> {esc(B(zh, en))} · {esc(B('代价', 'cost'))} {_cost_cell(d)}"
            f"<div>{_hand_tiles(d['hand'], False, 30, mark=mark) if d.get('hand') else ''}{on}</div>"
            f"<div>{esc(B('教练的选择', 'the coach'))}: {esc(B(*_option_label(best)))} · "
            f"{esc(B('和牌机会', 'chance to win'))} {_pct(d.get('best_action_chance', d.get('best_win_chance', 0)))} / "
            f"{_pct(d.get('win_chance', 0))}</div>{_reason_html(d)}</div>"
        )
    if not items:
        items.append(f"<p>{esc(B('没有一个决定比教练的最佳差。', 'No decision was worse than the coach best.'))}</p>")
    rows = []
    for d in record.get("decisions", []):
        zh, en = _decision_line(d)
        rated = "cost_chance" in d
        r = d.get("reason") or {}
        rows.append(
            f'<tr data-n="{d["n"]}"><td>{d["n"]}</td><td>{esc(B(zh, en))}</td>'
            f"<td>{esc(B(*_option_label(_best_option(d)))) if rated else ''}</td>"
            f"<td>{_cost_cell(d) if rated else esc(B('未评', 'not rated'))}</td>"
            f"<td>{esc(r.get('zh', ''))}<br><span lang='en'>{esc(r.get('en', ''))}</span></td></tr>"
        )
    css = (_STATIC / "mj.css").read_text(encoding="utf-8")
    head = (
        f'<!DOCTYPE html>\n<html lang="zh-Hans"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(zh_t)} / {esc(en_t)}</title>{_PAGE_STYLE}<style>{css}</style>{_STYLE}</head>"
    )
    body = (
        f"<body><h1>{esc(zh_t)}<br><small lang='en'>{esc(en_t)}</small></h1>"
        f'<div class="rr-meta">{" · ".join(meta)}</div>'
        f"<h2>{esc(B('代价最大的决定', 'The costliest decisions'))}</h2>"
        f"<div class='mj-root mj-static mj-play' data-costliest='{len(ws)}'>{''.join(items)}</div>"
        f"<h2>{esc(B('每个决定', 'Every decision'))}</h2>"
        f'<table class="rr-all"><tr><th>#</th><th>{esc(B("所做的选择", "the choice"))}</th>'
        f"<th>{esc(B('教练最佳', 'coach best'))}</th><th>{esc(B('代价', 'cost'))}</th>"
        f"<th>{esc(B('教练的理由', 'the coach’s reason'))}</th></tr>{''.join(rows)}</table>"
        f"<h2>{esc(B('复盘', 'Review'))}</h2>"
        f'<div class="mj-root mj-static mj-play">{review_html(record, live=False)}</div></body></html>\n'
    )
    return head + body
