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
import operator
import re
import sys
from collections.abc import Iterable, Iterator, Set

import attrs

from . import _tables as T
from .contract import GameType
from .errors import (
    InvalidCardsError,
    InvalidContractError,
    NotationError,
    Reason,
    as_int,
    as_text,
    type_error,
)

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

    @property
    def german_suited(self) -> str:
        """The name of the matching suit of a German-suited deck, e.g. ``'Eichel'``
        for clubs (Schellen, Herz, Grün, Eichel).

        >>> Suit.SPADES.german_suited
        'Grün'
        """
        return ("Schellen", "Herz", "Grün", "Eichel")[self]

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
        """The card of a suit (0..3) and a rank (0..7).

        :raises TypeError: if ``suit`` or ``rank`` is not an int (or a bool).
        :raises InvalidCardsError: (``CARD_OUT_OF_RANGE``) outside those ranges.

        >>> Card.of(0, 8)
        Traceback (most recent call last):
        ...
        skatlib.errors.InvalidCardsError: rank 8 is not a rank: use Rank or 0..7
        """
        s = as_int(suit, "suit", "a Suit or an int 0..3")
        r = as_int(rank, "rank", "a Rank or an int 0..7")
        if not 0 <= s <= 3:
            raise InvalidCardsError(f"suit {s} is not a suit: use Suit or 0..3",
                                    Reason.CARD_OUT_OF_RANGE)
        if not 0 <= r <= 7:
            raise InvalidCardsError(f"rank {r} is not a rank: use Rank or 0..7",
                                    Reason.CARD_OUT_OF_RANGE)
        return _CARDS[8 * s + r]

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
            suit = self.suit.german_suited
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

        :raises TypeError: if ``text`` is not a ``str``.
        :raises NotationError: if the text names no card.

        >>> Card.parse("s10"), Card.parse("Herz Ass"), Card.parse("ten of spades")
        (Card.ST, Card.HA, Card.ST)
        """
        card = _named(as_text(text, "text"))
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


_NAMES: dict[str, Card] = {}
"""Every name of every card (:func:`_build_names`), filled on first use."""


def _named(text: str) -> Card | None:
    """The card that ``text`` names (any case, spacing or word order), or None."""
    if not _NAMES:
        _NAMES.update(_build_names())
    return _NAMES.get(_normalise(text))

CardsLike = "CardSet | Iterable[Card | int] | int | str"


def to_mask(
    cards: CardSet | Iterable[Card | int | str] | int | str, *, distinct: bool = True
) -> int:
    """A 32-bit mask from a :class:`CardSet`, an int mask, text or an iterable of cards.

    An int (anything :func:`operator.index` accepts, not a bool) is a mask; a
    :class:`Card` is its own one-card set.

    :raises TypeError: if ``cards`` (or one of its items) is of no such type.
    :raises InvalidCardsError: on a duplicate card (when ``distinct``), an index
        outside 0..31 or a mask outside 0..0xFFFFFFFF.
    :raises NotationError: on text that does not parse.

    >>> hex(to_mask([Card.CJ, Card.D7]))
    '0x80000001'
    """
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, Card):
        return 1 << cards
    if isinstance(cards, str):
        return CardSet.parse(cards).mask
    if isinstance(cards, int):
        return _mask_value(cards, "cards")
    if hasattr(type(cards), "__index__"):
        try:
            index = operator.index(cards)  # type: ignore[arg-type]
        except TypeError:
            pass  # e.g. a numpy array, which is a list of cards
        else:
            return _mask_value(index, "cards")
    mask = 0
    try:
        iterator = iter(cards)
    except TypeError:
        raise type_error("cards", _CARDS_TYPE, cards) from None
    for c in iterator:
        if isinstance(c, str):
            c = Card.parse(c)
        elif type(c) is not int and not isinstance(c, Card):
            c = as_int(c, "cards", "cards (Card, an index 0..31 or a card name)")
        if not 0 <= c < 32:
            raise InvalidCardsError(
                f"{c!r} is not a card (expected a Card or an index 0..31)",
                Reason.CARD_OUT_OF_RANGE,
            )
        bit = 1 << c
        if distinct and mask & bit:
            raise InvalidCardsError(f"duplicate card {_CARDS[c]}", Reason.DUPLICATE_CARD)
        mask |= bit
    return mask


_CARDS_TYPE = "a CardSet, an int mask, a str of cards or an iterable of cards"


def _mask_value(value: object, name: str = "mask") -> int:
    """A 32-bit mask from an int (anything :func:`operator.index` takes, not a bool)."""
    mask = value if type(value) is int else as_int(value, name, "an int mask 0..0xFFFFFFFF")
    if not 0 <= mask <= T.FULL:
        raise InvalidCardsError(
            f"card mask {mask!r} is outside 0..0xFFFFFFFF", Reason.CARD_OUT_OF_RANGE
        )
    return mask


def _mask_field(value: int) -> int:
    """The converter of :attr:`CardSet.mask` (typed ``int`` so type checkers still ask for one)."""
    return _mask_value(value)


def _card_index(value: object) -> int | None:
    """The card index 0..31 of ``value`` if it is one (a Card or an int-like), else None."""
    if type(value) is int or isinstance(value, Card):
        i = int(value)
    elif isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    else:
        try:
            i = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            return None
    return i if 0 <= i < 32 else None


def _cards_mask(other: Set[object]) -> int | None:
    """The mask of a set whose every element is a card index, else None (the set holds
    something that is not a card: compare it by the generic Set ABC algorithms)."""
    if isinstance(other, CardSet):
        return other.mask
    mask = 0
    for x in other:
        i = _card_index(x)
        if i is None:
            return None
        mask |= 1 << i
    return mask


# Set-ABC hashing (collections.abc.Set._hash, which mirrors frozenset's algorithm): a
# CardSet equals the frozenset of its cards, so the two must hash alike.  The per-card
# terms are XOR-ed, so they are tabled by byte of the mask; _import_check proves the
# tables equal to hash(frozenset(...)) and falls back to it if an interpreter differs.
_HASH_MASK = 2 * sys.maxsize + 1


def _shuffled(card: int) -> int:
    return ((card ^ (card << 16) ^ 89869747) * 3644798167) & _HASH_MASK


def _byte_table(base: int) -> tuple[int, ...]:
    """The XOR of the shuffled terms of the cards ``base + bit`` of each byte 0..255,
    built by doubling: the bytes with ``bit`` set are those without it, XOR its term."""
    table = [0]
    for bit in range(8):
        term = _shuffled(base + bit)
        table += [h ^ term for h in table]
    return tuple(table)


_HASH_TABLES = tuple(_byte_table(8 * k) for k in range(4))


def _table_hash(mask: int) -> int:
    """``hash(frozenset(cards of mask))`` from the byte tables (see above)."""
    t0, t1, t2, t3 = _HASH_TABLES
    h = (t0[mask & 255] ^ t1[mask >> 8 & 255] ^ t2[mask >> 16 & 255] ^ t3[mask >> 24]
         ^ ((1927868237 * (mask.bit_count() + 1)) & _HASH_MASK))
    h ^= (h >> 11) ^ (h >> 25)
    h = (h * 69069 + 907133923) & _HASH_MASK
    if h > sys.maxsize:
        h -= _HASH_MASK + 1
    return 590923713 if h == -1 else h


def _frozenset_hash(mask: int) -> int:
    return hash(frozenset(c for c in range(32) if mask >> c & 1))


_SAMPLE_MASKS = (0, 1, 0x80000001, 0xFFFFFFFF, 0x12345678, 0xDEADBEEF, 0x3FF, 0xAAAAAAAA)
_set_hash = (_table_hash if all(_table_hash(m) == _frozenset_hash(m) for m in _SAMPLE_MASKS)
             else _frozenset_hash)  # an interpreter with another frozenset hash


@attrs.frozen(repr=False, eq=False)
class CardSet(Set[Card]):
    """An immutable set of cards backed by a 32-bit mask.

    Iteration yields cards in the usual display order: jacks first (clubs,
    spades, hearts, diamonds), then clubs, spades, hearts, diamonds, each
    A 10 K Q 9 8 7.  Use :meth:`sorted` for the order of a given game type.

    A CardSet follows :class:`collections.abc.Set`: it equals (and hashes like)
    any set of the same cards, e.g. ``frozenset({Card.CJ})`` or ``{31}``; the
    operators ``| & - ^`` take CardSets and other sets of cards.

    >>> s = CardSet.parse("HA CJ D7 SJ")
    >>> list(s)
    [Card.CJ, Card.SJ, Card.HA, Card.D7]
    >>> s - CardSet.parse("D7")
    CardSet.parse('CJ SJ HA')
    >>> CardSet.parse("HJ H7 HA").sorted(GameType.NULL)
    [Card.HA, Card.HJ, Card.H7]
    """

    mask: int = attrs.field(default=0, converter=_mask_field)
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

        :raises TypeError: if ``text`` is not a ``str``.
        :raises NotationError: on an unknown card.
        :raises InvalidCardsError: on a duplicate card.

        >>> CardSet.parse("CJ.SJ.HA")
        CardSet.parse('CJ SJ HA')
        >>> len(CardSet.parse("Kreuz Bube, Pik Dame"))
        2
        """
        as_text(text, "text")
        if re.search(r"[,;]", text):
            parts = [p for p in re.split(r"[,;]", text) if p.strip()]
            return cls.from_cards(Card.parse(p) for p in parts)
        tokens = [t for t in re.split(r"[\s.]+", text) if t]
        cards: list[Card] = []
        i = 0
        while i < len(tokens) and len(cards) <= 32:  # a 33rd card repeats one: stop there
            for width in (1, 2, 3):
                if i + width > len(tokens):
                    continue  # not `break`: the else clause must report the token
                card = _named(" ".join(tokens[i : i + width]))
                if card is not None:
                    cards.append(card)
                    i += width
                    break
            else:
                Card.parse(tokens[i])  # raises with the standard message
        return cls.from_cards(cards)

    def __contains__(self, card: object) -> bool:
        i = _card_index(card)
        return i is not None and bool(self.mask >> i & 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if not isinstance(other, Set):
            return NotImplemented
        m = _cards_mask(other)
        if m is None:  # holds a non-card (e.g. 31.0, which equals 31): the generic rule
            return len(self) == len(other) and Set.__le__(self, other)
        return m == self.mask

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return _set_hash(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        return (_CARDS[c] for c in T.DEFAULT_ORDER if mask >> c & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def _other(self, other: object) -> int | None:
        """The mask of ``other`` if it is a set of cards, else None."""
        if isinstance(other, CardSet):
            return other.mask
        if isinstance(other, Set):
            return _cards_mask(other)
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

    def __le__(self, other: object) -> bool:
        m = self._other(other)
        if m is None:
            return Set.__le__(self, other) if isinstance(other, Set) else NotImplemented
        return self.mask & ~m == 0

    def __ge__(self, other: object) -> bool:
        m = self._other(other)
        if m is None:
            return Set.__ge__(self, other) if isinstance(other, Set) else NotImplemented
        return m & ~self.mask == 0

    def __lt__(self, other: object) -> bool:
        m = self._other(other)
        if m is None:
            return Set.__lt__(self, other) if isinstance(other, Set) else NotImplemented
        return self.mask != m and self.mask & ~m == 0

    def __gt__(self, other: object) -> bool:
        m = self._other(other)
        if m is None:
            return Set.__gt__(self, other) if isinstance(other, Set) else NotImplemented
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

        :raises TypeError: if ``game_type`` is not a GameType, an int or None.
        :raises InvalidContractError: (``GAME_TYPE_OUT_OF_RANGE``) outside 0..6.

        >>> CardSet.parse("HA DJ H7 CA").sorted(GameType.HEARTS)
        [Card.DJ, Card.HA, Card.H7, Card.CA]
        """
        if game_type is None:
            order = T.DEFAULT_ORDER
        else:
            gt = as_int(game_type, "game_type", "a GameType, an int 0..6 or None")
            if not 0 <= gt < T.N_GAME_TYPES:
                raise InvalidContractError(
                    f"game type {gt} is not a game type: use GameType or 0..{T.N_GAME_TYPES - 1}",
                    Reason.GAME_TYPE_OUT_OF_RANGE)
            order = T.SORT_ORDER[gt]
        mask = self.mask
        return [_CARDS[c] for c in order if mask >> c & 1]

    def to_str(self, game_type: GameType | int | None = None, *, sep: str = " ") -> str:
        """The cards as ISS codes in the order of :meth:`sorted`.

        >>> CardSet.parse("HA DJ").to_str(sep=".")
        'DJ.HA'
        """
        as_text(sep, "sep")
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


_new_object = object.__new__
_set_attr = object.__setattr__


def unchecked_set(mask: int) -> CardSet:
    """A :class:`CardSet` of a mask known to be a valid 32-bit mask (no conversion or
    check: for masks the fast core produced, as in the game state's views)."""
    c = _new_object(CardSet)
    _set_attr(c, "mask", mask)
    return c
