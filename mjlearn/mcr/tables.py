"""The reference calculator's tile codes, for the MCR engine.

``REF`` is the tile code of the reference calculator (suit << 4 | rank, with the suits in the order
characters, bamboo, dots, honors). The scorer sorts sets by this code and does the arithmetic of
"shifted" and "same number" fans on it, so that when two equally valued readings or combinations
exist it picks the one the reference picks (documented in :mod:`mjlearn.mcr.scorer`).

The tile facts themselves (terminals, honors, green tiles, the knitted patterns...) are in
:mod:`mjlearn.tiles`; the per-suit split table is in :mod:`mjlearn.shapes`.
"""

from __future__ import annotations

from ..tiles import HONOR_LETTERS

_SUIT_CODE = (1, 3, 2)  # m, p, s -> the reference's suit numbers (m=1, s=2, p=3)

REF: tuple[int, ...] = tuple(
    [(_SUIT_CODE[i // 9] << 4) | (i % 9 + 1) for i in range(27)] + [0x41 + k for k in range(7)]
)
"""Reference tile code of each tile index."""

FROM_REF = {c: i for i, c in enumerate(REF)}

WIND_INDEX = {letter: 27 + k for k, letter in enumerate(HONOR_LETTERS[:4])}
"""Tile index of each wind letter E S W N (for seat and prevalent winds)."""
