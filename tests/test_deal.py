"""Deals and seats (ISkO 3.2, D-12): the type/value policy of their arguments."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from int_like import IntLike
from skatlib import CardSet, Deal, InvalidCardsError, Reason, Seat, SkatError


def test_deal_keeps_no_mutable_list_of_hands() -> None:
    d = Deal.shuffled(1)
    hands = list(d.hands)
    copy = Deal(hands, d.skat)
    assert isinstance(copy.hands, tuple) and copy == d and hash(copy) == hash(d)
    hands.reverse()  # changing the caller's list changes nothing in the deal
    assert copy.hands == d.hands


def test_deal_hand_of_a_bad_seat_says_bad_seat_not_not_your_turn() -> None:
    d = Deal.shuffled(1)
    with pytest.raises(InvalidCardsError) as exc:
        d.hand(5)
    assert exc.value.reason == Reason.BAD_SEAT and "seat 5" in str(exc.value)
    with pytest.raises(TypeError, match=r"^seat must be a Seat or an int"):
        d.hand(True)
    with pytest.raises(TypeError, match=r"^seat must be"):
        d.hand("0")  # type: ignore[arg-type]


def test_deal_accepts_index_ints_for_seats_and_seeds() -> None:
    d = Deal.shuffled(1)
    assert d.hand(IntLike(2)) == d.hand(Seat.REARHAND)  # type: ignore[arg-type]
    assert Deal.shuffled(IntLike(1)) == d  # type: ignore[arg-type]
    np = pytest.importorskip("numpy")
    assert Deal.shuffled(np.int64(1)) == d and d.hand(np.int64(0)) == d.hand(0)


@pytest.mark.parametrize("seed", [1.5, True, (1, 2), b"x"])
def test_deal_shuffled_refuses_seeds_of_other_types(seed: object) -> None:
    with pytest.raises(TypeError, match=r"^rng_or_seed must be"):
        Deal.shuffled(seed)  # type: ignore[arg-type]


def test_deal_parts_of_the_wrong_type_are_type_errors() -> None:
    d = Deal.shuffled(2)
    with pytest.raises(TypeError, match=r"^hands \(middlehand\) must be a CardSet"):
        Deal((d.hands[0], "x", d.hands[2]), d.skat)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^skat must be a CardSet"):
        Deal(d.hands, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^hands must be"):
        Deal("abc", d.skat)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^deck must be"):
        Deal.from_order(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^text must be str"):
        Deal.parse(None)  # type: ignore[arg-type]
    # the wrong-type errors stay catchable as SkatError (code written before the policy)
    with pytest.raises(SkatError) as exc:
        Deal.parse(None)  # type: ignore[arg-type]
    assert exc.value.reason == Reason.WRONG_TYPE


def test_endless_iterables_are_not_read_forever() -> None:
    import itertools

    with pytest.raises(InvalidCardsError, match="or more"):
        Deal.from_order(itertools.count())
    with pytest.raises(InvalidCardsError, match="3 hands, not 4"):
        Deal(itertools.repeat(Deal.shuffled(1).hands[0]), Deal.shuffled(1).skat)  # type: ignore[arg-type]


def test_h43_a_negative_seed_is_refused_not_dealt_as_its_absolute_value() -> None:
    """Python's ``random.seed(-n)`` is ``random.seed(n)``: ``Deal.shuffled(-1)`` dealt
    the same cards as ``Deal.shuffled(1)`` -- two seeds, one deal.  A negative seed is
    refused (``BAD_SEED``); seeds >= 0 deal as before (the stable contract)."""
    for seed in (-1, -2, IntLike(-5), -(2**70)):
        with pytest.raises(SkatError, match="is negative") as info:
            Deal.shuffled(seed)  # type: ignore[arg-type]
        assert info.value.reason is Reason.BAD_SEED
    assert str(Deal.shuffled(1)).startswith("CQ C8 ST SQ S8 S7 HA H9 DA D9 / CJ DJ")
    assert Deal.shuffled(0) == Deal.shuffled(IntLike(0)) != Deal.shuffled(1)  # type: ignore[arg-type]


def test_h48_a_deal_text_of_the_wrong_length_is_refused_before_parsing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``Deal.parse("CJ " * 10**5)`` parsed every card before counting them."""
    from skatlib import Card

    calls: list[str] = []
    real = Card.parse

    def counting(text: str) -> Card:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(Card, "parse", counting)
    with pytest.raises(InvalidCardsError, match="a deal lists 32 cards, not 100000") as info:
        Deal.parse("CJ " * 10**5)
    assert info.value.reason is Reason.WRONG_CARD_COUNT and calls == []
    deal = Deal.shuffled(2)
    assert Deal.parse(deal.to_iss()) == deal and len(calls) == 32


@pytest.mark.parametrize("cls", [str, list, tuple, CardSet])
def test_a_class_given_as_the_hands_or_the_deck_is_a_type_error(cls: type) -> None:
    """CONTRIBUTING "Errors and types" (the API fuzzer: ``Deal(str, 0)`` let "'type'
    object is not iterable" escape, since ``hasattr(str, "__iter__")`` is true of the
    class itself)."""
    from skatlib.errors import ArgumentTypeError

    with pytest.raises(ArgumentTypeError, match="hands must be a sequence of 3 CardSets"):
        Deal(cls, CardSet())  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="deck must be an iterable of 32 cards"):
        Deal.from_order(cls)  # type: ignore[arg-type]


@given(st.integers(0, 2**32 - 1))
def test_one_shuffle_is_textbook_fisher_yates_dealt_3_2_4_3_isko_3_2(seed: int) -> None:
    """``Deal.shuffled`` (through ``deal._shuffled_masks``, which deals while it
    shuffles and uses ``floor``) equals a plain Fisher-Yates over ``random()``
    with ``int()``, dealt afterwards by ``deal_order()``, and draws exactly 31
    numbers (so a seeded generator goes on alike after a deal)."""
    import random as _random

    from skatlib.deal import deal_order

    mine, ref = _random.Random(seed), _random.Random(seed)
    deck = list(range(32))
    for i in range(31, 0, -1):
        j = int(ref.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    masks = [0, 0, 0, 0]
    for who, card in zip(deal_order(), deck):
        masks[who] |= 1 << card
    d = Deal.shuffled(mine)
    assert [h.mask for h in d.hands] + [d.skat.mask] == masks
    assert Deal.from_order(deck) == d
    assert mine.random() == ref.random()
