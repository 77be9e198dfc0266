"""A Perfect Information Monte Carlo (PIMC) bot.

Card play: sample worlds consistent with what the bot has seen
(:func:`~skatlib.search.sampling.sample_worlds`), solve each world double dummy
(:mod:`skatlib.search.solver`) after each legal card, and play the card with the
best average.  The declarer maximises, the defenders minimise, the average
of a *utility of the declarer's card points*:

* ``objective="score"`` (default): the steps of the game score -- 100 for
  reaching the win (61, or 90 with schneider announced), 10 each for
  escaping schneider (31) and for schneidering the defenders (90).  Each step
  is one null-window search, which keeps a move fast; the utility is a
  monotone function of the points, so solving for it is exact.
* ``objective="points"``: the exact card points (slower).
* null: whether the declarer avoids every trick; schwarz announced and
  ouvert: whether he takes every trick.

Ties (worlds that are already decided) are broken by a plain rule: keep
points away from the opponents and give them to the partner.

Bidding and declaring use :func:`estimate`, a documented hand evaluator
(strength from trumps, jacks, aces, guarded tens and voids for suit games;
jacks and aces for grand; safe suits for null) mapped to a win probability.
The bot bids up to the value of the best contract it expects to win with
probability ``bid_confidence`` (an argument of :class:`PIMCBot`); it plays hand only when the hand
alone is very strong, picks the discard and contract with the best expected
Seeger-Fabian score, never says Kontra, never concedes or claims.  Ramsch and
Schieberamsch are played by :class:`~skatlib.RuleBot`'s rules.

>>> from skatlib import Deal, RandomBot, play_deal
>>> bot = PIMCBot(seed=1, worlds=4)
>>> record, res = play_deal(Deal.shuffled(5), [bot, RandomBot(1), RandomBot(2)])
>>> res.explain() == play_deal(Deal.shuffled(5), [PIMCBot(seed=1, worlds=4), RandomBot(1),
...                                              RandomBot(2)])[1].explain()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .. import _tables as T
from ..actions import Action, Pass, PickUpSkat, Play, PlayHand
from ..cards import CardSet
from ..contract import Contract, GameType
from ..observation import Observation
from ..scoring import game_value, matadors_mask, seeger_fabian_points
from ..search.sampling import World, sample_worlds
from ..search.solver import Position, SearchAborted, Solver
from ..state import Phase
from .basic import DeclarationOption, RuleBot, bid_up_to, declaration_step

__all__ = ["PIMCBot", "estimate", "best_contract"]

_NULL = T.NULL
_JACKS = (31, 23, 15, 7)  # clubs, spades, hearts, diamonds


# --------------------------------------------------------------------- hand evaluation


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def _suit_strength(hand: int, trump: int) -> float:
    """Strength of a suit game: about 7.5 is an even chance after a pickup."""
    trumps = hand & T.TRUMPS[trump]
    n_trumps = trumps.bit_count()
    s = float(n_trumps)
    s += 0.6 * (hand >> 31 & 1) + 0.4 * (hand >> 23 & 1) + 0.2 * (hand >> 15 & 1)
    s += 0.3 * (hand >> (8 * trump + 6) & 1) + 0.2 * (hand >> (8 * trump + 5) & 1)
    for suit in range(4):
        if suit == trump:
            continue
        cards = hand >> (8 * suit) & 0x7F
        n = cards.bit_count()
        ace = cards >> 6 & 1
        ten = cards >> 5 & 1
        if ace:
            s += 1.0 + (0.8 if ten else 0.0) + (0.3 if ten and cards >> 4 & 1 else 0.0)
        elif ten:
            s += 0.3 if n >= 3 else (0.0 if n == 2 else -0.3)
        if n == 0 and n_trumps >= 5:
            s += 0.4
        elif n == 1 and not ace:
            s += 0.2
        elif n >= 3 and not ace and not ten:
            s -= 0.3
    return s


def _grand_strength(hand: int, forehand: bool) -> float:
    """Strength of a grand: about 7.5 is an even chance after a pickup."""
    s = (1.6 * (hand >> 31 & 1) + 1.3 * (hand >> 23 & 1) + 1.1 * (hand >> 15 & 1)
         + 1.0 * (hand >> 7 & 1))
    for suit in range(4):
        cards = hand >> (8 * suit) & 0x7F
        n = cards.bit_count()
        ace = cards >> 6 & 1
        ten = cards >> 5 & 1
        if ace:
            s += 1.5
            if ten:
                s += 1.3 + (0.5 if cards >> 4 & 1 else 0.0) + max(0, n - 3) * 0.5
        elif ten:
            s += 0.4 if n >= 3 else (-0.2 if n == 2 else -0.5)
        elif n >= 2:
            s -= 0.3 * (n - 1)
    if forehand:
        s += 0.5
    return s


def _null_danger(hand: int) -> float:
    """Danger of a null: 0 when every suit is safe.  A suit is safe when its
    i-th lowest card (null order 7 8 9 10 J Q K A) is at most the (2i+1)-th card
    of the suit, so the declarer can always play under."""
    danger = 0.0
    for suit in range(4):
        cards = hand >> (8 * suit) & 0xFF
        ranks = sorted(T.NULL_RANK_STRENGTH[r] for r in range(8) if cards >> r & 1)
        for i, r in enumerate(ranks):
            if r > 2 * i:
                danger += 1.0 + 0.3 * (r - 2 * i)
                break
    return danger


def estimate(hand: CardSet | int, contract: Contract, *, forehand: bool = False,
             final: bool = False) -> float:
    """Probability (a heuristic) that the declarer wins ``contract`` with these
    10 cards.  For a contract without hand the skat is still to come and helps,
    unless ``final`` (the skat is already picked up and put away); a hand game
    must stand on the 10 cards alone.

    >>> h = CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7")
    >>> estimate(h, Contract.parse("C")) > 0.9 > estimate(h, Contract.parse("N"))
    True
    """
    h = hand.mask if isinstance(hand, CardSet) else hand
    gt = int(contract.game_type)
    if gt == _NULL:
        danger = _null_danger(h)
        if not contract.hand and not final:
            danger = max(0.0, danger - 1.6)  # two bad cards can be put away
        if contract.ouvert:
            danger += 0.8
        return _logistic(2.2 - 2.0 * danger)
    if gt == T.GRAND:
        s = _grand_strength(h, forehand)
    else:
        s = _suit_strength(h, gt)
    threshold = 7.5 if not (contract.hand or final) else 8.3
    if contract.schneider:
        threshold += 2.0
    if contract.schwarz:
        threshold += 2.5
    return _logistic(1.4 * (s - threshold))


def _value(contract: Contract, owned: int) -> int:
    """The game value if won, without schneider or schwarz reached (announced
    levels count): :func:`~skatlib.game_value` with the matadors of ``owned``."""
    return game_value(contract, matadors_mask(int(contract.game_type), owned)
                      if not contract.is_null else 0)


def _seeger(p: float, value: int) -> float:
    """Expected Seeger-Fabian points (:func:`~skatlib.scoring.seeger_fabian_points`)
    of the declarer relative to each opponent, winning with probability ``p`` a
    game of this value (a lost game's list score is −2 × value, as in
    :attr:`GameResult.score <skatlib.GameResult.score>`)."""
    won_d, won_o = seeger_fabian_points(value, True)
    lost_d, lost_o = seeger_fabian_points(-2 * value, False)
    return p * (won_d - won_o) + (1 - p) * (lost_d - lost_o)


_PLAIN = tuple(Contract(GameType(g)) for g in range(5)) + (Contract(GameType.NULL),)
_HANDS = tuple(Contract(GameType(g), hand=True) for g in range(5)) + (
    Contract(GameType.NULL, hand=True), Contract(GameType.NULL, hand=True, ouvert=True))


def best_contract(hand: CardSet | int, *, hand_game: bool = False, forehand: bool = False
                  ) -> tuple[Contract, float, int]:
    """The contract with the best expected score for 10 cards: ``(contract,
    win probability, value)``.  Without ``hand_game`` the skat is assumed
    picked up (values without the hand level, matadors of the 10 cards).

    >>> c, p, v = best_contract(CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7"))
    >>> str(c), v
    ('G', 96)
    """
    h = hand.mask if isinstance(hand, CardSet) else hand
    best: tuple[float, Contract, float, int] | None = None
    for c in (_HANDS if hand_game else _PLAIN):
        p = estimate(h, c, forehand=forehand)
        v = _value(c, h)
        ev = _seeger(p, v)
        if best is None or ev > best[0]:
            best = (ev, c, p, v)
    assert best is not None
    return best[1], best[2], best[3]


# --------------------------------------------------------------------- the bot


class PIMCBot:
    """Perfect Information Monte Carlo card play with a hand evaluator for the
    auction (see the module docs).

    :param seed: seed (or :class:`random.Random`) for the world sampler.
    :param worlds: worlds sampled per card decision (at most).
    :param objective: ``"score"`` (steps of the game score, fast) or
        ``"points"`` (exact card points).
    :param max_nodes: search budget per card decision, in solver nodes (about
        100k-200k per second on one core).  Worlds are solved one after the
        other until the budget runs out; a world whose search passes it is
        dropped.  Early in the deal, where solving is dearest, fewer worlds are
        therefore used.  Node counts, not seconds, keep the bot reproducible.
    :param bid_confidence: the win probability a contract needs to be bid.
    :param solver: a :class:`~skatlib.search.solver.Solver` to use (one per bot by
        default; its transposition table is reused across worlds and moves).
    """

    def __init__(self, seed: int | random.Random | None = None, worlds: int = 20, *,
                 objective: str = "score", max_nodes: int = 50_000,
                 bid_confidence: float = 0.55, solver: Solver | None = None) -> None:
        if objective not in ("score", "points"):
            raise ValueError(f"objective must be 'score' or 'points', not {objective!r}")
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.worlds = max(1, int(worlds))
        self.max_nodes = max(1, int(max_nodes))
        self.objective = objective
        self.bid_confidence = bid_confidence
        self.solver = solver if solver is not None else Solver(tt_limit=400_000)
        self._fallback = RuleBot()

    # ----- the Bot protocol
    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (see the class docs)."""
        o = observation
        if o.phase == Phase.PLAYING:
            if o.contract is None or o.declarer is None:
                return self._fallback.act(o, legal)  # Ramsch
            return self._play(o, legal)
        if o.phase == Phase.BIDDING:
            return self._bid(o, legal)
        if o.phase == Phase.SKAT:
            return self._skat(o, legal)
        if o.phase == Phase.DECLARING:
            return self._declare(o, legal)
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes:  # never Kontra or Re
            return passes[0]
        return self._fallback.act(o, legal)  # Schieberamsch pushing

    # ----- auction
    def bid_limit(self, hand: CardSet | int, *, forehand: bool = False) -> int:
        """The highest bid this bot makes with these 10 cards (0: pass)."""
        h = hand.mask if isinstance(hand, CardSet) else hand
        limit = 0
        for c in _PLAIN + _HANDS:
            p = estimate(h, c, forehand=forehand)
            if p >= self.bid_confidence:
                limit = max(limit, _value(c, h))
        return limit

    def _bid(self, o: Observation, legal: Sequence[Action]) -> Action:
        return bid_up_to(self.bid_limit(o.hand, forehand=o.seat == 0), o, legal)

    def _skat(self, o: Observation, legal: Sequence[Action]) -> Action:
        _, p, v = best_contract(o.hand, hand_game=True, forehand=o.seat == 0)
        if p >= 0.85 and v >= o.bid:
            return next(a for a in legal if isinstance(a, PlayHand))
        return next(a for a in legal if isinstance(a, PickUpSkat))

    def _declare(self, o: Observation, legal: Sequence[Action]) -> Action:
        forehand = o.seat == 0

        def pick(cards: int, options: Sequence[DeclarationOption]) -> int:
            best: tuple[float, int] | None = None
            choice = 0
            cache: dict[tuple[Contract, int], float] = {}
            for i, (c, discard) in enumerate(options):
                kept = cards & ~discard
                key = (c, kept)
                ev = cache.get(key)
                if ev is None:
                    p = estimate(kept, c, forehand=forehand, final=True)
                    if discard and not c.is_null:
                        # the discard's points are the declarer's
                        p = _logistic(_logit(p) + 0.04 * (T.mask_points(discard) - 5))
                    v = _value(c, cards)
                    if not c.is_null and v < o.bid:
                        p *= 0.3  # needs schneider to reach the bid
                        v = max(v, o.bid)
                    ev = cache[key] = _seeger(p, v)
                # among equal estimates keep trumps and aces, put away points
                score = (ev, T.mask_points(discard))
                if best is None or score > best:
                    best = score
                    choice = i
            return choice

        return declaration_step(o, legal, pick)

    # ----- card play
    def _play(self, o: Observation, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) <= 1:
            return plays[0] if plays else legal[0]
        assert o.contract is not None and o.declarer is not None
        worlds = sample_worlds(o, self.worlds, self.rng)
        totals: dict[int, float] = {int(a.card): 0.0 for a in plays}
        win = 90 if o.contract.schneider else 61
        solver = self.solver
        start = solver.nodes
        used = 0
        try:
            for w in worlds:
                # the first world may use up to four budgets: one world is needed
                solver.node_limit = start + self.max_nodes * (4 if used == 0 else 1)
                pos = self._position(o, w)
                utilities = self._utilities(pos, win)
                for card, u in utilities.items():
                    totals[card] += u
                used += 1
        except SearchAborted:
            pass
        finally:
            solver.node_limit = None
        if used == 0:
            return self._fallback.act(o, legal)
        declarer = int(o.seat) == int(o.declarer)
        best_value = max(totals.values()) if declarer else min(totals.values())
        best = [c for c, v in totals.items() if abs(v - best_value) < 1e-9]
        card = self._tie_break(o, best)
        return next(a for a in plays if int(a.card) == card)

    @staticmethod
    def _position(o: Observation, w: World) -> Position:
        assert o.contract is not None and o.declarer is not None
        d = int(o.declarer)
        gt = int(o.contract.game_type)
        taken = 0
        for t in o.tricks:
            if int(t.winner) == d:
                for c in t.cards:
                    taken |= 1 << int(c)
        stop = gt != _NULL and o.contract.schwarz
        return Position(gt, d, w.hands, tuple(int(c) for c in o.current_trick), int(o.leader),
                        T.mask_points(taken | w.skat), stop)

    def _utilities(self, pos: Position, win: int = 61) -> dict[int, float]:
        """The declarer's utility after each legal card in one world."""
        solver = self.solver
        reps = solver.equivalent_moves(pos)
        values: dict[int, float] = {}
        for card, rep in reps.items():
            if rep != card:
                continue
            child = pos.play(card)
            values[card] = self._utility(child, win)
        return {card: values[rep] for card, rep in reps.items()}

    def _utility(self, pos: Position, win: int) -> float:
        solver = self.solver
        if pos.gt == _NULL:
            return 0.0 if pos.ended else float(solver.null_clean(pos))
        if pos.stop:
            return 0.0 if pos.ended else float(solver.all_tricks_position(pos))
        if self.objective == "points":
            return float(solver.solve_position(pos))
        return self._score_steps(pos, win)

    def _score_steps(self, pos: Position, win: int) -> float:
        """100 for the win threshold, 10 for each other step (31, 61, 90) reached."""
        steps = sorted({31, 61, 90})
        weight = {t: (100.0 if t == win else 10.0) for t in steps}
        u = 0.0
        if self.solver.reaches(pos, win):
            u += sum(weight[t] for t in steps if t <= win)
            for t in steps:
                if t > win:
                    if not self.solver.reaches(pos, t):
                        break
                    u += weight[t]
        else:
            for t in reversed(steps):
                if t < win and self.solver.reaches(pos, t):
                    u += sum(weight[x] for x in steps if x <= t)
                    break
        return u

    def _tie_break(self, o: Observation, cards: list[int]) -> int:
        """Among equally good cards: if our side holds the trick after the card
        (as last hand), the richest; otherwise the poorest, then the weakest."""
        if len(cards) == 1:
            return cards[0]
        assert o.contract is not None and o.declarer is not None
        gt = int(o.contract.game_type)
        trick = [int(c) for c in o.current_trick]
        me = int(o.seat)
        d = int(o.declarer)

        def ours(card: int) -> bool:
            if len(trick) != 2:
                return False
            full = [*trick, card]
            w = (int(o.leader) + T.trick_winner_fast(gt, full[0], full[1], full[2])) % 3
            return (w == d) == (me == d)

        def key(card: int) -> tuple[int, int, int]:
            pts = T.CARD_POINTS[card]
            strength = T.KEY[gt][card][card]
            return (0, -pts, strength) if ours(card) else (1, pts, strength)

        return min(cards, key=key)

