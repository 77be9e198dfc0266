"""Properties of the game state over random deals (hypothesis).

Deals are drawn as shuffled decks; actions are drawn with
``st.sampled_from(legal_actions(state))`` (see ``state_strategies.game_paths``), and
every path is replayed on the literal reference model ``RefGame`` as well.
Sections: ISkO (old numbering) 1.2 cards and points, 3.2 dealing, 3.3 bidding,
4.1-4.4 play; rulings D-3, D-7..D-11.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import (
    Bid,
    Card,
    CardSet,
    Claim,
    Concede,
    Contract,
    Deal,
    Declare,
    Discard,
    GameRecord,
    GameState,
    Hold,
    IllegalActionError,
    InvalidCardsError,
    Kontra,
    Leave,
    NotationError,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    Re,
    Reason,
    Refuse,
    Seat,
    TimeOut,
    apply,
    is_legal,
    legal_actions,
    new_game,
    replay,
    states,
)
from skatlib.actions import Action
from state_strategies import (
    BID_TABLE,
    GamePath,
    RefGame,
    check_result,
    examples,
    game_paths,
    names,
)

EXAMPLES = examples(60)


def all_cards(state: GameState) -> list[Card]:
    """Every card of the state's places, with repetitions if a card were in two."""
    out: list[Card] = []
    for hand in state.hands:
        out += list(hand)
    out += list(state.skat)
    out += list(state.current_trick)
    for trick in state.tricks:
        out += list(trick.cards)
    return out


# ---------------------------------------------------------------------------
# Cards and turn order


@settings(max_examples=EXAMPLES)
@given(path=game_paths())
def test_every_card_exactly_once_and_120_points_isko_1_2(path: GamePath) -> None:
    """ISkO 1.2: the 32 cards are each in exactly one place (a hand, the skat, the current
    trick or a completed trick) and add up to 120 points, in every state."""
    for s in path.states:
        cards = all_cards(s)
        assert sorted(cards) == sorted(Card)
        assert sum(c.points for c in cards) == 120
        # trick points are split among the seats that won them
        assert sum(s.points_taken(seat) for seat in Seat) == sum(t.points() for t in s.tricks)
        if s.phase == Phase.DECLARING and s.picked_up:
            assert s.declarer is not None
            assert len(s.hand(s.declarer)) + len(s.skat) == 12  # put away one at a time
        if s.phase == Phase.PLAYING:
            played = {seat: 0 for seat in Seat}
            for t in s.tricks:
                for i in range(3):
                    played[Seat((int(t.leader) + i) % 3)] += 1
            for i in range(len(s.current_trick)):
                played[Seat((int(s.leader) + i) % 3)] += 1
            for seat in Seat:
                assert len(s.hand(seat)) == 10 - played[seat]


@settings(max_examples=EXAMPLES)
@given(path=game_paths())
def test_turn_order_and_legal_moves_follow_the_rules_isko_3_3_4_1_4_2(path: GamePath) -> None:
    """ISkO 3.3 / 4.1 / 4.2 / D-7 / D-9: in every state the seat to move, the legal bids,
    the legal cards and the allowed declarations agree with the reference model; a
    trick's winner leads the next one, and forehand the first (ISkO 4.1.1)."""
    ref = RefGame.start(path.deal)
    for s, action in zip(path.states, path.actions):
        assert s.to_move == (Seat(ref.turn) if ref.turn is not None else None)
        acts = legal_actions(s)
        if s.phase == Phase.BIDDING:
            assert {str(a) for a in acts} == ref.auction.legal()
        elif s.phase == Phase.SKAT:
            assert acts == (PickUpSkat(), PlayHand())
        elif s.phase == Phase.DECLARING and s.picked_up and len(s.skat) < 2:
            # ISkO 2.2.2: after the pickup, any card of the declarer's may go away
            assert acts == tuple(Discard(c) for c in sorted(s.hand(s.declarer_index)))
        elif s.phase == Phase.DECLARING:
            assert all(isinstance(a, Declare) and a.discard is None for a in acts)
            assert {str(a.contract) for a in acts if isinstance(a, Declare)} == (
                ref.allowed_contracts())
        elif s.phase == Phase.PLAYING:
            assert {a.card.name for a in acts if isinstance(a, Play)} == ref.legal_plays()
            assert all(ref.is_legal(a) for a in acts)
            if not s.tricks and not s.current_trick:
                assert s.to_move == Seat.FOREHAND
            if s.tricks and not s.current_trick:
                assert s.to_move == s.tricks[-1].winner
            if s.current_trick:
                assert s.to_move == Seat((int(s.leader) + len(s.current_trick)) % 3)
        ref.act(action)
    assert ref.phase == "finished"
    assert path.final.to_move is None


@settings(max_examples=EXAMPLES)
@given(path=game_paths())
def test_legal_actions_never_empty_until_finished_and_all_legal(path: GamePath) -> None:
    """Every state before the end offers at least one action, each of which is_legal and
    apply accepts; a finished state offers none."""
    for s in path.states:
        acts = legal_actions(s)
        assert bool(acts) == (not s.is_finished)
        assert len(set(acts)) == len(acts)
        for a in acts:
            assert is_legal(s, a), a
        if acts:
            for a in (acts[0], acts[-1]):
                assert apply(s, a) is not s


@settings(max_examples=EXAMPLES)
@given(path=game_paths())
def test_apply_never_mutates_its_input(path: GamePath) -> None:
    """States are immutable: after apply the input equals (and hashes like) a deep copy
    taken before, and the same action applied twice gives equal states."""
    for s, action in zip(path.states, path.actions):
        snapshot = copy.deepcopy(s)
        h = hash(s)
        after = apply(s, action)
        assert s == snapshot
        assert hash(s) == h == hash(snapshot)
        assert apply(snapshot, action) == after
        assert hash(apply(snapshot, action)) == hash(after)


# ---------------------------------------------------------------------------
# Illegal actions


def any_action(state: GameState) -> st.SearchStrategy[Action]:
    """Any action at all, mostly illegal ones: random bids and cards, declarations with
    random discards, out-of-turn and out-of-phase actions."""
    hand = list(state.hand(state.declarer)) if state.declarer is not None else []
    if len(hand) < 2:
        hand = list(Card)
    discards = st.one_of(
        st.none(),
        st.lists(st.sampled_from(hand), min_size=2, max_size=2, unique=True).map(
            CardSet.from_cards),
        st.lists(st.sampled_from(list(Card)), min_size=0, max_size=3, unique=True).map(
            CardSet.from_cards),
    )
    seats = st.sampled_from(list(Seat))
    return st.one_of(
        st.sampled_from(BID_TABLE).map(Bid),
        st.sampled_from(list(Card)).map(Play),
        st.sampled_from([Hold(), Pass(), PickUpSkat(), PlayHand(), Claim(), Kontra(), Re(),
                         Push()]),
        st.builds(Declare, st.sampled_from(Contract.all()), discards),
        seats.map(Concede),
        seats.map(Refuse),
        seats.map(TimeOut),
        seats.map(Leave),
    )


@settings(max_examples=EXAMPLES)
@given(path=game_paths(), data=st.data())
def test_illegal_actions_raise_and_change_nothing(path: GamePath, data: st.DataObject) -> None:
    """Random actions (random cards, random bids, random declarations, out-of-turn
    concessions...): is_legal agrees with the reference model; an illegal one raises
    IllegalActionError with the expected Reason and leaves the state equal and
    hash-equal; a legal one is accepted."""
    ref = RefGame.start(path.deal)
    for s, taken in zip(path.states, path.actions):
        for _ in range(3):
            action = data.draw(any_action(s))
            expected = ref.is_legal(action)
            assert is_legal(s, action) == expected, (s, action)
            if expected:
                apply(s, action)
                continue
            before, h = copy.deepcopy(s), hash(s)
            with pytest.raises(IllegalActionError) as exc:
                apply(s, action)
            assert s == before and hash(s) == h
            reason = exc.value.reason
            if s.is_finished:
                assert reason == Reason.WRONG_PHASE
                assert exc.value.legal == ()
            elif isinstance(action, (TimeOut, Leave)):
                assert reason == Reason.OPTION_DISABLED  # ISS only (D-18)
            elif s.phase == Phase.PLAYING and isinstance(action, Play):
                assert s.to_move is not None
                if action.card in s.hand(s.to_move):
                    assert reason == Reason.MUST_FOLLOW_SUIT
                else:
                    assert reason == Reason.CARD_NOT_IN_HAND
            elif s.phase == Phase.BIDDING and isinstance(action, Bid) and s.bid:
                if ref.auction.turn == ref.auction.bidder:
                    assert reason == Reason.BID_TOO_LOW
                else:
                    assert reason == Reason.MUST_HOLD_OR_PASS
            elif s.phase == Phase.DECLARING and isinstance(action, (Declare, Discard)):
                # ALREADY_DONE: a compound Declare after one card was put away singly
                assert reason in {Reason.CANNOT_REACH_BID, Reason.CONTRACT_NOT_ALLOWED,
                                  Reason.DISCARD_REQUIRED, Reason.DISCARD_NOT_IN_HAND,
                                  Reason.DISCARD_NOT_ALLOWED, Reason.ALREADY_DONE}
            if (not s.is_finished and s.phase in (Phase.BIDDING, Phase.SKAT)) or (
                    s.phase == Phase.PLAYING and isinstance(action, Play)):
                assert exc.value.legal == tuple(str(a) for a in legal_actions(s))
        ref.act(taken)


# ---------------------------------------------------------------------------
# Records and results


@settings(max_examples=EXAMPLES)
@given(path=game_paths())
def test_replaying_a_record_reproduces_the_final_state(path: GamePath) -> None:
    """A GameRecord of the actions replays (each action checked) to an equal final state,
    through the same states; its text form reads back to the same record."""
    record = GameRecord(path.deal, path.actions)
    assert replay(record) == path.final
    assert hash(replay(record)) == hash(path.final)
    # the record folds put-aways made one at a time into the compound declaration, so
    # its states are the path's states without those after a Discard
    kept = [st for st, a in zip(path.states[1:], path.actions) if not isinstance(a, Discard)]
    assert list(states(record)) == [path.states[0], *kept]
    again = GameRecord.from_text(path.deal, record.actions_text())
    assert again == record
    assert again.replay() == path.final


@settings(max_examples=EXAMPLES)
@given(path=game_paths())
def test_result_equals_the_kernel_score_on_the_same_cards_isko_5(path: GamePath) -> None:
    """ISkO 5 / D-1..D-11: the result of a finished deal is what the reference model
    counts from the tricks (points with the skat, tricks, matadors on all 12 cards,
    early ends, concessions) and equals skatlib.score() on those numbers."""
    ref = RefGame.start(path.deal)
    for a in path.actions:
        ref.act(a)
    for s in path.states[:-1]:
        assert s.result() is None
    check_result(path.final, ref)


# ---------------------------------------------------------------------------
# Deals (ISkO 3.2, D-12)


def check_deal(deal: Deal) -> None:
    assert [len(h) for h in deal.hands] == [10, 10, 10]
    assert len(deal.skat) == 2
    cards = [c for h in deal.hands for c in h] + list(deal.skat)
    assert sorted(cards) == sorted(Card)


@given(seed=st.integers(min_value=0) | st.text(max_size=20))  # a negative seed is refused (H-43)
def test_shuffled_deal_is_reproducible_and_valid_isko_3_2(seed: int | str) -> None:
    """Deal.shuffled(seed) always gives the same valid deal (10/10/10 + 2, every card once)."""
    d = Deal.shuffled(seed)
    check_deal(d)
    assert Deal.shuffled(seed) == d
    assert Deal.shuffled(random.Random(seed)) == d
    assert Deal.parse(str(d)) == d
    assert new_game(d) == new_game(Deal.shuffled(seed))


def test_shuffled_deals_differ_between_seeds() -> None:
    """Different seeds give (practically always) different deals."""
    assert len({Deal.shuffled(i) for i in range(50)}) == 50


def test_deal_shuffled_1_is_the_documented_deal_isko_3_2() -> None:
    """The seed → deal mapping is a stable contract (Deal.shuffled docs)."""
    assert str(Deal.shuffled(1)) == (
        "CQ C8 ST SQ S8 S7 HA H9 DA D9 / CJ DJ CA CT CK HT HK HQ H7 DQ / "
        "SJ HJ C9 C7 SA S9 H8 DK D8 D7 / SK DT"
    )


def test_deal_from_order_packets_3_2_4_3_isko_3_2() -> None:
    """ISkO 3.2 / D-12: three each, two to the skat, four each, three each, from forehand."""
    deck = list(Card)
    d = Deal.from_order(deck)
    check_deal(d)
    assert set(d.hand(Seat.FOREHAND)) == set(deck[0:3] + deck[11:15] + deck[23:26])
    assert set(d.hand(Seat.MIDDLEHAND)) == set(deck[3:6] + deck[15:19] + deck[26:29])
    assert set(d.hand(Seat.REARHAND)) == set(deck[6:9] + deck[19:23] + deck[29:32])
    assert set(d.skat) == set(deck[9:11])


HANDS = ("CJ SJ HJ DJ CA CT CK CQ C9 C8", "C7 SA ST SK SQ S9 S8 S7 HA HT",
         "HK HQ H9 H8 H7 DA DT DK DQ D9", "D8 D7")  # fmt: skip


COUNT, DUP = Reason.WRONG_CARD_COUNT, Reason.DUPLICATE_CARD


@pytest.mark.parametrize(
    ("parts", "reasons"),
    [
        ((HANDS[0], HANDS[1], HANDS[2] + " D8", "D7"), {COUNT}),  # 11 cards
        ((HANDS[0], HANDS[1], "HK HQ H9 H8 H7 DA DT DK DQ", "D8 D7"), {COUNT}),  # 9 cards
        ((HANDS[0], HANDS[1], HANDS[2], "D8"), {COUNT}),  # a skat of 1
        ((HANDS[0], HANDS[1], HANDS[2], "D8 D7 D9"), {COUNT, DUP}),  # 3, D9 twice
        ((HANDS[0], HANDS[0], HANDS[2], "D8 D7"), {DUP}),
        ((HANDS[0], HANDS[1], HANDS[2], "CJ D7"), {DUP}),
    ],
)
def test_deal_validation_errors_isko_3_2(
    parts: tuple[str, str, str, str], reasons: set[Reason]
) -> None:
    """A deal has three hands of 10 and a skat of 2, each card exactly once."""
    with pytest.raises(InvalidCardsError) as exc:
        Deal.from_hands(*parts)
    assert exc.value.reason in reasons


def test_deal_validation_other_errors() -> None:
    """Wrong deck sizes, duplicates in a deck, bad text, seats out of range, non-deals."""
    good = Deal.from_hands(*HANDS)
    check_deal(good)
    with pytest.raises(InvalidCardsError) as exc:
        Deal.from_order(list(Card)[:31])
    assert exc.value.reason == Reason.WRONG_CARD_COUNT
    with pytest.raises(InvalidCardsError):
        Deal.from_order([*list(Card)[:31], Card.D7])
    with pytest.raises(InvalidCardsError):
        Deal((good.hands[0], good.hands[1]), good.skat)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Deal.parse(" / ".join(HANDS[:3]))
    with pytest.raises(InvalidCardsError):
        good.hand(3)
    with pytest.raises(TypeError, match="deal must be a Deal"):
        new_game("not a deal")  # type: ignore[arg-type]


@settings(max_examples=EXAMPLES)
@given(path=game_paths())
def test_new_game_hands_are_the_dealt_hands(path: GamePath) -> None:
    """The first state holds the deal as dealt: hands, skat, middlehand to bid (ISkO 3.3.2)."""
    s = path.states[0]
    for seat in Seat:
        assert names(s.hand(seat)) == names(path.deal.hand(seat))
    assert s.skat == path.deal.skat
    assert s.to_move == Seat.MIDDLEHAND


def test_check_kinds_by_exact_type_mirror_the_isinstance_tests_d_11_d_18() -> None:
    """``_machine._KINDS`` (one lookup of an action's exact type) gives every action type
    the kind the isinstance tests give it: server events (D-18), side actions (D-11),
    the phase's own actions; and a subclass of an action, which the lookup misses, is
    checked like its base (legal and illegal alike)."""
    from skatlib import Concede, Deal, GameState, IllegalActionError, Pass, TimeOut
    from skatlib.state import _machine as M

    for kind in M._ACTIONS:
        expected = (M._EVENT if issubclass(kind, (TimeOut, M._EVENTS)) else M._SIDE_ACTION
                    if issubclass(kind, M._SIDE) else M._PHASE_ACTION)
        assert M._KINDS[kind] == expected

    class MyPass(Pass):
        __slots__ = ()

    class MyConcede(Concede):
        __slots__ = ()

    s = GameState.from_position(Deal.shuffled(3), "")
    M.check_action(s, MyPass())  # legal in the bidding, as Pass is
    with pytest.raises(IllegalActionError) as err:
        M.check_action(s, MyConcede(0))
    with pytest.raises(IllegalActionError) as base:
        M.check_action(s, Concede(0))
    assert err.value.reason == base.value.reason
