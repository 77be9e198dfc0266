#!/usr/bin/env python
"""skatlib's benchmarks, in one command, against OpenSpiel's C++ Skat when it is installed.

    python benchmarks/run.py                 # full run: median of 5 repeats
    python benchmarks/run.py --quick         # smoke run, well under 30 s
    python benchmarks/run.py --json out.json # also write every figure as JSON

What is measured (each figure is the median of several repeats; the repeats are
interleaved, so a load spike on the machine hits every figure alike):

* random full games/s by OpenSpiel's protocol: deal, forehand declares, picks
  up the skat, puts away two random cards and plays grand, every card a
  uniformly random legal card to the end, result the declarer's card points.
  Four drivers play it: ``skatlib.fast.random_grand_game`` (the fast path),
  the :class:`skatlib.fast.Engine` (push per card), the ``GameState`` path
  (``legal_actions`` + ``apply(check=False)``) and ``pyspiel`` (OpenSpiel's
  C++ game called from Python, the deal applied as 32 chance actions).  The
  three skatlib drivers play *the same games* for the same seed; the run
  checks that their results are identical;
* ``legal_cards_mask`` and ``legal_cards`` calls/s and ``GameState``
  ``legal_actions`` calls/s vs OpenSpiel's ``legal_actions`` calls/s, over
  pools of positions in card play;
* ``trick_winner_fast`` and ``trick_winner`` calls/s;
* full deals/s with bidding, declaration and scoring (``play_deal`` with three
  ``RandomBot``); ``score()`` calls/s; ISS records replayed and verified per
  second (when ``skatlib.formats.iss`` and ``tests/data/iss`` are present);
* memory per ``GameState`` (tracemalloc over all the states of many deals).

Ratios (``ratio_*``) compare figures of the same run.  No figure is asserted:
the run never fails on speed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skatlib import (
    Bid,
    Card,
    CardSet,
    Contract,
    Deal,
    Declare,
    GameState,
    GameType,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    RandomBot,
    __version__,
    apply,
    legal_actions,
    legal_cards,
    legal_cards_mask,
    matadors_mask,
    new_game,
    play_deal,
    replay,
    score,
    trick_winner,
    trick_winner_fast,
)
from skatlib.fast import Engine, random_card, random_deal, random_grand_game

ROOT = Path(__file__).resolve().parent.parent
ISS_DATA = ROOT / "tests" / "data" / "iss" / "iss_records.sgf"

GRAND = int(GameType.GRAND)
_CARDS = tuple(Card(i) for i in range(32))
_GRAND_CONTRACT = Contract(GameType.GRAND)
_PASS, _BID18, _PICKUP = Pass(), Bid(18), PickUpSkat()
_DECLARE_GRAND = Declare(_GRAND_CONTRACT)  # after two Discard actions (the factored declaration)
_PLAYING = Phase.PLAYING
_OPENSPIEL_GRAND = 37  # OpenSpiel skat: actions 32..38 = pass, D, H, S, C, grand, null

# ----------------------------------------------------------------------------- OpenSpiel

try:  # optional: pip install open-spiel
    import pyspiel

    OPENSPIEL_ERROR = ""
except ImportError as exc:  # pragma: no cover - depends on the machine
    pyspiel = None
    OPENSPIEL_ERROR = f"not installed ({exc}); try: pip install open-spiel"


def _openspiel_version() -> str | None:
    if pyspiel is None:
        return None
    try:
        from importlib.metadata import version

        return version("open_spiel")
    except Exception:  # pragma: no cover
        return "unknown"


# ----------------------------------------------------------------------------- the drivers


def state_grand_game(rng: random.Random) -> int:
    """The protocol on ``GameState``: ``legal_actions`` + ``apply(check=False)``.

    Same random numbers as :func:`skatlib.fast.random_grand_game`, so the same
    game: ``Deal.shuffled(rng)``; the discard is the floor(random() * 12)-th
    and then the floor(random() * 11)-th of the declarer's cards in index
    order, put away as two :class:`~skatlib.Discard` actions from
    ``legal_actions`` (as OpenSpiel's protocol does), then ``Declare(grand)``; each
    card is the floor(random() * n)-th legal card (none drawn when forced).
    """
    r = rng.random
    s = new_game(Deal.shuffled(rng))
    s = apply(s, _PASS, check=False)  # middlehand passes
    s = apply(s, _PASS, check=False)  # rearhand passes
    s = apply(s, _BID18, check=False)  # forehand plays
    s = apply(s, _PICKUP, check=False)
    s = apply(s, legal_actions(s)[int(r() * 12)], check=False)  # put away one card ...
    s = apply(s, legal_actions(s)[int(r() * 11)], check=False)  # ... and another
    s = apply(s, _DECLARE_GRAND, check=False)
    while s.phase is _PLAYING:
        plays = legal_actions(s)  # turn-based: the cards only, no filtering
        n = len(plays)
        s = apply(s, plays[int(r() * n)] if n > 1 else plays[0], check=False)
    return s.points_taken(0) + s.skat.points()


def checked_grand_game(rng: random.Random) -> int:
    """:func:`state_grand_game` with every action checked (``apply(state, action)``)."""
    r = rng.random
    s = new_game(Deal.shuffled(rng))
    s = apply(s, _PASS)
    s = apply(s, _PASS)
    s = apply(s, _BID18)
    s = apply(s, _PICKUP)
    s = apply(s, legal_actions(s)[int(r() * 12)])
    s = apply(s, legal_actions(s)[int(r() * 11)])
    s = apply(s, _DECLARE_GRAND)
    while s.phase is _PLAYING:
        plays = legal_actions(s)
        n = len(plays)
        s = apply(s, plays[int(r() * n)] if n > 1 else plays[0])
    return s.points_taken(0) + s.skat.points()


def engine_grand_game(rng: random.Random) -> int:
    """The protocol on the make/unmake :class:`Engine` (push per card)."""
    r = rng.random
    h0, h1, h2, skat = random_deal(rng)
    m = h0 | skat
    first = random_card_forced(m, r() * 12)
    m ^= 1 << first
    second = random_card_forced(m, r() * 11)
    m ^= 1 << second
    e = Engine((m, h1, h2), GRAND, 0, 0)
    push, legal = e.push, e.legal_mask
    while not e.finished:
        push(random_card(legal(), rng))
    return e.declarer_points() + _CARDS[first].points + _CARDS[second].points


def random_card_forced(mask: int, x: float) -> int:
    """The floor(x)-th card of ``mask`` (a draw already made)."""
    while x >= 1.0:
        mask &= mask - 1
        x -= 1.0
    return (mask & -mask).bit_length() - 1


_DECK = list(range(32))
_FY = tuple((i, float(i + 1)) for i in range(31, 0, -1))


def _shuffled_deck(r: Callable[[], float]) -> list[int]:
    deck = _DECK[:]
    for i, n in _FY:
        j = int(r() * n)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def openspiel_grand_game(game: Any, rng: random.Random) -> float:
    """The protocol on OpenSpiel: 32 chance actions deal a shuffled deck, player 0
    names grand (OpenSpiel's first game-type bid makes the soloist), then 2
    discards and 30 cards, each a random legal action.  Returns the soloist's
    card points, recovered from the return (points - 60) / 120."""
    r = rng.random
    s = game.new_initial_state()
    ap = s.apply_action
    for card in _shuffled_deck(r):
        ap(card)
    ap(_OPENSPIEL_GRAND)
    la = s.legal_actions
    for _ in range(32):
        actions = la()
        n = len(actions)
        ap(actions[int(r() * n)] if n > 1 else actions[0])
    return float(s.returns()[0]) * 120 + 60


# ----------------------------------------------------------------------------- pools


@dataclass
class Pools:
    """Inputs for the per-call figures, taken from random games."""

    masks: list[tuple[int, int, int]] = field(default_factory=list)
    friendly: list[tuple[GameType, CardSet, list[Card]]] = field(default_factory=list)
    states: list[GameState] = field(default_factory=list)
    tricks: list[tuple[int, int, int, int]] = field(default_factory=list)
    friendly_tricks: list[tuple[GameType, list[Card]]] = field(default_factory=list)
    openspiel: list[Any] = field(default_factory=list)
    deals: list[Deal] = field(default_factory=list)
    scores: list[dict[str, Any]] = field(default_factory=list)
    iss_lines: list[str] = field(default_factory=list)


def build_pools(size: int, seed: int) -> Pools:
    rng = random.Random(seed)
    p = Pools()
    gt = GameType.GRAND
    while len(p.masks) < size:
        s = new_game(Deal.shuffled(rng))
        for a in (_PASS, _PASS, _BID18, _PICKUP):
            s = apply(s, a)
        cards = sorted(s.hand(0))
        discard = CardSet(cards[0].mask | cards[1].mask)
        s = apply(s, Declare(_GRAND_CONTRACT, discard))
        while s.phase is _PLAYING:
            seat = s.to_move_index
            trick = list(s.current_trick)
            p.masks.append((GRAND, s.hand_masks[seat], int(trick[0]) if trick else -1))
            p.friendly.append((gt, s.hand(seat), trick))
            p.states.append(s)
            plays = [a for a in legal_actions(s) if type(a) is Play]
            s = apply(s, rng.choice(plays))
            if not s.current_trick and s.tricks:
                t = s.tricks[-1]
                p.tricks.append((GRAND, int(t.cards[0]), int(t.cards[1]), int(t.cards[2])))
                p.friendly_tricks.append((gt, list(t.cards)))
    del p.masks[size:], p.friendly[size:], p.states[size:]
    if pyspiel is not None:
        game = pyspiel.load_game("skat")
        while len(p.openspiel) < size:
            os_state = game.new_initial_state()
            for card in _shuffled_deck(rng.random):
                os_state.apply_action(card)
            os_state.apply_action(_OPENSPIEL_GRAND)
            for _ in range(2):
                os_state.apply_action(rng.choice(os_state.legal_actions()))
            while not os_state.is_terminal():
                p.openspiel.append(os_state.clone())
                os_state.apply_action(rng.choice(os_state.legal_actions()))
        del p.openspiel[size:]
    p.deals = [Deal.shuffled(rng) for _ in range(200)]
    contracts = Contract.all()
    for _ in range(size):
        c = rng.choice(contracts)
        twelve = sum(1 << x for x in rng.sample(range(32), 12))
        # a real split of the deck: the declarer's tricks plus the skat
        order = rng.sample(range(32), 32)
        tricks = rng.randrange(1, 10)
        own = sum(_CARDS[x].points for x in order[: 3 * tricks + 2])
        p.scores.append({
            "contract": c,
            "bid": 18,
            "matadors": 0 if c.is_null else matadors_mask(int(c.game_type), twelve),
            "declarer_points": own,
            "declarer_tricks": tricks,
        })
    for kwargs in p.scores:  # every input is valid
        score(**kwargs)
    p.iss_lines = _iss_lines()
    return p


def _iss_lines() -> list[str]:
    """ISS records of the test data that replay without error."""
    try:
        from skatlib.formats import iss
    except ImportError:
        return []
    if not ISS_DATA.exists():
        return []
    good: list[str] = []
    for line in ISS_DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            iss.verify(iss.loads(line))
        except Exception:
            continue
        good.append(line)
    return good


# ----------------------------------------------------------------------------- benchmarks


@dataclass
class Bench:
    key: str
    """JSON key of the figure."""
    label: str
    unit: str
    run: Callable[[], int]
    """Runs one batch; returns the number of operations done."""
    runs: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)


def _games(fn: Callable[[random.Random], object], n: int, rng: random.Random) -> Callable[[], int]:
    def run() -> int:
        for _ in range(n):
            fn(rng)
        return n

    return run


def make_benches(p: Pools, seed: int) -> list[Bench]:
    benches = [
        Bench("games_per_s_fast", "random grand games/s, fast path (random_grand_game)",
              "games/s", _games(random_grand_game, 200, random.Random(seed))),
        Bench("games_per_s_engine", "random grand games/s, Engine push",
              "games/s", _games(engine_grand_game, 100, random.Random(seed))),
        Bench("games_per_s_state", "random grand games/s, GameState path",
              "games/s", _games(state_grand_game, 20, random.Random(seed))),
        Bench("games_per_s_state_checked", "random grand games/s, GameState checked",
              "games/s", _games(checked_grand_game, 20, random.Random(seed))),
    ]
    if pyspiel is not None:
        game = pyspiel.load_game("skat")

        def os_game(rng: random.Random) -> float:
            return openspiel_grand_game(game, rng)

        benches.append(Bench("games_per_s_openspiel", "random grand games/s, OpenSpiel (pyspiel)",
                             "games/s", _games(os_game, 100, random.Random(seed))))

    masks, friendly, states = p.masks, p.friendly, p.states

    def legal_mask_run() -> int:
        f = legal_cards_mask
        for g, h, led in masks:
            f(g, h, led)
        return len(masks)

    def legal_cards_run() -> int:
        f = legal_cards
        for g, h, trick in friendly:
            f(g, h, trick)
        return len(friendly)

    def legal_actions_run() -> int:
        f = legal_actions
        for s in states:
            f(s)
        return len(states)

    benches += [
        Bench("legal_cards_mask_per_s", "legal_cards_mask calls/s", "calls/s", legal_mask_run),
        Bench("legal_cards_per_s", "legal_cards calls/s (CardSet in and out)", "calls/s",
              legal_cards_run),
        Bench("legal_actions_state_per_s", "GameState legal_actions calls/s", "calls/s",
              legal_actions_run),
    ]
    if p.openspiel:
        os_states = p.openspiel

        def os_legal_run() -> int:
            for s in os_states:
                s.legal_actions()
            return len(os_states)

        benches.append(Bench("legal_actions_openspiel_per_s", "OpenSpiel legal_actions calls/s",
                             "calls/s", os_legal_run))

    tricks, friendly_tricks = p.tricks, p.friendly_tricks

    def trick_fast_run() -> int:
        f = trick_winner_fast
        for g, a, b, c in tricks:
            f(g, a, b, c)
        return len(tricks)

    def trick_run() -> int:
        f = trick_winner
        for g, cards in friendly_tricks:
            f(g, cards)
        return len(friendly_tricks)

    bot_rng = random.Random(seed)
    deals = p.deals

    def play_deal_run() -> int:
        n = 4
        for _ in range(n):
            deal = bot_rng.choice(deals)
            play_deal(deal, [RandomBot(bot_rng.getrandbits(32)) for _ in range(3)])
        return n

    scores = p.scores

    def score_run() -> int:
        for kwargs in scores:
            score(**kwargs)
        return len(scores)

    benches += [
        Bench("trick_winner_fast_per_s", "trick_winner_fast calls/s", "calls/s", trick_fast_run),
        Bench("trick_winner_per_s", "trick_winner calls/s (Cards in)", "calls/s", trick_run),
        Bench("play_deal_per_s", "full deals/s, play_deal with 3 RandomBots", "deals/s",
              play_deal_run),
        Bench("score_per_s", "score() calls/s", "calls/s", score_run),
    ]
    if p.iss_lines:
        from skatlib.formats import iss

        lines = p.iss_lines

        def iss_run() -> int:
            for line in lines:
                iss.verify(iss.loads(line))
            return len(lines)

        def iss_replay_run() -> int:
            for line in lines:
                replay(iss.to_game_record(iss.loads(line)))
            return len(lines)

        benches.append(Bench("iss_verify_per_s", "ISS records replayed + verified/s",
                             "records/s", iss_run))
        benches.append(Bench("iss_replay_per_s", "ISS records parsed + replayed/s (no verify)",
                             "records/s", iss_replay_run))
    # the figures a ratio compares run one right after the other
    order = ["games_per_s_fast", "games_per_s_openspiel", "games_per_s_state",
             "games_per_s_state_checked", "games_per_s_engine", "legal_cards_mask_per_s",
             "legal_actions_openspiel_per_s",
             "legal_cards_per_s", "legal_actions_state_per_s"]
    return sorted(benches, key=lambda b: order.index(b.key) if b.key in order else len(order))


def measure(bench: Bench, min_time: float, timer: Callable[[], float]) -> float:
    ops = 0
    start = timer()
    while True:
        ops += bench.run()
        elapsed = timer() - start
        if elapsed >= min_time:
            return ops / elapsed


def memory_per_state(deals: int, seed: int) -> dict[str, float]:
    """tracemalloc over every state of ``deals`` random deals (bidding to the end),
    all kept alive: bytes per state, the shared deal and rules amortised."""
    rng = random.Random(seed)
    bots = [RandomBot(seed + i) for i in range(3)]
    deal_list = [Deal.shuffled(rng) for _ in range(deals)]
    records = [play_deal(d, bots)[0] for d in deal_list]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept: list[GameState] = []
    for rec in records:
        s = new_game(rec.deal, rec.rules)
        kept.append(s)
        for a in rec.actions:
            s = apply(s, a)
            kept.append(s)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    per = (after - before - sys.getsizeof(kept)) / len(kept)
    return {"bytes": per, "shallow_bytes": float(sys.getsizeof(kept[-1])),
            "states": float(len(kept))}


# ----------------------------------------------------------------------------- checks


def agreement(games: int, seed: int) -> dict[str, Any]:
    """The three skatlib drivers play the same games; OpenSpiel's mean is compared
    for plausibility (the same protocol gives the same distribution)."""
    out: dict[str, Any] = {"games": games}
    fast = [random_grand_game(random.Random(seed + i)) for i in range(games)]
    state = [state_grand_game(random.Random(seed + i)) for i in range(games)]
    engine = [engine_grand_game(random.Random(seed + i)) for i in range(games)]
    out["identical_results"] = fast == state == engine
    out["mean_declarer_points_skatlib"] = statistics.fmean(fast)
    if pyspiel is not None:
        game = pyspiel.load_game("skat")
        rng = random.Random(seed)
        os_points = [openspiel_grand_game(game, rng) for _ in range(games)]
        out["mean_declarer_points_openspiel"] = statistics.fmean(os_points)
    return out


# ----------------------------------------------------------------------------- report

TARGETS = {
    "ratio_fast_vs_openspiel": 1.5,
    "ratio_state_vs_openspiel": 0.4,
    "ratio_state_checked_vs_openspiel": 0.3,
    "ratio_legal_mask_vs_openspiel": 3.0,
    "ratio_iss_verify_vs_replay": 0.8,
}
"""Lower bounds (``ratio >= target``)."""

CEILINGS = {"ratio_fast_vs_state": 4.0}
"""Upper bounds (``ratio <= ceiling``): how far the GameState path may trail the fast path."""

BASELINE = Path(__file__).resolve().parent / "baseline-0.1.0.json"
"""The figures of skatlib 0.1.0 (the attrs-based GameState), measured on this project's
machine with ``python benchmarks/run.py --timer cpu --json`` before the state package."""

BASELINE_TARGETS = {"games_per_s_state": 3.0, "play_deal_per_s": 3.0}
"""Speed-ups over the 0.1.0 baseline the state package aims at."""


RATIOS = {
    "ratio_fast_vs_openspiel": ("games_per_s_fast", "games_per_s_openspiel"),
    "ratio_state_vs_openspiel": ("games_per_s_state", "games_per_s_openspiel"),
    "ratio_engine_vs_openspiel": ("games_per_s_engine", "games_per_s_openspiel"),
    "ratio_legal_mask_vs_openspiel": ("legal_cards_mask_per_s", "legal_actions_openspiel_per_s"),
    "ratio_legal_cards_vs_openspiel": ("legal_cards_per_s", "legal_actions_openspiel_per_s"),
    "ratio_state_checked_vs_openspiel": ("games_per_s_state_checked", "games_per_s_openspiel"),
    "ratio_iss_verify_vs_replay": ("iss_verify_per_s", "iss_replay_per_s"),
    "ratio_fast_vs_state": ("games_per_s_fast", "games_per_s_state"),
    "ratio_engine_vs_state": ("games_per_s_engine", "games_per_s_state"),
    "ratio_fast_vs_engine": ("games_per_s_fast", "games_per_s_engine"),
    "ratio_legal_mask_vs_legal_cards": ("legal_cards_mask_per_s", "legal_cards_per_s"),
    "ratio_trick_winner_fast_vs_friendly": ("trick_winner_fast_per_s", "trick_winner_per_s"),
}
"""Each ratio is the median over the repeats of the two figures' ratio *within*
one repeat (measured one right after the other), which a busy machine disturbs
much less than a ratio of medians.  ``None`` when a figure is missing."""


def ratios(benches: list[Bench]) -> dict[str, float | None]:
    runs = {b.key: b.runs for b in benches}
    out: dict[str, float | None] = {}
    for key, (a, b) in RATIOS.items():
        if a in runs and b in runs:
            out[key] = statistics.median(x / y for x, y in zip(runs[a], runs[b]))
        else:
            out[key] = None
    return out


def baseline_ratios(benches: list[Bench], meta: dict[str, Any]) -> dict[str, Any]:
    """Each figure over the same figure of the 0.1.0 baseline (empty if it is missing).
    Speed varies between runs and machines: the ratios against OpenSpiel measured in
    this run are the firmer figures; these show the old implementation's numbers."""
    if not BASELINE.exists():
        return {}
    doc = json.loads(BASELINE.read_text(encoding="utf-8"))
    old = doc.get("figures", {})
    out: dict[str, tuple[float, float | None, float | None]] = {}
    os_key = "games_per_s_openspiel"
    os_now = next((b.median for b in benches if b.key == os_key), None)
    os_then = old.get(os_key, {}).get("median")
    for b in benches:
        if b.key in old and old[b.key]["median"]:
            raw = b.median / old[b.key]["median"]
            # the machine's speed on the day cancels out against OpenSpiel, which did
            # not change between the two runs: (now / OpenSpiel now) / (then / OpenSpiel then)
            normalised = (raw * os_then / os_now) if os_now and os_then else None
            out[f"{b.key} / 0.1.0"] = (raw, normalised, BASELINE_TARGETS.get(b.key))
    m = doc.get("meta", {})
    return {"meta": f"{m.get('date', '?')}, {m.get('timer', '?')} time",
            "figures": out, "openspiel_then": old.get("games_per_s_openspiel", {}).get("median")}


def memory_growth(deals: int, seed: int) -> dict[str, float]:
    """Traced memory while playing ``deals`` deals with three RandomBots, keeping
    nothing: after the first tenth (caches warm) and at the end."""
    rng = random.Random(seed)
    bots = [RandomBot(seed + i) for i in range(3)]
    tracemalloc.start()
    mark = 0
    for i in range(deals):
        play_deal(Deal.shuffled(rng), bots)
        if i + 1 == max(1, deals // 10):
            mark = tracemalloc.get_traced_memory()[0]
    end = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"deals": float(deals), "after_first_tenth_bytes": float(mark),
            "end_bytes": float(end), "growth_bytes": float(end - mark)}


def _num(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:,.2f}"


def table(benches: list[Bench], mem: dict[str, float], rat: dict[str, float | None],
          checks: dict[str, Any], meta: dict[str, Any]) -> str:
    lines = [
        f"skatlib {meta['skatlib']} benchmarks: median of {meta['repeats']} "
        f"({meta['timer']} time), Python {meta['python']}, {meta['machine']}, "
        f"{meta['cpus']} CPUs, OpenSpiel {meta['openspiel'] or 'not installed'}",
        "",
        f"{'figure':<52} {'median':>12}  {'min':>12}  {'max':>12}",
    ]
    for b in benches:
        lines.append(f"{b.label:<52} {_num(b.median):>12}  {_num(min(b.runs)):>12}  "
                     f"{_num(max(b.runs)):>12}")
    lines.append(f"{'memory per GameState, bytes (tracemalloc)':<52} {_num(mem['bytes']):>12}  "
                 f"(shallow {mem['shallow_bytes']:.0f}, {mem['states']:.0f} states; "
                 "target <= 400)")
    if "growth" in meta:
        g = meta["growth"]
        lines.append(f"{'memory growth over deals, bytes (tracemalloc)':<52} "
                     f"{_num(g['growth_bytes']):>12}  ({g['deals']:.0f} deals; "
                     f"{_num(g['after_first_tenth_bytes'])} after the first tenth, "
                     f"{_num(g['end_bytes'])} at the end)")
    if pyspiel is None:
        lines.append(f"OpenSpiel: skipped, {OPENSPIEL_ERROR}")
    lines += ["", f"{'ratio (median of per-repeat ratios)':<40} {'value':>8}  target"]
    for key, value in rat.items():
        target = TARGETS.get(key)
        shown = f"{value:.2f}x" if value is not None else "n/a"
        if key in CEILINGS and value is not None:
            verdict = f"<= {CEILINGS[key]}x  {'met' if value <= CEILINGS[key] else 'MISSED'}"
        elif target is None:
            verdict = ""
        elif value is None:
            verdict = f">= {target}x  (OpenSpiel missing)"
        else:
            verdict = f">= {target}x  {'met' if value >= target else 'MISSED'}"
        lines.append(f"{key:<40} {shown:>8}  {verdict}")
    base = baseline_ratios(benches, meta)
    if base:
        lines += ["", f"vs the 0.1.0 baseline ({base['meta']}; other run, same machine kind)",
                  "raw: this run over 0.1.0's run; per OpenSpiel: each over its own run's "
                  "OpenSpiel figure",
                  "(the load of the day cancels out; the targets are judged on it)",
                  f"{'figure':<40} {'raw':>8} {'per OS':>8}  target"]
        for key, (value, normalised, target) in base["figures"].items():
            judged = normalised if normalised is not None else value
            verdict = "" if target is None else (
                f">= {target}x  {'met' if judged >= target else 'MISSED'}")
            shown = f"{normalised:>7.2f}x" if normalised is not None else "     n/a"
            lines.append(f"{key:<40} {value:>7.2f}x {shown}  {verdict}")
    lines += ["", f"same games on the fast, Engine and GameState paths ({checks['games']} "
              f"seeds): {'identical' if checks['identical_results'] else 'DIFFERENT'}; "
              f"mean declarer points {checks['mean_declarer_points_skatlib']:.2f}"
              + (f" (OpenSpiel {checks['mean_declarer_points_openspiel']:.2f})"
                 if "mean_declarer_points_openspiel" in checks else "")]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smoke run (< 30 s)")
    parser.add_argument("--json", metavar="PATH", help="write every figure to this JSON file")
    parser.add_argument("--repeats", type=int, help="repeats per figure (default 5; quick 3)")
    parser.add_argument("--min-time", type=float,
                        help="seconds per measurement (default 0.4; quick 0.05)")
    parser.add_argument("--timer", choices=("wall", "cpu"), default="wall",
                        help="wall clock (perf_counter, default) or process CPU time "
                        "(process_time: steadier on a busy machine)")
    parser.add_argument("--no-openspiel", action="store_true",
                        help="leave OpenSpiel out even if it is installed")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the deals measured (default %(default)s)")
    parser.add_argument("--growth-deals", type=int,
                        help="deals for the memory-growth check (default 100,000; quick 500)")
    args = parser.parse_args(argv)
    global pyspiel, OPENSPIEL_ERROR
    if args.no_openspiel and pyspiel is not None:
        pyspiel = None
        OPENSPIEL_ERROR = "left out (--no-openspiel)"

    repeats = args.repeats or (3 if args.quick else 5)
    min_time = args.min_time or (0.1 if args.quick else 0.4)
    timer = time.perf_counter if args.timer == "wall" else time.process_time
    started = time.perf_counter()

    pools = build_pools(200 if args.quick else 1000, args.seed)
    benches = make_benches(pools, args.seed)
    for b in benches:  # warm up
        b.run()
    for _ in range(repeats):  # interleaved repeats
        for b in benches:
            b.runs.append(measure(b, min_time, timer))
    mem = memory_per_state(20 if args.quick else 100, args.seed)
    growth = memory_growth(args.growth_deals or (500 if args.quick else 100_000), args.seed)
    checks = agreement(100 if args.quick else 500, args.seed)
    rat = ratios(benches)
    meta: dict[str, Any] = {
        "skatlib": __version__,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": f"{platform.system()} {platform.machine()}",
        "cpus": os.cpu_count(),
        "openspiel": _openspiel_version(),
        "openspiel_error": OPENSPIEL_ERROR or None,
        "repeats": repeats,
        "min_time_s": min_time,
        "timer": args.timer,
        "quick": args.quick,
        "command": " ".join(["python", "benchmarks/run.py",
                             *(sys.argv[1:] if argv is None else argv)]),
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "growth": growth,
    }
    print(table(benches, mem, rat, checks, meta))
    print(f"\n({time.perf_counter() - started:.1f} s)", flush=True)
    if args.json:
        doc: dict[str, Any] = {
            "meta": meta,
            "figures": {b.key: {"label": b.label, "unit": b.unit, "median": b.median,
                                "runs": b.runs} for b in benches},
            "memory_per_gamestate": mem,
            "checks": checks,
            "targets": {k: {"min": t, "value": rat[k],
                            "met": None if rat[k] is None else rat[k] >= t}  # type: ignore[operator]
                        for k, t in TARGETS.items()},
            "baseline": baseline_ratios(benches, meta),
            **rat,
        }
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
