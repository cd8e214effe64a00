"""Answer parsing and feedback helpers shared by the kinds."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ...errors import NotationError
from ...hand import as_hand
from ...notation import format_tiles, parse_tiles
from ...tiles import TILES, Tile
from ..core import Line, QuizError

YES = {"y", "yes", "true", "1", "是", "对", "和", "t"}
NO = {"n", "no", "false", "0", "否", "不", "不是", "f"}


def as_tile(x: Any, where: str = "answer") -> Tile:
    if isinstance(x, Tile):
        return x
    if isinstance(x, str):
        t = tile_by_name(x)
        if t is not None:
            return t
    raise QuizError(f"{where}: expected one tile such as 5m, E or 五万, got {x!r}")


_NAMES: dict[str, Tile] | None = None
_CODES = {str(t): t for t in TILES}


def tile_by_name(text: str) -> Tile | None:
    """A tile from its notation (5m, E, 1z), its Chinese name (五万), English name or pinyin."""
    global _NAMES
    if _NAMES is None:
        _NAMES = {}
        for t in TILES:
            for name in (t.zh, t.en, t.pinyin, t.pinyin.replace(" ", ""),  # tone marks optional:
                         t.pinyin_toneless, t.pinyin_toneless.replace(" ", "")):  # "bā wàn" or "ba wan"
                _NAMES[name.lower()] = t
        for short, idx in (("中", 31), ("发", 32), ("白", 33), ("东", 27), ("南", 28), ("西", 29), ("北", 30)):
            _NAMES[short] = TILES[idx]
    s = text.strip()
    if s in _CODES:  # notation is case-sensitive: E is East, e is the plum flower
        return _CODES[s]
    t = _NAMES.get(s.lower())
    if t is not None:
        return t
    try:
        ts = parse_tiles(s)
    except (NotationError, ValueError):
        return None
    return ts[0] if len(ts) == 1 else None


def as_tiles(x: Any, where: str = "answer") -> list[Tile]:
    """A list of tiles from notation ("14m 7p"), a list of codes, or Tile values."""
    if isinstance(x, str):
        s = x.replace(",", " ").strip()
        if s in ("", "-", "none", "无"):
            return []
        out = []
        for part in s.split():
            t = tile_by_name(part)
            if t is not None:
                out.append(t)
                continue
            try:
                out.extend(parse_tiles(part))
            except (NotationError, ValueError) as e:
                raise QuizError(f"{where}: {e}") from None
        return out
    if isinstance(x, Iterable):
        return [as_tile(v, where) for v in x]
    raise QuizError(f"{where}: expected tiles such as '14m 7p', got {x!r}")


def as_int(x: Any, where: str = "answer") -> int:
    if isinstance(x, bool):
        raise QuizError(f"{where}: expected a whole number, got {x!r}")
    if isinstance(x, int):
        return x
    if isinstance(x, float) and x.is_integer():
        return int(x)
    if isinstance(x, str):
        try:
            return int(x.strip())
        except ValueError:
            pass
    raise QuizError(f"{where}: expected a whole number, got {x!r}")


def as_bool(x: Any, where: str = "answer") -> bool:
    if isinstance(x, bool):
        return x
    if isinstance(x, str):
        s = x.strip().lower()
        if s in YES:
            return True
        if s in NO:
            return False
    raise QuizError(f"{where}: expected yes or no (是/否), got {x!r}")


def tiles_text(tiles: Iterable[Tile]) -> str:
    ts = sorted(tiles)
    return format_tiles(ts) if ts else "-"


def tile_names(tiles: Iterable[Tile]) -> Line:
    ts = sorted(tiles)
    return ("、".join(t.zh for t in ts) or "无", ", ".join(t.en for t in ts) or "none")


def need(data: Mapping, key: str, kind: str):
    if key not in data:
        raise QuizError(f"{kind} question: missing field {key!r}")
    return data[key]


def pick_hand(data: Mapping, kind: str, key: str = "hand"):
    text = need(data, key, kind)
    if not isinstance(text, str):
        raise QuizError(f"{kind} question: field {key!r} must be a hand in notation, got {text!r}")
    try:
        return as_hand(text)
    except ValueError as e:
        raise QuizError(f"{kind} question: field {key!r}: {e}") from None
