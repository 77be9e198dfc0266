"""Skat, declaration and card play on the game state.

ISkO sections use the old numbering (docs/rulings.rst): 2.2 skat and hand games,
2.4 matadors, 4.1 leading, 4.2 following suit, 4.4 tricks, 5 scoring; rulings
D-3 (matadors on 12 cards), D-6 (overbid), D-7 (declarations that cannot reach the
bid), D-10 (early ends) and D-11 (concessions and claims).  Expected scores are
worked out by hand in the docstrings and, for whole games, by the reference model in
``state_strategies`` from the tricks themselves.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatlib import (
    PUB,
    Bid,
    Card,
    CardSet,
    Claim,
    Concede,
    Contract,
    Deal,
    Declare,
    Discard,
    EndReason,
    GameRecord,
    GameResult,
    GameState,
    Hold,
    IllegalActionError,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    Reason,
    Refuse,
    Seat,
    Trick,
    allowed_contracts,
    apply,
    is_legal,
    legal_actions,
    observe,
    parse_action,
    replay,
    result,
    side_actions,
)
from skatlib.actions import Action
from state_strategies import Duo, check_result, ref_allowed_contracts, ref_legal_cards

F, M, R = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND

DEAL_A = Deal.parse(
    "CJ SJ HA HT HK HQ H9 CA C7 D7 / HJ H8 CT CK SA ST SK DA DT DK / "
    "DJ H7 CQ C9 C8 SQ S9 S8 S7 DQ / D9 D8"
)
"""Forehand holds CJ SJ and six hearts; middlehand HJ; rearhand DJ; skat D9 D8 (0 points)."""

DEAL_B = Deal.parse(
    "SJ HJ DJ CA CT CK CQ C9 SA ST / C8 C7 SK SQ S9 S8 HA HT HK HQ / "
    "H9 H8 H7 DA DT DK DQ D9 D8 D7 / CJ S7"
)
"""Forehand holds SJ HJ DJ but not CJ, which lies in the skat."""

DEAL_C = Deal.parse(
    "SJ ST SK SQ S9 S8 S7 CA CT CK / CJ HJ DA DT DK DQ D9 D8 D7 SA / "
    "CQ C9 HA HT HK HQ H9 H8 H7 DJ / C7 C8"
)
"""Middlehand holds CJ HJ and seven diamonds: diamonds "with 1" (SJ is forehand's)."""


def names(cards: CardSet) -> set[str]:
    return {c.name for c in cards}


def plays(state: GameState) -> set[str]:
    return {str(a) for a in legal_actions(state) if isinstance(a, Play)}


def raises(state: GameState, action: Action, reason: Reason) -> IllegalActionError:
    """Apply must raise with ``reason`` and leave ``state`` as it was."""
    before, h = state, hash(state)
    assert not is_legal(state, action)
    with pytest.raises(IllegalActionError) as exc:
        apply(state, action)
    assert exc.value.reason == reason, exc.value
    assert exc.value.legal
    assert state == before and hash(state) == h
    return exc.value


def game_result(state: GameState) -> GameResult:
    res = result(state)
    assert isinstance(res, GameResult)
    return res


# ---------------------------------------------------------------------------
# Skat: pick up or play hand (ISkO 2.2)


def test_pickup_gives_the_declarer_twelve_cards_isko_2_2_2() -> None:
    """ISkO 2.2.2: the declarer takes both skat cards; then he must put two away."""
    g = Duo(DEAL_A)
    s = g.moves("p p 18 s")
    assert s.phase == Phase.DECLARING
    assert s.picked_up
    assert s.to_move == F
    assert len(s.hand(F)) == 12
    assert names(s.hand(F)) == names(DEAL_A.hand(F)) | {"D9", "D8"}
    assert len(s.skat) == 0
    # factored: the twelve cards to put away, one at a time, then the contracts
    assert legal_actions(s) == tuple(Discard(c) for c in sorted(s.hand(F)))
    s1 = g.do(Discard(Card.D9))
    assert s1.phase == Phase.DECLARING and names(s1.skat) == {"D9"} and len(s1.hand(F)) == 11
    assert legal_actions(s1) == tuple(Discard(c) for c in sorted(s1.hand(F)))
    s2 = g.do(Discard(Card.D8))
    decls = legal_actions(s2)
    assert all(isinstance(a, Declare) and a.discard is None for a in decls)
    assert {str(a.contract) for a in decls if isinstance(a, Declare)} == {
        "D", "H", "S", "C", "G", "N", "NO"}


def test_factored_and_compound_declaration_reach_the_same_state_isko_2_2_2() -> None:
    """ISkO 2.2.2: putting away with two Discards and a bare Declare, in either order,
    gives the state the compound Declare(contract, discard) gives; the history records
    the compound form and the record folds the Discards into it."""
    s = Duo(DEAL_A).moves("p p 18 s")
    grand = Contract.parse("G")
    compound = apply(s, Declare(grand, CardSet.parse("D9 CJ")))
    for first, second in ((Card.D9, Card.CJ), (Card.CJ, Card.D9)):
        factored = apply(apply(apply(s, Discard(first)), Discard(second)), Declare(grand))
        assert factored == compound and hash(factored) == hash(compound)
    assert compound.history[-1] == (F, Declare(grand, CardSet.parse("D9 CJ")))
    rec = GameRecord(DEAL_A, [*[parse_action(t) for t in ["p", "p", "18", "s"]],
                              Discard(Card.D9), Discard(Card.CJ), Declare(grand)])
    assert rec.actions[-1] == Declare(grand, CardSet.parse("D9 CJ"))
    assert replay(rec) == compound


def test_factored_declaration_refuses_what_the_compound_refuses_isko_2_2_2() -> None:
    """ISkO 2.2.2 and D-7: a third Discard, a card not held, a bare Declare before two
    cards are away, a compound Declare once a card is away (unless it names the same two),
    and a Discard in a hand game are refused; the state is unchanged."""
    g = Duo(DEAL_A)
    s = g.moves("p p 18 s")
    grand = Contract.parse("G")
    raises(s, Discard(Card.HJ), Reason.DISCARD_NOT_IN_HAND)
    raises(s, Declare(grand), Reason.DISCARD_REQUIRED)
    s1 = apply(s, Discard(Card.D9))
    raises(s1, Declare(grand), Reason.DISCARD_REQUIRED)
    raises(s1, Declare(grand, CardSet.parse("D8 D7")), Reason.ALREADY_DONE)
    raises(s1, Discard(Card.D9), Reason.DISCARD_NOT_IN_HAND)
    s2 = apply(s1, Discard(Card.D8))
    raises(s2, Discard(Card.D7), Reason.ALREADY_DONE)
    assert apply(s2, Declare(grand, CardSet.parse("D9 D8"))) == apply(s2, Declare(grand))
    raises(s2, Declare(Contract.parse("GH")), Reason.CONTRACT_NOT_ALLOWED)
    hand = Duo(DEAL_A).moves("p p 18 hand")
    raises(hand, Discard(Card.D9), Reason.DISCARD_NOT_ALLOWED)


def test_discard_must_be_two_of_the_twelve_cards_isko_2_2_2() -> None:
    """ISkO 2.2.2: after the pickup two cards go away; none, one, three, or a card the
    declarer does not hold is refused, and so is a hand game; the allowed contracts are
    listed as the legal alternatives."""
    s = Duo(DEAL_A).moves("p p 18 s")
    grand = Contract.parse("G")
    allowed = ref_allowed_contracts(names(s.hand(F)), True, 18)
    assert raises(s, Declare(grand), Reason.DISCARD_REQUIRED).legal == tuple(
        str(a) for a in legal_actions(s))  # the cards to put away
    for action, reason in [
        (Declare(grand, CardSet.parse("D9")), Reason.DISCARD_REQUIRED),
        (Declare(grand, CardSet.parse("D9 D8 D7")), Reason.DISCARD_REQUIRED),
        (Declare(grand, CardSet.parse("D9 HJ")), Reason.DISCARD_NOT_IN_HAND),
        (Declare(Contract.parse("GH"), CardSet.parse("D9 D8")), Reason.CONTRACT_NOT_ALLOWED),
        (Declare(Contract.parse("GH")), Reason.CONTRACT_NOT_ALLOWED),
        (Declare(Contract.parse("NOH")), Reason.CONTRACT_NOT_ALLOWED),
    ]:
        exc = raises(s, action, reason)
        assert set(exc.legal) == allowed
    for bad in (Bid(20), Hold(), PickUpSkat(), PlayHand(), Play(Card.CJ), Claim()):
        raises(s, bad, Reason.WRONG_PHASE)


def test_any_two_cards_may_be_put_away_jacks_too_isko_2_2_2() -> None:
    """R-8.2: any two cards may go away, jacks and trumps included; they become the skat."""
    g = Duo(DEAL_A)
    s = g.moves("p p 18 s")
    s = g.do(Declare(Contract.parse("G"), CardSet.parse("CJ SJ")))
    assert s.phase == Phase.PLAYING
    assert names(s.skat) == {"CJ", "SJ"}
    assert len(s.hand(F)) == 10
    assert names(s.hand(F)) == (names(DEAL_A.hand(F)) | {"D9", "D8"}) - {"CJ", "SJ"}
    assert s.contract == Contract.parse("G")
    check_result(g.play_out(), g.ref)


def test_hand_game_keeps_the_skat_and_needs_a_hand_contract_isko_2_2_3() -> None:
    """ISkO 2.2.3: without a pickup the skat stays and the game is announced with "hand";
    no cards are put away."""
    g = Duo(DEAL_A)
    s = g.moves("p p 18 hand")
    assert s.phase == Phase.DECLARING
    assert not s.picked_up
    assert names(s.skat) == {"D9", "D8"}
    assert len(s.hand(F)) == 10
    decls = [a for a in legal_actions(s) if isinstance(a, Declare)]
    assert all(a.discard is None and a.contract.hand for a in decls)
    assert {str(a.contract) for a in decls} == ref_allowed_contracts(names(s.hand(F)), False, 18)
    raises(s, Declare(Contract.parse("G")), Reason.CONTRACT_NOT_ALLOWED)
    raises(s, Declare(Contract.parse("N")), Reason.CONTRACT_NOT_ALLOWED)
    raises(s, Declare(Contract.parse("GH"), CardSet.parse("CJ SJ")), Reason.DISCARD_NOT_ALLOWED)
    s = g.moves("GH")
    assert s.phase == Phase.PLAYING
    assert names(s.skat) == {"D9", "D8"}


def test_skat_phase_offers_pickup_or_hand_isko_2_2() -> None:
    """ISkO 2.2: after bidding the declarer chooses: pick up ('s') or play hand."""
    s = Duo(DEAL_A).moves("18 y p p")
    assert (s.phase, s.to_move, s.declarer) == (Phase.SKAT, F, F)
    assert legal_actions(s) == (PickUpSkat(), PlayHand())
    for bad in (Declare(Contract.parse("GH")), Play(Card.CJ), Bid(20), Concede(F)):
        raises(s, bad, Reason.WRONG_PHASE)


# ---------------------------------------------------------------------------
# D-7: declarations that cannot reach the bid


def test_d7_diamonds_with_1_cannot_be_declared_at_45_after_pickup() -> None:
    """D-7 / R-8.4: bid 45, diamonds "with 1" is worth at most 4 × 9 = 36 even with
    schneider and schwarz, so it is refused after the pickup.  Hearts (40) and spades
    (44) with 1 and null (23) cannot reach 45 either; clubs with 1 (48), grand (96) and
    null ouvert (46) can, and the error names them."""
    g = Duo(DEAL_C)
    s = g.moves("45 p p s")
    assert (s.declarer, s.bid) == (M, 45)
    assert {str(c) for c in allowed_contracts(s)} == {"C", "G", "NO"}
    assert ref_allowed_contracts(names(s.hand(M)), True, 45) == {"C", "G", "NO"}
    exc = raises(s, Declare(Contract.parse("D"), CardSet.parse("C7 C8")),
                 Reason.CANNOT_REACH_BID)
    assert set(exc.legal) == {"C", "G", "NO"}
    text = str(exc)
    assert "45" in text
    for name in ("Clubs", "Grand", "Null Ouvert"):
        assert name in text
    for c in ("H", "S", "N"):
        raises(s, Declare(Contract.parse(c), CardSet.parse("C7 C8")), Reason.CANNOT_REACH_BID)
    g.do(Declare(Contract.parse("C"), CardSet.parse("C7 C8")))
    check_result(g.play_out(), g.ref)


def test_d7_hand_game_counts_the_best_possible_skat() -> None:
    """D-7 for a hand game: the best case over the unseen skat.  Middlehand (HJ, DA DT DK,
    bid 72): diamonds hand is at best "with 3" (CJ SJ in the skat): 3+game+hand+schneider
    +schwarz = 7 × 9 = 63 < 72, refused; with schneider announced 8 × 9 = 72 is allowed.
    Hearts hand likewise 7 × 10 = 70 < 72; null hand (35) and null ouvert hand (59) too low."""
    g = Duo(DEAL_A)
    s = g.moves("72 p p hand")
    allowed = {str(c) for c in allowed_contracts(s)}
    assert allowed == ref_allowed_contracts(names(s.hand(M)), False, 72)
    assert {"DHS", "DHZ", "DO", "HHS", "SH", "CH", "GH"} <= allowed
    assert not {"DH", "HH", "NH", "NOH"} & allowed
    for c in ("DH", "HH", "NH", "NOH"):
        exc = raises(s, Declare(Contract.parse(c)), Reason.CANNOT_REACH_BID)
        assert set(exc.legal) == allowed


@pytest.mark.parametrize(
    ("moves", "refused", "accepted"),
    [
        ("24 p p s", "N.D9.D8", "NO.D9.D8"),  # null 23 < 24, null ouvert 46
        ("36 p p hand", "NH", "NOH"),  # null hand 35 < 36, null ouvert hand 59
        ("48 p p s", "NO.D9.D8", "G.D9.D8"),  # null ouvert 46 < 48
        ("60 p p hand", "NOH", "GH"),  # null ouvert hand 59 < 60
    ],
)
def test_d7_null_variant_below_the_bid_is_refused(moves: str, refused: str, accepted: str) -> None:
    """D-7 / R-10.5: a null variant whose fixed value (23/35/46/59) is below the bid is refused."""
    s = Duo(DEAL_A).moves(moves)
    raises(s, parse_action(refused), Reason.CANNOT_REACH_BID)
    assert is_legal(s, parse_action(accepted))


def test_d7_nothing_reaches_the_bid_suit_and_grand_allowed_and_lost_overbid_d6() -> None:
    """D-7 / D-6: bid 264 and a pickup: no game can reach it (grand after a pickup is at
    most 7 × 24 = 168), so every suit and grand game (no null) may be announced, and it
    is lost as overbid: diamonds at 264 is valued 30 × 9 = 270, scored −540."""
    g = Duo(DEAL_A)
    s = g.moves("264 p p s")
    assert {str(c) for c in allowed_contracts(s)} == {"D", "H", "S", "C", "G"}
    g.do(Declare(Contract.parse("D"), CardSet.parse("D9 D8")))
    res = check_result(g.play_out(), g.ref)
    assert isinstance(res, GameResult)
    assert res.overbid and not res.won
    assert (res.value, res.score) == (270, -540)


def test_d7_nothing_reaches_the_bid_from_hand_d6() -> None:
    """D-7: middlehand (only HJ) bids 264 and plays hand: grand ouvert is at best
    "with 3" = 10 × 24 = 240 < 264, so all 20 suit and grand hand contracts are allowed."""
    s = Duo(DEAL_A).moves("264 p p hand")
    allowed = {str(c) for c in allowed_contracts(s)}
    assert allowed == {g + m for g in "DHSCG" for m in ("H", "HS", "HZ", "O")}
    assert allowed == ref_allowed_contracts(names(s.hand(M)), False, 264)


# ---------------------------------------------------------------------------
# Leading and following (ISkO 4.1, 4.2, 4.4)


def test_forehand_leads_the_first_trick_isko_4_1_1() -> None:
    """ISkO 4.1.1: forehand leads the first trick whoever the declarer is."""
    for moves, declarer in [("18 p 20 p hand GH", R), ("18 p p hand GH", M),
                            ("p p 18 hand GH", F)]:
        s = Duo(DEAL_A).moves(moves)
        assert s.declarer == declarer
        assert s.phase == Phase.PLAYING
        assert s.to_move == F
        assert s.leader == F
        assert plays(s) == names(s.hand(F))  # any card may be led


FOLLOW = [
    # contract, lead, middlehand may play, rearhand may play (after middlehand's lowest card)
    ("HH", "C7", {"CT", "CK"}, {"CQ", "C9", "C8"}),
    ("HH", "SJ", {"HJ", "H8"}, {"DJ", "H7"}),  # a jack led: trumps must follow
    ("HH", "HA", {"HJ", "H8"}, {"DJ", "H7"}),  # trump suit led: jacks are trumps too
    ("HH", "D7", {"DA", "DT", "DK"}, {"DQ"}),  # DJ is no diamond in a suit game
    ("GH", "H9", {"H8"}, {"H7"}),  # grand: HJ is a trump, not a heart
    ("GH", "SJ", {"HJ"}, {"DJ"}),
    ("GH", "D7", {"DA", "DT", "DK"}, {"DQ"}),
    ("GH", "CA", {"CT", "CK"}, {"CQ", "C9", "C8"}),
    ("NH", "H9", {"HJ", "H8"}, {"H7"}),  # null: jacks are back in their suits
    ("NH", "D7", {"DA", "DT", "DK"}, {"DJ", "DQ"}),
    ("NH", "SJ", {"SA", "ST", "SK"}, {"SQ", "S9", "S8", "S7"}),
]


@pytest.mark.parametrize(("contract", "lead", "middle", "rear"), FOLLOW)
def test_follow_suit_jacks_are_trumps_isko_4_2(
    contract: str, lead: str, middle: set[str], rear: set[str]
) -> None:
    """ISkO 4.2 / 2.3: follow the suit led; in suit and grand games the jacks belong to
    the trumps, in null to their printed suit."""
    g = Duo(DEAL_A)
    s = g.moves(f"p p 18 hand {contract} {lead}")
    gt = Contract.parse(contract).game_type
    assert s.to_move == M
    assert plays(s) == middle == ref_legal_cards(gt, names(s.hand(M)), lead)
    s = apply(s, min((a for a in legal_actions(s) if isinstance(a, Play)), key=lambda a: a.card))
    assert s.to_move == R
    assert plays(s) == rear == ref_legal_cards(gt, names(s.hand(R)), lead)


def test_trick_winner_leads_and_void_player_may_play_anything_isko_4_4() -> None:
    """ISkO 4.4 / 4.1.2: the trick (C7 CT C9, hearts) goes to middlehand's ten, who leads
    next.  Spades led: forehand has no spade (SJ is a trump), so every card is legal for
    him (no duty to trump, ISkO 4.2)."""
    g = Duo(DEAL_A)
    s = g.moves("p p 18 hand HH C7 CT C9")
    assert s.tricks == (Trick(F, (Card.C7, Card.CT, Card.C9), M),)
    assert s.to_move == M and s.leader == M
    assert s.points_taken(M) == 10 and s.points_taken(F) == 0
    assert s.current_trick == ()
    s = g.moves("SA")
    assert plays(s) == {"SQ", "S9", "S8", "S7"}
    s = g.moves("S7")
    assert s.to_move == F
    assert plays(s) == names(s.hand(F))
    assert len(plays(s)) == 9
    s = g.moves("SJ")  # trumps in
    assert s.tricks[-1].winner == F
    assert s.to_move == F


def test_illegal_cards_raise_and_change_nothing_isko_4_2() -> None:
    """ISkO 4.2: a card not in the hand, or a card that does not follow, is refused with
    its Reason and the legal cards listed; other phases' actions are refused too."""
    s = Duo(DEAL_A).moves("p p 18 hand HH")
    exc = raises(s, Play(Card.HJ), Reason.CARD_NOT_IN_HAND)  # middlehand's card
    assert exc.legal == tuple(str(a) for a in legal_actions(s))
    s = apply(s, Play(Card.C7))
    exc = raises(s, Play(Card.SA), Reason.MUST_FOLLOW_SUIT)
    assert {"CT", "CK"} <= set(exc.legal)
    raises(s, Play(Card.HJ), Reason.MUST_FOLLOW_SUIT)  # a trump is no club
    for bad in (Bid(18), Hold(), PickUpSkat(), PlayHand(), Declare(Contract.parse("GH"))):
        raises(s, bad, Reason.WRONG_PHASE)


# ---------------------------------------------------------------------------
# D-10: games that end early


def test_d10_null_ends_at_the_declarers_first_trick() -> None:
    """D-10 / R-11.1: rearhand plays null hand (bid 23); D7 DT DQ: in null the queen beats
    the ten, so rearhand takes the first trick and the game is over: lost, −2 × 35 = −70."""
    g = Duo(DEAL_A)
    s = g.moves("p 23 p hand NH D7 DT")
    assert not s.is_finished
    s = g.moves("DQ")
    assert s.phase == Phase.FINISHED
    assert s.end == EndReason.NULL_TRICK
    assert legal_actions(s) == ()
    res = game_result(s)
    assert (res.won, res.value, res.score, res.declarer_tricks) == (False, 35, -70, 1)
    check_result(s, g.ref)


def test_null_goes_on_while_the_declarer_takes_no_trick_d10() -> None:
    """D-10: null continues while the declarer stays clean (here D7 DK DQ: middlehand wins)."""
    s = Duo(DEAL_A).moves("p 23 p hand NH D7 DK DQ")
    assert s.phase == Phase.PLAYING
    assert s.tricks[0].winner == M


def test_d10_schwarz_announced_ends_at_the_defenders_first_trick() -> None:
    """D-10 / D-5: forehand clubs hand schwarz announced at 18 (CJ SJ, no HJ: "with 2").
    D7 DA DQ goes to middlehand: lost at once.  Value: 2 + game + hand + schneider +
    announced + schwarz + announced = 8 × 12 = 96, scored −192."""
    g = Duo(DEAL_A)
    s = g.moves("p p 18 hand CHZ D7 DA DQ")
    assert s.phase == Phase.FINISHED
    assert s.end == EndReason.DEFENDERS_TRICK
    res = game_result(s)
    assert (res.won, res.matadors, res.value, res.score) == (False, 2, 96, -192)
    assert res.declarer_points == 0  # only the skat (D9 D8)
    check_result(s, g.ref)


def test_d10_ouvert_ends_at_the_defenders_first_trick() -> None:
    """D-10: grand ouvert (with 2: 2 + game + hand + schneider + announced + schwarz +
    announced + ouvert = 9 × 24 = 216) ends when the defenders take a trick: −432."""
    g = Duo(DEAL_A)
    s = g.moves("p p 18 hand GO D7 DA DQ")
    assert s.end == EndReason.DEFENDERS_TRICK
    res = game_result(s)
    assert (res.won, res.value, res.score) == (False, 216, -432)
    check_result(s, g.ref)


def test_schneider_announced_is_played_on_after_a_defenders_trick_d10() -> None:
    """D-10: only schwarz announced and ouvert end at the defenders' first trick."""
    g = Duo(DEAL_A)
    s = g.moves("p p 18 hand CHS D7 DA DQ")
    assert s.phase == Phase.PLAYING
    check_result(g.play_out(), g.ref)


# ---------------------------------------------------------------------------
# D-11: concessions and claims (forehand hearts hand at 18, "with 2")


def hearts_hand() -> Duo:
    g = Duo(DEAL_A)
    g.moves("p p 18 hand HH")
    return g


def test_d11_declarer_concedes_game_lost_at_declared_value() -> None:
    """D-11: the declarer concedes before the first card: lost at the declared value
    (with 2, game, hand = 4 × 10 = 40), no schneider or schwarz decided yet: −80."""
    g = hearts_hand()
    s = g.do(Concede(F))
    assert s.phase == Phase.FINISHED
    assert s.end == EndReason.DECLARER_CONCEDED
    res = game_result(s)
    assert (res.won, res.conceded, res.value, res.score) == (False, True, 40, -80)
    assert not res.schneider and not res.schwarz
    check_result(s, g.ref)


def test_d11_declarer_may_concede_out_of_turn() -> None:
    """D-11: "at any time", also in the middle of a trick when another seat is to move."""
    g = hearts_hand()
    s = g.moves("C7 CT")
    assert s.to_move == R
    assert Concede(F) not in legal_actions(s)  # turn-based: only rearhand's cards
    assert not [a for a in legal_actions(s) if not isinstance(a, Play)]
    assert Concede(F) in side_actions(s) and side_actions(s, F) == (Concede(F), Claim())
    assert is_legal(s, Concede(F))
    s = g.do(Concede(F))
    assert s.end == EndReason.DECLARER_CONCEDED
    check_result(s, g.ref)


def test_d11_both_defenders_concede_won_at_the_declared_value() -> None:
    """D-11 (revised 2026-12, ISKO): after C7 CT C9 (10 points to middlehand) both
    defenders concede: won at the declared value, with 2, game, hand = 4 × 10 = 40; no
    schneider, since the tricks so far do not decide it (the ISS convention, every
    unplayed card to the declarer, is tested in test_table.py).  One concession alone
    does not end the game."""
    g = hearts_hand()
    s = g.moves("C7 CT C9")
    s = g.do(Concede(M))
    assert s.phase == Phase.PLAYING
    raises(s, Concede(M), Reason.ALREADY_DONE)
    s = g.do(Concede(R))  # out of turn
    assert s.phase == Phase.FINISHED
    assert s.end == EndReason.DEFENDERS_CONCEDED
    res = game_result(s)
    assert (res.won, res.declarer_points, res.declarer_tricks) == (True, 0, 0)
    assert (res.schneider, res.schwarz, res.value, res.score) == (False, False, 40, 40)
    assert res.defenders_conceded
    check_result(s, g.ref)


def test_d11_accepted_claim_gives_the_rest_to_the_declarer() -> None:
    """D-11 (revised): the declarer claims (his cards are shown); both defenders accept:
    as above, won at the declared value 40."""
    g = hearts_hand()
    s = g.moves("C7 CT C9")
    s = g.do(Claim())
    assert s.claim_pending and s.open_hand
    assert s.phase == Phase.PLAYING
    assert Refuse(M) in side_actions(s, M) and Refuse(M) not in legal_actions(s)
    assert side_actions(s, F) == (Concede(F),)  # no second claim (D-11)
    assert observe(s, R).declarer_hand == s.hand(F)
    s = g.do(Concede(M))
    s = g.do(Concede(R))
    assert s.end == EndReason.DEFENDERS_CONCEDED
    assert game_result(s).score == 40
    check_result(s, g.ref)


def test_d11_refused_claim_play_goes_on_with_open_cards() -> None:
    """D-11: one defender refuses: play continues with the declarer's cards open, and the
    game is scored by its outcome."""
    g = hearts_hand()
    s = g.moves("C7 CT")
    s = g.do(Claim())  # out of turn, mid-trick
    s = g.do(Refuse(R))
    assert not s.claim_pending
    assert s.open_hand
    assert s.phase == Phase.PLAYING
    raises(s, Claim(), Reason.ALREADY_DONE)
    for seat in (M, R):
        assert observe(s, seat).declarer_hand == s.hand(F)
    s = g.moves("C9 SA S7")
    assert observe(s, M).declarer_hand == s.hand(F)
    s = g.play_out()
    assert s.end == EndReason.PLAYED_OUT
    check_result(s, g.ref)


def test_d11_refusing_needs_a_claim_and_a_defender() -> None:
    """D-11: only a defender refuses, and only a pending claim."""
    s = hearts_hand().state
    raises(s, Refuse(M), Reason.WRONG_PHASE)
    s = apply(s, Claim())
    raises(s, Refuse(F), Reason.NOT_DEFENDER)
    raises(s, Claim(), Reason.ALREADY_DONE)


@pytest.mark.parametrize(
    ("conceder", "won", "score"), [("RE.0", False, -70), ("RE.1 RE.2", True, 35)]
)
def test_d11_concessions_in_null(conceder: str, won: bool, score: int) -> None:
    """D-11 in null (hand, 35): the declarer conceding loses (−70); both defenders
    conceding give the declarer the game without a trick (+35)."""
    g = Duo(DEAL_A)
    s = g.moves(f"p p 18 hand NH D7 DA {conceder}")
    res = game_result(s)
    assert (res.won, res.score, res.declarer_tricks) == (won, score, 0)
    check_result(s, g.ref)


# ---------------------------------------------------------------------------
# D-3: matadors on all twelve cards


def test_d3_hand_game_counts_a_jack_in_the_skat() -> None:
    """D-3 / ISkO 2.4: forehand holds SJ HJ DJ, the CJ lies in the skat.  His grand hand is
    "with 4" (all 12 cards), not "without 1" (his 10)."""
    g = Duo(DEAL_B)
    g.moves("p p 18 hand GH")
    res = game_result(g.play_out())
    assert res.matadors == 4
    assert res.value % 24 == 0 and res.value >= 6 * 24  # with 4, game, hand at least
    check_result(g.state, g.ref)


def test_d3_clubs_hand_counts_the_skat_jack() -> None:
    """D-3: the same hand as clubs hand: CJ (skat) SJ HJ DJ CA CT CK CQ C9 = "with 9"."""
    g = Duo(DEAL_B)
    g.moves("p p 18 hand CH")
    res = game_result(g.play_out())
    assert res.matadors == 9
    check_result(g.state, g.ref)


def test_d3_jack_put_away_still_counts() -> None:
    """D-3: after the pickup the CJ is put away again; grand is still "with 4"."""
    g = Duo(DEAL_B)
    g.moves("p p 18 s")
    g.do(Declare(Contract.parse("G"), CardSet.parse("CJ S7")))
    res = game_result(g.play_out())
    assert res.matadors == 4
    check_result(g.state, g.ref)


@pytest.mark.parametrize(("moves", "matadors"), [
    ("18 p p hand GH", -2),  # middlehand: HJ only -> without 2
    ("p 18 p hand GH", -3),  # rearhand: DJ only -> without 3
    ("p p 18 hand GH", 2),  # forehand: CJ SJ -> with 2
])  # fmt: skip
def test_d3_with_and_without(moves: str, matadors: int) -> None:
    """ISkO 2.4.2: "with n" counts the run from CJ, "without n" the trumps above the
    highest one held (signed +n / −n)."""
    g = Duo(DEAL_A)
    g.moves(moves)
    res = game_result(g.play_out())
    assert res.matadors == matadors
    check_result(g.state, g.ref)


# ---------------------------------------------------------------------------
# Whole games: the result equals the reference count and skatlib.score()

GAMES = [
    (DEAL_A, "p p 18 hand HH"),
    (DEAL_A, "p p 18 s H.D9.D8"),
    (DEAL_A, "p p 18 s N.D9.D8"),
    (DEAL_A, "p p 18 hand NOH"),
    (DEAL_A, "18 y 20 p 22 y p hand GH"),
    (DEAL_A, "60 p p s C.DA.DT"),  # middlehand: clubs without 2 reaches 60 at best
    (DEAL_B, "p p 18 s G.S7.SA"),
    (DEAL_B, "p p 18 hand CHS"),
    (DEAL_B, "p p 18 hand DH"),
    (DEAL_C, "18 p p s D.C7.C8"),
    (DEAL_C, "p p p"),
]


@pytest.mark.parametrize(("deal", "moves"), GAMES)
def test_result_equals_reference_and_kernel_score_isko_5(deal: Deal, moves: str) -> None:
    """ISkO 5 / D-1..D-7: a game played out with first legal cards scores exactly what
    the reference model counts from its tricks, and what skatlib.score() gives for them."""
    g = Duo(deal)
    g.moves(moves)
    s = g.play_out()
    assert s.is_finished
    check_result(s, g.ref)


def test_playing_legal_mirrors_legal_mask_isko_4_2() -> None:
    """ISkO 4.2: the card-play legal actions (their inlined follow-suit rule) are the
    cards of ``skatlib._tables.legal_cards_mask``, for every game type and led card."""
    import random

    from skatlib import GameType
    from skatlib import _tables as T
    from skatlib.state._playing import plays

    rng = random.Random(42)
    for _ in range(3000):
        s = GameState.from_position(Deal.shuffled(rng), "p p 18 hand")
        gt = rng.choice([g for g in GameType if g != GameType.RAMSCH])
        s = apply(s, Declare(Contract(gt, hand=True)), check=False)
        for _ in range(rng.randrange(0, 8)):
            s = apply(s, rng.choice(legal_actions(s)))
            if s.is_finished:
                break
        if s.is_finished:
            continue
        led = s.trick_cards[0] if s.trick_cards else -1
        want = T.legal_cards_mask(s.game_type_index, s.hand_masks[s.to_move_index], led)
        assert legal_actions(s) == plays(want)
        assert sum(1 << a.card for a in legal_actions(s) if isinstance(a, Play)) == want
        # the checked apply's inlined mask (its fast path) accepts exactly these cards
        hand = s.hand_masks[s.to_move_index]
        for card in range(32):
            if hand >> card & 1:
                assert is_legal(s, Play(card)) == bool(want >> card & 1)
                if want >> card & 1:
                    assert apply(s, Play(card)) == apply(s, Play(card), check=False)
                else:
                    with pytest.raises(IllegalActionError):
                        apply(s, Play(card))


# --------------------------------------------------------------------------- pinned by mutation


@pytest.mark.parametrize("schieberamsch", [False, True])
@pytest.mark.parametrize("tricks_first", [0, 4])
def test_d17_nobody_concedes_or_claims_in_a_ramsch_deal(schieberamsch: bool,
                                                        tricks_first: int) -> None:
    """Ramsch has no declarer (D-17), so no seat may concede (ISkO 4.1.6) or claim
    the rest: ``is_legal`` is False, ``apply`` raises ``WRONG_PHASE`` and leaves the
    state as it was, and no seat has a side action -- at the first card and later."""
    from skatlib import Rules, new_game

    rules = Rules(ramsch=True, schieberamsch=schieberamsch)
    s = new_game(Deal.shuffled(5), rules, ramsch=True)
    while s.phase != Phase.PLAYING:
        s = apply(s, legal_actions(s)[0])
    for _ in range(3 * tricks_first):
        s = apply(s, legal_actions(s)[0])
    assert s.phase == Phase.PLAYING and s.is_ramsch
    for action in (Concede(0), Concede(1), Concede(2), Claim()):
        assert not is_legal(s, action)
        with pytest.raises(IllegalActionError, match="Ramsch has no declarer") as info:
            apply(s, action)
        assert info.value.reason is Reason.WRONG_PHASE
    assert all(side_actions(s, seat) == () for seat in range(3))
    assert all(not isinstance(a, (Concede, Claim)) for a in legal_actions(s))


def test_play_and_trick_tally_mirror_pack_trick_and_unpack_trick_isko_4_4() -> None:
    """ISkO 4.4: the inlined trick winner and packing of ``_playing.play`` and the
    inlined unpacking of ``_core.trick_tally`` agree with ``_tables.pack_trick``,
    ``unpack_trick`` and ``trick_winner_fast`` for every game type (Ramsch included)."""
    import random

    from skatlib import GameType
    from skatlib import _tables as T
    from skatlib.state._core import trick_tally

    rng = random.Random(7)
    for _ in range(1500):
        gt = rng.choice(list(GameType))
        if gt == GameType.RAMSCH:
            s = GameState.from_position(Deal.shuffled(rng), "p p p", rules=PUB)
            assert s.game_type_index == 6
        else:
            s = GameState.from_position(Deal.shuffled(rng), "p p 18 hand")
            s = apply(s, Declare(Contract(gt, hand=True)), check=False)
        while not s.is_finished:
            before = s
            s = apply(s, rng.choice(legal_actions(s)))
            if len(s.packed_tricks) > len(before.packed_tricks):
                c0, c1 = before.trick_cards
                mover = before.to_move_index
                c2 = (before.hand_masks[mover] ^ s.hand_masks[mover]).bit_length() - 1
                packed = s.packed_tricks[-1]
                assert packed == T.pack_trick(before.leader_index, c0, c1, c2,
                                              before.game_type_index)
                winner = (before.leader_index + T.trick_winner_fast(
                    before.game_type_index, c0, c1, c2)) % 3
                assert T.unpack_trick(packed)[4] == winner == s.leader_index
        taken, counts, last_of, last = [0, 0, 0], [0, 0, 0], [0, 0, 0], 0
        for i, packed in enumerate(s.packed_tricks, 1):
            _, c0, c1, c2, last = T.unpack_trick(packed)
            taken[last] |= 1 << c0 | 1 << c1 | 1 << c2
            counts[last] += 1
            last_of[last] = i
        assert trick_tally(s.packed_tricks) == (taken, counts, last_of, last)


def test_taken_slot_kept_by_play_equals_taken_of_the_tricks_isko_4_4() -> None:
    """ISkO 4.4 (the winner takes the trick): the derived TAKEN slot that
    ``_playing.play`` keeps up to date trick by trick equals ``_core.taken_of`` of the
    trick history in every state of random games of every type (Ramsch included), and
    so do ``taken_masks``, ``trick_counts`` and ``points_taken``; a pickle leaves the
    slot out and its restore works it out again."""
    import pickle

    from skatlib import GameType
    from skatlib import _tables as T
    from skatlib.state._core import STORED, TAKEN, taken_of, trick_tally

    rng = random.Random(11)
    for _ in range(400):
        gt = rng.choice(list(GameType))
        if gt == GameType.RAMSCH:
            s = GameState.from_position(Deal.shuffled(rng), "p p p", rules=PUB)
        else:
            s = GameState.from_position(Deal.shuffled(rng), "p p 18 hand")
            s = apply(s, Declare(Contract(gt, hand=True)), check=False)
        while True:
            assert s[TAKEN] == taken_of(s.packed_tricks)
            taken, counts, _, _ = trick_tally(s.packed_tricks)
            assert s.taken_masks == tuple(taken)
            assert s.trick_counts == tuple(counts)
            assert [s.points_taken(i) for i in range(3)] == [T.mask_points(m) for m in taken]
            if s.is_finished:
                break
            s = apply(s, rng.choice(legal_actions(s)))
        assert len(s.__reduce__()[1][0]) == STORED
        assert pickle.loads(pickle.dumps(s)) == s


def test_byte_tables_list_the_cards_of_every_suit_byte_lowest_first() -> None:
    """``_core.byte_tables`` (built by doubling, issue 18): entry ``[suit][byte]`` holds
    the per-card values of the cards of that byte, lowest index first."""
    from skatlib.state._core import byte_tables

    per_card = tuple(Play(c) for c in range(32))
    tables = byte_tables(per_card)
    assert len(tables) == 4 and all(len(t) == 256 for t in tables)
    for suit in range(4):
        for byte in range(256):
            want = tuple(per_card[8 * suit + r] for r in range(8) if byte >> r & 1)
            assert tables[suit][byte] == want, (suit, byte)


def test_actions_of_mask_builds_the_byte_tables_on_the_first_miss() -> None:
    """``_core.actions_of_mask`` fills an empty table list with :func:`byte_tables` of
    the per-card actions on its first cache miss (not at import, issue 18), then joins
    the rows of the mask's four suit bytes."""
    from skatlib.state import _declaring, _playing
    from skatlib.state._core import actions_of_mask, byte_tables

    per_card = tuple(Play(c) for c in range(32))
    tables: list[tuple[tuple[Action, ...], ...]] = []
    cache: dict[int, tuple[Action, ...]] = {}
    mask = CardSet.parse("CJ SA H7 D8").mask
    got = actions_of_mask(mask, per_card, tables, cache, 4)
    assert tables == list(byte_tables(per_card))
    assert got == tuple(per_card[c] for c in range(32) if mask >> c & 1) == cache[mask]
    # the kernel's own tables: filled by the first miss (now, or earlier in this process)
    assert _playing.plays(mask) == tuple(Play(c) for c in range(32) if mask >> c & 1)
    assert list(byte_tables(_playing._PLAYS)) == _playing._BYTE_PLAYS
    assert _declaring.discard_actions(mask) == tuple(_declaring.DISCARDS[c] for c in range(32)
                                                     if mask >> c & 1)
    assert list(byte_tables(_declaring.DISCARDS)) == _declaring._BYTE_DISCARDS


def test_taken_masks_and_trick_counts_follow_every_trick() -> None:
    """ISkO 4.4: the winner of a trick takes its three cards; after every action each
    seat's ``trick_counts`` and ``taken_masks`` are the tricks won so far, and at the
    end the card points of the taken cards and the skat add up to 120 (ISkO 1.2.2)."""
    from skatlib import ISKO, RandomBot, play_deal
    from skatlib import states as replay_states

    for seed in range(4):
        record, _ = play_deal(Deal.shuffled(seed), [RandomBot(seed), RandomBot(seed + 10),
                                                    RandomBot(seed + 20)], ISKO)
        for s in replay_states(record):
            counts = [0, 0, 0]
            taken = [0, 0, 0]
            for t in s.tricks:
                counts[t.winner] += 1
                taken[t.winner] |= CardSet.from_cards(t.cards).mask
            assert s.trick_counts == tuple(counts) and s.taken_masks == tuple(taken)
        if s.phase == Phase.FINISHED and s.declarer_index >= 0 and len(s.tricks) == 10:
            assert sum(CardSet(m).points() for m in s.taken_masks) + s.skat.points() == 120


@pytest.mark.parametrize(("moves", "rules", "ramsch"), [
    ("18 y p p s", None, False),
    ("p p p", "PUB", False),
    ("", "PUB", True),
    ("18 p p", "custom", False),
])
def test_repr_of_a_state_rebuilds_it(moves: str, rules: str | None, ramsch: bool) -> None:
    """A state's ``repr`` is the ``from_position`` call that rebuilds it: its deal, the
    actions so far, the rules unless ISKO (a preset by name, other rules in full) and
    a Ramsch round (D-16)."""
    import skatlib
    from skatlib import ISKO, Rules, new_game

    chosen = {None: ISKO, "PUB": PUB, "custom": Rules(name="house", kontra=True)}[rules]
    s = new_game(Deal.shuffled(6), chosen, ramsch=ramsch)
    for token in moves.split():
        s = apply(s, parse_action(token))
    text = repr(s)
    assert text.startswith("GameState.from_position(Deal.parse(")
    assert ("rules=" in text) == (rules is not None) and ("ramsch=True" in text) == ramsch
    assert ("rules=PUB" in text) == (rules == "PUB")
    namespace = {name: getattr(skatlib, name) for name in skatlib.__all__}
    namespace.update(ISKO=ISKO, PUB=PUB)
    assert eval(text, namespace) == s  # the repr of our own value


@pytest.mark.parametrize(("moves", "null", "allowed"), [
    ("23 p p s", "N", True), ("24 p p s", "N", False),
    ("35 p p hand", "NH", True), ("36 p p hand", "NH", False),
    ("46 p p s", "NO", True), ("48 p p s", "NO", False),
    ("59 p p hand", "NOH", True), ("60 p p hand", "NOH", False),
])
def test_d7_a_null_game_may_be_declared_exactly_up_to_its_fixed_value(
        moves: str, null: str, allowed: bool) -> None:
    """D-7 (ISkO 5.1): a null game's value is fixed (23, hand 35, ouvert 46, ouvert
    hand 59), so it may be declared when that value reaches the bid -- at exactly the
    bid too -- and not above it."""
    s = GameState.from_position(Deal.shuffled(2), moves)
    assert s.phase == Phase.DECLARING
    assert (Contract.parse(null) in allowed_contracts(s)) is allowed


def test_the_declaring_cache_stays_within_its_bound() -> None:
    """H-16: the caches behind the declaration hold at most their stated number of
    entries, however many distinct hands ask."""
    from skatlib.state import _declaring

    for i in range(_declaring._ALLOWED_CACHE_SIZE + 10):
        _declaring._allowed((i * 2654435761) & 0xFFFFFFFF | 1, True, 18)
        assert len(_declaring._ALLOWED_CACHE) <= _declaring._ALLOWED_CACHE_SIZE


@given(st.integers(0, 2**32 - 1), st.sampled_from(["p p 18 s", "p p 18 hand", "18 y 20 p p s",
                                                  "18 p p hand"]))
def test_declarations_offered_are_the_allowed_contracts_in_order_d_7(seed: int,
                                                                      moves: str) -> None:
    """``legal_actions`` in the declaration (cached beside ``allowed_contracts``) offers a
    bare ``Declare`` of exactly the allowed contracts, in their order (D-7), also when
    asked again (a cache hit) and after the two cards are put away."""
    s = GameState.from_position(Deal.shuffled(seed), moves)
    rng = random.Random(seed)
    while s.phase is Phase.DECLARING and isinstance(legal_actions(s)[0], Discard):
        s = apply(s, rng.choice(legal_actions(s)))
    assert s.phase is Phase.DECLARING
    for _ in range(2):
        offered = legal_actions(s)
        assert offered == tuple(Declare(c) for c in allowed_contracts(s))
        assert all(is_legal(s, a) for a in offered)


@given(st.integers(0, 2**32 - 1), st.sampled_from([18, 20, 24, 33, 48, 59, 60, 72, 96, 120]),
       st.booleans())
def test_the_declaration_check_asks_d_7_of_one_contract_as_the_list_does(
        seed: int, bid: int, hand: bool) -> None:
    """D-7 (and D-6 when nothing reaches the bid): the check of a ``Declare`` evaluates
    only the declared contract on a hand it has not seen (``_declaring.may_declare``),
    and says yes exactly for the contracts :func:`allowed_contracts` lists, with the
    cache of lists empty or filled."""
    from skatlib.state import _declaring

    s = GameState.from_position(Deal.shuffled(seed), f"{bid} p p {'hand' if hand else 's'}")
    rng = random.Random(seed)
    while isinstance(legal_actions(s)[0], Discard):
        s = apply(s, rng.choice(legal_actions(s)))
    kind = Contract.all(hand=hand)
    _declaring._ALLOWED_CACHE.clear()
    cold = [_declaring.may_declare(s, c) for c in kind]
    assert not _declaring._ALLOWED_CACHE or not all(cold)
    allowed = allowed_contracts(s)
    assert cold == [c in allowed for c in kind]
    assert [_declaring.may_declare(s, c) for c in kind] == cold  # from the cache now
    _declaring._ALLOWED_CACHE.clear()
    assert [is_legal(s, Declare(c)) for c in kind] == cold


def test_card_play_cache_keeps_only_the_cards_that_follow_isko_4_2() -> None:
    """ISkO 4.2: a lead, or a hand that cannot follow, may play any card; those legal
    actions are built from the hand without entering the card-play cache (a whole hand
    seldom comes back), so the cache holds only masks of cards that follow the led one
    and stays small.  Every answer lists the cards of ``_tables.legal_cards_mask``."""
    import random

    from skatlib import GameType
    from skatlib import _tables as T
    from skatlib.state import _playing

    rng = random.Random(7)
    _playing._PLAY_CACHE.clear()
    follows: set[int] = set()
    leads = 0
    for _ in range(300):
        s = GameState.from_position(Deal.shuffled(rng), "p p 18 hand")
        s = apply(s, Declare(Contract(rng.choice(list(GameType)[:5]), hand=True)))
        while not s.is_finished:
            trick = s.trick_cards
            hand = s.hand_masks[s.to_move_index]
            follow = hand & T.FOLLOW[s.game_type_index][trick[0]] if trick else 0
            got = legal_actions(s)
            want = T.legal_cards_mask(s.game_type_index, hand, trick[0] if trick else -1)
            assert got == tuple(Play(c) for c in range(32) if want >> c & 1)
            if follow:
                follows.add(follow)
                assert follow in _playing._PLAY_CACHE
            else:
                assert want == hand
                leads += 1
            s = apply(s, rng.choice(got))
    assert leads > 3000
    assert set(_playing._PLAY_CACHE) == follows
