"""``mjlearn score``: score a hand under MCR from the command line.

::

    mjlearn score "123456789m23p55s+4p" --self-drawn --seat-wind S [--json] [--lang zh]
    mjlearn score --jsonl hands.jsonl        # one JSON object per line in, one result per line out
"""

from __future__ import annotations

import json
import sys

__all__ = ["add_parser", "run", "score_line"]


def add_parser(subparsers):
    """Register the ``score`` subcommand on an argparse subparsers object."""
    p = subparsers.add_parser("score", help="score a hand (MCR)",
                              description="Score a winning hand under MCR (国标). The winning tile goes after '+'.")
    p.add_argument("hand", nargs="?", help="the hand in notation, e.g. '123456789m23p55s+4p'")
    p.add_argument("--self-drawn", action="store_true", help="won on one's own draw (自摸)")
    p.add_argument("--last-tile", action="store_true", help="the last tile of its kind (和绝张)")
    p.add_argument("--kong", action="store_true", help="kong replacement (杠上开花) or robbing a kong (抢杠和)")
    p.add_argument("--wall-last", action="store_true", help="the last tile of the wall (妙手回春/海底捞月)")
    p.add_argument("--seat-wind", default="E", choices=list("ESWN"), help="seat wind (门风), default E")
    p.add_argument("--prevalent-wind", default="E", choices=list("ESWN"), help="prevalent wind (圈风), default E")
    p.add_argument("--flowers", type=int, default=0, help="flowers held (花牌), 0-8")
    p.add_argument("--profile", default="mcr", help="rules profile: mcr (default) or mcr-wmo2014")
    p.add_argument("--lang", choices=("zh", "en"), default=None, help="language of the table")
    p.add_argument("--json", action="store_true", help="print the JSON form instead of a table")
    p.add_argument("--jsonl", metavar="FILE", help="score one JSON object per line of FILE ('-' = stdin)")
    p.set_defaults(func=run)
    return p


def score_line(line: str) -> dict:
    """Score one JSON line: the result's dict, or ``{"error": {"type", "message"}}``."""
    from .mcr import score
    try:
        obj = json.loads(line)
        if not isinstance(obj, dict):
            raise ValueError(f"each line must be a JSON object, got {type(obj).__name__}")
        obj = dict(obj)
        hand = obj.pop("hand", None)
        if not isinstance(hand, str):
            raise ValueError('each line needs "hand": a hand in notation')
        rules = obj.pop("rules", "mcr")
        return score(hand, profile=rules, **obj).to_dict()
    except (ValueError, TypeError, KeyError) as e:
        err = {"type": type(e).__name__, "message": str(e)}
        if hasattr(e, "problems"):
            err["problems"] = [{"message": p.message, "position": p.position} for p in e.problems]
        return {"error": err}


def run(args) -> int:
    """Run ``mjlearn score``; returns the exit code."""
    from .mcr import score
    if args.jsonl:
        stream = sys.stdin if args.jsonl == "-" else open(args.jsonl, encoding="utf-8")
        try:
            for line in stream:
                if not line.strip():
                    continue
                print(json.dumps(score_line(line), ensure_ascii=False), flush=False)
        finally:
            if stream is not sys.stdin:
                stream.close()
        return 0
    if not args.hand:
        print("mjlearn score: give a HAND or --jsonl FILE", file=sys.stderr)
        return 2
    try:
        res = score(args.hand, self_drawn=args.self_drawn, last_tile=args.last_tile, kong=args.kong,
                    wall_last=args.wall_last, seat_wind=args.seat_wind, prevalent_wind=args.prevalent_wind,
                    flowers=args.flowers, profile=args.profile)
    except (ValueError, TypeError) as e:
        if args.json:
            print(json.dumps({"error": {"type": type(e).__name__, "message": str(e)}}, ensure_ascii=False))
        else:
            print(f"mjlearn score: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(res.to_dict(), ensure_ascii=False))
    else:
        print(res.table(args.lang))
    return 0
