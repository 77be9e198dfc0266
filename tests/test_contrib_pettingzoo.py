"""skatlib.contrib.pettingzoo: PettingZoo's own conformance tests and the env's contract."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install "
                    "'skatlib[pettingzoo]')")

import numpy as np
from pettingzoo.test import api_test, seed_test

from skatlib import Deal, IllegalActionError, Phase, apply, new_game, observe
from skatlib import encoding as E
from skatlib.contrib.pettingzoo import AGENTS, env, raw_env
from skatlib.state import _playing


@pytest.mark.parametrize("rules", ["isko", "pub"])
def test_pettingzoo_api_test(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    api_test(env(rules=rules), num_cycles=500, verbose_progress=False)
    assert "Passed API test" in capsys.readouterr().out


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(rules="pub"), num_cycles=500)


def play(e: Any, rng: random.Random) -> list[tuple[str, int]]:
    """One deal with random legal actions; checks every observation on the way."""
    taken = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, _info = e.last()
        assert e.observation_space(agent).contains(obs)
        s = e.unwrapped.state
        if term or trunc:
            e.step(None)
            continue
        assert agent == AGENTS[s.to_move_index] and reward == 0
        ids = list(np.flatnonzero(obs["action_mask"]))
        assert ids == list(E.legal_ids(s))
        for other in AGENTS:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        want = E.information_state_tensor(observe(s, AGENTS.index(agent)))
        assert obs["observation"].tolist() == np.asarray(want, dtype=np.float32).tolist()
        a = int(rng.choice(ids))
        taken.append((agent, a))
        e.step(a)
    return taken


def test_an_episode_pays_the_returns_at_the_end() -> None:
    rng = random.Random(3)
    for seed in range(8):
        e = env(rules="pub", scoring="zero_sum", reward_scale=0.5)
        e.reset(seed=seed)
        rewards = dict.fromkeys(AGENTS, 0.0)
        first = True
        for agent in e.agent_iter():
            _, reward, term, trunc, _ = e.last()
            rewards[agent] += reward
            if term or trunc:
                if first:
                    final = e.unwrapped.state
                    first = False
                e.step(None)
            else:
                e.step(int(rng.choice(list(E.legal_ids(e.unwrapped.state)))))
        assert final.is_finished and not e.agents
        want = E.returns(final, "zero_sum")
        assert [rewards[a] for a in AGENTS] == [x * 0.5 for x in want]


def test_reset_with_a_seed_deals_the_same_hands() -> None:
    a, b = raw_env(), raw_env()
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.state == b.state
    assert play(a, random.Random(1)) == play(b, random.Random(1))
    a.reset()
    b.reset()
    assert a.state == b.state  # later resets go on from the seed
    b.reset(seed=12)
    assert b.state != a.state


def test_the_observation_option_and_a_start_state() -> None:
    e = raw_env(observation="observation")
    start = new_game(Deal.shuffled(5))
    e.reset(options={"state": start})
    assert e.state is start
    obs = e.observe("middlehand")
    assert obs["observation"].shape == (E.OBSERVATION_SIZE,)
    with pytest.raises(ValueError):
        raw_env(observation="pixels")
    with pytest.raises(ValueError):
        e.reset(options={"state": "p p p"})


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env()
    e.reset(seed=2)
    before = e.state
    with pytest.raises(IllegalActionError, match="not legal"):
        e.step(E.HOLD_ID)  # middlehand must bid or pass first
    with pytest.raises(TypeError):
        e.step("18")
    assert e.state is before and e.agent_selection == "middlehand"


def test_render_shows_the_table() -> None:
    e = raw_env(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and text.startswith("forehand: ") and "skat: " in text
    assert raw_env().render() is None


@pytest.mark.parametrize("observation", ["information_state", "observation"])
@pytest.mark.parametrize("rules", ["isko", "pub", "iss"])
def test_every_observation_is_a_fresh_observations_tensor(rules: str, observation: str) -> None:
    """Every agent's observation at every step (the card play's tensors followed card by
    card) is the tensor of a fresh ``observe``; each call hands out arrays of its own."""
    tensor = (E.information_state_tensor if observation == "information_state"
              else E.observation_tensor)
    e = raw_env(rules=rules, observation=observation)
    rng = random.Random(7)
    for seed in range(12):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            s = e.state
            for other in AGENTS:
                got = e.observe(other)
                want = np.asarray(tensor(observe(s, AGENTS.index(other))), dtype=np.float32)
                assert got["observation"].tolist() == want.tolist(), (seed, other, s.phase)
            assert obs["observation"].tolist() == e.observe(agent)["observation"].tolist()
            obs["observation"][:] = 0.5  # a caller writing into its arrays changes no other
            obs["action_mask"][:] = 1
            again = e.observe(agent)
            assert again["observation"].max() <= 1.0 and not np.all(again["action_mask"] == 1)
            if term or trunc:
                e.step(None)
            else:
                e.step(int(rng.choice(list(E.legal_ids(s)))))


def test_the_wrapper_forwards_the_attributes_and_still_enforces_the_order() -> None:
    e = env()
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations",
                 "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    e.reset(seed=4)
    raw = e.unwrapped
    assert e.agents == raw.agents and e.agent_selection == raw.agent_selection
    assert (e.rewards, e.terminations, e.truncations, e.infos) == (
        raw.rewards, raw.terminations, raw.truncations, raw.infos)
    assert e._cumulative_rewards is raw._cumulative_rewards
    obs, reward, term, trunc, info = e.last()
    assert obs["action_mask"].tolist() == raw.observe(raw.agent_selection)["action_mask"].tolist()
    assert (reward, term, trunc, info) == (0.0, False, False, {})


def test_reset_refuses_a_negative_seed_h52() -> None:
    """H-52: ``reset(seed=-n)`` would deal as ``seed=n`` (Python's random takes abs());
    it is refused with ``BAD_SEED``, like every other seed in skatlib."""
    from skatlib import Reason, SkatError

    e = env()
    with pytest.raises(SkatError) as info:
        e.reset(seed=-3)
    assert info.value.reason is Reason.BAD_SEED
    e.reset(seed=3)  # still usable


@pytest.mark.parametrize("rules", ["isko", "pub", "iss"])
def test_the_movers_own_observations_and_masks_are_fresh(rules: str) -> None:
    """The loop of a random agent (only the agent to move observes, as in
    ``benchmarks/rl.py``): every tensor is that of a fresh ``observe``, every mask the
    state's ``legal_mask`` (a card mask written from its bytes, the others copied from
    the env's cache; in card play the mask ``observe`` works out itself, its inlined
    ``_tables.legal_cards_mask``, ISkO 4.2), each a new array."""
    e = env(rules=rules)
    rng = random.Random(11)
    seen: list[Any] = []
    for seed in range(40):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            s = e.unwrapped.state
            seat = AGENTS.index(agent)
            want = np.asarray(E.information_state_tensor(observe(s, seat)), dtype=np.float32)
            assert obs["observation"].tolist() == want.tolist(), (seed, agent, s.phase)
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (E.NUM_ACTIONS,)
            assert [int(i) for i in np.flatnonzero(mask)] == list(E.legal_ids(s))
            assert all(mask is not m and not np.shares_memory(mask, m) for m in seen[-3:])
            assert mask.flags.writeable and obs["observation"].flags.writeable
            if s.phase is Phase.PLAYING:  # the step's inlined apply(action_from_id(...))
                for c in np.flatnonzero(mask):
                    assert E._PLAYS[int(c)] == E.action_from_id(int(c), s)
                    assert _playing.play(s, int(c)) == apply(s, E._PLAYS[int(c)], check=False)
            seen.append(mask)
            if term or trunc:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(mask))))


def _trace(e: Any, seed: int) -> list[Any]:
    rng = random.Random(seed)
    e.reset(seed=seed)
    out = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        out.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), reward,
                    term, trunc, info, list(e.agents), e.last(observe=False)))
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out


def test_the_wrappers_step_and_agent_iter_equal_pettingzoos_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``env()``'s ``step``, ``last`` and ``agent_iter`` (PettingZoo's order-enforcing
    code with its inner calls inlined) give what ``OrderEnforcingWrapper`` gives, and
    enforce the same order."""
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger

    warned: list[bool] = []
    monkeypatch.setattr(EnvLogger, "warn_step_after_terminated_truncated",
                        lambda: warned.append(True))
    for seed in range(8):
        assert _trace(env(rules="pub"), seed) == _trace(
            wrappers.OrderEnforcingWrapper(raw_env(rules="pub")), seed)
    for make in (env, lambda: wrappers.OrderEnforcingWrapper(raw_env())):
        e = make()  # type: ignore[no-untyped-call]
        with pytest.raises(AssertionError, match="reset"):
            e.step(0)
        with pytest.raises(AssertionError, match="reset"):
            e.agent_iter()
        e.reset(seed=2)
        it = iter(e.agent_iter(max_iter=3))  # the refused next() counts too
        next(it)
        with pytest.raises(AssertionError, match="call step"):
            next(it)
        e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
        next(it)
        e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
        with pytest.raises(StopIteration):
            next(it)
        while e.agents:
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
        warned.clear()
        e.step(None)  # once every agent is done: a warning, nothing else
        assert warned == [True] and not e.agents


def test_the_arrays_kept_across_resets_never_reach_a_handed_out_observation() -> None:
    """The trackers' arrays of a deal's start are kept and cleared at each reset
    (``raw_env._start_arrays``): what was handed out before stays as it was, and each
    new deal starts from the fresh tensors of its first observations."""
    e = env(rules="isko")
    rng = random.Random(5)
    kept: list[tuple[Any, list[float]]] = []
    for seed in range(6):
        e.reset(seed=seed)
        first = True
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            s = e.unwrapped.state
            if first:
                want = E.information_state_tensor(observe(s, AGENTS.index(agent)))
                assert obs["observation"].tolist() == np.asarray(want, np.float32).tolist()
                first = False
            kept.append((obs["observation"], obs["observation"].tolist()))
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert all(array.tolist() == values for array, values in kept)
    assert all(not np.shares_memory(array, row) for array, _ in kept[-40:]
               for row in e.unwrapped._start_arrays[1])
