"""Several claimants of one discard: every hand that claims the tile is judged with the shared
context, the rule set's multi-win policy picks who collects (``RuleSet.choose_winners``), and the
winners' payments are combined into one :class:`~mjlearn.rules.result.DiscardResult`.

The doors are ``RuleSet.score_discard`` and, by rule-set name, :func:`mjlearn.rules.score_discard`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..errors import ContextError, InvalidHandError, RulesError, _two_lines
from ..hand import Hand, as_hand
from ..seats import SEAT_LETTERS, Seat
from ..tiles import TILES
from ..tiles import tile as as_tile
from .declarations import _check_seat
from .result import DiscardResult

if TYPE_CHECKING:
    from .ruleset import RuleSet

__all__ = ["turn_order_from"]


def turn_order_from(seat: str) -> tuple[str, ...]:
    """The other three seats in turn order after ``seat`` (下家 first).

    >>> turn_order_from("W")
    ('N', 'E', 'S')
    """
    return tuple(s.letter for s in Seat.of(seat).turn_order()[1:])


def _score_discard(rs: RuleSet, hands, discarder, tile, contexts, context):
    """Judge each claimant of ``tile`` (discarded by ``discarder``) under ``rs`` with the shared
    ``context`` plus its own ``contexts[seat]``, and settle the winners ``rs.choose_winners`` picks.
    The arguments are those of :func:`mjlearn.rules.score_discard`, checked here."""
    discarder = _check_seat("discarder", discarder)
    for k in ("winner", "self_drawn", "discarder"):
        if k in context:
            raise ContextError(
                f"score_discard sets {k!r} itself for each claimant; drop {k}={context[k]!r}  "
                f"（score_discard 会为每个要和的人自己设定 {k!r}，请去掉 {k}={context[k]!r}）"
            )
    if not isinstance(hands, Mapping) or not hands:
        raise RulesError(
            "hands must map each claiming seat ('E', 'S', 'W', 'N') to its hand, e.g. "
            "{'S': '123m456m789p234s8s'}  "
            "（hands 应把每个要和的座位（'E'、'S'、'W'、'N'）对应到它的手牌，例如 {'S': '123m456m789p234s8s'}）"
        )
    contexts = dict(contexts or {})
    for s in contexts:
        if _check_seat("contexts seat", s) not in hands:
            raise ContextError(
                f"contexts has keywords for {s}, which holds no hand here  "
                f"（contexts 里有 {s} 的设置，可 {s} 在这里没有手牌）"
            )
    if tile is not None:
        try:
            tile = as_tile(tile)
        except (ValueError, TypeError) as e:
            raise ContextError(
                f"tile must be the discarded tile, such as '5m'; got {tile!r} ({_two_lines(str(e))[0]})  "
                f"（tile 应是打出的那张牌，例如 '5m'，收到的是 {tile!r}）"
            ) from None
    parsed = {}
    for seat, h in hands.items():
        seat = _check_seat("hands seat", seat)
        if seat == discarder:
            raise RulesError(
                f"{seat} discarded the tile and cannot claim it; drop hands[{seat!r}]  "
                f"（{seat} 打出了这张牌，不能再和它，请去掉 hands[{seat!r}]）"
            )
        h = as_hand(h)
        if h.win_tile is None:
            if tile is None:
                raise RulesError(
                    f"hands[{seat!r}] has no winning tile: give tile=… (the discard) or "
                    f"write the hand with '+' and the discard  "
                    f"（hands[{seat!r}] 没有和牌张：请给出 tile=…（打出的牌），或在手牌里用 '+' 写上这张牌）"
                )
            h = Hand(h.melds, h.concealed, tile, h.flowers)
        elif tile is None:
            tile = h.win_tile
        elif h.win_tile is not tile:
            raise RulesError(
                f"hands[{seat!r}] wins on {h.win_tile}, but the discard is {tile}  "
                f"（hands[{seat!r}] 和的是 {h.win_tile}，可打出的牌是 {tile}）"
            )
        parsed[seat] = h
    # one physical discard is shared: no kind may be held more than four times in all
    total = [0] * 34
    for h in parsed.values():
        for i, n in enumerate(h.all_counts):
            total[i] += n
    if not tile.is_flower:
        total[tile.index] -= len(parsed) - 1
    over = [f"{TILES[i]} ×{n}" for i, n in enumerate(total) if n > 4]
    if over:
        raise InvalidHandError(
            f"the claiming hands and the discard hold more than four of a tile: "
            f"{', '.join(over)}  （这几手牌加上打出的牌，有的牌超过了 4 张：{'、'.join(over)}）",
            None,
        )
    order = [s for s in turn_order_from(discarder) if s in parsed]
    multi = "multiple_winners" in rs.context_names

    def judge(seat, several: bool):
        c = dict(context)
        c.update(contexts.get(seat, {}))
        c["winner"] = seat
        if "discarder" in rs.context_names:
            c["discarder"] = discarder
        if multi and "multiple_winners" not in contexts.get(seat, {}):
            c["multiple_winners"] = several
        return rs.score(parsed[seat], **c)

    results = {s: judge(s, multi) for s in order}
    claims = [(s, r) for s, r in results.items() if r.legal]
    winners, notes = rs.choose_winners(claims, discarder)
    if multi and len(winners) < 2:  # one winner after all: no 一炮多响 floor
        results.update({s: judge(s, False) for s in order})
        winners, notes = rs.choose_winners([(s, r) for s, r in results.items() if r.legal], discarder)
    payments = dict.fromkeys(SEAT_LETTERS, 0)
    transfers = []
    for s in winners:
        for k, v in results[s].payments.items():
            payments[k] += v
        transfers.extend(results[s].transfers)
    assert sum(payments.values()) == 0, payments
    dealer = context.get("dealer", "E")
    return DiscardResult(
        rs,
        tile,
        discarder,
        results,
        tuple(winners),
        payments,
        tuple(transfers),
        rs.next_dealer(tuple(winners), discarder, dealer) if winners else None,
        notes,
        kind="discard",
    )
