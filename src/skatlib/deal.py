"""Seats and the deal (ISkO 3.2, D-12).

>>> d = Deal.shuffled(7)
>>> [len(h) for h in d.hands], len(d.skat)
([10, 10, 10], 2)
>>> Deal.shuffled(7) == d        # the same seed gives the same deal, in every version
True
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from . import _tables as T
from .cards import Card, CardSet, to_mask, unchecked_set
from .errors import (
    InvalidCardsError,
    NotationError,
    Reason,
    SkatError,
    as_int,
    as_iterator,
    as_seed,
    as_text,
    type_error,
)

if TYPE_CHECKING:
    import random

__all__ = ["Seat", "Deal", "deal_order"]


class Seat(enum.IntEnum):
    """Seats in a deal, counted from the dealer's left (D-12, ISkO 3.3.2).

    Forehand (Vorhand) leads the first trick and listens first in bidding;
    middlehand (Mittelhand) bids first; rearhand (Hinterhand) bids second.
    """

    FOREHAND = 0
    MIDDLEHAND = 1
    REARHAND = 2

    @property
    def german(self) -> str:
        """German name: Vorhand, Mittelhand, Hinterhand."""
        return ("Vorhand", "Mittelhand", "Hinterhand")[self]

    @property
    def title(self) -> str:
        """English name: Forehand, Middlehand, Rearhand."""
        return ("Forehand", "Middlehand", "Rearhand")[self]

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.title


def deal_order() -> tuple[int, ...]:
    """Who gets the i-th card of a shuffled deck: 0/1/2 for the seats, 3 for the
    skat.  Packets of 3 - skat 2 - 4 - 3, starting with forehand (ISkO 3.2).

    >>> deal_order()[:12]
    (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 0)
    """
    order: list[int] = []
    for size, receivers in ((3, (0, 1, 2)), (2, (3,)), (4, (0, 1, 2)), (3, (0, 1, 2))):
        for r in receivers:
            order.extend([r] * size)
    return tuple(order)


_DEAL_ORDER = deal_order()


_DEAL_STEPS = tuple((i, float(i + 1), _DEAL_ORDER[i]) for i in range(31, 0, -1))
"""The steps of :func:`_shuffled_masks`: position ``i`` (31 down to 1) swaps with
``floor(random() * (i + 1))`` and is then final, so its card goes to ``_DEAL_ORDER[i]``."""
_FIRST = _DEAL_ORDER[0]
_DECK = list(range(32))
_BITS = tuple(1 << c for c in range(32))
_floor = float.__floor__
"""``math.floor`` of a float, at the same cost, without importing :mod:`math` (an
import statement in :func:`_shuffled_masks` cost about 8 k instructions a deal)."""


def _shuffled_masks(rng: random.Random) -> list[int]:
    """The one shuffle of skatlib: Fisher-Yates on 0..31 using only
    ``rng.random()`` (whose sequence Python guarantees across versions, unlike
    ``shuffle``/``randrange``), dealt 3-2-4-3 (:func:`deal_order`) as it goes.
    Returns the masks of forehand, middlehand, rearhand and the skat.
    ``Deal.shuffled`` and ``skatlib.fast.random_deal`` both call it.

    >>> import random
    >>> [bin(m).count("1") for m in _shuffled_masks(random.Random(1))]
    [10, 10, 10, 2]
    """
    floor = _floor
    r = rng.random
    deck = _DECK[:]
    masks = [0, 0, 0, 0]
    bits = _BITS
    for i, n, who in _DEAL_STEPS:
        j = floor(r() * n)  # == int(r() * n) (r() >= 0), at half the cost
        masks[who] |= bits[deck[j]]  # position i is final: its card is dealt now
        deck[j] = deck[i]
    masks[_FIRST] |= bits[deck[0]]
    return masks


def _dealt_masks(deck: list[int]) -> list[int]:
    """The masks of forehand, middlehand, rearhand and the skat when ``deck`` (a
    permutation of 0..31, top first) is dealt by :func:`deal_order`."""
    masks = [0, 0, 0, 0]
    for who, card in zip(_DEAL_ORDER, deck):
        masks[who] |= 1 << card
    return masks


def _hands(
    value: tuple[CardSet, CardSet, CardSet] | list[CardSet],
) -> tuple[CardSet, CardSet, CardSet]:
    """The hands as a tuple (a list or other sequence is copied, never kept); the length
    and the cards are checked by :class:`Deal`."""
    hands = as_iterator(value, "hands", "a sequence of 3 CardSets", (str, bytes, CardSet))
    return tuple(itertools.islice(hands, 4))


@attrs.frozen(repr=False)
class Deal:
    """The three hands (forehand, middlehand, rearhand) and the skat.

    :raises InvalidCardsError: unless the hands have 10 cards each, the skat 2,
        and all 32 cards appear exactly once.

    >>> d = Deal.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8 / C7 SA ST SK SQ S9 S8 S7 HA HT / "
    ...                "HK HQ H9 H8 H7 DA DT DK DQ D9 / D8 D7")
    >>> d.hand(Seat.FOREHAND).points()
    36
    >>> Deal.parse(str(d)) == d
    True
    """

    hands: tuple[CardSet, CardSet, CardSet] = attrs.field(converter=_hands)
    skat: CardSet

    def __attrs_post_init__(self) -> None:
        if len(self.hands) != 3:
            raise InvalidCardsError(
                f"a deal has 3 hands, not {len(self.hands)}", Reason.WRONG_CARD_COUNT
            )
        seen = 0
        for seat, hand in zip(("forehand", "middlehand", "rearhand"), self.hands):
            if not isinstance(hand, CardSet):
                raise type_error(f"hands ({seat})", "a CardSet", hand)
            if len(hand) != 10:
                raise InvalidCardsError(
                    f"the {seat} hand has {len(hand)} cards, a hand has 10: {hand}",
                    Reason.WRONG_CARD_COUNT,
                )
            if seen & hand.mask:
                raise InvalidCardsError(
                    f"card(s) {CardSet(seen & hand.mask)} dealt twice", Reason.DUPLICATE_CARD
                )
            seen |= hand.mask
        if not isinstance(self.skat, CardSet):
            raise type_error("skat", "a CardSet", self.skat)
        if len(self.skat) != 2:
            raise InvalidCardsError(
                f"the skat has 2 cards, not {self.skat}", Reason.WRONG_CARD_COUNT
            )
        if seen & self.skat.mask:
            raise InvalidCardsError(
                f"card(s) {CardSet(seen & self.skat.mask)} dealt twice", Reason.DUPLICATE_CARD
            )

    @classmethod
    def from_hands(
        cls,
        forehand: CardSet | Iterable[Card] | str,
        middlehand: CardSet | Iterable[Card] | str,
        rearhand: CardSet | Iterable[Card] | str,
        skat: CardSet | Iterable[Card] | str,
    ) -> Deal:
        """A deal from explicit hands (anything :func:`~skatlib.to_mask` accepts)."""
        return cls(
            (CardSet(to_mask(forehand)), CardSet(to_mask(middlehand)),
             CardSet(to_mask(rearhand))),
            CardSet(to_mask(skat)),
        )

    @classmethod
    def shuffled(cls, rng_or_seed: random.Random | int | str | None = None) -> Deal:
        """A random deal.  With an int or str seed (or a seeded
        :class:`random.Random`) it is reproducible: the shuffle (Fisher-Yates
        over ``Random.random()``) and the 3-2-4-3 packet order are a stable
        contract, so a seed gives the same deal in every skatlib version.

        >>> print(Deal.shuffled(1))
        CQ C8 ST SQ S8 S7 HA H9 DA D9 / CJ DJ CA CT CK HT HK HQ H7 DQ /
        SJ HJ C9 C7 SA S9 H8 DK D8 D7 / SK DT
        """
        import random  # not at module level: ``import skatlib`` need not load it

        if isinstance(rng_or_seed, random.Random):
            rng = rng_or_seed
        elif rng_or_seed is None or isinstance(rng_or_seed, str):
            rng = random.Random(rng_or_seed)
        else:
            # random.seed(-n) is random.seed(n): two seeds, one deal -- refused
            rng = random.Random(as_seed(rng_or_seed, "rng_or_seed",
                                        "a random.Random, an int or str seed, or None", "deal"))
        # a permutation of 0..31 dealt by _DEAL_ORDER: valid by construction, so the
        # deal is built without from_order's checks (which dominated its cost)
        return _unchecked(cls, _shuffled_masks(rng))

    @classmethod
    def from_order(cls, deck: Iterable[Card | int]) -> Deal:
        """Deal a deck (32 distinct cards, top first) in packets of 3-2-4-3 from
        forehand (ISkO 3.2)."""
        # at most 33 cards are read: an endless iterable is not read forever
        cards = list(itertools.islice(as_iterator(deck, "deck", "an iterable of 32 cards"), 33))
        if len(cards) != 32:
            raise InvalidCardsError(f"a deck has 32 cards, not {len(cards)}"
                                    + (" or more" if len(cards) > 32 else ""),
                                    Reason.WRONG_CARD_COUNT)
        to_mask(cards)  # validates distinct cards
        masks = _dealt_masks([int(c) for c in cards])
        return cls((CardSet(masks[0]), CardSet(masks[1]), CardSet(masks[2])), CardSet(masks[3]))

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Parse ``'<forehand> / <middlehand> / <rearhand> / <skat>'`` or the ISS
        form of 32 cards joined by dots (hands in seat order, then the skat)."""
        as_text(text, "text")
        parts = text.split("/") if "/" in text else None
        if parts is None:
            tokens = text.replace(".", " ").split()
            if len(tokens) != 32:  # counted before parsing: a huge text costs no parse
                raise InvalidCardsError(
                    f"a deal lists 32 cards, not {len(tokens)}", Reason.WRONG_CARD_COUNT
                )
            cards = [Card.parse(t) for t in tokens]
            return cls.from_hands(cards[0:10], cards[10:20], cards[20:30], cards[30:32])
        if len(parts) != 4:
            raise NotationError(
                f"a deal has 4 parts separated by '/', not {len(parts)}: {text!r}"
            )
        return cls.from_hands(*(CardSet.parse(p) for p in parts))

    def hand(self, seat: Seat | int) -> CardSet:
        """The cards dealt to ``seat``."""
        return self.hands[_seat(seat)]

    @property
    def masks(self) -> tuple[int, int, int]:
        """The hands as int masks."""
        return (self.hands[0].mask, self.hands[1].mask, self.hands[2].mask)

    def to_iss(self) -> str:
        """The ISS deal string: 32 cards joined by dots (seat 0, 1, 2, skat)."""
        return ".".join(
            c.name for part in (*self.hands, self.skat) for c in part.sorted()
        )

    def __str__(self) -> str:
        return " / ".join(str(h) for h in (*self.hands, self.skat))

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"


def _unchecked(cls: type[Deal], masks: list[int]) -> Deal:
    """A :class:`Deal` from four masks known to partition the deck (no checks)."""
    d = object.__new__(cls)
    hands = (unchecked_set(masks[0]), unchecked_set(masks[1]), unchecked_set(masks[2]))
    object.__setattr__(d, "hands", hands)
    object.__setattr__(d, "skat", unchecked_set(masks[3]))
    return d


def _seat(seat: Seat | int, name: str = "seat",
          error: type[SkatError] = InvalidCardsError) -> int:
    """A seat index 0..2 (the one check of a seat argument).

    :raises TypeError: if ``seat`` is not a Seat or an int.
    :raises SkatError: ``error`` (``BAD_SEAT``) outside 0..2.
    """
    i = as_int(seat, name, "a Seat or an int 0..2")
    if not 0 <= i <= 2:
        raise error(
            f"{name} {i!r} is not a seat: use Seat.FOREHAND, MIDDLEHAND or REARHAND (0..2)",
            Reason.BAD_SEAT,
        )
    return i


_ = T  # tables are used through CardSet
