"""Every public name of mjlearn and its packages, used in fresh interpreters, in several orders.

A warm test process hides import-order bugs (a submodule shadowing a function, a registry filled
only by an earlier import): each order below runs in a new interpreter, as a learner's new kernel
would. Every public function has a call here; names that are classes or constants are resolved
and shown. A public function added without a call fails ``test_every_public_function_has_a_call``.
"""

from __future__ import annotations

import inspect
import os
import random
import subprocess
import sys
from importlib import import_module

import pytest

MODULES = ("mjlearn", "mjlearn.rules", "mjlearn.quiz", "mjlearn.table", "mjlearn.coaching", "mjlearn.widgets")

H = "'123m456p789s123sE+E'"
READY = "'1112345678999m'"
FOURTEEN = "'123m456p789s12sEEN'"

# One call per public function (and per class worth constructing), as a learner would write it.
CALLS = {
    "mjlearn": {
        "tile": "mj.tile('5m')",
        "parse_tile": "mj.parse_tile('E')",
        "parse_tiles": "mj.parse_tiles('123m')",
        "parse_meld": "mj.parse_meld('[123m]')",
        "parse_hand": f"mj.parse_hand({H})",
        "format_tiles": "mj.format_tiles(mj.parse_tiles('123m'))",
        "format_meld": "mj.format_meld(mj.parse_meld('[123m]'))",
        "format_hand": f"mj.format_hand(mj.parse_hand({H}))",
        "as_hand": f"mj.as_hand({H})",
        "score": f"mj.score({H}, self_drawn=True).total",
        "readings": f"mj.readings({H})",
        "is_winning": f"mj.is_winning({H})",
        "shanten": "mj.shanten('123m456p789sEENN')",
        "form_shanten": "mj.form_shanten('123m456p789sEENN')",
        "waits": f"mj.waits({READY})",
        "discard_advice": f"mj.discard_advice({FOURTEEN})",
        "set_language": "mj.set_language('zh')",
        "get_language": "mj.get_language()",
        "compare": f"mj.compare({H}, self_drawn=True)",
        "differences": "mj.differences()",
        "HandEditor": "mj.HandEditor()",
        "TileStrip": "mj.TileStrip('123m')",
        "DealView": "mj.DealView()",
        "practice": "mj.practice('all', n=1, seed=1, record=False)",
        "glossary": "(mj.glossary('ting'), mj.glossary('搭子')._repr_html_(), mj.glossary()._repr_html_(), "
        "__import__('mjlearn.terms').terms.term_html('门清'), __import__('mjlearn.terms').terms.annotate('门清'))",
        "coach": f"mj.coach({FOURTEEN}, draws_left=4)",
        "play": "mj.play('mcr', seat='S', seed=1, coach=True)",
        "ladder": "mj.ladder(seed=1, folder=__import__('tempfile').mkdtemp(), user='ann')",
    },
    "mjlearn.rules": {
        "get": "m.get('北京麻将')",
        "names": "m.names()",
        "score": f"m.score({H}, rules='beijing', winner='E', self_drawn=True)",
        "score_discard": (
            "m.score_discard({'S': '123m456p789s123sE', 'W': '123m456p789s123sE'}, "
            "discarder='E', tile='E', rules='mcr')"
        ),
        "compare": f"m.compare({H}, self_drawn=True)",
        "differences": "m.differences()",
        "ctx": "m.ctx('self_drawn')",
        "register": "m.register(m.get('mcr'))",
    },
    "mjlearn.quiz": {
        "generate": "[m.generate(k, seed=1) for k in m.kind_names()]",
        "kind_names": "m.kind_names()",
        "grade": "m.grade(m.generate('waits', seed=1), m.solve(m.generate('waits', seed=1)))",
        "solve": "m.solve(m.generate('shanten', seed=2))",
        "hint": "m.hint(m.generate('shanten', seed=2))",
        "reveal": "m.reveal(m.generate('shanten', seed=2))",
        "parse_answer": "m.parse_answer(m.generate('shanten', seed=2), '1')",
        "wrong_answer": "m.wrong_answer(m.generate('shanten', seed=2))",
        "questions_for": "m.questions_for('all', n=2, seed=1)",
        "load_quiz_set": (
            "m.load_quiz_set(next(pathlib.Path(mjlearn.__file__).parent.parent.glob('notebooks/quiz_sets/*.json')))"
        ),
        "practice": "(m.practice('all', n=1, seed=1, record=False), m.practice('review', n=2, seed=1))",
        "progress_view": "m.progress_view()",
        "review_queue": "m.review_queue()",
        "run_terminal": "m.run_terminal([], store=None)",
        "ProgressStore": "m.ProgressStore(pathlib.Path(tempfile.mkdtemp()) / 'p.db')",
    },
    "mjlearn.table": {
        "play_hand": "m.play_hand(m.Table('xian', seed=1)).is_over",
        "Table": "m.Table('changsha', seed=2)",
        "replay": "m.replay(m.play_hand(m.Table('mcr', seed=3)).log)",
        "Session": "m.Session('beijing', seed=1).play(1)",
        "roll_dice": "m.roll_dice(random.Random(1), 2)",
        "tile_set": "m.tile_set('mcr')",
        "wall_owner": "m.wall_owner(0, 7)",
        "next_in_sequence": "m.next_in_sequence(mjlearn.tile('9m'))",
        "relative_seat": "m.relative_seat(0, 1)",
        "Bot": "m.Bot(seed=1)",
    },
    "mjlearn.coaching": {
        "coach": f"m.coach({FOURTEEN}, draws_left=5)",
        "standing": f"m.standing({READY}, draws_left=5)",
        "after_kong": "m.after_kong('1111m234p567s999sE', '1m', draws_left=5)",
        "from_table": "sorted(m.from_table(mjlearn.table.play_hand(mjlearn.table.Table('mcr', seed=1)), 0))",
        "clear_caches": "m.clear_caches()",
        "CoachBot": "m.CoachBot(seed=1)",
        "make_bot": "m.make_bot('strong', seed=1)",
        "make_bots": (
            "mjlearn.table.play_hand(mjlearn.table.Table('mcr', seed=1), "
            "m.make_bots(['strong', 'basic', 'basic', 'basic'], seed=1)).is_over"
        ),
        "level_names": "m.level_names()",
        "level_label": "m.level_label('strong')",
    },
    "mjlearn.widgets": {
        "HandEditor": "m.HandEditor()",
        "TileStrip": "m.TileStrip('123m')",
        "DealView": "m.DealView()",
        "TableView": "m.TableView(seed=1, rules='mcr')",
        "HandView": f"m.HandView({H})",
        "FanBreakdown": f"m.FanBreakdown({H}, self_drawn=True)",
        "WaitsView": f"m.WaitsView({READY})",
        "DiscardAdvice": f"m.DiscardAdvice({FOURTEEN})",
        "RuleComparison": f"m.RuleComparison({H})",
        "PlayTable": "m.PlayTable(rules='xian', seat='W', seed=2)",
    },
}

PRELUDE = "import pathlib, random, tempfile\n"


def public(module_name: str) -> list[str]:
    mod = import_module(module_name)
    names = getattr(mod, "__all__", None) or dir(mod)
    if module_name == "mjlearn":
        # modules are not names of the front door
        names = [n for n in dir(mod) if not n.startswith("_") and not inspect.ismodule(getattr(mod, n))]
    return sorted(n for n in names if not n.startswith("_"))


def snippet(module_name: str, name: str) -> str:
    alias = "mj" if module_name == "mjlearn" else "m"
    head = (
        f"import mjlearn, mjlearn as mj, {module_name} as {alias}\n"
        if module_name != "mjlearn"
        else "import mjlearn, mjlearn as mj\n"
    )
    call = CALLS[module_name].get(name, f"{alias}.{name}")
    return head + f"_v = {call}\nrepr(_v)\n"


def steps() -> list[tuple[str, str]]:
    return [(m, n) for m in MODULES for n in public(m)]


def run_fresh(code: str, data_dir) -> subprocess.CompletedProcess:
    env = {**os.environ, "MJLEARN_DATA_DIR": str(data_dir), "MPLBACKEND": "Agg"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=env)


def script(order: list[tuple[str, str]]) -> str:
    body = [PRELUDE]
    for m, n in order:
        code = snippet(m, n)
        body.append(
            "try:\n"
            + "".join("    " + ln + "\n" for ln in code.splitlines())
            + f"except Exception as e:\n    raise SystemExit('{m}.{n}: %s: %s' % (type(e).__name__, e))\n"
        )
    return "".join(body)


def test_every_public_function_has_a_call():
    missing = []
    for m in MODULES:
        mod = import_module(m)
        for n in public(m):
            obj = getattr(mod, n)
            if (inspect.isfunction(obj) or (inspect.ismodule(obj) and callable(obj))) and n not in CALLS[m]:
                missing.append(f"{m}.{n}")
    assert not missing, f"public functions with no call in CALLS: {missing}"


def test_calls_name_only_public_names():
    stale = [f"{m}.{n}" for m in MODULES for n in CALLS[m] if n not in public(m)]
    assert not stale, f"CALLS names that are not public any more: {stale}"


ORDERS = {
    "as listed": lambda s: s,
    "reversed": lambda s: s[::-1],
    "shuffled 1": lambda s: random.Random(1).sample(s, len(s)),
    "shuffled 2": lambda s: random.Random(2).sample(s, len(s)),
}


@pytest.mark.parametrize("order", list(ORDERS))
def test_public_names_in_a_fresh_interpreter(order, tmp_path):
    code = script(ORDERS[order](steps()))
    p = run_fresh(code, tmp_path)
    assert p.returncode == 0, p.stderr[-3000:]


@pytest.mark.parametrize(
    "first",
    [
        "mj.waits('1112345678999m'); mj.shanten('123m456p789sEENN')",
        "mj.shanten('123m456p789sEENN'); mj.waits('1112345678999m')",
        "import mjlearn.shanten_core",
        "import mjlearn.table; mjlearn.table.play_hand(mjlearn.table.Table('mcr', seed=1))",
        "import mjlearn.widgets",
    ],
)
def test_waits_shanten_then_every_quiz_kind(first, tmp_path):
    code = (
        "import mjlearn, mjlearn as mj\n" + first + "\n"
        "from mjlearn.quiz import generate, kind_names\n"
        "for k in kind_names():\n    generate(k, seed=1)\n"
        "mj.shanten('123m456p789sEENN'); mj.waits('1112345678999m')\n"
    )
    p = run_fresh(code, tmp_path)
    assert p.returncode == 0, p.stderr[-3000:]


@pytest.mark.parametrize("topic", ["shanten", "waits", "all"])
def test_quiz_command_in_a_fresh_process(topic, tmp_path):
    """`mjlearn quiz --topic shanten` once crashed on an import-order trap; answers come from stdin."""
    p = subprocess.run(
        [sys.executable, "-m", "mjlearn", "quiz", "--topic", topic, "-n", "2", "--seed", "1", "--no-record"],
        input="0\n0\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MJLEARN_DATA_DIR": str(tmp_path)},
    )
    assert p.returncode == 0, p.stderr[-2000:]
    assert "Traceback" not in p.stdout + p.stderr
