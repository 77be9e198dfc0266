"""Cards and sets of cards.

A :class:`Card` is an :class:`~enum.IntEnum` whose value is the card index
``8 * suit + rank`` (0..31), so it can be used directly wherever the fast
kernel expects an int.  A :class:`CardSet` is an immutable set of cards backed
by a 32-bit mask.

>>> Card.parse("CJ"), Card.parse("♣J"), Card.parse("Kreuz Bube"), Card.parse("Eichel Unter")
(Card.CJ, Card.CJ, Card.CJ, Card.CJ)
>>> str(Card.ST), Card.ST.points
('ST', 10)
>>> hand = CardSet.parse("CJ SJ HA HT")
>>> len(hand), Card.HA in hand, hand.points()
(4, True, 25)
>>> print(hand | CardSet.parse("D7"))
CJ SJ HA HT D7
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Set

import attrs

from . import _tables as T
from .contract import GameType
from .errors import InvalidCardsError, NotationError, Reason

__all__ = ["Suit", "Rank", "Card", "CardSet", "DECK", "CardsLike", "to_mask"]


class Suit(enum.IntEnum):
    """The four suits, valued as in the card index (and in bidding order)."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``'♣'``."""
        return "♦♥♠♣"[self]

    @property
    def letter(self) -> str:
        """The ISS letter, e.g. ``'C'``."""
        return "DHSC"[self]

    @property
    def german(self) -> str:
        """The German (French-suited) name, e.g. ``'Kreuz'``."""
        return ("Karo", "Herz", "Pik", "Kreuz")[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """The eight ranks, valued as in the card index (suit-game strength order)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    QUEEN = 3
    KING = 4
    TEN = 5
    ACE = 6
    JACK = 7

    @property
    def letter(self) -> str:
        """The ISS letter, e.g. ``'T'`` for the ten."""
        return "789QKTAJ"[self]

    @property
    def points(self) -> int:
        """Card points: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0 (ISkO 1.2.2)."""
        return T.RANK_POINTS[self]

    @property
    def german(self) -> str:
        """The German name, e.g. ``'Bube'``."""
        return ("Sieben", "Acht", "Neun", "Dame", "König", "Zehn", "Ass", "Bube")[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.letter


class Card(enum.IntEnum):
    """One of the 32 cards; its value is ``8 * suit + rank``.

    >>> Card.CJ.suit, Card.CJ.rank, int(Card.CJ)
    (Suit.CLUBS, Rank.JACK, 31)
    >>> Card.of(Suit.HEARTS, Rank.TEN)
    Card.HT
    >>> Card.HT.symbol(), Card.HT.german()
    ('♥10', 'Herz Zehn')
    """

    D7 = 0
    D8 = 1
    D9 = 2
    DQ = 3
    DK = 4
    DT = 5
    DA = 6
    DJ = 7
    H7 = 8
    H8 = 9
    H9 = 10
    HQ = 11
    HK = 12
    HT = 13
    HA = 14
    HJ = 15
    S7 = 16
    S8 = 17
    S9 = 18
    SQ = 19
    SK = 20
    ST = 21
    SA = 22
    SJ = 23
    C7 = 24
    C8 = 25
    C9 = 26
    CQ = 27
    CK = 28
    CT = 29
    CA = 30
    CJ = 31

    @classmethod
    def of(cls, suit: Suit | int, rank: Rank | int) -> Card:
        """The card of a suit and a rank."""
        return _CARDS[8 * int(suit) + int(rank)]

    @property
    def suit(self) -> Suit:
        """The printed suit (a jack's printed suit, not its trump role)."""
        return Suit(self >> 3)

    @property
    def rank(self) -> Rank:
        """The rank."""
        return Rank(self & 7)

    @property
    def points(self) -> int:
        """Card points (ISkO 1.2.2)."""
        return T.CARD_POINTS[self]

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self

    def symbol(self) -> str:
        """Unicode form with the suit symbol and ``10`` for the ten, e.g. ``'♣J'``."""
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return self.suit.symbol + rank

    def german(self, *, german_suits: bool = False) -> str:
        """German name: ``'Kreuz Bube'``, or with German suits ``'Eichel Unter'``."""
        if german_suits:
            suit = ("Schellen", "Herz", "Grün", "Eichel")[self.suit]
            rank = ("Sieben", "Acht", "Neun", "Ober", "König", "Zehn", "Daus", "Unter")[self.rank]
            return f"{suit} {rank}"
        return f"{self.suit.german} {self.rank.german}"

    def english(self) -> str:
        """English name, e.g. ``'Jack of Clubs'``."""
        rank = ("Seven", "Eight", "Nine", "Queen", "King", "Ten", "Ace", "Jack")[self.rank]
        suit = ("Diamonds", "Hearts", "Spades", "Clubs")[self.suit]
        return f"{rank} of {suit}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card from ISS code (``'CJ'``, ``'ST'``), a Unicode symbol
        (``'♣J'``, ``'♠10'``), or a German or English name (``'Kreuz Bube'``,
        ``'Eichel Unter'``, ``'jack of clubs'``).  Case-insensitive.

        :raises NotationError: if the text names no card.

        >>> Card.parse("s10"), Card.parse("Herz Ass"), Card.parse("ten of spades")
        (Card.ST, Card.HA, Card.ST)
        """
        if not isinstance(text, str):
            raise NotationError(f"card must be given as text, not {text!r}", Reason.UNKNOWN_CARD)
        card = _NAMES.get(_normalise(text))
        if card is None:
            raise NotationError(
                f"unknown card {text!r}: use a suit letter C/S/H/D (or ♣♠♥♦, or a German/"
                "English suit name) and a rank A/T/K/Q/J/9/8/7 (or 10), e.g. 'CJ', '♠10', "
                "'Kreuz Bube'",
                Reason.UNKNOWN_CARD,
            )
        return card

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _card_repr_html(self: Card) -> str:
    """A coloured card for Jupyter."""
    from .display import cards_html

    return cards_html([self])


# Enum reserves _sunder_ names in the class body, so attach it afterwards
setattr(Card, "_repr_html_", _card_repr_html)  # noqa: B010

_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(32))


def _normalise(text: str) -> str:
    words = re.split(r"[\s\-_/]+", text.strip().lower())
    return "".join(w for w in words if w not in ("of", "de", ""))


def _build_names() -> dict[str, Card]:
    suits: list[list[str]] = [
        ["d", "♦", "♢", "diamonds", "diamond", "karo", "schellen", "schelle", "bells", "bell"],
        ["h", "♥", "♡", "hearts", "heart", "herz", "rot"],
        ["s", "♠", "♤", "spades", "spade", "pik", "grün", "grun", "gruen", "laub", "blatt",
         "leaves", "leaf"],
        ["c", "♣", "♧", "clubs", "club", "kreuz", "eichel", "eicheln", "acorns", "acorn"],
    ]
    ranks: list[list[str]] = [
        ["7", "sieben", "seven"],
        ["8", "acht", "eight"],
        ["9", "neun", "nine"],
        ["q", "d", "dame", "ober", "queen", "o"],
        ["k", "könig", "koenig", "konig", "king"],
        ["t", "10", "zehn", "ten"],
        ["a", "ass", "as", "daus", "ace"],
        ["j", "b", "u", "bube", "unter", "jack"],
    ]
    names: dict[str, Card] = {}
    for s, suit_words in enumerate(suits):
        for r, rank_words in enumerate(ranks):
            card = _CARDS[8 * s + r]
            for sw in suit_words:
                for rw in rank_words:
                    for key in (sw + rw, rw + sw):
                        # single-letter German abbreviations ('d' = Dame) only after the suit
                        if key == rw + sw and len(rw) == 1 and len(sw) == 1 and rw in "dbuo":
                            continue
                        names.setdefault(key, card)
    # the ISS / canonical code always wins
    for card in _CARDS:
        names[card.name.lower()] = card
    return names


_NAMES = _build_names()

CardsLike = "CardSet | Iterable[Card | int] | int | str"


def to_mask(
    cards: CardSet | Iterable[Card | int | str] | int | str, *, distinct: bool = True
) -> int:
    """A 32-bit mask from a :class:`CardSet`, an int mask, text or an iterable of cards.

    :raises InvalidCardsError: on a duplicate card (when ``distinct``) or an index
        outside 0..31.
    :raises NotationError: on text that does not parse.

    >>> hex(to_mask([Card.CJ, Card.D7]))
    '0x80000001'
    """
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, Card):
        return 1 << cards
    if isinstance(cards, bool):
        raise InvalidCardsError(f"not a set of cards: {cards!r}", Reason.CARD_OUT_OF_RANGE)
    if isinstance(cards, int):
        if not 0 <= cards <= T.FULL:
            raise InvalidCardsError(
                f"card mask {cards!r} is outside 0..0xFFFFFFFF", Reason.CARD_OUT_OF_RANGE
            )
        return cards
    if isinstance(cards, str):
        return CardSet.parse(cards).mask
    mask = 0
    try:
        iterator = iter(cards)
    except TypeError:
        raise InvalidCardsError(
            f"not a set of cards: {cards!r}", Reason.CARD_OUT_OF_RANGE
        ) from None
    for c in iterator:
        if isinstance(c, str):
            c = Card.parse(c)
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 32:
            raise InvalidCardsError(
                f"{c!r} is not a card (expected a Card or an index 0..31)",
                Reason.CARD_OUT_OF_RANGE,
            )
        bit = 1 << c
        if distinct and mask & bit:
            raise InvalidCardsError(f"duplicate card {_CARDS[c]}", Reason.DUPLICATE_CARD)
        mask |= bit
    return mask


def _check_mask(instance: object, attribute: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= T.FULL:
        raise InvalidCardsError(
            f"card mask {value!r} is outside 0..0xFFFFFFFF", Reason.CARD_OUT_OF_RANGE
        )


@attrs.frozen(repr=False)
class CardSet(Set[Card]):  # type: ignore[override]
    """An immutable set of cards backed by a 32-bit mask.

    Iteration yields cards in the usual display order: jacks first (clubs,
    spades, hearts, diamonds), then clubs, spades, hearts, diamonds, each
    A 10 K Q 9 8 7.  Use :meth:`sorted` for the order of a given game type.

    >>> s = CardSet.parse("HA CJ D7 SJ")
    >>> list(s)
    [Card.CJ, Card.SJ, Card.HA, Card.D7]
    >>> s - CardSet.parse("D7")
    CardSet.parse('CJ SJ HA')
    >>> CardSet.parse("HJ H7 HA").sorted(GameType.NULL)
    [Card.HA, Card.HJ, Card.H7]
    """

    mask: int = attrs.field(default=0, validator=_check_mask)
    """The 32-bit mask; bit ``i`` is set when :class:`Card` ``i`` is in the set."""

    @classmethod
    def from_cards(cls, cards: Iterable[Card | int | str]) -> CardSet:
        """A set of distinct cards.

        :raises InvalidCardsError: on a duplicate or a non-card.
        """
        return cls(to_mask(cards))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse cards separated by spaces, commas or dots (ISS style ``'CJ.SJ'``).

        Multi-word names work too: ``'Kreuz Bube, Pik Bube'`` or
        ``'Kreuz Bube Pik Bube'``.

        :raises NotationError: on an unknown card.
        :raises InvalidCardsError: on a duplicate card.

        >>> CardSet.parse("CJ.SJ.HA")
        CardSet.parse('CJ SJ HA')
        >>> len(CardSet.parse("Kreuz Bube, Pik Dame"))
        2
        """
        if not isinstance(text, str):
            raise NotationError(f"card set must be given as text, not {text!r}")
        if re.search(r"[,;]", text):
            parts = [p for p in re.split(r"[,;]", text) if p.strip()]
            return cls.from_cards(Card.parse(p) for p in parts)
        tokens = [t for t in re.split(r"[\s.]+", text) if t]
        cards: list[Card] = []
        i = 0
        while i < len(tokens):
            for width in (1, 2, 3):
                if i + width > len(tokens):
                    continue  # not `break`: the else clause must report the token
                card = _NAMES.get(_normalise(" ".join(tokens[i : i + width])))
                if card is not None:
                    cards.append(card)
                    i += width
                    break
            else:
                Card.parse(tokens[i])  # raises with the standard message
        return cls.from_cards(cards)

    def __contains__(self, card: object) -> bool:
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 32:
            return bool(self.mask >> card & 1)
        return False

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        return (_CARDS[c] for c in T.DEFAULT_ORDER if mask >> c & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def _other(self, other: object) -> int | None:
        if isinstance(other, CardSet):
            return other.mask
        if isinstance(other, Set):
            try:
                return to_mask(other)
            except (InvalidCardsError, NotationError):
                return None
        return None

    def __or__(self, other: object) -> CardSet:
        m = self._other(other)
        if m is None:
            return NotImplemented
        return CardSet(self.mask | m)

    __ror__ = __or__

    def __and__(self, other: object) -> CardSet:
        m = self._other(other)
        if m is None:
            return NotImplemented
        return CardSet(self.mask & m)

    __rand__ = __and__

    def __sub__(self, other: object) -> CardSet:
        m = self._other(other)
        if m is None:
            return NotImplemented
        return CardSet(self.mask & ~m)

    def __rsub__(self, other: object) -> CardSet:
        m = self._other(other)
        if m is None:
            return NotImplemented
        return CardSet(m & ~self.mask)

    def __xor__(self, other: object) -> CardSet:
        m = self._other(other)
        if m is None:
            return NotImplemented
        return CardSet(self.mask ^ m)

    __rxor__ = __xor__

    def __invert__(self) -> CardSet:
        return CardSet(T.FULL & ~self.mask)

    def __le__(self, other: object) -> bool:  # type: ignore[override]
        m = self._other(other)
        if m is None:
            return NotImplemented
        return self.mask & ~m == 0

    def __ge__(self, other: object) -> bool:  # type: ignore[override]
        m = self._other(other)
        if m is None:
            return NotImplemented
        return m & ~self.mask == 0

    def __lt__(self, other: object) -> bool:  # type: ignore[override]
        m = self._other(other)
        if m is None:
            return NotImplemented
        return self.mask != m and self.mask & ~m == 0

    def __gt__(self, other: object) -> bool:  # type: ignore[override]
        m = self._other(other)
        if m is None:
            return NotImplemented
        return self.mask != m and m & ~self.mask == 0

    def isdisjoint(self, other: Iterable[object]) -> bool:
        """True if the two sets share no card."""
        m = self._other(other)
        if m is None:
            return super().isdisjoint(other)
        return self.mask & m == 0

    def points(self) -> int:
        """Sum of the card points (ISkO 1.2.2).

        >>> DECK.points()
        120
        """
        return T.mask_points(self.mask)

    def sorted(self, game_type: GameType | int | None = None) -> list[Card]:
        """The cards in the display order of a game type: trumps first (highest
        first), then clubs, spades, hearts, diamonds.  Null uses A K Q J 10 9 8 7.

        >>> CardSet.parse("HA DJ H7 CA").sorted(GameType.HEARTS)
        [Card.DJ, Card.HA, Card.H7, Card.CA]
        """
        order = T.DEFAULT_ORDER if game_type is None else T.SORT_ORDER[int(game_type)]
        mask = self.mask
        return [_CARDS[c] for c in order if mask >> c & 1]

    def to_str(self, game_type: GameType | int | None = None, *, sep: str = " ") -> str:
        """The cards as ISS codes in the order of :meth:`sorted`.

        >>> CardSet.parse("HA DJ").to_str(sep=".")
        'DJ.HA'
        """
        return sep.join(c.name for c in self.sorted(game_type))

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"CardSet.parse({self.to_str()!r})"

    def _repr_html_(self) -> str:
        from .display import cards_html

        return cards_html(self.sorted())


DECK = CardSet(T.FULL)
"""All 32 cards."""
