"""What a tile's picture shows, in words, in Chinese and English: for a screen reader, where the tile's
name would give the answer away ("What is this tile called?", "Write these tiles in notation").

The words are made from the art's own record of each face (``drawn`` in ``tile_art.json``, written by
``tools/make_tile_art.py`` from the same layouts that draw the face): each coin and bamboo stick with
its colour, the characters written and their colour, the bird's colours, the frame, a flower's number
and blossom. So a learner who listens hears what a learner who looks sees, and the words cannot drift
from the picture.

What is said and what is not:

- Counts and colours are said as a sighted learner sees them ("three bamboo sticks: one blue, two
  green"): counting is what the question asks of everyone.
- The characters written on a tile are said as they are drawn (the numeral 五 above 萬, 東, 中, 發):
  reading them is the same task for a learner who listens and one who looks, and the tiles' traditional
  forms (萬 東 發) are not the names the answers use (五万, 东风, 发财).
- A flower's character is not said, only its colour, its number and its blossom: its one character
  is the tile's whole name (春 is Spring), so saying it would say the answer itself.

The words never hold a tile's name in either language nor its notation
(``tests/test_tile_descriptions.py`` checks every tile).

>>> face_words("3s")
('三根棍子：一根蓝色，两根绿色', 'three bamboo sticks: one blue, two green')
>>> face_words("5m")[1]
'the character 五 in black above the character 萬 in red'
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import groupby

from ..i18n import count_zh
from ..tiles import Tile
from ..tiles import tile as as_tile
from .svg import _art

__all__ = ["face_words", "row_label", "tile_label"]

_COLOUR_ZH = {
    "red": "红色",
    "green": "绿色",
    "blue": "蓝色",
    "black": "黑色",
    "ivory": "米色",
    "pink": "粉色",
    "purple": "紫色",
    "brown": "棕色",
    "light blue": "浅蓝色",
}
_COUNT_EN = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_THING = {  # what is counted: (Chinese measure word, Chinese noun, English noun, English plural)
    "coin": ("个", "圆", "circle", "circles"),
    "stick": ("根", "棍子", "bamboo stick", "bamboo sticks"),  # not 竹: the flower 竹 may sit in the same row
}


def _zh(colour: str) -> str:
    return _COLOUR_ZH[colour]


def _counted(items: list[dict]) -> tuple[str, str]:
    """Coins or sticks: how many, and how many of each colour, the colours from the top of the face."""
    measure, noun, _one, many = _THING[items[0]["what"]]
    n = len(items)
    top_first = sorted(items, key=lambda d: (d["y"], d["x"]))
    by_colour = Counter(d["colour"] for d in top_first)  # insertion order: the colour seen first first
    head_zh, head_en = f"{count_zh(n)}{measure}", _COUNT_EN[n - 1]
    if len(by_colour) == 1:
        (colour,) = by_colour
        zh, en = f"{head_zh}{_zh(colour)}的{noun}", f"{head_en} {colour} {many}"
    elif set(by_colour.values()) == {1}:
        zh = f"{head_zh}{noun}：" + "、".join(_zh(c) for c in by_colour) + "各一" + measure
        en = f"{head_en} {many}: " + ", ".join(f"one {c}" for c in by_colour)
    else:
        zh = f"{head_zh}{noun}：" + "，".join(f"{count_zh(k)}{measure}{_zh(c)}" for c, k in by_colour.items())
        en = f"{head_en} {many}: " + ", ".join(f"{_COUNT_EN[k - 1]} {c}" for c, k in by_colour.items())
    slanted = sum(bool(d.get("slanted")) for d in items)
    if slanted:
        zh += f"，其中{count_zh(slanted)}{measure}斜放"
        en += f", {_COUNT_EN[slanted - 1]} of them slanted"
    return zh, en


def _big_coin(d: dict) -> tuple[str, str]:
    outer, inner = d["rings"]
    n, around, centre = d["around"], d["around_colour"], d["colour"]
    return (
        f"一个大圆：外面是{_zh(outer)}和{_zh(inner)}的圆环，里面{count_zh(n)}个{_zh(around)}小圆围着{_zh(centre)}的圆心",
        f"one large circle: {outer} and {inner} rings outside, {_COUNT_EN[n - 1]} small {around} circles "
        f"inside around the {centre} centre",
    )


def _bird(d: dict) -> tuple[str, str]:
    n = d["feathers"]
    head_body = (
        f"{_zh(d['head'])}的头和身体" if d["head"] == d["body"] else f"{_zh(d['head'])}的头，{_zh(d['body'])}的身体"
    )
    head_body_en = f"{d['head']} head and body" if d["head"] == d["body"] else f"{d['head']} head, {d['body']} body"
    return (
        f"一只鸟：{head_body}，{_zh(d['breast'])}的胸口，{_zh(d['wing'])}的翅膀，{count_zh(n)}根"
        f"{_zh(d['tail'])}的尾羽，{_zh(d['legs'])}的腿，站在{_zh(d['perch'])}的横木上",
        f"one bird: {head_body_en}, {d['breast']} breast, {d['wing']} wing, {_COUNT_EN[n - 1]} {d['tail']} tail "
        f"feathers, {d['legs']} legs, standing on the {d['perch']} perch",
    )


def _characters(items: list[dict], said: bool) -> tuple[str, str]:
    """The characters written: each said with its colour (``said``), or only its colour."""
    if not said:
        return "，".join(f"一个{_zh(d['colour'])}的字" for d in items), ", ".join(
            f"one {d['colour']} character" for d in items
        )
    if len(items) == 2 and items[0]["where"] == "top":
        (top, bottom) = items
        return (
            f"上面是{_zh(top['colour'])}的“{top['text']}”字，下面是{_zh(bottom['colour'])}的“{bottom['text']}”字",
            f"the character {top['text']} in {top['colour']} above the character {bottom['text']} in {bottom['colour']}",
        )
    return "，".join(f"一个{_zh(d['colour'])}的“{d['text']}”字" for d in items), ", ".join(
        f"the character {d['text']} in {d['colour']}" for d in items
    )


def _part(d: dict) -> tuple[str, str]:
    what = d["what"]
    if what == "big coin":
        return _big_coin(d)
    if what == "bird":
        return _bird(d)
    if what == "frame":
        return (
            f"一个空的{_zh(d['colour'])}方框：外框粗，内框细",
            f"empty {d['colour']} frame, thick border outside, thin line inside",
        )
    if what == "number":
        return (
            f"{_zh(d['on'])}圆点里写着{_zh(d['colour'])}的数字 {d['text']}",
            f"the number {d['text']} in {d['colour']} on the {d['on']} disc",
        )
    if what == "blossom":
        return f"一朵{_zh(d['colour'])}的小花", f"one small {d['colour']} blossom"
    raise ValueError(f"tile_art.json: a face shows {what!r}, which has no words in mjlearn/render/faces.py")


def face_words(tile) -> tuple[str, str]:
    """(Chinese, English): what the face of ``tile`` (a Tile, its notation or its index) shows, without
    its name or notation."""
    return _words(tile if isinstance(tile, Tile) else as_tile(tile))


@cache  # one entry per tile: 42 at most
def _words(t: Tile) -> tuple[str, str]:
    drawn = _art()["drawn"][str(t)]
    parts: list[tuple[str, str]] = []
    for what, group in groupby(drawn, key=lambda d: d["what"]):
        run = list(group)
        if what in _THING:
            parts.append(_counted(run))
        elif what == "character":
            parts.append(_characters(run, said=not t.is_flower))  # a flower's character is its name
        else:
            parts.extend(_part(d) for d in run)
    return "，".join(zh for zh, _ in parts), ", ".join(en for _, en in parts)


def tile_label(tile) -> str:
    """The accessible name of a tile that is the question: what its picture shows, in both languages."""
    zh, en = face_words(tile)
    return f"题目中的牌：{zh}。The tile in question: {en}."


def row_label(tiles) -> str:
    """The accessible name of a row of tiles that is the question: each picture in turn, in both languages."""
    words = [face_words(t) for t in tiles]
    n = len(words)
    zh = "；".join(f"第 {k} 张，{w[0]}" for k, w in enumerate(words, 1))
    en = "; ".join(f"tile {k}, {w[1]}" for k, w in enumerate(words, 1))
    return f"题目中的 {n} 张牌：{zh}。The {n} tiles in question: {en}."
