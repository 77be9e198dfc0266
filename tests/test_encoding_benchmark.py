"""Smoke test of benchmarks/rl.py: it runs and writes every figure (no timing is asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts import load_script


def test_benchmarks_rl_runs_and_writes_every_figure(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    module = load_script("benchmarks/rl.py", "skatlib_benchmarks_rl", fresh=True)
    out = tmp_path / "rl.json"
    assert module.main(["--quick", "--repeats", "1", "--seconds", "0.05",
                        "--json", str(out)]) == 0
    text = capsys.readouterr().out
    doc = json.loads(out.read_text(encoding="utf-8"))
    figures = doc["figures"]
    for key in ("observe_us", "observation_tensor_us", "information_state_tensor_us",
                "legal_mask_us", "examples_from_records_records_per_s",
                "examples_from_records_replay_records_per_s"):
        assert figures[key] > 0, key
        assert key in text
    for key in ("pettingzoo_steps_per_s", "pettingzoo_raw_env_steps_per_s",
                "openspiel_cpp_steps_per_s", "openspiel_cpp_steps_with_tensor_per_s",
                "ratio_pettingzoo_vs_openspiel", "ratio_pettingzoo_vs_openspiel_with_tensor"):
        assert key in figures and (figures[key] is None or figures[key] > 0)
        if figures[key] is None:
            assert "skipped (not installed)" in text
    assert set(doc["targets"]) == set(module.TARGETS)


def test_benchmarks_rl_times_in_cpu_time(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    module = load_script("benchmarks/rl.py", "skatlib_benchmarks_rl", fresh=True)
    out = tmp_path / "rl.json"
    assert module.main(["--quick", "--repeats", "1", "--seconds", "0.05", "--cpu-time",
                        "--json", str(out)]) == 0
    assert "CPU time" in capsys.readouterr().out
    assert json.loads(out.read_text(encoding="utf-8"))["meta"]["clock"] == "cpu"
