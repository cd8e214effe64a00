"""情境一致 Consistent contexts: the checks every rule set, and MCR, makes of a scoring context
against itself and against the hand, in one place.

A context says how the hand was won (self-drawn, on a kong replacement, on the last tile of the
wall…). Some combinations cannot happen at a table, and scoring them would teach a wrong score:

* a kong bloom (``kong=True, self_drawn=True``, 杠上开花) needs a kong among the hand's melds;
* robbing a kong (``kong=True`` on a discard, 抢杠和) needs the one copy of the robbed tile, and is
  never on the last tile of the wall (no kong is declared once the wall is empty);
* 杠上炮 (``after_kong``) is a discard win and is not also a robbed kong;
* 和绝张 (``last_tile``) means the other three copies are out, so none is among the concealed tiles;
* flowers: no more than the flower tiles the set plays with (8, or Fuzhou's 36), each at most as
  often as it exists;
* ``seat_wind``, when given, is the winner's seat wind for that dealer (the dealer sits East);
* a first-turn flag (天和 ``heavenly``, 地和 ``earthly``, 人和 ``human``, 第一巡 ``first_go_around``:
  the :class:`FirstTurn` keywords a rule set declares) is a win in the first go-around, before any
  claim or kong: the hand has no meld at all (a concealed kong is declared too, and draws a
  replacement), ``kong`` is False, the wall is not at its last tile, the other players have no
  kong, no keyword says the go-around is over (``feeder_already_liable``, ``shao_zhuang``), and the
  winner, dealer and discarder are a situation the flag allows (the dealer has already discarded
  when another player discards, so his win on a discard is never in his first turn);
* the bird (鸟牌) is a tile turned up from the wall after the win: never a fifth copy of a tile the
  hand holds four of, and on a win on the last tile of the wall it is that 海底 tile, the winning
  tile itself. (Huopin's indicator is not counted so: it stays face up in the wall and is drawn in
  turn, so it may be one of the four copies a hand holds.)

:func:`context_problems` lists what is wrong; :func:`check_context` raises one
:class:`~mjlearn.errors.ContextConflictError` naming every conflict. The context is read by name from
a mapping (a rule set's completed context) or from attributes (MCR's ``WinContext``); a keyword the
rule set does not take is simply not checked. Without a hand only the keywords are checked against
each other (a door that meets the hand later, as MCR's with seats, checks them first). A hand read
with its wilds (a reading whose ``held`` is the hand as held) is checked as held: the context
speaks of the tiles on the table, not of what a wild stood for.

>>> from mjlearn import parse_hand
>>> context_problems(parse_hand("123m456p789s234s5m+5m"), {"self_drawn": True, "kong": True})
[Problem(message='kong=True with self_drawn=True is a win on a kong replacement (杠上开花), but the hand has no kong: write the kong as a meld, e.g. [5555p] (concealed) or [5555p,1]  （kong=True 加 self_drawn=True 是杠上开花，可这手牌里没有杠：请把杠写成一组，例如 [5555p]（暗杠）或 [5555p,1]）', position=None)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import ContextConflictError, Problem, shown
from .hand import Hand, MeldKind

__all__ = ["FLOWER_TILES", "SITUATIONS", "FirstTurn", "check_context", "context_problems"]

FLOWER_TILES = {"none": 0, "eight": 8, "fuzhou36": 36}
"""How many flower tiles a :class:`~mjlearn.rules.base.TileSet` ``flowers`` value plays with."""

_SEATS = ("E", "S", "W", "N")
_MISSING = object()

SITUATIONS = {
    "dealer_draw": ("the dealer's self-draw", "庄家自摸"),
    "other_draw": ("a non-dealer's self-draw", "闲家自摸"),
    "on_dealer": ("a non-dealer's win on the dealer's discard", "闲家和庄家打出的牌"),
    "on_other": ("a non-dealer's win on another non-dealer's discard", "闲家和另一位闲家打出的牌"),
    "dealer_on_discard": ("the dealer's win on a discard", "庄家和别人打出的牌"),
}
"""Who wins and from whom, as a first-turn flag allows it (en, zh). ``dealer_on_discard`` is never
a first turn: the dealer discards before anyone else does."""

TURN_OVER = ("feeder_already_liable", "shao_zhuang")
"""Keywords that say the first go-around is over: a claim was made (包先不包后 needs a fed meld),
or every seat has discarded (烧庄)."""


@dataclass(frozen=True)
class FirstTurn:
    """A context keyword of a rule set that says the win came in the first go-around, before any
    claim or kong (天和, 地和, 人和, 第一巡), and the situations (keys of :data:`SITUATIONS`) in which
    it can be True."""

    name: str
    situations: tuple[str, ...]

    def __post_init__(self):
        bad = [s for s in self.situations if s not in SITUATIONS or s == "dealer_on_discard"]
        if bad or not self.situations:
            raise ValueError(
                f"FirstTurn {self.name!r}: situations must be some of "
                f"{', '.join(s for s in SITUATIONS if s != 'dealer_on_discard')}; got {self.situations!r}"
            )


def check_context(
    hand: Hand | None,
    context,
    *,
    flower_limit: int | None = None,
    labels: Mapping[str, str] | None = None,
    first_turn: tuple[FirstTurn, ...] = (),
) -> None:
    """Raise :class:`~mjlearn.errors.ContextConflictError` if the context contradicts itself or the
    hand (see the module docstring); ``flower_limit`` is the set's number of flower tiles (None: not
    checked here), ``labels`` the Chinese names of the set's keywords for the messages, ``first_turn``
    the set's first-turn flags."""
    problems = context_problems(hand, context, flower_limit=flower_limit, labels=labels, first_turn=first_turn)
    if problems:
        raise ContextConflictError(problems, None if hand is None else str(hand))


def context_problems(
    hand: Hand | None,
    context,
    *,
    flower_limit: int | None = None,
    labels: Mapping[str, str] | None = None,
    first_turn: tuple[FirstTurn, ...] = (),
) -> list[Problem]:
    """Every conflict of ``context`` with itself or with ``hand`` (None: the keywords only), as
    problems (empty: consistent)."""
    if isinstance(context, Mapping):
        get = context.get
    else:

        def get(name, default=None):
            return getattr(context, name, default)

    labels = labels or {}
    if hand is not None:
        hand = getattr(hand, "held", None) or hand  # a reading with wilds: the hand as held
    out = [Problem(p) for check in _CONTEXT_CHECKS if (p := check(get, labels)) is not None]
    for flag in first_turn:
        if get(flag.name):
            out.extend(Problem(p) for p in _first_turn_problems(flag, hand, get, labels))
    if hand is None:
        return out
    out.extend(Problem(p) for check in _HAND_CHECKS if (p := check(hand, get, labels)) is not None)
    if flower_limit is not None:
        out.extend(Problem(p) for p in _flower_problems(hand, get("flowers", _MISSING), flower_limit))
    return out


# --- one function per conflict: (get, labels) or (hand, get, labels) -> message or None ------------


def _kong_bloom_without_kong(hand, get, labels):
    if get("kong") and get("self_drawn") and not any(m.kind is MeldKind.KONG for m in hand.melds):
        return (
            "kong=True with self_drawn=True is a win on a kong replacement (杠上开花), but the hand has "
            "no kong: write the kong as a meld, e.g. [5555p] (concealed) or [5555p,1]  "
            "（kong=True 加 self_drawn=True 是杠上开花，可这手牌里没有杠：请把杠写成一组，"
            "例如 [5555p]（暗杠）或 [5555p,1]）"
        )
    return None


def _robbed_tile_held(hand, get, labels):
    t = hand.win_tile
    if not get("kong") or get("self_drawn", False) or t is None or t.is_flower:
        return None
    if hand.all_counts[t.index] != 1:
        return (
            f"kong on a discard means robbing a kong (抢杠和) of {t}, but the hand itself holds "
            f"another {t}, so the other player cannot have three of them  "
            f"（点炮时 kong=True 是抢杠和，抢的是 {t}；可这手牌自己还有一张 {t}，别人不可能有三张来开杠）"
        )
    return None


def _robbed_on_last_tile(get, labels):
    if get("kong") and not get("self_drawn", False) and get("wall_last"):
        return (
            "kong=True on a discard is robbing a kong (抢杠和), which cannot be on the last tile of the "
            "wall (wall_last=True, 海底): no kong is declared once the wall is empty; drop one of them  "
            "（点炮时 kong=True 是抢杠和，不会是海底（wall_last=True）：牌墙摸完后不能再开杠；请去掉其中一个）"
        )
    return None


def _after_kong_not_a_discard(get, labels):
    if not get("after_kong"):
        return None
    if get("self_drawn"):
        return (
            "after_kong=True (杠上炮) is a win on the discard that follows a kong, but self_drawn=True; "
            "a self-drawn win on a kong replacement is kong=True (杠上开花)  "
            "（after_kong=True 是杠上炮：和别人开杠后打出的牌，可这里 self_drawn=True；"
            "开杠补牌自摸和是 kong=True（杠上开花））"
        )
    if get("kong"):
        return (
            "after_kong=True (杠上炮, a discard after a kong) and kong=True on a discard (抢杠和, a "
            "kong robbed) cannot both be the winning tile  "
            "（after_kong=True（杠上炮）和点炮时的 kong=True（抢杠和）不能同时成立）"
        )
    return None


def _last_tile_held(hand, get, labels):
    t = hand.win_tile
    if not get("last_tile") or t is None or t.is_flower or hand.counts[t.index] == 1:
        return None
    return (
        f"last_tile (和绝张) says the other three {t} are already visible, but the hand holds "
        f"{hand.counts[t.index] - 1} more {t} among its concealed tiles  "
        f"（last_tile（和绝张）说另外三张 {t} 都已经亮出，可手牌里还有 {hand.counts[t.index] - 1} 张 {t}）"
    )


def _seat_wind_of_winner(get, labels):
    given = get("seat_wind")
    winner, dealer = get("winner"), get("dealer")
    if given is None or winner not in _SEATS or dealer not in _SEATS:
        return None
    wind = _SEATS[(_SEATS.index(winner) - _SEATS.index(dealer)) % 4]
    if given != wind:
        return (
            f"seat_wind={given!r} (门风) contradicts winner={winner!r} and dealer={dealer!r}: the "
            f"dealer sits East, so {winner}'s seat wind is {wind!r}; drop seat_wind or make them agree  "
            f"（seat_wind={given!r}（门风）与 winner={winner!r}、dealer={dealer!r} 不符：庄家坐东，"
            f"所以 {winner} 的门风是 {wind!r}；请去掉 seat_wind，或让它们一致）"
        )
    return None


def _bird(hand, get, labels):
    """The bird is turned up from the wall after the win: the 海底 tile itself after a last-tile win,
    otherwise another tile, so never a fifth copy."""
    bird = get("bird")
    if bird is None or not hasattr(bird, "index") or bird.index >= 34:
        return None  # no bird, or one refused elsewhere (a flower)
    if get("wall_last"):
        if bird != hand.win_tile:
            return (
                f"bird={bird}: on a win on the last tile of the wall (wall_last=True, 海底) no tile is "
                f"left to turn up, so the bird is the 海底 tile itself, the winning tile {hand.win_tile}; "
                f"give bird={hand.win_tile!s} or drop wall_last  "
                f"（bird={bird}：海底（wall_last=True）和牌时牌墙里已经没有牌可翻，鸟就是海底牌，也就是和的那张 "
                f"{hand.win_tile}；请写 bird={hand.win_tile!s}，或去掉 wall_last）"
            )
        return None
    if hand.all_counts[bird.index] >= 4:
        return (
            f"bird={bird} is turned up from the wall after the win, but the hand holds all four {bird}: "
            f"the bird would be a fifth copy  "
            f"（bird={bird}：鸟是和牌后从牌墙翻出的牌，可这手牌已经有四张 {bird}，鸟不可能是第五张）"
        )
    return None


_CONTEXT_CHECKS = (_robbed_on_last_tile, _after_kong_not_a_discard, _seat_wind_of_winner)
_HAND_CHECKS = (_kong_bloom_without_kong, _robbed_tile_held, _last_tile_held, _bird)


# --- first-turn flags --------------------------------------------------------------------------------


def _situation(get) -> str | None:
    """The key of :data:`SITUATIONS` for the context's winner, dealer and discarder (None: unknown)."""
    winner, dealer = get("winner"), get("dealer")
    if winner not in _SEATS or dealer not in _SEATS:
        return None
    if get("self_drawn"):
        return "dealer_draw" if winner == dealer else "other_draw"
    discarder = get("discarder")
    if discarder not in _SEATS:
        return None
    if winner == dealer:
        return "dealer_on_discard"
    return "on_dealer" if discarder == dealer else "on_other"


def _first_turn_problems(flag: FirstTurn, hand, get, labels) -> list[str]:
    """Why ``flag`` (True in the context) cannot be: a first-turn win has no claim or kong before it,
    is not on the wall's last tile, and comes in a situation the flag allows."""
    label = labels.get(flag.name) or flag.name
    name = f"{flag.name}=True ({label})"
    first_en = f"{name} is a win in the first go-around, before any claim or kong"
    first_zh = f"{flag.name}=True（{label}）是第一巡里、还没有人吃碰杠时的和牌"
    out = []
    where = _situation(get)
    if where is not None and where not in flag.situations:
        allowed_en = " or ".join(SITUATIONS[s][0] for s in flag.situations)
        allowed_zh = "或".join(SITUATIONS[s][1] for s in flag.situations)
        how = "self_drawn=True" if get("self_drawn") else f"discarder={get('discarder')!r}"
        out.append(
            f"{name} is {allowed_en}, but winner={get('winner')!r}, dealer={get('dealer')!r} and "
            f"{how} make it {SITUATIONS[where][0]}  "
            f"（{label}是{allowed_zh}，可 winner={get('winner')!r}、dealer={get('dealer')!r}、{how} "
            f"说的是{SITUATIONS[where][1]}）"
        )
    if get("kong"):
        what = (
            ("a win on a kong replacement (杠上开花)", "杠上开花")
            if get("self_drawn")
            else ("a robbed kong (抢杠和)", "抢杠和")
        )
        out.append(f"{first_en}, but kong=True makes it {what[0]}  （{first_zh}，可 kong=True 说的是{what[1]}）")
    if get("wall_last"):
        out.append(
            f"{first_en}, but wall_last=True puts it on the last tile of the wall (海底)  "
            f"（{first_zh}，可 wall_last=True 说这是牌墙的最后一张（海底））"
        )
    others = get("other_kongs")
    if others and any(sum(n) for n in others.values()):
        seats = ", ".join(s for s, n in others.items() if sum(n))
        out.append(
            f"{first_en}, but other_kongs says {seats} konged before it  "
            f"（{first_zh}，可 other_kongs 说 {seats} 在这之前开过杠）"
        )
    for over in TURN_OVER:
        if get(over):
            out.append(
                f"{first_en}, but {over}=True ({labels.get(over) or over}) says the first go-around "
                f"is already over  （{first_zh}，可 {over}=True（{labels.get(over) or over}）说第一巡已经过去了）"
            )
    if hand is not None:
        claimed = [str(m) for m in hand.melds if not m.is_concealed]
        kongs = [str(m) for m in hand.melds if m.is_concealed]
        if claimed:
            out.append(
                f"{first_en}, but the hand has claimed {', '.join(claimed)}  "
                f"（{first_zh}，可这手牌吃碰杠过：{'、'.join(claimed)}）"
            )
        if kongs:
            out.append(
                f"{first_en}, but the hand has declared the kong {', '.join(kongs)} (a kong draws a "
                f"replacement tile)  （{first_zh}，可这手牌开过暗杠：{'、'.join(kongs)}（开杠要补牌））"
            )
    return out


def _flower_problems(hand, given, limit: int) -> list[str]:
    """Flowers within the set: ``given`` is a count, Fuzhou's ``(tiles, count)`` or missing."""
    tiles: tuple = ()
    count = 0
    if isinstance(given, tuple):
        tiles, count = given
    elif isinstance(given, int) and not isinstance(given, bool):
        count = given
    held, named = len(hand.flowers), len(tiles) + count
    total = held + named
    out = []
    if total > limit:
        where = (
            f"{shown(named)} given and {held} in the hand make {shown(total)}"
            if named and held
            else f"{shown(named)} given"
            if named
            else f"{held} in the hand"
        )
        where_zh = (
            f"给了 {shown(named, zh=True)} 张，手牌里有 {held} 张，共 {shown(total, zh=True)} 张"
            if named and held
            else f"给了 {shown(named, zh=True)} 张"
            if named
            else f"手牌里有 {held} 张"
        )
        out.append(
            f"flowers: {where}, but this rule set plays with "
            + (f"only {limit} flower tiles (花牌)" if limit else "no flowers (无花牌)")
            + f"  （花牌：{where_zh}，可这套规则"
            + (f"只有 {limit} 张花牌）" if limit else "没有花牌）")
        )
    for t in sorted(set(tiles) & set(hand.flowers)):
        out.append(
            f"flowers gives {t} ({t.zh}), which the hand already holds; there is only one  "
            f"（flowers 里的 {t}（{t.zh}）手牌里已经有了；这张牌只有一张）"
        )
    return out
