"""Fan detection: the predicates of the fan table, one function per family of fans.

Each function reads precomputed features of a reading (parts as ``(kind, tile index, exposed)``,
the hand's tile set, the win context) and appends occurrences ``(fan_id, parts)`` to a list. It
reports every fan the reading *could* claim, implied ones included (四暗刻 also reports 碰碰和 and
门前清); what finally counts is decided by :mod:`mjlearn.mcr.principles`. ``Fan.detector`` in
:mod:`mjlearn.mcr.fans` names the function that finds each fan.
"""

from __future__ import annotations

from functools import lru_cache

from .tables import (IS_DRAGON, IS_GREEN, IS_HONOR, IS_REVERSIBLE, IS_TERMINAL, IS_TERMINAL_OR_HONOR,
                     IS_WIND, RANK, SUIT)

CHOW, PUNG, KONG, PAIR, KNITTED, SINGLES = "chow", "pung", "kong", "pair", "knitted", "singles"


@lru_cache(maxsize=4096)
def _whole_hand(mask: int) -> tuple[int, ...]:
    present = [i for i in range(34) if mask >> i & 1]
    out = []
    suits = {SUIT[i] for i in present}
    honors = 3 in suits
    missing = sum(1 for s in (0, 1, 2) if s not in suits)
    # suits: 无字 缺一门 混一色 清一色 五门齐
    if not honors:
        out.append(76)
    if missing == 1:
        out.append(75)
    elif missing == 2:
        out.append(49 if honors else 22)
    if missing == 0 and any(IS_WIND[i] for i in present) and any(IS_DRAGON[i] for i in present):
        out.append(51)
    # traits: 断幺 推不倒 绿一色 字一色 清幺九 混幺九
    if not any(IS_TERMINAL_OR_HONOR[i] for i in present):
        out.append(68)
    if all(IS_REVERSIBLE[i] for i in present):
        out.append(40)
    if all(IS_GREEN[i] for i in present):
        out.append(3)
    if all(IS_HONOR[i] for i in present):
        out.append(11)
    if all(IS_TERMINAL[i] for i in present):
        out.append(8)
    if all(IS_TERMINAL_OR_HONOR[i] for i in present):
        out.append(18)
    # ranges: 全小/小于五, 全大/大于五, 全中
    if not honors:
        ranks = {RANK[i] for i in present}
        if ranks <= {1, 2, 3, 4}:
            out.append(37)
            if 4 not in ranks:
                out.append(27)
        elif ranks <= {6, 7, 8, 9}:
            out.append(36)
            if 6 not in ranks:
                out.append(25)
        elif ranks <= {4, 5, 6}:
            out.append(26)
    return tuple(out)


_PRESENT = bytes([0] + [1] * 255)   # bytes.translate table: any count -> 0/1

# features of one group's tiles (a suit's 9 or the 7 honors), bits: which rank ranges hold every
# rank present (an empty group is in all of them), then flags
_SUBSETS = ({1, 2, 3, 4}, {1, 2, 3}, {6, 7, 8, 9}, {7, 8, 9}, {4, 5, 6})
_SUB_MASK = 0x1F
_NONEMPTY, _HAS_TH, _NOT_T, _NOT_REV, _NOT_GREEN, _NOT_TH, _WIND, _DRAGON = (1 << k for k in range(9, 17))
_FLAG_MASK = 0xFF << 9
_GROUP_FEATS: dict = {}


def _group_feats(base: int, present: bytes) -> int:
    """Features of the tiles ``base + k`` with ``present[k]``: rank ranges (bits 0-4) and flags."""
    key = (base, present)
    v = _GROUP_FEATS.get(key)
    if v is not None:
        return v
    tiles = [base + k for k, x in enumerate(present) if x]
    ranks = {RANK[i] for i in tiles if i < 27}
    v = 1 << 20                  # never 0, so a cache hit is always truthy
    for k, sub in enumerate(_SUBSETS):
        if ranks <= sub:
            v |= 1 << k
    for i in tiles:
        v |= _NONEMPTY
        if IS_TERMINAL_OR_HONOR[i]:
            v |= _HAS_TH
        else:
            v |= _NOT_TH
        if not IS_TERMINAL[i]:
            v |= _NOT_T
        if not IS_REVERSIBLE[i]:
            v |= _NOT_REV
        if not IS_GREEN[i]:
            v |= _NOT_GREEN
        if IS_WIND[i]:
            v |= _WIND
        if IS_DRAGON[i]:
            v |= _DRAGON
    _GROUP_FEATS[key] = v
    return v


@lru_cache(maxsize=None)
def _whole_hand_feats(subs: int, suit_flags: int, n_suits: int, fh: int) -> tuple[int, ...]:
    """The whole-hand fans (same rules as ``_whole_hand``) from: the rank ranges every suit is in,
    the suits' flags together, how many suits are present, and the honors' features."""
    honors = bool(fh & _NONEMPTY)
    missing = 3 - n_suits
    any_f = suit_flags | fh
    out = []
    if not honors:
        out.append(76)
    if missing == 1:
        out.append(75)
    elif missing == 2:
        out.append(49 if honors else 22)
    if missing == 0 and fh & _WIND and fh & _DRAGON:
        out.append(51)
    if not any_f & _HAS_TH:
        out.append(68)
    if not any_f & _NOT_REV:
        out.append(40)
    if not any_f & _NOT_GREEN:
        out.append(3)
    if not n_suits:
        out.append(11)
    if not any_f & _NOT_T:
        out.append(8)
    if not any_f & _NOT_TH:
        out.append(18)
    if not honors:
        if subs & 1:                 # ranks within 1-4
            out.append(37)
            if subs & 2:             # within 1-3
                out.append(27)
        elif subs & 4:               # within 6-9
            out.append(36)
            if subs & 8:             # within 7-9
                out.append(25)
        elif subs & 16:              # within 4-6
            out.append(26)
    return tuple(out)


def whole_hand_fans(all_counts) -> tuple[int, ...]:
    """The fans of :func:`whole_hand` as ids, from per-group tables (presence of each tile only)."""
    return tuple(f for f, _ in whole_hand_occ(all_counts))


_FEATS = ({}, {}, {}, {})


def whole_hand_occ(all_counts) -> tuple:
    """The occurrences :func:`whole_hand` appends, from per-group tables (cached)."""
    p = bytes(all_counts).translate(_PRESENT)
    fm, fp, fs, fh = _FEATS
    a, b, c, d = p[0:9], p[9:18], p[18:27], p[27:34]
    gm = fm.get(a) or fm.setdefault(a, _group_feats(0, a))
    gp = fp.get(b) or fp.setdefault(b, _group_feats(9, b))
    gs = fs.get(c) or fs.setdefault(c, _group_feats(18, c))
    gh = fh.get(d) or fh.setdefault(d, _group_feats(27, d))
    n_suits = (gm & _NONEMPTY) + (gp & _NONEMPTY) + (gs & _NONEMPTY) >> 9
    return _whole_hand_occ(gm & gp & gs & _SUB_MASK, (gm | gp | gs) & _FLAG_MASK, n_suits, gh)


@lru_cache(maxsize=None)
def _whole_hand_occ(subs: int, suit_flags: int, n_suits: int, fh: int) -> tuple:
    return tuple((f, ()) for f in _whole_hand_feats(subs, suit_flags, n_suits, fh))


def whole_hand(all_counts, occ: list) -> None:
    """suits, traits, ranges: 无字 缺一门 混一色 清一色 五门齐 断幺 推不倒 绿一色 字一色 清幺九 混幺九
    全小 小于五 全大 大于五 全中 — properties of the set of tiles, the same in every reading."""
    occ.extend((f, ()) for f in whole_hand_fans(all_counts))


def hog(all_counts, kong_tiles, occ: list) -> None:
    """四归一 Tile Hog: each tile whose four copies are all in the hand, not as a kong."""
    for i in range(34):
        if all_counts[i] == 4 and i not in kong_tiles:
            occ.append((64, ()))


def win_flags(ctx, occ: list) -> None:
    """和绝张 自摸 妙手回春 杠上开花 海底捞月 抢杠和."""
    if ctx.last_tile:
        occ.append((58, ()))
    if ctx.self_drawn:
        occ.append((80, ()))
        if ctx.wall_last:
            occ.append((44, ()))
        if ctx.kong:
            occ.append((46, ()))
    else:
        if ctx.wall_last:
            occ.append((45, ()))
        if ctx.kong:
            occ.append((47, ()))


def concealment(n_exposed: int, self_drawn: bool, occ: list) -> None:
    """门前清 不求人 全求人 (自摸 itself is a win flag)."""
    if n_exposed == 0:
        occ.append((56 if self_drawn else 62, ()))
    elif n_exposed == 4 and not self_drawn:
        occ.append((52, ()))


def pungs(parts, pair_index, ctx, occ: list, pung_parts=None) -> None:
    """Per pung: 箭刻 幺九刻 圈风刻 门风刻; with the pair: 小三元 小四喜. ``pung_parts``: the
    positions of the pungs and kongs, when the caller already knows them."""
    dragons, winds = [], []
    if pung_parts is None:
        pung_parts = [i for i, (kind, _t, _e) in enumerate(parts) if kind is PUNG or kind is KONG]
    for i in pung_parts:
        t = parts[i][1]
        if IS_TERMINAL_OR_HONOR[t]:
            occ.append((73, (i,)))
            if t >= 27:
                if t >= 31:
                    occ.append((59, (i,)))
                    dragons.append(i)
                else:
                    winds.append(i)
                    if t == ctx.prevalent:
                        occ.append((60, (i,)))
                    if t == ctx.seat:
                        occ.append((61, (i,)))
    if pair_index is not None and (dragons or winds):
        pt = parts[pair_index][1]
        if IS_DRAGON[pt] and len(dragons) == 2:
            occ.append((10, tuple(sorted(dragons + [pair_index]))))
        if IS_WIND[pt] and len(winds) == 3:
            occ.append((9, tuple(sorted(winds + [pair_index]))))


def kongs(kong_parts, concealed_kong_parts, mixed_kongs: str, occ: list) -> None:
    """四杠 三杠 双明杠 双暗杠 明暗杠 明杠 暗杠: one fan by the numbers of melded and concealed kongs."""
    n = len(kong_parts)
    if not n:
        return
    ck = len(concealed_kong_parts)
    allp = tuple(kong_parts)
    if n == 4:
        occ.append((5, allp))
    elif n == 3:
        occ.append((17, allp))
    elif n == 2:
        if ck == 0:
            occ.append((57, allp))
        elif ck == 2:
            occ.append((53, allp))
        else:
            melded = tuple(p for p in kong_parts if p not in concealed_kong_parts)
            if mixed_kongs == "ming_an_gang":
                occ.append((82, allp))
            elif mixed_kongs == "separate":
                occ.append((74, melded))
                occ.append((67, tuple(concealed_kong_parts)))
            else:
                occ.append((57, allp))
                occ.append((67, tuple(concealed_kong_parts)))
    else:
        occ.append((67 if ck else 74, allp))


def concealed_pungs(concealed_parts, occ: list) -> None:
    """双暗刻 三暗刻 四暗刻 (concealed kongs count; a pung completed by a discard does not)."""
    n = len(concealed_parts)
    if n >= 2:
        occ.append(({2: 66, 3: 33, 4: 12}[n], tuple(concealed_parts)))


def _trait_bits(kind, t) -> int:
    """Which of 全带幺 (1), 全带五 (2), 全双刻 (4) one part allows (at most one of them)."""
    if IS_HONOR[t]:
        return 1
    r = RANK[t]
    if kind is CHOW:
        return 1 if r in (1, 7) else 2 if 3 <= r <= 5 else 0
    return 1 if r in (1, 9) else 2 if r == 5 else 4 if r % 2 == 0 else 0


_TRAITS = {k: tuple(_trait_bits(k, t) if (k is not CHOW or t < 27 and t % 9 < 7) else 0 for t in range(34))
           for k in (CHOW, PUNG, KONG, PAIR)}


def set_traits(parts, occ: list) -> None:
    """全带幺 全带五 全双刻: what every set and the pair contain (each part allows at most one of
    them, so the hand has one when all five parts allow it)."""
    m = 7
    for kind, t, _ in parts:
        m &= _TRAITS[kind][t]
    if m:
        occ.append((55 if m & 1 else 31 if m & 2 else 21, ()))


def terminal_chows(chow_ts, pair_t, occ: list, chow_parts) -> None:
    """一色双龙会 三色双龙会 (four chows and a pair of 5s)."""
    if len(chow_ts) != 4 or pair_t >= 27 or RANK[pair_t] != 5:
        return
    ps = SUIT[pair_t]
    ranks = [RANK[t] for t in chow_ts]
    if any(r not in (1, 7) for r in ranks):
        return
    suits = [SUIT[t] for t in chow_ts]
    if all(s == ps for s in suits):
        if ranks.count(1) == 2:
            occ.append((13, tuple(chow_parts)))
    elif all(s != ps for s in suits):
        others = [s for s in (0, 1, 2) if s != ps]
        have = set(zip(suits, ranks))
        if all((s, r) in have for s in others for r in (1, 7)):
            occ.append((29, tuple(chow_parts)))


def nine_gates(counts, win: int) -> bool:
    """九莲宝灯: concealed 1112345678999 of one suit plus the winning tile of that suit."""
    if win >= 27:
        return False
    base = win - win % 9
    c = counts[base:base + 9]
    if sum(c) != 14:
        return False
    need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    need[win % 9] += 1
    return list(c) == need


def waits_in_reading(parts, first_concealed: int, win: int, occ: list) -> None:
    """边张 嵌张 单钓将 (called only when the hand waits on this one tile): where the winning tile
    sits among the concealed sets of this reading; each kind at most once."""
    seen = set()
    for i in range(first_concealed, len(parts)):
        kind, t, _ = parts[i]
        f = 0
        if kind is CHOW:
            if t + 1 == win:
                f = 78
            elif t == win or t + 2 == win:
                f = 77
        elif kind is PAIR and t == win:
            f = 79
        if f and f not in seen:
            seen.add(f)
            occ.append((f, (i,)))

