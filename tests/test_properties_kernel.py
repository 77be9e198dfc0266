"""Property tests of the rules kernel (cards, contracts, scoring) against the rules
and against the literal reading in ``tests/reference.py``."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import reference as ref
from skatlib import (
    BID_VALUES,
    DECK,
    Card,
    CardSet,
    Contract,
    GameType,
    InvalidScoreError,
    Reason,
    card_points,
    game_value,
    legal_cards,
    legal_cards_mask,
    matadors,
    matadors_mask,
    score,
    trick_winner,
    trick_winner_fast,
)
from strategies import (
    ALL_CARDS,
    bid_values,
    card_sets,
    cards,
    contracts,
    deals,
    declarable_game_types,
    game_types,
    kontras,
    matadors_for,
    played_results,
)

# ---------------------------------------------------------------------------
# Card points (ISkO 1.2.2)


def test_the_deck_has_120_points() -> None:
    assert DECK.points() == 120 == ref.points(ALL_CARDS)


@given(card_sets())
def test_points_of_a_set_and_its_complement_add_up_to_120(s: CardSet) -> None:
    assert s.points() + (~s).points() == 120
    assert s.points() + (DECK - s).points() == 120
    assert s.points() == ref.points(s)
    assert card_points(s) == s.points() == card_points(s.mask) == card_points(list(s))


@given(deals())
def test_a_deal_splits_the_deck(deal: tuple[CardSet, CardSet, CardSet, CardSet]) -> None:
    fh, mh, rh, skat = deal
    assert (len(fh), len(mh), len(rh), len(skat)) == (10, 10, 10, 2)
    assert fh | mh | rh | skat == DECK
    assert sum(part.points() for part in deal) == 120
    assert skat.points() <= 22


# ---------------------------------------------------------------------------
# Round trips


@given(cards)
def test_card_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol()) is card
    assert Card.parse(card.german(german_suits=True)) is card


@given(card_sets(), st.sampled_from([None, *GameType]), st.sampled_from([" ", ".", ", "]))
def test_cardset_round_trip(s: CardSet, game_type: GameType | None, sep: str) -> None:
    assert CardSet.parse(str(s)) == s
    assert CardSet.parse(s.to_str(game_type, sep=sep)) == s
    assert CardSet.from_cards(list(s)) == s
    assert len(s) == len(list(s)) == len(s.sorted(game_type))
    assert set(s.sorted(game_type)) == set(s)


@given(contracts())
def test_contract_round_trip(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
    assert contract in Contract.all()


# ---------------------------------------------------------------------------
# Matadors (ISkO 2.4, D-3)


@given(declarable_game_types, card_sets(12, 12))
def test_matadors_agree_with_reference_on_12_cards(game_type: GameType, s: CardSet) -> None:
    expected = ref.matadors(game_type, s)
    assert matadors(game_type, s) == expected
    assert matadors_mask(int(game_type), s.mask) == expected
    if game_type == GameType.NULL:
        assert expected == 0
    else:
        top = 4 if game_type == GameType.GRAND else 11
        assert 1 <= abs(expected) <= top


@given(declarable_game_types, card_sets())
def test_matadors_agree_with_reference_on_any_set(game_type: GameType, s: CardSet) -> None:
    assert matadors(game_type, s) == ref.matadors(game_type, s)


# ---------------------------------------------------------------------------
# Game values and scores (ISkO 5.1-5.4)


@st.composite
def game_inputs(
    draw: st.DrawFn, high_bids: bool = False
) -> tuple[Contract, int, int, int, int, int]:
    """A contract, bid, matadors, a played-out result and a Kontra level.

    Bids are mostly low, so that won games are common, and sometimes any value;
    with ``high_bids`` they are 60 or more, so that many games are overbid."""
    contract = draw(contracts())
    tops = draw(matadors_for(contract.game_type))
    if high_bids:
        bid = draw(st.sampled_from([b for b in BID_VALUES if b >= 60]))
    else:
        bid = draw(st.one_of(st.sampled_from(BID_VALUES[:6]), bid_values))
    points, tricks = draw(played_results())
    kontra = draw(kontras)
    return contract, bid, tops, points, tricks, kontra


@given(contracts().flatmap(lambda c: st.tuples(st.just(c), matadors_for(c.game_type))),
       st.booleans(), st.booleans())  # fmt: skip
def test_game_value_is_always_a_bid_value(
    contract_tops: tuple[Contract, int], schneider: bool, schwarz: bool
) -> None:
    contract, tops = contract_tops
    value = game_value(contract, tops, schneider=schneider, schwarz=schwarz)
    assert value in BID_VALUES
    assert value == ref.game_value(contract, tops, schneider=schneider, schwarz=schwarz)


@given(st.one_of(game_inputs(), game_inputs(high_bids=True)))
def test_score_agrees_with_reference(inputs: tuple[Contract, int, int, int, int, int]) -> None:
    contract, bid, tops, points, tricks, kontra = inputs
    if contract.is_null and ref.null_value(contract.hand, contract.ouvert) < bid:
        with pytest.raises(InvalidScoreError) as info:
            score(contract, bid=bid, matadors=tops, declarer_points=points,
                  declarer_tricks=tricks)  # fmt: skip
        assert info.value.reason == Reason.NULL_OVERBID
        return
    r = score(contract, bid=bid, matadors=tops, declarer_points=points, declarer_tricks=tricks,
              kontra=kontra)  # fmt: skip
    won, overbid, value, base_score = ref.result(
        contract, bid=bid, matadors=tops, declarer_points=points, declarer_tricks=tricks
    )
    assert (r.won, r.overbid, r.value) == (won, overbid, value)
    assert r.score == base_score * (1, 2, 4)[kontra]


@given(game_inputs())
def test_won_game_value_reaches_the_bid_and_is_a_bid_value(
    inputs: tuple[Contract, int, int, int, int, int],
) -> None:
    """ISkO 5.4: a won game is worth at least the bid, and any game value is a bid value."""
    contract, bid, tops, points, tricks, _ = inputs
    assume(not contract.is_null or contract.base_value >= bid)
    r = score(contract, bid=bid, matadors=tops, declarer_points=points, declarer_tricks=tricks)
    if r.won:
        assert r.value >= bid
        assert r.value in BID_VALUES
        assert r.score == r.value
        assert not r.overbid


@given(st.one_of(game_inputs(), game_inputs(high_bids=True)))
def test_overbid_value_is_the_least_multiple_reaching_the_bid(
    inputs: tuple[Contract, int, int, int, int, int],
) -> None:
    """ISkO 5.4.2 / D-6: the smallest multiple of the base value that is ≥ the bid."""
    contract, bid, tops, points, tricks, _ = inputs
    assume(not contract.is_null)
    r = score(contract, bid=bid, matadors=tops, declarer_points=points, declarer_tricks=tricks)
    assert r.overbid == (r.computed_value < bid)
    if r.overbid:
        base = contract.base_value
        assert not r.won
        assert r.value % base == 0
        assert r.value >= bid
        assert r.value - base < bid
    else:
        assert r.value == r.computed_value >= bid


@given(game_inputs())
def test_lost_score_is_minus_twice_the_value(
    inputs: tuple[Contract, int, int, int, int, int],
) -> None:
    """D-1: lost games count -2 × value (hand and null too); Kontra ×2, Re ×4 (D-15)."""
    contract, bid, tops, points, tricks, kontra = inputs
    assume(not contract.is_null or contract.base_value >= bid)
    r = score(contract, bid=bid, matadors=tops, declarer_points=points, declarer_tricks=tricks,
              kontra=kontra)  # fmt: skip
    factor = (1, 2, 4)[kontra]
    if r.won:
        assert r.score == r.value * factor > 0
    else:
        assert r.score == -2 * r.value * factor < 0


@given(game_inputs())
def test_schneider_and_schwarz_flags_follow_the_rules(
    inputs: tuple[Contract, int, int, int, int, int],
) -> None:
    """ISkO 5.2.3-5.2.4, D-2: schneider is a side with ≤ 30 points, schwarz a side
    without a trick."""
    contract, bid, tops, points, tricks, _ = inputs
    assume(not contract.is_null)
    r = score(contract, bid=bid, matadors=tops, declarer_points=points, declarer_tricks=tricks)
    assert r.schneider == (points <= 30 or 120 - points <= 30)
    assert r.schwarz == (tricks in (0, 10))


# ---------------------------------------------------------------------------
# Fast twins agree with the friendly functions


@given(game_types, card_sets(1, 10), st.one_of(st.none(), cards))
def test_legal_cards_mask_agrees_with_legal_cards(
    game_type: GameType, hand: CardSet, led: Card | None
) -> None:
    if led is not None and led in hand:
        hand = hand - {led}
        assume(bool(hand))
    trick = [] if led is None else [led]
    friendly = legal_cards(game_type, hand, trick)
    fast = legal_cards_mask(int(game_type), hand.mask, -1 if led is None else int(led))
    assert friendly.mask == fast


@given(game_types, st.lists(cards, min_size=3, max_size=3, unique=True))
def test_trick_winner_fast_agrees_with_trick_winner(game_type: GameType, trick: list[Card]) -> None:
    assert trick_winner_fast(int(game_type), *(int(c) for c in trick)) == trick_winner(
        game_type, trick
    )


@given(declarable_game_types, st.integers(0, 2**32 - 1))
def test_matadors_mask_agrees_with_matadors(game_type: GameType, mask: int) -> None:
    assert matadors_mask(int(game_type), mask) == matadors(game_type, CardSet(mask))
