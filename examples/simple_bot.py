"""Write a simple rule-based bot and pit it against random bots.

    python examples/simple_bot.py                # 1,000 deals
    python examples/simple_bot.py --deals 200 --seed 7

A bot is any object with ``act(observation, legal) -> action``: it sees only
what its seat may know (:func:`skatlib.observe`) and picks one of the legal
actions.  ``SmearBot`` below

* bids up to the value :func:`skatlib.hand_value` puts on its hand, always
  picks up the skat, declares the contract with the most trumps and puts away
  its two most valuable cards that are neither trumps nor aces;
* as declarer leads its **highest trump** while it has one, otherwise an ace;
* as a defender **smears** its most valuable card onto a trick its partner
  is winning when it plays last to it ("schmieren"), and otherwise wins a
  trick as cheaply as it can or throws its cheapest card;
* ducks in null and in Ramsch, and never says Kontra, concedes or claims.

Each deal is played twice: once with ``SmearBot`` in one seat and random bots
in the other two, and once with a random bot in that seat instead (the same
opponents, the same cards).  The seat rotates from deal to deal.  The program
prints the mean Seeger-Fabian points per deal (D-14: declarer ±value ±50, +40
to each other player when a declarer loses) of both, and of their difference,
with 95% confidence intervals.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence

from skatlib import (
    ISKO,
    Action,
    Bot,
    Card,
    CardSet,
    Deal,
    Declare,
    Discard,
    GameResult,
    GameState,
    GameType,
    Observation,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    RandomBot,
    Rank,
    Rules,
    hand_value,
    is_trump,
    new_game,
    play_game,
    result,
    seeger_fabian,
    trick_winner,
)
from skatlib.bots import bid_up_to


class SmearBot:
    """A simple rule-based bot (see the module docs)."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` from what this seat knows."""
        o = observation
        if o.phase == Phase.BIDDING:
            return self.bid(o, legal)
        if o.phase == Phase.SKAT and PickUpSkat() in legal:
            return PickUpSkat()
        if o.phase == Phase.DECLARING:
            return self.declare(o, legal)
        if o.phase == Phase.PLAYING:
            return Play(self.card(o, [a.card for a in legal if isinstance(a, Play)]))
        # the Kontra window and Schieberamsch (house rules): pass, or the first option
        return Pass() if Pass() in legal else legal[0]

    def bid(self, o: Observation, legal: Sequence[Action]) -> Action:
        """The lowest bid up to what the hand is worth; hold up to it; else pass."""
        return bid_up_to(hand_value(o.hand)[1], o, legal)

    def declare(self, o: Observation, legal: Sequence[Action]) -> Action:
        """After a pickup: put away, one card at a time, the most valuable card that
        is neither a trump of the game the twelve cards want nor an ace; then announce
        the contract with the most trumps."""
        twelve = o.hand | (o.discard or CardSet())
        wanted, _ = hand_value(twelve)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            gt = wanted.game_type if wanted is not None else GameType.GRAND

            def keep_score(action: Discard) -> tuple[int, int]:
                c = action.card
                bad = (gt != GameType.NULL and is_trump(gt, c)) or c.rank == Rank.ACE
                return (-int(bad), c.points)

            return max(discards, key=keep_score)
        options = [a for a in legal if isinstance(a, Declare)]

        def trumps(action: Declare) -> int:
            gt = action.contract.game_type
            return 0 if gt == GameType.NULL else sum(is_trump(gt, c) for c in o.hand)

        return max(options, key=lambda a: (a.contract == wanted, trumps(a)))

    def card(self, o: Observation, cards: list[Card]) -> Card:
        """The card to play (``cards`` are the legal ones)."""
        gt = o.contract.game_type if o.contract is not None else GameType.GRAND  # Ramsch
        order = CardSet(sum(c.mask for c in cards)).sorted(gt)  # strongest first per suit
        trick = list(o.current_trick)
        if o.contract is None or gt == GameType.NULL:
            return self.duck(gt, trick, order)
        if not trick:
            if o.seat == o.declarer:
                trumps = [c for c in order if is_trump(gt, c)]
                if trumps:
                    return trumps[0]  # the highest trump
            aces = [c for c in order if c.rank == Rank.ACE and not is_trump(gt, c)]
            return aces[0] if aces else self.cheapest(gt, order)
        leader_of_best = (o.leader + trick_winner(gt, trick)) % 3
        partner_wins = o.seat != o.declarer and leader_of_best != o.declarer
        if partner_wins and len(trick) == 2:
            return max(order, key=lambda c: (c.points, not is_trump(gt, c)))  # smear
        winners = [c for c in order if trick_winner(gt, [*trick, c]) == len(trick)]
        if winners and not partner_wins:
            return winners[-1]  # the weakest card that wins
        return self.cheapest(gt, order)

    @staticmethod
    def cheapest(gt: GameType, order: list[Card]) -> Card:
        """The fewest points, plain cards before trumps, the weakest of them."""
        return min(reversed(order), key=lambda c: (c.points, is_trump(gt, c)))

    @staticmethod
    def duck(gt: GameType, trick: list[Card], order: list[Card]) -> Card:
        """Null and Ramsch: the highest card that does not win, else the lowest."""
        if trick:
            losers = [c for c in order if trick_winner(gt, [*trick, c]) != len(trick)]
            if losers:
                return losers[0]
        return order[-1]


def play(deal: Deal, bots: Sequence[Bot], rules: Rules = ISKO) -> GameState:
    """Play a deal to the end; ``bots[i]`` plays seat ``i``.  Every action is checked."""
    return play_game(new_game(deal, rules), bots)  # the one game loop


def seeger_fabian_of(state: GameState, seat: int) -> int:
    """The Seeger-Fabian points of ``seat`` in a finished deal (D-14, 3 players)."""
    res = result(state)
    if not isinstance(res, GameResult):
        return 0  # passed in (D-8)
    declarer, other = seeger_fabian(res)
    return declarer if state.declarer == seat else other


def interval(values: Sequence[float]) -> str:
    """``mean ± half-width`` of a normal 95% confidence interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+8.2f} ± {half:5.2f}"


def main(argv: Sequence[str] | None = None) -> int:
    """Pit SmearBot against random bots over ``--deals`` deals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals to play (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    args = parser.parse_args(argv)
    if args.deals < 2:
        print("simple_bot: --deals must be at least 2", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    smear: list[float] = []
    baseline: list[float] = []
    declared = won = 0
    for i in range(args.deals):
        deal = Deal.shuffled(rng)
        seeds = [rng.randrange(2**32) for _ in range(3)]
        seat = i % 3
        with_bot: list[Bot] = [RandomBot(s) for s in seeds]
        with_bot[seat] = SmearBot()
        state = play(deal, with_bot)
        smear.append(seeger_fabian_of(state, seat))
        if state.declarer == seat:
            res = result(state)
            declared += 1
            won += isinstance(res, GameResult) and res.won
        without = play(deal, [RandomBot(s) for s in seeds])
        baseline.append(seeger_fabian_of(without, seat))
    difference = [a - b for a, b in zip(smear, baseline)]
    print(f"{args.deals:,} deals, seed {args.seed}; Seeger-Fabian points per deal "
          "(mean ± 95% CI) of the rotating seat:")
    print(f"  SmearBot                  {interval(smear)}")
    print(f"  RandomBot in its place    {interval(baseline)}")
    print(f"  difference                {interval(difference)}")
    print(f"SmearBot declared {declared} games and won {won} of them.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
