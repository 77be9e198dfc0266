"""PUSHING: Schieberamsch (``Rules.schieberamsch``, D-17).

Each player in turn, from forehand, either passes the skat on unseen (``push``,
which doubles the Ramsch) or takes it (``s``) and pushes two cards on, one
:class:`~skatlib.Discard` at a time or both at once with ``Push(cards)``; jacks
only with ``Rules.push_jacks``.  With ``Rules.ramsch_grand_hand`` a player may
declare grand hand instead.  After rearhand the skat lies and forehand leads.
"""

from __future__ import annotations

from typing import Any

from .. import _tables as T
from ..actions import Action, Declare, Discard, PickUpSkat, Push
from ..cards import CardSet
from ..contract import Contract, GameType
from ..errors import Reason
from ..rules import Rules
from ._core import (
    E_NOT_ENDED,
    HANDS,
    HISTORY,
    MOVER,
    P_PLAYING,
    P_PUSHING,
    PICKED,
    PUSHES,
    RULES,
    SEATS,
    SETUP,
    SKAT,
    GameState,
    illegal,
    make,
    set3,
)
from ._declaring import declare, discard_actions

_PICKUP, _PUSH = PickUpSkat(), Push()
GRAND_HAND = Declare(Contract(GameType.GRAND, hand=True))
_CHOICE = (_PICKUP, _PUSH)
_CHOICE_GRAND = (_PICKUP, _PUSH, GRAND_HAND)


def pushable(rules: Rules) -> int:
    """The cards that may be pushed: all, or all but the jacks (``Rules.push_jacks``)."""
    return T.FULL if rules.push_jacks else T.FULL & ~T.JACKS


def legal(s: GameState) -> tuple[Action, ...]:
    setup = s[SETUP]
    if setup[PICKED]:
        return discard_actions(s[HANDS][s[MOVER]] & pushable(setup[RULES]))
    return _CHOICE_GRAND if setup[RULES].ramsch_grand_hand else _CHOICE


def check(s: GameState, action: object) -> None:
    setup = s[SETUP]
    seat = s[MOVER]
    hand = s[HANDS][seat]
    rules = setup[RULES]
    if setup[PICKED]:
        put_away = s[SKAT]
        if isinstance(action, Discard):
            cards = 1 << action.card
        elif isinstance(action, Push) and action.discard is not None:
            if put_away:
                raise illegal(s, action, f"{CardSet(put_away)} is already pushed: push one "
                              "more card with 'discard.<card>'", Reason.ALREADY_DONE)
            cards = action.discard.mask
            if len(action.discard) != 2:
                raise illegal(s, action, f"push exactly two cards, not {action.discard}",
                              Reason.DISCARD_REQUIRED)
        else:
            raise illegal(s, action, "after taking the skat, push two cards on (D-17)",
                          Reason.DISCARD_REQUIRED)
        if cards & ~hand:
            raise illegal(s, action, f"{CardSet(cards & ~hand)} is not in your hand "
                          f"{CardSet(hand)}", Reason.DISCARD_NOT_IN_HAND)
        if cards & ~pushable(rules):
            raise illegal(s, action, "jacks may not be pushed in Schieberamsch "
                          "(Rules.push_jacks is off, R-15.4)", Reason.PUSH_NOT_ALLOWED)
        return
    if isinstance(action, PickUpSkat):
        return
    if isinstance(action, Push):
        if action.discard is not None:
            raise illegal(s, action, "take the skat before pushing cards, or push it on "
                          "unseen with 'push'", Reason.DISCARD_NOT_ALLOWED)
        return
    if isinstance(action, Declare) and rules.ramsch_grand_hand:
        if action == GRAND_HAND:
            return
        raise illegal(s, action, "instead of Ramsch only grand hand may be declared (R-15.4)",
                      Reason.CONTRACT_NOT_ALLOWED)
    raise illegal(s, action, "take the skat ('s') or push it on unseen ('push')",
                  Reason.WRONG_PHASE)


def _passed_on(s: GameState, setup: tuple[Any, ...], seat: int, hands: tuple[int, int, int],
               skat: int, pushes: int, history: tuple[Any, ...]) -> GameState:
    new = (setup[:HISTORY] + (history, setup[HISTORY + 1], False) + setup[PICKED + 1:PUSHES]
           + (pushes,) + setup[PUSHES + 1:])
    if seat == 2:
        return make(P_PLAYING, 0, hands, (), 0, (), 6, -1, skat, E_NOT_ENDED, new)
    return make(P_PUSHING, seat + 1, hands, (), 0, (), -1, -1, skat, E_NOT_ENDED, new)


def step(s: GameState, action: Action) -> GameState:
    setup = s[SETUP]
    seat = s[MOVER]
    kind = type(action)
    if kind is Discard:
        bit = 1 << action.card  # type: ignore[union-attr]
        hands = set3(s[HANDS], seat, s[HANDS][seat] & ~bit)
        skat = s[SKAT] | bit
        if skat.bit_count() < 2:
            return make(P_PUSHING, seat, hands, (), 0, (), -1, -1, skat,
                        E_NOT_ENDED, setup)
        history = setup[HISTORY] + ((SEATS[seat], Push(CardSet(skat))),)
        return _passed_on(s, setup, seat, hands, skat, setup[PUSHES], history)
    history = setup[HISTORY] + ((SEATS[seat], action),)
    if kind is PickUpSkat:
        new = setup[:HISTORY] + (history, setup[HISTORY + 1], True) + setup[PICKED + 1:]
        hands = set3(s[HANDS], seat, s[HANDS][seat] | s[SKAT])
        return make(P_PUSHING, seat, hands, (), 0, (), -1, -1, 0, E_NOT_ENDED, new)
    if kind is Declare:  # grand hand instead of Ramsch
        return declare(s, seat, action, bid=18)  # type: ignore[arg-type]
    assert isinstance(action, Push)
    if action.discard is None:
        return _passed_on(s, setup, seat, s[HANDS], s[SKAT], setup[PUSHES] + 1, history)
    hands = set3(s[HANDS], seat, s[HANDS][seat] & ~action.discard.mask)
    return _passed_on(s, setup, seat, hands, action.discard.mask, setup[PUSHES], history)
