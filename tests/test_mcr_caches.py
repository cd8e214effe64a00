"""The MCR engine's caches: all registered in mjlearn.mcr.caches, cleared and sized there, bounded,
and safe when several threads score at once."""

from __future__ import annotations

import importlib
import itertools
import json
import pkgutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mcr_hands as H

import mjlearn.mcr
from mjlearn.mcr import _count, caches, score
from mjlearn.mcr.profiles import PROFILES, Profile

_TESTS = Path(__file__).resolve().parent
_ROOT = _TESTS.parent

# module-level dicts of the MCR modules that are tables fixed at import, not caches (checked below:
# scoring does not change their size)
_CONSTANT_DICTS = {
    "fans.DETECTORS",
    "fans._BY_NAME",
    "fans.ASSESSED_ELSEWHERE",
    "profiles.PROFILES",
    "profiles.SWITCHES",
    "profiles.RULINGS",
    "principles.PRINCIPLES",
    "result._FORM_ZH",
    "tables.FROM_REF",
    "tables.WIND_INDEX",
    "examples.EXAMPLES",
    "examples.CHANGES",
    "examples.CONTEXT_WORDS",
    "examples.WIND_NAMES",
    "detect._CONCEALED_PUNGS",
    "detect._TRAITS",
    "_count.TABLE_BUDGETS",
    "caches._REGISTRY",
    "caches._BY_ID",
}


def _modules():
    for info in pkgutil.iter_modules(mjlearn.mcr.__path__):
        yield info.name, importlib.import_module(f"mjlearn.mcr.{info.name}")


def _module_dicts():
    """Each module-level dict of the MCR modules once (a dict imported by another module under the
    same name is one dict), by the names it has."""
    out = {}
    for name, mod in _modules():
        for attr, value in vars(mod).items():
            if type(value) is dict and not attr.startswith("__"):
                out.setdefault(id(value), (set(), value))[0].add(f"{name}.{attr}")
    return {" ".join(sorted(names)): value for names, value in out.values()}


def _score_some(n=1500, seed=5):
    results = []
    for hand, ctx in H.random_cases(n, seed) + H.targeted_cases(n // 3, seed + 1):
        for prof in ("mcr", "mcr-wmo2014"):
            r = score(hand, profile=prof, **ctx)
            results.append(json.dumps(r.to_dict(), ensure_ascii=False, sort_keys=True))
    return results


def test_every_module_dict_is_a_registered_cache_or_a_constant():
    registered = {id(c.data) for c in caches.registered().values()}
    before = {k: len(v) for k, v in _module_dicts().items()}
    _score_some(600)
    for key, value in _module_dicts().items():
        if id(value) in registered:
            continue
        assert set(key.split()) & _CONSTANT_DICTS, f"{key} is a module-level dict that is not a registered cache"
        assert len(value) == before[key], f"{key} grew while scoring: a cache that is not registered"


def test_no_cache_decorators_or_profile_dicts_in_the_mcr_modules():
    for path in sorted(Path(mjlearn.mcr.__file__).parent.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for word in ("lru_cache(maxsize=None)", "@cache\n", "prof.__dict__", "profile.__dict__"):
            assert word not in text, f"{path.name} holds {word.strip()!r}: a cache outside the registry"


def test_profiles_hold_only_their_rulings_after_scoring():
    _score_some(300)
    derived = {"points", "exclusions", "order", "kernel"}  # cached_property: fixed by the rulings
    for prof in PROFILES.values():
        extra = set(vars(prof)) - set(Profile.__dataclass_fields__) - derived
        assert not extra, f"profile {prof.name} holds {sorted(extra)} after scoring"


def test_clear_empties_every_cache_and_scores_stay_the_same():
    first = _score_some(800)
    sizes = caches.sizes()
    assert sum(n for n, _ in sizes.values()) > 1000
    assert all(b >= 0 for _, b in sizes.values())
    assert sizes["count.tables"][1] > sizes["count.tables"][0] * 10_000  # the tables' caches are counted
    caches.clear()
    assert all(n == 0 for n, _ in caches.sizes().values()), caches.sizes()
    assert _score_some(800) == first


def test_sizes_counts_bytes_of_what_caches_hold():
    caches.clear()
    _score_some(300)
    sizes = caches.sizes()
    for name in ("records.characters", "records.honors", "waits.counts", "scorer.contexts"):
        n, b = sizes[name]
        assert n > 0 and b > 100 * n, (name, n, b)  # a record and its key are more than 100 bytes


def test_a_full_cache_starts_again_and_answers_stay_right(monkeypatch):
    first = _score_some(800)
    caches.clear()
    for c in caches.registered().values():  # tiny budgets: caches empty again and again
        if not c.fixed:
            monkeypatch.setattr(c, "budget", 3)
    for field in _count.TABLE_BUDGETS:
        monkeypatch.setitem(_count.TABLE_BUDGETS, field, 3)
    again = _score_some(800)
    for name, (n, _) in caches.sizes().items():
        c = caches.registered()[name]
        assert n <= c.budget, (name, n, c.budget)
    tab = _count.tables(PROFILES["mcr"])
    for field in _count.TABLE_BUDGETS:
        assert len(getattr(tab, field)) <= 3, field
    caches.clear()
    assert again == first


def test_a_fixed_cache_refuses_to_outgrow_its_domain():
    d = caches.new("test.fixed_domain", 2, "a test's", fixed=True)
    try:
        caches.put(d, 1, 1)
        caches.put(d, 2, 2)
        with pytest.raises(RuntimeError, match="outgrew its finite domain"):
            caches.put(d, 3, 3)
        with pytest.raises(ValueError, match="already registered"):
            caches.new("test.fixed_domain", 2, "again")
    finally:
        caches._BY_ID.pop(id(caches._REGISTRY.pop("test.fixed_domain").data))


def test_every_profile_the_switches_make_has_counting_tables():
    """The scorer counts every reading the fast way: no profile falls back to another count."""
    names = (
        "special_hands_fully_concealed",
        "all_green_with_half_flush",
        "all_terminals_with_double_pung",
        "knitted_straight_waits",
    )
    n = 0
    for combo in itertools.product((False, True), repeat=len(names)):
        for mixed in ("ming_an_gang", "separate", "two_melded"):
            for points in (6, 8):
                prof = PROFILES["mcr"].replace(
                    **dict(zip(names, combo)), mixed_kongs=mixed, two_concealed_kongs_points=points
                )
                assert isinstance(_count.tables(prof), _count.Tables)
                n += 1
    assert n == 96


_THREADS = textwrap.dedent("""
    import json, sys, threading
    sys.path.insert(0, {tests!r})
    sys.setswitchinterval(1e-6)              # switch threads as often as the interpreter allows
    import mcr_hands as H
    from mjlearn.mcr import score
    n_threads = int(sys.argv[1])
    cases = H.random_cases(2400, 77) + H.targeted_cases(800, 78)
    out = [None] * len(cases)
    start = threading.Barrier(n_threads)

    def work(k):
        start.wait()
        for i in range(k, len(cases), n_threads):
            hand, ctx = cases[i]
            # the two profiles mixed: their tables share the contexts' cached flags
            r = score(hand, profile=("mcr", "mcr-wmo2014")[i % 3 == 0], **ctx)
            out[i] = [r.total, sorted(r.fan_counts().items()), r.to_dict()["excluded"]]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps(out, ensure_ascii=False))
""")


def _run_threads(n_threads: int) -> list:
    code = _THREADS.format(tests=str(_TESTS))
    done = subprocess.run(
        [sys.executable, "-c", code, str(n_threads)], capture_output=True, text=True, timeout=600, cwd=_ROOT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_eight_threads_from_a_fresh_process_score_as_one_thread():
    one = _run_threads(1)
    for _ in range(2):
        eight = _run_threads(8)
        wrong = [i for i, (a, b) in enumerate(zip(one, eight)) if a != b]
        assert not wrong, f"{len(wrong)} of {len(one)} hands scored differently under 8 threads (first: {wrong[:5]})"


_LONG_SESSION = textwrap.dedent("""
    import json, sys, tracemalloc
    sys.path.insert(0, {tests!r})
    import mcr_hands as H
    from mjlearn.mcr import caches, score
    score("123456789m23p55s+4p")
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for hand, ctx in H.random_cases(100_000, 4242):
        score(hand, **ctx)
    after = tracemalloc.get_traced_memory()[0]
    sizes = caches.sizes()
    full = [n for n, (k, _) in sizes.items() if k >= caches.registered()[n].budget]
    print(json.dumps([after - before, sum(b for _, b in sizes.values()), full]))
""")


@pytest.mark.slow
def test_caches_after_a_long_session_stay_within_their_design():
    """100,000 hands in a fresh interpreter: what the caches hold (by sizes() and by tracemalloc)
    stays under 24 MiB, and no cache reaches its budget on that mix (the budgets leave room)."""
    done = subprocess.run(
        [sys.executable, "-c", _LONG_SESSION.format(tests=str(_TESTS))],
        capture_output=True,
        text=True,
        timeout=1800,
        cwd=_ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    traced, by_sizes, full = json.loads(done.stdout)
    assert traced < 24 * 2**20 and by_sizes < 24 * 2**20, (traced, by_sizes)
    assert not full, full
