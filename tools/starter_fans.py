"""The MCR fans in the order people meet them: how often each fan counts in the wins of the strongest
computer players, and the starter set taught first.

    .venv/bin/python tools/starter_fans.py [--hands 2000] [--check 12] [--write]

Hand ``k`` (k = 0 .. --hands - 1) is shuffled with the table's seed ``k`` and played by four computer
players of the "strong" level (``mjlearn.coaching.make_bots("strong", seed=k)``, the loop of
benchmarks/bench_bot_levels.py with every seat strong); every win is scored by the MCR rule set.
For each fan the script counts the wins it counts in (a fan counted twice in one win is one win).

It prints the frequency table (fan, wins containing it, share of all wins) and the starter set. The
rule for the starter set (``mjlearn.course.fan_order.SHARE``): every fan that counts in at least 10%
of the wins, i.e. the fans a learner meets in one win in ten or more; the script also prints how many
wins score only starter fans. Lesson 07 teaches the starter fans first, in the table's order; lesson
07b the others, in the same order (fans never met last, by number).

``--write`` stores the table in mjlearn/course/fan_order.json (read by mjlearn.course.fan_order),
with the figures of the first ``--check`` hands so that tests/test_starter_fans.py can replay them,
and puts the fan sections of lessons 07 and 07b in the table's order (``--lessons`` does only that,
from the stored table). A fan's section is its heading cell (``<a id="fan-N">``) and the ``show(N)``
cell after it; the cells around the sections stay where they are.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter
from pathlib import Path

import nbformat

from mjlearn.coaching import make_bots
from mjlearn.course.fan_order import (
    DATA,
    LEVEL,
    MORE_LESSON,
    SHARE,
    STARTER_LESSON,
    explained,
    lesson_order,
    measured,
    more_fans,
    starter_fans,
    starter_set,
)
from mjlearn.mcr import FANS, fan
from mjlearn.records.stats import stats_of
from mjlearn.records.text import read_text
from mjlearn.table import Table, play_hand


def play(hands: int, first: int = 0) -> tuple[int, Counter, Counter]:
    """(wins, Counter fan id -> wins it counts in, Counter of each win's fans as a sorted tuple) over
    the hands of seeds ``first .. first + hands - 1``, four strong players at the table."""
    wins, counts, combos = 0, Counter(), Counter()
    for seed in range(first, first + hands):
        t = play_hand(Table("mcr", seed=seed), make_bots(LEVEL, seed=seed))
        for w in t.winners:
            ids = tuple(sorted({int(item.key) for item in w.result.items}))
            wins += 1
            counts.update(ids)
            combos[ids] += 1
    return wins, counts, combos


def measure(hands: int, check: int) -> dict:
    """The data file's content: the whole run and its first ``check`` hands."""
    if not 0 < check < hands:
        raise SystemExit(f"--check must be between 1 and --hands - 1, got {check}")
    w1, c1, k1 = play(check)
    w2, c2, k2 = play(hands - check, first=check)
    counts, combos = c1 + c2, k1 + k2
    return {
        "about": "MCR fans counted in the wins of four strong computer players (tools/starter_fans.py)",
        "level": LEVEL,
        "hands": hands,
        "first_seed": 0,
        "wins": w1 + w2,
        "counts": {str(k): counts[k] for k in sorted(counts)},
        "combos": [[list(ids), n] for ids, n in sorted(combos.items(), key=lambda x: (-x[1], x[0]))],
        "check": {"hands": check, "wins": w1, "counts": {str(k): c1[k] for k in sorted(c1)}},
    }


def table_text(data: dict, top: int | None = None) -> str:
    """The frequency table and the starter set, as printed."""
    wins = data["wins"]
    counts = {int(k): v for k, v in data["counts"].items()}
    combos = [(tuple(ids), n) for ids, n in data["combos"]]
    starter = starter_set(counts, wins)
    covered = explained(starter, combos) / wins
    order = [f for f in lesson_order(counts) if counts.get(f, 0)]
    lines = [
        f"{data['hands']} hands (seeds 0-{data['hands'] - 1}), four '{data['level']}' players, {wins} wins",
        f"{'#':>3} {'fan':<44}{'pts':>4}{'wins':>7}{'share':>8}",
    ]
    for i, fid in enumerate(order[:top] if top else order, 1):
        f = fan(fid)
        mark = "*" if fid in starter else " "
        lines.append(
            f"{i:>3}{mark}{f'{fid}. {f.zh} {f.en}':<44}{f.points:>4}{counts[fid]:>7}{counts[fid] / wins:>8.1%}"
        )
    lines.append(
        f"starter set (*, {len(starter)} fans): every fan counted in at least {SHARE:.0%} of the wins; "
        f"{covered:.1%} of the {wins} wins score only starter fans"
    )
    lines.append("  " + ", ".join(f"{fid}. {fan(fid).en}" for fid in starter))
    return "\n".join(lines)


def botzone_text(path: Path, starter: list[int]) -> str:
    """How often each starter fan counts in the wins of a Botzone text log (the judge's own fans; a
    ``.gz`` file is read as it is), as a check against games this script did not play."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        st = stats_of(read_text(f), check=False)
    wins = sum(st.wins.values())
    if not wins:
        return f"{path}: no wins to compare"
    by_zh = {f.zh: f.id for f in FANS}
    counts = {by_zh[name]: n for name, n in st.fans.items() if name in by_zh}
    top = sorted(counts, key=lambda i: (-counts[i], i))[: len(starter)]
    lines = [f"Botzone's judge, {st.games} games of {path.name}, {wins} wins: the starter fans' shares"]
    lines += [f"  {fid}. {fan(fid).en:<34}{counts.get(fid, 0) / wins:>7.1%}" for fid in starter]
    lines.append(
        f"  {len(set(top) & set(starter))} of the {len(top)} fans most frequent there are starter fans"
        f" (not: {', '.join(f'{i}. {fan(i).en}' for i in top if i not in starter) or 'none'})"
    )
    return "\n".join(lines)


NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
_ANCHOR = re.compile(r'<a id="fan-(\d+)"></a>')


def sections(nb) -> list[int]:
    """The fans whose sections a lesson holds, in its order."""
    out = []
    for cell in nb.cells:
        m = _ANCHOR.match(cell.source) if cell.cell_type == "markdown" else None
        if m:
            out.append(int(m.group(1)))
    return out


def order_lessons(folder: Path = NOTEBOOKS) -> list[str]:
    """Put the fan sections of lessons 07 (the starter fans) and 07b (the others) in the order of the
    stored table; returns the notebooks changed. Each section keeps its cells, whichever lesson held it."""
    books = {name: nbformat.read(folder / name, as_version=4) for name in (STARTER_LESSON, MORE_LESSON)}
    pool: dict[int, list] = {}
    for nb in books.values():
        cells, kept = nb.cells, []
        i = 0
        while i < len(cells):
            m = _ANCHOR.match(cells[i].source) if cells[i].cell_type == "markdown" else None
            if m and i + 1 < len(cells) and cells[i + 1].cell_type == "code":
                pool[int(m.group(1))] = [cells[i], cells[i + 1]]
                if not any(c is None for c in kept[-1:]):
                    kept.append(None)  # where this lesson's sections go
                i += 2
                continue
            kept.append(cells[i])
            i += 1
        nb.cells = kept
    changed = []
    for name, fans in ((STARTER_LESSON, starter_fans()), (MORE_LESSON, more_fans())):
        nb = books[name]
        missing = [f for f in fans if f not in pool]
        if missing or nb.cells.count(None) != 1:
            raise SystemExit(f"{name}: the fan sections must follow each other; missing: {missing}")
        at = nb.cells.index(None)
        nb.cells[at : at + 1] = [c for f in fans for c in pool[f]]
        before = nbformat.read(folder / name, as_version=4)
        if [c.source for c in before.cells] != [c.source for c in nb.cells]:
            nbformat.write(nb, folder / name)
            changed.append(name)
    return changed


PRACTICE = NOTEBOOKS / "quiz_sets" / "starter_fans.json"
"""Lesson 07's practice set: one question aimed at each starter fan."""


def practice_set() -> str:
    """The practice set's text: one "fans" question aimed at each starter fan, in lesson order."""
    lines = [f'    {{"kind": "fans", "fan": {f}}}' for f in starter_fans()]
    return (
        "{\n"
        '  "title": "The starter fans: which fans does this hand score?",\n'
        '  "title_zh": "常见番：这手牌计哪些番？",\n'
        '  "description": "One question aimed at each starter fan of lesson 07 (written by tools/starter_fans.py).",\n'
        '  "description_zh": "第 07 课每个常见番一道题。",\n'
        '  "seed": 7,\n'
        '  "questions": [\n' + ",\n".join(lines) + "\n  ]\n}\n"
    )


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--check", type=int, default=12, help="the first hands, whose figures a test replays")
    ap.add_argument("--top", type=int, default=None, help="print only the first rows of the table")
    ap.add_argument("--write", action="store_true", help=f"store the table in {DATA.relative_to(DATA.parents[2])}")
    ap.add_argument("--lessons", action="store_true", help="only order lessons 07 and 07b by the stored table")
    ap.add_argument("--botzone", type=Path, help="also print the starter fans' shares in this Botzone text log")
    ap.add_argument("--out", type=Path, default=DATA, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    data = measured() if args.lessons else measure(args.hands, args.check)
    print(table_text(data, args.top))
    if args.botzone:
        print(botzone_text(args.botzone, starter_set({int(k): v for k, v in data["counts"].items()}, data["wins"])))
    if not (args.lessons or args.write):
        return
    if args.write and not args.lessons:
        args.out.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"written: {args.out}")
        if args.out != DATA:
            return
        measured.cache_clear()
    print("lessons reordered:", ", ".join(order_lessons()) or "none (already in the table's order)")
    if not PRACTICE.exists() or PRACTICE.read_text(encoding="utf-8") != practice_set():
        PRACTICE.write_text(practice_set(), encoding="utf-8")
        print(f"written: {PRACTICE}")


if __name__ == "__main__":
    main()
