"""Learn when to play: a linear value for forehand's decision, learned from returns.

The decision: middlehand and rearhand have passed, and forehand may play at 18 or pass
the deal in (ISkO 3.3, D-8, D-9).  If it plays, three :class:`~skatlib.RuleBot`
players take the deal from there (skat, declaration, card play).  Of the two legal
action ids of :mod:`skatlib.encoding` (``18`` and ``p``), passing is worth exactly 0
(the deal is passed in); the value of playing is learned as a linear function of
a summary of forehand's ten cards (read from the ``hand`` block of the
information-state tensor: jacks, aces, tens, the longest suit...) by
stochastic gradient descent on the Seeger-Fabian return of the deals it played
(:func:`skatlib.encoding.returns`), choosing epsilon-greedily (a contextual bandit).
Pure Python; with matplotlib (``pip install "skatlib[rl-example]"``) ``--plot`` draws
the learning curve.

    python examples/rl_play_or_pass.py                     # a short run
    python examples/rl_play_or_pass.py --deals 4000 --plot curve.png

At the end the greedy policy is compared on fresh deals with RuleBot's own decision
and with a uniformly random one.
"""

from __future__ import annotations

import argparse
import random
import sys

from skatlib import Deal, GameState, RuleBot, apply, observe, play_game
from skatlib import encoding as E

HAND = next(s for s in E.INFORMATION_STATE_LAYOUT if s.name == "hand")
BOT = RuleBot()


def features(state: GameState) -> list[float]:
    """A summary of forehand's ten cards, read from the tensor's hand block (card ``c``
    is suit ``c // 8``, rank ``c % 8`` of 7 8 9 Q K T A J): jacks, the two top jacks,
    aces, tens, the longest suit without jacks, the voids, card points; a constant."""
    t = E.information_state_tensor(observe(state, 0))
    hand = t[HAND.offset:HAND.offset + HAND.size]
    suits = [hand[8 * s:8 * s + 8] for s in range(4)]
    jacks = sum(x[7] for x in suits)
    lengths = [sum(x[:7]) for x in suits]
    points = sum(v * (0, 0, 0, 3, 4, 10, 11, 2)[c % 8] for c, v in enumerate(hand))
    return [jacks / 4, hand[31], hand[23], sum(x[6] for x in suits) / 4,
            sum(x[5] for x in suits) / 4, max(lengths) / 7,
            sum(1 for n in lengths if n == 0) / 3, points / 120, 1.0]


def to_decision(rng: random.Random) -> GameState:
    """A fresh deal up to forehand's decision: middlehand and rearhand have passed."""
    s = GameState.from_position(Deal.shuffled(rng), "p p")
    assert E.legal_ids(s) == (E.BID_IDS[0], E.PASS_ID)  # 18 or pass (D-9)
    return s


def finish(state: GameState) -> float:
    """Play the deal out with RuleBots; forehand's return in units of 100 list points."""
    end = play_game(state, [BOT, BOT, BOT])
    return E.returns(end)[0] / 100


PLAY, PASS = E.BID_IDS[0], E.PASS_ID


class Policy:
    """Play (bid 18) unless the learned value of playing is below 0, passing's value."""

    def __init__(self, size: int) -> None:
        self.w = [0.0] * size

    def value(self, x: list[float]) -> float:
        return sum(a * b for a, b in zip(self.w, x))

    def greedy(self, x: list[float]) -> int:
        return PLAY if self.value(x) >= 0 else PASS  # untrained (all 0): it plays

    def choose(self, x: list[float], rng: random.Random, epsilon: float) -> int:
        return rng.choice((PLAY, PASS)) if rng.random() < epsilon else self.greedy(x)

    def update(self, x: list[float], reward: float, rate: float) -> None:
        """One step of least squares towards the return of a deal it played."""
        error = reward - self.value(x)
        for j, v in enumerate(x):
            if v:
                self.w[j] += rate * error * v


def evaluate(choose: str, policy: Policy, deals: int, seed: int) -> float:
    rng = random.Random(seed)
    pick = random.Random(seed + 1)
    total = 0.0
    for _ in range(deals):
        s = to_decision(rng)
        ids = E.legal_ids(s)
        if choose == "policy":
            s = apply(s, E.action_from_id(policy.greedy(features(s)), s))
        elif choose == "random":
            s = apply(s, E.action_from_id(pick.choice(ids), s))
        # "rulebot": RuleBot decides too (play_game asks it)
        total += finish(s)
    return total / deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=240, help="training deals (default 240)")
    parser.add_argument("--eval", type=int, default=40,
                        help="fresh deals for each evaluation of the greedy policy (default 40)")
    parser.add_argument("--checkpoints", type=int, default=4,
                        help="evaluations of the greedy policy during training (default 4)")
    parser.add_argument("--rate", type=float, default=0.02, help="learning rate")
    parser.add_argument("--epsilon", type=float, default=0.1, help="exploration rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", metavar="PNG", help="draw the learning curve (matplotlib)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    policy = Policy(len(features(to_decision(random.Random(0)))))
    fresh = args.seed + 10_000  # the evaluation deals: the same for every chooser
    every = max(1, args.deals // max(1, args.checkpoints))
    curve = [(0, 100 * evaluate("policy", policy, args.eval, fresh))]
    print(f"deals {0:5}: greedy policy {curve[-1][1]:+8.1f} per deal (untrained: it plays)")
    for n in range(1, args.deals + 1):
        s = to_decision(rng)
        x = features(s)
        action = policy.choose(x, rng, args.epsilon)
        reward = finish(apply(s, E.action_from_id(action, s)))
        if action == PLAY:
            policy.update(x, reward, args.rate)
        if n % every == 0 or n == args.deals:
            curve.append((n, 100 * evaluate("policy", policy, args.eval, fresh)))
            print(f"deals {n:5}: greedy policy {curve[-1][1]:+8.1f} per deal", flush=True)
    others = {who: 100 * evaluate(who, policy, args.eval, fresh) for who in ("rulebot", "random")}
    print(f"on {args.eval} fresh deals: greedy policy {curve[-1][1]:+.1f} per deal, RuleBot's "
          f"decision {others['rulebot']:+.1f}, random {others['random']:+.1f}, always pass 0")
    if args.plot:
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("--plot needs matplotlib: pip install 'skatlib[rl-example]'", file=sys.stderr)
            return 2
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.plot([n for n, _ in curve], [v for _, v in curve], marker="o",
                label="greedy policy")
        ax.axhline(others["rulebot"], linestyle="--", color="grey", label="RuleBot's decision")
        ax.axhline(others["random"], linestyle=":", color="grey", label="random decision")
        ax.set_xlabel("training deals")
        ax.set_ylabel(f"mean Seeger-Fabian return ({args.eval} fresh deals)")
        ax.set_title("Forehand: play at 18 or pass? (linear value, epsilon-greedy)")
        ax.legend(loc="lower right")
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        print(f"learning curve written to {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
