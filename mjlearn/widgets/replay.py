"""Walk through a recorded hand: the deal, each decision with the coach, the review, what to practise.

``replay_review(source)`` reads a hand saved by :meth:`~mjlearn.widgets.play.PlayTable.save` (a
path, the record itself, or a table whose hand is over) and returns a :class:`ReviewReplay`: a
widget that steps back and forth through the learner's decisions (``step``), each shown with the
coach's view of it, and the static pieces a lesson shows one by one:

* :meth:`ReviewReplay.deal`: the learner's first fourteen tiles, the seat and the round wind;
* :meth:`ReviewReplay.moment`: one decision in words and tiles: the choice beside the coach's best,
  how far from ready each leaves the hand, the useful tiles still live (from what the seat could
  see), the chance to win, the 8-point minimum and the likely fans, and why the coach prefers its tile;
* :meth:`ReviewReplay.review`: the review of the whole hand (:func:`~mjlearn.widgets.play.review_html`);
* :meth:`ReviewReplay.practise`: what to practise next, from the kind of the costliest mistakes.

Tiles are named in words (``9 Dots`` / ``九饼``) or drawn, never in notation; a difference inside the
coach's error is called about the same (:func:`~mjlearn.widgets.play.same_within_error`); the
sentences under each decision are :func:`~mjlearn.widgets.replay_reasons.reasons`. For a lesson that
shows the table's own text, :func:`in_words`, :func:`log_in_words`, :func:`table_in_words` and
:func:`outcome_in_words` (:mod:`mjlearn.widgets.replay_words`, importable from here too) give it with
the tiles in words and the hands drawn (the table's text itself is left as it is).

Every figure comes from the record, which the table's coach wrote. A record that also keeps what the
seat could see at each discard (the recorded hand of the course does) is asked to the coach again for
the reason behind a chance of zero. A file that is not such a record, or one saved in a form this
version cannot read, raises :class:`RecordError` with what is wrong and what to do, in both languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import traitlets as t

from .. import i18n
from ..analysis import shanten_name
from ..coaching import coach
from ..errors import UnknownRuleSetError
from ..hand import Hand, as_hand
from ..rules.registry import DEFAULT
from ..rules.registry import get as get_rules
from ..seats import Seat
from ..shanten_core import shanten_of_counts
from ..tiles import tile as _tile
from ._base import B, MjWidget, esc, html_text, integer, tile_tag
from ._panels import header
from ._words import _pct
from .play import COACH_TRIALS
from .replay_reasons import best_fans, decision_words, reasons
from .replay_words import (
    REPLAY_STYLE,
    Piece,
    draw_hand,
    fan_zh,
    in_words,
    log_in_words,
    outcome_in_words,
    plain_line,
    table_in_words,
    winning_hand,
)
from .review import REVIEW_FORMAT, Review, same_within_error

__all__ = [
    "RecordError",
    "ReviewReplay",
    "in_words",
    "log_in_words",
    "outcome_in_words",
    "read_record",
    "reasons",
    "replay_review",
    "table_in_words",
]


FIRST_VERSION = 1
"""The first version of the saved record this module reads. A later version is read as long as it
keeps the fields the walk-through uses (checked); an earlier one, or one without them, is refused."""
_DISCARD_KEYS = ("n", "choice", "hand")
_COACHED_KEYS = (
    "best",
    "shanten_after",
    "best_shanten",
    "useful",
    "best_useful",
    "live",
    "best_live",
    "win_chance",
    "best_win_chance",
    "cost_chance",
    "cost_useful",
)


class RecordError(ValueError):
    """A saved hand that cannot be reviewed: the reason and what to do, in both languages."""

    def __init__(self, zh: str, en: str):
        super().__init__(i18n.both(zh, en))
        self.zh, self.en = zh, en

    def _render_traceback_(self) -> list[str]:
        """In a notebook: the reason alone, in both languages, not a page of traceback."""
        return [f"{type(self).__name__}: {self.zh}", self.en]


def read_record(source) -> dict:
    """The record of a finished hand from a path, a record (dict), a :class:`Review` or a table."""
    if hasattr(source, "record") and callable(source.record):  # a PlayTable
        record = source.record()
    elif isinstance(source, Review):
        record = source.record
    elif isinstance(source, dict):
        record = source
    else:
        p = Path(source)
        if not p.is_file():
            raise RecordError(
                f'找不到文件 {p}：先用 table.save("{p.name}") 保存一局。',
                f'There is no file {p}: save a hand first with table.save("{p.name}").',
            )
        try:
            record = json.loads(p.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise RecordError(
                f"{p.name} 不是保存的一局（不是 JSON 文本）。", f"{p.name} is not a saved hand (it is not JSON text)."
            ) from None
    _check(record)
    return record


def _check(record) -> None:
    if not isinstance(record, dict) or record.get("format") != REVIEW_FORMAT:
        raise RecordError("这不是用 table.save(...) 保存的一局。", "This is not a hand saved with table.save(...).")
    v = record.get("version")
    if not isinstance(v, int) or isinstance(v, bool) or v < FIRST_VERSION:
        raise RecordError(
            f"这一局是用另一个版本的 mjlearn 保存的（格式 {v}），这个版本读不了：请重新打一局并保存。",
            f"This hand was saved by another version of mjlearn (format {v}), which this one cannot "
            f"read: play a hand again and save it.",
        )
    ds = record.get("decisions")
    bad = not isinstance(ds, list) or any(not isinstance(d, dict) or "kind" not in d for d in ds)
    for d in ds if not bad else ():  # type: ignore[union-attr]  # not bad: a list
        if d["kind"] == "discard" and (
            any(k not in d for k in _DISCARD_KEYS) or (d.get("best") and any(k not in d for k in _COACHED_KEYS))
        ):
            bad = True
    if bad:
        raise RecordError(
            "这一局的记录不完整（也许是另一个版本的 mjlearn 存的），读不了：请重新打一局并保存。",
            "The record of this hand is incomplete (perhaps saved by another version of mjlearn) and "
            "cannot be read: play a hand again and save it.",
        )


# --- pieces of the coach's side -------------------------------------------------------------------


def _useful(useful: dict, live: bool) -> str:
    if not useful:
        return esc(B("没有", "none"))
    return "".join(
        f'<span class="mj-use">{tile_tag(_tile(k), live=live, width=22)}×{n}</span>' for k, n in useful.items()
    )


def _fans(fans) -> str:
    """The likely fans: name, points when known, and the share of the wins that carry it."""
    out = []
    for f in fans[:3]:
        pts = f"{f['value']}, " if f.get("value") else ""
        out.append(f"{B(f['zh'], f['en'])} ({pts}{f['share']:.0%})")
    return "; ".join(out)


# --- the widget -----------------------------------------------------------------------------------


class ReviewReplay(MjWidget):
    """A recorded hand to walk through (see the module): ``step`` moves through the decisions."""

    messages = {**MjWidget.messages, "step": {"arg": integer(0, 10_000)}}
    at = t.Int(0).tag(sync=True)
    """The decision shown (0: the first)."""

    def __init__(self, record: dict, **kw):
        self.record = record
        self._again: dict = {}
        super().__init__(**kw)

    @property
    def decisions(self) -> list[dict]:
        return self.record["decisions"]

    # --- what a lesson shows ------------------------------------------------------------------

    def deal(self) -> Piece:
        """The learner's dealt tiles, seat and round wind: the tiles as dealt (13, the dealer's 14) when
        the record keeps them, else the hand at the first decision: 14 before a first discard, the 13
        dealt tiles when the first decision answered a discard before any draw."""
        r = self.record
        first = next((d for d in self.decisions if d.get("hand")), None)
        dealt = r.get("dealt") or (first["hand"] if first else None)
        seat, wind = Seat.of(r["seat"]), Seat.of(r.get("prevalent_wind", "E"))
        head = B(
            f"{r.get('rules_zh', '')} · 你坐{seat.zh}"
            + (" · 你是庄家" if seat.letter == "E" else "")
            + f" · 圈风 {wind.zh}",
            f"{r.get('rules_en', '')} · you sit {seat.en}"
            + (" · you are the dealer" if seat.letter == "E" else "")
            + f" · round wind {wind.en}",
        )
        if dealt is None:
            body = esc(B("这一局你没有打过牌。", "You discarded no tile in this hand."))
            return Piece(f'<div class="mj-box">{esc(head)}<div>{body}</div></div>', f"{head}\n{html_text(body)}")
        n = len(as_hand(dealt).concealed)
        steps = self._shanten(dealt)
        if n == self._size:
            words = B(
                f"发到手的 {n} 张牌（庄家第一次打牌前）" if r.get("dealt") else f"第一次打牌前的 {n} 张牌",
                f"Your {n} dealt tiles (the dealer's, before the first discard)"
                if r.get("dealt")
                else f"Your {n} tiles before your first discard",
            )
            count = B(
                f"数一数：这 {n} 张离听牌还差 {steps} 步（打出最合适的一张后）。",
                f"Counted for you: these {n} tiles are {steps} from ready (after the discard that keeps them closest).",
            )
        else:
            words = B(f"发到手的 {n} 张牌（第一次摸牌前）", f"Your {n} dealt tiles (before your first draw)")
            count = B(
                f"数一数：这 {n} 张离听牌还差 {steps} 步。", f"Counted for you: these {n} tiles are {steps} from ready."
            )
        html = (
            f'<div class="mj-box" data-deal="{n}"><b>{esc(head)}</b><div>{esc(words)}</div>'
            f"{draw_hand(dealt, width=40)}"
            f"<div>{esc(count)}</div>"
            f'<div class="mj-note">{esc(B(f"花牌放在一边，不算在 {n} 张里。", f"Flowers are set aside and are not among the {n}."))}'
            f"</div></div>"
        )
        return Piece(html, html_text(html))

    def moment(self, n: int) -> Piece:
        """Decision number ``n`` (as the review numbers them) in words and tiles."""
        d = next((d for d in self.decisions if d["n"] == n), None)
        if d is None:
            raise IndexError(f"this hand has decisions 1-{len(self.decisions)}, not {n}")
        html = self._moment_html(d, live=False)
        return Piece(html, html_text(html))

    def costliest_discards(self, n: int = 3) -> list[dict]:
        """The ``n`` discards that cost the most: chance to win lost, then useful tiles lost (the
        review's order)."""
        bad = [
            d
            for d in self.decisions
            if d["kind"] == "discard"
            and d.get("best")
            and not same_within_error(d)
            and (d["cost_chance"] > 1e-9 or d["cost_useful"] > 0)
        ]
        bad.sort(key=lambda d: (-d["cost_chance"], -d["cost_useful"], d["n"]))
        return bad[:n]

    def key_moments(self) -> list[int]:
        """The decisions a lesson dwells on: the three costliest discards and the costliest claim,
        in the order they were made."""
        ns = {d["n"] for d in self.costliest_discards()}
        claims = [
            d
            for d in self.decisions
            if d["kind"] == "claim" and d.get("evals") and d.get("cost_chance", 0) > 1e-9 and not same_within_error(d)
        ]
        if claims:
            ns.add(max(claims, key=lambda d: d["cost_chance"])["n"])
        return sorted(ns)

    def key_moment(self, k: int) -> Piece:
        """The ``k``-th key moment (1, 2...), or a note when the hand has fewer."""
        keys = self.key_moments()
        if not 1 <= k <= len(keys):
            html = f'<div class="mj-box">{esc(B(f"这一局只有 {len(keys)} 个关键时刻。", f"This hand has only {len(keys)} key moments."))}</div>'
            return Piece(html, html_text(html))
        return self.moment(keys[k - 1])

    def review(self) -> Review:
        """The review of the whole hand: every decision with its cost, the three costliest drawn."""
        return Review(self.record)

    def outcome(self) -> Piece:
        """How the hand ended, as the table said it."""
        lines = [ln for ln in (self.record.get("outcome") or "").splitlines() if ln.strip()]
        if not lines:
            lines = [B("这一局还没有结束。", "The hand was not over when it was saved.")]
        pay = self.record.get("payments") or {}
        me = self.record["seat"]
        mine = pay.get(me)
        lines = [plain_line(ln) for ln in lines]
        if self.record.get("mcr"):
            lines = [fan_zh(ln) for ln in lines]
        if mine is not None:
            who = Seat.of(me)
            if self.record.get("made_by"):  # the course's hand, played by someone else
                lines.append(
                    B(
                        f"这位玩家（{who.zh}家）这一局的收付：{mine:+g}",
                        f"The player's payment for this hand ({who.en}): {mine:+g}",
                    )
                )
            else:
                lines.append(B(f"你这一局的收付：{mine:+g}", f"Your payment for this hand: {mine:+g}"))
        won = winning_hand(self.record.get("outcome") or "")
        drawn = f"<div>{esc(B('和牌的手牌', 'the winning hand'))}</div>{draw_hand(won)}" if won else ""
        html = (
            '<div class="mj-box" data-outcome="1">'
            + "".join(f"<div>{esc(ln)}</div>" for ln in lines[:2])
            + drawn
            + "".join(f"<div>{esc(ln)}</div>" for ln in lines[2:])
            + "</div>"
        )
        return Piece(html, "\n".join(lines))

    def practise(self) -> Piece:
        """What to practise next, from the kind of the costliest mistakes."""
        ws = self.costliest_discards()
        claims = [d for d in self.decisions if d["kind"] == "claim" and d.get("cost_chance", 0) > 0.005]
        tips = []
        if any(d["shanten_after"] > d["best_shanten"] for d in ws):
            tips.append(
                (
                    "先别拆已经成形的搭子和对子：练习数向听数，看一张牌打出去后离听牌还差几步。",
                    "Keep the pairs and runs that already work: practise counting how far from ready a hand is "
                    "after a discard.",
                    'quiz.practice("kind:shanten")',
                )
            )
        if any(d["shanten_after"] == d["best_shanten"] and d["live"] < d["best_live"] for d in ws):
            tips.append(
                (
                    "离听牌一样远时，数一数还有几张有效牌没出现：练习“打哪张”。",
                    "When two discards are as far from ready, count the useful tiles still unseen: practise "
                    "choosing the discard.",
                    'quiz.practice("kind:discard")',
                )
            )
        if any(d["shanten_after"] <= d["best_shanten"] and d["win_chance"] < d["best_win_chance"] for d in ws):
            tips.append(
                (
                    "国标要 8 番：打牌前先想想这手牌能凑哪些番（第 06、07 课）。",
                    "MCR needs 8 points: before you discard, ask which fans the hand can reach (lessons 06 and 07).",
                    'quiz.practice("fans")',
                )
            )
        if claims:
            tips.append(
                (
                    "吃碰之前先比一比：亮出一组牌会失去门前清的番。再打一局，教练会把吃（碰）和不吃的和牌机会并排给你看。",
                    "Compare before a chow or pung: an exposed set loses the concealed hand's fans. Play another "
                    "hand: the coach sets the chance to win after claiming beside the chance after passing.",
                    'mj.play("mcr", seat="E")',
                )
            )
        if not tips:
            tips.append(
                (
                    "这一局打得和教练一样好：再打一局，试试别的座位。",
                    "You played this hand as well as the coach: play another, from another seat.",
                    'mj.play("mcr", seat="S")',
                )
            )
        items = "".join(f"<li>{esc(B(zh, en))}<br><code>{esc(call)}</code></li>" for zh, en, call in tips)
        html = f'<div class="mj-box"><b>{esc(B("接下来练什么", "What to practise next"))}</b><ul>{items}</ul></div>'
        return Piece(html, "\n".join(f"- {B(zh, en)}  {call}" for zh, en, call in tips))

    # --- the coach asked again ----------------------------------------------------------------

    def coach_again(self, n: int):
        """The coach asked again on discard ``n`` with what the seat could see then (records that keep
        it: the course's recorded hand), or None."""
        if n in self._again:
            return self._again[n]
        d = next((d for d in self.decisions if d["n"] == n), None)
        out = None
        sight = d.get("sight") if d else None
        if sight and d and d.get("hand"):
            try:
                out = coach(
                    d["hand"],
                    rules=self.record["rules"],
                    seen=sight["seen"],
                    draws_left=sight["draws_left"],
                    trials=COACH_TRIALS,
                    seat_wind=sight["seat_wind"],
                    prevalent_wind=sight["prevalent_wind"],
                )
            except (ValueError, KeyError, TypeError):
                out = None
        self._again[n] = out
        return out

    # --- rendering ----------------------------------------------------------------------------

    def _moment_html(self, d: dict, live: bool) -> str:
        zh, en = decision_words(d)
        left = d.get("wall_left")
        wall = f" · {B(f'牌墙还剩 {left} 张', f'{left} tiles left in the wall')}" if left is not None else ""
        parts = [
            f'<div class="mj-box" data-moment="{d["n"]}"><b>#{d["n"]} · {esc(B("你" + zh, "you " + en))}</b>{esc(wall)}'
        ]
        if d["kind"] == "discard" and d.get("hand"):
            parts.append(draw_hand(d["hand"], mark=d["choice"], width=34, live=live))
        if d["kind"] == "discard" and d.get("best"):
            again = self.coach_again(d["n"]) if d["win_chance"] <= 0 else None
            parts.append(
                '<div class="mj-two">'
                + self._side(d, mine=True, live=live)
                + self._side(d, mine=False, live=live)
                + "</div>"
            )
            parts.append(self._why(reasons(d, again)))
        elif d["kind"] == "claim":
            before = self._before_claim(d)
            if before is not None:
                n = self._size - 1
                parts.append(f"<div>{esc(B(f'你的 {n} 张牌', f'your {n} tiles'))}</div>{draw_hand(before, live=live)}")
                steps = self.claim_steps(d)
                if steps is not None:
                    a, b = steps
                    parts.append(
                        f'<div data-steps="{a} {b}">{esc(B(f"要这张牌以前离听牌 {a} 步；吃（碰）了再打出最合适的一张，离听牌 {b} 步。", f"Before the claim the hand was {a} from ready; after it, and the discard that keeps it closest, {b} from ready."))}</div>'
                    )
            parts.append(
                f'<div>{esc(B("打出的牌", "the discard"))}</div><div class="mj-row">'
                f"{tile_tag(_tile(d['tile']), live=live, width=34, cls='mj-last')}</div>"
            )
            parts.append(self._why(reasons(d)))
        parts.append("</div>")
        return "".join(parts)

    def claim_steps(self, d: dict) -> tuple[int, int] | None:
        """(steps from ready before the claim, steps after it with the discard that keeps the hand
        closest), or None when the record cannot tell."""
        before = self._before_claim(d)
        nxt = next((e for e in self.decisions if e["n"] == d["n"] + 1), None)
        if before is None or nxt is None:
            return None
        return self._shanten(before), self._shanten(nxt["hand"])

    @property
    def _size(self) -> int:
        """Tiles in a complete hand of the record's rule set (14; fewer in a small game of the ladder)."""
        try:
            return get_rules(self.record.get("rules", DEFAULT)).table.hand_size
        except (UnknownRuleSetError, TypeError):
            return 14

    def _shanten(self, hand) -> int:
        """Steps from ready of ``hand``, read as its rule set's hands are (a short hand of a small game
        as the full one with the sets it lacks)."""
        h = as_hand(hand)
        return shanten_of_counts(h.counts, len(h.melds) + (14 - self._size) // 3)

    def _before_claim(self, d: dict) -> str | None:
        """The learner's 13 tiles when the discard was offered: the hand of the discard that follows the
        claim, with the claimed set taken back apart (None when the record cannot tell)."""
        nxt = next((e for e in self.decisions if e["n"] == d["n"] + 1), None)
        if nxt is None or nxt["kind"] != "discard" or not nxt.get("hand") or d["choice"] == "pass":
            return None
        try:
            h = as_hand(nxt["hand"])
            x = _tile(d["tile"])
        except ValueError:
            return None
        if not h.melds or x not in h.melds[-1].tiles:
            return None
        back = list(h.melds[-1].tiles)
        back.remove(x)
        return str(
            Hand(h.melds[:-1], tuple(sorted(tuple(h.concealed) + tuple(back), key=lambda y: y.index)), None, h.flowers)
        )

    @staticmethod
    def _why(rs) -> str:
        if not rs:
            return ""
        body = "".join(f"<p>{esc(zh)}<br>{esc(en)}</p>" for zh, en in rs)
        return f'<div class="mj-why"><b>{esc(B("为什么", "Why"))}</b>{body}</div>'

    @staticmethod
    def _side(d: dict, mine: bool, live: bool) -> str:
        k = "" if mine else "best_"
        x = d["choice"] if mine else d["best"]
        s = d["shanten_after"] if mine else d["best_shanten"]
        before = d.get("shanten_before")
        label = B("你打的", "your discard") if mine else B("教练最佳", "coach best")
        cls = "" if mine else ' class="mj-best"'
        p = d[f"{k}win_chance"]
        err = d.get(f"{k}error") or 0
        pe = _pct(p) + (f" ± {_pct(err)}" if err else "")
        fans = best_fans(d) if not mine else list(d.get("fans", ()))
        fan = (
            f"<div>{esc(B('可能的番种（番数，占能和的牌的比例）', 'likely fans (points, share of the wins)'))}: "
            f"{esc(_fans(fans))}</div>"
            if fans and p > 0
            else ""
        )
        (zb, eb), (zs, es) = shanten_name(before if before is not None else s), shanten_name(s)
        steps = B(f"{zb} → {zs}", f"{eb} → {es}") if before is not None else B(zs, es)
        return (
            f'<div{cls} data-side="{"mine" if mine else "best"}"><b>{esc(label)}</b> '
            f'<span class="mj-pick">{tile_tag(_tile(x), live=live, width=30)}</span>'
            f"<div>{esc(B('离听牌', 'distance from ready'))}: {esc(steps)}</div>"
            f"<div>{esc(B('有效牌（还没出现的张数）', 'useful tiles (copies unseen)'))}: <b>{d[f'{k}live']}</b></div>"
            f'<div class="mj-row">{_useful(d[f"{k}useful"], live)}</div>'
            f"<div>{esc(B('和牌机会（8 番起和）', 'chance to win (8 points or more)'))}: <b>{pe}</b></div>{fan}</div>"
        )

    def _layout(self) -> str:
        return (
            f'<div class="mj-view mj-rp">{REPLAY_STYLE}<div data-region="head"></div><div class="mj-body">'
            '<div data-region="controls"></div><div data-region="main"></div></div></div>'
        )

    def _regions(self, live: bool) -> dict:
        ds = self.decisions
        if not ds:
            return {
                "head": header(B("复盘回放", "Replay the review"), live),
                "controls": "",
                "main": f'<div class="mj-box">{esc(B("这一局你没有做任何决定。", "You made no decision in this hand."))}</div>',
            }
        at = min(self.at, len(ds) - 1)
        nav = (
            (
                f'<div class="mj-acts"><button class="mj-chip" data-act="step" data-arg="{max(0, at - 1)}"'
                f"{' disabled' if at == 0 else ''}>◀ {esc(B('上一步', 'back'))}</button>"
                f'<span data-at="{at}">{at + 1} / {len(ds)}</span><button class="mj-chip" data-act="step" '
                f'data-arg="{at + 1}"{" disabled" if at + 1 >= len(ds) else ""}>{esc(B("下一步", "forward"))} ▶</button>'
                "</div>"
            )
            if live
            else (
                f'<div class="mj-note">{esc(B(f"第 {at + 1} 步，共 {len(ds)} 步：运行笔记本就能前后翻看。", f"Step {at + 1} of {len(ds)}: run the notebook to step back and forth."))}</div>'
            )
        )
        return {
            "head": header(B("复盘回放", "Replay the review"), live),
            "controls": nav,
            "main": self._moment_html(ds[at], live),
        }

    def _act_step(self, arg, msg):
        if arg >= len(self.decisions):
            raise ValueError(
                B(f"这一局只有 {len(self.decisions)} 步。", f"This hand has only {len(self.decisions)} steps.")
            )
        self.at = arg

    def step(self, k: int) -> ReviewReplay:
        """Show decision ``k`` (0: the first), as the buttons do; returns the widget."""
        self.handle({"act": "step", "arg": k})
        return self

    def _text(self) -> str:
        return f"ReviewReplay({len(self.decisions)} decisions)"

    def _plain_head(self) -> str:
        return (
            B("复盘回放", "Replay the review")
            + f" · {min(self.at, max(0, len(self.decisions) - 1)) + 1} / {len(self.decisions)}"
        )


def replay_review(source) -> ReviewReplay:
    """A recorded hand to walk through: ``source`` is the path of a hand saved with ``table.save(...)``,
    the record itself, or the table. A file that cannot be read raises :class:`RecordError`, saying why."""
    return ReviewReplay(read_record(source))
