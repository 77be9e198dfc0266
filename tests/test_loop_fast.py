"""The fast paths of the bot game loop (issue 13): :func:`skatlib.play_game`'s inlined
``legal_actions``/``apply``, its unchecked apply of an offered action, the lazily
filled :class:`~skatlib.Observation` and :class:`~skatlib.RandomBot`'s scans of the
legal actions, each proven to give what the plain public functions give."""

from __future__ import annotations

import copy
import pickle
import random
import threading
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from skatlib import (
    ISS,
    PUB,
    Action,
    Bid,
    Claim,
    Concede,
    Deal,
    GameRecord,
    GameState,
    Hold,
    IllegalActionError,
    Observation,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    RandomBot,
    Refuse,
    RuleBot,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    play_deal,
    play_game,
    result,
)

_HOUSE = [Rules(), PUB, ISS, attrs.evolve(PUB, kontra=True)]


def _plain_random_act(bot: RandomBot, o: Observation, legal: Sequence[Action]) -> Action:
    """RandomBot.act as written before its scans ran in C (the plain filters)."""
    phase = o.phase
    if phase == Phase.PLAYING:
        cards = [a for a in legal if isinstance(a, Play)]
        return bot.rng.choice(cards) if cards else legal[0]
    if phase == Phase.BIDDING:
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes and (len(legal) == 1 or bot.rng.random() < bot.pass_rate):
            return passes[0]
        others = [a for a in legal if isinstance(a, (Bid, Hold))]
        return others[0] if others else legal[0]
    if phase == Phase.KONTRA and bot.rng.random() < bot.pass_rate:
        return next(a for a in legal if isinstance(a, Pass))
    useful = [a for a in legal if not isinstance(a, (Concede, Claim, Refuse))]
    return bot.rng.choice(useful or list(legal))


def _plain_game(deal: Deal, rules: Rules, bots: Sequence[Any]) -> tuple[GameState, list[Action]]:
    """The loop over the public functions only: legal_actions, observe, checked apply."""
    s = new_game(deal, rules)
    seen: list[Action] = []
    while not s.is_finished:
        seat = s.to_move_index
        a = bots[seat].act(observe(s, seat), legal_actions(s))
        s = apply(s, a)
        seen.append(a)
    return s, seen


@pytest.mark.parametrize("rules", _HOUSE, ids=["isko", "pub", "iss", "kontra"])
def test_play_game_plays_the_games_of_a_plain_loop(rules: Rules) -> None:
    """Same bots, same seeds: the loop's fast paths play the very games (states, actions,
    on_action calls, records, results) of a loop over the public functions."""
    for i in range(40):
        deal = Deal.shuffled(1000 + i)
        for make in (lambda j: RandomBot(j, pass_rate=0.3), lambda j: RuleBot()):
            want, want_actions = _plain_game(deal, rules, [make(3 * i + j) for j in range(3)])
            calls: list[tuple[int, Action, GameState]] = []
            got = play_game(new_game(deal, rules), [make(3 * i + j) for j in range(3)],
                            on_action=lambda seat, a, s, c=calls: c.append((seat, a, s)))  # type: ignore[misc]
            assert got == want
            assert [a for _, a, _ in calls] == want_actions
            record, res = play_deal(deal, [make(3 * i + j) for j in range(3)], rules)
            assert record == GameRecord(deal, tuple(want_actions), rules)
            assert res == result(want)


def test_random_bot_chooses_what_the_plain_filters_choose() -> None:
    """RandomBot's C scans (map(isinstance, ...)) pick, draw for draw, what the plain list
    filters pick: on every decision of many games (every phase, Kontra and
    Schieberamsch included) and on legal lists mixing in side actions."""
    rng = random.Random(4)
    checked = 0
    for i in range(150):
        rules = _HOUSE[i % len(_HOUSE)]
        s = new_game(Deal.shuffled(rng), rules)
        while not s.is_finished:
            o = observe(s, s.to_move_index)
            legal = legal_actions(s)
            mixed = [legal, list(legal)]
            if s.phase == Phase.PLAYING:
                mixed.append(tuple(legal) + (Concede(0), Claim()))
                mixed.append((Refuse(1),) + tuple(legal))
            if s.phase == Phase.BIDDING:
                mixed.append(tuple(reversed(legal)))
            for option in mixed:
                seed = rng.getrandbits(32)
                fast, plain = RandomBot(seed, pass_rate=0.4), RandomBot(seed, pass_rate=0.4)
                got = fast.act(o, option)
                assert got is _plain_random_act(plain, o, option)
                assert fast.rng.getstate() == plain.rng.getstate()
                checked += 1
            s = apply(s, RandomBot(i).act(o, legal))
    assert checked > 5000
    # lists no loop offers: only side actions in play, no pass in bidding, other phases
    o_play = observe(apply(apply(new_game(Deal.shuffled(1)), Pass()), Pass()), 2)
    lists: list[list[Action]] = [[Concede(0)], [Pass()], [Bid(18), Bid(20)],
                                 [PickUpSkat(), PlayHand()]]
    for legal_list in lists:
        for o in (o_play, observe(new_game(Deal.shuffled(2)), 1)):
            a, b = RandomBot(9), RandomBot(9)
            assert a.act(o, legal_list) is _plain_random_act(b, o, legal_list)


def test_play_game_checks_an_equal_copy_and_refuses_a_false_equal() -> None:
    """Only the very objects legal_actions offered skip apply's check: an equal copy is
    checked (and accepted), an object claiming to equal everything is refused."""

    class Copying:
        def act(self, o: Observation, legal: Sequence[Action]) -> Action:
            return copy.deepcopy(legal[0])

    class Liar:
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    class Lying:
        def act(self, o: Observation, legal: Sequence[Action]) -> object:
            return Liar()

    end = play_game(new_game(Deal.shuffled(5)), [Copying()] * 3)
    assert end.is_finished
    with pytest.raises(IllegalActionError, match="bot for seat 1"):
        play_game(new_game(Deal.shuffled(5)), [Lying()] * 3)  # type: ignore[list-item]


def _states(n: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        s = new_game(Deal.shuffled(rng), _HOUSE[i % len(_HOUSE)])
        while True:
            out.append(s)
            if s.is_finished:
                break
            s = apply(s, RandomBot(rng.getrandbits(16)).act(observe(s, s.to_move_index),
                                                            legal_actions(s)))
    return out


def test_observation_fills_its_fields_once_whatever_is_read_first() -> None:
    """observe sets the seat and the phase; the first read of any other field fills them
    all (then the state is dropped); every order of reading gives the same values."""
    fields = [f.name for f in attrs.fields(Observation)]
    rng = random.Random(8)
    for s in _states(30, 2):
        for seat in range(3):
            ref = attrs.astuple(observe(s, seat), recurse=False)
            o = observe(s, seat)
            assert set(vars(o)) == {"seat", "phase", "_observed"}
            assert (o.seat, o.phase) == ref[:1] + ref[2:3] and "_observed" in vars(o)
            getattr(o, rng.choice(fields[1:2] + fields[3:]))
            assert "_observed" not in vars(o) and set(vars(o)) == set(fields)
            assert attrs.astuple(o, recurse=False) == ref
            assert Observation(*ref) == o and hash(Observation(*ref)) == hash(o)


def test_observation_pickles_and_copies_its_fields_never_the_state() -> None:
    """What leaves the process (pickle) or is copied carries the filled fields only: no
    GameState, so none of the hidden cards it holds."""
    for s in _states(6, 3):
        for seat in range(3):
            data = pickle.dumps(observe(s, seat))
            assert b"GameState" not in data and b"_observed" not in data
            assert pickle.loads(data) == observe(s, seat)
            for c in (copy.copy(observe(s, seat)), copy.deepcopy(observe(s, seat))):
                assert "_observed" not in vars(c) and c == observe(s, seat)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        observe(s, 0).nothing  # type: ignore[attr-defined]  # noqa: B018


def test_observation_filled_by_many_threads_at_once() -> None:
    """Two threads reading a fresh observation fill it alike; neither sees a missing field."""
    states = _states(4, 5)
    errors: list[BaseException] = []
    for s in states:
        o = observe(s, 1)
        ref = attrs.astuple(observe(s, 1), recurse=False)
        barrier = threading.Barrier(4)

        def read(o: Observation = o, ref: tuple[object, ...] = ref,
                 barrier: threading.Barrier = barrier) -> None:
            barrier.wait()
            try:
                assert attrs.astuple(o, recurse=False) == ref
            except BaseException as exc:  # reported by the main thread
                errors.append(exc)

        threads = [threading.Thread(target=read) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors
