"""Render HTML to PNG with headless Chromium (Debian's /usr/bin/chromium) through Playwright.

As a module::

    from tools.screenshot import screenshot
    screenshot("<b>hi</b>", "out.png")                # an HTML string or a path to an .html file

From the command line::

    .venv/bin/python tools/screenshot.py page.html out.png [--selector CSS] [--width 1200]
    .venv/bin/python tools/screenshot.py --readme-images   # images/tiles.png and images/sample_hand.png

Playwright never downloads a browser here: it drives /usr/bin/chromium with a fresh temporary
profile, no GPU, no background networking, no component updates and no sync. If Pillow is
installed the PNG is re-encoded as an optimised palette image to keep it small.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parent.parent

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body{{margin:0;background:{background}}} #shot{{display:inline-block;padding:{padding}px}}
</style></head><body><div id="shot">{body}</div></body></html>"""


def screenshot(
    html: str | os.PathLike,
    out: str | os.PathLike,
    *,
    selector: str = "#shot",
    width: int = 1200,
    height: int = 800,
    scale: float = 1.0,
    background: str = "white",
    padding: int = 0,
    optimise: bool = True,
) -> Path:
    """Render ``html`` (a string of HTML, or a path to an .html file) and save the element matched
    by ``selector`` as a PNG at ``out``. A fragment (anything without ``<html``) is wrapped in a
    page whose ``#shot`` element holds it. Returns the output path."""
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    if isinstance(html, os.PathLike) or (
        isinstance(html, str) and html.endswith(".html") and "<" not in html and Path(html).exists()
    ):
        html = Path(html).read_text(encoding="utf-8")
    if "<html" not in html.lower():
        html = PAGE.format(body=html, background=background, padding=padding)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="mjlearn-chromium-") as profile, sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=ARGS,
            headless=True,
            viewport={"width": width, "height": height},
            device_scale_factor=scale,
        )
        try:
            page = ctx.new_page()
            page.set_content(html, wait_until="load")
            page.locator(selector).first.screenshot(path=str(out))
        finally:
            ctx.close()
    if optimise:
        _optimise(out)
    return out


def _optimise(path: Path) -> None:
    try:
        from PIL import Image
    except ImportError:
        return
    img = Image.open(path).convert("RGB")
    img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)


def readme_images(out_dir: Path = ROOT / "images") -> list[Path]:
    """The pictures of the README: the tile sheet and a sample hand."""
    sys.path.insert(0, str(ROOT))
    from mjlearn import parse_hand
    from mjlearn.render import svg

    sheet = screenshot(svg.tile_sheet_html(width=44), out_dir / "tiles.png", width=1100, height=900, scale=1.5)
    rows = [
        (
            "[123m,2][EEE,3][5555p]456s9s+9sae",
            "吃二万 (上家) · 碰东风 (下家) · 暗杠五饼 · 和九条 · 花 春 梅",
            "chow with 2m claimed from the left · pung of East from the right · concealed kong · "
            "winning 9s apart · flowers",
        ),
        (
            "[789s,3][WWWW,6][CCCC,3]11pSS+S",
            "吃九条 (上家) · 加杠西风 (碰自对家) · 明杠红中 (下家) · 和南风",
            "chow with 9s claimed from the left · added kong on a pung from opposite · melded kong from the right",
        ),
    ]
    body = "".join(
        f"<div style='margin-bottom:14px'>{svg.hand_svg(parse_hand(h), width=46)}"
        f"<div style='font:14px sans-serif;color:#fde9a8;margin-top:6px'><code style='color:#fff'>{h}</code>"
        f" &nbsp; {zh}<br><span style='color:#d7eadc'>{en}</span></div></div>"
        for h, zh, en in rows
    )
    sample = screenshot(
        body, out_dir / "sample_hand.png", background="#17432e", padding=18, width=900, height=400, scale=1.5
    )
    return [sheet, sample]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Render HTML to PNG with headless Chromium.")
    ap.add_argument("html", nargs="?", help="an .html file, or '-' for stdin")
    ap.add_argument("out", nargs="?", help="the PNG to write")
    ap.add_argument("--selector", default="#shot", help="CSS selector of the element to capture")
    ap.add_argument("--width", type=int, default=1200)
    ap.add_argument("--height", type=int, default=800)
    ap.add_argument("--scale", type=float, default=1.0, help="device scale factor")
    ap.add_argument("--background", default="white")
    ap.add_argument("--no-optimise", action="store_true")
    ap.add_argument("--readme-images", action="store_true", help="write images/tiles.png and images/sample_hand.png")
    a = ap.parse_args(argv)
    if a.readme_images:
        for p in readme_images():
            print(f"wrote {p} ({p.stat().st_size / 1024:.0f} KB)")
        return 0
    if not a.html or not a.out:
        ap.error("give an HTML file and an output PNG, or --readme-images")
    html = sys.stdin.read() if a.html == "-" else Path(a.html).read_text(encoding="utf-8")
    p = screenshot(
        html,
        a.out,
        selector=a.selector,
        width=a.width,
        height=a.height,
        scale=a.scale,
        background=a.background,
        optimise=not a.no_optimise,
    )
    print(f"wrote {p} ({p.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
