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
  when it scores more, or scores the same and has 一色三同顺 or 三同刻 (:func:`prefers_on_tie`).

A hand that is not complete is an answer, not an error: the result has ``is_winning`` False,
total 0 and no fans.

Speed (benchmarks/bench_mcr.py): a hand is scored in two tiers.

* *Counting* (every reading, while readings are compared; :mod:`mjlearn.mcr.counting`): only
  points matter. Each group of the concealed tiles (a suit's nine counts, the honors' seven) has a
  cached record (:mod:`mjlearn.mcr.records`): its ways of splitting into sets, each with its facts
  packed in one integer (chows, pungs, chow starts as tile bits; the chows' key; the
  全带幺/全带五/全双刻 counts; the shape and pair), and its whole-hand key. A reading's facts are the
  sum of its groups' and the melds'; :func:`~mjlearn.mcr.counting.count_regular` turns them into the
  mask of the fans that occur, with bit operations and caches keyed by one integer (the chows' and
  pungs' pattern fans, cached under the suits in a canonical order; the whole-hand fans by the OR of
  the keys). The mask maps to the fans that count (:func:`mjlearn.mcr._count.count_folded`, cached
  in three parts); the occurrences, with sets named by labels, are listed only when a counted fan
  drops 幺九刻 on its own pungs and the reading's signature has not been met. Seven pairs, 全不靠 and
  十三幺 are counted from their masks the same way. The win flags and the concealment are folded
  once per context; the wait count (:mod:`mjlearn.mcr.waits`) only when a reading could claim
  边张/嵌张/单钓将.
* *Explaining* (the chosen reading only, when ``fans``, ``excluded``, ``to_dict`` or the display
  ask; :mod:`mjlearn.mcr.explain`): the reading's parts are rebuilt, the detectors of
  :mod:`mjlearn.mcr.detect` run on them and the explicit principle steps applied.
  tests/test_mcr_scoring_fast.py checks that both tiers give the same total and fans on every hand,
  and the differential test checks the explained fans against the reference.

Every cache is registered in :mod:`mjlearn.mcr.caches` (cleared, sized and bounded there).

>>> from mjlearn.mcr import score
>>> r = score("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True)
>>> r.total, [f.zh for f in r.fans]
(98, ['大四喜', '混一色', '双暗刻', '明杠', '自摸'])
"""

from __future__ import annotations

from functools import partial

from ..consistency import check_context
from ..errors import ContextError, InvalidHandError, Problem
from ..hand import Hand, WinContext, as_hand
from . import _count, caches, records
from . import detect as D
from ._count import TABLE_BUDGETS, fold, tables
from .counting import count_regular, folded_context, special_count
from .explain import FULL_FLUSH, NINE_GATES, explain_regular, knitted_straight, kong_occ, special_forms
from .fans import F
from .profiles import PROFILES, Profile, get_profile
from .records import (
    CHOW_KEY,
    F_PAIR,
    F_SHAPE,
    M_CHOW,
    M_KONG,
    M_PUNG,
    MELD_CHOW,
    MELD_KONG,
    MELD_PUNG,
    ODD,
    PAIRED,
    TILE_KEY,
    UNFOLDED,
    WHOLE_AND,
    Candidate,
    WinFlags,
    honor_record,
    meld_parts,
    presence,
    suit_record,
    ways,
)
from .result import ScoreResult
from .tables import WIND_INDEX
from .waits import seven_pairs_single, wait_count_of

__all__ = ["CONTEXT_KEYWORDS", "score"]

CONTEXT_KEYWORDS = ("self_drawn", "last_tile", "kong", "wall_last", "seat_wind", "prevalent_wind", "flowers")
"""The context keywords of :func:`score` (see its docstring)."""

_PROFILE_BY_NAME = PROFILES  # bound by assignment: see _RECORDS_M below


def score(hand, *, profile="mcr", rules=None, **context):
    """Score a winning hand under MCR (国标). Returns a :class:`~mjlearn.mcr.result.ScoreResult`.

    ``hand``: a :class:`~mjlearn.hand.Hand` or its notation, with the winning tile after ``+``.
    Context keywords: ``self_drawn``, ``last_tile`` (和绝张), ``kong`` (杠上开花 when
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
            raise ContextError(
                f"give either profile= or rules=, not both (got profile={profile!r}, rules={rules!r})"
                f"  （profile= 和 rules= 只能写一个）",
                accepted=CONTEXT_KEYWORDS,
            )
        profile = rules
    prof: Profile | None
    if profile is _DEFAULT:  # the default's own string: no look-up
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
        flags = _CONTEXTS.get((*context, *values, *map(type, values)))
    except TypeError:
        flags = None
    if flags is None:
        if context and not _SEATS.isdisjoint(context):
            return _score_at_table(hand, context, prof)
        flags = _win_context(context)
    return _score(hand, flags.source, flags, prof)


_SEATS = frozenset(("winner", "discarder", "dealer"))
# the caches read for every hand, bound here by assignment: a name bound by an import statement
# makes Python 3.11 compile ``NAME.get(...)`` as an attribute load that builds a bound method per call
_RECORDS_M, _RECORDS_P, _RECORDS_S = records.RECORDS_M, records.RECORDS_P, records.RECORDS_S
_HONOR_RECORDS, _TABLES = records.HONOR_RECORDS, _count.TABLES
_DEFAULT = score.__kwdefaults__["profile"]  # type: ignore[index]  # score has keyword-only defaults
_DEFAULT_PROFILE = _PROFILE_BY_NAME[_DEFAULT]


def _score_at_table(hand, context, prof):
    """``winner``, ``discarder`` or ``dealer`` given: the keywords are completed and checked as the
    MCR rule set of :mod:`mjlearn.rules` does (the seat wind from winner and dealer, a discard win
    needs its discarder), so that the payments are settled and equal the rules door's."""
    from .result import mcr_ruleset

    rs = mcr_ruleset(prof.name)
    c = rs.make_context(context)
    flags = _win_context(rs.mcr_context(c))
    res = _score(hand, flags.source, flags, prof)
    return res._at_table(rs, c, c.winner, c.discarder)


_CONTEXTS = caches.new(
    "scorer.contexts", 4096, "the checked context's win flags by the keywords, their values and their types"
)


def _win_context(context) -> WinFlags:
    """The win flags (:func:`win_flags`) of the checked WinContext of the keywords (their ``source``),
    cached by the keywords' values and types (a bool and an int that compare equal must not share an
    entry: ``self_drawn=1`` is an error). An unknown keyword or a bad value is a
    :class:`~mjlearn.errors.ContextError`, as under every rule set."""
    try:
        values = context.values()
        key = (*context, *values, *map(type, values))  # one tuple, no (key, value) pairs
        flags = _CONTEXTS.get(key)
    except TypeError:  # an unhashable value: checked (and rejected) by WinContext below
        key, flags = None, None
    if flags is not None:
        return flags
    unknown = [k for k in context if k not in CONTEXT_KEYWORDS]
    if unknown:
        raise ContextError(
            f"MCR scoring (国标麻将) does not use the context keyword{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(map(repr, unknown))}; it accepts: {', '.join(CONTEXT_KEYWORDS)} "
            f"(and profile; winner, discarder, dealer to settle the payments)"
            f"  （国标麻将算分不用 {'、'.join(unknown)}；可以写的有 {'、'.join(CONTEXT_KEYWORDS)}）",
            accepted=CONTEXT_KEYWORDS,
        )
    try:
        wc = WinContext(**context)
    except InvalidHandError as e:  # a value of the wrong type or out of range
        raise ContextError(str(e), accepted=CONTEXT_KEYWORDS) from None
    flags = win_flags(wc, False)
    if key is not None:
        caches.put(_CONTEXTS, key, flags)
    return flags


def _problem(msg):
    return InvalidHandError([Problem(msg)])


def _score(hand: Hand, wc, ctx, prof: Profile):
    win_tile = hand.win_tile
    if win_tile is None:
        raise InvalidHandError(
            [
                Problem(
                    f"{str(hand)!r} has no winning tile: write it after '+', e.g. '1112345678999m+5m'"
                    f"  （没有和牌张：把和的那张牌写在“+”后面，例如 '1112345678999m+5m'）"
                )
            ],
            str(hand),
        )
    if len(hand.concealed) + 3 * len(hand.melds) != 13:  # a small game's short hand (mjlearn.rules.small_games)
        n = len(hand.concealed) + 3 * len(hand.melds)
        raise InvalidHandError(
            [
                Problem(
                    f"wrong tile count: {n} tiles before the winning tile, expected 13 (kongs count as three)"
                    f"  （张数不对：和的那张之前有 {n} 张，应为 13 张；杠按 3 张算）"
                )
            ],
            str(hand),
        )
    flowers = wc.flowers + len(hand.flowers)
    if flowers > 8:
        raise _problem(
            f"{flowers} flowers ({wc.flowers} given and {len(hand.flowers)} in the hand): "
            f"there are only eight  （花牌一共只有八张，这里有 {flowers} 张）"
        )
    win = win_tile.index
    counts = hand._counts  # the concealed tiles' counts, winning tile included, as bytes
    melds = hand.melds
    # what the melds bring to every reading: the kongs' occurrences, their part of a reading's packed
    # facts (records.features), the pungs and kongs as tile bits, the concealed kongs, the kongs, the
    # whole-hand key of their tiles, the melds shown, and the copies of the winning tile they hold
    meld_feats = meld_pungs = meld_key = n_kongs = n_conc_kongs = n_exposed = win_in_melds = 0
    if melds:
        for m in melds:
            kind = m.kind
            t = m.tile.index
            if kind is M_CHOW:
                meld_feats += MELD_CHOW[t]
                meld_key |= CHOW_KEY[t]
                n_exposed += 1
                if t <= win <= t + 2:
                    win_in_melds += 1
            else:
                meld_pungs |= 1 << t
                meld_key |= TILE_KEY[t]
                if kind is M_KONG:
                    meld_feats += MELD_KONG[t]
                    n_kongs += 1
                    if m.offer is None:
                        n_conc_kongs += 1
                    else:
                        n_exposed += 1
                else:
                    meld_feats += MELD_PUNG[t]
                    n_exposed += 1
                if t == win:
                    win_in_melds += 3 if kind is M_PUNG else 4
        all_counts = hand._all_counts
    else:
        all_counts = None
    # --- the context, checked against the tiles (one checker for every rule set) ---------------
    if (wc.last_tile or wc.kong) and _may_conflict(hand, wc, win):
        check_context(hand, wc)
    if win_in_melds == 3:  # 和绝张 also when the three other copies are in the hand's melds
        ctx = win_flags(wc, True)
    best = _evaluate(
        counts,
        all_counts,
        melds,
        n_exposed,
        win,
        ctx,
        _TABLES.get(id(prof)) or tables(prof),
        prof,
        meld_feats,
        meld_key,
        meld_pungs,
        n_kongs,
        n_conc_kongs,
    )
    return ScoreResult._build(hand, wc, prof, best, flowers, melds)


def _may_conflict(hand, wc, win):
    """Whether :func:`~mjlearn.consistency.check_context` can find a conflict between this
    ``WinContext`` and the hand (False only when none of its checks that read a WinContext's flags
    can fail: a kong bloom with a kong, a robbed kong of a tile held once, not on the last tile; 和绝张
    of a tile held once); tests/test_mcr_scoring_fast.py checks it against the checker."""
    if wc.kong:
        if wc.self_drawn:
            if all(m.kind is not M_KONG for m in hand.melds):
                return True
        elif wc.wall_last or hand._all_counts[win] != 1:
            return True
    return wc.last_tile and hand._counts[win] != 1


_WIN_FLAGS = caches.new(
    "scorer.win_flags",
    4096,
    "the win flags of a WinContext (by its id, kept alive by the "
    "entry) and whether the melds hold the three other copies",
)


def win_flags(wc, three_shown: bool) -> WinFlags:
    """The flags the detectors read, per context (cached): 和绝张 also when the three other copies
    of the winning tile are in the hand's own melds."""
    key = (id(wc), three_shown)
    flags = _WIN_FLAGS.get(key)
    if flags is not None and flags.source is wc:
        return flags
    flags = WinFlags()
    flags.self_drawn, flags.kong, flags.wall_last = wc.self_drawn, wc.kong, wc.wall_last
    flags.last_tile = wc.last_tile or three_shown
    flags.seat, flags.prevalent = WIND_INDEX[wc.seat_wind], WIND_INDEX[wc.prevalent_wind]
    flags.folded = UNFOLDED
    occ: list[tuple] = []
    D.win_flags(flags, occ)
    flags.flags = tuple(occ)  # the win-flag occurrences, the same in every reading
    flags.source = wc  # keeps wc alive, so its id is not reused while cached
    return caches.put(_WIN_FLAGS, key, flags)


def prefers_on_tie(fans, best, seven_pairs: bool) -> bool:
    """Whether a regular reading with ``fans`` replaces the reading chosen so far (``best``; None
    when there is none yet) that scores the same. A reading that scores more always does
    (就高不就低); on a tie, the reference's choice: a regular reading equal to 七对 wins
    (``seven_pairs``: the chosen reading is a seven-pairs hand), and a later regular reading wins
    when it has 一色三同顺 or 三同刻."""
    return best is not None and (seven_pairs or F.PURE_TRIPLE_CHOW in fans or F.TRIPLE_PUNG in fans)


def _evaluate(
    counts,
    all_counts,
    hand_melds,
    n_exposed,
    win,
    ctx,
    tab,
    prof,
    meld_feats,
    meld_key,
    meld_pungs,
    n_kongs,
    n_conc_kongs,
):
    """Every reading of the hand scored; returns the chosen :class:`~mjlearn.mcr.records.Candidate`
    or None. ``counts``: the concealed tiles' counts as bytes; ``all_counts``: with the melds, None
    when nothing is melded; ``tab``: the profile's counting tables; the melds' facts as
    :func:`_score` gathers them."""
    b = counts
    n_fixed = len(hand_melds)
    # each group's record (its ways, its whole-hand key) by its counts, cached
    rm = _RECORDS_M.get(b[0:9]) or suit_record(0, b[0:9])
    rp = _RECORDS_P.get(b[9:18]) or suit_record(1, b[9:18])
    rs = _RECORDS_S.get(b[18:27]) or suit_record(2, b[18:27])
    rh = _HONOR_RECORDS.get(b[27:34]) or honor_record(b[27:34])
    # the whole-hand fans, from the groups' keys and the melds' (see records.TILE_KEY)
    wkey = rm.key | rp.key | rs.key | rh.key | meld_key
    hit = tab.whole.get(wkey)
    if hit is None:
        occ = D.whole_from_key(wkey ^ WHOLE_AND)
        mask, _ = fold(occ, tab.bits)
        hit = caches.put(tab.whole, wkey, WholeHand(occ, mask), TABLE_BUDGETS["whole"])
    whole, whole_mask = hit.occ, hit.mask
    if all_counts is None:
        all_counts = counts
        n_hog = b.count(4)
    else:
        n_hog = all_counts.count(4) - n_kongs  # four of a kind, not as a kong
    special = None
    seven_pairs = False
    if n_fixed == 0 and (b.count(0) <= 21 or 1 not in b.translate(ODD)):
        # all pairs, or at least 13 kinds of tile: maybe 七对, 全不靠 or 十三幺
        special = special_count(b, win, ctx, tab, whole_mask, n_hog, rm, rp, rs, rh)
        if special is False:
            special = special_forms(
                b, win, ctx, prof, whole, n_hog, presence(b), partial(seven_pairs_single, rm, rp, rs, rh, win)
            )
        if special is not None and special.form == "seven_pairs" and F.SEVEN_SHIFTED_PAIRS not in special.fans:
            seven_pairs = True
    if special is None and n_fixed <= 1 and b.count(0, 0, 27) <= 18:
        # at least nine kinds of suited tile: maybe 组合龙
        special = knitted_straight(b, meld_parts(hand_melds), win, ctx, prof, whole, n_hog, presence(b))
    if special is not None and not seven_pairs:
        return special
    wm, wp, ws, honor = rm.single, rp.single, rs.single, rh.way
    if wm and wp and ws and honor:  # the common case: one way of each suit (see records.ways)
        feats = wm.feats + wp.feats + ws.feats + honor.feats
        if feats >> F_SHAPE & 31 != 4 - n_fixed + PAIRED:
            return special
        splits = None
    else:
        splits = ways(rm, rp, rs, rh, 4 - n_fixed)
        if not splits:
            return special
    best_total = special.total if special else 0
    nine = n_fixed == 0 and FULL_FLUSH in whole and D.nine_gates(counts, win)
    # what every regular reading of this hand claims alike, folded (see counting.count_regular): the
    # win flags, the whole-hand fans, 四归一, 九莲宝灯, the concealment and the melds' kongs, each a
    # different fan (only 四归一 and a kong fan can occur more than once)
    bits = tab.bits
    folded = ctx.folded
    if folded.tab is not tab:
        folded = folded_context(ctx, tab)
    mask = folded.by_exposed[n_exposed] | whole_mask
    reps: tuple[int, ...] = ()
    if n_hog:
        mask |= bits[F.TILE_HOG]
        if n_hog > 1:
            reps = (F.TILE_HOG,) * (n_hog - 1)
    if nine:
        mask |= bits[F.NINE_GATES]
    if n_kongs:
        for f, _ in kong_occ(n_kongs, n_conc_kongs, prof.mixed_kongs):
            if mask & bits[f]:
                reps += (f,)
            else:
                mask |= bits[f]
    nine = NINE_GATES if nine else ()
    wait = None  # the hand's wait count, when a reading could claim 边张/嵌张/单钓将
    if splits is None:  # the one reading
        pair = (feats >> F_PAIR) - 1
        feats += meld_feats
        if feats >> win & 1 or pair == win:  # the winning tile in a concealed chow, or the pair
            wait = wait_count_of(counts, win, n_fixed, rm, rp, rs, rh)
        total, fans = count_regular(feats, pair, tab, ctx, win, wait, mask, reps, meld_pungs, n_conc_kongs, nine)
        if total > best_total or (total == best_total and prefers_on_tie(fans, special, seven_pairs)):
            return _candidate(
                Candidate,
                (total, fans, "regular", None, None, None, (explain_regular, wm, ws, wp, honor, pair, wait, ctx)),
            )
        return special
    chosen = None
    for split in splits:
        feats = split.m.feats + split.s.feats + split.p.feats + split.honors.feats + meld_feats
        pair = split.pair
        if wait is None and (feats >> win & 1 or pair == win):
            wait = wait_count_of(counts, win, n_fixed, rm, rp, rs, rh)
        total, fans = count_regular(feats, pair, tab, ctx, win, wait, mask, reps, meld_pungs, n_conc_kongs, nine)
        if total > best_total or (total == best_total and prefers_on_tie(fans, chosen or special, seven_pairs)):
            chosen, best_total, best_fans = split, total, fans
    if chosen is None:
        return special
    # the chosen reading's parts and its explicit candidate are built when the result is explained
    return _candidate(
        Candidate,
        (
            best_total,
            best_fans,
            "regular",
            None,
            None,
            None,
            (explain_regular, chosen.m, chosen.s, chosen.p, chosen.honors, chosen.pair, wait, ctx),
        ),
    )


_candidate = tuple.__new__
"""A named tuple made from a tuple of its fields, without the Python frame of its ``__new__``."""


class WholeHand:
    """The whole-hand fans of a key: their occurrences (``occ``) and their bits (``mask``)."""

    __slots__ = ("mask", "occ")

    def __init__(self, occ, mask):
        self.occ, self.mask = occ, mask
