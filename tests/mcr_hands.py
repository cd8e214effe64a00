"""Random winning hands for MCR tests and benchmarks, with consistent win contexts.

``random_case(rng)`` returns ``(hand_string, context)`` for a mix of forms: regular with 0-4 melds
(chows, pungs, melded, added and concealed kongs, every offer digit), seven pairs, thirteen orphans,
honors and knitted tiles, knitted straight; random winds, flowers and flags, always consistent
(robbing a kong only when no other copy is held and never on the last tile of the wall, 杠上开花 only
with a kong, 和绝张 only when the winning tile is not already held). ``to_reference`` converts a case to PyMahjongGB's arguments.
Targeted generators (``TARGETED``) make rare fans frequent enough for every fan to be covered.
"""

from __future__ import annotations

import random

from mjlearn.hand import Hand, Meld, MeldKind
from mjlearn.notation import format_hand
from mjlearn.tiles import TILES

SUITED = range(27)
KNITTED = [
    tuple(sorted(b + k + 3 * j for k, b in enumerate(bases) for j in range(3)))
    for bases in ((0, 9, 18), (0, 18, 9), (9, 0, 18), (9, 18, 0), (18, 0, 9), (18, 9, 0))
]
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _pick_set(rng, used, pool, kinds=("chow", "pung")):
    for _ in range(60):
        kind = rng.choice(kinds)
        t = rng.choice(pool)
        if kind == "chow":
            if t >= 27 or t % 9 > 6:
                continue
            tiles = [t, t + 1, t + 2]
        else:
            tiles = [t] * 3
        if all(used[x] + tiles.count(x) <= 4 for x in set(tiles)):
            for x in tiles:
                used[x] += 1
            return kind, t
    return None


def _pools(rng):
    style = rng.random()
    if style < 0.35:
        return list(range(34))
    if style < 0.55:  # one suit (+ honors)
        s = rng.randrange(3) * 9
        return list(range(s, s + 9)) + (list(range(27, 34)) if rng.random() < 0.5 else [])
    if style < 0.65:
        return list(range(27, 34)) + [0, 8, 9, 17, 18, 26]
    if style < 0.75:  # same numbers across suits
        r = rng.sample(range(9), 3)
        return [s * 9 + x for s in range(3) for x in r]
    if style < 0.85:
        return [i for i in range(27) if i % 9 in (1, 3, 5, 7)] + [i for i in range(27) if i % 9 in (3, 4, 5)]
    return [i for i in range(34) if rng.random() < 0.5] or list(range(34))


def regular(rng, n_melds=None):
    while True:
        used = [0] * 34
        pool = _pools(rng)
        n_melds = rng.randrange(5) if n_melds is None else n_melds
        sets = []
        ok = True
        for k in range(4):
            kinds = ("chow", "pung", "kong") if k < n_melds else ("chow", "pung")
            s = _pick_set(rng, used, pool, kinds)
            if s is None:
                ok = False
                break
            kind, t = s
            if kind == "kong":
                if used[t] + 1 > 4:
                    ok = False
                    break
                used[t] += 1
            sets.append(s)
        if not ok:
            n_melds = None
            continue
        pair_pool = [t for t in pool if used[t] <= 2] or [t for t in range(34) if used[t] <= 2]
        p = rng.choice(pair_pool)
        used[p] += 2
        melds = []
        concealed = []
        for k, (kind, t) in enumerate(sets):
            if k < n_melds:
                if kind == "chow":
                    offer = rng.choice((1, 2, 3, None))
                    melds.append(Meld(MeldKind.CHOW, TILES[t], offer))
                elif kind == "pung":
                    melds.append(Meld(MeldKind.PUNG, TILES[t], rng.choice((1, 2, 3, None))))
                else:
                    melds.append(Meld(MeldKind.KONG, TILES[t], rng.choice((None, None, 1, 2, 3, 5, 6, 7))))
            else:
                concealed += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
        concealed += [p, p]
        return melds, concealed


def seven_pairs(rng):
    pool = _pools(rng)
    if rng.random() < 0.15:  # seven shifted pairs
        s = rng.randrange(3) * 9 + rng.randrange(3)
        return [], [t for t in range(s, s + 7) for _ in range(2)]
    counts = [0] * 34
    n = 0
    while n < 7:
        t = rng.choice(pool) if rng.random() < 0.9 else rng.randrange(34)
        if counts[t] <= 2:
            counts[t] += 2
            n += 1
    return [], [t for t in range(34) for _ in range(counts[t])]


def thirteen_orphans(rng):
    return [], list(ORPHANS) + [rng.choice(ORPHANS)]


def honors_and_knitted(rng):
    pat = rng.choice(KNITTED)
    k = rng.randrange(5, 8)
    return [], sorted(rng.sample(pat, 14 - k) + rng.sample(range(27, 34), k))


def knitted_straight(rng):
    while True:
        pat = rng.choice(KNITTED)
        used = [0] * 34
        for t in pat:
            used[t] += 1
        n_melds = 1 if rng.random() < 0.4 else 0
        s = _pick_set(rng, used, list(range(34)), ("chow", "pung", "kong") if n_melds else ("chow", "pung"))
        if s is None:
            continue
        kind, t = s
        if kind == "kong":
            if used[t] >= 4:
                continue
            used[t] += 1
        p = rng.choice([x for x in range(34) if used[x] <= 2])
        used[p] += 2
        concealed = list(pat) + [p, p]
        melds = []
        tiles = [t, t + 1, t + 2] if kind == "chow" else [t] * 3
        if n_melds:
            mk = {"chow": MeldKind.CHOW, "pung": MeldKind.PUNG, "kong": MeldKind.KONG}[kind]
            offer = rng.choice((None, 1, 2, 3)) if kind != "kong" else rng.choice((None, 1, 2, 5))
            melds.append(Meld(mk, TILES[t], offer))
        else:
            concealed += tiles
        return melds, concealed


def nine_gates(rng):
    s = rng.randrange(3) * 9
    tiles = [s] * 3 + list(range(s + 1, s + 8)) + [s + 8] * 3 + [s + rng.randrange(9)]
    return [], tiles


def _finish(rng, melds, concealed, win=None):
    """Choose the winning tile and a consistent context."""
    if win is None:
        win = rng.choice(concealed)
    rest = list(concealed)
    rest.remove(win)
    fixed = [0] * 34
    for m in melds:
        for t in m.tiles:
            fixed[t.index] += 1
    held = rest.count(win)
    self_drawn = rng.random() < 0.45
    kong = False
    if rng.random() < 0.15:
        if (self_drawn and any(m.kind is MeldKind.KONG for m in melds)) or (
            not self_drawn and held == 0 and fixed[win] == 0
        ):
            kong = True
    last_tile = held == 0 and rng.random() < 0.15
    wall_last = rng.random() < 0.1 and not (kong and not self_drawn)  # no kong once the wall is empty
    flowers = rng.choice((0, 0, 0, 0, 1, 2, 3, 8))
    hand = Hand(tuple(melds), tuple(TILES[t] for t in rest), TILES[win])
    ctx = dict(
        self_drawn=self_drawn,
        last_tile=last_tile,
        kong=kong,
        wall_last=wall_last,
        seat_wind=rng.choice("ESWN"),
        prevalent_wind=rng.choice("ESWN"),
        flowers=flowers,
    )
    return format_hand(hand), ctx


MIX = (
    (regular, 0.72),
    (seven_pairs, 0.12),
    (knitted_straight, 0.06),
    (honors_and_knitted, 0.05),
    (thirteen_orphans, 0.03),
    (nine_gates, 0.02),
)


def random_case(rng: random.Random):
    """One random winning hand of the mix and a consistent context: ``(hand string, context)``."""
    x = rng.random()
    for gen, w in MIX:  # noqa: B007 - the generator chosen is used after the loop
        x -= w
        if x < 0:
            break
    melds, concealed = gen(rng)
    return _finish(rng, melds, concealed)


def random_cases(n: int, seed: int = 0):
    rng = random.Random(seed)
    return [random_case(rng) for _ in range(n)]


# --- the reference calculator's input -------------------------------------------------------

_SUIT_LETTER = {0: "W", 1: "B", 2: "T"}


def ref_tile(i: int) -> str:
    if i < 27:
        return f"{_SUIT_LETTER[i // 9]}{i % 9 + 1}"
    if i < 31:
        return f"F{i - 26}"
    return f"J{i - 30}"  # C F P -> J1 J2 J3


def to_reference(hand, ctx):
    """PyMahjongGB.MahjongFanCalculator positional arguments for a case."""
    from mjlearn.hand import as_hand

    h = as_hand(hand)
    packs = []
    for m in h.melds:
        if m.kind is MeldKind.CHOW:
            packs.append(("CHI", ref_tile(m.tile.index + 1), m.offer or 1))
        elif m.kind is MeldKind.PUNG:
            packs.append(("PENG", ref_tile(m.tile.index), m.offer or 1))
        else:
            offer = 0 if m.offer is None else (m.offer - 4 if m.offer >= 5 else m.offer)
            packs.append(("GANG", ref_tile(m.tile.index), offer))
    winds = "ESWN"
    return (
        tuple(packs),
        tuple(ref_tile(t.index) for t in h.concealed),
        ref_tile(h.win_tile.index),
        ctx.get("flowers", 0) + len(h.flowers),
        ctx.get("self_drawn", False),
        ctx.get("last_tile", False),
        ctx.get("kong", False),
        ctx.get("wall_last", False),
        winds.index(ctx.get("seat_wind", "E")),
        winds.index(ctx.get("prevalent_wind", "E")),
    )


def reference_fans(hand, ctx):
    """{fan id: count} from PyMahjongGB (test-only), or None when it says the hand is not a win."""
    import MahjongGB

    from mjlearn.mcr.fans import fan

    try:
        res = MahjongGB.MahjongFanCalculator(*to_reference(hand, ctx), verbose=True)
    except TypeError as e:
        if "NOT_WIN" in str(e):
            return None
        raise
    out = {}
    for _pts, cnt, zh, _en in res:
        fid = _REF_IDS[zh] if zh in _REF_IDS else fan(zh).id
        out[fid] = out.get(fid, 0) + cnt
    return out


_REF_IDS = {"独听・单钓": 79, "独听・嵌张": 78, "独听・边张": 77}


def mine_fans(result):
    return {s.id: s.count for s in result.fans}


# --- targeted generators: rare fans ----------------------------------------------------------


def _concealed_sets(sets, pair):
    out = []
    for kind, t in sets:
        out += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
    return out + [pair, pair]


def _with_melds(rng, sets, pair):
    """Some of the sets melded at random (chows and pungs with offers, kongs of any kind)."""
    melds, concealed = [], []
    n = rng.randrange(len(sets) + 1)
    for k, (kind, t) in enumerate(sets):
        if k < n:
            if kind == "chow":
                melds.append(Meld(MeldKind.CHOW, TILES[t], rng.choice((1, 2, 3))))
            elif rng.random() < 0.3:
                melds.append(Meld(MeldKind.KONG, TILES[t], rng.choice((None, 1, 2, 6))))
            else:
                melds.append(Meld(MeldKind.PUNG, TILES[t], rng.choice((1, 2, 3))))
        else:
            concealed += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
    return melds, concealed + [pair, pair]


def big_four_winds(rng):
    pair = rng.choice([t for t in range(34) if t not in (27, 28, 29, 30)])
    return _with_melds(rng, [("pung", t) for t in (27, 28, 29, 30)], pair)


def terminal_chows(rng):
    s = rng.sample((0, 9, 18), 3)
    if rng.random() < 0.5:  # pure
        sets = [("chow", s[0]), ("chow", s[0]), ("chow", s[0] + 6), ("chow", s[0] + 6)]
        pair = s[0] + 4
    else:
        sets = [("chow", s[0]), ("chow", s[0] + 6), ("chow", s[1]), ("chow", s[1] + 6)]
        pair = s[2] + 4
    return _with_melds(rng, sets, pair)


def dragons_and_winds(rng):
    honors = rng.sample(range(27, 34), rng.choice((2, 3, 3, 4)))
    sets = [("pung", t) for t in honors]
    used = [0] * 34
    for t in honors:
        used[t] = 3
    while len(sets) < 4:
        s = _pick_set(rng, used, list(range(34)))
        if s:
            sets.append(s)
    pair = rng.choice([t for t in range(34) if used[t] <= 2 and (t >= 27 or rng.random() < 0.2)] or [0])
    return _with_melds(rng, sets, pair)


def shifted_and_same(rng):
    """Chows or pungs shifted by one or two, or the same in several suits."""
    kind = rng.choice(("chow", "pung"))
    s = rng.sample((0, 9, 18), 3)
    step = rng.choice((0, 1, 2)) if kind == "chow" else rng.choice((0, 1))
    start = rng.randrange(0, 7 - 3 * step if kind == "chow" else 9 - 3 * step)
    same_suit = rng.random() < 0.5
    n = rng.choice((3, 4))
    sets = []
    for k in range(n):
        base = s[0] if same_suit else s[k % 3]
        sets.append((kind, base + start + k * step))
    used = [0] * 34
    for kd, t in sets:
        for x in [t, t + 1, t + 2] if kd == "chow" else [t] * 3:
            used[x] += 1
    if any(u > 4 for u in used):
        return regular(rng)
    while len(sets) < 4:
        x = _pick_set(rng, used, list(range(34)))
        if x:
            sets.append(x)
    pair = rng.choice([t for t in range(34) if used[t] <= 2])
    return _with_melds(rng, sets, pair)


def kongs_hand(rng):
    for _ in range(100):
        melds, concealed = regular(rng, n_melds=4)
        if sum(m.kind is MeldKind.KONG for m in melds) >= 2:
            return melds, concealed
    return melds, concealed


_RESTRICTED = (
    (19, 20, 21, 23, 25, 32),  # all green
    (0, 8, 9, 17, 18, 26),  # all terminals
    (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33),
    (2, 3, 4, 11, 12, 13, 20, 21, 22),  # fives
    (1, 3, 5, 7, 10, 12, 14, 16, 19, 21, 23, 25),  # evens
    (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33),  # reversible
)


def restricted(rng):
    pool = list(rng.choice(_RESTRICTED))
    for _ in range(200):
        used = [0] * 34
        sets = [_pick_set(rng, used, pool) for _ in range(4)]
        if None in sets:
            continue
        pair = rng.choice([t for t in pool if used[t] <= 2] or [0])
        if used[pair] > 2:
            continue
        return _with_melds(rng, sets, pair)
    return regular(rng)


TARGETED = (
    restricted,
    big_four_winds,
    terminal_chows,
    dragons_and_winds,
    shifted_and_same,
    kongs_hand,
    nine_gates,
    honors_and_knitted,
    knitted_straight,
    seven_pairs,
    thirteen_orphans,
)


def targeted_case(rng: random.Random):
    from mjlearn.errors import InvalidHandError

    while True:
        melds, concealed = rng.choice(TARGETED)(rng)
        try:
            return _finish(rng, melds, concealed)
        except InvalidHandError:  # a kong made a fifth copy: draw again
            continue


def targeted_cases(n: int, seed: int = 0):
    rng = random.Random(seed)
    return [targeted_case(rng) for _ in range(n)]
