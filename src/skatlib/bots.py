"""Bots and running a deal with them.

A bot is any object with ``act(observation, legal) -> action``: it sees only
its seat's :class:`~skatlib.Observation` and the legal actions.

>>> from skatlib import Deal, RandomBot, play_deal
>>> record, res = play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> res.score == play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])[1].score
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from .actions import Action, Claim, Concede, Declare, Play, Refuse
from .deal import Deal
from .errors import IllegalActionError, Reason
from .observation import Observation, observe
from .record import GameRecord
from .rules import ISKO, Rules
from .scoring import Abandoned, GameResult, PassedIn
from .state import GameState, Phase, apply, legal_actions, new_game, result

__all__ = ["Bot", "RandomBot", "play_deal"]


@runtime_checkable
class Bot(Protocol):
    """What :func:`play_deal` needs from a player."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) given what this seat knows."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, with two exceptions that keep
    deals realistic: it never concedes, claims or refuses a claim, and in
    bidding it passes with probability ``pass_rate`` instead of bidding on.

    :param seed: seed (or :class:`random.Random`) for reproducible play.
    """

    def __init__(self, seed: int | random.Random | None = None, *, pass_rate: float = 0.5):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.pass_rate = pass_rate

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A random legal action (see the class docs)."""
        if observation.phase == Phase.PLAYING:
            cards = [a for a in legal if isinstance(a, Play)]
            return self.rng.choice(cards) if cards else legal[0]
        if observation.phase == Phase.BIDDING:
            options = list(legal)
            passes = [a for a in options if not isinstance(a, (Declare,)) and str(a) == "p"]
            if passes and (len(options) == 1 or self.rng.random() < self.pass_rate):
                return passes[0]
            others = [a for a in options if a not in passes]
            # bid the next value or hold rather than jumping at random
            return others[0] if others else options[0]
        useful = [a for a in legal if not isinstance(a, (Concede, Claim, Refuse))]
        return self.rng.choice(useful or list(legal))


def play_deal(
    deal: Deal, bots: Sequence[Bot], rules: Rules = ISKO
) -> tuple[GameRecord, GameResult | PassedIn | Abandoned]:
    """Play a deal to the end: ``bots[i]`` plays seat ``i`` (forehand, middlehand,
    rearhand).  Returns the record (which replays to the same state) and the result.

    :raises IllegalActionError: if a bot returns an illegal action (the message
        names the seat).
    """
    if len(bots) != 3:
        raise IllegalActionError(f"a deal needs 3 bots (one per seat), not {len(bots)}",
                                 Reason.BAD_TABLE)
    state: GameState = new_game(deal, rules)
    actions: list[Action] = []
    while state.phase != Phase.FINISHED:
        seat = state.to_move_
        legal = legal_actions(state)
        action = bots[seat].act(observe(state, seat), legal)
        try:
            state = apply(state, action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"bot for seat {seat} chose an illegal action: {exc}",
                                     exc.reason, action=action, legal=exc.legal) from exc
        actions.append(action)
    res = result(state)
    assert res is not None
    return GameRecord(deal, tuple(actions), rules), res
