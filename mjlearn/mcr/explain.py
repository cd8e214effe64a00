"""The explicit steps: a reading's parts, every occurrence of every fan with the sets that make it,
and non-repetition by the definition.

The scorer only counts while it compares readings (:mod:`mjlearn.mcr.counting`); when a result is
explained (``fans``, ``excluded``, ``to_dict``, the display), :class:`~mjlearn.mcr.result.ScoreResult`
calls :func:`explain_regular` or :func:`explain_special`, which rebuild the chosen reading's parts
and run the detectors of :mod:`mjlearn.mcr.detect` on them (:func:`regular`). The special forms
whose count needs their occurrences (:func:`special_forms`) and the 组合龙 hand
(:func:`knitted_straight`) are scored here directly.
"""

from __future__ import annotations

from itertools import compress

from ..tiles import IS_TERMINAL_OR_HONOR, ORPHAN_INDICES
from ..tiles import KNITTED_PATTERNS as KNITTED
from . import caches
from . import detect as D
from ._count import count, tables
from .fans import F
from .principles import combine_chows_kept, combine_pungs_kept, count_fans
from .records import (
    CHOW,
    FOUR,
    KNIT,
    KNIT_MASKS,
    KONG,
    ODD,
    ORPHAN_MASK,
    PAIR,
    PAIR_PART,
    PUNG,
    SINGLES,
    SUITED_MASK,
    Candidate,
    meld_parts,
    presence,
    regular_readings,
)
from .tables import REF
from .waits import wait_count

__all__ = [
    "concealment",
    "explain_regular",
    "explain_special",
    "hand_occ",
    "knitted_straight",
    "kong_occ",
    "regular",
    "special_forms",
]

CONCEALMENT = caches.new("explain.concealment", 16, "the concealment occurrences by (melds shown, self-drawn)")
KONG_OCC = caches.new(
    "explain.kongs", 64, "the kong occurrences by (kongs, concealed kongs, the profile's mixed-kongs ruling)"
)
FULL_FLUSH = (F.FULL_FLUSH, ())
NINE_GATES = ((F.NINE_GATES, ()),)
_TILE_RANGE = range(34)


def concealment(n_exposed: int, self_drawn: bool) -> tuple:
    """The concealment occurrences (门前清, 不求人, 全求人) of a hand with ``n_exposed`` melds shown."""
    conceal = CONCEALMENT.get((n_exposed, self_drawn))
    if conceal is None:
        out: list[tuple] = []
        D.concealment(n_exposed, self_drawn, out)
        conceal = caches.put(CONCEALMENT, (n_exposed, self_drawn), tuple(out))
    return conceal


def kong_occ(n_kongs: int, n_concealed: int, mixed_kongs: str) -> tuple:
    """The kong fans of a hand with ``n_kongs`` kongs of which ``n_concealed`` are concealed (the
    melds' positions stand in for the kongs': only the fans count here), cached."""
    key = (n_kongs, n_concealed, mixed_kongs)
    occ = KONG_OCC.get(key)
    if occ is None:
        out: list[tuple] = []
        D.kongs(list(range(n_kongs)), list(range(n_concealed)), mixed_kongs, out)
        occ = caches.put(KONG_OCC, key, tuple(out))
    return occ


def hand_occ(ctx, whole, n_hog: int, nine: bool, conceal) -> tuple:
    """The occurrences every regular reading of a hand claims alike: the win flags, the whole-hand
    fans, 四归一, 九莲宝灯, the concealment (the order of different fans does not matter to
    non-repetition, only that of one fan's occurrences)."""
    occ = ctx.flags + whole
    if n_hog:
        occ += D.hog(n_hog)
    if nine:
        occ += NINE_GATES
    return occ + conceal


def explain_regular(hand, prof, m, s, p, honors, pair, wait, ctx) -> Candidate:
    """The explicit candidate (:func:`regular`) of the regular reading that the count chose for
    ``hand`` (its ways ``m``, ``s``, ``p``, ``honors`` and ``pair``, as a
    :class:`~mjlearn.mcr.records.Split`) with the win flags ``ctx`` (``wait``: the hand's wait count
    if the count needed it, else None). What the scorer gathered from the melds and the tiles is
    gathered again here: only a result that is explained pays for it."""
    win = hand.win_tile.index
    counts, all_counts = hand._counts, hand._all_counts
    melds = meld_parts(hand.melds)
    n_exposed = sum(exposed for _, _, exposed in melds)
    n_kongs = sum(kind is KONG for kind, _, _ in melds)
    n_fixed = len(melds)
    whole = D.whole_hand_occ(all_counts)
    n_hog = all_counts.count(4) - n_kongs
    nine = n_fixed == 0 and FULL_FLUSH in whole and D.nine_gates(counts, win)
    parts = melds + [*m.parts, *s.parts, *p.parts, *honors.parts, PAIR_PART[pair]]
    return regular(
        parts,
        n_fixed,
        counts,
        win,
        ctx,
        wait,
        prof,
        hand_occ(ctx, whole, n_hog, nine, concealment(n_exposed, ctx.self_drawn)),
    )


def regular(parts, n_fixed: int, counts, win: int, ctx, wait, prof, occ_of_hand) -> Candidate:
    """One regular reading, explicitly: its candidate. ``wait``: the hand's wait count if known
    (only readings where the winning tile could be an edge, closed or single wait need it).
    ``occ_of_hand``: the occurrences every reading of the hand has (:func:`hand_occ`)."""
    occ = list(occ_of_hand)
    chows, pungs_, kong_parts, conc_kongs, conc_pungs = [], [], [], [], []
    pair_i = len(parts) - 1
    _, pair_t, _ = parts[pair_i]
    chow_ts = []
    th_pungs = []
    win_in_chow = False
    for i, (kind, t, exp) in enumerate(parts):
        if kind is CHOW:
            chows.append((i, REF[t + 1]))
            chow_ts.append(t)
            if i >= n_fixed and t <= win <= t + 2:
                win_in_chow = True
        elif kind is PUNG:
            pungs_.append((i, REF[t]))
            if IS_TERMINAL_OR_HONOR[t]:
                th_pungs.append(i)
            if not exp:
                conc_pungs.append(i)
        elif kind is KONG:
            pungs_.append((i, REF[t]))
            if IS_TERMINAL_OR_HONOR[t]:
                th_pungs.append(i)
            kong_parts.append(i)
            if not exp:
                conc_kongs.append(i)
                conc_pungs.append(i)
    if not ctx.self_drawn and not win_in_chow:
        # a pung the discard completed counts as melded, unless the tile can sit in a concealed chow
        conc_pungs = [i for i in conc_pungs if not (i >= n_fixed and parts[i] == (PUNG, win, False))]
    if kong_parts:
        D.kongs(kong_parts, conc_kongs, prof.mixed_kongs, occ)
    if len(conc_pungs) >= 2:
        D.concealed_pungs(conc_pungs, occ)
    if len(pungs_) == 4:
        D.all_pungs([i for i, _ in pungs_], occ)
    if th_pungs:  # only pungs of terminals and honors make these fans
        D.pungs(parts, pair_i, ctx, occ, th_pungs)
    if len(chows) >= 2:
        occ.extend(combine_chows_kept(chows))
    if len(pungs_) >= 2:
        occ.extend(combine_pungs_kept(pungs_))
    if len(chows) == 4:
        D.all_chows(4, pair_t, occ)
        D.terminal_chows(chow_ts, pair_t, occ, [i for i, _ in chows])
    D.set_traits(parts, occ)
    if win_in_chow or pair_t == win:
        waits: list[tuple] = []
        D.waits_in_reading(parts, n_fixed, win, waits)
        if waits:
            if wait is None:
                wait = wait_count(counts, win, n_fixed)
            if wait == 1:
                occ.extend(waits)
    total, fan_counts = count_fans(occ, prof.kernel)
    return Candidate(total, fan_counts, "regular", parts, occ, (chows, pungs_))


def explain_special(hand, prof, ctx) -> Candidate:
    """The explicit candidate of a special form that was only counted
    (:func:`mjlearn.mcr.counting.special_count`)."""
    b = hand._counts
    win = hand.win_tile.index
    return special_forms(b, win, ctx, prof, D.whole_hand_occ(b), b.count(4), presence(b))


def _count_special(occ, prof):
    """Non-repetition and points of a special form or the 组合龙 hand, by the fast count."""
    return count(occ, tables(prof))


def special_forms(b: bytes, win: int, ctx, prof, whole, n_hog: int, present: int, single=None):
    """七对/连七对, 全不靠/七星不靠, 十三幺 (nothing melded; ``b`` the counts, ``present`` their
    :func:`~mjlearn.mcr.records.presence`), in the reference's order: a
    :class:`~mjlearn.mcr.records.Candidate` or None. ``single``: a function of no argument saying
    whether a seven-pairs hand waited on one tile (else it is counted here)."""
    top = max(b)
    if top != 1 and present != ORPHAN_MASK and 1 in b.translate(ODD):
        return None  # not seven pairs, not knitted, not thirteen orphans
    occ: list[tuple] = []
    if 1 not in b.translate(ODD):
        # the pairs in tile order, a tile held four times twice (C loops: no Python loop over 34 tiles)
        held = list(compress(_TILE_RANGE, b))
        if n_hog:
            held = sorted(held + list(compress(_TILE_RANGE, b.translate(FOUR))))
        parts = list(map(PAIR_PART.__getitem__, held))
        D.seven_pairs(b, win, occ)
        occ.extend(whole)
        occ.extend(D.hog(n_hog))
        D.concealment(0, ctx.self_drawn, occ)
        if single() if single is not None else wait_count(b, win, 0) == 1:
            # the pair of the winning tile: 单钓将 (D.waits_in_reading on these parts)
            occ.append((F.SINGLE_WAIT, (held.index(win),)))
        D.win_flags(ctx, occ)
        total, fc = _count_special(occ, prof)
        return Candidate(total, fc, "seven_pairs", parts, occ, None)
    if top == 1:
        suited = present & SUITED_MASK
        n_suited = suited.bit_count()
        if 7 <= n_suited <= 9 and any(suited & m == suited for m in KNIT_MASKS):
            D.honors_and_knitted((present >> 8 * 27).bit_count(), occ)
            if n_suited == 9:
                D.knitted_straight(occ)
            occ.extend(whole)
            D.concealment(0, ctx.self_drawn, occ)
            D.win_flags(ctx, occ)
            total, fc = _count_special(occ, prof)
            return Candidate(total, fc, "honors_and_knitted", [(SINGLES, -1, False)], occ, None)
    if present == ORPHAN_MASK:
        D.thirteen_orphans(occ)
        occ.extend(whole)
        D.concealment(0, ctx.self_drawn, occ)
        D.win_flags(ctx, occ)
        total, fc = _count_special(occ, prof)
        doubled = next(i for i in ORPHAN_INDICES if b[i] == 2)
        return Candidate(total, fc, "thirteen_orphans", [(SINGLES, -1, False), (PAIR, doubled, False)], occ, None)
    return None


def knitted_straight(b: bytes, melds, win: int, ctx, prof, whole, n_hog: int, present: int):
    """The 组合龙 hand: nine knitted tiles, one set and a pair (at most one meld, given as parts in
    ``melds``): a :class:`~mjlearn.mcr.records.Candidate` or None."""
    n_fixed = len(melds)
    if (present & SUITED_MASK).bit_count() < 9 or max(b) < 2:
        return None
    k = 0
    for m in KNIT_MASKS:
        if present & m == m:
            break
        k += 1
    else:
        return None
    pat = KNITTED[k]
    rest = list(b)
    for i in pat:
        rest[i] -= 1
    # exactly one split of the rest into (4 - 3 - n_fixed) sets and a pair
    ways = regular_readings(rest, [], 1) if n_fixed == 0 else []
    if n_fixed == 1:
        ways = [[(PAIR, i, False)] for i in range(34) if rest[i] == 2 and sum(rest) == 2]
    if len(ways) != 1:
        return None
    parts = list(melds) + [(KNIT, KNITTED.index(pat), False)] + ways[0]
    set_i = 0 if n_fixed else 1
    pair_i = len(parts) - 1
    kind, _, exp = parts[set_i]
    _, pair_t, _ = parts[pair_i]
    occ: list[tuple] = []
    D.knitted_straight(occ)
    if kind is CHOW:
        D.all_chows(4, pair_t, occ)  # the knitted tiles stand for three chows
    else:
        D.pungs(parts, None, ctx, occ)
        if kind is KONG:
            D.kongs([set_i], [] if exp else [set_i], prof.mixed_kongs, occ)
    occ.extend(whole)
    occ.extend(D.hog(n_hog))
    D.win_flags(ctx, occ)
    D.concealment(1 if exp else 0, ctx.self_drawn, occ)
    in_knit = win in pat
    if not prof.knitted_straight_waits:
        if not in_knit:
            if n_fixed == 0:
                if wait_count(rest, win, 1) == 1:
                    D.waits_in_reading(parts, 1, win, occ)
            else:
                D.waits_in_reading(parts, pair_i, win, occ)  # the pair holds the winning tile
    else:
        if n_fixed == 0:
            if rest[win] and wait_count(rest, win, 1) == 1:
                D.waits_in_reading(parts, 1, win, occ)
        elif not in_knit or b[win] == 3:
            D.waits_in_reading(parts, pair_i, win, occ)  # the pair holds the winning tile
    total, fc = _count_special(occ, prof)
    return Candidate(total, fc, "knitted_straight", parts, occ, None)
