"""The glossary's terms: data, kept in ``terms_data.json`` beside this module (:mod:`mjlearn.terms` reads it).

``THEMES`` maps a theme key to its (Chinese, English) name. Each of ``TERMS`` is a dict: ``zh`` (the
headword), ``alt`` (other Chinese names), ``py`` (pinyin with tone marks), ``py_alt`` (pinyin of other
names), ``en`` (English), ``en_alt`` (other English names), ``theme`` (a key of THEMES), ``d_zh`` /
``d_en`` (the definition in each language), and optionally ``ex`` (an example in mjlearn's notation),
``ex_zh`` / ``ex_en`` (what the example shows) and ``check`` (the property the example claims, verified
against the engine by tests/test_glossary.py). The file is read once, when :mod:`mjlearn.terms` is first
imported (``mj.glossary`` imports it on first use).

>>> THEMES["tiles"]
('牌', 'Tiles')
>>> next(t for t in TERMS if t["zh"] == "搭子")["py"]
'dāzi'
"""

from __future__ import annotations

import json
from importlib import resources

__all__ = ["TERMS", "THEMES"]


def _read() -> dict:
    return json.loads(resources.files("mjlearn").joinpath("terms_data.json").read_text(encoding="utf-8"))


_FILE = _read()
THEMES: dict[str, tuple[str, str]] = {key: (zh, en) for key, (zh, en) in _FILE["themes"].items()}
TERMS: tuple[dict, ...] = tuple(_FILE["terms"])
del _FILE
