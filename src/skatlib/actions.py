"""Actions: small immutable values, each with a short text form.

Most actions are taken by the seat whose turn it is and carry no seat.  The
ones that may come out of turn (a concession, refusing a claim, server
events) name their seat.

>>> [str(a) for a in (Bid(18), Hold(), Pass(), PickUpSkat(), PlayHand())]
['18', 'y', 'p', 's', 'hand']
>>> parse_action("G.H7.HQ")
Declare(Contract.parse('G'), CardSet.parse('HQ H7'))
>>> parse_action("CJ"), parse_action("RE.2")
(Play(Card.CJ), Concede(Seat.REARHAND))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Union

import attrs

from .bidding import Bid
from .cards import Card, CardSet, _card_index, to_mask, unchecked_set
from .contract import Contract
from .deal import Seat, _seat
from .errors import NotationError, Reason, type_error

__all__ = [
    "Action",
    "Bid",
    "Hold",
    "Pass",
    "PickUpSkat",
    "PlayHand",
    "Declare",
    "Discard",
    "Play",
    "Concede",
    "Claim",
    "Refuse",
    "TimeOut",
    "Leave",
    "Kontra",
    "Re",
    "Push",
    "parse_action",
]


@attrs.frozen(repr=False)
class _NoFields:
    """The attrs class under the actions without fields (:class:`Hold`, :class:`Pass`,
    ...), which add only their text forms.  Each is a type of its own (``Hold() !=
    Pass()``, ``type(Hold()) is Hold``, ``attrs.fields(Hold) == ()``); one attrs class
    for the seven instead of seven keeps ``import skatlib`` cheap (building an attrs
    class generates and compiles its methods, issue 18).  The hash is the type's, so that
    the seven do not collide in a dict (``encoding`` keys its action ids by action)."""

    def __hash__(self) -> int:
        return hash(type(self))


class Hold(_NoFields):
    """Hold the value just bid ("ja"); only the listener (ISkO 3.3.2)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "y"

    def __repr__(self) -> str:
        return "Hold()"


class Pass(_NoFields):
    """Pass in the bidding; final (ISkO 3.3.3)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "p"

    def __repr__(self) -> str:
        return "Pass()"


class PickUpSkat(_NoFields):
    """The declarer picks up the skat (ISkO 2.2.2)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "s"

    def __repr__(self) -> str:
        return "PickUpSkat()"


class PlayHand(_NoFields):
    """The declarer plays without the skat (ISkO 2.2.3)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "hand"

    def __repr__(self) -> str:
        return "PlayHand()"


def _to_card(value: Card | int | str) -> Card:
    """A Card from a Card, an index 0..31 or text (actions are always normalised)."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    index = _card_index(value)  # any operator.index integer 0..31 (np.int64 too), no bool
    if index is not None:
        return Card(index)
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise type_error("card", "a Card, an index 0..31 or text like 'CJ'", value)
    raise NotationError(f"{value!r} is not a card: use a Card, an index 0..31 or text like "
                        "'CJ'", Reason.UNKNOWN_CARD)


def _to_seat(value: Seat | int) -> Seat:
    """A Seat from a Seat or an int 0..2 (the one seat check, ``deal._seat``)."""
    if isinstance(value, Seat):
        return value
    return Seat(_seat(value, "seat", NotationError))


def _to_cards(value: CardSet | str | Iterable[Card | int] | None) -> CardSet | None:
    if value is None or isinstance(value, CardSet):
        return value
    return CardSet(to_mask(value))


def _to_contract(value: Contract | str) -> Contract:
    if isinstance(value, Contract):
        return value
    if isinstance(value, str):
        return Contract.parse(value)
    raise NotationError(f"{value!r} is not a contract: use a Contract or text like 'CH'",
                        Reason.UNKNOWN_CONTRACT)


@attrs.frozen(repr=False)
class _CardAction:
    """The attrs class under :class:`Discard` and :class:`Play` (see :class:`_NoFields`)."""

    card: Card = attrs.field(converter=_to_card)

    def __hash__(self) -> int:
        return hash((type(self), self.card))


@attrs.frozen(repr=False)
class _SeatAction:
    """The attrs class under the actions that name their seat: :class:`Concede`,
    :class:`Refuse`, :class:`TimeOut` and :class:`Leave` (see :class:`_NoFields`)."""

    seat: Seat = attrs.field(converter=_to_seat)

    def __hash__(self) -> int:
        return hash((type(self), self.seat))


@attrs.frozen(repr=False)
class Declare:
    """Announce the contract; after a pickup, also put away two cards.

    >>> str(Declare(Contract.parse("CH")))
    'CH'
    >>> str(Declare(Contract.parse("G"), CardSet.parse("H7 HQ")))
    'G.HQ.H7'
    """

    contract: Contract = attrs.field(converter=_to_contract)
    discard: CardSet | None = attrs.field(default=None, converter=_to_cards)

    def __str__(self) -> str:
        if self.discard is None:
            return str(self.contract)
        return ".".join([str(self.contract), *(c.name for c in self.discard)])

    def __repr__(self) -> str:
        if self.discard is None:
            return f"Declare({self.contract!r})"
        return f"Declare({self.contract!r}, {self.discard!r})"


def unchecked_declare(contract: Contract, discard_mask: int) -> Declare:
    """``Declare(contract, CardSet(discard_mask))`` without the converters' checks, for
    values the game state already holds (a valid contract and two cards it put away)."""
    d = object.__new__(Declare)
    object.__setattr__(d, "contract", contract)
    object.__setattr__(d, "discard", unchecked_set(discard_mask))
    return d


class Discard(_CardAction):
    """Put one card away into the skat: after a pickup the declarer puts away two
    cards one at a time and then announces with a bare :class:`Declare`; in
    Schieberamsch a player who took the skat pushes two cards this way.  The
    compound ``Declare(contract, discard)`` / ``Push(discard)`` is still accepted.

    >>> Discard("D7"), str(Discard("D7")), parse_action("discard.D7")
    (Discard(Card.D7), 'discard.D7', Discard(Card.D7))
    """

    __slots__ = ()

    def __str__(self) -> str:
        return f"discard.{self.card.name}"

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


class Play(_CardAction):
    """Play a card to the current trick."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.card.name

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


class Concede(_SeatAction):
    """``seat`` concedes (D-11).  The declarer's concession ends the game as
    lost; when both defenders have conceded (or accepted a claim), all
    unplayed cards go to the declarer.  May come out of turn."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"RE.{int(self.seat)}"

    def __repr__(self) -> str:
        return f"Concede({self.seat!r})"


class Claim(_NoFields):
    """The declarer shows his cards and claims the rest (D-11).  Defenders
    accept with :class:`Concede` or refuse with :class:`Refuse`; play may go on
    with his cards open.  May come out of turn."""

    __slots__ = ()

    def __str__(self) -> str:
        return "SC"

    def __repr__(self) -> str:
        return "Claim()"


class Refuse(_SeatAction):
    """A defender refuses the declarer's claim: play continues, his cards open (D-11)."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"RF.{int(self.seat)}"

    def __repr__(self) -> str:
        return f"Refuse({self.seat!r})"


class TimeOut(_SeatAction):
    """Server event (``ISS`` rules only, D-18): ``seat`` ran out of time."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"TI.{int(self.seat)}"

    def __repr__(self) -> str:
        return f"TimeOut({self.seat!r})"


class Leave(_SeatAction):
    """Server event (``ISS`` rules only, D-18): ``seat`` left the table."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"LE.{int(self.seat)}"

    def __repr__(self) -> str:
        return f"Leave({self.seat!r})"


class Kontra(_NoFields):
    """A defender doubles the game ("Kontra", D-15; house rule)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "kontra"

    def __repr__(self) -> str:
        return "Kontra()"


class Re(_NoFields):
    """The declarer answers Kontra and doubles again ("Re", D-15)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "re"

    def __repr__(self) -> str:
        return "Re()"


@attrs.frozen(repr=False)
class Push:
    """Schieberamsch (D-17): push two cards on after taking the skat, or, with
    no cards, pass the skat on unseen (which doubles the loss).

    An observation shows another seat's push of two cards, which this seat has
    not seen, as ``Push(CardSet())``; its text is ``push.??`` (H-11), so that it
    never reads as passing the skat on unseen.  It is never a legal action.

    >>> str(Push()), str(Push(CardSet.parse("C7 H8"))), str(Push(CardSet()))
    ('push', 'push.C7.H8', 'push.??')
    """

    discard: CardSet | None = attrs.field(default=None, converter=_to_cards)

    def __str__(self) -> str:
        if self.discard is None:
            return "push"
        if not self.discard:
            return "push.??"
        return ".".join(["push", *(c.name for c in self.discard)])

    def __repr__(self) -> str:
        return "Push()" if self.discard is None else f"Push({self.discard!r})"


Action = Union[  # noqa: UP007
    Bid, Hold, Pass, PickUpSkat, PlayHand, Declare, Discard, Play, Concede, Claim, Refuse,
    TimeOut, Leave, Kontra, Re, Push,
]
"""Any action of a deal."""

_SIMPLE: dict[str, Action] = {
    "y": Hold(), "p": Pass(), "s": PickUpSkat(), "hand": PlayHand(), "SC": Claim(),
    "kontra": Kontra(), "re": Re(), "push": Push(),
}
_CONTRACT = re.compile(r"^[GCSHDN][HSZO]*$")
_SEATED: dict[str, type[Concede] | type[Refuse] | type[TimeOut] | type[Leave]] = {
    "RE": Concede, "RF": Refuse, "TI": TimeOut, "LE": Leave,
}


def parse_action(text: str) -> Action:
    """Parse the text form of an action (the inverse of ``str(action)``).

    :raises NotationError: if the text is no action.

    >>> parse_action("46"), parse_action("y"), parse_action("NOH")
    (Bid(46), Hold(), Declare(Contract.parse('NOH')))
    """
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {text!r}", Reason.UNKNOWN_ACTION)
    t = text.strip()
    if t in _SIMPLE:
        return _SIMPLE[t]
    if t.isascii() and t.isdigit():
        if len(t) > 3:
            raise NotationError(f"{t[:10]}{'...' if len(t) > 10 else ''} is not a bid value: "
                                "bids are 18..264", Reason.NOT_A_BID_VALUE)
        return Bid(int(t))
    head, _, rest = t.partition(".")
    if head == "push" and rest:
        if rest == "??":  # another seat's push, seen in an observation (H-11)
            return Push(CardSet())
        return Push(_cards_after_dot(text, rest))
    if head == "discard" and rest:
        return Discard(Card.parse(rest))
    if head in _SEATED and rest in ("0", "1", "2"):
        return _SEATED[head](Seat(int(rest)))
    # contract letters first: 'CO' is clubs ouvert, not the clubs Ober
    if not rest and not _CONTRACT.match(t):
        try:
            return Play(Card.parse(t))
        except NotationError:
            pass
    try:
        contract = Contract.parse(head)
    except NotationError:
        raise NotationError(
            f"unknown action {text!r}: expected a bid value, 'y' (hold), 'p' (pass), 's' "
            "(pick up the skat), 'hand', a declaration like 'G.H7.HQ' or 'CH', a card like "
            "'CJ', 'discard.<card>', 'kontra', 're' (the answer to Kontra), 'push', 'SC' "
            "(claim) or 'RE.<seat>' (a concession, not Re); words a person types ('pass', "
            "'Kontra', 'ja') are read by skatlib.human.read_actions",
            Reason.UNKNOWN_ACTION,
        ) from None
    if not rest:
        return Declare(contract)
    return Declare(contract, _cards_after_dot(text, rest))


def _cards_after_dot(text: str, rest: str) -> CardSet:
    cards = CardSet.parse(rest)
    if not cards:
        raise NotationError(f"no cards after the dot in {text!r}: e.g. 'G.H7.HQ' or "
                            "'push.C7.H8'", Reason.UNKNOWN_ACTION)
    return cards
