"""Judging wins: the table asks its rule set whether a win stands and what it pays.

A win is judged in three steps: the shape (fast, on counts: a hand that is not complete is
never shown to the rule set), the table's own restrictions (a discarded wild, a passed-up win,
an opened hand in the Beijing points family), then the rule set itself through
``mjlearn.rules`` with a context built from the table. Judgements are cached per table state.

Also here: the rule set's settlements outside the wins (Yunnan 查大叫 at an exhausted wall) and
its judgement of the wins declared right after the deal (Changsha's on-deal 小胡, Fuzhou's street
抢金), each asked of the rule set through its hooks; declaring those is :mod:`.start_wins`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import InvalidHandError
from ..hand import Hand, MeldKind, WinContext
from ..notation import format_tiles
from ..rules.wilds import shape_complete, special_shape
from ..seats import SEAT_LETTERS, SEATS, Seat
from ..shanten_core import RegularAround
from ..tiles import TILES, Tile
from .events import BirdTurnedUp, CalledCheck, Declared, Won
from .state import IllegalActionError, _ok, seat_of

if TYPE_CHECKING:
    from .play import Table

__all__ = ["Judging"]


class Judging:
    """Asking the :class:`~mjlearn.rules.RuleSet` to judge and settle each win, with the context the
    table knows (seat, first go-around, the last tile, passed-up wins...)."""

    def __init__(self, table: Table) -> None:
        self.t = table
        """The table whose state this part reads and changes."""
        self._ready: list = [None, None, None, None]
        # Per seat: (concealed counts, melds, the tiles that could complete them) as last worked
        # out by _may_complete. The entry holds the hand it was made for and is used only while the
        # seat's hand is that hand, so a draw, discard or claim simply makes it miss; nothing to reset.

    def settle_exhausted(self) -> None:
        """What the rule set settles at an exhausted wall (``RuleSet.settle_exhausted``: Yunnan 查大叫).
        The table books no kong money during the hand, so at a draw there is none to cancel."""
        if any(
            self.t.tile_count(s) != self.t.rules.table.hand_size - 1 for s in SEATS
        ):  # pragma: no cover - a draw follows a discard
            return
        got = self.t.rules.settle_exhausted({s.letter: self.t.hand_of(s) for s in SEATS})
        if got is None:
            return
        ready, net = got
        e = self.t._emit(CalledCheck(tuple(Seat.of(x) for x in ready), tuple(net[x] for x in SEAT_LETTERS)))
        self.t.settlements.append(e)

    def forced(self, seat: Seat) -> bool:
        """Yunnan: in the last tiles of the wall a possible win must be taken (option ``last_tiles_forced``)."""
        n = self.t.facts.forced_win_tiles
        if not n or self.t.live_tiles_left() >= n:
            return False
        if self.t.phase == "discard":
            return self.t._drawn is not None and self.judge(seat, self.t._drawn, self_drawn=True)[0]
        if self.t.phase in ("claim", "rob") and seat in self.t.pending:
            return self.judge(seat, self.t._claim_tile(), robbing=self.t.phase == "rob")[0]
        return False

    def shape_ok(self, seat: Seat, c) -> bool:
        """Whether the counts ``c`` with ``seat``'s melds make a complete shape (wilds and the rule
        set's special shapes included); the rule set judges the win after."""
        cfg = self.t.facts
        wild = self.t.wild.index if self.t.wild is not None else None
        n = len(self.t.melds[seat]) + self.t.rules.table.short_sets
        if shape_complete(c, n, wild, cfg.shapes):
            return True
        return bool(cfg.special_shapes) and special_shape(cfg.special_shapes, c, self.t.melds[seat], wild)

    def _may_complete(self, seat: Seat, t: Tile, drawn: bool = False) -> bool:
        """False only when ``t`` cannot complete ``seat``'s 13 tiles, so that a win is not
        shape-checked for the many seats that are not ready (three on every discard, and the
        player on each draw). ``drawn``: ``t`` is in the hand already (the 13 tiles are the others).

        Narrowed where the shapes are some of the five MCR forms (no special shapes, a wild neither
        held nor offered): see :func:`_completing_tiles`, worked out once per hand and seat.
        Anywhere else it answers True and the shape check decides."""
        table = self.t
        w = table.wild
        h = table.hands[seat]
        if table.facts.special_shapes or (w is not None and (h[w.index] or t is w)):
            return True
        key = h[:34]  # a copy of the counts (a list: compared in one step with the one kept)
        if drawn:
            i = t.index
            if not key[i]:
                return True
            key[i] -= 1
        n = len(table.melds[seat]) + table.rules.table.short_sets
        got = self._ready[seat]
        if got is None or got[1] != n or got[0] != key:
            got = self._ready[seat] = (key, n, _completing_tiles(key, n))
        return got[2] is None or t.index in got[2]

    def _table_context(self, seat: Seat, t: Tile, self_drawn: bool, kong: bool) -> dict:
        seen = self.t.visible(t) - (0 if self_drawn or kong else 1)  # the discard itself is the winning tile
        return dict(
            self_drawn=self_drawn,
            kong=kong,
            wall_last=self.t._final and not kong,
            last_tile=seen >= 3,
            seat_wind=seat.letter,
            prevalent_wind=self.t.prevalent_wind,
        )

    def rule_context(
        self, seat, t: Tile, *, self_drawn: bool = False, robbing: bool = False, from_seat=None, **extra
    ) -> dict:
        """The context keywords for ``mjlearn.rules.score`` when ``seat`` wins with ``t`` now, built
        from the table (dealer = East) and restricted to those the rule set knows."""
        seat = seat_of(seat)
        rs = self.t.rules
        kong = robbing or (self_drawn and self.t._drawn_kind == "kong")
        if from_seat is None and not self_drawn:
            pending = self.t._robbing if robbing else self.t.last_discard
            assert pending is not None  # a win not self-drawn is on one of them
            from_seat = pending[0]
        elif from_seat is not None:
            from_seat = seat_of(from_seat)
        d = self._table_context(seat, t, self_drawn, kong)
        names = self.t._rule_ctx
        d.update(discarder=None if self_drawn else from_seat.letter, winner=seat.letter, dealer="E")
        if "wild" in names:
            d["wild"] = self.t.wild
        if "indicator" in names:
            d["indicator"] = self.t.wild_indicator
        if "flowers" in names and self.t._flower_kinds == 27:  # honors set aside as flowers
            d["flowers"] = "".join(str(f) for f in self.t.flowers[seat] if f.index < 34) or 0
        if "other_kongs" in names:
            ok = {}
            for s in SEATS:  # in the order E, S, W, N (the rule set sees this dict as given)
                k = [m for m in self.t.melds[s] if m.kind is MeldKind.KONG] if s != seat else None
                if k:
                    ok[s.letter] = (sum(1 for m in k if not m.is_concealed), sum(1 for m in k if m.is_concealed))
            d["other_kongs"] = ok
        no_claims = not self.t._claimed
        mine = self.t._discards[seat]
        first = no_claims and mine == 0
        d["first_go_around"] = first
        d["heavenly"] = seat is Seat.E and self_drawn and first
        d.update(
            rs.first_round_context(
                dealer=seat is Seat.E,
                self_drawn=self_drawn,
                robbing=robbing,
                first=first,
                on_dealers_first_discard=(from_seat is Seat.E and no_claims and sum(self.t._discards) == 1),
            )
        )
        d["shao_zhuang"] = self._shao_zhuang()
        d["after_kong"] = not self_drawn and not robbing and self.t._discard_after_kong
        d["passed_same_tile"] = not self_drawn and t.index in self.t._passed_tiles[seat]
        d["took_indicator"] = self_drawn and seat == self.t._grabbed
        d.update(self.t.extra_context)
        d.update(extra)
        return {k: v for k, v in d.items() if k in names}

    def _shao_zhuang(self) -> bool:
        """烧庄 (Beijing's option ``shaozhuang_discards``): S, W and N each discarded the dealer's first discard, no
        claim between."""
        f = self.t._first_discards
        return len(f) == 4 and tuple(s for s, _ in f) == SEATS and len({t for _, t in f}) == 1

    def judge(self, seat: Seat, t: Tile, *, robbing: bool = False, self_drawn: bool = False):
        """(ok, en, zh, hand, result, table context) for ``seat`` winning with ``t`` now; cached."""
        key = (seat, t.index, robbing, self_drawn, self.t._moves)
        got = self.t._judged.get(key)
        if got is None:
            got = self._judge_now(seat, t, robbing, self_drawn)
            if len(self.t._judged) > 64:
                self.t._judged.clear()
            self.t._judged[key] = got
        return got

    def _judge_now(self, seat: Seat, t: Tile, robbing: bool, self_drawn: bool):
        cfg = self.t.facts
        c = list(self.t.hands[seat][:34])
        if not self_drawn:
            c[t.index] += 1
        if not self_drawn and self.t._wild_blocks(t):
            return (
                False,
                f"{t} is the wild; a discarded wild cannot be won on.",
                f"{t.zh}是百搭，不能和打出的百搭。",
                None,
                None,
                None,
            )
        if not (self_drawn or self._may_complete(seat, t)) or not self.shape_ok(seat, c):
            return (
                False,
                f"{seat.en}'s hand is not complete with {t}.",
                f"{seat.player_zh}加上{t.zh}不成和牌。",
                None,
                None,
                None,
            )
        if not self_drawn and cfg.opened_self_draw_only and any(not m.is_concealed for m in self.t.melds[seat]):
            return (
                False,
                "An opened hand (after a chow or pung) may only win by self-draw here.",
                "吃碰以后只能自摸和，不能和别人打出的牌。",
                None,
                None,
                None,
            )
        if not self_drawn and cfg.passed_win == "until_draw" and seat in self.t._passed_seats:
            return (
                False,
                f"{seat.en} passed up a win and may not win on another player's tile before his next draw (漏胡).",
                f"{seat.player_zh}放过了和牌，在自己再摸牌之前不能和别人的牌（漏胡）。",
                None,
                None,
                None,
            )
        kong = robbing or (self_drawn and self.t._drawn_kind == "kong")
        tctx = self._table_context(seat, t, self_drawn, kong)
        concealed = [TILES[i] for i in range(34) for _ in range(c[i])]
        concealed.remove(t)
        hand = Hand(
            tuple(self.t.melds[seat]), tuple(concealed), t, tuple(f for f in self.t.flowers[seat] if f.index >= 34)
        )
        res, _ = self._score(hand, self.rule_context(seat, t, self_drawn=self_drawn, robbing=robbing))
        if isinstance(res, InvalidHandError):
            return (
                False,
                f"{self.t.rules.en} cannot score this win: {res}.",
                f"{self.t.rules.zh}无法计算这一和牌：{res}。",
                hand,
                None,
                tctx,
            )
        if not res.legal:
            zh, en = res.reason
            return (False, f"{self.t.rules.en}: {en}.", f"{self.t.rules.zh}：{zh}。", hand, res, tctx)
        return True, "", "", hand, res, tctx

    def _score(self, hand: Hand, ctx: dict):
        """The rule set's result, or the :class:`InvalidHandError` it raised.

        With a wild standing for the winning tile's kind, the substituted hand can contradict the
        context the table gives: 和绝张 ("the other three are in sight") or robbing a kong (the
        robber "holds another" of the kong tile) -- the MCR engine behind Huopin refuses those. The
        table counts natural tiles only, so it first drops ``last_tile``; a win that still cannot be
        scored is refused with the engine's words."""
        try:
            return self.t.rules.score(hand, **ctx), ctx
        except InvalidHandError as e:
            if ctx.get("last_tile"):
                return self._score(hand, {**ctx, "last_tile": False})
            return e, ctx

    def win_result(self, seat):
        """What the rule set would make of ``seat`` declaring a win now (a
        :class:`~mjlearn.rules.RegionalResult`, legal or not), or None when the hand is not even
        complete. Nothing changes on the table."""
        seat = seat_of(seat)
        if self.t.phase in ("claim", "rob"):
            t = self.t._claim_tile()
            if seat == self.t._claimed_from()[0]:
                return None
            return self.judge(seat, t, robbing=self.t.phase == "rob")[4]
        if self.t.phase == "discard" and seat == self.t.turn and self.t._drawn is not None:
            return self.judge(seat, self.t._drawn, self_drawn=True)[4]
        return None

    def verify_win(self, seat) -> None:
        """Raise unless ``seat`` may declare a win now: self-drawn in his turn, on a discard, or by
        robbing an added kong. A complete hand that its rule set refuses is refused with the rule
        set's reason (e.g. a Yunnan plain hand on a discard, a Changsha pair that is not 2-5-8)."""
        seat = seat_of(seat)
        if self.t.phase in ("claim", "rob"):
            t = self.t.claims.need_claim(seat, "win", "和")
            ok, en, zh, *_ = self.judge(seat, t, robbing=self.t.phase == "rob")
            if ok:
                self.t.claims.need_pending(seat)
        else:
            self.t._need_turn(seat, "discard", "win", "和牌")
            if self.t._drawn is None:
                raise IllegalActionError(
                    f"{seat.en} has not drawn a tile this turn, so he cannot win by self-draw.",
                    f"{seat.player_zh}这一轮没有摸牌，不能自摸。",
                )
            ok, en, zh, *_ = self.judge(seat, self.t._drawn, self_drawn=True)
        if not ok:
            raise IllegalActionError(en, zh)

    def can_win(self, seat) -> bool:
        return _ok(self.verify_win, seat)

    def win(self, seat) -> Declared:
        """Declare a win: self-drawn, on the discard, or robbing a kong."""
        seat = seat_of(seat)
        self.verify_win(seat)
        if self.t.phase in ("claim", "rob"):
            return self.t.claims.call(seat, "win", self.t._claim_tile())
        drawn = self.t._drawn
        assert drawn is not None  # verify_win: a self-drawn win has its drawn tile
        e = self.t._emit(Declared(seat, "win", drawn))
        self.finish_wins([seat], drawn, None, robbing=False, self_drawn=True)
        return e

    def finish_wins(self, seats, t: Tile, from_seat, *, robbing: bool, self_drawn: bool) -> None:
        """Score each winner by the rule set (with the bird and several-winner context where the rule
        set uses them) and end the hand."""
        verdicts = [self.judge(s, t, robbing=robbing, self_drawn=self_drawn) for s in seats]
        extra: dict[str, object] = {}
        if self.t.facts.bird:
            extra["bird"] = self._turn_up_bird(
                t if self.t._final and not robbing and not (self_drawn and self.t._drawn_kind == "kong") else None
            )
        if len(seats) > 1:
            extra["multiple_winners"] = True
        for s, (ok, en, _zh, hand, res, tctx) in zip(seats, verdicts):
            if not ok:  # pragma: no cover - a claim is accepted only after the same judgement
                raise RuntimeError(f"a refused win reached the end of the hand: {en}")
            more = {k: v for k, v in extra.items() if k in self.t._rule_ctx}
            again, given = self._score(
                hand, self.rule_context(s, t, self_drawn=self_drawn, robbing=robbing, from_seat=from_seat, **more)
            )
            if not isinstance(again, InvalidHandError):
                res = again
            w = self.t._emit(
                Won(
                    s,
                    t,
                    hand,
                    from_seat,
                    WinContext(**tctx),
                    points=res.total,
                    result=res,
                    payments=tuple(res.payments[x] for x in SEAT_LETTERS),
                    rule_context=tuple(given.items()),
                )
            )
            self.t.winners.append(w)
        self.t.phase = "over"
        self.t.pending = set()

    def _turn_up_bird(self, haidi: Tile | None) -> Tile | None:
        """扎鸟 / 鸟牌: the next tile of the wall, or the 海底 tile itself after a last-tile win."""
        if haidi is not None:
            self.t._emit(BirdTurnedUp(haidi, None))
            return haidi
        w = self.t.wall
        p = w.next_live()
        while p is not None and p < len(w.tiles) and not w.state[p] and self.t._is_flower(w.tiles[p]):
            w.face_up.add(p)  # a flower is no bird: turn up the next tile (as Huopin does for the 财神)
            p += 1
        if p is None or p >= len(w.tiles) or w.state[p]:
            return None
        w.face_up.add(p)
        b = TILES[w.tiles[p]]
        self.t._emit(BirdTurnedUp(b, p))
        return b

    def on_deal_result(self, seat):
        """What the rule set (``RuleSet.on_deal_win``) makes of ``seat``'s dealt tiles now (legal or not)."""
        seat = seat_of(seat)
        return self.t.rules.on_deal_win(format_tiles(self.t.concealed(seat)), seat.letter, "E")

    def judge_grab(self, seat: Seat):
        """(ok, en, zh) for ``seat`` taking the turned-up 金 and winning with it now (street 抢金)."""
        t = self.t.wild_indicator
        assert t is not None  # verify_grab_gold: a 金 is turned up
        c = list(self.t.hands[seat][:34])
        c[t.index] += 1
        if not self.shape_ok(seat, c):
            return (
                False,
                f"{seat.en}'s hand is not complete with the 金 {t}.",
                f"{seat.player_zh}加上金{t.zh}不成和牌。",
            )
        concealed = [TILES[i] for i in range(34) for _ in range(self.t.hands[seat][i])]
        hand = Hand(tuple(self.t.melds[seat]), tuple(concealed), t, ())
        self.t._grabbed = seat
        try:
            res, _ = self._score(hand, self.rule_context(seat, t, self_drawn=True))
        finally:
            self.t._grabbed = None
        if isinstance(res, InvalidHandError):
            return (
                False,
                f"{self.t.rules.en} cannot score this win: {res}.",
                f"{self.t.rules.zh}无法计算这一和牌：{res}。",
            )
        if not res.legal:
            zh, en = res.reason
            return False, f"{self.t.rules.en}: {en}.", f"{self.t.rules.zh}：{zh}。"
        return True, "", ""


def _completing_tiles(counts, n_melds: int) -> frozenset | None:
    """The only tiles that may complete 13 concealed counts with ``n_melds`` melds in one of the five
    MCR forms (a superset: the shape check decides), or None when no narrowing is made.

    A hand that one tile completes has shanten 0 over the five forms, so a hand further away
    gets the empty set; a ready hand whose special forms (seven pairs, thirteen orphans, knitted)
    are not ready can only be completed in the regular form, by one of its waits."""
    if sum(counts) + 3 * n_melds != 13:
        return None
    around = RegularAround(counts, n_melds)
    special = around.special_forms_shanten(at_most=1)
    if special <= 0:
        return None
    if around.shanten() > 0:
        return frozenset()
    return frozenset(around.draws_below(0))
