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
