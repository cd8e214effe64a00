"""The table: wall geometry, the written dealing procedures, claims, replay, bots."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

import mjlearn.rules as R
from mjlearn.hand import Meld, MeldKind
from mjlearn.table import (
    Bot,
    Chowed,
    DiceThrown,
    Discarded,
    Exhausted,
    FlowerReplaced,
    IllegalActionError,
    Konged,
    Punged,
    Table,
    TilesDealt,
    WallBroken,
    WildTurnedUp,
    Won,
    play_hand,
    replay,
    tile_set,
)
from mjlearn.table.deal import stacked_arrangement
from mjlearn.table.wall import wall_owner, wall_stacks
from mjlearn.tiles import TILES, tile

PLAYABLE = R.names()  # every registered rule set, MCR included: none may drop out of these tests


def full_set(rules) -> list[int]:
    c = [0] * 42
    for i in tile_set(rules):
        c[i] += 1
    return c


def state(t: Table):
    """Everything a refused action must leave unchanged."""
    return (
        t.phase,
        t.turn,
        [list(h) for h in t.hands],
        [list(m) for m in t.melds],
        [[tuple(d) for d in p] for p in t.ponds],
        bytes(t.wall.state),
        len(t.log),
        sorted(t.pending),
        dict(t.calls),
    )


# --- the tile set and the wall ------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, n, stacks",
    [
        ("mcr", 144, (18, 18, 18, 18)),
        ("xian", 136, (17, 17, 17, 17)),
        ("changsha", 108, (14, 13, 14, 13)),
        ("fuzhou", 144, (18, 18, 18, 18)),
        ("hongkong", 144, (18, 18, 18, 18)),
        ("yunnan", 136, (17,) * 4),
    ],
)
def test_tile_sets_and_wall_lengths(rules, n, stacks):
    assert len(tile_set(rules)) == n == R.get(rules).tiles.size == 2 * sum(wall_stacks(n))
    assert wall_stacks(n) == stacks == Table(rules, seed=0).wall.stacks_per_wall
    assert Counter(tile_set(rules))[tile("5m").index] == 4


def test_unknown_rule_set_and_option():
    with pytest.raises(ValueError, match="unknown rule set 'riichi'"):
        R.get("riichi")
    with pytest.raises(ValueError, match="unknown table option"):
        R.get("mcr").with_table(dragons=3)


@pytest.mark.parametrize("total, seat", [(s, "ESWN"[(s - 1) % 4]) for s in range(2, 19)])
def test_wall_selection_counts_seats_from_the_dealer(total, seat):
    # 5, 9, 13, 17 -> dealer; 6, 10, 14, 18 -> South; 3, 7, 11, 15 -> West; 4, 8, 12, 16 -> North
    expected = {
        5: "E",
        9: "E",
        13: "E",
        17: "E",
        6: "S",
        10: "S",
        14: "S",
        18: "S",
        3: "W",
        7: "W",
        11: "W",
        15: "W",
        4: "N",
        8: "N",
        12: "N",
        16: "N",
    }
    if total in expected:
        assert expected[total] == seat
    assert "ESWN"[wall_owner(0, total)] == seat


def _phys(rules):
    """(seat, stack 1..L, layer 0 top / 1 bottom) -> index in the physical arrangement, written out
    from the rule (East's stacks first, each top then bottom), independently of the Wall class."""
    L = wall_stacks(len(tile_set(rules)))
    off = [0, 2 * L[0], 2 * (L[0] + L[1]), 2 * (L[0] + L[1] + L[2])]
    return lambda s, j, layer: off[s] + 2 * (j - 1) + layer


def test_mcr_deal_follows_the_written_procedure():
    # Dice 3 + 1 + 2 = 6 -> South's wall (下家); break after South's 6th stack. The live end runs
    # S7..S18, then East's (South's 上家) 1..18, North's, West's; the tail is S6, S5, ...
    rng = random.Random(5)
    arr = tile_set("mcr")
    rng.shuffle(arr)
    arr = list(arr)
    # keep flowers out of the dealt area so that the deal is seen before any replacement
    flowers = [k for k, i in enumerate(arr) if i >= 34]
    P = _phys("mcr")
    circle = (
        [(1, j) for j in range(7, 19)]
        + [(0, j) for j in range(1, 19)]
        + [(3, j) for j in range(1, 19)]
        + [(2, j) for j in range(1, 19)]
        + [(1, j) for j in range(1, 7)]
    )
    t = Table("mcr", arrangement=arr, dice=[(3, 1, 2)], setup=False)
    t.finish_setup()
    assert isinstance(t.log[1], DiceThrown) and t.log[1].dice == (3, 1, 2)
    assert t.log[2] == WallBroken(owner=1, k=6)
    assert t.wall.order == circle
    deals = [e for e in t.log if isinstance(e, TilesDealt)]
    assert [e.seat for e in deals] == [0, 1, 2, 3] * 3 + [0, 1, 2, 3]
    # the 4-4-4 rounds: each seat takes the next two stacks, top then bottom
    k = 0
    for e in deals[:12]:
        want = [arr[P(s, j, layer)] for s, j in circle[k : k + 2] for layer in (0, 1)]
        assert [x.index for x in e.tiles] == want
        k += 2
    # the jump draw: stacks A, B, C = circle[24], [25], [26]
    A, B, C = circle[24:27]
    assert [x.index for x in deals[12].tiles] == [arr[P(*A, 0)], arr[P(*C, 0)]]  # East: top(A), top(C)
    assert [x.index for x in deals[13].tiles] == [arr[P(*A, 1)]]  # South: bottom(A)
    assert [x.index for x in deals[14].tiles] == [arr[P(*B, 0)]]  # West: top(B)
    assert [x.index for x in deals[15].tiles] == [arr[P(*B, 1)]]  # North: bottom(B)
    assert t.wall.next_live() == 2 * 26 + 1  # next: bottom(C)
    # flower passes draw from the tail: S6 top, S6 bottom, S5 top, ...
    reps = [e for e in t.log if isinstance(e, FlowerReplaced)]
    tail = [P(1, j, layer) for j in range(6, 0, -1) for layer in (0, 1)]
    assert [e.tile.index for e in reps] == [arr[p] for p in tail[: len(reps)]]
    assert flowers  # (the arrangement has flowers at all)
    assert [t.tile_count(s) for s in range(4)] == [14, 13, 13, 13]


def test_flower_replacement_goes_in_passes():
    # find a seed whose deal needs a second pass (a replacement that is itself a flower)
    for seed in range(400):
        t = Table("mcr", seed=seed)
        reps = [e for e in t.log if isinstance(e, FlowerReplaced)]
        if any(e.pass_no == 2 for e in reps):
            break
    else:
        pytest.fail("no deal among 400 needed a second flower pass")
    seen_second = set()
    for a, b in zip(reps, reps[1:]):
        assert (a.pass_no, a.seat) <= (b.pass_no, b.seat)  # pass by pass, E S W N within a pass
    for e in reps:
        if e.tile.is_flower:
            seen_second.add((e.seat, e.tile))
    # a flower drawn as a replacement is itself replaced only in a later pass
    for seat, fl in seen_second:
        first = next(e.pass_no for e in reps if e.seat == seat and e.tile is fl)
        later = next(e.pass_no for e in reps if e.seat == seat and e.flower is fl)
        assert later == first + 1
    assert not any(t.hands[s][i] for s in range(4) for i in range(34, 42))


def test_xian_break_and_final_draw_follow_the_seed_example():
    # Seed example: the dealer throws 10 -> South; South throws 5 -> start after South's 15th stack.
    arr = tile_set("xian")
    random.Random(2).shuffle(arr)
    t = Table("xian", arrangement=arr, dice=[(4, 6), (2, 3)])
    assert t.log[1] == DiceThrown(0, (4, 6), "wall")
    assert t.log[2] == DiceThrown(1, (2, 3), "break")
    assert t.log[3] == WallBroken(owner=1, k=15)
    assert t.wall.order[0] == (1, 16) and t.wall.order[-1] == (1, 15)
    P = _phys("xian")
    circle = t.wall.order
    deals = [e for e in t.log if isinstance(e, TilesDealt)]
    A, B, C = circle[24:27]
    assert [x.index for x in deals[12].tiles] == [arr[P(*A, 0)], arr[P(*B, 0)]]  # dealer: top(A), top(B)
    assert [x.index for x in deals[13].tiles] == [arr[P(*A, 1)]]  # South: bottom(A)
    assert [x.index for x in deals[14].tiles] == [arr[P(*B, 1)]]  # West: bottom(B)
    assert [x.index for x in deals[15].tiles] == [arr[P(*C, 0)]]  # North: top(C)


def test_xian_break_runs_on_into_the_next_wall():
    # 6 + 6 = 12 -> North's wall; North throws 12: 24 stacks, 17 in North's wall and 7 in West's.
    t = Table("xian", seed=1, dice=[(6, 6), (6, 6)])
    assert t.log[3] == WallBroken(owner=3, k=24)
    assert t.wall.order[-1] == (2, 7) and t.wall.order[0] == (2, 8)


def test_108_tile_walls_alternate_14_and_13():
    t = Table("changsha", seed=3)
    assert len(t.wall.order) == 54
    assert sum(1 for s, _ in t.wall.order if s == 0) == 14 and sum(1 for s, _ in t.wall.order if s == 1) == 13


# --- wild tiles and face-up tail tiles ---------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_beijing_wild_is_next_after_the_7th_tail_stack(seed):
    t = Table("beijing", seed=seed)
    n = len(t.wall.order)
    ind = TILES[t.wall.tiles[2 * (n - 7)]]
    ev = next(e for e in t.log if isinstance(e, WildTurnedUp))
    assert ev.indicator is ind and ev.position == 2 * (n - 7)
    i = ind.index
    assert t.wild.index == (i - i % 9 + (i % 9 + 1) % 9 if i < 27 else 27 + (i - 26) % 7)


@pytest.mark.parametrize("seed", range(5))
def test_huopin_caishen_is_the_first_undealt_tile_plus_one(seed):
    t = Table("huopin", seed=seed)
    ev = next(e for e in t.log if isinstance(e, WildTurnedUp))
    first = next(p for p in range(53, 144) if not TILES[t.wall.tiles[p]].is_flower and p >= 53)
    assert ev.position == first and not ev.indicator.is_flower
    # it was turned up before any flower was replaced (mjlearn/table/setup.py)
    k = t.log.index(ev)
    assert not any(isinstance(e, FlowerReplaced) for e in t.log[:k])


@pytest.mark.parametrize("seed", range(5))
def test_fuzhou_jin_is_the_first_tail_tile_after_flowers(seed):
    t = Table("fuzhou", seed=seed)
    ev = next(e for e in t.log if isinstance(e, WildTurnedUp))
    k = t.log.index(ev)
    assert not any(isinstance(e, FlowerReplaced) for e in t.log[k:])
    assert ev.wild is ev.indicator and ev.wild.is_suited
    assert t.wall.next_tail(0) == ev.position  # it stays as the next replacement tile
    assert all(t.hands[s][i] == 0 for s in range(4) for i in range(27, 42))  # honors are flowers here


def test_yunnan_turns_up_two_tail_tiles_and_kongs_pass_them_by():
    t = Table("yunnan", seed=4)
    n = len(t.wall.order)
    assert t.wall.face_up == {2 * (n - 1), 2 * (n - 2)}
    assert t.wall.next_tail(0) == 2 * (n - 1) + 1  # the face-down tile under the first one


# --- claims ---------------------------------------------------------------------------------------

# East (dealer) will discard 5p. South (East's 下家) can chow it with 46p; West holds 55p;
# North waits on 5p (123m 456m 789m 567s + 5p).
EAST = "5p22s333s999sEEESS"
SOUTH_CHOW = "46p111m234m777mNP"
SOUTH_WIN = "46p111m234m777mNN"
WEST = "55p678p11p99pCCCF"
NORTH_WIN = "123m456m789m567s5p"
NORTH_NOT = "123m456m789m567sP"
DICE = [(3, 4), (2, 2)]


def claim_table(south=SOUTH_CHOW, north=NORTH_NOT, rules="xian", **opts):
    cfg = replace(R.get(rules), **opts) if opts else R.get(rules)
    arr = stacked_arrangement(cfg, DICE, [EAST, south, WEST, north], draws="1s9m")
    t = Table(cfg, arrangement=arr, dice=list(DICE))
    assert t.hand_of(0) == "5p22333999sEEESS"
    t.discard(0, "5p")
    return t


def test_pung_beats_chow():
    t = claim_table()
    assert t.pending == {1, 2}
    assert t.claim_options(1) == ["chow", "pass"] and t.claim_options(2) == ["pung", "pass"]
    t.chow(1)
    t.pung(2)
    ev = t.log[-1]
    assert isinstance(ev, Punged) and ev.seat == 2 and ev.from_seat == 0
    assert ev.meld == Meld(MeldKind.PUNG, tile("5p"), 2)  # from the opposite seat
    assert t.phase == "discard" and t.turn == 2 and t.tile_count(2) == 14
    assert t.ponds[0][-1][1] == 2


def test_chow_when_nobody_pungs():
    t = claim_table()
    t.pass_(2)
    t.chow(1)
    ev = t.log[-1]
    assert isinstance(ev, Chowed) and ev.meld == Meld(MeldKind.CHOW, tile("4p"), 2)
    assert str(ev.meld) == "[456p,2]"
    # after a claim, no kong and no self-drawn win before the next draw
    assert not t.can_win(1)


def test_win_beats_pung_and_chow():
    t = claim_table(north=NORTH_WIN)
    assert t.claim_options(3) == ["win", "pass"]
    t.pung(2)
    t.chow(1)
    t.win(3)
    assert t.phase == "over"
    (w,) = t.winners
    assert w.seat == 3 and w.from_seat == 0 and str(w.hand) == "123456789m5p567s+5p" and not w.self_drawn


def test_nearest_winner_takes_the_discard():
    t = claim_table(south=SOUTH_WIN, north=NORTH_WIN)
    t.win(3)
    t.pung(2)
    t.win(1)
    assert [w.seat for w in t.winners] == [1]  # South is first after East in turn order


def test_several_winners_where_the_variant_allows():
    t = claim_table(south=SOUTH_WIN, north=NORTH_WIN, multi_win="multiple_allowed")
    t.win(3)
    t.pass_(2)
    t.win(1)
    assert [w.seat for w in t.winners] == [1, 3]


def test_all_pass_then_the_next_player_draws():
    t = claim_table()
    t.pass_(1)
    t.pass_(2)
    assert t.phase == "draw" and t.turn == 1
    ev = t.draw(1)
    assert ev.tile is tile("1s")


def test_illegal_actions_are_refused_and_change_nothing():
    t = claim_table()
    before = state(t)
    cases = [
        (lambda: t.chow(2), "only from the left player"),  # West chowing East's discard
        (lambda: t.chow(3), "only from the left player"),
        (lambda: t.pung(1), "needs two 5p"),
        (lambda: t.kong(2), "three 5p in hand"),
        (lambda: t.win(2), "not complete"),
        (lambda: t.discard(1, "4p"), "being decided"),
        (lambda: t.draw(1), "being decided"),
        (lambda: t.pung(0), "his own tile"),
        (lambda: t.pung(7), "no seat"),
    ]
    for act, words in cases:
        with pytest.raises(IllegalActionError, match=words) as exc:
            act()
        assert exc.value.zh and exc.value.en  # a sentence in each language
        assert state(t) == before
    t.pass_(1)
    t.pass_(2)
    before = state(t)
    for act, words in [
        (lambda: t.discard(1, "4p"), "must draw first"),
        (lambda: t.discard(2, "5p"), "South's turn"),
        (lambda: t.pass_(2), "no discard"),
    ]:
        with pytest.raises(IllegalActionError, match=words):
            act()
        assert state(t) == before
    t.draw(1)
    before = state(t)
    for act, words in [
        (lambda: t.discard(1, "9p"), "has no 9p"),
        (lambda: t.kong(1, "1m"), "A kong needs four 1m"),
        (lambda: t.win(1), "not complete"),
    ]:
        with pytest.raises(IllegalActionError, match=words):
            act()
        assert state(t) == before
    assert t.can_discard(1, "1s") and not t.can_discard(1, "9p")


def test_the_last_discard_can_only_be_won():
    for seed in range(100):  # a hand that reaches the end of the wall
        t = Table("xian", seed=seed)
        play = [Bot(s) for s in range(4)]
        while t.phase != "over" and t._can_draw():
            seat = t.turn if t.phase in ("draw", "discard") else min(t.pending)
            play[seat].act(t, seat)
        if t.phase != "over":
            break
    else:
        pytest.fail("no hand among 100 reached the end of the wall")
    # now the wall is at its reserve: whoever holds the turn discards the last tile
    while t.phase == "claim":
        s = min(t.pending)
        assert "pung" not in t.claim_options(s) and "chow" not in t.claim_options(s)
        t.pass_(s)
    if t.phase == "discard":
        t.discard(t.turn, next(x for x in t.concealed(t.turn)))
        for s in sorted(t.pending):
            assert set(t.claim_options(s)) <= {"win", "pass"}
            t.pass_(s)
    assert t.phase == "over"
    assert isinstance(t.log[-1], (Exhausted, Won))


# --- kongs and robbing ----------------------------------------------------------------------------


def test_concealed_kong_takes_a_tail_replacement():
    hands = ["1111m234p567s88sEE", "123456789p1234s", "123456789s2345m", "SSSWWWNNNCCCF"]
    t = Table("xian", arrangement=stacked_arrangement("xian", DICE, hands, tail="9p"), dice=list(DICE))
    tail_pos = t.wall.next_tail(1)  # Xi'an: a concealed kong takes the LOWER tile of the last stack
    t.kong(0, "1m")
    kong = next(e for e in t.log if isinstance(e, Konged))
    assert kong.kind == "concealed" and str(kong.meld) == "[1111m]"
    assert t.log[-1].position == tail_pos and t.tile_count(0) == 14
    assert t.phase == "discard" and t.turn == 0


def test_rob_the_kong_and_the_kong_completes_when_nobody_robs():
    # Hebei (points family) allows robbing an added kong. South pungs East's 5s and draws the fourth
    # later; North waits on 5s (46s) and may rob the added kong.
    cfg = R.get("hebei1")
    hands = ["5s2s333s888pEEESSS", "55s46p111m23m777mN", "678p11pCCCFFPWW", "123m456m789m46s99p"]
    arr = stacked_arrangement(cfg, DICE, hands, draws=["9m", "9s", "1s", "5s"])
    t = Table(cfg, arrangement=arr, dice=list(DICE))

    def answer_all():
        for s in sorted(t.pending):
            t.pass_(s)

    t.discard(0, "5s")
    assert t.claim_options(3) == ["win", "pass"] and "pung" in t.claim_options(1)
    t.pung(1)
    answer_all()
    t.discard(1, "N")
    answer_all()
    t.draw(2)
    t.discard(2, "9m")
    answer_all()
    t.draw(3)
    t.discard(3, "9s")
    answer_all()
    t.draw(0)
    t.discard(0, "1s")
    answer_all()
    t.draw(1)
    assert t.log[-1].tile is tile("5s")
    before = state(t)
    t.kong(1, "5s")  # added kong: North may rob it
    assert t.phase == "rob" and t.pending == {3}
    with pytest.raises(IllegalActionError, match="only be robbed by a win"):
        t.pung(3)
    assert state(t)[2:5] == before[2:5]  # nothing moved yet: the kong waits for the answer
    t2 = replay(t.log)  # the same situation, to try the other answer
    t.win(3)
    (w,) = t.winners
    assert w.kong and not w.self_drawn and w.from_seat == 1 and w.tile is tile("5s")
    assert str(w.hand) == "123456789m99p46s+5s"
    assert str(t.melds[1][0]) == "[555s,1]"  # the kong was never completed
    t2.pass_(3)
    k = next(e for e in reversed(t2.log) if isinstance(e, Konged))
    assert k.kind == "added" and str(k.meld) == "[5555s,5]" and t2.turn == 1 and t2.phase == "discard"


# --- whole hands ------------------------------------------------------------------------------------


def _play_checked(rules, seed):
    """Play with bots, checking tile conservation after every event."""
    t = Table(rules, seed=seed, setup=False)
    want = full_set(rules)
    while t.step_setup() is not None:
        assert t.tile_census() == want
    bots = [Bot(seed * 4 + s) for s in range(4)]
    while t.phase != "over":
        seat = t.turn if t.phase in ("draw", "discard") else min(t.pending, key=lambda s: (s - t.turn) % 4)
        bots[seat].act(t, seat)
        assert t.tile_census() == want
        assert sum(t.tile_count(s) for s in range(4)) in range(52, 55)
    return t


def _check_end(t):
    last = t.log[-1] if type(t.log[-1]).__name__ != "CalledCheck" else t.log[-2]  # 查大叫 follows the draw
    if isinstance(last, Exhausted):
        assert not t.winners
        return "draw"
    assert t.winners and isinstance(last, Won)
    for w in t.winners:
        assert w.hand.tile_count == 14 and w.tile is w.hand.win_tile
        if t.facts.min_points:
            assert w.points is not None and w.points - len(w.hand.flowers) >= t.facts.min_points
    return "win"


@pytest.mark.parametrize("rules", PLAYABLE)
def test_hands_conserve_tiles_and_end_legally(rules):
    for seed in range(6):
        _check_end(_play_checked(rules, seed))


@pytest.mark.parametrize("rules", PLAYABLE)
def test_replay_reproduces_the_state(rules):
    for seed in range(3):
        t = play_hand(Table(rules, seed=seed))
        r = replay(t.log)
        assert r.log == t.log
        assert state(r) == state(t) and r.winners == t.winners
        mid = len(t.log) // 2
        part = t.at(mid)
        assert part.log == t.log[: len(part.log)] and len(part.log) >= mid


def test_replay_refuses_a_log_that_does_not_follow():
    t = play_hand(Table("xian", seed=1))
    bad = list(t.log)
    k = next(i for i, e in enumerate(bad) if type(e).__name__ == "Discarded")
    with pytest.raises((ValueError,)):
        replay(bad[:k] + bad[k + 1 :])


def test_a_thousand_seeded_hands_end_in_a_win_or_a_draw():
    outcomes = Counter()
    for k in range(1000):
        rules = PLAYABLE[k % len(PLAYABLE)]
        t = play_hand(Table(rules, seed=10_000 + k))
        assert t.tile_census() == full_set(rules)
        outcomes[_check_end(t)] += 1
    assert outcomes["win"] > 0 and sum(outcomes.values()) == 1000


@pytest.mark.slow
def test_ten_thousand_seeded_hands():
    for k in range(10_000):
        rules = PLAYABLE[k % len(PLAYABLE)]
        _check_end(_play_checked(rules, 50_000 + k))


def test_event_text_is_bilingual():
    t = play_hand(Table("xian", seed=3))
    for e in t.log:
        assert e.zh and e.en and e.zh != e.en
        assert any("\u4e00" <= ch <= "\u9fff" for ch in e.zh)
    from mjlearn.table.render import EventLog, log_text

    text = log_text(t.log)
    assert text.count("\n") == len(t.log) - 1
    assert "<ol" in EventLog(t.log)._repr_html_()


def test_renderings():
    from mjlearn.table.render import table_html, wall_svg

    t = Table("xian", seed=2)
    svg = wall_svg(t.wall, reserve=13)
    assert svg.count('class="mj-stack') == 68 and 'class="mj-break"' in svg
    html = table_html(t, show_all=False, seat=0)
    assert html.count('class="mj-seat"') == 4 and 'data-face-down="1"' in html
    assert "<svg" in t._repr_html_() and "<svg" in t.wall._repr_html_()


@pytest.mark.parametrize("seed", [5, 11, 21])
def test_advice_is_the_move_made(seed):
    """A seat that asks a bot for advice and then lets it act plays exactly what was advised
    (notebook 08 printed "discard 1s" while East discarded 9m: the advice and the move were two
    separate tie-breaks), and the hand plays as it would without the advice."""
    advisor, advised = Bot(seed=0), []

    def ask(table, seat):
        what, tile = advisor.advise(table, seat)
        e = advisor.act(table, seat)
        if what == "discard":
            advised.append((tile, e))

    t = play_hand(Table("mcr", seed=seed), human=0, ask=ask)
    made = [e for e in t.log if isinstance(e, Discarded) and e.seat == 0]
    assert len(made) >= 3
    assert [str(tile) for tile, _ in advised] == [str(e.tile) for e in made]
    assert all(e in made for _, e in advised)
    alone = Bot(seed=0)
    plain = play_hand(Table("mcr", seed=seed), human=0, ask=lambda table, seat: alone.act(table, seat))
    assert plain.log == t.log


def test_seats_are_seat_values_and_actions_take_letters():
    from mjlearn.hand import WinContext
    from mjlearn.seats import Seat
    from mjlearn.table import Session

    t = play_hand(Table("mcr", seed=3))
    seats = [getattr(e, f) for e in t.log for f in ("seat", "from_seat", "owner") if getattr(e, f, None) is not None]
    assert len(seats) > 50 and all(type(s) is Seat for s in seats)
    assert type(t.turn) is Seat and all(type(s) is Seat for s, _ in t.wall.order)
    by_letter, by_int = Table("mcr", seed=3), Table("mcr", seed=3)
    tile = by_int.concealed(0)[0]
    assert by_letter.discard("E", tile) == by_int.discard(0, tile)
    assert by_letter.log == by_int.log and by_letter.pending == by_int.pending
    assert all(type(s) is Seat for s in by_letter.pending)
    with pytest.raises(IllegalActionError, match="no seat"):
        by_letter.pass_("X")
    w = next(w for seed in range(20) for w in play_hand(Table("mcr", seed=seed)).winners)
    assert isinstance(w.win_context, WinContext)
    assert (w.self_drawn, w.kong, w.seat_wind) == (
        w.win_context.self_drawn,
        w.win_context.kong,
        w.win_context.seat_wind,
    )
    assert w.seat_wind == w.seat.letter  # East deals every hand of a lone table
    s = Session("mcr", seed=1).play(4)
    assert [r.dealer for r in s.records] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert all(type(r.dealer) is Seat for r in s.records)


def test_text_fallbacks_of_the_table_pictures():
    """Where HTML is not shown, a table, its outcome, its wall and its log read as text, not reprs."""
    from IPython.lib.pretty import pretty

    from mjlearn.table.render import EventLog, WallView

    t = play_hand(Table("changsha", seed=4))
    text = pretty(t)
    assert "东家 East (庄 dealer)" in text and t.hand_of(3) in text and not text.startswith("<")
    hidden = pretty(t.render(show_all=False, seat=0))
    assert t.hand_of(0) in hidden and "▮" in hidden
    assert format_tiles_of(t, 2) not in hidden
    out = pretty(t.outcome())
    assert "收付 Payments" in out and all(f"{v:+g}" in out for v in t.payments.values())
    assert "<" not in pretty(WallView(t.wall)) and pretty(EventLog(t.log[:2])).startswith("  1. ")


def format_tiles_of(t, seat) -> str:
    from mjlearn.notation import format_tiles

    return format_tiles(t.concealed(seat))
