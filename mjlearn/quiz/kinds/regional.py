"""Kind on regional rules: is this win legal under a rule set, and what does it score there
(asks :func:`mjlearn.rules.score`)."""

from __future__ import annotations

from typing import Mapping

from ...i18n import pick
from ...rules import RULESETS, get, score

from ..core import Grade, Kind, QuizError, register
from ..deal import simulated_win
from ._util import as_bool, need, pick_hand

SEATS = "ESWN"
_EASY = ("xian", "hebei2", "old_beijing", "hongkong")


def _score(data: Mapping):
    return score(data["hand"], rules=data["rules"], **data.get("context", {}))


def _num(x, where="total"):
    if isinstance(x, bool):
        raise QuizError(f"{where}: expected a number, got {x!r}")
    if isinstance(x, (int, float)):
        return int(x) if float(x).is_integer() else float(x)
    try:
        v = float(str(x).strip())
    except ValueError:
        raise QuizError(f"{where}: expected a number, got {x!r}") from None
    return int(v) if v.is_integer() else v


class Regional(Kind):
    def make(self, rng, difficulty):
        names = list(_EASY) if difficulty == 1 else list(RULESETS)
        names = [n for n in names if n in RULESETS] or list(RULESETS)
        for _ in range(40):
            rules = rng.choice(names)
            w = simulated_win(rng)
            ctx = {"self_drawn": w.self_drawn, "winner": SEATS[w.winner]}
            if not w.self_drawn:
                ctx["discarder"] = SEATS[w.discarder]
            data = {"hand": str(w.hand), "rules": rules, "context": ctx}
            try:
                _score(data)
            except ValueError:  # tiles this variant does not use (honors in Changsha...): deal again
                continue
            return data, ("按这个地方规则，这手牌能和吗？能的话算多少？",
                          "Is this win legal under this regional rule set, and if so what does it score?")
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
            raise QuizError(f"regional question: field 'context': {e}" if isinstance(e, TypeError)
                            else f"regional question: {e}") from None
        return out

    def solve(self, data):
        r = _score(data)
        return {"legal": bool(r.legal), "total": _num(r.total) if r.legal else 0}

    def normalize(self, data, answer):
        if isinstance(answer, Mapping):
            legal = as_bool(answer.get("legal"), "legal")
            return {"legal": legal, "total": _num(answer.get("total", 0)) if legal else 0}
        if isinstance(answer, str):
            parts = answer.replace(",", " ").split()
            if parts:
                legal = as_bool(parts[0], "legal")
                if legal and len(parts) != 2:
                    raise QuizError("a legal win needs its score too, e.g. 'yes 12'")
                return {"legal": legal, "total": _num(parts[1]) if legal else 0}
        raise QuizError(f"expected 'yes 12' or 'no', got {answer!r}")

    def check(self, data, answer, solution):
        ok = answer == solution
        expl = self.explain_solution(data, solution)
        if answer["legal"] != solution["legal"]:
            expl.insert(0, ("能否和牌判断错了。", "Wrong about whether the win is legal."))
        elif not ok:
            expl.insert(0, (f"你算 {answer['total']}，应为 {solution['total']}。", f"You said {answer['total']}; it is {solution['total']}."))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        r = _score(data)
        rs = r.ruleset
        unit = r.unit
        lines = [(f"{rs.zh}", f"{rs.en}")]
        if not r.legal:
            zh, en = r.reason
            lines.append((f"不能和：{zh}", f"Not legal: {en}"))
            return lines
        for i in r.items:
            lines.append((f"{i.zh} {i.value}×{i.count}", f"{i.en} {i.value}x{i.count}"))
        lines.append((f"合计 {r.total} {unit[0]}", f"Total {r.total} {unit[1]}"))
        lines.append(("结算：" + " ".join(f"{k} {r.payments[k]:+}" for k in SEATS),
                      "Payments: " + " ".join(f"{k} {r.payments[k]:+}" for k in SEATS)))
        return lines

    def hints(self, data):
        rs = get(data["rules"])
        return [(f"先看{rs.zh}的和牌条件（将牌、缺门、起和番数……）。",
                 f"First check what {rs.en} requires to win (pair, suits, minimum...)."),
                (f"计分单位：{rs.unit[0]}", f"Scored in: {rs.unit[1]}")]

    def wrong(self, data, solution, rng):
        if not solution["legal"]:
            return {"legal": True, "total": 1}
        if rng.random() < 0.3:
            return {"legal": False, "total": 0}
        return {"legal": True, "total": solution["total"] + rng.choice((-1, 1, 2))}

    def describe(self, q, lang=None):
        rs = get(q.data["rules"])
        c = q.data.get("context", {})
        how = pick("自摸", "self-drawn", lang) if c.get("self_drawn") else pick(f"{c.get('discarder')} 放炮", f"on {c.get('discarder')}'s discard", lang)
        return (pick("手牌：", "Hand: ", lang) + q.data["hand"] + "\n" + pick("规则：", "Rules: ", lang)
                + pick(rs.zh, rs.en, lang) + "\n" + pick(f"{c.get('winner', 'E')} 和牌，", f"{c.get('winner', 'E')} wins ", lang) + how)


register(Regional(name="regional", topic="regional", title=("地方规则", "Regional rules"),
                  fields={"hand": str, "rules": str, "context": dict},
                  answer_help=("能和输入 yes 和分数，如 yes 12；不能和输入 no", "Type yes and the score, e.g. yes 12; or no")))
