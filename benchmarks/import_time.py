"""How long ``import skatlib`` takes, against baselines measured in the same run.

    python benchmarks/import_time.py [--repeats 15] [--ref REV] [--json FILE]

The figure is the cumulative time of ``skatlib`` in
``python -X importtime -c "import skatlib"`` (the median of ``--repeats``
fresh interpreters, after one warm-up run that writes the byte code).  Two
baselines, each measured here in the same way and in the same run:

* **eager**: this tree with everything the lazy top level defers loaded up
  front (``import skatlib`` plus each module of ``skatlib._LAZY``), i.e. what
  ``import skatlib`` would cost if the game loop, observations, the table, the
  bot toolkit and the search engine were imported eagerly;
* **0.1.0**: the source of ``--ref`` (default: the last commit of 0.1.0 before
  the top level became lazy), unpacked with ``git archive`` into a temporary
  folder.  Skipped, with the reason printed, where git or the commit is not
  there (in an unpacked sdist, say).

One more row is no baseline but a floor: **attrs + typing alone** (``import
typing, attrs``, the cumulative time of those two), what any ``import skatlib``
pays for its runtime dependency before a line of skatlib runs.  The row says
which share of the 0.1.0 figure that is, so how much of the target's budget is
left for skatlib's own modules.

Every figure is printed with its ratio to the current one; the target of
issue 18 is a current figure at most half of the 0.1.0 one, judged on the
fastest run of each (on a busy machine the median mostly measures the load).
The rows take turns, one fresh interpreter of each per repeat, so that a change
of load hits every row alike.  Nothing here is asserted: import times depend on
the machine and its load, so compare the ratios of one run, not figures of
different runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE_REF = "2864dc4"
"""The last commit whose ``skatlib/__init__.py`` imported the bot toolkit and the
search engine eagerly (the parent of the commit that made the top level lazy, PEP 562)."""
TARGET_RATIO = 0.5


def import_times(stderr: str) -> dict[str, int]:
    """Cumulative microseconds of each top-level import in ``-X importtime`` output.

    >>> out = ("import time: self [us] | cumulative | imported package\\n"
    ...        "import time:       120 |        120 |   attrs._make\\n"
    ...        "import time:        80 |        300 | skatlib\\n")
    >>> import_times(out)
    {'skatlib': 300}
    """
    times: dict[str, int] = {}
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        fields = line[len("import time:"):].split("|")
        if len(fields) != 3 or not fields[1].strip().isdigit():
            continue
        name = fields[2]
        if name.startswith(" ") and not name.startswith("  "):  # one space: top level
            times[name.strip()] = times.get(name.strip(), 0) + int(fields[1])
    return times


Job = tuple[Path, str, tuple[str, ...]]
"""What one row runs: the source folder on ``PYTHONPATH``, the code, and the packages
whose top-level imports count."""


def _env(src: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "PYTHONSTARTUP"}}
    env["PYTHONPATH"] = str(src)
    check = [sys.executable, "-c", "import skatlib; print(skatlib.__file__)"]
    where = subprocess.run(check, env=env, capture_output=True, text=True, check=True,
                           cwd=tempfile.gettempdir()).stdout.strip()
    if not Path(where).resolve().is_relative_to(src.resolve()):
        raise SystemExit(f"import_time: skatlib came from {where}, not from {src}")
    return env


_CPU_TAG = "import_time cpu_ms:"
_TIMED = ("import time as _t; _c = _t.process_time()\n{code}\nimport sys as _s; "
          "_s.stderr.write(f'" + _CPU_TAG + " {{1000 * (_t.process_time() - _c)}}\\n')")
"""The child runs ``code`` between two readings of its own CPU clock: unlike the wall
clock, that figure does not grow while the process waits for a busy machine's CPUs."""


def _run_once(env: dict[str, str], code: str, roots: tuple[str, ...]) -> tuple[float, float]:
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", _TIMED.format(code=code)],
                         env=env, capture_output=True, text=True, check=True,
                         cwd=tempfile.gettempdir())
    total = sum(us for name, us in import_times(out.stderr).items()
                if name.partition(".")[0] in roots)
    cpu = next(float(line.split(":")[1]) for line in out.stderr.splitlines()
               if line.startswith(_CPU_TAG))
    return total / 1000, cpu


def measure(jobs: dict[str, Job], repeats: int) -> dict[str, tuple[list[float], list[float]]]:
    """For each job, milliseconds for the top-level imports of its packages, one per
    fresh interpreter: the ``-X importtime`` figures (wall clock) and the CPU time the
    child spent running the code (:data:`_TIMED`).  The jobs take turns (one run of
    each per repeat, after one warm-up run each that writes the byte code), so a
    change of load hits all alike."""
    envs = {key: _env(src) for key, (src, _, _) in jobs.items()}
    for key, (_, code, roots) in jobs.items():
        _run_once(envs[key], code, roots)
    runs: dict[str, tuple[list[float], list[float]]] = {key: ([], []) for key in jobs}
    for _ in range(repeats):
        for key, (_, code, roots) in jobs.items():
            wall, cpu = _run_once(envs[key], code, roots)
            runs[key][0].append(wall)
            runs[key][1].append(cpu)
    return runs


def unpack(ref: str, into: Path) -> Path | None:
    """``src/`` of ``ref`` unpacked into ``into``; None (with the reason printed) if not."""
    try:
        data = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"],
                              capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        reason = getattr(exc, "stderr", b"") or str(exc).encode()
        print(f"0.1.0 baseline skipped: git archive {ref} failed: "
              f"{reason.decode(errors='replace').strip()}")
        return None
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data") if sys.version_info >= (3, 12) else (
            tar.extractall(into))  # our own repository's archive
    return into / "src"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=15,
                        help="repeats, each one fresh interpreter per row; the median is "
                             "reported (default %(default)s)")
    parser.add_argument("--ref", default=BASELINE_REF,
                        help="the commit of the 0.1.0 baseline (default %(default)s)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)

    src = ROOT / "src"
    sys.path.insert(0, str(src))
    import skatlib

    lazy = sorted(set(skatlib._LAZY.values()))
    eager_code = "import skatlib; " + "; ".join(f"import skatlib.{m}" for m in lazy)
    skat = ("skatlib",)
    jobs: dict[str, Job] = {"now": (src, "import skatlib", skat),
                            "eager": (src, eager_code, skat)}
    with tempfile.TemporaryDirectory(prefix="skatlib-import-") as tmp:
        old = unpack(args.ref, Path(tmp))
        if old is not None:
            jobs["0.1.0"] = (old, "import skatlib", skat)
        jobs["attrs"] = (src, "import typing, attrs", ("typing", "attrs"))
        runs = measure(jobs, args.repeats)

    labels = {"now": "import skatlib: this tree (lazy top level)",
              "eager": "this tree, the lazy modules imported eagerly",
              "attrs": "attrs + typing alone (import typing, attrs)",
              "0.1.0": f"0.1.0 before the lazy top level ({args.ref})"}
    print(f"python {sys.version.split()[0]}, {args.repeats} fresh interpreters each, taking "
          "turns; ms of skatlib in -X importtime (median, min) and CPU ms of the import "
          "(min)")
    best = {key: min(wall) for key, (wall, _) in runs.items()}
    cpu = {key: min(c) for key, (_, c) in runs.items()}
    for key, (wall, _) in runs.items():
        print(f"  {labels[key]:<58} {statistics.median(wall):7.1f} {best[key]:7.1f}  "
              f"cpu {cpu[key]:6.1f}  now/this {best['now'] / best[key]:.2f}, "
              f"cpu {cpu['now'] / cpu[key]:.2f}")
    if "0.1.0" in runs:
        ratio = best["now"] / best["0.1.0"]
        verdict = "met" if ratio <= TARGET_RATIO else "missed"
        print(f"target now <= {TARGET_RATIO:.2f} x 0.1.0 (fastest -X importtime run): "
              f"{ratio:.2f}, {verdict}; by CPU time {cpu['now'] / cpu['0.1.0']:.2f}")
        floor = best["attrs"] / best["0.1.0"]
        print(f"attrs + typing alone are {floor:.2f} x 0.1.0 (CPU "
              f"{cpu['attrs'] / cpu['0.1.0']:.2f}): skatlib's own modules take "
              f"{(best['now'] - best['attrs']) / best['0.1.0']:.2f} x 0.1.0 of the "
              f"{TARGET_RATIO:.2f} budget")
    if args.json:
        figures = {key: {"importtime_ms": wall, "cpu_ms": cpu} for key, (wall, cpu) in runs.items()}
        args.json.write_text(json.dumps({"python": sys.version.split()[0], "ref": args.ref,
                                         "runs": figures}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
