"""Every registry and every table the engine builds on first use holds when threads use it at once.

Each test runs in fresh interpreters (a first use happens once per process): eight threads wait at a
barrier, spin until all are running, then make their first calls together. For its first
``YIELDS`` lines of mjlearn code each thread gives up the interpreter after every line, so the
threads interleave line by line exactly where a table is being built (without this, a race in a
build that takes a tenth of a millisecond shows in about one run in five). Every thread must finish
without an error and get exactly what one thread alone gets in another fresh interpreter. A test
repeats this in several interpreters.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mjlearn.rules as R
from mjlearn.quiz import KINDS

ROOT = Path(__file__).resolve().parent.parent
THREADS = 8
YIELDS = 20_000

_HARNESS = """
import json, sys, threading, time
{setup}

def work(i):
{body}

N = {threads}
if sys.argv[1] == "alone":
    out = [["ok", work(i)] for i in range(N)]
else:
    sys.setswitchinterval(1e-6)
    ready = threading.Barrier(N + 1)
    go = []
    out = [None] * N

    def yielding(budget):               # lets another thread run after each line of mjlearn code
        left = [budget]

        def line(frame, event, arg):
            left[0] -= 1
            if left[0] < 0:
                sys.settrace(None)
                return None
            time.sleep(0)
            return line

        return lambda frame, event, arg: line if left[0] > 0 and frame.f_code.co_filename.startswith({package!r}) else None

    def run(i):
        ready.wait()
        while not go:                      # every thread running before the first call
            pass
        sys.settrace(yielding({yields}))
        try:
            out[i] = ["ok", work(i)]
        except BaseException as e:
            out[i] = ["error", (type(e).__name__ + ": " + str(e))[:300]]
        finally:
            sys.settrace(None)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(N)]
    for t in threads:
        t.start()
    ready.wait()
    time.sleep(0.05)
    go.append(1)
    for t in threads:
        t.join()
print(json.dumps(out))
"""


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def _run(script: str, mode: str) -> list:
    done = subprocess.run(
        [sys.executable, "-c", script, mode], capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def failed_runs(setup: str, body: str, runs: int) -> list[str]:
    """The runs (of ``runs`` fresh interpreters) in which some thread failed or got another answer
    than one thread alone gets, each described by its first such thread."""
    script = _HARNESS.format(
        setup=textwrap.dedent(setup),
        body=textwrap.indent(textwrap.dedent(body), "    "),
        threads=THREADS,
        yields=YIELDS,
        package=str(ROOT / "mjlearn"),
    )
    alone = _run(script, "alone")
    assert all(status == "ok" for status, _ in alone), alone
    failed = []
    for run in range(runs):
        got = _run(script, "threads")
        bad = [(i, r) for i, r in enumerate(got) if r != alone[i]]
        if bad:
            i, (status, value) = bad[0]
            failed.append(
                f"run {run + 1}: {len(bad)} of {THREADS} threads wrong; thread {i}: "
                + (value if status == "error" else "another answer than one thread alone gets")
            )
    return failed


def _check(setup: str, body: str, runs: int) -> None:
    failed = failed_runs(setup, body, runs)
    assert not failed, f"{len(failed)} of {runs} runs failed:\n" + "\n".join(failed)


# --- the scenarios, shared with anything that wants the failure rates (each: setup, body, runs) -------

SCENARIOS: dict[str, tuple[str, str, int]] = {}

_ALIASES = sorted({(a, rs.name) for rs in R.RULESETS.values() for a in (rs.name, *rs.aliases)})

SCENARIOS["rules.get of every rule set"] = (
    f"import mjlearn.rules as R\nALIASES = {_ALIASES!r}",
    """
    got = [[a, R.get(a).name] for a, _ in ALIASES[i::3] + ALIASES]
    return [got, list(R.names()), len(R.RULESETS), sorted(R.RULESETS)]
    """,
    5,
)

for _kind in KINDS:
    SCENARIOS[f"quiz kind {_kind}"] = (
        f"import mjlearn.quiz as q\nKIND = {_kind!r}",
        """
        out = []
        for s in range(2):
            question = q.generate(KIND, seed=100 * i + s, difficulty=1 + (i + s) % 3)
            solution, explanation = q.reveal(question)
            out.append([question.to_dict(), repr(solution), [list(x) for x in explanation],
                        q.grade(question, solution).correct])
        return out
        """,
        3,
    )

SCENARIOS["a quiz on every topic at first use"] = (
    "import mjlearn.quiz as q",
    """
    return [x.to_dict() for x in q.questions_for("all", n=13, seed=i)]
    """,
    5,
)

SCENARIOS["answers written as tile names"] = (
    """
    import mjlearn as mj, mjlearn.quiz as q
    QS = [q.generate("discard", seed=s) for s in range(8)]
    HELD = [list(reversed(mj.parse_hand(x.data["hand"]).concealed)) for x in QS]
    """,
    """
    return [q.parse_answer(QS[i], name) for t in HELD[i] for name in (t.zh, t.en, t.pinyin)]
    """,
    5,
)

_HANDS = [
    "123m456p789s2345s",
    "1112345678999m",
    "19m19p19sESWNCFP",
    "224466m33557sEE",
    "123456789m11p23s",
    "147m258p369sESWN",
    "[EEE,1][CCC,2]234m55s99p",
    "2233445566778p",
]

SCENARIOS["shanten, waits and discard advice at first use"] = (
    f"import mjlearn as mj\nHANDS = {_HANDS!r}",
    """
    out = []
    for h in HANDS[i:] + HANDS[:i]:
        out.append([str(mj.shanten(h)), str(mj.waits(h)), str(mj.discard_advice(h + "+5m")),
                    [str(r) for r in mj.readings(h + "+5m")], mj.is_winning(h + "+5m")])
    return out
    """,
    3,
)

_WINS = [
    "123m456p789s234sE+E",
    "1112223334445p+5p",
    "19m19p19sESWNCFP+C",
    "2233445566778s+8s",
    "123m123p123s55m78s+9s",
    "EEEWWWSSS11m23p+1p",
    "147m258p369sESWN+C",
    "111m999p111s99sNN+N",
]

SCENARIOS["scoring one hand under every rule set"] = (
    f"import mjlearn as mj, mjlearn.rules as R\nWINS = {_WINS!r}",
    """
    out = [R.compare(h, winner="S", discarder="N", dealer="E").to_dict() for h in WINS[i:] + WINS[:i]]
    return out + [mj.score(WINS[i]).total]
    """,
    3,
)

SCENARIOS["the coach at first use"] = (
    "import mjlearn as mj",
    """
    hand, rules = [("123m456p78s2345sEW", "mcr"), ("1112345678999m+E", "beijing"),
                   ("123m456p789s2356s8p", "changsha"), ("123m456p789s2355sE", "hongkong")][i % 4]
    return str(mj.coach(hand, rules=rules, trials=20, seed=i))
    """,
    5,
)

SCENARIOS["a hand played at the table under every rule set"] = (
    "import mjlearn.rules as R\nfrom mjlearn.table import Table\nfrom mjlearn.table.bots import play_hand",
    """
    names = list(R.names())
    out = []
    for n in names[i % len(names):] + names[:i % len(names)]:
        t = play_hand(Table(n, i))
        out.append([n, len(t.log), str(t.payments)])
    return out
    """,
    3,
)

SCENARIOS["tile art, glossary and notation at first use"] = (
    "import mjlearn as mj, mjlearn.widgets.strip\nfrom mjlearn.terms import annotate",
    """
    strip = mj.TileStrip("123m456p789s2345s")
    hand = mj.parse_hand(["123m456p789s2345s+5s", "[EEE,1]23m55s789p789s+4m"][i % 2])
    return [sorted(strip.art), len("".join(strip.art.values())), str(mj.glossary("碰"))[:40],
            str(annotate("碰和杠")), mj.format_hand(hand), len(hand._repr_html_())]
    """,
    3,
)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_threads_at_first_use(name):
    setup, body, runs = SCENARIOS[name]
    _check(setup, body, runs)
