"""Per-variant table configuration: the wall, the deal, claims and the end of the wall.

One frozen :class:`TableConfig` per rule set, keyed by the rule-set names of the regional
registry. Every value is the recommended default of ``rules/regional.md`` (section numbers in
the comments); change one with :meth:`TableConfig.replace`::

    >>> from mjlearn.table.config import table_config
    >>> cfg = table_config("xian")
    >>> cfg.tiles, cfg.stacks, cfg.dice, cfg.break_rule, cfg.reserve_by_kongs
    (136, (17, 17, 17, 17), 2, 'dealer_plus_owner', (13, 7, 8, 13))
    >>> table_config("mcr").replace(multi_win="all").multi_win
    'all'

This table is deliberately small and self-contained: the rule-set registry (``mjlearn.rules``)
owns scoring; this module owns only what happens on the table.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace as _replace

__all__ = ["TableConfig", "TABLE_CONFIGS", "table_config", "RULE_SET_NAMES", "RULESET_OF"]


@dataclass(frozen=True)
class TableConfig:
    """How one rule set builds its wall, deals, claims and ends a hand (regional.md §13, §16)."""

    name: str
    """Rule-set key, e.g. ``"mcr"``, ``"xian"``."""
    zh: str
    """Chinese name of the rule set."""
    en: str
    """English name of the rule set."""
    tiles: int
    """Tiles in the set: 108 (suits only), 136 (suits and honors) or 144 (with eight flowers)."""
    stacks: tuple[int, int, int, int]
    """Stacks (two tiles each) in front of East, South, West, North. 144 -> 18 each, 136 -> 17,
    108 -> 14, 13, 14, 13 (§13.3)."""
    dice: int
    """Dice thrown by the dealer: 3 (MCR, HK) or 2."""
    break_rule: str
    """``"sum"``: the dice sum selects the wall (counting seats from the dealer as 1) and the wall
    breaks after that many stacks (MCR §13.1 steps 4-5; generic §13.3). ``"dealer_plus_owner"``:
    the dealer's sum selects the wall, its owner throws again, and the break is after dealer sum +
    owner sum stacks, running on into the next wall (Xi'an §13.2 steps 3-5)."""
    final_draw: str
    """After the three 4-tile rounds: ``"jump"`` (跳牌: dealer top(A) and top(C), S bottom(A),
    W top(B), N bottom(B); §13.1 step 7) or ``"xian"`` (dealer top(A) and top(B), S bottom(A),
    W bottom(B), N top(C); §13.2 step 7)."""
    flowers: str
    """``"none"``, ``"eight"`` (春夏秋冬梅兰竹菊) or ``"fuzhou"`` (the eight plus all 28 honors)."""
    wild: str
    """How the wild is found: ``"none"``; ``"tail7_next"`` (top tile of the 7th stack from the
    tail, the wild is the next tile in sequence: Beijing 混儿, A-BJ-1, A-OBJ-1);
    ``"live_next"`` (the first undealt tile, wild = it + 1: Huopin 财神, §7.4);
    ``"tail_same"`` (after flowers, the first tail tile is turned up and is itself the wild:
    Fuzhou 金, §11.3)."""
    face_up_tail: int
    """Top tiles of the last stacks turned up before play: 2 in Yunnan (§6.4), else 0."""
    kong_replacement: str
    """``"top_first"`` (top then bottom of the tail stack; A-MCR-8) or ``"xian"`` (exposed kong
    takes the upper tile, concealed kong the lower; §13.2 step 10)."""
    reserve_stacks: int
    """Whole stacks left undrawn at the tail: 0 (play to the last tile), 4 in Beijing (§3.4)."""
    reserve_by_kongs: tuple[int, ...] | None
    """Xi'an's reserve by kongs declared so far: 0, 1, 2, 3+ kongs -> 13, 7, 8, 13 stacks (A-XA-9).
    Overrides ``reserve_stacks`` when set."""
    chow: bool
    """Chow (吃) allowed (always from the left player only)."""
    kong_robbing: bool
    """An added kong can be robbed (抢杠). Xi'an has no robbing rule (A-XA-1)."""
    multi_win: str
    """``"nearest"``: only the claimant first in turn order after the discarder wins;
    ``"all"``: every claimant wins (一炮多响); ``"gold_sparrow_first"`` (Fuzhou §11.5): one winner, a
    金雀 win (two 金 as the pair) first, otherwise the nearest in turn order."""
    shapes: str
    """Winning shapes: ``"mcr"`` (all five MCR forms), ``"standard"`` (four sets and a pair) or
    ``"standard+seven_pairs"``."""
    min_points: int
    """MCR: a win needs at least this many points without flowers (8); 0 elsewhere."""
    claim_limit: int | None
    """Beijing points variants: chow-or-pung claims allowed per hand, +1 for each kong (A-BJP-4);
    None = no limit."""
    opened_self_draw_only: bool
    """After a chow or pung the player may only win by self-draw (Beijing points, §4.3)."""
    swap_call_ban: bool
    """After a chow the player may not discard the tile just chowed (Fuzhou §11.5; A-MCR-10)."""
    ruleset: str = ""
    """The registry name of the rule set that judges and scores a win (``mjlearn.rules.get``);
    see :data:`RULESET_OF` for the mapping."""
    rule_options: tuple = ()
    """Options of the rule set as ``(key, value)`` pairs, e.g. ``(("min_fan", 3),)`` for a Hong Kong
    table with a 3-番 minimum (passed to ``mjlearn.rules.score(..., options=...)``)."""
    special_shapes: tuple[str, ...] = ()
    """Wins outside four sets and a pair (or seven pairs) that the table must offer to the rule set:
    ``"hun_gang"`` (Beijing 混杠: any 14 tiles with all four wilds), ``"all_258"`` (Changsha 将将胡),
    ``"three_golds"`` (Fuzhou 三金倒), ``"yitangfu"`` (Hebei/Shandong 一趟副 sets), ``"orphans"``
    (thirteen orphans, wilds as jokers)."""
    passed_win: str = "none"
    """After declining a win: ``"none"``; ``"until_draw"`` (Yunnan §6.6, Changsha 漏胡 §5.7: no discard
    win until the player's next draw); ``"same_tile"`` (Fuzhou 过水 §11.5: not on the same tile until
    the player discards again; judged by the rule set through ``passed_same_tile``)."""
    forced_win_tiles: int = 0
    """Yunnan §6.6: in the last this-many live tiles a possible win cannot be passed up (0 = never)."""
    dealer_rotation: str = "stay"
    """Who deals the next hand of a :class:`~mjlearn.table.session.Session`: ``"pass"`` (MCR §13.1
    step 12: always the 下家), ``"stay"`` (the dealer keeps the deal after his win or a draw, else
    the 下家: A-BJ-5, §8.4, §11.4, A-OBJ-2; the default where the seed says nothing),
    ``"winner_or_discarder"`` (Changsha §5.3: the winner; after 通炮 the discarder; a draw keeps the
    dealer) or ``"winner_or_next"`` (Yunnan §6.3: the winner; after 一炮多响 the discarder's 下家)."""
    bird: bool = False
    """After a win the next live tile (the 海底 tile on a last-tile win) is turned up as the bird
    (Changsha 扎鸟 §5.7, Huopin 鸟牌 §7.6)."""
    on_deal_wins: bool = False
    """Changsha 起手小胡 (§5.6, A-CS-3): before the first discard a player whose dealt tiles show 四喜,
    板板胡 or 缺一色 may declare it (:meth:`Table.declare_on_deal`) and is paid by the rule set."""
    haidi_roaming: bool = False
    """Changsha 海底漫游 (§5.7): the last wall tile is offered round the table from the player whose draw
    it is (the rule set's ``haidi_roaming`` option can switch it off)."""
    draw_settlement: str = "none"
    """What an exhausted wall settles: ``"none"`` or ``"cha_da_jiao"`` (Yunnan 查大叫 §6.8)."""
    gold_grab: bool = False
    """Fuzhou 抢金 (§11.6, A-FZ-5): with the rule option ``qiangjin_rule="street"``, a non-dealer whose
    13 tiles are completed by the turned-up 金 may take it before the dealer's first discard and win
    (:meth:`Table.grab_gold`); the other scopes are judged by the rule set from the table's context."""

    @property
    def rules(self):
        """The :class:`~mjlearn.rules.RuleSet` with this table's options."""
        from ..rules import get
        rs = get(self.ruleset or self.name)
        return rs.with_options(**dict(self.rule_options)) if self.rule_options else rs

    def replace(self, **changes) -> "TableConfig":
        """A copy with some fields changed; unknown names are an error."""
        known = {f.name for f in fields(self)}
        bad = sorted(set(changes) - known)
        if isinstance(changes.get("rule_options"), dict):
            changes["rule_options"] = tuple(sorted(changes["rule_options"].items()))
        if bad:
            raise ValueError(f"unknown table option(s) {', '.join(map(repr, bad))}; "
                             f"known: {', '.join(sorted(known))}")
        return _replace(self, **changes)

    @property
    def has_flowers(self) -> bool:
        return self.flowers != "none"

    @property
    def has_honors(self) -> bool:
        return self.tiles != 108


def _make(name, zh, en, tiles, **kw) -> TableConfig:
    stacks = {144: (18,) * 4, 136: (17,) * 4, 108: (14, 13, 14, 13)}[tiles]
    base = dict(stacks=stacks, dice=2, break_rule="sum", final_draw="jump", flowers="none",
                wild="none", face_up_tail=0, kong_replacement="top_first", reserve_stacks=0,
                reserve_by_kongs=None, chow=True, kong_robbing=True, multi_win="nearest",
                shapes="standard", min_points=0, claim_limit=None, opened_self_draw_only=False,
                swap_call_ban=False, ruleset=name, dealer_rotation="stay")
    base.update(kw)
    return TableConfig(name=name, zh=zh, en=en, tiles=tiles, **base)


TABLE_CONFIGS: dict[str, TableConfig] = {c.name: c for c in (
    # §12, §13.1: three dice, 18-stack walls, jump draw, flower passes, play to the last tile;
    # the deal always passes on (no 连庄). Only an added kong can be robbed (§12.4), as everywhere.
    _make("mcr", "国标麻将", "Guobiao / MCR", 144, dice=3, flowers="eight", shapes="mcr", min_points=8,
          dealer_rotation="pass"),
    # §3, A-BJ-1, A-BJ-6: 混儿 from the 7th tail stack, four stacks kept back; 混杠 (four wilds).
    _make("beijing", "北京麻将（联众）", "Beijing (Lianzhong)", 136, wild="tail7_next", reserve_stacks=4,
          shapes="standard+seven_pairs", special_shapes=("hun_gang",)),
    # §3.5: the 吃碰提 mode: after a chow, pung or exposed kong only a self-drawn win (the rule set says so).
    _make("beijing-cpt", "北京麻将（联众，吃碰提）", "Beijing (Lianzhong), chow/pung ⇒ self-draw", 136,
          wild="tail7_next", reserve_stacks=4, shapes="standard+seven_pairs", special_shapes=("hun_gang",),
          ruleset="beijing_cpt"),
    # §4: BJ-basic column; claim limit one bite plus one per kong; opened hands self-draw only.
    _make("beijing-points", "北京积分麻将（基本打法）", "Beijing points (basic)", 136, wild="tail7_next",
          shapes="standard+seven_pairs", claim_limit=1, opened_self_draw_only=True, ruleset="bj_basic"),
    _make("bj-new", "北京积分麻将（新规打法）", "Beijing points (new rules)", 136, wild="tail7_next",
          shapes="standard+seven_pairs", claim_limit=1, opened_self_draw_only=True, ruleset="bj_new"),
    # §4.2: Hebei: no wild, no chow, 一趟副 sets; Shandong: no wild, chow, 2-5-8 pair, 一趟副 sets.
    _make("hebei1", "河北麻将（基本打法1）", "Hebei points 1", 136, chow=False, shapes="standard+seven_pairs",
          special_shapes=("yitangfu",)),
    _make("hebei2", "河北麻将（基本打法2）", "Hebei points 2", 136, chow=False, shapes="standard+seven_pairs",
          special_shapes=("yitangfu",)),
    _make("shandong1", "山东麻将（基本打法1）", "Shandong points 1", 136, shapes="standard+seven_pairs",
          special_shapes=("yitangfu",)),
    _make("shandong2", "山东麻将（基本打法2）", "Shandong points 2", 136, shapes="standard+seven_pairs",
          special_shapes=("yitangfu",)),
    # §5: 108 tiles, several winners on one discard (通炮), 将将胡, 漏胡, 扎鸟; the winner deals next.
    _make("changsha", "长沙麻将", "Changsha", 108, multi_win="all", shapes="standard+seven_pairs",
          special_shapes=("all_258",), passed_win="until_draw", bird=True,
          dealer_rotation="winner_or_discarder", on_deal_wins=True, haidi_roaming=True),
    # §6: no chow, two tail tiles turned up, 一炮多响, passed win, forced win in the last four tiles.
    _make("yunnan", "云南麻将", "Yunnan", 136, chow=False, face_up_tail=2, multi_win="all",
          shapes="standard+seven_pairs", passed_win="until_draw", forced_win_tiles=4,
          dealer_rotation="winner_or_next", draw_settlement="cha_da_jiao"),
    # §7: 144 tiles, 财神 = the next live tile + 1, MCR shapes and 18-stack walls, the bird tile.
    _make("huopin", "火拼麻将（国标场）", "Huopin (Guobiao room)", 144, flowers="eight", wild="live_next",
          shapes="mcr", special_shapes=("orphans",), bird=True),
    _make("huopin-dazhong", "火拼麻将（大众场）", "Huopin (popular room)", 144, flowers="eight",
          wild="live_next", shapes="mcr", special_shapes=("orphans",), bird=True, ruleset="huopin_dazhong"),
    _make("huopin-wufan", "火拼麻将（无番场）", "Huopin (no-fan room)", 144, flowers="eight",
          wild="live_next", shapes="mcr", special_shapes=("orphans",), bird=True, ruleset="huopin_wufan"),
    # §8, §13.2: the two-roll break, Xi'an's final draw, top/bottom kong replacements, reserve table.
    _make("xian", "西安麻将", "Xi'an", 136, break_rule="dealer_plus_owner", final_draw="xian",
          kong_replacement="xian", reserve_by_kongs=(13, 7, 8, 13), kong_robbing=False, shapes="mcr"),
    # §9: optional wild taken from the 7th tail stack (§13.3 hook).
    _make("old-beijing", "老北京麻将", "Old Beijing", 136, wild="tail7_next", shapes="mcr",
          special_shapes=("orphans",), ruleset="old_beijing"),
    # §10, A-HK-1: the MCR procedure; several winners possible; min_fan is a rule option (A-HK-3).
    _make("hongkong", "香港／广东麻将", "Hong Kong / Guangdong", 144, dice=3, flowers="eight",
          multi_win="all", shapes="mcr"),
    # §11: honors are flowers, 金 turned up at the tail, swap-call ban, 过水, 三金倒.
    _make("fuzhou", "福州麻将", "Fuzhou", 144, flowers="fuzhou", wild="tail_same", swap_call_ban=True,
          special_shapes=("three_golds",), passed_win="same_tile", multi_win="gold_sparrow_first",
          gold_grab=True),
)}
"""The table configuration of every rule set, by name."""

RULE_SET_NAMES: tuple[str, ...] = tuple(TABLE_CONFIGS)

RULESET_OF: dict[str, str] = {c.name: c.ruleset for c in TABLE_CONFIGS.values()}
"""Table name -> the registry name of the rule set that scores its wins. The table names differ
from registry names only where a table needs its own wall or claims: ``"beijing-points"`` plays
``"bj_basic"`` (the §4 BJ-basic column; ``"bj-new"`` plays ``"bj_new"``), ``"beijing-cpt"`` plays
``"beijing_cpt"``, ``"old-beijing"`` plays ``"old_beijing"``, ``"huopin-dazhong"`` and
``"huopin-wufan"`` the two other Huopin rooms. Any registry name or alias is also accepted by
:func:`table_config` (``table_config("bj_new")`` gives the ``"bj-new"`` table)."""


def table_config(rules) -> TableConfig:
    """The :class:`TableConfig` for a rule-set name (or a config, returned as is)."""
    if isinstance(rules, TableConfig):
        return rules
    name = getattr(rules, "name", rules)
    try:
        return TABLE_CONFIGS[name]
    except (KeyError, TypeError):
        pass
    if isinstance(name, str):
        by_ruleset = {c.ruleset: c for c in TABLE_CONFIGS.values()}
        if name in by_ruleset:
            return by_ruleset[name]
        from ..rules import UnknownRuleSetError, get
        try:
            rs = get(name)
        except UnknownRuleSetError:
            rs = None
        if rs is not None and rs.name in by_ruleset:
            cfg = by_ruleset[rs.name]
            return cfg.replace(rule_options=dict(rs.settings)) if rs.settings else cfg
    raise ValueError(f"unknown rule set {rules!r}: expected one of {', '.join(RULE_SET_NAMES)} "
                     f"(or a registry name or alias of mjlearn.rules)") from None
