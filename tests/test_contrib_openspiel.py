"""skatlib.contrib.openspiel: OpenSpiel's own conformance test (random simulation with
serialisation), an MCTS episode, and the game's contract."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install "
                              "'skatlib[openspiel]')")

import numpy as np  # noqa: E402

import skatlib.contrib.openspiel  # noqa: E402, F401  (registers python_skatlib)
from skatlib import Deal, new_game, observe  # noqa: E402
from skatlib import encoding as E  # noqa: E402


@pytest.mark.parametrize("name", ["python_skatlib", "python_skatlib(rules=pub)",
                                  "python_skatlib(rules=iss,scoring=zero_sum)",
                                  "python_skatlib(scoring=game)"])
def test_random_sim_test_with_serialisation(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=6, serialize=True, verbose=False)


def test_the_game_says_what_skatlib_says() -> None:
    game = pyspiel.load_game("python_skatlib")
    assert game.num_distinct_actions() == E.NUM_ACTIONS
    assert game.max_game_length() == E.MAX_GAME_LENGTH
    assert game.max_chance_outcomes() == 32 and game.num_players() == 3
    assert game.information_state_tensor_shape() == [E.INFORMATION_STATE_SIZE]
    assert game.observation_tensor_shape() == [E.OBSERVATION_SIZE]
    assert game.max_utility() == E.MAX_ABS_RETURN == -game.min_utility()
    with pytest.raises(Exception, match="scoring"):
        pyspiel.load_game("python_skatlib(scoring=list)")


def test_a_random_episode_matches_the_state_machine() -> None:
    game = pyspiel.load_game("python_skatlib(rules=pub)")
    rng = random.Random(4)
    for _ in range(5):
        state = game.new_initial_state()
        deck = []
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            card = rng.choice(outcomes)[0]
            deck.append(card)
            state.apply_action(card)
        gs = state.game_state
        assert gs == new_game(Deal.from_order(deck), gs.rules)
        while not state.is_terminal():
            p = state.current_player()
            assert state.legal_actions() == list(E.legal_ids(state.game_state))
            o = observe(state.game_state, p)
            assert state.information_state_tensor(p) == pytest.approx(
                np.asarray(E.information_state_tensor(o), dtype=np.float32).tolist())
            assert state.observation_string(p) == E.observation_string(o)
            clone = state.clone()
            state.apply_action(rng.choice(state.legal_actions()))
            assert clone.game_state is not state.game_state and clone.history() != state.history()
        assert state.returns() == list(E.returns(state.game_state))


def test_an_mcts_episode() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_skatlib")
    rs = np.random.RandomState(7)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=12,
                         evaluator=mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
            for _ in range(3)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rs.randint(len(outcomes))][0])
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.returns() == list(E.returns(state.game_state))
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.game_state == state.game_state
