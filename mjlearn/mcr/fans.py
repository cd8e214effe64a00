"""The 81 fans of the Guobiao (MCR, 国标麻将) rules as declared rows, plus 82 明暗杠.

Each row is one :class:`Fan`: its number in the 1998 rule book, Chinese, pinyin and English names,
points, the fans it makes "not counted" (不计, the non-repetition principle 不重复) and a short
definition in both languages. The rows are the fan list; nothing else repeats them.

How a row's exclusions read (``excludes``): each entry names a fan and how much of it is dropped when
this fan counts: ``all`` (every occurrence), ``parts`` (only occurrences made of the same sets,
e.g. 箭刻 drops the 幺九刻 *of that pung*, not of another) or ``one`` (a single occurrence, the
九莲宝灯 rule). The exclusions are applied by :func:`mjlearn.mcr.principles.apply_exclusions`.

The engine names fans by the constants :data:`F` generated from the rows (``F.ALL_PUNGS`` is 48).
The predicates live in :mod:`mjlearn.mcr.detect` (and the set combinations in
:mod:`mjlearn.mcr.principles`), each declared with ``@detects(F....)``, which fills
:data:`DETECTORS`; ``Fan.detector`` names the function that finds the fan.

>>> from mjlearn.mcr.fans import F, FANS, fan
>>> len(FANS), fan(1).zh, fan("碰碰和").points, fan(82).en, F.ALL_PUNGS, fan(48).key
(82, '大四喜', 6, 'Concealed Kong and Melded Kong', 48, 'ALL_PUNGS')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ASSESSED_ELSEWHERE", "DETECTORS", "FANS", "POINT_TIERS", "Exclusion", "F", "Fan", "detects", "fan"]

POINT_TIERS = (88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1)
"""The twelve point values of the fan list."""


@dataclass(frozen=True)
class Exclusion:
    """One 不计 entry of a fan's row."""

    fan_id: int
    """The fan that is not counted."""
    scope: str = "all"
    """``all``: every occurrence; ``parts``: occurrences on the same sets; ``one``: one occurrence."""


@dataclass(frozen=True)
class Fan:
    """One scoring pattern (番种) of the MCR fan list."""

    id: int
    """1-81 in the 1998 rule-book order; 82 is 明暗杠."""
    zh: str
    """Chinese name."""
    pinyin: str
    """Pinyin of the Chinese name."""
    en: str
    """Common English name (the reference calculator's)."""
    points: int
    """Value in points (番) under the 1998 rules."""
    excludes: tuple[Exclusion, ...]
    """Fans not counted when this one counts (不计)."""
    definition_zh: str
    """The definition in Chinese."""
    definition_en: str
    """The definition in English."""
    repeatable: bool = False
    """Whether the fan can count more than once in a hand (幺九刻, 一般高, 花牌...)."""

    @property
    def key(self) -> str:
        """The name of its constant in :data:`F`, e.g. ``ALL_PUNGS`` (from the English name)."""
        return _key(self.en)

    @property
    def detector(self) -> str:
        """Where the fan is found: the dotted name of the function declared with
        ``@detects(F.<key>)``, or for 无番和 and 花牌 the sentence saying where they are assessed."""
        f = DETECTORS.get(self.id)
        if f is not None:
            return f"{f.__module__}.{f.__qualname__}"
        return ASSESSED_ELSEWHERE[self.id]

    @property
    def name(self) -> str:
        """Both names, e.g. ``大四喜 Big Four Winds``."""
        return f"{self.zh} {self.en}"

    def __repr__(self) -> str:
        return f"fan({self.id})"

    def __str__(self) -> str:
        return f"{self.id} {self.zh} {self.en} ({self.points})"


def _ex(spec: str) -> tuple[Exclusion, ...]:
    """'48 73p 22' -> exclusions; a suffix p = parts, 1 = one occurrence."""
    out = []
    for word in spec.split():
        if word.endswith("p"):
            out.append(Exclusion(int(word[:-1]), "parts"))
        elif word.endswith("x1"):
            out.append(Exclusion(int(word[:-2]), "one"))
        else:
            out.append(Exclusion(int(word)))
    return tuple(out)


# id | zh | pinyin | en | points | excludes | repeatable | definition zh | definition en
_ROWS = r"""
1|大四喜|da si xi|Big Four Winds|88|38 48 60 61 73||东南西北四副风刻（杠）。|Pungs or kongs of all four winds.
2|大三元|da san yuan|Big Three Dragons|88|54 59 73p||中发白三副箭刻（杠）。|Pungs or kongs of all three dragons: Red, Green and White.
3|绿一色|lü yi se|All Green|88|49 75||只由23468条和发财组成的和牌；没有发财时可另计清一色。|Made only of the green tiles 2, 3, 4, 6, 8 bamboo and the Green Dragon. Without a Green Dragon it also scores Full Flush.
4|九莲宝灯|jiu lian bao deng|Nine Gates|88|22 56 62 76 73x1||门前清一种花色1112345678999，和同花色任意一张。|A concealed 1112345678999 of one suit, winning on any tile of that suit.
5|四杠|si gang|Four Kongs|88|48 79 17 57 74 53 67 82||四副杠（明杠暗杠均可）。又称十八学士。|Four kongs, melded or concealed.
6|连七对|lian qi dui|Seven Shifted Pairs|88|22 19 56 62 76 79||一种花色序数相连的七对，如2233445566778 8饼。|Seven pairs of one suit with consecutive numbers, such as 22334455667788 dots.
7|十三幺|shi san yao|Thirteen Orphans|88|18 51 56 62 79||一、九万饼条各一张，东南西北中发白各一张，其中一张成对。|One of each terminal (1 and 9 of each suit) and each honor, plus a second copy of any one of them.
8|清幺九|qing yao jiu|All Terminals|64|18 48 55 65 73 76||由序数牌一、九的刻子和将牌组成。|Pungs and a pair made only of suited 1s and 9s.
9|小四喜|xiao si xi|Little Four Winds|64|38 73p||三副风刻加风牌将。|Pungs of three winds and a pair of the fourth.
10|小三元|xiao san yuan|Little Three Dragons|64|54 59 73p||两副箭刻加箭牌将。|Pungs of two dragons and a pair of the third.
11|字一色|zi yi se|All Honors|64|18 48 55 73 75||全由字牌的刻子（杠）和将组成。|Only honor tiles: pungs or kongs and a pair of winds and dragons.
12|四暗刻|si an ke|Four Concealed Pungs|64|48 56 62 33 66||四副暗刻（含暗杠）。和牌张点和所成的刻子算明刻。|Four concealed pungs or concealed kongs. A pung completed by a discard counts as melded.
13|一色双龙会|yi se shuang long hui|Pure Terminal Chows|64|19 22 63 69 72 76||一种花色的两个老少副（123、789各两副）加5的将。|Two 123 and two 789 chows of one suit, with a pair of 5s of the same suit.
14|一色四同顺|yi se si tong shun|Quadruple Chow|48|23 24 19 64 69||一种花色序数相同的四副顺子。|Four identical chows of one suit.
15|一色四节高|yi se si jie gao|Four Pure Shifted Pungs|48|23 24 48||一种花色序数依次递增一位的四副刻子。|Four pungs of one suit, each one number higher than the last.
16|一色四步高|yi se si bu gao|Four Pure Shifted Chows|32|30 71 72||一种花色依次递增一位或两位的四副顺子。|Four chows of one suit rising by one (123 234 345 456) or by two (123 345 567 789).
17|三杠|san gang|Three Kongs|32|57 74 53 67 82||三副杠。|Three kongs, melded or concealed.
18|混幺九|hun yao jiu|All Terminals and Honors|32|48 55 73||由字牌和序数牌一、九的刻子及将组成。|Only terminals (1s and 9s) and honors, as pungs and a pair.
19|七对|qi dui|Seven Pairs|24|56 62 79||由七个对子组成的和牌。|Seven pairs; four of a kind counts as two pairs.
20|七星不靠|qi xing bu kao|Greater Honors and Knitted Tiles|24|34 51 56 62 79||七种字牌各一张，加147、258、369组合龙中的七张单张。|All seven honors as singles, plus seven tiles of a knitted 147/258/369 set (one group per suit).
21|全双刻|quan shuang ke|All Even Pungs|24|48 68 76||由2、4、6、8序数牌的刻子和将组成。|Pungs and a pair made only of even suited numbers 2, 4, 6, 8.
22|清一色|qing yi se|Full Flush|24|76 75||由一种花色的序数牌组成。|Tiles of one suit only, no honors.
23|一色三同顺|yi se san tong shun|Pure Triple Chow|24|24 69||一种花色序数相同的三副顺子。|Three identical chows of one suit.
24|一色三节高|yi se san jie gao|Pure Shifted Pungs|24|23||一种花色依次递增一位的三副刻子。|Three pungs of one suit, each one number higher than the last.
25|全大|quan da|Upper Tiles|24|36 76||由序数牌7、8、9组成。|Only suited 7s, 8s and 9s.
26|全中|quan zhong|Middle Tiles|24|68 76||由序数牌4、5、6组成。|Only suited 4s, 5s and 6s.
27|全小|quan xiao|Lower Tiles|24|37 76||由序数牌1、2、3组成。|Only suited 1s, 2s and 3s.
28|清龙|qing long|Pure Straight|16|71 72||一种花色1-9相连的三副顺子（123、456、789）。|The chows 123, 456 and 789 of one suit.
29|三色双龙会|san se shuang long hui|Three-Suited Terminal Chows|16|63 72 70 76||两种花色的老少副（123和789）加另一种花色5的将。|123 and 789 chows in each of two suits, with a pair of 5s in the third.
30|一色三步高|yi se san bu gao|Pure Shifted Chows|16|||一种花色依次递增一位或两位的三副顺子。|Three chows of one suit rising by one (123 234 345) or by two (123 345 567).
31|全带五|quan dai wu|All Five|16|68 76||每副顺子、刻子和将牌都有5。|Every set and the pair contain a 5.
32|三同刻|san tong ke|Triple Pung|16|65||三种花色序数相同的三副刻子。|Pungs of the same number in all three suits.
33|三暗刻|san an ke|Three Concealed Pungs|16|66||三副暗刻（含暗杠）。|Three concealed pungs (concealed kongs count).
34|全不靠|quan bu kao|Lesser Honors and Knitted Tiles|12|51 56 62 79||由147、258、369组合龙中的单张和字牌单张组成的十四张不靠牌；含全部九张组合龙时另计组合龙。|Fourteen unconnected singles from a knitted 147/258/369 set and the honors. With all nine knitted tiles it also scores Knitted Straight.
35|组合龙|zu he long|Knitted Straight|12|||三种花色的147、258、369组成的九张牌。|147, 258 and 369, each in a different suit (nine tiles), with a set and a pair, or within Honors and Knitted Tiles.
36|大于五|da yu wu|Upper Four|12|76||由序数牌6-9组成。|Only suited 6s to 9s.
37|小于五|xiao yu wu|Lower Four|12|76||由序数牌1-4组成。|Only suited 1s to 4s.
38|三风刻|san feng ke|Big Three Winds|12|73p||三副风刻。|Pungs of three winds.
39|花龙|hua long|Mixed Straight|8|||三种花色的123、456、789三副顺子。|The chows 123, 456 and 789, each in a different suit.
40|推不倒|tui bu dao|Reversible Tiles|8|75||由牌面图形没有上下区别的牌组成：1234589饼、245689条、白板。|Only tiles that look the same upside down: 1234589 dots, 245689 bamboo and the White Dragon.
41|三色三同顺|san se san tong shun|Mixed Triple Chow|8|70||三种花色序数相同的三副顺子。|The same chow in all three suits.
42|三色三节高|san se san jie gao|Mixed Shifted Pungs|8|||三种花色依次递增一位的三副刻子。|Pungs in three suits, each one number higher than the last.
43|无番和|wu fan hu|Chicken Hand|8|||和牌后数不出任何番种（花牌不计）。|A winning hand that scores no other fan (flowers aside).
44|妙手回春|miao shou hui chun|Last Tile Draw|8|80||自摸牌墙上最后一张牌和牌。|Winning by drawing the last tile of the wall.
45|海底捞月|hai di lao yue|Last Tile Claim|8|||和打出的最后一张牌。|Winning on the discard of the last tile.
46|杠上开花|gang shang kai hua|Out with Replacement Tile|8|80||开杠后抓进的补牌成和（补花不算）。|Winning on the replacement tile drawn after a kong (not after a flower).
47|抢杠和|qiang gang hu|Robbing The Kong|8|58||和别人自抓开明杠（加杠）的牌。|Winning on the tile another player adds to a melded pung to make a kong.
48|碰碰和|peng peng hu|All Pungs|6|||由四副刻子（杠）和将组成。|Four pungs or kongs and a pair.
49|混一色|hun yi se|Half Flush|6|75||由一种花色序数牌及字牌组成。|Tiles of one suit plus honors.
50|三色三步高|san se san bu gao|Mixed Shifted Chows|6|||三种花色依次递增一位的三副顺子。|Chows in three suits, each one number higher than the last (123m 234p 345s).
51|五门齐|wu men qi|All Types|6|||和牌时万、饼、条、风、箭五种牌都有。|Characters, dots, bamboo, winds and dragons all appear.
52|全求人|quan qiu ren|Melded Hand|6|79||全靠吃牌、碰牌、单钓别人打出的牌和牌。|All four sets claimed from others, and the win on a discard completing the pair.
53|双暗杠|shuang an gang|Two Concealed Kongs|6|66 67||两个暗杠。|Two concealed kongs.
54|双箭刻|shuang jian ke|Two Dragons Pungs|6|59 73p||两副箭刻（杠）。|Pungs or kongs of two dragons.
55|全带幺|quan dai yao|Outside Hand|4|||每副顺子、刻子和将牌都有幺九牌。|Every set and the pair contain a terminal or an honor.
56|不求人|bu qiu ren|Fully Concealed Hand|4|80||没有吃牌、碰牌（明杠）且自摸和牌。|No chow, pung or melded kong claimed, and won by self-draw.
57|双明杠|shuang ming gang|Two Melded Kongs|4|74||两个明杠。|Two melded kongs.
58|和绝张|hu jue zhang|Last Tile|4|||和牌池、桌面已亮明的三张牌所剩的第四张牌（抢杠和不计）。|Winning on the fourth copy of a tile when the other three are already visible (not when robbing a kong).
59|箭刻|jian ke|Dragon Pung|2|73p|1|由中、发、白三张相同的牌组成的刻子（杠）。|A pung or kong of a dragon.
60|圈风刻|quan feng ke|Prevalent Wind|2|73p||与圈风相同的风刻。|A pung or kong of the prevalent (round) wind.
61|门风刻|men feng ke|Seat Wind|2|73p||与本门风相同的风刻。|A pung or kong of the winner's seat wind.
62|门前清|men qian qing|Concealed Hand|2|||没有吃、碰、明杠，和别人打出的牌。|No chow, pung or melded kong claimed, and won on a discard.
63|平和|ping hu|All Chows|2|76||由四副顺子及序数牌作将组成。|Four chows and a pair of suited tiles.
64|四归一|si gui yi|Tile Hog|2||1|和牌中有四张相同的牌归于一家的顺、刻子、对、将牌中（不包括杠牌）。|All four copies of a tile used in the sets and pair of a hand, not as a kong.
65|双同刻|shuang tong ke|Double Pung|2||1|两副序数相同的刻子。|Two pungs of the same number in two suits.
66|双暗刻|shuang an ke|Two Concealed Pungs|2|||两副暗刻（含暗杠）。|Two concealed pungs (concealed kongs count).
67|暗杠|an gang|Concealed Kong|2|||自抓四张相同的牌开杠。|One concealed kong.
68|断幺|duan yao|All Simples|2|76||没有一、九及字牌。|No terminals and no honors.
69|一般高|yi ban gao|Pure Double Chow|1||1|由一种花色两副相同的顺子组成。|Two identical chows of one suit.
70|喜相逢|xi xiang feng|Mixed Double Chow|1||1|两种花色两副序数相同的顺子。|The same chow in two suits.
71|连六|lian liu|Short Straight|1||1|一种花色六张相连接的序数牌（两副顺子）。|Two chows of one suit making six consecutive numbers.
72|老少副|lao shao fu|Two Terminal Chows|1||1|一种花色牌的123、789两副顺子。|The chows 123 and 789 of one suit.
73|幺九刻|yao jiu ke|Pung of Terminals or Honors|1||1|三张相同的一、九序数牌或字牌组成的刻子（杠）。|A pung or kong of 1s, 9s or honors (dragons and the seat and prevalent winds score their own fan instead).
74|明杠|ming gang|Melded Kong|1|||自己有暗刻，碰别人打出的一张相同的牌开杠；或自己抓进一张与碰的刻子相同的牌开杠。|One melded kong: a discard claimed onto a concealed triplet, or a drawn tile added to a melded pung.
75|缺一门|que yi men|One Voided Suit|1|||和牌中缺少一种花色序数牌（另两种都有）。|Exactly one of the three suits is missing.
76|无字|wu zi|No Honors|1|||和牌中没有风、箭牌。|No winds or dragons.
77|边张|bian zhang|Edge Wait|1|78 79||单和123的3或789的7（只听这一张）。|Winning on 3 with 12 or on 7 with 89, when it is the only winning tile.
78|嵌张|qian zhang|Closed Wait|1|79||和顺子中间的一张牌（只听这一张）。|Winning on the middle tile of a chow, when it is the only winning tile.
79|单钓将|dan diao jiang|Single Wait|1|||钓单张牌作将成和（只听这一张）。|Winning on the tile that makes the pair, when it is the only winning tile.
80|自摸|zi mo|Self-Drawn|1|||自己抓进牌成和牌。|Winning on a tile one drew oneself.
81|花牌|hua pai|Flower Tiles|1||1|每花计一分；不计入起和分。|One point per flower; counted only after a legal win and not toward the 8-point minimum.
82|明暗杠|ming an gang|Concealed Kong and Melded Kong|5|74 67||一个明杠和一个暗杠（不在81番之内，是常见的通行计法；也有人分开计明杠和暗杠）。|One melded and one concealed kong: not one of the 81 fans, but common practice counts it as one pattern (some count Melded Kong and Concealed Kong separately).
"""


def _build() -> tuple[Fan, ...]:
    rows = []
    for line in _ROWS.strip().splitlines():
        (id_, zh, py, en, pts, ex, rep, dzh, den) = line.split("|")
        rows.append(Fan(int(id_), zh, py, en, int(pts), _ex(ex), dzh, den, rep == "1"))
    return tuple(rows)


FANS: tuple[Fan, ...] = _build()
"""The 82 rows in id order: ``FANS[i - 1].id == i``."""

_BY_NAME = {k: f for f in FANS for k in (f.zh, f.en, f.en.lower(), f.pinyin)}


def _key(en: str) -> str:
    """'Pung of Terminals or Honors' -> 'PUNG_OF_TERMINALS_OR_HONORS'."""
    return "".join(c if c.isalnum() else " " for c in en.upper()).strip().replace(" ", "_").replace("__", "_")


class F:
    """Fan ids by name: ``F.ALL_PUNGS == 48``.

    The constants are plain ints (the engine keeps ints in its occurrences and tables); the name of a
    fan's constant is :attr:`Fan.key`, and tests/test_mcr_detectors.py holds these lines equal to the
    rows above. The engine never writes a fan number as a literal (a test checks
    :mod:`~mjlearn.mcr.detect`, :mod:`~mjlearn.mcr.scorer` and :mod:`~mjlearn.mcr.principles`).
    """

    __slots__ = ()

    BIG_FOUR_WINDS = 1  # 大四喜
    BIG_THREE_DRAGONS = 2  # 大三元
    ALL_GREEN = 3  # 绿一色
    NINE_GATES = 4  # 九莲宝灯
    FOUR_KONGS = 5  # 四杠
    SEVEN_SHIFTED_PAIRS = 6  # 连七对
    THIRTEEN_ORPHANS = 7  # 十三幺
    ALL_TERMINALS = 8  # 清幺九
    LITTLE_FOUR_WINDS = 9  # 小四喜
    LITTLE_THREE_DRAGONS = 10  # 小三元
    ALL_HONORS = 11  # 字一色
    FOUR_CONCEALED_PUNGS = 12  # 四暗刻
    PURE_TERMINAL_CHOWS = 13  # 一色双龙会
    QUADRUPLE_CHOW = 14  # 一色四同顺
    FOUR_PURE_SHIFTED_PUNGS = 15  # 一色四节高
    FOUR_PURE_SHIFTED_CHOWS = 16  # 一色四步高
    THREE_KONGS = 17  # 三杠
    ALL_TERMINALS_AND_HONORS = 18  # 混幺九
    SEVEN_PAIRS = 19  # 七对
    GREATER_HONORS_AND_KNITTED_TILES = 20  # 七星不靠
    ALL_EVEN_PUNGS = 21  # 全双刻
    FULL_FLUSH = 22  # 清一色
    PURE_TRIPLE_CHOW = 23  # 一色三同顺
    PURE_SHIFTED_PUNGS = 24  # 一色三节高
    UPPER_TILES = 25  # 全大
    MIDDLE_TILES = 26  # 全中
    LOWER_TILES = 27  # 全小
    PURE_STRAIGHT = 28  # 清龙
    THREE_SUITED_TERMINAL_CHOWS = 29  # 三色双龙会
    PURE_SHIFTED_CHOWS = 30  # 一色三步高
    ALL_FIVE = 31  # 全带五
    TRIPLE_PUNG = 32  # 三同刻
    THREE_CONCEALED_PUNGS = 33  # 三暗刻
    LESSER_HONORS_AND_KNITTED_TILES = 34  # 全不靠
    KNITTED_STRAIGHT = 35  # 组合龙
    UPPER_FOUR = 36  # 大于五
    LOWER_FOUR = 37  # 小于五
    BIG_THREE_WINDS = 38  # 三风刻
    MIXED_STRAIGHT = 39  # 花龙
    REVERSIBLE_TILES = 40  # 推不倒
    MIXED_TRIPLE_CHOW = 41  # 三色三同顺
    MIXED_SHIFTED_PUNGS = 42  # 三色三节高
    CHICKEN_HAND = 43  # 无番和
    LAST_TILE_DRAW = 44  # 妙手回春
    LAST_TILE_CLAIM = 45  # 海底捞月
    OUT_WITH_REPLACEMENT_TILE = 46  # 杠上开花
    ROBBING_THE_KONG = 47  # 抢杠和
    ALL_PUNGS = 48  # 碰碰和
    HALF_FLUSH = 49  # 混一色
    MIXED_SHIFTED_CHOWS = 50  # 三色三步高
    ALL_TYPES = 51  # 五门齐
    MELDED_HAND = 52  # 全求人
    TWO_CONCEALED_KONGS = 53  # 双暗杠
    TWO_DRAGONS_PUNGS = 54  # 双箭刻
    OUTSIDE_HAND = 55  # 全带幺
    FULLY_CONCEALED_HAND = 56  # 不求人
    TWO_MELDED_KONGS = 57  # 双明杠
    LAST_TILE = 58  # 和绝张
    DRAGON_PUNG = 59  # 箭刻
    PREVALENT_WIND = 60  # 圈风刻
    SEAT_WIND = 61  # 门风刻
    CONCEALED_HAND = 62  # 门前清
    ALL_CHOWS = 63  # 平和
    TILE_HOG = 64  # 四归一
    DOUBLE_PUNG = 65  # 双同刻
    TWO_CONCEALED_PUNGS = 66  # 双暗刻
    CONCEALED_KONG = 67  # 暗杠
    ALL_SIMPLES = 68  # 断幺
    PURE_DOUBLE_CHOW = 69  # 一般高
    MIXED_DOUBLE_CHOW = 70  # 喜相逢
    SHORT_STRAIGHT = 71  # 连六
    TWO_TERMINAL_CHOWS = 72  # 老少副
    PUNG_OF_TERMINALS_OR_HONORS = 73  # 幺九刻
    MELDED_KONG = 74  # 明杠
    ONE_VOIDED_SUIT = 75  # 缺一门
    NO_HONORS = 76  # 无字
    EDGE_WAIT = 77  # 边张
    CLOSED_WAIT = 78  # 嵌张
    SINGLE_WAIT = 79  # 单钓将
    SELF_DRAWN = 80  # 自摸
    FLOWER_TILES = 81  # 花牌
    CONCEALED_KONG_AND_MELDED_KONG = 82  # 明暗杠


DETECTORS: dict = {}
"""Fan id -> the function that finds it, filled by :func:`detects` when the engine modules load
(:mod:`~mjlearn.mcr.detect` for most fans, :mod:`~mjlearn.mcr.principles` for the set combinations)."""

ASSESSED_ELSEWHERE = {
    F.CHICKEN_HAND: "mjlearn.mcr.principles.count_fans: 无番和 counts when nothing else is left after "
    "non-repetition (no detector can see that from the tiles alone)",
    F.FLOWER_TILES: "mjlearn.mcr.result.ScoreResult: 花牌 is the flowers given and in the hand, one point "
    "each, added after the win is scored",
}
"""The fans no detector reports, and where they are assessed instead."""


def detects(*fan_ids: int):
    """Declare that the decorated function finds (and can only report) these fans.

    Each fan has one detector: declaring a fan twice, a fan that does not exist or one assessed
    elsewhere is an error when the module loads. The function gets ``fans``, the ids it declares.
    """

    def register(func):
        for f in fan_ids:
            if f.__class__ is not int or not 1 <= f <= len(FANS):
                raise ValueError(f"{func.__qualname__} declares {f!r}, which is not a fan id (1-{len(FANS)})")
            if f in ASSESSED_ELSEWHERE:
                raise ValueError(f"{func.__qualname__} declares fan {f}, which is assessed elsewhere")
            other = DETECTORS.get(f)
            if other is not None and other is not func:
                raise ValueError(
                    f"fan {f} ({FANS[f - 1].en}) is declared by both {other.__qualname__} and {func.__qualname__}"
                )
            DETECTORS[f] = func
        func.fans = tuple(fan_ids)
        return func

    return register


def fan(key) -> Fan:
    """A fan by id (1-82), Chinese, English or pinyin name (names are looked up in a table, ids
    indexed: nothing is cached).

    >>> fan(48).zh, fan("Full Flush").id
    ('碰碰和', 22)
    """
    if key.__class__ is int or (isinstance(key, int) and not isinstance(key, bool)):
        if 1 <= key <= len(FANS):
            return FANS[key - 1]
        raise KeyError(f"no fan number {key}: fans are numbered 1-82")
    try:
        return _BY_NAME[key] if key in _BY_NAME else _BY_NAME[str(key).lower()]
    except KeyError:
        raise KeyError(f"no fan named {key!r}") from None
