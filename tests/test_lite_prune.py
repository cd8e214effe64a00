"""The chunks of the browser site's front end that nothing can load are removed, and only those.

A small hand-made build in the shape rspack writes (an app entry with its runtime tables, chunks that
push module tables, a federated extension) is pruned by mjlearn.lite.prune, which reads it with
npm's acorn parser under Node (fetched once into the download cache, like Pyodide). The real site is
checked in a browser by tests/e2e/test_lite_prune_browser.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mjlearn.lite.prune import BUILD_INPUTS, drop_build_inputs, prune_unreachable_chunks

ENTRY = """var _JUPYTERLAB;(()=>{var __webpack_modules__={100(e,r,t){t.e(1).then(t.bind(t,200))@@MORE@@}},
__webpack_module_cache__={};function __webpack_require__(e){var r=__webpack_module_cache__[e];
if(void 0!==r)return r.exports;var t=__webpack_module_cache__[e]={id:e,exports:{}};
return __webpack_modules__[e].call(t.exports,t,t.exports,__webpack_require__),t.exports}
__webpack_require__.m=__webpack_modules__,__webpack_require__.f={},
__webpack_require__.e=e=>Promise.all(Object.keys(__webpack_require__.f).reduce((r,t)=>(__webpack_require__.f[t](e,r),r),[])),
__webpack_require__.initializeSharingData={scopeToSharingDataMapping:{default:[
{name:"pkg-used",version:"1.0.0",factory:()=>__webpack_require__.e(4).then(()=>()=>__webpack_require__(400)),eager:0},
{name:"pkg-ext",version:"1.0.0",factory:()=>__webpack_require__.e(7).then(()=>()=>__webpack_require__(700)),eager:0},
{name:"pkg-nobody",version:"1.0.0",factory:()=>__webpack_require__.e(8).then(()=>()=>__webpack_require__(800)),eager:0}
]},uniqueName:"demo"},
__webpack_require__.consumesLoadingData={chunkMapping:{1:["300"]},moduleIdToConsumeDataMapping:{300:{
shareScope:"default",shareKey:"pkg-used",import:"pkg-used",requiredVersion:"^1.0.0",strictVersion:!0,
singleton:!1,eager:!1,fallback:()=>__webpack_require__.e(4).then(()=>()=>__webpack_require__(400))}},
initialConsumes:[]},@@RUNTIME@@
__webpack_require__.x=()=>__webpack_require__(100);var __webpack_exports__=__webpack_require__.x();})();
"""
# chunk 1: two plugins; the first (disabled by the site) alone loads chunk 2, both load chunk 3; a
# nested function's own parameter `t` shadows the module's require and is not mistaken for it
CHUNKS = {
    "1.a1": '"use strict";(self.c=self.c||[]).push([[1],{200(e,r,t){var n=t(300);'
    'let o={id:"@demo/diagram-extension:core",activate:e=>Promise.all([t.e(2),t.e(3)]).then(t.bind(t,250))},'
    'a={id:"@demo/other-extension:plugin",activate:()=>t.e(3).then(t.bind(t,350))};'
    "function s(t){return t(e.x)}r.default=[o,a]@@MORE@@}}]);",
    "2.b2": "(self.c=self.c||[]).push([[2],{250(e){e.exports='diagrams'}}]);",
    "3.c3": "(self.c=self.c||[]).push([[3],{350(e){e.exports='both'}}]);",
    "4.d4": "(self.c=self.c||[]).push([[4],{400(e){e.exports='shared, used by the app'}}]);",
    "5.e5": "(self.c=self.c||[]).push([[5],{500(e){e.exports='asked for by nothing'}}]);",
    "6.f6": "this is not (JavaScript",
    "7.a7": "(self.c=self.c||[]).push([[7],{700(e){e.exports='shared, named by an extension'}}]);",
    "8.b8": "(self.c=self.c||[]).push([[8],{800(e){e.exports='shared, named by nobody'}}]);",
}
EXTENSION = 'var demo;(()=>{var s={"pkg-ext":{get:()=>1}};demo=s})();'


def _cache() -> Path:
    from mjlearn.lite.site import DEFAULT_CACHE

    return DEFAULT_CACHE


def _need_node():
    missing = [t for t in ("node", "npm") if shutil.which(t) is None]
    if missing:
        msg = f"{' and '.join(missing)} missing (the reading runs under Node.js)"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)


def _site(tmp_path: Path, *, disabled=("@demo/diagram-extension",), more="", chunk_more="", runtime="", ext=None):
    site = tmp_path / "site"
    (site / "build" / "lab").mkdir(parents=True)
    entry = ENTRY.replace("@@MORE@@", more).replace("@@RUNTIME@@", runtime)
    (site / "build" / "lab" / "bundle.js").write_text(entry, encoding="utf-8")
    for name, text in CHUNKS.items():
        (site / "build" / f"{name}.js").write_text(text.replace("@@MORE@@", chunk_more), encoding="utf-8")
    (site / "build" / "service-worker.js").write_text("self.addEventListener('fetch', () => {});")
    static = site / "extensions" / "@demo" / "ext" / "static"
    static.mkdir(parents=True)
    (static / "remoteEntry.1.js").write_text(EXTENSION if ext is None else ext, encoding="utf-8")
    config = {"jupyter-config-data": {"disabledExtensions": list(disabled)}}
    (site / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    return site


def _prune(site: Path) -> dict:
    _need_node()
    got = prune_unreachable_chunks(site, _cache())
    if got["kept_all"] and "cannot be fetched" in got["kept_all"] + "npm could not fetch":
        pytest.skip(got["kept_all"])  # no registry and nothing cached: nothing to read with
    return got


def _chunks(site: Path) -> set[str]:
    return {p.name.split(".")[0] for p in (site / "build").glob("*.*.js")}


def test_only_chunks_no_path_loads_are_removed(tmp_path):
    site = _site(tmp_path)
    sizes = {p.name: p.stat().st_size for p in (site / "build").glob("*.js")}
    got = _prune(site)
    assert got["kept_all"] is None, got
    # 2: only the disabled plugin loads it; 5: nothing asks for it; 8: a shared package nobody takes
    assert got["removed"] == ["build/2.b2.js", "build/5.e5.js", "build/8.b8.js"]
    assert got["bytes"] == sizes["2.b2.js"] + sizes["5.e5.js"] + sizes["8.b8.js"]
    # 3 is also loaded by an enabled plugin; 4 through the shared scope; 6 cannot be read (kept);
    # 7 is a shared package a federated extension names
    assert _chunks(site) == {"1", "3", "4", "6", "7"}
    assert (site / "build" / "service-worker.js").exists() and (site / "build" / "lab" / "bundle.js").exists()
    assert (site / "extensions" / "@demo" / "ext" / "static" / "remoteEntry.1.js").exists()
    assert got["disabled_not_found"] == []


def test_a_second_run_in_a_fresh_interpreter_removes_nothing(tmp_path):
    site = _site(tmp_path)
    _prune(site)
    code = (
        "import json, sys; from pathlib import Path; from mjlearn.lite.prune import prune_unreachable_chunks as p; "
        "print(json.dumps(p(Path(sys.argv[1]), Path(sys.argv[2]))))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(site), str(_cache())], capture_output=True, text=True, check=True
    )
    again = json.loads(r.stdout)
    assert again["removed"] == [] and again["bytes"] == 0 and again["kept_all"] is None
    assert _chunks(site) == {"1", "3", "4", "6", "7"}


def test_a_plugin_the_site_offers_keeps_what_it_loads(tmp_path):
    site = _site(tmp_path, disabled=["@demo/diagram-extension:other-plugin-id", "@demo/no-such-extension"])
    got = _prune(site)
    assert got["removed"] == ["build/5.e5.js", "build/8.b8.js"]
    assert got["disabled_not_found"] == ["@demo/diagram-extension:other-plugin-id", "@demo/no-such-extension"]


def test_an_unreadable_chunk_that_can_be_loaded_keeps_everything(tmp_path):
    site = _site(tmp_path, more=",t.e(6)")  # the entry asks for chunk 6, which is not JavaScript
    got = _prune(site)
    assert got["removed"] == [] and got["bytes"] == 0
    assert "6.f6.js can be loaded and could not be read" in got["kept_all"]
    assert _chunks(site) == {"1", "2", "3", "4", "5", "6", "7", "8"}


@pytest.mark.parametrize(
    "chunk_more",
    [
        ",t(e.id)",  # a module id computed at run time
        ",t.e(e.chunk)",  # a chunk id computed at run time
        ",window.req=t",  # the require function handed to other code
        ",t.c[5]",  # the module cache read directly
        ",e.w=t.p+e.file",  # a file of the site named at run time
    ],
)
def test_a_load_the_reading_cannot_follow_keeps_everything(tmp_path, chunk_more):
    site = _site(tmp_path, chunk_more=chunk_more)
    got = _prune(site)
    assert got["removed"] == []
    assert "module 200 (1.a1.js) loads in a way not read" in got["kept_all"]


def test_a_runtime_that_prefetches_keeps_everything(tmp_path):
    site = _site(tmp_path, runtime="__webpack_require__.F={},")
    got = _prune(site)
    assert got["removed"] == []
    assert (
        "the runtime of lab could not be read (the runtime sets what this reading does not know: F)" in got["kept_all"]
    )


def test_an_unreadable_extension_keeps_every_shared_package(tmp_path):
    site = _site(tmp_path, ext="var x = {")
    got = _prune(site)
    assert got["removed"] == ["build/2.b2.js", "build/5.e5.js"]  # 8 (shared) may be what it takes


def test_without_the_parser_and_offline_nothing_is_removed(tmp_path):
    site = _site(tmp_path)
    got = prune_unreachable_chunks(site, tmp_path / "empty-cache", fetch_missing=False)
    assert got["removed"] == [] and "parser" in got["kept_all"]
    assert _chunks(site) == {"1", "2", "3", "4", "5", "6", "7", "8"}


def test_a_second_app_whose_runtime_cannot_be_read_keeps_everything(tmp_path):
    site = _site(tmp_path)
    (site / "build" / "tree").mkdir()
    (site / "build" / "tree" / "bundle.js").write_text("var _JUPYTERLAB;(()=>{", encoding="utf-8")
    got = _prune(site)
    assert got["removed"] == [] and "the runtime of tree could not be read" in got["kept_all"]


def test_a_chunk_named_as_a_script_by_the_public_path_is_kept(tmp_path):
    site = _site(tmp_path, chunk_more=',e.w=new Worker(t.p+"5.e5.js"),e.f=t.p+"font.woff2"')
    got = _prune(site)
    assert got["kept_all"] is None and got["removed"] == ["build/2.b2.js", "build/8.b8.js"]


def _schemas(site: Path, *, compiled=True) -> Path:
    schemas = site / "build" / "schemas"
    (schemas / "@demo" / "diagram-extension").mkdir(parents=True)
    (schemas / "@demo" / "diagram-extension" / "core.json").write_text('{"type": "object"}')
    (schemas / "@demo" / "diagram-extension" / "package.json.orig").write_text('{"version": "1.0.0"}')
    if compiled:
        (schemas / "all.json").write_text('[{"id": "@demo/diagram-extension:core"}]')
        (schemas / "all_federated.json").write_text("[]")
    for name in BUILD_INPUTS:
        (site / name).write_text("module.exports = {};")
    return schemas


def test_build_inputs_and_single_schemas_go_the_compiled_settings_stay(tmp_path):
    site = _site(tmp_path)
    schemas = _schemas(site)
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    (schemas / "linked.json").symlink_to(outside)
    got = drop_build_inputs(site)
    assert sorted(got["removed"]) == sorted(
        [
            *BUILD_INPUTS,
            "build/schemas/@demo/diagram-extension/core.json",
            "build/schemas/@demo/diagram-extension/package.json.orig",
        ]
    )
    assert sorted(p.name for p in schemas.iterdir()) == ["all.json", "all_federated.json", "linked.json"]
    assert outside.read_text() == "{}"  # a link is neither followed nor removed
    assert (site / "build" / "lab" / "bundle.js").exists() and (site / "jupyter-lite.json").exists()
    assert drop_build_inputs(site) == {"removed": [], "bytes": 0}


def test_schemas_a_build_did_not_compile_are_kept(tmp_path):
    site = _site(tmp_path)
    schemas = _schemas(site, compiled=False)
    got = drop_build_inputs(site)
    assert got == {"removed": [], "bytes": 0}
    assert (schemas / "@demo" / "diagram-extension" / "core.json").exists()
    assert all((site / name).exists() for name in BUILD_INPUTS)
