"""One way of judging a hand (:class:`Win`): a reading of the tiles, or a shape-free win, in its
validated :class:`Context`, with the facts the variants' pattern predicates read (suits, pungs,
kongs, wilds, the waits and the role the winning tile played).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from ..hand import Hand, MeldKind
from ..shapes import Form, PartKind, Reading
from ..tiles import Tile
from .wilds import waits_with_wilds

if TYPE_CHECKING:
    from .ruleset import RuleSet

__all__ = ["Context", "Win"]


class Context(Mapping):
    """The validated context of one scoring call: a read-only mapping with attribute access."""

    __slots__ = ("_d",)

    def __init__(self, d: dict):
        object.__setattr__(self, "_d", dict(d))

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __getattr__(self, k):
        try:
            return self._d[k]
        except KeyError:
            raise AttributeError(f"this rule set has no context keyword {k!r}") from None

    def __setattr__(self, k, v):
        raise AttributeError("Context is read-only")

    def __repr__(self):
        return f"Context({self._d!r})"


@dataclass(frozen=True)
class Win:
    """One way of judging the hand: a reading (or a shape-free win) in its context."""

    rules: RuleSet
    hand: Hand
    ctx: Context
    reading: Reading | None
    """The reading with wilds replaced by what they stood for; None for a shape-free win."""
    wilds: tuple[tuple[Tile, ...], ...] = ()
    """Parallel to ``reading.parts``: the tiles that wilds stood for in each part."""
    shape: str = ""
    """The shape name: ``regular``, ``seven_pairs``… or a variant's shape-free win (``all_258``)."""

    # --- situation ---
    @property
    def self_drawn(self) -> bool:
        return self.ctx.get("self_drawn", False)

    @property
    def winner(self) -> str:
        return self.ctx.get("winner", "E")

    @property
    def dealer(self) -> str:
        return self.ctx.get("dealer", "E")

    @property
    def discarder(self) -> str | None:
        return None if self.self_drawn else self.ctx.get("discarder")

    @property
    def is_dealer(self) -> bool:
        return self.winner == self.dealer

    @property
    def wild_tile(self) -> Tile | None:
        return self.ctx.get("wild")

    # --- tiles ---
    @property
    def concealed(self) -> bool:
        """No chow, pung or exposed kong (门清); concealed kongs are fine."""
        return self.hand.is_concealed

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """All 14+ tiles as they are read (a wild counts as what it stood for)."""
        if self.reading is None:
            return tuple(self.hand.tiles())
        return tuple(t for p in self.reading.parts for t in p.tiles)

    @cached_property
    def suits(self) -> frozenset[str]:
        return frozenset(t.suit.value for t in self.tiles if t.is_suited)

    @property
    def has_honors(self) -> bool:
        return any(t.is_honor for t in self.tiles)

    @cached_property
    def wild_count(self) -> int:
        """Copies of the wild tile in the hand (natural or substituted)."""
        w = self.wild_tile
        return 0 if w is None else sum(1 for t in self.hand.tiles() if t is w)

    @cached_property
    def substituted(self) -> int:
        """Wilds that stood for another tile than themselves."""
        w = self.wild_tile
        return sum(1 for part in self.wilds for t in part if t is not w)

    def part_substituted(self, i: int) -> int:
        w = self.wild_tile
        return sum(1 for t in self.wilds[i] if t is not w) if self.wilds else 0

    @property
    def form(self) -> Form | None:
        return None if self.reading is None else self.reading.form

    @property
    def sets(self):
        return () if self.reading is None else self.reading.sets

    @property
    def pair(self):
        return None if self.reading is None else self.reading.pair

    @property
    def pung_count(self) -> int:
        return sum(1 for p in self.sets if p.is_pung_or_kong)

    @property
    def chow_count(self) -> int:
        return sum(1 for p in self.sets if p.kind is PartKind.CHOW)

    def kongs(self, concealed: bool | None = None) -> list:
        out = [m for m in self.hand.melds if m.kind is MeldKind.KONG]
        if concealed is None:
            return out
        return [m for m in out if m.is_concealed == concealed]

    # --- waits ---
    @cached_property
    def waits(self) -> frozenset[Tile]:
        """Every tile that would have completed the hand before the winning tile (wilds as jokers)."""
        return _waits(self.hand, self.wild_tile)

    @cached_property
    def wait_roles(self) -> frozenset[str]:
        """Every role the winning tile can play in this reading: ``closed`` (坎张), ``edge`` (边张),
        ``single`` (单钓, on the pair), ``pair_pung`` (双碰), ``open`` (两面).

        Only groups formed from concealed tiles can hold it (a declared meld was complete before),
        and a group where every copy of the winning tile is a wild's stand-in does not count."""
        win = self.hand.win_tile
        if win is None or self.reading is None:
            return frozenset()
        roles = set()
        for i, p in enumerate(self.reading.parts):
            if p.is_declared or win not in p.tiles:
                continue
            if self.wilds and self.wilds[i] and p.tiles.count(win) == self.wilds[i].count(win):
                continue  # the winning tile is not a wild's stand-in here
            if p.kind is PartKind.PAIR:
                roles.add("single")
            elif p.kind is PartKind.PUNG:
                roles.add("pair_pung")
            elif p.kind is PartKind.CHOW:
                pos = p.tiles.index(win)
                if pos == 1:
                    roles.add("closed")
                elif (pos == 2 and p.tiles[0].rank == 1) or (pos == 0 and p.tiles[0].rank == 7):
                    roles.add("edge")
                else:
                    roles.add("open")
        return frozenset(roles)

    @cached_property
    def wait_kind(self) -> str:
        """The one role a scorer credits (the first of closed, edge, single, pair_pung, open that
        the tile can play; seven pairs always wait single), or ``""``."""
        roles = self.wait_roles
        if self.form is Form.SEVEN_PAIRS:
            return "single" if roles else ""
        return next((k for k in ("closed", "edge", "single", "pair_pung", "open") if k in roles), "")

    @property
    def single_wait(self) -> bool:
        """Only one tile could have completed the hand. The wild tile is left out: drawn, it would
        complete any ready hand as a joker, so it says nothing about the shape of the wait."""
        return len(self.waits - {self.wild_tile}) == 1


@lru_cache(maxsize=256)
def _waits(hand: Hand, wild: Tile | None) -> frozenset[Tile]:
    """The waits of a hand, shared by every reading of it judged in one scoring call."""
    return waits_with_wilds(hand, wild)
