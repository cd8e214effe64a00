"""``mjlearn score --jsonl`` under hostile batch files: one output line per input line, in
order, whatever the line; errors carry their line number; exit 0 all scored, 1 some errors, 2 usage.
The command runs in a fresh interpreter, as a user runs it."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjlearn.cli_score import MAX_LINE_BYTES, score_jsonl, score_line

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus" / "jsonl"
OK = b'{"hand": "1112345678999m+5m", "self_drawn": true}'


def mjlearn_score(*args, stdin: bytes | None = None):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", "score", *args], input=stdin, capture_output=True, env=env, timeout=300
    )


def input_lines(data: bytes) -> int:
    """Lines as the batch reads them: ended by b"\\n"; a final newline starts no new line."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def answers(proc, data: bytes) -> list[dict]:
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    out = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert len(out) == input_lines(data)
    for n, record in enumerate(out, 1):
        if "error" in record:
            err = record["error"]
            assert err["line"] == n and err["type"] != "InternalError", err
            assert isinstance(err["message"], str) and err["message"] and len(err["message"]) < 8000
        else:
            assert "total" in record
    return out


NASTY = [
    OK,
    b"",
    b"   ",
    b"\xff\xfe not utf-8",
    b"[" * 1000,
    b'{"hand": "' + b"]" * 10**6 + b'"}',
    b"x" * 10**6,
    b'{"hand": "12x"}',
    b"not json",
    b'{"hand": "1112345678999m+5m"}\r',
    OK,
]


def test_every_line_gets_one_answer_in_order(tmp_path):
    data = b"\n".join(NASTY) + b"\n"
    f = tmp_path / "nasty.jsonl"
    f.write_bytes(data)
    proc = mjlearn_score("--jsonl", str(f))
    out = answers(proc, data)
    assert proc.returncode == 1
    types = [o["error"]["type"] if "error" in o else None for o in out]
    assert types == [
        None,
        "BlankLine",
        "BlankLine",
        "UnicodeDecodeError",
        "NestingTooDeep",
        "LineTooLong",
        "LineTooLong",
        "NotationError",
        "JSONDecodeError",
        None,
        None,
    ]
    assert "1,000,013 bytes" in out[5]["error"]["message"] and f"{MAX_LINE_BYTES:,}" in out[5]["error"]["message"]
    assert out[0]["total"] == out[-1]["total"] > 88


def test_stdin_behaves_like_a_file(tmp_path):
    data = b"\n".join(NASTY)  # no final newline: the last line still counts
    f = tmp_path / "nasty.jsonl"
    f.write_bytes(data)
    by_file = mjlearn_score("--jsonl", str(f))
    by_stdin = mjlearn_score("--jsonl", "-", stdin=data)
    assert answers(by_stdin, data) == answers(by_file, data)
    assert by_stdin.returncode == by_file.returncode == 1


def test_all_scored_is_exit_0(tmp_path):
    data = b"\n".join([OK, b'{"hand": "123m456p789s23sEE+4s", "rules": "xian", "discarder": "S"}']) + b"\n"
    f = tmp_path / "ok.jsonl"
    f.write_bytes(data)
    proc = mjlearn_score("--jsonl", str(f))
    assert proc.returncode == 0 and len(answers(proc, data)) == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    proc = mjlearn_score("--jsonl", str(empty))
    assert proc.returncode == 0 and proc.stdout == b""


@pytest.mark.parametrize(
    "make, fragment",
    [
        (lambda d: d, "is a folder"),
        (lambda d: d / "missing.jsonl", "no such file"),
        (lambda d: (d / "file.txt", (d / "file.txt").write_bytes(OK))[0] / "x.jsonl", "cannot be read"),  # not a folder
    ],
)
def test_usage_errors_are_exit_2_with_one_line(tmp_path, make, fragment):
    proc = mjlearn_score("--jsonl", str(make(tmp_path)))
    assert proc.returncode == 2 and proc.stdout == b""
    err = proc.stderr.decode()
    assert fragment in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_unreadable_file_is_exit_2(tmp_path):
    f = tmp_path / "secret.jsonl"
    f.write_bytes(OK + b"\n")
    f.chmod(0)
    proc = mjlearn_score("--jsonl", str(f))
    assert proc.returncode == 2 and "cannot be read" in proc.stderr.decode() and proc.stdout == b""


def test_a_hand_and_jsonl_together_is_a_usage_error(tmp_path):
    proc = mjlearn_score("1112345678999m+5m", "--jsonl", "-", stdin=OK)
    assert proc.returncode == 2 and "not both" in proc.stderr.decode()


def test_help_documents_the_format_and_exit_codes():
    proc = mjlearn_score("--help")
    text = proc.stdout.decode()
    assert proc.returncode == 0
    for fragment in (
        '{"error": {"type": ..., "message": ..., "line": N}}',
        "exit codes: 0",
        "1 some lines",
        "2 usage",
        "BlankLine",
        "LineTooLong",
        "UnicodeDecodeError",
        "NestingTooDeep",
        "BadNumber",
    ):
        assert fragment in text, fragment


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.jsonl")), ids=lambda p: p.name)
def test_corpus(path):
    data = path.read_bytes()
    proc = mjlearn_score("--jsonl", str(path))
    out = answers(proc, data)
    assert proc.returncode == (1 if any("error" in o for o in out) else 0)


# --- numbers and nesting no line can use to end the batch -----------------------------------------

XIAN = b'{"hand": "123m456p789s23sEE+4s", "rules": "xian", "discarder": "S"'
HUGE = b"9" * 4300  # the most digits Python turns into an int; every amount computed from it has more


def test_a_4300_digit_bet_is_that_lines_error_and_the_batch_goes_on(tmp_path):
    data = (
        b"\n".join(
            [
                XIAN + b', "bets": {"S": ' + HUGE + b"}}",
                XIAN + b"}",
                OK,
                XIAN + b', "bets": {"S": ' + b"1" + b"0" * 15 + b"}}",
                XIAN + b', "bets": {"S": 1e400}}',
                XIAN + b', "bets": {"S": NaN}}',
                XIAN + b', "bets": {"S": -Infinity}}',
            ]
        )
        + b"\n"
    )
    f = tmp_path / "bets.jsonl"
    f.write_bytes(data)
    proc = mjlearn_score("--jsonl", str(f))
    out = answers(proc, data)
    assert proc.returncode == 1
    assert [o["error"]["type"] if "error" in o else None for o in out] == [
        "BadNumber",
        None,
        None,
        "BadNumber",
        "BadNumber",
        "BadNumber",
        "BadNumber",
    ]
    assert "4,300 digits" in out[0]["error"]["message"] and "（" in out[0]["error"]["message"]


def test_a_result_that_cannot_be_written_is_that_lines_error(monkeypatch):
    """The writing step is inside the per-line guard: a result json cannot write (here an amount of
    5,000 digits, as a rule set's arithmetic could make) is reported on its line, the next line is scored."""
    import mjlearn.cli_score as cli_score

    class Result:
        def to_dict(self):
            return {"total": 10**5000}

    real = cli_score.score
    monkeypatch.setattr(cli_score, "score", lambda hand, **kw: Result() if "bets" in kw else real(hand, **kw))
    code, out = run_bytes(XIAN + b', "bets": {"S": 2}}\n' + OK + b"\n")
    assert code == 1 and len(out) == 2
    assert out[0]["error"]["type"] == "InternalError" and out[0]["error"]["line"] == 1
    assert "cannot be written" in out[0]["error"]["message"] and out[1]["total"] > 88


@pytest.mark.parametrize(
    "value, fragment",
    [
        ("[" * 100_000, "nested more than"),  # was a RecursionError
        ('{"S": ' + "9" * 4300 + "}", "4,300 digits"),  # was an OverflowError (with --json: a ValueError)
    ],
)
@pytest.mark.parametrize("as_json", [False, True], ids=["table", "json"])
def test_the_single_hand_form_refuses_absurd_set_values_in_one_line(value, fragment, as_json):
    proc = mjlearn_score(
        "123m456p789s23sEE+4s",
        "--rules",
        "xian",
        "--discarder",
        "S",
        "--set",
        f"bets={value}",
        *(["--json"] if as_json else []),
    )
    err, out = proc.stderr.decode(), proc.stdout.decode()
    assert proc.returncode == 1 and "Traceback" not in err, err[-2000:]
    said = json.loads(out)["error"]["message"] if as_json else err
    assert fragment in said and "bets" in said and said.strip().count("\n") == 0


def test_plain_set_values_still_work():
    proc = mjlearn_score(
        "123m456p789s23sEE+4s", "--rules", "xian", "--discarder", "S", "--set", 'bets={"S": 2}', "--json"
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["legal"] is True


# --- in process: random bytes and lines ---------------------------------------------------------


def run_bytes(data: bytes) -> tuple[int, list[dict]]:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="", write_through=True)
    code = score_jsonl(io.BytesIO(data), out)
    return code, [json.loads(line) for line in out.buffer.getvalue().decode("utf-8").splitlines()]


_PIECES = [
    b"\n",
    b"\r\n",
    b"",
    b" ",
    b"[",
    b"{",
    b"}",
    b"]",
    b'"',
    b"\\",
    b"\xff",
    b"\xed\xa0\x80",
    b"\xef\xbb\xbf",
    b'"hand"',
    b":",
    b",",
    b'"1112345678999m+5m"',
    b'"rules"',
    b'"beijing"',
    b'"flowers"',
    b"1e400",
    b"NaN",
    b"true",
    b"null",
    b"-1",
    OK,
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.binary(max_size=8), max_size=40))
def test_random_bytes_get_one_answer_per_line(pieces):
    data = b"".join(pieces)
    code, out = run_bytes(data)
    assert len(out) == input_lines(data)
    errors = [o["error"] for o in out if "error" in o]
    assert code == (1 if errors else 0)
    assert all(e["type"] != "InternalError" for e in errors), errors


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=()), max_size=80).filter(lambda s: "\n" not in s))
def test_score_line_never_raises(line):
    record = score_line(line, 7)
    if "error" in record:
        assert record["error"]["line"] == 7 and record["error"]["type"] != "InternalError"


def test_a_long_line_is_skipped_in_bounded_pieces_and_the_next_line_is_read():
    code, out = run_bytes(b"x" * (3 * MAX_LINE_BYTES) + b"\n" + OK + b"\n")
    assert code == 1 and out[0]["error"]["type"] == "LineTooLong" and "total" in out[1]


def test_a_byte_order_mark_on_the_first_line_is_skipped():
    code, out = run_bytes(b"\xef\xbb\xbf" + OK + b"\n")
    assert code == 0 and "total" in out[0]
