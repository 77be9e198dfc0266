"""A pub series at a table of four, with its score sheet.

    python examples/pub_series.py                     # 12 deals, seed 1
    python examples/pub_series.py --deals 36 --seed 5 --seeger-fabian

Four players sit at the table.  The deal rotates clockwise and the dealer
sits out (D-12), so every deal is played by three of them, each seat by a
:class:`skatlib.RuleBot`.  The table plays the ``PUB`` house rules: Kontra and
Re (D-15), Ramsch when all three pass (D-17) and Bock rounds after a game
lost 60:60, a game with Kontra and Re, or a Ramsch (D-16).  The
:class:`skatlib.Table` keeps the score sheet: every deal with its dealer,
what was played and each player's points, the running totals on the plain
list (D-13), and the Seeger-Fabian totals (D-14) beside them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Literal

import attrs

from skatlib import PUB, Bot, Deal, RandomBot, RuleBot, Table

PLAYERS = ("Anna", "Bernd", "Clara", "Dieter")


def play_series(deals: int, seed: int, *, seeger_fabian: bool = False,
                random_bots: bool = False) -> Table:
    """Play a series of ``deals`` deals at a 4-player PUB table."""
    rules = attrs.evolve(PUB, scoring="seeger_fabian") if seeger_fabian else PUB
    table = Table(PLAYERS, rules=rules, deals=deals)
    bots: list[Bot] = ([RandomBot(seed * 3 + i) for i in range(3)] if random_bots
                       else [RuleBot(), RuleBot(), RuleBot()])
    number = 0
    while not table.is_complete:
        # the deal is reproducible from the seed and the deal number
        table = table.play(Deal.shuffled(f"{seed}/{number}"), bots)
        number += 1
    return table


def main(argv: Sequence[str] | None = None) -> int:
    """Play the series and print its score sheet."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12, help="deals in the series (default 12)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--seeger-fabian", action="store_true",
                        help="total the sheet on the tournament list instead of the plain list")
    parser.add_argument("--random", action="store_true", help="random bots instead of RuleBots")
    args = parser.parse_args(argv)
    if args.deals < 1:
        print("pub_series: --deals must be at least 1", file=sys.stderr)
        return 2
    table = play_series(args.deals, args.seed, seeger_fabian=args.seeger_fabian,
                        random_bots=args.random)
    print(f"{args.deals} deals at {', '.join(PLAYERS)} (rules {table.rules.name}, "
          f"seed {args.seed})")
    print(table.sheet())
    bock = sum(e.bock > 1 for e in table.entries)
    print(f"Bock deals: {bock}; deals still queued: {' '.join(table.queue) or 'none'}")
    systems: tuple[tuple[Literal["list", "seeger_fabian"], str], ...] = (
        ("list", "plain list"), ("seeger_fabian", "Seeger-Fabian"))
    for system, label in systems:
        ranking = ", ".join(f"{name} {points:+d}" for name, points in table.standings(system))
        print(f"Standings, {label}: {ranking}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
