"""A small rule set declared from outside the package, as ARCHITECTURE.md's walk-through "adding a
rule set" says a new one is declared: its rules (tiles, claims, pair rule, options, context keywords,
patterns, payments), its table facts, its description and its settlement steps, all in this one
module. ``tests/test_new_ruleset.py`` registers it for one test at a time
(:func:`mjlearn.rules.registry.registered`) and finds it in the comparison, the tour, the quiz and
at the table without a package file knowing its name.

The game: 136 tiles without flowers, chows allowed, any pair, no wild; a win pays the base doubled
once per doubling item (a full flush, a concealed hand, all pungs): from each player on a
self-draw, from the discarder alone on a discard.
"""

from __future__ import annotations

from mjlearn.rules.base import Claims, Ledger, Option, Pattern, RuleSet, TileSet, all_pungs, ctx, one_suit
from mjlearn.rules.description import S_ON_N, S_SELF, About, Document, Example, Ruling, facts
from mjlearn.rules.steps import doubling, sum_line
from mjlearn.rules.tablefacts import TableFacts
from mjlearn.seats import SEAT_LETTERS

NAME = "fixture_doubles"


class DoublesRuleSet(RuleSet):
    """The base doubled once per item; the self-drawer collects from each, the discarder pays alone."""

    def combine(self, items, win):
        return self.opt("base") * 2 ** sum(i.value * i.count for i in items)

    def settle(self, win, items, total) -> Ledger:
        ledger = Ledger()
        if win.self_drawn:
            for s in SEAT_LETTERS:
                if s != win.winner:
                    ledger.pay(s, win.winner, total, ("自摸", "self-draw"))
        else:
            ledger.pay(win.discarder, win.winner, total, ("点炮", "discard"))
        return ledger

    def settlement_steps(self, result):
        d = sum(i.value * i.count for i in result.items)
        z, e = doubling(self.opt("base"), d, ("次翻番", "doublings"))
        who = ("每家付", "each payer pays") if result.context.get("self_drawn") else ("点炮者付", "the discarder pays")
        return (
            sum_line(result.items, ("次翻番", "doublings"), d),
            (f"{who[0]}：底 {z} = {result.total}", f"{who[1]}: the base {e} = {result.total}"),
        )


PATTERNS = (
    Pattern("full_flush", "清一色", "Full flush", 1, one_suit),
    Pattern("concealed", "门清", "Concealed hand", 1, lambda w: w.concealed),
    Pattern("all_pungs", "碰碰和", "All pungs", 1, all_pungs),
)

HOUSE_RULES = Document("《测试用的规则说明》", ("本测试自己写的一页规则。", "One page of rules written for this test."))

ABOUT = About(
    where=(
        "只在测试里玩：用来证明新规则只写在自己的模块里。",
        "Played only in a test: it proves a new rule set lives in its own module.",
    ),
    special=(
        (
            "每个翻番项目（清一色、门清、碰碰和）把底分翻一倍。",
            "Each doubling item (full flush, concealed hand, all pungs) doubles the base.",
        ),
        ("点炮只由点炮者付。", "On a discard only the discarder pays."),
    ),
    family=("测试用规则", "Test rule sets"),
    rulings=(Ruling(("底分是多少", "what the base is"), ("2 分", "2 points"), "base"),),
    example=Example(
        "111333555777s9s+9s", S_SELF, ("南家自摸清一色碰碰和。", "South self-draws a full flush of pungs.")
    ),
    only_here=Example("12346789mEEE44s+5m", S_ON_N, ("南家和北家打的 5m。", "South wins on North's 5m.")),
    facts=facts(
        {"scoring": "底分每个翻番项目翻一倍", "signature": "三个翻番项目"},
        {"scoring": "the base doubled once per doubling item", "signature": "three doubling items"},
    ),
    sources=(HOUSE_RULES,),
)

FIXTURE = DoublesRuleSet(
    name=NAME,
    zh="测试翻番麻将",
    en="Test doubles game",
    aliases=("测试翻番", "fixture doubles"),
    unit=("分", "points"),
    item_unit=("翻番", "doublings"),
    pay_unit=("分", "points"),
    tiles=TileSet(True, True, "none"),
    claims=Claims(chow=True),
    pair="any",
    wild=None,
    discard_win="yes",
    dealer_rule="none",
    kong_money="none",
    multi_win="single_nearest",
    scoring="base × 2^d",
    signature="three doublings",
    options=(Option("base", 2, "the base", "底分", (1, 2, 5)),),
    context=ctx("self_drawn", "discarder", "winner", "dealer"),
    patterns=PATTERNS,
    table=TableFacts(shapes="standard+seven_pairs", dealer_rotation="stay"),
    about=ABOUT,
)
"""The rule set, not yet registered (``registered(FIXTURE)`` does it for one test)."""
