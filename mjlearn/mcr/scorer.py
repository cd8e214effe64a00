"""The MCR scorer: every reading of a hand, the fans each reading claims, the principles, the best.

Flow of :func:`score`:

1. check the hand and the context (inconsistent flags are an :class:`InvalidHandError`);
2. read the hand in every form: the special forms (七对, 全不靠/七星不靠, 十三幺, the 组合龙 hand)
   and every regular split into four sets and a pair;
3. for each reading, detect all fans (:mod:`mjlearn.mcr.detect`), choose among set combinations
   (不拆移 / 不得相同 / 套算一次) and apply non-repetition (不重复) (:mod:`mjlearn.mcr.principles`);
4. take the highest total (就高不就低).

Which reading wins a tie, as the reference calculator PyMahjongGB 1.4.0 does it, so that a learner
who checks a hand with the common calculators sees the same fans:

* a special form (七对, 全不靠, 十三幺, 连七对) or the 组合龙 reading is scored first; only 七对 is
  then compared with the regular readings, and a regular reading *equal* to 七对 wins;
* regular readings are visited in the reference's order (sets sorted by tile, characters, bamboo,
  dots, honors; a pung before a chow of the same tile); a later reading replaces the chosen one only
  when it scores more, or scores the same and has 一色三同顺 or 三同刻.

A hand that is not complete is an answer, not an error: the result has ``is_winning`` False,
total 0 and no fans.

Speed (benchmarks/bench_mcr.py): a hand is scored in two tiers.

* *Counting* (every reading, while readings are compared): only points matter. Each group of the
  concealed tiles (a suit's nine counts, the honors' seven) has a cached record (:func:`_suit_rec`,
  :func:`_honor_rec`): its ways of splitting into sets (from :func:`~mjlearn.shapes.suit_table`),
  each with its facts packed in one integer (:func:`_features`: chows, pungs, chow starts as tile
  bits; the chows' key; the 全带幺/全带五/全双刻 counts; the shape code and pair), and its whole-hand
  key. A reading's facts are the sum of its groups' and the melds'; :func:`_count_regular` turns
  them into the mask of the fans that occur, with bit operations and caches keyed by one integer
  (the chows' and pungs' pattern fans, cached under the suits in a canonical order; the whole-hand
  fans by the OR of the keys). The mask maps to the fans that count
  (:func:`mjlearn.mcr._count.count_folded`, cached in three parts); the occurrences, with sets named
  by labels (a pung by its tile's code), are listed only when a counted fan drops 幺九刻 on its own
  pungs and the reading's signature has not been met (:func:`_reading_occ`). Seven pairs, 全不靠 and
  十三幺 are counted from their masks the same way (:func:`_special_count`). The win flags and the
  concealment are folded once per context; the wait count only when a reading could claim
  边张/嵌张/单钓将, from the wait facts the records keep.
* *Explaining* (the chosen reading only, when ``fans``, ``excluded``, ``to_dict`` or the display
  ask): the result calls :func:`explain_regular` or :func:`explain_special`, which rebuild the
  reading's parts and run the detectors of :mod:`mjlearn.mcr.detect` on them (:func:`_regular`), and
  applies the explicit principle steps. tests/test_mcr_scoring_fast.py checks that both tiers give
  the same total and fans on every hand, and the differential test checks the explained fans
  against the reference.

>>> from mjlearn.mcr import score
>>> r = score("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True)
>>> r.total, [f.zh for f in r.fans]
(98, ['大四喜', '混一色', '双暗刻', '明杠', '自摸'])
"""

from __future__ import annotations

from functools import lru_cache, partial
from itertools import compress
from types import SimpleNamespace

from ..errors import ContextError, InvalidHandError, Problem
from ..hand import Hand, MeldKind, WinContext, as_hand
from . import detect as D
from .principles import combine_chows_kept, combine_pungs, combine_pungs_kept, count_fans
from .principles import _related_pungs
from . import _count
from ._count import count as _fast_count, count_folded, fold
from .fans import F
from .profiles import Profile, get_profile
from .result import ScoreResult
from ..consistency import check_context
from ..shapes import suit_status, suit_table
from ..tiles import IS_DRAGON, IS_TERMINAL_OR_HONOR, IS_WIND, ORPHAN_INDICES
from ..tiles import KNITTED_PATTERNS as KNITTED
from .tables import REF, WIND_INDEX

__all__ = ["score", "CONTEXT_KEYWORDS"]

CONTEXT_KEYWORDS = ("self_drawn", "last_tile", "kong", "wall_last", "seat_wind", "prevalent_wind", "flowers")
"""The context keywords of :func:`score` (DESIGN.md)."""

CHOW, PUNG, KONG, PAIR, KNIT, SINGLES = D.CHOW, D.PUNG, D.KONG, D.PAIR, D.KNITTED, D.SINGLES

from .profiles import PROFILES as _PROFILE_BY_NAME  # noqa: E402


def score(hand, *, profile="mcr", rules=None, **context):
    """Score a winning hand under MCR (国标). Returns a :class:`~mjlearn.mcr.result.ScoreResult`.

    ``hand``: a :class:`~mjlearn.hand.Hand` or its notation, with the winning tile after ``+``.
    Context keywords (DESIGN.md): ``self_drawn``, ``last_tile`` (和绝张), ``kong`` (杠上开花 when
    self-drawn, 抢杠和 otherwise), ``wall_last`` (妙手回春 / 海底捞月), ``seat_wind``,
    ``prevalent_wind`` (``"E"`` by default) and ``flowers`` (added to flower letters in the hand).
    ``profile``: ``"mcr"`` (default, as PyMahjongGB 1.4.0), ``"mcr-wmo2014"`` or a
    :class:`~mjlearn.mcr.profiles.Profile`; ``rules`` is accepted as another name for it.
    The seats ``winner``, ``discarder`` and ``dealer`` (as :func:`mjlearn.rules.score` takes them)
    settle the ``payments``; without them the payments are all zero.

    >>> score("123456789m23p55s+4p").total, score("123456789m23p55s+4p", self_drawn=True).total
    (20, 22)
    """
    if rules is not None:
        if profile != "mcr" and rules != profile:
            raise ContextError(f"give either profile= or rules=, not both (got profile={profile!r}, rules={rules!r})"
                               f"  （profile= 和 rules= 只能写一个）", accepted=CONTEXT_KEYWORDS)
        profile = rules
    if profile is _DEFAULT:             # the default's own string: no look-up
        prof = _DEFAULT_PROFILE
    else:
        prof = _PROFILE_BY_NAME.get(profile) if profile.__class__ is str else None
        if prof is None:
            prof = get_profile(profile)
    if hand.__class__ is not Hand:
        hand = as_hand(hand)
    # the checked context, cached by its keywords' values and types (see _win_context); only
    # contexts without seats are cached
    values = context.values()
    try:
        hit = _CONTEXTS.get((*context, *values, *map(type, values)))
    except TypeError:
        hit = None
    if hit is None:
        if context and not _SEATS.isdisjoint(context):
            return _score_at_table(hand, context, prof)
        hit = _win_context(context)
    return _score(hand, hit[0], hit[1], prof)


_SEATS = frozenset(("winner", "discarder", "dealer"))
_DEFAULT = score.__kwdefaults__["profile"]
_DEFAULT_PROFILE = _PROFILE_BY_NAME[_DEFAULT]


def _score_at_table(hand, context, prof):
    """``winner``, ``discarder`` or ``dealer`` given: the keywords are completed and checked as the
    MCR rule set of :mod:`mjlearn.rules` does (the seat wind from winner and dealer, a discard win
    needs its discarder), so that the payments are settled and equal the rules door's."""
    from .result import mcr_ruleset
    rs = mcr_ruleset(prof.name)
    c = rs.make_context(context)
    res = _score(hand, *_win_context(rs.mcr_context(c)), prof)
    return res._at_table(rs, c, c.winner, c.discarder)


_CONTEXTS: dict = {}


def _win_context(context):
    """The checked WinContext of the keywords and the flags the detectors read (:func:`_win_ctx`),
    cached by the keywords' values and types (a bool and an int that compare equal must not share an
    entry: ``self_drawn=1`` is an error). An unknown keyword or a bad value is a
    :class:`~mjlearn.errors.ContextError`, as under every rule set."""
    try:
        values = context.values()
        key = (*context, *values, *map(type, values))      # one tuple, no (key, value) pairs
        hit = _CONTEXTS.get(key)
    except TypeError:           # an unhashable value: checked (and rejected) by WinContext below
        key, hit = None, None
    if hit is not None:
        return hit
    unknown = [k for k in context if k not in CONTEXT_KEYWORDS]
    if unknown:
        raise ContextError(f"MCR scoring (国标麻将) does not use the context keyword{'s' if len(unknown) > 1 else ''} "
                           f"{', '.join(map(repr, unknown))}; it accepts: {', '.join(CONTEXT_KEYWORDS)} "
                           f"(and profile; winner, discarder, dealer to settle the payments)"
                           f"  （国标麻将算分不用 {'、'.join(unknown)}；可以写的有 {'、'.join(CONTEXT_KEYWORDS)}）",
                           accepted=CONTEXT_KEYWORDS)
    try:
        wc = WinContext(**context)
    except InvalidHandError as e:           # a value of the wrong type or out of range
        raise ContextError(str(e), accepted=CONTEXT_KEYWORDS) from None
    hit = wc, _win_ctx(wc, False)
    if key is not None and len(_CONTEXTS) < 10000:
        _CONTEXTS[key] = hit
    return hit


def _problem(msg):
    return InvalidHandError([Problem(msg)])


_M_CHOW, _M_PUNG, _M_KONG = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG
_MIDDLE_CODE = tuple(REF[t + 1] if t < 27 and t % 9 < 7 else 0 for t in range(34))


def _score(hand: Hand, wc, ctx, prof: Profile):
    win_tile = hand.win_tile
    if win_tile is None:
        raise InvalidHandError([Problem(
            f"{str(hand)!r} has no winning tile: write it after '+', e.g. '1112345678999m+5m'"
            f"  （没有和牌张：把和的那张牌写在“+”后面，例如 '1112345678999m+5m'）")], str(hand))
    flowers = wc.flowers + len(hand.flowers)
    if flowers > 8:
        raise _problem(f"{flowers} flowers ({wc.flowers} given and {len(hand.flowers)} in the hand): "
                       f"there are only eight  （花牌一共只有八张，这里有 {flowers} 张）")
    win = win_tile.index
    counts = hand._counts           # the concealed tiles' counts, winning tile included, as bytes
    melds = hand.melds
    fixed_win = 0
    if melds:
        # what the melds bring to every reading (see _count_regular and _NO_MELDS)
        n_exposed = packed = pung_bits = wkey = n_kongs = n_conc_kongs = 0
        for m in melds:
            kind = m.kind
            t = m.tile.index
            if kind is _M_CHOW:
                packed += _MELD_CHOW[t]
                wkey |= _CHOW_KEY[t]
                n_exposed += 1
                if t <= win <= t + 2:
                    fixed_win += 1
            else:
                pung_bits |= 1 << t
                wkey |= _TILE_KEY[t]
                if kind is _M_KONG:
                    packed += _MELD_KONG[t]
                    n_kongs += 1
                    if m.offer is None:
                        n_conc_kongs += 1
                    else:
                        n_exposed += 1
                else:
                    packed += _MELD_PUNG[t]
                    n_exposed += 1
                if t == win:
                    fixed_win += 3 if kind is _M_PUNG else 4
        meld_facts = (_kong_occ(n_kongs, n_conc_kongs, prof.mixed_kongs) if n_kongs else (), packed, 0, pung_bits,
                      0, n_conc_kongs, 0, n_kongs, wkey)
        all_counts = hand._all_counts
    else:
        n_exposed, all_counts, meld_facts = 0, None, _NO_MELDS
    # --- the context, checked against the tiles (one checker for every rule set) ---------------
    if (wc.last_tile or wc.kong) and _may_conflict(hand, wc, win):
        check_context(hand, wc)
    if fixed_win == 3:              # 和绝张 also when the three other copies are in the hand's melds
        ctx = _win_ctx(wc, True)
    best = _evaluate(counts, all_counts, melds, meld_facts, n_exposed, win, ctx, prof)
    return ScoreResult._build(hand, wc, prof, best, flowers, melds)


def _may_conflict(hand, wc, win):
    """Whether :func:`~mjlearn.consistency.check_context` can find a conflict between this
    ``WinContext`` and the hand (False only when none of its checks that read a WinContext's flags
    can fail: a kong bloom with a kong, a robbed kong of a tile held once, not on the last tile; 和绝张
    of a tile held once); tests/test_mcr_scoring_fast.py checks it against the checker."""
    if wc.kong:
        if wc.self_drawn:
            if all(m.kind is not _M_KONG for m in hand.melds):
                return True
        elif wc.wall_last or hand._all_counts[win] != 1:
            return True
    return wc.last_tile and hand._counts[win] != 1


def _meld_parts(melds):
    """The melds of a hand as parts ``(kind, tile index, exposed)``, in the order they were made."""
    out = []
    for m in melds:
        kind = m.kind
        out.append((CHOW if kind is _M_CHOW else KONG if kind is _M_KONG else PUNG, m.tile.index,
                    kind is not _M_KONG or m.offer is not None))
    return out


_KONG_OCC: dict = {}


def _kong_occ(n_kongs, n_concealed, mixed_kongs):
    """The kong fans of a hand with ``n_kongs`` kongs of which ``n_concealed`` are concealed (the
    melds' positions stand in for the kongs': only the fans count here), cached."""
    key = (n_kongs, n_concealed, mixed_kongs)
    occ = _KONG_OCC.get(key)
    if occ is None:
        out = []
        D.kongs(list(range(n_kongs)), list(range(n_concealed)), mixed_kongs, out)
        occ = _KONG_OCC[key] = tuple(out)
    return occ


_CTX: dict = {}
_CONCEALMENT: dict = {}       # (melds shown, self-drawn) -> the concealment occurrences


def _win_ctx(wc, three_shown):
    """The flags the detectors read, per context (cached): 和绝张 also when the three other copies
    of the winning tile are in the hand's own melds."""
    key = (id(wc), three_shown)
    hit = _CTX.get(key)
    if hit is not None and hit[0] is wc:
        return hit[1]
    ctx = SimpleNamespace(
        self_drawn=wc.self_drawn, kong=wc.kong, wall_last=wc.wall_last,
        last_tile=wc.last_tile or three_shown,
        seat=WIND_INDEX[wc.seat_wind], prevalent=WIND_INDEX[wc.prevalent_wind],
        tab=None, masks=None)       # the folded masks of :func:`_context_masks`
    flags = []
    D.win_flags(ctx, flags)
    ctx.flags = tuple(flags)                   # the win-flag occurrences, the same in every reading
    if len(_CTX) > 20000:
        _CTX.clear()
    _CTX[key] = (wc, ctx)      # keeps wc alive, so its id is not reused while the entry exists
    return ctx


def _finish(occ, prof: Profile):
    """Non-repetition and points for one reading, by the definition: (total, {fan: count})."""
    return count_fans(occ, prof.kernel)


def _finish_special(occ, prof: Profile):
    """The same for a special form or the 组合龙 hand, by the fast count (:mod:`mjlearn.mcr._count`)
    when the profile's exclusions allow it."""
    tab = prof.__dict__.get("_fast_count")
    if tab is None:
        tab = _count.tables(prof, _UNLABELLED, _SIGNED)
    if tab:
        return _fast_count(occ, tab)
    return count_fans(occ, prof.kernel)


def _evaluate(counts, all_counts, hand_melds, melds, n_exposed, win, ctx, prof):
    """Every reading scored; returns the chosen candidate or None. ``counts``: the concealed tiles'
    counts as bytes; ``all_counts``: with the melds, None when nothing is melded; ``melds``: what
    the melds bring to every reading (see :func:`_count_regular`).

    A candidate is ``(total, {fan: count}, form, parts, occurrences, (chows, pungs))``: what the
    reading scores, and what :class:`~mjlearn.mcr.result.ScoreResult` needs to explain it. For a
    regular reading, counted by :func:`_count_regular`, the occurrences and sets are None and a
    seventh item, a function of no argument, returns the candidate with them (:func:`_regular`).
    """
    b = counts
    n_fixed = len(hand_melds)
    # each group's record (its ways, its whole-hand key) by its counts, cached
    rm = _RECS_M.get(b[0:9]) or _suit_rec(0, b[0:9])
    rp = _RECS_P.get(b[9:18]) or _suit_rec(1, b[9:18])
    rs = _RECS_S.get(b[18:27]) or _suit_rec(2, b[18:27])
    rh = _HONOR_RECS.get(b[27:34]) or _honor_rec(b[27:34])
    # the whole-hand fans, from the groups' keys and the melds' (see _TILE_KEY)
    wkey = rm[1] | rp[1] | rs[1] | rh[1] | melds[8]
    tab = prof.__dict__.get("_fast_count")
    if tab is None:
        tab = _count.tables(prof, _UNLABELLED, _SIGNED)
    if tab:
        hit = tab[16].get(wkey)
        if hit is None:
            occ = D.whole_from_key(wkey ^ _WHOLE_AND)
            hit = tab[16][wkey] = (occ, fold(occ, tab[0])[0])
        whole, whole_mask = hit
    else:
        whole, whole_mask = D.whole_from_key(wkey ^ _WHOLE_AND), 0
    if all_counts is None:
        all_counts = counts
        n_hog = b.count(4)
    else:
        n_hog = all_counts.count(4) - melds[7]         # four of a kind, not as a kong
    special = None
    seven_pairs = False
    if n_fixed == 0 and (b.count(0) <= 21 or 1 not in b.translate(_ODD)):
        # all pairs, or at least 13 kinds of tile: maybe 七对, 全不靠 or 十三幺
        special = _special_count(b, win, ctx, tab, whole_mask, n_hog, rm, rp, rs, rh) if tab else False
        if special is False:
            special = _special_forms(counts, all_counts, win, ctx, prof, whole, n_hog, b, _presence(b),
                                     partial(_seven_pairs_single, rm, rp, rs, rh, win))
        if special is not None and special[2] == "seven_pairs" and F.SEVEN_SHIFTED_PAIRS not in special[1]:
            seven_pairs = True
    if special is None and n_fixed <= 1 and b.count(0, 0, 27) <= 18:
        # at least nine kinds of suited tile: maybe 组合龙
        special = _knitted_straight(counts, all_counts, _meld_parts(hand_melds), n_fixed, n_exposed, win, ctx, prof,
                                    whole, n_hog, b, _presence(b))
    if special is not None and not seven_pairs:
        return special
    wm, wp, ws, honor = rm[2], rp[2], rs[2], rh[0]
    if wm and wp and ws and honor:      # the common case: one way of each suit (see _ways)
        feats = wm[3] + wp[3] + ws[3] + honor[2]
        if feats >> _F_SHAPE & 31 != 4 - n_fixed + _PAIRED:
            return special
        ways = None
    else:
        ways = _ways(rm, rp, rs, rh, 4 - n_fixed)
        if not ways:
            return special
    best = special
    best_total = special[0] if special else 0
    wait = [None, rm, rp, rs, rh]       # the wait count when a reading asks (see _wait_count_of)
    nine = n_fixed == 0 and _FULL_FLUSH in whole and D.nine_gates(counts, win)
    if not tab:
        # a profile whose exclusions the fast count cannot follow: every reading the explicit way
        hand_occ = _hand_occ(ctx, whole, n_hog, nine, _concealment(n_exposed, ctx.self_drawn))
        meld_parts = _meld_parts(hand_melds)
        for way in ways:
            cand = _regular(_reading_parts(meld_parts, way), n_fixed, counts, win, ctx, wait, prof, hand_occ)
            t = cand[0]
            if t > best_total or (t == best_total and best is not None and (
                    seven_pairs or F.PURE_TRIPLE_CHOW in cand[1] or F.TRIPLE_PUNG in cand[1])):
                best, best_total = cand, t
        return best
    # what every regular reading of this hand claims alike, folded (see _count_regular): the win
    # flags, the whole-hand fans, 四归一, 九莲宝灯, the concealment and the melds' kongs, each a
    # different fan (only 四归一 and a kong fan can occur more than once)
    bits = tab[0]
    if ctx.tab is not tab:
        _context_masks(ctx, tab)
    mask = ctx.masks[n_exposed] | whole_mask
    reps = ()
    if n_hog:
        mask |= bits[F.TILE_HOG]
        if n_hog > 1:
            reps = (F.TILE_HOG,) * (n_hog - 1)
    if nine:
        mask |= bits[F.NINE_GATES]
    for f, _ in melds[0]:
        if mask & bits[f]:
            reps += (f,)
        else:
            mask |= bits[f]
    base = (mask, reps, _NINE_GATES if nine else ())
    if ways is None:                # the one reading
        total, fans = _count_regular(feats, (feats >> _F_PAIR) - 1, melds, counts, win, ctx, wait, n_fixed, tab,
                                     base)
        if total > best_total or (total == best_total and best is not None and (
                seven_pairs or F.PURE_TRIPLE_CHOW in fans or F.TRIPLE_PUNG in fans)):
            return (total, fans, "regular", None, None, None,
                    (explain_regular, (wm, ws, wp, honor, (feats >> _F_PAIR) - 1), wait[0], ctx))
        return best
    chosen = None
    for way in ways:
        wm, ws, wp, honor, pair = way
        total, fans = _count_regular(wm[3] + ws[3] + wp[3] + honor[2], pair, melds, counts, win, ctx, wait, n_fixed,
                                     tab, base)
        if total > best_total or (total == best_total and best is not None and (
                seven_pairs or F.PURE_TRIPLE_CHOW in fans or F.TRIPLE_PUNG in fans)):
            best, best_total, chosen = (total, fans), total, way
    if chosen is None:
        return best
    # the chosen reading's parts and its explicit candidate are built when the result is explained
    # (explain_regular, from the hand and this reading)
    return best[0], best[1], "regular", None, None, None, (explain_regular, chosen, wait[0], ctx)


def _special_count(b, win, ctx, tab, whole_mask, n_hog, rm, rp, rs, rh):
    """七对/连七对, 全不靠/七星不靠, 十三幺 (nothing melded), in the reference's order, counted from the
    mask of their fans as :func:`_special_forms` counts their occurrences; the explicit candidate is
    built when the result is explained (:func:`explain_special`). None when the hand has none of
    these forms; False when the count needs the occurrences (:func:`_special_forms` then)."""
    bits = tab[0]
    if ctx.tab is not tab:
        _context_masks(ctx, tab)
    mask = ctx.masks[0] | whole_mask            # nothing melded: the concealment of no meld shown
    reps = ()
    if 1 not in b.translate(_ODD):
        form = "seven_pairs"
        mask |= bits[F.SEVEN_PAIRS]
        if b in _SHIFTED_SEVEN:
            mask |= bits[F.SEVEN_SHIFTED_PAIRS]
        if n_hog:
            mask |= bits[F.TILE_HOG]
            if n_hog > 1:
                reps = (F.TILE_HOG,) * (n_hog - 1)
        if _seven_pairs_single(rm, rp, rs, rh, win):
            mask |= bits[F.SINGLE_WAIT]
    else:
        present = _presence(b)
        if max(b) == 1:
            suited = present & _SUITED_MASK
            n_suited = suited.bit_count()
            if not 7 <= n_suited <= 9 or all(suited & m != suited for m in _KNIT_MASKS):
                return None
            form = "honors_and_knitted"
            mask |= bits[F.LESSER_HONORS_AND_KNITTED_TILES]
            if n_suited == 7:
                mask |= bits[F.GREATER_HONORS_AND_KNITTED_TILES]
            elif n_suited == 9:
                mask |= bits[F.KNITTED_STRAIGHT]
        elif present == _ORPHAN_MASK:
            form = "thirteen_orphans"
            mask |= bits[F.THIRTEEN_ORPHANS]
        else:
            return None
    res = count_folded(mask, reps, tab)
    if res is None:             # a fan that drops another on its own sets: by the occurrences
        return False
    return res[0], res[1], form, None, None, None, (explain_special, ctx)


_SHIFTED_SEVEN = frozenset(bytes(2 if 9 * k + r <= t < 9 * k + r + 7 else 0 for t in range(34))
                           for k in range(3) for r in range(3))
"""The counts of the seven-shifted-pairs hands (连七对)."""


def explain_special(hand, prof, ctx):
    """The explicit candidate of a special form that was only counted (:func:`_special_count`),
    what :class:`~mjlearn.mcr.result.ScoreResult` explains."""
    b = hand._counts
    win = hand.win_tile.index
    return _special_forms(b, b, win, ctx, prof, D.whole_hand_occ(b), b.count(4), b, _presence(b))


def _seven_pairs_single(rm, rp, rs, rh, win):
    """Whether a seven-pairs hand (groups' records given) waited on one tile, counted the
    reference's way: its wait (the winning tile's pair) and the regular waits of the 13 tiles. The
    winning tile is a regular wait exactly when the 14 tiles have a regular reading."""
    n = _regular_wait_count(rm, rp, rs, rh, win)
    return n == 0 or (n == 1 and bool(_ways(rm, rp, rs, rh, 4)))


def _concealment(n_exposed, self_drawn):
    """The concealment occurrences (门前清, 不求人, 全求人) of a hand with ``n_exposed`` melds shown."""
    conceal = _CONCEALMENT.get((n_exposed, self_drawn))
    if conceal is None:
        conceal = []
        D.concealment(n_exposed, self_drawn, conceal)
        conceal = _CONCEALMENT[n_exposed, self_drawn] = tuple(conceal)
    return conceal


def _context_masks(ctx, tab):
    """Keep on ``ctx`` the folded mask of its win flags and the concealment, for each number of
    melds shown (0-4), under the counting tables ``tab``."""
    bits = tab[0]
    flags = 0
    for f, _ in ctx.flags:
        flags |= bits[f]
    masks = []
    for n_exposed in range(5):
        m = flags
        for f, _ in _concealment(n_exposed, ctx.self_drawn):
            m |= bits[f]
        masks.append(m)
    ctx.masks = tuple(masks)
    ctx.tab = tab


def _hand_occ(ctx, whole, n_hog, nine, conceal):
    """The occurrences every regular reading of a hand claims alike: the win flags, the whole-hand
    fans, 四归一, 九莲宝灯, the concealment (the order of different fans does not matter to
    non-repetition, only that of one fan's occurrences)."""
    hand_occ = ctx.flags + whole
    if n_hog:
        hand_occ += D.hog(n_hog)
    if nine:
        hand_occ += _NINE_GATES
    return hand_occ + conceal


def explain_regular(hand, prof, way, wait, ctx):
    """The explicit candidate (:func:`_regular`) of the regular reading ``way`` that the count chose
    for ``hand`` with the detectors' flags ``ctx`` (``wait``: the hand's wait count, if the count
    needed it), what
    :class:`~mjlearn.mcr.result.ScoreResult` explains. What :func:`_score` gathered from the melds and
    the tiles is gathered again here: only a result that is explained pays for it."""
    win = hand.win_tile.index
    counts, all_counts = hand._counts, hand._all_counts
    meld_parts = _meld_parts(hand.melds)
    n_exposed = sum(exposed for _, _, exposed in meld_parts)
    n_kongs = sum(kind is KONG for kind, _, _ in meld_parts)
    n_fixed = len(meld_parts)
    whole = D.whole_hand_occ(all_counts)
    n_hog = all_counts.count(4) - n_kongs
    nine = n_fixed == 0 and _FULL_FLUSH in whole and D.nine_gates(counts, win)
    return _regular(_reading_parts(meld_parts, way), n_fixed, counts, win, ctx, [wait], prof,
                    _hand_occ(ctx, whole, n_hog, nine, _concealment(n_exposed, ctx.self_drawn)))


# --- readings ------------------------------------------------------------------------------


def _suit_rec(k: int, seg: bytes):
    """The record of suit ``k`` (0 m, 1 p, 2 s) with counts ``seg`` (cached): ``(its splits
    (:func:`_suit_parts`), its whole-hand key (see :data:`_TILE_KEY`), its split when it has exactly
    one, else None, the ids of its wait facts and of those with one tile less (:func:`_wait_count_of`,
    filled when asked), the counts)``."""
    d = _SUIT_RECS[k]
    ways = _suit_parts(9 * k, seg)
    rec = d[seg] = (ways, D.group_key(k, seg.translate(_PRESENT)) ^ _WHOLE_AND, ways[0] if len(ways) == 1 else None,
                    [None] * 10, seg)
    _bound(d)
    return rec


def _honor_rec(seg: bytes):
    """The record of the honors with counts ``seg`` (cached): ``(their sets
    (:func:`_honor_parts`), their whole-hand key, the id of their wait shape (:func:`_honor_shape`,
    filled when asked), the counts)``."""
    rec = _HONOR_RECS[seg] = (_honor_parts(seg), D.group_key(3, seg.translate(_PRESENT)) ^ _WHOLE_AND, [None], seg)
    return rec


def _reading_ways(b: bytes, n_sets: int):
    """The regular readings of the concealed counts ``b`` as ``n_sets`` sets and a pair, in the
    reference's order (:func:`_ways`)."""
    seg = b[0:9]
    rm = _RECS_M.get(seg) or _suit_rec(0, seg)
    seg = b[9:18]
    rp = _RECS_P.get(seg) or _suit_rec(1, seg)
    seg = b[18:27]
    rs = _RECS_S.get(seg) or _suit_rec(2, seg)
    seg = b[27:34]
    rh = _HONOR_RECS.get(seg) or _honor_rec(seg)
    return _ways(rm, rp, rs, rh, n_sets)


def _ways(rm, rp, rs, rh, n_sets: int):
    """The regular readings of the groups' records (:func:`_suit_rec`, :func:`_honor_rec`) as
    ``n_sets`` sets and a pair, in the reference's order: each ``(way of m, way of s, way of p,
    honors, pair index)`` with the ways of :func:`_suit_parts` and the honors of
    :func:`_honor_parts` (the sets go characters, bamboo, dots, honors, as the reference sorts them)."""
    ways_m = rm[0]
    if not ways_m:
        return _NO_WAYS
    ways_p = rp[0]
    if not ways_p:
        return _NO_WAYS
    ways_s = rs[0]
    if not ways_s:
        return _NO_WAYS
    honor = rh[0]
    if not honor:
        return _NO_WAYS
    # a way's shape code (item 4, the honors' item 3) is its number of sets plus _PAIRED if it has
    # the pair: the codes of a reading add up to n_sets + _PAIRED, and its pair is the one >= 0
    want = n_sets + _PAIRED - honor[3]
    pair = honor[1]
    if len(ways_m) == 1 and len(ways_p) == 1 and len(ways_s) == 1:      # the common case
        wm, wp, ws = ways_m[0], ways_p[0], ways_s[0]
        if wm[4] + wp[4] + ws[4] != want:
            return _NO_WAYS
        return ((wm, ws, wp, honor, max(wm[0], wp[0], ws[0], pair)),)
    out = []
    for wm in ways_m:
        for wp in ways_p:
            for ws in ways_s:
                if wm[4] + wp[4] + ws[4] == want:
                    out.append((wm[2] + ws[2] + wp[2], (wm, ws, wp, honor, max(wm[0], wp[0], ws[0], pair))))
    if len(out) > 1:
        out.sort(key=_sort_key)
    return [w for _, w in out]


def _reading_parts(meld_parts, way):
    """The parts list of one reading of :func:`_reading_ways`: melds, sets, pair."""
    wm, ws, wp, honor, p = way
    return meld_parts + [*wm[1], *ws[1], *wp[1], *honor[0], _PAIR_PART[p]]


def _regular_readings(counts, meld_parts, n_sets=None, b=None):
    """Regular splits in the reference's order; each a parts list (melds first, then sorted sets, pair)."""
    if n_sets is None:
        n_sets = 4 - len(meld_parts)
    if b is None:
        b = bytes(counts)
    return [_reading_parts(meld_parts, w) for w in _reading_ways(b, n_sets)]


def _sort_key(way):
    return sorted(way[0])


_NO_WAYS = ()
_CACHE_LIMIT = 200_000


def _bound(cache: dict) -> None:
    """Keep a cache keyed by hand fragments from growing without end in a very long session."""
    if len(cache) > _CACHE_LIMIT:
        cache.clear()


_SUIT_RECS = _RECS_M, _RECS_P, _RECS_S = ({}, {}, {})
_HONOR_RECS: dict = {}
_WHOLE_AND = D.WHOLE_AND
_TILE_KEY = tuple(D.group_key(min(t // 9, 3), bytes(int(t - 9 * min(t // 9, 3) == k) for k in range(9 if t < 27 else 7)))
                  ^ _WHOLE_AND for t in range(34))
"""The whole-hand key of one tile: its :func:`mjlearn.mcr.detect.group_key` with the bits that
combine by AND flipped, so that the key of several tiles or groups is the OR of theirs (the
whole-hand fans are then those of that OR with those bits flipped back)."""
_CHOW_KEY = tuple(_TILE_KEY[t] | _TILE_KEY[t + 1] | _TILE_KEY[t + 2] if t < 27 and t % 9 < 7 else 0
                  for t in range(34))
"""The whole-hand key of the chow that starts at each tile."""
_PAIR_PART = tuple((PAIR, i, False) for i in range(34))


def _honor_parts(seg: bytes):
    """The honors' counts as (pungs as parts, pair index or -1, features as :func:`_features`, shape
    code as in :func:`_reading_ways`), or ``_NO_WAYS`` when they cannot be sets and at most one pair."""
    honor = []
    pair = -1
    for k, n in enumerate(seg):
        if n == 3:
            honor.append((PUNG, 27 + k, False))
        elif n == 2:
            if pair >= 0:
                return _NO_WAYS
            pair = 27 + k
        elif n:
            return _NO_WAYS
    shape = len(honor) + (_PAIRED if pair >= 0 else 0)
    return tuple(honor), pair, _features(honor, shape, pair), shape


_PAIRED = 16
"""Added to a way's number of sets when it holds the pair (see :func:`_reading_ways`)."""


def _suit_parts(base, seg):
    """The ways of one suit (:func:`~mjlearn.shapes.suit_ways`) as parts with tile indices:
    ``(pair index or -1, parts sorted as the reference sorts sets, their sort keys, features, shape
    code)``, the features being what :func:`_count_regular` needs of the sets (:func:`_features`),
    the shape code as in :func:`_reading_ways`."""
    out = []
    ref = 2 * REF[base]                   # a set's sort key: 2 x its first tile's code, + 1 for a chow
    for p, sets in suit_table().get(seg, ()):            # suit_ways, for counts given as bytes
        parts, keys = [], []
        add = bits = 0                    # the set's _features, the fields that add and those that OR
        for r, k in sorted([(r, k) for k, r in sets]):      # by rank, a pung before a chow
            t = base + r
            parts.append(_SET_PART[k][t])
            keys.append(ref + 2 * r + k)
            add += _SET_ADD[k][t]
            bits |= _SET_BITS[k][t]
        pair = p if p < 0 else base + p
        shape = len(parts) + (_PAIRED if p >= 0 else 0)
        out.append((pair, tuple(parts), tuple(keys), add | bits | shape << _F_SHAPE | pair + 1 << _F_PAIR, shape))
    return tuple(out)


def _features(parts, shape=0, pair=-1):
    """What the counting of a reading needs of some concealed sets, packed in one integer so that
    the sum over a reading's groups (and the melds' :func:`_meld_features`) holds the reading's:
    bits from :data:`_F_CHOW_TILES` the tiles in chows, from :data:`_F_PUNGS` the pungs, from
    :data:`_F_STARTS` the first tiles of the chows (one bit per tile: the groups never share a
    tile), then the number of chows, the chows' key (the sum of their :data:`_CHOW_BIT`: a 3-bit
    count per chow, as chows may repeat) and, for each of 全带幺/全带五/全双刻, how many sets do
    not allow it (:data:`_TRAITS_OF` reads these three counts); then the group's ``shape`` code (see
    :func:`_ways`: a reading's codes add up to its number of sets plus :data:`_PAIRED`) and its
    ``pair`` plus one (0 without: the sum of a reading's is its pair plus one)."""
    chow_tiles = pungs = starts = n_chows = chow_key = violations = 0
    for k, t, _ in parts:
        violations += _VIOLATIONS[D._TRAITS[k][t]]
        if k is CHOW:
            chow_key += _CHOW_BIT[t]
            chow_tiles |= 7 << t
            starts |= 1 << t
            n_chows += 1
        else:
            pungs |= 1 << t
    return (chow_tiles | pungs << _F_PUNGS | starts << _F_STARTS | n_chows << _F_CHOWS | chow_key << _F_CHOW_KEY
            | violations << _F_TRAITS | shape << _F_SHAPE | pair + 1 << _F_PAIR)


_F_CHOW_TILES, _F_PUNGS, _F_STARTS, _F_CHOWS, _F_CHOW_KEY, _F_TRAITS, _F_SHAPE, _F_PAIR = \
    0, 34, 68, 102, 105, 168, 177, 182
"""Where each field of :func:`_features` starts."""
_M34, _M63 = (1 << 34) - 1, (1 << 63) - 1
_VIOLATIONS = tuple(sum(1 << 3 * j for j in range(3) if not allowed >> j & 1) for allowed in range(8))
"""For the 全带幺/全带五/全双刻 bits a set allows, its unit in the three 3-bit counts of sets that do
not allow each."""
_TRAITS_OF = tuple(sum(1 << j for j in range(3) if not v >> 3 * j & 7) for v in range(512))
"""The 全带幺/全带五/全双刻 bits all the sets allow, from the three counts of sets that do not."""


def _set_tables():
    """For a concealed pung (0) or chow (1) of each tile: its part, and its :func:`_features` split
    into the fields that add up and the tile bits that OR (a chow may repeat)."""
    part, add, bits = ([], []), ([], []), ([], [])
    for k, kind in enumerate((PUNG, CHOW)):
        for t in range(34):
            ok = kind is PUNG or t in _CHOW_STARTS
            f = _features([(kind, t, False)]) if ok else 0
            tile_bits = f & ((1 << _F_CHOWS) - 1)
            part[k].append((kind, t, False))
            add[k].append(f - tile_bits)
            bits[k].append(tile_bits)
    return tuple(map(tuple, part)), tuple(map(tuple, add)), tuple(map(tuple, bits))


def _meld_features(kind, t):
    """What a meld brings to a reading's :func:`_features` (its chow and its 全带幺/全带五/全双刻
    counts; a melded chow's tiles are not the concealed sets' that the other fields hold)."""
    f = _VIOLATIONS[D._TRAITS[kind][t]] << _F_TRAITS
    if kind is CHOW:
        f += 1 << _F_CHOWS | _CHOW_BIT[t] << _F_CHOW_KEY
    return f


_CHOW_STARTS = tuple(t for t in range(27) if t % 9 < 7)
"""The tiles a chow can start at, in order: the 21 chows."""
_CHOW_BIT = tuple(1 << 3 * _CHOW_STARTS.index(t) if t in _CHOW_STARTS else 0 for t in range(34))
"""For each chow (by its first tile), its unit in a chows' key: one 3-bit count per chow."""
_SET_PART, _SET_ADD, _SET_BITS = _set_tables()
_MELD_CHOW, _MELD_PUNG, _MELD_KONG = (tuple(_meld_features(kind, t) if kind is not CHOW or t in _CHOW_STARTS else 0
                                              for t in range(34)) for kind in (CHOW, PUNG, KONG))
"""What a melded chow, pung or kong of each tile brings to a reading's :func:`_features`."""


def _chow_list(chow_key):
    """The first tiles of the chows of a chows' key, with repeats, in tile order."""
    out = []
    for i, t in enumerate(_CHOW_STARTS):
        n = chow_key >> 3 * i & 7
        if n:
            out += [t] * n
    return out


def _tiles_of(bits):
    """The tiles of a set of tile bits, in order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _wait_count(counts, win, n_fixed):
    """How many tiles complete the hand without the winning tile (regular form, and seven pairs when
    nothing is melded), counted the reference's way (copies in hand are not subtracted).

    The number of regular waits depends only on what each suit can become with one more tile (the
    suits in any order) and on the honors' shape, so it is cached by those: each suit's counts map
    to the id of its facts (:func:`_suit_info`, a few hundred distinct) and the honors to the id of
    their shape (:func:`_honor_shape`).
    """
    c = bytearray(counts)
    c[win] -= 1
    c = bytes(c)
    ids = _SUIT_INFO_ID
    a, b, d, h = c[0:9], c[9:18], c[18:27], c[27:34]
    x = ids.get(a) or _suit_info_id(a)
    y = ids.get(b) or _suit_info_id(b)
    z = ids.get(d) or _suit_info_id(d)
    if n_fixed == 0:
        odd = c.translate(_ODD)
        if odd.count(1) == 1:
            # the seven-pairs wait may also be a regular one: the set of regular waits decides
            key = (x, y, z, h)
            found = _REGULAR_WAITS.get(key)
            if found is None:
                found = _REGULAR_WAITS[key] = _regular_waits(key)
                _bound(_REGULAR_WAITS)
            return len(found) + (odd.index(1) not in found)
    return _waits_of(x, y, z, _HONOR_SHAPE.get(h) or _honor_shape(h), h)


def _waits_of(x, y, z, hs, h):
    """How many tiles complete the regular form, from the ids of the three suits' wait facts (in
    any order), the id of the honors' shape ``hs`` and the honors' counts ``h``; cached by the ids,
    the suits sorted (the count does not depend on which suit is which)."""
    if x > y:
        x, y = y, x
    if y > z:
        y, z = z, y
        if x > y:
            x, y = y, x
    key = (x, y, z, hs)
    n = _WAIT_COUNTS.get(key)
    if n is None:
        n = _WAIT_COUNTS[key] = len(_regular_waits((x, y, z, h)))
        _bound(_WAIT_COUNTS)
    return n


def _wait_count_of(wait, counts, win, n_fixed):
    """:func:`_wait_count` from the groups' records ``wait[1:5]`` (:func:`_suit_rec`,
    :func:`_honor_rec`), which keep the ids of their wait facts: for a suited winning tile, the ids
    of the other suits' counts and of the winning suit's less that tile are looked up once per
    record, not sliced from the counts for every hand."""
    if n_fixed == 0 and counts.translate(_ODD).count(1) + (-1 if counts[win] & 1 else 1) == 1:
        return _wait_count(counts, win, 0)      # six pairs and a single: the seven-pairs wait too
    return _regular_wait_count(wait[1], wait[2], wait[3], wait[4], win)


def _regular_wait_count(rm, rp, rs, rh, win):
    """How many tiles complete the regular form of the hand whose groups' records are given, less
    the winning tile ``win`` (see :func:`_wait_count_of`)."""
    if win < 27:
        sm, sp, ss = _WAIT_SLOTS[win]
        hs = rh[2][0]
        if hs is None:
            hs = rh[2][0] = _HONOR_SHAPE.get(rh[3]) or _honor_shape(rh[3])
        h = rh[3]
    else:
        sm = sp = ss = 0
        c = bytearray(rh[3])
        c[win - 27] -= 1
        h = bytes(c)
        hs = _HONOR_SHAPE.get(h) or _honor_shape(h)
    return _waits_of(rm[3][sm] or _info_id(rm, sm), rp[3][sp] or _info_id(rp, sp), rs[3][ss] or _info_id(rs, ss),
                     hs, h)


def _info_id(rec, slot):
    """The id of the wait facts of a suit record's counts (slot 0) or of its counts less one tile of
    rank ``slot - 1``, kept in the record."""
    seg = rec[4]
    if slot:
        c = bytearray(seg)
        c[slot - 1] -= 1
        seg = bytes(c)
    i = rec[3][slot] = _SUIT_INFO_ID.get(seg) or _suit_info_id(seg)
    return i


_WAIT_SLOTS = tuple(tuple(1 + t % 9 if t // 9 == k else 0 for k in range(3)) for t in range(27))
"""For a suited winning tile, the slot of each suit's record whose wait facts the count needs."""
_WAIT_COUNTS: dict = {}
_REGULAR_WAITS: dict = {}     # (suit facts' ids in suit order, honors' counts) -> the regular waits
_HONOR_SHAPE: dict = {}
_HONOR_SHAPE_ID: dict = {}


def _honor_shape(h: bytes) -> int:
    """Id of what the wait count needs of the honors: the numbers of odd tiles and pairs, and for
    each honor held the same two numbers after adding one (which honor it is does not matter)."""
    bad_h, pairs_h, adds = _honor_info(h)
    shape = (bad_h, pairs_h, tuple(sorted((bad, pr) for _, bad, pr in adds)))
    i = _HONOR_SHAPE_ID.get(shape)
    if i is None:
        i = _HONOR_SHAPE_ID[shape] = len(_HONOR_SHAPE_ID) + 1
    _HONOR_SHAPE[h] = i
    return i


_SUIT_INFO_ID: dict = {}
_SUIT_INFOS: list = [None]          # id -> facts; ids start at 1 so that a hit is always truthy
_INFO_ID: dict = {}


def _suit_info_id(seg: bytes) -> int:
    info = _suit_info(seg)
    i = _INFO_ID.get(info)
    if i is None:
        i = _INFO_ID[info] = len(_SUIT_INFOS)
        _SUIT_INFOS.append(info)
    _SUIT_INFO_ID[seg] = i
    _bound(_SUIT_INFO_ID)
    return i


def _regular_waits(key) -> frozenset:
    """The tiles that complete the regular form, from the suits' facts (ids, in suit order m p s)
    and the honors' counts."""
    found = set()
    bad_h, pairs_h, honor_adds = _honor_info(key[3])
    if bad_h <= 1 and pairs_h <= 2:
        infos = [_SUIT_INFOS[i] for i in key[:3]]
        st = (infos[0][0], infos[1][0], infos[2][0])
        # a suited winning tile: the honors must already be sets with at most one pair
        if bad_h == 0 and pairs_h <= 1:
            for g in range(3):
                s_g, add1, add2, nonempty = infos[g]
                if not nonempty:
                    continue
                o1, o2 = st[g - 2], st[g - 1]        # the other two suits
                o_sets = o1 & 1 and o2 & 1
                base = 9 * g
                if pairs_h:
                    if o_sets:
                        found.update([base + r for r in add1])
                else:
                    if o_sets:
                        found.update([base + r for r in add2])
                    if (o1 & 2 and o2 & 1) or (o2 & 2 and o1 & 1):
                        found.update([base + r for r in add1])
        # an honor winning tile
        for i, bad, pr in honor_adds:
            if bad == 0 and _groups_ok(st, pr):
                found.add(i)
    return frozenset(found)


def _suit_info(seg: bytes):
    """One suit's counts: (suit_status, ranks whose addition leaves sets only, ranks whose addition
    leaves sets and one pair, any tile at all)."""
    table = suit_table()
    add1, add2 = [], []
    c = bytearray(seg)
    for r in range(9):
        c[r] += 1
        ways = table.get(bytes(c))
        c[r] -= 1
        if ways:
            if ways[0][0] < 0:
                add1.append(r)
            if ways[-1][0] >= 0:
                add2.append(r)
    return suit_status(seg), tuple(add1), tuple(add2), any(seg)


@lru_cache(maxsize=None)
def _honor_info(h: bytes):
    """The honors' counts: (tiles that are neither pair nor set, pairs, and for each honor held
    (index, the same two numbers after adding one of it))."""
    bad_h = pairs_h = 0
    for v in h:
        if v == 2 or v == 5:
            pairs_h += 1
        elif v and v != 3:
            bad_h += 1
    adds = []
    for k, v in enumerate(h):
        if not v:
            continue
        v2 = v + 1
        bad = bad_h - (v not in (2, 3, 5)) + (v2 not in (2, 3, 5))
        pr = pairs_h - (v in (2, 5)) + (v2 in (2, 5))
        adds.append((27 + k, bad, pr))
    return bad_h, pairs_h, tuple(adds)


def _groups_ok(sts, honor_pairs):
    """Suit statuses plus honor pairs make exactly one pair and sets elsewhere."""
    if honor_pairs > 1:
        return False
    if honor_pairs == 1:
        return all(s & 1 for s in sts)
    for k in range(len(sts)):
        if sts[k] & 2 and all(sts[j] & 1 for j in range(len(sts)) if j != k):
            return True
    return False


def _regular(parts, n_fixed, counts, win, ctx, wait, prof, hand_occ):
    """One regular reading: its candidate (see :func:`_evaluate`). ``wait`` holds the hand's wait
    count once computed: only readings where the winning tile could be an edge, closed or single
    wait need it. ``hand_occ``: the occurrences every reading of the hand has (win flags, whole-hand
    fans, 四归一, 九莲宝灯, concealment)."""
    occ = list(hand_occ)
    chows, pungs_, kong_parts, conc_kongs, conc_pungs = [], [], [], [], []
    pair_i = len(parts) - 1
    pair_t = parts[pair_i][1]
    chow_ts = []
    th_pungs = []
    win_in_chow = False
    i = 0
    for kind, t, exp in parts:
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
        i += 1
    if not ctx.self_drawn and not win_in_chow:
        # a pung the discard completed counts as melded, unless the tile can sit in a concealed chow
        conc_pungs = [i for i in conc_pungs if not (i >= n_fixed and parts[i][1] == win and parts[i][0] is PUNG)]
    if kong_parts:
        D.kongs(kong_parts, conc_kongs, prof.mixed_kongs, occ)
    if len(conc_pungs) >= 2:
        D.concealed_pungs(conc_pungs, occ)
    if len(pungs_) == 4:
        D.all_pungs([i for i, _ in pungs_], occ)
    if th_pungs:       # only pungs of terminals and honors make these fans
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
        waits = []
        D.waits_in_reading(parts, n_fixed, win, waits)
        if waits:
            if wait[0] is None:
                wait[0] = _wait_count(counts, win, n_fixed)
            if wait[0] == 1:
                occ.extend(waits)
    total, fan_counts = _finish(occ, prof)
    return total, fan_counts, "regular", parts, occ, (chows, pungs_)


# --- counting a regular reading -------------------------------------------------------------
#
# _count_regular is the twin of _regular that only counts: the same occurrences, except that a set
# is named by a label instead of its position in the reading (a pung by its tile's code, the pair
# by 0x100 + its tile, a chow by its rank among the chows), and fans whose sets no exclusion looks
# at carry none. Only the occurrences of fans with scoped exclusions (幺九刻 and the fans that drop
# it on their own pungs) need their sets, and labels keep which set is which; a profile that scopes
# an exclusion on another fan is counted by _regular instead (_UNLABELLED). The features of the sets
# come with each suit's ways (_features), and what the melds bring is computed once per hand.

_LABELLED = frozenset([F.PUNG_OF_TERMINALS_OR_HONORS, F.DRAGON_PUNG, F.PREVALENT_WIND, F.SEAT_WIND,
                       F.LITTLE_THREE_DRAGONS, F.LITTLE_FOUR_WINDS, F.NINE_GATES, F.DOUBLE_PUNG,
                       F.TWO_DRAGONS_PUNGS, F.MIXED_SHIFTED_PUNGS, F.TRIPLE_PUNG, F.PURE_SHIFTED_PUNGS,
                       F.BIG_THREE_WINDS, F.BIG_THREE_DRAGONS, F.FOUR_PURE_SHIFTED_PUNGS, F.BIG_FOUR_WINDS])
"""Fans whose occurrences _count_regular can give with their sets (:func:`_reading_occ`)."""
_UNLABELLED = frozenset(range(1, 83)) - _LABELLED
"""Fans that _count_regular reports without their sets: a profile that scopes an exclusion on one
of them is counted by _regular."""
_SIGNED = frozenset([F.DRAGON_PUNG, F.TWO_DRAGONS_PUNGS, F.LITTLE_THREE_DRAGONS, F.BIG_THREE_DRAGONS,
                     F.PREVALENT_WIND, F.SEAT_WIND, F.BIG_THREE_WINDS, F.LITTLE_FOUR_WINDS, F.NINE_GATES])
"""Fans whose occurrences in a regular reading, and those of 幺九刻, follow from the reading's
signature (:func:`_count_regular`: how many pungs of terminals and honors, dragons and winds, which
winds are the seat's and the prevalent wind, the pair's kind) and from which fans occur: when the
scoped exclusions of a profile are all on these fans, the count of what they drop is cached by that
signature (:func:`mjlearn.mcr._count.count_folded`)."""

_NO_MELDS = ((), 0, 0, 0, 0, 0, 0, 0, 0)
"""What no melds bring to a reading; the melds' facts (gathered by :func:`_score`) are: the kongs'
occurrences, the melds' part of a reading's :func:`_features`, (unused), the pungs and kongs as
tile bits, (unused), the number of concealed kongs, (unused), the number of kongs and the
whole-hand key of the melds' tiles."""
_PAIR_TRAITS = D._TRAITS[PAIR]
_TRAIT_OCC = (None,) + tuple(((F.OUTSIDE_HAND if m & 1 else F.ALL_FIVE if m & 2 else F.ALL_EVEN_PUNGS, ()),)
                             for m in range(1, 8))
_CONCEALED_PUNGS_OCC = {n: ((D._CONCEALED_PUNGS[n], ()),) for n in (2, 3, 4)}
_ALL_PUNGS_OCC = (F.ALL_PUNGS, ())
_CHOW_OCC: dict = {}
_PUNG_OCC: dict = {}


def _chow_occ(codes):
    """The chow-combination occurrences of chows given by their middle codes (cached)."""
    key = tuple(sorted(codes))
    occ = _CHOW_OCC.get(key)
    if occ is None:
        occ = _CHOW_OCC[key] = tuple(combine_chows_kept([(0x200 + i, c) for i, c in enumerate(key)]))
        _bound(_CHOW_OCC)
    return occ


def _pung_occ(tiles):
    """The pung-combination occurrences of pungs given by their tiles, labelled by code (cached by
    the pungs that can be in a pattern, :func:`_patterned`)."""
    key = _patterned(tiles)
    if not key:
        return ()
    occ = _PUNG_OCC.get(key)
    if occ is None:
        codes = [REF[t] for t in key]
        occ = _PUNG_OCC[key] = tuple(combine_pungs(list(zip(codes, codes)), explain=False)[0])
        _bound(_PUNG_OCC)
    return occ


def _patterned(tiles):
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


def _count_regular(feats, pair, melds, counts, win, ctx, wait, n_fixed, tab, base):
    """``(total, {fan: count})`` of one reading of :func:`_reading_ways` (``melds``: as
    :func:`_score` gathers them; ``base``: what every reading claims, the melds' kongs included,
    folded by :func:`_evaluate` as ``(mask, repeats, labelled occurrences)``): the count
    :func:`_regular` gives, without the positions of the sets.

    The occurrences are not listed: each fan's bit goes straight into the mask of fans that occur
    and each further occurrence into the repeats (:func:`mjlearn.mcr._count.count_folded`). The fans
    a reading adds differ from those of ``base`` and from each other, except where noted; the
    occurrences themselves are listed only when a counted fan drops 幺九刻 on its own pungs
    (:func:`_reading_occ`)."""
    feats += melds[1]                                 # the reading's _features, the melds' included
    bits = tab[0]
    mask, reps = base[0], base[1]
    in_chow = feats >> win & 1
    conc = feats >> _F_PUNGS & _M34                   # the concealed pungs, as tile bits
    n_conc = melds[5] + conc.bit_count()
    if not in_chow and not ctx.self_drawn and conc >> win & 1:
        n_conc -= 1                 # the discard completed that pung: it counts as melded
    if n_conc >= 2:
        mask |= bits[_CONCEALED_PUNGS[n_conc]]
    pungs = conc | melds[3]
    n_pungs = pungs.bit_count()
    if n_pungs == 4:
        mask |= bits[F.ALL_PUNGS]
    th = pungs & _TH_BITS
    sig = None
    if th:                                            # D.pungs
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
            # the signature of the reading's pungs of terminals and honors (see _SIGNED)
            sig |= dragons << 3 | winds << 5 | (ctx.prevalent == ctx.seat) << 10 | IS_DRAGON[pair] << 11 \
                | IS_WIND[pair] << 12
    n_chows = feats >> _F_CHOWS & 7
    if n_chows >= 2:
        chows = feats >> _F_CHOW_KEY & _M63
        cache = tab[8]
        hit = cache.get(chows) or _chow_fold(chows, tab)
        mask |= hit[0]                                # fans of chows: none occurs elsewhere
        if hit[1]:
            reps += hit[1]
        if n_chows == 4:
            extra = []
            D.all_chows(4, pair, extra)
            D.terminal_chows(_chow_list(chows), pair, extra, ())
            for f, _ in extra:
                if mask & bits[f]:
                    reps += (f,)
                else:
                    mask |= bits[f]
    if n_pungs >= 2:
        hit = tab[9].get(pungs) or _pung_fold(pungs, tab)
        mask |= hit[0]                                # fans of pung patterns: none occurs elsewhere
        if hit[1]:
            reps += hit[1]
    traits = _TRAITS_OF[feats >> _F_TRAITS & 0x1FF] & _PAIR_TRAITS[pair]
    if traits:
        mask |= bits[_TRAIT_FAN[traits]]
    if in_chow or pair == win:                      # D.waits_in_reading, on the concealed sets
        if wait[0] is None:
            wait[0] = _wait_count_of(wait, counts, win, n_fixed)
        if wait[0] == 1:
            if in_chow:
                starts = feats >> _F_STARTS & _M34
                if starts << 1 >> win & 1:                              # a chow from win - 1
                    mask |= bits[F.CLOSED_WAIT]
                if starts >> win & 1 or starts << 2 >> win & 1:         # from win or win - 2
                    mask |= bits[F.EDGE_WAIT]
            if pair == win:
                mask |= bits[F.SINGLE_WAIT]
    # count_folded, its common case in place: the counted fans of this mask known, none of them
    # dropping another on its own sets
    hit = tab[1].get(mask)
    if hit is not None and hit[0] and not hit[3]:
        fans, total, kept_mask, _ = hit
        counts = dict.fromkeys(fans, 1)
        for f in reps:
            if kept_mask & bits[f]:
                counts[f] += 1
                total += tab[2][f]
        return total, counts
    if not tab[15]:
        sig = None
    res = count_folded(mask, reps, tab, None, sig)
    if res is None:                 # a counted fan drops 幺九刻 on its own pungs: which ones?
        res = count_folded(mask, reps, tab, _reading_occ(pair, ctx, base, _tiles_of(pungs), _tiles_of(th)), sig)
    return res


def _reading_occ(pair, ctx, base, pungs, th):
    """The occurrences :func:`_count_regular` folded that non-repetition must see with their sets
    (the fans of the profile's scoped exclusions, ``targets``), the sets labelled: a pung by its tile's code, the pair
    by 0x100 + its tile."""
    occ = list(base[2])
    dragons, winds = [], []
    for t in th:
        lab = (REF[t],)
        occ.append((F.PUNG_OF_TERMINALS_OR_HONORS, lab))
        if t >= 27:
            if t >= 31:
                occ.append((F.DRAGON_PUNG, lab))
                dragons.append(lab[0])
            else:
                winds.append(lab[0])
                if t == ctx.prevalent:
                    occ.append((F.PREVALENT_WIND, lab))
                if t == ctx.seat:
                    occ.append((F.SEAT_WIND, lab))
    if len(dragons) == 2 and IS_DRAGON[pair]:
        occ.append((F.LITTLE_THREE_DRAGONS, tuple(dragons) + (0x100 + pair,)))
    elif len(winds) == 3 and IS_WIND[pair]:
        occ.append((F.LITTLE_FOUR_WINDS, tuple(winds) + (0x100 + pair,)))
    if len(pungs) >= 2:
        occ += _pung_occ(pungs)
    return occ


def _chow_fold(chows, tab):
    """(mask, repeats) of the chow-combination occurrences of the chows of a chows' key
    (:data:`_CHOW_BIT`), cached per profile, in its counting tables. The fans of a set of chows do not
    change when the suits are swapped (tests/test_mcr_scoring_fast.py checks every set of two to
    four chows), so a set met for the first time takes the answer of its suits in a canonical order."""
    cache = tab[8]
    a, b, c = sorted((chows & _M21, chows >> 21 & _M21, chows >> 42))
    key = a | b << 21 | c << 42
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = fold(_chow_occ([_MIDDLE_CODE[t] for t in _chow_list(key)]), tab[0])
    cache[chows] = hit
    _bound(cache)
    return hit


def _pung_fold(pungs, tab):
    """(mask, repeats) of the pung-combination occurrences of pungs given as tile bits (cached per
    profile, in its counting tables, by the pungs, by the pungs with their suits in a canonical
    order (the fans of a set of pungs do not change when the suits are swapped; the tests check
    every set of two to four pungs) and by those of them that can form a pattern)."""
    cache = tab[9]
    a, b, c = sorted((pungs & 0x1FF, pungs >> 9 & 0x1FF, pungs >> 18 & 0x1FF))
    key = a | b << 9 | c << 18 | pungs >> 27 << 27
    hit = cache.get(key)
    if hit is not None:
        cache[pungs] = hit
        return hit
    pat = _patterned(_tiles_of(key))
    if not pat:
        hit = _NO_FOLD
    else:
        bits = 0
        for t in pat:
            bits |= 1 << t
        hit = cache.get(bits)
        if hit is None:
            hit = cache[bits] = fold(_pung_occ(pat), tab[0])
    cache[key] = cache[pungs] = hit
    _bound(cache)
    return hit


_CONCEALED_PUNGS = D._CONCEALED_PUNGS
_M21 = (1 << 21) - 1
_TH_BITS = sum(1 << t for t in range(34) if IS_TERMINAL_OR_HONOR[t])
_NO_FOLD = (0, ())
_TRAIT_FAN = (None,) + tuple(F.OUTSIDE_HAND if m & 1 else F.ALL_FIVE if m & 2 else F.ALL_EVEN_PUNGS
                             for m in range(1, 8))


_CLOSED, _EDGE, _SINGLE = (F.CLOSED_WAIT, ()), (F.EDGE_WAIT, ()), (F.SINGLE_WAIT, ())

_FULL_FLUSH = (F.FULL_FLUSH, ())
_NINE_GATES = ((F.NINE_GATES, ()),)
_ODD = bytes(n & 1 for n in range(256))            # bytes.translate: count -> odd?
_FOUR = bytes(n == 4 for n in range(256))           # bytes.translate: count -> four of a kind?
_TILE_RANGE = range(34)
_PRESENT = D._PRESENT                                # count -> present?
_KNIT_MASKS = tuple(sum(1 << 8 * i for i in p) for p in KNITTED)   # over presence bytes as an int
_ORPHAN_MASK = sum(1 << 8 * i for i in ORPHAN_INDICES)
_SUITED_MASK = sum(1 << 8 * i for i in range(27))


def _presence(b: bytes) -> int:
    """The presence of each tile as an int with one byte per tile (1 = present)."""
    return int.from_bytes(b.translate(_PRESENT), "little")


def _special_forms(counts, all_counts, win, ctx, prof, whole, n_hog, b=None, present=None, single=None):
    """七对/连七对, 全不靠/七星不靠, 十三幺 (nothing melded), in the reference's order. ``single``: a
    function of no argument saying whether a seven-pairs hand waited on one tile (else it is
    counted here)."""
    if b is None:
        b = bytes(counts)
        present = _presence(b)
    top = max(b)
    if top != 1 and present != _ORPHAN_MASK and 1 in b.translate(_ODD):
        return None          # not seven pairs, not knitted, not thirteen orphans
    occ = []
    if 1 not in b.translate(_ODD):
        # the pairs in tile order, a tile held four times twice (C loops: no Python loop over 34 tiles)
        held = list(compress(_TILE_RANGE, b))
        if n_hog:
            held = sorted(held + list(compress(_TILE_RANGE, b.translate(_FOUR))))
        parts = list(map(_PAIR_PART.__getitem__, held))
        D.seven_pairs(counts, win, occ)
        occ.extend(whole)
        occ.extend(D.hog(n_hog))
        D.concealment(0, ctx.self_drawn, occ)
        if single() if single is not None else _wait_count(counts, win, 0) == 1:
            # the pair of the winning tile: 单钓将 (D.waits_in_reading on these parts)
            occ.append((F.SINGLE_WAIT, (held.index(win),)))
        D.win_flags(ctx, occ)
        total, fc = _finish_special(occ, prof)
        return total, fc, "seven_pairs", parts, occ, None
    if top == 1:
        suited = [i for i in range(27) if counts[i]]
        honors = [i for i in range(27, 34) if counts[i]]
        if 7 <= len(suited) <= 9 and any(set(suited) <= set(p) for p in KNITTED):
            D.honors_and_knitted(len(honors), occ)
            if len(suited) == 9:
                D.knitted_straight(occ)
            occ.extend(whole)
            D.concealment(0, ctx.self_drawn, occ)
            D.win_flags(ctx, occ)
            total, fc = _finish_special(occ, prof)
            return total, fc, "honors_and_knitted", [(SINGLES, -1, False)], occ, None
    if present == _ORPHAN_MASK:
        D.thirteen_orphans(occ)
        occ.extend(whole)
        D.concealment(0, ctx.self_drawn, occ)
        D.win_flags(ctx, occ)
        total, fc = _finish_special(occ, prof)
        doubled = next(i for i in ORPHAN_INDICES if counts[i] == 2)
        return total, fc, "thirteen_orphans", [(SINGLES, -1, False), (PAIR, doubled, False)], occ, None
    return None


def _knitted_straight(counts, all_counts, meld_parts, n_fixed, n_exposed, win, ctx, prof, whole, n_hog,
                      b=None, present=None):
    """The 组合龙 hand: nine knitted tiles, one set and a pair (at most one meld)."""
    if b is None:
        b = bytes(counts)
        present = _presence(b)
    if (present & _SUITED_MASK).bit_count() < 9 or max(b) < 2:
        return None
    k = 0
    for m in _KNIT_MASKS:
        if present & m == m:
            break
        k += 1
    else:
        return None
    pat = KNITTED[k]
    rest = list(counts)
    for i in pat:
        rest[i] -= 1
    # exactly one split of the rest into (4 - 3 - n_fixed) sets and a pair
    ways = _regular_readings(rest, [], 1) if n_fixed == 0 else []
    if n_fixed == 1:
        ways = [[(PAIR, i, False)] for i in range(34) if rest[i] == 2 and sum(rest) == 2]
    if len(ways) != 1:
        return None
    tail = ways[0]
    parts = list(meld_parts) + [(KNIT, KNITTED.index(pat), False)] + tail
    set_i = 0 if n_fixed else 1
    pair_i = len(parts) - 1
    kind, t, exp = parts[set_i]
    pair_t = parts[pair_i][1]
    occ = []
    D.knitted_straight(occ)
    if kind is CHOW:
        D.all_chows(4, pair_t, occ)          # the knitted tiles stand for three chows
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
                if _wait_count(rest, win, 1) == 1:
                    D.waits_in_reading(parts, 1, win, occ)
            else:
                D.waits_in_reading(parts, pair_i, win, occ)     # the pair holds the winning tile
    else:
        if n_fixed == 0:
            if rest[win] and _wait_count(rest, win, 1) == 1:
                D.waits_in_reading(parts, 1, win, occ)
        elif not in_knit or counts[win] == 3:
            D.waits_in_reading(parts, pair_i, win, occ)         # the pair holds the winning tile
    total, fc = _finish_special(occ, prof)
    return total, fc, "knitted_straight", parts, occ, None
