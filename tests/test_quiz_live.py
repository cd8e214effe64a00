"""The quiz's live region (mjlearn.quiz.live): each new question and each verdict or hint is given to
a screen reader in words (tiles by their names), the worked solution left on the page."""

from __future__ import annotations

import subprocess
import sys

from mjlearn.quiz import parse_quiz_set
from mjlearn.quiz.live import SAID_PARTS, said, text_of

QUESTIONS = {
    "title": "keyboard",
    "questions": [
        {"kind": "waits", "hand": "1112345678999m"},
        {"kind": "tile_name", "tile": "E", "options": ["S", "E", "W", "N"]},
    ],
}


def _quiz():
    return parse_quiz_set(QUESTIONS).widget(record=False)


def test_text_of_reads_pictures_by_their_names_and_leaves_styles_out():
    html = (
        "<style>.x{color:red}</style><div class='a'>正确！ Correct!<br>"
        '<svg role="img" aria-label="5m 五万"><title>other</title><g><title>inner</title></g></svg> &amp; more</div>'
        "<svg role='img'><title>1m — 一万</title></svg><ul><li>one</li><li>two</li></ul>"
    )
    assert text_of(html) == "正确！ Correct! · 5m 五万 & more · 1m — 一万 · one · two"
    assert said(html) == " · ".join(text_of(html).split(" · ")[:SAID_PARTS])


def test_each_question_and_verdict_is_said_once_more():
    w = _quiz()
    live = w.live
    assert live in w.widget.children
    assert live.text == "Question 1 of 2: Which tiles does this hand wait on? 第 1 题，共 2 题：这手牌听哪些牌？"
    n = live.said
    w.input.value = "1m 4m 7m"
    w.check()
    assert live.said == n + 1 and live.text.startswith("还不对，再试一次。 Not yet: try again.")
    w.show_hint()
    assert live.said == n + 2 and "💡" not in live.text and live.text
    w.input.value = "123456789m"
    w.check()
    assert live.text.startswith("改对了！ Correct now (try 2).") and "Waits on 123456789m" in live.text
    assert "two-sided" not in live.text  # the worked readings stay on the page
    w.next()
    asked = "Question 2 of 2: What is this tile called? 第 2 题，共 2 题：这张牌叫什么？"
    assert live.text.startswith(asked) and "the character 東 in black" in live.text  # the picture, in words
    w.input.value = "E"
    w.check()
    assert live.text.startswith("正确！ Correct!") and "East Wind" in live.text


def test_the_same_words_twice_are_said_twice():
    w = _quiz()
    n = w.live.said
    w.live.say("请先选择或输入答案。 Choose or type an answer first.")
    w.live.say("请先选择或输入答案。 Choose or type an answer first.")
    assert w.live.said == n + 2  # the front end empties the region and says them again
    w.live.say("")
    assert w.live.said == n + 2  # nothing to say: nothing said


def test_the_typed_answer_is_sent_whole_before_check():
    w = _quiz()
    assert w.input.continuous_update is False  # one message on Enter or leaving the box, then Check's click


def test_a_fresh_interpreter_gets_the_live_region():
    code = (
        "from mjlearn.quiz import practice\n"
        "w = practice('waits', n=1, seed=1, record=False)\n"
        "print(type(w.live).__name__, w.live.said, w.live in w.widget.children)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    assert out.stdout.split() == ["LiveRegion", "1", "True"]


def test_check_waits_for_the_kernels_answer_and_odd_pings_are_ignored(monkeypatch):
    live = _quiz().live
    sent = []
    monkeypatch.setattr(live, "send", sent.append)
    live._pong(live, {"ping": 3}, [])
    for odd in ({"ping": True}, {"ping": "3"}, ["ping", 3], None, {}):
        live._pong(live, odd, [])
    assert sent == [{"pong": 3}]
