"""PlayTable: a hand played by the widget's own message handler, under MCR and regional rule sets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mjlearn as mj
from mjlearn.coaching import coach, from_table
from mjlearn.widgets._base import MessageError
from mjlearn.widgets.play import COACH_TRIALS, PlayTable, load_review, review_html, review_text, worst


def coach_message(w: PlayTable, opts: list, passes: bool = False) -> dict:
    """The front end's message for the learner's decision now, as the coach would decide it: on his turn
    win if offered, else the coach's best discard; on someone's discard win, else pung or chow, else the
    last option (pass); ``passes``: pass every discard."""
    if w.waiting == "discard":
        return (
            {"act": "call", "arg": "win"} if "win" in opts else {"act": "discard", "arg": str(w._coaching.best.discard)}
        )
    if passes:
        return {"act": "call", "arg": "pass"}
    take = [o for o in opts if o == "win"] + [o for o in opts if o.split()[0] in ("pung", "chow")]
    return {"act": "call", "arg": take[0] if take else opts[-1]}


def own_turn(w: PlayTable, opts: list) -> None:
    """The learner's own turn as the coach would play it: win if offered, else the coach's best discard."""
    w.handle(coach_message(w, opts))


def play_out(w: PlayTable, *, claim=True, worse_every=3, limit=400) -> dict:
    """Play the learner's seat to the end: the coach's best discard, except every ``worse_every``-th
    decision the coach's worst; claims pung/chow when offered (``claim``), wins when possible."""
    stats = {"claims": 0, "discards": 0}
    for _k in range(limit):
        if w.table.phase == "over":
            return stats
        opts = w._options()
        for o in opts:  # one button per legal option
            assert f'data-act="call" data-arg="{o}"' in w.regions["me"]
        if w.waiting == "discard":
            if "win" in opts:
                w.handle({"act": "call", "arg": "win"})
                continue
            c = w._coaching
            fresh = coach(**from_table(w.table, w.me), trials=COACH_TRIALS)
            assert [o.discard for o in fresh] == [o.discard for o in c]  # the panel's numbers are the coach's
            assert [o.win_chance for o in fresh] == [o.win_chance for o in c]
            pick = c[-1] if (stats["discards"] + 1) % worse_every == 0 else c.best
            w.handle({"act": "discard", "arg": str(pick.discard)})
            stats["discards"] += 1
        elif w.waiting in ("claim", "draw"):
            pick = (
                next((o for o in opts if o == "win"), None)
                or (next((o for o in opts if o.split()[0] in ("pung", "chow")), None) if claim else None)
                or opts[-1]
            )
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
        # the cost is against the best of all the options: the best discard, or a kong or win declared
        assert d["best_action_chance"] >= d["best_win_chance"] - 1e-6
        assert d["cost_chance"] == pytest.approx(max(0.0, d["best_action_chance"] - d["win_chance"]), abs=1e-6)
        if d["best_action"].startswith("discard "):
            assert d["best_action"] == f"discard {d['best']}"
            assert d["best_action_chance"] == pytest.approx(d["best_win_chance"], abs=1e-6)
            assert d["cost_useful"] == max(0, d["best_live"] - d["live"])
    assert any(d["cost_chance"] > 0 or d["cost_useful"] > 0 for d in ds)  # the worst choices were costed
    assert "data-review=" in end and "data-worst=" in end and 'data-step="0"' in end


def test_next_hand_continues_the_session_with_the_dealer_rotated():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    play_out(w)
    first = w.session.records[0]
    w.handle({"act": "next"})
    assert w.hand_no == 2 and w.table.phase != "over"
    assert w.session.dealer != first.dealer  # MCR passes the deal every hand
    assert w.seat == "N"  # the learner stays in place: now North
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
    w.handle({"act": "call", "arg": "pung"})  # no pung to make on one's own turn
    assert w.last_error and len(w.table.log) == n
    w.handle({"act": "call", "arg": "fly"})
    assert "fly" in w.last_error and len(w.table.log) == n
    w.handle({"act": "next"})  # the hand is not over
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
    assert "<svg" in html and "data-worst=" in html
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
    w.handle({"act": "step", "arg": 9999})  # out of range: nothing changes
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
            own_turn(w, opts)
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

    assert any(
        isinstance(e, Declared) and e.seat == w.me and e.action == "kong" and str(e.tile) == kong_tile
        for e in w.table.log
    )
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
            own_turn(w, opts)
        else:
            w.handle({"act": "call", "arg": "win" if "win" in opts else opts[-1]})
    else:  # pragma: no cover
        raise AssertionError("no refused win in this hand")
    assert "8" in w.regions["me"].split("data-refused")[1]  # under the 8-point minimum
    if w.waiting in ("discard", "claim"):  # the win itself is refused, state kept
        n = len(w.table.log)
        w.handle({"act": "call", "arg": "win"})
        assert w.last_error and "8" in w.last_error and len(w.table.log) == n


def test_the_coach_rates_a_claim_against_passing():
    w = PlayTable(rules="mcr", seat="E", seed=1)
    while w.table.phase != "over":
        opts = w._options()
        if w.waiting == "discard":
            own_turn(w, opts)
            continue
        evals = w._claim_evals
        pick = next((o for o in opts if o.split()[0] in ("pung", "chow")), None) or opts[-1]
        w.handle({"act": "call", "arg": pick})
        if evals:
            assert {e["option"] for e in evals} == set(opts)
            d = w.decisions[-1]
            best = max(evals, key=lambda e: (round(e["win_chance"], 9), round(e["expected"], 9), e["live"]))
            assert d["best_claim"] == best["option"] and d["cost_chance"] == pytest.approx(
                best["win_chance"] - d["win_chance"], abs=1e-6
            )
            panel = w.regions["coach"]
            assert f'data-choice="{pick}"' in panel and all(f'data-claim="{e["option"]}"' in panel for e in evals)
            return
    raise AssertionError("no claim was rated in this hand")  # pragma: no cover


# --- kongs, wins and the rest: every decision is rated against an independent computation -----------


def advance_until(w: PlayTable, want, limit=400, claims=("win", "pung")):
    """Play the coach's best (win when offered, pung over pass) until ``want(options)`` holds."""
    for _ in range(limit):
        opts = w._options()
        if want(w, opts):
            return opts
        assert w.table.phase != "over", "the hand ended first"
        if w.waiting == "discard":
            own_turn(w, opts)
        else:
            w.handle({"act": "call", "arg": next((o for o in opts if o in claims), None) or opts[-1]})
    raise AssertionError("the situation did not arise")  # pragma: no cover


def _kong_by_hand(kw: dict, tile, offer=None):
    """The hand after a kong built here from the table's hand, and the keywords with one draw more."""
    from mjlearn.hand import Hand, Meld, MeldKind

    kw = dict(kw)
    hand = kw.pop("hand")
    t = mj.tile(tile) if isinstance(tile, str) else tile
    conc = list(hand.concealed)
    melds = list(hand.melds)
    pung = [m for m in melds if m.kind is MeldKind.PUNG and m.tile is t]
    if offer is not None:
        for _ in range(3):
            conc.remove(t)
        melds.append(Meld(MeldKind.KONG, t, offer))
        seen = dict(kw["seen"])
        seen[t] -= 1
        kw["seen"] = {k: v for k, v in seen.items() if v}
    elif conc.count(t) == 4:
        for _ in range(4):
            conc.remove(t)
        melds.append(Meld(MeldKind.KONG, t))
    else:
        conc.remove(t)
        melds.remove(pung[0])
        melds.append(Meld(MeldKind.KONG, t, pung[0].from_seat + 4))
    kw["draws_left"] += 1  # the replacement from the end of the wall
    return Hand(tuple(melds), tuple(conc), None, hand.flowers), kw


def test_a_kong_in_ones_own_turn_is_rated_against_the_best_discard():
    from mjlearn.coaching import standing

    w = PlayTable(rules="mcr", seat="E", seed=13)
    opts = advance_until(w, lambda w, o: any(x.startswith("kong ") for x in o))
    kw = from_table(w.table, w.me)
    evals = {e["option"]: e for e in w._turn_evals}
    best = coach(**kw, trials=COACH_TRIALS).best
    assert evals[f"discard {best.discard}"]["win_chance"] == round(best.win_chance, 6)
    for o in (x for x in opts if x.startswith("kong ")):
        h, kw2 = _kong_by_hand(kw, o.split()[1])
        st = standing(h, trials=COACH_TRIALS, **kw2)  # the kong by hand: the same method, one draw more
        assert evals[o]["win_chance"] == round(st.win_chance, 6) and evals[o]["live"] == st.live
        assert mj.tile(o.split()[1]) not in st.useful  # the four kong tiles are out of the useful tiles
    kong = next(x for x in opts if x.startswith("kong "))
    w.handle({"act": "call", "arg": kong})
    d = w.decisions[-1]
    assert d["kind"] == "kong" and d["evals"] == list(evals.values())
    top = max(evals.values(), key=lambda e: (round(e["win_chance"], 9), round(e["expected"], 9), e["live"]))
    assert d["best_action"] == top["option"]
    assert d["cost_chance"] == pytest.approx(max(0.0, top["win_chance"] - evals[kong]["win_chance"]), abs=1e-9)
    if w.table.phase != "over":
        panel = w.regions["coach"]
        assert f'data-choice="{kong}"' in panel and all(f'data-claim="{o}"' in panel for o in evals)
        assert "kong, win or discard" in panel and "开杠" in panel


def test_a_kong_on_a_discard_is_rated_beside_pung_and_pass():
    from mjlearn.coaching import standing

    w = PlayTable(rules="mcr", seat="E", seed=34)
    opts = advance_until(w, lambda w, o: w.waiting == "claim" and "kong" in o)
    kw = from_table(w.table, w.me)
    discarder, x = w.table.last_discard
    evals = {e["option"]: e for e in w._claim_evals}
    assert set(evals) == set(opts)
    h, kw2 = _kong_by_hand(kw, x, offer=w.me.offer_from(discarder))
    st = standing(h, trials=COACH_TRIALS, **kw2)
    assert evals["kong"]["win_chance"] == round(st.win_chance, 6)
    keep = standing(**kw, trials=COACH_TRIALS)
    assert evals["pass"]["win_chance"] == round(keep.win_chance, 6) and evals["pass"]["live"] == keep.live
    w.handle({"act": "call", "arg": "kong"})
    d = w.decisions[-1]
    assert d["kind"] == "claim" and d["choice"] == "kong" and d["hand"]
    top = max(evals.values(), key=lambda e: (round(e["win_chance"], 9), round(e["expected"], 9), e["live"]))
    assert d["best_action"] == top["option"] == d["best_claim"]
    assert d["cost_chance"] == pytest.approx(top["win_chance"] - evals["kong"]["win_chance"], abs=1e-9)


def test_declining_a_win_costs_the_certain_win_and_leads_the_review():
    w = PlayTable(rules="mcr", seat="E", seed=11)
    advance_until(w, lambda w, o: w.waiting == "discard" and "win" in o)
    res = w.table.judging.win_result(w.me)
    assert res.legal and res.total - getattr(res, "flowers", 0) >= 8  # MCR: a win of 8 points or more
    c = w._coaching
    keep = c.best
    w.handle({"act": "discard", "arg": str(keep.discard)})
    d = w.decisions[-1]
    assert d["best_action"] == "win" and d["best_action_chance"] == 1.0
    assert d["cost_chance"] == pytest.approx(1 - keep.win_chance, abs=1e-6) and d["cost_useful"] == 0
    assert any(e["option"] == "win" and e["expected"] == res.total for e in d["alternatives"])
    assert 'data-best-action="win"' in w.regions["coach"]
    advance_until(w, lambda w, o: w.table.phase == "over")
    ws = worst(w.record())
    assert ws[0]["n"] == d["n"]  # the costliest decision
    html = w.regions["end"]
    assert f'data-worst="{d["n"]}" data-best-action="win"' in html
    assert "A legal win was on offer" in html and "合法和牌" in html


def test_other_rule_sets_show_the_expected_value_in_their_unit():
    w = PlayTable(rules="xian", seat="E", seed=2)
    advance_until(w, lambda w, o: w.waiting == "discard")
    c = w._coaching
    w.handle({"act": "discard", "arg": str(c.best.discard)})
    unit = w.table.rules.unit
    panel = w.regions["coach"]
    assert f'data-expected="{round(c.best.expected, 4)}"' in panel and unit[1] in panel and unit[0] in panel
    assert "likely scoring items" in panel or not c.best.fans
    d = w.decisions[-1]
    assert d["expected"] == round(c.best.expected, 4)
    play_out(w)
    rec = w.record()
    assert rec["mcr"] is False and rec["unit"] == {"zh": unit[0], "en": unit[1]}
    html = review_html(rec)
    assert "(expected)" in html and f"{d['expected']:.1f}" in html
    # MCR shows the chance alone: its wins need 8 points, the value is not the point
    m = PlayTable(rules="mcr", seat="E", seed=1)
    play_out(m)
    assert m.record()["mcr"] is True and "(expected)" not in review_html(m.record())


def test_the_worst_decisions_cover_claims_and_kongs_drawn_as_tiles():
    rec = {
        "format": "mjlearn-review",
        "rules": "mcr",
        "mcr": True,
        "unit": {"zh": "分", "en": "points"},
        "decisions": [
            {
                "n": 1,
                "kind": "claim",
                "choice": "pass",
                "tile": "5m",
                "options": ["pung", "kong", "pass"],
                "hand": "555m123p789s11sEEN",
                "evals": [
                    {
                        "option": "pung",
                        "win_chance": 0.2,
                        "expected": 2.0,
                        "live": 9,
                        "useful": {"4s": 4},
                        "then": "N",
                        "shanten": 1,
                    },
                    {
                        "option": "kong",
                        "win_chance": 0.3,
                        "expected": 3.0,
                        "live": 8,
                        "useful": {"4s": 4},
                        "then": "",
                        "shanten": 1,
                    },
                    {
                        "option": "pass",
                        "win_chance": 0.1,
                        "expected": 1.0,
                        "live": 5,
                        "useful": {"2s": 2},
                        "then": "",
                        "shanten": 1,
                    },
                ],
                "best_claim": "kong",
                "best_action": "kong",
                "win_chance": 0.1,
                "best_win_chance": 0.3,
                "best_action_chance": 0.3,
                "cost_chance": 0.2,
                "cost_useful": 3,
            },
            {
                "n": 2,
                "kind": "discard",
                "choice": "N",
                "hand": "555m123p789s11sEEN",
                "shanten_before": 1,
                "best": "E",
                "shanten_after": 1,
                "best_shanten": 1,
                "useful": {"1s": 2},
                "best_useful": {"1s": 2},
                "live": 2,
                "best_live": 2,
                "win_chance": 0.15,
                "best_win_chance": 0.15,
                "error": 0,
                "best_error": 0,
                "method": "exact",
                "fans": [],
                "best_fans": [],
                "cost_chance": 0.0,
                "cost_useful": 0,
                "expected": 1.0,
                "best_expected": 1.0,
                "top": [],
                "best_action": "win",
                "best_action_chance": 1.0,
                "alternatives": [
                    {
                        "option": "win",
                        "win_chance": 1.0,
                        "expected": 9,
                        "live": 0,
                        "useful": {},
                        "then": "",
                        "shanten": -1,
                    }
                ],
            },
        ],
    }
    rec["decisions"][1]["cost_chance"] = 0.85
    ws = worst(rec)
    assert [d["n"] for d in ws] == [2, 1]
    html = review_html(rec, at=0)
    claim = html.split('data-worst="1"')[1]
    assert 'data-best-action="kong"' in claim
    assert claim.split("data-worst")[0].count("<svg") >= 14 + 1 + 4  # the hand, the discard, the kong
    assert "you chose pass; better: kong" in claim and "你选了过，更好的是杠" in claim
    assert (
        "one more draw" in claim
        and "多摸一张补牌" in claim
        and "Useful tiles lost: 4 Bamboo" in claim
        and "少了这些有用的牌：四条" in claim
    )
    assert "A legal win was on offer" in html and "The three costliest decisions" in html
    for raw in ("{'", "['", "best_action", "None", "grab_gold"):
        assert raw not in html.replace("data-best-action", "")
    text = review_text(rec)
    assert "#1:" in text and "#2:" in text and "{" not in text


def test_an_on_deal_win_is_offered_to_a_learner_who_is_not_the_dealer_and_rated():
    w = PlayTable(rules="changsha", seat="S", seed=7)
    assert w.me.letter != "E" and w.waiting == "claim" and w._options() == ["on_deal", "pass"]
    assert not w.table.ponds[0]  # the dealer waits for the answer
    r = w.table.judging.on_deal_result(w.me)
    paid = r.payments[w.me.letter]
    assert r.legal and paid > 0
    evals = {e["option"]: e for e in w._claim_evals}
    assert evals["on_deal"]["win_chance"] == evals["pass"]["win_chance"]  # the hand plays on either way
    assert evals["on_deal"]["expected"] == pytest.approx(evals["pass"]["expected"] + paid, abs=1e-3)
    w.handle({"act": "call", "arg": "pass"})
    d = w.decisions[-1]
    assert d["kind"] == "start" and d["best_action"] == "on_deal" and d["cost_chance"] == 0
    assert d["cost_value"] == pytest.approx(paid, abs=1e-3) and worst(w.record())[0]["n"] == d["n"]
    assert "on-deal" in w.regions["coach"] and w.table.ponds[0]  # now the dealer has played
    declared = PlayTable(rules="changsha", seat="S", seed=7)
    declared.handle({"act": "call", "arg": "on_deal"})
    assert not declared.last_error and declared.decisions[-1]["cost_value"] == 0
    assert any(e.seat == declared.me for e in declared.table.settlements)


def test_the_last_tile_offered_is_rated_as_one_draw():
    from mjlearn.coaching import standing

    w = PlayTable(rules="changsha", seat="E", seed=12)
    opts = advance_until(w, lambda w, o: w.waiting == "draw", claims=("win",))
    assert opts == ["draw", "pass"] and w.table.haidi_offered
    kw = from_table(w.table, w.me)
    one = standing(**{**kw, "draws_left": 1}, trials=COACH_TRIALS)
    evals = {e["option"]: e for e in w._claim_evals}
    n = one.unseen
    wins = sum(evals["draw"]["useful"].values()) if one.shanten == 0 and one.win_chance > 0 else 0
    assert evals["draw"]["win_chance"] == round(one.win_chance, 6) == round(wins / n, 6)
    assert evals["pass"]["win_chance"] == 0
    w.handle({"act": "call", "arg": "pass"})
    d = next(d for d in reversed(w.decisions) if d["kind"] == "last_tile")
    assert d["choice"] == "pass" and d["best_action"] == "draw"
    assert d["cost_chance"] == pytest.approx(evals["draw"]["win_chance"], abs=1e-9)


def test_the_dealers_on_deal_win_is_rated_in_his_turn_and_missing_it_costs_its_payment():
    w = PlayTable(rules="changsha", seat="E", seed=25)
    assert w.me.letter == "E" and "on_deal" in w._options() and w.waiting == "discard"
    paid = w.table.judging.on_deal_result(w.me).payments["E"]
    evals = {e["option"]: e for e in w._turn_evals}
    best = w._coaching.best
    assert evals["on_deal"]["win_chance"] == round(best.win_chance, 6)
    assert evals["on_deal"]["expected"] == pytest.approx(best.expected + paid, abs=1e-3)
    w.handle({"act": "discard", "arg": str(best.discard)})  # not declared
    d = w.decisions[-1]
    assert d["best_action"] == "on_deal" and d["cost_chance"] == 0 and d["cost_value"] == pytest.approx(paid, abs=1e-3)
    assert "on-deal win is paid at once" in w.regions["coach"]


def test_robbing_a_kong_is_rated_and_declining_it_costs_the_certain_win():
    from mjlearn.coaching import standing

    w = PlayTable(rules="mcr", seat="E", seed=61)
    for _ in range(400):  # never win, pass every claim: until a kong can be robbed
        if w.table.phase == "rob":
            break
        opts = w._options()
        w.handle(
            {"act": "discard", "arg": str(w._coaching.best.discard)}
            if w.waiting == "discard"
            else {"act": "call", "arg": "pass" if "pass" in opts else opts[-1]}
        )
    else:  # pragma: no cover
        raise AssertionError("no kong to rob")
    assert w._options() == ["win", "pass"]
    res = w.table.judging.win_result(w.me)
    keep = standing(**from_table(w.table, w.me), trials=COACH_TRIALS)
    evals = {e["option"]: e for e in w._claim_evals}
    assert evals["win"]["win_chance"] == 1.0 and evals["win"]["expected"] == res.total
    assert evals["pass"]["win_chance"] == round(keep.win_chance, 6) < 1
    w.handle({"act": "call", "arg": "pass"})
    d = w.decisions[-1]
    assert d["kind"] == "claim" and d["best_action"] == "win"
    assert d["cost_chance"] == pytest.approx(1 - keep.win_chance, abs=1e-6)


def test_a_review_saved_before_claims_counted_useful_tiles_still_loads(tmp_path):
    """Records of the first release rated claims by chance only: no ``cost_useful``, no ``live``."""
    import copy
    import json as _json

    record = _json.loads(
        (Path(__file__).resolve().parents[1] / "notebooks" / "recorded" / "first_hand.json").read_text(encoding="utf-8")
    )
    old = copy.deepcopy(record)
    claims = [d for d in old["decisions"] if d["kind"] == "claim" and "cost_chance" in d]
    assert claims
    for d in claims:
        d.pop("cost_useful")
        for e in d.get("evals", []):
            e.pop("live", None)
            e.pop("useful", None)
    path = tmp_path / "old.json"
    path.write_text(_json.dumps(old), encoding="utf-8")
    review = load_review(path)
    html, text = review._repr_html_(), str(review)
    assert len(review.decisions) == len(record["decisions"]) and "Review" in text and "复盘" in html


def test_the_opponents_level_picker_restarts_the_match_and_a_hand_plays_to_its_end_with_strong_players():
    from mjlearn.coaching import LEVELS, CoachBot
    from mjlearn.table.bots import Bot

    w = PlayTable(rules="mcr", seat="E", seed=1)
    assert w.level == "basic" and all(type(b) is Bot for b in w.bots)
    controls = w.regions["controls"]
    assert 'data-act="level"' in controls
    for n, lv in LEVELS.items():
        assert f'<option value="{n}"' in controls and lv.zh in controls
    assert "Chinese Official rules (MCR)" in controls  # the hint: strong differs under MCR only
    play_out(w)  # a hand played: scores moved
    assert any(w.session.scores)
    w.handle({"act": "level", "arg": "strong"})
    assert not w.last_error and w.level == "strong" and w.hand_no == 1 and not w.decisions
    assert all(isinstance(b, CoachBot) for b in w.bots)
    assert 'data-restart="level"' in w.regions["controls"] and 'value="strong" selected' in w.regions["controls"]
    assert not any(w.session.scores)
    w.handle({"act": "level", "arg": "grandmaster"})  # refused in words, the level kept
    assert "grandmaster" in w.last_error and w.level == "strong"
    stats = play_out(w)
    assert w.table.phase == "over" and sum(w.table.payments.values()) == 0 and stats["discards"] >= 3
    assert all(isinstance(b, CoachBot) for b in w.bots)  # the same level for the whole match
    w.handle({"act": "next"})
    assert w.hand_no == 2 and all(isinstance(b, CoachBot) for b in w.bots)


def test_mj_play_takes_the_level_and_says_when_strong_plays_like_basic():
    w = mj.play("xian", seat="S", seed=2, level="strong")
    assert w.level == "strong" and 'data-level-same="1"' in w.regions["controls"]
    assert "data-level-same" not in mj.play("mcr", seed=2, level="strong").regions["controls"]
    with pytest.raises(ValueError):
        mj.play("mcr", level="expert")
