#!/usr/bin/env python
"""The double-dummy solver and the PIMC bot: time, nodes and the arena.

    python benchmarks/solver.py --realistic         # 30 RuleBot deals (the docs' figures)
    python benchmarks/solver.py                     # 40 random hand deals, flags on 12
    python benchmarks/solver.py --deals 100 --seed 7
    python benchmarks/solver.py --quick             # smoke run, a few seconds
    python benchmarks/solver.py --arena 200         # also PIMC vs random and vs rule
    python benchmarks/solver.py --memory 20         # memory of solve()'s tables

What is measured, on one core (CPU time unless ``--timer wall``):

* ``solve`` from the first lead.  With ``--realistic`` (the figures the docs
  quote) on deals as they arise at a table: three :class:`~skatlib.RuleBot`
  players bid, the winner picks up the skat, puts two cards away and declares
  (suit, grand or null; deals that everybody passes are skipped).  Without it
  (the old mode, kept for comparison) on random full deals: a random suit or
  grand game, declared hand by a random seat (the skat lies untouched and
  counts for the declarer) -- lopsided contracts that need far fewer nodes.
  Median, 90th percentile, mean and max time, nodes (trick-start positions
  searched) and nodes per second.
* the effect of each search enhancement: the same deals with one of them
  switched off, and issue 17's (equivalent transposition keys, history
  heuristic, the target 61 probed first, the defenders' killer leads, the
  suit-isomorphism keys, the quasi-symmetry bounds) each alone on top of the
  solver before them, and the
  quick bounds from sure tricks and the suit-isomorphism keys (off by
  default) on top of the default (``--rows`` picks rows by index).  A run
  that passes ``--node-cap`` nodes is stopped and shown as ``>``; "same" says
  whether every value equals the all-on row's.
* with ``--memory N``: the memory (tracemalloc) that the module-level solver
  behind :func:`skatlib.search.solve` holds across N calls -- bounded by
  ``DEFAULT_TT_LIMIT`` entries -- and after :func:`skatlib.search.clear_cache`.
* with ``--arena N``: ``skat arena`` over N duplicate deals, PIMC against two
  random bots and against two rule bots (``--workers`` processes).
"""

from __future__ import annotations

import argparse
import collections
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
    Phase,
    PlayHand,
    RuleBot,
    _tables,
    apply,
    legal_actions,
    new_game,
    observe,
)
from skatlib.bots.basic import declaration_step
from skatlib.cli.arena import add_arguments as arena_arguments
from skatlib.cli.arena import run as arena_run
from skatlib.search import solver as solver_module
from skatlib.search.solver import SearchAborted, Solver

OLD = {"eqkeys": False, "history": False, "targets": False, "killers": False, "qsym": False,
       "endgame": False}
"""The solver before issue 17: its enhancements off."""

OLDER = {"tt", "ordering", "equivalence", "mtdf"}
"""The enhancements the solver had before issue 17."""

FLAGS: tuple[tuple[str, dict[str, bool]], ...] = (
    ("all on", {}),
    ("before issue 17 (its enhancements off)", OLD),
    ("  + equivalent transposition keys alone", {**OLD, "eqkeys": True}),
    ("  + history heuristic alone", {**OLD, "history": True}),
    ("  + target 61 probed first alone", {**OLD, "targets": True}),
    ("no equivalent transposition keys", {"eqkeys": False}),
    ("with the history heuristic (off by default)", {"history": True}),
    ("no target 61 first", {"targets": False}),
    ("with the quick bounds (off by default)", {"bounds": True}),
    ("no transposition table", {"tt": False}),
    ("no move ordering", {"ordering": False}),
    ("no equivalent cards", {"equivalence": False}),
    ("no MTD(f) (one full-window search)", {"mtdf": False}),
    ("  + killer leads for the defenders alone", {**OLD, "killers": True}),
    ("  + suit-isomorphism keys alone", {**OLD, "isokeys": True}),
    ("no killer leads", {"killers": False}),
    ("with suit-isomorphism keys (off by default)", {"isokeys": True}),
    ("no quasi-symmetry bounds", {"qsym": False}),
    ("  + quasi-symmetry bounds alone", {**OLD, "qsym": True}),
    ("no two-trick endgame", {"endgame": False}),
    ("  + two-trick endgame alone", {**OLD, "endgame": True}),
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


def realistic_first_lead(rng: random.Random, null: bool = False) -> GameState:
    """The first lead of a deal as it arises at a table: three RuleBots bid, pick up
    the skat, put two cards away and declare (their public ``act``).  Deals that
    everybody passes are dealt again.

    RuleBot declares no null game (none in 1,500 deals), so with ``null`` the
    bidding's winner, after RuleBot's pickup, declares a plain null instead and
    puts away his two highest cards in the null order (``declaration_step`` with
    that choice; a deal whose bid is too high for null is dealt again)."""
    bots = (RuleBot(), RuleBot(), RuleBot())
    while True:
        s = new_game(Deal.shuffled(rng))
        while s.phase != Phase.PLAYING and not s.is_finished:
            seat = s.to_move_index
            o = observe(s, seat)
            legal = legal_actions(s)
            if null and s.phase == Phase.DECLARING:
                action = declaration_step(o, legal, _null_choice)
            else:
                action = bots[seat].act(o, legal)
            s = apply(s, action)
        if s.phase == Phase.PLAYING and (not null or s.game_type_index == _tables.NULL):
            return s


def _null_choice(cards: int, options: Sequence[tuple[Contract, int]]) -> int:
    """Plain null, putting away the two cards highest in the null order."""
    strength = _tables.KEY[_tables.NULL]

    def key(i: int) -> tuple[bool, int]:
        c, discard = options[i]
        plain = c.game_type == GameType.NULL and not (c.hand or c.ouvert)
        return plain, sum(strength[x][x] for x in _tables.mask_cards(discard))
    return max(range(len(options)), key=key)


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


def parse_config(text: str) -> dict[str, bool]:
    """``"tt=0,ordering=1"`` -> the :class:`Solver` flags."""
    out: dict[str, bool] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        out[name.strip()] = value.strip() not in ("0", "false", "off")
    return out


def solve_set(states: Sequence[GameState], flags: dict[str, bool], out: TextIO
              ) -> tuple[list[float], list[int], list[int | None]]:
    """Solve each state with a fresh :class:`Solver` (``flags``), print a line per deal
    and the summary: median, 90th percentile, mean and max time, nodes, nodes/s."""
    times: list[float] = []
    nodes: list[int] = []
    values: list[int | None] = []
    for i, s in enumerate(states):
        dt, n, value = timed_solve(s, flags, None)
        times.append(dt)
        nodes.append(n)
        values.append(value)
        assert s.contract is not None
        unit = "points" if s.game_type_index < _tables.NULL else "clean "
        out.write(f"  deal {i:>3} {s.contract!s:<6} declarer {s.declarer_index}: "
                  f"{value:>3} {unit} {dt:7.2f} s {n:>10,} nodes\n")
        out.flush()
    total = sum(times)
    types = collections.Counter(s.contract.game_type.title for s in states if s.contract)
    out.write(f"{len(states)} deals ({', '.join(f'{n} {t}' for t, n in types.items())}): "
              f"median {statistics.median(times):.2f} s, 90th percentile "
              f"{percentile(times, 90):.2f} s, mean {total / len(times):.2f} s, max "
              f"{max(times):.2f} s\n")
    out.write(f"median {statistics.median(nodes):,.0f} nodes, 90th percentile "
              f"{percentile(nodes, 90):,.0f}, max {max(nodes):,}; "
              f"{sum(nodes) / max(total, 1e-9):,.0f} nodes/s\n\n")
    return times, nodes, values


def flag_table(subset: Sequence[GameState], args: argparse.Namespace, out: TextIO) -> None:
    """The table of the enhancements: each row's configuration on ``subset``."""
    out.write(f"enhancements on the first {len(subset)} deals (node cap "
              f"{args.node_cap:,}; 'same' = every value equals the first row's)\n")
    out.write(f"  {'configuration':<44} {'time':>10} {'nodes':>13} {'vs all on':>9} "
              f"{'vs before':>9} same\n")
    base_nodes = 0
    old_nodes = 0
    base_values: list[int | None] = []
    rows = [r for r in FLAGS if not (args.new_flags_only and r[1].keys() & OLDER)]
    if args.rows:  # a part of the table (to spread it over processes)
        rows = [FLAGS[int(i)] for i in args.rows.split(",")]
    for row, (label, flags) in enumerate(rows):
        t_sum = 0.0
        n_sum = 0
        capped = False
        values: list[int | None] = []
        for s in subset:
            dt, n, value = timed_solve(s, flags, args.node_cap if row else None)
            t_sum += dt
            n_sum += n
            capped = capped or value is None
            values.append(value)
        if not row:
            base_nodes, base_values = n_sum, values
        if flags == OLD:
            old_nodes = n_sum
        same = all(v is None or v == b for v, b in zip(values, base_values))
        mark = ">" if capped else " "
        ratio = f"{mark}{n_sum / base_nodes:.2f}x" if base_nodes else "-"
        vs_old = f"{mark}{n_sum / old_nodes:.2f}x" if old_nodes else "-"
        out.write(f"  {label:<44} {mark}{t_sum:8.1f} s {mark}{n_sum:>11,} {ratio:>9} "
                  f"{vs_old:>9} {'yes' if same else 'NO'}\n")
        out.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--realistic", action="store_true",
                        help="deals bid, discarded and declared by RuleBots (default 30 "
                             "deals); without it random hand contracts (default 40)")
    parser.add_argument("--deals", type=int, default=None,
                        help="deals to solve (default 30 with --realistic, else 40)")
    parser.add_argument("--nulls", type=int, default=10,
                        help="with --realistic: also this many null games (default 10)")
    parser.add_argument("--config", default="",
                        help="Solver flags of the main run, e.g. 'tt=0,mtdf=0'")
    parser.add_argument("--new-flags-only", action="store_true",
                        help="the enhancement table without the older four's rows")
    parser.add_argument("--slice", default="",
                        help="solve only deals A..B-1 of the sequence ('A:B'), to spread "
                             "a run over processes (the deals stay the same)")
    parser.add_argument("--rows", default="",
                        help="only these rows of the enhancement table (indices, e.g. "
                             "'0,2'); the ratios are to the first one given")
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
    if args.deals is None:
        args.deals = 30 if args.realistic else 40
    if args.quick:
        args.deals, args.flag_deals, args.node_cap, args.nulls = 4, 2, 200_000, 2
    out = sys.stdout
    rng = random.Random(args.seed)
    make = realistic_first_lead if args.realistic else first_lead
    if args.memory:
        memory_run([make(rng) for _ in range(args.memory)], out, args.tt_limit)
        return 0
    states = [make(rng) for _ in range(args.deals)]
    if args.slice:
        first, _, last = args.slice.partition(":")
        states = states[int(first or 0):int(last or args.deals)]

    kind = ("RuleBot deals (bid, skat, discard, declared)" if args.realistic
            else "random suit/grand hand deals")
    config = parse_config(args.config)
    out.write(f"solve() from the first lead, {args.deals} {kind} (seed {args.seed}, "
              f"{args.timer} time{', ' + args.config if args.config else ''})\n")
    if not args.rows:
        solve_set(states, config, out)
    if args.realistic and args.nulls and not args.rows:
        nrng = random.Random(args.seed + 1_000_003)
        nulls = [realistic_first_lead(nrng, null=True) for _ in range(args.nulls)]
        out.write(f"null games: {args.nulls} RuleBot-bid deals declared null after the "
                  "pickup (RuleBot declares none)\n")
        solve_set(nulls, config, out)

    subset = states[:args.flag_deals]
    if subset:  # --flag-deals 0: no table of the enhancements
        flag_table(subset, args, out)

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
