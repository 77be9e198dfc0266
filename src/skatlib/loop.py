"""The one game loop: :func:`play_game` plays a deal to the end with one player
per seat.

A *player* is anything with ``act(observation, legal) -> Action`` (the
:class:`~skatlib.Bot` protocol): it sees only its seat's
:class:`~skatlib.Observation` and the legal actions.  The loop lives beside the
state machine, not in the bot toolkit, so that :class:`~skatlib.Table` (a series
and its score sheet) plays a deal without importing the bots; every other loop
in skatlib (:func:`~skatlib.play_deal`, :meth:`~skatlib.Table.play`, ``skat
play``, ``skat simulate``, ``skat arena``) calls this one.

>>> from skatlib import Deal, RandomBot, new_game
>>> seen = []
>>> end = play_game(new_game(Deal.shuffled(3)), [RandomBot(1), RandomBot(2), RandomBot(3)],
...                 on_action=lambda seat, action, state: seen.append(action))
>>> from skatlib import GameRecord
>>> end.is_finished, GameRecord(end.deal, seen).actions == end.actions()  # all, in order
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import repeat
from operator import is_ as _is
from typing import Protocol, runtime_checkable

from .actions import Action, Play
from .errors import IllegalActionError, Reason, type_error
from .observation import Observation, observe
from .state import GameState, apply
from .state._core import P_FINISHED as _FINISHED
from .state._machine import _LEGAL, require_state
from .state._playing import play as _play_card

__all__ = ["Bot", "OnAction", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """What :func:`play_game` needs from a seat (the bot protocol, also
    importable as ``skatlib.Bot`` and ``skatlib.bots.Bot``)."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) given what this seat knows."""
        ...


OnAction = Callable[[int, Action, GameState], object]
"""Called as ``on_action(seat, action, state)`` after every action, with the seat
that acted and the state the action led to."""


def play_game(state: GameState, bots: Sequence[Bot], *,
              on_action: OnAction | None = None) -> GameState:
    """Play ``state`` to the end: ``bots[i]`` acts for seat ``i`` (forehand,
    middlehand, rearhand) whenever it is that seat's turn.  Returns the
    finished state (an already finished ``state`` is returned unchanged).

    :param on_action: see :data:`OnAction` (e.g. to record or print the actions).
    :raises TypeError: (:class:`~skatlib.errors.ArgumentTypeError`) unless ``state`` is a
        :class:`~skatlib.GameState`, ``bots`` a sequence of bots and ``on_action``
        callable.
    :raises IllegalActionError: if ``bots`` is not three players, or a bot
        returns an illegal action (the message names the seat and the action;
        :attr:`~skatlib.IllegalActionError.legal` lists what was legal).

    >>> from skatlib import Deal, RuleBot, new_game, result
    >>> end = play_game(new_game(Deal.shuffled(8)), [RuleBot()] * 3)
    >>> result(end) == result(play_game(new_game(Deal.shuffled(8)), [RuleBot()] * 3))
    True
    """
    _check_table(state, bots, on_action)
    return _run(state, bots, on_action, None)


def play_recorded(state: GameState, bots: Sequence[Bot]) -> tuple[GameState, list[Action]]:
    """:func:`play_game` that also returns the actions in the order played (what
    ``on_action`` would collect, without a call per action): for
    :func:`~skatlib.play_deal`'s record.  Private to skatlib."""
    _check_table(state, bots, None)
    actions: list[Action] = []
    return _run(state, bots, None, actions), actions


def _check_table(state: GameState, bots: Sequence[Bot], on_action: OnAction | None) -> None:
    if type(state) is not GameState:
        require_state(state)
    if type(bots) is not list and type(bots) is not tuple and (
            isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence)):
        raise type_error("bots", "a sequence of 3 bots (one per seat)", bots)
    if len(bots) != 3:
        raise IllegalActionError(f"a deal needs 3 bots (one per seat), not {len(bots)}",
                                 Reason.BAD_TABLE)
    for i, bot in enumerate(bots):
        if not callable(getattr(bot, "act", None)):
            raise type_error(f"bots[{i}]", "a bot with an act(observation, legal) method", bot)
    if on_action is not None and not callable(on_action):
        raise type_error("on_action", "a callable on_action(seat, action, state) or None",
                         on_action)


def _run(state: GameState, bots: Sequence[Bot], on_action: OnAction | None,
         actions: list[Action] | None) -> GameState:
    """The loop itself (arguments checked).  Inlines, for the state it builds (always a
    :class:`GameState`), :func:`~skatlib.legal_actions` without its type check and the
    card branch of :func:`~skatlib.apply` (``check=False``); ``test_loop_fast`` proves
    the games equal to a plain loop over the public functions."""
    legal_of = _LEGAL
    while state[0] is not _FINISHED:
        seat = state[1]  # the seat to move
        legal = legal_of[state[0]](state)
        action = bots[seat].act(observe(state, seat), legal)
        if any(map(_is, legal, repeat(action))):
            # one of the very actions offered (an identity scan in C; an equal copy is
            # checked below): each passes apply's check (a property test of the state
            # machine, test_state_properties), so it is not checked again
            if type(action) is Play:
                state = _play_card(state, action.card)
            else:
                state = apply(state, action, check=False)
        else:
            try:
                state = apply(state, action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"bot for seat {seat} chose an illegal action: {exc}",
                                         exc.reason, action=action, legal=exc.legal) from exc
        if actions is not None:
            actions.append(action)
        if on_action is not None:
            on_action(seat, action, state)
    return state
