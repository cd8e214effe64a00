"""A Botzone game played again at mjlearn's own MCR table, and checked against the judge.

:func:`table_for` builds mjlearn's :class:`~mjlearn.table.Table` with a wall arranged so that its deal and
its draws are the game's own; :func:`check_game` then plays every action of the record there (an
overridden claim too, so the table's own priority must pick the same claimant), and compares the end
with the judge's: the winner, the fans, the total and the scores. Every difference is returned as a
:class:`Finding` with both sides, never hidden.

Two things differ by construction, and are reported apart (``kind``):

* ``wall``: Botzone gives each player a wall of his own, 34 tiles: the hand is drawn (``Huang``)
  when the player to draw has none left, and "the last tile" (妙手回春, 海底捞月) is the tile after which
  the next player has none. mjlearn's table has one wall of 144 tiles. A ``Huang`` is checked by
  Botzone's rule (the player to draw had drawn his 21 tiles), and a winning hand is scored again by
  mjlearn's scorer with the judge's own context (:func:`botzone_context`), so a difference of fans is
  told apart from a difference of context.
* ``note``: the table's context of a win differs from the judge's and the score does not (a robbed
  kong: mjlearn's table marks the robbed tile as the last of its kind, which MCR's 抢杠和 excludes
  from 和绝张; the judge does not mark it).
* anything else (``illegal``, ``claim``, ``winner``, ``context``, ``fans``, ``total``, ``scores``) is a
  disagreement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import MjlearnError
from ..hand import as_hand
from ..scoring import score
from ..seats import SEATS, Seat
from ..table import IllegalActionError, Table, Wall, tile_set, wall_owner
from ..tiles import TILES
from .model import Action, Game, RecordError, from_botzone, to_botzone

__all__ = ["Finding", "Replayed", "answer_claims", "botzone_context", "check_game", "play_actions", "table_for"]

DICE = (1, 2, 3)
"""The dice the rebuilt wall is broken with (any throw does: the wall is arranged around the break)."""

_DEALT = {  # mjlearn's deal: 3 rounds of 4 tiles, then the jump draw (E takes 48 and 52)
    0: [*range(4), *range(16, 20), *range(32, 36), 48],
    1: [*range(4, 8), *range(20, 24), *range(36, 40), 49],
    2: [*range(8, 12), *range(24, 28), *range(40, 44), 50],
    3: [*range(12, 16), *range(28, 32), *range(44, 48), 51],
}
_KONGS = ("Gang", "AnGang", "BuGang")
_CLAIM = {"Chi": "chow", "Peng": "pung", "Gang": "kong", "Hu": "win"}


@dataclass
class Finding:
    """One difference between mjlearn and the judge: ``kind``, the record's ``line`` (0: the game),
    and both sides in words."""

    kind: str
    line: int
    mjlearn: str
    judge: str

    def __str__(self) -> str:
        at = f"line {self.line}: " if self.line else ""
        return f"{self.kind}: {at}mjlearn says {self.mjlearn}; the judge says {self.judge}"


@dataclass
class Replayed:
    """A game played again: the ``table`` at its end, the ``findings``, and ``rescored`` (mjlearn's
    scorer on the winning hand with the judge's context: total and fans as {name: count})."""

    game: Game
    table: Table
    findings: list[Finding] = field(default_factory=list)
    rescored: tuple[int, dict[str, int]] | None = None

    @property
    def disagreements(self) -> list[Finding]:
        return [f for f in self.findings if f.kind not in ("wall", "note")]


def _draw_plan(game: Game) -> tuple[list[int | None], list[str]]:
    """The wall in draw order (tile index per position; None where any tile may lie) for the game's
    deal and draws, and the kind of each kong's replacement."""
    pos: list[int | None] = [None] * 144
    for p, deal in enumerate(game.deals):
        for k, t in zip(_DEALT[p], deal):
            pos[k] = from_botzone(t).index
    front, back = 52, 71
    taken = set(range(53))
    prev: Action | None = None
    for a in game.actions:
        if a.kind == "Draw":
            ti = from_botzone(a.tile).index
            if prev is not None and prev.kind in _KONGS and prev.player == a.player:
                while True:  # the tail: the top of the last stack first (MCR's kong replacement)
                    x, y = 2 * back, 2 * back + 1
                    if x not in taken:
                        k = x
                        break
                    if y not in taken:
                        k = y
                        break
                    back -= 1
            else:
                k = front
                front += 1
                while front in taken:
                    front += 1
            if k in taken and k != 52:
                raise ValueError("the wall ran out")
            taken.add(k)
            pos[k] = ti
        prev = a
    return pos, []


def table_for(game: Game) -> Table:
    """mjlearn's MCR table dealt the game's tiles, whose wall gives the game's draws in order."""
    pos, _ = _draw_plan(game)
    left = list(tile_set("mcr"))
    for t in pos:
        if t is not None:
            left.remove(t)  # ValueError: a fifth copy
    left.sort(key=lambda i: (i < 34, i))  # flowers first: they lie in the middle, never drawn
    order = [t if t is not None else left.pop(0) for t in pos]
    w = Wall("mcr", tile_set("mcr"))
    w.set_break(wall_owner(Seat.E, sum(DICE)), sum(DICE))
    arrangement = [0] * 144
    for p, t in enumerate(order):
        s, j = w.order[p >> 1]
        arrangement[w.physical_index(s, j, p & 1)] = t
    return Table("mcr", arrangement=arrangement, dice=[DICE], prevalent_wind="ESWN"[game.wind])


def botzone_context(game: Game, upto: int) -> dict:
    """The judge's context for the win at ``game.actions[upto]``: self-drawn, on a kong, the last tile
    (the next player's own wall empty), the fourth tile (three of its kind shown before), the winds."""
    acts = game.actions
    win = acts[upto]
    p = win.player
    draws = [13] * 4
    shown: dict[str, int] = {}
    for i, a in enumerate(acts[:upto]):
        if a.kind == "Draw":
            draws[a.player] += 1
        elif a.kind == "Play":
            after = acts[i + 1] if i + 1 < len(acts) else None
            if after is None or after.kind == "Draw":
                shown[a.tile] = shown.get(a.tile, 0) + 1  # a discard nobody took
        elif a.kind == "Chi":
            t = from_botzone(a.tile)
            for d in (-1, 0, 1):
                b = to_botzone(TILES[t.index + d])
                shown[b] = shown.get(b, 0) + 1
        elif a.kind == "Peng":
            shown[a.tile] = shown.get(a.tile, 0) + 3
        elif a.kind in ("Gang", "BuGang"):
            shown[a.tile] = 4
    prev = acts[upto - 1]
    self_drawn = prev.kind == "Draw" and prev.player == p
    before = acts[upto - 2] if upto >= 2 else None
    if self_drawn:
        kong = before is not None and before.kind in _KONGS and before.player == p
        nxt = (p + 1) % 4
    else:
        kong = prev.kind == "BuGang"
        nxt = (prev.player + 1) % 4
    return {
        "self_drawn": self_drawn,
        "kong": kong,
        "wall_last": draws[nxt] >= 34,
        "last_tile": shown.get(win.tile, 0) == 3,
        "seat_wind": "ESWN"[p],
        "prevalent_wind": "ESWN"[game.wind],
    }


def _fans_of(result) -> dict[str, int]:
    return {f["zh"]: f.get("count", 1) for f in result.to_dict()["fans"]}


def play_actions(tb: Table, acts, upto: int | None = None, *, answer_last: bool = True, watch=None) -> None:
    """Play ``acts[:upto]`` at ``tb`` (built by :func:`table_for`). A discard (or an added kong) is
    answered with the next action's claim, the claims it overrode and passes, except the last one
    when ``answer_last`` is False (the table then waits for the claims). Raises
    :class:`~mjlearn.table.IllegalActionError` (with ``line``) for an action the table refuses, and
    :class:`_Differs` for a draw or a claimant that is not the record's. ``watch(tb, i, stage)``, if
    given, is called before action ``i`` (stage ``"before"``) and, after a discard or an added kong,
    before the claims are answered (stage ``"claims"``)."""
    acts = list(acts if upto is None else acts[:upto])
    first = True
    for i, a in enumerate(acts):
        nxt = acts[i + 1] if i + 1 < len(acts) else None
        prev = acts[i - 1] if i else None
        answer = nxt is not None or answer_last
        if watch is not None:
            watch(tb, i, "before")
        try:
            if a.kind == "Draw":
                if first and a.player == 0 and prev is None:
                    pass  # the dealer's 14th tile is dealt
                elif not (prev is not None and prev.kind in _KONGS and prev.player == a.player):
                    tb.draw(a.player)
                if tb._drawn is None or tb._drawn != from_botzone(a.tile):
                    raise _Differs("illegal", a, f"the draw is {tb._drawn}", a.tile)
            elif a.kind == "Play":
                tb.discard(a.player, from_botzone(a.tile))
                if watch is not None and tb.phase == "claim":
                    watch(tb, i, "claims")
                if answer:
                    answer_claims(tb, nxt)
            elif a.kind in ("AnGang", "BuGang"):
                tb.kong(a.player, from_botzone(a.tile))
                if watch is not None and tb.phase == "rob":
                    watch(tb, i, "claims")
                if tb.phase == "rob" and answer:
                    answer_claims(tb, nxt)
            elif a.kind == "Hu" and tb.phase == "discard":
                tb.win(a.player)
            elif a.kind in _CLAIM:  # made by answer_claims on the discard before
                claimed = ("Play", "BuGang") if a.kind == "Hu" else ("Play",)
                if (
                    prev is None
                    or prev.kind not in claimed
                    or prev.player == a.player
                    or (a.kind != "Chi" and prev.tile != _claimed(a))
                ):
                    raise IllegalActionError(
                        f"{a.kind} claims the discard just made, and the line before is not one it can claim",
                        f"{a.kind} 只能叫刚打出的牌，而上一行不是可以叫的牌",
                    )
                if tb.phase in ("claim", "rob"):
                    raise IllegalActionError("the claim was not resolved", "叫牌没有结算")
                res = tb.result
                who = res[0].seat if tb.phase == "over" and isinstance(res, list) and res else tb.turn
                if int(who) != a.player:
                    raise _Differs(
                        "winner" if a.kind == "Hu" else "claim",
                        a,
                        f"player {int(who)} takes the tile",
                        f"player {a.player} does",
                    )
        except IllegalActionError as e:
            e.line = a.line  # type: ignore[attr-defined]
            e.action = a  # type: ignore[attr-defined]
            raise
        first = False


def _claimed(a) -> str:
    """The tile a claim takes: its own for a pung, a kong or a win; for a chow (named by its middle
    tile) the discard, which the chow's run must hold."""
    return a.tile if a.kind != "Chi" else ""


class _Differs(Exception):
    def __init__(self, kind: str, action, mine: str, theirs: str):
        self.finding = Finding(kind, action.line, mine, theirs)


def check_game(game: Game) -> Replayed:
    """Play ``game`` again at mjlearn's MCR table and compare every step and the end with the judge."""
    try:
        tb = table_for(game)
    except ValueError as e:
        raise RecordError(
            f"its tiles cannot be dealt: {e}", f"它的牌发不出来：{e}", game=game.match, line=game.line
        ) from None
    r = Replayed(game, tb)
    try:
        play_actions(tb, game.actions)
    except _Differs as d:
        r.findings.append(d.finding)
        return r
    except IllegalActionError as e:
        a = e.action  # type: ignore[attr-defined]
        r.findings.append(
            Finding("illegal", a.line, f"{a.kind} {a.tile} by player {a.player} is illegal: {e.en}", "it is legal")
        )
        return r
    except (MjlearnError, ValueError) as e:
        r.findings.append(Finding("illegal", 0, f"the game fails: {e}", "it is legal"))
        return r
    _compare_end(r)
    return r


def answer_claims(tb: Table, nxt) -> None:
    """The other players' answers to a discard (or an added kong): the claim of the next line and the
    claims it overrode, then a pass from everyone else who may claim."""
    if tb.phase not in ("claim", "rob"):
        return
    calls = []
    if nxt is not None and nxt.kind in _CLAIM and (nxt.kind != "Hu" or tb.phase in ("claim", "rob")):
        if not (nxt.kind == "Hu" and tb.phase == "discard"):
            calls = [
                (nxt.player, nxt.kind, nxt.tile),
                *((q, v[0].upper() + v[1:].lower(), t) for q, v, t in nxt.ignored),
            ]
    for q, verb, t in calls:
        what = _CLAIM[verb]
        if what == "chow":
            tb.chow(q, TILES[from_botzone(t).index - 1])
        else:
            getattr(tb, what)(q)
    for s in SEATS:
        if tb.phase in ("claim", "rob") and s in tb.pending:
            tb.pass_(s)


def _compare_end(r: Replayed) -> None:
    g, tb = r.game, r.table
    if g.huang:
        if tb.phase == "over":
            r.findings.append(Finding("winner", 0, "the hand is over", "Huang"))
            return
        last = next((a for a in reversed(g.actions) if a.kind == "Play"), None)
        to_draw = (last.player + 1) % 4 if last else 0
        draws = 13 + sum(1 for a in g.actions if a.kind == "Draw" and a.player == to_draw)
        if draws < 34:
            r.findings.append(
                Finding("winner", 0, f"player {to_draw} still has {34 - draws} tiles of his wall", "Huang")
            )
        else:
            r.findings.append(
                Finding(
                    "wall",
                    0,
                    f"{tb.live_tiles_left()} tiles are left in the one wall",
                    "Huang: the player to draw has no tile of his own wall left",
                )
            )
        return
    if tb.phase != "over" or not tb.result or not isinstance(tb.result, list):
        r.findings.append(Finding("winner", 0, "the hand is not over", f"player {g.winner} wins"))
        return
    won = tb.result
    if [int(w.seat) for w in won] != [g.winner]:
        r.findings.append(Finding("winner", 0, f"players {[int(w.seat) for w in won]} win", f"player {g.winner} wins"))
        return
    w = won[0]
    assert g.fan is not None
    total, fans = g.fan
    judge_fans = dict(fans)
    ctx = botzone_context(g, len(g.actions) - 1)
    res = score(as_hand(w.hand), **ctx)
    r.rescored = (res.total, _fans_of(res))
    mine = _fans_of(w.result)
    table_ctx = w.win_context
    # the table's context differs from the judge's only in "the last tile": Botzone's four walls
    only_wall = table_ctx.wall_last != ctx["wall_last"] and (
        table_ctx.self_drawn,
        table_ctx.kong,
        table_ctx.last_tile,
    ) == (ctx["self_drawn"], ctx["kong"], ctx["last_tile"])
    if not only_wall and (table_ctx.self_drawn, table_ctx.kong, table_ctx.last_tile) != (
        ctx["self_drawn"],
        ctx["kong"],
        ctx["last_tile"],
    ):
        same_score = (w.result.total, mine) == (total, judge_fans)
        r.findings.append(
            Finding(
                "note" if same_score else "context",
                0,
                f"self-drawn {table_ctx.self_drawn}, kong {table_ctx.kong}, fourth tile {table_ctx.last_tile}",
                f"self-drawn {ctx['self_drawn']}, kong {ctx['kong']}, fourth tile {ctx['last_tile']}",
            )
        )
    if r.rescored != (total, judge_fans):
        r.findings.append(
            Finding(
                "fans",
                0,
                f"{res.total}: {_words(r.rescored[1])} (hand {w.hand}, {ctx})",
                f"{total}: {_words(judge_fans)}",
            )
        )
    if (w.result.total, mine) != (total, judge_fans):
        kind = "wall" if only_wall and r.rescored == (total, judge_fans) else "total"
        r.findings.append(
            Finding(kind, 0, f"at the table {w.result.total}: {_words(mine)}", f"{total}: {_words(judge_fans)}")
        )
    paid = tuple(w.payments)
    if paid != tuple(g.scores):
        expect = _botzone_scores(g, r.rescored[0], ctx["self_drawn"])
        kind = "wall" if only_wall and expect == tuple(g.scores) else "scores"
        r.findings.append(Finding(kind, 0, f"the table pays {list(paid)}", f"{list(g.scores)}"))


def _botzone_scores(g: Game, total: int, self_drawn: bool) -> tuple[int, ...]:
    p = g.winner
    assert p is not None
    if self_drawn:
        return tuple(3 * (8 + total) if i == p else -(8 + total) for i in range(4))
    payer = g.actions[-2].player
    return tuple(24 + total if i == p else -(8 + total) if i == payer else -8 for i in range(4))


def _words(fans: dict[str, int]) -> str:
    return "+".join(f"{k}*{v}" for k, v in sorted(fans.items()))
