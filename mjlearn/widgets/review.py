"""The review of a finished hand: every decision the learner made, with what it cost against the coach's best.

The table (:class:`mjlearn.widgets.play.PlayTable`) records each decision the coach rated: the
learner's option and the best, their chances to win, useful tiles and (outside MCR) expected values.
From that record, the table's own or one read back from JSON, the review lists every decision with
its cost (chance to win, useful tiles and, when the chance is the same, value lost against the
best), draws the three worst with the better choice and why, and steps back and forth through the
decisions (:func:`review_html`, :func:`review_text`, :class:`Review`).
A chance lost that is inside the coach's stated error (the larger ± of the two simulated chances,
:func:`same_within_error`) is "about the same / 差不多": it is not counted as a loss (not red, not in
the total, not among the worst). A chance of 0% is explained (:func:`zero_words`): with the tiles in
sight no win worth 8 points yet (MCR; elsewhere no legal win), which is why 0% and a later win can
both happen. "Useful tiles lost" names only tiles useful after the best choice and not after the
learner's, at the same distance from ready, when the learner's choice keeps fewer live tiles, and
never the tile discarded. When the coach's discard keeps tiles for a fan the learner's choice
reaches less often, :func:`aim_words` names the fan. Tiles are named in words in both languages,
never in notation; under MCR a hand's value is in 番 in Chinese, as in the glossary.

:meth:`~mjlearn.widgets.play.PlayTable.save` writes the annotated record as JSON; :func:`load_review`
reads it back (a record saved by an earlier release is completed by ``_upgrade``). The table's coach
panel uses the same judgements (:func:`why`, :func:`msg_cost`, :func:`same_within_error`...), so the
panel and the review say the same of a decision.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .. import i18n
from ..tiles import TILES
from ..tiles import tile as _tile
from ._base import B, esc, tile_tag
from ._words import _CALL_ZH, _STYLE, _call_label, _hand_tiles, _pct, _shanten_words, _tile_words, _tiles
from .coach_words import all_best_html

__all__ = ["Review", "load_review", "review_html", "review_text"]

REVIEW_FORMAT = "mjlearn-review"


_AIMS = {
    "全不靠": (
        "教练把你单张的风牌、箭牌都留着：它们能凑全不靠",
        "the coach keeps your lone winds and dragons: they count toward",
    ),
    "七星不靠": (
        "教练把你单张的风牌、箭牌都留着：它们能凑七星不靠",
        "the coach keeps your lone winds and dragons: they count toward",
    ),
    "十三幺": (
        "教练把你的幺九牌和字牌都留着：它们能凑十三幺",
        "the coach keeps your terminals and honours: they count toward",
    ),
    "七对": ("教练留着对子：它们能凑七对", "the coach keeps your pairs: they count toward"),
    "组合龙": (
        "教练留着 147、258、369 的牌：它们能凑组合龙",
        "the coach keeps your 1-4-7, 2-5-8, 3-6-9 tiles: they count toward",
    ),
}


def aim_words(d: dict) -> tuple[str, str] | None:
    """Which fan the coach's best discard aims at and why (zh, en), from the likely fans: a fan worth
    6 points or more that at least a quarter of the best's counted wins carry, and at least 15 in 100
    more of them than of the learner's choice's (the largest points times that difference); both
    honours-and-knitted fans when the best's wins carry both. None when there is no such fan."""
    mine = {f["en"]: f.get("share", 0) for f in d.get("fans", [])}
    gain = lambda f: f["share"] - mine.get(f["en"], 0)
    cands = [
        f for f in d.get("best_fans", []) if f.get("value", 0) >= 6 and f.get("share", 0) >= 0.25 and gain(f) >= 0.15
    ]
    if not cands:
        return None
    f = max(cands, key=lambda f: (f["value"] * gain(f), f["share"]))
    group = [f]
    twin = {"全不靠": "七星不靠", "七星不靠": "全不靠"}.get(f["zh"])
    other = next((g for g in d["best_fans"] if g["zh"] == twin and g.get("share", 0) >= 0.25), None)
    if other is not None:
        group = sorted([f, other], key=lambda g: g["value"])
    zn = "和".join(f"{g['zh']}（{g['value']} 番）" for g in group)
    en = " and ".join(f"{g['en']} ({g['value']} points)" for g in group)
    zs = "、".join(f"{g['share']:.0%}" for g in group)
    es = " and ".join(f"{g['share']:.0%}" for g in group)
    it = "them" if len(group) > 1 else "it"
    if f["zh"] in _AIMS:
        z, e = _AIMS[f["zh"]]
        z = z.rsplit("凑", 1)[0] + "凑" + zn
        return (
            f"{z}；教练算到的和牌里{'分别' if len(group) > 1 else ''}有 {zs} 带这{'两' if len(group) > 1 else '一'}个番。",
            f"{e[0].upper() + e[1:]} {en}; {es} of the wins the coach counts carry {it}.",
        )
    return (
        f"教练的打法瞄准{zn}：它算到的和牌里有 {zs} 带这个番，比你的打法多。",
        f"The coach's choice aims at {en}: {es} of the wins it counts carry it, more than after yours.",
    )


def _costed(record: dict) -> list[dict]:
    """The decisions the coach rated (each has a cost against the best)."""
    return [d for d in record.get("decisions", []) if "cost_chance" in d]


def _errors(d: dict) -> tuple[float, float]:
    """The coach's stated error (the ± of a simulated chance) on the learner's option and on the best."""
    mine, best = _chosen(d), _best_option(d)
    evals = d.get("alternatives", []) + d.get("evals", [])
    me = d.get("error") if d["kind"] == "discard" else next((e.get("error") for e in evals if e["option"] == mine), 0)
    be = (
        d.get("best_error")
        if best == f"discard {d.get('best')}"
        else next((e.get("error") for e in evals if e["option"] == best), 0)
    )
    return float(me or 0), float(be or 0)


def same_within_error(d: dict) -> bool:
    """Whether the chance lost is inside the coach's stated error (the larger ± of the two options):
    the two chances are then "about the same" and no loss is counted."""
    gap = d.get("cost_chance", 0)
    return 0 < gap <= max(_errors(d)) if "cost_chance" in d else False


def _counted(d: dict) -> float:
    """The chance lost that the review counts: 0 when inside the coach's error."""
    return 0.0 if same_within_error(d) else d.get("cost_chance", 0)


def _bad(d: dict) -> bool:
    return _counted(d) > 0.005


def worst(record: dict, n: int = 3) -> list[dict]:
    """The ``n`` decisions that cost the most (discards, claims, kongs, declined wins): chance to win
    lost, then useful tiles lost; a difference inside the coach's error is no loss."""
    bad = [
        d
        for d in _costed(record)
        if not same_within_error(d) and (d["cost_chance"] > 1e-9 or d["cost_useful"] > 0 or d.get("cost_value", 0) > 0)
    ]
    bad.sort(key=lambda d: (-d["cost_chance"], -d["cost_useful"], -d.get("cost_value", 0), d["n"]))
    return bad[:n]


def _chosen(d: dict) -> str:
    """The learner's option as an option string (``"discard 5m"``, ``"kong 5m"``, ``"pung"``...)."""
    if d["kind"] == "discard":
        return f"discard {d['choice']}"
    if d["kind"] == "kong":
        return f"kong {d['choice']}"
    if d["kind"] in ("win", "grab_gold", "on_deal"):
        return d["kind"]
    return d["choice"]


def _best_option(d: dict) -> str:
    if d.get("best_action"):
        return d["best_action"]
    if d["kind"] == "discard":
        return f"discard {d['best']}"
    return d.get("best_claim", "")


def _is_best(d: dict) -> bool:
    return _chosen(d) == _best_option(d) or (
        d["cost_chance"] <= 1e-9 and d["cost_useful"] <= 0 and d.get("cost_value", 0) <= 0
    )


def _marks(option: str, mine: str, best: str) -> list[str]:
    """An option's marks beside it: the learner's choice, the coach's best (both when they are one)."""
    return ([B("你的选择", "your choice")] if option == mine else []) + (
        [B("教练最佳", "coach best")] if option == best else []
    )


def _side(d: dict, option: str) -> dict:
    """(chance, live, useful, expected, shanten) of one option of a rated decision."""
    if d["kind"] == "discard":
        if option == f"discard {d['choice']}":
            return {
                "win_chance": d["win_chance"],
                "live": d["live"],
                "useful": d["useful"],
                "expected": d.get("expected", 0),
                "shanten": d["shanten_after"],
            }
        if option == f"discard {d['best']}":
            return {
                "win_chance": d["best_win_chance"],
                "live": d["best_live"],
                "useful": d["best_useful"],
                "expected": d.get("best_expected", 0),
                "shanten": d["best_shanten"],
            }
    for e in d.get("alternatives", []) + d.get("evals", []):
        if e["option"] == option:
            return e
    return {"win_chance": 0.0, "live": 0, "useful": {}, "expected": 0, "shanten": None}


def _option_label(option: str) -> tuple[str, str]:
    what, _, arg = option.partition(" ")
    if what == "discard":
        zh, en = _tile_words(arg)
        return f"打{zh}", f"discard {en}"
    if what == "draw":
        return "要最后一张牌", "take the last tile"
    if what == "kong" and arg:
        zh, en = _tile_words(arg)
        return f"杠{zh}", f"kong {en}"
    return _call_label(option)


def zero_words(mcr: bool = True) -> tuple[str, str]:
    """What a chance to win of 0% means (zh, en): with the tiles in sight no win worth 8 points (MCR)
    or no legal win yet; new draws and claims change that, so 0% and then a win can both happen."""
    if mcr:
        return (
            "0% 的意思：就眼前能看到的牌，还凑不出 8 番以上的和牌（国标 8 番起和，花牌不算）；"
            "之后摸到、吃碰到的牌会改变手牌，所以 0% 之后照样可能和牌。",
            "0% means: with the tiles in sight, no win worth 8 points yet (a win needs 8 points, flowers not "
            "counted); new draws and claims change the hand, so a 0% hand can still win later.",
        )
    return (
        "0% 的意思：就眼前能看到的牌，靠自己摸牌还到不了合法的和牌；之后摸到、吃碰到的牌会改变手牌，所以 0% 之后照样可能和牌。",
        "0% means: with the tiles in sight, no legal win by your own draws yet; new draws and claims change "
        "the hand, so a 0% hand can still win later.",
    )


def _zero_reason(d: dict, option: str, mcr: bool) -> tuple[str, str]:
    """Why an option's chance is 0: the coach's own note when it gave one, else what 0% means."""
    if d["kind"] == "discard":
        note = (
            d.get("note")
            if option == _chosen(d)
            else d.get("best_note")
            if option == f"discard {d.get('best')}"
            else None
        )
    else:
        note = next(
            (e.get("note") for e in d.get("alternatives", []) + d.get("evals", []) if e["option"] == option), None
        )
    z, e = zero_words(mcr)
    if note:
        return f"{note['zh']}。{z}", f"{note['en'][0].upper() + note['en'][1:]}. {e}"
    return z, e


def why(d: dict, unit=None, mcr: bool = True) -> str:
    """Why the coach's choice is better than the learner's, in both languages. A difference inside
    the coach's error is called about the same; a chance of 0% is explained (:func:`zero_words`)."""
    best, mine = _best_option(d), _chosen(d)
    same = same_within_error(d)
    if d["kind"] == "discard" and best.startswith("discard "):
        zs = lambda s: "听牌了" if s == 0 else f"离听牌还差 {s} 张"
        zh = (
            f"打{_tile(d['best']).zh}：{zs(d['best_shanten'])}，有用的牌 {d['best_live']} 张，"
            f"和牌机会 {_pct(d['best_win_chance'])}；打{_tile(d['choice']).zh}：{zs(d['shanten_after'])}，"
            f"有用的牌 {d['live']} 张，和牌机会 {_pct(d['win_chance'])}。"
        )
        en = (
            f"Discarding {_tile(d['best']).en} leaves the hand {d['best_shanten']} from ready with {d['best_live']} live useful "
            f"tiles and a {_pct(d['best_win_chance'])} chance to win; {_tile(d['choice']).en} leaves it {d['shanten_after']} "
            f"from ready with {d['live']} live useful tiles and {_pct(d['win_chance'])}."
        )
        # tiles lost: only between two discards that leave the hand equally far from ready (useful
        # tiles at another distance are another count), and only kinds with copies still live
        lost = (
            [k for k, n in d["best_useful"].items() if n and k not in d["useful"] and k != d["choice"]]
            if d["best_shanten"] == d["shanten_after"] and d["live"] < d["best_live"]
            else []
        )
        if lost:
            zh += f" 打{_tile(d['choice']).zh}少了这些有用的牌：{'、'.join(_tile(k).zh for k in lost)}。"
            en += f" Useful tiles lost by discarding {_tile(d['choice']).en}: {', '.join(_tile(k).en for k in lost)}."
        if same:
            zh += " 两个和牌机会的差别在教练的误差之内：可以算差不多。"
            en += " The two chances differ by less than the coach's margin of error: count them as about the same."
        elif d["win_chance"] < 0.0005:
            z, e = _zero_reason(d, mine, mcr)
            zh, en = f"{zh} {z}", f"{en} {e}"
        aim = aim_words(d) if not same else None
        if aim:
            az, ae = aim
            if d["best_shanten"] > d["shanten_after"]:
                zh += f" 教练的打法离听牌更远，但和牌机会更大：{az}"
                en += f" The coach's choice is further from ready but wins more often: {ae[0].lower() + ae[1:]}"
            else:
                zh, en = f"{zh} {az}", f"{en} {ae}"
        return i18n.both(zh, en)
    b, m = _side(d, best), _side(d, mine)
    (bz, be), (mz, me) = _option_label(best), _option_label(mine)
    if best in ("win", "grab_gold"):
        zh = (
            f"这时可以合法和牌（{bz}），和牌是稳拿的；你选了{mz}，之后靠自己摸牌和牌的机会只有 "
            f"{_pct(m['win_chance'])}。"
        )
        en = (
            f"A legal win was on offer ({be}): declaring it wins for certain; you chose {me}, and the chance to "
            f"win later by your own draws is only {_pct(m['win_chance'])}."
        )
    else:
        zh = (
            f"{bz}：和牌机会 {_pct(b['win_chance'])}，有用的牌 {b['live']} 张；"
            f"{mz}：和牌机会 {_pct(m['win_chance'])}，有用的牌 {m['live']} 张。"
        )
        en = (
            f"{be[0].upper() + be[1:]}: a {_pct(b['win_chance'])} chance to win with {b['live']} live useful tiles; "
            f"{me}: {_pct(m['win_chance'])} with {m['live']} live useful tiles."
        )
        if best == "on_deal":
            zh += " 起手小胡当场收钱，牌局照常继续，和牌机会不变。"
            en += " An on-deal win is paid at once and the hand plays on: the chance to win stays the same."
        if best.startswith("kong") or mine.startswith("kong"):
            zh += " 开杠多摸一张补牌，杠的番也计入；但杠掉的四张不能再用在别的组合里。"
            en += (
                " A kong gives one more draw (the replacement) and its fans count, but its four tiles can no "
                "longer be used in another set."
            )
        lost = (
            [k for k in b.get("useful", {}) if k not in m.get("useful", {}) and k != d.get("tile")]
            if b.get("shanten") is not None and b.get("shanten") == m.get("shanten") and m["live"] < b["live"]
            else []
        )
        if same:
            zh += " 两个和牌机会的差别在教练的误差之内：可以算差不多。"
            en += " The two chances differ by less than the coach's margin of error: count them as about the same."
        elif m["win_chance"] < 0.0005:
            z, e = _zero_reason(d, mine, mcr)
            if mcr and b["win_chance"] > 0:
                z = f"{'不要这张牌' if mine == 'pass' else mz}留下的手牌还凑不出 8 番以上的和牌，{bz}之后才凑得出。{z}"
                e = (
                    f"{'Passing' if mine == 'pass' else me[0].upper() + me[1:]} keeps a hand that cannot reach a win worth 8 points yet; after "
                    f"{be} it can. {e}"
                )
            if m["live"] > b["live"]:
                z = f"有用的牌多也没用：{z}"
                e = f"More useful tiles do not help here: {e[0].lower() + e[1:]}"
            zh, en = f"{zh} {z}", f"{en} {e}"
        if lost:
            zh += f" 少了这些有用的牌：{'、'.join(_tile(k).zh for k in lost)}。"
            en += f" Useful tiles lost: {', '.join(_tile(k).en for k in lost)}."
    if unit and (b.get("expected") or m.get("expected")):
        zh += f" 平均能得：{b.get('expected', 0):.1f} 对 {m.get('expected', 0):.1f} {unit[0]}。"
        en += f" Expected value: {b.get('expected', 0):.1f} against {m.get('expected', 0):.1f} {unit[1]}."
    return i18n.both(zh, en)


def _option_tiles(option: str, d: dict, live: bool, width: int = 26) -> str:
    """The tiles an option puts forward (a discard, a kong, a claimed set), or its name alone."""
    what, _, arg = option.partition(" ")
    x = d.get("tile")
    if what in ("discard", "kong") and arg:
        tiles = [arg] * (1 if what == "discard" else 4)
    elif what == "kong" and x:
        tiles = [x] * 4
    elif what == "pung" and x:
        tiles = [x] * 3
    elif what == "chow" and arg:
        st = _tile(arg)
        tiles = [str(TILES[st.index + k]) for k in range(3)]
    else:
        tiles = []
    return _tiles(tiles, live, width) + " " + esc(B(*_option_label(option)))


def _decision_line(d: dict) -> tuple[str, str]:
    kind = d["kind"]
    if kind == "discard":
        return (f"打{_tile(d['choice']).zh}", f"discard {_tile(d['choice']).en}")
    if kind == "claim":
        zh, en = _call_label(d["choice"])
        return f"{_tile(d['tile']).zh}：{zh}", f"on {_tile(d['tile']).en}: {en}"
    if kind == "last_tile":
        return _option_label(d["choice"]) if d["choice"] == "draw" else ("不要最后一张牌", "decline the last tile")
    if kind == "kong":
        return f"杠{_tile(d['choice']).zh}", f"kong {_tile(d['choice']).en}"
    if kind == "start":
        return _option_label(d["choice"]) if d["choice"] != "pass" else ("放过起手的和牌", "let the on-deal chance go")
    return (
        _CALL_ZH.get(kind, kind) + (f" {d.get('choice', '')}" if d.get("choice") else ""),
        kind + (f" {d.get('choice', '')}" if d.get("choice") else ""),
    )


def msg_worst(d: dict) -> str:
    best, mine = _best_option(d), _chosen(d)
    if d["kind"] == "discard" and best.startswith("discard "):
        (cz, ce), (bz, be) = _tile_words(d["choice"]), _tile_words(d["best"])
        return B(f"你打了{cz}，更好的是{bz}", f"you discarded {ce}; better: {be}")
    (bz, be), (mz, me) = _option_label(best), _option_label(mine)
    return B(f"你选了{mz}，更好的是{bz}", f"you chose {me}; better: {be}")


def _lost_chance(d: dict) -> bool:
    """Whether the chance to win lost shows as at least 0.1% (less rounds to 0.0%: no loss shown)."""
    return _counted(d) >= 0.0005


def msg_cost(d: dict) -> str:
    """What a decision cost against the best, leaving out what it did not cost."""
    p, u = _pct(d["cost_chance"]), d["cost_useful"]
    if same_within_error(d):
        return B(
            "和牌机会和最佳差不多（差别在教练的误差之内），不算损失",
            "about the same chance to win as the best (the difference is within the coach's margin of error): no loss",
        )
    if _lost_chance(d) and u > 0:
        return B(
            f"比最佳少 {p} 和牌机会、{u} 张有用的牌", f"{p} less chance to win and {u} fewer useful tiles than the best"
        )
    if _lost_chance(d):
        return B(f"比最佳少 {p} 和牌机会", f"{p} less chance to win than the best")
    if u > 0:
        return B(
            f"和牌机会不变，但比最佳少 {u} 张有用的牌",
            f"the same chance to win, but {u} fewer useful tiles than the best",
        )
    if d.get("cost_value", 0) > 0:
        return B(
            "和牌机会不变，但平均能得的比最佳少", "the same chance to win, but a lower expected value than the best"
        )
    return B("没有损失", "nothing lost")


def _cost_cell(d: dict, unit=None) -> str:
    """A review row's cost: chance to win and useful tiles lost (each only when lost), or a dash."""
    if same_within_error(d):
        return (
            f'<span data-cost="same" title="{esc(B("差别在教练的误差之内", "within the margin of error of the coach"))}">'
            f"≈ {esc(B('差不多', 'about the same'))}</span>"
        )
    parts = []
    if _lost_chance(d):
        parts.append(f"−{_pct(d['cost_chance'])}")
    if d["cost_useful"] > 0:
        parts.append(f"−{d['cost_useful']} {B('张', 'tiles')}")
    if unit and d.get("cost_value", 0) > 0:
        parts.append(f"−{d['cost_value']:.1f} {B(*unit)}")
    if not parts:
        return f'<span data-cost="none" title="{esc(B("没有损失", "no loss"))}">—</span>'
    return f'<span class="{"mj-bad" if _bad(d) else ""}">{esc(" · ".join(parts))}</span>'


def _unit(record: dict):
    u = record.get("unit")
    return (u["zh"], u["en"]) if isinstance(u, dict) else None


def _expected_shown(record: dict) -> bool:
    """Other rule sets than MCR show the expected value in their unit beside the chance to win."""
    return _unit(record) is not None and not record.get("mcr", True)


def review_html(record: dict, live: bool = False, at: int | None = None) -> str:
    """The review of a finished hand as HTML: every decision with its cost, the three worst drawn as
    tiles with the better choice and why, and (``at``) one decision shown with the coach's options."""
    ds = record.get("decisions", [])
    if not ds:
        return f'<div class="mj-box">{esc(B("这一局你没有做任何决定。", "You made no decision in this hand."))}</div>'
    unit = _unit(record)
    ev = _expected_shown(record)
    rows = []
    for d in ds:
        zh, en = _decision_line(d)
        if "cost_chance" in d:
            best_o = _best_option(d)
            best = esc(B(*_option_label(best_o)))
            chance = f"{_pct(d['win_chance'])} / {_pct(d.get('best_action_chance', d['best_win_chance']))}"
            if ev:
                chance += (
                    f"<br><small>{d.get('expected', 0):.1f} / {d.get('best_expected', 0):.1f} {esc(B(*unit))}</small>"
                )
            zero = d.get("best_action_chance", d["best_win_chance"]) < 0.0005
            cost = (
                f'<span class="{"" if zero else "mj-good"}">{esc(B("最佳", "best"))}</span>'
                if _is_best(d)
                else _cost_cell(d, unit if ev else None)
            )
        else:
            cost, best, chance = "", "", ""
        rows.append(
            f'<tr data-n="{d["n"]}"><td>{d["n"]}</td><td>{esc(B(zh, en))}</td><td>{best}</td>'
            f"<td>{chance}</td><td>{cost}</td></tr>"
        )
    head_chance = B("和牌机会 你/最佳", "chance to win yours/best") + (B("（期望）", " (expected)") if ev else "")
    table = (
        f'<table class="mj-rev"><tr><th>#</th><th>{esc(B("你的选择", "your choice"))}</th>'
        f"<th>{esc(B('教练最佳', 'coach best'))}</th><th>{esc(head_chance)}</th>"
        f"<th>{esc(B('代价', 'cost'))}</th></tr>{''.join(rows)}</table>"
    )
    rated = _costed(record)
    total = 100 * sum(_counted(d) for d in rated)
    agree = sum(1 for d in rated if _is_best(d))
    avg = total / len(rated) if rated else 0.0
    summary = (
        f'<span data-lost-avg="{avg:.2f}" data-lost-total="{total:.2f}">'
        + esc(
            B(
                f"教练评了 {len(rated)} 个决定，其中 {agree} 个与教练的最佳相同。"
                f"平均每个决定少了 {avg:.1f} 个百分点的和牌机会（{len(rated)} 个决定加起来 {total:.1f} 个百分点）。",
                f"{agree} of the {len(rated)} decisions the coach rated matched its best. On average each "
                f"decision lost {avg:.1f} percentage points of chance to win (the chances lost added up: "
                f"{total:.1f} percentage points over {len(rated)} decisions).",
            )
        )
        + "</span>"
    )
    zero = any(d.get("win_chance", 1) < 0.0005 for d in rated)
    zero_note = (
        f'<div class="mj-note" data-zero-note="1">{esc(B(*zero_words(record.get("mcr", True))))}</div>' if zero else ""
    )
    parts = [
        f'<div class="mj-box" data-review="{len(ds)}"><b>{esc(B("复盘", "Review"))}</b> · {summary}'
        f'<div style="overflow-x:auto">{table}</div>{zero_note}</div>'
    ]
    ws = worst(record)
    if ws:
        items = []
        for d in ws:
            best_o, mine_o = _best_option(d), _chosen(d)
            mark = d["choice"] if d["kind"] == "discard" else None
            hand = f"<div>{_hand_tiles(d['hand'], live, 26, mark=mark)}</div>" if d.get("hand") else ""
            on = (
                f"<div>{esc(B('别人打出', 'the discard'))}: {tile_tag(_tile(d['tile']), live=live, width=26)}</div>"
                if d.get("tile") and d["kind"] == "claim"
                else ""
            )
            items.append(
                f'<div class="mj-box" data-worst="{d["n"]}" data-best-action="{esc(best_o)}"><b>#{d["n"]}</b> '
                f"{esc(msg_worst(d))}{hand}{on}"
                f"<div>{esc(B('更好', 'better'))}: {_option_tiles(best_o, d, live)}"
                f" · {esc(B('你的', 'yours'))}: {_option_tiles(mine_o, d, live)}</div>"
                f'<div class="mj-note">{esc(why(d, unit if ev else None, record.get("mcr", True)))}</div></div>'
            )
        parts.append(
            f"<div><b>{esc(B('代价最大的三个决定', 'The three costliest decisions'))}</b>{''.join(items)}</div>"
        )
    else:
        parts.append(all_best_html(record))  # (and why dealing in is no mistake by its measure, if it happened)
    if at is not None and 0 <= at < len(ds):
        parts.append(_step_html(ds[at], at, len(ds), live, unit if ev else None, record.get("mcr", True)))
    return "".join(parts)


def _step_html(d: dict, at: int, n: int, live: bool, unit=None, mcr: bool = True) -> str:
    nav = (
        (
            f'<div class="mj-acts"><button class="mj-chip" data-act="step" data-arg="{at - 1}"'
            f"{' disabled' if at == 0 else ''}>◀ {esc(B('上一步', 'back'))}</button>"
            f'<span>{at + 1} / {n}</span><button class="mj-chip" data-act="step" data-arg="{at + 1}"'
            f"{' disabled' if at + 1 >= n else ''}>{esc(B('下一步', 'forward'))} ▶</button></div>"
        )
        if live
        else ""
    )
    zh, en = _decision_line(d)
    body = [f"<div><b>#{d['n']}</b> {esc(B(zh, en))}</div>"]
    if d.get("hand"):
        body.append(
            f"<div>{_hand_tiles(d['hand'], live, 26, mark=d.get('choice') if d['kind'] == 'discard' else None)}</div>"
        )

    def figures(tile, shanten, live_n, p):
        return (
            f"{tile_tag(_tile(tile), live=live, width=22)} {_shanten_words(shanten)}, "
            f"{esc(B('进张', 'useful'))} {live_n}, {esc(B('和牌机会', 'chance to win'))} {_pct(p)}"
        )

    top = d.get("top", [])[:3]
    mine_o, best_o = _chosen(d), _best_option(d)
    if top:
        label = B("教练的前三", "coach's top 3")
        body.append(f'<div data-top="1"><b>{esc(label)}</b></div>')
        for k, o in enumerate(top):
            mark = f" · <b>{esc(B('你的选择', 'your choice'))}</b>" if o["discard"] == d.get("choice") else ""
            body.append(
                f'<div data-rank="{k + 1}">{k + 1}. {figures(o["discard"], o["shanten"], o["live"], o["win_chance"])}'
                f"{mark}</div>"
            )
        if d["kind"] == "discard" and "win_chance" in d and all(o["discard"] != d["choice"] for o in top):
            body.append(
                f'<div data-mine="1"><b>{esc(B("你的选择", "your choice"))}</b>: '
                f"{figures(d['choice'], d['shanten_after'], d['live'], d['win_chance'])}</div>"
            )
    evals = d.get("alternatives", []) + d.get("evals", [])
    if evals:
        body.append(f"<div><b>{esc(B('各个选择', 'the options, rated'))}</b></div>")
    for e in evals:
        marks = _marks(e["option"], mine_o, best_o)
        body.append(
            f'<div data-eval="{esc(e["option"])}">{_option_tiles(e["option"], d, live, 22)}: '
            f"{esc(B('进张', 'useful'))} {e['live']}, {esc(B('和牌机会', 'chance to win'))} "
            f"{_pct(e['win_chance'])}" + (f" · <b>{esc(' · '.join(marks))}</b>" if marks else "") + "</div>"
        )
    if "cost_chance" in d:
        line = B("和教练的最佳一样好。", "As good as the coach best.") if _is_best(d) else why(d, unit, mcr)
        body.append(f'<div class="mj-note" data-step-why="1">{esc(line)}</div>')
    if d.get("options"):
        words = ", ".join(B(*_option_label(o)) for o in d["options"])
        body.append(f'<div class="mj-note">{esc(B("可选", "options"))}: {esc(words)}</div>')
    return f'<div class="mj-box" data-step="{at}"><b>{esc(B("逐步回看", "Step through"))}</b>{nav}{"".join(body)}</div>'


def review_text(record: dict) -> str:
    """The review as plain text, both languages."""
    lines = [i18n.both("复盘", "Review") + f": {record.get('rules_zh', '')} {record.get('rules_en', '')}"]
    for d in record.get("decisions", []):
        zh, en = _decision_line(d)
        line = f"{d['n']}. {i18n.both(zh, en)}"
        if "cost_chance" in d:
            best_o = _best_option(d)
            best = i18n.both(*_option_label(best_o))
            line += (
                f" · {i18n.both('最佳', 'best')} {best} · {_pct(d['win_chance'])} / "
                f"{_pct(d.get('best_action_chance', d['best_win_chance']))}"
                f" · {i18n.both('代价', 'cost')} {re.sub(r'<[^>]+>', '', _cost_cell(d))}"
            )
        lines.append(line)
    unit = _unit(record) if _expected_shown(record) else None
    if any(d.get("win_chance", 1) < 0.0005 for d in _costed(record)):
        lines.append(i18n.both(*zero_words(record.get("mcr", True))))
    for d in worst(record):
        lines.append(f"#{d['n']}: {why(d, unit, record.get('mcr', True))}")
    return "\n".join(lines)


def _upgrade(record: dict) -> dict:
    """A record saved by an earlier release, completed with the fields the review reads now: claims
    were rated by their chance to win only (no useful tiles), so their useful-tile cost is 0."""
    for d in record.get("decisions", []):
        if "cost_chance" in d:
            d.setdefault("cost_useful", 0)
            for e in d.get("evals", []):
                e.setdefault("live", 0)
                e.setdefault("useful", {})
    return record


class Review:
    """An annotated record loaded from JSON (:func:`load_review`): ``decisions``, ``worst()``, and the
    review as HTML or text."""

    def __init__(self, record: dict):
        if not isinstance(record, dict) or record.get("format") != REVIEW_FORMAT:
            raise ValueError(
                i18n.both(
                    "这不是 mjlearn 保存的复盘记录（由 PlayTable.save 保存）",
                    "not a mjlearn review record (saved by PlayTable.save)",
                )
            )
        self.record = _upgrade(record)

    @property
    def decisions(self) -> list[dict]:
        return self.record["decisions"]

    def worst(self, n: int = 3) -> list[dict]:
        return worst(self.record, n)

    def _repr_html_(self) -> str:
        from ._base import _STATIC

        css = (_STATIC / "mj.css").read_text(encoding="utf-8")
        return (
            f'<div class="mj-root mj-static mj-play"><style>{css}</style>{_STYLE}'
            f"{review_html(self.record, live=False)}</div>"
        )

    def __str__(self) -> str:
        return review_text(self.record)

    def __repr__(self) -> str:
        return f"<Review of {len(self.decisions)} decisions, {self.record.get('rules_en', '')}>"

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(str(self))


def load_review(path) -> Review:
    """Read a review saved by :meth:`PlayTable.save`."""
    return Review(json.loads(Path(path).read_text(encoding="utf-8")))
