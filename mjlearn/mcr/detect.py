"""Fan detection: the predicates of the fan table, one function per family of fans.

Each function reads precomputed features of a reading (parts as ``(kind, tile index, exposed)``,
the hand's tile set, the win context) and appends occurrences ``(fan_id, parts)`` to a list. It
reports every fan the reading *could* claim, implied ones included (四暗刻 also reports 碰碰和 and
门前清); what finally counts is decided by :mod:`mjlearn.mcr.principles`. Each function declares
the fans it can report with ``@detects(F....)`` (:func:`mjlearn.mcr.fans.detects`); a fan has one
detector, which ``Fan.detector`` names, and tests hold every detector to its declaration. The set
combinations (一般高, 三同刻, 清龙...) are declared in :mod:`mjlearn.mcr.principles`.
"""

from __future__ import annotations

from ..tiles import IS_DRAGON, IS_GREEN, IS_HONOR, IS_REVERSIBLE, IS_TERMINAL, IS_TERMINAL_OR_HONOR, IS_WIND
from ..tiles import SUIT_NUMBER as SUIT
from ..tiles import SUITED_RANK as RANK
from . import caches
from .fans import F, detects

CHOW, PUNG, KONG, PAIR, KNITTED, SINGLES = "chow", "pung", "kong", "pair", "knitted", "singles"


_PRESENT = bytes([0] + [1] * 255)  # bytes.translate table: any count -> 0/1

# features of one group's tiles (a suit's 9 or the 7 honors), bits: which rank ranges hold every
# rank present (an empty group is in all of them), then flags
_SUBSETS = ({1, 2, 3, 4}, {1, 2, 3}, {6, 7, 8, 9}, {7, 8, 9}, {4, 5, 6})
_SUB_MASK = 0x1F
_NONEMPTY, _HAS_TH, _NOT_T, _NOT_REV, _NOT_GREEN, _NOT_TH, _WIND, _DRAGON = (1 << k for k in range(9, 17))
_FLAG_MASK = 0xFF << 9
_GROUP_FEATS = caches.new(
    "detect.group_features", 2048, "the features of a group's tiles by (first tile, presence of each)"
)


def _group_feats(base: int, present: bytes) -> int:
    """Features of the tiles ``base + k`` with ``present[k]``: rank ranges (bits 0-4) and flags."""
    key = (base, present)
    v = _GROUP_FEATS.get(key)
    if v is not None:
        return v
    tiles = [base + k for k, x in enumerate(present) if x]
    ranks = {RANK[i] for i in tiles if i < 27}
    v = 1 << 20  # never 0, so a cache hit is always truthy
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
    return caches.put(_GROUP_FEATS, key, v)


def _whole_hand_feats(subs: int, suit_flags: int, n_suits: int, fh: int) -> tuple[int, ...]:
    """The whole-hand fans (the plain definition is in tests/test_mcr.py) from: the rank ranges every suit is in,
    the suits' flags together, how many suits are present, and the honors' features."""
    honors = bool(fh & _NONEMPTY)
    missing = 3 - n_suits
    any_f = suit_flags | fh
    out = []
    if not honors:
        out.append(F.NO_HONORS)
    if missing == 1:
        out.append(F.ONE_VOIDED_SUIT)
    elif missing == 2:
        out.append(F.HALF_FLUSH if honors else F.FULL_FLUSH)
    if missing == 0 and fh & _WIND and fh & _DRAGON:
        out.append(F.ALL_TYPES)
    if not any_f & _HAS_TH:
        out.append(F.ALL_SIMPLES)
    if not any_f & _NOT_REV:
        out.append(F.REVERSIBLE_TILES)
    if not any_f & _NOT_GREEN:
        out.append(F.ALL_GREEN)
    if not n_suits:
        out.append(F.ALL_HONORS)
    if not any_f & _NOT_T:
        out.append(F.ALL_TERMINALS)
    if not any_f & _NOT_TH:
        out.append(F.ALL_TERMINALS_AND_HONORS)
    if not honors:
        if subs & 1:  # ranks within 1-4
            out.append(F.LOWER_FOUR)
            if subs & 2:  # within 1-3
                out.append(F.LOWER_TILES)
        elif subs & 4:  # within 6-9
            out.append(F.UPPER_FOUR)
            if subs & 8:  # within 7-9
                out.append(F.UPPER_TILES)
        elif subs & 16:  # within 4-6
            out.append(F.MIDDLE_TILES)
    return tuple(out)


_GROUP_BIT = (1 << 21, 1 << 22, 1 << 23, 1 << 24)
"""The bit of each group (characters, dots, bamboo, honors) in :func:`group_key`: it has tiles."""
WHOLE_AND = _SUB_MASK
"""The bits of :func:`group_key` that combine by AND (rank ranges); the others combine by OR."""


def group_key(group: int, present: bytes) -> int:
    """The features of one group's tiles (0 m, 1 p, 2 s, 3 honors; ``present``: 0/1 per tile of
    the group) as :func:`whole_hand_occ` reads them, with a bit saying the group has tiles. Keys of
    several groups or tile sets combine into the key of their union by AND on the rank ranges
    (:data:`WHOLE_AND`) and OR on the rest; :func:`whole_from_key` gives the whole-hand fans."""
    v = _group_feats(9 * group, bytes(present))
    return v | _GROUP_BIT[group] if 1 in present else v


@detects(
    F.NO_HONORS,
    F.ONE_VOIDED_SUIT,
    F.HALF_FLUSH,
    F.FULL_FLUSH,
    F.ALL_TYPES,
    F.ALL_SIMPLES,
    F.REVERSIBLE_TILES,
    F.ALL_GREEN,
    F.ALL_HONORS,
    F.ALL_TERMINALS,
    F.ALL_TERMINALS_AND_HONORS,
    F.LOWER_FOUR,
    F.LOWER_TILES,
    F.UPPER_FOUR,
    F.UPPER_TILES,
    F.MIDDLE_TILES,
)
def whole_from_key(key: int) -> tuple:
    """suits, traits, ranges: 无字 缺一门 混一色 清一色 五门齐 断幺 推不倒 绿一色 字一色 清幺九 混幺九
    全小 小于五 全大 大于五 全中 — properties of the set of tiles, the same in every reading: the
    occurrences, from the combined :func:`group_key` of all the hand's tiles (the scorer caches
    them by that key; :func:`whole_hand_occ` takes the counts; tests/test_mcr.py holds these tables to
    the fans' plain definition over random sets of tiles)."""
    n_suits = (key >> 21 & 1) + (key >> 22 & 1) + (key >> 23 & 1)
    fh = (key & (_WIND | _DRAGON)) | (_NONEMPTY if key & _GROUP_BIT[3] else 0)
    args = (key & _SUB_MASK, key & _FLAG_MASK, n_suits, fh)
    occ = _WHOLE_OCC.get(args)
    if occ is None:
        occ = caches.put(_WHOLE_OCC, args, tuple([(f, ()) for f in _whole_hand_feats(*args)]))
    return occ


def whole_hand_fans(all_counts) -> tuple[int, ...]:
    """The fans of :func:`whole_hand` as ids, from per-group tables (presence of each tile only)."""
    return tuple(f for f, _ in whole_hand_occ(all_counts))


def whole_hand_occ(all_counts) -> tuple:
    """The whole-hand occurrences (:func:`whole_from_key`) of the counts of all the hand's tiles."""
    p = bytes(all_counts).translate(_PRESENT)
    key_and, key_or = -1, 0
    for g, seg in enumerate((p[0:9], p[9:18], p[18:27], p[27:34])):
        k = group_key(g, seg)
        key_and &= k
        key_or |= k
    return whole_from_key(key_and & _SUB_MASK | key_or & ~_SUB_MASK)


_WHOLE_OCC = caches.new(
    "detect.whole_hand",
    4096,
    "the whole-hand occurrences by (rank ranges, the suits' flags, number of suits, the honors' features)",
)


@detects(F.TILE_HOG)
def hog(n_hog: int) -> tuple:
    """四归一 Tile Hog, once per tile whose four copies are all in the hand, not as a kong (the
    scorer counts them: the 4s of all counts less the kongs)."""
    return _HOG * n_hog


_HOG = ((F.TILE_HOG, ()),)


@detects(
    F.LAST_TILE, F.SELF_DRAWN, F.LAST_TILE_DRAW, F.OUT_WITH_REPLACEMENT_TILE, F.LAST_TILE_CLAIM, F.ROBBING_THE_KONG
)
def win_flags(ctx, occ: list) -> None:
    """和绝张 自摸 妙手回春 杠上开花 海底捞月 抢杠和."""
    if ctx.last_tile:
        occ.append((F.LAST_TILE, ()))
    if ctx.self_drawn:
        occ.append((F.SELF_DRAWN, ()))
        if ctx.wall_last:
            occ.append((F.LAST_TILE_DRAW, ()))
        if ctx.kong:
            occ.append((F.OUT_WITH_REPLACEMENT_TILE, ()))
    else:
        if ctx.wall_last:
            occ.append((F.LAST_TILE_CLAIM, ()))
        if ctx.kong:
            occ.append((F.ROBBING_THE_KONG, ()))


@detects(F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.MELDED_HAND)
def concealment(n_exposed: int, self_drawn: bool, occ: list) -> None:
    """门前清 不求人 全求人 (自摸 itself is a win flag)."""
    if n_exposed == 0:
        occ.append((F.FULLY_CONCEALED_HAND if self_drawn else F.CONCEALED_HAND, ()))
    elif n_exposed == 4 and not self_drawn:
        occ.append((F.MELDED_HAND, ()))


@detects(
    F.PUNG_OF_TERMINALS_OR_HONORS,
    F.DRAGON_PUNG,
    F.PREVALENT_WIND,
    F.SEAT_WIND,
    F.LITTLE_THREE_DRAGONS,
    F.LITTLE_FOUR_WINDS,
)
def pungs(parts, pair_index, ctx, occ: list, pung_parts=None) -> None:
    """Per pung: 箭刻 幺九刻 圈风刻 门风刻; with the pair: 小三元 小四喜. ``pung_parts``: the
    positions of the pungs and kongs, when the caller already knows them."""
    dragons, winds = [], []
    if pung_parts is None:
        pung_parts = [i for i, (kind, _t, _e) in enumerate(parts) if kind is PUNG or kind is KONG]
    for i in pung_parts:
        t = parts[i][1]
        if IS_TERMINAL_OR_HONOR[t]:
            occ.append((F.PUNG_OF_TERMINALS_OR_HONORS, (i,)))
            if t >= 27:
                if t >= 31:
                    occ.append((F.DRAGON_PUNG, (i,)))
                    dragons.append(i)
                else:
                    winds.append(i)
                    if t == ctx.prevalent:
                        occ.append((F.PREVALENT_WIND, (i,)))
                    if t == ctx.seat:
                        occ.append((F.SEAT_WIND, (i,)))
    if pair_index is not None and (dragons or winds):
        pt = parts[pair_index][1]
        if IS_DRAGON[pt] and len(dragons) == 2:
            occ.append((F.LITTLE_THREE_DRAGONS, tuple(sorted(dragons + [pair_index]))))
        if IS_WIND[pt] and len(winds) == 3:
            occ.append((F.LITTLE_FOUR_WINDS, tuple(sorted(winds + [pair_index]))))


@detects(
    F.FOUR_KONGS,
    F.THREE_KONGS,
    F.TWO_MELDED_KONGS,
    F.TWO_CONCEALED_KONGS,
    F.CONCEALED_KONG_AND_MELDED_KONG,
    F.MELDED_KONG,
    F.CONCEALED_KONG,
)
def kongs(kong_parts, concealed_kong_parts, mixed_kongs: str, occ: list) -> None:
    """四杠 三杠 双明杠 双暗杠 明暗杠 明杠 暗杠: one fan by the numbers of melded and concealed kongs."""
    n = len(kong_parts)
    if not n:
        return
    ck = len(concealed_kong_parts)
    allp = tuple(kong_parts)
    if n == 4:
        occ.append((F.FOUR_KONGS, allp))
    elif n == 3:
        occ.append((F.THREE_KONGS, allp))
    elif n == 2:
        if ck == 0:
            occ.append((F.TWO_MELDED_KONGS, allp))
        elif ck == 2:
            occ.append((F.TWO_CONCEALED_KONGS, allp))
        else:
            melded = tuple(p for p in kong_parts if p not in concealed_kong_parts)
            if mixed_kongs == "ming_an_gang":
                occ.append((F.CONCEALED_KONG_AND_MELDED_KONG, allp))
            elif mixed_kongs == "separate":
                occ.append((F.MELDED_KONG, melded))
                occ.append((F.CONCEALED_KONG, tuple(concealed_kong_parts)))
            else:
                occ.append((F.TWO_MELDED_KONGS, allp))
                occ.append((F.CONCEALED_KONG, tuple(concealed_kong_parts)))
    else:
        occ.append((F.CONCEALED_KONG if ck else F.MELDED_KONG, allp))


_CONCEALED_PUNGS = {2: F.TWO_CONCEALED_PUNGS, 3: F.THREE_CONCEALED_PUNGS, 4: F.FOUR_CONCEALED_PUNGS}


@detects(F.TWO_CONCEALED_PUNGS, F.THREE_CONCEALED_PUNGS, F.FOUR_CONCEALED_PUNGS)
def concealed_pungs(concealed_parts, occ: list) -> None:
    """双暗刻 三暗刻 四暗刻 (concealed kongs count; a pung completed by a discard does not)."""
    n = len(concealed_parts)
    if n >= 2:
        occ.append((_CONCEALED_PUNGS[n], tuple(concealed_parts)))


def _trait_bits(kind, t) -> int:
    """Which of 全带幺 (1), 全带五 (2), 全双刻 (4) one part allows (at most one of them)."""
    if IS_HONOR[t]:
        return 1
    r = RANK[t]
    if kind is CHOW:
        return 1 if r in (1, 7) else 2 if 3 <= r <= 5 else 0
    return 1 if r in (1, 9) else 2 if r == 5 else 4 if r % 2 == 0 else 0


_TRAITS = {
    k: tuple(_trait_bits(k, t) if (k is not CHOW or (t < 27 and t % 9 < 7)) else 0 for t in range(34))
    for k in (CHOW, PUNG, KONG, PAIR)
}


@detects(F.OUTSIDE_HAND, F.ALL_FIVE, F.ALL_EVEN_PUNGS)
def set_traits(parts, occ: list) -> None:
    """全带幺 全带五 全双刻: what every set and the pair contain (each part allows at most one of
    them, so the hand has one when all five parts allow it)."""
    m = 7
    for kind, t, _ in parts:
        m &= _TRAITS[kind][t]
    if m:
        occ.append((F.OUTSIDE_HAND if m & 1 else F.ALL_FIVE if m & 2 else F.ALL_EVEN_PUNGS, ()))


@detects(F.PURE_TERMINAL_CHOWS, F.THREE_SUITED_TERMINAL_CHOWS)
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
            occ.append((F.PURE_TERMINAL_CHOWS, tuple(chow_parts)))
    elif all(s != ps for s in suits):
        others = [s for s in (0, 1, 2) if s != ps]
        have = set(zip(suits, ranks))
        if all((s, r) in have for s in others for r in (1, 7)):
            occ.append((F.THREE_SUITED_TERMINAL_CHOWS, tuple(chow_parts)))


@detects(F.NINE_GATES)
def nine_gates(counts, win: int) -> bool:
    """九莲宝灯: concealed 1112345678999 of one suit plus the winning tile of that suit (a yes or no:
    the scorer adds the occurrence ``NINE_GATES`` once per hand)."""
    if win >= 27:
        return False
    base = win - win % 9
    c = counts[base : base + 9]
    if sum(c) != 14:
        return False
    need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    need[win % 9] += 1
    return list(c) == need


@detects(F.ALL_PUNGS)
def all_pungs(pung_parts, occ: list) -> None:
    """碰碰和 All Pungs: four pungs or kongs (``pung_parts``: their positions) and a pair."""
    if len(pung_parts) == 4:
        occ.append((F.ALL_PUNGS, tuple(pung_parts)))


_ALL_CHOWS = (F.ALL_CHOWS, ())


@detects(F.ALL_CHOWS)
def all_chows(n_chows: int, pair_t: int, occ: list) -> None:
    """平和 All Chows: four chows and a pair of suited tiles."""
    if n_chows == 4 and pair_t < 27:
        occ.append(_ALL_CHOWS)


@detects(F.SEVEN_PAIRS, F.SEVEN_SHIFTED_PAIRS)
def seven_pairs(counts, win: int, occ: list) -> None:
    """七对 Seven Pairs (the caller has checked every count is even); 连七对 when the seven pairs are
    consecutive numbers of the winning tile's suit."""
    occ.append((F.SEVEN_PAIRS, ()))
    if win < 27:
        base = win - win % 9
        seg = counts[base : base + 9]
        run = [r for r in range(9) if seg[r]]
        if len(run) == 7 and run[-1] - run[0] == 6 and all(seg[r] == 2 for r in run):
            occ.append((F.SEVEN_SHIFTED_PAIRS, ()))


@detects(F.LESSER_HONORS_AND_KNITTED_TILES, F.GREATER_HONORS_AND_KNITTED_TILES)
def honors_and_knitted(n_honors: int, occ: list) -> None:
    """全不靠 (fourteen knitted singles; the caller has checked the shape), 七星不靠 with all seven
    honors. With all nine knitted tiles the hand also has 组合龙 (:func:`knitted_straight`)."""
    occ.append((F.LESSER_HONORS_AND_KNITTED_TILES, ()))
    if n_honors == 7:
        occ.append((F.GREATER_HONORS_AND_KNITTED_TILES, ()))


@detects(F.KNITTED_STRAIGHT)
def knitted_straight(occ: list) -> None:
    """组合龙 Knitted Straight: the nine knitted tiles (the caller has found them)."""
    occ.append((F.KNITTED_STRAIGHT, ()))


@detects(F.THIRTEEN_ORPHANS)
def thirteen_orphans(occ: list) -> None:
    """十三幺 Thirteen Orphans (the caller has checked the shape)."""
    occ.append((F.THIRTEEN_ORPHANS, ()))


@detects(F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT)
def waits_in_reading(parts, first_concealed: int, win: int, occ: list) -> None:
    """边张 嵌张 单钓将 (called only when the hand waits on this one tile): where the winning tile
    sits among the concealed sets of this reading; each kind at most once."""
    seen = set()
    for i in range(first_concealed, len(parts)):
        kind, t, _ = parts[i]
        f = 0
        if kind is CHOW:
            if t + 1 == win:
                f = F.CLOSED_WAIT
            elif t == win or t + 2 == win:
                f = F.EDGE_WAIT
        elif kind is PAIR and t == win:
            f = F.SINGLE_WAIT
        if f and f not in seen:
            seen.add(f)
            occ.append((f, (i,)))
