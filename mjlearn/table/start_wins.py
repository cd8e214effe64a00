"""Wins declared right after the deal, before the dealer's first discard: Changsha's on-deal 小胡
(起手胡) and Fuzhou's street 抢金 (taking the turned-up 金 from the tail).

Each is offered only while nothing has happened since the deal; the rule set judges the tiles
(:meth:`~mjlearn.table.judging.Judging.on_deal_result`,
:meth:`~mjlearn.table.judging.Judging.judge_grab`) and a grabbed 金 ends the hand like any win
(:meth:`~mjlearn.table.judging.Judging.finish_wins`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..seats import SEAT_LETTERS, Seat
from .events import Declared, OnDealWin
from .state import IllegalActionError, _ok, seat_of

if TYPE_CHECKING:
    from .play import Table

__all__ = ["StartWins"]


class StartWins:
    """Declaring an on-deal 小胡 or grabbing the 金, right after the deal."""

    def __init__(self, table: Table) -> None:
        self.t = table
        """The table whose state this part reads and changes."""

    def _at_start(self) -> bool:
        """Nothing has happened since the deal: no discard, no claim, no kong."""
        return (
            self.t.phase == "discard"
            and self.t.turn is Seat.E
            and not sum(self.t._discards)
            and not self.t._claimed
            and self.t._drawn_kind in ("deal", "flower")
        )

    def verify_declare_on_deal(self, seat) -> None:
        """Raise unless ``seat`` may declare an on-deal 小胡 (起手胡, Changsha): right after the deal,
        before the dealer's first discard, once, when the dealt tiles show 四喜, 板板胡 or 缺一色."""
        seat = seat_of(seat)
        if not self.t.facts.on_deal_wins:
            raise IllegalActionError(f"{self.t.rules.en} has no 小胡 on the deal.", f"{self.t.rules.zh}没有起手小胡。")
        if self.t.phase in ("setup", "over"):
            raise IllegalActionError(
                "An on-deal 小胡 is declared after the deal, while the hand is on.",
                "起手小胡要在发完牌后、牌局进行中报。",
            )
        if not self._at_start():
            raise IllegalActionError(
                "An on-deal 小胡 must be declared before the dealer's first discard.",
                "起手小胡须在庄家打出第一张牌之前报。",
            )
        if seat in self.t._on_deal_done:
            raise IllegalActionError(
                f"{seat.en} has already declared his on-deal 小胡.", f"{seat.player_zh}已经报过起手小胡。"
            )
        r = self.t.judging.on_deal_result(seat)
        if not r.legal:
            zh, en = r.reason
            raise IllegalActionError(f"{seat.en}'s dealt tiles show {en}.", f"{seat.player_zh}{zh}。")

    def can_declare_on_deal(self, seat) -> bool:
        return _ok(self.verify_declare_on_deal, seat)

    def declare_on_deal(self, seat) -> Declared:
        """Declare an on-deal 小胡: show the tiles, be paid like a 小胡 self-draw (Changsha's option
        ``on_deal_ends_hand``), and play on
        (with the rule option ``on_deal_ends_hand`` the hand ends). No bird is turned up for it."""
        seat = seat_of(seat)
        self.verify_declare_on_deal(seat)
        r = self.t.judging.on_deal_result(seat)
        e = self.t._emit(Declared(seat, "on_deal"))
        self.t._on_deal_done.add(seat)
        s = self.t._emit(
            OnDealWin(
                seat,
                tuple(self.t.concealed(seat)),
                tuple(r.items),
                tuple(r.payments[x] for x in SEAT_LETTERS),
                result=r,
            )
        )
        self.t.settlements.append(s)
        if self.t.rules.opt("on_deal_ends_hand"):
            self.t.phase = "over"
            self.t.pending = set()
        return e

    def verify_grab_gold(self, seat) -> None:
        """Raise unless ``seat`` may take the turned-up 金 and win with it (Fuzhou street 抢金, Fuzhou's option
        ``qiangjin_rule``,
        rule option ``qiangjin_rule="street"``): a non-dealer, before the dealer's first discard, whose
        13 tiles and the 金 make a win the rule set accepts."""
        seat = seat_of(seat)
        if not self.t.facts.gold_grab or self.t.facts.wild != "tail_same":
            raise IllegalActionError(f"{self.t.rules.en} turns up no 金 to grab.", f"{self.t.rules.zh}没有金可抢。")
        if self.t.rules.opt("qiangjin_rule") != "street":
            raise IllegalActionError(
                "Taking the turned-up 金 is the street 抢金; this table's 抢金 is "
                f"'{self.t.rules.opt('qiangjin_rule')}' (a win in the first go-around), judged at the win itself.",
                f"拿翻开的金是街头抢金规则；本桌的抢金是“{self.t.rules.opt('qiangjin_rule')}”（第一巡和牌），和牌时自动计算。",
            )
        if self.t.phase in ("setup", "over") or not self._at_start():
            raise IllegalActionError(
                "The 金 can only be grabbed right after it is turned up, before the dealer's first discard.",
                "抢金只能在翻金之后、庄家打第一张牌之前。",
            )
        if seat is Seat.E:
            raise IllegalActionError(
                "The dealer already holds 14 tiles: his win now is a 天胡 (a 抢金 too), declared as a self-drawn win.",
                "庄家已有十四张：此时和牌是天胡（也算抢金），按自摸报和。",
            )
        p = self.t._wild_pos
        if p is None or self.t.wall.state[p]:
            raise IllegalActionError("The turned-up 金 is no longer in the wall.", "翻开的金已经不在牌墙上。")
        ok, en, zh = self.t.judging.judge_grab(seat)
        if not ok:
            raise IllegalActionError(en, zh)

    def can_grab_gold(self, seat) -> bool:
        return _ok(self.verify_grab_gold, seat)

    def grab_gold(self, seat) -> Declared:
        """Take the turned-up 金 from the tail and win with it (street 抢金): scored by the rule set
        with ``took_indicator=True``; everybody pays, as for a bonus hand."""
        seat = seat_of(seat)
        self.verify_grab_gold(seat)
        t, pos = self.t.wild_indicator, self.t._wild_pos
        assert t is not None and pos is not None  # verify_grab_gold: the turned-up 金 is in the wall
        e = self.t._emit(Declared(seat, "grab_gold", t))
        self.t.wall.take_tail_at(pos)
        self.t.hands[seat][t.index] += 1
        self.t._moves += 1  # the hand changed: no cached judgement applies
        self.t._grabbed = seat
        self.t.turn = seat
        self.t._drawn, self.t._drawn_kind = t, "gold"
        self.t.judging.finish_wins([seat], t, None, robbing=False, self_drawn=True)
        return e
