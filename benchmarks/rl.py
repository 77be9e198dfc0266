#!/usr/bin/env python
"""Speed of :mod:`skatlib.encoding` and the learning-framework adapters, in one command.

    python benchmarks/rl.py            # full run: median of 5 interleaved repeats
    python benchmarks/rl.py --quick    # smoke run, a few seconds
    python benchmarks/rl.py --json out.json

Figures (each the median of the repeats; repeats are interleaved, so a load spike on
the machine hits every figure alike):

* µs per call of ``observation_tensor``, ``information_state_tensor`` (each on a pool
  of card-play observations of RuleBot deals) and ``legal_mask`` (on their states),
  beside ``observe`` on the same states (the baseline the tensors are built from);
  each repeat takes the best of three passes over the pool;
* PettingZoo agent steps/s: ``skatlib.contrib.pettingzoo.env()`` played to the end
  again and again with random legal actions taken from ``action_mask`` (``last()``,
  ``step()``, the dead steps included), beside OpenSpiel's C++ ``skat`` stepped from
  Python with random legal actions (its 32 chance actions included) in the same run,
  once bare and once asking for the mover's ``observation_tensor`` at each decision
  (what the PettingZoo env gives its agent every step);
* ``examples_from_records`` on the ISS records of ``tests/data/iss``: records/s and
  examples/s, as lists and with ``numpy=True`` (``..._numpy_records_per_s``), beside
  the floor under them: the same records replayed with each decision's legal mask and
  action id but no tensor (``..._replay_records_per_s``);
* ``pettingzoo_raw_env_steps_per_s``: the same loop on ``raw_env`` (without the
  order-enforcing wrapper of ``env()``).

The PettingZoo target of issue 15 (≥ 0.25× OpenSpiel's C++ ``skat`` stepped from
Python) is taken against OpenSpiel asked for its observation tensor at each decision
(``ratio_pettingzoo_vs_openspiel_with_tensor``): a PettingZoo step hands its agent a
tensor, so the bare OpenSpiel loop (``ratio_pettingzoo_vs_openspiel``, printed too)
compares a step with a tensor to one without.

``calibration_sum_range_1000_us`` (plain ``sum(range(1000))``) tells how busy or fast
the machine was.  ``--cpu-time`` times every figure in this process's CPU time
(``time.process_time``) instead of wall time, which a busy machine distorts less (the
time the process waits for a core is left out; the OpenSpiel and PettingZoo loops are
single-threaded).  Ratios compare figures of the same run.  No figure is asserted: the
run never fails on speed (the targets of issue 15 are printed beside the figures).
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skatlib import (
    Deal,
    GameState,
    Phase,
    RuleBot,
    __version__,
    apply,
    new_game,
    observe,
    play_game,
)
from skatlib import encoding as E
from skatlib.formats.iss import read_records, to_game_record

ROOT = Path(__file__).resolve().parent.parent
CLOCK: Callable[[], float] = time.perf_counter
"""The clock of every figure: wall time, or with ``--cpu-time`` this process's CPU time."""
ISS_DATA = ROOT / "tests" / "data" / "iss" / "iss_records.sgf"

TARGETS = {  # issue 15
    "observation_tensor_us": ("<=", 10.0),
    "information_state_tensor_us": ("<=", 30.0),
    "legal_mask_us": ("<=", 1.0),
    "pettingzoo_steps_per_s": (">=", 30_000.0),
    # the fair comparison: a PettingZoo step hands its agent a tensor, so OpenSpiel is
    # asked for its observation tensor at each decision too (docs/rl.rst, "Speed")
    "ratio_pettingzoo_vs_openspiel_with_tensor": (">=", 0.25),
    "examples_from_records_records_per_s": (">=", 2_000.0),
    "examples_from_records_numpy_records_per_s": (">=", 2_000.0),
}


def _optional(name: str) -> Any:
    try:
        return __import__(name)
    except ImportError:
        return None


def card_play_states(deals: int, seed: int) -> list[GameState]:
    """The card-play states of RuleBot deals (a realistic auction and declaration)."""
    out: list[GameState] = []
    rng = random.Random(seed)
    bots = [RuleBot(), RuleBot(), RuleBot()]
    while len(out) < deals * 20:
        play_game(new_game(Deal.shuffled(rng)), bots,
                  on_action=lambda seat, action, s: out.append(s)
                  if s.phase is Phase.PLAYING else None)
    return out


def per_call(fn: Callable[[Any], object], items: list[Any]) -> Callable[[], float]:
    """µs per call over the pool: the best of three passes (a busy machine only ever
    slows a pass down)."""
    def run() -> float:
        best = math.inf
        for _ in range(3):
            start = CLOCK()
            for x in items:
                fn(x)
            best = min(best, CLOCK() - start)
        return best / len(items) * 1e6
    return run


def pettingzoo_steps(seconds: float, seed: int, raw: bool = False
                     ) -> Callable[[], float] | None:
    if _optional("pettingzoo") is None:
        return None
    import numpy as np

    from skatlib.contrib.pettingzoo import env, raw_env

    e = (raw_env if raw else env)(rules="isko")
    rng = random.Random(seed)
    e.reset(seed=seed)

    def run() -> float:
        steps = 0
        flat = np.flatnonzero
        r = rng.random
        start = CLOCK()
        while CLOCK() - start < seconds:
            for _ in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                else:
                    ids = flat(obs["action_mask"])
                    e.step(int(ids[int(r() * len(ids))]))
                steps += 1
            e.reset()
        return steps / (CLOCK() - start)
    return run


def openspiel_steps(seconds: float, seed: int, name: str = "skat",
                    observe_each: bool = False) -> Callable[[], float] | None:
    pyspiel = _optional("pyspiel")
    if pyspiel is None:
        return None
    if name.startswith("python_"):
        import skatlib.contrib.openspiel  # noqa: F401  (registers python_skatlib)
    game = pyspiel.load_game(name)
    rng = random.Random(seed)

    def run() -> float:
        steps = 0
        r = rng.random
        start = CLOCK()
        while CLOCK() - start < seconds:
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[int(r() * len(outcomes))][0])
                else:
                    if observe_each:  # what an agent is given: its tensor and the mask
                        s.observation_tensor(s.current_player())
                    legal = s.legal_actions()
                    s.apply_action(legal[int(r() * len(legal))])
                steps += 1
        return steps / (CLOCK() - start)
    return run


def records_rate(copies: int) -> tuple[Callable[[], float], Callable[[], float],
                                       Callable[[], float], Callable[[], float] | None] | None:
    if not ISS_DATA.exists():
        return None
    records = [to_game_record(r) for r in read_records(ISS_DATA)] * copies
    last: dict[str, float] = {}

    def records_per_s() -> float:
        start = CLOCK()
        n = sum(1 for _ in E.examples_from_records(records))
        dt = CLOCK() - start
        last["examples"] = n / dt
        return len(records) / dt

    def examples_per_s() -> float:
        return last.get("examples", 0.0)

    def numpy_records_per_s() -> float:
        start = CLOCK()
        for _ in E.examples_from_records(records, numpy=True):
            pass
        return len(records) / (CLOCK() - start)

    steps = [(record, list(E._factored(record.actions))) for record in records]

    def replay_per_s() -> float:
        """The records replayed as examples_from_records replays them (a legal mask and
        an action id per decision, each action applied), without any tensor."""
        start = CLOCK()
        for record, actions in steps:
            s = new_game(record.deal, record.rules, ramsch=record.ramsch)
            for a in actions:
                if type(a) not in E._SIDE_KINDS:
                    E.legal_mask(s)
                    E.action_id(a)
                s = apply(s, a, check=type(a) in E._SIDE_KINDS)
        return len(records) / (CLOCK() - start)
    # numpy=True is newer than 0.1.0: the script also measures older sources alike
    has_numpy = (_optional("numpy") is not None
                 and "numpy" in inspect.signature(E.examples_from_records).parameters)
    return records_per_s, examples_per_s, replay_per_s, numpy_records_per_s if has_numpy else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run (a few seconds)")
    parser.add_argument("--repeats", type=int, help="repeats per figure (default 5; quick 2)")
    parser.add_argument("--seconds", type=float,
                        help="seconds per environment measurement (default 2; quick 0.2)")
    parser.add_argument("--json", metavar="PATH", help="write every figure to this JSON file")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the deals and environments measured (default %(default)s)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time with this process's CPU time (time.process_time) instead "
                             "of wall time: on a shared, busy machine")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.cpu_time else time.perf_counter
    repeats = args.repeats or (2 if args.quick else 5)
    seconds = args.seconds or (0.2 if args.quick else 2.0)
    started = time.perf_counter()

    states = card_play_states(10 if args.quick else 100, args.seed)
    obs = [observe(s, s.to_move_index) for s in states]
    benches: dict[str, Callable[[], float] | None] = {
        "calibration_sum_range_1000_us": per_call(lambda n: sum(range(n)), [1000] * 200),
        "observe_us": per_call(lambda s: observe(s, s.to_move_index), states),
        "observation_tensor_us": per_call(E.observation_tensor, obs),
        "information_state_tensor_us": per_call(E.information_state_tensor, obs),
        "legal_mask_us": per_call(E.legal_mask, states),
        "pettingzoo_steps_per_s": pettingzoo_steps(seconds, args.seed),
        "pettingzoo_raw_env_steps_per_s": pettingzoo_steps(seconds, args.seed, raw=True),
        "openspiel_cpp_steps_per_s": openspiel_steps(seconds, args.seed),
        "openspiel_cpp_steps_with_tensor_per_s": openspiel_steps(seconds, args.seed,
                                                                 observe_each=True),
        "openspiel_python_skatlib_steps_per_s": openspiel_steps(seconds, args.seed,
                                                                "python_skatlib"),
    }
    rates = records_rate(1 if args.quick else 10)
    if rates is not None:
        benches["examples_from_records_records_per_s"] = rates[0]
        benches["examples_from_records_examples_per_s"] = rates[1]
        benches["examples_from_records_numpy_records_per_s"] = rates[3]
        benches["examples_from_records_replay_records_per_s"] = rates[2]
    runs: dict[str, list[float]] = {k: [] for k, b in benches.items() if b is not None}
    for _ in range(repeats):
        for key in runs:
            bench = benches[key]
            assert bench is not None
            runs[key].append(bench())
    figures: dict[str, float | None] = {
        k: (statistics.median(runs[k]) if k in runs else None) for k in benches}

    def ratio(a: str, b: str) -> float | None:
        x, y = figures.get(a), figures.get(b)
        return x / y if x and y else None

    figures["ratio_pettingzoo_vs_openspiel"] = ratio("pettingzoo_steps_per_s",
                                                     "openspiel_cpp_steps_per_s")
    figures["ratio_pettingzoo_vs_openspiel_with_tensor"] = ratio(
        "pettingzoo_steps_per_s", "openspiel_cpp_steps_with_tensor_per_s")
    figures["ratio_examples_from_records_vs_replay"] = ratio(
        "examples_from_records_records_per_s", "examples_from_records_replay_records_per_s")
    figures["ratio_examples_from_records_numpy_vs_replay"] = ratio(
        "examples_from_records_numpy_records_per_s",
        "examples_from_records_replay_records_per_s")
    figures["ratio_observation_tensor_vs_calibration"] = ratio(
        "observation_tensor_us", "calibration_sum_range_1000_us")
    figures["ratio_observation_tensor_vs_observe"] = ratio("observation_tensor_us",
                                                           "observe_us")
    figures["ratio_information_state_tensor_vs_observe"] = ratio(
        "information_state_tensor_us", "observe_us")
    lines = [f"skatlib {__version__} on Python {platform.python_version()}, "
             f"{repeats} repeats, {'CPU' if args.cpu_time else 'wall'} time, load average "
             f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}"
             if hasattr(os, "getloadavg") else f"skatlib {__version__}", ""]
    met: dict[str, bool | None] = {}
    for key, value in figures.items():
        target = TARGETS.get(key)
        mark = ""
        if target is not None:
            op, bound = target
            ok = None if value is None else (value <= bound if op == "<=" else value >= bound)
            met[key] = ok
            mark = f"   target {op} {bound:g}: " + {None: "n/a", True: "met",
                                                    False: "NOT met"}[ok]
        text = "skipped (not installed)" if value is None else (
            f"{value:,.2f}" if value < 100 else f"{value:,.0f}")
        lines.append(f"{key:45} {text:>14}{mark}")
    lines.append(f"\n({time.perf_counter() - started:.1f} s)")
    print("\n".join(lines), flush=True)
    if args.json:
        doc = {"figures": figures, "runs": runs, "targets": {
            k: {"op": op, "bound": bound, "met": met.get(k)} for k, (op, bound) in TARGETS.items()},
            "meta": {"skatlib": __version__, "python": platform.python_version(),
                     "command": " ".join(["python", "benchmarks/rl.py",
                                          *(sys.argv[1:] if argv is None else argv)]),
                     "clock": "cpu" if args.cpu_time else "wall",
                     "date": time.strftime("%Y-%m-%dT%H:%M:%S%z")}}
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
