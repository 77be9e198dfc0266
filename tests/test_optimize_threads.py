"""skatlib under ``python -O`` and with many threads on shared states.

``-O`` removes every ``assert`` statement, so input validation must never live in
one.  Rather than grep for asserts, these tests run code under ``-O`` and check
behaviour: ``tests/_optimized_run.py`` feeds every kind of bad input (each must
still raise its skatlib error) and plays a fixed set of games whose digest must
equal a normal run's; the soak's smoke size and the parser fuzzers (which check
with explicit ``except`` clauses, not asserts) run under ``-O`` as well.

Thread safety: :class:`~skatlib.GameState` is immutable, but skatlib keeps a few
module-level caches (legal actions, allowed contracts).  Several threads run
bots, ``legal_actions``, ``apply``, ``is_legal``, ``observe`` and ``result`` on the
same shared states at once, with the caches emptied first and a tiny thread
switch interval, and must get exactly what one thread gets.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from skatlib import (
    ISKO,
    ISS,
    PUB,
    Action,
    Card,
    Deal,
    GameState,
    IllegalActionError,
    Play,
    RandomBot,
    RuleBot,
    Rules,
    apply,
    is_legal,
    legal_actions,
    new_game,
    observe,
    play_deal,
    result,
)

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).resolve().parent / "_optimized_run.py"
SCHIEBE = Rules(name="schiebe", kontra=True, ramsch=True, schieberamsch=True,
                ramsch_grand_hand=True)


def _run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get(
        "PYTHONPATH", ""))
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


# ----------------------------------------------------------------------------- python -O


def test_validation_and_games_are_the_same_under_optimize() -> None:
    plain = _run(str(SCRIPT))
    optimized = _run("-O", str(SCRIPT))
    assert plain.returncode == 0, plain.stdout + plain.stderr
    assert optimized.returncode == 0, optimized.stdout + optimized.stderr
    assert plain.stdout.split()[:4] == optimized.stdout.split()[:4]  # checks and digest
    assert "optimize=1" in optimized.stdout and "optimize=0" in plain.stdout


def test_soak_smoke_under_optimize() -> None:
    out = _run("-O", "benchmarks/soak.py", "--deals", "120", "--workers", "1", "--quiet")
    assert out.returncode == 0, out.stdout + out.stderr
    assert " 0 failures" in out.stdout


def test_parser_fuzzers_under_optimize() -> None:
    """The fuzzers check with ``except`` clauses (only skatlib errors may escape), which
    ``-O`` keeps; a parser that validated with ``assert`` would let garbage through to
    a non-skatlib exception."""
    out = _run("-O", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
               "-W", "ignore::pytest.PytestConfigWarning", "--no-header",
               "tests/test_fuzz_parsers.py", "-k",
               "card_parse or contract or parse_action or non_text or iss_truncated or "
               "json_loads_text or fixed_bug")
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert "passed" in out.stdout


# ----------------------------------------------------------------------------- threads


def _shared_states() -> list[GameState]:
    """States in every phase under several rule sets, reached by random legal play."""
    states: list[GameState] = []
    rng = random.Random(11)
    for i in range(24):
        rules = (ISKO, ISS, PUB, SCHIEBE)[i % 4]
        s = new_game(Deal.shuffled(i), rules, ramsch=rules is SCHIEBE and i % 8 == 3)
        while not s.is_finished:
            if rng.random() < 0.25:
                states.append(s)
            legal = legal_actions(s)
            plays = [a for a in legal if isinstance(a, Play)]
            s = apply(s, rng.choice(plays or list(legal)))
        states.append(s)
    return states


def _work(states: list[GameState], order: list[int]) -> dict[int, tuple[object, ...]]:
    """Everything a reader may do with a state; keyed by the state's index."""
    out: dict[int, tuple[object, ...]] = {}
    for i in order:
        s = states[i]
        before = hash(s)
        legal = legal_actions(s)
        nexts = tuple(apply(s, a) for a in legal[:40])
        again = tuple(apply(s, a, check=False) for a in legal[:40])
        assert nexts == again
        checks = tuple(is_legal(s, Play(c)) for c in Card)
        try:
            apply(s, Play(Card.D7))  # mostly illegal: the error path too
            error = ""
        except IllegalActionError as exc:
            error = f"{exc.reason} {exc}"
        views = tuple(observe(s, seat) for seat in range(3))
        bots: tuple[object, ...] = ()
        if legal and s.to_move is not None:
            seat = int(s.to_move)
            bots = (RuleBot().act(views[seat], legal), RandomBot(i).act(views[seat], legal))
        assert hash(s) == before
        out[i] = (legal, nexts, checks, error, views, bots, result(s), hash(s))
    return out


def _deals(seeds: list[int]) -> Iterator[tuple[int, object]]:
    for seed in seeds:
        rules = (ISKO, PUB, SCHIEBE)[seed % 3]
        rec, res = play_deal(Deal.shuffled(seed), [RuleBot(), RandomBot(seed), RuleBot()],
                             rules)
        yield seed, (rec.actions, res)


@pytest.fixture()
def busy_switching() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _empty_caches() -> None:
    import skatlib.state._core
    import skatlib.state._declaring
    import skatlib.state._playing

    for module, name in ((skatlib.state._playing, "_PLAY_CACHE"),
                         (skatlib.state._declaring, "_ALLOWED_CACHE"),
                         (skatlib.state._declaring, "_DISCARD_CACHE"),
                         (skatlib.state._core, "_TRICK_CACHE"),
                         (skatlib.state._core, "_TRICKS_CACHE")):
        cache = getattr(module, name)
        assert isinstance(cache, dict)
        cache.clear()


@pytest.mark.usefixtures("busy_switching")
def test_threads_on_shared_states_agree_with_one_thread() -> None:
    states = _shared_states()
    _empty_caches()
    expected = _work(states, list(range(len(states))))
    _empty_caches()
    orders = []
    for t in range(8):
        order = list(range(len(states)))
        random.Random(t).shuffle(order)
        orders.append(order)
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda order: _work(states, order), orders))
    for got in results:
        assert got == expected


@pytest.mark.usefixtures("busy_switching")
def test_threads_playing_whole_deals_agree_with_one_thread() -> None:
    seeds = list(range(30))
    expected = dict(_deals(seeds))
    _empty_caches()
    chunks = [seeds[i::6] for i in range(6)] + [seeds[::-1]]
    with ThreadPoolExecutor(max_workers=7) as pool:
        results = list(pool.map(lambda chunk: dict(_deals(chunk)), chunks))
    for got in results:
        for seed, value in got.items():
            assert value == expected[seed], seed


def test_shared_state_is_never_changed_by_readers() -> None:
    """A state handed to many threads keeps its value and hash (frozen, no caches on it)."""
    states = _shared_states()[:30]
    snapshot = [(hash(s), repr(s), s.hand_masks, s.history) for s in states]
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda order: _work(states, order),
                      [list(range(len(states)))] * 4))
    assert [(hash(s), repr(s), s.hand_masks, s.history) for s in states] == snapshot


_ = Action
