"""The common base of mjlearn's widgets: one small ES module, Python-rendered regions, tile art.

A widget here is an :class:`anywidget.AnyWidget` whose view is a ``layout`` (HTML with
``<div data-region="NAME">`` slots) plus ``regions`` (a dict NAME -> HTML) that Python renders.
The front end (``static/mj.js``) keeps a cache of the tile art sent once per widget, fills the
``<i class="mj-t" data-tile="5m">`` placeholders with it, replaces only the regions whose HTML
changed, and sends the learner's clicks back as small messages ``{"act": ..., "arg": ...}``.
So the widget's logic lives in Python and is tested there without a browser: call
:meth:`MjWidget.handle` with the message the front end would send and look at ``regions``.

Every widget's mimebundle also carries a static ``text/html`` rendering (real inline SVG, no
script) and a ``text/plain`` line, so exported HTML and GitHub show the hand too.
"""

from __future__ import annotations

import html as _html
import weakref
from pathlib import Path

import anywidget
import traitlets as t

from .. import i18n
from ..tiles import TILES, Tile

_STATIC = Path(__file__).parent / "static"
_LIVE: "weakref.WeakSet[MjWidget]" = weakref.WeakSet()
_seen_language = [None]
_hooked = [False]


def esc(text) -> str:
    return _html.escape(str(text), quote=True)


def L(zh: str, en: str) -> str:
    """Text in the current language (a short alias of :func:`mjlearn.i18n.pick`)."""
    return i18n.pick(zh, en)


def B(zh: str, en: str) -> str:
    """Both names, the current language first."""
    return i18n.both(zh, en)


# --- tile art -------------------------------------------------------------------------------

_ART_CACHE: dict = {}


def tile_svg(tile: Tile | None, width: int = 36, **kw) -> str:
    """One tile as inline SVG from mjlearn's own path-only art (``tile=None``: the back)."""
    from ..render import svg
    if tile is None:
        return svg.tile_svg(TILES[0], width=width, face_down=True)
    return svg.tile_svg(tile, width=width, **kw)


def art() -> dict:
    """The 42 faces and the back as SVG strings, keyed by notation ('5m', 'E', 'a', 'back')."""
    if not _ART_CACHE:
        for tl in TILES:
            _ART_CACHE[str(tl)] = tile_svg(tl, width=60)
        _ART_CACHE["back"] = tile_svg(None, width=60)
    return _ART_CACHE


def tile_tag(tile: Tile | None, *, live: bool, cls: str = "", sideways: bool = False, attrs: str = "",
             width: int = 36) -> str:
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
    return f'<i class="{classes}"{title}{attrs}>{body}</i>'


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
        except Exception:  # a closed or broken widget must not stop the others
            pass


def _hook_language() -> None:
    """Follow :func:`mjlearn.set_language`: widgets re-render as soon as the language changes."""
    if _hooked[0]:
        return
    _hooked[0] = True
    _seen_language[0] = i18n.get_language()
    i18n.add_listener(lambda _lang: refresh_language())


# --- the base class -----------------------------------------------------------------------

class MjWidget(anywidget.AnyWidget):
    """Base of the mjlearn widgets (see the module docstring)."""

    _esm = _STATIC / "mj.js"
    _css = _STATIC / "mj.css"

    layout_html = t.Unicode("").tag(sync=True)
    """The HTML frame with ``data-region`` slots."""
    regions = t.Dict().tag(sync=True)
    """Region name -> HTML, rendered by Python."""
    art = t.Dict().tag(sync=True)
    """Tile art, sent once: notation -> SVG."""
    lang = t.Unicode("en").tag(sync=True)
    """The language the view is rendered in (follows :func:`mjlearn.set_language`)."""
    last_error = t.Unicode("").tag(sync=True)
    """The last problem with the learner's input, shown in the widget ('' when none)."""

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

    def handle(self, msg: dict) -> None:
        """Act on one message from the front end: ``{"act": NAME, "arg": VALUE}``."""
        act = msg.get("act")
        if act == "lang":
            i18n.set_language(msg.get("arg") or ("en" if i18n.get_language() == "zh" else "zh"))
            refresh_language()
            return
        meth = getattr(self, f"_act_{act}", None)
        if meth is None:
            raise ValueError(f"unknown widget action {act!r}")
        meth(msg.get("arg"), msg)
        self.refresh()

    def _on_front_msg(self, _widget, content, _buffers):
        if isinstance(content, dict) and "act" in content:
            try:
                self.handle(content)
            except ValueError as e:
                self.last_error = str(e)
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
            body = body.replace(f'<div data-region="{name}"></div>',
                                f'<div data-region="{name}">{html}</div>')
        css = (_STATIC / "mj.css").read_text(encoding="utf-8")
        return f'<div class="mj-root mj-static"><style>{css}</style>{body}</div>'

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):
            data, meta = data
        else:
            meta = {}
        data = dict(data or {})
        data["text/plain"] = self._text()
        try:
            data["text/html"] = self.static_html()
        except Exception as e:  # the fallback must never hide the live widget
            data["text/html"] = f"<pre>{esc(self._text())}</pre><!-- {esc(e)} -->"
        return data, meta

    def __repr__(self) -> str:
        return f"<{self._text()}>"
