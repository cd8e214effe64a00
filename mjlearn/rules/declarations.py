"""What a rule set declares: the tiles it plays with (:class:`TileSet`), the discards that may be
claimed (:class:`Claims`), its switchable defaults (:class:`Option`), the context keywords it
accepts with their value checks (:class:`Ctx`, the shared ones in :data:`COMMON`, picked with
:func:`ctx`) and its scoring rows (:class:`Pattern`). Data only: the judging is in
:mod:`~mjlearn.rules.ruleset`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..errors import ContextError, InvalidHandError, Problem, RulesError, _two_lines, shown
from ..hand import Hand
from ..seats import SEAT_LETTERS
from ..tiles import Tile
from ..tiles import tile as as_tile

if TYPE_CHECKING:
    from .ruleset import RuleSet
    from .win import Win

__all__ = ["COMMON", "Claims", "Ctx", "Option", "Pattern", "TileSet", "TileSetError", "ctx", "shown"]


class TileSetError(InvalidHandError):
    """The hand holds tiles the variant does not play with (an honor in Changsha, a flower where
    there are none). An :class:`~mjlearn.errors.InvalidHandError`, so also a ``ValueError``."""


@dataclass(frozen=True)
class TileSet:
    """Which tiles a variant plays with."""

    suits: bool = True
    """Characters, dots and bamboo 1-9, four of each (always True in the seeds)."""
    honors: bool = True
    """The 28 winds and dragons."""
    flowers: str = "none"
    """``"none"``, ``"eight"`` (春夏秋冬梅兰竹菊) or ``"fuzhou36"`` (the 8 flowers + all honors as flowers)."""
    kinds: tuple[int, ...] = ()
    """The tile kinds (indices 0-33, four of each) when a game plays with part of the set only, as the
    ladder's small games do (one suit, two suits); empty: every suit, and the honors as ``honors``
    says."""

    def __post_init__(self):
        if self.kinds and (
            sorted(set(self.kinds)) != list(self.kinds) or not 0 <= self.kinds[0] <= self.kinds[-1] < 34
        ):
            raise ValueError(f"kinds must be distinct tile indices 0-33 in order, got {self.kinds!r}")

    @property
    def size(self) -> int:
        if self.kinds:
            return 4 * len(self.kinds) + (0 if self.flowers == "none" else 8)
        return 108 + (28 if self.honors or self.flowers == "fuzhou36" else 0) + (0 if self.flowers == "none" else 8)

    def problems(self, hand: Hand, ruleset: RuleSet) -> list[Problem]:
        out = []
        who = ruleset.en
        if self.kinds:
            outside = sorted({t for t in hand.tiles() if not t.is_flower and t.index not in self.kinds})
            if outside:
                names = ", ".join(f"{t} ({t.zh})" for t in outside)
                names_zh = "、".join(t.zh for t in outside)
                out.append(
                    Problem(
                        f"{who} plays {self.size} tiles only: {names} is not used in this game"
                        f"  （{ruleset.zh}只用 {self.size} 张牌，不用{names_zh}）"
                    )
                )
        honors = sorted({t for t in hand.tiles() if t.is_honor and not self.kinds})
        if honors and not self.honors:
            names = ", ".join(f"{t} ({t.zh})" for t in honors)
            names_zh = "、".join(t.zh for t in honors)
            if self.flowers == "fuzhou36":
                out.append(
                    Problem(
                        f"{who} counts every honor as a flower, so {names} cannot be part of "
                        f"the hand: a player sets it aside, like a flower, and draws another tile"
                        f"  （{ruleset.zh}把字牌都当作花：{names_zh}不能留在手牌里，要像花一样放在一边再补一张）"
                    )
                )
            else:
                out.append(
                    Problem(
                        f"{who} plays {self.size} tiles without winds or dragons: {names} "
                        f"is not used in this game"
                        f"  （{ruleset.zh}只用 {self.size} 张牌，没有风牌和箭牌：不用{names_zh}）"
                    )
                )
        if hand.flowers and self.flowers == "none":
            names = ", ".join(f"{t} ({t.zh})" for t in hand.flowers)
            names_zh = "、".join(t.zh for t in hand.flowers)
            out.append(
                Problem(
                    f"{who} plays without flowers: {names} is not used in this game"
                    f"  （{ruleset.zh}不用花牌：没有{names_zh}）"
                )
            )
        return out


@dataclass(frozen=True)
class Claims:
    """Which discards may be claimed."""

    chow: bool = True
    pung: bool = True
    kong: bool = True


@dataclass(frozen=True)
class Option:
    """One switchable ruling of a rule set; ``default`` is the recommended value.

    Every option declares what it may take, and :meth:`check` refuses anything else: ``choices``
    (the values listed), a bool default (True or False), ``low``/``high`` (a whole number in that
    range, both ends allowed; None too when the default is None; a tuple of whole numbers in that
    range, as many as the default has, when the default is a tuple), or ``subset_of`` (a tuple of
    distinct values from it). A number option must declare its range: a range a real table would
    use, so that a slip (``base=-7``, ``1e308``, ``nan``) is refused rather than scored."""

    key: str
    default: Any
    en: str
    zh: str = ""
    choices: tuple | None = None
    """The allowed values, when they can be listed."""
    low: int | None = None
    """The smallest whole number allowed (a number option)."""
    high: int | None = None
    """The largest whole number allowed (a number option)."""
    subset_of: tuple | None = None
    """For an option whose value is a set of cases: the cases it may list."""

    def __post_init__(self):
        numeric = self.low is not None or self.high is not None
        if numeric and not (isinstance(self.low, int) and isinstance(self.high, int) and self.low <= self.high):
            raise TypeError(f"option {self.key!r}: low and high must both be whole numbers, low <= high")
        declared = (self.choices is not None or isinstance(self.default, bool)) + numeric + (self.subset_of is not None)
        if declared != 1:
            raise TypeError(
                f"option {self.key!r} must declare exactly one of: choices (or a bool default), low and high, subset_of"
            )
        problem = self._problem(self.default)
        if problem:
            raise TypeError(f"option {self.key!r}: its default {self.default!r} is not allowed ({problem})")

    @property
    def allowed(self) -> tuple[str, str]:
        """What the option may take, in words: (Chinese, English)."""
        if self.choices is not None:
            listed = ", ".join(map(repr, self.choices))
            return (f"{listed} 之一", f"one of {listed}")
        if self.subset_of is not None:
            listed = ", ".join(map(repr, self.subset_of))
            return (f"{listed} 中不重复的几项（元组）", f"a tuple of distinct cases from {listed}")
        if isinstance(self.default, bool):
            return ("True 或 False", "True or False")
        zh, en = f"{self.low} 到 {self.high} 的整数", f"a whole number from {self.low} to {self.high}"
        if isinstance(self.default, tuple):
            n = len(self.default)
            return (f"{n} 个{zh}组成的元组", f"a tuple of {n} whole numbers, each from {self.low} to {self.high}")
        if self.default is None:
            return (f"None 或{zh}", f"None or {en}")
        return (zh, en)

    @property
    def description(self) -> tuple[str, str]:
        """The option's meaning and what it may take: (Chinese, English)."""
        zh, en = self.allowed
        return (f"{self.zh or self.key}（{zh}）", f"{self.en} ({en})")

    def _problem(self, value) -> str:
        """Why ``value`` is not allowed ("" if it is)."""
        if self.choices is not None:
            ok = any(type(value) is type(c) and value == c for c in self.choices)
            return "" if ok else "not one of the choices"
        if isinstance(self.default, bool):
            return "" if isinstance(value, bool) else "not True or False"
        if self.subset_of is not None:
            if not isinstance(value, (tuple, list)) or len(value) > len(self.subset_of):
                return "not a tuple of cases"
            known = [v for v in value if isinstance(v, str) and v in self.subset_of]
            return "" if len(known) == len(value) == len(set(known)) else "an unknown or repeated case"
        if value is None and self.default is None:
            return ""
        if isinstance(self.default, tuple):
            if not isinstance(value, (tuple, list)) or len(value) != len(self.default):
                return "not a tuple of the right length"
            return next((p for p in map(self._number_problem, value) if p), "")
        return self._number_problem(value)

    def _number_problem(self, value) -> str:
        if isinstance(value, bool) or not isinstance(value, int):
            return "not a whole number"
        return "" if self.low <= value <= self.high else "out of range"  # type: ignore[operator]  # a number option has both

    def check(self, value, ruleset: RuleSet | None = None) -> Any:
        """``value`` if the option may take it (a list given for a tuple option comes back as a
        tuple); otherwise a :class:`RulesError` naming the rule set, the option, what it may take
        and the value given."""
        if not self._problem(value):
            return tuple(value) if isinstance(value, list) else value
        zh, en = self.allowed
        who_en, who_zh = (f"{ruleset.name}: ", f"{ruleset.zh}：") if ruleset is not None else ("", "")
        label = f"（{self.zh}）" if self.zh else ""
        raise RulesError(
            f"{who_en}option {self.key!r} must be {en}; got {shown(value)}  "
            f"（{who_zh}选项 {self.key!r}{label}应是 {zh}，收到的是 {shown(value, zh=True)}）"
        )


# --- context keywords and their value checks ----------------------------------------------------


def _check_bool(name, v):
    if not isinstance(v, bool):
        raise ContextError(f"{name} must be True or False, got {v!r}  （{name} 只能是 True 或 False，收到的是 {v!r}）")
    return v


def _check_seat(name, v):
    if isinstance(v, Tile) and v.is_wind:
        v = str(v)
    if v not in SEAT_LETTERS:
        raise ContextError(
            f"{name} must be a seat: 'E', 'S', 'W' or 'N', got {v!r}  "
            f"（{name} 应是座位：'E'（东）、'S'（南）、'W'（西）或 'N'（北），收到的是 {v!r}）"
        )
    return v


def _check_seat_or_none(name, v):
    return None if v is None else _check_seat(name, v)


def _check_tile_or_none(name, v):
    if v is None:
        return None
    try:
        t = as_tile(v)
    except (ValueError, TypeError) as e:
        raise ContextError(
            f"{name} must be a tile such as '5m' or 'E', got {v!r} ({_two_lines(str(e))[0]})  "
            f"（{name} 应是一张牌，例如 '5m' 或 'E'，收到的是 {v!r}）"
        ) from None
    return t


def _check_kongs(name, v):
    """{seat: (exposed, concealed)} — kongs held by players other than the winner."""
    if v is None:
        return {}
    if not isinstance(v, Mapping):
        raise ContextError(
            f"{name} must map seats to (exposed, concealed) kong counts, e.g. "
            f"{{'W': (1, 0)}}; got {v!r}  "
            f"（{name} 应把座位对应到（明杠数, 暗杠数），例如 {{'W': (1, 0)}}，收到的是 {v!r}）"
        )
    out = {}
    for seat, pair in v.items():
        seat = _check_seat(f"{name} seat", seat)
        if (
            not isinstance(pair, (tuple, list))
            or len(pair) != 2
            or any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 4 for n in pair)
            or sum(pair) > 4
        ):
            raise ContextError(
                f"{name}[{seat!r}] must be (exposed, concealed) kong counts, e.g. (1, 0); "
                f"got {pair!r}  （{name}[{seat!r}] 应是（明杠数, 暗杠数），例如 (1, 0)，"
                f"收到的是 {pair!r}）"
            )
        out[seat] = tuple(pair)
    return MappingProxyType(out)


def _check_count(name, v, most=None):
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ContextError(
            f"{name} must be a whole number >= 0, got {shown(v)}  （{name} 应是 0 或更大的整数，收到的是 {shown(v, zh=True)}）"
        )
    if most is not None and v > most:
        raise ContextError(
            f"{name} must be at most {most}, got {shown(v)}  （{name} 最多是 {most}，收到的是 {shown(v, zh=True)}）"
        )
    return v


_CHECKS = {
    "bool": _check_bool,
    "seat": _check_seat,
    "seat?": _check_seat_or_none,
    "tile?": _check_tile_or_none,
    "count": _check_count,
    "kongs": _check_kongs,
}


@dataclass(frozen=True)
class Ctx:
    """One context keyword a rule set accepts."""

    name: str
    default: Any
    kind: str
    """``bool``, ``seat``, ``seat?`` (or None), ``tile?`` (a tile or None), ``count``, ``kongs``
    ({seat: (exposed, concealed)}) or ``choice``."""
    en: str
    zh: str = ""
    choices: tuple = ()
    most: int | None = None
    """The largest value a ``count`` may take (None: no bound beyond the rule set's own checks)."""

    def check(self, value):
        if self.kind == "count":
            return _check_count(self.name, value, self.most)
        if self.kind == "choice":
            if value not in self.choices:
                listed = ", ".join(map(repr, self.choices))
                raise ContextError(
                    f"{self.name} must be one of {listed}, got {value!r}  "
                    f"（{self.name} 只能是 {listed} 之一，收到的是 {value!r}）"
                )
            return value
        return _CHECKS[self.kind](self.name, value)


COMMON: Mapping[str, Ctx] = MappingProxyType(
    {
        c.name: c
        for c in (
            Ctx("self_drawn", False, "bool", "won on a tile the winner drew", "自摸"),
            Ctx(
                "discarder",
                None,
                "seat?",
                "the seat that discarded the winning tile (required on a discard win)",
                "点炮者",
            ),
            Ctx("winner", "E", "seat", "the winner's seat", "和牌者"),
            Ctx("dealer", "E", "seat", "the dealer's seat", "庄家"),
            Ctx("prevalent_wind", "E", "seat", "the prevalent (round) wind", "圈风"),
            Ctx("seat_wind", None, "seat?", "the winner's seat wind (default: from winner and dealer)", "门风"),
            Ctx(
                "kong",
                False,
                "bool",
                "self-drawn: won on a kong replacement; on a discard: robbed a kong",
                "杠上开花 / 抢杠",
            ),
            Ctx("wall_last", False, "bool", "the winning tile is the last tile of the wall (海底)", "海底"),
            Ctx("last_tile", False, "bool", "the winning tile is the last of its kind (和绝张)", "和绝张"),
            Ctx("wild", None, "tile?", "the wild tile of this hand (None: no tile is wild)", "混儿 / 财神"),
            Ctx("flowers", 0, "count", "flowers held besides any flower letters in the hand", "花牌"),
            Ctx("other_kongs", None, "kongs", "kongs of the other players: {seat: (exposed, concealed)}", "他家的杠"),
            Ctx("bird", None, "tile?", "the bird tile turned up after the win (扎鸟 / 鸟牌)", "鸟牌"),
        )
    }
)
"""The common context keywords; variants pick the ones that make sense with :func:`ctx`."""


def ctx(*names: str, **overrides) -> tuple[Ctx, ...]:
    """Common keywords by name; ``overrides`` maps a name to a new default."""
    out = []
    for n in names:
        c = COMMON[n]
        if n in overrides:
            c = replace(c, default=overrides[n])
        out.append(c)
    return tuple(out)


@dataclass(frozen=True)
class Pattern:
    """One scoring pattern: a declared row next to its predicate."""

    key: str
    zh: str
    en: str
    value: int
    """Its worth in the variant's item unit (番, doublings, 大胡 count, fan points…)."""
    predicate: Callable[[Win], int | bool] | None = None
    """Returns how many times the pattern is present in the judged win (0/False = absent)."""
    note: str = ""
    """Non-stacking and other remarks shown to the learner."""
    excludes: tuple[str, ...] = ()
    """Keys not counted when this pattern is; ``"*"`` = every other pattern except ``keeps``."""
    keeps: tuple[str, ...] = ()
    pinyin: str = ""
