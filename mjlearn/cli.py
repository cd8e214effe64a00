"""The ``mjlearn`` command.

::

    mjlearn lab [--dir D]        copy the notebooks to D (default ~/mjlearn-notebooks) and open JupyterLab
                                 (--copy-only: copy and stop)
    mjlearn score HAND [...]     score a hand (MCR or a regional rule set)
    mjlearn quiz FILE            run a quiz set in the terminal
    mjlearn tiles                list the 42 tiles with their notation and names
    mjlearn lite build --out D   build the course as a JupyterLite site in D (runs in a browser, nothing to install)
    mjlearn export NB.ipynb      a lesson as one static HTML page with every widget drawn
    mjlearn class ACTION         a teacher's classes and assignments (create, add, assign, report, join)
    mjlearn hub ACTION           a class's JupyterHub: its secret (secret --out FILE), a teacher's approval
    mjlearn server ACTION        a school's class server in one folder (start, stop, status --root ROOT)
"""

from __future__ import annotations

import argparse
import sys
import warnings

from . import cli_class, cli_export, cli_hub, cli_lab, cli_quiz, cli_records, cli_score, cli_server
from .cli_lab import MANIFEST, copy_notebooks, notebooks_source  # noqa: F401  (mjlearn lab lives in cli_lab)
from .errors import ProgressError
from .lite import site as lite_site
from .tiles import TILES
from .version import __version__


def _tiles(args) -> int:
    for t in TILES:
        print(f"{t!s:>3}  {t.zh:<4}  {t.pinyin:<11} {t.en}")
    return 0


_SUBCOMMAND_MODULES = {
    "score": cli_score,
    "quiz": cli_quiz,
    "lite": lite_site,
    "export": cli_export,
    "class": cli_class,
    "hub": cli_hub,
    "server": cli_server,
    "records": cli_records,
}
"""Subcommands that live in their own modules: each has ``add_parser(subparsers)`` and ``run(args)``."""


def _plain_warning(message, category, filename, lineno, file=None, line=None) -> None:
    print(str(message), file=sys.stderr if file is None else file)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mjlearn",
        description="Learn Chinese mahjong in Jupyter. 在 Jupyter 中学习中国麻将。",
    )
    parser.add_argument("--version", action="version", version=f"mjlearn {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    cli_lab.add_parser(sub)

    tiles = sub.add_parser(
        "tiles",
        help="list the 42 tiles with their notation and names / 列出 42 种牌",
        description="List the 42 tiles: notation, Chinese name, pinyin and English name. "
        "列出 42 种牌：记法、中文名、拼音和英文名。",
    )
    tiles.set_defaults(func=_tiles)

    for module in _SUBCOMMAND_MODULES.values():
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        with warnings.catch_warnings():
            # a warning meant for the person at the terminal (a damaged file salvaged, a newer database
            # opened read-only) is one plain line, not Python's file:line and source line
            warnings.showwarning = _plain_warning
            if args.command in _SUBCOMMAND_MODULES:
                return _SUBCOMMAND_MODULES[args.command].run(args)
            return args.func(args)
    except BrokenPipeError:  # `mjlearn tiles | head`
        sys.stderr.close()
        return 0
    except (FileNotFoundError, PermissionError) as e:
        print(f"mjlearn: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # the progress database cannot be used: its one-line message says why and where
        if not isinstance(e, ProgressError):
            raise
        print(e, file=sys.stderr)  # it begins "mjlearn progress:"
        return 2


if __name__ == "__main__":
    sys.exit(main())
