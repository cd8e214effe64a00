"""Figures over a file of Botzone games: how often each seat wins, deals in, claims; how often hands are
drawn; which fans the wins carry; the average score of each seat; and every winning hand scored again
by mjlearn (:func:`winning_hand`, :func:`rescore`), read one game at a time.

The winning hand is followed tile by tile from the record (no table is played: for the rules of play
see :func:`~mjlearn.records.check_game`), then scored by mjlearn's MCR scorer with the judge's own
context (:func:`~mjlearn.records.botzone_context`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..scoring import score
from ..tiles import TILES
from .model import Game, RecordError, from_botzone
from .replay import botzone_context

__all__ = ["Stats", "rescore", "stats_of", "winning_hand"]


def winning_hand(game: Game) -> str | None:
    """The winner's hand in mjlearn's notation (melds, concealed tiles, ``+`` the winning tile), or
    None for a drawn game. :class:`RecordError` when the record's tiles do not add up."""
    p = game.winner
    if p is None:
        return None
    hand = Counter(from_botzone(t).index for t in game.deals[p])
    melds: list[str] = []
    pungs: dict[int, int] = {}  # tile -> index in melds, for an added kong
    last_play: tuple[int, int] | None = None  # (discarder, tile)
    acts = game.actions
    for a in acts[:-1]:
        if a.player != p:
            if a.kind == "Play":
                last_play = (a.player, from_botzone(a.tile).index)
            continue
        t = from_botzone(a.tile).index
        if a.kind == "Draw":
            hand[t] += 1
        elif a.kind == "Play":
            hand[t] -= 1
            last_play = (p, t)
        elif a.kind in ("Chi", "Peng", "Gang"):
            if last_play is None:
                raise RecordError(
                    "a claim with no discard before it", "叫牌之前没有打出的牌", game=game.match, line=a.line
                )
            d, c = last_play
            if a.kind == "Chi":
                s = t - 1
                for j in (s, s + 1, s + 2):
                    if j != c:
                        hand[j] -= 1
                melds.append(f"[{_run(s)},{c - s + 1}]")
            else:
                n = 2 if a.kind == "Peng" else 3
                hand[t] -= n
                if a.kind == "Peng":
                    pungs[t] = len(melds)
                melds.append(f"[{_same(t, n + 1)},{(p - d) % 4}]")
        elif a.kind == "AnGang":
            hand[t] -= 4
            melds.append(f"[{_same(t, 4)}]")
        elif a.kind == "BuGang":
            hand[t] -= 1
            k = pungs.pop(t, None)
            if k is None:
                raise RecordError("an added kong without its pung", "加杠之前没有碰", game=game.match, line=a.line)
            offer = int(melds[k].rsplit(",", 1)[1][:-1])
            melds[k] = f"[{_same(t, 4)},{offer + 4}]"
    if any(v < 0 for v in hand.values()):
        raise RecordError("the winner's tiles do not add up", "和牌者的牌数对不上", game=game.match, line=acts[-1].line)
    win = from_botzone(acts[-1].tile).index
    prev = acts[-2]
    if prev.kind == "Draw" and prev.player == p:
        hand[win] -= 1
    concealed = "".join(str(TILES[i]) * n for i, n in sorted(hand.items()) if n > 0)
    return "".join(melds) + concealed + "+" + str(TILES[win])


def _same(t: int, n: int) -> str:
    s = str(TILES[t])
    return s * n if len(s) == 1 else s[0] * n + s[1]


def _run(s: int) -> str:
    a = str(TILES[s])
    return f"{a[0]}{int(a[0]) + 1}{int(a[0]) + 2}{a[1]}"


def rescore(game: Game) -> tuple[int, dict[str, int]] | None:
    """mjlearn's total and fans ({name: count}) of the game's winning hand, with the judge's context."""
    hand = winning_hand(game)
    if hand is None:
        return None
    res = score(hand, **botzone_context(game, len(game.actions) - 1))
    return res.total, {f["zh"]: f.get("count", 1) for f in res.to_dict()["fans"]}


@dataclass
class Stats:
    """Counts over games (see :func:`stats_of`)."""

    player: int | None = None  # one seat only (its wins' fans), or every seat
    games: int = 0
    errors: int = 0
    drawn: int = 0
    wins: Counter = field(default_factory=Counter)  # seat -> wins
    self_drawn: Counter = field(default_factory=Counter)
    dealt_in: Counter = field(default_factory=Counter)  # seat -> discards (or added kongs) won on
    claims: Counter = field(default_factory=Counter)  # (seat, "Chi"|"Peng"|"Gang") -> count
    fans: Counter = field(default_factory=Counter)  # fan name -> wins carrying it
    points: Counter = field(default_factory=Counter)  # seat -> sum of scores
    agree: int = 0  # wins whose fans mjlearn scores as the judge did
    differ: list = field(default_factory=list)  # (match, mjlearn's, the judge's)

    def add(self, g: Game, *, check: bool = True) -> None:
        self.games += 1
        for i, s in enumerate(g.scores):
            self.points[i] += s
        for a in g.actions:
            if a.kind in ("Chi", "Peng", "Gang"):
                self.claims[(a.player, a.kind)] += 1
        if g.huang:
            self.drawn += 1
            return
        p = g.winner
        assert p is not None and g.fan is not None
        self.wins[p] += 1
        prev = g.actions[-2]
        if prev.kind == "Draw" and prev.player == p:
            self.self_drawn[p] += 1
        else:
            self.dealt_in[prev.player] += 1
        if self.player is not None and p != self.player:
            return
        for name, _n in g.fan[1]:
            self.fans[name] += 1
        if check:
            mine = rescore(g)
            judge = (g.fan[0], dict(g.fan[1]))
            if mine == judge:
                self.agree += 1
            else:
                self.differ.append((g.match, mine, judge))

    def table(self) -> str:
        """The figures as plain text, both languages."""
        n = max(self.games, 1)
        seats = range(4) if self.player is None else [self.player]
        wins = sum(self.wins[s] for s in seats)
        lines = [
            f"games 对局 {self.games}  (unreadable 读不了 {self.errors})",
            f"drawn 荒庄 {self.drawn / n:.1%}   wins 和牌 {wins / n:.1%}",
            "seat 座位   win 和   self-drawn 自摸   deal-in 放铳   chow 吃   pung 碰   kong 杠   avg points 平均得分",
        ]
        for s in seats:
            lines.append(
                f"{s} {'ESWN'[s]:<7} {self.wins[s] / n:6.1%} {self.self_drawn[s] / n:13.1%} {self.dealt_in[s] / n:13.1%}"
                f" {self.claims[(s, 'Chi')] / n:7.2f} {self.claims[(s, 'Peng')] / n:7.2f}"
                f" {self.claims[(s, 'Gang')] / n:7.2f} {self.points[s] / n:14.2f}"
            )
        lines.append("fans in wins 和牌中的番种:")
        for name, c in self.fans.most_common():
            lines.append(f"  {name:<8} {c / max(wins, 1):6.1%}  ({c})")
        if wins:
            lines.append(f"re-scored by mjlearn 由 mjlearn 重算: {self.agree}/{wins} agree with the judge 与裁判一致")
            lines += [f"  differs 不一致 {m}: mjlearn {a}, judge {b}" for m, a, b in self.differ[:20]]
        return "\n".join(lines)


def stats_of(games, *, player: int | None = None, check: bool = True) -> Stats:
    """The figures of ``games`` (an iterable of :class:`Game` and :class:`RecordError`, as the readers
    yield them: errors are counted, not read); with ``player`` (0-3) that seat's only."""
    st = Stats(player=player)
    for g in games:
        if isinstance(g, RecordError):
            st.errors += 1
        else:
            st.add(g, check=check)
    return st
