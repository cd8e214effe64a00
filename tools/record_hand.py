"""Record the hand that lesson 08b reviews: a beginner plays East at the clickable table.

    .venv/bin/python tools/record_hand.py            # write notebooks/recorded/first_hand.json
    .venv/bin/python tools/record_hand.py --check    # exit 1 if the committed file is not what this makes now

The learner's seat is played by :func:`beginner`, a plausible first-week policy: it has learnt to
count how far from ready a discard leaves the hand, and between close discards it follows the habits
teachers see most: honours kept early ("they might make a pung"), terminals thrown first whatever
they connect to, a pair next to a run broken to keep the run; and it chows or pungs every discard
it may (:func:`claim`). It knows nothing of fans, which is what the review then shows. Everything else (the shuffle, the computer players, the coach's numbers, the review) is the
table's own (:class:`mjlearn.widgets.play.PlayTable`), so the file holds the engine's figures, never
numbers typed by hand. ``SHUFFLE`` and ``HABITS`` fix the hand, so anyone can make the file again.

Besides what :meth:`PlayTable.save` writes, each discard keeps what the seat could see at that
moment (``seen``: tile -> copies in sight; ``draws_left``; the winds), so that a test can ask the
coach again and compare (tests/test_recorded_hand.py).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "notebooks" / "recorded" / "first_hand.json"
QUIZ = OUT.with_name("first_hand_quiz.json")
"""Questions on the recorded hand's win, set and graded by the engine like any quiz set."""
RULES, SEAT = "mcr", "E"
SHUFFLE = 2
"""The table's shuffles (the session's seed)."""
HABITS = 1
"""The beginner's own coin flips (which of two habits wins a close call)."""


def _isolated(counts: list[int], i: int) -> bool:
    """No copy of a neighbour (one or two ranks away) of suited tile ``i``, and no pair of it."""
    if counts[i] > 1:
        return False
    if i >= 27:
        return True
    rank = i % 9
    return not any(0 <= rank + d <= 8 and counts[i + d] for d in (-2, -1, 1, 2))


def beginner(counts: list[int], turn: int, rng: random.Random, n_melds: int = 0) -> int:
    """The tile index a beginner discards from 14 concealed ``counts`` on his ``turn``-th discard.

    He counts how far from ready each discard leaves him (he has learnt shanten), but between
    discards that are close he follows habits rather than counting useful tiles: honours are kept
    early, terminals go first, and a pair next to a run looks worse than the run."""
    from mjlearn.shanten_core import shanten_of_counts

    held = [i for i in range(34) if counts[i]]
    after = {}
    for i in held:
        counts[i] -= 1
        after[i] = shanten_of_counts(counts, n_melds)
        counts[i] += 1
    low = min(after.values())

    def worth(i: int) -> float:
        c = counts[i]
        if i >= 27:  # honours: "might make a pung", kept early
            w = 6.5 if turn < 6 else (1.0 if c == 1 else 7.0)
        else:
            rank = i % 9
            w = 2.0 + min(rank, 8 - rank)  # middle tiles look better than terminals
            if c >= 2:
                w += 2.5  # a pair, but a run "looks nicer": sometimes broken
                if any(0 <= rank + d <= 8 and counts[i + d] for d in (-1, 1)):
                    w -= 3.0
            elif not _isolated(counts, i):
                w += 2.0
        return w + 3.5 * (after[i] - low) + rng.random() * 0.8

    return min(held, key=worth)


def claim(options: list[str]) -> str:
    """Win when allowed; otherwise a beginner takes every pung and chow offered, never a kong."""
    for want in ("win", "pung"):
        if want in options:
            return want
    chows = [o for o in options if o.startswith("chow")]
    if chows:
        return chows[0]
    return "pass"


def play(shuffle: int = SHUFFLE, habits: int = HABITS) -> dict:
    """Play one hand at the table as the beginner; the annotated record (what ``PlayTable.save``
    writes) with what the seat saw at each discard."""
    from mjlearn.coaching import from_table
    from mjlearn.tiles import TILES
    from mjlearn.widgets.play import PlayTable

    rng = random.Random(habits)
    pt = PlayTable(rules=RULES, seat=SEAT, seed=shuffle, coach=True)
    sights = []
    turn = 0
    while pt.table.phase != "over":
        options = pt._options()
        if pt.waiting == "discard":
            if "win" in options:
                pt.handle({"act": "call", "arg": "win"})
                continue
            kw = from_table(pt.table, pt.me)
            sights.append(
                {
                    "seen": {str(t): n for t, n in kw["seen"].items()},
                    "draws_left": kw["draws_left"],
                    "seat_wind": kw["seat_wind"],
                    "prevalent_wind": kw["prevalent_wind"],
                }
            )
            counts = list(pt.table.hands[pt.me][:34])
            x = beginner(counts, turn, rng, len(pt.table.melds[pt.me]))
            turn += 1
            pt.handle({"act": "discard", "arg": str(TILES[x])})
        elif pt.waiting == "claim":
            pt.handle({"act": "call", "arg": claim(options)})
        elif pt.waiting == "draw":
            pt.handle({"act": "call", "arg": "draw"})
        else:
            raise RuntimeError(f"the table waits for {pt.waiting!r} in phase {pt.table.phase!r}")
    record = pt.record()
    discards = [d for d in record["decisions"] if d["kind"] == "discard"]
    assert len(discards) == len(sights)
    for d, s in zip(discards, sights):
        d["sight"] = s
    record["made_by"] = {"shuffle": shuffle, "habits": habits}
    record["quiz"] = quiz_set(pt.table)
    return record


DECOYS = (
    "Fully Concealed Hand",
    "Self-Drawn",
    "Mixed Triple Chow",
    "Short Straight",
    "Mixed Double Chow",
    "One Voided Suit",
)
"""Fans offered beside the right ones in the question on the win's fans."""


def quiz_set(table) -> dict | None:
    """A quiz set on the hand's win: its MCR total and its fans (None when nobody won)."""
    if not table.winners:
        return None
    w = table.winners[0]
    keys = ("self_drawn", "last_tile", "kong", "wall_last", "seat_wind", "prevalent_wind")
    ctx = {k: v for k, v in dict(w.rule_context).items() if k in keys}
    who_zh, who_en = {"E": ("东家", "East"), "S": ("南家", "South"), "W": ("西家", "West"), "N": ("北家", "North")}[
        ctx.get("seat_wind", "E")
    ]
    hand = str(w.hand)
    from mjlearn.mcr.fans import FANS
    from mjlearn.scoring import score

    scored = {f.id for f in score(hand, **ctx).fans}
    # fans that a learner may think this hand has (the ones the coach talked about in this hand)
    decoys = [f.id for f in FANS if f.en in DECOYS and f.id not in scored]
    return {
        "title": "The recorded hand's win",
        "title_zh": "录下来的这一局：和牌",
        "questions": [
            {
                "kind": "mcr_total",
                "hand": hand,
                "context": ctx,
                "prompt": f"{who_en} won the recorded hand with this hand: how many points is it worth (flowers included)?",
                "prompt_zh": f"录下来的这一局，{who_zh}和的是这手牌：一共多少番（含花牌）？",
            },
            {
                "kind": "fans",
                "hand": hand,
                "context": ctx,
                "options_extra": decoys,
                "prompt": f"{who_en}'s winning hand: which fans does it score? (Leave out the excluded ones.)",
                "prompt_zh": f"{who_zh}和的这手牌计哪些番？（不计被排除的番）",
            },
        ],
    }


def dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed file; write nothing")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    record = play()
    quiz = record.pop("quiz")
    files = {args.out: dumps(record)}
    if quiz is not None:
        files[args.out.with_name(args.out.stem + "_quiz.json")] = dumps(quiz)
    if args.check:
        stale = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        print(
            "the recorded hand is up to date"
            if not stale
            else f"{', '.join(map(str, stale))} differ: run tools/record_hand.py"
        )
        return 1 if stale else 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for p, text in files.items():
        p.write_text(text, encoding="utf-8")
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
