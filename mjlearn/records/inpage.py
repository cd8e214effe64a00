"""A Botzone program run inside this Python, for a Python that starts no programs (a browser's, Pyodide).

:class:`ProtocolBot` normally starts its program as a process and talks through pipes. Where no
process can be started, a command of the form ``python -m MODULE ARGS...`` whose module offers
``conversation(argv)`` (as :mod:`mjlearn.botzone` does: a generator sent each input line and yielding
the lines written) is run here instead, behind the few parts of :class:`subprocess.Popen` that
:class:`ProtocolBot` uses. The bot hears the same requests and says the same lines either way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator

STARTS_NO_PROGRAMS_EN = (
    "a browser's Python cannot start programs; only a Python module run with -m that offers "
    "conversation(argv), such as mjlearn.botzone, can play here"
)
STARTS_NO_PROGRAMS_ZH = "浏览器里的 Python 不能启动程序；只有用 -m 运行、提供 conversation(argv) 的 Python 模块（例如 mjlearn.botzone）能在这里打牌"


class _Input:
    """The program's standard input: each whole line written is sent to the conversation."""

    def __init__(self, program: InPageProgram):
        self._program, self._buffer = program, ""

    def write(self, text: str) -> int:
        self._buffer += text
        while "\n" in self._buffer:
            line, self._buffer = self._buffer.split("\n", 1)
            self._program.hear(line)
        return len(text)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        self._program.hear(None)


class InPageProgram:
    """A conversation (see the module's docstring) with the pipes of a process: what it writes goes to
    ``out`` line by line, then ``None`` when it ends; its warnings go to ``err``."""

    def __init__(self, talk: Generator[list[str], str | None, int], out: Callable[[str | None], object]):
        self._talk, self._out = talk, out
        self.returncode: int | None = None
        self.stdin = _Input(self)
        next(self._talk)

    def hear(self, line: str | None) -> None:
        if self.returncode is not None:
            if line is None:
                return
            raise BrokenPipeError("the program has ended")
        try:
            for said in self._talk.send(line):
                self._out(said)
        except StopIteration as stop:
            self.returncode = int(stop.value or 0)
            self._out(None)

    def poll(self) -> int | None:
        return self.returncode

    def wait(self, timeout: float | None = None) -> int | None:
        return self.returncode

    def kill(self) -> None:
        if self.returncode is None:
            self._talk.close()
            self.returncode = -9
            self._out(None)


def in_page(
    command: list[str], out: Callable[[str | None], object], err: Callable[[str], object]
) -> InPageProgram | None:
    """``command`` run inside this Python, if it is ``python -m MODULE ...`` and MODULE offers
    ``conversation``; None otherwise. Bad arguments raise OSError, as a program that cannot start."""
    if len(command) < 3 or command[1] != "-m":
        return None
    try:
        module = importlib.import_module(command[2])
    except ImportError:
        return None
    conversation = getattr(module, "conversation", None)
    if not callable(conversation):
        return None
    try:
        return InPageProgram(conversation(list(command[3:]), err), out)
    except ValueError as e:
        raise OSError(str(e)) from None
