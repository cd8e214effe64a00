"""The setup of a hand as a sequence of events: the wall built, the dice, the break, the deal and the
jump draw, flowers replaced, the wild turned up, each as the rule set's table facts say."""

from __future__ import annotations

from ..seats import SEATS, Seat
from ..tiles import TILES, Tile
from .events import (DiceThrown, Event, FlowerReplaced, SetAside, TailTurnedUp, TilesDealt, WallBroken, WallBuilt,
                     WildTurnedUp)
from .wall import roll_dice, wall_owner
from .state import TableState, next_in_sequence

__all__ = ["SetupSteps"]


class SetupSteps(TableState):
    """The setup steps of :class:`~mjlearn.table.Table`, one event at a time."""

    def _throw(self, n: int) -> tuple[int, ...]:
        if self._dice:
            d = tuple(self._dice.pop(0))
            if len(d) != n or not all(isinstance(x, int) and 1 <= x <= 6 for x in d):
                raise ValueError(f"expected a throw of {n} dice (1-6 each), got {d!r}")
            return d
        return roll_dice(self._rng, n)

    def step_setup(self) -> Event | None:
        """Play the next setup step and return its event (None when the setup is over)."""
        return next(self._setup, None)

    def finish_setup(self) -> None:
        """Play every remaining setup step."""
        for _ in self._setup:
            pass

    def _setup_steps(self):
        cfg, wall, rs = self.facts, self.wall, self._ruleset
        yield self._emit(WallBuilt(rs.name, wall.arrangement, self.seed, self.prevalent_wind, rs,
                                   tuple(sorted(self.extra_context.items()))))
        d = self._throw(cfg.dice)
        yield self._emit(DiceThrown(Seat.E, d, "wall"))
        owner = wall_owner(Seat.E, sum(d))
        k = sum(d)
        if cfg.break_rule == "dealer_plus_owner":
            e = self._throw(2)
            yield self._emit(DiceThrown(owner, e, "break"))
            k += sum(e)
        wall.set_break(owner, k)
        yield self._emit(WallBroken(owner, k))
        for _round in range(3):
            for seat in SEATS:
                got = [wall.draw_live() for _ in range(4)]
                for _, t in got:
                    self.hands[seat][t] += 1
                yield self._emit(TilesDealt(seat, tuple(TILES[t] for _, t in got), tuple(p for p, _ in got)))
        a = wall.next_live()
        E, S, W, N = SEATS
        if cfg.final_draw == "tops_ab":   # dealer: top(A), top(B); S bottom(A), W bottom(B), N top(C)
            plan = ((E, (a, a + 2)), (S, (a + 1,)), (W, (a + 3,)), (N, (a + 4,)))
        else:                          # jump draw: E top(A), top(C); S bottom(A), W top(B), N bottom(B)
            plan = ((E, (a, a + 4)), (S, (a + 1,)), (W, (a + 2,)), (N, (a + 3,)))
        for seat, positions in plan:
            ts = [wall.take(p) for p in positions]
            for t in ts:
                self.hands[seat][t] += 1
            yield self._emit(TilesDealt(seat, tuple(TILES[t] for t in ts), positions, jump=True))
        self._drawn = TILES[wall.tiles[a + (2 if cfg.final_draw == "tops_ab" else 4)]]
        if cfg.wild == "live_next":     # Huopin: the next live tile, skipping flowers (A-HP-5)
            p = wall.next_live()
            while self._is_flower(wall.tiles[p]):
                wall.face_up.add(p)
                p += 1
            yield self._turn_up(p, next_in_sequence(TILES[wall.tiles[p]]))
        dealer_last, dealer_kind = self._drawn, "deal"
        if self._flower_kinds < 42:
            pass_no = 0
            while any(self._is_flower(i) and n for h in self.hands for i, n in enumerate(h)):
                pass_no += 1
                for seat in SEATS:
                    h = self.hands[seat]
                    for i in [i for i in range(self._flower_kinds, 42) for _ in range(h[i])]:
                        if wall.next_tail(0) is None:
                            raise RuntimeError("the wall ran out during flower replacement")
                        yield self._replace_flower(seat, i, pass_no)
                        if seat is Seat.E:
                            dealer_last, dealer_kind = self._drawn, "flower"
            # the dealer's "drawn" tile (for a self-drawn win before his first discard) is his own last one
            self._drawn, self._drawn_kind = dealer_last, dealer_kind
        if cfg.wild == "tail_same":     # Fuzhou: the first tail tile after the flowers (A-FZ-2, A-FZ-3)
            p = wall.next_tail(0)
            while self._is_flower(wall.tiles[p]):
                t = wall.set_aside(p)
                self.set_aside.append(TILES[t])
                yield self._emit(SetAside(TILES[t], p))
                p = wall.next_tail(0)
            yield self._turn_up(p, TILES[wall.tiles[p]])
        elif cfg.wild == "tail7_next":  # Beijing: top of the 7th stack from the tail (A-BJ-1)
            p = 2 * (len(wall.order) - 7)
            yield self._turn_up(p, next_in_sequence(TILES[wall.tiles[p]]))
        if cfg.face_up_tail:            # Yunnan: the top tiles of the last two stacks (A-YN-2)
            ps = tuple(2 * (len(wall.order) - 1 - j) for j in range(cfg.face_up_tail))
            wall.face_up.update(ps)
            wall.tail_skip.update(ps)
            yield self._emit(TailTurnedUp(tuple(TILES[wall.tiles[p]] for p in ps), ps))
        self.phase = "discard"
        self.turn = Seat.E

    def _turn_up(self, pos: int, wild: Tile) -> Event:
        self.wall.face_up.add(pos)
        self._wild_pos = pos
        self.wild_indicator = TILES[self.wall.tiles[pos]]
        self.wild = wild
        return self._emit(WildTurnedUp(self.wild_indicator, wild, pos))

    def _replace_flower(self, seat: Seat, flower: int, pass_no: int | None) -> Event:
        self.hands[seat][flower] -= 1
        self.flowers[seat].append(TILES[flower])
        p, t = self.wall.draw_tail(0)
        self.hands[seat][t] += 1
        self._drawn = TILES[t]
        self._drawn_kind = "flower"
        return self._emit(FlowerReplaced(seat, TILES[flower], TILES[t], p, pass_no))
