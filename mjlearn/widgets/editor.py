"""The hand editor (牌型编辑器): click tiles to build a hand and see it analysed or scored at once.

>>> from mjlearn.widgets.editor import EditorState
>>> s = EditorState()
>>> s.set_notation("1112345678999m")
>>> s.add("5m"); s.notation()
'1112345678999m+5m'
"""

from __future__ import annotations

import copy
import re

from ..errors import InvalidHandError
from ..hand import Hand, Meld, MeldKind
from ..notation import format_meld, format_tiles, parse_hand, parse_meld, parse_tiles
from ..render import svg
from ..rules import registry
from ..seats import OFFER_EN, OFFER_ZH, Seat
from ..tiles import FLOWERS, KINDS, TILES, Tile
from ..tiles import tile as _tile
from . import _ctx, _panels
from ._base import BT, B, MessageError, MjWidget, esc, flag, integer, no_arg, one_of, scalar, text, tile_tag

__all__ = ["EditorState", "HandEditor"]

import traitlets as t

CONTEXT_FLAGS = {
    "self_drawn": ("自摸", "self-drawn"),
    "last_tile": ("和绝张", "last tile of its kind"),
    "kong": ("和在杠上（杠上开花 / 抢杠和）", "won on a kong (its replacement tile, or robbing it)"),
    "wall_last": ("妙手回春 / 海底捞月", "last tile of the wall"),
}
MODES = {"tile": ("单张", "tile"), "chow": ("吃 顺子", "chow"), "pung": ("碰 刻子", "pung"), "kong": ("杠", "kong")}
SEATS = {d: (OFFER_ZH[d], OFFER_EN[d].removesuffix(" player")) for d in OFFER_ZH}
MCR_KEYS = ("self_drawn", "last_tile", "kong", "wall_last", "seat_wind", "prevalent_wind")


class EditorState:
    """What the editor holds: a possibly unfinished hand, the meld builder and the context.

    Every change goes through a method that raises ``ValueError`` (with a sentence a learner can
    read) and leaves the state as it was when the change is impossible.
    """

    def __init__(self):
        self.melds: list[Meld] = []
        self.concealed: list[Tile] = []
        self.win: Tile | None = None
        self.flowers: list[Tile] = []
        self.mode = "tile"
        """What a palette click adds: a single tile, or a chow/pung/kong starting at that tile."""
        self.exposed = True
        """Melds from the builder are exposed (claimed) or concealed (made in hand)."""
        self.seat = 1
        """Who discarded the claimed tile of an exposed pung or kong: 1 left, 2 opposite, 3 right."""
        self.context = {
            "self_drawn": False,
            "last_tile": False,
            "kong": False,
            "wall_last": False,
            "seat_wind": "E",
            "prevalent_wind": "E",
            "winner": "E",
            "dealer": "E",
            "discarder": "N",
        }
        """The win context. MCR reads the winds and flags; a regional rule set reads the seats
        (winner, dealer, discarder unless self-drawn) and its own declared keywords, whose values
        are kept here too (missing ones take the rule set's declared default)."""
        self.rules = "mcr"

    # --- reading the state ---------------------------------------------------------------

    def held(self) -> list[int]:
        """Copies of each of the 42 tiles in the hand (melds, concealed, winning tile, flowers)."""
        c = [0] * 42
        for m in self.melds:
            for tl in m.tiles:
                c[tl.index] += 1
        for tl in [*self.concealed, *self.flowers, *([self.win] if self.win else [])]:
            c[tl.index] += 1
        return c

    def left(self) -> list[int]:
        """Copies of each tile still free to add: 4 of a kind, 1 of a flower."""
        h = self.held()
        return [(4 if i < 34 else 1) - h[i] for i in range(42)]

    def tile_count(self) -> int:
        """Tiles with kongs counted as three (13 waiting, 14 complete)."""
        return 3 * len(self.melds) + len(self.concealed) + (self.win is not None)

    def notation(self) -> str:
        s = "".join(format_meld(m) for m in self.melds) + format_tiles(self.concealed)
        if self.win is not None:
            s += "+" + str(self.win)
        return s + format_tiles(self.flowers)

    def hand(self) -> Hand | None:
        """The hand when it has 13 or 14 tiles, else None."""
        if self.tile_count() not in (13, 14):
            return None
        return Hand(tuple(self.melds), tuple(self.concealed), self.win, tuple(self.flowers))

    def ruleset(self):
        """The chosen regional :class:`~mjlearn.rules.RuleSet`, or None for MCR (scored by
        :mod:`mjlearn.mcr` with the winds and flags)."""
        return None if self.rules == "mcr" else _ctx.ruleset(self.rules)

    def score_context(self) -> dict:
        """The keywords passed to the scorer: only those the chosen rule set accepts."""
        rs = self.ruleset()
        if rs is None:
            return {k: self.context[k] for k in MCR_KEYS}
        return _ctx.keywords(rs, self.context)

    def set_context(self, name: str, value) -> None:
        """A context control changed (the value as the front end sends it: a bool, a string)."""
        rs = self.ruleset()
        if rs is None:
            if name not in MCR_KEYS:
                raise ValueError(f"unknown context {name!r} for MCR: expected one of {', '.join(MCR_KEYS)}")
            self.context[name] = _ctx._bool(value) if name in CONTEXT_FLAGS else _ctx.seat(name, value)
            return
        _ctx.set_value(rs, self.context, name, value)

    # --- changing it ---------------------------------------------------------------------

    def add(self, tile) -> None:
        """A palette click: add a tile, a flower, or (in a meld mode) a meld starting at it."""
        tl = _tile(tile)
        left = self.left()
        if tl.is_flower:
            if tl in self.flowers:
                self.flowers.remove(tl)
            else:
                self.flowers.append(tl)
                self.flowers.sort()
            return
        n = self.tile_count()
        if self.mode == "tile":
            if left[tl.index] <= 0:
                raise ValueError(B(f"{tl.zh}已经用完了四张", f"all four {tl.en} ({tl}) are already in the hand"))
            if n >= 14:
                raise ValueError(
                    B(
                        "手牌已满 14 张：先在手牌里点一张把它拿掉",
                        "the hand is full (14 tiles): click a tile in the hand to remove it first",
                    )
                )
            if n == 13:
                self.win = tl
            else:
                self.concealed.append(tl)
                self.concealed.sort()
            return
        kind = MeldKind(self.mode)
        if kind is MeldKind.CHOW and (not tl.is_suited or tl.rank > 7):
            raise ValueError(
                B(
                    f"顺子从 {tl} 起不行：只能从 1-7 的数牌开始",
                    f"a chow cannot start at {tl}: it needs a suited tile 1-7",
                )
            )
        if len(self.melds) >= 4:
            raise ValueError(B("最多四副副露", "a hand has at most four melds"))
        if self.win is not None or n + 3 > 13:
            raise ValueError(
                B(
                    "没有地方再放一副：面子要在和牌张之前，总数不超过 13 张",
                    "no room for another meld: melds plus concealed tiles make at most 13 before the winning tile",
                )
            )
        if kind is not MeldKind.KONG and not self.exposed:
            tiles = [TILES[tl.index + k] for k in range(3)] if kind is MeldKind.CHOW else [tl] * 3
            need: dict = {}
            for x in tiles:
                need[x] = need.get(x, 0) + 1
            for x, k in need.items():
                if left[x.index] < k:
                    raise ValueError(B(f"{x.zh}不够了", f"not enough {x.en} ({x}) left"))
            self.concealed.extend(tiles)
            self.concealed.sort()
            return
        offer = None
        if self.exposed:
            offer = 1 if kind is MeldKind.CHOW else self.seat
        meld = Meld(kind, tl, offer)
        for x in set(meld.tiles):
            if left[x.index] < meld.tiles.count(x):
                raise ValueError(
                    B(
                        f"{x.zh}不够了，凑不成 {format_meld(meld)}",
                        f"not enough {x.en} ({x}) left for {format_meld(meld)}",
                    )
                )
        self.melds.append(meld)

    def remove(self, where: str) -> None:
        """Take out a piece of the hand: ``c3`` (4th concealed tile), ``w`` (the winning tile),
        ``m0`` (first meld), ``f1`` (second flower)."""
        kind, num = where[:1], where[1:]
        try:
            if kind == "w" and self.win is not None:
                self.win = None
                return
            k = int(num)
            if kind == "c":
                del self.concealed[k]
                self._stand()
                return
            if kind == "m":
                del self.melds[k]
                self._stand()
                return
            if kind == "f":
                del self.flowers[k]
                return
        except (ValueError, IndexError):
            pass
        raise ValueError(B(f"这里没有可以拿掉的牌（{where}）", f"nothing to remove at {where!r}"))

    def _stand(self) -> None:
        """After a tile or meld is taken out, the hand is a standing hand again: the winning tile
        goes back among the concealed tiles, so 13 tiles show their waits, not a count error."""
        if self.win is not None:
            self.concealed.append(self.win)
            self.concealed.sort()
            self.win = None

    def clear(self) -> None:
        self.melds, self.concealed, self.win, self.flowers = [], [], None, []

    def set_notation(self, text: str) -> None:
        """Replace the hand by typed notation. Fewer than 13 tiles is allowed while building.
        Raises :class:`NotationError` or :class:`InvalidHandError` and keeps the hand as it was."""
        try:
            h = parse_hand(text)
            melds, concealed, win, flowers = list(h.melds), list(h.concealed), h.win_tile, list(h.flowers)
        except InvalidHandError as e:
            if not all(p.message.startswith("wrong tile count") for p in e.problems):
                raise
            melds, concealed, win, flowers = _parse_partial(text)
            n = 3 * len(melds) + len(concealed) + (win is not None)
            if n > 14 or (win is not None and n != 14):
                raise
        self.melds, self.concealed, self.win, self.flowers = list(melds), sorted(concealed), win, list(flowers)


def _tile_arg(v) -> str:
    """A palette click: one tile's notation."""
    if not isinstance(v, str) or len(v) > 4:
        raise MessageError(f"expected a tile such as 5m, got {v!r}  （应为一张牌，例如 5m，收到的是 {v!r}）")
    return v


def _piece(v) -> str:
    """A click on the hand: ``c3``, ``w``, ``m0`` or ``f1``."""
    if not isinstance(v, str) or not re.fullmatch(r"w|[cmf]\d{1,2}", v):
        raise MessageError(f"expected c<n>, m<n>, f<n> or w, got {v!r}  （应为 c<n>、m<n>、f<n> 或 w，收到的是 {v!r}）")
    return v


def _parse_partial(text: str):
    """Melds, concealed tiles, winning tile and flowers of an unfinished hand (the full parser
    has already checked the syntax; only the tile count was wrong)."""
    melds = [parse_meld(m) for m in re.findall(r"\[[^\]]*\]", text)]
    rest = re.sub(r"\[[^\]]*\]", "", text)
    body, _, win_text = rest.partition("+")
    tiles = list(parse_tiles(body)) if body.strip() else []
    wins = list(parse_tiles(win_text)) if win_text.strip() else []
    flowers = sorted([x for x in tiles + wins if x.is_flower])
    concealed = [x for x in tiles if not x.is_flower]
    wins = [x for x in wins if not x.is_flower]
    return melds, concealed, (wins[0] if wins else None), flowers


class HandEditor(MjWidget):
    """Build a hand by clicking tiles; see its waits and shanten (13 tiles) or its score (14).

    >>> ed = HandEditor("1112345678999m")
    >>> ed.handle({"act": "add", "arg": "5m"})  # what a click on 5m in the palette sends
    >>> ed.notation
    '1112345678999m+5m'

    Front-end messages: ``add`` (a palette tile), ``rm`` (``c3``/``w``/``m0``/``f1``), ``clear``,
    ``mode`` (tile/chow/pung/kong), ``exposed`` (bool), ``seat`` (1-3), ``ctx`` (``{"name":
    flag, "value": ...}``), ``rules``, ``lang``; the notation box sets the ``notation`` trait.
    """

    messages = {
        **MjWidget.messages,
        "add": {"arg": lambda v: _tile_arg(v)},
        "rm": {"arg": lambda v: _piece(v)},
        "clear": {"arg": no_arg},
        "mode": {"arg": one_of(*MODES)},
        "exposed": {"arg": flag},
        "seat": {"arg": integer(min(SEATS), max(SEATS))},
        "ctx": {"name": text, "value": scalar},
        "rules": {"arg": text},
    }
    shows_errors = True
    front_end_traits = ("notation",)

    notation = t.Unicode("").tag(sync=True)
    """The hand in notation, kept in sync with the tiles both ways."""
    total = t.Int(-1).tag(sync=True)
    """The score shown in the result panel (-1 when the hand is not a scored win)."""

    def __init__(self, hand: str = "", *, rules: str = "mcr", **context):
        self.state = EditorState()
        self.state.rules = rules
        rs = self.state.ruleset()
        for k, v in context.items():
            if rs is None and k not in MCR_KEYS:
                raise ValueError(f"unknown context {k!r}: expected one of {', '.join(MCR_KEYS)}")
            if rs is not None:
                _ctx.set_value(rs, self.state.context, k, v)
            else:
                self.state.context[k] = v
        if hand:
            self.state.set_notation(str(hand))
        self._syncing = False
        super().__init__(notation=self.state.notation())

    # --- actions -------------------------------------------------------------------------

    def _act_add(self, arg, msg):
        self.state.add(arg)
        self.last_error = ""

    def _act_rm(self, arg, msg):
        self.state.remove(str(arg))
        self.last_error = ""

    def _act_clear(self, arg, msg):
        self.state.clear()
        self.last_error = ""

    def _act_mode(self, arg, msg):
        self.state.mode = arg

    def _act_exposed(self, arg, msg):
        self.state.exposed = arg

    def _act_seat(self, arg, msg):
        self.state.seat = arg

    def _act_ctx(self, arg, msg):
        self.state.set_context(msg["name"], msg["value"])

    def _snapshot(self):
        return super()._snapshot(), copy.deepcopy(self.state)

    def _restore(self, before) -> None:
        traits, self.state = before
        super()._restore(traits)

    def _act_rules(self, arg, msg):
        key = str(arg)
        if key != "mcr":
            key = _ctx.ruleset(key).name  # an unknown name is refused with the registry's message
        self.state.rules = key

    @t.observe("notation")
    def _notation_typed(self, change):
        if self._syncing or getattr(self, "state", None) is None:
            return
        text = change["new"]
        if self._too_long(text, "typed notation"):
            return
        if text == self.state.notation():
            if self.last_error:  # the learner typed the hand back: nothing wrong any more
                self.last_error = ""
                self.refresh()
            return
        try:
            self.state.set_notation(text)
        except ValueError as e:  # NotationError, InvalidHandError: the parser's own message
            self.last_error = str(e)
            self.refresh(keep_notation=True)
            return
        self.last_error = ""
        self.refresh()

    # --- rendering -----------------------------------------------------------------------

    def refresh(self, keep_notation: bool = False) -> None:
        st = getattr(self, "state", None)
        if st is None:
            return
        if not keep_notation:
            self._syncing = True
            try:
                self.notation = st.notation()
            finally:
                self._syncing = False
        super().refresh()

    def _layout(self) -> str:
        return (
            '<div class="mj-editor">'
            '<div data-region="head"></div>'
            '<div class="mj-cols"><div class="mj-left">'
            '<div data-region="palette"></div><div data-region="builder"></div>'
            '<div data-region="hand"></div>'
            '<div class="mj-notation"><label data-region="notation_label"></label>'
            '<input type="text" class="mj-notation-input" data-bind="notation" spellcheck="false"'
            ' autocomplete="off" aria-label="手牌记法 Hand notation"/></div><div data-region="error"></div>'
            '<div data-region="context"></div></div>'
            '<div class="mj-right"><div data-region="result"></div></div></div></div>'
        )

    def _regions(self, live: bool) -> dict:
        st = self.state
        res = _panels.result_panel(st, live=live)
        self.total = res.total
        return {
            "head": _panels.header(B("牌型编辑器", "Hand editor"), live),
            "palette": self._palette(live),
            "builder": self._builder(),
            "hand": self._hand(live),
            "notation_label": esc(B("记法", "Notation")) + ("" if live else f" <code>{esc(st.notation())}</code>"),
            "error": (f'<div class="mj-error" role="alert">{esc(self.last_error)}</div>' if self.last_error else ""),
            "context": self._context(),
            "result": res.html,
        }

    def _palette(self, live: bool) -> str:
        left = self.state.left()
        rows = [KINDS[0:9], KINDS[9:18], KINDS[18:27], KINDS[27:34] + FLOWERS[:0], FLOWERS]
        out = ['<div class="mj-palette">']
        for row in rows:
            out.append('<div class="mj-prow">')
            for tl in row:
                n = left[tl.index]
                on = tl in self.state.flowers if tl.is_flower else False
                dis = " mj-off" if n <= 0 and not on else ""
                sel = " mj-on" if on else ""
                out.append(
                    f'<button class="mj-pal{dis}{sel}" data-act="add" data-arg="{tl}" '
                    f'data-tile-btn="{tl}">{tile_tag(tl, live=live, width=32)}'
                    f'<span class="mj-left-n">{n if not tl.is_flower else ("✓" if on else "")}</span></button>'
                )
            out.append("</div>")
        out.append("</div>")
        return "".join(out)

    def _builder(self) -> str:
        st = self.state
        out = ['<div class="mj-builder"><span class="mj-lbl">', esc(B("点牌加入", "A click adds")), "</span>"]
        for m, (zh, en) in MODES.items():
            on = " mj-on" if st.mode == m else ""
            out.append(f'<button class="mj-chip{on}" data-act="mode" data-arg="{m}">{BT(zh, en)}</button>')
        if st.mode != "tile":
            out.append('<span class="mj-sep"></span>')
            for val, (zh, en) in ((True, ("明", "exposed")), (False, ("暗", "concealed"))):
                on = " mj-on" if st.exposed == val else ""
                out.append(
                    f'<button class="mj-chip{on}" data-act="exposed" data-arg="{int(val)}">{esc(B(zh, en))}</button>'
                )
            if st.exposed and st.mode != "chow":
                out.append(f'<span class="mj-lbl">{esc(B("来自", "from"))}</span>')
                for seat, (zh, en) in SEATS.items():
                    on = " mj-on" if st.seat == seat else ""
                    out.append(
                        f'<button class="mj-chip{on}" data-act="seat" data-arg="{seat}">{esc(B(zh, en))}</button>'
                    )
        out.append(
            f'<span class="mj-grow"></span><button class="mj-chip mj-clear" data-act="clear">'
            f"{esc(B('清空', 'clear'))}</button></div>"
        )
        return "".join(out)

    def _hand(self, live: bool) -> str:
        st = self.state
        n = st.tile_count()
        out = [
            f'<div class="mj-hand-box"><div class="mj-lbl">{esc(B("手牌", "Hand"))} · '
            f'{n}/14 · {esc(B("点一张牌把它拿掉", "click a tile to take it out"))}</div><div class="mj-hand">'
        ]
        for k, m in enumerate(st.melds):
            out.append(
                f'<span class="mj-grp mj-click" data-act="rm" data-arg="m{k}" '
                f'title="{esc(B("拿掉这副", "remove this meld"))}">{svg.meld_svg(m, width=33)}</span>'
            )
        if st.concealed:
            out.append(
                f'<span class="mj-ones">{"".join(self._one(f"c{k}", x, 33) for k, x in enumerate(st.concealed))}</span>'
            )
        if st.win is not None:
            out.append(
                f'<span class="mj-grp mj-win mj-click" data-act="rm" data-arg="w">'
                f'<span class="mj-tag">{esc(B("和牌张", "winning tile"))}</span>'
                f"{svg.tile_svg(st.win, width=33)}</span>"
            )
        if st.flowers:
            out.append(
                f'<span class="mj-ones">{"".join(self._one(f"f{k}", x, 32) for k, x in enumerate(st.flowers))}</span>'
            )
        if n == 0 and not st.flowers:
            out.append(
                f'<span class="mj-empty">{esc(B("点上面的牌开始组一手牌", "Click the tiles above to build a hand"))}</span>'
            )
        out.append("</div></div>")
        return "".join(out)

    @staticmethod
    def _one(arg: str, tile, width: int) -> str:
        """One tile of the hand as its own button (a target of its own, wrapping on a narrow screen)."""
        name = esc(B(f"拿掉 {tile.zh}", f"take out {tile.en}"))
        return (
            f'<button class="mj-grp mj-click mj-one" data-act="rm" data-arg="{arg}" data-tile="{tile}" '
            f'aria-label="{name}">'
            f"{svg.tile_svg(tile, width=width)}</button>"
        )

    def _context(self) -> str:
        st = self.state
        ctx = st.context
        rs = st.ruleset()
        if rs is not None:
            return '<div class="mj-context mj-ctx-regional">' + self._rules_picker() + _ctx.controls(rs, ctx) + "</div>"
        out = ['<div class="mj-context">']
        for name, (zh, en) in (("seat_wind", ("门风", "seat wind")), ("prevalent_wind", ("圈风", "prevalent wind"))):
            out.append(f'<label>{BT(zh, en)} <select data-act="ctx" data-name="{name}">')
            for w in Seat:
                sel = " selected" if ctx[name] == w.letter else ""
                out.append(f'<option value="{w.letter}"{sel}>{esc(B(w.zh, w.en))}</option>')
            out.append("</select></label>")
        for name, (zh, en) in CONTEXT_FLAGS.items():
            chk = " checked" if ctx[name] else ""
            out.append(
                f'<label title="{esc(B(zh, en))}"><input type="checkbox" data-act="ctx" '
                f'data-name="{name}"{chk}/> {BT(zh, en)}</label>'
            )
        out.append(self._rules_picker())
        out.append("</div>")
        return "".join(out)

    def _rules_picker(self) -> str:
        out = [f'<label class="mj-rules-pick">{esc(B("规则", "rules"))} <select data-act="rules">']
        for key in registry.names():
            rs = registry.get(key)
            zh, en = rs.zh, rs.en
            sel = " selected" if self.state.rules == key else ""
            out.append(f'<option value="{esc(key)}"{sel}>{esc(B(zh, en))}</option>')
        out.append("</select></label>")
        return "".join(out)

    def _text(self) -> str:
        return f"HandEditor({self.state.notation()!r})"

    plain_skip = ("head", "palette", "builder", "context", "notation_label")

    def _plain_head(self) -> str:
        n = self.state.notation()
        return f"{B('牌型编辑器', 'Hand editor')}: {n or B('（空）', '(empty)')}"
