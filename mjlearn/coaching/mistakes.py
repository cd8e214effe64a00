"""Your mistakes become your practice: the costly decisions of a played hand as review items.

A hand played at the table (:class:`mjlearn.widgets.play.PlayTable`) keeps an annotated record: each
decision the coach rated, with the learner's option, the coach's best and the cost of the difference.
:func:`mistakes_of` takes the costly ones (a chance to win, useful tiles or value lost, the chance lost
outside the coach's stated error) and makes each an *item*: the position (the hand before the decision,
the tile offered, the rule set and seat), what was chosen, what the coach preferred and why (its reason
sentence), the options as the coach ranked them, and a category:

* ``efficiency``: a discard that keeps fewer useful tiles or a slower hand;
* ``fan_route``: a discard that breaks or misses the coach's route to a win (its fans);
* ``claim``: a chow, pung or win answered differently from the coach (a declined win too);
* ``kong``: a kong made or left that cost;
* ``danger``: a discard late in the hand whose reason is the danger of the tile let go.

The quiz's review queue schedules the items with the same FSRS scheduler as the answers
(:mod:`mjlearn.quiz.review`); a review asks the learner to choose again among the ranked options and
grades the choice by the coach's ranking (:func:`grade_choice`). :func:`check_item` holds a stored item
to its shape (an item read back from a damaged or crafted row is refused with one clear error, and the
other items are kept). :func:`hand_summary` is what the personal profile counts of a hand
(:mod:`mjlearn.coaching.profile`).
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import MjlearnError, shown
from ..notation import parse_hand
from ..rules.registry import get as _get_rules
from ..tiles import tile as _tile

__all__ = [
    "CATEGORIES",
    "MistakeError",
    "category_of",
    "check_item",
    "costly",
    "grade_choice",
    "hand_summary",
    "mistakes_of",
    "option_words",
]

CATEGORIES: dict[str, tuple[str, str]] = {
    "efficiency": ("牌效", "tile efficiency"),
    "fan_route": ("番种路线", "route to a fan"),
    "claim": ("吃碰与和牌", "claims and wins"),
    "kong": ("杠", "kongs"),
    "danger": ("放铳危险", "danger of dealing in"),
}
"""The categories of a costly decision, each (Chinese, English), in the order the views list them."""

ITEM_VERSION = 1
_MAX_OPTIONS = 40  # a discard's 14 tiles, a claim's handful: more is no table's
_MAX_TEXT = 2000


class MistakeError(MjlearnError, ValueError):
    """A stored mistake item that cannot be read (damaged, crafted or from another shape): the message
    names the field and what was expected, in both languages."""


def _error(en: str, zh: str) -> MistakeError:
    return MistakeError(f"mjlearn mistakes: {en}  （错题：{zh}）")


# -- costly decisions -------------------------------------------------------------------------


def _options_of(d: dict) -> list[dict]:
    """The rated options of a decision, each {option, win_chance, error, expected, live}."""
    out: dict[str, dict] = {}

    def add(option: str, chance, error, expected, live) -> None:
        if option and option not in out:
            out[option] = {
                "option": option,
                "win_chance": float(chance or 0),
                "error": float(error or 0),
                "expected": float(expected or 0),
                "live": int(live or 0),
            }

    if d.get("kind") == "discard" and "best" in d:
        add(f"discard {d['choice']}", d.get("win_chance"), d.get("error"), d.get("expected"), d.get("live"))
        add(
            f"discard {d['best']}",
            d.get("best_win_chance"),
            d.get("best_error"),
            d.get("best_expected"),
            d.get("best_live"),
        )
        for o in d.get("top") or ():
            add(f"discard {o['discard']}", o["win_chance"], o.get("win_chance_error"), o.get("expected"), o.get("live"))
    for e in (d.get("alternatives") or []) + (d.get("evals") or []):
        add(e["option"], e["win_chance"], e.get("error"), e.get("expected"), e.get("live"))
    return _ranked(list(out.values()), best_of(d))


def _key(e: dict) -> tuple:
    """The coach's order (as the table's rater ranks): chance to win, then value, then live useful tiles."""
    return (round(e["win_chance"], 9), round(e.get("expected", 0), 9), e.get("live", 0))


def _ranked(options: list[dict], best: str | None = None) -> list[dict]:
    """The coach's best first (its own order breaks ties the numbers kept here cannot), the rest by :func:`_key`."""
    rest = sorted((o for o in options if o["option"] != best), key=lambda e: tuple(-v for v in _key(e)))
    return [o for o in options if o["option"] == best][:1] + rest


def chosen(d: dict) -> str:
    """The learner's option of a rated decision as an option string (``"discard 5m"``, ``"pung"``...)."""
    kind = d.get("kind")
    if kind == "discard":
        return f"discard {d['choice']}"
    if kind == "kong":
        return f"kong {d['choice']}"
    if kind in ("win", "grab_gold", "on_deal"):
        return kind
    return str(d.get("choice", ""))


def best_of(d: dict) -> str:
    """The coach's best option of a rated decision."""
    if d.get("best_action"):
        return d["best_action"]
    if d.get("kind") == "discard":
        return f"discard {d.get('best')}"
    return d.get("best_claim", "")


def costly(d: dict) -> bool:
    """Whether a rated decision cost something (chance to win, useful tiles or value) against the
    coach's best, the chance lost outside the coach's stated error (the larger ± of the two options)."""
    if "cost_chance" not in d:
        return False
    by = {e["option"]: e for e in _options_of(d)}
    mine, best = by.get(chosen(d)), by.get(best_of(d))
    err = max((mine or {}).get("error", 0), (best or {}).get("error", 0))
    gap = d.get("cost_chance", 0)
    if 0 < gap <= err:  # about the same: no loss
        return False
    return gap > 1e-9 or d.get("cost_useful", 0) > 0 or d.get("cost_value", 0) > 0


def category_of(d: dict) -> str:
    """The category (a key of :data:`CATEGORIES`) of a rated decision."""
    kind, mine, best = d.get("kind"), chosen(d), best_of(d)
    if kind == "kong" or mine.startswith("kong") or best.startswith("kong"):
        return "kong"
    if kind != "discard" or best in ("win", "grab_gold", "on_deal"):
        return "claim"
    reason = d.get("reason") or {}
    if reason.get("danger"):
        return "danger"
    if reason.get("kind") == "route":
        return "fan_route"
    return "efficiency"


def mistakes_of(record: dict) -> list[dict]:
    """The costly decisions of a hand's annotated record (:meth:`PlayTable.record
    <mjlearn.widgets.play.PlayTable.record>`), each as a review item (see the module): a decision the coach
    could not rate, or whose position was not kept, is left out."""
    out = []
    for d in record.get("decisions") or ():
        if not costly(d) or not d.get("hand"):
            continue
        options = _options_of(d)
        mine, best = chosen(d), best_of(d)
        names = [o["option"] for o in options]
        if mine not in names or best not in names or len(options) < 2:
            continue
        reason = d.get("reason") or {}
        item = {
            "v": ITEM_VERSION,
            "rules": record.get("rules", ""),
            "seat": record.get("seat", ""),
            "prevalent_wind": record.get("prevalent_wind"),
            "n": int(d.get("n", 0)),
            "kind": d.get("kind"),
            "category": category_of(d),
            "hand": d["hand"],
            "tile": d.get("tile"),
            "choice": mine,
            "best": best,
            "options": options,
            "reason": {"zh": str(reason.get("zh", "")), "en": str(reason.get("en", ""))},
            "cost_chance": float(d.get("cost_chance", 0)),
            "cost_useful": int(d.get("cost_useful", 0)),
            "wall_left": d.get("wall_left"),
            "best_fans": [f.get("zh", "") + "|" + f.get("en", "") for f in d.get("best_fans") or ()][:4],
            "fans": [f.get("zh", "") + "|" + f.get("en", "") for f in d.get("fans") or ()][:4],
        }
        out.append(check_item(item))
    return out


# -- a stored item checked --------------------------------------------------------------------


def _text(item: dict, field: str, limit: int = _MAX_TEXT) -> str:
    v = item.get(field)
    if not isinstance(v, str) or len(v) > limit:
        raise _error(
            f"field {field!r} must be a text of at most {limit} characters, got {shown(v)}",
            f"字段 {field} 应是不超过 {limit} 个字符的文字，收到 {shown(v, zh=True)}",
        )
    return v


def _number(v: Any, field: str, low: float, high: float) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not low <= v <= high:
        raise _error(
            f"field {field!r} must be a number from {low:g} to {high:g}, got {shown(v)}",
            f"字段 {field} 应是 {low:g} 到 {high:g} 之间的数，收到 {shown(v, zh=True)}",
        )
    return float(v)


def check_item(item: Any) -> dict:
    """A mistake item held to its shape (see :func:`mistakes_of`) and returned normalised; a damaged or
    crafted one raises :class:`MistakeError` naming the field (an absurd hand, a choice that is not among
    the options, a chance outside 0-1, an unknown category...)."""
    if not isinstance(item, dict):
        raise _error(
            f"an item must be a JSON object, got {shown(item)}", f"错题应是 JSON 对象，收到 {shown(item, zh=True)}"
        )
    if item.get("v") != ITEM_VERSION:
        raise _error(
            f"item version {shown(item.get('v'))} is not {ITEM_VERSION} (written by another mjlearn)",
            f"错题格式版本 {shown(item.get('v'), zh=True)} 不是 {ITEM_VERSION}",
        )
    rules = _text(item, "rules", 40)
    try:
        _get_rules(rules)
    except (KeyError, ValueError, LookupError):
        raise _error(f"unknown rule set {shown(rules)}", f"没有这个规则：{shown(rules, zh=True)}") from None
    category = item.get("category")
    if category not in CATEGORIES:
        raise _error(
            f"category {shown(category)} is none of {', '.join(CATEGORIES)}",
            f"类别 {shown(category, zh=True)} 不是 {', '.join(CATEGORIES)} 之一",
        )
    text = _text(item, "hand", 200)
    try:
        hand = parse_hand(text)
    except ValueError as e:
        raise _error(
            f"the position {shown(text)} is not a hand: {str(e).splitlines()[0][:120]}",
            f"局面 {shown(text, zh=True)} 不是一手牌",
        ) from None
    n = sum(len(m.tiles[:3]) for m in hand.melds) + len(hand.concealed) + (hand.win_tile is not None)
    if n not in (13, 14):
        raise _error(
            f"the position {shown(text)} holds {n} tiles; a decision at the table has 13 or 14",
            f"局面 {shown(text, zh=True)} 有 {n} 张牌；牌桌上的决定是 13 或 14 张",
        )
    options = item.get("options")
    if not isinstance(options, list) or not 2 <= len(options) <= _MAX_OPTIONS:
        raise _error(
            f"'options' must be a list of 2 to {_MAX_OPTIONS} rated options, got {shown(options)}",
            f"options 应是 2 到 {_MAX_OPTIONS} 个选项的列表，收到 {shown(options, zh=True)}",
        )
    norm = []
    for k, o in enumerate(options):
        if not isinstance(o, dict):
            raise _error(f"options[{k}] must be an object, got {shown(o)}", f"options[{k}] 应是对象")
        norm.append(
            {
                "option": _text(o, "option", 40),
                "win_chance": _number(o.get("win_chance"), f"options[{k}].win_chance", 0, 1),
                "error": _number(o.get("error", 0), f"options[{k}].error", 0, 1),
                "expected": _number(o.get("expected", 0), f"options[{k}].expected", -1e6, 1e6),
                "live": int(_number(o.get("live", 0), f"options[{k}].live", 0, 144)),
            }
        )
    names = [str(o["option"]) for o in norm]
    if len(set(names)) != len(names):
        raise _error("an option is listed twice", "有选项重复")
    for field in ("choice", "best"):
        v = _text(item, field, 40)
        if v not in names:
            raise _error(
                f"{field} {shown(v)} is not among the options ({', '.join(names)})",
                f"{field} {shown(v, zh=True)} 不在选项之中",
            )
    for o in names:
        what, _, arg = o.partition(" ")
        if what == "discard" and not any(
            str(t) == arg for t in hand.concealed + ((hand.win_tile,) if hand.win_tile else ())
        ):
            raise _error(f"option {o!r} discards a tile the position does not hold", f"选项 {o} 打的牌不在手里")
    reason = item.get("reason")
    if not isinstance(reason, dict):
        raise _error("'reason' must be an object with zh and en", "reason 应含 zh 和 en")
    out = dict(item)
    out.update(
        rules=rules,
        hand=text,
        options=_ranked(norm, item["best"]),
        reason={"zh": _text(reason, "zh"), "en": _text(reason, "en")},
        cost_chance=_number(item.get("cost_chance", 0), "cost_chance", 0, 1),
        n=int(_number(item.get("n", 0), "n", 0, 10_000)),
    )
    for field in ("best_fans", "fans"):
        v = item.get(field, [])
        if not isinstance(v, list) or len(v) > 8 or not all(isinstance(s, str) and len(s) <= 80 for s in v):
            raise _error(f"{field!r} must be a short list of fan names", f"{field} 应是番名列表")
    return out


# -- choosing again ---------------------------------------------------------------------------


def option_words(option: str) -> tuple[str, str]:
    """An option in words (zh, en): ``discard 5m`` -> 打五万 / discard 5 of characters."""
    what, _, arg = option.partition(" ")
    calls = {
        "pass": ("不要", "pass"),
        "win": ("和", "win"),
        "pung": ("碰", "pung"),
        "chow": ("吃", "chow"),
        "kong": ("杠", "kong"),
        "draw": ("要最后一张牌", "take the last tile"),
        "on_deal": ("起手和", "on-deal win"),
        "grab_gold": ("抢金", "grab the gold"),
        "discard": ("打", "discard"),
    }
    zh, en = calls.get(what, (what, what))
    if arg:
        try:
            t = _tile(arg)
            return (
                f"{zh}{t.zh}" if what != "chow" else f"吃{t.zh}起",
                f"{en} {t.en}" if what != "chow" else f"chow from {t.en}",
            )
        except ValueError:
            return f"{zh} {arg}", f"{en} {arg}"
    return zh, en


def grade_choice(item: dict, choice: str) -> tuple[bool, int, list[tuple[str, str]]]:
    """The learner's new ``choice`` for a mistake item, graded by the coach's ranking: (right, its rank
    from 1, the explanation lines). Right is the coach's best, or an option the coach cannot tell from
    it (the same chance within its stated error, no fewer useful tiles); the choice that cost in the
    hand is never right."""
    options = item["options"]
    names = [o["option"] for o in options]
    if choice not in names:
        raise _error(
            f"{shown(choice)} is not one of the options ({', '.join(names)})",
            f"{shown(choice, zh=True)} 不是可选的操作",
        )
    best = next(o for o in options if o["option"] == item["best"])
    mine = next(o for o in options if o["option"] == choice)
    rank = 1 + options.index(mine)
    gap = best["win_chance"] - mine["win_chance"]
    same = choice == item["best"] or (0 <= gap <= max(best["error"], mine["error"]) and mine["live"] >= best["live"])
    right = same and choice != item["choice"]
    bz, be = option_words(item["best"])
    mz, me = option_words(choice)
    lines = [
        (
            f"你这次选{mz}：教练的排序里第 {rank} 位（共 {len(options)} 个选项），和牌机会 {mine['win_chance']:.0%}。",
            f"This time you chose {me}: number {rank} of {len(options)} in the coach's ranking, "
            f"{mine['win_chance']:.0%} to win.",
        ),
        (
            f"教练最佳：{bz}（和牌机会 {best['win_chance']:.0%}）。",
            f"The coach's best: {be} ({best['win_chance']:.0%} to win).",
        ),
    ]
    if item["reason"]["en"]:
        lines.append((item["reason"]["zh"], item["reason"]["en"]))
    if choice == item["choice"] and item.get("n"):  # a decision of the learner's own hand
        cz, ce = option_words(choice)
        lines.insert(
            0, (f"这正是那一局里让你吃亏的选择（{cz}）。", f"That is the choice that cost you in the hand ({ce}).")
        )
    return right, rank, lines


# -- what the profile counts of a hand --------------------------------------------------------


def hand_summary(record: dict, won: bool, dealt_in: bool, points: float, fans: list[str]) -> dict:
    """What the personal profile counts of one finished hand: its result (``won``, ``dealt_in``: a win
    on the learner's discard, ``points``: the learner's net payment, ``fans``: the fans of the learner's
    win, each ``"zh|en"``), and of its rated decisions how many agreed with the coach, what the costly
    ones cost by category and the fans the coach's choice aimed at where the learner's did not."""
    rated = [d for d in record.get("decisions") or () if "cost_chance" in d]
    costs: dict[str, float] = {}
    missed: list[str] = []
    agreed = 0
    for d in rated:
        if not costly(d):
            agreed += 1
            continue
        c = category_of(d)
        costs[c] = round(costs.get(c, 0.0) + float(d.get("cost_chance", 0)), 6)
        if c == "fan_route":
            mine = {f.get("en") for f in d.get("fans") or ()}
            missed += [  # the fan the coach's choice aimed at (6 points or more), not the small ones any win carries
                f"{f['zh']}|{f['en']}"
                for f in (d.get("best_fans") or ())
                if f.get("value", 0) >= 6 and f.get("en") not in mine
            ][:1]
    return {
        "v": ITEM_VERSION,
        "rules": record.get("rules", ""),
        "seat": record.get("seat", ""),
        "won": bool(won),
        "dealt_in": bool(dealt_in),
        "points": float(points),
        "fans": list(fans),
        "decisions": len(rated),
        "agreed": agreed,
        "costs": costs,
        "missed": missed,
    }
