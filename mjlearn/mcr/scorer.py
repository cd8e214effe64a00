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

>>> from mjlearn.mcr import score
>>> r = score("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True)
>>> r.total, [f.zh for f in r.fans]
(98, ['大四喜', '混一色', '双暗刻', '明杠', '自摸'])
"""

from __future__ import annotations

from types import SimpleNamespace

from ..errors import InvalidHandError, Problem
from ..hand import Hand, MeldKind, as_hand
from . import detect as D
from .principles import TAKE_HIGHER, apply_exclusions, combine_chows, combine_pungs
from .profiles import Profile, get_profile
from .tables import KNITTED, ORPHANS, REF, WIND_INDEX, suit_add_status, suit_status, suit_ways

__all__ = ["score", "CONTEXT_KEYWORDS"]

CONTEXT_KEYWORDS = ("self_drawn", "last_tile", "kong", "wall_last", "seat_wind", "prevalent_wind", "flowers")
"""The context keywords of :func:`score` (DESIGN.md)."""

CHOW, PUNG, KONG, PAIR, KNIT, SINGLES = D.CHOW, D.PUNG, D.KONG, D.PAIR, D.KNITTED, D.SINGLES


def score(hand, *, profile="mcr", rules=None, **context):
    """Score a winning hand under MCR (国标). Returns a :class:`~mjlearn.mcr.result.ScoreResult`.

    ``hand``: a :class:`~mjlearn.hand.Hand` or its notation, with the winning tile after ``+``.
    Context keywords (DESIGN.md): ``self_drawn``, ``last_tile`` (和绝张), ``kong`` (杠上开花 when
    self-drawn, 抢杠和 otherwise), ``wall_last`` (妙手回春 / 海底捞月), ``seat_wind``,
    ``prevalent_wind`` (``"E"`` by default) and ``flowers`` (added to flower letters in the hand).
    ``profile``: ``"mcr"`` (default, as PyMahjongGB 1.4.0), ``"mcr-wmo2014"`` or a
    :class:`~mjlearn.mcr.profiles.Profile`; ``rules`` is accepted as another name for it.

    >>> score("123456789m23p55s+4p").total, score("123456789m23p55s+4p", self_drawn=True).total
    (20, 22)
    """
    if rules is not None:
        if profile != "mcr" and rules != profile:
            raise TypeError("give either profile= or rules=, not both")
        profile = rules
    unknown = [k for k in context if k not in CONTEXT_KEYWORDS]
    if unknown:
        raise TypeError(f"score() got unknown keyword(s) {', '.join(map(repr, unknown))}: "
                        f"expected {', '.join(CONTEXT_KEYWORDS)}, profile")
    prof = get_profile(profile)
    hand = as_hand(hand)
    from ..hand import WinContext
    wc = WinContext(**context)
    return _score(hand, wc, prof)


def _problem(msg):
    return InvalidHandError([Problem(msg)])


def _score(hand: Hand, wc, prof: Profile):
    from .result import ScoreResult
    if hand.win_tile is None:
        raise InvalidHandError([Problem(
            f"{str(hand)!r} has no winning tile: write it after '+', e.g. '1112345678999m+5m'")], str(hand))
    flowers = wc.flowers + len(hand.flowers)
    if flowers > 8:
        raise _problem(f"{flowers} flowers ({wc.flowers} given and {len(hand.flowers)} in the hand): "
                       f"there are only eight")
    win = hand.win_tile.index
    counts = hand.counts
    fixed = [0] * 34
    melds = hand.melds
    for m in melds:
        for t in m.tiles:
            fixed[t.index] += 1
    all_counts = [a + b for a, b in zip(counts, fixed)]
    # --- the context, checked against the tiles --------------------------------------------
    problems = []
    if wc.last_tile and counts[win] != 1:
        problems.append(Problem(
            f"last_tile (和绝张) says the other three {hand.win_tile} are already visible, but the hand "
            f"holds {counts[win] - 1} more {hand.win_tile} among its concealed tiles"))
    if wc.kong and wc.self_drawn and not any(m.kind is MeldKind.KONG for m in melds):
        problems.append(Problem(
            "kong with self_drawn means a win on a kong replacement (杠上开花), but the hand has no kong"))
    if wc.kong and not wc.self_drawn and (fixed[win] or counts[win] != 1):
        problems.append(Problem(
            f"kong on a discard means robbing a kong (抢杠和) of {hand.win_tile}, but the hand itself holds "
            f"another {hand.win_tile}, so the other player cannot have three of them"))
    if problems:
        raise InvalidHandError(problems, str(hand))
    ctx = SimpleNamespace(
        self_drawn=wc.self_drawn, kong=wc.kong, wall_last=wc.wall_last,
        last_tile=wc.last_tile or fixed[win] == 3,
        seat=WIND_INDEX[wc.seat_wind], prevalent=WIND_INDEX[wc.prevalent_wind])
    meld_parts = []
    n_exposed = 0
    for m in melds:
        kind = CHOW if m.kind is MeldKind.CHOW else PUNG if m.kind is MeldKind.PUNG else KONG
        exposed = m.is_exposed
        n_exposed += exposed
        meld_parts.append((kind, m.tile.index, exposed))
    n_fixed = len(melds)
    best = _evaluate(counts, all_counts, meld_parts, n_fixed, n_exposed, win, ctx, prof)
    return ScoreResult._build(hand, wc, prof, best, flowers, [m for m in melds])


def _finish(occ, combo_dropped, prof: Profile):
    """Principles and points for one reading: (total, kept, dropped)."""
    kept, dropped = apply_exclusions(occ, prof.exclusions, prof.order.__getitem__)
    pts = prof.points
    if not kept:
        kept = [(43, ())]
    total = 0
    for f, _ in kept:
        total += pts[f]
    return total, kept, combo_dropped + dropped


def _evaluate(counts, all_counts, meld_parts, n_fixed, n_exposed, win, ctx, prof):
    """Every reading scored; returns the chosen (total, kept, dropped, form, parts) or None."""
    special = None
    seven_pairs = False
    if n_fixed == 0:
        special = _special_forms(counts, all_counts, win, ctx, prof)
        if special is not None and special[3] == "seven_pairs" and not any(f == 6 for f, _ in special[1]):
            seven_pairs = True
    if special is None and n_fixed <= 1:
        special = _knitted_straight(counts, all_counts, meld_parts, n_fixed, n_exposed, win, ctx, prof)
    if special is not None and not seven_pairs:
        return special
    best = special
    best_total = special[0] if special else 0
    unique = _wait_count(counts, win, n_fixed) == 1
    for parts in _regular_readings(counts, meld_parts):
        cand = _regular(parts, n_fixed, n_exposed, counts, all_counts, win, ctx, unique, prof)
        t = cand[0]
        if t > best_total or (t == best_total and best is not None and (
                seven_pairs or any(f in (23, 32) for f, _ in cand[1]))):
            best, best_total = cand, t
    return best


# --- readings ------------------------------------------------------------------------------

def _regular_readings(counts, meld_parts, n_sets=None):
    """Regular splits in the reference's order; each a parts list (melds first, then sorted sets, pair)."""
    if n_sets is None:
        n_sets = 4 - len(meld_parts)
    per_group = []
    for base in (0, 9, 18):
        ways = suit_ways(tuple(counts[base:base + 9]))
        if not ways:
            return []
        per_group.append([(p if p < 0 else base + p, tuple((k, base + r) for k, r in sets)) for p, sets in ways])
    honor = []
    pair = -1
    for i in range(27, 34):
        n = counts[i]
        if n == 3:
            honor.append((0, i))
        elif n == 2:
            if pair >= 0:
                return []
            pair = i
        elif n:
            return []
    out = []
    for pm, sm in per_group[0]:
        for pp, sp in per_group[1]:
            for ps, ss in per_group[2]:
                pairs = [p for p in (pm, pp, ps, pair) if p >= 0]
                if len(pairs) != 1:
                    continue
                sets = sm + sp + ss + tuple(honor)
                if len(sets) != n_sets:
                    continue
                out.append((pairs[0], sets))
    if len(out) > 1:
        out.sort(key=lambda ps: sorted(REF[i] * 2 + k for k, i in ps[1]))
    result = []
    for p, sets in out:
        ordered = sorted(sets, key=lambda s: REF[s[1]] * 2 + s[0])
        result.append(meld_parts + [(CHOW if k else PUNG, i, False) for k, i in ordered] + [(PAIR, p, False)])
    return result


def _wait_count(counts, win, n_fixed, stop=2):
    """How many tiles complete the hand without the winning tile (regular form, and seven pairs when
    nothing is melded), counted the reference's way (copies in hand are not subtracted)."""
    c = list(counts)
    c[win] -= 1
    found = set()
    if n_fixed == 0:
        odd = [i for i in range(34) if c[i] & 1]
        if len(odd) == 1:
            found.add(odd[0])
    bad_h = pairs_h = 0
    for i in range(27, 34):
        v = c[i]
        if v == 2 or v == 5:
            pairs_h += 1
        elif v and v != 3:
            bad_h += 1
    segs = (tuple(c[0:9]), tuple(c[9:18]), tuple(c[18:27]))
    st = [suit_status(x) for x in segs]
    if bad_h <= 1 and pairs_h <= 2:
        # a suited winning tile: the honors must already be sets with at most one pair
        if bad_h == 0 and pairs_h <= 1:
            for g in range(3):
                if not any(segs[g]):
                    continue
                others = [st[k] for k in range(3) if k != g]
                o_sets = all(o & 1 for o in others)
                if pairs_h:
                    if not o_sets:
                        continue
                    for r, a in enumerate(suit_add_status(segs[g])):
                        if a & 1:
                            found.add(g * 9 + r)
                else:
                    o_pair = (others[0] & 2 and others[1] & 1) or (others[1] & 2 and others[0] & 1)
                    for r, a in enumerate(suit_add_status(segs[g])):
                        if (a & 2 and o_sets) or (a & 1 and o_pair):
                            found.add(g * 9 + r)
                if len(found) >= stop:
                    return len(found)
        # an honor winning tile
        for i in range(27, 34):
            v = c[i]
            if not v or i in found:
                continue
            v2 = v + 1
            bad = bad_h - (v not in (2, 3, 5)) + (v2 not in (2, 3, 5))
            pr = pairs_h - (v in (2, 5)) + (v2 in (2, 5))
            if bad == 0 and _groups_ok(st, pr):
                found.add(i)
                if len(found) >= stop:
                    return len(found)
    return len(found)


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


def _regular(parts, n_fixed, n_exposed, counts, all_counts, win, ctx, unique, prof):
    occ = []
    chows, pungs_, kong_parts, conc_kongs, conc_pungs = [], [], [], [], []
    pair_i = len(parts) - 1
    pair_t = parts[pair_i][1]
    chow_ts = []
    for i, (kind, t, exp) in enumerate(parts):
        if kind is CHOW:
            chows.append((i, REF[t + 1]))
            chow_ts.append(t)
        elif kind is PUNG or kind is KONG:
            pungs_.append((i, REF[t]))
            if kind is KONG:
                kong_parts.append(i)
                if not exp:
                    conc_kongs.append(i)
                    conc_pungs.append(i)
            elif not exp:
                conc_pungs.append(i)
    if not ctx.self_drawn:
        # a pung the discard completed counts as melded, unless the tile can sit in a concealed chow
        if not any(i >= n_fixed and t <= win <= t + 2 for i, (k, t, _) in enumerate(parts) if k is CHOW):
            conc_pungs = [i for i in conc_pungs if not (i >= n_fixed and parts[i][1] == win and parts[i][0] is PUNG)]
    D.win_flags(ctx, occ)
    D.kongs(kong_parts, conc_kongs, prof.mixed_kongs, occ)
    D.concealed_pungs(conc_pungs, occ)
    if len(pungs_) == 4:
        occ.append((48, tuple(i for i, _ in pungs_)))
    D.pungs(parts, pair_i, ctx, occ)
    ex = prof.exclusions
    excl = lambda f: [e for e, _ in ex.get(f, ())]  # noqa: E731
    kept_c, drop_c = combine_chows(chows, excl)
    kept_p, drop_p = combine_pungs(pungs_, excl)
    occ.extend(kept_c)
    occ.extend(kept_p)
    if len(chows) == 4:
        if pair_t < 27:
            occ.append((63, ()))
        D.terminal_chows(chow_ts, pair_t, occ, [i for i, _ in chows])
    D.set_traits(parts, occ)
    D.whole_hand(all_counts, occ)
    D.hog(all_counts, {parts[i][1] for i in kong_parts}, occ)
    if n_fixed == 0 and D.nine_gates(counts, win):
        occ.append((4, ()))
    D.concealment(n_exposed, ctx.self_drawn, occ)
    if unique:
        D.waits_in_reading(parts, n_fixed, win, occ)
    total, kept, dropped = _finish(occ, drop_c + drop_p, prof)
    return total, kept, dropped, "regular", parts


def _special_forms(counts, all_counts, win, ctx, prof):
    """七对/连七对, 全不靠/七星不靠, 十三幺 (nothing melded), in the reference's order."""
    occ = []
    if all(n % 2 == 0 for n in counts):
        parts = []
        for i in range(34):
            for _ in range(counts[i] // 2):
                parts.append((PAIR, i, False))
        occ.append((19, ()))
        if win < 27:
            base = win - win % 9
            seg = counts[base:base + 9]
            run = [r for r in range(9) if seg[r]]
            if len(run) == 7 and run[-1] - run[0] == 6 and all(seg[r] == 2 for r in run):
                occ.append((6, ()))
        D.whole_hand(all_counts, occ)
        D.hog(all_counts, (), occ)
        D.concealment(0, ctx.self_drawn, occ)
        if _wait_count(counts, win, 0) == 1:
            occ.append((79, (next(k for k, p in enumerate(parts) if p[1] == win),)))
        D.win_flags(ctx, occ)
        total, kept, dropped = _finish(occ, [], prof)
        return total, kept, dropped, "seven_pairs", parts
    if max(counts) == 1:
        suited = [i for i in range(27) if counts[i]]
        honors = [i for i in range(27, 34) if counts[i]]
        if 7 <= len(suited) <= 9 and any(set(suited) <= set(p) for p in KNITTED):
            occ.append((34, ()))
            if len(honors) == 7:
                occ.append((20, ()))
            if len(suited) == 9:
                occ.append((35, ()))
            D.whole_hand(all_counts, occ)
            D.concealment(0, ctx.self_drawn, occ)
            D.win_flags(ctx, occ)
            total, kept, dropped = _finish(occ, [], prof)
            return total, kept, dropped, "honors_and_knitted", [(SINGLES, -1, False)]
    if all(counts[i] for i in ORPHANS) and sum(counts[i] for i in ORPHANS) == 14:
        occ.append((7, ()))
        D.whole_hand(all_counts, occ)
        D.concealment(0, ctx.self_drawn, occ)
        D.win_flags(ctx, occ)
        total, kept, dropped = _finish(occ, [], prof)
        doubled = next(i for i in ORPHANS if counts[i] == 2)
        return total, kept, dropped, "thirteen_orphans", [(SINGLES, -1, False), (PAIR, doubled, False)]
    return None


def _knitted_straight(counts, all_counts, meld_parts, n_fixed, n_exposed, win, ctx, prof):
    """The 组合龙 hand: nine knitted tiles, one set and a pair (at most one meld)."""
    if max(counts) < 2:
        return None
    pat = next((p for p in KNITTED if all(counts[i] for i in p)), None)
    if pat is None:
        return None
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
    occ = [(35, ())]
    if kind is CHOW:
        if pair_t < 27:
            occ.append((63, ()))
    else:
        D.pungs(parts, None, ctx, occ)
        if kind is KONG:
            occ.append((74 if exp else 67, (set_i,)))
    D.whole_hand(all_counts, occ)
    D.hog(all_counts, {t} if kind is KONG else set(), occ)
    D.win_flags(ctx, occ)
    if not exp:
        occ.append((56 if ctx.self_drawn else 62, ()))
    in_knit = win in pat
    if not prof.knitted_straight_waits:
        if not in_knit:
            if n_fixed == 0:
                if _wait_count(rest, win, 1) == 1:
                    D.waits_in_reading(parts, 1, win, occ)
            else:
                occ.append((79, (pair_i,)))
    else:
        if n_fixed == 0:
            if rest[win] and _wait_count(rest, win, 1) == 1:
                D.waits_in_reading(parts, 1, win, occ)
        elif not in_knit or counts[win] == 3:
            occ.append((79, (pair_i,)))
    total, kept, dropped = _finish(occ, [], prof)
    return total, kept, dropped, "knitted_straight", parts
