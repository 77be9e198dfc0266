"""The one bot registry (skatlib.bots.BOTS, bot_factory, make_bot), the one seed
scheme (deal_seed) and the bots' independence of PYTHONHASHSEED."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import skatlib
from skatlib import (
    PlayHand,
    RandomBot,
    RuleBot,
    SkatError,
    apply,
    legal_actions,
    new_game,
    observe,
    play_deal,
    play_game,
)
from skatlib.bots import BOTS, BotMaker, bot_factory, deal_seed, make_bot, seeded_deal
from skatlib.cli import main

SRC = str(Path(skatlib.__file__).resolve().parent.parent)


def _run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "skatlib", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": SRC, **env})


def test_registry_names_every_builtin_bot() -> None:
    assert list(BOTS) == ["random", "rule", "pimc", "pimc_uniform", "pimc_rules", "pimc_v1"]
    assert type(make_bot("random", 1)).__name__ == "RandomBot"
    assert type(make_bot("rule", 1)).__name__ == "RuleBot"
    assert type(make_bot("pimc", 1)).__name__ == "PIMCBot"
    assert type(make_bot(" Rule ", 1)).__name__ == "RuleBot"


def test_registry_pimc_rules_is_pimc_with_rulebots_decisions() -> None:
    """``pimc_rules`` plays the default PIMC card play but bids, takes the skat and
    declares as RuleBot does; ``pimc`` decides those by search."""
    rules, search = make_bot("pimc_rules", 3), make_bot("pimc", 3)
    assert rules.bidding == "rules" and search.bidding == "search"  # type: ignore[attr-defined]
    same = ("worlds", "max_nodes", "cpu_limit", "inference")
    assert [getattr(rules, a) for a in same] == [getattr(search, a) for a in same]


@pytest.mark.parametrize("spec", ["builtins:exit", "builtins:int", "skatlib:Card",
                                  "json:loads", "nonsense", "no_such_module:Bot",
                                  "skatlib:NoSuchBot", ":x", "x:"])
def test_a_spec_must_name_a_bot_class(spec: str) -> None:
    with pytest.raises(SkatError, match=repr(spec).replace("(", r"\(")):
        bot_factory(spec)


def test_a_spec_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="bot spec"):
        bot_factory(3)  # type: ignore[arg-type]


def test_module_class_factories_pickle_for_worker_processes() -> None:
    factory = bot_factory("skatlib:RandomBot")
    assert isinstance(factory, BotMaker)
    again = pickle.loads(pickle.dumps(factory))
    assert again == factory and type(again(3)).__name__ == "RandomBot"


@pytest.mark.parametrize("command", ["play", "simulate", "arena"])
def test_every_command_knows_the_same_bots(command: str, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    """`skat simulate --bots rule` failed while `skat play --bots rule` worked."""
    extra = {"play": [], "simulate": ["--workers", "0", "--deals", "3"],
             "arena": ["--deals", "1"]}[command]
    bots = "rule" if command != "arena" else "rule,random,rule"
    assert main([command, "--bots", bots, *extra]) == 0
    capsys.readouterr()
    bad = "builtins:exit" if command != "arena" else "rule,builtins:exit,rule"
    assert main([command, "--bots", bad, *extra]) == 2
    assert "is not a bot class" in capsys.readouterr().err


def test_builtins_exit_is_refused_by_the_command_line(tmp_path: Path) -> None:
    proc = _run(["simulate", "--bots", "builtins:exit", "--deals", "2", "--workers", "0"],
                tmp_path)
    assert proc.returncode == 2
    assert "is not a bot class" in proc.stderr and "Traceback" not in proc.stderr


def test_bot_modules_are_found_from_the_current_directory(tmp_path: Path) -> None:
    (tmp_path / "mybot.py").write_text(
        "from skatlib import RuleBot\n\n\nclass Mine(RuleBot):\n    pass\n")
    for args in (["play", "--bots", "mybot:Mine"],
                 ["simulate", "--bots", "mybot:Mine", "--deals", "4", "--workers", "2"],
                 ["arena", "--bots", "mybot:Mine,random,random", "--deals", "2",
                  "--workers", "2"]):
        proc = _run(args, tmp_path)
        assert proc.returncode == 0, proc.stderr


def test_skat_play_seeds_like_every_other_command(capsys: pytest.CaptureFixture[str]) -> None:
    """skat play --seed S plays seeded_deal(S, 0) with deal_seed(S, 0, seat) bots."""
    assert main(["play", "--seed", "4", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    bots = [RandomBot(deal_seed(4, 0, s)) for s in range(3)]
    _, res = play_deal(seeded_deal(4, 0), bots)
    assert res.explain() in out


def test_bots_do_not_depend_on_pythonhashseed(tmp_path: Path) -> None:
    """RuleBot chose among equally good hand contracts (CH, CHS, CHO...) in set order,
    which depends on the string hash; now the first in legal order, fewest announcements."""
    script = tmp_path / "hand.py"
    script.write_text(
        "from skatlib import *\n"
        "out = []\n"
        "for i in range(40):\n"
        "    s = new_game(Deal.shuffled(i)); b = RuleBot()\n"
        "    while s.phase != Phase.SKAT and not s.is_finished:\n"
        "        s = apply(s, b.act(observe(s, s.to_move_index), legal_actions(s)))\n"
        "    if s.is_finished:\n"
        "        continue\n"
        "    s = apply(s, PlayHand())\n"
        "    out.append(str(b.act(observe(s, s.to_move_index), legal_actions(s))))\n"
        "    out.append(play_deal(Deal.shuffled(i), [RuleBot(), RandomBot(i), RuleBot()],\n"
        "                         PUB)[0].actions_text())\n"
        "for i in range(3):\n"
        # no clock: an auction decision that reaches the default cap of 2.5 CPU
        # seconds (pure Python on a loaded machine) depends on the machine
        "    bots = [PIMCBot(seed=i, worlds=2, max_nodes=3000, cpu_limit=None,\n"
        "                    eval_worlds=12, eval_nodes=300_000), RandomBot(i), RuleBot()]\n"
        "    out.append(play_deal(Deal.shuffled(i), bots, PUB)[0].actions_text())\n"
        "print(' '.join(out))\n")
    runs = [subprocess.run([sys.executable, str(script)], text=True, capture_output=True,
                           timeout=300, env={**os.environ, "PYTHONPATH": SRC,
                                             "PYTHONHASHSEED": seed})
            for seed in ("1", "2", "3")]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout
    assert " CHS " not in runs[0].stdout  # no announcement that is not needed


def test_rule_bot_plays_the_plain_hand_game() -> None:
    for i in range(20):
        s = new_game(seeded_deal(9, i))
        bot = RuleBot()
        while s.phase.name != "SKAT" and not s.is_finished:
            s = apply(s, bot.act(observe(s, s.to_move_index), legal_actions(s)))
        if s.is_finished:
            continue
        s = apply(s, PlayHand())
        chosen = bot.act(observe(s, s.to_move_index), legal_actions(s))
        contract = chosen.contract  # type: ignore[union-attr]
        assert contract.hand and not contract.schneider and not contract.ouvert \
            or contract.is_null
        assert play_game(s, [bot] * 3).is_finished
