"""Sources and rulings, for the appendix notebook ``12_sources_and_rulings`` only: the documents
each rule set was written from, named as a reader finds them (title, author or site, date), the
points on which they are unclear and what the course does there. Each rule set names its documents
in its description (``about.sources``, records of :mod:`mjlearn.rules.sources`); the lists here are
read from the registry.

>>> document_of("xian")[0]
'《麻将规则（麻将规则说明）》：地方麻将规则整理《西安麻将》'
"""

from __future__ import annotations

from html import escape

from ..rules import get, names
from ..rules.description import Document, Line
from ..rules.sources import DOCUMENTS
from .comparison import _TABLE, _TD

__all__ = ["document_of", "documents", "published_html", "rulings_html", "sources_html"]


def _sources(name: str) -> tuple[Document, ...]:
    a = get(name).about
    return a.sources if a is not None else ()


def documents() -> tuple[tuple[Document, tuple[str, ...]], ...]:
    """Every document a registered rule set was written from, with those rule sets (in registry
    order): the course's documents first in their order, then any other a rule set names."""
    docs = list(DOCUMENTS)
    for n in names():
        docs += [d for d in _sources(n) if d not in docs]
    return tuple((d, tuple(n for n in names() if d in _sources(n))) for d in docs)


def document_of(rules) -> tuple[str, Line]:
    """The title and description of the first document a rule set was written from."""
    rs = get(rules)
    docs = _sources(rs.name)
    if not docs:
        raise KeyError(rs.name)
    return docs[0].title, docs[0].what


def published_html() -> str:
    """The original documents, one row each: title, what it is (both languages), the rule sets."""
    rows = "".join(
        f"<tr><td style='{_TD}'>{escape(d.title)}</td><td style='{_TD}'>{escape(d.what[0])}<br>"
        f"<small style='color:#555'>{escape(d.what[1])}</small></td><td style='{_TD}'>"
        + "<br>".join(f"{escape(get(n).zh)} <small>{escape(get(n).en)}</small>" for n in sets)
        + "</td></tr>"
        for d, sets in documents()
        if sets
    )
    return (
        f"<table style='{_TABLE}'><tr><th style='{_TD}'>资料 Document</th><th style='{_TD}'>是什么 What it is</th>"
        f"<th style='{_TD}'>写成的规则 Rule sets</th></tr>{rows}</table>"
    )


def sources_html(rules) -> str:
    """A rule set's name and the documents it was written from."""
    rs = get(rules)
    docs = [d.title for d, sets in documents() if rs.name in sets]
    return f"<p><b>{escape(rs.zh)} · {escape(rs.en)}</b><br>资料 From: {escape('；'.join(docs))}</p>"


def rulings_html(rules) -> str:
    """The points the documents leave open for a rule set, in plain words: what players disagree on,
    and what the course does (the notebook shows, once, the line of code that switches a reading)."""
    rs = get(rules)
    rows = []
    for r in rs.about.rulings if rs.about is not None else ():
        rows.append(
            f"<tr><td style='{_TD}'>{escape(r.topic[0])}<br><small style='color:#555'>{escape(r.topic[1])}</small></td>"
            f"<td style='{_TD}'>{escape(r.follows[0])}<br><small style='color:#555'>{escape(r.follows[1])}</small></td></tr>"
        )
    table = (
        (
            f"<table style='{_TABLE}'><tr><th style='{_TD}'>说法不一的地方 Players disagree on</th>"
            f"<th style='{_TD}'>本课程的做法 This course</th></tr>"
            f"{''.join(rows)}</table>"
        )
        if rows
        else ""
    )
    return sources_html(rs) + table
