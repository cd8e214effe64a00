"""The coach: for a 14-tile hand, every discard with its shanten, useful tiles, and chance to win.

``mjlearn.coach(hand, rules="mcr", seen=..., draws_left=..., **context)`` returns a :class:`Coaching`,
the candidate discards best first. Each :class:`CoachOption` gives

* ``discard``, ``shanten`` (of the 13 tiles left) and ``useful`` (tile -> live copies: 4 less the
  copies in the hand and in ``seen``, never negative), as :func:`mjlearn.discard_advice` counts them;
* ``win_chance``: the chance to complete a *winning* hand with the seat's own next ``draws_left``
  draws. Under MCR only wins of at least 8 points (flowers not counted) count; under another rule set
  the wins its scorer calls legal. Each completed hand is scored by the engine (``mjlearn.score``);
* ``fans``: the fans (other rule sets: the scoring items) the counted wins carry, most likely first,
  each with the share of the wins that carry it;
* ``routes``: the ways those wins are made (:class:`Route`: under MCR the fans that carry a win to 8
  points), most likely first, each with its chance (they add up to ``win_chance``) and the tiles its
  likeliest win still draws; :mod:`~mjlearn.coaching.reasons` says in one sentence why one option
  beats another from these numbers;
* ``expected``: the expected value of the hand, in the rule set's unit (``unit``): the total of each
  counted win times its chance, 0 for a loss;
* ``note``: in both languages, why the chance is 0 when it is (no draws left, wins under 8 points…).

How the chance is computed
--------------------------
The seat's draws come from the unseen tiles (the wall and the other hands: everything that is not in
the hand or in ``seen``), uniformly, without replacement. The hand is then played by one fixed policy:

1. a drawn tile that completes the hand into a winning hand wins (self-drawn: the completed hands are
   scored self-drawn, with the seat and round winds and flowers given, and 和绝张 when the three
   other copies are in sight);
2. a drawn tile that lowers the shanten is kept, and the tile discarded is one that keeps the lower
   shanten: when the hand becomes ready, the one leaving the most live winning tiles that make
   winning hands (ties: the most live winning tiles of any value, then the lowest tile); otherwise
   the least connected tile (3 per copy, 2 per copy of a suit neighbour, 1 per copy two ranks away,
   1 less for a terminal; ties: the lowest tile);
3. any other drawn tile is discarded. A ready hand keeps its wait.

Claims, kongs and the other players' wins are not modelled: the chance is that of winning by
one's own draws, with the tiles unseen now. The hands are read in the rule set's forms (MCR: all
five; another set: those it lists), with tiles as themselves: a wild tile given in the context
counts in the scoring of a completed hand, but the look-ahead does not use it as a wild.

*Exact* when the 13 tiles left are ready or one from ready (shanten 0 or 1): under this policy a
ready hand wins unless none of its live winning tiles is among the next draws, 1 - C(N-w, D)/C(N, D)
(N unseen tiles, w live winning tiles, D draws), and a hand one from ready first draws a useful tile
t at draw k, with the probability of k-1 non-useful draws before it, then waits from there with D-k
draws (no non-useful tile can be a winning tile of the ready hand it reaches, so the sum is exact).
``win_chance_error`` is 0 and ``method`` is ``"exact"``.

*Simulation* otherwise: ``trials`` seeded random draw orders (``seed``, the same orders for every
discard, so that their comparison is fair; a discard leaving the hand further from ready than the
best discard does gets the first quarter of them, at least 50) are played by the policy until the hand is ready, and
the exact chance of the ready hand with the draws and tiles left is averaged. ``win_chance_error``
is the standard error of that mean (sample standard deviation / sqrt(trials)); the true value
lies within two standard errors about 95 times in 100. ``method`` is ``"simulation"``.

Passing, claims, kongs and wins
-------------------------------
The same method rates the other decisions at the table, always from what the seat can see:

* *keeping* 13 tiles (passing on a discard, declining a win): :func:`standing` gives the chance of
  the 13 tiles as they stand with the seat's own ``draws_left`` draws, by the policy above (exact at
  shanten 0 or 1, simulated above, the same error);
* a *chow or pung* on a discard: the 14-tile hand with the new meld (the claimed tile no longer in
  sight) is coached as above, its best discard taken;
* a *kong* (concealed or added in one's own turn, melded on a discard): :func:`after_kong` makes the
  meld and rates the 13 tiles left (the kong counts as three) with **one draw more**, the
  replacement drawn from the end of the wall; the replacement is then played by the policy like
  any later draw. The completed hands are scored with the kong among the melds, so its fans
  (MCR: Melded Kong, Concealed Kong, Two Concealed Kongs, Two Melded Kongs...) count toward the 8
  points and the expected value, and the four kong tiles are out of the useful tiles and the
  waits. Not konging is the coach's best discard of the 14 tiles. Not modelled: a win on the
  replacement tile is scored as an ordinary self-drawn win (Out with Replacement Tile, 杠上开花, is not
  added), so a kong's chance and value are slightly under-estimated; a win robbing the added kong
  by another player is not counted, as no other player's win is. The replacement draw is played by
  the policy while the discard after not konging is the coach's best, which favours not konging by a
  little more; both errors are reported as for any other hand (0 when exact);
* a *legal win* offered: its chance is 1 and its value the rule set's total for it; declining it
  costs 1 less the chance of the hand kept (the best discard in one's own turn, the 13 tiles on a
  discard).

Speed: shanten, useful tiles, waits and the scores of completed hands are cached (the scores of the
hypothetical hands within a call and, bounded, across calls), so that one decision takes about a
tenth of a second to a second (``benchmarks/bench_coach.py`` prints the median and p95).

Where things are: :mod:`~mjlearn.coaching.advice` (:func:`coach`, :func:`standing`, :func:`after_kong`,
:func:`from_table`), :mod:`~mjlearn.coaching.lookahead` (the policy above, exact or simulated),
:mod:`~mjlearn.coaching.wins` (each hypothetical win scored by the rule set),
:mod:`~mjlearn.coaching.results` (what the coach returns and how it shows) and
:mod:`~mjlearn.coaching.bots` (the strong computer player that asks the coach, and the levels). The
table (:mod:`mjlearn.table`) sits below and never imports the coach.

>>> import mjlearn as mj
>>> c = mj.coach("123m456p789s23sEN+E", draws_left=10)
>>> [str(o.discard) for o in c][:2]
['N', '2s']
>>> best = c[0]
>>> best.shanten, {str(t): n for t, n in best.useful.items()}, best.method
(0, {'1s': 4, '4s': 4}, 'exact')
"""

from __future__ import annotations

from .advice import DEFAULT_TRIALS, MAX_DRAWS_LEFT, MAX_TRIALS, after_kong, clear_caches, coach, from_table, standing
from .bots import LEVELS, CoachBot, Level, level_label, level_names, make_bot, make_bots
from .results import Coaching, CoachOption, LikelyFan, Route, Standing

__all__ = [
    "DEFAULT_TRIALS",
    "LEVELS",
    "MAX_DRAWS_LEFT",
    "MAX_TRIALS",
    "CoachBot",
    "CoachOption",
    "Coaching",
    "Level",
    "LikelyFan",
    "Route",
    "Standing",
    "after_kong",
    "clear_caches",
    "coach",
    "from_table",
    "level_label",
    "level_names",
    "make_bot",
    "make_bots",
    "standing",
]
