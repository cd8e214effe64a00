"""The coach panel of the play table: a pure function of a :class:`~mjlearn.widgets.play.PlayTable`'s
state (its decisions and the coach's ratings) to HTML. After a discard, the learner's choice beside the
coach's best (shanten, useful tiles, chance to win, likely fans, and why a chance is 0); after any other
decision (a claim, a kong or win in one's turn, an offer right after the deal, the last tile), each option
with its chance. Nothing here changes the state."""

from __future__ import annotations

from .. import i18n
from ..errors import BadArgument
from ..mcr.profiles import PROFILES
from ..tiles import tile as _tile
from ._base import B, _short, esc, tile_tag
from ._words import (
    _pct,
    _useful_html,
)
from .coach_words import expected_html, shanten_html, useful_label
from .play_rating import advice, advice_reason, reason_words
from .review import (
    _bad,
    _best_option,
    _chosen,
    _is_best,
    _marks,
    _option_tiles,
    aim_words,
    msg_cost,
    msg_worst,
    why,
)

__all__ = [
    "COACH_MODES",
    "advice_html",
    "advice_now",
    "advice_reason_now",
    "advising",
    "claim_panel",
    "coach_mode_of",
    "coach_region",
    "reason_html",
    "routes_html",
]

_HELP = ("有用的牌", "tiles that help")
"""The useful tiles' count in a row of options, in plain words (the verdict names the glossary's word)."""


def _on_average(expected: float, unit, marked: bool = False) -> str:
    """An option's points on average in a row of options ("" where the rules have no unit); ``marked``:
    the figure carries its exact value for the page's tests and scripts."""
    if not unit:
        return ""
    figure = f"{expected:.1f}"
    if marked:
        figure = f'<span data-expected="{expected}">{figure}</span>'
    return f" · {esc(B('平均能得', 'on average'))} {figure} {esc(B(*unit))}"


COACH_MODES = ("off", "ask", "on")
"""The coach switch: off; advice when the learner asks ("ask the coach", the default: ``coach=True``);
advice at every decision. The verdict after each decision is shown unless off."""


def coach_mode_of(coach) -> str:
    """The coach's mode from :func:`~mjlearn.widgets.play.play`'s ``coach``: True is "ask", False "off"."""
    mode = ("ask" if coach else "off") if isinstance(coach, bool) else coach
    if not isinstance(mode, str) or mode not in COACH_MODES:
        raise BadArgument(
            i18n.both(
                f"教练开关只能是 True、False 或 {', '.join(COACH_MODES)}，收到的是 {_short(coach)}",
                f"coach must be True, False or one of {', '.join(COACH_MODES)}; got {_short(coach)}",
            )
        )
    return mode


def advice_now(pt) -> list | None:
    """The options of the decision the learner of ``pt`` (a PlayTable) faces now, best first, as the
    coach ranks them (:func:`~mjlearn.widgets.play_rating.advice`), or None when there is none."""
    if not pt.waiting or getattr(pt, "_busy", False):  # part-way through a click: the coach looks after
        return None
    return advice(pt._coaching if pt.waiting == "discard" else None, pt._turn_evals, pt._claim_evals)


def advice_reason_now(pt, ranked: list | None = None) -> dict | None:
    """Why the coach's best option now leads the runner-up, in words (the record of
    :func:`mjlearn.coaching.reasons.explain`), or None."""
    ranked = advice_now(pt) if ranked is None else ranked
    if not ranked:
        return None
    kw = pt._kw if pt.waiting == "discard" else None
    return advice_reason(ranked, reason_words(pt.table), kw, pt.table.live_tiles_left())


def advising(pt) -> bool:
    """The advice before acting is shown now: the coach always on, or asked for this decision."""
    return bool(pt.waiting) and (pt.coach_mode == "on" or (pt.coach_mode == "ask" and pt._asked))


def _short_words(short: dict) -> tuple[str, str]:
    """A ready hand worth under 8 points in words (zh, en)."""
    zf = "、".join(f"{f['zh']} {f['points']}" for f in short["fans"])
    ef = ", ".join(f"{f['en']} {f['points']}" for f in short["fans"])
    n = short["points"]
    return (
        f"打这张后听牌了，但每一种和法都不到 8 番：最多 {n} 番（{zf}），不计花牌。",
        f"ready after this discard, but every win would be worth under 8 points: best {n} "
        f"point{'s' if n != 1 else ''} ({ef}), flowers not counted.",
    )


def _nothing_reaches(mcr: bool, claim: bool = False) -> tuple[str, str]:
    """The panel's words when no option has a chance to win (zh, en); ``claim``: the options are
    answers to a discard (or kongs, wins), not discards."""
    zw, ew = ("怎么选", "no choice here") if claim else ("怎么打", "no discard here")
    if mcr:
        return (
            f"这手牌{zw}都还凑不出 8 番以上的和牌：国标麻将要 8 番才能和（花牌不算），教练只数这样的和牌。"
            + ("" if claim else "现在教练选离听牌最近、有用的牌最多的打法，好让以后能凑出番来。"),
            f"{ew} gives a win worth 8 points yet: under these rules a win needs 8 points or more "
            "(flowers not counted), and the coach counts only those wins."
            + (
                ""
                if claim
                else " It picks the discard that leaves the hand closest to ready with the most "
                "tiles that would help, to build fans later."
            ),
        )
    return (
        f"这手牌{zw}，靠自己摸牌都还到不了合法的和牌" + ("。" if claim else "；教练选离听牌最近、有用的牌最多的打法。"),
        f"{ew} reaches a legal win by your own draws yet"
        + (
            "."
            if claim
            else "; the coach picks the discard that leaves the hand closest to ready with the most tiles that would help."
        ),
    )


def _zero_html(p: float, note, short) -> str:
    """Why a chance to win is 0 (or tiny), from the coach: its reason, and a ready hand's best win
    scored by the engine when every win is under 8 points."""
    if p >= 0.005:
        return ""
    lines = []
    if note and p <= 0 and not (short and note["en"].startswith("every win it can reach is under 8")):
        lines.append((note["zh"] + "。", note["en"][0].upper() + note["en"][1:] + "."))
    if short:
        z, e = _short_words(short)
        lines.append((z, e[0].upper() + e[1:]))
    if lines:
        z, e = " ".join(x for x, _ in lines), " ".join(y for _, y in lines)
    elif p > 0:
        z, e = ("机会很小：教练算到的和牌很少。", "A small chance: few of the wins the coach counts are reachable.")
    else:
        return ""
    return f'<div class="mj-note" data-why-zero="1">{esc(B("为什么", "why"))}: {esc(B(z, e))}</div>'


def _verdict(d: dict, mcr: bool, claim: bool = False) -> str:
    """The panel's verdict on a rated decision: the same as the coach's best (and, when no option has a
    chance to win, why), or what it cost; a discard made while a kong or win was best also says what was
    better. ``claim``: the options were answers to a discard (or kongs, wins), not discards."""
    if _is_best(d) and d.get("best_action_chance", d["best_win_chance"]) < 0.0005:
        return (
            f'<span class="mj-zero" data-zero="1">{esc(B("和教练的选择一样", "the same as the coach choice"))}'
            f" · {esc(B(*_nothing_reaches(mcr, claim=claim)))}</span>"
        )
    if _is_best(d):
        return f'<span class="mj-good">{esc(B("和教练的最佳一样", "the same as the coach best"))}</span>'
    better = "" if claim or _best_option(d).startswith("discard ") else f"{esc(msg_worst(d))} · "
    return f'<span class="{"mj-bad" if _bad(d) else ""}">{better}{esc(msg_cost(d))}</span>'


def _aim_html(d: dict, mcr: bool) -> str:
    """One line: the fan the coach's choice aims at, when it is not the learner's."""
    if _is_best(d) or not _best_option(d).startswith("discard "):
        return ""
    a = aim_words(d)
    return f'<div class="mj-note" data-aim="1">{esc(B(*a))}</div>' if a else ""


def _coach_off() -> str:
    return f'<div class="mj-note">{esc(B("教练已关闭。", "The coach is switched off."))}</div>'


def _unit_words(pt) -> tuple | None:
    """The rule set's unit when the panel shows expected values (rule sets other than MCR)."""
    rs = pt.table.rules
    return None if rs.name in PROFILES else rs.unit


def claim_panel(pt, d: dict, live: bool) -> str:
    """A rated decision other than a discard: each option with its chance to win (and, outside
    MCR, its expected value), the learner's and the coach's marked."""
    unit = _unit_words(pt)
    rows = []
    mine_o, best_o = _chosen(d), _best_option(d)
    for e in d["evals"]:
        marks = _marks(e["option"], mine_o, best_o)
        then = (
            f" · {esc(B('然后打', 'then discard'))} {tile_tag(_tile(e['then']), live=live, width=22)}"
            if e["then"] and not e["option"].startswith("discard ")
            else ""
        )
        value = _on_average(e["expected"], unit, marked=True)
        rows.append(
            f'<div data-claim="{esc(e["option"])}">{_option_tiles(e["option"], d, live, 22)}: '
            f'{esc(B("和牌机会", "chance to win"))} <b data-chance="{e["win_chance"]:.6f}">'
            f"{_pct(e['win_chance'])}</b>{value} · {esc(B(*_HELP))} {e['live']}{then} "
            f"{esc(' · '.join(marks))}</div>"
        )
    top_e = next((e for e in d["evals"] if e["option"] == best_o), None)
    verdict = _verdict(d, unit is None, claim=True)
    if _is_best(d) and d.get("best_action_chance", d["best_win_chance"]) < 0.0005 and top_e:
        verdict += _zero_html(0.0, top_e.get("note"), None)
    if d["kind"] == "claim":
        x = d["tile"]
        what = B(f"要不要{_tile(x).zh}", f"claim {_tile(x).en} or not")
    elif d["kind"] == "last_tile":
        what = B("要不要最后一张牌", "take the last tile or not")
    elif d["kind"] == "start":
        what = B("起手：报和还是放过", "right after the deal: declare or let it go")
    else:
        what = B("开杠、和牌还是打牌", "kong, win or discard")
    return (
        f'<div class="mj-box" data-coach="{d["n"]}" data-choice="{esc(mine_o)}" '
        f'data-best="{esc(best_o)}"><b>{esc(B("教练", "Coach"))}</b> · #{d["n"]} · '
        f"{esc(what)} · {verdict}{''.join(rows)}"
        + reason_html(d.get("reason"))
        + (f'<div class="mj-note">{esc(why(d, unit, unit is None))}</div>' if not _is_best(d) else "")
        + routes_html((top_e or {}).get("routes"), live, unit is None)
        + "</div>"
    )


def _coach_html(pt, live: bool) -> str:
    last = next((d for d in reversed(pt.decisions) if d["kind"] == "discard" or d.get("evals")), None)
    if last is not None and last["kind"] != "discard":
        return claim_panel(pt, last, live)
    title = f"<b>{esc(B('教练', 'Coach'))}</b>"
    if last is None or not last.get("best"):
        return (
            f'<div class="mj-box" data-coach="none">{title} · '
            f"{esc(B('打出一张牌后，这里把你的选择和教练的最佳选择并排比较。', 'After each of your discards, your choice is set beside the coach best here.'))}</div>"
        )
    unit = _unit_words(pt)
    fans_word = B("可能的番种", "likely fans") if unit is None else B("可能的计分项", "likely scoring items")

    def side(label, tile, s_after, useful, live_n, p, err, fans, method, expected, note=None, short=None):
        pe = _pct(p) + (f" ± {_pct(err)}" if method == "simulation" and err else "")
        fan = ", ".join(f"{B(f['zh'], f['en'])} {f['share']:.0%}" for f in fans[:3])
        value = f"<div>{expected_html(expected, unit)}</div>" if unit else ""
        return (
            f"<div><b>{esc(label)}</b> {tile_tag(_tile(tile), live=live, width=30)}"
            f"<div>{shanten_html(last['shanten_before'], s_after)}</div>"
            f"<div>{useful_label(live_n)} {_useful_html(useful, live)}</div>"
            f'<div>{esc(B("和牌机会", "chance to win"))}: <b data-chance="{p:.6f}">{pe}</b></div>{value}'
            + (f"<div>{esc(fans_word)}: {esc(fan)}</div>" if fan else "")
            + _zero_html(p, note, short)
            + "</div>"
        )

    best_o = _best_option(last)
    verdict = _verdict(last, unit is None)
    mine = side(
        B("你打了", "you discarded"),
        last["choice"],
        last["shanten_after"],
        last["useful"],
        last["live"],
        last["win_chance"],
        last.get("error", 0),
        last["fans"],
        last["method"],
        last.get("expected", 0),
        last.get("note") if last["choice"] != last["best"] else None,
    )
    best = side(
        B("教练最佳的打法", "coach best discard"),
        last["best"],
        last["best_shanten"],
        last["best_useful"],
        last["best_live"],
        last["best_win_chance"],
        last.get("best_error", 0),
        last["best_fans"],
        last["method"],
        last.get("best_expected", 0)
        if best_o.startswith("discard ")
        else next((o.get("expected", 0) for o in last.get("top", []) if o["discard"] == last["best"]), 0),
        last.get("best_note"),
        last.get("best_short"),
    )
    alts = ""
    if last.get("alternatives"):
        rows = []
        for e in last["alternatives"]:
            value = _on_average(e["expected"], unit)
            mark = f" · {esc(B('教练最佳', 'coach best'))}" if e["option"] == best_o else ""
            rows.append(
                f'<div data-claim="{esc(e["option"])}">{_option_tiles(e["option"], last, live, 22)}: '
                f'{esc(B("和牌机会", "chance to win"))} <b data-chance="{e["win_chance"]:.6f}">'
                f"{_pct(e['win_chance'])}</b>{value} · {esc(B(*_HELP))} {e['live']}{mark}</div>"
            )
        alts = f"<div><b>{esc(B('不打牌的选择', 'instead of a discard'))}</b>{''.join(rows)}</div>" + (
            f'<div class="mj-note">{esc(why(last, unit))}</div>' if not best_o.startswith("discard ") else ""
        )
    routes = routes_html(
        last.get("best_routes")
        if best_o.startswith("discard ")
        else next((e.get("routes") for e in last.get("alternatives", []) if e["option"] == best_o), None),
        live,
        unit is None,
    )
    return (
        f'<div class="mj-box" data-coach="{last["n"]}" data-choice="{last["choice"]}" '
        f'data-best="{last["best"]}" data-best-action="{esc(best_o)}">{title} · #{last["n"]} · {verdict}'
        f"{reason_html(last.get('reason'))}"
        f'<div class="mj-cmp2">{mine}{best}</div>{alts}{_aim_html(last, unit is None)}{routes}'
        f'<div class="mj-note">{esc(B("只用你这一家看得见的牌计算：有用的牌数的是还没见到的张数；和牌机会是靠自己摸牌和牌的机会。", "Counted from what your seat can see: the tiles that would help, with the copies not yet in sight; the chance to win by your own draws."))}</div></div>'
    )


# --- reasons, routes, and advice before acting ---------------------------------------------------------


def reason_html(reason: dict | None) -> str:
    """The coach's reason in one sentence, both languages (:mod:`mjlearn.coaching.reasons`)."""
    if not reason or not reason.get("en"):
        return ""
    return (
        f'<div class="mj-reason" data-reason="{esc(reason["kind"])}"><b>{esc(B("为什么", "why"))}</b>: '
        f'<span lang="zh" data-reason-zh="1">{esc(reason["zh"])}</span> '
        f'<span lang="en" data-reason-en="1">{esc(reason["en"])}</span></div>'
    )


def routes_html(routes, live: bool, mcr: bool = True) -> str:
    """The two or three likeliest routes to a win of the coach's choice: their fans and points, the
    chance to win that way, and the tiles the likeliest such win still draws (the winning tile last)."""
    if not routes:
        return ""
    rows = []
    for k, r in enumerate(routes[:3]):
        fans = " + ".join(B(f["zh"], f["en"]) for f in r["fans"])
        unit = ("番", "points") if mcr else ("", "")
        pts = B(f"{r['points']:g} {unit[0]}", f"{r['points']:g} {unit[1]}") if mcr else ""
        needs = "".join(tile_tag(_tile(x), live=live, width=20) for x in r["needs"])
        rows.append(
            f'<div data-route="{k}" data-route-chance="{r["chance"]:.6f}">{esc(fans)}'
            + (f" · {esc(pts)}" if pts else "")
            + f" · <b>{_pct(r['chance'])}</b> · {esc(B('还要摸', 'still needs'))} {needs}</div>"
        )
    head = B("最可能的和牌路线", "Likeliest routes to a win")
    return f'<div class="mj-routes" data-routes="{len(rows)}"><b>{esc(head)}</b>{"".join(rows)}</div>'


ADVICE_ROWS = 4
"""Discards the advice lists, best first (every other option is listed at its rank)."""


def _ask_html(pt) -> str:
    return (
        f'<div class="mj-box" data-ask="{esc(pt.waiting)}"><b>{esc(B("教练", "Coach"))}</b> · '
        f'<button class="mj-chip" data-act="ask" data-arg="">{esc(B("问教练", "ask the coach"))}</button> '
        f"<small>{esc(B('先自己想一想，再看教练怎么排这些选择。', 'Think first, then see how the coach ranks the options.'))}</small></div>"
    )


def advice_html(pt, live: bool) -> str:
    """Before the learner acts: the options of the decision now, best first (the coach's ranking),
    the reason the best leads and its likeliest routes; or, in "ask" mode, the button that asks."""
    if not pt.waiting or pt.coach_mode == "off":
        return ""
    if not advising(pt):
        return _ask_html(pt) if live and pt.coach_mode == "ask" and pt.advice() else ""
    ranked = pt.advice()
    if not ranked:
        return ""
    unit = _unit_words(pt)
    tb = pt.table
    x = (
        tb.last_discard[1]
        if tb.phase == "claim" and tb.last_discard
        else (tb._robbing[1] if tb.phase == "rob" and tb._robbing else None)
    )
    ctx = {"tile": str(x) if x is not None else None}
    rows = []
    for k, e in enumerate(ranked):
        if k >= ADVICE_ROWS and e["option"].startswith("discard "):
            continue  # the best discards, and every kong, win or claim wherever it ranks
        value = _on_average(e["expected"], unit)
        then = (
            f" · {esc(B('然后打', 'then discard'))} {tile_tag(_tile(e['then']), live=live, width=20)}"
            if e.get("then") and not e["option"].startswith("discard ")
            else ""
        )
        pe = _pct(e["win_chance"]) + (
            f" ± {_pct(e['error'])}" if e.get("method") == "simulation" and e.get("error") else ""
        )
        rows.append(
            f'<div data-rank="{k + 1}" data-option="{esc(e["option"])}">{k + 1}. {_option_tiles(e["option"], ctx, live, 22)}: '
            f'{esc(B("和牌机会", "chance to win"))} <b data-advice-chance="{e["win_chance"]:.6f}">{pe}</b>{value} · '
            f"{esc(B(*_HELP))} {e['live']}{then}</div>"
        )
    more = len(ranked) - len(rows)
    tail = (
        f"<small>{esc(B(f'另有 {more} 种选择更差。', f'{more} more options rank lower.'))}</small>" if more > 0 else ""
    )
    return (
        f'<div class="mj-box mj-advice" data-advice="{esc(pt.waiting)}" data-advice-best="{esc(ranked[0]["option"])}">'
        f"<b>{esc(B('教练的建议（你还没选）', 'Coach advice (before you choose)'))}</b>{''.join(rows)}{tail}"
        f"{reason_html(advice_reason_now(pt, ranked))}{routes_html(ranked[0].get('routes'), live, unit is None)}</div>"
    )


def coach_region(pt, live: bool) -> str:
    """The coach's region: the advice before acting (or the button that asks for it), then the
    verdict on the last decision."""
    return advice_html(pt, live) + _coach_html(pt, live)
