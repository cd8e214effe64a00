"""火拼麻将 Huopin Mahjong (regional.md §7): the MCR fans plus 无财神, a 财神 wild, three rooms.

The 财神 wild is the tile after the indicator turned up after the deal (9→1; E→S→W→N→C→F→P→E).
A wild may stand for any tile in the concealed hand (never in a claim); the hand is scored by the
MCR engine with the wilds as what they stood for, plus 无财神 (2) when no wild substitutes. The room
decides the minimum and the formula; payments to or from the dealer are doubled, and the bird
(鸟牌) doubles the payments its seat is involved in.

>>> from mjlearn.rules import score
>>> r = score("123456789m23p55s+4p", rules="huopin", winner="S", self_drawn=True, indicator="9p",
...           bird="3s")                                    # HP-Ex1
>>> r.total, r.payments
(24, {'E': -64, 'S': 160, 'W': -64, 'N': -32})
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import ContextConflictError, Problem
from ..hand import Hand
from ..mcr import score as mcr_score
from ..tiles import tile as _tile
from ..seats import SEAT_LETTERS, Seat
from .tablefacts import TableFacts
from .base import Ctx, ContextError, Ledger, Option, RuleSet, TileSet, ctx, next_in_cycle
from .mcr_rules import mcr_items
from .registry import register
from .result import Item, RegionalResult
from .wilds import ReadHand, substitutions

__all__ = ["HUOPIN", "HuopinRuleSet", "bird_seat", "room_payments"]

ROOMS = {
    "wufan": ("无番场", "No-fan room"),
    "guobiao": ("国标场", "Guobiao room"),
    "dazhong": ("大众场", "Popular room"),
}


def bird_seat(bird, dealer: str = "E") -> str:
    """Count the bird's face value from the dealer, counterclockwise; honors E1 S2 W3 N4 C5 F6 P7.

    >>> bird_seat("3s"), bird_seat("8m"), bird_seat("C", dealer="S")
    ('W', 'N', 'S')
    """
    t = _tile(bird)
    k = t.rank if not t.is_flower else None
    if k is None:
        raise ContextError(f"a flower ({t}) cannot be the bird  （花牌（{t}）不能当鸟）")
    return Seat.of(dealer).after(k - 1).letter


def room_payments(F: int, room: str, winner: str, discarder: str | None, dealer: str = "E",
                  bird: str | None = None) -> Ledger:
    """The payments of one win with ``F`` fans (flowers included) in a room (§7.8), the dealer ×2
    on every payment by or to him and the bird ×2 (A-HP-6: they multiply; A-HP-10: on a discard
    win the bird doubles only the discarder's payment).

    >>> room_payments(12, "guobiao", winner="N", discarder="W").net        # HP-Ex4
    {'E': -16, 'S': -8, 'W': -20, 'N': 44}
    """
    if room not in ROOMS:
        raise ContextError(f"room must be one of {', '.join(ROOMS)}; got {room!r}  "
                           f"（room 只能是 {'、'.join(ROOMS)} 之一，收到的是 {room!r}）")
    ledger = Ledger()
    for s in SEAT_LETTERS:
        if s == winner:
            continue
        if room == "wufan":
            base = 10 if (discarder is None or s == discarder) else 0
        elif room == "guobiao":
            base = 8 + F if (discarder is None or s == discarder) else 8
        else:
            base = F if (discarder is None or s == discarder) else 0
        m = 2 if dealer in (s, winner) else 1
        if bird is not None:
            if discarder is None and bird in (winner, s):
                m *= 2
            elif discarder is not None and s == discarder and bird in (winner, discarder):
                m *= 2
        ledger.pay(s, winner, base * m, ("和牌", "hand"))
    return ledger


class HuopinRuleSet(RuleSet):
    """火拼麻将: MCR fans over the wild readings, room formulas."""

    def check_context(self, d):
        ind = d.pop("indicator")
        if ind is not None:
            if ind.is_flower:
                raise ContextError("a flower indicator has no +1: turn up the following tile instead  "
                                   "（翻出的花牌没有下一张：请再翻下一张牌）")
            w = next_in_cycle(ind)
            if d["wild"] is not None and d["wild"] is not w:
                raise ContextError(f"indicator {ind} makes {w} the wild, but wild={d['wild']} was given  "
                                   f"（翻出 {ind}，混牌应是 {w}，却给了 wild={d['wild']}）")
            d["wild"] = w

    def evaluate(self, hand, c):
        room = self.opt("room")
        wild = c.wild
        zero = {s: 0 for s in SEAT_LETTERS}
        if wild is not None and c.kong and not c.self_drawn and hand.win_tile is wild:
            raise ContextConflictError([Problem(
                f"kong=True on a discard is robbing a kong (抢杠和) of {wild}, but {wild} is the wild (财神), "
                f"which nobody may pung or kong  （点炮时 kong=True 是抢杠和，可 {wild} 是财神，"
                f"谁也不能碰、杠财神，所以抢不到）")], str(hand))
        if wild is not None and any(wild in m.tiles for m in hand.melds if not m.is_concealed):
            return RegionalResult(self, hand, c, False, ("财神不能吃、碰、杠", f"the wild {wild} cannot be "
                                  "used in a chow, pung or kong"), 0, (), zero)
        seat = Seat.wind_of(c.winner, c.dealer).letter
        mctx = dict(self_drawn=c.self_drawn, kong=c.kong, wall_last=c.wall_last, last_tile=c.last_tile,
                    seat_wind=seat, prevalent_wind=c.prevalent_wind, flowers=c.flowers)
        best = None
        for subs in substitutions(hand, wild):
            for h, natural in _substituted(hand, wild, subs):
                res = mcr_score(h, **mctx)
                if not res.is_winning:
                    continue
                F = res.total + (self.opt("wu_caishen") if natural else 0)
                key = (res.meets_minimum or room != "guobiao", F)
                if best is None or key > best[0]:
                    best = (key, res, natural, F, subs)
        if best is None:
            return RegionalResult(self, hand, c, False, ("牌型不完整", "the tiles do not make a complete hand"),
                                  0, (), zero)
        _, res, natural, F, subs = best
        items = mcr_items(res)
        if natural:
            items += (Item("wu_caishen", "无财神", "No wild used", self.opt("wu_caishen"), 1),)
        if room == "wufan":
            items, F = (), 0
        minimum = F - res.flowers
        if room == "guobiao" and minimum < 8:
            return RegionalResult(self, hand, c, False,
                                  (f"这里起和 8 番（花牌不算），这手只有 {minimum} 番",
                                   f"a win here needs 8 points without flowers; this hand has {minimum}"),
                                  F, items, zero, res.reading)
        bird = None if c.bird is None else bird_seat(c.bird, c.dealer)
        ledger = room_payments(F, room, c.winner, c.discarder, c.dealer, bird)
        wilds = (tuple(subs),) if subs else ()
        return RegionalResult(self, hand, c, True, None, F, items, ledger.net, res.reading, wilds,
                              tuple(ledger.lines), extra={"mcr": res, "room": room})


def _substituted(hand: Hand, wild, subs):
    """The hands with each wild replaced by what it stood for, and whether every wild stood for itself
    (the drawn wild may have become any of the stand-ins)."""
    if wild is None or not subs:
        yield hand, True
        return
    natural = all(t is wild for t in subs)
    rest = [t for t in hand.concealed if t is not wild]
    if hand.win_tile is wild:
        seen = set()
        for i, t in enumerate(subs):
            if t in seen:
                continue
            seen.add(t)
            others = list(subs[:i] + subs[i + 1:])
            yield ReadHand(hand.melds, tuple(rest + others), t, hand.flowers, held=hand), natural
    else:
        yield ReadHand(hand.melds, tuple(rest + list(subs)), hand.win_tile, hand.flowers, held=hand), natural


HUOPIN = register(HuopinRuleSet(
    name="huopin", zh="火拼麻将（8 番起和）", en="Huopin: 8 points to win",
    aliases=("火拼麻将", "火拼麻將", "huopin majiang", "huopin mahjong", "huopin", "hp", "国标场"),
    section="§7", unit=("番", "fan"), pay_unit=("分", "points"), tiles=TileSet(True, True, "eight"),
    pair="any", wild="财神 = indicator + 1 (9→1; E→S→W→N→C→F→P→E); no claims with it", minimum=8,
    discard_win="yes", multi_win="single_nearest", dealer_rule="×2, win or lose", kong_money="via MCR fans",
    scoring="无番场 10; 国标场 8+F; 大众场 F; dealer ×2; bird ×2", signature="rooms, 鸟牌, 无财神",
    options=(
        Option("room", "guobiao", "§7.8", "the room: wufan (无番场), guobiao (国标场), dazhong (大众场)", "场",
               tuple(ROOMS)),
        Option("wu_caishen", 2, "§7.7", "无财神: fans when no wild substitutes", "无财神"),
        Option("tiles", 144, "A-HP-1", "the tile count", "牌数", (144,)),
        Option("multi_win", "single_nearest", "A-HP-2", "a single winner, nearest to the discarder", "一炮多响",
               ("single_nearest",)),
        Option("honor_wrap", "P_to_E", "A-HP-3", "the wild after 白 (P) is 东 (E)", "白板之后", ("P_to_E",)),
        Option("indicator_fate", "stays_face_up", "A-HP-4", "the indicator stays in the wall face-up",
               "翻牌去向", ("stays_face_up",)),
        Option("flower_indicator", "turn_next", "A-HP-5", "a flower indicator: turn up the next tile",
               "翻到花牌", ("turn_next",)),
        Option("bird_dealer_multiply", True, "A-HP-6", "bird ×2 and dealer ×2 multiply (up to ×4)",
               "鸟与庄相乘", (True,)),
        Option("no_bird_tile", "haidi_or_none", "A-HP-7", "after a 海底 win the 海底 tile is the bird",
               "无鸟牌", ("haidi_or_none",)),
        Option("duplicate_minggang", "ignore", "A-HP-8", "entry 81 repeats 明杠: ignored", "重复明杠", ("ignore",)),
        Option("wild_fans", "substituted_identity", "A-HP-9", "a wild completes any fan as what it stands for",
               "财神与番", ("substituted_identity",)),
        Option("guobiao_room_doublings", "dealer_any_bird_discarder_only", "A-HP-10",
               "dealer ×2 on any of his payments; bird ×2 only on the discarder's", "国标场加倍",
               ("dealer_any_bird_discarder_only",)),
        Option("minimum_counts_flowers", False, "A-HP-11", "flowers count toward the 8", "起和含花", (False,)),
    ),
    context=ctx("self_drawn", "discarder", "winner", "dealer", "last_tile", "kong", "wall_last",
                "prevalent_wind", "flowers", "wild", "bird") + (
        Ctx("indicator", None, "tile?", "the tile turned up after the deal; the wild is the next one", "翻牌"),),
    table=TableFacts(wild="live_next", shapes="five_forms", special_shapes=("orphans",),
                     bird=True),
))

HUOPIN_DAZHONG = register(replace(HUOPIN, name="huopin_dazhong", zh="火拼麻将（不设起和）", en="Huopin: no minimum",
                                  aliases=("大众场", "huopin popular"), minimum=0).with_options(room="dazhong"))
HUOPIN_WUFAN = register(replace(HUOPIN, name="huopin_wufan", zh="火拼麻将（不算番，和了收 10 分）", en="Huopin: no points counted, 10 per win",
                                aliases=("无番场", "huopin no-fan"), minimum=0).with_options(room="wufan"))
