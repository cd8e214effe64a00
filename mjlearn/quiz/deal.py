"""Realistic hands for exercises: dealt and played at the table, not drawn as uniform random tiles.

:func:`simulate` deals one hand at a :class:`~mjlearn.table.Table` of the default rule set (the full
144-tile MCR set: wall, dice, the deal, flowers replaced from the tail) and lets the table's simple
computer players (:class:`~mjlearn.table.Bot`) play it to the end: draws, discards, claims and wins
are the table's own, judged by the rule set. The hands that come out look like real hands: melds
claimed from real discards, flowers, tiles that are missing because others hold them. Exercises take
the winning hand (:class:`Win`, a view of the table's :class:`~mjlearn.table.Won` with its real
context: self-drawn or the discarder's seat, seat and prevalent wind, flowers, last tile of the wall,
last of its kind, on a kong) or a :class:`Snapshot` of a 13-tile hand in the middle of play.

The table's players claim whenever a claim brings them nearer to a win; ``claim_rate`` lets them
take only that share of those claims (fewer claims: more concealed hands, more waits to find).

>>> import random
>>> d = simulated_win(random.Random(5))
>>> from mjlearn.shapes import is_winning
>>> is_winning(d.hand)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import overload

from ..hand import Hand, WinContext
from ..rules.registry import DEFAULT
from ..seats import Seat
from ..table import Bot, Discarded, Table, Won, play_hand
from ..tiles import TILES

__all__ = ["Snapshot", "Win", "counts_to_tiles", "simulate", "simulated_win", "snapshot"]


@dataclass(frozen=True)
class Win:
    """A hand won at the table: who won, from whom, and how (a :class:`~mjlearn.hand.WinContext`).

    A view of the table's :class:`~mjlearn.table.Won` event (kept as :attr:`won`): the flowers the
    winner exposed are counted in :attr:`how` instead of written into :attr:`hand`."""

    hand: Hand
    winner: int
    """Seat index 0-3 (0 = East, the dealer)."""
    discarder: int | None
    """Seat that discarded the winning tile (or whose kong was robbed); None when self-drawn."""
    how: WinContext
    won: Won | None = field(default=None, compare=False, repr=False)
    """The table's event this view was taken from."""
    table: Table | None = field(default=None, compare=False, repr=False)
    """The finished table (its log replays the hand)."""

    @classmethod
    def of(cls, table: Table) -> Win:
        """The view of a finished table's (first) win."""
        won = table.winners[0]
        h = won.hand
        return cls(
            hand=replace(h, flowers=()),
            winner=int(won.seat),
            discarder=None if won.from_seat is None else int(won.from_seat),
            how=replace(won.win_context, flowers=won.win_context.flowers + len(h.flowers)),
            won=won,
            table=table,
        )

    @property
    def self_drawn(self) -> bool:
        return self.how.self_drawn

    @property
    def seat_wind(self) -> str:
        return self.how.seat_wind

    def context(self) -> dict:
        """Keywords for ``mjlearn.mcr.score``."""
        c = self.how
        return {
            "self_drawn": c.self_drawn,
            "seat_wind": c.seat_wind,
            "prevalent_wind": c.prevalent_wind,
            "flowers": c.flowers,
            "wall_last": c.wall_last,
            "last_tile": c.last_tile,
            "kong": c.kong,
        }


@dataclass(frozen=True)
class Snapshot:
    """A 13-tile hand (melds plus concealed tiles) seen after one of its owner's discards.

    Taken at every discard of a hand, read for a few: :attr:`hand` and :attr:`before` are built from
    the table's counts when first read."""

    seat: int
    turn: int
    """Discards made at the table before this one (0 = the dealer's first)."""
    melds: tuple
    counts: tuple
    """The 34 concealed counts after the discard."""
    discarded: int
    """Index of the tile discarded."""
    table: Table | None = field(default=None, compare=False)
    """The table the hand was played at (``table.at(at)`` is the table just after this discard)."""
    at: int = 0
    """Events in the table's log up to this discard, itself included."""

    @cached_property
    def hand(self) -> Hand:
        return Hand(melds=self.melds, concealed=tuple(counts_to_tiles(self.counts)))

    @cached_property
    def before(self) -> Hand:
        """The same player's 14 tiles just before that discard (a hand that must discard)."""
        c = list(self.counts)
        c[self.discarded] += 1
        return Hand(melds=self.melds, concealed=tuple(counts_to_tiles(c)))

    def __repr__(self) -> str:
        return f"Snapshot(seat={self.seat}, turn={self.turn}, hand={str(self.hand)!r}, before={str(self.before)!r})"


def counts_to_tiles(counts) -> list:
    return [TILES[i] for i, n in enumerate(counts) for _ in range(n)]


class _Player(Bot):
    """The table's simple player, taking only ``claim_rate`` of the claims it would make (a win is
    always taken), and noting its hand around each of its discards in ``snapshots`` (if a list)."""

    def __init__(self, seed: int, claim_rate: float, snapshots: list | None):
        super().__init__(seed)
        self.claim_rate = claim_rate
        self.snapshots = snapshots

    def choose_claim(self, table, seat):
        what, arg = super().choose_claim(table, seat)
        if what in ("chow", "pung", "kong") and self.rng.random() >= self.claim_rate:
            return "pass", None
        return what, arg

    def act(self, table, seat):
        at = len(table.log) + 1
        e = super().act(table, seat)
        if self.snapshots is not None and type(e) is Discarded:
            self.snapshots.append(
                Snapshot(
                    int(seat),
                    len(self.snapshots),
                    tuple(table.melds[seat]),
                    table.counts(seat),
                    e.tile.index,
                    table,
                    at,
                )
            )
        return e


def simulate(
    rng: random.Random, *, claim_rate: float = 0.5, prevalent: str | None = None, keep_snapshots: bool = False
):
    """Deal and play one hand at the table. Returns (:class:`Win`, or None for a drawn hand; the
    :class:`Snapshot` after every discard when ``keep_snapshots``, else an empty list)."""
    prevalent = prevalent or Seat(rng.randrange(4)).letter
    seed = rng.getrandbits(32)
    snaps: list | None = [] if keep_snapshots else None
    table = play_hand(
        Table(DEFAULT, seed=seed, prevalent_wind=prevalent),
        [_Player(seed * 4 + s, claim_rate, snaps) for s in range(4)],
    )
    return (Win.of(table) if table.winners else None), snaps or []


@overload
def simulated_win(rng: random.Random, *, accept: None = None, tries: int = 60, **kw) -> Win: ...


@overload
def simulated_win(rng: random.Random, *, accept: Callable[[Win], bool], tries: int = 60, **kw) -> Win | None: ...


def simulated_win(rng: random.Random, *, accept=None, tries: int = 60, **kw) -> Win | None:
    """The first win at the table (for which ``accept(win)`` is true, if given) within ``tries`` deals."""
    last = None
    for _ in range(tries):
        w, _ = simulate(rng, **kw)
        if w is None:
            continue
        last = w
        if accept is None or accept(w):
            return w
    if accept is None and last is None:
        raise RuntimeError("no deal at the table produced a win")  # pragma: no cover (astronomically unlikely)
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
