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
coach's error is called about the same (:func:`~mjlearn.widgets.play.same_within_error`). For a lesson
that shows the table's own text, :func:`in_words`, :func:`log_in_words` and :func:`outcome_in_words`
give it with the tiles in words and the hands drawn (the table's text itself is left as it is).

Every figure comes from the record, which the table's coach wrote. A record that also keeps what the
seat could see at each discard (the recorded hand of the course does) is asked to the coach again for
the reason behind a chance of zero. A file that is not such a record, or one saved in a form this
version cannot read, raises :class:`RecordError` with what is wrong and what to do, in both languages.
"""

from __future__ import annotations

import html as _html
import json
import re
from pathlib import Path

import traitlets as t

from .. import i18n
from ..analysis import shanten, shanten_name
from ..coaching import coach
from ..hand import Hand, as_hand
from ..mcr.profiles import PROFILES
from ..notation import parse_meld
from ..seats import Seat
from ..table.render import outcome_text, table_html
from ..tiles import tile as _tile
from ._base import B, MjWidget, esc, html_text, integer, tile_tag
from ._panels import header
from ._words import _call_label as _claim_words, _melds_and_concealed, _pct, _tile_words as _tw
from .play import COACH_TRIALS
from .review import REVIEW_FORMAT, Review, _decision_line, same_within_error, zero_words

__all__ = ["ReviewReplay", "RecordError", "replay_review", "read_record", "in_words", "log_in_words",
           "outcome_in_words", "table_in_words"]

FIRST_VERSION = 1
"""The first version of the saved record this module reads. A later version is read as long as it
keeps the fields the walk-through uses (checked); an earlier one, or one without them, is refused."""
_DISCARD_KEYS = ("n", "choice", "hand")
_COACHED_KEYS = ("best", "shanten_after", "best_shanten", "useful", "best_useful", "live", "best_live",
                 "win_chance", "best_win_chance", "cost_chance", "cost_useful")

_STYLE = """<style>
.mj-rp { max-width: 1000px; }
.mj-rp .mj-box { border: 1px solid #d8d2c0; border-radius: 8px; padding: 8px 10px; margin: 8px 0; background: #fff; }
.mj-rp .mj-row { display: flex; flex-wrap: wrap; gap: 2px; align-items: flex-end; margin: 4px 0; }
.mj-rp .mj-meld { display: inline-flex; margin-right: 8px; padding: 2px; background: #e3eee6; border-radius: 4px; }
.mj-rp .mj-row .mj-t { width: 34px; } .mj-rp .mj-big .mj-t { width: 40px; } .mj-rp .mj-row .mj-fl { width: 26px; }
.mj-rp .mj-use .mj-t { width: 22px; } .mj-rp .mj-pick .mj-t { width: 30px; }
.mj-rp .mj-last { outline: 3px solid #f59e0b; border-radius: 3px; }
.mj-rp .mj-two { display: flex; flex-wrap: wrap; gap: 10px; }
.mj-rp .mj-two > div { flex: 1 1 300px; min-width: 0; border-left: 4px solid #d8d2c0; padding-left: 8px; }
.mj-rp .mj-two > div.mj-best { border-left-color: #0a7a3c; }
.mj-rp .mj-use { display: inline-flex; flex-direction: column; align-items: center; margin: 0 3px 2px 0; font-size: 11px; }
.mj-rp .mj-why { background: #fdf6e3; border-radius: 6px; padding: 6px 8px; margin-top: 6px; }
.mj-rp .mj-why p { margin: 3px 0; }
.mj-rp .mj-bad { color: #b42318; font-weight: 600; } .mj-rp .mj-good { color: #0a7a3c; font-weight: 600; }
.mj-rp .mj-acts { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
.mj-rp ul { margin: 4px 0; padding-left: 20px; }
.mj-rp code { white-space: normal; overflow-wrap: anywhere; }
</style>"""


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
    if hasattr(source, "record") and callable(source.record):      # a PlayTable
        record = source.record()
    elif isinstance(source, Review):
        record = source.record
    elif isinstance(source, dict):
        record = source
    else:
        p = Path(source)
        if not p.is_file():
            raise RecordError(f"找不到文件 {p}：先用 table.save(\"{p.name}\") 保存一局。",
                              f"There is no file {p}: save a hand first with table.save(\"{p.name}\").")
        try:
            record = json.loads(p.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise RecordError(f"{p.name} 不是保存的一局（不是 JSON 文本）。",
                              f"{p.name} is not a saved hand (it is not JSON text).") from None
    _check(record)
    return record


def _check(record) -> None:
    if not isinstance(record, dict) or record.get("format") != REVIEW_FORMAT:
        raise RecordError("这不是用 table.save(...) 保存的一局。", "This is not a hand saved with table.save(...).")
    v = record.get("version")
    if not isinstance(v, int) or isinstance(v, bool) or v < FIRST_VERSION:
        raise RecordError(f"这一局是用另一个版本的 mjlearn 保存的（格式 {v}），这个版本读不了：请重新打一局并保存。",
                          f"This hand was saved by another version of mjlearn (format {v}), which this one cannot "
                          f"read: play a hand again and save it.")
    ds = record.get("decisions")
    bad = not isinstance(ds, list) or any(not isinstance(d, dict) or "kind" not in d for d in ds)
    for d in ds if not bad else ():
        if d["kind"] == "discard" and (any(k not in d for k in _DISCARD_KEYS)
                                      or d.get("best") and any(k not in d for k in _COACHED_KEYS)):
            bad = True
    if bad:
        raise RecordError("这一局的记录不完整（也许是另一个版本的 mjlearn 存的），读不了：请重新打一局并保存。",
                          "The record of this hand is incomplete (perhaps saved by another version of mjlearn) and "
                          "cannot be read: play a hand again and save it.")


# --- pieces ---------------------------------------------------------------------------------------

def _sh(s: int) -> str:
    return B(*shanten_name(s))


def _hand(notation, mark: str | None = None, width: int = 34, live: bool = False) -> str:
    """A hand drawn as tiles: exposed sets first (shaded), then the concealed tiles, ``mark`` outlined
    once, then the flowers (smaller)."""
    h = as_hand(notation)
    out = _melds_and_concealed(h, live, width, mark)
    if h.win_tile is not None:       # the winning tile, apart and outlined
        out.append(f'<span style="margin-left:10px">{tile_tag(h.win_tile, live=live, width=width, cls="mj-last")}</span>')
    if h.flowers:       # the flowers, apart and labelled
        out.append(f'<span class="mj-flw" style="margin-left:10px;display:inline-flex;align-items:flex-end;gap:2px">'
                   f'<small>{esc(B("花牌", "flowers"))}</small>'
                   + "".join(tile_tag(x, live=live, width=width * 3 // 4, cls="mj-fl") for x in h.flowers) + "</span>")
    big = " mj-big" if width >= 40 else ""
    return f'<div class="mj-row{big}">' + "".join(out) + "</div>"


def _fan_zh(line: str) -> str:
    """An MCR hand's value in 番 in Chinese, as the glossary and the MCR lessons say it (the table
    writes 分, its payment unit): ``，15分。`` → ``，15 番。``."""
    return re.sub(r"(\d+)分([。，])", r"\1 番\2", line)


def _plain_line(line: str) -> str:
    """A line of the table's outcome with the tiles in words: the winning hand's notation left out
    (it is drawn as tiles below), the winning tile named ("with 2s" → "with 2 Bamboo")."""
    won = _winning_hand(line)
    if won:
        line = re.sub(r"\s*[:：]\s*" + re.escape(won), "", line)
    def name(m):
        try:
            return m.group(1) + _tile(m.group(2)).en
        except ValueError:
            return m.group(0)
    return re.sub(r"(\bwith )([1-9][mps]|[ESWNCFP]|[a-h])(?=[\s,.:])", name, line)


def _winning_hand(outcome: str) -> str | None:
    """The winning hand's notation in the table's words on the outcome ("... with 2s: 345m...+2s, 15 points")."""
    for token in re.findall(r"[0-9mpszESWNCFPa-h\[\],+]{14,}", outcome):
        try:
            h = as_hand(token)
        except ValueError:
            continue
        if h.win_tile is not None:
            return token
    return None


def _useful(useful: dict, live: bool) -> str:
    if not useful:
        return esc(B("没有", "none"))
    return "".join(f'<span class="mj-use">{tile_tag(_tile(k), live=live, width=22)}×{n}</span>'
                   for k, n in useful.items())


def _fans(fans) -> str:
    """The likely fans: name, points when known, and the share of the wins that carry it."""
    out = []
    for f in fans[:3]:
        pts = f"{f['value']}, " if f.get("value") else ""
        out.append(f"{B(f['zh'], f['en'])} ({pts}{f['share']:.0%})")
    return "; ".join(out)


class _Piece:
    """A piece of the walk-through: HTML for the notebook, the same in words for plain text."""

    def __init__(self, html: str, text: str):
        self.html, self.text = html, text

    def _repr_html_(self) -> str:
        from ._base import _STATIC
        css = (_STATIC / "mj.css").read_text(encoding="utf-8")
        return f'<div class="mj-root mj-static mj-rp"><style>{css}</style>{_STYLE}{self.html}</div>'

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text.splitlines()[0] if self.text else ""

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.text)


def _text_of(html: str) -> str:
    return html_text(html)


# --- the table's own text with the tiles in words --------------------------------------------------

_HAND_TOKEN = re.compile(r"(?:\[[^\]\s]+\])+[0-9mpsESWNCFPa-h]*(?:\+[0-9mpsESWNCFPa-h]+)?"
                          r"|[0-9mps]{6,}[0-9mpsESWNCFPa-h]*(?:\+[0-9mpsESWNCFPa-h]+)?")


def _run_words(a: str, b: str, suit: str) -> str:
    return f"{'-'.join(str(k) for k in range(int(a), int(b) + 1))} {_tile('1' + suit).en.split(' ', 1)[1]}"


def in_words(text: str, html: bool = True) -> str:
    """A line of the table's text (an event, an outcome) with its tile notation turned into words:
    ``7p`` → ``7 Dots``, ``d (冬)`` → ``Winter``, ``1p-3p`` → ``1-2-3 Dots``; a hand or a set is drawn
    as tiles (``html``) or, in plain text, named "the hand" / its tiles in words. The result is HTML
    (escaped) when ``html``, else plain text."""
    out, last = [], 0
    for m in _HAND_TOKEN.finditer(text):
        out.append(_words_plain(text[last:m.start()], html))
        tok = m.group(0)
        zh = bool(re.search(r"[\u4e00-\u9fff]", text))
        name = (lambda x: _tile(x).zh) if zh else (lambda x: _tile(x).en)
        try:
            h = as_hand(tok)
            tiles = [x for m_ in h.melds for x in m_.tiles] + list(h.concealed)
            win = h.win_tile
        except ValueError:
            try:
                h, tiles, win = None, list(parse_meld(tok).tiles), None
            except ValueError:
                h, tiles, win = None, None, None
        if tiles is None:
            out.append(esc(tok) if html else tok)
        elif html and h is not None:
            out.append(f'<span style="display:inline-block;vertical-align:middle">{_hand(tok, width=22)}</span>')
        elif html:
            out.append("".join(tile_tag(x, live=False, width=22) for x in tiles))
        else:
            out.append((("、" if zh else " ").join(name(x) for x in tiles)) + (f" + {name(win)}" if win is not None else ""))
        last = m.end()
    out.append(_words_plain(text[last:], html))
    return "".join(out)


def _words_plain(text: str, html: bool) -> str:
    def one(x: str) -> str:
        try:
            return _tile(x).en
        except ValueError:
            return x
    text = re.sub(r"\s*\(2\^番\)", "", text)          # a unit's formula in carets: the unit alone
    text = re.sub(r"\b([1-9])([mps])-([1-9])\2\b", lambda m: _run_words(m.group(1), m.group(3), m.group(2)), text)
    text = re.sub(r"\b([ESWNCFPa-h]|[1-9][mps]) \(([^)]*)\)", lambda m: one(m.group(1)), text)
    text = re.sub(r"\b([1-9][mps])\b", lambda m: one(m.group(1)), text)
    text = re.sub(r"\b(with|on|draws|discards) ([ESWNCFPa-h])\b(?!['’])", lambda m: f"{m.group(1)} {one(m.group(2))}", text)
    return esc(text) if html else text


def log_in_words(log) -> "_Piece":
    """Events as a numbered list, each in both languages, the tiles in words and hands drawn."""
    items = []
    for e in log:
        zh, en = in_words(e.text("zh")), in_words(e.text("en"))
        line = f"{zh}<br><small>{en}</small>"
        items.append(f"<li>{'<b>' + line + '</b>' if e.is_action else line}</li>")
    html = f'<ol class="mj-log" style="font-size:13px;max-height:420px;overflow:auto">{"".join(items)}</ol>'
    text = "\n".join(f"{k}. {in_words(e.text('zh'), False)}  {in_words(e.text('en'), False)}"
                      for k, e in enumerate(log, 1))
    return _Piece(html, text)


def table_in_words(table, *, show_all: bool = True, seat=None) -> "_Piece":
    """The table's picture (:meth:`~mjlearn.table.Table.render`) with its caption, the last event, in
    words: tiles named, a winning hand drawn as tiles."""
    view = table_html(table, show_all=show_all, seat=seat)
    if table.log:
        e = table.log[-1]
        last = _html.escape(e.text("both"))
        if table.rules.name in PROFILES:
            zh = in_words(_fan_zh(e.text("zh")))
        else:
            zh = in_words(e.text("zh"))
        en = re.sub(r"[:：]\s*(?:" + _HAND_TOKEN.pattern + ")", "", e.text("en"))    # the hand drawn once
        view = view.replace(last, f"{zh}<br>{in_words(en)}")
    return _Piece(view, _text_of(view))


def outcome_in_words(table) -> "_Piece":
    """The end of a hand (the table's outcome) with the tiles in words and the winning hand drawn."""
    lines = [ln for ln in outcome_text(table).splitlines() if ln.strip()]
    if table.rules.name in PROFILES:
        lines = [_fan_zh(ln) for ln in lines]
    rows, plain = [], []
    for ln in lines:
        parts = ln.split("  ", 1) if not ln.startswith(" ") else [ln]
        if len(parts) == 2 and _HAND_TOKEN.search(parts[1]):     # the hand drawn once, in the first half
            en = re.sub(r"[:：]\s*(?:" + _HAND_TOKEN.pattern + ")", "", parts[1])
            rows.append(f"<div>{in_words(parts[0])}<br>{in_words(en)}</div>")
        else:
            rows.append(f"<div>{'  '.join(in_words(x) for x in parts)}</div>")
        plain.append("  ".join(in_words(x, False) for x in parts))
    return _Piece('<div class="mj-box">' + "".join(rows) + "</div>", "\n".join(plain))


# --- the reasons, in plain words ------------------------------------------------------------------

def reasons(d: dict, again=None) -> list[tuple[str, str]]:
    """Why the coach prefers its choice to the learner's, as (zh, en) sentences, from the decision's
    figures (and, for a chance of zero, from the coach asked again: ``again``)."""
    if d["kind"] == "claim":
        return _claim_reasons(d)
    if not d.get("best"):
        return []
    mine, best = d["choice"], d["best"]
    me, be = _tile(mine).en, _tile(best).en
    sa, sb = d["shanten_after"], d["best_shanten"]
    pa, pb = d["win_chance"], d["best_win_chance"]
    if mine == best:
        return [("你的选择和教练的最佳一样。", "Your choice is the coach's best.")]
    out = []
    if same_within_error(d):
        out.append((f"两种打法的和牌机会差不多：相差 {_pct(pb - pa)}，在教练的误差（±）之内，可以算一样好。",
                    f"The two chances to win are about the same: they differ by {_pct(pb - pa)}, within the coach's "
                    f"margin of error (the ± figure), so count them as equally good."))
    if sa > sb:
        out.append((f"打{_tile(mine).zh}让手牌离听牌更远（{shanten_name(sa)[0]}），打{_tile(best).zh}是{shanten_name(sb)[0]}：你拆掉了一组已经成形的牌。",
                    f"Discarding {me} takes the hand further from ready ({sa} from ready against {sb} after {be}): "
                    f"it breaks up tiles that were already working together."))
    elif sa < sb:
        out.append((f"打{_tile(mine).zh}离听牌更近（{shanten_name(sa)[0]}，教练的选择是{shanten_name(sb)[0]}），"
                    f"可是国标要 8 番才能和：快速听牌的那条路多半凑不够 8 番。",
                    f"Discarding {me} is a step closer to ready ({sa} from ready against {sb}), but under MCR a win "
                    f"needs 8 points, and the quick way to ready mostly leads to hands worth less."))
    else:
        if d["live"] < d["best_live"]:
            out.append((f"两种打法离听牌一样远，但打{_tile(best).zh}后还有 {d['best_live']} 张有效牌没出现，打{_tile(mine).zh}只有 {d['live']} 张。",
                        f"Both leave the hand {sa} from ready, but after {be} {d['best_live']} useful tiles are "
                        f"still unseen, after {me} only {d['live']}."))
        elif not same_within_error(d):
            lz, le = (("一样多", "as many") if d["live"] == d["best_live"] else ("更多", "more"))
            if pa <= 0 < pb:
                tail = (f"但打{_tile(mine).zh}后能和的牌都不到 8 番。", f"but after {me} no win reaches 8 points.")
            else:
                tail = (f"但教练模拟摸牌时，打{_tile(best).zh}后凑出 8 番以上和牌的次数更多。",
                        f"but in the coach's simulated draws a win worth 8 points comes more often after {be}.")
            out.append((f"两种打法离听牌一样远，打{_tile(mine).zh}后的有效牌还{lz}（{d['live']} 对 {d['best_live']} 张），{tail[0]}",
                        f"Both leave the hand {sa} from ready, and {me} even keeps {le} useful tiles "
                        f"({d['live']} against {d['best_live']}), {tail[1]}"))
    note = _note(d, again)
    if pa <= 0 and note:
        out.append((f"打{_tile(mine).zh}后：{note[0]}，所以和牌机会是 0。", f"After {me}: {note[1]}, so the chance to win is 0."))
    if pa <= 0:
        out.append(zero_words(True))
    out.append((f"靠自己摸牌和牌的机会：打{_tile(best).zh} {_pct(pb)}，打{_tile(mine).zh} {_pct(pa)}。",
                f"The chance to win by your own draws: {_pct(pb)} after {be}, {_pct(pa)} after {me}."))
    fans = _best_fans(d)
    if fans:
        out.append((f"打{_tile(best).zh}后，能和的牌最常带的番：{', '.join(f['zh'] for f in fans[:3])}。",
                    f"The wins the coach's choice aims at most often carry: {', '.join(f['en'] for f in fans[:3])}."))
    return out


def _best_fans(d: dict) -> list:
    top = next((o for o in d.get("top", ()) if o.get("discard") == d["best"]), None)
    return list(top["fans"]) if top and top.get("fans") else list(d.get("best_fans", ()))


def _note(d: dict, again) -> tuple | None:
    own = next((o for o in d.get("top", ()) if o.get("discard") == d["choice"]), None)
    if own and own.get("note"):
        return own["note"]["zh"], own["note"]["en"]
    if again is not None:
        o = next((o for o in again if str(o.discard) == d["choice"]), None)
        if o is not None and o.note:
            return o.note
    return None


def _claim_reasons(d: dict) -> list[tuple[str, str]]:
    if not d.get("evals"):
        return []
    mine, best = d["choice"], d["best_claim"]
    by = {e["option"]: e["win_chance"] for e in d["evals"]}
    out = []
    if mine == best:
        out.append(("你的选择和教练的最佳一样。", "Your choice is the coach's best."))
    elif best == "pass":
        out.append(("吃或碰让一组牌亮在桌上：手牌不再是门前清，门前清、不求人这些番就没有了，"
                    "而国标要 8 番才能和。",
                    "A chow or pung puts a set face up: the hand is no longer concealed, so fans such as Concealed "
                    "Hand and Fully Concealed Hand are gone, and under MCR a win needs 8 points."))
    else:
        out.append(("这张牌要下来，手牌离和牌更近，也还能凑够 8 番。",
                    "Claiming this tile brings the hand closer to a win that still reaches 8 points."))
    lines_zh = "；".join(f"{_claim_words(o)[0]} {_pct(p)}" for o, p in by.items())
    lines_en = "; ".join(f"{_claim_words(o)[1]} {_pct(p)}" for o, p in by.items())
    out.append((f"之后靠自己摸牌和牌的机会：{lines_zh}。", f"The chance to win by your own draws afterwards: {lines_en}."))
    return out


def _decision_words(d: dict) -> tuple[str, str]:
    if d["kind"] == "discard":
        zh, en = _tw(d["choice"])
        return f"打出{zh}", f"discarded {en}"
    if d["kind"] == "claim":
        zh, en = _claim_words(d["choice"])
        tz, te = _tw(d["tile"])
        return f"对{tz}：{zh}", f"on {te}: {en}"
    return _decision_line(d)


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

    def deal(self) -> _Piece:
        """The learner's dealt tiles, seat and round wind: the tiles as dealt (13, the dealer's 14) when
        the record keeps them, else the hand at the first decision: 14 before a first discard, the 13
        dealt tiles when the first decision answered a discard before any draw."""
        r = self.record
        first = next((d for d in self.decisions if d.get("hand")), None)
        dealt = r.get("dealt") or (first["hand"] if first else None)
        seat, wind = Seat.of(r["seat"]), Seat.of(r.get("prevalent_wind", "E"))
        head = B(f"{r.get('rules_zh', '')} · 你坐{seat.zh}" + (" · 你是庄家" if seat.letter == "E" else "")
                 + f" · 圈风 {wind.zh}",
                 f"{r.get('rules_en', '')} · you sit {seat.en}" + (" · you are the dealer" if seat.letter == "E" else "")
                 + f" · round wind {wind.en}")
        if dealt is None:
            body = esc(B("这一局你没有打过牌。", "You discarded no tile in this hand."))
            return _Piece(f'<div class="mj-box">{esc(head)}<div>{body}</div></div>', f"{head}\n{_text_of(body)}")
        n = len(as_hand(dealt).concealed)
        steps = shanten(dealt)
        if n == 14:
            words = B("发到手的 14 张牌（庄家第一次打牌前）" if r.get("dealt") else "第一次打牌前的 14 张牌",
                      "Your 14 dealt tiles (the dealer's, before the first discard)" if r.get("dealt")
                      else "Your 14 tiles before your first discard")
            count = B(f"数一数：这 14 张离听牌还差 {steps} 步（打出最合适的一张后）。",
                      f"Counted for you: these 14 tiles are {steps} from ready (after the discard that keeps them closest).")
        else:
            words = B(f"发到手的 {n} 张牌（第一次摸牌前）", f"Your {n} dealt tiles (before your first draw)")
            count = B(f"数一数：这 {n} 张离听牌还差 {steps} 步。", f"Counted for you: these {n} tiles are {steps} from ready.")
        html = (f'<div class="mj-box" data-deal="{n}"><b>{esc(head)}</b><div>{esc(words)}</div>'
                f'{_hand(dealt, width=40)}'
                f'<div>{esc(count)}</div>'
                f'<div class="mj-note">{esc(B(f"花牌放在一边，不算在 {n} 张里。", f"Flowers are set aside and are not among the {n}."))}'
                f'</div></div>')
        return _Piece(html, _text_of(html))

    def moment(self, n: int) -> _Piece:
        """Decision number ``n`` (as the review numbers them) in words and tiles."""
        d = next((d for d in self.decisions if d["n"] == n), None)
        if d is None:
            raise IndexError(f"this hand has decisions 1-{len(self.decisions)}, not {n}")
        html = self._moment_html(d, live=False)
        return _Piece(html, _text_of(html))

    def costliest_discards(self, n: int = 3) -> list[dict]:
        """The ``n`` discards that cost the most: chance to win lost, then useful tiles lost (the
        review's order)."""
        bad = [d for d in self.decisions if d["kind"] == "discard" and d.get("best") and not same_within_error(d)
               and (d["cost_chance"] > 1e-9 or d["cost_useful"] > 0)]
        bad.sort(key=lambda d: (-d["cost_chance"], -d["cost_useful"], d["n"]))
        return bad[:n]

    def key_moments(self) -> list[int]:
        """The decisions a lesson dwells on: the three costliest discards and the costliest claim,
        in the order they were made."""
        ns = {d["n"] for d in self.costliest_discards()}
        claims = [d for d in self.decisions if d["kind"] == "claim" and d.get("evals") and d.get("cost_chance", 0) > 1e-9
                  and not same_within_error(d)]
        if claims:
            ns.add(max(claims, key=lambda d: d["cost_chance"])["n"])
        return sorted(ns)

    def key_moment(self, k: int) -> _Piece:
        """The ``k``-th key moment (1, 2...), or a note when the hand has fewer."""
        keys = self.key_moments()
        if not 1 <= k <= len(keys):
            html = f'<div class="mj-box">{esc(B(f"这一局只有 {len(keys)} 个关键时刻。", f"This hand has only {len(keys)} key moments."))}</div>'
            return _Piece(html, _text_of(html))
        return self.moment(keys[k - 1])

    def review(self) -> Review:
        """The review of the whole hand: every decision with its cost, the three costliest drawn."""
        return Review(self.record)

    def outcome(self) -> _Piece:
        """How the hand ended, as the table said it."""
        lines = [ln for ln in (self.record.get("outcome") or "").splitlines() if ln.strip()]
        if not lines:
            lines = [B("这一局还没有结束。", "The hand was not over when it was saved.")]
        pay = self.record.get("payments") or {}
        me = self.record["seat"]
        mine = pay.get(me)
        lines = [_plain_line(ln) for ln in lines]
        if self.record.get("mcr"):
            lines = [_fan_zh(ln) for ln in lines]
        if mine is not None:
            who = Seat.of(me)
            if self.record.get("made_by"):      # the course's hand, played by someone else
                lines.append(B(f"这位玩家（{who.zh}家）这一局的收付：{mine:+g}",
                               f"The player's payment for this hand ({who.en}): {mine:+g}"))
            else:
                lines.append(B(f"你这一局的收付：{mine:+g}", f"Your payment for this hand: {mine:+g}"))
        won = _winning_hand(self.record.get("outcome") or "")
        drawn = (f'<div>{esc(B("和牌的手牌", "the winning hand"))}</div>{_hand(won)}'
                 if won else "")
        html = ('<div class="mj-box" data-outcome="1">' + "".join(f"<div>{esc(ln)}</div>" for ln in lines[:2])
                + drawn + "".join(f"<div>{esc(ln)}</div>" for ln in lines[2:]) + "</div>")
        return _Piece(html, "\n".join(lines))

    def practise(self) -> _Piece:
        """What to practise next, from the kind of the costliest mistakes."""
        ws = self.costliest_discards()
        claims = [d for d in self.decisions if d["kind"] == "claim" and d.get("cost_chance", 0) > 0.005]
        tips = []
        if any(d["shanten_after"] > d["best_shanten"] for d in ws):
            tips.append(("先别拆已经成形的搭子和对子：练习数向听数，看一张牌打出去后离听牌还差几步。",
                         "Keep the pairs and runs that already work: practise counting how far from ready a hand is "
                         "after a discard.", 'quiz.practice("kind:shanten")'))
        if any(d["shanten_after"] == d["best_shanten"] and d["live"] < d["best_live"] for d in ws):
            tips.append(("离听牌一样远时，数一数还有几张有效牌没出现：练习“打哪张”。",
                         "When two discards are as far from ready, count the useful tiles still unseen: practise "
                         "choosing the discard.", 'quiz.practice("kind:discard")'))
        if any(d["shanten_after"] <= d["best_shanten"] and d["win_chance"] < d["best_win_chance"] for d in ws):
            tips.append(("国标要 8 番：打牌前先想想这手牌能凑哪些番（第 06、07 课）。",
                         "MCR needs 8 points: before you discard, ask which fans the hand can reach (lessons 06 and 07).",
                         'quiz.practice("fans")'))
        if claims:
            tips.append(("吃碰之前先比一比：亮出一组牌会失去门前清的番。再打一局，教练会把吃（碰）和不吃的和牌机会并排给你看。",
                         "Compare before a chow or pung: an exposed set loses the concealed hand's fans. Play another "
                         "hand: the coach sets the chance to win after claiming beside the chance after passing.",
                         'mj.play("mcr", seat="E")'))
        if not tips:
            tips.append(("这一局打得和教练一样好：再打一局，试试别的座位。", "You played this hand as well as the coach: play another, from another seat.",
                         'mj.play("mcr", seat="S")'))
        items = "".join(f"<li>{esc(B(zh, en))}<br><code>{esc(call)}</code></li>" for zh, en, call in tips)
        html = f'<div class="mj-box"><b>{esc(B("接下来练什么", "What to practise next"))}</b><ul>{items}</ul></div>'
        return _Piece(html, "\n".join(f"- {B(zh, en)}  {call}" for zh, en, call in tips))

    # --- the coach asked again ----------------------------------------------------------------

    def coach_again(self, n: int):
        """The coach asked again on discard ``n`` with what the seat could see then (records that keep
        it: the course's recorded hand), or None."""
        if n in self._again:
            return self._again[n]
        d = next((d for d in self.decisions if d["n"] == n), None)
        out = None
        sight = d.get("sight") if d else None
        if sight and d.get("hand"):
            try:
                out = coach(d["hand"], rules=self.record["rules"], seen=sight["seen"], draws_left=sight["draws_left"],
                            trials=COACH_TRIALS, seat_wind=sight["seat_wind"], prevalent_wind=sight["prevalent_wind"])
            except (ValueError, KeyError, TypeError):
                out = None
        self._again[n] = out
        return out

    # --- rendering ----------------------------------------------------------------------------

    def _moment_html(self, d: dict, live: bool) -> str:
        zh, en = _decision_words(d)
        left = d.get("wall_left")
        wall = f" · {B(f'牌墙还剩 {left} 张', f'{left} tiles left in the wall')}" if left is not None else ""
        parts = [f'<div class="mj-box" data-moment="{d["n"]}"><b>#{d["n"]} · {esc(B("你" + zh, "you " + en))}</b>'
                 f'{esc(wall)}']
        if d["kind"] == "discard" and d.get("hand"):
            parts.append(_hand(d["hand"], mark=d["choice"], width=34, live=live))
        if d["kind"] == "discard" and d.get("best"):
            again = self.coach_again(d["n"]) if d["win_chance"] <= 0 else None
            parts.append('<div class="mj-two">' + self._side(d, mine=True, live=live) + self._side(d, mine=False, live=live)
                         + "</div>")
            parts.append(self._why(reasons(d, again)))
        elif d["kind"] == "claim":
            before = self._before_claim(d)
            if before is not None:
                parts.append(f'<div>{esc(B("你的 13 张牌", "your 13 tiles"))}</div>{_hand(before, live=live)}')
                steps = self.claim_steps(d)
                if steps is not None:
                    a, b = steps
                    parts.append(f'<div data-steps="{a} {b}">{esc(B(f"要这张牌以前离听牌 {a} 步；吃（碰）了再打出最合适的一张，离听牌 {b} 步。", f"Before the claim the hand was {a} from ready; after it, and the discard that keeps it closest, {b} from ready."))}</div>')
            parts.append(f'<div>{esc(B("打出的牌", "the discard"))}</div><div class="mj-row">'
                         f'{tile_tag(_tile(d["tile"]), live=live, width=34, cls="mj-last")}</div>')
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
        return shanten(before), shanten(nxt["hand"])

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
        return str(Hand(h.melds[:-1], tuple(sorted(tuple(h.concealed) + tuple(back), key=lambda y: y.index)), None,
                        h.flowers))

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
        fans = _best_fans(d) if not mine else list(d.get("fans", ()))
        fan = (f'<div>{esc(B("可能的番种（番数，占能和的牌的比例）", "likely fans (points, share of the wins)"))}: '
               f'{esc(_fans(fans))}</div>' if fans and p > 0 else "")
        (zb, eb), (zs, es) = shanten_name(before if before is not None else s), shanten_name(s)
        steps = B(f"{zb} → {zs}", f"{eb} → {es}") if before is not None else B(zs, es)
        return (f'<div{cls} data-side="{"mine" if mine else "best"}"><b>{esc(label)}</b> '
                f'<span class="mj-pick">{tile_tag(_tile(x), live=live, width=30)}</span>'
                f'<div>{esc(B("离听牌", "distance from ready"))}: {esc(steps)}</div>'
                f'<div>{esc(B("有效牌（还没出现的张数）", "useful tiles (copies unseen)"))}: <b>{d[f"{k}live"]}</b></div>'
                f'<div class="mj-row">{_useful(d[f"{k}useful"], live)}</div>'
                f'<div>{esc(B("和牌机会（8 番起和）", "chance to win (8 points or more)"))}: <b>{pe}</b></div>{fan}</div>')

    def _layout(self) -> str:
        return (f'<div class="mj-view mj-rp">{_STYLE}<div data-region="head"></div><div class="mj-body">'
                '<div data-region="controls"></div><div data-region="main"></div></div></div>')

    def _regions(self, live: bool) -> dict:
        ds = self.decisions
        if not ds:
            return {"head": header(B("复盘回放", "Replay the review"), live), "controls": "",
                    "main": f'<div class="mj-box">{esc(B("这一局你没有做任何决定。", "You made no decision in this hand."))}</div>'}
        at = min(self.at, len(ds) - 1)
        nav = (f'<div class="mj-acts"><button class="mj-chip" data-act="step" data-arg="{max(0, at - 1)}"'
               f'{" disabled" if at == 0 else ""}>◀ {esc(B("上一步", "back"))}</button>'
               f'<span data-at="{at}">{at + 1} / {len(ds)}</span><button class="mj-chip" data-act="step" '
               f'data-arg="{at + 1}"{" disabled" if at + 1 >= len(ds) else ""}>{esc(B("下一步", "forward"))} ▶</button>'
               '</div>') if live else (f'<div class="mj-note">{esc(B(f"第 {at + 1} 步，共 {len(ds)} 步：运行笔记本就能前后翻看。", f"Step {at + 1} of {len(ds)}: run the notebook to step back and forth."))}</div>')
        return {"head": header(B("复盘回放", "Replay the review"), live), "controls": nav,
                "main": self._moment_html(ds[at], live)}

    def _act_step(self, arg, msg):
        if arg >= len(self.decisions):
            raise ValueError(B(f"这一局只有 {len(self.decisions)} 步。", f"This hand has only {len(self.decisions)} steps."))
        self.at = arg

    def step(self, k: int) -> "ReviewReplay":
        """Show decision ``k`` (0: the first), as the buttons do; returns the widget."""
        self.handle({"act": "step", "arg": k})
        return self

    def _text(self) -> str:
        return f"ReviewReplay({len(self.decisions)} decisions)"

    def _plain_head(self) -> str:
        return B("复盘回放", "Replay the review") + f" · {min(self.at, max(0, len(self.decisions) - 1)) + 1} / {len(self.decisions)}"


def replay_review(source) -> ReviewReplay:
    """A recorded hand to walk through: ``source`` is the path of a hand saved with ``table.save(...)``,
    the record itself, or the table. A file that cannot be read raises :class:`RecordError`, saying why."""
    return ReviewReplay(read_record(source))
