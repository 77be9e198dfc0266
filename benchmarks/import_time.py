"""How long ``import skatlib`` takes, against baselines measured in the same run.

    python benchmarks/import_time.py [--repeats 15] [--ref REV] [--json FILE]

The figure is the cumulative time of ``skatlib`` in
``python -X importtime -c "import skatlib"`` (the median of ``--repeats``
fresh interpreters, after one warm-up run that writes the byte code).  Two
baselines, each measured here in the same way and in the same run:

* **eager**: this tree with everything the lazy top level defers loaded up
  front (``import skatlib`` plus each module of ``skatlib._LAZY``), i.e. what
  ``import skatlib`` cost when the bot toolkit and the search engine were
  imported eagerly;
* **0.1.0**: the source of ``--ref`` (default: the last commit of 0.1.0 before
  the top level became lazy), unpacked with ``git archive`` into a temporary
  folder.  Skipped, with the reason printed, where git or the commit is not
  there (in an unpacked sdist, say).

Every figure is printed with its ratio to the current one; the target of
issue 18 is a current figure at most half of the 0.1.0 one, judged on the
fastest run of each (on a busy machine the median mostly measures the load).  Nothing here is
asserted: import times depend on the machine and its load, so compare the
ratios of one run, not figures of different runs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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


def measure(src: Path, code: str, repeats: int) -> tuple[list[float], list[float]]:
    """Milliseconds for skatlib's top-level imports in ``code``, one per fresh interpreter:
    the ``-X importtime`` figures (wall clock) and the CPU time of the whole process."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "PYTHONSTARTUP"}}
    env["PYTHONPATH"] = str(src)
    check = [sys.executable, "-c", "import skatlib; print(skatlib.__file__)"]
    where = subprocess.run(check, env=env, capture_output=True, text=True, check=True,
                           cwd=tempfile.gettempdir()).stdout.strip()
    if not Path(where).resolve().is_relative_to(src.resolve()):
        raise SystemExit(f"import_time: skatlib came from {where}, not from {src}")
    wall, cpu = [], []
    for run in range(repeats + 1):  # the first run writes the byte code
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", code], env=env,
                             capture_output=True, text=True, check=True,
                             cwd=tempfile.gettempdir())
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        total = sum(us for name, us in import_times(out.stderr).items()
                    if name == "skatlib" or name.startswith("skatlib."))
        if run:
            wall.append(total / 1000)
            cpu.append(1000 * (after.ru_utime + after.ru_stime
                               - before.ru_utime - before.ru_stime))
    return wall, cpu


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
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--ref", default=BASELINE_REF,
                        help="the commit of the 0.1.0 baseline (default %(default)s)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)

    src = ROOT / "src"
    sys.path.insert(0, str(src))
    import skatlib

    lazy = sorted(set(skatlib._LAZY.values()))
    eager_code = "import skatlib; " + "; ".join(f"import skatlib.{m}" for m in lazy)
    runs = {"empty": measure(src, "pass", args.repeats),
            "now": measure(src, "import skatlib", args.repeats),
            "eager": measure(src, eager_code, args.repeats)}
    with tempfile.TemporaryDirectory(prefix="skatlib-import-") as tmp:
        old = unpack(args.ref, Path(tmp))
        if old is not None:
            runs["0.1.0"] = measure(old, "import skatlib", args.repeats)

    labels = {"empty": "an empty interpreter (python -c pass)",
              "now": "import skatlib: this tree (lazy top level)",
              "eager": "this tree, the lazy modules imported eagerly",
              "0.1.0": f"0.1.0 before the lazy top level ({args.ref})"}
    print(f"python {sys.version.split()[0]}, {args.repeats} fresh interpreters each; ms of "
          "skatlib in -X importtime (median, min) and CPU ms of the process above an empty "
          "interpreter (min)")
    best = {key: min(wall) for key, (wall, _) in runs.items()}
    cpu = {key: min(c) - min(runs["empty"][1]) for key, (_, c) in runs.items()}
    for key, (wall, _) in runs.items():
        if key != "empty":
            print(f"  {labels[key]:<58} {statistics.median(wall):7.1f} {best[key]:7.1f}  "
                  f"cpu {cpu[key]:6.1f}  now/this {best['now'] / best[key]:.2f}, "
                  f"cpu {cpu['now'] / cpu[key]:.2f}")
    if "0.1.0" in runs:
        ratio = best["now"] / best["0.1.0"]
        verdict = "met" if ratio <= TARGET_RATIO else "missed"
        print(f"target now <= {TARGET_RATIO:.2f} x 0.1.0 (fastest -X importtime run): "
              f"{ratio:.2f}, {verdict}; by CPU time {cpu['now'] / cpu['0.1.0']:.2f}")
    if args.json:
        figures = {key: {"importtime_ms": wall, "cpu_ms": cpu} for key, (wall, cpu) in runs.items()}
        args.json.write_text(json.dumps({"python": sys.version.split()[0], "ref": args.ref,
                                         "runs": figures}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
