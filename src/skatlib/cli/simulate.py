"""``skat simulate``: play many random deals in parallel and print statistics.

Runs :func:`skatlib.simulate` on a local process pool: throughput, then the
aggregate statistics (deals passed in, declarer win rate and mean score by
game type, Seeger-Fabian means).  The figures depend on ``--seed`` only, never
on ``--workers``.  On a terminal a progress bar is kept on standard error.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_arguments(p)
>>> run(p.parse_args(["--deals", "12", "--workers", "0", "--seed", "5"]))  # doctest: +ELLIPSIS
12 deals in ... s (... deals/s) in this process, seed 5
12 deals: ... passed in (...%), ... games, declarer won ...
...
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TextIO

from .._text import write_line as _write
from ..bots import BOTS
from ..bots.simulation import MAX_DEALS, check_deals, simulate
from ..errors import Reason, SkatError
from ..rules import preset
from ._common import is_terminal

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``skat simulate`` to ``parser``."""
    parser.add_argument("--deals", type=int, default=10_000, metavar="N",
                        help=f"deals to play (default 10000, at most {MAX_DEALS:,})")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="worker processes (default: one per CPU; 0: no pool, play in "
                        "this process)")
    parser.add_argument("--seed", type=int, default=0, metavar="N",
                        help="the statistics depend on the seed only (default 0)")
    parser.add_argument("--bots", default="random", metavar="NAME",
                        help=f"bot for every seat, or three joined by commas: "
                        f"{', '.join(BOTS)}, module:Class (a module importable from the "
                        "current directory) or cmd:COMMAND (a program speaking the bot "
                        "protocol); default random")
    parser.add_argument("--rules", default="isko", metavar="NAME",
                        help="rules preset: isko (official), pub, iss (default isko)")
    parser.add_argument("--chunk-size", type=int, default=None, metavar="N",
                        help="deals per task (default: about 8 tasks per worker)")
    parser.add_argument("--json", action="store_true",
                        help="print the statistics as one JSON object")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress bar (it is shown only on a terminal anyway)")


class _Bar:
    """A one-line progress bar on a terminal; silent elsewhere."""

    def __init__(self, stream: TextIO, enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < total and now - self.last < 0.2:
            return
        self.last = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        frac = done / total if total else 1.0
        width = 30
        filled = int(width * frac)
        eta = (total - done) / rate if rate > 0 else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {100 * frac:5.1f}% "
                          f"{done:,}/{total:,} deals  {rate:,.0f}/s  ETA {eta:,.0f} s ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 79 + "\r")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    """Run ``skat simulate``; return the exit code (0).

    :raises SkatError: for a bad number of deals or workers, or an unknown bot.
    """
    check_deals(args.deals, "--deals")
    rules = preset(getattr(args, "rules", "isko"))
    if args.workers is not None and args.workers < 0:
        raise SkatError(f"--workers must be >= 0, not {args.workers}", Reason.BAD_TABLE)
    names = [n.strip() for n in args.bots.split(",")]
    bots = names[0] if len(names) == 1 else names
    tty = is_terminal(sys.stderr) and not args.no_progress
    bar = _Bar(sys.stderr, tty)
    try:
        stats = simulate(args.deals, bots, rules, seed=args.seed, progress=bar,
                         workers=args.workers, chunk_size=args.chunk_size)
    finally:
        bar.close()
    where = (f"{stats.workers} worker process{'es' if stats.workers != 1 else ''}"
             if stats.workers else "this process")
    if args.json:
        doc = stats.to_dict()
        doc["seed"] = args.seed
        doc["rules"] = rules.name
        doc["cpus"] = os.cpu_count()
        _write(sys.stdout, json.dumps(doc, indent=2))
        return 0
    _write(sys.stdout, f"{stats.deals:,} deals in {stats.elapsed:.2f} s "
           f"({stats.deals_per_second:,.0f} deals/s) in {where}, seed {args.seed}")
    _write(sys.stdout, stats.summary())
    return 0
