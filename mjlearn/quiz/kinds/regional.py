"""Kind on regional rules: is this win legal under a rule set, and what does it score there
(asks :func:`mjlearn.rules.score`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...i18n import pick
from ...rules import RULESETS, get, score
from ...seats import SEAT_LETTERS
from ..core import AnswerError, Grade, Kind, QuizError, register
from ..deal import simulated_win
from ._util import as_bool, need, pick_hand, split_yes_no

SEATS = SEAT_LETTERS
_COMPUTES = re.compile(r"\d\s*[+×−-]\s*\(?\d|=\s*-?\d")
"""A step that shows a computation (digits joined by an operator, or a result after "=")."""


def _easy() -> list[str]:
    """The rule sets the first level asks about: those whose descriptions say their payments are
    simple enough (all of them where none says so)."""
    return [n for n in RULESETS if (a := RULESETS[n].about) is not None and a.easy] or list(RULESETS)


def _score(data: Mapping):
    return score(data["hand"], rules=data["rules"], **data.get("context", {}))


def _num(x, where="total"):
    bad = AnswerError(f"“{x}” 不是分数", f"“{x}” is not a score", where)
    if isinstance(x, bool):
        raise bad
    if isinstance(x, (int, float)):
        return int(x) if float(x).is_integer() else float(x)
    s = str(x).strip()
    for unit in ("番", "分", "底", "points", "point", "pts", "fan", "b"):
        if s.lower().endswith(unit):
            s = s[: -len(unit)].strip()
            break
    try:
        v = float(s.replace("−", "-"))
    except ValueError:
        raise bad from None
    return int(v) if v.is_integer() else v


class Regional(Kind):
    def make(self, rng, difficulty):
        names = _easy() if difficulty == 1 else list(RULESETS)
        for _ in range(40):
            rules = rng.choice(names)
            w = simulated_win(rng)
            ctx = {"self_drawn": w.self_drawn, "winner": SEATS[w.winner]}
            if not w.self_drawn:
                ctx["discarder"] = SEATS[w.discarder]  # type: ignore[index]  # a win on a discard has its discarder
            data = {"hand": str(w.hand), "rules": rules, "context": ctx}
            try:
                _score(data)
            except ValueError:  # tiles this variant does not use (honors in Changsha...): deal again
                continue
            return data, (
                "按这个地方规则，这手牌能和吗？能的话算多少？",
                "Is this win legal under this regional rule set, and if so what does it score?",
            )
        raise QuizError("could not deal a hand this rule set accepts")  # pragma: no cover

    def validate(self, data):
        h = pick_hand(data, "regional")
        try:
            rs = get(need(data, "rules", "regional"))
        except ValueError as e:
            raise QuizError(f"regional question: field 'rules': {e}") from None
        out = {"hand": str(h), "rules": rs.name, "context": dict(data.get("context", {}))}
        try:
            _score(out)
        except (ValueError, TypeError) as e:  # the engine refuses the hand or the context
            raise QuizError(
                f"regional question: field 'context': {e}" if isinstance(e, TypeError) else f"regional question: {e}"
            ) from None
        return out

    def solve(self, data):
        r = _score(data)
        return {"legal": bool(r.legal), "total": _num(r.total) if r.legal else 0}

    def normalize(self, data, answer):
        if isinstance(answer, Mapping):
            legal = as_bool(answer.get("legal"), "legal")
            return {"legal": legal, "total": _num(answer.get("total", 0)) if legal else 0}
        if isinstance(answer, str) and answer.strip():
            said = split_yes_no(answer)
            if said is None:
                raise AnswerError(
                    f"“{answer.strip()[:40]}” 没有先说能不能和", f"“{answer.strip()[:40]}” does not say yes or no first"
                )
            legal, rest = said
            if legal and not rest:
                raise AnswerError("能和的话还要写出分数", "a win that is allowed needs its score too")
            return {"legal": legal, "total": _num(rest) if legal else 0}
        raise AnswerError("没有写答案", "no answer was given")

    def verdict(self, data, answer, solution):
        return answer == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = self.explain_solution(data, solution)
        r = _score(data)
        if answer["legal"] != solution["legal"]:
            if solution["legal"]:
                expl.insert(
                    0,
                    (
                        f"这手牌 {data['hand']} 在{r.ruleset.zh}可以和，得 {solution['total']}（见下面的计算）。",
                        f"The hand {data['hand']} may win under {r.ruleset.en}: it scores {solution['total']} "
                        f"(worked out below).",
                    ),
                )
            else:
                expl.insert(
                    0,
                    (
                        f"这手牌 {data['hand']} 在{r.ruleset.zh}不能和（原因见下）。",
                        f"The hand {data['hand']} may not win under {r.ruleset.en} (why below).",
                    ),
                )
        elif not ok:
            a_, s_ = answer["total"], solution["total"]
            op = f"{a_} {'−' if a_ > s_ else '+'} {abs(s_ - a_)}"
            expl.insert(
                0,
                (f"你算 {a_}，应为 {s_} = {op}（计算见下）。", f"You said {a_}; it is {s_} = {op} (worked out below)."),
            )
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        r = _score(data)
        rs = r.ruleset
        reading = str(r.reading) if r.reading is not None else data["hand"]
        if not r.legal:
            zh, en = r.reason
            out = [(f"{rs.zh}：不能和：{zh}；手牌 {reading}", f"{rs.en}: not legal: {en}; the hand {reading}")]
            if r.items:  # what the hand does count, so the shortfall can be checked

                def item(i, name, left, right):
                    return f"{name}{left}{i.value}" + (f"×{i.count}" if i.count != 1 else "") + right

                total = sum(i.value * i.count for i in r.items)
                added = " + ".join(str(i.value * i.count) for i in r.items)
                out.append(
                    (
                        f"这手牌算到的：{'、'.join(item(i, i.zh, '（', '）') for i in r.items)}；{added} = {total}",
                        f"What the hand counts: {', '.join(item(i, i.en, ' (', ')') for i in r.items)}; "
                        f"{added} = {total}",
                    )
                )
            return out
        lines = [(f"{rs.zh}：和牌读作 {reading}", f"{rs.en}: the hand reads {reading}")]
        for i in r.items:
            lines.append(
                (
                    f"{i.zh} {i.value}×{i.count} = {i.value * i.count}",
                    f"{i.en} {i.value}×{i.count} = {i.value * i.count}",
                )
            )
        # from the items to what each payer owes, as the rule set reckons: the steps that compute (a
        # remark such as "the dealer's payments are doubled" shows in the payments listed next)
        lines += [s for s in rs.settlement_steps(r) if _COMPUTES.search(s[1])]
        for payer, receiver, amount, why in r.transfers:
            lines.append(
                (f"{payer} 付给 {receiver} {amount}（{why[0]}）", f"{payer} pays {receiver} {amount} ({why[1]})")
            )
        lines.append(
            (
                "结算：" + " ".join(f"{k} {r.payments[k]:+}" for k in SEATS),
                "Payments: " + " ".join(f"{k} {r.payments[k]:+}" for k in SEATS),
            )
        )
        return lines

    def hints(self, data):
        rs = get(data["rules"])
        return [
            (
                f"先看{rs.zh}的和牌条件（将牌、缺门、起和番数……）。",
                f"First check what {rs.en} requires to win (pair, suits, minimum...).",
            ),
            (f"计分单位：{rs.unit[0]}", f"Scored in: {rs.unit[1]}"),
        ]

    def wrong(self, data, solution, rng):
        if not solution["legal"]:
            return {"legal": True, "total": 1}
        if rng.random() < 0.3:
            return {"legal": False, "total": 0}
        return {"legal": True, "total": solution["total"] + rng.choice((-1, 1, 2))}

    def describe(self, q, lang=None):
        rs = get(q.data["rules"])
        c = q.data.get("context", {})
        how = (
            pick("自摸", "self-drawn", lang)
            if c.get("self_drawn")
            else pick(f"{c.get('discarder')} 放炮", f"on {c.get('discarder')}'s discard", lang)
        )
        return (
            pick("手牌：", "Hand: ", lang)
            + q.data["hand"]
            + "\n"
            + pick("规则：", "Rules: ", lang)
            + pick(rs.zh, rs.en, lang)
            + "\n"
            + pick(f"{c.get('winner', 'E')} 和牌，", f"{c.get('winner', 'E')} wins ", lang)
            + how
        )


register(
    Regional(
        name="regional",
        topic="regional",
        title=("地方规则", "Regional rules"),
        fields={"hand": str, "rules": str, "context": dict},
        answer_help=(
            "能和就写“能”和分数，例如：能 12；不能和就写：不能",
            "If it may win, type yes and the score, e.g. yes 12; if not, type no",
        ),
    )
)
