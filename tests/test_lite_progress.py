"""The loading banner written into the JupyterLite site's lab page (mjlearn.lite.progress), without a
browser: what the page holds afterwards, what is refused, a second run. The banner in a browser:
tests/e2e/test_lite_banner_browser.py."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from mjlearn.errors import MjlearnError
from mjlearn.lite import progress
from mjlearn.lite.progress import BANNER_ID, MESSAGES, LitePageError, add_progress

OURS = re.compile(rf'\n<(style|script) id="{BANNER_ID}-(style|script)">.*?</\1>', re.DOTALL)


@pytest.fixture(scope="module")
def lab_page() -> str:
    """JupyterLite's own lab page, as ``jupyter lite build`` copies it into a site (from the app
    archive jupyterlite-core ships)."""
    core = pytest.importorskip("jupyterlite_core")
    archive = next(Path(core.__file__).parent.glob("jupyterlite-app-*.tgz"))
    with tarfile.open(archive) as tar:
        member = tar.extractfile("package/lab/index.html")
        assert member is not None
        return member.read().decode("utf-8")


@pytest.fixture
def site(tmp_path, lab_page) -> Path:
    (tmp_path / "site" / "lab").mkdir(parents=True)
    (tmp_path / "site" / "lab" / "index.html").write_text(lab_page, encoding="utf-8")
    return tmp_path / "site"


def _config(html: str) -> dict:
    """The settings the page's banner script was written with."""
    code = re.search(rf'<script id="{BANNER_ID}-script">(.*?)</script>', html, re.DOTALL)
    assert code is not None
    start = code.group(1).index("const C = ") + len("const C = ")
    return json.JSONDecoder().raw_decode(code.group(1)[start:])[0]


def test_the_banner_goes_into_the_lab_page_and_nothing_else_changes(site, lab_page):
    page = add_progress(site)
    html = page.read_text(encoding="utf-8")
    assert page == site / "lab" / "index.html"
    assert html.count(f'<style id="{BANNER_ID}-style">') == 1 and html.count(f'<script id="{BANNER_ID}-script">') == 1
    head, body = html.split("</head>")
    assert f'<style id="{BANNER_ID}-style">' in head
    assert body.rstrip().endswith("</script></body></html>")  # last in the body: the page's own content exists by then
    assert OURS.sub("", html) == lab_page
    assert sorted(p.name for p in site.rglob("*")) == ["index.html", "lab"]  # no other file: the page asks for none
    config = _config(html)
    assert config["messages"] == {k: list(v) for k, v in MESSAGES.items()}
    assert config["slowMs"] == progress.SLOW_AFTER_S * 1000 and config["readyMs"] == progress.READY_SHOWN_S * 1000


def test_a_second_run_changes_nothing_and_an_older_banner_is_replaced(site):
    once = add_progress(site).read_text(encoding="utf-8")
    assert add_progress(site).read_text(encoding="utf-8") == once
    page = site / "lab" / "index.html"
    page.write_text(once.replace("Opening the course", "Opening the old course"), encoding="utf-8")
    again = add_progress(site).read_text(encoding="utf-8")
    assert again == once and "old course" not in again


def test_a_folder_without_the_lab_page_is_refused_and_nothing_is_written(tmp_path):
    with pytest.raises(LitePageError) as e:
        add_progress(tmp_path)
    message = str(e.value)
    assert str(tmp_path / "lab" / "index.html") in message and "jupyter lite build" in message
    assert "生成的网站" in message and "\n" not in message
    assert isinstance(e.value, MjlearnError)
    heading, en, zh = e.value.learner_lines()  # in a notebook: the heading, then one line per language
    assert "cannot be added" in heading and en.strip().endswith("jupyter lite build") and "网站" in zh
    assert list(tmp_path.iterdir()) == []


def test_a_lab_page_that_is_a_link_is_refused_and_its_target_is_untouched(tmp_path, lab_page):
    outside = tmp_path / "elsewhere.html"
    outside.write_text(lab_page, encoding="utf-8")
    (tmp_path / "site" / "lab").mkdir(parents=True)
    (tmp_path / "site" / "lab" / "index.html").symlink_to(outside)
    with pytest.raises(LitePageError, match="is a link"):
        add_progress(tmp_path / "site")
    assert outside.read_text(encoding="utf-8") == lab_page
    shutil.rmtree(tmp_path / "site")
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "index.html").write_text(lab_page, encoding="utf-8")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "lab").symlink_to(tmp_path / "real")
    with pytest.raises(LitePageError, match="is a link"):
        add_progress(tmp_path / "site")
    assert (tmp_path / "real" / "index.html").read_text(encoding="utf-8") == lab_page


@pytest.mark.parametrize(
    "change",
    [
        lambda html: html.replace("</head>", ""),
        lambda html: html.replace("</body>", "</body></body>"),
    ],
    ids=["no-head-end", "two-body-ends"],
)
def test_a_page_that_is_not_jupyterlites_is_refused_unchanged(site, lab_page, change):
    page = site / "lab" / "index.html"
    page.write_text(change(lab_page), encoding="utf-8")
    with pytest.raises(LitePageError, match="not the JupyterLite lab page"):
        add_progress(site)
    assert page.read_text(encoding="utf-8") == change(lab_page)


def test_every_step_speaks_both_languages_in_plain_words():
    han = re.compile(r"[\u4e00-\u9fff]")
    for step, (zh, en) in MESSAGES.items():
        assert han.search(zh) and not han.search(en), step
        assert en.replace("…", "").isascii(), step
        for text in (zh, en):
            assert text == text.strip() and not re.search(r"[{}<>\[\]'\"\\]", text), (step, text)
    # every step the script shows has its words, and every message is shown by the script
    shown = set(re.findall(r"next = '(\w+)'", progress._SCRIPT)) | {"reload"}
    assert shown == set(MESSAGES)


def test_the_script_is_valid_javascript(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (apt-get install nodejs): it checks the script's syntax")
    js = tmp_path / "banner.js"
    js.write_text(progress.script(), encoding="utf-8")
    r = subprocess.run([node, "--check", str(js)], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr


def test_the_built_site_gets_the_banner_in_a_fresh_interpreter(tmp_path, lab_page):
    """What ``mjlearn lite build`` runs after ``jupyter lite build``, in a new Python, on a folder
    that is a site and on one that is not."""
    (tmp_path / "site" / "lab").mkdir(parents=True)
    (tmp_path / "site" / "lab" / "index.html").write_text(lab_page, encoding="utf-8")
    code = (
        "import sys\nfrom mjlearn.lite.progress import add_progress, LitePageError\n"
        "print(add_progress(sys.argv[1]))\n"
        "try:\n    add_progress(sys.argv[2])\nexcept LitePageError as e:\n    print(e)\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "site"), str(tmp_path / "empty")],
        capture_output=True,
        text=True,
        check=True,
    )
    done, refused = r.stdout.splitlines()
    assert done == str(tmp_path / "site" / "lab" / "index.html")
    assert refused.startswith(f"{tmp_path / 'empty' / 'lab' / 'index.html'} is missing")
    assert f'id="{BANNER_ID}-script"' in Path(done).read_text(encoding="utf-8")
