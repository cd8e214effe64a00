"""Rules profiles: the disputed MCR rulings as switches of a frozen value.

The default profile ``mcr`` computes exactly what the reference calculator PyMahjongGB 1.4.0
computes (the 1998 rule book as applied by current practice). ``mcr-wmo2014`` sets the switches as
the WMO 2014 book (the "Green Book" line) does. Every switch names its source.

>>> from mjlearn.mcr.profiles import get_profile
>>> get_profile("mcr-wmo2014").two_concealed_kongs_points
8
>>> get_profile("mcr").replace(all_green_with_half_flush=True).name
'mcr+all_green_with_half_flush'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from dataclasses import replace as _replace
from functools import cached_property

from .fans import FANS

__all__ = ["PROFILES", "RULINGS", "SWITCHES", "Profile", "get_profile", "rulings_html"]

SWITCHES = {
    "two_concealed_kongs_points": (
        "双暗杠 Two Concealed Kongs: 6 points (1998 rule book; PyMahjongGB) or 8 (WMO Green Book, WMO 2014, fan no. 48)"
    ),
    "mixed_kongs": (
        "one melded and one concealed kong: 'ming_an_gang' = 明暗杠 5 points (MIL extension used by "
        "PyMahjongGB / summerinsects), 'separate' = 明杠 1 + 暗杠 2 (1998 text "
        "read literally), 'two_melded' = scored as 双明杠 4 + 暗杠 2 = 6 (WMO 2014)"
    ),
    "special_hands_fully_concealed": (
        "self-drawn 七对 (and the other always-concealed special hands) may add 不求人 Fully Concealed "
        "(Green Book / WMO 2014); 1998 and PyMahjongGB: 不计不求人, 自摸 counts"
    ),
    "all_green_with_half_flush": ("绿一色 may be combined with 混一色 (WMO 2014); 1998: 不计混一色"),
    "all_terminals_with_double_pung": ("清幺九 may be combined with 双同刻 (WMO 2014); 通行计法/PyMahjongGB: 不计"),
    "knitted_straight_waits": (
        "a 组合龙 hand whose winning tile could belong to the knitted part may still add 边张/嵌张/单钓将 "
        "(disputed; summerinsects KNITTED_STRAIGHT_BODY_WITH_ECS). "
        "PyMahjongGB 1.4.0 counts them (True); False counts them only when the tile cannot be part of the knitted straight"
    ),
}
"""Each switch and its source (for the sources appendix; a learner reads :data:`RULINGS`)."""

RULINGS = {
    "two_concealed_kongs_points": (
        "双暗杠值几番：mjlearn 按 1998 年规则计 6 番；WMO 2014 规则计 8 番。",
        "What Two Concealed Kongs (双暗杠) is worth: mjlearn follows the 1998 rule book, 6 points; "
        "the WMO 2014 rules give 8.",
    ),
    "mixed_kongs": (
        "一个明杠加一个暗杠：mjlearn 计“明暗杠” 5 番（常见计法）；也有人分开计明杠 1 + 暗杠 2，"
        "WMO 2014 则按双明杠 4 + 暗杠 2 计。",
        "One melded plus one concealed kong: mjlearn scores it as one pattern, 明暗杠, 5 points (the "
        "common practice); some count Melded Kong 1 + Concealed Kong 2 separately, and the WMO 2014 "
        "rules count Two Melded Kongs 4 + Concealed Kong 2.",
    ),
    "special_hands_fully_concealed": (
        "自摸的七对（以及十三幺、全不靠等本来就门清的特殊牌型）能否再加不求人：mjlearn 按 1998 年规则"
        "不加，只计自摸；WMO 2014 规则加不求人。",
        "Whether a self-drawn Seven Pairs (or another special hand that is always concealed) also scores "
        "Fully Concealed Hand: mjlearn follows the 1998 rules, no (Self-Drawn counts); the WMO 2014 "
        "rules say yes.",
    ),
    "all_green_with_half_flush": (
        "绿一色能否同时计混一色：mjlearn 按 1998 年规则不计；WMO 2014 规则可以计。",
        "Whether All Green also scores Half Flush: mjlearn follows the 1998 rules, no; the WMO 2014 rules say yes.",
    ),
    "all_terminals_with_double_pung": (
        "清幺九能否同时计双同刻：mjlearn 按通行计法不计；WMO 2014 规则可以计。",
        "Whether All Terminals also scores Double Pung: mjlearn follows common practice, no; the "
        "WMO 2014 rules say yes.",
    ),
    "knitted_straight_waits": (
        "组合龙的和牌张也可能是组合龙的一部分时，能否再计边张、嵌张、单钓将：mjlearn 计（常见计法）；"
        "另一种读法只在和牌张不可能属于组合龙时才计。",
        "When the winning tile of a Knitted Straight hand could be part of the knitted straight, "
        "whether Edge Wait, Closed Wait or Single Wait still count: mjlearn counts them (common "
        "practice); a stricter reading counts them only when the tile cannot belong to the knitted "
        "straight.",
    ),
}
"""Each disputed ruling in plain words, both languages: what players disagree on and what mjlearn
follows. Change it with ``score(hand, profile="mcr-wmo2014")`` (the WMO 2014 line) or a profile of
one's own (:meth:`Profile.replace`)."""


def rulings_html() -> str:
    """The disputed rulings as an HTML list, in both languages."""
    import html

    items = [f"<li>{html.escape(en)}<br>{html.escape(zh)}</li>" for zh, en in RULINGS.values()]
    return '<ul style="max-width:100%">' + "".join(items) + "</ul>"


@dataclass(frozen=True)
class Profile:
    """A set of MCR rulings. Frozen: derive variants with :meth:`replace`."""

    name: str = "mcr"
    """The profile's name, e.g. ``mcr`` or ``mcr-wmo2014``."""
    two_concealed_kongs_points: int = 6
    """Value of 双暗杠 (6 or 8)."""
    mixed_kongs: str = "ming_an_gang"
    """How one melded plus one concealed kong scores: ming_an_gang, separate or two_melded."""
    special_hands_fully_concealed: bool = False
    """Whether self-drawn 七对/十三幺/全不靠/七星不靠/连七对 also score 不求人 (instead of 自摸)."""
    all_green_with_half_flush: bool = False
    """Whether 绿一色 also scores 混一色."""
    all_terminals_with_double_pung: bool = False
    """Whether 清幺九 also scores 双同刻."""
    knitted_straight_waits: bool = True
    """Whether 边张/嵌张/单钓将 count when the winning tile could be part of the 组合龙."""

    def __post_init__(self):
        if self.two_concealed_kongs_points not in (6, 8):
            raise ValueError(f"two_concealed_kongs_points must be 6 or 8, got {self.two_concealed_kongs_points!r}")
        if self.mixed_kongs not in ("ming_an_gang", "separate", "two_melded"):
            raise ValueError(
                f"mixed_kongs must be 'ming_an_gang', 'separate' or 'two_melded', got {self.mixed_kongs!r}"
            )

    def replace(self, **switches) -> Profile:
        """A new profile with some switches changed; its name records them."""
        unknown = set(switches) - {f.name for f in fields(self)}
        if unknown:
            raise TypeError(f"unknown profile switch(es) {sorted(unknown)}: expected one of {sorted(SWITCHES)}")
        name = switches.pop("name", None) or "+".join([self.name, *sorted(switches)])
        return _replace(self, name=name, **switches)

    @cached_property
    def points(self) -> tuple[int, ...]:
        """Points of fans 0-82 (index 0 unused) under this profile."""
        pts = [0] + [f.points for f in FANS]
        pts[53] = self.two_concealed_kongs_points
        return tuple(pts)

    @cached_property
    def exclusions(self) -> dict[int, tuple[tuple[int, str], ...]]:
        """fan id -> ((excluded id, scope), ...) under this profile."""
        out: dict[int, tuple[tuple[int, str], ...]] = {}
        special = (6, 7, 19, 20, 34)
        for f in FANS:
            ex = [(e.fan_id, e.scope) for e in f.excludes]
            if self.special_hands_fully_concealed and f.id in special:
                ex = [e for e in ex if e[0] != 56]
            if self.all_green_with_half_flush and f.id == 3:
                ex = [e for e in ex if e[0] != 49]
            if self.all_terminals_with_double_pung and f.id == 8:
                ex = [e for e in ex if e[0] != 65]
            if ex:
                out[f.id] = tuple(ex)
        return out

    @cached_property
    def order(self) -> tuple:
        """Sort key per fan id: highest value first, then id (the order exclusions are applied)."""
        return tuple((-p, i) for i, p in enumerate(self.points))

    @cached_property
    def kernel(self) -> tuple:
        """Tables of :func:`~mjlearn.mcr.principles.count_fans`: (points, rank of each fan in the order,
        per fan the bitmask of fans excluded everywhere, per fan its ``parts``/``one`` exclusions,
        the fans at either end of such exclusions)."""
        excl_all = [0] * len(self.points)
        scoped: list[tuple[tuple[int, str], ...]] = [()] * len(self.points)
        order = self.order
        for f, ex in self.exclusions.items():
            for e, scope in ex:
                if order[e] <= order[f] and (f, "all") not in self.exclusions.get(e, ()):
                    # count_fans visits fans once, in order: an exclusion pointing back is exact only
                    # when mutual (一色三同顺 / 一色三节高), since the earlier fan then drops the later
                    raise ValueError(f"fan {f} excludes fan {e}, which comes first: count_fans would be wrong")
                if scope == "all":
                    excl_all[f] |= 1 << e
                else:
                    scoped[f] += ((e, scope),)
        rank = [0] * len(order)
        for r, f in enumerate(sorted(range(len(order)), key=order.__getitem__)):
            rank[f] = r
        # fans whose occurrences' sets count_fans must keep: the scoped exclusions' both ends
        targets = frozenset([e for sc in scoped for e, _ in sc] + [f for f, sc in enumerate(scoped) if sc])
        return self.points, tuple(rank), tuple(excl_all), tuple(scoped), targets


PROFILES = {
    "mcr": Profile(),
    "mcr-wmo2014": Profile(
        name="mcr-wmo2014",
        two_concealed_kongs_points=8,
        mixed_kongs="two_melded",
        special_hands_fully_concealed=True,
        all_green_with_half_flush=True,
        all_terminals_with_double_pung=True,
    ),
}
"""The named profiles."""


def get_profile(profile) -> Profile:
    """A profile by name, or the profile itself."""
    if isinstance(profile, Profile):
        return profile
    try:
        return PROFILES[profile]
    except (KeyError, TypeError):
        raise ValueError(f"unknown MCR profile {profile!r}: expected one of {sorted(PROFILES)} or a Profile") from None
