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

from .coaching.bots import level_names, make_bot
from .records.bot import BotView, respond

__all__ = ["main"]

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def _answer(view: BotView, bot) -> str:
    try:
        return respond(view, bot)
    except Exception as e:  # noqa: BLE001 - a bot must answer every request: PASS, and say why on stderr
        print(f"mjlearn.botzone: {type(e).__name__}: {e}", file=sys.stderr)
        req = view.last_request.split()
        if req and req[0] == "2":  # our own draw: the drawn tile goes out again
            return f"PLAY {req[1]}"
        return "PASS"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m mjlearn.botzone", description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="basic", choices=level_names(), help="the player's level")
    ap.add_argument("--seed", type=int, default=0, help="the seed of the player's tie-breaks")
    args = ap.parse_args(argv)
    bot = make_bot(args.level, args.seed)
    view = BotView()
    first = sys.stdin.readline()
    if not first.strip():
        return 0
    try:
        n = int(first)
    except ValueError:
        print("mjlearn.botzone: the first line must be the number of requests", file=sys.stderr)
        return 2
    for _ in range(n - 1):
        req, resp = sys.stdin.readline().rstrip("\n"), sys.stdin.readline().rstrip("\n")
        view.feed(req, resp)
    view.feed(sys.stdin.readline().rstrip("\n"))
    while True:
        said = _answer(view, bot)
        if said.startswith("GANG "):  # the tile of our concealed kong: the judge's notice will not name it
            view._my_angang = said.split()[1]
        sys.stdout.write(said + "\n" + KEEP_RUNNING + "\n")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return 0
        view.feed(line.rstrip("\n"))


if __name__ == "__main__":
    sys.exit(main())
