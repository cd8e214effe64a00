import json
import subprocess
import sys

import pytest

import mjlearn
from mjlearn.cli import MANIFEST, copy_notebooks, main, notebooks_source


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and mjlearn.__version__ in capsys.readouterr().out
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "lab" in out and "麻将" in out


def test_console_script_runs_as_module():
    out = subprocess.run([sys.executable, "-m", "mjlearn", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == f"mjlearn {mjlearn.__version__}"


def test_tiles_lists_all_42(capsys):
    assert main(["tiles"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 42 and "东风" in lines[27] and "East Wind" in lines[27]


def test_the_shipped_notebooks_are_found():
    src = notebooks_source()
    assert (src / "01_tiles_and_notation.ipynb").exists()


def _make_source(tmp_path, text):
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "a.ipynb").write_text(text)
    (src / "b.ipynb").write_text("b v1")
    return src


def test_copy_never_overwrites_the_learners_changes(tmp_path, capsys):
    dest = tmp_path / "dest"
    src = _make_source(tmp_path, "a v1")
    first = copy_notebooks(dest, src)
    assert sorted(first["copied"]) == ["a.ipynb", "b.ipynb"]
    assert json.loads((dest / MANIFEST).read_text())["a.ipynb"]

    (dest / "a.ipynb").write_text("the learner's notes")  # the learner edits a
    (src / "a.ipynb").write_text("a v2")  # and mjlearn ships new versions
    (src / "b.ipynb").write_text("b v2")
    second = copy_notebooks(dest, src)
    assert second["kept"] == ["a.ipynb"] and second["updated"] == ["b.ipynb"]
    assert (dest / "a.ipynb").read_text() == "the learner's notes"
    assert (dest / "a.new.ipynb").read_text() == "a v2"
    assert (dest / "b.ipynb").read_text() == "b v2"
    assert "kept your changed a.ipynb" in capsys.readouterr().out

    third = copy_notebooks(dest, src)  # nothing new: nothing touched
    assert third["kept"] == ["a.ipynb"] and third["unchanged"] == ["b.ipynb"]
    assert (dest / "a.ipynb").read_text() == "the learner's notes"


def test_lab_copy_only(tmp_path):
    dest = tmp_path / "nb"
    assert main(["lab", "--dir", str(dest), "--copy-only"]) == 0
    assert (dest / "01_tiles_and_notation.ipynb").exists()


def test_score_regional_rule_set(capsys):
    assert main(["score", "123m456p789s23sEE+4s", "--rules", "xian", "--discarder", "S", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == "xian" and out["legal"] is True
    assert sum(out["payments"].values()) == 0 and out["payments"]["S"] < 0


def test_score_regional_errors_are_clear(capsys):
    assert main(["score", "123m456p789s23sEE+4s", "--rules", "changsha", "--discarder", "S"]) == 1
    assert "E (东风) is not used" in capsys.readouterr().err
    assert main(["score", "123m456p789s23sEE+4s", "--discarder", "S"]) == 1
    assert "only for regional rule sets" in capsys.readouterr().err
    assert main(["score", "123m456p789s23sEE+4s", "--rules", "nowhere"]) == 1
    assert "nowhere" in capsys.readouterr().err


def test_score_jsonl_mixes_rule_sets(tmp_path, capsys):
    f = tmp_path / "hands.jsonl"
    f.write_text(
        '{"hand": "123m456p789s23sEE+4s", "rules": "xian", "discarder": "S"}\n'
        '{"hand": "123m456p789s23sEE+4s", "self_drawn": true}\n'
        '{"hand": "12x"}\n',
        encoding="utf-8",
    )
    assert main(["score", "--jsonl", str(f)]) == 1  # 1: the third line is an error
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [l.get("rules") for l in lines] == ["xian", "mcr", None]
    assert lines[1]["total"] == 12 and lines[2]["error"]["type"] == "NotationError"


def test_a_kept_file_is_told_once_not_at_every_start(tmp_path, capsys):
    dest = tmp_path / "dest"
    src = _make_source(tmp_path, "a v1")
    copy_notebooks(dest, src)
    (dest / "a.ipynb").write_text("the learner's notes")
    (src / "a.ipynb").write_text("a v2")
    copy_notebooks(dest, src)
    assert "kept your changed a.ipynb" in capsys.readouterr().out
    again = copy_notebooks(dest, src)  # nothing new since: nothing to say
    assert again["kept"] == ["a.ipynb"] and "kept your changed" not in capsys.readouterr().out
    (src / "a.ipynb").write_text("a v3")  # a newer version: said again
    copy_notebooks(dest, src)
    assert "kept your changed a.ipynb" in capsys.readouterr().out and (dest / "a.new.ipynb").read_text() == "a v3"
