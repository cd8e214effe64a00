"""The play table's decision rater: each decision the learner makes rated by the coach
(:mod:`mjlearn.coaching`), from what the learner's seat may see. A discard is set beside the coach's
ranking; a claim, a kong, a win, the last wall tile or an on-deal offer beside the other options, each
valued by its chance to win and expected value. The review and the coach panel read these ratings."""

from __future__ import annotations

from ..coaching import after_kong as _after_kong
from ..coaching import coach as _coach
from ..coaching import from_table as _from_table
from ..coaching import standing as _standing
from ..coaching.reasons import explain
from ..errors import MjlearnError
from ..hand import Hand
from ..mcr import score as _mcr_score
from ..mcr.profiles import PROFILES
from ..notation import format_tiles, parse_meld
from ..shanten_core import shanten_of_counts, waits_of_counts
from ..tiles import TILES
from ..tiles import tile as _tile

__all__ = ["COACH_TRIALS", "DecisionRater", "ranking", "rate", "rate_discard", "reason_words"]

COACH_TRIALS = 120
"""Simulated draw orders per discard for the coach at the table (the module :mod:`mjlearn.coaching`
gives the method; its standard error is shown when the chance is simulated)."""


def _note_dict(note) -> dict | None:
    """The coach's reason for a chance of zero (zh, en) as the record stores it."""
    return None if not note else {"zh": note[0], "en": note[1]}


def _short_of_minimum(kw: dict, discard) -> dict | None:
    """Under MCR, a hand that is ready after ``discard`` but whose every win is under 8 points: the
    best of its wins scored by the engine (self-drawn, flowers not counted), with its fans, or None."""
    rules = kw.get("rules")
    if not isinstance(rules, str) or rules not in PROFILES:
        return None
    hand = kw["hand"]
    conc = list(hand.concealed)
    if discard not in conc:
        return None
    conc.remove(discard)
    counts = [0] * 34
    for x in conc:
        counts[x.index] += 1
    waits = waits_of_counts(counts, len(hand.melds))
    if not waits:
        return None
    ctx = {k: kw[k] for k in ("seat_wind", "prevalent_wind") if k in kw}
    best = None
    for w in waits:
        try:
            r = _mcr_score(Hand(hand.melds, tuple(conc), TILES[w], hand.flowers), profile=rules, self_drawn=True, **ctx)
        except MjlearnError:  # a wait the scorer cannot read as a hand (a fifth copy): not a win
            continue
        if not r.is_winning:
            continue
        pts = r.total - r.flowers
        if pts >= 8:
            return None
        if best is None or pts > best[0]:
            best = (pts, w, r)
    if best is None:
        return None
    pts, w, r = best
    fans = [{"zh": f.fan.zh, "en": f.fan.en, "points": f.points * f.count} for f in r.fans if f.id != 81]
    return {"points": pts, "tile": str(TILES[w]), "fans": fans}


def _best(evals: list) -> dict:
    """The best option: highest chance to win, then highest expected value, then most live useful tiles."""
    return max(evals, key=lambda e: (round(e["win_chance"], 9), round(e.get("expected", 0), 9), e.get("live", 0)))


def ranking(evals: list) -> list:
    """The options best first, by the order of :func:`_best` (its best first; ties keep their order)."""
    return sorted(evals, key=lambda e: (-round(e["win_chance"], 9), -round(e.get("expected", 0), 9), -e.get("live", 0)))


def reason_words(table) -> dict:
    """What a reason sentence needs of the table: MCR or not, the unit of a win's value."""
    rs = table.rules
    mcr = rs.name in PROFILES
    return {"mcr": mcr, "unit": ("番", "points") if mcr else rs.unit}


def _in_sight(kw: dict) -> dict:
    """Tile (notation) -> copies the seat sees: its own hand (melds included) and the tiles seen."""
    held = kw["hand"].all_counts
    out = {str(TILES[i]): held[i] for i in range(34) if held[i]}
    for x, n in (kw.get("seen") or {}).items():
        out[str(x)] = out.get(str(x), 0) + n
    return out


def _reason(better: dict, other: dict | None, words: dict, **more) -> dict:
    """The reason sentence (:func:`mjlearn.coaching.reasons.explain`) as the record stores it."""
    total = better["expected"] if better["option"] in ("win", "grab_gold") else None
    return explain(better, other, total=total, **words, **more).to_dict()


class DecisionRater:
    """The coach's view of the options of the learner (``me``) at ``table``: each option as the review
    stores it (chance to win and its error, expected value, useful tiles, the discard after it)."""

    def __init__(self, table, me):
        self.table, self.me = table, me

    def own_turn(self, options) -> tuple:
        """The learner's turn to discard: the coach's keywords for the seat, its ranking of the discards
        (None for a hand it cannot read), the kongs and wins beside its best discard, and the shanten
        before the tile drawn (None when there was no draw)."""
        tb, me = self.table, self.me
        kw = _from_table(tb, me)
        try:
            coaching = _coach(**kw, trials=COACH_TRIALS)
        except ValueError:  # a hand the coach cannot read (never expected): play on without it
            coaching = None
        evals = self.turn(kw, coaching, options) if coaching is not None else None
        c = list(tb.hands[me][:34])
        drawn = tb._drawn
        before = None
        if drawn is not None and drawn.index < 34 and c[drawn.index]:
            c[drawn.index] -= 1
            before = shanten_of_counts(c, len(tb.melds[me]) + tb.rules.table.short_sets) if sum(c) % 3 == 1 else None
        return kw, coaching, evals, before

    @staticmethod
    def option(option: str, rated, then: str = "") -> dict:
        """One option as the review stores it: its chance to win (and error), expected value in the
        rule set's unit, useful tiles (live counts) and the discard that follows it."""
        return {
            "option": option,
            "win_chance": round(rated.win_chance, 6),
            "error": round(rated.win_chance_error, 6),
            "method": rated.method,
            "expected": round(rated.expected, 4),
            "useful": {str(k): n for k, n in rated.useful.items()},
            "live": rated.live,
            "shanten": rated.shanten,
            "then": then,
            "note": _note_dict(getattr(rated, "note", None)),
            "routes": [r.to_dict() for r in rated.routes[:3]],
            "route_keys": [[str(f[0]) for f in r.fans] for r in rated.routes],
        }

    def win(self, option: str = "win") -> dict:
        """A legal win: chance 1, its value the rule set's total for it."""
        res = self.table.judging.win_result(self.me)
        total = getattr(res, "total", 0) if res is not None else 0
        total = total if isinstance(total, (int, float)) else 0
        return {
            "option": option,
            "win_chance": 1.0,
            "error": 0.0,
            "method": "exact",
            "expected": round(total, 4),
            "useful": {},
            "live": 0,
            "shanten": -1,
            "then": "",
        }

    def turn(self, kw: dict, coaching, options) -> list | None:
        """In the learner's own turn with a kong or a win to declare: each of them beside the coach's
        best discard (a kong by :func:`mjlearn.coaching.after_kong`: the replacement is one draw more)."""
        opts = [o for o in options() if o.startswith("kong ") or o in ("win", "grab_gold", "on_deal")]
        if not opts:
            return None
        best = coaching.best
        out = [self.option(f"discard {best.discard}", best, str(best.discard))]
        if "on_deal" in opts:
            out.append(self.on_deal(out[0]))
        kw = dict(kw)
        hand = kw.pop("hand")
        try:
            for o in opts:
                if o.startswith("kong "):
                    out.append(self.option(o, _after_kong(hand, _tile(o.split()[1]), trials=COACH_TRIALS, **kw)))
                elif o != "on_deal":
                    out.append(self.win(o))
        except ValueError:  # a hand the coach cannot read: no advice on this turn's declarations
            return None
        return out

    def on_deal(self, base: dict) -> dict:
        """Declaring an on-deal win: the hand plays on as before (the same chance to win), and the
        declaration is paid at once: the learner's payment is added to the expected value."""
        r = self.table.judging.on_deal_result(self.me)
        paid = r.payments[self.me.letter] if r is not None and getattr(r, "legal", False) else 0
        return {**base, "option": "on_deal", "expected": round(base["expected"] + paid, 4), "then": ""}

    def start(self, offers: list) -> list | None:
        """Before the dealer's first discard, for a learner who is not the dealer: the on-deal win or
        the grabbed gold beside letting it go (the 13 tiles kept)."""
        kw = _from_table(self.table, self.me)
        try:
            keep = self.option("pass", _standing(**kw, trials=COACH_TRIALS))
        except ValueError:
            return None
        out = []
        for o in offers:
            out.append(self.on_deal(keep) if o == "on_deal" else self.win(o))
        return out + [keep]

    def last_tile(self) -> list | None:
        """Changsha's last wall tile offered: taking it wins with the chance that it is a winning tile
        (one draw), passing gives it up."""
        kw = _from_table(self.table, self.me)
        try:
            st = _standing(**{**kw, "draws_left": 1}, trials=COACH_TRIALS)
        except ValueError:
            return None
        none = {
            "option": "pass",
            "win_chance": 0.0,
            "error": 0.0,
            "method": "exact",
            "expected": 0.0,
            "useful": {},
            "live": 0,
            "shanten": st.shanten,
            "then": "",
        }
        return [self.option("draw", st), none]

    def claims(self, options) -> list | None:
        """The coach's chance to win after each answer the learner may give to a discard (or an added
        kong), from what the learner's seat sees: a chow or pung with the coach's best discard after
        it, a kong with its replacement draw (:func:`mjlearn.coaching.after_kong`), passing with the 13
        tiles kept (:func:`mjlearn.coaching.standing`), a legal win with chance 1."""
        tb, me = self.table, self.me
        opts = options()
        if len(opts) < 2:
            return None
        kw = _from_table(tb, me)
        hand, seen = kw.pop("hand"), dict(kw.pop("seen"))
        discarder, x = tb.last_discard if tb.phase == "claim" else tb._robbing
        claimed = dict(seen)  # the discard is in sight now; claimed, it is in the hand
        if claimed.get(x):
            claimed[x] -= 1
            if not claimed[x]:
                del claimed[x]
        conc = list(hand.concealed)
        out = []
        try:
            for o in opts:
                what, _, arg = o.partition(" ")
                if what == "win":
                    out.append(self.win())
                    continue
                if what == "pass":
                    out.append(self.option(o, _standing(hand, seen=seen, trials=COACH_TRIALS, **kw)))
                    continue
                if what == "kong":
                    st = _after_kong(hand, x, offer=me.offer_from(discarder), seen=seen, trials=COACH_TRIALS, **kw)
                    out.append(self.option(o, st))
                    continue
                if what == "pung":
                    run = [x, x, x]
                elif what == "chow":
                    low = _tile(arg)
                    run = [TILES[low.index + k] for k in range(3)]
                else:
                    continue
                rest = list(conc)
                used = list(run)
                used.remove(x)
                for y in used:
                    rest.remove(y)
                meld = parse_meld(f"[{format_tiles(run)},{me.offer_from(discarder)}]")
                h14 = Hand(tuple(hand.melds) + (meld,), tuple(rest), None, hand.flowers)
                c = _coach(h14, seen=claimed, trials=COACH_TRIALS, **kw)
                out.append(self.option(o, c.best, str(c.best.discard)))
        except ValueError:  # a hand the coach cannot read: no advice on this claim
            return None
        return out if len(out) >= 2 else None


def rate(d: dict, evals, choice: str, words: dict | None = None) -> None:
    """Set the learner's option beside the best of ``evals``: chance to win, expected value and
    live useful tiles, the cost (chance and useful tiles lost against the best), and the reason in
    words (``words``: :func:`reason_words` of the table) against the learner's choice, or against
    the runner-up when the choice was the best."""
    mine = next((e for e in evals or () if e["option"] == choice), None)
    if mine is None:
        return
    top = _best(evals)
    ranked = ranking(evals)
    other = mine if mine is not top else (ranked[1] if len(ranked) > 1 else None)
    d["reason"] = _reason(top, other, words or {})
    d.update(
        option=choice,
        evals=evals,
        best_claim=top["option"],
        best_action=top["option"],
        win_chance=mine["win_chance"],
        best_win_chance=top["win_chance"],
        best_action_chance=top["win_chance"],
        expected=mine["expected"],
        best_expected=top["expected"],
        cost_chance=round(max(0.0, top["win_chance"] - mine["win_chance"]), 6),
        cost_useful=0 if top["option"] in ("win", "grab_gold") else max(0, top["live"] - mine["live"]),
        cost_value=round(max(0.0, top["expected"] - mine["expected"]), 4),
    )


def rate_discard(d: dict, x, coaching, evals, kw, words: dict | None = None, wall: int | None = None) -> None:
    """Set a discard ``x`` beside the coach's ranking (``coaching``; None: no rating): its chance to win,
    useful tiles, fans and routes against the best discard's, and against a kong or win in ``evals`` that
    could have been declared instead; under MCR, a best discard whose wins are all under 8 points
    (``kw``: the coach's keywords for the turn). The reason in words (``words``: :func:`reason_words`;
    ``wall``: live tiles left, for the danger late in the hand) sets the best against the learner's
    choice, or against the runner-up when the choice was the best."""
    if coaching is not None:
        best = coaching.best
        mine = next((o for o in coaching if o.discard is x), None)
        if mine is not None:
            d.update(
                best=str(best.discard),
                shanten_after=mine.shanten,
                best_shanten=best.shanten,
                useful={str(k): n for k, n in mine.useful.items()},
                best_useful={str(k): n for k, n in best.useful.items()},
                live=mine.live,
                best_live=best.live,
                win_chance=mine.win_chance,
                best_win_chance=best.win_chance,
                error=mine.win_chance_error,
                best_error=best.win_chance_error,
                method=mine.method,
                fans=[{"zh": f.zh, "en": f.en, "share": round(f.share, 3), "value": f.value} for f in mine.fans[:4]],
                best_fans=[
                    {"zh": f.zh, "en": f.en, "share": round(f.share, 3), "value": f.value} for f in best.fans[:4]
                ],
                note=_note_dict(mine.note),
                best_note=_note_dict(best.note),
                cost_chance=round(max(0.0, best.win_chance - mine.win_chance), 6),
                cost_useful=max(0, best.live - mine.live),
                expected=round(mine.expected, 4),
                best_expected=round(best.expected, 4),
                top=[o.to_dict() for o in list(coaching)[:3]],
                routes=[r.to_dict() for r in mine.routes[:3]],
                best_routes=[r.to_dict() for r in best.routes[:3]],
                best_action=f"discard {best.discard}",
                best_action_chance=round(best.win_chance, 6),
            )
            if evals:  # a kong or a win could have been declared instead
                alt = _best(evals + [DecisionRater.option(f"discard {x}", mine, str(x))])
                d["alternatives"] = [e for e in evals if not e["option"].startswith("discard ")]
                if not alt["option"].startswith("discard "):
                    d.update(
                        best_action=alt["option"],
                        best_action_chance=alt["win_chance"],
                        cost_chance=round(max(0.0, alt["win_chance"] - mine.win_chance), 6),
                        cost_useful=0 if alt["option"] in ("win", "grab_gold") else max(0, alt["live"] - mine.live),
                        best_expected=alt["expected"],
                        cost_value=round(max(0.0, alt["expected"] - mine.expected), 4),
                    )
            mine_e = DecisionRater.option(f"discard {x}", mine, str(x))
            top_e = DecisionRater.option(f"discard {best.discard}", best, str(best.discard))
            if evals and not alt["option"].startswith("discard "):
                top_e = alt
            other: dict | None = mine_e
            if top_e["option"] == mine_e["option"]:
                nxt = coaching[1] if len(coaching) > 1 else None
                other = None if nxt is None else DecisionRater.option(f"discard {nxt.discard}", nxt, str(nxt.discard))
            d["reason"] = _reason(top_e, other, words or {}, wall=wall, in_sight=_in_sight(kw) if kw else None)
        if coaching is not None and mine is not None and best.win_chance <= 0 and kw is not None:
            short = _short_of_minimum(kw, best.discard)
            if short:
                d["best_short"] = short


def advice(coaching, turn_evals, claim_evals) -> list | None:
    """The options of the decision now, best first, as the coach ranks them (for advice before the
    learner acts): at a claim (or the last tile, an offer after the deal) the rated options by
    :func:`ranking`; in one's own turn every discard in the coach's order (:func:`mjlearn.coach`),
    with a kong or win declared inserted before the first discard it beats (:func:`_best`'s order:
    a tie goes to the discard). None when the coach has nothing to rate."""
    if claim_evals:
        return ranking(claim_evals)
    if coaching is None:
        return None
    out = [DecisionRater.option(f"discard {o.discard}", o, str(o.discard)) for o in coaching]
    key = lambda e: (round(e["win_chance"], 9), round(e.get("expected", 0), 9), e.get("live", 0))
    for e in ranking([e for e in turn_evals or () if not e["option"].startswith("discard ")]):
        at = next((k for k, o in enumerate(out) if o["option"].startswith("discard ") and key(e) > key(o)), len(out))
        out.insert(at, e)
    return out


def advice_reason(ranked: list, words: dict, kw: dict | None = None, wall: int | None = None) -> dict | None:
    """The reason the best of ``ranked`` (:func:`advice`) leads, against the runner-up."""
    if not ranked:
        return None
    other = ranked[1] if len(ranked) > 1 else None
    return _reason(ranked[0], other, words, wall=wall, in_sight=_in_sight(kw) if kw else None)
