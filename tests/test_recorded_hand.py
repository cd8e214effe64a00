"""The recorded hand of lesson 08b: the engine's figures, what the lesson says about it, and its replay.

The file notebooks/recorded/first_hand.json is made by tools/record_hand.py. These tests check that
the coach, asked again with what the seat could see, gives the figures the file holds; that the
script still makes the same hand; that the four key moments are what the lesson's text says they
are; and that a record the lesson cannot read is refused with a reason, never shown half-broken.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

from mjlearn.coaching import coach
from mjlearn.widgets.play import COACH_TRIALS, load_review, review_html, worst
from mjlearn.widgets.replay import RecordError, ReviewReplay, read_record, reasons, replay_review

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "notebooks" / "recorded" / "first_hand.json"
QUIZ = ROOT / "notebooks" / "recorded" / "first_hand_quiz.json"


@pytest.fixture(scope="module")
def record() -> dict:
    return json.loads(RECORD.read_text(encoding="utf-8"))


def _discards(record):
    return [d for d in record["decisions"] if d["kind"] == "discard" and d.get("best")]


def test_the_coach_asked_again_gives_the_saved_figures(record):
    ds = _discards(record)
    assert len(ds) >= 5
    for d in ds:
        s = d["sight"]
        c = coach(
            d["hand"],
            rules=record["rules"],
            seen=s["seen"],
            draws_left=s["draws_left"],
            trials=COACH_TRIALS,
            seat_wind=s["seat_wind"],
            prevalent_wind=s["prevalent_wind"],
        )
        mine = next(o for o in c if str(o.discard) == d["choice"])
        assert str(c.best.discard) == d["best"], d["n"]
        assert (mine.shanten, c.best.shanten) == (d["shanten_after"], d["best_shanten"]), d["n"]
        assert {str(k): n for k, n in mine.useful.items()} == d["useful"], d["n"]
        assert {str(k): n for k, n in c.best.useful.items()} == d["best_useful"], d["n"]
        assert mine.win_chance == pytest.approx(d["win_chance"], abs=1e-9), d["n"]
        assert c.best.win_chance == pytest.approx(d["best_win_chance"], abs=1e-9), d["n"]


def test_the_script_makes_the_same_hand(record):
    """Every figure in the committed file is what the script makes now (a newer table may add fields)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import record_hand
    finally:
        sys.path.remove(str(ROOT / "tools"))
    made = json.loads(record_hand.dumps(record_hand.play()))

    def same(a, b, where="record"):
        if isinstance(a, dict):
            assert isinstance(b, dict), where
            for k, v in a.items():
                assert k in b, f"{where}.{k} is no longer made (run tools/record_hand.py)"
                same(v, b[k], f"{where}.{k}")
        elif isinstance(a, list):
            assert isinstance(b, list) and len(a) == len(b), f"{where}: run tools/record_hand.py"
            for i, (x, y) in enumerate(zip(a, b)):
                same(x, y, f"{where}[{i}]")
        else:
            assert a == b, f"{where}: {a!r} in the file, {b!r} made now (run tools/record_hand.py)"

    quiz = made.pop("quiz")
    same(record, made)
    assert json.loads(QUIZ.read_text(encoding="utf-8")) == quiz, "run tools/record_hand.py"


def test_the_questions_on_the_recorded_win_are_the_tables(record):
    """The lesson's last exercises ask what North's win was worth: the engine's answer is the table's."""
    from mjlearn import quiz

    qs = quiz.load_quiz_set(QUIZ)
    total = next(q for q in qs if q.kind == "mcr_total")
    assert f"{quiz.solve(total)} points" in record["outcome"]
    fans = next(q for q in qs if q.kind == "fans")
    for en in ("Mixed Shifted Chows", "All Chows", "All Simples"):
        assert en in record["outcome"]
    assert quiz.grade(fans, quiz.solve(fans)).correct


def test_the_key_moments_are_what_the_lesson_says(record):
    """Lesson 08b's text describes its four key moments; they must stay true of the recorded hand."""
    w = ReviewReplay(record)
    keys = w.key_moments()
    assert len(keys) == 4
    by = {d["n"]: d for d in record["decisions"]}
    one, chow, short, ready = (by[n] for n in keys)
    # 1: a step closer to ready than the coach's choice, and a lower chance
    assert one["kind"] == "discard" and one["shanten_after"] < one["best_shanten"]
    assert one["win_chance"] < one["best_win_chance"]
    from mjlearn.widgets.replay import best_fans

    assert {"Fully Concealed Hand", "All Chows"} <= {f["en"] for f in best_fans(one)[:3]}
    # 2: a chow the coach would have passed
    assert chow["kind"] == "claim" and chow["choice"].startswith("chow") and chow["best_claim"] == "pass"
    a, b = w.claim_steps(chow)  # "this chow did not even bring the hand closer to ready"
    assert b >= a
    # 3: after the chow, every reachable win is under 8 points
    assert short["kind"] == "discard" and short["n"] > chow["n"] and short["win_chance"] == 0
    assert short["shanten_after"] < short["best_shanten"]
    assert any("under 8 points" in en for _, en in reasons(short, w.coach_again(short["n"])))
    # 4: ready, no win worth 8, and the discard North won on: the hand's last decision
    assert ready["kind"] == "discard" and ready["shanten_after"] == 0 and ready["win_chance"] == 0
    assert ready is record["decisions"][-1]
    assert any("under 8 points" in en for _, en in reasons(ready, w.coach_again(ready["n"])))
    assert f"North wins on East's discard with {ready['choice']}" in record["outcome"]
    assert record["seat"] == "E" and record["payments"]["E"] < 0


def test_the_recorded_hand_loads_and_reviews(record):
    rv = load_review(RECORD)
    assert len(rv.worst()) == 3
    assert [d for d in worst(record, 20) if d["kind"] == "discard"][:3] == ReviewReplay(record).costliest_discards()
    html = review_html(record)
    assert html.count("data-worst=") == 3
    w = replay_review(RECORD)
    assert w.record == record
    for piece in (w.deal(), w.outcome(), w.practise(), *(w.key_moment(k) for k in range(1, 5))):
        assert str(piece).strip()
        assert "{" not in str(piece) and "object at 0x" not in str(piece)
    assert w.deal()._repr_html_().count("<svg") >= 14
    assert all(w.key_moment(k)._repr_html_().count("<svg") >= 1 for k in range(1, 5))
    assert "8 points" in str(w.practise())
    assert "only 4 key moments" in str(w.key_moment(5))


def test_the_replay_steps_back_and_forth(record):
    w = ReviewReplay(record)
    n = len(record["decisions"])
    assert 'data-at="0"' in w.regions["controls"]
    w.handle({"act": "step", "arg": "3"})
    assert w.at == 3 and 'data-moment="4"' in w.regions["main"]
    with pytest.raises(ValueError):
        w.handle({"act": "step", "arg": n})
    assert w.at == 3
    w.step(n - 1)
    assert "disabled" in w.regions["controls"].split("forward")[0].rsplit("<button", 1)[1]
    bundle, _ = w._repr_mimebundle_()
    assert "<svg" in bundle["text/html"] and f"{n} / {n}" in bundle["text/plain"]
    assert bundle["text/plain"].startswith(("Replay the review", "复盘回放"))


def test_a_record_the_lesson_cannot_read_is_refused_with_a_reason(record, tmp_path):
    older = copy.deepcopy(record)
    older["version"] = 0
    with pytest.raises(RecordError, match="another version") as e:
        read_record(older)
    assert "版本" in str(e.value)
    shown = e.value._render_traceback_()  # what a notebook shows: the reason, no traceback
    assert len(shown) == 2 and "版本" in shown[0] and "another version" in shown[1]
    newer = copy.deepcopy(record)
    newer["version"] = 7  # a later table that keeps the fields: read
    assert read_record(newer)["decisions"] == record["decisions"]
    broken = copy.deepcopy(record)
    del broken["decisions"][0]["best_useful"]
    with pytest.raises(RecordError, match="incomplete"):
        read_record(broken)
    with pytest.raises(RecordError, match="not a hand saved"):
        read_record({"decisions": []})
    with pytest.raises(RecordError, match="There is no file"):
        replay_review(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe not json")
    with pytest.raises(RecordError, match="not JSON"):
        replay_review(tmp_path / "bad.json")


def test_a_table_saved_by_the_learner_replays(tmp_path):
    """The two calls of the lesson: table.save(...) then replay_review(...), on a hand played to the end."""
    from mjlearn.tiles import TILES
    from mjlearn.widgets.play import PlayTable

    pt = PlayTable(rules="mcr", seat="S", seed=5)
    while pt.table.phase != "over":
        if pt.waiting == "discard":
            c = pt.table.hands[pt.me]
            pt.handle({"act": "discard", "arg": str(TILES[max(i for i in range(34) if c[i])])})
        else:
            pt.handle({"act": "call", "arg": "draw" if pt.waiting == "draw" else "pass"})
    path = pt.save(tmp_path / "my_hand.json")
    w = replay_review(path)
    assert len(w.decisions) == len(pt.decisions) > 0
    assert str(w.deal()) and str(w.review()) and str(w.practise())
    assert replay_review(pt).record["decisions"] == w.record["decisions"]


# --- what the learner reads: tiles in words, 0% explained, the coach's error respected ------------

import re as _re

_NOTATION = _re.compile(r"\b[0-9]+[mps]\b|\[[^\]]*,\d\]|\b[1-9][mps]-[1-9][mps]\b")


def _words(html: str) -> str:
    """The words a reader sees: no tile pictures (their names are in tooltips), no tags."""
    html = _re.sub(r"<svg.*?</svg>", " ", html, flags=_re.DOTALL)
    html = _re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=_re.DOTALL)
    import html as _html

    return _html.unescape(_re.sub(r"<[^>]+>", " ", html))


def test_the_replay_and_review_name_tiles_in_words_never_in_notation(record):
    hand = ReviewReplay(record)
    pieces = [hand.outcome().html, hand.deal().html, review_html(record, at=0)]
    pieces += [hand.moment(d["n"]).html for d in record["decisions"]]
    for k in range(len(record["decisions"])):
        pieces.append(hand.step(k)._regions(False)["main"])
    for html in pieces:
        text = _words(html)
        assert not _NOTATION.search(text), _NOTATION.search(text).group(0)
    out = _words(hand.outcome().html)
    assert "2 Bamboo" in out and "二条" in out and "345m" not in out
    assert "15 番" in out and "15分" not in out  # MCR points: 番, as the glossary
    assert "The player's payment" in out and "Your payment" not in out  # the course's hand: someone else's
    step = _words(hand.moment(1).html)
    assert "you discarded 9 Dots" in step and "打出九饼" in step
    claim = _words(hand.moment(8).html)
    assert "chow 5-6-7 Dots" in claim and "吃 五六七饼" in claim
    why = " ".join(en for _, en in reasons(record["decisions"][0]))
    assert not _re.search(r"\b(after|Discarding) ([1-9][mps]|[ESWNCFP])\b", why) and "after 9 Bamboo" in why


def test_a_gap_inside_the_coachs_error_is_about_the_same_not_a_loss(record):
    from mjlearn.widgets.play import same_within_error

    d1 = record["decisions"][0]  # 13.4% ± 1.5% against 14.1% ± 1.6%
    assert 0 < d1["cost_chance"] <= max(d1["error"], d1["best_error"]) and same_within_error(d1)
    assert all(d["n"] != 1 for d in worst(record))
    row = review_html(record).split('<tr data-n="1">')[1].split("</tr>")[0]
    assert "about the same" in row and "mj-bad" not in row and "−" not in row
    why = " ".join(en for _, en in reasons(d1))
    assert "about the same" in why and "about as many useful tiles" not in why
    # a real loss (far outside the error) is still counted and drawn among the worst
    big = max(record["decisions"], key=lambda d: d.get("cost_chance", 0))
    assert not same_within_error(big) and big["n"] in {d["n"] for d in worst(record)}
    # the hand's total counts only the losses outside the error
    m = _re.search(r'data-lost-total="([0-9.]+)"', review_html(record))
    counted = sum(d["cost_chance"] for d in record["decisions"] if "cost_chance" in d and not same_within_error(d))
    assert abs(float(m.group(1)) - 100 * counted) < 0.01


def test_zero_percent_is_explained_in_the_review(record):
    html = review_html(record)
    assert any(d.get("win_chance", 1) == 0 for d in record["decisions"])
    note = _words(html.split('data-zero-note="1"')[1].split("</div>")[0])
    assert "no win worth 8 points yet" in note and "8 番" in note and "can still win later" in note
    for d in worst(record):
        box = _words(html.split(f'data-worst="{d["n"]}"')[1].split("data-worst=")[0])
        if d["win_chance"] == 0:
            assert "under 8 points" in box and "0% means" in box


def test_useful_tiles_lost_never_name_the_discard_nor_contradict_the_counts():
    from mjlearn.widgets.play import why

    base = {
        "kind": "discard",
        "hand": "123m456p789s1122mE",
        "shanten_before": 1,
        "best_shanten": 1,
        "shanten_after": 1,
        "win_chance": 0.1,
        "best_win_chance": 0.3,
        "error": 0.01,
        "best_error": 0.01,
        "cost_chance": 0.2,
        "cost_useful": 0,
        "expected": 0,
        "best_expected": 0,
        "fans": [],
        "best_fans": [],
    }
    more = dict(
        base, choice="1m", best="E", useful={"1m": 2, "3m": 4}, best_useful={"1m": 2, "2m": 3}, live=54, best_live=45
    )  # the learner keeps more live tiles: nothing "lost"
    assert "lost" not in why(more)
    fewer = dict(
        base, choice="6p", best="E", useful={"3m": 4}, best_useful={"6p": 3, "2m": 3, "3m": 4}, live=4, best_live=10
    )
    text = why(fewer)
    assert "Useful tiles lost by discarding 6 Dots: 2 Characters." in text  # never the tile thrown
    further = dict(fewer, shanten_after=2)  # another distance from ready: another count
    assert "lost" not in why(further)
