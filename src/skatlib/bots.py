"""Bots and running a deal with them.

A bot is any object with ``act(observation, legal) -> action``: it sees only
its seat's :class:`~skatlib.Observation` and the legal actions.

>>> from skatlib import Deal, RandomBot, play_deal
>>> record, res = play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> res.score == play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])[1].score
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from . import _tables as T
from .actions import (
    Action,
    Bid,
    Claim,
    Concede,
    Declare,
    Hold,
    Pass,
    PickUpSkat,
    Play,
    Push,
    Refuse,
)
from .cards import CardSet
from .contract import Contract, GameType
from .deal import Deal
from .errors import IllegalActionError, Reason
from .observation import Observation, observe
from .ramsch import RamschResult
from .record import GameRecord
from .rules import ISKO, Rules
from .scoring import Abandoned, GameResult, PassedIn
from .state import GameState, Phase, apply, legal_actions, new_game, result

__all__ = ["Bot", "RandomBot", "RuleBot", "play_deal", "hand_value"]


@runtime_checkable
class Bot(Protocol):
    """What :func:`play_deal` needs from a player."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) given what this seat knows."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, with two exceptions that keep
    deals realistic: it never concedes, claims or refuses a claim, and in
    bidding it passes with probability ``pass_rate`` instead of bidding on.

    :param seed: seed (or :class:`random.Random`) for reproducible play.
    """

    def __init__(self, seed: int | random.Random | None = None, *, pass_rate: float = 0.5):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.pass_rate = pass_rate

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A random legal action (see the class docs)."""
        if observation.phase == Phase.PLAYING:
            cards = [a for a in legal if isinstance(a, Play)]
            return self.rng.choice(cards) if cards else legal[0]
        if observation.phase == Phase.BIDDING:
            options = list(legal)
            passes = [a for a in options if not isinstance(a, (Declare,)) and str(a) == "p"]
            if passes and (len(options) == 1 or self.rng.random() < self.pass_rate):
                return passes[0]
            others = [a for a in options if a not in passes]
            # bid the next value or hold rather than jumping at random
            return others[0] if others else options[0]
        if observation.phase == Phase.KONTRA and self.rng.random() < self.pass_rate:
            return next(a for a in legal if isinstance(a, Pass))
        useful = [a for a in legal if not isinstance(a, (Concede, Claim, Refuse))]
        return self.rng.choice(useful or list(legal))


def hand_value(hand: CardSet | int) -> tuple[Contract | None, int]:
    """A simple hand evaluator: the contract a cautious player would play with
    these 10 cards after a pickup, and the highest bid he would make for it
    (0 and ``None`` if he should pass).

    It counts trumps, matadors and aces for each suit and grand, and checks
    that a null would have no high cards in long suits.

    >>> hand_value(CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7"))   # grand with 3
    (Contract.parse('G'), 96)
    >>> hand_value(CardSet.parse("D7 D8 D9 H7 H8 H9 S7 S8 C7 C8"))
    (Contract.parse('N'), 23)
    >>> hand_value(CardSet.parse("D7 DK H8 HQ HK S9 SK C8 CQ CK"))
    (None, 0)
    """
    h = hand.mask if isinstance(hand, CardSet) else hand
    jacks = (h & T.JACKS).bit_count()
    aces = sum(1 for s in range(4) if h >> (8 * s + 6) & 1)
    tens_guarded = sum(1 for s in range(4) if h >> (8 * s + 5) & 1 and (h >> 8 * s & 0x7F)
                       .bit_count() >= 2)
    best: tuple[Contract | None, int] = (None, 0)
    # grand: jacks and aces
    if jacks >= 3 and aces + tens_guarded >= 2 or jacks == 4 and aces >= 1:
        m = abs(_matadors(4, h))
        best = (Contract(GameType.GRAND), 24 * (m + 1))
    for gt in (3, 2, 1, 0):
        trumps = (h & T.TRUMPS[gt]).bit_count()
        if trumps >= 6 or trumps == 5 and jacks + aces >= 3:
            m = abs(_matadors(gt, h))
            value = T.BASE_VALUES[gt] * (m + 1)
            if value > best[1]:
                best = (Contract(GameType(gt)), value)
    if best[0] is None:
        safe = True
        for s in range(4):
            suit = h >> 8 * s & 0xFF
            # null order strength: high cards (A K Q J) in a suit are dangerous
            if suit and max(T.NULL_RANK_STRENGTH[r] for r in range(8) if suit >> r & 1) > 3:
                safe = False
        if safe:
            best = (Contract(GameType.NULL), 23)
    return best


def _matadors(gt: int, mask: int) -> int:
    from .scoring import matadors_mask

    return matadors_mask(gt, mask)


class RuleBot:
    """A readable hand-written bot (a starting point for your own):

    * bids up to the value of the best contract :func:`hand_value` finds;
    * always picks up the skat, declares the best allowed contract and puts
      away its two most valuable non-trump cards that are not aces;
    * as declarer leads its highest trump while it has trumps, otherwise aces;
    * wins a trick as cheaply as it can, and smears points onto its partner's
      winning trick ("schmieren"); otherwise plays its cheapest card;
    * never says Kontra, concedes or claims; in Ramsch it plays low.
    """

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose an action (see the class docs)."""
        o = observation
        if o.phase == Phase.BIDDING:
            _, limit = hand_value(o.hand)
            for a in legal:
                if isinstance(a, Bid) and a.value <= limit:
                    return a
                if isinstance(a, Hold) and o.bid <= limit:
                    return a
            return next(a for a in legal if isinstance(a, Pass))
        if o.phase == Phase.SKAT:
            return next(a for a in legal if isinstance(a, PickUpSkat))
        if o.phase == Phase.PUSHING:
            pushes = [a for a in legal if isinstance(a, Push) and a.discard is not None]
            if pushes:  # push the two highest-point cards away
                return max(pushes, key=lambda a: a.discard.points() if a.discard else 0)
            return next(a for a in legal if isinstance(a, PickUpSkat))
        if o.phase == Phase.DECLARING:
            return self._declare(o, legal)
        if o.phase == Phase.PLAYING:
            return self._play(o, legal)
        # Kontra window: pass
        passes = [a for a in legal if isinstance(a, Pass)]
        return passes[0] if passes else legal[0]

    def _declare(self, o: Observation, legal: Sequence[Action]) -> Action:
        decls = [a for a in legal if isinstance(a, Declare)]
        if not decls:
            return legal[0]
        wanted, _ = hand_value(o.hand)

        def contract_score(c: Contract) -> tuple[int, int]:
            if c.is_null:
                return (1 if wanted == c else 0, 0)
            trumps = (o.hand.mask & T.TRUMPS[c.game_type]).bit_count()
            return (2 if wanted == c else 0, trumps * 10 + c.base_value)

        best_contract = max({d.contract for d in decls}, key=contract_score)
        options = [d for d in decls if d.contract == best_contract]
        if options[0].discard is None:
            return options[0]
        trumps = T.TRUMPS[best_contract.game_type]

        def discard_score(d: Declare) -> tuple[int, int]:
            assert d.discard is not None
            m = d.discard.mask
            bad = (m & trumps).bit_count() * 100 + sum(
                1 for c in d.discard if c.rank == 6) * 50
            return (-bad, d.discard.points())

        return max(options, key=discard_score)

    def _play(self, o: Observation, legal: Sequence[Action]) -> Action:
        cards = [a for a in legal if isinstance(a, Play)]
        if not cards:
            return legal[0]
        gt = int(o.contract.game_type) if o.contract is not None else 6
        if gt == 6 or gt == 5 and o.declarer != o.seat:
            # Ramsch (and null defence, roughly): get rid of the lowest cards
            return min(cards, key=lambda a: (T.KEY[gt][a.card][a.card], a.card.points))
        if gt == 5:
            trick = o.current_trick
            if trick:
                key = T.KEY[5][trick[0]]
                best = max(key[c] for c in trick)
                under = [a for a in cards if key[a.card] < best]
                if under:
                    return max(under, key=lambda a: key[a.card])
            return min(cards, key=lambda a: T.NULL_RANK_STRENGTH[a.card & 7])
        trumps = T.TRUMPS[gt]
        trick = o.current_trick
        if not trick:
            if o.seat == o.declarer:
                tr = [a for a in cards if trumps >> a.card & 1]
                if tr:
                    return max(tr, key=lambda a: T.KEY[gt][a.card][a.card])
            aces = [a for a in cards if a.card.rank == 6 and not trumps >> a.card & 1]
            if aces:
                return aces[0]
            return min(cards, key=lambda a: (a.card.points, T.KEY[gt][a.card][a.card]))
        key = T.KEY[gt][trick[0]]
        best_i = max(range(len(trick)), key=lambda i: key[trick[i]])
        seats = [(o.leader + i) % 3 for i in range(len(trick))]
        partner_wins = (o.declarer is not None and o.seat != o.declarer
                        and seats[best_i] != o.declarer)
        if partner_wins and len(trick) == 2:
            return max(cards, key=lambda a: (a.card.points, -key[a.card]))
        beating = [a for a in cards if key[a.card] > key[trick[best_i]]]
        if beating and not partner_wins:
            return min(beating, key=lambda a: (key[a.card], a.card.points))
        return min(cards, key=lambda a: (a.card.points, key[a.card]))


def play_deal(
    deal: Deal, bots: Sequence[Bot], rules: Rules = ISKO
) -> tuple[GameRecord, GameResult | PassedIn | RamschResult | Abandoned]:
    """Play a deal to the end: ``bots[i]`` plays seat ``i`` (forehand, middlehand,
    rearhand).  Returns the record (which replays to the same state) and the result.

    :raises IllegalActionError: if a bot returns an illegal action (the message
        names the seat).
    """
    if len(bots) != 3:
        raise IllegalActionError(f"a deal needs 3 bots (one per seat), not {len(bots)}",
                                 Reason.BAD_TABLE)
    state: GameState = new_game(deal, rules)
    actions: list[Action] = []
    while state.phase != Phase.FINISHED:
        seat = state.to_move_
        legal = legal_actions(state)
        action = bots[seat].act(observe(state, seat), legal)
        try:
            state = apply(state, action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"bot for seat {seat} chose an illegal action: {exc}",
                                     exc.reason, action=action, legal=exc.legal) from exc
        actions.append(action)
    res = result(state)
    assert res is not None
    played: tuple[Action, ...] = tuple(actions)
    return GameRecord(deal, played, rules), res
