"""A session (a match) of several hands: dealer rotation, the prevalent wind and running scores.

Four players sit at fixed places; the dealer (East of each hand) moves between them by the rule
set's :meth:`~mjlearn.rules.RuleSet.next_dealer`, each hand is played on a :class:`Table`
whose seat 0 is the dealer, and each hand's payments (by seat wind) are credited to the players.
Payments sum to zero in every hand, so the running scores always sum to zero too.

Rotation: MCR passes the deal every hand and changes the prevalent wind every four
hands; Beijing, Xi'an, old Beijing and Fuzhou keep the dealer after his win or a
drawn hand, else the deal passes to his 下家 (Beijing's ``dealer_rotation``, old Beijing's ``dealer_repeats_on``; also
the default for
the points family, Huopin and Hong Kong, whose seeds say nothing); Changsha gives the deal to the
winner (the discarder after 通炮), Yunnan to the winner (the discarder's 下家 after 一炮多响); a
drawn hand keeps the dealer in both. The prevalent wind advances after every fourth change of
dealer (for MCR: every four hands; for the others: once the deal has gone round). The session
also gives the rule set what only a session knows: the dealer's streak (Fuzhou ``streak``) and
the drawn hands in a row (Beijing ``shang_lou``).

>>> from mjlearn.table.session import Session
>>> s = Session("mcr", seed=1).play(4)
>>> [str(r.dealer) for r in s.records], sum(s.scores)
(['E', 'S', 'W', 'N'], 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..rules.base import RuleSet
from ..rules.registry import DEFAULT
from ..rules.registry import get as _get_rules
from ..seats import SEATS, Seat
from .bots import play_hand
from .play import Table

__all__ = ["HandRecord", "Session"]


@dataclass(frozen=True)
class HandRecord:
    """One finished hand of a session."""

    number: int
    """1, 2, ..."""
    dealer: Seat
    """The player who dealt (his fixed place at the table: the seat he has when player 1 is East)."""
    prevalent_wind: str
    streak: int
    """The dealer's repeat deals before this hand (连庄)."""
    table: Table
    """The finished table (its log replays the hand)."""
    payments: tuple[int, ...]
    """Net amount of each player (by fixed place, not by seat wind); sums to zero."""

    @property
    def winners(self) -> list[Seat]:
        """Players who won (fixed places)."""
        return [self.dealer.after(w.seat) for w in self.table.winners]

    @property
    def drawn(self) -> bool:
        return not self.table.winners

    def player_of(self, seat) -> Seat:
        """The player (fixed place) who sat at ``seat`` (East = the dealer) in this hand."""
        return self.dealer.after(Seat.of(seat))


class Session:
    """Several hands under one rule set with dealer rotation and cumulative scores.

    ``rules``: a rule-set name or alias, or a :class:`~mjlearn.rules.RuleSet`;
    ``seed``: hand ``k`` is shuffled with seed ``seed * 1000 + k``; ``players``: four names;
    ``rule_options``: options of the rule set (e.g. ``{"min_fan": 3}`` in Hong Kong).
    Play with :meth:`play` (computer players), or take :meth:`next_table`, play it yourself and
    hand it back with :meth:`record`.
    """

    def __init__(
        self,
        rules=DEFAULT,
        seed: int = 0,
        *,
        players=("玩家1 P1", "玩家2 P2", "玩家3 P3", "玩家4 P4"),
        rule_options=None,
        first_dealer=Seat.E,
    ):
        rs = _get_rules(rules)
        self.rules: RuleSet = rs.with_options(**dict(rule_options)) if rule_options else rs
        if len(players) != 4:
            raise ValueError(f"a session needs four players, got {len(players)}")
        self.seed = seed
        self.players = tuple(players)
        self.dealer: Seat = Seat.of(first_dealer, name="first_dealer")
        self.prevalent_wind = "E"
        self.streak = 0
        self.draws_in_a_row = 0
        self.dealer_changes = 0
        self.records: list[HandRecord] = []
        self.scores = [0, 0, 0, 0]
        self._pending: Table | None = None

    # --- one hand ---------------------------------------------------------------------------------

    def _context(self) -> dict:
        names = set(self.rules.context_names)
        ctx = {}
        if "streak" in names:
            ctx["streak"] = self.streak
        if "shang_lou" in names:
            ctx["shang_lou"] = self.draws_in_a_row
        return ctx

    def next_table(self) -> Table:
        """The table of the next hand, dealt and ready (seat 0 = the current dealer)."""
        k = len(self.records) + 1
        self._pending = Table(
            self.rules, seed=self.seed * 1000 + k, prevalent_wind=self.prevalent_wind, context=self._context()
        )
        return self._pending

    def record(self, table: Table) -> HandRecord:
        """Book a finished hand (from :meth:`next_table`): payments, then the next dealer and wind."""
        if table is not self._pending:
            raise ValueError("record() takes the table that next_table() gave for this hand")
        if not table.is_over:
            raise ValueError("the hand is not over yet: play it to a win or an exhausted wall first")
        pay = table.payments
        if sum(pay.values()) != 0:  # pragma: no cover - every rule set's settlement sums to zero
            raise ValueError(f"the payments of the hand do not sum to zero: {pay}")
        by_player = [0, 0, 0, 0]
        for seat in SEATS:
            by_player[self.dealer.after(seat)] += pay[seat.letter]
        rec = HandRecord(len(self.records) + 1, self.dealer, self.prevalent_wind, self.streak, table, tuple(by_player))
        self.records.append(rec)
        for p in range(4):
            self.scores[p] += by_player[p]
        self._pending = None
        self._rotate(table)
        return rec

    def play_hand(self, bots=None) -> HandRecord:
        """Play the next hand with four computer players and book it."""
        return self.record(play_hand(self.next_table(), bots))

    def play(self, hands: int, bots=None) -> Session:
        """Play ``hands`` more hands with computer players (``bots``: four of them, e.g.
        ``make_bots("strong")``; default: basic ones seeded from each hand's seed)."""
        for _ in range(hands):
            self.play_hand(bots)
        return self

    def next_dealer_seat(self, table: Table) -> Seat:
        """The seat (of the finished hand: 0 = its dealer) who deals the next hand, by the session's rule
        set (:meth:`~mjlearn.rules.RuleSet.next_dealer`)."""
        ws = table.winners
        discarder = ws[0].from_seat if ws else None
        nxt = self.rules.next_dealer(
            tuple(w.seat.letter for w in ws), None if discarder is None else discarder.letter, Seat.E.letter
        )
        return Seat.of(nxt)

    def _rotate(self, table: Table) -> None:
        nxt = self.next_dealer_seat(table)
        self.draws_in_a_row = 0 if table.winners else self.draws_in_a_row + 1
        if nxt is Seat.E:
            self.streak += 1
            return
        self.dealer = self.dealer.after(nxt)
        self.streak = 0
        self.dealer_changes += 1
        if self.dealer_changes % 4 == 0:
            self.prevalent_wind = Seat.of(self.prevalent_wind).after().letter

    # --- display ------------------------------------------------------------------------------------

    def rows(self) -> list[dict]:
        """One dict per hand: number, wind, dealer, outcome (zh, en), each player's amount and running total."""
        out, run = [], [0, 0, 0, 0]
        for r in self.records:
            run = [a + b for a, b in zip(run, r.payments)]
            if r.drawn:
                zh, en = "荒牌", "drawn"
            else:
                ws = r.table.winners
                unit = ws[0].unit
                zh = "；".join(
                    f"{self.players[r.player_of(w.seat)]}{'自摸' if w.self_drawn else '和'} {w.points}{unit[0]}"
                    for w in ws
                )
                en = "; ".join(
                    f"{self.players[r.player_of(w.seat)]} "
                    f"{'self-drawn' if w.self_drawn else 'on a discard'} {w.points} {unit[1]}"
                    for w in ws
                )
            out.append(
                dict(
                    number=r.number,
                    wind=r.prevalent_wind,
                    dealer=r.dealer,
                    streak=r.streak,
                    zh=zh,
                    en=en,
                    payments=r.payments,
                    totals=tuple(run),
                )
            )
        return out

    def __str__(self) -> str:
        head = f"{self.rules.zh} {self.rules.en}: {len(self.records)} hands / 局"
        names = "  ".join(f"{p:>12}" for p in self.players)
        lines = [head, f"{'#':>3} {'wind':>4} {'dealer':>12}  {names}  outcome"]
        for row in self.rows():
            amounts = "  ".join(f"{v:>+6g} {t:>+5g}" for v, t in zip(row["payments"], row["totals"]))
            lines.append(
                f"{row['number']:>3} {row['wind']:>4} {self.players[row['dealer']]:>12}  {amounts}  "
                f"{row['zh']} / {row['en']}"
            )
        lines.append("total 合计: " + ", ".join(f"{p} {s:+g}" for p, s in zip(self.players, self.scores)))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"<Session {self.rules.name} hands={len(self.records)} dealer={self.players[self.dealer]} "
            f"wind={self.prevalent_wind} scores={self.scores}>"
        )

    def _repr_pretty_(self, p, cycle) -> None:
        """A notebook's plain-text view (beside the HTML table): the table as text, not the repr."""
        p.text(str(self))

    def _repr_html_(self) -> str:
        unit = self.rules.pay_unit
        th = "".join(f"<th colspan=2>{escape(p)}</th>" for p in self.players)
        rows = []
        for row in self.rows():
            cells = "".join(
                f"<td style='text-align:right'>{v:+g}</td><td style='text-align:right;color:#666'>{t:+g}</td>"
                for v, t in zip(row["payments"], row["totals"])
            )
            streak = f" ×{row['streak'] + 1}" if row["streak"] else ""
            rows.append(
                f"<tr><td>{row['number']}</td><td>{Seat.of(row['wind']).zh} {row['wind']}</td>"
                f"<td>{escape(self.players[row['dealer']])}{streak}</td>{cells}"
                f"<td>{escape(row['zh'])}<br><small>{escape(row['en'])}</small></td></tr>"
            )
        total = "".join(f"<th colspan=2 style='text-align:right'>{s:+g}</th>" for s in self.scores)
        return (
            f"<table class='mj-session'><caption>{escape(self.rules.zh)} {escape(self.rules.en)} — "
            f"{len(self.records)} 局 hands, {escape(unit[0])} {escape(unit[1])}</caption>"
            f"<tr><th>局 #</th><th>圈风 Wind</th><th>庄家 Dealer</th>{th}<th>结果 Outcome</th></tr>"
            f"<tr><th></th><th></th><th></th>"
            + "<th>本局 hand</th><th>累计 total</th>" * 4
            + "<th></th></tr>"
            + "".join(rows)
            + f"<tr><th colspan=3>合计 Total</th>{total}<th></th></tr></table>"
        )
