"""The cheap declarations of the kernel's attrs classes (issue 18) keep attrs' behaviour.

Building an attrs class at import generates and compiles its methods.  So the seven
actions without fields share one attrs class (``actions._NoFields``), ``Discard`` and
``Play`` another, the four actions that name a seat a third; and the results and
records use ``_text.fields_repr`` instead of a generated ``__repr__``.  These tests
compare both with what attrs itself does.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatlib import (
    ISKO,
    PUB,
    Abandoned,
    Action,
    Card,
    CardSet,
    Claim,
    Concede,
    Contract,
    Deal,
    Declare,
    Discard,
    GameRecord,
    GameResult,
    GameState,
    Hold,
    Kontra,
    Leave,
    Level,
    Pass,
    PassedIn,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    RamschResult,
    Re,
    Refuse,
    Rules,
    Seat,
    TimeOut,
    Trick,
    apply,
    legal_actions,
    new_game,
    parse_action,
    ramsch_result,
    score,
)
from skatlib._text import fields_repr
from skatlib.bidding import Bid

NO_FIELDS: tuple[type[Any], ...] = (Hold, Pass, PickUpSkat, PlayHand, Claim, Kontra, Re)
CARD_ACTIONS: tuple[type[Any], ...] = (Discard, Play)
SEAT_ACTIONS: tuple[type[Any], ...] = (Concede, Refuse, TimeOut, Leave)
SHARED = NO_FIELDS + CARD_ACTIONS + SEAT_ACTIONS


def _examples() -> list[Action]:
    """Every action type with a few values each."""
    out: list[Action] = [cls() for cls in NO_FIELDS]
    out += [cls(card) for cls in CARD_ACTIONS for card in (Card.CJ, Card.D7, Card.HA)]
    out += [cls(seat) for cls in SEAT_ACTIONS for seat in Seat]
    out += [Bid(18), Bid(24), Declare(Contract.parse("G")), Push(), Push(CardSet.parse("C7 H8"))]
    return out


def test_each_action_type_keeps_its_fields_and_is_an_attrs_class() -> None:
    for cls in NO_FIELDS:
        assert cls.__match_args__ == ()
        assert attrs.has(cls) and attrs.fields(cls) == ()
    for cls in CARD_ACTIONS:
        assert [f.name for f in attrs.fields(cls)] == ["card"]
        assert cls.__match_args__ == ("card",)
    for cls in SEAT_ACTIONS:
        assert [f.name for f in attrs.fields(cls)] == ["seat"]
        assert cls.__match_args__ == ("seat",)


def test_shared_attrs_classes_keep_equality_per_action_type() -> None:
    """Two actions are equal exactly when they have the same type and the same fields
    (``Hold() != Pass()``, ``Play(CJ) != Discard(CJ)``, ``Concede(0) != Refuse(0)``),
    and equal ones hash alike."""
    actions = _examples()
    for a in actions:
        for b in actions:
            same = type(a) is type(b) and attrs.astuple(a) == attrs.astuple(b)
            assert (a == b) is same, (a, b)
            assert (a != b) is not same, (a, b)
            if same:
                assert hash(a) == hash(b)
        assert a == copy.copy(a) and hash(a) == hash(copy.copy(a))


def test_action_types_sharing_an_attrs_class_do_not_share_hashes() -> None:
    """The hash follows the type too, so that ``encoding``'s dict of action ids (and any
    dict of actions) does not see the seven actions without fields collide."""
    assert len({hash(cls()) for cls in NO_FIELDS}) == len(NO_FIELDS)
    for group in (CARD_ACTIONS, SEAT_ACTIONS):
        for value in (0, 1, 2):
            assert len({hash(cls(value)) for cls in group}) == len(group)


@pytest.mark.parametrize("action", _examples(), ids=repr)
def test_actions_stay_frozen_slotted_picklable_and_evolvable(action: Action) -> None:
    cls = type(action)
    assert not hasattr(action, "__dict__")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        action.extra = 1  # type: ignore[union-attr]
    for field in attrs.fields(cls):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(action, field.name, getattr(action, field.name))
    again = pickle.loads(pickle.dumps(action))
    assert again == action and type(again) is cls
    assert attrs.evolve(action) == action and type(attrs.evolve(action)) is cls
    assert parse_action(str(action)) == action


def test_seat_and_card_actions_still_convert_their_field() -> None:
    assert attrs.evolve(Concede(0), seat=2) == Concede(Seat.REARHAND)
    assert Refuse(1).seat is Seat.MIDDLEHAND
    assert Play("CJ") == Play(Card.CJ) == Play(int(Card.CJ))
    assert Discard("D7").card is Card.D7
    for cls in SEAT_ACTIONS:
        with pytest.raises(ValueError, match="seat"):
            cls(3)
    for cls in CARD_ACTIONS:
        with pytest.raises(ValueError, match="card"):
            cls("XX")


def _twin(cls: type[Any]) -> type[Any]:
    """An attrs class of the same name and fields with attrs' own ``__repr__``."""
    fields = {f.name: attrs.field(repr=f.repr, init=f.init) for f in attrs.fields(cls)}
    return attrs.make_class(cls.__name__, fields, frozen=True, repr=True)


def _attrs_repr(value: Any) -> str:
    cls: type[Any] = type(value)
    twin = _twin(cls)
    return repr(twin(**{f.name: getattr(value, f.name) for f in attrs.fields(cls) if f.init}))


def _played(seed: int, rules: Rules = ISKO) -> tuple[GameRecord, object]:
    rng = random.Random(seed)
    deal = Deal.shuffled(seed)
    state = new_game(deal, rules)
    actions = []
    while state.phase is not Phase.FINISHED:
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1])
    return GameRecord(deal, tuple(actions), rules), state.result()


def _results() -> list[object]:
    out: list[object] = [PassedIn(), Abandoned(Seat.MIDDLEHAND, "a player left the table"),
                         Abandoned(2, "timeout"), Level("with 2", 2),
                         ramsch_result((50, 40, 30), (4, 3, 3), last_trick=0)]
    for text, points, tricks in (("CH", 80, 7), ("G", 30, 2), ("SSO", 120, 10)):
        out.append(score(Contract.parse(text), bid=18, matadors=1, declarer_points=points,
                         declarer_tricks=tricks))
    for seed in range(12):
        record, result = _played(seed, PUB)
        out += [record, result]
        out += list(GameState.from_position(record.deal, record.actions,
                                            rules=record.rules).tricks[:2])
    return out


def test_the_classes_that_share_fields_repr_are_the_results_and_the_record() -> None:
    classes: tuple[type[Any], ...] = (Level, GameResult, PassedIn, Abandoned, RamschResult,
                                      GameRecord, Trick)
    assert all(vars(cls)["__repr__"] is fields_repr for cls in classes)
    kinds = {type(value) for value in _results()}
    assert kinds >= {Level, GameResult, PassedIn, Abandoned, RamschResult, GameRecord, Trick}


@pytest.mark.parametrize("value", _results(), ids=lambda v: type(v).__name__)
def test_fields_repr_is_the_repr_attrs_generates(value: object) -> None:
    assert repr(value) == _attrs_repr(value)


@attrs.frozen(repr=False)
class _Box:
    """A test class holding anything, even itself (through a list), with a field left
    out of the repr, one with its own repr and one never set (``init=False``)."""

    content: object
    hidden: object = attrs.field(default=0, repr=False)
    shown: object = attrs.field(default="x", repr=lambda v: f"<{v}>")
    unset: object = attrs.field(init=False)

    __repr__ = fields_repr


@given(st.recursive(st.integers() | st.text(max_size=3) | st.none(),
                    lambda inner: st.lists(inner, max_size=3) | st.builds(_Box, inner),
                    max_leaves=8),
       st.integers(), st.text(max_size=3))
def test_fields_repr_matches_attrs_on_nested_values(content: object, hidden: int,
                                                    shown: str) -> None:
    box = _Box(content, hidden, shown)
    twin = _twin(_Box)

    def as_twin(value: object) -> object:
        if isinstance(value, _Box):
            return twin(as_twin(value.content), value.hidden, value.shown)
        if isinstance(value, list):
            return [as_twin(v) for v in value]
        return value

    assert repr(box) == repr(as_twin(box))


def test_fields_repr_shows_an_instance_inside_itself_as_dots_like_attrs() -> None:
    inner: list[object] = []
    box = _Box(inner)
    inner.append(box)
    twin_inner: list[object] = []
    twin = _twin(_Box)(twin_inner, 0, "x")
    twin_inner.append(twin)
    assert repr(box) == repr(twin) == "_Box(content=[...], shown=<x>, unset=NOTHING)"
