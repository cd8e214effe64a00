"""Only the notebook the learner looks at starts its Python (used by :mod:`mjlearn.lite.site`).

JupyterLab keeps its layout (the notebooks open in tabs) in the browser's storage and restores it
when the learner comes back, and every notebook it opens starts its own kernel as soon as it is
loaded: in the browser that is a Pyodide worker each (over 100 MB and seconds of CPU), so a learner
with three lessons open waited for three Pythons before the one in front of them answered.

The lab's own switch stops that: the page setting ``notebookStartsKernel`` (JupyterLab's
``LabServerApp.notebook_starts_kernel``) set to false opens notebooks without starting a kernel, and
the notebook setting ``autoStartDefaultKernel`` makes a cell run in such a notebook start the
notebook's kernel without asking which one. Both go into the lab's own ``lab/jupyter-lite.json``
(:data:`LAB_CONFIG`), which JupyterLite merges over the site's. JupyterLab has no setting that starts
the kernel of the notebook being shown, so a small extension of ours (:data:`PLUGIN`, plain
JavaScript with no build step, a module-federation container as JupyterLab loads prebuilt extensions)
does that: once the layout is restored, and whenever the learner selects a notebook's tab, a notebook
without a kernel gets its kernel started (as a cell run would). The tabs, their order and every
notebook's content stay as they were; a notebook restored in a background tab starts its Python when
the learner selects it.

One more thing the extension does: a notebook opened without a kernel says at once that its session
is ready, and ipywidgets' manager, which takes the notebook's kernel at that moment, would find none
and never show a widget there (ipywidgets issue 3970). Each notebook's session is made ready only once
it has a kernel as well. The loading banner (:mod:`mjlearn.lite.progress`) does not wait for a
notebook in a background tab.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from .. import __version__

EXTENSION = "mjlearn-lite-tabs"
"""The extension's package name (its folder under the site's ``extensions/``)."""

PLUGIN_ID = f"{EXTENSION}:start-shown"
"""The id of the plugin that starts the shown notebook's kernel."""

LAB_CONFIG = {
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        # PageConfig options are strings; "false" makes the notebook factory open without a kernel
        "notebookStartsKernel": "false",
        "settingsOverrides": {"@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True}},
    },
}
"""What the site's lab app is configured with (merged over the site's own ``jupyter-lite.json``)."""

PLUGIN = """
(() => {
  // the notebook on show starts its kernel; one restored in a background tab waits until selected
  const plugin = {
    id: 'PLUGIN_ID',
    description: 'Starts the kernel of the notebook the learner looks at, and of no other.',
    autoStart: true,
    activate: (app) => {
      const shell = app.shell;
      const asked = new URLSearchParams(location.search).get('path');
      // ipywidgets' manager takes a notebook's kernel as soon as the notebook's session context says it
      // is ready, which a notebook opened without a kernel says at once: its widgets would never show.
      // Each notebook's context is made ready only once it has a kernel as well
      const holdReady = (session) => {
        const ready = session.ready;
        const kernel = new Promise((resolve) => {
          const seen = () => session.session && session.session.kernel && resolve();
          session.kernelChanged.connect(seen);
          seen();
        });
        const both = Promise.all([ready, kernel]).then(() => undefined);
        Object.defineProperty(session, 'ready', {get: () => both, configurable: true});
      };
      const hold = (factory) => {
        const createNew = factory.createNew.bind(factory);
        factory.createNew = (context, source) => {
          holdReady(context.sessionContext);
          // the lesson the address asks for starts its Python as the page opens it, as it always did
          if (asked && context.path === asked) {
            const session = context.sessionContext;
            session.kernelPreference = {...session.kernelPreference, shouldStart: true};
          }
          return createNew(context, source);
        };
      };
      // the notebook factory is registered when a plugin first needs it: before any notebook opens
      const registry = app.docRegistry;
      if (registry.getWidgetFactory('Notebook')) hold(registry.getWidgetFactory('Notebook'));
      else registry.changed.connect(function added(_, change) {
        if (change.type !== 'widgetFactory' || change.name !== 'notebook' || change.change !== 'added') return;
        registry.changed.disconnect(added);
        hold(registry.getWidgetFactory('Notebook'));
      });
      const start = async (widget) => {
        const session = widget && widget.context && widget.sessionContext;
        if (!session) return;
        await widget.context.ready;
        await session.initialize();
        // still on show, and without a kernel (a cell run may have started one meanwhile)
        if (session.isDisposed || shell.currentWidget !== widget || !session.hasNoKernel) return;
        session.kernelPreference = {...session.kernelPreference, shouldStart: true};
        await session.startKernel();
      };
      const shown = (widget) => start(widget).catch((e) => console.error('mjlearn: could not start the kernel', e));
      // the notebook the address asks for (lab/index.html?path=...) is opened around the time the layout
      // is restored, and shown then: the one the restored layout had on show waits unless it is that one
      const isOpen = (path) => [...shell.widgets('main')].some((w) => w.context && w.context.path === path);
      // while the layout is restored each notebook is shown in turn: only the one left on show counts
      app.restored.then(() => {
        const current = shell.currentWidget;
        if (!asked || isOpen(asked) || (current && current.context && current.context.path === asked)) shown(current);
        shell.currentChanged.connect((_, change) => shown(change.newValue));
      });
    },
  };
  const scope = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  scope['EXTENSION'] = {
    init: () => Promise.resolve(),
    get: (module) =>
      module === './extension'
        ? Promise.resolve(() => ({__esModule: true, default: [plugin]}))
        : Promise.reject(new Error('EXTENSION has no module ' + module)),
  };
})();
"""
"""The extension's whole code: a module-federation container (``init``, ``get``) that JupyterLab's
page loads like any prebuilt extension, holding one plugin."""


def extension_code() -> str:
    """The extension's script, with its names filled in."""
    return PLUGIN.replace("PLUGIN_ID", PLUGIN_ID).replace("EXTENSION", EXTENSION).lstrip()


def add_tabs(lite_dir: Path) -> Path:
    """Put the lab's configuration and the extension into ``lite_dir`` (the folder ``jupyter lite build``
    builds from, whose ``labextensions`` folder it takes extensions from); returns the extension's folder.

    Runs on the build's own temporary folder: what is there under these names is replaced."""
    lite_dir = Path(lite_dir)
    (lite_dir / "lab").mkdir(parents=True, exist_ok=True)
    (lite_dir / "lab" / "jupyter-lite.json").write_text(json.dumps(LAB_CONFIG, indent=1), encoding="utf-8")
    code = extension_code()
    # named by its content, as JupyterLab's own builds name theirs: a browser never keeps an old copy
    entry = f"remoteEntry.{hashlib.sha256(code.encode()).hexdigest()[:12]}.js"
    ext = lite_dir / "labextensions" / EXTENSION
    shutil.rmtree(ext, ignore_errors=True)
    (ext / "static").mkdir(parents=True)
    (ext / "static" / entry).write_text(code, encoding="utf-8")
    package = {
        "name": EXTENSION,
        "version": __version__,
        "description": "Starts the kernel of the notebook the learner looks at, and of no other.",
        "license": "MIT",
        "jupyterlab": {"_build": {"load": f"static/{entry}", "extension": "./extension"}},
    }
    (ext / "package.json").write_text(json.dumps(package, indent=1), encoding="utf-8")
    return ext
