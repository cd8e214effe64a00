"""What a beginner sees in a quiz: tiles rather than notation, specific reasons and hints, plain symbols."""

from mjlearn import quiz
from mjlearn.quiz.core import Question, reveal

RECORDED = "345m33456p34678s+2scde"
CTX = {"self_drawn": False, "kong": False, "wall_last": False, "last_tile": False,
       "seat_wind": "N", "prevalent_wind": "E"}


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
