"""What the keyboard tests share: a notebook of one cell opened and run in JupyterLab, where the focus
is, Tab pressed until it gets somewhere, and a key pressed that redraws a widget."""

from __future__ import annotations

import nbformat

_FOCUS = """() => {
  const a = document.activeElement;
  if (!a) return {};
  const d = a.dataset || {};
  return {
    tag: a.tagName, type: a.type || "", cls: String(a.className?.baseVal ?? a.className ?? ""),
    value: a.value || "", act: d.act || "", arg: d.arg || "", tile: d.tile || "",
    inTable: !!a.closest(".mj-play"), inHand: !!a.closest(".mj-me .mj-hand"),
    palette: !!a.closest(".mj-palette"), editorHand: !!a.closest(".mj-hand-box .mj-hand"),
    inQuiz: !!a.closest(".mjlearn-quiz"),
  };
}"""


def open_notebook(page, lab, name: str, source: str) -> None:
    """Write ``name``.ipynb with one cell of ``source``, open it in a workspace of its own and run it
    (the JupyterLab command: no mouse)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.root / f"{name}.ipynb")
    page.goto(lab.url(f"lab/workspaces/{name.replace('_', '-')}/tree/{name}.ipynb"))
    page.wait_for_function(
        "name => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context"
        " && window.jupyterapp.shell.currentWidget.context.path === name"
        " && window.jupyterapp.shell.currentWidget.sessionContext"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel",
        arg=f"{name}.ipynb",
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def focused(page) -> dict:
    """What has the focus: its tag, type, class, value, data-act/arg/tile, and where it sits."""
    return page.evaluate(_FOCUS)


def tab_until(page, want, limit: int = 400, back: bool = False) -> dict:
    """Press Tab (Shift+Tab when ``back``) until ``want(focused(page))``; the focus then."""
    for _ in range(limit):
        f = focused(page)
        if want(f):
            return f
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"the keyboard never reached it; the focus is on {focused(page)}")


def press(page, root, key: str) -> None:
    """A key that acts on the widget ``root``: wait until the widget is drawn again."""
    before = root.get_attribute("data-drawn")
    page.keyboard.press(key)
    page.wait_for_function("([el, n]) => el.dataset.drawn !== n", arg=[root.element_handle(), before])
