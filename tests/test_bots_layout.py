"""The kit's layout: skatlib.bots and skatlib.cli packages, the lazy top level
(PEP 562) and the deprecated aliases of moved modules."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import skatlib

SRC = str(Path(skatlib.__file__).resolve().parent.parent)


def _python(code: str) -> str:
    proc = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code],
                          text=True, capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": SRC})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_import_skatlib_does_not_load_the_bot_toolkit() -> None:
    out = _python("import sys, skatlib\n"
                  "print(sorted(m for m in sys.modules if m.startswith('skatlib.')))")
    for heavy in ("skatlib.bots", "skatlib.search", "skatlib.search.solver",
                  "skatlib.search.sampling", "skatlib.cli"):
        assert f"'{heavy}'" not in out
    assert "'skatlib.state'" in out and "'skatlib.actions'" in out  # all: test_lazy_imports


def test_every_public_name_is_importable_from_skatlib() -> None:
    out = _python("import skatlib\n"
                  "missing = [n for n in skatlib.__all__ if not hasattr(skatlib, n)]\n"
                  "print(missing, set(skatlib.__all__) <= set(dir(skatlib)))")
    assert out.strip() == "[] True"


def test_pimc_loads_on_first_use() -> None:
    out = _python("import sys, skatlib.bots\n"
                  "print('skatlib.bots.pimc' in sys.modules)\n"
                  "print(skatlib.bots.PIMCBot.__module__, 'skatlib.search.solver' in sys.modules)")
    assert out.split() == ["False", "skatlib.bots.pimc", "True"]


def test_unknown_names_are_attribute_errors() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        skatlib.no_such_name  # noqa: B018


def test_moved_modules_keep_deprecated_aliases() -> None:
    out = subprocess.run(
        [sys.executable, "-c",
         "import warnings\n"
         "warnings.simplefilter('always')\n"
         "with warnings.catch_warnings(record=True) as w:\n"
         "    from skatlib.pimc import PIMCBot\n"
         "    from skatlib.simulate import SimulationStats\n"
         "print(sorted({type(x.message).__name__ for x in w}), len(w))\n"
         "import skatlib\n"
         "print(PIMCBot is skatlib.bots.pimc.PIMCBot)\n"
         "print(skatlib.simulate(4, workers=0).deals)\n"],
        text=True, capture_output=True, timeout=120, env={**os.environ, "PYTHONPATH": SRC})
    assert proc_ok(out)
    assert out.stdout.split("\n")[:3] == ["['DeprecationWarning'] 2", "True", "4"]


def proc_ok(proc: subprocess.CompletedProcess[str]) -> bool:
    if proc.returncode != 0:
        print(proc.stderr)
    return proc.returncode == 0


def test_simulate_the_function_and_simulate_the_module() -> None:
    """`skatlib.simulate` is the function; the deprecated module of that name is
    callable, so importing it does not break `skatlib.simulate(...)`."""
    from skatlib import simulate

    assert callable(simulate)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import skatlib.simulate as module
    assert module(3, workers=0) == simulate(3, workers=0)  # type: ignore[operator]


def test_the_console_script_entry_point_resolves() -> None:
    from importlib.metadata import entry_points

    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "skat"]
    assert script.value == "skatlib.cli:main"
    assert script.load() is skatlib.cli.main
