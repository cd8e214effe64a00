"""A hand of play as a state machine: the deal, draws, discards, claims, kongs, the win or a draw.

Every step is a frozen event appended to :attr:`Table.log`. Players act through a legality
triple, as in pokerkit: ``verify_discard(seat, tile)`` raises :class:`IllegalActionError` with a
sentence a learner can read (English and Chinese), ``can_discard(...)`` is the boolean, and
``discard(...)`` acts and returns the event. The same holds for ``draw``, ``chow``, ``pung``,
``kong``, ``win`` and ``pass_``. A refused action changes nothing.

Phases (:attr:`Table.phase`):

``"draw"``     the player whose turn it is must draw (:meth:`Table.draw`);
``"discard"``  he holds 14 tiles (kongs as three): discard, declare a kong of his own, or win;
``"claim"``    a discard lies on the table; the seats that could claim it (:attr:`Table.pending`)
               each call chow, pung, kong, win or pass; when all have answered, the claims are
               resolved by priority: win > pung/kong > chow (a chow only by the discarder's 下家);
``"rob"``      an added kong was declared; seats that could win on that tile may rob it;
``"over"``     a win or an exhausted wall.

Seats are 0-3 = East (dealer), South, West, North; the next player is the 下家 on one's right.

>>> from mjlearn.table import Table
>>> t = Table("mcr", seed=7)
>>> t.phase, t.turn, [t.tile_count(s) for s in range(4)]
('discard', 0, [14, 13, 13, 13])
>>> t.can_discard(1, "5m")
False
>>> t.verify_discard(1, "5m")
Traceback (most recent call last):
...
mjlearn.table.play.IllegalActionError: It is East's turn to play, not South's. / 现在轮到东家出牌，不是南家。
"""

from __future__ import annotations

import random as _random

from ..errors import InvalidHandError
from ..hand import Hand, Meld, MeldKind
from ..tiles import TILES, Tile, tile as _tile
from ..rules.base import RuleSet
from ..rules.registry import DEFAULT, get as _get_rules
from ..rules.wilds import shape_complete, special_shape
from .events import (BirdTurnedUp, CalledCheck, Chowed, Declared, DiceThrown, Discarded, Drew, Event, Exhausted,
                     FlowerReplaced, HaidiOffered, Konged, OnDealWin, Punged, ReplacementDrawn, SEAT_EN, SEAT_ZH, SetAside, TailTurnedUp,
                     TilesDealt, WallBroken, WallBuilt, WildTurnedUp, Won)
from .wall import SEAT_LETTERS, Wall, roll_dice, tile_set, wall_owner

__all__ = ["Table", "IllegalActionError", "replay", "next_in_sequence", "relative_seat"]


class IllegalActionError(ValueError):
    """An action the rules do not allow now. ``en`` and ``zh`` say why, for a learner."""

    def __init__(self, en: str, zh: str):
        self.en, self.zh = en, zh
        super().__init__(f"{en} / {zh}")


def next_in_sequence(t: Tile) -> Tile:
    """The tile after ``t``: 1-9 wrapping within a suit, honors E S W N C F P E (A-BJ-1, A-HP-3).

    >>> [str(next_in_sequence(_tile(x))) for x in ("5m", "9p", "N", "P")]
    ['6m', '1p', 'C', 'E']
    """
    i = t.index
    if i < 27:
        return TILES[i - i % 9 + (i % 9 + 1) % 9]
    if i < 34:
        return TILES[27 + (i - 27 + 1) % 7]
    raise ValueError(f"a flower ({t}) has no next tile")


def relative_seat(me: int, other: int) -> int:
    """Where ``other`` sits seen from ``me``: 1 left (上家), 2 opposite (对家), 3 right (下家)."""
    return (me - other) % 4


# --- the table -------------------------------------------------------------------------------------

class Table:
    """One hand of mahjong from the shuffle to the win or the draw.

    ``Table(rules, seed)`` shuffles with ``random.Random(seed)`` and plays the whole setup (build,
    dice, break, deal, jump draw, flowers, wild); pass ``setup=False`` and call
    :meth:`step_setup` to go through it one event at a time. ``arrangement`` (tile indices in
    physical wall order) and ``dice`` (a list of throws) replace the random ones, e.g. to follow a
    worked example.
    """

    def __init__(self, rules=DEFAULT, seed: int | None = None, *, arrangement=None, dice=None,
                 prevalent_wind: str = "E", setup: bool = True, rule_options=None, context=None):
        rs = _get_rules(rules)
        if rule_options:
            rs = rs.with_options(**dict(rule_options))
        self._ruleset: RuleSet = rs
        self.facts = rs.table
        """The rule set's :class:`~mjlearn.rules.TableFacts`: wall, deal, flowers, wild, claims."""
        self.extra_context: dict = dict(context or {})
        """Context keywords that come from outside the hand (a :class:`Session` gives the dealer's
        streak ``streak`` and the drawn hands before this one ``shang_lou``); passed to the rule set."""
        if prevalent_wind not in ("E", "S", "W", "N"):
            raise ValueError(f"prevalent_wind must be E, S, W or N, got {prevalent_wind!r}")
        self.seed = seed
        self.prevalent_wind = prevalent_wind
        self._rng = _random.Random(seed)
        self._dice = list(dice) if dice is not None else None
        cfg = self.facts
        if arrangement is None:
            arrangement = tile_set(rs)
            self._rng.shuffle(arrangement)
        self.wall = Wall(rs, arrangement)
        self.log: list[Event] = []
        self.hands: list[list[int]] = [[0] * 42 for _ in range(4)]
        """Concealed tile counts by seat, 42 long (flowers during the deal only)."""
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.flowers: list[list[Tile]] = [[] for _ in range(4)]
        self.ponds: list[list[list]] = [[] for _ in range(4)]
        """Discards by seat, in order, as [tile, taken_by] (taken_by: the seat that claimed it)."""
        self.set_aside: list[Tile] = []
        self.wild: Tile | None = None
        self.wild_indicator: Tile | None = None
        self.phase = "setup"
        self.turn = 0
        self.pending: set[int] = set()
        """Seats whose answer to a discard (or an added kong) is still awaited."""
        self.calls: dict[int, tuple] = {}
        self.last_discard: tuple[int, Tile] | None = None
        self.kongs = 0
        self.claims_left = [cfg.claim_limit if cfg.claim_limit is not None else -1] * 4
        self.winners: list[Won] = []
        self._drawn: Tile | None = None
        self._drawn_kind = "deal"
        self._after_claim: Tile | None = None
        self._final = False
        self._robbing: tuple[int, Tile] | None = None
        ts = rs.tiles
        self._flower_kinds = 99 if ts.flowers == "none" else (34 if ts.honors else 27)
        """Tile indices from here on are flowers (27: the honors are played as flowers too)."""
        self._rules = None
        self._rule_ctx: frozenset = frozenset()
        self._judged: dict = {}
        self._moves = 0                       # events that moved tiles (the judgement cache key)
        self._claimed = False                 # a chow, pung or kong has been made this hand
        self._discards = [0, 0, 0, 0]
        self._first_discards: list = []       # (seat, tile) of the first discards while nothing is claimed
        self._discard_after_kong = False      # the last discard followed its player's kong replacement
        self._passed_seats: set[int] = set()  # passed up a win, no draw since (漏胡)
        self._passed_tiles = [set(), set(), set(), set()]   # tiles passed up since one's last discard (过水)
        self.settlements: list[Event] = []
        """Payments outside the wins: Changsha 起手小胡 (:class:`OnDealWin`), Yunnan 查大叫
        (:class:`CalledCheck`). Each has ``payments`` (E, S, W, N) summing to zero."""
        self._on_deal_done: set[int] = set()  # seats that declared an on-deal 小胡
        self._haidi: list[int] | None = None  # 海底漫游: the seats that declined the last tile so far
        self._haidi_taker: tuple[int, Tile] | None = None   # who took the 海底 tile, and the tile
        self._grabbed: int | None = None      # Fuzhou street 抢金: the seat that took the turned-up 金
        self._wild_pos: int | None = None
        if self.extra_context:
            self.rules   # checks the keywords now
        self._setup = self._setup_steps()
        if setup:
            self.finish_setup()

    # --- setup ---------------------------------------------------------------------------------

    def _throw(self, n: int) -> tuple[int, ...]:
        if self._dice:
            d = tuple(self._dice.pop(0))
            if len(d) != n or not all(isinstance(x, int) and 1 <= x <= 6 for x in d):
                raise ValueError(f"expected a throw of {n} dice (1-6 each), got {d!r}")
            return d
        return roll_dice(self._rng, n)

    def _emit(self, e: Event) -> Event:
        self.log.append(e)
        if not isinstance(e, Declared):
            self._moves += 1
        return e

    def step_setup(self) -> Event | None:
        """Play the next setup step and return its event (None when the setup is over)."""
        return next(self._setup, None)

    def finish_setup(self) -> None:
        """Play every remaining setup step."""
        for _ in self._setup:
            pass

    def _is_flower(self, i: int) -> bool:
        return i >= self._flower_kinds

    def _setup_steps(self):
        cfg, wall, rs = self.facts, self.wall, self._ruleset
        yield self._emit(WallBuilt(rs.name, wall.arrangement, self.seed, self.prevalent_wind, rs,
                                   tuple(sorted(self.extra_context.items()))))
        d = self._throw(cfg.dice)
        yield self._emit(DiceThrown(0, d, "wall"))
        owner = wall_owner(0, sum(d))
        k = sum(d)
        if cfg.break_rule == "dealer_plus_owner":
            e = self._throw(2)
            yield self._emit(DiceThrown(owner, e, "break"))
            k += sum(e)
        wall.set_break(owner, k)
        yield self._emit(WallBroken(owner, k))
        for _round in range(3):
            for seat in range(4):
                got = [wall.draw_live() for _ in range(4)]
                for _, t in got:
                    self.hands[seat][t] += 1
                yield self._emit(TilesDealt(seat, tuple(TILES[t] for _, t in got), tuple(p for p, _ in got)))
        a = wall.next_live()
        if cfg.final_draw == "tops_ab":   # dealer: top(A), top(B); S bottom(A), W bottom(B), N top(C)
            plan = ((0, (a, a + 2)), (1, (a + 1,)), (2, (a + 3,)), (3, (a + 4,)))
        else:                          # jump draw: E top(A), top(C); S bottom(A), W top(B), N bottom(B)
            plan = ((0, (a, a + 4)), (1, (a + 1,)), (2, (a + 2,)), (3, (a + 3,)))
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
                for seat in range(4):
                    h = self.hands[seat]
                    for i in [i for i in range(self._flower_kinds, 42) for _ in range(h[i])]:
                        if wall.next_tail(0) is None:
                            raise RuntimeError("the wall ran out during flower replacement")
                        yield self._replace_flower(seat, i, pass_no)
                        if seat == 0:
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
        self.turn = 0

    def _turn_up(self, pos: int, wild: Tile) -> Event:
        self.wall.face_up.add(pos)
        self._wild_pos = pos
        self.wild_indicator = TILES[self.wall.tiles[pos]]
        self.wild = wild
        return self._emit(WildTurnedUp(self.wild_indicator, wild, pos))

    def _replace_flower(self, seat: int, flower: int, pass_no: int | None) -> Event:
        self.hands[seat][flower] -= 1
        self.flowers[seat].append(TILES[flower])
        p, t = self.wall.draw_tail(0)
        self.hands[seat][t] += 1
        self._drawn = TILES[t]
        self._drawn_kind = "flower"
        return self._emit(FlowerReplaced(seat, TILES[flower], TILES[t], p, pass_no))

    # --- queries ---------------------------------------------------------------------------------

    def counts(self, seat: int) -> tuple[int, ...]:
        """The 34 concealed counts of a seat."""
        return tuple(self.hands[seat][:34])

    def concealed(self, seat: int) -> list[Tile]:
        """A seat's concealed tiles, sorted."""
        h = self.hands[seat]
        return [TILES[i] for i in range(42) for _ in range(h[i])]

    def tile_count(self, seat: int) -> int:
        """Tiles held with each meld counted as three: 13, or 14 when the seat must discard."""
        return sum(self.hands[seat][:34]) + 3 * len(self.melds[seat])

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> list[Won] | Exhausted | None:
        """The wins, or the Exhausted event (or the on-deal 小胡 that ended the hand, with the rule
        option ``on_deal_ends_hand``), or None while the hand goes on."""
        if self.phase != "over":
            return None
        if self.winners:
            return self.winners
        return next(e for e in reversed(self.log) if isinstance(e, (Exhausted, OnDealWin)))

    def _reserve(self) -> int:
        return self.rules.reserve_stacks(self.kongs)

    def live_tiles_left(self) -> int:
        """Tiles the live end may still draw before the wall is exhausted."""
        return self.wall.live_left(self._reserve())

    def _can_draw(self) -> bool:
        return self.wall.can_draw_live(self._reserve())

    def tile_census(self) -> list[int]:
        """Count every tile wherever it is (hands, melds, flowers, ponds, wall, set aside): 42 counts,
        which must always equal the full set (tile conservation)."""
        c = [0] * 42
        for s in range(4):
            for i, n in enumerate(self.hands[s]):
                c[i] += n
            for m in self.melds[s]:
                for t in m.tiles:
                    c[t.index] += 1
            for f in self.flowers[s]:
                c[f.index] += 1
            for t, taken_by in self.ponds[s]:
                if taken_by is None:
                    c[t.index] += 1
        for t in self.wall.untaken_tiles():
            c[t] += 1
        for t in self.set_aside:
            c[t.index] += 1
        return c

    def visible(self, t: Tile) -> int:
        """Copies of ``t`` in sight on the table: discards still in the ponds and exposed melds."""
        n = 0
        for s in range(4):
            n += sum(1 for x, by in self.ponds[s] if x is t and by is None)
            for m in self.melds[s]:
                if not m.is_concealed:
                    n += sum(1 for x in m.tiles if x is t)
        return n

    # --- legality helpers ---------------------------------------------------------------------

    def _need_turn(self, seat: int, phase: str, what_en: str, what_zh: str) -> None:
        if seat not in (0, 1, 2, 3):
            raise IllegalActionError(f"There is no seat {seat!r}: seats are 0-3 (East, South, West, North).",
                                     f"没有座位{seat!r}：座位为0-3（东南西北）。")
        if self.phase == "over":
            raise IllegalActionError("The hand is over.", "这一局已经结束。")
        if self.phase == "setup":
            raise IllegalActionError("The deal is not finished yet.", "还没有发完牌。")
        if self.phase != phase or seat != self.turn:
            if self.phase in ("claim", "rob"):
                raise IllegalActionError(
                    f"Claims on {self._claim_tile()} are being decided; {SEAT_EN[seat]} cannot {what_en} now.",
                    f"正在决定{self._claim_tile().zh}的吃碰杠和，{SEAT_ZH[seat]}现在不能{what_zh}。")
            if seat != self.turn:
                raise IllegalActionError(f"It is {SEAT_EN[self.turn]}'s turn to play, not {SEAT_EN[seat]}'s.",
                                         f"现在轮到{SEAT_ZH[self.turn]}出牌，不是{SEAT_ZH[seat]}。")
            if self.phase == "draw":
                raise IllegalActionError(f"{SEAT_EN[seat]} must draw first.", f"{SEAT_ZH[seat]}要先摸牌。")
            raise IllegalActionError(f"{SEAT_EN[seat]} has drawn already and must discard.",
                                     f"{SEAT_ZH[seat]}已经摸过牌，应当打牌。")

    def _claim_tile(self) -> Tile:
        return self._robbing[1] if self.phase == "rob" else self.last_discard[1]

    # --- draw ------------------------------------------------------------------------------------

    def verify_draw(self, seat: int) -> None:
        """Raise :class:`IllegalActionError` unless ``seat`` may draw from the live end now. During
        Changsha's 海底漫游 drawing is taking the last tile when it is offered to ``seat``."""
        self._need_turn(seat, "draw", "draw", "摸牌")

    def can_draw(self, seat: int) -> bool:
        return _ok(self.verify_draw, seat)

    def draw(self, seat: int) -> Drew:
        """Draw the next live tile (a flower is shown and replaced from the tail at once)."""
        self.verify_draw(seat)
        self._passed_seats.discard(seat)
        p, t = self.wall.draw_live()
        self.hands[seat][t] += 1
        e = self._emit(Drew(seat, TILES[t], p))
        self._drawn, self._drawn_kind, self._after_claim = TILES[t], "live", None
        if self._haidi is not None:
            self._haidi_taker = (seat, TILES[t])
        self.phase = "discard"
        self._replace_flowers_in_play(seat)
        self._final = not self._can_draw()
        return e

    def _replace_flowers_in_play(self, seat: int) -> None:
        h = self.hands[seat]
        while self._drawn.index >= self._flower_kinds:
            if self.wall.next_tail(0) is None:  # a flower as the very last tile: nothing to replace it
                self.hands[seat][self._drawn.index] -= 1
                self.flowers[seat].append(self._drawn)
                self._end_exhausted()
                return
            self._replace_flower(seat, self._drawn.index, None)
        del h

    def _end_exhausted(self) -> None:
        self.phase = "over"
        self.pending = set()
        self._emit(Exhausted())
        self._settle_exhausted()

    def _settle_exhausted(self) -> None:
        """What the rule set settles at an exhausted wall (``RuleSet.settle_exhausted``: Yunnan 查大叫).
        The table books no kong money during the hand, so at a draw there is none to cancel."""
        if any(self.tile_count(s) != 13 for s in range(4)):   # pragma: no cover - a draw follows a discard
            return
        got = self.rules.settle_exhausted({SEAT_LETTERS[s]: self.hand_of(s) for s in range(4)})
        if got is None:
            return
        ready, net = got
        e = self._emit(CalledCheck(tuple(SEAT_LETTERS.index(x) for x in ready), tuple(net[x] for x in SEAT_LETTERS)))
        self.settlements.append(e)

    # --- discard ---------------------------------------------------------------------------------

    def verify_discard(self, seat: int, tile) -> None:
        """Raise :class:`IllegalActionError` unless ``seat`` may discard ``tile`` now."""
        self._need_turn(seat, "discard", "discard", "打牌")
        t = _tile(tile)
        if not self.hands[seat][t.index]:
            raise IllegalActionError(f"{SEAT_EN[seat]} has no {t} ({t.en}) to discard.",
                                     f"{SEAT_ZH[seat]}手里没有{t.zh}，不能打出。")
        if self.facts.swap_call_ban and self._after_claim is t:
            raise IllegalActionError(f"{t} was just chowed; discarding it now is a false win (炸胡) here.",
                                     f"刚吃进{t.zh}，此时打出同一张牌算炸胡。")
        if self._haidi_taker is not None and self._haidi_taker[0] == seat and t is not self._haidi_taker[1]:
            h = self._haidi_taker[1]
            raise IllegalActionError(f"{SEAT_EN[seat]} took the last wall tile (海底) and cannot win with it: it is "
                                     f"exposed as his discard, so he must discard {h}.",
                                     f"{SEAT_ZH[seat]}要了海底牌又不能和，须把海底牌{h.zh}打出。")
        if self.facts.wild == "tail_same" and t is self.wild:
            raise IllegalActionError(f"{t} is the 金 (wild); discarding it is a false win (炸胡).",
                                     f"{t.zh}是金，打出金算炸胡。")
        if self._forced(seat):
            raise IllegalActionError(f"In the last {self.facts.forced_win_tiles} tiles of the wall a winning "
                                     f"self-draw must be declared: {SEAT_EN[seat]} wins with {self._drawn}.",
                                     f"最后{self.facts.forced_win_tiles}张牌自摸必须和：{SEAT_ZH[seat]}摸到"
                                     f"{self._drawn.zh}已经和了。")

    def _forced(self, seat: int) -> bool:
        """Yunnan §6.6: in the last tiles of the wall a possible win must be taken."""
        n = self.facts.forced_win_tiles
        if not n or self.live_tiles_left() >= n:
            return False
        if self.phase == "discard":
            return self._drawn is not None and self._judge(seat, self._drawn, self_drawn=True)[0]
        if self.phase in ("claim", "rob") and seat in self.pending:
            return self._judge(seat, self._claim_tile(), robbing=self.phase == "rob")[0]
        return False

    def can_discard(self, seat: int, tile) -> bool:
        return _ok(self.verify_discard, seat, tile)

    def discard(self, seat: int, tile) -> Discarded:
        """Discard a tile; the other seats then answer with claims or passes."""
        self.verify_discard(seat, tile)
        t = _tile(tile)
        self._discard_after_kong = self._drawn is not None and self._drawn_kind == "kong"
        self._discards[seat] += 1
        self._passed_tiles[seat].clear()
        if not self._claimed and len(self._first_discards) < 4:
            self._first_discards.append((seat, t))
        self.hands[seat][t.index] -= 1
        self.ponds[seat].append([t, None])
        e = self._emit(Discarded(seat, t))
        self.last_discard = (seat, t)
        self._drawn = None
        self._after_claim = None
        self.phase = "claim"
        self.calls = {}
        self.pending = {s for s in range(4) if s != seat and self._claim_options(s)}
        if not self.pending:
            self._resolve_claims()
        return e

    # --- claims ------------------------------------------------------------------------------------

    def _claim_options(self, seat: int) -> list[str]:
        out = []
        if self._can_win_discard(seat)[0]:
            out.append("win")
        d, t = self.last_discard
        if self._can_draw() and not self._wild_blocks(t):
            h = self.hands[seat]
            if self.claims_left[seat] != 0:
                if h[t.index] >= 2:
                    out.append("pung")
                if self.rules.claims.chow and seat == (d + 1) % 4 and self._chow_starts(seat, t):
                    out.append("chow")
            if h[t.index] == 3 and self.wall.next_tail(0) is not None:
                out.append("kong")
        return out

    def claim_options(self, seat: int) -> list[str]:
        """What ``seat`` may call now: some of ``"win"``, ``"pung"``, ``"kong"``, ``"chow"``, ``"pass"``."""
        if self.phase == "claim" and seat in self.pending:
            return self._claim_options(seat) + ["pass"]
        if self.phase == "rob" and seat in self.pending:
            return ["win", "pass"]
        return []

    def _wild_blocks(self, t: Tile) -> bool:
        return self.wild is not None and t is self.wild

    def _chow_starts(self, seat: int, t: Tile) -> list[Tile]:
        i = t.index
        if i >= 27:
            return []
        h, w = self.hands[seat], (self.wild.index if self.wild is not None else -1)
        out = []
        base = i - i % 9
        for s in (i - 2, i - 1, i):
            if s < base or s > base + 6:
                continue
            if all(j == i or (h[j] and j != w) for j in (s, s + 1, s + 2)):
                out.append(TILES[s])
        return out

    def chow_options(self, seat: int) -> list[Tile]:
        """The runs ``seat`` could chow with the discard, by their lowest tile."""
        if self.phase != "claim" or self.last_discard is None:
            return []
        return self._chow_starts(seat, self.last_discard[1])

    def _need_claim(self, seat: int, what_en: str, what_zh: str) -> Tile:
        if seat not in (0, 1, 2, 3):
            raise IllegalActionError(f"There is no seat {seat!r}: seats are 0-3 (East, South, West, North).",
                                     f"没有座位{seat!r}：座位为0-3（东南西北）。")
        if self.phase not in ("claim", "rob"):
            raise IllegalActionError(f"There is no discard to {what_en} now.", f"现在没有可以{what_zh}的牌。")
        if self.phase == "rob" and what_en not in ("win", "pass"):
            raise IllegalActionError(f"An added kong can only be robbed by a win, not by a {what_en}.",
                                     f"加杠只能抢杠和，不能{what_zh}。")
        d, t = (self._robbing if self.phase == "rob" else self.last_discard)
        if seat == d:
            raise IllegalActionError(f"{SEAT_EN[seat]} cannot {what_en} his own tile.",
                                     f"{SEAT_ZH[seat]}不能{what_zh}自己的牌。")
        if seat in self.calls:
            raise IllegalActionError(f"{SEAT_EN[seat]} has already answered.", f"{SEAT_ZH[seat]}已经表态了。")
        return t

    def _need_pending(self, seat: int) -> None:
        # Only seats with a legal claim are asked; the specific reason is given before this one.
        if seat not in self.pending:
            t = self._claim_tile()
            raise IllegalActionError(f"{SEAT_EN[seat]} has no claim on {t} ({t.en}).",
                                     f"{SEAT_ZH[seat]}对{t.zh}无牌可吃碰杠和。")

    def _claim_common(self, seat: int, t: Tile, what_en: str, what_zh: str) -> None:
        self._need_not_forced(seat, t)
        if self._wild_blocks(t):
            raise IllegalActionError(f"{t} is the wild; a discarded wild cannot be claimed.",
                                     f"{t.zh}是百搭（混儿），打出的百搭不能吃碰杠。")
        if not self._can_draw():
            raise IllegalActionError(f"The wall is exhausted: the last discard can only be won, not claimed for a {what_en}.",
                                     f"牌墙已尽，最后一张打出的牌只能和，不能{what_zh}。")
        if self.claims_left[seat] == 0 and what_en in ("chow", "pung"):
            raise IllegalActionError(f"{SEAT_EN[seat]} has used up his chow-or-pung claims (one, plus one per kong).",
                                     f"{SEAT_ZH[seat]}吃碰一口已用完（开杠可再吃碰一口）。")

    def verify_chow(self, seat: int, start=None) -> None:
        """Raise unless ``seat`` may chow the discard; ``start`` = the lowest tile of the run."""
        t = self._need_claim(seat, "chow", "吃")
        d = self.last_discard[0]
        if not self.rules.claims.chow:
            raise IllegalActionError(f"There is no chow in {self.rules.en} mahjong.",
                                     f"{self.rules.zh}不能吃牌。")
        if seat != (d + 1) % 4:
            raise IllegalActionError(
                f"{SEAT_EN[seat]} cannot chow {SEAT_EN[d]}'s discard: a chow is only from the left player (上家), "
                f"which for {SEAT_EN[seat]} is {SEAT_EN[(seat - 1) % 4]}.",
                f"{SEAT_ZH[seat]}不能吃{SEAT_ZH[d]}的牌：只能吃上家的牌，{SEAT_ZH[seat]}的上家是{SEAT_ZH[(seat - 1) % 4]}。")
        self._claim_common(seat, t, "chow", "吃")
        starts = self._chow_starts(seat, t)
        if not starts:
            raise IllegalActionError(f"{SEAT_EN[seat]} has no two tiles that make a run with {t}.",
                                     f"{SEAT_ZH[seat]}手里没有能和{t.zh}组成顺子的两张牌。")
        if start is None:
            if len(starts) > 1:
                raise IllegalActionError(
                    f"Say which run: {t} makes {', '.join(s.rank.__str__() + '-' + str(s.rank + 2) + s.suit.value for s in starts)}.",
                    f"要说明吃哪一组：{t.zh}可以吃成{'、'.join(str(s.rank) + str(s.rank + 1) + str(s.rank + 2) for s in starts)}。")
        elif _tile(start) not in starts:
            s = _tile(start)
            raise IllegalActionError(f"{SEAT_EN[seat]} cannot chow {t} into a run starting at {s}.",
                                     f"{SEAT_ZH[seat]}不能用{t.zh}吃成从{s.zh}起的顺子。")
        self._need_pending(seat)

    def can_chow(self, seat: int, start=None) -> bool:
        return _ok(self.verify_chow, seat, start)

    def chow(self, seat: int, start=None) -> Declared:
        """Call chow on the left player's discard (takes effect if no pung, kong or win is called)."""
        self.verify_chow(seat, start)
        t = self.last_discard[1]
        s = _tile(start) if start is not None else self._chow_starts(seat, t)[0]
        return self._call(seat, "chow", t, s)

    def verify_pung(self, seat: int) -> None:
        """Raise unless ``seat`` may pung the discard."""
        t = self._need_claim(seat, "pung", "碰")
        self._claim_common(seat, t, "pung", "碰")
        if self.hands[seat][t.index] < 2:
            raise IllegalActionError(f"{SEAT_EN[seat]} needs two {t} to pung it; he has {self.hands[seat][t.index]}.",
                                     f"{SEAT_ZH[seat]}要有两张{t.zh}才能碰，只有{self.hands[seat][t.index]}张。")
        self._need_pending(seat)

    def can_pung(self, seat: int) -> bool:
        return _ok(self.verify_pung, seat)

    def pung(self, seat: int) -> Declared:
        """Call pung on the discard (beats a chow)."""
        self.verify_pung(seat)
        return self._call(seat, "pung", self.last_discard[1])

    def verify_kong(self, seat: int, tile=None) -> None:
        """Raise unless ``seat`` may kong: on a discard (three in hand), or in his own turn a concealed
        kong (four in hand) or an added kong (a pung of his plus the fourth tile)."""
        if self.phase in ("claim", "rob"):
            t = self._need_claim(seat, "kong", "杠")
            if tile is not None and _tile(tile) is not t:
                raise IllegalActionError(f"The discard is {t}, not {_tile(tile)}.", f"打出的是{t.zh}，不是{_tile(tile).zh}。")
            self._claim_common(seat, t, "kong", "杠")
            if self.hands[seat][t.index] != 3:
                raise IllegalActionError(
                    f"A kong on a discard needs three {t} in hand; {SEAT_EN[seat]} has {self.hands[seat][t.index]}.",
                    f"明杠要手里有三张{t.zh}，{SEAT_ZH[seat]}只有{self.hands[seat][t.index]}张。")
            self._need_replacement()
            self._need_pending(seat)
            return
        self._need_turn(seat, "discard", "declare a kong", "开杠")
        if tile is None:
            raise IllegalActionError("Say which tile to kong.", "要说明杠哪一张牌。")
        t = _tile(tile)
        if self._after_claim is not None:
            raise IllegalActionError(f"{SEAT_EN[seat]} has just claimed a tile and may not kong before his next draw.",
                                     f"{SEAT_ZH[seat]}刚吃碰过，摸牌之前不能开杠。")
        if self.wild is not None and t is self.wild:
            raise IllegalActionError(f"{t} is the wild; wilds cannot make a kong.", f"{t.zh}是百搭，不能开杠。")
        n = self.hands[seat][t.index]
        if n < 4 and not (n >= 1 and self._pung_of(seat, t) is not None):
            raise IllegalActionError(
                f"A kong needs four {t}: {SEAT_EN[seat]} holds {n} and has no pung of {t} to add to.",
                f"开杠要有四张{t.zh}：{SEAT_ZH[seat]}手里只有{n}张，也没有{t.zh}的碰可以加杠。")
        self._need_replacement()

    def _need_replacement(self) -> None:
        if self.wall.next_tail(0) is None or not self._can_draw():
            raise IllegalActionError("The wall has no tile left for a kong replacement.", "牌墙已无牌可补，不能开杠。")

    def _pung_of(self, seat: int, t: Tile) -> int | None:
        for k, m in enumerate(self.melds[seat]):
            if m.kind is MeldKind.PUNG and m.tile is t:
                return k
        return None

    def can_kong(self, seat: int, tile=None) -> bool:
        return _ok(self.verify_kong, seat, tile)

    def kong(self, seat: int, tile=None) -> Declared:
        """Kong: on a discard (a claim), or in one's own turn a concealed or added kong."""
        self.verify_kong(seat, tile)
        if self.phase == "claim":
            return self._call(seat, "kong", self.last_discard[1])
        t = _tile(tile)
        e = self._emit(Declared(seat, "kong", t))
        if self.hands[seat][t.index] == 4:
            self.hands[seat][t.index] -= 4
            meld = Meld(MeldKind.KONG, t)
            self.melds[seat].append(meld)
            self._emit(Konged(seat, "concealed", t, meld))
            self.kongs += 1
            self._claimed = True
            self._kong_replacement(seat, prefer=1 if self.facts.kong_replacement == "by_kong_kind" else 0)
            return e
        robbers = []
        if self.facts.kong_robbing:
            self._robbing = (seat, t)        # judged as a win on seat's kong tile
            robbers = [s for s in range(4) if s != seat and self._can_win_on(s, t, robbing=True)[0]]
            self._robbing = None
        if robbers:
            self.phase = "rob"
            self._robbing = (seat, t)
            self.calls = {}
            self.pending = set(robbers)
        else:
            self._complete_added_kong(seat, t)
        return e

    def _complete_added_kong(self, seat: int, t: Tile) -> None:
        k = self._pung_of(seat, t)
        pung = self.melds[seat][k]
        self.hands[seat][t.index] -= 1
        meld = Meld(MeldKind.KONG, t, pung.offer + 4)
        del self.melds[seat][k]
        self.melds[seat].append(meld)     # the newest meld last: a kong bloom is read from the last meld
        self._emit(Konged(seat, "added", t, meld, (seat - pung.offer) % 4))
        self.kongs += 1
        self._claimed = True
        self.phase = "discard"
        self.turn = seat
        self._robbing = None
        self._kong_replacement(seat, prefer=0)

    def _kong_replacement(self, seat: int, prefer: int) -> None:
        if self.claims_left[seat] >= 0:
            self.claims_left[seat] += 1
        w = self.wall
        taken = None
        if w.tail_skip:   # Yunnan: a face-up tail tile may be taken only if it completes the hand
            h = self.hands[seat]
            for p in sorted(w.tail_skip):
                if w.state[p]:
                    continue
                i = w.tiles[p]
                h[i] += 1
                done = shape_complete(h[:34], len(self.melds[seat]), None, self.facts.shapes)
                h[i] -= 1
                if done:
                    taken = (p, w.take_tail_at(p))
                    break
        p, t = taken or w.draw_tail(prefer)
        self.hands[seat][t] += 1
        self._emit(ReplacementDrawn(seat, TILES[t], p))
        self._drawn, self._drawn_kind, self._after_claim = TILES[t], "kong", None
        self.phase = "discard"
        self.turn = seat
        self._replace_flowers_in_play(seat)
        self._final = not self._can_draw()

    # --- winning -------------------------------------------------------------------------------------
    #
    # A win is judged in three steps: the shape (fast, on counts: a hand that is not complete is
    # never shown to the rule set), the table's own restrictions (a discarded wild, a passed-up win,
    # an opened hand in the Beijing points family), then the rule set itself through
    # ``mjlearn.rules`` with a context built from the table. Judgements are cached per table state.

    @property
    def rules(self):
        """The :class:`~mjlearn.rules.RuleSet` (with the table's options) that judges and scores wins."""
        if self._rules is None:
            self._rules = self._ruleset
            self._rule_ctx = frozenset(self._rules.context_names)
            bad = sorted(set(self.extra_context) - self._rule_ctx)
            if bad:
                raise ValueError(f"the rule set {self._rules.name!r} does not use the context keyword(s) "
                                 f"{', '.join(map(repr, bad))}; it accepts: {', '.join(sorted(self._rule_ctx))}")
        return self._rules

    def _shape_ok(self, seat: int, c) -> bool:
        cfg = self.facts
        wild = self.wild.index if self.wild is not None else None
        n = len(self.melds[seat])
        if shape_complete(c, n, wild, cfg.shapes):
            return True
        return bool(cfg.special_shapes) and special_shape(cfg.special_shapes, c, self.melds[seat], wild)

    def _table_context(self, seat: int, t: Tile, self_drawn: bool, kong: bool) -> dict:
        seen = self.visible(t) - (0 if self_drawn or kong else 1)   # the discard itself is the winning tile
        return dict(self_drawn=self_drawn, kong=kong, wall_last=self._final and not kong,
                    last_tile=seen >= 3, seat_wind=SEAT_LETTERS[seat], prevalent_wind=self.prevalent_wind)

    def rule_context(self, seat: int, t: Tile, *, self_drawn: bool = False, robbing: bool = False,
                     from_seat: int | None = None, **extra) -> dict:
        """The context keywords for ``mjlearn.rules.score`` when ``seat`` wins with ``t`` now, built
        from the table (dealer = East = seat 0) and restricted to those the rule set knows."""
        rs = self.rules
        kong = robbing or (self_drawn and self._drawn_kind == "kong")
        if from_seat is None and not self_drawn:
            from_seat = self._robbing[0] if robbing else self.last_discard[0]
        d = self._table_context(seat, t, self_drawn, kong)
        names = self._rule_ctx
        d.update(discarder=None if self_drawn else SEAT_LETTERS[from_seat], winner=SEAT_LETTERS[seat], dealer="E")
        if "wild" in names:
            d["wild"] = self.wild
        if "indicator" in names:
            d["indicator"] = self.wild_indicator
        if "flowers" in names and self._flower_kinds == 27:       # honors set aside as flowers
            d["flowers"] = "".join(str(f) for f in self.flowers[seat] if f.index < 34) or 0
        if "other_kongs" in names:
            ok = {}
            for s in range(4):
                if s != seat:
                    k = [m for m in self.melds[s] if m.kind is MeldKind.KONG]
                    if k:
                        ok[SEAT_LETTERS[s]] = (sum(1 for m in k if not m.is_concealed), sum(1 for m in k if m.is_concealed))
            d["other_kongs"] = ok
        no_claims = not self._claimed
        mine = self._discards[seat]
        first = no_claims and mine == 0
        d["first_go_around"] = first
        d["heavenly"] = seat == 0 and self_drawn and first
        d.update(rs.first_round_context(dealer=seat == 0, self_drawn=self_drawn, robbing=robbing, first=first,
                                        on_dealers_first_discard=(from_seat == 0 and no_claims
                                                                  and sum(self._discards) == 1)))
        d["shao_zhuang"] = self._shao_zhuang()
        d["after_kong"] = not self_drawn and not robbing and self._discard_after_kong
        d["passed_same_tile"] = not self_drawn and t.index in self._passed_tiles[seat]
        d["took_indicator"] = self_drawn and seat == self._grabbed
        d.update(self.extra_context)
        d.update(extra)
        return {k: v for k, v in d.items() if k in names}

    def _shao_zhuang(self) -> bool:
        """烧庄 (A-BJ-11): S, W and N each discarded the dealer's first discard, no claim between."""
        f = self._first_discards
        return len(f) == 4 and [s for s, _ in f] == [0, 1, 2, 3] and len({t for _, t in f}) == 1

    def _judge(self, seat: int, t: Tile, *, robbing: bool = False, self_drawn: bool = False):
        """(ok, en, zh, hand, result, table context) for ``seat`` winning with ``t`` now; cached."""
        key = (seat, t.index, robbing, self_drawn, self._moves)
        got = self._judged.get(key)
        if got is None:
            got = self._judge_now(seat, t, robbing, self_drawn)
            if len(self._judged) > 64:
                self._judged.clear()
            self._judged[key] = got
        return got

    def _judge_now(self, seat: int, t: Tile, robbing: bool, self_drawn: bool):
        cfg = self.facts
        c = list(self.hands[seat][:34])
        if not self_drawn:
            c[t.index] += 1
        if not self_drawn and self._wild_blocks(t):
            return (False, f"{t} is the wild; a discarded wild cannot be won on.", f"{t.zh}是百搭，不能和打出的百搭。",
                    None, None, None)
        if not self._shape_ok(seat, c):
            return (False, f"{SEAT_EN[seat]}'s hand is not complete with {t}.", f"{SEAT_ZH[seat]}加上{t.zh}不成和牌。",
                    None, None, None)
        if not self_drawn and cfg.opened_self_draw_only and any(not m.is_concealed for m in self.melds[seat]):
            return (False, "An opened hand (after a chow or pung) may only win by self-draw here.",
                    "吃碰以后只能自摸和，不能和别人打出的牌。", None, None, None)
        if not self_drawn and cfg.passed_win == "until_draw" and seat in self._passed_seats:
            return (False, f"{SEAT_EN[seat]} passed up a win and may not win on another player's tile before "
                           f"his next draw (漏胡).",
                    f"{SEAT_ZH[seat]}放过了和牌，在自己再摸牌之前不能和别人的牌（漏胡）。", None, None, None)
        kong = robbing or (self_drawn and self._drawn_kind == "kong")
        tctx = self._table_context(seat, t, self_drawn, kong)
        concealed = [TILES[i] for i in range(34) for _ in range(c[i])]
        concealed.remove(t)
        hand = Hand(tuple(self.melds[seat]), tuple(concealed), t,
                    tuple(f for f in self.flowers[seat] if f.index >= 34))
        res, _ = self._score(hand, self.rule_context(seat, t, self_drawn=self_drawn, robbing=robbing))
        if isinstance(res, InvalidHandError):
            return (False, f"{self.rules.en} cannot score this win: {res}.",
                    f"{self.rules.zh}无法计算这一和牌：{res}。", hand, None, tctx)
        if not res.legal:
            zh, en = res.reason
            return (False, f"{self.rules.en}: {en}.", f"{self.rules.zh}：{zh}。", hand, res, tctx)
        return True, "", "", hand, res, tctx

    def _score(self, hand: Hand, ctx: dict):
        """The rule set's result, or the :class:`InvalidHandError` it raised.

        With a wild standing for the winning tile's kind, the substituted hand can contradict the
        context the table gives: 和绝张 ("the other three are in sight") or robbing a kong (the
        robber "holds another" of the kong tile) -- the MCR engine behind Huopin refuses those. The
        table counts natural tiles only, so it first drops ``last_tile``; a win that still cannot be
        scored is refused with the engine's words."""
        try:
            return self.rules.score(hand, **ctx), ctx
        except InvalidHandError as e:
            if ctx.get("last_tile"):
                return self._score(hand, {**ctx, "last_tile": False})
            return e, ctx

    def _can_win_on(self, seat: int, t: Tile, *, robbing: bool = False, self_drawn: bool = False):
        return self._judge(seat, t, robbing=robbing, self_drawn=self_drawn)

    def _can_win_discard(self, seat: int):
        return self._judge(seat, self.last_discard[1])

    def win_result(self, seat: int):
        """What the rule set would make of ``seat`` declaring a win now (a
        :class:`~mjlearn.rules.RegionalResult`, legal or not), or None when the hand is not even
        complete. Nothing changes on the table."""
        if self.phase in ("claim", "rob"):
            t = self._claim_tile()
            if seat == (self._robbing[0] if self.phase == "rob" else self.last_discard[0]):
                return None
            return self._judge(seat, t, robbing=self.phase == "rob")[4]
        if self.phase == "discard" and seat == self.turn and self._drawn is not None:
            return self._judge(seat, self._drawn, self_drawn=True)[4]
        return None

    def verify_win(self, seat: int) -> None:
        """Raise unless ``seat`` may declare a win now: self-drawn in his turn, on a discard, or by
        robbing an added kong. A complete hand that its rule set refuses is refused with the rule
        set's reason (e.g. a Yunnan plain hand on a discard, a Changsha pair that is not 2-5-8)."""
        if self.phase in ("claim", "rob"):
            t = self._need_claim(seat, "win", "和")
            ok, en, zh, *_ = self._judge(seat, t, robbing=self.phase == "rob")
            if ok:
                self._need_pending(seat)
        else:
            self._need_turn(seat, "discard", "win", "和牌")
            if self._drawn is None:
                raise IllegalActionError(f"{SEAT_EN[seat]} has not drawn a tile this turn, so he cannot win by self-draw.",
                                         f"{SEAT_ZH[seat]}这一轮没有摸牌，不能自摸。")
            ok, en, zh, *_ = self._judge(seat, self._drawn, self_drawn=True)
        if not ok:
            raise IllegalActionError(en, zh)

    def can_win(self, seat: int) -> bool:
        return _ok(self.verify_win, seat)

    def win(self, seat: int) -> Declared:
        """Declare a win: self-drawn, on the discard, or robbing a kong."""
        self.verify_win(seat)
        if self.phase in ("claim", "rob"):
            return self._call(seat, "win", self._claim_tile())
        e = self._emit(Declared(seat, "win", self._drawn))
        self._finish_wins([seat], self._drawn, None, robbing=False, self_drawn=True)
        return e

    def _finish_wins(self, seats, t: Tile, from_seat, *, robbing: bool, self_drawn: bool) -> None:
        """Score each winner by the rule set (with the bird and several-winner context where the rule
        set uses them) and end the hand."""
        verdicts = [self._judge(s, t, robbing=robbing, self_drawn=self_drawn) for s in seats]
        extra = {}
        if self.facts.bird:
            extra["bird"] = self._turn_up_bird(t if self._final and not robbing and
                                               not (self_drawn and self._drawn_kind == "kong") else None)
        if len(seats) > 1:
            extra["multiple_winners"] = True
        for s, (ok, en, zh, hand, res, tctx) in zip(seats, verdicts):
            if not ok:  # pragma: no cover - a claim is accepted only after the same judgement
                raise RuntimeError(f"a refused win reached the end of the hand: {en}")
            more = {k: v for k, v in extra.items() if k in self._rule_ctx}
            again, given = self._score(hand, self.rule_context(s, t, self_drawn=self_drawn, robbing=robbing,
                                                                from_seat=from_seat, **more))
            if not isinstance(again, InvalidHandError):
                res = again
            w = self._emit(Won(s, t, hand, from_seat, points=res.total, **tctx, result=res,
                               payments=tuple(res.payments[x] for x in SEAT_LETTERS),
                               rule_context=tuple(given.items())))
            self.winners.append(w)
        self.phase = "over"
        self.pending = set()

    def _turn_up_bird(self, haidi: Tile | None) -> Tile | None:
        """扎鸟 / 鸟牌: the next tile of the wall, or the 海底 tile itself after a last-tile win."""
        if haidi is not None:
            self._emit(BirdTurnedUp(haidi, None))
            return haidi
        w = self.wall
        p = w.next_live()
        while p is not None and p < len(w.tiles) and not w.state[p] and self._is_flower(w.tiles[p]):
            w.face_up.add(p)      # a flower is no bird: turn up the next tile (as A-HP-5 does for the 财神)
            p += 1
        if p is None or p >= len(w.tiles) or w.state[p]:
            return None
        w.face_up.add(p)
        b = TILES[w.tiles[p]]
        self._emit(BirdTurnedUp(b, p))
        return b

    @property
    def payments(self) -> dict[str, int]:
        """Net amounts of the hand by seat E, S, W, N: the sum over the wins and the other settlements
        (:attr:`settlements`: on-deal 小胡, 查大叫); zeros for a plain draw."""
        out = {x: 0 for x in SEAT_LETTERS}
        for w in [*self.settlements, *self.winners]:
            for x, v in zip(SEAT_LETTERS, w.payments):
                out[x] += v
        return out

    # --- regional procedures: on-deal 小胡 (Changsha), street 抢金 (Fuzhou) ---------------------------

    def _at_start(self) -> bool:
        """Nothing has happened since the deal: no discard, no claim, no kong."""
        return self.phase == "discard" and self.turn == 0 and not sum(self._discards) and not self._claimed \
            and self._drawn_kind in ("deal", "flower")

    def on_deal_result(self, seat: int):
        """What the rule set (``RuleSet.on_deal_win``) makes of ``seat``'s dealt tiles now (legal or not)."""
        from ..notation import format_tiles
        return self.rules.on_deal_win(format_tiles(self.concealed(seat)), SEAT_LETTERS[seat], "E")

    def verify_declare_on_deal(self, seat: int) -> None:
        """Raise unless ``seat`` may declare an on-deal 小胡 (起手胡, Changsha §5.6): right after the deal,
        before the dealer's first discard, once, when the dealt tiles show 四喜, 板板胡 or 缺一色."""
        if seat not in (0, 1, 2, 3):
            raise IllegalActionError(f"There is no seat {seat!r}: seats are 0-3 (East, South, West, North).",
                                     f"没有座位{seat!r}：座位为0-3（东南西北）。")
        if not self.facts.on_deal_wins:
            raise IllegalActionError(f"{self.rules.en} has no 小胡 on the deal.", f"{self.rules.zh}没有起手小胡。")
        if self.phase in ("setup", "over"):
            raise IllegalActionError("An on-deal 小胡 is declared after the deal, while the hand is on.",
                                     "起手小胡要在发完牌后、牌局进行中报。")
        if not self._at_start():
            raise IllegalActionError("An on-deal 小胡 must be declared before the dealer's first discard.",
                                     "起手小胡须在庄家打出第一张牌之前报。")
        if seat in self._on_deal_done:
            raise IllegalActionError(f"{SEAT_EN[seat]} has already declared his on-deal 小胡.",
                                     f"{SEAT_ZH[seat]}已经报过起手小胡。")
        r = self.on_deal_result(seat)
        if not r.legal:
            zh, en = r.reason
            raise IllegalActionError(f"{SEAT_EN[seat]}'s dealt tiles show {en}.", f"{SEAT_ZH[seat]}{zh}。")

    def can_declare_on_deal(self, seat: int) -> bool:
        return _ok(self.verify_declare_on_deal, seat)

    def declare_on_deal(self, seat: int) -> Declared:
        """Declare an on-deal 小胡: show the tiles, be paid like a 小胡 self-draw (A-CS-3), and play on
        (with the rule option ``on_deal_ends_hand`` the hand ends). No bird is turned up for it."""
        self.verify_declare_on_deal(seat)
        r = self.on_deal_result(seat)
        e = self._emit(Declared(seat, "on_deal"))
        self._on_deal_done.add(seat)
        s = self._emit(OnDealWin(seat, tuple(self.concealed(seat)), tuple(r.items),
                                 tuple(r.payments[x] for x in SEAT_LETTERS), result=r))
        self.settlements.append(s)
        if self.rules.opt("on_deal_ends_hand"):
            self.phase = "over"
            self.pending = set()
        return e

    def verify_grab_gold(self, seat: int) -> None:
        """Raise unless ``seat`` may take the turned-up 金 and win with it (Fuzhou street 抢金, A-FZ-5,
        rule option ``qiangjin_rule="street"``): a non-dealer, before the dealer's first discard, whose
        13 tiles and the 金 make a win the rule set accepts."""
        if seat not in (0, 1, 2, 3):
            raise IllegalActionError(f"There is no seat {seat!r}: seats are 0-3 (East, South, West, North).",
                                     f"没有座位{seat!r}：座位为0-3（东南西北）。")
        if not self.facts.gold_grab or self.facts.wild != "tail_same":
            raise IllegalActionError(f"{self.rules.en} turns up no 金 to grab.", f"{self.rules.zh}没有金可抢。")
        if self.rules.opt("qiangjin_rule") != "street":
            raise IllegalActionError(
                "Taking the turned-up 金 is the street 抢金; this table's 抢金 is "
                f"'{self.rules.opt('qiangjin_rule')}' (a win in the first go-around), judged at the win itself.",
                f"拿翻开的金是街头抢金规则；本桌的抢金是“{self.rules.opt('qiangjin_rule')}”（第一巡和牌），和牌时自动计算。")
        if self.phase in ("setup", "over") or not self._at_start():
            raise IllegalActionError("The 金 can only be grabbed right after it is turned up, before the dealer's "
                                     "first discard.", "抢金只能在翻金之后、庄家打第一张牌之前。")
        if seat == 0:
            raise IllegalActionError("The dealer already holds 14 tiles: his win now is a 天胡 (a 抢金 too), "
                                     "declared as a self-drawn win.", "庄家已有十四张：此时和牌是天胡（也算抢金），按自摸报和。")
        p = self._wild_pos
        if p is None or self.wall.state[p]:
            raise IllegalActionError("The turned-up 金 is no longer in the wall.", "翻开的金已经不在牌墙上。")
        ok, en, zh = self._judge_grab(seat)
        if not ok:
            raise IllegalActionError(en, zh)

    def _judge_grab(self, seat: int):
        t = self.wild_indicator
        c = list(self.hands[seat][:34])
        c[t.index] += 1
        if not self._shape_ok(seat, c):
            return False, f"{SEAT_EN[seat]}'s hand is not complete with the 金 {t}.", f"{SEAT_ZH[seat]}加上金{t.zh}不成和牌。"
        concealed = [TILES[i] for i in range(34) for _ in range(self.hands[seat][i])]
        hand = Hand(tuple(self.melds[seat]), tuple(concealed), t, ())
        self._grabbed = seat
        try:
            res, _ = self._score(hand, self.rule_context(seat, t, self_drawn=True))
        finally:
            self._grabbed = None
        if isinstance(res, InvalidHandError):
            return False, f"{self.rules.en} cannot score this win: {res}.", f"{self.rules.zh}无法计算这一和牌：{res}。"
        if not res.legal:
            zh, en = res.reason
            return False, f"{self.rules.en}: {en}.", f"{self.rules.zh}：{zh}。"
        return True, "", ""

    def can_grab_gold(self, seat: int) -> bool:
        return _ok(self.verify_grab_gold, seat)

    def grab_gold(self, seat: int) -> Declared:
        """Take the turned-up 金 from the tail and win with it (street 抢金): scored by the rule set
        with ``took_indicator=True``; everybody pays, as for a bonus hand."""
        self.verify_grab_gold(seat)
        t = self.wild_indicator
        e = self._emit(Declared(seat, "grab_gold", t))
        self.wall.take_tail_at(self._wild_pos)
        self.hands[seat][t.index] += 1
        self._moves += 1                      # the hand changed: no cached judgement applies
        self._grabbed = seat
        self.turn = seat
        self._drawn, self._drawn_kind = t, "gold"
        self._finish_wins([seat], t, None, robbing=False, self_drawn=True)
        return e

    # --- passing and resolution ---------------------------------------------------------------------

    def verify_pass(self, seat: int) -> None:
        """Raise unless ``seat`` has a discard (or an added kong) to answer, or is offered the last
        wall tile in Changsha's 海底漫游 (then passing declines it)."""
        if self.haidi_offered:
            self._need_turn(seat, "draw", "decline the last tile", "不要海底牌")
            return
        t = self._need_claim(seat, "pass", "过")
        self._need_pending(seat)
        self._need_not_forced(seat, t)

    def _need_not_forced(self, seat: int, t: Tile) -> None:
        if self._forced(seat):
            raise IllegalActionError(f"In the last {self.facts.forced_win_tiles} tiles of the wall a win on a "
                                     f"discard is automatic: {SEAT_EN[seat]} wins on {t}.",
                                     f"最后{self.facts.forced_win_tiles}张牌点炮自动和牌：{SEAT_ZH[seat]}和{t.zh}。")

    def can_pass(self, seat: int) -> bool:
        return _ok(self.verify_pass, seat)

    def pass_(self, seat: int) -> Declared:
        """Decline to claim the discard (or to rob the kong)."""
        self.verify_pass(seat)
        if self.phase == "draw":     # 海底漫游: declined; offer it to the next player, or the hand is drawn
            e = self._emit(Declared(seat, "decline"))
            self._haidi.append(seat)
            if len(self._haidi) == 4:
                self._end_exhausted()
            else:
                self.turn = (seat + 1) % 4
            return e
        return self._call(seat, "pass", self._claim_tile())

    def _call(self, seat: int, action: str, t: Tile, start: Tile | None = None) -> Declared:
        if action != "win" and self.facts.passed_win != "none" and \
                self._judge(seat, t, robbing=self.phase == "rob")[0]:
            self._passed_seats.add(seat)          # 漏胡: no discard win before his next draw
            self._passed_tiles[seat].add(t.index)  # 过水: not this tile before his next discard
        e = self._emit(Declared(seat, action, t, start))
        self.calls[seat] = (action, start)
        self.pending.discard(seat)
        if not self.pending:
            if self.phase == "rob":
                self._resolve_rob()
            else:
                self._resolve_claims()
        return e

    def _winners_in_order(self, origin: int) -> list[int]:
        """The seats that called a win and collect, in turn order from ``origin`` (the discarder or the
        konger): the rule set's ``choose_winners`` decides among several."""
        order = [(origin + k) % 4 for k in (1, 2, 3)]
        wins = [s for s in order if self.calls.get(s, ("pass",))[0] == "win"]
        if len(wins) < 2:
            return wins
        t, rob = self._claim_tile(), self.phase == "rob"
        claims = [(SEAT_LETTERS[s], self._judge(s, t, robbing=rob)[4]) for s in wins]
        chosen, _ = self.rules.choose_winners(claims, SEAT_LETTERS[origin])
        return [SEAT_LETTERS.index(x) for x in chosen]

    def _resolve_rob(self) -> None:
        konger, t = self._robbing
        wins = self._winners_in_order(konger)
        if wins:
            self._finish_wins(wins, t, konger, robbing=True, self_drawn=False)
            return
        self._complete_added_kong(konger, t)

    def _resolve_claims(self) -> None:
        d, t = self.last_discard
        wins = self._winners_in_order(d)
        if wins:
            self._finish_wins(wins, t, d, robbing=False, self_drawn=False)
            return
        for s, (action, start) in self.calls.items():
            if action in ("pung", "kong"):
                self._take_discard(s)
                rel = relative_seat(s, d)
                if action == "pung":
                    self.hands[s][t.index] -= 2
                    meld = Meld(MeldKind.PUNG, t, rel)
                    self.melds[s].append(meld)
                    self._emit(Punged(s, d, t, meld))
                    self._claimed = True
                    self.claims_left[s] -= 1 if self.claims_left[s] > 0 else 0
                    self._claimed_turn(s, t)
                else:
                    self.hands[s][t.index] -= 3
                    meld = Meld(MeldKind.KONG, t, rel)
                    self.melds[s].append(meld)
                    self._emit(Konged(s, "melded", t, meld, d))
                    self.kongs += 1
                    self._claimed = True
                    self._kong_replacement(s, prefer=0)
                return
        for s, (action, start) in self.calls.items():
            if action == "chow":
                self._take_discard(s)
                for j in range(start.index, start.index + 3):
                    if j != t.index:
                        self.hands[s][j] -= 1
                meld = Meld(MeldKind.CHOW, start, t.index - start.index + 1)
                self.melds[s].append(meld)
                self._emit(Chowed(s, d, t, meld))
                self._claimed = True
                self.claims_left[s] -= 1 if self.claims_left[s] > 0 else 0
                self._claimed_turn(s, t)
                return
        nxt = (d + 1) % 4
        self.calls = {}
        if self._can_draw():
            self.phase = "draw"
            self.turn = nxt
            if self._haidi is None and self._roams() and self.live_tiles_left() == 1:
                self._haidi = []
                self._emit(HaidiOffered(nxt))
        else:
            self._end_exhausted()

    def _roams(self) -> bool:
        return self.facts.haidi_roaming and bool(self.rules.opt("haidi_roaming"))

    @property
    def haidi_offered(self) -> bool:
        """Changsha 海底漫游: the last wall tile is being offered to :attr:`turn` (draw it, or pass)."""
        return self.phase == "draw" and self._haidi is not None

    def _take_discard(self, s: int) -> None:
        d = self.last_discard[0]
        self.ponds[d][-1][1] = s

    def _claimed_turn(self, s: int, t: Tile) -> None:
        self.phase = "discard"
        self.turn = s
        self._drawn = None
        self._after_claim = t
        self.calls = {}

    # --- steps and display ------------------------------------------------------------------------------

    def options(self, seat: int) -> list[str]:
        """Every action ``seat`` may take now, by name."""
        extra = []
        if self.facts.on_deal_wins and self.can_declare_on_deal(seat):
            extra.append("on_deal")
        if self.facts.gold_grab and self.can_grab_gold(seat):
            extra.append("grab_gold")
        return self._options(seat) + extra

    def _options(self, seat: int) -> list[str]:
        if self.phase == "draw":
            if seat != self.turn:
                return []
            return ["draw", "pass"] if self.haidi_offered else ["draw"]
        if self.phase == "discard":
            if seat != self.turn:
                return []
            out = ["discard"]
            h = self.hands[seat]
            if any(self.can_kong(seat, TILES[i]) for i in range(34) if h[i]):
                out.append("kong")
            if self.can_win(seat):
                out.append("win")
            return out
        return self.claim_options(seat)

    def hand_of(self, seat: int) -> str:
        """A seat's holding in notation: melds then concealed tiles (flowers last)."""
        from ..notation import format_tiles
        return "".join(str(m) for m in self.melds[seat]) + format_tiles(self.concealed(seat)) + \
            format_tiles(f for f in self.flowers[seat] if f.index >= 34)

    def at(self, n: int) -> "Table":
        """The table as it stood after the first ``n`` events of the log."""
        return replay(self.log[:n])

    def __repr__(self) -> str:
        return (f"<Table {self.rules.name} phase={self.phase!r} turn={SEAT_LETTERS[self.turn]} "
                f"events={len(self.log)} wall_left={self.wall.remaining}>")

    def _repr_html_(self) -> str:
        from .render import table_html
        return table_html(self)

    def render(self, *, show_all: bool = True, seat: int | None = None):
        """An HTML view of the table: every hand shown, or only ``seat``'s (the others face down)."""
        from .render import TableView
        return TableView(self, show_all=show_all, seat=seat)


def _ok(verify, *args) -> bool:
    try:
        verify(*args)
    except IllegalActionError:
        return False
    return True


def replay(log) -> Table:
    """Rebuild a table from its event log: the wall and dice come from the setup events, then each
    action is applied again. Raises ``ValueError`` if the log does not replay to itself.

    >>> t = Table("mcr", seed=3)
    >>> e = t.discard(0, t.concealed(0)[0])
    >>> replay(t.log).log == t.log
    True
    """
    log = list(log)
    if not log or not isinstance(log[0], WallBuilt):
        raise ValueError("a log starts with the WallBuilt event")
    first = log[0]
    dice = [e.dice for e in log if isinstance(e, DiceThrown)]
    t = Table(first.ruleset or first.rules, first.seed, arrangement=first.arrangement, dice=dice,
              prevalent_wind=first.prevalent_wind, setup=False, context=dict(first.context))
    while len(t.log) < len(log) and t.phase == "setup":
        if t.step_setup() is None:
            break
    k = len(t.log)
    while k < len(log):
        e = log[k]
        if not e.is_action:
            raise ValueError(f"event {k} ({type(e).__name__}) is not an action and does not follow from the log before it")
        if isinstance(e, Drew):
            t.draw(e.seat)
        elif isinstance(e, Discarded):
            t.discard(e.seat, e.tile)
        else:
            a = e.action
            if a == "chow":
                t.chow(e.seat, e.chow_start)
            elif a == "pung":
                t.pung(e.seat)
            elif a == "kong":
                t.kong(e.seat, e.tile if t.phase == "discard" else None)
            elif a == "win":
                t.win(e.seat)
            elif a == "on_deal":
                t.declare_on_deal(e.seat)
            elif a == "grab_gold":
                t.grab_gold(e.seat)
            else:
                t.pass_(e.seat)
        m = min(len(t.log), len(log))
        if t.log[k:m] != log[k:m]:
            bad = next(j for j in range(k, m) if t.log[j] != log[j])
            raise ValueError(f"replay diverges at event {bad}: {t.log[bad]} != {log[bad]}")
        k = len(t.log)
    if t.log[:len(log)] != log:
        raise ValueError("the log does not replay to itself")
    return t
