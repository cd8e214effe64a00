"""The table judged by the rule sets: every win asks mjlearn.rules, variant restrictions on stacked
walls (each rule set's TableFacts), sessions with dealer rotation and running scores, seeded hands per rule set."""

from __future__ import annotations

from collections import Counter

import pytest

import mjlearn.rules as R
from mjlearn.notation import parse_hand, parse_tiles
from mjlearn.rules.wilds import special_shape
from mjlearn.table import Exhausted, IllegalActionError, Session, Table, Won, play_hand, replay, tile_set
from mjlearn.table.deal import stacked_arrangement

RULE_SET_NAMES = R.names()


def dice_for(rules):
    return [(3, 4, 5)] if R.get(rules).table.dice == 3 else [(3, 4), (2, 2)]


def stacked(rules, hands: dict, *, draws=(), tail=(), indicator=None, avoid="", **table_kw):
    """A table whose deal gives ``hands`` (seat -> notation); the other seats get the remaining
    tiles dealt round-robin (no flowers, nothing in ``avoid``)."""
    cfg = R.get(rules)
    pool = sorted(tile_set(cfg))
    fixed = [t.index for h in hands.values() for t in parse_tiles(h)]
    fixed += [t.index for t in parse_tiles("".join(draws) if not isinstance(draws, str) else draws)]
    fixed += [t.index for t in parse_tiles("".join(tail))]
    if indicator:
        fixed.append(parse_tiles(indicator)[0].index)
    bad = {t.index for t in parse_tiles(avoid)} if avoid else set()
    for i in fixed:
        pool.remove(i)
    spare = [i for i in pool if i < 34 and i not in bad and (cfg.tiles.honors or i < 27)]
    spare = spare[::3] + spare[1::3] + spare[2::3]  # spread the kinds: no ready-made sets
    out = []
    for s in range(4):
        if s in hands:
            out.append(hands[s])
        else:
            n = 14 if s == 0 else 13
            out.append([_t(i) for i in spare[:n]])
            spare = spare[n:]
    d = dice_for(cfg)
    arr = stacked_arrangement(cfg, d, out, draws=draws, tail=tail, indicator=indicator)
    return Table(cfg, arrangement=arr, dice=list(d), **table_kw)


def _t(i):
    from mjlearn.tiles import TILES

    return TILES[i]


def answer_all(t):
    for s in sorted(t.pending):
        t.pass_(s)


# --- one name per rule set: the table plays the registry's rule sets ----------------------------------


def test_every_registered_rule_set_has_a_table():
    for name in R.names():
        t = Table(name, seed=0)
        assert t.rules is R.get(name) and t.facts is R.get(name).table and t.log[0].rules == name
    # the table's older names are aliases of the registry
    for old, name in [
        ("beijing-points", "bj_basic"),
        ("bj-new", "bj_new"),
        ("beijing-cpt", "beijing_cpt"),
        ("old-beijing", "old_beijing"),
        ("huopin-dazhong", "huopin_dazhong"),
        ("huopin-wufan", "huopin_wufan"),
    ]:
        assert Table(old, seed=0).rules.name == name
    assert Table("北京麻将", seed=0).rules.name == "beijing"  # aliases go through the registry
    with pytest.raises(ValueError, match="unknown rule set"):
        Table("no such game")


def test_table_tile_sets_match_the_rule_sets():
    for name in RULE_SET_NAMES:
        rs = R.get(name)
        assert len(tile_set(rs)) == rs.tiles.size, name
        assert (rs.table.wild != "none") == (rs.wild is not None), name


def test_context_keywords_a_rule_set_does_not_know_are_refused():
    with pytest.raises(ValueError, match="streak"):
        Table("mcr", seed=1, context={"streak": 2})
    assert Table("fuzhou", seed=1, context={"streak": 2}).extra_context == {"streak": 2}


# --- special shapes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, hand, wild, expected",
    [
        ("hun_gang", "1111p147m258s369p+E", 9, True),
        ("hun_gang", "111p147m258s3699p+E", 9, False),
        ("all_258", "22555888m258p22s+2s", None, True),
        ("all_258", "22555888m258p22s+3s", None, False),
        ("three_golds", "111p147m258s369pE+E", 9, True),
        ("orphans", "19m19p19sESWNCF5p+P", 13, True),  # the wild 5p stands for the pair
        ("orphans", "19m19p19sESWNC25p+P", 13, False),
        ("yitangfu", "CFP1sES123m456m7p+7p", None, True),
        ("yitangfu", "CFP1sES123m456m8p+6p", None, False),
    ],
)
def test_special_shapes(kind, hand, wild, expected):
    h = parse_hand(hand)
    assert special_shape((kind,), h.counts, h.melds, wild) is expected


# --- every win is judged by the rule set -----------------------------------------------------------


def _check_hand(t):
    """A finished hand: a win the rule set accepts with payments summing to zero, or a draw."""
    last = t.log[-1] if type(t.log[-1]).__name__ != "CalledCheck" else t.log[-2]  # 查大叫 follows the draw
    if isinstance(last, Exhausted):
        assert not t.winners and sum(t.payments.values()) == 0
        assert all(v == 0 for v in t.payments.values()) or t.settlements
        return "draw"
    assert isinstance(last, Won) and t.winners
    for w in t.winners:
        r = w.result
        assert r.legal and r.rules == t.rules.name and w.points == r.total
        assert sum(w.payments) == 0  # (the winner may still be a net payer: others' kong money)
        # the rule set says the same when asked afresh with the context the table gave it
        again = R.score(w.hand, rules=t.rules.name, options=dict(t.rules.settings), **dict(w.rule_context))
        assert again.legal and again.total == r.total and again.payments == r.payments
    assert sum(t.payments.values()) == 0
    return "win"


@pytest.mark.parametrize("rules", RULE_SET_NAMES)
def test_seeded_hands_end_in_a_legal_scored_win_or_a_draw(rules):
    out = Counter(_check_hand(play_hand(Table(rules, seed=seed))) for seed in range(40))
    assert out["win"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SET_NAMES)
def test_thousands_of_seeded_hands_per_rule_set(rules):
    out = Counter(_check_hand(play_hand(Table(rules, seed=100_000 + seed))) for seed in range(2000))
    assert out["win"] > 0


@pytest.mark.parametrize("rules", ["changsha", "huopin", "hongkong", "fuzhou"])
def test_replay_reproduces_scored_wins(rules):
    for seed in range(4):
        t = play_hand(Table(rules, seed=seed))
        r = replay(t.log)
        assert r.log == t.log and r.payments == t.payments


def test_bird_is_turned_up_after_a_changsha_win():
    for seed in range(30):
        t = play_hand(Table("changsha", seed=seed))
        if t.winners:
            bird = [e for e in t.log if type(e).__name__ == "BirdTurnedUp"]
            assert len(bird) == 1 and t.winners[0].result.context["bird"] is bird[0].tile
            return
    pytest.fail("no Changsha win in 30 hands")


# --- variant restrictions on stacked walls -----------------------------------------------------------

EAST_8S = "22s333s999s8s111p77p"  # East discards 8s first
NORTH_58S = "123m456m789m55s67s"  # waits on 5s or 8s with a 2-5-8 pair
NORTH_66P = "123m456m789m66p67s"  # waits on 5s or 8s, pair 66p
SOUTH_88S = "88s147m258p369p45s"  # may pung 8s (keeps the claim phase open)


def test_yunnan_plain_hand_wins_by_self_draw_only():
    t = stacked("yunnan", {0: EAST_8S, 1: SOUTH_88S, 3: NORTH_58S}, draws=["1p", "4p", "5s"])
    t.discard(0, "8s")
    assert 3 not in t.pending and t.phase == "claim"
    with pytest.raises(IllegalActionError, match="plain hand") as e:
        t.verify_win(3)
    assert "平胡只能自摸" in e.value.zh  # the rule set's own reason, both languages
    answer_all(t)
    for s in (1, 2):
        d = t.draw(s).tile
        t.discard(s, d)
        answer_all(t)
    t.draw(3)
    w_ok = t.can_win(3)
    t.win(3)
    assert w_ok and t.winners[0].self_drawn and t.winners[0].result.legal


def test_changsha_passed_win_blocks_discard_wins_until_the_next_draw():
    t = stacked("changsha", {0: EAST_8S, 3: NORTH_58S}, draws=["1p", "5s", "4p"])
    t.discard(0, "8s")
    assert t.claim_options(3) == ["win", "pass"]
    t.pass_(3)  # 漏胡
    answer_all(t)
    t.discard(1, t.draw(1).tile)
    answer_all(t)
    t.draw(2)
    t.discard(2, "5s")  # North could win on it, but passed a win before
    assert "win" not in t.claim_options(3)
    with pytest.raises(IllegalActionError, match="passed up a win") as e:
        t.verify_win(3)
    assert "漏胡" in e.value.zh
    answer_all(t)
    t.draw(3)  # his own draw lifts it
    assert 3 not in t._passed_seats


def test_fuzhou_passed_tile_is_refused_by_the_rule_set_until_the_player_discards():
    def setup():
        t = stacked("fuzhou", {0: EAST_8S, 1: SOUTH_88S, 3: NORTH_58S}, draws=["1p", "8s"], tail=["9p"], avoid="9p")
        assert t.wild is parse_tiles("9p")[0]
        t.discard(0, "8s")
        assert "win" in t.claim_options(3)
        return t

    t = setup()
    t.pass_(3)
    answer_all(t)
    t.discard(1, t.draw(1).tile)
    answer_all(t)
    t.draw(2)
    t.discard(2, "8s")  # the same tile again: 过水
    with pytest.raises(IllegalActionError, match="过水") as e:
        t.verify_win(3)
    assert "Fuzhou" in e.value.en
    # without the pass North wins on East's 8s
    t = setup()
    t.win(3)
    answer_all(t)
    assert t.winners and t.winners[0].seat == 3


def test_changsha_pair_must_be_2_5_8_but_not_in_xian():
    t = stacked("changsha", {0: EAST_8S, 1: SOUTH_88S, 3: NORTH_66P})
    t.discard(0, "8s")
    with pytest.raises(IllegalActionError, match="2, 5 or 8") as e:
        t.verify_win(3)
    assert "二五八将" in e.value.zh
    t = stacked("xian", {0: EAST_8S, 1: SOUTH_88S, 3: NORTH_66P})
    t.discard(0, "8s")
    t.win(3)
    answer_all(t)
    assert t.winners[0].result.legal


def test_hong_kong_minimum_fan_is_a_rule_option():
    # a chicken hand (0 番) won on East's second discard (not 人和: North has discarded once)
    hands = {0: "22s333s888s9s111p77p", 1: "99s147m258p369pCF", 3: "123m456m789p555s9s"}

    def play(**kw):
        t = stacked("hongkong", hands, draws=["2m", "3m", "5m", "6m"], **kw)
        t.discard(0, "7p")
        answer_all(t)
        for s in (1, 2, 3):
            t.discard(s, t.draw(s).tile)
            answer_all(t)
        t.draw(0)
        t.discard(0, "9s")
        return t

    t = play()
    t.win(3)
    answer_all(t)
    assert t.winners[0].points < 3 and t.winners[0].result.legal
    t = play(rule_options={"min_fan": 3})
    assert "win" not in t.claim_options(3)
    with pytest.raises(IllegalActionError, match="minimum") as e:
        t.verify_win(3)
    assert "番" in e.value.zh


def test_beijing_four_wilds_hun_gang_is_a_self_drawn_win():
    t = stacked("beijing", {0: "1111p147m258s369pE"}, indicator="9p")
    assert t.wild is parse_tiles("1p")[0]
    t.win(0)
    w = t.winners[0]
    assert w.self_drawn and "hungang" in {i.key for i in w.items}
    assert w.payments[0] > 0 and sum(w.payments) == 0


def test_beijing_chipengti_mode_opened_hand_self_draw_only():
    hands = {0: "E147m258p36sSSWWC", 1: "12347pFFPP46sWW", 2: "5678m1368p78sCCS", 3: "EE123m456m22s34sN"}

    def play(rules):
        t = stacked(rules, hands, draws=["5s"], indicator="8p")
        assert t.wild is parse_tiles("9p")[0]
        t.discard(0, "E")
        t.pung(3)
        answer_all(t)
        t.discard(3, "N")
        answer_all(t)
        t.draw(0)
        t.discard(0, "5s")
        return t

    t = play("beijing")
    t.win(3)
    answer_all(t)
    assert t.winners[0].result.legal and not t.winners[0].self_drawn
    t = play("beijing-cpt")
    assert "win" not in t.claim_options(3) and t.phase == "claim"
    with pytest.raises(IllegalActionError, match="吃碰提"):
        t.verify_win(3)


def test_mcr_concealed_kong_cannot_be_robbed():
    # North waits on 1m with thirteen orphans; East makes a concealed kong of 1m: no robbing
    t = stacked("mcr", {0: "1111m2345678p234s", 3: "9m19p19sESWNCFPP"})
    t.kong(0, "1m")
    assert t.phase == "discard" and t.turn == 0 and not t.pending
    names = [e.__class__.__name__ for e in t.log]
    assert names[names.index("Konged") + 1] == "ReplacementDrawn"


def test_yunnan_last_four_tiles_force_the_win():
    # play Yunnan hands until a seat can win in the last four tiles: passing (or discarding) is refused
    from mjlearn.table import Bot

    for seed in range(300):
        t = Table("yunnan", seed=seed)
        bots = [Bot(seed * 4 + s) for s in range(4)]
        while t.phase != "over":
            if t.live_tiles_left() < 4:
                if t.phase == "discard" and t.can_win(t.turn):
                    with pytest.raises(IllegalActionError, match="must be declared"):
                        t.discard(t.turn, t.concealed(t.turn)[0])
                    return
                s = next((s for s in t.pending if "win" in t.claim_options(s)), None)
                if t.phase == "claim" and s is not None:
                    with pytest.raises(IllegalActionError, match="automatic"):
                        t.pass_(s)
                    return
            seat = t.turn if t.phase in ("draw", "discard") else min(t.pending)
            bots[seat].act(t, seat)
    pytest.fail("no win offered in the last four tiles in 300 Yunnan hands")


# --- sessions ------------------------------------------------------------------------------------------


def test_mcr_session_passes_the_deal_and_changes_the_wind_every_four_hands():
    s = Session("mcr", seed=2).play(9)
    assert [r.dealer for r in s.records] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert [r.prevalent_wind for r in s.records] == list("EEEESSSSW")
    assert sum(s.scores) == 0
    assert s.scores == [sum(r.payments[p] for r in s.records) for p in range(4)]
    for r in s.records:
        assert sum(r.payments) == 0
        by_seat = r.table.payments
        assert r.payments[r.dealer] == by_seat["E"]  # the dealer sits East


@pytest.mark.parametrize("rules", ["beijing", "xian", "fuzhou", "old-beijing"])
def test_dealer_stays_after_his_win_or_a_draw(rules):
    s = Session(rules, seed=5).play(10)
    for a, b in zip(s.records, s.records[1:]):
        stays = a.drawn or 0 in [w.seat for w in a.table.winners]
        assert (b.dealer == a.dealer) == stays
        assert b.dealer in (a.dealer, (a.dealer + 1) % 4)
        assert b.streak == (a.streak + 1 if stays else 0)


@pytest.mark.parametrize("rules", ["changsha", "yunnan"])
def test_winner_deals_next(rules):
    s = Session(rules, seed=7).play(10)
    for a, b in zip(s.records, s.records[1:]):
        if a.drawn:
            assert b.dealer == a.dealer
        elif len(a.winners) == 1:
            assert b.dealer == a.winners[0]


def test_multi_win_dealer_rules():
    s = Session("changsha")
    t = stacked("changsha", {0: EAST_8S, 1: "123456789p55s67s", 3: NORTH_58S})
    t.discard(0, "8s")
    for p in sorted(t.pending):
        t.win(p)
    assert [w.seat for w in t.winners] == [1, 3]
    assert s.next_dealer_seat(t) == 0  # Changsha: the discarder
    assert Session("yunnan").next_dealer_seat(t) == 1  # Yunnan rule: the discarder's 下家
    alt = Session("yunnan", rule_options={"dealer_next_multi_win": "first_winner_after_discarder"})
    assert alt.next_dealer_seat(t) == 1  # (the first winner after the discarder: S)


def test_session_gives_the_streak_and_shang_lou_to_the_rule_set():
    s = Session("fuzhou", seed=5)
    for _ in range(8):
        t = s.next_table()
        assert t.extra_context == {"streak": s.streak}
        s.record(play_hand(t))
    s = Session("beijing", seed=5)
    for _ in range(6):
        t = s.next_table()
        assert t.extra_context == {"shang_lou": s.draws_in_a_row}
        s.record(play_hand(t))


def test_session_refuses_an_unfinished_or_foreign_hand_and_renders():
    s = Session("xian", seed=1)
    t = s.next_table()
    with pytest.raises(ValueError, match="not over"):
        s.record(t)
    with pytest.raises(ValueError, match="next_table"):
        s.record(play_hand(Table("xian", seed=1)))
    s.record(play_hand(t))
    s.play(2)
    html = s._repr_html_()
    assert "庄家 Dealer" in html and "合计 Total" in html and html.count("<tr>") == 3 + 3
    assert "total 合计" in str(s)


# --- regional procedures at the table (issues 5, 6) -----------------------------------------------------

from mjlearn.rules.changsha import haidi_roaming, on_deal
from mjlearn.rules.yunnan import cha_da_jiao
from mjlearn.table import CalledCheck, HaidiOffered, OnDealWin

LETTERS = "ESWN"


def test_changsha_on_deal_small_win_is_paid_and_play_continues():
    t = stacked("changsha", {2: "6666p123m4578s12m"})  # West holds four 6p (四喜)
    assert "on_deal" in t.options(2)
    t.declare_on_deal(2)
    e = t.log[-1]
    assert isinstance(e, OnDealWin) and [i.zh for i in e.items] == ["四喜"]
    assert t.payments == {"E": -2, "S": -2, "W": 6, "N": -2}  # West +6
    assert t.payments == on_deal("6666p123m4578s12m", seat="W").payments
    assert "起手小胡" in e.zh and "on the deal" in e.en
    assert t.phase == "discard" and t.turn == 0  # play continues (option ``on_deal_ends_hand``)
    with pytest.raises(IllegalActionError, match="already") as x:
        t.declare_on_deal(2)
    assert "已经报过" in x.value.zh
    before = len(t.log)
    t.discard(0, t.concealed(0)[0])
    answer_all(t)
    with pytest.raises(IllegalActionError, match="before the dealer's first discard"):
        t.declare_on_deal(1)
    r = replay(t.log)
    assert r.log == t.log and r.payments == t.payments and len(t.log) > before
    play_hand(t)
    assert sum(t.payments.values()) == 0 and t.tile_census() == replay(t.log[:1]).tile_census()


def test_changsha_on_deal_refusals_and_the_ending_option():
    t = stacked("changsha", {2: "123m456p789s235m8p"})  # has 2, 5, 8, every suit, no four
    with pytest.raises(IllegalActionError, match="no on-deal") as x:
        t.verify_declare_on_deal(2)
    assert "起手没有小胡" in x.value.zh
    with pytest.raises(IllegalActionError, match="no 小胡 on the deal"):
        Table("mcr", seed=1).verify_declare_on_deal(0)
    t = stacked("changsha", {1: "1346799m134679p"}, rule_options={"on_deal_ends_hand": True})  # 缺一色, 板板胡
    t.declare_on_deal(1)
    assert t.is_over and isinstance(t.result, OnDealWin)
    assert {i.key for i in t.result.items} == {"queyise", "banbanhu"} and sum(t.payments.values()) == 0
    assert t.payments["S"] == 3 * 4  # two patterns of 2, from each of three


def _haidi_table(**kw):
    """Changsha: North waits on 5s/8s (pair 55s); the other 5s and 8s are in East's hand, so every
    draw is thrown back and nobody claims; the last wall tile is the 8s."""
    t = stacked("changsha", {0: "55s888s111p999p1m9m1s", 3: NORTH_58S}, tail=["9s", "8s"], **kw)
    t.discard(0, "1m")
    answer_all(t)
    while not t.haidi_offered:
        s = t.turn
        d = t.draw(s).tile
        t.discard(s, d)
        answer_all(t)
    assert isinstance(t.log[-1], HaidiOffered) and t.live_tiles_left() == 1
    return t


def _hands(t):
    return {LETTERS[s]: t.hand_of(s) for s in range(4)}


def test_changsha_haidi_roams_and_is_drawn_when_all_decline():
    t = _haidi_table()
    first = t.turn
    assert t.options(first) == ["draw", "pass"] and "海底" in t.log[-1].zh
    for k in range(4):
        assert t.turn == (first + k) % 4
        t.pass_(t.turn)
    assert t.is_over and not t.winners and isinstance(t.result, Exhausted)
    assert all(v == 0 for v in t.payments.values())
    assert replay(t.log).log == t.log


def test_changsha_haidi_taker_who_cannot_win_exposes_it_and_pays_the_haidi_pao():
    t = _haidi_table()
    first = t.turn
    while t.turn != 0:  # everybody before East declines; East takes it and cannot win
        t.pass_(t.turn)
    hands = _hands(t)
    t.draw(0)
    assert t.log[-1].tile is parse_tiles("8s")[0] and not t.can_win(0)
    with pytest.raises(IllegalActionError, match="must discard 8s") as x:
        t.discard(0, "1s")
    assert "海底牌" in x.value.zh
    t.discard(0, "8s")
    assert t.claim_options(3) == ["win", "pass"]  # a win only: the wall is empty
    t.win(3)
    answer_all(t)
    w = t.winners[0]
    assert w.from_seat == 0 and {i.key for i in w.items} >= {"haidipao"}
    assert w.result.context["bird"] is parse_tiles("8s")[0]  # the 海底 tile is the bird
    expect = haidi_roaming(dict(hands), "8s", first=LETTERS[first], accept={"E"} | {LETTERS[s] for s in ()})
    assert t.payments == expect.payments and expect.kind == "haidi_discard"
    assert replay(t.log).payments == t.payments


def test_changsha_haidi_taken_by_the_waiting_player_is_haidilaoyue():
    t = _haidi_table()
    first = t.turn
    hands = _hands(t)
    while t.turn != 3:
        t.pass_(t.turn)
    t.draw(3)
    t.win(3)
    w = t.winners[0]
    assert w.self_drawn and "haidilaoyue" in {i.key for i in w.items}
    expect = haidi_roaming(hands, "8s", first=LETTERS[first], accept={"N"})
    assert expect.kind == "haidi_self" and t.payments == expect.payments


def test_changsha_without_roaming_the_last_tile_is_an_ordinary_draw():
    t = stacked(
        "changsha", {0: "55s888s111p999p1m9m1s", 3: NORTH_58S}, tail=["9s", "8s"], rule_options={"haidi_roaming": False}
    )
    t.discard(0, "1m")
    answer_all(t)
    while t.phase == "draw":
        assert not t.haidi_offered
        s = t.turn
        t.discard(s, t.draw(s).tile)
        answer_all(t)
    assert not any(isinstance(e, HaidiOffered) for e in t.log)


def test_yunnan_exhausted_wall_checks_calls():
    # North is ready on 5s/8s (a plain hand: self-draw only) and never draws them; the rest are not ready
    t = stacked("yunnan", {0: "55s888s111p999p1m9m1s", 3: NORTH_58S})
    t.discard(0, "1m")
    answer_all(t)
    while t.phase == "draw":
        s = t.turn
        t.discard(s, t.draw(s).tile)
        answer_all(t)
    assert t.is_over and not t.winners and isinstance(t.result, Exhausted)
    e = t.log[-1]
    assert isinstance(e, CalledCheck) and 3 in e.ready and 0 not in e.ready
    assert t.payments == cha_da_jiao(_hands(t)) and t.payments["N"] > 0 > t.payments["E"]
    assert t.payments["N"] == (4 - len(e.ready)) * 1  # a 平胡-only ready hand is worth 1 (``ready_plain_value``)
    assert "查大叫" in e.zh and "Kong money does not count" in e.en
    assert replay(t.log).payments == t.payments


FZ_SOUTH_READY = "123m456m789m234s5s"  # the 金 (9p) stands for the 5s


def test_fuzhou_street_grab_gold():
    t = stacked("fuzhou", {1: FZ_SOUTH_READY}, tail=["9p"], avoid="9p", rule_options={"qiangjin_rule": "street"})
    assert t.wild is parse_tiles("9p")[0]
    with pytest.raises(IllegalActionError, match="天胡"):
        t.verify_grab_gold(0)
    assert not t.can_grab_gold(2)
    assert "grab_gold" in t.options(1)
    t.grab_gold(1)
    w = t.winners[0]
    assert w.seat == 1 and w.self_drawn and dict(w.rule_context)["took_indicator"]
    assert "grab_gold" in {i.key for i in w.items}
    assert all(w.payments[s] < 0 for s in (0, 2, 3)) and sum(w.payments) == 0
    assert t.tile_census() == replay(t.log[:1]).tile_census() and replay(t.log).payments == t.payments
    # the default scope: taking the 金 is not a 抢金 action at all
    t = stacked("fuzhou", {1: FZ_SOUTH_READY}, tail=["9p"], avoid="9p")
    with pytest.raises(IllegalActionError, match="street") as x:
        t.verify_grab_gold(1)
    assert "街头抢金" in x.value.zh


@pytest.mark.parametrize("scope, grabbed", [("first_go_around", True), ("dealer_first_discard", True)])
def test_fuzhou_grab_gold_on_the_dealers_first_discard(scope, grabbed):
    t = stacked(
        "fuzhou",
        {0: EAST_8S, 1: SOUTH_88S, 3: NORTH_58S},
        draws=["1p", "8s"],
        tail=["9p"],
        avoid="9p",
        rule_options={"qiangjin_rule": scope},
    )
    t.discard(0, "8s")
    t.win(3)
    answer_all(t)
    assert ("grab_gold" in {i.key for i in t.winners[0].items}) is grabbed


def test_fuzhou_gold_sparrow_wins_before_the_nearer_claimant():
    # East discards 8s; South (nearer) and North both win on it; North's pair is two 金 (金雀).
    hands = {0: EAST_8S, 1: "123m456m789m55s67s", 3: "111m234p567p9p9p67s"}
    opts = {"youjin_self_draw_only": False}  # with two 金 waiting on a set the hand is 游金 (self-draw only)
    t = stacked("fuzhou", hands, tail=["9p"], avoid="9p", rule_options=opts)
    t.discard(0, "8s")
    assert "win" in t.claim_options(1) and "win" in t.claim_options(3)
    t.win(1)
    t.win(3)
    answer_all(t)
    assert [w.seat for w in t.winners] == [3] and "gold_sparrow" in {i.key for i in t.winners[0].items}
    # without the 金雀 North takes no precedence: turn order, South
    t = stacked("fuzhou", {**hands, 3: "111m234p567p88p67s"}, tail=["9p"], avoid="9p", rule_options=opts)
    t.discard(0, "8s")
    t.win(1)
    t.win(3)
    answer_all(t)
    assert [w.seat for w in t.winners] == [1]


# --- the hooks the table calls (the table itself names no variant) ----------------------------------


def test_dealer_rotation_is_the_rule_sets_next_dealer():
    mcr, bj = R.get("mcr"), R.get("beijing")
    assert [mcr.next_dealer(w, d, "E") for w, d in [((), None), (("E",), None), (("W",), "S")]] == ["S", "S", "S"]
    assert [bj.next_dealer(w, d, "E") for w, d in [((), None), (("E",), None), (("W",), "S")]] == ["E", "E", "S"]
    assert bj.next_dealer(("N",), "W", "N") == "N" and bj.next_dealer(("E",), "W", "N") == "E"
    yn = R.get("yunnan").with_options(dealer_next_multi_win="first_winner_after_discarder")
    assert yn.next_dealer(("S", "W"), "E", "E") == "S"  # an option of the rule set now reaches the session


def test_choose_winners_gold_sparrow_first_in_fuzhou():
    from types import SimpleNamespace as NS

    plain, sparrow = NS(items=(NS(key="pinghu"),)), NS(items=(NS(key="gold_sparrow"),))
    fz = R.get("fuzhou")
    assert fz.choose_winners([("S", plain), ("N", sparrow)], "E")[0] == ("N",)
    assert fz.choose_winners([("S", plain), ("N", plain)], "E")[0] == ("S",)
    assert fz.choose_winners([], "E") == ((), {})
    assert R.get("hongkong").choose_winners([("S", plain), ("N", plain)], "E")[0] == ("S", "N")
    assert R.get("xian").choose_winners([("S", plain), ("N", plain)], "E")[0] == ("S",)


def test_first_round_keywords_by_rule_set():
    kw = dict(self_drawn=True, robbing=False, first=True, on_dealers_first_discard=False)
    assert R.get("hongkong").first_round_context(dealer=False, **kw) == {"earthly": True, "human": False}
    assert R.get("old_beijing").first_round_context(dealer=False, **kw) == {"earthly": False}
    kw.update(self_drawn=False, on_dealers_first_discard=True)
    assert R.get("old_beijing").first_round_context(dealer=False, **kw) == {"earthly": True}
    assert R.get("hongkong").first_round_context(dealer=False, **kw) == {"earthly": False, "human": True}


def test_exhausted_wall_and_on_deal_hooks():
    from mjlearn.rules.yunnan import cha_da_jiao

    hands = {"E": "111222333p4445s", "S": "123m456p789s1357m", "W": "1234m5678p129sEE", "N": "19m19p19sESWNCFP"}
    ready, net = R.get("yunnan").settle_exhausted(hands)
    assert ready == ("E",) and net == cha_da_jiao(hands) == {"E": 12, "S": -4, "W": -4, "N": -4}
    assert R.get("mcr").settle_exhausted(hands) is None
    r = R.get("changsha").on_deal_win("6666p123m4578s12m", "W")
    assert r.legal and r.payments == {"E": -2, "S": -2, "W": 6, "N": -2}
    with pytest.raises(R.RulesError, match="no win on the dealt tiles"):
        R.get("mcr").on_deal_win("6666p123m4578s12m", "W")


def test_table_facts_are_checked_and_changed_per_variant():
    rs = R.get("xian").with_table(kong_robbing=True)
    assert rs.table.kong_robbing and not R.get("xian").table.kong_robbing and rs.name == "xian"
    assert Table(rs, seed=1).facts is rs.table
    with pytest.raises(ValueError, match="break_rule='twice'"):
        R.get("xian").with_table(break_rule="twice")
    with pytest.raises(ValueError, match="unknown special shape"):
        R.TableFacts(special_shapes=("dragon",))
    with pytest.raises(ValueError, match="unknown table option"):
        R.get("mcr").with_table(chow=False)  # chow is the rule set's claims, not a table fact
