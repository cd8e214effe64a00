"""mjlearn's computer players as Botzone bots: the requests a bot receives turned into a table it can
play at, and its choice turned into Botzone's response.

Botzone tells a bot only what its seat may see: its own deal and draws, the others' discards, melds and
the fact that they drew (``3 p DRAW``), not which tile; a concealed kong of another player is told
without its tile. :func:`view_game` makes a :class:`~mjlearn.records.model.Game` of that view in which
every unseen tile is filled in from the tiles the seat has not seen (another player's draw is the tile
he plays right after it, when he does), and :func:`respond` plays it at mjlearn's table
(:func:`~mjlearn.records.replay.table_for`) up to the request and asks the player what to do. The
players only read what their seat may see, so the filling never changes their choice.

Botzone's own limits are kept: no chow, pung or kong on the last discard (the next player's wall is
empty), no kong when one's own wall or the next player's is empty, and a win is declared only when
mjlearn's scorer, given the judge's context, counts at least 8 points.
"""

from __future__ import annotations

from collections import Counter

from ..errors import MjlearnError
from ..scoring import score
from ..table import IllegalActionError, Table
from ..tiles import TILES
from .model import Action, Game, from_botzone, to_botzone
from .replay import answer_claims, botzone_context, play_actions, table_for

__all__ = ["BotView", "respond", "view_game"]

_ALL = [to_botzone(TILES[i]) for i in range(34) for _ in range(4)]


class BotView:
    """What one seat knows of a game so far, built from Botzone's requests one at a time."""

    def __init__(self) -> None:
        self.me = -1
        self.wind = 0
        self.deal: list[str] = []
        self.actions: list[Action] = []  # the actions; others' draws with tile "?"; their AnGang "?"
        self.last_request = ""

    def feed(self, request: str, response: str | None = None) -> None:
        """One request (and, for a past turn, this seat's response to it)."""
        w = request.split()
        self.last_request = request
        if not w:
            return
        kind = w[0]
        if kind == "0":
            self.me, self.wind = int(w[1]), int(w[2])
        elif kind == "1":
            self.deal = w[5:18]
        elif kind == "2":
            self.actions.append(Action(self.me, "Draw", w[1]))
        elif kind == "3":
            p, what = int(w[1]), w[2]
            last = next((a.tile for a in reversed(self.actions) if a.kind in ("Play", "BuGang")), "")
            if what == "DRAW":
                self.actions.append(Action(p, "Draw", "?"))
            elif what == "PLAY":
                self.actions.append(Action(p, "Play", w[3]))
            elif what == "PENG":
                self.actions += [Action(p, "Peng", last), Action(p, "Play", w[3])]
            elif what == "CHI":
                self.actions += [Action(p, "Chi", w[3]), Action(p, "Play", w[4])]
            elif what == "GANG":
                own = self.actions and self.actions[-1].kind == "Draw" and self.actions[-1].player == p
                if own:
                    t = self._my_angang if p == self.me else "?"
                    self.actions.append(Action(p, "AnGang", t))
                else:
                    self.actions.append(Action(p, "Gang", last))
            elif what == "BUGANG":
                self.actions.append(Action(p, "BuGang", w[3]))
        if response and response.startswith("GANG ") and kind == "2":
            self._my_angang = response.split()[1]

    _my_angang = "?"

    def draws(self) -> list[int]:
        """Tiles each player has taken from his own wall (13 dealt, then each draw)."""
        d = [13] * 4
        for a in self.actions:
            if a.kind == "Draw":
                d[a.player] += 1
        return d


def view_game(v: BotView) -> Game:
    """The game as far as the seat knows it, every unseen tile filled in consistently."""
    pool = list(_ALL)

    def take(t: str) -> None:
        pool.remove(t)

    for t in v.deal:
        take(t)
    acts = [Action(a.player, a.kind, a.tile) for a in v.actions]
    # another player's concealed kong is told without its tile: four of a kind the seat never sees
    known = Counter(t for t in v.deal)
    for a in acts:
        if a.tile != "?":
            known[a.tile] += 3 if a.kind in ("Peng", "Gang", "AnGang", "BuGang") else 1
    for a in acts:
        if a.kind == "AnGang" and a.tile == "?":
            a.tile = next(t for t in dict.fromkeys(_ALL) if not known[t])
            known[a.tile] = 4
    deals: list[list[str]] = [[] for _ in range(4)]
    deals[v.me] = list(v.deal)
    last = ""
    held: list[list[int]] = [[] for _ in range(4)]  # per player: the indices of his draws not yet known
    leaving: list[tuple[int, list[str]]] = []
    for i, a in enumerate(acts):
        p = a.player
        if a.kind == "Draw":
            if p == v.me:
                take(a.tile)
            else:
                held[p].append(i)
            continue
        if a.kind == "Play":
            out = [a.tile]
            last = a.tile
        elif a.kind == "Chi":
            m = from_botzone(a.tile).index
            out = [to_botzone(TILES[j]) for j in (m - 1, m, m + 1)]
            out.remove(last)
        elif a.kind == "Peng":
            out = [a.tile] * 2
        elif a.kind == "Gang":
            out = [a.tile] * 3
        elif a.kind == "BuGang":
            out, last = [a.tile], a.tile
        elif a.kind == "AnGang":
            out = [a.tile] * 4
        else:
            out = []
        leaving.append((i, out))
        if p == v.me:
            continue
        for t in out:
            if t == "?":
                continue
            take(t)
            if held[p]:
                acts[held[p].pop()].tile = t
            else:
                deals[p].append(t)
    pool.sort()
    for p in range(4):
        if len(deals[p]) > 13:
            raise ValueError(f"player {p} showed more tiles than he held")
        while len(deals[p]) < 13:
            deals[p].append(pool.pop())
        for i in held[p]:
            acts[i].tile = pool.pop()
    return Game("view", v.wind, tuple(tuple(d) for d in deals), acts)


def _wins(tb: Table, game: Game, me: int, tile: str) -> bool:
    """Whether a win on ``tile`` now counts 8 points by the judge's own context (mjlearn's scorer)."""
    try:
        res = tb.win_result(me)
    except (MjlearnError, ValueError, AssertionError):
        return False
    hand = getattr(res, "hand", None)
    if hand is None:
        return False
    game.actions.append(Action(me, "Hu", tile))
    try:
        return score(hand, **botzone_context(game, len(game.actions) - 1)).total >= 8
    except (MjlearnError, ValueError):
        return False
    finally:
        game.actions.pop()


def respond(v: BotView, bot) -> str:
    """Botzone's response of ``bot`` (a player of :func:`~mjlearn.coaching.bots.make_bot`) to the
    last request of ``v``."""
    req = v.last_request.split()
    if not req or req[0] in ("0", "1"):
        return "PASS"
    me = v.me
    if req[0] == "3" and (int(req[1]) == me or req[2] not in ("PLAY", "PENG", "CHI", "BUGANG")):
        return "PASS"
    game = view_game(v)
    tb = table_for(game)
    play_actions(tb, game.actions, answer_last=False)
    draws = v.draws()
    if req[0] == "2":
        drawn = req[1]
        what, arg = bot.choose_turn(tb, me)
        if what == "win":
            if _wins(tb, game, me, drawn):
                return "HU"
            what, arg = "discard", bot.choose_discard(tb, me)
        if what == "kong":
            if draws[me] >= 34 or draws[(me + 1) % 4] >= 34:
                return f"PLAY {to_botzone(TILES[bot.choose_discard(tb, me)])}"
            t = TILES[arg]
            four = tb.hands[me][arg] == 4
            return f"{'GANG' if four else 'BUGANG'} {to_botzone(t)}"
        return f"PLAY {to_botzone(TILES[arg])}"
    discarder = int(req[1])
    if tb.phase not in ("claim", "rob") or me not in tb.pending:
        return "PASS"
    tile = req[-1]
    if tb.phase == "rob":
        return "HU" if "win" in tb.claim_options(me) and _wins(tb, game, me, tile) else "PASS"
    what, arg = bot.choose_claim(tb, me)
    if what == "win":
        if _wins(tb, game, me, tile):
            return "HU"
        what = "pass"
    if what == "pass" or draws[(discarder + 1) % 4] >= 34:
        return "PASS"
    try:
        if what == "chow":
            tb.chow(me, arg)
            said = f"CHI {to_botzone(TILES[arg.index + 1])}"
        elif what == "pung":
            tb.pung(me)
            said = "PENG"
        else:
            return "GANG" if draws[me] < 34 else "PASS"
        answer_claims(tb, None)
    except IllegalActionError:
        return "PASS"
    return f"{said} {to_botzone(TILES[bot.choose_discard(tb, me)])}"
