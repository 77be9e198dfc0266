"""The state machine: dispatch by phase, the one replay loop, positions.

Each phase module owns its legal actions, its check and its transition; this
module only picks the module by :class:`Phase` and handles what every phase
shares: side actions (D-11), server events (D-18) and a finished deal.
"""

from __future__ import annotations

import sys
import typing
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .. import _tables as T
from ..actions import (
    Action,
    Claim,
    Concede,
    Discard,
    Leave,
    Play,
    Push,
    Refuse,
    TimeOut,
    parse_action,
)
from ..cards import CardSet
from ..deal import Deal, Seat
from ..errors import ArgumentTypeError, IllegalActionError, Reason, type_error
from ..rules import ISKO, Rules
from . import _bidding, _core, _declaring, _kontra, _playing, _pushing
from ._core import (
    CLAIM,
    CONCEDED,
    CONTRACT,
    DECL,
    E_DEFENDERS_TRICK,
    E_LEFT,
    E_NOT_ENDED,
    E_NULL_TRICK,
    E_PLAYED_OUT,
    E_TIMEOUT,
    END,
    EVENT,
    HANDS,
    HISTORY,
    MOVER,
    OPEN,
    P_BIDDING,
    P_DECLARING,
    P_FINISHED,
    P_PLAYING,
    P_PUSHING,
    PICKED,
    SETUP,
    SKAT,
    TAKEN,
    TRICK,
    TRICKS,
    GameState,
    illegal,
    make,
    seat_index,
)

__all__ = ["new_game", "legal_actions", "side_actions", "is_legal", "check_action", "apply"]

_Legal = Callable[[GameState], tuple[Action, ...]]
_Check = Callable[[GameState, object], None]
_Step = Callable[[GameState, Action], GameState]


def _finished_legal(s: GameState) -> tuple[Action, ...]:
    return ()


def _finished_check(s: GameState, action: object) -> None:
    raise illegal(s, action, "the deal is over", Reason.WRONG_PHASE, ())


def _finished_step(s: GameState, action: Action) -> GameState:
    raise illegal(s, action, "the deal is over", Reason.WRONG_PHASE, ())


# indexed by Phase: BIDDING, SKAT, DECLARING, PLAYING, FINISHED, KONTRA, PUSHING
_LEGAL: tuple[_Legal, ...] = (
    _bidding.legal, _declaring.legal_skat, _declaring.legal_declaring, _playing.legal,
    _finished_legal, _kontra.legal, _pushing.legal,
)
_CHECK: tuple[_Check, ...] = (
    _bidding.check, _declaring.check_skat, _declaring.check_declaring, _playing.check,
    _finished_check, _kontra.check, _pushing.check,
)
_STEP: tuple[_Step, ...] = (
    _bidding.step, _declaring.step_skat, _declaring.step_declaring, _playing.step_side,
    _finished_step, _kontra.step, _pushing.step,
)
_SIDE = (Concede, Claim, Refuse)
_play = _playing.play
_FOLLOW = T.FOLLOW
_EVENTS = (TimeOut, Leave)
_OUT_OF_TURN = frozenset((*_SIDE, *_EVENTS))
"""The actions :func:`apply` hands past the phase's transition: side actions and server
events."""
_ACTIONS: tuple[type, ...] = typing.get_args(Action)


def require_state(state: object, name: str = "state") -> None:
    """Raise :class:`~skatlib.errors.ArgumentTypeError` (a :class:`TypeError`)
    unless ``state`` is a :class:`GameState`."""
    if type(state) is not GameState:
        what = type(state).__name__
        hint = (": observe() gives a seat's view, but the rules act on the full state"
                if what == "Observation" else "")
        raise ArgumentTypeError(f"{name} must be a GameState (from new_game or apply), not a "
                        f"{what}{hint}")


def new_game(deal: Deal, rules: Rules = ISKO, *, ramsch: bool = False) -> GameState:
    """The state at the start of bidding: middlehand bids to forehand (ISkO 3.3.2).

    With ``ramsch=True`` the deal skips the bidding and is played as Ramsch
    (a Ramsch round, D-16/D-17): Schieberamsch if ``rules.schieberamsch``.

    :raises TypeError: unless ``deal`` is a :class:`~skatlib.Deal` and ``rules``
        :class:`~skatlib.Rules`.

    >>> from skatlib import Deal
    >>> s = new_game(Deal.shuffled(1))
    >>> s.phase, s.to_move, legal_actions(s)[:2]
    (Phase.BIDDING, Seat.MIDDLEHAND, (Bid(18), Bid(20)))
    """
    if not isinstance(deal, Deal):
        raise type_error("deal", "a Deal", deal)
    if not isinstance(rules, Rules):
        raise type_error("rules", "Rules (e.g. skatlib.ISKO)", rules)
    if not isinstance(ramsch, bool):
        raise type_error("ramsch", "True or False", ramsch)
    setup = (rules, deal, 0, 1, 0, 0, (), None, False, 0, 0, 0, 0, 0, False, False, -1)
    h = deal.hands
    state = make(P_BIDDING, 1, (h[0].mask, h[1].mask, h[2].mask), (), 0, (), -1, -1,
                 deal.skat.mask, E_NOT_ENDED, setup)
    return _bidding.start_ramsch(state, setup, 0, ()) if ramsch else state


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """What the seat to move may do in turn (empty only when the deal is over).

    During play these are the cards; after a pickup, the cards to put away
    (:class:`~skatlib.Discard`, one at a time) and then the contracts.  Actions
    that may come out of turn (a concession, a claim, refusing a claim) are
    :func:`side_actions`.

    >>> from skatlib import Deal, GameState
    >>> s = GameState.from_position(Deal.shuffled(1), "p p 18 s")
    >>> [str(a) for a in legal_actions(s)][:3]
    ['discard.D9', 'discard.DT', 'discard.DA']
    """
    if type(state) is not GameState:
        require_state(state)
    return _LEGAL[state[0]](state)  # type: ignore[no-any-return]


def side_actions(state: GameState, seat: Seat | int | None = None) -> tuple[Action, ...]:
    """The out-of-turn actions of card play (D-11), for ``seat`` or for every seat:
    a :class:`~skatlib.Concede` by anyone who has not conceded, the declarer's
    :class:`~skatlib.Claim`, and a defender's :class:`~skatlib.Refuse` of a
    pending claim.  Empty outside card play and in Ramsch.

    >>> from skatlib import Deal, GameState
    >>> s = GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT")
    >>> [str(a) for a in side_actions(s)]
    ['RE.0', 'SC', 'RE.1', 'RE.2']
    >>> [str(a) for a in side_actions(s, 1)]
    ['RE.1']
    """
    require_state(state)
    return _playing.side(state, None if seat is None else seat_index(seat))


def check_action(state: GameState, action: object) -> None:
    """Raise :class:`~skatlib.IllegalActionError` (with a :class:`~skatlib.Reason`
    and the legal alternatives) unless ``action`` is legal in ``state``.

    :raises TypeError: unless ``state`` is a :class:`GameState`.

    >>> from skatlib import Deal, Hold, new_game
    >>> try:
    ...     check_action(new_game(Deal.shuffled(1)), Hold())
    ... except Exception as e:
    ...     print(type(e).__name__, e.reason.name)
    IllegalActionError WRONG_PHASE
    """
    require_state(state)
    _check(state, action, True)


def _check(state: GameState, action: object, d7: bool) -> None:
    phase = state[0]
    # the action's kind by one lookup of its exact type; subclasses and non-actions take
    # the isinstance tests (_KINDS mirrors them; test_state_properties proves it)
    kind = _KINDS.get(type(action))
    if kind is None:
        if not isinstance(action, _ACTIONS):  # the text 'p': say so, not "must bid or pass"
            hint = (f": parse text first, parse_action({action!r}) (typed input: "
                    "skatlib.human.read_actions)" if isinstance(action, str) else "")
            raise illegal(state, action, f"{type(action).__name__} is not an action (Bid, "
                          f"Pass, Play, ...){hint}", Reason.UNKNOWN_ACTION)
        kind = _kind(type(action))
    if kind == _PHASE_ACTION:
        if phase == P_FINISHED:
            raise illegal(state, action, "the deal is over", Reason.WRONG_PHASE, ())
        if phase == P_DECLARING:
            _declaring.check_declaring(state, action, d7)
            return
        _CHECK[phase](state, action)
        return
    if kind == _EVENT:
        if not state[SETUP][0].server_events:
            raise illegal(state, action, "time-outs and leaving are server events, only "
                          "accepted under the ISS rules (D-18)", Reason.OPTION_DISABLED)
        if phase == P_FINISHED:
            raise illegal(state, action, "the deal is over", Reason.WRONG_PHASE, ())
        return
    if phase == P_FINISHED:
        raise illegal(state, action, "the deal is over", Reason.WRONG_PHASE, ())
    _playing.check_side(state, action)  # type: ignore[arg-type]


_PHASE_ACTION, _EVENT, _SIDE_ACTION = range(3)


def _kind(kind: type) -> int:
    """How :func:`_check` treats an action type: a server event, a side action (D-11),
    or an action of the phase."""
    if issubclass(kind, _EVENTS):
        return _EVENT
    if issubclass(kind, _SIDE):
        return _SIDE_ACTION
    return _PHASE_ACTION


_KINDS = {kind: _kind(kind) for kind in _ACTIONS}
""":func:`_kind` of each action type, looked up by exact type."""


def is_legal(state: GameState, action: object) -> bool:
    """True if :func:`apply` would accept ``action``; False for anything else,
    whatever it is.

    :raises TypeError: unless ``state`` is a :class:`GameState`.

    >>> from skatlib import Deal, Bid, Pass, new_game
    >>> s = new_game(Deal.shuffled(1))
    >>> is_legal(s, Bid(18)), is_legal(s, Pass()), is_legal(s, "18"), is_legal(s, None)
    (True, True, False, False)
    """
    require_state(state)
    try:
        _check(state, action, True)
    except IllegalActionError:
        return False
    return True


def apply(state: GameState, action: Action, *, check: bool = True) -> GameState:
    """The state after ``action``.  ``state`` itself never changes.

    :param check: validate first (default).  ``check=False`` is the fast path
        for callers that only pick from :func:`legal_actions` or
        :func:`side_actions`; an illegal action then gives an undefined (but never
        a mutated input) state.
    :raises IllegalActionError: if ``check`` and the action is illegal.
    :raises TypeError: if ``check`` and ``state`` is not a :class:`GameState`.

    >>> from skatlib import Deal, Bid, new_game
    >>> s = new_game(Deal.shuffled(1))
    >>> apply(s, Bid(18)).bid, s.bid
    (18, 0)
    """
    kind = type(action)
    if check:
        if type(state) is not GameState:
            require_state(state)
        if kind is Play and state[0] is P_PLAYING:
            # the common case first: a legal card (the full check below words the error);
            # the mask inlines _playing.legal_mask (proven equal in test_state_play)
            card = action.card  # type: ignore[union-attr]
            trick = state[3]
            mask = state[2][state[1]]
            if trick:
                follow = mask & _FOLLOW[state[6]][trick[0]]
                if follow:
                    mask = follow
            if mask >> card & 1:
                return _play(state, card)
        _check(state, action, True)
    if kind is Play:
        return _play(state, action.card)  # type: ignore[union-attr]
    if kind in _OUT_OF_TURN:  # one hash lookup: the phase's own actions pass straight on
        if kind in _EVENTS:
            return _event(state, action)  # type: ignore[arg-type]
        return _playing.step_side(state, action)
    return _STEP[state[0]](state, action)  # type: ignore[no-any-return]


def _event(state: GameState, action: TimeOut | Leave) -> GameState:
    end = E_TIMEOUT if isinstance(action, TimeOut) else E_LEFT
    setup = state[SETUP]
    new = setup[:EVENT] + (int(action.seat),) + setup[EVENT + 1:]
    return make(P_FINISHED, -1, state[HANDS], state[TRICK], state[4], state[TRICKS],
                state[6], state[DECL], state[SKAT], end, new, state[TAKEN])


# ----- the one replay loop ------------------------------------------------------------


def replay(start: GameState, actions: Iterable[Any], *, d7: bool = True
           ) -> Iterator[tuple[int, Action, GameState]]:
    """Apply ``actions`` one by one from ``start``, each checked (D-7 only if ``d7``),
    yielding ``(number, action, state after it)``.  Entries may be actions,
    ``(seat, action)`` pairs (the seat is checked) or action texts.  Every replay in
    skatlib (:func:`skatlib.record.states`, :meth:`GameState.from_position`, the ISS
    checks) goes through here.

    :raises IllegalActionError: at the first illegal action (the state before it
        is unchanged, as always).
    """
    state = start
    for i, entry in enumerate(actions, 1):
        seat: object = None
        if isinstance(entry, tuple):
            if len(entry) != 2:
                raise ArgumentTypeError(f"action {i}: a history entry is a (seat, action) "
                                        f"pair, not {entry!r}")
            seat, action = entry
        elif isinstance(entry, str):
            action = parse_action(entry)
        else:
            action = entry
        if seat is not None and not isinstance(action, (*_SIDE, *_EVENTS)):
            who = seat_index(seat, f"action {i}'s seat")
            if who != state[MOVER]:
                raise illegal(state, action, f"action {i} is given to {Seat(who).title.lower()}"
                              ", but it is not that seat's turn", Reason.NOT_YOUR_TURN)
        if isinstance(action, Push) and action.discard is not None and not action.discard \
                and state[0] == P_PUSHING:
            raise illegal(state, action, "the pushed cards are hidden (an observation's "
                          "view): fill them in", Reason.DISCARD_REQUIRED)
        _check(state, action, d7)
        state = apply(state, action, check=False)
        yield i, action, state


def position(deal: Deal, actions: Iterable[Any] | str, *, rules: Rules | None = None,
             ramsch: bool = False) -> GameState:
    """:meth:`GameState.from_position` (D-7 relaxed)."""
    start = new_game(deal, ISKO if rules is None else rules, ramsch=ramsch)
    if isinstance(actions, str):
        actions = actions.split()
    state = start
    for _, _, after in replay(start, actions, d7=False):
        state = after
    return state


# ----- a state's actions (for repr and notation) --------------------------------------


def actions_of(state: GameState) -> tuple[Action, ...]:
    """A sequence of actions from :func:`new_game` to ``state`` (see
    :meth:`GameState.actions`)."""
    require_state(state)
    setup = state[SETUP]
    out: list[Action] = [a for _, a in setup[HISTORY]]
    if setup[PICKED] and setup[CONTRACT] is None:  # cards put away so far
        out.extend(Discard(c) for c in CardSet(state[SKAT]))
    cards: list[Action] = []
    for packed in state[TRICKS]:
        cards.extend(Play(c) for c in _unpacked_cards(packed))
    cards.extend(Play(c) for c in state[TRICK])
    d = state[DECL]
    contract = setup[CONTRACT]
    talk = talk_actions(d, contract is not None and contract.ouvert, setup[OPEN], setup[CLAIM],
                        setup[CONCEDED]) if d >= 0 and contract is not None else []
    end = state[END]
    if end in (E_PLAYED_OUT, E_NULL_TRICK, E_DEFENDERS_TRICK) and cards:
        out += cards[:-1] + talk + cards[-1:]
    else:
        out += cards + talk
    if end in (E_TIMEOUT, E_LEFT):
        seat = setup[EVENT]
        out.append(TimeOut(seat) if end == E_TIMEOUT else Leave(seat))
    return tuple(out)


def talk_actions(declarer: int, ouvert: bool, open_hand: bool, claim_pending: bool,
                 conceded: int) -> list[Action]:
    """Claims, refusals and concessions (D-11) that leave a state with these flags,
    in an order that is legal once card play has begun: a refused claim (open
    cards in a game that is not ouvert), a pending claim, the defenders'
    concessions, then the declarer's."""
    defenders = [x for x in (0, 1, 2) if x != declarer]
    talk: list[Action] = []
    if open_hand and not ouvert and not claim_pending:
        talk += [Claim(), Refuse(defenders[0])]  # a claim was refused
    if claim_pending:
        talk.append(Claim())
    talk += [Concede(x) for x in defenders if conceded >> x & 1]
    if conceded >> declarer & 1:
        talk.append(Concede(declarer))
    return talk


def _unpacked_cards(packed: int) -> tuple[int, int, int]:
    _, c0, c1, c2, _ = T.unpack_trick(packed)
    return (c0, c1, c2)


_core._LATE.machine = sys.modules[__name__]  # for GameState's method aliases
