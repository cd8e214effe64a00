"""Contradictory win contexts made on purpose, for every registered rule set and every flag it takes.

Not random contexts that happen to contradict: for each flag of each rule set, each way it can
contradict the hand or the other keywords, over a pool of hands and every seat arrangement:

* a first-turn flag (天和 heavenly, 地和 earthly, 人和 human, 第一巡 first_go_around: the rule set's
  ``first_turn`` declarations) with a claimed meld, with a kong in the hand, with ``kong=True`` (a kong
  bloom or a robbed kong), on the last tile of the wall, with the other players' kongs, with a
  keyword that says the first go-around is over, or in a seat arrangement the flag excludes;
* a ``seat_wind`` that is not the winner's for that dealer, through every door that takes it
  (``mjlearn.rules.score``, ``mjlearn.score`` and ``mjlearn.mcr.score`` for MCR);
* a ``bird`` that would be a fifth copy of a tile the hand holds four of, or that is not the
  海底 tile on a last-tile win;
* the conflicts every rule set already checked (a kong bloom without a kong, a robbed kong of a
  tile the hand holds or on the last tile, 杠上炮 with a self-draw or a robbed kong, 和绝张 of a tile
  the hand holds, flowers beyond the set, a self-draw with a discarder, the winner as discarder,
  the winner among other_kongs, 发混儿 without a wild, 一炮多响 on a self-draw, a Huopin indicator
  against its wild, the street 抢金 on a discard).

Each :class:`Case` names the keywords its refusal must name. :func:`controls` gives the same
situations without the contradiction, which must be scored, so that a case is refused for what it
contradicts and not for something else. ``benchmarks/bench_contradictions.py`` prints the counts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import product

from mjlearn.hand import as_hand
from mjlearn.rules import RULESETS

SEATS = "ESWN"
WIND_OF = {(w, d): SEATS[(SEATS.index(w) - SEATS.index(d)) % 4] for w in SEATS for d in SEATS}

FIRST_TURN_NAMES = ("heavenly", "earthly", "human", "first_go_around")
"""The context keywords that say a win came in the first go-around (every one a rule set takes
must be among its ``first_turn`` declarations)."""

TURN_OVER = ("feeder_already_liable", "shao_zhuang")
"""Keywords that say the first go-around is over: a claim was made, or every seat has discarded."""

SITUATIONS = ("dealer_draw", "other_draw", "on_dealer", "on_other", "dealer_on_discard")


@dataclass(frozen=True)
class Case:
    rules: str
    hand: str
    context: dict
    named: tuple[str, ...]
    """The keywords the refusal must name."""
    way: str
    """Which contradiction: ``flag:way`` (e.g. ``heavenly:claimed``)."""
    door: str = "rules"
    """``rules`` (mjlearn.rules.score), ``mj`` (mjlearn.score) or ``mcr`` (mjlearn.mcr.score)."""
    options: dict = field(default_factory=dict)


# --- hands -------------------------------------------------------------------------------------------


def _chows():
    return [f"{r}{r + 1}{r + 2}{s}" for s in "mps" for r in range(1, 8)]


def _plain_hands(n: int, seed: int = 2512) -> list[str]:
    """Concealed winning hands of suited tiles (every rule set plays them), four chows and a pair, the
    winning tile held once (so that robbing it is possible)."""
    rng = random.Random(seed)
    chows, out, seen = _chows(), [], set()
    while len(out) < n:
        parts = rng.sample(chows, 4)
        pair = f"{rng.randint(1, 9)}{rng.choice('mps')}"
        win_part = parts[0]
        win = win_part[rng.choice((0, 2))] + win_part[3]
        rest = win_part.replace(win[0], "", 1)
        text = rest[:-1] + rest[-1] + "".join(parts[1:]) + pair[0] * 2 + pair[1] + "+" + win
        try:
            h = as_hand(text)
        except ValueError:
            continue
        if h.all_counts[h.win_tile.index] != 1 or str(h) in seen:
            continue
        seen.add(str(h))
        out.append(str(h))
    return out


def _replace_last_set(body: str, win: str, meld: str) -> str | None:
    h = as_hand(body + "+" + win)
    tiles = sorted(h.concealed)
    # find a chow among the concealed tiles that does not use the winning tile's kind
    for t in tiles:
        if not t.is_suited or t.rank > 7:
            continue
        run = [t]
        for k in (1, 2):
            nxt = next((u for u in tiles if u.is_suited and u.suit is t.suit and u.rank == t.rank + k), None)
            if nxt is None:
                break
            run.append(nxt)
        if len(run) < 3 or any(u == h.win_tile for u in run):
            continue
        rest = list(tiles)
        for u in run:
            rest.remove(u)
        text = meld + "".join(str(u) for u in rest) + "+" + win
        try:
            new = as_hand(text)
        except ValueError:
            continue
        if new.all_counts[new.win_tile.index] == 1:
            return str(new)
    return None


def _meld_tile(hand: str) -> str:
    """A suited tile the hand does not hold, for a pung or kong meld."""
    h = as_hand(hand)
    for i in (24, 15, 6, 26, 17, 8, 18, 9, 0):  # 7s 7p 7m 9s 9p 9m 1s 1p 1m
        if h.all_counts[i] == 0:
            return ("123456789"[i % 9]) + "mps"[i // 9]
    raise AssertionError(hand)


def _variants(hand: str) -> dict[str, str]:
    """The hand with a claimed chow, a claimed pung, an exposed kong, an added kong and a concealed
    kong in place of one of its chows (the kinds a first-turn win cannot have)."""
    x = _meld_tile(hand)
    out = {}
    h = as_hand(hand)
    for t in sorted(set(h.concealed)):
        if t.is_suited and t.rank <= 7 and h.win_tile.suit is not t.suit:
            chow = f"{t.rank}{t.rank + 1}{t.rank + 2}{t.suit.value}"
            got = _replace_last_set(hand.split("+")[0], hand.split("+")[1], f"[{chow},1]")
            if got and "[" + chow in got:
                out["claimed chow"] = got
                break
    for way, meld in (
        ("claimed pung", f"[{x[0] * 3}{x[1]},1]"),
        ("exposed kong", f"[{x[0] * 4}{x[1]},2]"),
        ("added kong", f"[{x[0] * 4}{x[1]},5]"),
        ("concealed kong", f"[{x[0] * 4}{x[1]}]"),
    ):
        got = _replace_last_set(hand.split("+")[0], hand.split("+")[1], meld)
        if got:
            out[way] = got
    return out


def _four_copies(hand: str) -> list[tuple[str, str]]:
    """Hands holding all four copies of a tile, with that tile: a concealed kong, an exposed kong, a
    pung beside a chow of the same tile, four in the concealed part."""
    h = as_hand(hand)
    body, win = hand.split("+")
    out = []
    x = _meld_tile(hand)
    for meld in (f"[{x[0] * 4}{x[1]}]", f"[{x[0] * 4}{x[1]},1]"):
        got = _replace_last_set(body, win, meld)
        if got:
            out.append((got, x))
    for t in sorted(set(h.concealed)):  # a tile of a chow: add its pung in place of another chow
        if t == h.win_tile or h.all_counts[t.index] != 1:
            continue
        pung = f"[{str(t)[0] * 3}{t.suit.value},1]"
        got = _replace_last_set(body, win, pung)
        if got and as_hand(got).all_counts[t.index] == 4:
            out.append((got, str(t)))
            concealed = got.replace(pung, "")
            conc = _insert(concealed, str(t), 3)
            if conc:
                out.append((conc, str(t)))
            break
    return out


def _insert(hand: str, t: str, n: int) -> str | None:
    body, win = hand.split("+")
    try:
        return str(as_hand(body + t[0] * n + t[1] + "+" + win))
    except ValueError:
        return None


# --- contexts ----------------------------------------------------------------------------------------

_ANY = ("dealer_draw", "other_draw", "on_dealer", "on_other")
EXPECTED_FIRST_TURN = {
    "beijing": {"first_go_around": _ANY},
    "beijing_cpt": {"first_go_around": _ANY},
    "changsha": {"first_go_around": _ANY},
    "fuzhou": {"heavenly": ("dealer_draw",), "first_go_around": _ANY},
    "hongkong": {"heavenly": ("dealer_draw",), "earthly": ("other_draw",), "human": ("on_dealer", "on_other")},
    "old_beijing": {"heavenly": ("dealer_draw",), "earthly": ("on_dealer",)},
    "xian": {"heavenly": ("dealer_draw",)},
}
"""The first-turn flags of each rule set and the situations each allows, as the rules define them
(天和: the dealer on his dealt tiles; 地和: a non-dealer's first draw in Hong Kong, a win on the
dealer's first discard in old Beijing; 人和: a discard win before the winner's first draw; 第一巡:
any first-go-around win), the test's own account of what the rule sets declare."""


def first_turn_of(rs) -> dict[str, frozenset]:
    """The rule set's first-turn flags and the situations each allows (its declarations; for code
    without them, :data:`EXPECTED_FIRST_TURN`)."""
    declared = getattr(rs, "first_turn", None)
    if declared is not None:
        return {f.name: frozenset(f.situations) for f in declared}
    return {n: frozenset(v) for n, v in EXPECTED_FIRST_TURN.get(rs.name, {}).items()}


def seats_of(situation: str) -> list[dict]:
    """Every (winner, dealer, discarder) of a situation, as context keywords."""
    out = []
    for dealer, winner in product(SEATS, SEATS):
        if (situation == "dealer_draw" and winner == dealer) or (situation == "other_draw" and winner != dealer):
            out.append(dict(winner=winner, dealer=dealer, self_drawn=True))
        elif situation == "on_dealer" and winner != dealer:
            out.append(dict(winner=winner, dealer=dealer, discarder=dealer))
        elif situation == "on_other" and winner != dealer:
            out.extend(dict(winner=winner, dealer=dealer, discarder=d) for d in SEATS if d not in (winner, dealer))
        elif situation == "dealer_on_discard" and winner == dealer:
            out.extend(dict(winner=winner, dealer=dealer, discarder=d) for d in SEATS if d != winner)
    return out


def _extras(rs) -> list[dict]:
    """Keywords that do not bear on the contradiction, varied so that each case is a different context."""
    names = rs.context_names
    if "prevalent_wind" in names:
        return [dict(prevalent_wind=w) for w in SEATS]
    return [{}]


def _first_turn_cases(name, rs, hands):
    flags = first_turn_of(rs)
    names = rs.context_names
    for flag, allowed in flags.items():
        for situation in sorted(allowed):
            for seats, extra in product(seats_of(situation), _extras(rs)):
                base = {**seats, **extra, flag: True}
                draw = "self_drawn" in seats
                for hand in hands:
                    for way, variant in _variants(hand).items():
                        yield Case(name, variant, dict(base), (flag,), f"{flag}:{way}")
                    if draw:
                        kong_hand = _variants(hand).get("concealed kong")
                        if kong_hand:
                            yield Case(name, kong_hand, {**base, "kong": True}, (flag, "kong"), f"{flag}:kong bloom")
                    else:
                        yield Case(name, hand, {**base, "kong": True}, (flag, "kong"), f"{flag}:robbed kong")
                    if "wall_last" in names:
                        yield Case(name, hand, {**base, "wall_last": True}, (flag, "wall_last"), f"{flag}:last tile")
                    if "other_kongs" in names:
                        others = [s for s in SEATS if s != seats["winner"]]
                        for s, k in product(others[:2], ((1, 0), (0, 1))):
                            yield Case(
                                name,
                                hand,
                                {**base, "other_kongs": {s: k}},
                                (flag, "other_kongs"),
                                f"{flag}:other kongs",
                            )
                    for over in TURN_OVER:
                        if over in names:
                            yield Case(name, hand, {**base, over: True}, (flag, over), f"{flag}:{over}")
        # the seat arrangements the flag excludes
        for situation in SITUATIONS:
            if situation in allowed:
                continue
            for seats, extra in product(seats_of(situation), _extras(rs)):
                for hand in hands[:6]:
                    yield Case(name, hand, {**seats, **extra, flag: True}, (flag,), f"{flag}:{situation}")


def _seat_wind_cases(name, rs, hands):
    if "seat_wind" not in rs.context_names:
        return
    doors = ("rules", "mj", "mcr") if name == "mcr" else ("rules",)
    for dealer, winner in product(SEATS, SEATS):
        right = WIND_OF[winner, dealer]
        for wind in SEATS:
            if wind == right:
                continue
            for how in (dict(self_drawn=True), dict(discarder=SEATS[(SEATS.index(winner) + 1) % 4])):
                for door, hand in product(doors, hands[:8]):
                    yield Case(
                        name,
                        hand,
                        dict(winner=winner, dealer=dealer, seat_wind=wind, **how),
                        ("seat_wind",),
                        "seat_wind:winner and dealer",
                        door,
                    )


def _bird_cases(name, rs, hands):
    if "bird" not in rs.context_names:
        return
    for hand in hands:
        for four, x in _four_copies(hand):
            for dealer, winner in product(SEATS, SEATS):
                for how in (dict(self_drawn=True), dict(discarder=SEATS[(SEATS.index(winner) + 2) % 4])):
                    yield Case(
                        name, four, dict(winner=winner, dealer=dealer, bird=x, **how), ("bird",), "bird:fifth copy"
                    )
        win = hand.split("+")[1]
        for bird in ("1m", "5p", "9s"):
            if bird == win:
                continue
            for winner in SEATS:
                yield Case(
                    name,
                    hand,
                    dict(winner=winner, self_drawn=True, wall_last=True, bird=bird),
                    ("bird", "wall_last"),
                    "bird:not the 海底 tile",
                )


def _known_cases(name, rs, hands):
    """The conflicts every rule set already refused, kept so that every flag is covered."""
    names = rs.context_names
    for hand in hands[:10]:
        if "kong" in names:
            yield Case(name, hand, dict(self_drawn=True, kong=True), ("kong",), "kong:bloom without a kong")
            pair_wait = _pair_wait(hand)
            if pair_wait:
                yield Case(name, pair_wait, dict(discarder="S", kong=True), ("kong",), "kong:robbed tile held")
            if "wall_last" in names:
                yield Case(
                    name,
                    hand,
                    dict(discarder="S", kong=True, wall_last=True),
                    ("kong", "wall_last"),
                    "kong:robbed on the last tile",
                )
        if "after_kong" in names:
            yield Case(name, hand, dict(self_drawn=True, after_kong=True), ("after_kong",), "after_kong:self-drawn")
            yield Case(
                name,
                hand,
                dict(discarder="S", after_kong=True, kong=True),
                ("after_kong", "kong"),
                "after_kong:robbed kong",
            )
        if "last_tile" in names:
            pair_wait = _pair_wait(hand)
            if pair_wait:
                yield Case(name, pair_wait, dict(discarder="S", last_tile=True), ("last_tile",), "last_tile:held")
        if "flowers" in names:
            limit = {"none": 0, "eight": 8, "fuzhou36": 36}[rs.tiles.flowers]
            yield Case(name, hand, dict(self_drawn=True, flowers=limit + 1), ("flowers",), "flowers:beyond the set")
        yield Case(name, hand, dict(self_drawn=True, discarder="S"), ("discarder",), "discarder:self-drawn")
        yield Case(name, hand, dict(winner="S", discarder="S"), ("discarder",), "discarder:the winner")
        yield Case(name, hand, dict(winner="E"), ("discarder",), "discarder:missing")
        if "other_kongs" in names:
            yield Case(
                name,
                hand,
                dict(winner="W", self_drawn=True, other_kongs={"W": (1, 0)}),
                ("other_kongs",),
                "other_kongs:the winner",
            )
        if "wild_discarded" in names:
            yield Case(name, hand, dict(self_drawn=True, wild_discarded=True), ("wild",), "wild_discarded:no wild")
        if "multiple_winners" in names:
            yield Case(
                name,
                hand,
                dict(self_drawn=True, multiple_winners=True),
                ("multiple_winners",),
                "multiple_winners:self-drawn",
            )
        if "indicator" in names:
            yield Case(
                name,
                hand,
                dict(self_drawn=True, indicator="5m", wild="7m"),
                ("indicator", "wild"),
                "indicator:another wild",
            )
        if "took_indicator" in names:
            yield Case(
                name,
                hand,
                dict(discarder="S", took_indicator=True),
                ("took_indicator",),
                "took_indicator:on a discard",
                options={"qiangjin_rule": "street"},
            )


def _pair_wait(hand: str) -> str | None:
    """The hand changed to wait on its pair's tile, so that it holds another copy of the winning tile."""
    h = as_hand(hand)
    for t in set(h.concealed):
        if h.counts[t.index] == 2 and t != h.win_tile:
            concealed = list(h.concealed)
            concealed.remove(t)
            concealed.append(h.win_tile)
            try:
                new = as_hand("".join(str(u) for u in sorted(concealed)) + "+" + str(t))
            except ValueError:
                return None
            return str(new)
    return None


def cases(names=None, hands: int = 12):
    """Every contradiction for the rule sets ``names`` (default: every registered one), over a pool of
    ``hands`` plain hands."""
    pool = _plain_hands(hands)
    for name in names or list(RULESETS):
        rs = RULESETS[name]
        yield from _first_turn_cases(name, rs, pool)
        yield from _seat_wind_cases(name, rs, pool)
        yield from _bird_cases(name, rs, pool)
        yield from _known_cases(name, rs, pool)


def controls(names=None, hands: int = 4):
    """The consistent twins: each first-turn flag in each situation it allows on a hand without melds,
    the right seat wind, a bird of a tile held fewer than four times and the 海底 tile as the bird."""
    pool = _plain_hands(hands)
    for name in names or list(RULESETS):
        rs = RULESETS[name]
        for flag, allowed in first_turn_of(rs).items():
            for situation in sorted(allowed):
                for seats, hand in product(seats_of(situation)[:3], pool):
                    yield Case(name, hand, {**seats, flag: True}, (), f"{flag}:{situation}")
        if "seat_wind" in rs.context_names:
            for (winner, dealer), hand in product([("E", "E"), ("S", "W"), ("N", "E")], pool):
                doors = ("rules", "mj", "mcr") if name == "mcr" else ("rules",)
                for door in doors:
                    yield Case(
                        name,
                        hand,
                        dict(winner=winner, dealer=dealer, seat_wind=WIND_OF[winner, dealer], self_drawn=True),
                        (),
                        "seat_wind:right",
                        door,
                    )
        if "bird" in rs.context_names:
            for hand in pool:
                for four, _x in _four_copies(hand):
                    h = as_hand(four)
                    other = next(t for t in h.concealed if h.all_counts[t.index] < 4)
                    yield Case(name, four, dict(self_drawn=True, bird=str(other)), (), "bird:held fewer")
                win = hand.split("+")[1]
                yield Case(name, hand, dict(self_drawn=True, wall_last=True, bird=win), (), "bird:the 海底 tile")


def run(case: Case):
    """Score one case through its door; returns the result or raises what the door raises."""
    import mjlearn
    import mjlearn.mcr
    from mjlearn.rules import score

    if case.door == "mj":
        return mjlearn.score(case.hand, rules=case.rules, **case.context)
    if case.door == "mcr":
        return mjlearn.mcr.score(case.hand, **case.context)
    return score(case.hand, rules=case.rules, options=case.options or None, **case.context)
