"""Regression tests for bugs found by the state and ISS test suites."""

from __future__ import annotations

import pickle

import pytest

from skatlib import (
    ISS,
    Abandoned,
    Deal,
    EndReason,
    GameRecord,
    GameState,
    IllegalActionError,
    Leave,
    Phase,
    Reason,
    Seat,
    TimeOut,
    apply,
    is_legal,
    new_game,
    parse_action,
    result,
)
from skatlib.actions import Bid, Hold, PickUpSkat


def _at_skat_phase() -> GameState:
    s = new_game(Deal.shuffled(1), ISS)
    for t in ["p", "p", "18"]:
        s = apply(s, parse_action(t))
    return s


def test_d18_defender_time_out_before_declaration_is_no_game() -> None:
    """D-18: only the declarer's own time-out is charged to him (FORMAT.md 4.6)."""
    s = _at_skat_phase()
    assert isinstance(result(apply(s, TimeOut(Seat.MIDDLEHAND))), Abandoned)
    picked = apply(s, PickUpSkat())
    assert isinstance(result(apply(picked, Leave(Seat.REARHAND))), Abandoned)
    own = result(apply(picked, TimeOut(Seat.FOREHAND)))
    assert own is not None and own.score < 0  # the declarer's own time-out loses


def test_d10_null_lost_in_the_last_trick_ends_as_null_trick() -> None:
    d = Deal.parse("CJ CQ C7 SQ S9 S7 H9 DQ D9 D7 / HJ DJ CK SA ST SK S8 HA DK D8 / "
                   "SJ CA C9 C8 HT HK HQ H8 DA DT / CT H7")
    s = GameRecord.from_text(d, "p p 18 hand NH H9 HA HT CK C8 C7 SA SJ SQ SK HK S7 ST HQ S9 "
                                "HJ H8 D7 DK DT D9 D8 DA DQ CA CQ DJ C9 CJ S8").replay()
    assert s.end == EndReason.NULL_TRICK
    r = result(s)
    assert r is not None and r.score == -70


def test_d9_forehand_opening_above_18_has_its_own_reason() -> None:
    s = new_game(Deal.shuffled(1))
    s = apply(apply(s, parse_action("p")), parse_action("p"))
    with pytest.raises(IllegalActionError) as exc:
        apply(s, Bid(20))
    assert exc.value.reason == Reason.BID_NOT_ALLOWED
    assert exc.value.legal == ("18", "p")


def test_illegal_action_errors_pickle_with_their_legal_list() -> None:
    s = new_game(Deal.shuffled(2))
    with pytest.raises(IllegalActionError) as exc:
        apply(s, Hold())
    again = pickle.loads(pickle.dumps(exc.value))
    assert again.legal == exc.value.legal and str(again) == str(exc.value)
    assert again.reason == Reason.WRONG_PHASE
    assert not is_legal(s, Hold())


# ----- text given where an action is meant (issue 16) ---------------------------------------


def test_text_given_to_apply_says_parse_it_first() -> None:
    """apply(state, "p") used to say "must bid a value or pass"; it says what is wrong."""
    s = new_game(Deal.shuffled(1))
    for wrong in ("p", 18, None):
        with pytest.raises(IllegalActionError) as info:
            apply(s, wrong)  # type: ignore[arg-type]
        assert info.value.reason is Reason.UNKNOWN_ACTION
        assert "is not an action" in str(info.value)
    with pytest.raises(IllegalActionError, match=r"parse_action\('p'\)"):
        apply(s, "p")  # type: ignore[arg-type]
    assert not is_legal(s, "p") and apply(s, parse_action("p")).bid == 0


def test_unknown_action_message_does_not_point_at_a_concession() -> None:
    """'Re' or 'Kontra' typed as notation: the message names 'kontra'/'re' and says that
    'RE.<seat>' is a concession, not Re (issue 16)."""
    for text in ("Re", "Kontra", "pass"):
        with pytest.raises(Exception) as info:
            parse_action(text)
        message = str(info.value)
        assert "'kontra', 're'" in message and "'RE.<seat>' (a concession, not Re)" in message


@pytest.mark.parametrize("requires_bid", [False, True])
def test_d15_each_defender_is_asked_for_kontra_once_in_seat_order(requires_bid: bool) -> None:
    """D-15: after the declaration each defender, in seat order, may say Kontra or pass,
    and play starts once both have passed; with ``kontra_requires_bid`` only a defender
    who bid or held in the auction is asked.  Rearhand declares here; forehand held
    18, middlehand passed at once (mutation testing: a defender who had passed was asked
    again, and the requirement was applied when it was off)."""
    from skatlib import Kontra, Pass, Phase, Rules

    rules = Rules(kontra=True, kontra_requires_bid=requires_bid)
    s = GameState.from_position(Deal.shuffled(2), "p 18 y 20 p hand GH", rules=rules)
    assert (s.phase, s.to_move_index, s.declarer_index) == (Phase.KONTRA, 0, 2)
    assert is_legal(s, Kontra()) and is_legal(s, Pass())
    s = apply(s, Pass())
    if not requires_bid:
        assert (s.phase, s.to_move_index) == (Phase.KONTRA, 1) and is_legal(s, Kontra())
        s = apply(s, Pass())
    assert (s.phase, s.to_move_index, s.kontra) == (Phase.PLAYING, 0, 0)


def test_a_hand_declaration_is_not_a_pickup() -> None:
    """ISkO 2.2.3 (D-7): a hand game is declared without looking at the skat: the state
    keeps ``picked_up`` False, the skat lies as dealt and the history holds the bare
    declaration (mutation testing: every declaration was taken as after a pickup)."""
    from skatlib import Contract, Declare

    deal = Deal.shuffled(1)
    s = GameState.from_position(deal, "p p 18 hand GH")
    assert not s.picked_up and s.contract == Contract.parse("GH")
    assert s.skat == deal.skat and s.hand(0) == deal.hands[0]
    assert s.actions()[-1] == Declare(Contract.parse("GH"))
    assert s.history[-1][1] == Declare(Contract.parse("GH"))


@pytest.mark.parametrize(("args", "kwargs", "match"), [
    (("deal",), {}, "deal must be a Deal"),
    ((None, "isko"), {}, r"rules must be Rules \(e\.g\. skatlib\.ISKO\)"),
    ((None,), {"ramsch": 1}, "ramsch must be True or False"),
])
def test_new_game_refuses_arguments_of_the_wrong_type(args: tuple[object, ...],
                                                      kwargs: dict[str, object],
                                                      match: str) -> None:
    """CONTRIBUTING "Errors and types": ``new_game``'s deal, rules and ramsch flag are
    checked by type before a state is built (mutation testing: dropping the rules check
    went unnoticed by the state's own tests)."""
    from skatlib.errors import ArgumentTypeError

    deal = Deal.shuffled(1)
    call_args = tuple(deal if a is None else a for a in args)
    with pytest.raises(ArgumentTypeError, match=match):
        new_game(*call_args, **kwargs)  # type: ignore[arg-type]


# ----- pinned by the mutation run of state/_machine, _pushing and _result (5th session)


def test_the_state_functions_refuse_an_observation_by_type() -> None:
    """``side_actions``, ``check_action`` and ``is_legal`` check their state argument
    (the type policy): an Observation is an ArgumentTypeError naming ``state``, not a
    TypeError from deep inside."""
    from skatlib import Pass, Seat, check_action, is_legal, observe
    from skatlib import side_actions as sides
    from skatlib.errors import ArgumentTypeError

    s = GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT")
    obs = observe(s, Seat.FOREHAND)
    for call in (lambda: sides(obs), lambda: sides(obs, 1),  # type: ignore[arg-type]
                 lambda: check_action(obs, Pass()),  # type: ignore[arg-type]
                 lambda: is_legal(obs, Pass())):  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="state must be a GameState"):
            call()


def test_d7_from_position_accepts_what_apply_refuses_as_unable_to_reach_the_bid() -> None:
    """D-7: ``apply`` refuses a declaration that cannot reach the bid (null hand, 35, at
    a bid of 48), while ``GameState.from_position`` -- which rebuilds recorded
    positions -- relaxes D-7 and plays it (the record decides, D-6 then scores it)."""
    from skatlib import Contract, Declare

    deal = Deal.shuffled(1)
    before = GameState.from_position(deal, "48 p p hand")
    assert before.bid == 48
    with pytest.raises(IllegalActionError) as info:
        apply(before, Declare(Contract.parse("NH")))
    assert info.value.reason is Reason.CANNOT_REACH_BID
    s = GameState.from_position(deal, "48 p p hand NH")
    assert s.phase == Phase.PLAYING and s.contract == Contract.parse("NH")


@pytest.mark.parametrize("cards_after", [0, 2, 5])
def test_d11_actions_after_a_refused_claim_rebuild_the_state(cards_after: int) -> None:
    """D-11: after the declarer's claim is refused his cards stay open (a refused claim
    is known to the table); ``actions()`` must give a sequence that rebuilds exactly
    that state, also with cards played after the refusal."""
    from skatlib import Claim, Refuse, legal_actions

    s = GameState.from_position(Deal.shuffled(4), "p p 18 hand CH")
    for _ in range(4):
        s = apply(s, legal_actions(s)[0])
    s = apply(apply(s, Claim()), Refuse(1))
    assert s.open_hand and not s.claim_pending
    for _ in range(cards_after):
        s = apply(s, legal_actions(s)[0])
    assert GameState.from_position(s.deal, s.actions(), rules=s.rules) == s


def _schieberamsch(seed: int = 2) -> GameState:
    from skatlib import Rules, new_game

    return new_game(Deal.shuffled(seed), Rules(ramsch=True, schieberamsch=True), ramsch=True)


def test_d17_pushing_after_taking_the_skat_two_cards_at_once_or_one_at_a_time() -> None:
    """D-17 (Schieberamsch): after taking the skat a player pushes two cards, at once
    (``Push(cards)``) or one at a time (``Discard``); once one card is pushed the other
    follows alone (ALREADY_DONE), and nothing else is legal (DISCARD_REQUIRED)."""
    from skatlib import CardSet, Discard, Pass, Push, observe

    s = apply(_schieberamsch(), PickUpSkat())
    assert s.phase == Phase.PUSHING and len(s.hand(0)) == 12
    first, second = [c for c in s.hand(0) if c.rank != 7][:2]  # no jacks (push_jacks off)
    two = CardSet.from_cards([first, second])
    at_once = apply(s, Push(two))
    one_by_one = apply(apply(s, Discard(first)), Discard(second))
    assert at_once == one_by_one and at_once.to_move_index == 1
    assert len(at_once.hand(0)) == 10
    half = apply(s, Discard(first))
    assert half.leader_index == 0 and observe(half, 0).leader == Seat.FOREHAND
    with pytest.raises(IllegalActionError) as info:
        apply(half, Push(two))
    assert info.value.reason is Reason.ALREADY_DONE
    for wrong in (Pass(), PickUpSkat()):
        with pytest.raises(IllegalActionError) as info:
            apply(s, wrong)
        assert info.value.reason is Reason.DISCARD_REQUIRED


def test_d17_passing_the_skat_on_unseen_changes_no_hand() -> None:
    """D-17: ``Push()`` passes the skat on unseen: no hand and not the skat change, the
    next seat decides, and after all three the card play starts with forehand's lead
    (ISkO 4.1.2); forehand stays the leader throughout."""
    from skatlib import Push, Seat, observe

    s = _schieberamsch()
    hands, skat = s.hand_masks, s.skat_mask
    for seat in range(3):
        assert s.phase == Phase.PUSHING and s.to_move_index == seat
        assert all(observe(s, x).leader == Seat.FOREHAND for x in range(3))
        s = apply(s, Push())
        assert s.hand_masks == hands and s.skat_mask == skat
    assert s.phase == Phase.PLAYING and s.to_move_index == 0 and s.leader_index == 0


def test_d11_all_cards_concession_mid_trick_gives_the_declarer_every_unplayed_card() -> None:
    """D-11 revised (``concession="all_cards"``, the ISS rule): when both defenders
    concede in the middle of a trick, every card not yet in a completed trick -- the
    hands *and* the cards of the unfinished trick -- goes to the declarer, so his points
    and the defenders' add up to 120 and he takes every remaining trick."""
    from skatlib import ISS, CardSet, Concede, GameResult, legal_actions, result

    s = GameState.from_position(Deal.shuffled(6), "p p 18 hand CH", rules=ISS)
    for _ in range(3 * 2):  # two tricks
        s = apply(s, legal_actions(s)[0])
    for _ in range(2):  # and two cards of the third, each worth the most it can
        s = apply(s, max(legal_actions(s), key=lambda a: a.card.points))  # type: ignore[union-attr]
    assert len(s.trick_cards) == 2
    assert sum(c.points for c in s.current_trick) > 0
    defenders = [x for x in range(3) if x != s.declarer_index]
    taken = s.taken_masks
    defender_points = sum(CardSet(taken[x]).points() for x in defenders)
    done = apply(apply(s, Concede(defenders[0])), Concede(defenders[1]))
    res = result(done)
    assert isinstance(res, GameResult)
    assert res.declarer_points == 120 - defender_points
    assert res.declarer_tricks == s.trick_counts[s.declarer_index] + 8


@pytest.mark.parametrize("leader, cards, winner", [
    (None, (1, 2, 3), 0), (0, (1, 2, "x"), 0), (0, (1, 2), 0), (0, (1, 1, 2), 0),
    (5, (1, 2, 3), 0), (0, (1, 2, 40), 0), (0, 5, 0), (0, "C7 C8 C9", 0), (0, (1, 2, 3), 3),
])
def test_trick_refuses_what_is_no_trick(leader: object, cards: object, winner: object) -> None:
    """``Trick`` (ISkO 4.4, H-55): two seats and three different cards; a wrong type is
    an ArgumentTypeError, a wrong value a SkatError (it took anything before)."""
    from skatlib import SkatError, Trick

    with pytest.raises((TypeError, SkatError)):
        Trick(leader, cards, winner)


def test_the_state_builds_tricks_the_checked_constructor_builds() -> None:
    """``trick_of`` builds its Tricks without the converters: they equal the checked ones."""
    from skatlib import Trick, legal_actions

    s = GameState.from_position(Deal.shuffled(9), "p p 18 hand CH")
    while not s.is_finished:
        s = apply(s, legal_actions(s)[0])
    for t in s.tricks:
        assert Trick(int(t.leader), [int(c) for c in t.cards], int(t.winner)) == t
        assert type(t.leader) is Seat and all(type(c) is type(t.cards[0]) for c in t.cards)


def test_deprecated_raw_field_names_warn_and_give_the_new_view() -> None:
    """The raw field names of skatlib 0.1 still work until 0.3: each warns with a
    :class:`DeprecationWarning` pointing at the caller and gives the new view; an unknown
    name is a plain :class:`AttributeError` (they are properties, not a ``__getattr__``
    hook, which would slow every attribute of every state)."""
    import warnings

    from skatlib.state._core import _DEPRECATED

    s = GameState.from_position(Deal.shuffled(3), "p 18 y p s D.C8.D7 HA")
    assert "__getattr__" not in vars(GameState)
    assert len(_DEPRECATED) == 18
    for old, new in _DEPRECATED.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert getattr(s, old) == getattr(s, new)
        assert [str(w.message) for w in caught] == [
            f"GameState.{old} is deprecated: use GameState.{new}"]
        assert caught[0].category is DeprecationWarning
        assert caught[0].filename == __file__
    with pytest.raises(AttributeError, match="'GameState' object has no attribute 'bogus'"):
        s.bogus  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(s, "to_move__")
