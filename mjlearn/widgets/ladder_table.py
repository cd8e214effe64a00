"""The table of a rung of the ladder (:class:`RungTable`): the play table with only what the rung needs.

A rung of :func:`mjlearn.ladder` deals its own rule set at a :class:`~mjlearn.widgets.play.PlayTable`.
A newcomer there needs the table, its status line, the coach and the coach's mode; the full table's
pickers (twenty rule sets, the first seat, the computer players' level) are folded under
"更多选项 more options", closed until the learner opens it (a Python state, so that a redraw of the
table after each move does not close it again).

The ladder counts the hands of the rung's own rule set only
(:meth:`~mjlearn.widgets.ladder.LadderBoard._hand_over`). Opening the options says so, and a table
switched to another rule set says it at every hand, in both languages, with a button back to the
rung's rule set (a new match of the rung, with its same shuffles). A message naming another rung's
small game is refused: a rung is chosen on the board, where it is checked that it is open.
"""

from __future__ import annotations

import traitlets as t

from ..rules.registry import get as _get_rules
from ..rules.registry import names as _rule_names
from ._base import B, esc, no_arg, one_of
from .play import PlayTable
from .play_outcome import _rules_words
from .play_view import RESTART_NOTE, _coach_picker, _controls, _level_picker, rules_picker, seat_picker

__all__ = ["RungTable"]


class RungTable(PlayTable):
    """The play table of one rung of the ladder (see the module): ``rung_rules`` the rung's rule set,
    ``rung_title`` its title (zh, en); the other arguments are :class:`PlayTable`'s.

    Front-end messages beyond the play table's: ``more`` (open or close the folded options) and
    ``rules`` taking the rung's rule set too (back to the rung)."""

    messages = {
        **PlayTable.messages,
        "rules": {"arg": one_of(*_rule_names(practice=True))},  # another rung's is refused by _act_rules
        "more": {"arg": no_arg},
    }

    more_open = t.Bool(False).tag(sync=True)
    """Whether the folded options (rule set, first seat, opponents) are shown."""

    def __init__(self, rung_rules: str, rung_title: tuple[str, str], **kw):
        _get_rules(rung_rules)
        self.rung_rules = rung_rules
        self.rung_title = rung_title
        super().__init__(rules=rung_rules, **kw)

    @property
    def counts_for_ladder(self) -> bool:
        """Whether the hands at this table now count toward the rung (its own rule set is dealt)."""
        return self.rules == self.rung_rules

    def _act_more(self, arg, msg):
        self.more_open = not self.more_open

    def _act_rules(self, arg, msg):
        if arg != self.rung_rules and arg not in _rule_names():
            zh, en = _rules_words(_get_rules(arg))
            return self._refuse(
                f"{en} is another rung of the ladder: choose it on the board above (it opens when the rung "
                "before it has its wins).",
                f"{zh}是阶梯的另一级：请在上面的阶梯里选它（前一级赢够了它才打开）。",
            )
        super()._act_rules(arg, msg)

    # --- view ------------------------------------------------------------------------------------

    def _regions(self, live: bool) -> dict:
        regions = super()._regions(live)
        regions["controls"] = _controls(self, live, *self._rung_controls(live))
        return regions

    def _rung_controls(self, live: bool) -> tuple[str, str]:
        """(the pickers' place, what goes below it): the rung's rule set named and the coach's mode,
        then the folded options and, under another rule set, the notice that the ladder does not count it."""
        rung = _rules_words(_get_rules(self.rung_rules))
        now = _rules_words(self.table.rules)
        pick = (
            f'<span data-rung-rules="{esc(self.rung_rules)}">{esc(B("规则", "rules"))}: <b>{esc(B(*now))}</b></span> '
        )
        if not live:
            return pick, self._left_html(rung, now, live)
        pick += _coach_picker(self)
        more = (
            f'<details class="mj-more" data-more="{int(self.more_open)}"{" open" if self.more_open else ""}>'
            f'<summary data-act="more">{esc(B("更多选项", "more options"))}</summary>'
            f'<div class="mj-controls">{rules_picker(self, first=self.rung_rules)}{seat_picker(self)}'
            f"{_level_picker(self)}<small>{esc(B(*RESTART_NOTE))}</small></div>"
            f'<div class="mj-note" data-ladder-only="1">{esc(B(*_LADDER_ONLY))}</div></details>'
        )
        return pick, more + self._left_html(rung, now, live)

    def _left_html(self, rung: tuple[str, str], now: tuple[str, str], live: bool) -> str:
        """The notice of a table switched away from the rung's rule set, with the way back."""
        if self.counts_for_ladder:
            return ""
        title = self.rung_title
        back = (
            f' <button class="mj-chip" data-act="rules" data-arg="{esc(self.rung_rules)}">'
            f"{esc(B('回到这一级', 'back to the rung'))}</button>"
            if live
            else ""
        )
        return (
            f'<div class="mj-notice" data-left-ladder="{esc(self.rung_rules)}">'
            + esc(
                B(
                    f"这一手不计入阶梯：现在打的是{now[0]}，阶梯只记“{title[0]}”（{rung[0]}）的牌局。"
                    "要回到阶梯，按“回到这一级”，或在上面的阶梯里点“开始这一级”。",
                    f"This hand will not count for the ladder: you are playing {now[1]}, and the ladder counts only "
                    f"hands of “{title[1]}” ({rung[1]}). To go back, press “back to the rung”, or “Play this rung” "
                    "on the board above.",
                )
            )
            + f"{back}</div>"
        )


_LADDER_ONLY = (
    "换成别的规则就离开了阶梯：那些牌局不计入这一级。换座位或对手仍然算数。",
    "Another rule set leaves the ladder: hands played under it do not count toward this rung. "
    "A new seat or new opponents still count.",
)
