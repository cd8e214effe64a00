"""A Botzone program in a Python that starts no programs (a browser's): mjlearn's own program answers
inside the page (mjlearn.records.inpage), hearing and saying exactly what it would through pipes;
any other command is one clear error, the table left as it was."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mjlearn.records import check_game
from mjlearn.records.player import BotError, ProtocolBot, game_of_table
from mjlearn.table import Bot, Table, play_hand

OWN = [sys.executable, "-m", "mjlearn.botzone", "--level", "basic"]


def _play(seed: int, seat: int) -> tuple[Table, ProtocolBot]:
    bot = ProtocolBot(OWN, name="my bot")
    bots: list = [Bot(s + 10) for s in range(4)]
    bots[seat] = bot
    t = play_hand(Table("mcr", seed=seed), bots)
    bot.close()
    return t, bot


@pytest.fixture
def browser(monkeypatch):
    """A Python like Pyodide's: its platform says so, and it cannot start a process."""

    def no_processes(*args, **kwargs):
        raise OSError(52, "Function not implemented")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(subprocess, "Popen", no_processes)


@pytest.mark.parametrize(("seed", "seat"), [(7, 1), (3, 0)])
def test_in_a_browser_mjlearns_program_plays_inside_the_page_exactly_as_through_pipes(seed, seat, monkeypatch):
    piped, through_pipes = _play(seed, seat)
    with monkeypatch.context() as m:
        m.setattr(sys, "platform", "emscripten")
        m.setattr(subprocess, "Popen", lambda *a, **k: (_ for _ in ()).throw(OSError(52, "no processes")))
        here, in_page = _play(seed, seat)
    assert in_page.requests == through_pipes.requests and in_page.responses == through_pipes.responses
    assert [str(e) for e in here.log] == [str(e) for e in piped.log]
    g = game_of_table(here, match="in-page")
    assert not [f for f in check_game(g).findings if f.kind in ("illegal", "claim", "winner")]


def test_in_a_browser_another_program_is_one_clear_error_and_the_table_is_untouched(browser):
    t = Table("mcr", seed=4)
    bot = ProtocolBot(["/usr/bin/my-bot", "--fast"], name="my bot")
    before = len(t.log)
    with pytest.raises(BotError) as e:
        play_hand(t, [bot, Bot(1), Bot(2), Bot(3)])
    text = str(e.value)
    assert "my bot" in text and "cannot start programs" in text and "不能启动程序" in text
    assert "Traceback" not in text and len(t.log) >= before


def test_in_a_browser_a_module_without_a_conversation_is_refused_the_same_way(browser):
    bot = ProtocolBot([sys.executable, "-m", "json.tool"], name="json tool")
    with pytest.raises(BotError) as e:
        play_hand(Table("mcr", seed=4), [bot, Bot(1), Bot(2), Bot(3)])
    assert "cannot start programs" in str(e.value)


def test_in_a_browser_bad_arguments_are_said_as_a_program_that_cannot_start(browser):
    bot = ProtocolBot([sys.executable, "-m", "mjlearn.botzone", "--level", "grandmaster"], name="my bot")
    with pytest.raises(BotError) as e:
        play_hand(Table("mcr", seed=4), [bot, Bot(1), Bot(2), Bot(3)])
    assert "cannot be started" in str(e.value) and "grandmaster" in str(e.value) and "无法启动" in str(e.value)


def test_the_program_refuses_bad_arguments_in_one_line_in_a_fresh_interpreter():
    r = subprocess.run(
        [sys.executable, "-m", "mjlearn.botzone", "--level", "grandmaster"],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2 and r.stderr.startswith("mjlearn.botzone: bad arguments") and "Traceback" not in r.stderr
