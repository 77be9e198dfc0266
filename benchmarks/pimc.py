#!/usr/bin/env python
"""The bots' cost: how many worlds PIMC solves per decision and how long a move
takes, and how fast RuleBot plays.

    python benchmarks/pimc.py                    # 10 deals, pimc and pimc_v1
    python benchmarks/pimc.py --deals 30 --bots pimc,pimc_uniform
    python benchmarks/pimc.py --deals 6 --bots pimc,pimc_rules  # search vs rule bidding
    PYTHONPATH=benchmarks python benchmarks/pimc.py --bots pimc_variants:PIMCCombined
    python benchmarks/pimc.py --rule-only        # RuleBot throughput only
    python benchmarks/pimc.py --compare old.jsonl new.jsonl   # two arena runs, bot 1
    python benchmarks/pimc.py --breakdown run.jsonl   # where bot 1's margins come from
    python benchmarks/pimc.py --pool seed1.jsonl seed2.jsonl   # runs of several seeds as one
    python benchmarks/pimc.py --calibration 60   # RuleBot's estimate against the solver
    python benchmarks/pimc.py --play-fit 200 --bots rule   # the play inference's model
    PYTHONPATH=benchmarks python benchmarks/pimc.py --dd-loss run.jsonl --games 200
    python benchmarks/pimc.py --fusion 40 --depth 2 --from-trick 4   # strategy fusion
    python benchmarks/pimc.py --fusion 40 --role defender   # the same for the defence
    python benchmarks/pimc.py --declared 300 --seed 11 --workers 2   # the search's win
                                                 # probability against the games' outcome

What is measured, on one core, CPU time (``time.process_time``, which the load
of other processes does not inflate):

* for each PIMC bot named in ``--bots`` (a registry name, or ``module:Class`` as
  in ``skat arena``, e.g. a variant of ``benchmarks/pimc_variants.py`` with
  ``PYTHONPATH=benchmarks``): deal ``i`` (:func:`skatlib.bots.seeded_deal`)
  is played three times, the bot in each seat against two RuleBots; every
  decision is traced (:class:`skatlib.bots.pimc.Decision`).  Printed per trick:
  card decisions, worlds solved (mean), decisions that solved none (and fell
  back to RuleBot); per kind of decision (``bid``, ``skat``, ``declare``,
  ``card``; for the first three also those that solved worlds, the others
  reuse the deal's evaluation or decide without one): the median, 90th
  percentile and maximum CPU seconds and the worlds solved; overall: the
  median, 90th percentile and maximum CPU seconds per decision and the median
  nodes of the card decisions; and how often the bot declared and won.
  ``pimc_rules`` is the default bot with RuleBot's bidding, skat and
  declaration (``bidding="rules"``, the arena's registered ``pimc_rules``).
* with ``--compare OLD NEW``: two ``skat arena --out`` files of the same seed
  and deals, the bot under test first in both (e.g. ``--bots
  pimc_rules,rule,rule`` and ``--bots pimc,rule,rule``):
  over the deals both hold, how often bot 1 declared and won in each, its
  Seeger-Fabian points per game with a 95% interval, and the paired
  difference NEW - OLD per game (per duplicate deal, normal interval); then
  bot 1's games game by game (:func:`declaring_split`): those it declared in
  both runs, in the new one only and in the old one only, with the wins and
  the points gained or lost on them; and the games another bot declared in
  both runs (:func:`defending_split`), with the declarer's wins and bot 1's
  margin gained or lost on them as a defender.
* with ``--breakdown FILE``: one ``skat arena --out`` file, bot 1's margin over
  each other bot split by who declared and whether he won
  (:func:`margin_breakdown`): the games of each kind and what they add to the
  margin per game of the run, and the upside: how much the margin would gain if
  every such game that went against bot 1 had gone his way, at the same game
  value -- an upper bound on what better play could add there.
* with ``--pool FILE [FILE ...]``: ``skat arena --out`` files of the same
  bots and rules and different seeds (so different deals) read back as one
  run: each file's deals and bot 1's margins, then the arena's table
  (:func:`skatlib.bots.arena.summarise`) over all their deals, whose
  intervals narrow as the deals add up (the names of the first file's bots),
  bot 1's margin over the mean of the others, and bot 3's points less bot
  2's (bot 3 sits in the seat before bot 1 in every rotation, bot 2 in the
  seat after), all per game, with intervals from the per-deal means.
  Files of the same seed are refused: they hold the same deals.  Files whose
  bots are named differently are refused too, unless ``--same-players`` says
  they are the same players (a variant and the default it became).
* with ``--calibration N``: every hand of deals ``seeded_deal(99, i)``, ``i < N``,
  that the search bidding would evaluate: its pickup candidate's
  :func:`~skatlib.bots.basic.estimate` (the prior) against the double-dummy
  win rate in 8 uniform worlds (400,000 nodes, 100,000 a world), by prior band.
* with ``--play-fit N`` and ``--bots``: games of three copies of each bot
  (a registry name or ``module:Class``) over deals ``seeded_deal(3, i)``,
  ``i < N``; at every card decision after the first trick of a suit or grand
  game, :func:`~skatlib.bots.pimc.play_weight` of the real cards against that
  of 20 uniform worlds: how well the play inference's opponent model fits
  those players (``docs/bots.rst``, "Inference from the play").
* with ``--dd-loss FILE`` (and ``--games N``, default 100): ``N`` of the suit
  and grand games declared in one ``skat arena --out`` file (a uniform
  sample, seeded), each replayed as the arena played it
  (:func:`skatlib.bots.arena.duplicate_game`; a game that comes out otherwise,
  as a bot under a CPU cap can on a loaded machine, is counted and left out;
  the file's bots must load, so ``PYTHONPATH=benchmarks`` for the variants)
  and solved double dummy before and after every card (:func:`card_losses`):
  the card points each card gave away against perfect play from there on.
  Printed for the games bot 1 declared and for those another bot declared: the
  declarer's double-dummy card points at the first lead, his final card points,
  what the declarer and each defender gave away per game, and the games whose
  double-dummy verdict at the first lead the play turned around.
* with ``--fusion N`` (and ``--depth D``, default 2, ``--from-trick K``, default
  4, ``--role declarer`` (default) or ``defender``, ``--seed``, ``--budget``
  nodes, default 3,000,000): deals
  ``seeded_deal(seed, i)``, ``i < N``, each played three times as the arena
  plays ``--bots pimc,pimc_v1,pimc_v1`` (the default bot in each seat against
  two ``pimc_v1``).  At every card decision of the default bot in the role
  from trick ``K`` on (with two or more cards to choose from), 20 worlds are
  drawn as the bot draws them (its inference from the bidding; a twin of the
  bot draws them, so the game goes on as it would) and
  :func:`~skatlib.bots.pimc.alphamu_wins` counts, for each legal card, the
  worlds its side wins double dummy (depth 1, PIMC's count) and with one plan
  for the bot's next ``D`` decisions (depth ``D``; a defender's partner chooses
  in each world apart, as in PIMC), within ``--budget``
  solver nodes (a search that passes it is counted and left out).  Printed
  per trick: the decisions, those searched, those where some card wins fewer
  worlds with one plan, those where the cards with the best count change, and
  those where no card of PIMC's best count is among the best with one plan
  (a bot that searched so would play another card); the bot's own card below
  the best count at depth 1 and at depth ``D``; and the CPU seconds of the two
  counts together (median, max).
* with ``--declared N`` (and ``--seed``, ``--bots``, default
  ``pimc,pimc_v1,pimc_v1``, ``--workers``): deals ``seeded_deal(seed, i)``,
  ``i < N``, each played three times as ``skat arena`` plays them
  (:func:`skatlib.bots.arena.duplicate_game`).  Where bot 1 (a PIMC bot)
  declares, the searched win probability of the game it declares
  (:meth:`~skatlib.bots.pimc.HandEstimate.win_probability`) is set against the
  outcome (:func:`declared_estimates`): as its auction saw it (the candidate
  of that game type, before the skat; a hand game: the same contract) and, after
  a pickup, as its declaration saw it (the contract and discard it declared,
  where it compared two or more).  Printed by probability band: the games, the
  mean probability and the share won; and the power ``a`` whose ``p ** a``
  fits the outcomes best (:func:`calibration_power`, maximum likelihood), the
  figure behind ``PIMCBot(declare_calibration=...)``.
* RuleBot self-play with ``simulate`` in this process: deals per CPU second, and
  the same for RandomBot as the baseline measured in the same run (the ratio is
  what to compare between machines).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from skatlib import (
    Action,
    Bot,
    Contract,
    Declare,
    GameRecord,
    GameResult,
    GameState,
    Observation,
    Phase,
    RuleBot,
    SkatError,
    apply,
    new_game,
    observe,
    play_game,
    preset,
    result,
    simulate,
)
from skatlib.actions import Play
from skatlib.bots import make_bot, play_deal, seeded_deal
from skatlib.bots.arena import (
    DealOutcome,
    GameOutcome,
    _game_outcome,
    duplicate_game,
    summarise,
)
from skatlib.bots.pimc import (
    TT_LIMIT,
    Decision,
    Evaluation,
    PIMCBot,
    _auction_candidates,
    _win_points,
    alphamu_wins,
    evaluate_hand,
    play_weight,
)
from skatlib.cli.arena import report as arena_report
from skatlib.scoring import seeger_fabian_points
from skatlib.search.sampling import World, sample_worlds
from skatlib.search.solver import SearchAborted, Solver


def _traced(name: str, seed: int) -> PIMCBot:
    """The registry's bot ``name`` (:data:`skatlib.bots.BOTS`), or a PIMC bot class
    named ``module:Class`` as in the arena, with its trace on."""
    bot = make_bot(name, seed)
    if not isinstance(bot, PIMCBot):
        raise SystemExit(f"--bots: {name!r} is not a PIMC bot")
    bot.trace = True
    return bot


REGISTERED = ("pimc", "pimc_uniform", "pimc_rules", "pimc_v1")
"""The registry's PIMC bots that ``--bots`` takes by name."""

DECLARED_BOTS = ("pimc", "pimc_v1", "pimc_v1")
"""The bots of ``--declared`` when ``--bots`` is not given."""


def _quantile(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def decisions(name: str, deals: int, seed: int) -> tuple[list[Decision], list[tuple[bool, int]]]:
    """Every traced decision of bot ``name`` over ``deals`` deals x 3 seats, and
    for each game the bot declared whether it won and its score."""
    out: list[Decision] = []
    declared: list[tuple[bool, int]] = []
    for i in range(deals):
        deal = seeded_deal(seed, i)
        for seat in range(3):
            bot = _traced(name, seed * 1000 + i * 3 + seat)
            bots: list[object] = [RuleBot(), RuleBot()]
            bots.insert(seat, bot)
            _, result = play_deal(deal, bots)  # type: ignore[arg-type]
            if isinstance(result, GameResult) and result.declarer == seat:
                declared.append((result.won, result.score))
            out.extend(bot.decisions)
    return out, declared


def _cpu_row(label: str, row: Sequence[Decision]) -> None:
    if not row:
        return
    cpu = [d.cpu for d in row]
    print(f"{label:>16} {len(row):>9} {statistics.mean(d.solved for d in row):>7.1f} "
          f"{statistics.median(cpu):>10.3f} {_quantile(cpu, 0.9):>8.3f} {max(cpu):>8.2f}")


def report(name: str, everything: list[Decision], declared: list[tuple[bool, int]],
           games: int) -> None:
    print(f"\n{name}: {len(everything)} decisions")
    print(f"{'kind':>16} {'decisions':>9} {'solved':>7} {'cpu median':>10} {'cpu p90':>8} "
          f"{'cpu max':>8}")
    for kind in ("bid", "skat", "declare"):
        _cpu_row(kind, [d for d in everything if d.kind == kind])
        _cpu_row(f"{kind} (solving)", [d for d in everything if d.kind == kind and d.sampled])
    _cpu_row("card", [d for d in everything if d.kind == "card"])
    _cpu_row("all", everything)
    won = sum(w for w, _ in declared)
    print(f"declared {len(declared)} of {games} games ({100 * len(declared) / games:.1f}%), "
          f"won {won} ({100 * won / max(1, len(declared)):.1f}%), mean declarer score "
          f"{statistics.mean(s for _, s in declared) if declared else 0:+.1f}")
    ds = [d for d in everything if d.kind == "card"]
    print(f"{len(ds)} card decisions")
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


def _outcomes(path: str) -> dict[int, DealOutcome]:
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    out = {}
    for data in lines[1:]:
        try:
            o = DealOutcome.from_dict(data)
        except SkatError:
            continue  # a last line cut off by a stop
        out[o.number] = o
    return out


def _arena_file(path: str) -> tuple[dict[str, object], tuple[str, ...], dict[int, DealOutcome]]:
    """The header, the bots and the outcomes of one ``skat arena --out`` file."""
    try:
        with open(path, encoding="utf-8") as f:
            first = f.readline()
    except OSError as e:
        raise SystemExit(f"{path}: cannot be read ({e.strerror or e})") from None
    try:
        header = json.loads(first)
    except ValueError:
        header = None
    bots = header.get("bots") if isinstance(header, dict) else None
    if not isinstance(bots, list) or len(bots) != 3:
        raise SystemExit(f"{path}: not a skat arena --out file (no header line naming "
                         "three bots)")
    return header, tuple(str(b) for b in bots), _outcomes(path)


def pool(paths: Sequence[str], same_players: bool = False) -> None:
    """Arena files of the same bots and rules and different seeds as one run
    (see the module docs); ``same_players``: bots named differently in the files
    are the same players (a variant and the default it became)."""
    files = [(path, *_arena_file(path)) for path in paths]
    _, first, bots, _ = files[0]
    seeds: dict[object, str] = {}
    for path, header, _, _ in files:
        for key in ("rules",) if same_players else ("bots", "rules"):
            if header.get(key) != first.get(key):
                raise SystemExit(f"{path}: {key} {header.get(key)!r}, not {first.get(key)!r} "
                                 f"as in {paths[0]}: only runs of the same bots and rules pool"
                                 + ("" if key == "rules" else
                                    " (--same-players: the bots are the same players)"))
        seed = header.get("seed")
        if seed in seeds:
            raise SystemExit(f"{path}: seed {seed!r} as {seeds[seed]}: the same seed plays "
                             "the same deals, which would count twice")
        seeds[seed] = path
    for path, header, b, runs in files:
        s = summarise(b, runs.values())
        margins = ", ".join(f"{m:+.2f} [{m - c:+.2f}, {m + c:+.2f}]" for m, c in s.margin)
        names = "" if not same_players else f", bots {', '.join(b)}"
        print(f"{path} (seed {header.get('seed')}{names}): {s.deals} duplicate deals, "
              f"bot 1's margins {margins}")
    everything = [o for _, _, _, runs in files for o in runs.values()]
    if not everything:
        print("no deal in the files")
        return
    print(f"pooled: {len(everything)} duplicate deals from {len(files)} "
          f"seed{'s' if len(files) > 1 else ''}")
    arena_report(summarise(bots, everything), None, sys.stdout)
    pooled = dict(enumerate(everything))
    for head, score in (("bot 1's margin over the mean of the others", _margin),
                        ("bot 3's points less bot 2's (the seat before bot 1 less the "
                         "seat after)", _seat_gap)):
        m, ci = _mean_ci(_per_deal(pooled, sorted(pooled), score))
        print(f"{head}: {m:+.2f} per game, 95% CI [{m - ci:+.2f}, {m + ci:+.2f}]")


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    return m, (1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf)


def compare(old_path: str, new_path: str) -> None:
    """Bot 1 of two arena runs over the deals both hold (see the module docs)."""
    old, new = _outcomes(old_path), _outcomes(new_path)
    common = sorted(set(old) & set(new))
    if not common:
        print("no deal in both files")
        return
    print(f"{len(common)} duplicate deals in both ({3 * len(common)} games each)")
    for label, path, runs in (("old", old_path, old), ("new", new_path, new)):
        games = [g for i in common for g in runs[i].games]
        mine = [g for g in games if g.declarer == 0]
        won = sum(g.won for g in mine)
        m, ci = _mean_ci(_per_deal(runs, common, _points))
        print(f"{label} ({path}): declared {len(mine)} of "
              f"{len(games)} ({100 * len(mine) / len(games):.1f}%), won {won} "
              f"({100 * won / max(1, len(mine)):.1f}%); SF/game {m:+.2f} [{m - ci:+.2f}, "
              f"{m + ci:+.2f}]")
    for head, unit, score in (("new - old", " SF", _points),
                              ("new - old in bot 1's margin over the mean of the others", "",
                               _margin)):
        diff = [b - a for a, b in zip(_per_deal(old, common, score),
                                      _per_deal(new, common, score))]
        m, ci = _mean_ci(diff)
        print(f"{head}: {m:+.2f}{unit} per game, 95% CI [{m - ci:+.2f}, {m + ci:+.2f}]")
    for label, (n, won_old, won_new, gain, margin) in declaring_split(old, new,
                                                                      common).items():
        if n:
            print(f"bot 1 declared {label}: {n} games, won {won_old} ({100 * won_old / n:.0f}%) "
                  f"in old, {won_new} ({100 * won_new / n:.0f}%) in new; new - old per such "
                  f"game: {gain / n:+.2f} SF, {margin / n:+.2f} margin")
    n, won_old, won_new, margin = defending_split(old, new, common)
    if n:
        print(f"another bot declared in both: {n} games, the declarer won {won_old} "
              f"({100 * won_old / n:.0f}%) in old, {won_new} ({100 * won_new / n:.0f}%) in "
              f"new; new - old per such game: {margin / n:+.2f} margin")


def _per_deal(runs: dict[int, DealOutcome], deals: Sequence[int],
              score: Callable[[GameOutcome], float]) -> list[float]:
    """``score`` per game of each of ``deals`` (the mean over its rotations)."""
    return [sum(score(g) for g in runs[i].games) / len(runs[i].games) for i in deals]


def _points(game: GameOutcome) -> float:
    """Bot 1's points."""
    return game.points[0]


def _margin(game: GameOutcome) -> float:
    """Bot 1's points less the mean of the other two bots' (the arena's margin
    against both at once)."""
    return game.points[0] - (game.points[1] + game.points[2]) / 2


def _seat_gap(game: GameOutcome) -> float:
    """Bot 3's points less bot 2's: bot 3 sits in the seat before bot 1 in every
    rotation, bot 2 in the seat after."""
    return game.points[2] - game.points[1]


SPLIT = ("in both", "in new only", "in old only")
"""The rows of :func:`declaring_split`."""


def declaring_split(old: dict[int, DealOutcome], new: dict[int, DealOutcome],
                    deals: Sequence[int]) -> dict[str, tuple[int, int, int, int, float]]:
    """Bot 1's games of two runs side by side, game by game (the same deal and
    rotation, so the same cards in the same seat), split by the runs in which
    bot 1 declared (:data:`SPLIT`): per row the games, those bot 1 won as
    declarer in the old run and in the new, and summed over them bot 1's points
    new - old and its margin over the mean of the others new - old (a lost
    game also gives each defender 40 under Seeger-Fabian, D-14) -- where a change to the
    bidding gains or loses.

    >>> a = {0: DealOutcome(0, (GameOutcome((-100, 40, 40), 0, False),
    ...                         GameOutcome((0, 60, 0), 1, True)))}
    >>> b = {0: DealOutcome(0, (GameOutcome((-100, 40, 40), 0, False),
    ...                         GameOutcome((70, 0, 0), 0, True)))}
    >>> split = declaring_split(a, b, [0])
    >>> split["in both"], split["in new only"], split["in old only"]
    ((1, 0, 0, 0, 0.0), (1, 0, 1, 70, 100.0), (0, 0, 0, 0, 0.0))
    """
    rows = {label: (0, 0, 0, 0, 0.0) for label in SPLIT}
    for i in deals:
        for g_old, g_new in zip(old[i].games, new[i].games):
            was, now = g_old.declarer == 0, g_new.declarer == 0
            if not (was or now):
                continue
            label = SPLIT[0] if was and now else SPLIT[1] if now else SPLIT[2]
            n, won_old, won_new, gain, margin = rows[label]
            rows[label] = (n + 1, won_old + (was and g_old.won), won_new + (now and g_new.won),
                           gain + g_new.points[0] - g_old.points[0],
                           margin + _margin(g_new) - _margin(g_old))
    return rows


def defending_split(old: dict[int, DealOutcome], new: dict[int, DealOutcome],
                    deals: Sequence[int]) -> tuple[int, int, int, float]:
    """Bot 1 as a defender in two runs side by side, game by game (as in
    :func:`declaring_split`): the games that another bot declared in both runs,
    how many of them the declarer won in the old run and in the new, and summed
    over them bot 1's margin over the mean of the others new - old -- what a
    change to the card play gains or loses in defence.

    >>> a = {0: DealOutcome(0, (GameOutcome((0, 60, 0), 1, True),
    ...                         GameOutcome((70, 0, 0), 0, True)))}
    >>> b = {0: DealOutcome(0, (GameOutcome((40, -120, 40), 1, False),
    ...                         GameOutcome((0, 0, 0), -1, False)))}
    >>> defending_split(a, b, [0])
    (1, 1, 0, 110.0)
    """
    n = won_old = won_new = 0
    margin = 0.0
    for i in deals:
        for g_old, g_new in zip(old[i].games, new[i].games):
            if g_old.declarer > 0 and g_new.declarer > 0:
                n += 1
                won_old += g_old.won
                won_new += g_new.won
                margin += _margin(g_new) - _margin(g_old)
    return n, won_old, won_new, margin


BREAKDOWN = ("bot 1 declared, won", "bot 1 declared, lost", "bot 2 declared, won",
             "bot 2 declared, lost", "bot 3 declared, won", "bot 3 declared, lost",
             "passed in")
"""The rows of :func:`margin_breakdown`."""


def _turnaround(game: GameOutcome) -> int:
    """How much the declarer's margin over a defender changes between winning and
    losing ``game`` at its value, by :func:`~skatlib.scoring.seeger_fabian_points`
    (D-14; 3 x value + 140 at a table of three).  The value is read back from the
    declarer's points, which that formula makes linear in it."""
    p = game.points[game.declarer]
    if game.won:
        value = p - seeger_fabian_points(0, True)[0]
    else:
        value = -(p - seeger_fabian_points(0, False)[0]) // 2
    won, won_other = seeger_fabian_points(value, True)
    lost, lost_other = seeger_fabian_points(-2 * value, False)
    return (won - won_other) - (lost - lost_other)


def margin_breakdown(runs: dict[int, DealOutcome], deals: Sequence[int]
                     ) -> dict[str, tuple[int, float, float, float, float]]:
    """Bot 1's margin over bot 2 and over bot 3, split by :data:`BREAKDOWN`: per
    row the games, their summed margins over bot 2 and over bot 3, and the
    *upside* over each: how much the margin would gain if every such game that
    went against bot 1 had gone his way, at the same game value.

    Under Seeger-Fabian (D-14) a won game gives the declarer its value plus 50,
    a lost one costs him twice the value plus 50 and gives each defender 40.  So
    turning around a game lost by bot 1, or won by the opponent in question,
    gains 3 x value + 140 over that opponent; a game of the third bot does not
    change the margin over him either way (both defenders get the same).

    >>> d = {0: DealOutcome(0, (GameOutcome((-122, 40, 40), 0, False),
    ...                         GameOutcome((0, 74, 0), 1, True),
    ...                         GameOutcome((40, 40, -94), 2, False)))}
    >>> rows = margin_breakdown(d, [0])
    >>> rows["bot 1 declared, lost"]   # a 36 lost: -122, and 40 to each defender
    (1, -162.0, -162.0, 248.0, 248.0)
    >>> rows["bot 2 declared, won"]    # a 24 won by bot 2: 3 x 24 + 140 over him
    (1, -74.0, 0.0, 212.0, 0.0)
    >>> rows["bot 3 declared, lost"]   # already bot 1's way
    (1, 0.0, 134.0, 0.0, 0.0)
    """
    rows = {label: (0, 0.0, 0.0, 0.0, 0.0) for label in BREAKDOWN}
    for i in deals:
        for g in runs[i].games:
            up = [0.0, 0.0]
            if g.declarer < 0:
                label = BREAKDOWN[6]
            else:
                label = BREAKDOWN[2 * g.declarer + (not g.won)]
                turn = float(_turnaround(g))
                if g.declarer == 0 and not g.won:
                    up = [turn, turn]
                elif g.declarer > 0 and g.won:
                    up[g.declarer - 1] = turn
            n, m2, m3, u2, u3 = rows[label]
            rows[label] = (n + 1, m2 + g.points[0] - g.points[1],
                           m3 + g.points[0] - g.points[2], u2 + up[0], u3 + up[1])
    return rows


def breakdown(path: str) -> None:
    """Bot 1's margins in one arena file, by who declared (see the module docs)."""
    runs = _outcomes(path)
    deals = sorted(runs)
    games = sum(len(runs[i].games) for i in deals)
    if not games:
        print("no game in the file")
        return
    print(f"{len(deals)} duplicate deals, {games} games; per game of the run:")
    print(f"  {'games':<22} {'n':>5} {'margin 1-2':>10} {'margin 1-3':>10} "
          f"{'upside 1-2':>10} {'upside 1-3':>10}")
    totals = [0.0] * 4
    for label, (n, *sums) in margin_breakdown(runs, deals).items():
        totals = [t + x for t, x in zip(totals, sums)]
        print(f"  {label:<22} {n:>5} " + " ".join(f"{x / games:+10.2f}" for x in sums))
    print(f"  {'all':<22} {games:>5} " + " ".join(f"{x / games:+10.2f}" for x in totals))


def calibration(deals: int) -> None:
    """RuleBot's estimate against the double-dummy win rate (see the module docs)."""
    rows = []
    for i in range(deals):
        deal = seeded_deal(99, i)
        for seat in range(3):
            h = deal.hands[seat].mask
            cands = _auction_candidates(h, seat == 0)
            if not cands:
                continue
            o = observe(new_game(deal), seat)
            worlds = sample_worlds(o, 8, random.Random(i * 3 + seat))
            e = evaluate_hand(h, seat, cands[:1], worlds, solver=Solver(tt_limit=TT_LIMIT),
                              nodes=400_000, world_nodes=100_000).estimates[0]
            if e.solved:
                rows.append((e.prior, e.wins / e.solved, e.solved))
    print(f"{len(rows)} hands with a world solved, {deals} deals")
    for lo, hi in ((0.15, 0.25), (0.25, 0.35), (0.35, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.01)):
        band = [r for r in rows if lo <= r[0] < hi]
        if band:
            print(f"estimate {lo:.2f}-{min(hi, 1):.2f}: {len(band):>3} hands, double-dummy win "
                  f"rate {statistics.mean(r[1] for r in band):.2f} "
                  f"(worlds solved {statistics.mean(r[2] for r in band):.1f})")


def play_fit(deals: int, spec: str) -> None:
    """The play inference's model against real play (see the module docs)."""
    true_w: list[float] = []
    uniform: list[float] = []
    rng = random.Random(5)
    def measure(_seat: int, _action: object, state: GameState) -> None:
        """After every action: the decision now due, if it is a card after the
        first trick of a suit or grand game."""
        if state.is_finished:
            return
        o = observe(state, state.to_move_index)
        if o.phase.name == "PLAYING" and o.contract is not None and \
                not o.contract.is_null and o.tricks:
            hands = state.hands
            real = World((hands[0].mask, hands[1].mask, hands[2].mask), state.skat.mask)
            true_w.append(play_weight(o, real))
            uniform.extend(play_weight(o, w) for w in sample_worlds(o, 20, rng))

    for i in range(deals):
        play_game(new_game(seeded_deal(3, i)), [make_bot(spec, 3 * i + k) for k in range(3)],
                  on_action=measure)
    print(f"{spec}: {len(true_w)} card decisions after the first trick, {deals} deals "
          f"(seed 3); play_weight of the real cards: mean {statistics.mean(true_w):.3f}, "
          f"1.0 in {100 * sum(w == 1.0 for w in true_w) / len(true_w):.0f}%; of uniform "
          f"worlds: mean {statistics.mean(uniform):.3f}, below 0.1 in "
          f"{100 * sum(w < 0.1 for w in uniform) / len(uniform):.0f}%")


def card_losses(record: GameRecord, solver: Solver) -> tuple[int, list[tuple[int, int]]]:
    """For a suit or grand game's record: the declarer's double-dummy card points
    at the first lead, and for every card played the seat that played it and
    the card points it gave away against perfect play from there on (the
    declarer's double-dummy value before the card less that after it for the
    declarer, after less before for a defender; 0 for a best card).

    What the declarer gave away lowers his final card points below the value
    at the first lead, what the defenders gave away raises them:

    >>> from skatlib import Deal
    >>> rec, res = play_deal(Deal.shuffled(4), [RuleBot()] * 3)
    >>> first, cards = card_losses(rec, Solver())
    >>> d = int(res.declarer)
    >>> str(res.contract), len(cards), min(loss for _, loss in cards) >= 0
    ('G', 30, True)
    >>> given = [sum(loss for s, loss in cards if (s == d) == mine) for mine in (True, False)]
    >>> first, given, res.declarer_points, first - given[0] + given[1] == res.declarer_points
    (75, [0, 33], 108, True)
    """
    state = new_game(record.deal, record.rules)
    before: int | None = None
    first = -1
    out: list[tuple[int, int]] = []
    for action in record.actions:
        if state.phase is Phase.PLAYING and isinstance(action, Play):
            if before is None:
                first = before = solver.solve(state)
            mover = state.to_move_index
            declarer = mover == state.declarer_index
            state = apply(state, action)
            if state.phase is Phase.PLAYING:
                after = solver.solve(state)
            else:  # the last card: the final card points
                res = result(state)
                assert isinstance(res, GameResult)
                after = res.declarer_points
            out.append((mover, before - after if declarer else after - before))
            before = after
        else:
            state = apply(state, action)
    return first, out


LOSS_ROLES = ("the declarer", "bot 1", "the other defender")
"""Who gave the points away, in :func:`dd_losses`'s games another bot declared."""


def dd_losses(path: str, games: int) -> None:
    """Double-dummy card points given away in an arena file's games (see the
    module docs)."""
    with open(path, encoding="utf-8") as f:
        line = f.readline()
    try:
        header = json.loads(line)
        specs, seed = tuple(header["bots"]), int(header["seed"])
        rules = preset(header["rules"])
    except (ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"--dd-loss: {path} does not start with a skat arena header "
                         f"({line[:60]!r}: {e})") from None
    runs = _outcomes(path)
    declared = [(i, r, g) for i in sorted(runs) for r, g in enumerate(runs[i].games)
                if g.declarer >= 0]
    random.Random(0).shuffle(declared)
    # per group: games, first-lead value, final points, three losses, turned wins/losses
    rows = {"bot 1 declared": [0, 0, 0, 0, 0, 0, 0, 0],
            "another bot declared": [0, 0, 0, 0, 0, 0, 0, 0]}
    differ = nulls = 0
    solver = Solver(tt_limit=TT_LIMIT)
    sample = declared[:games]
    for done, (i, r, g) in enumerate(sample):
        if done and done % 25 == 0:
            print(f"{done}/{len(sample)} games", file=sys.stderr, flush=True)
        try:
            at_seat, record = duplicate_game(specs, i, seed, rules, r)
        except SkatError as e:  # a bot of the file that does not load here
            raise SystemExit(f"--dd-loss: {e}") from None
        res = result(record.replay())
        if not (isinstance(res, GameResult) and res.declarer is not None
                and _game_outcome(at_seat, res) == g):
            differ += 1
            continue
        if res.contract.is_null:
            nulls += 1
            continue
        solver.clear()
        first, cards = card_losses(record, solver)
        d = int(res.declarer)
        mine = g.declarer == 0
        row = rows["bot 1 declared" if mine else "another bot declared"]
        row[0] += 1
        row[1] += first
        row[2] += res.declarer_points
        for seat, loss in cards:
            bot = at_seat[seat]
            column = bot if mine else 0 if seat == d else 1 if bot == 0 else 2
            row[3 + column] += loss
        win = _win_points(res.contract)  # by card points: an overbid game counts as won
        row[6] += first < win <= res.declarer_points
        row[7] += res.declarer_points < win <= first
    print(f"{path}: {min(games, len(declared))} of {len(declared)} declared games sampled; "
          f"{differ} came out otherwise in the replay, {nulls} nulls left out")
    for label, (n, first, final, a, b, c, turned_won, turned_lost) in rows.items():
        if not n:
            continue
        who = (("bot 1 (the declarer)", "bot 2", "bot 3") if label == "bot 1 declared"
               else LOSS_ROLES)
        print(f"{label}: {n} games; the declarer's card points double dummy at the first "
              f"lead {first / n:.1f}, in the end {final / n:.1f}; given away per game: "
              + ", ".join(f"{w} {x / n:.1f}" for w, x in zip(who, (a, b, c)))
              + f"; won though lost double dummy at the first lead: {turned_won}, lost "
              f"though won: {turned_lost}")


FUSION_WORLDS = 20
"""Worlds drawn per decision by :func:`fusion` (the default bot's ``worlds``)."""


class _FusionRow:
    """One trick's counts in :func:`fusion`."""

    def __init__(self) -> None:
        self.decisions = self.searched = self.lower = self.changed = self.other = 0
        self.bot_below_1 = self.bot_below_d = 0
        self.cpu: list[float] = []


class _FusionWatch:
    """The default PIMC bot, which at each of its card decisions as declarer (or
    as a defender) from ``from_trick`` on counts the worlds each card wins for
    its side at depth 1 and ``depth`` (:func:`~skatlib.bots.pimc.alphamu_wins`)
    in worlds its twin draws."""

    def __init__(self, seed: int, depth: int, from_trick: int, budget: int,
                 rows: dict[int, _FusionRow], declarer: bool = True) -> None:
        self.bot = make_bot("pimc", seed)
        self.twin = make_bot("pimc", seed + 1_000_003)
        assert isinstance(self.bot, PIMCBot) and isinstance(self.twin, PIMCBot)
        self.depth, self.from_trick, self.budget, self.rows = depth, from_trick, budget, rows
        self.declarer = declarer

    def act(self, o: Observation, legal: Sequence[Action]) -> Action:
        action = self.bot.act(o, legal)
        trick = len(o.tricks) + 1
        plays = [a for a in legal if isinstance(a, Play)]
        if (o.phase is Phase.PLAYING and o.contract is not None and o.declarer is not None
                and (int(o.declarer) == int(o.seat)) == self.declarer
                and trick >= self.from_trick
                and len({int(a.card) for a in plays}) > 1):
            self._count(o, trick, action)
        return action

    def _count(self, o: Observation, trick: int, action: Action) -> None:
        twin = self.twin
        assert isinstance(twin, PIMCBot) and o.contract is not None
        worlds = [twin._position(o, w) for w in twin._sample(o, FUSION_WORLDS)]
        win = _win_points(o.contract)
        row = self.rows.setdefault(trick, _FusionRow())
        row.decisions += 1
        solver = twin.solver
        cpu = time.process_time()
        solver.node_limit = solver.nodes + self.budget
        try:
            one = alphamu_wins(worlds, 1, win=win, solver=solver)
            deep = alphamu_wins(worlds, self.depth, win=win, solver=solver)
        except SearchAborted:
            return
        finally:
            solver.node_limit = None
        row.cpu.append(time.process_time() - cpu)
        row.searched += 1
        best_1 = {c for c, n in one.items() if n == max(one.values())}
        best_d = {c for c, n in deep.items() if n == max(deep.values())}
        row.lower += any(deep[c] < one[c] for c in one)
        row.changed += best_1 != best_d
        row.other += not best_1 & best_d
        assert isinstance(action, Play)
        card = int(action.card)
        row.bot_below_1 += one[card] < max(one.values())
        row.bot_below_d += deep[card] < max(deep.values())


def fusion(deals: int, depth: int, from_trick: int, seed: int, budget: int,
           role: str = "declarer") -> None:
    """How often one plan for the bot's next decisions in ``role`` changes the
    count of won worlds and the best card (see the module docs)."""
    rows: dict[int, _FusionRow] = {}
    games = declared = defended = 0
    for i in range(deals):
        if i and i % 10 == 0:
            print(f"{i}/{deals} deals", file=sys.stderr, flush=True)
        for seat in range(3):
            watch = _FusionWatch(seed * 1000 + 3 * i + seat, depth, from_trick, budget, rows,
                                 role == "declarer")
            bots: list[Bot] = [make_bot("pimc_v1", seed * 1000 + 3 * i + (seat + k) % 3)
                               for k in (1, 2)]
            bots.insert(seat, watch)
            _, res = play_deal(seeded_deal(seed, i), bots)
            games += 1
            declared += isinstance(res, GameResult) and res.declarer == seat
            defended += isinstance(res, GameResult) and res.declarer != seat
    print(f"{deals} deals (seed {seed}), {games} games, the default bot declared {declared} "
          f"and defended {defended}; "
          f"depth {depth} from trick {from_trick}, {FUSION_WORLDS} worlds, budget "
          f"{budget:,} nodes; the bot's decisions as {role}")
    print(f"{'trick':>5} {'decisions':>9} {'searched':>8} {'lower':>5} {'changed':>7} "
          f"{'other':>5} {'bot<1':>5} {'bot<d':>5} {'cpu median':>10} {'cpu max':>8}")
    total = _FusionRow()
    for t in sorted(rows):
        r = rows[t]
        for name in ("decisions", "searched", "lower", "changed", "other", "bot_below_1",
                     "bot_below_d"):
            setattr(total, name, getattr(total, name) + getattr(r, name))
        total.cpu.extend(r.cpu)
        _fusion_line(str(t), r)
    _fusion_line("all", total)


def _fusion_line(label: str, r: _FusionRow) -> None:
    cpu = (f"{statistics.median(r.cpu):>10.3f} {max(r.cpu):>8.2f}" if r.cpu
           else f"{'-':>10} {'-':>8}")
    print(f"{label:>5} {r.decisions:>9} {r.searched:>8} {r.lower:>5} {r.changed:>7} "
          f"{r.other:>5} {r.bot_below_1:>5} {r.bot_below_d:>5} {cpu}")


T = TypeVar("T")
R = TypeVar("R")


def _mapped(fn: Callable[[T], R], jobs: Sequence[T], workers: int) -> Iterator[R]:
    """``fn`` over ``jobs`` in order, in ``workers`` processes (in this one for 1)."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            yield from pool.map(fn, jobs)
    else:
        yield from map(fn, jobs)


class _Recorder:
    """Bot 1 of ``--declared``: a factory of the bot ``spec`` that keeps every
    hand evaluation of a declaration after a pickup (candidates whose discards
    are fixed) in ``seen``, and the bots it made in ``bots``."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.seen: list[Evaluation] = []
        self.bots: list[PIMCBot] = []

    def __call__(self, seed: int) -> PIMCBot:
        bot = make_bot(self.spec, seed)
        if not isinstance(bot, PIMCBot):
            raise SystemExit(f"--declared: bot 1 must be a PIMC bot, not {self.spec!r}")
        evaluate = bot._evaluate

        def recording(cards: int, seat: int, candidates: Sequence[tuple[Contract, int | None]],
                      worlds: Sequence[World], bid: int, cpu: float) -> Evaluation:
            ev = evaluate(cards, seat, candidates, worlds, bid, cpu)
            if candidates and all(d for _, d in candidates):
                self.seen.append(ev)
            return ev

        bot._evaluate = recording  # type: ignore[method-assign]
        self.bots.append(bot)
        return bot


Declared = tuple[str, bool, float | None, float | None]
"""A game bot 1 declared: its contract, whether it won, the auction's and the
declaration's searched win probability of it (``None``: not searched)."""


def declared_estimates(specs: Sequence[str], index: int, seed: int, rotation: int
                       ) -> Declared | None:
    """Rotation ``rotation`` of duplicate deal ``index`` played as the arena plays
    it (bot 1 recorded, :class:`_Recorder`); ``None`` unless bot 1 declared.

    The auction's probability is that of its candidate of the declared game
    type (a hand game: the same contract) when it looked at one; the
    declaration's, after a pickup, that of the contract and discard declared,
    when it compared two or more."""
    recorder = _Recorder(specs[0])
    at_seat, record = duplicate_game((recorder, *specs[1:]), index, seed, preset("isko"),
                                     rotation)
    res = result(record.replay())
    if not isinstance(res, GameResult) or res.declarer is None or \
            at_seat[int(res.declarer)] != 0:
        return None
    (bot,) = recorder.bots
    contract = res.contract
    auction: float | None = None
    memo = bot._auction
    if memo is not None and memo[2] is not None:
        for e in memo[2].estimates:
            same = e.contract == contract if contract.hand else \
                e.contract.game_type == contract.game_type and not e.contract.hand
            if same and e.solved:
                auction = e.win_probability()
                break
    declaration: float | None = None
    declare = next((a for a in record.actions if isinstance(a, Declare)), None)
    if recorder.seen and declare is not None and declare.discard is not None:
        for e in recorder.seen[-1].estimates:
            if (e.contract, e.discard) == (contract, declare.discard.mask) and e.solved:
                declaration = e.win_probability()
                break
    return str(contract), res.won, auction, declaration


def _declared_job(args: tuple[tuple[str, ...], int, int]) -> list[Declared]:
    specs, index, seed = args
    out = []
    for r in range(3):
        got = declared_estimates(specs, index, seed, r)
        if got is not None:
            out.append(got)
    return out


def calibration_power(pairs: Sequence[tuple[float, bool]]) -> float:
    """The power ``a`` (0.05 to 2.00 in steps of 0.01) under which ``p ** a``
    fits the outcomes ``pairs`` (probability, won) best: the largest likelihood
    of the wins and losses (``p`` clipped to 0.0001 .. 0.999999).

    >>> calibration_power([(0.25, True), (0.25, False)])  # 0.25 ** 0.5 = 0.5
    0.5
    >>> calibration_power([(0.5, True)] * 9 + [(0.5, False)])  # 0.5 ** 0.15 ~ 0.9
    0.15
    """
    def likelihood(a: float) -> float:
        total = 0.0
        for p, won in pairs:
            q = min(max(p, 1e-4), 1 - 1e-6) ** a
            total += math.log(q) if won else math.log(1 - q)
        return total

    return max((k / 100 for k in range(5, 201)), key=likelihood)


BANDS = (0.0, 0.35, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0)
"""The probability bands of ``--declared``'s table (the last one holds 1.0)."""


def declared_report(deals: int, seed: int, specs: Sequence[str], workers: int) -> None:
    """The searched win probability of bot 1's declarations against their
    outcome (see the module docs)."""
    games = [g for part in _mapped(_declared_job, [(tuple(specs), i, seed)
                                                   for i in range(deals)], workers)
             for g in part]
    won = sum(g[1] for g in games)
    print(f"{deals} duplicate deals (seed {seed}), {3 * deals} games; bot 1 ({specs[0]}) "
          f"declared {len(games)}, won {won}")
    seen = (("the auction", [(g[2], g[1]) for g in games if g[2] is not None]),
            ("the declaration after a pickup", [(g[3], g[1]) for g in games
                                                if g[3] is not None]))
    for label, pairs in seen:
        print(f"{label}'s win probability of the game declared: {len(pairs)} games")
        if not pairs:
            continue
        print(f"  {'band':>11} {'games':>6} {'mean p':>7} {'won':>6}")
        for lo, hi in itertools.pairwise(BANDS):
            band = [(p, w) for p, w in pairs if lo <= p < hi or hi == 1.0 and p == 1.0]
            if band:
                print(f"  {lo:.2f}-{hi:.2f} {len(band):>6} "
                      f"{statistics.mean(p for p, _ in band):>7.3f} "
                      f"{statistics.mean(w for _, w in band):>6.3f}")
        print(f"  the power that fits best: p ** {calibration_power(pairs):.2f}")


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
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="What each mode prints: the module's docs (benchmarks/pimc.py).")
    p.add_argument("--deals", type=int, default=10,
                   help="deals, each played with the bot in every seat (default %(default)s)")
    p.add_argument("--seed", type=int, default=7,
                   help="seed of the deals (seeded_deal(seed, i)) and the bots, for the traced "
                        "bots, --fusion and --declared (default %(default)s)")
    p.add_argument("--bots", default="pimc,pimc_v1",
                   help="PIMC bots to trace, comma-separated: a registry name or module:Class "
                        "(default %(default)s); with --declared: three bots, bot 1 a PIMC bot "
                        f"(default {','.join(DECLARED_BOTS)}); with --play-fit: any bots")
    p.add_argument("--rule-deals", type=int, default=2000,
                   help="deals of RuleBot and RandomBot self-play for the throughput "
                        "(default %(default)s; 0: none)")
    p.add_argument("--rule-only", action="store_true",
                   help="the RuleBot throughput only, no PIMC decisions")
    p.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"),
                   help="two skat arena --out files of the same deals: bot 1 paired NEW - OLD")
    p.add_argument("--breakdown", metavar="FILE",
                   help="one skat arena --out file: bot 1's margin by who declared and won")
    p.add_argument("--pool", nargs="+", metavar="FILE",
                   help="skat arena --out files of different seeds read back as one run")
    p.add_argument("--same-players", action="store_true",
                   help="with --pool: files whose bots are named differently hold the same "
                        "players")
    p.add_argument("--calibration", type=int, metavar="N",
                   help="RuleBot's estimate against the solver over N deals")
    p.add_argument("--play-fit", type=int, metavar="N",
                   help="how well the play inference's model fits --bots over N deals")
    p.add_argument("--dd-loss", metavar="FILE",
                   help="one skat arena --out file: the card points each card gave away "
                        "against double-dummy play")
    p.add_argument("--games", type=int, default=100,
                   help="with --dd-loss: games sampled from the file (default %(default)s)")
    p.add_argument("--fusion", type=int, metavar="N",
                   help="strategy fusion over N deals: PIMC's count against one plan")
    p.add_argument("--depth", type=int, default=2,
                   help="with --fusion: decisions planned as one (default %(default)s)")
    p.add_argument("--from-trick", type=int, default=4,
                   help="with --fusion: the first trick looked at, 1..10 (default %(default)s)")
    p.add_argument("--budget", type=int, default=3_000_000,
                   help="with --fusion: solver nodes per search (default %(default)s)")
    p.add_argument("--role", choices=("declarer", "defender"), default="declarer",
                   help="with --fusion: the bot's role looked at (default %(default)s)")
    p.add_argument("--declared", type=int, metavar="N",
                   help="N deals: the searched win probability of bot 1's declared games "
                        "against their outcome")
    p.add_argument("--workers", type=int, default=1,
                   help="with --declared: processes in parallel (default %(default)s)")
    args = p.parse_args(argv)
    if args.declared:
        specs = args.bots.split(",") if args.bots != p.get_default("bots") else \
            list(DECLARED_BOTS)
        if len(specs) != 3 or args.workers < 1:
            p.error("--declared: --bots names three bots (bot 1 a PIMC bot), --workers 1 "
                    "or more")
        declared_report(args.declared, args.seed, specs, args.workers)
        return 0
    if args.fusion:
        if args.depth < 1 or not 1 <= args.from_trick <= 10 or args.budget < 1:
            p.error("--depth and --budget must be at least 1, --from-trick 1..10")
        fusion(args.fusion, args.depth, args.from_trick, args.seed, args.budget, args.role)
        return 0
    if args.dd_loss:
        dd_losses(args.dd_loss, args.games)
        return 0
    if args.play_fit:
        for name in args.bots.split(","):
            play_fit(args.play_fit, name)
        return 0
    if args.breakdown:
        breakdown(args.breakdown)
        return 0
    if args.pool:
        pool(args.pool, args.same_players)
        return 0
    if args.calibration:
        calibration(args.calibration)
        return 0
    if args.compare:
        compare(*args.compare)
        return 0
    names = args.bots.split(",")
    for name in names:
        if name not in REGISTERED and ":" not in name:
            p.error(f"--bots: one of {', '.join(REGISTERED)} or module:Class, not {name!r}")
    print(f"Python {sys.version.split()[0]}; CPU time per decision")
    if args.rule_deals > 0:  # --rule-deals 0: PIMC's decisions only
        throughput(args.rule_deals)
    if args.rule_only:
        return 0
    for name in names:
        ds, declared = decisions(name, args.deals, args.seed)
        report(name, ds, declared, 3 * args.deals)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
