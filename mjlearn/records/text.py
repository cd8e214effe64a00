"""Botzone's text log of Chinese Standard Mahjong games, read and written game by game.

One game::

    Match 5fbe1e1f9ff74d4ee4d3c0f5
    Wind 0
    Player 0 Deal W4 B2 ...           (four lines, players 0-3, 13 tiles each)
    Player 0 Draw T2
    Player 0 Play F3
    Player 1 Chi W3                   (the middle tile of the run; a Play by the same player follows)
    Player 2 Peng B3 Ignore Player 3 Chi B4
    Player 1 Gang W7 / AnGang W7 / BuGang W7
    Player 2 Hu W7 Ignore Player 0 Hu W7
    Fan 17 碰碰和*1+箭刻*1            (the judge's total and fans; or ``Huang`` for a drawn game)
    Score 75 -25 -25 -25
                                      (a blank line ends the game)

``Ignore Player N <Chi|Peng|Gang|Hu> XX`` after a Peng, Gang or Hu names a claim of the same discard
that the judge overrode (win > pung/kong > chow; among equals the first after the discarder).

:func:`read_text` streams a file of any size: it holds one game at a time and no line longer than
:data:`LINE_LIMIT`, and yields a :class:`~mjlearn.records.model.Game` for each game read, or a
:class:`~mjlearn.records.model.RecordError` naming the game and the line for one it cannot read,
then goes on with the next ``Match``. :func:`write_text` writes games back: text written by it reads
back and writes again byte for byte.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..jsontext import bounded_lines
from .model import ACTIONS, CLAIM_VERBS, Action, Game, RecordError, from_botzone

__all__ = ["LINE_LIMIT", "game_text", "read_text", "write_text"]

LINE_LIMIT = 4096
"""The longest line read (in characters): a real line holds at most a few hundred."""

_INT = re.compile(r"-?[0-9]{1,9}")
_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
_FAN = re.compile(r"([^*+\s]{1,16})\*([0-9]{1,2})")


class _Bad(Exception):
    def __init__(self, en: str, zh: str):
        self.en, self.zh = en, zh


def _int(tok: str, lo: int, hi: int, what: str, zh: str) -> int:
    if not _INT.fullmatch(tok) or not lo <= int(tok) <= hi:
        raise _Bad(
            f"{what} must be a whole number {lo}..{hi}, not {tok[:20]!r}",
            f"{zh}应为 {lo} 到 {hi} 的整数，不是 {tok[:20]!r}",
        )
    return int(tok)


def _tile(tok: str) -> str:
    try:
        from_botzone(tok)
    except ValueError:
        raise _Bad(
            f"{tok[:20]!r} is not a tile (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)",
            f"{tok[:20]!r} 不是一张牌（W1-W9、B1-B9、T1-T9、F1-F4、J1-J3）",
        ) from None
    return tok


def _player(tok: str) -> int:
    return _int(tok, 0, 3, "the player", "玩家编号")


def _action(toks: list[str], line: int) -> Action:
    if len(toks) < 4 or toks[0] != "Player":
        raise _Bad(
            f"expected 'Player N Action TILE', Fan, Score or Huang, got {' '.join(toks)[:40]!r}",
            f"应为 'Player N 动作 牌'、Fan、Score 或 Huang，实际是 {' '.join(toks)[:40]!r}",
        )
    p, kind, t = _player(toks[1]), toks[2], _tile(toks[3])
    if kind not in ACTIONS or kind == "Deal":
        raise _Bad(
            f"{kind[:20]!r} is not an action ({', '.join(ACTIONS)})",
            f"{kind[:20]!r} 不是一个动作（{', '.join(ACTIONS)}）",
        )
    rest = toks[4:]
    ignored: list[tuple[int, str, str]] = []
    if rest and kind not in ("Peng", "Gang", "Hu"):
        raise _Bad(
            f"only Peng, Gang and Hu lines name overridden claims, not {kind}",
            f"只有 Peng、Gang、Hu 行可以带 Ignore，{kind} 不行",
        )
    while rest:
        if len(rest) < 5 or rest[0] != "Ignore" or rest[1] != "Player":
            raise _Bad(
                "after the tile only 'Ignore Player N Verb TILE' may follow", "牌之后只能跟 'Ignore Player N 动作 牌'"
            )
        q, verb, u = _player(rest[2]), rest[3], _tile(rest[4])
        if verb.lower() not in CLAIM_VERBS:
            raise _Bad(
                f"{verb[:20]!r} is not a claim (Chi, Peng, Gang, Hu)",
                f"{verb[:20]!r} 不是一个叫牌动作（吃、碰、杠、和）",
            )
        if q == p or any(q == i for i, _, _ in ignored):
            raise _Bad(f"player {q} makes two claims of one discard", f"玩家 {q} 对同一张牌叫了两次")
        ignored.append((q, verb, u))
        rest = rest[5:]
    return Action(p, kind, t, tuple(ignored), line)


class _Reader:
    """The state of one game being read."""

    def __init__(self, match: str, line: int):
        self.game = Game(match, -1, (), line=line)
        self.deals: list[tuple[str, ...]] = []
        self.stage = "wind"  # wind, deal, play, score, done

    def feed(self, toks: list[str], line: int) -> None:
        g, st = self.game, self.stage
        if st == "wind":
            if len(toks) != 2 or toks[0] != "Wind":
                raise _Bad("the line after Match must be 'Wind 0..3'", "Match 之后一行应为 'Wind 0..3'")
            g.wind = _int(toks[1], 0, 3, "the wind", "圈风")
            self.stage = "deal"
        elif st == "deal":
            n = len(self.deals)
            if len(toks) < 3 or toks[0] != "Player" or toks[2] != "Deal":
                raise _Bad(f"expected 'Player {n} Deal' and 13 tiles", f"应为 'Player {n} Deal' 和 13 张牌")
            if _player(toks[1]) != n:
                raise _Bad(
                    f"the deals are of players 0, 1, 2, 3 in order: expected player {n}",
                    f"发牌应按玩家 0、1、2、3 的顺序：这里应是玩家 {n}",
                )
            if len(toks) != 16:
                raise _Bad(f"a deal is 13 tiles, not {len(toks) - 3}", f"发牌应为 13 张，不是 {len(toks) - 3} 张")
            self.deals.append(tuple(_tile(t) for t in toks[3:]))
            if len(self.deals) == 4:
                counts: dict[str, int] = {}
                for t in (t for d in self.deals for t in d):
                    counts[t] = counts.get(t, 0) + 1
                    if counts[t] > 4:
                        raise _Bad(f"the deals hold a fifth {t}", f"发牌里有第五张 {t}")
                g.deals = tuple(self.deals)
                self.stage = "play"
        elif st == "play":
            if toks == ["Huang"]:
                g.huang = True
                self.stage = "score"
            elif toks and toks[0] == "Fan":
                if not g.actions or g.actions[-1].kind != "Hu":
                    raise _Bad("a Fan line follows a Hu line only", "Fan 行只能跟在 Hu 行之后")
                if len(toks) not in (2, 3):
                    raise _Bad("expected 'Fan TOTAL NAME*COUNT+...'", "应为 'Fan 总番 番名*个数+...'")
                total = _int(toks[1], 0, 9999, "the fan total", "总番数")
                fans = []
                for part in toks[2].split("+") if len(toks) == 3 else ():
                    m = _FAN.fullmatch(part)
                    if not m:
                        raise _Bad(f"{part[:20]!r} is not 'NAME*COUNT'", f"{part[:20]!r} 不是 '番名*个数'")
                    fans.append((m[1], int(m[2])))
                g.fan = (total, tuple(fans))
                self.stage = "score"
            else:
                if g.actions and g.actions[-1].kind == "Hu":
                    raise _Bad("after Hu comes the Fan line", "Hu 之后应是 Fan 行")
                g.actions.append(_action(toks, line))
        elif st == "score":
            if len(toks) != 5 or toks[0] != "Score":
                raise _Bad("expected 'Score S0 S1 S2 S3'", "应为 'Score S0 S1 S2 S3'")
            g.scores = tuple(_int(t, -999_999, 999_999, "a score", "得分") for t in toks[1:])
            self.stage = "done"
        else:
            raise _Bad(
                "a game ends at its Score line; a blank line or the next Match follows",
                "一局在 Score 行结束，之后应是空行或下一个 Match",
            )

    def finish(self) -> Game:
        if self.stage != "done":
            raise _Bad(
                f"the game ends before its Score line (it stops in the {self.stage} part)",
                "这一局在 Score 行之前就结束了（记录不完整）",
            )
        return self.game


def _lines(source) -> Iterator[tuple[int, str | None, int]]:
    if isinstance(source, (str, Path)) and not (isinstance(source, str) and "\n" in source):
        with open(source, "rb") as f:
            yield from _decoded(bounded_lines(f, LINE_LIMIT))
    elif isinstance(source, str):
        yield from _decoded(bounded_lines(io.StringIO(source), LINE_LIMIT))
    else:
        yield from _decoded(bounded_lines(source, LINE_LIMIT))


def _decoded(lines) -> Iterator[tuple[int, str | None, int]]:
    for n, chunk, size in lines:
        if isinstance(chunk, bytes):
            try:
                chunk = chunk.decode("utf-8")
            except UnicodeDecodeError:
                yield n, "\x00", size  # not UTF-8: an error for the game it is in
                continue
        yield n, chunk, size


def read_text(source) -> Iterator[Game | RecordError]:
    """Each game of Botzone's text log ``source`` (a path, the text itself, or a file opened in text or
    binary mode), in order: a :class:`Game`, or a :class:`RecordError` naming the game and the line for
    a game that cannot be read (the reader then goes on with the next ``Match`` line)."""
    cur: _Reader | None = None
    n = 0
    skipping: RecordError | None = None  # the error of the game being skipped, reported at its end
    for n, raw, size in _lines(source):
        if raw is None:
            text, toks = "", []
        else:
            text = raw.rstrip("\n").rstrip("\r")
            toks = text.split(" ") if text else []
        if toks and toks[0] == "Match":
            good = len(toks) == 2 and _ID.fullmatch(toks[1]) is not None
            if not good and (cur is not None or skipping is not None):  # a damaged line inside a game
                skipping = skipping or RecordError(
                    "expected 'Match ID' (an id of letters and digits)",
                    "应为 'Match 编号'（字母和数字）",
                    game=cur.game.match if cur else None,
                    line=n,
                )
                cur = None
                continue
            if skipping is not None:
                yield skipping
                skipping = None
            elif cur is not None:
                try:
                    yield cur.finish()  # a whole game without its closing blank line
                except _Bad as b:
                    yield RecordError(b.en, b.zh, game=cur.game.match, line=n)
            cur = None
            if not good:
                skipping = RecordError(
                    "expected 'Match ID' (an id of letters and digits)",
                    "应为 'Match 编号'（字母和数字）",
                    game="?",
                    line=n,
                )
                continue
            cur = _Reader(toks[1], n)
            continue
        if skipping is not None:
            continue
        if not text and raw is not None:  # a blank line ends a game
            if cur is not None:
                try:
                    yield cur.finish()
                except _Bad as b:  # cut short: the lines up to the next Match are its rest
                    skipping = RecordError(b.en, b.zh, game=cur.game.match, line=n)
                cur = None
            continue
        game = cur.game.match if cur else None
        problem = None
        if raw is None:
            problem = _Bad(
                f"the line is {size:,} characters long, more than {LINE_LIMIT:,}",
                f"这一行有 {size:,} 个字符，超过 {LINE_LIMIT:,}",
            )
        elif "\x00" in text or "\t" in text or "" in toks:
            problem = _Bad("the line is not UTF-8 text of single-spaced words", "这一行不是以单个空格分隔的 UTF-8 文字")
        elif cur is None:
            problem = _Bad("a game starts with a 'Match ID' line", "一局应以 'Match 编号' 行开始")
        else:
            try:
                cur.feed(toks, n)
            except _Bad as b:
                problem = b
        if problem is not None:
            skipping = RecordError(problem.en, problem.zh, game=game, line=n)
            cur = None
    if skipping is not None:
        yield skipping
    elif cur is not None:
        try:
            yield cur.finish()
        except _Bad as b:
            yield RecordError(b.en, b.zh, game=cur.game.match, line=n + 1)  # the end of the file


def game_text(g: Game) -> str:
    """One game in Botzone's text format, ending with its blank line."""
    out = [f"Match {g.match}", f"Wind {g.wind}"]
    out += [f"Player {i} Deal {' '.join(d)}" for i, d in enumerate(g.deals)]
    for a in g.actions:
        line = f"Player {a.player} {a.kind} {a.tile}"
        for q, verb, t in a.ignored:
            line += f" Ignore Player {q} {verb} {t}"
        out.append(line)
    if g.fan is not None:
        total, fans = g.fan
        out.append(f"Fan {total}" + (" " + "+".join(f"{n}*{c}" for n, c in fans) if fans else ""))
    else:
        out.append("Huang")
    out.append("Score " + " ".join(str(s) for s in g.scores))
    return "\n".join(out) + "\n\n"


def write_text(games: Iterable[Game], target) -> int:
    """Write ``games`` to ``target`` (a path or a text stream) in Botzone's text format; returns how many."""
    n = 0
    if isinstance(target, (str, Path)):
        with open(target, "w", encoding="utf-8", newline="\n") as f:
            return write_text(games, f)
    for g in games:
        target.write(game_text(g))
        n += 1
    return n
