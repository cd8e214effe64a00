"""Every tile picture has an accessible name in both languages (a screen reader says "5 Characters
五万"), and a tile whose face is hidden names no kind."""

from __future__ import annotations

import re

import pytest

from mjlearn.render.svg import hand_svg, tile_svg, tiles_svg
from mjlearn.tiles import TILES
from mjlearn.widgets._base import art, tile_tag


def _title(svg: str) -> str:
    assert re.match(r'<svg [^>]*role="img"', svg), svg[:120]
    return re.search(r"<title>(.*?)</title>", svg).group(1)


@pytest.mark.parametrize("tile", TILES, ids=str)
def test_each_tile_is_named_in_chinese_and_english(tile):
    name = _title(tile_svg(tile))
    assert tile.zh in name and tile.en in name
    assert tile.zh in _title(art()[str(tile)]) and tile.en in _title(art()[str(tile)])


def test_a_face_down_tile_in_a_widget_names_no_kind():
    name = _title(art()["back"])
    assert "扣着" in name and "face-down" in name
    assert not any(t.en in name or t.zh in name for t in TILES), name
    assert 'title="' not in tile_tag(None, live=True)


def test_a_row_and_a_hand_are_named_tile_by_tile():
    assert "五万" in _title(tiles_svg("5m9p")) and "九饼" in _title(tiles_svg("5m9p"))
    name = _title(hand_svg("[EEE,1]123m456p789s5m+5m"))
    assert "Pung of East" in name and "Winning tile: 5 Characters" in name and "碰" in name
