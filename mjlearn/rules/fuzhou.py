"""福州麻将 Fuzhou mahjong.

144 tiles, of which **36 are flowers**: the 8 flowers and **all 28 honors**, so a hand holds suited
tiles only (108 playable). A turned-up tile fixes the wild, **金** (the tile itself, not +1); 金
may not be claimed with (option ``gold_claims``) and must never be discarded. The standard shape wins (four sets
and a pair); holding **three 金** wins at once (三金倒).

Flower count ``F``: 1 per flower tile (honors included), 1 per exposed kong, 2 per concealed kong,
and 2 more for each complete group (春夏秋冬, 梅兰菊竹, or four of one honor, option ``honor_flower_group``).

Bonus hands (加番牌型), the only "fan": 平胡 30 (no flower, no kong), 抢金 30, 三金倒 40, 金雀 60
(two 金 as the pair); 抢金, 三金倒 and 金雀 add 10 when the 平胡 condition (F = 0) also holds.

============================  ======================  ====================
case                          each payer pays          payers
============================  ======================  ====================
bonus hand                    base × (2F + X)          all three (option ``bonus_payers``)
no bonus, self-draw           base × 2F                all three
no bonus, discard (捉铳)       base × F                 the discarder
============================  ======================  ====================

A dealer on a streak of ``L`` repeats: when he wins, every payment gets +L (+2L at the self-draw
rate); when another player wins, the dealer pays the winner the extra L (2L) (option ``streak_scope``).

The honors a player holds as flowers are given with ``flowers=`` as tiles (``flowers="EC"``), or
as a number; flower letters a-h may also stand in the hand.

Its tests are ``tests/test_rules_fuzhou.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("[5555s,1]123m456m789p4pae+4p", rules="fuzhou", winner="S", self_drawn=True,
...           flowers="EC", wild="9s")
>>> r.extra["F"], r.total, r.payments
(5, 10, {'E': -10, 'S': 30, 'W': -10, 'N': -10})
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import _two_lines, shown
from ..hand import MeldKind
from ..notation import parse_tiles
from ..seats import SEAT_LETTERS, Seat
from ..shapes import Form, PartKind
from ..tiles import Tile
from .base import Claims, ContextError, Ctx, FirstTurn, Ledger, Option, Pattern, RuleSet, TileSet, Win, ctx
from .description import About, Example, Ruling, facts
from .registry import register
from .result import Item
from .sources import QA_THREAD
from .steps import sum_line
from .tablefacts import TableFacts
from .wilds import complete_with_wilds, wild_readings
from .xian import SEAT_NAMES

__all__ = ["FUZHOU", "FlowersCtx", "FuzhouRules", "claim_priority", "false_win_payments", "flower_count"]

SEASONS, PLANTS = "abcd", "efgh"


@dataclass(frozen=True)
class FlowersCtx(Ctx):
    """Fuzhou's ``flowers``: the honors and flowers set aside, as tiles (``"EC"``, ``"aeEEEE"``),
    or a whole number of flowers whose identity does not matter. Checked into
    ``(tiles, anonymous count)``."""

    def check(self, value):
        if value is None:
            return ((), 0)
        if isinstance(value, bool):
            raise ContextError(
                f"flowers must be tiles such as 'EC' or a whole number, got {shown(value)}  "
                f"（flowers 应是牌，例如 'EC'，或者一个整数，收到的是 {shown(value, zh=True)}）"
            )
        if isinstance(value, int):
            if value < 0:
                raise ContextError(
                    f"flowers must be a whole number >= 0, got {shown(value)}  "
                    f"（flowers 应是 0 或更大的整数，收到的是 {shown(value, zh=True)}）"
                )
            return ((), value)
        tiles: tuple[Tile, ...] | list[Tile]
        if isinstance(value, str):
            try:
                tiles = parse_tiles(value)
            except ValueError as e:
                raise ContextError(
                    f"flowers={value!r} is not a list of tiles: {_two_lines(str(e))[0]}  "
                    f"（flowers={value!r} 不是一串牌）"
                ) from None
        elif isinstance(value, (list, tuple)):
            tiles = list(value)
            if not all(isinstance(t, Tile) for t in tiles):
                raise ContextError(
                    f"flowers must be tiles such as 'EC' or a whole number, got {shown(value)}  "
                    f"（flowers 应是牌，例如 'EC'，或者一个整数，收到的是 {shown(value, zh=True)}）"
                )
        else:
            raise ContextError(
                f"flowers must be tiles such as 'EC' or a whole number, got {shown(value)}  "
                f"（flowers 应是牌，例如 'EC'，或者一个整数，收到的是 {shown(value, zh=True)}）"
            )
        bad = [t for t in tiles if t.is_suited]
        if bad:
            raise ContextError(
                f"in Fuzhou only honors and the 8 flowers are flowers; {bad[0]} "
                f"({bad[0].zh}) is a playable tile, not a flower  "
                f"（福州麻将只有字牌和 8 张花牌算花；{bad[0]}（{bad[0].zh}）是要打的牌，不是花）"
            )
        for t in set(tiles):
            n = tiles.count(t)
            if n > (1 if t.is_flower else 4):
                raise ContextError(
                    f"flowers holds {n} × {t} ({t.zh}); there "
                    f"{'is one' if t.is_flower else 'are four'}  "
                    f"（flowers 里有 {n} 张 {t}（{t.zh}），这张牌只有 {1 if t.is_flower else 4} 张）"
                )
        return (tuple(sorted(tiles)), 0)


def _flowers_given(w: Win) -> tuple[tuple[Tile, ...], int]:
    v = w.ctx["flowers"]
    return ((), v) if isinstance(v, int) else v  # the unchecked default is a plain 0


def _flower_tiles(w: Win) -> list[Tile]:
    return list(w.hand.flowers) + list(_flowers_given(w)[0])


def flower_count(w: Win) -> dict[str, int]:
    """The parts of F: flower tiles, exposed kongs (1), concealed kongs (2), complete groups (+2)."""
    tiles = _flower_tiles(w)
    letters = {str(t) for t in tiles if t.is_flower}
    groups = sum(1 for g in (SEASONS, PLANTS) if set(g) <= letters)
    if w.rules.opt("honor_flower_group"):
        groups += sum(1 for t in set(tiles) if t.is_honor and tiles.count(t) == 4)
    return {
        "flowers": len(tiles) + _flowers_given(w)[1],
        "exposed_kongs": len(w.kongs(concealed=False)),
        "concealed_kongs": len(w.kongs(concealed=True)),
        "flower_groups": groups,
    }


def _f(w: Win) -> int:
    c = flower_count(w)
    return c["flowers"] + c["exposed_kongs"] + 2 * c["concealed_kongs"] + 2 * c["flower_groups"]


def _golds(w: Win) -> int:
    """金 held in the concealed part (winning tile included)."""
    j = w.wild_tile
    return 0 if j is None else w.hand.counts[j.index]


def _gold_pair(w: Win) -> bool:
    """金雀: two 金 stand as the pair (each 金 is a joker here, standing for itself or not)."""
    if w.reading is None or not w.wilds:
        return False
    return any(p.kind is PartKind.PAIR and len(w.wilds[i]) == 2 for i, p in enumerate(w.reading.parts))


def _three_golds(w: Win) -> bool:
    return _golds(w) >= 3


def _grab_gold(w: Win) -> bool:
    """抢金 (option ``qiangjin_rule``): 天胡, or by the ``qiangjin_rule`` option a win in the first go-around, a win
    on the dealer's first discard, or (street rule) taking the turned-up 金 indicator."""
    c, rule = w.ctx, w.rules.opt("qiangjin_rule")
    if c["heavenly"]:
        return True
    if rule == "first_go_around":
        return c["first_go_around"]
    if rule == "dealer_first_discard":
        return c["first_go_around"] and not w.self_drawn and w.discarder == w.dealer
    return c["took_indicator"]


def _plain(w: Win) -> bool:
    """平胡 condition: no flower at all and no kong (F = 0)."""
    return _f(w) == 0


BONUS = ("gold_sparrow", "three_golds", "grab_gold", "plain_win")

FUZHOU_PATTERNS = (
    Pattern("gold_sparrow", "金雀", "Golden sparrow", 60, _gold_pair, note="two 金 as the pair"),
    Pattern(
        "three_golds",
        "三金倒",
        "Three golds fall",
        40,
        _three_golds,
        note="three 金 win at once, whatever the other tiles",
    ),
    Pattern("grab_gold", "抢金", "Grab the gold", 30, _grab_gold, note="天胡 or a first-go-around win"),
    Pattern("plain_win", "平胡", "Plain win", 30, _plain, note="no flower and no kong, and none of 金雀, 三金倒, 抢金"),
    Pattern(
        "plain_bonus", "平和加番", "Plain condition bonus", 10, None, note="+10 to 抢金, 三金倒 and 金雀 when F = 0"
    ),
    Pattern(
        "flower", "花牌（含字牌）", "Flower (honors included)", 1, lambda w: flower_count(w)["flowers"], note="1 each"
    ),
    Pattern(
        "exposed_kong", "明杠", "Exposed kong", 1, lambda w: flower_count(w)["exposed_kongs"], note="counts as 1 flower"
    ),
    Pattern(
        "concealed_kong",
        "暗杠",
        "Concealed kong",
        2,
        lambda w: flower_count(w)["concealed_kongs"],
        note="counts as 2 flowers",
    ),
    Pattern(
        "flower_group",
        "花暗杠",
        "Complete flower group",
        2,
        lambda w: flower_count(w)["flower_groups"],
        note="春夏秋冬, 梅兰菊竹 or four of one honor: +2 more",
    ),
)

_FLOWER_KEYS = ("flower", "exposed_kong", "concealed_kong", "flower_group")


def _has_full_shape(w: Win) -> bool:
    return w.form is Form.REGULAR


@dataclass(frozen=True, eq=False, repr=False)  # keep RuleSet's short repr
class FuzhouRules(RuleSet):
    """Fuzhou: 金 wild, honors as flowers, bonus hands, base × (2F + X)."""

    forms = tuple(Form)

    def check_context(self, d):
        jin = d["wild"]
        if jin is not None and not jin.is_suited:
            raise ContextError(
                f"金 is a suited tile (honors are flowers in Fuzhou), got wild={jin}  "
                f"（金是数牌：福州麻将的字牌都算花，收到的是 wild={jin}）"
            )
        if d["took_indicator"] and self.opt("qiangjin_rule") != "street":
            raise ContextError(
                "took_indicator (the street 抢金) needs options={'qiangjin_rule': 'street'}  "
                "（took_indicator（街头的抢金）要先设 options={'qiangjin_rule': 'street'}）"
            )
        if d["took_indicator"] and not d["self_drawn"]:
            raise ContextError(
                f"took_indicator=True (抢翻金) is a win by taking the turned-up 金 as one's own "
                f"draw, so self_drawn=True; here discarder={d['discarder']!r}  "
                f"（took_indicator=True（抢翻金）是把翻出的金拿来当自己摸的牌，所以 self_drawn=True；"
                f"这里却有 discarder={d['discarder']!r}）"
            )

    def candidates(self, hand, c):
        out = [
            Win(self, hand, c, wr.reading, wr.wilds, wr.reading.form.value)
            for wr in wild_readings(hand, c["wild"], seven_pairs=True)
        ]
        jin = c["wild"]
        if jin is not None and hand.counts[jin.index] >= 3:
            out.append(Win(self, hand, c, None, (), "three_golds"))
        return out

    def detect(self, win):
        items = super().detect(win)
        bonus = [i for i in items if i.key in BONUS]
        rest = [i for i in items if i.key not in BONUS]
        if not bonus:
            return rest
        # one bonus hand counts: the highest (平胡 only when no other applies)
        top = max(bonus, key=lambda i: i.value)
        out = [top]
        plus = self.opt("qiangjin_plus10") == "always" if top.key == "grab_gold" else False
        if top.key != "plain_win" and (plus or _plain(win)):
            p = next(p for p in self.patterns if p.key == "plain_bonus")
            out.append(Item(p.key, p.zh, p.en, p.value, 1))
        return out + rest

    def figures(self, win, items) -> dict:
        f = sum(i.value * i.count for i in items if i.key in _FLOWER_KEYS)
        x = sum(i.value * i.count for i in items if i.key not in _FLOWER_KEYS)
        bonus = any(i.key in BONUS for i in items)
        rate = 2 if (bonus or win.self_drawn) else 1
        return {"F": f, "X": x, "bonus": bonus, "rate": rate, "base": self.opt("base"), "streak": win.ctx["streak"]}

    def combine(self, items, win):
        fg = self.figures(win, items)
        return fg["base"] * (fg["rate"] * fg["F"] + fg["X"])

    def illegal(self, win, items, total):
        jin, hand, c = win.wild_tile, win.hand, win.ctx
        if win.shape != "three_golds" and win.form is not Form.REGULAR:
            what = win.form.zh if win.form else win.shape
            return (
                f"福州麻将只认四副一将（或三金倒），不算{what}",
                f"Fuzhou wins with four sets and a pair (or 三金倒), not {win.form.en if win.form else win.shape}",
            )
        if jin is not None:
            rule = self.opt("gold_claims")
            for m in hand.melds:
                if jin in m.tiles and not m.is_concealed and (rule == "none" or m.kind is not MeldKind.CHOW):
                    return (f"金（{jin.zh}）不能用来吃、碰、杠：{m}", f"金 ({jin}) cannot be used in a claim: {m}")
            if not win.self_drawn and hand.win_tile == jin:
                return ("金不能打出：打金算炸胡，不能和", "a 金 may never be discarded (炸胡), so no one wins on it")
        if not win.self_drawn:
            if c["passed_same_tile"]:
                return (
                    "过水：放过的牌在自己再出牌前不能再和",
                    "过水: a tile passed up cannot be won on until the player discards again",
                )
            if self.opt("youjin_self_draw_only") and self.youjin(win):
                return (
                    "游金（跑百搭）只能自摸，不能捉铳",
                    "游金 / 跑百搭: a player whose 金 waits on anything may only self-draw",
                )
        return None

    def youjin(self, win) -> bool:
        """游金 (option ``youjin_self_draw_only``): before the win, the hand was four complete sets plus a lone 金."""
        jin = win.wild_tile
        if jin is None:
            return False
        counts = list(win.hand.counts)
        counts[win.hand.win_tile.index] -= 1
        j = counts[jin.index]
        if j < 1:
            return False
        counts[jin.index] = 0
        counts[27] += 2  # a stand-in pair (honors never occur in Fuzhou hands) for the 金's partner
        return complete_with_wilds(counts, j - 1, len(win.hand.melds))

    def rank(self, win, items, total):
        return (total, win.shape != "three_golds")

    def settle(self, win, items, total):
        led = Ledger()
        fg = self.figures(win, items)
        w, dealer, L, base, rate = win.winner, win.dealer, fg["streak"], fg["base"], fg["rate"]
        name = SEAT_NAMES[w]
        all_pay = (fg["bonus"] and self.opt("bonus_payers") == "all") or win.self_drawn
        payers = [s for s in SEAT_LETTERS if s != w] if all_pay else [win.discarder]
        extra = base * rate * L
        for p in payers:
            amount = total + (extra if L and (w == dealer or p == dealer) else 0)
            led.pay(p, w, amount, (f"{name[0]}家和牌 {amount}", f"{name[1]} wins {amount}"))
        if L and w != dealer and dealer not in payers:
            led.pay(
                dealer, w, extra, (f"庄家连庄 {L} 番付给和牌者", f"the dealer pays his streak of {L} to the winner")
            )
        return led

    def evaluate(self, hand, c):
        res = super().evaluate(hand, c)
        if res.legal:
            win = Win(self, hand, c, res.reading, res.wilds, res.shape)
            res = replace(res, extra=self.figures(win, res.items))
        return res

    def choose_winners(self, claims, discarder):
        """one winner of a discard: a 金雀 win first, otherwise the nearest in turn order
        (:func:`claim_priority`)."""
        if not claims:
            return (), {}
        sparrows = [s for s, r in claims if any(i.key == "gold_sparrow" for i in r.items)]
        first = claim_priority(discarder, [s for s, _ in claims], sparrows)
        notes = {
            s: (
                "只有一家可和：金雀优先，其次离点炮者最近",
                f"only one player may win a discard here: {first} (a 金雀 first, then the nearest)",
            )
            for s, _ in claims
            if s != first
        }
        return (first,), notes

    def settlement_steps(self, result):
        """The bonus, the flowers and kongs, and base × (flowers and kongs × rate + bonus)."""
        f, total = result.extra, result.total
        z, e = sum_line([i for i in result.items if "flower" not in i.key and "kong" not in i.key], ("", ""), f["X"])
        return (
            (f"加番：{z.strip()}", f"bonus: {e.strip()}"),
            (f"花和杠：{f['F']}", f"flowers and kongs: {f['F']}"),
            (
                f"每家付：底 × (花杠数 × {f['rate']} + 加番) = {f['base']} × ({f['F']} × {f['rate']} + {f['X']}) = {total}",
                f"each payer: base × (flowers and kongs × {f['rate']} + bonus) = "
                f"{f['base']} × ({f['F']} × {f['rate']} + {f['X']}) = {total}",
            ),
        )


def false_win_payments(offender: str, base: int = 1, penalty: int = 30) -> dict[str, int]:
    """炸胡 (option ``false_win_penalty``): the offender pays each other player ``penalty × base`` (a self-drawn 平胡).

    >>> false_win_payments("W")
    {'E': 30, 'S': 30, 'W': -90, 'N': 30}
    """
    if offender not in SEAT_LETTERS:
        raise ValueError(
            f"offender must be 'E', 'S', 'W' or 'N', got {offender!r}  "
            f"（offender 应是 'E'、'S'、'W' 或 'N'，收到的是 {offender!r}）"
        )
    return {s: -3 * penalty * base if s == offender else penalty * base for s in SEAT_LETTERS}


def claim_priority(discarder: str, claimants, gold_sparrow=()) -> str:
    """Several players want the same discard and only one may win: a 金雀 winner first,
    otherwise turn order from the discarder.

    >>> claim_priority("E", ["N", "S"]), claim_priority("E", ["N", "S"], gold_sparrow=["N"])
    ('S', 'N')
    """
    seats = [s for s in claimants if s != discarder]
    if not seats or any(s not in SEAT_LETTERS for s in [discarder, *seats]):
        raise ValueError("claimants must be seats other than the discarder  （claimants 应是放炮者以外的座位）")
    order = lambda s: (s not in set(gold_sparrow), (Seat.of(s) - Seat.of(discarder)) % 4)
    return min(seats, key=order)


# --- what the learner is told (mjlearn.course shows it) ---------------------------------------------
ABOUT = About(
    where=("福州麻将：福建福州一带的打法。", "Fuzhou mahjong, played around Fuzhou in Fujian."),
    special=(
        (
            "144 张，但有 36 张“花”：8 张花牌加上全部 28 张字牌。所以手里只有数牌。",
            "144 tiles, but 36 of them are flowers: the 8 flowers and all 28 honors. A hand holds suited tiles only.",
        ),
        (
            "翻开的一张牌本身就是“金”（百搭）。金不能打出。",
            "A turned-up tile is itself the wild, the 金 (gold). A gold may never be discarded.",
        ),
        (
            "加番手：平胡 30、抢金 30、三金倒 40、金雀 60；三个金可以直接和（三金倒）。",
            "Bonus hands: plain hand 30, robbing the gold 30, three golds 40, golden sparrow 60; holding three golds wins at once (三金倒).",
        ),
        (
            "每家付：底 × (花和杠的数 × 2 + 加番)。例如 3 张花、金雀 60：1 × (3 × 2 + 60) = 66。",
            "Each payer pays the base × (the number of flowers and kongs × 2 + the bonus). For example 3 flowers "
            "and a golden sparrow (60): 1 × (3 × 2 + 60) = 66.",
        ),
    ),
    family=("福州麻将", "Fuzhou"),
    rulings=(
        Ruling(
            ("金能不能用来吃", "whether a gold may be used in a chow"),
            ("不能，任何吃碰杠都不行", "no, in no claim at all"),
            "gold_claims",
        ),
        Ruling(
            ("游金（金单钓）能不能和别人打的牌", "whether a hand whose gold waits on anything may win on a discard"),
            ("不能，只能自摸", "no, by self-draw only"),
            "youjin_self_draw_only",
        ),
        Ruling(
            ("加番手点炮时谁付", "who pays a bonus hand won on a discard"), ("三家都付", "all three"), "bonus_payers"
        ),
    ),
    example=Example(
        "123m456m789p234s9s+9s",
        {"winner": "N", "self_drawn": True, "flowers": "aEC", "wild": "9s"},
        (
            "金是 9s。北家有三张花（春、东、中），自摸，两个金作将：金雀。",
            "The gold is 9s. North holds three flowers (spring, East, red dragon) and self-draws with two golds as the pair: golden sparrow.",
        ),
    ),
    only_here=Example(
        "1477m2558p136s99s+9s",
        {"winner": "S", "self_drawn": True, "wild": "9s"},
        (
            "三金倒：手里有三个金（9s）就可以和，不管其他牌。",
            "Three golds (三金倒): holding three golds (9s) wins whatever the other tiles.",
        ),
    ),
    facts=facts(
        {
            "wild": "金：补完花以后墙尾翻开的第一张（就是那张牌本身）",
            "discard_win": "可以，但游金（金单钓）只能自摸；过水不能和",
            "scoring": "加番手：底 × (花和杠的数 × 2 + 加番)，三家付；否则自摸每家付花杠数 × 2，点炮付花杠数",
            "dealer": "每连庄一次加 1 番",
            "kongs": "算作花",
            "signature": "三金倒、金雀、抢金、过水、字牌当花",
        },
        {
            "wild": "金 (gold): the first tile turned up at the tail after the flowers are replaced (that tile itself)",
            "discard_win": "yes, except a hand whose gold waits on anything (游金), and not after passing a tile (过水)",
            "scoring": "bonus hands: base × (flowers and kongs × 2 + the bonus) from all three; otherwise flowers and kongs × 2 "
            "from each on a self-draw, or their number from the discarder",
            "dealer": "+1 番 for each repeat deal",
            "kongs": "counted as flowers",
            "signature": "三金倒 (three golds), 金雀 (golden sparrow), 抢金 (robbing the gold), 过水, honors as flowers",
        },
    ),
    sources=(QA_THREAD,),
)


FUZHOU = register(
    FuzhouRules(
        name="fuzhou",
        zh="福州麻将",
        en="Fuzhou mahjong",
        aliases=("Fuzhou", "Fujian", "福州", "福州麻将", "福建麻将", "fuzhou majiang", "fu zhou"),
        unit=("番", "fan"),
        item_unit=("", ""),
        pay_unit=("分", "points"),
        tiles=TileSet(suits=True, honors=False, flowers="fuzhou36"),
        claims=Claims(chow=True, pung=True, kong=True),
        pair="any",
        seven_pairs=False,
        wild="金: the first tail tile after all flowers are replaced (the tile itself)",
        minimum=0,
        discard_win="yes, except a 游金 / 跑百搭 hand; 过水",
        dealer_rule="+1 番 per repeat deal (streak L)",
        kong_money="counted as flowers",
        multi_win="single: 金雀 first, then turn order",
        scoring="bonus hands base × (2F + X) from all three; else 2F each (self-draw) or F (discard)",
        signature="三金倒, 金雀, 抢金, 过水, honors as flowers",
        options=(
            Option("base", 1, "底分 base points", "底分", low=1, high=1000),
            Option(
                "honor_flower_group",
                True,
                "four of one honor is a 花暗杠 (+2) like 春夏秋冬 / 梅兰菊竹",
                "四张同字算花暗杠",
            ),
            Option(
                "indicator_flower",
                "turn_next",
                "a flower turned up as the 金 indicator: turn up the next tail tile",
                "翻到花再翻",
                ("turn_next",),
            ),
            Option(
                "gold_claims",
                "none",
                "'none': 金 may be used in no claim; 'no_pung': only pungs and kongs are barred (the documents' words)",
                "金不能吃碰杠",
                ("none", "no_pung"),
            ),
            Option(
                "hand_size",
                13,
                "13-tile hands as the documents say (16-tile street play is not supported)",
                "十三张",
                (13,),
            ),
            Option(
                "qiangjin_rule",
                "first_go_around",
                "抢金 besides 天胡: 'first_go_around' (any win in it), 'dealer_first_discard', or the 'street' "
                "rule (taking the turned-up 金)",
                "抢金的范围",
                ("first_go_around", "dealer_first_discard", "street"),
            ),
            Option("youjin_self_draw_only", True, "a 游金 / 跑百搭 hand may only self-draw", "游金只能自摸"),
            Option(
                "bonus_payers",
                "all",
                "a bonus hand is paid by 'all' three, or by the 'discarder' alone on a discard",
                "加番牌三家付",
                ("all", "discarder"),
            ),
            Option(
                "streak_scope",
                "winner_dealer",
                "the streak L is added only between the winner and the dealer (×2 at the self-draw rate)",
                "连庄番只算庄家",
                ("winner_dealer",),
            ),
            Option(
                "false_win_penalty",
                30,
                "炸胡: the offender pays each other player this × base (see false_win_payments)",
                "炸胡罚分",
                low=0,
                high=1000,
            ),
            Option(
                "qiangjin_plus10",
                "pinghu_condition",
                "抢金 +10 when the 平胡 condition holds ('pinghu_condition'), or 'always'",
                "抢金加十番",
                ("pinghu_condition", "always"),
            ),
        ),
        context=ctx("self_drawn", "discarder", "winner", "dealer", "wild")
        + (
            FlowersCtx(
                "flowers",
                0,
                "flowers",
                "honors and flowers set aside, as tiles ('EC', 'aeEEEE') or a number",
                "花牌（含字牌）",
            ),
            Ctx("streak", 0, "count", "the dealer's consecutive repeat deals (连庄 L)", "连庄数", most=99),
            Ctx("heavenly", False, "bool", "天胡: the dealer wins before his first discard (抢金)", "天胡"),
            Ctx(
                "first_go_around",
                False,
                "bool",
                "the win comes in the first go-around (on the dealer's first discard or before the winner's "
                "own first discard): 抢金",
                "第一巡",
            ),
            Ctx("took_indicator", False, "bool", "street 抢金: won by taking the turned-up 金 indicator", "抢翻金"),
            Ctx(
                "passed_same_tile",
                False,
                "bool",
                "过水: the winner passed this tile earlier and has not discarded since",
                "过水",
            ),
        ),
        first_turn=(
            FirstTurn("heavenly", ("dealer_draw",)),
            FirstTurn("first_go_around", ("dealer_draw", "other_draw", "on_dealer", "on_other")),
        ),
        patterns=FUZHOU_PATTERNS,
        table=TableFacts(
            wild="tail_same",
            swap_call_ban=True,
            special_shapes=("three_golds",),
            passed_win="same_tile",
            gold_grab=True,
        ),
        about=ABOUT,
    )
)
