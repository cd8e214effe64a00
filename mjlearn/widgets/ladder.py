"""The ladder of small games (``mj.ladder()``): the rungs, the goal of each, its explanation, and the
play table dealing the chosen rung's rule set.

:class:`LadderBoard` shows the rungs (:func:`mjlearn.quiz.ladder.rungs`), which are open, the
wins toward the chosen rung's goal and its one-screen explanation in both languages; **play** deals a
hand of that rung at a :class:`~mjlearn.widgets.play.PlayTable` (the rung's rule set: the table, the
coach and the review are the ones every rule set has). Each hand the learner finishes there is
kept in the learner's progress (:class:`mjlearn.quiz.ladder.Climb`); a rung opens when the one before
has its goal, and only then: the board asks the kept hands, never the front end, so a crafted message
naming a closed rung is refused. :func:`ladder` puts the board and the table one under the other.
"""

from __future__ import annotations

from typing import Any

import ipywidgets
import traitlets as t

from ..errors import MjlearnError
from ..notation import parse_hand
from ..quiz.ladder import Climb, rungs
from ..render import svg
from ..rules.registry import get as _get_rules
from ._base import B, MjWidget, esc, integer, no_arg
from ._panels import header
from .ladder_table import RungTable
from .play import PlayTable

__all__ = ["Ladder", "LadderBoard", "ladder"]

_LAST = 5
"""The last rung's number (six rungs: the registry's five small games and the full game)."""


class LadderBoard(MjWidget):
    """The ladder's rungs and the chosen rung's explanation and goal (see the module).

    Front-end messages: ``rung`` (show rung 0-5; a closed one is refused) and ``play`` (deal the
    shown rung at the table)."""

    messages = {**MjWidget.messages, "rung": {"arg": integer(0, _LAST)}, "play": {"arg": no_arg}}
    shows_errors = True

    rung = t.Int(0).tag(sync=True)
    """The rung shown (0 = the first)."""
    open_rungs = t.List(t.Int()).tag(sync=True)
    """The rungs the learner may play, read from the kept hands."""
    at_table = t.Int(-1).tag(sync=True)
    """The rung dealt at the table, -1 before the first **play** (not "playing": the front end reads
    a widget's "playing" trait as an animation to step)."""

    def __init__(self, climb: Climb, *, seed=None, **kw):
        self.climb = climb
        self.seeds = _seeds(seed)
        """Each rung's shuffles (None: random ones), as :class:`PlayTable` takes them."""
        self.table: RungTable | None = None
        self._shown_rules = ""  # the table's rule set the board last drew
        self._kept: object = None  # the table's last hand kept (its engine table), so each is kept once
        opened = climb.open_rungs()
        super().__init__(open_rungs=list(opened), rung=opened[-1], **kw)

    # --- actions ---------------------------------------------------------------------------------

    def _act_rung(self, arg, msg):
        if arg not in self.climb.open_rungs():
            return self._closed(arg)
        self.rung = arg

    def _act_play(self, arg, msg):
        if self.rung not in self.climb.open_rungs():  # (the kept hands decide, not the shown rung)
            return self._closed(self.rung)
        step = rungs()[self.rung]
        table = RungTable(_get_rules(step.rules).name, step.title, seat="E", seed=self.seeds[self.rung])
        table.observe(self._hand_over, _WATCHED)  # (a hand over before the learner's turn leaves the
        if self.table is not None:  # phase "over": its number changes; the rules: the board says so)
            self.table.unobserve(self._hand_over, _WATCHED)
        self.table, self.at_table, self._kept, self._shown_rules = table, self.rung, None, table.rules
        self._tables_changed()

    def _closed(self, rung: int) -> None:
        before = rungs()[rung - 1]
        self.last_error = B(
            f"第 {rung + 1} 级还没有打开：先在“{before.title[0]}”赢 {before.wins} 手。",
            f"Rung {rung + 1} is not open yet: first win {before.wins} hands on “{before.title[1]}”.",
        )

    def _hand_over(self, change) -> None:
        """Keep each hand the table finishes on the rung being played (once; hands of another rule set,
        chosen at the table itself, are not the rung's and are not kept)."""
        table = self.table
        if table is not None and table.rules != self._shown_rules:  # switched at the table: the board says so
            self._shown_rules = table.rules
            self.refresh()
        if table is None or table.phase != "over" or not table.counts_for_ladder:
            return
        if table.table.phase != "over":  # (the rules changed before the new deal was drawn: the phase
            return  # read is the last hand's, and the hand dealt now is not over)
        # (by the hand itself, not the session's count of hands: the table shows a hand over in steps,
        # before the session books it, and the phase does not change again when it does)
        if table.table is self._kept:
            return
        self._kept = table.table
        self.climb.record(self.at_table, won=_learner_won(table), seed=self.seeds[self.at_table])
        self.open_rungs = list(self.climb.open_rungs())
        self.refresh()

    def _tables_changed(self) -> None:
        """Called when a new table is dealt (the :class:`Ladder` box shows it)."""

    # --- view --------------------------------------------------------------------------------------

    def _layout(self) -> str:
        return (
            '<div class="mj-view mj-ladder"><div data-region="head"></div><div class="mj-body">'
            '<div data-region="rungs"></div><div data-region="explain"></div>'
            '<div data-region="controls"></div><div data-region="error"></div></div></div>'
        )

    def _regions(self, live: bool) -> dict:
        opened = set(self.open_rungs)
        won = [0] * len(rungs())  # the kept hands, read once for the whole board
        for k, w in self.climb.hands():
            won[k] += w
        cells = []
        for k, r in enumerate(rungs()):
            wins = won[k]
            done = wins >= r.wins
            mark = "✓ " if done else ""
            state = "done" if done else ("open" if k in opened else "closed")
            cur = ' aria-current="step"' if k == self.rung else ""
            dis = "" if k in opened else " disabled"
            locked = (
                ""
                if k in opened
                else f' title="{esc(B("还没有打开：先完成前一级", "not open yet: finish the rung before"))}"'
            )
            cells.append(
                f'<button class="mj-chip mj-rung{" mj-sel" if k == self.rung else ""}" data-act="rung" '
                f'data-arg="{k}" data-state="{state}"{cur}{dis}{locked}>{esc(mark + B(*r.title))}</button>'
            )
        r = rungs()[self.rung]
        wins = won[self.rung]
        played = sum(1 for k, _ in self.climb.hands() if k == self.rung)
        goal = (
            B(f"目标：赢 {r.wins} 手，打开下一级", f"Goal: win {r.wins} hands to open the next rung")
            if self.rung < _LAST
            else B(f"目标：赢 {r.wins} 手", f"Goal: win {r.wins} hands")
        ) + f" · {min(wins, r.wins)}/{r.wins}"
        if played:
            goal += " · " + B(f"已打 {played} 手", f"{played} played")
        lines = "".join(f"<li>{esc(B(zh, en))}</li>" for zh, en in r.explain)
        nxt = ""
        if played and wins < r.wins and self.at_table == self.rung:  # (lost hands count as played)
            nxt = f'<p class="mj-lbl" data-again="">{esc(B(_AGAIN_ZH, _AGAIN_EN))}</p>'
        if wins >= r.wins and self.rung < _LAST:
            nxt = f'<p class="mj-lbl" data-next="open">{esc(B("下一级已经打开。", "The next rung is open."))}</p>'
        example = (
            f'<p class="mj-lbl mj-rung-example">{esc(B("和牌的样子：", "A winning hand:"))}</p>'
            f'<div class="mj-fan-hand">{svg.hand_svg(parse_hand(r.example), width=26)}</div>'
            if r.example
            else ""
        )
        explain = (
            f'<div class="mj-rung-explain"><h4>{esc(B(*r.title))}</h4><ul>{lines}</ul>{example}'
            f'<p class="mj-lbl" data-goal="{self.rung}">{esc(goal)}</p>{nxt}</div>'
        )
        playing = ""
        if self.table is not None:
            playing = (
                f'<span class="mj-lbl">{esc(B("正在下面的牌桌上打：", "At the table below: "))}'
                f"{esc(B(*rungs()[self.at_table].title))}</span>"
                if self.table.counts_for_ladder
                else f'<span class="mj-lbl" data-left-ladder="1">{esc(B(*_LEFT))}</span>'
            )
        controls = (
            '<div class="mj-controls">'
            f'<button class="mj-chip" data-act="play">{esc(B("开始这一级", "Play this rung"))}</button>'
            f"{playing}</div>"
        )
        error = f'<div class="mj-error" role="alert">{esc(self.last_error)}</div>' if self.last_error else ""
        return {
            "head": header(B("小局阶梯", "The ladder of small games"), live),
            "rungs": f'<div class="mj-controls mj-rungs">{"".join(cells)}</div>',
            "explain": explain,
            "controls": controls,
            "error": error,
        }

    def _wins(self, rung: int) -> int:
        return sum(1 for r, won in self.climb.hands() if r == rung and won)

    def _text(self) -> str:
        return f"LadderBoard(rung {self.rung + 1} of {len(rungs())}, open {[k + 1 for k in self.open_rungs]})"

    def _plain_head(self) -> str:
        return B("小局阶梯", "The ladder of small games")


_WATCHED = ["phase", "hand_no", "rules"]
"""The table's traits the board watches: a hand over, a new hand, another rule set chosen there."""

_LEFT = (
    "下面的牌桌换了别的规则：那里的牌局不计入阶梯。",
    "The table below plays other rules now: its hands do not count for the ladder.",
)

_AGAIN_ZH = "每打完一手都记下来：在下面的牌桌上点“下一局”接着打这一级。"
_AGAIN_EN = "Every hand you finish is kept: click “next hand” on the table below to play this rung again."


def _seeds(seed) -> tuple[int | None, ...]:
    """One seed per rung from what :func:`ladder` was given: None, one whole number, or one per rung."""
    n = len(rungs())
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return (seed,) * n
    if (
        isinstance(seed, (list, tuple))
        and len(seed) == n
        and all(s is None or (isinstance(s, int) and not isinstance(s, bool)) for s in seed)
    ):
        return tuple(seed)
    raise LadderSeedError(
        f"seed must be None, a whole number or {n} of them (one per rung), got {seed!r}"
        f"  （seed 应是 None、一个整数，或 {n} 个整数（每级一个），这里是 {seed!r}）"
    )


class LadderSeedError(MjlearnError, ValueError):
    """The shuffles given to :func:`ladder` are not None, a whole number or one per rung."""


def _learner_won(table: PlayTable) -> bool:
    """Whether the learner's seat won the hand just over at ``table``."""
    return any(w.seat == table.me for w in table.table.winners)


class Ladder(ipywidgets.VBox):
    """The board above, the table of the rung being played below (``mj.ladder()`` returns one)."""

    def __init__(self, board: LadderBoard):
        self.board = board
        super().__init__([board])
        board._tables_changed = self._show_table  # type: ignore[method-assign]

    def _show_table(self) -> None:
        self.children = [self.board] if self.board.table is None else [self.board, self.board.table]

    @property
    def table(self) -> PlayTable | None:
        return self.board.table

    def _repr_mimebundle_(self, **kwargs):
        """The live box, with the board's (and the table's) static picture and text beside it for a
        page without a widget front end (GitHub, nbviewer, exported HTML)."""
        data: Any = super()._repr_mimebundle_(**kwargs)
        data, meta = data if isinstance(data, tuple) else (data, {})
        parts = [self.board] if self.board.table is None else [self.board, self.board.table]
        data = dict(data or {})
        data["text/plain"] = "\n".join(w.plain_text() for w in parts)
        data["text/html"] = "".join(w.static_html() for w in parts)
        return data, meta


def ladder(*, seed=None, folder=None, user: str | None = None) -> Ladder:
    """The ladder of small games: its rungs, the open ones (from the learner's kept hands), and a play
    table for the rung chosen. ``seed``: the shuffles (None: random; a whole number for every rung, or
    one per rung); ``folder``/``user``: where the hands are kept and whose (default: the progress
    store's data folder and user)."""
    return Ladder(LadderBoard(Climb(folder, user), seed=seed))
