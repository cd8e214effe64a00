"""Why the coach prefers one option to another, in one plain sentence in both languages, built from the
evaluation's own numbers.

:func:`explain` takes two options as the play table stores them (``option``, ``win_chance``, ``live``
useful tiles, ``shanten``, ``routes`` (the likeliest; ``route_keys``: the fans' keys of every route),
``expected``: :meth:`~mjlearn.widgets.play_rating.DecisionRater.option`
gives them for any decision, a discard's from :class:`~mjlearn.coaching.results.CoachOption` alike)
and returns a :class:`Reason`: what decided it, as a structured record (which route, which counts),
and the sentence made from the same numbers, so that a test can hold every word against the
evaluation. What decides, in this order:

* a **win** on offer: it is certain, the other option only a chance;
* the **route** (:class:`~mjlearn.coaching.results.Route`): the better option's most likely way to
  win (under MCR the fans that carry a win to 8 points). The other option keeps that route too but
  wins less often, or breaks it (its own likeliest route is named), or reaches no route at all;
* the **chance in all**: less often, about as often (the lead inside the larger simulated error, said
  so), or as often, when the expected value or the useful tiles decide (or the coach counts them as
  even);
* when no option reaches a win (under MCR, none of 8 points): the distance from ready and the
  **useful tiles** (live copies) it keeps;
* late in the hand (at most :data:`LATE` live tiles in the wall), for two discards that differ in
  how many copies of each are in sight (the less-seen with at most :data:`RISKY_SEEN`): the
  **danger** of letting the less-seen tile go. The coach's
  chance does not count it (the other players' wins are not modelled): the sentence says so.

"More useful tiles" is said only of the option that keeps strictly more live copies, and every count
quoted is the evaluation's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tiles import TILES
from ..tiles import tile as _tile

__all__ = ["LATE", "RISKY_SEEN", "SHOWN_FANS", "Reason", "explain", "option_words"]

LATE = 40
"""Live tiles left in the wall at which the coach's sentences start to mention the danger of a
discard (the strong computer player starts defending at the same point)."""


RISKY_SEEN = 2
"""A discard is called riskier only when at most this many of its copies are in sight (two or more
unseen copies an opponent may be waiting on)."""


def option_words(option: str) -> tuple[str, str]:
    """An option (``"discard 5m"``, ``"chow 3m"``, ``"pung"``, ``"kong 5m"``, ``"pass"``, ``"win"``...)
    in words (zh, en), tiles named."""
    what, _, arg = option.partition(" ")
    x = _tile(arg) if arg else None
    if what == "discard" and x is not None:
        return f"打{x.zh}", f"discarding {x.en}"
    if what == "chow" and x is not None:
        run = [TILES[x.index + k] for k in range(3)]
        return (
            f"吃{''.join(t.zh[:-1] for t in run)}{x.zh[-1]}",
            f"the chow {'-'.join(str(t.rank) for t in run)} {x.en.split(' ', 1)[1]}",
        )
    if what == "kong" and x is not None:
        return f"杠{x.zh}", f"the kong of {x.en}"
    words = {
        "pung": ("碰", "the pung"),
        "kong": ("杠", "the kong"),
        "pass": ("不要", "passing"),
        "win": ("和牌", "the win"),
        "grab_gold": ("抢金", "grabbing the gold"),
        "on_deal": ("报起手和", "declaring the on-deal win"),
        "draw": ("摸最后一张", "taking the last tile"),
    }
    return words.get(what, (option, option))


@dataclass(frozen=True)
class Reason:
    """What decided between two options, and the sentence that says it (``zh``, ``en``)."""

    kind: str
    """``"win"`` (a certain win), ``"route"`` (the other option breaks or misses the route),
    ``"chance"`` (both keep the route, one wins more often), ``"close"`` (both keep it, their chances
    differ by less than the simulation's error), ``"value"`` (the same chance, more
    value), ``"ready"`` (no win in reach: closer to ready or more useful tiles) or ``"same"``."""
    better: str
    """The option preferred (as an option string)."""
    other: str | None
    """The option it is set against (the learner's choice, or the runner-up), or None."""
    chances: tuple
    """(better, other) chances to win, as the evaluation gives them."""
    live: tuple
    """(better, other) live useful tiles."""
    shanten: tuple
    """(better, other) shanten after each option (-1: a win)."""
    route: dict | None = None
    """The better option's most likely route (``Route.to_dict()``), or None."""
    other_route: dict | None = None
    """The other option's most likely route, or None."""
    keeps_route: bool | None = None
    """Whether the other option's routes include the better's most likely route (None: no route)."""
    more_useful: str | None = None
    """The option said to keep more useful tiles (strictly more live copies), or None."""
    danger: dict | None = None
    """Late in the hand, two discards' copies in sight: ``{"wall", "riskier", "riskier_seen",
    "safer", "safer_seen"}`` (tiles as notation), or None."""
    within_error: bool = False
    """The better option's lead in chance is inside the larger simulated error (said so)."""
    zh: str = field(default="")
    en: str = field(default="")

    def __str__(self) -> str:
        return f"{self.zh} / {self.en}"

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "better": self.better,
            "other": self.other,
            "chances": list(self.chances),
            "live": list(self.live),
            "shanten": list(self.shanten),
            "route": self.route,
            "other_route": self.other_route,
            "keeps_route": self.keeps_route,
            "more_useful": self.more_useful,
            "danger": self.danger,
            "within_error": self.within_error,
            "zh": self.zh,
            "en": self.en,
        }


def _fan_keys(route: dict) -> tuple:
    return tuple(f["key"] for f in route["fans"])


SHOWN_FANS = 4
"""At most this many fans of a route are named; the rest are counted ("+ 2 more")."""


def _route_words(r: dict, unit: tuple) -> tuple[str, str]:
    fans = r["fans"][:SHOWN_FANS]
    rest = len(r["fans"]) - len(fans)
    zh = " + ".join(f["zh"] for f in fans) + (f" 等 {len(r['fans'])} 个番" if rest else "")
    en = " + ".join(f"{f['zh']} {f['en']}" for f in fans) + (f" + {rest} more" if rest else "")
    n = r["points"]
    uz, ue = unit
    ue = ue[:-1] if n == 1 and ue.endswith("s") else ue
    return f"{zh}（{n:g} {uz}）", f"{en}, {n:g} {ue}"


def _pct(p: float, digits: int = 1) -> str:
    """A chance in percent: one decimal, two below 0.1% (never 0.0% for a chance above 0)."""
    if 0 < p < 0.001 and digits < 2:
        digits = 2
    return f"{p:.{digits}%}"


def _pair(a: float, b: float) -> tuple[str, str]:
    """Two different chances in percent with enough decimals to tell them apart (at most four)."""
    for k in range(1, 5):
        if _pct(a, k) != _pct(b, k):
            return _pct(a, k), _pct(b, k)
    return _pct(a, 4), _pct(b, 4)


def _far_zh(s: int) -> str:
    """How far from ready in plain Chinese (the number is the shanten): 听牌了, 离听牌还差 2 张."""
    return "听牌了" if s <= 0 else f"离听牌还差 {s} 张"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def explain(
    better: dict,
    other: dict | None,
    *,
    mcr: bool = True,
    unit: tuple = ("番", "points"),
    wall: int | None = None,
    in_sight: dict | None = None,
    total: float | None = None,
) -> Reason:
    """The reason ``better`` is preferred to ``other`` (option dicts, see the module), in words.

    ``wall``: live tiles left in the wall, ``in_sight``: tile (notation) -> copies this seat sees
    (its own hand included), for the danger of a discard late in the hand. ``total``: the value of a
    win on offer (the rule set's total)."""
    bo, oo = better["option"], (other["option"] if other else None)
    bz, be = option_words(bo)
    oz, oe = option_words(oo) if oo else ("", "")
    pb, po = better["win_chance"], (other["win_chance"] if other else None)
    lb, lo = better.get("live", 0), (other.get("live", 0) if other else None)
    pof, lof = po or 0.0, lo or 0  # the other's chance and useful tiles as numbers (0 with no other)
    sb, so = better.get("shanten"), (other.get("shanten") if other else None)
    rb = (better.get("routes") or [None])[0]
    ro = (other.get("routes") or [None])[0] if other else None
    need = ("8 番", "8 points") if mcr else ("合法的和牌", "a legal win")
    base = {"better": bo, "other": oo, "chances": (pb, po), "live": (lb, lo), "shanten": (sb, so)}
    more = None
    within = False
    if bo in ("win", "grab_gold") and pb >= 1:
        kind = "win"
        v = "" if total is None else f"{total:g} "
        z = f"{bz}是现成的：{v}{unit[0]}到手" + (f"，{oz}只有 {_pct(pof)} 的机会以后再和" if oo else "")
        e = f"{be} is certain: {v}{unit[1]} now" + (
            f", against a {_pct(pof)} chance to win later after {oe}" if oo else ""
        )
        route = keeps = None
    elif rb is not None and pb > 0:
        route = rb
        rz, re_ = _route_words(rb, unit)
        z = f"{bz}保留了做成 {rz} 的路线（走这条路和牌的机会 {_pct(rb['chance'])}，总共 {_pct(pb)}）"
        e = f"{be} keeps the route to {re_} ({_pct(rb['chance'])} to win that way, {_pct(pb)} in all)"
        keeps = None
        if other is None:
            kind = "route"
        elif pof <= 0 or ro is None:
            kind, keeps = "route", False
            if lof > lb:
                more = oo
                z += f"；{oz}有用的牌更多（{lo} 张对 {lb} 张），但没有一条路能凑到 {need[0]}"
                e += f"; {oe} keeps more useful tiles ({lo} against {lb}) but no route reaches {need[1]}"
            else:
                z += f"；{oz}之后没有一条路能凑到 {need[0]}"
                e += f"; after {oe} no route reaches {need[1]}"
        else:
            keys = other.get("route_keys") or [_fan_keys(r) for r in other.get("routes") or ()]
            keeps = any(tuple(k) == _fan_keys(rb) for k in keys)
            kind, cz, ce, within = _compare(pb, pof, better, other)
            by = kind  # what decided between their chances in all
            if not keeps:
                kind = "route"
                oz2, oe2 = _route_words(ro, unit)
                z += f"；{oz}断了这条路，它最可能的路线是 {oz2}（{_pct(ro['chance'])}），{cz}"
                e += f"; {oe} breaks it: its likeliest route is {oe2} ({_pct(ro['chance'])}), and it {ce}"
            else:
                z += f"；{oz}也保留这条路，{cz}"
                e += f"; {oe} keeps it too and {ce}"
            if by == "same" and lb == lof:
                z += "，教练把两者算作一样好"
                e += ": the coach counts them as even"
            if by == "value":
                ub = unit[1]
                z += f"，但{bz}平均能得的更多（{better['expected']:.1f} 对 {other['expected']:.1f} {unit[0]}）"
                e += f", but {be} is worth more on average ({better['expected']:.1f} against {other['expected']:.1f} {ub})"
            if by != "value" and lof > lb:
                more = oo
                z += f"，虽然它有用的牌更多（{lo} 张对 {lb} 张）"
                e += f", though it keeps more useful tiles ({lo} against {lb})"
            elif by != "value" and lb > lof:
                more = bo
                z += f"，{bz}有用的牌也更多（{lb} 张对 {lo} 张）"
                e += f", and {be} keeps more useful tiles ({lb} against {lo})"
    else:
        route = keeps = None
        kind = "ready" if other is not None else "same"
        z = f"还没有一种选择能凑到 {need[0]} 的和牌" + ("（花牌不算）" if mcr else "")
        e = f"no choice reaches {need[1]} yet" + (" (flowers not counted)" if mcr else "")
        if sb is not None and sb >= 0:
            z += f"；{bz}之后{_far_zh(sb)}，有用的牌 {lb} 张"
            e += f"; {be} leaves the hand {sb} from ready with {lb} useful tiles"
        if other is not None and so is not None and sb is not None and so > sb:
            z += f"，{oz}之后{_far_zh(so)}"
            e += f", against {so} from ready after {oe}"
        elif other is not None and lb > lof:
            more = bo
            z += f"，比{oz}有用的牌更多（{lb} 张对 {lo} 张）"
            e += f": more useful tiles than {oe} ({lb} against {lo})"
            if so is not None and sb is not None and so < sb:
                z += f"，虽然{oz}之后" + ("就听牌了" if so <= 0 else f"离听牌只差 {so} 张")
                e += f", though {oe} leaves it {so} from ready"
        elif other is not None:
            kind = "same"
            z += f"，{oz}也一样"
            e += f", as {oe} does"
    danger = _danger(bo, oo, wall, in_sight)
    if danger:
        tz, te = _tile(danger["riskier"]), _tile(danger["safer"])
        z += (
            f"。牌局已近尾声（牌墙还剩 {danger['wall']} 张）：{tz.zh}看得到 {danger['riskier_seen']} 张，"
            f"{te.zh}看得到 {danger['safer_seen']} 张，打{tz.zh}更容易点炮（教练的机会没有算这一点）"
        )
        e += (
            f". Late in the hand ({danger['wall']} tiles left in the wall), {te.en} is safer to let go than "
            f"{tz.en}: {danger['safer_seen']} of its copies are in sight against {danger['riskier_seen']} "
            "(the coach's chance does not count this)"
        )
    return Reason(
        kind,
        route=route,
        other_route=ro if other is not None and po and po > 0 else None,
        keeps_route=keeps,
        more_useful=more,
        danger=danger,
        within_error=within,
        zh=z + "。",
        en=_cap(e) + ".",
        **base,
    )


def _compare(pb: float, po: float, better: dict, other: dict) -> tuple:
    """(kind, zh, en, within the error) of the two options' chances in all: less often, about as often
    (the difference inside the larger simulated error), or the same (then the value decides)."""
    xo, xb = _pair(po, pb)
    err = max(better.get("error", 0) or 0, other.get("error", 0) or 0)
    if pb > po + 1e-9 and pb - po <= err:
        return (
            "close",
            f"总的和牌机会差不多（{xo} 对 {xb}，在模拟的误差 ±{_pct(err)} 之内）",
            f"wins about as often in all ({xo} against {xb}, within the simulation's error of ±{_pct(err)})",
            True,
        )
    if pb > po + 1e-9:
        return "chance", f"但总的和牌机会更小（{xo} 对 {xb}）", f"wins less often in all ({xo} against {xb})", False
    kind = "value" if better.get("expected", 0) > other.get("expected", 0) + 1e-9 else "same"
    return kind, f"总的和牌机会相同（{_pct(po)}）", f"wins as often in all ({_pct(po)})", False


def _danger(bo: str, oo: str | None, wall, in_sight) -> dict | None:
    """Two discards late in the hand: the one with fewer copies in sight is the riskier to let go."""
    if wall is None or in_sight is None or wall > LATE or not oo:
        return None
    if not (bo.startswith("discard ") and oo.startswith("discard ")):
        return None
    tb, to = bo.split()[1], oo.split()[1]
    nb, no = in_sight.get(tb, 0), in_sight.get(to, 0)
    if nb == no:
        return None
    (r, rn), (s, sn) = ((tb, nb), (to, no)) if nb < no else ((to, no), (tb, nb))
    if rn > RISKY_SEEN:
        return None
    return {"wall": wall, "riskier": r, "riskier_seen": rn, "safer": s, "safer_seen": sn}
