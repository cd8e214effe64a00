"""The documents the rule sets were written from, as a reader finds them (title, who published it,
what it holds): each rule set names its own in its description (``about.sources``); the appendix
notebook ``12_sources_and_rulings`` shows them (:mod:`mjlearn.course.sources`).

``SOURCE_DOCUMENTS`` and ``SECTIONS`` are the developers' notes on the same documents (their tags
S0-S4 and the sections of the specification); a reader is shown the :class:`Document` records instead.

>>> SECTIONS["§5"][0].startswith("Changsha")
True
>>> XIAN_SHEET.title
'《麻将规则（麻将规则说明）》：地方麻将规则整理《西安麻将》'
"""

from __future__ import annotations

from .description import Document

__all__ = ["SOURCE_DOCUMENTS", "SECTIONS", "DOCUMENTS", "LIANZHONG_BEIJING", "CARD_ROOM", "HUOPIN_RULES", "XIAN_SHEET", "OLD_BEIJING_BLOG", "QA_THREAD", "COMPETITION_RULES"]

SOURCE_DOCUMENTS = (
    ("S0", "Beijing (Lianzhong online) with its two modes; an article on 海底捞月; a 108-tile rule set printed "
           "under a misleading heading (its content is Changsha mahjong); the first copy of the 81-fan list, about 20 names blank."),
    ("S1", "Yunnan (Yuxi) mahjong; the Beijing / Hebei / Shandong points variants (large blocks pasted twice)."),
    ("S2", "Huopin mahjong (火拼麻將), in Traditional Chinese with inline pinyin; the only complete-named copy of the "
           "fan list (MCR + 无财神) and the three rooms."),
    ("S3", "Xi'an mahjong: dice, seating, 17-stack walls, dealing, exhaustion reserve, kongs, claims, side bets and payments."),
    ("S4", "Old Beijing traditional scoring (番 and 嘴); a Q&A thread with a generic wall-building procedure, a Hong Kong / "
           "Guangdong fan table and liability rules, an excerpt of the MCR competition rules, and Fuzhou mahjong; forum "
           "remarks on false wins and 金雀."),
)
"""The source documents ("seeds") the specification regional.md was written from."""

SECTIONS = {
    "§3": ('Beijing mahjong, online (Lianzhong) version (S0)',
            'S0, part (a): a game-portal description (联众世界). S0 (b), the 海底 article, supplies the wall-exhaustion rule.'),
    "§4": ('Beijing / Hebei / Shandong points variants (S1, part b)',
            'S1, second half. Whole paragraphs are pasted twice. The Shandong block appears twice (the first copy breaks off before its doubling line), and its rule-2 paragraph is repeated. The content is consistent across the copies.'),
    "§5": ('Changsha mahjong: the 108-tile rule set (S0, part c)',
            'S0, part (c). It is printed under the headings "广东麻将中的海底捞月" and "主牌豪华七对胡", which are leftovers from page layout (an image caption).'),
    "§6": ('Yunnan (Yuxi) mahjong (S1, part a)',
            'S1, first half. The page heading "…室麻将游戏规则" (a card-room rule page) has lost its first characters.'),
    "§7": ('Huopin mahjong 火拼麻将 (S2)',
            'S2, dated 2007. The text is in Traditional Chinese with inline pinyin annotations such as `規(guī)`; ignore them.'),
    "§8": ("Xi'an mahjong (S3)",
            'S3, a rule sheet converted from PDF. It is clean apart from stray spaces.'),
    "§9": ('Old Beijing traditional mahjong: 番 and 嘴 (S4, part a)',
            'S4, part (a): a memoir-style blog post. The author says the system is almost extinct and is recording it so it is not lost. It contrasts the system with the post-1980s 推倒和 style, which counts 番 only.'),
    "§10": ('Hong Kong / Guangdong style (S4, Q&A part)',
            'S4, inside a Q&A thread. The fan table appears **twice**: a first copy with names blanked and a second copy, at the end, with names. The liability rules (附加情况) have several item names blanked.'),
    "§11": ('Fuzhou mahjong (S4, Q&A part)',
            'S4. A numbered online-game rule set, sections 1.1–1.8.2, plus forum replies from Fuzhou players about 金雀 and false wins. The seed text does not name the variant. The forum replies say "we have 金雀 in our **Fuzhou** mahjong", and the rule set\'s features (金, honors as flowers, 三金倒, 抢金) are Fuzhou hallmarks.'),
    "§12": ('Guobiao / Mahjong Competition Rules (MCR) (S4 excerpt + fan lists in S0/S2/S4)',
            'S4 excerpt, covering articles on tiles, terminology, play, winning and scoring, plus **three copies of the 81-fan list**: S0 with about 20 names blank; S2 with all names (inside the Huopin rules); and S4 with 17 names blank and 3 cut short ("九灯", "四同顺", "妙手"), and many words also blanked inside the definitions.'),
}
"""Section of regional.md → (its title, its Source row)."""


LIANZHONG_BEIJING = Document(
    "《北京麻将规则》",
    ("一份上传到文档分享网站的文档（上传者没有署名），转载联众世界的《北京麻将游戏介绍》；同一文档里还有一篇讲“海底捞月”的短文，"
     "和一份只用 108 张数牌的规则（就是长沙麻将）。",
     "A document shared on a document-sharing site (the uploader left no name), reproducing the Lianzhong World (联众世界) "
     "game site's introduction to its Beijing mahjong; the same document holds a short article on 海底捞月 (winning on the "
     "last tile) and a rule set for the 108 suited tiles only, which is Changsha mahjong."))
"""The rule sets written from it: beijing, beijing_cpt, changsha."""


CARD_ROOM = Document(
    "《……室麻将游戏规则》",
    ("一个麻将牌室网站的规则页（标题开头几个字丢了）：云南麻将（玉溪打法），以及北京、河北、山东的计分打法。",
     "The rule page of a mahjong card-room site (the first characters of its title are lost): Yunnan mahjong as "
     "played in Yuxi, and the points games of Beijing, Hebei and Shandong."))
"""The rule sets written from it: yunnan, bj_basic, bj_new, hebei1, hebei2, shandong1, shandong2."""


HUOPIN_RULES = Document(
    "《“火拼麻將”規則說明》",
    ("2007 年 10 月 30 日发表，作者佚名；繁体字，带拼音。里面有完整的 81 番番种表和三种玩法。",
     "Published 30 October 2007, author not named; in traditional characters with pinyin. It holds the full list of "
     "the 81 fans and the three ways to play."))
"""The rule sets written from it: huopin, huopin_dazhong, huopin_wufan."""


XIAN_SHEET = Document(
    "《麻将规则（麻将规则说明）》：地方麻将规则整理《西安麻将》",
    ("一份西安麻将的规则说明：骰子、座位、码牌、抓牌、留牌、杠、吃碰、下注和付钱。",
     "A rule sheet for Xi'an mahjong: dice, seats, building the wall, dealing, the tiles left at the end, kongs, "
     "claims, side bets and payments."))
"""The rule sets written from it: xian."""


OLD_BEIJING_BLOG = Document(
    "《老北京传统麻将打法》",
    ("一篇回忆老北京打法（数番、数嘴）的博客文章；作者说这种打法快要失传，所以把它记下来。",
     "A blog post recalling the traditional Beijing game (counting 番 and 嘴); the author writes it down because the "
     "game is almost forgotten."))
"""The rule sets written from it: old_beijing."""


QA_THREAD = Document(
    "问答帖《关于麻将（看补充的）菜鸟要看得懂》",
    ("一个网上问答帖的回答：从掷骰子起讲怎么打，广东/香港的番种表和“包”的规定，《中国麻将竞赛规则》的摘录，"
     "一份福州麻将的网络游戏规则，以及福州玩家对金雀、诈和的回帖。",
     "The answers to a question on a question-and-answer site: how play goes from the dice on, the Hong Kong / "
     "Guangdong fan table and liability (包) rules, an excerpt of the Chinese competition rules, an online game's "
     "Fuzhou mahjong rules, and Fuzhou players' replies about 金雀 and false wins."))
"""The rule sets written from it: hongkong, fuzhou, mcr."""


COMPETITION_RULES = Document(
    "《中国麻将竞赛规则》",
    ("国家体育总局 1998 年公布的比赛规则：81 个番种，8 番起和。世界麻将组织（WMO）2014 年出过一个修订本，少数几处算法不同（见下文）。",
     "The competition rules published by China's State Sports General Administration in 1998: 81 fans, 8 points to "
     "win. The World Mahjong Organization (WMO) revised them in 2014; a few points are counted differently (see below)."))
"""The rule sets written from it: mcr."""


DOCUMENTS: tuple[Document, ...] = (LIANZHONG_BEIJING, CARD_ROOM, HUOPIN_RULES, XIAN_SHEET, OLD_BEIJING_BLOG,
                                   QA_THREAD, COMPETITION_RULES)
"""The documents in the order the appendix lists them."""
