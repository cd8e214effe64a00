"""北京麻将 (联众) Beijing Mahjong, online version: 推倒和 and 吃碰提 modes (regional.md §3).

136 tiles, 混儿 wild, any pair, 番 summed and paid as ``share = B × 2^n`` per loser; dealer and
discarder pay double; on a discard win the discarder pays every loser's share (点炮包装); the
winner's kongs are paid at settlement; 上楼 adds 番 after drawn hands; 烧庄 makes the dealer pay.

>>> from mjlearn.rules import score
>>> r = score("[9999s]123456789m7s+7s", rules="beijing", winner="S", self_drawn=True)  # BJ-Ex1
>>> [(i.zh, i.value) for i in r.items], r.total, r.payments
([('自摸', 1), ('门清', 1), ('一条龙', 2)], 4, {'E': -36, 'S': 72, 'W': -18, 'N': -18})
"""

from __future__ import annotations

from ..seats import SEAT_LETTERS
from ..shapes import Form
from .tablefacts import TableFacts
from .base import (Ctx, FirstTurn, Ledger, Option, Pattern, RuleSet, TileSet, claimed_melds, ctx, Win, one_suit,
                   seven_pairs_quads, straight_parts, all_pungs)
from .registry import register

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
    Pattern("menqing", "门清", "Concealed hand", 1, lambda w: w.concealed,
            "no chow, pung or exposed kong (a concealed kong is fine)", pinyin="ménqīng"),
    Pattern("duiduihu", "对对和", "All pungs", 1, all_pungs, pinyin="duìduì hú"),
    Pattern("quanqiuren", "全求人", "All melded", 1, _all_melded,
            "4 claimed melds, single wait on the pair (A-BJ-7)", pinyin="quán qiú rén"),
    Pattern("zhuowukui", "捉五魁", "Catch the Five", 1, _catch_five,
            "the only winning tile is 5m", pinyin="zhuō wǔ kuí"),
    Pattern("haidi", "海底捞月", "Last-tile self-draw", 1, lambda w: w.self_drawn and w.ctx.wall_last,
            "self-draw of a 海底 tile only", pinyin="hǎidǐ lāo yuè"),
    Pattern("yitiaolong", "一条龙", "Pure straight", 2, lambda w: bool(straight_parts(w)),
            pinyin="yī tiáo lóng"),
    Pattern("qixiaodui", "七小对", "Seven pairs", 2,
            lambda w: w.form is Form.SEVEN_PAIRS and not seven_pairs_quads(w),
            "not with 门清", excludes=("menqing",), pinyin="qī xiǎo duì"),
    Pattern("haohua", "豪华七对", "Luxury seven pairs", 3, lambda w: seven_pairs_quads(w) >= 1,
            "seven pairs with a quad; not with 门清, 七小对", excludes=("menqing", "qixiaodui"),
            pinyin="háohuá qī duì"),
    Pattern("haohua_extra", "豪华七对 再一杠", "Luxury seven pairs: further quad", 1,
            lambda w: max(0, seven_pairs_quads(w) - 1), "+1 番 per further quad"),
    Pattern("gangkai", "杠上开花", "Win on kong replacement", 2, lambda w: w.self_drawn and w.ctx.kong,
            pinyin="gàngshàng kāihuā"),
    Pattern("qingyise", "清一色", "Full flush", 3, one_suit, pinyin="qīng yī sè"),
    Pattern("shanglou", "上楼", "Upstairs", 1, lambda w: w.ctx.shang_lou,
            "1 番 per consecutive drawn hand before this one", pinyin="shàng lóu"),
    Pattern("tianhu", "天和", "Heavenly win", 6, lambda w: _first(w, "heavenly"), "not with 门清",
            excludes=("menqing",), pinyin="tiānhú"),
    Pattern("dihu", "地和", "Earthly win", 5, lambda w: _first(w, "earthly"), "not with 门清",
            excludes=("menqing",), pinyin="dìhú"),
    Pattern("renhu", "人和", "Human win", 5, lambda w: _first(w, "human"), "not with 门清",
            excludes=("menqing",), pinyin="rénhú"),
    Pattern("hungang", "混杠", "Four wilds", 9, lambda w: w.wild_count == 4 and w.self_drawn,
            "all four wilds, self-draw only; nothing else counts except 天和, 地和, 人和, 上楼",
            excludes=("*",), keeps=("shanglou",) + _HEAVENLY, pinyin="hùn gàng"),
)


class BeijingRuleSet(RuleSet):
    """北京麻将 (联众): the scoring pipeline of §3."""

    def reserve_stacks(self, kongs):
        """A-BJ-6: whole stacks kept back at the tail (the ``reserve_stacks`` option)."""
        return self.opt("reserve_stacks")

    def candidates(self, hand, c):
        out = super().candidates(hand, c)
        w = c.wild
        if w is not None and hand.counts[w.index] == 4:
            out.append(Win(self, hand, c, None, (), "hun_gang"))   # 混杠: any 14 tiles with 4 wilds
        return out

    def detect(self, win):
        items = super().detect(win)
        if not self.opt("zimo_with_heavenly"):   # A-BJ-8 switch: 自摸 not with 天和 / 地和
            if any(i.key in ("tianhu", "dihu") for i in items):
                items = [i for i in items if i.key != "zimo"]
        return items

    def illegal(self, win, items, total):
        w = win.wild_tile
        if w is not None and any(w in m.tiles for m in claimed_melds(win.hand)):
            return ("混儿不能用来吃、碰、杠", f"the wild {w} cannot be claimed or used in a claimed meld")
        if win.shape == "hun_gang" and not win.self_drawn:
            return ("混杠只能自摸", "混杠 (four wilds) wins by self-draw only")
        if (self.opt("mode") == "chipengti" and not win.concealed and not win.self_drawn):
            return ("吃碰提：吃、碰或明杠后只能自摸",
                    "吃碰提 mode: after a chow, pung or exposed kong the hand wins by self-draw only")
        return None

    def settle(self, win, items, total) -> Ledger:
        B = self.opt("base")
        share = B * 2 ** total
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
        # kongs: the winner's only (A-BJ-9 switch: everybody's), dealer ×2, ×2^上楼 (A-BJ-10)
        lift = 2 ** win.ctx.shang_lou if self.opt("shanglou_doubles_extras") else 1
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


_OPTIONS = (
    Option("mode", "tuidao", "§3.5", "推倒和 (any win by discard) or 吃碰提 (an opened hand must self-draw)",
           "模式", ("tuidao", "chipengti")),
    Option("base", 1, "A-BJ-2", "base score B for every win method", "底分"),
    Option("dealer_wins", 1, "A-BJ-3", "2 = a winning dealer collects double (symmetric practice)",
           "庄家和牌是否加倍", (1, 2)),
    Option("dealer_discarder_stack", False, "A-BJ-4", "a dealer who discards pays ×4 instead of ×2",
           "庄家点炮是否叠加"),
    Option("discarder_covers_all", True, "§3.8", "点炮包装: the discarder pays every loser's share",
           "点炮包装"),
    Option("all_kongs_paid", False, "A-BJ-9", "non-winners' kongs are paid too", "非和牌者的杠是否计钱"),
    Option("shanglou_doubles_extras", True, "A-BJ-10", "上楼 doubles kong money and 烧庄 per level",
           "上楼翻倍杠钱与烧庄"),
    Option("zimo_with_heavenly", True, "A-BJ-8", "自摸 also counts with 天和 / 地和", "天和地和计自摸"),
    Option("quanqiuren_chipengti", "self_draw_only", "A-BJ-7", "全求人 in 吃碰提 mode: self-draw only",
           "吃碰提下全求人", ("self_draw_only",)),
    Option("wild_selection", "indicator_7th_stack_from_tail_next", "A-BJ-1",
           "the wild is the tile after the indicator (top of the 7th stack from the tail); 9→1, "
           "E→S→W→N→C→F→P→E", "混儿的选法", ("indicator_7th_stack_from_tail_next",)),
    Option("wild_claims", False, "A-BJ-1b", "wilds may be used in claims (default: concealed use only)",
           "混儿可否吃碰杠", (False,)),
    Option("dealer_rotation", "stay_on_win_or_draw", "A-BJ-5", "dealer keeps the deal on a win or a draw",
           "连庄", ("stay_on_win_or_draw",)),
    Option("reserve_stacks", 4, "A-BJ-6", "four whole stacks at the tail stay undrawn; the 4 tiles "
           "before them are the 海底", "留牌墩数"),
    Option("shaozhuang_discards", "first_discards_no_claim", "A-BJ-11",
           "烧庄 counts the first discards of S, W, N with no claim between", "烧庄的计法",
           ("first_discards_no_claim",)),
)

_CONTEXT = ctx("self_drawn", "discarder", "winner", "dealer", "kong", "wall_last", "wild",
               "other_kongs") + (
    Ctx("shang_lou", 0, "count", "上楼 levels: consecutive drawn hands before this one", "上楼",
        most=MAX_SHANG_LOU),
    Ctx("shao_zhuang", False, "bool", "烧庄: S, W and N followed the dealer's first discard", "烧庄"),
    Ctx("first_go_around", False, "bool",
        "won in the first go-around with no claim or kong before (天和 / 地和 / 人和)", "第一巡"),
)
_FIRST_TURN = (FirstTurn("first_go_around", ("dealer_draw", "other_draw", "on_dealer", "on_other")),)

BEIJING = register(BeijingRuleSet(
    name="beijing", zh="北京麻将·推倒和（点炮也能和）", en="Beijing, win on any discard",
    aliases=("北京麻将", "beijing majiang", "beijing mahjong", "beijing lianzhong", "联众", "推倒和",
             "tuidao hu", "bj"),
    section="§3", unit=("番", "fan"), pay_unit=("分", "points"),
    tiles=TileSet(True, True, "none"), pair="any",
    wild="混儿: the tile after the indicator (A-BJ-1); concealed use only",
    discard_win="推倒和: yes; 吃碰提: only if concealed",
    dealer_rule="×2 when paying; not when receiving (A-BJ-3 switch)",
    kong_money="winner's kongs only: 1B / 2B from each; dealer ×2",
    scoring="B × 2^n per loser; dealer and discarder ×2; discarder pays all (点炮包装)",
    signature="上楼, 烧庄, 混杠, 捉五魁",
    options=_OPTIONS, context=_CONTEXT, first_turn=_FIRST_TURN, patterns=PATTERNS,
    table=TableFacts(wild="tail7_next", shapes="standard+seven_pairs", special_shapes=("hun_gang",))))

BEIJING_CPT = register(BeijingRuleSet(
    name="beijing_cpt", zh="北京麻将·吃碰提（吃碰后只能自摸）", en="Beijing, self-draw only after a chow or pung",
    aliases=("吃碰提", "chi peng ti", "beijing chipengti"),
    section="§3", unit=("番", "fan"), pay_unit=("分", "points"),
    tiles=TileSet(True, True, "none"), pair="any", wild=BEIJING.wild,
    discard_win="only if concealed", dealer_rule=BEIJING.dealer_rule, kong_money=BEIJING.kong_money,
    scoring=BEIJING.scoring, signature=BEIJING.signature,
    options=_OPTIONS, context=_CONTEXT, first_turn=_FIRST_TURN, patterns=PATTERNS, table=BEIJING.table).with_options(mode="chipengti"))
