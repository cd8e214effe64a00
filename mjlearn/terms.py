"""A bilingual glossary of mahjong words: Chinese, pinyin, English, a definition in each language.

:func:`glossary` (also ``mj.glossary``) looks a word up in Chinese, pinyin (with or without tone marks,
any case) or English and returns its card; with nothing it returns the whole list. :func:`term_html` and
:func:`annotate` make words hoverable in lessons and widgets.

>>> import mjlearn as mj
>>> t = mj.glossary("dazi")
>>> t.zh, t.pinyin, t.en
('搭子', 'dāzi', 'partial set')
>>> mj.glossary("听").zh
'听牌'
>>> len(mj.glossary()) >= 80
True
>>> from mjlearn.terms import term_html
>>> term_html("门清").startswith('<abbr class="mj-term" title="门清 ménqīng')
True
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from html import escape

from .errors import BadArgument, MjlearnError
from .notation import parse_hand, parse_meld, parse_tiles
from .render import svg
from .terms_data import TERMS as _DATA
from .terms_data import THEMES

__all__ = [
    "THEMES",
    "HTMLText",
    "Term",
    "TermList",
    "TermNotFound",
    "annotate",
    "lookup",
    "parse_example",
    "term_html",
    "terms",
]


@dataclass(frozen=True)
class Term:
    """One glossary entry. ``str(term)`` is a plain-text card; in a notebook it shows as an HTML card."""

    zh: str
    pinyin: str
    en: str
    theme: str
    definition_zh: str
    definition_en: str
    aliases_zh: tuple[str, ...] = ()
    aliases_en: tuple[str, ...] = ()
    pinyin_aliases: tuple[str, ...] = ()
    example: str | None = None
    example_zh: str = ""
    example_en: str = ""
    check: dict | None = field(default=None, compare=False, repr=False)
    """The property the example claims (verified against the engine by the tests)."""

    @property
    def theme_name(self) -> tuple[str, str]:
        return THEMES[self.theme]

    def title(self) -> str:
        """``搭子 dāzi, partial set: definition / definition`` (the hover text of :func:`term_html`)."""
        return f"{self.zh} {self.pinyin} · {self.en}: {self.definition_zh} / {self.definition_en}"

    def text(self) -> str:
        lines = [f"{self.zh}  {self.pinyin}  —  {self.en}"]
        if self.aliases_zh or self.aliases_en:
            lines.append("又称 Also: " + ", ".join(self.aliases_zh + self.aliases_en))
        lines.append(f"{self.definition_zh}")
        lines.append(f"{self.definition_en}")
        if self.example:
            note = " / ".join(x for x in (self.example_zh, self.example_en) if x)
            lines.append(f"例 Example: {self.example}" + (f"  ({note})" if note else ""))
        zh, en = self.theme_name
        lines.append(f"类别 Theme: {zh} {en}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"{self.zh} {self.pinyin} — {self.en}"

    def _repr_pretty_(self, p, cycle):  # IPython's text/plain
        p.text(self.text())

    def _example_html(self) -> str:
        if not self.example:
            return ""
        obj = parse_example(self.example)
        if isinstance(obj, str):  # a meld
            pic = svg.meld_svg(obj)
        elif hasattr(obj, "melds"):
            pic = svg.hand_svg(obj, width=28)
        else:
            pic = svg.tiles_svg(obj, width=28)
        note = " / ".join(escape(x) for x in (self.example_zh, self.example_en) if x)
        return (
            f"<div style='margin-top:6px'>例 Example: <code>{escape(self.example)}</code>"
            f"{' — ' + note if note else ''}<div style='max-width:100%;overflow-x:auto'>"
            f"{svg.inline_html(pic)}</div></div>"
        )

    def _repr_html_(self) -> str:
        zh, en = self.theme_name
        also = ", ".join(self.aliases_zh + self.aliases_en)
        return (
            f"<div class='mj-glossary-card' style='border:1px solid #ccc;border-radius:6px;padding:8px 12px;"
            f"max-width:640px'><div><span style='font-size:150%;font-weight:bold'>{escape(self.zh)}</span> "
            f"<span style='color:#555'>{escape(self.pinyin)}</span> — <b>{escape(self.en)}</b> "
            f"<span style='color:#888;font-size:85%'>[{escape(zh)} {escape(en)}]</span></div>"
            + (f"<div style='color:#666;font-size:90%'>又称 Also: {escape(also)}</div>" if also else "")
            + f"<p style='margin:6px 0 2px'>{escape(self.definition_zh)}</p>"
            f"<p style='margin:2px 0;color:#333'>{escape(self.definition_en)}</p>" + self._example_html() + "</div>"
        )


def _term(d: dict) -> Term:
    return Term(
        zh=d["zh"],
        pinyin=d["py"],
        en=d["en"],
        theme=d["theme"],
        definition_zh=d["d_zh"],
        definition_en=d["d_en"],
        aliases_zh=tuple(d.get("alt", ())),
        aliases_en=tuple(d.get("en_alt", ())),
        pinyin_aliases=tuple(d.get("py_alt", ())),
        example=d.get("ex"),
        example_zh=d.get("ex_zh", ""),
        example_en=d.get("ex_en", ""),
        check=d.get("check"),
    )


class TermList(tuple):
    """Glossary terms: a tuple that shows as a table grouped by theme; :meth:`search` narrows it,
    :meth:`sorted` orders it, :meth:`theme` keeps one theme."""

    def search(self, text: str) -> TermList:
        """The terms whose Chinese, pinyin, English or definitions contain ``text`` (any case, tones optional)."""
        q = text.strip().lower()
        qt = _toneless(q)
        return TermList(t for t in self if q in _haystack(t) or (qt and qt in _toneless_haystack(t)))

    def sorted(self, by: str = "pinyin") -> TermList:
        """Ordered by ``"pinyin"``, ``"en"`` (English) or ``"zh"`` (Chinese, by stroke-agnostic code point)."""
        keys = {"pinyin": lambda t: _toneless(t.pinyin), "en": lambda t: t.en.lower(), "zh": lambda t: t.zh}
        if by not in keys:
            raise BadArgument(
                f"术语表只能按 'pinyin'（拼音）、'en'（英文）或 'zh'（中文）排序，这里是 {by!r} / "
                f"the glossary sorts by 'pinyin', 'en' (English) or 'zh' (Chinese), not {by!r}"
            )
        return TermList(sorted(self, key=keys[by]))

    def theme(self, name: str) -> TermList:
        """The terms of one theme, named by its key, Chinese or English name (e.g. ``"scoring"`` or ``"计分"``)."""
        for key, (zh, en) in THEMES.items():
            if name.strip().lower() in (key, zh, en.lower()):
                return TermList(t for t in self if t.theme == key)
        names = "、".join(f"{zh} {en}" for zh, en in THEMES.values())
        raise BadArgument(
            f"术语表没有“{name}”这个类别 / the glossary has no theme {name!r}.\n类别有 The themes are: {names}"
        )

    def text(self) -> str:
        lines = [f"术语表 Glossary: {len(self)} 条 terms"]
        for key, (zh, en) in THEMES.items():
            group = [t for t in self if t.theme == key]
            if group:
                lines.append(f"\n{zh} {en}")
                lines += [f"  {t.zh}  {t.pinyin}  —  {t.en}" for t in group]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()

    def _repr_pretty_(self, p, cycle):
        p.text(self.text())

    def _repr_html_(self) -> str:
        parts = [
            f"<div class='mj-glossary' style='max-width:100%'><p><b>术语表 Glossary</b>: {len(self)} 条 terms. "
            f'查一个词 Look one up: <code>mj.glossary("听")</code>; 搜索 search: '
            f'<code>mj.glossary().search("wait")</code></p>'
        ]
        for key, (zh, en) in THEMES.items():
            group = [t for t in self if t.theme == key]
            if not group:
                continue
            rows = "".join(
                f"<tr><td style='white-space:nowrap;text-align:left;vertical-align:top'><b>{escape(t.zh)}</b></td>"
                f"<td style='white-space:nowrap;text-align:left;vertical-align:top'>{escape(t.pinyin)}</td><td style='text-align:left;vertical-align:top'>{escape(t.en)}</td>"
                f"<td style='font-size:90%;text-align:left;vertical-align:top'>{escape(t.definition_zh)}<br><span style='color:#555'>"
                f"{escape(t.definition_en)}</span></td></tr>"
                for t in group
            )
            parts.append(
                f"<h4 style='margin:10px 0 4px'>{escape(zh)} {escape(en)} ({len(group)})</h4>"
                f"<table style='table-layout:auto;width:100%;max-width:100%'><tr><th style='text-align:left;vertical-align:top'>中文</th><th style='text-align:left;vertical-align:top'>拼音 Pinyin"
                f"</th><th style='text-align:left;vertical-align:top'>English</th><th style='text-align:left;vertical-align:top'>释义 Definition</th></tr>{rows}</table>"
            )
        parts.append("</div>")
        return "".join(parts)


class TermNotFound(MjlearnError, LookupError):
    """A word the glossary does not hold; the message (in both languages) lists close matches, each
    in Chinese, pinyin and English. In IPython and Jupyter it shows as a short box (see
    :class:`~mjlearn.errors.MjlearnError`)."""

    heading = ("术语表里没有这个词", "The glossary does not have this word")

    def __init__(self, query: str, matches: list[Term]):
        self.query = query
        self.matches = matches
        close = "; ".join(repr(t) for t in matches)
        msg = f"术语表里没有“{query}” / {query!r} is not in the glossary."
        msg += (
            f" 相近的词 Close matches: {close}."
            if matches
            else " 用 mj.glossary() 查看全部 / see them all with mj.glossary()."
        )
        super().__init__(msg)

    def __str__(self) -> str:
        return self.args[0]

    def learner_lines(self) -> list[str]:
        zh, en = self.heading
        lines = [f"{zh} · {en}", f"  术语表里没有“{self.query}”。", f"  {self.query!r} is not in the glossary."]
        if self.matches:
            lines.append("  相近的词 Close matches:")
            lines += [f"    {t.zh}  {t.pinyin}  —  {t.en}" for t in self.matches]
        else:
            lines += [
                '  用 mj.glossary() 查看全部词语，或用 mj.glossary().search("…") 搜索。',
                '  See every word with mj.glossary(), or search with mj.glossary().search("…").',
            ]
        return lines


# -- lookup -----------------------------------------------------------------------------------------
_ALL = TermList(_term(d) for d in _DATA)


def _toneless(s: str) -> str:
    """Pinyin without tone marks, spaces or apostrophes, ü as v: ``"hǎidǐ lāo yuè"`` -> ``"haidilaoyue"``."""
    s = s.lower().replace("ü", "v")
    s = "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
    return re.sub(r"[\s'’\-·]", "", s).replace("u\u0308", "v")


def _en_key(s: str) -> str:
    return " ".join(re.sub(r"[^\w\s\-]", " ", s.lower()).split())


def _haystack(t: Term) -> str:
    return " ".join((t.zh, t.pinyin, t.en, t.definition_zh, t.definition_en) + t.aliases_zh + t.aliases_en).lower()


def _toneless_haystack(t: Term) -> str:
    return " ".join(_toneless(w) for w in (t.pinyin,) + t.pinyin_aliases)


def _index():
    """Chinese, English and toneless-pinyin names -> term; a headword wins over another term's alias."""
    zh: dict[str, Term] = {}
    en: dict[str, Term] = {}
    py: dict[str, Term] = {}
    for t in _ALL:
        zh.setdefault(t.zh, t)
        py.setdefault(_toneless(t.pinyin), t)
        en.setdefault(_en_key(t.en), t)
    for t in _ALL:
        for w in t.aliases_zh:
            zh.setdefault(w, t)
        for w in t.pinyin_aliases:
            py.setdefault(_toneless(w), t)
        for w in t.aliases_en:
            en.setdefault(_en_key(w), t)
    for t in _ALL:  # "chow (claim)" is also found as "chow" if no other term is
        en.setdefault(_en_key(re.sub(r"\s*\(.*\)", "", t.en)), t)
    return zh, en, py


_ZH, _EN, _PY = _index()


def lookup(term: str) -> Term:
    """The term for a word in Chinese, pinyin (tone marks optional, any case) or English.

    Raises :class:`TermNotFound` (a ``LookupError``) naming close matches."""
    if isinstance(term, Term):
        return term
    if not isinstance(term, str) or not term.strip():
        raise TermNotFound(str(term), [])
    q = term.strip()
    if q in _ZH:
        return _ZH[q]
    if _en_key(q) in _EN:
        return _EN[_en_key(q)]
    if _toneless(q) in _PY:
        return _PY[_toneless(q)]
    raise TermNotFound(q, _close(q))


def _close(q: str, n: int = 5) -> list[Term]:
    found: list[Term] = []

    def add(ts):
        for t in ts:
            if t not in found:
                found.append(t)

    if any("\u4e00" <= c <= "\u9fff" for c in q):  # Chinese: terms sharing a character, then similar
        add(t for w, t in _ZH.items() if q in w or w in q)
        add(_ZH[w] for w in difflib.get_close_matches(q, list(_ZH), n=n, cutoff=0.3))
    else:
        add(_EN[w] for w in difflib.get_close_matches(_en_key(q), list(_EN), n=n, cutoff=0.6))
        add(_PY[w] for w in difflib.get_close_matches(_toneless(q), list(_PY), n=n, cutoff=0.6))
        add(t for t in _ALL if len(q) >= 3 and q.lower() in _haystack(t))
    return found[:n]


def terms() -> TermList:
    """Every term, grouped by theme in the course's order."""
    return _ALL


def glossary(term: str | None = None):
    """``glossary("听")`` is the card of one term (Chinese, pinyin or English); ``glossary()`` the whole list."""
    return _ALL if term is None else lookup(term)


def parse_example(example: str):
    """An example in notation, parsed: a meld (returned as its text), a hand or a row of tiles."""
    s = example.strip()
    if s.startswith("[") and s.endswith("]") and s.count("[") == 1:
        parse_meld(s)
        return s
    if "+" in s or "[" in s:
        return parse_hand(s)
    return parse_tiles(s)


# -- hoverable terms --------------------------------------------------------------------------------
def term_html(term: str, text: str | None = None) -> str:
    """``<abbr class="mj-term" title="...">text</abbr>``: the word with its bilingual definition on hover.

    ``text`` is what the reader sees (default: the term's Chinese). Raises :class:`TermNotFound` for an
    unknown term, so a lesson cannot link to a word the glossary lacks."""
    t = lookup(term)
    shown = t.zh if text is None else text
    return (
        f'<abbr class="mj-term" title="{escape(t.title(), quote=True)}" '
        f'style="text-decoration:underline dotted;cursor:help">{escape(shown)}</abbr>'
    )


class HTMLText(str):
    """A string of HTML that a notebook shows as HTML (and as plain text, without the tags, elsewhere)."""

    def _repr_html_(self) -> str:
        return str(self)

    def _repr_pretty_(self, p, cycle):
        from html import unescape

        p.text(unescape(re.sub(r"<[^>]+>", "", self)))


_SKIP = re.compile(
    r"<(abbr|code|pre|a|script|style|h[1-6])\b.*?</\1\s*>|```.*?```|`[^`]*`|<[^>]+>"
    r"|^#[^\n]*|\[[^\]]*\]\([^)]*\)",
    re.DOTALL | re.IGNORECASE | re.MULTILINE,
)


def annotate(text: str, *, once: bool = True, single: bool = False, seen: set | None = None) -> HTMLText:
    """Wrap the Chinese glossary words of a Markdown or HTML text in :func:`term_html`.

    Each word is marked at its first occurrence only (``once=False``: every one); one-character words
    such as 碰 or 番 are marked only with ``single=True``. Text inside tags, code, links and headings
    is left alone (Markdown too: code spans and blocks, links and ``#`` headings). ``seen``: the words
    already marked earlier (a lesson's previous cells); it is updated."""
    words = sorted((w for w in _ZH if single or len(w) > 1), key=len, reverse=True)
    pattern = re.compile("|".join(map(re.escape, words)))
    done: set[str] = set() if seen is None else seen

    def mark(chunk: str) -> str:
        def one(m):
            t = _ZH[m.group(0)]
            if once and t.zh in done:
                return m.group(0)
            # a word touching a Markdown emphasis mark stays plain: "**<abbr…>" is no longer bold
            # (CommonMark opens emphasis before a letter, not before "<"); a later use is marked
            if chunk[m.start() - 1 : m.start()] in ("*", "_") or chunk[m.end() : m.end() + 1] in ("*", "_"):
                return m.group(0)
            done.add(t.zh)
            return term_html(t.zh, m.group(0))

        return pattern.sub(one, chunk)

    out, pos = [], 0
    for m in _SKIP.finditer(text):
        out.append(mark(text[pos : m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(mark(text[pos:]))
    return HTMLText("".join(out))
