"""PlayTable as a new learner reads it: the whole winning hand drawn, the verdict and the payments in
words (from the engine's figures), tiles named instead of notation letters, labelled rows, the seat
after a rotation, a claim another player's claim overruled, a new rule set's restart, glossary words."""

from __future__ import annotations

import html
import re

import pytest
from test_play_widget import own_turn, play_out

from mjlearn import i18n
from mjlearn.rules.registry import get as get_rules
from mjlearn.seats import SEATS
from mjlearn.table import Declared
from mjlearn.widgets.play import PlayTable, _call_label, _useful_html

NOTATION = re.compile(r"(?<![\w-])(?:[1-9][mps]|[ESWNCFP])(?![\w-])")


def visible(fragment: str) -> str:
    """What the learner reads: no tags, no attributes, no tooltips."""
    fragment = re.sub(r"<(style|script|svg|title)\b.*?</\1>", " ", fragment, flags=re.DOTALL)
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
    return region[start : region.index(">", k) + 1]


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
    (base,) = others  # MCR: the other two pay the same base
    assert base == 8 and -pay[disc] == base + win.points  # the competition formula, read from the engine
    assert f"{base:g} + {win.points:g} = {-pay[disc]:g}" in line
    assert f"collects {pay[win.seat.letter]:g}" in line and win.from_seat.en in line
    # a rule set with its own transfers (Hong Kong): each payer's amount as the engine paid it
    hk = PlayTable(rules="hongkong", seat="E", seed=4)
    play_out(hk)
    for win in hk.table.winners:
        line = visible(section(hk.regions["end"], f'data-paid="{win.seat.letter}"'))
        for _p, q, a, _ in win.result.transfers:
            if q == win.seat.letter:
                assert f"pays {a:g}" in line or f"pay {a:g}" in line
            assert "2^" not in line and (
                "2 to the power" in line or "doubled once per fan" in line
            )  # the rule set's own arithmetic, in words
    assert "2^番" not in hk.regions["end"]  # the payments' unit in plain words


def test_the_payments_table_labels_the_learner_once_and_the_running_scores(mcr_over):
    w = mcr_over
    end = w.regions["end"]
    table = end[end.index('data-payments="1"') :]
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
            acts = w.regions["me"][w.regions["me"].index('class="mj-acts"') :]
            text = visible(acts)
            assert not NOTATION.search(text), text
            x = w.table.last_discard[1]
            assert x.en in text and x.zh in text
            assert 'data-tile="' in acts  # the tile drawn beside the question
            seen += 1
            pick = next((o for o in opts if o.startswith("chow")), None) or opts[-1]
            w.handle({"act": "call", "arg": pick})
        elif w.waiting == "discard":
            own_turn(w, opts)
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
            own_turn(w, opts)
        else:
            pick = next((o for o in opts if o.split()[0] in ("chow", "pung")), None) or opts[-1]
            w.handle({"act": "call", "arg": pick})
        if "data-overruled" in w.regions["me"]:
            said = visible(section(w.regions["me"], "data-overruled"))
            break
    assert said, "this shuffle has the learner's chow taken by a pung"
    mine = next(e for e in reversed(w.table.log) if isinstance(e, Declared) and e.seat == w.me)
    assert mine.action == "chow" and "a pung comes before a chow" in said and "碰优先于吃" in said
    assert "data-overruled" not in w.regions["coach"]  # said once, in the learner's own box


def test_the_overruling_win_is_said_on_the_end_screen():
    """Hong Kong: the learner (South) calls pung on a discard West wins on: "West won on this tile; a
    win comes before a pung", on the end screen and above the coach's rating of the pung."""
    w = PlayTable(rules="hongkong", seat="S", seed=31)
    for _ in range(300):
        if w.table.phase == "over":
            break
        opts = w._options()
        if w.waiting == "discard":
            own_turn(w, opts)
        else:
            pick = (
                next((o for o in opts if o == "win"), None)
                or next((o for o in opts if o.split()[0] in ("pung", "chow", "kong")), None)
                or opts[-1]
            )
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
    assert "⇒" not in c and "2^番" not in c  # plain names in the picker
    assert "optgroup" in c
    w.handle({"act": "seat", "arg": "S"})
    assert 'data-restart="seat"' in w.regions["controls"]
    if w.waiting == "discard":
        w.handle({"act": "discard", "arg": str(w._coaching.best.discard)})
        assert "data-restart" not in w.regions["controls"]  # said once, until the first move


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
    assert re.search(r"\.mj-acts \{[^}]*align-items: center", _STYLE)  # buttons do not stretch tall


def test_the_coach_panel_explains_its_words_on_hover():
    w = PlayTable(rules="mcr", seat="E", seed=5)
    while w.waiting != "discard":
        w.handle({"act": "call", "arg": "pass"})
    w.handle({"act": "discard", "arg": str(w._coaching[-1].discard)})
    coach = w.regions["coach"]
    terms = re.findall(r'<abbr class="mj-term" title="[^"]*"[^>]*>([^<]+)</abbr>', coach)
    # the technical words, each in both languages, after the plain words (tests/test_coach_words.py)
    assert "shanten 向听" in terms and "useful tiles 进张" in terms


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


def drive(seed: int, stop_n: int, worse_at=()) -> PlayTable:
    """An MCR hand played by the coach's best discard (its worst at the decisions ``worse_at``),
    stopped right after decision ``stop_n``."""
    w = PlayTable(rules="mcr", seat="E", seed=seed)
    while w.table.phase != "over":
        opts = w._options()
        if w.waiting == "discard":
            if "win" in opts:
                w.handle({"act": "call", "arg": "win"})
                continue
            c = w._coaching
            n = len(w.decisions) + 1
            w.handle({"act": "discard", "arg": str((c[-1] if n in worse_at else c.best).discard)})
            if w.decisions[-1]["n"] == stop_n:
                return w
        else:
            pick = (
                next((o for o in opts if o == "win"), None)
                or next((o for o in opts if o.split()[0] in ("pung", "chow")), None)
                or opts[-1]
            )
            w.handle({"act": "call", "arg": pick})
    raise AssertionError(f"decision {stop_n} never came")


def test_a_chance_of_zero_says_why_and_is_not_praised_in_green():
    w = drive(3, 14)
    d = w.decisions[-1]
    assert d["best_win_chance"] == 0 and d["choice"] == d["best"]
    coach_html = w.regions["coach"]
    head = coach_html[: coach_html.index('<div class="mj-cmp2">')]
    assert "mj-good" not in head and 'data-zero="1"' in head
    text = visible(coach_html)
    assert "no discard here gives a win worth 8 points yet" in text and "8 番" in text
    # the reason is the coach's own note, in both languages
    assert d["best_note"]["en"].startswith("every win it can reach is under 8 points")
    why = visible(section(coach_html, 'data-why-zero="1"'))
    assert d["best_note"]["en"][1:] in why and d["best_note"]["zh"] in why


def test_a_ready_hand_under_8_points_names_its_best_win_from_the_scorer():
    from mjlearn import score
    from mjlearn.analysis import waits
    from mjlearn.hand import as_hand

    w = drive(7, 27)
    d = w.decisions[-1]
    short = d["best_short"]
    assert d["best_win_chance"] == 0 and short["points"] < 8
    # checked against the engine: every wait of the 13 tiles kept, scored self-drawn, is under 8 points
    h = as_hand(d["hand"])
    conc = list(h.concealed)
    conc.remove(next(x for x in conc if str(x) == d["best"]))
    from mjlearn.hand import Hand

    h13 = Hand(h.melds, tuple(conc), None, h.flowers)
    totals = []
    for x in waits(h13).tiles:
        r = score(
            Hand(h.melds, tuple(conc), x, h.flowers),
            self_drawn=True,
            seat_wind=w.me.letter,
            prevalent_wind=w.table.prevalent_wind,
        )
        if r.is_winning:
            totals.append(r.total - r.flowers)
    assert totals and max(totals) == short["points"] < 8
    assert sum(f["points"] for f in short["fans"]) == short["points"]
    text = visible(w.regions["coach"])
    assert f"best {short['points']} points" in text and short["fans"][0]["en"] in text


def test_the_coach_says_which_fan_its_odd_looking_discard_aims_at():
    w = drive(3, 1, worse_at=(1,))
    d = w.decisions[-1]
    assert d["choice"] != d["best"]
    names = {f["en"]: f for f in d["best_fans"]}
    assert "Lesser Honors and Knitted Tiles" in names
    aim = visible(section(w.regions["coach"], 'data-aim="1"'))
    assert "lone winds and dragons" in aim and "Lesser Honors and Knitted Tiles (12 points)" in aim
    assert f"{names['Lesser Honors and Knitted Tiles']['share']:.0%}" in aim and "of the wins the coach counts" in aim
    assert "全不靠（12 番）" in aim
    # a fan the learner's choice carries as often is not what the coach aims at
    mine = {f["en"]: f["share"] for f in d["fans"]}
    for f in d["best_fans"]:
        if f["en"] in aim and f["en"] not in ("Lesser Honors and Knitted Tiles", "Greater Honors and Knitted Tiles"):
            assert f["share"] - mine.get(f["en"], 0) >= 0.15


def test_no_aim_is_claimed_for_a_fan_the_learners_choice_carries_more_often():
    from mjlearn.widgets.play import aim_words

    d = {
        "fans": [{"zh": "五门齐", "en": "All Types", "share": 0.96, "value": 6}],
        "best_fans": [
            {"zh": "不求人", "en": "Fully Concealed Hand", "share": 0.91, "value": 4},
            {"zh": "五门齐", "en": "All Types", "share": 0.30, "value": 6},
        ],
    }
    assert aim_words(d) is None
    d["best_fans"].append({"zh": "混一色", "en": "Half Flush", "share": 0.4, "value": 6})
    assert aim_words(d)[1].startswith("The coach's choice aims at Half Flush (6 points): 40% of the wins")


def test_the_review_gives_the_average_chance_lost_in_percentage_points_and_dashes_no_loss(mcr_over):
    from mjlearn.widgets.play import _costed, review_text

    rec = mcr_over.record()
    rated = _costed(rec)
    end = mcr_over.regions["end"]
    total = 100 * sum(d["cost_chance"] for d in rated)
    m = re.search(r'data-lost-avg="([\d.]+)" data-lost-total="([\d.]+)"', end)
    assert m and float(m.group(2)) == pytest.approx(total, abs=0.01)
    assert float(m.group(1)) == pytest.approx(total / len(rated), abs=0.01)
    text = visible(end)
    assert f"{total:.1f} percentage points over {len(rated)} decisions" in text and "百分点" in text
    assert "in all:" not in text
    for d in rated:
        row = visible(section(end, f'<tr data-n="{d["n"]}"').split("</tr>")[0])
        assert "−0 " not in row and "−0.0%" not in row
    assert "−0.0%" not in review_text(rec) and "-0.0%" not in review_text(rec)


def test_a_cost_of_nothing_is_a_dash_and_a_claim_costing_no_chance_is_not_red():
    from mjlearn.widgets.play import _cost_cell, msg_cost

    d = {
        "n": 3,
        "kind": "claim",
        "choice": "pung",
        "tile": "5p",
        "cost_chance": 0.0,
        "cost_useful": 0,
        "cost_value": 0.0,
    }
    assert "—" in _cost_cell(d) and "mj-bad" not in _cost_cell(d)
    assert "0.0%" not in msg_cost(d)
    d2 = dict(d, cost_useful=4)
    assert visible(_cost_cell(d2)).strip() == "−4 tiles 张" or "−4" in visible(_cost_cell(d2))
    assert "mj-bad" not in _cost_cell(d2) and "0.0%" not in msg_cost(d2) and "4 fewer useful tiles" in msg_cost(d2)
    d3 = dict(d, cost_chance=0.05)
    assert "mj-bad" in _cost_cell(d3) and "5.0% less chance" in msg_cost(d3)
    # the claim panel: a pung as good as passing in chance but with fewer useful tiles is not red bold
    w = PlayTable(rules="mcr", seat="E", seed=1)
    ev = lambda o, p, live: {
        "option": o,
        "win_chance": p,
        "error": 0.0,
        "method": "exact",
        "expected": 0.0,
        "useful": {},
        "live": live,
        "shanten": 2,
        "then": "" if o == "pass" else "9s",
    }
    evals = [ev("pung", 0.0, 10), ev("pass", 0.0, 14)]
    claim = dict(
        d,
        option="pung",
        evals=evals,
        best_claim="pass",
        best_action="pass",
        win_chance=0.0,
        best_win_chance=0.0,
        best_action_chance=0.0,
        expected=0.0,
        best_expected=0.0,
        cost_useful=4,
    )
    panel = w._claim_panel(claim, True)
    assert "mj-bad" not in panel and "0.0% less" not in panel and "4 fewer useful tiles" in panel


def test_the_review_step_labels_the_coachs_top_3_and_shows_the_learners_own_choice(mcr_over):
    w = mcr_over
    ds = w.decisions
    k = next(
        i
        for i, d in enumerate(ds)
        if d["kind"] == "discard" and "top" in d and all(o["discard"] != d["choice"] for o in d["top"][:3])
    )
    try:
        w.handle({"act": "step", "arg": k})
        step = section(w.regions["end"], f'data-step="{k}"')
        d = ds[k]
        text = visible(step)
        assert "coach's top 3" in text and "教练的前三" in text
        mine = visible(section(step, 'data-mine="1"'))
        assert "your choice" in mine and re.search(rf"useful\s+进张\s+{d['live']},", mine)
        assert f"{100 * d['win_chance']:.1f}%" in mine
        for r, o in enumerate(d["top"][:3], 1):
            assert f"{100 * o['win_chance']:.1f}%" in visible(section(step, f'data-rank="{r}"'))
        assert 'data-step-why="1"' in step and visible(section(step, 'data-step-why="1"')).strip()
    finally:
        w.handle({"act": "step", "arg": 0})


def test_useful_tiles_lost_are_named_only_between_discards_equally_far_from_ready():
    from mjlearn.widgets.play import why

    base = {
        "kind": "discard",
        "choice": "9m",
        "best": "F",
        "best_live": 61,
        "live": 20,
        "best_win_chance": 0.068,
        "win_chance": 0.0,
        "cost_chance": 0.068,
        "cost_useful": 41,
        "best_fans": [],
        "fans": [],
    }
    further = dict(base, best_shanten=4, shanten_after=3, best_useful={"2m": 3, "5p": 4}, useful={"3m": 2})
    assert "lost" not in why(further)
    same = dict(base, best_shanten=3, shanten_after=3, best_useful={"2m": 3, "5p": 4, "7s": 0}, useful={"2m": 2})
    text = why(same)
    assert "Useful tiles lost by discarding 9 Characters: 5 Dots." in text
    assert "2 Characters" not in text.split("lost")[1] and "7 Bamboo" not in text


def test_the_replays_deal_is_the_dealt_hand_even_when_the_first_decision_is_a_claim():
    from mjlearn.hand import as_hand
    from mjlearn.table import Session
    from mjlearn.widgets.replay import replay_review

    w = PlayTable(rules="mcr", seat="S", seed=3)
    assert w.waiting == "claim" and not w.table.ponds[w.me]  # the dealer's first discard, before any draw
    # the record keeps the tiles dealt, checked against the same shuffle dealt by the engine
    tb = Session("mcr", seed=w._seed).next_table()
    dealt = sorted(str(x) for x in tb.concealed(w.me) if x.index < 34)
    assert sorted(str(x) for x in as_hand(w.record()["dealt"]).concealed) == dealt and len(dealt) == 13
    play_out(w)
    rec = w.record()
    first = rec["decisions"][0]
    assert first["kind"] == "claim" and len(as_hand(first["hand"]).concealed) == 13
    for r in (rec, {k: v for k, v in rec.items() if k != "dealt"}):  # a record saved before "dealt" too
        piece = replay_review(r).deal()
        page = piece._repr_html_()
        assert 'data-deal="13"' in page and page.count("<svg") >= 13
        assert (
            "13 dealt tiles" in str(piece) and "14" not in visible(page).split("round wind")[1].split("The engine")[0]
        )
    dealer = PlayTable(rules="mcr", seat="E", seed=3).record()["dealt"]
    assert len(as_hand(dealer).concealed) == 14


def test_a_claim_as_good_as_the_best_at_0_percent_is_not_green_and_says_why():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    note = {
        "zh": "能和的牌都不够 8 番（最多 6 番，不计花牌）",
        "en": "every win it can reach is under 8 points (best 6, flowers not counted)",
    }
    ev = lambda o, live: {
        "option": o,
        "win_chance": 0.0,
        "error": 0.0,
        "method": "exact",
        "expected": 0.0,
        "useful": {},
        "live": live,
        "shanten": 1,
        "then": "" if o == "pass" else "9s",
        "note": note,
    }
    d = {
        "n": 2,
        "kind": "claim",
        "choice": "pung",
        "tile": "F",
        "option": "pung",
        "evals": [ev("pung", 12), ev("pass", 8)],
        "best_claim": "pung",
        "best_action": "pung",
        "win_chance": 0.0,
        "best_win_chance": 0.0,
        "best_action_chance": 0.0,
        "expected": 0.0,
        "best_expected": 0.0,
        "cost_chance": 0.0,
        "cost_useful": 0,
        "cost_value": 0.0,
    }
    panel = w._claim_panel(d, True)
    assert "mj-good" not in panel and 'data-zero="1"' in panel
    text = visible(panel)
    assert "no choice here gives a win worth 8 points yet" in text and "best 6, flowers not counted" in text
    # in the review table a best choice at 0% is not marked green either
    from mjlearn.widgets.play import review_html

    rec = {"decisions": [d], "unit": {"zh": "分", "en": "points"}, "mcr": True}
    row = section(review_html(rec), '<tr data-n="2"').split("</tr>")[0]
    assert "mj-good" not in row


# --- the second new learner's pass: words, not notation; one word for MCR points -----------------------


def test_the_coachs_claim_header_names_the_tile_in_words():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    while w.table.phase != "over":
        opts = w._options()
        if w.waiting == "discard":
            own_turn(w, opts)
            continue
        evals = w._claim_evals
        w.handle({"act": "call", "arg": opts[-1]})
        if evals and w.decisions[-1]["kind"] == "claim":
            x = w.decisions[-1]["tile"]
            text = visible(w.regions["coach"])
            from mjlearn.tiles import tile as tile_of

            assert f"claim {tile_of(x).en} or not" in text and f"要不要{tile_of(x).zh}" in text
            assert f"claim {x} or not" not in text
            return
    raise AssertionError("no claim was rated in this hand")  # pragma: no cover


def test_mcr_points_are_fan_in_chinese_and_the_score_never_wraps_alone(mcr_over):
    (win,) = mcr_over.table.winners
    end = visible(mcr_over.regions["end"])
    assert f"{win.points:g} 番" in end and f"{win.points:g} 分。" not in end
    table = mcr_over.regions["table"] + mcr_over.regions["me"]
    spans = re.findall(r'<span style="white-space:nowrap" data-nowrap="score">(.*?)</span>', table)
    assert len(spans) == 4 and all(re.search(r"[+-]\d", s) for s in spans)


def test_what_is_special_is_the_most_useful_line_and_has_no_caret():
    mcr, hk = PlayTable._special(get_rules("mcr")), PlayTable._special(get_rules("hongkong"))
    assert "8 points" in mcr[1] and "8 番" in mcr[0]
    assert "^" not in hk[0] + hk[1] and "double with each fan" in hk[1] and "three winners" not in hk[1]


def test_the_lessons_event_list_and_outcome_name_tiles_in_words():
    from mjlearn.table import Table, play_hand
    from mjlearn.widgets.replay import in_words, log_in_words, outcome_in_words

    t = play_hand(Table("mcr", seed=21))
    for piece in (log_in_words(t.log[-25:]), outcome_in_words(t)):
        for text in (visible(piece.html), piece.text):
            assert not re.search(r"\b[0-9]+[mps]\b|\[[^\]]*,\d\]", text), text
    assert "East draws Winter" in log_in_words(t.log[-25:]).text
    assert in_words("North calls chow 1p-3p on 1p.", False) == "North calls chow 1-2-3 Dots on 1 Dots."
    assert 'data-tile="7p"' in outcome_in_words(t).html  # the winning hand drawn as tiles


def test_a_pass_at_0_percent_with_more_useful_tiles_says_why_it_is_worse():
    from mjlearn.widgets.play import why

    d = {
        "kind": "claim",
        "choice": "pass",
        "tile": "5m",
        "n": 3,
        "best_claim": "pung",
        "best_action": "pung",
        "evals": [
            {
                "option": "pass",
                "win_chance": 0.0,
                "live": 6,
                "useful": {"1m": 3, "4m": 3},
                "shanten": 1,
                "error": 0,
                "note": None,
            },
            {
                "option": "pung",
                "win_chance": 0.3,
                "live": 2,
                "useful": {"4m": 2},
                "shanten": 1,
                "error": 0.02,
                "note": None,
            },
        ],
        "cost_chance": 0.3,
        "cost_useful": 0,
        "win_chance": 0,
        "best_win_chance": 0.3,
    }
    text = why(d)
    assert "passing keeps a hand that cannot reach a win worth 8 points yet" in text.lower() and "8 番" in text
    assert "0% means" in text and "Useful tiles lost" not in text


def test_the_lessons_table_picture_has_its_caption_in_words():
    from mjlearn.table import Table, play_hand
    from mjlearn.widgets.replay import table_in_words

    t = play_hand(Table("mcr", seed=5))
    text = visible(table_in_words(t, show_all=False, seat=0).html)
    assert t.winners and not re.search(r"\b[0-9]+[mps]\b|\[[^\]]*,\d\]", text) and "番" in text
