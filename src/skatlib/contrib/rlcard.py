"""Skat as an RLCard environment (``pip install "skatlib[rlcard]"``).

Importing this module registers the environment ``skatlib`` with RLCard::

    import rlcard
    import skatlib.contrib.rlcard  # noqa: F401  (registers the environment)
    env = rlcard.make("skatlib", config={"seed": 0})

RLCard's shape fits a Skat deal as it is: three players (forehand, middlehand,
rearhand), ``env.num_actions == NUM_ACTIONS`` action ids of :mod:`skatlib.encoding`,
a state dict per player with ``obs`` (the information-state tensor, float32),
``legal_actions`` (an ordered dict of the legal ids), ``raw_obs`` (the
:class:`~skatlib.Observation`) and ``raw_legal_actions`` (the skatlib actions);
the payoffs are :func:`skatlib.encoding.returns`.  ``step_back`` works with
``allow_step_back``.  Config keys besides RLCard's own: ``game_rules`` (a preset name,
default ``isko``) and ``game_scoring`` (default ``seeger_fabian``).

>>> import rlcard
>>> env = rlcard.make(ENV_ID, config={"seed": 0})
>>> state, player = env.reset()
>>> player, len(state["obs"]), list(state["legal_actions"])[-1]   # middlehand: 18.. or pass
(1, 1847, 95)
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import numpy as np
from rlcard.envs import Env
from rlcard.envs.registration import register, registry

from .. import encoding as E
from ..deal import Deal
from ..errors import Reason, SkatError
from ..observation import observe
from ..rules import Rules, preset
from ..state import GameState, apply, new_game

__all__ = ["ENV_ID", "SkatEnv", "SkatRLCardGame"]

ENV_ID = "skatlib"


class SkatRLCardGame:
    """The game object RLCard's :class:`~rlcard.envs.Env` drives."""

    def __init__(self, rules: Rules, scoring: E.Scoring, allow_step_back: bool = False) -> None:
        self.rules = rules
        self.scoring = scoring
        self.allow_step_back = allow_step_back
        self.np_random: Any = np.random.RandomState()
        self.state: GameState = new_game(Deal.shuffled(0), rules)
        self.history: list[GameState] = []

    def init_game(self) -> tuple[dict[str, Any], int]:
        """A new deal (from ``np_random``, which the environment seeds)."""
        seed = int(self.np_random.randint(0, 2**31 - 1))
        self.state = new_game(Deal.shuffled(seed), self.rules)
        self.history = []
        return self.get_state(self.get_player_id()), self.get_player_id()

    def step(self, action: int) -> tuple[dict[str, Any], int]:
        """The seat to move takes action id ``action``."""
        s = self.state
        if not E.legal_mask(s) >> int(action) & 1:
            raise SkatError(f"action {action} is not legal now: legal ids "
                            f"{list(E.legal_ids(s))}", Reason.UNKNOWN_ACTION)
        if self.allow_step_back:
            self.history.append(s)
        self.state = apply(s, E.action_from_id(int(action), s), check=False)
        return self.get_state(self.get_player_id()), self.get_player_id()

    def step_back(self) -> bool:
        """Undo the last action (``allow_step_back``); False at the first state."""
        if not self.history:
            return False
        self.state = self.history.pop()
        return True

    def get_num_players(self) -> int:
        return 3

    def get_num_actions(self) -> int:
        return E.NUM_ACTIONS

    def get_player_id(self) -> int:
        """The seat to move (the last one to move once the deal is over)."""
        m = self.state.to_move_index
        return m if m >= 0 else 0

    def is_over(self) -> bool:
        return self.state.is_finished

    def get_legal_actions(self) -> list[int]:
        return list(E.legal_ids(self.state))

    def get_state(self, player_id: int) -> dict[str, Any]:
        """What ``player_id`` knows now (RLCard's raw state)."""
        s = self.state
        mine = s.to_move_index == player_id
        return {"observation": observe(s, player_id),
                "legal_ids": list(E.legal_ids(s)) if mine else [],
                "legal": list(s.legal_actions()) if mine else []}

    def get_payoffs(self) -> list[float]:
        return list(E.returns(self.state, self.scoring))


class SkatEnv(Env):  # type: ignore[misc]
    """The RLCard environment ``skatlib``."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.name = ENV_ID
        self.default_game_config = {"game_rules": "isko", "game_scoring": "seeger_fabian"}
        rules = config.get("game_rules", "isko")
        scoring = config.get("game_scoring", "seeger_fabian")
        if scoring not in E.SCORINGS:
            raise SkatError(f"game_scoring={scoring!r} is not a scoring: choose from "
                            f"{list(E.SCORINGS)}", Reason.BAD_RULES)
        self.game = SkatRLCardGame(rules if isinstance(rules, Rules) else preset(rules),
                                   scoring, bool(config.get("allow_step_back", False)))
        super().__init__(config)
        self.state_shape = [[E.INFORMATION_STATE_SIZE] for _ in range(3)]
        self.action_shape = [None for _ in range(3)]

    def _extract_state(self, state: dict[str, Any]) -> dict[str, Any]:
        obs = np.empty(E.INFORMATION_STATE_SIZE, dtype=np.float32)
        E.information_state_tensor(state["observation"], out=obs)
        return {
            "obs": obs,
            "legal_actions": OrderedDict((i, None) for i in state["legal_ids"]),
            "raw_obs": state["observation"],
            "raw_legal_actions": state["legal"],
            "action_record": self.action_recorder,
        }

    def _decode_action(self, action_id: int) -> int:
        return int(action_id)

    def _get_legal_actions(self) -> list[int]:
        return self.game.get_legal_actions()

    def get_payoffs(self) -> np.ndarray[Any, Any]:
        """:func:`skatlib.encoding.returns` of the deal, per seat."""
        return np.array(self.game.get_payoffs())

    def get_perfect_information(self) -> dict[str, Any]:
        """The whole table: every hand, the skat, the state."""
        s = self.game.state
        return {"hands": [str(h) for h in s.hands], "skat": str(s.skat),
                "phase": s.phase.name, "current_player": self.game.get_player_id(),
                "legal_actions": [E.action_name(i) for i in E.legal_ids(s)],
                "state": repr(s)}


if ENV_ID not in registry.env_specs:
    register(env_id=ENV_ID, entry_point="skatlib.contrib.rlcard:SkatEnv")
