#!/usr/bin/env python
"""The bots' cost: how many worlds PIMC solves per decision and how long a move
takes, and how fast RuleBot plays.

    python benchmarks/pimc.py                    # 10 deals, pimc and pimc_v1
    python benchmarks/pimc.py --deals 30 --bots pimc,pimc_uniform
    python benchmarks/pimc.py --rule-only        # RuleBot throughput only

What is measured, on one core, CPU time (``time.process_time``, which the load
of other processes does not inflate):

* for each PIMC bot named in ``--bots``: deal ``i`` (:func:`skatlib.bots.seeded_deal`)
  is played three times, the bot in each seat against two RuleBots; every card
  decision is traced (:class:`skatlib.bots.pimc.Decision`).  Printed per trick:
  decisions, worlds solved (mean), decisions that solved none (and fell back to
  RuleBot); overall: the median, 90th percentile and maximum CPU seconds per
  decision and the median nodes.
* RuleBot self-play with ``simulate`` in this process: deals per CPU second, and
  the same for RandomBot as the baseline measured in the same run (the ratio is
  what to compare between machines).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from skatlib import RuleBot, simulate
from skatlib.bots import play_deal, seeded_deal
from skatlib.bots.pimc import Decision, PIMCBot

_MAKERS = {
    "pimc": lambda seed: PIMCBot(seed=seed, trace=True),
    "pimc_uniform": lambda seed: PIMCBot(seed=seed, inference=False, trace=True),
    "pimc_v1": lambda seed: _traced(PIMCBot.v1(seed)),
}


def _traced(bot: PIMCBot) -> PIMCBot:
    bot.trace = True
    return bot


def _quantile(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def decisions(name: str, deals: int, seed: int) -> list[Decision]:
    """Every traced decision of bot ``name`` over ``deals`` deals x 3 seats."""
    out: list[Decision] = []
    for i in range(deals):
        deal = seeded_deal(seed, i)
        for seat in range(3):
            bot = _MAKERS[name](seed * 1000 + i * 3 + seat)
            bots: list[object] = [RuleBot(), RuleBot()]
            bots.insert(seat, bot)
            play_deal(deal, bots)  # type: ignore[arg-type]
            out.extend(bot.decisions)
    return out


def report(name: str, ds: list[Decision]) -> None:
    print(f"\n{name}: {len(ds)} card decisions")
    print(f"{'trick':>5} {'decisions':>9} {'solved':>7} {'none':>5} {'cpu median':>10} "
          f"{'cpu max':>8}")
    for t in range(1, 11):
        row = [d for d in ds if d.trick == t]
        if not row:
            continue
        print(f"{t:>5} {len(row):>9} {statistics.mean(d.solved for d in row):>7.1f} "
              f"{sum(d.solved == 0 for d in row):>5} "
              f"{statistics.median(d.cpu for d in row):>10.3f} {max(d.cpu for d in row):>8.2f}")
    cpu = [d.cpu for d in ds]
    if cpu:
        print(f"all: cpu median {statistics.median(cpu):.3f} s, p90 {_quantile(cpu, 0.9):.3f} s, "
              f"max {max(cpu):.2f} s; nodes median {statistics.median(d.nodes for d in ds):,.0f}")


def throughput(deals: int) -> None:
    rates = {}
    for bots in ("random", "rule"):
        start = time.process_time()
        stats = simulate(deals, bots, seed=0, workers=0)
        rates[bots] = deals / (time.process_time() - start)
        print(f"{bots:>6}: {rates[bots]:,.0f} deals per CPU second "
              f"(declarer won {100 * stats.win_rate:.1f}%, passed in "
              f"{100 * stats.passed_in_rate:.1f}%)")
    print(f"rule / random: {rates['rule'] / rates['random']:.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--bots", default="pimc,pimc_v1")
    p.add_argument("--rule-deals", type=int, default=2000)
    p.add_argument("--rule-only", action="store_true")
    args = p.parse_args(argv)
    print(f"Python {sys.version.split()[0]}; CPU time per decision")
    throughput(args.rule_deals)
    if args.rule_only:
        return 0
    for name in args.bots.split(","):
        if name not in _MAKERS:
            p.error(f"--bots: one of {', '.join(_MAKERS)}, not {name!r}")
        report(name, decisions(name, args.deals, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
