"""Soak test: many random legal deals under every preset, every action checked.

Plays random deals through the checked :class:`~skatlib.GameState` path
(``legal_actions`` + ``apply``) and, for the card play, the fast
:class:`~skatlib.fast.Engine` side by side.  After every action it asserts,
against a small independent model kept here (card locations, turn order, trick
winners and follow-suit worked out from the card names, not from skatlib's
tables):

* every card exactly once across hands, skat, the current trick and the tricks
  taken, and 120 card points in all;
* turn order and the phase machine (only the transitions the rules allow);
* the legal cards equal the model's, and the Engine's, after every card;
* ``apply(..., check=False)`` gives the same state as the checked ``apply``;
* a few random illegal actions are refused (``IllegalActionError``, state unchanged);
* at the end: the result equals :func:`skatlib.score` (or
  :func:`skatlib.ramsch_result`) on the model's cards, the value equals the
  game value worked out here, and the finished record survives JSON (and, for
  ISKO/ISS deals without house rules, ISS) round trips replaying to the same result.

Configurations (``--config`` to pick some; default all, round robin):

=============  ==============================================================
``isko``       the official rules
``iss``        the ISS rules with time-outs and players leaving sprinkled in
``pub``        the PUB preset (Kontra/Re, Ramsch when all pass, Bock)
``pub_all``    every house rule on: Schieberamsch with jacks, grand hand instead,
               Jungfrau, Durchmarsch, Bock with Ramsch rounds, ties by last trick
``pub_all_b``  the other option values: Kontra only after bidding, no Jungfrau ...
``all_events`` every house rule and the ISS server events (time-outs, leaving) at once
``ramsch``     Ramsch rounds (``new_game(..., ramsch=True)``), plain Ramsch
``schiebe``    Ramsch rounds as Schieberamsch with every option on
``table3``     a series of 6 deals at a 3-table (all house rules), Seeger-Fabian
``table4``     a series of 8 deals at a 4-table (PUB + Bock Ramsch rounds)
=============  ==============================================================

Concessions and claims (also out of turn: a defender's Concede or Refuse, the
declarer's Claim, found with ``is_legal``) and Kontra/Re are drawn in a share
of the deals.

Usage::

    python benchmarks/soak.py --smoke                 # a few hundred deals, seconds
    python benchmarks/soak.py --deals 1000000 --workers 2 --seed 1
    python benchmarks/soak.py --repro isko:1:4711     # replay one failing unit

Every failure is printed with the unit that reproduces it (``config:seed:index``).
Exit code 0 when nothing failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import attrs

from skatlib import (
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
    GameRecord,
    GameResult,
    GameState,
    GameType,
    Hold,
    IllegalActionError,
    Kontra,
    Leave,
    Pass,
    PassedIn,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    RamschResult,
    Re,
    RecordError,
    Refuse,
    Rules,
    Seat,
    Table,
    TimeOut,
    allowed_contracts,
    apply,
    bock_triggers,
    is_legal,
    legal_actions,
    new_game,
    ramsch_result,
    replay,
    result,
    score,
    side_actions,
)
from skatlib.fast import Engine
from skatlib.formats import iss as iss_format
from skatlib.formats import json as json_format
from skatlib.rules import BOCK_TRIGGERS
from skatlib.scoring import Abandoned

# ----------------------------------------------------------------------------- the model

NAMES: tuple[str, ...] = tuple(Card(i).name for i in range(32))
"""Card names by index; everything below is worked out from these names only."""
FULL = (1 << 32) - 1
_RANK_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
POINTS: tuple[int, ...] = tuple(_RANK_POINTS[n[1]] for n in NAMES)
_JACKS = ("CJ", "SJ", "HJ", "DJ")
_PLAIN_ORDER = "ATKQ987"
_NULL_ORDER = "AKQJT987"
_TRUMP_SUIT = {0: "D", 1: "H", 2: "S", 3: "C"}
_BASE = {0: 9, 1: 10, 2: 11, 3: 12, 4: 24}
_NULL_VALUE = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
GRAND, NULL, RAMSCH = 4, 5, 6


def _trump_order(gt: int) -> list[str]:
    """Trumps, highest first (jacks; then the trump suit in suit games)."""
    if gt == NULL:
        return []
    order = list(_JACKS)
    if gt in _TRUMP_SUIT:
        order += [_TRUMP_SUIT[gt] + r for r in _PLAIN_ORDER]
    return order


def _tables(gt: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(follow class per card, strength per card, mask of each follow class's cards)."""
    trumps = _trump_order(gt)
    cls: list[int] = []
    strength: list[int] = []
    for name in NAMES:
        if name in trumps:
            cls.append(4)
            strength.append(100 - trumps.index(name))
        else:
            cls.append("DHSC".index(name[0]))
            order = _NULL_ORDER if gt == NULL else _PLAIN_ORDER
            strength.append(20 - order.index(name[1]))
    class_mask = [0] * 5
    for i, k in enumerate(cls):
        class_mask[k] |= 1 << i
    return tuple(cls), tuple(strength), tuple(class_mask)


TABLES = tuple(_tables(gt) for gt in range(7))


def model_legal(gt: int, hand: int, led: int) -> int:
    """ISkO 4.2 from the names: follow the led suit (trump if a trump was led) if able."""
    if led < 0:
        return hand
    cls, _, class_mask = TABLES[gt]
    follow = hand & class_mask[cls[led]]
    return follow or hand


def model_winner(gt: int, trick: Sequence[int]) -> int:
    """Index (0..2) of the card that wins the trick (ISkO 4.4)."""
    cls, strength, _ = TABLES[gt]
    best = 0
    for i in (1, 2):
        c, b = trick[i], trick[best]
        if cls[c] == 4 and cls[b] != 4 or cls[c] == cls[b] and strength[c] > strength[b]:
            best = i
    return best


def model_matadors(gt: int, cards: int) -> int:
    """Signed matadors of the declarer's cards (ISkO 2.4, D-3)."""
    order = [NAMES.index(n) for n in _trump_order(gt)]
    if not order:
        return 0
    with_ = bool(cards >> order[0] & 1)
    n = 0
    for c in order:
        if bool(cards >> c & 1) != with_:
            break
        n += 1
    return n if with_ else -n


_BYTE_POINTS = [tuple(sum(POINTS[8 * k + i] for i in range(8) if b >> i & 1)
                      for b in range(256)) for k in range(4)]


def points_of(mask: int) -> int:
    """Card points of a mask (a byte at a time, from the per-card points above)."""
    bp = _BYTE_POINTS
    return (bp[0][mask & 255] + bp[1][mask >> 8 & 255] + bp[2][mask >> 16 & 255]
            + bp[3][mask >> 24 & 255])


def model_value(c: Contract, m: int, schneider: bool, schwarz: bool) -> int:
    """ISkO 5.1-5.2 with D-5, from scratch."""
    if c.game_type == GameType.NULL:
        return _NULL_VALUE[(c.hand, c.ouvert)]
    levels = abs(m) + 1 + c.hand + (schneider or c.schneider) + c.schneider
    levels += (schwarz or c.schwarz) + c.schwarz + c.ouvert
    return _BASE[int(c.game_type)] * levels


class SoakFailure(AssertionError):
    """An invariant that did not hold."""


def check(condition: bool, what: str | Callable[[], str]) -> None:
    """Raise :class:`SoakFailure` unless ``condition`` (``what`` may be a callable, so
    that the message is only built on a failure)."""
    if not condition:
        raise SoakFailure(what if isinstance(what, str) else what())


_BIDS = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63,
         66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130,
         132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187,
         192, 198, 204, 216, 240, 264)


@dataclass
class Model:
    """The deal as this script understands it: where every card is, whose turn it is."""

    deal: Deal
    rules: Rules
    hands: list[int]
    skat: int
    phase: Phase = Phase.BIDDING
    to_move: int = 1
    # auction: stage 1 middlehand asks forehand, 2 rearhand asks the survivor,
    # 3 forehand alone, 0 over
    stage: int = 1
    asker: int = 1
    listener: int = 0
    bid: int = 0
    bidders: set[int] = field(default_factory=set)
    declarer: int = -1
    contract: Contract | None = None
    picked_up: bool = False
    owned: int = 0
    gt: int = -1
    trick: list[int] = field(default_factory=list)
    leader: int = 0
    taken: list[int] = field(default_factory=lambda: [0, 0, 0])
    counts: list[int] = field(default_factory=lambda: [0, 0, 0])
    tricks: int = 0
    last_of: list[int] = field(default_factory=lambda: [0, 0, 0])
    last_winner: int = -1
    kontra: int = 0
    kontra_done: int = 0
    pushes: int = 0
    conceded: int = 0
    claim_pending: bool = False
    open_hand: bool = False
    end: str = ""
    event_seat: int = -1

    @classmethod
    def start(cls, deal: Deal, rules: Rules, ramsch: bool) -> Model:
        m = cls(deal, rules, list(deal.masks), deal.skat.mask)
        if ramsch:
            m._start_ramsch()
        return m

    def _start_ramsch(self) -> None:
        self.stage = 0
        self.to_move = 0
        if self.rules.schieberamsch:
            self.phase = Phase.PUSHING
        else:
            self.phase, self.gt = Phase.PLAYING, RAMSCH

    # -- what may be done now -------------------------------------------------------------
    def legal_bidding(self) -> set[str]:
        if self.stage == 3:
            return {"18", "p"}
        if self.to_move == self.asker:
            return {str(v) for v in _BIDS if v > self.bid} | {"p"}
        return {"y", "p"}

    def legal_plays(self) -> int:
        return model_legal(self.gt, self.hands[self.to_move],
                           self.trick[0] if self.trick else -1)

    # -- moving on -------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        if isinstance(action, (TimeOut, Leave)):
            self.phase, self.to_move, self.end = Phase.FINISHED, -1, "event"
            self.event_seat = int(action.seat)
            return
        if isinstance(action, (Concede, Claim, Refuse)):
            self._shorten(action)
            return
        if self.phase == Phase.BIDDING:
            self._bidding(str(action))
        elif self.phase == Phase.SKAT:
            if isinstance(action, PickUpSkat):
                self.hands[self.declarer] |= self.skat
                self.skat = 0
                self.picked_up = True
            self.phase = Phase.DECLARING
        elif self.phase == Phase.DECLARING and isinstance(action, Discard):
            self.hands[self.declarer] &= ~(1 << int(action.card))  # put away one at a time
            self.skat |= 1 << int(action.card)
        elif self.phase == Phase.DECLARING:
            assert isinstance(action, Declare)
            self._declare(self.declarer, action)
        elif self.phase == Phase.KONTRA:
            self._kontra(action)
        elif self.phase == Phase.PUSHING:
            self._pushing(action)
        else:
            assert isinstance(action, Play)
            self._play(int(action.card))

    def _bidding(self, text: str) -> None:
        seat = self.to_move
        if self.stage == 3:
            if text == "18":
                self._declarer_found(0, 18)
            else:
                self._all_passed()
            return
        if seat == self.asker:
            if text != "p":
                self.bid = int(text)
                self.bidders.add(seat)
                self.to_move = self.listener
                return
            survivor = self.listener
        else:
            if text == "y":
                self.bidders.add(seat)
                self.to_move = self.asker
                return
            survivor = self.asker
        if self.stage == 1:
            self.stage, self.asker, self.listener, self.to_move = 2, 2, survivor, 2
        elif self.bid == 0:
            self.stage, self.to_move = 3, 0
        else:
            self._declarer_found(survivor, self.bid)

    def _all_passed(self) -> None:
        if self.rules.ramsch:
            self._start_ramsch()
        else:
            self.phase, self.to_move, self.stage, self.end = Phase.FINISHED, -1, 0, "passed"

    def _declarer_found(self, seat: int, bid: int) -> None:
        self.stage, self.declarer, self.bid = 0, seat, bid
        self.phase, self.to_move = Phase.SKAT, seat

    def _declare(self, seat: int, action: Declare) -> None:
        self.declarer = seat
        self.owned = self.hands[seat] | self.skat
        if action.discard is not None:
            self.hands[seat] &= ~action.discard.mask
            self.skat = action.discard.mask
        self.contract = action.contract
        self.gt = int(action.contract.game_type)
        self.open_hand = action.contract.ouvert
        self.phase, self.to_move, self.leader = Phase.PLAYING, 0, 0
        if self.rules.kontra:
            self._kontra_next()

    def _may_kontra(self, seat: int) -> bool:
        return not self.rules.kontra_requires_bid or seat in self.bidders

    def _kontra_next(self) -> None:
        for seat in range(3):
            if seat != self.declarer and not self.kontra_done >> seat & 1 \
                    and self._may_kontra(seat):
                self.phase, self.to_move = Phase.KONTRA, seat
                return
        self.phase, self.to_move = Phase.PLAYING, 0

    def _kontra(self, action: Action) -> None:
        if isinstance(action, Kontra):
            self.kontra, self.to_move = 1, self.declarer
        elif isinstance(action, Re):
            self.kontra, self.phase, self.to_move = 2, Phase.PLAYING, 0
        elif self.kontra:
            self.phase, self.to_move = Phase.PLAYING, 0
        else:
            self.kontra_done |= 1 << self.to_move
            self._kontra_next()

    def _pushing(self, action: Action) -> None:
        seat = self.to_move
        if isinstance(action, PickUpSkat):
            self.hands[seat] |= self.skat
            self.skat = 0
            self.picked_up = True
            return
        if isinstance(action, Declare):
            self.bid, self.picked_up = 18, False
            self._declare(seat, action)
            return
        if isinstance(action, Discard):  # pushed one card at a time
            self.hands[seat] &= ~(1 << int(action.card))
            self.skat |= 1 << int(action.card)
            if self.skat.bit_count() < 2:
                return
        elif isinstance(action, Push) and action.discard is None:
            self.pushes += 1
        else:
            assert isinstance(action, Push) and action.discard is not None
            self.hands[seat] &= ~action.discard.mask
            self.skat = action.discard.mask
        self.picked_up = False
        if seat == 2:
            self.phase, self.to_move, self.gt = Phase.PLAYING, 0, RAMSCH
        else:
            self.to_move = seat + 1

    def _shorten(self, action: Concede | Claim | Refuse) -> None:
        if isinstance(action, Claim):
            self.claim_pending = self.open_hand = True
        elif isinstance(action, Refuse):
            self.claim_pending = False
        else:
            seat = int(action.seat)
            self.conceded |= 1 << seat
            if seat == self.declarer:
                self.phase, self.to_move, self.end = Phase.FINISHED, -1, "declarer_conceded"
            elif all(self.conceded >> x & 1 for x in range(3) if x != self.declarer):
                self.phase, self.to_move, self.end = Phase.FINISHED, -1, "defenders_conceded"

    def _play(self, card: int) -> None:
        seat = self.to_move
        if not self.hands[seat] >> card & 1:
            raise SoakFailure(f"model: {NAMES[card]} not in seat {seat}")
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < 3:
            self.to_move = (seat + 1) % 3
            return
        winner = (self.leader + model_winner(self.gt, self.trick)) % 3
        for card_ in self.trick:
            self.taken[winner] |= 1 << card_
        self.counts[winner] += 1
        self.tricks += 1
        self.last_of[winner] = self.tricks
        self.last_winner = winner
        self.trick = []
        self.leader = self.to_move = winner
        d = self.declarer
        c = self.contract
        if self.gt == NULL and winner == d:
            self.end = "null_trick"
        elif c is not None and self.gt != NULL and c.schwarz and winner != d:
            self.end = "defenders_trick"
        elif self.tricks == 10:
            self.end = "played"
        if self.end:
            self.phase, self.to_move = Phase.FINISHED, -1


# ----------------------------------------------------------------------------- checks

_NEXT_PHASES: dict[Phase, frozenset[Phase]] = {
    Phase.BIDDING: frozenset({Phase.BIDDING, Phase.SKAT, Phase.FINISHED, Phase.PLAYING,
                              Phase.PUSHING}),
    Phase.SKAT: frozenset({Phase.DECLARING, Phase.FINISHED}),
    Phase.DECLARING: frozenset({Phase.DECLARING, Phase.PLAYING, Phase.KONTRA,
                                Phase.FINISHED}),
    Phase.KONTRA: frozenset({Phase.KONTRA, Phase.PLAYING, Phase.FINISHED}),
    Phase.PUSHING: frozenset({Phase.PUSHING, Phase.PLAYING, Phase.KONTRA, Phase.FINISHED}),
    Phase.PLAYING: frozenset({Phase.PLAYING, Phase.FINISHED}),
    Phase.FINISHED: frozenset(),
}


def check_cards(s: GameState) -> None:
    """Every card exactly once; 120 points; hand sizes fit the phase."""
    parts = (*s.hand_masks, s.skat_mask, *s.taken_masks)
    seen = 0
    count = 0
    for part in parts:
        if seen & part:
            raise SoakFailure(f"a card appears twice: {CardSet(seen & part)}")
        seen |= part
        count += part.bit_count()
    for c in s.trick_cards:
        if seen >> c & 1:
            raise SoakFailure(f"trick card {NAMES[c]} appears twice")
        seen |= 1 << c
        count += 1
    check(seen == FULL and count == 32, lambda: f"cards missing: {CardSet(FULL & ~seen)}")
    total = sum(points_of(p) for p in parts) + sum(POINTS[c] for c in s.trick_cards)
    check(total == 120, lambda: f"points add up to {total}, not 120")
    if s.phase in (Phase.PLAYING, Phase.KONTRA) or (
            s.phase == Phase.FINISHED and (s.contract is not None or s.game_type_index == RAMSCH)):
        played = 3 * len(s.packed_tricks)
        check(sum(s.trick_counts) == len(s.packed_tricks), "trick counts do not add up")
        check(s.skat_mask.bit_count() == 2,
              lambda: f"the skat has {s.skat_mask.bit_count()} cards in play")
        check(sum(h.bit_count() for h in s.hand_masks) == 30 - played - len(s.trick_cards),
              "hand sizes do not fit the tricks played")
        for seat in range(3):
            in_trick = (seat - s.leader_index) % 3 < len(s.trick_cards)
            if s.phase != Phase.FINISHED and \
                    s.hand_masks[seat].bit_count() != 10 - len(s.packed_tricks) - in_trick:
                raise SoakFailure(f"seat {seat} holds {s.hand_masks[seat].bit_count()} cards")


def check_turn(s: GameState, m: Model) -> None:
    """Phase, turn order and every card's place agree with the model."""
    check(s.phase == m.phase, lambda: f"phase {s.phase.name}, model {m.phase.name}")
    check(s.to_move_index == m.to_move, lambda: f"to move {s.to_move_index}, model {m.to_move}")
    check((s.to_move is None) == (s.phase == Phase.FINISHED), "to_move None iff finished")
    check(s.hand_masks == tuple(m.hands), "hands differ from the model")
    check(s.skat_mask == m.skat, "skat differs from the model")
    check(s.trick_cards == tuple(m.trick), "current trick differs from the model")
    check(s.taken_masks == tuple(m.taken), "taken cards differ from the model")
    check(s.trick_counts == tuple(m.counts), "trick counts differ from the model")
    check(len(s.packed_tricks) == m.tricks, "number of tricks differs from the model")
    check(s.declarer_index == m.declarer,
          lambda: f"declarer {s.declarer_index}, model {m.declarer}")
    check(s.contract == m.contract, lambda: f"contract {s.contract}, model {m.contract}")
    check(s.kontra == m.kontra and s.pushes == m.pushes, "kontra/pushes differ from the model")
    check(s.conceded_mask == m.conceded and s.claim_pending == m.claim_pending
          and s.open_hand == m.open_hand, "concessions/claims differ from the model")
    if s.phase == Phase.PLAYING and s.trick_cards == () and m.tricks:
        check(s.leader_index == m.last_winner, "the trick winner does not lead")
    check(s.bid == m.bid, lambda: f"bid {s.bid}, model {m.bid}")


def check_legal(s: GameState, m: Model, legal: tuple[Action, ...]) -> None:
    """``legal_actions`` agrees with the model for the seat to move."""
    check(bool(legal) == (s.phase != Phase.FINISHED), "legal actions empty iff finished")
    if s.phase == Phase.BIDDING:
        got = {str(a) for a in legal}
        bids = m.legal_bidding()
        check(got == bids, lambda: f"bidding: {sorted(got)} != {sorted(bids)}")
    elif s.phase == Phase.PLAYING:
        plays = 0
        for a in legal:
            if type(a) is Play:
                plays |= 1 << a.card
        check(plays == m.legal_plays(), lambda: f"legal cards {CardSet(plays)} != model "
              f"{CardSet(m.legal_plays())}")
    elif s.phase == Phase.SKAT:
        check(set(legal) == {PickUpSkat(), PlayHand()}, "skat decision")
    elif s.phase == Phase.KONTRA:
        check(set(legal) == {Re() if m.kontra else Kontra(), Pass()}, "kontra phase")
    elif s.phase == Phase.DECLARING and m.picked_up and m.skat.bit_count() < 2:
        hand = m.hands[m.declarer]  # ISkO 2.2.2: any of his cards may go away, one at a time
        check(legal == tuple(Discard(c) for c in sorted(CardSet(hand))),
              lambda: f"put-away choices {legal} != the declarer's cards {CardSet(hand)}")
    elif s.phase == Phase.DECLARING:
        check(all(isinstance(a, Declare) and a.discard is None for a in legal),
              "non-declaration offered")
        if not m.picked_up:
            check(all(isinstance(a, Declare) and a.contract.hand for a in legal),
                  "a hand declaration that is not hand")
        else:
            check(all(isinstance(a, Declare) and not a.contract.hand for a in legal),
                  "a hand declaration after a pickup")
    elif s.phase == Phase.PUSHING:
        if m.picked_up:
            allowed = FULL if m.rules.push_jacks else FULL & ~0x80808080
            held = m.hands[m.to_move] & allowed
            check(legal == tuple(Discard(c) for c in sorted(CardSet(held))),
                  "push choices are not the pushable cards")
        else:
            want = {PickUpSkat(), Push()}
            if m.rules.ramsch_grand_hand:
                want.add(Declare(Contract(GameType.GRAND, hand=True)))
            check(set(legal) == want, lambda: f"pushing offers {legal}")
    if s.phase != Phase.PLAYING:
        check(side_actions(s) == (), "side actions outside card play")
    else:
        want_side = [a for x in range(3) for a in (Concede(Seat(x)), Claim(), Refuse(Seat(x)))
                     if (not isinstance(a, Claim) or x == m.declarer) and is_legal(s, a)]
        check(list(side_actions(s)) == want_side,
              lambda: f"side actions {side_actions(s)} != the legal ones {want_side}")
        check(not [a for a in legal if not isinstance(a, Play)], "non-card in turn actions")


def check_engine(e: Engine, s: GameState) -> None:
    """The Engine's position equals the state's."""
    check(e.hands == list(s.hand_masks), "engine hands")
    check(e.trick == list(s.trick_cards), "engine trick")
    check(e.taken == list(s.taken_masks) and e.trick_counts == list(s.trick_counts), "engine taken")
    check(e.tricks == list(s.packed_tricks), "engine tricks")
    check(e.leader == s.leader_index, "engine leader")
    finished = s.phase == Phase.FINISHED
    check(e.finished == finished, lambda: f"engine finished {e.finished}, state {s.phase.name}")
    check(e.to_move == s.to_move_index,
          lambda: f"engine to_move {e.to_move}, state {s.to_move_index}")


def expected_result(s: GameState, m: Model) -> GameResult | PassedIn | RamschResult | Abandoned:
    """What the result must be, by the kernel's :func:`score` / :func:`ramsch_result`
    on the model's cards."""
    if m.end == "passed":
        return PassedIn()
    d = m.declarer
    if m.end == "event" and (d < 0 or (m.contract is None and m.event_seat != d)):
        return Abandoned(Seat(m.event_seat), s.end.value)
    if m.contract is None and m.gt == RAMSCH:
        return ramsch_result([points_of(t) for t in m.taken], m.counts,
                             last_trick=m.last_winner, rules=m.rules, pushes=m.pushes,
                             last_trick_of=m.last_of, skat_points=points_of(m.skat))
    if m.contract is None:  # the declarer timed out before announcing (FORMAT.md 4.6)
        skat = m.deal.skat.mask
        return score(Contract(GameType.CLUBS), bid=m.bid,
                     matadors=model_matadors(3, skat), declarer_points=points_of(skat),
                     declarer_tricks=0, defender_points=0, defender_tricks=0, conceded=True,
                     declarer=d)
    c = m.contract
    dp_mask = m.taken[d] | m.skat
    dt = m.counts[d]
    defm = m.taken[(d + 1) % 3] | m.taken[(d + 2) % 3]
    deft = m.counts[(d + 1) % 3] + m.counts[(d + 2) % 3]
    conceded = m.end == "declarer_conceded" or (m.end == "event" and m.event_seat == d)
    defenders_gave_up = m.end == "defenders_conceded" or (m.end == "event"
                                                          and m.event_seat != d)
    decided = (m.end == "defenders_conceded" and not c.is_null
               and m.rules.concession == "decided")  # D-11 revised: score() decides
    if defenders_gave_up and not c.is_null and not decided:
        rest = m.hands[0] | m.hands[1] | m.hands[2]
        for card in m.trick:
            rest |= 1 << card
        dp_mask |= rest
        dt += 10 - m.tricks
    mat = model_matadors(m.gt, m.owned) if not c.is_null else 0
    return score(c, bid=m.bid, matadors=mat, declarer_points=points_of(dp_mask),
                 declarer_tricks=dt, defender_points=points_of(defm), defender_tricks=deft,
                 conceded=conceded, kontra=m.kontra, declarer=d, defenders_conceded=decided)


def check_result(s: GameState, m: Model) -> None:
    """The state's result equals the kernel's on the model's cards, and its value is
    the value worked out here."""
    res = result(s)
    want = expected_result(s, m)
    check(res == want, lambda: f"result {res!r} != expected {want!r}")
    if isinstance(res, GameResult):
        c = res.contract
        if res.overbid:
            base = c.base_value
            check(res.value >= res.bid and res.value % base == 0
                  and res.value - base < res.bid, "overbid value")
        else:
            check(res.value == model_value(c, res.matadors, res.schneider, res.schwarz),
                  lambda: f"value {res.value} != model value")
            check(res.value >= res.bid or c.is_null, "value below the bid without overbid")
        base_score = res.value if res.won else -2 * res.value
        check(res.score == base_score * (1 << res.kontra), "score sign/multiplier")
    elif isinstance(res, RamschResult):
        check(sum(res.points) == 120, "ramsch points")
        check(sum(res.tricks) == 10, "ramsch tricks")
        if res.durchmarsch is None:
            top = max(res.points)
            check(all(res.points[int(x)] == top for x in res.losers), "ramsch losers")


def record_checks(s: GameState, m: Model, rec: GameRecord, iss_ok: bool) -> None:
    """JSON (and ISS) round trips of the finished record replay to the same result."""
    res = result(s)
    text = json_format.dumps(rec)
    back = json_format.loads(text)
    check(back == rec, "JSON round trip changed the record")
    again = replay(back)
    check(again == s, "the JSON record replays to another state")
    check(result(again) == res, "the JSON record replays to another result")
    # a deal ended by a server event between two single put-aways has no ISS form; a
    # defenders' concession under concession='decided' (D-11 revised) scores otherwise on ISS
    same = not (m.end == "defenders_conceded" and m.rules.concession != "all_cards")
    if iss_ok and not any(isinstance(a, Discard) for a in rec.actions):
        line = iss_format.dumps(rec)
        parsed = iss_format.loads(line)
        check(iss_format.dumps(parsed) == line, "ISS text does not round trip")
        ver = iss_format.check(parsed)
        check(ver.ok, lambda: f"ISS verification differs: {ver.differences}")
        check(ver.result == res or not same,
              lambda: f"ISS replay result {ver.result!r} != {res!r}")
        f = ver.state
        check(f.taken_masks == s.taken_masks and f.packed_tricks == s.packed_tricks
              and f.hand_masks == s.hand_masks and f.skat_mask == s.skat_mask
              and f.end == s.end, "ISS replay ends in another position")
    else:
        # a record with house-rule actions has no ISS form: a clear error, no crash
        with contextlib.suppress(RecordError):
            iss_format.dumps(rec)


# ----------------------------------------------------------------------------- random policy

_GRAND_HAND = Declare(Contract(GameType.GRAND, hand=True))


class Player:
    """Random choices among the legal actions, tilted towards sensible games."""

    def __init__(self, rng: random.Random, events: bool) -> None:
        self.rng = rng
        r = rng.random()
        self.shorten = 0 if r < 0.6 else 1 if r < 0.85 else 2  # never, rarely, often
        self.jump = rng.random() < 0.3
        self.pass_rate = rng.choice((0.2, 0.4, 0.6))
        self.kontra_rate = rng.choice((0.0, 0.3, 0.8))
        self.event_at = rng.randrange(45) if events and rng.random() < 0.25 else -1

    def choose(self, s: GameState, legal: tuple[Action, ...], n: int) -> Action:
        rng = self.rng
        if n == self.event_at:
            kind = TimeOut if rng.random() < 0.5 else Leave
            event = kind(Seat(rng.randrange(3)))
            if is_legal(s, event):
                return event
        phase = s.phase
        if phase == Phase.BIDDING:
            if s.to_move_index == s.asker_index:
                if rng.random() < self.pass_rate:
                    return Pass()
                bids = [a for a in legal if isinstance(a, Bid)]
                if not bids:  # 264 was bid
                    return Pass()
                if self.jump and len(bids) > 1:
                    return bids[min(len(bids) - 1, int(rng.random() ** 3 * 12))]
                return bids[0]
            return Hold() if rng.random() > self.pass_rate else Pass()
        if phase == Phase.KONTRA:
            return legal[0] if rng.random() < self.kontra_rate else Pass()
        if phase == Phase.PLAYING:
            if self.shorten and s.declarer_index >= 0 and \
                    rng.random() < (0.01 if self.shorten == 1 else 0.06):
                extra = side_actions(s)
                if extra:
                    return rng.choice(extra)
            plays = [a for a in legal if type(a) is Play]
            return plays[int(rng.random() * len(plays))]
        if phase == Phase.DECLARING and s.picked_up and not s.skat_mask and \
                rng.random() < 0.5:  # the compound form: both cards and the game at once
            cards = rng.sample(sorted(s.hand(s.declarer_index)), 2)
            contract = rng.choice(allowed_contracts(s))
            return Declare(contract, CardSet(cards[0].mask | cards[1].mask))
        return legal[int(rng.random() * len(legal))]


_PROBE_CONTRACTS = Contract.all()


def probe_illegal(s: GameState, legal: tuple[Action, ...], rng: random.Random) -> None:
    """A random action not offered (and not one of the out-of-turn kinds) is refused,
    and the state stays as it was."""
    r = rng.random()
    probe: Action
    if r < 0.4:
        probe = Play(Card(rng.randrange(32)))
    elif r < 0.55:
        probe = Bid(rng.choice(_BIDS))
    elif r < 0.7:
        probe = rng.choice((Hold(), Pass(), PickUpSkat(), PlayHand(), Kontra(), Re(), Push()))
    elif r < 0.85:
        cards = rng.sample(range(32), 2)
        probe = Declare(rng.choice(_PROBE_CONTRACTS), CardSet((1 << cards[0]) | (1 << cards[1])))
    else:
        probe = Declare(rng.choice(_PROBE_CONTRACTS))
    if probe in legal or (isinstance(probe, Declare) and probe.discard is not None
                          and s.phase == Phase.DECLARING and s.picked_up
                          and (not s.skat_mask
                               and not probe.discard.mask & ~s.hand_masks[s.declarer_index]
                               or s.skat_mask.bit_count() == 2
                               and probe.discard.mask == s.skat_mask)
                          and probe.contract in allowed_contracts(s)):
        # offered, or the compound form of what is offered one step at a time: before
        # anything is put away, or naming exactly the two cards already put away
        return
    before = hash(s)
    check(not is_legal(s, probe), lambda: f"{probe!r} is not offered but is_legal says yes")
    try:
        apply(s, probe)
    except IllegalActionError:
        pass
    else:
        raise SoakFailure(f"{probe!r} is not offered but apply accepted it")
    check(hash(s) == before, "a refused action changed the state")


# ----------------------------------------------------------------------------- one deal


OUTCOMES: Counter[str] = Counter()
"""What the deals played in this process came to (reset by :func:`run_chunk`)."""


def _tally(s: GameState) -> None:
    tags = [s.end.name.lower()]
    if s.game_type_index == RAMSCH:
        tags.append("ramsch")
        if s.pushes:
            tags.append("ramsch_pushed")
    elif s.contract is not None:
        tags.append("game_" + s.contract.game_type.name.lower())
        if s.contract.hand:
            tags.append("hand_game")
        if s.contract.ouvert:
            tags.append("ouvert")
        if s.phase == Phase.FINISHED and s.open_hand and not s.contract.ouvert:
            tags.append("claimed")
    if s.kontra:
        tags.append("kontra" if s.kontra == 1 else "re")
    OUTCOMES.update(tags)


@dataclass
class DealOutcome:
    state: GameState
    actions: int


def play_one(deal: Deal, rules: Rules, rng: random.Random, *, ramsch: bool = False,
             events: bool = False, iss_ok: bool = False, records: bool = True) -> DealOutcome:
    """Play one deal at random, checking everything after every action."""
    s = new_game(deal, rules, ramsch=ramsch)
    m = Model.start(deal, rules, ramsch)
    player = Player(rng, events)
    engine: Engine | None = None
    actions: list[Action] = []
    check_cards(s)
    check_turn(s, m)
    n = 0
    while s.phase != Phase.FINISHED:
        legal = legal_actions(s)
        check_legal(s, m, legal)
        if rng.random() < 0.08:
            probe_illegal(s, legal, rng)
        if s.phase == Phase.PLAYING and engine is None:
            engine = Engine.from_state(s)  # Ramsch too (contract None, game type 6)
            check_engine(engine, s)
        if engine is not None and s.phase == Phase.PLAYING:
            check(engine.legal_mask() == m.legal_plays(), "engine legal cards")
        action = player.choose(s, legal, n)
        before = s.phase
        new = apply(s, action)
        if rng.random() < 0.25:
            check(apply(s, action, check=False) == new, "apply(check=False) differs")
        m.act(action)
        if new.phase not in _NEXT_PHASES[before] and new.phase != before:
            raise SoakFailure(f"phase {before.name} -> {new.phase.name} not allowed")
        check(len(new.packed_tricks) >= len(s.packed_tricks), "tricks went backwards")
        s = new
        actions.append(action)
        n += 1
        check_cards(s)
        check_turn(s, m)
        if type(action) is Play and engine is not None:
            engine.push(action.card)
            check_engine(engine, s)
            if rng.random() < 0.2:
                check(engine.pop() == action.card, "engine pop")
                engine.push(action.card)
                check_engine(engine, s)
        check(n < 400, "the deal does not end")
    check(legal_actions(s) == (), "legal actions after the end")
    check_result(s, m)
    _tally(s)
    if records:
        rec = GameRecord(deal, tuple(actions), rules, ramsch=ramsch)
        record_checks(s, m, rec, iss_ok)
    return DealOutcome(s, n)


# ----------------------------------------------------------------------------- configurations

ALL_ON = Rules(name="soak-all", scoring="seeger_fabian", kontra=True, ramsch=True,
               ramsch_skat="most_points", ramsch_ties="last_trick", jungfrau=True,
               durchmarsch=True, schieberamsch=True, push_jacks=True, ramsch_grand_hand=True,
               bock=True, bock_triggers=BOCK_TRIGGERS, bock_ramsch_round=True)
"""Every house rule on."""
ALL_ON_B = Rules(name="soak-all-b", kontra=True, kontra_requires_bid=True, ramsch=True,
                 jungfrau=False, durchmarsch=False, schieberamsch=True, push_jacks=False,
                 ramsch_grand_hand=True, bock=True,
                 bock_triggers=frozenset({"lost_60", "kontra", "grand_hand", "ramsch"}))
"""The house rules with their other values."""
ALL_EVENTS = attrs.evolve(ALL_ON, name="soak-all-events", server_events=True)
"""Every house rule on, and the server's time-outs and players leaving too."""
TABLE4_RULES = Rules(name="soak-table4", kontra=True, ramsch=True, bock=True,
                     bock_triggers=BOCK_TRIGGERS, bock_ramsch_round=True)

CONFIGS: dict[str, tuple[Rules, str]] = {
    "isko": (ISKO, "deal"),
    "iss": (ISS, "events"),
    "pub": (PUB, "deal"),
    "pub_all": (ALL_ON, "deal"),
    "pub_all_b": (ALL_ON_B, "deal"),
    "all_events": (ALL_EVENTS, "events"),
    "ramsch": (PUB, "ramsch"),
    "schiebe": (ALL_ON, "ramsch"),
    "table3": (ALL_ON, "table3"),
    "table4": (TABLE4_RULES, "table4"),
}
"""Name -> (rules, kind)."""

SERIES = {"table3": 6, "table4": 8}


def play_table(rules: Rules, players: int, deals: int, rng: random.Random) -> tuple[int, int]:
    """A series at a table; checks the score sheet after every deal.  Returns
    (deals, actions)."""
    names = tuple(f"P{i}" for i in range(players))
    t = Table(names, rules=rules, deals=deals, first_dealer=rng.randrange(players))
    actions = 0
    while not t.is_complete:
        dealer = t.next_dealer_index
        seats = t.seat_indices(dealer)
        check(len(set(seats)) == 3 and (players == 3 or dealer not in seats),
              "the dealer holds cards at a 4-table")
        ramsch = t.next_is_ramsch
        bock = 2 if t.next_is_bock else 1
        queue = t.queue
        deal = Deal.shuffled(rng)
        first = t.new_game(deal)
        check(first == new_game(deal, rules, ramsch=ramsch), "Table.new_game")
        out = play_one(deal, rules, rng, ramsch=ramsch, records=rng.random() < 0.2)
        actions += out.actions
        before = t
        t = t.record(out.state, dealer=dealer)
        check(before.entries == t.entries[:-1], "recording changed earlier entries")
        e = t.entries[-1]
        res = result(out.state)
        check(e.result == res and e.bock == bock and e.ramsch_round == ramsch, "sheet entry")
        check(e.dealer == dealer and e.seats == seats, "sheet seats")
        trig = bock_triggers(e.result, rules, in_round=bock > 1 or ramsch)
        check(e.triggers == trig, "bock triggers")
        want_queue = queue[1:] + (("bock",) * players if trig else ()) + (
            ("ramsch",) * players if trig and rules.bock_ramsch_round else ())
        if t.queue != want_queue:
            raise SoakFailure(f"queue {t.queue} != {want_queue}")
        bonus = 40 if players == 3 else 30
        for i in range(players):
            lp, sf = e.list_points[i], e.seeger_fabian[i]
            if isinstance(res, GameResult):
                d = seats[out.state.declarer_index]
                if i == d:
                    check(lp == res.score * bock, "declarer's list points")
                    check(sf == lp + (50 if res.won else -50), "declarer's Seeger-Fabian")
                else:
                    check(lp == 0 and sf == (0 if res.won else bonus), "defender's points")
            elif isinstance(res, RamschResult):
                want = res.scores[seats.index(i)] * bock if i in seats else 0
                check(lp == want and sf == want, "Ramsch list points")
            else:
                check(lp == 0 and sf == 0, "no-game points")
    check(t.totals("list") == tuple(sum(e.list_points[i] for e in t.entries)
                                    for i in range(players)), "plain-list totals")
    check(t.totals("seeger_fabian") == tuple(sum(e.seeger_fabian[i] for e in t.entries)
                                             for i in range(players)), "Seeger-Fabian totals")
    return len(t.entries), actions


def run_unit(config: str, seed: int, index: int) -> tuple[int, int]:
    """One unit of work (a deal, or a series for the table configurations).
    Returns (deals, actions)."""
    rules, kind = CONFIGS[config]
    rng = random.Random(f"{config}:{seed}:{index}")
    if kind in ("table3", "table4"):
        return play_table(rules, 3 if kind == "table3" else 4, SERIES[config], rng)
    deal = Deal.shuffled(rng)
    if kind == "ramsch":
        out = play_one(deal, rules, rng, ramsch=True)
    else:
        out = play_one(deal, rules, rng, events=kind == "events",
                       iss_ok=rules in (ISKO, ISS))
    return 1, out.actions


# ----------------------------------------------------------------------------- driver


@dataclass
class Report:
    deals: int = 0
    actions: int = 0
    units: int = 0
    by_config: dict[str, int] = field(default_factory=dict)
    failures: list[tuple[str, str]] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    cpu: float = 0.0
    """CPU seconds the units took (summed over the worker processes)."""

    def add(self, other: Report) -> None:
        self.outcomes.update(other.outcomes)
        self.cpu += other.cpu
        self.deals += other.deals
        self.actions += other.actions
        self.units += other.units
        for k, v in other.by_config.items():
            self.by_config[k] = self.by_config.get(k, 0) + v
        self.failures.extend(other.failures)


def run_chunk(job: tuple[str, int, int, int]) -> Report:
    """Units ``start .. start + count - 1`` of one configuration."""
    config, seed, start, count = job
    rep = Report()
    cpu = time.process_time()
    for index in range(start, start + count):
        try:
            deals, actions = run_unit(config, seed, index)
        except Exception as exc:  # every failure is reported with its unit
            tb = traceback.format_exc(limit=-3)
            rep.failures.append((f"{config}:{seed}:{index}",
                                 f"{type(exc).__name__}: {exc}\n{tb}"))
            deals, actions = 1, 0
        rep.deals += deals
        rep.actions += actions
        rep.units += 1
        rep.by_config[config] = rep.by_config.get(config, 0) + deals
    rep.outcomes.update(OUTCOMES)
    OUTCOMES.clear()
    rep.cpu = time.process_time() - cpu
    return rep


def plan(configs: Sequence[str], deals: int, seed: int, chunk: int) -> Iterator[
        tuple[str, int, int, int]]:
    """Jobs that together play at least ``deals`` deals, spread evenly over
    ``configs`` (a series unit of a table configuration counts its deals; the
    counts are rounded up, never down)."""
    per = max(1, -(-deals // len(configs)))
    for config in configs:
        units = -(-per // SERIES.get(config, 1))
        for start in range(0, units, chunk):
            yield (config, seed, start, min(chunk, units - start))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals to play (10000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: one per CPU; 0 or 1: this process)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (1)")
    parser.add_argument("--smoke", action="store_true", help="a small run (about 300 deals)")
    parser.add_argument("--config", action="append", choices=sorted(CONFIGS),
                        help="only this configuration (repeatable)")
    parser.add_argument("--repro", metavar="CONFIG:SEED:INDEX",
                        help="run one unit (as printed for a failure) and show the traceback")
    parser.add_argument("--chunk", type=int, default=50, help="units per job (50)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.add_argument("--log-every", type=float, default=0.0, metavar="SECONDS",
                        help="when not on a terminal: a progress line every SECONDS")
    args = parser.parse_args(argv)
    if args.repro:
        config, seed, index = args.repro.split(":")
        deals, actions = run_unit(config, int(seed), int(index))
        print(f"{args.repro}: ok, {deals} deal(s), {actions} actions")
        return 0
    configs = args.config or list(CONFIGS)
    deals = 300 if args.smoke else args.deals
    jobs = list(plan(configs, deals, args.seed, max(1, args.chunk)))
    total = Report()
    start = time.perf_counter()
    logged = 0.0
    if args.workers <= 1:
        results: Iterator[Report] = map(run_chunk, jobs)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(
            args.workers)
        results = pool.imap_unordered(run_chunk, jobs)
    try:
        for rep in results:
            total.add(rep)
            spent = time.perf_counter() - start
            if not args.quiet and sys.stderr.isatty():
                sys.stderr.write(f"\r{total.deals} deals, {len(total.failures)} failures, "
                                 f"{total.deals / spent:.0f} deals/s ")
                sys.stderr.flush()
            elif args.log_every and spent - logged >= args.log_every:
                logged = spent
                print(f"[{spent:7.0f} s] {total.deals} deals, {total.actions} actions, "
                      f"{len(total.failures)} failures, {total.deals / spent:.0f} deals/s, "
                      f"{total.deals / max(total.cpu, 1e-9):.0f} deals/CPU-s",
                      file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    spent = time.perf_counter() - start
    if not args.quiet and sys.stderr.isatty():
        sys.stderr.write("\n")
    print(f"soak: {total.deals} deals ({total.units} units), {total.actions} actions, "
          f"{len(total.failures)} failures in {spent:.1f} s "
          f"({total.deals / spent:.0f} deals/s, {total.actions / spent:.0f} actions/s) "
          f"with {max(1, args.workers)} worker(s), seed {args.seed}")
    if total.cpu > 0:
        per_cpu = total.deals / total.cpu
        print(f"CPU time {total.cpu:.1f} s: {per_cpu:.0f} deals per CPU-second, i.e. "
              f"{per_cpu * 2 * 3600:,.0f} deals an hour on 2 dedicated cores")
    print("per configuration: " + ", ".join(f"{k} {v}" for k, v in sorted(
        total.by_config.items())))
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(total.outcomes.items())))
    kinds: dict[str, list[str]] = {}
    for unit, message in total.failures:
        kinds.setdefault(message.splitlines()[0][:100], []).append(unit)
    for i, (unit, message) in enumerate(total.failures[:10]):
        print(f"FAILED {unit} (reproduce: python benchmarks/soak.py --repro {unit})")
        shown = message.rstrip() if i < 2 else message.splitlines()[0]
        print("    " + shown.replace("\n", "\n    "))
    if kinds:
        print(f"{len(total.failures)} failures of {len(kinds)} kinds:")
        for head, units in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
            print(f"  {len(units):6d} x {head}  (e.g. {units[0]})")
    return 1 if total.failures else 0



if __name__ == "__main__":
    sys.exit(main())
