"""mjlearn.lite without a browser or a network: the wheel the site serves, the trimmed Pyodide package
list, the browser notes and the progress copy, and the command's messages."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import zipfile

import pytest

from mjlearn import __version__
from mjlearn.cli import main
from mjlearn.lite import browser, site, startup


def test_the_wheel_holds_the_package_with_honest_metadata(tmp_path):
    whl = site.build_wheel(tmp_path)
    assert whl.name == f"mjlearn-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(whl) as z:
        names = z.namelist()
        assert "mjlearn/__init__.py" in names and "mjlearn/lite/browser.py" in names
        assert "mjlearn/widgets/static/mj.js" in names  # the widgets' front end travels too
        assert "mjlearn/terms_data.json" in names  # and the glossary, which is data
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        info = f"mjlearn-{__version__}.dist-info/"
        meta = z.read(info + "METADATA").decode()
        assert f"Version: {__version__}" in meta
        # the browser has no matplotlib: the wheel must not demand it there
        assert "Requires-Dist: matplotlib>=3.7; sys_platform != 'emscripten'" in meta
        for row in csv.reader(io.StringIO(z.read(info + "RECORD").decode())):
            if row[1]:
                digest = base64.urlsafe_b64encode(hashlib.sha256(z.read(row[0])).digest()).rstrip(b"=").decode()
                assert row[1] == f"sha256={digest}", row[0]
        assert {row[0] for row in csv.reader(io.StringIO(z.read(info + "RECORD").decode()))} == set(names)


def _lock(**depends):
    return {
        "info": {"python": "3.14.2"},
        "packages": {k.replace("_", "-"): {"name": k, "version": "1", "depends": v} for k, v in depends.items()},
    }


def test_plan_follows_requirements_as_they_are_in_the_browser():
    from importlib import metadata

    lock = _lock(
        micropip=[],
        packaging=[],
        ipython=["prompt_toolkit", "traitlets"],
        prompt_toolkit=[],
        traitlets=[],
        jedi=[],
        typing_extensions=[],
        numpy=[],
    )
    in_lock, extra, mine = site.plan(lock)
    assert set(in_lock) == {
        "micropip",
        "packaging",
        "ipython",
        "prompt-toolkit",
        "traitlets",
        "jedi",
        "typing-extensions",
    }  # numpy: nobody needs it
    assert "matplotlib" not in mine and "matplotlib" not in extra  # not under emscripten
    assert {"ipywidgets", "anywidget", "ipython"} <= set(mine)
    assert "widgetsnbextension" not in extra  # the kernel's own stand-in
    assert extra["anywidget"] == (metadata.version("anywidget"), ["ipywidgets", "psygnal", "typing-extensions"])
    assert extra["ipywidgets"][0] == metadata.version("ipywidgets")  # matches the front end shipped


def test_plan_names_a_package_it_cannot_serve(monkeypatch):
    monkeypatch.setattr(site, "_pyproject", lambda: {"dependencies": ["no-such-package-for-mjlearn>=1"]})
    with pytest.raises(site.LiteError, match="no-such-package-for-mjlearn"):
        site.plan(_lock(micropip=[], packaging=[], ipython=[], jedi=[]))


def test_build_without_a_cache_says_how_to_fill_it(tmp_path, capsys):
    code = main(["lite", "build", "--offline", "--cache", str(tmp_path / "empty"), "--out", str(tmp_path / "out")])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("mjlearn lite: ") and "mjlearn lite fetch" in err
    assert not (tmp_path / "out").exists()


def test_lite_without_a_step_prints_its_help(capsys):
    assert main(["lite"]) == 0
    out = capsys.readouterr().out
    assert "build" in out and "fetch" in out


def test_browser_notes_are_bilingual_and_never_empty():
    note = browser.missing_note("matplotlib.pyplot")
    assert note.zh and note.en and "matplotlib" in note.zh and "matplotlib" in note.en
    html = note._repr_html_()
    assert "浏览器版" in html and "In the browser" in html and "max-width:100%" in html
    assert browser.missing_note("numpyish") is None and browser.missing_note("") is None
    for en, zh in site.BROWSER_NOTES:
        assert en and zh and en != zh


class _Shell:
    def __init__(self):
        self.tracebacks = []

    def showtraceback(self, exc_tuple, tb_offset=None):
        self.tracebacks.append(exc_tuple[1])


def test_the_handler_shows_the_note_for_matplotlib_and_a_traceback_otherwise(monkeypatch):
    shown = []
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj))
    shell = _Shell()
    missing = ModuleNotFoundError("No module named 'matplotlib'", name="matplotlib")
    assert browser._handler(shell, ModuleNotFoundError, missing, None) is None
    assert shown == [browser.missing_note("matplotlib")] and shell.tracebacks == []
    other = ModuleNotFoundError("No module named 'nothere'", name="nothere")
    browser._handler(shell, ModuleNotFoundError, other, None)
    assert shell.tracebacks == [other] and len(shown) == 1


def test_install_does_nothing_outside_the_browser():
    assert browser.IN_BROWSER is False
    assert browser.install() is False and browser.keep_progress() is None


def test_the_progress_copy_round_trips_a_real_store(tmp_path):
    from mjlearn.quiz import generate, grade, solve
    from mjlearn.quiz.progress import ProgressStore

    db, copy = tmp_path / "mem" / "progress.db", tmp_path / "drive" / browser.DRIVE_COPY
    copy.parent.mkdir()
    keeper = browser.ProgressKeeper(db, copy)
    assert keeper.save() is False and not copy.exists()  # nothing to save yet
    with ProgressStore(db, user="ann") as store:
        q = generate("tile_name", seed=1)
        store.record(q, solve(q), grade(q, solve(q)))
        assert keeper.save() is True and copy.exists()  # the answer is in the copy (WAL included)
        assert keeper.save() is False  # unchanged: not written again
    # a new page: memory is empty, the copy comes back and holds the answer
    db2 = tmp_path / "mem2" / "progress.db"
    again = browser.ProgressKeeper(db2, copy)
    assert again.restore() is True
    with ProgressStore(db2, user="ann") as store:
        assert store.summary()["total"] == 1
    assert again.restore() is False  # never over an existing database


def test_each_notebook_of_the_site_starts_with_the_loading_note():
    """The page shows nothing while Python loads in it: the first cell of every notebook says so, in
    both languages, once however often the build runs on its own output; the notebook stays valid."""
    import nbformat

    src = next(site.notebooks_dir().glob("01_*.ipynb"))
    nb = json.loads(src.read_text(encoding="utf-8"))
    noted = startup.with_loading_note(startup.with_loading_note(nb))
    assert len(noted["cells"]) == len(nb["cells"]) + 1 and noted["cells"][1:] == nb["cells"]
    first = noted["cells"][0]
    zh, en = startup.LOADING_NOTE
    assert first["cell_type"] == "markdown" and zh in first["source"] and en in first["source"]
    assert "Python" in zh and "Python" in en  # and it names the banner's "ready" (the test below)
    nbformat.validate(nbformat.from_dict(noted))
    old = dict(nb, nbformat_minor=4, cells=[{k: v for k, v in c.items() if k != "id"} for c in nb["cells"]])
    nbformat.validate(nbformat.from_dict(startup.with_loading_note(old)))  # no cell ids before nbformat 4.5


def test_old_font_formats_go_only_where_a_newer_one_stays(tmp_path):
    for name in ["fa-solid-900.woff2", "fa-solid-900.woff", "fa-solid-900.ttf", "fa-solid-900.eot", "fa-solid-900.svg"]:
        (tmp_path / name).write_bytes(b"font")
    (tmp_path / "MathJax_Zero.woff").write_bytes(b"font")  # the only format of its font: kept
    (tmp_path / "logo.svg").write_bytes(b"<svg/>")  # a picture, not a font: kept
    gone = startup.drop_fallback_fonts(tmp_path)
    assert gone == ["fa-solid-900.eot", "fa-solid-900.svg", "fa-solid-900.ttf", "fa-solid-900.woff"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["MathJax_Zero.woff", "fa-solid-900.woff2", "logo.svg"]


def test_the_site_stores_notebooks_with_what_its_kernel_reports(tmp_path):
    """JupyterLab writes the kernel's kernelspec and language_info into a notebook as it opens and marks
    it changed when they differ: read from the Pyodide kernel's own extension, so they match."""
    try:
        root = site._labextensions_root()
    except site.LiteError as e:
        pytest.skip(str(e))
    meta = site._kernel_metadata(root)
    assert meta["kernelspec"]["name"] == "python" and meta["kernelspec"]["language"] == "python"
    assert meta["language_info"]["name"] == "python" and meta["language_info"]["file_extension"] == ".py"
    src = next(site.notebooks_dir().glob("01_*.ipynb"))
    (tmp_path / src.name).write_bytes(src.read_bytes())
    startup.prepare_notebooks(tmp_path, meta)
    nb = json.loads((tmp_path / src.name).read_text(encoding="utf-8"))
    assert {k: nb["metadata"][k] for k in meta} == meta and nb["cells"][0]["metadata"]["mjlearn"] == "lite-loading-note"
    empty = tmp_path / "ext" / site._LABEXTENSIONS[0] / "static"
    empty.mkdir(parents=True)
    with pytest.raises(site.LiteError, match="kernelspec"):
        site._kernel_metadata(tmp_path / "ext")


def test_the_loading_note_points_at_the_banners_words_for_ready():
    """The note atop each notebook tells the learner to wait for the banner's "ready": it quotes the
    banner's own words, in both languages."""
    from mjlearn.lite.progress import MESSAGES

    zh, en = startup.LOADING_NOTE
    ready_zh, ready_en = MESSAGES["ready"]
    assert "“" + ready_zh.split("，")[0] + "”" in zh
    assert "“" + ready_en.split(":")[0] + "”" in en
