"""A small AST mutation tester: does each module's *own* test file notice a change?

Each mutant is one small change to one source file:

* ``compare``: a comparison operator flipped (``<`` -> ``<=``, ``==`` -> ``!=``,
  ``in`` -> ``not in``, ``is`` -> ``is not`` ...);
* ``boolop``: ``and`` <-> ``or``;  ``not``: a ``not`` dropped;
* ``binop`` / ``augassign``: an arithmetic or bit operator swapped (``+`` <-> ``-``,
  ``&`` <-> ``|``, ``<<`` <-> ``>>`` ...);
* ``const``: an int constant +1 and -1, ``True`` <-> ``False``;
* ``if``: a branch dropped (its condition forced to ``True`` or ``False``);
* ``stmt``: a statement dropped (replaced by ``pass``);
* ``return``: a returned value replaced by ``None``.

Docstrings, f-strings and string constants (messages), annotations, decorators,
``__all__`` and ``if TYPE_CHECKING:`` blocks are not mutated.

How a mutant is run: the repository's ``src/``, ``tests/`` and ``pyproject.toml`` are
copied once to a temporary directory; the mutant is written into that copy (the work
tree is never touched) and the module's own test files are run there by a forked
child of a process that has pytest and hypothesis imported but not skatlib (so every
child imports the mutant fresh, and ``PYTHONPATH`` points subprocesses at it too).
A first, unmutated run records which tests execute which lines of the target file
(``sys.settrace``); a mutant then runs only the tests that execute its lines (``-x``,
hypothesis profile ``ci``: derandomized, so a run is reproducible). Lines executed
only at import run every test. A mutant no test executes is *uncovered* (survived).
A run that fails, errors or exceeds its timeout (3x the baseline time of its tests +
10 s) *kills* the mutant. One mutant at a time, at ``nice 15``.

Usage (from the repository root; see docs/hardening.rst "Mutation testing")::

    python tools/mutate.py scoring              # a preset: file(s) + own tests
    python tools/mutate.py --list-presets
    python tools/mutate.py table --out /tmp/table.jsonl   # results, one JSON line each
    python tools/mutate.py table --only-survivors /tmp/table.jsonl  # re-run survivors
    python tools/mutate.py --file src/x.py --tests tests/test_x.py [--scope f,g]
    python tools/mutate.py scoring --dry-run    # list the mutants, run nothing
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import dataclasses
import hashlib
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name -> (target files, own test files, scope: top-level names to mutate or None = all)
PRESETS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...] | None]] = {
    "scoring": (("src/skatlib/scoring.py",),
                ("tests/test_scoring.py", "tests/test_ramsch.py"), None),
    "tables": (("src/skatlib/_tables.py",),
               ("tests/test_properties_kernel.py", "tests/test_fast.py"), None),
    "play": (("src/skatlib/play.py",), ("tests/test_play.py",), None),
    "state": (tuple(f"src/skatlib/state/{n}.py" for n in (
        "__init__", "_bidding", "_core", "_declaring", "_kontra", "_machine", "_playing",
        "_pushing", "_result")),
        ("tests/test_state_bidding.py", "tests/test_state_play.py",
         "tests/test_state_properties.py", "tests/test_state_regressions.py",
         "tests/test_stateful.py"), None),
    "iss-verification": (("src/skatlib/formats/iss.py",), ("tests/test_formats_iss.py",),
                         ("Difference", "Status", "Verification", "ScanResult", "scan",
                          "_result_fields", "_format_fields", "_final_result",
                          "result_string", "_compare", "check", "verify")),
    "table": (("src/skatlib/table.py",), ("tests/test_table.py",), None),
}

_CMP_FLIP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_BIN_FLIP: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv, ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr, ast.LShift: ast.RShift, ast.RShift: ast.LShift,
    ast.Div: ast.Mult,
}
# (a dropped ``return X`` is the ``return`` mutant: X replaced by None)
_DROPPABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise,
              ast.Continue, ast.Break, ast.Delete)


@dataclass(frozen=True)
class Mutant:
    """One change: bytes ``start:end`` of ``path`` replaced by ``text``."""

    path: str
    line: int
    end_line: int
    col: int
    kind: str
    k: int
    start: int
    end: int
    text: str
    original: str
    key: str = ""
    """Names the mutant without line numbers (enclosing definition, kind, original
    text, occurrence): stable across edits elsewhere in the file, so a later run can
    re-run the survivors of an earlier one (``--only-survivors``) and a ``--sample``
    picks the same mutants."""

    @property
    def id(self) -> str:
        return f"{self.path}:{self.line}:{self.col}:{self.kind}:{self.k}"

    def describe(self) -> str:
        old = " ".join(self.original.split())
        new = " ".join(self.text.split())
        if len(old) > 70:
            old = old[:67] + "..."
        if len(new) > 70:
            new = new[:67] + "..."
        return f"{self.id}  {old!r} -> {new!r}"

    def apply(self, source: bytes) -> bytes:
        return source[:self.start] + self.text.encode() + source[self.end:]


def _is_docstring(node: ast.AST, parent: ast.AST | None) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def _skipped_subtrees(tree: ast.Module) -> set[int]:
    """ids of nodes whose whole subtree is never mutated."""
    skip: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            for sub in ast.walk(node):
                skip.add(id(sub))

    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            mark(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mark(node.returns)
            for dec in node.decorator_list:
                mark(dec)
            args = node.args
            for a in (*args.posonlyargs, *args.args, *args.kwonlyargs,
                      *(x for x in (args.vararg, args.kwarg) if x)):
                mark(a.annotation)
        elif isinstance(node, ast.ClassDef):
            for dec in node.decorator_list:
                mark(dec)
        elif isinstance(node, ast.AnnAssign):
            mark(node.annotation)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            mark(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in ("__all__", "__slots__")
                   for t in targets):
                mark(node)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                              ast.AsyncFunctionDef)) and node.body
                and _is_docstring(node.body[0], node)):
            mark(node.body[0])
    return skip


def _scoped(tree: ast.Module, scope: Sequence[str] | None) -> list[ast.AST]:
    if scope is None:
        return [tree]
    wanted = set(scope)
    found: list[ast.AST] = []
    names: set[str] = set()
    for n in tree.body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                and n.name in wanted:
            found.append(n)
            names.add(n.name)
    missing = wanted - names
    if missing:
        raise SystemExit(f"mutate: scope names not found: {sorted(missing)}")
    return found


def mutants(path: str, source: bytes, scope: Sequence[str] | None = None) -> list[Mutant]:
    """Every mutant of ``source`` (the file at repository path ``path``), in file order."""
    tree = ast.parse(source)
    skip = _skipped_subtrees(tree)
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def span(node: ast.AST) -> tuple[int, int]:
        return (starts[node.lineno - 1] + node.col_offset,  # type: ignore[attr-defined]
                starts[node.end_lineno - 1] + node.end_col_offset)  # type: ignore[attr-defined]

    out: list[Mutant] = []

    def add(node: ast.AST, kind: str, k: int, text: str, start: int | None = None,
            end: int | None = None) -> None:
        s, e = span(node)
        s = s if start is None else start
        e = e if end is None else end
        out.append(Mutant(path, node.lineno, node.end_lineno or node.lineno,  # type: ignore[attr-defined]
                          node.col_offset, kind, k, s, e, text,  # type: ignore[attr-defined]
                          source[s:e].decode()))

    def expr(node: ast.AST, kind: str, k: int, new: ast.AST) -> None:
        add(node, kind, k, f"({ast.unparse(new)})")

    roots = _scoped(tree, scope)
    seen: set[int] = set()
    for root in roots:
        for node in ast.walk(root):
            if id(node) in skip or id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, ast.Compare):
                for i, op in enumerate(node.ops):
                    flip = _CMP_FLIP.get(type(op))
                    if flip is not None:
                        new = copy.deepcopy(node)
                        new.ops[i] = flip()
                        expr(node, "compare", i, new)
            elif isinstance(node, ast.BoolOp):
                bool_op = copy.deepcopy(node)
                bool_op.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
                expr(node, "boolop", 0, bool_op)
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
                expr(node, "not" if isinstance(node.op, ast.Not) else "neg", 0, node.operand)
            elif isinstance(node, ast.BinOp):
                flip2 = _BIN_FLIP.get(type(node.op))
                if flip2 is not None:
                    bin_op = copy.deepcopy(node)
                    bin_op.op = flip2()
                    expr(node, "binop", 0, bin_op)
            elif isinstance(node, ast.Constant):
                v = node.value
                if isinstance(v, bool):
                    expr(node, "const", 0, ast.Constant(not v))
                elif isinstance(v, int):
                    expr(node, "const", 0, ast.Constant(v + 1))
                    expr(node, "const", 1, ast.Constant(v - 1))
            if isinstance(node, ast.If):
                add(node.test, "if", 0, "(True)")
                add(node.test, "if", 1, "(False)")
            if isinstance(node, ast.AugAssign):
                flip3 = _BIN_FLIP.get(type(node.op))
                if flip3 is not None and node.lineno == node.end_lineno:
                    aug = copy.deepcopy(node)
                    aug.op = flip3()
                    add(node, "augassign", 0, ast.unparse(aug))
            if isinstance(node, ast.Return) and node.value is not None and not (
                    isinstance(node.value, ast.Constant) and node.value.value is None):
                add(node.value, "return", 0, "(None)")
            if isinstance(node, _DROPPABLE) and not (
                    isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
                add(node, "stmt", 0, "pass")
    out.sort(key=lambda m: (m.start, m.kind, m.k))
    out = _keyed(tree, starts, out)
    # a mutant must still compile (e.g. a dropped statement that was a body's last name)
    good = []
    for m in out:
        try:
            compile(m.apply(source), path, "exec")
        except SyntaxError:
            continue
        good.append(m)
    return good


def _keyed(tree: ast.Module, starts: list[int], found: list[Mutant]) -> list[Mutant]:
    """``found`` with their :attr:`Mutant.key` filled in."""
    spans: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                spans.append((starts[child.lineno - 1] + child.col_offset,
                              starts[child.end_lineno - 1] + child.end_col_offset,  # type: ignore[operator]
                              name))
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(tree, "")
    seen: dict[str, int] = {}
    out = []
    for m in found:
        inner = [name for s, e, name in spans if s <= m.start < e]
        scope = max(inner, key=len) if inner else "<module>"
        base = f"{m.path}::{scope}::{m.kind}:{m.k}::{' '.join(m.original.split())}"
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.append(dataclasses.replace(m, key=f"{base}::#{n}"))
    return out


# ----------------------------------------------------------------------------- running


@dataclass
class Workspace:
    """A temporary copy of the repository parts the tests need."""

    root: Path
    tmp: Path = field(init=False)

    def __post_init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="skat-mutate-"))
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
        for name in ("src", "tests"):
            if (self.root / name).exists():
                shutil.copytree(self.root / name, self.tmp / name, ignore=ignore)
        for name in ("pyproject.toml", "setup.cfg", "conftest.py"):
            if (self.root / name).exists():
                shutil.copy2(self.root / name, self.tmp / name)

    def close(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


def _child_env(ws: Workspace) -> None:
    os.setpgid(0, 0)
    os.chdir(ws.tmp)
    src = str(ws.tmp / "src")
    os.environ["PYTHONPATH"] = src + os.pathsep + os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    os.environ["HYPOTHESIS_PROFILE"] = "ci"
    os.environ.pop("CI", None)
    sys.dont_write_bytecode = True
    sys.path.insert(0, src)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def _fork_pytest(ws: Workspace, args: list[str], timeout: float,
                 plugins: Sequence[object] = (), stop_first: bool = True) -> tuple[str, float]:
    """Run pytest ``args`` in a forked child inside ``ws``: ``(outcome, seconds)`` with
    outcome ``passed``, ``failed`` (incl. errors) or ``timeout``."""
    import pytest

    began = time.monotonic()
    pid = os.fork()
    if pid == 0:  # child
        rc = 3
        try:
            _child_env(ws)
            rc = int(pytest.main([*(["-x"] if stop_first else []), "-q", "-p", "no:cacheprovider",
                                  "-p", "no:randomly",
                                  "-o", "addopts=", "-m", "not slow", *args],
                                 plugins=list(plugins)))
        finally:
            os._exit(rc)
    deadline = began + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            return ("passed" if code == 0 else "failed"), time.monotonic() - began
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout", time.monotonic() - began
        time.sleep(0.02)


class _Tracer:
    """A pytest plugin recording, per test, the lines of ``files`` it executes."""

    def __init__(self, files: set[str], out: Path) -> None:
        self.files = files
        self.out = out
        self.current = "<import>"
        self.lines: dict[str, set[tuple[str, int]]] = {}
        self.durations: dict[str, float] = {}
        self.failed: list[str] = []

    def pytest_runtest_logreport(self, report):  # type: ignore[no-untyped-def]
        if report.failed:
            self.failed.append(report.nodeid)

    def _local(self, frame, event, arg):  # type: ignore[no-untyped-def]
        if event == "line":
            self.lines.setdefault(self.current, set()).add((frame.f_code.co_filename,
                                                            frame.f_lineno))
        return self._local

    def _global(self, frame, event, arg):  # type: ignore[no-untyped-def]
        if frame.f_code.co_filename in self.files:
            self.lines.setdefault(self.current, set()).add((frame.f_code.co_filename,
                                                            frame.f_lineno))
            return self._local
        return None

    def start(self) -> None:
        import threading

        sys.settrace(self._global)
        threading.settrace(self._global)

    def pytest_configure(self, config):  # type: ignore[no-untyped-def]
        self.start()

    def pytest_runtest_protocol(self, item, nextitem):  # type: ignore[no-untyped-def]
        self.current = item.nodeid
        self.began = time.monotonic()

    def pytest_runtest_logfinish(self, nodeid, location):  # type: ignore[no-untyped-def]
        self.durations[nodeid] = time.monotonic() - self.began
        self.current = "<import>"

    def pytest_unconfigure(self, config):  # type: ignore[no-untyped-def]
        sys.settrace(None)
        data = {"lines": {k: sorted(v) for k, v in self.lines.items()},
                "durations": self.durations, "failed": self.failed}
        self.out.write_text(json.dumps(data))


def _prewarm() -> None:
    """Import, once in this parent, what every forked child would import anyway
    (pytest's plugins, hypothesis, attrs, numpy), so a mutant costs only its tests."""
    import importlib

    for name in ("pytest", "_pytest.doctest", "_pytest.python", "_pytest.assertion.rewrite",
                 "_pytest.skipping", "hypothesis", "hypothesis.strategies",
                 "hypothesis.extra.pytestplugin", "hypothesis.stateful", "attrs", "attr",
                 "typing_extensions", "numpy"):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def baseline(ws: Workspace, files: Sequence[str], tests: Sequence[str]
             ) -> tuple[dict[str, set[tuple[str, int]]], dict[str, float], float]:
    """Run the tests unmutated, traced: per test the (path, line)s it executes of
    ``files``, per test its duration, and the whole run's time."""
    out = ws.tmp / "baseline.json"
    abs_files = {str(ws.tmp / f) for f in files}
    tracer = _Tracer(abs_files, out)
    outcome, took = _fork_pytest(ws, list(tests), 3600, plugins=[tracer], stop_first=False)
    data = json.loads(out.read_text()) if out.exists() else None
    failed = sorted(set(data["failed"])) if data else []
    if outcome != "passed" and (data is None or not failed or _fork_pytest(
            ws, failed, 600)[0] != "passed"):
        raise SystemExit(f"mutate: the unmutated tests do not pass ({outcome}); "
                         f"run them: python -m pytest {' '.join(tests)}")
    if data is None:  # pragma: no cover - the traced run always writes its file when it passes
        raise SystemExit("mutate: the traced run of the tests wrote no coverage data")
    if failed:  # they pass untraced: tests that measure memory or time, which tracing skews
        print(f"mutate: {len(failed)} test(s) fail only under tracing and are left out: "
              f"{', '.join(failed)}", flush=True)
        for name in failed:
            data["lines"].pop(name, None)
            data["durations"].pop(name, None)
    prefix = str(ws.tmp) + os.sep
    lines = {k: {(p[len(prefix):], n) for p, n in v} for k, v in data["lines"].items()}
    return lines, data["durations"], took


def _selected(m: Mutant, lines: dict[str, set[tuple[str, int]]]) -> list[str] | None:
    """Tests executing ``m``'s lines; ``[]`` = every test (an import-time line);
    ``None`` = no test executes them."""
    wanted = {(m.path, n) for n in range(m.line, m.end_line + 1)}
    hit = [t for t, ls in lines.items() if ls & wanted]
    if not hit:
        return None
    if "<import>" in hit:
        return []
    return hit


def _sampled(found: Sequence[Mutant], sample: float) -> list[Mutant]:
    """A fixed, reproducible subset: chosen by a hash of each mutant's key."""
    return [m for m in found
            if int(hashlib.sha1(m.key.encode()).hexdigest()[:8], 16) % 1000 < sample * 1000]


def run(files: Sequence[str], tests: Sequence[str], scope: Sequence[str] | None,
        out: Path | None, only: set[str] | None, root: Path = ROOT,
        limit: int | None = None, sample: float | None = None) -> dict[str, dict[str, int]]:
    all_mutants: list[Mutant] = []
    for f in files:
        all_mutants += mutants(f, (root / f).read_bytes(), scope)
    if only is not None:
        all_mutants = [m for m in all_mutants if m.key in only or m.id in only]
    if sample is not None:
        all_mutants = _sampled(all_mutants, sample)
    if limit is not None:
        all_mutants = all_mutants[:limit]
    _prewarm()
    ws = Workspace(root)
    summary: dict[str, dict[str, int]] = {}
    sink = out.open("w") if out else None
    try:
        lines, durations, total_time = baseline(ws, files, tests)
        print(f"baseline: {len(durations)} tests in {total_time:.1f} s; "
              f"{len(all_mutants)} mutants", flush=True)
        originals = {f: (ws.tmp / f).read_bytes() for f in files}
        for i, m in enumerate(all_mutants, 1):
            sel = _selected(m, lines)
            if sel is None:
                outcome, took = "uncovered", 0.0
            else:
                # the fastest tests first: a killed mutant usually stops at the first
                args = sorted(sel, key=lambda t: durations.get(t, 1.0)) if sel else list(tests)
                budget = (sum(durations.get(t, 1.0) for t in sel) if sel else total_time)
                target = ws.tmp / m.path
                target.write_bytes(m.apply(originals[m.path]))
                try:
                    outcome, took = _fork_pytest(ws, args, 3 * budget + 10)
                finally:
                    target.write_bytes(originals[m.path])
            status = {"passed": "survived", "failed": "killed", "timeout": "timeout",
                      "uncovered": "uncovered"}[outcome]
            row = summary.setdefault(m.path, {"killed": 0, "timeout": 0, "survived": 0,
                                              "uncovered": 0})
            row[status] += 1
            if status in ("survived", "uncovered"):
                print(f"[{i}/{len(all_mutants)}] {status.upper()}: {m.describe()}", flush=True)
            if sink:
                sink.write(json.dumps({"id": m.id, "key": m.key, "status": status,
                                       "seconds": round(took, 2),
                                       "original": m.original, "mutant": m.text}) + "\n")
                sink.flush()
    finally:
        if sink:
            sink.close()
        ws.close()
    for path, row in summary.items():
        total = sum(row.values())
        killed = row["killed"] + row["timeout"]
        print(f"{path}: {killed}/{total} killed ({100 * killed / max(total, 1):.1f} %); "
              f"survived {row['survived']}, uncovered {row['uncovered']}, "
              f"timeouts {row['timeout']}", flush=True)
    return summary


def _survivors(path: Path) -> set[str]:
    """The keys (or, in files written without keys, the ids) of the survivors."""
    return {r.get("key") or r["id"] for r in map(json.loads, path.read_text().splitlines())
            if r["status"] in ("survived", "uncovered")}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("preset", nargs="?", help="one of --list-presets")
    p.add_argument("--file", action="append", default=[], help="target file (repo path)")
    p.add_argument("--tests", action="append", default=[], help="own test file")
    p.add_argument("--scope", help="comma-separated top-level names to mutate")
    p.add_argument("--root", type=Path, default=ROOT, help="repository root")
    p.add_argument("--out", type=Path, help="write one JSON line per mutant here")
    p.add_argument("--only-survivors", type=Path, help="re-run the survivors of an --out file")
    p.add_argument("--limit", type=int, help="run only the first N mutants")
    p.add_argument("--sample", type=float,
                   help="run a fixed fraction (0..1] of the mutants, chosen by a hash of each id")
    p.add_argument("--dry-run", action="store_true", help="list the mutants only")
    p.add_argument("--list-presets", action="store_true")
    p.add_argument("--nice", type=int, default=15, help="niceness increment (default 15)")
    a = p.parse_args(argv)
    if a.list_presets:
        for name, (files, tests, scope) in PRESETS.items():
            print(f"{name}: {' '.join(files)}  <-  {' '.join(tests)}"
                  + (f"  (scope: {', '.join(scope)})" if scope else ""))
        return 0
    if a.preset:
        if a.preset not in PRESETS:
            p.error(f"unknown preset {a.preset!r}; one of {', '.join(PRESETS)}")
        files, tests, scope = PRESETS[a.preset]
    else:
        if not a.file or not a.tests:
            p.error("give a preset, or --file and --tests")
        files, tests = tuple(a.file), tuple(a.tests)
        scope = tuple(a.scope.split(",")) if a.scope else None
    if a.dry_run:
        for f in files:
            found = mutants(f, (a.root / f).read_bytes(), scope)
            for m in (found if a.sample is None else _sampled(found, a.sample)):
                print(m.describe())
        return 0
    if a.nice:
        os.nice(a.nice)
    if "skatlib" in sys.modules:  # the children must import the mutant, not this copy
        raise SystemExit("mutate: skatlib is already imported")
    only = _survivors(a.only_survivors) if a.only_survivors else None
    run(files, tests, scope, a.out, only, root=a.root.resolve(), limit=a.limit,
        sample=a.sample)
    return 0


if __name__ == "__main__":
    sys.exit(main())
