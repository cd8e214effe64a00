"""How the play table, its review and the replay of a saved hand say and draw things.

Tiles named in words in both languages (``五饼`` / ``5 Dots``), never in notation; a call in words
(``吃 一二三万`` / ``chow 1-2-3 Characters``); a chance as a percentage; an amount in the rule set's unit;
powers of two in words; how far a hand is from ready; a hand, the useful tiles and a row of tiles
drawn as tiles; the glossary's words made hoverable (:func:`_glossed`). Also the play table's
stylesheet (``_STYLE``), which the review shown on its own (:class:`~mjlearn.widgets.review.Review`)
shares with the table.

:mod:`mjlearn.widgets.review` and :mod:`mjlearn.widgets.play` build on these; nothing here knows the
table or the coach.
"""

from __future__ import annotations

import re

from ..hand import MeldKind, as_hand
from ..terms import annotate as _annotate
from ..terms import term_html as _term_html
from ..tiles import TILES
from ..tiles import tile as _tile
from ._base import B, esc, tile_tag
from .coach_words import away_words

_STYLE = """<style>
.mj-play { max-width: 1000px; }
.mj-play .mj-opps { display: flex; flex-wrap: wrap; gap: 8px; }
.mj-play .mj-opp, .mj-play .mj-me { background: #1f6b45; color: #eef7f0; border-radius: 8px; padding: 6px 8px;
  flex: 1 1 300px; min-width: 0; max-width: 100%; box-sizing: border-box; }
.mj-play .mj-opp.mj-turn, .mj-play .mj-me.mj-turn { outline: 3px solid #f59e0b; }
.mj-play .mj-name { font-size: 12px; margin-bottom: 3px; }
.mj-play .mj-row { display: flex; flex-wrap: wrap; gap: 2px; align-items: flex-end; margin: 2px 0; }
.mj-play .mj-back .mj-t { width: 15px; }
.mj-play .mj-me .mj-row .mj-t { width: 30px; }
.mj-play .mj-row.mj-pond .mj-t, .mj-play .mj-opp .mj-row .mj-t { width: 20px; }
.mj-play .mj-pond { max-width: 100%; }
.mj-play .mj-meld { display: inline-flex; margin-right: 6px; }
.mj-play .mj-me .mj-row.mj-hand .mj-t { width: 38px; }
.mj-play .mj-me .mj-hand .mj-t[data-act] { cursor: pointer; }
.mj-play .mj-me .mj-hand .mj-t[data-act]:hover { transform: translateY(-4px); }
.mj-play .mj-me .mj-meld .mj-t { width: 30px; }
.mj-play .mj-taken { opacity: .35; }
.mj-play .mj-last { outline: 2px solid #f59e0b; }
.mj-play .mj-drawn { margin-left: 10px; }
.mj-play .mj-status { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 8px 0; font-size: 13px; }
.mj-play .mj-acts { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.mj-play .mj-acts .mj-chip { font-size: 14px; padding: 4px 14px; }
.mj-play .mj-box { border: 1px solid #d8d2c0; border-radius: 8px; padding: 8px; margin: 8px 0; background: #fff; }
.mj-play .mj-box .mj-t { width: 24px; }
.mj-play .mj-cmp2 { display: flex; flex-wrap: wrap; gap: 10px; }
.mj-play .mj-cmp2 > div { flex: 1 1 300px; min-width: 0; }
.mj-play table.mj-rev { border-collapse: collapse; font-size: 13px; max-width: 100%; }
.mj-play table.mj-rev td, .mj-play table.mj-rev th { border-bottom: 1px solid #eee; padding: 2px 6px; text-align: left; }
.mj-play .mj-zero { color: #6b5a12; }
.mj-play .mj-bad { color: #b42318; font-weight: 600; } .mj-play .mj-good { color: #0a7a3c; font-weight: 600; }
.mj-play .mj-t { width: 24px; }
.mj-play .mj-status .mj-t { width: 22px; } .mj-play .mj-acts .mj-t { width: 34px; }
.mj-play .mj-acts { align-items: center; }
.mj-play .mj-acts .mj-chip { display: inline-flex; align-items: center; gap: 3px; align-self: center; }
.mj-play .mj-acts .mj-chip .mj-t { width: 18px; }
.mj-play .mj-cnt { display: inline-flex; align-items: flex-end; white-space: nowrap; margin-right: 4px; }
.mj-play .mj-lbl { font-size: 11px; margin-right: 6px; white-space: nowrap; align-self: center; }
.mj-play .mj-opp .mj-lbl, .mj-play .mj-me .mj-lbl { color: #d5eadb; }
.mj-play .mj-win-tile { margin-left: 10px; display: inline-flex; }
.mj-play .mj-flw { margin-left: 12px; display: inline-flex; align-items: flex-end; gap: 2px; }
.mj-play .mj-notice { background: #fff7e0; border: 1px solid #f0c36d; color: #5b4100; border-radius: 6px;
  padding: 4px 8px; margin: 6px 0; font-size: 13px; }
.mj-play .mj-t[data-tile="P"] { position: relative; container-type: inline-size; }
.mj-play .mj-t[data-tile="P"]::after { content: "白"; position: absolute; left: 0; right: 0; top: 30%;
  text-align: center; line-height: 1; font-size: 42cqw; font-weight: 700; color: #1d4f9c; pointer-events: none; }
</style>"""


def _pct(p) -> str:
    return f"{100 * p:.1f}%"


def _tiles(names, live: bool, width: int = 24, cls: str = "") -> str:
    return "".join(tile_tag(_tile(x), live=live, width=width, cls=cls) for x in names)


def _meld_tag(m, live: bool, width: int, hidden: bool = False) -> str:
    """One set drawn as a group: a concealed kong (暗杠) as it lies on the table, its two end tiles
    face down, with its name, so that it reads as one set and not as four loose tiles (``hidden``:
    another player's during the hand, all four face down)."""
    if m.kind is MeldKind.KONG and m.is_concealed:
        x = m.tiles[0]
        face = None if hidden else x
        tiles = [tile_tag(None, live=live, width=width), tile_tag(face, live=live, width=width)]
        tiles += [tile_tag(face, live=live, width=width), tile_tag(None, live=live, width=width)]
        name = (
            B("暗杠（四张，扣着）", "a concealed kong (four tiles, face down)")
            if hidden
            else B(f"暗杠：四张{x.zh}", f"concealed kong of four {x.en}")
        )
        return (
            f'<span class="mj-meld" data-kong="concealed" data-meld="{face or "back"}" title="{esc(name)}" '
            f'aria-label="{esc(name)}">{"".join(tiles)}'
            f'<small class="mj-lbl">{esc(B("暗杠", "concealed kong"))}</small></span>'
        )
    return '<span class="mj-meld">' + "".join(tile_tag(x, live=live, width=width) for x in m.tiles) + "</span>"


def _melds_and_concealed(h, live: bool, width: int, mark=None) -> list[str]:
    """The tags of a hand's melds (each shaded as a set) and concealed tiles, ``mark`` outlined once:
    the start of every drawing of a hand (:func:`_hand_tiles`, the replay's)."""
    out = [_meld_tag(m, live, width) for m in h.melds]
    marked = False
    for x in h.concealed:
        cls = ""
        if mark is not None and not marked and str(x) == mark:
            cls, marked = "mj-last", True
        out.append(tile_tag(x, live=live, width=width, cls=cls))
    return out


def _hand_tiles(notation: str, live: bool, width: int = 24, mark=None, flowers: bool = False) -> str:
    """A hand drawn as tiles: melds, concealed tiles, the winning tile set apart and outlined, and
    (``flowers``) the flowers set aside; ``mark``: a concealed tile to outline once."""
    h = as_hand(notation)
    out = _melds_and_concealed(h, live, width, mark)
    if h.win_tile is not None:
        out.append(
            f'<span class="mj-win-tile" data-win-tile="{h.win_tile}">'
            f"{tile_tag(h.win_tile, live=live, width=width, cls='mj-last')}</span>"
        )
    if flowers and h.flowers:
        out.append(
            f'<span class="mj-flw" data-flowers="{len(h.flowers)}"><span class="mj-lbl">'
            f"{_glossed(esc(B('花牌', 'flowers')))}</span>"
            + "".join(tile_tag(x, live=live, width=width) for x in h.flowers)
            + "</span>"
        )
    return '<span class="mj-row">' + "".join(out) + "</span>"


def _powers(zh: str, en: str) -> tuple[str, str]:
    """Powers of two in words, not caret notation: ``2^1`` → ``2 的 1 次方`` / ``2 to the power 1``."""
    pat = r"2\s*\^\s*(\([^)]*\)|[0-9A-Za-z番]+)"
    return (
        re.sub(pat, lambda m: "2 的番数次方" if m.group(1) == "番" else f"2 的 {m.group(1)} 次方", zh),
        re.sub(pat, lambda m: f"2 to the power {m.group(1)}", en),
    )


def _tile_words(x) -> tuple[str, str]:
    """A tile by its names (zh, en): 五饼 / 5 Dots, 发财 / Green Dragon."""
    t = _tile(x)
    return t.zh, t.en


def _unit_en(en: str, n) -> str:
    """A unit's English word for ``n``: without the formula in brackets, singular for 1."""
    word = en.split(" (")[0].strip() if "(" in en else en
    if word in ("b",):
        word = en[en.index("(") + 1 : en.rindex(")")] if "(" in en else "base units"
    if n == 1:
        word = " ".join({"points": "point", "units": "unit", "fans": "fan"}.get(w, w) for w in word.split())
    return word


def _amount(n, unit) -> tuple[str, str]:
    """``n`` in the unit (zh, en): ``11 分`` / ``11 points``, ``1 point``."""
    zh = unit[0].split("（")[0]
    return f"{n:g} {zh}", f"{n:g} {_unit_en(unit[1], n)}"


_EN_TERMS = (("shanten", "向听"), ("useful tiles", "有效牌"), ("fans", "番种"), ("fan", "番"), ("ready", "听牌"))


def _glossed(html: str) -> str:
    """The glossary's words in a piece of widget HTML made hoverable (their definition in both
    languages): the Chinese ones by :func:`mjlearn.terms.annotate`, and shanten, useful tiles and
    fans in the English text."""
    html = str(_annotate(html, once=True))
    done: set = set()
    out = []
    depth = 0
    for part in re.split(r"(<[^>]+>)", html):
        if part.startswith("<"):
            tag = re.match(r"</?\s*([a-zA-Z]+)", part)
            if tag and tag.group(1).lower() in ("abbr", "button", "style", "option", "select", "title"):
                depth += -1 if part.startswith("</") else 1
            out.append(part)
            continue
        if depth <= 0:
            for en, zh in _EN_TERMS:
                if zh in done:
                    continue
                m = re.search(rf"\b{en}\b", part)
                if m:
                    done.add(zh)
                    part = part[: m.start()] + _term_html(zh, m.group(0)) + part[m.end() :]
                    break
        out.append(part)
    return "".join(out)


def _shanten_words(s: int) -> str:
    """How far from ready, in plain words (:func:`.coach_words.away_words`)."""
    return B(*away_words(s))


def _useful_html(useful: dict, live: bool) -> str:
    """The useful tiles with the copies still unseen (each count kept beside its tile); the kinds
    with none left are not drawn."""
    left = {k: n for k, n in useful.items() if n}
    if not left:
        return esc(B("没有", "none")) if not useful else esc(B("都已经见不到了", "none left"))
    return "".join(
        f'<span class="mj-cnt" title="{esc(B("还有", "live"))} {n}">{tile_tag(_tile(k), live=live, width=20)}'
        f"<small>×{n}</small></span> "
        for k, n in left.items()
    )


_CALL_ZH = {
    "chow": "吃",
    "pung": "碰",
    "kong": "杠",
    "win": "和",
    "pass": "过",
    "draw": "摸牌",
    "on_deal": "起手小胡",
    "grab_gold": "抢金",
}
_CALL_EN = {
    "chow": "chow",
    "pung": "pung",
    "kong": "kong",
    "win": "win",
    "pass": "pass",
    "draw": "draw",
    "on_deal": "on-deal win",
    "grab_gold": "grab the gold",
}


def _call_label(option: str) -> tuple[str, str]:
    """A call in words (zh, en): a chow names its run, a kong its tile."""
    what, _, arg = option.partition(" ")
    if what == "chow" and arg:
        run = [TILES[_tile(arg).index + k] for k in range(3)]
        return (
            f"吃 {''.join(x.zh[:-1] for x in run)}{run[0].zh[-1]}",
            f"chow {'-'.join(str(x.rank) for x in run)} {run[0].en.split(' ', 1)[1]}",
        )
    zh, en = _tile_words(arg) if arg else ("", "")
    return _CALL_ZH.get(what, what) + (f" {zh}" if arg else ""), _CALL_EN.get(what, what) + (f" {en}" if arg else "")
