"""What the Beijing / Hebei / Shandong points games tell a learner.

The :class:`~mjlearn.rules.description.About` of each points game of :mod:`mjlearn.rules.beijing_points`
(where it is played, what is special, the disputed rulings, a worked example, the wording of its table
facts, its documents): the course shows it; the rule set's module gives each game its entry of ``ABOUT``.
"""

from __future__ import annotations

from .description import CLOSEST, S_ON_N, S_SELF, About, Example, Ruling, facts
from .sources import CARD_ROOM

_POINTS_FAMILY = ("北京、河北、山东计分打法", "The Beijing / Hebei / Shandong points family")
_HAND_14_3 = "12346789mEEE44s+5m"
_POINTS_SPECIAL = (
    (
        "算法只有一条：每家付“底”（1、5 或 10 分），每有一个翻番项目（庄家、不开门、无混儿、一条龙、七对、杠呲、捉五魁……）就翻一倍。"
        "例如底 5 分、两次翻番：5 × 2 × 2 = 20 分。",
        "One rule: each payer pays the base (1, 5 or 10 points), doubled once for each doubling item (dealer, "
        "concealed hand, no wild, pure straight, seven pairs, kong bloom, catch-the-five…). "
        "For example a base of 5 with two doublings: 5 × 2 × 2 = 20 points.",
    ),
    ("吃、碰只许一口（每开一杠可以再吃碰一口）。", "Only one chow or pung claim per hand (one more for each kong)."),
)

_POINTS_RULINGS = (
    Ruling(
        ("庄家翻番翻到哪些钱上", "which payments the dealer's doubling applies to"),
        (
            "庄家付或收的每一笔和牌钱都翻一番；杠钱不翻",
            "every hand payment the dealer makes or receives is doubled; kong points are not",
        ),
        "dealer_doubling",
    ),
    Ruling(
        ("开了门的手自摸算多少", "what an opened hand's self-draw is worth"),
        ("照常计算所有翻番", "all its doublings count as usual"),
        "opened_self_draw_base_only",
    ),
    Ruling(
        ("“杠呲”指什么", "what 杠呲 means"),
        ("杠上开花：开杠补的牌正好和牌", "a kong bloom: winning on the kong's replacement tile"),
        "gang_ci_meaning",
    ),
)

_YITANGFU = Example(
    "123m456p789s1sESE+E",
    S_SELF,
    ("一趟副：1s、东、南（孔雀东南飞）算一副。", "一趟副: 1s with East and South (孔雀东南飞) counts as a set."),
)
_WILD_KONG = Example("[9999s,2]555m3345667s+8s", {"winner": "S", "discarder": "N", "wild": "P"}, CLOSEST)
_WILD_PUNG = Example("[PPP,3][567m,3][678p,3]3488m+2m", {"winner": "S", "self_drawn": True, "wild": "P"}, CLOSEST)


def _pts(base: int, kongs: str, signature: tuple[str, str], wild: bool = False, chow: str = "") -> tuple[dict, dict]:
    zh = {
        "scoring": f"底 {base} 分，每个翻番项目翻一倍（两次翻番：{base} × 2 × 2 = {base * 4}）",
        "dealer": "庄家付或收都加倍",
        "kongs": kongs.split("|")[0],
        "signature": signature[0],
    }
    en = {
        "scoring": f"base {base}, doubled once per doubling item (two doublings: {base} × 2 × 2 = {base * 4})",
        "dealer": "×2, paying or receiving",
        "kongs": kongs.split("|")[1],
        "signature": signature[1],
    }
    if wild:
        zh["wild"], en["wild"] = "混儿：指示牌的下一张", "混儿: the tile after the turned-up one"
        zh["discard_win"], en["discard_win"] = "没吃没碰才可以", "only if the hand has no chow or pung"
    else:
        zh["discard_win"], en["discard_win"] = "可以", "yes"
    return zh, en


_ABOUT_BJ_BASIC = About(
    where=(
        "北京一带家庭、牌馆里的计分打法，底 1 分，翻番项目最多。",
        "The points game of Beijing homes and clubs: a base of 1 and the most doubling items.",
    ),
    special=_POINTS_SPECIAL
    + (
        (
            "有混儿；四个混儿在手另外收帐外钱；诈和要罚分。",
            "A wild (混儿); holding all four wilds earns a side payment; a false win is fined.",
        ),
        ("底 1 分；明杠 2、暗杠 4。", "Base 1 point; exposed kong 2, concealed kong 4."),
    ),
    family=_POINTS_FAMILY,
    rulings=_POINTS_RULINGS
    + (
        Ruling(
            ("捉五魁（夹 5 万和）算几番", "how much catch-the-five (winning a closed 5m) is worth"),
            ("一次翻番", "one doubling"),
            "zhuo_wu_kui_value",
        ),
    ),
    example=Example(_HAND_14_3, S_ON_N, ("南家和北家打的 5m（夹张）。", "South wins on North's 5m (a closed wait).")),
    only_here=_WILD_KONG,
    facts=facts(
        *_pts(
            1,
            "明杠 2 / 暗杠 4|exposed kong 2 / concealed 4",
            ("四个混儿另收帐外钱，诈和罚分", "all four wilds earn a side payment; a false win is fined"),
            wild=True,
        )
    ),
    sources=(CARD_ROOM,),
)

_ABOUT_BJ_NEW = About(
    where=(
        "北京计分打法的新规：底 5 分，翻番项目少。",
        "The newer form of the Beijing points game: a base of 5 and fewer doubling items.",
    ),
    special=_POINTS_SPECIAL
    + (
        (
            "底 5 分；翻番项目少了（门前清、七巧对、杠呲、明自摸）；明杠 5、暗杠 10。",
            "Base 5 points; fewer doublings (concealed hand, seven pairs, kong bloom, open self-draw); "
            "exposed kong 5, concealed kong 10.",
        ),
    ),
    family=_POINTS_FAMILY,
    rulings=_POINTS_RULINGS,
    example=Example(
        _HAND_14_3,
        S_ON_N,
        ("同一手牌，新规只剩门前清一次翻番。", "The same hand: under the new rules only the concealed hand doubles."),
    ),
    only_here=_WILD_KONG,
    facts=facts(
        *_pts(
            5,
            "明杠 5 / 暗杠 10|exposed kong 5 / concealed 10",
            ("明自摸、杠呲（杠上开花）都翻番", "an open self-draw and a kong bloom (杠呲) both double"),
            wild=True,
        )
    ),
    sources=(CARD_ROOM,),
)

_ABOUT_HEBEI1 = About(
    where=("河北的计分打法，底 5 分。", "The Hebei points game with a base of 5."),
    special=_POINTS_SPECIAL
    + (
        (
            "没有混儿；不能吃。杠随胡：只有和了牌，杠才给钱。",
            "No wild; no chow. Kongs are paid only if their owner wins (杠随胡).",
        ),
        (
            "可以约定“一趟副”：中发白、一条东南（孔雀东南飞）也算一副。",
            "An optional 一趟副: red-green-white dragons, or 1s with East and South (孔雀东南飞), count as a set.",
        ),
        ("底 5 分。", "Base 5 points."),
    ),
    family=_POINTS_FAMILY,
    rulings=_POINTS_RULINGS
    + (
        Ruling(
            (
                "底 10 分的河北打法是否也照底 5 分打法的“不重复算”规定",
                "whether the base-10 Hebei game keeps the base-5 game's rules on what is not counted twice",
            ),
            ("照用", "it does"),
            "inherit_exclusions",
        ),
    ),
    example=Example(
        _HAND_14_3, S_ON_N, ("同一手牌：没有翻番，只收底 5 分。", "The same hand: no doubling, just the base of 5.")
    ),
    only_here=Example(
        "123m456p789s1sESE+E",
        S_SELF,
        ("一趟副：1s、东、南（孔雀东南飞）算一副。", "一趟副: 1s with East and South (孔雀东南飞) counts as a set."),
    ),
    facts=facts(
        *_pts(
            5,
            "明杠 5 / 暗杠 10，和了才算|exposed kong 5 / concealed 10, paid only if the owner wins",
            (
                "杠随胡（和了杠才给钱），可约定一趟副",
                "kongs paid only if their owner wins (杠随胡); optional extra sets (一趟副)",
            ),
        )
    ),
    sources=(CARD_ROOM,),
)

_ABOUT_HEBEI2 = About(
    where=("河北的计分打法，底 10 分。", "The Hebei points game with a base of 10."),
    special=_POINTS_SPECIAL
    + (
        (
            "和底 5 分的河北打法一样不能吃，只是底是 10 分，杠钱也翻倍（明杠 10、暗杠 20），翻番项目只有庄家和七对。",
            "No chows, as in the base-5 Hebei game, but the base is 10, kong points are doubled (exposed 10, "
            "concealed 20), and only the dealer and seven pairs double.",
        ),
    ),
    family=_POINTS_FAMILY,
    rulings=_POINTS_RULINGS,
    example=Example(_HAND_14_3, S_ON_N, ("同一手牌，底 10。", "The same hand with base 10.")),
    only_here=_YITANGFU,
    facts=facts(
        *_pts(
            10,
            "明杠 10 / 暗杠 20，和了才算|exposed kong 10 / concealed 20, paid only if the owner wins",
            (
                "杠随胡（和了杠才给钱），可约定一趟副",
                "kongs paid only if their owner wins (杠随胡); optional extra sets (一趟副)",
            ),
        )
    ),
    sources=(CARD_ROOM,),
    easy=True,
)

_ABOUT_SHANDONG1 = About(
    where=("山东的计分打法，底 5 分。", "The Shandong points game with a base of 5."),
    special=_POINTS_SPECIAL
    + (
        ("将必须是 2、5、8（坐将）。", "The pair must be a 2, 5 or 8 (二五八将)."),
        ("底 5 分；可以吃。", "Base 5 points; chows allowed."),
    ),
    family=_POINTS_FAMILY,
    rulings=_POINTS_RULINGS
    + (
        Ruling(
            ("七对是否也要二五八将", "whether seven pairs also need a 2-5-8 pair"),
            ("不要", "no"),
            "pair_258_seven_pairs",
        ),
    ),
    example=Example(
        "12346789mEEE55s+5m", S_ON_N, ("把将换成 55s，山东才许和。", "With 55s as the pair Shandong accepts the hand.")
    ),
    only_here=_WILD_PUNG,
    facts=facts(
        *_pts(
            5,
            "明杠 5 / 暗杠 10|exposed kong 5 / concealed 10",
            ("二五八将（坐将）", "the pair must be a 2, 5 or 8 (坐将)"),
        )
    ),
    sources=(CARD_ROOM,),
)

_ABOUT_SHANDONG2 = About(
    where=("山东的计分打法，底 10 分。", "The Shandong points game with a base of 10."),
    special=_POINTS_SPECIAL
    + (
        (
            "二五八将；底 10 分；边、砍、吊自摸再翻一番。",
            "2-5-8 pair; base 10 points; a self-draw on an edge, closed or pair wait doubles once more.",
        ),
    ),
    family=_POINTS_FAMILY,
    rulings=_POINTS_RULINGS,
    example=Example(
        "12346789mEEE55s+5m", S_SELF, ("同一手牌自摸（砍张）。", "The same hand, self-drawn on the closed wait.")
    ),
    only_here=_WILD_PUNG,
    facts=facts(
        *_pts(
            10,
            "明杠 10 / 暗杠 20|exposed kong 10 / concealed 20",
            ("边、砍、吊自摸再翻番", "a self-draw on an edge, closed or pair wait doubles once more"),
        )
    ),
    sources=(CARD_ROOM,),
)

ABOUT = dict(
    zip(
        ("bj_basic", "bj_new", "hebei1", "hebei2", "shandong1", "shandong2"),
        (_ABOUT_BJ_BASIC, _ABOUT_BJ_NEW, _ABOUT_HEBEI1, _ABOUT_HEBEI2, _ABOUT_SHANDONG1, _ABOUT_SHANDONG2),
    )
)
"""The description of each points game, by its registry name (read by :func:`mjlearn.rules.beijing_points._make`)."""
