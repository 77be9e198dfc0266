"""What ``import skatlib`` loads (issue 18): the kernel, the state machine and errors,
nothing else; every other public name loads on first use (PEP 562) and stays
importable from ``skatlib``.  Scoring and Ramsch results (``skatlib.scoring``,
``skatlib.ramsch`` and the ``skatlib.i18n`` they use) load with the first result or
declaration, records (``skatlib.record``) on first use: their six attrs classes and
their code were a tenth of what ``import skatlib`` cost on CPython 3.13.

Each check runs in a fresh interpreter, since this test process has long loaded
everything.  Import *times* are measured by benchmarks/import_time.py, never here.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import skatlib

SRC = str(Path(skatlib.__file__).resolve().parent.parent)

KERNEL_MODULES = frozenset({
    "skatlib", "skatlib._tables", "skatlib._text", "skatlib.actions", "skatlib.bidding",
    "skatlib.cards", "skatlib.contract", "skatlib.deal", "skatlib.errors", "skatlib.play",
    "skatlib.rules", "skatlib.state", "skatlib.state._bidding", "skatlib.state._core",
    "skatlib.state._declaring", "skatlib.state._kontra", "skatlib.state._machine",
    "skatlib.state._playing", "skatlib.state._pushing", "skatlib.state._result",
})
"""Exactly the modules ``import skatlib`` loads.  A change here is a decision: a module
added to this set makes every ``import skatlib`` pay for it (run
benchmarks/import_time.py before and after)."""

HEAVY_STDLIB = ("random", "decimal", "fractions", "json", "csv", "gettext", "locale",
                "subprocess", "multiprocessing", "concurrent.futures", "asyncio", "tempfile",
                "pathlib", "zipfile", "tarfile", "sqlite3", "statistics", "textwrap")
"""Standard-library modules that skatlib uses only in functions (or in lazy modules)."""


def _python(code: str) -> str:
    proc = subprocess.run([sys.executable, "-W", "error", "-c", code], text=True,
                          capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": SRC})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _literal(code: str) -> object:
    return ast.literal_eval(_python(code).strip())


def test_import_skatlib_loads_exactly_the_kernel_state_and_errors() -> None:
    loaded = _literal("import sys, skatlib\n"
                      "print(sorted(m for m in sys.modules if m.partition('.')[0] == 'skatlib'))")
    assert isinstance(loaded, list)
    assert set(loaded) - KERNEL_MODULES == set(), "new eager imports: see KERNEL_MODULES"
    assert KERNEL_MODULES - set(loaded) == set(), "no longer loaded: update KERNEL_MODULES"


def test_import_skatlib_leaves_heavy_standard_library_modules_unloaded() -> None:
    """Only what skatlib itself adds counts: the modules already loaded at start-up
    (a sitecustomize may load some) and those attrs and typing load are left out."""
    extra = _literal("import sys\n"
                     "import attrs, typing, typing_extensions\n"
                     "before = set(sys.modules)\n"
                     "import skatlib\n"
                     "print(sorted(set(sys.modules) - before))")
    assert isinstance(extra, list)
    assert sorted(set(extra) & set(HEAVY_STDLIB)) == []


def test_every_lazy_name_loads_its_module_on_first_use_and_is_that_object() -> None:
    out = _python(
        "import importlib, sys, skatlib\n"
        "for name, module in sorted(skatlib._LAZY.items()):\n"
        "    value = getattr(skatlib, name)\n"
        "    home = sys.modules['skatlib.' + module]\n"
        "    assert value is getattr(home, name), name\n"
        "    assert name in skatlib.__all__ and name in dir(skatlib), name\n"
        "print('ok', len(skatlib._LAZY))")
    assert out.split() == ["ok", str(len(skatlib._LAZY))]


def test_names_and_modules_left_out_of_import_skatlib_are_lazy() -> None:
    """Every public name is eager (in the module after ``import skatlib``) or lazy
    (in ``_LAZY``), never both; every lazy module is left out of ``import skatlib``."""
    eager = _literal("import skatlib\nprint(sorted(n for n in skatlib.__all__ "
                     "if n in vars(skatlib)))")
    assert isinstance(eager, list)
    assert set(eager) | set(skatlib._LAZY) == set(skatlib.__all__)
    assert set(eager) & set(skatlib._LAZY) == set()
    homes = {f"skatlib.{m}" for m in (*skatlib._LAZY.values(), *skatlib._LAZY_MODULES)}
    assert homes & KERNEL_MODULES == set()


def test_star_import_binds_every_public_name() -> None:
    out = _python("from skatlib import *\n"
                  "import skatlib\n"
                  "missing = [n for n in skatlib.__all__ if n not in globals()]\n"
                  "print(missing, Table is skatlib.table.Table, play_game.__module__)")
    assert out.split() == ["[]", "True", "skatlib.loop"]


def test_lazy_submodules_are_attributes_after_import_skatlib() -> None:
    """``import skatlib`` then ``skatlib.table.Table`` works, as it did when the
    package loaded these modules up front."""
    out = _python("import sys, skatlib\n"
                  "names = sorted(skatlib._LAZY_MODULES)\n"
                  "assert not [n for n in names if 'skatlib.' + n in sys.modules]\n"
                  "for name in names:\n"
                  "    assert getattr(skatlib, name) is sys.modules['skatlib.' + name], name\n"
                  "print(skatlib.table.Table is skatlib.Table, skatlib.sheet.__name__)")
    assert out.split() == ["True", "skatlib.sheet"]


def test_unknown_names_are_still_attribute_errors() -> None:
    out = _python("import skatlib\n"
                  "for name in ('no_such_name', 'fast', 'Sheet'):\n"
                  "    try:\n"
                  "        getattr(skatlib, name)\n"
                  "    except AttributeError as exc:\n"
                  "        print(name in str(exc))\n")
    assert out.split() == ["True", "True", "True"]


_SCORING_STEPS = (
    "import sys\n"
    "from skatlib import PUB, Deal, GameState, apply, legal_actions, result\n"
    "def loaded():\n"
    "    return sorted(m for m in ('skatlib.scoring', 'skatlib.ramsch') if m in sys.modules)\n"
    "steps = [loaded()]\n"
    "declaring = GameState.from_position(Deal.shuffled(3), '18 p p hand')\n"
    "steps += [[str(a) for a in legal_actions(declaring)], loaded()]\n"
    "steps += [repr(result(GameState.from_position(Deal.shuffled(3), 'p p p'))), loaded()]\n"
    "s = GameState.from_position(Deal.shuffled(5), 'p p p', rules=PUB)\n"
    "while result(s) is None:\n"
    "    s = apply(s, legal_actions(s)[0])\n"
    "steps += [repr(result(s)), loaded()]\n"
    "print(steps)\n")


def test_scoring_loads_with_the_first_declaration_or_result_and_scores_alike() -> None:
    """The declaration's legal actions and ``result`` import ``skatlib.scoring`` (a
    Ramsch result ``skatlib.ramsch`` too) where they need them, and answer as in this
    process, which loaded everything up front."""
    namespace: dict[str, object] = {}
    exec(_SCORING_STEPS.replace("print(steps)", "out = steps"), namespace)
    here = namespace["out"]
    assert isinstance(here, list)
    scoring, both = ["skatlib.scoring"], ["skatlib.ramsch", "skatlib.scoring"]
    assert _literal(_SCORING_STEPS) == [[], here[1], scoring, here[3], scoring, here[5], both]
    assert here[3] == "PassedIn()" and here[5].startswith("RamschResult(")


def test_import_skatlib_leaves_the_byte_tables_of_the_actions_unbuilt() -> None:
    """The per-suit-byte tables of card plays and discards (``_core.byte_tables``) are
    built by the first legal actions that need them, not by ``import skatlib``."""
    out = _python("import skatlib\n"
                  "from skatlib.state import _declaring, _playing\n"
                  "print(len(_playing._BYTE_PLAYS), len(_declaring._BYTE_DISCARDS))\n"
                  "s = skatlib.GameState.from_position(skatlib.Deal.shuffled(1), '18 p p s')\n"
                  "skatlib.legal_actions(s)\n"
                  "print(len(_playing._BYTE_PLAYS), len(_declaring._BYTE_DISCARDS))")
    assert out.split() == ["0", "0", "0", "4"]


def test_lazily_loaded_values_pickle_into_a_process_that_only_imported_skatlib() -> None:
    dumped = _python(
        "import pickle, skatlib\n"
        "state = skatlib.new_game(skatlib.Deal.shuffled(7))\n"
        "print(pickle.dumps((skatlib.observe(state, 1), skatlib.Table, skatlib.SheetEntry,\n"
        "                    skatlib.play_game, skatlib.Bot, skatlib.RandomBot,\n"
        "                    skatlib.GameResult, skatlib.PassedIn(), skatlib.score,\n"
        "                    skatlib.GameRecord, skatlib.replay)).hex())")
    out = _python(
        "import pickle, sys, skatlib\n"
        f"obs, *rest = pickle.loads(bytes.fromhex({dumped.strip()!r}))\n"
        "state = skatlib.new_game(skatlib.Deal.shuffled(7))\n"
        "print(obs == skatlib.observe(state, 1),\n"
        "      rest == [skatlib.Table, skatlib.SheetEntry, skatlib.play_game, skatlib.Bot,\n"
        "               skatlib.RandomBot, skatlib.GameResult, skatlib.PassedIn(),\n"
        "               skatlib.score, skatlib.GameRecord, skatlib.replay])")
    assert out.split() == ["True", "True"]
