"""Kind on regional rules: is this win legal under a rule set, and what does it score there
(asks :func:`mjlearn.rules.score`)."""

from __future__ import annotations

from typing import Mapping

from ...i18n import pick
from ...rules import RULESETS, get, score

from ..core import AnswerError, Grade, Kind, QuizError, register
from ...seats import SEAT_LETTERS
from ..deal import simulated_win
from ._util import as_bool, need, pick_hand, split_yes_no

SEATS = SEAT_LETTERS


def _easy() -> list[str]:
    """The rule sets the first level asks about: those whose descriptions say their payments are
    simple enough (all of them where none says so)."""
    return [n for n in RULESETS if RULESETS[n].about is not None and RULESETS[n].about.easy] or list(RULESETS)


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
            s = s[:-len(unit)].strip()
            break
    try:
        v = float(s.replace("−", "-"))
    except ValueError:
        raise bad from None
    return int(v) if v.is_integer() else v


def _total_lines(r) -> list[tuple[str, str]]:
    """(zh, en) lines from the items to the total, by the rule set's own way of combining them
    (a sum; the base doubled once per item; old Beijing's price for the 番 tier plus the 嘴; Fuzhou's base × (2F + X);
    Hong Kong's 番 table), each written out."""
    unit = r.unit
    items = r.items
    vals = [i.value * i.count for i in items]
    s = sum(vals)
    sum_text = " + ".join(map(str, vals)) if vals else "0"
    extra = getattr(r, "extra", {}) or {}
    rs = r.ruleset
    if "tier_price" in extra:  # old Beijing: the 番 items set a tier with its price; 嘴 and priced items add
        from ...rules.old_beijing import FAN, PRICE, ZUI, _UNIT_OF
        tier = extra["tier"]

        def part(unit):
            xs = [str(i.value * i.count) for i in items if _UNIT_OF.get(i.key) == unit]
            return " + ".join(xs) or "0"
        zui_each = extra["zui_price"] // extra["zui"] if extra["zui"] else rs.opt("price_zui")
        f = f"{extra['tier_price']} + {extra['zui_price']} + {extra['priced_items']}"
        return [(f"番：{part(FAN)} = {extra['fan']} 番 → {tier[0]}（最多算 3 番），价 {extra['tier_price']}",
                 f"fan: {part(FAN)} = {extra['fan']} → {tier[1]} (3 or more is the limit), priced {extra['tier_price']}"),
                (f"嘴：{part(ZUI)} = {extra['zui']} 嘴，每嘴 {zui_each}：{extra['zui']} × {zui_each} = {extra['zui_price']}",
                 f"zui: {part(ZUI)} = {extra['zui']}, {zui_each} each: {extra['zui']} × {zui_each} = {extra['zui_price']}"),
                (f"另计价的项：{part(PRICE)} = {extra['priced_items']}", f"items with their own price: {part(PRICE)} = {extra['priced_items']}"),
                (f"合计 = 番价 + 嘴 + 另计价：{f} = {r.total} {unit[0]}",
                 f"Total = the tier's price + the zui + priced items: {f} = {r.total} {unit[1]}")]
    if {"F", "X", "base", "rate"} <= set(extra):  # Fuzhou
        b, rate, fan, x = extra['base'], extra['rate'], extra['F'], extra['X']
        return [(f"合计 = 底 {b} ×（{rate} × {fan} 番 + 花和金 {x} 分）= {r.total} {unit[0]}",
                 f"Total = base {b} × ({rate} × {fan} fan + {x} for flowers and golds) = {r.total} {unit[1]}")]
    if "raw_fan" in extra:  # Hong Kong: the 番 count, capped, then the table's points
        cap = "（封顶）" if extra.get("capped") else ""
        return [(f"番：{sum_text} = {extra['raw_fan']} 番{cap} → 计 {extra['fan']} 番，每家 {extra['points']} 分",
                 f"fan: {sum_text} = {extra['raw_fan']}{' (capped)' if extra.get('capped') else ''} → {extra['fan']} 番, "
                 f"{extra['points']} point(s) on the payment table"),
                (f"合计 {r.total} {unit[0]}", f"Total {extra['fan']} = {r.total} {unit[1]}")]
    base = getattr(rs, "P", None)
    if isinstance(base, int) and not isinstance(base, bool) and r.total == base * 2 ** s:
        doubled = f"{base}{' × 2' * s}"          # written out: a learner reads no powers
        return [(f"合计 = 底分 {base}，{f'每项翻一倍，{s} 项' if s else '没有翻倍的项'}：{doubled} = {r.total} {unit[0]}",
                 f"Total = base {base}, {f'doubled once per item, {s} item(s)' if s else 'no item doubles it'}: "
                 f"{doubled} = {r.total} {unit[1]}")]
    if r.total == s:
        return [(f"合计 {sum_text} = {r.total} {unit[0]}", f"Total {sum_text} = {r.total} {unit[1]}")]
    return [(f"各项 {sum_text} = {s}；按{rs.zh}的算法合计 {r.total} {unit[0]}",
             f"items {sum_text} = {s}; by {rs.en}'s reckoning the total is {r.total} {unit[1]}")]


class Regional(Kind):
    def make(self, rng, difficulty):
        names = _easy() if difficulty == 1 else list(RULESETS)
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
        if isinstance(answer, str) and answer.strip():
            said = split_yes_no(answer)
            if said is None:
                raise AnswerError(f"“{answer.strip()[:40]}” 没有先说能不能和", f"“{answer.strip()[:40]}” does not say yes or no first")
            legal, rest = said
            if legal and not rest:
                raise AnswerError("能和的话还要写出分数", "a win that is allowed needs its score too")
            return {"legal": legal, "total": _num(rest) if legal else 0}
        raise AnswerError("没有写答案", "no answer was given")

    def check(self, data, answer, solution):
        ok = answer == solution
        expl = self.explain_solution(data, solution)
        r = _score(data)
        if answer["legal"] != solution["legal"]:
            if solution["legal"]:
                expl.insert(0, (f"这手牌 {data['hand']} 在{r.ruleset.zh}可以和，得 {solution['total']}（见下面的计算）。",
                                f"The hand {data['hand']} may win under {r.ruleset.en}: it scores {solution['total']} "
                                f"(worked out below)."))
            else:
                expl.insert(0, (f"这手牌 {data['hand']} 在{r.ruleset.zh}不能和（原因见下）。",
                                f"The hand {data['hand']} may not win under {r.ruleset.en} (why below)."))
        elif not ok:
            a_, s_ = answer["total"], solution["total"]
            op = f"{a_} {'−' if a_ > s_ else '+'} {abs(s_ - a_)}"
            expl.insert(0, (f"你算 {a_}，应为 {s_} = {op}（计算见下）。", f"You said {a_}; it is {s_} = {op} (worked out below)."))
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
                out.append((f"这手牌算到的：{'、'.join(item(i, i.zh, '（', '）') for i in r.items)}；{added} = {total}",
                            f"What the hand counts: {', '.join(item(i, i.en, ' (', ')') for i in r.items)}; "
                            f"{added} = {total}"))
            return out
        lines = [(f"{rs.zh}：和牌读作 {reading}", f"{rs.en}: the hand reads {reading}")]
        for i in r.items:
            lines.append((f"{i.zh} {i.value}×{i.count} = {i.value * i.count}", f"{i.en} {i.value}×{i.count} = {i.value * i.count}"))
        lines += _total_lines(r)
        for payer, receiver, amount, why in r.transfers:
            lines.append((f"{payer} 付给 {receiver} {amount}（{why[0]}）", f"{payer} pays {receiver} {amount} ({why[1]})"))
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
                  answer_help=("能和就写“能”和分数，例如：能 12；不能和就写：不能",
                               "If it may win, type yes and the score, e.g. yes 12; if not, type no")))
