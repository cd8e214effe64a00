"""What a beginner met in the quizzes: answers in natural words, bilingual messages,
questions that do not give themselves away or repeat, controls that show every option."""

import re

import pytest

from mjlearn.quiz import generate, grade, solve
from mjlearn.quiz.core import get_kind


@pytest.mark.parametrize(
    "typed,legal,total",
    [
        ("能 20", True, 20),
        ("能20", True, 20),
        ("可以 3分", True, 3),
        ("yes, 12", True, 12),
        ("和 7", True, 7),
        ("不能", False, 0),
        ("不可以", False, 0),
        ("不和", False, 0),
        ("否", False, 0),
        ("no", False, 0),
        ("No", False, 0),
        ("cannot", False, 0),
    ],
)
def test_yes_and_no_in_chinese_and_english_are_read(typed, legal, total):
    q = generate("regional", seed=1)
    assert get_kind("regional").normalize(q.data, typed) == {"legal": legal, "total": total}


@pytest.mark.parametrize(
    "kind,typed",
    [
        ("regional", "嗯"),
        ("regional", "12"),
        ("regional", "能"),
        ("shanten", "abc"),
        ("mcr_total", "八"),
        ("wall_break", "12"),
        ("waits", "xyz"),
    ],
)
def test_an_unreadable_answer_is_explained_in_both_languages_without_field_names(kind, typed):
    g = grade(generate(kind, seed=1), typed)
    assert not g.correct and len(g.explanation) == 1
    zh, en = g.explanation[0]
    assert zh.startswith("无法理解这个答案：") and en.startswith("Could not read this answer: ")
    assert re.search(r"[\u4e00-\u9fff]", zh) and not re.search(r"[\u4e00-\u9fff]", en.replace(typed, ""))
    zh, en = zh.removeprefix("无法理解这个答案："), en.removeprefix("Could not read this answer: ")
    for internal in ("legal:", "answer:", "stack:", "wall:", "total:", "expected"):
        assert internal not in zh and internal not in en
    assert en.count("e.g.") == 1 and "如" in zh  # one example of a valid answer


def test_the_widget_shows_the_same_bilingual_message():
    pytest.importorskip("ipywidgets")
    from mjlearn.quiz.widget import QuizWidget

    w = QuizWidget([generate("regional", seed=1)], record=False)
    w.input.value = "嗯 20"
    assert w.check() is None
    html = w.feedback.value
    assert "data-correct='invalid'" in html and "无法理解这个答案" in html and "Could not read this answer" in html
    assert "legal:" not in html
    w.input.value = "能 20"
    assert w.check() is not None  # read: graded right or wrong


def test_the_question_tile_does_not_name_itself():
    from mjlearn.quiz.widget import question_html

    for seed in range(20):
        q = generate("tile_name", seed=seed, difficulty=3)
        html = question_html(q)
        t = q.data["tile"]
        assert "<svg" in html and "<title>" not in html and f'data-tile="{t}"' not in html
        assert "The tile in question: " in html  # what its picture shows follows


def test_several_choices_are_check_boxes_all_in_view_in_both_languages():
    pytest.importorskip("ipywidgets")
    import ipywidgets as W

    from mjlearn.quiz.widget import QuizWidget

    q = generate("fans", seed=3, difficulty=2)
    w = QuizWidget([q], record=False)
    choices = get_kind("fans").choices(q.data)
    boxes = w.input.children
    assert len(boxes) == len(choices) and all(isinstance(b, W.Checkbox) for b in boxes)
    assert not any(isinstance(c, W.SelectMultiple) for c in w.box.children)
    assert all(re.search(r"[\u4e00-\u9fff]", b.description) and re.search(r"[A-Za-z]", b.description) for b in boxes)
    note = w.box.children[-1].value
    assert "Ctrl" not in note and "⌘" not in note and "勾选" in note and "Tick" in note
    for b, (value, _) in zip(boxes, choices):  # a plain click ticks: the box's own value
        b.value = value in solve(q)
    assert w.check().correct


def test_a_right_answer_is_explained_and_the_counter_says_what_happened():
    pytest.importorskip("ipywidgets")
    from mjlearn.quiz.widget import QuizWidget

    for kind in ("waits", "shanten", "discard", "tile_name", "wall_break", "claim", "mcr_total"):
        q = generate(kind, seed=104)
        assert grade(q, solve(q)).explanation, kind
    q = generate("waits", seed=104)
    w = QuizWidget([q], record=False)
    w.answer(["1m"] if solve(q) != ["1m"] else ["2m"])  # wrong first: "try again" shows a hint by itself
    w.answer(solve(q))
    assert "<li>" in w.feedback.value  # the right answer comes with the engine's why
    assert "right at a later try 1" in w.header.value and "再试答对 1 题" in w.header.value
    assert "hint" not in w.header.value.lower() and "提示" not in w.header.value


def test_feedback_draws_each_tile_group_once_not_in_both_languages():
    from mjlearn.quiz import reveal
    from mjlearn.quiz.widget import pair_html

    q = generate("waits", seed=104)
    for zh, en in reveal(q)[1]:
        html = pair_html(zh, en)
        top, bottom = html.split("<br>", 1)
        assert "<svg" in top and "<svg" not in bottom and "<code" in bottom


def test_the_tiles_practice_mixes_names_with_reading_and_writing_notation():
    from mjlearn.quiz import questions_for

    qs = questions_for("tiles", n=5, seed=101)
    assert {"tile_name", "read_notation", "write_notation"} <= {q.kind for q in qs}
    for q in qs:
        assert grade(q, solve(q)).correct
        assert generate(q.kind, seed=q.seed, difficulty=q.difficulty).data == q.data  # each question comes back


def test_writing_notation_accepts_any_spelling_of_the_same_tiles_and_names_the_short_one():
    q = generate("write_notation", seed=5)
    sol = solve(q)
    from mjlearn.notation import parse_tiles

    long_form = "".join(str(t) for t in parse_tiles(sol))
    g = grade(q, long_form)
    assert g.correct
    if long_form != sol:
        assert sol in g.explanation[0][1] and "shortest" in g.explanation[0][1]


def test_the_notation_questions_do_not_show_their_answer():
    from mjlearn.quiz.widget import question_html

    for seed in range(10):
        w = generate("write_notation", seed=seed, difficulty=3)
        html = question_html(w)
        assert "<svg" in html and w.data["tiles"] not in html and "<title>" not in html
        r = generate("read_notation", seed=seed, difficulty=3)
        html = question_html(r)
        assert "<svg" not in html  # the notation is the question: not drawn as tiles


@pytest.mark.parametrize(
    "topic,n,seed",
    [
        ("tile_name", 3, 100),
        ("tiles", 5, 101),
        ("tile_name", 20, 7),
        ("waits", 6, 104),
        ("wall_break", 3, 102),
        ("claim", 3, 103),
    ],
)
def test_a_quiz_never_asks_the_same_thing_twice(topic, n, seed):
    from mjlearn.quiz import questions_for

    qs = questions_for(topic, n=n, seed=seed)
    subjects = [get_kind(q.kind).subject(q.data) for q in qs]
    assert len(set(subjects)) == len(subjects)


def test_lessons_with_nearby_seeds_do_not_share_questions():
    from mjlearn.quiz import questions_for

    lesson00 = questions_for("tile_name", n=3, seed=100)  # 00's cell
    lesson01 = questions_for("tiles", n=5, seed=101)  # 01's cell
    assert not {q.seed for q in lesson00} & {q.seed for q in lesson01}
    assert not [q for q in lesson01 if any(q.kind == p.kind and q.data == p.data for p in lesson00)]
    a, b = questions_for("tile_name", n=5, seed=1), questions_for("tile_name", n=5, seed=2)
    assert [q.data for q in a][1:] != [q.data for q in b][:-1]  # not the same series shifted by one


def test_the_settlement_solution_names_the_fans_that_make_the_total():
    from mjlearn.quiz import reveal
    from mjlearn.quiz.kinds.mcr import _score

    for seed in range(4):
        q = generate("settlement", seed=seed)
        r = _score(q.data)
        text = "\n".join(en for _, en in reveal(q)[1])
        zh = "\n".join(z for z, _ in reveal(q)[1])
        assert all(f.en in text and f.zh in zh for f in r.fans)
        assert " + ".join(str(f.total) for f in r.fans) + f" = {r.total}" in text
        assert ", ".join(f"{f.en} ({f.total})" for f in r.fans) in text


def test_a_win_refused_for_too_few_points_lists_what_the_hand_counts():
    from mjlearn.course.tour import questions
    from mjlearn.quiz import reveal
    from mjlearn.rules import score

    seen = 0
    for seed in range(6):
        for q in questions("mcr", 2, seed):
            r = score(q.data["hand"], rules="mcr", **q.data["context"])
            if r.legal or not r.items:
                continue
            seen += 1
            lines = reveal(q)[1]
            total = sum(i.value * i.count for i in r.items)
            assert any(
                en.startswith("What the hand counts:")
                and en.endswith(f"= {total}")
                and all(i.en in en for i in r.items)
                for _, en in lines
            )
            assert any(zh.startswith("这手牌算到的：") for zh, _ in lines)
    assert seen


def test_due_items_say_why_they_are_due_consistently_with_their_recall(tmp_path):
    from datetime import datetime, timedelta, timezone

    from mjlearn.quiz.progress import ProgressStore
    from mjlearn.quiz.review import review_queue

    with ProgressStore(tmp_path / "p.db", user="ann") as store:
        q = generate("waits", seed=1)
        store.record(q, solve(q), grade(q, solve(q)))  # right: comes back in minutes, recall near 100%
        q = generate("shanten", seed=1)
        store.record(q, 9, grade(q, 9))  # wrong
        soon = review_queue(store, now=datetime.now(timezone.utc) + timedelta(minutes=15))
        html, text = soon._repr_html_(), soon.text("en")
        assert "“Due” means" in html and "“到期”" in html and "“Due” means" in text
        assert "Recall</th>" not in html and "Why it is due" in html
        for s in soon.due():
            assert s.learning and s.recall(soon.now) > 0.9  # near 100%: said to be a short step, no bar
            assert "recall is down" not in " ".join(s.why_due(soon.now))
        assert "missed last time" in text
    from fsrs import Card, State

    from mjlearn.quiz.review import Item, ItemState

    now = datetime.now(timezone.utc)
    card = Card(
        state=State.Review,
        stability=3.0,
        difficulty=5.0,
        due=now - timedelta(days=2),
        last_review=now - timedelta(days=5),
    )
    s = ItemState(Item("kind:waits", ("听什么", "What does it wait on?"), "waits"), card, 2, 2, last_correct=True)
    assert s.is_due(now) and not s.learning and s.recall(now) < 0.9
    assert f"{s.recall(now):.0%}" in s.why_due(now)[1] and f"{s.recall(now):.0%}" in s.why_due(now)[0]


def test_the_wall_break_dice_are_drawn_and_xian_two_throws_are_asked():
    from mjlearn.quiz import questions_for
    from mjlearn.quiz.widget import question_html

    qs = questions_for("wall_break", n=3, seed=102)  # lesson 02's cell
    assert {q.data["rules"] for q in qs} == {"mcr", "xian"}
    for q in qs:
        html = question_html(q)
        pips = [int(n) for n in re.findall(r"data-pips='(\d)'", html)]
        assert pips == [x for throw in q.data["dice"] for x in throw]  # every die drawn, with its face
        assert html.count("<circle") == sum(pips)
        assert "Dice:" not in html and "骰子：" not in html
        if q.data["rules"] == "xian":
            assert len(q.data["dice"]) == 2 and "second throw" in html and "再掷" in html
            lines = get_kind("wall_break").explain_solution(q.data, solve(q))
            s1, s2 = sum(q.data["dice"][0]), sum(q.data["dice"][1])
            assert f"{s1} + {s2} = {s1 + s2}" in lines[1][1]
            assert "both throws" in get_kind("wall_break").hints(q.data)[1][1]


def test_claim_questions_vary_the_contest_and_say_who_may_claim():
    from mjlearn.quiz import questions_for, reveal
    from mjlearn.quiz.kinds.table import claim_pattern

    qs = questions_for("claim", n=3, seed=103)  # lesson 03's cell
    assert {claim_pattern(q.data["calls"]) for q in qs} >= {"win", "pung_chow"}
    hard = [generate("claim", seed=s, difficulty=2) for s in range(25)]  # two wins are rare in real hands
    assert "two_wins" in {claim_pattern(q.data["calls"]) for q in hard}
    for q in qs:
        lines = reveal(q)[1]
        assert any(en.startswith("Who may claim:") and "may chow" in en for _, en in lines)


def test_a_claim_question_draws_each_hand_once_with_melds_set_apart():
    from mjlearn.quiz import questions_for
    from mjlearn.quiz.kinds.table import _situation
    from mjlearn.quiz.widget import question_html

    for q in questions_for("claim", n=3, seed=103):
        html = question_html(q)
        t = _situation(q.data)
        for seat in q.data["calls"]:
            hand = t.hand_of("ESWN".index(seat))
            assert hand not in html  # drawn, not written out in the English half
        svgs = html.count("<svg")
        lines = html.split("<br>")
        for line in lines:
            if "(" in line and "<svg" in line:
                zh, en = line.split(" / ", 1)
                assert "<svg" in zh and "<svg" not in en  # once per line, in the Chinese half
        assert svgs >= 1 + len(q.data["calls"])
        if "[" in "".join(t.hand_of("ESWN".index(s)) for s in q.data["calls"]):
            assert "mjlearn-meld-gap" in html


def test_a_claim_question_under_wild_rules_says_which_tile_is_wild():
    from mjlearn.quiz import reveal
    from mjlearn.quiz.kinds.table import _situation
    from mjlearn.quiz.widget import question_html

    q = next(
        generate("claim", seed=s)
        for s in range(40)
        if getattr(_situation(generate("claim", seed=s).data), "wild", None) is not None
    )
    wild = _situation(q.data).wild
    assert f"The wild tile this hand is {wild.en}" in question_html(q)
    assert any(en.endswith(f"The wild tile this hand is {wild} ({wild.en}).") for _, en in reveal(q)[1])


def test_the_hand_form_options_are_chinese_first_like_every_other_kind():
    from mjlearn.i18n import get_language, set_language

    q = generate("complete", seed=1)
    before = get_language()
    try:
        set_language("en")
        labels = [label for _, label in get_kind("complete").choices(q.data)]
    finally:
        set_language(before)
    assert labels and all(re.match(r"[\u4e00-\u9fff]", label) for label in labels)
