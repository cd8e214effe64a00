"""Pages of the fan list for the course: the index of the 81 fans, the sheet of the fans met most
often (from simulated play), and one fan's section with its example and near miss.

The frequencies come from ``fan_frequency.json`` beside this module, written by
``tools/fan_frequency.py`` (whole MCR hands played by mjlearn's table and computer players).

>>> from mjlearn.mcr.sheets import frequencies
>>> f = frequencies()
>>> f.hands > 1000 and 0 < f.wins <= f.hands
True
>>> f.rows()[0].share > f.rows()[-1].share
True
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..render import svg
from ..seats import Seat
from .fans import FANS, POINT_TIERS, Fan, fan

__all__ = [
    "DATA",
    "Frequencies",
    "FrequencyRow",
    "fan_index_html",
    "fan_section_html",
    "frequencies",
    "frequency_sheet_html",
]

DATA = Path(__file__).with_name("fan_frequency.json")
"""The measured frequencies (see tools/fan_frequency.py)."""


@dataclass(frozen=True)
class FrequencyRow:
    """How often one fan counts in the winning hands of simulated play."""

    fan: Fan
    """The fan."""
    hands: int
    """Winning hands in which it counts."""
    share: float
    """``hands`` over all winning hands (0-1)."""


@dataclass(frozen=True)
class Frequencies:
    """The measured figures: hands played, hands won, per fan the winning hands it counts in."""

    hands: int
    """Hands played."""
    wins: int
    """Hands won (the others ended with the wall exhausted)."""
    counts: dict
    """fan id -> winning hands in which the fan counts."""

    def rows(self) -> list[FrequencyRow]:
        """Every fan met at least once, the most frequent first (then by fan number)."""
        rows = [FrequencyRow(fan(i), n, n / self.wins) for i, n in self.counts.items() if n]
        return sorted(rows, key=lambda r: (-r.hands, r.fan.id))

    def share(self, fan_id: int) -> float:
        return self.counts.get(fan_id, 0) / self.wins


@lru_cache(maxsize=1)
def frequencies() -> Frequencies:
    """The committed measurement (read once)."""
    d = json.loads(DATA.read_text(encoding="utf-8"))
    return Frequencies(d["hands"], d["wins"], {int(k): v for k, v in d["counts"].items()})


def _e(x) -> str:
    return html.escape(str(x), quote=True)


def _pct(share: float) -> str:
    if share == 0:
        return "0%"
    p = 100 * share
    return f"{p:.0f}%" if p >= 1 else (f"{p:.1f}%" if p >= 0.1 else "<0.1%")


def fan_index_html(freq: Frequencies | None = None, href=None) -> str:
    """The 82 fans by point value, each linked to its section (``#fan-N``, or ``href(N)``), with how
    often it counted in simulated play (``freq``: another measurement than the committed one)."""
    freq = freq or frequencies()
    href = href or (lambda i: f"#fan-{i}")
    tiers = []
    for pts in POINT_TIERS:
        items = "".join(
            f'<li><a href="{_e(href(f.id))}">{f.id}. {_e(f.zh)} {_e(f.en)}</a> '
            f'<span style="color:#777">{_pct(freq.share(f.id))}</span></li>'
            for f in FANS
            if f.points == pts and f.id <= 81
        )
        tiers.append(
            f'<div style="break-inside:avoid;margin:0 0 8px"><b>{pts} 番 · {pts} point'
            f'{"s" if pts > 1 else ""}</b><ul style="margin:2px 0 0 18px;padding:0">{items}</ul></div>'
        )
    extra = fan(82)
    tiers.append(
        f'<div style="break-inside:avoid"><b>{_e("不在 81 番之内 · not one of the 81")}</b>'
        f'<ul style="margin:2px 0 0 18px;padding:0"><li><a href="{_e(href(extra.id))}">{extra.id}. '
        f"{_e(extra.zh)} {_e(extra.en)}</a> ({extra.points} 番 points)</li></ul></div>"
    )
    note = (
        f'<p style="color:#555;margin:4px 0">百分比：在 {freq.hands:,} 局模拟对局的 {freq.wins:,} 次和牌中，'
        f"这个番计分的比例。 · The percentage: how often the fan counted in the {freq.wins:,} winning "
        f"hands of {freq.hands:,} simulated hands.</p>"
    )
    return (
        f'<div style="max-width:100%">{note}<div style="columns:3 260px;column-gap:24px;font-size:13.5px">'
        + "".join(tiers)
        + "</div></div>"
    )


def frequency_sheet_html(top: int = 24, freq: Frequencies | None = None) -> str:
    """One page: the ``top`` fans met most often in simulated play (``freq``, default the committed
    measurement), each with its points, how often it counts and its definition in both languages."""
    freq = freq or frequencies()
    rows = freq.rows()[:top]
    best = rows[0].share if rows else 1
    cells = []
    for r in rows:
        f = r.fan
        bar = (
            f'<span style="display:inline-block;height:8px;width:{90 * r.share / best:.0f}px;'
            f'background:#2f9e63;border-radius:4px;vertical-align:middle"></span>'
        )
        cells.append(
            f'<div style="break-inside:avoid;padding:4px 0;border-bottom:1px solid #eee">'
            f'<a href="#fan-{f.id}"><b>{_e(f.zh)} {_e(f.en)}</b></a> · {f.points} 番 point{"s" if f.points > 1 else ""}<br>'
            f'{bar} <b>{_pct(r.share)}</b> <span style="color:#666">{_e("的和牌 of winning hands")}</span><br>'
            f'<span style="font-size:12.5px">{_e(f.definition_zh)}<br>{_e(f.definition_en)}</span></div>'
        )
    head = (
        f'<p style="margin:4px 0;color:#555">由 mjlearn 的牌桌和电脑玩家打了 {freq.hands:,} 局国标麻将，'
        f"其中 {freq.wins:,} 局有人和牌；下面是这些和牌里最常计的 {len(rows)} 个番。 · mjlearn's table and "
        f"computer players played {freq.hands:,} MCR hands, {freq.wins:,} of them won; these are the "
        f"{len(rows)} fans that counted most often in those wins.</p>"
    )
    return (
        f'<div style="max-width:100%">{head}<div style="columns:2 320px;column-gap:28px;font-size:13.5px">'
        + "".join(cells)
        + "</div></div>"
    )


def fan_section_html(fan_id: int, freq: Frequencies | None = None) -> str:
    """A fan's definition, how often it is met (in ``freq``, default the committed measurement), its
    example and its near miss, as HTML: both hands drawn and scored by the engine, the near miss with
    the sentence saying what is missing."""
    from .examples import example, near_miss, near_miss_sentence

    f = fan(fan_id)
    hand, ctx, res = example(fan_id)
    miss, mctx, mres = near_miss(fan_id)
    if fan_id not in res.fan_counts() or fan_id in mres.fan_counts():  # the data must hold
        raise AssertionError(f"the example or near miss of fan {fan_id} does not hold")
    freq = freq or frequencies()

    def how(c):
        return _e(context_words(c))

    def scored(r):
        if not r.is_winning:
            return _e("不成和牌 · not a winning hand")
        names = "、".join(f"{x.zh} {x.en}" + (f" ×{x.count}" if x.count > 1 else "") for x in r.fans)
        return f"<b>{r.total}</b> 番 points: {_e(names)}"

    def pic(r):
        return f'<div style="max-width:100%;overflow-x:auto">{svg.hand_svg(r.hand, width=30)}</div>'

    return (
        f'<div style="max-width:100%">'
        f'<p style="margin:2px 0">{_e(f.definition_zh)}<br>{_e(f.definition_en)}<br>'
        f'<span style="color:#666">{_e("模拟对局里的出现率 · met in simulated play")}: {_pct(freq.share(fan_id))}'
        f"</span></p>"
        f'<p style="margin:8px 0 2px"><b>{_e("例 · Example")}</b> <code>{_e(hand)}</code> {how(ctx)}</p>'
        f'{pic(res)}<p style="margin:2px 0">{scored(res)}</p>'
        f'<p style="margin:10px 0 2px"><b>{_e("差一点 · Near miss")}</b> <code>{_e(miss)}</code> {how(mctx)}</p>'
        f'{pic(mres)}<p style="margin:2px 0">{scored(mres)}</p>'
        f'<p style="margin:2px 0">{_e(near_miss_sentence(fan_id, "zh"))}<br>{_e(near_miss_sentence(fan_id, "en"))}</p>'
        f"</div>"
    )


def context_words(ctx: dict) -> str:
    """How the hand was won, in words, both languages (``{}``: on a discard, East seat, East round)."""
    zh, en = [], []
    if ctx.get("self_drawn"):
        zh.append("自摸")
        en.append("self-drawn")
    else:
        zh.append("点和")
        en.append("on a discard")
    if ctx.get("kong"):
        zh.append("杠上开花" if ctx.get("self_drawn") else "抢杠")
        en.append("on a kong replacement" if ctx.get("self_drawn") else "robbing a kong")
    if ctx.get("wall_last"):
        zh.append("牌墙最后一张")
        en.append("last tile of the wall")
    if ctx.get("last_tile"):
        zh.append("绝张")
        en.append("last of its kind")
    s, p = ctx.get("seat_wind", "E"), ctx.get("prevalent_wind", "E")
    s, p = Seat.of(s), Seat.of(p)
    zh.append(f"门风{s.zh}、圈风{p.zh}")
    en.append(f"seat wind {s.en}, prevalent wind {p.en}")
    if ctx.get("flowers"):
        zh.append(f"{ctx['flowers']} 张花")
        en.append(f"{ctx['flowers']} flower{'s' if ctx['flowers'] > 1 else ''}")
    return f"（{'，'.join(zh)} · {', '.join(en)}）"
