"""The whole deal as an immutable :class:`GameState`, one module per phase.

A state is frozen and hashable; every transition is a pure function that
returns a new state and never changes its input.  The phases are bidding,
the skat decision, declaring (put away and announce), Kontra/Re, Schieberamsch
pushing, playing and finished; each phase's module keeps its legal actions,
its check and its transition side by side, and ``_machine`` dispatches by
phase.

>>> from skatlib import Deal, new_game, legal_actions, apply, Bid, Hold, Pass
>>> s = new_game(Deal.shuffled(1))
>>> s.phase, s.to_move
(Phase.BIDDING, Seat.MIDDLEHAND)
>>> s = apply(s, Bid(18))          # middlehand bids 18 to forehand
>>> s = apply(s, Hold())           # forehand holds
>>> s = apply(s, Pass())           # middlehand passes
>>> s = apply(s, Pass())           # rearhand passes: forehand declares at 18
>>> s.phase, s.declarer, s.bid
(Phase.SKAT, Seat.FOREHAND, 18)
>>> [str(a) for a in legal_actions(s)]
['s', 'hand']
"""

from __future__ import annotations

from ._core import EndReason, GameState, Phase, Trick
from ._declaring import allowed_contracts, best_hand_matadors
from ._machine import (
    apply,
    check_action,
    is_legal,
    legal_actions,
    new_game,
    side_actions,
)
from ._result import result

__all__ = [
    "Phase",
    "EndReason",
    "Trick",
    "GameState",
    "new_game",
    "legal_actions",
    "side_actions",
    "is_legal",
    "check_action",
    "apply",
    "result",
    "allowed_contracts",
    "best_hand_matadors",
]
