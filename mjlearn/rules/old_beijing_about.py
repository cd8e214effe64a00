"""What the Old Beijing traditional rule set tells a learner.

The :class:`~mjlearn.rules.description.About` of :mod:`mjlearn.rules.old_beijing` (where it is played, what is
special, the disputed rulings, a worked example, the wording of its table facts, its documents):
the course shows it; the rule set's module declares it with ``about=ABOUT``.
"""

from __future__ import annotations

from .description import WILD_CLAIMED, About, Example, Ruling, facts
from .sources import OLD_BEIJING_BLOG

_HAND_14_3 = "12346789mEEE44s+5m"

ABOUT = About(
    where=(
        "老北京传统麻将：老一辈北京人家里的打法，按“番”和“嘴”算。",
        "The traditional game of older Beijing families, counted in 番 (fan) and 嘴 (zui).",
    ),
    special=(
        (
            "三种价钱，开打前约好：番最多算到 3 番，就是“满贯”（一百和、二百和、满贯）；嘴不封顶，每嘴一个价；一条龙、捉五魁、天和、杠等各有单价。",
            "Three kinds of price, agreed before play: 番 up to 3, where 3 番 is the limit 满贯 (one price for 1 番, "
            "2 番, and the limit); 嘴 uncapped, each at its price; and items with their own price (pure straight, "
            "catch-the-five, heavenly hand, kongs…).",
        ),
        (
            "嘴很多：小付（123）、中付（456）、老付（789）、十五点、连儿、听的张数和点数、二五八、缺门、跑儿……",
            "Many 嘴: small run 123, middle run 456, old run 789, fifteen points, links, the wait and the face value of "
            "the winning tile, 2-5-8, a missing suit, the runner…",
        ),
        ("没有庄家加倍；三家各付一样多。", "No dealer premium; each of the three others pays the same."),
    ),
    family=("老北京传统麻将", "Old Beijing"),
    rulings=(
        Ruling(
            ("各项的价钱", "the prices"),
            (
                "价钱由牌桌自己约定，没有统一的；本课程用示意价：嘴 1、一百和 10、二百和 20、满贯 30、一条龙 10、捉五魁 10",
                "each table agrees its own prices; this course uses illustrative ones: 1 per 嘴, 10 / 20 / 30 for "
                "1 番 / 2 番 / the limit, 10 for a pure straight, 10 for catch-the-five",
            ),
            "price_limit",
        ),
        Ruling(("点炮时谁付", "who pays a discard win"), ("三家都付", "all three pay"), "payer"),
        Ruling(
            ("平和许不许有幺九和字牌", "whether 平和 may hold terminals and honors"),
            ("不许", "no"),
            "pinghe_allows_terminals",
        ),
    ),
    example=Example(
        _HAND_14_3,
        {"winner": "S", "discarder": "N", "prevalent_wind": "E", "wild": "P"},
        (
            "东风圈，南家和北家打的 5m；这一局用混儿（白板），南家手里没有。",
            "East round; South wins on North's 5m; the game uses wilds (the white dragon) and South holds none.",
        ),
    ),
    only_here=WILD_CLAIMED,
    facts=facts(
        {
            "wild": "可选混儿：指示牌（从墙尾数第 7 墩上面一张）的下一张",
            "discard_win": "可以",
            "scoring": "嘴数 × 嘴价 + 番的价（一百和 / 二百和 / 3 番满贯）+ 单价项，三家各付",
            "dealer": "不加倍；和牌或荒庄连庄",
            "kongs": "议价（明杠、暗杠）",
            "signature": "嘴、双跺脚、自摸到底、3 番满贯",
        },
        {
            "wild": "optional 混儿: the tile after the turned-up one (the top of the 7th stack from the tail)",
            "discard_win": "yes",
            "scoring": "嘴 × the price of one 嘴 + the price of the 番 (1, 2, or the limit at 3) + priced items, from each of three",
            "dealer": "no premium; keeps the deal on a win or a drawn hand",
            "kongs": "agreed prices (exposed, concealed)",
            "signature": "嘴, 双跺脚, 自摸到底, the limit at 3 番",
        },
    ),
    sources=(OLD_BEIJING_BLOG,),
    short=("老北京传统麻将", "Old Beijing, traditional"),
    easy=True,
)
