"""A click sends the browser only the regions whose HTML it changed (``region_patch``, see
mjlearn/widgets/_base.py), and what the browser builds from those patches is always the whole view
Python has (``regions``). The browser's side is modelled here as mj.js does it: a full patch replaces,
a patch on the version it has is applied, any other asks for every region."""

from __future__ import annotations

import json
import random

import pytest

from mjlearn.widgets._base import _splice
from mjlearn.widgets.editor import HandEditor
from mjlearn.widgets.play import PlayTable


def splice(old: str, part: list) -> str:
    """What mj.js makes of ``[keep, cut, middle]``: JavaScript slices by UTF-16 code units."""
    keep, cut, middle = part
    units = old.encode("utf-16-le")
    return units[: 2 * keep].decode("utf-16-le") + middle + units[len(units) - 2 * cut :].decode("utf-16-le")


class _OpenComm:
    """A comm with a kernel behind it: ipywidgets sends a changed trait only through such a comm (which
    comm a widget gets without a kernel depends on what the process imported before: ipykernel's has
    none behind it, so nothing would be sent)."""

    kernel = "a kernel"
    comm_id = "region-patch-test"

    def on_msg(self, callback):
        pass

    def send(self, data=None, buffers=None, **kw):
        pass

    def close(self, *args, **kw):
        pass


class Browser:
    """What mj.js keeps of a widget's regions, fed by the kernel's update messages."""

    def __init__(self, w):
        self.w = w
        self.sent: list[dict] = []
        self.regions: dict = {}
        self.version = None
        w.comm = _OpenComm()
        w._send = self._receive  # every state message the kernel sends goes through Widget._send
        self._receive({"method": "update", "state": w.get_state()})  # the comm's first state

    def _receive(self, msg, buffers=None):
        self.sent.append(msg)
        p = msg.get("state", {}).get("region_patch")
        if p is None:
            return
        if p.get("full"):
            self.regions = dict(p["set"])
        else:
            assert p["base"] == self.version, "a patch on a version the browser does not have"
            for k in p["drop"]:
                del self.regions[k]
            for k, h in p["set"].items():
                self.regions[k] = h if isinstance(h, str) else splice(self.regions[k], h)
        self.version = p["v"]

    def click(self, msg) -> list[dict]:
        """The region patches the kernel sends while it answers ``msg``."""
        n = len(self.sent)
        self.w.handle(msg)
        return [m["state"]["region_patch"] for m in self.sent[n:] if "region_patch" in m.get("state", {})]


def _discard(pt: PlayTable) -> dict:
    return {"act": "discard", "arg": str(pt._coaching.best.discard)}


def test_a_click_sends_only_the_regions_it_changed():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    seen: list[dict] = []
    pt.observe(lambda c: seen.append(dict(c["new"])), names="regions")
    browser = Browser(pt)
    assert browser.regions == pt.regions
    clicks = 0
    while pt.waiting == "discard" and clicks < 6:
        before = dict(pt.regions)
        seen.clear()
        patches = browser.click(_discard(pt))
        assert len(patches) == len(seen) >= 1  # one patch per view the table drew
        views = [before, *seen]
        for p, old, new in zip(patches, views, views[1:]):
            assert set(p["set"]) == {k for k in new if new[k] != old.get(k)}, p["set"].keys()
            assert all(splice(old[k], h) == new[k] for k, h in p["set"].items() if not isinstance(h, str))
            assert not p.get("full")
        assert browser.regions == pt.regions
        # less went over the wire for the click than the whole views it drew
        sent = sum(len(json.dumps(p, ensure_ascii=False).encode()) for p in patches)
        whole = sum(len(json.dumps(v, ensure_ascii=False).encode()) for v in seen)
        assert sent < whole, (sent, whole)
        clicks += 1
    assert clicks >= 3


def test_a_view_that_missed_patches_asks_for_every_region():
    pt = PlayTable(rules="mcr", seat="E", seed=1)
    browser = Browser(pt)
    pt.handle(_discard(pt))
    n = len(browser.sent)
    pt._on_front_msg(pt, {"act": "regions"}, [])  # what a view made now sends (mj.js)
    (msg,) = browser.sent[n:]
    assert msg["state"]["region_patch"]["full"] and msg["state"]["region_patch"]["set"] == pt.regions
    browser.click(_discard(pt))  # and the next patches build on it
    assert browser.regions == pt.regions


def test_a_region_that_goes_away_is_dropped_and_a_language_change_is_followed():
    import mjlearn as mj

    ed = HandEditor("12346789mEEE44s+5m", rules="mcr")
    browser = Browser(ed)
    ed.regions = {k: v for k, v in ed.regions.items() if k != "head"}
    assert "head" not in browser.regions and browser.regions == ed.regions
    try:
        mj.set_language("zh")
        assert browser.regions == ed.regions
    finally:
        mj.set_language("en")
    assert browser.regions == ed.regions


@pytest.mark.parametrize("update", [{"region_patch": {"v": 99, "set": {}}}, {"regions": {"head": "x"}}])
def test_the_front_end_cannot_set_the_regions(update):
    ed = HandEditor("123m", rules="mcr")
    before = dict(ed.regions), dict(ed.region_patch)
    ed.set_state(update)
    assert (ed.regions, ed.region_patch) == before


def test_a_splice_puts_the_new_html_together_whatever_the_characters():
    rng = random.Random(7)
    alphabet = 'ab<>"中文\U0001f004\U0001f022 '  # tiles outside the BMP count twice in JavaScript
    for _ in range(2000):
        old = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 600)))
        cut = sorted(rng.randrange(0, len(old) + 1) for _ in range(2))
        new = old[: cut[0]] + "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40))) + old[cut[1] :]
        part = _splice(old, new)
        assert (part if isinstance(part, str) else splice(old, part)) == new, (old, new, part)
    assert isinstance(_splice("x" * 1000, "x" * 1000 + "y"), list)
    assert _splice("abc", "abd") == "abd"  # too small a saving: the whole text
