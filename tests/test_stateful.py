"""A hypothesis state machine over whole deals, under several rule sets.

Each step is one of:

* a legal action, drawn from ``legal_actions`` plus the out-of-turn ones that
  ``is_legal`` allows (a defender's Concede or Refuse, the declarer's Claim);
* an illegal attempt: a random card, bid, declaration (with any discard),
  concession, Kontra, push or server event that ``is_legal`` refuses: ``apply``
  must raise :class:`~skatlib.IllegalActionError` (with a reason and the legal
  alternatives as text) and the state must stay equal, with the same hash, to
  the replay of the actions so far;
* observations for every seat: nothing hidden leaks.  Besides direct checks (no
  other seat's hidden cards, no unseen skat, no foreign discard), a differential
  check: the same actions replayed on a deal in which two cards the seat has not
  seen swap places must give the seat the very same observation;
* serialisation: the JSON record of the actions so far replays to the same
  state (and ``pickle`` keeps it equal); a finished ISKO/ISS deal also
  round-trips through ISS text.

Rule sets: ISKO, ISS (time-outs and leaving), PUB (Kontra/Re, Ramsch, Bock),
and Schieberamsch with every option (pushing jacks, grand hand instead).
"""

from __future__ import annotations

import os
import pickle
import random

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import Phase as HPhase
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from skatlib import (
    BID_VALUES,
    ISKO,
    ISS,
    PUB,
    Action,
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
    GameState,
    Hold,
    IllegalActionError,
    Kontra,
    Leave,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    Re,
    Reason,
    Refuse,
    Rules,
    Seat,
    TimeOut,
    apply,
    is_legal,
    legal_actions,
    new_game,
    observe,
    replay,
    result,
)
from skatlib.formats import iss
from skatlib.formats import json as sj

SCHIEBE = Rules(name="schiebe", kontra=True, ramsch=True, schieberamsch=True, push_jacks=True,
                ramsch_grand_hand=True)
FULL = (1 << 32) - 1
SEATS = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)

cards = st.integers(0, 31).map(Card)
card_sets = st.lists(st.integers(0, 31), max_size=3).map(
    lambda xs: CardSet(sum({1 << x for x in xs})))
any_action: st.SearchStrategy[Action] = st.one_of(
    cards.map(Play),
    st.sampled_from(BID_VALUES).map(Bid),
    st.sampled_from((Hold(), Pass(), PickUpSkat(), PlayHand(), Claim(), Kontra(), Re(),
                     Push())),
    st.builds(Declare, st.sampled_from(Contract.all()), st.one_of(st.none(), card_sets)),
    st.sampled_from(SEATS).flatmap(lambda s: st.sampled_from(
        (Concede(s), Refuse(s), TimeOut(s), Leave(s)))),
    card_sets.map(Push),
)
"""Any well-formed action, legal or not."""


def cards_ok(s: GameState) -> None:
    """Every card exactly once across hands, skat, the trick and the tricks taken."""
    seen = 0
    for part in (*s.hand_masks, s.skat_mask, *s.taken_masks, *(1 << int(c) for c in s.trick_cards)):
        assert not seen & part, s
        seen |= part
    assert seen == FULL, s
    assert sum(s.points_taken(i) for i in range(3)) + CardSet(s.skat_mask).points() + sum(
        Card(c).points for c in s.trick_cards) + sum(
        CardSet(h).points() for h in s.hand_masks) == 120


def played_mask(s: GameState) -> int:
    mask = 0
    for t in s.tricks:
        for card in t.cards:
            mask |= 1 << card
    for c in s.trick_cards:
        mask |= 1 << c
    return mask


def check_observation(s: GameState, seat: int) -> None:
    """Direct no-leak checks of ``observe(s, seat)``."""
    o = observe(s, seat)
    assert o.hand == s.hand(seat) and o.dealt_hand == s.deal.hand(seat)
    assert o.phase == s.phase and o.to_move == s.to_move and o.bid == s.bid
    assert o.played.mask == played_mask(s)
    finished = s.phase == Phase.FINISHED
    d = s.declarer_index
    open_declarer = o.declarer_hand is not None
    if open_declarer:
        assert d >= 0 and (s.open_hand or finished)
        assert o.declarer_hand == s.hand(d)
    shown_skat = o.skat.mask if o.skat is not None else 0  # at the end the skat is shown
    pushed = 0  # cards this seat pushed on in Schieberamsch: known wherever they went
    for who, action in o.history:
        if int(who) == seat and isinstance(action, Push) and action.discard:
            pushed |= action.discard.mask
    for other in range(3):
        if other == seat or (other == d and open_declarer):
            continue
        # another seat's cards are never in the observation, except as played
        assert s.hand_masks[other] & ~o.unseen.mask & ~shown_skat & ~pushed == 0, (seat, other)
    if o.skat is not None:
        assert finished or (seat == d and s.picked_up)
        assert o.skat == s.deal.skat
    if o.discard is not None:  # the declarer's put-away, or this seat's own push so far
        assert finished or seat == d or (s.phase == Phase.PUSHING and seat == s.to_move)
    if not finished:
        for who, action in o.history:
            if int(who) != seat and isinstance(action, (Declare, Push)):
                assert action.discard is None or not action.discard, (who, action)


def swapped_deal(deal: Deal, x: int, y: int) -> Deal:
    """The deal with cards ``x`` and ``y`` swapped (wherever they were dealt)."""
    parts = [h.mask for h in deal.hands] + [deal.skat.mask]
    bx, by = 1 << x, 1 << y
    out = []
    for m in parts:
        has_x, has_y = bool(m & bx), bool(m & by)
        m &= ~(bx | by)
        if has_x:
            m |= by
        if has_y:
            m |= bx
        out.append(m)
    return Deal((CardSet(out[0]), CardSet(out[1]), CardSet(out[2])), CardSet(out[3]))


class GameMachine(RuleBasedStateMachine):
    """One deal at a time under ``RULES``; a new deal once one is finished."""

    RULES: Rules = ISKO

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game(Deal.shuffled(0), self.RULES)
        self.ramsch = False
        self.actions: list[Action] = []
        self.deals = 0

    def _start(self, order: list[int], ramsch: bool) -> None:
        self.ramsch = ramsch and self.RULES.ramsch
        self.state = new_game(Deal.from_order(order), self.RULES, ramsch=self.ramsch)
        self.actions = []
        self.deals += 1

    def _replay(self) -> GameState:
        s = new_game(self.state.deal, self.RULES, ramsch=self.ramsch)
        for a in self.actions:
            s = apply(s, a)
        return s

    @initialize(order=st.permutations(range(32)), ramsch=st.booleans())
    def deal(self, order: list[int], ramsch: bool) -> None:
        self._start(order, ramsch and random.Random(order[0]).random() < 0.3)

    @precondition(lambda self: self.state.is_finished)
    @rule(order=st.permutations(range(32)), ramsch=st.booleans())
    def next_deal(self, order: list[int], ramsch: bool) -> None:
        assert legal_actions(self.state) == ()
        assert result(self.state) is not None
        self._start(order, ramsch)

    # -- legal ----------------------------------------------------------------------------
    @precondition(lambda self: not self.state.is_finished)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        s = self.state
        legal = list(legal_actions(s))
        assert legal
        if s.phase == Phase.BIDDING:
            bids = [a for a in legal if isinstance(a, Bid)]
            legal = [a for a in legal if not isinstance(a, Bid)] + bids[:2]
        if s.phase == Phase.PLAYING and s.declarer_index >= 0:
            for seat in SEATS:
                for extra in (Concede(seat), Refuse(seat)):
                    if extra not in legal and is_legal(s, extra):
                        legal.append(extra)
            if Claim() not in legal and is_legal(s, Claim()):
                legal.append(Claim())
            # cards mostly, so that deals get played out
            plays: list[Action] = [a for a in legal if isinstance(a, Play)]
            if data.draw(st.integers(0, 9)) > 0:
                legal = plays
        action = data.draw(st.sampled_from(legal))
        assert is_legal(s, action)
        new = apply(s, action)
        assert apply(s, action, check=False) == new
        self.actions.append(action)
        self.state = new
        cards_ok(new)

    @precondition(lambda self: not self.state.is_finished and self.RULES.server_events)
    @rule(seat=st.sampled_from(SEATS), leave=st.booleans())
    def server_event(self, seat: Seat, leave: bool) -> None:
        event = Leave(seat) if leave else TimeOut(seat)
        assert is_legal(self.state, event)
        self.state = apply(self.state, event)
        self.actions.append(event)
        assert self.state.is_finished and result(self.state) is not None

    # -- illegal --------------------------------------------------------------------------
    @rule(action=any_action)
    def illegal_action(self, action: Action) -> None:
        s = self.state
        if is_legal(s, action):
            apply(s, action)  # agrees with is_legal; the state itself is not moved on
            return
        before = hash(s)
        try:
            apply(s, action)
        except IllegalActionError as exc:
            assert isinstance(exc.reason, Reason)
            assert str(exc) and all(isinstance(x, str) for x in exc.legal)
            if s.is_finished:
                assert exc.reason in (Reason.WRONG_PHASE, Reason.OPTION_DISABLED)
            assert pickle.loads(pickle.dumps(exc)).reason is exc.reason
        else:
            raise AssertionError(f"{action!r} is not legal but apply accepted it")
        assert hash(s) == before
        assert s == self._replay()

    # -- observations ---------------------------------------------------------------------
    @rule(seat=st.integers(0, 2), data=st.data())
    def observations(self, seat: int, data: st.DataObject) -> None:
        s = self.state
        for i in range(3):
            check_observation(s, i)
        o = observe(s, seat)
        unseen = [c for c in range(32) if o.unseen.mask >> c & 1]
        if len(unseen) < 2:
            return
        x, y = data.draw(st.lists(st.sampled_from(unseen), min_size=2, max_size=2,
                                  unique=True))
        other_deal = swapped_deal(s.deal, x, y)
        try:
            t = new_game(other_deal, self.RULES, ramsch=self.ramsch)
            for a in self.actions:
                t = apply(t, a)
        except IllegalActionError:
            return  # the same actions are not legal on the other deal
        assert observe(t, seat) == o, (seat, Card(x), Card(y))

    # -- serialisation --------------------------------------------------------------------
    @rule()
    def serialise(self) -> None:
        s = self.state
        assert pickle.loads(pickle.dumps(s)) == s
        rec = GameRecord(s.deal, tuple(self.actions), self.RULES, (("ID", str(self.deals)),),
                         ramsch=self.ramsch)
        back = sj.loads(sj.dumps(rec))
        assert back == rec
        again = replay(back)
        assert again == s and hash(again) == hash(s)
        # a deal ended (by a server event) between two single put-aways has no ISS form
        pending = any(isinstance(a, Discard) for a in rec.actions)
        if s.is_finished and self.RULES in (ISKO, ISS) and not self.ramsch and not pending:
            ver = iss.check(iss.loads(iss.dumps(rec)))
            expected = s
            if s.end is EndReason.DEFENDERS_CONCEDED and s.rules.concession != "all_cards":
                # an ISS result follows the server: the defenders' concession gives the
                # declarer every unplayed card, whatever the rules (D-11 revised, D-18)
                expected = GameState.from_position(
                    s.deal, s.actions(), rules=attrs.evolve(s.rules, concession="all_cards"))
            assert ver.ok and ver.result == result(expected)

    @invariant()
    def consistent(self) -> None:
        s = self.state
        assert (s.to_move is None) == s.is_finished
        assert bool(legal_actions(s)) != s.is_finished


_SETTINGS = settings(
    max_examples=max(5, settings().max_examples // 8), stateful_step_count=80, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    # SKATLIB_NO_SHRINK=1 reports the first failure unshrunk (a long machine shrinks slowly)
    phases=[p for p in HPhase if p != HPhase.shrink or not os.environ.get("SKATLIB_NO_SHRINK")],
)


@_SETTINGS
class ISKOMachine(GameMachine):
    RULES = ISKO


@_SETTINGS
class ISSMachine(GameMachine):
    RULES = ISS


@_SETTINGS
class PUBMachine(GameMachine):
    RULES = PUB


@_SETTINGS
class SchiebeMachine(GameMachine):
    RULES = SCHIEBE


TestISKO = ISKOMachine.TestCase
TestISS = ISSMachine.TestCase
TestPUB = PUBMachine.TestCase
TestSchieberamsch = SchiebeMachine.TestCase
