"""Many deals in parallel: :func:`simulate`.

:func:`simulate` plays ``n_deals`` complete deals (bidding, declaration, card
play, scoring) with :func:`~skatlib.play_deal` and returns aggregate
:class:`SimulationStats`.  The deals run in chunks on any
:class:`concurrent.futures.Executor` — a local process pool by default — and
the result depends only on ``seed``: deal ``i`` is shuffled from a seed
derived from ``(seed, i)`` and every bot gets a seed derived from that deal
and its seat, so 1, 2 or 200 workers give identical statistics.

>>> stats = simulate(20, "random", seed=7, workers=0)   # workers=0: in this process
>>> stats.deals, stats.passed_in + stats.games
(20, 20)
>>> stats == simulate(20, "random", seed=7, workers=0)
True

Bots are named (``"random"``: :class:`~skatlib.RandomBot`) or given as a
*factory*: any picklable callable that takes a seed (``int``) and returns a
bot — a class such as ``RandomBot`` itself, or a ``functools.partial`` of a
top-level function.  Lambdas and nested functions cannot be sent to worker
processes (use ``workers=0`` for them).

Any ``concurrent.futures.Executor`` works, so a cluster is one argument away.
With Dask (``pip install "dask[distributed]"``)::

    from dask.distributed import Client
    with Client("scheduler-address:8786") as client:
        stats = simulate(1_000_000, "random", seed=1, executor=client.get_executor())

Ray has no ``concurrent.futures.Executor`` of its own, but its object
references convert to ``concurrent.futures.Future`` (``ref.future()``), so a
three-line executor runs each chunk as a Ray task (``pip install ray``)::

    import concurrent.futures
    import ray

    class RayExecutor(concurrent.futures.Executor):
        def submit(self, fn, /, *args, **kwargs):
            return ray.remote(fn).remote(*args, **kwargs).future()

    ray.init(address="auto")
    stats = simulate(1_000_000, "random", seed=1, executor=RayExecutor(), workers=64)

The workers need skatlib (and the bots' module) installed.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from types import MappingProxyType
from typing import Any, TypeVar

import attrs

from ..contract import GameType
from ..errors import Reason, SkatError, as_int, type_error
from ..record import GameRecord
from ..rules import ISKO, Rules
from ..scoring import GameResult, PassedIn, seeger_fabian
from ._core import BOTS, BotFactory, BotSpec, bot_factory, deal_seed, play_deal, seeded_deal

__all__ = [
    "BOTS",
    "MAX_DEALS",
    "BotFactory",
    "BotSpec",
    "GameTypeStats",
    "SimulationStats",
    "deal_seed",
    "play_simulated_deal",
    "check_deals",
    "run_chunks",
    "simulate",
]

MAX_DEALS = 100_000_000
"""The most deals one :func:`simulate` run (or one ``skat arena``) plays: a
larger count is refused at once with a clear message (at about 10,000 random
deals per second and core, this is already hours on a large machine)."""

_GAME_TYPES = tuple(GameType)


def _int_fields(stats: object, names: tuple[str, ...]) -> None:
    """Each field of ``names`` of a frozen ``stats`` as a plain int (the type policy's
    int rule: operator.index, never a bool)."""
    for name in names:
        object.__setattr__(stats, name, as_int(getattr(stats, name), name))


@attrs.frozen
class GameTypeStats:
    """The games of one game type in a simulation."""

    games: int
    """Games of this type."""
    won: int
    """Games the declarer won."""
    score_sum: int
    """Sum of the declarer's scores (list points: +value or −2 × value)."""
    seeger_fabian_sum: int
    """Sum of the declarer's Seeger-Fabian points (D-14)."""

    def __attrs_post_init__(self) -> None:
        _int_fields(self, ("games", "won", "score_sum", "seeger_fabian_sum"))

    @property
    def win_rate(self) -> float:
        """Share of these games the declarer won (0.0 with no games)."""
        return self.won / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """The declarer's mean score."""
        return self.score_sum / self.games if self.games else 0.0


def _type_items(value: Iterable[tuple[GameType, GameTypeStats]]
                | Mapping[GameType, GameTypeStats]) -> tuple[tuple[GameType, GameTypeStats], ...]:
    what = "a mapping or pairs of (GameType, GameTypeStats)"
    if isinstance(value, Mapping):
        items = tuple(value.items())
    elif isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise type_error("game_types", what, value)
    else:
        items = tuple(value)
    for item in items:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], GameType)
                and isinstance(item[1], GameTypeStats)):
            raise type_error("game_types", what, item)
    return tuple(sorted(items))


def _seats(value: object) -> tuple[int, int, int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise type_error("seeger_fabian_seats", "a sequence of 3 ints", value)
    if len(value) != 3:
        raise SkatError(f"seeger_fabian_seats has one sum per seat (3), not {len(value)}: "
                        f"{tuple(value)!r}", Reason.BAD_TABLE)
    a, b, c = (as_int(v, "seeger_fabian_seats") for v in value)
    return (a, b, c)


def _seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise type_error("elapsed", "a number of seconds", value)
    return float(value)


@attrs.frozen
class SimulationStats:
    """Aggregate statistics of :func:`simulate`.

    Equality compares the statistics only (not the time taken or the workers),
    so runs with the same seed compare equal whatever executor ran them.  The
    statistics are frozen and hashable (every field is a number or a tuple).
    """

    deals: int
    """Deals played."""
    passed_in: int
    """Deals all three passed (no game, D-8)."""
    games: int
    """Deals with a declarer game."""
    game_types: tuple[tuple[GameType, GameTypeStats], ...] = attrs.field(
        converter=_type_items)
    """Per game type (only the types that occurred), in ``GameType`` order, as
    ``(game type, stats)`` pairs: a tuple, so that the statistics are hashable
    (a mapping given here is converted)."""
    seeger_fabian_seats: tuple[int, int, int] = attrs.field(converter=_seats)
    """Seeger-Fabian points (D-14, 3-player table) summed per seat:
    forehand, middlehand, rearhand."""
    other: int = 0
    """Deals that ended otherwise: ramsch under house rules, or abandoned (none
    under the ISKO rules with the built-in bots)."""
    elapsed: float = attrs.field(default=0.0, eq=False, converter=_seconds)
    """Seconds the simulation took (not compared)."""
    workers: int = attrs.field(default=0, eq=False)
    """Workers used, when known (0: in this process; not compared)."""

    def __attrs_post_init__(self) -> None:
        _int_fields(self, ("deals", "passed_in", "games", "other", "workers"))

    @property
    def by_game_type(self) -> Mapping[GameType, GameTypeStats]:
        """:attr:`game_types` as a read-only mapping."""
        return MappingProxyType(dict(self.game_types))

    @property
    def won(self) -> int:
        """Games the declarer won."""
        return sum(s.won for s in self.by_game_type.values())

    @property
    def win_rate(self) -> float:
        """Share of the games the declarer won."""
        return self.won / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """The declarer's mean score per game."""
        return sum(s.score_sum for s in self.by_game_type.values()) / self.games \
            if self.games else 0.0

    @property
    def mean_seeger_fabian(self) -> float:
        """The declarer's mean Seeger-Fabian points per game."""
        return sum(s.seeger_fabian_sum for s in self.by_game_type.values()) / self.games \
            if self.games else 0.0

    @property
    def seeger_fabian_per_deal(self) -> tuple[float, float, float]:
        """Mean Seeger-Fabian points per deal of each seat (forehand, middlehand,
        rearhand), passed-in deals included as 0."""
        n = self.deals or 1
        a, b, c = self.seeger_fabian_seats
        return (a / n, b / n, c / n)

    @property
    def passed_in_rate(self) -> float:
        """Share of deals passed in."""
        return self.passed_in / self.deals if self.deals else 0.0

    @property
    def deals_per_second(self) -> float:
        """Throughput of the run that produced these statistics."""
        return self.deals / self.elapsed if self.elapsed > 0 else 0.0

    def summary(self) -> str:
        """A short text report.

        >>> print(simulate(30, seed=3, workers=0).summary())   # doctest: +ELLIPSIS
        30 deals: ... passed in (...%), ... games, declarer won ... (...%), mean score ...
        game type      games   won  win rate  mean score  mean Seeger-Fabian
        ...
        Seeger-Fabian per deal: forehand ..., middlehand ..., rearhand ...
        """
        lines = [
            f"{self.deals:,} deals: {self.passed_in:,} passed in "
            f"({100 * self.passed_in_rate:.1f}%), {self.games:,} games, declarer won "
            f"{self.won:,} ({100 * self.win_rate:.1f}%), mean score {_num(self.mean_score)}",
            f"{'game type':<12} {'games':>7} {'won':>5}  {'win rate':>8}  {'mean score':>10}  "
            "mean Seeger-Fabian",
        ]
        for gt, s in self.by_game_type.items():
            sf = s.seeger_fabian_sum / s.games if s.games else 0.0
            lines.append(f"{gt.title:<12} {s.games:>7,} {s.won:>5,}  {100 * s.win_rate:>7.1f}%  "
                         f"{_num(s.mean_score):>10}  {_num(sf):>18}")
        if self.other:
            lines.append(f"other endings: {self.other:,}")
        fh, mh, rh = self.seeger_fabian_per_deal
        lines.append(f"Seeger-Fabian per deal: forehand {_num(fh)}, middlehand {_num(mh)}, "
                     f"rearhand {_num(rh)}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The statistics as JSON-ready data."""
        return {
            "deals": self.deals,
            "passed_in": self.passed_in,
            "games": self.games,
            "won": self.won,
            "win_rate": self.win_rate,
            "mean_score": self.mean_score,
            "mean_seeger_fabian": self.mean_seeger_fabian,
            "seeger_fabian_per_deal": list(self.seeger_fabian_per_deal),
            "other": self.other,
            "by_game_type": {
                gt.name.lower(): {"games": s.games, "won": s.won, "win_rate": s.win_rate,
                                  "mean_score": s.mean_score,
                                  "seeger_fabian_sum": s.seeger_fabian_sum}
                for gt, s in self.by_game_type.items()
            },
            "elapsed_s": self.elapsed,
            "deals_per_second": self.deals_per_second,
            "workers": self.workers,
        }


def _num(x: float) -> str:
    return f"{x:+.2f}".replace("-", "−") if x else "0.00"


# ----- one deal ----------------------------------------------------------------------------


def _factories(bots: BotSpec | Sequence[BotSpec]) -> tuple[BotFactory, BotFactory, BotFactory]:
    specs: Sequence[BotSpec]
    if isinstance(bots, str) or callable(bots):
        specs = (bots, bots, bots)
    else:
        specs = list(bots)
    if len(specs) != 3:
        raise SkatError(f"give one bot spec or three (one per seat), not {len(specs)}",
                        Reason.BAD_TABLE)
    a, b, c = (bot_factory(spec) for spec in specs)
    return a, b, c


def play_simulated_deal(
    seed: int, index: int, bots: BotSpec | Sequence[BotSpec] = "random", rules: Rules = ISKO
) -> tuple[GameRecord, object]:
    """Deal ``index`` of a :func:`simulate` run with ``seed``, played exactly as
    the run plays it: ``(record, result)`` as :func:`~skatlib.play_deal` returns
    them (to inspect or replay one deal of a run).

    >>> record, res = play_simulated_deal(7, 3)
    >>> record.replay().is_finished
    True
    """
    return _play(seed, index, _factories(bots), rules)


def _play(seed: int, index: int, factories: Sequence[BotFactory],
          rules: Rules) -> tuple[GameRecord, object]:
    """``(record, result)`` of deal ``index``: the deal and the bot in each seat
    seeded by :func:`~skatlib.bots.deal_seed`."""
    bots = [factories[s](deal_seed(seed, index, s)) for s in range(3)]
    return play_deal(seeded_deal(seed, index), bots, rules)


# ----- tallies ------------------------------------------------------------------------------
# A tally is a flat list of ints, so that it pickles small and merges by addition:
# [deals, passed_in, other, sf0, sf1, sf2, then per game type: games, won, score, sf]
_HEAD = 6
_PER_TYPE = 4


def _new_tally() -> list[int]:
    return [0] * (_HEAD + _PER_TYPE * len(_GAME_TYPES))


def _run_chunk(start: int, stop: int, seed: int, factories: Sequence[BotFactory],
               rules: Rules) -> list[int]:
    """Play deals ``start..stop-1`` and tally them (this runs in a worker)."""
    tally = _new_tally()
    for i in range(start, stop):
        _, res = _play(seed, i, factories, rules)
        tally[0] += 1
        if isinstance(res, PassedIn):
            tally[1] += 1
        elif isinstance(res, GameResult) and res.declarer is not None:
            declarer = int(res.declarer)  # set by result(): never guessed
            decl_sf, other_sf = seeger_fabian(res)
            for seat in range(3):
                tally[3 + seat] += decl_sf if seat == declarer else other_sf
            base = _HEAD + _PER_TYPE * int(res.contract.game_type)
            tally[base] += 1
            tally[base + 1] += int(res.won)
            tally[base + 2] += res.score
            tally[base + 3] += decl_sf
        else:  # ramsch, abandoned: counted, not analysed
            tally[2] += 1
    return tally


def _merge(into: list[int], part: Sequence[int]) -> None:
    for i, v in enumerate(part):
        into[i] += v


def _stats(tally: Sequence[int], elapsed: float, workers: int) -> SimulationStats:
    by_type: dict[GameType, GameTypeStats] = {}
    games = 0
    for gt in _GAME_TYPES:
        base = _HEAD + _PER_TYPE * int(gt)
        n, won, sc, sf = tally[base:base + _PER_TYPE]
        if n:
            by_type[gt] = GameTypeStats(n, won, sc, sf)
            games += n
    return SimulationStats(
        deals=tally[0], passed_in=tally[1], games=games, game_types=tuple(by_type.items()),
        seeger_fabian_seats=(tally[3], tally[4], tally[5]), other=tally[2],
        elapsed=elapsed, workers=workers,
    )


# ----- simulate ----------------------------------------------------------------------------


def _chunks(n: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, n, size):
        yield start, min(n, start + size)


_T = TypeVar("_T")


def run_chunks(fn: Callable[..., _T], jobs: Iterable[tuple[Any, ...]],
               executor: Executor | None = None, workers: int = 0) -> Iterator[_T]:
    """``fn(*job)`` for every job, in completion order: in this process when
    ``executor`` is ``None`` and ``workers`` is 0, else on ``executor`` (default: a
    process pool of ``workers``, shut down at the end).  At most ``2 * workers``
    jobs (at least 2) are in flight, so a long run of jobs needs no more memory
    than a short one.  Stopping early (or an error) cancels what is waiting.

    >>> sorted(run_chunks(pow, [(2, 3), (3, 2)]))
    [8, 9]
    """
    if executor is None and workers == 0:
        for job in jobs:
            yield fn(*job)
        return
    own = executor is None
    ex: Executor = ProcessPoolExecutor(max_workers=workers) if executor is None else executor
    window = 2 * max(1, workers)
    pending: set[Future[_T]] = set()
    try:
        todo = iter(jobs)
        for job in todo:
            pending.add(ex.submit(fn, *job))
            if len(pending) < window:
                continue
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
    finally:
        for fut in pending:
            fut.cancel()
        if own:
            ex.shutdown(wait=True, cancel_futures=True)


def check_deals(n_deals: object, name: str = "the number of deals") -> int:
    """``n_deals`` if it is a whole number from 0 to :data:`MAX_DEALS`.

    >>> check_deals(10**12)                                # doctest: +ELLIPSIS
    Traceback (most recent call last):
    skatlib.errors.SkatError: the number of deals must be at most 100,000,000 ...
    """
    n_deals = as_int(n_deals, name, "a whole number")
    if n_deals < 0:
        raise SkatError(f"{name} must be a whole number >= 0, not {n_deals!r}",
                        Reason.BAD_TABLE)
    if n_deals > MAX_DEALS:
        raise SkatError(f"{name} must be at most {MAX_DEALS:,} (one run), not {n_deals:,}: "
                        "split the work into several runs with different seeds",
                        Reason.BAD_TABLE)
    return n_deals


def simulate(
    n_deals: int,
    bots: BotSpec | Sequence[BotSpec] = "random",
    rules: Rules = ISKO,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    *,
    workers: int | None = None,
    chunk_size: int | None = None,
) -> SimulationStats:
    """Play ``n_deals`` deals and return their aggregate statistics.

    :param bots: one spec for all three seats or three specs (forehand,
        middlehand, rearhand): a name from :data:`BOTS` (``"random"``) or a
        picklable factory ``factory(seed) -> Bot``.
    :param rules: the table's rules.
    :param seed: the statistics depend on this alone (not on the executor, the
        workers or the chunk size): see :func:`deal_seed`.
    :param executor: any :class:`concurrent.futures.Executor` (a Dask
        ``client.get_executor()``, a Ray executor, a thread pool...).  The
        default is a :class:`~concurrent.futures.ProcessPoolExecutor` with
        ``workers`` processes, shut down at the end.
    :param progress: called as ``progress(done, n_deals)`` in this process
        after each chunk.
    :param workers: processes for the default pool (default: the CPU count);
        ``0`` plays everything in this process, without a pool.
    :param chunk_size: deals per task (default: about eight tasks per worker,
        at most 1,000 deals each).
    :raises SkatError: for a bad deal count (more than :data:`MAX_DEALS` included) or
        bot spec.
    """
    n_deals = check_deals(n_deals)
    if not isinstance(rules, Rules):
        raise type_error("rules", "Rules", rules)
    seed = as_int(seed, "seed")  # any int: deal_seed hashes it, so -1 and 1 differ
    factories = _factories(bots)
    if workers is not None:
        workers = as_int(workers, "workers", "an int or None")
        if workers < 0:
            raise SkatError(f"workers must be >= 0, not {workers}", Reason.BAD_TABLE)
    n_workers = workers if workers is not None else (
        getattr(executor, "_max_workers", None) or os.cpu_count() or 1)
    if chunk_size is None:
        chunk_size = max(1, min(1000, math.ceil(n_deals / (8 * max(1, n_workers)))))
    elif (chunk_size := as_int(chunk_size, "chunk_size", "an int or None")) < 1:
        raise SkatError(f"chunk_size must be >= 1, not {chunk_size}", Reason.BAD_TABLE)
    start = time.perf_counter()
    tally = _new_tally()
    jobs = ((a, b, seed, factories, rules) for a, b in _chunks(n_deals, chunk_size))
    done = 0
    for part in run_chunks(_run_chunk, jobs, executor, n_workers):
        _merge(tally, part)
        done += part[0]
        if progress is not None:
            progress(done, n_deals)
    return _stats(tally, time.perf_counter() - start, n_workers)
