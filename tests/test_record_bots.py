"""Bots, play_deal, game records and the text form of actions.

A record replays to the same state, each action checked (ISkO 3.3 / 4 legality via
:func:`skatlib.apply`); play_deal with seeded RandomBots is reproducible; a bot that
returns an illegal action is named in the error; every action type reads back from
its text form (FORMAT.md §3 tokens).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import (
    BID_VALUES,
    Bid,
    Bot,
    Card,
    CardSet,
    Claim,
    Concede,
    Contract,
    Deal,
    Declare,
    GameRecord,
    Hold,
    IllegalActionError,
    InvalidBidError,
    Kontra,
    Leave,
    NotationError,
    Observation,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    RandomBot,
    Re,
    Reason,
    RecordError,
    Refuse,
    Seat,
    TimeOut,
    new_game,
    observe,
    parse_action,
    play_deal,
    replay,
    states,
)
from skatlib.actions import Action
from state_strategies import check_result, examples, ref_replay


def bots(seed: int) -> list[RandomBot]:
    return [RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]


# ---------------------------------------------------------------------------
# play_deal with RandomBot


@pytest.mark.parametrize("seed", range(0, 40, 3))
def test_play_deal_is_reproducible_per_seed(seed: int) -> None:
    """The same deal and bot seeds give the same record and result."""
    deal = Deal.shuffled(seed)
    rec1, res1 = play_deal(deal, bots(seed))
    rec2, res2 = play_deal(deal, bots(seed))
    assert rec1 == rec2
    assert res1 == res2
    assert rec1.deal == deal
    assert rec1.actions  # at least the auction


@pytest.mark.parametrize("seed", range(40))
def test_play_deal_record_replays_to_the_same_result(seed: int) -> None:
    """The record of play_deal replays (each action checked) to a finished state whose
    result is the one returned, and which the reference model scores the same (ISkO 5)."""
    deal = Deal.shuffled(1000 + seed)
    rec, res = play_deal(deal, bots(seed))
    final = replay(rec)
    assert final.is_finished
    assert final.result() == res
    check_result(final, ref_replay(deal, rec.actions))
    assert GameRecord.from_text(deal, rec.actions_text()) == rec


def test_random_bot_never_concedes_claims_or_refuses_d11() -> None:
    """RandomBot's documented policy: no concessions, claims or refusals."""
    for seed in range(30):
        rec, _ = play_deal(Deal.shuffled(seed), bots(seed))
        assert not [a for a in rec.actions if isinstance(a, (Concede, Claim, Refuse))]


def test_random_bots_reach_every_phase() -> None:
    """Over some seeds RandomBots produce passed-in deals and played-out games."""
    finals = [replay(play_deal(Deal.shuffled(s), bots(s))[0]) for s in range(40)]
    assert any(f.declarer is None for f in finals)  # passed in (D-8)
    assert any(len(f.tricks) == 10 for f in finals)


def test_random_bot_is_a_bot_and_chooses_a_legal_action() -> None:
    s = new_game(Deal.shuffled(3))
    bot = RandomBot(7)
    assert isinstance(bot, Bot)
    legal = s.legal_actions()
    assert bot.act(observe(s, Seat.MIDDLEHAND), legal) in legal


class IllegalBot:
    """Returns a fixed action whatever the state."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self.action


class HoldingBot:
    """Bids 18 as middlehand; as forehand says 'y'; as declarer plays a card it lacks."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if observation.phase == Phase.PLAYING:
            missing = next(c for c in Card if c not in observation.hand)
            return Play(missing)
        if Bid(18) in legal:
            return Bid(18)
        if Hold() in legal:
            return Hold()
        return legal[-1] if observation.phase == Phase.BIDDING else legal[0]


def test_bot_returning_an_illegal_action_names_the_seat() -> None:
    """play_deal raises IllegalActionError naming the seat of the offending bot."""
    deal = Deal.shuffled(5)
    good = RandomBot(1)
    with pytest.raises(IllegalActionError) as exc:
        play_deal(deal, [good, IllegalBot(Hold()), good])  # middlehand cannot hold
    assert "seat 1" in str(exc.value) or "middlehand" in str(exc.value).lower()
    assert exc.value.action == Hold()
    assert exc.value.reason == Reason.WRONG_PHASE
    assert exc.value.legal
    with pytest.raises(IllegalActionError) as exc:
        play_deal(deal, [good, RandomBot(2, pass_rate=0.0), IllegalBot(Bid(18))])
    assert "seat 2" in str(exc.value) or "rearhand" in str(exc.value).lower()


def test_bot_playing_a_card_it_does_not_hold_isko_4_2() -> None:
    """A bot playing a card it does not hold is named too (here forehand, the leader)."""
    deal = Deal.shuffled(9)
    with pytest.raises(IllegalActionError) as exc:
        play_deal(deal, [HoldingBot(), HoldingBot(), HoldingBot()])
    assert exc.value.reason == Reason.CARD_NOT_IN_HAND
    assert "seat 0" in str(exc.value) or "forehand" in str(exc.value).lower()


def test_play_deal_needs_three_bots() -> None:
    with pytest.raises(IllegalActionError) as exc:
        play_deal(Deal.shuffled(1), [RandomBot(1), RandomBot(2)])
    assert exc.value.reason == Reason.BAD_TABLE


# ---------------------------------------------------------------------------
# Records


def test_record_with_an_illegal_action_names_it() -> None:
    """Replaying a record checks every action; the error names the action number."""
    deal = Deal.shuffled(1)
    rec = GameRecord.from_text(deal, "18 y 18")  # 18 again: middlehand must go higher
    with pytest.raises(RecordError) as exc:
        replay(rec)
    assert "action 3" in str(exc.value)
    assert exc.value.reason == Reason.BAD_RECORD
    good = list(states(GameRecord.from_text(deal, "18 y")))
    assert len(good) == 3


def test_record_metadata_and_text() -> None:
    deal = Deal.shuffled(2)
    rec = GameRecord(deal, [Bid(18), Pass(), Pass()], meta={"players": "a b c"})
    assert rec.actions == (Bid(18), Pass(), Pass())
    assert rec.metadata == {"players": "a b c"}
    assert rec.actions_text() == "18 p p"
    assert replay(rec).declarer == Seat.MIDDLEHAND


# ---------------------------------------------------------------------------
# parse_action and str: round trips for every action type


def every_action() -> list[Action]:
    out: list[Action] = [Bid(v) for v in BID_VALUES]
    out += [Hold(), Pass(), PickUpSkat(), PlayHand(), Claim(), Kontra(), Re(), Push()]
    out += [Play(c) for c in Card]
    for seat in Seat:
        out += [Concede(seat), Refuse(seat), TimeOut(seat), Leave(seat)]
    for c in Contract.all():
        out.append(Declare(c))
        out.append(Declare(c, CardSet.parse("H7 HQ")))
        out.append(Declare(c, CardSet.parse("CJ SJ")))
    out.append(Push(CardSet.parse("C7 H8")))
    return out


@pytest.mark.parametrize("action", every_action(), ids=str)
def test_parse_action_reads_back_str_of_every_action(action: Action) -> None:
    """str(action) is its text form and parse_action is its inverse."""
    text = str(action)
    assert parse_action(text) == action
    assert str(parse_action(text)) == text


@settings(max_examples=examples(100))
@given(contract=st.sampled_from(Contract.all()),
       cards=st.lists(st.sampled_from(list(Card)), min_size=2, max_size=2, unique=True))
def test_declare_with_any_discard_round_trips(contract: Contract, cards: list[Card]) -> None:
    action = Declare(contract, CardSet.from_cards(cards))
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [("18", Bid(18)), ("y", Hold()), ("p", Pass()), ("s", PickUpSkat()), ("hand", PlayHand()),
     ("G.H7.HQ", Declare(Contract.parse("G"), CardSet.parse("H7 HQ"))),
     ("CH", Declare(Contract.parse("CH"))), ("NOH", Declare(Contract.parse("NOH"))),
     ("CO", Declare(Contract.parse("CO"))), ("CJ", Play(Card.CJ)), ("SC", Claim()),
     ("RE.2", Concede(Seat.REARHAND)), ("RF.1", Refuse(Seat.MIDDLEHAND)),
     ("TI.0", TimeOut(Seat.FOREHAND)), ("LE.1", Leave(Seat.MIDDLEHAND))],
)  # fmt: skip
def test_parse_action_iss_tokens(text: str, action: Action) -> None:
    """FORMAT.md §3: the ISS move tokens ('CO' is clubs ouvert, not a card)."""
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["", "xyz", "RE.3", "G.XX.YY", "Q", "1.5"])
def test_parse_action_rejects_garbage(text: str) -> None:
    with pytest.raises((NotationError, InvalidBidError)):
        parse_action(text)


def test_parse_action_rejects_non_bid_numbers_d9() -> None:
    with pytest.raises(InvalidBidError):
        parse_action("19")
