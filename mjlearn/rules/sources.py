"""The documents the rule sets were written from, as a reader finds them (title, who published it,
what it holds): each rule set names its own in its description (``about.sources``); the appendix
notebook ``12_sources_and_rulings`` shows them (:mod:`mjlearn.course.sources`). The notes under each
record say, for a maintainer, what state the copy the rule sets were written from was in.

>>> XIAN_SHEET.title
'《麻将规则（麻将规则说明）》：地方麻将规则整理《西安麻将》'
>>> DOCUMENTS[-1] is COMPETITION_RULES
True
"""

from __future__ import annotations

from .description import Document

__all__ = [
    "CARD_ROOM",
    "COMPETITION_RULES",
    "DOCUMENTS",
    "HUOPIN_RULES",
    "LIANZHONG_BEIJING",
    "OLD_BEIJING_BLOG",
    "QA_THREAD",
    "XIAN_SHEET",
]


LIANZHONG_BEIJING = Document(
    "《北京麻将规则》",
    (
        "一份上传到文档分享网站的文档（上传者没有署名），转载联众世界的《北京麻将游戏介绍》；同一文档里还有一篇讲“海底捞月”的短文，"
        "和一份只用 108 张数牌的规则（就是长沙麻将）。",
        "A document shared on a document-sharing site (the uploader left no name), reproducing the Lianzhong World (联众世界) "
        "game site's introduction to its Beijing mahjong; the same document holds a short article on 海底捞月 (winning on the "
        "last tile) and a rule set for the 108 suited tiles only, which is Changsha mahjong.",
    ),
)
"""The rule sets written from it: beijing, beijing_cpt, changsha. Beijing's rules are the portal's
description (its two modes); the 海底 article gives the rule for the end of the wall. The Changsha
rules are printed under the headings "广东麻将中的海底捞月" and "主牌豪华七对胡", leftovers of the
page layout (an image caption), not their subject. The document also holds a first copy of the 81-fan
list with about 20 names blank."""


CARD_ROOM = Document(
    "《……室麻将游戏规则》",
    (
        "一个麻将牌室网站的规则页（标题开头几个字丢了）：云南麻将（玉溪打法），以及北京、河北、山东的计分打法。",
        "The rule page of a mahjong card-room site (the first characters of its title are lost): Yunnan mahjong as "
        "played in Yuxi, and the points games of Beijing, Hebei and Shandong.",
    ),
)
"""The rule sets written from it: yunnan, bj_basic, bj_new, hebei1, hebei2, shandong1, shandong2.
Yunnan is its first half. In the second half whole paragraphs are pasted twice: the Shandong block
appears twice (the first copy breaks off before its doubling line) and its rule-2 paragraph is
repeated; the copies agree."""


HUOPIN_RULES = Document(
    "《“火拼麻將”規則說明》",
    (
        "2007 年 10 月 30 日发表，作者佚名；繁体字，带拼音。里面有完整的 81 番番种表和三种玩法。",
        "Published 30 October 2007, author not named; in traditional characters with pinyin. It holds the full list of "
        "the 81 fans and the three ways to play.",
    ),
)
"""The rule sets written from it: huopin, huopin_dazhong, huopin_wufan. Dated 2007, in Traditional
Chinese with pinyin after many characters (``規(guī)``), which the rules ignore; the only copy of the
81-fan list with every name given."""


XIAN_SHEET = Document(
    "《麻将规则（麻将规则说明）》：地方麻将规则整理《西安麻将》",
    (
        "一份西安麻将的规则说明：骰子、座位、码牌、抓牌、留牌、杠、吃碰、下注和付钱。",
        "A rule sheet for Xi'an mahjong: dice, seats, building the wall, dealing, the tiles left at the end, kongs, "
        "claims, side bets and payments.",
    ),
)
"""The rule sets written from it: xian. A rule sheet converted from PDF, clean apart from stray
spaces."""


OLD_BEIJING_BLOG = Document(
    "《老北京传统麻将打法》",
    (
        "一篇回忆老北京打法（数番、数嘴）的博客文章；作者说这种打法快要失传，所以把它记下来。",
        "A blog post recalling the traditional Beijing game (counting 番 and 嘴); the author writes it down because the "
        "game is almost forgotten.",
    ),
)
"""The rule sets written from it: old_beijing. A memoir-style post: the author says the system is
almost extinct and contrasts it with the post-1980s 推倒和 style, which counts 番 only."""


QA_THREAD = Document(
    "问答帖《关于麻将（看补充的）菜鸟要看得懂》",
    (
        "一个网上问答帖的回答：从掷骰子起讲怎么打，广东/香港的番种表和“包”的规定，《中国麻将竞赛规则》的摘录，"
        "一份福州麻将的网络游戏规则，以及福州玩家对金雀、诈和的回帖。",
        "The answers to a question on a question-and-answer site: how play goes from the dice on, the Hong Kong / "
        "Guangdong fan table and liability (包) rules, an excerpt of the Chinese competition rules, an online game's "
        "Fuzhou mahjong rules, and Fuzhou players' replies about 金雀 and false wins.",
    ),
)
"""The rule sets written from it: hongkong, fuzhou, mcr. The Hong Kong / Guangdong fan table
appears twice (a first copy with the names blanked, a second with names, at the end) and several
liability items have their names blanked. The Fuzhou rules (a numbered online-game rule set) do not
name the variant; the players' replies ("we have 金雀 in our Fuzhou mahjong") and its features (金,
honors as flowers, 三金倒, 抢金) do. The excerpt of the competition rules comes with a third copy of
the 81-fan list (17 names blank, 3 cut short: "九灯", "四同顺", "妙手")."""


COMPETITION_RULES = Document(
    "《中国麻将竞赛规则》",
    (
        "国家体育总局 1998 年公布的比赛规则：81 个番种，8 番起和。世界麻将组织（WMO）2014 年出过一个修订本，少数几处算法不同（见下文）。",
        "The competition rules published by China's State Sports General Administration in 1998: 81 fans, 8 points to "
        "win. The World Mahjong Organization (WMO) revised them in 2014; a few points are counted differently (see below).",
    ),
)
"""The rule sets written from it: mcr."""


DOCUMENTS: tuple[Document, ...] = (
    LIANZHONG_BEIJING,
    CARD_ROOM,
    HUOPIN_RULES,
    XIAN_SHEET,
    OLD_BEIJING_BLOG,
    QA_THREAD,
    COMPETITION_RULES,
)
"""The documents in the order the appendix lists them."""
