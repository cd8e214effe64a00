"""国标麻将 Guobiao / MCR as one more rule set (regional.md §12), delegating to :mod:`mjlearn.mcr`.

The 81 fans, the counting principles and the 8-point minimum are the MCR engine's; this module
only adapts the seats (winner, discarder, dealer) to it. The verdict is the engine's own
:class:`~mjlearn.mcr.result.ScoreResult`, whichever door the hand came in by.

>>> from mjlearn.rules import score
>>> r = score("12346789mEEE44s+5m", rules="mcr", winner="S", discarder="N")    # §14.3
>>> r.total, r.payments
(22, {'E': -8, 'S': 46, 'W': -8, 'N': -30})
>>> import mjlearn as mj
>>> type(r) is type(mj.score("12346789mEEE44s+5m", winner="S", discarder="N"))
True
"""

from __future__ import annotations

from ..errors import ContextError
from ..mcr import score as mcr_score
from ..seats import Seat
from .tablefacts import TableFacts
from .base import Option, RuleSet, TileSet, ctx
from .registry import register
from .result import Item

__all__ = ["MCR", "MCRRuleSet", "mcr_items"]


def mcr_items(res) -> tuple[Item, ...]:
    """The counted fans of an MCR result as items (key = the fan id)."""
    return tuple(Item(str(f.id), f.zh, f.en, f.points, f.count) for f in res.fans)


class MCRRuleSet(RuleSet):
    """Guobiao: scoring by :func:`mjlearn.mcr.score`, payments by its settlement. The verdict is
    the engine's own :class:`~mjlearn.mcr.result.ScoreResult` (it has the interface of a
    :class:`~mjlearn.rules.RegionalResult`: legal, reason, items, payments...), the same type
    :func:`mjlearn.score` returns."""

    def mcr_context(self, c) -> dict:
        seat = c.seat_wind or Seat.wind_of(c.winner, c.dealer).letter
        return dict(self_drawn=c.self_drawn, last_tile=c.last_tile, kong=c.kong, wall_last=c.wall_last,
                    seat_wind=seat, prevalent_wind=c.prevalent_wind, flowers=c.flowers)

    def evaluate(self, hand, c):
        try:
            res = mcr_score(hand, profile=self.opt("profile"), **self.mcr_context(c))
        except ContextError as e:          # a value the engine refuses (flowers=9): this rule set's keywords
            raise ContextError(str(e), accepted=self.context_names) from None
        return res._at_table(self, c, c.winner, c.discarder)


MCR = register(MCRRuleSet(
    name="mcr", zh="国标麻将", en="Guobiao / MCR",
    aliases=("国标麻将", "国标", "guobiao", "guobiao majiang", "chinese official", "mahjong competition rules",
             "中国麻将竞赛规则"),
    section="§12", unit=("分", "points"), pay_unit=("分", "points"), tiles=TileSet(True, True, "eight"),
    pair="any", wild=None, minimum=8, discard_win="yes, if ≥ 8", multi_win="single_nearest",
    dealer_rule="none; no repeat dealer", kong_money="via fans",
    scoring="8 + Fan (self-draw, each); discarder 8 + Fan, others 8", signature="81 fans, 5 counting principles",
    options=(Option("profile", "mcr", "§12, A-MCR-3", "the MCR profile (mcr = 1998 book as applied today; "
                    "mcr-wmo2014)", "规则版本", ("mcr", "mcr-wmo2014")),),
    context=ctx("self_drawn", "discarder", "winner", "dealer", "last_tile", "kong", "wall_last", "seat_wind",
                "prevalent_wind", "flowers"),
    table=TableFacts(dice=3, shapes="five_forms", min_points=8, dealer_rotation="pass")))
