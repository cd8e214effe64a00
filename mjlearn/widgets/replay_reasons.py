"""Why the coach prefers its choice to the learner's, in plain words: the sentences the walk-through
of a saved hand (:mod:`.replay`) shows under each decision, worked out from the decision's figures
in the record (and, for a chance of zero, from the coach asked again)."""

from __future__ import annotations

from ..analysis import shanten_name
from ..tiles import tile as _tile
from ._words import _call_label as _claim_words
from ._words import _pct
from ._words import _tile_words as _tw
from .review import _decision_line, same_within_error, zero_words

__all__ = ["best_fans", "decision_words", "reasons"]


def reasons(d: dict, again=None) -> list[tuple[str, str]]:
    """Why the coach prefers its choice to the learner's, as (zh, en) sentences, from the decision's
    figures (and, for a chance of zero, from the coach asked again: ``again``)."""
    if d["kind"] == "claim":
        return _claim_reasons(d)
    if not d.get("best"):
        return []
    mine, best = d["choice"], d["best"]
    me, be = _tile(mine).en, _tile(best).en
    sa, sb = d["shanten_after"], d["best_shanten"]
    pa, pb = d["win_chance"], d["best_win_chance"]
    if mine == best:
        return [("你的选择和教练的最佳一样。", "Your choice is the coach's best.")]
    out = []
    if same_within_error(d):
        out.append(
            (
                f"两种打法的和牌机会差不多：相差 {_pct(pb - pa)}，在教练的误差（±）之内，可以算一样好。",
                f"The two chances to win are about the same: they differ by {_pct(pb - pa)}, within the coach's "
                f"margin of error (the ± figure), so count them as equally good.",
            )
        )
    if sa > sb:
        out.append(
            (
                f"打{_tile(mine).zh}让手牌离听牌更远（{shanten_name(sa)[0]}），打{_tile(best).zh}是{shanten_name(sb)[0]}：你拆掉了一组已经成形的牌。",
                f"Discarding {me} takes the hand further from ready ({sa} from ready against {sb} after {be}): "
                f"it breaks up tiles that were already working together.",
            )
        )
    elif sa < sb:
        out.append(
            (
                f"打{_tile(mine).zh}离听牌更近（{shanten_name(sa)[0]}，教练的选择是{shanten_name(sb)[0]}），"
                f"可是国标要 8 番才能和：快速听牌的那条路多半凑不够 8 番。",
                f"Discarding {me} is a step closer to ready ({sa} from ready against {sb}), but under MCR a win "
                f"needs 8 points, and the quick way to ready mostly leads to hands worth less.",
            )
        )
    else:
        if d["live"] < d["best_live"]:
            out.append(
                (
                    f"两种打法离听牌一样远，但打{_tile(best).zh}后还有 {d['best_live']} 张有效牌没出现，打{_tile(mine).zh}只有 {d['live']} 张。",
                    f"Both leave the hand {sa} from ready, but after {be} {d['best_live']} useful tiles are "
                    f"still unseen, after {me} only {d['live']}.",
                )
            )
        elif not same_within_error(d):
            lz, le = ("一样多", "as many") if d["live"] == d["best_live"] else ("更多", "more")
            if pa <= 0 < pb:
                tail = (f"但打{_tile(mine).zh}后能和的牌都不到 8 番。", f"but after {me} no win reaches 8 points.")
            else:
                tail = (
                    f"但教练模拟摸牌时，打{_tile(best).zh}后凑出 8 番以上和牌的次数更多。",
                    f"but in the coach's simulated draws a win worth 8 points comes more often after {be}.",
                )
            out.append(
                (
                    f"两种打法离听牌一样远，打{_tile(mine).zh}后的有效牌还{lz}（{d['live']} 对 {d['best_live']} 张），{tail[0]}",
                    f"Both leave the hand {sa} from ready, and {me} even keeps {le} useful tiles "
                    f"({d['live']} against {d['best_live']}), {tail[1]}",
                )
            )
    note = _note(d, again)
    if pa <= 0 and note:
        out.append(
            (
                f"打{_tile(mine).zh}后：{note[0]}，所以和牌机会是 0。",
                f"After {me}: {note[1]}, so the chance to win is 0.",
            )
        )
    if pa <= 0:
        out.append(zero_words(True))
    out.append(
        (
            f"靠自己摸牌和牌的机会：打{_tile(best).zh} {_pct(pb)}，打{_tile(mine).zh} {_pct(pa)}。",
            f"The chance to win by your own draws: {_pct(pb)} after {be}, {_pct(pa)} after {me}.",
        )
    )
    fans = best_fans(d)
    if fans:
        out.append(
            (
                f"打{_tile(best).zh}后，能和的牌最常带的番：{', '.join(f['zh'] for f in fans[:3])}。",
                f"The wins the coach's choice aims at most often carry: {', '.join(f['en'] for f in fans[:3])}.",
            )
        )
    return out


def best_fans(d: dict) -> list:
    top = next((o for o in d.get("top", ()) if o.get("discard") == d["best"]), None)
    return list(top["fans"]) if top and top.get("fans") else list(d.get("best_fans", ()))


def _note(d: dict, again) -> tuple | None:
    own = next((o for o in d.get("top", ()) if o.get("discard") == d["choice"]), None)
    if own and own.get("note"):
        return own["note"]["zh"], own["note"]["en"]
    if again is not None:
        o = next((o for o in again if str(o.discard) == d["choice"]), None)
        if o is not None and o.note:
            return o.note
    return None


def _claim_reasons(d: dict) -> list[tuple[str, str]]:
    if not d.get("evals"):
        return []
    mine, best = d["choice"], d["best_claim"]
    by = {e["option"]: e["win_chance"] for e in d["evals"]}
    out = []
    if mine == best:
        out.append(("你的选择和教练的最佳一样。", "Your choice is the coach's best."))
    elif best == "pass":
        out.append(
            (
                "吃或碰让一组牌亮在桌上：手牌不再是门前清，门前清、不求人这些番就没有了，而国标要 8 番才能和。",
                "A chow or pung puts a set face up: the hand is no longer concealed, so fans such as Concealed "
                "Hand and Fully Concealed Hand are gone, and under MCR a win needs 8 points.",
            )
        )
    else:
        out.append(
            (
                "这张牌要下来，手牌离和牌更近，也还能凑够 8 番。",
                "Claiming this tile brings the hand closer to a win that still reaches 8 points.",
            )
        )
    lines_zh = "；".join(f"{_claim_words(o)[0]} {_pct(p)}" for o, p in by.items())
    lines_en = "; ".join(f"{_claim_words(o)[1]} {_pct(p)}" for o, p in by.items())
    out.append(
        (f"之后靠自己摸牌和牌的机会：{lines_zh}。", f"The chance to win by your own draws afterwards: {lines_en}.")
    )
    return out


def decision_words(d: dict) -> tuple[str, str]:
    if d["kind"] == "discard":
        zh, en = _tw(d["choice"])
        return f"打出{zh}", f"discarded {en}"
    if d["kind"] == "claim":
        zh, en = _claim_words(d["choice"])
        tz, te = _tw(d["tile"])
        return f"对{tz}：{zh}", f"on {te}: {en}"
    return _decision_line(d)
