"""BIDDING: legal actions, check and transition side by side (ISkO 3.3, D-8, D-9).

Middlehand bids to forehand; the one who passes drops out; rearhand then bids to
the survivor.  If both pass, forehand may play at 18 or pass too (D-9); three
passes end the deal (D-8) or start Ramsch (D-17).
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Hold, Pass
from ..bidding import BID_VALUES, Bid
from ..errors import Reason
from ._core import (
    ASKER,
    BID,
    E_NOT_ENDED,
    E_PASSED_IN,
    HISTORY,
    LISTENER,
    MOVER,
    P_BIDDING,
    P_FINISHED,
    P_PLAYING,
    P_PUSHING,
    P_SKAT,
    PASSED,
    RULES,
    SEATS,
    SETUP,
    GameState,
    illegal,
    make,
)

BIDS = tuple(Bid(v) for v in BID_VALUES)
HOLD, PASS = Hold(), Pass()
_FIRST = (BIDS[0], PASS)
_HOLD_PASS = (HOLD, PASS)
_ABOVE: dict[int, tuple[Action, ...]] = {
    0: (*BIDS, PASS), **{v: (*BIDS[i + 1:], PASS) for i, v in enumerate(BID_VALUES)}}
"""The legal actions of the bidder after the bid ``v``: every higher value, or pass."""


def legal(s: GameState) -> tuple[Action, ...]:
    setup = s[SETUP]
    if s[MOVER] == setup[ASKER]:
        if setup[LISTENER] < 0:
            return _FIRST
        return _ABOVE[setup[BID]]
    return _HOLD_PASS


def check(s: GameState, action: object) -> None:
    setup = s[SETUP]
    seat = s[MOVER]
    if seat == setup[ASKER]:
        if isinstance(action, Pass):
            return
        if not isinstance(action, Bid):
            raise illegal(s, action, f"{SEATS[seat].title.lower()} must bid a value or pass",
                          Reason.WRONG_PHASE)
        if setup[LISTENER] < 0:
            if action.value != 18:
                raise illegal(s, action, "after two passes forehand may only play at 18 or "
                              "pass (D-9)", Reason.BID_NOT_ALLOWED)
            return
        if action.value <= setup[BID]:
            raise illegal(s, action, f"the bid must be higher than {setup[BID]} (ISkO 3.3.3)",
                          Reason.BID_TOO_LOW)
        return
    if isinstance(action, (Hold, Pass)):
        return
    raise illegal(s, action, f"{SEATS[seat].title.lower()} is listening and must hold or "
                  "pass (ISkO 3.3.2)", Reason.MUST_HOLD_OR_PASS)


def _bidding(s: GameState, setup: tuple[Any, ...], mover: int, bid: int, asker: int,
             listener: int, passed: int, history: tuple[Any, ...]) -> GameState:
    # the setup rebuilt in one tuple, not sliced (a third of the cost; _core.SETUP_SIZE)
    (rules, deal, _, _, _, _, _, contract, picked, kontra, kdone, pushes, owned, conceded, open_,
     claim, event) = setup
    new = (rules, deal, bid, asker, listener, passed, history, contract, picked, kontra, kdone,
           pushes, owned, conceded, open_, claim, event)
    return make(P_BIDDING, mover, s[2], (), 0, (), -1, -1, s[8], E_NOT_ENDED, new)


def _declarer_found(s: GameState, setup: tuple[Any, ...], declarer: int, bid: int,
                    passed: int, history: tuple[Any, ...]) -> GameState:
    (rules, deal, _, _, _, _, _, contract, picked, kontra, kdone, pushes, owned, conceded, open_,
     claim, event) = setup  # as in _bidding
    new = (rules, deal, bid, -1, -1, passed, history, contract, picked, kontra, kdone, pushes,
           owned, conceded, open_, claim, event)
    return make(P_SKAT, declarer, s[2], (), 0, (), -1, declarer, s[8], E_NOT_ENDED,
                new)


def start_ramsch(s: GameState, setup: tuple[Any, ...], passed: int,
                 history: tuple[Any, ...]) -> GameState:
    """Three passes under ``Rules.ramsch`` (or a Ramsch round): Schieberamsch starts
    with forehand's push decision, plain Ramsch with forehand's lead (D-17)."""
    new = setup[:ASKER] + (-1, -1, passed, history) + setup[HISTORY + 1:]
    if setup[RULES].schieberamsch:
        return make(P_PUSHING, 0, s[2], (), 0, (), -1, -1, s[8], E_NOT_ENDED, new)
    return make(P_PLAYING, 0, s[2], (), 0, (), 6, -1, s[8], E_NOT_ENDED, new)


def step(s: GameState, action: Action) -> GameState:
    setup = s[SETUP]
    seat = s[MOVER]
    history = setup[HISTORY] + ((SEATS[seat], action),)
    bid, asker, listener, passed = setup[BID], setup[ASKER], setup[LISTENER], setup[PASSED]
    if seat == asker:
        if type(action) is Bid:
            if listener < 0:  # forehand plays at 18 after two passes (D-9)
                return _declarer_found(s, setup, 0, 18, passed, history)
            return _bidding(s, setup, listener, action.value, asker, listener, passed, history)
        passed |= 1 << seat
        if asker == 1:  # middlehand passes: rearhand bids to forehand
            return _bidding(s, setup, 2, bid, 2, 0, passed, history)
        if asker == 2:
            if bid > 0:
                return _declarer_found(s, setup, listener, bid, passed, history)
            return _bidding(s, setup, 0, bid, 0, -1, passed, history)
        # forehand passes too: Ramsch (D-17) or passed in (D-8)
        if setup[RULES].ramsch:
            return start_ramsch(s, setup, passed, history)
        new = setup[:PASSED] + (passed, history) + setup[HISTORY + 1:]
        return make(P_FINISHED, -1, s[2], (), 0, (), -1, -1, s[8], E_PASSED_IN, new)
    # the listener
    if type(action) is Hold:
        return _bidding(s, setup, asker, bid, asker, listener, passed, history)
    passed |= 1 << seat
    if asker == 1:  # forehand passes: rearhand bids to middlehand
        return _bidding(s, setup, 2, bid, 2, 1, passed, history)
    return _declarer_found(s, setup, 2, bid, passed, history)
