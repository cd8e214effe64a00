"""The words of a settlement: the pieces each rule set's :meth:`~mjlearn.rules.RuleSet.settlement_steps`
writes its arithmetic with, from the counted items up to what each payer owes, in both languages.

A learner reads no powers or carets: a base doubled three times is written out as ``5 × 2 × 2 × 2``.

>>> doubling(5, 2, ("番", "fan"))[1]
'5 doubled once per fan, 2 fan: 5 × 2 × 2'
"""

from __future__ import annotations

from ..seats import Seat

__all__ = ["Line", "doubling", "num", "seat_label", "sum_line", "unit_of", "zero_pays"]

Line = tuple[str, str]


def seat_label(s: str) -> str:
    """A seat in Chinese with its letter: ``东E``."""
    return f"{Seat.of(s).zh}{s}"


def unit_of(rs, item: bool = False) -> Line:
    """The unit of a rule set's total (or, with ``item``, of each item's value); ("", "") if none."""
    u = (rs.item_unit or rs.unit) if item else rs.unit
    return u if u and (u[0] or u[1]) else ("", "")


def num(v) -> str:
    """A figure as a learner writes it (no trailing ``.0``)."""
    return f"{v:g}" if isinstance(v, float) else str(v)


def doubling(base, n: int, unit: Line, after_first=False) -> Line:
    """A base doubled ``n`` times, in words and as a product a learner can check, never in caret
    notation: ``doubling(5, 2, ("番", "fan"))`` gives "5，每番翻一倍，2 番：5 × 2 × 2" and "5 doubled
    once per fan, 2 fan: 5 × 2 × 2". ``after_first`` (True, or the number of units included in the
    base) says the first units are already in the base (Yunnan's 3 for one fan)."""
    base_s = num(base)
    k = 0 if not after_first else (1 if after_first is True else int(after_first))
    if n <= 0:
        ez = ee = base_s
    elif n <= 8:
        ez = ee = base_s + " × 2" * n
    else:
        ez, ee = f"{base_s} × 2 × … × 2（{n} 个 2）", f"{base_s} × 2 × … × 2 ({n} twos)"
    if k:
        first = f"{k + n}" if n > 0 else f"{k}"
        return (
            f"{base_s}（{k} {unit[0]}），之后每多 1 {unit[0]}翻一倍，共 {first} {unit[0]}：{ez}",
            f"{base_s} for {k} {unit[1]}, doubled for each further {unit[1]}, {first} {unit[1]} in all: {ee}",
        )
    if n <= 0:
        return (f"{base_s}，没有翻番", f"{base_s}, not doubled")
    return (
        f"{base_s}，每{'次' if unit[0] == '次翻番' else unit[0]}翻一倍，共 {n} {unit[0]}：{ez}",
        f"{base_s} doubled once per {unit[1].rstrip('s') if unit[1].endswith('s') else unit[1]}, "
        f"{n} {unit[1][:-1] if n == 1 and unit[1].endswith('s') else unit[1]}: {ee}",
    )


def sum_line(items, unit: Line, total=None) -> Line:
    """The items added up: ``2 + 1 = 3 番`` (a single item that is the total: just ``3 番``)."""
    vals = [i.value * i.count for i in items]
    s = sum(vals) if total is None else total
    if not items:
        return (f"没有计分项：{s} {unit[0]}", f"no counted items: {s} {unit[1]}")
    expr = " + ".join(num(v) for v in vals)
    if len(vals) == 1 and vals[0] == s:
        en = unit[1][:-1] if s == 1 and unit[1].endswith("s") else unit[1]
        return (f"{num(s)} {unit[0]}".strip(), f"{num(s)} {en}".strip())
    return (f"{expr} = {num(s)} {unit[0]}", f"{expr} = {num(s)} {unit[1]}")


def zero_pays(result) -> Line | None:
    """Why a legal win whose total is 0 still pays, in the rule set's own settlement words (a plain
    hand's base, a flat amount for any win), or None when the total is not 0 or nothing is paid.
    A table showing "0 番" beside payments says this with it."""
    if not result.legal or result.total != 0 or not any(result.payments.values()):
        return None
    unit = result.ruleset.unit
    why = [s for s in result.steps if s != sum_line(result.items, unit, 0)]
    if not why:
        return None
    return (
        f"0 {unit[0]}也收付：" + "；".join(z for z, _ in why),
        f"a win of 0 {unit[1]} still pays: " + "; ".join(e for _, e in why),
    )
