"""Hand evaluation by solving sampled worlds: PIMC for the auction and the skat.

:func:`evaluate_hand` estimates, for a declarer's cards and a few candidate
contracts, the chance to win each and its expected Seeger-Fabian score: in
each sampled world (a placement of the cards the declarer has not seen,
:func:`~skatlib.search.sampling.sample_worlds`) it puts the declarer's cards
in, picks up the world's skat and puts two cards away where the candidate
says so (RuleBot's discard, :func:`~skatlib.bots.basic.choose_declaration`,
for a pickup still to come), and asks the double-dummy solver the 0/1
question of the game: does the declarer reach 61 card points
(:meth:`Solver.reaches <skatlib.search.solver.Solver.reaches>`), does the
null declarer avoid every trick (:meth:`~skatlib.search.solver.Solver.null_clean`).

Solving is dear from the first lead (a few hundredths of a second to
seconds per world in pure Python), so the evaluation runs within a budget:
``nodes`` solver nodes in all and ``world_nodes`` for one world and contract
(a search that passes it is dropped and the next world tried), counted
afresh for every call, and optionally a CPU ``deadline``.  Few worlds are
solved, so the win probability blends them with RuleBot's heuristic
(:func:`~skatlib.bots.basic.estimate`) as a prior worth
:data:`PRIOR_WEIGHT` worlds: ``(PRIOR_WEIGHT * prior + wins) /
(PRIOR_WEIGHT + solved)``.  Double-dummy results are optimistic for the
declarer in pickup games (he is taken to know the defenders' cards) and
pessimistic in null (the defenders are taken to know his); the prior damps
both.

>>> from skatlib import CardSet, Contract
>>> e = HandEstimate(Contract.parse("G"), None, 0.4, 48, 3, (48, 48, 72))
>>> round(e.win_probability(), 2), bid_ceiling(Evaluation((e,), 3, 0))
(0.76, 48)

:class:`~skatlib.bots.pimc.PIMCBot` bids up to :func:`bid_ceiling`, plays hand
when a hand contract's expected score beats the pickup's and declares the
candidate (contract and discard) with the best expected score.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import NamedTuple

from .. import _tables as T
from ..bidding import BID_VALUES
from ..cards import CardSet, _mask_value
from ..contract import Contract
from ..errors import InvalidCardsError, Reason, SkatError, as_int, type_error
from ..scoring import overbid_value
from ..search.sampling import World
from ..search.solver import Position, SearchAborted, Solver
from .basic import _at_least_one, _pairs, _seeger_sides, _value, choose_declaration, estimate

__all__ = ["PRIOR_WEIGHT", "Evaluation", "HandEstimate", "bid_ceiling", "evaluate_hand"]

PRIOR_WEIGHT = 2.0
"""How many solved worlds the heuristic prior (:func:`~skatlib.bots.basic.estimate`)
is worth in :meth:`HandEstimate.win_probability`."""

_NULL = T.NULL

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

    def expected_score(self, bid: int, prior_weight: float = PRIOR_WEIGHT) -> float | None:
        """The declarer's expected Seeger-Fabian points relative to each opponent
        (:func:`~skatlib.scoring.seeger_fabian_points`, as RuleBot's
        :func:`~skatlib.bots.basic.best_contract`) if he declares this contract
        having bid ``bid``: in a world where the game is worth less than the bid
        a suit or grand game is lost overbid (:func:`~skatlib.scoring.overbid_value`,
        ISkO 5.4.2); a null worth less may not be declared (D-7): ``None``.

        >>> e = HandEstimate(Contract.parse("G"), None, 0.5, 48, 3, (48, 48, 72))
        >>> round(e.expected_score(18), 2), round(e.expected_score(60), 2)
        (44.4, -139.07)
        """
        p = self.win_probability(prior_weight)
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

    def best(self, bid: int, prior_weight: float = PRIOR_WEIGHT
             ) -> tuple[HandEstimate, float] | None:
        """The candidate with the highest expected score at ``bid`` and that score
        (``None`` if none may be declared at it)."""
        best: tuple[HandEstimate, float] | None = None
        for e in self.estimates:
            ev = e.expected_score(bid, prior_weight)
            if ev is not None and (best is None or ev > best[1]):
                best = (e, ev)
        return best


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
    if gt == _NULL:
        won = solver.null_clean(pos)
    elif stop:
        won = solver.all_tricks_position(pos)
    else:
        won = solver.reaches(pos, 90 if contract.schneider else 61)
    return won, _value(contract, kept | skat)
