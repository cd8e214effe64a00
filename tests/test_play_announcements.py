"""What a screen reader says at the play table (mjlearn.widgets.announce): each event the learner can
see, in words and in both languages, his own decision last; never another player's hidden tiles."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from test_play_widget import coach_message

from mjlearn.hand import Meld
from mjlearn.seats import Seat
from mjlearn.table.events import Declared, Discarded, Drew, FlowerReplaced, Konged, Punged, ReplacementDrawn
from mjlearn.tiles import tile
from mjlearn.widgets.announce import KEEP, announcements, event_words, live_region, prompt_words
from mjlearn.widgets.play import PlayTable

E, S, W = Seat.E, Seat.S, Seat.W


@pytest.mark.parametrize(
    ("event", "zh", "en"),
    [
        (Discarded(seat=W, tile=tile("3s")), "西家打出三条。", "West discards 3 Bamboo."),
        (Discarded(seat=S, tile=tile("C")), "南家打出红中。", "South discards Red Dragon."),
        (Drew(seat=E, tile=tile("5m"), position=60), "东家摸五万。", "East draws 5 Characters."),
        (Declared(seat=E, action="pung", tile=tile("7p")), "东家报碰（七饼）。", "East calls pung on 7 Dots."),
        (Declared(seat=E, action="pass"), "东家过。", "East passes."),
        (
            Punged(seat=S, from_seat=W, tile=tile("7s"), meld=Meld.from_str("[777s,1]")),
            "南家碰西家的七条：七条、七条、七条。",
            "South pungs 7 Bamboo from West: 7 Bamboo 7 Bamboo 7 Bamboo.",
        ),
    ],
)
def test_an_event_in_words_as_the_table_logs_it(event, zh, en):
    assert event_words(event, me=E) == (zh, en)


@pytest.mark.parametrize(
    "event",
    [
        Drew(seat=S, tile=tile("5m"), position=60),
        ReplacementDrawn(seat=W, tile=tile("9p"), position=140),
        Declared(seat=S, action="pass"),
        Declared(seat=W, action="pung", tile=tile("7p")),  # the pung itself is said when it is made
    ],
)
def test_another_players_draws_passes_and_calls_are_not_said(event):
    assert event_words(event, me=E) is None


def test_another_players_hidden_tiles_are_never_named():
    flower = FlowerReplaced(seat=S, flower=tile("a"), tile=tile("6p"), position=143)
    zh, en = event_words(flower, me=E)
    assert "Spring" in en and "春" in zh
    assert "6" not in en and "六饼" not in zh  # the replacement drawn is his secret
    assert "6 Dots" in event_words(flower, me=S)[1]  # and the learner's own replacement is told
    kong = Konged(seat=W, kind="concealed", tile=tile("4s"), meld=Meld.from_str("[4444s]"))
    assert event_words(kong, me=E) == ("西家暗杠。", "West makes a concealed kong.")
    assert "4 Bamboo" in event_words(kong, me=W)[1]


def _play(table: PlayTable, until, passes: bool = False):
    """Play the learner's seat as the click test does (claims taken, the coach's discards) until
    ``until(table)``; each batch of sentences is collected on the way."""
    batches = [announcements(table)]
    for _ in range(300):
        if until(table) or table.table.phase == "over":
            break
        msg = coach_message(table, table._options(), passes=passes)
        table.handle(msg)
        batches.append(announcements(table))
    return batches


def test_a_claim_offered_says_every_choice():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    _play(pt, lambda t: t.waiting == "claim")
    assert pt._options() == ["chow 7s", "pass"]
    assert prompt_words(pt) == ("你可以吃 七八九条或过。", "You may chow 7-8-9 Bamboo or pass.")
    n, zh, en = announcements(pt)[-1]
    assert (zh, en) == prompt_words(pt) and n == 2 * len(pt.table.log)
    last = pt.table.log[-1]  # the discard offered is said just before
    assert isinstance(last, Discarded) and announcements(pt)[-2][2] == f"{last.seat.en} discards {last.tile.en}."


def test_a_whole_hand_is_said_once_in_order_with_the_win_and_the_learners_result():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    batches = _play(pt, lambda t: False)
    said: dict[int, tuple[str, str]] = {}
    for batch in batches:
        numbers = [n for n, *_ in batch]
        assert numbers == sorted(set(numbers))  # each batch in order, no number twice
        for n, zh, en in batch:
            assert said.setdefault(n, (zh, en)) == (zh, en)  # a sentence said again reads the same
    texts = [en for _, (_, en) in sorted(said.items())]
    log = pt.table.log
    discards = [e for e in log if isinstance(e, Discarded)]
    assert [t for t in texts if " discards " in t] == [f"{e.seat.en} discards {e.tile.en}." for e in discards]
    own = [e for e in log if isinstance(e, Drew) and e.seat == pt.me]
    assert [t for t in texts if re.match(r"\w+ draws ", t)] == [f"{e.seat.en} draws {e.tile.en}." for e in own]
    assert texts[-3:-1] == [
        "East calls win on 7 Characters.",
        "East wins on North's discard with 7 Characters, 12 points.",
    ]
    pay = pt.table.payments["E"]
    assert texts[-1] == f"The hand is over: you get {pay:+g}." and pay == 36
    assert said[sorted(said)[-2]][0] == "东家和北家打出的七万，12 番。"  # MCR's points are 番 in Chinese
    for zh, en in said.values():  # tiles in words, never in notation
        assert not re.search(r"\b[1-9][mps]\b|\[", en + zh), en


def test_a_long_stretch_keeps_the_last_sentences():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    _play(pt, lambda t: False, passes=True)
    assert len(announcements(pt)) <= KEEP


def test_the_live_region_escapes_and_names_its_hand():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    html = live_region(pt)
    assert re.fullmatch(r'<div data-hand="[0-9a-f]+">(<p data-n="\d+">[^<>]+</p>)+</div>', html)
    assert "Your turn: discard a tile. 轮到你：打出一张牌。" in html
    pt.handle({"act": "lang", "arg": "zh"})
    try:
        assert "轮到你：打出一张牌。 Your turn: discard a tile." in pt.regions["live"]
    finally:
        pt.handle({"act": "lang", "arg": "en"})
    assert "live" not in pt._regions(live=False)  # the static page has no live region


def test_a_fresh_table_sends_its_sentences_to_the_browser():
    code = (
        "import mjlearn as mj\n"
        "t = mj.play('mcr', seat='E', seed=1)\n"
        "print(t.regions['live'])\n"
        "t.handle({'act': 'discard', 'arg': str(t._coaching.best.discard)})\n"
        "print(t.regions['live'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    first, second = out.stdout.strip().splitlines()
    assert "Your turn: discard a tile." in first and "East shows flower Orchid" in first
    assert "East discards" in second and "South discards 1 Bamboo." in second
