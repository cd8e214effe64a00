"""Features the browser course turns off, and the JavaScript they alone would load.

JupyterLab's front end loads some large libraries only when a feature asks for them: Mermaid diagrams
in Markdown (mermaid with its layout engines, about 4.6 MB of the site), mathematics typeset by MathJax
(0.9 MB), Vega charts (vega, vega-lite, about 0.6 MB) and the terminal (xterm, 0.5 MB; a browser page
has no terminal to show anyway). The course uses none of them (no lesson writes a formula: a learner's
``$x^2$`` shows as typed), so the site turns their plugins off (:data:`DISABLED`, written into
``jupyter-lite.json``'s ``disabledExtensions``, which JupyterLab honours as it starts). The lazy loads
of those libraries still sit in modules the lab runs (``@jupyterlab/mermaid``'s manager is part of the
bundle because the Markdown parser names its token), so the chunk graph of :mod:`mjlearn.lite.prune`
would count them as reachable. A :class:`Gate` says which source file's loads become dead when a
plugin package is off, and why; :func:`gated_sites` finds those loads in the built chunks through the
source maps that JupyterLite ships with its app (each load's position in the minified chunk is mapped
back to the file it was written in), so that the graph does not follow them.

A gate is applied only when its premise still holds in the build at hand (:func:`premise`): every other
file that imports the gated package imports only its tokens (names ``I...``: objects that identify a
service, not code that loads), apart from the disabled package itself and, for an extension package, the
apps' entries (which skip disabled plugins); and no federated extension of the site names the package.
A new JupyterLab in which anything else reaches the gated code makes the gate refuse, and the chunks
stay. Chunks whose bytes differ from the app's own (so that its maps would not describe them) are never
gated.
"""

from __future__ import annotations

import bisect
import hashlib
import importlib.util
import json
import re
import tarfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Gate:
    source: str
    """The file (under its package's folder in node_modules) whose lazy loads die with the plugin."""
    package: str
    """The npm package that file belongs to."""
    disabled_by: str
    """The plugin package whose being disabled makes the file's loads dead."""
    why: str


GATES = (
    Gate(
        "@jupyterlab/mermaid/lib/manager.js",
        "@jupyterlab/mermaid",
        "@jupyterlab/mermaid-extension",
        "mermaid is imported only by the MermaidManager, which only the mermaid extension's core plugin creates",
    ),
    Gate(
        "@jupyterlab/vega5-extension/lib/index.js",
        "@jupyterlab/vega5-extension",
        "@jupyterlab/vega5-extension",
        "vega-embed is imported only by this mime extension's renderer, registered only when it is enabled",
    ),
    Gate(
        "@jupyterlab/mathjax-extension/lib/index.js",
        "@jupyterlab/mathjax-extension",
        "@jupyterlab/mathjax-extension",
        "mathjax-full is imported only by this extension's typesetter, created only by its plugin",
    ),
    Gate(
        "@jupyterlab/terminal/lib/widget.js",
        "@jupyterlab/terminal",
        "@jupyterlab/terminal-extension",
        "xterm is imported only by the terminal widget, which only the terminal extension creates",
    ),
)

DISABLED = tuple(dict.fromkeys(g.disabled_by for g in GATES))
"""The plugin packages the course's site turns off: Mermaid diagrams, MathJax, Vega charts and the terminal."""

_B64 = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}
_TOKEN = re.compile(r"^I[A-Z]\w*$")


def app_archive() -> Path | None:
    """JupyterLite's app as shipped in jupyterlite-core (its build with source maps), or None."""
    spec = importlib.util.find_spec("jupyterlite_core")  # the site's builder, run as a command
    if spec is None or not spec.submodule_search_locations:
        return None
    found = sorted(Path(spec.submodule_search_locations[0]).glob("jupyterlite-app-*.tgz"))
    return found[-1] if found else None


def _segments(mappings: str) -> tuple[list[tuple[int, int]], list[tuple[int, int, int] | None]]:
    """Decode a source map's ``mappings``: the generated positions (line, column) in order, and for
    each the place it was written (source index, line, column), or None."""
    keys: list[tuple[int, int]] = []
    places: list[tuple[int, int, int] | None] = []
    src = src_line = src_col = 0
    for line, text in enumerate(mappings.split(";")):
        col = 0
        for seg in text.split(","):
            if not seg:
                continue
            fields, value, shift = [], 0, 0
            for ch in seg:
                digit = _B64[ch]
                value += (digit & 31) << shift
                if digit & 32:
                    shift += 5
                    continue
                fields.append(-(value >> 1) if value & 1 else value >> 1)
                value, shift = 0, 0
            col += fields[0]
            if len(fields) >= 4:
                src, src_line, src_col = src + fields[1], src_line + fields[2], src_col + fields[3]
                places.append((src, src_line, src_col))
            else:
                places.append(None)
            keys.append((line, col))
    return keys, places


def place(keys: list[tuple[int, int]], places: list, line: int, column: int) -> tuple[int, int, int] | None:
    """Where the code at ``line`` (1-based, as the parser counts) and ``column`` was written."""
    k = bisect.bisect_right(keys, (line - 1, column)) - 1
    return places[k] if k >= 0 else None


class AppMaps:
    """The source maps of JupyterLite's app build, by chunk file name."""

    def __init__(self, archive: Path):
        self.maps: dict[str, dict] = {}
        self.digests: dict[str, str] = {}
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                name = member.name
                if not member.isfile() or not name.startswith("package/build/") or name.count("/") != 2:
                    continue
                data = tar.extractfile(member)
                if data is None:
                    continue
                raw = data.read()
                base = name.rsplit("/", 1)[1]
                if base.endswith(".js.map"):
                    self.maps[base[: -len(".map")]] = json.loads(raw)
                elif base.endswith(".js"):
                    self.digests[base] = hashlib.sha256(raw).hexdigest()

    def sources_content(self):
        """Every (source path, its text) the maps carry."""
        for m in self.maps.values():
            yield from zip(m.get("sources", []), m.get("sourcesContent") or [])


def _in_package(source: str, package: str) -> bool:
    return f"node_modules/{package}/" in source


def premise(gate: Gate, maps: AppMaps, extension_texts: list[str]) -> str | None:
    """Why ``gate`` cannot be trusted in this build, or None when its premise holds."""
    spec = re.compile(r"""['"]""" + re.escape(gate.package) + r"""(?:/[^'"]*)?['"]""")
    named = re.compile(r"import\s*\{([^}]*)\}\s*from\s*$")
    found_source = False
    for source, text in maps.sources_content():
        if source.endswith("node_modules/" + gate.source):
            found_source = True
        if not text or _in_package(source, gate.package) or _in_package(source, gate.disabled_by):
            continue
        for m in spec.finditer(text):
            if gate.package == gate.disabled_by and re.search(r"/build/index\.js$", source):
                continue  # an app's entry: it lists the extension and skips it when disabled
            head = named.search(text, max(0, m.start() - 2000), m.start())
            names = [n.strip().split(" as ")[0].strip() for n in head.group(1).split(",")] if head else ["*"]
            if not all(_TOKEN.match(n) for n in names if n):
                return f"{source.rsplit('node_modules/', 1)[-1]} imports {gate.package} ({', '.join(names)[:80]})"
    if not found_source:
        return f"{gate.source} is not in this build"
    for text in extension_texts:
        if gate.package in text:
            return f"a federated extension of the site names {gate.package}"
    return None


def gated_sites(site: Path, facts: dict, disabled: list[str]) -> dict:
    """Which loads (a module's ``sites``, as the chunk reader records them) the disabled plugins make
    dead. Returns ``{"dead": {file: {module id: set of site indexes}}, "applied": [...], "refused":
    [...]}``; nothing is dead when the maps are missing or describe other bytes."""
    out: dict = {"dead": {}, "applied": [], "refused": []}
    wanted = [g for g in GATES if g.disabled_by in disabled]
    if not wanted:
        return out
    archive = app_archive()
    maps = AppMaps(archive) if archive is not None else None
    if maps is None:
        out["refused"] = [f"{g.disabled_by}: JupyterLite's app with its source maps was not found" for g in wanted]
        return out
    texts = (
        [p.read_text(encoding="utf-8", errors="replace") for p in sorted((site / "extensions").rglob("*.js"))]
        if (site / "extensions").is_dir()
        else []
    )
    gates = []
    for g in wanted:
        why = premise(g, maps, texts)
        if why:
            out["refused"].append(f"{g.disabled_by}: {why}")
        else:
            gates.append(g)
            out["applied"].append(g.disabled_by)
    if not gates:
        return out
    for file, v in facts.items():
        name = Path(file).name
        smap = maps.maps.get(name)
        if v.get("kind") not in ("chunk", "entry") or smap is None:
            continue
        paths = smap.get("sources", [])
        hit = {i for i, s in enumerate(paths) if any(s.endswith("node_modules/" + g.source) for g in gates)}
        if not hit:
            continue
        if hashlib.sha256(Path(file).read_bytes()).hexdigest() != maps.digests.get(name):
            out["refused"].append(f"{name} differs from JupyterLite's own build: its map does not describe it")
            continue
        keys, places = _segments(smap.get("mappings", ""))
        for mod, d in v.get("modules", {}).items():
            for i, (_kind, _id, line, col) in enumerate(d.get("sites", [])):
                at = place(keys, places, line, col)
                if at is not None and at[0] in hit:
                    out["dead"].setdefault(file, {}).setdefault(mod, set()).add(i)
    return out


def drop_dead(facts: dict, dead: dict) -> int:
    """Rewrite the modules' edges without the dead loads; returns how many loads were dropped."""
    dropped = 0
    for file, mods in dead.items():
        for mod, idx in mods.items():
            d = facts[file]["modules"][mod]
            live = [s for i, s in enumerate(d["sites"]) if i not in idx]
            d["mods"] = sorted({s[1] for s in live if s[0] == "m"})
            d["chunks"] = sorted({s[1] for s in live if s[0] == "c"})
            d["sites"] = live
            dropped += len(idx)
    return dropped
