"""Settlement of an MCR hand: the competition formula, per seat.

Every other player owes the winner the base of 8; the fan total (flowers included) is paid by the
discarder alone, or by each of the three on a self-draw:

=========  ==============================  ==============  =================
win        each other player pays          discarder pays  winner receives
=========  ==============================  ==============  =================
self-draw  8 + total                       --              3 x (8 + total)
discard    8                               8 + total       24 + total
=========  ==============================  ==============  =================

>>> settle(20, winner="S", discarder="W")
{'E': -8, 'S': 44, 'W': -28, 'N': -8}
>>> settle(22, winner="S")
{'E': -30, 'S': 90, 'W': -30, 'N': -30}
"""

from __future__ import annotations

__all__ = ["BASE", "SEATS", "settle"]

SEATS = ("E", "S", "W", "N")
"""Seats by their wind, in turn order."""
BASE = 8
"""底分: what every non-winner owes the winner."""


def settle(total: int, winner: str, discarder: str | None = None) -> dict[str, int]:
    """Points won (+) and paid (-) per seat; they sum to zero. ``discarder=None`` means self-drawn."""
    if winner not in SEATS:
        raise ValueError(f"winner must be one of E, S, W, N, got {winner!r}")
    if discarder is not None:
        if discarder not in SEATS:
            raise ValueError(f"discarder must be one of E, S, W, N (or None for a self-draw), got {discarder!r}")
        if discarder == winner:
            raise ValueError(f"the winner ({winner}) cannot also be the discarder")
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise ValueError(f"total must be a whole number of points >= 0, got {total!r}")
    out = {}
    for seat in SEATS:
        if seat == winner:
            continue
        if discarder is None or seat == discarder:
            out[seat] = -(BASE + total)
        else:
            out[seat] = -BASE
    out[winner] = -sum(out.values())
    return {s: out[s] for s in SEATS}
