"""The setup of a hand as a sequence of events: the wall built, the dice, the break, the deal and the
jump draw, flowers replaced, the wild turned up, each as the rule set's table facts say."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..seats import SEATS, Seat
from ..tiles import TILES, Tile
from .events import (
    DiceThrown,
    Event,
    FlowerReplaced,
    SetAside,
    TailTurnedUp,
    TilesDealt,
    WallBroken,
    WallBuilt,
    WildTurnedUp,
)
from .state import next_in_sequence
from .wall import roll_dice, wall_owner

if TYPE_CHECKING:
    from .play import Table

__all__ = ["SetupSteps", "deal_rounds"]


def deal_rounds(hand_size: int) -> tuple[int, ...]:
    """The tiles each seat takes in each round of the deal before the jump draw: four at a time,
    the last round what is left, so that the jump draw completes ``hand_size - 1`` (the dealer's
    ``hand_size``).

    >>> deal_rounds(14), deal_rounds(11), deal_rounds(8), deal_rounds(5)
    ((4, 4, 4), (4, 4, 1), (4, 2), (3,))
    """
    n = hand_size - 2
    return (4,) * (n // 4) + ((n % 4,) if n % 4 else ())


class SetupSteps:
    """The setup steps of :class:`~mjlearn.table.Table`, one event at a time."""

    def __init__(self, table: Table) -> None:
        self.t = table
        """The table whose state this part reads and changes."""

    def _throw(self, n: int) -> tuple[int, ...]:
        if self.t._dice:
            d = tuple(self.t._dice.pop(0))
            if len(d) != n or not all(isinstance(x, int) and 1 <= x <= 6 for x in d):
                raise ValueError(f"expected a throw of {n} dice (1-6 each), got {d!r}")
            return d
        return roll_dice(self.t._rng, n)

    def step_setup(self) -> Event | None:
        """Play the next setup step and return its event (None when the setup is over)."""
        return next(self.t._setup, None)

    def finish_setup(self) -> None:
        """Play every remaining setup step."""
        for _ in self.t._setup:
            pass

    def steps(self):
        """The setup as a generator of events (the table keeps one and steps through it)."""
        cfg, wall, rs = self.t.facts, self.t.wall, self.t._ruleset
        yield self.t._emit(
            WallBuilt(
                rs.name,
                wall.arrangement,
                self.t.seed,
                self.t.prevalent_wind,
                rs,
                tuple(sorted(self.t.extra_context.items())),
            )
        )
        d = self._throw(cfg.dice)
        yield self.t._emit(DiceThrown(Seat.E, d, "wall"))
        owner = wall_owner(Seat.E, sum(d))
        k = sum(d)
        if cfg.break_rule == "dealer_plus_owner":
            e = self._throw(2)
            yield self.t._emit(DiceThrown(owner, e, "break"))
            k += sum(e)
        wall.set_break(owner, k)
        yield self.t._emit(WallBroken(owner, k))
        for size in deal_rounds(rs.table.hand_size):
            for seat in SEATS:
                got = [wall.draw_live() for _ in range(size)]
                for _, t in got:
                    self.t.hands[seat][t] += 1
                yield self.t._emit(TilesDealt(seat, tuple(TILES[t] for _, t in got), tuple(p for p, _ in got)))
        a = wall.next_live()
        assert a is not None  # the deal took 48 of the tiles, not all
        E, S, W, N = SEATS
        if cfg.final_draw == "tops_ab":  # dealer: top(A), top(B); S bottom(A), W bottom(B), N top(C)
            plan = ((E, (a, a + 2)), (S, (a + 1,)), (W, (a + 3,)), (N, (a + 4,)))
        else:  # jump draw: E top(A), top(C); S bottom(A), W top(B), N bottom(B)
            plan = ((E, (a, a + 4)), (S, (a + 1,)), (W, (a + 2,)), (N, (a + 3,)))
        for seat, positions in plan:
            ts = [wall.take(p) for p in positions]
            for t in ts:
                self.t.hands[seat][t] += 1
            yield self.t._emit(TilesDealt(seat, tuple(TILES[t] for t in ts), positions, jump=True))
        self.t._drawn = TILES[wall.tiles[a + (2 if cfg.final_draw == "tops_ab" else 4)]]
        if cfg.wild == "live_next":  # Huopin: the next live tile, skipping flowers (``flower_indicator``)
            p = wall.next_live()
            assert p is not None
            while self.t._is_flower(wall.tiles[p]):
                wall.face_up.add(p)
                p += 1
            yield self._turn_up(p, next_in_sequence(TILES[wall.tiles[p]]))
        dealer_last, dealer_kind = self.t._drawn, "deal"
        if self.t._flower_kinds < 42:
            pass_no = 0
            while any(self.t._is_flower(i) and n for h in self.t.hands for i, n in enumerate(h)):
                pass_no += 1
                for seat in SEATS:
                    h = self.t.hands[seat]
                    for i in [k for k in range(self.t._flower_kinds, 42) for _ in range(h[k])]:
                        if wall.next_tail(0) is None:
                            raise RuntimeError("the wall ran out during flower replacement")
                        yield self.replace_flower(seat, i, pass_no)
                        if seat is Seat.E:
                            dealer_last, dealer_kind = self.t._drawn, "flower"
            # the dealer's "drawn" tile (for a self-drawn win before his first discard) is his own last one
            self.t._drawn, self.t._drawn_kind = dealer_last, dealer_kind
        if cfg.wild == "tail_same":  # Fuzhou: the first tail tile after the flowers (``indicator_flower``)
            p = wall.next_tail(0)
            assert p is not None  # after the deal the wall still has tiles
            while self.t._is_flower(wall.tiles[p]):
                t = wall.set_aside(p)
                self.t.set_aside.append(TILES[t])
                yield self.t._emit(SetAside(TILES[t], p))
                p = wall.next_tail(0)
                assert p is not None
            yield self._turn_up(p, TILES[wall.tiles[p]])
        elif cfg.wild == "tail7_next":  # Beijing: top of the 7th stack from the tail (``wild_selection``)
            p = 2 * (len(wall.order) - 7)
            yield self._turn_up(p, next_in_sequence(TILES[wall.tiles[p]]))
        if cfg.face_up_tail:  # Yunnan: the top tiles of the last two stacks (``tail_tiles``)
            ps = tuple(2 * (len(wall.order) - 1 - j) for j in range(cfg.face_up_tail))
            wall.face_up.update(ps)
            wall.tail_skip.update(ps)
            yield self.t._emit(TailTurnedUp(tuple(TILES[wall.tiles[p]] for p in ps), ps))
        self.t.phase = "discard"
        self.t.turn = Seat.E

    def _turn_up(self, pos: int, wild: Tile) -> Event:
        self.t.wall.face_up.add(pos)
        self.t._wild_pos = pos
        self.t.wild_indicator = TILES[self.t.wall.tiles[pos]]
        self.t.wild = wild
        return self.t._emit(WildTurnedUp(self.t.wild_indicator, wild, pos))

    def replace_flower(self, seat: Seat, flower: int, pass_no: int | None) -> Event:
        """Expose ``seat``'s flower and replace it from the tail (during the deal or in play)."""
        self.t.hands[seat][flower] -= 1
        self.t.flowers[seat].append(TILES[flower])
        p, t = self.t.wall.draw_tail(0)
        self.t.hands[seat][t] += 1
        self.t._drawn = TILES[t]
        self.t._drawn_kind = "flower"
        return self.t._emit(FlowerReplaced(seat, TILES[flower], TILES[t], p, pass_no))
