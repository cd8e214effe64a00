"""The coach's look-ahead: shanten, useful tiles and waits over the rule set's forms (cached by counts),
and the fixed policy of :mod:`mjlearn.coaching` played exactly at shanten 0 and 1 and simulated above."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from ..shanten_core import RegularAround, connectedness, shanten_of_counts, waits_of_counts
from ..shapes import Form
from ..tiles import ORPHAN_INDICES as _ORPHANS
from .wins import FORM_SHANTEN, Judge

__all__ = ["Lookahead", "Shapes", "clear_caches"]

# --- the hand analysis the look-ahead needs, cached by counts ----------------------------------------

_SHANTEN: dict = {}
_USEFUL: dict = {}
_WAITS: dict = {}


class Shapes:
    """Shanten, useful tiles and waits over the rule set's forms, for a fixed number of melds."""

    def __init__(self, n_melds: int, forms, kinds: tuple):
        self.n = n_melds
        self.forms = forms
        self.kinds = kinds
        self.tag = (n_melds, forms, kinds)
        self.kind_set = frozenset(kinds)
        self.form_fns = tuple((f, FORM_SHANTEN[f]) for f in (forms or tuple(FORM_SHANTEN)))
        if forms is None:
            self.fn: Callable[..., int] = shanten_of_counts
        else:
            fns = [FORM_SHANTEN[f] for f in forms]

            def fn(c, n, fns=fns):
                return min(v for v in (f(c, n) for f in fns) if v is not None)

            self.fn = fn

    def shanten(self, c) -> int:
        key = (self.tag, bytes(c))
        s = _SHANTEN.get(key)
        if s is None:
            s = self.fn(c, self.n)
            if len(_SHANTEN) > 500_000:
                _SHANTEN.clear()
            _SHANTEN[key] = s
        return s

    def useful(self, c) -> tuple:
        """Kinds of the set whose draw lowers the shanten of the 13 counts ``c`` (copies held ignored:
        the look-ahead only draws live tiles). Only the forms at the hand's shanten can go lower, so
        only their candidate tiles are tried: tiles near the hand for the regular form, the odd
        counts for seven pairs, the orphans for thirteen orphans, every kind for the knitted forms."""
        key = (self.tag, bytes(c))
        u = _USEFUL.get(key)
        if u is None:
            s = self.shanten(c)
            c = list(c)
            if s == 0:
                out = [t for t in self.waits(c) if t in self.kinds]
            else:
                n = self.n
                found: set = set()
                for form, f in self.form_fns:
                    v = f(c, n)
                    if v is None or v != s:
                        continue
                    cand: Iterable[int]
                    if form is Form.REGULAR:  # a draw changes one group: the other three merged once
                        found.update(t for t in RegularAround(c, n).draws_below(s) if t in self.kind_set)
                        continue
                    if form is Form.SEVEN_PAIRS:
                        cand = [t for t in self.kinds if c[t] & 1]
                    elif form is Form.THIRTEEN_ORPHANS:
                        cand = [t for t in _ORPHANS if t in self.kind_set]
                    else:
                        cand = self.kinds
                    for t in cand:
                        if t in found:
                            continue
                        c[t] += 1
                        if f(c, n) < s:  # type: ignore[operator]  # a form that fits the melds stays a number
                            found.add(t)
                        c[t] -= 1
                out = sorted(found)
            u = tuple(out)
            if len(_USEFUL) > 200_000:
                _USEFUL.clear()
            _USEFUL[key] = u
        return u

    def waits(self, c) -> tuple:
        """Winning tiles of the ready 13 counts ``c`` in the rule set's forms."""
        key = (self.tag, bytes(c))
        w = _WAITS.get(key)
        if w is None:
            w = waits_of_counts(list(c), self.n)
            if self.forms is not None:
                c = list(c)
                keep = []
                for t in w:
                    c[t] += 1
                    if self.fn(c, self.n) < 0:
                        keep.append(t)
                    c[t] -= 1
                w = keep
            w = tuple(w)
            if len(_WAITS) > 200_000:
                _WAITS.clear()
            _WAITS[key] = w
        return w


# --- the look-ahead -----------------------------------------------------------------------------------


def _no_win(n: int, w: int, m: int) -> float:
    """Chance that ``m`` draws without replacement from ``n`` tiles miss all ``w`` winning ones."""
    if w <= 0 or m <= 0:
        return 1.0
    if m > n - w:
        return 0.0
    p = 1.0
    for i in range(m):
        p *= (n - w - i) / (n - i)
    return p


class Lookahead:
    """The policy of the module docstring, exact for shanten 0 and 1, simulated above."""

    def __init__(self, shapes: Shapes, judge: Judge):
        self.shapes = shapes
        self.judge = judge
        self._legal: dict = {}
        self._ready: dict = {}
        self._improve: dict = {}
        self._useful_sets: dict = {}
        self.visited: set = set()  # the ready hands met for the current discard

    def legal_waits(self, key: bytes) -> tuple:
        """((tile, legal, total, items), ...) of the ready 13 counts ``key``."""
        got = self._legal.get(key)
        if got is None:
            c = bytearray(key)
            out = []
            held = self.judge.meld_counts
            for t in self.shapes.waits(c):
                if c[t] + held[t] >= 4:  # a formal wait: no copy can be drawn
                    continue
                c[t] += 1
                legal, total, items = self.judge.judge(bytes(c), t)
                c[t] -= 1
                out.append((t, legal, total, items))
            got = tuple(out)
            self._legal[key] = got
        return got

    def useful_set(self, key: bytes) -> frozenset:
        got = self._useful_sets.get(key)
        if got is None:
            got = self._useful_sets[key] = frozenset(self.shapes.useful(key))
        return got

    def win_tiles(self, key: bytes) -> tuple:
        self.visited.add(key)
        return tuple(t for t, legal, _, _ in self.legal_waits(key) if legal)

    # shanten 0
    def ready(self, key: bytes, pool, n: int, d: int, weight: float, acc: dict | None) -> float:
        waits = [(t, pool[t]) for t in self.win_tiles(key) if pool[t] > 0]
        w = sum(k for _, k in waits)
        p = 1.0 - _no_win(n, w, d)
        if acc is not None and p > 0:
            for t, k in waits:
                acc[(key, t)] = acc.get((key, t), 0.0) + weight * p * k / w
        return p

    def _ready_choices(self, key1: bytes, t: int) -> tuple:
        """The ready hands reachable by keeping ``t`` in the 13 counts ``key1``: ((discard, key0), ...)."""
        k = (key1, t)
        got = self._ready.get(k)
        if got is None:
            c = bytearray(key1)
            c[t] += 1
            out = []
            for d in range(34):
                if c[d] and d != t:
                    c[d] -= 1
                    if self.shapes.shanten(c) == 0:
                        out.append((d, bytes(c)))
                    c[d] += 1
            got = tuple(out)
            self._ready[k] = got
        return got

    def choose_ready(self, key1: bytes, t: int, pool) -> bytes:
        """Policy step 2 when the hand becomes ready (``pool`` already without ``t``)."""
        best = None
        for d, key0 in self._ready_choices(key1, t):
            w = sum(pool[x] for x in self.win_tiles(key0))
            anyw = sum(pool[x] for x in self.shapes.waits(key0))
            rank = (w, anyw, -d)
            if best is None or rank > best[0]:
                best = (rank, key0)
        assert best is not None  # a ready hand has a discard that keeps it ready
        return best[1]

    # shanten 1
    def one_away(self, key: bytes, pool, n: int, d: int, weight: float, acc: dict | None) -> float:
        useful = [(t, pool[t]) for t in self.shapes.useful(key) if pool[t] > 0]
        if not useful or d < 2:
            return 0.0
        m = n - sum(k for _, k in useful)
        # a[j]: chance that the first j draws are all non-useful
        a = [1.0]
        for j in range(1, d):
            a.append(a[-1] * (m - j + 1) / (n - j + 1) if m - j + 1 > 0 else 0.0)
        s_of: dict = {}
        total = 0.0
        for t, k in useful:
            pool[t] -= 1
            key0 = self.choose_ready(key, t, pool)
            wins = [(x, pool[x]) for x in self.win_tiles(key0) if pool[x] > 0]
            w = sum(x for _, x in wins)
            pool[t] += 1
            s = s_of.get(w)
            if s is None:
                # sum over k of a[k-1]/(n-k+1) * (1 - no_win(n-k, w, d-k)), no_win by recurrence from k = d
                s = 0.0
                r = 1.0
                for kk in range(d, 0, -1):
                    if kk < d:
                        r = r * (n - kk - w) / (n - kk) if n - kk - w > 0 else 0.0
                    s += a[kk - 1] / (n - kk + 1) * (1.0 - r)
                s_of[w] = s
            p_t = k * s
            total += p_t
            if acc is not None and p_t > 0:
                for x, kx in wins:
                    acc[(key0, x)] = acc.get((key0, x), 0.0) + weight * p_t * kx / w
        return total

    def improve(self, c14: bytearray, s_after: int) -> int:
        """Policy step 2 above one from ready: the least connected tile keeping the lower shanten."""
        key = bytes(c14)
        got = self._improve.get(key)
        if got is None:
            best = None
            for d in range(34):
                if c14[d]:
                    c14[d] -= 1
                    ok = self.shapes.shanten(c14) == s_after
                    c14[d] += 1
                    if ok:
                        rank = (connectedness(c14, d), d)
                        if best is None or rank < best[0]:
                            best = (rank, d)
            assert best is not None  # some discard keeps the shanten s_after
            got = best[1]
            self._improve[key] = got
        return got

    def simulate(self, c13: bytes, s: int, pool, n: int, d: int, orders: list, acc: dict):
        """(mean, standard error) over the draw ``orders``, each played until ready and then finished
        exactly."""
        trials = len(orders)
        values = []
        w = 1.0 / trials
        useful_of = self.useful_set
        for draws in orders:
            c = bytearray(c13)
            cur = s
            useful = useful_of(c13)
            left = list(pool)
            v = 0.0
            for k, t in enumerate(draws):
                left[t] -= 1
                if t not in useful:
                    continue
                if cur == 1:
                    key0 = self.choose_ready(bytes(c), t, left)
                    v = self.ready(key0, left, n - k - 1, d - k - 1, w, acc)
                    break
                c[t] += 1
                c[self.improve(c, cur - 1)] -= 1
                cur -= 1
                useful = useful_of(bytes(c))
            values.append(v)
        mean = sum(values) / trials
        if trials > 1:
            var = sum((x - mean) ** 2 for x in values) / (trials - 1)
            err = math.sqrt(var / trials)
        else:
            err = 0.0
        return mean, err


def clear_caches() -> None:
    """Forget the cached shanten, useful tiles and waits."""
    _SHANTEN.clear()
    _USEFUL.clear()
    _WAITS.clear()
