"""The Beijing / Hebei / Shandong points family: six configurations, one engine.

Each hand is worth ``P × 2^d`` (P = the configuration's 平胡 points, d = the doublings 翻番 that
apply); kongs carry fixed points. The configurations differ only in data: P, kong points, pair
rule, wilds, chows, the claim limit, which doublings exist, and whether kong points need a win.

Its tests are ``tests/test_rules_beijing_points.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("12346789mEEE44s+5m", rules="bj_basic", winner="S", discarder="N")
>>> [(i.zh, i.value) for i in r.items], r.total, r.payments["N"]
([('不开门', 1), ('无混儿', 1), ('一条龙', 1), ('一条龙无混儿', 1), ('捉五魁', 1)], 32, -32)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import MeldKind
from ..seats import SEAT_LETTERS
from ..shapes import Form, Part, PartKind, Reading, _meld_part, _readings
from ..tiles import TILES
from .base import (
    Claims,
    ContextError,
    Ctx,
    Ledger,
    Option,
    Pattern,
    RuleSet,
    TileSet,
    Win,
    ctx,
    seven_pairs_quads,
    straight_parts,
)
from .beijing_points_about import ABOUT
from .registry import register
from .steps import doubling, sum_line
from .tablefacts import TableFacts

__all__ = ["BJ_BASIC", "BJ_NEW", "HEBEI_1", "HEBEI_2", "SHANDONG_1", "SHANDONG_2", "PointsRuleSet"]


def _claimed_chow_pung(hand) -> int:
    return sum(1 for m in hand.melds if m.kind in (MeldKind.CHOW, MeldKind.PUNG))


def _straight_natural(w) -> bool:
    parts = straight_parts(w)
    return bool(parts) and not any(w.part_substituted(i) for i in parts)


def _zhuo_wu_kui(w) -> bool:
    """捉五魁 (夹张五万): win on 5m in a 4m-6m closed wait."""
    t = w.hand.win_tile
    return (
        t.index == 4
        and w.wait_kind == "closed"
        and any(p.kind is PartKind.CHOW and p.tiles[0].index == 3 and not p.is_declared for p in w.sets)
    )


def _opened(w) -> bool:
    return _claimed_chow_pung(w.hand) > 0


# Every doubling of the family; a configuration lists the keys it uses.
DOUBLINGS = {
    p.key: p
    for p in (
        Pattern(
            "dealer",
            "庄家",
            "Dealer",
            1,
            lambda w: w.is_dealer,
            "是庄者翻番: the dealer's hand payments are doubled",
            pinyin="zhuāngjiā",
        ),
        Pattern(
            "concealed",
            "不开门",
            "Concealed (no chow, pung or exposed kong)",
            1,
            lambda w: w.concealed,
            pinyin="bù kāimén",
        ),
        Pattern("menqianqing", "门前清", "Concealed hand", 1, lambda w: w.concealed, pinyin="ménqiánqīng"),
        Pattern(
            "no_wild",
            "无混儿",
            "No wild",
            1,
            lambda w: w.substituted == 0,
            "no wild in the hand, or every wild stands for itself",
            pinyin="wú hùnr",
        ),
        Pattern(
            "straight",
            "一条龙",
            "Pure straight",
            1,
            lambda w: bool(straight_parts(w)),
            "×2 with a wild",
            pinyin="yī tiáo lóng",
        ),
        Pattern(
            "straight_natural",
            "一条龙无混儿",
            "Pure straight without a wild",
            1,
            _straight_natural,
            "one more ×2 when its nine tiles are natural",
        ),
        Pattern("seven_pairs", "七巧对", "Seven pairs", 1, lambda w: w.form is Form.SEVEN_PAIRS, pinyin="qī qiǎo duì"),
        Pattern(
            "seven_pairs_natural",
            "七巧对无混儿",
            "Seven pairs without a wild",
            1,
            lambda w: w.form is Form.SEVEN_PAIRS and w.substituted == 0,
            "one more ×2 when no wild substitutes",
        ),
        Pattern(
            "luxury", "豪华", "Luxury (a quad in seven pairs)", 1, lambda w: seven_pairs_quads(w) > 0, pinyin="háohuá"
        ),
        Pattern(
            "gang_ci",
            "杠呲",
            "Win on a kong replacement",
            1,
            lambda w: w.self_drawn and w.ctx.kong,
            "= 杠上开花",
            pinyin="gàng cī",
        ),
        Pattern(
            "zhuo_wu_kui", "捉五魁", "Catch the Five (closed 5m)", 1, _zhuo_wu_kui, "one doubling", pinyin="zhuō wǔ kuí"
        ),
        Pattern(
            "self_draw", "明自摸", "Self-draw", 1, lambda w: w.self_drawn, "an ordinary self-draw", pinyin="míng zìmō"
        ),
        Pattern(
            "edge_closed_single_self_draw",
            "边、砍、吊自摸",
            "Self-draw on an edge, closed or single wait",
            1,
            lambda w: w.self_drawn and w.wait_kind in ("edge", "closed", "single"),
            "stacks with 明自摸",
            pinyin="biān kǎn diào zìmō",
        ),
    )
}

WILD_DISCARDED = Ctx(
    "wild_discarded", False, "bool", "the winner has discarded a wild this hand (发混儿): he may not win it", "发混儿"
)
"""BJ-basic and BJ-new: a player who has discarded a wild may not win that hand."""

_HAND_DOUBLINGS = ("gang_ci", "self_draw", "edge_closed_single_self_draw")
"""Doublings an opened hand loses under the ``opened_self_draw_base_only`` switch (the dealer's stays)."""


@dataclass(frozen=True, eq=False, repr=False)  # keep RuleSet's short repr
class PointsRuleSet(RuleSet):
    """One configuration of the points family (one of the six in :data:`CONFIGS`)."""

    P: int = 1
    """平胡 points."""
    kong_points: tuple[int, int] = (2, 4)
    """(明杠, 暗杠) points from each other player."""
    kong_needs_win: bool = False
    """杠随胡 (Hebei): only the winner's kongs are paid."""
    claim_limit: bool = False
    """Beijing: one chow-or-pung claim, one more per kong (option ``claim_limit``)."""
    opened_self_draw_only: bool = False
    """After a chow or pung the player may win only by self-draw."""
    has_wild: bool = False
    optional_sets_default: bool = False
    """一趟副: 中发白 and 孔雀东南飞 (1s E S) count as concealed sets (Hebei, Shandong)."""

    def check_context(self, d):
        if d.get("wild_discarded") and d.get("wild") is None:
            raise ContextError(
                "wild_discarded=True (发混儿) says a wild was discarded, but no tile is wild "
                "here: give the wild, e.g. wild='5m'  "
                "（wild_discarded=True（发混儿）说打出过混儿，可这里没有混儿：请给出混儿，例如 wild='5m'）"
            )

    def candidates(self, hand, c):
        out = super().candidates(hand, c)
        if self.opt("optional_sets"):
            out.extend(_yitangfu_wins(self, hand, c))
        return out

    def detect(self, win):
        items = super().detect(win)
        keys = {i.key for i in items}
        if self.opt("merge_no_wild") and "no_wild" in keys:  # the ``merge_no_wild`` switch
            items = [i for i in items if i.key not in ("straight_natural", "seven_pairs_natural")]
        if self.opt("opened_self_draw_base_only") and _opened(win):  # the ``opened_self_draw_base_only`` switch
            items = [i for i in items if i.key not in _HAND_DOUBLINGS]
        return items

    def combine(self, items, win):
        return self.P * 2 ** sum(i.value * i.count for i in items)

    def illegal(self, win, items, total):
        hand = win.hand
        if win.ctx.get("wild_discarded"):
            return (
                "打过混儿（发混儿），这一把不许和",
                "a player who has discarded a wild (发混儿) may not win this hand",
            )
        if not self.claims.chow and any(m.kind is MeldKind.CHOW for m in hand.melds):
            return (f"{self.zh}不能吃", f"{self.en} allows no chow")
        if self.claim_limit:
            limit = 1 + sum(1 for m in hand.melds if m.kind is MeldKind.KONG)
            if _claimed_chow_pung(hand) > limit:
                return (
                    "吃、碰一口；开杠可以再吃碰一口",
                    f"one chow-or-pung claim, one more per kong: {_claimed_chow_pung(hand)} claims "
                    f"but only {limit} allowed",
                )
        w = win.wild_tile
        if w is not None and any(w in m.tiles for m in hand.melds if not m.is_concealed):
            return ("混儿不能用来吃、碰、杠", f"the wild {w} cannot be claimed")
        if self.opened_self_draw_only and _opened(win) and not win.self_drawn:
            return ("吃碰后点炮不能胡，只能自摸", "after a chow or pung the hand wins by self-draw only")
        if self.has_wild and win.wild_count == 3 and not win.self_drawn:
            return ("三个混儿只能自摸", "a hand holding 3 wilds may only self-draw")
        return self.pair_problem(win)

    def pair_problem(self, win):
        if self.pair == "258" and self.opt("pair_258_seven_pairs") and win.form is Form.SEVEN_PAIRS:
            bad = [p.tile for p in win.reading.parts if not (p.tile.is_suited and p.tile.rank in (2, 5, 8))]
            if bad:
                return ("七对须二五八将", f"seven pairs must be 2-5-8 pairs here: {bad[0]} is not")
        return super().pair_problem(win)

    def settle(self, win, items, total) -> Ledger:
        ledger = Ledger()
        winner, dealer = win.winner, win.dealer
        payers = [win.discarder] if not win.self_drawn else [s for s in SEAT_LETTERS if s != winner]
        for s in payers:
            ledger.pay(s, winner, total * (2 if s == dealer else 1), ("和牌", "hand"))
        exposed_pts, concealed_pts = self.kong_points
        kongs = {winner: (len(win.kongs(False)), len(win.kongs(True)))}
        if not self.kong_needs_win:
            kongs.update(win.ctx.other_kongs)
        for owner, (e, cn) in kongs.items():
            per = e * exposed_pts + cn * concealed_pts
            for s in SEAT_LETTERS:
                if s != owner:
                    ledger.pay(s, owner, per, ("杠", "kong points"))
        if self.has_wild and win.wild_count == 4:
            for s in SEAT_LETTERS:
                if s != winner:
                    ledger.pay(s, winner, self.opt("four_wilds_side_payment"), ("四混儿帐外", "4 wilds, side payment"))
        return ledger

    def settlement_steps(self, result):
        """The doublings counted, the base doubled that many times, the dealer's doubling."""
        d = sum(i.value * i.count for i in result.items)
        z, e = doubling(self.P, d, ("次翻番", "doublings"))
        return (
            sum_line(result.items, ("次翻番", "doublings"), d),
            (f"和牌：底 {z} = {result.total} 分", f"the hand: the base {e} = {result.total} points"),
            ("庄家付或收的和牌钱加倍", "a hand payment the dealer makes or receives is doubled"),
        )


def _yitangfu_wins(rs, hand, c) -> list[Win]:
    """Readings with 一趟副 sets: 中发白 (C F P) and 孔雀东南飞 (1s E S), formed concealed."""
    out = []
    counts = list(hand.counts)
    meld_parts = tuple(_meld_part(m) for m in hand.melds)
    specials = ((31, 32, 33), (18, 27, 28))

    def rec(start, counts, taken):
        if taken:
            n_sets = 4 - len(hand.melds) - len(taken)
            if n_sets >= 0:
                for r in _readings(counts, meld_parts):
                    if r.form is Form.REGULAR and len(r.sets) - len(meld_parts) == n_sets:
                        extra = tuple(Part(PartKind.SINGLES, tuple(TILES[i] for i in s)) for s in taken)
                        reading = Reading(Form.REGULAR, r.parts + extra)
                        out.append(Win(rs, hand, c, reading, ((),) * len(reading.parts), "yitangfu"))
        for k in range(start, 2):
            s = specials[k]
            if all(counts[i] for i in s):
                for i in s:
                    counts[i] -= 1
                rec(k, counts, taken + [s])
                for i in s:
                    counts[i] += 1

    rec(0, counts, [])
    return out


def _options(cfg: dict) -> tuple[Option, ...]:
    opts = [
        Option(
            "merge_no_wild",
            False,
            "merge the pattern-level 'no wild' doubling with the hand-level 无混儿",
            "合并无混儿",
        ),
        Option(
            "opened_self_draw_base_only",
            False,
            "an opened hand's self-draw scores P with no hand doublings (the dealer's ×2 stays)",
            "开门自摸只算平胡",
        ),
        Option(
            "payer",
            "discarder_or_all_three",
            "the discarder pays a discard win; all three pay a self-draw",
            "付款人",
            ("discarder_or_all_three",),
        ),
        Option(
            "kong_payers",
            "each_other_unconditional" if not cfg.get("kong_needs_win") else "each_other_if_owner_wins",
            "each of the other three pays kong points (Hebei: only if the owner wins); not doubled",
            "杠钱",
            ("each_other_unconditional", "each_other_if_owner_wins"),
        ),
        Option("gang_ci_meaning", "kong_bloom", "杠呲 = 杠上开花", "杠呲", ("kong_bloom",)),
        Option(
            "dealer_doubling",
            "payer_or_winner_hand_only",
            "×2 on every hand payment the dealer makes or receives; kong points not doubled",
            "是庄者翻番",
            ("payer_or_winner_hand_only",),
        ),
        Option("zhuo_wu_kui_value", 1, "捉五魁 in BJ-basic: one doubling", "捉五魁", (1,)),
        Option("inherit_exclusions", True, "HEB-2 / SD-2 inherit the exclusions of HEB-1 / SD-1", "继承排除", (True,)),
        Option("self_draw_meaning", "ordinary", "明自摸 = an ordinary self-draw", "明自摸", ("ordinary",)),
        Option("pair_258_seven_pairs", False, "the 2-5-8 pair rule also binds seven pairs", "七对也须二五八将"),
        Option(
            "optional_sets",
            cfg.get("optional_sets", False),
            "一趟副: 中发白 and 1s-E-S count as concealed sets",
            "一趟副",
        ),
        Option(
            "claim_limit",
            "one_plus_one_per_kong",
            "one chow-or-pung claim, one more per kong",
            "吃碰一口",
            ("one_plus_one_per_kong",),
        ),
        Option(
            "false_win_penalty",
            10,
            "炸胡: the offender pays this to each other player"
            + ("" if cfg.get("has_wild") or cfg["name"] == "bj_new" else " (a value the documents lack)"),
            "炸胡罚分",
            low=0,
            high=1000,
        ),
    ]
    if cfg.get("has_wild"):
        opts.append(
            Option(
                "four_wilds_side_payment",
                40,
                "holding all 4 wilds: each other player pays this outside the account (帐外)",
                "四混儿帐外",
                low=0,
                high=1000,
            )
        )
    return tuple(opts)


_CONFIGS = (
    dict(
        name="bj_basic",
        zh="北京计分麻将（底 1 分）",
        en="Beijing points game, base 1",
        aliases=("北京麻将基本打法", "beijing basic", "bj-b", "bjb"),
        P=1,
        kong_points=(2, 4),
        has_wild=True,
        chow="limited",
        doublings=(
            "dealer",
            "concealed",
            "no_wild",
            "straight",
            "straight_natural",
            "seven_pairs",
            "seven_pairs_natural",
            "luxury",
            "gang_ci",
            "zhuo_wu_kui",
        ),
        signature="4-wild side payment, 炸胡 penalty",
    ),
    dict(
        name="bj_new",
        zh="北京计分麻将·新规（底 5 分）",
        en="Beijing points game, new rules, base 5",
        aliases=("北京麻将新规打法", "beijing new", "bj-n", "bjn"),
        P=5,
        kong_points=(5, 10),
        has_wild=True,
        chow="limited",
        doublings=("dealer", "menqianqing", "seven_pairs", "gang_ci", "self_draw"),
        signature="明自摸, 杠呲",
    ),
    dict(
        name="hebei1",
        zh="河北计分麻将（不吃，底 5 分）",
        en="Hebei points game: no chows, base 5",
        aliases=("河北麻将", "河北麻将1", "hebei", "hebei 1", "heb-1", "hebei majiang"),
        P=5,
        kong_points=(5, 10),
        chow="no",
        kong_needs_win=True,
        optional_sets=True,
        doublings=("dealer", "seven_pairs", "gang_ci", "self_draw"),
        signature="杠随胡, optional 一趟副",
    ),
    dict(
        name="hebei2",
        zh="河北计分麻将（不吃，底 10 分）",
        en="Hebei points game: no chows, base 10",
        aliases=("河北麻将2", "hebei 2", "heb-2"),
        P=10,
        kong_points=(10, 20),
        chow="no",
        kong_needs_win=True,
        optional_sets=True,
        doublings=("dealer", "seven_pairs"),
        signature="杠随胡, optional 一趟副",
    ),
    dict(
        name="shandong1",
        zh="山东计分麻将（二五八将，底 5 分）",
        en="Shandong points game: 2-5-8 pair, base 5",
        aliases=("山东麻将", "山东麻将1", "shandong", "shandong 1", "sd-1", "shandong majiang"),
        P=5,
        kong_points=(5, 10),
        chow="yes",
        pair="258",
        optional_sets=True,
        doublings=("dealer", "seven_pairs", "self_draw"),
        signature="2-5-8 pair (坐将)",
    ),
    dict(
        name="shandong2",
        zh="山东计分麻将（二五八将，底 10 分）",
        en="Shandong points game: 2-5-8 pair, base 10",
        aliases=("山东麻将2", "shandong 2", "sd-2"),
        P=10,
        kong_points=(10, 20),
        chow="yes",
        pair="258",
        optional_sets=True,
        doublings=("dealer", "edge_closed_single_self_draw", "self_draw", "seven_pairs"),
        signature="边砍吊 self-draw ×2",
    ),
)


def _make(cfg: dict) -> PointsRuleSet:
    beijing = cfg["chow"] == "limited"
    wild = cfg.get("has_wild", False)
    return PointsRuleSet(
        name=cfg["name"],
        zh=cfg["zh"],
        en=cfg["en"],
        aliases=cfg["aliases"],
        unit=("分", "points"),
        item_unit=("翻番", "doublings"),
        tiles=TileSet(True, True, "none"),
        claims=Claims(chow=cfg["chow"] != "no"),
        pair=cfg.get("pair", "any"),
        wild="混儿: the tile after the indicator" if wild else None,
        discard_win="only if no chow or pung" if beijing else "yes",
        dealer_rule="×2",
        multi_win="single_nearest",
        kong_money=(
            f"明 {cfg['kong_points'][0]} / 暗 {cfg['kong_points'][1]}"
            + (", only if the owner wins" if cfg.get("kong_needs_win") else "")
        ),
        scoring=f"{cfg['P']} × 2^d",
        signature=cfg["signature"],
        options=_options(cfg),
        context=ctx("self_drawn", "discarder", "winner", "dealer", "kong", "other_kongs")
        + (ctx("wild") + (WILD_DISCARDED,) if wild else ()),
        patterns=tuple(DOUBLINGS[k] for k in cfg["doublings"]),
        P=cfg["P"],
        kong_points=cfg["kong_points"],
        kong_needs_win=cfg.get("kong_needs_win", False),
        claim_limit=beijing,
        opened_self_draw_only=beijing,
        has_wild=wild,
        optional_sets_default=cfg.get("optional_sets", False),
        table=TableFacts(
            wild="tail7_next" if wild else "none",
            shapes="standard+seven_pairs",
            claim_limit=1 if beijing else None,
            opened_self_draw_only=beijing,
            special_shapes=("yitangfu",) if cfg.get("optional_sets") else (),
        ),
        about=ABOUT[cfg["name"]],
    )


BJ_BASIC, BJ_NEW, HEBEI_1, HEBEI_2, SHANDONG_1, SHANDONG_2 = (register(_make(c)) for c in _CONFIGS)
