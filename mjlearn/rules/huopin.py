"""火拼麻将 Huopin Mahjong: the MCR fans plus 无财神, a 财神 wild, three rooms.

The 财神 wild is the tile after the indicator turned up after the deal (9→1; E→S→W→N→C→F→P→E).
A wild may stand for any tile in the concealed hand (never in a claim); the hand is scored by the
MCR engine with the wilds as what they stood for, plus 无财神 (2) when no wild substitutes. The room
decides the minimum and the formula; payments to or from the dealer are doubled, and the bird
(鸟牌) doubles the payments its seat is involved in.

Its tests are ``tests/test_rules_huopin.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("123456789m23p55s+4p", rules="huopin", winner="S", self_drawn=True, indicator="9p",
...           bird="3s")
>>> r.total, r.payments
(24, {'E': -64, 'S': 160, 'W': -64, 'N': -32})
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import ContextConflictError, Problem
from ..hand import Hand
from ..mcr import score as mcr_score
from ..seats import SEAT_LETTERS, Seat
from ..tiles import tile as _tile
from .base import ContextError, Ctx, Ledger, Option, RuleSet, TileSet, ctx, next_in_cycle
from .description import S_SELF, About, Example, Ruling, facts
from .mcr_rules import mcr_items
from .registry import register
from .result import Item, RegionalResult
from .sources import HUOPIN_RULES
from .steps import sum_line
from .tablefacts import TableFacts
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


def room_payments(
    F: int, room: str, winner: str, discarder: str | None, dealer: str = "E", bird: str | None = None
) -> Ledger:
    """The payments of one win with ``F`` fans (flowers included) in a room, the dealer ×2
    on every payment by or to him and the bird ×2 (option ``bird_dealer_multiply``: they multiply; option
    ``guobiao_room_doublings``: on a discard
    win the bird doubles only the discarder's payment).

    >>> room_payments(12, "guobiao", winner="N", discarder="W").net
    {'E': -16, 'S': -8, 'W': -20, 'N': 44}
    """
    if room not in ROOMS:
        raise ContextError(
            f"room must be one of {', '.join(ROOMS)}; got {room!r}  "
            f"（room 只能是 {'、'.join(ROOMS)} 之一，收到的是 {room!r}）"
        )
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
            if (discarder is None and bird in (winner, s)) or (
                discarder is not None and s == discarder and bird in (winner, discarder)
            ):
                m *= 2
        ledger.pay(s, winner, base * m, ("和牌", "hand"))
    return ledger


class HuopinRuleSet(RuleSet):
    """火拼麻将: MCR fans over the wild readings, room formulas."""

    def check_context(self, d):
        ind = d.pop("indicator")
        if ind is not None:
            if ind.is_flower:
                raise ContextError(
                    "a flower indicator has no +1: turn up the following tile instead  "
                    "（翻出的花牌没有下一张：请再翻下一张牌）"
                )
            w = next_in_cycle(ind)
            if d["wild"] is not None and d["wild"] is not w:
                raise ContextError(
                    f"indicator {ind} makes {w} the wild, but wild={d['wild']} was given  "
                    f"（翻出 {ind}，混牌应是 {w}，却给了 wild={d['wild']}）"
                )
            d["wild"] = w

    def evaluate(self, hand, c):
        room = self.opt("room")
        wild = c.wild
        zero = dict.fromkeys(SEAT_LETTERS, 0)
        if wild is not None and c.kong and not c.self_drawn and hand.win_tile is wild:
            raise ContextConflictError(
                [
                    Problem(
                        f"kong=True on a discard is robbing a kong (抢杠和) of {wild}, but {wild} is the wild (财神), "
                        f"which nobody may pung or kong  （点炮时 kong=True 是抢杠和，可 {wild} 是财神，"
                        f"谁也不能碰、杠财神，所以抢不到）"
                    )
                ],
                str(hand),
            )
        if wild is not None and any(wild in m.tiles for m in hand.melds if not m.is_concealed):
            return RegionalResult(
                self,
                hand,
                c,
                False,
                ("财神不能吃、碰、杠", f"the wild {wild} cannot be used in a chow, pung or kong"),
                0,
                (),
                zero,
            )
        seat = Seat.wind_of(c.winner, c.dealer).letter
        mctx = dict(
            self_drawn=c.self_drawn,
            kong=c.kong,
            wall_last=c.wall_last,
            last_tile=c.last_tile,
            seat_wind=seat,
            prevalent_wind=c.prevalent_wind,
            flowers=c.flowers,
        )
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
            return RegionalResult(
                self, hand, c, False, ("牌型不完整", "the tiles do not make a complete hand"), 0, (), zero
            )
        _, res, natural, F, subs = best
        items = mcr_items(res)
        if natural:
            items += (Item("wu_caishen", "无财神", "No wild used", self.opt("wu_caishen"), 1),)
        if room == "wufan":
            items, F = (), 0
        minimum = F - res.flowers
        if room == "guobiao" and minimum < 8:
            return RegionalResult(
                self,
                hand,
                c,
                False,
                (
                    f"这里起和 8 番（花牌不算），这手只有 {minimum} 番",
                    f"a win here needs 8 points without flowers; this hand has {minimum}",
                ),
                F,
                items,
                zero,
                res.reading,
            )
        bird = None if c.bird is None else bird_seat(c.bird, c.dealer)
        ledger = room_payments(F, room, c.winner, c.discarder, c.dealer, bird)
        wilds = (tuple(subs),) if subs else ()
        return RegionalResult(
            self,
            hand,
            c,
            True,
            None,
            F,
            items,
            ledger.net,
            res.reading,
            wilds,
            tuple(ledger.lines),
            extra={"mcr": res, "room": room},
        )

    def settlement_steps(self, result):
        """By the room: 10 for any win, 8 + the points, or the points alone; then the doublings."""
        total, room = result.total, self.opt("room")
        if room == "wufan":
            out = [("这里不算番：和了就是每家 10 分", "no points are counted here: a win takes 10 from each payer")]
        else:
            out = [sum_line(result.items, ("番", "fans"), total)]
            if room == "guobiao":
                out.append(
                    (
                        f"每家付 8 + {total} = {8 + total}（点炮时另两家各付 8）",
                        f"each payer 8 + {total} = {8 + total} (on a discard the other two pay 8)",
                    )
                )
            else:
                out.append(
                    (
                        f"每家付 {total}（不加 8；点炮时只有点炮者付）",
                        f"each payer {total} (no 8 added; on a discard only the discarder pays)",
                    )
                )
        out.append(
            (
                "庄家的收付加倍；鸟牌数到的座位再加倍",
                "payments by or to the dealer are doubled; the bird seat's doubled again",
            )
        )
        return tuple(out)


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
            others = list(subs[:i] + subs[i + 1 :])
            yield ReadHand(hand.melds, tuple(rest + others), t, hand.flowers, held=hand), natural
    else:
        yield ReadHand(hand.melds, tuple(rest + list(subs)), hand.win_tile, hand.flowers, held=hand), natural


# --- what the learner is told (mjlearn.course shows it) ---------------------------------------------
_HP_FAMILY = ("火拼麻将", "Huopin")
_KNITTED = Example(
    "147m258p369sESWN+C",
    S_SELF,
    (
        "全不靠：国标和用国标番种的火拼才认。",
        "Knitted tiles with honors (全不靠): only Guobiao and Huopin, which uses the Guobiao fans, know it.",
    ),
)
_HP = (
    {
        "wild": "财神：翻开的那张牌的下一张（9 之后是 1；东→南→西→北→中→发→白→东）；不能吃碰杠",
        "discard_win": "可以",
        "dealer": "输赢都加倍",
        "kongs": "按国标番种计",
        "signature": "三种玩法、鸟牌、无财神",
    },
    {
        "wild": "财神: the tile after the turned-up one (after 9 comes 1; E→S→W→N→C→F→P→E); never in a claim",
        "discard_win": "yes",
        "dealer": "×2, winning or losing",
        "kongs": "counted as Guobiao fans",
        "signature": "three ways to play, the bird tile (鸟牌), 无财神 (no wild used)",
    },
)
_HP_SCORING = {
    "huopin": ("每家付 8 + 番；庄家加倍；鸟牌座位加倍", "8 + the points from each payer; dealer ×2; bird seat ×2"),
    "huopin_dazhong": (
        "每家付番数（不加 8）；庄家加倍；鸟牌座位加倍",
        "the points from each payer (no 8 added); dealer ×2; bird seat ×2",
    ),
    "huopin_wufan": (
        "和了每家付 10；庄家加倍；鸟牌座位加倍",
        "10 from each payer for any win; dealer ×2; bird seat ×2",
    ),
}


def _hp_facts(name: str) -> dict:
    zh, en = dict(_HP[0]), dict(_HP[1])
    zh["scoring"], en["scoring"] = _HP_SCORING[name]
    return facts(zh, en)


ABOUT = About(
    where=(
        "火拼麻将：用国标的番种，加一个财神（百搭）。有三种玩法；这一种和国标一样 8 番起和。",
        'Huopin (火拼, "fire fight"): the Guobiao fans plus a wild, the 财神. It is played three ways; '
        "this one needs 8 points to win, as Guobiao does.",
    ),
    special=(
        (
            "144 张；翻开一张牌，它的下一张是财神，可当任何牌用（不能吃碰杠）。",
            "144 tiles; the tile after a turned-up indicator is the wild (财神), usable for any tile except in claims.",
        ),
        (
            "国标番种之外多一个“无财神”（没用财神）2 番。",
            "Besides the Guobiao fans: 无财神 (no wild used), 2 points for not using the wild.",
        ),
        (
            "起和 8 番；每家付 8 + 番；庄家输赢都加倍；鸟牌的座位再加倍。",
            "8 points to win; each payer pays 8 + the points; the dealer doubles whether he wins or loses; "
            "the bird seat doubles too.",
        ),
    ),
    family=_HP_FAMILY,
    rulings=(
        Ruling(
            ("庄家加倍和鸟加倍能否相乘", "whether the dealer's and the bird's doublings multiply"),
            ("相乘，最多 ×4", "they multiply, up to ×4"),
            "bird_dealer_multiply",
        ),
        Ruling(
            ("一炮多响", "several winners on one discard"),
            ("只许一家，离点炮者最近的", "one only, the nearest to the discarder"),
            "multi_win",
        ),
        Ruling(
            ("起和 8 番算不算花", "whether flowers count toward the 8"),
            ("不算", "they do not"),
            "minimum_counts_flowers",
        ),
    ),
    example=Example(
        "123m456m789m23p55s+4p",
        {"winner": "S", "self_drawn": True, "indicator": "9p", "bird": "3s"},
        (
            "指示牌 9p，财神是 1p。南家自摸，没用财神。",
            "Indicator 9p, so the wild is 1p. South self-draws without using it.",
        ),
    ),
    only_here=_KNITTED,
    facts=_hp_facts("huopin"),
    sources=(HUOPIN_RULES,),
)

ABOUT_DAZHONG = About(
    where=("火拼麻将的第二种玩法：不设起和。", "Huopin played the second way: no minimum to win."),
    special=(
        ("没有起和番数；每家付的就是番数（不加 8）。", "No minimum; each payer pays just the fans (no 8 added)."),
    ),
    family=_HP_FAMILY,
    example=Example(
        "123m456m789m23p55s+4p",
        {"winner": "S", "self_drawn": True, "indicator": "9p", "bird": "3s"},
        ("同一手牌，不设起和。", "The same hand with no minimum."),
    ),
    only_here=_KNITTED,
    facts=_hp_facts("huopin_dazhong"),
    sources=(HUOPIN_RULES,),
)

ABOUT_WUFAN = About(
    where=("火拼麻将的第三种玩法：不算番。", "Huopin played the third way: no points are counted."),
    special=(("不算番：和了就收 10 分。", "No fans: any win collects 10."),),
    family=_HP_FAMILY,
    example=Example(
        "123m456m789m23p55s+4p",
        {"winner": "S", "self_drawn": True, "indicator": "9p", "bird": "3s"},
        ("同一手牌，不算番。", "The same hand with no points counted."),
    ),
    only_here=_KNITTED,
    facts=_hp_facts("huopin_wufan"),
    sources=(HUOPIN_RULES,),
)


HUOPIN = register(
    HuopinRuleSet(
        name="huopin",
        zh="火拼麻将（8 番起和）",
        en="Huopin: 8 points to win",
        aliases=("火拼麻将", "火拼麻將", "huopin majiang", "huopin mahjong", "huopin", "hp", "国标场"),
        unit=("番", "fan"),
        pay_unit=("分", "points"),
        tiles=TileSet(True, True, "eight"),
        pair="any",
        wild="财神 = indicator + 1 (9→1; E→S→W→N→C→F→P→E); no claims with it",
        minimum=8,
        discard_win="yes",
        multi_win="single_nearest",
        dealer_rule="×2, win or lose",
        kong_money="via MCR fans",
        scoring="无番场 10; 国标场 8+F; 大众场 F; dealer ×2; bird ×2",
        signature="rooms, 鸟牌, 无财神",
        options=(
            Option(
                "room", "guobiao", "the room: wufan (无番场), guobiao (国标场), dazhong (大众场)", "场", tuple(ROOMS)
            ),
            Option("wu_caishen", 2, "无财神: fans when no wild substitutes", "无财神", low=0, high=8),
            Option("tiles", 144, "the tile count", "牌数", (144,)),
            Option(
                "multi_win",
                "single_nearest",
                "a single winner, nearest to the discarder",
                "一炮多响",
                ("single_nearest",),
            ),
            Option("honor_wrap", "P_to_E", "the wild after 白 (P) is 东 (E)", "白板之后", ("P_to_E",)),
            Option(
                "indicator_fate",
                "stays_face_up",
                "the indicator stays in the wall face-up",
                "翻牌去向",
                ("stays_face_up",),
            ),
            Option(
                "flower_indicator", "turn_next", "a flower indicator: turn up the next tile", "翻到花牌", ("turn_next",)
            ),
            Option("bird_dealer_multiply", True, "bird ×2 and dealer ×2 multiply (up to ×4)", "鸟与庄相乘", (True,)),
            Option(
                "no_bird_tile",
                "haidi_or_none",
                "after a 海底 win the 海底 tile is the bird",
                "无鸟牌",
                ("haidi_or_none",),
            ),
            Option("duplicate_minggang", "ignore", "entry 81 repeats 明杠: ignored", "重复明杠", ("ignore",)),
            Option(
                "wild_fans",
                "substituted_identity",
                "a wild completes any fan as what it stands for",
                "财神与番",
                ("substituted_identity",),
            ),
            Option(
                "guobiao_room_doublings",
                "dealer_any_bird_discarder_only",
                "dealer ×2 on any of his payments; bird ×2 only on the discarder's",
                "国标场加倍",
                ("dealer_any_bird_discarder_only",),
            ),
            Option("minimum_counts_flowers", False, "flowers count toward the 8", "起和含花", (False,)),
        ),
        context=ctx(
            "self_drawn",
            "discarder",
            "winner",
            "dealer",
            "last_tile",
            "kong",
            "wall_last",
            "prevalent_wind",
            "flowers",
            "wild",
            "bird",
        )
        + (Ctx("indicator", None, "tile?", "the tile turned up after the deal; the wild is the next one", "翻牌"),),
        table=TableFacts(wild="live_next", shapes="five_forms", special_shapes=("orphans",), bird=True),
        about=ABOUT,
    )
)

HUOPIN_DAZHONG = register(
    replace(
        HUOPIN,
        name="huopin_dazhong",
        zh="火拼麻将（不设起和）",
        en="Huopin: no minimum",
        aliases=("大众场", "huopin popular"),
        minimum=0,
        about=ABOUT_DAZHONG,
    ).with_options(room="dazhong")
)
HUOPIN_WUFAN = register(
    replace(
        HUOPIN,
        name="huopin_wufan",
        zh="火拼麻将（不算番，和了收 10 分）",
        en="Huopin: no points counted, 10 per win",
        aliases=("无番场", "huopin no-fan"),
        minimum=0,
        about=ABOUT_WUFAN,
    ).with_options(room="wufan")
)
