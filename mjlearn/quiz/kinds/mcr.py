"""Kinds on MCR scoring: which fans does this hand score; its total; the settlement of the win.
All three ask :func:`mjlearn.mcr.score` about hands won in simulated deals."""

from __future__ import annotations

from collections.abc import Mapping

from ...i18n import pick
from ...mcr import FANS, fan, score
from ...mcr.examples import EXAMPLES
from ...seats import SEAT_LETTERS
from ...tiles import tile as as_tile
from ..core import AnswerError, Grade, Kind, QuizError, register
from ..deal import simulated_win
from ._explain import _MANNER, fan_evidence
from ._util import as_int, pick_hand

SEATS = SEAT_LETTERS
_CTX_KEYS = ("self_drawn", "last_tile", "kong", "wall_last", "seat_wind", "prevalent_wind", "flowers")
_RANGE = {1: (8, 16), 2: (8, 32), 3: (8, 10**6)}


def _score(data: Mapping):
    return score(data["hand"], **data.get("context", {}))


def _make_win(rng, difficulty, fan=None, points=None):
    """(hand string, context) of a win: from simulated deals, aimed at a fan or a point range."""
    if fan is not None:
        return fan_targeted(rng, fan)
    lo, hi = points if points is not None else _RANGE[difficulty]

    def ok(w):
        r = score(w.hand, **w.context())
        return lo <= r.total - r.flowers <= hi

    w = simulated_win(rng, accept=ok, tries=80)
    if w is None:
        if points is not None:
            raise QuizError(f"no simulated win scored {lo}-{hi} points in 80 deals; widen the range")
        w = simulated_win(rng)
    return str(w.hand), w.context(), w


_SUIT_PERMS = ("mps", "msp", "pms", "psm", "smp", "spm")


def fan_targeted(rng, fan_id: int):
    """A winning hand that scores fan ``fan_id`` (1-82): a simulated win that happens to score it
    (tried a few deals), else the engine's example hand for that fan (mjlearn.mcr.examples) with
    its suits permuted at random, kept only if the scorer still finds the fan."""
    if fan_id not in EXAMPLES:
        raise QuizError(f"fan must be a fan number 1-82, got {fan_id!r}")
    for _ in range(3):
        w = simulated_win(rng)
        if any(f.id == fan_id for f in score(w.hand, **w.context()).fans):
            return str(w.hand), w.context(), w
    hand, ctx = EXAMPLES[fan_id][0]
    perms = list(_SUIT_PERMS)
    rng.shuffle(perms)
    for perm in perms:
        h2 = hand.translate(str.maketrans("mps", perm))
        try:
            if any(f.id == fan_id for f in score(h2, **ctx).fans):
                return h2, dict(ctx), None
        except ValueError:
            continue
    return hand, dict(ctx), None  # pragma: no cover - the identity permutation always keeps the fan


def _parts_text(parts) -> str:
    return " ".join(str(p) for p in parts if p is not None) if parts else ""


def _validate_win(data, kind):
    h = pick_hand(data, kind)
    ctx = dict(data.get("context", {}))
    bad = set(ctx) - set(_CTX_KEYS)
    if bad:
        raise QuizError(f"{kind} question: unknown context keyword(s) {sorted(bad)}; allowed: {', '.join(_CTX_KEYS)}")
    out = {"hand": str(h), "context": ctx}
    try:
        r = _score(out)
    except (ValueError, TypeError) as e:  # the engine refuses the hand or the context
        raise QuizError(
            f"{kind} question: field 'context': {e}" if isinstance(e, TypeError) else f"{kind} question: {e}"
        ) from None
    if not r.is_winning:
        raise QuizError(f"{kind} question: field 'hand' {str(h)!r} is not a winning hand")
    return out


def _ctx_line(ctx: Mapping) -> tuple[str, str]:
    seat, prev = as_tile(ctx.get("seat_wind", "E")), as_tile(ctx.get("prevalent_wind", "E"))
    zh = ["自摸" if ctx.get("self_drawn") else "点和", f"门风 {seat.zh}", f"圈风 {prev.zh}"]
    en = [
        "self-drawn" if ctx.get("self_drawn") else "won on a discard",
        f"seat wind {seat.en}",
        f"prevalent wind {prev.en}",
    ]
    for k, z, e in (
        ("last_tile", "和绝张", "last tile of its kind"),
        ("wall_last", "海底", "last tile of the wall"),
        ("kong", "杠上", "on a kong"),
    ):
        if ctx.get(k):
            zh.append(z)
            en.append(e)
    if ctx.get("flowers"):
        zh.append(f"花牌 {ctx['flowers']}")
        en.append(f"{ctx['flowers']} flower(s)")
    return "，".join(zh), ", ".join(en)


def _describe(q, lang):
    return (
        pick("手牌：", "Hand: ", lang) + q.data["hand"] + "\n" + pick(*_ctx_line(q.data.get("context", {})), lang=lang)
    )


def _evidence(f, r, ctx) -> tuple[str, str]:
    """The tiles behind a counted fan: every occurrence's sets, or the whole hand / the winning tile."""
    occ = [_parts_text(p) for p in f.parts if p]
    if occ and all(occ):
        text = "; ".join(occ)
        return text, text
    return fan_evidence(f.id, (), r, ctx)


def _breakdown(r, ctx=None) -> list:
    ctx = ctx or {}
    lines = []
    for f in r.fans:
        zh, en = _evidence(f, r, ctx)
        lines.append(
            (f"{f.zh} {f.points}×{f.count} = {f.total}：{zh}", f"{f.en} {f.points}×{f.count} = {f.total}: {en}")
        )
    sum_text = " + ".join(str(f.total) for f in r.fans)
    lines.append((f"合计 {sum_text} = {r.total} 番", f"Total {sum_text} = {r.total} points"))
    return lines


def fan_sum_line(r) -> tuple[str, str]:
    """(zh, en): the fans that make a total, named and then added ("平和（2）、门前清（2）……：2 + 2 + ... = 9")."""
    total = " + ".join(str(f.total) for f in r.fans) or "0"
    zh = "、".join(f"{f.zh}（{f.total}）" for f in r.fans) or "无"
    en = ", ".join(f"{f.en} ({f.total})" for f in r.fans) or "none"
    return (f"番种：{zh}；{total} = {r.total} 番", f"The fans: {en}; {total} = {r.total} points")


def _why_not(i: int, r, ctx) -> tuple[str, str]:
    """(zh, en): why a fan the hand does not have does not apply: its definition against the hand."""
    f = fan(i)
    zh, en = fan_evidence(i if i in _MANNER else -1, (), r, ctx)  # the manner of winning, or the hand
    return (
        f"{f.zh} 不成立：{f.definition_zh}这手牌：{zh.removeprefix('整手牌 ')}",
        f"{f.en} does not apply: {f.definition_en} This hand: {en.removeprefix('the whole hand ')}",
    )


def _excluded_line(e, r, ctx) -> tuple[str, str]:
    """(zh, en): a fan the hand has but that is not counted, the fan that excludes it and the tiles."""
    if e.parts and all(p is not None for p in e.parts):
        zh = en = _parts_text(e.parts)
    else:
        zh, en = fan_evidence(e.fan.id, (), r, ctx)
    return (f"{e.explain('zh')}；牌：{zh}", f"{e.explain('en')}; tiles: {en}")


# --- which fans -------------------------------------------------------------------------------


class Fans(Kind):
    def make(self, rng, difficulty, **target):
        hand, ctx, _ = _make_win(rng, difficulty, **target)
        data = {"hand": hand, "context": ctx}
        r = _score(data)
        ids = {f.id for f in r.fans} | {e.fan.id for e in r.excluded}
        others = [f.id for f in FANS if f.id not in ids]
        ids |= set(rng.sample(others, 4 + difficulty))
        data["options"] = [{"id": f.id, "zh": f.zh, "en": f.en, "points": f.points} for f in FANS if f.id in ids]
        return data, (
            "这手牌计哪些番？（不计被排除的番）",
            "Which fans does this hand score? (Leave out the excluded ones.)",
        )

    def validate(self, data):
        out = _validate_win(data, "fans")
        r = _score(out)
        ids = {f.id for f in r.fans} | {e.fan.id for e in r.excluded}
        extra = data.get("options_extra", [])
        ids |= {as_int(x, "fans question: options_extra") for x in extra}
        out["options"] = [{"id": f.id, "zh": f.zh, "en": f.en, "points": f.points} for f in FANS if f.id in ids]
        return out

    def solve(self, data):
        return sorted({f.id for f in _score(data).fans})

    def normalize(self, data, answer):
        if isinstance(answer, str):
            answer = answer.replace(",", " ").split()
        if not isinstance(answer, (list, tuple, set)):
            raise AnswerError("要写番的编号", "the answer should be fan numbers")
        out = set()
        by_name = {f.zh: f.id for f in FANS} | {f.en.lower(): f.id for f in FANS}
        for a in answer:
            if isinstance(a, str) and a.strip().lower() in by_name:
                out.add(by_name[a.strip().lower()])
            else:
                i = as_int(a, "fan")
                if not any(f.id == i for f in FANS):
                    raise AnswerError(f"没有第 {i} 号番", f"there is no fan number {i}")
                out.add(i)
        return sorted(out)

    def verdict(self, data, answer, solution):
        return set(answer) == set(solution)

    def check(self, data, answer, solution):
        r = _score(data)
        a, s = set(answer), set(solution)
        scored = {f.id: f for f in r.fans}
        excluded = {e.fan.id: e for e in r.excluded}
        expl = []
        ctx = data.get("context", {})
        for i in sorted(s - a):
            f = scored[i]
            zh, en = _evidence(f, r, ctx)
            expl.append(
                (
                    f"漏了 {f.zh}（{f.points} 番 × {f.count}）：{f.fan.definition_zh}这手牌：{zh}",
                    f"Missed {f.en} ({f.points} × {f.count}): {f.fan.definition_en} Here: {en}",
                )
            )
        for i in sorted(a - s):
            if i in excluded:
                expl.append(_excluded_line(excluded[i], r, ctx))
            else:
                expl.append(_why_not(i, r, ctx))
        ok = self.verdict(data, answer, solution)
        return Grade(ok, answer, solution, tuple(expl), 1.0 if ok else len(a & s) / len(a | s))

    def explain_solution(self, data, solution):
        r = _score(data)
        ctx = data.get("context", {})
        return _breakdown(r, ctx) + [_excluded_line(e, r, ctx) for e in r.excluded]

    def retry_note(self, data, answer, solution):
        """How many picks are right and how many fans are still missing (not which), and why the first
        wrong pick does not count."""
        a, s = set(answer), set(solution)
        right, missing, extra = len(a & s), len(s - a), sorted(a - s)
        zh = f"你选的 {len(a)} 个里有 {right} 个对" + (f"，还漏了 {missing} 个" if missing else "") + "。"
        en = (
            f"{right} of your {len(a)} pick(s) score"
            + (f"; {missing} scoring fan(s) are still missing" if missing else "")
            + "."
        )
        if extra:
            r = _score(data)
            ctx = data.get("context", {})
            excluded = {e.fan.id: e for e in r.excluded}
            z, e = _excluded_line(excluded[extra[0]], r, ctx) if extra[0] in excluded else _why_not(extra[0], r, ctx)
            zh, en = zh + z, en + " " + e
        return zh, en

    def hints(self, data):
        r = _score(data)
        return [
            (
                "先看整手牌的花色与和牌型，再看每一组，最后看和牌方式。",
                "Look at the whole hand (suits, form), then each set, then how it was won.",
            ),
            (f"一共计 {len(r.fans)} 种番。", f"{len(r.fans)} different fans score."),
        ]

    def wrong(self, data, solution, rng):
        s = list(solution)
        opts = [o["id"] for o in data["options"] if o["id"] not in s]
        if opts and (rng.random() < 0.5 or len(s) < 2):
            return sorted(s + [rng.choice(opts)])
        s.pop(rng.randrange(len(s)))
        return s

    def choices(self, data):
        return [(o["id"], f"{o['zh']} {o['en']} ({o['points']})") for o in data["options"]]

    def describe(self, q, lang=None):
        opts = "  ".join(f"{o['id']}={pick(o['zh'], o['en'], lang)}({o['points']})" for o in q.data["options"])
        return _describe(q, lang) + "\n" + pick("选项：", "Options: ", lang) + opts


register(
    Fans(
        name="fans",
        topic="fans",
        title=("计哪些番", "Which fans?"),
        answer="choices",
        fields={"hand": str, "context": dict, "options": list, "options_extra": list},
        targets=("fan", "points"),
        answer_help=(
            "输入番的编号，用空格分开，如 49 66 80",
            "Type the fan numbers, separated by spaces, e.g. 49 66 80",
        ),
    )
)


# --- the total --------------------------------------------------------------------------------


class McrTotal(Kind):
    def make(self, rng, difficulty, **target):
        hand, ctx, _ = _make_win(rng, difficulty, **target)
        return (
            {"hand": hand, "context": ctx},
            ("这手牌一共多少番（含花牌）？", "What is this hand's MCR total (flowers included)?"),
        )

    def validate(self, data):
        return _validate_win(data, "mcr_total")

    def solve(self, data):
        return _score(data).total

    def normalize(self, data, answer):
        return as_int(answer)

    def verdict(self, data, answer, solution):
        return answer == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = _breakdown(_score(data), data.get("context", {}))
        if not ok:
            op = f"{answer} {'−' if answer > solution else '+'} {abs(answer - solution)}"
            expl.insert(
                0,
                (
                    f"你答 {answer} 番，实际是 {solution} = {op} 番。",
                    f"You said {answer}; the total is {solution} = {op}.",
                ),
            )
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        return _breakdown(_score(data), data.get("context", {}))

    def hints(self, data):
        r = _score(data)
        big = max(r.fans, key=lambda f: f.points)
        return [
            (f"最大的番是 {big.zh}（{big.points} 番）。", f"The biggest fan is {big.en} ({big.points})."),
            ("别忘了花牌：每张 1 番。", "Do not forget flowers: 1 point each."),
        ]

    def retry_note(self, data, answer, solution):
        """Which way the total is off and how many fans score (not the total)."""
        r = _score(data)
        high = answer > solution
        return (
            f"你答 {answer} 番，{'多了' if high else '少了'}。这手牌一共计 {len(r.fans)} 种番（含花牌），逐个再加一遍。",
            f"You said {answer}: that is too {'many' if high else 'few'}. {len(r.fans)} different fans score "
            f"(flowers included); add them up again one by one.",
        )

    def wrong(self, data, solution, rng):
        return solution + rng.choice((-2, -1, 1, 2, 8))

    def describe(self, q, lang=None):
        return _describe(q, lang)


register(
    McrTotal(
        name="mcr_total",
        topic="mcr",
        title=("一共几番", "MCR total"),
        answer="number",
        fields={"hand": str, "context": dict},
        targets=("fan", "points"),
        answer_help=("输入一个整数，例如 12", "Type a whole number, e.g. 12"),
    )
)


# --- settlement -------------------------------------------------------------------------------


def _seat_sum(data, k: str, solution) -> tuple[str, str]:
    """(zh, en): one seat's result written as its sum, e.g. ``+33 = 8 + 8 + 17``."""
    total = _score(data).total
    w, d = data["winner"], data["discarder"]
    v = solution[k]
    if k == w:
        if d is None:
            f = f"3 × (8 + {total})"
            return f"{v:+d} = {f}（三家各付）", f"{v:+d} = {f} (from each of the three)"
        f = f"(8 + {total}) + 8 + 8"
        return f"{v:+d} = {f}（放炮者 + 另两家）", f"{v:+d} = {f} (the discarder, then the other two)"
    if d is None or k == d:
        return f"{v:+d} = −(8 + {total})", f"{v:+d} = −(8 + {total})"
    return f"{v:+d} = −8（基本分）", f"{v:+d} = −8 (the base)"


class Settlement(Kind):
    def make(self, rng, difficulty, **target):
        hand, ctx, w = _make_win(rng, difficulty, **target)
        if w is not None:
            winner, discarder = SEATS[w.winner], None if w.discarder is None else SEATS[w.discarder]
        else:  # an example hand: seat it by its seat wind, a random discarder unless self-drawn
            winner = ctx.get("seat_wind", "E")
            discarder = None if ctx.get("self_drawn") else rng.choice([s for s in SEATS if s != winner])
        data = {"hand": hand, "context": ctx, "winner": winner, "discarder": discarder}
        return data, (
            "这局怎么结算？写出东南西北四家的得失。",
            "How is this win settled? Give the gain or loss of E, S, W and N.",
        )

    def validate(self, data):
        out = _validate_win(data, "settlement")
        w = str(data.get("winner", "E")).upper()
        d = data.get("discarder")
        if w not in SEATS or (d is not None and (str(d).upper() not in SEATS or str(d).upper() == w)):
            raise QuizError("settlement question: 'winner' must be a seat E/S/W/N and 'discarder' another seat or null")
        out["winner"], out["discarder"] = w, None if d is None else str(d).upper()
        out["context"]["self_drawn"] = d is None
        return out

    def solve(self, data):
        s = _score(data).settlement(winner=data["winner"], discarder=data["discarder"])
        return {k: s[k] for k in SEATS}

    def normalize(self, data, answer):
        if isinstance(answer, Mapping):
            return {k: as_int(answer.get(k), f"seat {k}") for k in SEATS}
        if isinstance(answer, str):
            parts = answer.replace(",", " ").split()
            if len(parts) == 4:
                return {k: as_int(v, f"seat {k}") for k, v in zip(SEATS, parts)}
        raise AnswerError(
            f"“{answer}” 不是四个数（东南西北各一个）", f"“{answer}” is not four numbers, one for each of E S W N"
        )

    def verdict(self, data, answer, solution):
        return answer == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = self.explain_solution(data, solution)
        for k in reversed(SEATS):
            if answer[k] != solution[k]:
                zh, en = _seat_sum(data, k, solution)
                expl.insert(0, (f"{k}：你写 {answer[k]:+d}，应为 {zh}", f"{k}: you wrote {answer[k]:+d}; it is {en}"))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        r = _score(data)
        total = r.total
        w, d = data["winner"], data["discarder"]
        if d is None:
            rule = (
                f"自摸：其他三家各付 8 + {total} = {8 + total}",
                f"Self-drawn: each other player pays 8 + {total} = {8 + total}",
            )
        else:
            rule = (
                f"点和：{d} 付 8 + {total} = {8 + total}，其他两家各付 8",
                f"On a discard: {d} pays 8 + {total} = {8 + total}, the other two pay 8 each",
            )
        head = (
            f"这手牌 {total} 番（{data['hand']}），{w} 和牌。",
            f"The hand {data['hand']} scores {total}; {w} wins.",
        )
        return [head, fan_sum_line(r), rule] + [
            (f"{k}：{_seat_sum(data, k, solution)[0]}", f"{k}: {_seat_sum(data, k, solution)[1]}") for k in SEATS
        ]

    def hints(self, data):
        total = _score(data).total
        return [
            (f"先算这手牌的番数：一共 {total} 番。", f"First the hand's points: {total} in all."),
            (
                "每家先付基本分 8，放炮者再付番数；自摸则三家都付 8 + 番数。",
                "Everyone pays the base 8; the discarder also pays the hand's points; self-drawn: all three pay 8 + points.",
            ),
            ("四家的得失加起来是 0。", "The four amounts add up to 0."),
        ]

    def wrong(self, data, solution, rng):
        s = dict(solution)
        k = rng.choice(SEATS)
        s[k] += rng.choice((-8, 8))
        return s

    def describe(self, q, lang=None):
        d = q.data
        who = pick(f"{d['winner']} 和牌", f"{d['winner']} wins", lang) + (
            pick("，自摸", ", self-drawn", lang)
            if d["discarder"] is None
            else pick(f"，{d['discarder']} 放炮", f" on {d['discarder']}'s discard", lang)
        )
        return _describe(q, lang) + "\n" + who


register(
    Settlement(
        name="settlement",
        topic="mcr",
        title=("结算", "Settlement"),
        targets=("fan", "points"),
        fields={"hand": str, "context": dict, "winner": str, "discarder": (str, type(None))},
        answer_help=("按东南西北输入四个数，如 24 -8 -8 -8", "Type four numbers for E S W N, e.g. 24 -8 -8 -8"),
    )
)
