"""Real games in the course: the figures of a file of Botzone games (:func:`mjlearn.records.stats.stats_of`)
as charts, and the fans its wins carry set beside the course's own table of how often each fan is met
in simulated play (:func:`mjlearn.mcr.sheets.frequencies`, the sheet of lesson 07).

Lessons call :func:`seat_chart` (each seat's win, self-drawn and deal-in rates, and its average score),
:func:`fan_rows` and :func:`fan_chart` (the fans, the record's share beside the course's). Every
figure is counted from the games; the charts use the CJK fonts installed
(:func:`mjlearn.render.charts.use_cjk_fonts`), so the Chinese labels show.

>>> from mjlearn.records import read_text
>>> from mjlearn.records.stats import stats_of
>>> from mjlearn.course.real_games import fan_rows, sample_games
>>> st = stats_of(read_text(sample_games()))
>>> st.games, sum(st.wins.values()) + st.drawn == st.games
(24, True)
>>> row = fan_rows(st)[0]
>>> row.games_share > 0 and 0 <= row.course_share < 1
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..i18n import both
from ..mcr.fans import fan
from ..mcr.sheets import frequencies
from ..records.stats import Stats
from ..render.charts import FigurePicture, use_cjk_fonts

__all__ = ["SAMPLE", "FanRow", "fan_chart", "fan_rows", "sample_games", "seat_chart"]

SAMPLE = Path(__file__).with_name("botzone_sample.txt")
"""A few refereed games shipped with mjlearn (Botzone's text format): the first games of the test
fixtures (tests/data/botzone/), played by mjlearn's computer players and Botzone's sample bot and
refereed by Botzone's own judge."""

_SEATS = ("东 E", "南 S", "西 W", "北 N")


def sample_games() -> Path:
    """The path of the games shipped with mjlearn (:data:`SAMPLE`)."""
    return SAMPLE


@dataclass(frozen=True)
class FanRow:
    """One fan: its share of the record's wins and of the wins in the course's simulated play."""

    zh: str
    en: str
    points: int
    wins: int
    """Wins of the record that carry the fan."""
    games_share: float
    course_share: float


def fan_rows(stats: Stats, top: int = 15) -> list[FanRow]:
    """The ``top`` fans the record's wins carry most often (of the seat given to ``stats_of``, or of
    every seat), each with the course's share beside it."""
    seats = range(4) if stats.player is None else [stats.player]
    wins = max(1, sum(stats.wins[s] for s in seats))
    freq = frequencies()
    out = []
    for name, n in stats.fans.most_common(top):
        f = fan(name)
        out.append(FanRow(f.zh, f.en, f.points, n, n / wins, freq.share(f.id)))
    return out


def _shown(fig, standalone: bool, alt: str):
    """A chart of its own, closed in pyplot so that a notebook shows it once (as the cell's value),
    with its figures as the text a screen reader reads; drawn into the caller's axes: that figure."""
    if not standalone:
        return fig
    import matplotlib.pyplot as plt

    plt.close(fig)
    return FigurePicture(fig, alt)


def seat_chart(stats: Stats, ax=None):
    """Each seat's share of games won, won by self-draw and dealt in (bars), and its average score
    (a second panel when ``ax`` is not given). Returns the figure (its own: shown with its figures as
    text, ``.axes`` as a figure's)."""
    import matplotlib.pyplot as plt

    use_cjk_fonts()
    n = max(stats.games, 1)
    seats = list(range(4)) if stats.player is None else [stats.player]
    if ax is None:
        fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.6), gridspec_kw={"width_ratios": [3, 2]})
    else:
        fig, ax2 = ax.figure, None
    kinds = [
        (both("和牌", "won"), stats.wins, "#2a7a4f"),
        (both("自摸", "self-drawn"), stats.self_drawn, "#7cb342"),
        (both("放铳", "dealt in"), stats.dealt_in, "#c0392b"),
    ]
    width = 0.26
    for k, (label, counts, colour) in enumerate(kinds):
        xs = [i + (k - 1) * width for i in range(len(seats))]
        ax.bar(xs, [100 * counts[s] / n for s in seats], width, label=label, color=colour)
    ax.set_xticks(range(len(seats)), [_SEATS[s] for s in seats])
    ax.set_ylabel(both("占对局的百分比", "% of games"))
    ax.set_title(both(f"{stats.games} 局", f"{stats.games} games"))
    ax.legend(fontsize=8)
    ax.margins(y=0.3)
    if ax2 is not None:
        avg = [stats.points[s] / n for s in seats]
        ax2.bar(range(len(seats)), avg, color=["#2a7a4f" if a >= 0 else "#c0392b" for a in avg])
        ax2.axhline(0, color="#52606d", linewidth=0.8)
        ax2.set_xticks(range(len(seats)), [_SEATS[s] for s in seats])
        ax2.set_title(both("平均得分", "average score"))
    fig.tight_layout()
    alt = f"{stats.games} 局 games — " + "; ".join(
        f"{_SEATS[s]}: 和牌 won {100 * stats.wins[s] / n:.1f}%, 自摸 self-drawn {100 * stats.self_drawn[s] / n:.1f}%, "
        f"放铳 dealt in {100 * stats.dealt_in[s] / n:.1f}%, 平均得分 average score {stats.points[s] / n:+.2f}"
        for s in seats
    )
    return _shown(fig, ax2 is not None, alt)


def fan_chart(stats: Stats, top: int = 12, ax=None):
    """The fans the record's wins carry most often: the share of its wins (bars) beside the share in
    the course's simulated play (thin bars). Returns the figure (its own: shown with its figures as
    text, ``.axes`` as a figure's)."""
    import matplotlib.pyplot as plt

    use_cjk_fonts()
    rows = fan_rows(stats, top)
    standalone = ax is None
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 0.42 * len(rows) + 1.2))
    ys = range(len(rows))
    ax.barh(
        [y - 0.18 for y in ys],
        [100 * r.games_share for r in rows],
        0.36,
        color="#2a7a4f",
        label=both("这些对局", "these games"),
    )
    ax.barh(
        [y + 0.18 for y in ys],
        [100 * r.course_share for r in rows],
        0.36,
        color="#9aa5b1",
        label=both("课程的模拟对局", "the course's simulated play"),
    )
    ax.set_yticks(list(ys), [f"{r.zh} {r.en} ({r.points})" for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(both("占和牌的百分比", "% of wins"))
    ax.legend(fontsize=8, loc="lower right")
    ax.figure.tight_layout()
    alt = "番种占和牌的百分比 share of wins by fan (these games / the course's simulated play) — " + "; ".join(
        f"{r.zh} {r.en}: {100 * r.games_share:.1f}% / {100 * r.course_share:.1f}%" for r in rows
    )
    return _shown(ax.figure, standalone, alt)
