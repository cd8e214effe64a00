"""The engine's reasoning in words: the split behind a shanten, the shape each wait completes, the
tiles behind a fan. Every line names the tiles (or the arithmetic) it is about."""

from __future__ import annotations

from collections.abc import Iterable

from ...hand import Hand, format_meld
from ...shanten_core import _regular_split, form_shanten_of_counts, regular_split_of_counts, shanten_of_counts
from ...shanten_suits import knit_indices
from ...shapes import PartKind, readings
from ...tiles import KNITTED_SUIT_ORDERS, ORPHAN_INDICES, TILES, Tile, format_tiles
from ..core import Line

__all__ = ["fan_evidence", "group_text", "hand_text", "split_lines", "wait_shape"]


def group_text(groups: Iterable[Iterable[int]]) -> str:
    return " ".join(format_tiles(TILES[i] for i in g) for g in groups)


def hand_text(hand: Hand) -> str:
    """The tiles of a hand, melds as in notation: ``[123s,2] 3456788m578p``."""
    parts = [format_meld(m) for m in hand.melds]
    if hand.concealed:
        parts.append(format_tiles(sorted(hand.concealed)))
    return " ".join(parts)


def _regular_lines(melds, counts, n_melds: int) -> list[Line]:
    s = (
        regular_split_of_counts(counts, n_melds)
        if sum(counts) + 3 * n_melds in (13, 14)
        else _regular_split(counts, n_melds)
    )
    sets = [format_meld(m) for m in melds] + [group_text([g]) for g in s["sets"]]
    n_sets = len(sets)
    pair = group_text([s["pair"]]) if s["pair"] else ""
    parts = group_text(s["partials"])
    singles = format_tiles(sorted(TILES[i] for i in s["singles"])) if s["singles"] else ""
    zh = [
        f"组（{n_sets}）：{' '.join(sets) or '无'}",
        f"将：{pair or '无'}",
        f"搭子（{len(s['partials'])}）：{parts or '无'}",
    ] + ([f"孤张：{singles}"] if singles else [])
    en = [
        f"sets ({n_sets}): {' '.join(sets) or 'none'}",
        f"pair: {pair or 'none'}",
        f"partial sets ({len(s['partials'])}): {parts or 'none'}",
    ] + ([f"lone tiles: {singles}"] if singles else [])
    counted = min(len(s["partials"]), 4 - n_sets)
    cap = (
        f"（搭子最多算 4 − {n_sets} = {counted} 个）" if counted < len(s["partials"]) else "",
        f" (only 4 − {n_sets} = {counted} partial sets count)" if counted < len(s["partials"]) else "",
    )
    formula = f"8 − 2×{n_sets} − {counted} − {1 if pair else 0} = {s['shanten']}"
    return [
        ("拆法：" + "；".join(zh), "Split: " + "; ".join(en)),
        (
            f"向听数 = 8 − 2×组数 − 搭子数 − 将：{formula}{cap[0]}",
            f"Shanten = 8 − 2×sets − partial sets − pair: {formula}{cap[1]}",
        ),
    ]


def split_lines(hand: Hand) -> list[Line]:
    """How the engine reaches a hand's shanten: the best form and the split into sets, pair and
    partial sets (搭子) behind the number, with the count written out."""
    counts, n = list(hand.counts), len(hand.melds)
    best = shanten_of_counts(counts, n)
    forms = form_shanten_of_counts(counts, n)
    if forms["regular"] == best:
        return _regular_lines(hand.melds, counts, n)
    if forms["seven_pairs"] == best:
        pairs = [i for i in range(34) for _ in range(counts[i] // 2)]
        singles = [i for i in range(34) if counts[i] % 2]
        k = len(pairs)
        ptext = " ".join(format_tiles([TILES[i]] * 2) for i in pairs) or "-"
        return [
            (
                f"七对最近：对子 {ptext}；单张 {format_tiles(TILES[i] for i in singles) or '无'}",
                f"Seven pairs is closest: pairs {ptext}; singles {format_tiles(TILES[i] for i in singles) or 'none'}",
            ),
            (f"向听数 = 6 − 对子数：6 − {k} = {6 - k}", f"Shanten = 6 − pairs: 6 − {k} = {6 - k}"),
        ]
    if forms["thirteen_orphans"] == best:
        held = [i for i in ORPHAN_INDICES if counts[i]]
        missing = [i for i in ORPHAN_INDICES if not counts[i]]
        pair = any(counts[i] >= 2 for i in ORPHAN_INDICES)
        f = f"13 − {len(held)} − {int(pair)} = {13 - len(held) - int(pair)}"
        return [
            (
                f"十三幺最近：已有 {format_tiles(TILES[i] for i in held)}，缺 {format_tiles(TILES[i] for i in missing) or '无'}",
                f"Thirteen orphans is closest: holds {format_tiles(TILES[i] for i in held)}, missing "
                f"{format_tiles(TILES[i] for i in missing) or 'none'}",
            ),
            (f"向听数 = 13 − 幺九种数 − 有无对子：{f}", f"Shanten = 13 − kinds held − 1 if one is paired: {f}"),
        ]
    if forms["honors_and_knitted"] == best:
        p = max(KNITTED_SUIT_ORDERS, key=lambda p: sum(1 for i in knit_indices(p) if counts[i]))
        knit = [i for i in knit_indices(p) if counts[i]]
        honors = [i for i in range(27, 34) if counts[i]]
        f = f"13 − {len(knit)} − {len(honors)} = {13 - len(knit) - len(honors)}"
        return [
            (
                f"全不靠最近：组合龙的牌 {format_tiles(TILES[i] for i in knit)}，字牌 {format_tiles(TILES[i] for i in honors) or '无'}",
                f"Honors and knitted tiles is closest: knitted tiles {format_tiles(TILES[i] for i in knit)}, "
                f"honors {format_tiles(TILES[i] for i in honors) or 'none'}",
            ),
            (f"向听数 = 13 − 组合龙张数 − 字牌种数：{f}", f"Shanten = 13 − knitted tiles − honor kinds: {f}"),
        ]
    # knitted straight: the straight's missing tiles plus the regular shanten of the rest
    p = max(KNITTED_SUIT_ORDERS, key=lambda p: sum(1 for i in knit_indices(p) if counts[i]))
    idx = knit_indices(p)
    have = [i for i in idx if counts[i]]
    missing = [i for i in idx if not counts[i]]
    rest = list(counts)
    for i in have:
        rest[i] -= 1
    s = _regular_split(rest, n + 3)
    k = 9 - len(have)
    lines = [
        (
            f"组合龙最近：{format_tiles(TILES[i] for i in idx)}，缺 {format_tiles(TILES[i] for i in missing) or '无'}（{k} 张）",
            f"Knitted straight is closest: {format_tiles(TILES[i] for i in idx)}, missing "
            f"{format_tiles(TILES[i] for i in missing) or 'none'} ({k} tiles)",
        )
    ]
    sub = _regular_lines(hand.melds, rest, n + 3)
    lines.append(
        (
            f"其余的牌（组合龙算三组）：{sub[0][0].removeprefix('拆法：')}",
            f"The rest (the straight counts as three sets): {sub[0][1].removeprefix('Split: ')}",
        )
    )
    lines.append(
        (
            f"向听数 = 缺张 + 其余：{k} + {s['shanten']} = {k + s['shanten']}",
            f"Shanten = missing tiles + the rest: {k} + {s['shanten']} = {k + s['shanten']}",
        )
    )
    return lines


_SHAPES = {
    "single": ("单钓将：它和手里的单张成对", "a single wait: it pairs the lone tile"),
    "pair": ("双碰：它把对子变成刻子", "a pair wait: it turns a pair into a pung"),
    "closed": ("嵌张：它填在顺子中间", "a closed wait: it fills the middle of a chow"),
    "edge": ("边张：12 等 3 或 89 等 7", "an edge wait: 12 waiting on 3 or 89 on 7"),
    "open": ("两面：它接在两张连牌的一端", "a two-sided wait: it extends two neighbours"),
}


def wait_shape(hand: Hand, t: Tile) -> Line:
    """(zh, en): the shape a winning tile completes and how the hand then reads, e.g.
    ``"6s: 66s + 6s → 666s, a pair wait ...; reads 111m 666m 345s 666s PP"``."""
    if hand.all_counts[t.index] >= 4:
        return (f"{t}：四张都在你手里（形式听牌）", f"{t}: all four are in your hand (a formal wait)")
    h = Hand(melds=hand.melds, concealed=hand.concealed, win_tile=t)
    rs = readings(h)
    if not rs:
        return (f"{t}：加上它不能和", f"{t}: the hand does not complete with it")
    r = rs[0]
    best = None
    for rr in rs:
        if rr.form.value != "regular":
            continue
        for part in rr.parts:
            if part.is_declared or t not in part.tiles:
                continue
            if part.kind is PartKind.PAIR:
                shape = "single"
            elif part.kind in (PartKind.PUNG, PartKind.KONG):
                shape = "pair"
            elif part.tiles[1] == t:
                shape = "closed"
            elif (part.tiles[0] == t and t.rank == 7) or (part.tiles[2] == t and t.rank == 3):
                shape = "edge"
            else:
                shape = "open"
            order = ["open", "pair", "edge", "closed", "single"].index(shape)
            if best is None or order < best[0]:
                rest = list(part.tiles)
                rest.remove(t)
                best = (order, shape, rest, part, rr)
    if best is None:
        return (f"{t}：凑成{r.form.zh}：{r}", f"{t}: completes {r.form.en}: {r}")
    _, shape, rest, part, rr = best
    zh, en = _SHAPES[shape]
    had = format_tiles(rest)
    return (
        f"{t}：{had} + {t} → {format_tiles(part.tiles)}，{zh}；和牌读作 {rr}",
        f"{t}: {had} + {t} → {format_tiles(part.tiles)}, {en}; the hand reads {rr}",
    )


_MANNER = {44, 45, 46, 47, 56, 58, 77, 78, 79, 80}
"""Fans that come from how the hand was won (the tile, self-drawn, the wall...)."""
_SUIT_EN = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
_SUIT_ZH = {"m": "万", "p": "饼", "s": "条"}


def _suits(hand: Hand) -> Line:
    tiles = hand.tiles()
    have = [s for s in "mps" if any(str(t).endswith(s) and t.is_suited for t in tiles)]
    missing = [s for s in "mps" if s not in have]
    honors = sorted({t for t in tiles if not t.is_suited})
    zh = (
        "有"
        + ("、".join(_SUIT_ZH[s] for s in have) or "无数牌")
        + ("，缺" + "、".join(_SUIT_ZH[s] for s in missing) if missing else "")
        + ("，字牌 " + format_tiles(honors) if honors else "，无字牌")
    )
    en = (
        "suits "
        + (", ".join(_SUIT_EN[s] for s in have) or "none")
        + ("; no " + ", ".join(_SUIT_EN[s] for s in missing) if missing else "")
        + ("; honors " + format_tiles(honors) if honors else "; no honors")
    )
    return zh, en


def fan_evidence(fan_id: int, parts, result, context) -> Line:
    """(zh, en): the tiles behind one fan: its sets when the scorer names them, else the winning tile
    and how it was won (for the fans of the manner of winning), else the whole hand with its suits."""
    hand = result.hand
    if parts:
        text = " ".join(str(p) for p in parts if p is not None)
        if text:
            return text, text
    if fan_id == 81:
        n = result.flowers
        return f"花牌 {n} 张，每张 1 番：{n} × 1 = {n}", f"{n} flower(s), 1 point each: {n} × 1 = {n}"
    reading = result.reading
    if fan_id in _MANNER:
        t = hand.win_tile
        how = ("自摸", "self-drawn") if context.get("self_drawn") else ("点和", "won on a discard")
        extra_zh, extra_en = [], []
        for k, z, e in (
            ("last_tile", "和绝张", "the last tile of its kind"),
            ("wall_last", "海底", "the last tile of the wall"),
            ("kong", "杠上", "on a kong"),
        ):
            if context.get(k):
                extra_zh.append(z)
                extra_en.append(e)
        return (
            f"和 {t}（{t.zh}），{how[0]}" + ("，" + "，".join(extra_zh) if extra_zh else "") + f"；读作 {reading}",
            f"won on {t} ({t.en}), {how[1]}" + (", " + ", ".join(extra_en) if extra_en else "") + f"; reads {reading}",
        )
    if fan_id == 64:
        kongs = {m.tiles[0].index for m in hand.melds if len(m.tiles) == 4}
        hog = [TILES[i] for i in range(34) if hand.all_counts[i] == 4 and i not in kongs]
        if hog:
            text = " ".join(format_tiles([t] * 4) for t in hog)
            return (
                f"{text} 四张都用在组和将里；读作 {reading}",
                f"all four of {text} used in sets and the pair; reads {reading}",
            )
    specific = _whole_hand_fan(fan_id, hand, reading, context)
    if specific is not None:
        return specific
    zh, en = _suits(hand)
    return f"整手牌 {reading}：{zh}", f"the whole hand {reading}: {en}"


def _whole_hand_fan(fan_id: int, hand: Hand, reading, context) -> Line | None:
    """(zh, en): the reason of a fan about the whole hand, checked on the hand itself, or None."""
    tiles = hand.tiles()
    how = ("自摸", "self-drawn") if context.get("self_drawn") else ("点和", "won on a discard")
    if fan_id == 62:  # Concealed Hand
        return (
            f"没有吃、碰、明杠，{how[0]}；读作 {reading}",
            f"no claimed sets (no chow, pung or melded kong), {how[1]}; reads {reading}",
        )
    if fan_id == 63 and reading is not None:  # All Chows
        chows = [p for p in reading.parts if p.kind is PartKind.CHOW]
        pair = next((p for p in reading.parts if p.kind is PartKind.PAIR), None)
        if len(chows) == 4 and pair is not None:
            text = " ".join(format_tiles(p.tiles) for p in chows)
            ptext = format_tiles(pair.tiles)
            return (
                f"四组都是顺子 {text}，将 {ptext} 是数牌（没有字牌）",
                f"four chows {text} and a pair of suited tiles {ptext} (no honors)",
            )
    if fan_id == 68:  # All Simples
        if all(t.is_suited and 2 <= t.rank <= 8 for t in tiles):
            lo = min(t.rank for t in tiles)
            hi = max(t.rank for t in tiles)
            return (
                f"每张都是 2 到 8 的数牌（最小 {lo}，最大 {hi}），没有幺九和字牌；读作 {reading}",
                f"every tile is a suited 2 to 8 (lowest {lo}, highest {hi}): no 1, no 9, no honors; reads {reading}",
            )
    if fan_id == 76:  # No Honors
        if all(t.is_suited for t in tiles):
            return (
                f"没有风牌和箭牌，全是数牌；读作 {reading}",
                f"no winds or dragons, only suited tiles; reads {reading}",
            )
    return None
