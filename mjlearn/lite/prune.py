"""Removing the JupyterLab front end's JavaScript chunks that the built site can never load.

The site's ``build/`` folder holds the lab app's entry (``build/lab/bundle.js``: the bundler's runtime
and a few modules) and some 270 chunks (``build/<id>.<hash>.js``), each a table of modules. A chunk is
fetched only when running code asks for it: ``require.e(ID)`` in a module, the runtime's start, or
the shared packages the module federation runtime hands out. Many chunks are asked for by nothing
this site runs: leftovers of the apps the site does not ship, and shared packages no extension of the
site consumes. :func:`prune_unreachable_chunks` reads every file with a real JavaScript parser, builds
the graph of what loads what, and deletes the chunks no path from the entry reaches.

How the graph is read (the JavaScript :data:`DRIVER`, run by Node with npm's ``acorn`` parser and
ESLint's scope analyser ``eslint-scope``, fetched once into the download cache):

- a chunk is ``(self.X = self.X || []).push([[ids], {ID(module, exports, require) {...}, ...}])``;
  the entry declares ``__webpack_modules__`` and wraps it in the runtime;
- in a module, every reference to its ``require`` parameter (resolved by scope, so a local that
  shadows it is not mistaken for it) must be one of: ``require(ID)`` (runs module ID),
  ``require.e(ID)`` (fetches chunk ID), ``require.bind(require, ID)`` / ``require.t.bind(require,
  ID, mode)`` (runs ID once a lazy load is in), or a helper that loads nothing (``require.d``,
  ``.r``, ``.n``, ...). Anything else (a computed id, ``require`` handed to other code) makes the
  module unreadable; if such a module can run, nothing is removed;
- the runtime's tables: the shared packages (``initializeSharingData``: name and factory), the
  modules taken from the shared scope (``consumesLoadingData``: which package, its fallback, and the
  chunks whose loading resolves them). The runtime may set nothing on ``require`` that this reading
  does not know (prefetching, remote or exposed modules): otherwise nothing is removed;
- the federated extensions of the site (``extensions/``) get the shared scope: every shared package
  whose name is a string in their code counts as used by them (all of it: fetched and run);
- plugins the site's ``jupyter-lite.json`` disables (``disabledExtensions``, by plugin id or package
  name, as JupyterLab's ``PageConfig.Extension.isDisabled`` reads it) are never activated: what the
  function written as their ``activate`` property loads is not followed.

A chunk no readable path reaches is deleted; a chunk that cannot be read is kept, and if it can be
reached (so what it loads is unknown) nothing at all is removed. A federated extension's own files
are never touched. The site's other files (service worker, config) are not chunks and stay.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

from .gates import drop_dead, gated_sites
from .npm import npm_pack

PARSER = (("acorn", "8.15.0"), ("eslint-scope", "8.4.0"), ("esrecurse", "4.3.0"), ("estraverse", "5.3.0"))
"""npm's packages the reading needs, at pinned versions: acorn (the parser), eslint-scope (which name
a reference resolves to) and the two packages eslint-scope requires."""

_CHUNK_NAME = re.compile(r"^(?:\d+|jlab_core)\.[0-9a-f]+\.js$")
_FEDERATION_RUNTIME = ".federation"

DRIVER = r"""
"use strict";
// Reads {"files": [...], "disabled": [...], "acorn": DIR, "scope": DIR} on stdin; writes one JSON object
// per file: the modules each defines and, per module, what it requires, which chunks it loads, and
// what could not be read (any use of the require function that is not a literal require/load).
const fs = require("fs");
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const acorn = require(input.acorn);
const eslintScope = require(input.scope);
const disabled = new Set(input.disabled);
// the require function's properties that load or name nothing (webpack/rspack runtime helpers)
// what the entry's runtime may set on the require function: anything else (prefetching, remote
// modules, exposed modules) is a way of loading chunks this reading does not follow
const RUNTIME = new Set(["hmd", "x", "l", "e", "federation", "g", "c", "j", "p", "b", "nmd", "m", "f", "d",
  "consumesLoadingData", "o", "u", "nc", "I", "O", "r", "t", "initializeSharingData", "S", "n"]);
const HARMLESS = new Set(["d", "r", "n", "o", "g", "p", "nc", "nmd", "hmd", "a", "b", "tu", "j"]);

function num(node) {
  if (node && node.type === "Literal" && (typeof node.value === "number" || /^\d+$/.test(String(node.value))))
    return String(node.value);
  return null;
}
function keyOf(prop) {
  if (prop.type !== "Property" || prop.computed) return null;
  if (prop.key.type === "Identifier") return prop.key.name;
  if (prop.key.type === "Literal") return String(prop.key.value);
  return null;
}
function isFn(n) {
  return n && (n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression");
}
function parents(ast) {
  const parent = new Map();
  const stack = [ast];
  while (stack.length) {
    const node = stack.pop();
    for (const k in node) {
      if (k === "loc" || k === "range") continue;
      const v = node[k];
      if (Array.isArray(v)) {
        for (const c of v) if (c && typeof c.type === "string") { parent.set(c, node); stack.push(c); }
      } else if (v && typeof v.type === "string") { parent.set(v, node); stack.push(v); }
    }
  }
  return parent;
}
// the id of the disabled plugin whose `activate: function` literal holds `node`, or null
function disabledPlugin(node, parent, stop) {
  for (let n = node; n && n !== stop; n = parent.get(n)) {
    const p = parent.get(n);
    if (p && p.type === "Property" && p.value === n && isFn(n) && keyOf(p) === "activate") {
      const obj = parent.get(p);
      for (const q of obj.properties) {
        if (keyOf(q) === "id" && q.value.type === "Literal" && typeof q.value.value === "string" &&
            (disabled.has(q.value.value) || disabled.has(q.value.value.split(":")[0]))) return q.value.value;
      }
    }
  }
  return null;
}
// what the references to the require function `req` inside `scopeNode` do
function uses(variable, parent, stop, out) {
  for (const ref of variable.references) {
    const id = ref.identifier;
    const p = parent.get(id);
    const cut = disabledPlugin(id, parent, stop);
    const mods = cut ? out.cutMods : out.mods;
    const chunks = cut ? out.cutChunks : out.chunks;
    if (cut) out.plugins.add(cut);
    if (p.type === "CallExpression" && p.callee === id) {
      const m = p.arguments.length === 1 ? num(p.arguments[0]) : null;
      if (m !== null) { mods.add(m); if (!cut) out.sites.push(["m", m, id.loc.start.line, id.loc.start.column]); }
      else out.unknown.push("require(" + (p.arguments[0] ? p.arguments[0].type : "") + ")");
      continue;
    }
    if (p.type === "MemberExpression" && p.object === id && !p.computed) {
      const prop = p.property.name;
      const g = parent.get(p);
      const called = g.type === "CallExpression" && g.callee === p;
      if ((prop === "e" || prop === "u") && called) {
        const c = g.arguments.length === 1 ? num(g.arguments[0]) : null;
        if (c !== null) { chunks.add(c); if (!cut) out.sites.push(["c", c, id.loc.start.line, id.loc.start.column]); }
        else out.unknown.push(prop + "(non-literal)");
        continue;
      }
      if (prop === "bind" || prop === "t") {
        // req.bind(req, ID) / req.t.bind(req, ID, mode): the module a lazy load resolves to
        let call = g, member = p;
        if (prop === "t" && g.type === "MemberExpression" && g.object === p && !g.computed && g.property.name === "bind") {
          member = g; call = parent.get(g);
        }
        if (call.type === "CallExpression" && call.callee === member && member.property.name === "bind") {
          const m = num(call.arguments[1]);
          if (m !== null) { mods.add(m); if (!cut) out.sites.push(["m", m, id.loc.start.line, id.loc.start.column]); continue; }
        }
        out.unknown.push(prop + " used otherwise");
        continue;
      }
      if (prop === "I" || prop === "S") { out.share = true; continue; }
      if (prop === "p" && g.type === "BinaryExpression" && g.left === p) {
        // the public path joined to a file name: an asset (a font, a picture), unless it names a script
        const r = g.right;
        if (r.type !== "Literal" || typeof r.value !== "string") out.unknown.push("a file named at run time");
        else if (/\.m?js(\?|$)/.test(r.value)) out.scripts.add(r.value.split("?")[0]);
        continue;
      }
      if (HARMLESS.has(prop)) continue;
      out.unknown.push("." + prop);
      continue;
    }
    // `req` itself as the first argument of req.bind(req, ...) / req.t.bind(req, ...)
    if (p.type === "CallExpression" && p.arguments[0] === id && p.callee.type === "MemberExpression" &&
        !p.callee.computed && p.callee.property.name === "bind") {
      const o = p.callee.object;
      if (o.type === "Identifier" && o.name === id.name) continue;
      if (o.type === "MemberExpression" && o.object.type === "Identifier" && o.object.name === id.name &&
          !o.computed && o.property.name === "t") continue;
    }
    out.unknown.push("passed on (" + p.type + ")");
  }
}
function fresh() {
  return { mods: new Set(), chunks: new Set(), cutMods: new Set(), cutChunks: new Set(),
           plugins: new Set(), unknown: [], share: false, scripts: new Set(), sites: [] };
}
function plain(o) {
  return { mods: [...o.mods], chunks: [...o.chunks], cutMods: [...o.cutMods], cutChunks: [...o.cutChunks],
           plugins: [...o.plugins], unknown: o.unknown, share: o.share, scripts: [...o.scripts], sites: o.sites };
}
// the ids of the plugins (an id with an activate function) and mime renderers (an id with a
// rendererFactory) defined in `root`
function pluginIds(root, out) {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    if (n.type === "ObjectExpression") {
      const keys = new Map(n.properties.map((q) => [keyOf(q), q]));
      const id = keys.get("id");
      if (id && (keys.has("activate") || keys.has("rendererFactory")) && id.value.type === "Literal" && typeof id.value.value === "string")
        out.add(id.value.value);
    }
    for (const k in n) {
      const v = n[k];
      if (Array.isArray(v)) { for (const c of v) if (c && typeof c.type === "string") stack.push(c); }
      else if (v && typeof v.type === "string") stack.push(v);
    }
  }
}
function analyseModules(obj, sm, parent, plugins) {
  pluginIds(obj, plugins);
  const modules = {};
  for (const prop of obj.properties) {
    const key = prop.type === "Property" && !prop.computed ? num(prop.key) : null;
    if (key === null || !isFn(prop.value)) throw new Error("a module table entry that is not id: function");
    const fn = prop.value;
    const out = fresh();
    const scope = sm.acquire(fn);
    const args = scope.set.get("arguments");
    if (args && args.references.length) out.unknown.push("arguments");
    if (fn.params.length > 2) {
      if (fn.params[2].type !== "Identifier") out.unknown.push("require parameter pattern");
      else uses(scope.set.get(fn.params[2].name), parent, fn, out);
    }
    if (fn.params.some((q) => q.type !== "Identifier")) out.unknown.push("parameter pattern");
    modules[key] = plain(out);
  }
  return modules;
}
// the literal chunk and module ids a function of the runtime (a factory or fallback) loads
function literalEdges(fnNode, reqName, parent, skip) {
  const out = fresh();
  const stack = [fnNode];
  while (stack.length) {
    const n = stack.pop();
    if (skip && skip.has(n)) continue;
    if (n.type === "Identifier" && n.name === reqName) {
      const p = parent.get(n);
      if (p.type === "CallExpression" && p.callee === n) {
        const m = num(p.arguments[0]); if (m !== null) out.mods.add(m); else out.unknown.push("require");
      } else if (p.type === "MemberExpression" && p.object === n && !p.computed) {
        const g = parent.get(p);
        if (p.property.name === "O" && g.type === "CallExpression" && g.arguments[1] &&
            g.arguments[1].type === "ArrayExpression") {
          for (const c of g.arguments[1].elements) { const x = num(c); if (x !== null) out.chunks.add(x); else out.unknown.push("O"); }
        } else if (p.property.name === "e" && g.type === "CallExpression") {
          const c = num(g.arguments[0]); if (c !== null) out.chunks.add(c); else out.unknown.push("e");
        } else if (!HARMLESS.has(p.property.name)) out.unknown.push("." + p.property.name);
      } else out.unknown.push("passed on");
    }
    for (const k in n) {
      const v = n[k];
      if (Array.isArray(v)) { for (const c of v) if (c && typeof c.type === "string") stack.push(c); }
      else if (v && typeof v.type === "string" && k !== "loc") stack.push(v);
    }
  }
  return plain(out);
}
function findAssign(ast, parent, name, props) {
  // `__webpack_require__.<name> = <ObjectExpression>` anywhere: all such objects
  const found = [];
  const stack = [ast];
  while (stack.length) {
    const n = stack.pop();
    if (n.type === "AssignmentExpression" && n.left.type === "MemberExpression" && !n.left.computed &&
        n.left.property.name === name && n.right.type === "ObjectExpression") found.push(n.right);
    if (props && n.type === "AssignmentExpression" && n.left.type === "MemberExpression" && !n.left.computed &&
        n.left.object.type === "Identifier" && n.left.object.name === "__webpack_require__") props.add(n.left.property.name);
    for (const k in n) {
      const v = n[k];
      if (Array.isArray(v)) { for (const c of v) if (c && typeof c.type === "string") stack.push(c); }
      else if (v && typeof v.type === "string") stack.push(v);
    }
  }
  return found;
}
function prop(obj, name) {
  if (!obj || obj.type !== "ObjectExpression") return null;
  for (const p of obj.properties) if (keyOf(p) === name) return p.value;
  return null;
}
function analyseRuntime(ast, parent, reqName, out) {
  // shared packages offered to every federated extension: name -> what its factory loads
  out.shared = [];
  for (const o of findAssign(ast, parent, "initializeSharingData")) {
    const scopes = prop(o, "scopeToSharingDataMapping");
    for (const p of scopes ? scopes.properties : []) {
      for (const e of p.value.elements) {
        const name = prop(e, "name"), factory = prop(e, "factory");
        if (!name || name.type !== "Literal" || !isFn(factory)) throw new Error("a shared package entry");
        out.shared.push({ name: name.value, ...literalEdges(factory, reqName, parent) });
      }
    }
  }
  // modules resolved from the shared scope: id -> package name and the fallback's loads;
  // chunk -> the consumed modules resolved when it loads
  out.consumes = {}; out.chunkConsumes = {}; out.initialConsumes = [];
  for (const o of findAssign(ast, parent, "consumesLoadingData")) {
    const cm = prop(o, "chunkMapping"), mm = prop(o, "moduleIdToConsumeDataMapping");
    for (const p of cm ? cm.properties : []) out.chunkConsumes[keyOf(p)] = p.value.elements.map((e) => String(e.value));
    const initial = prop(o, "initialConsumes");
    for (const e of initial ? initial.elements : []) out.initialConsumes.push(String(e.value));
    for (const p of mm ? mm.properties : []) {
      const key = prop(p.value, "shareKey"), fb = prop(p.value, "fallback");
      if (!key || key.type !== "Literal") throw new Error("a consumed module without its package name");
      out.consumes[keyOf(p)] = { name: key.value, ...(isFn(fb) ? literalEdges(fb, reqName, parent) : plain(fresh())) };
    }
  }
  if (findAssign(ast, parent, "remotesLoadingData").length) throw new Error("remote modules in the runtime");
}
function analyseFile(file) {
  const src = fs.readFileSync(file, "utf8");
  const ast = acorn.parse(src, { ecmaVersion: "latest", sourceType: "script", ranges: true, locations: true });
  const sm = eslintScope.analyze(ast, { ecmaVersion: 2022, sourceType: "script" });
  const parent = parents(ast);
  const body = ast.body.filter((s) => !s.directive);
  // a chunk: exactly one statement, (self.X = self.X || []).push([[ids], {modules}])
  if (body.length === 1 && body[0].type === "ExpressionStatement") {
    const call = body[0].expression;
    if (call.type === "CallExpression" && call.callee.type === "MemberExpression" &&
        !call.callee.computed && call.callee.property.name === "push" && call.arguments.length === 1 &&
        call.arguments[0].type === "ArrayExpression") {
      const el = call.arguments[0].elements;
      if (el.length !== 2 || el[0].type !== "ArrayExpression" || el[1].type !== "ObjectExpression")
        throw new Error("a chunk with a runtime of its own");
      const ids = el[0].elements.map(num);
      if (ids.some((x) => x === null)) throw new Error("a chunk id that is not a number");
      const plugins = new Set();
      const modules = analyseModules(el[1], sm, parent, plugins);
      return { kind: "chunk", ids, modules, plugins: [...plugins] };
    }
  }
  // the entry: var __webpack_modules__ = {...}, and the runtime around it
  const tables = [];
  const stack = [ast];
  while (stack.length) {
    const n = stack.pop();
    if (n.type === "VariableDeclarator" && n.id.type === "Identifier" && n.id.name === "__webpack_modules__") tables.push(n);
    for (const k in n) {
      const v = n[k];
      if (Array.isArray(v)) { for (const c of v) if (c && typeof c.type === "string") stack.push(c); }
      else if (v && typeof v.type === "string") stack.push(v);
    }
  }
  if (tables.length !== 1 || !tables[0].init || tables[0].init.type !== "ObjectExpression")
    throw new Error("neither a chunk nor an entry with one module table");
  const plugins = new Set();
  const out = { kind: "entry", modules: analyseModules(tables[0].init, sm, parent, plugins) };
  out.plugins = [...plugins];
  analyseRuntime(ast, parent, "__webpack_require__", out);
  // the runtime around the tables may all run: every chunk and module it names literally is a root
  const props = new Set();
  const tablesOf = new Set([tables[0].init]);
  for (const name of ["initializeSharingData", "consumesLoadingData"])
    for (const o of findAssign(ast, parent, name, props)) tablesOf.add(o);
  const odd = [...props].filter((p) => !RUNTIME.has(p));
  if (odd.length) throw new Error("the runtime sets what this reading does not know: " + odd.join(", "));
  out.start = literalEdges(ast, "__webpack_require__", parent, tablesOf);
  out.start.unknown = [];  // the loading machinery itself: what it loads is what the tables say
  return out;
}
function strings(file, names) {
  const src = fs.readFileSync(file, "utf8");
  let ast;
  try { ast = acorn.parse(src, { ecmaVersion: "latest", sourceType: "script" }); }
  catch (e) { ast = acorn.parse(src, { ecmaVersion: "latest", sourceType: "module" }); }
  const found = new Set();
  const stack = [ast];
  while (stack.length) {
    const n = stack.pop();
    if (n.type === "Literal" && typeof n.value === "string" && names.has(n.value)) found.add(n.value);
    if (n.type === "TemplateElement" && names.has(n.value.cooked)) found.add(n.value.cooked);
    for (const k in n) {
      const v = n[k];
      if (Array.isArray(v)) { for (const c of v) if (c && typeof c.type === "string") stack.push(c); }
      else if (v && typeof v.type === "string") stack.push(v);
    }
  }
  return [...found];
}
const result = {};
function unreadable(e) {
  return { kind: "unreadable", error: String(e && e.message ? e.message : e).slice(0, 300) };
}
for (const file of input.files) {
  try { result[file] = analyseFile(file); } catch (e) { result[file] = unreadable(e); }
}
const names = new Set();
for (const v of Object.values(result)) for (const s of v.shared || []) names.add(s.name);
for (const file of input.extensions) {
  try { result[file] = { kind: "extension", strings: strings(file, names) }; } catch (e) { result[file] = unreadable(e); }
}
process.stdout.write(JSON.stringify(result));
"""
"""The reading, run by Node: input on stdin, one JSON object per file on stdout (see the module's text)."""


def _parser_dir(cache: Path) -> Path:
    return Path(cache) / ("js-parser-" + "-".join(f"{n}@{v}" for n, v in PARSER))


def _fetch_parser(cache: Path, fetch_missing: bool) -> tuple[Path | None, str | None]:
    """The folder holding ``node_modules`` with :data:`PARSER`; fetched with ``npm pack`` when missing
    (and allowed). Returns (folder, None) or (None, why not)."""
    pdir = _parser_dir(cache)
    if all((pdir / "node_modules" / name / "package.json").exists() for name, _ in PARSER):
        return pdir, None
    npm = shutil.which("npm")
    if not fetch_missing or npm is None:
        return None, "the JavaScript parser (npm's acorn) is not in the download cache and cannot be fetched now"
    with tempfile.TemporaryDirectory(prefix="mjlearn-jsparser-") as tmp:
        staged = Path(tmp) / "node_modules"
        for name, version in PARSER:
            got = Path(tmp) / "pack" / name
            got.mkdir(parents=True)
            package, printed = npm_pack(npm, f"{name}@{version}", got)
            if package is None:
                return None, f"npm could not fetch {name}@{version}: {printed[-300:]}"
            shutil.move(str(package), str(staged / name))
        pdir.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(pdir, ignore_errors=True)
        shutil.copytree(staged, pdir / "node_modules")
    return pdir, None


def _read(site: Path, pdir: Path, disabled: list[str]) -> tuple[dict | None, str | None]:
    """Run :data:`DRIVER` over the site's chunks, entry and extensions."""
    node = shutil.which("node")
    if node is None:
        return None, "Node.js is not installed here"
    build = site / "build"
    files = sorted(str(p) for p in build.glob("*.js")) + sorted(str(p) for p in build.glob("*/bundle.js"))
    extensions = sorted(str(p) for p in (site / "extensions").rglob("*.js")) if (site / "extensions").is_dir() else []
    job = {
        "files": files,
        "extensions": extensions,
        "disabled": disabled,
        "acorn": str(pdir / "node_modules" / "acorn"),
        "scope": str(pdir / "node_modules" / "eslint-scope"),
    }
    with tempfile.TemporaryDirectory(prefix="mjlearn-prune-") as tmp:
        script = Path(tmp) / "read-chunks.cjs"
        script.write_text(DRIVER, encoding="utf-8")
        r = subprocess.run(
            [node, "--stack-size=65500", str(script)],
            input=json.dumps(job),
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
    if r.returncode != 0:
        return None, "the reading failed: " + (r.stderr or r.stdout).strip()[-300:]
    return json.loads(r.stdout), None


class _Graph:
    """What loads what, from the driver's facts; :meth:`reach` walks it from the entry."""

    def __init__(self, facts: dict):
        self.facts = facts
        self.entries = [v for v in facts.values() if v["kind"] == "entry"]
        self.modules: dict[str, dict] = {}
        self.where: dict[str, str] = {}
        self.by_name: dict[str, list[str]] = {}  # a chunk's file name -> its ids (a script a module names)
        for f, v in facts.items():
            if v["kind"] == "chunk":
                self.by_name[Path(f).name] = v["ids"]
            for m, d in v.get("modules", {}).items():
                self.modules[m] = d
                self.where[m] = f
        self.shared: dict[str, list[dict]] = defaultdict(list)
        self.consumes: dict[str, dict] = {}
        self.chunk_consumes: dict[str, list[str]] = {}
        self.missing: set[str] = set()  # shared modules the runtime resolves but does not describe
        for e in self.entries:  # one per app; their tables are joined (more is reached, never less)
            for s in e["shared"]:
                self.shared[s["name"]].append(s)
            self.consumes.update(e["consumes"])
            self.chunk_consumes.update(e["chunkConsumes"])

    def used_by_extensions(self) -> set[str]:
        names: set[str] = set()
        for v in self.facts.values():
            if v["kind"] == "extension":
                names.update(v["strings"])
        return names

    def reach(self, extensions_readable: bool) -> tuple[set[str], set[str]]:
        """(chunks fetched, modules run) on some path from the entries and the extensions."""
        seen: set[tuple[str, str]] = set()
        todo: list[tuple[str, str]] = []

        def add(kind: str, key: str) -> None:
            if (kind, key) not in seen:
                seen.add((kind, key))
                todo.append((kind, key))

        for e in self.entries:
            for c in e["start"]["chunks"]:
                add("chunk", c)
            for m in e["start"]["mods"]:
                add("run", m)
            for m in e["initialConsumes"]:  # resolved as the app starts
                add("fetch", m)
        used = set(self.shared) if not extensions_readable else self.used_by_extensions()
        for name in used & set(self.shared):
            add("share", name)
        while todo:
            kind, key = todo.pop()
            if kind == "run":
                d = self.modules.get(key, {"mods": [], "chunks": [], "scripts": []})
                for m in d["mods"]:
                    add("run", m)
                for c in d["chunks"] + [c for n in d["scripts"] for c in self.by_name.get(Path(n).name, [])]:
                    add("chunk", c)
                if key in self.consumes:  # taken from the shared scope: its package's module runs
                    add("fetch", key)
                    for m in self.consumes[key]["mods"]:
                        add("run", m)
                    for s in self.shared[self.consumes[key]["name"]]:
                        for m in s["mods"]:
                            add("run", m)
            elif kind == "fetch":  # a shared module resolved as a chunk loads: its files are fetched
                if key not in self.consumes:
                    self.missing.add(key)
                    continue
                for c in self.consumes[key]["chunks"]:
                    add("chunk", c)
                for s in self.shared[self.consumes[key]["name"]]:
                    for c in s["chunks"]:
                        add("chunk", c)
            elif kind == "chunk":
                for m in self.chunk_consumes.get(key, []):
                    add("fetch", m)
            else:  # a shared package an extension may take: fetched and run
                for s in self.shared[key]:
                    for m in s["mods"]:
                        add("run", m)
                    for c in s["chunks"]:
                        add("chunk", c)
        return {k for t, k in seen if t == "chunk"}, {k for t, k in seen if t == "run"}

    def doubts(self, chunks: set[str], runs: set[str], unreadable: dict[str, str]) -> list[str]:
        """Why the graph cannot be trusted for this site: empty when it can."""
        out = []
        for f, v in self.facts.items():  # an app's entry: what it loads is unknown
            if v["kind"] == "unreadable" and f.endswith("bundle.js"):
                out.append(f"the runtime of {Path(f).parent.name} could not be read ({v['error']})")
        if not self.entries and not out:
            out.append("no app entry (build/<app>/bundle.js) was found")
        for name, why in sorted(unreadable.items()):
            prefix = name.split(".")[0]
            if not prefix.isdigit() or prefix in chunks:
                out.append(f"{name} can be loaded and could not be read ({why})")
        out += [f"shared module {m} is resolved but not described" for m in sorted(self.missing)]
        for m in sorted(runs):
            d = self.modules.get(m)
            if d is None:
                if m not in self.consumes:
                    out.append(f"module {m} runs but no file defines it")
                continue
            entry_runtime = self.facts[self.where[m]]["kind"] == "entry" and _FEDERATION_RUNTIME in d["unknown"]
            if d["unknown"] and not entry_runtime:
                out.append(f"module {m} ({Path(self.where[m]).name}) loads in a way not read: {d['unknown'][0]}")
        return out


def _disabled(site: Path) -> list[str]:
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    got = config.get("jupyter-config-data", {}).get("disabledExtensions", [])
    return [x for x in got if isinstance(x, str)]


def prune_unreachable_chunks(site: Path, cache: Path, *, fetch_missing: bool = True) -> dict:
    """Delete from the built JupyterLite ``site`` the chunks of ``build/`` that no path from the lab
    app's entry loads (see the module's text). Returns ``removed`` (file names, relative to the site),
    ``bytes`` (their total size), ``kept_all`` (why nothing was removed, or None) and
    ``disabled_not_found`` (ids of ``disabledExtensions`` that name no plugin of the bundle)."""
    site = Path(site)
    result: dict = {"removed": [], "bytes": 0, "kept_all": None, "disabled_not_found": [], "gates": []}
    pdir, why = _fetch_parser(Path(cache), fetch_missing)
    disabled = _disabled(site)
    facts = None
    if pdir is not None:
        facts, why = _read(site, pdir, disabled)
    if facts is None:
        result["kept_all"] = why
        return result
    gated = gated_sites(site, facts, disabled)
    result["gates"], result["gates_refused"] = gated["applied"], gated["refused"]
    result["dead_loads"] = drop_dead(facts, gated["dead"])
    graph = _Graph(facts)
    plugins = {p for v in facts.values() for p in v.get("plugins", [])}
    packages = {p.split(":")[0] for p in plugins}
    result["disabled_not_found"] = [d for d in disabled if d not in plugins and d not in packages]
    build = site / "build"
    unreadable = {
        Path(f).name: v["error"]
        for f, v in facts.items()
        if v["kind"] == "unreadable" and Path(f).parent == build and _CHUNK_NAME.match(Path(f).name)
    }
    extensions_readable = not any(v["kind"] == "unreadable" and "/extensions/" in f for f, v in facts.items())
    chunks, runs = graph.reach(extensions_readable)
    doubts = graph.doubts(chunks, runs, unreadable)
    if doubts:
        result["kept_all"] = "; ".join(doubts[:3])
        return result
    for f, v in sorted(facts.items()):
        if v["kind"] != "chunk" or Path(f).parent != build or any(c in chunks for c in v["ids"]):
            continue
        p = Path(f)
        for q in (p, p.with_name(p.name + ".map"), p.with_name(p.name + ".LICENSE.txt")):
            if q.is_file():
                result["bytes"] += q.stat().st_size
                result["removed"].append(q.relative_to(site).as_posix())
                q.unlink()
    return result


BUILD_INPUTS = ("rspack.config.js", "rspack.config.analyze.js", "rspack.config.watch.js", "bootstrap.js")
"""Files of JupyterLite's app source that its build copies to the site's root: the bundler's settings and
the entry's source, which the built bundle already contains. No page of the site loads them."""

_SETTINGS = ("all.json", "all_federated.json")


def drop_build_inputs(site: Path) -> dict:
    """Delete what the built site copies from JupyterLite's build but no page reads: the files of
    :data:`BUILD_INPUTS`, and ``build/schemas/`` but for the two files JupyterLite's settings service
    fetches (``all.json``, ``all_federated.json``: every plugin's schema, compiled into one file by the
    build). Returns ``removed`` (paths relative to the site) and ``bytes``. Links are left alone."""
    site = Path(site)
    out: dict = {"removed": [], "bytes": 0}
    schemas = site / "build" / "schemas"
    if not all((schemas / name).is_file() for name in _SETTINGS):
        return out  # a build that does not compile its schemas reads them one by one: keep them
    doomed = [site / name for name in BUILD_INPUTS]
    doomed += [p for p in schemas.rglob("*") if p.parent != schemas or p.name not in _SETTINGS]
    for p in doomed:
        if p.is_file() and not p.is_symlink():
            out["bytes"] += p.stat().st_size
            out["removed"].append(p.relative_to(site).as_posix())
            p.unlink()
    for d in sorted((p for p in schemas.rglob("*") if p.is_dir() and not p.is_symlink()), reverse=True):
        if not any(d.iterdir()):
            d.rmdir()
    return out
