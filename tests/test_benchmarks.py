"""Smoke test of benchmarks/run.py: it runs and writes every key (no timing is asserted)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scripts import load_script


def _load() -> ModuleType:
    return load_script("benchmarks/run.py", "skatlib_benchmarks_run", fresh=True)


def _run(tmp_path: Path, *extra: str) -> tuple[dict[str, Any], str]:
    out = tmp_path / "bench.json"
    module = _load()
    code = module.main(["--quick", "--repeats", "1", "--min-time", "0.001",
                        "--json", str(out), *extra])
    assert code == 0
    return json.loads(out.read_text(encoding="utf-8")), str(out)


def test_smoke_without_openspiel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc, _ = _run(tmp_path, "--no-openspiel")
    text = capsys.readouterr().out
    assert "OpenSpiel: skipped" in text
    for key in ("ratio_fast_vs_openspiel", "ratio_state_vs_openspiel",
                "ratio_legal_mask_vs_openspiel"):
        assert doc[key] is None
        assert doc["targets"][key]["met"] is None
    assert doc["ratio_fast_vs_state"] > 0 and doc["ratio_engine_vs_state"] > 0
    assert doc["checks"]["identical_results"] is True
    for key in ("games_per_s_fast", "games_per_s_state", "games_per_s_engine",
                "legal_cards_mask_per_s", "legal_cards_per_s", "trick_winner_fast_per_s",
                "play_deal_per_s", "score_per_s"):
        assert doc["figures"][key]["median"] > 0
    assert doc["memory_per_gamestate"]["bytes"] > 0


def test_smoke_with_openspiel(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    doc, _ = _run(tmp_path)
    assert doc["ratio_fast_vs_openspiel"] > 0
    assert doc["figures"]["legal_actions_openspiel_per_s"]["median"] > 0
