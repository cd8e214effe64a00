"""A Botzone bot of Chinese Standard Mahjong as a player at mjlearn's own table.

:class:`ProtocolBot` runs a program that speaks Botzone's simple interaction protocol (one request
line in, one response line out; see :mod:`mjlearn.botzone`) as a subprocess and seats it at a
:class:`~mjlearn.table.Table` of MCR like any computer player (:func:`~mjlearn.table.play_hand`):

>>> import sys
>>> from mjlearn.table import Bot, Table, play_hand
>>> from mjlearn.records.player import ProtocolBot
>>> bot = ProtocolBot([sys.executable, "-m", "mjlearn.botzone"], name="mjlearn basic")
>>> t = play_hand(Table("mcr", seed=3), [bot, Bot(1), Bot(2), Bot(3)])
>>> bot.close(); t.phase
'over'

The table tells the bot only what its seat would learn on Botzone: ``0 seat wind``, its 13 tiles
(``1 0 0 0 0 ...``), its own draws (``2 T``), the others' draws without the tile (``3 p DRAW``),
every discard, claim and kong as Botzone writes them. Flowers are replaced by the table before the
bot hears of a draw and never mentioned (Botzone's game has none). Every request is answered: a bot
that keeps running (it prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its response) gets the
next request alone; a bot that exits after each response is started again with the whole history.

A bot that does not answer within ``timeout`` seconds, exits, answers with something that is not a
Botzone response, or plays a move the table refuses raises :class:`BotError`, naming the bot, the
turn and the request; the table is left as it was before the move.
"""

from __future__ import annotations

import collections
import json as _json
import queue
import subprocess
import sys
import threading
import time

from ..errors import MjlearnError
from ..seats import Seat
from ..table import Bot, IllegalActionError
from ..table.events import (
    Chowed,
    Discarded,
    Drew,
    Exhausted,
    FlowerReplaced,
    Konged,
    Punged,
    ReplacementDrawn,
    TilesDealt,
    Won,
)
from ..tiles import TILES
from .inpage import STARTS_NO_PROGRAMS_EN, STARTS_NO_PROGRAMS_ZH, InPageProgram, in_page
from .model import Action, Game, from_botzone, to_botzone

__all__ = ["KEEP_RUNNING", "BotError", "ProtocolBot", "game_of_table"]

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
"""The line a bot prints after its response to stay running (Botzone's keep-running mode)."""

_VERBS = {"PASS": 1, "PLAY": 2, "GANG": (1, 2), "BUGANG": 2, "PENG": 2, "CHI": 3, "HU": 1}


class BotError(MjlearnError, RuntimeError):
    """An outside bot failed at the table: which bot, which turn, which request, what went wrong."""

    heading = ("外部程序出错", "An outside bot failed")

    def __init__(self, name: str, turn: int, request: str, en: str, zh: str):
        self.name, self.turn, self.request = name, turn, request
        self.en = f"bot {name!r}, turn {turn} (request {request!r}): {en}"
        self.zh = f"程序 {name!r}，第 {turn} 回合（请求 {request!r}）：{zh}"
        super().__init__(f"{self.en}  （{self.zh}）")


class ProtocolBot(Bot):
    """A subprocess speaking Botzone's simple interaction protocol, as a player of :mod:`mjlearn.table`.

    ``command``: the program and its arguments (a list); ``name``: how errors name it; ``timeout``:
    seconds allowed for each response (as Botzone's time limit, generous for a start-up); ``json``: the
    bot speaks Botzone's JSON protocol instead (``{"requests": [...], "responses": [...]}`` in,
    ``{"response": ...}`` out, started again for every request, as Botzone's sample bot)."""

    def __init__(self, command: list[str], *, name: str | None = None, timeout: float = 10.0, json: bool = False):
        super().__init__(seed=0)
        self.json = json
        if isinstance(command, str) or not command:
            raise ValueError("command is a list: the program and its arguments")
        self.command, self.name, self.timeout = list(command), name or " ".join(command)[:60], float(timeout)
        self.requests: list[str] = []
        self.responses: list[str] = []
        self._proc: subprocess.Popen | InPageProgram | None = None
        self._err_pump: threading.Thread | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque = collections.deque(maxlen=3)
        self._upto = 0  # table events turned into requests
        self._table = None
        self._pending: Chowed | Punged | None = (
            None  # (Chowed|Punged event) waiting for the discard that Botzone names with it
        )
        self._then: str | None = None  # the discard the bot named with its chow or pung

    # --- the subprocess -------------------------------------------------------------------------

    def _start(self) -> None:
        if sys.platform == "emscripten":  # no processes in a browser's Python: a program of this Python
            lines: queue.Queue = queue.Queue()
            try:
                here = in_page(self.command, lines.put, self._stderr.append)
            except OSError as e:
                raise self._fail(f"cannot be started ({e})", f"无法启动（{e}）") from None
            if here is None:
                raise self._fail(f"cannot be started: {STARTS_NO_PROGRAMS_EN}", f"无法启动：{STARTS_NO_PROGRAMS_ZH}")
            self._proc, self._lines, self._err_pump = here, lines, None
            return
        try:
            self._proc = p = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as e:  # no such program, not executable, no processes here (a browser's Python)
            raise self._fail(f"cannot be started ({e.strerror or e})", f"无法启动（{e.strerror or e}）") from None
        lines: queue.Queue = queue.Queue()
        self._lines = lines

        def pump(stream, put) -> None:
            for line in stream:
                put(line.rstrip("\r\n"))
            put(None)

        threading.Thread(target=pump, args=(p.stdout, lines.put), daemon=True).start()
        self._err_pump = err = threading.Thread(target=pump, args=(p.stderr, self._stderr.append), daemon=True)
        err.start()

    def close(self) -> None:
        """Stop the bot's process (it is stopped too when the bot is collected)."""
        p, self._proc = self._proc, None
        if p is None:
            return
        try:
            p.stdin.close()  # type: ignore[union-attr]
        except OSError:
            pass
        try:
            p.wait(timeout=2)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()

    def __del__(self) -> None:
        p = getattr(self, "_proc", None)
        if p is not None and p.poll() is None:
            p.kill()

    def _fail(self, en: str, zh: str) -> BotError:
        p, self._proc = self._proc, None
        if p is not None and p.poll() is None:
            p.kill()
            p.wait()
        if p is not None and self._err_pump is not None:
            self._err_pump.join(timeout=1)  # what it wrote before it stopped
        last = [x for x in self._stderr if x]
        said = f"; its last error output: {last[-1][:160]!r}" if last else ""
        return BotError(self.name, len(self.requests), self.requests[-1] if self.requests else "", en + said, zh)

    def _line(self, deadline: float) -> str | None:
        try:
            return self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise self._fail(f"no answer within {self.timeout:g} s", f"{self.timeout:g} 秒内没有回答") from None

    def _ask(self, request: str) -> str:
        """Send one request, return the response line (and keep the bot running if it says so)."""
        self.requests.append(request)
        fresh = self._proc is None
        if fresh:
            self._start()
        p = self._proc
        assert p is not None and p.stdin is not None
        if self.json:
            text = _json.dumps({"requests": self.requests, "responses": self.responses}) + "\n"
        elif fresh:
            past = [x for pair in zip(self.requests[:-1], self.responses) for x in pair]
            text = "\n".join([str(len(self.requests)), *past, request]) + "\n"
        else:
            text = request + "\n"
        try:
            p.stdin.write(text)
            p.stdin.flush()
            if self.json:  # the whole input at once: the bot reads to its end
                p.stdin.close()
        except OSError:
            raise self._fail(f"stopped (exit code {p.poll()})", f"程序已退出（退出码 {p.poll()}）") from None
        deadline = time.monotonic() + self.timeout
        if self.json:
            return self._json_answer(p, deadline)
        said = self._line(deadline)
        if said is None:
            p.wait()
            raise self._fail(
                f"exited (exit code {p.returncode}) without answering", f"没有回答就退出了（退出码 {p.returncode}）"
            )
        while True:  # Botzone's optional debug / data lines, then the keep-running mark or the end
            more = self._line(deadline)
            if more == KEEP_RUNNING:
                break
            if more is None:  # a bot that answers once and exits: started again next time
                p.wait()
                self._proc = None
                break
        self.responses.append(said)
        return said

    def _json_answer(self, p, deadline: float) -> str:
        """A JSON bot's whole output, read to its end: ``{"response": ...}``."""
        lines = []
        while (line := self._line(deadline)) is not None:
            lines.append(line)
        p.wait()
        self._proc = None
        out = "\n".join(lines)
        try:
            said = _json.loads(out)["response"]
        except (ValueError, KeyError, TypeError):
            said = None
        if not isinstance(said, str):
            raise self._fail(
                f"answered {out[:80]!r}, which is not JSON with a 'response' (exit code {p.returncode})",
                f"回答 {out[:80]!r} 不是带 response 的 JSON",
            )
        self.responses.append(said)
        return said

    # --- what the seat hears --------------------------------------------------------------------

    def _catch_up(self, table, seat: Seat) -> list[str]:
        """The requests for the events since the last call, each answered; returns the last request."""
        if self._table is not table:  # a new hand: a new game for the bot
            self.close()
            self.requests, self.responses, self._upto, self._table = [], [], 0, table
            self._pending, self._then = None, None
        log = table.log
        out: list[str] = []
        if self._upto == 0:
            hand, start = _dealt(log, seat)
            first = None
            if int(seat) == 0:  # Botzone deals the dealer 13 and then his first draw
                first = hand.pop()
            out += [f"0 {int(seat)} {'ESWN'.index(table.prevalent_wind)}"]
            out += [f"1 0 0 0 0 {' '.join(to_botzone(x) for x in hand)}"]
            if first is not None:
                out.append(f"2 {to_botzone(first)}")
            self._upto = start
        for e in log[self._upto :]:
            out += self._heard(e, seat)
        self._upto = len(log)
        for r in out[:-1]:
            self._check(self._ask(r))
        return out

    def _heard(self, e, me: Seat) -> list[str]:
        """What Botzone tells ``me`` of event ``e`` (nothing for most events)."""
        if isinstance(e, (Drew, ReplacementDrawn, FlowerReplaced)):
            x = e.tile
            if x.index >= 34:
                return []  # a flower: its replacement is the draw the bot hears of
            if isinstance(e, (Drew, ReplacementDrawn)) or e.pass_no is None:
                return [f"2 {to_botzone(x)}" if e.seat == me else f"3 {int(e.seat)} DRAW"]
            return []
        if isinstance(e, (Chowed, Punged)):
            self._pending = e
            return []
        if isinstance(e, Discarded):
            p, name = int(e.seat), to_botzone(e.tile)
            held, self._pending = self._pending, None
            if isinstance(held, Punged):
                return [f"3 {p} PENG {name}"]
            if isinstance(held, Chowed):
                mid = to_botzone(TILES[held.meld.tiles[0].index + 1])
                return [f"3 {p} CHI {mid} {name}"]
            return [f"3 {p} PLAY {name}"]
        if isinstance(e, Konged):
            p = int(e.seat)
            return [f"3 {p} BUGANG {to_botzone(e.tile)}"] if e.kind == "added" else [f"3 {p} GANG"]
        return []

    def _check(self, said: str) -> list[str]:
        """The response's words, or :class:`BotError` for anything Botzone would not read."""
        w = said.split()
        want = _VERBS.get(w[0]) if w else None
        ok = want is not None and (len(w) in want if isinstance(want, tuple) else len(w) == want)
        if ok:
            try:
                for t in w[1:]:
                    from_botzone(t)
            except ValueError:
                ok = False
        if not ok:
            raise self._fail(
                f"answered {said[:80]!r}, which is not a Botzone response (PASS, PLAY T, CHI T T, PENG T, GANG, "
                f"GANG T, BUGANG T or HU)",
                f"回答 {said[:80]!r} 不是 Botzone 的回答格式",
            )
        return w

    # --- the table's player ---------------------------------------------------------------------

    def _play(self, table, seat: Seat, fn, *args):
        try:
            return fn(*args)
        except IllegalActionError as e:
            said = self.responses[-1] if self.responses else ""
            raise BotError(
                self.name,
                len(self.requests),
                self.requests[-1] if self.requests else "",
                f"played {said!r}, which the table refuses: {e.en}",
                f"出了 {said!r}，牌桌不接受：{e.zh}",
            ) from None

    def act(self, table, seat: int):
        seat = Seat.of(seat)
        if table.phase == "draw":
            return table.draw(seat)
        then, self._then = self._then, None
        last = table.log[-1] if table.log else None
        if table.phase == "discard" and then is not None and isinstance(last, (Chowed, Punged)) and last.seat == seat:
            x = then  # the discard the bot named with its chow or pung
            self._upto = len(table.log)
            return self._play(table, seat, table.discard, seat, from_botzone(x))
        reqs = self._catch_up(table, seat)
        w = self._check(self._ask(reqs[-1]))
        verb = w[0]
        if table.phase == "discard":
            if verb == "PLAY":
                return self._play(table, seat, table.discard, seat, from_botzone(w[1]))
            if verb in ("GANG", "BUGANG") and len(w) == 2:
                return self._play(table, seat, table.kong, seat, from_botzone(w[1]))
            if verb == "HU":
                return self._play(table, seat, table.win, seat)
        elif table.phase == "rob":
            if verb in ("HU", "PASS"):
                return self._play(table, seat, table.win if verb == "HU" else table.pass_, seat)
        else:  # a discard to claim
            if verb == "PASS":
                return self._play(table, seat, table.pass_, seat)
            if verb == "HU":
                return self._play(table, seat, table.win, seat)
            if verb == "GANG" and len(w) == 1:
                return self._play(table, seat, table.kong, seat)
            if verb in ("PENG", "CHI"):
                then = w[-1]
                if verb == "PENG":
                    ev = self._play(table, seat, table.pung, seat)
                else:
                    low = TILES[from_botzone(w[1]).index - 1]
                    ev = self._play(table, seat, table.chow, seat, low)
                self._then = then
                return ev
        raise self._fail(
            f"answered {' '.join(w)!r}, which is not a move in this phase of the turn ({table.phase})",
            f"回答 {' '.join(w)!r} 在这一步（{table.phase}）不是可走的一步",
        )


def _dealt(log, seat) -> tuple[list, int]:
    """A seat's tiles when play begins (flowers replaced, none kept) and where play begins in ``log``."""
    start = next((k for k, e in enumerate(log) if e.is_action), len(log))
    hand: list = []
    for e in log[:start]:
        if isinstance(e, TilesDealt) and e.seat == seat:
            hand += list(e.tiles)
        elif isinstance(e, FlowerReplaced) and e.seat == seat:
            hand.append(e.tile)
    return [x for x in hand if x.index < 34], start


def game_of_table(table, match: str = "table") -> Game:
    """A hand played at mjlearn's MCR table as a Botzone game (:class:`~mjlearn.records.Game`), to write
    in Botzone's text format or to review a seat (:func:`mjlearn.widgets.record_review.rated_record`):
    the dealer's fourteenth tile is his first draw; flowers, which Botzone's game does not have, are left
    out (a flower drawn is the tile that replaced it). The end: the winner's total and fans, or a drawn
    hand; the scores are the table's payments."""
    log = table.log
    deals = []
    start = 0
    for s in range(4):
        hand, start = _dealt(log, Seat.of(s))
        deals.append(hand)
    acts: list[Action] = [Action(0, "Draw", to_botzone(deals[0].pop()))]
    fan = None
    huang = False
    scores: tuple[int, ...] = (0, 0, 0, 0)
    for e in log[start:]:
        if isinstance(e, (Drew, ReplacementDrawn, FlowerReplaced)) and e.tile.index < 34:
            acts.append(Action(int(e.seat), "Draw", to_botzone(e.tile)))
        elif isinstance(e, Discarded):
            acts.append(Action(int(e.seat), "Play", to_botzone(e.tile)))
        elif isinstance(e, Chowed):
            acts.append(Action(int(e.seat), "Chi", to_botzone(TILES[e.meld.tiles[0].index + 1])))
        elif isinstance(e, Punged):
            acts.append(Action(int(e.seat), "Peng", to_botzone(e.tile)))
        elif isinstance(e, Konged):
            kind = {"melded": "Gang", "concealed": "AnGang", "added": "BuGang"}[e.kind]
            acts.append(Action(int(e.seat), kind, to_botzone(e.tile)))
        elif isinstance(e, Won):
            acts.append(Action(int(e.seat), "Hu", to_botzone(e.tile)))
            fans = tuple((f["zh"], f.get("count", 1)) for f in e.result.to_dict()["fans"]) if e.result else ()
            fan = (int(e.points or 0), fans)
            scores = tuple(int(x) for x in e.payments)
        elif isinstance(e, Exhausted):
            huang = True
    wind = "ESWN".index(table.prevalent_wind)
    return Game(match, wind, tuple(tuple(to_botzone(x) for x in d) for d in deals), acts, fan, huang, scores)
