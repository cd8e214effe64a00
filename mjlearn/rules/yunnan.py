"""云南麻将（玉溪）Yunnan Mahjong, Yuxi style: no chow, plain wins by self-draw only.

Patterns are worth 番 (龙七对 2, the others 1). A plain hand (平胡) with no pattern pays 1 from each
and may only be self-drawn; with ``n`` 番 a self-draw pays ``3 × 2^(n-1)`` from each and a discard
``4 × 2^(n-1)`` from the discarder alone (with 龙七对, ``7 × 2^(n-2)``, the documents' 6+1; option ``longqidui_discard``).
There is no dealer multiplier. 十老头 (ten honor discards in a row) is settled by :func:`ten_honors`
and a drawn hand by :func:`cha_da_jiao` (查大叫).

Its tests are ``tests/test_rules_yunnan.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> score("[111p][444p][999p]2233p+3p", rules="yunnan", winner="W", discarder="N").payments
{'E': 0, 'S': 0, 'W': 8, 'N': -8}

一炮多响: several players may win on one discard; the discarder pays each of them, and the next
dealer is the discarder's 下家 (options ``continue_after_win`` and ``dealer_next_multi_win``).
:func:`mjlearn.rules.score_discard` judges them all:

>>> from mjlearn.rules import score_discard
>>> r = score_discard({"W": "[111s][444s][999s]2266s", "S": "EEESSS777m999m6s", "E": "123m456m789m11p57s"},
...                   rules="yunnan", discarder="N", tile="6s")
>>> r.winners, r.payments, r.next_dealer        # E's plain hand may not win on a discard
(('S', 'W'), {'E': 0, 'S': 4, 'W': 8, 'N': -12}, 'E')
"""

from __future__ import annotations

from ..hand import MeldKind, as_hand
from ..seats import SEAT_LETTERS, Seat
from ..shapes import Form
from .base import (
    Claims,
    Context,
    Ctx,
    Ledger,
    Option,
    Pattern,
    RuleSet,
    TileSet,
    _check_seat,
    all_pungs,
    ctx,
    seven_pairs_quads,
)
from .description import CLOSEST, About, Example, Ruling, facts
from .registry import register
from .result import Item, RegionalResult
from .sources import CARD_ROOM
from .steps import doubling, sum_line
from .tablefacts import TableFacts
from .wilds import waits_with_wilds

__all__ = ["YUNNAN", "YunnanRuleSet", "cha_da_jiao", "ten_honors"]


def _one_kind(w) -> bool:
    """清一: every tile from one of m, p, s, or all honors (option ``qingyi_includes_honors``)."""
    kinds = {("z" if t.is_honor else t.suit.value) for t in w.tiles}
    if not w.rules.opt("qingyi_includes_honors") and "z" in kinds:
        return False
    return len(kinds) == 1


PATTERNS = (
    Pattern("pengpenghu", "碰碰胡", "All pungs", 1, all_pungs, pinyin="pèngpèng hú"),
    Pattern("qingyi", "清一", "Pure one-kind", 1, _one_kind, "m, p, s or honors", pinyin="qīng yī"),
    Pattern(
        "xiaoqidui",
        "小七对",
        "Seven pairs",
        1,
        lambda w: w.form is Form.SEVEN_PAIRS and not seven_pairs_quads(w),
        "no pung or kong",
        pinyin="xiǎo qī duì",
    ),
    Pattern("gangshanghua", "杠上花", "Kong bloom", 1, lambda w: w.self_drawn and w.ctx.kong, pinyin="gàng shàng huā"),
    Pattern(
        "gangshangpao",
        "杠上炮",
        "Deal-in after kong",
        1,
        lambda w: not w.self_drawn and w.ctx.after_kong,
        "the konger pays as the discarder",
        pinyin="gàng shàng pào",
    ),
    Pattern(
        "qiangganghu",
        "抢杠胡",
        "Robbing the kong",
        1,
        lambda w: not w.self_drawn and w.ctx.kong,
        "the kong declarer counts as the discarder",
        pinyin="qiǎnggàng hú",
    ),
    Pattern(
        "longqidui",
        "龙七对",
        "Dragon seven pairs",
        2,
        lambda w: seven_pairs_quads(w) > 0,
        "seven pairs with four identical tiles",
        excludes=("xiaoqidui",),
        pinyin="lóng qī duì",
    ),
)


class YunnanRuleSet(RuleSet):
    """云南麻将: the scoring pipeline (see the module)."""

    def illegal(self, win, items, total):
        if any(m.kind is MeldKind.CHOW for m in win.hand.melds):
            return ("云南麻将不能吃", "Yunnan allows no chow (pung and kong only)")
        if not win.self_drawn:
            keys = {i.key for i in items}
            if not self.opt("plain_hand_on_kong_tile"):
                keys -= {"gangshangpao", "qiangganghu"}
            if not keys:
                return ("平胡只能自摸", "a plain hand (平胡) may only be won by self-draw")
        return None

    def rate(self, n: int, self_drawn: bool, longqidui: bool) -> int:
        """What one payer pays for ``n`` 番."""
        if n == 0:
            return self.opt("pinghu_self_each") if self_drawn else 0
        if self_drawn:
            return 3 * 2 ** (n - 1)
        if longqidui and self.opt("longqidui_discard") == "seed":
            return 7 * 2 ** (n - 2)
        return 4 * 2 ** (n - 1)

    def settle(self, win, items, total) -> Ledger:
        ledger = Ledger()
        lqd = any(i.key == "longqidui" for i in items)
        amount = self.rate(total, win.self_drawn, lqd)
        if win.self_drawn:
            for s in SEAT_LETTERS:
                if s != win.winner:
                    ledger.pay(s, win.winner, amount, ("自摸", "self-draw"))
        else:
            ledger.pay(win.discarder, win.winner, amount, ("点炮", "discarder pays"))
        return ledger

    def settle_exhausted(self, hands):
        """查大叫 (option ``ready_plain_value``) at an exhausted wall: :func:`cha_da_jiao`, with the seats that are
        ready as it counts them (some wait wins under this rule set as a self-draw)."""
        net = cha_da_jiao(hands, rules=self)
        ready = tuple(
            s
            for s in SEAT_LETTERS
            if any(
                self.score(f"{hands[s]}+{t}", winner=s, self_drawn=True).legal
                for t in sorted(waits_with_wilds(as_hand(hands[s]), None))
            )
        )
        return ready, net

    def next_dealer(self, winners, discarder, dealer):
        """The first winner deals next; after 一炮多响 the discarder's 下家 (the ``dealer_next_multi_win``
        switch: the first winner counting onward from the discarder); after a draw the dealer stays (option
        ``dealer_after_draw``)."""
        if not winners:
            return dealer
        if len(winners) == 1:
            return winners[0]
        if self.opt("dealer_next_multi_win") == "discarder_next":
            return Seat.of(discarder).after().letter
        return winners[0]  # winners come in turn order from the discarder

    def kong_payments(self, owner: str, exposed_from: str | None = None, concealed: int = 0, added: int = 0) -> dict:
        """Kong money paid when a kong is made (void at a draw): 明杠 2 from the discarder
        (``exposed_from``), 暗杠 2 from each, 转弯杠 1 from each (options ``concealed_kong_each`` and
        ``added_kong_each``)."""
        ledger = Ledger()
        if exposed_from is not None:
            ledger.pay(_check_seat("exposed_from", exposed_from), owner, self.opt("exposed_kong"))
        for s in SEAT_LETTERS:
            if s != owner:
                ledger.pay(s, owner, concealed * self.opt("concealed_kong_each") + added * self.opt("added_kong_each"))
        return ledger.net

    def settlement_steps(self, result):
        """The 番 added up, then the rate: a self-draw's 3 or a discard's 4 for one 番 (7 for 龙七对
        on a discard), doubled for each further 番."""
        total, c = result.total, result.context
        out = [sum_line(result.items, ("番", "fan"), total)]
        lqd = any(i.key == "longqidui" for i in result.items)
        amount = self.rate(total, bool(c.get("self_drawn")), lqd)
        if total == 0:
            out.append((f"平胡自摸：每家 {amount}", f"a plain hand self-drawn: {amount} from each"))
        elif c.get("self_drawn"):
            z, e = doubling(3, total - 1, ("番", "fan"), after_first=True)
            out.append((f"自摸：每家付 {z} = {amount}", f"self-draw: each pays {e} = {amount}"))
        elif lqd and self.opt("longqidui_discard") == "seed":
            z, e = doubling(7, total - 2, ("番", "fan"), after_first=2)
            out.append((f"龙七对点炮：{z} = {amount}", f"龙七对 on a discard: {e} = {amount}"))
        else:
            z, e = doubling(4, total - 1, ("番", "fan"), after_first=True)
            out.append((f"点炮：点炮者付 {z} = {amount}", f"discard: the discarder pays {e} = {amount}"))
        return tuple(out)


_OPTIONS = (
    Option("pinghu_self_each", 1, "平胡 self-draw: from each other player", "平胡自摸", low=0, high=100),
    Option(
        "longqidui_discard",
        "seed",
        "龙七对 by discard: 'seed' = 7 × 2^(n-2), 'formula' = 4 × 2^(n-1)",
        "龙七对点炮",
        ("seed", "formula"),
    ),
    Option("qingyi_includes_honors", True, "an all-honors hand counts as 清一", "清一含字"),
    Option("plain_hand_on_kong_tile", True, "a plain hand may win by 杠上炮 / 抢杠胡", "平胡可杠上炮、抢杠胡"),
    Option("exposed_kong", 2, "明杠: the discarder pays the kong owner", "明杠", low=0, high=100),
    Option("concealed_kong_each", 2, "暗杠: from each other player", "暗杠", low=0, high=100),
    Option("added_kong_each", 1, "转弯杠: from each other player", "转弯杠", low=0, high=100),
    Option("ten_honors_each", 3, "十老头: settled as a 1-番 self-draw", "十老头", low=0, high=100),
    Option(
        "ready_plain_value",
        1,
        "查大叫: a ready hand whose only win is 平胡 is worth this",
        "查大叫平胡",
        low=0,
        high=100,
    ),
    Option("continue_after_win", False, "血战-style play after the first win", "血战"),
    Option(
        "dealer_next_multi_win",
        "discarder_next",
        "next dealer after 一炮多响",
        "一炮多响后庄家",
        ("discarder_next", "first_winner_after_discarder"),
    ),
    Option("dealer_after_draw", "same", "the dealer keeps the deal after a draw", "荒庄后庄家", ("same",)),
    Option("tail_tiles", "top_of_last_two_stacks", "the two face-up tail tiles", "翻尾牌", ("top_of_last_two_stacks",)),
    Option("tail_replenish", False, "a used face-up tail tile is replaced", "补翻尾牌", (False,)),
    Option("last_tiles_forced", 4, "the final drawable tiles in which a win is automatic", "最后四张", low=0, high=16),
)


# --- what the learner is told (mjlearn.course shows it) ---------------------------------------------
ABOUT = About(
    where=("云南麻将，按玉溪的打法。", "Yunnan mahjong as played in Yuxi."),
    special=(
        ("不能吃。", "No chows."),
        (
            "平胡（没有番的手）只能自摸；有番的手点炮也能和。",
            "A plain hand (no pattern) may only win by self-draw; a pattern hand may win on a discard.",
        ),
        (
            "付钱：自摸时 1 番每家付 3，每多 1 番翻一倍（3、6、12……）；点炮时点炮者付 4、8、16……",
            "Payment: on a self-draw each pays 3 for 1 fan, doubled for each further fan (3, 6, 12…); "
            "on a discard the discarder pays 4, 8, 16…",
        ),
        (
            "墙尾翻开两张牌作杠后补牌；荒庄时“查大叫”：没听牌的人赔听牌的人。",
            "Two tiles at the tail are turned face up for kong replacements; at a drawn hand players who are not "
            "ready pay those who are (查大叫).",
        ),
    ),
    family=("云南麻将", "Yunnan"),
    rulings=(
        Ruling(
            ("龙七对点炮给多少", "what seven pairs with a four-of-a-kind (龙七对) pays on a discard"),
            ("2 番付 7，每多 1 番翻一倍（7、14、28……）", "7 for 2 fan, doubled for each further fan (7, 14, 28…)"),
            "longqidui_discard",
        ),
        Ruling(
            ("全是字牌算不算清一", "whether an all-honors hand counts as one kind (清一)"),
            ("算", "it does"),
            "qingyi_includes_honors",
        ),
        Ruling(
            ("一炮多响后谁坐庄", "who deals after several players win one discard"),
            ("点炮者的下家", "the player after the discarder"),
            "dealer_next_multi_win",
        ),
    ),
    example=Example(
        "[111p,1][444p,1][999p,1]22p33p+3p",
        {"winner": "W", "discarder": "N"},
        ("西家和北家打的 3p：清一、碰碰胡，两番。", "West wins on North's 3p: one kind and all pungs, 2 fan."),
    ),
    only_here=Example("[NNN,1][PPP,2]78p345sEE+9p", {"winner": "S", "self_drawn": True, "wild": "P"}, CLOSEST),
    facts=facts(
        {
            "discard_win": "只有有番的手",
            "scoring": "平胡自摸每家 1；自摸 1 番每家 3、点炮 1 番点炮者付 4，每多 1 番翻一倍；龙七对点炮 2 番付 7，每多 1 番翻一倍",
            "dealer": "不加倍",
            "kongs": "明杠点杠者付 2；暗杠每家 2、转弯杠每家 1；荒庄不算",
            "signature": "墙尾翻两张、十老头、查大叫",
        },
        {
            "discard_win": "only a hand with a pattern",
            "scoring": "plain hand self-drawn: 1 from each; 1 fan: 3 from each on a self-draw, 4 from the discarder, "
            "doubled for each further fan; 龙七对 on a discard: 7 for 2 fan, doubled for each further fan",
            "dealer": "no premium",
            "kongs": "exposed: 2 from the player who fed it; concealed 2, added 1 from each; none at a drawn hand",
            "signature": "two face-up tiles at the tail, 十老头, 查大叫 (players not ready pay at a drawn hand)",
        },
    ),
    sources=(CARD_ROOM,),
)


YUNNAN = register(
    YunnanRuleSet(
        name="yunnan",
        zh="云南麻将（玉溪）",
        en="Yunnan (Yuxi)",
        aliases=("云南麻将", "玉溪麻将", "yunnan majiang", "yunnan mahjong", "yuxi", "yn"),
        unit=("番", "fan"),
        pay_unit=("分", "points"),
        tiles=TileSet(True, True, "none"),
        claims=Claims(chow=False),
        pair="any",
        wild=None,
        discard_win="big patterns only",
        multi_win="multiple_allowed",
        dealer_rule="none",
        kong_money="明杠 2 from the discarder; 暗杠 2 / 转弯杠 1 from each; void at a draw",
        scoring="平胡 1 each; self-draw 3·2^(n−1) each, discard 4·2^(n−1); 龙七对 discard 7·2^(n−2)",
        signature="two face-up tail tiles, 十老头, 查大叫",
        options=_OPTIONS,
        context=ctx("self_drawn", "discarder", "winner", "dealer", "kong")
        + (Ctx("after_kong", False, "bool", "the discarder had just konged (杠上炮)", "杠上炮"),),
        patterns=PATTERNS,
        table=TableFacts(face_up_tail=2, shapes="standard+seven_pairs", passed_win="until_draw", forced_win_tiles=4),
        about=ABOUT,
    )
)


def ten_honors(hand, seat: str, dealer: str = "E", rules=None) -> RegionalResult:
    """十老头 / 十风: ten honor discards in a row, none claimed; settled as a 1-番 self-draw (option ``ten_honors_each``).

    ``hand`` is the player's 13 tiles at that moment (no shape is needed).

    >>> ten_honors("1234m5678p129sEE", "S").payments
    {'E': -3, 'S': 9, 'W': -3, 'N': -3}
    """
    rs = rules or YUNNAN
    hand = as_hand(hand)
    rs.check_tiles(hand)
    if hand.win_tile is not None or hand.tile_count not in (13, 14):
        raise ValueError(f"十老头 takes the player's 13 tiles without '+'; got {str(hand)!r}")
    seat = _check_seat("seat", seat)
    c = Context({"winner": seat, "dealer": _check_seat("dealer", dealer), "self_drawn": True})
    each = rs.opt("ten_honors_each")
    ledger = Ledger()
    for s in SEAT_LETTERS:
        if s != seat:
            ledger.pay(s, seat, each, ("十老头", "ten honors"))
    return RegionalResult(
        rs,
        hand,
        c,
        True,
        None,
        1,
        (Item("shilaotou", "十老头", "Ten honors", 1, 1),),
        ledger.net,
        transfers=tuple(ledger.lines),
        shape="ten_honors",
    )


def cha_da_jiao(hands: dict, rules=None) -> dict:
    """查大叫 at a drawn hand (option ``ready_plain_value``): every player not ready pays every ready player the value of
    that player's best possible win at the discard rate (a ready hand whose only win is 平胡 is worth
    ``ready_plain_value``). ``hands`` maps each seat to its 13-tile hand. Returns the net payments.

    >>> cha_da_jiao({"E": "111222333p4445s", "S": "123m456p789s1357m", "W": "1234m5678p129sEE",
    ...              "N": "19m19p19sESWNCFP"})
    {'E': 12, 'S': -4, 'W': -4, 'N': -4}
    """
    rs = rules or YUNNAN
    best = {}
    for seat in SEAT_LETTERS:
        if seat not in hands:
            raise ValueError(f"查大叫 needs the hands of all four seats; {seat} is missing")
        hand = as_hand(hands[seat])
        rs.check_tiles(hand)
        if hand.tile_count != 13 or hand.win_tile is not None:
            raise ValueError(f"{seat}: a hand at a draw has 13 tiles and no '+'; got {str(hand)!r}")
        value = None
        text = str(hand)
        for t in sorted(waits_with_wilds(hand, None)):
            discarder = next(s for s in SEAT_LETTERS if s != seat)
            on_discard = rs.score(f"{text}+{t}", winner=seat, discarder=discarder)
            if on_discard.legal:
                v = on_discard.payments[seat]
            elif rs.score(f"{text}+{t}", winner=seat, self_drawn=True).legal:
                v = rs.opt("ready_plain_value")
            else:
                continue  # complete only in a form Yunnan does not know
            value = v if value is None else max(value, v)
        if value is not None:
            best[seat] = value
    ledger = Ledger()
    for ready, v in best.items():
        for s in SEAT_LETTERS:
            if s not in best:
                ledger.pay(s, ready, v, ("查大叫", "checking calls"))
    return ledger.net
