"""The coach's door: :func:`coach` ranks the discards of a 14-tile hand, :func:`standing` values the
13 tiles kept, :func:`after_kong` a kong and its replacement draw, and :func:`from_table` gives their
keywords for a seat at the table. The method and its error: :mod:`mjlearn.coaching`."""

from __future__ import annotations

import random as _random

from ..analysis import _visible_counts
from ..errors import InvalidHandError, Problem, UnknownRuleSetError
from ..hand import Hand, Meld, MeldKind, as_hand
from ..mcr.profiles import PROFILES
from ..rules import RuleSet
from ..rules.registry import get as _get_rules
from ..seats import SEAT_LETTERS
from ..shanten_core import useful_tiles_of_counts
from ..tiles import TILES, Tile
from . import lookahead as _lookahead
from . import wins as _wins
from .lookahead import Lookahead, Shapes
from .results import Coaching, CoachOption, LikelyFan, Route, Standing
from .wins import MCR_KEYWORDS, Judge, seen_counts

__all__ = [
    "DEFAULT_TRIALS",
    "MAX_DRAWS_LEFT",
    "MAX_TRIALS",
    "after_kong",
    "clear_caches",
    "coach",
    "from_table",
    "standing",
]

DEFAULT_TRIALS = 200
"""Simulated draw orders per discard when the hand left is two or more from ready."""

MAX_TRIALS = 10_000
"""The most simulated draw orders asked for (about a second per discard; the error is then a
seventh of the default's)."""

MAX_DRAWS_LEFT = 144
"""The most draws left a seat can have: no wall holds more tiles (144 with the flowers)."""


def _short(value) -> str:
    """``repr`` of a value in an error, cut to 40 characters (a number of a hundred digits stays readable)."""
    r = (
        repr(value)
        if not isinstance(value, int) or abs(value) < 10**30
        else f"a number of {len(str(abs(value)))} digits"
    )
    return r if len(r) <= 40 else r[:40] + "..."


# --- the door -------------------------------------------------------------------------------------------


def coach(hand, rules="mcr", *, seen=None, draws_left=None, trials=None, seed=0, **context) -> Coaching:
    """Every discard of a 14-tile hand with its shanten, useful tiles, chance to win and likely fans,
    best first. See the module docstring for the method and its error.

    ``hand``: notation or a :class:`~mjlearn.hand.Hand` of 14 tiles (melds allowed; kongs count as
    three). ``rules``: ``"mcr"`` (default), an MCR profile, or any registered rule set.
    ``seen``: the tiles this seat can see besides its own hand (the discards on the table, the other
    players' exposed melds), as notation, tiles, or a mapping tile -> count.
    ``draws_left``: the seat's own draws still to come (default: a quarter of the unseen tiles
    beyond three 13-tile hands). ``trials``: simulated draw orders per discard when the hand left is
    two or more from ready (default :data:`DEFAULT_TRIALS`); ``seed`` fixes them.
    ``context``: the rule set's keywords for a win (MCR: ``seat_wind``, ``prevalent_wind``,
    ``flowers``); ``self_drawn``, ``last_tile`` and the like are set by the coach.
    At a table, :func:`from_table` gives all of these for a seat: ``coach(**from_table(table, seat))``.
    """
    hand = as_hand(hand)
    size = _size(rules)
    if hand.tile_count != size:
        raise InvalidHandError(
            f"the coach advises a {size}-tile hand ({size - 1} and the tile just drawn; kongs count as three); "
            f"{str(hand)!r} has {hand.tile_count}"
            f"  （教练看的是 {size} 张的手牌（{size - 1} 张加刚摸的一张，杠算 3 张）；这手牌有 {hand.tile_count} 张）",
            str(hand),
        )
    seen_c, held, judge, pool, n, d, draws_left, trials, shapes, look = _setup(
        hand, rules, seen, draws_left, trials, context
    )
    n_melds = shapes.n  # the melds, and the sets a small game's short hand lacks
    counts = list(hand.counts)
    complete = shapes.shanten(counts) < 0
    if complete and hand.win_tile is not None:
        complete = judge.judge(bytes(counts), hand.win_tile.index)[0]
    elif complete:
        complete = any(judge.judge(bytes(counts), t)[0] for t in range(34) if counts[t])

    orders: list = []
    options = []
    kept = [x for x in range(34) if counts[x]]
    after = {}
    for x in kept:
        counts[x] -= 1
        after[x] = shapes.shanten(counts)
        counts[x] += 1
    best_s = min(after.values())
    for x in kept:
        counts[x] -= 1
        c13 = bytes(counts)
        s = after[x]
        held13 = list(held)
        held13[x] -= 1
        useful = _useful_live(shapes, judge, counts, s, n_melds, held13, held, seen_c)
        counts[x] += 1
        # a discard that leaves the hand further from ready than the best one gets a quarter of the
        # draw orders (its larger error is reported)
        share = trials if s == best_s else min(trials, max(50, trials // 4))
        options.append(
            CoachOption(
                discard=TILES[x], **_outlook(judge, look, c13, s, useful, pool, n, d, orders, share, trials, seed)
            )
        )
    options.sort(
        key=lambda o: (-round(o.win_chance, 9), -round(o.expected, 9), o.shanten, -o.live, -o.kinds, o.discard.index)
    )
    return Coaching(hand, judge.name, draws_left, n, tuple(options), complete, judge.unit, tuple(seen_c))


def _size(rules) -> int:
    """Tiles in a complete hand of ``rules`` (14; fewer in a small game of the ladder)."""
    if isinstance(rules, str) and rules.lower() not in PROFILES:
        try:
            rules = _get_rules(rules)
        except UnknownRuleSetError:
            return 14  # the judge refuses the name with its own message
    return rules.table.hand_size if isinstance(rules, RuleSet) else 14


def _useful_live(shapes, judge, counts, s: int, n_melds: int, held13, held, seen_c) -> dict:
    """Tile -> live copies of the useful tiles of the 13 counts ``counts`` (``held13``: every tile the
    13-tile hand holds, melds included; ``held``: what the seat holds now, counted out of the live copies)."""
    if judge.mcr:
        use = useful_tiles_of_counts(list(counts), n_melds, all_counts=list(held13))
    else:
        use = [t for t in shapes.useful(counts) if held13[t] < 4 or s == 0]
    return {TILES[t]: max(0, 4 - held[t] - seen_c[t]) for t in use}


def _evaluate(look, c13: bytes, s: int, pool, n: int, d: int, orders: list, share: int, trials: int, seed: int):
    """(chance, error, method, trials used, final-hand weights) of the 13 counts ``c13`` at shanten
    ``s`` with ``d`` draws from ``pool`` (``n`` tiles). ``orders`` holds the seeded draw orders, made
    on first need and shared by every hand evaluated with it."""
    look.visited = set()
    acc: dict = {}
    err, used = 0.0, 0
    if d == 0:
        p, method = 0.0, "none"
    elif s == 0:
        p, method = look.ready(c13, pool, n, d, 1.0, acc), "exact"
    elif s == 1:
        p, method = look.one_away(c13, list(pool), n, d, 1.0, acc), "exact"
    elif s + 1 > d:
        p, method = 0.0, "exact"
    else:
        if not orders:  # the same draw orders for every hand: a fair comparison
            rng = _random.Random(seed)
            tiles = [t for t in range(34) for _ in range(pool[t])]
            orders.extend(rng.sample(tiles, d) for _ in range(trials))
        used = share
        p, err = look.simulate(c13, s, pool, n, d, orders[:used], acc)
        method = "simulation"
    return p, err, method, used, acc


def _setup(hand: Hand, rules, seen, draws_left, trials, context: dict, extra: int = 0):
    """Checked input and the shared machinery of :func:`coach`, :func:`standing` and
    :func:`after_kong`. ``extra``: draws added to ``draws_left`` (a kong's replacement)."""
    seen_c = seen_counts(seen)
    held = list(hand.all_counts)
    problems = [
        Problem(
            f"{held[i] + seen_c[i]} copies of {TILES[i]} ({TILES[i].zh}): {held[i]} in the hand "
            f"and {seen_c[i]} seen; a set has only four"
            f"  （{TILES[i].zh}一共只有四张，这里手里 {held[i]} 张、见过 {seen_c[i]} 张）"
        )
        for i in range(34)
        if held[i] + seen_c[i] > 4
    ]
    if problems:
        raise InvalidHandError(problems)
    judge = Judge(rules, context, hand, seen_c)
    short = 0
    if judge.mcr:
        kinds = tuple(range(34))
    else:
        kinds = judge.rs.tiles.kinds or (tuple(range(34)) if judge.rs.tiles.honors else tuple(range(27)))
        short = judge.rs.table.short_sets
    pool = [0] * 34
    for t in kinds:
        pool[t] = max(0, 4 - held[t] - seen_c[t])
    n = sum(pool)
    if draws_left is None:
        draws_left = max(0, (n - 3 * (13 - 3 * short)) // 4)
    if not isinstance(draws_left, int) or isinstance(draws_left, bool) or not 0 <= draws_left <= MAX_DRAWS_LEFT:
        raise InvalidHandError(
            f"draws_left must be a whole number from 0 to {MAX_DRAWS_LEFT} (no wall holds more "
            f"tiles), got {_short(draws_left)}"
            f"  （剩余摸牌次数要写 0 到 {MAX_DRAWS_LEFT} 的整数：没有哪副牌墙比这更多）"
        )
    draws_left += extra
    d = min(draws_left, n)
    if trials is None:
        trials = DEFAULT_TRIALS
    if not isinstance(trials, int) or isinstance(trials, bool) or not 1 <= trials <= MAX_TRIALS:
        raise InvalidHandError(
            f"trials must be a whole number from 1 to {MAX_TRIALS:,}, got {_short(trials)}"
            f"  （模拟次数要写 1 到 {MAX_TRIALS:,} 的整数）"
        )
    shapes = Shapes(len(hand.melds) + short, judge.forms, kinds)
    return seen_c, held, judge, pool, n, d, draws_left, trials, shapes, Lookahead(shapes, judge)


def standing(hand, rules="mcr", *, seen=None, draws_left=None, trials=None, seed=0, **context) -> Standing:
    """A 13-tile hand (kongs count as three) that keeps its tiles: its shanten, useful tiles, chance to
    win with the next ``draws_left`` draws and likely fans, by the method of :func:`coach` (the same
    policy, exact or simulated, the same error). It rates *passing* on a discard, or declining a win:
    the hand as it stands. The keywords are those of :func:`coach`.

    >>> import mjlearn as mj
    >>> st = standing("123m456p789s23sEE", draws_left=10)
    >>> st.shanten, {str(t): n for t, n in st.useful.items()}, st.method
    (0, {'1s': 4, '4s': 4}, 'exact')
    """
    hand = as_hand(hand)
    if hand.tile_count != _size(rules) - 1:
        raise InvalidHandError(
            f"a standing hand has {_size(rules) - 1} tiles (kongs count as three); {str(hand)!r} has {hand.tile_count}"
            f"  （等牌的手牌是 13 张（杠算 3 张）；这手牌有 {hand.tile_count} 张）",
            str(hand),
        )
    return _stand(hand, rules, seen, draws_left, trials, seed, context, 0, None)


def after_kong(
    hand, tile, rules="mcr", *, offer=None, seen=None, draws_left=None, trials=None, seed=0, **context
) -> Standing:
    """The hand after a kong of ``tile``, with the replacement draw still to come, as :func:`standing`
    rates it with one draw more than ``draws_left`` (see the module docstring: kongs).

    In one's own turn ``hand`` has 14 tiles: four ``tile`` concealed make a concealed kong, one ``tile``
    and a pung of it among the melds an added kong. On a discard ``hand`` has 13 tiles with three
    ``tile`` concealed, and ``offer`` (1 left, 2 opposite, 3 right) says who discarded it: a melded kong.
    ``seen`` is what the seat sees *before* the kong (a claimed discard is no longer in sight after it).

    >>> import mjlearn as mj
    >>> k = after_kong("1111m456p789s23sEE", "1m", draws_left=10)
    >>> str(k.hand), k.draws_left, k.kong
    ('[1111m]456p23789sEE', 11, 'concealed')
    """
    hand = as_hand(hand)
    t = tile if isinstance(tile, Tile) else TILES[_visible_counts([tile]).index(1)]
    conc = list(hand.concealed)
    melds = list(hand.melds)
    seen_after = seen
    if offer is not None:
        if hand.tile_count != _size(rules) - 1 or conc.count(t) != 3 or offer not in (1, 2, 3):
            raise InvalidHandError(
                f"a kong on a discard of {t} needs 13 tiles with three {t} concealed and who "
                f"discarded it (offer 1-3); got {str(hand)!r}, offer {offer!r}"
                f"  （明杠别人打的 {t}：要 13 张、手里暗藏三张 {t}，并写明是谁打的（1-3））",
                str(hand),
            )
        for _ in range(3):
            conc.remove(t)
        melds.append(Meld(MeldKind.KONG, t, offer))
        kind = "melded"
        seen_c = seen_counts(seen)
        if seen_c[t.index]:
            seen_c[t.index] -= 1  # the discard was in sight; now it is in the kong
        seen_after = {TILES[i]: k for i, k in enumerate(seen_c) if k}
    else:
        if hand.tile_count != _size(rules):
            raise InvalidHandError(
                f"a kong in one's own turn is made from {_size(rules)} tiles (kongs count as three); "
                f"{str(hand)!r} has {hand.tile_count}"
                f"  （自己摸牌后开杠要 14 张（杠算 3 张）；这手牌有 {hand.tile_count} 张）",
                str(hand),
            )
        pung = next((k for k, m in enumerate(melds) if m.kind is MeldKind.PUNG and m.tile is t), None)
        if conc.count(t) == 4:
            for _ in range(4):
                conc.remove(t)
            melds.append(Meld(MeldKind.KONG, t))
            kind = "concealed"
        elif pung is not None and t in conc:
            conc.remove(t)
            old = melds.pop(pung)
            melds.append(Meld(MeldKind.KONG, t, (old.from_seat or 1) + 4))
            kind = "added"
        else:
            raise InvalidHandError(
                f"no kong of {t} in {str(hand)!r}: it needs four {t} concealed, or a pung "
                f"of {t} and the fourth in hand"
                f"  （这手牌杠不了 {t}：要手里有四张 {t}，或者碰了 {t} 又摸到第四张）",
                str(hand),
            )
    after = Hand(tuple(melds), tuple(conc), None, hand.flowers)
    return _stand(after, rules, seen_after, draws_left, trials, seed, context, 1, kind)


def _stand(hand: Hand, rules, seen, draws_left, trials, seed, context, extra: int, kong) -> Standing:
    seen_c, held, judge, pool, n, d, draws_left, trials, shapes, look = _setup(
        hand, rules, seen, draws_left, trials, context, extra
    )
    counts = list(hand.counts)
    s = shapes.shanten(counts)
    useful = _useful_live(shapes, judge, counts, s, shapes.n, held, held, seen_c)
    return Standing(
        hand=hand,
        draws_left=draws_left,
        unseen=n,
        kong=kong,
        **_outlook(judge, look, bytes(counts), s, useful, pool, n, d, [], trials, trials, seed),
    )


def _outlook(
    judge: Judge, look, counts13, s: int, useful, pool, n: int, d: int, orders, share: int, trials: int, seed
) -> dict:
    """What a discard's and a kept hand's report share (the fields of ``results._Outlook``), by name:
    the chance to win the 13 tiles ``counts13`` (shanten ``s``) from ``share`` of the draw orders, the
    fans their wins carry and, when the chance is 0, why."""
    p, err, method, used, acc = _evaluate(look, counts13, s, pool, n, d, orders, share, trials, seed)
    fans, expected, routes = _summarise(acc, judge, p, counts13)
    return dict(
        shanten=s,
        useful=useful,
        win_chance=p,
        win_chance_error=err,
        method=method,
        trials=used,
        fans=fans,
        expected=expected,
        unit=judge.unit,
        note=_note(p, s, d, look, judge, method),
        rules=judge.name,
        routes=routes,
    )


def _summarise(acc: dict, judge: Judge, p: float, counts13=b""):
    """(likely fans, expected value, routes) from the chances of the final winning hands; a route's
    tiles still needed are those its most likely final hand holds beyond ``counts13``."""
    if not acc or p <= 0:
        return (), 0.0, ()
    by: dict = {}
    wins: dict = {}  # id of a win's items (the judge's cached tuple, held here) -> [items, weight, best]
    expected = 0.0
    total_w = sum(acc.values())
    for (key0, t), wgt in acc.items():
        c = bytearray(key0)
        c[t] += 1
        _legal, total, items = judge.judge(bytes(c), t)
        expected += wgt * total
        for k, _count in items:
            by[k] = by.get(k, 0.0) + wgt
        got = wins.get(id(items))
        if got is None:
            wins[id(items)] = [items, wgt, wgt, key0, t]
        else:
            got[1] += wgt
            if wgt > got[2]:
                got[2:] = [wgt, key0, t]
    routes: dict = {}
    for items, wsum, wmax, key0, t in wins.values():
        route = _route(items, judge)
        got = routes.get(route)
        if got is None:
            routes[route] = [wsum, wmax, key0, t]
        else:
            got[0] += wsum
            if wmax > got[1]:
                got[1:] = [wmax, key0, t]
    out = []
    for k, wgt in by.items():
        key, zh, en, value = judge.item_names(k)
        out.append(LikelyFan(key, zh, en, value, min(1.0, wgt / total_w)))
    out.sort(key=lambda f: (-round(f.share, 9), -f.value, f.key))
    ways = []
    for route, (chance, _w, key0, t) in routes.items():
        needs = [TILES[i] for i in range(34) for _ in range(max(0, key0[i] - (counts13[i] if counts13 else 0)))]
        ways.append(Route(route, sum(f[3] for f in route), min(chance, p), (*needs, TILES[t])))
    ways.sort(key=lambda r: (-round(r.chance, 9), -r.points, r.fans))
    return tuple(out), expected, tuple(ways)


_ROUTES: dict = {}
_ROUTES_MAX = 50_000


def _route(items: tuple, judge: Judge) -> tuple:
    """:func:`_route_of` cached by the rule set (or profile) and the win's items."""
    key = (judge.name, items)
    got = _ROUTES.get(key)
    if got is None:
        if len(_ROUTES) > _ROUTES_MAX:
            _ROUTES.clear()
        got = _ROUTES[key] = _route_of(items, judge)
    return got


def _route_of(items: tuple, judge: Judge) -> tuple:
    """The fans that carry a win (``items`` as the judge gives them), the most points first (a fan
    counted twice as its points twice; ties by the fan's number): under MCR the fewest of them that
    reach 8 points, elsewhere at most three items; each (key, zh, en, points)."""
    named = []
    for k, n in items:
        key, zh, en, value = judge.item_names(k)
        named.append((value * n if isinstance(value, (int, float)) else 0, str(key), zh, en, n))
    named.sort(key=lambda x: (-x[0], x[1] if not judge.mcr else int(x[1])))
    if not judge.mcr:
        named = named[:3]
    out = []
    got = 0
    for pts, key, zh, en, n in named:
        out.append((key, zh if n == 1 else f"{zh}×{n}", en if n == 1 else f"{en} ×{n}", pts))
        got += pts
        if judge.mcr and got >= 8:
            break
    return tuple(out)


def _note(p, s, d, look: Lookahead, judge: Judge, method) -> tuple | None:
    if p > 0:
        return None
    if d == 0:
        return ("没有摸牌机会了", "no draws left")
    if s + 1 > d:
        return (f"还差 {s + 1} 张才能和牌，只剩 {d} 次摸牌", f"needs at least {s + 1} more draws; only {d} left")
    met = [w for key in look.visited for w in look.legal_waits(key)]
    if met and not any(legal for _, legal, _, _ in met):
        best = max(total for _, _, total, _ in met)
        if judge.mcr:
            return (
                f"能和的牌都不够 8 番（最多 {best} 番，不计花牌）",
                f"every win it can reach is under 8 points (best {best}, flowers not counted)",
            )
        return ("能成的和牌在这套规则下都不合法", "no completion it can reach is a legal win in this rule set")
    if s == 0:
        return ("和张都已经看得到了，没有活张", "every winning tile is already in sight: none left live")
    if method == "simulation":
        return ("模拟中没有一次和牌", "no simulated draw order reached a win")
    return ("这些摸牌里到不了和牌", "no win is reachable with these draws")


def from_table(table, seat: int) -> dict:
    """The keywords of :func:`coach` for ``seat`` of a :class:`~mjlearn.table.Table` that has just
    drawn (14 tiles; a seat holding 13, answering a discard, gets the keywords of :func:`standing`
    and :func:`after_kong`): ``hand`` (its melds, concealed tiles and flowers), ``rules``, ``seen`` (what that
    seat can see: the discards still in the ponds and the other players' exposed melds), ``draws_left``
    (a quarter of the live wall: the seat's own draws if nobody claims) and the win context the rule
    set takes (seat and round winds, the winner and dealer seats, the wild tile).

    >>> from mjlearn.table import Table
    >>> t = Table("mcr", seed=1)
    >>> _ = t.draw(0) if t.phase == "draw" else None
    >>> kw = from_table(t, t.turn)
    >>> sorted(kw), kw["hand"].tile_count
    (['draws_left', 'hand', 'prevalent_wind', 'rules', 'seat_wind', 'seen'], 14)
    """
    h = table.hands[seat]
    concealed = tuple(TILES[i] for i in range(34) for _ in range(h[i]))
    flowers = tuple(f for f in table.flowers[seat] if f.index >= 34)
    hand = Hand(tuple(table.melds[seat]), concealed, None, flowers)
    seen = [0] * 34
    for s in range(4):
        for t, by in table.ponds[s]:
            if by is None and t.index < 34:
                seen[t.index] += 1
        if s != seat:
            for m in table.melds[s]:
                if not m.is_concealed:
                    for t in m.tiles:
                        seen[t.index] += 1
    rs = table.rules
    mcr = rs.name in PROFILES
    context = {
        "seat_wind": SEAT_LETTERS[seat],
        "prevalent_wind": table.prevalent_wind,
        "winner": SEAT_LETTERS[seat],
        "dealer": "E",
        "wild": table.wild,
    }
    names = MCR_KEYWORDS if mcr else rs.context_names
    context = {k: v for k, v in context.items() if k in names and v is not None}
    return {
        "hand": hand,
        "rules": rs.opt("profile") if mcr else rs,
        "seen": {TILES[i]: n for i, n in enumerate(seen) if n},
        "draws_left": table.live_tiles_left() // 4,
        **context,
    }


def clear_caches() -> None:
    """Forget the cached shanten, useful tiles, waits, scores and routes (for measurements)."""
    _ROUTES.clear()
    _wins.clear_cache()
    _lookahead.clear_caches()
