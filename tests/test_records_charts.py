"""The statistics of a file of games as charts for the notebook (mjlearn.course.real_games): every bar
is the figure counted from the games, and the fans are set beside the course's own frequency table."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest

from mjlearn.course.real_games import fan_chart, fan_rows, sample_games, seat_chart
from mjlearn.mcr.fans import fan
from mjlearn.mcr.sheets import frequencies
from mjlearn.records import Game, read_text
from mjlearn.records.stats import stats_of


@pytest.fixture(scope="module")
def games():
    out = list(read_text(sample_games()))
    assert all(isinstance(g, Game) for g in out) and len(out) == 24
    return out


def test_the_seat_chart_bars_are_the_counted_rates(games):
    st = stats_of(games)
    fig = seat_chart(st)
    rates, scores = fig.axes[0], fig.axes[1]
    heights = [round(b.get_height(), 6) for b in rates.patches]
    wins = [100 * sum(1 for g in games if g.winner == s) / len(games) for s in range(4)]
    dealt = [
        100 * sum(1 for g in games if g.winner is not None and g.winner != s and g.actions[-2].player == s) / len(games)
        for s in range(4)
    ]
    assert heights[:4] == [round(x, 6) for x in wins]
    assert heights[8:12] == [round(x, 6) for x in dealt]
    assert [round(b.get_height(), 6) for b in scores.patches] == [
        round(sum(g.scores[s] for g in games) / len(games), 6) for s in range(4)
    ]
    labels = [t.get_text() for t in rates.get_legend().get_texts()]
    assert any("和牌" in x and "won" in x for x in labels)


def test_the_fans_are_set_beside_the_courses_frequency_table(games):
    st = stats_of(games, player=3)
    rows = fan_rows(st, top=5)
    seat_wins = [g for g in games if g.winner == 3]
    assert rows and len(rows) <= 5
    for r in rows:
        carried = sum(1 for g in seat_wins if any(name == r.zh for name, _ in g.fan[1]))
        assert r.wins == carried and r.games_share == pytest.approx(carried / len(seat_wins))
        assert r.course_share == pytest.approx(frequencies().share(fan(r.zh).id))
    fig = fan_chart(st, top=5)
    ax = fig.axes[0]
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert ticks[0].startswith(rows[0].zh) and rows[0].en in ticks[0]
    bars = [round(b.get_width(), 6) for b in ax.patches]
    assert bars[: len(rows)] == [round(100 * r.games_share, 6) for r in rows]
    assert bars[len(rows) :] == [round(100 * r.course_share, 6) for r in rows]
