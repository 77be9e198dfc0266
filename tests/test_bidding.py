"""Bid values (ISkO 3.3.1-3.3.2, R-6.7, D-9)."""

from __future__ import annotations

import itertools

import pytest

from int_like import IntLike
from reference import RULES_BID_TABLE, RULES_BID_VALUES, all_game_values
from skatlib import BID_VALUES, Bid, InvalidBidError, Reason, bid_meanings, is_bid_value, next_bid

_NAMES = {"D": "Diamonds", "H": "Hearts", "S": "Spades", "C": "Clubs", "G": "Grand"}
_NULLS = {"null": "Null", "null hand": "Null Hand", "null ouvert": "Null Ouvert",
          "null ouvert hand": "Null Ouvert Hand"}  # fmt: skip


def _meaning(entry: str) -> str:
    """'C×3' -> 'Clubs × 3'; 'null hand' -> 'Null Hand'."""
    if entry in _NULLS:
        return _NULLS[entry]
    letter, level = entry.split("×")
    return f"{_NAMES[letter]} × {level}"


def test_bid_values_equal_the_table_of_r_6_7() -> None:
    """The 63 values listed in R-6.7 (ISkO 3.3.1), in increasing order."""
    assert len(RULES_BID_VALUES) == 63
    assert list(RULES_BID_VALUES) == sorted(RULES_BID_VALUES)
    assert BID_VALUES == RULES_BID_VALUES
    assert BID_VALUES[0] == 18
    assert BID_VALUES[-1] == 264


def test_bid_values_are_exactly_the_possible_game_values_isko_3_3_1() -> None:
    """Only possible game values may be bid, and every one of them (≥ 18) may."""
    assert set(BID_VALUES) == {v for v in all_game_values() if v >= 18}


def test_every_printed_meaning_is_a_real_product() -> None:
    """Sanity check of the transcription itself: 'D×4' at 36 means 4 × 9 = 36."""
    bases = {"D": 9, "H": 10, "S": 11, "C": 12, "G": 24}
    nulls = {"null": 23, "null hand": 35, "null ouvert": 46, "null ouvert hand": 59}
    for value, entries in RULES_BID_TABLE.items():
        for entry in entries:
            if entry in nulls:
                assert nulls[entry] == value
            else:
                letter, level = entry.split("×")
                assert bases[letter] * int(level) == value


@pytest.mark.parametrize("value", range(0, 300))
def test_is_bid_value_and_bid_construction(value: int) -> None:
    if value in RULES_BID_TABLE:
        assert is_bid_value(value)
        assert Bid(value).value == value
        assert int(Bid(value)) == value
        assert str(Bid(value)) == str(value)
        assert repr(Bid(value)) == f"Bid({value})"
    else:
        assert not is_bid_value(value)
        with pytest.raises(InvalidBidError) as info:
            Bid(value)
        assert info.value.reason == Reason.NOT_A_BID_VALUE
        assert isinstance(info.value, ValueError)
        assert str(value) in str(info.value)


def test_bid_19_names_the_neighbours_18_and_20() -> None:
    """D-9: only the 63 values may be named; the error helps with the nearest ones."""
    with pytest.raises(InvalidBidError) as info:
        Bid(19)
    message = str(info.value)
    assert "19" in message
    assert "18" in message
    assert "20" in message


@pytest.mark.parametrize(
    ("value", "low", "high"), [(21, 20, 22), (25, 24, 27), (47, 46, 48), (200, 198, 204),
                               (263, 240, 264)]
)  # fmt: skip
def test_error_names_nearest_values(value: int, low: int, high: int) -> None:
    with pytest.raises(InvalidBidError) as info:
        Bid(value)
    assert str(low) in str(info.value)
    assert str(high) in str(info.value)


def test_bid_below_18_and_above_264() -> None:
    """The lowest bid is 18 (diamonds with or without 1), the highest 264 (R-6.7)."""
    with pytest.raises(InvalidBidError) as info:
        Bid(17)
    assert "18" in str(info.value)
    with pytest.raises(InvalidBidError) as info:
        Bid(265)
    assert "264" in str(info.value)


@pytest.mark.parametrize("bad", [True, False, 18.0, "18", None])
def test_non_integers_are_not_bids_and_bid_raises_a_type_error(bad: object) -> None:
    """The type policy: a wrong type is a TypeError naming the parameter (D-9 values only)."""
    assert not is_bid_value(bad)
    with pytest.raises(TypeError, match="value must be an int"):
        Bid(bad)  # type: ignore[arg-type]
    if bad is not None:
        with pytest.raises(TypeError, match="value must be an int"):
            next_bid(bad)  # type: ignore[arg-type]



def test_index_ints_are_bid_values_d9() -> None:
    assert is_bid_value(IntLike(46)) and Bid(IntLike(46)) == Bid(46)  # type: ignore[arg-type]
    assert next_bid(IntLike(18)) == 20 and bid_meanings(IntLike(35)) == ("Null Hand",)  # type: ignore[arg-type]
    np = pytest.importorskip("numpy")
    assert Bid(np.int64(18)) == Bid(18) and type(Bid(np.int64(18)).value) is int


def test_bids_are_ordered_values() -> None:
    assert Bid(18) < Bid(20) < Bid(264)
    assert Bid(46) == Bid(46)
    assert max(Bid(23), Bid(22)) == Bid(23)
    assert len({Bid(18), Bid(18)}) == 1


def test_next_bid_walks_the_table() -> None:
    """D-9: the listener holds, the bidder must go higher; next_bid gives the next value."""
    assert next_bid(None) == 18
    for lower, higher in itertools.pairwise(RULES_BID_VALUES):
        assert next_bid(lower) == higher
        assert next_bid(Bid(lower)) == higher
    assert next_bid(264) is None
    assert next_bid(19) == 20
    assert next_bid(0) == 18
    assert next_bid(17) == 18
    assert next_bid(263) == 264
    assert next_bid(1000) is None


@pytest.mark.parametrize("value", RULES_BID_VALUES)
def test_bid_meanings_match_r_6_7(value: int) -> None:
    expected = tuple(_meaning(e) for e in RULES_BID_TABLE[value])
    assert bid_meanings(value) == expected


def test_bid_meanings_examples() -> None:
    assert bid_meanings(36) == ("Diamonds × 4", "Clubs × 3")
    assert bid_meanings(35) == ("Null Hand",)
    # 24 is clubs with 1 only: grand × 1 is no game (a grand has at least 2 levels)
    assert bid_meanings(24) == ("Clubs × 2",)
    assert bid_meanings(72) == ("Diamonds × 8", "Clubs × 6", "Grand × 3")
    assert bid_meanings(19) == ()
    assert bid_meanings(9) == ()
    assert bid_meanings(270) == ()
    assert bid_meanings(288) == ()  # grand × 12 and clubs × 24 do not exist
