"""The browser build's wheel carries the shipped quiz sets, as the real wheel does (pyproject.toml's
force-include), so lesson 14's sample class and a class's assignments find their quiz sets by name in
the browser; not the lessons, which the site serves as its own files."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile

from mjlearn.lite import site


def test_the_wheel_holds_the_quiz_sets_and_they_resolve_from_it(tmp_path):
    whl = site.build_wheel(tmp_path / "wheel")
    with zipfile.ZipFile(whl) as z:
        names = set(z.namelist())
        z.extractall(tmp_path / "installed")
    assert "mjlearn/notebooks/quiz_sets/week1_tiles_and_waits.json" in names
    assert not [n for n in names if n.endswith(".ipynb") or "/recorded/" in n]  # the site's own files
    # the package as installed from that wheel alone (no repository beside it): the sample class builds
    code = (
        "import mjlearn, pathlib\n"
        "from mjlearn.db.assignments import resolve_quiz_set\n"
        "p = resolve_quiz_set('week1_tiles_and_waits.json')\n"
        "assert p.is_file() and 'installed' in str(p), p\n"
        "from mjlearn.dashboard import open_dashboard\n"
        "d = open_dashboard()\n"
        "print(len(d.report['assignments']), sum(a['questions'] for a in d.report['assignments']))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "installed"), MJLEARN_DATA_DIR=str(tmp_path / "data"))
    env.pop("MJLEARN_CLASS", None)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.split() == ["2", "18"]
