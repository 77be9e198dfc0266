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

The win is 61 card points (90 with schneider announced) unless
``bid_target`` is set: then, in a world where the declarer's game is worth
less than his bid without schneider, the win is schneider, or every trick
where only schwarz makes the game worth the bid
(:func:`~skatlib.scoring.levels_needed`).

Ties (worlds that are already decided) are broken by a plain rule: keep
points away from the opponents and give them to the partner.  With
``fight=True`` a tie between cards of different card points is first broken by
the declarer's exact card points in the same worlds, so that a side whose game
is decided against perfect play keeps fighting against a fallible opponent.

Bidding, hand or pickup, and the declaration are decided by solving sampled
worlds too (``bidding="search"``, the default; the hand evaluation, :func:`evaluate_hand`
and :meth:`PIMCBot.act`): RuleBot's hand evaluator :func:`estimate`
shortlists the candidate contracts, the solver's 0/1 question in a few
sampled worlds (within a node budget per decision) refines their win
probability, and the bot bids while the best contract's expected
Seeger-Fabian score beats passing, plays hand when the hand game's is higher,
and declares the best of RuleBot's three best-ranked contracts with their
discards.

The hand evaluation, :func:`evaluate_hand`, estimates for a declarer's cards
and a few candidate contracts the chance to win each and its expected
Seeger-Fabian score: in each sampled world (a placement of the cards the
declarer has not seen, :func:`~skatlib.search.sampling.sample_worlds`) it puts
the declarer's cards in, picks up the world's skat and puts two cards away
where the candidate says so (RuleBot's discard,
:func:`~skatlib.bots.basic.choose_declaration`, for a pickup still to come),
and asks the double-dummy solver the 0/1 question of the game from the first
lead: does the declarer reach 61 card points (:meth:`Solver.reaches
<skatlib.search.solver.Solver.reaches>`), does the null declarer avoid every
trick (:meth:`~skatlib.search.solver.Solver.null_clean`).  Solving is dear
from the first lead (5,000 to 400,000 nodes a world), so it runs within a
budget: ``nodes`` solver nodes in all and ``world_nodes`` for one world and
contract (a search that passes it is dropped and the next world tried),
counted afresh for every call, and optionally a CPU ``deadline``.  Few worlds
are solved, so the win probability blends them with RuleBot's heuristic
(:func:`~skatlib.bots.basic.estimate`) as a prior worth :data:`PRIOR_WEIGHT`
worlds: ``(PRIOR_WEIGHT * prior + wins) / (PRIOR_WEIGHT + solved)``.  On
average the heuristic and the double-dummy win rate agree (``python
benchmarks/pimc.py --calibration 60``); both are far below what the bot wins
against RuleBots, since in a double-dummy world the defenders know every card.

>>> e = HandEstimate(Contract.parse("G"), None, 0.4, 48, 3, (48, 48, 72))
>>> round(e.win_probability(), 2), bid_ceiling(Evaluation((e,), 3, 0))
(0.76, 48)

:func:`alphamu_wins` measures what PIMC's card play takes for granted
(strategy fusion): for each card of the seat to move, the worlds its side wins
with one plan for its next decisions across the worlds it cannot tell apart.  The
bot does not use it; in its games it would change the declarer's card in 2 of
1,150 decisions from the fourth trick on, a defender's in 2 of 1,646
(``docs/bots.rst``, "One plan for the declarer's next decisions" and "One plan
for a defender's next decisions").

With ``bidding="rules"`` it decides as RuleBot does instead:
:func:`estimate` (strength from trumps, jacks, aces, guarded tens and voids
for suit games; jacks and aces for grand; safe suits for null) mapped to a
win probability, bids up to the value of the best contract it expects to win
with probability ``bid_confidence``, plays hand only when the hand alone is
very strong, picks the discard and contract with the best expected
Seeger-Fabian score.  It never says Kontra, never concedes or claims.  Ramsch
and Schieberamsch are played by :class:`~skatlib.RuleBot`'s rules.

Without the CPU cap (``cpu_limit=None``), which only a slow or loaded core
reaches, the same seed plays the same game:

>>> from skatlib import Deal, RandomBot, play_deal
>>> bot = PIMCBot(seed=1, worlds=4, cpu_limit=None)
>>> record, res = play_deal(Deal.shuffled(5), [bot, RandomBot(1), RandomBot(2)])
>>> twin = PIMCBot(seed=1, worlds=4, cpu_limit=None)
>>> res.explain() == play_deal(Deal.shuffled(5), [twin, RandomBot(1), RandomBot(2)])[1].explain()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .. import _tables as T
from ..actions import Action, Bid, Hold, Pass, PickUpSkat, Play, PlayHand
from ..bidding import BID_VALUES
from ..cards import CardSet, _mask_value
from ..contract import Contract
from ..errors import InvalidCardsError, Reason, SkatError, SolverError, as_int, type_error
from ..observation import Observation
from ..play import trick_winner
from ..scoring import levels_needed, matadors_mask, overbid_value
from ..search.sampling import World, sample_worlds
from ..search.solver import Position, SearchAborted, Solver
from ..state import Phase
from .basic import (
    _HANDS,
    _PLAIN,
    HAND_CONFIDENCE,
    RULE_CONFIDENCE,
    DeclarationOption,
    DeclarationPlan,
    RuleBot,
    _at_least_one,
    _estimator,
    _one_of,
    _pairs,
    _probability_like,
    _seeger,
    _seeger_sides,
    _value,
    best_contract,
    bid_limit,
    bid_up_to,
    choose_declaration,
    declaration_step,
    estimate,
    rng_of,
    wants_hand_game,
)

__all__ = ["DECLARE_CALIBRATION", "PRIOR_WEIGHT", "TT_LIMIT", "Decision", "Evaluation",
           "HandEstimate", "PIMCBot", "alphamu_wins", "auction_bounds", "best_contract",
           "bid_ceiling", "declaration_weight", "estimate", "evaluate_hand", "play_weight",
           "world_weight"]

_NULL = T.NULL
_JACKS = (31, 23, 15, 7)  # clubs, spades, hearts, diamonds


# --------------------------------------------------------------------- hand evaluation

# Hand evaluation by solving sampled worlds: PIMC for the auction and the skat
# (evaluate_hand, used by PIMCBot with bidding="search").

PRIOR_WEIGHT = 2.0
"""How many solved worlds the heuristic prior (:func:`~skatlib.bots.basic.estimate`)
is worth in :meth:`HandEstimate.win_probability`."""

DECLARE_CALIBRATION = 0.3
"""The default ``declare_calibration`` of :class:`PIMCBot`: the power ``a`` whose
``p ** a`` best fits how often the bot won the games it declared against
``pimc_v1`` (maximum likelihood, ``benchmarks/pimc.py --declared``: 0.32 on seed
11's deals, rounded)."""

TT_LIMIT = 400_000
"""The transposition entries of the PIMC bots' own solvers (``Solver(tt_limit=...)``:
about 60 MB at most, shared by all worlds and moves of a deal)."""

Candidate = tuple[Contract, "int | None"]
"""A contract to evaluate and the two cards put away (a mask) -- ``None`` for a
pickup still to come (the discard is chosen in each world), 0 for a hand game."""


class HandEstimate(NamedTuple):
    """What :func:`evaluate_hand` found for one candidate contract."""

    contract: Contract
    discard: int | None
    """The cards put away (a mask; 0 in a hand game, ``None``: chosen per world)."""
    prior: float
    """RuleBot's heuristic win probability (:func:`~skatlib.bots.basic.estimate`)."""
    value: int
    """The game value on the declarer's known cards (the matadors without the skat
    when it is still to come), used when no world was solved."""
    wins: int
    """Solved worlds in which the declarer wins."""
    values: tuple[int, ...]
    """The game value in each solved world (matadors counted with that world's skat)."""

    @property
    def solved(self) -> int:
        """Worlds solved for this contract."""
        return len(self.values)

    def win_probability(self, prior_weight: float = PRIOR_WEIGHT) -> float:
        """The solved worlds' win rate blended with the prior worth ``prior_weight``
        worlds.

        >>> e = HandEstimate(Contract.parse("G"), None, 0.5, 48, 3, (48, 48, 72))
        >>> e.win_probability(), e.win_probability(0.0)
        (0.8, 1.0)
        """
        return (prior_weight * self.prior + self.wins) / (prior_weight + self.solved)

    def expected_score(self, bid: int, prior_weight: float = PRIOR_WEIGHT,
                       power: float = 1.0) -> float | None:
        """The declarer's expected Seeger-Fabian points relative to each opponent
        (:func:`~skatlib.scoring.seeger_fabian_points`, as RuleBot's
        :func:`~skatlib.bots.basic.best_contract`) if he declares this contract
        having bid ``bid``: in a world where the game is worth less than the bid
        a suit or grand game is lost overbid (:func:`~skatlib.scoring.overbid_value`,
        ISkO 5.4.2); a null worth less may not be declared (D-7): ``None``.
        ``power`` calibrates the win probability ``p`` as ``p ** power``: below 1
        it credits the chance that real defenders, who do not see the cards,
        let through a game that double-dummy defence beats
        (:class:`PIMCBot`'s ``declare_calibration``).

        >>> e = HandEstimate(Contract.parse("G"), None, 0.5, 48, 3, (48, 48, 72))
        >>> round(e.expected_score(18), 2), round(e.expected_score(60), 2)
        (44.4, -139.07)
        >>> round(e.expected_score(18, power=0.5), 2)  # p = 0.8 ** 0.5
        73.48
        """
        p = self.win_probability(prior_weight) ** _exponent(power, "power")
        values = self.values or (self.value,)
        total = 0.0
        for v in values:
            if v >= bid:
                won, lost = _seeger_sides(v)
                total += p * won + (1 - p) * lost
            elif self.contract.is_null:
                return None
            else:
                total += _seeger_sides(overbid_value(self.contract, bid))[1]
        return total / len(values)


class Evaluation(NamedTuple):
    """The result of :func:`evaluate_hand`."""

    estimates: tuple[HandEstimate, ...]
    """One per candidate, in the order given."""
    worlds: int
    """Worlds in which at least one candidate was solved."""
    nodes: int
    """Solver nodes searched."""

    def best(self, bid: int, prior_weight: float = PRIOR_WEIGHT, power: float = 1.0
             ) -> tuple[HandEstimate, float] | None:
        """The candidate with the highest expected score at ``bid`` and that score
        (``None`` if none may be declared at it); ``power`` as in
        :meth:`HandEstimate.expected_score`.

        >>> grand = HandEstimate(Contract.parse("G"), None, 0.5, 48, 3, (48, 48, 72))
        >>> null = HandEstimate(Contract.parse("N"), None, 0.9, 23, 3, (23, 23, 23))
        >>> ev = Evaluation((null, grand), worlds=3, nodes=1000)
        >>> str(ev.best(18)[0].contract), str(ev.best(30)[0].contract)  # a sure null; above 23
        ('N', 'G')
        >>> Evaluation((null,), worlds=3, nodes=1000).best(30) is None
        True
        """
        best: tuple[HandEstimate, float] | None = None
        for e in self.estimates:
            ev = e.expected_score(bid, prior_weight, power)
            if ev is not None and (best is None or ev > best[1]):
                best = (e, ev)
        return best


def _exponent(value: object, name: str) -> float:
    """``value`` as a number above 0 (a calibration's exponent).

    >>> _exponent(0, "declare_calibration")
    Traceback (most recent call last):
    ...
    skatlib.errors.SkatError: declare_calibration must be above 0 (1: no calibration), not 0
    """
    x = _probability_like(value, name, upper=None)
    if x == 0.0:
        raise SkatError(f"{name} must be above 0 (1: no calibration), not {value!r}",
                        Reason.BAD_TABLE)
    return x


def bid_ceiling(evaluation: Evaluation, prior_weight: float = PRIOR_WEIGHT, *,
                confidence: float | None = None, hand_confidence: float = 0.0) -> int:
    """The highest bid the evaluation supports; 0: pass.

    * ``confidence=None``: going up the bid ladder (:data:`~skatlib.BID_VALUES`),
      the last bid at which the best candidate's expected score still beats
      passing (0).  With double-dummy win rates this is cautious: a game needs
      about a 65% chance of winning against perfect defence, and against
      RuleBots the bot then declared half as often as with RuleBot's bidding.
    * ``confidence=p``: the highest median game value (over the solved worlds)
      of a candidate whose win probability reaches ``p`` (a hand game: also
      ``hand_confidence``) -- RuleBot's rule (:func:`~skatlib.bots.basic.bid_limit`)
      on the searched probability; what :class:`~skatlib.bots.pimc.PIMCBot`
      bids by.

    >>> e = HandEstimate(Contract.parse("G"), None, 0.5, 48, 3, (48, 48, 72))
    >>> bid_ceiling(Evaluation((e,), 3, 0))
    48
    >>> bid_ceiling(Evaluation((e,), 3, 0), confidence=0.35)
    48
    >>> bid_ceiling(Evaluation((e,), 3, 0), confidence=0.9)
    0
    """
    if confidence is not None:
        best = 0
        for e in evaluation.estimates:
            need = max(confidence, hand_confidence) if e.contract.hand else confidence
            if e.win_probability(prior_weight) >= need:
                values = sorted(e.values or (e.value,))
                best = max(best, values[(len(values) - 1) // 2])
        return best
    limit = 0
    for b in BID_VALUES:
        top = evaluation.best(b, prior_weight)
        if top is None or top[1] <= 0:
            break
        limit = b
    return limit


def _cards_of(value: object, name: str) -> int:
    """``value`` (a CardSet or an int mask) as a mask (:func:`~skatlib.cards._mask_value`)."""
    return value.mask if isinstance(value, CardSet) else _mask_value(value, name)


def _candidates(value: object, cards: int) -> list[Candidate]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise type_error("candidates", "a sequence of (Contract, discard mask or None)", value)
    out: list[Candidate] = []
    for item in value:
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Contract)):
            raise type_error("candidates", "a sequence of (Contract, discard mask or None)",
                             item)
        c, discard = item
        if discard is not None:
            d = _cards_of(discard, "discard")
            twelve = cards.bit_count() == 12
            if (d.bit_count() != (2 if twelve else 0)) or d & ~cards:
                raise InvalidCardsError(
                    f"the discard {CardSet(d)} of {c} must be two of the 12 cards after a "
                    "pickup, or 0 with 10 cards in a hand game", Reason.WRONG_CARD_COUNT)
            discard = d
        elif cards.bit_count() != 10 or c.hand:
            raise InvalidCardsError(f"a pickup still to come (discard None) needs 10 cards "
                                    f"and a contract without hand, not {c} on "
                                    f"{cards.bit_count()} cards", Reason.WRONG_CARD_COUNT)
        out.append((c, discard))
    return out


def evaluate_hand(cards: CardSet | int, seat: int, candidates: Sequence[Candidate],
                  worlds: Sequence[World], *, solver: Solver | None = None,
                  nodes: int = 300_000, world_nodes: int = 80_000, bid: int = 18,
                  deadline: float | None = None) -> Evaluation:
    """Solve ``worlds`` for each of ``candidates`` (see the module docs).

    :param cards: the declarer's cards: 10 (before the skat, or a hand game)
        or 12 (after a pickup, the discard still in them).
    :param seat: the declarer's seat (0 forehand: he leads the first trick).
    :param candidates: ``(contract, discard)`` pairs: ``discard`` ``None`` for a
        pickup still to come (10 cards; the discard is RuleBot's in each world,
        :func:`~skatlib.bots.basic.choose_declaration` at ``bid``), 0 for a
        hand game (10 cards), two of the 12 cards after a pickup.
    :param worlds: the placements of the cards the declarer has not seen (the
        other two hands are read from them; the skat when it is still to come).
    :param solver: the solver to use (a new one by default).
    :param nodes: solver nodes for the whole call; no search starts after them
        and the one running is aborted and dropped.
    :param world_nodes: solver nodes for one world and candidate; a search that
        passes it is dropped and the evaluation goes on.
    :param deadline: a CPU clock value (``time.process_time()``) after which the
        evaluation stops (the running search is aborted and dropped).

    Hand clubs with three jacks in two worlds, against a plain suit game picked
    up (the skat is the declarer's either way):

    >>> from skatlib import Contract, Deal
    >>> deal = Deal.parse("CJ SJ HJ CA CT CK C9 SA ST H7 / DJ CQ C8 SK SQ HA HT HK DA DT / "
    ...                   "C7 S9 S8 S7 HQ H9 H8 DK DQ D9 / D8 D7")
    >>> hands = tuple(h.mask for h in deal.hands)
    >>> w = World(hands, deal.skat.mask)
    >>> ev = evaluate_hand(hands[0], 0, [(Contract.parse("CH"), 0), (Contract.parse("C"), None)],
    ...                    [w, w])
    >>> [(str(e.contract), e.wins, e.values) for e in ev.estimates]
    [('CH', 2, (60, 60)), ('C', 2, (48, 48))]
    >>> ev.worlds
    2
    """
    mask = _cards_of(cards, "cards")
    if mask.bit_count() not in (10, 12):
        raise InvalidCardsError(f"cards must be the declarer's 10 cards (12 after a pickup), "
                                f"not {mask.bit_count()} ({CardSet(mask)})",
                                Reason.WRONG_CARD_COUNT)
    who = as_int(seat, "seat")
    if not 0 <= who <= 2:
        raise SkatError(f"seat must be 0, 1 or 2 (forehand, middlehand, rearhand), not {who}",
                        Reason.BAD_SEAT)
    cands = _candidates(candidates, mask)
    if isinstance(worlds, (str, bytes)) or not isinstance(worlds, Sequence):
        raise type_error("worlds", "a sequence of World (from sample_worlds)", worlds)
    for w in worlds:
        if not isinstance(w, World):
            raise type_error("worlds", "a sequence of World (from sample_worlds)", w)
    if solver is None:
        solver = Solver()
    elif not isinstance(solver, Solver):
        raise type_error("solver", "a skatlib.search.solver.Solver or None", solver)
    budget = _at_least_one(nodes, "nodes")
    per_world = _at_least_one(world_nodes, "world_nodes")
    b = as_int(bid, "bid")
    if deadline is not None and (isinstance(deadline, bool)
                                 or not isinstance(deadline, (int, float))):
        raise type_error("deadline", "a number (time.process_time() seconds) or None",
                         deadline)
    forehand = who == 0
    priors, known_values = [], []
    for c, discard in cands:
        kept = mask & ~discard if discard else mask
        priors.append(estimate(kept, c, forehand=forehand, final=discard is not None
                               and not c.hand))
        known_values.append(_value(c, mask))
    wins = [0] * len(cands)
    values: list[list[int]] = [[] for _ in cands]
    start = solver.nodes
    end = start + budget
    used = 0
    saved = solver.deadline
    solver.deadline = deadline
    try:
        for w in worlds:
            if solver.nodes >= end or (deadline is not None and time.process_time() > deadline):
                break
            solved_here = False
            for k, (c, discard) in enumerate(cands):
                begin = solver.nodes
                if begin >= end:
                    break
                solver.node_limit = min(end, begin + per_world)
                try:
                    won, v = _solve_world(solver, mask, who, c, discard, w, b)
                except SearchAborted:
                    if solver.nodes >= end or (deadline is not None
                                               and time.process_time() > deadline):
                        raise
                    continue  # this world is too dear for this contract: dropped
                wins[k] += won
                values[k].append(v)
                solved_here = True
            used += solved_here
    except SearchAborted:
        pass
    finally:
        solver.node_limit = None
        solver.deadline = saved
    estimates = tuple(HandEstimate(c, discard, priors[k], known_values[k], wins[k],
                                   tuple(values[k])) for k, (c, discard) in enumerate(cands))
    return Evaluation(estimates, used, solver.nodes - start)


def _solve_world(solver: Solver, cards: int, seat: int, contract: Contract,
                 discard: int | None, world: World, bid: int) -> tuple[bool, int]:
    """Whether the declarer wins ``contract`` in ``world`` (double dummy, from the
    first lead) and the game's value there."""
    gt = int(contract.game_type)
    if discard is None:  # pick up the world's skat and put away RuleBot's two cards
        twelve = cards | world.skat
        options = [(contract, m) for m in _pairs(twelve)]
        put = options[choose_declaration(twelve, options, bid=bid, forehand=seat == 0)][1]
        kept, skat = twelve & ~put, put
    elif discard:  # after the pickup: the 12 cards, two put away
        kept, skat = cards & ~discard, discard
    else:  # hand: the world's skat is the declarer's at the end
        kept, skat = cards, world.skat
    h = list(world.hands)
    h[seat] = kept
    stop = gt != _NULL and contract.schwarz
    pos = Position(gt, seat, (h[0], h[1], h[2]), (), 0, T.mask_points(skat), stop)
    return _declarer_wins(solver, pos, _win_points(contract)), _value(contract, kept | skat)


def _win_points(contract: Contract) -> int:
    """The card points a suit or grand declarer needs to win: 61, or 90 with schneider
    announced (ISkO 5.2.2-5.2.5)."""
    return T.SCHNEIDER_POINTS if contract.schneider else T.WIN_POINTS


def _bid_target(o: Observation) -> Callable[[World], tuple[int, bool]] | None:
    """For a suit or grand game in the card play, what the declarer must reach in
    a world to win as a function of the world: ``(card points, every trick)``,
    by :func:`~skatlib.scoring.levels_needed` for his 12 cards in it (his cards
    now, those he played, the world's skat), the bid and what the defenders
    have taken.  A world that needs
    schneider asks for 90 card points, one that needs schwarz for every trick
    (``True``: searched as with schwarz announced); where that level is out of
    reach already (the defenders hold 31 card points, or a trick) or nothing
    makes the game worth the bid, the contract's own target
    (:func:`_win_points`, and schwarz announced as the position has it).
    ``None`` for null, Ramsch and before the card play.

    Clubs with 1 (24) bid 36: the declarer needs schneider.

    >>> from skatlib import Deal, Declare, new_game, apply, observe, Bid, Hold, Pass
    >>> from skatlib import PickUpSkat
    >>> deal = Deal.parse("CJ HJ DJ CA CT CK C9 SA ST H7 / SJ CQ C8 SK SQ HA HT HK DA DT / "
    ...                   "C7 S9 S8 S7 HQ H9 H8 DK DQ D9 / D8 D7")
    >>> s = new_game(deal)
    >>> for a in (Bid(36), Hold(), Pass(), Pass(), PickUpSkat(), Declare("C", "D8 D7")):
    ...     s = apply(s, a)
    >>> from skatlib.search.sampling import World
    >>> target = _bid_target(observe(s, 0))
    >>> target(World(tuple(h.mask for h in deal.hands), deal.skat.mask))
    (90, False)
    """
    c = o.contract
    if c is None or o.declarer is None or c.is_null or o.phase != Phase.PLAYING:
        return None
    d = int(o.declarer)
    gt = int(c.game_type)
    bid = o.bid
    win = _win_points(c)
    played = _dealt_hand(o, d, 0)
    theirs = [t for t in o.tricks if int(t.winner) != d]
    taken = sum(t.points() for t in theirs)

    def target(world: World) -> tuple[int, bool]:
        need = levels_needed(c, bid, matadors_mask(gt, played | world.hands[d] | world.skat),
                             defender_points=taken, defender_tricks=len(theirs))
        if need is None or not need[0]:
            return win, False
        return (win, True) if need[1] else (T.SCHNEIDER_POINTS, False)

    return target


def _declarer_wins(solver: Solver, pos: Position, win: int) -> bool:
    """Double dummy from ``pos`` (or at its end): does the declarer win?  A null
    takes no trick, a game with schwarz announced (or ouvert) takes every trick, any
    other game reaches ``win`` card points (:func:`_win_points`)."""
    if pos.gt == _NULL:
        return solver.null_clean(pos)
    if pos.stop:
        return solver.all_tricks_position(pos)
    return solver.reaches(pos, win)


# --------------------------------------------------------------------- alpha-mu


def _pareto(vectors: list[int]) -> list[int]:
    """The maximal vectors (sets of worlds, as bit masks) among ``vectors``: none
    kept is a subset of another kept, duplicates once."""
    keep: list[int] = []
    for v in sorted(set(vectors), key=int.bit_count, reverse=True):
        if all(v & ~k for k in keep):
            keep.append(v)
    return keep


def alphamu_wins(worlds: Sequence[Position], depth: int = 2, *, win: int | None = None,
                 solver: Solver | None = None) -> dict[int, int]:
    """For each legal card of the seat to move, in how many of ``worlds`` its
    side wins at most with one plan for this and its next ``depth - 1`` card
    decisions (the alpha-mu search of Cazenave and Ventos, 2020).

    PIMC solves each world as if the player would know the cards from now on;
    so a line that needs a guess later (which opponent holds a card) counts as
    won wherever the guess would be right (strategy fusion).  Here the seat to
    move must play the same card in every world it cannot tell apart: its next
    ``depth`` decisions (this one included) are chosen once for all the worlds
    that agree with what it has seen by then (the cards the others played),
    while the other two seats choose, as in PIMC, in each world knowing every
    card: the opponents against it, a defender's partner for it.  After its
    ``depth``-th card each world is solved double dummy (the 0/1 question:
    :meth:`Solver.reaches <skatlib.search.solver.Solver.reaches>`; null:
    :meth:`~skatlib.search.solver.Solver.null_clean`; schwarz announced or
    ouvert: :meth:`~skatlib.search.solver.Solver.all_tricks_position`).  A
    set of worlds is a bit mask; each node keeps the Pareto front of the sets
    of worlds the side can win there: where the seat to move chooses, the
    union of its cards' fronts; where an opponent chooses, the pairwise
    intersection (a world where the opponent cannot play the card counts as
    won for that card); where the partner chooses, the pairwise union (a world
    where the partner cannot play the card counts as lost for it).  A card's
    count is the largest set in its front.  ``depth=1`` is PIMC's count of
    won worlds.  The declarer's side wins when he reaches ``win``, the
    defenders' when he does not.

    :param worlds: positions that differ only in the cards the seat to move
        cannot see (the other two hands and, for a defender, the declarer's
        card points from the skat), with the same seat to move.
    :param depth: the decisions of the seat to move searched as one plan
        (>= 1).
    :param win: the card points a suit or grand declarer needs (61 by default,
        90 with schneider announced); null and schwarz games are decided by the
        tricks.
    :param solver: the solver for the leaves (a fresh one by default); its
        ``node_limit`` and ``deadline`` bound the search (:exc:`SearchAborted
        <skatlib.search.solver.SearchAborted>`).
    :raises ~skatlib.errors.SolverError: with no world, a finished game, or
        worlds of different games, tricks or hands of the seat to move.
    :raises SkatError: a ``depth`` below 1 or a ``win`` outside 1..120.
    :raises TypeError: ``worlds`` not a sequence of
        :class:`~skatlib.search.solver.Position`, ``depth`` or ``win`` not an int,
        ``solver`` not a :class:`~skatlib.search.solver.Solver`.

    Spades trump; the declarer leads with his last three cards and 41 card
    points; the defenders hold the other six, dealt in any of 20 ways.  Led
    first, the trump seven wins in 16 worlds if he may choose his next card in
    each world apart, in 12 with one choice for the worlds he cannot tell
    apart; the diamond ace wins in 14 either way:

    >>> import itertools
    >>> from skatlib import Card, CardSet
    >>> mine, theirs = CardSet.parse("DA S7 HA"), CardSet.parse("SK DT HT C7 SQ D7")
    >>> worlds = [Position(2, 0, (mine.mask, CardSet.from_cards(a).mask,
    ...                           (theirs - CardSet.from_cards(a)).mask), (), 0, 41, False)
    ...           for a in itertools.combinations(theirs, 3)]
    >>> for depth in (1, 2):
    ...     wins = alphamu_wins(worlds, depth)
    ...     print(depth, {str(Card(c)): n for c, n in sorted(wins.items())})
    1 {'DA': 14, 'HA': 4, 'S7': 16}
    2 {'DA': 14, 'HA': 4, 'S7': 12}
    """
    try:
        worlds = list(worlds)
    except TypeError:
        raise type_error("worlds", "a sequence of Position", worlds) from None
    for p in worlds:
        if not isinstance(p, Position):
            raise type_error("worlds", "a sequence of Position", p)
    if not worlds:
        raise SolverError("alphamu_wins needs at least one world")
    depth = _at_least_one(depth, "depth")
    if solver is not None and not isinstance(solver, Solver):
        raise type_error("solver", "a skatlib.search.solver.Solver or None", solver)
    target = T.WIN_POINTS if win is None else as_int(win, "win")
    if not 1 <= target <= T.TOTAL_POINTS:
        raise SkatError(f"win must be 1..{T.TOTAL_POINTS} card points, not {target}",
                        Reason.BAD_TABLE)
    first = worlds[0]
    d = first.declarer
    if first.finished:
        raise SolverError("alphamu_wins: the game is over, no seat is to move")
    me = first.to_move
    for p in worlds:
        if (p.gt, p.declarer, p.trick, p.leader, p.stop, p.finished, p.hands[me]) != \
                (first.gt, d, first.trick, first.leader, first.stop, False, first.hands[me]):
            raise SolverError("alphamu_wins: the worlds must differ only in the cards "
                              "the seat to move cannot see (same game, trick, leader "
                              "and hand of the seat to move, none of them over)")
    s = solver if solver is not None else Solver()
    declaring = me == d

    def leaf(items: list[tuple[int, Position]]) -> int:
        v = 0
        for bit, pos in items:
            if _declarer_wins(s, pos, target) == declaring:
                v |= bit
        return v

    def my_classes(items: list[tuple[int, Position]]) -> dict[int, int]:
        """Each legal card of the seat to move -> the card searched for it: the
        representative of its class where the solver calls the same cards
        equivalent in every world, else the card itself."""
        maps = {tuple(sorted(s.equivalent_moves(p).items())) for _, p in items}
        if len(maps) == 1:
            return dict(next(iter(maps)))
        return {c: c for c in T.mask_cards(items[0][1].legal_mask())}

    def node(items: list[tuple[int, Position]], m: int) -> list[int]:
        pos = items[0][1]
        if pos.finished or (pos.to_move == me and m == 0):
            return [leaf(items)]
        if pos.to_move == me:
            out: list[int] = []
            for c, r in my_classes(items).items():
                if c == r:
                    out.extend(node([(b, p.play(c)) for b, p in items], m - 1))
            return _pareto(out)
        groups: dict[int, list[tuple[int, Position]]] = {}
        every = 0
        for b, p in items:
            every |= b
            for c in T.mask_cards(p.legal_mask()):
                groups.setdefault(c, []).append((b, p.play(c)))
        if (pos.to_move == d) == declaring:
            # the partner, who sees every card, picks in each world the card
            # that wins it for the plan
            front = [0]
            for sub in groups.values():
                front = _pareto([f | v for f in front for v in node(sub, m)])
                if front == [every]:
                    break
            return front
        front = [every]
        for sub in groups.values():
            rest = every
            for b, _ in sub:
                rest &= ~b
            front = _pareto([f & (v | rest) for f in front for v in node(sub, m)])
            if front == [0]:
                break
        return front

    items = [(1 << i, p) for i, p in enumerate(worlds)]
    classes = my_classes(items)
    counts = {c: max(v.bit_count() for v in node([(b, p.play(c)) for b, p in items],
                                                  depth - 1))
              for c, r in classes.items() if c == r}
    return {c: counts[r] for c, r in classes.items()}


# --------------------------------------------------------------------- the bot


class Decision(NamedTuple):
    """What one decision of a :class:`PIMCBot` cost (kept when it traces)."""

    trick: int
    """The trick being played, 1..10 (0 for the auction, skat and declaration)."""
    sampled: int
    """Worlds sampled for it (0 for an auction step that reused the deal's
    evaluation, or that the hand's weakness decided without one)."""
    solved: int
    """Worlds solved within the budget (0 with worlds sampled: the decision fell
    back to RuleBot's)."""
    nodes: int
    """Solver nodes searched."""
    seconds: float
    """Wall-clock time of the decision."""
    cpu: float
    """CPU time of the decision (this process), which other load does not inflate."""
    kind: str = "card"
    """``"card"``, ``"bid"`` (an auction step), ``"skat"`` (hand or pickup) or
    ``"declare"`` (a declaration step)."""


_EPSILON = 0.05
"""The weight of a world in which an opponent's cards contradict his bidding under
the opponent model (:func:`~skatlib.bots.basic.bid_limit` at
:data:`~skatlib.bots.basic.RULE_CONFIDENCE`): unlikely, never impossible."""

_CANDIDATES = 4
"""With inference, worlds sampled per world solved: the weighted draw picks the
worlds to solve among them."""

_DECLARATION_CANDIDATES = 4 * _CANDIDATES
"""With ``declaration_inference``, worlds sampled per world solved by a defender in
the card play: a uniform placement gives the declarer cards that fit his
declaration in only about one world in five (:func:`declaration_weight`)."""

_FULL_ESTIMATE = 0.5
"""The heuristic win probability (:func:`~skatlib.bots.basic.estimate`) from which
a declarer's final hand fits his declaration fully (:func:`declaration_weight`):
below it the weight falls in proportion, down to :data:`_EPSILON`."""


def auction_bounds(o: Observation) -> dict[int, tuple[int, int]]:
    """What the auction says about each seat's bid limit: ``seat -> (low,
    high)`` with ``low <= limit <= high``: a seat that bid or held ``b`` has a
    limit of at least ``b``; one that passed while the bid stood at ``b`` has a
    limit below ``b`` if it was asked (it would have held) and at most ``b``
    if it was asking (it would have bid on).  Seats that did not speak are left
    out.

    >>> from skatlib import Deal, apply, new_game, observe, Bid, Hold, Pass
    >>> s = new_game(Deal.shuffled(1))
    >>> for a in (Bid(18), Hold(), Bid(20), Pass(), Pass()):
    ...     s = apply(s, a)
    >>> auction_bounds(observe(s, 0))
    {1: (20, 1000), 0: (18, 19), 2: (0, 20)}
    """
    bounds: dict[int, tuple[int, int]] = {}
    current = 0
    previous: Action | None = None
    for seat, action in o.history:
        who = int(seat)
        low, high = bounds.get(who, (0, 1000))
        if isinstance(action, Bid):
            current = int(action.value)
            bounds[who] = (max(low, current), high)
        elif isinstance(action, Hold):
            bounds[who] = (max(low, current), high)
        elif isinstance(action, Pass):
            asked = isinstance(previous, Bid)  # the answer to a bid: he would not hold
            top = current - 1 if asked else current
            bounds[who] = (min(low, top), top)
        else:
            break  # the auction is over
        previous = action
    return bounds


def _dealt_hand(o: Observation, seat: int, hand: int) -> int:
    """A seat's cards in a world where he now holds ``hand``, with those he played:
    a defender's 10 dealt cards, the declarer's final 10 (after the discard)."""
    played = 0
    for t in o.tricks:
        for i, c in enumerate(t.cards):
            if (int(t.leader) + i) % 3 == seat:
                played |= 1 << int(c)
    for i, c in enumerate(o.current_trick):
        if (int(o.leader) + i) % 3 == seat:
            played |= 1 << int(c)
    return hand | played


def world_weight(o: Observation, world: World, bounds: dict[int, tuple[int, int]]) -> float:
    """How well ``world`` fits the bidding: 1.0, times :data:`_EPSILON` for each
    defender other than the observer whose dealt cards in it bid against the
    opponent model (:func:`~skatlib.bots.basic.bid_limit`, the limit of
    :class:`~skatlib.RuleBot`).  The declarer's dealt hand is not known in a
    world (the skat he picked up is hidden), so he is not weighed.

    Rearhand passed at 18: a world in which he holds four jacks and four aces
    contradicts that; the same world with middlehand's and his cards swapped
    does not:

    >>> from skatlib import Deal, new_game, apply, observe, Bid, Pass
    >>> deal = Deal.parse("C7 C8 C9 S7 S8 S9 H7 H8 H9 D7 / CK CQ SK SQ HK HQ DK DQ D8 D9 / "
    ...                   "CJ SJ HJ DJ CA CT SA ST HA HT / DA DT")
    >>> s = new_game(deal)
    >>> for a in (Bid(18), Pass(), Pass()):
    ...     s = apply(s, a)
    >>> o = observe(s, 0)
    >>> bounds = auction_bounds(o)
    >>> bounds
    {1: (18, 1000), 0: (0, 17), 2: (0, 18)}
    >>> fore, middle, rear = (h.mask for h in deal.hands)
    >>> world_weight(o, World((fore, middle, rear), deal.skat.mask), bounds)
    0.05
    >>> world_weight(o, World((fore, rear, middle), deal.skat.mask), bounds)
    1.0
    """
    w = 1.0
    for seat, (low, high) in bounds.items():
        if seat == int(o.seat) or seat == o.declarer:
            continue
        limit = bid_limit(_dealt_hand(o, seat, world.hands[seat]), forehand=seat == 0)[1]
        if not low <= limit <= high:
            w *= _EPSILON
    return w


def declaration_weight(o: Observation, world: World) -> float:
    """How well ``world`` fits the declaration, as a defender sees it in the card
    play: a declarer declares a game he expects to win and that is worth his
    bid.  His final hand in the world (the cards he holds and those he played)
    and the skat (his discard, or the untouched skat of a hand game) are weighed
    under the opponent model, RuleBot's evaluator:

    * a suit or grand game worth less than the bid with the matadors of those
      12 cards (:func:`~skatlib.game_value`; he would have lost it overbid,
      ISkO 5.4.2): times :data:`_EPSILON`;
    * the heuristic win probability of the final hand
      (:func:`~skatlib.bots.basic.estimate`): times ``p / 0.5`` below 0.5
      (:data:`_FULL_ESTIMATE`), at least :data:`_EPSILON`.

    1.0 for the declarer himself, before the declaration and in Ramsch.  On
    deals bid and declared by RuleBot's evaluator (the ``pimc_v1`` bot), the
    cards the declarer really holds get weight 0.98 on average, the worlds of
    a uniform sample 0.3 (one in five at least 0.5): the defenders' worlds are
    drawn by it with ``declaration_inference`` (:class:`PIMCBot`).

    Forehand held middlehand's 48 and declared clubs with three jacks (48 with
    three):

    >>> from skatlib import Deal, Declare, new_game, apply, observe, Bid, Hold, Pass
    >>> from skatlib import PickUpSkat, CardSet
    >>> deal = Deal.parse("CJ SJ HJ CA CT CK C9 SA ST H7 / DJ CQ C8 SK SQ HA HT HK DA DT / "
    ...                   "C7 S9 S8 S7 HQ H9 H8 DK DQ D9 / D8 D7")
    >>> s = new_game(deal)
    >>> for a in (Bid(48), Hold(), Pass(), Pass(), PickUpSkat(), Declare("C", "D8 D7")):
    ...     s = apply(s, a)
    >>> o = observe(s, 1)
    >>> fore, middle, rear = (h.mask for h in deal.hands)
    >>> declaration_weight(o, World((fore, middle, rear), deal.skat.mask))
    1.0

    Without the heart jack (a nine instead) the clubs are worth 36, less than
    the bid; rearhand's cards in forehand's place would win too rarely:

    >>> hj, h9 = CardSet.parse("HJ").mask, CardSet.parse("H9").mask
    >>> declaration_weight(o, World((fore ^ hj | h9, middle, rear ^ h9 | hj),
    ...                             deal.skat.mask))
    0.05
    >>> declaration_weight(o, World((rear, middle, fore), deal.skat.mask))
    0.05
    >>> declaration_weight(observe(s, 0), World((rear, middle, fore), deal.skat.mask))
    1.0
    """
    weigh = _declaration_weigher(o)
    return 1.0 if weigh is None else weigh(world)


def _declaration_weigher(o: Observation) -> Callable[[World], float] | None:
    """:func:`declaration_weight` for one observation as a function of the world,
    its parts that do not depend on the world (the declarer's played cards, the
    contract's estimator) worked out once; ``None`` unless ``o`` is a defender's
    in the card play (every weight 1.0)."""
    c = o.contract
    if c is None or o.declarer is None or int(o.declarer) == int(o.seat):
        return None
    d = int(o.declarer)
    played = _dealt_hand(o, d, 0)
    rate = _estimator(c, d == 0, not c.hand)  # what estimate(final, c, ...) calls
    bid, null = o.bid, c.is_null

    def weigh(world: World) -> float:
        final = played | world.hands[d]
        w = 1.0
        if not null and _value(c, final | world.skat) < bid:
            w *= _EPSILON
        return w * max(_EPSILON, min(1.0, rate(final) / _FULL_ESTIMATE))

    return weigh


_PLAY_SLOPE = 0.35
"""How fast a play's likelihood falls per card point it departs from the
opponent model (:func:`play_weight`): ``exp(-0.35 * points)``, at least
:data:`_EPSILON` (a king instead of a seven 0.25, a ten 0.05)."""

_PLAY_FACTOR = tuple(max(_EPSILON, math.exp(-_PLAY_SLOPE * d)) for d in range(12))
""":data:`_PLAY_SLOPE`'s factor for a departure of 0..11 card points."""


def play_weight(o: Observation, world: World) -> float:
    """How well ``world`` fits the cards the other two players have played,
    under the opponent model of plays whose purpose is plain whatever the
    cards (what :class:`~skatlib.RuleBot` plays there, and what
    :class:`PIMCBot` plays when its worlds do not tell the cards apart):

    * a player who cannot beat the opponent's card that holds the trick (second
      hand, or last hand) throws his poorest card;
    * a defender as last hand whose partner holds the trick puts on his richest
      card (he "smears").

    For each such play the world's weight is multiplied by
    ``exp(-0.35 * d)``, at least :data:`_EPSILON`, where ``d`` is how many
    card points the card played lies from the poorest (richest) card the
    player could have played in that world: 1.0 when he played it.  Plays
    where the player could have beaten the trick, leads and null games are not
    weighed (their purpose depends on what the player expects), so this is
    1.0 before the card play and in the first lead.

    Middlehand plays clubs; forehand, the observer, leads the spade ace, the
    declarer follows with the spade king and rearhand smears the queen.  A
    world in which the declarer also held the spade seven (put away in fact)
    is a quarter as likely: he would have thrown the seven, four points fewer:

    >>> from skatlib import Deal, Declare, new_game, apply, observe, Bid, Pass
    >>> from skatlib import PickUpSkat, Play, CardSet
    >>> deal = Deal.parse("SA ST H7 H8 H9 D7 D8 D9 C7 C8 / CJ SJ HJ DJ CA CT CK SK HA HT / "
    ...                   "S9 S8 SQ C9 CQ DA DT DK HK HQ / S7 DQ")
    >>> s = new_game(deal)
    >>> for a in (Bid(18), Pass(), Pass(), PickUpSkat(), Declare("C", "S7 DQ"), Play("SA"),
    ...           Play("SK"), Play("SQ")):
    ...     s = apply(s, a)
    >>> o = observe(s, 0)
    >>> fore, middle, rear = (h.mask for h in s.hands)
    >>> skat = CardSet.parse("S7 DQ").mask
    >>> play_weight(o, World((fore, middle, rear), skat))
    1.0
    >>> s7, ht = CardSet.parse("S7").mask, CardSet.parse("HT").mask
    >>> round(play_weight(o, World((fore, middle & ~ht | s7, rear), skat & ~s7 | ht)), 3)
    0.247
    """
    weigh = _play_weigher(o)
    return 1.0 if weigh is None else weigh(world)


def _play_weigher(o: Observation) -> Callable[[World], float] | None:
    """:func:`play_weight` for one observation as a function of the world, the
    plays to weigh worked out once; ``None`` when there is none (every
    weight 1.0)."""
    c = o.contract
    if c is None or o.declarer is None or c.is_null:
        return None
    gt = int(c.game_type)
    d = int(o.declarer)
    me = int(o.seat)
    tricks = [(int(t.leader), [int(x) for x in t.cards]) for t in o.tricks]
    if o.current_trick:
        tricks.append((int(o.leader), [int(x) for x in o.current_trick]))
    later = [0, 0, 0]  # each seat's cards played from the trick being read on
    points = T.CARD_POINTS
    # (seat, his cards played from this play on, the card led, the strengths,
    #  the strength to beat (-1: smearing), smearing, the card's points)
    events: list[tuple[int, int, int, tuple[int, ...], int, bool, int]] = []
    for leader, cards in reversed(tricks):
        for i in range(len(cards) - 1, -1, -1):
            seat = (leader + i) % 3
            later[seat] |= 1 << cards[i]
            if i == 0 or seat == me:
                continue
            key = T.KEY[gt][cards[0]]
            best_i = trick_winner(gt, cards[:i])  # who holds the trick before this card
            partner_holds = seat != d and (leader + best_i) % 3 != d
            if partner_holds and i == 1:
                continue  # on the partner's card as second hand: not weighed
            events.append((seat, later[seat], cards[0], key,
                           -1 if partner_holds else key[cards[best_i]], partner_holds,
                           points[cards[i]]))
    if not events:
        return None
    factor = _PLAY_FACTOR
    legal_of = T.legal_cards_mask

    def weigh(world: World) -> float:
        w = 1.0
        hands = world.hands
        for seat, then, led, key, best, smear, pts in events:
            legal = legal_of(gt, hands[seat] | then, led)
            lo, hi = 11, 0
            beats = False
            rest = legal
            while rest:
                low = rest & -rest
                x = low.bit_length() - 1
                q = points[x]
                if q < lo:
                    lo = q
                if q > hi:
                    hi = q
                if key[x] > best:
                    beats = True
                rest ^= low
            if smear:
                w *= factor[hi - pts]
            elif not beats:
                w *= factor[pts - lo]
        return w

    return weigh


class PIMCBot:
    """Perfect Information Monte Carlo card play, auction and declaration (see
    the module docs).

    :param seed: seed (or :class:`random.Random`) for the world sampler.
    :param worlds: worlds solved per card decision (at most).
    :param declarer_worlds: worlds solved per card decision (at most) when the
        bot is the declarer (``None``: ``worlds``).  The node budget
        (``max_nodes``) and the CPU cap stay the same, so more worlds are
        solved only where the positions are small enough (mostly from the
        third or fourth trick on).
    :param objective: ``"score"`` (steps of the game score, fast) or
        ``"points"`` (exact card points).
    :param max_nodes: search budget per card decision, in solver nodes (about
        100k-200k per second on one core), counted afresh for every decision.
        Worlds are solved one after the other until the budget runs out; a
        world whose search passes it is dropped, except the first, which may
        use ``first_world`` budgets (one world is needed); ``fight``'s
        tie-break may search one more budget.  Node counts, not
        seconds, keep the bot reproducible.
    :param time_limit: also stop sampling worlds once a card decision has taken
        this many seconds (``None``: no clock; a bot with a clock is not
        reproducible).
    :param cpu_limit: a hard cap on the CPU seconds of one decision (a card,
        or an auction, skat or declaration step that solves worlds;
        ``time.process_time()``): no world is started after it, and the search
        in progress is aborted at it (:attr:`Solver.deadline
        <skatlib.search.solver.Solver.deadline>`) and dropped; if no world was
        solved, the bot plays :class:`~skatlib.RuleBot`'s card (or makes its
        bid, skat or declaration choice), so a move always comes.  The
        default, 2.5 s, binds only on decisions whose node budget takes longer
        (in the first tricks, on a slow or loaded core, and in pure Python in
        some of the auction's and most of the declaration's, whose 600,000
        nodes take 2 s or more there); the node budget decides every other one,
        so the bot is reproducible while the cap does not bind.  ``None``: no
        cap.
    :param inference: weigh the worlds by what the bidding reveals
        (:func:`world_weight`): sample several times as many worlds and solve a
        weighted draw of them.
    :param declaration_inference: as a defender in the card play, weigh the
        worlds also by what the declaration reveals about the declarer's cards
        (:func:`declaration_weight`: a game worth the bid that he expects to
        win), drawing the worlds to solve from :data:`_DECLARATION_CANDIDATES`
        times as many.  On by default since it was measured together with
        ``fight`` and the solver's own defaults (see :doc:`/bots`, "Fighting
        on"); ``False`` is the switch that measures it.
    :param bid_confidence: the win probability a contract needs to be bid
        (:func:`~skatlib.bots.basic.bid_limit`; RuleBot's
        :data:`~skatlib.bots.basic.RULE_CONFIDENCE` by default: the estimate is
        cautious, and at 0.55 the bot of 0.2 declared one game in five and won
        over 90% of them, passing on games worth playing).
    :param hand_confidence: the win probability a hand game needs to be bid and
        played without the skat.
    :param bidding: ``"search"`` (the default): bid, choose hand or pickup and
        declare by solving sampled worlds (the hand evaluation, :func:`evaluate_hand`, see
        :meth:`act`); ``"rules"``: RuleBot's evaluator only, as before (the
        switch that measures what the search is worth; :meth:`v1` uses it).
    :param eval_worlds: worlds sampled for one auction, skat or declaration
        decision (drawn by weight with ``inference``, as in the card play); 24
        since the finer auction was measured (see :doc:`/bots`, "A finer
        auction"; 12 before).
    :param eval_nodes: solver nodes for one such decision, all worlds and
        candidate contracts together, counted afresh for every decision (the
        ``cpu_limit`` caps its time too); 600,000 since the same measurement
        (300,000 before).
    :param eval_world_nodes: solver nodes for one world and contract; a search
        that passes it is dropped and the next world tried.
    :param declare_discards: after a pickup, once the contract is chosen, how
        many of its discards the declaration weighs: RuleBot's and its next
        best ones in RuleBot's order (:func:`_discard_shortlist`), solved in
        the same worlds as the contracts and within the same CPU cap, the
        best expected score kept (a tie: RuleBot's).  1, the default, takes
        RuleBot's discard (``benchmarks/pimc_variants.py:PIMCDiscards``
        measures more, see :doc:`/bots`, "A searched discard").
    :param declare_calibration: after a pickup, the exponent ``a`` the
        declaration raises each shortlisted contract's searched win probability
        ``p`` to (``p ** a``, :meth:`HandEstimate.expected_score`) before it
        compares their expected scores.  The worlds are solved double dummy, so
        ``p`` is a defence that sees every card; real defenders let through
        more, and ``a`` below 1 credits that.  :data:`DECLARE_CALIBRATION`
        (0.3) by default since it was measured (see :doc:`/bots`, "A
        calibrated declaration": +1.57 points of margin per game against
        ``pimc_v1``); 1.0 takes ``p`` as it is, as the bot did before.
    :param auction_pickups: how many pickup contracts the auction may look
        at.  It looks at RuleBot's best first (see :meth:`act`); when what it
        has looked at would make it pass, it looks at the next one in RuleBot's
        order (:func:`_next_pickups`) before passing, in fresh worlds within
        what is left of the decision's CPU cap, and bids on if that contract
        supports the bid (a contract with no world solved does not count).  2
        by default since it was measured (see :doc:`/bots`, "A second look
        before passing": +0.61 points of margin per game against ``pimc_v1``;
        3 gained nothing measurable, -0.04); 1 looks at RuleBot's best alone,
        as the bot did before.
    :param fight: break a tie between cards of different card points (worlds
        that are decided: the game won or lost in every world whatever the bot
        plays) by the declarer's exact card points after each tied card in the
        same worlds (:meth:`Solver.solve_position
        <skatlib.search.solver.Solver.solve_position>`, within one more
        ``max_nodes`` and the CPU cap), so that a side that cannot win against
        perfect play still keeps the other side as close to the line as it can
        and a fallible opponent has the most room to go wrong; without it (or
        when that search solves no world) the plain rule decides: the richest
        card when the bot's side holds the trick as last hand, else the poorest,
        then the weakest.  The search counts in the decision's
        :class:`Decision` (``nodes``, ``cpu``).  On by default (see
        ``declaration_inference``).
    :param tie_break: how the card play chooses among cards the search rates
        alike (the same utility summed over the solved worlds, and after
        ``fight`` the same card points): ``"cards"``, the default, by the plain
        rule (the richest card when the bot's side holds the trick as last
        hand, else the poorest, then the weakest); ``"rules"``,
        :class:`~skatlib.RuleBot`'s card if it is among them (a declarer who
        wins in every sampled world whatever he leads draws trumps as a
        player would, instead of leading his poorest card), else the plain
        rule.  Worlds solved double dummy cannot tell such cards apart: in
        each world the declarer knows where the trumps are, so he need not
        draw them (strategy fusion).
    :param play_inference: in the card play, weigh the worlds also by the
        cards the other two have played (:func:`play_weight`: a player who
        cannot beat the trick throws his poorest card, a defender smears his
        richest on his partner's trick), drawing the worlds to solve from
        :data:`_CANDIDATES` times as many (a defender with
        ``declaration_inference``: :data:`_DECLARATION_CANDIDATES` times).
        Off by default: it pays nothing measurable against players who play
        that way and costs against players who search (``docs/bots.rst``,
        "Inference from the play against pimc_v1").
    :param bid_target: in the card play, play for what the bid needs: in a
        world where the declarer's game without schneider is worth less than
        his bid (his 12 cards in it have fewer matadors than the bid counted
        on, or he bid on a schneider), he wins only with schneider (90 card
        points), or with every trick if only schwarz makes it worth the bid
        (ISkO 5.4, D-6; :func:`~skatlib.scoring.levels_needed`, the rule
        itself), and the defenders play against that.  A level the defence has
        already made out of reach (31 card points, or a trick) leaves the
        contract's own target, as does a game lost overbid whatever happens.
        ``False`` plays every game for 61 (90 with schneider announced, every
        trick with schwarz announced), as the bot did before and ``pimc_v1``
        does.  On by default since it was measured where it acts, in the games
        whose declarer needs schneider or schwarz (:doc:`/bots`, "Playing for
        what the bid needs": +0.76 margin per such game, 95% CI [-1.45, +2.98];
        about one game in a hundred).
    :param trace: keep a :class:`Decision` per decision in ``decisions``
        (worlds sampled and solved, nodes, time, the kind of decision).
    :param solver: a :class:`~skatlib.search.solver.Solver` to use (one per bot by
        default, with the solver's own defaults and :data:`TT_LIMIT` entries;
        its transposition table is reused across worlds and moves).
    """

    def __init__(self, seed: int | random.Random | None = None, worlds: int = 20, *,
                 declarer_worlds: int | None = None,
                 objective: str = "score", max_nodes: int = 150_000, first_world: int = 2,
                 time_limit: float | None = None, cpu_limit: float | None = 2.5,
                 inference: bool = True, declaration_inference: bool = True,
                 bid_confidence: float = RULE_CONFIDENCE,
                 hand_confidence: float = HAND_CONFIDENCE,
                 bidding: str = "search", eval_worlds: int = 24, eval_nodes: int = 600_000,
                 eval_world_nodes: int = 100_000, declare_discards: int = 1,
                 declare_calibration: float = DECLARE_CALIBRATION,
                 auction_pickups: int = 2, fight: bool = True, tie_break: str = "cards",
                 play_inference: bool = False, bid_target: bool = True,
                 trace: bool = False, solver: Solver | None = None) -> None:
        self.rng = rng_of(seed)
        self.worlds = _at_least_one(worlds, "worlds")
        self.declarer_worlds = None if declarer_worlds is None else _at_least_one(
            declarer_worlds, "declarer_worlds")
        self.max_nodes = _at_least_one(max_nodes, "max_nodes")
        self.first_world = _at_least_one(first_world, "first_world")
        self.time_limit = None if time_limit is None else _probability_like(
            time_limit, "time_limit", upper=None)
        self.cpu_limit = None if cpu_limit is None else _probability_like(
            cpu_limit, "cpu_limit", upper=None)
        self.inference = bool(inference)
        self.declaration_inference = bool(declaration_inference)
        self.objective = _one_of(objective, "objective", ("score", "points"))
        self.bid_confidence = _probability_like(bid_confidence, "bid_confidence")
        self.hand_confidence = _probability_like(hand_confidence, "hand_confidence")
        self.bidding = _one_of(bidding, "bidding", ("search", "rules"))
        self.eval_worlds = _at_least_one(eval_worlds, "eval_worlds")
        self.eval_nodes = _at_least_one(eval_nodes, "eval_nodes")
        self.eval_world_nodes = _at_least_one(eval_world_nodes, "eval_world_nodes")
        self.declare_discards = _at_least_one(declare_discards, "declare_discards")
        self.declare_calibration = _exponent(declare_calibration, "declare_calibration")
        self.auction_pickups = _at_least_one(auction_pickups, "auction_pickups")
        self.fight = bool(fight)
        self.tie_break = _one_of(tie_break, "tie_break", ("cards", "rules"))
        self.play_inference = bool(play_inference)
        self.bid_target = bool(bid_target)
        self.trace = bool(trace)
        self.decisions: list[Decision] = []
        self._auction: tuple[tuple[int, int], list[Candidate], Evaluation | None] | None = None
        """The deal's auction evaluation: (hand, seat), the candidates, the result."""
        self._hand_contract: Contract | None = None
        """The hand contract the skat decision chose (declared if offered)."""
        self._declared: tuple[int, int, DeclarationOption] | None = None
        """The declaration planned at the first step: (cards, bid, option)."""
        if solver is not None and not isinstance(solver, Solver):
            raise type_error("solver", "a skatlib.search.solver.Solver or None", solver)
        self.solver = solver if solver is not None else Solver(tt_limit=TT_LIMIT)
        self._fallback = RuleBot()
        self._plan = DeclarationPlan()

    @classmethod
    def v1(cls, seed: int | random.Random | None = None) -> PIMCBot:
        """Today's PIMC before the per-decision budget and the inference (the
        ``pimc_v1`` bot, kept to measure the gain): 20 worlds, 50,000 nodes per
        decision (the first world up to four times that), no CPU cap, no
        inference, hand games bid at the bid confidence, bidding and declaring
        by RuleBot's evaluator (``bidding="rules"``), no ``fight``, every game
        played for 61 (no ``bid_target``), and its
        solver without the killer leads, the quasi-symmetry bounds and the
        two-trick endgame (which change how many worlds a node budget solves).

        >>> b = PIMCBot.v1(1)
        >>> b.max_nodes, b.inference, b.hand_confidence, b.bidding, b.fight, b.bid_target
        (50000, False, 0.55, 'rules', False, False)
        """
        return cls(seed, 20, declarer_worlds=None, max_nodes=50_000, first_world=4,
                   cpu_limit=None, inference=False, declaration_inference=False,
                   bid_confidence=0.55, hand_confidence=0.55, bidding="rules", fight=False,
                   bid_target=False,
                   solver=Solver(tt_limit=TT_LIMIT, killers=False, qsym=False,
                                 endgame=False))

    # ----- the Bot protocol
    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (see the class docs).

        With ``bidding="search"``, at its first auction step of a deal the bot
        picks the candidate contracts by RuleBot's evaluator (the pickup game
        with the best expected score among those
        :func:`~skatlib.bots.basic.estimate` gives at least 0.15, and the best
        hand game it gives 0.5 if its expected score is higher; none: pass),
        samples ``eval_worlds`` worlds and solves them
        (:func:`~skatlib.bots.pimc.evaluate_hand`), and bids up to
        :func:`~skatlib.bots.pimc.bid_ceiling` at ``bid_confidence``: the
        value of the best candidate whose searched win probability reaches
        it (bidding while the expected score beats passing declared half as
        often and gained nothing, see :doc:`/bots`).  Later auction
        steps reuse that evaluation; with ``auction_pickups`` above 1 (the
        default), a step that would pass first looks at RuleBot's next pickup
        contracts.  As declarer, if a hand game is among the
        candidates, it weighs it against the pickup afresh (new worlds, the
        whole auction known) and plays hand if the hand game's expected score
        is higher; after a pickup it shortlists
        the three contracts RuleBot ranks best, each with RuleBot's discard
        (:func:`~skatlib.bots.basic.choose_declaration`), solves fresh worlds
        for them and declares the one with the best expected score, each win
        probability raised to the power ``declare_calibration``.  With no
        world solved it decides as RuleBot would."""
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
        """The highest bid this bot makes with these 10 cards (0: pass):
        :func:`~skatlib.bots.basic.bid_limit` at its confidences."""
        return bid_limit(hand, forehand=forehand, confidence=self.bid_confidence,
                         hand_confidence=self.hand_confidence)[1]

    def _bid(self, o: Observation, legal: Sequence[Action]) -> Action:
        if self.bidding == "rules":
            return bid_up_to(self.bid_limit(o.hand, forehand=o.seat == 0), o, legal)
        started, cpu = time.perf_counter(), time.process_time()
        key = (o.hand.mask, int(o.seat))
        cost = [0, 0, 0]
        if self._auction is None or self._auction[0] != key:
            self._hand_contract = None
            self._declared = None
            candidates = _auction_candidates(o.hand.mask, o.seat == 0)
            ev = None
            if candidates:
                worlds = self._sample(o, self.eval_worlds)
                ev = self._evaluate(o.hand.mask, int(o.seat), candidates, worlds, 18, cpu)
                cost = [len(worlds), ev.worlds, ev.nodes]
            self._auction = (key, candidates, ev)
        action = self._bid_step(o, legal)
        if isinstance(action, Pass):
            action = self._widen(o, legal, action, cpu, cost)
        self._note(0, cost[0], cost[1], cost[2], started, cpu, "bid")
        return action

    def _bid_step(self, o: Observation, legal: Sequence[Action]) -> Action:
        """The auction step the evaluation in memory supports."""
        assert self._auction is not None
        ev = self._auction[2]
        if ev is not None and ev.worlds:
            limit = bid_ceiling(ev, confidence=self.bid_confidence,
                                hand_confidence=self.hand_confidence)
        else:  # nothing solved (or a hand too weak to look at): RuleBot's limit
            limit = self.bid_limit(o.hand, forehand=o.seat == 0)
        return bid_up_to(limit, o, legal)

    def _widen(self, o: Observation, legal: Sequence[Action], action: Action, cpu: float,
               cost: list[int]) -> Action:
        """Before passing: look at the next pickup contracts (``auction_pickups``)
        while the decision begun at CPU time ``cpu`` has time left, and return the
        step the evaluation then supports (``action``, the pass, if none);
        ``cost`` (worlds sampled, solved, nodes) adds up what it solved."""
        memo = self._auction
        assert memo is not None
        key, candidates, ev = memo
        if ev is None or not ev.worlds:
            return action  # RuleBot's limit decided: no search to widen
        cap = self.cpu_limit
        looked = sum(d is None for _, d in candidates)
        for contract in _next_pickups(o.hand.mask, o.seat == 0, candidates):
            if looked >= self.auction_pickups or (
                    cap is not None and time.process_time() - cpu >= cap):
                break
            looked += 1
            worlds = self._sample(o, self.eval_worlds)
            more = self._evaluate(o.hand.mask, int(o.seat), [(contract, None)], worlds,
                                  18, cpu)
            cost[:] = [cost[0] + len(worlds), cost[1] + more.worlds, cost[2] + more.nodes]
            if not more.worlds:
                continue  # nothing solved: the prior alone does not make the bot bid
            candidates = [*candidates, (contract, None)]
            ev = Evaluation(ev.estimates + more.estimates, max(ev.worlds, more.worlds),
                            ev.nodes + more.nodes)
            self._auction = (key, candidates, ev)
            action = self._bid_step(o, legal)
            if not isinstance(action, Pass):
                break
        return action

    def _evaluate(self, cards: int, seat: int, candidates: Sequence[Candidate],
                  worlds: Sequence[World], bid: int, cpu: float) -> Evaluation:
        """:func:`~skatlib.bots.pimc.evaluate_hand` with this bot's budget for
        one decision (begun at CPU time ``cpu``)."""
        cap = self.cpu_limit
        return evaluate_hand(cards, seat, candidates, worlds, solver=self.solver,
                             nodes=self.eval_nodes, world_nodes=self.eval_world_nodes, bid=bid,
                             deadline=None if cap is None else cpu + cap)

    def _note(self, trick: int, sampled: int, solved: int, nodes: int, started: float,
              cpu: float, kind: str) -> None:
        if self.trace:
            self.decisions.append(Decision(trick, sampled, solved, nodes,
                                           time.perf_counter() - started,
                                           time.process_time() - cpu, kind))

    def _skat(self, o: Observation, legal: Sequence[Action]) -> Action:
        hand = [a for a in legal if isinstance(a, PlayHand)]
        pickup = next(a for a in legal if isinstance(a, PickUpSkat))
        if self.bidding == "rules":
            if wants_hand_game(o.hand, o.bid, forehand=o.seat == 0):
                return hand[0]
            return pickup
        started, cpu = time.perf_counter(), time.process_time()
        key = (o.hand.mask, int(o.seat))
        memo = self._auction
        candidates = memo[1] if memo is not None and memo[0] == key else \
            _auction_candidates(o.hand.mask, o.seat == 0)
        choice: Action = pickup
        sampled = solved = nodes = 0
        self._hand_contract = None
        if hand and any(c.hand for c, _ in candidates):
            worlds = self._sample(o, self.eval_worlds)
            ev = self._evaluate(o.hand.mask, int(o.seat), candidates, worlds, o.bid, cpu)
            sampled, solved, nodes = len(worlds), ev.worlds, ev.nodes
            best = ev.best(o.bid) if ev.worlds else None
            if best is None:
                if wants_hand_game(o.hand, o.bid, forehand=o.seat == 0):
                    choice = hand[0]
            elif best[0].contract.hand:
                choice = hand[0]
                self._hand_contract = best[0].contract
        self._note(0, sampled, solved, nodes, started, cpu, "skat")
        return choice

    def _declare(self, o: Observation, legal: Sequence[Action]) -> Action:
        forehand = o.seat == 0
        plan = self._plan
        if self.bidding == "rules":
            return declaration_step(o, legal, lambda cards, options: plan(
                cards, options, bid=o.bid, forehand=forehand))
        started, cpu = time.perf_counter(), time.process_time()
        cost = [0, 0, 0]

        def pick(cards: int, options: Sequence[DeclarationOption]) -> int:
            chosen = self._hand_contract
            if not o.picked_up:  # a hand game: the contract the skat decision chose
                for i, (c, _) in enumerate(options):
                    if c == chosen:
                        return i
                return plan(cards, options, bid=o.bid, forehand=forehand)
            memo = self._declared
            if memo is not None and memo[:2] == (cards, o.bid):
                for i, option in enumerate(options):
                    if option == memo[2]:
                        return i
            short = _shortlist(cards, options, o.bid, forehand)
            pick_i = short[0]
            worlds: list[World] = []
            for stage in range(2):  # the contract, then (declare_discards) its discard
                if stage:
                    short = _discard_shortlist(cards, options, pick_i, self.declare_discards,
                                               o.bid, forehand)
                if len(short) < 2:
                    continue
                worlds = worlds or self._sample(o, self.eval_worlds)
                ev = self._evaluate(cards, int(o.seat), [options[i] for i in short], worlds,
                                    o.bid, cpu)
                cost[:] = [len(worlds), max(cost[1], ev.worlds), cost[2] + ev.nodes]
                best = ev.best(o.bid, power=self.declare_calibration) if ev.worlds else None
                if best is not None:
                    pick_i = short[ev.estimates.index(best[0])]
            self._declared = (cards, o.bid, options[pick_i])
            return pick_i

        action = declaration_step(o, legal, pick)
        self._note(0, cost[0], cost[1], cost[2], started, cpu, "declare")
        return action

    # ----- card play
    def _sample(self, o: Observation, n: int) -> list[World]:
        """The ``n`` worlds to solve: a uniform sample, or with :attr:`inference` a
        draw weighted by :func:`world_weight` (without replacement, by the
        keys ``u ** (1 / weight)``) from :data:`_CANDIDATES` times as many; a
        defender in the card play with :attr:`declaration_inference` weighs by
        :func:`declaration_weight` too and draws from
        :data:`_DECLARATION_CANDIDATES` times as many; with
        :attr:`play_inference` the card play weighs by :func:`play_weight`
        too."""
        bounds = auction_bounds(o) if self.inference else {}
        partner = any(s not in (int(o.seat), o.declarer) for s in bounds)
        declaration = _declaration_weigher(o) if self.declaration_inference else None
        play = _play_weigher(o) if self.play_inference else None
        if not partner and declaration is None and play is None:
            return sample_worlds(o, n, self.rng)
        pool = sample_worlds(o, (_CANDIDATES if declaration is None
                                 else _DECLARATION_CANDIDATES) * n, self.rng)
        weights = [world_weight(o, w, bounds) for w in pool] if partner else [1.0] * len(pool)
        if declaration is not None:
            weights = [x * declaration(w) for x, w in zip(weights, pool)]
        if play is not None:
            weights = [x * play(w) for x, w in zip(weights, pool)]
        keyed = [(self.rng.random() ** (1.0 / x), i) for i, x in enumerate(weights)]
        keyed.sort(reverse=True)
        return [pool[i] for _, i in keyed[:n]]

    def _play(self, o: Observation, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) <= 1:
            return plays[0] if plays else legal[0]
        assert o.contract is not None and o.declarer is not None
        started = time.perf_counter()
        cpu = time.process_time()
        declarer = int(o.seat) == int(o.declarer)
        worlds = self._sample(o, self.worlds if self.declarer_worlds is None or not declarer
                              else self.declarer_worlds)
        totals: dict[int, float] = {int(a.card): 0.0 for a in plays}
        win = _win_points(o.contract)
        target = _bid_target(o) if self.bid_target else None
        solver = self.solver
        start = solver.nodes  # the budget is this decision's, counted from here
        solved: list[Position] = []  # the worlds solved, in order
        cap = self.cpu_limit
        solver.deadline = None if cap is None else cpu + cap
        try:
            for w in worlds:
                if solved and self.time_limit is not None and \
                        time.perf_counter() - started > self.time_limit:
                    break
                if cap is not None and time.process_time() - cpu > cap:
                    break
                # the first world may use several budgets: one world is needed
                solver.node_limit = start + self.max_nodes * (self.first_world if not solved
                                                              else 1)
                pos = self._position(o, w)
                goal, searched = win, pos
                if target is not None:
                    goal, every_trick = target(w)
                    if every_trick:  # searched as with schwarz announced
                        searched = pos._replace(stop=True)
                utilities = self._utilities(searched, goal)
                for card, u in utilities.items():
                    totals[card] += u
                solved.append(pos)  # fight's card points: the game as it is played
        except SearchAborted:
            pass
        finally:
            solver.node_limit = None
            solver.deadline = None
        best: list[int] = []
        if solved:
            best_value = max(totals.values()) if declarer else min(totals.values())
            best = [c for c, v in totals.items() if abs(v - best_value) < 1e-9]
            if self.fight and len({T.CARD_POINTS[c] for c in best}) > 1:
                best = self._fight(solved, best, declarer, cpu)
        if self.trace:
            self.decisions.append(Decision(len(o.tricks) + 1, len(worlds), len(solved),
                                           solver.nodes - start,
                                           time.perf_counter() - started,
                                           time.process_time() - cpu))
        if not best:
            return self._fallback.act(o, legal)
        card = self._tie_break(o, best, legal)
        return next(a for a in plays if int(a.card) == card)

    def _fight(self, worlds: list[Position], cards: list[int], declarer: bool,
               cpu: float) -> list[int]:
        """The cards among the tied ``cards`` with the best sum of the
        declarer's exact card points over ``worlds`` (the most for the
        declarer, the fewest for a defender), solved within one more
        ``max_nodes`` and the CPU cap; a world whose search is cut off is
        dropped, and with none solved ``cards`` are returned unchanged."""
        if not worlds or worlds[0].gt == _NULL or worlds[0].stop or \
                self.objective == "points":
            return cards
        solver = self.solver
        sums = dict.fromkeys(cards, 0)
        solver.node_limit = solver.nodes + self.max_nodes
        solver.deadline = None if self.cpu_limit is None else cpu + self.cpu_limit
        done = 0
        try:
            for pos in worlds:
                values: dict[int, int] = {}
                last: int | None = None  # the previous card's value guides the next search
                for c in cards:
                    child = pos.play(c)
                    last = values[c] = solver.solve_position(
                        child, None if last is None else last - child.points)
                for c in cards:
                    sums[c] += values[c]
                done += 1
        except SearchAborted:
            pass
        finally:
            solver.node_limit = None
            solver.deadline = None
        if not done:
            return cards
        best = max(sums.values()) if declarer else min(sums.values())
        return [c for c in cards if sums[c] == best]

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

    def _utilities(self, pos: Position, win: int = T.WIN_POINTS) -> dict[int, float]:
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
        if pos.gt == _NULL or pos.stop:
            return 0.0 if pos.ended else float(_declarer_wins(self.solver, pos, win))
        if self.objective == "points":
            return float(self.solver.solve_position(pos))
        return self._score_steps(pos, win)

    def _score_steps(self, pos: Position, win: int) -> float:
        """100 for the win threshold, 10 for each other step (31, 61, 90) reached."""
        steps = sorted({T.SCHNEIDER_FREE_POINTS, T.WIN_POINTS, T.SCHNEIDER_POINTS})
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

    def _tie_break(self, o: Observation, cards: list[int], legal: Sequence[Action]) -> int:
        """Among equally good cards: with ``tie_break="rules"``, RuleBot's card
        if it is one of them; otherwise, if our side holds the trick after the
        card (as last hand), the richest, else the poorest, then the weakest."""
        if len(cards) == 1:
            return cards[0]
        if self.tie_break == "rules":
            rule = self._fallback.act(o, legal)
            if isinstance(rule, Play) and int(rule.card) in cards:
                return int(rule.card)
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



# --------------------------------------------------------------------- candidates


_PICKUP_GATE = 0.15
"""The least :func:`~skatlib.bots.basic.estimate` a pickup contract needs to be
evaluated by search in the auction (RuleBot bids from 0.35)."""

_HAND_GATE = 0.5
"""The least estimate a hand contract needs to be evaluated in the auction."""

_PICKUPS = 1
"""Pickup contracts evaluated in the auction (a search from the first lead
costs tens of thousands of nodes: with two, the default budget solved one or
two worlds per contract); ``auction_pickups`` looks at more only where the bot
would pass (:func:`_next_pickups`)."""

_DECLARE_SHORTLIST = 3
"""Contracts (each with RuleBot's discard) evaluated after a pickup."""


def _auction_candidates(hand: int, forehand: bool) -> list[Candidate]:
    """The contracts the auction evaluates for these 10 cards: the
    :data:`_PICKUPS` pickup contracts with the best expected score by RuleBot's
    evaluator (the loop of :func:`~skatlib.bots.basic.best_contract`) among
    those whose estimate reaches :data:`_PICKUP_GATE`, and the best hand
    contract whose estimate reaches :data:`_HAND_GATE` if its expected score
    is higher still (the skat decision weighs hand against pickup again).

    >>> from skatlib import CardSet
    >>> [(str(c), d) for c, d in _auction_candidates(
    ...     CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7").mask, False)]
    [('G', None), ('GH', 0)]
    >>> [(str(c), d) for c, d in _auction_candidates(
    ...     CardSet.parse("SJ HJ CA CT CK C9 C7 SA H7 D8").mask, False)]
    [('C', None)]
    >>> _auction_candidates(CardSet.parse("D7 DK H8 HQ HK S9 SK C8 CQ CK").mask, False)
    []
    """
    pickups = _ranked(hand, forehand, _PLAIN, _PICKUP_GATE)[:_PICKUPS]
    hands = _ranked(hand, forehand, _HANDS, _HAND_GATE)[:1]
    if pickups and hands and hands[0][0] <= pickups[0][0]:
        hands = []
    return [(c, None) for _, c in pickups] + [(c, 0) for _, c in hands]


def _ranked(hand: int, forehand: bool, contracts: Sequence[Contract], gate: float
            ) -> list[tuple[float, Contract]]:
    """``contracts`` whose :func:`~skatlib.bots.basic.estimate` for these 10
    cards reaches ``gate``, best expected score first (RuleBot's evaluator),
    with that score.

    >>> from skatlib import CardSet
    >>> hand = CardSet.parse("SJ HJ CA CT CK C9 C7 SA H7 D8").mask
    >>> [str(c) for _, c in _ranked(hand, False, _PLAIN, _PICKUP_GATE)]
    ['C', 'G', 'D', 'H', 'S']
    """
    scored = []
    for c in contracts:
        p = estimate(hand, c, forehand=forehand)
        if p >= gate:
            scored.append((_seeger(p, _value(c, hand)), c))
    scored.sort(key=lambda x: -x[0])  # stable: ties keep the contracts' order
    return scored


def _next_pickups(hand: int, forehand: bool, candidates: Sequence[Candidate]) -> list[Contract]:
    """The pickup contracts the auction may still look at before passing
    (``auction_pickups``): those :func:`_ranked` puts after the ones among
    ``candidates``, in that order.

    >>> from skatlib import CardSet
    >>> hand = CardSet.parse("SJ HJ CA CT CK C9 C7 SA H7 D8").mask
    >>> [str(c) for c in _next_pickups(hand, False, _auction_candidates(hand, False))]
    ['G', 'D', 'H', 'S']
    """
    taken = {c for c, _ in candidates}
    return [c for _, c in _ranked(hand, forehand, _PLAIN, _PICKUP_GATE) if c not in taken]


def _discard_shortlist(cards: int, options: Sequence[DeclarationOption], chosen: int,
                       discards: int, bid: int, forehand: bool) -> list[int]:
    """Indices into ``options``: ``chosen`` and the next ``discards - 1``
    discards of its contract in RuleBot's order (each
    :func:`~skatlib.bots.basic.choose_declaration`'s choice among that
    contract's options not yet taken).

    >>> from skatlib import CardSet, Contract
    >>> twelve = CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7 H8 D7").mask
    >>> opts = [(Contract.parse(c), CardSet.parse(d).mask) for c in ("C", "G")
    ...         for d in ("H7 H8", "H8 D7", "H7 D7")]
    >>> _discard_shortlist(twelve, opts, 3, 2, 18, False)
    [3, 4]
    >>> _discard_shortlist(twelve, opts, 3, 5, 18, False)   # all three there are
    [3, 4, 5]
    """
    out = [chosen]
    if discards < 2:  # the default: RuleBot's discard alone, nothing to scan
        return out
    contract = options[chosen][0]
    left = [k for k in range(len(options)) if k != chosen and options[k][0] == contract]
    while left and len(out) < discards:
        j = choose_declaration(cards, [options[k] for k in left], bid=bid, forehand=forehand)
        out.append(left.pop(j))
    return out


def _shortlist(cards: int, options: Sequence[DeclarationOption], bid: int, forehand: bool
               ) -> list[int]:
    """Indices into ``options`` of the :data:`_DECLARE_SHORTLIST` contracts
    :func:`~skatlib.bots.basic.choose_declaration` ranks best, each with its
    discard: its choice, then its choice among the other contracts, and so on
    (the first is RuleBot's declaration)."""
    out: list[int] = []
    left = list(range(len(options)))
    while left and len(out) < _DECLARE_SHORTLIST:
        j = choose_declaration(cards, [options[i] for i in left], bid=bid, forehand=forehand)
        i = left[j]
        out.append(i)
        contract = options[i][0]
        left = [k for k in left if options[k][0] != contract]
    return out
