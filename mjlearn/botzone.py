"""A computer player of mjlearn as a Botzone bot of Chinese Standard Mahjong (Mahjong-GB).

    python -m mjlearn.botzone [--level basic|strong] [--seed N]

It speaks Botzone's simple interaction protocol: the first line is the number of requests ``n``,
then the ``n - 1`` earlier requests each followed by this bot's response, then the new request; the
bot writes one response line (``PASS``, ``PLAY W1``, ``CHI B2 T5``, ``PENG F1``, ``GANG``, ``GANG T3``,
``BUGANG J1`` or ``HU``). It then writes ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` and stays running:
each later line on its standard input is one new request, answered the same way, as Botzone's
keep-running mode does. The player's choices are mjlearn's (:mod:`mjlearn.records.bot`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Generator

from .coaching.bots import level_names, make_bot
from .records.bot import BotView, respond

__all__ = ["conversation", "main"]

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def _answer(view: BotView, bot, warn: Callable[[str], object]) -> str:
    try:
        return respond(view, bot)
    except Exception as e:  # noqa: BLE001 - a bot must answer every request: PASS, and say why on stderr
        warn(f"mjlearn.botzone: {type(e).__name__}: {e}")
        req = view.last_request.split()
        if req and req[0] == "2":  # our own draw: the drawn tile goes out again
            return f"PLAY {req[1]}"
        return "PASS"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # said by the caller, in one line
        raise ValueError(message)


def _parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="python -m mjlearn.botzone", description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--level", default="basic", choices=level_names(), help="the player's level")
    ap.add_argument("--seed", type=int, default=0, help="the seed of the player's tie-breaks")
    return ap


def conversation(
    argv: list[str], warn: Callable[[str], object] = lambda text: print(text, file=sys.stderr)
) -> Generator[list[str], str | None, int]:
    """The program's side of the protocol, line by line: send each input line (None at the end of the
    input); each step yields the lines the program writes then; its return value is the exit code.
    :func:`main` runs it over standard input and output; :mod:`mjlearn.records.inpage` runs it inside
    a Python that starts no programs (a browser's). Bad arguments raise ValueError."""
    try:
        args = _parser().parse_args(argv)
    except (ValueError, SystemExit) as e:  # SystemExit: -h, which prints the help
        raise ValueError(f"bad arguments {' '.join(argv)!r}: {e}") from None
    bot = make_bot(args.level, args.seed)
    view = BotView()
    first = yield []
    if not first or not first.strip():
        return 0
    try:
        n = int(first)
    except ValueError:
        warn("mjlearn.botzone: the first line must be the number of requests")
        return 2
    for _ in range(n - 1):
        req = (yield []) or ""
        resp = (yield []) or ""
        view.feed(req, resp)
    view.feed((yield []) or "")
    while True:
        said = _answer(view, bot, warn)
        if said.startswith("GANG "):  # the tile of our concealed kong: the judge's notice will not name it
            view._my_angang = said.split()[1]
        line = yield [said, KEEP_RUNNING]
        if line is None:
            return 0
        view.feed(line)


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if "-h" in argv or "--help" in argv:
        _parser().parse_args(argv)
    try:
        talk = conversation(argv)
        next(talk)
    except ValueError as e:
        print(f"mjlearn.botzone: {e}", file=sys.stderr)
        return 2
    try:
        while True:
            line = sys.stdin.readline()
            for said in talk.send(line.rstrip("\n") if line else None):
                sys.stdout.write(said + "\n")
            sys.stdout.flush()
    except StopIteration as stop:
        return stop.value


if __name__ == "__main__":
    sys.exit(main())
