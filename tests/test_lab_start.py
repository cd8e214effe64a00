"""`mjlearn lab` opens the course on its start page, with no news pop-up and no deprecated option.

These tests check the command line and the settings it builds; no server is started."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mjlearn.cli_lab import _LAUNCH, LAB_OVERRIDES, START_PAGE, lab_command, notebooks_source, write_lab_settings

HAS_LAB = importlib.util.find_spec("jupyterlab") is not None


def _options(cmd):
    return [a for a in cmd if a.startswith("--")]


def test_the_start_page_is_shipped_first():
    names = sorted(p.name for p in notebooks_source().glob("*.ipynb"))
    assert names[0] == START_PAGE


def test_the_command_opens_the_start_page(tmp_path):
    (tmp_path / START_PAGE).write_text("{}")
    cmd = lab_command(tmp_path, tmp_path / "settings", port=8999, no_browser=True)
    assert cmd[:3] == [sys.executable, "-c", _LAUNCH]
    opts = _options(cmd)
    assert f"--LabApp.default_url=/lab/tree/{START_PAGE}" in opts
    assert f"--ServerApp.root_dir={tmp_path}" in opts and "--ServerApp.ip=127.0.0.1" in opts
    assert f"--LabApp.app_settings_dir={tmp_path / 'settings'}" in opts
    assert "--ServerApp.port=8999" in opts and "--no-browser" in opts
    assert not any("token" in a.lower() for a in opts)  # the deprecated ServerApp.token above all
    assert all(a.startswith("--") for a in cmd[3:])  # no notebook path: the default URL opens it


def test_no_start_page_no_default_url(tmp_path):
    (tmp_path / START_PAGE).symlink_to(tmp_path / "elsewhere.ipynb")
    cmd = lab_command(tmp_path, tmp_path / "settings")
    assert not any("default_url" in a for a in cmd) and "--no-browser" not in cmd


def test_settings_turn_the_news_off_and_keep_a_sites_own(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "page_config.json").write_text('{"disabledExtensions": {"x": true}}')
    (site / "overrides.json").write_text(
        json.dumps(
            {
                "@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
                "@jupyterlab/apputils-extension:notification": {"fetchNews": "none", "doNotDisturbMode": True},
            }
        )
    )
    out = tmp_path / "out"
    write_lab_settings(out, site)
    written = json.loads((out / "overrides.json").read_text())
    assert written["@jupyterlab/apputils-extension:notification"] == {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    }
    assert written["@jupyterlab/apputils-extension:themes"] == {"theme": "JupyterLab Dark"}
    assert json.loads((out / "page_config.json").read_text()) == {"disabledExtensions": {"x": True}}
    assert (
        json.loads((site / "overrides.json").read_text())["@jupyterlab/apputils-extension:notification"]["fetchNews"]
        == "none"
    )  # the site's file untouched


def test_settings_without_a_site_folder(tmp_path):
    written = write_lab_settings(tmp_path / "s", tmp_path / "missing")
    assert written == LAB_OVERRIDES
    assert json.loads((tmp_path / "s" / "overrides.json").read_text()) == LAB_OVERRIDES


@pytest.mark.skipif(not HAS_LAB, reason="JupyterLab is not installed")
def test_every_override_is_a_real_setting_of_the_installed_jupyterlab():
    import jupyterlab

    schemas = Path(jupyterlab.__file__).parent / "schemas"
    for plugin, values in LAB_OVERRIDES.items():
        package, name = plugin.split(":")
        schema = json.loads((schemas / package / f"{name}.json").read_text())
        for key, value in values.items():
            prop = schema["properties"][key]
            if "oneOf" in prop:
                assert value in [c["const"] for c in prop["oneOf"]], (plugin, key, value)
            else:
                assert isinstance(value, {"boolean": bool, "string": str}[prop["type"]]), (plugin, key)


@pytest.mark.skipif(not HAS_LAB, reason="JupyterLab is not installed")
def test_every_option_is_known_to_the_installed_jupyterlab_and_none_is_deprecated(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-c", _LAUNCH, "--help-all"], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    (tmp_path / START_PAGE).write_text("{}")
    for opt in _options(lab_command(tmp_path, tmp_path / "s", port=1, no_browser=True)):
        name = opt.split("=")[0]
        if name.startswith("--KernelManager."):  # not an application: --help-all does not list it
            from jupyter_client.manager import KernelManager

            trait = KernelManager.class_traits(config=True)[name.split(".")[1]]
            assert opt.split("=")[1] in trait.values, opt
            continue
        assert f"\n{name}" in proc.stdout, name
        after = proc.stdout.split(f"\n{name}", 1)[1].split("\n--", 1)[0]
        assert "DEPRECATED" not in after, name
    assert "Warning" not in proc.stderr, proc.stderr


def test_the_shipped_notebooks_are_signed_as_trusted_and_a_changed_copy_is_not(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    from nbformat.sign import NotebookNotary

    from mjlearn.cli_lab import trust_shipped_notebooks
    from mjlearn.shipped import as_opened, kernel_metadata

    notary = NotebookNotary(data_dir=str(tmp_path))
    shipped = sorted(notebooks_source().rglob("*.ipynb"))
    assert trust_shipped_notebooks(notary=notary) == len(shipped) >= 5
    kernel = kernel_metadata()
    placed = [nbformat.reads(as_opened(p.read_bytes(), kernel).decode(), as_version=4) for p in shipped]
    for path, nb in zip(shipped, placed):  # signed as `mjlearn lab` places them
        assert notary.check_signature(nb), path.name
    changed = placed[0]
    changed.cells.append(nbformat.v4.new_code_cell("print('mine')"))
    assert not notary.check_signature(changed)
