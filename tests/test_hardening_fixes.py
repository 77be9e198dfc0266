"""Regression tests for the bugs the hardening work found (H-1 .. H-8)."""

from __future__ import annotations

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
