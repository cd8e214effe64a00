"""PlayTable: a hand played by the widget's own message handler, under MCR and regional rule sets."""

from __future__ import annotations

import json

import pytest

import mjlearn as mj
from mjlearn.coaching import coach, from_table
from mjlearn.widgets._base import MessageError
from mjlearn.widgets.play import COACH_TRIALS, PlayTable, load_review


def play_out(w: PlayTable, *, claim=True, worse_every=3, limit=400) -> dict:
    """Play the learner's seat to the end: the coach's best discard, except every ``worse_every``-th
    decision the coach's worst; claims pung/chow when offered (``claim``), wins when possible."""
    stats = {"claims": 0, "discards": 0}
    for k in range(limit):
        if w.table.phase == "over":
            return stats
        opts = w._options()
        for o in opts:                                   # one button per legal option
            assert f'data-act="call" data-arg="{o}"' in w.regions["me"]
        if w.waiting == "discard":
            if "win" in opts:
                w.handle({"act": "call", "arg": "win"})
                continue
            c = w._coaching
            fresh = coach(**from_table(w.table, w.me), trials=COACH_TRIALS)
            assert [o.discard for o in fresh] == [o.discard for o in c]           # the panel's numbers are the coach's
            assert [o.win_chance for o in fresh] == [o.win_chance for o in c]
            pick = c[-1] if (stats["discards"] + 1) % worse_every == 0 else c.best
            w.handle({"act": "discard", "arg": str(pick.discard)})
            stats["discards"] += 1
        elif w.waiting in ("claim", "draw"):
            pick = next((o for o in opts if o == "win"), None) or (
                next((o for o in opts if o.split()[0] in ("pung", "chow")), None) if claim else None) or opts[-1]
            if pick.split()[0] in ("pung", "chow", "kong"):
                stats["claims"] += 1
            w.handle({"act": "call", "arg": pick})
        else:  # pragma: no cover - the widget stopped where the learner cannot act
            raise AssertionError(f"stuck: waiting={w.waiting!r} phase={w.table.phase}")
        assert not w.last_error, w.last_error
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("rules,seed", [("mcr", 1), ("xian", 2), ("hongkong", 4)])
def test_a_seeded_hand_played_by_messages_to_its_end(rules, seed):
    w = PlayTable(rules=rules, seat="E", seed=seed)
    assert w.waiting in ("discard", "claim", "draw")
    stats = play_out(w)
    tb = w.table
    assert tb.phase == "over" and w.phase == "over" and w.waiting == ""
    assert stats["claims"] >= 1 and stats["discards"] >= 3
    assert sum(tb.payments.values()) == 0
    assert len(w.session.records) == 1 and w.session.records[0].table is tb
    end = w.regions["end"]
    for x, v in tb.payments.items():
        assert f'data-pay="{x}">{v:+g}<' in end
    for win in tb.winners:
        assert f'data-total="{win.points}"' in end
    # the running scores beside each seat are this hand's payments (the first hand: players sit as seated)
    shown = w.regions["table"] + w.regions["me"]
    for x, v in tb.payments.items():
        assert f'data-seat="{x}"><div class="mj-name" data-score="{v:+g}"' in shown
    # every discard the learner made is in the review with its cost against the coach's best
    ds = [d for d in w.decisions if d["kind"] == "discard"]
    assert len(ds) == stats["discards"]
    for d in ds:
        assert d["cost_chance"] == pytest.approx(max(0.0, d["best_win_chance"] - d["win_chance"]), abs=1e-6)
        assert d["cost_useful"] == max(0, d["best_live"] - d["live"])
    assert any(d["cost_chance"] > 0 or d["cost_useful"] > 0 for d in ds)  # the worst choices were costed
    assert 'data-review=' in end and 'data-worst=' in end and 'data-step="0"' in end


def test_next_hand_continues_the_session_with_the_dealer_rotated():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    play_out(w)
    first = w.session.records[0]
    w.handle({"act": "next"})
    assert w.hand_no == 2 and w.table.phase != "over"
    assert w.session.dealer != first.dealer            # MCR passes the deal every hand
    assert w.seat == "N"                              # the learner stays in place: now North
    assert sum(w.session.scores) == 0


def test_bad_actions_show_a_message_and_keep_the_state():
    w = PlayTable(rules="mcr", seat="S", seed=3)
    assert w.waiting == "discard" or w.waiting == "claim"
    n = len(w.table.log)
    mine = {str(x) for x in w.table.concealed(w.me)}
    absent = next(x for x in ("1m", "9p", "E", "C", "5s", "7m") if x not in mine)
    w.handle({"act": "discard", "arg": absent})
    assert w.last_error and len(w.table.log) == n and "data-region" not in w.regions["error"]
    assert "mj-error" in w.regions["error"]
    w.handle({"act": "call", "arg": "pung"})               # no pung to make on one's own turn
    assert w.last_error and len(w.table.log) == n
    w.handle({"act": "call", "arg": "fly"})
    assert "fly" in w.last_error and len(w.table.log) == n
    w.handle({"act": "next"})                               # the hand is not over
    assert w.last_error and w.hand_no == 1 and len(w.table.log) == n
    with pytest.raises(MessageError):
        w.handle({"act": "discard", "arg": 5})
    with pytest.raises(MessageError):
        w.handle({"act": "explode"})
    # a good action clears the message
    if w.waiting == "discard":
        w.handle({"act": "discard", "arg": str(w._coaching.best.discard)})
    else:
        w.handle({"act": "call", "arg": "pass"})
    assert not w.last_error and len(w.table.log) > n


def test_not_your_turn_is_refused():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    play_out(w)
    n = len(w.table.log)
    w.handle({"act": "discard", "arg": str(w.table.concealed(w.me)[0])})
    assert "over" in w.last_error and len(w.table.log) == n


def test_coach_panel_switches_and_shows_the_choice_beside_the_best():
    w = PlayTable(rules="mcr", seat="E", seed=5)
    assert 'data-coach="none"' in w.regions["coach"]
    while w.waiting != "discard":
        w.handle({"act": "call", "arg": "pass"})
    c = w._coaching
    w.handle({"act": "discard", "arg": str(c[-1].discard)})
    panel = w.regions["coach"]
    assert f'data-choice="{c[-1].discard}"' in panel and f'data-best="{c.best.discard}"' in panel
    assert f'data-chance="{c.best.win_chance:.6f}"' in panel
    w.handle({"act": "coach", "arg": False})
    assert w.regions["coach"] == "" and not w.coach_on
    w.handle({"act": "coach", "arg": True})
    assert "data-coach=" in w.regions["coach"]


def test_review_saved_and_loaded(tmp_path):
    w = PlayTable(rules="mcr", seat="E", seed=1)
    play_out(w)
    p = w.save(tmp_path / "hand.json")
    data = json.loads(p.read_text(encoding="utf-8"))
    assert data["format"] == "mjlearn-review" and data["decisions"] == w.decisions
    r = load_review(p)
    assert r.decisions == w.decisions and len(r.worst()) == min(3, len(r.worst(99)))
    worst = r.worst()
    assert worst == sorted(worst, key=lambda d: (-d["cost_chance"], -d["cost_useful"], d["n"]))
    html = r._repr_html_()
    assert "<svg" in html and 'data-worst=' in html
    text = str(r)
    assert "Review" in text or "复盘" in text
    with pytest.raises(ValueError):
        (tmp_path / "x.json").write_text("{}")
        load_review(tmp_path / "x.json")


def test_review_steps_back_and_forth():
    w = PlayTable(rules="xian", seat="E", seed=2)
    play_out(w)
    assert w.review_at == 0
    w.handle({"act": "step", "arg": 1})
    assert w.review_at == 1 and 'data-step="1"' in w.regions["end"]
    w.handle({"act": "step", "arg": 0})
    assert 'data-step="0"' in w.regions["end"]
    w.handle({"act": "step", "arg": 9999})                 # out of range: nothing changes
    assert w.review_at == 0


def test_static_fallback_has_tiles_and_text():
    w = mj.play("mcr", seat="W", seed=7)
    bundle, _ = w._repr_mimebundle_()
    html, plain = bundle["text/html"], bundle["text/plain"]
    assert html.count("<svg") >= 13 and "data-act" not in html.split("</style>", 2)[-1].replace('data-act="lang"', "")
    assert "Play a hand" in plain or "打一局" in plain
    assert str(w.wall_left) in plain
    assert "PlayTable(" not in plain and "{" not in plain


def test_rule_set_and_seat_pickers_start_a_new_game():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    w.handle({"act": "rules", "arg": "changsha"})
    assert w.table.rules.name == "changsha" and w.rules == "changsha"
    w.handle({"act": "seat", "arg": "W"})
    assert w.seat == "W" and w.table.rules.name == "changsha"


def test_a_kong_of_ones_own_is_a_button_on_ones_turn():
    w = PlayTable(rules="mcr", seat="E", seed=13)
    for _ in range(400):
        opts = w._options()
        kongs = [o for o in opts if o.startswith("kong ")]
        if kongs:
            break
        if w.waiting == "discard":
            w.handle({"act": "call", "arg": "win"} if "win" in opts else
                     {"act": "discard", "arg": str(w._coaching.best.discard)})
        else:
            pick = next((o for o in opts if o in ("win", "pung")), None) or opts[-1]
            w.handle({"act": "call", "arg": pick})
    else:  # pragma: no cover
        raise AssertionError("no kong offered")
    assert w.waiting == "discard" and f'data-arg="{kongs[0]}"' in w.regions["me"]
    melds = len(w.table.melds[w.me])
    kong_tile = kongs[0].split()[1]
    w.handle({"act": "call", "arg": kongs[0]})
    assert not w.last_error
    assert w.decisions[-1]["kind"] == "kong" and w.decisions[-1]["choice"] == kong_tile
    from mjlearn.table import Declared
    assert any(isinstance(e, Declared) and e.seat == w.me and e.action == "kong" and str(e.tile) == kong_tile
               for e in w.table.log)
    assert len(w.table.melds[w.me]) >= melds
    # here West robs the added kong: the hand ends on the table's own judgement
    if w.table.phase == "over":
        assert w.table.winners and 'data-end="1"' in w.regions["end"]
    else:
        assert w.waiting == "discard"


def test_a_complete_hand_the_rule_set_refuses_says_why_and_a_win_call_is_refused():
    w = PlayTable(rules="mcr", seat="E", seed=8)
    for _ in range(400):
        if "data-refused" in w.regions["me"]:
            break
        opts = w._options()
        if w.waiting == "discard":
            w.handle({"act": "call", "arg": "win"} if "win" in opts else
                     {"act": "discard", "arg": str(w._coaching.best.discard)})
        else:
            w.handle({"act": "call", "arg": "win" if "win" in opts else opts[-1]})
    else:  # pragma: no cover
        raise AssertionError("no refused win in this hand")
    assert "8" in w.regions["me"].split("data-refused")[1]          # under the 8-point minimum
    if w.waiting in ("discard", "claim"):                              # the win itself is refused, state kept
        n = len(w.table.log)
        w.handle({"act": "call", "arg": "win"})
        assert w.last_error and "8" in w.last_error and len(w.table.log) == n


def test_the_coach_rates_a_claim_against_passing():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    while w.table.phase != "over":
        opts = w._options()
        if w.waiting == "discard":
            w.handle({"act": "call", "arg": "win"} if "win" in opts else
                     {"act": "discard", "arg": str(w._coaching.best.discard)})
            continue
        evals = w._claim_evals
        pick = next((o for o in opts if o.split()[0] in ("pung", "chow")), None) or opts[-1]
        w.handle({"act": "call", "arg": pick})
        if evals:
            assert {e["option"] for e in evals} == {o for o in opts if o.split()[0] in ("pung", "chow", "pass")}
            d = w.decisions[-1]
            best = max(evals, key=lambda e: e["win_chance"])
            assert d["best_claim"] == best["option"] and d["cost_chance"] == pytest.approx(
                best["win_chance"] - d["win_chance"], abs=1e-6)
            panel = w.regions["coach"]
            assert f'data-choice="{pick}"' in panel and all(f'data-claim="{e["option"]}"' in panel for e in evals)
            return
    raise AssertionError("no claim was rated in this hand")  # pragma: no cover
