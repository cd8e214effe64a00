"""The coach's reasons in words, held against its own numbers.

Over 200 seeded decisions taken from simulated play (a seat that has just drawn, with what it can
see), a discard is rated the way the play table rates it, and the reason sentence is read back
against the evaluation (a fresh :func:`mjlearn.coach` of the same position): the route it names is
the evaluation's likeliest route of the option it prefers, the other option's route is among that
option's routes, "more useful tiles" is said only of the option that keeps strictly more live
copies, every count and chance quoted is the evaluation's, and the danger late in the hand quotes
the copies in sight counted here from the table. The routes themselves are checked too: their
chances add up to the chance to win, each reaches 8 points, and a ready hand's route is the fans
the MCR scorer gives for the win it names.
"""

from __future__ import annotations

import random
import re

import pytest

import mjlearn as mj
from mjlearn.coaching import coach, from_table
from mjlearn.coaching.reasons import LATE, RISKY_SEEN, SHOWN_FANS, explain, option_words
from mjlearn.hand import Hand
from mjlearn.table import Bot, Table, play_hand
from mjlearn.widgets.play_rating import rate_discard

TRIALS = 60  # simulated draw orders per discard: enough to rank, quick enough for 200 decisions


def _decisions(count: int, seed: int) -> list:
    """(keywords of the coach, live tiles left) for ``count`` seats that have just drawn, from seeded
    hands played to the end by four computer players (:func:`mjlearn.table.play_hand`); a few moments
    of each hand are taken, late in the hand (where the danger is said) more often."""
    rng = random.Random(seed)
    out: list = []

    class Sampler(Bot):
        def act(self, table, seat):
            late = table.live_tiles_left() <= LATE
            if table.phase == "discard" and table.tile_count(seat) == 14 and rng.random() < (0.3 if late else 0.1):
                out.append((from_table(table, seat), table.live_tiles_left()))
            super().act(table, seat)

    hand_seed = seed * 1000
    while len(out) < count:
        play_hand(Table("mcr", seed=hand_seed), [Sampler(seed=hand_seed * 4 + s) for s in range(4)])
        hand_seed += 1
    return out[:count]


def _copies_in_sight(kw: dict) -> list[int]:
    """Copies of each kind the seat sees: its hand (melds too) and the tiles seen, counted here."""
    c = [0] * 34
    hand = kw["hand"]
    for t in list(hand.concealed) + [t for m in hand.melds for t in m.tiles]:
        if t.index < 34:
            c[t.index] += 1
    for t, n in kw["seen"].items():
        c[t.index] += n
    return c


def _keys(route: dict) -> tuple:
    return tuple(f["key"] for f in route["fans"])


def _option(coaching, option: str):
    return next(o for o in coaching if f"discard {o.discard}" == option)


def _pcts(text: str) -> list[str]:
    return re.findall(r"\d+\.\d+%", text)


@pytest.fixture(scope="module")
def rated():
    """200 decisions rated as the table rates them: the learner's choice is the coach's best one time
    in three (the reason then sets the best against the runner-up), else a seeded other discard."""
    rng = random.Random(27)
    out = []
    for kw, wall in _decisions(200, 5):
        c = coach(**kw, trials=TRIALS)
        pick = c.best if rng.random() < 1 / 3 or len(c) == 1 else rng.choice(list(c)[1:])
        d: dict = {"kind": "discard", "choice": str(pick.discard)}
        # the table's rating of this evaluation
        rate_discard(d, pick.discard, c, None, kw, {"mcr": True, "unit": ("番", "points")}, wall)
        out.append((kw, wall, c, pick, d))
    return out


def test_two_hundred_reasons_agree_with_the_evaluation(rated):
    kinds: dict = {}
    said_more = danger = routes_named = 0
    for kw, wall, c, pick, d in rated:
        r = d["reason"]
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
        assert r["zh"] and r["en"], d
        best = c.best
        assert r["better"] == f"discard {best.discard}"
        other_opt = pick if pick is not best else (c[1] if len(c) > 1 else None)
        assert r["other"] == (None if other_opt is None else f"discard {other_opt.discard}")
        # the chances and counts are the evaluation's
        assert r["chances"][0] == round(best.win_chance, 6) and r["live"][0] == best.live
        assert r["shanten"][0] == best.shanten
        if other_opt is not None:
            assert r["chances"][1] == round(other_opt.win_chance, 6) and r["live"][1] == other_opt.live
        # the route named is the evaluation's likeliest route of the better option
        if r["route"] is not None:
            routes_named += 1
            assert best.win_chance > 0 and best.routes
            assert r["route"] == best.routes[0].to_dict()
            assert _keys(r["route"]) in {tuple(f[0] for f in x.fans) for x in best.routes}
            for f in r["route"]["fans"][:SHOWN_FANS]:
                assert f["zh"] in r["zh"] and f["en"] in r["en"]
            assert f"{r['route']['points']:g} points" in r["en"] and f"{r['route']['points']:g} 番" in r["zh"]
        else:
            assert best.win_chance <= 0 or not best.routes
        if r["other_route"] is not None:
            assert other_opt.win_chance > 0
            assert r["other_route"] in [x.to_dict() for x in other_opt.routes]
        if r["keeps_route"] is not None and other_opt is not None:
            assert r["keeps_route"] == any(tuple(f[0] for f in x.fans) == _keys(r["route"]) for x in other_opt.routes)
            if r["keeps_route"] is False and other_opt.win_chance > 0:
                assert "breaks it" in r["en"] and "断了这条路" in r["zh"]
        if "no route reaches 8 points" in r["en"]:
            assert other_opt is not None and other_opt.win_chance <= 0
        # "more useful tiles" only when true, with the evaluation's counts
        if "more useful tiles" in r["en"]:
            said_more += 1
            assert "有用的牌" in r["zh"] and "更多" in r["zh"]
            more = r["more_useful"]
            assert more in (r["better"], r["other"])
            mine, theirs = (best, other_opt) if more == r["better"] else (other_opt, best)
            assert mine.live > theirs.live
            assert f"({mine.live} against {theirs.live})" in r["en"]
            assert f"（{mine.live} 张对 {theirs.live} 张）" in r["zh"]
        else:
            assert r["more_useful"] is None
        for a, b in re.findall(r"\((\d+) against (\d+)\)", r["en"]):
            assert {int(a), int(b)} <= {best.live, *(() if other_opt is None else (other_opt.live,))}
        # every chance quoted is one of the evaluation's (the options' and the route's), as shown
        quoted = {round(best.win_chance, 6)}
        if other_opt is not None:
            quoted.add(round(other_opt.win_chance, 6))
        if r["route"]:
            quoted.add(r["route"]["chance"])
        if r["other_route"]:
            quoted.add(r["other_route"]["chance"])
        text = r["en"].split(". Late in the hand")[0]
        errors = re.findall(r"±(\d+\.\d+%)", text)
        assert bool(errors) == r["within_error"]
        if errors:
            assert other_opt is not None
            err = max(best.win_chance_error, other_opt.win_chance_error)
            assert errors == [f"{err:.{len(errors[0].split('.')[1]) - 1}%}"]
            assert best.win_chance - other_opt.win_chance <= err + 1e-6
        for p in _pcts(re.sub(r"±\d+\.\d+%", "", text)):
            digits = len(p.split(".")[1]) - 1
            assert any(f"{q:.{digits}%}" == p for q in quoted), (p, r["en"])
        # danger late in the hand: copies in sight as the table shows them
        if r["danger"]:
            danger += 1
            g = r["danger"]
            assert wall <= LATE and g["wall"] == wall
            seen = _copies_in_sight(kw)
            assert g["riskier_seen"] == seen[mj.tile(g["riskier"]).index] <= RISKY_SEEN
            assert g["safer_seen"] == seen[mj.tile(g["safer"]).index] > g["riskier_seen"]
            assert {g["riskier"], g["safer"]} == {r["better"].split()[1], r["other"].split()[1]}
            assert f"{wall} tiles left in the wall" in r["en"] and f"牌墙还剩 {wall} 张" in r["zh"]
        elif wall <= LATE and other_opt is not None:
            seen = _copies_in_sight(kw)
            a, b = seen[best.discard.index], seen[other_opt.discard.index]
            assert a == b or min(a, b) > RISKY_SEEN
        # the two options are named in both languages
        for opt in (r["better"], r["other"]):
            if opt and r["kind"] != "same":
                zh, en = option_words(opt)
                assert zh in r["zh"] and en.lower() in r["en"].lower()
    # the sample covers the kinds of reason that matter
    assert routes_named >= 100 and said_more >= 10 and danger >= 3, (kinds, said_more, danger)
    assert {"route", "chance", "ready"} <= set(kinds), kinds


def test_routes_add_up_to_the_chance_and_reach_eight_points(rated):
    for _kw, _wall, c, _pick, _d in rated[:80]:
        for o in c:
            total = sum(r.chance for r in o.routes)
            assert total == pytest.approx(o.win_chance, abs=1e-9)
            for r in o.routes:
                assert r.points == sum(f[3] for f in r.fans) >= 8
                # the fewest most valuable fans that reach 8: without its smallest fan it is short
                assert r.points - r.fans[-1][3] < 8
                assert r.needs and all(t.index < 34 for t in r.needs)


def test_a_ready_hands_route_is_the_scorers_fans_of_its_win():
    """A ready hand: each route needs its winning tile alone, and its fans are the MCR scorer's for
    that win (self-drawn, as the coach counts), the most valuable first down to 8 points."""
    checked = 0
    for kw, _wall in _decisions(250, 11):
        c = coach(**kw, trials=1)  # the ready hands' chances are exact whatever the draw orders
        for o in c:
            if o.shanten != 0 or not o.routes:
                continue
            conc = list(kw["hand"].concealed)
            conc.remove(o.discard)
            for r in o.routes:
                (w,) = r.needs
                assert w in o.useful
                res = mj.score(
                    Hand(kw["hand"].melds, tuple(conc), w, kw["hand"].flowers),
                    self_drawn=True,
                    seat_wind=kw["seat_wind"],
                    prevalent_wind=kw["prevalent_wind"],
                    last_tile=kw["seen"].get(w, 0) + sum(m.tiles.count(w) for m in kw["hand"].melds if m.is_exposed)
                    >= 3,
                )
                fans = sorted(
                    ((f.id, f.points * f.count) for f in res.fans if f.id != 81), key=lambda kv: (-kv[1], kv[0])
                )
                got, acc = [], 0
                for fid, pts in fans:
                    got.append((str(fid), pts))
                    acc += pts
                    if acc >= 8:
                        break
                assert [(f[0], f[3]) for f in r.fans] == got, (str(kw["hand"]), str(o.discard), str(w))
                checked += 1
    assert checked >= 20


def test_a_win_on_offer_is_explained_as_certain():
    keep = {"option": "discard 5m", "win_chance": 0.2, "live": 8, "shanten": 0, "routes": [], "expected": 3.0}
    win = {"option": "win", "win_chance": 1.0, "live": 0, "shanten": -1, "routes": [], "expected": 12}
    r = explain(win, keep, total=12)
    assert r.kind == "win" and "12 points now" in r.en and "20.0%" in r.en and "5 Characters" in r.en
    assert "12 番到手" in r.zh and "五万" in r.zh


def test_no_route_anywhere_speaks_of_the_distance_from_ready():
    a = {"option": "discard N", "win_chance": 0.0, "live": 30, "shanten": 2, "routes": [], "expected": 0}
    b = {"option": "discard 5p", "win_chance": 0.0, "live": 22, "shanten": 3, "routes": [], "expected": 0}
    r = explain(a, b)
    assert r.kind == "ready" and r.en.startswith("No choice reaches 8 points yet (flowers not counted)")
    assert "2 from ready with 30 useful tiles" in r.en and "against 3 from ready after discarding 5 Dots" in r.en
    assert r.more_useful is None  # the shanten decided, not the useful tiles
    c = explain(a, {**b, "shanten": 2})
    assert c.more_useful == "discard N" and "(30 against 22)" in c.en and "30 张对 22 张" in c.zh


def test_a_kept_route_with_fewer_useful_tiles_says_so_and_no_more():
    route = {
        "fans": [
            {"key": "29", "zh": "三色三步高", "en": "Mixed Shifted Chows", "points": 6},
            {"key": "62", "zh": "门前清", "en": "Concealed Hand", "points": 2},
        ],
        "points": 8,
        "chance": 0.104,
        "needs": ["4s", "7p"],
    }
    two = {"option": "discard 2p", "win_chance": 0.104, "live": 43, "shanten": 1, "routes": [route], "expected": 9}
    north = {"option": "discard N", "win_chance": 0.076, "live": 47, "shanten": 1, "routes": [], "expected": 0}
    north_none = {**north, "win_chance": 0.0}
    r = explain(two, north_none)
    assert r.en == (
        "Discarding 2 Dots keeps the route to 三色三步高 Mixed Shifted Chows + 门前清 Concealed Hand, 8 points "
        "(10.4% to win that way, 10.4% in all); discarding North Wind keeps more useful tiles (47 against 43) "
        "but no route reaches 8 points."
    )
    assert r.more_useful == "discard N" and r.keeps_route is False
    other = {**north, "routes": [{**route, "chance": 0.076}]}
    r2 = explain(two, other)
    assert r2.kind == "chance" and "wins less often in all (7.6% against 10.4%)" in r2.en
    assert "though it keeps more useful tiles (47 against 43)" in r2.en and r2.more_useful == "discard N"
