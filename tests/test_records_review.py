"""``mjlearn review FILE --game ID --seat N --out report.html``: one seat of a refereed Botzone game
judged by the coach (mjlearn.widgets.record_review), the costliest decisions first with the coach's
reason; and the refusals a careless user meets (a game that is not there, seat 7, a damaged file, an
output that is a link, a folder or an existing file), each one bilingual line, exit 2, nothing written."""

from __future__ import annotations

import gzip
import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mjlearn.coaching import coach, from_table
from mjlearn.records import read_text
from mjlearn.records.replay import play_actions, table_for
from mjlearn.widgets.play_rating import COACH_TRIALS
from mjlearn.widgets.record_review import rated_record, report_html
from mjlearn.widgets.review import worst

DATA = Path(__file__).parent / "data" / "botzone"
TEXT = DATA / "games.txt.gz"
GAME, SEAT = "local-1000", 0


@pytest.fixture(scope="module")
def game():
    for g in read_text(gzip.decompress(TEXT.read_bytes()).decode("utf-8")):
        if getattr(g, "match", None) == GAME:
            return g
    raise AssertionError(GAME)


@pytest.fixture(scope="module")
def record(game):
    return rated_record(game, SEAT)


def test_every_decision_of_the_seat_is_rated_with_the_coachs_reason(game, record):
    ds = record["decisions"]
    plays = sum(1 for a in game.actions if a.player == SEAT and a.kind == "Play")
    assert sum(1 for d in ds if d["kind"] == "discard") == plays
    rated = [d for d in ds if "cost_chance" in d]
    assert len(rated) >= plays  # every discard, and the claims with more than one answer
    for d in rated:
        assert d["reason"]["zh"] and d["reason"]["en"], d


def test_the_reports_costliest_decisions_are_the_coachs_ranking(game, record):
    """The report lists the decisions in the review's order of cost, and each costliest discard's
    better choice is what the coach, asked afresh at that moment of the game, ranks first."""
    page = report_html(record)
    shown = [int(n) for n in re.findall(r'class="rr-worst" data-worst="(\d+)"', page)]
    ranked = sorted(
        (d for d in record["decisions"] if d.get("cost_chance", 0) > 0.005 and d in worst(record, 99)),
        key=lambda d: (-d["cost_chance"], -d["cost_useful"], -d.get("cost_value", 0), d["n"]),
    )
    assert shown == [d["n"] for d in ranked[:3]] and len(shown) == 3
    by_n = {d["n"]: d for d in record["decisions"]}
    plays = [i for i, a in enumerate(game.actions) if a.player == SEAT and a.kind == "Play"]
    discards = [d["n"] for d in record["decisions"] if d["kind"] == "discard"]
    for n in shown:
        d = by_n[n]
        box = page.split(f'data-worst="{n}"', 1)[1].split('class="rr-worst"', 1)[0]
        assert html.escape(d["reason"]["en"], quote=True) in box and html.escape(d["reason"]["zh"]) in box
        if d["kind"] != "discard":
            continue
        at = plays[discards.index(n)]
        tb = table_for(game)
        play_actions(tb, game.actions, upto=at)
        fresh = coach(**from_table(tb, SEAT), trials=COACH_TRIALS)
        assert str(fresh.best.discard) == d["best"]
        mine = next(o for o in fresh if str(o.discard) == d["choice"])
        assert round(fresh.best.win_chance - mine.win_chance, 6) == pytest.approx(d["cost_chance"], abs=1e-6)
        assert f'data-best-action="discard {d["best"]}"' in page


def test_the_report_is_one_page_asking_nothing_from_outside(record):
    page = report_html(record)
    assert page.startswith("<!DOCTYPE html>") and page.count("<html") == 1
    assert "<svg" in page and "<script" not in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "url(" not in page and "@import" not in page
    assert "代价最大的决定" in page and "The costliest decisions" in page


def _review(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mjlearn", "review", *args], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )


def _one_bilingual_line(out: subprocess.CompletedProcess) -> str:
    assert out.returncode == 2, (out.returncode, out.stderr[-400:])
    err = out.stderr.strip()
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    assert re.search(r"[\u4e00-\u9fff]", err) and re.search(r"[A-Za-z]{4}", err), err
    return err


def test_review_writes_the_page_and_refuses_to_overwrite_it_without_force(tmp_path):
    out = _review(tmp_path, str(TEXT), "--game", GAME, "--seat", "2", "--out", "r.html")
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "data-costliest" in page and "<svg" in page
    (tmp_path / "r.html").write_text("mine", encoding="utf-8")
    err = _one_bilingual_line(_review(tmp_path, str(TEXT), "--game", GAME, "--seat", "2", "--out", "r.html"))
    assert "--force" in err and (tmp_path / "r.html").read_text(encoding="utf-8") == "mine"
    out = _review(tmp_path, str(TEXT), "--game", GAME, "--seat", "2", "--out", "r.html", "--force")
    assert out.returncode == 0 and "data-costliest" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert sorted(os.listdir(tmp_path)) == ["r.html"]  # no temporary file left


def test_review_refusals_are_one_bilingual_line_and_write_nothing(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "folder").mkdir()
    (work / "target.html").write_text("not to be touched", encoding="utf-8")
    (work / "link.html").symlink_to(work / "target.html")
    damaged = work / "damaged.txt.gz"
    damaged.write_bytes(TEXT.read_bytes()[:5000])  # a download cut short
    junk = work / "junk.txt"
    junk.write_bytes(os.urandom(3000))
    before = {p.name: p.read_bytes() if p.is_file() else None for p in work.iterdir()}
    cases = {
        "missing game": (
            [str(TEXT), "--game", "local-99999", "--seat", "0", "--out", "a.html"],
            "local-99999' among its 541 games (0 unreadable); its ids (Match lines): local-1000, local-1001, local-1002",
        ),
        "seat 7": ([str(TEXT), "--game", GAME, "--seat", "7", "--out", "a.html"], "'7'"),
        "damaged gzip": ([str(damaged), "--game", "local-1300", "--seat", "0", "--out", "a.html"], "damaged"),
        "junk": ([str(junk), "--game", GAME, "--seat", "0", "--out", "a.html"], GAME),
        "symlink": ([str(TEXT), "--game", GAME, "--seat", "0", "--out", "link.html"], "symbolic link"),
        "folder": ([str(TEXT), "--game", GAME, "--seat", "0", "--out", "folder"], "not a plain file"),
    }
    for name, (args, said) in cases.items():
        err = _one_bilingual_line(_review(work, *args))
        assert said in err, (name, err)
    after = {p.name: p.read_bytes() if p.is_file() else None for p in work.iterdir()}
    assert after == before
    assert list((work / "folder").iterdir()) == []
