"""西安麻将 Xi'an mahjong.

136 tiles, no flowers, no wilds; the standard shape only (four sets and any pair; no seven pairs,
no special hands); no minimum. Payments are flat amounts of the base ``b``, with no dealer premium:

==========================================  =========  ========================================
event                                       amount     paid by
==========================================  =========  ========================================
自摸 self-draw (nicknamed 炸弹 "bomb")        2b         each other player
自摸 on a 夹张 closed or 单调 pair wait       3b         each other player
胡牌 discard win                             1b         the discarder (option ``discard_payer``)
胡牌 on a closed or pair wait                2b         the discarder
暗杠 concealed kong                          2b         each other player, at once (option ``kong_payers``)
明杠 exposed kong (and 加杠)                  1b         each other player, at once (加杠: option ``added_kong``)
杠后开花 win on a kong replacement            win ×2     (options ``kong_bloom_mult`` and ``heavenly_mult``)
天胡 heavenly win                             win ×3     (options ``kong_bloom_mult`` and ``heavenly_mult``)
==========================================  =========  ========================================

Side bets (下注): a bettor's units count against all the others; the winner collects his own units
from each other player, and a losing bettor pays his units to the winner (options ``bet_unit``,
``losing_bet_to``); on a self-draw
every bet settlement is doubled.

Its tests are ``tests/test_rules_xian.py``; the documents it was written from and the points they
leave open (with the option that switches each) are in the appendix notebook ``12_sources_and_rulings``.

>>> from mjlearn.rules import score
>>> r = score("[5555p]123m46m789mEE+5m", rules="xian", winner="S", self_drawn=True,
...           bets={"S": 2, "N": 1}, other_kongs={"W": (1, 0)})
>>> r.total, r.payments
(3, {'E': -10, 'S': 28, 'W': -6, 'N': -12})

The 夹张/单调 payments read every role the winning tile can play (``Win.wait_roles``), not only
the first by priority (``Win.wait_kind``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..seats import SEAT_LETTERS, Seat
from ..shapes import Form, readings
from ..tiles import Tile
from .base import Claims, ContextError, Ctx, FirstTurn, Ledger, Option, Pattern, RuleSet, TileSet, Win, ctx
from .declarations import shown
from .description import WILD_CLAIMED, About, Example, Ruling, facts
from .registry import register
from .sources import XIAN_SHEET
from .steps import sum_line
from .tablefacts import TableFacts

__all__ = [
    "SEAT_NAMES",
    "XIAN",
    "SeatMapCtx",
    "XianRules",
    "nearest_claimant",
    "next_dealer",
    "reserve_stacks",
]

SEAT_NAMES = {"E": ("东", "East"), "S": ("南", "South"), "W": ("西", "West"), "N": ("北", "North")}

ALL_FORMS = tuple(Form)


# --- helpers shared with the other regional modules -------------------------------------------

WAIT_ROLES = ("closed", "edge", "single", "pair_pung", "open")
"""What the winning tile can complete, in the framework's names: 坎张/夹张 the middle of a chow,
边张 the 3 of 12 or the 7 of 89, 单钓 the pair, 双碰 a pung, 两面 either end of an open run."""


MAX_BET = 10
"""The most units one player may bet on a hand: a table bets one to a few units (注)."""


@dataclass(frozen=True)
class SeatMapCtx(Ctx):
    """A context keyword mapping seats to whole numbers (side-bet units): {'S': 2, 'N': 1}, each at
    most ``most``. The checked value is a dict over all four seats."""

    most: int = MAX_BET

    def check(self, value):
        out = dict.fromkeys(SEAT_LETTERS, 0)
        if value is None:
            return out
        if not hasattr(value, "items"):
            raise ContextError(
                f"{self.name} must map seats to whole numbers, e.g. {{'S': 2, 'N': 1}}; "
                f"got {shown(value)}  （{self.name} 应把座位对应到整数，例如 {{'S': 2, 'N': 1}}，"
                f"收到的是 {shown(value, zh=True)}）"
            )
        for seat, v in value.items():
            s = str(seat) if isinstance(seat, Tile) else seat
            if s not in SEAT_LETTERS:
                raise ContextError(
                    f"{self.name}: {shown(seat)} is not a seat ('E', 'S', 'W' or 'N')  "
                    f"（{self.name}：{shown(seat, zh=True)} 不是座位，座位是 'E'、'S'、'W'、'N'）"
                )
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= self.most:
                raise ContextError(
                    f"{self.name}[{s!r}] must be a whole number from 0 to {self.most}, got {shown(v)}  "
                    f"（{self.name}[{s!r}] 应是 0 到 {self.most} 的整数，收到的是 {shown(v, zh=True)}）"
                )
            out[s] = v
        return out


# --- Xi'an ------------------------------------------------------------------------------------


def reserve_stacks(kongs: int, table=(13, 7, 8, 13)) -> int:
    """Whole stacks kept back at the tail when ``kongs`` kongs have been declared (13 / 7 / 8 / 13,
    as the documents give them; ``table`` is the ``reserve_stacks`` option).

    >>> [reserve_stacks(k) for k in range(5)]
    [13, 7, 8, 13, 13]
    """
    if isinstance(kongs, bool) or not isinstance(kongs, int) or kongs < 0:
        raise ValueError(
            f"kongs must be a whole number >= 0, got {shown(kongs)}  （kongs 应是 0 或更大的整数，收到的是 {shown(kongs, zh=True)}）"
        )
    return table[min(kongs, 3)]


def next_dealer(dealer: str, winner: str | None) -> str:
    """Who deals next: the dealer keeps the deal when he wins or the hand is drawn
    (``winner=None``); otherwise the deal passes to his 下家.

    >>> next_dealer("E", "E"), next_dealer("E", None), next_dealer("E", "W")
    ('E', 'E', 'S')
    """
    for name, s in (("dealer", dealer), ("winner", winner)):
        if s is not None and s not in SEAT_LETTERS:
            raise ValueError(
                f"{name} must be 'E', 'S', 'W' or 'N', got {s!r}  "
                f"（{name} 应是 'E'（东）、'S'（南）、'W'（西）或 'N'（北），收到的是 {s!r}）"
            )
    return dealer if winner is None or winner == dealer else Seat.of(dealer).after().letter


def nearest_claimant(discarder: str, claimants) -> str:
    """Several players claim a win on one discard: only the one nearest the discarder in turn
    order wins.

    >>> nearest_claimant("W", ["S", "E"])
    'E'
    """
    seats = set(claimants)
    bad = [s for s in seats | {discarder} if s not in SEAT_LETTERS]
    if bad:
        raise ValueError(
            f"seats must be 'E', 'S', 'W' or 'N', got {bad[0]!r}  "
            f"（座位应是 'E'、'S'、'W' 或 'N'，收到的是 {bad[0]!r}）"
        )
    seats.discard(discarder)
    if not seats:
        raise ValueError(
            "claimants must name at least one seat other than the discarder  （claimants 至少要有一个不是放炮者的座位）"
        )
    return min(seats, key=lambda s: (Seat.of(s) - Seat.of(discarder)) % 4)


def _special_wait(win: Win) -> str | None:
    roles = win.wait_roles
    for role in ("closed", "single") + (("edge",) if win.rules.opt("edge_wait_counts") else ()):
        if role in roles:
            return role
    return None


XIAN_PATTERNS = (
    Pattern(
        "self_draw", "自摸（炸弹）", 'Self-draw (the "bomb")', 2, lambda w: w.self_drawn, note="each other player pays"
    ),
    Pattern("discard_win", "胡牌（点炮）", "Discard win", 1, lambda w: not w.self_drawn, note="the discarder pays"),
    Pattern(
        "closed_wait",
        "夹张",
        "Closed wait",
        1,
        lambda w: _special_wait(w) == "closed",
        note="+1b: self-draw 3b from each, discard 2b (the middle tile of a run)",
    ),
    Pattern(
        "single_wait",
        "单调",
        "Pair wait",
        1,
        lambda w: _special_wait(w) == "single",
        note="+1b, as 夹张 (a single wait on the pair)",
        excludes=("closed_wait",),
    ),
    Pattern(
        "edge_wait",
        "边张（按夹张）",
        "Edge wait (counted as closed)",
        1,
        lambda w: _special_wait(w) == "edge",
        note="only with the edge_wait_counts option",
    ),
    Pattern(
        "kong_bloom",
        "杠后开花",
        "Win on a kong replacement",
        2,
        lambda w: w.ctx["kong"] and w.self_drawn,
        note="multiplies the win amount (翻二倍); the item shows the amount it adds",
    ),
    Pattern(
        "heavenly",
        "天胡",
        "Heavenly win",
        3,
        lambda w: w.ctx["heavenly"],
        note="multiplies the win amount (赢三倍); the item shows the amount it adds",
    ),
)

_MULTIPLIERS = {"kong_bloom": "kong_bloom_mult", "heavenly": "heavenly_mult"}


@dataclass(frozen=True, eq=False, repr=False)  # keep RuleSet's short repr
class XianRules(RuleSet):
    """Xi'an: flat payments in b, kong money at once, side bets."""

    forms = ALL_FORMS

    def reserve_stacks(self, kongs):
        """The stacks kept back by kongs so far, from the ``reserve_stacks`` option."""
        return reserve_stacks(kongs, self.opt("reserve_stacks"))

    def candidates(self, hand, c):
        return [Win(self, hand, c, r, (), r.form.value) for r in readings(hand)]

    def detect(self, win):
        items = super().detect(win)
        base = self.opt("base")
        out, amount = [], 0
        for it in items:
            if it.key in _MULTIPLIERS:
                m = self.opt(_MULTIPLIERS[it.key])
                added = amount * (m - 1)
                out.append(type(it)(it.key, f"{it.zh} ×{m}", f"{it.en} ×{m}", added, 1))
                amount += added
            else:
                out.append(type(it)(it.key, it.zh, it.en, it.value * base, it.count))
                amount += it.value * base * it.count
        return out

    def illegal(self, win, items, total):
        if win.form is not Form.REGULAR:
            return (
                f"西安麻将只认四副一将，不算{win.form.zh}",
                f"Xi'an accepts only four sets and a pair, not {win.form.en}",
            )
        if win.ctx["kong"] and not win.self_drawn:
            return ("西安麻将没有抢杠和：加杠不能被抢", "Xi'an has no robbing the kong: an added kong cannot be robbed")
        return None

    def kong_lines(self, win) -> list[tuple[str, str, int, tuple[str, str]]]:
        """(owner, kind, amount from each other player, why) for every kong of the hand."""
        base = self.opt("base")
        kinds = {s: ["exposed"] * e + ["concealed"] * c for s, (e, c) in win.ctx["other_kongs"].items()}
        kinds[win.winner] = [
            "concealed" if m.is_concealed else "added" if m.is_added_kong else "exposed" for m in win.kongs()
        ]
        out = []
        for seat in SEAT_LETTERS:
            if self.opt("kong_payers") == "owner_wins" and seat != win.winner:
                continue
            for kind in kinds.get(seat, ()):
                paid_as = self.opt("added_kong") if kind == "added" else kind
                amount = base * (2 if paid_as == "concealed" else 1)
                zh = {"concealed": "暗杠", "exposed": "明杠", "added": "加杠"}[kind]
                en = {"concealed": "concealed kong", "exposed": "exposed kong", "added": "added kong"}[kind]
                out.append(
                    (
                        seat,
                        kind,
                        amount,
                        (
                            f"{SEAT_NAMES[seat][0]}家{zh}（每家 {amount}）",
                            f"{SEAT_NAMES[seat][1]}'s {en} ({amount} from each)",
                        ),
                    )
                )
        return out

    def settle(self, win, items, total):
        led = Ledger()
        w = win.winner
        for owner, _kind, amount, why in self.kong_lines(win):
            for s in SEAT_LETTERS:
                led.pay(s, owner, amount, why)
        payers = (
            [s for s in SEAT_LETTERS if s != w]
            if (win.self_drawn or self.opt("discard_payer") == "all")
            else [win.discarder]
        )
        for p in payers:
            led.pay(p, w, total, (f"{SEAT_NAMES[w][0]}家和牌 {total}", f"{SEAT_NAMES[w][1]} wins {total}"))
        mult = self.opt("bet_self_draw_mult") if win.self_drawn else 1
        unit = self.opt("bet_unit") * self.opt("base")
        note = ("（自摸翻倍）", " (doubled on a self-draw)") if mult > 1 else ("", "")
        for seat, n in (win.ctx["bets"] or {}).items():
            if not n:
                continue
            amount = n * unit * mult
            if seat == w:
                why = (
                    f"{SEAT_NAMES[seat][0]}家下注 {n} 注赢{note[0]}",
                    f"{SEAT_NAMES[seat][1]}'s bet of {n} won{note[1]}",
                )
                for s in SEAT_LETTERS:
                    led.pay(s, w, amount, why)
            else:
                why = (
                    f"{SEAT_NAMES[seat][0]}家下注 {n} 注输{note[0]}",
                    f"{SEAT_NAMES[seat][1]}'s bet of {n} lost{note[1]}",
                )
                takers = [w] if self.opt("losing_bet_to") == "winner" else [s for s in SEAT_LETTERS if s != seat]
                for t in takers:
                    led.pay(seat, t, amount, why)
        return led

    def settlement_steps(self, result):
        """The base units added up and who pays them; kong money and bets on top."""
        total, self_drawn = result.total, result.context.get("self_drawn")
        return (
            sum_line(result.items, ("底", "base units"), total),
            (
                (f"每家付 {total} 底" if self_drawn else f"点炮者付 {total} 底") + "；杠钱和下注另算",
                (f"{total} from each payer" if self_drawn else f"{total} from the discarder")
                + "; kong money and bets are settled on top",
            ),
        )


# --- what the learner is told (mjlearn.course shows it) ---------------------------------------------
ABOUT = About(
    where=("西安麻将：陕西西安一带的打法。", "Xi'an mahjong, played in and around Xi'an, Shaanxi."),
    special=(
        (
            "136 张，不要花，没有百搭；只认四副一将（没有七对）。",
            "136 tiles, no flowers, no wild; only four sets and a pair win (no seven pairs).",
        ),
        (
            "按“底”付固定的钱：自摸（叫“炸弹”）每家 2 底，夹张或单调 3 底；点炮由点炮者付 1 底（夹张、单调 2 底）。",
            'Flat amounts in base units (底): a self-draw (the "bomb") 2 from each, 3 on a closed or pair wait; '
            "a discard win 1 from the discarder (2 on a closed or pair wait).",
        ),
        (
            "杠钱当场给：暗杠每家 2 底，明杠每家 1 底。",
            "Kong money is paid at once: concealed 2 from each, exposed 1 from each.",
        ),
        (
            "下注：开局前可以押注，自摸时注翻倍；杠后开花 ×2，天胡 ×3。",
            "Side bets (下注) placed before play, doubled on a self-draw; a kong bloom doubles the win, a heavenly hand triples it.",
        ),
    ),
    family=("西安麻将", "Xi'an"),
    rulings=(
        Ruling(("点炮时谁付钱", "who pays a discard win"), ("只有点炮的人", "the discarder alone"), "discard_payer"),
        Ruling(
            ("边张算不算夹张", "whether an edge wait counts like a closed wait"),
            ("不算", "it does not"),
            "edge_wait_counts",
        ),
        Ruling(
            ("输的注付给谁", "to whom a losing bet is paid"), ("只付给和牌的人", "to the winner only"), "losing_bet_to"
        ),
    ),
    example=Example(
        "[5555p]12346789mEE+5m",
        {"winner": "S", "self_drawn": True, "bets": {"S": 2, "N": 1}, "other_kongs": {"W": (1, 0)}},
        (
            "南家押 2 注、北家押 1 注；南家有暗杠，西家有明杠；南家自摸夹张。",
            "South bet 2, North 1; South has a concealed kong, West an exposed one; South self-draws on a closed wait.",
        ),
    ),
    only_here=WILD_CLAIMED,
    facts=facts(
        {
            "discard_win": "可以",
            "scoring": "自摸每家 2 底（夹张、单调 3 底）；点炮者付 1 底（2 底）",
            "dealer": "和牌或荒庄连庄；不加倍",
            "kongs": "明杠每家 1 底、暗杠每家 2 底，当场付",
            "signature": "下注、荒牌留 13 墩、杠后开花 ×2、天胡 ×3",
        },
        {
            "discard_win": "yes",
            "scoring": "self-draw: 2 base units from each (3 on a closed or pair wait); discard: 1 from the discarder (2)",
            "dealer": "keeps the deal on a win or a drawn hand; no premium",
            "kongs": "exposed 1, concealed 2 base units from each, paid at once",
            "signature": "side bets (下注), 13 stacks left at a drawn hand, kong bloom ×2, heavenly hand ×3",
        },
    ),
    sources=(XIAN_SHEET,),
    easy=True,
)


XIAN = register(
    XianRules(
        name="xian",
        zh="西安麻将",
        en="Xi'an mahjong",
        aliases=(
            "Xi'an",
            "西安麻将",
            "Xian mahjong",
            "Xi'an mahjong",
            "Shaanxi",
            "西安",
            "陕西麻将",
            "xi'an majiang",
            "xian majiang",
        ),
        unit=("底分", "base units"),
        pay_unit=("底分", "base units"),
        tiles=TileSet(suits=True, honors=True, flowers="none"),
        claims=Claims(chow=True, pung=True, kong=True),
        pair="any",
        seven_pairs=False,
        wild=None,
        minimum=0,
        discard_win="yes",
        dealer_rule="keeps the deal on a win or a draw; no dealer premium",
        kong_money="明 1b / 暗 2b from each, at once",
        multi_win="single_nearest",
        scoring="self-draw 2b each (3b on a closed or pair wait); discard 1b (2b) from the discarder",
        signature="side bets (下注), 13-stack exhaustion reserve, kong bloom ×2, 天胡 ×3",
        options=(
            Option("base", 1, "the base b (基数) every amount is a multiple of", "基数", low=1, high=1000),
            Option(
                "added_kong",
                "exposed",
                "an added kong (加杠) is allowed and paid as an exposed kong ('exposed') or as a concealed "
                "one ('concealed'); it can never be robbed",
                "加杠按明杠收",
                ("exposed", "concealed"),
            ),
            Option(
                "discard_payer",
                "discarder",
                "who pays a discard win: the 'discarder' only, or 'all' three others",
                "点炮者一家付",
                ("discarder", "all"),
            ),
            Option(
                "kong_payers",
                "all_immediately",
                "kong money: each other player pays at once ('all_immediately'), or only the winner's "
                "kongs are paid ('owner_wins')",
                "杠钱每家立即付",
                ("all_immediately", "owner_wins"),
            ),
            Option(
                "kong_bloom_mult",
                2,
                "杠后开花 multiplies the win amount by this (翻二倍 = ×2; the ×4 reading: 4)",
                "杠后开花翻二倍",
                (2, 4),
            ),
            Option("heavenly_mult", 3, "天胡 multiplies the win amount by this (赢三倍)", "天胡赢三倍", low=1, high=10),
            Option("edge_wait_counts", False, "an edge wait (12 waiting on 3) counts like 夹张", "边张不算夹张"),
            Option("bet_unit", 1, "one bet unit (注) in b", "一注 = 1 底", low=1, high=100),
            Option(
                "losing_bet_to",
                "winner",
                "a losing bettor pays his units to the 'winner' only, or to 'each' other player",
                "输注只付和牌者",
                ("winner", "each"),
            ),
            Option(
                "bet_self_draw_mult",
                2,
                "on a self-draw every bet settlement is multiplied by this",
                "自摸注数翻倍",
                low=1,
                high=4,
            ),
            Option(
                "reserve_stacks",
                (13, 7, 8, 13),
                "stacks kept back at exhaustion after 0, 1, 2 and 3+ kongs (literal; see reserve_stacks())",
                "荒牌留墩 13/7/8/13",
                low=0,
                high=17,
            ),
        ),
        context=ctx("self_drawn", "discarder", "winner", "dealer", "kong", "other_kongs")
        + (
            Ctx("heavenly", False, "bool", "天胡: the dealer wins on his dealt tiles (win ×3)", "天胡"),
            SeatMapCtx(
                "bets", None, "units", f"side bets in units per seat, 0 to {MAX_BET} each: {{'S': 2, 'N': 1}}", "下注"
            ),
        ),
        first_turn=(FirstTurn("heavenly", ("dealer_draw",)),),
        patterns=XIAN_PATTERNS,
        table=TableFacts(
            break_rule="dealer_plus_owner",
            final_draw="tops_ab",
            kong_replacement="by_kong_kind",
            kong_robbing=False,
            shapes="five_forms",
        ),
        about=ABOUT,
    )
)
