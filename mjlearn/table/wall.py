"""The wall (牌墙): the four-sided square of stacks, dice, the break, and both ends of the draw.

Geometry. Each seat has a wall of ``L`` stacks of two tiles (top, bottom)
in front of it; stacks are numbered 1..L from the owner's right end to his left end. Counting on
past the left end leads into the wall of the owner's 上家 (the previous seat), so reading the
stacks right to left runs clockwise around the table, against the turn order. From the selected
wall ``x`` the stacks form one circle ``C``: ``W[x][1..L]``, ``W[x-1][1..L]``, ... Breaking after
the k-th stack makes ``C[k+1]`` the first stack of the live end (drawn top, then bottom, going
forward) and ``C[k]`` the tail (replacement end, drawn backwards). Both ends eat the same circle.

Internally the wall is one sequence in draw order: position ``2*i`` is the top and
``2*i + 1`` the bottom of the ``i``-th stack after the break; the physical place of every
position is kept for display.

>>> import random
>>> from mjlearn.table.wall import Wall
>>> w = Wall.build("mcr", random.Random(1))
>>> len(w), w.stacks_per_wall
(144, (18, 18, 18, 18))
>>> w.set_break(owner="S", k=6)       # South's wall, after its 6th stack
>>> w.order[0], w.order[-1]           # first live stack, and the tail stack (seat, stack number)
((Seat.S, 7), (Seat.S, 6))
"""

from __future__ import annotations

import random as _random
from collections.abc import Iterable

from ..rules.base import RuleSet
from ..rules.registry import get as _get_rules
from ..seats import Seat
from ..tiles import TILES, Tile
from .render import wall_html

__all__ = ["Wall", "roll_dice", "tile_set", "wall_owner", "wall_stacks"]

_STACKS = {
    144: (18,) * 4,
    136: (17,) * 4,
    108: (14, 13, 14, 13),
    72: (9,) * 4,  # the ladder's small games (mjlearn.rules.small_games): two suits
    64: (8,) * 4,  # one suit, winds and dragons
    48: (6,) * 4,  # one suit and dragons
    36: (5, 4, 5, 4),  # one suit
}

# position states
UNTAKEN, LIVE, TAIL, ASIDE = 0, 1, 2, 3


def tile_set(rules) -> list[int]:
    """Tile indices of a full set for a rule set (a name or :class:`~mjlearn.rules.RuleSet`): 108, 136
    or 144 tiles (fewer for a small game of the ladder, ``TileSet.kinds``), sorted."""
    ts = _get_rules(rules).tiles
    flowers = ts.flowers != "none"
    kinds: Iterable[int] = range(34) if ts.honors or flowers else range(27)  # honors may be played as flowers
    if ts.kinds:
        kinds = ts.kinds
    out = [i for i in kinds for _ in range(4)]
    if flowers:
        out.extend(range(34, 42))
    return out


def wall_stacks(tiles: int) -> tuple[int, int, int, int]:
    """Stacks (two tiles each) in front of East, South, West, North for a set of ``tiles``: 144 -> 18
    each, 136 -> 17, 108 -> 14, 13, 14, 13 (and the ladder's small sets: 72, 64, 48, 36)."""
    try:
        return _STACKS[tiles]
    except KeyError:
        raise ValueError(f"a wall is built from 108, 136 or 144 tiles (or 72, 64, 48, 36), not {tiles}") from None


def roll_dice(rng: _random.Random, n: int) -> tuple[int, ...]:
    """Throw ``n`` six-sided dice with a seeded :class:`random.Random`."""
    return tuple(rng.randint(1, 6) for _ in range(n))


def wall_owner(dealer: Seat | int, total: int) -> Seat:
    """The seat reached counting ``total`` seats counterclockwise (in turn order) with the dealer as 1.

    >>> [str(wall_owner(Seat.E, s)) for s in (5, 6, 7, 8)]
    ['E', 'S', 'W', 'N']
    """
    return Seat.of(dealer).after(total - 1)


class Wall:
    """The wall of one hand: tiles in their physical places, the break, and what has been taken.

    Mutable while a hand is played (the :class:`~mjlearn.table.play.Table` owns it); every change
    is also recorded as an event, so the log alone rebuilds it.
    """

    def __init__(self, rules, arrangement: Iterable[int]):
        self.rules: RuleSet = _get_rules(rules)
        expected = tile_set(self.rules)
        self.stacks_per_wall: tuple[int, ...] = wall_stacks(len(expected))
        arrangement = tuple(arrangement)
        if sorted(arrangement) != expected:
            raise ValueError(f"a {self.rules.name} wall needs exactly the {len(expected)} tiles of its set")
        self.arrangement: tuple[int, ...] = arrangement
        """Tile indices in physical order: East's stacks 1..L (top, bottom), then South, West, North."""
        self._offsets = [0]
        for L in self.stacks_per_wall:
            self._offsets.append(self._offsets[-1] + 2 * L)
        self.order: list[tuple[Seat, int]] = []
        """Stacks as (seat, stack number 1..L) in draw order from the break; ``order[-1]`` is the tail."""
        self.tiles: list[int] = []
        """Tile index at each draw-order position."""
        self.state = bytearray(len(arrangement))
        self.face_up: set[int] = set()
        """Positions turned face up (wild indicators, Yunnan's tail tiles)."""
        self.tail_skip: set[int] = set()
        """Positions the tail end passes over (Yunnan's face-up tiles, taken only as a winning tile)."""
        self.break_owner: Seat | None = None
        self.break_k: int | None = None
        self._front = 0
        self._back = 0
        self.taken = 0

    @classmethod
    def build(cls, rules, rng: _random.Random) -> Wall:
        """Shuffle a full set with ``rng`` and build the four walls."""
        tiles = tile_set(rules)
        rng.shuffle(tiles)
        return cls(rules, tiles)

    def __len__(self) -> int:
        return len(self.arrangement)

    # --- geometry -------------------------------------------------------------

    def physical_index(self, seat: Seat | int, stack: int, layer: int) -> int:
        """Index into :attr:`arrangement` of a seat's stack (1..L) and layer (0 top, 1 bottom)."""
        return self._offsets[seat] + 2 * (stack - 1) + layer

    def set_break(self, owner: Seat | int | str, k: int) -> None:
        """Break the wall after the ``k``-th stack counted from the right end of ``owner``'s wall,
        continuing into the 上家's wall when ``k`` passes the end."""
        owner = Seat.of(owner, name="owner")
        circle = [(s, j) for s in (owner.after(-d) for d in range(4)) for j in range(1, self.stacks_per_wall[s] + 1)]
        k %= len(circle)
        self.order = circle[k:] + circle[:k]
        self.tiles = [self.arrangement[self.physical_index(s, j, layer)] for s, j in self.order for layer in (0, 1)]
        self.break_owner, self.break_k = owner, k
        self._front = 0
        self._back = len(self.order) - 1

    def place(self, pos: int) -> tuple[Seat, int, int]:
        """(seat, stack number, layer) of a draw-order position."""
        s, j = self.order[pos >> 1]
        return s, j, pos & 1

    # --- drawing ----------------------------------------------------------------

    @property
    def remaining(self) -> int:
        """Tiles not yet taken (face-up ones included)."""
        return len(self.tiles) - self.taken

    def _take(self, pos: int, how: int) -> int:
        if self.state[pos]:
            raise ValueError(f"wall position {pos} was already taken")
        self.state[pos] = how
        self.taken += 1
        return self.tiles[pos]

    def take(self, pos: int) -> int:
        """Take a given position from the live end (the deal's jump draw takes tiles out of order)."""
        return self._take(pos, LIVE)

    def next_live(self) -> int | None:
        """The next live position, or None when every tile is taken."""
        p, n, st = self._front, len(self.tiles), self.state
        while p < n and st[p]:
            p += 1
        self._front = p
        return p if p < n else None

    def reserve_limit(self, reserve: int) -> int:
        """Stack index the live end may not reach: the ``reserve``-th whole stack from the tail.
        Half stacks left by replacements do not count."""
        if reserve <= 0:
            return len(self.order)
        st, found, i = self.state, 0, self._back
        while i >= 0:
            if not st[2 * i] and not st[2 * i + 1]:
                found += 1
                if found == reserve:
                    return i
            i -= 1
        return -1

    def live_left(self, reserve: int = 0) -> int:
        """Tiles the live end may still draw before it reaches the reserve."""
        limit = self.reserve_limit(reserve)
        st = self.state
        return (
            sum(1 for p in range(self._front, 2 * max(limit, 0)) if not st[p] and p not in self.tail_skip)
            if limit > 0
            else 0
        )

    def can_draw_live(self, reserve: int = 0) -> bool:
        p = self.next_live()
        if p is None:
            return False
        return reserve <= 0 or (p >> 1) < self.reserve_limit(reserve)

    def draw_live(self) -> tuple[int, int]:
        """Take the next live tile: (position, tile index)."""
        p = self.next_live()
        if p is None:
            raise ValueError("the wall is empty")
        return p, self._take(p, LIVE)

    def next_tail(self, prefer: int = 0) -> int | None:
        """The next tail position: layer ``prefer`` (0 top, 1 bottom) of the last stack with a tile,
        else its other layer (Xi'an); None when the wall is empty."""
        st, skip = self.state, self.tail_skip
        i = self._back
        while i >= 0:
            a, b = 2 * i + prefer, 2 * i + 1 - prefer
            if not st[a] and a not in skip:
                return a
            if not st[b] and b not in skip:
                return b
            if st[2 * i] and st[2 * i + 1]:
                self._back = i - 1
            i -= 1
        return None

    def draw_tail(self, prefer: int = 0) -> tuple[int, int]:
        """Take the next tail (replacement) tile: (position, tile index)."""
        p = self.next_tail(prefer)
        if p is None:
            raise ValueError("the wall is empty")
        return p, self._take(p, TAIL)

    def take_tail_at(self, pos: int) -> int:
        """Take a chosen tail position (a Yunnan face-up tile taken as a kong-bloom win)."""
        return self._take(pos, TAIL)

    def set_aside(self, pos: int) -> int:
        """Take a position out of play (Fuzhou: a flower turned up when looking for the 金)."""
        return self._take(pos, ASIDE)

    def untaken_tiles(self) -> list[int]:
        """Tile indices still in the wall, in draw order (physical order before the break)."""
        if not self.order:
            return list(self.arrangement)
        return [t for p, t in enumerate(self.tiles) if not self.state[p]]

    def copy(self) -> Wall:
        w = Wall.__new__(Wall)
        w.__dict__.update(self.__dict__)
        w.state = bytearray(self.state)
        w.face_up = set(self.face_up)
        w.tail_skip = set(self.tail_skip)
        w.order = list(self.order)
        w.tiles = list(self.tiles)
        return w

    # --- display ---------------------------------------------------------------

    def tile_at(self, pos: int) -> Tile:
        return TILES[self.tiles[pos]]

    def _repr_html_(self) -> str:
        return wall_html(self)

    def __repr__(self) -> str:
        return (
            f"<Wall {self.rules.name}: {len(self)} tiles, {self.remaining} left, "
            f"break after stack {self.break_k} of {self.break_owner.letter!r}>"
            if self.break_owner is not None
            else f"<Wall {self.rules.name}: {len(self)} tiles, not broken>"
        )
