"""What a beginner sees in a quiz: tiles rather than notation, specific reasons and hints, plain symbols."""

from mjlearn import quiz
from mjlearn.quiz.core import Question, reveal

RECORDED = "345m33456p34678s+2scde"
CTX = {
    "self_drawn": False,
    "kong": False,
    "wall_last": False,
    "last_tile": False,
    "seat_wind": "N",
    "prevalent_wind": "E",
}


def _reasons(hand=RECORDED, ctx=CTX):
    q = Question(kind="mcr_total", data={"hand": hand, "context": ctx}, prompt=("", ""), source="fixed")
    _, lines = reveal(q)
    return {en.split(" ")[0] + " " + en.split(" ")[1]: en for _, en in lines}


def test_each_whole_hand_fan_has_its_own_reason():
    r = _reasons()
    concealed, chows, simples = r["Concealed Hand"], r["All Chows"], r["All Simples"]
    assert len({concealed.split(":", 1)[1], chows.split(":", 1)[1], simples.split(":", 1)[1]}) == 3
    assert "no claimed sets" in concealed and "won on a discard" in concealed
    # All Chows names exactly the hand's four chows and its suited pair
    assert "four chows 345m 234s 678s 456p" in chows and "pair of suited tiles 33p" in chows
    assert "2 to 8" in simples and "lowest 2, highest 8" in simples


def test_fan_reasons_follow_the_hand():
    # a hand with a 1 has no All Simples reason, and the chow reason lists that hand's chows
    r = _reasons("123m456p789s23s55p+4s", dict(CTX, self_drawn=True))
    assert "All Simples" not in r
    if "All Chows" in r:
        assert "123m" in r["All Chows"] and "789s" in r["All Chows"]


def test_hint_icon_is_drawn_and_the_counter_is_in_words():
    import random

    import pytest

    pytest.importorskip("ipywidgets")
    import re

    from mjlearn.quiz.core import generate, wrong_answer
    from mjlearn.quiz.widget import QuizWidget

    qs = [generate("shanten", seed=1), generate("tile_name", seed=2)]
    w = QuizWidget(qs, record=False)
    w.answer(wrong_answer(qs[0], random.Random(0)))
    w.show_hint()
    for html in (w.feedback.value, w.header.value):
        assert not re.search("[\U0001f000-\U0001faff\u2600-\u27bf]", html)  # no emoji: a font may lack them
    assert "<svg" in w.feedback.value
    assert "question 1 of 2" in w.header.value and "第 1 题，共 2 题" in w.header.value
    assert "right first time 0 of 1" in w.header.value and "✓" not in w.header.value


def test_captions_and_feedback_draw_tiles_not_notation():
    import random

    from mjlearn.quiz.core import generate, grade, wrong_answer
    from mjlearn.quiz.widget import grade_html, question_html

    rec = Question(kind="mcr_total", data={"hand": RECORDED, "context": CTX}, prompt=("问", "Q"), source="fixed")
    html = question_html(rec)
    import re

    visible = re.sub(r"<svg.*?</svg>", "", html, flags=re.DOTALL)  # what is read, not the tiles' tooltips
    assert RECORDED not in visible and "<svg" in html  # a number is typed: no notation caption
    assert "seat wind North Wind" in html and "门风 北" in html
    q = generate("discard", seed=1)
    html = question_html(q)
    # the answer is typed: the notation is a small "how to type" hint next to the tiles
    assert "how to type these tiles" in html and q.data["hand"] in html
    g = grade(q, wrong_answer(q, random.Random(0)))
    fb = grade_html(g)
    assert "<svg" in fb
    for _, en in g.explanation:  # every notation group of the explanation is drawn, not printed
        for token in re.findall(r"\(([0-9mpsESWNCFP]+)\)", en):
            if re.search(r"\d[mps]", token):
                assert f"({token})" not in fb


def test_claim_caption_draws_each_players_hand():
    from mjlearn.quiz.core import generate
    from mjlearn.quiz.widget import question_html

    q = generate("claim", seed=1)
    html = question_html(q)
    import re

    visible = re.sub(r"<svg.*?</svg>", "", html, flags=re.DOTALL)
    assert html.count("<svg") >= 2 and "1179m113789p8sSN" not in visible


def test_a_first_wrong_answer_gets_the_engines_remark_on_it():
    import pytest

    from mjlearn.hand import Hand
    from mjlearn.quiz.core import generate, retry_note, solve
    from mjlearn.shanten_core import shanten_of_counts
    from mjlearn.tiles import Tile

    q = generate("discard", seed=12)  # 5789m5p1235789sPP: the best discard leaves it 1 from ready
    assert retry_note(q, "P") == (
        "打白板后离听牌还差 2 步（2 向听）；有别的打法只差 1 步（1 向听）。",
        "Discarding White Dragon leaves the hand 2 from ready; another discard leaves it 1 from ready.",
    )
    # the figures are the engine's: the hand without that tile
    hand = Hand.from_str(q.data["hand"])
    c = list(hand.concealed)
    c.remove(Tile("P"))
    assert shanten_of_counts(list(Hand(melds=hand.melds, concealed=tuple(c)).counts), len(hand.melds)) == 2
    assert retry_note(q, solve(q)[0]) is None  # nothing to remark on a right answer
    s = generate("shanten", seed=1)
    _zh, en = retry_note(s, solve(s) + 1)
    assert en.startswith(f"You said {solve(s) + 1}; the hand is closer to ready")
    assert str(solve(s)) + "-shanten" not in en  # the remark does not give the number away
    pytest.importorskip("ipywidgets")
    from mjlearn.quiz.widget import QuizWidget

    w = QuizWidget([q], record=False)
    w.answer("P")
    assert "data-correct='retry'" in w.feedback.value and "Discarding White Dragon" in w.feedback.value


def test_discard_feedback_names_the_tiles_in_words():
    from mjlearn.quiz.core import generate, grade

    q = generate("discard", seed=12)
    g = grade(q, "P")
    assert g.explanation[0][1].startswith("Discard White Dragon:") and g.explanation[0][0].startswith("打白板")
    assert "Discard P" not in " ".join(en for _, en in g.explanation)


def test_mcr_quiz_texts_count_the_hand_in_fan_like_the_glossary():
    """The glossary's unit of an MCR hand's value is 番 (分 is what players pay)."""
    import re

    from mjlearn.quiz.core import generate, reveal
    from mjlearn.terms_data import TERMS

    assert any(t["zh"] == "番" for t in TERMS)
    for kind in ("mcr_total", "fans"):
        for seed in range(4):
            q = generate(kind, seed=seed)
            text = " ".join(zh for zh, _ in reveal(q)[1]) + q.prompt[0]
            assert not re.search(r"\d\s*分", text), text
            assert "番" in text


def test_mcr_retry_notes_say_what_is_off_without_the_answer():
    from mjlearn.quiz.core import retry_note, solve

    total = Question(kind="mcr_total", data={"hand": RECORDED, "context": CTX}, prompt=("", ""), source="fixed")
    assert solve(total) == 15
    _zh, en = retry_note(total, 13)
    assert en.startswith("You said 13: that is too few. 5 different fans score") and "15" not in en
    fans = quiz.load_quiz_set("notebooks/recorded/first_hand_quiz.json")
    q = list(getattr(fans, "questions", fans))[1]
    _zh, en = retry_note(q, [50, 62, 56])
    assert en.startswith("2 of your 3 pick(s) score; 3 scoring fan(s) are still missing.")
    # the wrong pick is answered with the hand's manner of winning, not its suits
    assert "Fully Concealed Hand does not apply" in en and "won on a discard" in en and "no honors" not in en


def test_tiled_draws_groups_and_leaves_words():
    import re

    from mjlearn.quiz.widget import tiled

    def shown(text, lang="en"):
        return re.sub(r'<span class="mjlearn-svg".*?</span>', "#", tiled(text, lang), flags=re.DOTALL)

    assert shown("pairs 77m PP; sets [CCC,3] 345m") == "pairs # #; sets # #"
    assert shown("Best is 7p: shanten 1") == "Best is # 7 Dots: shanten 1"
    assert shown("最好打 7p：向听 1", "zh") == "最好打 # 七饼：向听 1"
    assert shown("E wins on N's discard; 1-shanten; 3 × 1 = 3") == "E wins on N&#x27;s discard; 1-shanten; 3 × 1 = 3"
    assert shown("This is 6 Bamboo, written 6s") == "This is 6 Bamboo, written 6s"  # teaching the notation itself
