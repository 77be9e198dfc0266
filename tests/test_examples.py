"""Every program in examples/ runs to completion with exit code 0.

Each example runs in a fresh interpreter, as a user would start it, with the
package from ``src/`` importable (also when skatlib is not installed).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def test_there_are_examples() -> None:
    assert EXAMPLES, "examples/ has no *.py program"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=_env(),
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, f"{path.name} failed:\n{proc.stdout}\n{proc.stderr}"
    assert proc.stdout.strip(), f"{path.name} printed nothing"


def test_score_a_game_scores_json_description() -> None:
    """A game given as JSON: clubs hand with 2 (CJ in the skat, D-3), 58 points: lost -96."""
    game = (
        '{"contract": "CH", "bid": 48, "hand": "SJ CA CT CK CQ C9 HA HT SA D7", '
        '"skat": "CJ D8", "points": 58, "tricks": 5}'
    )
    proc = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "score_a_game.py"), game],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(),
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "with 2, game 3, hand 4 × Clubs 12 = 48; lost, −96"
