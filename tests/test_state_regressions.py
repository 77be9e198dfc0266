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
