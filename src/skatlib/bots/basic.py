"""The basic bots: :class:`RandomBot`, :class:`RuleBot` and the hand evaluator
:func:`hand_value`, and :func:`declaration_step`, which lets any bot declare in
every form the state offers (compound, or one ``Discard`` at a time).

>>> from skatlib import Deal, play_deal
>>> record, res = play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> res.score == play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])[1].score
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from .. import _tables as T
from ..actions import (
    Action,
    Bid,
    Claim,
    Concede,
    Declare,
    Discard,
    Hold,
    Pass,
    PickUpSkat,
    Play,
    Push,
    Refuse,
)
from ..cards import CardSet
from ..contract import Contract, GameType
from ..observation import Observation
from ..scoring import game_value, matadors_mask
from ..state import Phase

__all__ = [
    "DeclarationOption",
    "DeclarationPicker",
    "RandomBot",
    "RuleBot",
    "bid_up_to",
    "declaration_step",
    "hand_value",
]


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
            passes = [a for a in legal if isinstance(a, Pass)]
            if passes and (len(legal) == 1 or self.rng.random() < self.pass_rate):
                return passes[0]
            others = [a for a in legal if isinstance(a, (Bid, Hold))]
            # bid the next value or hold rather than jumping at random
            return others[0] if others else legal[0]
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
        grand = Contract(GameType.GRAND)
        best = (grand, game_value(grand, matadors_mask(T.GRAND, h)))
    for gt in (3, 2, 1, 0):
        trumps = (h & T.TRUMPS[gt]).bit_count()
        if trumps >= 6 or trumps == 5 and jacks + aces >= 3:
            trump_game = Contract(GameType(gt))
            value = game_value(trump_game, matadors_mask(gt, h))
            if value > best[1]:
                best = (trump_game, value)
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


def bid_up_to(limit: int, o: Observation, legal: Sequence[Action]) -> Action:
    """In the auction: the lowest bid up to ``limit``, or hold while the bid is
    at most ``limit``; else pass (ISkO 3.3).

    >>> from skatlib import Deal, legal_actions, new_game, observe
    >>> s = new_game(Deal.shuffled(1))
    >>> o = observe(s, s.to_move_index)
    >>> bid_up_to(20, o, legal_actions(s)), bid_up_to(0, o, legal_actions(s))
    (Bid(18), Pass())
    """
    for a in legal:
        if isinstance(a, Bid) and a.value <= limit:
            return a
        if isinstance(a, Hold) and o.bid <= limit:
            return a
    return next(a for a in legal if isinstance(a, Pass))


DeclarationOption = tuple[Contract, int]
"""A declaration a bot weighs: the contract and the mask of the two cards put
away (0 in a hand game)."""

DeclarationPicker = Callable[[int, Sequence[DeclarationOption]], int]
"""``picker(cards, options) -> index``: chooses one of ``options`` for the
declarer's ``cards`` (a mask: the 12 cards after a pickup, else the 10)."""

_PLAIN_CONTRACTS = tuple(Contract(GameType(g)) for g in range(6)) + (
    Contract(GameType.NULL, ouvert=True),)
"""The contracts open to a declarer who picked up the skat (no hand, no
announcements but null ouvert), weighed while he is still putting cards away."""


def declaration_step(o: Observation, legal: Sequence[Action], pick: DeclarationPicker
                     ) -> Action:
    """One step of the declaration, in whichever form ``legal`` offers it, with
    the declarer's whole choice made by ``pick``:

    * compound ``Declare(contract, discard)`` actions: the chosen one;
    * ``Discard(card)`` actions (the factored form, one card at a time): a card
      of the chosen discard, planned on ``o.hand | o.discard`` (the 12 cards)
      with the cards already put away (``o.discard``) kept in the plan;
    * bare ``Declare(contract)`` actions: the chosen contract, with the discard
      already made (or none, in a hand game).

    >>> from skatlib import Deal, RuleBot, apply, new_game, observe, legal_actions
    >>> from skatlib import Pass, PickUpSkat
    >>> s = new_game(Deal.shuffled(2))
    >>> s = apply(apply(apply(apply(s, Pass()), Pass()), Bid(18)), PickUpSkat())
    >>> d = s.declarer_index
    >>> first = lambda cards, options: 0
    >>> declaration_step(observe(s, d), legal_actions(s), first) == legal_actions(s)[0]
    True
    """
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        forced = o.discard.mask if o.discard is not None else 0
        cards = o.hand.mask | forced
        free = [int(a.card) for a in discards]
        pairs = [m for m in _pairs(cards) if m & forced == forced
                 and all(c in free for c in T.mask_cards(m & ~forced))]
        options = [(c, m) for c in _PLAIN_CONTRACTS for m in pairs]
        if not options:
            return discards[0]
        _, planned = options[pick(cards, options)]
        want = planned & ~forced
        return next((a for a in discards if want >> int(a.card) & 1), discards[0])
    decls = [a for a in legal if isinstance(a, Declare)]
    if not decls:
        return legal[0]
    if decls[0].discard is not None:  # the compound form
        cards = o.hand.mask
        for d in decls:
            if d.discard is not None:
                cards |= d.discard.mask
        choices = [(d.contract, d.discard.mask if d.discard is not None else 0) for d in decls]
        return decls[pick(cards, choices)]
    put_away = o.discard.mask if o.picked_up and o.discard is not None else 0
    return decls[pick(o.hand.mask | put_away, [(d.contract, put_away) for d in decls])]


def _pairs(mask: int) -> list[int]:
    cards = T.mask_cards(mask)
    return [(1 << a) | (1 << b) for a, b in combinations(cards, 2)]


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
            return bid_up_to(hand_value(o.hand)[1], o, legal)
        if o.phase == Phase.SKAT:
            return next(a for a in legal if isinstance(a, PickUpSkat))
        if o.phase == Phase.PUSHING:
            # push the two highest-point cards on: both at once (the compound
            # Push) or one at a time (Discard), the first of equals in legal order
            pushes = [a for a in legal if isinstance(a, Push) and a.discard is not None]
            if pushes:
                return max(pushes, key=lambda a: a.discard.points() if a.discard else 0)
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                return max(discards, key=lambda a: a.card.points)
            return next(a for a in legal if isinstance(a, PickUpSkat))
        if o.phase == Phase.DECLARING:
            return self._declare(o, legal)
        if o.phase == Phase.PLAYING:
            return self._play(o, legal)
        # Kontra window: pass
        passes = [a for a in legal if isinstance(a, Pass)]
        return passes[0] if passes else legal[0]

    def _declare(self, o: Observation, legal: Sequence[Action]) -> Action:
        return declaration_step(o, legal, self._pick_declaration)

    @staticmethod
    def _pick_declaration(cards: int, options: Sequence[DeclarationOption]) -> int:
        """The best contract for ``cards`` (the declarer's 12, or 10 in a hand
        game), then the discard that keeps trumps and aces and puts points away."""
        wanted, _ = hand_value(cards)

        def key(i: int) -> tuple[int, int, int, int, int]:
            c, discard = options[i]
            if c.is_null:
                fit = (1 if wanted == c else 0, 0)
            else:
                trumps = (cards & T.TRUMPS[c.game_type]).bit_count()
                fit = (2 if wanted == c else 0, trumps * 10 + c.base_value)
            # never announce what is not needed: the plain contract first
            announced = c.hand + c.schneider + c.schwarz + c.ouvert
            bad = (discard & T.TRUMPS[c.game_type]).bit_count() * 100 + sum(
                50 for s in range(4) if discard >> (8 * s + 6) & 1)
            return (*fit, -announced, -bad, T.mask_points(discard))

        # max() keeps the first of equal keys: the order of ``options`` (the legal
        # order), never a set's or hash order (PYTHONHASHSEED)
        return max(range(len(options)), key=key)

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
