"""skatlib.simulate: parallel deals whose statistics depend on the seed alone."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from int_like import IntLike
from skatlib import GameResult, PassedIn, RandomBot, SkatError, seeger_fabian
from skatlib.bots.simulation import (
    BotSpec,
    SimulationStats,
    deal_seed,
    play_simulated_deal,
    simulate,
)
from skatlib.cli.simulate import add_arguments, run
from skatlib.errors import ArgumentTypeError

N = 48


@pytest.fixture(scope="module")
def serial() -> SimulationStats:
    return simulate(N, "random", seed=11, workers=0, chunk_size=5)


def test_one_and_two_worker_processes_agree(serial: SimulationStats) -> None:
    with ProcessPoolExecutor(max_workers=1) as one:
        a = simulate(N, "random", seed=11, executor=one, chunk_size=7)
    with ProcessPoolExecutor(max_workers=2) as two:
        b = simulate(N, "random", seed=11, executor=two, chunk_size=3)
    assert a == b == serial
    assert a.to_dict()["by_game_type"] == serial.to_dict()["by_game_type"]


def test_default_pool_agrees(serial: SimulationStats) -> None:
    assert simulate(N, "random", seed=11, workers=2) == serial


def test_chunking_does_not_matter(serial: SimulationStats) -> None:
    with ThreadPoolExecutor(max_workers=3) as ex:
        assert simulate(N, seed=11, executor=ex, chunk_size=1) == serial
    assert simulate(N, seed=11, workers=0, chunk_size=1000) == serial


def test_the_seed_matters(serial: SimulationStats) -> None:
    other = simulate(N, "random", seed=12, workers=0)
    assert other != serial


def test_statistics_add_up(serial: SimulationStats) -> None:
    s = serial
    assert s.deals == N == s.passed_in + s.games + s.other
    assert s.games == sum(t.games for t in s.by_game_type.values())
    assert 0.0 <= s.win_rate <= 1.0
    # recompute from the individual deals
    passed = games = won = score_sum = 0
    seats = [0, 0, 0]
    for i in range(N):
        record, res = play_simulated_deal(11, i)
        if isinstance(res, PassedIn):
            passed += 1
            continue
        assert isinstance(res, GameResult)
        games += 1
        won += res.won
        score_sum += res.score
        declarer = record.replay().declarer_index
        d, o = seeger_fabian(res)
        for seat in range(3):
            seats[seat] += d if seat == declarer else o
    assert (s.passed_in, s.games, s.won) == (passed, games, won)
    assert s.mean_score == pytest.approx(score_sum / games)
    assert s.seeger_fabian_seats == tuple(seats)


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    simulate(10, seed=1, workers=0, chunk_size=3, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(3, 10), (6, 10), (9, 10), (10, 10)]
    seen: list[int] = []
    with ThreadPoolExecutor(max_workers=2) as ex:
        simulate(10, seed=1, executor=ex, chunk_size=4, progress=lambda d, t: seen.append(d))
    assert sorted(seen) == seen and seen[-1] == 10


def _cautious(seed: int) -> RandomBot:
    return RandomBot(seed, pass_rate=0.9)


def test_factories_and_seat_specs() -> None:
    specs: Sequence[BotSpec] = ("random", functools.partial(RandomBot, pass_rate=0.9), _cautious)
    with ProcessPoolExecutor(max_workers=2) as ex:
        a = simulate(12, specs, seed=3, executor=ex)
    b = simulate(12, specs, seed=3, workers=0)
    assert a == b
    assert simulate(12, RandomBot, seed=3, workers=0) == simulate(12, "random", seed=3, workers=0)


def test_bad_arguments() -> None:
    with pytest.raises(SkatError, match="unknown bot"):
        simulate(1, "nobody", workers=0)
    with pytest.raises(SkatError, match="three"):
        simulate(1, ["random", "random"], workers=0)
    with pytest.raises(SkatError):
        simulate(-1, workers=0)
    with pytest.raises(SkatError):
        simulate(1, workers=-2)


def test_zero_deals() -> None:
    s = simulate(0, workers=0)
    assert (s.deals, s.games, s.win_rate, s.mean_score) == (0, 0, 0.0, 0.0)


def test_deal_seeds_are_stable() -> None:
    # part of the reproducibility contract: these values must never change
    assert deal_seed(0, 0) == 2996582561218216930
    assert deal_seed(2026, 7, 1) == 2062510665046713051
    assert len({deal_seed(1, i) for i in range(1000)}) == 1000
    assert deal_seed(1, 2, 0) != deal_seed(1, 2, 1) != deal_seed(1, 2)


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    p = argparse.ArgumentParser()
    add_arguments(p)
    assert run(p.parse_args(["--deals", "9", "--workers", "0", "--seed", "2"])) == 0
    out = capsys.readouterr()
    assert "9 deals in" in out.out and "game type" in out.out
    assert out.err == ""  # no progress bar off a terminal
    assert run(p.parse_args(["--deals", "9", "--workers", "0", "--seed", "2", "--json"])) == 0
    assert '"deals": 9' in capsys.readouterr().out
    with pytest.raises(SkatError):
        run(p.parse_args(["--deals", "-3"]))
    with pytest.raises(SkatError):
        run(p.parse_args(["--deals", "3", "--workers", "0", "--bots", "random,random"]))


def test_dask_local_cluster(serial: SimulationStats) -> None:
    distributed = pytest.importorskip(
        "dask.distributed", reason="the dask extra is not installed (pip install 'skatlib[dask]')")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        stats = simulate(N, "random", seed=11, executor=client.get_executor(), chunk_size=6)
    assert stats == serial


def test_declarer_comes_from_the_result_not_a_guess() -> None:
    """The declarer is GameResult.declarer: with Schieberamsch and grand hand
    (D-17) the seat asked in the SKAT phase is no guide (30 of 391 declarer games
    were counted as "other")."""
    from skatlib import RamschResult, Rules

    rules = Rules(ramsch=True, schieberamsch=True, ramsch_grand_hand=True)
    n = 60
    stats = simulate(n, "random", rules, seed=4, workers=0)
    results = [play_simulated_deal(4, i, "random", rules)[1] for i in range(n)]
    games = [r for r in results if isinstance(r, GameResult)]
    assert any(r.contract.hand for r in games)  # grand hand instead of Ramsch
    assert stats.games == len(games)
    assert stats.other == sum(isinstance(r, RamschResult) for r in results)
    seats = [0, 0, 0]
    for r in games:
        assert r.declarer is not None
        mine, others = seeger_fabian(r)
        for s in range(3):
            seats[s] += mine if s == r.declarer else others
    assert stats.seeger_fabian_seats == tuple(seats)


def test_statistics_are_frozen_and_hashable(serial: SimulationStats) -> None:
    again = simulate(N, "random", seed=11, workers=0)
    assert hash(again) == hash(serial) and {again, serial} == {serial}
    assert isinstance(serial.game_types, tuple)
    with pytest.raises(TypeError):
        serial.by_game_type[next(iter(serial.by_game_type))] = None  # type: ignore[index]


def test_more_deals_than_the_maximum_are_refused_at_once() -> None:
    from skatlib.bots.simulation import MAX_DEALS

    with pytest.raises(SkatError, match="at most"):
        simulate(MAX_DEALS + 1, workers=0)
    with pytest.raises(SkatError, match="at most"):
        simulate(10**12, workers=2)


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"seeger_fabian_seats": 0}, "seeger_fabian_seats must be a sequence of 3 ints, not int"),
    ({"seeger_fabian_seats": (1, 2.5, 3)}, "seeger_fabian_seats must be an int, not float"),
    ({"game_types": 0}, "game_types must be a mapping or pairs"),
    ({"game_types": [("G", 1)]}, "game_types must be a mapping or pairs"),
    ({"deals": 1.0}, "deals must be an int, not float"),
    ({"games": None}, "games must be an int, not NoneType"),
    ({"other": "1"}, "other must be an int, not str"),
    ({"elapsed": "1s"}, "elapsed must be a number of seconds, not str"),
    ({"workers": True}, "workers must be an int, not bool"),
])
def test_simulation_stats_refuse_fields_of_the_wrong_type(kwargs: dict[str, object],
                                                          match: str) -> None:
    """CONTRIBUTING "Errors and types" (the API fuzzer's SimulationStats xfail):
    ``seeger_fabian_seats=0`` let ``'int' object is not iterable`` escape."""
    fields: dict[str, object] = {"deals": 1, "passed_in": 1, "games": 0, "game_types": (),
                                 "seeger_fabian_seats": (0, 0, 0), **kwargs}
    with pytest.raises(ArgumentTypeError, match=match):
        SimulationStats(**fields)  # type: ignore[arg-type]


def test_simulation_stats_have_one_seeger_fabian_sum_per_seat(
        serial: SimulationStats) -> None:
    """D-14 at a 3-player table: three seats, three sums; int-likes are stored as ints
    and a rebuilt copy equals (and hashes like) the original."""
    with pytest.raises(SkatError, match=r"one sum per seat \(3\), not 2"):
        SimulationStats(1, 1, 0, (), (0, 0))
    copy = SimulationStats(IntLike(serial.deals), serial.passed_in,  # type: ignore[arg-type]
                           serial.games, dict(serial.game_types),
                           [IntLike(v) for v in serial.seeger_fabian_seats],
                           serial.other)
    assert copy == serial and hash(copy) == hash(serial) and type(copy.deals) is int


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"n_deals": 2.0}, TypeError, "the number of deals must be a whole number, not float"),
    ({"n_deals": -1}, SkatError, "must be a whole number >= 0, not -1"),
    ({"rules": "isko"}, TypeError, "rules must be Rules, not str"),
    ({"seed": 1.5}, TypeError, "seed must be an int, not float"),
    ({"workers": "2"}, TypeError, "workers must be an int or None, not str"),
    ({"chunk_size": 2.0}, TypeError, "chunk_size must be an int or None, not float"),
    ({"chunk_size": 0}, SkatError, "chunk_size must be >= 1"),
])
def test_simulate_checks_its_arguments_before_any_work(kwargs: dict[str, object],
                                                       error: type[Exception],
                                                       match: str) -> None:
    """The type policy: a float seed was truncated (``seed=1.5`` played seed 1), and
    ``workers='2'`` let ``'<' not supported`` escape."""
    args: dict[str, object] = {"n_deals": 2, "workers": 0, **kwargs}
    with pytest.raises(error, match=match):
        simulate(**args)  # type: ignore[arg-type]


def test_simulate_takes_int_like_counts_and_seeds() -> None:
    """The int rule (numpy integers): the same statistics as the plain ints."""
    assert simulate(IntLike(6), seed=IntLike(3), workers=0,  # type: ignore[arg-type]
                    chunk_size=IntLike(4)) == simulate(6, seed=3, workers=0)  # type: ignore[arg-type]
