"""``mj.score``: one entry point for every rule set.

``rules="mcr"`` (the default) or ``"mcr-wmo2014"`` (or an MCR ``Profile``) scores with the Guobiao
scorer and its context keywords (:data:`mjlearn.mcr.scorer.CONTEXT_KEYWORDS`); any other name or alias goes to the
regional rule-set
registry, whose rule sets take their own keywords (dealer, discarder, wild tile...) and reject the ones
they do not know.

>>> import mjlearn as mj
>>> mj.score("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True).total
98
>>> r = mj.score("123m456p789s23sEE+4s", rules="xian", discarder="S")
>>> r.rules, r.legal, r.unit
('xian', True, ('底分', 'base units'))
>>> mj.score("123m456p789s23sEE+4s", rules="changsha", discarder="S")
Traceback (most recent call last):
...
mjlearn.rules.declarations.TileSetError: Changsha (Hunan) plays 108 tiles without winds or dragons: E (东风) is not used in this game  （长沙麻将只用 108 张牌，没有风牌和箭牌：不用东风）
"""

from __future__ import annotations

from . import rules as registry
from .errors import ContextError
from .mcr.profiles import PROFILES, Profile
from .mcr.scorer import score as mcr_score


def score(hand, rules="mcr", **context):
    """Score ``hand`` under ``rules``: an MCR profile (``"mcr"``, ``"mcr-wmo2014"``) or a regional
    rule set by name or alias (``"beijing"``, ``"长沙麻将"``, ``"xian"``...)."""
    if isinstance(rules, Profile) or (isinstance(rules, str) and rules.lower() in PROFILES):
        profile = rules.lower() if isinstance(rules, str) else rules
        if "profile" in context:  # mjlearn.mcr.score's name for it: fine when it does not contradict
            given = context.pop("profile")
            if profile != "mcr" and given != profile:
                raise ContextError(f"give the MCR profile once: rules={rules!r} and profile={given!r} differ")
            profile = given
        return mcr_score(hand, profile=profile, **context)
    return registry.score(hand, rules=rules, **context)
