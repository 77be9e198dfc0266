"""``tools/mutate.py``, the mutation tester (docs/hardening.rst, "Mutation testing"): a
smoke run on a tiny project, and the mutants it makes."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "mutate.py"

MODULE = '''"""A module docstring is never mutated."""


def clamp(x: int, lo: int = 0, hi: int = 10) -> int:
    """Nor is a function's docstring, or an annotation."""
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def unused(a: int) -> int:
    return a + 1
'''

TESTS = '''from mini import clamp


def test_clamp() -> None:
    assert clamp(-5) == 0 and clamp(5) == 5 and clamp(50) == 10
'''


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("mutate_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate_tool"] = module
    spec.loader.exec_module(module)
    return module


def test_mutants_of_a_small_module() -> None:
    tool = _tool()
    found = tool.mutants("src/mini.py", MODULE.encode())
    kinds = {(m.original, m.text) for m in found}
    assert ("x < lo", "(x <= lo)") in kinds and ("x > hi", "(x >= hi)") in kinds
    assert ("x < lo", "(True)") in kinds and ("x < lo", "(False)") in kinds
    assert ("a + 1", "(a - 1)") in kinds and ("1", "(2)") in kinds and ("1", "(0)") in kinds
    assert ("lo", "(None)") in kinds  # a returned value
    assert not any("docstring" in m.original or m.original == "int" for m in found)
    for m in found:  # every mutant compiles and changes the text
        mutated = m.apply(MODULE.encode())
        assert mutated != MODULE.encode()
        compile(mutated, "mini.py", "exec")
    # keys name mutants without line numbers: an edit above leaves them as they were
    shifted = tool.mutants("src/mini.py", ("# a new first line\n" + MODULE).encode())
    assert [m.key for m in shifted] == [m.key for m in found]
    assert [m.id for m in shifted] != [m.id for m in found]
    assert len({m.key for m in found}) == len(found)


def test_smoke_run_kills_survives_and_reports(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "src" / "mini.py").write_text(MODULE)
    (tmp_path / "tests" / "test_mini.py").write_text(TESTS)
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\npythonpath = ["src"]\n')
    out = tmp_path / "out.jsonl"
    cmd = [sys.executable, str(TOOL), "--root", str(tmp_path), "--file", "src/mini.py",
           "--tests", "tests/test_mini.py", "--out", str(out), "--nice", "0"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    status = {(r["original"], r["mutant"]): r["status"] for r in rows}
    assert status[("x > hi", "(x >= hi)")] == "survived"   # clamp(10) is not tested
    assert status[("x < lo", "(False)")] == "killed"        # clamp(-5) == 0 is
    assert status[("a + 1", "(a - 1)")] == "uncovered"      # no test calls unused()
    assert {r["status"] for r in rows} <= {"killed", "survived", "uncovered", "timeout"}
    killed = sum(r["status"] in ("killed", "timeout") for r in rows)
    assert f"src/mini.py: {killed}/{len(rows)} killed" in proc.stdout
    assert "SURVIVED: src/mini.py:8:7:compare:0  'x > hi' -> '(x >= hi)'" in proc.stdout
    assert (tmp_path / "src" / "mini.py").read_text() == MODULE  # the tree is untouched
    # a second run re-runs the survivors only, by key
    again = subprocess.run([*cmd[:-4], "--only-survivors", str(out), "--nice", "0"],
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert f"{sum(r['status'] in ('survived', 'uncovered') for r in rows)} mutants" in again.stdout


def test_presets_name_existing_files() -> None:
    tool = _tool()
    root = TOOL.parent.parent
    for files, tests, _scope in tool.PRESETS.values():
        for path in (*files, *tests):
            assert (root / path).is_file(), path
    with pytest.raises(SystemExit, match="scope names not found"):
        tool.mutants("src/mini.py", MODULE.encode(), scope=["nope"])


def test_dry_run_lists_the_same_sample_that_a_run_takes(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """``--dry-run --sample F`` lists exactly the mutants a ``--sample F`` run takes
    (it listed every mutant), so a run's size can be chosen before it starts."""
    tool = _tool()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "mini.py").write_text(MODULE)
    found = tool.mutants("src/mini.py", MODULE.encode())
    half = tool._sampled(found, 0.5)
    assert 0 < len(half) < len(found) and tool._sampled(found, 1.0) == list(found)
    assert tool.main(["--file", "src/mini.py", "--tests", "tests/test_mini.py", "--root",
                      str(tmp_path), "--dry-run", "--sample", "0.5"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed == [m.describe() for m in half]
