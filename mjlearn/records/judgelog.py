"""The judge's JSON match log (Botzone's download of a match, and what the local runner writes),
read as :class:`~mjlearn.records.model.Game` values.

A match log is one JSON object ``{"id": ..., "initdata": {...}, "logs": [...]}``: ``logs`` alternates the
judge's output (``{"output": {"command", "content", "display"}}``, whose ``display`` says what happened:
``INIT``, ``DEAL``, ``DRAW``, ``PLAY``, ``CHI``, ``PENG``, ``GANG``, ``BUGANG``, ``HU`` or ``HUANG``) and
the four players' responses to it (``{"0": {"verdict": "OK", "response": "PASS"}, ...}``). A file
holds one match, or one match per line (JSON Lines), read one line at a time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from ..jsontext import bounded_lines, nesting
from .model import CLAIM_VERBS, Action, Game, RecordError, from_botzone

__all__ = ["JSON_LINE_LIMIT", "game_of_log", "read_judge_log"]

JSON_LINE_LIMIT = 16 * 1024 * 1024
"""The largest match log read (characters of one line): a whole match is a few hundred kilobytes."""


class _Bad(Exception):
    def __init__(self, en: str, zh: str, at: int | None = None):
        self.en, self.zh, self.at = en, zh, at


def _tile(x) -> str:
    if not isinstance(x, str):
        raise _Bad(f"{str(x)[:20]!r} is not a tile", f"{str(x)[:20]!r} 不是一张牌")
    try:
        from_botzone(x)
    except ValueError:
        if x[:1] == "H":
            raise _Bad(
                f"{x[:20]} is a flower: games with flowers are not read", f"{x[:20]} 是花牌：带花牌的对局读不了"
            ) from None
        raise _Bad(f"{x[:20]!r} is not a tile", f"{x[:20]!r} 不是一张牌") from None
    return x


def _player(x) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 3:
        raise _Bad(f"{str(x)[:20]!r} is not a player 0-3", f"{str(x)[:20]!r} 不是玩家 0-3")
    return x


def _ignored(responses, winner: int, tile: str) -> tuple[tuple[int, str, str], ...]:
    """The other players' claims of the same discard, as the text format writes them."""
    out = []
    if not isinstance(responses, dict):
        return ()
    for j in range(4):
        r = responses.get(str(j))
        said = r.get("response") if isinstance(r, dict) else None
        if j == winner or not isinstance(said, str) or said in ("", "PASS"):
            continue
        words = said.split(" ")
        verb = CLAIM_VERBS.get(words[0].lower())
        if verb is None:
            raise _Bad(f"player {j} answered {said[:30]!r}, not a claim", f"玩家 {j} 的回应 {said[:30]!r} 不是叫牌")
        out.append((j, verb, _tile(words[1]) if verb == "Chi" and len(words) > 1 else tile))
    return tuple(out)


def game_of_log(log, *, name: str = "?") -> Game:
    """The :class:`Game` of one match log (a parsed JSON object); :class:`RecordError` when it is not a
    finished game (the judge stopped it for a wrong answer, or the log is damaged)."""
    try:
        return _game(log, name)
    except _Bad as b:
        where = f"{name}, entry {b.at}" if b.at is not None else name
        raise RecordError(b.en, b.zh, game=where) from None


def _game(log, name: str) -> Game:
    if not isinstance(log, dict) or not isinstance(log.get("logs"), list):
        raise _Bad("a match log is an object with a list 'logs'", "对局日志应是带 'logs' 列表的 JSON 对象")
    match = log.get("id", name)
    g = Game(str(match)[:64], -1, ())
    entries = log["logs"]
    last = ""  # the last discard (or added kong) tile
    last_kind = ""
    for i in range(0, len(entries), 2):
        e = entries[i]
        d = e.get("output", {}).get("display") if isinstance(e, dict) and isinstance(e.get("output"), dict) else None
        if not isinstance(d, dict):
            raise _Bad("the judge's entry has no display", "裁判的记录没有 display", i)
        act = d.get("action")
        before = entries[i - 1] if i else None
        try:
            if act == "INIT":
                q = d.get("quan")
                if not isinstance(q, int) or not 0 <= q <= 3:
                    raise _Bad(f"the wind {str(q)[:20]} is not 0-3", f"圈风 {str(q)[:20]} 不是 0-3")
                g.wind = q
            elif act == "DEAL":
                hands = d.get("hand")
                if (
                    not isinstance(hands, list)
                    or len(hands) != 4
                    or any(not isinstance(h, list) or len(h) != 13 for h in hands)
                ):
                    raise _Bad("the deal is four hands of 13 tiles", "发牌应为四手各 13 张")
                g.deals = tuple(tuple(_tile(t) for t in h) for h in hands)
            elif act in ("DRAW", "PLAY", "CHI", "PENG", "GANG", "BUGANG", "HU"):
                p, t = _player(d.get("player")), d.get("tile")
                if act == "DRAW":
                    g.actions.append(Action(p, "Draw", _tile(t)))
                elif act == "PLAY":
                    g.actions.append(Action(p, "Play", _tile(t)))
                elif act == "CHI":
                    g.actions.append(Action(p, "Chi", _tile(d.get("tileCHI"))))
                    g.actions.append(Action(p, "Play", _tile(t)))
                elif act == "PENG":
                    g.actions.append(Action(p, "Peng", last, _ignored(before, p, last)))
                    g.actions.append(Action(p, "Play", _tile(t)))
                elif act == "GANG":
                    own = last_kind == "DRAW" and g.actions and g.actions[-1].player == p
                    if own:
                        g.actions.append(Action(p, "AnGang", _tile(t)))
                    else:
                        g.actions.append(Action(p, "Gang", last, _ignored(before, p, last)))
                elif act == "BUGANG":
                    g.actions.append(Action(p, "BuGang", _tile(t)))
                else:
                    won = g.actions[-1].tile if last_kind == "DRAW" and g.actions else last
                    g.actions.append(Action(p, "Hu", won, _ignored(before, p, won)))
                    fans = d.get("fan") or []
                    total = d.get("fanCnt")
                    if not isinstance(total, int) or not isinstance(fans, list):
                        raise _Bad("a win without its fan count", "和牌没有番数")
                    named = [(f.get("name"), f.get("cnt")) for f in fans if isinstance(f, dict)]
                    if len(named) != len(fans) or any(
                        not isinstance(n, str) or not isinstance(c, int) for n, c in named
                    ):
                        raise _Bad("a fan is a name and a count", "每个番应有名称和个数")
                    g.fan = (total, tuple((str(n), c) for n, c in named if isinstance(c, int)))
                    g.scores = _scores(d.get("score"))
                    return g
                if act in ("PLAY", "CHI", "PENG", "BUGANG"):
                    last = _tile(t)
                last_kind = act
            elif act == "HUANG":
                g.huang = True
                g.scores = (0, 0, 0, 0)
                return g
            else:
                who = d.get("player")
                raise _Bad(
                    f"the judge stopped the game: {str(act)[:20]} by player {str(who)[:4]}",
                    f"裁判终止了对局：玩家 {str(who)[:4]} 的 {str(act)[:20]}",
                )
        except _Bad as b:
            b.at = i if b.at is None else b.at
            raise
    raise _Bad("the log ends before the game does", "日志在对局结束前就断了")


def _scores(s) -> tuple[int, ...]:
    if not isinstance(s, list) or len(s) != 4 or any(not isinstance(x, int) or abs(x) > 999_999 for x in s):
        raise _Bad("the scores are four whole numbers", "得分应为四个整数")
    return tuple(s)


def read_judge_log(source) -> Iterator[Game | RecordError]:
    """Each match of a JSON match log file (a path or a binary stream; one object, or one object per
    line): a :class:`Game`, or a :class:`RecordError` for one that cannot be read (the reader goes on
    with the next line)."""
    if not isinstance(source, (str, Path)):  # a binary stream
        yield from _read(source)
        return
    with open(Path(source), "rb") as f:
        yield from _read(f)


def _read(f) -> Iterator[Game | RecordError]:
    for n, chunk, size in bounded_lines(f, JSON_LINE_LIMIT):
        if chunk is None:
            yield RecordError(
                f"the match log is {size:,} bytes, more than {JSON_LINE_LIMIT:,}",
                f"对局日志有 {size:,} 字节，超过 {JSON_LINE_LIMIT:,}",
                game=f"line {n}",
            )
            continue
        if not chunk.strip():
            continue
        try:
            text = chunk.decode("utf-8")
            if nesting(text, stop_after=16)[0] > 16:
                raise ValueError("nested too deeply")
            log = json.loads(text)
        except ValueError:
            yield RecordError("this line is not a JSON match log", "这一行不是 JSON 对局日志", game=f"line {n}", line=n)
            continue
        try:
            yield game_of_log(log, name=f"line {n}")
        except RecordError as e:
            yield e
