"""Damaged Botzone records: every damage gives a clear error naming the game and the line, the other
games of the file still read as they were, and nothing is held whole that the input makes large.

The damages are those a careless copy, a cut download or a hostile file bring: a truncated line, an
unknown action, an impossible tile, a wrong player number, absurd numbers, a line of megabytes, lines
lost, doubled or swapped, bytes that are not UTF-8, and JSON logs cut or nested without end.
"""

from __future__ import annotations

import gzip
import io
import json
import random
import tracemalloc
import zlib
from pathlib import Path

import pytest

from mjlearn.records import Game, RecordError, check_game, game_text, read_judge_log, read_text
from mjlearn.records.text import LINE_LIMIT

DATA = Path(__file__).parent / "data" / "botzone"


@pytest.fixture(scope="module")
def base() -> list[str]:
    text = gzip.decompress((DATA / "games.txt.gz").read_bytes()).decode("utf-8")
    blocks = [b + "\n\n" for b in text.split("\n\n") if b]
    return blocks[:12]


def _damage(line: str, how: str, rng: random.Random) -> str | None:
    w = line.split(" ")
    if how == "truncate":
        return line[: rng.randrange(0, max(1, len(line)))]
    if how == "unknown action" and len(w) >= 3:
        w[2] = rng.choice(["Fly", "Riichi", "", "DRAW", "Deal"])
    elif how == "impossible tile" and len(w) >= 4:
        w[3] = rng.choice(["W0", "X5", "J4", "H1", "B10", "w5", "5m", "F5"])
    elif how == "wrong player" and len(w) >= 2:
        w[1] = rng.choice(["4", "-1", "9" * 40, "one", "0.5"])
    elif how == "huge number":
        return rng.choice(["Score " + "9" * 100_000 + " 0 0 0", "Wind " + "7" * 5000, "Fan 1" + "0" * 80 + " 碰碰和*1"])
    elif how == "huge line":
        return line + " W1" * 2_000_000
    elif how == "not utf-8":
        return line[:3] + "\udcff"
    elif how == "junk":
        return rng.choice(["\x00\x00", "Player 0 Play W1 Ignore", "Score 1 2 3", "Huang Huang", "Match a b"])
    return " ".join(w)


DAMAGES = [
    "truncate",
    "unknown action",
    "impossible tile",
    "wrong player",
    "huge number",
    "huge line",
    "not utf-8",
    "junk",
    "delete",
    "double",
    "swap",
]


def _read(text: str):
    raw = text.encode("utf-8", "surrogateescape")
    return list(read_text(io.BytesIO(raw)))


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_game_is_one_clear_error_and_the_others_read_as_before(base, how):
    rng = random.Random(zlib.crc32(how.encode()))
    for trial in range(12):
        k = rng.randrange(len(base))
        lines = base[k].split("\n")
        i = rng.randrange(1, len(lines) - 2)  # not the Match line, not the closing blank line
        if how == "delete":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "swap":
            j = min(i + 1, len(lines) - 3)
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines[i] = _damage(lines[i], how, rng)
        damaged = "\n".join(lines)
        out = _read("".join(base[:k]) + damaged + "".join(base[k + 1 :]))
        games = [g for g in out if isinstance(g, Game)]
        errors = [e for e in out if isinstance(e, RecordError)]
        assert len(out) == len(base), (how, trial, [str(e) for e in errors])
        for n, g in enumerate(out):
            if n != k:
                assert isinstance(g, Game) and game_text(g) == base[n], (how, trial, n)
        hit = out[k]
        if isinstance(hit, RecordError):
            first = base[k].count("\n", 0, 0)
            assert hit.game == base[k].split("\n")[0].split(" ")[1]
            start = sum(b.count("\n") for b in base[:k]) + 1
            assert hit.line is not None and start <= hit.line <= start + len(lines), (how, str(hit))
            assert "\n" not in str(hit) and len(str(hit)) < 400
            assert "line" in hit.en and "行" in hit.zh
            del first
        else:  # read as a game: then the table must judge it, with findings rather than a crash
            if game_text(hit) != base[k]:
                try:
                    r = check_game(hit)
                except RecordError as e:  # tiles that cannot be dealt: named with the game
                    assert e.game == hit.match and "\n" not in str(e)
                else:
                    assert r.findings or how not in ("swap", "double", "delete"), (how, trial)
        assert len(games) + len(errors) == len(base)


def test_a_line_of_megabytes_is_never_held_whole():
    big = b"Match m1\nWind 0\nPlayer 0 Deal " + b"W1 " * 10_000_000 + b"\n\n"
    tracemalloc.start()
    out = list(read_text(io.BytesIO(big)))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(out) == 1 and isinstance(out[0], RecordError) and out[0].line == 3
    assert f"more than {LINE_LIMIT:,}" in out[0].en
    assert peak < 2 * 1024 * 1024, peak


def test_many_games_stream_in_bounded_memory(base):
    """A file of thousands of games is read one game at a time: memory does not grow with the file."""

    def stream(n: int):
        return io.BytesIO(("".join(base) * n).encode("utf-8"))

    peaks = []
    for n in (20, 80):
        s = stream(n)
        tracemalloc.start()
        count = sum(1 for _ in read_text(s))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert count == n * len(base)
    assert peaks[1] < peaks[0] * 1.5 + 256 * 1024, peaks


def test_a_file_of_only_damage_gives_errors_and_never_stops():
    junk = "\n".join(["Player 0 Play W1", "Match", "Match ok", "Wind 0", "Match x\x00", "", "Huang", "Match y"]) + "\n"
    out = list(read_text(junk))
    assert out and all(isinstance(e, RecordError) for e in out)
    assert all(e.line is not None for e in out)


def test_damaged_json_logs_give_errors_and_the_file_goes_on(tmp_path):
    good = gzip.decompress((DATA / "matches.jsonl.gz").read_bytes()).decode("utf-8").splitlines()[:3]
    m = json.loads(good[0])
    cut = good[0][: len(good[0]) // 2]
    deep = "[" * 100_000 + "]" * 100_000
    no_logs = json.dumps({"id": "n"})
    wrong = dict(m, logs=m["logs"][:5])
    bad_tile = json.loads(good[1])
    for e in bad_tile["logs"]:
        d = e.get("output", {}).get("display", {}) if isinstance(e, dict) else {}
        if d.get("action") == "DEAL":
            d["hand"][0][0] = "W0"
    stopped = json.loads(good[2])
    stopped["logs"][-1]["output"]["display"] = {"action": "WA", "player": 2}
    lines = [good[0], cut, deep, no_logs, json.dumps(wrong), json.dumps(bad_tile), json.dumps(stopped), "\xff", good[1]]
    p = tmp_path / "logs.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = list(read_judge_log(p))
    assert len(out) == len(lines)
    assert isinstance(out[0], Game) and isinstance(out[-1], Game)
    errs = out[1:-1]
    assert all(isinstance(e, RecordError) for e in errs), [type(e) for e in errs]
    assert "W0" in errs[4].en and "WA" in errs[5].en
    assert all("\n" not in str(e) for e in errs)
