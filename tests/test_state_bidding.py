"""Bidding on the game state (ISkO 3.3, old numbering; rulings D-8, D-9).

Middlehand names values to forehand, who holds by equalling; middlehand must go
higher; a pass is final.  Then rearhand bids to the survivor and must exceed the
last value named.  Jump bids are legal but only the 63 game values may be named.
If middlehand and rearhand pass without bidding, forehand may play at 18 or pass;
if all three pass, the deal is over with no score (D-8).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import (
    Bid,
    Card,
    Concede,
    Contract,
    Deal,
    Declare,
    EndReason,
    GameState,
    Hold,
    IllegalActionError,
    InvalidBidError,
    Pass,
    PassedIn,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    Reason,
    Seat,
    apply,
    is_legal,
    legal_actions,
    new_game,
    parse_action,
    result,
)
from skatlib.actions import Action
from state_strategies import BID_TABLE, RefAuction, examples, seat_moves, text_moves

DEAL = Deal.shuffled(1)
F, M, R = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND


def start() -> GameState:
    return new_game(DEAL)


def texts(state: GameState) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def bids_above(value: int) -> list[str]:
    """The legal bids above ``value`` from the R-6.7 table, then pass."""
    return [str(v) for v in BID_TABLE if v > value] + ["p"]


# ---------------------------------------------------------------------------
# The start of the auction


def test_middlehand_bids_first_to_forehand_isko_3_3_2() -> None:
    """ISkO 3.3.2 ("geben, hören, sagen"): middlehand speaks first; any of the 63 values or pass."""
    s = start()
    assert s.phase == Phase.BIDDING
    assert s.to_move == M
    assert s.bid == 0
    assert s.declarer is None
    assert texts(s) == bids_above(0)
    assert len([a for a in legal_actions(s) if isinstance(a, Bid)]) == 63
    assert result(s) is None


def test_legal_bids_are_only_the_63_game_values_d9() -> None:
    """D-9 / ISkO 3.3.1: only game values can be named; 19, 17 and 265 are no bids."""
    for bad in (0, 17, 19, 21, 25, 47, 265, 300):
        with pytest.raises(InvalidBidError) as exc:
            Bid(bad)
        assert exc.value.reason == Reason.NOT_A_BID_VALUE
    with pytest.raises(InvalidBidError):
        parse_action("19")
    assert [a.value for a in legal_actions(start()) if isinstance(a, Bid)] == list(BID_TABLE)


# ---------------------------------------------------------------------------
# Table-driven auctions: FORMAT.md §3.3 and more (seat action pairs, seats checked)

FILLED = " ".join(f"2 {v} 0 y" for v in BID_TABLE if v <= 46)

AUCTIONS: list[tuple[str, Seat | None, int]] = [
    # FORMAT.md §3.3, the examples from the data
    ("1 18 0 y 1 20 0 y 1 22 0 y 1 p 2 p", F, 22),
    (f"1 p {FILLED} 2 p", F, 46),
    ("1 p 2 18 0 y 2 46 0 y 2 p", F, 46),  # the same with a jump bid (D-9)
    ("1 18 0 p 2 20 1 p", R, 20),
    ("1 p 2 p 0 18", F, 18),
    ("1 p 2 p 0 p", None, 0),
    # first phase only
    ("1 18 0 y 1 p 2 p", F, 18),
    ("1 18 0 p 2 p", M, 18),
    ("1 60 0 p 2 p", M, 60),
    ("1 264 0 y 1 p 2 p", F, 264),
    # rearhand against forehand
    ("1 p 2 20 0 p", R, 20),
    ("1 p 2 20 0 y 2 p", F, 20),
    ("1 18 0 y 1 p 2 20 0 y 2 p", F, 20),
    ("1 18 0 y 1 p 2 20 0 y 2 22 0 p", R, 22),
    ("1 18 0 y 1 20 0 y 1 p 2 22 0 y 2 23 0 y 2 24 0 p", R, 24),
    # rearhand against middlehand
    ("1 18 0 p 2 20 1 y 2 p", M, 20),
    ("1 18 0 y 1 20 0 p 2 22 1 y 2 p", M, 22),
    ("1 18 0 y 1 20 0 p 2 22 1 y 2 23 1 y 2 24 1 p", R, 24),
    ("1 18 0 p 2 99 1 y 2 264 1 p", R, 264),
    ("1 264 0 p 2 p", M, 264),
]


@pytest.mark.parametrize(("moves", "declarer", "bid"), AUCTIONS)
def test_auction_table_isko_3_3_d9(moves: str, declarer: Seat | None, bid: int) -> None:
    """ISkO 3.3.2-3.3.7 / D-8 / D-9: the declarer is the one left, at the last value he
    named or held; all three passing ends the deal with no score.  Every move is made
    by the seat the state says is to move, and the reference auction agrees."""
    s = seat_moves(start(), moves)
    ref = RefAuction()
    for text in moves.split()[1::2]:
        ref.act(text)
    assert ref.stage == 0
    assert len(s.history) == len(moves.split()) // 2
    assert [(int(w), str(a)) for w, a in s.history] == [
        (int(w), t) for w, t in zip(moves.split()[::2], moves.split()[1::2])
    ]
    if declarer is None:
        assert ref.passed_in
        assert s.phase == Phase.FINISHED
        assert s.declarer is None
        assert s.end == EndReason.PASSED_IN
        assert isinstance(result(s), PassedIn)
        return
    assert (ref.declarer, ref.value) == (int(declarer), bid)
    assert s.phase == Phase.SKAT
    assert s.declarer == declarer
    assert s.bid == bid
    assert s.to_move == declarer
    assert s.contract is None
    assert legal_actions(s) == (PickUpSkat(), PlayHand())


# ---------------------------------------------------------------------------
# Who may do what


def test_listener_holds_by_equalling_or_passes_isko_3_3_2() -> None:
    """ISkO 3.3.2: the listener (forehand) answers yes or pass; he names no value."""
    s = text_moves(start(), "18")
    assert s.to_move == F
    assert legal_actions(s) == (Hold(), Pass())
    s = apply(s, Hold())
    assert s.to_move == M
    assert s.bid == 18  # holding keeps the value


def test_bidder_must_go_higher_jumps_allowed_d9() -> None:
    """D-9: after forehand holds 20, middlehand may name any higher value (jumps too)."""
    s = text_moves(start(), "20 y")
    assert s.to_move == M
    assert texts(s) == bids_above(20)
    s2 = apply(s, Bid(120))  # a jump
    assert s2.bid == 120
    assert s2.to_move == F


def test_highest_bid_leaves_only_pass_d9() -> None:
    """D-9: 264 is the top value; after it is held, the bidder can only pass."""
    s = text_moves(start(), "264 y")
    assert legal_actions(s) == (Pass(),)
    s = text_moves(start(), "264 p")
    assert s.to_move == R
    assert legal_actions(s) == (Pass(),)


@pytest.mark.parametrize(
    ("moves", "last_named"),
    [("1 18 0 y 1 20 0 p", 20), ("1 18 0 y 1 20 0 y 1 p", 20), ("1 p", 0), ("1 27 0 p", 27)],
)
def test_rearhand_must_exceed_the_last_value_named_isko_3_3_3(moves: str, last_named: int) -> None:
    """ISkO 3.3.3 (R-7.3): rearhand's first bid must be higher than the last value named,
    whether it was held or not."""
    s = seat_moves(start(), moves)
    assert s.to_move == R
    assert texts(s) == bids_above(last_named)
    if last_named:
        with pytest.raises(IllegalActionError) as exc:
            apply(s, Bid(last_named))
        assert exc.value.reason == Reason.BID_TOO_LOW


def test_forehand_may_play_at_18_or_pass_after_two_passes_d9() -> None:
    """D-9 (R-7.4): middlehand and rearhand passed without bidding; forehand may open at
    18 (then he is the declarer at 18) or pass.  A higher opening value is not offered."""
    s = text_moves(start(), "p p")
    assert s.to_move == F
    assert legal_actions(s) == (Bid(18), Pass())
    for value in (20, 23, 46, 264):
        assert not is_legal(s, Bid(value))
        with pytest.raises(IllegalActionError) as exc:
            apply(s, Bid(value))
        assert exc.value.legal == ("18", "p")
    declared = apply(s, Bid(18))
    assert (declared.phase, declared.declarer, declared.bid) == (Phase.SKAT, F, 18)


@pytest.mark.parametrize(
    "moves",
    ["1 p", "1 18 0 p", "1 18 0 y 1 p", "1 p 2 18 0 p", "1 18 0 p 2 20 1 p", "1 p 2 p"],
)
def test_a_pass_is_final_isko_3_3_3(moves: str) -> None:
    """R-7.3 (Skatgericht on old 3.3.9): a player who passed is never asked again."""
    s = seat_moves(start(), moves)
    passed = {int(w) for w, a in zip(moves.split()[::2], moves.split()[1::2]) if a == "p"}
    while s.phase == Phase.BIDDING:
        assert s.to_move is not None
        assert int(s.to_move) not in passed
        s = apply(s, legal_actions(s)[0])  # lowest bid or hold, never pass
    if s.declarer is not None:
        assert int(s.declarer) not in passed


def test_all_three_pass_finished_passed_in_d8() -> None:
    """D-8 / ISkO 3.3.7: all pass ("eingepasst"): the deal ends, no score, nothing legal."""
    s = text_moves(start(), "p p p")
    assert s.phase == Phase.FINISHED
    assert s.is_finished
    assert s.to_move is None
    assert s.declarer is None
    assert s.end == EndReason.PASSED_IN
    assert legal_actions(s) == ()
    res = result(s)
    assert isinstance(res, PassedIn)
    assert res.score == 0
    assert res.passed_in
    for action in (Pass(), Bid(18), Hold(), PickUpSkat(), Play(Card.CJ)):
        with pytest.raises(IllegalActionError) as exc:
            apply(s, action)
        assert exc.value.reason == Reason.WRONG_PHASE
        assert exc.value.legal == ()


# ---------------------------------------------------------------------------
# Illegal actions: right Reason, legal alternatives listed, state unchanged

ILLEGAL: list[tuple[str, Action, Reason | None]] = [
    ("", Hold(), Reason.WRONG_PHASE),  # the bidder cannot hold
    ("", Play(Card.CJ), Reason.WRONG_PHASE),
    ("", PickUpSkat(), Reason.WRONG_PHASE),
    ("", Declare(Contract.parse("GH")), Reason.WRONG_PHASE),
    ("", Concede(Seat.MIDDLEHAND), Reason.WRONG_PHASE),
    ("1 18", Bid(20), Reason.MUST_HOLD_OR_PASS),  # the listener names no value
    ("1 18", Play(Card.CJ), Reason.MUST_HOLD_OR_PASS),
    ("1 18 0 y", Bid(18), Reason.BID_TOO_LOW),  # the bidder must go higher
    ("1 20 0 y", Bid(18), Reason.BID_TOO_LOW),
    ("1 20 0 y", Hold(), Reason.WRONG_PHASE),
    ("1 18 0 y 1 20 0 p", Bid(18), Reason.BID_TOO_LOW),  # rearhand must exceed 20
    ("1 18 0 y 1 20 0 p", Bid(20), Reason.BID_TOO_LOW),
    ("1 18 0 y 1 20 0 p 2 22", Bid(23), Reason.MUST_HOLD_OR_PASS),  # middlehand now listens
    ("1 p", Hold(), Reason.WRONG_PHASE),
    ("1 p 2 p", Hold(), Reason.WRONG_PHASE),
    ("1 p 2 p", Bid(20), None),  # forehand may only open at 18 (D-9)
    ("1 18 0 y 1 p 2 p", Bid(20), Reason.WRONG_PHASE),  # bidding is over
    ("1 18 0 y 1 p 2 p", Pass(), Reason.WRONG_PHASE),
    ("1 18 0 y 1 p 2 p", Declare(Contract.parse("GH")), Reason.WRONG_PHASE),
    ("1 18 0 y 1 p 2 p", Play(Card.CJ), Reason.WRONG_PHASE),
]


@pytest.mark.parametrize(("moves", "action", "reason"), ILLEGAL)
def test_illegal_bidding_action_raises_and_changes_nothing_d9(
    moves: str, action: Action, reason: Reason | None
) -> None:
    """D-9 / ISkO 3.3: a wrong-turn, wrong-phase or too-low action raises
    IllegalActionError with its Reason, lists the legal alternatives, and the state
    (frozen) is equal to and hashes like the state before."""
    s = seat_moves(start(), moves)
    before_hash = hash(s)
    twin = seat_moves(start(), moves)
    assert not is_legal(s, action)
    with pytest.raises(IllegalActionError) as exc:
        apply(s, action)
    if reason is not None:
        assert exc.value.reason == reason
    assert exc.value.action == action
    assert exc.value.legal == tuple(texts(s))
    assert exc.value.legal  # the alternatives are listed
    assert str(action) in str(exc.value)
    assert s == twin
    assert hash(s) == before_hash == hash(twin)


def test_too_low_bid_message_names_the_value_to_beat_isko_3_3_3() -> None:
    """The error explains what would be legal: a value above the current one."""
    s = text_moves(start(), "30 y")
    with pytest.raises(IllegalActionError) as exc:
        apply(s, Bid(27))
    assert "30" in str(exc.value)
    assert exc.value.legal[0] == "33"


# ---------------------------------------------------------------------------
# Random auctions against the reference machine


@settings(max_examples=examples(150))
@given(data=st.data())
def test_random_auctions_follow_the_reference_isko_3_3_d9(data: st.DataObject) -> None:
    """D-9 / ISkO 3.3: for auctions drawn from legal_actions, the seat to move, the legal
    actions, the declarer and the bid agree with a literal model of the rules."""
    s = start()
    ref = RefAuction()
    while s.phase == Phase.BIDDING:
        assert s.to_move is not None
        assert int(s.to_move) == ref.turn
        assert set(texts(s)) == ref.legal()
        action = data.draw(st.sampled_from(legal_actions(s)))
        s = apply(s, action)
        ref.act(str(action))
    assert ref.stage == 0
    if ref.passed_in:
        assert s.phase == Phase.FINISHED
        assert isinstance(result(s), PassedIn)
    else:
        assert s.phase == Phase.SKAT
        assert s.declarer is not None
        assert (int(s.declarer), s.bid) == (ref.declarer, ref.value)
        assert s.bid in BID_TABLE


@pytest.mark.parametrize("moves", ["18 y p p", "p 18 p", "p p 18", "18 y 20 p p"])
def test_the_state_when_the_bidding_ends_with_a_declarer(moves: str) -> None:
    """ISkO 3.3.4-3.3.5: the highest bidder is the declarer and decides on the skat; no
    game is declared yet, so every documented "not yet" value holds (mutation testing:
    the declarer's state was built with a shifted setup and game type -2)."""
    s = GameState.from_position(Deal.shuffled(3), moves)
    assert s.phase == Phase.SKAT and s.to_move_index == s.declarer_index >= 0
    assert s.bid == (20 if "20" in moves else 18)
    assert s.game_type_index == -1 and s.contract is None and not s.picked_up
    assert (s.asker_index, s.listener_index) == (-1, -1)
    assert s.passed_mask == 0b111 & ~(1 << s.declarer_index)
    assert s.kontra == 0 and s.pushes == 0 and s.trick_cards == () and s.packed_tricks == ()
    assert [str(a) for a in s.actions()] == moves.split()
    assert s == GameState.from_position(Deal.shuffled(3), moves)


def test_the_state_at_the_start_of_the_bidding() -> None:
    """ISkO 3.3.2: middlehand bids to forehand first; nothing is bid, passed, declared
    or played yet, and every documented "not yet" value holds (mutation testing: a
    fresh state with game type 0 or pushes -1 went unnoticed)."""
    deal = Deal.shuffled(5)
    s = new_game(deal)
    assert (s.phase, s.to_move_index, s.asker_index, s.listener_index) == (
        Phase.BIDDING, 1, 1, 0)
    assert (s.bid, s.passed_mask, s.declarer_index, s.game_type_index) == (0, 0, -1, -1)
    assert s.contract is None and not s.picked_up and (s.kontra, s.pushes) == (0, 0)
    assert s.hand_masks == tuple(h.mask for h in deal.hands) and s.skat_mask == deal.skat.mask
    assert (s.trick_cards, s.packed_tricks, s.actions(), s.end) == ((), (), (),
                                                                    EndReason.NOT_ENDED)
