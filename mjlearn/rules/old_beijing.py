"""老北京传统麻将 Old Beijing traditional mahjong: 番 and 嘴.

A pre-1949 style recorded in a memoir (a blog post; see the appendix notebook). A win is priced in three parts, all
agreed before play:

* **番** (fān), the main tier, capped at 3 番 = **满贯** (limit): 1 番 = 一百和, 2 番 = 二百和;
  some items (自摸到底, 清一色, 大对和) are a limit on their own;
* **嘴** (zuǐ), uncapped additive points: runs 123 / 456 / 789, links, the wait and its face
  value, 2-5-8 pair and winning tile, missing suits, and 跑儿 for every win;
* **items priced separately**: 一条龙, 捉五魁, 十三不靠 (read as thirteen orphans, option ``price_thirteen_orphans``),
  天和, 地和, and the winner's kongs.

``amount = 嘴 × price_嘴 + price of the 番 tier + Σ prices of the separate items``, paid by each of
the three others (options ``payer``, ``price_zui`` and ``price_fan2``); no dealer premium. Items are shown with their
unit in the name:
(番), (嘴) or (价 price).

Its tests are ``tests/test_rules_old_beijing.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("12346789mEEE44s+5m", rules="old_beijing", winner="S", discarder="N",
...           prevalent_wind="E", wild="P")
>>> r.total, r.extra["zui"], r.extra["tier"][1], r.payments
(66, 16, 'limit (满贯)', {'E': -66, 'S': 198, 'W': -66, 'N': -66})
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..seats import SEAT_LETTERS, Seat
from ..shapes import Form, PartKind
from ..tiles import Tile
from .base import Claims, Ctx, FirstTurn, Ledger, Option, Pattern, RuleSet, TileSet, Win, ctx, next_in_cycle
from .old_beijing_about import ABOUT
from .registry import register
from .steps import sum_line
from .tablefacts import TableFacts
from .wilds import wild_readings
from .xian import SEAT_NAMES

__all__ = ["FAN_TIERS", "OLD_BEIJING", "OldBeijingRules", "wild_from_indicator"]

FAN, ZUI, PRICE = "fan", "zui", "price"
UNIT_TAG = {FAN: ("番", "fan"), ZUI: ("嘴", "zui"), PRICE: ("价", "price")}

FAN_TIERS = (
    (0, "无番", "no fan"),
    (1, "一百和", "hundred win"),
    (2, "二百和", "two-hundred win"),
    (3, "满贯", "limit"),
)
"""The 番 tiers: any count of 3 or more is 满贯."""


def wild_from_indicator(indicator) -> Tile:
    """The 混儿 when ``indicator`` is turned up (top tile of the 7th stack from the tail): the
    next tile in sequence, 9→1 and E→S→W→N→C→F→P→E (option ``wild_method``).

    >>> str(wild_from_indicator("9p")), str(wild_from_indicator("P"))
    ('1p', 'E')
    """
    return next_in_cycle(indicator)


# --- predicates -------------------------------------------------------------------------------


def _seat_wind(w: Win) -> str:
    return w.ctx["seat_wind"] or Seat.wind_of(w.winner, w.dealer).letter


def _concealed(w: Win) -> bool:
    """门清: no chow, no pung and no exposed kong; a concealed kong is fine."""
    for m in w.hand.melds:
        if m.kind is not m.kind.KONG:
            return False
        if not m.is_concealed and w.rules.opt("exposed_kong_breaks_concealed"):
            return False
    return True


def _runs(w: Win, first_rank: int) -> int:
    return sum(1 for p in w.sets if p.kind is PartKind.CHOW and p.tiles[0].rank == first_rank)


def _links(w: Win) -> int:
    n = 0
    for suit in "mps":
        c = {
            r: sum(
                1 for p in w.sets if p.kind is PartKind.CHOW and p.tiles[0].suit.value == suit and p.tiles[0].rank == r
            )
            for r in (1, 4, 7)
        }
        n += min(c[1], c[4]) + min(c[4], c[7])
    return n


def _pure_straight(w: Win) -> bool:
    return any(
        all(
            any(p.kind is PartKind.CHOW and p.tiles[0].suit.value == s and p.tiles[0].rank == r for p in w.sets)
            for r in (1, 4, 7)
        )
        for s in "mps"
    )


def _mixed_straight(w: Win) -> bool:
    """混龙: 123, 456, 789 as chows of three different suits (an optional separate price)."""
    if not w.rules.opt("mixed_straight") or _pure_straight(w):
        return False
    from itertools import permutations

    have = {(p.tiles[0].suit.value, p.tiles[0].rank) for p in w.sets if p.kind is PartKind.CHOW}
    return any(all((s, r) in have for s, r in zip(order, (1, 4, 7))) for order in permutations("mps"))


def wait(w: Win) -> tuple[str, int] | None:
    """The wait 嘴 of a win: (kind, face value) with kind ``closed`` 砍档, ``edge`` 边张 or
    ``single`` 单调, or None. The bundled 一听 makes each a single wait: the winning tile must be
    the only one (switches ``edge_closed_unique_wait``, ``dandiao_unique_wait``).
    A 单调 on a 1 or an honor adds 10 instead of its face value; a 9 adds 9 (option ``dandiao_nine_value``)."""
    if w.form is not Form.REGULAR:
        return None
    t = w.hand.win_tile
    assert t is not None  # a regular win has its winning tile
    roles = w.wait_roles
    # drawing a wild completes any ready hand, so the wild itself is not counted as a wait
    unique = w.single_wait
    best = None
    for kind in ("closed", "edge", "single"):
        if kind not in roles:
            continue
        if not unique and (
            w.rules.opt("dandiao_unique_wait") if kind == "single" else w.rules.opt("edge_closed_unique_wait")
        ):
            continue
        face = 10 if kind == "single" and (t.is_honor or t.rank == 1) else t.rank
        if kind == "single" and t.is_suited and t.rank == 9:
            face = w.rules.opt("dandiao_nine_value")
        if best is None or face > best[1]:
            best = (kind, face)
    return best


def _wait_kind(kind):
    return lambda w: (wait(w) or ("", 0))[0] == kind


def _face_value(w: Win) -> int:
    return (wait(w) or ("", 0))[1]


def _is_258(t: Tile) -> bool:
    return t.is_suited and t.rank in (2, 5, 8)


def _plain_hand(w: Win) -> bool:
    """平和: a two-sided wait, no triplet, and (the literal reading; ``pinghe_allows_terminals`` allows them) no 1, 9
    or honor."""
    if w.form is not Form.REGULAR or w.pung_count:
        return False
    roles = w.wait_roles
    if "open" not in roles or (
        not w.rules.opt("pinghe_allows_terminals") and any(t.is_terminal_or_honor for t in w.tiles)
    ):
        return False
    return True


def _value_winds(w: Win) -> int:
    """Wind sets: a set of the round or the seat wind is 1 番; one that is both is 2 (双跺脚)."""
    n = 0
    for p in w.sets:
        if p.is_pung_or_kong and p.tile.is_wind:
            n += (str(p.tile) == w.ctx["prevalent_wind"]) + (str(p.tile) == _seat_wind(w))
    return n


def _no_wild(w: Win) -> bool:
    """没有混儿: only when the table plays with wilds (``wild=`` given), and the hand holds none
    (switch ``no_wild_fan_without_wilds`` for the literal reading)."""
    if w.wild_tile is None:
        return w.rules.opt("no_wild_fan_without_wilds")
    return w.wild_count == 0


def _kong_bloom(w: Win) -> bool:
    return w.self_drawn and w.ctx["kong"]


def _kong_bloom_fan(w: Win) -> bool:
    return _kong_bloom(w) and w.rules.opt("price_kong_bloom") is None


def _self_draw(w: Win) -> bool:
    return w.self_drawn and not (_kong_bloom_fan(w) and not w.rules.opt("kong_bloom_adds_self_draw"))


def _suits_missing(w: Win) -> int:
    if w.form is not Form.REGULAR:
        return 0
    return 3 - len(w.suits)


def _full_flush(w: Win) -> bool:
    return len(w.suits) == 1 and not w.has_honors


def _half_flush(w: Win) -> bool:
    """混一色: one suit plus honors anywhere, or only as the pair (switch ``half_flush_honors``)."""
    if not (len(w.suits) == 1 and w.has_honors):
        return False
    if w.rules.opt("half_flush_honors") == "pair":
        return w.pair is not None and w.pair.tile.is_honor and not any(p.tile.is_honor for p in w.sets)
    return True


def _all_triplets(w: Win) -> bool:
    return w.form is Form.REGULAR and w.pung_count == 4


def _zhuo_wu_kui(w: Win) -> bool:
    """捉五魁: won on 5m as the closed wait between 4m and 6m (with the 一听 single wait)."""
    return str(w.hand.win_tile) == "5m" and (wait(w) or ("", 0))[0] == "closed"


def _opt_price(key):
    return lambda w: w.rules.opt(key)


_UNIT_OF: dict[str, str] = {}
"""Pattern key → the unit of its value: FAN, ZUI or PRICE."""


def _p(key, zh, en, value, pred, unit, note="", excludes=()):
    tag_zh, tag_en = UNIT_TAG[unit]
    _UNIT_OF[key] = unit
    return Pattern(key, f"{zh}（{tag_zh}）", f"{en} ({tag_en})", value, pred, note=note, excludes=excludes)


OLD_BEIJING_PATTERNS = (
    # 番
    _p(
        "concealed",
        "门清",
        "Concealed",
        1,
        _concealed,
        FAN,
        "no chow, no pung, no exposed kong (a kong on a discard counts as a 碰)",
    ),
    _p("plain_hand", "平和", "Plain hand", 1, _plain_hand, FAN, "two-sided wait, no triplet, no 1, 9 or honor"),
    _p("all_simples", "断幺", "All simples", 1, lambda w: not any(t.is_terminal_or_honor for t in w.tiles), FAN),
    _p("self_draw", "自摸", "Self-draw", 1, _self_draw, FAN, "replaced by 杠上开花"),
    _p(
        "dragon_set",
        "箭刻（中发白）",
        "Dragon set",
        1,
        lambda w: sum(1 for p in w.sets if p.is_pung_or_kong and p.tile.is_dragon),
        FAN,
        "1 each",
    ),
    _p(
        "wind_set",
        "风刻（圈风/门风，双跺脚 2）",
        "Round or seat wind set (both: 2, 双跺脚)",
        1,
        _value_winds,
        FAN,
        "a wind that is neither scores nothing",
    ),
    _p(
        "concealed_self_draw",
        "自摸到底",
        "Concealed self-draw",
        3,
        lambda w: _concealed(w) and w.self_drawn,
        FAN,
        "门清 + 自摸 counts as a limit (满贯)",
    ),
    _p("full_flush", "清一色", "Full flush", 3, _full_flush, FAN, "a limit (满贯) on its own"),
    _p("half_flush", "混一色", "Half flush", 1, _half_flush, FAN, "one suit plus honors anywhere"),
    _p("all_triplets", "大对儿和", "All triplets", 3, _all_triplets, FAN, "a limit (满贯) on its own"),
    _p("no_wild", "没有混儿", "No wild", 1, _no_wild, FAN, "only when wilds are in use"),
    _p("kong_bloom", "杠上开花", "Kong bloom", 2, _kong_bloom_fan, FAN, "two 提溜 (self-draws), in place of 自摸"),
    # 嘴
    _p("small_run", "小付", "Small run 123", 1, lambda w: _runs(w, 1), ZUI, "each 123 chow"),
    _p("middle_run", "中付（中兴五）", "Middle run 456", 1, lambda w: _runs(w, 4), ZUI, "each 456 chow"),
    _p("fifteen", "十五点", "Fifteen points", 1, lambda w: _runs(w, 4), ZUI, "a 456 also counts as 4+5+6 = 15"),
    _p("old_run", "老付", "Old run 789", 1, lambda w: _runs(w, 7), ZUI, "each 789 chow"),
    _p("link", "连儿", "Link", 1, _links, ZUI, "123+456 or 456+789 in one suit"),
    _p("closed_wait", "砍档", "Closed wait", 1, _wait_kind("closed"), ZUI, "the middle tile of a run"),
    _p("edge_wait", "边张", "Edge wait", 1, _wait_kind("edge"), ZUI, "3 from 12, 7 from 89"),
    _p("pair_wait", "单调", "Pair wait", 1, _wait_kind("single"), ZUI, "four sets complete, waiting on the pair"),
    _p("one_wait", "一听", "Single wait", 1, lambda w: wait(w) is not None, ZUI, "bundled with 砍档, 边张 and 单调"),
    _p(
        "face_value",
        "听张点数",
        "Face value of the waited tile",
        1,
        _face_value,
        ZUI,
        "its number; a 单调 on a 1 or an honor adds 10 (a 9 adds 9)",
    ),
    _p("pair_258", "二五八将", "2-5-8 pair", 1, lambda w: w.pair is not None and _is_258(w.pair.tile), ZUI),
    _p("win_258", "二五八赢", "2-5-8 winning tile", 1, lambda w: _is_258(w.hand.win_tile), ZUI),
    _p(
        "set_zui",
        "刻子嘴",
        "Pung or kong",
        1,
        lambda w: w.pung_count if w.rules.opt("zui_per_pung") else 0,
        ZUI,
        "none by default; zui_per_pung option",
    ),
    _p("missing_suit", "缺门", "Missing suit", 1, _suits_missing, ZUI, "1 per absent suit"),
    _p("runner", "跑儿", "Runner", 1, lambda w: True, ZUI, "every win"),
    # priced separately: the value is the option's price
    _p("pure_straight", "一条龙", "Pure straight", 0, _pure_straight, PRICE, "price_straight"),
    _p(
        "mixed_straight",
        "混龙",
        "Mixed straight",
        0,
        _mixed_straight,
        PRICE,
        "price_straight, only with the mixed_straight option",
    ),
    _p("zhuo_wu_kui", "捉五魁", "Catch the Five", 0, _zhuo_wu_kui, PRICE, "price_zhuo_wu_kui"),
    _p(
        "thirteen_orphans",
        "十三不靠（十三幺）",
        '"Thirteen unrelated" (thirteen orphans)',
        0,
        lambda w: w.form is Form.THIRTEEN_ORPHANS,
        PRICE,
        "price_thirteen_orphans",
    ),
    _p("heavenly", "天和", "Heavenly win", 0, lambda w: w.ctx["heavenly"], PRICE, "price_heavenly"),
    _p("earthly", "地和", "Earthly win", 0, lambda w: w.ctx["earthly"], PRICE, "price_earthly"),
    _p(
        "exposed_kong",
        "明杠",
        "Exposed kong",
        0,
        lambda w: len(w.kongs(concealed=False)),
        PRICE,
        "price_exposed_kong each",
    ),
    _p(
        "concealed_kong",
        "暗杠",
        "Concealed kong",
        0,
        lambda w: len(w.kongs(concealed=True)),
        PRICE,
        "price_concealed_kong each",
    ),
    _p(
        "kong_bloom_price",
        "杠上开花（议价）",
        "Kong bloom (agreed price)",
        0,
        lambda w: _kong_bloom(w) and w.rules.opt("price_kong_bloom") is not None,
        PRICE,
        "price_kong_bloom, when set instead of 2 番",
    ),
)

_PRICE_OPTION = {
    "pure_straight": "price_straight",
    "mixed_straight": "price_straight",
    "zhuo_wu_kui": "price_zhuo_wu_kui",
    "thirteen_orphans": "price_thirteen_orphans",
    "heavenly": "price_heavenly",
    "earthly": "price_earthly",
    "exposed_kong": "price_exposed_kong",
    "concealed_kong": "price_concealed_kong",
    "kong_bloom_price": "price_kong_bloom",
}


@dataclass(frozen=True, eq=False, repr=False)  # keep RuleSet's short repr
class OldBeijingRules(RuleSet):
    """Old Beijing: 番 capped at 满贯, 嘴 uncapped, and separately priced items."""

    forms = tuple(Form)

    def candidates(self, hand, c):
        return [
            Win(self, hand, c, wr.reading, wr.wilds, wr.reading.form.value)
            for wr in wild_readings(hand, c["wild"], seven_pairs=True)
        ]

    def detect(self, win):
        out = []
        for it in super().detect(win):
            if it.key in _PRICE_OPTION:
                out.append(replace(it, value=self.opt(_PRICE_OPTION[it.key])))
            elif it.key == "set_zui":
                out.append(replace(it, value=self.opt("zui_per_pung")))
            elif it.key == "face_value":
                out.append(replace(it, zh=f"听张点数 {it.count}（嘴）", value=it.count, count=1))
            else:
                out.append(it)
        return out

    def figures(self, items) -> dict:
        """番 (raw and tier), 嘴 and the priced sum of counted items."""
        fan = sum(i.value * i.count for i in items if _UNIT_OF[i.key] == FAN)
        zui = sum(i.value * i.count for i in items if _UNIT_OF[i.key] == ZUI)
        priced = sum(i.value * i.count for i in items if _UNIT_OF[i.key] == PRICE)
        tier = min(fan, 3)
        tier_price = (0, self.opt("price_fan1"), self.opt("price_fan2"), self.opt("price_limit"))[tier]
        _, zh, en = FAN_TIERS[tier]
        return {
            "fan": fan,
            "tier": (zh, f"{en} ({zh})"),
            "tier_price": tier_price,
            "zui": zui,
            "zui_price": zui * self.opt("price_zui"),
            "priced_items": priced,
        }

    def combine(self, items, win):
        f = self.figures(items)
        return f["zui_price"] + f["tier_price"] + f["priced_items"]

    def illegal(self, win, items, total):
        if win.form is Form.SEVEN_PAIRS:
            return ("老北京麻将没有七对", "Old Beijing has no seven-pairs hand")
        if win.form not in (Form.REGULAR, Form.THIRTEEN_ORPHANS):
            return (f"老北京麻将不算{win.form.zh}", f"Old Beijing does not know {win.form.en}")
        if win.ctx["kong"] and not win.self_drawn:
            return ("老北京麻将没有抢杠和", "Old Beijing has no robbing the kong")
        return None

    def settle(self, win, items, total):
        led = Ledger()
        w = win.winner
        why = (f"{SEAT_NAMES[w][0]}家和牌 {total}", f"{SEAT_NAMES[w][1]} wins {total}")
        if not win.self_drawn and self.opt("payer") == "discarder_pays_all":
            led.pay(
                win.discarder, w, 3 * total, (why[0] + "（点炮包三家）", why[1] + " (the discarder pays for all three)")
            )
        else:
            for s in SEAT_LETTERS:
                led.pay(s, w, total, why)
        return led

    def evaluate(self, hand, c):
        res = super().evaluate(hand, c)
        if res.legal:
            res = replace(res, extra=self.figures(res.items))
        return res

    def settlement_steps(self, result):
        """The 番 tier and its price, the 嘴 at their price, the priced items, and their sum."""
        f, items, total = result.extra, result.items, result.total
        fan_items = [i for i in items if i.zh.endswith("（番）")]
        zui_items = [i for i in items if i.zh.endswith("（嘴）")]
        priced = [i for i in items if i.zh.endswith("（价）") or i.zh.endswith("（议价）")]
        tier_zh, tier_en = f["tier"]
        out = []
        if fan_items:
            z, e = sum_line(fan_items, ("番", "番"), f["fan"])
            capped = "（3 番封顶）" if f["fan"] > 3 else ""
            out.append(
                (
                    f"番：{z}{capped} → {tier_zh}，价 {f['tier_price']}",
                    f"番: {e}{' (capped at 3)' if f['fan'] > 3 else ''} → {tier_en}, price {f['tier_price']}",
                )
            )
        if zui_items:
            z, e = sum_line(zui_items, ("嘴", "嘴"), f["zui"])
            p = self.opt("price_zui")
            out.append((f"嘴：{z}，每嘴 {p} → {f['zui_price']}", f"嘴: {e} at {p} each → {f['zui_price']}"))
        if priced:
            expr = " + ".join(
                f"{i.zh.replace('（价）', '').replace('（议价）', '')} {i.value * i.count}" for i in priced
            )
            expr_en = " + ".join(f"{i.en.replace(' (price)', '')} {i.value * i.count}" for i in priced)
            out.append((f"单价项：{expr} = {f['priced_items']}", f"priced items: {expr_en} = {f['priced_items']}"))
        out.append(
            (
                f"合计 = {f['tier_price']}（番价）+ {f['zui_price']}（嘴价）+ {f['priced_items']}（单价项）= {total}，每家付",
                f"total = {f['tier_price']} (番 price) + {f['zui_price']} (嘴 price) + {f['priced_items']} "
                f"(priced items) = {total} from each payer",
            )
        )
        return tuple(out)


def _price(key, default, zh, en):
    return Option(
        key,
        default,
        f"agreed price of {en} (illustrative: the players agree it before they play)",
        zh,
        low=0,
        high=1000,
    )


OLD_BEIJING = register(
    OldBeijingRules(
        name="old_beijing",
        zh="老北京传统麻将",
        en="Old Beijing traditional (番 and 嘴)",
        aliases=(
            "old beijing",
            "old beijing traditional",
            "traditional beijing",
            "老北京麻将",
            "老北京",
            "老北京传统麻将",
            "老北京传统麻将打法",
            "lao beijing",
            "lao beijing majiang",
            "laobeijing",
        ),
        unit=("分（议价）", "points at the agreed prices"),
        item_unit=("", ""),
        pay_unit=("分", "points"),
        tiles=TileSet(suits=True, honors=True, flowers="none"),
        claims=Claims(chow=True, pung=True, kong=True),
        pair="any",
        seven_pairs=False,
        wild="optional 混儿: the tile after the indicator (top of the 7th stack from the tail)",
        minimum=0,
        discard_win="yes",
        dealer_rule="no dealer premium; repeats on a win or a draw",
        kong_money="agreed prices (明杠, 暗杠)",
        multi_win="single_nearest",
        scoring="嘴 × price + price of the 番 tier (一百和 / 二百和 / 满贯 at 3 番) + item prices, from each of three",
        signature="嘴 list, 双跺脚, 自摸到底, 满贯 at 3 番",
        options=(
            Option(
                "pinghe_allows_terminals",
                False,
                "平和 allows 1, 9 and honors (only the two-sided wait and no triplet are required)",
                "平和不许幺九字",
            ),
            Option(
                "no_wild_fan_without_wilds",
                False,
                "没有混儿 counts in a game without wilds too (the literal reading)",
                "无混儿只在用混儿时算",
            ),
            Option(
                "kong_bloom_adds_self_draw",
                False,
                "杠上开花 (2 番) is counted with 自摸 (3 番 in all) instead of in its place",
                "杠上开花代替自摸",
            ),
            Option(
                "price_kong_bloom",
                None,
                "an agreed price for 杠上开花 instead of its 2 番 (None: count 2 番)",
                "杠上开花议价",
                low=0,
                high=1000,
            ),
            Option("dandiao_unique_wait", True, "单调 needs the pair tile to be the only winning tile", "单调须独听"),
            Option(
                "edge_closed_unique_wait",
                True,
                "砍档 and 边张 (with their 一听) need the winning tile to be the only one; 边张 only for a "
                "true edge wait (12→3, 89→7)",
                "砍档、边张须独听",
            ),
            Option(
                "half_flush_honors",
                "anywhere",
                "混一色: one suit plus honors 'anywhere', or honors only as the 'pair' (the documents' words)",
                "混一色字牌可作刻",
                ("anywhere", "pair"),
            ),
            Option("dandiao_nine_value", 9, "嘴 added by a 单调 on a 9 (its face value)", "单调九加九", low=0, high=20),
            Option("zui_per_pung", 0, "嘴 for each pung or kong (none in the documents)", "刻子无嘴", low=0, high=20),
            Option(
                "exposed_kong_breaks_concealed",
                True,
                "an exposed kong on a discard breaks 门清 (the documents call it a 碰)",
                "明杠不算门清",
            ),
            Option("mixed_straight", False, "混龙 (123, 456, 789 in three suits) is priced like 一条龙", "混龙另计"),
            Option(
                "payer",
                "all_three",
                "'all_three': each other player pays the amount; 'discarder_pays_all': on a discard win "
                "the discarder pays for all three",
                "三家都付",
                ("all_three", "discarder_pays_all"),
            ),
            _price("price_zui", 1, "嘴价", "one 嘴"),
            _price("price_fan1", 10, "一百和", "一百和 (1 番)"),
            _price("price_fan2", 20, "二百和", "二百和 (2 番; 2 × 一百和 by default)"),
            _price("price_limit", 30, "满贯", "满贯 (3 番 or a limit item)"),
            _price("price_straight", 10, "一条龙", "一条龙"),
            _price("price_zhuo_wu_kui", 10, "捉五魁", "捉五魁"),
            _price("price_exposed_kong", 2, "明杠", "each exposed kong of the winner"),
            _price("price_concealed_kong", 4, "暗杠", "each concealed kong of the winner"),
            _price("price_heavenly", 60, "天和", "天和"),
            _price("price_earthly", 60, "地和", "地和"),
            Option(
                "price_thirteen_orphans",
                30,
                "agreed price of 十三不靠, read as thirteen orphans (no price in the documents; the 满贯 price "
                "by default)",
                "十三不靠议价",
                low=0,
                high=1000,
            ),
            Option(
                "dealer_repeats_on",
                "win_or_draw",
                "the dealer repeats after a win or a draw ('win_or_draw') or after a win only ('win')",
                "连庄条件",
                ("win_or_draw", "win"),
            ),
            Option("deal_procedure", "generic", "the generic two-dice procedure", "通用砌牌", ("generic",)),
            Option(
                "wild_method",
                "indicator_next",
                "the 混儿 is the tile after the indicator ('indicator_next'); the wild= keyword takes the "
                "wild itself (see wild_from_indicator)",
                "混儿为翻牌的下一张",
                ("indicator_next",),
            ),
        ),
        context=ctx("self_drawn", "discarder", "winner", "dealer", "prevalent_wind", "seat_wind", "kong", "wild")
        + (
            Ctx("heavenly", False, "bool", "天和: the dealer is complete on his 14 dealt tiles", "天和"),
            Ctx("earthly", False, "bool", "地和: a non-dealer wins on the dealer's first discard", "地和"),
        ),
        first_turn=(FirstTurn("heavenly", ("dealer_draw",)), FirstTurn("earthly", ("on_dealer",))),
        patterns=OLD_BEIJING_PATTERNS,
        table=TableFacts(wild="tail7_next", shapes="five_forms", special_shapes=("orphans",)),
        about=ABOUT,
    )
)
