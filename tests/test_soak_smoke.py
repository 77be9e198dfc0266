"""Smoke size of benchmarks/soak.py (the full soak is not run in CI).

Runs a few hundred random deals over every configuration (ISKO, ISS with server
events, PUB, every house rule, Ramsch rounds, 3- and 4-tables) with every check,
and proves the checks bite: a deliberately broken rule is caught.
"""

from __future__ import annotations

import pytest

import skatlib.state
from scripts import load_script
from skatlib import ISKO, PUB, Deal

soak = load_script("benchmarks/soak.py", "skatlib_benchmarks_soak")


def test_smoke_every_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--smoke", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "0 failures" in out
    for config in soak.CONFIGS:
        assert f"{config} " in out.split("per configuration:")[1]
    # the smoke size reaches the interesting endings
    outcomes = out.split("outcomes:")[1]
    for tag in ("played_out", "ramsch", "kontra", "declarer_conceded", "defenders_conceded",
                "null_trick", "ouvert"):
        assert tag in outcomes, tag


def test_worker_processes(capsys: pytest.CaptureFixture[str]) -> None:
    code = soak.main(["--deals", "40", "--workers", "2", "--quiet", "--chunk", "3",
                      "--config", "isko", "--config", "table4", "--seed", "7"])
    assert code == 0
    assert "with 2 worker(s)" in capsys.readouterr().out


def test_units_are_reproducible() -> None:
    assert soak.run_unit("pub_all", 3, 11) == soak.run_unit("pub_all", 3, 11)
    assert soak.main(["--repro", "schiebe:3:5"]) == 0


def test_play_one_returns_a_finished_state() -> None:
    import random

    out = soak.play_one(Deal.shuffled(5), ISKO, random.Random(5), iss_ok=True)
    assert out.state.is_finished and out.actions > 0
    out = soak.play_one(Deal.shuffled(5), PUB, random.Random(5), ramsch=True)
    assert out.state.is_finished and out.state.is_ramsch


def test_a_broken_rule_is_caught(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Mutation check: matadors counted wrongly in the state's result (its
    ``matadors_mask`` is ``skatlib.scoring``'s, imported where the result is scored)."""
    import skatlib.scoring

    monkeypatch.setattr(skatlib.scoring, "matadors_mask",
                        lambda gt, mask: 1 if gt != 5 else 0)
    assert soak.main(["--deals", "60", "--workers", "1", "--quiet", "--config", "isko"]) == 1
    out = capsys.readouterr().out
    assert "FAILED isko:1:" in out and "--repro isko:1:" in out


def test_a_broken_turn_order_is_caught(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Mutation check: the Kontra phase skips the first defender."""
    import skatlib.state._declaring
    import skatlib.state._kontra

    original = skatlib.state._kontra.kontra_next

    def skip_first(state: skatlib.state.GameState, setup: tuple[object, ...],
                   done: int) -> skatlib.state.GameState:
        return original(state, setup, done | 1 | 2)

    monkeypatch.setattr(skatlib.state._kontra, "kontra_next", skip_first)
    assert soak.main(["--deals", "40", "--workers", "1", "--quiet", "--config", "pub"]) == 1
    assert "SoakFailure" in capsys.readouterr().out
