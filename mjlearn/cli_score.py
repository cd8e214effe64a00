"""``mjlearn score``: score a hand under MCR or any regional rule set from the command line.

::

    mjlearn score "123456789m23p55s+4p" --self-drawn --seat-wind S [--json] [--lang zh]
    mjlearn score "123m456p789s23sEE+4s" --rules xian --discarder S
    mjlearn score "..." --rules beijing --wild P --discarder N --set streak=2
    mjlearn score --jsonl hands.jsonl        # one JSON object per line in, one result per line out
"""

from __future__ import annotations

import json
import sys

__all__ = ["add_parser", "run", "score_line"]


def add_parser(subparsers):
    """Register the ``score`` subcommand on an argparse subparsers object."""
    p = subparsers.add_parser("score", help="score a hand (MCR or a regional rule set)",
                              description="Score a winning hand under MCR (国标) or a regional rule set. "
                                          "The winning tile goes after '+'.")
    p.add_argument("hand", nargs="?", help="the hand in notation, e.g. '123456789m23p55s+4p'")
    p.add_argument("--self-drawn", action="store_true", help="won on one's own draw (自摸)")
    p.add_argument("--last-tile", action="store_true", help="the last tile of its kind (和绝张)")
    p.add_argument("--kong", action="store_true", help="kong replacement (杠上开花) or robbing a kong (抢杠和)")
    p.add_argument("--wall-last", action="store_true", help="the last tile of the wall (妙手回春/海底捞月)")
    p.add_argument("--seat-wind", default="E", choices=list("ESWN"), help="seat wind (门风), default E")
    p.add_argument("--prevalent-wind", default="E", choices=list("ESWN"), help="prevalent wind (圈风), default E")
    p.add_argument("--flowers", type=int, default=0, help="flowers held (花牌), 0-8")
    p.add_argument("--rules", "--profile", dest="rules", default="mcr",
                   help="mcr (default), mcr-wmo2014, or a regional rule set by name or alias "
                        "(beijing, changsha, yunnan, xian, hongkong, fuzhou, 北京麻将...)")
    p.add_argument("--discarder", choices=list("ESWN"), help="regional: the seat that discarded the winning tile")
    p.add_argument("--winner", choices=list("ESWN"), help="regional: the winner's seat (default E)")
    p.add_argument("--dealer", choices=list("ESWN"), help="regional: the dealer's seat (default E)")
    p.add_argument("--wild", help="regional: the wild tile of this hand (混儿, 财神, 金), e.g. 5m")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="regional: any other keyword of the rule set (repeatable), e.g. --set streak=2")
    p.add_argument("--lang", choices=("zh", "en"), default=None, help="language of the table")
    p.add_argument("--json", action="store_true", help="print the JSON form instead of a table")
    p.add_argument("--jsonl", metavar="FILE", help="score one JSON object per line of FILE ('-' = stdin)")
    p.set_defaults(func=run)
    return p


def score_line(line: str) -> dict:
    """Score one JSON line: the result's dict, or ``{"error": {"type", "message"}}``."""
    from .scoring import score
    try:
        obj = json.loads(line)
        if not isinstance(obj, dict):
            raise ValueError(f"each line must be a JSON object, got {type(obj).__name__}")
        obj = dict(obj)
        hand = obj.pop("hand", None)
        if not isinstance(hand, str):
            raise ValueError('each line needs "hand": a hand in notation')
        rules = obj.pop("rules", "mcr")
        return score(hand, rules=rules, **obj).to_dict()
    except (ValueError, TypeError, KeyError) as e:
        err = {"type": type(e).__name__, "message": str(e)}
        if hasattr(e, "problems"):
            err["problems"] = [{"message": p.message, "position": p.position} for p in e.problems]
        return {"error": err}


def _keyword_value(text: str):
    """``--set`` values: JSON where it parses (2, true, "x"), the plain text otherwise."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _score_args(args):
    from .mcr.profiles import PROFILES
    from .scoring import score
    if args.rules.lower() in PROFILES:
        regional = [f"--{k}" for k in ("discarder", "winner", "dealer", "wild") if getattr(args, k)]
        if regional or args.set:
            raise ValueError(f"{', '.join(regional + ['--set'] * bool(args.set))}: only for regional rule sets; "
                             f"MCR takes --self-drawn, --last-tile, --kong, --wall-last, the winds and --flowers")
        return score(args.hand, rules=args.rules, self_drawn=args.self_drawn, last_tile=args.last_tile,
                     kong=args.kong, wall_last=args.wall_last, seat_wind=args.seat_wind,
                     prevalent_wind=args.prevalent_wind, flowers=args.flowers)
    context = {"self_drawn": args.self_drawn}
    for flag in ("last_tile", "kong", "wall_last"):
        if getattr(args, flag):
            context[flag] = True
    for key in ("discarder", "winner", "dealer", "wild"):
        if getattr(args, key):
            context[key] = getattr(args, key)
    if args.flowers:
        context["flowers"] = args.flowers
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--set {item!r}: expected KEY=VALUE")
        context[key.strip().replace("-", "_")] = _keyword_value(value.strip())
    return score(args.hand, rules=args.rules, **context)


def run(args) -> int:
    """Run ``mjlearn score``; returns the exit code."""
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
        res = _score_args(args)
    except (ValueError, TypeError) as e:
        if args.json:
            print(json.dumps({"error": {"type": type(e).__name__, "message": str(e)}}, ensure_ascii=False))
        else:
            print(f"mjlearn score: {e}", file=sys.stderr)
        return 1
    if not hasattr(res, "table"):  # a regional result
        print(json.dumps(res.to_dict(), ensure_ascii=False) if args.json else str(res))
        return 0
    if args.json:
        print(json.dumps(res.to_dict(), ensure_ascii=False))
    else:
        print(res.table(args.lang))
    return 0
