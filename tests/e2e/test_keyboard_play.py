"""A whole hand played with the keyboard alone in JupyterLab (Chromium): Tab into the table, arrows
along the hand, Enter to discard or claim, Escape to pass; no mouse. Every move is chosen as the
click test chooses it (the engine's twin fed the same moves), and the screen reader's live region is
read after each move: it says what the twin's table did, event by event, in both languages."""

from __future__ import annotations

import pytest
from keyboard_helpers import focused, press, tab_until
from test_play_e2e import SHUFFLE, _choose, _open

from mjlearn.table.events import Chowed, Discarded, Drew, Konged, Punged, Won
from mjlearn.widgets.announce import announcements
from mjlearn.widgets.play import PlayTable

pytestmark = pytest.mark.e2e

HAND = ".mj-me .mj-hand"
PASS_AT = 2  # the second claim offered is passed with Escape (the others taken as the click test takes them)


def _said(page) -> dict[int, str]:
    return {
        int(n): text
        for n, text in page.evaluate(
            "() => [...document.querySelectorAll('.mj-live p[data-n]')].map(p => [p.dataset.n, p.textContent])"
        )
    }


def _hand_index(page) -> tuple[list[str], int]:
    """The tiles of the learner's hand in order, and which has the focus."""
    return page.evaluate(
        f"() => {{ const items = [...document.querySelectorAll('{HAND} .mj-t')];"
        " return [items.map(i => i.dataset.tile), items.indexOf(document.activeElement)]; }"
    )


def test_a_whole_hand_by_keyboard(browser_context, lab, shot):
    page = browser_context.new_page()
    page.set_default_timeout(90_000)
    root = _open(page, lab, name="keyboard_play")
    twin = PlayTable(rules="mcr", seat="E", seed=SHUFFLE)
    expected = {n: f"{en} {zh}" for n, zh, en in announcements(twin)}
    page.wait_for_function("() => document.querySelectorAll('.mj-live p').length > 0")
    said = _said(page)
    # into the table by Tab alone, then on to the hand (one tab stop) or the claim buttons
    tab_until(page, lambda f: f.get("inTable"))
    tab_until(page, lambda f: f.get("inHand") or f.get("act") == "call")
    assert page.evaluate(f"document.querySelectorAll('{HAND} [tabindex=\"0\"]').length") == 1
    offers, pressed, shot_taken = 0, [], False
    for moves in range(200):
        if twin.table.phase == "over":
            break
        msg, _sel = _choose(twin, moves + 1)
        if twin.waiting == "claim":
            offers += 1
            if offers == PASS_AT:
                msg = {"act": "call", "arg": "pass"}
        if msg["act"] == "discard":
            tiles, at = _hand_index(page)
            assert at >= 0, f"the hand has not the focus at the learner's discard: {focused(page)}"
            to = min((k for k, x in enumerate(tiles) if x == msg["arg"]), key=lambda k: abs(k - at))
            for _ in range(abs(to - at)):
                page.keyboard.press("ArrowRight" if to > at else "ArrowLeft")
                pressed.append("arrow")
            assert focused(page)["arg"] == msg["arg"]
            if not shot_taken and moves >= 2:
                root.scroll_into_view_if_needed()
                shot(root.locator(".mj-play").first, "play_keyboard_focus")
                shot_taken = True
            press(page, root, "Enter")
        elif msg["arg"] == "pass":
            press(page, root, "Escape")
            pressed.append("escape")
        else:  # a claim, a kong or a win: Tab on to its button
            arg = msg["arg"]
            tab_until(page, lambda f, arg=arg: f.get("act") == "call" and f.get("arg") == arg, limit=30)
            press(page, root, "Enter")
            pressed.append(msg["arg"].split()[0])
        twin.handle(msg)
        assert not root.locator(".mj-error").count()
        said.update(_said(page))
        expected.update({n: f"{en} {zh}" for n, zh, en in announcements(twin)})
        assert said == expected | {k: v for k, v in said.items() if k not in expected}
        assert set(expected) <= set(said), sorted(set(expected) - set(said))
    assert twin.table.phase == "over" and "escape" in pressed and "arrow" in pressed
    assert any(p in pressed for p in ("pung", "chow", "kong", "win")), pressed
    # the live region said every event of the hand the learner could see, as the table logged it
    text = "\n".join(said[n] for n in sorted(said))
    me = twin.me
    for e in twin.table.log:
        if isinstance(e, Discarded):
            assert f"{e.seat.en} discards {e.tile.en}. {e.seat.player_zh}打出{e.tile.zh}。" in text
        elif isinstance(e, (Punged, Chowed)):
            assert (
                f"{e.seat.en} {'pungs' if isinstance(e, Punged) else 'chows'} {e.tile.en} from {e.from_seat.en}" in text
            )
        elif isinstance(e, Konged):
            assert f"{e.seat.en} makes a" in text
        elif isinstance(e, Won):
            assert f"{e.seat.en} wins" in text and f", {e.points} points." in text
        elif isinstance(e, Drew) and e.seat == me:
            assert f"{me.en} draws {e.tile.en}. {me.player_zh}摸{e.tile.zh}。" in text
    for s in ("South", "West", "North"):
        assert f"{s} draws" not in text  # another player's draw is not said (nor its tile)
    assert "The hand is over" in text
    # at the end the focus is on "next hand"
    assert focused(page)["act"] == "next"
    page.close()
