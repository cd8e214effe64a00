"""``mjlearn records``: Botzone game records at the terminal.

    mjlearn records stats FILE [--player N]     win, deal-in, draw and claim rates, fans, points
    mjlearn records check FILE                  every game played again at mjlearn's table

FILE is Botzone's text log or the judge's JSON match logs (one per line), either of them gzipped
(``.gz``). A game that cannot be read is counted and named, and the rest of the file is read.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

from .records import Game, RecordError, check_game, read_judge_log, read_text
from .records.stats import stats_of

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    p = sub.add_parser(
        "records",
        help="read Botzone game records: statistics, checks / 读 Botzone 对局记录：统计、核对",
        description="Botzone's Chinese Standard Mahjong records (text log or JSON match logs, .gz too). "
        "Botzone 国标麻将对局记录（文本或 JSON 日志，也可以是 .gz）。",
    )
    rsub = p.add_subparsers(dest="records_command", metavar="ACTION", required=True)
    st = rsub.add_parser("stats", help="rates, fans and points per seat / 每个座位的比率、番种、得分")
    st.add_argument("file")
    st.add_argument("--player", type=int, choices=range(4), help="one seat (0-3) only / 只看一个座位")
    ck = rsub.add_parser("check", help="replay every game at mjlearn's table / 在 mjlearn 的牌桌上重放每一局")
    ck.add_argument("file")


def _games(path: str):
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"no such file / 没有这个文件: {p}")
    opener = gzip.open if p.suffix == ".gz" else open
    name = p.name[:-3] if p.suffix == ".gz" else p.name
    f = opener(p, "rb")
    with f:
        yield from (read_judge_log(f) if name.endswith((".jsonl", ".json")) else read_text(f))


def run(args) -> int:
    if args.records_command == "stats":
        st = stats_of(_games(args.file), player=args.player)
        print(st.table())
        return 1 if st.errors else 0
    bad = 0
    n = 0
    for g in _games(args.file):
        n += 1
        if isinstance(g, RecordError):
            bad += 1
            print(g, file=sys.stderr)
            continue
        assert isinstance(g, Game)
        try:
            r = check_game(g)
        except RecordError as e:
            bad += 1
            print(e, file=sys.stderr)
            continue
        for f in r.findings:
            print(f"{g.match} {f}")
        bad += bool(r.disagreements)
    print(f"{n} games, {bad} unreadable or disagreeing / {n} 局，{bad} 局读不了或不一致")
    return 1 if bad else 0
