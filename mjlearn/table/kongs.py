"""Kongs: declaring one in one's own turn (four in hand, or the fourth tile added to a pung), the
chance the other seats have to rob an added kong, and the replacement draw from the tail after
every kong (including a kong claimed on a discard, which :mod:`.claims` resolves)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hand import Meld, MeldKind
from ..rules.wilds import shape_complete
from ..seats import SEATS, Seat
from ..tiles import TILES, Tile
from ..tiles import tile as _tile
from .events import Declared, Konged, ReplacementDrawn
from .state import IllegalActionError, _ok, seat_of

if TYPE_CHECKING:
    from .play import Table

__all__ = ["Kongs"]


class Kongs:
    """Kongs declared in one's own turn or on a discard, robbing an added kong, replacement draws."""

    def __init__(self, table: Table) -> None:
        self.t = table
        """The table whose state this part reads and changes."""

    def verify_kong(self, seat, tile=None) -> None:
        """Raise unless ``seat`` may kong: on a discard (three in hand), or in his own turn a concealed
        kong (four in hand) or an added kong (a pung of his plus the fourth tile)."""
        seat = seat_of(seat)
        if self.t.phase in ("claim", "rob"):
            t = self.t.claims.need_claim(seat, "kong", "杠")
            if tile is not None and _tile(tile) is not t:
                raise IllegalActionError(
                    f"The discard is {t}, not {_tile(tile)}.", f"打出的是{t.zh}，不是{_tile(tile).zh}。"
                )
            self.t.claims.need_claimable(seat, t, "kong", "杠")
            if self.t.hands[seat][t.index] != 3:
                raise IllegalActionError(
                    f"A kong on a discard needs three {t} in hand; {seat.en} has {self.t.hands[seat][t.index]}.",
                    f"明杠要手里有三张{t.zh}，{seat.player_zh}只有{self.t.hands[seat][t.index]}张。",
                )
            self._need_replacement()
            self.t.claims.need_pending(seat)
            return
        self.t._need_turn(seat, "discard", "declare a kong", "开杠")
        if tile is None:
            raise IllegalActionError("Say which tile to kong.", "要说明杠哪一张牌。")
        t = _tile(tile)
        if self.t._after_claim is not None:
            raise IllegalActionError(
                f"{seat.en} has just claimed a tile and may not kong before his next draw.",
                f"{seat.player_zh}刚吃碰过，摸牌之前不能开杠。",
            )
        if self.t.wild is not None and t is self.t.wild:
            raise IllegalActionError(f"{t} is the wild; wilds cannot make a kong.", f"{t.zh}是百搭，不能开杠。")
        n = self.t.hands[seat][t.index]
        if n < 4 and not (n >= 1 and self.pung_of(seat, t) is not None):
            raise IllegalActionError(
                f"A kong needs four {t}: {seat.en} holds {n} and has no pung of {t} to add to.",
                f"开杠要有四张{t.zh}：{seat.player_zh}手里只有{n}张，也没有{t.zh}的碰可以加杠。",
            )
        self._need_replacement()

    def _need_replacement(self) -> None:
        if self.t.wall.next_tail(0) is None or not self.t._can_draw():
            raise IllegalActionError("The wall has no tile left for a kong replacement.", "牌墙已无牌可补，不能开杠。")

    def pung_of(self, seat: Seat, t: Tile) -> int | None:
        """Index in ``seat``'s melds of his pung of ``t`` (to add a kong to), or None."""
        for k, m in enumerate(self.t.melds[seat]):
            if m.kind is MeldKind.PUNG and m.tile is t:
                return k
        return None

    def can_kong(self, seat, tile=None) -> bool:
        return _ok(self.verify_kong, seat, tile)

    def kong(self, seat, tile=None) -> Declared:
        """Kong: on a discard (a claim), or in one's own turn a concealed or added kong."""
        seat = seat_of(seat)
        self.verify_kong(seat, tile)
        if self.t.phase == "claim":
            return self.t.claims.call(seat, "kong", self.t._discard()[1])
        t = _tile(tile)
        e = self.t._emit(Declared(seat, "kong", t))
        if self.t.hands[seat][t.index] == 4:
            self.t.hands[seat][t.index] -= 4
            meld = Meld(MeldKind.KONG, t)
            self.t._meld_in(seat, meld)
            self.t._emit(Konged(seat, "concealed", t, meld))
            self.t.kongs += 1
            self.t._claimed = True
            self.draw_replacement(seat, prefer=1 if self.t.facts.kong_replacement == "by_kong_kind" else 0)
            return e
        robbers = []
        if self.t.facts.kong_robbing:
            self.t._robbing = (seat, t)  # judged as a win on seat's kong tile
            robbers = [s for s in SEATS if s != seat and self.t.judging.judge(s, t, robbing=True)[0]]
            self.t._robbing = None
        if robbers:
            self.t.phase = "rob"
            self.t._robbing = (seat, t)
            self.t.calls = {}
            self.t.pending = set(robbers)
        else:
            self.complete_added_kong(seat, t)
        return e

    def complete_added_kong(self, seat: Seat, t: Tile) -> None:
        """The added kong of ``seat`` on ``t`` stands (no one robbed it): the pung becomes the kong and
        ``seat`` draws its replacement."""
        k = self.pung_of(seat, t)
        assert k is not None  # verified: the seat has this pung, claimed
        pung = self.t.melds[seat][k]
        assert pung.offer is not None
        self.t.hands[seat][t.index] -= 1
        meld = Meld(MeldKind.KONG, t, pung.offer + 4)
        del self.t.melds[seat][k]
        for x in pung.tiles:  # out of sight as a pung, back in as the kong
            self.t._in_sight[x.index] -= 1
        self.t._meld_in(seat, meld)  # the newest meld last: a kong bloom is read from the last meld
        self.t._emit(Konged(seat, "added", t, meld, seat.from_offer(pung.offer)))
        self.t.kongs += 1
        self.t._claimed = True
        self.t.phase = "discard"
        self.t.turn = seat
        self.t._robbing = None
        self.draw_replacement(seat, prefer=0)

    def draw_replacement(self, seat: Seat, prefer: int) -> None:
        """After a kong, ``seat`` draws from the tail (``prefer``: which of the two tail tiles, as the
        rule set's table facts say) and plays on; a kong also gives back a chow-or-pung claim."""
        if self.t.claims_left[seat] >= 0:
            self.t.claims_left[seat] += 1
        w = self.t.wall
        taken = None
        if w.tail_skip:  # Yunnan: a face-up tail tile may be taken only if it completes the hand
            h = self.t.hands[seat]
            for p in sorted(w.tail_skip):
                if w.state[p]:
                    continue
                i = w.tiles[p]
                h[i] += 1
                done = shape_complete(
                    h[:34], len(self.t.melds[seat]) + self.t.rules.table.short_sets, None, self.t.facts.shapes
                )
                h[i] -= 1
                if done:
                    taken = (p, w.take_tail_at(p))
                    break
        p, t = taken or w.draw_tail(prefer)
        self.t.hands[seat][t] += 1
        self.t._emit(ReplacementDrawn(seat, TILES[t], p))
        self.t._drawn, self.t._drawn_kind, self.t._after_claim = TILES[t], "kong", None
        self.t.phase = "discard"
        self.t.turn = seat
        self.t._replace_flowers_in_play(seat)
        self.t._final = not self.t._can_draw()
