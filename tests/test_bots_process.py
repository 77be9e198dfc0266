"""Bots as processes (skatlib.bots.process): the line protocol, cmd: specs, failures."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from skatlib import (
    Action,
    Deal,
    GameState,
    Observation,
    RandomBot,
    RuleBot,
    SkatError,
    legal_actions,
    new_game,
    observe,
)
from skatlib.bots import bot_factory, play_deal, seeded_deal
from skatlib.bots.process import FIELDS, ProcessBot, ProcessBotMaker, parse_request, request_line
from skatlib.loop import play_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "process_bot.py"
FIRST = ("import sys\nfor line in sys.stdin:\n    print('ok' if line.startswith('skat ') "
         "else line.split('legal=')[1].split(',')[0].strip(), flush=True)")


def _py(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def _states(n: int) -> list[tuple[Observation, list[Action]]]:
    """(observation, legal) pairs from RandomBot deals, every phase."""
    out: list[tuple[Observation, list[Action]]] = []
    for i in range(n):
        bots = [RandomBot(i), RandomBot(i + 1), RandomBot(i + 2)]

        def seen(seat: int, action: Action, s: GameState) -> None:
            if not s.is_finished:
                out.append((observe(s, s.to_move_index), list(legal_actions(s))))

        play_game(new_game(seeded_deal(5, i)), bots, on_action=seen)
    return out


def test_the_request_line_reads_back_field_by_field() -> None:
    """The writer (request_line) writes what the reader (parse_request) reads."""
    for o, legal in _states(6):
        line = request_line(o, legal)
        assert "\n" not in line and line.startswith("act ")
        f = parse_request(line)
        assert list(f) == list(FIELDS)
        assert f["legal"] == [str(a) for a in legal]
        assert f["hand"] == [str(c) for c in o.hand]
        assert f["seat"] == str(int(o.seat))
        assert f["phase"] == o.phase.name.lower()
        assert f["bid"] == str(o.bid)
        tricks = f["tricks"]
        assert isinstance(tricks, list) and len(tricks) == len(o.tricks)
        for text, t in zip(tricks, o.tricks):
            leader, _, cards = text.partition(":")
            assert int(leader) == int(t.leader) and cards.split(".") == [str(c) for c in t.cards]


def test_parse_request_refuses_what_is_not_an_act_line() -> None:
    for bad in ("", "skat 1 seed=3", "act seat=0", "act nonsense", "act seat=0 x=1"):
        with pytest.raises(SkatError):
            parse_request(bad)


def test_a_process_bot_plays_like_the_same_bot_in_process() -> None:
    """The example bot's choices reach the game unchanged: a process that always
    answers the first legal token plays exactly like an in-process bot that does."""

    class First:
        def act(self, o: Observation, legal: Sequence[Action]) -> Action:
            return legal[0]

    for i in range(3):
        deal = seeded_deal(11, i)
        bot = ProcessBot(_py(FIRST), seed=i)
        a = play_deal(deal, [bot, RuleBot(), RuleBot()])
        b = play_deal(deal, [First(), RuleBot(), RuleBot()])
        bot.close()
        assert a[0] == b[0]


def test_the_example_bot_plays_whole_deals_reproducibly() -> None:
    maker = bot_factory(f"cmd:{shlex.join([sys.executable, str(EXAMPLE)])}")
    assert isinstance(maker, ProcessBotMaker)
    runs = [play_deal(Deal.shuffled(3), [maker(7), RuleBot(), maker(8)])[0] for _ in range(2)]
    assert runs[0] == runs[1] and runs[0].replay().is_finished


def test_an_idle_process_is_reused_with_a_fresh_greeting() -> None:
    counter = ("import sys\nn = 0\nfor line in sys.stdin:\n    if line.startswith('skat '):\n"
               "        n += 1\n        print('ok bot' + str(n), flush=True)\n    else:\n"
               "        print(line.split('legal=')[1].split(',')[0].strip(), flush=True)")
    first = ProcessBot(_py(counter), seed=1)
    play_deal(Deal.shuffled(1), [first, RuleBot(), RuleBot()])
    assert first.name == "bot1"
    first.close()
    second = ProcessBot(_py(counter), seed=2)
    play_deal(Deal.shuffled(2), [second, RuleBot(), RuleBot()])
    assert second.name == "bot2"  # the same process, greeted again
    second.close()


@pytest.mark.parametrize("code, message", [
    ("print('hello', flush=True)", "to the greeting"),
    ("import sys\nsys.stdin.readline()\nprint('ok', flush=True)\nsys.stdin.readline()\n"
     "print('not-a-card', flush=True)", "answered 'not-a-card', not one of the legal"),
    # a bot that exits: seen when skatlib writes the question (broken pipe) or when it
    # reads the answer (end of file), whichever comes first
    ("import sys\nsys.stdin.readline()\nprint('ok', flush=True)",
     "ended without an answer|stopped reading"),
    ("import sys, time\nsys.stdin.readline()\nprint('ok', flush=True)\ntime.sleep(30)",
     "did not answer within 0.5 s"),
])
def test_a_misbehaving_bot_stops_the_game_with_a_clear_error(code: str, message: str) -> None:
    bot = ProcessBot(_py(code), seed=1, timeout=0.5)
    state = new_game(Deal.shuffled(1))
    with pytest.raises(SkatError, match="bot 'cmd:") as err:
        play_game(state, [bot, bot, bot])
    assert re.search(message, str(err.value)), str(err.value)
    bot.close()


def test_cmd_specs_are_checked_at_once() -> None:
    for spec in ("cmd:", "cmd:   ", "cmd:/no/such/program", "cmd:no-such-program-xyz"):
        with pytest.raises(SkatError, match="cmd:"):
            bot_factory(spec)
    with pytest.raises(TypeError):
        ProcessBot(3)  # type: ignore[arg-type]
    with pytest.raises(SkatError):
        ProcessBot([])
    with pytest.raises(SkatError):
        ProcessBot("true", timeout=0)


def test_skat_arena_takes_a_process_bot(tmp_path: Path) -> None:
    spec = f"cmd:{shlex.join([sys.executable, str(EXAMPLE)])}"
    run = subprocess.run([sys.executable, "-m", "skatlib", "arena", "--bots",
                          f"{spec},rule,random", "--deals", "2", "--seed", "4"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "src")})
    assert run.returncode == 0, run.stderr
    assert "6 games" in run.stdout and "1:cmd:" in run.stdout
