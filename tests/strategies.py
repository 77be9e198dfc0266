"""Hypothesis strategies for skatlib's rules kernel.

Contracts are built from the rules (which flags may go together), not from
``Contract.all()``, and bids are drawn from the table transcribed from R-6.7,
so that the strategies do not simply echo the code under test.
"""

from __future__ import annotations

from hypothesis import strategies as st

from reference import RULES_BID_VALUES
from skatlib import Card, CardSet, Contract, GameType

ALL_CARDS: tuple[Card, ...] = tuple(Card)
SUIT_GAME_TYPES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
DECLARABLE_GAME_TYPES = (*SUIT_GAME_TYPES, GameType.GRAND, GameType.NULL)
PLAY_GAME_TYPES = (*DECLARABLE_GAME_TYPES, GameType.RAMSCH)

cards: st.SearchStrategy[Card] = st.sampled_from(ALL_CARDS)
"""Any one of the 32 cards."""

game_types: st.SearchStrategy[GameType] = st.sampled_from(PLAY_GAME_TYPES)
"""Every game type, ramsch included (the trick kernel knows it)."""

declarable_game_types: st.SearchStrategy[GameType] = st.sampled_from(DECLARABLE_GAME_TYPES)
"""The game types a declarer can announce."""

bid_values: st.SearchStrategy[int] = st.sampled_from(RULES_BID_VALUES)
"""The 63 legal bid values of R-6.7."""

kontras: st.SearchStrategy[int] = st.sampled_from((0, 1, 2))
"""No Kontra, Kontra, Re (D-15)."""


def card_sets(min_size: int = 0, max_size: int = 32) -> st.SearchStrategy[CardSet]:
    """Sets of distinct cards."""
    return st.frozensets(cards, min_size=min_size, max_size=max_size).map(CardSet.from_cards)


hands: st.SearchStrategy[CardSet] = card_sets(10, 10)
"""A dealt hand: 10 distinct cards."""


@st.composite
def deals(draw: st.DrawFn) -> tuple[CardSet, CardSet, CardSet, CardSet]:
    """A shuffled deck split into forehand, middlehand, rearhand (10 each) and the skat (2)."""
    deck = draw(st.permutations(ALL_CARDS))
    return (
        CardSet.from_cards(deck[0:10]),
        CardSet.from_cards(deck[10:20]),
        CardSet.from_cards(deck[20:30]),
        CardSet.from_cards(deck[30:32]),
    )


@st.composite
def contracts(draw: st.DrawFn, game_type: GameType | None = None) -> Contract:
    """Every legal contract (ISkO 5.2.5-5.2.6): suit and grand plain, hand, hand with
    schneider announced, hand with schwarz announced, ouvert; null with or without
    hand and ouvert."""
    gt = draw(declarable_game_types) if game_type is None else game_type
    if gt == GameType.NULL:
        return Contract(gt, hand=draw(st.booleans()), ouvert=draw(st.booleans()))
    shape = draw(st.sampled_from(("plain", "hand", "schneider", "schwarz", "ouvert")))
    if shape == "plain":
        return Contract(gt, hand=False)
    if shape == "hand":
        return Contract(gt, hand=True, schneider=False, schwarz=False)
    if shape == "schneider":
        return Contract(gt, hand=True, schneider=True, schwarz=False)
    if shape == "schwarz":
        return Contract(gt, hand=True, schneider=True, schwarz=True)
    return Contract(gt, ouvert=True)


def matadors_for(game_type: GameType) -> st.SearchStrategy[int]:
    """Possible signed matador counts (ISkO 2.4.3): suit ±1..11, grand ±1..4, null 0."""
    if game_type == GameType.NULL:
        return st.just(0)
    top = 4 if game_type == GameType.GRAND else 11
    return st.integers(1, top).flatmap(lambda n: st.sampled_from((n, -n)))


@st.composite
def played_results(draw: st.DrawFn) -> tuple[int, int]:
    """``(declarer_points, declarer_tricks)`` of a game played to the end, taken from a
    real split of the deck: the declarer owns the skat and the cards of his tricks."""
    tricks = draw(st.integers(0, 10))
    deck = draw(st.permutations(ALL_CARDS))
    own = deck[: 3 * tricks + 2]
    return sum(c.points for c in own), tricks
