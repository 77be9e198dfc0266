"""What one seat may know: :func:`observe` (perfect recall, nothing hidden leaks).

An :class:`Observation` holds the seat's own hand, the whole auction, the
declaration, every card played in order (completed tricks and the current
trick), and hidden cards only where the rules reveal them:

* the skat: to the declarer once he picks it up (he also knows what he put
  away); to everybody when the deal is finished;
* the declarer's hand: to everybody in an ouvert game once it is announced,
  after he claims (D-11), and when the deal is over (his unplayed cards are
  shown, as at a real table);
* nothing else: the other hands and an unseen skat stay hidden.

>>> from skatlib import Deal, new_game, observe, Seat
>>> o = observe(new_game(Deal.shuffled(3)), Seat.FOREHAND)
>>> len(o.hand), o.skat, o.declarer_hand
(10, None, None)
"""

from __future__ import annotations

from typing import Any

import attrs

from .actions import Action, Declare, Push
from .cards import Card, CardSet, unchecked_set
from .contract import Contract
from .deal import Seat
from .rules import Rules
from .state import GameState, Phase, Trick
from .state._core import (
    BID,
    CARDS,
    CLAIM,
    CONCEDED,
    CONTRACT,
    DEAL,
    DECL,
    HANDS,
    HISTORY,
    LEADER,
    MOVER,
    OPEN,
    P_FINISHED,
    P_PUSHING,
    PHASE,
    PICKED,
    RULES,
    SETUP,
    SKAT,
    TRICK,
    TRICKS,
    seat_index,
    tricks_of,
)
from .state._machine import require_state

__all__ = ["Observation", "observe"]

_SEATS = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)


@attrs.frozen(slots=False)
class Observation:
    """Everything ``seat`` may know at one moment of a deal.

    Frozen (assigning a field raises) and equal by value.  Not slotted: :func:`observe`
    sets :attr:`seat` and ``phase`` and fills the other fields in the instance's
    ``__dict__`` in one step when one of them is first read (:func:`_fill`), so a bot
    that reads only the phase (:class:`~skatlib.RandomBot`) costs nothing more.  Until
    then the observation holds the state it was taken from; pickling and copying fill
    it first and carry the fields only, never the state (proven equal to the
    constructor in ``test_observation``, read in any order in ``test_loop_fast``).
    """

    seat: Seat
    """Whose view this is."""
    rules: Rules
    phase: Phase
    to_move: Seat | None
    hand: CardSet
    """The seat's own cards now."""
    dealt_hand: CardSet
    """The seat's cards as dealt (for the declarer after a pickup: before it)."""
    history: tuple[tuple[Seat, Action], ...]
    """Bids, holds, passes, the skat decision, the declaration, Kontra/Re and
    Schieberamsch pushes, in order.  Cards another seat put away are hidden
    until the deal is finished: its declaration shows without the discard, and
    its push of two cards as ``Push(CardSet())``."""
    bid: int
    declarer: Seat | None
    contract: Contract | None
    picked_up: bool
    skat: CardSet | None
    """The dealt skat if this seat has seen it, else ``None``."""
    discard: CardSet | None
    """What the declarer put away, if this seat knows it (while he puts away, the
    cards put away so far; likewise a Schieberamsch player's own push so far)."""
    declarer_hand: CardSet | None
    """The declarer's current cards if they are open (ouvert or claimed)."""
    tricks: tuple[Trick, ...]
    """Completed tricks in order, with leaders and winners."""
    current_trick: tuple[Card, ...]
    leader: Seat
    conceded: tuple[Seat, ...]
    claim_pending: bool
    put_away: int = 0
    """How many cards the declarer (or, in Schieberamsch, the player who took the skat)
    has put away so far, one at a time: seen by the whole table, whose cards they are
    only by that player."""

    def __getstate__(self) -> dict[str, Any]:
        """The fields, filled (what pickle and :mod:`copy` carry: never the state)."""
        d = self.__dict__
        if _SOURCE in d:
            _fill(d)
        return {k: v for k, v in d.items() if k != _SOURCE}

    @property
    def auction(self) -> tuple[tuple[Seat, Action], ...]:
        """Deprecated alias of :attr:`history` (until 0.3)."""
        import warnings

        warnings.warn("Observation.auction is deprecated: use Observation.history",
                      DeprecationWarning, stacklevel=2)
        return self.history

    @property
    def played(self) -> CardSet:
        """Every card played so far (public knowledge)."""
        mask = 0
        for t in self.tricks:
            for c in t.cards:
                mask |= 1 << c
        for c in self.current_trick:
            mask |= 1 << c
        return CardSet(mask)

    @property
    def unseen(self) -> CardSet:
        """Cards this seat has not seen: not in its hand or the hand it was
        dealt, not played, not in a known skat or discard, not in an open declarer
        hand, not in a Schieberamsch push it may see: its own, and every push once
        the deal is over (H-9)."""
        known = self.hand.mask | self.played.mask | self.dealt_hand.mask
        for extra in (self.skat, self.discard, self.declarer_hand):
            if extra is not None:
                known |= extra.mask
        for _, action in self.history:  # pushes it may see: its own, all once finished
            if isinstance(action, Push) and action.discard:
                known |= action.discard.mask
        return CardSet(0xFFFFFFFF & ~known)


def observe(state: GameState, seat: Seat | int) -> Observation:
    """What ``seat`` may know in ``state`` (see the module docs for the rules).

    :raises TypeError: unless ``state`` is a :class:`~skatlib.GameState` and
        ``seat`` a seat.

    >>> from skatlib import Deal, GameState
    >>> o = observe(GameState.from_position(Deal.shuffled(1), "p p 18 s"), 0)
    >>> len(o.hand), o.skat, o.put_away
    (12, CardSet.parse('SK DT'), 0)
    """
    if type(state) is not GameState:
        require_state(state)
    s = seat if type(seat) is int and 0 <= seat <= 2 else seat_index(seat)
    o = _new_object(Observation)
    d = o.__dict__
    d["seat"] = _SEATS[s]
    d["phase"] = state[PHASE]
    d[_SOURCE] = (state, s)  # the other fields: _fill, when one of them is first read
    return o


_SOURCE = "_observed"
"""The ``__dict__`` key of an observation's ``(state, seat)`` until its fields are filled."""
_FIELDS = tuple(f.name for f in attrs.fields(Observation))
_LATE = tuple(f for f in _FIELDS if f not in ("seat", "phase"))
"""The fields :func:`_fill` fills, in declaration order."""
_new_object = object.__new__


class _Late:
    """A field :func:`observe` leaves out, on the class: read before the instance's
    ``__dict__`` holds it (a non-data descriptor yields to the ``__dict__``), it fills
    them all (:func:`_fill`); from then on the ``__dict__`` answers as for any field."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, o: Observation | None, owner: type | None = None) -> Any:
        if o is None:
            return self
        d = o.__dict__
        if _SOURCE in d:
            _fill(d)
        try:
            return d[self.name]  # filled now (here or by another thread)
        except KeyError:
            raise AttributeError(f"'Observation' object has no attribute {self.name!r}"
                                 ) from None


for _name in _LATE:
    setattr(Observation, _name, _Late(_name))


def _fill(d: dict[str, Any]) -> None:
    """Fill an observation's ``__dict__`` ``d`` with the fields :func:`observe` left out
    (what its seat may know in its state; the raw slots of ``state._core``), then drop
    the state.  Filling twice (two threads at once) sets the same values."""
    state, s = d[_SOURCE]
    setup = state[SETUP]
    dc = state[DECL]
    phase = state[PHASE]
    finished = phase == P_FINISHED
    picked = setup[PICKED]
    contract = setup[CONTRACT]
    deal = setup[DEAL]
    skat_mask = state[SKAT]
    skat = discard = None
    if finished:
        skat = deal.skat
        if picked and contract is not None:
            discard = unchecked_set(skat_mask)
    elif s == dc and picked:
        skat = deal.skat
        if contract is not None or skat_mask:
            discard = unchecked_set(skat_mask)  # put away so far, or the whole discard
    elif picked and phase == P_PUSHING and s == state[MOVER] and skat_mask:
        discard = unchecked_set(skat_mask)  # the seat's own push so far
    declarer_hand = None
    hands = state[HANDS]
    if dc >= 0 and (setup[OPEN] or finished) and contract is not None:
        declarer_hand = unchecked_set(hands[dc])
    history = setup[HISTORY]
    mover = state[MOVER]
    d.update(zip(_LATE, (
        setup[RULES], _SEATS[mover] if mover >= 0 else None,
        unchecked_set(hands[s]), deal.hands[s],
        history if finished else _censor(history, s), setup[BID],
        _SEATS[dc] if dc >= 0 else None, contract, picked, skat, discard, declarer_hand,
        tricks_of(state[TRICKS]), tuple(map(CARDS.__getitem__, state[TRICK])),
        _SEATS[state[LEADER]], _CONCEDED[setup[CONCEDED]], setup[CLAIM],
        skat_mask.bit_count() if picked and contract is None else 0,
    )))
    d.pop(_SOURCE, None)


_CONCEDED = tuple(tuple(_SEATS[i] for i in range(3) if m >> i & 1) for m in range(8))
"""The seats of each conceded-bits mask."""


_HIDDEN_PUSH = Push(CardSet(0))
_HIDING = (Declare, Push)
_LAST_CENSORED: list[tuple[object, object]] = [((), ()), ((), ()), ((), ())]
"""Per seat: the last history censored and its censored form.  A history is shared
by every state of the card play, so each seat's observations reuse one result."""


def _censor(
    auction: tuple[tuple[Seat, Action], ...], seat: int
) -> tuple[tuple[Seat, Action], ...]:
    """Hide the cards other seats put away: a declarer's discard shows as the bare
    declaration, and a Schieberamsch push of two cards as ``Push(CardSet())``
    (two cards pushed, unseen by this seat; ``Push()`` is a push unseen)."""
    last = _LAST_CENSORED[seat]  # one read: another thread may replace the entry, never tear it
    if last[0] is auction:
        return last[1]  # type: ignore[return-value]
    censored = _censored(auction, seat)
    _LAST_CENSORED[seat] = (auction, censored)
    return censored


def _censored(
    auction: tuple[tuple[Seat, Action], ...], seat: int
) -> tuple[tuple[Seat, Action], ...]:
    for who, action in auction:  # most histories hide nothing: return them as they are
        if who != seat and type(action) in _HIDING and action.discard:  # type: ignore[union-attr]
            break
    else:
        return auction
    out = []
    for who, action in auction:
        if who != seat:
            if isinstance(action, Declare) and action.discard is not None:
                action = Declare(action.contract)
            elif isinstance(action, Push) and action.discard is not None:
                action = _HIDDEN_PUSH
        out.append((who, action))
    return tuple(out)
