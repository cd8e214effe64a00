"""Answer parsing and feedback helpers shared by the kinds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...errors import NotationError
from ...hand import as_hand
from ...lazy import built_once
from ...notation import format_tiles, parse_tiles
from ...tiles import TILES, Tile
from ..core import AnswerError, Line, QuizError

YES = {
    "y",
    "yes",
    "true",
    "1",
    "t",
    "ok",
    "can",
    "legal",
    "valid",
    "win",
    "it can",
    "yes it can",
    "是",
    "是的",
    "对",
    "对的",
    "和",
    "胡",
    "能",
    "能和",
    "能胡",
    "可以",
    "可以和",
    "可以胡",
    "行",
    "合法",
    "算",
}
NO = {
    "n",
    "no",
    "false",
    "0",
    "f",
    "not",
    "cannot",
    "can't",
    "cant",
    "can not",
    "illegal",
    "not legal",
    "invalid",
    "no win",
    "否",
    "不",
    "不是",
    "不对",
    "不和",
    "不胡",
    "不能",
    "不能和",
    "不能胡",
    "不可以",
    "不可以和",
    "不可以胡",
    "不行",
    "不合法",
    "不算",
    "没有",
    "没和",
}
"""Yes and no as a learner writes them, in Chinese and English (compared in lower case)."""
_YES_NO = sorted((w for w in YES | NO if not w.isdigit()), key=len, reverse=True)


def _shown(x: Any) -> str:
    """What the learner gave, quoted for a message (short)."""
    s = x if isinstance(x, str) else repr(x)
    s = s.strip()
    return f"“{s[:40]}”" if s else "（空）"


def split_yes_no(text: str) -> tuple[bool, str] | None:
    """``text`` read as a yes or no word followed by the rest ("能 20", "能20", "yes, 12", "不能"):
    (yes?, the rest stripped), or None when it does not start with one."""
    s = text.strip()
    low = s.lower()
    for w in _YES_NO:
        if low.startswith(w):
            rest = s[len(w) :]
            if w.isascii() and rest[:1].isalnum():  # "nothing" is not "no" + "thing"
                continue
            return (w in YES), rest.strip(" ,，、:：;；")
    return None


def as_tile(x: Any, where: str = "answer") -> Tile:
    if isinstance(x, Tile):
        return x
    if isinstance(x, str):
        t = tile_by_name(x)
        if t is not None:
            return t
    raise AnswerError(f"{_shown(x)} 不是一张牌", f"{_shown(x)} is not a tile", where)


_CODES = {str(t): t for t in TILES}


@built_once
def _names() -> dict[str, Tile]:
    """Every tile's names, lower-cased: Chinese, English, pinyin with and without tone marks and
    spaces, and the one-character honor names."""
    names: dict[str, Tile] = {}
    for t in TILES:
        for name in (
            t.zh,
            t.en,
            t.pinyin,
            t.pinyin.replace(" ", ""),  # tone marks optional:
            t.pinyin_toneless,
            t.pinyin_toneless.replace(" ", ""),
        ):  # "bā wàn" or "ba wan"
            names[name.lower()] = t
    for short, idx in (("中", 31), ("发", 32), ("白", 33), ("东", 27), ("南", 28), ("西", 29), ("北", 30)):
        names[short] = TILES[idx]
    return names


def tile_by_name(text: str) -> Tile | None:
    """A tile from its notation (5m, E, 1z), its Chinese name (五万), English name or pinyin."""
    s = text.strip()
    if s in _CODES:  # notation is case-sensitive: E is East, e is the plum flower
        return _CODES[s]
    t = _names().get(s.lower())
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
                raise AnswerError(
                    f"{_shown(part)} 不是牌的写法", f"{_shown(part)} is not tiles in notation", f"{where}: {e}"
                ) from None
        return out
    if isinstance(x, Iterable):
        return [as_tile(v, where) for v in x]
    raise AnswerError(f"{_shown(x)} 不是牌", f"{_shown(x)} is not a list of tiles", where)


_UNITS = ("番", "分", "points", "point", "pts", "fan", "底", "墩", "stacks", "stack")


def as_int(x: Any, where: str = "answer") -> int:
    """A whole number: 8, "8", "８", "8 番", "8 points"."""
    if isinstance(x, bool):
        raise AnswerError(f"{_shown(x)} 不是整数", f"{_shown(x)} is not a whole number", where)
    if isinstance(x, int):
        return x
    if isinstance(x, float) and x.is_integer():
        return int(x)
    if isinstance(x, str):
        s = x.strip()
        for unit in _UNITS:
            if s.lower().endswith(unit):
                s = s[: -len(unit)].strip()
                break
        try:
            return int(s.replace("−", "-").replace("＋", "+").replace("－", "-"))
        except ValueError:
            pass
    raise AnswerError(f"{_shown(x)} 不是整数", f"{_shown(x)} is not a whole number", where)


def as_bool(x: Any, where: str = "answer") -> bool:
    if isinstance(x, bool):
        return x
    if isinstance(x, str):
        s = " ".join(x.strip().lower().replace("’", "'").split())
        if s in YES:
            return True
        if s in NO:
            return False
    raise AnswerError(f"{_shown(x)} 不是“能”或“不能”", f"{_shown(x)} is not yes or no", where)


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
