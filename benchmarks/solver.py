#!/usr/bin/env python
"""The double-dummy solver and the PIMC bot: time, nodes and the arena.

    python benchmarks/solver.py                     # 40 deals, flags on 12 of them
    python benchmarks/solver.py --deals 100 --seed 7
    python benchmarks/solver.py --quick             # smoke run, a few seconds
    python benchmarks/solver.py --arena 200         # also PIMC vs random and vs rule
    python benchmarks/solver.py --memory 20         # memory of solve()'s tables

What is measured, on one core (CPU time unless ``--timer wall``):

* ``solve`` from the first lead of random full deals (30 cards in play): a
  random suit or grand game, declared hand by a random seat (the skat lies
  untouched and counts for the declarer).  Median, 90th percentile and mean
  time, nodes (trick-start positions searched) and nodes per second.
* the effect of each search enhancement: the same deals with one of
  transposition table, move ordering, equivalent cards or MTD(f) switched off.
  A run that passes ``--node-cap`` nodes is stopped and shown as ``>``.
* with ``--memory N``: the memory (tracemalloc) that the module-level solver
  behind :func:`skatlib.search.solve` holds across N calls -- bounded by
  ``DEFAULT_TT_LIMIT`` entries -- and after :func:`skatlib.search.clear_cache`.
* with ``--arena N``: ``skat arena`` over N duplicate deals, PIMC against two
  random bots and against two rule bots (``--workers`` processes).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence
from typing import TextIO

from skatlib import (
    Action,
    Bid,
    Contract,
    Deal,
    Declare,
    GameState,
    GameType,
    Pass,
    PlayHand,
    apply,
    new_game,
)
from skatlib.cli.arena import add_arguments as arena_arguments
from skatlib.cli.arena import run as arena_run
from skatlib.search import solver as solver_module
from skatlib.search.solver import SearchAborted, Solver

FLAGS: tuple[tuple[str, dict[str, bool]], ...] = (
    ("all on", {}),
    ("no transposition table", {"tt": False}),
    ("no move ordering", {"ordering": False}),
    ("no equivalent cards", {"equivalence": False}),
    ("no MTD(f) (one full-window search)", {"mtdf": False}),
)


def first_lead(rng: random.Random) -> GameState:
    """A random deal, a random seat declaring a random suit or grand hand game."""
    deal = Deal.shuffled(rng)
    declarer = rng.randrange(3)
    contract = Contract(GameType(rng.randrange(5)), hand=True)
    s = new_game(deal)
    seqs: dict[int, list[Action]] = {0: [Pass(), Pass(), Bid(18)], 1: [Bid(18), Pass(), Pass()],
                                     2: [Pass(), Bid(18), Pass()]}
    for a in [*seqs[declarer], PlayHand(), Declare(contract)]:
        s = apply(s, a)
    return s


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


CLOCK = time.process_time
"""The timer: CPU time of this process by default (``--timer wall`` for wall time),
so that other work on the machine does not inflate the figures."""


def timed_solve(state: GameState, flags: dict[str, bool], cap: int | None
                ) -> tuple[float, int, int | None]:
    """(seconds, nodes, value or None if the node cap stopped it)."""
    solver = Solver(**flags)
    solver.node_limit = cap
    start = CLOCK()
    try:
        value: int | None = solver.solve(state)
    except SearchAborted:
        value = None
    return CLOCK() - start, solver.nodes, value


def memory_run(states: Sequence[GameState], out: TextIO, tt_limit: int | None) -> None:
    """Solve ``states`` one after another with the module-level ``solve()`` and show
    the memory its solver holds (tracemalloc: current and peak) and its entries.
    ``tt_limit`` replaces the default bound of that solver (to see the bound act)."""
    solver_module.clear_cache()
    limit = solver_module.DEFAULT_TT_LIMIT if tt_limit is None else tt_limit
    if tt_limit is not None:
        solver_module._DEFAULT.append(Solver(tt_limit=tt_limit))
    tracemalloc.start()
    out.write(f"memory of solve() over {len(states)} deals (tracemalloc; tt_limit "
              f"{limit:,} entries)\n")
    peak = 0
    for i, s in enumerate(states):
        solver_module.solve(s)
        current, peak = tracemalloc.get_traced_memory()
        entries, evictions = solver_module._default().entries, solver_module._default().evictions
        per = current / entries if entries else 0.0
        out.write(f"  after deal {i:>3}: {entries:>9,} entries, {evictions} "
                  f"evictions, {current / 2**20:8.1f} MiB now ({per:5.0f} B/entry), peak "
                  f"{peak / 2**20:8.1f} MiB\n")
    solver_module.clear_cache()
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.write(f"after clear_cache(): {current / 2**20:.1f} MiB (peak was "
              f"{peak / 2**20:.1f} MiB); max RSS of the process {rss:.0f} MiB\n\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="deals to solve (default 40)")
    parser.add_argument("--flag-deals", type=int, default=12,
                        help="deals for the enhancement table (default 12)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--node-cap", type=int, default=3_000_000,
                        help="stop a run with an enhancement off after this many nodes")
    parser.add_argument("--arena", type=int, default=0,
                        help="also run the arena over this many duplicate deals")
    parser.add_argument("--workers", type=int, default=1, help="arena processes (default 1)")
    parser.add_argument("--memory", type=int, default=0,
                        help="only measure the memory of solve() over this many deals")
    parser.add_argument("--tt-limit", type=int, default=None,
                        help="with --memory: the bound of solve()'s solver (default "
                             "DEFAULT_TT_LIMIT)")
    parser.add_argument("--quick", action="store_true", help="smoke run")
    parser.add_argument("--timer", choices=("cpu", "wall"), default="cpu",
                        help="CPU time of this process (default) or wall time")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.timer == "cpu" else time.perf_counter
    if args.quick:
        args.deals, args.flag_deals, args.node_cap = 4, 2, 200_000
    out = sys.stdout
    rng = random.Random(args.seed)
    if args.memory:
        memory_run([first_lead(rng) for _ in range(args.memory)], out, args.tt_limit)
        return 0
    states = [first_lead(rng) for _ in range(args.deals)]

    out.write(f"solve() from the first lead, {args.deals} random suit/grand hand deals "
              f"(seed {args.seed}, {args.timer} time)\n")
    times: list[float] = []
    nodes: list[int] = []
    for i, s in enumerate(states):
        dt, n, value = timed_solve(s, {}, None)
        times.append(dt)
        nodes.append(n)
        assert s.contract is not None
        out.write(f"  deal {i:>3} {s.contract.game_type.title:<8} declarer {s.declarer_index}: "
                  f"{value:>3} points  {dt:7.2f} s  {n:>9,} nodes\n")
    total = sum(times)
    out.write(f"median {statistics.median(times):.2f} s, 90th percentile "
              f"{percentile(times, 90):.2f} s, mean {total / len(times):.2f} s, max "
              f"{max(times):.2f} s\n")
    out.write(f"median {statistics.median(nodes):,.0f} nodes, {sum(nodes) / total:,.0f} "
              f"nodes/s\n\n")

    subset = states[:args.flag_deals]
    out.write(f"enhancements on the first {len(subset)} deals (node cap "
              f"{args.node_cap:,})\n")
    out.write(f"  {'configuration':<36} {'time':>10} {'nodes':>13} {'vs all on':>10}\n")
    base_nodes = 0
    for label, flags in FLAGS:
        t_sum = 0.0
        n_sum = 0
        capped = False
        for s in subset:
            dt, n, value = timed_solve(s, flags, args.node_cap if flags else None)
            t_sum += dt
            n_sum += n
            capped = capped or value is None
        if not flags:
            base_nodes = n_sum
        mark = ">" if capped else " "
        ratio = f"{mark}{n_sum / base_nodes:.1f}x" if base_nodes else "-"
        out.write(f"  {label:<36} {mark}{t_sum:8.1f} s {mark}{n_sum:>11,} {ratio:>10}\n")

    if args.arena > 0:
        for bots in ("pimc,random,random", "pimc,rule,rule"):
            out.write("\n")
            out.flush()
            p = argparse.ArgumentParser()
            arena_arguments(p)
            arena_run(p.parse_args(["--bots", bots, "--deals", str(args.arena), "--seed",
                                    str(args.seed), "--workers", str(args.workers)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
