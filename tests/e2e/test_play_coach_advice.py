"""The coach asked before acting, in JupyterLab (Chromium): a whole MCR hand played by clicks with the
coach in "ask me" mode, "ask the coach" pressed at a discard and at a claim. The advice shown before
the choice is the engine's ranking (a fresh :func:`mjlearn.coach` of the learner's seat for a
discard, the rated claims ordered by chance, value and useful tiles for a claim), and every verdict
shown after a decision carries its reason in both languages, naming a tile, a fan or a count that
the evaluation used."""

from __future__ import annotations

import re

import pytest
from test_play_e2e import SHUFFLE, _choose, _click, _open

from mjlearn.coaching import coach, from_table
from mjlearn.coaching.reasons import option_words
from mjlearn.widgets.play import COACH_TRIALS, PlayTable
from mjlearn.widgets.play_coach_panel import advice_reason_now

pytestmark = pytest.mark.e2e

SOURCE = f'import mjlearn as mj\ntable = mj.play("mcr", seat="E", seed={SHUFFLE}, coach="ask")\ntable'


def _engine_ranking(twin: PlayTable) -> list[str]:
    """The options now, best first, computed here from the engine: the discards by a fresh coach (a
    kong or win declared placed before the first discard it beats), the claims by chance, value, useful tiles."""
    key = lambda e: (round(e["win_chance"], 9), round(e["expected"], 9), e["live"])
    if twin.waiting == "discard":
        c = coach(**from_table(twin.table, twin.me), trials=COACH_TRIALS)
        order = [
            {"option": f"discard {o.discard}", "win_chance": o.win_chance, "expected": o.expected, "live": o.live}
            for o in c
        ]
        for e in sorted(
            (e for e in twin._turn_evals or () if not e["option"].startswith("discard ")), key=key, reverse=True
        ):
            at = next((k for k, o in enumerate(order) if o["option"].startswith("discard ") and key(e) > key(o)), None)
            order.insert(len(order) if at is None else at, e)
        return [o["option"] for o in order]
    evals = list(twin._claim_evals)
    return [e["option"] for e in sorted(evals, key=key, reverse=True)]  # stable: ties keep the table's order


def _ask(page, root, twin: PlayTable) -> None:
    """Press "ask the coach" and check the advice against the engine's ranking."""
    assert root.locator("[data-advice]").count() == 0  # nothing before it is asked for
    _click(page, root, '[data-act="ask"]')
    twin.handle({"act": "ask", "arg": ""})
    box = root.locator("[data-advice]")
    rows = box.locator("[data-rank]")
    shown = [
        (int(rows.nth(k).get_attribute("data-rank")), rows.nth(k).get_attribute("data-option"))
        for k in range(rows.count())
    ]
    want = _engine_ranking(twin)
    # the four best discards and every other option (claim, kong, win), each at the engine's rank
    listed = [(k + 1, o) for k, o in enumerate(want) if k < 4 or not o.startswith("discard ")]
    assert shown == listed, (shown, want)
    assert box.get_attribute("data-advice-best") == want[0]
    chances = [float(x.get_attribute("data-advice-chance")) for x in box.locator("[data-advice-chance]").all()]
    assert chances == sorted(chances, reverse=True) or twin.waiting == "discard"
    reason = advice_reason_now(twin)
    assert box.locator("[data-reason-en]").inner_text().strip() == reason["en"]
    assert box.locator("[data-reason-zh]").inner_text().strip() == reason["zh"]


def _evaluated_words(d: dict) -> tuple[set, set]:
    """The words a reason may name: tiles of the options and fans of their routes (zh, en), and the
    counts (live useful tiles) the evaluation used."""
    names: set = set()
    counts: set = set()
    opts = list(d.get("evals", [])) + d.get("alternatives", [])
    if d["kind"] == "discard":
        counts |= {d["live"], d["best_live"]}
        for r in d.get("routes", []) + d.get("best_routes", []):
            names |= {f["zh"] for f in r["fans"]} | {f["en"] for f in r["fans"]}
        names |= {option_words(f"discard {d['choice']}")[1], option_words(f"discard {d['best']}")[1]}
    for e in opts:
        counts.add(e["live"])
        for r in e.get("routes", []):
            names |= {f["zh"] for f in r["fans"]} | {f["en"] for f in r["fans"]}
        names |= set(option_words(e["option"]))
    return names, counts


def test_asking_the_coach_at_a_discard_and_a_claim(browser_context, lab, tmp_path):
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    root = _open(page, lab, SOURCE, "play_coach_advice")
    twin = PlayTable(rules="mcr", seat="E", seed=SHUFFLE, coach="ask")
    asked = {"discard": 0, "claim": 0}
    verdicts = discards = 0
    for _ in range(200):
        if twin.table.phase == "over":
            break
        kind = twin.waiting
        if kind == "claim" and not asked["claim"] and twin._claim_evals and len(twin._claim_evals) >= 2:
            _ask(page, root, twin)
            asked["claim"] += 1
            page.set_viewport_size({"width": 1400, "height": 1600})
            root.scroll_into_view_if_needed()
            path = tmp_path / "play_advice_claim.png"
            root.locator(".mj-play").first.screenshot(path=str(path))
            print(f"\nscreenshot: {path}")
            page.set_viewport_size({"width": 1400, "height": 1000})
        elif kind == "discard" and not asked["discard"] and discards >= 1:
            _ask(page, root, twin)
            asked["discard"] += 1
            path = tmp_path / "play_advice_discard.png"
            root.locator(".mj-play").first.screenshot(path=str(path))
            print(f"\nscreenshot: {path}")
        msg, sel = _choose(twin, 0)
        _click(page, root, sel)
        twin.handle(msg)
        discards += msg["act"] == "discard"
        d = twin.decisions[-1] if twin.decisions else None
        if d is None or d["n"] != len(twin.decisions) or "reason" not in d:
            continue
        panel = root.locator("[data-coach]")
        if panel.count() == 0 or panel.get_attribute("data-coach") != str(d["n"]):
            continue  # the hand ended on this decision: the end screen shows
        zh = panel.locator("[data-reason-zh]").inner_text().strip()
        en = panel.locator("[data-reason-en]").inner_text().strip()
        assert zh == d["reason"]["zh"] and en == d["reason"]["en"] and zh and en
        assert re.search(r"[\u4e00-\u9fff]", zh) and re.search(r"[A-Za-z]{3}", en)
        names, counts = _evaluated_words(d)
        said = any(n and n in zh + en for n in names) or any(re.search(rf"\b{c}\b", en) for c in counts)
        assert said, (en, names, counts)
        verdicts += 1
        assert not root.locator(".mj-error").count()
    assert twin.table.phase == "over"
    assert asked == {"discard": 1, "claim": 1} and verdicts >= 4
    page.close()
