"""Claims and melds: what each seat may call on a discard (chow, pung, kong, win, pass) and the
priority that resolves them (win > pung/kong > chow, a chow only by the discarder's 下家), and the
answers to an added kong (rob it or pass). A kong's own steps (its checks, on a discard or in one's
own turn, the chance to rob an added kong, every replacement draw) are :mod:`.kongs`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hand import Meld, MeldKind
from ..seats import SEATS, Seat
from ..tiles import TILES, Tile
from ..tiles import tile as _tile
from .events import Chowed, Declared, HaidiOffered, Konged, Punged
from .state import IllegalActionError, _ok, seat_of

if TYPE_CHECKING:
    from .play import Table

__all__ = ["Claims"]

_NEXT = {s: s.after() for s in SEATS}  # each seat's 下家, asked on every discard


class Claims:
    """Offering and resolving claims on a discard or an added kong (a kong's own steps: :class:`~.kongs.Kongs`)."""

    def __init__(self, table: Table) -> None:
        self.t = table
        """The table whose state this part reads and changes."""

    def possible_claims(self, seat: Seat) -> list[str]:
        """What ``seat`` could call on the last discard (without ``"pass"``): who is asked at all."""
        out = []
        table = self.t
        d, t = table._discard()
        judging = table.judging
        if judging._may_complete(seat, t) and judging.judge(seat, t)[0]:  # most seats are not ready
            out.append("win")
        held = table.hands[seat][t.index]
        nxt = seat is _NEXT[d]
        # a pung or kong needs two in hand, a chow is the next seat's: the wall is asked only then
        if (held >= 2 or nxt) and table._can_draw() and not table._wild_blocks(t):
            if table.claims_left[seat] != 0:
                if held >= 2:
                    out.append("pung")
                if table.rules.claims.chow and nxt and self._chow_starts(seat, t):
                    out.append("chow")
            if held == 3 and table.wall.next_tail(0) is not None:
                out.append("kong")
        return out

    def claimants(self, discarder: Seat, t: Tile) -> set[Seat]:
        """The seats that could call something on ``discarder``'s discard ``t``: those for which
        :meth:`possible_claims` is not empty, found with the cheap checks first. A meld needs two
        in hand (a chow: the next seat), so the wall and the claim limit are read only for those
        seats, and a win is judged only for a seat that has no meld to call and that ``t`` may
        complete (most discards ask nobody)."""
        table = self.t
        i = t.index
        hands = table.hands
        nxt = _NEXT[discarder]
        judging = table.judging
        meldable = None  # a tile left to draw after it and the tile not the wild: read once
        out = set()
        for s in SEATS:
            if s is discarder:
                continue
            held = hands[s][i]
            if held >= 2 or s is nxt:
                if meldable is None:
                    meldable = table._can_draw() and not table._wild_blocks(t)
                if meldable and (
                    (table.claims_left[s] != 0 and (held >= 2 or (table.rules.claims.chow and self._chow_starts(s, t))))
                    or (held == 3 and table.wall.next_tail(0) is not None)
                ):
                    out.add(s)
                    continue
            if judging._may_complete(s, t) and judging.judge(s, t)[0]:
                out.add(s)
        return out

    def claim_options(self, seat) -> list[str]:
        """What ``seat`` may call now: some of ``"win"``, ``"pung"``, ``"kong"``, ``"chow"``, ``"pass"``."""
        seat = seat_of(seat)
        if self.t.phase == "claim" and seat in self.t.pending:
            return self.possible_claims(seat) + ["pass"]
        if self.t.phase == "rob" and seat in self.t.pending:
            return ["win", "pass"]
        return []

    def _chow_starts(self, seat: Seat, t: Tile) -> list[Tile]:
        i = t.index
        if i >= 27:
            return []
        h, w = self.t.hands[seat], (self.t.wild.index if self.t.wild is not None else -1)
        out = []
        r = i % 9
        # (i-2, i-1, i), (i-1, i, i+1), (i, i+1, i+2): the two other tiles held (not the wild)
        lo2 = r >= 2 and h[i - 2] and i - 2 != w
        lo1 = r >= 1 and h[i - 1] and i - 1 != w
        hi1 = r <= 7 and h[i + 1] and i + 1 != w
        if lo2 and lo1:
            out.append(TILES[i - 2])
        if lo1 and hi1:
            out.append(TILES[i - 1])
        if hi1 and r <= 6 and h[i + 2] and i + 2 != w:
            out.append(TILES[i])
        return out

    def chow_options(self, seat) -> list[Tile]:
        """The runs ``seat`` could chow with the discard, by their lowest tile."""
        if self.t.phase != "claim" or self.t.last_discard is None:
            return []
        return self._chow_starts(seat_of(seat), self.t.last_discard[1])

    def need_claim(self, seat: Seat, what_en: str, what_zh: str) -> Tile:
        """The tile in question, or why ``seat`` cannot answer a discard (or an added kong) now."""
        if self.t.phase not in ("claim", "rob"):
            raise IllegalActionError(f"There is no discard to {what_en} now.", f"现在没有可以{what_zh}的牌。")
        if self.t.phase == "rob" and what_en not in ("win", "pass"):
            raise IllegalActionError(
                f"An added kong can only be robbed by a win, not by a {what_en}.", f"加杠只能抢杠和，不能{what_zh}。"
            )
        d, t = self.t._claimed_from()
        if seat == d:
            raise IllegalActionError(
                f"{seat.en} cannot {what_en} his own tile.", f"{seat.player_zh}不能{what_zh}自己的牌。"
            )
        if seat in self.t.calls:
            raise IllegalActionError(f"{seat.en} has already answered.", f"{seat.player_zh}已经表态了。")
        return t

    def need_pending(self, seat: Seat) -> None:
        """Raise unless ``seat`` is one of the seats still asked about the tile."""
        # Only seats with a legal claim are asked; the specific reason is given before this one.
        if seat not in self.t.pending:
            t = self.t._claim_tile()
            raise IllegalActionError(
                f"{seat.en} has no claim on {t} ({t.en}).", f"{seat.player_zh}对{t.zh}无牌可吃碰杠和。"
            )

    def need_claimable(self, seat: Seat, t: Tile, what_en: str, what_zh: str) -> None:
        """Raise unless the discard ``t`` may be claimed for a meld at all: no win forced on ``seat``,
        not the wild, a tile left to draw after it, a chow-or-pung claim left."""
        self._need_not_forced(seat, t)
        if self.t._wild_blocks(t):
            raise IllegalActionError(
                f"{t} is the wild; a discarded wild cannot be claimed.", f"{t.zh}是百搭（混儿），打出的百搭不能吃碰杠。"
            )
        if not self.t._can_draw():
            raise IllegalActionError(
                f"The wall is exhausted: the last discard can only be won, not claimed for a {what_en}.",
                f"牌墙已尽，最后一张打出的牌只能和，不能{what_zh}。",
            )
        if self.t.claims_left[seat] == 0 and what_en in ("chow", "pung"):
            raise IllegalActionError(
                f"{seat.en} has used up his chow-or-pung claims (one, plus one per kong).",
                f"{seat.player_zh}吃碰一口已用完（开杠可再吃碰一口）。",
            )

    def verify_chow(self, seat, start=None) -> None:
        """Raise unless ``seat`` may chow the discard; ``start`` = the lowest tile of the run."""
        seat = seat_of(seat)
        t = self.need_claim(seat, "chow", "吃")
        d = self.t._discard()[0]
        if not self.t.rules.claims.chow:
            raise IllegalActionError(f"There is no chow in {self.t.rules.en} mahjong.", f"{self.t.rules.zh}不能吃牌。")
        if seat is not d.after():
            raise IllegalActionError(
                f"{seat.en} cannot chow {d.en}'s discard: a chow is only from the left player (上家), "
                f"which for {seat.en} is {seat.after(-1).en}.",
                f"{seat.player_zh}不能吃{d.player_zh}的牌：只能吃上家的牌，{seat.player_zh}的上家是{seat.after(-1).player_zh}。",
            )
        self.need_claimable(seat, t, "chow", "吃")
        starts = self._chow_starts(seat, t)
        if not starts:
            raise IllegalActionError(
                f"{seat.en} has no two tiles that make a run with {t}.",
                f"{seat.player_zh}手里没有能和{t.zh}组成顺子的两张牌。",
            )
        if start is None:
            if len(starts) > 1:
                raise IllegalActionError(
                    f"Say which run: {t} makes {', '.join(s.rank.__str__() + '-' + str(s.rank + 2) + s.suit.value for s in starts)}.",
                    f"要说明吃哪一组：{t.zh}可以吃成{'、'.join(str(s.rank) + str(s.rank + 1) + str(s.rank + 2) for s in starts)}。",
                )
        elif _tile(start) not in starts:
            s = _tile(start)
            raise IllegalActionError(
                f"{seat.en} cannot chow {t} into a run starting at {s}.",
                f"{seat.player_zh}不能用{t.zh}吃成从{s.zh}起的顺子。",
            )
        self.need_pending(seat)

    def can_chow(self, seat, start=None) -> bool:
        return _ok(self.verify_chow, seat, start)

    def chow(self, seat, start=None) -> Declared:
        """Call chow on the left player's discard (takes effect if no pung, kong or win is called)."""
        seat = seat_of(seat)
        self.verify_chow(seat, start)
        t = self.t._discard()[1]
        s = _tile(start) if start is not None else self._chow_starts(seat, t)[0]
        return self.call(seat, "chow", t, s)

    def verify_pung(self, seat) -> None:
        """Raise unless ``seat`` may pung the discard."""
        seat = seat_of(seat)
        t = self.need_claim(seat, "pung", "碰")
        self.need_claimable(seat, t, "pung", "碰")
        if self.t.hands[seat][t.index] < 2:
            raise IllegalActionError(
                f"{seat.en} needs two {t} to pung it; he has {self.t.hands[seat][t.index]}.",
                f"{seat.player_zh}要有两张{t.zh}才能碰，只有{self.t.hands[seat][t.index]}张。",
            )
        self.need_pending(seat)

    def can_pung(self, seat) -> bool:
        return _ok(self.verify_pung, seat)

    def pung(self, seat) -> Declared:
        """Call pung on the discard (beats a chow)."""
        seat = seat_of(seat)
        self.verify_pung(seat)
        return self.call(seat, "pung", self.t._discard()[1])

    def verify_pass(self, seat) -> None:
        """Raise unless ``seat`` has a discard (or an added kong) to answer, or is offered the last
        wall tile in Changsha's 海底漫游 (then passing declines it)."""
        seat = seat_of(seat)
        if self.t.haidi_offered:
            self.t._need_turn(seat, "draw", "decline the last tile", "不要海底牌")
            return
        t = self.need_claim(seat, "pass", "过")
        self.need_pending(seat)
        self._need_not_forced(seat, t)

    def _need_not_forced(self, seat: Seat, t: Tile) -> None:
        if self.t.judging.forced(seat):
            raise IllegalActionError(
                f"In the last {self.t.facts.forced_win_tiles} tiles of the wall a win on a "
                f"discard is automatic: {seat.en} wins on {t}.",
                f"最后{self.t.facts.forced_win_tiles}张牌点炮自动和牌：{seat.player_zh}和{t.zh}。",
            )

    def can_pass(self, seat) -> bool:
        return _ok(self.verify_pass, seat)

    def pass_(self, seat) -> Declared:
        """Decline to claim the discard (or to rob the kong)."""
        seat = seat_of(seat)
        self.verify_pass(seat)
        if self.t.phase == "draw":  # 海底漫游: declined; offer it to the next player, or the hand is drawn
            e = self.t._emit(Declared(seat, "decline"))
            haidi = self.t._haidi
            assert haidi is not None  # offered: the 海底 round is under way
            haidi.append(seat)
            if len(haidi) == 4:
                self.t._end_exhausted()
            else:
                self.t.turn = seat.after()
            return e
        return self.call(seat, "pass", self.t._claim_tile())

    def call(self, seat: Seat, action: str, t: Tile, start: Tile | None = None) -> Declared:
        """Record ``seat``'s answer to the tile; when every asked seat has answered, resolve."""
        if (
            action != "win"
            and self.t.facts.passed_win != "none"
            and self.t.judging.judge(seat, t, robbing=self.t.phase == "rob")[0]
        ):
            self.t._passed_seats.add(seat)  # 漏胡: no discard win before his next draw
            self.t._passed_tiles[seat].add(t.index)  # 过水: not this tile before his next discard
        e = self.t._emit(Declared(seat, action, t, start))
        self.t.calls[seat] = (action, start)
        self.t.pending.discard(seat)
        if not self.t.pending:
            if self.t.phase == "rob":
                self._resolve_rob()
            else:
                self.resolve()
        return e

    def _winners_in_order(self, origin: Seat) -> list[Seat]:
        """The seats that called a win and collect, in turn order from ``origin`` (the discarder or the
        konger): the rule set's ``choose_winners`` decides among several."""
        wins = [s for s in origin.others() if self.t.calls.get(s, ("pass",))[0] == "win"]
        if len(wins) < 2:
            return wins
        t, rob = self.t._claim_tile(), self.t.phase == "rob"
        claims = [(s.letter, self.t.judging.judge(s, t, robbing=rob)[4]) for s in wins]
        chosen, _ = self.t.rules.choose_winners(claims, origin.letter)
        return [Seat.of(x) for x in chosen]

    def _resolve_rob(self) -> None:
        konger, t = self.t._claimed_from()
        wins = self._winners_in_order(konger)
        if wins:
            self.t.judging.finish_wins(wins, t, konger, robbing=True, self_drawn=False)
            return
        self.t.kong_steps.complete_added_kong(konger, t)

    def resolve(self) -> None:
        """Resolve the answers to a discard: wins (the rule set chooses among several), then a
        pung or kong, then a chow; else the next player draws, or the wall is exhausted."""
        d, t = self.t._discard()
        if not self.t.calls:  # nobody was asked (most discards): straight to the next draw
            self._next_draw(d)
            return
        wins = self._winners_in_order(d)
        if wins:
            self.t.judging.finish_wins(wins, t, d, robbing=False, self_drawn=False)
            return
        for s, (action, _start) in self.t.calls.items():
            if action in ("pung", "kong"):
                self._take_discard(s)
                rel = s.offer_from(d)
                if action == "pung":
                    self.t.hands[s][t.index] -= 2
                    meld = Meld(MeldKind.PUNG, t, rel)
                    self.t._meld_in(s, meld)
                    self.t._emit(Punged(s, d, t, meld))
                    self.t._claimed = True
                    self.t.claims_left[s] -= 1 if self.t.claims_left[s] > 0 else 0
                    self._claimed_turn(s, t)
                else:
                    self.t.hands[s][t.index] -= 3
                    meld = Meld(MeldKind.KONG, t, rel)
                    self.t._meld_in(s, meld)
                    self.t._emit(Konged(s, "melded", t, meld, d))
                    self.t.kongs += 1
                    self.t._claimed = True
                    self.t.kong_steps.draw_replacement(s, prefer=0)
                return
        for s, (action, start) in self.t.calls.items():
            if action == "chow":
                self._take_discard(s)
                for j in range(start.index, start.index + 3):
                    if j != t.index:
                        self.t.hands[s][j] -= 1
                meld = Meld(MeldKind.CHOW, start, t.index - start.index + 1)
                self.t._meld_in(s, meld)
                self.t._emit(Chowed(s, d, t, meld))
                self.t._claimed = True
                self.t.claims_left[s] -= 1 if self.t.claims_left[s] > 0 else 0
                self._claimed_turn(s, t)
                return
        self._next_draw(d)

    def _next_draw(self, d: Seat) -> None:
        """No claim on ``d``'s discard: the next player draws, or the wall is exhausted."""
        nxt = d.after()
        self.t.calls = {}
        if self.t._can_draw():
            self.t.phase = "draw"
            self.t.turn = nxt
            if self.t._haidi is None and self.t._roams() and self.t.live_tiles_left() == 1:
                self.t._haidi = []
                self.t._emit(HaidiOffered(nxt))
        else:
            self.t._end_exhausted()

    def _take_discard(self, s: Seat) -> None:
        d, t = self.t._discard()
        self.t.ponds[d][-1][1] = s
        self.t._in_sight[t.index] -= 1  # it comes back into sight in the meld

    def _claimed_turn(self, s: Seat, t: Tile) -> None:
        self.t.phase = "discard"
        self.t.turn = s
        self.t._drawn = None
        self.t._after_claim = t
        self.t.calls = {}
