"""``mjlearn score`` (mjlearn/cli_score.py), driven through its own argparse parser."""

from __future__ import annotations

import argparse
import io
import json
import sys

from mjlearn import cli_score


def run(argv, stdin=None, capsys=None):
    ap = argparse.ArgumentParser(prog="mjlearn")
    cli_score.add_parser(ap.add_subparsers(dest="cmd"))
    args = ap.parse_args(argv)
    if stdin is not None:
        old = sys.stdin
        sys.stdin = io.StringIO(stdin)
        try:
            return args.func(args)
        finally:
            sys.stdin = old
    return args.func(args)


def test_table_in_both_languages(capsys):
    assert run(["score", "123456789m23p55s+4p", "--self-drawn", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Pure Straight" in out and "22" in out
    assert run(["score", "123456789m23p55s+4p", "--lang", "zh"]) == 0
    assert "清龙" in capsys.readouterr().out


def test_json(capsys):
    assert run(["score", "[EEE,1][SSSS,1]55pWWWNN+N", "--self-drawn", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["total"] == 98 and d["rules"] == "mcr"


def test_bad_hand_is_an_error(capsys):
    assert run(["score", "123m45"]) == 1
    assert "suit letter" in capsys.readouterr().err


def test_jsonl_goes_on_after_a_bad_line(tmp_path, capsys):
    lines = [
        json.dumps({"hand": "123456789m23p55s+4p", "self_drawn": True, "rules": "mcr"}),
        "not json",
        json.dumps({"hand": "123m45"}),
        json.dumps({"hand": "123456789m23p55s+4p", "bogus": 1}),
        json.dumps({"hand": "123456789m23p55s+4p"}),
    ]
    f = tmp_path / "h.jsonl"
    f.write_text("\n".join(lines), encoding="utf-8")
    assert run(["score", "--jsonl", str(f)]) == 1  # 1: some lines were errors
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o.get("total") for o in out] == [22, None, None, None, 20]
    assert out[2]["error"]["type"] == "NotationError"
    assert "error" in out[1] and "error" in out[3]


def test_jsonl_stdin(capsys):
    assert run(["score", "--jsonl", "-"], stdin='{"hand": "1112345678999m+5m"}\n') == 0
    assert json.loads(capsys.readouterr().out)["fans"][0]["zh"] == "九莲宝灯"
