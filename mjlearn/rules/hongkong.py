"""广东/香港麻将 Hong Kong / Guangdong style.

144 tiles with 8 flowers; chow, pung and kong; several winners on one discard (一炮三响).
A hand's 番 give its points, **points = 2^番**, capped at **6 番 = 64** (option ``cap_fan``). The documents'
table keeps only the rows of 4 番 and more; the lower rows are configurable placeholders that are
**not from the documents** (the ``fan_*`` options): 鸡和 0, 平和 1, 碰碰和 2, 混一色 2, a dragon /
seat-wind / round-wind pung 1 each, 自摸 1. The composite rows 混碰 and 清碰 replace their parts (option ``composite_rows``).

Payments (option ``multi_win_discarder_pays``): a self-draw, 2^番 from each other player; a discard
win, 2^番 from the discarder. **3番满**: in its special situations (several winners, kong bloom, kong bloom on
a fed kong, last-tile self-draw, robbing a kong) a hand under 3 番 counts as 3. **Liability (包)**:
the liable player pays what all three would have paid, 3 × 2^番:

* 杠上开花包杠: the replacement after an exposed kong made on someone's discard wins → that discarder;
* 包自摸: twelve tiles down (four claimed melds) and a self-draw → whoever fed the fourth meld, once
  only (包先不包后: context ``feeder_already_liable``);
* 大四喜 / 大三元: whoever discarded the fourth wind / third dragon that was punged;
* 抢杠: the robbed player (the ``discarder``); the win counts as a self-draw.

Who fed a meld is read from the notation's offer digit ([777p,3]: the 下家; a chow always comes
from the 上家).

Its tests are ``tests/test_rules_hongkong.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("[EEE,1][333p,2][555p,1][777p,3]9p+9p", rules="hongkong", winner="S", self_drawn=True,
...           prevalent_wind="S")
>>> r.total, r.extra["points"], r.extra["liable"], r.payments
(5, 32, 'W', {'E': 0, 'S': 96, 'W': -96, 'N': 0})
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..errors import ContextConflictError
from ..hand import MeldKind
from ..seats import SEAT_LETTERS, Seat
from ..shapes import Form
from .base import Claims, ContextError, Ctx, FirstTurn, Ledger, Option, Pattern, RuleSet, TileSet, Win, ctx
from .hongkong_about import ABOUT
from .registry import register
from .result import Item
from .steps import doubling, seat_label, sum_line
from .tablefacts import TableFacts
from .wilds import wild_readings
from .xian import SEAT_NAMES

__all__ = ["HONGKONG", "HongKongRules", "meld_feeder", "settle_multi_win"]

CAP = 6

CAP_MOST = 13
"""The most 番 any option counts: tables cap at 6, 8, 10 or 13 番 (13 番 = 8,192 × the base)."""


def meld_feeder(winner: str, meld) -> str | None:
    """The seat that discarded the claimed tile of ``meld`` (None for a concealed kong or an
    unrecorded source): a chow from the 上家, a pung or kong from its offer digit."""
    seat = meld.from_seat
    if seat is None or meld.is_concealed:
        return None
    return Seat.of(winner).after({1: -1, 2: 2, 3: 1}[seat]).letter


# --- predicates ---------------------------------------------------------------------------------


def _seat_wind(w: Win) -> str:
    return w.ctx["seat_wind"] or Seat.wind_of(w.winner, w.dealer).letter


def _honor_sets(w: Win, group: str) -> list:
    test = (lambda t: t.is_wind) if group == "wind" else (lambda t: t.is_dragon)
    return [p for p in w.sets if p.is_pung_or_kong and test(p.tile)]


def _pair_is(w: Win, group: str) -> bool:
    p = w.pair
    return p is not None and (p.tile.is_wind if group == "wind" else p.tile.is_dragon)


def _regular(w: Win) -> bool:
    return w.form is Form.REGULAR


def _all_pungs(w: Win) -> bool:
    return _regular(w) and w.pung_count == 4


def _one_suit_honors(w: Win) -> bool:
    return len(w.suits) == 1 and w.has_honors


def _one_suit(w: Win) -> bool:
    return len(w.suits) == 1 and not w.has_honors


def _only(w: Win, test) -> bool:
    return all(test(t) for t in w.tiles)


def _mixed_orphans(w: Win) -> bool:
    return (
        _all_pungs(w)
        and _only(w, lambda t: t.is_terminal_or_honor)
        and w.has_honors
        and any(t.is_terminal for t in w.tiles)
    )


def _nine_gates(w: Win) -> bool:
    if w.hand.melds or not _one_suit(w) or w.form is not Form.REGULAR:
        return False
    c = Counter(t.rank for t in w.hand.concealed)
    return [c[r] for r in range(1, 10)] == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _self_draw(w: Win) -> bool:
    """自摸; a robbing win counts as a self-draw."""
    return w.self_drawn or w.ctx["kong"]


def _flowers(w: Win) -> int:
    return len(w.hand.flowers) + w.ctx["flowers"]


def _fan(key):
    return lambda w: w.rules.opt(key)


HONGKONG_PATTERNS = (
    # the table the documents give
    Pattern("full_flush", "清一色", "Full flush", 4, _one_suit, note="the whole hand is one suit"),
    Pattern(
        "mixed_pungs",
        "混碰",
        "Half-flush all pungs",
        4,
        lambda w: _one_suit_honors(w) and _all_pungs(w),
        note="混一色 + 碰碰和; replaces both",
        excludes=("half_flush", "all_pungs"),
    ),
    Pattern(
        "pure_pungs",
        "清碰",
        "Full-flush all pungs",
        5,
        lambda w: _one_suit(w) and _all_pungs(w),
        note="清一色 + 碰碰和; replaces both",
        excludes=("full_flush", "all_pungs"),
    ),
    Pattern(
        "mixed_orphans",
        "混幺九",
        "Terminals and honors",
        5,
        _mixed_orphans,
        note="only 1s, 9s and honors, all pungs; replaces 碰碰和 and 混碰 (not in the documents)",
        excludes=("all_pungs", "mixed_pungs"),
    ),
    Pattern(
        "little_dragons",
        "小三元",
        "Little three dragons",
        5,
        lambda w: len(_honor_sets(w, "dragon")) == 2 and _pair_is(w, "dragon"),
        note="its two dragon pungs are not counted again (not in the documents)",
        excludes=("dragon_pung",),
    ),
    Pattern(
        "little_winds",
        "小四喜",
        "Little four winds",
        5,
        lambda w: len(_honor_sets(w, "wind")) == 3 and _pair_is(w, "wind"),
        note="its wind pungs are not counted again (not in the documents)",
        excludes=("seat_wind_pung", "round_wind_pung"),
    ),
    Pattern(
        "all_honors",
        "字一色",
        "All honors",
        6,
        lambda w: _regular(w) and _only(w, lambda t: t.is_honor),
        excludes=("all_pungs", "half_flush", "mixed_pungs"),
    ),
    Pattern(
        "all_terminals",
        "清幺九",
        "All terminals",
        6,
        lambda w: _regular(w) and _only(w, lambda t: t.is_terminal),
        excludes=("all_pungs", "full_flush", "pure_pungs", "mixed_orphans"),
    ),
    Pattern(
        "big_dragons",
        "大三元",
        "Big three dragons",
        6,
        lambda w: len(_honor_sets(w, "dragon")) == 3,
        excludes=("dragon_pung", "little_dragons"),
    ),
    Pattern(
        "big_winds",
        "大四喜",
        "Big four winds",
        6,
        lambda w: len(_honor_sets(w, "wind")) == 4,
        excludes=("little_winds", "seat_wind_pung", "round_wind_pung", "all_pungs"),
    ),
    Pattern(
        "nine_gates",
        "九莲宝灯",
        "Nine gates",
        6,
        _nine_gates,
        note="1112345678999 of one suit, any tile of it wins; not with 清一色",
        excludes=("full_flush", "pure_pungs"),
    ),
    Pattern("thirteen_orphans", "十三幺", "Thirteen orphans", 6, lambda w: w.form is Form.THIRTEEN_ORPHANS),
    Pattern("heavenly", "天和", "Heavenly win", 6, lambda w: w.ctx["heavenly"], note="a limit"),
    Pattern("earthly", "地和", "Earthly win", 6, lambda w: w.ctx["earthly"], note="a limit"),
    Pattern("human", "人和", "Human win", 6, lambda w: w.ctx["human"], note="a limit"),
    # placeholders, not in the documents: the values are the fan_* options
    Pattern(
        "all_chows",
        "平和",
        "All chows",
        1,
        lambda w: _regular(w) and w.chow_count == 4,
        note="placeholder, not in the documents",
    ),
    Pattern("all_pungs", "碰碰和", "All pungs", 2, _all_pungs, note="placeholder, not in the documents"),
    Pattern("half_flush", "混一色", "Half flush", 2, _one_suit_honors, note="placeholder, not in the documents"),
    Pattern(
        "dragon_pung", "箭刻", "Dragon pung", 1, lambda w: len(_honor_sets(w, "dragon")), note="placeholder, 1 each"
    ),
    Pattern(
        "seat_wind_pung",
        "门风刻",
        "Seat wind pung",
        1,
        lambda w: any(str(p.tile) == _seat_wind(w) for p in _honor_sets(w, "wind")),
        note="placeholder",
    ),
    Pattern(
        "round_wind_pung",
        "圈风刻",
        "Round wind pung",
        1,
        lambda w: any(str(p.tile) == w.ctx["prevalent_wind"] for p in _honor_sets(w, "wind")),
        note="placeholder",
    ),
    Pattern("self_draw", "自摸", "Self-draw", 1, _self_draw, note="placeholder; robbing a kong counts as a self-draw"),
    Pattern(
        "flower",
        "花牌",
        "Flower",
        0,
        lambda w: _flowers(w) if w.rules.opt("fan_flower") else 0,
        note="no row in the documents; fan_flower option (0 = flowers score nothing)",
    ),
    Pattern("chicken", "鸡和", "Chicken hand", 0, None, note="placeholder: none of the above"),
)

_OPTION_VALUE = {
    "all_chows": "fan_all_chows",
    "all_pungs": "fan_all_pungs",
    "half_flush": "fan_half_flush",
    "dragon_pung": "fan_value_pung",
    "seat_wind_pung": "fan_value_pung",
    "round_wind_pung": "fan_value_pung",
    "self_draw": "fan_self_draw",
    "flower": "fan_flower",
    "chicken": "fan_chicken",
    "heavenly": "fan_heavenly",
    "earthly": "fan_heavenly",
    "human": "fan_heavenly",
}

_COMPOSITES = {"mixed_pungs": ("half_flush", "all_pungs"), "pure_pungs": ("full_flush", "all_pungs")}

FLOOR_CASES = ("multi_win", "kong_bloom", "kong_bloom_liability", "haidi", "rob_kong")


@dataclass(frozen=True, eq=False, repr=False)  # keep RuleSet's short repr
class HongKongRules(RuleSet):
    """Hong Kong / Guangdong: 番 → 2^番 points, 6-番 cap, 3番 floor cases and liability."""

    forms = tuple(Form)

    def check_context(self, d):
        if d["multiple_winners"] and d["self_drawn"]:
            raise ContextError(
                "multiple_winners=True (一炮三响) is about a discard; a self-draw has one winner  "
                "（一炮三响说的是一张打出的牌；自摸只有一个人和）"
            )

    def candidates(self, hand, c):
        return [Win(self, hand, c, wr.reading, wr.wilds, wr.reading.form.value) for wr in wild_readings(hand, None)]

    def detect(self, win):
        items = []
        for it in super().detect(win):
            if it.key in _OPTION_VALUE:
                it = replace(it, value=self.opt(_OPTION_VALUE[it.key]))
            items.append(it)
        if self.opt("composite_rows") == "higher":
            items = self._higher_composites(win, items)
        if not any(i.value for i in items if i.key != "self_draw"):
            items.insert(0, Item("chicken", "鸡和", "Chicken hand", self.opt("fan_chicken"), 1))
        return [i for i in items if i.value or i.key == "chicken"]

    def _higher_composites(self, win, items):
        """composite_rows='higher': a composite or the sum of its parts, whichever is higher."""
        keys = {i.key for i in items}
        for comp, parts in _COMPOSITES.items():
            if comp not in keys:
                continue
            pats = {p.key: p for p in self.patterns}
            part_items = [
                Item(
                    k,
                    pats[k].zh,
                    pats[k].en,
                    self.opt(_OPTION_VALUE.get(k, "")) if k in _OPTION_VALUE else pats[k].value,
                    1,
                )
                for k in parts
            ]
            comp_item = next(i for i in items if i.key == comp)
            if sum(i.value for i in part_items) > comp_item.value:
                items = [i for i in items if i.key != comp] + [i for i in part_items if i.key not in keys]
        return items

    def floor_cases(self, win) -> list[str]:
        """Which of the 3番满 situations (``floor_3fan_cases``) this win is in."""
        c = win.ctx
        out = []
        if c["multiple_winners"]:
            out.append("multi_win")
        if win.self_drawn and c["kong"]:
            out.append("kong_bloom_liability" if self._fed_kong(win) else "kong_bloom")
        if win.self_drawn and c["wall_last"]:
            out.append("haidi")
        if c["kong"] and not win.self_drawn:
            out.append("rob_kong")
        return [k for k in out if k in self.opt("floor_3fan_cases")]

    def _fed_kong(self, win) -> str | None:
        last = win.hand.melds[-1] if win.hand.melds else None
        if last is None or last.kind is not MeldKind.KONG:
            return None
        if last.is_concealed or last.is_added_kong:
            return None
        return meld_feeder(win.winner, last)

    def fan(self, items, win) -> tuple[int, int, list[str]]:
        raw = sum(i.value * i.count for i in items)
        cases = self.floor_cases(win)
        fan = max(raw, 3) if cases else raw
        return raw, min(fan, self.opt("cap_fan")), cases

    def combine(self, items, win):
        return self.fan(items, win)[1]

    def illegal(self, win, items, total):
        if win.form is Form.SEVEN_PAIRS:
            return ("广东/香港番表没有七对", "the Hong Kong / Guangdong table has no seven pairs")
        if win.form not in (Form.REGULAR, Form.THIRTEEN_ORPHANS):
            return (f"广东/香港麻将不算{win.form.zh}", f"Hong Kong / Guangdong does not know {win.form.en}")
        if win.self_drawn and win.ctx["kong"] and not (win.hand.melds and win.hand.melds[-1].kind is MeldKind.KONG):
            raise ContextConflictError(
                "kong=True with self_drawn=True is a kong bloom (杠上开花): the hand's "
                "last meld must be the kong just declared, e.g. [5555p] or [5555p,1]  "
                "（kong=True 加 self_drawn=True 是杠上开花：手牌最后一组必须是刚开的杠，"
                "例如 [5555p] 或 [5555p,1]）",
                str(win.hand),
            )
        if total < self.opt("min_fan"):
            return (
                f"不足 {self.opt('min_fan')} 番起和（{total} 番）",
                f"below the {self.opt('min_fan')}-番 minimum ({total} 番)",
            )
        return None

    def liable(self, win) -> tuple[str | None, tuple[str, str]]:
        """The seat that pays for all three, and why (zh, en); (None, ...) when nobody is liable."""
        w, c = win.winner, win.ctx
        if c["kong"] and not win.self_drawn:
            return win.discarder, ("抢杠：被抢者包三家", "robbing the kong: the robbed player pays for all three")
        if not win.self_drawn:
            return None, ("", "")
        if c["kong"]:
            fed = self._fed_kong(win)
            if fed is not None:
                return fed, (
                    "杠上开花包杠：点杠者包三家",
                    "kong bloom on a fed kong: the kong's discarder pays for all three",
                )
        melds = win.hand.melds
        if self.opt("liability_special_hands"):
            for group, n, zh, en in (
                ("wind", 4, "大四喜", "big four winds"),
                ("dragon", 3, "大三元", "big three dragons"),
            ):
                sets = [
                    m
                    for m in melds
                    if m.kind is not MeldKind.CHOW and (m.tile.is_wind if group == "wind" else m.tile.is_dragon)
                ]
                if len(sets) == n:
                    fed = meld_feeder(w, sets[-1])
                    if fed is not None:
                        return fed, (
                            f"{zh}包自摸：打出最后一张者包三家",
                            f"{en} liability: whoever discarded the last one pays for all three",
                        )
        if self.opt("liability_twelve_down") and len(melds) == 4 and all(not m.is_concealed for m in melds):
            fed = meld_feeder(w, melds[-1])
            if fed is not None and not c["feeder_already_liable"]:
                return fed, (
                    "十二张落地包自摸：喂第四副者包三家",
                    "twelve tiles down: whoever fed the fourth meld pays for all three",
                )
        return None, ("", "")

    def settle(self, win, items, total):
        led = Ledger()
        w = win.winner
        points = 2**total
        liable, why = self.liable(win)
        name = SEAT_NAMES[w]
        if liable is not None:
            led.pay(
                liable,
                w,
                3 * points,
                (f"{name[0]}家和牌 {points}×3（{why[0]}）", f"{name[1]} wins {points}×3 ({why[1]})"),
            )
        elif win.self_drawn:
            for s in SEAT_LETTERS:
                led.pay(s, w, points, (f"{name[0]}家自摸 {points}", f"{name[1]} self-draws {points}"))
        else:
            k = 3 if win.ctx["multiple_winners"] and self.opt("multi_win_discarder_pays") == "three_times" else 1
            led.pay(
                win.discarder,
                w,
                k * points,
                (
                    f"{name[0]}家和牌 {points}" + ("×3" if k == 3 else ""),
                    f"{name[1]} wins {points}" + ("×3" if k == 3 else ""),
                ),
            )
        return led

    def evaluate(self, hand, c):
        res = super().evaluate(hand, c)
        if res.legal:
            win = Win(self, hand, c, res.reading, res.wilds, res.shape)
            raw, fan, cases = self.fan(res.items, win)
            liable, why = self.liable(win)
            res = replace(
                res,
                extra={
                    "raw_fan": raw,
                    "fan": fan,
                    "points": 2**fan,
                    "floor_cases": cases,
                    "capped": raw > fan,
                    "liable": liable,
                    "liability": None if liable is None else {"zh": why[0], "en": why[1]},
                },
            )
        return res

    def first_round_context(self, *, dealer, self_drawn, robbing, first, on_dealers_first_discard):
        """地和 is a non-dealer's self-draw in the first go-around; 人和 a discard win in it."""
        return {"earthly": not dealer and self_drawn and first, "human": not self_drawn and not robbing and first}

    def settlement_steps(self, result):
        """The 番 added up, the 3-番 floor and the cap, the points doubled once per 番, liability."""
        f = result.extra
        out = [sum_line(result.items, ("番", "fan"), f["raw_fan"])]
        if f["floor_cases"] and f["fan"] > f["raw_fan"]:
            out.append(
                (
                    f"特殊情况不足 3 番按 3 番：{f['fan']} 番",
                    f"a special situation counts as at least 3 fan: {f['fan']} fan",
                )
            )
        if f["capped"]:
            out.append((f"封顶 {f['fan']} 番", f"capped at {f['fan']} fan"))
        z, e = doubling(1, f["fan"], ("番", "fan"))
        out.append((f"分数：{z} = {f['points']}", f"points: {e} = {f['points']}"))
        if f["liable"]:
            out.append(
                (
                    f"{seat_label(f['liable'])} 包三家：付 {f['points']} × 3 = {3 * f['points']}（{f['liability']['zh']}）",
                    f"{f['liable']} is liable and pays {f['points']} × 3 = {3 * f['points']} ({f['liability']['en']})",
                )
            )
        return tuple(out)


def settle_multi_win(results) -> dict[str, int]:
    """一炮三响: the net payments of several winners on one discard (each result scored with
    ``multiple_winners=True`` and the same discarder), summing to zero.

    >>> from mjlearn.rules import score
    >>> rs = [score(h, rules="hongkong", winner=s, discarder="N", multiple_winners=True)
    ...       for h, s in (("123m456p789sCCC5s+5s", "E"), ("123m456p111s234s5m+5m", "S"),
    ...                    ("[111p,1][444p,1]999p55pEE+E", "W"))]
    >>> [r.total for r in rs], settle_multi_win(rs)
    ([3, 3, 5], {'E': 8, 'S': 8, 'W': 32, 'N': -48})
    """
    out = dict.fromkeys(SEAT_LETTERS, 0)
    discarders = set()
    for r in results:
        if r.ruleset.name != "hongkong" or not r.context["multiple_winners"]:
            raise ValueError(
                "settle_multi_win needs Hong Kong results scored with multiple_winners=True  "
                "（settle_multi_win 需要用 multiple_winners=True 算出的广东/香港麻将结果）"
            )
        discarders.add(r.context["discarder"])
        for s, v in r.payments.items():
            out[s] += v
    if len(discarders) != 1:
        raise ValueError(
            f"the winners of one 一炮三响 share one discarder, got {sorted(discarders)}  "
            f"（一炮三响的几家和的是同一个人打出的牌，收到的放炮者是 {sorted(discarders)}）"
        )
    return out


def _fan_opt(key, default, en, zh):
    return Option(key, default, en + " (placeholder: the rule set's documents give no value)", zh, low=0, high=CAP_MOST)


HONGKONG = register(
    HongKongRules(
        name="hongkong",
        zh="广东/香港麻将",
        en="Hong Kong / Guangdong",
        aliases=(
            "hong kong",
            "hk",
            "广东/香港麻将",
            "hong kong / guangdong",
            "guangdong",
            "cantonese",
            "canton",
            "香港麻将",
            "广东麻将",
            "廣東麻將",
            "香港麻將",
            "xianggang majiang",
            "guangdong majiang",
        ),
        unit=("番", "fan"),
        pay_unit=("分", "points"),
        tiles=TileSet(suits=True, honors=True, flowers="eight"),
        claims=Claims(chow=True, pung=True, kong=True),
        pair="any",
        seven_pairs=False,
        wild=None,
        minimum=0,
        discard_win="yes",
        dealer_rule="no dealer multiplier (n.s.)",
        kong_money="n.s.; the discarder of a kong tile is liable for a kong bloom",
        multi_win="multiple_allowed",
        scoring="points = 2^番 (cap 6 番 = 64): self-draw 2^番 from each; discard 2^番 from the discarder; "
        "liable player 3 × 2^番",
        signature="3番 floor, 包自摸, kong-robbing liability, 一炮三响",
        options=(
            Option(
                "min_fan",
                0,
                "minimum 番 to win (0 = any valid hand; 3 is common in Hong Kong)",
                "起和番数",
                low=0,
                high=CAP_MOST,
            ),
            Option("cap_fan", CAP, "the cap: 6 番 = 64 points", "满贯番数", low=1, high=CAP_MOST),
            _fan_opt("fan_chicken", 0, "鸡和 chicken hand", "鸡和"),
            _fan_opt("fan_all_chows", 1, "平和 all chows", "平和"),
            _fan_opt("fan_all_pungs", 2, "碰碰和 all pungs", "碰碰和"),
            _fan_opt("fan_half_flush", 2, "混一色 half flush", "混一色"),
            _fan_opt("fan_value_pung", 1, "each dragon pung, seat-wind pung and round-wind pung", "番子"),
            _fan_opt("fan_self_draw", 1, "自摸 self-draw", "自摸"),
            _fan_opt("fan_flower", 0, "each flower (the documents' flower rows are missing)", "花"),
            Option("fan_heavenly", CAP, "天和, 地和 and 人和 are limit hands", "天地人和", low=0, high=CAP_MOST),
            Option(
                "composite_rows",
                "replace",
                "混碰 / 清碰 'replace' 混一色, 清一色 and 碰碰和; 'higher' scores whichever is higher",
                "混碰清碰不再加",
                ("replace", "higher"),
            ),
            Option(
                "floor_3fan_cases",
                FLOOR_CASES,
                "the situations where a hand under 3 番 counts as 3 (rows 2 and 4 are reconstructions)",
                "3番满的情况",
                subset_of=FLOOR_CASES,
            ),
            Option(
                "multi_win_discarder_pays",
                "discard_rate",
                "一炮三响: the discarder pays each winner 2^番 ('discard_rate') or 3 × 2^番 ('three_times')",
                "一炮三响点炮者付",
                ("discard_rate", "three_times"),
            ),
            Option("liability_twelve_down", True, "包自摸 for twelve tiles down", "十二张落地包自摸"),
            Option(
                "liability_special_hands", True, "包自摸 for big four winds / big three dragons", "大四喜大三元包自摸"
            ),
            Option(
                "robbable_kongs",
                "added",
                "only an added kong (明刻开明杠) can be robbed; a concealed kong cannot",
                "只可抢加杠",
                ("added",),
            ),
            Option(
                "walls",
                "three_dice_18_stacks",
                "dealing: MCR_HAND_SETUP steps 1-8 (three dice, 18-stack walls, seats counterclockwise); "
                "'two_dice' for the generic two-dice procedure",
                "砌牌",
                ("three_dice_18_stacks", "two_dice"),
            ),
        ),
        context=ctx(
            "self_drawn", "discarder", "winner", "dealer", "prevalent_wind", "seat_wind", "kong", "wall_last", "flowers"
        )
        + (
            Ctx(
                "multiple_winners", False, "bool", "一炮三响: this discard has several winners (3番 floor)", "一炮多响"
            ),
            Ctx(
                "feeder_already_liable",
                False,
                "bool",
                "包先不包后: whoever fed the fourth meld was already liable for an earlier player, so not again",
                "包先不包后",
            ),
            Ctx("heavenly", False, "bool", "天和: the dealer wins on his dealt hand (after replacing flowers)", "天和"),
            Ctx(
                "earthly", False, "bool", "地和: a non-dealer wins with his first drawn tile, no claims before", "地和"
            ),
            Ctx("human", False, "bool", "人和: a win on a discard in the first go-around, no claims before", "人和"),
        ),
        first_turn=(
            FirstTurn("heavenly", ("dealer_draw",)),
            FirstTurn("earthly", ("other_draw",)),
            FirstTurn("human", ("on_dealer", "on_other")),
        ),
        patterns=HONGKONG_PATTERNS,
        table=TableFacts(dice=3, shapes="five_forms"),
        about=ABOUT,
    )
)
