"""The coach: for a 14-tile hand, every discard with its shanten, useful tiles, and chance to win.

``mjlearn.coach(hand, rules="mcr", seen=..., draws_left=..., **context)`` returns a :class:`Coaching`,
the candidate discards best first. Each :class:`CoachOption` gives

* ``discard``, ``shanten`` (of the 13 tiles left) and ``useful`` (tile -> live copies: 4 less the
  copies in the hand and in ``seen``, never negative), as :func:`mjlearn.discard_advice` counts them;
* ``win_chance``: the chance to complete a *winning* hand with the seat's own next ``draws_left``
  draws. Under MCR only wins of at least 8 points (flowers not counted) count; under another rule set
  the wins its scorer calls legal. Each completed hand is scored by the engine (``mjlearn.score``);
* ``fans``: the fans (other rule sets: the scoring items) the counted wins carry, most likely first,
  each with the share of the wins that carry it;
* ``expected``: the expected value of the hand, in the rule set's unit (``unit``): the total of each
  counted win times its chance, 0 for a loss;
* ``note``: in both languages, why the chance is 0 when it is (no draws left, wins under 8 points…).

How the chance is computed
--------------------------
The seat's draws come from the unseen tiles (the wall and the other hands: everything that is not in
the hand or in ``seen``), uniformly, without replacement. The hand is then played by one fixed policy:

1. a drawn tile that completes the hand into a winning hand wins (self-drawn: the completed hands are
   scored self-drawn, with the seat and round winds and flowers given, and 和绝张 when the three
   other copies are in sight);
2. a drawn tile that lowers the shanten is kept, and the tile discarded is one that keeps the lower
   shanten: when the hand becomes ready, the one leaving the most live winning tiles that make
   winning hands (ties: the most live winning tiles of any value, then the lowest tile); otherwise
   the least connected tile (3 per copy, 2 per copy of a suit neighbour, 1 per copy two ranks away,
   1 less for a terminal; ties: the lowest tile);
3. any other drawn tile is discarded. A ready hand keeps its wait.

Claims, kongs and the other players' wins are not modelled: the chance is that of winning by
one's own draws, with the tiles unseen now. The hands are read in the rule set's forms (MCR: all
five; another set: those it lists), with tiles as themselves: a wild tile given in the context
counts in the scoring of a completed hand, but the look-ahead does not use it as a wild.

*Exact* when the 13 tiles left are ready or one from ready (shanten 0 or 1): under this policy a
ready hand wins unless none of its live winning tiles is among the next draws, 1 - C(N-w, D)/C(N, D)
(N unseen tiles, w live winning tiles, D draws), and a hand one from ready first draws a useful tile
t at draw k, with the probability of k-1 non-useful draws before it, then waits from there with D-k
draws (no non-useful tile can be a winning tile of the ready hand it reaches, so the sum is exact).
``win_chance_error`` is 0 and ``method`` is ``"exact"``.

*Simulation* otherwise: ``trials`` seeded random draw orders (``seed``, the same orders for every
discard, so that their comparison is fair; a discard leaving the hand further from ready than the
best discard does gets the first quarter of them, at least 50) are played by the policy until the hand is ready, and
the exact chance of the ready hand with the draws and tiles left is averaged. ``win_chance_error``
is the standard error of that mean (sample standard deviation / sqrt(trials)); the true value
lies within two standard errors about 95 times in 100. ``method`` is ``"simulation"``.

Passing, claims, kongs and wins
-------------------------------
The same method rates the other decisions at the table, always from what the seat can see:

* *keeping* 13 tiles (passing on a discard, declining a win): :func:`standing` gives the chance of
  the 13 tiles as they stand with the seat's own ``draws_left`` draws, by the policy above (exact at
  shanten 0 or 1, simulated above, the same error);
* a *chow or pung* on a discard: the 14-tile hand with the new meld (the claimed tile no longer in
  sight) is coached as above, its best discard taken;
* a *kong* (concealed or added in one's own turn, melded on a discard): :func:`after_kong` makes the
  meld and rates the 13 tiles left (the kong counts as three) with **one draw more**, the
  replacement drawn from the end of the wall; the replacement is then played by the policy like
  any later draw. The completed hands are scored with the kong among the melds, so its fans
  (MCR: Melded Kong, Concealed Kong, Two Concealed Kongs, Two Melded Kongs...) count toward the 8
  points and the expected value, and the four kong tiles are out of the useful tiles and the
  waits. Not konging is the coach's best discard of the 14 tiles. Not modelled: a win on the
  replacement tile is scored as an ordinary self-drawn win (Out with Replacement Tile, 杠上开花, is not
  added), so a kong's chance and value are slightly under-estimated; a win robbing the added kong
  by another player is not counted, as no other player's win is. The replacement draw is played by
  the policy while the discard after not konging is the coach's best, which favours not konging by a
  little more; both errors are reported as for any other hand (0 when exact);
* a *legal win* offered: its chance is 1 and its value the rule set's total for it; declining it
  costs 1 less the chance of the hand kept (the best discard in one's own turn, the 13 tiles on a
  discard).

Speed: shanten, useful tiles, waits and the scores of completed hands are cached (the scores of the
hypothetical hands within a call and, bounded, across calls), so that one decision takes about a
tenth of a second to a second (``benchmarks/bench_coach.py`` prints the median and p95).

>>> import mjlearn as mj
>>> c = mj.coach("123m456p789s23sEN+E", draws_left=10)
>>> [str(o.discard) for o in c][:2]
['N', '2s']
>>> best = c[0]
>>> best.shanten, {str(t): n for t, n in best.useful.items()}, best.method
(0, {'1s': 4, '4s': 4}, 'exact')
"""

from __future__ import annotations

import math
import random as _random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from . import rules as _rules
from .analysis import _visible_counts, shanten_name
from .errors import ContextError, InvalidHandError, Problem
from .hand import Hand, Meld, MeldKind, WinContext, as_hand
from .i18n import both
from .mcr.fans import fan as _fan
from .mcr.profiles import PROFILES, Profile, get_profile
from .mcr.scorer import score as _mcr_score
from .shanten_core import (connectedness, honors_and_knitted_shanten_of_counts, knitted_straight_shanten_of_counts, near_tiles,
                           regular_shanten_of_counts, seven_pairs_shanten_of_counts, shanten_of_counts,
                           thirteen_orphans_shanten_of_counts, useful_tiles_of_counts, waits_of_counts)
from .shapes import Form
from .tiles import ORPHAN_INDICES as _ORPHANS, TILES, Tile

__all__ = ["coach", "standing", "after_kong", "Coaching", "CoachOption", "Standing", "LikelyFan", "DEFAULT_TRIALS",
           "MAX_TRIALS", "MAX_DRAWS_LEFT", "from_table", "clear_caches"]

DEFAULT_TRIALS = 200
"""Simulated draw orders per discard when the hand left is two or more from ready."""

MAX_TRIALS = 10_000
"""The most simulated draw orders asked for (about a second per discard; the error is then a
seventh of the default's)."""

MAX_DRAWS_LEFT = 144
"""The most draws left a seat can have: no wall holds more tiles (144 with the flowers)."""

_MCR_KEYWORDS = ("seat_wind", "prevalent_wind", "flowers")
_COACH_SETS = ("self_drawn", "discarder", "last_tile", "kong", "wall_last")
"""Context keywords the coach sets itself for each hypothetical win."""

_FORM_SHANTEN = {
    Form.REGULAR: regular_shanten_of_counts,
    Form.SEVEN_PAIRS: seven_pairs_shanten_of_counts,
    Form.THIRTEEN_ORPHANS: thirteen_orphans_shanten_of_counts,
    Form.HONORS_AND_KNITTED: honors_and_knitted_shanten_of_counts,
    Form.KNITTED_STRAIGHT: knitted_straight_shanten_of_counts,
}


# --- results ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LikelyFan:
    """A fan (MCR) or scoring item (other rule sets) that the counted wins of a discard carry."""

    key: str
    """The fan's number (MCR) or the item's key."""
    zh: str
    en: str
    value: int
    """Points of the fan (MCR) or value of the item in the rule set's item unit."""
    share: float
    """Share of the counted wins that carry it (0-1)."""

    def __str__(self) -> str:
        return f"{self.en} {self.zh} {self.share:.0%}"

    def to_dict(self) -> dict:
        return {"key": self.key, "zh": self.zh, "en": self.en, "value": self.value, "share": round(self.share, 4)}


class _Useful:
    """The useful-tile counts that a discard candidate and a kept hand both report."""

    useful: Mapping

    @property
    def live(self) -> int:
        """Live copies of all the useful tiles together."""
        return sum(self.useful.values())

    @property
    def kinds(self) -> int:
        """Kinds of useful tile."""
        return len(self.useful)


@dataclass(frozen=True)
class CoachOption(_Useful):
    """One discard of a 14-tile hand, as the coach sees it."""

    discard: Tile
    """The tile to discard."""
    shanten: int
    """Shanten of the 13 tiles left (0 ready)."""
    useful: Mapping
    """Tile -> live copies, for each tile that lowers that shanten (the waits when ready), in tile order."""
    win_chance: float
    """Chance (0-1) to complete a winning hand with one's own next ``draws_left`` draws (see the module)."""
    win_chance_error: float
    """Standard error of ``win_chance``: 0 when exact, the simulation's standard error otherwise."""
    method: str
    """``"exact"`` (shanten 0 or 1), ``"simulation"`` (shanten 2 or more) or ``"none"`` (no draws left)."""
    trials: int
    """Simulated draw orders (0 when exact)."""
    fans: tuple
    """:class:`LikelyFan` of the counted wins, most likely first."""
    expected: float
    """Expected value of the hand in ``unit``: each counted win's total times its chance."""
    unit: tuple
    """(zh, en) unit of ``expected``."""
    note: tuple | None = None
    """(zh, en): why the chance is 0, when it is; None otherwise."""
    rules: str = field(default="mcr", repr=False)
    """The rule set (or MCR profile) name."""

    def __str__(self) -> str:
        zh, en = shanten_name(self.shanten)
        tiles = " ".join(f"{t}x{n}" for t, n in self.useful.items()) or "-"
        chance = f"{self.win_chance:.1%}"
        if self.method == "simulation":
            chance += f" ± {self.win_chance_error:.1%}"
        how = {"exact": both("精确", "exact"), "simulation": both("模拟", "simulated"), "none": "-"}[self.method]
        fans = ", ".join(f"{both(f.zh, f.en)} {f.share:.0%}" for f in self.fans[:4])
        out = (f"{both('打', 'discard')} {self.discard}: {both(zh, en)}, "
               f"{both(f'进张 {self.kinds} 种 {self.live} 张', f'{self.kinds} useful kind{_s(self.kinds)}, {self.live} live')}: "
               f"{tiles}; {both('和牌机会', 'chance to win')} {chance} ({how})")
        if fans:
            out += f"; {both('可能的番种', 'likely')}: {fans}"
        if self.note:
            out += f"; {both(*self.note)}"
        return out

    def _repr_html_(self) -> str:
        return _table_html((self,), self.rules, self.unit)

    def to_dict(self) -> dict:
        return {
            "discard": str(self.discard), "shanten": self.shanten,
            "useful": {str(t): n for t, n in self.useful.items()}, "live": self.live,
            "win_chance": round(self.win_chance, 6), "win_chance_error": round(self.win_chance_error, 6),
            "method": self.method, "trials": self.trials,
            "fans": [f.to_dict() for f in self.fans],
            "expected": round(self.expected, 4), "unit": {"zh": self.unit[0], "en": self.unit[1]},
            "note": None if self.note is None else {"zh": self.note[0], "en": self.note[1]},
        }


@dataclass(frozen=True)
class Standing(_Useful):
    """A 13-tile hand that keeps its tiles (after passing, or after a kong before its replacement
    draw), as the coach sees it: :func:`standing` and :func:`after_kong`."""

    hand: Hand
    shanten: int
    useful: Mapping
    """Tile -> live copies, for each tile that lowers the shanten (the waits when ready)."""
    win_chance: float
    win_chance_error: float
    method: str
    trials: int
    fans: tuple
    expected: float
    unit: tuple
    note: tuple | None
    rules: str
    draws_left: int
    """The draws counted: after a kong, the replacement draw and the seat's own draws."""
    unseen: int
    kong: str | None = None
    """``"concealed"``, ``"added"`` or ``"melded"`` for :func:`after_kong`; None otherwise."""

    def __str__(self) -> str:
        zh, en = shanten_name(self.shanten)
        tiles = " ".join(f"{t}x{n}" for t, n in self.useful.items()) or "-"
        chance = f"{self.win_chance:.1%}"
        if self.method == "simulation":
            chance += f" ± {self.win_chance_error:.1%}"
        head = {None: both("保留这手牌", "keep the hand"), "concealed": both("暗杠之后", "after the concealed kong"),
                "added": both("加杠之后", "after the added kong"), "melded": both("明杠之后", "after the melded kong")}
        out = (f"{head[self.kong]} {self.hand}: {both(zh, en)}, "
               f"{both(f'进张 {self.kinds} 种 {self.live} 张', f'{self.kinds} useful kind{_s(self.kinds)}, {self.live} live')}: "
               f"{tiles}; {both('和牌机会', 'chance to win')} {chance}; "
               f"{both(f'期望 {self.expected:.1f} {self.unit[0]}', f'expected {self.expected:.1f} {self.unit[1]}')}")
        fans = ", ".join(f"{both(f.zh, f.en)} {f.share:.0%}" for f in self.fans[:4])
        if fans:
            out += f"; {both('可能的番种', 'likely')}: {fans}"
        if self.note:
            out += f"; {both(*self.note)}"
        return out

    def to_dict(self) -> dict:
        return {
            "hand": str(self.hand), "kong": self.kong, "shanten": self.shanten,
            "useful": {str(t): n for t, n in self.useful.items()}, "live": self.live,
            "win_chance": round(self.win_chance, 6), "win_chance_error": round(self.win_chance_error, 6),
            "method": self.method, "trials": self.trials, "draws_left": self.draws_left, "unseen": self.unseen,
            "fans": [f.to_dict() for f in self.fans],
            "expected": round(self.expected, 4), "unit": {"zh": self.unit[0], "en": self.unit[1]},
            "note": None if self.note is None else {"zh": self.note[0], "en": self.note[1]},
        }


@dataclass(frozen=True, eq=False)
class Coaching(Sequence):
    """The candidate discards of a 14-tile hand, best first (a sequence of :class:`CoachOption`):
    highest chance to win, then highest expected value, lowest shanten, most live useful tiles."""

    hand: Hand
    rules: str
    """The rule set (or MCR profile) name."""
    draws_left: int
    unseen: int
    """Tiles the seat cannot see (the wall and the other hands)."""
    options: tuple
    complete: bool = False
    """The 14 tiles already make a winning hand (declare it rather than discard)."""
    unit: tuple = ("分", "points")
    seen: tuple = field(default=(), repr=False)

    @property
    def best(self) -> CoachOption:
        return self.options[0]

    def __getitem__(self, i):
        return self.options[i]

    def __len__(self) -> int:
        return len(self.options)

    def __repr__(self) -> str:
        return f"<Coaching for {str(self.hand)!r}: best {self.best.discard}>"

    def __str__(self) -> str:
        head = (f"{both('教练', 'Coach')}: {self.hand} · {self.rules} · "
                f"{both(f'还能摸 {self.draws_left} 张', f'{self.draws_left} draws left')} · "
                f"{both(f'未见 {self.unseen} 张', f'{self.unseen} unseen tiles')}")
        lines = [head]
        if self.complete:
            lines.append(both("已经和牌：可以宣布和了。", "Already a winning hand: declare the win."))
        lines += [str(o) for o in self.options]
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"hand": str(self.hand), "rules": self.rules, "draws_left": self.draws_left,
                "unseen": self.unseen, "complete": self.complete,
                "unit": {"zh": self.unit[0], "en": self.unit[1]},
                "options": [o.to_dict() for o in self.options]}

    def _repr_html_(self) -> str:
        from .render import svg
        note = both(f"还能摸 {self.draws_left} 张，未见 {self.unseen} 张",
                    f"{self.draws_left} draws left, {self.unseen} tiles unseen")
        if self.complete:
            note += " · " + both("已经和牌：可以宣布和了", "already a winning hand: declare the win")
        return (f'<div style="max-width:100%;overflow-x:auto">{svg.inline_html(svg.hand_svg(self.hand, width=30))}'
                f"<p>{escape(note)}</p>{_table_html(self.options, self.rules, self.unit)}</div>")


def _table_html(options, rules: str, unit) -> str:
    """The options as an HTML table: tiles drawn, headers in both languages."""
    from .render import svg

    def tile(t, w=26):
        return svg.inline_html(svg.tile_svg(t, width=w))

    rows = []
    for k, o in enumerate(options):
        zh, en = shanten_name(o.shanten)
        useful = "".join(
            f'<span style="display:inline-block;text-align:center;margin:0 2px 2px 0">{tile(t, 20)}'
            f"<br><small>{n}</small></span>" for t, n in o.useful.items())
        chance = f"<b>{o.win_chance:.1%}</b>"
        if o.method == "simulation":
            chance += f"<br><small>± {o.win_chance_error:.1%}</small>"
        how = {"exact": both("精确", "exact"), "simulation": both("模拟", "simulated"), "none": "-"}[o.method]
        fans = "<br>".join(f"{escape(both(f.zh, f.en))} <small>{f.share:.0%}</small>" for f in o.fans[:4])
        if o.note:
            fans = (fans + "<br>" if fans else "") + f"<small>{escape(both(*o.note))}</small>"
        style = ' style="background:#e8f4ea"' if k == 0 and len(options) > 1 else ""
        rows.append(
            f"<tr{style}><td>{tile(o.discard, 30)}</td><td><b>{o.shanten}</b> {escape(both(zh, en))}</td>"
            f'<td><div style="display:flex;flex-wrap:wrap;max-width:330px">{useful}</div></td>'
            f"<td><b>{o.live}</b></td><td>{chance}<br><small>{escape(how)}</small></td>"
            f"<td>{o.expected:.1f}</td><td>{fans}</td></tr>")
    fan_head = both("可能的番种", "Likely fans") if rules.startswith("mcr") else \
        both("可能的计分项", "Likely scoring items")
    heads = [both("打出", "Discard"), both("向听", "Shanten"), both("进张（余张）", "Useful tiles (live)"),
             both("余张合计", "Live"), both("和牌机会", "Chance to win"),
             both(f"期望（{unit[0]}）", f"Expected ({unit[1]})"), fan_head]
    return ('<table style="max-width:100%"><tr>' + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>"
            + "".join(rows) + "</table>")


def _short(value) -> str:
    """``repr`` of a value in an error, cut to 40 characters (a number of a hundred digits stays readable)."""
    r = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else f"a number of {len(str(abs(value)))} digits"
    return r if len(r) <= 40 else r[:40] + "..."


def _s(n: int) -> str:
    return "" if n == 1 else "s"


# --- input ---------------------------------------------------------------------------------------------

def _seen_counts(seen) -> list[int]:
    """34 counts of ``seen``: None, notation, tiles, or a mapping tile -> count."""
    if isinstance(seen, Mapping):
        c = [0] * 34
        for t, n in seen.items():
            tiles = _visible_counts([t])
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidHandError(f"seen counts must be whole numbers of at least 0, got {n!r} for {t!r}"
                                       f"  （见过的张数要写 0 或更大的整数，{t} 写了 {n!r}）")
            for i, k in enumerate(tiles):
                c[i] += k * n
        return c
    return _visible_counts(seen)


# --- scoring of hypothetical wins, cached ------------------------------------------------------------

_SCORE_CACHE: dict = {}
_SCORE_CACHE_MAX = 200_000


class _Judge:
    """Scores completed hands for one rule set and context: (legal, total, items) per hand, cached."""

    def __init__(self, rules, context: dict, hand: Hand, seen):
        self.melds = hand.melds
        self.flowers = hand.flowers
        self.seen = seen
        shown = list(seen)
        mc = [0] * 34
        for m in hand.melds:
            for t in m.tiles:
                mc[t.index] += 1
        self.meld_counts = mc
        for m in hand.melds:
            if m.is_exposed:
                for t in m.tiles:
                    shown[t.index] += 1
        self.shown = shown
        if isinstance(rules, Profile) or (isinstance(rules, str) and rules.lower() in PROFILES):
            self.mcr = True
            self.profile = get_profile(rules.lower() if isinstance(rules, str) else rules)
            self.name = self.profile.name
        else:
            rs = _rules.get(rules)
            if rs.name in PROFILES:
                self.mcr = True
                self.profile = get_profile(rs.opt("profile"))
                self.name = self.profile.name
            else:
                self.mcr = False
                self.rs = rs
                self.name = rs.name
        if self.mcr:
            self.unit = ("分", "points")
            bad = [k for k in context if k not in _MCR_KEYWORDS]
            if bad:
                raise ContextError(
                    f"the coach takes the MCR context keywords {', '.join(_MCR_KEYWORDS)}; "
                    f"{', '.join(map(repr, bad))} "
                    + ("is set by the coach for each hypothetical win (self-drawn, 和绝张 from the tiles in sight)"
                       if all(k in _COACH_SETS for k in bad) else "is not one of them")
                    + f"  （教练只用这些国标和牌情况：{'、'.join(_MCR_KEYWORDS)}；{'、'.join(bad)} "
                    + ("由教练为每种假想的和牌自己设定" if all(k in _COACH_SETS for k in bad) else "不在其中") + "）",
                    accepted=_MCR_KEYWORDS)
            try:
                WinContext(self_drawn=True, **context)
            except InvalidHandError as e:
                raise ContextError(str(e), accepted=_MCR_KEYWORDS) from None
            self.forms = None
        else:
            rs = self.rs
            self.unit = rs.unit
            names = rs.context_names
            owned = [k for k in context if k in _COACH_SETS]
            if owned:
                raise ContextError(f"{', '.join(map(repr, owned))}: the coach sets these itself for each "
                                   f"hypothetical win (self-drawn)  （{'、'.join(owned)} 由教练为每种假想的和牌自己设定）",
                                   accepted=tuple(n for n in names if n not in _COACH_SETS))
            rs.check_tiles(Hand(hand.melds, hand.concealed, hand.win_tile, hand.flowers))
            context = dict(context)
            if "self_drawn" in names:
                context["self_drawn"] = True
            rs.make_context(context)            # unknown keywords and bad values: a ContextError now
            self.forms = tuple(f for f in rs.forms if f in _FORM_SHANTEN)
        self.context = context
        self.key = (self.name, tuple(sorted((k, repr(v)) for k, v in context.items())), hand.melds, hand.flowers)

    def judge(self, c14: bytes, win: int):
        """(legal, total, items) of the concealed counts ``c14`` (winning tile ``win`` included)."""
        key = (self.key, c14, win, self.shown[win] >= 3)
        got = _SCORE_CACHE.get(key)
        if got is not None:
            return got
        concealed = [TILES[i] for i in range(34) for _ in range(c14[i])]
        concealed.remove(TILES[win])
        hand = Hand(self.melds, tuple(concealed), TILES[win], self.flowers)
        last = self.shown[win] >= 3
        got = self._score(hand, last)
        if len(_SCORE_CACHE) > _SCORE_CACHE_MAX:
            _SCORE_CACHE.clear()
        _SCORE_CACHE[key] = got
        return got

    def _score(self, hand, last):
        ctx = dict(self.context)
        if self.mcr:
            ctx["self_drawn"] = True
            if last:
                ctx["last_tile"] = True
            try:
                r = _mcr_score(hand, profile=self.profile, **ctx)
            except InvalidHandError:
                if not last:
                    raise
                return self._score(hand, False)
            if not r.legal:
                return (False, r.total - r.flowers, ())
            pts = self.profile.points
            items = tuple(sorted(((f, n) for f, n in r.fan_counts().items() if f != 81),
                                 key=lambda kv: (-pts[kv[0]], kv[0])))
            return (True, r.total, items)
        if last and "last_tile" in self.rs.context_names:
            ctx["last_tile"] = True
        try:
            r = self.rs.score(hand, **ctx)
        except InvalidHandError:
            if ctx.get("last_tile"):
                ctx.pop("last_tile")
                return self._fallback(hand, ctx)
            return (False, 0, ())
        return _regional(r)

    def _fallback(self, hand, ctx):
        try:
            return _regional(self.rs.score(hand, **ctx))
        except InvalidHandError:
            return (False, 0, ())

    def item_names(self, key):
        """(key, zh, en, value) of an item key as stored in ``judge`` results."""
        if self.mcr:
            f = _fan(key)
            return (str(key), f.zh, f.en, self.profile.points[key])
        return key


def _regional(r):
    if not r.legal:
        return (False, r.total if isinstance(r.total, (int, float)) else 0, ())
    items = tuple(((i.key, i.zh, i.en, i.value), i.count) for i in r.items)
    total = r.total if isinstance(r.total, (int, float)) else 0
    return (True, total, items)


# --- the hand analysis the look-ahead needs, cached by counts ----------------------------------------

_SHANTEN: dict = {}
_USEFUL: dict = {}
_WAITS: dict = {}


class _Shapes:
    """Shanten, useful tiles and waits over the rule set's forms, for a fixed number of melds."""

    def __init__(self, n_melds: int, forms, kinds: tuple):
        self.n = n_melds
        self.forms = forms
        self.kinds = kinds
        self.tag = (n_melds, forms, kinds)
        self.kind_set = frozenset(kinds)
        self.form_fns = tuple((f, _FORM_SHANTEN[f]) for f in (forms or tuple(_FORM_SHANTEN)))
        if forms is None:
            self.fn = shanten_of_counts
        else:
            fns = [_FORM_SHANTEN[f] for f in forms]

            def fn(c, n, fns=fns):
                return min(v for v in (f(c, n) for f in fns) if v is not None)
            self.fn = fn

    def shanten(self, c) -> int:
        key = (self.tag, bytes(c))
        s = _SHANTEN.get(key)
        if s is None:
            s = self.fn(c, self.n)
            if len(_SHANTEN) > 500_000:
                _SHANTEN.clear()
            _SHANTEN[key] = s
        return s

    def useful(self, c) -> tuple:
        """Kinds of the set whose draw lowers the shanten of the 13 counts ``c`` (copies held ignored:
        the look-ahead only draws live tiles). Only the forms at the hand's shanten can go lower, so
        only their candidate tiles are tried: tiles near the hand for the regular form, the odd
        counts for seven pairs, the orphans for thirteen orphans, every kind for the knitted forms."""
        key = (self.tag, bytes(c))
        u = _USEFUL.get(key)
        if u is None:
            s = self.shanten(c)
            c = list(c)
            if s == 0:
                out = [t for t in self.waits(c) if t in self.kinds]
            else:
                n = self.n
                found: set = set()
                for form, f in self.form_fns:
                    v = f(c, n)
                    if v is None or v != s:
                        continue
                    if form is Form.REGULAR:
                        cand = near_tiles(c, self.kinds)
                    elif form is Form.SEVEN_PAIRS:
                        cand = [t for t in self.kinds if c[t] & 1]
                    elif form is Form.THIRTEEN_ORPHANS:
                        cand = [t for t in _ORPHANS if t in self.kind_set]
                    else:
                        cand = self.kinds
                    for t in cand:
                        if t in found:
                            continue
                        c[t] += 1
                        if f(c, n) < s:
                            found.add(t)
                        c[t] -= 1
                out = sorted(found)
            u = tuple(out)
            if len(_USEFUL) > 200_000:
                _USEFUL.clear()
            _USEFUL[key] = u
        return u

    def waits(self, c) -> tuple:
        """Winning tiles of the ready 13 counts ``c`` in the rule set's forms."""
        key = (self.tag, bytes(c))
        w = _WAITS.get(key)
        if w is None:
            w = waits_of_counts(list(c), self.n)
            if self.forms is not None:
                c = list(c)
                keep = []
                for t in w:
                    c[t] += 1
                    if self.fn(c, self.n) < 0:
                        keep.append(t)
                    c[t] -= 1
                w = keep
            w = tuple(w)
            if len(_WAITS) > 200_000:
                _WAITS.clear()
            _WAITS[key] = w
        return w


# --- the look-ahead -----------------------------------------------------------------------------------

def _no_win(n: int, w: int, m: int) -> float:
    """Chance that ``m`` draws without replacement from ``n`` tiles miss all ``w`` winning ones."""
    if w <= 0 or m <= 0:
        return 1.0
    if m > n - w:
        return 0.0
    p = 1.0
    for i in range(m):
        p *= (n - w - i) / (n - i)
    return p


class _Lookahead:
    """The policy of the module docstring, exact for shanten 0 and 1, simulated above."""

    def __init__(self, shapes: _Shapes, judge: _Judge):
        self.shapes = shapes
        self.judge = judge
        self._legal: dict = {}
        self._ready: dict = {}
        self._improve: dict = {}
        self._useful_sets: dict = {}
        self.visited: set = set()                # the ready hands met for the current discard

    def legal_waits(self, key: bytes) -> tuple:
        """((tile, legal, total, items), ...) of the ready 13 counts ``key``."""
        got = self._legal.get(key)
        if got is None:
            c = bytearray(key)
            out = []
            held = self.judge.meld_counts
            for t in self.shapes.waits(c):
                if c[t] + held[t] >= 4:          # a formal wait: no copy can be drawn
                    continue
                c[t] += 1
                legal, total, items = self.judge.judge(bytes(c), t)
                c[t] -= 1
                out.append((t, legal, total, items))
            got = tuple(out)
            self._legal[key] = got
        return got

    def useful_set(self, key: bytes) -> frozenset:
        got = self._useful_sets.get(key)
        if got is None:
            got = self._useful_sets[key] = frozenset(self.shapes.useful(key))
        return got

    def win_tiles(self, key: bytes) -> tuple:
        self.visited.add(key)
        return tuple(t for t, legal, _, _ in self.legal_waits(key) if legal)

    # shanten 0
    def ready(self, key: bytes, pool, n: int, d: int, weight: float, acc: dict | None) -> float:
        waits = [(t, pool[t]) for t in self.win_tiles(key) if pool[t] > 0]
        w = sum(k for _, k in waits)
        p = 1.0 - _no_win(n, w, d)
        if acc is not None and p > 0:
            for t, k in waits:
                acc[(key, t)] = acc.get((key, t), 0.0) + weight * p * k / w
        return p

    def _ready_choices(self, key1: bytes, t: int) -> tuple:
        """The ready hands reachable by keeping ``t`` in the 13 counts ``key1``: ((discard, key0), ...)."""
        k = (key1, t)
        got = self._ready.get(k)
        if got is None:
            c = bytearray(key1)
            c[t] += 1
            out = []
            for d in range(34):
                if c[d] and d != t:
                    c[d] -= 1
                    if self.shapes.shanten(c) == 0:
                        out.append((d, bytes(c)))
                    c[d] += 1
            got = tuple(out)
            self._ready[k] = got
        return got

    def choose_ready(self, key1: bytes, t: int, pool) -> bytes:
        """Policy step 2 when the hand becomes ready (``pool`` already without ``t``)."""
        best = None
        for d, key0 in self._ready_choices(key1, t):
            w = sum(pool[x] for x in self.win_tiles(key0))
            anyw = sum(pool[x] for x in self.shapes.waits(key0))
            rank = (w, anyw, -d)
            if best is None or rank > best[0]:
                best = (rank, key0)
        return best[1]

    # shanten 1
    def one_away(self, key: bytes, pool, n: int, d: int, weight: float, acc: dict | None) -> float:
        useful = [(t, pool[t]) for t in self.shapes.useful(key) if pool[t] > 0]
        if not useful or d < 2:
            return 0.0
        m = n - sum(k for _, k in useful)
        # a[j]: chance that the first j draws are all non-useful
        a = [1.0]
        for j in range(1, d):
            a.append(a[-1] * (m - j + 1) / (n - j + 1) if m - j + 1 > 0 else 0.0)
        s_of: dict = {}
        total = 0.0
        for t, k in useful:
            pool[t] -= 1
            key0 = self.choose_ready(key, t, pool)
            wins = [(x, pool[x]) for x in self.win_tiles(key0) if pool[x] > 0]
            w = sum(x for _, x in wins)
            pool[t] += 1
            s = s_of.get(w)
            if s is None:
                # sum over k of a[k-1]/(n-k+1) * (1 - no_win(n-k, w, d-k)), no_win by recurrence from k = d
                s = 0.0
                r = 1.0
                for kk in range(d, 0, -1):
                    if kk < d:
                        r = r * (n - kk - w) / (n - kk) if n - kk - w > 0 else 0.0
                    s += a[kk - 1] / (n - kk + 1) * (1.0 - r)
                s_of[w] = s
            p_t = k * s
            total += p_t
            if acc is not None and p_t > 0:
                for x, kx in wins:
                    acc[(key0, x)] = acc.get((key0, x), 0.0) + weight * p_t * kx / w
        return total

    def improve(self, c14: bytearray, s_after: int) -> int:
        """Policy step 2 above one from ready: the least connected tile keeping the lower shanten."""
        key = bytes(c14)
        got = self._improve.get(key)
        if got is None:
            best = None
            for d in range(34):
                if c14[d]:
                    c14[d] -= 1
                    ok = self.shapes.shanten(c14) == s_after
                    c14[d] += 1
                    if ok:
                        rank = (connectedness(c14, d), d)
                        if best is None or rank < best[0]:
                            best = (rank, d)
            got = best[1]
            self._improve[key] = got
        return got

    def simulate(self, c13: bytes, s: int, pool, n: int, d: int, orders: list, acc: dict):
        """(mean, standard error) over the draw ``orders``, each played until ready and then finished
        exactly."""
        trials = len(orders)
        values = []
        w = 1.0 / trials
        useful_of = self.useful_set
        for draws in orders:
            c = bytearray(c13)
            cur = s
            useful = useful_of(c13)
            left = list(pool)
            v = 0.0
            for k, t in enumerate(draws):
                left[t] -= 1
                if t not in useful:
                    continue
                if cur == 1:
                    key0 = self.choose_ready(bytes(c), t, left)
                    v = self.ready(key0, left, n - k - 1, d - k - 1, w, acc)
                    break
                c[t] += 1
                c[self.improve(c, cur - 1)] -= 1
                cur -= 1
                useful = useful_of(bytes(c))
            values.append(v)
        mean = sum(values) / trials
        if trials > 1:
            var = sum((x - mean) ** 2 for x in values) / (trials - 1)
            err = math.sqrt(var / trials)
        else:
            err = 0.0
        return mean, err


# --- the door -------------------------------------------------------------------------------------------

def coach(hand, rules="mcr", *, seen=None, draws_left=None, trials=None, seed=0, **context) -> Coaching:
    """Every discard of a 14-tile hand with its shanten, useful tiles, chance to win and likely fans,
    best first. See the module docstring for the method and its error.

    ``hand``: notation or a :class:`~mjlearn.hand.Hand` of 14 tiles (melds allowed; kongs count as
    three). ``rules``: ``"mcr"`` (default), an MCR profile, or any registered rule set.
    ``seen``: the tiles this seat can see besides its own hand (the discards on the table, the other
    players' exposed melds), as notation, tiles, or a mapping tile -> count.
    ``draws_left``: the seat's own draws still to come (default: a quarter of the unseen tiles
    beyond three 13-tile hands). ``trials``: simulated draw orders per discard when the hand left is
    two or more from ready (default :data:`DEFAULT_TRIALS`); ``seed`` fixes them.
    ``context``: the rule set's keywords for a win (MCR: ``seat_wind``, ``prevalent_wind``,
    ``flowers``); ``self_drawn``, ``last_tile`` and the like are set by the coach.
    At a table, :func:`from_table` gives all of these for a seat: ``coach(**from_table(table, seat))``.
    """
    hand = as_hand(hand)
    if hand.tile_count != 14:
        raise InvalidHandError(
            f"the coach advises a 14-tile hand (13 and the tile just drawn; kongs count as three); "
            f"{str(hand)!r} has {hand.tile_count}"
            f"  （教练看的是 14 张的手牌（13 张加刚摸的一张，杠算 3 张）；这手牌有 {hand.tile_count} 张）", str(hand))
    seen_c, held, judge, pool, n, d, draws_left, trials, shapes, look = _setup(
        hand, rules, seen, draws_left, trials, context)
    n_melds = len(hand.melds)
    counts = list(hand.counts)
    complete = shapes.shanten(counts) < 0
    if complete and hand.win_tile is not None:
        complete = judge.judge(bytes(counts), hand.win_tile.index)[0]
    elif complete:
        complete = any(judge.judge(bytes(counts), t)[0] for t in range(34) if counts[t])

    orders: list = []
    options = []
    kept = [x for x in range(34) if counts[x]]
    after = {}
    for x in kept:
        counts[x] -= 1
        after[x] = shapes.shanten(counts)
        counts[x] += 1
    best_s = min(after.values())
    for x in kept:
        counts[x] -= 1
        c13 = bytes(counts)
        s = after[x]
        held13 = list(held)
        held13[x] -= 1
        useful = _useful_live(shapes, judge, counts, s, n_melds, held13, held, seen_c)
        counts[x] += 1
        # a discard that leaves the hand further from ready than the best one gets a quarter of the
        # draw orders (its larger error is reported)
        share = trials if s == best_s else min(trials, max(50, trials // 4))
        p, err, method, used, acc = _evaluate(look, c13, s, pool, n, d, orders, share, trials, seed)
        fans, expected = _summarise(acc, judge, p)
        note = _note(p, s, d, look, judge, method)
        options.append(CoachOption(TILES[x], s, useful, p, err, method, used, fans, expected, judge.unit, note,
                                   judge.name))
    options.sort(key=lambda o: (-round(o.win_chance, 9), -round(o.expected, 9), o.shanten, -o.live, -o.kinds,
                                o.discard.index))
    return Coaching(hand, judge.name, draws_left, n, tuple(options), complete, judge.unit, tuple(seen_c))


def _useful_live(shapes, judge, counts, s: int, n_melds: int, held13, held, seen_c) -> dict:
    """Tile -> live copies of the useful tiles of the 13 counts ``counts`` (``held13``: every tile the
    13-tile hand holds, melds included; ``held``: what the seat holds now, counted out of the live copies)."""
    if judge.mcr:
        use = useful_tiles_of_counts(list(counts), n_melds, all_counts=list(held13))
    else:
        use = [t for t in shapes.useful(counts) if held13[t] < 4 or s == 0]
    return {TILES[t]: max(0, 4 - held[t] - seen_c[t]) for t in use}


def _evaluate(look, c13: bytes, s: int, pool, n: int, d: int, orders: list, share: int, trials: int, seed: int):
    """(chance, error, method, trials used, final-hand weights) of the 13 counts ``c13`` at shanten
    ``s`` with ``d`` draws from ``pool`` (``n`` tiles). ``orders`` holds the seeded draw orders, made
    on first need and shared by every hand evaluated with it."""
    look.visited = set()
    acc: dict = {}
    err, used = 0.0, 0
    if d == 0:
        p, method = 0.0, "none"
    elif s == 0:
        p, method = look.ready(c13, pool, n, d, 1.0, acc), "exact"
    elif s == 1:
        p, method = look.one_away(c13, list(pool), n, d, 1.0, acc), "exact"
    elif s + 1 > d:
        p, method = 0.0, "exact"
    else:
        if not orders:       # the same draw orders for every hand: a fair comparison
            rng = _random.Random(seed)
            tiles = [t for t in range(34) for _ in range(pool[t])]
            orders.extend(rng.sample(tiles, d) for _ in range(trials))
        used = share
        p, err = look.simulate(c13, s, pool, n, d, orders[:used], acc)
        method = "simulation"
    return p, err, method, used, acc


def _setup(hand: Hand, rules, seen, draws_left, trials, context: dict, extra: int = 0):
    """Checked input and the shared machinery of :func:`coach`, :func:`standing` and
    :func:`after_kong`. ``extra``: draws added to ``draws_left`` (a kong's replacement)."""
    seen_c = _seen_counts(seen)
    held = list(hand.all_counts)
    problems = [Problem(f"{held[i] + seen_c[i]} copies of {TILES[i]} ({TILES[i].zh}): {held[i]} in the hand "
                        f"and {seen_c[i]} seen; a set has only four"
                        f"  （{TILES[i].zh}一共只有四张，这里手里 {held[i]} 张、见过 {seen_c[i]} 张）")
                for i in range(34) if held[i] + seen_c[i] > 4]
    if problems:
        raise InvalidHandError(problems)
    judge = _Judge(rules, context, hand, seen_c)
    if judge.mcr:
        kinds = tuple(range(34))
    else:
        kinds = tuple(range(34)) if judge.rs.tiles.honors else tuple(range(27))
    pool = [0] * 34
    for t in kinds:
        pool[t] = max(0, 4 - held[t] - seen_c[t])
    n = sum(pool)
    if draws_left is None:
        draws_left = max(0, (n - 39) // 4)
    if not isinstance(draws_left, int) or isinstance(draws_left, bool) or not 0 <= draws_left <= MAX_DRAWS_LEFT:
        raise InvalidHandError(f"draws_left must be a whole number from 0 to {MAX_DRAWS_LEFT} (no wall holds more "
                               f"tiles), got {_short(draws_left)}"
                               f"  （剩余摸牌次数要写 0 到 {MAX_DRAWS_LEFT} 的整数：没有哪副牌墙比这更多）")
    draws_left += extra
    d = min(draws_left, n)
    if trials is None:
        trials = DEFAULT_TRIALS
    if not isinstance(trials, int) or isinstance(trials, bool) or not 1 <= trials <= MAX_TRIALS:
        raise InvalidHandError(f"trials must be a whole number from 1 to {MAX_TRIALS:,}, got {_short(trials)}"
                               f"  （模拟次数要写 1 到 {MAX_TRIALS:,} 的整数）")
    shapes = _Shapes(len(hand.melds), judge.forms, kinds)
    return seen_c, held, judge, pool, n, d, draws_left, trials, shapes, _Lookahead(shapes, judge)


def standing(hand, rules="mcr", *, seen=None, draws_left=None, trials=None, seed=0, **context) -> "Standing":
    """A 13-tile hand (kongs count as three) that keeps its tiles: its shanten, useful tiles, chance to
    win with the next ``draws_left`` draws and likely fans, by the method of :func:`coach` (the same
    policy, exact or simulated, the same error). It rates *passing* on a discard, or declining a win:
    the hand as it stands. The keywords are those of :func:`coach`.

    >>> import mjlearn as mj
    >>> st = standing("123m456p789s23sEE", draws_left=10)
    >>> st.shanten, {str(t): n for t, n in st.useful.items()}, st.method
    (0, {'1s': 4, '4s': 4}, 'exact')
    """
    hand = as_hand(hand)
    if hand.tile_count != 13:
        raise InvalidHandError(
            f"a standing hand has 13 tiles (kongs count as three); {str(hand)!r} has {hand.tile_count}"
            f"  （等牌的手牌是 13 张（杠算 3 张）；这手牌有 {hand.tile_count} 张）", str(hand))
    return _stand(hand, rules, seen, draws_left, trials, seed, context, 0, None)


def after_kong(hand, tile, rules="mcr", *, offer=None, seen=None, draws_left=None, trials=None, seed=0,
               **context) -> "Standing":
    """The hand after a kong of ``tile``, with the replacement draw still to come, as :func:`standing`
    rates it with one draw more than ``draws_left`` (see the module docstring: kongs).

    In one's own turn ``hand`` has 14 tiles: four ``tile`` concealed make a concealed kong, one ``tile``
    and a pung of it among the melds an added kong. On a discard ``hand`` has 13 tiles with three
    ``tile`` concealed, and ``offer`` (1 left, 2 opposite, 3 right) says who discarded it: a melded kong.
    ``seen`` is what the seat sees *before* the kong (a claimed discard is no longer in sight after it).

    >>> import mjlearn as mj
    >>> k = after_kong("1111m456p789s23sEE", "1m", draws_left=10)
    >>> str(k.hand), k.draws_left, k.kong
    ('[1111m]456p23789sEE', 11, 'concealed')
    """
    hand = as_hand(hand)
    t = tile if isinstance(tile, Tile) else TILES[_visible_counts([tile]).index(1)]
    conc = list(hand.concealed)
    melds = list(hand.melds)
    seen_after = seen
    if offer is not None:
        if hand.tile_count != 13 or conc.count(t) != 3 or offer not in (1, 2, 3):
            raise InvalidHandError(f"a kong on a discard of {t} needs 13 tiles with three {t} concealed and who "
                                   f"discarded it (offer 1-3); got {str(hand)!r}, offer {offer!r}"
                                   f"  （明杠别人打的 {t}：要 13 张、手里暗藏三张 {t}，并写明是谁打的（1-3））", str(hand))
        for _ in range(3):
            conc.remove(t)
        melds.append(Meld(MeldKind.KONG, t, offer))
        kind = "melded"
        seen_c = _seen_counts(seen)
        if seen_c[t.index]:
            seen_c[t.index] -= 1          # the discard was in sight; now it is in the kong
        seen_after = {TILES[i]: k for i, k in enumerate(seen_c) if k}
    else:
        if hand.tile_count != 14:
            raise InvalidHandError(f"a kong in one's own turn is made from 14 tiles (kongs count as three); "
                                   f"{str(hand)!r} has {hand.tile_count}"
                                   f"  （自己摸牌后开杠要 14 张（杠算 3 张）；这手牌有 {hand.tile_count} 张）", str(hand))
        pung = next((k for k, m in enumerate(melds) if m.kind is MeldKind.PUNG and m.tile is t), None)
        if conc.count(t) == 4:
            for _ in range(4):
                conc.remove(t)
            melds.append(Meld(MeldKind.KONG, t))
            kind = "concealed"
        elif pung is not None and t in conc:
            conc.remove(t)
            old = melds.pop(pung)
            melds.append(Meld(MeldKind.KONG, t, (old.from_seat or 1) + 4))
            kind = "added"
        else:
            raise InvalidHandError(f"no kong of {t} in {str(hand)!r}: it needs four {t} concealed, or a pung "
                                   f"of {t} and the fourth in hand"
                                   f"  （这手牌杠不了 {t}：要手里有四张 {t}，或者碰了 {t} 又摸到第四张）", str(hand))
    after = Hand(tuple(melds), tuple(conc), None, hand.flowers)
    return _stand(after, rules, seen_after, draws_left, trials, seed, context, 1, kind)


def _stand(hand: Hand, rules, seen, draws_left, trials, seed, context, extra: int, kong) -> "Standing":
    seen_c, held, judge, pool, n, d, draws_left, trials, shapes, look = _setup(
        hand, rules, seen, draws_left, trials, context, extra)
    counts = list(hand.counts)
    s = shapes.shanten(counts)
    useful = _useful_live(shapes, judge, counts, s, len(hand.melds), held, held, seen_c)
    p, err, method, used, acc = _evaluate(look, bytes(counts), s, pool, n, d, [], trials, trials, seed)
    fans, expected = _summarise(acc, judge, p)
    note = _note(p, s, d, look, judge, method)
    return Standing(hand, s, useful, p, err, method, used, fans, expected, judge.unit, note, judge.name,
                    draws_left, n, kong)


def _summarise(acc: dict, judge: _Judge, p: float):
    """(likely fans, expected value) from the chances of the final winning hands."""
    if not acc or p <= 0:
        return (), 0.0
    by: dict = {}
    expected = 0.0
    total_w = sum(acc.values())
    for (key0, t), wgt in acc.items():
        c = bytearray(key0)
        c[t] += 1
        legal, total, items = judge.judge(bytes(c), t)
        expected += wgt * total
        for k, _count in items:
            by[k] = by.get(k, 0.0) + wgt
    out = []
    for k, wgt in by.items():
        key, zh, en, value = judge.item_names(k)
        out.append(LikelyFan(key, zh, en, value, min(1.0, wgt / total_w)))
    out.sort(key=lambda f: (-round(f.share, 9), -f.value, f.key))
    return tuple(out), expected


def _note(p, s, d, look: _Lookahead, judge: _Judge, method) -> tuple | None:
    if p > 0:
        return None
    if d == 0:
        return ("没有摸牌机会了", "no draws left")
    if s + 1 > d:
        return (f"还差 {s + 1} 张才能和牌，只剩 {d} 次摸牌", f"needs at least {s + 1} more draws; only {d} left")
    met = [w for key in look.visited for w in look.legal_waits(key)]
    if met and not any(legal for _, legal, _, _ in met):
        best = max(total for _, _, total, _ in met)
        if judge.mcr:
            return (f"能和的牌都不够 8 番（最多 {best} 番，不计花牌）",
                    f"every win it can reach is under 8 points (best {best}, flowers not counted)")
        return ("能成的和牌在这套规则下都不合法", "no completion it can reach is a legal win in this rule set")
    if s == 0:
        return ("和张都已经看得到了，没有活张", "every winning tile is already in sight: none left live")
    if method == "simulation":
        return ("模拟中没有一次和牌", "no simulated draw order reached a win")
    return ("这些摸牌里到不了和牌", "no win is reachable with these draws")


def from_table(table, seat: int) -> dict:
    """The keywords of :func:`coach` for ``seat`` of a :class:`~mjlearn.table.Table` that has just
    drawn (14 tiles; a seat holding 13, answering a discard, gets the keywords of :func:`standing`
    and :func:`after_kong`): ``hand`` (its melds, concealed tiles and flowers), ``rules``, ``seen`` (what that
    seat can see: the discards still in the ponds and the other players' exposed melds), ``draws_left``
    (a quarter of the live wall: the seat's own draws if nobody claims) and the win context the rule
    set takes (seat and round winds, the winner and dealer seats, the wild tile).

    >>> from mjlearn.table import Table
    >>> t = Table("mcr", seed=1)
    >>> _ = t.draw(0) if t.phase == "draw" else None
    >>> kw = from_table(t, t.turn)
    >>> sorted(kw), kw["hand"].tile_count
    (['draws_left', 'hand', 'prevalent_wind', 'rules', 'seat_wind', 'seen'], 14)
    """
    from .seats import SEAT_LETTERS
    h = table.hands[seat]
    concealed = tuple(TILES[i] for i in range(34) for _ in range(h[i]))
    flowers = tuple(f for f in table.flowers[seat] if f.index >= 34)
    hand = Hand(tuple(table.melds[seat]), concealed, None, flowers)
    seen = [0] * 34
    for s in range(4):
        for t, by in table.ponds[s]:
            if by is None and t.index < 34:
                seen[t.index] += 1
        if s != seat:
            for m in table.melds[s]:
                if not m.is_concealed:
                    for t in m.tiles:
                        seen[t.index] += 1
    rs = table.rules
    mcr = rs.name in PROFILES
    context = {"seat_wind": SEAT_LETTERS[seat], "prevalent_wind": table.prevalent_wind,
               "winner": SEAT_LETTERS[seat], "dealer": "E", "wild": table.wild}
    names = _MCR_KEYWORDS if mcr else rs.context_names
    context = {k: v for k, v in context.items() if k in names and v is not None}
    return {"hand": hand, "rules": rs.opt("profile") if mcr else rs, "seen": {TILES[i]: n for i, n in enumerate(seen) if n},
            "draws_left": table.live_tiles_left() // 4, **context}


def clear_caches() -> None:
    """Forget the cached shanten, useful tiles, waits and scores (for measurements)."""
    _SCORE_CACHE.clear()
    _SHANTEN.clear()
    _USEFUL.clear()
    _WAITS.clear()
