"""The wall, the deal and the table: step through a hand of play event by event.

:class:`DealView` starts from the shuffle and shows the four walls, the dice, the break, every
block of tiles dealt, the flower replacements, then (if asked) the hand played on by the simple
computer players, with each seat's tiles, melds, flowers and discard pond. Step, play, pause and
a new seed; everything shown is :class:`mjlearn.table.Table`'s own state and event log.
"""

from __future__ import annotations

import traitlets as t

from .. import i18n
from ..seats import Seat
from ..table import Bot, Table
from ._base import B, L, MjWidget, esc, integer, no_arg, one_of, tile_tag
from ._panels import header

__all__ = ["DealView", "TableView"]

# where each seat sits on screen, East (the learner) at the bottom, turn order counterclockwise
SCREEN = {0: "S", 1: "E", 2: "N", 3: "W"}


class DealView(MjWidget):
    """Watch the wall being built, broken and dealt; ``play_on=True`` goes on into play.

    Front-end messages: ``step`` (n events, 1-1000), ``play``, ``pause``, ``reset`` (``"next"``: a
    new seed, else the same one).
    """

    messages = {
        **MjWidget.messages,
        "step": {"arg": integer(1, 1000, default=1)},
        "play": {"arg": no_arg},
        "pause": {"arg": no_arg},
        "reset": {"arg": one_of(None, "", "next")},
    }

    seed = t.Int(1).tag(sync=True)
    rules = t.Unicode("mcr").tag(sync=True)
    playing = t.Bool(False).tag(sync=True)
    interval = t.Int(350).tag(sync=True)
    """Milliseconds between steps while playing."""
    steps = t.Int(0).tag(sync=True)
    """Events shown so far."""
    remaining = t.Int(0).tag(sync=True)
    """Tiles left in the wall."""

    def __init__(self, seed: int = 1, rules: str = "mcr", *, play_on: bool = False, setup: bool = False, **kw):
        self._play_on = play_on
        self._new_table(seed, rules, setup)
        super().__init__(seed=seed, rules=rules, **kw)

    def _new_table(self, seed, rules, setup=False):
        self.table = Table(rules, seed=seed, setup=setup)
        self._done = False
        self._bots = None
        self._last = None

    # --- stepping ----------------------------------------------------------------------------

    def step(self, n: int = 1) -> None:
        """Play ``n`` more events (setup steps, then bot moves when ``play_on``)."""
        tb = self.table
        for _ in range(max(1, int(n))):
            if tb.phase == "setup":
                ev = tb.step_setup()
                if ev is None:
                    tb.phase = tb.phase  # setup finished inside the table
                    if tb.phase == "setup":
                        break
                    self._last = tb.log[-1] if tb.log else None
                    continue
                self._last = ev
            elif self._play_on and tb.phase != "over":
                self._bot_move()
                self._last = tb.log[-1] if tb.log else None
            else:
                self._done = True
                self.playing = False
                break
            self.steps += 1
        if tb.phase != "setup" and (not self._play_on or tb.phase == "over"):
            self._done = True
            self.playing = False

    def _bot_move(self):
        tb = self.table
        if self._bots is None:
            base = tb.seed if tb.seed is not None else 0
            self._bots = [Bot(seed=base * 4 + s) for s in range(4)]
        if tb.phase in ("claim", "rob"):
            ref = tb._claimed_from()[0]
            seat = min(tb.pending, key=lambda s: (s - ref) % 4)
        else:
            seat = tb.turn
        self._bots[seat].act(tb, seat)

    def _act_step(self, arg, msg):
        if self._done:
            self.playing = False
            return
        self.step(arg)

    def _act_play(self, arg, msg):
        if not self._done:
            self.playing = True

    def _act_pause(self, arg, msg):
        self.playing = False

    def _snapshot(self):
        return super()._snapshot(), self.table, self._done, self._bots, self._last

    def _restore(self, before) -> None:
        traits, self.table, self._done, self._bots, self._last = before
        super()._restore(traits)

    def _act_reset(self, arg, msg):
        seed = self.seed + 1 if arg == "next" else self.seed
        self.playing = False
        self.steps = 0
        self._new_table(seed, self.rules)
        self.seed = seed

    # --- rendering -----------------------------------------------------------------------------

    def _layout(self) -> str:
        return (
            '<div class="mj-view"><div data-region="head"></div><div class="mj-body">'
            '<div data-region="controls"></div><div data-region="table"></div></div></div>'
        )

    def _regions(self, live: bool) -> dict:
        tb = self.table
        self.remaining = tb.wall.remaining if tb.wall.order else len(tb.wall)
        return {
            "head": header(
                B("牌墙与发牌", "The wall and the deal") if not self._play_on else B("牌桌", "The table"), live
            ),
            "controls": self._controls(),
            "table": self._table(live),
        }

    def _controls(self) -> str:
        btn = lambda act, zh, en, on="": f'<button class="mj-chip{on}" data-act="{act}">{esc(B(zh, en))}</button>'
        out = ['<div class="mj-controls">', btn("step", "下一步 ▶|", "step ▶|")]
        out.append(btn("pause", "暂停 ⏸", "pause ⏸", " mj-on") if self.playing else btn("play", "播放 ▶", "play ▶"))
        out.append(btn("reset", "重来 ↺", "restart ↺"))
        out.append(btn('reset" data-arg="next', "换一副", "new shuffle"))
        zh = (
            f'第 {self.seed} 副牌 · 第 <b data-steps="{self.steps}">{self.steps}</b> 步 · '
            f'牌墙剩 <b data-remaining="{self.remaining}">{self.remaining}</b> 张'
        )
        en = (
            f'shuffle no. {self.seed} · step <b data-steps="{self.steps}">{self.steps}</b> · '
            f'wall <b data-remaining="{self.remaining}">{self.remaining}</b> tiles left'
        )
        first, second = (zh, en) if i18n_lang() == "zh" else (en, zh)
        second = second.replace(" data-steps=", " data-s=").replace(" data-remaining=", " data-r=")
        out.append(f'<span class="mj-lbl">{first} <span class="mj-sub">{second}</span></span>')
        out.append("</div>")
        return "".join(out)

    def _wall_strip(self, seat: int) -> str:
        """One seat's wall, stack by stack as seen from above (the nearer end first on screen)."""
        w = self.table.wall
        L_ = w.stacks_per_wall[seat]
        if not w.order:  # not broken yet: every stack whole
            states = dict.fromkeys(range(1, L_ + 1), 2)
            marks: dict = {}
        else:
            states, marks = {}, {}
            pos_of = {}
            for i, (s, j) in enumerate(w.order):
                if s == seat:
                    pos_of[j] = i
            live = w.next_live()
            for j in range(1, L_ + 1):
                i = pos_of[j]
                states[j] = (not w.state[2 * i]) + (not w.state[2 * i + 1])
                if live is not None and live >> 1 == i:
                    marks[j] = "mj-live"
            # the wall's tail (its last stack still standing), on whichever seat's side it now is
            last = None
            for i in range(len(w.order) - 1, -1, -1):
                if not w.state[2 * i] or not w.state[2 * i + 1]:
                    last = i
                    break
            if last is not None and w.order[last][0] == seat:
                marks[w.order[last][1]] = marks.get(w.order[last][1], "") + " mj-tail"
        side = SCREEN[seat]
        order = list(range(1, L_ + 1))
        if side in ("S", "W"):  # East at the bottom and North at the left read right to left
            order.reverse()
        cells = "".join(
            f'<span class="mj-stack mj-s{states[j]} {marks.get(j, "")}" '
            f'title="{esc(L(f"第{j}墩", f"stack {j}"))}"></span>'
            for j in order
        )
        return f'<div class="mj-wall mj-wall-{side}" data-seat="{seat}">{cells}</div>'

    def _seat(self, seat: int, live: bool) -> str:
        tb = self.table
        zh, en = Seat(seat).player_zh, Seat(seat).en
        turn = " mj-turn" if tb.phase != "setup" and tb.phase != "over" and tb.turn == seat else ""
        hand = "".join(tile_tag(x, live=live, width=24) for x in tb.concealed(seat))
        melds = "".join(
            f'<span class="mj-meld-s">{"".join(tile_tag(x, live=live, width=22) for x in m.tiles)}</span>'
            for m in tb.melds[seat]
        )
        flowers = "".join(tile_tag(x, live=live, width=20) for x in tb.flowers[seat])
        pond = "".join(
            tile_tag(d[0], live=live, width=20, cls="mj-taken" if d[1] is not None else "") for d in tb.ponds[seat]
        )
        return (
            f'<div class="mj-seat mj-seat-{SCREEN[seat]}{turn}" data-seat="{seat}">'
            f'<div class="mj-seat-name">{esc(B(zh, en))} · {tb.tile_count(seat)} '
            f"{esc(B('张', 'tiles'))}</div>"
            f'<div class="mj-hand-row">{hand}{melds}</div>'
            + (f'<div class="mj-flowers">{flowers}</div>' if flowers else "")
            + self._wall_strip(seat)
            + (f'<div class="mj-pond">{pond}</div>' if pond else "")
            + "</div>"
        )

    def _table(self, live: bool) -> str:
        tb = self.table
        ev = self._last
        lang = i18n_lang()
        other = "en" if lang == "zh" else "zh"
        if ev is not None:  # the caption in both languages, the learner's first
            text, second = ev.text(lang), ev.text(other)
        else:
            text, second = (
                L("按“下一步”开始：洗牌、砌墙", "Press step to begin: shuffle and build the walls"),
                L("Press step to begin: shuffle and build the walls", "按“下一步”开始：洗牌、砌墙"),
            )
        sub = f'<span class="mj-sub">{esc(second)}</span>' if second and second != text else ""
        center = (
            f'<div class="mj-center"><div class="mj-event" data-event="{esc(type(ev).__name__ if ev else "")}">'
            f"{esc(text)}{sub}</div>"
        )
        if tb.phase == "over":
            center += f'<div class="mj-ok">{esc(B("这一局结束", "The hand is over"))}</div>'
        center += "</div>"
        return f'<div class="mj-table-grid">{"".join(self._seat(s, live) for s in range(4))}{center}</div>'

    def _text(self) -> str:
        return f"DealView(seed={self.seed}, rules={self.rules!r}, steps={self.steps})"

    plain_skip = ("head", "controls")

    def _plain_head(self) -> str:
        title = B("牌墙与发牌", "The wall and the deal") if not self._play_on else B("牌桌", "The table")
        return (
            f"{title} · {L('第', 'shuffle no. ')}{self.seed}{L(' 副牌', '')} · "
            f"{L(f'第 {self.steps} 步', f'step {self.steps}')} · "
            f"{L(f'牌墙剩 {self.remaining} 张', f'{self.remaining} tiles left in the wall')}"
        )

    def _static_table(self):
        """What an export without a widget front end shows: nobody can press *step* there, so a
        view not yet started shows the deal completed (a fresh table of the same shuffle).
        Returns ``(table, last event)``, or None when the view has been stepped already."""
        if self.steps:
            return None
        tb = Table(self.rules, seed=self.seed)
        while tb.phase == "setup" and tb.step_setup() is not None:
            pass
        return tb, (tb.log[-1] if tb.log else None)

    def _with_static(self, render):
        other = self._static_table()
        if other is None:
            return render()
        saved = self.table, self._last, self.remaining
        self.table, self._last = other
        try:
            return render()
        finally:
            self.table, self._last, remaining = saved
            if self.remaining != remaining:  # _regions of the fresh table set it
                self.remaining = remaining

    def static_html(self) -> str:
        if self.steps:
            return super().static_html()
        words = B(
            "静态画面：发牌完成以后的牌桌（在运行的笔记本里按“下一步”一步步看）",
            "Static view: the table after the deal (run the notebook and press step to watch it event by event)",
        )
        note = f'<div class="mj-note">{esc(words)}</div>'
        html = self._with_static(super().static_html)
        # the counter reads as the picture does: the deal's events, not the live view's 0
        done = len(self._static_table()[0].log)
        html = html.replace('<b data-steps="0">0</b>', f'<b data-steps="{done}">{done}</b>', 1)
        return html.replace('<div class="mj-body">', '<div class="mj-body">' + note, 1)

    def plain_text(self) -> str:
        if self.steps:
            return super().plain_text()
        text = self._with_static(super().plain_text)
        return text.replace("\n", "\n" + B("静态画面：发牌完成以后", "Static view: after the deal") + "\n", 1)


def i18n_lang() -> str:
    return i18n.get_language()


class TableView(DealView):
    """The four-seat table with discard ponds: the deal, then the hand played by computer players."""

    def __init__(self, seed: int = 1, rules: str = "mcr", **kw):
        super().__init__(seed, rules, play_on=True, **kw)

    def _text(self) -> str:
        return f"TableView(seed={self.seed}, rules={self.rules!r}, steps={self.steps})"
