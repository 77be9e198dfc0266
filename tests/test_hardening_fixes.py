"""Regression tests for the bugs the hardening work found (H-1 .. H-16; the
parser bugs H-10, H-15 are in test_fuzz_parsers.py, H-11 in test_house_rules.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from skatlib import (
    PUB,
    Contract,
    Deal,
    GameRecord,
    NotationError,
    Play,
    RecordError,
    apply,
    legal_actions,
    new_game,
    replay,
    result,
)
from skatlib.fast import Engine
from skatlib.formats import iss
from skatlib.formats import json as sj


def test_h5_a_ramsch_round_deal_is_a_replayable_record() -> None:
    deal = Deal.shuffled(1)
    s = new_game(deal, PUB, ramsch=True)
    actions = []
    while not s.is_finished:
        a = legal_actions(s)[0]
        actions.append(a)
        s = apply(s, a)
    rec = GameRecord(deal, tuple(actions), PUB, ramsch=True)
    assert replay(rec) == s
    again = sj.loads(sj.dumps(rec))
    assert again == rec and result(replay(again)) == result(s)
    with pytest.raises(RecordError):
        iss.from_game_record(rec)  # ISS has no Ramsch


def test_h6_engine_starts_from_a_ramsch_state() -> None:
    s = new_game(Deal.shuffled(2), PUB, ramsch=True)
    e = Engine.from_state(s)
    mask = 0
    for a in legal_actions(s):
        assert isinstance(a, Play)
        mask |= 1 << int(a.card)
    assert e.legal_mask() == mask


def test_h7_contract_text_must_be_ascii() -> None:
    for text in ("ß", "ſ"):
        with pytest.raises(NotationError):
            Contract.parse(text)


def test_h12_actions_normalise_raw_values() -> None:
    from skatlib import Card, Declare, IllegalActionError, Pass, PickUpSkat, Push, is_legal
    from skatlib.actions import Bid as BidAction

    assert Play(31) == Play(Card.CJ) == Play("CJ")
    assert Push("CJ SJ").discard == Push([Card.CJ, Card.SJ]).discard
    s = new_game(Deal.shuffled(1))
    assert not is_legal(s, Play(5))
    for a in (Pass(), Pass(), BidAction(18), PickUpSkat()):
        s = apply(s, a)
    two = " ".join(c.name for c in s.hand(0).sorted()[:2])
    assert is_legal(s, Declare("G", two))
    with pytest.raises(NotationError):
        Play(32)
    with pytest.raises(IllegalActionError):
        apply(s, Play(0))


def test_h13_state_html_refuses_other_objects() -> None:
    from skatlib.display import state_html

    with pytest.raises(TypeError):
        state_html(5)


def test_h14_table_refuses_states_that_do_not_belong() -> None:
    from skatlib import ISKO, SkatError, Table

    s = new_game(Deal.shuffled(1), PUB, ramsch=True)
    while not s.is_finished:
        s = apply(s, legal_actions(s)[0])
    with pytest.raises(SkatError):
        Table(("a", "b", "c"), rules=ISKO).record(s)  # other rules
    with pytest.raises(SkatError):
        Table(("a", "b", "c"), rules=PUB).record(s)  # no Ramsch round is due
    t = Table(("a", "b", "c"), rules=PUB, queue=("ramsch",) * 3)
    assert t.record(s).entries[-1].kind == "ramsch"
    bid = new_game(Deal.shuffled(2), PUB)
    while not bid.is_finished:
        bid = apply(bid, legal_actions(bid)[-1])
    with pytest.raises(SkatError):
        t.record(bid)  # a Ramsch round is due, but this deal was bid
    assert t.entries == ()


def test_table_records_a_deal_ended_before_the_first_bid() -> None:
    """Whether a deal was a Ramsch round is read from the state (``ramsch_round``),
    not from its first action: a time-out before any bid leaves the auction empty,
    yet the deal was a normal one (found reviewing H-14's fix)."""
    from skatlib import ISS, Rules, Seat, Table, TimeOut

    t = Table(("a", "b", "c"), rules=ISS)
    s = apply(t.new_game(Deal.shuffled(1)), TimeOut(Seat.MIDDLEHAND))
    assert s.is_finished and s.history == () and not s.ramsch_round
    assert len(t.record(s).entries) == 1
    rules = Rules(ramsch=True, server_events=True)
    r = new_game(Deal.shuffled(1), rules, ramsch=True)
    assert r.ramsch_round and apply(r, TimeOut(Seat.FOREHAND)).ramsch_round
    passed = new_game(Deal.shuffled(1), rules)  # all three pass: Ramsch, but bid
    for _ in range(3):
        passed = apply(passed, next(a for a in legal_actions(passed) if str(a) == "p"))
    assert passed.is_ramsch and not passed.ramsch_round


def test_h9_unseen_excludes_the_seats_own_dealt_and_pushed_cards() -> None:
    """H-9 (found by the stateful test): in Schieberamsch (D-17) a seat that took
    the skat and pushed two cards on has seen them, and its dealt cards, wherever
    they are now; ``Observation.unseen`` must not offer them to a sampler."""
    from skatlib import PickUpSkat, Push, Rules, observe

    rules = Rules(ramsch=True, schieberamsch=True)
    s = apply(new_game(Deal.shuffled(2), rules, ramsch=True), PickUpSkat())
    first, second = legal_actions(s)[:2]  # pushed one card at a time (Discard)
    s = apply(apply(s, first), second)
    push = s.history[-1][1]
    assert isinstance(push, Push)
    o = observe(s, 0)
    assert push.discard is not None
    assert not push.discard.mask & o.unseen.mask
    assert not o.dealt_hand.mask & o.unseen.mask
    # he has seen his hand and the skat: exactly the other two hands are unseen
    assert o.unseen.mask == s.deal.hands[1].mask | s.deal.hands[2].mask


def test_h16_state_caches_stay_small() -> None:
    """H-16: replaying distinct games must not grow the declaration cache past a
    small bound (it was 100,000 entries, ~28 MiB)."""
    import random

    import skatlib.state._declaring as st
    import skatlib.state._playing as sp

    rng = random.Random(1)
    for i in range(3 * st._ALLOWED_CACHE_SIZE):
        hand = sum(1 << c for c in rng.sample(range(32), 12 if i % 2 else 10))
        st._allowed(hand, bool(i % 2), 18)
        st.discard_actions(hand)
    assert 0 < len(st._ALLOWED_CACHE) <= st._ALLOWED_CACHE_SIZE <= 4_096
    assert 0 < len(st._DISCARD_CACHE) <= st._ALLOWED_CACHE_SIZE
    assert sp._PLAY_CACHE_SIZE <= 65_536


# ----- H-40 .. (issue 14's siblings, found by the helper's own fuzzers) ----------------------


def test_h40_actions_take_any_index_integer_as_a_card() -> None:
    """``Play(np.int64(31))`` was refused as "np.int64(31) is not a card: use ... an
    index 0..31" (a message contradicting itself); actions take their card through the
    card index check of ``skatlib.cards``, and a wrong type is a TypeError."""
    from int_like import IntLike
    from skatlib import Card, Discard
    from skatlib.errors import ArgumentTypeError

    assert Play(IntLike(31)) == Play(Card.CJ) and type(Play(IntLike(31)).card) is Card  # type: ignore[arg-type]
    assert Discard(IntLike(0)).card is Card.D7  # type: ignore[arg-type]
    for bad in (None, 1.0, True, [31]):
        with pytest.raises(ArgumentTypeError, match=r"^card must be a Card, an index 0..31"):
            Play(bad)  # type: ignore[arg-type]
    for out in (32, -1, IntLike(40)):
        with pytest.raises(NotationError, match="is not a card"):
            Play(out)  # type: ignore[arg-type]


def test_h42_a_foreign_type_named_like_a_builtin_is_shown_with_its_module() -> None:
    """numpy 2's bool is named ``bool``: the message was "ramsch must be True or False,
    not bool (np.True_)"."""
    from skatlib.errors import type_error

    fake_bool = type("bool", (), {"__module__": "numpy", "__repr__": lambda self: "np.True_"})
    msg = str(type_error("ramsch", "True or False", fake_bool()))
    assert msg == "ramsch must be True or False, not numpy.bool (np.True_)"
    assert str(type_error("n", "an int", 2.0)) == "n must be an int, not float (2.0)"
    with pytest.raises(TypeError, match=r"not numpy\.bool \(np\.True_\)"):
        new_game(Deal.shuffled(1), ramsch=fake_bool())


def test_h45_the_type_policy_in_the_state_record_and_contract_checks() -> None:
    """Wrong types were bare TypeErrors (the state package), value errors
    (``Contract(..., hand=1)``, ``score(conceded=1)``), or internal errors from deep
    inside (``GameRecord(deal, 5)``: "'int' object is not iterable";
    ``matadors_mask("x", 0)``: "'<=' not supported"); each is an ArgumentTypeError
    naming the parameter.  A game type out of range for ``best_hand_matadors`` was a
    TypeError; it is a wrong value now."""
    from skatlib import (
        ISKO,
        CardSet,
        GameState,
        GameType,
        InvalidContractError,
        Reason,
        best_hand_matadors,
        matadors_mask,
    )
    from skatlib.errors import ArgumentTypeError

    deal = Deal.shuffled(1)
    calls: list[tuple[Callable[[], object], str]] = [
        (lambda: new_game("deal"), "^deal must be a Deal, not str"),  # type: ignore[arg-type]
        (lambda: new_game(deal, "isko"), "^rules must be Rules"),  # type: ignore[arg-type]
        (lambda: new_game(deal, ISKO, ramsch=1), "^ramsch must be True or False"),  # type: ignore[arg-type]
        (lambda: legal_actions(0), "^state must be a GameState"),  # type: ignore[arg-type]
        (lambda: GameState(), "GameState is built by new_game"),
        (lambda: best_hand_matadors(GameType.GRAND, "CJ"), "^hand must be a CardSet"),  # type: ignore[arg-type]
        (lambda: best_hand_matadors("G", CardSet()), "^game_type must be a GameType"),  # type: ignore[arg-type]
        (lambda: GameRecord(deal, 5), "^actions must be a sequence of actions"),  # type: ignore[arg-type]
        (lambda: GameRecord(deal, (), meta=5), "^meta must be a mapping"),  # type: ignore[arg-type]
        (lambda: replay(5), "^record must be a GameRecord, not int"),  # type: ignore[arg-type]
        (lambda: matadors_mask("x", 0), "^game_type must be a GameType or an int"),  # type: ignore[arg-type]
        (lambda: Contract(GameType.CLUBS, hand=1), "^hand must be True or False"),  # type: ignore[arg-type]
        (lambda: Contract("G"), "^game_type must be a GameType"),  # type: ignore[arg-type]
    ]
    for call, message in calls:
        with pytest.raises(ArgumentTypeError, match=message) as info:
            call()
        assert info.value.reason is Reason.WRONG_TYPE
    with pytest.raises(InvalidContractError) as err:
        best_hand_matadors(GameType.RAMSCH, CardSet())
    assert err.value.reason is Reason.GAME_TYPE_OUT_OF_RANGE
    with pytest.raises(InvalidContractError, match="not a game type"):
        matadors_mask(7, 0)
    assert matadors_mask(GameType.GRAND, 1 << 31) == matadors_mask(4, 1 << 31) == 1


def test_h45_no_bare_type_error_is_raised_in_the_checked_modules() -> None:
    """The type policy, held in the source: outside errors.py a wrong type is raised
    through ``type_error``/``ArgumentTypeError``, never ``TypeError(...)`` (H-45)."""
    import ast
    from pathlib import Path

    import skatlib

    root = Path(skatlib.__file__).parent
    offenders = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                    and isinstance(node.exc.func, ast.Name) and node.exc.func.id == "TypeError"):
                offenders.append(f"{rel}:{node.lineno}")
    assert offenders == []


def test_h47_a_game_record_holds_a_bounded_sequence_of_actions() -> None:
    """``GameRecord(deal, itertools.repeat(Pass()))`` never returned and
    ``GameRecord(deal, range(10**8))`` filled memory (a sibling of H-38); ``[1, 2]`` was
    kept as "actions".  At most ``MAX_ACTIONS`` actions and ``MAX_META`` metadata
    entries are read (``TOO_LONG``), and every action must be one."""
    import itertools

    from skatlib import Pass, Reason
    from skatlib.errors import ArgumentTypeError
    from skatlib.record import MAX_ACTIONS, MAX_META

    deal = Deal.shuffled(1)
    for endless in (itertools.repeat(Pass()), range(10**8)):
        with pytest.raises(RecordError, match=f"more than {MAX_ACTIONS}") as info:
            GameRecord(deal, endless)  # type: ignore[arg-type]
        assert info.value.reason is Reason.TOO_LONG
    with pytest.raises(RecordError, match=f"more than {MAX_META}"):
        GameRecord(deal, (), meta=itertools.repeat(("a", "b")))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="more than"):
        GameRecord.from_text(deal, "p " * (MAX_ACTIONS + 1))
    with pytest.raises(ArgumentTypeError, match=r"^actions must hold actions .*int \(1\) at 1"):
        GameRecord(deal, [1, 2])  # type: ignore[list-item]
    assert len(GameRecord(deal, [Pass()] * 3).actions) == 3
    longest = GameRecord(deal, (Pass(),) * MAX_ACTIONS)  # the bound itself is kept
    assert len(longest.actions) == MAX_ACTIONS
