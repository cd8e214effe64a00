"""What a rule set fixes on the table: dice and the break, the deal, the wild, claims, the end of the wall.

Each :class:`~mjlearn.rules.RuleSet` carries one frozen :class:`TableFacts` as its ``table`` field,
given in the rule set's ``register(...)`` call. The table (``mjlearn.table``) reads these facts and
calls the rule set's hooks; it never names a variant. Every value is the recommended default of the
rules spec; change one for a variant with :meth:`RuleSet.with_table <mjlearn.rules.RuleSet.with_table>`::

    >>> from mjlearn.rules import get
    >>> t = get("xian").table
    >>> t.dice, t.break_rule, t.final_draw, t.kong_replacement, t.kong_robbing
    (2, 'dealer_plus_owner', 'tops_ab', 'by_kong_kind', False)
    >>> get("mcr").with_table(kong_robbing=False).table.kong_robbing
    False

The tiles (which ones, which are flowers) and whether chow is allowed are the rule set's own
``tiles`` and ``claims``; the stacks kept back at the tail are a rule option where a variant has
them (Beijing, Xi'an): the table reads those from the rule set (``RuleSet.reserve_stacks``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

__all__ = ["TableFacts"]

_CHOICES = {
    "dice": (2, 3),
    "break_rule": ("sum", "dealer_plus_owner"),
    "final_draw": ("jump", "tops_ab"),
    "wild": ("none", "tail7_next", "live_next", "tail_same"),
    "kong_replacement": ("top_first", "by_kong_kind"),
    "shapes": ("standard", "standard+seven_pairs", "five_forms"),
    "passed_win": ("none", "until_draw", "same_tile"),
    "dealer_rotation": ("stay", "pass"),
    "hand_size": (14, 11, 8, 5),
}
_SPECIAL_SHAPES = ("hun_gang", "all_258", "three_golds", "yitangfu", "orphans")


@dataclass(frozen=True)
class TableFacts:
    """How one rule set builds its wall, deals, claims and ends a hand."""

    dice: int = 2
    """Dice thrown by the dealer: 3 (MCR, HK) or 2."""
    break_rule: str = "sum"
    """``"sum"``: the dice sum selects the wall (counting seats from the dealer as 1) and the wall
    breaks after that many stacks. ``"dealer_plus_owner"``: the dealer's sum selects the wall, its
    owner throws again, and the break is after dealer sum + owner sum stacks, running on into the
    next wall (Xi'an)."""
    final_draw: str = "jump"
    """After the three 4-tile rounds: ``"jump"`` (跳牌: dealer top(A) and top(C), S bottom(A),
    W top(B), N bottom(B)) or ``"tops_ab"`` (dealer top(A) and top(B), S bottom(A), W bottom(B),
    N top(C); Xi'an)."""
    wild: str = "none"
    """How the wild is found: ``"none"``; ``"tail7_next"`` (top tile of the 7th stack from the
    tail, the wild is the next tile in sequence: Beijing 混儿); ``"live_next"`` (the first undealt
    tile, wild = it + 1: Huopin 财神); ``"tail_same"`` (after flowers, the first tail tile is turned
    up and is itself the wild: Fuzhou 金)."""
    face_up_tail: int = 0
    """Top tiles of the last stacks turned up before play: 2 in Yunnan, else 0."""
    kong_replacement: str = "top_first"
    """``"top_first"`` (top then bottom of the tail stack) or ``"by_kong_kind"`` (an exposed kong
    takes the upper tile, a concealed kong the lower: Xi'an)."""
    kong_robbing: bool = True
    """An added kong can be robbed (抢杠)."""
    shapes: str = "standard"
    """Winning shapes: ``"five_forms"`` (the five MCR forms: four sets and a pair, seven pairs,
    thirteen orphans, honors-and-knitted, knitted straight), ``"standard"`` (four sets and a pair)
    or ``"standard+seven_pairs"``."""
    min_points: int = 0
    """A win needs at least this many points without flowers (MCR: 8); 0 elsewhere."""
    claim_limit: int | None = None
    """Chow-or-pung claims allowed per hand, +1 for each kong (Beijing points); None = no limit."""
    opened_self_draw_only: bool = False
    """After a chow or pung the player may only win by self-draw (Beijing points)."""
    swap_call_ban: bool = False
    """After a chow the player may not discard the tile just chowed (Fuzhou)."""
    special_shapes: tuple[str, ...] = ()
    """Wins outside four sets and a pair (or seven pairs) that the table must offer to the rule set:
    ``"hun_gang"`` (any 14 tiles with all four wilds), ``"all_258"`` (将将胡), ``"three_golds"``
    (三金倒), ``"yitangfu"`` (一趟副 sets), ``"orphans"`` (thirteen orphans, wilds as jokers)."""
    passed_win: str = "none"
    """After declining a win: ``"none"``; ``"until_draw"`` (漏胡: no discard win until the player's
    next draw); ``"same_tile"`` (过水: not on the same tile until the player discards again; judged by
    the rule set through ``passed_same_tile``)."""
    forced_win_tiles: int = 0
    """In the last this-many live tiles a possible win cannot be passed up (Yunnan: 4; 0 = never)."""
    dealer_rotation: str = "stay"
    """What :meth:`RuleSet.next_dealer <mjlearn.rules.RuleSet.next_dealer>` does unless the rule set
    overrides it: ``"pass"`` (always the 下家: MCR) or ``"stay"`` (the dealer keeps the deal after
    his win or a drawn hand, else the 下家)."""
    bird: bool = False
    """After a win the next live tile (the 海底 tile on a last-tile win) is turned up as the bird."""
    on_deal_wins: bool = False
    """Before the first discard a player may declare a win on the dealt tiles (Changsha 起手小胡),
    judged by :meth:`RuleSet.on_deal_win <mjlearn.rules.RuleSet.on_deal_win>`."""
    haidi_roaming: bool = False
    """The last wall tile is offered round the table (Changsha 海底漫游; the rule set's
    ``haidi_roaming`` option can switch it off)."""
    gold_grab: bool = False
    """With the rule option ``qiangjin_rule="street"`` a non-dealer whose 13 tiles are completed by
    the turned-up wild may take it before the dealer's first discard and win (Fuzhou 抢金)."""

    hand_size: int = 14
    """Tiles in a complete hand, kongs counted as three: 14 (four sets and a pair), or 11, 8 or 5 in
    the ladder's small games (:mod:`mjlearn.rules.small_games`: three, two or one set and a pair).
    The deal gives each seat one tile less (the dealer the whole hand); see :attr:`short_sets`."""

    @property
    def short_sets(self) -> int:
        """Sets a complete hand has fewer than a full one (0; 1, 2 or 3 in the small games). The
        engine's count functions read a short hand as a full one with this many more sets declared:
        a shanten or a wait of five tiles is that of the fourteen with three sets already made."""
        return (14 - self.hand_size) // 3

    def __post_init__(self):
        for name, allowed in _CHOICES.items():
            v = getattr(self, name)
            if v not in allowed:
                raise ValueError(f"table fact {name}={v!r} is not one of {', '.join(map(repr, allowed))}")
        bad = [k for k in self.special_shapes if k not in _SPECIAL_SHAPES]
        if bad:
            raise ValueError(
                f"unknown special shape(s) {', '.join(map(repr, bad))}; known: {', '.join(_SPECIAL_SHAPES)}"
            )

    def replace(self, **changes) -> TableFacts:
        """A copy with some facts changed; unknown names are an error."""
        known = {f.name for f in fields(self)}
        bad = sorted(set(changes) - known)
        if bad:
            raise ValueError(
                f"unknown table option(s) {', '.join(map(repr, bad))}: the table facts are {', '.join(sorted(known))}"
            )
        return replace(self, **changes)
