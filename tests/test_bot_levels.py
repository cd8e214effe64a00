"""Levels of computer player: the strong one (CoachBot) plays legal hands under every table rule set,
is deterministic, and beats today's basic Bot on fixed seeds, duplicate-style (the same deal played
with one strong seat and with four basic players)."""

from __future__ import annotations

import pytest

from mjlearn.coaching import LEVELS, CoachBot, clear_caches, level_label, level_names, make_bot, make_bots
from mjlearn.rules import names as rule_names
from mjlearn.table import Bot, Table, play_hand, replay


def _strong_at(seat: int, seed: int) -> list:
    levels = ["basic"] * 4
    levels[seat] = "strong"
    return make_bots(levels, seed=seed)


def _seat_amount(table, seat: int):
    return list(table.payments.values())[seat]


def test_levels_by_name_with_bilingual_labels():
    assert level_names() == ["basic", "strong"] == list(LEVELS)
    assert [level_label(n) for n in level_names()] == ["basic 入门", "strong 进阶"]
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
