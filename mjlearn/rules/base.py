"""The rule-set framework: declared data (tiles, claims, pair rule, options, context keywords,
patterns) plus a small scoring pipeline that every regional variant shares. This module gathers the
names a variant module needs; they live in

* :mod:`~mjlearn.rules.declarations` – :class:`TileSet`, :class:`Claims`, :class:`Option`,
  :class:`Ctx` (with :data:`COMMON` and :func:`ctx`), :class:`Pattern` and the keyword value checks;
* :mod:`~mjlearn.rules.win` – :class:`Win`, one way of judging a hand, and its :class:`Context`;
* :mod:`~mjlearn.rules.ruleset` – :class:`RuleSet`, its pipeline and hooks, and :class:`Ledger`;
* :mod:`~mjlearn.rules.discard` – several claimants of one discard;
* :mod:`~mjlearn.rules.patterns` – pattern predicates several variants share, and
  :func:`next_in_cycle` for wild indicators.

Seats are the letters ``"E"``, ``"S"``, ``"W"``, ``"N"`` in the rules' keywords and payment tables;
:class:`mjlearn.seats.Seat` turns one into its neighbours, wind and names
(``Seat.of(s).after().letter``), and :data:`mjlearn.seats.SEAT_LETTERS` lists them in turn order.

How to add a variant
--------------------

A variant is one module in ``mjlearn/rules/`` that builds a :class:`RuleSet` value (usually an
instance of a small subclass) and calls :func:`mjlearn.rules.registry.register` at import; then add
the module name to ``registry.VARIANT_MODULES``. Declare, do not bury in if-chains:

* identity: ``name``, ``aliases`` (English, Chinese, pinyin), ``zh``, ``en``, ``unit`` (zh, en) of
  the total;
* ``tiles`` (:class:`TileSet`), ``claims`` (:class:`Claims`), ``pair`` (``"any"``, ``"258"``,
  ``"none"``), ``wild`` (a sentence, or ``None`` when the variant has none), ``minimum``;
* ``options``: one :class:`Option` for each point the rule set's documents leave open or players
  disagree on (``default`` the recommended value; the ones a learner meets are also
  :class:`~mjlearn.rules.description.Ruling` rows of its ``about``, shown by the appendix notebook
  ``12_sources_and_rulings``); read them in code with ``self.opt("key")``;
* ``context``: the keywords :meth:`RuleSet.score` accepts, as :class:`Ctx` rows; the common ones are
  taken by name from :data:`COMMON` (``ctx("self_drawn", "discarder", ...)``) and a variant adds its
  own with ``Ctx(...)``. Anything else is refused with :class:`ContextError`;
* ``first_turn``: a :class:`FirstTurn` for each of those keywords that says the win came in the
  first go-around (天和, 地和, 人和, 第一巡), with the situations it allows (``"dealer_draw"``,
  ``"other_draw"``, ``"on_dealer"``, ``"on_other"``); :mod:`mjlearn.consistency` refuses it with a
  claim, a kong, the last tile or another situation;
* ``patterns``: :class:`Pattern` rows (key, zh, en, value, note, predicate, excludes). A predicate
  receives the :class:`Win` under judgement and returns a count (0 = absent, True counts as 1);
* ``table``: a :class:`~mjlearn.rules.tablefacts.TableFacts` (dice, break, deal, how the wild is
  found, kong replacements, claim restrictions, the end of the wall) for ``mjlearn.table``, which
  plays every registered rule set and never names one (it reads ``tiles`` and ``claims`` too).

Then override the few steps that differ (each has a working default):

* :meth:`RuleSet.candidates` – the ways the hand can be read (regular/seven-pairs readings with the
  variant's wild, plus shape-free wins such as 将将胡);
* :meth:`RuleSet.illegal` – why a judged win is not allowed (pair rule, discard restrictions,
  minimum), or ``None``;
* :meth:`RuleSet.combine` – the total from the counted items (sum of 番, product of doublings, …);
* :meth:`RuleSet.settle` – the payments of the four seats (a :class:`Ledger` helps), summing to zero;
* :meth:`RuleSet.settlement_steps` – the same arithmetic in words for the learner (no default), and
  the ``about`` field, the learner's description (:mod:`~mjlearn.rules.description`);
* :meth:`RuleSet.choose_winners` – who collects when several players win on one discard (default:
  everyone when ``multi_win == "multiple_allowed"``, else the nearest in turn order, 截和);
* :meth:`RuleSet.next_dealer` – the next hand's dealer after the winners of one tile (default: by
  ``table.dealer_rotation``, the dealer stays after his win or a draw, or the deal always passes);
* for the table: :meth:`RuleSet.reserve_stacks` (stacks kept back at the tail, default none),
  :meth:`RuleSet.settle_exhausted` (what a drawn hand settles, default nothing),
  :meth:`RuleSet.on_deal_win` (a win on the dealt tiles, with ``table.on_deal_wins``) and
  :meth:`RuleSet.first_round_context` (the ``earthly`` / ``human`` keywords of a first-round win).

Several claimants of one discard
--------------------------------

:func:`mjlearn.rules.score_discard` (also ``RuleSet.score_discard``) judges every hand that claims one discard
with the shared context, applies the rule set's multi-win policy and returns a
:class:`~mjlearn.rules.result.DiscardResult`: each claimant's
:class:`~mjlearn.rules.result.RegionalResult`, the winners in turn order from the discarder, the
combined payments of the four seats (summing to zero), every transfer, and the next dealer.

:meth:`RuleSet.score` validates the tiles against the tile set (:class:`TileSetError`), the
context keywords (:class:`ContextError`), judges every candidate, keeps the best legal one, and
returns a :class:`~mjlearn.rules.result.RegionalResult`. Options are changed with
``ruleset.with_options(key=value)`` or ``score(..., options={...})``; a rule set is a value and is
never mutated. Each :class:`Option` declares what it may take (its choices, True/False, a range
``low``-``high`` of whole numbers a real table uses, or the cases it may list), and a value outside
that is refused with a :class:`RulesError` naming the rule set, the option and what it may take.
"""

from __future__ import annotations

from ..consistency import FirstTurn
from ..errors import ContextError, RulesError, UnknownRuleSetError

# _check_seat, _check_tile_or_none and _score_discard: for mjlearn.rules.changsha, which judges its
# own 海底 claimants with them.
from .declarations import (  # noqa: F401
    COMMON,
    Claims,
    Ctx,
    Option,
    Pattern,
    TileSet,
    TileSetError,
    _check_seat,
    _check_tile_or_none,
    ctx,
)
from .discard import _score_discard, turn_order_from  # noqa: F401
from .patterns import all_pungs, claimed_melds, next_in_cycle, one_suit, seven_pairs_quads, straight_parts
from .ruleset import NOT_COMPLETE, Ledger, RuleSet
from .win import Context, Win

__all__ = [
    "COMMON",
    "NOT_COMPLETE",
    "Claims",
    "Context",
    "ContextError",
    "Ctx",
    "FirstTurn",
    "Ledger",
    "Option",
    "Pattern",
    "RuleSet",
    "RulesError",
    "TileSet",
    "TileSetError",
    "UnknownRuleSetError",
    "Win",
    "all_pungs",
    "claimed_melds",
    "ctx",
    "next_in_cycle",
    "one_suit",
    "seven_pairs_quads",
    "straight_parts",
    "turn_order_from",
]
