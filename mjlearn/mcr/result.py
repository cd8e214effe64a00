"""The result of scoring a hand: fans with the sets that make them, what was dropped and why.

>>> from mjlearn.mcr import score
>>> r = score("[EEE,1][SSSS,1]55pWWWNN+N", self_drawn=True)
>>> r.to_dict()["excluded"][0]
{'id': 38, 'zh': '三风刻', 'because_of': 1, 'principle': '不重复'}
>>> r.settlement(winner="E")
{'E': 318, 'S': -106, 'W': -106, 'N': -106}
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from functools import cached_property
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..i18n import get_language
from ..render import svg
from ..shapes import Form, Part, PartKind, Reading
from ..tiles import KNITTED_PATTERNS, TILES
from . import caches
from ._count import TABLE_BUDGETS, tables
from .fans import Fan, fan
from .principles import PRINCIPLES, apply_exclusions, combine_chows, combine_pungs
from .settlement import settle

if TYPE_CHECKING:
    from ..hand import Hand, WinContext
    from .profiles import Profile

__all__ = ["Excluded", "FanScore", "ScoreResult"]

_set = object.__setattr__

_FORM_ZH = {
    "regular": "基本和型",
    "seven_pairs": "七对",
    "thirteen_orphans": "十三幺",
    "honors_and_knitted": "全不靠",
    "knitted_straight": "组合龙",
}


@dataclass(frozen=True)
class FanScore:
    """One fan that counts."""

    fan: Fan
    """The fan (its row of the table)."""
    count: int
    """How many times it counts (幺九刻, 一般高, 花牌... may count more than once)."""
    points: int
    """Points of one occurrence under the profile."""
    parts: tuple
    """For each occurrence, the parts of the reading that form it (empty: the whole hand or the
    manner of winning)."""

    @property
    def id(self) -> int:
        return self.fan.id

    @property
    def zh(self) -> str:
        return self.fan.zh

    @property
    def en(self) -> str:
        return self.fan.en

    @property
    def total(self) -> int:
        return self.points * self.count


@dataclass(frozen=True)
class Excluded:
    """A fan the hand could claim but that does not count."""

    fan: Fan
    """The fan not counted."""
    because_of: Fan
    """The counted fan that implies it or used its sets."""
    principle: str
    """The principle: 不重复, 不拆移, 不得相同 or 套算一次."""
    parts: tuple = ()
    """The parts it would have been made of."""

    @property
    def tiles_text(self) -> str:
        """The tiles of the sets it would have been made of, e.g. ``123m 123p`` ('' for a fan of
        the whole hand)."""
        out = []

        def walk(x):
            for y in x:
                if isinstance(y, (tuple, list)):
                    walk(y)
                elif getattr(y, "tiles", None):
                    out.append(
                        "".join(str(t)[:-1] if str(t)[-1] in "mps" else str(t) for t in y.tiles)
                        + (str(y.tiles[0])[-1] if str(y.tiles[0])[-1] in "mps" else "")
                    )

        walk(self.parts)
        return " ".join(out)

    def explain(self, lang: str = "en") -> str:
        """One sentence: which fan is not counted, on which tiles, and which counted fan (and
        which principle) keeps it out.

        >>> from mjlearn.mcr import score
        >>> print(score("112233m123p789s5p+5p").excluded[0].explain())
        A second Mixed Double Chow (喜相逢) on 123m 123p not counted: one of its sets already makes the Mixed Double Chow that counts -- no identical repeat (不得相同)
        """
        on_zh = f"（{self.tiles_text}）" if self.tiles_text else ""
        on_en = f" on {self.tiles_text}" if self.tiles_text else ""
        if lang == "zh":
            second = "第二个" if self.because_of.id == self.fan.id else ""
            return f"不计{second}{self.fan.zh}{on_zh}：{self.reason('zh')}"
        second = "A second " if self.because_of.id == self.fan.id else ""
        return f"{second}{self.fan.en} ({self.fan.zh}){on_en} not counted: {self.reason('en')}"

    def reason(self, lang: str = "en") -> str:
        """Why it is not counted, without the fan's own name: the fan that keeps it out and the
        principle."""
        gloss = PRINCIPLES[self.principle].split(":")[0]
        if self.because_of.id == self.fan.id:
            if lang == "zh":
                return f"其中的副子已经组成了计分的那个{self.fan.zh}（{self.principle}）"
            return f"one of its sets already makes the {self.fan.en} that counts -- {gloss} ({self.principle})"
        if lang == "zh":
            return f"因{self.because_of.zh}（{self.principle}）"
        return f"implied by {self.because_of.en} ({self.because_of.zh}), {gloss} ({self.principle})"


@dataclass(frozen=True)
class ScoreResult:
    """What a hand scores under MCR. ``str()`` is a readable table; ``to_dict()`` the JSON form."""

    rules: str
    """The profile's name (``mcr`` by default)."""
    hand: Hand
    """The hand scored (a :class:`~mjlearn.hand.Hand`)."""
    context: WinContext
    """The :class:`~mjlearn.hand.WinContext`."""
    is_winning: bool
    """Whether the tiles form a complete hand at all."""
    total: int
    """Sum of all fans, flowers included."""
    flowers: int
    """Flowers counted (花牌)."""
    profile: Profile = field(default=None, repr=False, compare=False)  # type: ignore[assignment]  # _build always sets it
    """The :class:`~mjlearn.mcr.profiles.Profile` used."""
    _raw: tuple | None = field(default=None, repr=False, compare=False)
    _seats: tuple | None = field(default=None, repr=False, compare=False)
    """(winner, discarder) when the seats were given (then :attr:`payments` are settled), else None."""
    _ruleset: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def _build(cls, hand, wc, prof, best, flowers, melds):
        # the fields set directly, as the frozen dataclass's __init__ would (it has no checks)
        obj = object.__new__(cls)
        if best is None:
            _set(
                obj,
                "__dict__",
                {
                    "rules": prof.name,
                    "hand": hand,
                    "context": wc,
                    "is_winning": False,
                    "total": 0,
                    "flowers": flowers,
                    "profile": prof,
                    "_raw": None,
                },
            )
        else:
            _set(
                obj,
                "__dict__",
                {
                    "rules": prof.name,
                    "hand": hand,
                    "context": wc,
                    "is_winning": True,
                    "total": best.total + flowers,
                    "flowers": flowers,
                    "profile": prof,
                    "_raw": (best, melds),
                },
            )
        return obj

    @cached_property
    def reading(self):
        """The chosen reading (:class:`~mjlearn.shapes.Reading`), or None."""
        if self._raw is None:
            return None
        best, melds = self._raw
        parts = best.parts
        if parts is None:  # a reading that was only counted
            parts = self._candidate.parts
        return _reading(best.form, parts, melds, self.hand)

    @cached_property
    def _candidate(self):
        """The chosen reading as the scorer's explicit steps give it (a
        :class:`~mjlearn.mcr.records.Candidate` with its parts and occurrences). A reading that was
        only counted while the scorer compared readings has its occurrences (with the positions of
        their sets) detected now."""
        assert self._raw is not None, "only a complete hand has a reading"
        best, _ = self._raw
        if best.occ is None:
            explain, *args = best.explain
            best = explain(self.hand, self.profile, *args)
        return best

    @cached_property
    def _explained(self):
        """(kept, dropped) of the chosen reading by the explicit principle steps, built on demand:
        the scorer only counted while it compared readings."""
        cand = self._candidate
        prof = self.profile
        kept, dropped = apply_exclusions(cand.occ, prof.exclusions, prof.order.__getitem__)
        if not kept:
            kept = [(43, ())]
        if cand.sets:
            chows, pungs = cand.sets
            dropped = _combination_drops(chows, "chows", prof) + _combination_drops(pungs, "pungs", prof) + dropped
        return kept, dropped

    @cached_property
    def fans(self) -> tuple:
        """The fans that count (:class:`FanScore`), highest first; each with the sets forming it."""
        if self._raw is None:
            return ()
        kept, _ = self._explained
        rparts = self.reading.parts
        pts = self.profile.points
        by_id: dict[int, list] = {}
        for f, ps in kept:
            by_id.setdefault(f, []).append(tuple(rparts[i] for i in ps))
        fans = [FanScore(fan(f), len(occ), pts[f], tuple(occ)) for f, occ in by_id.items()]
        if self.flowers:
            fans.append(FanScore(fan(81), self.flowers, 1, ((),) * self.flowers))
        fans.sort(key=lambda s: (-s.points, s.id))
        return tuple(fans)

    @cached_property
    def excluded(self) -> tuple:
        """The fans dropped (:class:`Excluded`), each with the fan and principle that dropped it."""
        if self._raw is None:
            return ()
        _, dropped = self._explained
        rparts = self.reading.parts
        seen = set()
        out = []
        for f, ps, because, principle in dropped:
            key = (f, because, principle)
            if key in seen:
                continue
            seen.add(key)
            out.append(Excluded(fan(f), fan(because), principle, tuple(rparts[i] for i in ps)))
        return tuple(out)

    def fan_counts(self) -> dict[int, int]:
        """``{fan id: count}`` of the fans that count, flowers included (cheap: no explanation built)."""
        if self._raw is None:
            return {}
        best, _ = self._raw
        out = dict(best.fans)
        if self.flowers:
            out[81] = self.flowers
        return out

    @property
    def meets_minimum(self) -> bool:
        """At least 8 points not counting flowers (the condition to declare a win)."""
        return self.is_winning and self.total - self.flowers >= 8

    def points_of(self, key) -> int:
        """Points the hand gets from one fan (0 if it does not count)."""
        f = fan(key)
        return sum(s.total for s in self.fans if s.fan is f)

    # --- the interface of a rule set's verdict (mjlearn.rules.RegionalResult) --------------

    def _at_table(self, ruleset, context, winner, discarder):
        """This result as the rules door gives it: judged by ``ruleset`` (the MCR rule set with its
        options) in the completed ``context``, paid by ``winner`` / ``discarder``. Returns self
        (a fresh result of one scoring call: nobody else holds it yet)."""
        d = self.__dict__
        d["_ruleset"] = ruleset
        d["context"] = context
        d["_seats"] = (winner, discarder)
        return self

    @property
    def ruleset(self):
        """The MCR rule set of :mod:`mjlearn.rules` (its ``profile`` option set to this profile)."""
        rs = self._ruleset
        if rs is None:
            rs = self.__dict__["_ruleset"] = mcr_ruleset(self.rules)
        return rs

    @property
    def legal(self) -> bool:
        """Whether the hand may win: complete and at least 8 points without flowers."""
        return self.is_winning and self.total - self.flowers >= 8

    @property
    def reason(self) -> tuple[str, str] | None:
        """(zh, en) why the win is not legal; None when it is."""
        if not self.is_winning:
            return ("牌型不完整", "the tiles do not make a complete hand")
        if self.total - self.flowers < 8:
            n = self.total - self.flowers
            return (f"不计花牌 {n} 番，不够起和 8 番", f"{n} points without flowers: under the 8-point minimum")
        return None

    unit = ("分", "points")
    """The unit of :attr:`total` (as the MCR rule set's ``unit``)."""
    wilds = ()
    substitutions = ()
    transfers = ()
    shape = ""

    @cached_property
    def items(self) -> tuple:
        """The counted fans as :class:`~mjlearn.rules.Item` (key = the fan id), highest first."""
        from ..rules.result import Item

        return tuple(Item(str(r["id"]), r["zh"], r["en"], r["points"], r["count"]) for r in self._fan_rows())

    @cached_property
    def payments(self) -> dict:
        """Net amount of each seat E, S, W, N by the competition formula: all zero when the win is
        not legal or no winner was given (``winner=``, ``discarder=`` to :func:`mjlearn.score`)."""
        if self._seats is None or not self.legal:
            return {"E": 0, "S": 0, "W": 0, "N": 0}
        return dict(self.settlement(*self._seats))

    def _fan_rows(self) -> list:
        pts = self.profile.points if self._raw is not None else ()
        fans = []
        for f, n in sorted(self.fan_counts().items(), key=lambda kv: (-pts[kv[0]], kv[0])):
            row = fan(f)
            fans.append({"id": f, "zh": row.zh, "en": row.en, "points": pts[f], "count": n})
        return fans

    def to_dict(self, verdict: bool | None = None) -> dict:
        """The JSON form (rules, hand, total, meets_minimum, fans, excluded);
        with ``verdict`` also the keys of a rule set's verdict (legal, reason, unit, items, payments,
        reading, substitutions, options), as :class:`~mjlearn.rules.RegionalResult` gives them.
        ``verdict`` defaults to whether the seats were given (always so by :func:`mjlearn.rules.score`).

        Built from the fan counts and the dropped fans directly (the same rows as :attr:`fans` and
        :attr:`excluded`, in the same order), without the tile-level explanation objects.
        """
        fans = self._fan_rows()
        excluded = []
        if self._raw is not None:
            seen = set()
            _, dropped = self._explained
            for f, _ps, because, principle in dropped:
                key = (f, because, principle)
                if key in seen:
                    continue
                seen.add(key)
                excluded.append({"id": f, "zh": fan(f).zh, "because_of": because, "principle": principle})
        out = {
            "rules": self.rules,
            "hand": str(self.hand),
            "total": self.total,
            "meets_minimum": self.meets_minimum,
            "fans": fans,
            "excluded": excluded,
        }
        if verdict is None:
            verdict = self._seats is not None
        if not verdict:
            return out
        reason = self.reason
        out.update(
            {
                "legal": self.legal,
                "reason": None if reason is None else {"zh": reason[0], "en": reason[1]},
                "unit": {"zh": "分", "en": "points"},
                "items": [
                    {"key": str(r["id"]), "zh": r["zh"], "en": r["en"], "value": r["points"], "count": r["count"]}
                    for r in fans
                ],
                "payments": dict(self.payments),
                "reading": None if self._raw is None else str(self.reading),
                "substitutions": [],
                "options": ({"profile": self.rules} if self._ruleset is None else self._ruleset.option_values),
            }
        )
        return out

    def settlement(self, winner: str = "E", discarder: str | None = None) -> dict[str, int]:
        """Payments per seat by the competition formula; ``discarder`` None for a self-draw.

        Raises ValueError when the hand may not win (incomplete or under 8 points) or when the
        discarder does not match how the hand was won.
        """
        if not self.meets_minimum:
            why = (
                "it is not a complete hand"
                if not self.is_winning
                else f"it scores {self.total - self.flowers} without flowers, under the 8-point minimum"
            )
            raise ValueError(f"{self.hand} cannot be settled: {why}")
        if self.context.self_drawn and discarder is not None:
            raise ValueError("the hand was self-drawn (self_drawn=True): there is no discarder")
        if not self.context.self_drawn and discarder is None:
            raise ValueError("the hand was won on a discard: say who discarded (discarder='S', ...)")
        return settle(self.total, winner, discarder)

    # --- display ---------------------------------------------------------------------------

    def table(self, lang: str | None = None) -> str:
        """A plain-text table of the fans in the learner's language (zh or en)."""
        lang = lang or get_language()
        zh = lang == "zh"
        lines = [f"{self.hand}  ({self.rules})"]
        if not self.is_winning:
            lines.append(
                "不是和牌（牌型不完整）" if zh else "not a winning hand (the tiles do not form a complete hand)"
            )
            return "\n".join(lines)
        if self.reading is not None:
            lines.append(("牌型：" if zh else "reading: ") + str(self.reading))
        width = max((len(s.zh) * 2 + len(s.en) for s in self.fans), default=10) + 3
        for s in self.fans:
            name = f"{s.zh} {s.en}" if not zh else f"{s.zh}（{s.en}）"
            cnt = f" x{s.count}" if s.count > 1 else ""
            lines.append(f"  {name:<{width}}{s.points:>3}{cnt:<4} {s.total:>4}")
        lines.append(("  合计" if zh else "  total") + f" {self.total}")
        ok = self.meets_minimum
        if zh:
            lines.append(f"  起和 8 番（不计花牌）：{'够' if ok else '不够'}")
        else:
            lines.append(f"  8-point minimum (flowers aside): {'met' if ok else 'NOT met'}")
        for e in self.excluded:
            lines.append("  - " + e.explain("zh" if zh else "en"))
        if self._seats is not None:  # seats given: who pays whom
            lines.append(
                ("  收付：" if zh else "  payments: ") + ", ".join(f"{s} {v:+g}" for s, v in self.payments.items())
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        fans = ", ".join(f"{s.zh}{'x' + str(s.count) if s.count > 1 else ''} {s.total}" for s in self.fans)
        return f"<ScoreResult {str(self.hand)!r} total={self.total} [{fans}]>"

    def _repr_html_(self) -> str:
        e = html.escape
        tiles = svg.inline_html(svg.hand_svg(self.hand))
        rows = []
        if not self.is_winning:
            rows.append('<tr><td colspan="3">不是和牌 · not a winning hand</td></tr>')
        for s in self.fans:
            cnt = f" ×{s.count}" if s.count > 1 else ""
            rows.append(
                f"<tr><td>{e(s.zh)}</td><td>{e(s.en)}</td>"
                f"<td style='text-align:right'>{s.points}{cnt}</td>"
                f"<td style='text-align:right'>{s.total}</td></tr>"
            )
        rows.append(
            f"<tr style='font-weight:bold'><td>合计</td><td>Total</td><td></td>"
            f"<td style='text-align:right'>{self.total}</td></tr>"
        )
        for x in self.excluded:
            rows.append(
                f"<tr style='color:#888'><td><s>{e(x.fan.zh)}</s></td><td><s>{e(x.fan.en)}</s></td>"
                f"<td colspan='2'>{e(x.tiles_text)} {e(x.reason('zh'))}<br>{e(x.reason('en'))}</td></tr>"
            )
        ok = self.meets_minimum
        minimum = f"<div>起和 8 番 / 8-point minimum (flowers aside): <b>{'✓' if ok else '✗'}</b></div>"
        reading = ""
        if self.reading is not None:
            reading = (
                f"<div style='color:#555'>{e(_FORM_ZH.get(self.reading.form.value, ''))} · {e(str(self.reading))}</div>"
            )
        return (
            f"<div style='display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap'>"
            f"<div>{tiles}{reading}</div>"
            f"<div><table><thead><tr><th>番种</th><th>Fan</th><th>分 Points</th><th>计 Sum</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>{minimum}</div></div>"
        )


def mcr_ruleset(profile: str):
    """The MCR rule set of :mod:`mjlearn.rules` with its ``profile`` option set to ``profile``
    (left at its default for a profile the option does not name)."""
    from ..rules import get

    rs = get("mcr")
    choices = next(o.choices or () for o in rs.options if o.key == "profile")
    if profile != rs.opt("profile") and profile in choices:
        rs = rs.with_options(profile=profile)
    return rs


def _combination_drops(sets, kind, prof):
    """The ``dropped`` of :func:`~mjlearn.mcr.principles.combine_chows` / ``combine_pungs`` for the
    sets ``[(part, code)]``: computed once per sorted codes and profile (on positions in the sorted
    order, which only relabels the parts), then given the reading's part numbers."""
    if len(sets) < 2:
        return []
    ordered = sorted(sets, key=_second)
    codes = tuple([t for _, t in ordered])
    cache = tables(prof).drops
    key = (kind, codes)
    drops = cache.get(key)
    if drops is None:
        ex = prof.exclusions

        def excl(f):
            return [e for e, _ in ex.get(f, ())]

        combine = combine_chows if kind == "chows" else combine_pungs
        _, dropped = combine(list(enumerate(codes)), excl)
        drops = caches.put(cache, key, tuple(dropped), TABLE_BUDGETS["drops"])
    parts = [part for part, _ in ordered]
    return [(f, tuple(sorted([parts[i] for i in ps])), because, principle) for f, ps, because, principle in drops]


_second = itemgetter(1)


def _reading(form, parts, melds, hand):
    """Turn the engine's parts into a :class:`~mjlearn.shapes.Reading` (for display and explanation)."""
    out = []
    mi = 0
    for kind, t, _exp in parts:
        if kind == "knitted":
            out.append(Part(PartKind.KNITTED, tuple(TILES[i] for i in KNITTED_PATTERNS[t])))
            continue
        if kind == "singles":
            counts = hand.counts
            if form == "thirteen_orphans":
                _, (_, doubled, _) = parts  # the singles, then the pair
                tiles = tuple(TILES[i] for i in range(34) if counts[i] and i != doubled)
            else:
                tiles = tuple(TILES[i] for i in range(34) if counts[i])
            out.append(Part(PartKind.SINGLES, tiles))
            continue
        meld = None
        if mi < len(melds) and form in ("regular", "knitted_straight") and len(out) == mi:
            meld = melds[mi]
            mi += 1
        if kind == "chow":
            out.append(Part(PartKind.CHOW, (TILES[t], TILES[t + 1], TILES[t + 2]), meld))
        else:
            n = {"pung": 3, "kong": 4, "pair": 2}[kind]
            pk = {"pung": PartKind.PUNG, "kong": PartKind.KONG, "pair": PartKind.PAIR}[kind]
            out.append(Part(pk, (TILES[t],) * n, meld))
    return Reading(Form(form), tuple(out))
