"""Sources and rulings, for the appendix notebook ``12_sources_and_rulings`` only: where each rule
set is specified, which source document it comes from, the rulings mjlearn made (with the option
keys and the ids of the specification) and how to change one.

This is the one place where references to the specification (``regional.md``, its section numbers,
the ambiguity ids such as ``A-BJ-1``, the source documents S0-S4) are shown to a reader.

>>> from mjlearn.rules.sources import SECTIONS
>>> SECTIONS["§5"][0].startswith("Changsha")
True
"""

from __future__ import annotations

from html import escape

from .about import ABOUT
from .comparison import _TABLE, _TD, options_html
from .registry import get

__all__ = ["SOURCE_DOCUMENTS", "SECTIONS", "sources_html", "rulings_html"]

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


def sources_html(rules) -> str:
    """Where a rule set is specified and what it was written from."""
    rs = get(rules)
    title, text = SECTIONS.get(rs.section, ("", ""))
    text = text.replace("**", "")
    return (f"<p><b>{escape(rs.zh)} · {escape(rs.en)}</b> (<code>{escape(rs.name)}</code>): "
            f"<code>regional.md</code> {escape(rs.section)} <i>{escape(title)}</i><br>"
            f"Source: {escape(text)}</p>")


def rulings_html(rules) -> str:
    """The disputed rulings the learner reads (in plain words) with the option key and the
    specification id behind each, then every option of the rule set."""
    rs = get(rules)
    a = ABOUT.get(rs.name)
    rows = []
    for r in (a.rulings if a else ()):
        o = next((o for o in rs.options if o.key == r.option), None)
        rows.append(f"<tr><td style='{_TD}'>{escape(r.topic[1])}<br><small>{escape(r.topic[0])}</small></td>"
                    f"<td style='{_TD}'>{escape(r.follows[1])}</td><td style='{_TD}'><code>{escape(r.option)}</code> = "
                    f"<code>{escape(repr(rs.opt(r.option)))}</code></td><td style='{_TD}'>{escape(o.ref if o else '')}</td></tr>")
    table = (f"<table style='{_TABLE}'><tr><th style='{_TD}'>裁定 ruling (as the learner reads it)</th>"
             f"<th style='{_TD}'>mjlearn 的做法 follows</th><th style='{_TD}'>选项 option</th><th style='{_TD}'>编号 spec id</th></tr>"
             f"{''.join(rows)}</table>") if rows else ""
    return (sources_html(rs) + table
            + f"<details><summary>全部 {len(rs.options)} 个选项 · All {len(rs.options)} options of <code>{escape(rs.name)}</code></summary>"
            + options_html(rs) + "</details>")
