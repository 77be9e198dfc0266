"""Cards and card sets (ISkO 1.2): notation, order, set behaviour, points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from int_like import IntLike
from skatlib import (
    DECK,
    Card,
    CardSet,
    GameType,
    InvalidCardsError,
    InvalidContractError,
    NotationError,
    Rank,
    Reason,
    SkatError,
    Suit,
    to_mask,
)

# Expected names written out by hand, suit letter then rank letter as in the ISS format.
ISS_SUITS = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
ISS_RANKS = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack",
             "9": "nine", "8": "eight", "7": "seven"}  # fmt: skip
ALL_CODES = [s + r for s in "CSHD" for r in "ATKQJ987"]


def test_there_are_32_distinct_card_codes() -> None:
    """ISkO 1.2.1: four suits of A 10 K Q J 9 8 7."""
    assert len(Card) == 32
    assert sorted(c.name for c in Card) == sorted(ALL_CODES)


@pytest.mark.parametrize("code", ALL_CODES)
def test_parse_iss_code(code: str) -> None:
    card = Card.parse(code)
    assert card.name == code
    assert card.suit.letter == code[0]
    assert card.rank.letter == code[1]
    assert Card.parse(code.lower()) is card  # case-insensitive
    assert Card.parse(f"  {code} ") is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("♣J", Card.CJ),
        ("♠10", Card.ST),
        ("♥A", Card.HA),
        ("♦7", Card.D7),
        ("♦Q", Card.DQ),
        ("s10", Card.ST),
        ("C10", Card.CT),
        # German names, French-suited deck
        ("Kreuz Bube", Card.CJ),
        ("Pik Zehn", Card.ST),
        ("Herz Dame", Card.HQ),
        ("Karo Ass", Card.DA),
        ("Herz König", Card.HK),
        ("Karo Sieben", Card.D7),
        ("kreuz bube", Card.CJ),
        # German names, German-suited deck
        ("Eichel Unter", Card.CJ),
        ("Grün Ober", Card.SQ),
        ("Schellen Daus", Card.DA),
        ("Herz Neun", Card.H9),
        # English names
        ("jack of clubs", Card.CJ),
        ("Jack of Clubs", Card.CJ),
        ("ten of spades", Card.ST),
        ("queen of hearts", Card.HQ),
        ("ace of diamonds", Card.DA),
        ("seven of spades", Card.S7),
    ],
)
def test_parse_other_notations(text: str, expected: Card) -> None:
    assert Card.parse(text) is expected


@pytest.mark.parametrize("card", list(Card))
def test_str_repr_and_names_round_trip(card: Card) -> None:
    """Every output notation of every card parses back to the same card."""
    assert str(card) == card.name
    assert repr(card) == f"Card.{card.name}"
    assert eval(repr(card), {"Card": Card}) is card
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol()) is card
    assert Card.parse(card.german()) is card
    assert Card.parse(card.german(german_suits=True)) is card
    assert Card.parse(card.english()) is card
    assert f"{card}" == card.name
    assert f"{card:>4}" == card.name.rjust(4)


def test_symbol_german_english_spelling() -> None:
    assert Card.ST.symbol() == "♠10"
    assert Card.CJ.symbol() == "♣J"
    assert Card.HT.german() == "Herz Zehn"
    assert Card.CJ.german() == "Kreuz Bube"
    assert Card.CJ.german(german_suits=True) == "Eichel Unter"
    assert Card.DA.german(german_suits=True) == "Schellen Daus"
    assert Card.SQ.german(german_suits=True) == "Grün Ober"
    assert Card.CJ.english() == "Jack of Clubs"


def test_suit_and_rank_of_a_jack_are_printed_ones() -> None:
    """The card knows its printed suit; whether it is a trump is the game's business."""
    assert Card.SJ.suit == Suit.SPADES
    assert Card.SJ.rank == Rank.JACK
    assert Card.of(Suit.HEARTS, Rank.TEN) is Card.HT
    assert Card.of(Suit.CLUBS, Rank.JACK) is Card.CJ


@pytest.mark.parametrize(
    "text",
    ["XZ", "C1", "CX", "ZJ", "Kreuz", "jack", "CJJ", "11", "Kreuz Bube Pik", "joker", "♣11",
     "", "   ",
     # single-letter German ranks (D = Dame, B = Bube, U = Unter, O = Ober) only after
     # the suit: "DH" would read as diamonds-something, so it names no card
     "DH", "BC", "US", "OD"],
)  # fmt: skip
def test_unknown_card_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, SkatError)
    assert info.value.reason == Reason.UNKNOWN_CARD
    assert repr(text) in str(info.value)


def test_parse_rejects_non_text_with_a_type_error_naming_the_parameter() -> None:
    with pytest.raises(TypeError, match="text must be str, not int"):
        Card.parse(31)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text must be str"):
        CardSet.parse(b"CJ")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Points (ISkO 1.2.2)


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)],
)
def test_card_points_isko_1_2_2(rank: str, points: int) -> None:
    for suit in "CSHD":
        assert Card.parse(suit + rank).points == points
    assert Rank(Card.parse("C" + rank).rank).points == points


def test_deck_has_32_cards_and_120_points_isko_1_2_2() -> None:
    assert len(DECK) == 32
    assert DECK.points() == 120
    assert set(DECK) == set(Card)
    for suit in "CSHD":
        assert CardSet.parse(" ".join(suit + r for r in "ATKQJ987")).points() == 30


# ---------------------------------------------------------------------------
# CardSet notation

GRAND_ORDER = "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 SA ST SK SQ S9 S8 S7 HA HT HK HQ H9 H8 H7 " \
    "DA DT DK DQ D9 D8 D7"  # fmt: skip


def _block(suit: str, ranks: str) -> list[str]:
    return [suit + r for r in ranks]


def _expected_order(game_type: GameType) -> list[str]:
    """Display order by hand: trumps first (jacks C S H D, then the trump suit A T K Q
    9 8 7), then the other suits clubs, spades, hearts, diamonds; null A K Q J T 9 8 7."""
    if game_type == GameType.NULL:
        return [code for s in "CSHD" for code in _block(s, "AKQJT987")]
    jacks = ["CJ", "SJ", "HJ", "DJ"]
    trump = {GameType.CLUBS: "C", GameType.SPADES: "S", GameType.HEARTS: "H",
             GameType.DIAMONDS: "D"}.get(game_type)  # fmt: skip
    out = list(jacks)
    if trump is not None:
        out += _block(trump, "ATKQ987")
    for s in "CSHD":
        if s != trump:
            out += _block(s, "ATKQ987")
    return out


def test_iteration_order_jacks_first_then_suits() -> None:
    """Jacks CJ SJ HJ DJ first, then clubs, spades, hearts, diamonds, each A T K Q 9 8 7."""
    assert [c.name for c in DECK] == GRAND_ORDER.split()
    assert [c.name for c in CardSet.parse("D7 HA CJ SA C7 DJ")] == ["CJ", "DJ", "C7", "SA",
                                                                   "HA", "D7"]


@pytest.mark.parametrize("game_type", list(GameType))
def test_sorted_for_every_game_type(game_type: GameType) -> None:
    expected = _expected_order(game_type)
    assert [c.name for c in DECK.sorted(game_type)] == expected
    some_codes = ["HJ", "H7", "HA", "HT", "DJ", "C9", "SQ", "DA", "D7"]
    some = CardSet.parse(" ".join(some_codes))
    assert [c.name for c in some.sorted(game_type)] == [e for e in expected if e in some_codes]


def test_sorted_examples() -> None:
    assert CardSet.parse("HJ H7 HA").sorted(GameType.NULL) == [Card.HA, Card.HJ, Card.H7]
    assert CardSet.parse("HA DJ H7 CA").sorted(GameType.HEARTS) == [
        Card.DJ, Card.HA, Card.H7, Card.CA]  # fmt: skip
    # null: the ten goes below the jack, the queen above it
    assert CardSet.parse("ST SJ SQ S9").sorted(GameType.NULL) == [
        Card.SQ, Card.SJ, Card.ST, Card.S9]  # fmt: skip
    assert CardSet.parse("ST SJ SQ S9").sorted(GameType.GRAND) == [
        Card.SJ, Card.ST, Card.SQ, Card.S9]  # fmt: skip
    assert DECK.sorted() == list(DECK)


@pytest.mark.parametrize(
    "text",
    ["CJ SJ HA", "CJ.SJ.HA", "CJ,SJ,HA", "cj sj ha", "♣J ♠J ♥A", "Kreuz Bube, Pik Bube, Herz Ass",
     "Kreuz Bube Pik Bube Herz Ass", "jack of clubs, jack of spades, ace of hearts",
     "Eichel Unter Grün Unter Herz Daus", "HA SJ CJ"],
)  # fmt: skip
def test_cardset_parse_forms(text: str) -> None:
    assert CardSet.parse(text) == CardSet.from_cards([Card.CJ, Card.SJ, Card.HA])


def test_cardset_str_and_repr() -> None:
    s = CardSet.parse("HA CJ D7 SJ")
    assert str(s) == "CJ SJ HA D7"
    assert repr(s) == "CardSet.parse('CJ SJ HA D7')"
    assert s.to_str(sep=".") == "CJ.SJ.HA.D7"
    assert s.to_str(GameType.NULL) == "CJ SJ HA D7"
    assert CardSet.parse("HA CJ D7 SJ CA").to_str(GameType.NULL) == "CA CJ SJ HA D7"
    assert CardSet.parse("HA CJ D7 SJ CA").to_str(GameType.HEARTS) == "CJ SJ HA CA D7"
    assert str(CardSet()) == ""
    assert repr(CardSet()) == "CardSet.parse('')"
    assert CardSet.parse("") == CardSet()


@pytest.mark.parametrize(
    "text", ["", "CJ", "CJ SJ HJ DJ", "D7 D8 D9 DQ DK DT DA", GRAND_ORDER]
)
def test_cardset_str_repr_round_trip(text: str) -> None:
    s = CardSet.parse(text)
    assert CardSet.parse(str(s)) == s
    assert eval(repr(s), {"CardSet": CardSet}) == s
    assert CardSet.parse(s.to_str(GameType.NULL, sep=".")) == s


@pytest.mark.parametrize(
    "text", ["CJ CJ", "CJ SJ CJ", "Kreuz Bube CJ", "CJ,cj", "♠10 ST"]
)
def test_duplicates_raise_invalid_cards_error(text: str) -> None:
    with pytest.raises(InvalidCardsError) as info:
        CardSet.parse(text)
    assert info.value.reason == Reason.DUPLICATE_CARD


def test_from_cards_duplicates_and_non_cards() -> None:
    with pytest.raises(InvalidCardsError):
        CardSet.from_cards([Card.CJ, Card.CJ])
    with pytest.raises(InvalidCardsError):
        CardSet.from_cards([32])
    with pytest.raises(InvalidCardsError):
        CardSet.from_cards([-1])
    with pytest.raises(InvalidCardsError):
        CardSet(1 << 32)
    assert CardSet.from_cards(["CJ", Card.SJ]) == CardSet.parse("CJ SJ")


def test_cardset_parse_unknown_card_raises_notation_error() -> None:
    with pytest.raises(NotationError) as info:
        CardSet.parse("CJ XX SJ")
    assert "XX" in str(info.value)


# ---------------------------------------------------------------------------
# CardSet as a set


def test_len_in_bool() -> None:
    s = CardSet.parse("CJ SJ HA")
    assert len(s) == 3
    assert Card.CJ in s
    assert Card.HJ not in s
    text: object = "CJ"
    assert text not in s  # text is not a card
    assert None not in s
    assert bool(s)
    assert not CardSet()
    assert len(CardSet()) == 0


def test_set_operators() -> None:
    a = CardSet.parse("CJ SJ HA HT")
    b = CardSet.parse("HA HT D7")
    assert a | b == CardSet.parse("CJ SJ HA HT D7")
    assert a & b == CardSet.parse("HA HT")
    assert a - b == CardSet.parse("CJ SJ")
    assert b - a == CardSet.parse("D7")
    assert a ^ b == CardSet.parse("CJ SJ D7")
    assert len(~a) == 28
    assert ~a & a == CardSet()
    assert ~a | a == DECK
    assert CardSet.parse("HA") <= b
    assert CardSet.parse("HA") < b
    assert not b < b
    assert b <= b
    assert b >= CardSet.parse("D7 HT")
    assert b > CardSet.parse("D7 HT")
    assert not a <= b
    assert a.isdisjoint(CardSet.parse("D7 D8"))
    assert not a.isdisjoint(b)
    assert a.isdisjoint([Card.D7])


def test_set_operators_with_python_sets() -> None:
    a = CardSet.parse("CJ SJ")
    assert a | {Card.HA} == CardSet.parse("CJ SJ HA")
    union: object = {Card.HA} | a  # set.__or__ gives way to CardSet.__ror__
    assert union == CardSet.parse("CJ SJ HA")
    assert isinstance(union, CardSet)
    assert a & {Card.SJ, Card.D7} == CardSet.parse("SJ")
    assert a - {Card.SJ} == CardSet.parse("CJ")
    difference: object = {Card.SJ, Card.D7} - a
    assert difference == CardSet.parse("D7")
    assert isinstance(difference, CardSet)
    assert isinstance(a | {Card.HA}, CardSet)


def test_cardset_is_immutable_and_hashable() -> None:
    a = CardSet.parse("CJ SJ")
    assert hash(a) == hash(CardSet.parse("SJ CJ"))
    assert len({a, CardSet.parse("SJ CJ")}) == 1
    with pytest.raises(AttributeError):
        a.mask = 0  # type: ignore[misc]


# ---------------------------------------------------------------------------
# The type/value policy and Set semantics (CONTRIBUTING, "Errors and types")


@pytest.mark.parametrize(("suit", "rank"), [(-1, 0), (0, 8), (4, 0), (0, -1), (10**20, 0)])
def test_card_of_refuses_suits_and_ranks_out_of_range(suit: int, rank: int) -> None:
    """``Card.of(-1, 0)`` was C7 and ``Card.of(0, 8)`` H7 (index arithmetic)."""
    with pytest.raises(InvalidCardsError) as exc:
        Card.of(suit, rank)
    assert exc.value.reason == Reason.CARD_OUT_OF_RANGE


@pytest.mark.parametrize("bad", [True, 1.0, "1", None])
def test_card_of_refuses_non_ints(bad: object) -> None:
    with pytest.raises(TypeError, match=r"^suit must be"):
        Card.of(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^rank must be"):
        Card.of(0, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_type", [-1, 7, 100])
def test_sorted_refuses_game_types_out_of_range(game_type: int) -> None:
    """A negative game type was read as Ramsch (``SORT_ORDER[-1]``)."""
    with pytest.raises(InvalidContractError) as exc:
        CardSet.parse("CJ HA").sorted(game_type)
    assert exc.value.reason == Reason.GAME_TYPE_OUT_OF_RANGE
    with pytest.raises(TypeError, match=r"^game_type must be"):
        CardSet.parse("CJ HA").sorted(1.0)  # type: ignore[arg-type]



def test_index_ints_are_cards_and_masks() -> None:
    assert Card.of(IntLike(3), IntLike(7)) is Card.CJ  # type: ignore[arg-type]
    assert CardSet(IntLike(1)) == CardSet.parse("D7")  # type: ignore[arg-type]
    assert to_mask([IntLike(31), 0]) == 0x80000001  # type: ignore[list-item]
    assert IntLike(31) in CardSet.parse("CJ")  # type: ignore[comparison-overlap]
    np = pytest.importorskip("numpy")
    assert Card.of(np.int64(1), np.int8(5)) is Card.HT
    assert CardSet(np.uint32(3)).mask == 3 and type(CardSet(np.uint32(3)).mask) is int
    assert to_mask(np.array([31, 0])) == 0x80000001 and np.int64(31) in CardSet.parse("CJ")


@pytest.mark.parametrize("bad", [True, 2.0, None, object()])
def test_masks_and_card_lists_of_the_wrong_type_are_type_errors(bad: object) -> None:
    with pytest.raises(TypeError):
        to_mask(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^cards must be"):
        to_mask([Card.CJ, bad])  # type: ignore[list-item]
    if bad is not None:
        with pytest.raises(TypeError, match=r"^mask must be"):
            CardSet(bad)  # type: ignore[arg-type]


@given(st.integers(0, 0xFFFFFFFF))
def test_cardset_equals_and_hashes_like_the_frozenset_of_its_cards(mask: int) -> None:
    """collections.abc.Set: equal sets are equal whatever their class, and hash alike."""
    cs = CardSet(mask)
    fs = frozenset(cs)
    ints = frozenset(int(c) for c in cs)
    assert cs == fs and fs == cs and cs == ints and cs == set(ints)
    assert (cs != fs) is False and hash(cs) == hash(fs) == hash(ints)
    assert cs <= fs and cs >= fs and not cs < fs and not cs > fs
    assert len({cs, fs, ints}) == 1  # one dict/set key
    other = CardSet(mask ^ 1)
    assert cs != frozenset(other) and (other == fs) is False


def test_cardset_compares_with_sets_of_non_cards_by_membership() -> None:
    cj = CardSet.parse("CJ")
    assert cj == {31.0} and {31.0} == cj  # 31.0 == 31, as frozenset({31}) == {31.0}
    assert cj != {"CJ"} and not cj <= {"CJ"}  # a string is no card: no parsing here
    assert cj < {31, "x"} and cj.isdisjoint({"CJ"})
    with pytest.raises(TypeError):
        _ = cj | {"CJ"}
    assert (cj == [Card.CJ]) is False  # a list is no Set


def test_unchecked_set_equals_the_checked_constructor() -> None:
    """The fast constructor of the state's views builds what CardSet(mask) builds."""
    import random

    from skatlib.cards import unchecked_set

    rng = random.Random(3)
    for mask in [0, 1, 0xFFFFFFFF, *(rng.getrandbits(32) for _ in range(200))]:
        fast = unchecked_set(mask)
        assert fast == CardSet(mask) and hash(fast) == hash(CardSet(mask))
        assert repr(fast) == repr(CardSet(mask)) and list(fast) == list(CardSet(mask))


def test_h48_parsing_a_huge_text_stops_after_the_33rd_card(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """``CardSet.parse("C7 " * 10**6)`` looked up every one of the million names
    before finding the duplicate (about 20 s); a set has 32 cards, so the parse
    stops at the 33rd and reports the repeated card."""
    import skatlib.cards as cards_module

    calls = 0
    real = cards_module._normalise

    def counting(text: str) -> str:
        nonlocal calls
        calls += 1
        return real(text)

    monkeypatch.setattr(cards_module, "_normalise", counting)
    with pytest.raises(InvalidCardsError, match="duplicate card C7"):
        CardSet.parse("C7 " * 10**5)
    assert calls <= 33
    calls = 0
    assert CardSet.parse(" ".join(c.name for c in Card)) == CardSet(0xFFFFFFFF)
    assert calls == 32


def test_cardset_hash_tables_match_frozenset_hashes_for_every_suit_byte() -> None:
    """The byte tables behind ``hash(CardSet)`` (built by doubling at import, issue 18)
    give ``hash(frozenset(cards))`` for every byte of every suit, and so for any mask."""
    for suit in range(4):
        for byte in range(256):
            cards = CardSet(byte << 8 * suit)
            assert hash(cards) == hash(frozenset(cards)), (suit, byte)


def test_card_names_are_built_on_first_parse_and_are_every_name() -> None:
    """``import skatlib`` does not build the table of card names (issue 18): the first
    parse builds it, whole, in a fresh interpreter."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import skatlib

    code = ("import skatlib.cards as c\n"
            "empty = not c._NAMES\n"
            "first = c.Card.parse('Eichel Unter')\n"
            "print(empty, first, c._NAMES == c._build_names(), len(c._NAMES) > 1000)")
    src = str(Path(skatlib.__file__).resolve().parent.parent)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, env={**os.environ, "PYTHONPATH": src}, check=True)
    assert out.stdout.split() == ["True", "CJ", "True", "True"]
