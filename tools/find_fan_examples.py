"""Search an example and a one-change near miss for every MCR fan; print the rows of
mjlearn/mcr/examples.py.

    .venv/bin/python tools/find_fan_examples.py [--play 4000] [--random 20000] > /tmp/rows.py

The pool of winning hands: the current examples and near misses, the winning hands of simulated
play (table seeds 0..--play-1, as tools/fan_frequency.py plays them), and random and targeted
hands of tests/mcr_hands.py. Each fan gets its own example (no two fans share one), chosen so that
the fan counts, the hand meets the 8-point minimum where the pool allows, and the fan is as
prominent as possible (the highest-valued fan of the hand, few other fans). Its near miss is the
hand one change away (one tile, the winning tile, one set claimed or concealed, or one context
keyword) in which the fan does not count, a winning hand where one exists, the closest in score
otherwise. The rows are data: the test (tests/test_mcr_examples.py) checks every one with the
engine.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from mjlearn.errors import InvalidHandError
from mjlearn.hand import Meld, MeldKind
from mjlearn.mcr import FANS, score
from mjlearn.mcr.examples import EXAMPLES, apply_change
from mjlearn.mcr.scorer import CONTEXT_KEYWORDS
from mjlearn.notation import parse_hand
from mjlearn.tiles import TILES

KEEP_CTX = CONTEXT_KEYWORDS
DEFAULTS = {
    "self_drawn": False,
    "last_tile": False,
    "kong": False,
    "wall_last": False,
    "seat_wind": "E",
    "prevalent_wind": "E",
    "flowers": 0,
}


def clean(ctx: dict) -> dict:
    return {k: v for k, v in ctx.items() if k in KEEP_CTX and v is not None and DEFAULTS.get(k) != v}


def normal(hand: str, ctx: dict) -> tuple[str, dict]:
    """Flowers held in the notation become the ``flowers`` count, so one context change can take
    them away."""
    h = parse_hand(hand)
    ctx = clean(ctx)
    if h.flowers:
        from mjlearn.hand import Hand, format_hand

        ctx["flowers"] = ctx.get("flowers", 0) + len(h.flowers)
        hand = format_hand(Hand(h.melds, h.concealed, h.win_tile))
    return hand, ctx


def scored(hand: str, ctx: dict):
    try:
        return score(hand, **ctx)
    except (InvalidHandError, ValueError):
        return None


def pool(play: int, n_random: int) -> list[tuple[str, dict]]:
    out = []
    for ex, nm in EXAMPLES.values():
        out += [(ex[0], clean(ex[1])), (nm[0], clean(nm[1]))]
    from mjlearn.table import Table, play_hand

    for seed in range(play):
        t = play_hand(Table("mcr", seed=seed))
        for w in t.winners:
            out.append((str(w.hand), clean(dict(w.rule_context))))
    import mcr_hands

    out += [(h, clean(c)) for h, c in mcr_hands.random_cases(n_random, seed=14)]
    rng = random.Random(14)
    for gen in mcr_hands.TARGETED:
        for _ in range(300):
            try:
                melds, concealed = gen(rng)
                h, c = mcr_hands._finish(rng, melds, concealed)
            except (InvalidHandError, ValueError):  # a generator may overdraw a kind
                continue
            out.append((h, clean(c)))
    seen, uniq = set(), []
    for h, c in out:
        try:
            h, c = normal(h, c)
        except (InvalidHandError, ValueError):
            continue
        key = (h, tuple(sorted(c.items())))
        if key not in seen:
            seen.add(key)
            uniq.append((h, c))
    return uniq


def neighbours(hand: str, ctx: dict):
    """Every hand one change away: ``(change, hand, ctx)``."""
    h = parse_hand(hand)
    counts = list(h.all_counts)
    kinds = list(TILES[:34])
    for old in sorted(set(h.concealed)):
        for new in kinds:
            if new != old and counts[new.index] < 4:
                yield ("tile", str(old), str(new))
    if h.win_tile is not None:
        for new in kinds:
            if new != h.win_tile and counts[new.index] < 4:
                yield ("win", str(h.win_tile), str(new))
    for key in ("self_drawn", "kong", "wall_last", "last_tile"):
        yield ("ctx", key, not ctx.get(key, False))
    for key in ("seat_wind", "prevalent_wind"):
        for w in "ESWN":
            if w != ctx.get(key, "E"):
                yield ("ctx", key, w)
    if ctx.get("flowers"):
        yield ("ctx", "flowers", 0)
    else:
        yield ("ctx", "flowers", 1)
    conc = list(h.concealed)
    for t in sorted(set(conc)):
        if conc.count(t) >= 3:
            name = str(t)
            yield ("expose", f"[{name[0] * 3}{name[1:]},1]")
        if t.index < 27 and t.index % 9 <= 6:
            a, b = TILES[t.index + 1], TILES[t.index + 2]
            if a in conc and b in conc:
                yield ("expose", f"[{t.index % 9 + 1}{t.index % 9 + 2}{t.index % 9 + 3}{str(t)[-1]},1]")
    for m in h.melds:
        if m.is_exposed and not m.is_added_kong:
            yield ("conceal", str(m))
        if m.kind is not MeldKind.CHOW:
            for new in kinds:
                if new != m.tile and counts[new.index] == 0:
                    yield ("meld", str(m), str(Meld(m.kind, new, m.offer)))


def prominence(res, fid: int) -> tuple:
    pts = {f.id: f.points for f in res.fans}
    top = max(pts.values())
    return (res.meets_minimum, pts[fid] == top, res.fan_counts()[fid] == 1, -res.total, -len(res.fans))


def best_near_miss(fid: int, hand: str, ctx: dict, total: int):
    best = None
    for ch in neighbours(hand, ctx):
        try:
            h2, c2 = apply_change(hand, ctx, ch)
        except (ValueError, InvalidHandError):
            continue
        r = scored(h2, c2)
        if r is None:
            continue
        if fid in r.fan_counts():
            continue
        # prefer a winning near miss, then one whose total is closest to the example's
        # the fan truly gone (not merely implied by a bigger one) reads best
        gone = all(x.fan.id != fid for x in r.excluded) if r.is_winning else True
        key = (
            r.is_winning and gone,
            r.is_winning,
            r.meets_minimum if r.is_winning else False,
            -abs(r.total - total),
            ch[0] != "ctx",
        )
        if best is None or key > best[0]:
            best = (key, ch, h2, c2)
    return best


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--play", type=int, default=4000)
    ap.add_argument("--random", type=int, default=20000)
    args = ap.parse_args(argv)
    cands: dict[int, list] = {f.id: [] for f in FANS}
    for hand, ctx in pool(args.play, args.random):
        r = scored(hand, ctx)
        if r is None or not r.is_winning:
            continue
        for fid in r.fan_counts():
            if fid in cands:
                cands[fid].append((prominence(r, fid), hand, ctx, r.total))
    used: set = set()
    rows = {}
    # the rarest fans choose first, so a hand that is the only example of one fan stays with it
    for fid in sorted(cands, key=lambda i: (len(cands[i]), i)):
        options = sorted(cands[fid], key=lambda c: c[0], reverse=True)
        fallback, tried = None, 0
        for _prom, hand, ctx, total in options:
            key = (hand, tuple(sorted(ctx.items())))
            if key in used:
                continue
            nm = best_near_miss(fid, hand, ctx, total)
            if nm is None:
                continue
            tried += 1
            row = (key, ((hand, ctx), (nm[2], nm[3]), nm[1], nm[0][0]))
            if nm[0][0]:  # a winning near miss: take it
                fallback = row
                break
            fallback = fallback or row
            if tried >= 6:
                break
        if fallback is None:
            print(f"# no example for fan {fid}", file=sys.stderr)
            continue
        used.add(fallback[0])
        rows[fid] = fallback[1]
    print("EXAMPLES: dict[int, tuple[tuple[str, dict], tuple[str, dict]]] = {")
    for fid in sorted(rows):
        (h, c), (h2, c2), _ch, _win = rows[fid]
        print(f"    {fid}: (({h!r}, {c!r}), ({h2!r}, {c2!r})),")
    print("}\n\nCHANGES: dict[int, tuple] = {")
    for fid in sorted(rows):
        print(f"    {fid}: {rows[fid][2]!r},")
    print("}")
    lost = [fid for fid in sorted(rows) if not rows[fid][3]]
    print(f"# near misses that are not winning hands: {lost}", file=sys.stderr)


if __name__ == "__main__":
    main()
