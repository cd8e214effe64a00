"""MCR scorer: the fan table, the principles, worked examples, errors, settlement, profiles, results."""

from __future__ import annotations

import dataclasses
import json

import pytest

from mjlearn import InvalidHandError, NotationError
from mjlearn.errors import ContextError
from mjlearn.mcr import CONTEXT_KEYWORDS, FANS, fan, get_profile, score
from mjlearn.mcr.examples import EXAMPLES, example, near_miss
from mjlearn.mcr.fans import POINT_TIERS
from mjlearn.mcr.principles import (
    COMBINE_ONCE,
    NO_IDENTICAL,
    NON_REPETITION,
    apply_exclusions,
    combine_chows,
    combine_pungs,
)
from mjlearn.mcr.settlement import settle
from mjlearn.mcr.tables import REF

# --- the table ---------------------------------------------------------------------------------


def test_table_has_81_plus_one_rows_in_order():
    assert len(FANS) == 82
    assert [f.id for f in FANS] == list(range(1, 83))
    assert fan(82).zh == "明暗杠" and fan(82).points == 5


def test_point_tiers():
    assert sorted({f.points for f in FANS if f.id <= 81}, reverse=True) == list(POINT_TIERS)
    counts = {p: sum(1 for f in FANS if f.points == p and f.id <= 81) for p in POINT_TIERS}
    assert counts == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 13}


def test_exclusions_refer_to_real_fans_and_never_to_themselves():
    for f in FANS:
        for e in f.excludes:
            assert 1 <= e.fan_id <= 82 and e.fan_id != f.id, f
            assert e.scope in ("all", "parts", "one")
            assert FANS[e.fan_id - 1].points <= f.points, (f, e)


def test_rows_are_bilingual_and_match_the_tsv():
    import csv
    from pathlib import Path

    tsv = Path(__file__).resolve().parent / "data" / "mcr_fans.tsv"
    rows = list(csv.DictReader(tsv.open(encoding="utf-8"), delimiter="\t"))
    assert len(rows) >= 81
    for row in rows[:81]:
        f = fan(int(row["no_cn1998"]))
        assert f.zh == row["chinese"] or f.id == 78, f
        assert f.points == int(row["points"]), f
    for f in FANS:
        assert f.definition_zh and f.definition_en and f.pinyin and f.en
        assert f.detector


def test_fan_lookup():
    assert fan("Full Flush").id == 22 and fan("清一色").id == 22
    with pytest.raises(KeyError):
        fan(83)
    with pytest.raises(KeyError):
        fan("nonsense")


# --- every fan: an example and a near miss -------------------------------------------------


@pytest.mark.parametrize("fan_id", sorted(EXAMPLES))
def test_example_scores_the_fan(fan_id):
    hand, ctx, res = example(fan_id)
    assert res.is_winning
    assert fan_id in res.fan_counts(), (hand, ctx, res.fan_counts())


@pytest.mark.parametrize("fan_id", sorted(EXAMPLES))
def test_near_miss_does_not(fan_id):
    hand, ctx, res = near_miss(fan_id)
    assert fan_id not in res.fan_counts(), (hand, ctx, res.fan_counts())


def test_every_fan_has_an_example():
    assert sorted(EXAMPLES) == list(range(1, 83))


# --- worked examples of the competition rules (winner South, round East) ---------------------------


def fans_of(res):
    return {fan(i).zh: n for i, n in res.fan_counts().items()}


def test_mcr_ex1_discard_win():
    r = score("123456789m23p55s+4p", seat_wind="S")
    assert fans_of(r) == {"清龙": 1, "平和": 1, "门前清": 1} and r.total == 20
    assert {e.fan.zh for e in r.excluded} >= {"无字", "连六", "老少副"}
    assert r.settlement(winner="S", discarder="W") == {"E": -8, "S": 44, "W": -28, "N": -8}


def test_mcr_ex2_self_drawn():
    r = score("123456789m23p55s+4p", self_drawn=True, seat_wind="S")
    assert fans_of(r) == {"清龙": 1, "平和": 1, "不求人": 1} and r.total == 22
    assert any(e.fan.zh == "自摸" and e.because_of.zh == "不求人" for e in r.excluded)
    assert r.settlement(winner="S") == {"E": -30, "S": 90, "W": -30, "N": -30}


def test_mcr_ex3_all_pungs_with_flowers():
    r = score("[222m,1][CCC,2]555p88sEE+8s", self_drawn=True, seat_wind="S", flowers=2)
    assert fans_of(r) == {"碰碰和": 1, "五门齐": 1, "箭刻": 1, "双暗刻": 1, "自摸": 1, "花牌": 2}
    assert r.total == 19 and r.meets_minimum
    assert r.settlement(winner="S") == {"E": -27, "S": 81, "W": -27, "N": -27}


def test_mcr_ex4_the_minimum():
    r = score("234678m345p67s22s+5s", seat_wind="S")
    assert r.total == 6 and not r.meets_minimum
    with pytest.raises(ValueError, match="8-point minimum"):
        r.settlement(winner="S", discarder="W")
    r8 = score("234678m345p67s22s+8s", seat_wind="S")
    assert r8.total == 7 and "喜相逢" in fans_of(r8)
    rs = score("234678m345p67s22s+5s", self_drawn=True, seat_wind="S")
    assert rs.total == 8 and rs.meets_minimum
    assert rs.settlement(winner="S")["S"] == 48


def test_design_example():
    r = score("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True, seat_wind="E", prevalent_wind="E", flowers=0)
    assert r.total == 98
    d = r.to_dict()
    assert list(d) == ["rules", "hand", "total", "meets_minimum", "fans", "excluded"]
    assert d["fans"][0] == {"id": 1, "zh": "大四喜", "en": "Big Four Winds", "points": 88, "count": 1}
    assert {"id": 38, "zh": "三风刻", "because_of": 1, "principle": "不重复"} in d["excluded"]
    json.dumps(d, ensure_ascii=False)


# --- the five counting principles (mjlearn.mcr.principles) -------------------------------------


def test_non_repetition_four_concealed_pungs_implies_all_pungs_and_concealed():
    r = score("222m444p666sEEEN+N")
    assert "四暗刻" in fans_of(r)
    assert "碰碰和" not in fans_of(r) and "门前清" not in fans_of(r)
    dropped = {(e.fan.zh, e.because_of.zh, e.principle) for e in r.excluded}
    assert ("碰碰和", "四暗刻", NON_REPETITION) in dropped and ("门前清", "四暗刻", NON_REPETITION) in dropped


def test_non_repetition_keeps_self_drawn_when_four_concealed_pungs_drops_fully_concealed():
    r = score("222m444p666sEEEN+N", self_drawn=True)
    assert "自摸" in fans_of(r) and "不求人" not in fans_of(r)


def test_no_splitting_pure_straight_chows_not_reused():
    r = score("123456789m23p55s+4p")
    assert "连六" not in fans_of(r) and "老少副" not in fans_of(r)
    kept, dropped = combine_chows([(0, REF[1]), (1, REF[4]), (2, REF[7])])
    assert kept == [(28, (0, 1, 2))]
    assert {d[0] for d in dropped} == {71, 72}


def test_take_the_higher_pungs_over_chows():
    # concealed 222333444p: 一色三节高 + 三暗刻 rather than 一色三同顺
    r = score("222333444p678s5m+5m")
    f = fans_of(r)
    assert "一色三节高" in f and "三暗刻" in f and "一色三同顺" not in f


def test_combine_once_example():
    # 123m 123m 123p 789s 5p, single wait on 5p: 一般高 + one 喜相逢
    r = score("112233m123p789s5p+5p")
    f = fans_of(r)
    assert f.get("一般高") == 1 and f.get("喜相逢") == 1
    # the rule text illustrates 不得相同 and 套算一次 with this same hand
    assert any(e.fan.zh == "喜相逢" and e.principle in (COMBINE_ONCE, NO_IDENTICAL) for e in r.excluded)


def test_combine_once_two_shorts_and_two_mixed():
    # 234567s 234567p: 喜相逢 x2 + 连六 x1, not 2 + 2
    kept, dropped = combine_chows([(0, REF[19]), (1, REF[22]), (2, REF[10]), (3, REF[13])])
    names = sorted(f for f, _ in kept)
    assert names == [70, 70, 71]
    assert len(dropped) == 1 and dropped[0][0] == 71


def test_no_identical_repeat():
    # 234s 223344567p: 一般高, 喜相逢, 连六 — not 喜相逢 x2
    kept, _ = combine_chows([(0, REF[19]), (1, REF[10]), (2, REF[10]), (3, REF[13])])
    assert sorted(f for f, _ in kept) == [69, 70, 71]
    r = score("234s223344567p5m+5m")
    assert fans_of(r).get("喜相逢") == 1


def test_no_identical_principle_is_named_when_the_same_fan_repeats():
    ex = get_profile("mcr").exclusions
    kept, dropped = combine_chows(
        [(0, REF[1]), (1, REF[10]), (2, REF[19])],  # 123m 123p 123s
        lambda f: [e for e, _ in ex.get(f, ())],
    )
    assert kept == [(41, (0, 1, 2))]
    assert all(d[0] == 70 and d[3] == NON_REPETITION for d in dropped)


def test_pung_triple_then_one_pair_with_the_free_pung():
    kept, _ = combine_pungs([(0, REF[0]), (1, REF[1]), (2, REF[2]), (3, REF[9])])  # 111 222 333m 111p
    assert sorted(f for f, _ in kept) == [24, 65]


def test_apply_exclusions_scopes():
    prof = get_profile("mcr")
    occ = [(59, (0,)), (73, (0,)), (73, (1,))]  # 箭刻 drops only its own 幺九刻
    kept, dropped = apply_exclusions(occ, prof.exclusions, prof.order.__getitem__)
    assert sorted(kept) == [(59, (0,)), (73, (1,))]
    assert dropped == [(73, (0,), 59, NON_REPETITION)]
    occ = [(4, ()), (73, (0,)), (73, (1,))]  # 九莲宝灯 drops one 幺九刻
    kept, _ = apply_exclusions(occ, prof.exclusions, prof.order.__getitem__)
    assert sum(1 for f, _ in kept if f == 73) == 1


# --- waits, flags, special cases the reference handles ---------------------------------------


@pytest.mark.parametrize(
    "hand,wait",
    [
        ("[123m,1]456p789s12s99m+3s", "边张"),
        ("[123m,1]456p789s1233s+3s", "边张"),
        ("[123m,1]456p789s24s99m+3s", "嵌张"),
        ("[123m,1]456p789s111sE+E", "单钓将"),
    ],
)
def test_unique_waits(hand, wait):
    assert wait in fans_of(score(hand))


@pytest.mark.parametrize("hand", ["[123m,1]456p789s45s99m+3s", "[123m,1]456p12345s99m+3s", "[123m,1]456p56789s99m+7s"])
def test_waits_with_two_tiles_do_not_count(hand):
    f = fans_of(score(hand))
    assert not {"边张", "嵌张", "单钓将"} & set(f)


def test_pung_completed_by_a_discard_counts_as_melded():
    assert "三暗刻" in fans_of(score("222m444p666s789sE+E"))
    assert "三暗刻" not in fans_of(score("222m444p66s789sEE+6s"))
    assert "三暗刻" in fans_of(score("222m444p66s789sEE+6s", self_drawn=True))


def test_tile_hog_and_last_tile_from_melds():
    assert "四归一" in fans_of(score("[111s,1][123m,1]123s456pE+E"))
    assert "和绝张" not in fans_of(score("[EEE,1]123m456p34sNN+5s"))
    assert "和绝张" in fans_of(score("[555s,1]123m456p34sEE+5s"))  # three 5s shown: the 4th is the last


def test_chicken_hand():
    hand, ctx = EXAMPLES[43][0]
    assert fans_of(score(hand, **ctx)) == {"无番和": 1}


def test_not_winning_is_an_answer():
    r = score("123456789m23p55s+9p")
    assert not r.is_winning and r.total == 0 and r.fans == () and not r.meets_minimum
    assert "not a winning hand" in r.table("en")


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand,ctx,msg",
    [
        ("123m456p789s234s5m+5m", {"kong": True}, "robbing a kong"),
        ("123m456p789s234s5m+5m", {"kong": True, "self_drawn": True}, "no kong"),
        ("[123m,1]456p789sEEE5s+5s", {"last_tile": True}, "last_tile"),
        ("123456789m23p55sab+4p", {"flowers": 7}, "only eight"),
        ("123456789m23p55s4p", {}, "no winning tile"),
    ],
)
def test_inconsistent_input_is_an_error(hand, ctx, msg):
    with pytest.raises(InvalidHandError, match=msg):
        score(hand, **ctx)


def test_bad_keywords_and_profiles():
    with pytest.raises(ContextError, match="does not use the context keyword 'selfdrawn'"):
        score("123456789m23p55s+4p", selfdrawn=True)
    with pytest.raises(ValueError, match="unknown MCR profile"):
        score("123456789m23p55s+4p", profile="nope")
    with pytest.raises(NotationError):
        score("123m45")
    with pytest.raises(InvalidHandError):
        score("11111m23456789p+1p")


# both doors (mj.score and mjlearn.rules.score) refuse a bad context keyword alike, as every rule set does
@pytest.mark.parametrize(
    "ctx,named",
    [
        ({"selfdrawn": True}, "'selfdrawn'"),
        ({"self_drawn": 1}, "self_drawn"),
        ({"self_drawn": True, "kong": "yes"}, "kong"),
        ({"self_drawn": True, "flowers": 9}, "flowers"),
        ({"self_drawn": True, "flowers": -1}, "flowers"),
        ({"self_drawn": True, "flowers": True}, "flowers"),
        ({"self_drawn": True, "seat_wind": "X"}, "seat_wind"),
        ({"self_drawn": True, "prevalent_wind": 5}, "prevalent_wind"),
    ],
)
def test_bad_context_is_a_context_error_through_every_door(ctx, named):
    import mjlearn as mj
    from mjlearn import rules

    hand = "123456789m23p55s+4p"
    mcr_doors = [
        lambda: mj.score(hand, **ctx),
        lambda: mj.score(hand, rules="mcr-wmo2014", **ctx),
        lambda: score(hand, **ctx),
    ]
    for door in mcr_doors:
        with pytest.raises(ContextError, match=named) as e:
            door()
        assert isinstance(e.value, ValueError) and e.value.accepted == CONTEXT_KEYWORDS
    with pytest.raises(ContextError, match=named):
        rules.score(hand, rules="mcr", **ctx)


def test_mcr_door_takes_the_profile_under_either_name():
    import mjlearn as mj

    hand = "123456789m23p55s+4p"
    assert mj.score(hand, profile="mcr-wmo2014").profile.name == "mcr-wmo2014"
    with pytest.raises(ContextError, match="profile"):
        mj.score(hand, rules="mcr-wmo2014", profile="mcr")
    with pytest.raises(ContextError, match="not both"):
        score(hand, profile="mcr-wmo2014", rules="mcr")


# --- settlement ----------------------------------------------------------------------------


@pytest.mark.parametrize("total,winner,discarder", [(8, "E", "S"), (22, "N", None), (88, "W", "E")])
def test_settlement_sums_to_zero(total, winner, discarder):
    pay = settle(total, winner, discarder)
    assert sum(pay.values()) == 0 and pay[winner] > 0
    if discarder:
        assert pay[discarder] == -(8 + total)
        assert pay[winner] == 24 + total
    else:
        assert pay[winner] == 3 * (8 + total)


def test_settlement_errors():
    with pytest.raises(ValueError):
        settle(8, "E", "E")
    with pytest.raises(ValueError):
        settle(8, "X")
    r = score("123456789m23p55s+4p", self_drawn=True)
    with pytest.raises(ValueError, match="no discarder"):
        r.settlement(winner="E", discarder="S")
    with pytest.raises(ValueError, match="discarder"):
        score("123456789m23p55s+4p").settlement(winner="E")


# --- profiles -----------------------------------------------------------------------------


def test_profile_two_concealed_kongs():
    h = "[2222m][4444p]123s789sE+E"
    assert score(h).points_of(53) == 6
    assert score(h, profile="mcr-wmo2014").points_of(53) == 8


def test_profile_mixed_kongs():
    h = "[2222m][4444p,1]123s789sE+E"
    assert score(h).points_of(82) == 5
    wmo = score(h, profile="mcr-wmo2014")
    assert wmo.points_of(57) == 4 and wmo.points_of(67) == 2
    sep = score(h, profile=get_profile("mcr").replace(mixed_kongs="separate"))
    assert sep.points_of(74) == 1 and sep.points_of(67) == 2


def test_profile_seven_pairs_fully_concealed():
    h = "1155m2288pEECC3s+3s"
    assert "不求人" not in fans_of(score(h, self_drawn=True))
    assert "不求人" in fans_of(score(h, self_drawn=True, profile="mcr-wmo2014"))


def test_profile_all_green_with_half_flush():
    h = "223344666s88sFF+F"
    assert "混一色" not in fans_of(score(h))
    assert "混一色" in fans_of(score(h, profile="mcr-wmo2014"))


def test_profile_all_terminals_with_double_pung():
    h = "111999m111999p9s+9s"
    assert "双同刻" not in fans_of(score(h))
    assert "双同刻" in fans_of(score(h, profile="mcr-wmo2014"))


def test_profile_knitted_straight_waits():
    h = "369m1447p258sCCC+4p"
    assert "单钓将" in fans_of(score(h))
    assert "单钓将" not in fans_of(score(h, profile=get_profile("mcr").replace(knitted_straight_waits=False)))


def test_profile_is_frozen():
    p = get_profile("mcr")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.two_concealed_kongs_points = 8
    with pytest.raises(TypeError):
        p.replace(nonsense=True)


# --- the result object ---------------------------------------------------------------------


def test_result_explains_parts_and_renders():
    r = score("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True)
    big = r.fans[0]
    assert big.zh == "大四喜" and len(big.parts[0]) == 4
    html = r._repr_html_()
    assert "大四喜" in html and "Big Four Winds" in html and "<table" in html
    assert "大四喜" in r.table("zh") and "Big Four Winds" in r.table("en")
    assert r.reading is not None and r.reading.form.value == "regular"


def test_rules_alias():
    assert score("123456789m23p55s+4p", rules="mcr").total == 20


# --- the fast paths agree with the explicit steps ------------------------------------------


def _random_results(n, seed):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import mcr_hands as H

    cases = H.random_cases(n, seed) + H.targeted_cases(n // 2, seed + 1)
    return [(h, c, score(h, **c)) for h, c in cases]


def test_to_dict_is_the_rows_of_fans_and_excluded():
    for hand, _ctx, r in _random_results(1500, 31):
        d = r.to_dict()
        assert d["fans"] == [
            {"id": s.id, "zh": s.zh, "en": s.en, "points": s.points, "count": s.count} for s in r.fans
        ], hand
        assert d["excluded"] == [
            {"id": e.fan.id, "zh": e.fan.zh, "because_of": e.because_of.id, "principle": e.principle}
            for e in r.excluded
        ], hand
        assert d["total"] == sum(s.total for s in r.fans)


@pytest.mark.parametrize("name", ["mcr", "mcr-wmo2014"])
def test_count_fans_is_apply_exclusions(name):
    from mjlearn.mcr.principles import count_fans

    prof = get_profile(name)
    checked = 0
    for hand, ctx, r in _random_results(800, 41):
        r = score(hand, profile=prof, **ctx)
        if not r.is_winning:
            continue
        occ = r._candidate[4]
        kept, _ = apply_exclusions(occ, prof.exclusions, prof.order.__getitem__)
        want = {}
        for f, _ in kept or [(43, ())]:
            want[f] = want.get(f, 0) + 1
        total, counts = count_fans(occ, prof.kernel)
        assert counts == want, hand
        assert total == sum(prof.points[f] * n for f, n in want.items())
        checked += 1
    assert checked > 1000


def test_count_fans_scoped_exclusions():
    from mjlearn.mcr.principles import count_fans

    prof = get_profile("mcr")
    assert count_fans([(59, (0,)), (73, (0,)), (73, (1,))], prof.kernel) == (3, {59: 1, 73: 1})
    assert count_fans([(4, ()), (73, (0,)), (73, (1,))], prof.kernel) == (89, {4: 1, 73: 1})
    assert count_fans([], prof.kernel) == (8, {43: 1})


def test_suit_table_is_the_recursive_search():
    import itertools

    from mjlearn.shapes import _suit_ways_by_search, suit_status, suit_ways

    rng = __import__("random").Random(3)
    vectors = [c for c in itertools.product(range(5), repeat=9) if sum(c) <= 14 and sum(c) % 3 != 1]
    for c in rng.sample(vectors, 20000) + [(0,) * 9, (3, 1, 1, 1, 1, 1, 1, 1, 3), (0, 0, 0, 0, 0, 0, 4, 1, 1)]:
        search = []
        for p, sets in _suit_ways_by_search(c):  # the search finds some splits twice
            w = (p, tuple(sorted(sets, key=lambda k: (k[1], k[0]))))
            if w not in search:
                search.append(w)
        assert suit_ways(c) == tuple(search), c
        assert suit_status(c) == (any(p < 0 for p, _ in search) | 2 * any(p >= 0 for p, _ in search))


def whole_hand_by_definition(mask: int) -> tuple[int, ...]:
    """The whole-hand fans of the set of tiles ``mask`` (bit i: tile index i), straight from their
    definitions: the reference the scorer's per-group tables are held to."""
    from mjlearn.mcr.fans import F
    from mjlearn.tiles import IS_DRAGON, IS_GREEN, IS_HONOR, IS_REVERSIBLE, IS_TERMINAL, IS_TERMINAL_OR_HONOR, IS_WIND
    from mjlearn.tiles import SUIT_NUMBER as SUIT
    from mjlearn.tiles import SUITED_RANK as RANK

    present = [i for i in range(34) if mask >> i & 1]
    out = []
    suits = {SUIT[i] for i in present}
    honors = 3 in suits
    missing = sum(1 for s in (0, 1, 2) if s not in suits)
    # suits: 无字 缺一门 混一色 清一色 五门齐
    if not honors:
        out.append(F.NO_HONORS)
    if missing == 1:
        out.append(F.ONE_VOIDED_SUIT)
    elif missing == 2:
        out.append(F.HALF_FLUSH if honors else F.FULL_FLUSH)
    if missing == 0 and any(IS_WIND[i] for i in present) and any(IS_DRAGON[i] for i in present):
        out.append(F.ALL_TYPES)
    # traits: 断幺 推不倒 绿一色 字一色 清幺九 混幺九
    if not any(IS_TERMINAL_OR_HONOR[i] for i in present):
        out.append(F.ALL_SIMPLES)
    if all(IS_REVERSIBLE[i] for i in present):
        out.append(F.REVERSIBLE_TILES)
    if all(IS_GREEN[i] for i in present):
        out.append(F.ALL_GREEN)
    if all(IS_HONOR[i] for i in present):
        out.append(F.ALL_HONORS)
    if all(IS_TERMINAL[i] for i in present):
        out.append(F.ALL_TERMINALS)
    if all(IS_TERMINAL_OR_HONOR[i] for i in present):
        out.append(F.ALL_TERMINALS_AND_HONORS)
    # ranges: 全小/小于五, 全大/大于五, 全中
    if not honors:
        ranks = {RANK[i] for i in present}
        if ranks <= {1, 2, 3, 4}:
            out.append(F.LOWER_FOUR)
            if 4 not in ranks:
                out.append(F.LOWER_TILES)
        elif ranks <= {6, 7, 8, 9}:
            out.append(F.UPPER_FOUR)
            if 6 not in ranks:
                out.append(F.UPPER_TILES)
        elif ranks <= {4, 5, 6}:
            out.append(F.MIDDLE_TILES)
    return tuple(out)


def test_whole_hand_tables_match_the_definition():
    from mjlearn.mcr import detect as D

    rng = __import__("random").Random(4)
    for _ in range(20000):
        dense = rng.random()
        counts = [rng.randint(1, 4) if rng.random() < dense * 0.5 else 0 for _ in range(34)]
        if rng.random() < 0.3:  # one suit, or no honors, often enough
            keep = rng.choice([range(9), range(9, 18), range(18, 27), range(27, 34), range(27)])
            counts = [n if i in keep else 0 for i, n in enumerate(counts)]
        if not any(counts):
            continue
        mask = sum(1 << i for i in range(34) if counts[i])
        assert sorted(D.whole_hand_fans(counts)) == sorted(whole_hand_by_definition(mask)), counts


def test_context_cache_keeps_type_checks():
    hand = "123456789m23p55s+4p"
    assert score(hand, self_drawn=True).total == 22
    with pytest.raises(ContextError, match="self_drawn must be True or False, got 1"):
        score(hand, self_drawn=1)
    with pytest.raises(ContextError, match="nonsense"):
        score(hand, nonsense=True)
    assert score(hand, self_drawn=True).context.self_drawn is True


def test_wait_count_is_every_tile_tried():
    from mjlearn import parse_hand
    from mjlearn.mcr.records import regular_readings
    from mjlearn.mcr.waits import wait_count

    for hand, _ctx, _r in _random_results(1500, 51):
        h = parse_hand(hand)
        n_fixed = len(h.melds)
        win = h.win_tile.index
        c = list(h.counts)
        c[win] -= 1
        waits = set()
        for t in range(34):
            c[t] += 1
            if regular_readings(c, [None] * n_fixed):
                waits.add(t)
            c[t] -= 1
        odd = [t for t in range(34) if c[t] % 2]
        if n_fixed == 0 and len(odd) == 1:  # the seven-pairs count of the reference
            waits.add(odd[0])
        assert wait_count(h.counts, win, n_fixed) == len(waits), hand


def test_unrelated_pungs_form_no_pattern():
    # the shortcut of combine_pungs_kept: without a related pair the full choice keeps nothing
    import itertools

    from mjlearn.mcr.principles import _related_pungs

    codes = sorted(set(REF))
    for n in (2, 3, 4):
        for combo in itertools.combinations_with_replacement(codes, n):
            if any(_related_pungs(a, b) for a, b in itertools.combinations(combo, 2)):
                continue
            kept, _ = combine_pungs(list(enumerate(combo)))
            assert kept == [], combo


def test_combination_shortcuts_match_the_full_choice():
    # combine_*_kept: two sets directly, more through the cache; always the kept of combine_*
    import itertools

    from mjlearn.mcr.principles import combine_chows_kept, combine_pungs_kept

    chow_codes = sorted({REF[t + 1] for t in range(27) if t % 9 < 7})
    pung_codes = sorted(set(REF))
    rng = __import__("random").Random(6)
    for codes, kept_fn, full in (
        (chow_codes, combine_chows_kept, combine_chows),
        (pung_codes, combine_pungs_kept, combine_pungs),
    ):
        for n in (2, 3, 4):
            for _ in range(3000):
                sets = [(p, rng.choice(codes)) for p in rng.sample(range(6), n)]
                assert kept_fn(sets) == full(sets)[0], sets
        for a, b in itertools.product(codes, repeat=2):
            assert kept_fn([(3, a), (1, b)]) == full([(3, a), (1, b)])[0]


def test_shapes_set_splits_read_the_same_table():
    """The general readings (mjlearn.shapes) and the MCR scorer share the per-suit table; the
    readings' splits without a pair are the recursive search's, in its order."""
    import itertools

    from mjlearn.shapes import _suit_sets, _suit_sets_by_search

    rng = __import__("random").Random(5)
    vectors = [c for c in itertools.product(range(5), repeat=9) if sum(c) <= 12 and sum(c) % 3 == 0]
    for c in rng.sample(vectors, 5000) + [(0,) * 9, (4, 4, 4, 0, 0, 0, 0, 0, 0), (1, 1, 1, 0, 0, 0, 0, 0, 0)]:
        assert _suit_sets(c) == _suit_sets_by_search(c), c
    assert _suit_sets((4, 4, 4, 0, 0, 0, 0, 0, 0)) == (
        (("pung", 0), ("chow", 0), ("pung", 1), ("pung", 2)),
        (("chow", 0), ("chow", 0), ("chow", 0), ("chow", 0)),
    )
    assert _suit_sets((3, 3, 3, 3, 3, 0, 0, 0, 0)) == _suit_sets_by_search(
        (3, 3, 3, 3, 3, 0, 0, 0, 0)
    )  # beyond the table
