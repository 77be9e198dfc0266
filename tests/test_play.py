"""The trick kernel: following suit (ISkO 4.2) and winning tricks (ISkO 4.4, R-4.3).

The seed examples come from the rules pages in ``shared/seeds`` (000: the online
rules page; 001: the rules guide's section 8, "¿Quién gana la baza?").
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from skatlib import (
    Card,
    CardSet,
    GameType,
    InvalidCardsError,
    Reason,
    SkatError,
    follows,
    is_trump,
    legal_cards,
    legal_cards_mask,
    trick_winner,
    trick_winner_fast,
    trump_mask,
)
from strategies import PLAY_GAME_TYPES, card_sets, cards, game_types

G = GameType


def _trick(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# ---------------------------------------------------------------------------
# Seed examples

SEED_TRICKS = [
    # (game, trick in play order, winner index, card points, what the seed says)
    (G.HEARTS, "SK ST SA", 2, 25, "spades led, both follow: ace before ten before king"),
    (G.HEARTS, "SA H7 ST", 1, 21, "second is void in spades and ruffs with H7"),
    (G.HEARTS, "CT CK DA", 0, 25, "DA is discarded: not trump, a discard never wins"),
    (G.HEARTS, "HA DJ CJ", 2, 15, "HA is a trump, jacks are trumps, CJ the highest"),
    (G.HEARTS, "DA DJ DT", 1, 23, "DJ is not a diamond but a trump"),
    (G.GRAND, "SJ CJ HA", 1, 15, "grand: only jacks are trumps, CJ beats SJ"),
    (G.GRAND, "HT HA HK", 1, 25, "grand: each suit A 10 K Q 9 8 7, HA wins"),
    (G.NULL, "HT HJ H9", 1, 12, "null: no trumps, the ten ranks below the jack"),
]


@pytest.mark.parametrize(("game_type", "trick", "winner", "points", "why"), SEED_TRICKS)
def test_seed_001_trick_examples(
    game_type: GameType, trick: str, winner: int, points: int, why: str
) -> None:
    """Seed 001 section 8 (ISkO 4.4): the winner of each pictured trick and its points."""
    cards_ = _trick(trick)
    assert trick_winner(game_type, cards_) == winner, why
    assert trick_winner(game_type, trick) == winner, why  # text form
    assert trick_winner_fast(game_type, *cards_) == winner, why
    assert sum(c.points for c in cards_) == points


def test_seed_001_diamond_jack_must_not_be_used_to_follow_diamonds() -> None:
    """Seed 001 (hearts): with a diamond in hand, middlehand would have had to follow
    the diamond lead; DJ is a trump and does not follow diamonds (ISkO 4.2)."""
    assert legal_cards(G.HEARTS, CardSet.parse("DJ D7 SA"), [Card.DA]) == CardSet.parse("D7")
    assert legal_cards(G.HEARTS, CardSet.parse("DJ SA"), [Card.DA]) == CardSet.parse("DJ SA")


def test_seed_000_jack_led_in_grand_must_be_followed_with_a_jack() -> None:
    """Seed 000: in grand, when a jack is led the others must play jacks if they can."""
    hand = CardSet.parse("SJ CA C7 HA")
    assert legal_cards(G.GRAND, hand, [Card.HJ]) == CardSet.parse("SJ")
    assert legal_cards(G.GRAND, CardSet.parse("CA C7 HA"), [Card.HJ]) == CardSet.parse(
        "CA C7 HA"
    )


def test_seed_001_faq_spade_jack_does_not_follow_spades() -> None:
    """Seed 001 FAQ: if spades are led, the spade jack does not follow; play a spade."""
    for gt in (G.HEARTS, G.GRAND, G.CLUBS, G.DIAMONDS):
        assert legal_cards(gt, CardSet.parse("SJ S7 HA"), [Card.SK]) == CardSet.parse("S7"), gt
    # ...except in null, where jacks are ordinary cards of their suit
    assert legal_cards(G.NULL, CardSet.parse("SJ S7 HA"), [Card.SK]) == CardSet.parse("SJ S7")


def test_seed_001_no_duty_to_ruff_or_overtrump() -> None:
    """Seed 001: you never have to ruff or over-trump (ISkO 4.2, R-4.2)."""
    # void in spades: any card, trump or not
    assert legal_cards(G.HEARTS, CardSet.parse("H7 CA"), [Card.SA]) == CardSet.parse("H7 CA")
    # trump led: any trump, high or low
    assert legal_cards(G.HEARTS, CardSet.parse("H7 HA CA"), [Card.HK, Card.HT]) == CardSet.parse(
        "H7 HA"
    )


# ---------------------------------------------------------------------------
# Trick winners, worked out by hand

HAND_TRICKS = [
    (G.HEARTS, "HJ HA HT", 0),  # jacks above the trump ace
    (G.HEARTS, "H7 SJ HJ", 1),  # SJ above HJ
    (G.HEARTS, "C7 C8 HJ", 2),  # a jack ruffs
    (G.HEARTS, "C7 HA HJ", 2),
    (G.HEARTS, "C9 CA CT", 1),  # plain suit: A above T
    (G.HEARTS, "CQ C9 CK", 2),  # K above Q
    (G.HEARTS, "CJ SA DA", 0),
    (G.HEARTS, "S7 S8 S9", 2),
    (G.DIAMONDS, "DA DJ DT", 1),
    (G.DIAMONDS, "H7 D7 HA", 1),  # the lowest trump beats the led ace
    (G.DIAMONDS, "D7 DA CJ", 2),
    (G.CLUBS, "CA CJ CT", 1),
    (G.CLUBS, "SJ CA DJ", 0),
    (G.CLUBS, "SA C7 CJ", 2),
    (G.SPADES, "S7 CJ SA", 1),
    (G.SPADES, "HA SJ S7", 1),
    (G.SPADES, "HA HT S7", 2),
    (G.SPADES, "HK HT HA", 2),
    (G.GRAND, "HA HT DJ", 2),
    (G.GRAND, "HJ DJ SJ", 2),
    (G.GRAND, "DJ HJ D7", 1),
    (G.GRAND, "SA SJ S7", 1),  # SJ is a trump, not a spade
    (G.GRAND, "S7 SA ST", 1),
    (G.GRAND, "DA CA HA", 0),  # two discards
    (G.GRAND, "C8 C7 C9", 2),
    (G.NULL, "HJ HQ HA", 2),
    (G.NULL, "ST S9 SJ", 2),
    (G.NULL, "SQ SJ ST", 0),  # Q above J above T
    (G.NULL, "C7 CJ DA", 1),  # CJ follows clubs in null, DA is a discard
    (G.NULL, "DJ D8 CJ", 0),  # CJ is no trump in null
    (G.NULL, "SA SK SQ", 0),
    (G.NULL, "S8 S7 HA", 0),
    (G.NULL, "D7 DT D9", 1),
    (G.RAMSCH, "SJ CJ HA", 1),  # ramsch is played like grand (D-17)
    (G.RAMSCH, "SA SJ S7", 1),
    (G.RAMSCH, "HT HA HK", 1),
]


@pytest.mark.parametrize(("game_type", "trick", "winner"), HAND_TRICKS)
def test_trick_winner_isko_4_4(game_type: GameType, trick: str, winner: int) -> None:
    cards_ = _trick(trick)
    assert trick_winner(game_type, cards_) == winner
    assert trick_winner(int(game_type), tuple(cards_)) == winner
    assert trick_winner_fast(int(game_type), *(int(c) for c in cards_)) == winner


@pytest.mark.parametrize(
    ("game_type", "trick", "winner"),
    [(G.HEARTS, "SA", 0), (G.HEARTS, "SA H7", 1), (G.HEARTS, "SA ST", 0),
     (G.GRAND, "HA DJ", 1), (G.NULL, "HT HJ", 1), (G.NULL, "HJ HT", 0),
     (G.CLUBS, "HA HT", 0), (G.CLUBS, "HT HA", 1), (G.CLUBS, "HA D7", 0)],
)  # fmt: skip
def test_trick_winner_of_an_unfinished_trick(game_type: GameType, trick: str, winner: int) -> None:
    assert trick_winner(game_type, _trick(trick)) == winner


# ---------------------------------------------------------------------------
# legal_cards for every game type

HAND = CardSet.parse("CJ DJ CA C7 SA HT H9 D8")
LEGAL = [
    (G.CLUBS, "C8", "CJ DJ CA C7"),  # trump led: jacks and clubs
    (G.CLUBS, "HJ", "CJ DJ CA C7"),
    (G.CLUBS, "SK", "SA"),
    (G.CLUBS, "D7", "D8"),
    (G.SPADES, "C8", "CA C7"),  # jacks are no clubs
    (G.SPADES, "S7", "CJ DJ SA"),
    (G.SPADES, "HJ", "CJ DJ SA"),
    (G.SPADES, "HA", "HT H9"),
    (G.HEARTS, "H7", "CJ DJ HT H9"),
    (G.HEARTS, "DA", "D8"),  # DJ is a trump, not a diamond
    (G.HEARTS, "SJ", "CJ DJ HT H9"),
    (G.DIAMONDS, "D7", "CJ DJ D8"),
    (G.DIAMONDS, "CK", "CA C7"),
    (G.DIAMONDS, "HA", "HT H9"),
    (G.GRAND, "SJ", "CJ DJ"),
    (G.GRAND, "C8", "CA C7"),
    (G.GRAND, "DA", "D8"),
    (G.GRAND, "S7", "SA"),
    (G.NULL, "C8", "CJ CA C7"),  # null: jacks belong to their suit
    (G.NULL, "D7", "DJ D8"),
    (G.NULL, "HJ", "HT H9"),
    (G.NULL, "SK", "SA"),
    (G.RAMSCH, "SJ", "CJ DJ"),
    (G.RAMSCH, "C8", "CA C7"),
]


@pytest.mark.parametrize(("game_type", "led", "expected"), LEGAL)
def test_legal_cards_must_follow_isko_4_2(game_type: GameType, led: str, expected: str) -> None:
    led_card = Card.parse(led)
    assert legal_cards(game_type, HAND, [led_card]) == CardSet.parse(expected)
    assert legal_cards(game_type, HAND, led) == CardSet.parse(expected)
    assert legal_cards_mask(int(game_type), HAND.mask, int(led_card)) == CardSet.parse(
        expected
    ).mask
    # the second follower is bound by the led card, not by the card played before him
    other = next(c for c in Card if c not in HAND and c is not led_card)
    assert legal_cards(game_type, HAND, [led_card, other]) == CardSet.parse(expected)


@pytest.mark.parametrize("game_type", PLAY_GAME_TYPES)
def test_leading_any_card_is_legal(game_type: GameType) -> None:
    assert legal_cards(game_type, HAND) == HAND
    assert legal_cards(game_type, HAND, []) == HAND
    assert legal_cards_mask(int(game_type), HAND.mask, -1) == HAND.mask


@pytest.mark.parametrize(
    ("game_type", "hand", "led"),
    [(G.DIAMONDS, "CJ DJ CA C7 HT H9", "S7"),  # void in spades
     (G.HEARTS, "CA C7 SA D8", "H7"),  # no trump left
     (G.HEARTS, "CA C7 SA D8", "DJ"),
     (G.GRAND, "CA C7 SA D8", "DJ"),  # no jack left
     (G.NULL, "CJ CA SA", "DJ"),
     (G.CLUBS, "SA HA", "C7")],
)  # fmt: skip
def test_void_player_may_play_any_card_isko_4_2(game_type: GameType, hand: str, led: str) -> None:
    h = CardSet.parse(hand)
    assert legal_cards(game_type, h, [Card.parse(led)]) == h


def test_trump_mask_per_game_type_isko_2_3() -> None:
    jacks = "CJ SJ HJ DJ"
    assert trump_mask(G.GRAND) == CardSet.parse(jacks)
    assert trump_mask(G.RAMSCH) == CardSet.parse(jacks)
    assert trump_mask(G.NULL) == CardSet()
    assert trump_mask(G.CLUBS) == CardSet.parse(jacks + " CA CT CK CQ C9 C8 C7")
    assert trump_mask(G.DIAMONDS) == CardSet.parse(jacks + " DA DT DK DQ D9 D8 D7")
    for gt in (G.DIAMONDS, G.HEARTS, G.SPADES, G.CLUBS):
        assert len(trump_mask(gt)) == 11
    assert is_trump(G.DIAMONDS, Card.HJ)
    assert not is_trump(G.NULL, Card.HJ)
    assert not is_trump(G.GRAND, Card.HA)
    assert follows(G.SPADES, Card.S7, Card.CJ)
    assert not follows(G.GRAND, Card.S7, Card.SJ)
    assert follows(G.NULL, Card.S7, Card.SJ)


# ---------------------------------------------------------------------------
# Errors


def test_trick_of_three_or_more_cards_raises() -> None:
    with pytest.raises(InvalidCardsError) as info:
        legal_cards(G.GRAND, CardSet.parse("CA"), _trick("HA HT HK"))
    assert info.value.reason == Reason.BAD_TRICK
    with pytest.raises(InvalidCardsError) as info:
        trick_winner(G.GRAND, _trick("HA HT HK H9"))
    assert info.value.reason == Reason.BAD_TRICK


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(InvalidCardsError) as info:
        trick_winner(G.GRAND, [])
    assert info.value.reason == Reason.BAD_TRICK


def test_empty_hand_raises() -> None:
    with pytest.raises(InvalidCardsError) as info:
        legal_cards(G.GRAND, CardSet(), [Card.HA])
    assert info.value.reason == Reason.WRONG_CARD_COUNT
    with pytest.raises(InvalidCardsError):
        legal_cards(G.GRAND, [], [])


def test_duplicates_raise() -> None:
    with pytest.raises(InvalidCardsError) as info:
        trick_winner(G.GRAND, [Card.HA, Card.HA])
    assert info.value.reason == Reason.DUPLICATE_CARD
    with pytest.raises(InvalidCardsError) as info:
        legal_cards(G.GRAND, CardSet.parse("CA"), [Card.HA, Card.HA])
    assert info.value.reason == Reason.DUPLICATE_CARD
    with pytest.raises(InvalidCardsError) as info:
        legal_cards(G.GRAND, [Card.CA, Card.CA], [Card.HA])
    assert info.value.reason == Reason.DUPLICATE_CARD
    # a card cannot be both in the trick and in the hand
    with pytest.raises(InvalidCardsError) as info:
        legal_cards(G.GRAND, CardSet.parse("CA HA"), [Card.HA])
    assert info.value.reason == Reason.DUPLICATE_CARD


def test_other_bad_input_raises_skat_errors() -> None:
    with pytest.raises(InvalidCardsError):
        trick_winner(G.GRAND, CardSet.parse("HA HT"))  # type: ignore[arg-type]  # no order
    with pytest.raises(InvalidCardsError):
        trick_winner(G.GRAND, [Card.HA, 32])
    with pytest.raises(SkatError):
        trick_winner(7, [Card.HA])
    with pytest.raises(SkatError):
        legal_cards(-1, CardSet.parse("HA"))
    with pytest.raises(InvalidCardsError):
        is_trump(G.GRAND, 32)
    with pytest.raises(SkatError):
        follows(G.GRAND, Card.HA, -1)


# ---------------------------------------------------------------------------
# Against the reference reading (tests/reference.py)


@pytest.mark.parametrize("game_type", PLAY_GAME_TYPES)
def test_follows_and_is_trump_match_reference_for_every_pair(game_type: GameType) -> None:
    """Every game type × every led card × every card."""
    for led in Card:
        assert is_trump(game_type, led) == ref.is_trump(game_type, led), led
        for card in Card:
            assert follows(game_type, led, card) == ref.follows(game_type, led, card), (led, card)


@pytest.mark.parametrize("game_type", PLAY_GAME_TYPES)
def test_legal_cards_mask_matches_reference_for_every_led_card(game_type: GameType) -> None:
    """Every game type × every led card × every one-card hand and the full rest of the deck."""
    for led in Card:
        rest = [c for c in Card if c is not led]
        full = CardSet.from_cards(rest)
        expected = ref.legal_cards(game_type, rest, led)
        assert legal_cards_mask(int(game_type), full.mask, int(led)) == CardSet.from_cards(
            expected
        ).mask
        for card in rest:
            single = legal_cards_mask(int(game_type), 1 << card, int(led))
            assert single == 1 << card  # a single card is always playable


@pytest.mark.parametrize("game_type", PLAY_GAME_TYPES)
def test_trick_winner_fast_matches_reference_on_every_trick(game_type: GameType) -> None:
    """All 32 × 31 × 30 ordered tricks of distinct cards."""
    gt = int(game_type)
    for a, b, c in itertools.permutations(Card, 3):
        expected = ref.trick_winner(game_type, (a, b, c))
        assert trick_winner_fast(gt, a, b, c) == expected, (a, b, c)


@given(game_types, card_sets(1, 10), st.data())
def test_legal_cards_match_reference(
    game_type: GameType, hand: CardSet, data: st.DataObject
) -> None:
    outside = [c for c in Card if c not in hand]
    for led in outside:
        expected = CardSet.from_cards(ref.legal_cards(game_type, hand, led))
        assert legal_cards_mask(int(game_type), hand.mask, int(led)) == expected.mask
        assert legal_cards(game_type, hand, [led]) == expected
    second = data.draw(st.sampled_from(outside))
    led = data.draw(st.sampled_from([c for c in outside if c is not second]))
    assert legal_cards(game_type, hand, [led, second]) == legal_cards(game_type, hand, [led])


@given(game_types, card_sets(1, 10), cards)
def test_legal_cards_is_a_non_empty_subset_of_the_hand(
    game_type: GameType, hand: CardSet, led: Card
) -> None:
    if led in hand:
        hand = hand - {led}
        if not hand:
            return
    legal = legal_cards(game_type, hand, [led])
    assert legal
    assert legal <= hand
    following = [c for c in hand if follows(game_type, led, c)]
    if following:
        # holding the led suit, only the led suit is legal (ISkO 4.2)
        assert set(legal) == set(following)
    else:
        assert legal == hand


@given(game_types, st.lists(cards, min_size=1, max_size=3, unique=True))
def test_trick_winner_matches_reference(game_type: GameType, trick: list[Card]) -> None:
    assert trick_winner(game_type, trick) == ref.trick_winner(game_type, trick)


@given(game_types, st.lists(cards, min_size=3, max_size=3, unique=True))
def test_winner_holds_a_trump_or_the_led_suit(game_type: GameType, trick: list[Card]) -> None:
    """R-4.3: the highest trump wins; without one, a card of the led suit. A discard never wins."""
    w = trick[trick_winner(game_type, trick)]
    assert is_trump(game_type, w) or follows(game_type, trick[0], w)
    if any(is_trump(game_type, c) for c in trick):
        assert is_trump(game_type, w)
    # the two followers have no precedence over each other: swapping them keeps the winner
    swapped = [trick[0], trick[2], trick[1]]
    assert swapped[trick_winner(game_type, swapped)] is w


# --------------------------------------------------------------------------- pinned by mutation
# (tools/mutate.py play: each test kills changes no other test here noticed)


def test_error_messages_name_every_card_of_the_trick_including_the_club_jack() -> None:
    with pytest.raises(InvalidCardsError) as info:
        trick_winner(G.GRAND, [Card.CJ, Card.CJ])
    assert info.value.reason is Reason.DUPLICATE_CARD
    assert "[CJ CJ]" in str(info.value)
    with pytest.raises(InvalidCardsError, match=r"trick \[SA HT CJ\] already has 3"):
        legal_cards(G.GRAND, CardSet.parse("D7"), [Card.SA, Card.HT, Card.CJ])


def test_trick_cards_may_be_given_as_card_names() -> None:
    assert legal_cards(G.CLUBS, CardSet.parse("CJ C7 SA"), ["C9"]) == CardSet.parse("CJ C7")  # type: ignore[list-item]
    assert trick_winner(G.GRAND, ["HA", "HT", "DJ"]) == 2  # type: ignore[list-item]


@pytest.mark.parametrize("trick", [5, None, object()])
def test_a_trick_that_is_not_a_sequence_is_a_bad_trick(trick: object) -> None:
    with pytest.raises(InvalidCardsError, match="not a trick") as info:
        trick_winner(G.GRAND, trick)  # type: ignore[arg-type]
    assert info.value.reason is Reason.BAD_TRICK


def test_a_card_given_as_an_int_like_is_that_card_and_other_types_are_type_errors() -> None:
    """CONTRIBUTING "Errors and types": a card is a Card, an index 0..31 (anything
    operator.index accepts, e.g. numpy integers, which were refused as "not a card") or a
    name; a float or bool is a wrong type, an index outside 0..31 a wrong value.  R-3.3
    (grand): the club jack wins."""
    from int_like import IntLike
    from skatlib import Card, GameType, InvalidCardsError
    from skatlib.errors import ArgumentTypeError

    grand = GameType.GRAND
    trick = [IntLike(int(Card.HA)), IntLike(int(Card.CJ)), Card.HT]
    assert trick_winner(grand, trick) == trick_winner(grand, [Card.HA, Card.CJ, Card.HT]) == 1  # type: ignore[arg-type]
    assert is_trump(grand, IntLike(int(Card.DJ))) and follows(grand, IntLike(0), IntLike(1))  # type: ignore[arg-type]
    for bad in (1.0, True, None):
        with pytest.raises(ArgumentTypeError, match=r"card must be a Card, an index 0\.\.31"):
            is_trump(grand, bad)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="card must be a Card"):
            trick_winner(grand, [Card.HA, bad, Card.HT])  # type: ignore[list-item]
    for out in (32, -1, IntLike(40)):
        with pytest.raises(InvalidCardsError, match=r"is not a card \(an index 0\.\.31\)"):
            is_trump(grand, out)  # type: ignore[arg-type]
