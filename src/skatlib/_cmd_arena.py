"""``skat arena``: bots against each other over duplicate deals.

Every deal is played once per rotation of the bot list (three times), so that
every bot sits in every seat with the same cards: card luck cancels out and
what remains is play.  Each game is scored under Seeger-Fabian (D-14:
declarer +value+50 when won, -2*value-50 when lost, +40 to each other player
when the declarer loses); a passed-in deal scores 0.

The report gives, per bot, the mean Seeger-Fabian points per game with a 95%
confidence interval (from the per-deal means, which are independent), the
first bot's margin over each other bot (paired per deal), how often each bot
declared and won, and the games per second.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_arguments(p)
>>> args = p.parse_args(["--bots", "rule,random,random", "--deals", "3", "--seed", "1"])
>>> run(args)                                         # doctest: +ELLIPSIS
Arena: 3 duplicate deals x 3 rotations = 9 games (rules ..., seed 1)
...
0
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from typing import NamedTuple, TextIO

from ._cmd_play import make_bot
from .deal import Deal
from .errors import Reason, SkatError
from .loop import play_game
from .ramsch import RamschResult
from .rules import Rules, preset
from .scoring import GameResult, seeger_fabian
from .state import new_game, result

__all__ = ["add_arguments", "run", "play_duplicate", "DealOutcome", "summarise"]


class GameOutcome(NamedTuple):
    """One game of a duplicate deal, from the bots' point of view."""

    points: tuple[int, ...]
    """Seeger-Fabian points per bot (index into the bot list)."""
    declarer: int
    """Index of the declaring bot, -1 if none (passed in, Ramsch)."""
    won: bool
    """The declarer won."""


class DealOutcome(NamedTuple):
    """The games of one deal, one per rotation."""

    number: int
    """The deal's index in the arena."""
    games: tuple[GameOutcome, ...]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``skat arena``."""
    parser.add_argument("--bots", default="pimc,random,random",
                        help="three bots, comma-separated: random, rule, pimc or "
                             "module:Class (default: pimc,random,random)")
    parser.add_argument("--deals", type=int, default=100,
                        help="duplicate deals; each is played once per seat rotation "
                             "(default 100)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed for the deals and the bots (same seed, same result)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes to play in parallel (default 1; results do not "
                             "depend on it)")
    parser.add_argument("--rules", default="isko",
                        help="rules preset: isko (official), pub, iss (default isko)")


def _bot_seed(seed: int, deal: int, rotation: int, bot: int) -> int:
    return ((seed * 1_000_003 + deal) * 3 + rotation) * 3 + bot


def play_duplicate(specs: Sequence[str], index: int, seed: int, rules: Rules) -> DealOutcome:
    """Play deal ``index`` once per rotation: in rotation ``r`` seat ``s`` is
    taken by bot ``(s + r) % 3``.  Bots are built afresh for every game with a
    seed derived from ``seed``, the deal, the rotation and the bot."""
    deal = Deal.shuffled(f"arena/{seed}/{index}")
    games = []
    for r in range(3):
        at_seat = [(s + r) % 3 for s in range(3)]
        bots = [make_bot(specs[b], _bot_seed(seed, index, r, b)) for b in at_seat]
        state = play_game(new_game(deal, rules), bots)
        res = result(state)
        points = [0, 0, 0]
        declarer = -1
        won = False
        if isinstance(res, GameResult):
            d = state.declarer_
            declarer = at_seat[d]
            won = res.won
            mine, others = seeger_fabian(res)
            for s in range(3):
                points[at_seat[s]] = mine if s == d else others
        elif isinstance(res, RamschResult):
            for s in range(3):
                points[at_seat[s]] = res.scores[s]
        games.append(GameOutcome(tuple(points), declarer, won))
    return DealOutcome(index, tuple(games))


def _work(job: tuple[tuple[str, ...], int, int, Rules]) -> DealOutcome:
    specs, index, seed, rules = job
    return play_duplicate(specs, index, seed, rules)


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, 1.96 * math.sqrt(var / n))


class Summary(NamedTuple):
    """The arena's numbers."""

    names: tuple[str, ...]
    deals: int
    games: int
    mean: tuple[float, ...]
    """Mean Seeger-Fabian points per game, per bot."""
    ci: tuple[float, ...]
    """95% confidence half-widths of :attr:`mean`."""
    margin: tuple[tuple[float, float], ...]
    """Bot 0 minus bot j (j = 1, 2): mean and 95% half-width, paired per deal."""
    declared: tuple[int, ...]
    won: tuple[int, ...]


def summarise(specs: Sequence[str], outcomes: Sequence[DealOutcome]) -> Summary:
    """Means and confidence intervals from the played deals."""
    per_deal: list[list[float]] = [[], [], []]
    declared = [0, 0, 0]
    won = [0, 0, 0]
    for o in outcomes:
        for b in range(3):
            per_deal[b].append(sum(g.points[b] for g in o.games) / len(o.games))
        for g in o.games:
            if g.declarer >= 0:
                declared[g.declarer] += 1
                won[g.declarer] += g.won
    stats = [_mean_ci(v) for v in per_deal]
    margins = []
    for j in (1, 2):
        diff = [a - b for a, b in zip(per_deal[0], per_deal[j])]
        margins.append(_mean_ci(diff))
    names = tuple(f"{i + 1}:{s}" for i, s in enumerate(specs))
    return Summary(names, len(outcomes), sum(len(o.games) for o in outcomes),
                   tuple(m for m, _ in stats), tuple(c for _, c in stats), tuple(margins),
                   tuple(declared), tuple(won))


def report(summary: Summary, elapsed: float, out: TextIO) -> None:
    """Print the arena table."""
    s = summary
    w = out.write
    width = max(10, *(len(n) for n in s.names))
    w(f"{'bot':<{width}} {'SF/game':>9} {'95% CI':>17} {'declared':>9} {'won':>6} "
      f"{'win rate':>9}\n")
    for i, name in enumerate(s.names):
        lo, hi = s.mean[i] - s.ci[i], s.mean[i] + s.ci[i]
        rate = f"{100 * s.won[i] / s.declared[i]:.1f}%" if s.declared[i] else "-"
        w(f"{name:<{width}} {s.mean[i]:>+9.2f} {f'[{lo:+.2f}, {hi:+.2f}]':>17} "
          f"{s.declared[i]:>9} {s.won[i]:>6} {rate:>9}\n")
    for j, (m, c) in zip((1, 2), s.margin):
        verdict = "significant" if abs(m) > c else "not significant"
        w(f"{s.names[0]} - {s.names[j]}: {m:+.2f} per game, 95% CI "
          f"[{m - c:+.2f}, {m + c:+.2f}] ({verdict})\n")
    speed = s.games / elapsed if elapsed > 0 else math.inf
    w(f"{s.games} games in {elapsed:.1f} s: {speed:.2f} games/s "
      f"({elapsed / max(1, s.deals):.2f} s per duplicate deal)\n")


def _progress(done: int, total: int, started: float, err: TextIO) -> None:
    elapsed = time.monotonic() - started
    rate = 3 * done / elapsed if elapsed > 0 else 0.0
    eta = (total - done) * 3 / rate if rate > 0 else 0.0
    bar = "#" * (30 * done // total) + "-" * (30 - 30 * done // total)
    err.write(f"\r[{bar}] {done}/{total} deals, {rate:.1f} games/s, ETA {eta:.0f} s ")
    err.flush()


def _outcomes(specs: tuple[str, ...], n: int, seed: int, rules: Rules, workers: int
              ) -> Iterator[DealOutcome]:
    jobs = [(specs, i, seed, rules) for i in range(n)]
    if workers <= 1:
        for job in jobs:
            yield _work(job)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(_work, jobs, chunksize=1)


def run(args: argparse.Namespace) -> int:
    """Run ``skat arena``."""
    out: TextIO = sys.stdout
    err: TextIO = sys.stderr
    specs = tuple(s.strip() for s in str(args.bots).split(",") if s.strip())
    if len(specs) != 3:
        raise SkatError(f"--bots needs three bots (one per seat), not {len(specs)}: "
                        f"{args.bots!r}", Reason.BAD_TABLE)
    n = int(args.deals)
    if n < 1:
        raise SkatError(f"--deals must be at least 1, not {n}", Reason.BAD_TABLE)
    workers = int(args.workers)
    if workers < 1:
        raise SkatError(f"--workers must be at least 1, not {workers}", Reason.BAD_TABLE)
    seed = int(args.seed)
    rules = preset(args.rules)
    for spec in specs:  # fail early on an unknown bot
        make_bot(spec, seed)
    out.write(f"Arena: {n} duplicate deals x 3 rotations = {3 * n} games "
              f"(rules {rules.name}, seed {seed})\n")
    show = err.isatty()
    started = time.monotonic()
    outcomes: list[DealOutcome] = []
    for outcome in _outcomes(specs, n, seed, rules, workers):
        outcomes.append(outcome)
        if show:
            _progress(len(outcomes), n, started, err)
    if show:
        err.write("\n")
    elapsed = time.monotonic() - started
    outcomes.sort(key=lambda o: o.number)
    report(summarise(specs, outcomes), elapsed, out)
    return 0
