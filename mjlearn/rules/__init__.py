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

from .base import (COMMON, Claims, ContextError, Ctx, Ledger, Option, Pattern, RuleSet, RulesError,
                   TileSet, TileSetError, UnknownRuleSetError, Win, ctx, score_discard)
from .registry import DEFAULT, RULESETS, get, names, register
from .tablefacts import TableFacts
from .result import DiscardResult, Item, RegionalResult

__all__ = ["RuleSet", "Pattern", "Option", "Ctx", "COMMON", "ctx", "TileSet", "Claims", "Win",
           "Ledger", "Item", "RegionalResult", "DiscardResult", "score_discard", "RULESETS", "get", "names", "register", "score",
           "compare", "differences", "RulesError", "UnknownRuleSetError", "ContextError",
           "TileSetError", "TableFacts", "DEFAULT"]


def score(hand, rules="mcr", *, options=None, **context):
    """Score ``hand`` under the rule set ``rules`` (a name, alias or RuleSet): a
    :class:`RegionalResult`, or for MCR the :class:`~mjlearn.mcr.result.ScoreResult` that
    :func:`mjlearn.score` also returns (it reads the same: legal, reason, total, items, payments).

    Context keywords the rule set does not know raise :class:`ContextError` naming the accepted
    ones; tiles the variant does not use raise :class:`TileSetError`.
    """
    return get(rules).score(hand, options=options, **context)


def __getattr__(name):
    if name in ("compare", "differences", "Comparison"):
        from importlib import import_module
        _c = import_module("mjlearn.rules.compare")   # a callable module: rules.compare(...) works
        return _c if name == "compare" else getattr(_c, name)
    raise AttributeError(f"module 'mjlearn.rules' has no attribute {name!r}")
