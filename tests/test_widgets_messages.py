"""Every front-end message of every widget is validated: a bad one (wrong type, unknown action, missing
field, out of range, huge string) is logged and ignored, nothing escapes into the kernel, and the widget
keeps its state; where the widget has a message area it shows a short bilingual message."""

import logging
import os
import tempfile
from contextlib import contextmanager

import anywidget
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjlearn import i18n
from mjlearn.quiz.ladder import Climb
from mjlearn.widgets import DealView, HandEditor, RuleComparison, TileStrip
from mjlearn.widgets.ladder import LadderBoard
from mjlearn.widgets.views import DiscardAdvice, FanBreakdown, HandView, WaitsView

EXAMPLES = int(os.environ.get("MJLEARN_FUZZ_EXAMPLES", "40"))

MAKERS = {
    "editor_mcr": lambda: HandEditor("1112345678999m", self_drawn=False),
    "editor_beijing": lambda: HandEditor("12346789mEEE44s+5m", rules="beijing", winner="S", discarder="N"),
    "strip": lambda: TileStrip("123m456p"),
    "deal": lambda: DealView(seed=3),
    "comparison": lambda: RuleComparison("12346789mEEE44s+5m", rules=["beijing", "yunnan"], winner="S", discarder="N"),
    "hand_view": lambda: HandView("1112345678999m+5m"),
    "fans_view": lambda: FanBreakdown("1112345678999m+5m"),
    "waits_view": lambda: WaitsView("1112345678999m"),
    "advice_view": lambda: DiscardAdvice("123m456p789sEENNS"),
    "ladder": lambda: LadderBoard(Climb(tempfile.mkdtemp(), user="fuzz"), seed=1),
}
_BASE_TRAITS = set(anywidget.AnyWidget().trait_names(sync=True))


def state(w) -> dict:
    """Everything the learner can see or the kernel holds, apart from the message area itself."""
    s = {
        k: getattr(w, k)
        for k in w.trait_names(sync=True)
        if k not in _BASE_TRAITS and k not in ("regions", "region_patch", "last_error", "layout_html", "art", "lang")
    }
    s["view"] = w._regions(live=True)
    if isinstance(w, HandEditor):
        st_ = w.state
        s["editor"] = (st_.notation(), st_.mode, st_.exposed, st_.seat, dict(st_.context), st_.rules)
    if isinstance(w, RuleComparison):
        s["comparison"] = (dict(w.context), str(w.hand))
    if isinstance(w, DealView):
        s["table"] = (w.table.phase, len(w.table.log), w.table.wall.remaining)
    return s


@contextmanager
def records():
    got = []
    h = logging.Handler(level=logging.DEBUG)
    h.emit = got.append
    log = logging.getLogger("mjlearn.widgets")
    old = log.level
    log.addHandler(h)
    log.setLevel(logging.DEBUG)
    try:
        yield got
    finally:
        log.removeHandler(h)
        log.setLevel(old)


def send(w, msg):
    """What ipywidgets does with a custom message from the browser; returns the log records."""
    error_before = w.last_error
    before = state(w)
    with records() as got:
        w._on_front_msg(w, msg, [])  # must never raise
    assert not [r for r in got if r.levelno >= logging.ERROR], (msg, got)  # a failure inside an action is a bug
    if got:  # refused: logged, and nothing changed
        w_error = w.last_error
        w.last_error = error_before
        assert state(w) == before, msg
        w.last_error = w_error
        if w.shows_errors:
            assert w_error, msg
        else:
            assert w_error == error_before
    return got


# --- the defects reported: dict or list arguments raised TypeError in the kernel ------------------


@pytest.mark.parametrize(
    "maker, act",
    [
        ("editor_mcr", "add"),
        ("editor_mcr", "seat"),
        ("editor_mcr", "mode"),
        ("strip", "select"),
        ("editor_mcr", "rm"),
        ("deal", "step"),
        ("strip", "move"),
        ("editor_mcr", "exposed"),
        ("editor_mcr", "rules"),
    ],
)
@pytest.mark.parametrize("arg", [{"x": 1}, [1, 2], 1.5, "x" * 100_000, 10**30])
def test_dict_list_and_huge_arguments_are_logged_and_ignored(maker, act, arg):
    w = MAKERS[maker]()
    got = send(w, {"act": act, "arg": arg})
    assert [r.levelno for r in got] == [logging.WARNING], got
    assert got[0].name == f"mjlearn.widgets.{type(w).__name__}"
    assert len(got[0].getMessage()) < 1000  # a huge argument is not copied into the log


def test_the_message_area_shows_a_bilingual_message():
    w = MAKERS["editor_mcr"]()
    send(w, {"act": "seat", "arg": {"x": 1}})
    assert "忽略" in w.last_error and "Ignored" in w.last_error
    assert "mj-error" in w.regions["error"]


@pytest.mark.parametrize(
    "maker, msg",
    [
        ("editor_mcr", {"act": "mode", "arg": "square"}),
        ("editor_mcr", {"act": "seat", "arg": 7}),
        ("editor_mcr", {"act": "seat", "arg": True}),
        ("editor_mcr", {"act": "exposed", "arg": "maybe"}),
        ("editor_mcr", {"act": "add", "arg": "zz"}),
        ("editor_mcr", {"act": "add", "arg": "5m5m5m"}),
        ("editor_mcr", {"act": "rm", "arg": "x9"}),
        ("editor_mcr", {"act": "rm", "arg": "c99"}),
        ("editor_mcr", {"act": "ctx", "name": "self_drawn", "value": "perhaps"}),
        ("editor_mcr", {"act": "ctx", "value": True}),  # missing name
        ("editor_mcr", {"act": "ctx", "name": "bogus", "value": True}),
        ("editor_mcr", {"act": "rules", "arg": "atlantis"}),
        ("editor_beijing", {"act": "ctx", "name": "shang_lou", "value": "two"}),
        ("editor_beijing", {"act": "ctx", "name": "discarder", "value": "S"}),  # the winner
        ("strip", {"act": "select", "arg": 99}),
        ("strip", {"act": "select", "arg": "-1"}),
        ("strip", {"act": "select"}),  # missing arg
        ("strip", {"act": "move", "arg": "up"}),
        ("deal", {"act": "step", "arg": 0}),
        ("deal", {"act": "step", "arg": 5000}),
        ("deal", {"act": "step", "arg": "many"}),
        ("deal", {"act": "reset", "arg": "previous"}),
        ("comparison", {"act": "ctx", "name": "winner", "value": "X"}),
        ("comparison", {"act": "ctx", "name": "wild", "value": "zz"}),
        ("comparison", {"act": "ctx", "name": "colour", "value": "red"}),
        ("hand_view", {"act": "add", "arg": "5m"}),  # an action this widget has not
        ("waits_view", {"act": "lang", "arg": "fr"}),
        ("fans_view", {"act": "lang", "arg": ["zh"]}),
        ("advice_view", ["act", "lang"]),
        ("strip", "select"),
        ("strip", None),
        ("strip", {"act": "select", "arg": 0, "extra": 1}),
        ("strip", {"act": None}),
        ("strip", {}),
    ],
)
def test_bad_messages_change_nothing(maker, msg):
    w = MAKERS[maker]()
    lang = i18n.get_language()
    got = send(w, msg)
    assert got, msg  # refused, and said so in the log
    assert i18n.get_language() == lang


def test_good_messages_still_act():
    w = MAKERS["editor_mcr"]()
    assert not send(w, {"act": "add", "arg": "5m"}) and w.notation == "1112345678999m+5m"
    assert not send(w, {"act": "rm", "arg": "w"}) and w.notation == "1112345678999m"
    assert not send(w, {"act": "mode", "arg": "pung"}) and w.state.mode == "pung"
    assert not send(w, {"act": "exposed", "arg": "0"}) and w.state.exposed is False  # the button's data-arg
    assert not send(w, {"act": "exposed", "arg": "1"}) and w.state.exposed is True
    assert not send(w, {"act": "seat", "arg": "2"}) and w.state.seat == 2
    s = MAKERS["strip"]()
    assert not send(s, {"act": "select", "arg": "1"}) and s.selected == [1]
    d = MAKERS["deal"]()
    assert not send(d, {"act": "step"}) and d.steps == 1  # the step button sends no arg
    assert not send(d, {"act": "reset", "arg": "next"}) and d.seed == 4


# --- hypothesis: random messages ------------------------------------------------------------------

ACTS = [
    "add",
    "rm",
    "clear",
    "mode",
    "exposed",
    "seat",
    "ctx",
    "rules",
    "select",
    "discard",
    "move",
    "sort",
    "step",
    "play",
    "pause",
    "reset",
    "seed",
    "lang",
    "",
    "__init__",
    "_act_add",
    "refresh",
]
NAMES = [
    "self_drawn",
    "last_tile",
    "kong",
    "wall_last",
    "seat_wind",
    "prevalent_wind",
    "winner",
    "dealer",
    "discarder",
    "wild",
    "shang_lou",
    "flowers",
    "bogus",
]
bad_values = st.one_of(
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.lists(st.integers(), max_size=3),
    st.floats(),
    st.integers(min_value=10**9 + 1),
    st.text(min_size=201, max_size=300),
    st.binary(max_size=4),
)
any_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 20),
    st.text(max_size=6),
    st.sampled_from(
        ["5m", "E", "c0", "w", "m0", "f0", "pung", "left", "next", "1", "0", "beijing", "mcr", "self", "S", "N", "true"]
    ),
    bad_values,
)


messages = st.one_of(
    st.fixed_dictionaries(
        {"act": st.sampled_from(ACTS)},
        optional={"arg": any_values, "name": st.sampled_from(NAMES) | any_values, "value": any_values},
    ),
    st.dictionaries(st.text(max_size=5), any_values, max_size=3),
    any_values,
)


@pytest.mark.parametrize("maker", sorted(MAKERS))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    msgs=st.lists(
        messages.filter(
            lambda m: not (isinstance(m, dict) and m.get("act") == "lang" and m.get("arg") in (None, "", "zh", "en"))
        ),
        min_size=1,
        max_size=4,
    )
)
def test_random_messages_never_escape_and_refusals_change_nothing(maker, msgs):
    w = MAKERS[maker]()
    for msg in msgs:
        send(w, msg)


@pytest.mark.parametrize("maker", sorted(MAKERS))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(act=st.sampled_from(ACTS), field=st.sampled_from(["arg", "name", "value"]), bad=bad_values)
def test_a_malformed_field_is_always_refused(maker, act, field, bad):
    w = MAKERS[maker]()
    got = send(w, {"act": act, field: bad})
    assert any(r.levelno == logging.WARNING for r in got)


# --- the notation box: a trait the front end sets -------------------------------------------------


@pytest.mark.parametrize("maker", ["editor_mcr", "comparison"])
def test_a_huge_typed_notation_is_refused_and_the_box_reset(maker):
    w = MAKERS[maker]()
    before = state(w)
    with records() as got:
        w.notation = "]" * 100_000
    assert [r.levelno for r in got] == [logging.WARNING]
    assert "Too long" in w.last_error and "太长" in w.last_error
    w.last_error = ""
    assert state(w) == before  # the box shows the hand again, nothing else moved


# --- state updates: the front end may set only the notation box --------------------------------------


@pytest.mark.parametrize("maker", sorted(MAKERS))
@pytest.mark.parametrize(
    "update",
    [
        {"selected": [99]},
        {"tiles": ["zz"]},
        {"seed": -5},
        {"steps": 10**6},
        {"regions": {}},
        {"last_error": "x"},
        {"notation": 5},
        {"notation": ["1m"]},
        {"total": 99},
        {"lang": "fr"},
        {"bogus": 1},
    ],
)
def test_front_end_updates_of_other_traits_are_ignored(maker, update):
    w = MAKERS[maker]()
    before, error = state(w), w.last_error
    with records() as got:
        w.set_state(dict(update))  # what ipywidgets does with an "update" message
    assert got and all(r.levelno == logging.WARNING for r in got)
    assert state(w) == before and w.last_error == error


def test_the_notation_box_is_still_set_by_the_front_end():
    w = MAKERS["editor_mcr"]()
    w.set_state({"notation": "1112345678999m+5m"})
    assert w.state.notation() == "1112345678999m+5m" and w.total > 0
