"""skatlib.contrib.rlcard: the RLCard environment ``skatlib`` runs RLCard's own loop."""

from __future__ import annotations

import pytest

pytest.importorskip("rlcard", reason="rlcard is not installed (pip install 'skatlib[rlcard]')")

import numpy as np
import rlcard
from rlcard.agents import RandomAgent

import skatlib.contrib.rlcard  # noqa: F401  (registers skatlib)
from skatlib import SkatError, observe
from skatlib import encoding as E


def test_rlcard_run_pays_the_returns() -> None:
    env = rlcard.make("skatlib", config={"seed": 1, "game_rules": "pub"})
    assert env.num_players == 3 and env.num_actions == E.NUM_ACTIONS
    env.set_agents([RandomAgent(env.num_actions) for _ in range(3)])
    np.random.seed(0)
    for _ in range(5):
        trajectories, payoffs = env.run(is_training=False)
        s = env.game.state
        assert s.is_finished
        assert list(payoffs) == list(E.returns(s))
        assert sum(len(t) for t in trajectories) > 3
        for seat, t in enumerate(trajectories):
            first = t[0]
            assert first["obs"].shape == (E.INFORMATION_STATE_SIZE,)
            assert first["raw_obs"].seat == seat


def test_states_masks_and_seeds() -> None:
    a = rlcard.make("skatlib", config={"seed": 5})
    b = rlcard.make("skatlib", config={"seed": 5})
    sa, pa = a.reset()
    _sb, pb = b.reset()
    assert a.game.state == b.game.state and pa == pb == 1
    assert list(sa["legal_actions"]) == list(E.legal_ids(a.game.state))
    want = E.information_state_tensor(observe(a.game.state, pa))
    assert sa["obs"].tolist() == np.asarray(want, dtype=np.float32).tolist()
    with pytest.raises(SkatError, match="not legal"):
        a.step(E.HOLD_ID)
    info = a.get_perfect_information()
    assert len(info["hands"]) == 3 and info["phase"] == "BIDDING"


def test_step_back() -> None:
    env = rlcard.make("skatlib", config={"seed": 2, "allow_step_back": True})
    state, player = env.reset()
    before = env.game.state
    env.step(next(iter(state["legal_actions"])))
    assert env.game.state != before
    _, back = env.step_back()
    assert env.game.state == before and back == player
    assert env.step_back() is False
