"""北京麻将 (联众) Beijing Mahjong, online version: 推倒和 and 吃碰提 modes.

136 tiles, 混儿 wild, any pair, 番 summed and paid as ``share = B × 2^n`` per loser; dealer and
discarder pay double; on a discard win the discarder pays every loser's share (点炮包装); the
winner's kongs are paid at settlement; 上楼 adds 番 after drawn hands; 烧庄 makes the dealer pay.

Its tests are ``tests/test_rules_beijing.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("[9999s]123456789m7s+7s", rules="beijing", winner="S", self_drawn=True)
>>> [(i.zh, i.value) for i in r.items], r.total, r.payments
([('自摸', 1), ('门清', 1), ('一条龙', 2)], 4, {'E': -36, 'S': 72, 'W': -18, 'N': -18})
"""

from __future__ import annotations

from ..seats import SEAT_LETTERS
from ..shapes import Form
from .base import (
    Ctx,
    FirstTurn,
    Ledger,
    Option,
    Pattern,
    RuleSet,
    TileSet,
    Win,
    all_pungs,
    claimed_melds,
    ctx,
    one_suit,
    seven_pairs_quads,
    straight_parts,
)
from .description import S_SELF, About, Example, Ruling, facts
from .registry import register
from .sources import LIANZHONG_BEIJING
from .steps import doubling, seat_label, sum_line
from .tablefacts import TableFacts

MAX_SHANG_LOU = 64
"""上楼 levels accepted: each doubles the stakes, and 64 draws in a row is already beyond any real
session (a larger number would only make the settlement's powers of two grow without end)."""

__all__ = ["BEIJING", "BEIJING_CPT", "BeijingRuleSet"]

_5M = 4  # index of 5m


def _catch_five(win) -> bool:
    """捉五魁: the only winning tile is 5m, on the closed wait 4m-6m, a 5m pair or seven pairs."""
    t = win.hand.win_tile
    return t.index == _5M and win.single_wait and t in win.waits and win.wait_kind in ("closed", "single")


def _all_melded(win) -> bool:
    """全求人: four claimed melds and a single wait on the pair."""
    return len(claimed_melds(win.hand)) == 4 and win.wait_kind == "single"


def _first(win, who: str) -> bool:
    c = win.ctx
    if not c.first_go_around or win.hand.melds:
        return False
    if who == "heavenly":
        return win.is_dealer and win.self_drawn
    if who == "earthly":
        return not win.is_dealer and win.self_drawn
    return not win.is_dealer and not win.self_drawn and win.discarder == win.dealer


_HEAVENLY = ("tianhu", "dihu", "renhu")

PATTERNS = (
    Pattern("zimo", "自摸", "Self-draw", 1, lambda w: w.self_drawn, pinyin="zìmō"),
    Pattern(
        "menqing",
        "门清",
        "Concealed hand",
        1,
        lambda w: w.concealed,
        "no chow, pung or exposed kong (a concealed kong is fine)",
        pinyin="ménqīng",
    ),
    Pattern("duiduihu", "对对和", "All pungs", 1, all_pungs, pinyin="duìduì hú"),
    Pattern(
        "quanqiuren",
        "全求人",
        "All melded",
        1,
        _all_melded,
        "4 claimed melds, single wait on the pair",
        pinyin="quán qiú rén",
    ),
    Pattern(
        "zhuowukui", "捉五魁", "Catch the Five", 1, _catch_five, "the only winning tile is 5m", pinyin="zhuō wǔ kuí"
    ),
    Pattern(
        "haidi",
        "海底捞月",
        "Last-tile self-draw",
        1,
        lambda w: w.self_drawn and w.ctx.wall_last,
        "self-draw of a 海底 tile only",
        pinyin="hǎidǐ lāo yuè",
    ),
    Pattern("yitiaolong", "一条龙", "Pure straight", 2, lambda w: bool(straight_parts(w)), pinyin="yī tiáo lóng"),
    Pattern(
        "qixiaodui",
        "七小对",
        "Seven pairs",
        2,
        lambda w: w.form is Form.SEVEN_PAIRS and not seven_pairs_quads(w),
        "not with 门清",
        excludes=("menqing",),
        pinyin="qī xiǎo duì",
    ),
    Pattern(
        "haohua",
        "豪华七对",
        "Luxury seven pairs",
        3,
        lambda w: seven_pairs_quads(w) >= 1,
        "seven pairs with a quad; not with 门清, 七小对",
        excludes=("menqing", "qixiaodui"),
        pinyin="háohuá qī duì",
    ),
    Pattern(
        "haohua_extra",
        "豪华七对 再一杠",
        "Luxury seven pairs: further quad",
        1,
        lambda w: max(0, seven_pairs_quads(w) - 1),
        "+1 番 per further quad",
    ),
    Pattern(
        "gangkai",
        "杠上开花",
        "Win on kong replacement",
        2,
        lambda w: w.self_drawn and w.ctx.kong,
        pinyin="gàngshàng kāihuā",
    ),
    Pattern("qingyise", "清一色", "Full flush", 3, one_suit, pinyin="qīng yī sè"),
    Pattern(
        "shanglou",
        "上楼",
        "Upstairs",
        1,
        lambda w: w.ctx.shang_lou,
        "1 番 per consecutive drawn hand before this one",
        pinyin="shàng lóu",
    ),
    Pattern(
        "tianhu",
        "天和",
        "Heavenly win",
        6,
        lambda w: _first(w, "heavenly"),
        "not with 门清",
        excludes=("menqing",),
        pinyin="tiānhú",
    ),
    Pattern(
        "dihu",
        "地和",
        "Earthly win",
        5,
        lambda w: _first(w, "earthly"),
        "not with 门清",
        excludes=("menqing",),
        pinyin="dìhú",
    ),
    Pattern(
        "renhu",
        "人和",
        "Human win",
        5,
        lambda w: _first(w, "human"),
        "not with 门清",
        excludes=("menqing",),
        pinyin="rénhú",
    ),
    Pattern(
        "hungang",
        "混杠",
        "Four wilds",
        9,
        lambda w: w.wild_count == 4 and w.self_drawn,
        "all four wilds, self-draw only; nothing else counts except 天和, 地和, 人和, 上楼",
        excludes=("*",),
        keeps=("shanglou",) + _HEAVENLY,
        pinyin="hùn gàng",
    ),
)


class BeijingRuleSet(RuleSet):
    """北京麻将 (联众): the scoring pipeline (see the module)."""

    def reserve_stacks(self, kongs):
        """Whole stacks kept back at the tail (the ``reserve_stacks`` option)."""
        return self.opt("reserve_stacks")

    def candidates(self, hand, c):
        out = super().candidates(hand, c)
        w = c.wild
        if w is not None and hand.counts[w.index] == 4:
            out.append(Win(self, hand, c, None, (), "hun_gang"))  # 混杠: any 14 tiles with 4 wilds
        return out

    def detect(self, win):
        items = super().detect(win)
        if not self.opt("zimo_with_heavenly"):  # the ``zimo_with_heavenly`` switch: 自摸 not with 天和 / 地和
            if any(i.key in ("tianhu", "dihu") for i in items):
                items = [i for i in items if i.key != "zimo"]
        return items

    def illegal(self, win, items, total):
        w = win.wild_tile
        if w is not None and any(w in m.tiles for m in claimed_melds(win.hand)):
            return ("混儿不能用来吃、碰、杠", f"the wild {w} cannot be claimed or used in a claimed meld")
        if win.shape == "hun_gang" and not win.self_drawn:
            return ("混杠只能自摸", "混杠 (four wilds) wins by self-draw only")
        if self.opt("mode") == "chipengti" and not win.concealed and not win.self_drawn:
            return (
                "吃碰提：吃、碰或明杠后只能自摸",
                "吃碰提 mode: after a chow, pung or exposed kong the hand wins by self-draw only",
            )
        return None

    def settle(self, win, items, total) -> Ledger:
        B = self.opt("base")
        share = B * 2**total
        dealer, winner = win.dealer, win.winner
        dealer_wins = self.opt("dealer_wins") if winner == dealer else 1
        ledger = Ledger()
        owed = {}
        for s in SEAT_LETTERS:
            if s == winner:
                continue
            m = 1
            doubled = (s == dealer) + (s == win.discarder)
            if doubled:
                m = 4 if (doubled == 2 and self.opt("dealer_discarder_stack")) else 2
            owed[s] = share * m * dealer_wins
        if win.self_drawn or not self.opt("discarder_covers_all"):
            for s, amount in owed.items():
                ledger.pay(s, winner, amount, ("和牌", "hand"))
        else:
            ledger.pay(win.discarder, winner, sum(owed.values()), ("点炮包装", "discarder covers all"))
        # kongs: the winner's only (``all_kongs_paid``: everybody's), dealer ×2, ×2^上楼 (``shanglou_doubles_extras``)
        lift = 2**win.ctx.shang_lou if self.opt("shanglou_doubles_extras") else 1
        kongs = {winner: (len(win.kongs(False)), len(win.kongs(True)))}
        if self.opt("all_kongs_paid"):
            kongs.update(win.ctx.other_kongs)
        for owner, (exposed, concealed) in kongs.items():
            per = (exposed * 1 + concealed * 2) * B * lift
            for s in SEAT_LETTERS:
                if s != owner and per:
                    ledger.pay(s, owner, per * (2 if dealer in (s, owner) else 1), ("杠钱", "kong money"))
        if win.ctx.shao_zhuang:
            for s in SEAT_LETTERS:
                if s != dealer:
                    ledger.pay(dealer, s, B * lift, ("烧庄", "burning the dealer"))
        return ledger

    def settlement_steps(self, result):
        """The 番 added up, each loser's share (the base doubled once per 番), then every share with
        the dealer's and the discarder's doublings and who pays them."""
        items, total, c = result.items, result.total, result.context
        out = [sum_line(items, ("番", "fan"), total)]
        b = self.opt("base")
        share = b * 2**total
        z, e = doubling(b, total, ("番", "fan"))
        out.append((f"每家的份额：底分 {z} = {share}", f"each loser's share: the base {e} = {share}"))
        winner, dealer, disc = c.get("winner"), c.get("dealer"), c.get("discarder")
        dealer_wins = self.opt("dealer_wins") if winner == dealer else 1
        parts_zh, parts_en, owed = [], [], 0
        for s in SEAT_LETTERS:
            if s == winner:
                continue
            doubled = (s == dealer) + (s == disc)
            m = (4 if doubled == 2 and self.opt("dealer_discarder_stack") else 2) if doubled else 1
            amount = share * m * dealer_wins
            owed += amount
            why_zh = "、".join(w for w, on in (("庄家", s == dealer), ("点炮", s == disc)) if on)
            why_en = ", ".join(w for w, on in (("dealer", s == dealer), ("discarder", s == disc)) if on)
            parts_zh.append(f"{seat_label(s)} {amount}" + (f"（{why_zh} ×{m}）" if m > 1 else ""))
            parts_en.append(f"{s} {amount}" + (f" ({why_en} ×{m})" if m > 1 else ""))
        if dealer_wins > 1:
            parts_zh.append(f"庄家和牌再 ×{dealer_wins}")
            parts_en.append(f"the winning dealer collects ×{dealer_wins}")
        covers = not c.get("self_drawn") and self.opt("discarder_covers_all")
        out.append(
            (
                "各家份额：" + " + ".join(parts_zh) + f" = {owed}" + ("，全由点炮者付（点炮包装）" if covers else ""),
                "shares: "
                + " + ".join(parts_en)
                + f" = {owed}"
                + (", all paid by the discarder (点炮包装)" if covers else ""),
            )
        )
        return tuple(out)


_OPTIONS = (
    Option(
        "mode",
        "tuidao",
        "推倒和 (any win by discard) or 吃碰提 (an opened hand must self-draw)",
        "模式",
        ("tuidao", "chipengti"),
    ),
    Option("base", 1, "base score B for every win method", "底分", low=1, high=1000),
    Option("dealer_wins", 1, "2 = a winning dealer collects double (symmetric practice)", "庄家和牌是否加倍", (1, 2)),
    Option("dealer_discarder_stack", False, "a dealer who discards pays ×4 instead of ×2", "庄家点炮是否叠加"),
    Option("discarder_covers_all", True, "点炮包装: the discarder pays every loser's share", "点炮包装"),
    Option("all_kongs_paid", False, "non-winners' kongs are paid too", "非和牌者的杠是否计钱"),
    Option("shanglou_doubles_extras", True, "上楼 doubles kong money and 烧庄 per level", "上楼翻倍杠钱与烧庄"),
    Option("zimo_with_heavenly", True, "自摸 also counts with 天和 / 地和", "天和地和计自摸"),
    Option(
        "quanqiuren_chipengti",
        "self_draw_only",
        "全求人 in 吃碰提 mode: self-draw only",
        "吃碰提下全求人",
        ("self_draw_only",),
    ),
    Option(
        "wild_selection",
        "indicator_7th_stack_from_tail_next",
        "the wild is the tile after the indicator (top of the 7th stack from the tail); 9→1, E→S→W→N→C→F→P→E",
        "混儿的选法",
        ("indicator_7th_stack_from_tail_next",),
    ),
    Option(
        "wild_claims", False, "wilds may be used in claims (default: concealed use only)", "混儿可否吃碰杠", (False,)
    ),
    Option(
        "dealer_rotation",
        "stay_on_win_or_draw",
        "dealer keeps the deal on a win or a draw",
        "连庄",
        ("stay_on_win_or_draw",),
    ),
    Option(
        "reserve_stacks",
        4,
        "four whole stacks at the tail stay undrawn; the 4 tiles before them are the 海底",
        "留牌墩数",
        low=0,
        high=8,
    ),
    Option(
        "shaozhuang_discards",
        "first_discards_no_claim",
        "烧庄 counts the first discards of S, W, N with no claim between",
        "烧庄的计法",
        ("first_discards_no_claim",),
    ),
)

_CONTEXT = ctx("self_drawn", "discarder", "winner", "dealer", "kong", "wall_last", "wild", "other_kongs") + (
    Ctx("shang_lou", 0, "count", "上楼 levels: consecutive drawn hands before this one", "上楼", most=MAX_SHANG_LOU),
    Ctx("shao_zhuang", False, "bool", "烧庄: S, W and N followed the dealer's first discard", "烧庄"),
    Ctx(
        "first_go_around",
        False,
        "bool",
        "won in the first go-around with no claim or kong before (天和 / 地和 / 人和)",
        "第一巡",
    ),
)
_FIRST_TURN = (FirstTurn("first_go_around", ("dealer_draw", "other_draw", "on_dealer", "on_other")),)


# --- what the learner is told (mjlearn.course shows it) ---------------------------------------------
_BJ_WILD = (
    "混儿：翻开的那张牌的下一张；只能在手里用",
    "混儿: the tile after the turned-up one; used in the concealed hand only",
)
_BJ_SCORING = (
    "每家的份额是底分每番翻一倍；庄家、点炮者加倍；点炮者替三家付（点炮包装）",
    "each loser's share is the base doubled once per fan; dealer and discarder ×2; the discarder pays for all (点炮包装)",
)
_BJ_KONGS = (
    "只算和牌者的杠：明杠 1 个底分、暗杠 2 个底分，每家付；庄家加倍",
    "only the winner's kongs: exposed 1 base, concealed 2 base from each; dealer ×2",
)
_BJ_SIGN = (
    "上楼、烧庄、混杠、捉五魁",
    "上楼 (stakes rise after a drawn hand), 烧庄, 混杠 (all four wilds), 捉五魁 (catch the five)",
)
_BJ_FAMILY = ("北京麻将（推倒和、吃碰提）", "Beijing, two ways to win")
HUN_GANG = Example(
    "PPPP1379m1379p1s+9s",
    {"winner": "S", "self_drawn": True, "wild": "P"},
    (
        "混杠：四个混儿（这里是白板）都在手里，自摸就算和，其余的牌不用成副。",
        "混杠: all four wilds (here the white dragon) in hand win on a self-draw, whatever the other tiles.",
    ),
)
"""混杠, legal under the two Beijing rule sets only."""

ABOUT_BEIJING = About(
    where=(
        "北京麻将：北京一带最常见的打法之一，网上也很流行。这是“推倒和”的玩法：点炮、自摸都可以和。",
        "Beijing mahjong, one of the most common ways to play around Beijing, also popular online. "
        "This is the push-down way (推倒和): a win by discard or by self-draw.",
    ),
    special=(
        (
            "有“混儿”（百搭）：翻开一张指示牌，它的下一张就是混儿，可以当任何牌用，但只能在手里用，不能拿来吃碰杠。",
            "A wild, the 混儿: a tile is turned up and the next tile in order is wild; it stands for any tile, "
            "but only in the concealed hand (never in a chow, pung or kong).",
        ),
        (
            "计分：每家的份额是底分，每有 1 番翻一倍（3 番：1 × 2 × 2 × 2 = 8）；庄家和点炮的人加倍，点炮的人替三家付钱（点炮包装）。",
            "Scoring: each loser's share is the base doubled once per fan (3 fan: 1 × 2 × 2 × 2 = 8); the dealer "
            'and the discarder pay double, and the discarder pays every loser\'s share (点炮包装, "the discarder covers all").',
        ),
        (
            "荒庄后“上楼”：下一把的番数加一级；还有烧庄、混杠（四个混儿）等说法。",
            "After a drawn hand the stakes go up a level (上楼); also 烧庄 and 混杠 (holding all four wilds).",
        ),
    ),
    family=_BJ_FAMILY,
    rulings=(
        Ruling(
            ("庄家和牌时是否也收双倍", "whether a winning dealer also collects double"),
            ("不收：庄家只在付钱时加倍", "no: the dealer pays double but collects single"),
            "dealer_wins",
        ),
        Ruling(
            ("庄家点炮是否双倍再双倍", "whether a dealer who discards pays ×4"),
            ("不叠加，只付双倍", "no stacking: he pays ×2"),
            "dealer_discarder_stack",
        ),
        Ruling(
            ("没和牌的人的杠要不要给钱", "whether the kongs of players who did not win are paid"),
            ("只算和牌者的杠", "only the winner's kongs are paid"),
            "all_kongs_paid",
        ),
        Ruling(
            ("混儿能不能用来吃、碰、杠", "whether a wild may be used in a claim"),
            ("不能，只能在手里用", "no, it stays in the concealed hand"),
            "wild_claims",
        ),
    ),
    example=Example(
        "[9999s]123m456m789m7s+7s",
        S_SELF,
        (
            "南家自摸 7s：自摸、门清、一条龙，另有一个暗杠。",
            "South self-draws 7s: self-draw, concealed hand, pure straight, and a concealed kong.",
        ),
    ),
    only_here=HUN_GANG,
    facts=facts(
        {
            "wild": _BJ_WILD[0],
            "discard_win": "可以：点炮、自摸都能和",
            "scoring": _BJ_SCORING[0],
            "dealer": "付钱时加倍，收钱时不加倍",
            "kongs": _BJ_KONGS[0],
            "signature": _BJ_SIGN[0],
        },
        {
            "wild": _BJ_WILD[1],
            "discard_win": "yes: on a discard or by self-draw",
            "scoring": _BJ_SCORING[1],
            "dealer": "×2 when paying, not when receiving",
            "kongs": _BJ_KONGS[1],
            "signature": _BJ_SIGN[1],
        },
    ),
    sources=(LIANZHONG_BEIJING,),
)

ABOUT_BEIJING_CPT = About(
    where=("同一种北京麻将的“吃碰提”玩法。", "The same Beijing game played the chow/pung way (吃碰提)."),
    special=(
        (
            "和“推倒和”一样算分，只有一条不同：吃过或碰过牌的手（开了门）只能自摸，不能和别人打的牌。",
            "Scored like push-down with one difference: once a hand has claimed a chow or pung it may only "
            "win by self-draw, never on a discard.",
        ),
    ),
    family=_BJ_FAMILY,
    rulings=(
        Ruling(
            ("吃碰提模式下的全求人怎么和", "how 全求人 (everything claimed) wins in this mode"),
            ("只能自摸", "by self-draw only"),
            "quanqiuren_chipengti",
        ),
    ),
    example=Example(
        "[123m,3]456m789mEEE7s+7s",
        S_SELF,
        ("南家吃过 123m，仍可自摸和。", "South chowed 123m and may still win by self-draw."),
    ),
    only_here=HUN_GANG,
    facts=facts(
        {
            "wild": _BJ_WILD[0],
            "discard_win": "没吃没碰才可以",
            "scoring": _BJ_SCORING[0],
            "dealer": "付钱时加倍，收钱时不加倍",
            "kongs": _BJ_KONGS[0],
            "signature": _BJ_SIGN[0],
        },
        {
            "wild": _BJ_WILD[1],
            "discard_win": "only if the hand has no chow or pung",
            "scoring": _BJ_SCORING[1],
            "dealer": "×2 when paying, not when receiving",
            "kongs": _BJ_KONGS[1],
            "signature": _BJ_SIGN[1],
        },
    ),
    sources=(LIANZHONG_BEIJING,),
)


BEIJING = register(
    BeijingRuleSet(
        name="beijing",
        zh="北京麻将·推倒和（点炮也能和）",
        en="Beijing, win on any discard",
        aliases=(
            "北京麻将",
            "beijing majiang",
            "beijing mahjong",
            "beijing lianzhong",
            "联众",
            "推倒和",
            "tuidao hu",
            "bj",
        ),
        unit=("番", "fan"),
        pay_unit=("分", "points"),
        tiles=TileSet(True, True, "none"),
        pair="any",
        wild="混儿: the tile after the indicator; concealed use only",
        discard_win="推倒和: yes; 吃碰提: only if concealed",
        dealer_rule="×2 when paying; not when receiving",
        kong_money="winner's kongs only: 1B / 2B from each; dealer ×2",
        scoring="B × 2^n per loser; dealer and discarder ×2; discarder pays all (点炮包装)",
        signature="上楼, 烧庄, 混杠, 捉五魁",
        options=_OPTIONS,
        context=_CONTEXT,
        first_turn=_FIRST_TURN,
        patterns=PATTERNS,
        table=TableFacts(wild="tail7_next", shapes="standard+seven_pairs", special_shapes=("hun_gang",)),
        about=ABOUT_BEIJING,
    )
)

BEIJING_CPT = register(
    BeijingRuleSet(
        name="beijing_cpt",
        zh="北京麻将·吃碰提（吃碰后只能自摸）",
        en="Beijing, self-draw only after a chow or pung",
        aliases=("吃碰提", "chi peng ti", "beijing chipengti"),
        unit=("番", "fan"),
        pay_unit=("分", "points"),
        tiles=TileSet(True, True, "none"),
        pair="any",
        wild=BEIJING.wild,
        discard_win="only if concealed",
        dealer_rule=BEIJING.dealer_rule,
        kong_money=BEIJING.kong_money,
        scoring=BEIJING.scoring,
        signature=BEIJING.signature,
        options=_OPTIONS,
        context=_CONTEXT,
        first_turn=_FIRST_TURN,
        patterns=PATTERNS,
        table=BEIJING.table,
        about=ABOUT_BEIJING_CPT,
    ).with_options(mode="chipengti")
)
