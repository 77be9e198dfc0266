"""Property tests of the rules kernel (cards, contracts, scoring) against the rules
and against the literal reading in ``tests/reference.py``."""

from __future__ import annotations

from collections.abc import Callable

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


# ---------------------------------------------------------------------------
# One home for each kernel fact (``skatlib._tables``)


def test_public_raw_twins_are_the_table_functions_themselves() -> None:
    """``legal_cards_mask`` and ``trick_winner_fast`` are not copies: the same objects."""
    import skatlib
    from skatlib import _tables as T
    from skatlib import play

    assert legal_cards_mask is T.legal_cards_mask is play.legal_cards_mask
    assert skatlib.legal_cards_mask is T.legal_cards_mask
    assert trick_winner_fast is T.trick_winner_fast is play.trick_winner_fast
    assert skatlib.trick_winner_fast is T.trick_winner_fast
    assert not hasattr(T, "legal_mask") and not hasattr(T, "trick_winner3")  # one name each


@given(st.integers(0, 2), cards, cards, cards, st.integers(0, 6))
def test_pack_trick_keeps_the_stored_bit_layout(
    leader: int, c0: Card, c1: Card, c2: Card, gt: int
) -> None:
    """The layout stored in records and GameState.packed_tricks is unchanged:
    ``gt << 17 | leader << 15 | c0 << 10 | c1 << 5 | c2``."""
    from skatlib import _tables as T

    packed = T.pack_trick(leader, c0, c1, c2, gt)
    assert packed == gt << 17 | leader << 15 | c0 << 10 | c1 << 5 | c2
    assume(len({c0, c1, c2}) == 3)
    winner = (leader + trick_winner(gt, [c0, c1, c2])) % 3
    assert T.unpack_trick(packed) == (leader, c0, c1, c2, winner)
    assert T.trick_winner_index(packed) == trick_winner(gt, [c0, c1, c2])


def test_gamestate_packs_tricks_with_pack_trick() -> None:
    """Every trick of a played-out deal is ``pack_trick`` of its Trick view."""
    from skatlib import Deal, Pass, PlayHand, apply, new_game
    from skatlib import _tables as T
    from skatlib.actions import Bid, Declare, Play

    s = new_game(Deal.shuffled(12))
    for a in (Pass(), Pass(), Bid(18), PlayHand(), Declare(Contract.parse("GH"))):
        s = apply(s, a)
    while not s.is_finished:
        legal = T.legal_cards_mask(s.game_type_index, s.hand_masks[s.to_move_index],
                                   s.trick_cards[0] if s.trick_cards else -1)
        s = apply(s, Play(Card((legal & -legal).bit_length() - 1)))
    assert len(s.packed_tricks) == 10
    for packed, trick in zip(s.packed_tricks, s.tricks):
        c = [int(x) for x in trick.cards]
        assert packed == T.pack_trick(int(trick.leader), c[0], c[1], c[2], GameType.GRAND)
        assert T.unpack_trick(packed) == (int(trick.leader), *c, int(trick.winner))


@pytest.mark.parametrize("gt", range(7))
@pytest.mark.parametrize("declarer", (-1, 0, 1, 2))
@pytest.mark.parametrize("flag", (False, True))
def test_d10_ends_early_table(gt: int, declarer: int, flag: bool) -> None:
    """D-10: null ends at the declarer's first trick; schwarz announced / ouvert at the
    defenders' first; nothing else ends early."""
    from skatlib import _tables as T

    for winner in range(3):
        if gt == T.NULL:
            expected = winner == declarer
        else:
            expected = flag and winner != declarer
        assert T.ends_early(gt, declarer, winner, flag) is expected


def test_thresholds_and_null_values_have_one_home() -> None:
    """ISkO 4.1/5.2.2 (61, 90, 31) and the null values 23/35/46/59 (R-6.2)."""
    from skatlib import _tables as T

    assert (T.WIN_POINTS, T.SCHNEIDER_POINTS, T.SCHNEIDER_FREE_POINTS) == (61, 90, 31)
    assert DECK.points() == T.TOTAL_POINTS
    assert T.NULL_VALUES == (23, 35, 46, 59)
    assert T.BASE_VALUES[GameType.NULL] == T.NULL_VALUES[0]
    for hand in (False, True):
        for ouvert in (False, True):
            c = Contract(GameType.NULL, hand=hand, ouvert=ouvert)
            assert c.value == T.null_value(hand, ouvert) == ref.null_value(hand, ouvert)
            assert c.value in BID_VALUES


@pytest.mark.parametrize(
    ("points", "won", "schneider"),
    [(60, False, False), (61, True, False), (89, True, False), (90, True, True),
     (30, False, True), (31, False, False)],
)
def test_isko_5_2_2_score_uses_the_named_thresholds(points: int, won: bool,
                                                     schneider: bool) -> None:
    """61 wins, 90 is schneider, 31 is schneider free (ISkO 4.1, 5.2.2)."""
    tricks = max(1, min(9, points // 12))
    r = score(Contract.parse("G"), bid=18, matadors=1, declarer_points=points,
              declarer_tricks=tricks)
    assert (r.won, r.schneider) == (won, schneider)


class _Index:
    """An integer type that is not ``int`` (like ``numpy.int64``): only ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"_Index({self.value})"


def test_score_accepts_index_integers_like_numpy_ints() -> None:
    """score() and friends take any operator.index-able integer (e.g. numpy.int64)."""
    from skatlib import Seat, value_levels

    a = score(Contract.parse("C"), bid=_Index(24), matadors=_Index(2),  # type: ignore[arg-type]
              declarer_points=_Index(70), declarer_tricks=_Index(6),  # type: ignore[arg-type]
              kontra=_Index(1), declarer=_Index(2))  # type: ignore[arg-type]
    b = score(Contract.parse("C"), bid=24, matadors=2, declarer_points=70, declarer_tricks=6,
              kontra=1, declarer=2)
    assert a == b and a.declarer is Seat.REARHAND and type(a.declarer_points) is int
    assert game_value(Contract.parse("G"), _Index(4)) == 120  # type: ignore[arg-type]
    assert len(value_levels(Contract.parse("G"), _Index(-2))) == 2  # type: ignore[arg-type]
    assert matadors(_Index(4), CardSet.parse("CJ SJ")) == 2  # type: ignore[arg-type]
    assert legal_cards(_Index(4), "SJ S7", [Card.S8]) == CardSet.parse("S7")  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 7, 100, -7])
def test_kernel_functions_refuse_game_types_outside_0_to_6(bad: int) -> None:
    """A negative game type used to index the tables from the end (Ramsch)."""
    from skatlib import InvalidContractError, follows, is_trump, trump_mask

    calls: list[Callable[[], object]] = [
        lambda: matadors_mask(bad, 1 << 31),
        lambda: matadors(bad, CardSet.parse("CJ")),
        lambda: legal_cards(bad, "CJ S7", []),
        lambda: trick_winner(bad, [Card.CJ]),
        lambda: is_trump(bad, Card.CJ),
        lambda: follows(bad, Card.CJ, Card.S7),
        lambda: trump_mask(bad),
    ]
    for call in calls:
        with pytest.raises(InvalidContractError, match="is not a game type"):
            call()


@pytest.mark.parametrize("bad", ["4", 4.0, True, None])
def test_kernel_functions_refuse_game_types_of_the_wrong_type(bad: object) -> None:
    """A wrong *type* is a TypeError naming the parameter (the error policy)."""
    with pytest.raises(TypeError, match="game_type"):
        legal_cards(bad, "CJ S7", [])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="game_type"):
        matadors(bad, CardSet.parse("CJ"))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# The tables of skatlib._tables, entry by entry, against the literal reading in
# tests/reference.py (issue 14: mutation testing showed that the kernel tests above
# compare the tables with functions built on the same tables, so a wrong entry in
# SUIT_MASKS or NULL_RANK_STRENGTH went unnoticed)


def test_suit_masks_and_card_point_tables_agree_with_the_card_names() -> None:
    """ISkO 1.2.1-1.2.2: each card's suit and card points, read from its name."""
    from skatlib import _tables as T

    for s, letter in enumerate("DHSC"):
        assert T.SUIT_MASKS[s] == sum(1 << c for c in Card if ref.suit_of(c) == letter)
    assert sum(1 << c for c in Card if ref.rank_of(c) == "J") == T.JACKS
    assert T.FULL == sum(1 << c for c in Card) == DECK.mask
    assert [T.CARD_POINTS[c] for c in Card] == [ref.points([c]) for c in Card]
    for s in range(4):
        for byte in range(256):
            held = [c for c in Card if (byte << 8 * s) >> c & 1]
            assert T.BYTE_POINTS[byte] == T.mask_points(byte << 8 * s) == ref.points(held)


@given(st.integers(0, 2**32 - 1))
def test_mask_points_and_mask_cards_agree_with_the_cards_of_the_mask(mask: int) -> None:
    """ISkO 1.2.2: the points of any set of cards, added card by card."""
    from skatlib import _tables as T

    held = [c for c in Card if mask >> c & 1]
    assert T.mask_points(mask) == ref.points(held)
    assert T.mask_cards(mask) == [int(c) for c in held]


@pytest.mark.parametrize("game_type", list(GameType))
def test_trump_and_follow_tables_agree_with_the_literal_rules(game_type: GameType) -> None:
    """ISkO 2.3 (which cards are trumps, in which order) and 4.2 (which cards follow
    a led card), for every card and every led card."""
    from skatlib import _tables as T

    gt = int(game_type)
    for c in Card:
        assert bool(T.TRUMPS[gt] >> c & 1) == ref.is_trump(game_type, c), c
        for led in Card:
            assert bool(T.FOLLOW[gt][led] >> c & 1) == ref.follows(game_type, led, c), (led, c)
    assert [Card(c).name for c in T.TRUMP_ORDER[gt]] == ref.trump_order(game_type)


@pytest.mark.parametrize("game_type", list(GameType))
def test_every_trick_is_won_as_the_literal_rules_say(game_type: GameType) -> None:
    """ISkO 4.4 (R-4.3): all 29,760 tricks of three distinct cards in each game type,
    and every trick of two cards (who is winning so far)."""
    from skatlib import _tables as T

    gt = int(game_type)
    for a in Card:
        for b in Card:
            if b == a:
                continue
            assert trick_winner(game_type, [a, b]) == ref.trick_winner(game_type, [a, b])
            for c in Card:
                if c != a and c != b:
                    assert T.trick_winner_fast(gt, a, b, c) == ref.trick_winner(
                        game_type, [a, b, c]), (a, b, c)


@pytest.mark.parametrize("game_type", list(GameType))
def test_sort_order_is_the_trumps_then_clubs_spades_hearts_diamonds(game_type: GameType
                                                                     ) -> None:
    """ISkO 2.3: the trumps from the highest down, then each other suit in its own
    order (null: A K Q J T 9 8 7), clubs, spades, hearts, diamonds; grand's order is
    the default."""
    from skatlib import _tables as T

    gt = int(game_type)
    rest = [c for c in Card if not ref.is_trump(game_type, c)]
    rest.sort(key=lambda c: ("CSHD".index(ref.suit_of(c)), ref.plain_position(game_type, c)))
    assert [Card(c).name for c in T.SORT_ORDER[gt]] == ref.trump_order(game_type) + [
        c.name for c in rest]
    assert T.SORT_ORDER[T.GRAND] == T.DEFAULT_ORDER


def test_null_rank_strength_is_the_place_in_the_null_order() -> None:
    """ISkO 2.3.4 (null: A K Q J T 9 8 7): a rank's strength counts its place from the 7
    (0) up to the ace (7).  These numbers are read as numbers, not only compared
    (RuleBot's null danger per suit), so they are pinned, not just their order."""
    from skatlib import _tables as T

    for r, letter in enumerate("789QKTAJ"):
        assert T.NULL_RANK_STRENGTH[r] == len(ref.NULL_ORDER) - 1 - ref.NULL_ORDER.index(letter)
