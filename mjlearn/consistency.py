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
* 天和 / 天胡 (``heavenly``) is the dealer's self-drawn win on his dealt tiles: nothing claimed.

:func:`context_problems` lists what is wrong; :func:`check_context` raises one
:class:`~mjlearn.errors.ContextConflictError` naming every conflict. The context is read by name from
a mapping (a rule set's completed context) or from attributes (MCR's ``WinContext``); a keyword the
rule set does not take is simply not checked.

>>> from mjlearn import parse_hand
>>> context_problems(parse_hand("123m456p789s234s5m+5m"), {"self_drawn": True, "kong": True})
[Problem(message='kong=True with self_drawn=True is a win on a kong replacement (杠上开花), but the hand has no kong: write the kong as a meld, e.g. [5555p] (concealed) or [5555p,1]  （kong=True 加 self_drawn=True 是杠上开花，可这手牌里没有杠：请把杠写成一组，例如 [5555p]（暗杠）或 [5555p,1]）', position=None)]
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import ContextConflictError, Problem
from .hand import Hand, MeldKind

__all__ = ["FLOWER_TILES", "context_problems", "check_context"]

FLOWER_TILES = {"none": 0, "eight": 8, "fuzhou36": 36}
"""How many flower tiles a :class:`~mjlearn.rules.base.TileSet` ``flowers`` value plays with."""

_SEATS = ("E", "S", "W", "N")
_MISSING = object()


def check_context(hand: Hand, context, *, flower_limit: int | None = None,
                  labels: Mapping[str, str] | None = None) -> None:
    """Raise :class:`~mjlearn.errors.ContextConflictError` if the context contradicts itself or the
    hand (see the module docstring); ``flower_limit`` is the set's number of flower tiles (None: not
    checked here), ``labels`` the Chinese names of the set's keywords for the messages."""
    problems = context_problems(hand, context, flower_limit=flower_limit, labels=labels)
    if problems:
        raise ContextConflictError(problems, str(hand))


def context_problems(hand: Hand, context, *, flower_limit: int | None = None,
                     labels: Mapping[str, str] | None = None) -> list[Problem]:
    """Every conflict of ``context`` with itself or with ``hand``, as problems (empty: consistent)."""
    if isinstance(context, Mapping):
        get = context.get
    else:
        def get(name, default=None):
            return getattr(context, name, default)
    labels = labels or {}
    out: list[Problem] = []
    for check in _CHECKS:
        problem = check(hand, get, labels)
        if problem is not None:
            out.append(Problem(problem))
    if flower_limit is not None:
        out.extend(Problem(p) for p in _flower_problems(hand, get("flowers", _MISSING), flower_limit))
    return out


# --- one function per conflict: (hand, get, labels) -> message or None ------------------------------

def _kong_bloom_without_kong(hand, get, labels):
    if get("kong") and get("self_drawn") and not any(m.kind is MeldKind.KONG for m in hand.melds):
        return ("kong=True with self_drawn=True is a win on a kong replacement (杠上开花), but the hand has "
                "no kong: write the kong as a meld, e.g. [5555p] (concealed) or [5555p,1]  "
                "（kong=True 加 self_drawn=True 是杠上开花，可这手牌里没有杠：请把杠写成一组，"
                "例如 [5555p]（暗杠）或 [5555p,1]）")
    return None


def _robbed_tile_held(hand, get, labels):
    t = hand.win_tile
    if not get("kong") or get("self_drawn", False) or t is None or t.is_flower:
        return None
    if hand.all_counts[t.index] != 1:
        return (f"kong on a discard means robbing a kong (抢杠和) of {t}, but the hand itself holds "
                f"another {t}, so the other player cannot have three of them  "
                f"（点炮时 kong=True 是抢杠和，抢的是 {t}；可这手牌自己还有一张 {t}，别人不可能有三张来开杠）")
    return None


def _robbed_on_last_tile(hand, get, labels):
    if get("kong") and not get("self_drawn", False) and get("wall_last"):
        return ("kong=True on a discard is robbing a kong (抢杠和), which cannot be on the last tile of the "
                "wall (wall_last=True, 海底): no kong is declared once the wall is empty; drop one of them  "
                "（点炮时 kong=True 是抢杠和，不会是海底（wall_last=True）：牌墙摸完后不能再开杠；请去掉其中一个）")
    return None


def _after_kong_not_a_discard(hand, get, labels):
    if not get("after_kong"):
        return None
    if get("self_drawn"):
        return ("after_kong=True (杠上炮) is a win on the discard that follows a kong, but self_drawn=True; "
                "a self-drawn win on a kong replacement is kong=True (杠上开花)  "
                "（after_kong=True 是杠上炮：和别人开杠后打出的牌，可这里 self_drawn=True；"
                "开杠补牌自摸和是 kong=True（杠上开花））")
    if get("kong"):
        return ("after_kong=True (杠上炮, a discard after a kong) and kong=True on a discard (抢杠和, a "
                "kong robbed) cannot both be the winning tile  "
                "（after_kong=True（杠上炮）和点炮时的 kong=True（抢杠和）不能同时成立）")
    return None


def _last_tile_held(hand, get, labels):
    t = hand.win_tile
    if not get("last_tile") or t is None or t.is_flower or hand.counts[t.index] == 1:
        return None
    return (f"last_tile (和绝张) says the other three {t} are already visible, but the hand holds "
            f"{hand.counts[t.index] - 1} more {t} among its concealed tiles  "
            f"（last_tile（和绝张）说另外三张 {t} 都已经亮出，可手牌里还有 {hand.counts[t.index] - 1} 张 {t}）")


def _seat_wind_of_winner(hand, get, labels):
    given = get("seat_wind")
    winner, dealer = get("winner"), get("dealer")
    if given is None or winner not in _SEATS or dealer not in _SEATS:
        return None
    wind = _SEATS[(_SEATS.index(winner) - _SEATS.index(dealer)) % 4]
    if given != wind:
        return (f"seat_wind={given!r} (门风) contradicts winner={winner!r} and dealer={dealer!r}: the "
                f"dealer sits East, so {winner}'s seat wind is {wind!r}; drop seat_wind or make them agree  "
                f"（seat_wind={given!r}（门风）与 winner={winner!r}、dealer={dealer!r} 不符：庄家坐东，"
                f"所以 {winner} 的门风是 {wind!r}；请去掉 seat_wind，或让它们一致）")
    return None


def _heavenly(hand, get, labels):
    if not get("heavenly"):
        return None
    label = labels.get('heavenly') or '天和'
    name = f"heavenly=True ({label})"
    winner, dealer, self_drawn = get("winner"), get("dealer"), get("self_drawn")
    if winner != dealer or not self_drawn:
        return (f"{name} is the dealer's self-drawn win on his dealt tiles: winner ({winner}) must be the "
                f"dealer ({dealer}) and self_drawn=True  "
                f"（{label}是庄家用起手的牌自摸和：winner（{winner}）必须是庄家（{dealer}），并且 self_drawn=True）")
    claimed = [str(m) for m in hand.melds if not m.is_concealed]
    if claimed:
        return (f"{name} is a win on the dealt tiles, but the hand has claimed {', '.join(claimed)}  "
                f"（{label}是用起手的牌和，可这手牌吃碰过：{'、'.join(claimed)}）")
    return None


_CHECKS = (_kong_bloom_without_kong, _robbed_tile_held, _robbed_on_last_tile, _after_kong_not_a_discard,
           _last_tile_held, _seat_wind_of_winner, _heavenly)


def _flower_problems(hand, given, limit: int) -> list[str]:
    """Flowers within the set: ``given`` is a count, Fuzhou's ``(tiles, count)`` or missing."""
    tiles, count = (), 0
    if isinstance(given, tuple):
        tiles, count = given
    elif isinstance(given, int) and not isinstance(given, bool):
        count = given
    held, named = len(hand.flowers), len(tiles) + count
    total = held + named
    out = []
    if total > limit:
        where = (f"{named} given and {held} in the hand make {total}" if named and held
                 else f"{named} given" if named else f"{held} in the hand")
        where_zh = (f"给了 {named} 张，手牌里有 {held} 张，共 {total} 张" if named and held
                    else f"给了 {named} 张" if named else f"手牌里有 {held} 张")
        out.append(f"flowers: {where}, but this rule set plays with "
                   + (f"only {limit} flower tiles (花牌)" if limit else "no flowers (无花牌)")
                   + f"  （花牌：{where_zh}，可这套规则" + (f"只有 {limit} 张花牌）" if limit else "没有花牌）"))
    for t in sorted(set(tiles) & set(hand.flowers)):
        out.append(f"flowers gives {t} ({t.zh}), which the hand already holds; there is only one  "
                   f"（flowers 里的 {t}（{t.zh}）手牌里已经有了；这张牌只有一张）")
    return out
