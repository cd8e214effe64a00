"""The course above the engine: the regional tour (:mod:`~mjlearn.course.tour`: description cards,
worked examples, the hands legal in one rule set only, exercises), how a comparison of rule sets
looks (:mod:`~mjlearn.course.comparison`: its table, charts and the difference table's pages) and
the appendix's sources and rulings (:mod:`~mjlearn.course.sources`).

Every rule set's words come from its own registration (``RuleSet.about``, declared in
``mjlearn/rules/<set>.py``) and every figure from the engine when shown: nothing here names a rule
set. Lessons import the modules they use::

    from mjlearn.course import tour
    tour.visit("changsha")
"""
