"""A PettingZoo AEC environment of a Skat deal (``pip install "skatlib[pettingzoo]"``).

The agents are ``"forehand"``, ``"middlehand"`` and ``"rearhand"``, the seats of the
deal.  Actions are ``Discrete(NUM_ACTIONS)`` (:mod:`skatlib.encoding`); an observation
is a dict of ``"observation"`` (the information-state tensor, or with
``observation="observation"`` the observation tensor, float32) and ``"action_mask"``
(int8, all zero for an agent whose turn it is not).  The rewards come once, when the
deal ends: :func:`skatlib.encoding.returns` under ``scoring``, times ``reward_scale``.
``reset(seed=...)`` deals reproducibly (:meth:`skatlib.Deal.shuffled`); ``render()``
gives the table as text.

>>> env = raw_env(rules="pub")
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.observe("middlehand")["action_mask"].sum())
('middlehand', 64)
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from .. import _tables as T
from .. import encoding as E
from ..deal import Deal
from ..errors import ArgumentTypeError, IllegalActionError, Reason, as_seed
from ..observation import observe
from ..rules import Rules, preset
from ..state import GameState, Phase, apply, new_game
from ..state._core import MOVER
from ..state._playing import play as _play

__all__ = ["AGENTS", "env", "raw_env"]

AGENTS = ("forehand", "middlehand", "rearhand")
"""The agents, by seat (0, 1, 2)."""
_SEAT = {a: i for i, a in enumerate(AGENTS)}
_PLAYING = Phase.PLAYING
_FINISHED = Phase.FINISHED
_MASKS_CACHED = 4_096
"""Legal-mask arrays (of masks beyond the card ids) an env keeps (about 0.5 MiB) before
it starts afresh."""
_BYTE_ROWS = tuple(bytes(b >> r & 1 for r in range(8)) for b in range(256))
"""Per byte of a card mask, its eight action-mask entries (0 or 1) as bytes."""
_NO_MORE_IDS = bytes(E.NUM_ACTIONS - 32)
"""The action-mask entries of ids 32 and up, all zero (a mask of cards alone)."""
_frombuffer = np.frombuffer
_join_bytes = bytearray().join
"""Joins bytes into a new bytearray (the empty separator itself never changes)."""
_FOLLOW = T.FOLLOW
_INT8 = np.int8


_play_all = E._play_all
_step_all = E._step_all


def _index(action: Any) -> int:
    """An action id that is not an int: a numpy integer (``operator.index``), never
    text or a float."""
    try:
        return operator.index(action)
    except TypeError:
        raise ArgumentTypeError(f"an action is an int id 0..{E.NUM_ACTIONS - 1}, not "
                                f"{action!r}") from None


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's order-enforcing wrapper (the usual entry
    point); the keyword arguments are those of :class:`raw_env`.

    The wrapper is PettingZoo's ``OrderEnforcingWrapper`` (an error for ``step``,
    ``observe``, ``render`` or the agent attributes before ``reset()``, a warning for
    a step after the deal is over), with the attributes an agent loop reads at every
    step (``agents``, ``agent_selection``, ``rewards``, ``terminations``,
    ``truncations``, ``infos``) forwarded directly instead of through its generic
    ``__getattr__``: the same checks, at a fraction of the cost.  :class:`raw_env`
    is the bare environment, usable before ``reset()`` (it deals at construction).

    >>> e = env(rules="isko", scoring="game")
    >>> e.reset(seed=3)
    >>> e.agent_selection, int(e.action_space("forehand").n)
    ('middlehand', 131)
    """
    return _OrderEnforcing(raw_env(**kwargs))


def _forwarded(name: str) -> property:
    """An attribute of the wrapped env, refused before ``reset()`` (an AttributeError:
    the wrapper's ``__getattr__`` then raises PettingZoo's own message)."""
    def get(self: Any) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)
    return property(get, doc=f"The wrapped env's ``{name}`` (after ``reset()``).")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper with the per-step attributes forwarded by
    properties (see :func:`env`)."""

    agents = _forwarded("agents")
    agent_selection = _forwarded("agent_selection")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")

    @property
    def _cumulative_rewards(self) -> Any:
        return self.env._cumulative_rewards

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The wrapped env's ``last()`` (after ``reset()``), its body inlined (the
        same tuple as :meth:`raw_env.last`, proven equal in ``test_contrib_pettingzoo``)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        inner = self.env
        agent = inner.agent_selection
        return (inner.observe(agent) if observe else None, inner._cumulative_rewards[agent],
                inner.terminations[agent], inner.truncations[agent], inner.infos[agent])

    def step(self, action: Any) -> None:
        """``OrderEnforcingWrapper.step`` with its ``super().step`` (``BaseWrapper.step``:
        ``self.env.step(action)``) called directly: an error before ``reset()``, a
        warning for a step once every agent is done (proven equal in
        ``test_contrib_pettingzoo``)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
            return
        inner = self.env  # read once: each attribute of a wrapper goes through the
        self._has_updated = True  # __getattr__ hook of PettingZoo's BaseWrapper
        if not inner.agents:
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            inner.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """``OrderEnforcingWrapper.agent_iter`` with the iterator's steps inlined
        (:class:`_AgentIterator`)."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    """PettingZoo's ``AECOrderEnforcingIterable``, handing out :class:`_AgentIterator`."""

    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's ``AECOrderEnforcingIterator`` with ``AECIterator.__next__`` (its
    ``super().__next__()``) inlined and the wrapped env's ``agents`` and
    ``agent_selection`` read directly (the wrapper has been reset: ``agent_iter``
    checked it): the same stops, the same assertion (proven equal in
    ``test_contrib_pettingzoo``)."""

    def __init__(self, env: _OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self._inner = env.env
        """The wrapped env, read once (an attribute of the wrapper goes through the
        ``__getattr__`` hook of PettingZoo's ``BaseWrapper``)."""

    def __next__(self) -> str:
        wrapper = self.env
        inner = self._inner
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return inner.agent_selection  # type: ignore[no-any-return]


class raw_env(AECEnv):
    """One Skat deal as an AEC environment.

    :param rules: a :class:`~skatlib.Rules` or a preset name (default ``"isko"``).
    :param scoring: the scoring of :func:`skatlib.encoding.returns`.
    :param observation: ``"information_state"`` (perfect recall, default) or
        ``"observation"``.
    :param reward_scale: the returns are multiplied by it (e.g. ``1 /
        skatlib.encoding.MAX_ABS_RETURN``).
    :param render_mode: ``None``, ``"ansi"`` (``render()`` returns the text) or
        ``"human"`` (prints it).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "skatlib_v1", "is_parallelizable": False}

    def __init__(self, rules: Rules | str = "isko", scoring: E.Scoring = "seeger_fabian",
                 observation: str = "information_state", reward_scale: float = 1.0,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = rules if isinstance(rules, Rules) else preset(rules)
        if scoring not in E.SCORINGS:
            E.returns(new_game(Deal.shuffled(0)), scoring)  # raises the scoring error
        self.scoring = scoring
        if observation == "information_state":
            self._tensor, size = E.information_state_tensor, E.INFORMATION_STATE_SIZE
        elif observation == "observation":
            self._tensor, size = E.observation_tensor, E.OBSERVATION_SIZE
        else:
            raise ValueError(f"observation={observation!r}: choose 'information_state' or "
                             "'observation'")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: choose None, 'human' or 'ansi'")
        self.render_mode = render_mode
        self.reward_scale = float(reward_scale)
        self._size = size
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (E.NUM_ACTIONS,), dtype=np.int8),
        })
        action = spaces.Discrete(E.NUM_ACTIONS)
        self._observation_spaces = {a: space for a in AGENTS}
        self._action_spaces = {a: action for a in AGENTS}
        self._rng = random.Random()
        self.state: GameState = new_game(Deal.shuffled(self._rng), self.rules)
        self._last_mask: tuple[GameState | None, int] = (None, 0)
        self._masks: dict[int, Any] = {}
        self._no_mask = np.zeros(E.NUM_ACTIONS, dtype=np.int8)
        self._empty = np.empty
        self._trackers: list[Any] = [None, None, None]
        """Per seat, its tensor followed through the deal (encoding._Tracker), written
        through a memoryview of the seat's array in :attr:`_arrays` (a store through a
        memoryview costs half of one into the numpy array)."""
        self._arrays: list[Any] = [None, None, None]
        """Per seat, the float32 array its tracker writes (only copies are handed out)."""
        self._tracked: GameState | None = None
        """The state the trackers are at."""
        self._info = observation == "information_state"
        self._float32 = np.float32
        block = np.zeros((3, size), dtype=np.float32)
        rows: list[Any] = list(block)
        self._start_arrays = (block, rows, [memoryview(row) for row in rows])
        """The arrays of the three seats' trackers from a deal's start: one block, its
        rows, a memoryview of each (made once: a memoryview of a numpy array costs about
        as much as the array), cleared and written again at each :meth:`reset` (only
        copies are handed out).  One attribute for the three: an instance of more than
        30 attributes loses CPython 3.11's fast attribute lookup (its keys are no longer
        shared)."""
        self._start()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space (the same object for every agent)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(NUM_ACTIONS)``."""
        return self._action_spaces[agent]

    def _start(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.state.to_move_index]
        # every seat's tensor followed from the first action (no observation at a seat's
        # first turn); from a state that is not a deal's start, each seat observes anew
        s = self.state
        info = self._info
        at_start = E._Tracker.at_start
        block, rows, views = self._start_arrays
        block.fill(0.0)
        trackers = [at_start(views[0], s, 0, info), at_start(views[1], s, 1, info),
                    at_start(views[2], s, 2, info)]
        if trackers[0] is None:
            self._trackers, self._tracked = [None, None, None], None
        else:  # (a list of its own: _observe_anew replaces an entry)
            self._trackers, self._arrays, self._tracked = trackers, rows[:], s

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (reproducibly with ``seed``; then every later reset
        without a seed goes on from it).  ``options={"state": s}`` starts from the
        :class:`~skatlib.GameState` ``s`` instead."""
        if seed is not None:  # a negative seed would deal as its absolute value (H-52)
            self._rng = random.Random(as_seed(seed, "seed", "an int >= 0 or None", "deal"))
        start = (options or {}).get("state")
        if start is not None:
            if type(start) is not GameState or start.is_finished:
                raise ValueError("options['state'] must be a GameState that is not finished")
            self.state = start
        else:
            self.state = new_game(Deal.shuffled(self._rng), self.rules)
        self._start()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: its tensor and its action mask (every call hands
        out arrays of its own).  The tensor is brought up to date action by action
        from the seat's previous one instead of being rebuilt
        (``skatlib.encoding._Tracker``; at the start of a deal it is written without
        an observation, and it follows the deal to its end); it is made from an
        observation only where no tracker follows (Ramsch and Schieberamsch before
        the card play, a start state given to ``reset``)."""
        seat = _SEAT[agent]
        s = self.state
        if self._tracked is s and self._trackers[seat] is not None:
            tensor = self._arrays[seat]
        else:
            tensor = self._observe_anew(s, seat)
        if s[MOVER] != seat:
            return {"observation": tensor.copy(), "action_mask": self._no_mask.copy()}
        last = self._last_mask  # _legal(s), its hit inlined
        if last[0] is s:
            legal = last[1]
        elif s[0] is _PLAYING:
            # the cards the mover may play: encoding.legal_mask(s) in card play, which
            # is skatlib._tables.legal_cards_mask (ISkO 4.2), inlined (proven equal in
            # test_contrib_pettingzoo); kept for the step that follows, as _legal does
            legal = s[2][seat]  # HANDS; TRICK and GT below (skatlib.state._core)
            trick = s[3]
            if trick:
                follow = legal & _FOLLOW[s[6]][trick[0]]
                if follow:
                    legal = follow
            self._last_mask = (s, legal)
        else:
            legal = self._legal(s)
        if legal >> 32:
            return {"observation": tensor.copy(), "action_mask": self._mask_array(legal)}
        # a mask of cards alone (card play, the put-away): written from its four bytes,
        # joined straight into a new bytearray (the array's own, writable buffer)
        rows = _BYTE_ROWS
        return {"observation": tensor.copy(), "action_mask": _frombuffer(_join_bytes((
            rows[legal & 255], rows[legal >> 8 & 255], rows[legal >> 16 & 255],
            rows[legal >> 24], _NO_MORE_IDS)), _INT8)}

    def _observe_anew(self, s: GameState, seat: int) -> Any:
        """``seat``'s tensor in ``s`` from an observation; its tracker follows it from
        here."""
        o = observe(s, seat)
        tensor = self._tensor(o, out=self._empty(self._size, self._float32))
        if self._tracked is not s:
            self._trackers = [None, None, None]
            self._arrays = [None, None, None]
            self._tracked = s
        self._trackers[seat] = E._Tracker(memoryview(tensor), o, self._info)
        self._arrays[seat] = tensor
        return tensor

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to move's observation (unless ``observe=False``), its reward
        since it last acted, whether it is terminated or truncated, and its info."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def _mask_array(self, legal: int) -> Any:
        """A new int8 array of a legal mask with ids beyond the cards: a copy of an
        array kept per mask (the bidding's come again and again; a mask of cards alone
        is written by :meth:`observe` from its four bytes, :data:`_BYTE_ROWS`)."""
        hit = self._masks.get(legal)
        if hit is None:
            hit = self._no_mask.copy()
            hit[list(E.ids_of_mask(legal))] = 1
            if len(self._masks) >= _MASKS_CACHED:
                self._masks.clear()
            self._masks[legal] = hit
        return hit.copy()

    def _legal(self, s: GameState) -> int:
        """:func:`skatlib.encoding.legal_mask` of ``s``, kept for the step that follows."""
        last = self._last_mask
        if last[0] is s:
            return last[1]
        mask = E.legal_mask(s)
        self._last_mask = (s, mask)
        return mask

    def step(self, action: Any) -> None:
        """The agent to move takes the action id ``action``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.state
        i = action if type(action) is int else _index(action)
        last = self._last_mask  # _legal(s), its hit inlined
        legal = last[1] if last[0] is before else self._legal(before)
        if i < 0 or not legal >> i & 1:  # (no id from NUM_ACTIONS up is in a mask)
            raise IllegalActionError(
                f"action {i} is not legal for {agent} now: legal ids "
                f"{list(E.legal_ids(before))}", Reason.UNKNOWN_ACTION)
        if before[0] is _PLAYING:  # a card (the env takes no side actions)
            # a legal id is then a card: apply(before, action_from_id(i, before),
            # check=False), which for a Play is skatlib.state._playing.play, called
            # directly (proven equal in test_contrib_pettingzoo)
            s = self.state = _play(before, i)
            if self._tracked is before:
                trackers = self._trackers
                _play_all(trackers, before, i, s)
                if s[0] is _FINISHED:
                    for tracker in trackers:
                        if tracker is not None:
                            tracker.finish(s)
                self._tracked = s
        else:
            chosen = E.action_from_id(i, before)
            s = self.state = apply(before, chosen, check=False)
            if self._tracked is before:
                if not _step_all(self._trackers, before, chosen, s):
                    self._trackers = [None, None, None]
                self._tracked = s
        self._cumulative_rewards[agent] = 0.0
        if s[0] is _FINISHED:
            scale = self.reward_scale
            r = E.returns(s, self.scoring)
            self.rewards = {a: r[k] * scale for k, a in enumerate(AGENTS)}
            self.terminations = dict.fromkeys(AGENTS, True)
            self._accumulate_rewards()
        else:
            self.agent_selection = AGENTS[s[MOVER]]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text: every hand, the skat, the bid and contract, the trick.
        Printed for ``render_mode="human"``, returned for ``"ansi"``."""
        s = self.state
        lines = [f"{AGENTS[i]}: {s.hand(i)}" for i in range(3)]
        lines.append(f"skat: {s.skat}; {s.phase.name.lower()}; bid {s.bid}"
                     + (f"; {s.declarer.name.lower()} plays {s.contract}"
                        if s.declarer is not None and s.contract is not None else ""))
        if s.current_trick:
            lines.append("trick: " + " ".join(c.name for c in s.current_trick))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode is None:
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
