"""What the play table shows the learner: a concealed kong drawn as one set (two face-down ends and its
name) in the end screen, the review and at the table; Changsha's on-deal win (起手小胡) explained beside
its button and reported the moment it is declared; the seat the bird (扎鸟) landed on; the status line
while another player's discard is offered ("West discarded 3 Bamboo: pung 碰 or pass 过?"); why a win
worth 0 fan is paid; flowers named, never written as letters, in the English words of the table."""

from __future__ import annotations

import re

import pytest

from mjlearn.table import Table, play_hand
from mjlearn.table.bots import Bot
from mjlearn.table.events import BirdTurnedUp, OnDealWin
from mjlearn.widgets._base import html_text
from mjlearn.widgets.play import PlayTable, review_html
from mjlearn.widgets.replay_words import log_in_words, outcome_in_words, table_in_words


def drive(w: PlayTable, *, until=None, limit: int = 600) -> PlayTable:
    """Play the learner's seat with a basic computer player's choices, through the messages the browser
    sends, declaring any on-deal win; stop at the end of the hand or when ``until(w)`` holds."""
    bot = Bot(seed=0)
    for _ in range(limit):
        tb = w.table
        if tb.phase == "over" or (until is not None and until(w)):
            return w
        opts = w._options()
        if "on_deal" in opts:
            msg = {"act": "call", "arg": "on_deal"}
        elif w._start_offers() and not (tb.phase == "discard" and tb.turn == w.me):
            msg = {"act": "call", "arg": "pass"}
        else:
            what, arg = bot.advise(tb, w.me)
            if what == "discard":
                msg = {"act": "discard", "arg": str(arg)}
            elif what == "chow" or (what == "kong" and tb.phase == "discard"):
                msg = {"act": "call", "arg": f"{what} {arg}"}
            else:
                msg = {"act": "call", "arg": what}
        w.handle(msg)
        assert not w.last_error, (msg, w.last_error)
    raise AssertionError("the hand did not end")


def _group(html: str, attr: str) -> str:
    """The HTML of the first element carrying ``attr`` (up to the end of its element)."""
    k = html.index(attr)
    start = html.rindex("<", 0, k)
    tag = re.match(r"<(\w+)", html[start:]).group(1)
    depth, i = 0, start
    for m in re.finditer(rf"<(/?){tag}\b", html[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            i = start + m.end()
            break
    return html[start : html.index(">", i) + 1]


# --- a concealed kong is one set -------------------------------------------------------------------------


def test_a_winners_concealed_kong_is_drawn_as_one_set_with_face_down_ends_in_the_end_screen():
    w = drive(PlayTable(rules="mcr", seed=12, coach="off"))
    (win,) = w.table.winners
    (kong,) = [m for m in w.table.melds[win.seat] if m.is_concealed]
    end = w.regions["end"]
    hand = _group(end, f'data-hand="{win.seat.letter}"')
    assert 'data-kong="concealed"' in hand
    group = _group(hand, 'data-kong="concealed"')
    assert group.count('data-tile="back"') == 2 and group.count(f'data-tile="{kong.tile}"') == 2
    assert "concealed kong" in group and "暗杠" in group
    # one set among the hand's sets: the melds drawn as groups are the table's melds, one each
    assert hand.count('class="mj-meld"') == len(w.table.melds[win.seat])


def test_the_learners_concealed_kong_is_one_set_in_the_review_and_hidden_from_the_others_during_the_hand():
    kong_made = lambda w: any(m.is_concealed for m in w.table.melds[w.me])
    w = drive(PlayTable(rules="mcr", seed=45, coach="off"), until=kong_made)
    assert kong_made(w)
    (kong,) = [m for m in w.table.melds[w.me] if m.is_concealed]
    mine = _group(w.regions["me"], 'data-kong="concealed"')  # the learner sees his own tiles
    assert mine.count(f'data-tile="{kong.tile}"') == 2 and mine.count('data-tile="back"') == 2
    drive(w)
    notation = str(kong)  # "[9999m]": a concealed kong in the notation of the decisions' hands
    assert any(notation in (d.get("hand") or "") for d in w.decisions)
    review = review_html(w.record(), live=False)
    group = _group(review, 'data-kong="concealed"')
    assert group.count('data-tile="back"') == 2 and "concealed kong" in group


def test_another_players_concealed_kong_stays_face_down_at_the_table_until_the_end():
    made = lambda w: any(m.is_concealed for s in range(4) if s != int(w.me) for m in w.table.melds[s])
    w = drive(PlayTable(rules="mcr", seed=12, coach="off"), until=made)
    assert made(w) and w.table.phase != "over"
    (seat, kong) = next((s, m) for s in range(4) if s != int(w.me) for m in w.table.melds[s] if m.is_concealed)
    box = _group(w.regions["table"], f'data-seat="{"ESWN"[seat]}"')
    group = _group(box, 'data-kong="concealed"')
    assert group.count('data-tile="back"') == 4 and f'data-tile="{kong.tile}"' not in group


# --- Changsha: the on-deal win and the bird ---------------------------------------------------------------


def test_the_on_deal_win_button_says_what_it_does_and_declaring_it_is_reported_at_once():
    w = PlayTable(rules="changsha", seed=25, coach="off")
    assert "on_deal" in w._options() and w.table.phase != "over"
    me = w.regions["me"]
    button = _group(me, 'data-arg="on_deal"')
    assert "title=" in button and "起手小胡" in button and "goes on" in button
    why = _group(me, "data-on-deal-why")
    r = w.table.judging.on_deal_result(w.me)
    for item in r.items:
        assert item.en in why and item.zh in why
    assert f"you receive {r.payments[w.me.letter]:g}" in why
    w.handle({"act": "call", "arg": "on_deal"})
    assert not w.last_error and w.table.phase != "over"
    said = _group(w.regions["me"], f'data-on-deal="{w.me.letter}"')  # before the hand ends
    got = next(e for e in w.table.settlements if isinstance(e, OnDealWin)).payments[int(w.me)]
    assert f"you receive {got:+g}" in said and "The hand goes on" in said and "起手小胡" in said


def test_another_players_on_deal_win_is_reported_to_the_learner_at_the_start():
    w = PlayTable(rules="changsha", seed=4, coach="off")
    (e,) = [e for e in w.table.settlements if isinstance(e, OnDealWin)]
    said = _group(w.regions["me"], f'data-on-deal="{e.seat.letter}"')
    assert e.seat.en in said and f"you pay {-e.payments[int(w.me)]:g}" in said


@pytest.mark.parametrize("seed", [4, 25, 27])
def test_the_end_screen_says_which_seat_the_bird_landed_on(seed):
    w = drive(PlayTable(rules="changsha", seed=seed, coach="off"))
    (win,) = w.table.winners
    bird = next(e.tile for e in w.table.log if isinstance(e, BirdTurnedUp))
    origin = "ESWN".index(dict(win.rule_context)["dealer"])  # the bird counts from the dealer here
    seat = "ESWN"[(origin + bird.rank - 1) % 4]
    said = html_text(_group(w.regions["end"], f'data-bird="{win.seat.letter}"'))
    names = {"E": "East", "S": "South", "W": "West", "N": "North"}
    assert bird.en in said and bird.zh in said
    if seat == win.seat.letter:
        assert "lands on the winner" in said
    else:
        assert f"lands on {names[seat]}" in said


# --- the status line while a discard is offered -------------------------------------------------------------


def test_the_status_line_names_the_discard_offered_and_the_choices_not_your_turn():
    w = drive(PlayTable(rules="mcr", seed=3, coach="off"), until=lambda w: w.waiting == "claim")
    assert w.table.phase == "claim"
    who, x = w.table.last_discard
    status = html_text(_group(w.regions["controls"], "data-turn="))
    assert "your turn" not in status and "轮到你" not in status
    assert f"{who.en} discarded {x.en}" in status and f"{who.player_zh}打出{x.zh}" in status
    assert "or pass 过?" in status
    for o in w._options():
        if o != "pass":
            assert o.split()[0] in status
    drive(w, until=lambda w: w.waiting == "discard")
    assert "your turn" in html_text(_group(w.regions["controls"], "data-turn="))


# --- a win worth 0 fan -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["hongkong", "beijing", "huopin_wufan"])
def test_a_win_worth_0_fan_says_why_it_is_paid_from_the_rule_sets_settlement(rules):
    for seed in range(12):
        w = drive(PlayTable(rules=rules, seed=seed, coach="off"))
        zero = [x for x in w.table.winners if x.points == 0 and any(x.payments)]
        if zero:
            break
    else:
        pytest.fail(f"no 0-fan win in 12 hands of {rules}")
    x = zero[0]
    said = html_text(_group(w.regions["end"], f'data-zero="{x.seat.letter}"'))
    assert "no fan" in said and "一个番也没有" in said
    for _zh, en in x.result.ruleset.settlement_steps(x.result):
        assert en.split("2^")[0][:30] in said  # the rule set's own arithmetic, in words


# --- flowers by name in the English words of the table ------------------------------------------------------


_LETTER = re.compile(r"(?:\b(?:with|flowers?|shows|draws|discards|replaces it)|\+)\s+[a-h](?![\w'’])|\s[a-h]\s*$")


def test_the_tables_english_words_name_flowers_never_by_letter():
    for seed in range(6):
        t = play_hand(Table("mcr", seed=seed))
        pieces = (log_in_words(t.log), outcome_in_words(t), table_in_words(t))
        for p in pieces:
            for line in str(p).splitlines():  # the words a plain-text reader gets
                ascii_part = re.sub(r"[^\x00-\x7f]+", " ", line)
                assert not _LETTER.search(ascii_part), line
        for w in t.winners:
            if w.hand.flowers:
                text = str(outcome_in_words(t))
                for f in w.hand.flowers:
                    assert f.en in text, (f.en, text)


def test_the_end_screen_tells_an_on_deal_win_in_words_with_its_tiles_drawn():
    w = drive(PlayTable(rules="changsha", seed=4, coach="off"))
    (e,) = [e for e in w.table.settlements if isinstance(e, OnDealWin)]
    said = _group(w.regions["end"], f'data-on-deal-end="{e.seat.letter}"')
    text = html_text(said)
    assert f"{e.seat.en} declared an on-deal win" in text and "起手小胡" in text
    assert said.count('class="mj-t"') == len(e.tiles)  # the dealt tiles he showed, drawn
    for item in e.items:
        assert item.en in text
    assert "4m 4m" not in re.sub(r"<[^>]+>", " ", said)  # no notation in the sentence itself
