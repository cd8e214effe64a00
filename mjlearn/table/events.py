"""Events: one frozen record for every step of a hand, readable in Chinese and English.

A hand of play is its event log. Three kinds of events are *actions* a player chose
(:class:`Drew`, :class:`Discarded`, :class:`Declared`); every other event is a consequence the
table worked out (the deal, replacements, claim resolution, the win, the end of the wall).
:func:`mjlearn.table.play.replay` re-applies the actions and checks that the consequences come
out the same.

Seats are :class:`~mjlearn.seats.Seat` values: East (the dealer), South, West, North in turn order,
so ``seat.after()`` is the 下家 (right) of ``seat`` and ``seat.after(-1)`` its 上家 (left). An event
given an int 0-3 or a letter for a seat keeps the ``Seat``:

>>> from mjlearn.tiles import tile
>>> e = Discarded(seat=1, tile=tile("5m"))
>>> e.seat, e.en, e.zh
(Seat.S, 'South discards 5m (五万).', '南家打出五万。')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..hand import Hand, Meld, WinContext
from ..seats import SEATS, Seat
from ..tiles import Tile

__all__ = [
    "ACTION_EVENTS",
    "BirdTurnedUp",
    "CalledCheck",
    "Chowed",
    "Declared",
    "DiceThrown",
    "Discarded",
    "Drew",
    "Event",
    "Exhausted",
    "FlowerReplaced",
    "HaidiOffered",
    "Konged",
    "OnDealWin",
    "Punged",
    "ReplacementDrawn",
    "SetAside",
    "TailTurnedUp",
    "TilesDealt",
    "WallBroken",
    "WallBuilt",
    "WildTurnedUp",
    "Won",
]

_CLAIM_ZH = {
    "chow": "吃",
    "pung": "碰",
    "kong": "杠",
    "win": "和",
    "pass": "过",
    "on_deal": "起手小胡",
    "grab_gold": "抢金",
}


def _t(t: Tile) -> str:
    """A tile in an English sentence: its notation and Chinese name; a flower by its names (its
    notation is a bare letter, which reads as a word: "with a")."""
    return f"{t.en} {t.zh}" if t.is_flower else f"{t} ({t.zh})"


def _ts(tiles) -> str:
    return " ".join(f"{t.en} {t.zh}" if t.is_flower else str(t) for t in tiles)


def _tzh(tiles) -> str:
    return "、".join(t.zh for t in tiles)


class Event:
    """Base of all events: ``en`` and ``zh`` are one readable sentence each."""

    is_action: ClassVar[bool] = False
    _seat_fields: ClassVar[tuple[str, ...]] = ()
    """The fields that hold a seat (or None): given as an int or a letter, they are kept as a Seat."""

    def __post_init__(self):
        for name in self._seat_fields:
            v = getattr(self, name)
            if v is not None and type(v) is not Seat:
                object.__setattr__(self, name, Seat.of(v, name=name))

    @property
    def en(self) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    @property
    def zh(self) -> str:  # pragma: no cover
        raise NotImplementedError

    def text(self, lang: str = "both") -> str:
        """The sentence in ``"zh"``, ``"en"`` or ``"both"`` (Chinese first, then English)."""
        if lang == "zh":
            return self.zh
        if lang == "en":
            return self.en
        return f"{self.zh}  {self.en}"

    def __str__(self) -> str:
        return self.text("both")


@dataclass(frozen=True)
class WallBuilt(Event):
    """The tiles were shuffled and built into four walls (洗牌、砌牌)."""

    rules: str
    """Registry name of the rule set."""
    arrangement: tuple[int, ...]
    """Tile indices in physical order (East's stacks 1..L top then bottom, then South, West, North)."""
    seed: int | None = None
    """The seed the shuffle came from, if any (for the reader; replay uses ``arrangement``)."""
    prevalent_wind: str = "E"
    """The prevalent (round) wind of this hand."""
    ruleset: Any = field(default=None, compare=False, repr=False)
    """The :class:`~mjlearn.rules.RuleSet` (options and table facts included) the hand is played by."""
    context: tuple = ()
    """Context from outside the hand (``(key, value)`` pairs, e.g. a session's dealer streak)."""

    @property
    def settings(self) -> tuple:
        """The rule set's options that differ from its defaults, as sorted ``(key, value)`` pairs."""
        return tuple(sorted(self.ruleset.settings.items())) if self.ruleset is not None else ()

    def __eq__(self, other):
        if not isinstance(other, WallBuilt):
            return NotImplemented
        return (self.rules, self.arrangement, self.seed, self.prevalent_wind, self.context, self.settings) == (
            other.rules,
            other.arrangement,
            other.seed,
            other.prevalent_wind,
            other.context,
            other.settings,
        ) and getattr(self.ruleset, "table", None) == getattr(other.ruleset, "table", None)

    def __hash__(self):
        return hash((self.rules, self.arrangement, self.seed, self.prevalent_wind, self.context))

    @property
    def en(self):
        n = len(self.arrangement)
        return f"The {n} tiles are shuffled and built into four walls of {n // 8} stacks."

    @property
    def zh(self):
        n = len(self.arrangement)
        return f"洗牌，{n}张牌砌成四道牌墙。"


@dataclass(frozen=True)
class DiceThrown(Event):
    """A player threw the dice (掷骰)."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: Seat
    dice: tuple[int, ...]
    purpose: str
    """``"wall"``: the sum selects the wall; ``"break"``: Xi'an's second throw by the wall's owner."""

    @property
    def en(self):
        what = "to choose the wall" if self.purpose == "wall" else "to find the break"
        return f"{self.seat.en} throws {' + '.join(map(str, self.dice))} = {sum(self.dice)} {what}."

    @property
    def zh(self):
        what = "定牌墙" if self.purpose == "wall" else "定开牌处"
        return f"{self.seat.player_zh}掷骰{'+'.join(map(str, self.dice))}={sum(self.dice)}，{what}。"


@dataclass(frozen=True)
class WallBroken(Event):
    """The wall was opened (开牌): the live end starts after stack ``k`` of ``owner``'s wall."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("owner",)
    owner: Seat
    k: int

    @property
    def en(self):
        return (
            f"The wall is broken in {self.owner.en}'s wall after stack {self.k} "
            f"counted from its right end; the live end starts after the break, the tail before it."
        )

    @property
    def zh(self):
        return f"在{self.owner.player_zh}的牌墙从右数第{self.k}墩后开牌；其后为抓牌处，其前为牌尾。"


@dataclass(frozen=True)
class TilesDealt(Event):
    """A player took tiles from the live end during the deal (抓牌 / 跳牌)."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: Seat
    tiles: tuple[Tile, ...]
    positions: tuple[int, ...]
    """Draw-order positions in the wall."""
    jump: bool = False
    """Part of the final jump draw (跳牌) rather than a 4-tile take."""

    @property
    def en(self):
        how = "takes" if not self.jump else "takes in the jump draw"
        return f"{self.seat.en} {how} {_ts(self.tiles)}."

    @property
    def zh(self):
        how = "抓" if not self.jump else "跳牌抓"
        return f"{self.seat.player_zh}{how}{_tzh(self.tiles)}。"


@dataclass(frozen=True)
class WildTurnedUp(Event):
    """The wild was found: an indicator turned face up (混儿 / 财神 / 金)."""

    indicator: Tile
    wild: Tile
    position: int

    @property
    def en(self):
        if self.indicator is self.wild:
            return f"{_t(self.indicator)} is turned up: it is the wild (金)."
        return f"{_t(self.indicator)} is turned up: the next tile, {_t(self.wild)}, is the wild."

    @property
    def zh(self):
        if self.indicator is self.wild:
            return f"翻开{self.indicator.zh}，{self.wild.zh}为金（百搭）。"
        return f"翻开{self.indicator.zh}，下一张{self.wild.zh}为混儿（百搭）。"


@dataclass(frozen=True)
class TailTurnedUp(Event):
    """Yunnan: the two top tiles at the tail are turned face up (翻两张尾牌)."""

    tiles: tuple[Tile, ...]
    positions: tuple[int, ...]

    @property
    def en(self):
        return f"The top tiles of the last two stacks are turned up: {_ts(self.tiles)}."

    @property
    def zh(self):
        return f"翻开牌尾两墩的上层牌：{_tzh(self.tiles)}。"


@dataclass(frozen=True)
class SetAside(Event):
    """Fuzhou: a flower turned up while looking for the 金 is set aside."""

    tile: Tile
    position: int

    @property
    def en(self):
        return f"{_t(self.tile)} is a flower here, so it is set aside and the next tail tile is turned up."

    @property
    def zh(self):
        return f"{self.tile.zh}是花牌，放在一边，再翻下一张尾牌。"


@dataclass(frozen=True)
class FlowerReplaced(Event):
    """A flower was exposed and replaced from the tail (补花)."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: Seat
    flower: Tile
    tile: Tile
    position: int
    pass_no: int | None = None
    """The replacement pass during the deal (1, 2, ...), or None during play."""

    @property
    def en(self):
        when = f" (pass {self.pass_no})" if self.pass_no else ""
        return (
            f"{self.seat.en} shows flower {_t(self.flower)} and replaces it from the tail with {_t(self.tile)}{when}."
        )

    @property
    def zh(self):
        when = f"（第{self.pass_no}轮）" if self.pass_no else ""
        return f"{self.seat.player_zh}补花：亮出{self.flower.zh}，从牌尾补{self.tile.zh}{when}。"


@dataclass(frozen=True)
class Drew(Event):
    """A player drew from the live end (摸牌). An action."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    is_action: ClassVar[bool] = True
    seat: Seat
    tile: Tile
    position: int

    @property
    def en(self):
        return f"{self.seat.en} draws {_t(self.tile)}."

    @property
    def zh(self):
        return f"{self.seat.player_zh}摸{self.tile.zh}。"


@dataclass(frozen=True)
class ReplacementDrawn(Event):
    """A kong's replacement tile from the tail (杠后补牌)."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: Seat
    tile: Tile
    position: int

    @property
    def en(self):
        return f"{self.seat.en} takes the kong replacement {_t(self.tile)} from the tail."

    @property
    def zh(self):
        return f"{self.seat.player_zh}从牌尾补牌{self.tile.zh}。"


@dataclass(frozen=True)
class Discarded(Event):
    """A player discarded a tile (打牌). An action."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    is_action: ClassVar[bool] = True
    seat: Seat
    tile: Tile

    @property
    def en(self):
        return f"{self.seat.en} discards {_t(self.tile)}."

    @property
    def zh(self):
        return f"{self.seat.player_zh}打出{self.tile.zh}。"


@dataclass(frozen=True)
class Declared(Event):
    """A player declared something (报牌): a claim or a pass on a discard, a kong of his own, a win.
    An action; a claim takes effect when the claims are resolved."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    is_action: ClassVar[bool] = True
    seat: Seat
    action: str
    """``"chow"``, ``"pung"``, ``"kong"``, ``"win"``, ``"pass"``; ``"decline"`` (Changsha 海底漫游: not
    taking the last wall tile), ``"on_deal"`` (Changsha 起手小胡) or ``"grab_gold"`` (Fuzhou street 抢金:
    taking the turned-up 金 to win)."""
    tile: Tile | None = None
    """The tile concerned: the discard, the kong tile, the winning tile."""
    chow_start: Tile | None = None
    """For a chow: the lowest tile of the run."""

    @property
    def en(self):
        extra = f" {self.chow_start}{_next(self.chow_start)}" if self.chow_start else ""
        if self.action == "pass":
            return f"{self.seat.en} passes."
        if self.action == "decline":
            return f"{self.seat.en} declines the last wall tile (海底)."
        if self.action == "on_deal":
            return f"{self.seat.en} declares a 小胡 on the deal (起手胡) and shows his tiles."
        if self.action == "grab_gold":
            return f"{self.seat.en} grabs the turned-up 金 {self.tile} (抢金)."
        return f"{self.seat.en} calls {self.action}{extra}" + (f" on {self.tile}." if self.tile else ".")

    @property
    def zh(self):
        if self.action == "pass":
            return f"{self.seat.player_zh}过。"
        if self.action == "decline":
            return f"{self.seat.player_zh}不要海底牌。"
        if self.action == "on_deal":
            return f"{self.seat.player_zh}报起手小胡，亮牌。"
        if self.action == "grab_gold":
            return f"{self.seat.player_zh}抢金：拿翻开的金{self.tile.zh}。"  # type: ignore[union-attr]  # 抢金 names its tile
        return f"{self.seat.player_zh}报{_CLAIM_ZH[self.action]}" + (f"（{self.tile.zh}）。" if self.tile else "。")


def _next(t: Tile) -> str:
    return f"-{t.rank + 2}{t.suit.value}" if t else ""


@dataclass(frozen=True)
class _MeldFromDiscard(Event):
    """A meld made with another player's discard: ``seat`` took ``tile`` from ``from_seat``."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat", "from_seat")
    _verb: ClassVar[tuple[str, str]] = ("", "")
    """(zh, en) of the claim: 吃 chows, 碰 pungs."""
    seat: Seat
    from_seat: Seat
    tile: Tile
    meld: Meld

    @property
    def en(self):
        return f"{self.seat.en} {self._verb[1]} {self.tile} from {self.from_seat.en}: {self.meld}."

    @property
    def zh(self):
        return f"{self.seat.player_zh}{self._verb[0]}{self.from_seat.player_zh}的{self.tile.zh}：{self.meld}。"


@dataclass(frozen=True)
class Chowed(_MeldFromDiscard):
    """A chow was made from the left player's discard (吃)."""

    _verb: ClassVar[tuple[str, str]] = ("吃", "chows")


@dataclass(frozen=True)
class Punged(_MeldFromDiscard):
    """A pung was made from a discard (碰)."""

    _verb: ClassVar[tuple[str, str]] = ("碰", "pungs")


@dataclass(frozen=True)
class Konged(Event):
    """A kong was made (杠): ``kind`` is ``"concealed"`` (暗杠), ``"melded"`` (明杠 on a discard) or
    ``"added"`` (加杠 on one's own pung)."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat", "from_seat")
    seat: Seat
    kind: str
    tile: Tile
    meld: Meld
    from_seat: Seat | None = None

    @property
    def en(self):
        src = f" from {self.from_seat.en}" if self.from_seat is not None else ""
        return f"{self.seat.en} makes a {self.kind} kong of {self.tile}{src}: {self.meld}."

    @property
    def zh(self):
        kind = {"concealed": "暗杠", "melded": "明杠", "added": "加杠"}[self.kind]
        return f"{self.seat.player_zh}{kind}{self.tile.zh}：{self.meld}。"


@dataclass(frozen=True)
class Won(Event):
    """A player won (和牌). ``hand`` is the full hand with the winning tile apart; ``win_context`` the
    situation of the win (self-drawn, kong, last tile of the wall or of its kind, winds) as the
    :class:`~mjlearn.hand.WinContext` every scorer reads. Its fields read on the event too:
    ``w.self_drawn`` is ``w.win_context.self_drawn``."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat", "from_seat")
    seat: Seat
    tile: Tile
    hand: Hand
    from_seat: Seat | None = None
    """The discarder (or the player whose kong was robbed); None for a self-drawn win."""
    win_context: WinContext = WinContext()
    """Self-drawn or not, on a kong (杠上开花 / 抢杠和), the last tile of the wall (妙手回春 / 海底捞月),
    the last of its kind (和绝张), seat and prevalent winds."""
    points: int | float | None = None
    """The total by the rule set, in its unit (``result.unit``: MCR points, 番, …)."""
    result: Any = field(default=None, compare=False, repr=False)
    """The rule set's :class:`~mjlearn.rules.RegionalResult`: ``legal``, ``total``, ``unit``,
    ``items`` (each pattern with its value) and ``payments``."""
    payments: tuple = (0, 0, 0, 0)
    """Net amounts of East, South, West, North for this win (they sum to zero)."""
    rule_context: tuple = field(default=(), compare=False, repr=False)
    """The keywords the table gave the rule set, as ``(key, value)`` pairs: call
    ``mjlearn.rules.score(w.hand, rules=..., **dict(w.rule_context))`` to judge the win again."""

    @property
    def self_drawn(self) -> bool:
        return self.win_context.self_drawn

    @property
    def kong(self) -> bool:
        """Self-drawn on a kong replacement (杠上开花), or robbing a kong (抢杠和)."""
        return self.win_context.kong

    @property
    def wall_last(self) -> bool:
        """On the last tile of the wall (妙手回春 / 海底捞月)."""
        return self.win_context.wall_last

    @property
    def last_tile(self) -> bool:
        """The winning tile is the last of its kind; the other three are in sight (和绝张)."""
        return self.win_context.last_tile

    @property
    def seat_wind(self) -> str:
        return self.win_context.seat_wind

    @property
    def prevalent_wind(self) -> str:
        return self.win_context.prevalent_wind

    @property
    def unit(self) -> tuple[str, str]:
        """(zh, en) of the total's unit."""
        return self.result.unit if self.result is not None else ("分", "points")

    @property
    def items(self) -> tuple:
        """The counted patterns of the rule set (``Item`` with zh, en, value, count)."""
        return self.result.items if self.result is not None else ()

    @property
    def context(self) -> dict:
        """Keywords for ``mjlearn.score``: the win context's situation (flowers are in the hand)."""
        c = self.win_context
        return dict(
            self_drawn=c.self_drawn,
            kong=c.kong,
            wall_last=c.wall_last,
            last_tile=c.last_tile,
            seat_wind=c.seat_wind,
            prevalent_wind=c.prevalent_wind,
        )

    @property
    def en(self):
        how = "by self-draw" if self.self_drawn else f"on {self.from_seat.en}'s {'kong' if self.kong else 'discard'}"  # type: ignore[union-attr]  # not self-drawn: from_seat given
        pts = f", {self.points} {self.unit[1]}" if self.points is not None else ""
        return f"{self.seat.en} wins {how} with {self.tile}: {self.hand}{pts}."

    @property
    def zh(self):
        pts = f"，{self.points}{self.unit[0]}" if self.points is not None else ""
        if self.self_drawn:
            how = f"{'杠上开花' if self.kong else '自摸'}{self.tile.zh}和牌"
        elif self.kong:
            how = f"抢{self.from_seat.player_zh}的杠（{self.tile.zh}）和牌"  # type: ignore[union-attr]  # not self-drawn: from_seat given
        else:
            how = f"和{self.from_seat.player_zh}打出的{self.tile.zh}"  # type: ignore[union-attr]  # not self-drawn: from_seat given
        return f"{self.seat.player_zh}{how}：{self.hand}{pts}。"


@dataclass(frozen=True)
class BirdTurnedUp(Event):
    """After a win the bird is turned up (扎鸟 / 鸟牌): the next wall tile, or the 海底 tile itself."""

    tile: Tile
    position: int | None
    """Its draw-order position in the wall; None when the 海底 tile (already drawn) is the bird."""

    @property
    def en(self):
        return f"The bird is turned up: {_t(self.tile)}."

    @property
    def zh(self):
        return f"翻鸟牌：{self.tile.zh}。"


@dataclass(frozen=True)
class Exhausted(Event):
    """Nobody won before the wall ran out (荒牌)."""

    @property
    def en(self):
        return "The wall is exhausted: the hand is a draw."

    @property
    def zh(self):
        return "牌墙摸尽，荒牌（流局）。"


def _pay_en(payments) -> str:
    return ", ".join(f"{x.letter} {v:+g}" for x, v in zip(SEATS, payments))


def _pay_zh(payments) -> str:
    return "，".join(f"{x.zh}{v:+g}" for x, v in zip(SEATS, payments))


@dataclass(frozen=True)
class OnDealWin(Event):
    """Changsha 起手小胡 (its option ``on_deal_ends_hand``): right after the deal a player shows a 小胡 pattern (四喜, 板板胡,
    缺一色) and is paid like a 小胡 self-draw; play continues unless the rule option says otherwise."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: Seat
    tiles: tuple[Tile, ...]
    """The dealt tiles he shows (14 for the dealer, 13 for the others)."""
    items: tuple = ()
    """The rule set's patterns (``Item`` with zh, en, value, count)."""
    payments: tuple = (0, 0, 0, 0)
    """Net amounts of East, South, West, North (they sum to zero)."""
    result: Any = field(default=None, compare=False, repr=False)
    """The rule set's :class:`~mjlearn.rules.RegionalResult` (``mjlearn.rules.changsha.on_deal``)."""

    @property
    def en(self):
        what = " + ".join(f"{i.zh} ({i.en})" for i in self.items)
        return (
            f"{self.seat.en} shows {_ts(self.tiles)}: {what}, a 小胡 on the deal paid as a self-draw: "
            f"{_pay_en(self.payments)}."
        )

    @property
    def zh(self):
        what = "、".join(i.zh for i in self.items)
        return f"{self.seat.player_zh}起手小胡（{what}），按小胡自摸收钱：{_pay_zh(self.payments)}。"


@dataclass(frozen=True)
class HaidiOffered(Event):
    """Changsha 海底漫游: one wall tile is left; it is offered face down to each player in turn,
    starting with ``seat`` (whose draw it is). The first who takes it wins with it or must expose it
    as his discard (海底炮, he pays as the discarder); if all decline the hand is drawn."""

    _seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    seat: Seat

    @property
    def en(self):
        return (
            f"One wall tile is left (海底): it is offered round the table, first to {self.seat.en}. "
            f"Whoever takes it and cannot win with it must discard it and pays if someone wins on it."
        )

    @property
    def zh(self):
        return (
            f"只剩一张海底牌：从{self.seat.player_zh}起依次问要不要（海底漫游）。"
            f"要了不能和的，须把它打出，有人和则由他付（海底炮）。"
        )


@dataclass(frozen=True)
class CalledCheck(Event):
    """Yunnan 查大叫 at an exhausted wall (its option ``ready_plain_value``): every player who is not ready pays every
    ready player that player's best win at the discard rate; kong money does not count (杠钱不算)."""

    ready: tuple[Seat, ...]
    """The seats whose hands were ready (听牌)."""
    payments: tuple = (0, 0, 0, 0)

    def __post_init__(self):
        object.__setattr__(self, "ready", tuple(Seat.of(s, name="ready") for s in self.ready))

    @property
    def en(self):
        if not self.ready:
            return "Checking calls (查大叫): nobody is ready; nobody pays."
        if len(self.ready) == 4:
            return "Checking calls (查大叫): all four are ready; nobody pays."
        who = ", ".join(s.en for s in self.ready)
        return (
            f"Checking calls (查大叫): {who} {'is' if len(self.ready) == 1 else 'are'} ready; the players "
            f"who are not pay them their best win at the discard rate: {_pay_en(self.payments)}. "
            f"Kong money does not count."
        )

    @property
    def zh(self):
        if not self.ready or len(self.ready) == 4:
            return f"查大叫：{'无人听牌' if not self.ready else '四家都听牌'}，不用付。"
        who = "、".join(s.player_zh for s in self.ready)
        return f"查大叫：{who}听牌，没听牌的按他们最大的和牌（点炮价）赔：{_pay_zh(self.payments)}。杠钱不算。"


ACTION_EVENTS = (Drew, Discarded, Declared)
