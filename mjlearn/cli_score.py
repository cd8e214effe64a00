"""``mjlearn score``: score a hand under MCR or any regional rule set from the command line.

::

    mjlearn score "123456789m23p55s+4p" --self-drawn --seat-wind S [--json] [--lang zh]
    mjlearn score "123m456p789s23sEE+4s" --rules xian --discarder S
    mjlearn score "..." --rules beijing --wild P --discarder N --set streak=2
    mjlearn score --jsonl hands.jsonl        # one JSON object per line in, one result per line out

The batch form answers every input line with exactly one output line, in order (see ``JSONL_HELP``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from .jsontext import bounded_lines, nesting
from .mcr.profiles import PROFILES
from .scoring import score

__all__ = ["JSONL_HELP", "MAX_LINE_BYTES", "MAX_NUMBER_DIGITS", "add_parser", "run", "score_jsonl", "score_line"]

MAX_LINE_BYTES = 16 * 1024
"""The longest batch line read, in bytes, checked before the line is decoded or parsed: a hand is at
most 1,000 characters (``notation.MAX_NOTATION_LENGTH``), at most 6,000 bytes even written as JSON
escapes, which leaves 10 KB for the context."""

MAX_NESTING = 32
"""The deepest nesting of JSON arrays and objects on a batch line or a ``--set`` value (a line needs 1 or 2)."""

MAX_NUMBER_DIGITS = 15
"""The most digits of a whole number on a batch line or in a ``--set`` value (every amount a rule set
takes is far below 10**15). Checked as the JSON is parsed, so a number of thousands of digits is
refused before any arithmetic; NaN and infinities are refused the same way."""


class BadNumber(ValueError):
    """A number on a batch line or in ``--set`` that no rule takes: too many digits, NaN or infinite."""


class NestingTooDeep(ValueError):
    """JSON nested deeper than :data:`MAX_NESTING`."""


def _whole(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_NUMBER_DIGITS:
        raise BadNumber(
            f"a number of {digits:,} digits ({_clip(text, 20)}): at most {MAX_NUMBER_DIGITS} digits  "
            f"（数字有 {digits:,} 位：最多 {MAX_NUMBER_DIGITS} 位）"
        )
    return int(text)


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadNumber(f"the number {_clip(text, 20)} is too large to be a number  （数字 {_clip(text, 20)} 太大）")
    return value


def _constant(name: str):
    raise BadNumber(f"{name} is not a number a rule takes  （{name} 不是规则能用的数字）")


def parse_json(text: str):
    """JSON as a batch line or a ``--set`` value is read: nesting measured first (:data:`MAX_NESTING`),
    then parsed with whole numbers of at most :data:`MAX_NUMBER_DIGITS` digits and no NaN or infinity.
    Raises :class:`NestingTooDeep`, :class:`BadNumber` or ``json.JSONDecodeError`` (all ``ValueError``)."""
    if text.count("[") + text.count("{") > MAX_NESTING and nesting(text, stop_after=MAX_NESTING)[0] > MAX_NESTING:
        raise NestingTooDeep(
            f"JSON nested more than {MAX_NESTING} levels deep: a value here is plain numbers, "
            f"text, or a small list or object  （JSON 嵌套超过 {MAX_NESTING} 层）"
        )
    return json.loads(text, parse_int=_whole, parse_float=_decimal, parse_constant=_constant)


JSONL_HELP = f"""\
batch scoring (--jsonl FILE, '-' for stdin):
  each line is one JSON object: {{"hand": "1112345678999m+5m", "rules": "mcr", "self_drawn": true}};
  "rules" is optional (default mcr), the other keys are the context keywords of that rule set.
  Every input line gets exactly one output line, in the same order: the result as JSON, or
  {{"error": {{"type": ..., "message": ..., "line": N}}}} (N counts from 1). Error types: the
  exception's name (NotationError, InvalidHandError, ContextError, JSONDecodeError, ...), or
  BlankLine, UnicodeDecodeError (the line is not UTF-8), LineTooLong (over {MAX_LINE_BYTES:,} bytes,
  refused before it is parsed), NestingTooDeep (JSON nested over {MAX_NESTING} levels), BadNumber
  (a whole number of over {MAX_NUMBER_DIGITS} digits, NaN or infinity), InternalError (a bug in mjlearn,
  the result included: please report the line).
exit codes: 0 every line scored, 1 some lines were errors, 2 usage (a missing file, a folder,
  an unreadable file, HAND given with --jsonl), with a one-line message.
"""


def add_parser(subparsers):
    """Register the ``score`` subcommand on an argparse subparsers object."""
    p = subparsers.add_parser(
        "score",
        help="score a hand (MCR or a regional rule set) / 算番",
        description="Score a winning hand under MCR (国标) or a regional rule set. "
        "The winning tile goes after '+'. "
        "按国标或地方规则给一手和牌算分；和牌张写在 '+' 之后。",
        epilog=JSONL_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("hand", nargs="?", help="the hand in notation, e.g. '123456789m23p55s+4p' / 手牌记法")
    p.add_argument("--self-drawn", action="store_true", help="won on one's own draw (自摸)")
    p.add_argument("--last-tile", action="store_true", help="the last tile of its kind (和绝张)")
    p.add_argument("--kong", action="store_true", help="kong replacement (杠上开花) or robbing a kong (抢杠和)")
    p.add_argument("--wall-last", action="store_true", help="the last tile of the wall (妙手回春/海底捞月)")
    p.add_argument("--seat-wind", default="E", choices=list("ESWN"), help="seat wind (门风), default E")
    p.add_argument("--prevalent-wind", default="E", choices=list("ESWN"), help="prevalent wind (圈风), default E")
    p.add_argument("--flowers", type=int, default=0, help="flowers held (花牌), 0-8")
    p.add_argument(
        "--rules",
        "--profile",
        dest="rules",
        default="mcr",
        help="mcr (default), mcr-wmo2014, or a regional rule set by name or alias "
        "(beijing, changsha, yunnan, xian, hongkong, fuzhou, 北京麻将...)",
    )
    p.add_argument("--discarder", choices=list("ESWN"), help="regional: the seat that discarded the winning tile")
    p.add_argument("--winner", choices=list("ESWN"), help="regional: the winner's seat (default E)")
    p.add_argument("--dealer", choices=list("ESWN"), help="regional: the dealer's seat (default E)")
    p.add_argument("--wild", help="regional: the wild tile of this hand (混儿, 财神, 金), e.g. 5m")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="regional: any other keyword of the rule set (repeatable), e.g. --set streak=2",
    )
    p.add_argument(
        "--lang",
        choices=("zh", "en"),
        default=None,
        help="language of the table (default: English with the Chinese names) / 语言",
    )
    p.add_argument("--json", action="store_true", help="print the JSON form instead of a table")
    p.add_argument(
        "--jsonl",
        metavar="FILE",
        help="score one JSON object per line of FILE ('-' = stdin); one output line per input "
        "line (format and exit codes below)",
    )
    p.set_defaults(func=run)
    return p


def _line_error(type_: str, message: str, line: int | None) -> dict:
    err: dict[str, str | int] = {"type": type_, "message": message}
    if line is not None:
        err["line"] = line
    return {"error": err}


def score_line(line: str, number: int | None = None) -> dict:
    """Score one JSON line: the result's dict, or ``{"error": {"type", "message", "line"}}``.

    `number` (counting from 1) goes into the error as ``"line"``. Every line gets an answer: a blank
    line, a line too long or too deeply nested, bad JSON, a bad hand or context are errors.
    """
    if not line.strip():
        return _line_error(
            "BlankLine", 'blank line: expected a JSON object such as {"hand": "1112345678999m+5m"}', number
        )
    if len(line) > MAX_LINE_BYTES:  # characters here; bytes are checked by score_jsonl before decoding
        return _line_error(
            "LineTooLong", f"line of {len(line):,} characters: at most {MAX_LINE_BYTES:,} are read", number
        )
    try:
        obj = parse_json(line)
        if not isinstance(obj, dict):
            raise ValueError(f"each line must be a JSON object, got {type(obj).__name__}")
        obj = dict(obj)
        hand = obj.pop("hand", None)
        if not isinstance(hand, str):
            raise ValueError('each line needs "hand": a hand in notation')
        rules = obj.pop("rules", "mcr")
        return score(hand, rules=rules, **obj).to_dict()
    except (ValueError, TypeError, KeyError, ArithmeticError, RecursionError) as e:
        out = _line_error(type(e).__name__, str(e), number)
        if hasattr(e, "problems"):
            out["error"]["problems"] = [{"message": p.message, "position": p.position} for p in e.problems]
        return out
    except Exception as e:  # noqa: BLE001 - one line must never end the batch; say it is our fault
        return _line_error(
            "InternalError",
            f"{type(e).__name__}: {_clip(str(e))} (a bug in mjlearn: please report it with this line)",
            number,
        )


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _lines(stream):
    """(line number, text or an error dict) for each line of a binary or text stream, reading at most
    MAX_LINE_BYTES + 1 of a line at a time: the rest of a longer line is skipped, never held."""
    for number, chunk, size in bounded_lines(stream, MAX_LINE_BYTES):
        if chunk is None:
            unit = "bytes" if isinstance(stream.read(0), bytes) else "characters"
            yield (
                number,
                _line_error(
                    "LineTooLong",
                    f"line of {size:,} {unit}: at most {MAX_LINE_BYTES:,} are "
                    f"read (a hand is at most 1,000 characters)",
                    number,
                ),
            )
            continue
        if isinstance(chunk, bytes):
            try:
                chunk = chunk.decode("utf-8")
            except UnicodeDecodeError as e:
                yield (
                    number,
                    _line_error(
                        "UnicodeDecodeError",
                        f"line is not UTF-8: byte {chunk[e.start]:#04x} at {e.start + 1} ({e.reason})",
                        number,
                    ),
                )
                continue
        yield number, chunk.rstrip("\r\n")


def _write(out, text: str) -> None:
    """One line, UTF-8; a lone surrogate in a message is written as its JSON escape (\\ud800)."""
    data = (text + "\n").encode("utf-8", "backslashreplace")
    if hasattr(out, "buffer"):
        out.buffer.write(data)
    else:
        out.write(data.decode("utf-8"))


def _json_line(record: dict, number: int | None) -> tuple[str, bool]:
    """(the record as one JSON line, whether it is an error). A result that cannot be written as JSON
    becomes that line's error: the writing is inside the per-line guard, so no line ends the batch."""
    try:
        return json.dumps(record, ensure_ascii=False, allow_nan=False), "error" in record
    except (ValueError, TypeError, ArithmeticError, RecursionError) as e:
        return json.dumps(
            _line_error(
                "InternalError",
                f"the result cannot be written as JSON ({type(e).__name__}: "
                f"{_clip(str(e))}); a bug in mjlearn: please report it with this line",
                number,
            ),
            ensure_ascii=False,
        ), True


def score_jsonl(stream, out) -> int:
    """Score every line of `stream` (binary or text) onto `out`, one line each; returns the exit code:
    0 when every line was scored, 1 when some lines were errors."""
    errors = 0
    for number, line in _lines(stream):
        record = line if isinstance(line, dict) else score_line(line, number)
        text, failed = _json_line(record, number)
        errors += failed
        _write(out, text)
    out.flush()
    return 1 if errors else 0


def _run_jsonl(path: str, hand: str | None) -> int:
    if hand:
        print("mjlearn score: give a HAND or --jsonl FILE, not both", file=sys.stderr)
        return 2
    sys.stdout.flush()
    if path == "-":
        return score_jsonl(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout)
    try:
        stream = open(path, "rb")
    except FileNotFoundError:
        print(f"mjlearn score: --jsonl {path}: no such file", file=sys.stderr)
        return 2
    except IsADirectoryError:
        print(
            f"mjlearn score: --jsonl {path}: is a folder, expected a file with one JSON object per line",
            file=sys.stderr,
        )
        return 2
    except OSError as e:
        print(f"mjlearn score: --jsonl {path}: cannot be read ({e.strerror or e})", file=sys.stderr)
        return 2
    with stream:
        try:
            return score_jsonl(stream, sys.stdout)
        except IsADirectoryError:  # some systems open a folder and fail on the first read
            print(
                f"mjlearn score: --jsonl {path}: is a folder, expected a file with one JSON object per line",
                file=sys.stderr,
            )
            return 2
        except OSError as e:
            if isinstance(e, BrokenPipeError):
                raise
            print(f"mjlearn score: --jsonl {path}: read failed ({e.strerror or e})", file=sys.stderr)
            return 2


def _keyword_value(key: str, text: str):
    """``--set`` values: JSON where it parses (2, true, "x"), the plain text otherwise (5m); JSON nested
    too deep or a number no rule takes is an error naming the keyword."""
    try:
        return parse_json(text)
    except (NestingTooDeep, BadNumber) as e:
        raise type(e)(f"--set {key}=...: {e}") from None
    except ValueError:
        return text


def _score_args(args):
    if args.rules.lower() in PROFILES:
        regional = [f"--{k}" for k in ("discarder", "winner", "dealer", "wild") if getattr(args, k)]
        if regional or args.set:
            raise ValueError(
                f"{', '.join(regional + ['--set'] * bool(args.set))}: only for regional rule sets; "
                f"MCR takes --self-drawn, --last-tile, --kong, --wall-last, the winds and --flowers"
            )
        return score(
            args.hand,
            rules=args.rules,
            self_drawn=args.self_drawn,
            last_tile=args.last_tile,
            kong=args.kong,
            wall_last=args.wall_last,
            seat_wind=args.seat_wind,
            prevalent_wind=args.prevalent_wind,
            flowers=args.flowers,
        )
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
        key = key.strip().replace("-", "_")
        context[key] = _keyword_value(key, value.strip())
    return score(args.hand, rules=args.rules, **context)


def run(args) -> int:
    """Run ``mjlearn score``; returns the exit code."""
    if args.jsonl:
        return _run_jsonl(args.jsonl, args.hand)
    if not args.hand:
        print("mjlearn score: give a HAND or --jsonl FILE", file=sys.stderr)
        return 2
    try:
        res = _score_args(args)
        if args.json:
            text, failed = _json_line(res.to_dict(), None)
            _write(sys.stdout, text)
            return 1 if failed else 0
        print(res.table(args.lang) if hasattr(res, "table") else str(res))  # MCR's table, or a regional result
    except (ValueError, TypeError, ArithmeticError, RecursionError) as e:
        # bad input (ArithmeticError: a number the engine cannot use), always one line
        if args.json:
            _write(sys.stdout, json.dumps({"error": {"type": type(e).__name__, "message": str(e)}}, ensure_ascii=False))
        else:
            print(f"mjlearn score: {_clip(str(e), 2000)}", file=sys.stderr)
        return 1
    return 0
