"""Contracts: what may be announced (ISkO 2.1, 2.2, 5.2.5-5.2.6) and the ISS notation."""

from __future__ import annotations

import pytest

from skatlib import (
    Contract,
    GameType,
    InvalidContractError,
    NotationError,
    Reason,
    SkatError,
)
from skatlib.contract import game_type_index

SUIT_AND_GRAND = [GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS,
                  GameType.GRAND]  # fmt: skip

# Every legal contract, written by hand: ISS text -> English name (FORMAT.md 3.4).
EXPECTED_NAMES = {
    "N": "Null", "NH": "Null Hand", "NO": "Null Ouvert", "NOH": "Null Ouvert Hand",
}  # fmt: skip
for _letter, _title in (("D", "Diamonds"), ("H", "Hearts"), ("S", "Spades"), ("C", "Clubs"),
                        ("G", "Grand")):  # fmt: skip
    EXPECTED_NAMES[_letter] = _title
    EXPECTED_NAMES[_letter + "H"] = f"{_title} Hand"
    EXPECTED_NAMES[_letter + "HS"] = f"{_title} Hand Schneider announced"
    EXPECTED_NAMES[_letter + "HZ"] = f"{_title} Hand Schwarz announced"
    EXPECTED_NAMES[_letter + "O"] = f"{_title} Ouvert"


# ---------------------------------------------------------------------------
# Validation


@pytest.mark.parametrize("gt", SUIT_AND_GRAND)
def test_schneider_announced_only_in_hand_games_isko_5_2_5(gt: GameType) -> None:
    with pytest.raises(InvalidContractError) as info:
        Contract(gt, hand=False, schneider=True)
    assert info.value.reason == Reason.FORBIDDEN_COMBINATION
    assert "hand" in str(info.value)
    # left out, hand is implied
    assert Contract(gt, schneider=True).hand


@pytest.mark.parametrize("gt", SUIT_AND_GRAND)
def test_schwarz_announced_only_in_hand_games_isko_5_2_5(gt: GameType) -> None:
    with pytest.raises(InvalidContractError):
        Contract(gt, hand=False, schwarz=True)
    with pytest.raises(InvalidContractError):
        Contract(gt, hand=False, schneider=True, schwarz=True)


@pytest.mark.parametrize("gt", SUIT_AND_GRAND)
def test_schwarz_implies_schneider_isko_5_2_5(gt: GameType) -> None:
    c = Contract(gt, schwarz=True)
    assert (c.hand, c.schneider, c.schwarz, c.ouvert) == (True, True, True, False)
    assert Contract(gt, hand=True, schneider=True, schwarz=True) == c
    with pytest.raises(InvalidContractError) as info:
        Contract(gt, hand=True, schneider=False, schwarz=True)
    assert "schneider" in str(info.value)


@pytest.mark.parametrize("gt", SUIT_AND_GRAND)
def test_suit_and_grand_ouvert_imply_hand_schneider_schwarz_isko_5_2_6(gt: GameType) -> None:
    c = Contract(gt, ouvert=True)
    assert (c.hand, c.schneider, c.schwarz, c.ouvert) == (True, True, True, True)
    assert Contract(gt, hand=True, schneider=True, schwarz=True, ouvert=True) == c
    for flag in ("hand", "schneider", "schwarz"):
        with pytest.raises(InvalidContractError) as info:
            Contract(gt, ouvert=True, **{flag: False})
        assert flag in str(info.value)


def test_null_takes_only_hand_and_ouvert_isko_5_1() -> None:
    """Null has the four variants null, hand, ouvert, ouvert hand; no announcements."""
    for hand in (False, True):
        for ouvert in (False, True):
            c = Contract(GameType.NULL, hand=hand, ouvert=ouvert)
            assert (c.hand, c.ouvert, c.schneider, c.schwarz) == (hand, ouvert, False, False)
    # null ouvert does NOT imply hand (46 vs 59)
    assert not Contract(GameType.NULL, ouvert=True).hand
    with pytest.raises(InvalidContractError):
        Contract(GameType.NULL, schneider=True)
    with pytest.raises(InvalidContractError):
        Contract(GameType.NULL, hand=True, schwarz=True)
    # an explicit False is no announcement
    assert Contract(GameType.NULL, schneider=False, schwarz=False) == Contract(GameType.NULL)


def test_plain_suit_game_defaults() -> None:
    c = Contract(GameType.CLUBS)
    assert (c.hand, c.schneider, c.schwarz, c.ouvert) == (False, False, False, False)
    c = Contract(GameType.CLUBS, hand=True)
    assert (c.hand, c.schneider, c.schwarz, c.ouvert) == (True, False, False, False)


@pytest.mark.parametrize("bad", [GameType.RAMSCH, 7, -1, 99])
def test_ramsch_and_unknown_game_types_are_not_contracts_d_17(bad: int) -> None:
    with pytest.raises(InvalidContractError):
        Contract(bad)


def test_flags_must_be_booleans() -> None:
    """A flag of another type is a wrong *type* (CONTRIBUTING "Errors and types")."""
    with pytest.raises(TypeError, match=r"^hand must be True or False \(or None\), not int"):
        Contract(GameType.CLUBS, hand=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^ouvert must be True or False") as info:
        Contract(GameType.GRAND, ouvert="yes")  # type: ignore[arg-type]
    assert isinstance(info.value, SkatError) and info.value.reason is Reason.WRONG_TYPE


@pytest.mark.parametrize("bad", ["C", None, 2.0, True, [3]])
def test_a_game_type_of_another_type_is_a_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match=r"^game_type must be a GameType"):
        Contract(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^game_type must be a GameType or an int 0..6"):
        game_type_index(bad)


def test_contracts_are_immutable_values() -> None:
    c = Contract.parse("CHS")
    assert c == Contract(GameType.CLUBS, hand=True, schneider=True)
    assert hash(c) == hash(Contract(GameType.CLUBS, hand=True, schneider=True))
    assert c != Contract.parse("CH")
    with pytest.raises(AttributeError):
        c.hand = False  # type: ignore[misc]


# ---------------------------------------------------------------------------
# Values (ISkO 5.1)


@pytest.mark.parametrize(
    ("text", "base", "value"),
    [("D", 9, None), ("H", 10, None), ("S", 11, None), ("C", 12, None), ("G", 24, None),
     ("CHS", 12, None), ("GO", 24, None),
     ("N", 23, 23), ("NH", 35, 35), ("NO", 46, 46), ("NOH", 59, 59)],
)  # fmt: skip
def test_base_and_null_values_isko_5_1(text: str, base: int, value: int | None) -> None:
    c = Contract.parse(text)
    assert c.base_value == base
    assert c.value == value
    assert c.is_null == (text[0] == "N")


# ---------------------------------------------------------------------------
# Notation


def test_all_lists_every_legal_contract_once() -> None:
    every = Contract.all()
    assert len(every) == 29 == len(EXPECTED_NAMES)
    assert len(set(every)) == 29
    assert sorted(str(c) for c in every) == sorted(EXPECTED_NAMES)
    assert {str(c) for c in Contract.all(hand=False)} == {"D", "H", "S", "C", "G", "N", "NO"}
    assert len(Contract.all(hand=True)) == 22
    assert all(c.hand for c in Contract.all(hand=True))


@pytest.mark.parametrize("contract", Contract.all(), ids=str)
def test_iss_notation_round_trip(contract: Contract) -> None:
    text = str(contract)
    assert Contract.parse(text) == contract
    assert repr(contract) == f"Contract.parse({text!r})"
    assert eval(repr(contract), {"Contract": Contract}) == contract
    assert Contract.parse(text.lower()) == contract


@pytest.mark.parametrize(("text", "name"), sorted(EXPECTED_NAMES.items()))
def test_names(text: str, name: str) -> None:
    assert Contract.parse(text).name == name
    assert str(Contract.parse(text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("CHS", "CHS"), ("CSH", "CHS"), ("GZH", "GHZ"), ("GHZ", "GHZ"), ("GZSH", "GHZ"),
     ("NHO", "NOH"), ("NOH", "NOH"), ("GOH", "GO"), ("GHSZO", "GO"), ("DHS", "DHS"),
     ("cs", "CHS"), ("gz", "GHZ"), ("  so ", "SO")],
)  # fmt: skip
def test_modifiers_in_any_order_and_implied(text: str, canonical: str) -> None:
    """FORMAT.md 3.4: modifiers H S Z O in any order; S/Z imply H, O implies all (5.2.6)."""
    assert str(Contract.parse(text)) == canonical


@pytest.mark.parametrize(
    "text", ["", " ", "X", "Q", "J", "CC", "CHH", "GX", "C H", "NN", "1", "G.H7.HQ", "Grand"]
)
def test_bad_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Contract.parse(text)
    assert isinstance(info.value, ValueError)
    assert info.value.reason == Reason.UNKNOWN_CONTRACT
    assert repr(text) in str(info.value)


def test_non_text_raises_notation_error() -> None:
    with pytest.raises(NotationError):
        Contract.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["NS", "NZ", "NHS", "NOZ"])
def test_forbidden_combination_in_text_raises_invalid_contract(text: str) -> None:
    """Null takes no schneider/schwarz announcement (ISkO 5.2.5)."""
    with pytest.raises(InvalidContractError):
        Contract.parse(text)
    with pytest.raises(SkatError):
        Contract.parse(text)


def test_h44_a_contract_takes_any_index_integer_as_its_game_type() -> None:
    """``Contract(np.int64(4))`` worked through the enum lookup but an ``__index__``
    integer without numpy's hash (``IntLike(4)``) was "unknown game type"; the game
    type goes through ``operator.index`` like every int argument."""
    from int_like import IntLike

    assert Contract(IntLike(4)) == Contract(GameType.GRAND)  # type: ignore[arg-type]
    assert type(Contract(IntLike(0)).game_type) is GameType  # type: ignore[arg-type]
    for bad in (IntLike(6), IntLike(-1), 7):
        with pytest.raises(InvalidContractError):
            Contract(bad)  # type: ignore[arg-type]
