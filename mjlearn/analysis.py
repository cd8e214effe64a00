"""Hand analysis for learners: shanten, waits and discard advice, as values that render.

>>> import mjlearn.analysis as an
>>> an.shanten("123m456p789sEENN")
0
>>> an.shanten("123m456p789sEENNSS")
Traceback (most recent call last):
...
mjlearn.errors.InvalidHandError: wrong tile count: 15 tiles, expected 13 or 14 (kongs count as three)  （张数不对：15 张，应为 13 或 14 张；杠按 3 张算）
>>> w = an.waits("1112345678999m")
>>> str(w), len(w)
('123456789m', 9)
>>> w.details[4].tile, w.details[4].live
(Tile('5m'), 3)
>>> best = an.discard_advice("123m456p789sEENNS")[0]
>>> str(best.discard), best.shanten, str(best)
('S', 0, 'discard S: ready (听牌), 2 kinds, 4 live: E N')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from .errors import InvalidHandError, Problem
from .hand import Hand, as_hand
from .i18n import both
from .notation import parse_tiles
from .render import svg
from .shanten_core import form_shanten_of_counts, shanten_of_counts, useful_tiles_of_counts, waits_of_counts
from .shapes import Form, Reading, _meld_part, _readings, is_winning, readings
from .tiles import TILES, Tile, format_tiles

__all__ = [
    "DiscardAdvice",
    "DiscardOption",
    "FormShanten",
    "UsefulTile",
    "Wait",
    "Waits",
    "discard_advice",
    "form_shanten",
    "is_winning",
    "reading_html",
    "readings",
    "shanten",
    "shanten_name",
    "waits",
]

_NUM_ZH = ("", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四")


def shanten_name(n: int) -> tuple[str, str]:
    """Chinese and English name of a shanten number: -1 和牌 complete, 0 听牌 ready, 2 二向听 …

    >>> shanten_name(2), shanten_name(13)   # a single form can be 13 away (thirteen orphans)
    (('二向听', '2 from ready'), ('十三向听', '13 from ready'))
    """
    if n < 0:
        return ("和牌", "complete")
    if n == 0:
        return ("听牌", "ready")
    return (f"{_NUM_ZH[n]}向听", f"{n} from ready")


# --- shanten --------------------------------------------------------------------------------------


def shanten(hand) -> int:
    """Shanten (向听数) of a hand over all five winning forms: -1 complete, 0 ready (听牌), 1, 2 …

    Accepts a :class:`Hand` or notation, 13 tiles (waiting) or 14 (a winning tile after ``+`` or a
    hand that must discard; kongs count as three). A 14-tile hand that is not complete gets the
    shanten of its best discard.

    >>> shanten("1112345678999m"), shanten("1112345678999m+5m"), shanten("147m258p369sESWN")
    (0, -1, 0)
    """
    hand = as_hand(hand)
    return shanten_of_counts(hand.counts, len(hand.melds))


@dataclass(frozen=True)
class FormShanten(Mapping):
    """Shanten of one hand in each of the five forms (None where its melds rule a form out).

    A mapping :class:`Form` -> int or None; ``best`` is the hand's shanten.
    """

    hand: Hand
    """The hand analysed."""
    by_form: tuple[tuple[Form, int | None], ...]
    """(form, shanten) in the order of :class:`Form` (not named ``values``: that is the mapping's
    ``values()``)."""

    def __getitem__(self, form):
        form = Form(form)
        for f, v in self.by_form:
            if f is form:
                return v
        raise KeyError(form)

    def __iter__(self):
        return (f for f, _ in self.by_form)

    def __len__(self) -> int:
        return len(self.by_form)

    @property
    def best(self) -> int:
        """The smallest shanten over the forms: the hand's shanten."""
        return min(v for _, v in self.by_form if v is not None)

    @property
    def best_forms(self) -> tuple[Form, ...]:
        """The forms at the smallest shanten."""
        b = self.best
        return tuple(f for f, v in self.by_form if v == b)

    def __str__(self) -> str:
        return ", ".join(f"{f.value} {'-' if v is None else v}" for f, v in self.by_form)

    def _repr_html_(self) -> str:
        rows = []
        for f, v in self.by_form:
            if v is None:
                cell = escape(both("不可能（有副露）", "not possible (melds)"))
            else:
                zh, en = shanten_name(v)
                cell = f'<b data-shanten="{v}">{escape(both(zh, en))}</b>'  # the number once, in the words
            mark = ' style="background:#e8f4ea"' if v == self.best else ""
            rows.append(f"<tr{mark}><td>{escape(both(f.zh, f.en))}</td><td>{cell}</td></tr>")
        head = escape(both("各和型的向听数", "Shanten in each winning form"))
        return (
            f"<div>{svg.inline_html(svg.hand_svg(self.hand, width=30))}"
            f"<table><tr><th>{escape(both('和型', 'Form'))}</th><th>{head}</th></tr>" + "".join(rows) + "</table></div>"
        )


def form_shanten(hand) -> FormShanten:
    """Shanten of a hand in each of the five forms, for teaching which form it is closest to.

    >>> fs = form_shanten("19m19p19sESWNCFF")
    >>> fs["thirteen_orphans"], fs["seven_pairs"], fs.best
    (0, 5, 0)
    """
    hand = as_hand(hand)
    vals = form_shanten_of_counts(hand.counts, len(hand.melds))
    return FormShanten(hand, tuple((Form(k), v) for k, v in vals.items()))


# --- visible tiles ----------------------------------------------------------------------------------


def _visible_counts(visible) -> list[int]:
    """34 counts of the tiles a learner can see on the table (discards, others' melds).

    Accepts None, a notation string of tiles (``"19m EE"``), or an iterable of tiles / tile strings
    / indices. Flowers are ignored: they are never live tiles.
    """
    c = [0] * 34
    if visible is None:
        return c
    tiles: tuple[Tile, ...] | list[Tile]
    if isinstance(visible, str):
        tiles = parse_tiles(visible)
    else:
        tiles = []
        for t in visible:
            if isinstance(t, Tile):
                tiles.append(t)
            elif isinstance(t, str):
                tiles.extend(parse_tiles(t))
            elif isinstance(t, int) and not isinstance(t, bool) and 0 <= t < 42:
                tiles.append(TILES[t])
            else:
                raise InvalidHandError(f"visible tiles must be tiles or notation, got {t!r}")
    for t in tiles:
        if not t.is_flower:
            c[t.index] += 1
    return c


def _check_copies(held, seen) -> None:
    problems = []
    for i in range(34):
        if held[i] + seen[i] > 4:
            problems.append(
                Problem(
                    f"{held[i] + seen[i]} copies of {TILES[i]} ({TILES[i].zh}): {held[i]} in the hand and "
                    f"{seen[i]} visible; a set has only four"
                )
            )
    if problems:
        raise InvalidHandError(problems)


# --- waits ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Wait:
    """One winning tile of a ready hand."""

    tile: Tile
    """The tile that completes the hand."""
    live: int
    """Copies still to come: four, less those in the hand (melds included) and those visible."""
    held: int
    """Copies in the hand itself, melds included (4: a formal wait, it cannot come)."""
    readings: tuple[Reading, ...]
    """Every way the hand reads when completed by this tile."""

    @property
    def is_formal(self) -> bool:
        """All four copies are in the hand: the hand counts as ready but this tile cannot arrive."""
        return self.held >= 4

    @property
    def forms(self) -> tuple[Form, ...]:
        """The winning forms the tile completes, without repeats."""
        return tuple(dict.fromkeys(r.form for r in self.readings))

    def __str__(self) -> str:
        return f"{self.tile} ({self.live} live)"


@dataclass(frozen=True, eq=False)
class Waits(Sequence):
    """The winning tiles of a 13-tile hand, in canonical order; a sequence of :class:`Tile`.

    ``details`` gives each wait with its live copies and the readings that use it.
    """

    hand: Hand
    """The hand analysed (13 tiles)."""
    shanten: int
    """The hand's shanten: 0 when it waits, more when it does not yet."""
    details: tuple[Wait, ...]
    """One :class:`Wait` per winning tile, in tile order."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(w.tile for w in self.details)

    @property
    def live(self) -> int:
        """Live copies of all the winning tiles together."""
        return sum(w.live for w in self.details)

    @property
    def is_ready(self) -> bool:
        return self.shanten == 0

    def __getitem__(self, i):
        return self.tiles[i]

    def __len__(self) -> int:
        return len(self.details)

    def __eq__(self, other) -> bool:
        if isinstance(other, Waits):
            return self.hand == other.hand and self.details == other.details
        if isinstance(other, (list, tuple)):
            return list(self.tiles) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.hand, self.tiles))

    def __str__(self) -> str:
        return format_tiles(self.tiles)

    def __repr__(self) -> str:
        return f"<Waits {str(self) or '(none)'} of {str(self.hand)!r}>"

    def _repr_html_(self) -> str:
        hand_html = svg.inline_html(svg.hand_svg(self.hand, width=30))
        if not self.details:
            zh, en = shanten_name(self.shanten)
            msg = both(f"未听牌（{zh}）", f"not ready ({en})")
            return f"<div>{hand_html}<p>{escape(msg)}</p></div>"
        cells = []
        for w in self.details:
            forms = " / ".join(both(f.zh, f.en) for f in w.forms)
            live = both(f"余 {w.live} 张", f"{w.live} live")
            if w.is_formal:
                live += " · " + both("形式听牌", "formal wait")
            cells.append(
                f'<td style="text-align:center;padding:2px 6px" title="{escape(forms)}">'
                f"{svg.inline_html(svg.tile_svg(w.tile, width=30))}<br>"
                f"<small>{escape(live)}</small></td>"
            )
        head = both(f"听 {len(self)} 种，共余 {self.live} 张", f"waits on {len(self)} kinds, {self.live} live")
        return f"<div>{hand_html}<p><b>{escape(head)}</b></p><table><tr>{''.join(cells)}</tr></table></div>"


def waits(hand, visible=None) -> Waits:
    """The tiles that complete a 13-tile hand, in canonical order, formal waits included.

    ``visible``: tiles the learner can see on the table besides the hand (discards, other
    players' melds), as notation or tiles; they lower the live counts.

    >>> w = waits("19m19p19sESWNCFP")
    >>> len(w), w.live
    (13, 39)
    >>> str(waits("1112345678999m", visible="55m"))
    '123456789m'
    >>> waits("1112345678999m", visible="55m").details[4].live
    1
    """
    hand = as_hand(hand)
    if hand.tile_count != 13:
        raise InvalidHandError(
            f"waits are asked of a 13-tile hand (kongs count as three); {str(hand)!r} has "
            f"{hand.tile_count}" + ("; leave out the winning tile" if hand.win_tile else "")
        )
    seen = _visible_counts(visible)
    held = hand.all_counts
    _check_copies(held, seen)
    counts = list(hand.counts)
    n = len(hand.melds)
    s = shanten_of_counts(counts, n)
    details = []
    if s == 0:
        meld_parts = tuple(_meld_part(m) for m in hand.melds)
        for t in waits_of_counts(counts, n):
            counts[t] += 1
            rs = tuple(_readings(counts, meld_parts))
            counts[t] -= 1
            details.append(Wait(TILES[t], max(0, 4 - held[t] - seen[t]), held[t], rs))
    return Waits(hand, s, tuple(details))


# --- discard advice -------------------------------------------------------------------------------


@dataclass(frozen=True)
class UsefulTile:
    """A tile that brings the hand closer to ready (进张), with the copies still to come."""

    tile: Tile
    live: int
    """Copies not in the hand and not visible."""

    def __str__(self) -> str:
        return f"{self.tile}x{self.live}"


@dataclass(frozen=True)
class DiscardOption:
    """One discard from a 14-tile hand and what the 13 tiles left can use."""

    discard: Tile
    """The tile to discard."""
    shanten: int
    """Shanten of the 13 tiles left."""
    useful: tuple[UsefulTile, ...]
    """Tiles that lower that shanten (the waits when it is 0), in tile order."""

    @property
    def live(self) -> int:
        """Live copies of all the useful tiles together (the number a player compares)."""
        return sum(u.live for u in self.useful)

    @property
    def kinds(self) -> int:
        return len(self.useful)

    @property
    def useful_tiles(self) -> tuple[Tile, ...]:
        return tuple(u.tile for u in self.useful)

    def __str__(self) -> str:
        zh, en = shanten_name(self.shanten)
        tiles = " ".join(str(u.tile) for u in self.useful)
        return f"discard {self.discard}: {en} ({zh}), {self.kinds} kinds, {self.live} live: {tiles}"


@dataclass(frozen=True, eq=False)
class DiscardAdvice(Sequence):
    """Every distinct discard of a 14-tile hand, best first: lowest shanten, then most live useful
    tiles, then most kinds of useful tiles, then tile order. A sequence of :class:`DiscardOption`."""

    hand: Hand
    """The 14-tile hand."""
    shanten: int
    """Shanten of the 14 tiles (-1: already complete)."""
    options: tuple[DiscardOption, ...]

    @property
    def is_complete(self) -> bool:
        """The 14 tiles already make a complete hand (declare the win instead of discarding)."""
        return self.shanten < 0

    @property
    def best(self) -> DiscardOption:
        return self.options[0]

    def __getitem__(self, i):
        return self.options[i]

    def __len__(self) -> int:
        return len(self.options)

    def __str__(self) -> str:
        return "\n".join(str(o) for o in self.options)

    def __repr__(self) -> str:
        return f"<DiscardAdvice for {str(self.hand)!r}: best {self.best.discard}>"

    def _repr_html_(self) -> str:
        rows = []
        for k, o in enumerate(self.options):
            zh, en = shanten_name(o.shanten)
            useful = "".join(
                f'<span style="display:inline-block;text-align:center;margin-right:3px">'
                f"{svg.inline_html(svg.tile_svg(u.tile, width=22))}<br><small>{u.live}</small></span>"
                for u in o.useful
            )
            style = ' style="background:#e8f4ea"' if k == 0 else ""
            rows.append(
                f"<tr{style}><td>{svg.inline_html(svg.tile_svg(o.discard, width=30))}</td>"
                f'<td><b data-shanten="{o.shanten}">{escape(both(zh, en))}</b></td><td>{useful}</td>'
                f"<td>{o.kinds}</td><td><b>{o.live}</b></td></tr>"
            )
        heads = [
            both("打出", "Discard"),
            both("向听", "Shanten"),
            both("进张（余张数）", "Useful tiles (live)"),
            both("种", "Kinds"),
            both("余张合计", "Live total"),
        ]
        note = ""
        if self.is_complete:
            note = f"<p><b>{escape(both('已和牌！可以和了，不必打牌。', 'Already complete: declare the win.'))}</b></p>"
        return (
            f"<div>{svg.inline_html(svg.hand_svg(self.hand, width=30))}{note}<table><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in heads)
            + "</tr>"
            + "".join(rows)
            + "</table></div>"
        )


def discard_advice(hand, visible=None) -> DiscardAdvice:
    """For each distinct discard of a 14-tile hand: the shanten after it and its useful tiles
    (进张) with live copies, best first, as a player reads it.

    ``visible``: tiles seen on the table besides the hand. The discarded tile itself counts as
    seen for its own option.

    >>> adv = discard_advice("1235m456p789sEEN+C")
    >>> [str(o.discard) for o in adv][:3]
    ['N', 'C', '5m']
    >>> print(adv[0])
    discard N: 1 from ready (一向听), 7 kinds, 23 live: 3m 4m 5m 6m 7m E C
    """
    hand = as_hand(hand)
    if hand.tile_count != 14:
        raise InvalidHandError(
            f"discard advice is for a 14-tile hand (13 and a drawn tile; kongs count as three); "
            f"{str(hand)!r} has {hand.tile_count}"
        )
    seen = _visible_counts(visible)
    held = hand.all_counts
    _check_copies(held, seen)
    counts = list(hand.counts)
    n = len(hand.melds)
    options = []
    for d in range(34):
        if not counts[d]:
            continue
        counts[d] -= 1
        s = shanten_of_counts(counts, n)
        held_after = list(held)
        held_after[d] -= 1
        useful = tuple(
            UsefulTile(TILES[t], max(0, 4 - held[t] - seen[t]))
            for t in useful_tiles_of_counts(counts, n, all_counts=held_after)
        )
        counts[d] += 1
        options.append(DiscardOption(TILES[d], s, useful))
    options.sort(key=lambda o: (o.shanten, -o.live, -o.kinds, o.discard.index))
    return DiscardAdvice(hand, shanten_of_counts(hand.counts, n), tuple(options))


# --- rendering of readings -------------------------------------------------------------------------


def reading_html(reading: Reading, *, width: float = 30) -> str:
    """A reading as grouped tiles with its form named in Chinese and English (see render.svg)."""
    return svg.reading_html(reading, width=width)
