"""Your own statistics: the personal profile over the hands a learner has played at the table.

Each finished hand is kept as a summary (:func:`mjlearn.coaching.mistakes.hand_summary`: won or not,
dealt in or not, the learner's net points, the fans of the win, the decisions the coach rated and how
many agreed with it, the cost of the others by category, the fans the coach aimed at where the learner
did not). :func:`profile_of` counts them: win rate, deal-in rate, average points, agreement with the
coach, the costliest category, the fans won with and the fans missed. :class:`Profile` renders as
text and HTML (the progress view and the teacher's report show it).

>>> p = profile_of([{"won": True, "dealt_in": False, "points": 24, "fans": ["碰碰和|All Pungs"],
...                  "decisions": 10, "agreed": 8, "costs": {"efficiency": 0.12}, "missed": []}])
>>> p.hands, p.win_rate, p.agreement, p.costliest
(1, 1.0, 0.8, 'efficiency')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from html import escape

from ..i18n import Bilingual, pick
from .mistakes import CATEGORIES

__all__ = ["Profile", "profile_of"]


def _pct(v: float) -> str:
    """A chance as a percentage, a loss under half a percent as "<1%" (never a red bar beside "0%")."""
    return "<1%" if 0 < v < 0.005 else f"{v:.0%}"


def _fan(name: str) -> tuple[str, str]:
    zh, _, en = str(name).partition("|")
    return zh, en or zh


@dataclass(frozen=True, repr=False)
class Profile(Bilingual):
    """A learner's personal profile over the hands played (see the module)."""

    user: str = ""
    hands: int = 0
    """Finished hands counted."""
    wins: int = 0
    dealt_in: int = 0
    points: float = 0.0
    """The learner's net points over those hands (the rule sets' units added as they are)."""
    decisions: int = 0
    """Decisions the coach rated."""
    agreed: int = 0
    """Of those, the ones with no cost against the coach's best."""
    costs: dict = field(default_factory=dict)
    """Category -> chance to win lost there, summed over the hands."""
    fans_won: tuple = ()
    """(("zh|en", times), ...) the fans of the learner's wins, the most frequent first."""
    fans_missed: tuple = ()
    """(("zh|en", times), ...) the fans the coach's choice aimed at where the learner's did not."""
    skipped: int = 0
    """Kept hands that could not be read (damaged rows), left out of the counts."""

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.hands if self.hands else None

    @property
    def deal_in_rate(self) -> float | None:
        return self.dealt_in / self.hands if self.hands else None

    @property
    def average_points(self) -> float | None:
        return self.points / self.hands if self.hands else None

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.decisions if self.decisions else None

    @property
    def costliest(self) -> str | None:
        """The category whose costly decisions lost the most chance to win (None: no costly decision)."""
        costs = {c: v for c, v in self.costs.items() if v > 0}
        return max(costs, key=lambda c: (costs[c], -list(CATEGORIES).index(c))) if costs else None

    def to_dict(self) -> dict:
        return {
            "user": self.user,
            "hands": self.hands,
            "win_rate": self.win_rate,
            "deal_in_rate": self.deal_in_rate,
            "average_points": self.average_points,
            "agreement": self.agreement,
            "decisions": self.decisions,
            "costs": dict(self.costs),
            "costliest": self.costliest,
            "fans_won": [list(f) for f in self.fans_won],
            "fans_missed": [list(f) for f in self.fans_missed],
            "skipped": self.skipped,
        }

    def _lines(self) -> list[tuple[str, str]]:
        if not self.hands:
            return [
                (
                    "还没有打完的牌局：在牌桌上打一局（mj.play()）。",
                    "No hands played yet: play one at the table (mj.play()).",
                )
            ]
        pct = lambda v: "–" if v is None else f"{v:.0%}"
        out = [
            (f"打完 {self.hands} 局", f"{self.hands} hand{'s' if self.hands != 1 else ''} played"),
            (f"和牌率 {pct(self.win_rate)}（{self.wins} 局）", f"win rate {pct(self.win_rate)} ({self.wins})"),
            (
                f"放铳率 {pct(self.deal_in_rate)}（{self.dealt_in} 局）",
                f"deal-in rate {pct(self.deal_in_rate)} ({self.dealt_in})",
            ),
            (f"平均得分 {self.average_points:+.1f}", f"average points {self.average_points:+.1f}"),
            (
                f"与教练一致 {pct(self.agreement)}（{self.agreed}/{self.decisions} 个决定）",
                f"agreed with the coach {pct(self.agreement)} ({self.agreed} of {self.decisions} decisions)",
            ),
        ]
        c = self.costliest
        if c is not None:
            zh, en = CATEGORIES[c]
            out.append(
                (
                    f"最吃亏的类别：{zh}（共少了 {self.costs[c]:.0%} 的和牌机会）",
                    f"costliest category: {en} ({self.costs[c]:.0%} chance to win lost in all)",
                )
            )
        if self.fans_won:
            out.append(
                (
                    "和牌用过的番：" + "、".join(f"{_fan(f)[0]}×{n}" for f, n in self.fans_won[:6]),
                    "fans won with: " + ", ".join(f"{_fan(f)[1]} ×{n}" for f, n in self.fans_won[:6]),
                )
            )
        if self.fans_missed:
            out.append(
                (
                    "错过的番（教练瞄准而你没有）：" + "、".join(f"{_fan(f)[0]}×{n}" for f, n in self.fans_missed[:6]),
                    "fans missed (the coach aimed at them, you did not): "
                    + ", ".join(f"{_fan(f)[1]} ×{n}" for f, n in self.fans_missed[:6]),
                )
            )
        if self.skipped:
            out.append((f"{self.skipped} 条损坏的牌局记录未计入", f"{self.skipped} damaged hand record(s) left out"))
        return out

    def text(self, lang: str | None = None) -> str:
        head = pick(f"{self.user} 的牌桌统计", f"Table statistics of {self.user}", lang)
        return "\n".join([head] + [f"  {pick(zh, en, lang)}" for zh, en in self._lines()])

    def _repr_html_(self) -> str:
        td = "<td style='text-align:left;vertical-align:top'>"
        rows = "".join(
            f"<tr>{td}{escape(zh)}</td>{td}<span style='color:#555'>{escape(en)}</span></td></tr>"
            for zh, en in self._lines()
        )
        bars = ""
        total = sum(v for v in self.costs.values() if v > 0)
        if total > 0:
            parts = []
            for c, (zh, en) in CATEGORIES.items():
                v = self.costs.get(c, 0)
                if v <= 0:
                    continue
                parts.append(
                    f"<tr>{td}{escape(zh)} {escape(en)}</td>{td}<span style='display:inline-block;background:#c33;"
                    f"width:{max(2, round(160 * v / total))}px;height:9px'></span> {_pct(v)}</td></tr>"
                )
            bars = (
                "<p style='margin:4px 0 0'>每类失误少了的和牌机会 Chance to win lost, by category</p>"
                f"<table>{''.join(parts)}</table>"
            )
        return (
            f"<div class='mjlearn-profile' data-profile='{escape(self.user, quote=True)}'>"
            f"<b>牌桌统计 Table statistics</b><table>{rows}</table>{bars}</div>"
        )


def profile_of(summaries, user: str = "", skipped: int = 0) -> Profile:
    """The profile of ``user`` from the summaries of the hands played (:func:`hand_summary`); a summary
    without the fields a finished hand has is counted in ``skipped``, never guessed."""
    hands = wins = dealt = decisions = agreed = 0
    points = 0.0
    costs: dict[str, float] = {}
    won: Counter = Counter()
    missed: Counter = Counter()
    for s in summaries:
        try:
            w, d, p = bool(s["won"]), bool(s["dealt_in"]), float(s["points"])
            n, a = int(s["decisions"]), int(s["agreed"])
            cs = {str(c): float(v) for c, v in dict(s.get("costs") or {}).items() if c in CATEGORIES}
            fw, fm = [str(f) for f in s.get("fans") or ()], [str(f) for f in s.get("missed") or ()]
        except (KeyError, TypeError, ValueError, AttributeError):
            skipped += 1
            continue
        if not 0 <= a <= n or p != p:
            skipped += 1
            continue
        hands += 1
        wins += w
        dealt += d
        points += p
        decisions += n
        agreed += a
        for c, v in cs.items():
            costs[c] = costs.get(c, 0.0) + v
        won.update(fw)
        missed.update(fm)
    return Profile(
        user,
        hands,
        wins,
        dealt,
        points,
        decisions,
        agreed,
        costs,
        tuple(won.most_common()),
        tuple(missed.most_common()),
        skipped,
    )
