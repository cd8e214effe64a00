"""Levels of computer player: the beginner (claims everything, ignores fans and danger), the basic Bot and
the strong one (CoachBot) play legal hands under every table rule set, are deterministic by seed, and
each beats the level below on fixed seeds, duplicate-style (the same deal played with the levels'
seats swapped)."""

from __future__ import annotations

import pytest

from mjlearn.coaching import LEVELS, CoachBot, clear_caches, level_label, level_names, make_bot, make_bots
from mjlearn.rules import names as rule_names
from mjlearn.table import Bot, Table, play_hand, replay
from mjlearn.table.bots import Beginner


def _strong_at(seat: int, seed: int) -> list:
    levels = ["basic"] * 4
    levels[seat] = "strong"
    return make_bots(levels, seed=seed)


def _seat_amount(table, seat: int):
    return list(table.payments.values())[seat]


def test_levels_by_name_with_bilingual_labels():
    assert level_names() == ["beginner", "basic", "strong"] == list(LEVELS)
    assert [level_label(n) for n in level_names()] == ["beginner 新手", "basic 入门", "strong 进阶"]
    assert type(make_bot("beginner", 1)) is Beginner and type(make_bot("新手", 1)) is Beginner
    assert type(make_bot("basic", 1)) is Bot and type(make_bot("strong 进阶", 1)) is CoachBot
    assert type(make_bot("进阶", 1)) is CoachBot
    assert [type(b) for b in _strong_at(2, 5)] == [Bot, Bot, CoachBot, Bot]
    with pytest.raises(ValueError, match="basic"):
        make_bot("grandmaster")
    with pytest.raises(ValueError):
        make_bots(["basic", "strong"])


def test_basic_level_plays_exactly_like_the_default_players():
    for seed in (1, 2):
        assert (
            play_hand(Table("mcr", seed=seed), make_bots("basic", seed=seed)).log
            == play_hand(Table("mcr", seed=seed)).log
        )


@pytest.mark.parametrize("seed", range(8))
def test_strong_plays_legal_complete_mcr_hands(seed):
    seat = seed % 4
    t = play_hand(Table("mcr", seed=seed), _strong_at(seat, seed))
    assert t.is_over
    assert t.tile_census() == Table("mcr", seed=seed).tile_census()
    assert replay(t.log).log == t.log  # every action was legal
    assert sum(t.payments.values()) == 0
    for w in t.winners:
        assert w.result.legal and w.points >= 8


@pytest.mark.parametrize("rules", [r for r in rule_names() if r != "mcr"])
def test_strong_plays_every_other_rule_set_as_the_basic_player(rules):
    """Outside MCR the strong level falls back to the basic player's choices (legal everywhere)."""
    seed = 11
    strong = play_hand(Table(rules, seed=seed), make_bots("strong", seed=seed))
    basic = play_hand(Table(rules, seed=seed), make_bots("basic", seed=seed))
    assert strong.is_over and replay(strong.log).log == strong.log
    assert strong.log == basic.log


def test_strong_mcr_profile_variant_plays():
    t = Table("mcr", seed=4, rule_options={"profile": "mcr-wmo2014"})
    t = play_hand(t, make_bots("strong", seed=4))
    assert t.is_over and all(w.points >= 8 for w in t.winners)


def test_strong_is_deterministic_by_seed_with_cold_or_warm_caches():
    logs = []
    for warm in (False, True, True):
        if not warm:
            clear_caches()
        logs.append(play_hand(Table("mcr", seed=21), make_bots("strong", seed=21)).log)
    assert logs[0] == logs[1] == logs[2]
    other = play_hand(Table("mcr", seed=22), make_bots("strong", seed=22)).log
    assert other != logs[0]


def test_strong_advice_is_what_it_plays():
    """advise() then act() does what was advised, and a hand played with advice plays as without."""
    t, bots = Table("mcr", seed=9), make_bots("strong", seed=9)
    while t.phase != "over":
        if t.phase in ("claim", "rob"):
            origin = t.last_discard[0] if t.phase == "claim" else t._robbing[0]
            seat = min(t.pending, key=lambda s: s.turns_after(origin))
        else:
            seat = t.turn
        if t.phase != "discard":  # advice on a claimed kong is the basic Bot's business
            bots[seat].act(t, seat)
            continue
        what, arg = bots[seat].advise(t, seat)
        e = bots[seat].act(t, seat)
        assert e.action == what if what != "discard" else e.tile == arg
    assert t.log == play_hand(Table("mcr", seed=9), make_bots("strong", seed=9)).log


def _duplicate(seeds):
    """(strong seat's total, control seat's total, strong wins, control wins) over ``seeds``."""
    strong = control = sw = cw = 0
    for k in seeds:
        seat = k % 4
        t = play_hand(Table("mcr", seed=k), _strong_at(seat, k))
        u = play_hand(Table("mcr", seed=k), make_bots("basic", seed=k))
        strong += _seat_amount(t, seat)
        control += _seat_amount(u, seat)
        sw += any(int(w.seat) == seat for w in t.winners)
        cw += any(int(w.seat) == seat for w in u.winners)
    return strong, control, sw, cw


def test_strong_beats_basic_on_fixed_seeds():
    """100 fixed deals, the strong seat going round E, S, W, N: it must win more often and end with
    more points than the basic player in the same seat of the same deal."""
    strong, control, sw, cw = _duplicate(range(100))
    assert sw > cw
    assert strong > control


@pytest.mark.slow
def test_strong_beats_basic_on_more_fixed_seeds():
    strong, control, sw, cw = _duplicate(range(100, 500))
    assert sw > cw
    assert strong - control > 400 * 2  # at least 2 points a hand (the measured margin is far higher)


def test_a_session_plays_with_strong_players():
    from mjlearn.table import Session

    s = Session("mcr", seed=3).play(2, make_bots(["strong", "basic", "strong", "basic"], seed=3))
    assert len(s.records) == 2 and sum(s.scores) == 0


def test_advice_on_a_kong_claim_names_the_discarded_tile():
    """A bot that would kong the discard on the table advises ("kong", that tile), and then does it."""
    from mjlearn.table import Table, play_hand
    from mjlearn.table.bots import Bot

    seen = []

    class Advised(Bot):
        def act(self, table, seat):
            phase = table.phase
            what, tile = self.advise(table, seat)
            event = super().act(table, seat)
            if phase == "claim" and what == "kong":
                seen.append((tile, event))
            return event

    for seed in range(12):
        play_hand(Table("mcr", seed=seed), [Advised(seed=i) for i in range(4)])
        if seen:
            break
    assert seen, "no kong on a discard in the first 12 hands"
    tile, event = seen[0]
    assert tile is not None and getattr(event, "tile", tile) == tile


# --- the beginner level -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", rule_names())
def test_beginner_plays_legal_complete_hands_under_every_rule_set(rules):
    for seed in (3, 4):
        t = play_hand(Table(rules, seed=seed), make_bots("beginner", seed=seed))
        assert t.is_over and replay(t.log).log == t.log  # every action was legal
        assert t.tile_census() == Table(rules, seed=seed).tile_census()
        for w in t.winners:
            assert w.result is None or getattr(w.result, "legal", True)


def test_beginner_is_deterministic_by_seed():
    a = play_hand(Table("mcr", seed=31), make_bots("beginner", seed=31)).log
    assert a == play_hand(Table("mcr", seed=31), make_bots("beginner", seed=31)).log
    assert a != play_hand(Table("mcr", seed=31), make_bots("beginner", seed=32)).log


def test_beginner_claims_every_pung_and_kong_and_some_chow_it_is_offered():
    """Greedy for tiles: on every claim it is offered it takes a win, a kong or a pung, else a chow."""
    seen = {"pung": 0, "chow": 0}

    class Watched(Beginner):
        def choose_claim(self, table, seat):
            opts = table.claim_options(seat)
            what, arg = super().choose_claim(table, seat)
            want = next((w for w in ("win", "kong", "pung", "chow") if w in opts), "pass")
            assert what == want, (opts, what)
            if what in seen:
                seen[what] += 1
            return what, arg

    for seed in range(6):
        play_hand(Table("mcr", seed=seed), [Watched(seed=seed * 4 + s) for s in range(4)])
    assert seen["pung"] and seen["chow"]


def _pair_margin(low: str, high: str, seeds) -> tuple[float, int, int]:
    """Duplicate play of two levels: each deal twice, seats low high low high and then high low high
    low. (points of ``high`` - points of ``low``, wins of ``high``, wins of ``low``)."""
    margin = 0.0
    wins = {low: 0, high: 0}
    for k in seeds:
        for levels in ([low, high, low, high], [high, low, high, low]):
            t = play_hand(Table("mcr", seed=k), make_bots(levels, seed=k))
            pay = list(t.payments.values())
            for s, lv in enumerate(levels):
                margin += pay[s] if lv == high else -pay[s]
            for w in t.winners:
                wins[levels[int(w.seat)]] += 1
    return margin, wins[high], wins[low]


def test_basic_beats_beginner_by_duplicate_play_on_fixed_seeds():
    margin, high, low = _pair_margin("beginner", "basic", range(60))
    assert margin > 0 and high > low


# --- the level picker at the play table -----------------------------------------------------------------


def test_the_play_tables_level_picker_offers_every_level_in_both_languages():
    from mjlearn.widgets.play import PlayTable

    w = PlayTable(rules="mcr", seat="E", seed=4)
    controls = w.regions["controls"]
    for n, lv in LEVELS.items():
        assert f'<option value="{n}"' in controls and lv.zh in controls and lv.en in controls
    assert "新手" in controls and "claim every tile" in controls  # the hint says what a beginner does
    w.handle({"act": "level", "arg": "beginner"})
    assert not w.last_error and w.level == "beginner" and all(type(b) is Beginner for b in w.bots)
    assert 'value="beginner" selected' in w.regions["controls"]
    assert "data-level-same" not in w.regions["controls"]  # a beginner plays differently everywhere


@pytest.mark.parametrize("crafted", ["grandmaster", "", "STRONG", "strong 进阶", "<b>x</b>", "x" * 5000, 7, None])
def test_a_crafted_level_name_is_refused_clearly_and_the_table_keeps_its_last_valid_state(crafted):
    """A level name the picker never offers (a crafted front-end message) gets one bilingual line naming
    the levels; the match, its scores, the hand in play and the players stay as they were."""
    from mjlearn.widgets.play import PlayTable

    w = PlayTable(rules="mcr", seat="S", seed=6, level="strong")
    w.handle({"act": "level", "arg": "basic"})
    log, hand_no, scores = list(w.table.log), w.hand_no, list(w.session.scores)
    bots = list(w.bots)
    w._on_front_msg(w, {"act": "level", "arg": crafted}, [])
    assert w.level == "basic" and w._level == "basic" and w.bots == bots
    assert w.table.log == log and w.hand_no == hand_no and w.session.scores == scores
    if isinstance(crafted, str) and len(crafted) < 100:  # a name: refused in words, naming the levels there are
        assert "beginner" in w.last_error and "新手" in w.last_error and "进阶" in w.last_error
        assert "\n" not in w.last_error and len(w.last_error) < 400
        assert "<b>x</b>" not in "".join(w.regions.values())  # escaped, never markup
    else:
        assert "Ignored" in w.last_error and "忽略" in w.last_error  # not a name: the message is ignored


def test_the_level_benchmark_prints_the_duplicate_table_of_every_pair_in_a_fresh_interpreter():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_bot_levels.py"
    out = subprocess.run(
        [sys.executable, str(script), "--walls", "2", "--quiet", "--fans", "3", "--first", "7"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout
    for a, b in (("beginner", "basic"), ("beginner", "strong"), ("basic", "strong")):
        assert f"{level_label(a)} vs {level_label(b)}" in out and f"margin {a} - {b}:" in out
    for head in ("win rate", "deal-in rate", "avg points", "draw rate", "95% CI", "x4", "commonest fans"):
        assert head in out
    bad = subprocess.run([sys.executable, str(script), "--walls", "1"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--walls must be at least 2" in bad.stderr and "Traceback" not in bad.stderr
