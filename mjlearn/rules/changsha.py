"""长沙麻将 Changsha Mahjong: 108 tiles, 2-5-8 pair for plain wins, 大胡, 扎鸟.

A plain win (小胡 平胡) needs a pair of 2, 5 or 8; a 大胡 shape (七巧对, 碰碰胡, 将将胡, 清一色) wins
with any pair, and the situational 大胡 (杠上开花, 天胡, 地胡, 抢杠胡, 海底捞月, 海底炮) add to any
valid win. Values are the defaults of the options ``xiaohu_self_each``,
``xiaohu_discard``, ``dahu_self_each``, ``dahu_discard``, ``on_deal_each`` and ``dealer_bonus`` (the
documents give none): 小胡 2 from each on a self-draw, 1 from
the discarder; each 大胡 6 from each / 6 from the discarder. The bird doubles every payment to or
from the seat it lands on. On-deal 小胡 (四喜, 板板胡, 缺一色) are settled by :func:`on_deal`;
several winners on one discard (通炮: the discarder pays each in full and deals next) by
:func:`mjlearn.rules.score_discard`; the last wall tile offered round the table (海底漫游,
海底捞月 / 海底炮) by :func:`haidi_roaming`.

Its tests are ``tests/test_rules_changsha.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("111333555777s9s+9s", rules="changsha", winner="S", self_drawn=True, bird="7p")
>>> [i.zh for i in r.items], r.total, r.payments
(['碰碰胡', '清一色'], 12, {'E': -12, 'S': 48, 'W': -24, 'N': -12})
"""

from __future__ import annotations

from dataclasses import replace

from ..consistency import check_context
from ..errors import _two_lines
from ..hand import Hand, as_hand
from ..seats import SEAT_LETTERS, Seat
from ..shapes import Form
from ..tiles import tile as _tile
from .base import (
    NOT_COMPLETE,
    Context,
    ContextError,
    Ctx,
    FirstTurn,
    Ledger,
    Option,
    Pattern,
    RulesError,
    RuleSet,
    TileSet,
    Win,
    _check_seat,
    _check_tile_or_none,
    _score_discard,
    all_pungs,
    ctx,
    one_suit,
    seven_pairs_quads,
    turn_order_from,
)
from .description import S_SELF, About, Example, Ruling, facts
from .registry import register
from .result import DiscardResult, Item, RegionalResult
from .sources import LIANZHONG_BEIJING
from .steps import sum_line
from .tablefacts import TableFacts

__all__ = ["CHANGSHA", "ChangshaRuleSet", "haidi_roaming", "on_deal"]


def _is258(t) -> bool:
    return t.is_suited and t.rank in (2, 5, 8)


def _first(w, kind):
    if not w.ctx.first_go_around:
        return False
    if kind == "tianhu":
        return w.is_dealer and w.self_drawn
    return not w.is_dealer and not w.self_drawn and w.discarder == w.dealer


SHAPE_DAHU = ("qiqiaodui", "pengpenghu", "jiangjianghu", "qingyise")

PATTERNS = (
    Pattern("pinghu", "平胡", "Plain win (小胡)", 0, None, "4 sets + a 2/5/8 pair; paid only without 大胡"),
    Pattern(
        "qiqiaodui", "七巧对", "Seven pairs", 1, lambda w: w.form is Form.SEVEN_PAIRS, "any pair", pinyin="qī qiǎo duì"
    ),
    Pattern(
        "haohua",
        "豪华七对",
        "Luxury seven pairs",
        1,
        lambda w: w.rules.opt("luxury_seven_pairs") and seven_pairs_quads(w) > 0,
        "counts as a second 大胡 (optional)",
        pinyin="háohuá qī duì",
    ),
    Pattern("pengpenghu", "碰碰胡", "All pungs", 1, all_pungs, pinyin="pèngpèng hú"),
    Pattern(
        "jiangjianghu",
        "将将胡",
        "All 2-5-8",
        1,
        lambda w: all(_is258(t) for t in w.tiles),
        "any 14 tiles of 2, 5 and 8",
        pinyin="jiàngjiàng hú",
    ),
    Pattern("qingyise", "清一色", "Full flush", 1, one_suit, "", pinyin="qīng yī sè"),
    Pattern(
        "gangkai", "杠上开花", "Kong bloom", 1, lambda w: w.self_drawn and w.ctx.kong, "", pinyin="gàngshàng kāihuā"
    ),
    Pattern("tianhu", "天胡", "Heavenly win", 1, lambda w: _first(w, "tianhu"), pinyin="tiānhú"),
    Pattern(
        "dihu", "地胡", "Earthly win", 1, lambda w: _first(w, "dihu"), "on the dealer's first discard", pinyin="dìhú"
    ),
    Pattern(
        "qiangganghu", "抢杠胡", "Robbing the kong", 1, lambda w: not w.self_drawn and w.ctx.kong, pinyin="qiǎnggàng hú"
    ),
    Pattern(
        "haidilaoyue",
        "海底捞月",
        "Last-tile win",
        1,
        lambda w: w.self_drawn and w.ctx.wall_last,
        pinyin="hǎidǐ lāo yuè",
    ),
    Pattern(
        "haidipao",
        "海底炮",
        "Last-tile deal-in",
        1,
        lambda w: not w.self_drawn and w.ctx.wall_last,
        "the taker of the 海底 pays as the discarder",
        pinyin="hǎidǐ pào",
    ),
)


class ChangshaRuleSet(RuleSet):
    """长沙麻将: the scoring pipeline (see the module)."""

    def candidates(self, hand, c):
        out = super().candidates(hand, c)
        if all(_is258(t) for t in hand.tiles()):
            out.append(Win(self, hand, c, None, (), "jiangjianghu"))
        return out

    def detect(self, win):
        items = super().detect(win)
        per = self.opt("dahu_self_each") if win.self_drawn else self.opt("dahu_discard")
        dahu = [Item(i.key, i.zh, i.en, per, i.count) for i in items]
        if dahu:
            return dahu
        p = self.patterns[0]
        value = self.opt("xiaohu_self_each") if win.self_drawn else self.opt("xiaohu_discard")
        return [Item(p.key, p.zh, p.en, value, 1)]

    def illegal(self, win, items, total):
        keys = {i.key for i in items}
        if keys & set(SHAPE_DAHU):
            return None
        if win.form is Form.REGULAR and win.pair is not None:
            if _is258(win.pair.tile):
                return None
            t = win.pair.tile
            return (
                f"平胡须二五八将：{t.zh}对不行，也不是大胡",
                f"a plain win needs a 2, 5 or 8 pair; {t}{t} is not, and the hand is no 大胡",
            )
        return NOT_COMPLETE

    def bird_seat(self, bird, win_or_ctx) -> str | None:
        """The seat the bird lands on: count its number from the dealer (the ``bird_origin`` switch: from the
        winner)."""
        if bird is None:
            return None
        c = win_or_ctx
        origin = c["dealer"] if self.opt("bird_origin") == "dealer" else c["winner"]
        return Seat.of(origin).after(bird.rank - 1).letter

    def settle(self, win, items, total) -> Ledger:
        ledger = Ledger()
        bird = self.bird_seat(win.ctx.bird, win.ctx)
        payers = [win.discarder] if not win.self_drawn else [s for s in SEAT_LETTERS if s != win.winner]
        for s in payers:
            amount = total
            if self.opt("dealer_bonus") and win.dealer in (s, win.winner):
                amount += 1
            if bird in (s, win.winner):
                amount *= 2
            ledger.pay(
                s,
                win.winner,
                amount,
                ("和牌", "hand") if bird not in (s, win.winner) else ("和牌，中鸟×2", "hand, bird ×2"),
            )
        return ledger

    def on_deal_win(self, tiles, seat, dealer="E"):
        """起手小胡 (option ``on_deal_ends_hand``) on the dealt tiles: :func:`on_deal` under this rule set."""
        return on_deal(tiles, seat=seat, dealer=dealer, rules=self)

    def next_dealer(self, winners, discarder, dealer):
        """after 通炮 (several winners of one discard) the discarder deals; otherwise the
        winner; after a drawn hand the dealer keeps the deal (option ``dealer_after_draw``)."""
        if not winners:
            return dealer
        if len(winners) > 1:
            return discarder
        return winners[0]

    def check_context(self, d):
        b = d.get("bird")
        if b is not None and not b.is_suited:
            raise ContextError(
                f"a Changsha bird is a suited tile (1-9); got {b}  （长沙麻将的鸟是数牌（1-9），收到的是 {b}）"
            )

    def settlement_steps(self, result):
        """The points added up; who pays them; the bird's doubling."""
        total, self_drawn = result.total, result.context.get("self_drawn")
        return (
            sum_line(result.items, ("分", "points"), total),
            (
                f"{'每家' if self_drawn else '点炮者'}付 {total}；和鸟牌座位有关的钱加倍",
                f"{'each payer' if self_drawn else 'the discarder'} pays {total}; "
                f"payments to or from the bird's seat are doubled",
            ),
        )


_OPTIONS = (
    Option(
        "xiaohu_self_each",
        2,
        "小胡 by self-draw: from each other player (a value the documents lack)",
        "小胡自摸",
        low=0,
        high=100,
    ),
    Option(
        "xiaohu_discard",
        1,
        "小胡 by discard: from the discarder (a value the documents lack)",
        "小胡点炮",
        low=0,
        high=100,
    ),
    Option("dahu_self_each", 6, "each 大胡 by self-draw: from each other player", "大胡自摸", low=0, high=100),
    Option("dahu_discard", 6, "each 大胡 by discard: from the discarder", "大胡点炮", low=0, high=100),
    Option("on_deal_each", 2, "on-deal 小胡: from each other player", "起手小胡", low=0, high=100),
    Option("dealer_bonus", False, "+1 on payments involving the dealer", "庄家加一"),
    Option("luxury_seven_pairs", False, "豪华七对 counts as a second 大胡", "豪华七对"),
    Option(
        "bird_origin", "dealer", "count the bird from the dealer (seed) or the winner", "扎鸟起点", ("dealer", "winner")
    ),
    Option(
        "bird_scope",
        "to_or_from_bird_seat",
        "double every payment to or from the bird seat",
        "中鸟加倍",
        ("to_or_from_bird_seat",),
    ),
    Option("on_deal_ends_hand", False, "an on-deal 小胡 ends the hand (default: play continues)", "起手胡是否结束"),
    Option("dealer_after_draw", "same", "the dealer keeps the deal after a drawn hand", "荒庄后庄家", ("same",)),
    Option(
        "haidi_roaming",
        True,
        "海底漫游: the last wall tile is offered to each player in turn from the one whose draw it is; "
        "off: that player must take it",
        "海底漫游",
    ),
    Option(
        "situational_dahu_shapes",
        "xiaohu_or_dahu_shape",
        "situational 大胡 need a 小胡 shape (2-5-8 pair) or a 大胡 shape",
        "含小胡",
        ("xiaohu_or_dahu_shape",),
    ),
)


# --- what the learner is told (mjlearn.course shows it) ---------------------------------------------
ON_DEAL_HANDS = (
    ("6666p123m4578s12m", "W", ("西家起手有四张 6p：四喜。", "West is dealt four 6p: 四喜 (four of a kind).")),
    ("1346m1379p34679s", "S", ("南家起手没有一张 2、5、8：板板胡。", "South is dealt no 2, 5 or 8 at all: 板板胡.")),
    ("123456789m2345p", "N", ("北家起手没有条子：缺一色。", "North is dealt no bamboos: 缺一色 (a suit missing).")),
    (
        "111m999p258m2358s",
        "N",
        ("两副刻子（“六六顺”）：mjlearn 不算。", "Two triplets (六六顺): mjlearn does not count it."),
    ),
)
"""Dealt hands (13 tiles; the dealer would hold 14) shown with Changsha's verdict on the deal."""

ABOUT = About(
    where=(
        "长沙麻将：湖南长沙一带的打法，只用 108 张数牌。",
        "Changsha mahjong, played around Changsha in Hunan, with the 108 suited tiles only.",
    ),
    special=(
        ("没有风牌、箭牌和花牌。", "No winds, no dragons, no flowers."),
        (
            "小胡（平胡）要二五八将；大胡（碰碰胡、清一色、七小对、将将胡……）不要。",
            "A plain win (小胡) needs a 2, 5 or 8 pair; big wins (大胡: all pungs, full flush, seven pairs, "
            "all 2-5-8…) do not.",
        ),
        (
            "起手小胡：刚抓完牌就能亮牌收钱：四喜（四张一样）、板板胡（没有 2、5、8）、缺一色（少一门）。",
            "Wins on the deal: right after the deal a player may show the hand and collect: 四喜 (four of a kind), "
            "板板胡 (no 2, 5 or 8 at all), 缺一色 (a suit missing).",
        ),
        (
            "扎鸟：和牌后翻一张“鸟”，按它的点数从庄家数起，庄家算一（1、5、9 都数到庄家），数到谁，谁的收付加倍；"
            "一炮多响（通炮）可以几家同时和。",
            "The bird (扎鸟): after a win a tile is turned up and its number counted round the table from the dealer, "
            "the dealer counting as one (a 1, 5 or 9 lands on the dealer); that seat's payments double. "
            "One discard may make several winners (通炮).",
        ),
    ),
    family=("长沙麻将", "Changsha"),
    rulings=(
        Ruling(
            ("起手小胡后这一把是否结束", "whether a win on the deal ends the hand"),
            ("不结束：亮牌收钱后接着打", "no: the player collects and play goes on"),
            "on_deal_ends_hand",
        ),
        Ruling(
            ("鸟从谁数起", "from whom the bird is counted"),
            ("从庄家数起，庄家算一", "from the dealer, who counts as one"),
            "bird_origin",
        ),
        Ruling(
            ("豪华七对算不算两个大胡", "whether seven pairs with a four-of-a-kind count as two big wins"),
            ("只算一个", "as one"),
            "luxury_seven_pairs",
        ),
        Ruling(
            ("小胡给多少", "what a plain win pays"),
            (
                "自摸每家 2 分，点炮 1 分（大胡每个 6 分）",
                "2 from each on a self-draw, 1 from the discarder (6 per big win)",
            ),
            "xiaohu_self_each",
        ),
    ),
    example=Example(
        "111333555777s9s+9s",
        {"winner": "S", "self_drawn": True, "bird": "7p"},
        (
            "南家自摸清一色碰碰胡（两个大胡）；鸟 7p 数到西家，西家的钱加倍。",
            "South self-draws a full flush of pungs (two big wins); the bird 7p counts to West, whose payment doubles.",
        ),
    ),
    only_here=Example(
        "2258m2558p2588s2s+8m",
        S_SELF,
        ("将将胡：十四张全是 2、5、8，不用成副。", "All 2-5-8 (将将胡): every tile a 2, 5 or 8, no sets needed."),
    ),
    facts=facts(
        {
            "discard_win": "可以（漏胡的限制）",
            "scoring": "小胡自摸每家 2、点炮 1；大胡每个 6；中鸟加倍",
            "dealer": "未规定（可约定 +1）",
            "signature": "起手小胡、扎鸟、海底漫游、将将胡",
        },
        {
            "discard_win": "yes (not after passing the same tile, 漏胡)",
            "scoring": "plain win: 2 from each on a self-draw, 1 from the discarder; 6 per big win; the bird seat ×2",
            "dealer": "not specified (+1 by agreement)",
            "signature": "wins on the deal, the bird (扎鸟), 海底漫游, all 2-5-8 (将将胡)",
        },
    ),
    sources=(LIANZHONG_BEIJING,),
    on_deal=ON_DEAL_HANDS,
)


CHANGSHA = register(
    ChangshaRuleSet(
        name="changsha",
        zh="长沙麻将",
        en="Changsha (Hunan)",
        aliases=("长沙麻将", "changsha majiang", "changsha mahjong", "cs", "湖南麻将", "hunan"),
        unit=("分", "points"),
        item_unit=("分", "points"),
        tiles=TileSet(True, False, "none"),
        pair="258",
        wild=None,
        discard_win="yes (漏胡 restriction)",
        multi_win="multiple_allowed",
        dealer_rule="n.s. (opt. +1)",
        kong_money="n.s.",
        scoring="小胡 2 each / 1; 大胡 6 each / 6 per pattern; bird ×2",
        signature="on-deal 小胡, 扎鸟, 海底漫游, 将将胡",
        options=_OPTIONS,
        context=ctx("self_drawn", "discarder", "winner", "dealer", "kong", "wall_last", "bird")
        + (Ctx("first_go_around", False, "bool", "the first go-around (天胡 / 地胡)", "第一巡"),),
        first_turn=(FirstTurn("first_go_around", ("dealer_draw", "other_draw", "on_dealer", "on_other")),),
        patterns=PATTERNS,
        table=TableFacts(
            shapes="standard+seven_pairs",
            special_shapes=("all_258",),
            passed_win="until_draw",
            bird=True,
            on_deal_wins=True,
            haidi_roaming=True,
        ),
        about=ABOUT,
    )
)


ON_DEAL = (
    ("sixi", "四喜", "Four of a kind on the deal", lambda c: any(n == 4 for n in c)),
    ("banbanhu", "板板胡", "No 2, 5 or 8", lambda c: not any(c[b + r] for b in (0, 9, 18) for r in (1, 4, 7))),
    ("queyise", "缺一色", "Missing a suit", lambda c: any(not any(c[b : b + 9]) for b in (0, 9, 18))),
)
"""The on-deal 小胡 (起手胡): key, zh, en, test on the 34 counts of the dealt tiles."""


def on_deal(tiles, seat: str = "E", dealer: str = "E", bird=None, rules=None) -> RegionalResult:
    """Settle an on-deal 小胡 (option ``on_deal_ends_hand``: scored like a 小胡 self-draw; play continues).

    >>> r = on_deal("6666p123m4578s12m", seat="W")   # four 6p (四喜)
    >>> [i.zh for i in r.items], r.payments
    (['四喜'], {'E': -2, 'S': -2, 'W': 6, 'N': -2})
    """
    rs = rules or CHANGSHA
    hand = as_hand(tiles)
    rs.check_tiles(hand)
    seat, dealer = _check_seat("seat", seat), _check_seat("dealer", dealer)
    expected = 14 if seat == dealer else 13
    if hand.melds or hand.win_tile is not None or hand.tile_count != expected:
        raise ValueError(
            f"an on-deal hand is the {expected} dealt tiles, no melds and no '+'; "
            f"got {str(hand)!r}  （起手牌是发到的 {expected} 张牌，没有吃碰杠，也没有 '+'；"
            f"收到的是 {str(hand)!r}）"
        )
    c = Context({"winner": seat, "dealer": dealer, "bird": _check_tile_or_none("bird", bird), "self_drawn": True})
    rs.check_context(dict(c))  # a suited bird
    check_context(hand, c)  # and no fifth copy of a dealt tile
    items = tuple(Item(k, zh, en, rs.opt("on_deal_each"), 1) for k, zh, en, test in ON_DEAL if test(hand.counts))
    if not items:
        return RegionalResult(
            rs,
            hand,
            c,
            False,
            ("起手没有小胡", "no on-deal 小胡 (四喜, 板板胡, 缺一色)"),
            0,
            (),
            dict.fromkeys(SEAT_LETTERS, 0),
            shape="on_deal",
        )
    total = sum(i.value for i in items)
    ledger = Ledger()
    bird_seat = rs.bird_seat(c["bird"], c)
    for s in SEAT_LETTERS:
        if s != seat:
            ledger.pay(s, seat, total * (2 if bird_seat in (s, seat) else 1), ("起手小胡", "on-deal 小胡"))
    return RegionalResult(
        rs, hand, c, True, None, total, items, ledger.net, transfers=tuple(ledger.lines), shape="on_deal"
    )


def haidi_roaming(hands, tile, first: str, *, dealer: str = "E", accept=None, options=None, rules=None):
    """海底牌漫游: the last wall tile offered round the table, and what follows.

    ``hands`` maps seats to their 13-tile hands (a seat without a hand declines and cannot win);
    ``tile`` is the 海底 tile; ``first`` is the seat whose draw it is. Each player in turn order
    from ``first`` is asked whether he takes the tile; ``accept`` decides: None (each takes it
    exactly when it completes his hand), a collection of the seats that would take it, or a function
    ``(seat, hand, tile) -> bool``. The first to accept takes it:

    * if it completes his hand, he wins by self-draw: 海底捞月;
    * otherwise the tile is exposed as his discard and the others may win on it, several at once
      (海底炮, 通炮); the taker pays as the discarder;
    * if nobody takes it, or nobody wins, the hand is drawn and the dealer stays (option ``dealer_after_draw``).

    The 海底 tile itself is the bird. With the option ``haidi_roaming=False`` the tile is not
    offered round: the player whose draw it is must take it. Returns a
    :class:`~mjlearn.rules.result.DiscardResult` (``kind``: ``haidi_self``, ``haidi_discard`` or
    ``draw``) whose ``steps`` tell the story.

    >>> r = haidi_roaming({"E": "123m456m789m2468p", "S": "111333555777s9s", "W": "123456789m2355p"},
    ...                   "9s", first="E", accept={"E", "S"})
    >>> r.kind, r.winners, r.payments     # E takes it, cannot win; S wins on it (清一色 碰碰胡 海底炮)
    ('haidi_discard', ('S',), {'E': -36, 'S': 36, 'W': 0, 'N': 0})
    """
    rs = rules or CHANGSHA
    if options:
        rs = rs.with_options(**options)
    first, dealer = _check_seat("first", first), _check_seat("dealer", dealer)
    try:
        tile = _tile(tile)
    except (ValueError, TypeError) as e:
        raise ContextError(
            f"tile must be the 海底 tile, such as '5m'; got {tile!r} ({_two_lines(str(e))[0]})  "
            f"（tile 应是海底牌，例如 '5m'，收到的是 {tile!r}）"
        ) from None
    if not isinstance(hands, dict) or not hands:
        raise RulesError(
            "hands must map seats to their 13-tile hands, e.g. {'E': '123m456m789m2468p'}  "
            "（hands 应把座位对应到 13 张的手牌，例如 {'E': '123m456m789m2468p'}）"
        )
    parsed = {}
    for seat, h in hands.items():
        seat = _check_seat("hands seat", seat)
        h = as_hand(h)
        rs.check_tiles(h)
        if h.win_tile is not None or h.tile_count != 13:
            raise ValueError(
                f"hands[{seat!r}]: a hand waiting for the 海底 has 13 tiles and no '+'; "
                f"got {str(h)!r}  （hands[{seat!r}]：等海底牌的手牌有 13 张，没有 '+'；"
                f"收到的是 {str(h)!r}）"
            )
        parsed[seat] = h
    if not tile.is_suited:
        raise ContextError(
            f"{rs.en} plays only suited tiles; the 海底 tile cannot be {tile}  （{rs.zh}只用数牌，海底牌不能是 {tile}）"
        )
    if callable(accept):
        wants = accept
    elif accept is None:

        def wants(seat, hand, t):
            return rs.score(
                Hand(hand.melds, hand.concealed, t, hand.flowers),
                winner=seat,
                dealer=dealer,
                self_drawn=True,
                wall_last=True,
                bird=t,
            ).legal
    else:
        chosen = {_check_seat("accept", s) for s in accept}

        def wants(seat, hand, t):
            return seat in chosen

    asked = (first,) + turn_order_from(first) if rs.opt("haidi_roaming") else (first,)
    steps, taker = [], None
    for s in asked:
        if s not in parsed:
            steps.append((f"{Seat.of(s).zh}家不要（没有给出手牌）", f"{s} declines (no hand given)"))
            continue
        if rs.opt("haidi_roaming") and not wants(s, parsed[s], tile):
            steps.append((f"{Seat.of(s).zh}家不要海底牌", f"{s} declines the 海底 tile"))
            continue
        taker = s
        steps.append(
            (
                f"{Seat.of(s).zh}家要了海底牌 {tile}"
                if rs.opt("haidi_roaming")
                else f"{Seat.of(s).zh}家摸海底牌 {tile}（不漫游）",
                f"{s} takes the 海底 tile {tile}"
                if rs.opt("haidi_roaming")
                else f"{s} must take the 海底 tile {tile} (no roaming)",
            )
        )
        break
    zero = dict.fromkeys(SEAT_LETTERS, 0)
    if taker is None:
        steps.append(("无人要海底牌：荒庄，庄家连庄", "nobody takes it: the hand is drawn and the dealer stays"))
        return DiscardResult(
            rs, tile, None, {}, (), zero, next_dealer=rs.next_dealer((), None, dealer), steps=tuple(steps), kind="draw"
        )
    h = parsed[taker]
    own = rs.score(
        Hand(h.melds, h.concealed, tile, h.flowers),
        winner=taker,
        dealer=dealer,
        self_drawn=True,
        wall_last=True,
        bird=tile,
    )
    if own.legal:
        steps.append((f"{Seat.of(taker).zh}家海底捞月", f"{taker} wins on it by self-draw: 海底捞月"))
        return DiscardResult(
            rs,
            tile,
            None,
            {taker: own},
            (taker,),
            dict(own.payments),
            own.transfers,
            rs.next_dealer((taker,), None, dealer),
            steps=tuple(steps),
            kind="haidi_self",
        )
    steps.append(
        (
            f"{Seat.of(taker).zh}家不能和，海底牌亮出当作他打出的牌",
            f"{taker} cannot win with it: the tile is exposed as {taker}'s discard",
        )
    )
    others = {s: parsed[s] for s in turn_order_from(taker) if s in parsed}
    res = (
        _score_discard(
            rs,
            {s: Hand(x.melds, x.concealed, tile, x.flowers) for s, x in others.items()},
            taker,
            tile,
            None,
            {"dealer": dealer, "wall_last": True, "bird": tile},
        )
        if others
        else None
    )
    if res is None or not res.winners:
        steps.append(("无人和海底炮：荒庄，庄家连庄", "nobody wins on it: the hand is drawn and the dealer stays"))
        return DiscardResult(
            rs,
            tile,
            taker,
            {} if res is None else res.results,
            (),
            zero,
            next_dealer=rs.next_dealer((), None, dealer),
            steps=tuple(steps),
            kind="draw",
        )
    names = "、".join(Seat.of(s).zh for s in res.winners)
    steps.append(
        (
            f"{names}家和海底炮，{Seat.of(taker).zh}家付",
            f"{', '.join(res.winners)} win on it (海底炮); {taker} pays as the discarder",
        )
    )
    return replace(res, steps=tuple(steps), kind="haidi_discard")
