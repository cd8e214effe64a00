"""The coach's input and its judge: the tiles seen, and the scoring of hypothetical wins (legal, total,
items per completed hand) under one rule set and context, cached."""

from __future__ import annotations

from collections.abc import Mapping

from .. import rules as _rules
from ..analysis import _visible_counts
from ..errors import ContextError, InvalidHandError
from ..hand import Hand, WinContext
from ..mcr.fans import fan as _fan
from ..mcr.profiles import PROFILES, Profile, get_profile
from ..mcr.scorer import score as _mcr_score
from ..shanten_core import (
    honors_and_knitted_shanten_of_counts,
    knitted_straight_shanten_of_counts,
    regular_shanten_of_counts,
    seven_pairs_shanten_of_counts,
    thirteen_orphans_shanten_of_counts,
)
from ..shapes import Form
from ..tiles import TILES

__all__ = ["COACH_SETS", "FORM_SHANTEN", "MCR_KEYWORDS", "Judge", "clear_cache", "seen_counts"]

MCR_KEYWORDS = ("seat_wind", "prevalent_wind", "flowers")
COACH_SETS = ("self_drawn", "discarder", "last_tile", "kong", "wall_last")
"""Context keywords the coach sets itself for each hypothetical win."""

FORM_SHANTEN = {
    Form.REGULAR: regular_shanten_of_counts,
    Form.SEVEN_PAIRS: seven_pairs_shanten_of_counts,
    Form.THIRTEEN_ORPHANS: thirteen_orphans_shanten_of_counts,
    Form.HONORS_AND_KNITTED: honors_and_knitted_shanten_of_counts,
    Form.KNITTED_STRAIGHT: knitted_straight_shanten_of_counts,
}


# --- input ---------------------------------------------------------------------------------------------


def seen_counts(seen) -> list[int]:
    """34 counts of ``seen``: None, notation, tiles, or a mapping tile -> count."""
    if isinstance(seen, Mapping):
        c = [0] * 34
        for t, n in seen.items():
            tiles = _visible_counts([t])
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidHandError(
                    f"seen counts must be whole numbers of at least 0, got {n!r} for {t!r}"
                    f"  （见过的张数要写 0 或更大的整数，{t} 写了 {n!r}）"
                )
            for i, k in enumerate(tiles):
                c[i] += k * n
        return c
    return _visible_counts(seen)


# --- scoring of hypothetical wins, cached ------------------------------------------------------------

_SCORE_CACHE: dict = {}
_SCORE_CACHE_MAX = 200_000


class Judge:
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
            bad = [k for k in context if k not in MCR_KEYWORDS]
            if bad:
                raise ContextError(
                    f"the coach takes the MCR context keywords {', '.join(MCR_KEYWORDS)}; "
                    f"{', '.join(map(repr, bad))} "
                    + (
                        "is set by the coach for each hypothetical win (self-drawn, 和绝张 from the tiles in sight)"
                        if all(k in COACH_SETS for k in bad)
                        else "is not one of them"
                    )
                    + f"  （教练只用这些国标和牌情况：{'、'.join(MCR_KEYWORDS)}；{'、'.join(bad)} "
                    + ("由教练为每种假想的和牌自己设定" if all(k in COACH_SETS for k in bad) else "不在其中")
                    + "）",
                    accepted=MCR_KEYWORDS,
                )
            try:
                WinContext(self_drawn=True, **context)
            except InvalidHandError as e:
                raise ContextError(str(e), accepted=MCR_KEYWORDS) from None
            self.forms = None
        else:
            rs = self.rs
            self.unit = rs.unit
            names = rs.context_names
            owned = [k for k in context if k in COACH_SETS]
            if owned:
                raise ContextError(
                    f"{', '.join(map(repr, owned))}: the coach sets these itself for each "
                    f"hypothetical win (self-drawn)  （{'、'.join(owned)} 由教练为每种假想的和牌自己设定）",
                    accepted=tuple(n for n in names if n not in COACH_SETS),
                )
            rs.check_tiles(Hand(hand.melds, hand.concealed, hand.win_tile, hand.flowers))
            context = dict(context)
            if "self_drawn" in names:
                context["self_drawn"] = True
            rs.make_context(context)  # unknown keywords and bad values: a ContextError now
            self.forms = tuple(f for f in rs.forms if f in FORM_SHANTEN)
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
            items = tuple(
                sorted(((f, n) for f, n in r.fan_counts().items() if f != 81), key=lambda kv: (-pts[kv[0]], kv[0]))
            )
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


def clear_cache() -> None:
    """Forget the scores of hypothetical wins."""
    _SCORE_CACHE.clear()
