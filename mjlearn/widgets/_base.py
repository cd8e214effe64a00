"""The common base of mjlearn's widgets: one small ES module, Python-rendered regions, tile art.

A widget here is an :class:`anywidget.AnyWidget` whose view is a ``layout`` (HTML with
``<div data-region="NAME">`` slots) plus ``regions`` (a dict NAME -> HTML) that Python renders.
The front end (``static/mj.js``) keeps a cache of the tile art sent once per widget, fills the
``<i class="mj-t" data-tile="5m">`` placeholders with it, replaces only the regions whose HTML
changed, and sends the learner's clicks back as small messages ``{"act": ..., "arg": ...}``.
``regions`` itself is not synced: the browser gets ``region_patch``, only the regions whose HTML
changed since the last one sent (a changed region as a splice of its old HTML when most of it
stays), and every region when a view asks (:meth:`MjWidget.get_state`).
So the widget's logic lives in Python and is tested there without a browser: call
:meth:`MjWidget.handle` with the message the front end would send and look at ``regions``.

Each widget declares the messages it acts on (:attr:`MjWidget.messages`: action -> a check per
field) and the traits the front end may set (:attr:`MjWidget.front_end_traits`). A message that is
not one of them, or whose fields fail their checks, is logged on the widget's logger
(``mjlearn.widgets.<Class>``) and ignored; an action the engine refuses leaves the state as it was.

Every widget's mimebundle also carries a static ``text/html`` rendering (real inline SVG, no
script) and a ``text/plain`` line, so exported HTML and GitHub show the hand too.
"""

from __future__ import annotations

import copy
import html as _html
import logging
import re
import weakref
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from .. import i18n
from ..errors import MjlearnError
from ..lazy import built_once
from ..render import svg
from ..terms import annotate
from ..tiles import TILES, Tile

_STATIC = Path(__file__).parent / "static"
_LIVE: weakref.WeakSet[MjWidget] = weakref.WeakSet()
_seen_language: list[str | None] = [None]


def esc(text) -> str:
    return _html.escape(str(text), quote=True)


def L(zh: str, en: str) -> str:
    """Text in the current language (a short alias of :func:`mjlearn.i18n.pick`)."""
    return i18n.pick(zh, en)


def B(zh: str, en: str) -> str:
    """Both names, the current language first."""
    return i18n.both(zh, en)


def BT(zh: str, en: str) -> str:
    """Both names as HTML (escaped), the current language first, with the glossary's words hoverable."""
    return str(annotate(esc(B(zh, en)), once=False))


# --- tile art -------------------------------------------------------------------------------


def tile_svg(tile: Tile | None, width: int = 36, **kw) -> str:
    """One tile as inline SVG from mjlearn's own path-only art (``tile=None``: the back)."""
    if tile is None:
        return svg.tile_svg(TILES[0], width=width, face_down=True, title="扣着的牌 a face-down tile")
    return svg.tile_svg(tile, width=width, **kw)


@built_once
def art() -> dict:
    """The 42 faces and the back as SVG strings, keyed by notation ('5m', 'E', 'a', 'back')."""
    faces = {str(tl): tile_svg(tl, width=60) for tl in TILES}
    faces["back"] = tile_svg(None, width=60)
    return faces


def tile_tag(
    tile: Tile | None, *, live: bool, cls: str = "", sideways: bool = False, attrs: str = "", width: int = 36
) -> str:
    """A tile in widget HTML: a placeholder the front end fills from its art cache (``live``), or
    the SVG itself (the static fallback)."""
    name = "back" if tile is None else str(tile)
    classes = "mj-t" + (" mj-side" if sideways else "") + (f" {cls}" if cls else "")
    title = "" if tile is None else f' title="{esc(B(tile.zh, tile.en))}"'
    if live:
        return f'<i class="{classes}" data-tile="{name}"{title}{attrs}></i>'
    if tile is None:
        body = tile_svg(None, width=width)
    else:
        body = tile_svg(tile, width=width, sideways=sideways)
    return f'<i class="{classes}" data-tile="{name}"{title}{attrs}>{body}</i>'


# --- the plain-text fallback ----------------------------------------------------------------


class _TextOf(HTMLParser):
    """The readable text of widget HTML: tiles by their notation, block elements on new lines;
    styles, scripts, SVG bodies, buttons and form controls left out."""

    SKIP = {"style", "script", "svg", "button", "select", "input", "option"}
    BLOCK = {"div", "p", "li", "tr", "h3", "h4", "table", "ul", "br", "details", "summary"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            if tag not in ("input",):
                self.skip += 1
            return
        a = dict(attrs)
        if self.skip:
            return
        if tag in self.BLOCK:
            self.out.append("\n")
        elif tag in ("td", "th", "span", "b", "label"):
            self.out.append(" ")
        if a.get("data-tile") and a["data-tile"] != "back":
            self.out.append(f" {a['data-tile']} ")

    def handle_startendtag(self, tag, attrs):
        if tag == "br" and not self.skip:
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in self.SKIP and tag != "input":
            self.skip = max(0, self.skip - 1)
        elif tag in self.BLOCK and not self.skip:
            self.out.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def html_text(html: str) -> str:
    """Widget HTML as plain lines of text (see :class:`_TextOf`)."""
    p = _TextOf()
    p.feed(html)
    p.close()
    lines = (re.sub(r"[ \t\u00a0]+", " ", ln).strip() for ln in "".join(p.out).splitlines())
    return "\n".join(ln for ln in lines if ln)


# --- language -----------------------------------------------------------------------------


def refresh_language() -> None:
    """Re-render every live widget if the language changed since the last look."""
    lang = i18n.get_language()
    if lang == _seen_language[0]:
        return
    _seen_language[0] = lang
    for w in list(_LIVE):
        try:
            w.refresh()
        except Exception:  # noqa: BLE001, S110 - a closed or broken widget must not stop the others
            pass


@built_once
def _hook_language() -> None:
    """Follow :func:`mjlearn.set_language`: widgets re-render as soon as the language changes
    (hooked once, however many threads make their first widget at the same moment)."""
    _seen_language[0] = i18n.get_language()
    i18n.add_listener(lambda _lang: refresh_language())


# --- front-end messages -----------------------------------------------------------------


class MessageError(MjlearnError, ValueError):
    """A front-end message the widget cannot act on: not an object, an unknown action, a missing or
    malformed argument. The widget logs it, ignores it and keeps its state; raised by
    :meth:`MjWidget.handle` in a cell, it shows as the learner's error box (English, then Chinese)."""

    heading = ("小部件无法执行这个操作", "The widget cannot act on this message")


MAX_MESSAGE_TEXT = 200
"""The longest string a front-end message may carry (tile names, seats, numbers typed in a box)."""
MESSAGE_KEYS = ("act", "arg", "name", "value")
"""What the front end sends: ``{"act": ..., "arg": ...}`` for a click, plus ``name``/``value`` for a control."""


def _short(x) -> str:
    r = repr(x)
    return r if len(r) <= 80 else r[:80] + f"... ({len(r):,} characters)"


def no_arg(v):
    """An action without an argument (the buttons send none, or an empty data-arg)."""
    return None


def text(v):
    """A string (a typed value, a select's option)."""
    if not isinstance(v, str):
        raise MessageError(f"expected text, got {_short(v)}  （应为文字，收到的是 {_short(v)}）")
    return v


def one_of(*choices):
    """One of these strings (``None`` allowed when listed)."""

    def check(v):
        if v not in choices or isinstance(v, bool):
            listed = ", ".join(map(repr, choices))
            raise MessageError(
                f"expected one of {listed}, got {_short(v)}  （只能是 {listed} 之一，收到的是 {_short(v)}）"
            )
        return v

    return check


def integer(lo: int, hi: int, default: int | None = None):
    """A whole number lo..hi, as a number or the decimal text a data-arg carries (``None``/"" -> default)."""

    def check(v):
        if v in (None, "") and default is not None:
            return default
        if isinstance(v, str) and v.strip().lstrip("-").isdigit() and len(v.strip()) <= 12:
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise MessageError(
                f"expected a whole number {lo}-{hi}, got {_short(v)}  "
                f"（应为 {lo} 到 {hi} 之间的整数，收到的是 {_short(v)}）"
            )
        return v

    return check


def flag(v):
    """True/false as a checkbox (a bool) or a button's data-arg ("1"/"0", "true"/"false") sends it."""
    table = {True: True, False: False, "1": True, "0": False, "true": True, "false": False}
    if not isinstance(v, (bool, int, str)) or v not in table:
        raise MessageError(f"expected true or false, got {_short(v)}  （应为 true 或 false，收到的是 {_short(v)}）")
    return table[v]


def scalar(v):
    """A control's value, checked by the action itself (a string, a number, true/false or null)."""
    return v


# --- what a view update sends -------------------------------------------------------------

SPLICE_MIN = 200
"""A changed region is sent as a splice of its old HTML when that saves at least this many characters."""


def _common(a: str, b: str, tail: bool) -> int:
    """How many characters ``a`` and ``b`` share at their start (or end): a binary search of
    C-speed slice comparisons."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        m = (lo + hi + 1) // 2
        if (a[len(a) - m :] == b[len(b) - m :]) if tail else (a[:m] == b[:m]):
            lo = m
        else:
            hi = m - 1
    return lo


def _units(text: str) -> int:
    """The length of ``text`` in UTF-16 code units, as JavaScript counts a string."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def _splice(old: str | None, new: str):
    """A region's new HTML as the browser gets it: the whole text, or ``[keep, cut, middle]`` when
    most of the old text stays: the old text's first ``keep`` and last ``cut`` UTF-16 units around
    the new ``middle`` (mj.js puts it together)."""
    if not old:
        return new
    p = _common(old, new, tail=False)
    q = _common(old[p:], new[p:], tail=True)
    if p + q < SPLICE_MIN:
        return new
    return [_units(old[:p]), _units(old[len(old) - q :]), new[p : len(new) - q]]


# --- the base class -----------------------------------------------------------------------


class MjWidget(anywidget.AnyWidget):
    """Base of the mjlearn widgets (see the module docstring)."""

    _esm = (_STATIC / "mj.js").read_text(encoding="utf-8") + (_STATIC / "glossary.js").read_text(encoding="utf-8")
    _css = _STATIC / "mj.css"

    layout_html = t.Unicode("").tag(sync=True)
    """The HTML frame with ``data-region`` slots."""
    regions = t.Dict()
    """Region name -> HTML, rendered by Python (kept here for Python readers; the browser gets
    :attr:`region_patch`)."""
    region_patch = t.Dict({"v": 0}).tag(sync=True)
    """What the browser gets of :attr:`regions`: a version number here; when sent, only the regions
    whose HTML changed since the last patch sent (see :meth:`get_state`)."""
    art = t.Dict().tag(sync=True)
    """Tile art, sent once: notation -> SVG."""
    lang = t.Unicode("en").tag(sync=True)
    """The language the view is rendered in (follows :func:`mjlearn.set_language`)."""
    last_error = t.Unicode("").tag(sync=True)
    """The last problem with the learner's input, shown in the widget ('' when none)."""

    messages: dict = {"lang": {"arg": one_of(None, "", "zh", "en")}}
    """The front-end messages this widget acts on: action -> {field: check}. Each check takes the
    field's value (None when absent), raises :class:`MessageError` if it is unusable and returns it
    normalised; ``_act_NAME(arg, msg)`` then gets the checked values. Subclasses extend it."""
    shows_errors = False
    """Whether the view shows :attr:`last_error` (the editor and the comparison have a message area)."""
    front_end_traits: tuple[str, ...] = ()
    """The synced traits the front end may set (the notation box); an update of any other trait, or
    of one of these with a value of the wrong type, is logged and ignored."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.art = art()
        self.on_msg(self._on_front_msg)
        _LIVE.add(self)
        _hook_language()
        self.refresh()

    # subclasses implement these
    def _layout(self) -> str:
        return '<div data-region="main"></div>'

    def _regions(self, live: bool) -> dict:
        raise NotImplementedError

    def _text(self) -> str:
        return type(self).__name__

    plain_skip: tuple[str, ...] = ("head", "controls")
    """Regions left out of the text/plain fallback (the title bar, buttons, pickers)."""

    def _plain_head(self) -> str:
        """The first line of the text/plain fallback: what the widget shows, in both languages."""
        return self._text()

    def plain_text(self) -> str:
        """The widget as text (the mimebundle's ``text/plain``): a head line, then the text of
        the regions (tiles by their notation), in the current language."""
        regions = self._regions(live=False)
        body = [html_text(h) for k, h in regions.items() if k not in self.plain_skip and h]
        return "\n".join([self._plain_head(), *[b for b in body if b]])

    @property
    def log(self) -> logging.Logger:
        """This widget's logger (``mjlearn.widgets.<Class>``): refused front-end messages go here."""
        return logging.getLogger(f"mjlearn.widgets.{type(self).__name__}")

    def check_message(self, msg) -> tuple[str, dict]:
        """The action and its checked fields, or :class:`MessageError` saying what is wrong."""
        if not isinstance(msg, dict):
            raise MessageError(
                f"a widget message is an object {{'act': ...}}, got {_short(msg)}  "
                f"（小部件的消息应是 {{'act': ...}} 这样的对象，收到的是 {_short(msg)}）"
            )
        extra = [k for k in msg if k not in MESSAGE_KEYS]
        if extra:
            raise MessageError(
                f"unknown message field(s) {_short(extra)}; a message has {', '.join(MESSAGE_KEYS)}  "
                f"（消息里有不认识的字段 {_short(extra)}；只能有 {', '.join(MESSAGE_KEYS)}）"
            )
        for k, v in msg.items():
            if not (v is None or isinstance(v, (bool, int, str))):
                raise MessageError(
                    f"message field {k!r} must be text, a number or true/false, got {_short(v)}  "
                    f"（消息字段 {k!r} 应是文字、数字或 true/false，收到的是 {_short(v)}）"
                )
            if isinstance(v, str) and len(v) > MAX_MESSAGE_TEXT:
                raise MessageError(
                    f"message field {k!r} is {len(v):,} characters long; at most {MAX_MESSAGE_TEXT}  "
                    f"（消息字段 {k!r} 有 {len(v):,} 个字符，最多 {MAX_MESSAGE_TEXT} 个）"
                )
            if isinstance(v, int) and not isinstance(v, bool) and abs(v) > 10**9:
                raise MessageError(
                    f"message field {k!r} is out of range: {_short(v)}  （消息字段 {k!r} 的数值超出范围：{_short(v)}）"
                )
        act = msg.get("act")
        spec = self.messages.get(act) if isinstance(act, str) else None
        if spec is None or not isinstance(act, str):  # (a spec only for a str)
            acts = ", ".join(self.messages)
            raise MessageError(
                f"unknown widget action {_short(act)}; {type(self).__name__} acts on {acts}  "
                f"（{type(self).__name__} 没有 {_short(act)} 这个操作；它的操作有 {acts}）"
            )
        fields: dict[str, Any] = {"act": act}
        for name, check in spec.items():
            try:
                fields[name] = check(msg.get(name))
            except MessageError as e:
                raise MessageError(f"{act}: {name}: {e}") from None
        return act, fields

    def handle(self, msg: dict) -> None:
        """Act on one message from the front end: ``{"act": NAME, "arg": VALUE}``.

        A malformed message raises :class:`MessageError`, an impossible action (a fifth 5m) the
        engine's ``ValueError``; either way the widget's state is left as it was."""
        act, fields = self.check_message(msg)
        if act == "lang":
            i18n.set_language(fields["arg"] or ("en" if i18n.get_language() == "zh" else "zh"))
            refresh_language()
            return
        before = self._snapshot()
        # a message belongs to the action that caused it: the next action that succeeds clears it
        # (an action may still leave a message of its own, as the play table's refusals do)
        error_before, self.last_error = self.last_error, ""
        try:
            getattr(self, f"_act_{act}")(fields.get("arg"), fields)
        except Exception:
            self._restore(before)
            self.last_error = error_before
            raise
        self._action_done()
        self.refresh()

    def _action_done(self) -> None:
        """Called after an action succeeded (before the refresh); widgets that keep something
        about the last refused input forget it here."""

    def set_state(self, sync_data):
        """A state update from the front end (ipywidgets calls this): only :attr:`front_end_traits`."""
        if not isinstance(sync_data, dict):
            self.log.warning("ignored a front-end state update %s", _short(sync_data))
            return
        allowed = {k: v for k, v in sync_data.items() if k in self.front_end_traits}
        refused = [k for k in sync_data if k not in allowed]
        if refused:
            self.log.warning(
                "ignored a front-end update of %s: the front end may set only %s",
                _short(refused),
                ", ".join(self.front_end_traits) or "nothing",
            )
        if allowed:
            try:
                super().set_state(allowed)
            except t.TraitError as e:
                self.log.warning("ignored a front-end update %s: %s", _short(allowed), e)
                refused += list(allowed)
        known = [k for k in refused if isinstance(k, str) and k in self.keys]
        if known:
            self.send_state(known)  # the browser shows the kernel's values again

    @t.observe("regions")
    def _regions_changed(self, _change) -> None:
        # a new version makes ipywidgets send region_patch; what it carries is worked out when sent
        self.region_patch = {"v": int(self.region_patch.get("v", 0)) + 1}

    def get_state(self, key=None, drop_defaults=False):
        """The synced state, with :attr:`region_patch` as the browser needs it: every region when
        the whole state is asked for (a new comm, a reloaded page, a view that missed a patch), else
        ``{"v", "base", "set", "drop"}``: the regions whose HTML changed since version ``base``, the
        one sent last (each the whole HTML or a splice of the old, see :func:`_splice`), and the
        names of regions gone. So a click sends only what it changed."""
        state = super().get_state(key, drop_defaults)
        if "region_patch" in state:
            state["region_patch"] = self._region_patch(full=key is None or self._resync)
        return state

    _front: tuple[int, dict] = (0, {})
    """The version and the regions of the last patch sent (what the browser has)."""
    _resync = False

    def _region_patch(self, full: bool) -> dict:
        v = int(self.region_patch.get("v", 0))
        new = dict(self.regions)
        if full:
            patch = {"v": v, "full": True, "set": new, "drop": []}
        else:
            base, old = self._front
            changed = {k: _splice(old.get(k), h) for k, h in new.items() if old.get(k) != h}
            patch = {"v": v, "base": base, "set": changed, "drop": [k for k in old if k not in new]}
        self._front = (v, new)
        return patch

    def _send_all_regions(self) -> None:
        """A view asked for every region (it was made after some patches, or missed one)."""
        self._resync = True
        try:
            self.send_state("region_patch")
        finally:
            self._resync = False

    def _snapshot(self):
        """What :meth:`handle` restores when an action fails: the synced state traits."""
        names = {
            k
            for cls in type(self).__mro__
            if isinstance(cls, type) and issubclass(cls, MjWidget)
            for k in cls.class_own_traits(sync=True)
        }
        return {
            k: copy.deepcopy(getattr(self, k))
            for k in sorted(names)
            if k not in ("regions", "region_patch", "art", "layout_html", "lang", "last_error")
        }

    def _restore(self, before) -> None:
        with self.hold_sync():
            for k, v in before.items():
                if getattr(self, k) != v:
                    setattr(self, k, v)

    def _on_front_msg(self, _widget, content, _buffers):
        """A message from the browser: acted on, or logged and ignored (the state stays as it was)."""
        if content == {"act": "regions"}:  # from mj.js itself, not the learner: see get_state
            self._send_all_regions()
            return
        try:
            self.handle(content)
        except MessageError as e:
            self.log.warning("ignored a front-end message %s: %s", _short(content), e)
            self._show_problem(("界面发来的操作无法处理，已忽略。", "Ignored an action the widget cannot use."))
        except ValueError as e:  # the engine refused the action (a fifth 5m, a full hand): say why
            self.log.info("refused %s: %s", _short(content), e)
            self._show_problem(str(e))
        except Exception:  # a bug must not reach the kernel's comm handler; the log keeps the traceback
            self.log.exception("failed on the front-end message %s", _short(content))
            self._show_problem(("出错了，这一步没有执行。", "Something went wrong; that step was not done."))

    def _too_long(self, text: str, what: str) -> bool:
        """A typed trait (the notation box) longer than any hand: logged, refused, the box reset."""
        if len(text) <= MAX_MESSAGE_TEXT:
            return False
        self.log.warning("ignored a %s of %s characters (at most %s)", what, f"{len(text):,}", MAX_MESSAGE_TEXT)
        self._show_problem(
            (
                f"输入太长：一手牌最多 {MAX_MESSAGE_TEXT} 个字符。",
                f"Too long for a hand: at most {MAX_MESSAGE_TEXT} characters.",
            )
        )
        if not self.shows_errors:  # else _show_problem has refreshed (and so reset the box)
            self.refresh()
        return True

    def _show_problem(self, problem) -> None:
        if not self.shows_errors:
            return
        self.last_error = problem if isinstance(problem, str) else B(*problem)
        self.refresh()

    def refresh(self) -> None:
        """Render every region again (after a change of state or language)."""
        self.lang = i18n.get_language()
        with self.hold_sync():
            self.layout_html = self._layout()
            self.regions = self._regions(live=True)

    # --- display fallbacks -----------------------------------------------------------------

    def static_html(self) -> str:
        """The view as plain HTML with inline SVG tiles: no script needed."""
        body = self._layout()
        for name, html in self._regions(live=False).items():
            # a slot may carry other attributes (class="mj-body" data-region="main"): match the tag
            def fill(m: re.Match, h: str = html) -> str:
                return m.group(1) + h + m.group(3)

            body = re.sub(rf'(<(\w+)\b[^>]*\bdata-region="{re.escape(name)}"[^>]*>)(</\2>)', fill, body, count=1)
        css = (_STATIC / "mj.css").read_text(encoding="utf-8")
        return f'<div class="mj-root mj-static"><style>{css}</style>{body}</div>'

    def _repr_mimebundle_(self, **kwargs):
        data: Any = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):
            data, meta = data
        else:
            meta = {}
        data = dict(data or {})
        try:
            data["text/plain"] = self.plain_text()
        except Exception:  # noqa: BLE001 - the fallback must never hide the live widget
            data["text/plain"] = self._plain_head()
        try:
            data["text/html"] = self.static_html()
        except Exception as e:  # noqa: BLE001 - as above: the plain text, with the reason hidden in the page
            data["text/html"] = f"<pre>{esc(data['text/plain'])}</pre><!-- {esc(e)} -->"
        return data, meta

    def __repr__(self) -> str:
        return f"<{self._text()}>"
