"""An outside bot speaking Botzone's protocol, seated at mjlearn's own table (mjlearn.records.player):
whole hands played with mjlearn's own Botzone bot and Botzone's sample bot, and the bots an attacker
or a careless learner writes (one that hangs, prints garbage, exits, or plays an illegal move): each
fails with one error naming the bot and the turn, in time, and the table is left as it was."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from mjlearn.records import check_game, game_text, read_text
from mjlearn.records.player import BotError, ProtocolBot, game_of_table
from mjlearn.table import Bot, Table, play_hand

SAMPLE = Path("/work/botzone-build/sample")


def _script(tmp_path: Path, name: str, body: str) -> list[str]:
    p = tmp_path / f"{name}.py"
    p.write_text("import sys, time\n" + body, encoding="utf-8")
    return [sys.executable, str(p)]


KEEP = "print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<', flush=True)"


def _state(t: Table):
    return (len(t.log), t.phase, t.turn, [list(h) for h in t.hands], [list(m) for m in t.melds], t.tile_census())


def _fails_at_its_turn(bot: ProtocolBot, seat: int = 0, seed: int = 4):
    """Play until the bot fails; the table must be as it was before the bot's move."""
    t = Table("mcr", seed=seed)
    bots = [Bot(s + 1) for s in range(4)]
    bots[seat] = bot
    t0 = time.monotonic()
    while t.phase != "over":
        who = min(t.pending, key=lambda s: s.turns_after(t.last_discard[0])) if t.phase == "claim" else t.turn
        before = _state(t)
        if int(who) == seat:
            try:
                bots[seat].act(t, who)
            except BotError as e:
                assert _state(t) == before, "the table changed under a failed move"
                play_hand(t, [Bot(9)] * 4)  # the table plays on to a legal end
                assert t.phase == "over"
                return e, time.monotonic() - t0
            continue
        bots[int(who)].act(t, who)
    raise AssertionError("the bot never failed")


def test_mjlearns_own_botzone_bot_plays_whole_hands_and_the_hand_replays_as_a_botzone_game():
    for seed, seat in ((3, 0), (7, 2)):
        bot = ProtocolBot([sys.executable, "-m", "mjlearn.botzone", "--level", "basic"], name="mjlearn basic")
        bots = [Bot(s + 10) for s in range(4)]
        bots[seat] = bot
        t = play_hand(Table("mcr", seed=seed), bots)
        bot.close()
        assert t.phase == "over"
        assert len(bot.responses) == len(bot.requests) > 30
        played = [r for r in bot.responses if r.startswith("PLAY")]
        assert played, bot.responses
        g = game_of_table(t, match=f"table{seed}")
        r = check_game(g)  # every action legal at a table rebuilt from the record (flowers aside)
        assert not [f for f in r.findings if f.kind in ("illegal", "claim", "winner")], [str(f) for f in r.findings]
        again = next(read_text(game_text(g)))
        assert game_text(again) == game_text(g)


@pytest.mark.skipif(not SAMPLE.exists(), reason="Botzone's sample bot is not built here (tools/botzone/build.sh)")
def test_botzones_sample_bot_speaks_json_at_the_table():
    bot = ProtocolBot([str(SAMPLE)], name="sample", json=True)
    t = play_hand(Table("mcr", seed=5), [bot, Bot(1), Bot(2), Bot(3)])
    assert t.phase == "over"
    assert {r.split()[0] for r in bot.responses} <= {"PASS", "PLAY"}


def test_a_bot_that_hangs_is_stopped_at_its_timeout_naming_the_bot_and_the_turn(tmp_path):
    cmd = _script(tmp_path, "hangs", "for line in sys.stdin:\n    time.sleep(3600)\n")
    e, took = _fails_at_its_turn(ProtocolBot(cmd, name="sleepy", timeout=1.5))
    assert "sleepy" in str(e) and "turn 1" in str(e) and "1.5 s" in e.en and "秒内没有回答" in e.zh
    assert took < 20


def test_a_bot_that_prints_garbage_is_named_with_its_answer(tmp_path):
    cmd = _script(tmp_path, "garbage", f"for line in sys.stdin:\n    print('HELLO THERE', flush=True)\n    {KEEP}\n")
    e, _ = _fails_at_its_turn(ProtocolBot(cmd, name="noisy"))
    assert "noisy" in e.en and "'HELLO THERE'" in e.en and "not a Botzone response" in e.en and "回答" in e.zh


def test_a_bot_that_exits_is_named_with_its_exit_code(tmp_path):
    cmd = _script(tmp_path, "exits", "sys.stderr.write('bye\\n'); sys.exit(3)\n")
    e, _ = _fails_at_its_turn(ProtocolBot(cmd, name="quitter"))
    assert "quitter" in e.en and "exit code 3" in e.en and "'bye'" in e.en and "退出" in e.zh


def test_a_bot_playing_an_illegal_move_is_refused_and_the_table_stays_as_it_was(tmp_path):
    body = (
        "sys.stdin.readline()  # the number of requests, the first time\n"
        "for line in sys.stdin:\n"
        "    w = line.split()\n"
        "    print('GANG W1' if w and w[0] == '2' else 'PASS', flush=True)\n"
        f"    {KEEP}\n"
    )
    e, _ = _fails_at_its_turn(ProtocolBot(_script(tmp_path, "cheat", body), name="cheat"))
    assert "cheat" in e.en and "'GANG W1'" in e.en and "refuses" in e.en and "牌桌不接受" in e.zh
    assert e.request.startswith("2 ")  # its own draw: the turn it played the move


def test_a_bot_answering_in_the_wrong_phase_is_refused(tmp_path):
    body = f"sys.stdin.readline()\nfor line in sys.stdin:\n    print('PLAY W1', flush=True)\n    {KEEP}\n"
    e, _ = _fails_at_its_turn(ProtocolBot(_script(tmp_path, "eager", body), name="eager"), seat=1)
    assert "eager" in e.en and "PLAY W1" in e.en


def test_a_command_is_a_list():
    with pytest.raises(ValueError):
        ProtocolBot("python -m mjlearn.botzone")  # type: ignore[arg-type]


def test_a_bot_that_cannot_be_started_is_named(tmp_path):
    e, _ = _fails_at_its_turn(ProtocolBot([str(tmp_path / "no-such-bot")], name="ghost"))
    assert "ghost" in e.en and "cannot be started" in e.en and "无法启动" in e.zh
