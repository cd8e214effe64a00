"""Computer players by level, weakest first: :class:`~mjlearn.table.bots.Beginner` ("beginner 新手"),
which plays like a new learner (claims everything, ignores fans and danger), the simple
:class:`~mjlearn.table.bots.Bot` ("basic 入门") and a stronger :class:`CoachBot` ("strong 进阶") that
consults the coach (:func:`~mjlearn.coaching.coach`). ``benchmarks/bench_bot_levels.py`` measures
them against each other by duplicate play.

>>> from mjlearn.table import Table, play_hand
>>> from mjlearn.coaching import make_bots, level_label
>>> t = play_hand(Table("mcr", seed=3), make_bots(["strong", "basic", "basic", "basic"], seed=3))
>>> t.is_over, level_label("strong")
(True, 'strong 进阶')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand, Meld, MeldKind
from ..mcr.profiles import PROFILES
from ..seats import Seat
from ..table.bots import Beginner, Bot
from ..table.events import Discarded
from ..tiles import TILES
from .advice import coach as _coach
from .advice import from_table as _from_table

__all__ = ["LEVELS", "CoachBot", "Level", "level_label", "level_names", "make_bot", "make_bots"]

_WIN_WEIGHT = 24
"""MCR: a win on a discard brings 8 from each of the three others plus its points from the
discarder, a self-drawn win 8 plus its points from each: so a win is worth about 24 and its points."""


class CoachBot(Bot):
    """The stronger computer player ("strong 进阶"): today's :class:`~mjlearn.table.bots.Bot` with the
    coach's evaluation where it matters. It sees only what its seat may see, like the basic bot.

    How it decides (MCR, where a hand needs 8 points to win, so that a fast shape worth less is
    worth nothing):

    * **Discards.** The basic bot's ranking first (the lowest shanten, then the most live useful
      tiles). When the best discard leaves the hand ready or one from ready (``coach_shanten``), the
      coach (:func:`~mjlearn.coaching.coach`, for this seat: what it can see, its draws left) values
      each discard that leaves the hand ready or one from ready by its chance of a win *worth at
      least 8 points* by its own draws (exact there) and the points those wins carry:
      ``24 × chance + expected points`` (a win is worth about 8 from each of three players plus its
      points). The bot plays the best; the basic choice wins ties. When none of these discards has
      a route to an 8-point win, it asks the coach once more with simulated draw orders
      (``trials``) and lets discards one step further from ready compete: a ready hand that cannot
      reach 8 points is broken up for one that can. If there is still no route, the basic choice.
      Further from ready it plays the basic choice (the coach would be slow and noisy there).
    * **Defence.** Late in the hand (at most ``late`` live tiles left), when its own hand is hopeless
      (two or more from ready, or no route to an 8-point win by its own draws, or the very last
      discard of the wall, which can only lose) and an opponent looks dangerous (exposed melds; in
      the last half of that stretch every opponent), it discards the safest tile instead: first a
      tile discarded since that opponent's last discard without his winning on it (his hand has not
      changed since, so he cannot win on it now), then his own discards (现物), honors with no or
      one unseen copy left, then terminals before middle tiles; the shanten left breaks ties.
    * **Claims.** A win is always taken; kongs as the basic bot. A chow or pung the basic bot would
      make (it lowers the shanten) is made, when the hand is at most two from ready, only if the
      coach values the hand after the claim (left ready or one from ready) above passing: the value
      of the 13 tiles kept, exact when they are ready or one from ready, taken as 0 when two away.
      So a claim that throws away every 8-point route (the concealed-hand fans, a flush broken by
      an off-suit chow) is passed. Further from ready it claims as the basic bot.

    Under a rule set other than MCR it plays exactly as the basic :class:`Bot` (whose choices are
    legal under every registered rule set): only MCR's 8-point minimum makes the coach's fan
    reckoning pay off in play, and the coach's look-ahead does not use wild tiles.

    ``coach_shanten``: 1 (default) or 2, which also consults the coach, simulated, when the hand is two
    from ready (about five times slower, not clearly stronger). ``trials``: simulated draw orders.
    ``late``: live tiles left at which defence may start. ``defence``, ``claims``, ``rescue``: switch
    those parts off (for measurements). ``fold``: late in the hand, also give way when the value of
    the best discard is at most this (0: only when it is nothing).
    """

    level = "strong"

    def __init__(
        self,
        seed: int | None = None,
        *,
        all_forms: bool = True,
        coach_shanten: int = 1,
        trials: int = 40,
        late: int = 40,
        defence: bool = True,
        claims: bool = True,
        rescue: bool = True,
        fold: float = 0.0,
    ):
        super().__init__(seed, all_forms=all_forms)
        self.coach_shanten = coach_shanten
        self.trials = trials
        self.late = late
        self.defence = defence
        self.claims = claims
        self.rescue = rescue
        self.fold = fold

    # --- when to use the coach --------------------------------------------------------------------

    @staticmethod
    def _mcr(table) -> bool:
        return table.rules.name in PROFILES

    def _value(self, option) -> float:
        return _WIN_WEIGHT * option.win_chance + option.expected

    def _coach(self, table, seat, **kw):
        args = _from_table(table, seat)
        args.update(kw)
        return _coach(trials=self.trials, **args)

    # --- discards -----------------------------------------------------------------------------------

    def _values(self, hand=None, *, table=None, seat=None, trials: int = 1, near: int = 1, **args) -> dict:
        """Tile index -> value (``24 × chance + expected points``) of each discard the coach rates,
        keeping those that leave the hand at most ``near`` from ready (their chances are exact; the
        others get ``trials`` simulated draw orders, and are dropped unless ``near`` takes them in)."""
        if table is not None:
            args = {**_from_table(table, seat), **args}
        else:
            args["hand"] = hand
        return {o.discard.index: self._value(o) for o in _coach(trials=trials, **args) if o.shanten <= near}

    def choose_discard(self, table, seat: int) -> int:
        base = super().choose_discard(table, seat)
        if not self._mcr(table):
            return base
        taken = table._haidi_taker
        if taken is not None and taken[0] == seat:
            return base
        c = list(table.hands[seat][:34])
        n = len(table.melds[seat])
        after = {}
        for i in range(34):
            if c[i]:
                c[i] -= 1
                after[i] = self._shanten(c, n)
                c[i] += 1
        best_s = min(after.values())
        top = None
        pick = base
        if best_s <= self.coach_shanten and table.live_tiles_left() >= 4:
            if best_s <= 1:
                values = self._values(table=table, seat=seat)
                if self.rescue and values and max(values.values()) <= 0:
                    # no 8-point route this close to ready: look one step further (simulated)
                    values = self._values(table=table, seat=seat, trials=self.trials, near=best_s + 1)
            else:
                values = self._values(table=table, seat=seat, trials=self.trials, near=99)
            top = max(values.values(), default=0.0)
            if top > 0 and values.get(base, 0.0) < top - 1e-9:
                pick = min(
                    (i for i, v in values.items() if v >= top - 1e-9 and table.can_discard(seat, TILES[i])),
                    key=lambda i: (after[i], i),
                    default=base,
                )
        left = table.live_tiles_left()
        if self.defence and left <= self.late:
            # the last discard of the wall can only lose; late on, a hand far from ready or with
            # (almost) nothing to win by its own draws gives way
            if left == 0 or best_s >= 2 or (top is not None and top <= (self.fold if left <= self.late // 2 else 0)):
                safe = self._safest(table, seat, after)
                if safe is not None:
                    return safe
        return pick

    def _threats(self, table, seat) -> list:
        """(opponent, weight): how dangerous each opponent looks."""
        left = table.live_tiles_left()
        out = []
        for o in range(4):
            if o == seat:
                continue
            exposed = sum(1 for m in table.melds[o] if not m.is_concealed)
            w = exposed + (1 if left <= self.late // 2 else 0) + (0.5 if left <= self.late else 0)
            if exposed or left <= self.late // 2:
                out.append((o, w))
        return out

    def _safest(self, table, seat, after: dict) -> int | None:
        threats = self._threats(table, seat)
        if not threats:
            return None
        seen = self._seen(table, seat)
        log = table.log
        last = {}
        for k in range(len(log) - 1, -1, -1):
            e = log[k]
            if isinstance(e, Discarded) and e.seat != seat and e.seat not in last:
                last[e.seat] = k
                if len(last) == 3:
                    break
        passed = {}
        ponds = {}
        for o, _ in threats:
            k0 = last.get(Seat.of(o))
            passed[o] = set() if k0 is None else {e.tile.index for e in log[k0 + 1 :] if isinstance(e, Discarded)}
            ponds[o] = {t.index for t, _ in table.ponds[o]}
        best = None
        for i, s in after.items():
            if not table.can_discard(seat, TILES[i]):
                continue
            d = 0.0
            for o, w in threats:
                d += w * _danger(i, seen, passed[o], ponds[o])
            rank = (d, s, i)
            if best is None or rank < best[0]:
                best = (rank, i)
        return None if best is None else best[1]

    # --- claims ---------------------------------------------------------------------------------------

    def choose_claim(self, table, seat: int) -> tuple[str, object]:
        basic = super().choose_claim(table, seat)
        if not self.claims or not self._mcr(table) or basic[0] not in ("pung", "chow"):
            return basic
        opts = table.claim_options(seat)
        discarder, t = table.last_discard
        ti = t.index
        c = list(table.hands[seat][:34])
        n = len(table.melds[seat])
        if table.live_tiles_left() < 4:
            return basic
        args = _from_table(table, seat)  # 13 tiles: the hand and the seen tiles (t in the pond)
        hand13: Hand = args.pop("hand")
        seen = dict(args.pop("seen"))
        seen[t] = seen.get(t, 0) - 1
        if not seen[t]:
            del seen[t]
        # passing keeps the 13 tiles: their value is the option "discard t" of the 13 tiles and t
        keep = Hand(hand13.melds, hand13.concealed + (t,), None, hand13.flowers)
        now = self._shanten(c, n)
        if now > 2:
            return basic
        if now <= 1:  # exact: the value of the 13 tiles kept is that of discarding t from 13 + t
            keep = Hand(hand13.melds, hand13.concealed + (t,), None, hand13.flowers)
            pass_value = self._values(keep, seen=seen, **args).get(ti, 0.0)
        else:  # two from ready: claim only into a hand with a route to a win
            pass_value = 0.0
        choices = []
        if "pung" in opts:
            choices.append(("pung", None, Meld(MeldKind.PUNG, t, Seat.of(seat).offer_from(discarder)), (ti, ti)))
        if "chow" in opts:
            for s in table.chow_options(seat):
                a = s.index
                used = tuple(j for j in (a, a + 1, a + 2) if j != ti)
                choices.append(("chow", s, Meld(MeldKind.CHOW, s, ti - a + 1), used))
        best = ("pass", None)
        best_v = pass_value
        for what, arg, meld, used in choices:
            cc = list(c)
            for j in used:
                cc[j] -= 1
            if self._shanten(cc, n + 1) > 1:
                continue
            conc = [TILES[i] for i in range(34) for _ in range(cc[i])]
            hand = Hand(hand13.melds + (meld,), tuple(conc), None, hand13.flowers)
            v = max(self._values(hand, seen=seen, **args).values(), default=0.0)
            if v > best_v + 1e-9:
                best, best_v = (what, arg), v
        return best


def _danger(i: int, seen, passed: set, pond: set) -> float:
    """How likely discarding tile ``i`` deals in to one opponent (0 safe .. about 5)."""
    if i in passed:
        return 0.0
    unseen = 4 - seen[i]  # copies not in sight (own hand counted in ``seen``)
    if i in pond:
        return 0.5
    if i >= 27:
        if unseen <= 0:
            return 0.1
        return {1: 1.0, 2: 2.0}.get(unseen, 3.0)
    r = i % 9
    base = 2.5 if r in (0, 8) else 3.5 if r in (1, 7) else 4.5
    if unseen <= 0:
        base *= 0.5
    return base


# --- levels by name ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    """A level of computer player: its name, its bilingual label and the class that plays it."""

    name: str
    zh: str
    en: str
    cls: type

    @property
    def label(self) -> str:
        """``"basic 入门"``: the label a selector shows."""
        return f"{self.en} {self.zh}"


LEVELS = {
    "beginner": Level("beginner", "新手", "beginner", Beginner),
    "basic": Level("basic", "入门", "basic", Bot),
    "strong": Level("strong", "进阶", "strong", CoachBot),
}
"""The levels of computer player by name, weakest first."""


def level_names() -> list[str]:
    """The level names, weakest first: ``["beginner", "basic", "strong"]``."""
    return list(LEVELS)


def level_label(level: str) -> str:
    """The bilingual label of a level: ``level_label("strong") == "strong 进阶"``."""
    return _level(level).label


def _level(level) -> Level:
    if isinstance(level, Level):
        return level
    key = str(level).split()[0].lower() if str(level).strip() else ""
    for lv in LEVELS.values():
        if key in (lv.name, lv.zh) or str(level).strip() in (lv.zh, lv.label):
            return lv
    raise ValueError(
        f"unknown level {level!r}: expected one of {', '.join(LEVELS)} "
        f"({', '.join(lv.label for lv in LEVELS.values())})"
    )


def make_bot(level: str | Level = "basic", seed: int | None = None) -> Bot:
    """One computer player of ``level`` ("beginner" / "basic" / "strong", or its label), seeded with ``seed``."""
    return _level(level).cls(seed=seed)


def make_bots(level="basic", seed: int | None = 0) -> list[Bot]:
    """Four computer players for :func:`~mjlearn.table.play_hand`: ``level`` is one level for all
    seats or four levels (E, S, W, N). Seat ``s`` is seeded ``seed * 4 + s``, as ``play_hand``
    seeds its default players, so ``make_bots("basic", seed)`` plays exactly like them.

    >>> [type(b).__name__ for b in make_bots(["strong", "basic", "basic", "basic"])]
    ['CoachBot', 'Bot', 'Bot', 'Bot']
    """
    levels = [level] * 4 if isinstance(level, (str, Level)) else list(level)
    if len(levels) != 4:
        raise ValueError(f"make_bots takes one level or four (E, S, W, N), got {len(levels)}")
    base = seed if seed is not None else 0
    return [make_bot(lv, base * 4 + s) for s, lv in enumerate(levels)]
