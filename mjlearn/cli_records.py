"""``mjlearn records``: Botzone game records at the terminal.

    mjlearn records stats FILE [--player N]     win, deal-in, draw and claim rates, fans, points
    mjlearn records check FILE                  every game played again at mjlearn's table
    mjlearn review FILE --game ID --seat N --out report.html [--force]
                                                one seat's decisions judged by the coach, as an HTML page

FILE is Botzone's text log or the judge's JSON match logs (one per line), either of them gzipped
(``.gz``). A game that cannot be read is counted and named, and the rest of the file is read.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

from .buildfolder import OutputFolderError, write_whole
from .errors import MjlearnError
from .records import Game, RecordError, check_game, read_judge_log, read_text
from .records.stats import stats_of
from .table import IllegalActionError

__all__ = ["ReviewError", "add_parser", "find_game", "run", "run_review"]


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
    rv = sub.add_parser(
        "review",
        help="one seat of a recorded game judged by the coach, as an HTML page / 教练复盘对局记录中的一个座位，存成网页",
        description="Every decision of one seat of a Botzone game (discards, claims, kongs) judged by the coach, "
        "the costliest first with the coach's reason, as one self-contained HTML page. "
        "教练逐个评判 Botzone 对局中一个座位的每个决定（打牌、吃碰杠），代价最大的在前并附理由，存成一个独立的网页。",
    )
    rv.add_argument("file", help="Botzone's text log or JSON match logs (.gz too) / 对局记录文件")
    rv.add_argument("--game", required=True, metavar="ID", help="the game's id (its Match line) / 对局编号")
    rv.add_argument("--seat", required=True, metavar="N", help="0-3: East, South, West, North / 座位 0-3：东南西北")
    rv.add_argument("--out", required=True, metavar="FILE", help="the HTML page to write / 要写的网页文件")
    rv.add_argument("--force", action="store_true", help="replace FILE if it exists / 覆盖已有文件")
    rv.set_defaults(func=run_review)


class ReviewError(MjlearnError, ValueError):
    """A review that cannot be made: one line, English then Chinese."""

    heading = ("无法复盘", "The review cannot be made")


def _games(path: str):
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"no such file / 没有这个文件: {p}")
    opener = gzip.open if p.suffix == ".gz" else open
    name = p.name[:-3] if p.suffix == ".gz" else p.name
    f = opener(p, "rb")
    with f:
        yield from (read_judge_log(f) if name.endswith((".jsonl", ".json")) else read_text(f))


def find_game(path: str, game_id: str) -> Game:
    """The game ``game_id`` of the record file ``path``, or :class:`ReviewError` (or the game's own
    :class:`RecordError`) saying why not, naming the file."""
    n = bad = 0
    first: list[str] = []  # a few ids to name when the one asked for is not there
    try:
        for g in _games(path):
            n += 1
            if isinstance(g, RecordError):
                bad += 1
                if g.game == game_id:
                    raise g
                continue
            if g.match == game_id:
                return g
            if len(first) < 3:
                first.append(g.match)
    except FileNotFoundError:
        raise ReviewError(f"{path}: no such file  （没有这个文件）") from None
    except IsADirectoryError:
        raise ReviewError(f"{path}: is a folder, not a record file  （这是文件夹，不是对局记录文件）") from None
    except (OSError, EOFError, UnicodeDecodeError) as e:  # a damaged .gz, an unreadable file
        raise ReviewError(
            f"{path}: cannot be read after {n} games ({type(e).__name__}: {str(e)[:120]})  （文件已损坏，读不下去）"
        ) from None
    ids = ", ".join(first) + (", ..." if n - bad > len(first) else "")
    raise ReviewError(
        f"{path}: no game {game_id!r} among its {n} games ({bad} unreadable); its ids (Match lines): {ids}  "
        f"（文件的 {n} 局中没有编号为 {game_id!r} 的对局，{bad} 局读不了；编号见每局的 Match 行：{ids}）"
    )


def _seat(text: str) -> int:
    if text.strip() in ("0", "1", "2", "3"):
        return int(text)
    raise ReviewError(
        f"the seat must be 0, 1, 2 or 3 (East, South, West, North), not {text!r:.20}  "
        f"（座位必须是 0、1、2 或 3，即东南西北）"
    )


def run_review(args) -> int:
    """``mjlearn review``: every check (the seat, the game, the output file) before the coach's work,
    and nothing written unless the whole page is ready."""
    from .db.admin import claim_output
    from .db.classes import ClassError
    from .widgets.record_review import rated_record, report_html

    try:
        seat = _seat(args.seat)
        game = find_game(args.file, args.game)
        found = [f for f in check_game(game).findings if f.kind in ("illegal", "claim")]
        if found:
            raise ReviewError(
                f"{args.file}: game {args.game}: mjlearn's table cannot play it again ({found[0]})  "
                f"（mjlearn 的牌桌无法重放这一局）"
            )
        folder, name = claim_output(args.out, args.force)
        with folder:
            try:
                page = report_html(rated_record(game, seat))
            except IllegalActionError as e:
                raise ReviewError(
                    f"{args.file}: game {args.game}, line {getattr(e, 'line', '?')}: mjlearn's table refuses it "
                    f"({e.en})  （mjlearn 的牌桌不接受这一步：{e.zh}）"
                ) from None
            write_whole(folder, name, page.encode("utf-8"))
    except (ReviewError, RecordError, ClassError, OutputFolderError) as e:
        print(f"mjlearn review: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"mjlearn review: cannot write {args.out!r}: {e.strerror or e}  （无法写入文件）", file=sys.stderr)
        return 2
    print(args.out)
    return 0


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
