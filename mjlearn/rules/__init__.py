"""Regional rule sets: one hand judged under Beijing, Changsha, Yunnan, Huopin, MCR and the others.

>>> import mjlearn.rules as rules
>>> r = rules.score("12346789mEEE44s+5m", rules="beijing", winner="S", discarder="N")
>>> r.legal, r.total, r.payments
(True, 4, {'E': 0, 'S': 80, 'W': 0, 'N': -80})

Every variant is a :class:`RuleSet` value in the registry (:data:`RULESETS`, :func:`get` by name or
alias in English, Chinese or pinyin). :func:`score` dispatches to one; :func:`compare` judges one
hand under many side by side. To add a variant, see :mod:`mjlearn.rules.base`.
"""

from __future__ import annotations

from ..errors import ContextError, RulesError, UnknownRuleSetError
from .comparison import Comparison, compare, differences  # noqa: F401 (mjlearn.rules.Comparison for type hints)
from .declarations import COMMON, Claims, Ctx, Option, Pattern, TileSet, TileSetError, ctx
from .registry import DEFAULT, RULESETS, get, names, register
from .result import DiscardResult, Item, RegionalResult
from .ruleset import Ledger, RuleSet
from .tablefacts import TableFacts
from .win import Win

__all__ = [
    "COMMON",
    "DEFAULT",
    "RULESETS",
    "Claims",
    "ContextError",
    "Ctx",
    "DiscardResult",
    "Item",
    "Ledger",
    "Option",
    "Pattern",
    "RegionalResult",
    "RuleSet",
    "RulesError",
    "TableFacts",
    "TileSet",
    "TileSetError",
    "UnknownRuleSetError",
    "Win",
    "compare",
    "ctx",
    "differences",
    "get",
    "names",
    "register",
    "score",
    "score_discard",
]


def score(hand, rules="mcr", *, options=None, **context):
    """Score ``hand`` under the rule set ``rules`` (a name, alias or RuleSet): a
    :class:`RegionalResult`, or for MCR the :class:`~mjlearn.mcr.result.ScoreResult` that
    :func:`mjlearn.score` also returns (it reads the same: legal, reason, total, items, payments).

    Context keywords the rule set does not know raise :class:`ContextError` naming the accepted
    ones; tiles the variant does not use raise :class:`TileSetError`.
    """
    return get(rules).score(hand, options=options, **context)


def score_discard(
    hands, rules="mcr", *, discarder: str, tile=None, options=None, contexts=None, **context
) -> DiscardResult:
    """Score every player who claims one discard, and settle all the winners at once.

    ``hands`` maps each claiming seat to its hand: 13 tiles (then ``tile`` is the discard), or 14
    with the discard after ``+``. The other keywords are the rule set's context, shared by every
    claimant (``dealer``, ``bird``, ``kong`` for a robbed kong…); ``winner``, ``discarder`` and
    ``self_drawn`` are set per claimant; ``contexts`` maps a seat to keywords for that seat only.

    Where the rule set allows several winners (``multi_win == "multiple_allowed"``: Changsha 通炮,
    Yunnan 一炮多响, Hong Kong 一炮三响), every legal claimant wins and the discarder pays each of
    them in full; otherwise only the nearest in turn order wins (截和). A rule set with a
    ``multiple_winners`` keyword gets it set when two or more win. The combined payments of the four
    seats sum to zero.

    >>> r = score_discard({"S": "123m456m789p234s8s", "N": "111333555777s9s"}, rules="changsha",
    ...                   discarder="W", tile="8s")
    >>> r.winners, r.totals, r.payments, r.next_dealer     # 通炮: 小胡 for S, 清一色 for N
    (('N', 'S'), {'N': 6, 'S': 1}, {'E': 0, 'S': 1, 'W': -7, 'N': 6}, 'W')
    """
    return get(rules).score_discard(
        hands, discarder=discarder, tile=tile, options=options, contexts=contexts, **context
    )
