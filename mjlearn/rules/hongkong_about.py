"""What the Hong Kong / Guangdong rule set tells a learner.

The :class:`~mjlearn.rules.description.About` of :mod:`mjlearn.rules.hongkong` (where it is played, what is
special, the disputed rulings, a worked example, the wording of its table facts, its documents):
the course shows it; the rule set's module declares it with ``about=ABOUT``.
"""

from __future__ import annotations

from .description import WILD_CLAIMED, About, Example, Ruling, facts
from .sources import QA_THREAD

ABOUT = About(
    where=(
        "广东/香港麻将（广东牌）：香港和广东最普遍的打法。",
        "Cantonese mahjong, the common game of Hong Kong and Guangdong.",
    ),
    special=(
        (
            "分数每番翻一倍：1 番 2 分、2 番 4 分、3 番 8 分……封顶 6 番 = 64 分。",
            "Points double with each fan: 1 fan 2, 2 fan 4, 3 fan 8… capped at 6 fan = 64 points.",
        ),
        (
            "特殊情况（杠上开花、海底、抢杠……）不足 3 番按 3 番算。",
            "In some situations (kong bloom, last tile, robbing a kong…) a hand under 3 fan counts as 3.",
        ),
        (
            "“包”：十二张落地、大三元大四喜、喂杠开花、被抢杠时，一个人替三家付。",
            "Liability (包): twelve tiles shown, big dragons or winds, feeding a kong bloom, a robbed kong: one player pays for all three.",
        ),
        ("一炮可以三响。", "One discard may make three winners."),
    ),
    family=("广东/香港麻将", "Hong Kong / Guangdong"),
    rulings=(
        Ruling(
            ("起和几番", "the minimum to win"),
            ("不设（香港常见 3 番起和）", "none (3 fan is common in Hong Kong)"),
            "min_fan",
        ),
        Ruling(
            (
                "小番（鸡和、平和、碰碰和、混一色、番子……）各几番",
                "the small fans (chicken hand, all chows, all pungs, half flush, value pungs…)",
            ),
            (
                "按常见的数：平和 1、碰碰和 2、混一色 2、番子 1、自摸 1",
                "the usual values: all chows 1, all pungs 2, half flush 2, value pung 1, self-draw 1",
            ),
            "fan_all_pungs",
        ),
        Ruling(
            ("一炮三响时点炮者付多少", "what the discarder pays when three win"),
            ("付给每个和牌的人他那手牌的分数", "each winner the points of that winner's hand"),
            "multi_win_discarder_pays",
        ),
    ),
    example=Example(
        "[EEE,1][333p,2][555p,1][777p,3]9p+9p",
        {"winner": "S", "self_drawn": True, "prevalent_wind": "S"},
        (
            "南风圈。南家亮了四副（第四副碰西家），自摸 9p：西家喂了第四副，要包三家。",
            "South round. South shows four melds (the last punged from West) and self-draws 9p: West fed the fourth meld and pays for all three.",
        ),
    ),
    only_here=WILD_CLAIMED,
    facts=facts(
        {
            "discard_win": "可以",
            "scoring": "分数每番翻一倍（1 番 2、2 番 4……6 番封顶 64）；自摸每家付，点炮由点炮者付；包牌者付三家的",
            "dealer": "不加倍（未规定）",
            "kongs": "未规定；喂杠开花的人要包",
            "signature": "3 番保底、包自摸、抢杠要包、一炮三响",
        },
        {
            "discard_win": "yes",
            "scoring": "points double with each fan (1 fan 2, 2 fan 4 … capped at 6 fan = 64); each pays on a self-draw, "
            "the discarder on a discard; a liable player pays for all three",
            "dealer": "no premium (not specified)",
            "kongs": "not specified; whoever fed a kong bloom pays for all",
            "signature": "3-fan floor, liability (包), robbing a kong, three winners on one discard",
        },
    ),
    sources=(QA_THREAD,),
    easy=True,
)
