"""The trick kernel: which cards may be played and who wins a trick.

Friendly functions take :class:`~skatlib.GameType`, :class:`~skatlib.CardSet`
and :class:`~skatlib.Card`; their raw-int twins (``_mask`` when a card mask goes
in or out, ``_fast`` when only card indices do; see CONTRIBUTING) are the
functions of ``skatlib._tables`` themselves (one rule, one place) and do not
validate.

Jacks are trumps in suit and grand games and do not follow their printed
suit (ISkO 2.3, 4.2); null uses A K Q J 10 9 8 7 with no trumps (ISkO 2.3.4);
there is no duty to trump or over-trump.

>>> from skatlib import GameType, CardSet, Card
>>> hand = CardSet.parse("SJ S7 HA D7")
>>> legal_cards(GameType.GRAND, hand, [Card.S8])      # SJ is a trump, not a spade
CardSet.parse('S7')
>>> legal_cards(GameType.NULL, hand, [Card.S8])       # in null SJ is a spade
CardSet.parse('SJ S7')
>>> trick_winner(GameType.HEARTS, [Card.SA, Card.H7, Card.ST])
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import _tables as T
from .cards import Card, CardSet, to_mask
from .contract import GameType, game_type_index
from .errors import InvalidCardsError, Reason, as_int

__all__ = [
    "legal_cards",
    "legal_cards_mask",
    "trick_winner",
    "trick_winner_fast",
    "is_trump",
    "follows",
    "trump_mask",
]

_KEY = T.KEY


# The raw-int twins live in ``_tables`` (one rule, one place); these are the same
# function objects under their public names.
legal_cards_mask = T.legal_cards_mask
trick_winner_fast = T.trick_winner_fast


def trump_mask(game_type: GameType | int) -> CardSet:
    """The trumps of a game type.

    >>> trump_mask(GameType.GRAND)
    CardSet.parse('CJ SJ HJ DJ')
    """
    return CardSet(T.TRUMPS[_game_type(game_type)])


def is_trump(game_type: GameType | int, card: Card | int) -> bool:
    """True if ``card`` is a trump in ``game_type``.

    >>> is_trump(GameType.DIAMONDS, Card.HJ), is_trump(GameType.NULL, Card.HJ)
    (True, False)
    """
    return bool(T.TRUMPS[_game_type(game_type)] >> _card(card) & 1)


def follows(game_type: GameType | int, led: Card | int, card: Card | int) -> bool:
    """True if ``card`` follows suit when ``led`` was led (ISkO 4.2).

    >>> follows(GameType.SPADES, Card.S7, Card.CJ), follows(GameType.GRAND, Card.S7, Card.SJ)
    (True, False)
    """
    return bool(T.FOLLOW[_game_type(game_type)][_card(led)] >> _card(card) & 1)


def legal_cards(
    game_type: GameType | int,
    hand: CardSet | Iterable[Card | int] | int | str,
    trick: Sequence[Card | int] | CardSet | str = (),
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already
    played to the current trick, in order; empty when leading).

    A player must follow the led suit (a trump if a trump was led) when he
    can; otherwise any card is legal (ISkO 4.2; no duty to trump).

    :raises InvalidCardsError: for an empty hand, a trick of three or more cards,
        duplicate cards, or a trick card that is also in the hand.

    >>> legal_cards(GameType.CLUBS, CardSet.parse("CJ C7 SA"), [Card.C9])
    CardSet.parse('CJ C7')
    >>> legal_cards(GameType.CLUBS, CardSet.parse("HJ SA"), [])
    CardSet.parse('HJ SA')
    """
    gt = _game_type(game_type)
    hand_mask = to_mask(hand)
    cards = _trick_cards(trick)
    if len(cards) > 2:
        raise InvalidCardsError(
            f"trick {_show(cards)} already has {len(cards)} cards: a trick is complete at 3, "
            "so no card can be added",
            Reason.BAD_TRICK,
        )
    if not hand_mask:
        raise InvalidCardsError("the hand is empty: there is no card to play",
                                Reason.WRONG_CARD_COUNT)
    for c in cards:
        if hand_mask >> c & 1:
            raise InvalidCardsError(
                f"card {_CARDS[c]} is both in the trick and in the hand", Reason.DUPLICATE_CARD
            )
    return CardSet(legal_cards_mask(gt, hand_mask, cards[0] if cards else -1))


def trick_winner(game_type: GameType | int, trick: Sequence[Card | int] | str) -> int:
    """Index (0, 1 or 2) into ``trick`` of the card that wins (or, for a trick
    of one or two cards, currently wins) it.

    The highest trump wins; without a trump, the highest card of the led suit
    (ISkO 4.4 / R-4.3).  A card of another suit never wins.

    :raises InvalidCardsError: for an empty trick, more than three cards, or a
        repeated card.

    >>> trick_winner(GameType.GRAND, [Card.HA, Card.HT, Card.DJ])
    2
    >>> trick_winner(GameType.NULL, [Card.HT, Card.HJ, Card.H9])
    1
    """
    gt = _game_type(game_type)
    cards = _trick_cards(trick)
    if not cards or len(cards) > 3:
        raise InvalidCardsError(
            f"a trick has 1 to 3 cards, not {len(cards)}: {_show(cards)}", Reason.BAD_TRICK
        )
    key = _KEY[gt][cards[0]]
    best = 0
    for i in range(1, len(cards)):
        if key[cards[i]] > key[cards[best]]:
            best = i
    return best


_CARDS = tuple(Card(i) for i in range(32))


def _show(cards: Sequence[int]) -> str:
    return "[" + " ".join(_CARDS[c].name for c in cards) + "]"


def _card(card: Card | int) -> int:
    if type(card) is not int and not isinstance(card, Card):
        if isinstance(card, str):
            return int(Card.parse(card))
        card = as_int(card, "card", "a Card, an index 0..31 or a card name")
    if not 0 <= card < 32:
        raise InvalidCardsError(f"{card!r} is not a card (an index 0..31)",
                                Reason.CARD_OUT_OF_RANGE)
    return int(card)


def _game_type(game_type: GameType | int) -> int:
    return game_type_index(game_type)


def _trick_cards(trick: Sequence[Card | int] | CardSet | str) -> list[int]:
    if isinstance(trick, str):
        trick = [Card.parse(t) for t in trick.replace(".", " ").split()]
    if isinstance(trick, CardSet):
        raise InvalidCardsError(
            "a trick is an ordered sequence of cards (a list or tuple), not a CardSet",
            Reason.BAD_TRICK,
        )
    try:
        items = list(trick)
    except TypeError:
        raise InvalidCardsError(f"not a trick: {trick!r}", Reason.BAD_TRICK) from None
    cards = [_card(c) for c in items]
    if len(set(cards)) != len(cards):
        raise InvalidCardsError(f"trick {_show(cards)} repeats a card", Reason.DUPLICATE_CARD)
    return cards
