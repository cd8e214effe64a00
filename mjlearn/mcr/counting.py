"""The fast count of a reading: its points and fans from bits, while the scorer compares readings.

:func:`count_regular` is the twin of :func:`mjlearn.mcr.explain.regular` that only counts: the same
occurrences, except that a set is named by a label instead of its position in the reading (a pung
by its tile's code, the pair by 0x100 + its tile, a chow by its rank among the chows), and fans
whose sets no exclusion looks at carry none. Each fan's bit goes straight into the mask of the fans
that occur and each further occurrence into the repeats; the mask maps to the fans that count
(:func:`mjlearn.mcr._count.count_folded`). Only the occurrences of fans with scoped exclusions
(幺九刻 and the fans that drop it on their own pungs) need their sets, and labels keep which set is
which (:func:`reading_occ`). :func:`special_count` counts 七对, 全不靠/七星不靠 and 十三幺 the same
way. tests/test_mcr_scoring_fast.py checks both against the explicit steps on every hand.
"""

from __future__ import annotations

from ..tiles import IS_DRAGON, IS_TERMINAL_OR_HONOR, IS_WIND
from . import caches
from . import detect as D
from ._count import TABLE_BUDGETS, count_folded, fold
from .explain import concealment, explain_special
from .fans import F
from .principles import _related_pungs, combine_chows_kept, combine_pungs
from .records import (
    F_CHOW_KEY,
    F_CHOWS,
    F_PUNGS,
    F_STARTS,
    F_TRAITS,
    KNIT_MASKS,
    M34,
    M63,
    MIDDLE_CODE,
    ODD,
    ORPHAN_MASK,
    SUITED_MASK,
    TRAITS_OF,
    Candidate,
    Folded,
    chow_list,
    presence,
    tiles_of,
)
from .tables import REF
from .waits import seven_pairs_single

__all__ = ["chow_occ", "count_regular", "folded_context", "patterned", "pung_occ", "special_count"]

CHOW_OCC = caches.new("counting.chow_patterns", 8192, "the chow-combination occurrences by the chows' middle codes")
PUNG_OCC = caches.new("counting.pung_patterns", 8192, "the pung-combination occurrences by the patterned pungs")

_PAIR_TRAITS = D._TRAITS[D.PAIR]
_CONCEALED_PUNGS = D._CONCEALED_PUNGS
_M21 = (1 << 21) - 1
_TH_BITS = sum(1 << t for t in range(34) if IS_TERMINAL_OR_HONOR[t])


class SetFans:
    """The fans of a set of chows or of pungs, folded: their bits (``mask``) and each further
    occurrence of a fan (``repeats``)."""

    __slots__ = ("mask", "repeats")

    def __init__(self, mask, repeats):
        self.mask, self.repeats = mask, repeats


_NO_SET_FANS = SetFans(0, ())
_TRAIT_FAN = (None,) + tuple(
    F.OUTSIDE_HAND if m & 1 else F.ALL_FIVE if m & 2 else F.ALL_EVEN_PUNGS for m in range(1, 8)
)
_NONE_SHOWN = 0  # a special form has nothing melded: no meld shown
_SHIFTED_SEVEN = frozenset(
    bytes(2 if 9 * k + r <= t < 9 * k + r + 7 else 0 for t in range(34)) for k in range(3) for r in range(3)
)
"""The counts of the seven-shifted-pairs hands (连七对)."""


def folded_context(ctx, tab) -> Folded:
    """The masks of a context's win flags and concealment under the counting tables ``tab``, for
    each number of melds shown (0-4), kept on the context (one attribute set at once: a thread that
    reads it sees the masks of one profile's tables or of the other's, with their ``tab``)."""
    folded = ctx.folded
    if folded.tab is tab:
        return folded
    bits = tab.bits
    flags = 0
    for f, _ in ctx.flags:
        flags |= bits[f]
    masks = []
    for n_exposed in range(5):
        m = flags
        for f, _ in concealment(n_exposed, ctx.self_drawn):
            m |= bits[f]
        masks.append(m)
    folded = ctx.folded = Folded(tab, tuple(masks))
    return folded


def count_regular(
    feats: int,
    pair: int,
    tab,
    ctx,
    win: int,
    wait,
    mask: int,
    reps: tuple,
    meld_pungs: int,
    n_conc_kongs: int,
    nine: tuple,
) -> tuple:
    """``(total, {fan: count})`` of one regular reading with the packed facts ``feats`` (its groups'
    and the melds') and pair ``pair``, under the counting tables ``tab`` and the win flags ``ctx``:
    the count :func:`mjlearn.mcr.explain.regular` gives, without the positions of the sets.
    ``wait``: the hand's wait count (:mod:`mjlearn.mcr.waits`), computed by the caller when the
    winning tile is in a concealed chow or is the pair (else None); ``mask`` and ``reps``: what every
    reading of the hand claims alike, folded (the bits of the fans and their further occurrences);
    ``meld_pungs``: the melded pungs and kongs as tile bits; ``nine``: the 九莲宝灯 occurrence or
    ``()``. The fans a reading adds differ from those of ``mask`` and from each other, except where
    noted."""
    bits = tab.bits
    in_chow = feats >> win & 1
    conc = feats >> F_PUNGS & M34  # the concealed pungs, as tile bits
    n_conc = n_conc_kongs + conc.bit_count()
    if not in_chow and not ctx.self_drawn and conc >> win & 1:
        n_conc -= 1  # the discard completed that pung: it counts as melded
    if n_conc >= 2:
        mask |= bits[_CONCEALED_PUNGS[n_conc]]
    pungs = conc | meld_pungs
    n_pungs = pungs.bit_count()
    if n_pungs == 4:
        mask |= bits[F.ALL_PUNGS]
    th = pungs & _TH_BITS
    sig = None
    if th:  # D.pungs
        mask |= bits[F.PUNG_OF_TERMINALS_OR_HONORS]
        sig = th.bit_count()
        if sig > 1:
            reps += (F.PUNG_OF_TERMINALS_OR_HONORS,) * (sig - 1)
        honors = th >> 27
        if honors:
            dragons = (honors >> 4).bit_count()
            winds = (honors & 15).bit_count()
            if dragons:
                mask |= bits[F.DRAGON_PUNG]
                if dragons > 1:
                    reps += (F.DRAGON_PUNG,) * (dragons - 1)
                    if dragons == 2 and IS_DRAGON[pair]:
                        mask |= bits[F.LITTLE_THREE_DRAGONS]
            if winds:
                if honors >> ctx.prevalent - 27 & 1:
                    mask |= bits[F.PREVALENT_WIND]
                    sig |= 0x100
                if honors >> ctx.seat - 27 & 1:
                    mask |= bits[F.SEAT_WIND]
                    sig |= 0x200
                if winds == 3 and IS_WIND[pair]:
                    mask |= bits[F.LITTLE_FOUR_WINDS]
            # the signature of the reading's pungs of terminals and honors (see _count.SIGNED)
            sig |= (
                dragons << 3
                | winds << 5
                | (ctx.prevalent == ctx.seat) << 10
                | IS_DRAGON[pair] << 11
                | IS_WIND[pair] << 12
            )
    n_chows = feats >> F_CHOWS & 7
    if n_chows >= 2:
        chows = feats >> F_CHOW_KEY & M63
        hit = tab.chows.get(chows) or _chow_fold(chows, tab)
        mask |= hit.mask  # fans of chows: none occurs elsewhere
        if hit.repeats:
            reps += hit.repeats
        if n_chows == 4:
            extra: list[tuple] = []
            D.all_chows(4, pair, extra)
            if pair < 27 and pair % 9 == 4:  # D.terminal_chows needs a pair of 5s
                D.terminal_chows(chow_list(chows), pair, extra, ())
            for f, _ in extra:
                if mask & bits[f]:
                    reps += (f,)
                else:
                    mask |= bits[f]
    if n_pungs >= 2:
        hit = tab.pungs.get(pungs) or _pung_fold(pungs, tab)
        mask |= hit.mask  # fans of pung patterns: none occurs elsewhere
        if hit.repeats:
            reps += hit.repeats
    traits = TRAITS_OF[feats >> F_TRAITS & 0x1FF] & _PAIR_TRAITS[pair]
    if traits:
        mask |= bits[_TRAIT_FAN[traits]]
    if in_chow or pair == win:  # D.waits_in_reading, on the concealed sets
        if wait == 1:
            if in_chow:
                starts = feats >> F_STARTS & M34
                if starts << 1 >> win & 1:  # a chow from win - 1
                    mask |= bits[F.CLOSED_WAIT]
                if starts >> win & 1 or starts << 2 >> win & 1:  # from win or win - 2
                    mask |= bits[F.EDGE_WAIT]
            if pair == win:
                mask |= bits[F.SINGLE_WAIT]
    # count_folded, its common case in place: the counted fans of this mask known, none of them
    # dropping another on its own sets
    hit = tab.kept.get(mask)
    if hit is not None and hit.fans and not hit.scoping:
        total, kept_mask = hit.total, hit.mask
        counts = dict.fromkeys(hit.fans, 1)
        for f in reps:
            if kept_mask & bits[f]:
                counts[f] += 1
                total += tab.points[f]
        return total, counts
    if not tab.by_signature:
        sig = None
    res = count_folded(mask, reps, tab, None, sig)
    if res is None:  # a counted fan drops 幺九刻 on its own pungs: which ones?
        res = count_folded(mask, reps, tab, reading_occ(pair, ctx, nine, tiles_of(pungs), tiles_of(th)), sig)
    return res


def reading_occ(pair: int, ctx, nine: tuple, pungs: list, th: list) -> list:
    """The occurrences :func:`count_regular` folded that non-repetition must see with their sets
    (the fans of the profile's scoped exclusions), the sets labelled: a pung by its tile's code, the
    pair by 0x100 + its tile. ``nine``: the 九莲宝灯 occurrence, or ``()``."""
    occ = list(nine)
    dragons, winds = [], []
    for t in th:
        lab = (REF[t],)
        occ.append((F.PUNG_OF_TERMINALS_OR_HONORS, lab))
        if t >= 27:
            if t >= 31:
                occ.append((F.DRAGON_PUNG, lab))
                dragons.append(REF[t])
            else:
                winds.append(REF[t])
                if t == ctx.prevalent:
                    occ.append((F.PREVALENT_WIND, lab))
                if t == ctx.seat:
                    occ.append((F.SEAT_WIND, lab))
    if len(dragons) == 2 and IS_DRAGON[pair]:
        occ.append((F.LITTLE_THREE_DRAGONS, tuple(dragons) + (0x100 + pair,)))
    elif len(winds) == 3 and IS_WIND[pair]:
        occ.append((F.LITTLE_FOUR_WINDS, tuple(winds) + (0x100 + pair,)))
    if len(pungs) >= 2:
        occ += pung_occ(pungs)
    return occ


def chow_occ(codes) -> tuple:
    """The chow-combination occurrences of chows given by their middle codes (cached)."""
    key = tuple(sorted(codes))
    occ = CHOW_OCC.get(key)
    if occ is None:
        occ = caches.put(CHOW_OCC, key, tuple(combine_chows_kept([(0x200 + i, c) for i, c in enumerate(key)])))
    return occ


def pung_occ(tiles) -> tuple:
    """The pung-combination occurrences of pungs given by their tiles, labelled by code (cached by
    the pungs that can be in a pattern, :func:`patterned`)."""
    key = patterned(tiles)
    if not key:
        return ()
    occ = PUNG_OCC.get(key)
    if occ is None:
        codes = [REF[t] for t in key]
        kept, _ = combine_pungs(list(zip(codes, codes)), explain=False)
        occ = caches.put(PUNG_OCC, key, tuple(kept))
    return occ


def patterned(tiles) -> tuple:
    """The pungs (by tile) that can be part of a pung pattern, sorted: each related to another
    (:func:`mjlearn.mcr.principles._related_pungs`: every pung fan needs such a pair among its pungs,
    so the others change nothing); ``()`` when fewer than two are."""
    held = 0
    for t in tiles:
        held |= 1 << t
    out = [t for t in tiles if _RELATED_TO[t] & held]
    if len(out) < 2:
        return ()
    out.sort()
    return tuple(out)


_RELATED_TO = tuple(sum(1 << u for u in range(34) if u != t and _related_pungs(REF[t], REF[u])) for t in range(34))
"""For each tile, the tiles whose pung is related to its pung, as a bitmask."""


def _chow_fold(chows: int, tab) -> SetFans:
    """The fans (:class:`SetFans`) of the chow-combination occurrences of the chows of a chows' key
    (:data:`~mjlearn.mcr.records.CHOW_BIT`), cached in the profile's tables. The fans of a set of
    chows do not change when the suits are swapped (tests/test_mcr_scoring_fast.py checks every set
    of two to four chows), so a set met for the first time takes the answer of its suits in a
    canonical order."""
    cache = tab.chows
    a, b, c = sorted((chows & _M21, chows >> 21 & _M21, chows >> 42))
    key = a | b << 21 | c << 42
    hit = cache.get(key)
    if hit is None:
        hit = SetFans(*fold(chow_occ([MIDDLE_CODE[t] for t in chow_list(key)]), tab.bits))
    caches.make_room(cache, 2, TABLE_BUDGETS["chows"])
    cache[key] = cache[chows] = hit
    return hit


def _pung_fold(pungs: int, tab) -> SetFans:
    """The fans (:class:`SetFans`) of the pung-combination occurrences of pungs given as tile bits (cached in
    the profile's tables, by the pungs, by the pungs with their suits in a canonical order (the fans
    of a set of pungs do not change when the suits are swapped; the tests check every set of two to
    four pungs) and by those of them that can form a pattern)."""
    cache = tab.pungs
    caches.make_room(cache, 3, TABLE_BUDGETS["pungs"])
    a, b, c = sorted((pungs & 0x1FF, pungs >> 9 & 0x1FF, pungs >> 18 & 0x1FF))
    key = a | b << 9 | c << 18 | pungs >> 27 << 27
    hit = cache.get(key)
    if hit is not None:
        cache[pungs] = hit
        return hit
    pat = patterned(tiles_of(key))
    if not pat:
        hit = _NO_SET_FANS
    else:
        bits = 0
        for t in pat:
            bits |= 1 << t
        hit = cache.get(bits)
        if hit is None:
            hit = cache[bits] = SetFans(*fold(pung_occ(pat), tab.bits))
    cache[key] = cache[pungs] = hit
    return hit


def special_count(b: bytes, win: int, ctx, tab, whole_mask: int, n_hog: int, rm, rp, rs, rh):
    """七对/连七对, 全不靠/七星不靠, 十三幺 (nothing melded: ``b`` the counts, ``rm`` ... ``rh`` the
    groups' records), in the reference's order,
    counted from the mask of their fans as :func:`mjlearn.mcr.explain.special_forms` counts their
    occurrences; the explicit candidate is built when the result is explained
    (:func:`~mjlearn.mcr.explain.explain_special`): a :class:`~mjlearn.mcr.records.Candidate`, None
    when the hand has none of these forms, False when the count needs the occurrences
    (:func:`~mjlearn.mcr.explain.special_forms` then)."""
    bits = tab.bits
    mask = folded_context(ctx, tab).by_exposed[_NONE_SHOWN] | whole_mask
    reps: tuple[int, ...] = ()
    if 1 not in b.translate(ODD):
        form = "seven_pairs"
        mask |= bits[F.SEVEN_PAIRS]
        if b in _SHIFTED_SEVEN:
            mask |= bits[F.SEVEN_SHIFTED_PAIRS]
        if n_hog:
            mask |= bits[F.TILE_HOG]
            if n_hog > 1:
                reps = (F.TILE_HOG,) * (n_hog - 1)
        if seven_pairs_single(rm, rp, rs, rh, win):
            mask |= bits[F.SINGLE_WAIT]
    else:
        present = presence(b)
        if max(b) == 1:
            suited = present & SUITED_MASK
            n_suited = suited.bit_count()
            if not 7 <= n_suited <= 9 or all(suited & m != suited for m in KNIT_MASKS):
                return None
            form = "honors_and_knitted"
            mask |= bits[F.LESSER_HONORS_AND_KNITTED_TILES]
            if n_suited == 7:
                mask |= bits[F.GREATER_HONORS_AND_KNITTED_TILES]
            elif n_suited == 9:
                mask |= bits[F.KNITTED_STRAIGHT]
        elif present == ORPHAN_MASK:
            form = "thirteen_orphans"
            mask |= bits[F.THIRTEEN_ORPHANS]
        else:
            return None
    res = count_folded(mask, reps, tab)
    if res is None:  # a fan that drops another on its own sets: by the occurrences
        return False
    total, fans = res
    return _candidate(Candidate, (total, fans, form, None, None, None, (explain_special, ctx)))


_candidate = tuple.__new__  # a named tuple from a tuple of its fields, without a Python frame
