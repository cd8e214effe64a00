"""Realistic hands for exercises: drawn from simulated deals and play, not from uniform random tiles.

:func:`simulate` shuffles a full MCR set (144 tiles with flowers), deals 13 tiles to each seat and
lets four simple bots play: draw (flowers replaced from the tail), win on a complete hand, claim
pungs, kongs and chows now and then, and discard the least connected tile. The hands that come out
look like real hands: melds claimed from real discards, flowers, tiles that are missing because
others hold them. Exercises take the winning hand (with its real context: self-drawn or the
discarder's seat, seat and prevalent wind, flowers, last tile of the wall, last of its kind) or a
snapshot of a 13-tile hand in the middle of play.

>>> import random
>>> d = simulated_win(random.Random(5))
>>> from mjlearn.shapes import is_winning
>>> is_winning(d.hand)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..hand import Hand, Meld, MeldKind, WinContext
from ..seats import SEAT_LETTERS
from ..shapes import is_complete
from ..tiles import TILES

__all__ = ["Win", "Snapshot", "simulate", "simulated_win", "snapshot", "counts_to_tiles"]

_SUITED = frozenset(range(27))


@dataclass(frozen=True)
class Win:
    """A hand won in a simulated deal: who won, from whom, and how (a :class:`~mjlearn.hand.WinContext`)."""

    hand: Hand
    winner: int
    """Seat index 0-3 (0 = East, the dealer)."""
    discarder: int | None
    """Seat that discarded the winning tile; None when self-drawn."""
    how: WinContext

    @property
    def self_drawn(self) -> bool:
        return self.how.self_drawn

    @property
    def seat_wind(self) -> str:
        return self.how.seat_wind

    def context(self) -> dict:
        """Keywords for ``mjlearn.mcr.score``."""
        c = self.how
        return {"self_drawn": c.self_drawn, "seat_wind": c.seat_wind, "prevalent_wind": c.prevalent_wind,
                "flowers": c.flowers, "wall_last": c.wall_last, "last_tile": c.last_tile, "kong": c.kong}


@dataclass(frozen=True)
class Snapshot:
    """A 13-tile hand (melds plus concealed tiles) seen after one of its owner's discards."""

    hand: Hand
    seat: int
    turn: int
    before: Hand | None = None
    """The same player's 14 tiles just before that discard (a hand that must discard)."""


@dataclass
class _Player:
    counts: list
    melds: list = field(default_factory=list)
    flowers: int = 0


def counts_to_tiles(counts) -> list:
    return [TILES[i] for i, n in enumerate(counts) for _ in range(n)]


def _keep_value(c: list, i: int, honors_bonus: frozenset) -> float:
    n = c[i]
    if i >= 27:
        v = {1: 1.0, 2: 6.0, 3: 9.0, 4: 9.0}[n]
        return v + (0.6 if i in honors_bonus else 0.0)
    r = i % 9
    v = 4.0 * (n - 1) + 1.5
    for d, w in ((-1, 2.0), (1, 2.0), (-2, 1.0), (2, 1.0)):
        j = r + d
        if 0 <= j < 9 and c[i + d]:
            v += w
    if r in (0, 8):
        v -= 0.5
    return v


def _discard(p: _Player, rng: random.Random, honors_bonus: frozenset) -> int:
    c = p.counts
    best, cands = None, []
    for i in range(34):
        if c[i]:
            v = _keep_value(c, i, honors_bonus) + rng.random() * 0.8
            if best is None or v < best:
                best, cands = v, [i]
    return cands[0]


def _draw(wall: list, tail: list, p: _Player, from_tail: bool = False) -> int | None:
    """Draw one tile (replacing flowers from the tail); None when the wall is empty."""
    while True:
        src = tail if from_tail else wall
        if not wall and not tail:
            return None
        if not src:
            src = wall or tail
        t = src.pop()
        if t >= 34:
            p.flowers += 1
            from_tail = True
            continue
        return t


def simulate(rng: random.Random, *, claim_rate: float = 0.5, prevalent: str | None = None,
             keep_snapshots: bool = False):
    """Play one hand with four bots. Returns (Win or None for a drawn hand, snapshots)."""
    tiles = [i for i in range(34) for _ in range(4)] + list(range(34, 42))
    rng.shuffle(tiles)
    # the live wall is drawn from the end of `wall`; the tail (kong and flower replacements) is `tail`
    tail = tiles[:16]
    wall = tiles[16:]
    players = [_Player([0] * 34) for _ in range(4)]
    prevalent = prevalent or SEAT_LETTERS[rng.randrange(4)]
    for p in players:
        for _ in range(13):
            t = _draw(wall, tail, p)
            p.counts[t] += 1
    seen = [0] * 34  # tiles visible to all: discards and melds
    snapshots: list = []
    bonus = [frozenset({27 + s, 27 + SEAT_LETTERS.index(prevalent), 31, 32, 33}) for s in range(4)]
    turn, seat = 0, 0
    drawn = _draw(wall, tail, players[0])
    kong_draw = False

    def visible(t: int) -> int:
        return seen[t] + sum(m.tiles.count(TILES[t]) for q in players for m in q.melds if m.is_exposed)

    while True:
        p = players[seat]
        if drawn is not None:  # after a draw: self-drawn win, or a concealed kong
            p.counts[drawn] += 1
            if is_complete(p.counts, len(p.melds)):
                p.counts[drawn] -= 1
                return _win(players, seat, None, drawn, prevalent, not wall,
                            visible(drawn) == 3, kong_draw), snapshots
            kong_draw = False
            k = next((i for i in range(34) if p.counts[i] == 4), None)
            if k is not None and len(p.melds) < 4 and tail and rng.random() < claim_rate:
                p.counts[k] = 0
                p.melds.append(Meld(MeldKind.KONG, TILES[k], None))
                drawn = _draw(wall, tail, p, from_tail=True)
                if drawn is None:
                    return None, snapshots
                kong_draw = True
                continue
        out = _discard(p, rng, bonus[seat])
        before = _hand(p, None) if keep_snapshots else None
        p.counts[out] -= 1
        if keep_snapshots:
            snapshots.append(Snapshot(_hand(p, None), seat, turn, before))
        turn += 1
        # claims: a win first (nearest seat in turn order), then pung/kong, then a chow by the next seat
        for k2 in (1, 2, 3):
            s2 = (seat + k2) % 4
            q = players[s2]
            q.counts[out] += 1
            ok = is_complete(q.counts, len(q.melds))
            q.counts[out] -= 1
            if ok:
                return _win(players, s2, seat, out, prevalent, not wall, visible(out) == 3, False), snapshots
        if not wall:
            return None, snapshots
        claimed = False
        for k2 in (1, 2, 3):
            s2 = (seat + k2) % 4
            q = players[s2]
            rate = claim_rate * (1.0 if out >= 27 else 0.5)
            if q.counts[out] >= 2 and len(q.melds) < 4 and rng.random() < rate:
                offer = {1: 1, 2: 2, 3: 3}[(s2 - seat) % 4]
                if q.counts[out] == 3 and tail and rng.random() < 0.5:
                    q.counts[out] = 0
                    q.melds.append(Meld(MeldKind.KONG, TILES[out], offer))
                    seat, claimed = s2, True
                    drawn = _draw(wall, tail, q, from_tail=True)
                    if drawn is None:
                        return None, snapshots
                    kong_draw = True
                else:
                    q.counts[out] -= 2
                    q.melds.append(Meld(MeldKind.PUNG, TILES[out], offer))
                    seat, claimed, drawn = s2, True, None
                break
        if not claimed and out < 27 and rng.random() < claim_rate * 0.4:
            s2 = (seat + 1) % 4
            q = players[s2]
            r = out % 9
            if len(q.melds) < 4:
                for lo in (r - 2, r - 1, r):
                    if 0 <= lo <= 6:
                        base = out - r + lo
                        need = [base + j for j in range(3) if base + j != out]
                        if all(q.counts[j] in (1, 3) for j in need):
                            for j in need:
                                q.counts[j] -= 1
                            q.melds.append(Meld(MeldKind.CHOW, TILES[base], out - base + 1))
                            seat, claimed, drawn = s2, True, None
                            break
        if claimed:
            continue
        seen[out] += 1
        seat = (seat + 1) % 4
        drawn = _draw(wall, tail, players[seat])
        if drawn is None:
            return None, snapshots


def _hand(p: _Player, win_tile: int | None) -> Hand:
    return Hand(melds=tuple(p.melds), concealed=tuple(counts_to_tiles(p.counts)),
                win_tile=TILES[win_tile] if win_tile is not None else None)


def _win(players, seat, discarder, tile, prevalent, wall_last, last_tile, kong) -> Win:
    p = players[seat]
    how = WinContext(self_drawn=discarder is None, seat_wind=SEAT_LETTERS[seat], prevalent_wind=prevalent,
                     flowers=p.flowers, wall_last=wall_last, last_tile=last_tile and not kong, kong=kong)
    return Win(hand=_hand(p, tile), winner=seat, discarder=discarder, how=how)


def simulated_win(rng: random.Random, *, accept=None, tries: int = 60, **kw) -> Win:
    """The first simulated win (for which ``accept(win)`` is true, if given) within ``tries`` deals."""
    last = None
    for _ in range(tries):
        w, _ = simulate(rng, **kw)
        if w is None:
            continue
        last = w
        if accept is None or accept(w):
            return w
    if accept is None and last is None:
        raise RuntimeError("no simulated deal produced a win")  # pragma: no cover (astronomically unlikely)
    return None


def snapshot(rng: random.Random, *, accept=None, tries: int = 40, claim_rate: float = 0.3) -> Snapshot | None:
    """A 13-tile hand seen mid-play (for which ``accept(snapshot)`` is true, if given)."""
    for _ in range(tries):
        _, snaps = simulate(rng, claim_rate=claim_rate, keep_snapshots=True)
        rng.shuffle(snaps)
        for s in snaps:
            if accept is None or accept(s):
                return s
    return None
