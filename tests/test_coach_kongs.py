"""Kongs rated like every other decision at the play table: concealed, added and claimed, each set
beside the other options by the coach (:func:`mjlearn.coaching.after_kong`: the kong made, one draw
more), with the reason in words, and offered in the advice before the learner acts."""

from __future__ import annotations

import pytest

from mjlearn.coaching import after_kong, coach, from_table
from mjlearn.hand import MeldKind
from mjlearn.widgets.play import COACH_TRIALS, PlayTable
from mjlearn.widgets.play_rating import ranking

# seeded MCR hands (shuffle, first seat) in which the learner, playing the coach's best and claiming pungs, is offered
# each kind of kong
SEEDS = {"concealed": (56, "S"), "added": (13, "E"), "claimed": (34, "E")}


def _kind(w: PlayTable, option: str) -> str:
    if option == "kong":
        return "claimed"
    t = option.split()[1]
    pung = any(m.kind is MeldKind.PUNG and str(m.tile) == t for m in w.table.melds[w.me])
    return "added" if pung else "concealed"


def _until_kong(w: PlayTable, kind: str) -> str:
    """Play the coach's best (wins, pungs claimed) until a kong of ``kind`` is offered; its option."""
    for _ in range(400):
        assert w.table.phase != "over", f"no {kind} kong offered"
        opts = w._options()
        k = next((o for o in opts if o.startswith("kong") and _kind(w, o) == kind), None)
        if k:
            return k
        if w.waiting == "discard":
            w.handle(
                {"act": "call", "arg": "win"}
                if "win" in opts
                else {"act": "discard", "arg": str(w._coaching.best.discard)}
            )
        else:
            w.handle({"act": "call", "arg": next((o for o in opts if o in ("win", "pung")), None) or opts[-1]})
    raise AssertionError("the hand went on too long")  # pragma: no cover


@pytest.mark.parametrize("kind", ["concealed", "added", "claimed"])
def test_each_kind_of_kong_is_rated_with_a_reason(kind):
    seed, seat = SEEDS[kind]
    w = PlayTable(rules="mcr", seat=seat, seed=seed, coach="on")
    option = _until_kong(w, kind)
    kw = from_table(w.table, w.me)
    evals = w._claim_evals if kind == "claimed" else w._turn_evals
    assert evals and option in {e["option"] for e in evals}
    # the kong's own rating: the kong made by the coach, one draw more
    e = next(e for e in evals if e["option"] == option)
    kw2 = dict(kw)
    hand = kw2.pop("hand")
    if kind == "claimed":
        discarder, x = w.table.last_discard
        seen = dict(kw2.pop("seen"))
        st = after_kong(hand, x, offer=w.me.offer_from(discarder), seen=seen, trials=COACH_TRIALS, **kw2)
    else:
        st = after_kong(hand, option.split()[1], trials=COACH_TRIALS, **kw2)
    assert e["win_chance"] == round(st.win_chance, 6) and e["live"] == st.live
    assert e["routes"] == [r.to_dict() for r in st.routes[:3]]
    # the advice before acting lists it in the coach's order
    ranked = w.advice()
    if kind == "claimed":
        assert [a["option"] for a in ranked] == [a["option"] for a in ranking(evals)]
    else:
        discards = [f"discard {o.discard}" for o in coach(**kw, trials=COACH_TRIALS)]
        assert [a["option"] for a in ranked if a["option"].startswith("discard ")] == discards
        assert option in [a["option"] for a in ranked]
    panel = w.regions["coach"]
    assert f'data-option="{option}"' in panel and "data-advice=" in panel and "data-reason=" in panel
    # the learner konged: the decision is rated against the best option, with a reason in words
    w.handle({"act": "call", "arg": option})
    d = w.decisions[-1]
    top = ranking(evals)[0]
    assert d["best_action"] == top["option"] and d["evals"] == evals
    r = d["reason"]
    assert r["better"] == top["option"] and r["zh"] and r["en"]
    assert r["other"] == (option if top["option"] != option else ranking(evals)[1]["option"])
    assert r["chances"][0] == top["win_chance"]
    if top["option"] == option:
        assert "kong" in r["en"] and "杠" in r["zh"]
    if w.table.phase != "over":
        assert f'data-choice="{option}"' in w.regions["coach"] and "data-reason-en" in w.regions["coach"]


def test_a_kong_declined_for_a_discard_is_costed_with_its_reason():
    seed, seat = SEEDS["added"]
    w = PlayTable(rules="mcr", seat=seat, seed=seed)
    option = _until_kong(w, "added")
    best = w._coaching.best
    w.handle({"act": "discard", "arg": str(best.discard)})
    d = w.decisions[-1]
    assert option in {e["option"] for e in d["alternatives"]}
    r = d["reason"]
    assert r["zh"] and r["en"]
    if d["best_action"] == option:  # the kong was better: the reason sets it against the discard
        assert r["better"] == option and r["other"] == f"discard {best.discard}"
    else:
        assert r["better"] == f"discard {best.discard}"
