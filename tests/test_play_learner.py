"""PlayTable as a new learner reads it: the whole winning hand drawn, the verdict and the payments in
words (from the engine's figures), tiles named instead of notation letters, labelled rows, the seat
after a rotation, a claim another player's claim overruled, a new rule set's restart, glossary words."""

from __future__ import annotations

import html
import re

import pytest

from mjlearn import i18n
from mjlearn.rules.registry import get as get_rules
from mjlearn.seats import SEATS
from mjlearn.table import Declared
from mjlearn.widgets.play import PlayTable, _call_label, _useful_html

from test_play_widget import play_out

NOTATION = re.compile(r"(?<![\w-])(?:[1-9][mps]|[ESWNCFP])(?![\w-])")


def visible(fragment: str) -> str:
    """What the learner reads: no tags, no attributes, no tooltips."""
    fragment = re.sub(r"<(style|script|svg|title)\b.*?</\1>", " ", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def section(region: str, attr: str) -> str:
    """The element carrying ``attr`` (its opening tag up to the next sibling div at the same depth)."""
    start = region.index(attr)
    start = region.rindex("<div", 0, start)
    depth, k = 0, start
    for m in re.finditer(r"<(/?)div\b", region[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            k = start + m.end()
            break
    return region[start:region.index(">", k) + 1]


@pytest.fixture(scope="module")
def mcr_over():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    play_out(w)
    return w


def test_the_end_screen_draws_the_whole_winning_hand(mcr_over):
    w = mcr_over
    for win in w.table.winners:
        part = section(w.regions["end"], f'data-hand="{win.seat.letter}"')
        tiles = re.findall(r'data-tile="([^"]+)"', part)
        h = win.hand
        kongs = sum(1 for m in h.melds if len(m.tiles) == 4)
        flowers = [t for t in tiles if t in "abcdefgh"]
        assert len(tiles) - len(flowers) == 14 + kongs
        assert f'data-win-tile="{h.win_tile}"' in part
        assert sorted(flowers) == sorted(str(f) for f in h.flowers) and (not h.flowers or "data-flowers" in part)


def test_the_verdict_is_in_words_with_the_unit_in_the_right_number(mcr_over):
    w = mcr_over
    end = w.regions["end"]
    for win in w.table.winners:
        verdict = visible(section(end, f'data-winner="{win.seat.letter}"'))
        assert str(win.hand) not in verdict and str(win.tile) not in verdict.split()
        assert win.tile.en in verdict and win.tile.zh in verdict
        assert f"{win.points:g} points" in verdict
    # one point, singular (a Changsha hand worth 1)
    w1 = PlayTable(rules="changsha", seat="E", seed=3)
    play_out(w1)
    ones = [x for x in w1.table.winners if x.points == 1]
    assert ones, "this shuffle's win is worth 1"
    v = visible(section(w1.regions["end"], f'data-winner="{ones[0].seat.letter}"'))
    assert "1 point." in v and "1 points" not in v


def test_the_payments_line_is_the_engines_payments(mcr_over):
    w = mcr_over
    (win,) = w.table.winners
    pay = dict(zip("ESWN", win.payments))
    line = visible(section(w.regions["end"], f'data-paid="{win.seat.letter}"'))
    assert not win.self_drawn
    disc = win.from_seat.letter
    others = {-v for s, v in pay.items() if s not in (disc, win.seat.letter)}
    (base,) = others                                            # MCR: the other two pay the same base
    assert base == 8 and -pay[disc] == base + win.points         # the competition formula, read from the engine
    assert f"{base:g} + {win.points:g} = {-pay[disc]:g}" in line
    assert f"collects {pay[win.seat.letter]:g}" in line and win.from_seat.en in line
    # a rule set with its own transfers (Hong Kong): each payer's amount as the engine paid it
    hk = PlayTable(rules="hongkong", seat="E", seed=4)
    play_out(hk)
    for win in hk.table.winners:
        line = visible(section(hk.regions["end"], f'data-paid="{win.seat.letter}"'))
        for p, q, a, _ in win.result.transfers:
            if q == win.seat.letter:
                assert f"pays {a:g}" in line or f"pay {a:g}" in line
        assert "2^" in line                                       # the rule set's own arithmetic (2^fan)
    assert "2^番" not in hk.regions["end"]                        # the payments' unit in plain words


def test_the_payments_table_labels_the_learner_once_and_the_running_scores(mcr_over):
    w = mcr_over
    end = w.regions["end"]
    table = end[end.index('data-payments="1"'):]
    assert "(you) （你）" not in end and "East (you)" in table and "东家（你）" in table
    for x in SEATS:
        assert f'data-running="{x.letter}">{w._score(x):+g}<' in end
    assert f'data-yours="{w._score(w.me):+g}"' in end


def test_no_notation_letters_in_the_claim_prompt_and_buttons():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    seen = 0
    for _ in range(300):
        if w.table.phase == "over":
            break
        opts = w._options()
        if w.waiting == "claim":
            acts = w.regions["me"][w.regions["me"].index('class="mj-acts"'):]
            text = visible(acts)
            assert not NOTATION.search(text), text
            x = w.table.last_discard[1]
            assert x.en in text and x.zh in text
            assert 'data-tile="' in acts                        # the tile drawn beside the question
            seen += 1
            pick = next((o for o in opts if o.startswith("chow")), None) or opts[-1]
            w.handle({"act": "call", "arg": pick})
        elif w.waiting == "discard":
            w.handle({"act": "call", "arg": "win"} if "win" in opts else
                     {"act": "discard", "arg": str(w._coaching.best.discard)})
        else:
            w.handle({"act": "call", "arg": opts[-1]})
    assert seen >= 2
    assert _call_label("chow 6p") == ("吃 六七八饼", "chow 6-7-8 Dots")
    assert _call_label("kong F") == ("杠 发财", "kong Green Dragon")
    # the review's lines name the tiles too
    review = w.regions["end"]
    rows = re.findall(r'<tr data-n="\d+"><td>\d+</td><td>(.*?)</td>', review)
    assert rows and not any(NOTATION.search(visible(r)) for r in rows)


def test_a_claim_overruled_by_a_higher_claim_is_said_plainly():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    said = None
    for _ in range(300):
        if w.table.phase == "over":
            break
        opts = w._options()
        if w.waiting == "discard":
            w.handle({"act": "call", "arg": "win"} if "win" in opts else
                     {"act": "discard", "arg": str(w._coaching.best.discard)})
        else:
            pick = next((o for o in opts if o.split()[0] in ("chow", "pung")), None) or opts[-1]
            w.handle({"act": "call", "arg": pick})
        if 'data-overruled' in w.regions["me"]:
            said = visible(section(w.regions["me"], "data-overruled"))
            break
    assert said, "this shuffle has the learner's chow taken by a pung"
    mine = next(e for e in reversed(w.table.log) if isinstance(e, Declared) and e.seat == w.me)
    assert mine.action == "chow" and "a pung comes before a chow" in said and "碰优先于吃" in said
    assert 'data-overruled' not in w.regions["coach"]            # said once, in the learner's own box


def test_the_overruling_win_is_said_on_the_end_screen():
    """Hong Kong: the learner (South) calls pung on a discard West wins on: "West won on this tile; a
    win comes before a pung", on the end screen and above the coach's rating of the pung."""
    w = PlayTable(rules="hongkong", seat="S", seed=31)
    for _ in range(300):
        if w.table.phase == "over":
            break
        opts = w._options()
        if w.waiting == "discard":
            w.handle({"act": "call", "arg": "win"} if "win" in opts else
                     {"act": "discard", "arg": str(w._coaching.best.discard)})
        else:
            pick = next((o for o in opts if o == "win"), None) or next(
                (o for o in opts if o.split()[0] in ("pung", "chow", "kong")), None) or opts[-1]
            w.handle({"act": "call", "arg": pick})
    (win,) = w.table.winners
    mine = next(e for e in reversed(w.table.log) if isinstance(e, Declared) and e.seat == w.me)
    assert mine.action == "pung" and mine.tile == win.tile and not win.self_drawn and win.seat != w.me
    said = visible(section(w.regions["coach"], "data-overruled"))
    assert f"{win.seat.en} won on this tile ({win.tile.en}); a win comes before a pung" in said
    assert "和牌优先于碰" in said
    w.handle({"act": "coach", "arg": False})
    assert "a win comes before a pung" in visible(w.regions["end"])


def test_after_the_seats_rotate_the_learner_is_told_his_seat_and_score(mcr_over):
    w = PlayTable(rules="mcr", seat="E", seed=1)
    play_out(w)
    w.handle({"act": "next"})
    assert w.seat == "N"
    c = w.regions["controls"]
    assert 'data-moved="N"' in c and "you are North now" in visible(c) and "你现在坐北家" in visible(c)
    assert f"{w._score(w.me):+g}" in visible(section(c, "data-moved"))
    assert "your score" in visible(section(w.regions["me"], 'class="mj-name"'))
    assert "your score" not in w.regions["table"]


def test_a_new_rule_set_restarts_the_match_and_says_what_is_special():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    w.handle({"act": "rules", "arg": "changsha"})
    c = w.regions["controls"]
    assert 'data-restart="rules"' in c and "starts again" in visible(c) and "分数清零" in visible(c)
    special = visible(section(c, 'data-special="changsha"'))
    assert any(en in special and zh in special for zh, en in get_rules("changsha").about.special)
    assert "⇒" not in c and "2^番" not in c                       # plain names in the picker
    assert "optgroup" in c
    w.handle({"act": "seat", "arg": "S"})
    assert 'data-restart="seat"' in w.regions["controls"]
    if w.waiting == "discard":
        w.handle({"act": "discard", "arg": str(w._coaching.best.discard)})
        assert "data-restart" not in w.regions["controls"]       # said once, until the first move


def test_the_learners_rows_are_labelled_and_the_status_reads_in_one_language_at_a_time():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    assert w.table.flowers[w.me]
    me = w.regions["me"]
    assert "flowers" in visible(section(me, "data-flowers")) and "花牌" in visible(section(me, "data-flowers"))
    w.handle({"act": "discard", "arg": str(w._coaching.best.discard)})
    while w.waiting != "discard" and w.table.phase != "over":
        w.handle({"act": "call", "arg": w._options()[-1]})
    pond = visible(section(w.regions["me"], 'data-pond="E"'))
    assert "your discards" in pond and "你打出的牌" in pond
    n = w.wall_left
    status = visible(section(w.regions["controls"], "data-wall"))
    assert f"{n} tiles left in the wall" in status and f"牌墙还剩 {n} 张" in status


def test_useful_tiles_keep_their_counts_and_hide_those_with_none_left():
    h = _useful_html({"5m": 3, "F": 0, "2p": 1}, live=True)
    assert 'data-tile="F"' not in h and h.count('class="mj-cnt"') == 2 and "×3" in h
    assert "none left" in _useful_html({"F": 0}, live=True)
    from mjlearn.widgets.play import _STYLE
    assert re.search(r"\.mj-cnt \{[^}]*white-space: nowrap", _STYLE)
    assert re.search(r"\.mj-acts \{[^}]*align-items: center", _STYLE)      # buttons do not stretch tall


def test_the_coach_panel_explains_its_words_on_hover():
    w = PlayTable(rules="mcr", seat="E", seed=5)
    while w.waiting != "discard":
        w.handle({"act": "call", "arg": "pass"})
    w.handle({"act": "discard", "arg": str(w._coaching[-1].discard)})
    coach = w.regions["coach"]
    terms = re.findall(r'<abbr class="mj-term" title="[^"]*"[^>]*>([^<]+)</abbr>', coach)
    assert "shanten" in terms and "向听" in terms and any(t in terms for t in ("useful tiles", "进张"))


def test_the_chinese_half_names_tiles_in_chinese(mcr_over):
    try:
        i18n.set_language("zh")
        w = mcr_over
        w.refresh()
        win = w.table.winners[0]
        verdict = visible(section(w.regions["end"], f'data-winner="{win.seat.letter}"'))
        assert verdict.index(win.tile.zh) < verdict.index(win.tile.en)
    finally:
        i18n.set_language("en")
        mcr_over.refresh()
