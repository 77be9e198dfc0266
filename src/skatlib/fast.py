"""The speed layer: random playouts and a make/unmake engine on raw ints.

Everything here works on the raw representation of the rules kernel: a hand is
an ``int`` mask (bit ``c`` set = card index ``c`` held, see
:class:`~skatlib.Card`), a game type is an ``int`` 0..6 (``GameType``), a seat
is 0, 1, 2.  There is no validation, no :class:`~skatlib.CardSet` and no
action objects, and every rule comes from the same import-time tables
(``skatlib._tables``: ``FOLLOW``, ``KEY``, points) that :func:`~skatlib.legal_cards`
and :class:`~skatlib.GameState` use, so the fast path cannot drift from the
friendly one; ``tests/test_fast.py`` proves them equal on random deals.

Which tool for which job (costs per card on CPython 3.11, 2-core machine;
``benchmarks/run.py`` measures them):

* :class:`~skatlib.GameState` + :func:`~skatlib.apply` — the canonical API:
  whole deals from bidding to scoring, immutable, hashable, checked.  Use it
  unless a profile says otherwise.  ``legal_actions`` plus
  ``apply(state, action, check=False)`` cost several µs a card.
* :class:`Engine` — card play only, mutable, :meth:`~Engine.push` /
  :meth:`~Engine.pop` (make/unmake) for tree search (alpha-beta, double-dummy
  solvers, MCTS): no state object per card, about 1 µs a card, 5-10 times the
  ``GameState`` path.  Build it from a ``GameState`` in the playing phase
  with :meth:`Engine.from_state`.
* :func:`random_playout` / :func:`random_grand_game` — a whole random card
  play in one call (about 0.4 µs a card, twice the ``Engine``), for
  Monte-Carlo evaluation and benchmarks; nothing to undo, so nothing is
  recorded.
* :func:`random_card` / :func:`random_deal` — the building blocks: a uniform
  legal card without building a list, and :meth:`Deal.shuffled
  <skatlib.Deal.shuffled>`'s deal as four masks.

Random choices follow one convention everywhere, so a seeded run is
reproducible across all these paths: a choice among ``n > 1`` cards draws one
``rng.random()`` and takes the ``floor(random() * n)``-th card in ascending
card index order; a forced card (``n == 1``) draws nothing.

>>> import random
>>> from skatlib import Deal
>>> from skatlib.fast import random_deal, random_playout
>>> fh, mh, rh, skat = random_deal(random.Random(7))
>>> Deal.shuffled(random.Random(7)).masks == (fh, mh, rh)
True
>>> points, tricks = random_playout((fh, mh, rh), 4, 0, 0, random.Random(1))  # grand
>>> 0 <= points <= 120 and 0 <= tricks <= 10
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import _tables as T
from .contract import game_type_index
from .deal import _shuffled_masks
from .errors import IllegalActionError, Reason
from .state import GameState, Phase

__all__ = [
    "random_deal",
    "random_card",
    "random_playout",
    "random_grand_game",
    "Engine",
]

_FOLLOW = T.FOLLOW
_KEY = T.KEY
_BIT = tuple(1 << c for c in range(T.N_CARDS))
_NEXT = (1, 2, 0)
_PREV = (2, 0, 1)
_mask_points = T.mask_points
_winner = T.trick_winner_fast
_pack = T.pack_trick
_unpack = T.unpack_trick



def random_deal(rng: random.Random) -> tuple[int, int, int, int]:
    """A uniformly random deal as masks ``(forehand, middlehand, rearhand, skat)``.

    It draws the same random numbers and deals the same cards as
    :meth:`Deal.shuffled(rng) <skatlib.Deal.shuffled>` (Fisher-Yates over
    ``rng.random()``, packets 3-2-4-3: the one shuffle,
    ``skatlib.deal._shuffled_masks``), without building the objects.

    >>> import random
    >>> from skatlib import Deal
    >>> d = Deal.shuffled(random.Random(3))
    >>> random_deal(random.Random(3)) == (*d.masks, d.skat.mask)
    True
    """
    masks = _shuffled_masks(rng)
    return masks[0], masks[1], masks[2], masks[3]


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random card index from the non-empty ``mask``, without
    building a list: the ``floor(rng.random() * n)``-th set bit, counted from
    the lowest.  A single card draws no random number.

    >>> import random
    >>> from skatlib import Card, CardSet, legal_cards_mask
    >>> hand = CardSet.parse("CJ SA ST S7 HK")
    >>> legal = legal_cards_mask(4, hand.mask, Card.S8)   # grand, S8 led
    >>> Card(random_card(legal, random.Random(2))) in CardSet.parse("SA ST S7")
    True
    >>> Card(random_card(Card.HK.mask, random.Random(2))).name
    'HK'
    """
    if mask & (mask - 1):
        x = rng.random() * mask.bit_count()
        while x >= 1.0:
            mask &= mask - 1
            x -= 1.0
    return (mask & -mask).bit_length() - 1


def random_playout(
    hands: Sequence[int], game_type: int, declarer: int, leader: int, rng: random.Random
) -> tuple[int, int]:
    """Play the remaining tricks at random; return the declarer's
    ``(card points, tricks)`` from those tricks (the skat not included).

    ``hands`` are the three seats' masks, all of the same size, at the start of
    a trick that ``leader`` leads; every seat plays a uniformly random legal
    card (ISkO 4.2: follow suit, trumps with the jacks, when able).  All tricks
    are played: there is no early end (a null declarer's first trick or a
    schwarz announcement's failure end a real deal; use :class:`Engine` or
    :class:`~skatlib.GameState` when that matters, or test ``tricks``).
    Nothing is validated.  ``hands`` is not changed.

    >>> import random
    >>> from skatlib import CardSet
    >>> fh, mh, rh = (CardSet.parse(t).mask for t in ("CJ SJ", "HJ DJ", "CA CT"))
    >>> random_playout((fh, mh, rh), 4, 0, 0, random.Random(1))   # grand: jacks win
    (29, 2)
    """
    follow = _FOLLOW[game_type]
    key = _KEY[game_type]
    r = rng.random
    h = list(hands)
    p = leader
    dmask = 0
    dtricks = 0
    left = h[p].bit_count()
    if not left:
        return 0, 0
    # every trick but the last: the leader always has a choice
    for n in range(left, 1, -1):
        m = h[p]
        x = r() * n
        while x >= 1.0:
            m &= m - 1
            x -= 1.0
        b0 = m & -m
        h[p] ^= b0
        c0 = b0.bit_length() - 1
        f = follow[c0]
        p1 = _NEXT[p]
        m = h[p1]
        m = m & f or m
        if m & (m - 1):
            x = r() * m.bit_count()
            while x >= 1.0:
                m &= m - 1
                x -= 1.0
            m &= -m
        b1 = m
        h[p1] ^= m
        p2 = _NEXT[p1]
        m = h[p2]
        m = m & f or m
        if m & (m - 1):
            x = r() * m.bit_count()
            while x >= 1.0:
                m &= m - 1
                x -= 1.0
            m &= -m
        h[p2] ^= m
        # trick winner: inlined copy of _tables.trick_winner_fast (tests/test_fast.py
        # proves random_playout equal to the Engine, which calls it)
        kk = key[c0]
        k0 = kk[c0]
        k1 = kk[b1.bit_length() - 1]
        k2 = kk[m.bit_length() - 1]
        if k1 > k0:
            p = p2 if k2 > k1 else p1
        elif k2 > k0:
            p = p2
        if p == declarer:
            dmask |= b0 | b1 | m
            dtricks += 1
    # the last trick: every card is forced (the winner again as trick_winner_fast)
    b0, b1, b2 = h[p], h[_NEXT[p]], h[_PREV[p]]
    c0 = b0.bit_length() - 1
    kk = key[c0]
    k0 = kk[c0]
    k1 = kk[b1.bit_length() - 1]
    k2 = kk[b2.bit_length() - 1]
    if k1 > k0:
        p = _PREV[p] if k2 > k1 else _NEXT[p]
    elif k2 > k0:
        p = _PREV[p]
    if p == declarer:
        dmask |= b0 | b1 | b2
        dtricks += 1
    return _mask_points(dmask), dtricks


def random_grand_game(rng: random.Random) -> int:
    """One random game by OpenSpiel's benchmark protocol; returns the
    declarer's card points (tricks plus the two cards he put away).

    The protocol: deal (as :func:`random_deal`); forehand declares and picks up
    the skat, puts away two random cards of his twelve and plays grand; every
    card is a uniformly random legal card; forehand leads the first trick.
    This is the figure ``benchmarks/run.py`` compares with OpenSpiel.

    >>> import random
    >>> rng = random.Random(5)
    >>> points = [random_grand_game(rng) for _ in range(1000)]
    >>> min(points) >= 0 and max(points) <= 120
    True
    """
    r = rng.random
    h0, h1, h2, skat = random_deal(rng)
    m = h0 | skat
    # put away two random cards of the twelve (the same pick as random_card)
    discard = 0
    for n in (12.0, 11.0):
        x = r() * n
        k = m
        while x >= 1.0:
            k &= k - 1
            x -= 1.0
        k &= -k
        discard |= k
        m ^= k
    points, _ = random_playout((m, h1, h2), T.GRAND, 0, 0, rng)
    return points + _mask_points(discard)


class Engine:
    """Card play as a mutable make/unmake engine for search.

    :meth:`push` plays a card in place, :meth:`pop` takes back the last one:
    no objects are built per card, so a search explores millions of nodes
    without garbage.  It holds only what card play needs; the deal ends as
    :func:`~skatlib.apply` ends it (all ten tricks, a null declarer's trick,
    a defenders' trick against schwarz announced or ouvert).  It does not
    know bidding, concessions or scoring: go back to the
    :class:`~skatlib.GameState` for those.

    The fields are public for speed and must be treated as read-only:
    ``hands`` (three masks), ``trick`` (cards of the unfinished trick, in
    order), ``leader``, ``to_move`` (``-1`` once finished), ``taken`` (cards
    won per seat), ``trick_counts``, ``tricks`` (completed tricks packed by
    ``skatlib._tables.pack_trick``, like ``GameState.packed_tricks``), ``finished``.

    ``push`` does not check legality (like :func:`~skatlib.apply` with
    ``check=False``): pick from :meth:`legal_mask`.

    >>> from skatlib import (Bid, Card, CardSet, Contract, Deal, Declare, Pass, PlayHand,
    ...                      apply, new_game)
    >>> s = new_game(Deal.shuffled(4))
    >>> for a in (Pass(), Pass(), Bid(18), PlayHand(), Declare(Contract.parse("GH"))):
    ...     s = apply(s, a)       # forehand plays grand hand
    >>> e = Engine.from_state(s)
    >>> CardSet(e.legal_mask())
    CardSet.parse('SJ CK CQ C9 C8 ST SK S9 S8 HK')
    >>> e.push(Card.ST)
    >>> CardSet(e.legal_mask())   # middlehand must follow spades
    CardSet.parse('SQ S7')
    >>> e.push(Card.S7)
    >>> e.trick == [Card.ST, Card.S7], e.to_move
    (True, 2)
    >>> e.pop() == Card.S7, e.pop() == Card.ST, e.trick, e.to_move
    (True, True, [], 0)

    A depth-first search visits every card sequence of the last tricks with
    ``push``/``pop`` and leaves the engine as it found it:

    >>> import random
    >>> rng = random.Random(0)
    >>> while len(e.tricks) < 8:
    ...     e.push(random_card(e.legal_mask(), rng))
    >>> def leaves(e: Engine) -> int:
    ...     if e.finished:
    ...         return 1
    ...     n, m = 0, e.legal_mask()
    ...     while m:
    ...         low = m & -m
    ...         e.push(low.bit_length() - 1)
    ...         n += leaves(e)
    ...         e.pop()
    ...         m ^= low
    ...     return n
    >>> before = (e.hands[:], e.tricks[:], e.to_move)
    >>> leaves(e) > 0, (e.hands, e.tricks, e.to_move) == before
    (True, True)
    """

    __slots__ = (
        "_ends",
        "_follow",
        "_plies",
        "declarer",
        "finished",
        "game_type",
        "hands",
        "leader",
        "schwarz",
        "taken",
        "to_move",
        "trick",
        "trick_counts",
        "tricks",
    )

    def __init__(
        self,
        hands: Sequence[int],
        game_type: int,
        declarer: int,
        leader: int = 0,
        *,
        schwarz: bool = False,
    ) -> None:
        """Start at the first card of a trick that ``leader`` leads.

        :param hands: the three seats' masks (not validated).
        :param game_type: 0..6 (checked once here; the moves are not).
        :param schwarz: the defenders' first trick ends the deal (schwarz
            announced, or suit/grand ouvert).
        :raises InvalidContractError: for a game type outside 0..6.
        """
        self.game_type = game_type_index(game_type)
        self.declarer = int(declarer)
        self.schwarz = bool(schwarz)
        self.hands = [int(hands[0]), int(hands[1]), int(hands[2])]
        self.trick: list[int] = []
        self.leader = int(leader)
        self.to_move = int(leader)
        self.taken = [0, 0, 0]
        self.trick_counts = [0, 0, 0]
        self.tricks: list[int] = []
        self.finished = False
        self._plies = 0
        self._follow = _FOLLOW[self.game_type]
        # _ends[w]: a trick won by seat w ends the deal (D-10, from _tables.ends_early)
        self._ends = tuple(T.ends_early(self.game_type, self.declarer, w, self.schwarz)
                           for w in range(3))

    @classmethod
    def from_state(cls, state: GameState) -> Engine:
        """An engine at ``state``, which must be in the playing phase.  Cards
        played before are part of the position: :meth:`pop` does not go back
        beyond it.

        :raises IllegalActionError: if ``state`` is not in the playing phase.
        """
        if state.phase != Phase.PLAYING or (state.contract is None
                                            and state.game_type_index != T.RAMSCH):
            raise IllegalActionError(
                f"an Engine starts from a state in the playing phase, not "
                f"{state.phase.name.lower()}",
                Reason.WRONG_PHASE,
            )
        c = state.contract
        e = cls(state.hand_masks, state.game_type_index, state.declarer_index,
                state.leader_index, schwarz=c is not None and c.schwarz)
        e.trick = list(state.trick_cards)
        e.to_move = state.to_move_index
        e.taken = list(state.taken_masks)
        e.trick_counts = list(state.trick_counts)
        e.tricks = list(state.packed_tricks)
        return e

    def copy(self) -> Engine:
        """An independent copy of the position (its :meth:`pop` history starts
        empty)."""
        e = Engine.__new__(Engine)
        e.game_type = self.game_type
        e.declarer = self.declarer
        e.schwarz = self.schwarz
        e.hands = self.hands[:]
        e.trick = self.trick[:]
        e.leader = self.leader
        e.to_move = self.to_move
        e.taken = self.taken[:]
        e.trick_counts = self.trick_counts[:]
        e.tricks = self.tricks[:]
        e.finished = self.finished
        e._plies = 0
        e._follow = self._follow
        e._ends = self._ends
        return e

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a mask (0 once finished)."""
        if self.finished:
            return 0
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        follow = hand & self._follow[self.trick[0]]
        return follow if follow else hand

    def legal_cards(self) -> list[int]:
        """The legal card indices, lowest first."""
        return T.mask_cards(self.legal_mask())

    def push(self, card: int) -> None:
        """The seat to move plays ``card`` (unchecked: pick it from
        :meth:`legal_mask`)."""
        seat = self.to_move
        bit = _BIT[card]
        self.hands[seat] ^= bit
        trick = self.trick
        trick.append(card)
        self._plies += 1
        if len(trick) < 3:
            self.to_move = _NEXT[seat]
            return
        c0, c1, c2 = trick
        leader = self.leader
        w = (leader + _winner(self.game_type, c0, c1, c2)) % 3
        self.taken[w] |= _BIT[c0] | _BIT[c1] | bit
        self.trick_counts[w] += 1
        tricks = self.tricks
        tricks.append(_pack(leader, c0, c1, c2, self.game_type))
        self.trick = []
        self.leader = w
        if len(tricks) == 10 or self._ends[w]:
            self.finished = True
            self.to_move = -1
        else:
            self.to_move = w

    def pop(self) -> int:
        """Take back the last card pushed; return it.

        :raises IndexError: if no card was pushed since the engine was built.
        """
        if not self._plies:
            raise IndexError("pop from an Engine with no card pushed")
        self._plies -= 1
        trick = self.trick
        if trick:
            card = trick.pop()
            seat = _PREV[self.to_move]
            self.hands[seat] |= _BIT[card]
            self.to_move = seat
            return card
        # the last push completed a trick
        leader, c0, c1, card, w = _unpack(self.tricks.pop())
        self.taken[w] ^= _BIT[c0] | _BIT[c1] | _BIT[card]
        self.trick_counts[w] -= 1
        self.trick = [c0, c1]
        self.leader = leader
        seat = _PREV[leader]
        self.hands[seat] |= _BIT[card]
        self.to_move = seat
        self.finished = False
        return card

    def declarer_points(self) -> int:
        """Card points in the declarer's tricks so far (the skat not included)."""
        return _mask_points(self.taken[self.declarer])

    def declarer_tricks(self) -> int:
        """Tricks the declarer has won so far."""
        return self.trick_counts[self.declarer]

    def __repr__(self) -> str:
        return (f"<Engine game_type={self.game_type} declarer={self.declarer} "
                f"tricks={len(self.tricks)} trick={self.trick} to_move={self.to_move}>")
