"""The state of one hand at the table: the fields a :class:`~mjlearn.table.Table` plays on, the
queries on them, and what every action checks first (whose turn it is, which tile is in question).

Seats are :class:`~mjlearn.seats.Seat` values, East (the dealer) first; every action also takes a
seat as an int 0-3 or a letter. The next player, ``seat.after()``, is the 下家 on one's right.
"""

from __future__ import annotations

import random as _random
from typing import TypeVar

from ..errors import MjlearnError
from ..hand import Meld
from ..notation import format_tiles
from ..rules.base import RuleSet
from ..seats import SEAT_LETTERS, SEATS, Seat
from ..tiles import TILES, Tile
from .events import CalledCheck, Declared, Event, Exhausted, OnDealWin, Won
from .wall import Wall, tile_set

_E = TypeVar("_E", bound=Event)

__all__ = ["IllegalActionError", "TableState", "next_in_sequence", "relative_seat", "seat_of"]


class IllegalActionError(MjlearnError, ValueError):
    """An action the rules do not allow now. ``en`` and ``zh`` say why, for a learner."""

    heading = ("现在不能这样做", "This move is not allowed now")

    def __init__(self, en: str, zh: str):
        self.en, self.zh = en, zh
        super().__init__(f"{en} / {zh}")


def next_in_sequence(t: Tile) -> Tile:
    """The tile after ``t``: 1-9 wrapping within a suit, honors E S W N C F P E (Beijing's ``wild_selection``,
    Huopin's ``honor_wrap``).

    >>> from mjlearn.tiles import tile as _tile
    >>> [str(next_in_sequence(_tile(x))) for x in ("5m", "9p", "N", "P")]
    ['6m', '1p', 'C', 'E']
    """
    i = t.index
    if i < 27:
        return TILES[i - i % 9 + (i % 9 + 1) % 9]
    if i < 34:
        return TILES[27 + (i - 27 + 1) % 7]
    raise ValueError(f"a flower ({t}) has no next tile")


def relative_seat(me: Seat | int, other: Seat | int) -> int:
    """Where ``other`` sits seen from ``me``: 1 left (上家), 2 opposite (对家), 3 right (下家); the
    notation's offer digit (:meth:`Seat.offer_from <mjlearn.seats.Seat.offer_from>`)."""
    return Seat.of(me).offer_from(other)


def seat_of(seat) -> Seat:
    """The :class:`~mjlearn.seats.Seat` an action names (a Seat, an int 0-3, a letter, 东南西北), or an
    :class:`IllegalActionError` that says which forms a seat takes."""
    if type(seat) is Seat:
        return seat
    try:
        return Seat.of(seat)
    except ValueError:
        raise IllegalActionError(
            f"There is no seat {seat!r}: seats are E, S, W, N (East, South, West, North; 0-3 in turn order).",
            f"没有座位{seat!r}：座位为东南西北（E、S、W、N，或0-3）。",
        ) from None


def _ok(verify, *args) -> bool:
    try:
        verify(*args)
    except IllegalActionError:
        return False
    return True


class TableState:
    """The fields of a hand in play and the queries on them; :class:`~mjlearn.table.Table` drives them.

    It holds the state, not the behaviour: :class:`~mjlearn.table.Table` (:mod:`.play`) is this state
    plus the turn (draw, discard), and its parts are objects that hold the table and act on these
    fields: ``table.setup_steps`` (:mod:`.setup`), ``table.claims`` (:mod:`.claims`),
    ``table.kong_steps`` (:mod:`.kongs`), ``table.judging`` (:mod:`.judging`) and
    ``table.start_wins`` (:mod:`.start_wins`). A part reaches
    another through the table (a claim resolved ends in ``table.judging.finish_wins``, a kong
    claimed on a discard in ``table.kong_steps.draw_replacement``).
    """

    def __init__(self, rs: RuleSet, seed: int | None, arrangement, dice, prevalent_wind: str, context) -> None:
        self._ruleset: RuleSet = rs
        self.facts = rs.table
        """The rule set's :class:`~mjlearn.rules.TableFacts`: wall, deal, flowers, wild, claims."""
        self.extra_context: dict = dict(context or {})
        """Context keywords that come from outside the hand (a :class:`Session` gives the dealer's
        streak ``streak`` and the drawn hands before this one ``shang_lou``); passed to the rule set."""
        self.seed = seed
        self.prevalent_wind: str = Seat.of(prevalent_wind, name="prevalent_wind").letter
        """The prevalent (round) wind as its letter, the form the rule sets read."""
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
        self._in_sight = [0] * 34
        # Copies of each kind in sight (see visible()), kept up to date as tiles are discarded,
        # claimed and melded (_meld_in), so that the computer players do not count them again
        # from the ponds and melds at every decision.
        self.set_aside: list[Tile] = []
        self.wild: Tile | None = None
        self.wild_indicator: Tile | None = None
        self.phase = "setup"
        self.turn: Seat = Seat.E
        self.pending: set[Seat] = set()
        """Seats whose answer to a discard (or an added kong) is still awaited."""
        self.calls: dict[Seat, tuple] = {}
        self.last_discard: tuple[Seat, Tile] | None = None
        self.kongs = 0
        self.claims_left = [cfg.claim_limit if cfg.claim_limit is not None else -1] * 4
        self.winners: list[Won] = []
        self._drawn: Tile | None = None
        self._drawn_kind = "deal"
        self._after_claim: Tile | None = None
        self._final = False
        self._robbing: tuple[Seat, Tile] | None = None
        ts = rs.tiles
        self._flower_kinds = 99 if ts.flowers == "none" else (34 if ts.honors else 27)
        """Tile indices from here on are flowers (27: the honors are played as flowers too)."""
        self._rules: RuleSet | None = None
        self._rule_ctx: frozenset = frozenset()
        self._judged: dict = {}
        self._moves = 0  # events that moved tiles (the judgement cache key)
        self._claimed = False  # a chow, pung or kong has been made this hand
        self._discards = [0, 0, 0, 0]
        self._first_discards: list = []  # (seat, tile) of the first discards while nothing is claimed
        self._discard_after_kong = False  # the last discard followed its player's kong replacement
        self._passed_seats: set[Seat] = set()  # passed up a win, no draw since (漏胡)
        self._passed_tiles: list[set[int]] = [
            set(),
            set(),
            set(),
            set(),
        ]  # tiles passed up since one's last discard (过水)
        self.settlements: list[OnDealWin | CalledCheck] = []
        """Payments outside the wins: Changsha 起手小胡 (:class:`OnDealWin`), Yunnan 查大叫
        (:class:`CalledCheck`). Each has ``payments`` (E, S, W, N) summing to zero."""
        self._on_deal_done: set[Seat] = set()  # seats that declared an on-deal 小胡
        self._haidi: list[Seat] | None = None  # 海底漫游: the seats that declined the last tile so far
        self._haidi_taker: tuple[Seat, Tile] | None = None  # who took the 海底 tile, and the tile
        self._grabbed: Seat | None = None  # Fuzhou street 抢金: the seat that took the turned-up 金
        self._wild_pos: int | None = None

    @property
    def rules(self) -> RuleSet:
        """The :class:`~mjlearn.rules.RuleSet` (with the table's options) that judges and scores wins."""
        if self._rules is None:
            self._rules = rules = self._ruleset
            self._rule_ctx = frozenset(rules.context_names)
            bad = sorted(set(self.extra_context) - self._rule_ctx)
            if bad:
                raise ValueError(
                    f"the rule set {rules.name!r} does not use the context keyword(s) "
                    f"{', '.join(map(repr, bad))}; it accepts: {', '.join(sorted(self._rule_ctx))}"
                )
        return self._rules

    def _emit(self, e: _E) -> _E:
        self.log.append(e)
        if not isinstance(e, Declared):
            self._moves += 1
        return e

    def _is_flower(self, i: int) -> bool:
        return i >= self._flower_kinds

    def counts(self, seat) -> tuple[int, ...]:
        """The 34 concealed counts of a seat."""
        return tuple(self.hands[seat_of(seat)][:34])

    def concealed(self, seat) -> list[Tile]:
        """A seat's concealed tiles, sorted."""
        h = self.hands[seat_of(seat)]
        return [TILES[i] for i in range(42) for _ in range(h[i])]

    def tile_count(self, seat) -> int:
        """Tiles held with each meld counted as three: 13, or 14 when the seat must discard."""
        seat = seat_of(seat)
        return sum(self.hands[seat][:34]) + 3 * len(self.melds[seat])

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> list[Won] | Exhausted | OnDealWin | None:
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
        for s in SEATS:
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
        for i in self.wall.untaken_tiles():
            c[i] += 1
        for t in self.set_aside:
            c[t.index] += 1
        return c

    def visible(self, t: Tile) -> int:
        """Copies of ``t`` in sight on the table: discards still in the ponds and exposed melds."""
        return self._in_sight[t.index] if t.index < 34 else 0  # a flower is never in a pond or meld

    def _meld_in(self, seat: Seat, meld: Meld) -> None:
        """Add ``meld`` to ``seat``'s melds; its tiles come into sight unless it is a concealed kong."""
        self.melds[seat].append(meld)
        if not meld.is_concealed:
            sight = self._in_sight
            for x in meld.tiles:
                sight[x.index] += 1

    def _need_turn(self, seat: Seat, phase: str, what_en: str, what_zh: str) -> None:
        if self.phase == "over":
            raise IllegalActionError("The hand is over.", "这一局已经结束。")
        if self.phase == "setup":
            raise IllegalActionError("The deal is not finished yet.", "还没有发完牌。")
        if self.phase != phase or seat != self.turn:
            if self.phase in ("claim", "rob"):
                raise IllegalActionError(
                    f"Claims on {self._claim_tile()} are being decided; {seat.en} cannot {what_en} now.",
                    f"正在决定{self._claim_tile().zh}的吃碰杠和，{seat.player_zh}现在不能{what_zh}。",
                )
            if seat != self.turn:
                raise IllegalActionError(
                    f"It is {self.turn.en}'s turn to play, not {seat.en}'s.",
                    f"现在轮到{self.turn.player_zh}出牌，不是{seat.player_zh}。",
                )
            if self.phase == "draw":
                raise IllegalActionError(f"{seat.en} must draw first.", f"{seat.player_zh}要先摸牌。")
            raise IllegalActionError(
                f"{seat.en} has drawn already and must discard.", f"{seat.player_zh}已经摸过牌，应当打牌。"
            )

    def _claim_tile(self) -> Tile:
        return self._claimed_from()[1]

    def _discard(self) -> tuple[Seat, Tile]:
        """(seat, tile) of the last discard, asked for while it may be claimed or is being taken."""
        assert self.last_discard is not None, "asked only after a discard"
        return self.last_discard

    def _claimed_from(self) -> tuple[Seat, Tile]:
        """(seat, tile) of the tile that may be claimed now: the kong being robbed or the last discard."""
        pending = self._robbing if self.phase == "rob" else self.last_discard
        assert pending is not None, "asked only in the claim or rob phase"
        return pending

    def _wild_blocks(self, t: Tile) -> bool:
        return self.wild is not None and t is self.wild

    @property
    def payments(self) -> dict[str, int]:
        """Net amounts of the hand by seat E, S, W, N: the sum over the wins and the other settlements
        (:attr:`settlements`: on-deal 小胡, 查大叫); zeros for a plain draw."""
        out = dict.fromkeys(SEAT_LETTERS, 0)
        for w in [*self.settlements, *self.winners]:
            for x, v in zip(SEAT_LETTERS, w.payments):
                out[x] += v
        return out

    def _roams(self) -> bool:
        return self.facts.haidi_roaming and bool(self.rules.opt("haidi_roaming"))

    @property
    def haidi_offered(self) -> bool:
        """Changsha 海底漫游: the last wall tile is being offered to :attr:`turn` (draw it, or pass)."""
        return self.phase == "draw" and self._haidi is not None

    def hand_of(self, seat) -> str:
        """A seat's holding in notation: melds then concealed tiles (flowers last)."""
        seat = seat_of(seat)
        return (
            "".join(str(m) for m in self.melds[seat])
            + format_tiles(self.concealed(seat))
            + format_tiles(f for f in self.flowers[seat] if f.index >= 34)
        )
