"""Simple computer players: discard by shanten and live useful tiles, claim when it helps, win when legal.

A :class:`Bot` looks only at what its seat may see: its own tiles and melds, the discards and
the exposed melds. :func:`play_hand` runs a hand to the end with four bots, or with a learner in
one seat (the learner's moves come from a callback).

The hot path is count-array shanten (:mod:`mjlearn.shanten_core`): a discard is chosen by the shanten
of every 13-tile hand it leaves, ties broken by how many useful tiles are still live (not in
sight), counted with the regular-form shanten of each candidate draw.

>>> from mjlearn.table import Table, play_hand
>>> t = play_hand(Table("xian", seed=2))
>>> t.is_over, t.tile_census() == Table("xian", seed=2).tile_census()
(True, True)
"""

from __future__ import annotations

import random as _random
from operator import add as _add
from typing import Any

from ..hand import MeldKind
from ..seats import SEATS, Seat
from ..shanten_core import RegularAround, regular_shanten_of_counts, shanten_of_counts
from ..tiles import TILES

__all__ = ["Beginner", "Bot", "play_hand"]


class Bot:
    """A simple computer player.

    ``all_forms``: judge discards by the shanten over every MCR form (seven pairs, thirteen orphans,
    knitted hands) rather than the regular form only. ``rng``: breaks remaining ties.
    """

    def __init__(self, seed: int | None = None, *, all_forms: bool = True):
        self.rng = _random.Random(seed)
        self.all_forms = all_forms
        self._advice: tuple | None = None  # (table, events so far, seat, choice) of the last advice not yet acted on

    # --- evaluation ---------------------------------------------------------------------------

    def _shanten(self, c, n_melds: int) -> int:
        if self.all_forms and n_melds <= 1:
            return shanten_of_counts(c, n_melds)
        return regular_shanten_of_counts(c, n_melds)

    @staticmethod
    def _seen(table, seat: int) -> list[int]:
        """Copies of each kind this seat can see: its own tiles and melds, the discards in the ponds
        and the exposed melds (the table keeps the count of those in sight)."""
        seen = list(map(_add, table.hands[seat][:34], table._in_sight))
        for m in table.melds[seat]:
            if m.is_concealed:
                for t in m.tiles:
                    seen[t.index] += 1
        return seen

    def choose_discard(self, table, seat: int) -> int:
        """Index of the tile to discard: lowest shanten left, then most live useful tiles."""
        taken = table._haidi_taker
        if taken is not None and taken[0] == seat:  # the 海底 tile taken without a win is discarded
            return taken[1].index
        c = list(table.hands[seat][:34])
        n = len(table.melds[seat]) + table.rules.table.short_sets
        banned = set()
        if table.wild is not None:
            banned.add(table.wild.index)  # keep wilds (and never throw the Fuzhou 金)
        if table.facts.swap_call_ban and table._after_claim is not None:
            banned.add(table._after_claim.index)
        cands = [i for i in range(34) if c[i]]
        if banned:
            cands = [i for i in cands if i not in banned] or cands
        # The special forms (seven pairs, orphans, knitted) are judged only when one of them is
        # ahead of the regular form for the hand as a whole: one all-forms call instead of twelve.
        # The regular form is judged around the hand (RegularAround): a discard changes one suit,
        # so only that suit is read again.
        around = RegularAround(c, n)
        special = False
        if self.all_forms and n == 0:  # all_forms_shanten() < shanten(), the regular one read once
            regular = around.shanten()
            special = regular >= 0 and around.special_forms_shanten(regular) < regular
        after = around.discards(all_forms=special, lowest_of=cands)  # only the best are read
        best = min([after[i] for i in cands])
        ties = [i for i in cands if after[i] == best]
        if len(ties) == 1:
            return ties[0]
        # Pre-order the ties cheaply: the least connected tile first (isolated honors, terminals),
        # then the one whose neighbours are least live. Far from ready (shanten 3+), or when a
        # special form leads, that decides; closer, count the live useful draws (regular form)
        # each of the best three discards leaves.
        seen = self._seen(table, seat)
        rnd = self.rng.random

        def key(i):
            conn, live = _closeness(c, seen, i)
            return conn, live, rnd()

        ties.sort(key=key)
        if best >= 3 or special:
            return ties[0]
        ties = ties[:3]
        best_i, best_live = ties[0], -1
        for i in ties:
            live = 0
            for t in around.less(i).draws_below(best):
                if seen[t] < 4:
                    live += 4 - seen[t]
            if live > best_live:
                best_i, best_live = i, live
        return best_i

    def choose_claim(self, table, seat: int) -> tuple[str, object]:
        """("win" | "pung" | "kong" | "chow" | "pass", chow start) for the discard on the table."""
        opts = table.claim_options(seat)
        if "win" in opts:
            return "win", None
        if len(opts) == 1:
            return "pass", None
        t = table.last_discard[1].index
        c = list(table.hands[seat][:34])
        n = len(table.melds[seat]) + table.rules.table.short_sets
        now = self._shanten(c, n)
        if "kong" in opts:
            c[t] -= 3
            after = self._shanten(c, n + 1)
            c[t] += 3
            if after <= now:
                return "kong", None
        if "pung" in opts:
            c[t] -= 2
            after = self._shanten(c, n + 1)
            c[t] += 2
            if after < now:
                return "pung", None
        if "chow" in opts:
            best = None
            for s in table.chow_options(seat):
                a = s.index
                for j in (a, a + 1, a + 2):
                    if j != t:
                        c[j] -= 1
                after = self._shanten(c, n + 1)
                for j in (a, a + 1, a + 2):
                    if j != t:
                        c[j] += 1
                if after < now and (best is None or after < best[0]):
                    best = (after, s)
            if best is not None:
                return "chow", best[1]
        return "pass", None

    def choose_turn(self, table, seat: int) -> tuple[str, object]:
        """In one's own turn: ("win", None), ("kong", tile index) or ("discard", tile index)."""
        h = table.hands[seat]
        drawn = table._drawn
        if drawn is not None and _maybe_complete(table, seat) and table.can_win(seat):
            return "win", None
        if table._after_claim is None:
            c = h[:34]
            melds = table.melds[seat]
            n = len(melds) + table.rules.table.short_sets
            # a kong may be added to a pung; most turns hold no four and no tile of a pung: then no
            # kong is possible, skip the loop
            pungs = {m.tile.index for m in melds if m.kind is MeldKind.PUNG} if melds else ()
            if 4 not in c:
                for i in pungs:
                    if c[i]:
                        break
                else:
                    return "discard", self.choose_discard(table, seat)
            for i in range(34):
                if not c[i] or (table.wild is not None and i == table.wild.index):
                    continue
                added = i in pungs
                if c[i] == 4 or added:
                    if not table.can_kong(seat, TILES[i]):
                        continue
                    now = self._shanten(c, n)
                    k = 4 if c[i] == 4 else 1
                    c[i] -= k
                    after = self._shanten(c, n + (1 if k == 4 else 0))
                    c[i] += k
                    if after <= now:
                        return "kong", i
        return "discard", self.choose_discard(table, seat)

    def wants_haidi(self, table, seat: int) -> bool:
        """Changsha 海底漫游: take the face-down last tile only with a ready hand (a player who takes it
        and cannot win must discard it and pays whoever wins on it)."""
        c = list(table.hands[seat][:34])
        for i in range(34):
            c[i] += 1
            done = table.judging.shape_ok(seat, c)
            c[i] -= 1
            if done:
                return True
        return False

    def start(self, table, seat: int):
        """Right after the deal: declare an on-deal 小胡 (Changsha) or grab the 金 (Fuzhou street 抢金)
        when the table allows it. Returns the event, or None."""
        if table.facts.on_deal_wins and table.can_declare_on_deal(seat):
            return table.declare_on_deal(seat)
        if table.facts.gold_grab and table.can_grab_gold(seat):
            return table.grab_gold(seat)
        return None

    def advise(self, table, seat) -> tuple[str, object]:
        """What this bot would do now for ``seat``, without doing it: ``("discard", tile)``,
        ``("kong", tile)``, ``("win", None)``, ``("chow", lowest tile of the run)``, ``("pung", None)``,
        ``("pass", None)`` or ``("draw", None)``. The bot's next :meth:`act` on the same table state
        does exactly this (a tie between equally good discards is broken at random once, not again),
        and a hand played with advice plays as it would without.

        >>> from mjlearn.table import Table
        >>> t, bot = Table("mcr", seed=5), Bot(seed=0)
        >>> what, tile = bot.advise(t, 0)
        >>> e = bot.act(t, 0)
        >>> what, e.tile == tile
        ('discard', True)
        """
        seat = Seat.of(seat)
        if table.phase == "draw":
            return ("pass" if table.haidi_offered and not self.wants_haidi(table, seat) else "draw"), None
        if table.phase == "rob":
            return ("win" if "win" in table.claim_options(seat) else "pass"), None
        what, arg = self._choice(table, seat)
        self._advice = (table, len(table.log), seat, (what, arg))
        if what == "kong" and arg is None:  # a kong on the discard: its tile
            return what, table.last_discard[1]
        if what in ("discard", "kong"):
            return what, TILES[arg]
        return what, arg

    def _choice(self, table, seat) -> tuple[str, Any]:
        """The choice in the discard or claim phase: the one advised for this very state, if any."""
        got, self._advice = self._advice, None
        if got is not None and got[0] is table and got[1] == len(table.log) and got[2] == seat:
            return got[3]
        return self.choose_turn(table, seat) if table.phase == "discard" else self.choose_claim(table, seat)

    def act(self, table, seat: int):
        """Take this seat's next action on the table and return its event."""
        if table.phase == "draw":
            if table.haidi_offered and not self.wants_haidi(table, seat):
                return table.pass_(seat)
            return table.draw(seat)
        if table.phase == "discard":
            what, arg = self._choice(table, seat)
            if what == "win":
                return table.win(seat)
            if what == "kong":
                return table.kong(seat, TILES[arg])
            return table.discard(seat, TILES[arg])
        if table.phase == "rob":
            return table.win(seat) if "win" in table.claim_options(seat) else table.pass_(seat)
        what, arg = self._choice(table, seat)
        if what == "chow":
            return table.chow(seat, arg)
        return getattr(table, "pass_" if what == "pass" else what)(seat)


class Beginner(Bot):
    """The weakest computer player ("beginner 新手"), playing like a new learner: greedy for tiles, it
    claims every pung and kong it is offered and a chow whenever one is offered (the chow that leaves
    it nearest to ready), makes every kong of its own, always takes Changsha's last wall tile, and
    declares every win the rule set allows. It ignores fans (it never aims at a scoring pattern, so
    under MCR it wins only when its hand happens to reach the 8-point minimum) and danger (no
    defence). Discards: the lowest shanten of the regular form only (four sets and a pair; never
    seven pairs, thirteen orphans or knitted hands), ties broken at random by its seeded ``rng``,
    without counting live tiles. Every choice is one the table offers, so it plays legally under
    every rule set, and the same seed plays the same hand.
    """

    def __init__(self, seed: int | None = None):
        super().__init__(seed, all_forms=False)

    def choose_discard(self, table, seat: int) -> int:
        taken = table._haidi_taker
        if taken is not None and taken[0] == seat:
            return taken[1].index
        c = list(table.hands[seat][:34])
        banned = set()
        if table.wild is not None:
            banned.add(table.wild.index)
        if table.facts.swap_call_ban and table._after_claim is not None:
            banned.add(table._after_claim.index)
        cands = [i for i in range(34) if c[i] and i not in banned] or [i for i in range(34) if c[i]]
        after = RegularAround(c, len(table.melds[seat])).discards()
        best = min(after[i] for i in cands)
        ties = [i for i in cands if after[i] == best]
        return ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]

    def choose_claim(self, table, seat: int) -> tuple[str, object]:
        opts = table.claim_options(seat)
        for what in ("win", "kong", "pung"):
            if what in opts:
                return what, None
        if "chow" in opts:
            c = list(table.hands[seat][:34])
            t = table.last_discard[1].index
            n = len(table.melds[seat])
            best = None
            for s in table.chow_options(seat):
                cc = list(c)
                for j in (s.index, s.index + 1, s.index + 2):
                    if j != t:
                        cc[j] -= 1
                after = self._shanten(cc, n + 1)
                if best is None or after < best[0]:
                    best = (after, s)
            if best is not None:
                return "chow", best[1]
        return "pass", None

    def choose_turn(self, table, seat: int) -> tuple[str, object]:
        if table._drawn is not None and _maybe_complete(table, seat) and table.can_win(seat):
            return "win", None
        if table._after_claim is None:
            c = table.hands[seat][:34]
            pungs = {m.tile.index for m in table.melds[seat] if m.kind is MeldKind.PUNG}
            for i in range(34):
                if c[i] and (c[i] == 4 or i in pungs) and (table.wild is None or i != table.wild.index):
                    if table.can_kong(seat, TILES[i]):
                        return "kong", i
        return "discard", self.choose_discard(table, seat)

    def wants_haidi(self, table, seat: int) -> bool:
        return True


# Each tile's suit neighbours within two ranks with their weights in :func:`connectedness
# <mjlearn.shanten_core.connectedness>`, and the point a terminal loses there: the discard
# tie-break reads them from here instead of working them out for every tie.
_NEIGHBOURS = tuple(
    tuple((i + d, w) for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)) if i < 27 and 0 <= i % 9 + d <= 8)
    for i in range(34)
)
_TERMINAL = tuple(1 if i < 27 and i % 9 in (0, 8) else 0 for i in range(34))


def _closeness(c, seen, i: int) -> tuple[int, int]:
    """How a discard ``i`` of the counts ``c`` is ordered among equally good ones: (connectedness(c, i),
    live copies of ``i`` and its neighbours given the copies ``seen``), least first."""
    conn, live = 3 * c[i] - _TERMINAL[i], 4 - seen[i]
    for j, w in _NEIGHBOURS[i]:
        conn += w * c[j]
        live += 4 - seen[j]
    return conn, live


def _maybe_complete(table, seat: int) -> bool:
    """The shape check (special wins such as 混杠 or 将将胡 included) after a draw; the rule set
    decides after. A drawn tile that cannot complete the hand before it is ruled out first."""
    judging = table.judging
    return judging._may_complete(seat, table._drawn, drawn=True) and judging.shape_ok(seat, table.hands[seat][:34])


def play_hand(table, bots=None, *, human=None, ask=None, max_events: int = 10000):
    """Play ``table`` to the end with computer players and return it.

    ``bots``: four :class:`Bot` (or None for default ones seeded from the table's seed).
    ``human`` and ``ask``: the seat a learner plays and a callback ``ask(table, seat)`` that
    performs that seat's action (it is called whenever the learner must act).
    """
    if human is not None:
        human = Seat.of(human, name="human")
    if bots is None:
        base = table.seed if table.seed is not None else 0
        bots = [Bot(seed=base * 4 + s) for s in range(4)]
    facts = table.facts
    if facts.on_deal_wins or facts.gold_grab:  # what the players may do right after the deal
        for seat in SEATS:
            if seat != human and table.phase != "over":
                bots[seat].start(table, seat)
    steps = 0
    while table.phase != "over":
        steps += 1
        if steps > max_events:
            raise RuntimeError("the hand did not finish")  # a state-machine bug, never a normal end
        if table.phase in ("claim", "rob"):
            origin = table.last_discard[0] if table.phase == "claim" else table._robbing[0]
            seat = min(table.pending, key=lambda s: s.turns_after(origin))
        else:
            seat = table.turn
        if human is not None and seat == human:
            ask(table, seat)
        else:
            bots[seat].act(table, seat)
    return table
