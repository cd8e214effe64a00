"""Kinds on the table: where does the wall break for these dice; which claim wins this discard.

Both ask :mod:`mjlearn.table`: the break is what a real :class:`~mjlearn.table.Table` does with the
given dice; a claim is resolved by replaying a real hand to the discard and making the calls."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from functools import lru_cache

from ...coaching import make_bots
from ...i18n import pick
from ...rules import RuleSet
from ...rules import get as get_rules
from ...rules import names as rule_names
from ...seats import SEAT_LETTERS, Seat
from ...table import Table, play_hand, replay
from ...table.events import Chowed, Declared, Discarded, Konged, Punged, WallBroken, Won
from ..core import AnswerError, Grade, Kind, QuizError, register
from ._util import as_int, need

SEATS = SEAT_LETTERS
# the seats as the questions name them: East deals in every simulated hand
SEAT_NAMES = {
    s.letter: (s.player_zh + ("（庄家）" if s is Seat.E else ""), s.en + (" (dealer)" if s is Seat.E else ""))
    for s in Seat
}


def _first_of_each(key) -> tuple[str, ...]:
    """The first registered rule set for each value of ``key(ruleset)``, in registry order."""
    seen: dict = {}
    for n in rule_names():
        seen.setdefault(key(get_rules(n)), n)
    return tuple(seen.values())


def _break_rules(difficulty: int) -> tuple[str, ...]:
    """The rule sets a wall-break question may use: one for each way of breaking the wall at the
    first level (lesson 02 teaches the one-throw count and the dealer-and-owner throws), one for each
    way and number of dice at the second, every registered rule set at the third."""
    if difficulty == 1:
        return _first_of_each(lambda rs: rs.table.break_rule)
    if difficulty == 2:
        return _first_of_each(lambda rs: (rs.table.break_rule, rs.table.dice))
    return rule_names()


def _seat(x, where: str) -> str:
    try:
        return Seat.of(x.strip() if isinstance(x, str) else x).letter
    except (ValueError, TypeError):
        raise AnswerError(
            f"“{x}” 不是一家（东南西北，E S W N）", f"“{x}” is not a seat (E, S, W or N)", where
        ) from None


# --- where does the wall break -------------------------------------------------------------------


def engine_break(rules: str, dice: list) -> tuple[Seat, int, RuleSet]:
    """(owner seat, stacks counted, the rule set) from a real table set up with these dice."""
    cfg = get_rules(rules)
    t = Table(rules, 0, dice=[tuple(d) for d in dice], setup=False)
    while True:
        e = t.step_setup()
        if e is None:  # pragma: no cover - every setup breaks the wall
            raise RuntimeError("the table set-up ended without breaking the wall")
        if isinstance(e, WallBroken):
            return e.owner, e.k, cfg


class WallBreak(Kind):
    def make(self, rng, difficulty):
        # lesson 02 teaches the one-throw count (MCR) and Xi'an's two throws: the easy level asks both
        rules = rng.choice(_break_rules(difficulty))
        cfg = get_rules(rules)
        dice = [[rng.randint(1, 6) for _ in range(cfg.table.dice)]]
        if cfg.table.break_rule == "dealer_plus_owner":
            dice.append([rng.randint(1, 6) for _ in range(2)])
            return (
                {"rules": rules, "dice": dice},
                (
                    f"{cfg.zh}：庄家先掷骰子，数到的那家再掷一次，两次都画在下面。从哪家的牌墙开牌？从右数第几墩之后？",
                    f"{cfg.en}: the dealer throws first, and the player the count lands on throws again; both throws "
                    f"are drawn below. Whose wall is broken, and after how many stacks counted from its right end?",
                ),
            )
        return (
            {"rules": rules, "dice": dice},
            (
                f"{cfg.zh}：庄家掷出下面的骰子。从哪家的牌墙开牌？从右数第几墩之后？",
                f"{cfg.en}: the dealer throws the dice drawn below. Whose wall is broken, "
                f"and after how many stacks counted from its right end?",
            ),
        )

    def validate(self, data):
        rules = need(data, "rules", "wall_break")
        try:
            cfg = get_rules(rules)
        except (ValueError, KeyError, TypeError) as e:
            raise QuizError(f"wall_break question: field 'rules': {e}") from None
        dice = need(data, "dice", "wall_break")
        want = [cfg.table.dice] + ([2] if cfg.table.break_rule == "dealer_plus_owner" else [])
        if (
            not isinstance(dice, list)
            or [len(d) if isinstance(d, list) else -1 for d in dice] != want
            or not all(isinstance(x, int) and 1 <= x <= 6 for d in dice for x in d)
        ):
            raise QuizError(
                f"wall_break question: field 'dice' must be {len(want)} throw(s) of {want} dice "
                f"(1-6 each) for {rules}, got {dice!r}"
            )
        return {"rules": cfg.name, "dice": dice}

    def solve(self, data):
        owner, k, _ = engine_break(data["rules"], data["dice"])
        return {"wall": SEATS[owner], "stack": k}

    def normalize(self, data, answer):
        if isinstance(answer, Mapping):
            return {"wall": _seat(answer.get("wall"), "wall"), "stack": as_int(answer.get("stack"), "stack")}
        if isinstance(answer, str):
            parts = answer.replace(",", " ").split()
            if len(parts) == 2:
                return {"wall": _seat(parts[0], "wall"), "stack": as_int(parts[1], "stack")}
        raise AnswerError(f"“{answer}” 不是“牌墙 墩数”", f"“{answer}” is not a wall and a stack count")

    def verdict(self, data, answer, solution):
        return answer["wall"] == solution["wall"] and answer["stack"] == solution["stack"]

    def check(self, data, answer, solution):
        ok_w, ok_k = answer["wall"] == solution["wall"], answer["stack"] == solution["stack"]
        expl = self.explain_solution(data, solution)
        d = data["dice"]
        first, total = sum(d[0]), sum(sum(x) for x in d)
        dice = " + ".join("+".join(map(str, x)) for x in d)
        if not ok_w:
            n = (SEATS.index(answer["wall"]) + 1) if answer["wall"] != "E" else "1, 5, 9"
            expl.insert(
                0,
                (
                    f"不是{SEAT_NAMES[answer['wall']][0]}的牌墙：数到{SEAT_NAMES[answer['wall']][0]}要掷出 {n}（或再加 4 的倍数），"
                    f"这次是 {'+'.join(map(str, d[0]))} = {first}。",
                    f"Not {SEAT_NAMES[answer['wall']][1]}'s wall: counting lands there on {n} (or 4 more each time); "
                    f"the throw is {'+'.join(map(str, d[0]))} = {first}.",
                ),
            )
        if not ok_k:
            expl.insert(
                0,
                (
                    f"不是第 {answer['stack']} 墩：数的墩数是点数之和 {dice} = {total}。",
                    f"Not after stack {answer['stack']}: the stacks to count are the dice total {dice} = {total}.",
                ),
            )
        return Grade(self.verdict(data, answer, solution), answer, solution, tuple(expl), (ok_w + ok_k) / 2)

    def explain_solution(self, data, solution):
        cfg = get_rules(data["rules"])
        d = data["dice"]
        s = sum(d[0])
        w = SEAT_NAMES[solution["wall"]]
        r = (s - 1) % 4
        count = f"{s} = 4×{(s - 1) // 4} + {r + 1}" if s > 4 else f"{s}"
        lines = [
            (
                f"{cfg.zh}：庄家掷 {'+'.join(map(str, d[0]))} = {s}，从庄家起按出牌方向数 {s} 家（庄家为 1，{count}）：{w[0]}的牌墙。",
                f"{cfg.en}: the dealer throws {'+'.join(map(str, d[0]))} = {s}; counting {s} seats from the dealer "
                f"(dealer = 1, {count}) in turn order gives {w[1]}'s wall.",
            )
        ]
        if len(d) > 1:
            s2 = sum(d[1])
            lines.append(
                (
                    f"{w[0]}再掷 {'+'.join(map(str, d[1]))} = {s2}；{s} + {s2} = {s + s2}，从右数 {solution['stack']} 墩后开牌"
                    f"（超过本墙则数进上家的墙）。",
                    f"{w[1]} throws again: {'+'.join(map(str, d[1]))} = {s2}; {s} + {s2} = {s + s2}: break after "
                    f"{solution['stack']} stacks from the right (running on into the next wall if needed).",
                )
            )
        else:
            lines.append(
                (
                    f"从该墙右端数 {'+'.join(map(str, d[0]))} = {solution['stack']} 墩，在其后开牌。",
                    f"Count {'+'.join(map(str, d[0]))} = {solution['stack']} stacks from that wall's right end "
                    f"and break after them.",
                )
            )
        return lines

    def hints(self, data):
        first = (
            "从庄家开始数，庄家算 1，按出牌方向（逆时针）数。",
            "Count seats starting from the dealer as 1, in turn order (counterclockwise).",
        )
        if len(data["dice"]) > 1:
            return [
                first,
                (
                    "数到的那家就是开牌的牌墙；墩数是两次掷骰的点数加起来，从这面墙的右端数起。",
                    "The seat you land on owns the wall to break; the number of stacks is both throws "
                    "added together, counted from that wall's right end.",
                ),
            ]
        return [
            first,
            (
                "数到的那家就是开牌的牌墙；墩数也是用骰子点数之和，从这面墙的右端数起。",
                "The seat you land on owns the wall to break; the number of stacks is the dice total again, "
                "counted from that wall's right end.",
            ),
        ]

    def figure(self, data):
        return ("dice", data["dice"])

    def wrong(self, data, solution, rng):
        if rng.random() < 0.5:
            return {"wall": SEATS[(SEATS.index(solution["wall"]) + rng.randint(1, 3)) % 4], "stack": solution["stack"]}
        return {"wall": solution["wall"], "stack": solution["stack"] + rng.choice((-1, 1))}

    def describe(self, q, lang=None):
        cfg = get_rules(q.data["rules"])
        return (
            pick("规则：", "Rules: ", lang)
            + pick(cfg.zh, cfg.en, lang)
            + "\n"
            + pick("骰子：", "Dice: ", lang)
            + " | ".join(" ".join(map(str, d)) for d in q.data["dice"])
        )


register(
    WallBreak(
        name="wall_break",
        topic="table",
        title=("开牌", "Breaking the wall"),
        fields={"rules": str, "dice": list},
        answer_help=("输入牌墙和墩数，如 S 7", "Type the wall and the number of stacks, e.g. S 7"),
    )
)


# --- which claim wins --------------------------------------------------------------------------


def _claim_rules(difficulty: int) -> tuple[str, ...]:
    """The rule sets a claim question may use: those where every contest this kind explains can
    happen and is settled as it explains (chows allowed; one winner per discard, the nearest in turn
    order, by the framework's rule), played without flowers (the hands shown are the tiles that can
    be called); at the first level the first of them for each way the wall is broken, as lessons 02
    and 03 show them."""
    out = tuple(n for n in rule_names() if _plain_claims(get_rules(n)))
    if difficulty == 1:
        firsts = _first_of_each(lambda rs: (_plain_claims(rs), rs.table.break_rule))
        out = tuple(n for n in out if n in firsts)
    return out


def _plain_claims(rs) -> bool:
    return (
        rs.claims.chow
        and rs.multi_win == "single_nearest"
        and rs.tiles.flowers == "none"
        and type(rs).choose_winners is RuleSet.choose_winners
    )


_STRENGTH = {"win": 3, "kong": 2, "pung": 2, "chow": 1}


class _NotingTable(Table):
    """A table that notes, at each discard two or more seats may claim, what each of them may call.

    The generator needs exactly that for the contested discards of a played hand; noting it while
    the hand is played spares replaying the log up to each one (:meth:`Table.at`), which cost a
    tenth of the generation time. Play is unchanged: the claim options are read from the same state
    the computer players then answer (the table's judgements are cached per state, so the reading
    is cheap and changes nothing)."""

    def __init__(self, *a, **kw):
        self.contested: dict[int, list] = {}
        """Log length just after the discard -> [(seat, claim options without "pass")] in the order
        of :attr:`pending`, as a replay of the log to that point would give them."""
        super().__init__(*a, **kw)

    def discard(self, seat, tile):
        e = super().discard(seat, tile)
        if self.phase == "claim" and len(self.pending) >= 2:
            self.contested[len(self.log)] = [
                (p, [o for o in self.claim_options(p) if o != "pass"]) for p in self.pending
            ]
        return e


@lru_cache(maxsize=32)
def _played(rules: str, seed: int):
    """The whole hand played at a real table (kept: generation looks at every contested discard;
    :meth:`Table.at` gives each a fresh table, so nobody changes this one)."""
    t = play_hand(_NotingTable(rules, seed))
    _remember(rules, seed, t.log)
    return t


_LOGS: dict = {}
"""(rules, seed) -> the longest log of that hand played in this process so far (the most recent
:data:`_LOGS_KEPT` hands): a question asked again is replayed from it, not played again."""
_LOGS_KEPT = 64
_LOGS_LOCK = threading.Lock()


def _remember(rules: str, seed: int, log) -> None:
    with _LOGS_LOCK:
        known = _LOGS.pop((rules, seed), ())
        _LOGS[(rules, seed)] = log if len(log) > len(known) else known
        while len(_LOGS) > _LOGS_KEPT:
            del _LOGS[next(iter(_LOGS))]


class _Enough(Exception):
    """Play has reached the event a question asks about."""


class _Until:
    """One of :func:`play_hand`'s computer players (seeded as it seeds them) that ends play once the
    log holds ``at`` events."""

    def __init__(self, bot, at: int):
        self.bot, self.at = bot, at

    def start(self, table, seat):
        if len(table.log) >= self.at:
            raise _Enough
        self.bot.start(table, seat)

    def act(self, table, seat):
        if len(table.log) >= self.at:
            raise _Enough
        self.bot.act(table, seat)


def _play_to(rules: str, seed: int, at: int) -> Table:
    """The hand of (rules, seed) played by the computer players until its log holds ``at`` events (or
    to its end): the same table as the whole hand's :meth:`Table.at`, without playing the rest or
    replaying the start. Tested against the whole hand's in tests/test_quiz_claim.py."""
    t = Table(rules, seed)
    try:
        play_hand(t, [_Until(b, at) for b in make_bots("basic", t.seed)])
    except _Enough:
        pass
    _remember(rules, seed, list(t.log))
    return t


def _claim_options(s) -> list:
    """[(seat, claim options without "pass")] for the seats that may claim the discard ``s`` stands at."""
    return [(p, [o for o in s.claim_options(p) if o != "pass"]) for p in s.pending]


def _contested_options(t, at: int) -> list:
    """[(seat, claim options without "pass")] for the seats that may claim the discard ending
    ``t.log[:at]``: noted during play, or (a table not played here) from a replay to that point."""
    got = getattr(t, "contested", {}).get(at)
    if got is not None:
        return got
    return _claim_options(t.at(at))


def _situation(data: Mapping):
    """A fresh table right after the discard: replayed from the hand's log when this process has played
    the hand that far, else played up to there."""
    rules, seed, at = data["rules"], data["seed"], data["at"]
    with _LOGS_LOCK:
        log = _LOGS.get((rules, seed), ())
    fresh = None
    if not (0 < at <= len(log)):
        fresh = _play_to(rules, seed, at)
        log = fresh.log
    if not (0 < at <= len(log)) or not isinstance(log[at - 1], Discarded):
        raise QuizError(f"claim question: event {at} of hand {rules}/{seed} is not a discard")
    return fresh if fresh is not None and len(fresh.log) == at else replay(log[:at])


def engine_claim(data: Mapping) -> tuple[str | None, str | None]:
    """Make the given calls at the table and return (seat, action) of the claim that takes the tile."""
    t = _situation(data)
    n = len(t.log)
    calls = data["calls"]
    for seat in sorted(t.pending, key=lambda s: (s - t.last_discard[0]) % 4):
        call = calls.get(SEATS[seat], "pass")
        if call == "chow":
            t.chow(seat, t.chow_options(seat)[0])
        elif call == "pung":
            t.pung(seat)
        elif call == "kong":
            t.kong(seat)
        elif call == "win":
            t.win(seat)
        else:
            t.pass_(seat)
    for e in t.log[n:]:
        if isinstance(e, Won):
            return SEATS[e.seat], "win"
        if isinstance(e, (Punged, Chowed, Konged)):
            return SEATS[e.seat], {Punged: "pung", Chowed: "chow", Konged: "kong"}[type(e)]
    return None, None


def claim_pattern(calls: Mapping) -> str:
    """What a contest is about: ``"two_wins"`` (the nearer winner), ``"win"`` (a win against a lesser
    call), ``"pung_chow"`` (a pung or kong against a chow) or ``"other"``."""
    vs = list(calls.values())
    if vs.count("win") >= 2:
        return "two_wins"
    if "win" in vs:
        return "win"
    if any(v in ("pung", "kong") for v in vs) and "chow" in vs:
        return "pung_chow"
    return "other"


_PATTERNS = {1: ("pung_chow", "win"), 2: ("pung_chow", "win", "two_wins"), 3: ("pung_chow", "win", "two_wins")}
"""The contests asked at each level; each question aims at one of them in turn of the seed."""


class Claim(Kind):
    def make(self, rng, difficulty):
        want = rng.choice(_PATTERNS[difficulty])
        fallback = None
        for tries in range(60):
            if fallback is not None and tries >= 4:  # the contest aimed at is rare in these hands: take another
                return fallback
            rules = rng.choice(_claim_rules(difficulty))
            seed = rng.randrange(10**6)
            t = _played(rules, seed)
            spots = []  # discards answered by two or more seats (the log records every call, passes too)
            log = t.log
            for k, e in enumerate(log):
                if isinstance(e, Discarded):
                    j = k + 1
                    while j < len(log) and isinstance(log[j], Declared):
                        j += 1
                    if j - k - 1 >= 2:
                        spots.append(k + 1)
            rng.shuffle(spots)
            for at in spots[:12]:
                opts = {SEATS[p]: v for p, v in _contested_options(t, at) if v}
                if len(opts) < 2:
                    continue
                calls = {k: max(v, key=lambda o: _STRENGTH[o]) for k, v in opts.items()}
                if difficulty == 1 and len({_STRENGTH[c] for c in calls.values()}) < 2:
                    continue
                data = {"rules": rules, "seed": seed, "at": at, "calls": calls}
                found = data, ("几家同时要这张牌。谁得到它？", "Several players call this discard. Who gets it?")
                if claim_pattern(calls) == want:
                    return found
                fallback = fallback or found
        if fallback is not None:
            return fallback
        raise QuizError("could not find a contested discard")  # pragma: no cover

    def validate(self, data):
        for f in ("rules", "seed", "at", "calls"):
            need(data, f, "claim")
        calls = data["calls"]
        if not isinstance(calls, Mapping):
            raise QuizError('claim question: field \'calls\' must map seats to calls, e.g. {"S": "pung"}')
        norm = {}
        for k, v in calls.items():
            if v not in ("win", "pung", "kong", "chow", "pass"):
                raise QuizError(f"claim question: calls[{k!r}] must be win, pung, kong, chow or pass, got {v!r}")
            norm[_seat(k, "claim question: calls")] = v
        data = {
            "rules": str(data["rules"]),
            "seed": as_int(data["seed"], "claim question: seed"),
            "at": as_int(data["at"], "claim question: at"),
            "calls": norm,
        }
        t = _situation(data)
        for k, v in norm.items():
            if v != "pass" and v not in t.claim_options(SEATS.index(k)):
                raise QuizError(
                    f"claim question: {k} cannot {v} this discard; it may: {', '.join(t.claim_options(SEATS.index(k)))}"
                )
        return data

    def solve(self, data):
        seat, _ = engine_claim(data)
        return seat or "none"

    def normalize(self, data, answer):
        if str(answer).strip().lower() in ("none", "-", "无"):
            return "none"
        return _seat(answer, "answer")

    def verdict(self, data, answer, solution):
        return answer == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = self.explain_solution(data, solution)
        if not ok:
            expl.insert(0, _claim_miss(data, answer, solution))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        seat, action = engine_claim(data)
        t = _situation(data)
        d, tile = t.last_discard
        lines = [
            (
                f"{SEAT_NAMES[SEATS[d]][0]}打出 {tile}（{tile.zh}）。",
                f"{SEAT_NAMES[SEATS[d]][1]} discards {tile} ({tile.en}).",
            )
        ]
        wild = getattr(t, "wild", None)
        if wild is not None:  # said with the discard: a hand may win only through the wild
            lines[0] = (
                lines[0][0] + f"这一局的混儿（百搭）是 {wild}（{wild.zh}）。",
                lines[0][1] + f" The wild tile this hand is {wild} ({wild.en}).",
            )
        n_head = len(lines)
        for k, v in data["calls"].items():
            lines.append((f"{SEAT_NAMES[k][0]}：{_ZH[v]}", f"{SEAT_NAMES[k][1]}: {v}"))
        lines[n_head:] = [
            (
                f"{SEAT_NAMES[k][0]}（{t.hand_of(SEATS.index(k))}）：{_ZH[v]}",
                f"{SEAT_NAMES[k][1]} ({t.hand_of(SEATS.index(k))}): {v}",
            )
            for k, v in data["calls"].items()
        ]
        may = [(SEATS[p], opts) for p, opts in _claim_options(t) if opts]
        if may:  # who may claim at all, from the table's own judgement
            lines.append(
                (
                    "谁可以要："
                    + "；".join(f"{SEAT_NAMES[k][0]}可以{'、'.join(_ZH[o] for o in opts)}" for k, opts in may)
                    + f"（只有{SEAT_NAMES[SEATS[(d + 1) % 4]][0]}是下家，能吃）。",
                    "Who may claim: "
                    + "; ".join(f"{SEAT_NAMES[k][1]} may {' or '.join(opts)}" for k, opts in may)
                    + f" (only {SEAT_NAMES[SEATS[(d + 1) % 4]][1]}, next in turn, may chow).",
                )
            )
        if seat:
            lines.append(
                (
                    f"和 > 碰/杠 > 吃；同为和牌时离{SEAT_NAMES[SEATS[d]][0]}最近的一家优先：所以{SEAT_NAMES[seat][0]}{_ZH[action]}，得到 {tile}。",  # type: ignore[index]  # a seat claims: an action
                    f"A win beats a pung or kong, which beats a chow; among wins the seat nearest {SEAT_NAMES[SEATS[d]][1]} "
                    f"in turn order: so {SEAT_NAMES[seat][1]} takes {tile} ({action}).",
                )
            )
        else:
            lines.append((f"没有人要 {tile}。", f"Nobody takes {tile}."))
        return lines

    def hints(self, data):
        return [
            ("和牌优先于碰杠，碰杠优先于吃。", "A win beats a pung or kong, which beats a chow."),
            (
                "两家都要和时，按出牌方向离打牌者最近的一家优先。",
                "When two players both win on it, the one nearest the discarder in turn order gets it.",
            ),
        ]

    def wrong(self, data, solution, rng):
        return rng.choice([k for k in list(data["calls"]) + ["none"] if k != solution])

    def describe(self, q, lang=None):
        t = _situation(q.data)
        d, tile = t.last_discard
        lines = [pick(f"规则：{t.rules.zh}", f"Rules: {t.rules.en}", lang)]
        wild = getattr(t, "wild", None)
        if wild is not None:  # a hand may need the wild to win: the learner must know which tile it is
            lines.append(
                pick(
                    f"这一局的混儿（百搭）是 {wild}，可以当任何牌用",
                    f"The wild tile this hand is {wild}: it stands for any tile",
                    lang,
                )
            )
        lines.append(pick(f"{SEAT_NAMES[SEATS[d]][0]}打出 {tile}", f"{SEAT_NAMES[SEATS[d]][1]} discards {tile}", lang))
        for k, v in q.data["calls"].items():
            lines.append(f"  {pick(*SEAT_NAMES[k], lang=lang)} ({t.hand_of(SEATS.index(k))}): {pick(_ZH[v], v, lang)}")
        return "\n".join(lines)


def _claim_miss(data, answer, solution) -> tuple[str, str]:
    """(zh, en): why the seat the learner chose does not get the tile."""
    t = _situation(data)
    d, tile = t.last_discard
    dz, de = SEAT_NAMES[SEATS[d]]
    if answer == "none":
        sz, se = SEAT_NAMES[solution]
        return (
            f"有人要 {tile}：{sz}{_ZH[data['calls'][solution]]}。",
            f"Someone takes {tile}: {se} calls {data['calls'][solution]}.",
        )
    call = data["calls"].get(answer, "pass")
    az, ae = SEAT_NAMES[answer]
    if call == "pass":
        return (f"{az}不要 {tile}。", f"{ae} passes on {tile}.")
    if solution == "none":
        return (
            f"{az}要{_ZH[call]} {tile}，但这一声没有成立。",
            f"{ae} calls {call} on {tile}, but the call does not stand.",
        )
    win_call = data["calls"][solution]
    sz, se = SEAT_NAMES[solution]
    if _STRENGTH[win_call] > _STRENGTH[call]:
        return (
            f"{az}要{_ZH[call]} {tile}，但{sz}要{_ZH[win_call]}：{_ZH[win_call]}优先于{_ZH[call]}。",
            f"{ae} calls {call} on {tile}, but {se} calls {win_call}, and {win_call} beats {call}.",
        )
    da, ds = (SEATS.index(answer) - d) % 4, (SEATS.index(solution) - d) % 4
    both = (
        (f"都要{_ZH[call]}", f"both call {call}")
        if call == win_call
        else (f"分别要{_ZH[call]}和{_ZH[win_call]}（同级）", f"call {call} and {win_call} (equal rank)")
    )
    return (
        f"{az}和{sz}{both[0]} {tile}：{sz}在{dz}之后第 {ds} 家，{az}是第 {da} 家，近者优先（{ds} < {da}）。",
        f"{ae} and {se} {both[1]} on {tile}: {se} sits {ds} seat(s) after {de}, {ae} {da}; the nearer "
        f"wins ({ds} < {da}).",
    )


_ZH = {"win": "和", "pung": "碰", "kong": "杠", "chow": "吃", "pass": "不要"}

register(
    Claim(
        name="claim",
        topic="table",
        title=("谁得到这张牌", "Which claim wins?"),
        answer="seat",
        fields={"rules": str, "seed": int, "at": int, "calls": dict},
        answer_help=("输入得到这张牌的一家：E、S、W 或 N", "Type the seat that gets the tile: E, S, W or N"),
    )
)
