"""What each rule set is, in plain words: where it is played, what is special about it, the rulings
players disagree on, a worked example and a hand that is legal there and (nearly) nowhere else.

This is learner text (Chinese and English). It never cites the specification: the sources and
the option names behind each ruling are shown only in the appendix notebook
``12_sources_and_rulings``. Every figure is computed by the engine when shown; this module holds
only words and the hands to score.

>>> from mjlearn.rules import get
>>> a = get("changsha").about
>>> a.where[1].startswith("Changsha")
True
>>> "长沙" in get("changsha").describe().html()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape
from typing import Mapping

__all__ = ["About", "Ruling", "Example", "ABOUT", "FAMILIES", "about_of", "family_of"]

Line = tuple[str, str]


@dataclass(frozen=True)
class Ruling:
    """A point on which players disagree, in plain words, and the option that changes it."""

    topic: Line
    """What players disagree on (zh, en)."""
    follows: Line
    """What mjlearn does by default (zh, en)."""
    option: str
    """The option that changes it (its key; shown to learners by its label, never by the key)."""


@dataclass(frozen=True)
class Example:
    """A hand to score with its situation, and a caption (zh, en)."""

    hand: str
    context: Mapping = field(default_factory=dict)
    caption: Line = ("", "")


@dataclass(frozen=True)
class About:
    """The learner's description of one rule set."""

    where: Line
    """Where and by whom it is played (zh, en)."""
    special: tuple[Line, ...]
    """What is special about it, one point per line (zh, en)."""
    rulings: tuple[Ruling, ...] = ()
    example: Example | None = None
    """The worked example (scored by the engine when shown)."""
    only_here: Example | None = None
    """A hand legal under this rule set and under as few others as the search found (checked by the
    engine whenever shown; see :func:`mjlearn.rules.tour.legal_under`)."""


FAMILIES: tuple[tuple[Line, tuple[str, ...]], ...] = (
    (("国标麻将", "Guobiao / MCR"), ("mcr",)),
    (("北京麻将（推倒和、吃碰提）", "Beijing, two ways to win"), ("beijing", "beijing_cpt")),
    (("北京、河北、山东计分打法", "The Beijing / Hebei / Shandong points family"),
     ("bj_basic", "bj_new", "hebei1", "hebei2", "shandong1", "shandong2")),
    (("长沙麻将", "Changsha"), ("changsha",)),
    (("云南麻将", "Yunnan"), ("yunnan",)),
    (("火拼麻将", "Huopin"), ("huopin", "huopin_dazhong", "huopin_wufan")),
    (("西安麻将", "Xi'an"), ("xian",)),
    (("老北京传统麻将", "Old Beijing"), ("old_beijing",)),
    (("广东/香港麻将", "Hong Kong / Guangdong"), ("hongkong",)),
    (("福州麻将", "Fuzhou"), ("fuzhou",)),
)
"""The rule sets grouped into families (each a title and its members), in course order."""


def family_of(name: str) -> tuple[Line, tuple[str, ...]]:
    for title, members in FAMILIES:
        if name in members:
            return title, members
    return ((name, name), (name,))


_S_N = {"winner": "S", "discarder": "N"}
_S_SELF = {"winner": "S", "self_drawn": True}
_HAND_14_3 = "12346789mEEE44s+5m"

_POINTS_SPECIAL = (
    ("算法只有一条：每家付“底”（1、5 或 10 分），每有一个翻番项目（庄家、不开门、无混儿、一条龙、七对、杠呲、捉五魁……）就翻一倍。"
     "例如底 5 分、两次翻番：5 × 2 × 2 = 20 分。",
     "One rule: each payer pays the base (1, 5 or 10 points), doubled once for each doubling item (dealer, "
     "concealed hand, no wild, pure straight, seven pairs, kong bloom, catch-the-five…). "
     "For example a base of 5 with two doublings: 5 × 2 × 2 = 20 points."),
    ("吃、碰只许一口（每开一杠可以再吃碰一口）。",
     "Only one chow or pung claim per hand (one more for each kong)."),
)

_POINTS_RULINGS = (
    Ruling(("庄家翻番翻到哪些钱上", "which payments the dealer's doubling applies to"),
           ("庄家付或收的每一笔和牌钱都翻一番；杠钱不翻", "every hand payment the dealer makes or receives is doubled; kong points are not"),
           "dealer_doubling"),
    Ruling(("开了门的手自摸算多少", "what an opened hand's self-draw is worth"),
           ("照常计算所有翻番", "all its doublings count as usual"), "opened_self_draw_base_only"),
    Ruling(("“杠呲”指什么", "what 杠呲 means"), ("杠上开花：开杠补的牌正好和牌", "a kong bloom: winning on the kong's replacement tile"),
           "gang_ci_meaning"),
)

ABOUT: dict[str, About] = {
    "mcr": About(
        where=("国标麻将是 1998 年国家体育总局定的比赛规则，全国和世界各地的比赛（如世界麻将锦标赛、欧洲麻将锦标赛）都用它。",
               "Guobiao (MCR, Mahjong Competition Rules) is the Chinese national competition rule set of 1998, "
               "used in tournaments in China and around the world (world and European championships)."),
        special=(
            ("144 张牌（含 8 张花牌），81 个番种，按五条计番原则计算（不重复、不拆移、不得相同、就高不就低、套算一次）。",
             "144 tiles (with 8 flowers), 81 fans counted by five principles (no repetition, no splitting, "
             "no identical use, take the higher, count a combination once)."),
            ("起和 8 番（花牌不算）。", "A win needs at least 8 points, flowers not counted."),
            ("自摸：每家付 8 + 番数；点炮：点炮者付 8 + 番数，另两家各付 8。",
             "Self-draw: each pays 8 + the points; discard win: the discarder pays 8 + the points, the other two 8 each."),
            ("这里拿来作比较：各地规则都从它出发或和它不同。", "It is here for comparison: the regional rule sets start from it or differ from it."),
        ),
        rulings=(Ruling(("用 1998 年规则原书还是 2014 年世界麻将组织的修订", "the 1998 book or the 2014 World Mahjong Organization revision"),
                        ("1998 年原书（今天比赛的用法）", "the 1998 book as applied in today's tournaments"), "profile"),),
        example=Example("[EEE,1][SSSS,1]55pWWWNN+N", {"self_drawn": True},
                        ("东家自摸：大四喜加混一色等。", "East self-draws Big Four Winds with a half flush and more.")),
        only_here=Example("147m258p369sESWN+C", _S_SELF,
                          ("全不靠：国标和火拼才认。", "Knitted tiles with honors (全不靠): only Guobiao and Huopin know it.")),
    ),
    "beijing": About(
        where=("北京麻将：北京一带最常见的打法之一，网上也很流行。这是“推倒和”的玩法：点炮、自摸都可以和。",
               "Beijing mahjong, one of the most common ways to play around Beijing, also popular online. "
               "This is the push-down way (推倒和): a win by discard or by self-draw."),
        special=(
            ("有“混儿”（百搭）：翻开一张指示牌，它的下一张就是混儿，可以当任何牌用，但只能在手里用，不能拿来吃碰杠。",
             "A wild, the 混儿: a tile is turned up and the next tile in order is wild; it stands for any tile, "
             "but only in the concealed hand (never in a chow, pung or kong)."),
            ("计分：每家的份额是底分，每有 1 番翻一倍（3 番：1 × 2 × 2 × 2 = 8）；庄家和点炮的人加倍，点炮的人替三家付钱（点炮包装）。",
             "Scoring: each loser's share is the base doubled once per fan (3 fan: 1 × 2 × 2 × 2 = 8); the dealer "
             "and the discarder pay double, and the discarder pays every loser's share (点炮包装, \"the discarder covers all\")."),
            ("荒庄后“上楼”：下一把的番数加一级；还有烧庄、混杠（四个混儿）等说法。",
             "After a drawn hand the stakes go up a level (上楼); also 烧庄 and 混杠 (holding all four wilds)."),
        ),
        rulings=(
            Ruling(("庄家和牌时是否也收双倍", "whether a winning dealer also collects double"),
                   ("不收：庄家只在付钱时加倍", "no: the dealer pays double but collects single"), "dealer_wins"),
            Ruling(("庄家点炮是否双倍再双倍", "whether a dealer who discards pays ×4"),
                   ("不叠加，只付双倍", "no stacking: he pays ×2"), "dealer_discarder_stack"),
            Ruling(("没和牌的人的杠要不要给钱", "whether the kongs of players who did not win are paid"),
                   ("只算和牌者的杠", "only the winner's kongs are paid"), "all_kongs_paid"),
            Ruling(("混儿能不能用来吃、碰、杠", "whether a wild may be used in a claim"),
                   ("不能，只能在手里用", "no, it stays in the concealed hand"), "wild_claims"),
        ),
        example=Example("[9999s]123m456m789m7s+7s", _S_SELF,
                        ("南家自摸 7s：自摸、门清、一条龙，另有一个暗杠。",
                         "South self-draws 7s: self-draw, concealed hand, pure straight, and a concealed kong.")),
        only_here=Example("PPPP1379m1379p1s+9s", {"winner": "S", "self_drawn": True, "wild": "P"},
                          ("混杠：四个混儿（这里是白板）都在手里，自摸就算和，其余的牌不用成副。",
                           "混杠: all four wilds (here the white dragon) in hand win on a self-draw, whatever the other tiles.")),
    ),
    "beijing_cpt": About(
        where=("同一种北京麻将的“吃碰提”玩法。", "The same Beijing game played the chow/pung way (吃碰提)."),
        special=(
            ("和“推倒和”一样算分，只有一条不同：吃过或碰过牌的手（开了门）只能自摸，不能和别人打的牌。",
             "Scored like push-down with one difference: once a hand has claimed a chow or pung it may only "
             "win by self-draw, never on a discard."),
        ),
        rulings=(Ruling(("吃碰提模式下的全求人怎么和", "how 全求人 (everything claimed) wins in this mode"),
                        ("只能自摸", "by self-draw only"), "quanqiuren_chipengti"),),
        example=Example("[123m,3]456m789mEEE7s+7s", _S_SELF,
                        ("南家吃过 123m，仍可自摸和。", "South chowed 123m and may still win by self-draw.")),
    ),
    "bj_basic": About(
        where=("北京一带家庭、牌馆里的计分打法，底 1 分，翻番项目最多。", "The points game of Beijing homes and clubs: a base of 1 and the most doubling items."),
        special=_POINTS_SPECIAL + (
            ("有混儿；四个混儿在手另外收帐外钱；诈和要罚分。",
             "A wild (混儿); holding all four wilds earns a side payment; a false win is fined."),
            ("底 1 分；明杠 2、暗杠 4。", "Base 1 point; exposed kong 2, concealed kong 4."),
        ),
        rulings=_POINTS_RULINGS + (
            Ruling(("捉五魁（夹 5 万和）算几番", "how much catch-the-five (winning a closed 5m) is worth"),
                   ("一次翻番", "one doubling"), "zhuo_wu_kui_value"),),
        example=Example(_HAND_14_3, _S_N, ("南家和北家打的 5m（夹张）。", "South wins on North's 5m (a closed wait).")),
    ),
    "bj_new": About(
        where=("北京计分打法的新规：底 5 分，翻番项目少。", "The newer form of the Beijing points game: a base of 5 and fewer doubling items."),
        special=_POINTS_SPECIAL + (
            ("底 5 分；翻番项目少了（门前清、七巧对、杠呲、明自摸）；明杠 5、暗杠 10。",
             "Base 5 points; fewer doublings (concealed hand, seven pairs, kong bloom, open self-draw); "
             "exposed kong 5, concealed kong 10."),
        ),
        rulings=_POINTS_RULINGS,
        example=Example(_HAND_14_3, _S_N, ("同一手牌，新规只剩门前清一次翻番。",
                                           "The same hand: under the new rules only the concealed hand doubles.")),
    ),
    "hebei1": About(
        where=("河北的计分打法，底 5 分。", "The Hebei points game with a base of 5."),
        special=_POINTS_SPECIAL + (
            ("没有混儿；不能吃。杠随胡：只有和了牌，杠才给钱。",
             "No wild; no chow. Kongs are paid only if their owner wins (杠随胡)."),
            ("可以约定“一趟副”：中发白、一条东南（孔雀东南飞）也算一副。",
             "An optional 一趟副: red-green-white dragons, or 1s with East and South (孔雀东南飞), count as a set."),
            ("底 5 分。", "Base 5 points."),
        ),
        rulings=_POINTS_RULINGS + (
            Ruling(("底 10 分的河北打法是否也照底 5 分打法的“不重复算”规定", "whether the base-10 Hebei game keeps the base-5 game's rules on what is not counted twice"),
                   ("照用", "it does"), "inherit_exclusions"),),
        example=Example(_HAND_14_3, _S_N, ("同一手牌：没有翻番，只收底 5 分。", "The same hand: no doubling, just the base of 5.")),
        only_here=Example("123m456p789s1sESE+E", _S_SELF,
                          ("一趟副：1s、东、南（孔雀东南飞）算一副。", "一趟副: 1s with East and South (孔雀东南飞) counts as a set.")),
    ),
    "hebei2": About(
        where=("河北的计分打法，底 10 分。", "The Hebei points game with a base of 10."),
        special=_POINTS_SPECIAL + (
            ("和底 5 分的河北打法一样不能吃，只是底是 10 分，杠钱也翻倍（明杠 10、暗杠 20），翻番项目只有庄家和七对。",
             "No chows, as in the base-5 Hebei game, but the base is 10, kong points are doubled (exposed 10, "
             "concealed 20), and only the dealer and seven pairs double."),
        ),
        rulings=_POINTS_RULINGS,
        example=Example(_HAND_14_3, _S_N, ("同一手牌，底 10。", "The same hand with base 10.")),
    ),
    "shandong1": About(
        where=("山东的计分打法，底 5 分。", "The Shandong points game with a base of 5."),
        special=_POINTS_SPECIAL + (
            ("将必须是 2、5、8（坐将）。", "The pair must be a 2, 5 or 8 (二五八将)."),
            ("底 5 分；可以吃。", "Base 5 points; chows allowed."),
        ),
        rulings=_POINTS_RULINGS + (
            Ruling(("七对是否也要二五八将", "whether seven pairs also need a 2-5-8 pair"),
                   ("不要", "no"), "pair_258_seven_pairs"),),
        example=Example("12346789mEEE55s+5m", _S_N, ("把将换成 55s，山东才许和。", "With 55s as the pair Shandong accepts the hand.")),
    ),
    "shandong2": About(
        where=("山东的计分打法，底 10 分。", "The Shandong points game with a base of 10."),
        special=_POINTS_SPECIAL + (
            ("二五八将；底 10 分；边、砍、吊自摸再翻一番。",
             "2-5-8 pair; base 10 points; a self-draw on an edge, closed or pair wait doubles once more."),
        ),
        rulings=_POINTS_RULINGS,
        example=Example("12346789mEEE55s+5m", _S_SELF, ("同一手牌自摸（砍张）。", "The same hand, self-drawn on the closed wait.")),
    ),
    "changsha": About(
        where=("长沙麻将：湖南长沙一带的打法，只用 108 张数牌。", "Changsha mahjong, played around Changsha in Hunan, with the 108 suited tiles only."),
        special=(
            ("没有风牌、箭牌和花牌。", "No winds, no dragons, no flowers."),
            ("小胡（平胡）要二五八将；大胡（碰碰胡、清一色、七小对、将将胡……）不要。",
             "A plain win (小胡) needs a 2, 5 or 8 pair; big wins (大胡: all pungs, full flush, seven pairs, "
             "all 2-5-8…) do not."),
            ("起手小胡：刚抓完牌就能亮牌收钱：四喜（四张一样）、板板胡（没有 2、5、8）、缺一色（少一门）。",
             "Wins on the deal: right after the deal a player may show the hand and collect: 四喜 (four of a kind), "
             "板板胡 (no 2, 5 or 8 at all), 缺一色 (a suit missing)."),
            ("扎鸟：和牌后翻一张“鸟”，数到谁，谁的收付加倍；一炮多响（通炮）可以几家同时和。",
             "The bird (扎鸟): after a win a tile is turned up and counted round the table; that seat's payments double. "
             "One discard may make several winners (通炮)."),
        ),
        rulings=(
            Ruling(("起手小胡后这一把是否结束", "whether a win on the deal ends the hand"),
                   ("不结束：亮牌收钱后接着打", "no: the player collects and play goes on"), "on_deal_ends_hand"),
            Ruling(("鸟从谁数起", "from whom the bird is counted"), ("从庄家数起", "from the dealer"), "bird_origin"),
            Ruling(("豪华七对算不算两个大胡", "whether seven pairs with a four-of-a-kind count as two big wins"),
                   ("只算一个", "as one"), "luxury_seven_pairs"),
            Ruling(("小胡给多少", "what a plain win pays"),
                   ("自摸每家 2 分，点炮 1 分（大胡每个 6 分）", "2 from each on a self-draw, 1 from the discarder (6 per big win)"),
                   "xiaohu_self_each"),
        ),
        example=Example("111333555777s9s+9s", {"winner": "S", "self_drawn": True, "bird": "7p"},
                        ("南家自摸清一色碰碰胡（两个大胡）；鸟 7p 数到西家，西家的钱加倍。",
                         "South self-draws a full flush of pungs (two big wins); the bird 7p counts to West, whose payment doubles.")),
        only_here=Example("2258m2558p2588s2s+8m", _S_SELF,
                          ("将将胡：十四张全是 2、5、8，不用成副。", "All 2-5-8 (将将胡): every tile a 2, 5 or 8, no sets needed.")),
    ),
    "yunnan": About(
        where=("云南麻将，按玉溪的打法。", "Yunnan mahjong as played in Yuxi."),
        special=(
            ("不能吃。", "No chows."),
            ("平胡（没有番的手）只能自摸；有番的手点炮也能和。",
             "A plain hand (no pattern) may only win by self-draw; a pattern hand may win on a discard."),
            ("付钱：自摸时 1 番每家付 3，每多 1 番翻一倍（3、6、12……）；点炮时点炮者付 4、8、16……",
             "Payment: on a self-draw each pays 3 for 1 fan, doubled for each further fan (3, 6, 12…); "
             "on a discard the discarder pays 4, 8, 16…"),
            ("墙尾翻开两张牌作杠后补牌；荒庄时“查大叫”：没听牌的人赔听牌的人。",
             "Two tiles at the tail are turned face up for kong replacements; at a drawn hand players who are not "
             "ready pay those who are (查大叫)."),
        ),
        rulings=(
            Ruling(("龙七对点炮给多少", "what seven pairs with a four-of-a-kind (龙七对) pays on a discard"),
                   ("2 番付 7，每多 1 番翻一倍（7、14、28……）", "7 for 2 fan, doubled for each further fan (7, 14, 28…)"), "longqidui_discard"),
            Ruling(("全是字牌算不算清一", "whether an all-honors hand counts as one kind (清一)"), ("算", "it does"),
                   "qingyi_includes_honors"),
            Ruling(("一炮多响后谁坐庄", "who deals after several players win one discard"),
                   ("点炮者的下家", "the player after the discarder"), "dealer_next_multi_win"),
        ),
        example=Example("[111p,1][444p,1][999p,1]22p33p+3p", {"winner": "W", "discarder": "N"},
                        ("西家和北家打的 3p：清一、碰碰胡，两番。", "West wins on North's 3p: one kind and all pungs, 2 fan.")),
    ),
    "huopin": About(
        where=("火拼麻将：用国标的番种，加一个财神（百搭）。有三种玩法；这一种和国标一样 8 番起和。",
               "Huopin (火拼, \"fire fight\"): the Guobiao fans plus a wild, the 财神. It is played three ways; "
               "this one needs 8 points to win, as Guobiao does."),
        special=(
            ("144 张；翻开一张牌，它的下一张是财神，可当任何牌用（不能吃碰杠）。",
             "144 tiles; the tile after a turned-up indicator is the wild (财神), usable for any tile except in claims."),
            ("国标番种之外多一个“无财神”（没用财神）2 番。", "Besides the Guobiao fans: 无财神 (no wild used), 2 points for not using the wild."),
            ("起和 8 番；每家付 8 + 番；庄家输赢都加倍；鸟牌的座位再加倍。",
             "8 points to win; each payer pays 8 + the points; the dealer doubles whether he wins or loses; "
             "the bird seat doubles too."),
        ),
        rulings=(
            Ruling(("庄家加倍和鸟加倍能否相乘", "whether the dealer's and the bird's doublings multiply"),
                   ("相乘，最多 ×4", "they multiply, up to ×4"), "bird_dealer_multiply"),
            Ruling(("一炮多响", "several winners on one discard"), ("只许一家，离点炮者最近的", "one only, the nearest to the discarder"),
                   "multi_win"),
            Ruling(("起和 8 番算不算花", "whether flowers count toward the 8"), ("不算", "they do not"), "minimum_counts_flowers"),
        ),
        example=Example("123m456m789m23p55s+4p", {"winner": "S", "self_drawn": True, "indicator": "9p", "bird": "3s"},
                        ("指示牌 9p，财神是 1p。南家自摸，没用财神。", "Indicator 9p, so the wild is 1p. South self-draws without using it.")),
    ),
    "huopin_dazhong": About(
        where=("火拼麻将的第二种玩法：不设起和。", "Huopin played the second way: no minimum to win."),
        special=(("没有起和番数；每家付的就是番数（不加 8）。", "No minimum; each payer pays just the fans (no 8 added)."),),
        example=Example("123m456m789m23p55s+4p", {"winner": "S", "self_drawn": True, "indicator": "9p", "bird": "3s"},
                        ("同一手牌，不设起和。", "The same hand with no minimum.")),
    ),
    "huopin_wufan": About(
        where=("火拼麻将的第三种玩法：不算番。", "Huopin played the third way: no points are counted."),
        special=(("不算番：和了就收 10 分。", "No fans: any win collects 10."),),
        example=Example("123m456m789m23p55s+4p", {"winner": "S", "self_drawn": True, "indicator": "9p", "bird": "3s"},
                        ("同一手牌，不算番。", "The same hand with no points counted.")),
    ),
    "xian": About(
        where=("西安麻将：陕西西安一带的打法。", "Xi'an mahjong, played in and around Xi'an, Shaanxi."),
        special=(
            ("136 张，不要花，没有百搭；只认四副一将（没有七对）。",
             "136 tiles, no flowers, no wild; only four sets and a pair win (no seven pairs)."),
            ("按“底”付固定的钱：自摸（叫“炸弹”）每家 2 底，夹张或单调 3 底；点炮由点炮者付 1 底（夹张、单调 2 底）。",
             "Flat amounts in base units (底): a self-draw (the \"bomb\") 2 from each, 3 on a closed or pair wait; "
             "a discard win 1 from the discarder (2 on a closed or pair wait)."),
            ("杠钱当场给：暗杠每家 2 底，明杠每家 1 底。", "Kong money is paid at once: concealed 2 from each, exposed 1 from each."),
            ("下注：开局前可以押注，自摸时注翻倍；杠后开花 ×2，天胡 ×3。",
             "Side bets (下注) placed before play, doubled on a self-draw; a kong bloom doubles the win, a heavenly hand triples it."),
        ),
        rulings=(
            Ruling(("点炮时谁付钱", "who pays a discard win"), ("只有点炮的人", "the discarder alone"), "discard_payer"),
            Ruling(("边张算不算夹张", "whether an edge wait counts like a closed wait"), ("不算", "it does not"), "edge_wait_counts"),
            Ruling(("输的注付给谁", "to whom a losing bet is paid"), ("只付给和牌的人", "to the winner only"), "losing_bet_to"),
        ),
        example=Example("[5555p]12346789mEE+5m", {"winner": "S", "self_drawn": True, "bets": {"S": 2, "N": 1},
                                                  "other_kongs": {"W": (1, 0)}},
                        ("南家押 2 注、北家押 1 注；南家有暗杠，西家有明杠；南家自摸夹张。",
                         "South bet 2, North 1; South has a concealed kong, West an exposed one; South self-draws on a closed wait.")),
    ),
    "old_beijing": About(
        where=("老北京传统麻将：老一辈北京人家里的打法，按“番”和“嘴”算。",
               "The traditional game of older Beijing families, counted in 番 (fan) and 嘴 (zui)."),
        special=(
            ("三种价钱，开打前约好：番最多算到 3 番，就是“满贯”（一百和、二百和、满贯）；嘴不封顶，每嘴一个价；一条龙、捉五魁、天和、杠等各有单价。",
             "Three kinds of price, agreed before play: 番 up to 3, where 3 番 is the limit 满贯 (one price for 1 番, "
             "2 番, and the limit); 嘴 uncapped, each at its price; and items with their own price (pure straight, "
             "catch-the-five, heavenly hand, kongs…)."),
            ("嘴很多：小付（123）、中付（456）、老付（789）、十五点、连儿、听的张数和点数、二五八、缺门、跑儿……",
             "Many 嘴: small run 123, middle run 456, old run 789, fifteen points, links, the wait and the face value of "
             "the winning tile, 2-5-8, a missing suit, the runner…"),
            ("没有庄家加倍；三家各付一样多。", "No dealer premium; each of the three others pays the same."),
        ),
        rulings=(
            Ruling(("各项的价钱", "the prices"),
                   ("价钱由牌桌自己约定，没有统一的；本课程用示意价：嘴 1、一百和 10、二百和 20、满贯 30、一条龙 10、捉五魁 10",
                    "each table agrees its own prices; this course uses illustrative ones: 1 per 嘴, 10 / 20 / 30 for "
                    "1 番 / 2 番 / the limit, 10 for a pure straight, 10 for catch-the-five"), "price_limit"),
            Ruling(("点炮时谁付", "who pays a discard win"), ("三家都付", "all three pay"), "payer"),
            Ruling(("平和许不许有幺九和字牌", "whether 平和 may hold terminals and honors"), ("不许", "no"), "pinghe_allows_terminals"),
        ),
        example=Example(_HAND_14_3, {"winner": "S", "discarder": "N", "prevalent_wind": "E", "wild": "P"},
                        ("东风圈，南家和北家打的 5m；这一局用混儿（白板），南家手里没有。",
                         "East round; South wins on North's 5m; the game uses wilds (the white dragon) and South holds none.")),
    ),
    "hongkong": About(
        where=("广东/香港麻将（广东牌）：香港和广东最普遍的打法。", "Cantonese mahjong, the common game of Hong Kong and Guangdong."),
        special=(
            ("分数每番翻一倍：1 番 2 分、2 番 4 分、3 番 8 分……封顶 6 番 = 64 分。",
             "Points double with each fan: 1 fan 2, 2 fan 4, 3 fan 8… capped at 6 fan = 64 points."),
            ("特殊情况（杠上开花、海底、抢杠……）不足 3 番按 3 番算。", "In some situations (kong bloom, last tile, robbing a kong…) a hand under 3 fan counts as 3."),
            ("“包”：十二张落地、大三元大四喜、喂杠开花、被抢杠时，一个人替三家付。",
             "Liability (包): twelve tiles shown, big dragons or winds, feeding a kong bloom, a robbed kong: one player pays for all three."),
            ("一炮可以三响。", "One discard may make three winners."),
        ),
        rulings=(
            Ruling(("起和几番", "the minimum to win"), ("不设（香港常见 3 番起和）", "none (3 fan is common in Hong Kong)"), "min_fan"),
            Ruling(("小番（鸡和、平和、碰碰和、混一色、番子……）各几番", "the small fans (chicken hand, all chows, all pungs, half flush, value pungs…)"),
                   ("按常见的数：平和 1、碰碰和 2、混一色 2、番子 1、自摸 1", "the usual values: all chows 1, all pungs 2, half flush 2, value pung 1, self-draw 1"),
                   "fan_all_pungs"),
            Ruling(("一炮三响时点炮者付多少", "what the discarder pays when three win"),
                   ("付给每个和牌的人他那手牌的分数", "each winner the points of that winner's hand"),
                   "multi_win_discarder_pays"),
        ),
        example=Example("[EEE,1][333p,2][555p,1][777p,3]9p+9p", {"winner": "S", "self_drawn": True, "prevalent_wind": "S"},
                        ("南风圈。南家亮了四副（第四副碰西家），自摸 9p：西家喂了第四副，要包三家。",
                         "South round. South shows four melds (the last punged from West) and self-draws 9p: West fed the fourth meld and pays for all three.")),
    ),
    "fuzhou": About(
        where=("福州麻将：福建福州一带的打法。", "Fuzhou mahjong, played around Fuzhou in Fujian."),
        special=(
            ("144 张，但有 36 张“花”：8 张花牌加上全部 28 张字牌。所以手里只有数牌。",
             "144 tiles, but 36 of them are flowers: the 8 flowers and all 28 honors. A hand holds suited tiles only."),
            ("翻开的一张牌本身就是“金”（百搭）。金不能打出。", "A turned-up tile is itself the wild, the 金 (gold). A gold may never be discarded."),
            ("加番手：平胡 30、抢金 30、三金倒 40、金雀 60；三个金可以直接和（三金倒）。",
             "Bonus hands: plain hand 30, robbing the gold 30, three golds 40, golden sparrow 60; holding three golds wins at once (三金倒)."),
            ("每家付：底 × (花和杠的数 × 2 + 加番)。例如 3 张花、金雀 60：1 × (3 × 2 + 60) = 66。",
             "Each payer pays the base × (the number of flowers and kongs × 2 + the bonus). For example 3 flowers "
             "and a golden sparrow (60): 1 × (3 × 2 + 60) = 66."),
        ),
        rulings=(
            Ruling(("金能不能用来吃", "whether a gold may be used in a chow"), ("不能，任何吃碰杠都不行", "no, in no claim at all"), "gold_claims"),
            Ruling(("游金（金单钓）能不能和别人打的牌", "whether a hand whose gold waits on anything may win on a discard"),
                   ("不能，只能自摸", "no, by self-draw only"), "youjin_self_draw_only"),
            Ruling(("加番手点炮时谁付", "who pays a bonus hand won on a discard"), ("三家都付", "all three"), "bonus_payers"),
        ),
        example=Example("123m456m789p234s9s+9s", {"winner": "N", "self_drawn": True, "flowers": "aEC", "wild": "9s"},
                        ("金是 9s。北家有三张花（春、东、中），自摸，两个金作将：金雀。",
                         "The gold is 9s. North holds three flowers (spring, East, red dragon) and self-draws with two golds as the pair: golden sparrow.")),
        only_here=Example("1477m2558p136s99s+9s", {"winner": "S", "self_drawn": True, "wild": "9s"},
                          ("三金倒：手里有三个金（9s）就可以和，不管其他牌。", "Three golds (三金倒): holding three golds (9s) wins whatever the other tiles.")),
    ),
}
"""The description of every registered rule set, by name."""


_CLOSEST = ("在几千手随机牌里，没有找到只在这里合法的；这手最接近：下表列出哪些规则也认它。",
            "Among thousands of random hands searched, none is legal here alone; this one comes closest "
            "(the table shows which other rule sets also accept it).")
_HUNGANG = Example("PPPP1379m1379p1s+9s", {"winner": "S", "self_drawn": True, "wild": "P"},
                   ("混杠：四个混儿（这里是白板）都在手里，自摸就算和，其余的牌不用成副。",
                    "混杠: all four wilds (here the white dragon) in hand win on a self-draw, whatever the other tiles."))
_YITANGFU = Example("123m456p789s1sESE+E", _S_SELF,
                    ("一趟副：1s、东、南（孔雀东南飞）算一副。", "一趟副: 1s with East and South (孔雀东南飞) counts as a set."))
_KNITTED = Example("147m258p369sESWN+C", _S_SELF,
                   ("全不靠：国标和用国标番种的火拼才认。",
                    "Knitted tiles with honors (全不靠): only Guobiao and Huopin, which uses the Guobiao fans, know it."))
_WILD_CLAIMED = Example("[EEE,1][PPP,3][345m,1]77m22s+2s", {"winner": "S", "self_drawn": True, "wild": "P"},
                        ("白板是百搭时碰了白板：有百搭的规则不许；没有百搭的规则里它只是白板。" + _CLOSEST[0],
                         "A pung of the white dragon while it is the wild: rule sets with a wild refuse it; without "
                         "a wild it is just a white dragon. " + _CLOSEST[1]))
ONLY_HERE: dict[str, Example] = {
    "beijing": _HUNGANG, "beijing_cpt": _HUNGANG, "hebei1": _YITANGFU, "hebei2": _YITANGFU,
    "mcr": _KNITTED, "huopin": _KNITTED, "huopin_dazhong": _KNITTED, "huopin_wufan": _KNITTED,
    "xian": _WILD_CLAIMED, "old_beijing": _WILD_CLAIMED, "hongkong": _WILD_CLAIMED,
    "bj_basic": Example("[9999s,2]555m3345667s+8s", {"winner": "S", "discarder": "N", "wild": "P"}, _CLOSEST),
    "bj_new": Example("[9999s,2]555m3345667s+8s", {"winner": "S", "discarder": "N", "wild": "P"}, _CLOSEST),
    "shandong1": Example("[PPP,3][567m,3][678p,3]3488m+2m", {"winner": "S", "self_drawn": True, "wild": "P"}, _CLOSEST),
    "shandong2": Example("[PPP,3][567m,3][678p,3]3488m+2m", {"winner": "S", "self_drawn": True, "wild": "P"}, _CLOSEST),
    "yunnan": Example("[NNN,1][PPP,2]78p345sEE+9p", {"winner": "S", "self_drawn": True, "wild": "P"}, _CLOSEST),
}
"""For the rule sets whose description does not give ``only_here`` itself: the hand the search found
(legal here and under as few other rule sets as possible; recomputed whenever shown)."""
for _name, _ex in ONLY_HERE.items():
    if ABOUT[_name].only_here is None:
        ABOUT[_name] = replace(ABOUT[_name], only_here=_ex)


def about_of(name: str) -> About | None:
    return ABOUT.get(name)


def _h(zh: str, en: str) -> str:
    return f"{escape(zh)}<br><span style='color:#555'>{escape(en)}</span>"


def _pts(base: int, kongs: str, signature: tuple[str, str], wild: bool = False, chow: str = "") -> tuple[dict, dict]:
    zh = {"scoring": f"底 {base} 分，每个翻番项目翻一倍（两次翻番：{base} × 2 × 2 = {base * 4}）",
          "dealer": "庄家付或收都加倍", "kongs": kongs.split("|")[0], "signature": signature[0]}
    en = {"scoring": f"base {base}, doubled once per doubling item (two doublings: {base} × 2 × 2 = {base * 4})",
          "dealer": "×2, paying or receiving", "kongs": kongs.split("|")[1], "signature": signature[1]}
    if wild:
        zh["wild"], en["wild"] = "混儿：指示牌的下一张", "混儿: the tile after the turned-up one"
        zh["discard_win"], en["discard_win"] = "没吃没碰才可以", "only if the hand has no chow or pung"
    else:
        zh["discard_win"], en["discard_win"] = "可以", "yes"
    return zh, en


_BJ_WILD = ("混儿：翻开的那张牌的下一张；只能在手里用", "混儿: the tile after the turned-up one; used in the concealed hand only")
_BJ_SCORING = ("每家的份额是底分每番翻一倍；庄家、点炮者加倍；点炮者替三家付（点炮包装）",
               "each loser's share is the base doubled once per fan; dealer and discarder ×2; the discarder pays for all (点炮包装)")
_BJ_KONGS = ("只算和牌者的杠：明杠 1 个底分、暗杠 2 个底分，每家付；庄家加倍",
             "only the winner's kongs: exposed 1 base, concealed 2 base from each; dealer ×2")
_BJ_SIGN = ("上楼、烧庄、混杠、捉五魁", "上楼 (stakes rise after a drawn hand), 烧庄, 混杠 (all four wilds), 捉五魁 (catch the five)")
_HP = ({"wild": "财神：翻开的那张牌的下一张（9 之后是 1；东→南→西→北→中→发→白→东）；不能吃碰杠",
        "discard_win": "可以", "dealer": "输赢都加倍", "kongs": "按国标番种计", "signature": "三种玩法、鸟牌、无财神"},
       {"wild": "财神: the tile after the turned-up one (after 9 comes 1; E→S→W→N→C→F→P→E); never in a claim",
        "discard_win": "yes", "dealer": "×2, winning or losing", "kongs": "counted as Guobiao fans",
        "signature": "three ways to play, the bird tile (鸟牌), 无财神 (no wild used)"})
_HP_SCORING = {"huopin": ("每家付 8 + 番；庄家加倍；鸟牌座位加倍", "8 + the points from each payer; dealer ×2; bird seat ×2"),
               "huopin_dazhong": ("每家付番数（不加 8）；庄家加倍；鸟牌座位加倍", "the points from each payer (no 8 added); dealer ×2; bird seat ×2"),
               "huopin_wufan": ("和了每家付 10；庄家加倍；鸟牌座位加倍", "10 from each payer for any win; dealer ×2; bird seat ×2")}

FACTS: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "mcr": ({"discard_win": "可以，须满 8 番", "scoring": "自摸每家 8 + 番；点炮者 8 + 番，另两家各 8",
             "dealer": "庄家不加倍；不连庄", "kongs": "按番种计", "signature": "81 个番种，5 条计番原则"},
            {"discard_win": "yes, with at least 8 points", "scoring": "self-draw: 8 + the points from each; discard: the discarder 8 + the points, the others 8",
             "dealer": "no dealer premium; the deal always moves on", "kongs": "counted as fans", "signature": "81 fans, 5 counting principles"}),
    "beijing": ({"wild": _BJ_WILD[0], "discard_win": "可以：点炮、自摸都能和", "scoring": _BJ_SCORING[0],
                 "dealer": "付钱时加倍，收钱时不加倍", "kongs": _BJ_KONGS[0], "signature": _BJ_SIGN[0]},
                {"wild": _BJ_WILD[1], "discard_win": "yes: on a discard or by self-draw", "scoring": _BJ_SCORING[1],
                 "dealer": "×2 when paying, not when receiving", "kongs": _BJ_KONGS[1], "signature": _BJ_SIGN[1]}),
    "beijing_cpt": ({"wild": _BJ_WILD[0], "discard_win": "没吃没碰才可以", "scoring": _BJ_SCORING[0],
                     "dealer": "付钱时加倍，收钱时不加倍", "kongs": _BJ_KONGS[0], "signature": _BJ_SIGN[0]},
                    {"wild": _BJ_WILD[1], "discard_win": "only if the hand has no chow or pung", "scoring": _BJ_SCORING[1],
                     "dealer": "×2 when paying, not when receiving", "kongs": _BJ_KONGS[1], "signature": _BJ_SIGN[1]}),
    "bj_basic": _pts(1, "明杠 2 / 暗杠 4|exposed kong 2 / concealed 4",
                     ("四个混儿另收帐外钱，诈和罚分", "all four wilds earn a side payment; a false win is fined"), wild=True),
    "bj_new": _pts(5, "明杠 5 / 暗杠 10|exposed kong 5 / concealed 10",
                   ("明自摸、杠呲（杠上开花）都翻番", "an open self-draw and a kong bloom (杠呲) both double"), wild=True),
    "hebei1": _pts(5, "明杠 5 / 暗杠 10，和了才算|exposed kong 5 / concealed 10, paid only if the owner wins",
                   ("杠随胡（和了杠才给钱），可约定一趟副", "kongs paid only if their owner wins (杠随胡); optional extra sets (一趟副)")),
    "hebei2": _pts(10, "明杠 10 / 暗杠 20，和了才算|exposed kong 10 / concealed 20, paid only if the owner wins",
                   ("杠随胡（和了杠才给钱），可约定一趟副", "kongs paid only if their owner wins (杠随胡); optional extra sets (一趟副)")),
    "shandong1": _pts(5, "明杠 5 / 暗杠 10|exposed kong 5 / concealed 10", ("二五八将（坐将）", "the pair must be a 2, 5 or 8 (坐将)")),
    "shandong2": _pts(10, "明杠 10 / 暗杠 20|exposed kong 10 / concealed 20",
                      ("边、砍、吊自摸再翻番", "a self-draw on an edge, closed or pair wait doubles once more")),
    "changsha": ({"discard_win": "可以（漏胡的限制）", "scoring": "小胡自摸每家 2、点炮 1；大胡每个 6；中鸟加倍",
                  "dealer": "未规定（可约定 +1）", "signature": "起手小胡、扎鸟、海底漫游、将将胡"},
                 {"discard_win": "yes (not after passing the same tile, 漏胡)",
                  "scoring": "plain win: 2 from each on a self-draw, 1 from the discarder; 6 per big win; the bird seat ×2",
                  "dealer": "not specified (+1 by agreement)",
                  "signature": "wins on the deal, the bird (扎鸟), 海底漫游, all 2-5-8 (将将胡)"}),
    "yunnan": ({"discard_win": "只有有番的手",
                "scoring": "平胡自摸每家 1；自摸 1 番每家 3、点炮 1 番点炮者付 4，每多 1 番翻一倍；龙七对点炮 2 番付 7，每多 1 番翻一倍",
                "dealer": "不加倍", "kongs": "明杠点杠者付 2；暗杠每家 2、转弯杠每家 1；荒庄不算",
                "signature": "墙尾翻两张、十老头、查大叫"},
               {"discard_win": "only a hand with a pattern",
                "scoring": "plain hand self-drawn: 1 from each; 1 fan: 3 from each on a self-draw, 4 from the discarder, "
                           "doubled for each further fan; 龙七对 on a discard: 7 for 2 fan, doubled for each further fan",
                "dealer": "no premium", "kongs": "exposed: 2 from the player who fed it; concealed 2, added 1 from each; none at a drawn hand",
                "signature": "two face-up tiles at the tail, 十老头, 查大叫 (players not ready pay at a drawn hand)"}),
    "xian": ({"discard_win": "可以", "scoring": "自摸每家 2 底（夹张、单调 3 底）；点炮者付 1 底（2 底）",
              "dealer": "和牌或荒庄连庄；不加倍", "kongs": "明杠每家 1 底、暗杠每家 2 底，当场付",
              "signature": "下注、荒牌留 13 墩、杠后开花 ×2、天胡 ×3"},
             {"discard_win": "yes",
              "scoring": "self-draw: 2 base units from each (3 on a closed or pair wait); discard: 1 from the discarder (2)",
              "dealer": "keeps the deal on a win or a drawn hand; no premium", "kongs": "exposed 1, concealed 2 base units from each, paid at once",
              "signature": "side bets (下注), 13 stacks left at a drawn hand, kong bloom ×2, heavenly hand ×3"}),
    "old_beijing": ({"wild": "可选混儿：指示牌（从墙尾数第 7 墩上面一张）的下一张", "discard_win": "可以",
                     "scoring": "嘴数 × 嘴价 + 番的价（一百和 / 二百和 / 3 番满贯）+ 单价项，三家各付",
                     "dealer": "不加倍；和牌或荒庄连庄", "kongs": "议价（明杠、暗杠）",
                     "signature": "嘴、双跺脚、自摸到底、3 番满贯"},
                    {"wild": "optional 混儿: the tile after the turned-up one (the top of the 7th stack from the tail)", "discard_win": "yes",
                     "scoring": "嘴 × the price of one 嘴 + the price of the 番 (1, 2, or the limit at 3) + priced items, from each of three",
                     "dealer": "no premium; keeps the deal on a win or a drawn hand", "kongs": "agreed prices (exposed, concealed)",
                     "signature": "嘴, 双跺脚, 自摸到底, the limit at 3 番"}),
    "hongkong": ({"discard_win": "可以", "scoring": "分数每番翻一倍（1 番 2、2 番 4……6 番封顶 64）；自摸每家付，点炮由点炮者付；包牌者付三家的",
                  "dealer": "不加倍（未规定）", "kongs": "未规定；喂杠开花的人要包", "signature": "3 番保底、包自摸、抢杠要包、一炮三响"},
                 {"discard_win": "yes",
                  "scoring": "points double with each fan (1 fan 2, 2 fan 4 … capped at 6 fan = 64); each pays on a self-draw, "
                             "the discarder on a discard; a liable player pays for all three",
                  "dealer": "no premium (not specified)", "kongs": "not specified; whoever fed a kong bloom pays for all",
                  "signature": "3-fan floor, liability (包), robbing a kong, three winners on one discard"}),
    "fuzhou": ({"wild": "金：补完花以后墙尾翻开的第一张（就是那张牌本身）",
                "discard_win": "可以，但游金（金单钓）只能自摸；过水不能和",
                "scoring": "加番手：底 × (花和杠的数 × 2 + 加番)，三家付；否则自摸每家付花杠数 × 2，点炮付花杠数",
                "dealer": "每连庄一次加 1 番", "kongs": "算作花", "signature": "三金倒、金雀、抢金、过水、字牌当花"},
               {"wild": "金 (gold): the first tile turned up at the tail after the flowers are replaced (that tile itself)",
                "discard_win": "yes, except a hand whose gold waits on anything (游金), and not after passing a tile (过水)",
                "scoring": "bonus hands: base × (flowers and kongs × 2 + the bonus) from all three; otherwise flowers and kongs × 2 "
                           "from each on a self-draw, or their number from the discarder",
                "dealer": "+1 番 for each repeat deal", "kongs": "counted as flowers",
                "signature": "三金倒 (three golds), 金雀 (golden sparrow), 抢金 (robbing the gold), 过水, honors as flowers"}),
}
for _name in ("huopin", "huopin_dazhong", "huopin_wufan"):
    _zh, _en = dict(_HP[0]), dict(_HP[1])
    _zh["scoring"], _en["scoring"] = _HP_SCORING[_name]
    FACTS[_name] = (_zh, _en)
FACTS_ZH: dict[str, dict[str, str]] = {k: zh for k, (zh, _) in FACTS.items()}
"""Chinese wording of the free-text facts of the rule-difference table."""
FACTS_EN: dict[str, dict[str, str]] = {k: en for k, (_, en) in FACTS.items()}
"""The learner's English for the same facts (the declared text of a rule set is for the appendix)."""
