"""Skat as an OpenSpiel game (``pip install "skatlib[openspiel]"``).

Importing this module registers ``python_skatlib`` with ``pyspiel.register_game``::

    import pyspiel
    import skatlib.contrib.openspiel  # noqa: F401  (registers the game)
    game = pyspiel.load_game("python_skatlib(rules=pub)")

The deal is explicit chance: 32 chance nodes, the ``i``-th deals the ``i``-th card of
the deck (uniformly among the cards left; packets of 3-2-4-3 as
:meth:`skatlib.Deal.from_order`); then the seats play by the action ids of
:mod:`skatlib.encoding` (players 0, 1, 2 are forehand, middlehand, rearhand).  The
utility is general-sum, :func:`skatlib.encoding.returns` under the ``scoring``
parameter (default ``seeger_fabian``).  The observer gives the information-state
tensor (perfect recall) and the observation tensor with their strings.

Parameters: ``rules`` (a preset name: ``isko``, ``iss``, ``pub``) and ``scoring``
(``seeger_fabian``, ``game``, ``zero_sum``).

>>> game = pyspiel.load_game("python_skatlib(rules=pub)")
>>> state = game.new_initial_state()
>>> for card in range(32):          # the deck in order: chance deals it 3-2-4-3
...     state.apply_action(card)
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()][:3]
(1, ['18', '20', '22'])
>>> len(state.information_state_tensor(1)), state.returns()
(1847, [0.0, 0.0, 0.0])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from .. import encoding as E
from ..cards import Card
from ..deal import Deal
from ..errors import Reason, SkatError
from ..observation import observe
from ..rules import Rules, preset
from ..state import GameState, apply, new_game

__all__ = ["GAME_NAME", "SkatGame", "SkatState", "SkatObserver"]

GAME_NAME = "python_skatlib"
_DEFAULTS = {"rules": "isko", "scoring": "seeger_fabian"}
_NUM_PLAYERS = 3



def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Skat (skatlib, ISkO)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_NUM_PLAYERS,
        min_num_players=_NUM_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


_GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
"""The registered type: general-sum (Seeger-Fabian, the default scoring)."""
_ZERO_SUM_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)
"""The type of a game loaded with ``scoring=zero_sum``."""


class SkatGame(pyspiel.Game):  # type: ignore[misc]
    """The game: rules and scoring from the parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        self.rules: Rules = preset(str(values["rules"]))
        scoring = str(values["scoring"])
        if scoring not in E.SCORINGS:
            raise SkatError(f"scoring={scoring!r} is not a scoring: choose from "
                            f"{list(E.SCORINGS)}", Reason.BAD_RULES)
        self.scoring: E.Scoring = scoring  # type: ignore[assignment]
        info = pyspiel.GameInfo(
            num_distinct_actions=E.NUM_ACTIONS,
            max_chance_outcomes=E.NUM_CHANCE_OUTCOMES,
            num_players=_NUM_PLAYERS,
            min_utility=-E.MAX_ABS_RETURN,
            max_utility=E.MAX_ABS_RETURN,
            utility_sum=0.0 if scoring == "zero_sum" else None,  # only a zero-sum type has one
            max_game_length=E.MAX_GAME_LENGTH,
        )
        zero_sum = scoring == "zero_sum"
        super().__init__(_ZERO_SUM_TYPE if zero_sum else _GAME_TYPE, info, values)

    def new_initial_state(self) -> SkatState:
        """The state before the deal (a chance node).

        >>> pyspiel.load_game(GAME_NAME).new_initial_state().is_chance_node()
        True
        """
        return SkatState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The 32 cards of the deal."""
        return E.CHANCE_NODES

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SkatObserver:
        """The observer: perfect recall gives the information state, else the
        observation (the seat's private cards and the public information)."""
        return SkatObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                            params)


class SkatState(pyspiel.State):  # type: ignore[misc]
    """A deal: the cards dealt so far, then a :class:`~skatlib.GameState` (``.game_state``)."""

    def __init__(self, game: SkatGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._scoring = game.scoring
        self.deck: list[int] = []
        self.game_state: GameState | None = None

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        s = self.game_state
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.is_finished:
            return int(pyspiel.PlayerId.TERMINAL)
        return s.to_move_index

    def _legal_actions(self, player: int) -> list[int]:
        s = self.game_state
        if s is None or player != s.to_move_index:
            return []
        return list(E.legal_ids(s))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left in the deck, each with the same probability."""
        left = [c for c in range(32) if c not in self.deck]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        s = self.game_state
        if s is None:
            self.deck.append(int(action))
            if len(self.deck) == 32:
                self.game_state = new_game(Deal.from_order(self.deck), self._rules)
            return
        self.game_state = apply(s, E.action_from_id(int(action), s), check=False)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{Card(action).name}"
        return E.action_name(int(action))

    def is_terminal(self) -> bool:
        """True when the deal is over."""
        return self.game_state is not None and self.game_state.is_finished

    def returns(self) -> list[float]:
        """:func:`skatlib.encoding.returns` (zeros until the end)."""
        if self.game_state is None:
            return [0.0, 0.0, 0.0]
        return list(E.returns(self.game_state, self._scoring))

    def __str__(self) -> str:
        s = self.game_state
        if s is None:
            return "dealing: " + " ".join(Card(c).name for c in self.deck)
        return repr(s)


class SkatObserver:
    """The PyObserver of the game: ``tensor`` (with a view per layout block in
    ``dict``) and ``string_from``."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("python_skatlib observes one seat's view (its private cards and "
                             "the public information), with or without perfect recall")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall:
            layout, size = E.INFORMATION_STATE_LAYOUT, E.INFORMATION_STATE_SIZE
            self._tensor, self._string = E.information_state_tensor, E.information_state_string
        else:
            layout, size = E.OBSERVATION_LAYOUT, E.OBSERVATION_SIZE
            self._tensor, self._string = E.observation_tensor, E.observation_string
        self.tensor = np.zeros(size, np.float32)
        self.dict = {sec.name: self.tensor[sec.offset:sec.offset + sec.size] for sec in layout}

    def set_from(self, state: SkatState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state`` (while dealing: only
        the seat)."""
        s = state.game_state
        if s is None:
            self.tensor.fill(0.0)
            self.tensor[player] = 1.0  # the "seat" block
            return
        self._tensor(observe(s, player), out=self.tensor)

    def string_from(self, state: SkatState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        s = state.game_state
        if s is None:
            return f"{('forehand', 'middlehand', 'rearhand')[player]}; dealing"
        return str(self._string(observe(s, player)))


pyspiel.register_game(_GAME_TYPE, SkatGame)
