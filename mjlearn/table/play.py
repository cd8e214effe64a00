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

Seats are :class:`~mjlearn.seats.Seat` values, East (the dealer) first; an action takes a seat as a
``Seat``, an int 0-3 or a letter. The next player, ``seat.after()``, is the 下家 on one's right.

>>> from mjlearn.table import Table
>>> t = Table("mcr", seed=7)
>>> t.phase, t.turn, [t.tile_count(s) for s in "ESWN"]
('discard', Seat.E, [14, 13, 13, 13])
>>> t.can_discard(1, "5m")
False
>>> t.verify_discard(1, "5m")
Traceback (most recent call last):
...
mjlearn.table.state.IllegalActionError: It is East's turn to play, not South's. / 现在轮到东家出牌，不是南家。
"""

from __future__ import annotations

import functools

from ..rules.registry import DEFAULT
from ..rules.registry import get as _get_rules
from ..seats import Seat
from ..tiles import TILES
from ..tiles import tile as _tile
from .claims import Claims
from .events import DiceThrown, Discarded, Drew, Exhausted, WallBuilt
from .judging import Judging
from .kongs import Kongs
from .render import OutcomeView, TableView, table_html, table_text
from .setup import SetupSteps
from .start_wins import StartWins
from .state import IllegalActionError, TableState, _ok, next_in_sequence, relative_seat, seat_of

__all__ = ["IllegalActionError", "Table", "next_in_sequence", "relative_seat", "replay"]


def _part(part: str, fn):
    """A method of the table that is ``fn`` of one of its parts (the same name, arguments and docs)."""

    @functools.wraps(fn)
    def method(self, *args, **kwargs):
        return fn(getattr(self, part), *args, **kwargs)

    return method


class Table(TableState):
    """One hand of mahjong from the shuffle to the win or the draw.

    ``Table(rules, seed)`` shuffles with ``random.Random(seed)`` and plays the whole setup (build,
    dice, break, deal, jump draw, flowers, wild); pass ``setup=False`` and call
    :meth:`step_setup` to go through it one event at a time. ``arrangement`` (tile indices in
    physical wall order) and ``dice`` (a list of throws) replace the random ones, e.g. to follow a
    worked example.

    The table is its state (:class:`~mjlearn.table.state.TableState`: the fields and queries) and
    five parts that act on it, each an object holding the table: :attr:`setup_steps`
    (:class:`~mjlearn.table.setup.SetupSteps`), :attr:`claims` (:class:`~mjlearn.table.claims.Claims`:
    claims on a discard or an added kong and their resolution), :attr:`kong_steps`
    (:class:`~mjlearn.table.kongs.Kongs`: kongs, robbing an added kong, replacement draws) and
    :attr:`judging` (:class:`~mjlearn.table.judging.Judging`: asking the rule set about wins and
    settlements) and :attr:`start_wins` (:class:`~mjlearn.table.start_wins.StartWins`: the on-deal
    小胡 and the street 抢金). The
    turn itself (draw, discard, options) is here; the parts' actions are the table's methods too.
    """

    def __init__(
        self,
        rules=DEFAULT,
        seed: int | None = None,
        *,
        arrangement=None,
        dice=None,
        prevalent_wind: str = "E",
        setup: bool = True,
        rule_options=None,
        context=None,
    ):
        rs = _get_rules(rules)
        if rule_options:
            rs = rs.with_options(**dict(rule_options))
        super().__init__(rs, seed, arrangement, dice, prevalent_wind, context)
        self.setup_steps = SetupSteps(self)
        """The setup: wall, dice, break, deal, flowers, wild, one event at a time."""
        self.claims = Claims(self)
        """Claims on a discard or an added kong and their resolution."""
        self.kong_steps = Kongs(self)
        """Kongs on a discard or in one's own turn, robbing an added kong, replacement draws."""
        self.judging = Judging(self)
        """Wins judged and scored by the rule set; the rule set's other settlements."""
        self.start_wins = StartWins(self)
        """Wins declared right after the deal: the on-deal 小胡, the street 抢金."""
        if self.extra_context:
            _ = self.rules  # reading it checks the keywords now
        self._setup = self.setup_steps.steps()
        if setup:
            self.finish_setup()

    step_setup = _part("setup_steps", SetupSteps.step_setup)
    finish_setup = _part("setup_steps", SetupSteps.finish_setup)

    claim_options = _part("claims", Claims.claim_options)
    chow_options = _part("claims", Claims.chow_options)
    verify_chow = _part("claims", Claims.verify_chow)
    can_chow = _part("claims", Claims.can_chow)
    chow = _part("claims", Claims.chow)
    verify_pung = _part("claims", Claims.verify_pung)
    can_pung = _part("claims", Claims.can_pung)
    pung = _part("claims", Claims.pung)
    verify_kong = _part("kong_steps", Kongs.verify_kong)
    can_kong = _part("kong_steps", Kongs.can_kong)
    kong = _part("kong_steps", Kongs.kong)
    verify_pass = _part("claims", Claims.verify_pass)
    can_pass = _part("claims", Claims.can_pass)
    pass_ = _part("claims", Claims.pass_)

    rule_context = _part("judging", Judging.rule_context)
    win_result = _part("judging", Judging.win_result)
    verify_win = _part("judging", Judging.verify_win)
    can_win = _part("judging", Judging.can_win)
    win = _part("judging", Judging.win)
    on_deal_result = _part("judging", Judging.on_deal_result)
    verify_declare_on_deal = _part("start_wins", StartWins.verify_declare_on_deal)
    can_declare_on_deal = _part("start_wins", StartWins.can_declare_on_deal)
    declare_on_deal = _part("start_wins", StartWins.declare_on_deal)
    verify_grab_gold = _part("start_wins", StartWins.verify_grab_gold)
    can_grab_gold = _part("start_wins", StartWins.can_grab_gold)
    grab_gold = _part("start_wins", StartWins.grab_gold)

    def verify_draw(self, seat) -> None:
        """Raise :class:`IllegalActionError` unless ``seat`` may draw from the live end now. During
        Changsha's 海底漫游 drawing is taking the last tile when it is offered to ``seat``."""
        self._need_turn(seat_of(seat), "draw", "draw", "摸牌")

    def can_draw(self, seat) -> bool:
        return _ok(self.verify_draw, seat)

    def draw(self, seat) -> Drew:
        """Draw the next live tile (a flower is shown and replaced from the tail at once)."""
        seat = seat_of(seat)
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

    def _replace_flowers_in_play(self, seat: Seat) -> None:
        h = self.hands[seat]
        while (drawn := self._drawn) is not None and drawn.index >= self._flower_kinds:
            if self.wall.next_tail(0) is None:  # a flower as the very last tile: nothing to replace it
                self.hands[seat][drawn.index] -= 1
                self.flowers[seat].append(drawn)
                self._end_exhausted()
                return
            self.setup_steps.replace_flower(seat, drawn.index, None)
        del h

    def _end_exhausted(self) -> None:
        self.phase = "over"
        self.pending = set()
        self._emit(Exhausted())
        self.judging.settle_exhausted()

    def verify_discard(self, seat, tile) -> None:
        """Raise :class:`IllegalActionError` unless ``seat`` may discard ``tile`` now."""
        seat = seat_of(seat)
        self._need_turn(seat, "discard", "discard", "打牌")
        t = _tile(tile)
        if not self.hands[seat][t.index]:
            raise IllegalActionError(
                f"{seat.en} has no {t} ({t.en}) to discard.", f"{seat.player_zh}手里没有{t.zh}，不能打出。"
            )
        if self.facts.swap_call_ban and self._after_claim is t:
            raise IllegalActionError(
                f"{t} was just chowed; discarding it now is a false win (炸胡) here.",
                f"刚吃进{t.zh}，此时打出同一张牌算炸胡。",
            )
        if self._haidi_taker is not None and self._haidi_taker[0] == seat and t is not self._haidi_taker[1]:
            h = self._haidi_taker[1]
            raise IllegalActionError(
                f"{seat.en} took the last wall tile (海底) and cannot win with it: it is "
                f"exposed as his discard, so he must discard {h}.",
                f"{seat.player_zh}要了海底牌又不能和，须把海底牌{h.zh}打出。",
            )
        if self.facts.wild == "tail_same" and t is self.wild:
            raise IllegalActionError(
                f"{t} is the 金 (wild); discarding it is a false win (炸胡).", f"{t.zh}是金，打出金算炸胡。"
            )
        if self.judging.forced(seat):
            drawn = self._drawn
            assert drawn is not None  # forced: a tile was drawn
            raise IllegalActionError(
                f"In the last {self.facts.forced_win_tiles} tiles of the wall a winning "
                f"self-draw must be declared: {seat.en} wins with {drawn}.",
                f"最后{self.facts.forced_win_tiles}张牌自摸必须和：{seat.player_zh}摸到{drawn.zh}已经和了。",
            )

    def can_discard(self, seat, tile) -> bool:
        return _ok(self.verify_discard, seat, tile)

    def discard(self, seat, tile) -> Discarded:
        """Discard a tile; the other seats then answer with claims or passes."""
        seat = seat_of(seat)
        self.verify_discard(seat, tile)
        t = _tile(tile)
        self._discard_after_kong = self._drawn is not None and self._drawn_kind == "kong"
        self._discards[seat] += 1
        self._passed_tiles[seat].clear()
        if not self._claimed and len(self._first_discards) < 4:
            self._first_discards.append((seat, t))
        self.hands[seat][t.index] -= 1
        self.ponds[seat].append([t, None])
        self._in_sight[t.index] += 1
        e = self._emit(Discarded(seat, t))
        self.last_discard = (seat, t)
        self._drawn = None
        self._after_claim = None
        self.phase = "claim"
        self.calls = {}
        self.pending = self.claims.claimants(seat, t)
        if not self.pending:
            self.claims.resolve()
        return e

    def options(self, seat) -> list[str]:
        """Every action ``seat`` may take now, by name."""
        seat = seat_of(seat)
        extra = []
        if self.facts.on_deal_wins and self.can_declare_on_deal(seat):
            extra.append("on_deal")
        if self.facts.gold_grab and self.can_grab_gold(seat):
            extra.append("grab_gold")
        return self._options(seat) + extra

    def _options(self, seat: Seat) -> list[str]:
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

    def at(self, n: int) -> Table:
        """The table as it stood after the first ``n`` events of the log."""
        return replay(self.log[:n])

    def __repr__(self) -> str:
        return (
            f"<Table {self.rules.name} phase={self.phase!r} turn={self.turn.letter} "
            f"events={len(self.log)} wall_left={self.wall.remaining}>"
        )

    def _repr_html_(self) -> str:
        return table_html(self)

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(table_text(self))

    def outcome(self) -> OutcomeView:
        """The end of the hand to display: each win with the rule set's patterns, total and payments,
        the other settlements, and the net payments by seat (HTML in a notebook, text elsewhere)."""
        return OutcomeView(self)

    def render(self, *, show_all: bool = True, seat=None):
        """An HTML view of the table: every hand shown, or only ``seat``'s (the others face down)."""
        return TableView(self, show_all=show_all, seat=seat)


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
    t = Table(
        first.ruleset or first.rules,
        first.seed,
        arrangement=first.arrangement,
        dice=dice,
        prevalent_wind=first.prevalent_wind,
        setup=False,
        context=dict(first.context),
    )
    while len(t.log) < len(log) and t.phase == "setup":
        if t.step_setup() is None:
            break
    k = len(t.log)
    while k < len(log):
        e = log[k]
        if not e.is_action:
            raise ValueError(
                f"event {k} ({type(e).__name__}) is not an action and does not follow from the log before it"
            )
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
    if t.log[: len(log)] != log:
        raise ValueError("the log does not replay to itself")
    return t
