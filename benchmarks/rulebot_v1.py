"""The RuleBot of skatlib 0.2, kept as a fixed opponent for strength runs.

Issue 17 asks for the PIMC bot's margin "against two RuleBots" and compares it
with the +30 Seeger-Fabian points per game the PIMC bot of 0.2 had over the
RuleBot of 0.2.  The RuleBot was rewritten in the same issue (it now wins about
77% of its games in self-play, the old one 48%), so a margin over today's
RuleBot does not measure the same thing.  This module plays the old RuleBot's
decisions (commit 14f1755) on today's API, so the arena can measure the new PIMC
against the opponent the +30 was measured against::

    PYTHONPATH=benchmarks skat arena --bots pimc,rulebot_v1:RuleBotV1,rulebot_v1:RuleBotV1 \\
        --deals 1000 --seed 1 --out pimc-rule_v1.jsonl

It reuses skatlib's :func:`~skatlib.bots.basic.bid_up_to` and
:func:`~skatlib.bots.basic.declaration_step` (unchanged since 0.2); only the
0.2 hand evaluator (:func:`hand_value_v1`, which today's
:func:`~skatlib.bots.basic.hand_value` replaced) and the 0.2 decisions live
here.  Its card play repeats parts of today's ``RuleBot._play`` (the null and
Ramsch branches) on purpose: a baseline must not follow later changes to
RuleBot, so it is a frozen copy, not a caller.  ``tests/test_benchmarks.py``
checks that it plays complete deals and that its self-play gives the old bot's
figures.

>>> from skatlib import CardSet
>>> hand_value_v1(CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7"))
(Contract.parse('G'), 96)
"""

from __future__ import annotations

from collections.abc import Sequence

from skatlib import _tables as T
from skatlib.actions import Action, Discard, Pass, PickUpSkat, Play, Push
from skatlib.bots.basic import DeclarationOption, bid_up_to, declaration_step
from skatlib.cards import CardSet
from skatlib.contract import Contract, GameType
from skatlib.observation import Observation
from skatlib.scoring import game_value, matadors_mask
from skatlib.state import Phase

__all__ = ["RuleBotV1", "hand_value_v1"]


def hand_value_v1(hand: CardSet | int) -> tuple[Contract | None, int]:
    """The 0.2 hand evaluator: the contract a cautious player would play with
    these 10 cards after a pickup, and the highest bid for it (``(None, 0)``:
    pass).  It counts trumps, matadors and aces; a null needs no high cards.

    >>> hand_value_v1(CardSet.parse("D7 D8 D9 H7 H8 H9 S7 S8 C7 C8"))
    (Contract.parse('N'), 23)
    >>> hand_value_v1(CardSet.parse("D7 DK H8 HQ HK S9 SK C8 CQ CK"))
    (None, 0)
    """
    h = hand.mask if isinstance(hand, CardSet) else hand
    jacks = (h & T.JACKS).bit_count()
    aces = sum(1 for s in range(4) if h >> (8 * s + 6) & 1)
    tens_guarded = sum(1 for s in range(4) if h >> (8 * s + 5) & 1
                       and (h >> 8 * s & 0x7F).bit_count() >= 2)
    best: tuple[Contract | None, int] = (None, 0)
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
        safe = all(not (h >> 8 * s & 0xFF)
                   or max(T.NULL_RANK_STRENGTH[r] for r in range(8) if h >> (8 * s + r) & 1)
                   <= 3 for s in range(4))
        if safe:
            best = (Contract(GameType.NULL), 23)
    return best


class RuleBotV1:
    """The RuleBot of skatlib 0.2: bids up to :func:`hand_value_v1`, always
    picks up the skat, declares the evaluator's contract and puts away its two
    most valuable non-trump cards that are not aces; as declarer leads its
    highest trump, else aces; wins a trick as cheaply as it can and smears
    points onto its partner's trick; never says Kontra, concedes or claims.

    >>> from skatlib import simulate
    >>> stats = simulate(1000, RuleBotV1, seed=0, workers=0)   # as 0.2's self-play
    >>> stats.games, stats.won
    (883, 428)
    """

    def __init__(self, seed: object = None) -> None:
        """``seed`` is accepted for the bot factories and ignored: the bot is
        deterministic."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose an action (see the class docs)."""
        o = observation
        if o.phase == Phase.BIDDING:
            return bid_up_to(hand_value_v1(o.hand)[1], o, legal)
        if o.phase == Phase.SKAT:
            return next(a for a in legal if isinstance(a, PickUpSkat))
        if o.phase == Phase.PUSHING:
            pushes = [a for a in legal if isinstance(a, Push) and a.discard is not None]
            if pushes:
                return max(pushes, key=lambda a: a.discard.points() if a.discard else 0)
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                return max(discards, key=lambda a: a.card.points)
            return next(a for a in legal if isinstance(a, PickUpSkat))
        if o.phase == Phase.DECLARING:
            return declaration_step(o, legal, self._pick_declaration)
        if o.phase == Phase.PLAYING:
            return self._play(o, legal)
        passes = [a for a in legal if isinstance(a, Pass)]
        return passes[0] if passes else legal[0]

    @staticmethod
    def _pick_declaration(cards: int, options: Sequence[DeclarationOption]) -> int:
        wanted, _ = hand_value_v1(cards)

        def key(i: int) -> tuple[int, int, int, int, int]:
            c, discard = options[i]
            if c.is_null:
                fit = (1 if wanted == c else 0, 0)
            else:
                trumps = (cards & T.TRUMPS[c.game_type]).bit_count()
                fit = (2 if wanted == c else 0, trumps * 10 + c.base_value)
            announced = c.hand + c.schneider + c.schwarz + c.ouvert
            bad = (discard & T.TRUMPS[c.game_type]).bit_count() * 100 + sum(
                50 for s in range(4) if discard >> (8 * s + 6) & 1)
            return (*fit, -announced, -bad, T.mask_points(discard))

        return max(range(len(options)), key=key)

    @staticmethod
    def _play(o: Observation, legal: Sequence[Action]) -> Action:
        cards = [a for a in legal if isinstance(a, Play)]
        if not cards:
            return legal[0]
        gt = int(o.contract.game_type) if o.contract is not None else 6
        if gt == 6 or gt == 5 and o.declarer != o.seat:
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
