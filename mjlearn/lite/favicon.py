"""The browser site's icon: a red dragon tile (中), drawn here: some 4 KB at three sizes.

JupyterLite ships ``lab/favicon.ico``, Jupyter's logo at ten sizes up to 256 pixels (over 300 KB),
and nothing at the site's root, where a browser asks for ``/favicon.ico`` when a page names no icon
(JupyterLite's pages name none): that request was a 404. :func:`write_favicons` puts this small icon
in both places (used by :mod:`mjlearn.lite.site`).
"""

from __future__ import annotations

import io
from pathlib import Path

SIZES = (16, 32, 48)
"""The sizes a browser picks from: a tab (16, 32 on a dense screen) and a bookmark or shortcut (48)."""

_SCALE = 8  # drawn this many times larger, then reduced: smooth edges at every size
_IVORY, _GREEN, _RED = (246, 241, 227, 255), (46, 125, 50, 255), (198, 40, 40, 255)


def icon() -> bytes:
    """The icon as an ``.ico`` file (each size a PNG inside, as Pillow writes them)."""
    from PIL import Image, ImageDraw  # Pillow comes with matplotlib, which the build machine has

    side = max(SIZES) * _SCALE
    u = side / 32  # one unit of a 32-pixel grid
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    # the tile standing: its green back shows below and to the right of the ivory face
    draw.rounded_rectangle((6 * u, 3 * u, 28 * u, 31 * u), radius=4 * u, fill=_GREEN)
    draw.rounded_rectangle((4 * u, 1 * u, 26 * u, 28 * u), radius=4 * u, fill=_IVORY)
    # 中: a box crossed by a long vertical stroke
    draw.rectangle((8 * u, 10 * u, 22 * u, 19 * u), outline=_RED, width=round(2.5 * u))
    draw.rectangle((13.5 * u, 4.5 * u, 16.5 * u, 25 * u), fill=_RED)
    out = io.BytesIO()
    img.save(out, format="ICO", sizes=[(s, s) for s in SIZES])
    return out.getvalue()


def write_favicons(site: Path) -> None:
    """Write the icon as the site's ``favicon.ico`` and ``lab/favicon.ico`` (replacing JupyterLite's)."""
    data = icon()
    for place in (Path(site) / "favicon.ico", Path(site) / "lab" / "favicon.ico"):
        place.write_bytes(data)
