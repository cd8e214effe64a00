"""A recorded hand's pieces, and the table's own text, with the tiles in words and drawn.

:class:`Piece` is one piece of a walk-through: HTML for the notebook, the same in words for plain
text. :func:`in_words`, :func:`log_in_words`, :func:`table_in_words` and :func:`outcome_in_words`
give the table's text (an event, the log, the picture's caption, the outcome) with its tile notation
turned into words and its hands drawn as tiles, for a lesson that shows the table itself (the
table's text is left as it is). The walk-through of a saved hand (:mod:`.replay`) draws its hands and
outcome with the same pieces.
"""

from __future__ import annotations

import html as _html
import re

from ..hand import as_hand
from ..mcr.profiles import PROFILES
from ..notation import parse_meld
from ..table.render import outcome_text, table_html
from ..tiles import tile as _tile
from ._base import B, esc, html_text, tile_tag
from ._words import _melds_and_concealed

__all__ = [
    "REPLAY_STYLE",
    "Piece",
    "draw_hand",
    "fan_zh",
    "in_words",
    "log_in_words",
    "outcome_in_words",
    "plain_line",
    "table_in_words",
    "winning_hand",
]

REPLAY_STYLE = """<style>
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


# --- pieces ---------------------------------------------------------------------------------------


class Piece:
    """A piece of the walk-through: HTML for the notebook, the same in words for plain text."""

    def __init__(self, html: str, text: str):
        self.html, self.text = html, text

    def _repr_html_(self) -> str:
        from ._base import _STATIC

        css = (_STATIC / "mj.css").read_text(encoding="utf-8")
        return f'<div class="mj-root mj-static mj-rp"><style>{css}</style>{REPLAY_STYLE}{self.html}</div>'

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text.splitlines()[0] if self.text else ""

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.text)


def draw_hand(notation, mark: str | None = None, width: int = 34, live: bool = False) -> str:
    """A hand drawn as tiles: exposed sets first (shaded), then the concealed tiles, ``mark`` outlined
    once, then the flowers (smaller)."""
    h = as_hand(notation)
    out = _melds_and_concealed(h, live, width, mark)
    if h.win_tile is not None:  # the winning tile, apart and outlined
        out.append(
            f'<span style="margin-left:10px">{tile_tag(h.win_tile, live=live, width=width, cls="mj-last")}</span>'
        )
    if h.flowers:  # the flowers, apart and labelled
        out.append(
            f'<span class="mj-flw" style="margin-left:10px;display:inline-flex;align-items:flex-end;gap:2px">'
            f"<small>{esc(B('花牌', 'flowers'))}</small>"
            + "".join(tile_tag(x, live=live, width=width * 3 // 4, cls="mj-fl") for x in h.flowers)
            + "</span>"
        )
    big = " mj-big" if width >= 40 else ""
    return f'<div class="mj-row{big}">' + "".join(out) + "</div>"


def fan_zh(line: str) -> str:
    """An MCR hand's value in 番 in Chinese, as the glossary and the MCR lessons say it (the table
    writes 分, its payment unit): ``，15分。`` → ``，15 番。``."""
    return re.sub(r"(\d+)分([。，])", r"\1 番\2", line)


def plain_line(line: str) -> str:
    """A line of the table's outcome with the tiles in words: the winning hand's notation left out
    (it is drawn as tiles below), the winning tile named ("with 2s" → "with 2 Bamboo")."""
    won = winning_hand(line)
    if won:
        line = re.sub(r"\s*[:：]\s*" + re.escape(won), "", line)

    def name(m):
        try:
            return m.group(1) + _tile(m.group(2)).en
        except ValueError:
            return m.group(0)

    return re.sub(r"(\bwith )([1-9][mps]|[ESWNCFP]|[a-h])(?=[\s,.:])", name, line)


def winning_hand(outcome: str) -> str | None:
    """The winning hand's notation in the table's words on the outcome ("... with 2s: 345m...+2s, 15 points")."""
    for token in re.findall(r"[0-9mpszESWNCFPa-h\[\],+]{14,}", outcome):
        try:
            h = as_hand(token)
        except ValueError:
            continue
        if h.win_tile is not None:
            return token
    return None


# --- the table's own text with the tiles in words --------------------------------------------------

_HAND_TOKEN = re.compile(
    r"(?:\[[^\]\s]+\])+[0-9mpsESWNCFPa-h]*(?:\+[0-9mpsESWNCFPa-h]+)?"
    r"|[0-9mps]{6,}[0-9mpsESWNCFPa-h]*(?:\+[0-9mpsESWNCFPa-h]+)?"
)


def _run_words(a: str, b: str, suit: str) -> str:
    return f"{'-'.join(str(k) for k in range(int(a), int(b) + 1))} {_tile('1' + suit).en.split(' ', 1)[1]}"


def in_words(text: str, html: bool = True) -> str:
    """A line of the table's text (an event, an outcome) with its tile notation turned into words:
    ``7p`` → ``7 Dots``, ``d (冬)`` → ``Winter``, ``1p-3p`` → ``1-2-3 Dots``; a hand or a set is drawn
    as tiles (``html``) or, in plain text, named "the hand" / its tiles in words. The result is HTML
    (escaped) when ``html``, else plain text."""
    out, last = [], 0
    for m in _HAND_TOKEN.finditer(text):
        out.append(_words_plain(text[last : m.start()], html))
        tok = m.group(0)
        zh = bool(re.search(r"[\u4e00-\u9fff]", text))
        name = (lambda x: _tile(x).zh) if zh else (lambda x: _tile(x).en)
        try:
            h = as_hand(tok)
            tiles = [x for m_ in h.melds for x in m_.tiles] + list(h.concealed)
            win = h.win_tile
            flowers = list(h.flowers)
        except ValueError:
            flowers = []
            try:
                h, tiles, win = None, list(parse_meld(tok).tiles), None
            except ValueError:
                h, tiles, win = None, None, None
        if tiles is None:
            out.append(esc(tok) if html else tok)
        elif html and h is not None:
            out.append(f'<span style="display:inline-block;vertical-align:middle">{draw_hand(tok, width=22)}</span>')
        elif html:
            out.append("".join(tile_tag(x, live=False, width=22) for x in tiles))
        else:
            out.append(
                (("、" if zh else " ").join(name(x) for x in tiles))
                + (f" + {name(win)}" if win is not None else "")
                + (
                    (" + 花牌 " if zh else " + flowers ") + ("、" if zh else " ").join(map(name, flowers))
                    if flowers
                    else ""
                )
            )
        last = m.end()
    out.append(_words_plain(text[last:], html))
    return "".join(out)


def _words_plain(text: str, html: bool) -> str:
    def one(x: str) -> str:
        try:
            return _tile(x).en
        except ValueError:
            return x

    text = re.sub(r"\s*\(2\^番\)", "", text)  # a unit's formula in carets: the unit alone
    text = re.sub(r"\b([1-9])([mps])-([1-9])\2\b", lambda m: _run_words(m.group(1), m.group(3), m.group(2)), text)
    text = re.sub(r"\b([ESWNCFPa-h]|[1-9][mps]) \(([^)]*)\)", lambda m: one(m.group(1)), text)
    text = re.sub(r"\b([1-9][mps])\b", lambda m: one(m.group(1)), text)
    text = re.sub(
        r"\b(with|on|draws|discards) ([ESWNCFPa-h])\b(?!['’])", lambda m: f"{m.group(1)} {one(m.group(2))}", text
    )
    return esc(text) if html else text


def log_in_words(log) -> Piece:
    """Events as a numbered list, each in both languages, the tiles in words and hands drawn."""
    items = []
    for e in log:
        zh, en = in_words(e.text("zh")), in_words(e.text("en"))
        line = f"{zh}<br><small>{en}</small>"
        items.append(f"<li>{'<b>' + line + '</b>' if e.is_action else line}</li>")
    html = f'<ol class="mj-log" tabindex="0" aria-label="牌局记录 Log of the hand" style="font-size:13px;max-height:420px;overflow:auto">{"".join(items)}</ol>'
    text = "\n".join(
        f"{k}. {in_words(e.text('zh'), False)}  {in_words(e.text('en'), False)}" for k, e in enumerate(log, 1)
    )
    return Piece(html, text)


def table_in_words(table, *, show_all: bool = True, seat=None) -> Piece:
    """The table's picture (:meth:`~mjlearn.table.Table.render`) with its caption, the last event, in
    words: tiles named, a winning hand drawn as tiles."""
    view = table_html(table, show_all=show_all, seat=seat)
    if table.log:
        e = table.log[-1]
        last = _html.escape(e.text("both"))
        if table.rules.name in PROFILES:
            zh = in_words(fan_zh(e.text("zh")))
        else:
            zh = in_words(e.text("zh"))
        en = re.sub(r"[:：]\s*(?:" + _HAND_TOKEN.pattern + ")", "", e.text("en"))  # the hand drawn once
        view = view.replace(last, f"{zh}<br>{in_words(en)}")
    # the words of the picture: a flower by its name (its notation is a bare letter, "h")
    named = re.sub(r'data-tile="([a-h])"', lambda m: f'data-tile="{_tile(m.group(1)).en}"', view)
    return Piece(view, html_text(named))


def outcome_in_words(table) -> Piece:
    """The end of a hand (the table's outcome) with the tiles in words and the winning hand drawn."""
    lines = [ln for ln in outcome_text(table).splitlines() if ln.strip()]
    if table.rules.name in PROFILES:
        lines = [fan_zh(ln) for ln in lines]
    rows, plain = [], []
    for ln in lines:
        parts = ln.split("  ", 1) if not ln.startswith(" ") else [ln]
        if len(parts) == 2 and _HAND_TOKEN.search(parts[1]):  # the hand drawn once, in the first half
            en = re.sub(r"[:：]\s*(?:" + _HAND_TOKEN.pattern + ")", "", parts[1])
            rows.append(f"<div>{in_words(parts[0])}<br>{in_words(en)}</div>")
        else:
            rows.append(f"<div>{'  '.join(in_words(x) for x in parts)}</div>")
        plain.append("  ".join(in_words(x, False) for x in parts))
    return Piece('<div class="mj-box">' + "".join(rows) + "</div>", "\n".join(plain))
