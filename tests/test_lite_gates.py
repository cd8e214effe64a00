"""Loads that only a disabled feature makes are not followed, and only when that is still true.

mjlearn.lite.gates maps each lazy load in the built chunks back to the file it was written in (through
the source maps of JupyterLite's app) and drops the loads written in a gated file whose plugin the site
turns off, so that mjlearn.lite.prune removes what only they fetch. Checked on the hand-made build of
tests/test_lite_prune.py, with a source map and an app archive made here: the gate applies, and it
refuses (everything kept) when another file imports more than the gated package's tokens, when a
federated extension names the package, when the chunk's bytes are not those the map describes, and when
there is no map. The real site is checked in a browser by tests/e2e/test_lite_prune_browser.py.
"""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest
from test_lite_prune import _cache, _chunks, _need_node, _prune, _site

from mjlearn.lite import gates, prune
from mjlearn.lite.gates import Gate, _segments

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
LOAD = ",t.e(5).then(t.bind(t,500))"  # module 200 also loads chunk 5 lazily, in the gated file
GATED = "webpack://demo/../node_modules/@demo/diagram/lib/manager.js"
OTHER = "webpack://demo/../node_modules/@demo/diagram-extension/lib/index.js"
GATE = Gate("@demo/diagram/lib/manager.js", "@demo/diagram", "@demo/diagram-extension", "for the test")


def _vlq(n: int) -> str:
    n = (-n << 1) | 1 if n < 0 else n << 1
    out = ""
    while True:
        digit, n = n & 31, n >> 5
        out += _B64[digit | (32 if n else 0)]
        if not n:
            return out


def _map(chunk_text: str, importer: str) -> dict:
    """Chunk 1's source map: everything before the load is written in OTHER, the load in GATED."""
    at = chunk_text.index(LOAD)
    # (column, source) segments of line 0, as deltas: OTHER from column 0, GATED from the load on
    mappings = _vlq(0) + _vlq(1) + _vlq(0) + _vlq(0) + "," + _vlq(at) + _vlq(-1) + _vlq(0) + _vlq(0)
    return {
        "version": 3,
        "sources": [GATED, OTHER, "webpack://demo/./src/user.js"],
        "sourcesContent": ["export async function load() { return import('diagrams'); }", "", importer],
        "mappings": mappings,
        "names": [],
    }


def _archive(tmp_path: Path, site: Path, importer: str, *, chunk_bytes: bytes | None = None) -> Path:
    text = (site / "build" / "1.a1.js").read_text(encoding="utf-8")
    members = {
        "package/build/1.a1.js": chunk_bytes if chunk_bytes is not None else text.encode(),
        "package/build/1.a1.js.map": json.dumps(_map(text, importer)).encode(),
    }
    path = tmp_path / "jupyterlite-app-0.0.1.tgz"
    with tarfile.open(path, "w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


@pytest.fixture
def demo_gate(monkeypatch):
    monkeypatch.setattr(gates, "GATES", (GATE,))


def _setup(tmp_path, monkeypatch, importer="import { IDiagramToken } from '@demo/diagram';", **kw):
    site = _site(tmp_path, chunk_more=LOAD, ext=kw.pop("ext", None))
    archive = _archive(tmp_path, site, importer, **kw)
    monkeypatch.setattr(gates, "app_archive", lambda: archive)
    return site


def test_segments_decode_columns_and_sources():
    keys, sources = _segments(
        _vlq(3) + _vlq(0) + _vlq(0) + _vlq(0) + "," + _vlq(5) + _vlq(2) + _vlq(1) + _vlq(0) + ";" + _vlq(1)
    )
    assert keys == [(0, 3), (0, 8), (1, 1)]
    assert sources == [(0, 0, 0), (2, 1, 0), None]


def test_a_load_written_in_a_gated_file_is_not_followed(tmp_path, monkeypatch, demo_gate):
    site = _setup(tmp_path, monkeypatch)
    got = _prune(site)
    assert got["gates"] == ["@demo/diagram-extension"] and got["gates_refused"] == []
    assert got["dead_loads"] == 2  # the chunk load and the module it resolves to
    assert "build/5.e5.js" in got["removed"]
    assert "5" not in _chunks(site) and "3" in _chunks(site)


def test_without_the_gate_the_same_load_keeps_its_chunk(tmp_path, monkeypatch):
    monkeypatch.setattr(gates, "GATES", ())
    site = _setup(tmp_path, monkeypatch)
    got = _prune(site)
    assert got["dead_loads"] == 0 and "5" in _chunks(site)


@pytest.mark.parametrize(
    ("kw", "why"),
    [
        ({"importer": "import { DiagramManager } from '@demo/diagram';"}, "src/user.js imports @demo/diagram"),
        ({"importer": "const d = require('@demo/diagram/lib/manager');"}, "src/user.js imports @demo/diagram"),
        ({"ext": 'var demo;(()=>{var s={"pkg-ext":{get:()=>1},"@demo/diagram":1};demo=s})();'}, "federated"),
        ({"chunk_bytes": b"(self.c=self.c||[]).push([[1],{}]);"}, "differs from JupyterLite's own build"),
    ],
)
def test_a_gate_whose_premise_fails_keeps_the_chunk(tmp_path, monkeypatch, demo_gate, kw, why):
    site = _setup(tmp_path, monkeypatch, **kw)
    got = _prune(site)
    assert got["dead_loads"] == 0 and "5" in _chunks(site)
    assert any(why in r for r in got["gates_refused"]), got["gates_refused"]


def test_without_the_apps_maps_nothing_is_gated(tmp_path, monkeypatch, demo_gate):
    site = _site(tmp_path, chunk_more=LOAD)
    monkeypatch.setattr(gates, "app_archive", lambda: None)
    got = _prune(site)
    assert got["dead_loads"] == 0 and "5" in _chunks(site)
    assert got["gates_refused"] == ["@demo/diagram-extension: JupyterLite's app with its source maps was not found"]


def test_the_sites_gates_hold_in_the_shipped_jupyterlite_and_drop_only_its_imports(tmp_path):
    """On JupyterLite's own build: every gate's premise holds, and every load a gate drops is one of the
    ``import(...)`` calls of the gated file, found by the chunk reader and mapped back by the maps."""
    archive = gates.app_archive()
    if archive is None:
        pytest.skip("jupyterlite-core is not installed")
    maps = gates.AppMaps(archive)
    for gate in gates.GATES:
        assert gates.premise(gate, maps, []) is None, gate
    site = tmp_path / "site"
    with tarfile.open(archive) as tar:
        for m in tar.getmembers():
            if m.isfile() and m.name.startswith("package/build/") and m.name.endswith(".js"):
                m.name = m.name[len("package/") :]
                tar.extract(m, site, filter="data")
    config = {"jupyter-config-data": {"disabledExtensions": list(gates.DISABLED)}}
    (site / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    _need_node()
    pdir, why = prune._fetch_parser(_cache(), fetch_missing=True)
    if pdir is None:
        pytest.skip(why)
    facts, why = prune._read(site, pdir, list(gates.DISABLED))
    assert facts is not None, why
    got = gates.gated_sites(site, facts, list(gates.DISABLED))
    assert got["applied"] == list(gates.DISABLED) and got["refused"] == []
    seen = set()
    for file, mods in got["dead"].items():
        smap = maps.maps[Path(file).name]
        keys, places = _segments(smap["mappings"])
        for mod, idx in mods.items():
            for i in idx:
                _kind, _id, line, col = facts[file]["modules"][mod]["sites"][i]
                src, src_line, _ = gates.place(keys, places, line, col)
                written = smap["sourcesContent"][src].splitlines()[src_line]
                assert "import(" in written, (smap["sources"][src], written)
                seen.add(smap["sources"][src].split("node_modules/")[-1])
    assert seen == {g.source for g in gates.GATES}
