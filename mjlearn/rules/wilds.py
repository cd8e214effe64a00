"""Wild tiles (混儿, 财神, 金, 百搭) in the hand analysis.

Every copy of the wild kind in the concealed part is a joker; it may stand for any tile (a natural
use when it stands for itself). A hand with jokers is read by trying the multisets of tiles the
jokers could stand for, keeping those that complete the hand, and reading each completed hand with
:mod:`mjlearn.shapes`. Each :class:`WildReading` records, part by part, what the wilds stood for,
which is what 无混儿, 无财神, 金雀, 混杠 and 三金倒 need.

>>> from mjlearn.rules.wilds import wild_readings
>>> [str(w.reading) + " | " + " ".join(map(str, w.substitutions))
...  for w in wild_readings("123m456m79m55s111s+5p", "5p")]
['123m 456m 789m 111s 55s | 8m']

Claimed melds never hold a substituted wild (A-BJ-1b, Huopin §7.4): wilds only act inside the
concealed part. The total of each kind, natural plus substituted, stays at most four. With three
or more wilds the jokers only try tiles within two ranks of a natural tile of the same suit, the
natural honors and the wild itself (enough for every pattern of the variants here; a full search
over 34⁴ multisets would be slow and add nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from ..hand import Hand, as_hand
from ..shapes import PartKind, Reading, _meld_part, _readings, is_complete
from ..tiles import TILES, Tile

__all__ = ["WildReading", "wild_readings", "substitutions", "waits_with_wilds", "split_wilds",
           "complete_with_wilds"]


@dataclass(frozen=True)
class WildReading:
    """A reading of a hand with wilds: the reading as the wilds were used, and what they stood for."""

    reading: Reading
    """Parts with each wild replaced by the tile it stood for."""
    wilds: tuple[tuple[Tile, ...], ...]
    """Parallel to ``reading.parts``: the tiles that wilds stood for in each part."""

    @property
    def substitutions(self) -> tuple[Tile, ...]:
        return tuple(t for part in self.wilds for t in part)


def split_wilds(hand: Hand, wild: Tile | None) -> tuple[list[int], int]:
    """(34 counts of the natural concealed tiles, number of jokers) — winning tile included."""
    counts = list(hand.counts)
    if wild is None:
        return counts, 0
    j = counts[wild.index]
    counts[wild.index] = 0
    return counts, j


def _candidates(natural: list[int], j: int, wild_index: int | None) -> tuple[int, ...]:
    if j <= 2:
        return tuple(range(34))
    near = set()
    for i, n in enumerate(natural):
        if not n:
            continue
        if i >= 27:
            near.add(i)
            continue
        base = i - i % 9
        for k in range(max(base, i - 2), min(base + 8, i + 2) + 1):
            near.add(k)
    if wild_index is not None:
        near.add(wild_index)
    return tuple(sorted(near))


def substitutions(hand, wild, *, n_melds: int | None = None) -> list[tuple[Tile, ...]]:
    """Every multiset of tiles the wilds can stand for that completes the hand (any form).

    >>> [" ".join(map(str, s)) for s in substitutions("123m456m79m55s111s+5p", "5p")]
    ['8m']
    """
    hand = as_hand(hand)
    from ..tiles import tile as _tile
    wild = None if wild is None else _tile(wild)
    natural, j = split_wilds(hand, wild)
    m = len(hand.melds) if n_melds is None else n_melds
    if j == 0:
        return [()] if is_complete(natural, m) else []
    limits = _limits(hand, wild)
    out = []
    for combo in combinations_with_replacement(_candidates(natural, j, wild.index), j):
        ok = True
        for i in combo:
            natural[i] += 1
        for i in set(combo):
            if natural[i] > limits[i]:
                ok = False
        if ok and is_complete(natural, m):
            out.append(tuple(TILES[i] for i in combo))
        for i in combo:
            natural[i] -= 1
    return out


def _limits(hand: Hand, wild: Tile | None) -> list[int]:
    """How many of each kind the concealed part may hold (four minus the copies in melds)."""
    lim = [4] * 34
    for m in hand.melds:
        for t in m.tiles:
            lim[t.index] -= 1
    return lim


def wild_readings(hand, wild, *, seven_pairs: bool = True) -> list[WildReading]:
    """Every reading of the hand with ``wild`` as the wild kind (None: no wild), with what each
    wild stood for. Forms other than regular and seven pairs are included when the wilds do not
    take part; callers filter the forms their variant knows."""
    hand = as_hand(hand)
    from ..tiles import tile as _tile
    wild = None if wild is None else _tile(wild)
    meld_parts = tuple(_meld_part(m) for m in hand.melds)
    natural, j = split_wilds(hand, wild)
    if j == 0:
        return [WildReading(r, ((),) * len(r.parts)) for r in _readings(list(hand.counts), meld_parts)
                if seven_pairs or r.form.value != "seven_pairs"]
    out, seen = [], set()
    for subs in substitutions(hand, wild):
        counts = list(natural)
        for t in subs:
            counts[t.index] += 1
        for r in _readings(counts, meld_parts):
            if not seven_pairs and r.form.value == "seven_pairs":
                continue
            key = (str(r), tuple(sorted(t.index for t in subs)))
            if key in seen:
                continue
            seen.add(key)
            out.append(WildReading(r, _place(r, subs)))
    return out


_PLACE_ORDER = {PartKind.PAIR: 0, PartKind.PUNG: 1, PartKind.KONG: 2, PartKind.SINGLES: 3,
                PartKind.KNITTED: 4, PartKind.CHOW: 5}


def _place(r: Reading, subs: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...]:
    """Put each wild's stand-in into a part that holds that tile: pairs and pungs first, so chows
    (straights) stay natural where the tiles allow it, as a player would show them."""
    left: dict[Tile, int] = {}
    for t in subs:
        left[t] = left.get(t, 0) + 1
    placed = [[] for _ in r.parts]
    order = sorted(range(len(r.parts)), key=lambda i: (_PLACE_ORDER.get(r.parts[i].kind, 9), i))
    for i in order:
        p = r.parts[i]
        if p.is_declared:
            continue
        for t in p.tiles:
            if left.get(t):
                left[t] -= 1
                placed[i].append(t)
    return tuple(tuple(x) for x in placed)


def complete_with_wilds(counts, j: int, n_melds: int, limits=None) -> bool:
    """Whether natural ``counts`` plus ``j`` jokers complete a hand with ``n_melds`` melds."""
    if j == 0:
        return is_complete(counts, n_melds)
    counts = list(counts)
    return _complete_j(tuple(counts), j, n_melds, tuple(limits or [4] * 34))


@lru_cache(maxsize=4096)
def _complete_j(counts: tuple, j: int, n_melds: int, limits: tuple) -> bool:
    c = list(counts)
    for combo in combinations_with_replacement(_candidates(c, j, None), j):
        for i in combo:
            c[i] += 1
        ok = all(c[i] <= limits[i] for i in set(combo)) and is_complete(c, n_melds)
        for i in combo:
            c[i] -= 1
        if ok:
            return True
    return False


def waits_with_wilds(hand, wild) -> frozenset[Tile]:
    """The tiles that would have completed the hand before its winning tile, wilds as jokers.

    >>> sorted(map(str, waits_with_wilds("12346789mEEE44s+5m", None)))
    ['5m']
    """
    hand = as_hand(hand)
    from ..tiles import tile as _tile
    wild = None if wild is None else _tile(wild)
    counts = list(hand.counts)
    if hand.win_tile is not None:
        counts[hand.win_tile.index] -= 1
    j = 0
    if wild is not None:
        j = counts[wild.index]
        counts[wild.index] = 0
    limits = _limits(hand, wild)
    n = len(hand.melds)
    out = set()
    for i in range(34):
        if wild is not None and i == wild.index:
            ok = complete_with_wilds(counts, j + 1, n, limits)
        else:
            if counts[i] + 1 > limits[i]:
                continue
            counts[i] += 1
            ok = complete_with_wilds(counts, j, n, limits)
            counts[i] -= 1
        if ok:
            out.add(TILES[i])
    return frozenset(out)
