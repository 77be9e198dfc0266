"""The frozen :class:`GameState`, its phases, and the one private constructor.

A state is a tuple subclass of twelve slots (the layout below is private): the
fields that change in card play sit in the state itself, everything fixed by the
time cards are played (rules, deal, bidding, contract, announcements, the talk
of concessions and claims) in one inner tuple, the *setup*, that consecutive
card-play states share.  Card play therefore copies twelve references and no
more; building a tuple runs in C.  The last slot, the cards each seat has won, is
derived from the trick history (:func:`taken_of`) and kept up to date trick by
trick, so the points and the result never replay the tricks.  See
``docs/design.md``.
"""

from __future__ import annotations

import enum
import itertools
import operator
import warnings
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any

import attrs

from .. import _tables as T
from .._text import fields_repr
from ..actions import Action
from ..cards import Card, CardSet, unchecked_set
from ..contract import Contract
from ..deal import Deal, Seat, _seat
from ..errors import (
    ArgumentTypeError,
    IllegalActionError,
    InvalidCardsError,
    Reason,
    SkatError,
    as_iterator,
)
from ..play import _card
from ..rules import Rules

__all__ = ["Phase", "EndReason", "Trick", "GameState"]


class Phase(enum.IntEnum):
    """The phases of a deal."""

    BIDDING = 0
    """Bidding (ISkO 3.3)."""
    SKAT = 1
    """The declarer decides: pick up the skat or play hand."""
    DECLARING = 2
    """The declarer announces (after a pickup: first puts away two cards)."""
    PLAYING = 3
    """Card play (ISkO 4)."""
    FINISHED = 4
    """The deal is over; :func:`~skatlib.result` gives the score."""
    KONTRA = 5
    """Kontra/Re may be said before the first card (``Rules.kontra``, D-15)."""
    PUSHING = 6
    """Schieberamsch: each player in turn takes the skat and pushes two cards,
    or passes it on unseen (``Rules.schieberamsch``, D-17)."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class EndReason(enum.Enum):
    """Why a finished deal ended."""

    NOT_ENDED = "not ended"
    PLAYED_OUT = "all ten tricks played"
    PASSED_IN = "all three passed (D-8)"
    NULL_TRICK = "the null declarer took a trick (D-10)"
    DEFENDERS_TRICK = "the defenders took a trick against schwarz announced or ouvert (D-10)"
    DECLARER_CONCEDED = "the declarer conceded (D-11)"
    DEFENDERS_CONCEDED = "both defenders conceded or accepted a claim (D-11)"
    TIMEOUT = "a player ran out of time (ISS, D-18)"
    LEFT = "a player left the table (ISS, D-18)"

    def __repr__(self) -> str:
        return f"EndReason.{self.name}"


class _Late:
    """The modules that import this one, filled in by them once loaded (the method
    aliases call through here instead of importing on every call)."""

    machine: Any = None
    result: Any = None


_LATE = _Late()

# The members as module constants for the hot paths: on CPython 3.11 looking up an
# enum member (``Phase.PLAYING``) costs ~0.3 us, a module global ~0.02 us.
P_BIDDING, P_SKAT, P_DECLARING, P_PLAYING, P_FINISHED, P_KONTRA, P_PUSHING = Phase
(E_NOT_ENDED, E_PLAYED_OUT, E_PASSED_IN, E_NULL_TRICK, E_DEFENDERS_TRICK, E_DECLARER_CONCEDED,
 E_DEFENDERS_CONCEDED, E_TIMEOUT, E_LEFT) = EndReason

CARDS = tuple(Card(i) for i in range(32))
SEATS = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)


def _trick_seat(value: object) -> Seat:
    return SEATS[seat_index(value)]


def _trick_cards(value: object) -> tuple[Card, Card, Card]:
    items = as_iterator(value, "cards", "three cards (Card or index 0..31) in play order")
    cards = tuple(CARDS[_card(c)] for c in itertools.islice(items, 4))
    if len(cards) != 3 or len(set(cards)) != 3:
        raise InvalidCardsError(f"a trick is three different cards, not {value!r:.60}",
                                Reason.WRONG_CARD_COUNT)
    return cards


@attrs.frozen(repr=False)
class Trick:
    """A completed trick: who led, the three cards in play order, who won.

    The seats are a :class:`~skatlib.Seat` or an int 0..2, the cards a
    :class:`~skatlib.Card` or an index 0..31 (wrong types: ``ArgumentTypeError``;
    a seat or card out of range, or not three different cards: a
    :class:`~skatlib.SkatError`).
    """

    leader: Seat = attrs.field(converter=_trick_seat)
    cards: tuple[Card, Card, Card] = attrs.field(converter=_trick_cards)
    winner: Seat = attrs.field(converter=_trick_seat)

    __repr__ = fields_repr  # attrs' own text, without compiling one per class (issue 18)

    def points(self) -> int:
        """Card points in the trick.

        >>> from skatlib import Card, Seat
        >>> Trick(Seat.FOREHAND, (Card.CA, Card.CT, Card.C7), Seat.FOREHAND).points()
        21
        """
        return sum(c.points for c in self.cards)

    def __str__(self) -> str:
        return f"{self.leader.title}: {' '.join(c.name for c in self.cards)} -> {self.winner.title}"

    def _repr_html_(self) -> str:
        """The trick for Jupyter: leader, the three cards in play order, winner.

        >>> from skatlib import Card, Seat
        >>> html = Trick(Seat.FOREHAND, (Card.CJ, Card.C7, Card.H7), Seat.FOREHAND)._repr_html_()
        >>> html.startswith('<span class="skatlib-trick">Forehand: '), html.endswith("</span>")
        (True, True)
        """
        from ..display import cards_html

        return (f'<span class="skatlib-trick">{self.leader.title}: {cards_html(self.cards)}'
                f" → {self.winner.title} ({self.points()})</span>")


# ----- the layout (private) -----------------------------------------------------------
# state slots
PHASE, MOVER, HANDS, TRICK, LEADER, TRICKS, GT, DECL, SKAT, END, SETUP, TAKEN = range(12)
# TAKEN is derived: taken_of(TRICKS), the cards each seat has won in one int, seat i's
# mask at bits 32i..32i+31 (pickles leave it out)
STORED = 11
"""The slots a pickle holds: all but the derived TAKEN."""
# setup slots
(RULES, DEAL, BID, ASKER, LISTENER, PASSED, HISTORY, CONTRACT, PICKED, KONTRA, KDONE, PUSHES,
 OWNED, CONCEDED, OPEN, CLAIM, EVENT) = range(17)
SETUP_SIZE = 17

_tuple_new = tuple.__new__

_TRICK_CACHE: dict[int, Trick] = {}
_TRICKS_CACHE: dict[tuple[int, ...], tuple[Trick, ...]] = {}
_CACHE_SIZE = 4_096
"""Entries of the trick caches (a Trick per packed trick, a tuple of Tricks per trick
history) before they start afresh: under 2 MiB (H-16).  Consecutive states of a deal
share their history, so a small cache serves them all."""


_new_trick = object.__new__
_set_field = object.__setattr__


def trick_of(packed: int) -> Trick:
    """The :class:`Trick` of a packed trick (cached: consecutive states and their
    observations share the Trick objects instead of rebuilding them)."""
    hit = _TRICK_CACHE.get(packed)
    if hit is None:
        leader, c0, c1, c2, winner = T.unpack_trick(packed)
        # the fields the converters would give, for a packed trick (valid by construction)
        hit = _new_trick(Trick)
        _set_field(hit, "leader", SEATS[leader])
        _set_field(hit, "cards", (CARDS[c0], CARDS[c1], CARDS[c2]))
        _set_field(hit, "winner", SEATS[winner])
        if len(_TRICK_CACHE) >= _CACHE_SIZE:
            _TRICK_CACHE.clear()
        _TRICK_CACHE[packed] = hit
    return hit


def tricks_of(packed: tuple[int, ...]) -> tuple[Trick, ...]:
    """The :class:`Trick` objects of a trick history (cached per history)."""
    hit = _TRICKS_CACHE.get(packed)
    if hit is None:
        hit = tuple(map(trick_of, packed))
        if len(_TRICKS_CACHE) >= _CACHE_SIZE:
            _TRICKS_CACHE.clear()
        _TRICKS_CACHE[packed] = hit
    return hit


def byte_tables(per_card: tuple[Action, ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """For each suit byte value, the actions of its cards, lowest first (built once, by
    doubling: the bytes with bit ``r`` are those without it, then the card of rank ``r``)."""
    tables = []
    for suit in range(4):
        rows: list[tuple[Action, ...]] = [()]
        for r in range(8):
            rows += [row + (per_card[8 * suit + r],) for row in rows]
        tables.append(tuple(rows))
    return tuple(tables)


def load_scoring(namespace: dict[str, Any]) -> ModuleType:
    """:mod:`skatlib.scoring`, imported on first use, not with ``import skatlib`` (issue
    18), and kept as the global ``scoring`` of the calling module (``namespace`` is its
    ``globals()``).  The callers read that global and call this only on the
    ``NameError`` of the first use: an import statement in a function would cost about
    12 k instructions at every call."""
    from .. import scoring

    namespace["scoring"] = scoring
    return scoring


def fill_byte_tables(tables: list[tuple[tuple[Action, ...], ...]],
                     per_card: tuple[Action, ...]) -> list[tuple[tuple[Action, ...], ...]]:
    """Fill the empty list ``tables`` with :func:`byte_tables` of ``per_card`` and return
    it: the byte tables are built on first use, not at import (issue 18)."""
    tables += byte_tables(per_card)
    return tables


def actions_of_mask(mask: int, per_card: tuple[Action, ...],
                    tables: list[tuple[tuple[Action, ...], ...]],
                    cache: dict[int, tuple[Action, ...]], size: int) -> tuple[Action, ...]:
    """The per-card actions of every card of ``mask``, lowest index first (the order of
    :func:`skatlib._tables.mask_cards`): four per-suit tuples joined, remembered in
    ``cache`` (emptied when it reaches ``size`` entries).  ``tables`` holds the
    :func:`byte_tables` of ``per_card``, filled by the first miss: building them (1,020
    tuples each) is left out of ``import skatlib`` (issue 18)."""
    hit = cache.get(mask)
    if hit is None:
        if not tables:
            fill_byte_tables(tables, per_card)
        hit = (tables[0][mask & 255] + tables[1][mask >> 8 & 255]
               + tables[2][mask >> 16 & 255] + tables[3][mask >> 24 & 255])
        if len(cache) >= size:
            cache.clear()
        cache[mask] = hit
    return hit


def trick_tally(packed_tricks: tuple[int, ...]) -> tuple[list[int], list[int], list[int], int]:
    """From a packed trick history: the cards each seat won (masks), its tricks, the
    number (1..10) of the last trick it won (0: none), and the last trick's winner.
    The one place the state derives what it does not store."""
    taken = [0, 0, 0]
    counts = [0, 0, 0]
    last_of = [0, 0, 0]
    winner = 0
    key_of = T.KEY
    for i, packed in enumerate(packed_tricks, 1):
        # inlined _tables.unpack_trick + trick_winner_fast (hot: every result and view
        # of the tricks); proven equal in test_state_properties
        c0 = packed >> 10 & 31
        c1 = packed >> 5 & 31
        c2 = packed & 31
        key = key_of[packed >> 17][c0]
        k0, k1, k2 = key[c0], key[c1], key[c2]
        if k1 > k0:
            w = 2 if k2 > k1 else 1
        else:
            w = 2 if k2 > k0 else 0
        winner = ((packed >> 15 & 3) + w) % 3
        taken[winner] |= (1 << c0) | (1 << c1) | (1 << c2)
        counts[winner] += 1
        last_of[winner] = i
    return taken, counts, last_of, winner


def seat_index(seat: object, what: str = "seat") -> int:
    """``seat`` as 0..2: a :class:`~skatlib.Seat` or any ``operator.index``-able int
    (no bools).  Wrong type: :class:`TypeError`; out of range: a
    :class:`~skatlib.SkatError` with :attr:`~skatlib.Reason.BAD_SEAT` (the one seat
    check, :func:`skatlib.deal._seat`)."""
    if type(seat) is int and 0 <= seat <= 2:  # the common case, as _seat would answer
        return seat
    return _seat(seat, what, SkatError)  # type: ignore[arg-type]


def taken_of(packed_tricks: tuple[int, ...]) -> int:
    """The cards each seat has won in ``packed_tricks``, in one int (seat ``i``'s mask
    at bits ``32 i`` to ``32 i + 31``): the derived TAKEN slot.  Card play keeps it
    up to date trick by trick instead of calling this (``test_state_play`` proves
    the two equal)."""
    if not packed_tricks:
        return 0
    taken = trick_tally(packed_tricks)[0]
    return taken[0] | taken[1] << 32 | taken[2] << 64


def taken_masks(taken: int) -> tuple[int, int, int]:
    """The three masks of a TAKEN slot (see :func:`taken_of`)."""
    return (taken & 0xFFFFFFFF, taken >> 32 & 0xFFFFFFFF, taken >> 64)


def trick_counts(taken: int) -> tuple[int, int, int]:
    """How many tricks each seat has won, from a TAKEN slot (three cards a trick)."""
    return ((taken & 0xFFFFFFFF).bit_count() // 3, (taken >> 32 & 0xFFFFFFFF).bit_count() // 3,
            (taken >> 64).bit_count() // 3)


def make(phase: Phase, mover: int, hands: tuple[int, int, int], trick: tuple[int, ...],
         leader: int, tricks: tuple[int, ...], gt: int, declarer: int, skat: int,
         end: EndReason, setup: tuple[Any, ...],
         taken: int | None = None) -> GameState:
    """The one constructor of every state (private: the transitions and
    :meth:`GameState.from_position` call it).  ``taken`` is the derived last slot,
    worked out from ``tricks`` when not given.  Hot paths inline
    ``tuple.__new__(GameState, (...))`` with the same twelve slots."""
    if taken is None:
        taken = taken_of(tricks) if tricks else 0  # no call in the setup transitions
    return _tuple_new(GameState, (phase, mover, hands, trick, leader, tricks, gt, declarer,
                                  skat, end, setup, taken))


def with_turn(s: GameState, phase: Phase, mover: int, setup: tuple[Any, ...]) -> GameState:
    """``s`` with another phase, seat to move and setup (cards unchanged)."""
    return _tuple_new(GameState, (phase, mover, s[HANDS], s[TRICK], s[LEADER], s[TRICKS], s[GT],
                                  s[DECL], s[SKAT], s[END], setup, s[TAKEN]))


def _restore(fields: tuple[Any, ...]) -> GameState:
    """Unpickle a state (the inverse of :meth:`GameState.__reduce__`): the stored
    slots, the derived one worked out again (so a pickle cannot make it disagree)."""
    if (type(fields) is not tuple or len(fields) != STORED or type(fields[SETUP]) is not tuple
            or len(fields[SETUP]) != SETUP_SIZE or type(fields[TRICKS]) is not tuple
            or not all(type(t) is int for t in fields[TRICKS])):
        raise ArgumentTypeError("not a pickled GameState")
    return _tuple_new(GameState, (*fields, taken_of(fields[TRICKS])))


def _setup_property(index: int, doc: str) -> Any:
    return property(lambda self: self[SETUP][index], doc=doc)


def _deprecated_property(old: str, new: str) -> Any:
    """A raw field name of skatlib 0.1 (``old``): warns, then gives ``new``.  A property
    of its own rather than a ``__getattr__`` hook, which would slow every attribute
    of every state (CPython specialises attribute lookups only without one)."""
    def get(self: GameState) -> Any:
        warnings.warn(f"GameState.{old} is deprecated: use GameState.{new}",
                      DeprecationWarning, stacklevel=2)
        return getattr(self, new)
    return property(get, doc=f"Deprecated alias of ``{new}`` (removed in 0.3).")


_DEPRECATED = {
    "to_move_": "to_move_index", "hands_": "hand_masks", "skat_": "skat_mask", "bid_": "bid",
    "asker": "asker_index", "listener": "listener_index", "passed": "passed_mask",
    "auction": "history", "declarer_": "declarer_index", "trick_": "trick_cards",
    "leader_": "leader_index", "tricks_": "packed_tricks", "taken": "taken_masks",
    "conceded": "conceded_mask", "event_seat": "event_seat_index", "gt": "game_type_index",
    "kontra_done": "kontra_declined_mask", "owned": "owned_mask",
}
"""Raw field names of skatlib 0.1 and their names now (deprecated aliases until 0.3)."""


class GameState(tuple):  # type: ignore[type-arg]
    """One moment of a deal.  Immutable, hashable, picklable, equal by value.

    Build the first state with :func:`~skatlib.new_game`, move on with
    :func:`~skatlib.apply`, or build a position with :meth:`from_position`.
    The raw views (``hand_masks``, ``to_move_index``, ``packed_tricks`` ...) are
    ints and masks for the fast core; the friendly views give
    :class:`~skatlib.CardSet`, :class:`~skatlib.Seat` and :class:`Trick`.

    A state is a tuple subclass for speed (building one costs a fraction of a
    microsecond); its positional layout is private and may change: use the
    named views.  ``repr(state)`` evaluates back to an equal state.

    >>> from skatlib import Deal, new_game, apply, Bid
    >>> s = apply(new_game(Deal.shuffled(1)), Bid(18))
    >>> s.bid, s.to_move, s.history
    (18, Seat.FOREHAND, ((Seat.MIDDLEHAND, Bid(18)),))
    >>> eval(repr(s)) == s
    True
    """

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> GameState:
        raise ArgumentTypeError("a GameState is built by new_game(), apply() or "
                        "GameState.from_position(), not by calling GameState()")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (tuple(self)[:STORED],))

    def __eq__(self, other: object) -> bool:
        return type(other) is GameState and bool(tuple.__eq__(self, other))

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    # ----- raw views (ints and masks) --------------------------------------------------
    if TYPE_CHECKING:
        @property
        def phase(self) -> Phase: ...
        @property
        def to_move_index(self) -> int: ...
        @property
        def hand_masks(self) -> tuple[int, int, int]: ...
        @property
        def trick_cards(self) -> tuple[int, ...]: ...
        @property
        def leader_index(self) -> int: ...
        @property
        def packed_tricks(self) -> tuple[int, ...]: ...
        @property
        def game_type_index(self) -> int: ...
        @property
        def declarer_index(self) -> int: ...
        @property
        def skat_mask(self) -> int: ...
        @property
        def end(self) -> EndReason: ...
        @property
        def rules(self) -> Rules: ...
        @property
        def deal(self) -> Deal: ...
        @property
        def bid(self) -> int: ...
        @property
        def asker_index(self) -> int: ...
        @property
        def listener_index(self) -> int: ...
        @property
        def passed_mask(self) -> int: ...
        @property
        def history(self) -> tuple[tuple[Seat, Action], ...]: ...
        @property
        def contract(self) -> Contract | None: ...
        @property
        def picked_up(self) -> bool: ...
        @property
        def kontra(self) -> int: ...
        @property
        def kontra_declined_mask(self) -> int: ...
        @property
        def pushes(self) -> int: ...
        @property
        def owned_mask(self) -> int: ...
        @property
        def conceded_mask(self) -> int: ...
        @property
        def open_hand(self) -> bool: ...
        @property
        def claim_pending(self) -> bool: ...
        @property
        def event_seat_index(self) -> int: ...
    else:
        phase = property(operator.itemgetter(PHASE), doc="The :class:`Phase` of the deal.")
        to_move_index = property(operator.itemgetter(MOVER),
                                 doc="The seat to move as 0..2 (-1 when finished).")
        hand_masks = property(operator.itemgetter(HANDS),
                              doc="Each seat's cards now, as 32-bit masks.")
        trick_cards = property(operator.itemgetter(TRICK),
                               doc="The cards of the unfinished trick as ints, in play order.")
        leader_index = property(operator.itemgetter(LEADER),
                                doc="The leader of the current trick as 0..2.")
        packed_tricks = property(
            operator.itemgetter(TRICKS),
            doc="The completed tricks, each packed into one int "
                "(``skatlib._tables.pack_trick``).")
        game_type_index = property(
            operator.itemgetter(GT),
            doc="The game type played as an int: -1 before the declaration, 0..5 the "
                ":class:`~skatlib.GameType`, 6 Ramsch.")
        declarer_index = property(
            operator.itemgetter(DECL),
            doc="The declarer as 0..2 (-1 before the bidding ends, passed in and Ramsch).")
        skat_mask = property(
            operator.itemgetter(SKAT),
            doc="The skat as it lies now, as a mask: the dealt skat, the cards put "
                "away so far after a pickup, then the two cards put away.")
        end = property(operator.itemgetter(END), doc="Why the deal ended (:class:`EndReason`).")
        rules = _setup_property(RULES, "The :class:`~skatlib.Rules` of the deal.")
        deal = _setup_property(DEAL, "The :class:`~skatlib.Deal` as dealt.")
        bid = _setup_property(BID, "The highest value named so far (0 before the first bid).")
        asker_index = _setup_property(ASKER, "The seat that bids now (-1 outside bidding).")
        listener_index = _setup_property(
            LISTENER, "The seat that holds or passes now (-1 when forehand alone may bid 18 "
                      "and outside bidding).")
        passed_mask = _setup_property(PASSED, "Bit ``s`` is set once seat ``s`` has passed.")
        history = _setup_property(
            HISTORY, "Bids, holds, passes, the skat decision, the declaration (with its "
                     "discard, however it was put away), Kontra/Re and Schieberamsch pushes, "
                     "as ``(seat, action)`` pairs in order.  Card play is in the tricks.")
        contract = _setup_property(CONTRACT, "The declared :class:`~skatlib.Contract` "
                                             "(``None`` before the declaration and in Ramsch).")
        picked_up = _setup_property(PICKED, "True after the declarer (or, in Schieberamsch, "
                                            "the seat to move) took the skat.")
        kontra = _setup_property(KONTRA, "0 none, 1 Kontra, 2 Re (D-15).")
        kontra_declined_mask = _setup_property(
            KDONE, "Bit ``s`` is set once defender ``s`` declined to say Kontra (D-15).")
        pushes = _setup_property(PUSHES, "Schieberamsch: how often the skat was passed on "
                                         "unseen (D-17).")
        owned_mask = _setup_property(
            OWNED, "The declarer's 12 cards (dealt hand plus skat) as of his declaration; "
                   "0 before.")
        conceded_mask = _setup_property(
            CONCEDED, "Bit ``s`` is set once seat ``s`` conceded or accepted a claim (D-11).")
        open_hand = _setup_property(
            OPEN, "True when the declarer's cards are open (ouvert, or after a claim).")
        claim_pending = _setup_property(CLAIM, "True while a claim awaits the defenders.")
        event_seat_index = _setup_property(
            EVENT, "The seat of the server event (time-out, leaving) that ended the deal, "
                   "-1 if none (D-18).")

    # ----- derived raw views -----------------------------------------------------------
    @property
    def taken_masks(self) -> tuple[int, int, int]:
        """The cards each seat has won in tricks, as masks."""
        return taken_masks(self[TAKEN])

    @property
    def trick_counts(self) -> tuple[int, int, int]:
        """How many tricks each seat has won."""
        return trick_counts(self[TAKEN])

    # ----- friendly views ----------------------------------------------------------------
    @property
    def to_move(self) -> Seat | None:
        """Whose turn it is (``None`` when finished)."""
        m = self[MOVER]
        return SEATS[m] if m >= 0 else None

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet]:
        """The cards each seat holds now."""
        h = self[HANDS]
        return (unchecked_set(h[0]), unchecked_set(h[1]), unchecked_set(h[2]))

    def hand(self, seat: Seat | int) -> CardSet:
        """The cards ``seat`` holds now.

        >>> from skatlib import Deal, new_game
        >>> len(new_game(Deal.shuffled(1)).hand(2))
        10
        """
        return unchecked_set(self[HANDS][seat_index(seat)])

    @property
    def skat(self) -> CardSet:
        """The skat as it lies now: the dealt skat, nothing while the declarer
        holds it after a pickup (then the cards he has put away so far), then the
        two cards he put away."""
        return unchecked_set(self[SKAT])

    @property
    def declarer(self) -> Seat | None:
        """The declarer, once bidding is over (``None`` if passed in or Ramsch)."""
        d = self[DECL]
        return SEATS[d] if d >= 0 else None

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards played to the unfinished trick, in order."""
        return tuple(map(CARDS.__getitem__, self[TRICK]))

    @property
    def leader(self) -> Seat:
        """Who leads (or led) the current trick."""
        return SEATS[self[LEADER]]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order (shared between consecutive states)."""
        return tricks_of(self[TRICKS])

    def points_taken(self, seat: Seat | int) -> int:
        """Card points in the tricks ``seat`` has won (without the skat)."""
        return T.mask_points(self[TAKEN] >> (seat_index(seat) << 5) & 0xFFFFFFFF)

    @property
    def is_ramsch(self) -> bool:
        """True when the deal is (being) played as Ramsch."""
        return bool(self[GT] == 6 or self[PHASE] == P_PUSHING)

    @property
    def ramsch_round(self) -> bool:
        """True when the deal skipped the bidding: a Ramsch round started with
        ``new_game(..., ramsch=True)`` (D-16/D-17), as opposed to a deal that was
        bid (and perhaps turned into Ramsch when all three passed).

        >>> from skatlib import Deal, PUB, new_game
        >>> new_game(Deal.shuffled(1), PUB, ramsch=True).ramsch_round
        True
        >>> new_game(Deal.shuffled(1), PUB).ramsch_round
        False
        """
        # bidding starts with an asker and ends with at least one seat passed; only
        # a Ramsch round has neither
        setup = self[SETUP]
        return bool(setup[ASKER] < 0 and setup[PASSED] == 0)

    @property
    def is_finished(self) -> bool:
        """True when the deal is over."""
        return bool(self[PHASE] == P_FINISHED)

    # ----- aliases for the free functions ----------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Alias of :func:`~skatlib.legal_actions`."""
        return _LATE.machine.legal_actions(self)  # type: ignore[no-any-return]

    def side_actions(self, seat: Seat | int | None = None) -> tuple[Action, ...]:
        """Alias of :func:`~skatlib.side_actions`."""
        return _LATE.machine.side_actions(self, seat)  # type: ignore[no-any-return]

    def is_legal(self, action: object) -> bool:
        """Alias of :func:`~skatlib.is_legal`."""
        return _LATE.machine.is_legal(self, action)  # type: ignore[no-any-return]

    def apply(self, action: Action, *, check: bool = True) -> GameState:
        """Alias of :func:`~skatlib.apply`."""
        return _LATE.machine.apply(self, action, check=check)  # type: ignore[no-any-return]

    def result(self) -> Any:
        """Alias of :func:`~skatlib.result`."""
        return _LATE.result.result(self)

    # ----- positions and notation --------------------------------------------------------
    @classmethod
    def from_position(cls, deal: Deal, actions: Iterable[Action | tuple[Seat, Action]] | str,
                      *, rules: Rules | None = None, ramsch: bool = False) -> GameState:
        """The state that ``actions`` reach from ``deal``, every action checked as
        :func:`~skatlib.apply` checks it, except that the declared contract need not
        reach the bid (D-7): a hypothetical world (a sampled deal behind a real
        auction) may hold a contract its cards could not have declared.

        ``actions`` are actions, ``(seat, action)`` pairs (as in
        :attr:`history`; the seat is checked against the seat to move), or their
        text, space separated.  Hidden cards (a censored discard or push from an
        :class:`~skatlib.Observation`) must be filled in.

        :raises IllegalActionError: at the first action that is not legal.

        >>> from skatlib import Deal, GameState
        >>> s = GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT")
        >>> s.phase, s.contract, s.declarer
        (Phase.PLAYING, Contract.parse('G'), Seat.FOREHAND)
        """
        from ._machine import position

        return position(deal, actions, rules=rules, ramsch=ramsch)

    def actions(self) -> tuple[Action, ...]:
        """A sequence of actions that reaches this state from :func:`~skatlib.new_game`
        (its history, the cards in play order, then any claim, refusal, concession
        or server event; partial discards as :class:`~skatlib.Discard`).

        >>> from skatlib import Deal, new_game, apply, Bid, Hold
        >>> s = apply(apply(new_game(Deal.shuffled(1)), Bid(18)), Hold())
        >>> [str(a) for a in s.actions()]
        ['18', 'y']
        """
        from ._machine import actions_of

        return actions_of(self)

    def __repr__(self) -> str:
        from ..rules import PRESETS

        setup = self[SETUP]
        rules: Rules = setup[RULES]
        text = " ".join(str(a) for a in self.actions())
        extra = ""
        if rules != PRESETS["isko"]:
            name = next((k for k, r in PRESETS.items() if r == rules), None)
            extra = f", rules={name.upper() if name else repr(rules)}"
        if self.ramsch_round:
            extra += ", ramsch=True"
        return f"GameState.from_position({setup[DEAL]!r}, {text!r}{extra})"

    def _repr_html_(self) -> str:
        from ..display import state_html

        return state_html(self)


for _old, _new in _DEPRECATED.items():
    setattr(GameState, _old, _deprecated_property(_old, _new))
del _old, _new


def illegal(state: GameState, action: object, why: str, reason: Reason,
            legal: tuple[str, ...] | None = None) -> IllegalActionError:
    """The error for an illegal action; the list of legal actions (which can be
    long) is only worked out when the message or ``.legal`` is read."""
    mover = state[MOVER]
    who = SEATS[mover].title.lower() if mover >= 0 else "nobody"
    msg = (f"illegal action {_text(action)!r} in {state[PHASE].name.lower()} "
           f"({who} to move): {why}")
    return IllegalActionError(msg, reason, action=action,
                              legal=(lambda: _legal_text(state)) if legal is None else legal)


def _text(action: object) -> str:
    try:
        return str(action)
    except Exception:  # an object whose __str__ fails must not hide the real error
        return object.__repr__(action)


def _legal_text(state: GameState) -> tuple[str, ...]:
    from ._machine import legal_actions

    return tuple(str(a) for a in legal_actions(state))


def set3(t: tuple[int, int, int], i: int, v: int) -> tuple[int, int, int]:
    """``t`` with item ``i`` replaced by ``v``."""
    if i == 0:
        return (v, t[1], t[2])
    if i == 1:
        return (t[0], v, t[2])
    return (t[0], t[1], v)
