"""Score a Skat game from a short description of what happened.

Run it with no argument to score the worked examples below (each checked
against the score the rules give), or pass one game as JSON::

    python examples/score_a_game.py '{"contract": "CH", "bid": 48,
        "hand": "SJ CA CT CK CQ C9 HA HT SA D7", "skat": "CJ D8",
        "points": 58, "tricks": 5}'

The matadors are counted on the declarer's 10 hand cards plus the original
skat (ISkO 2.4, ruling D-3), so a jack in the skat of a hand game counts.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence

import attrs

from skatlib import CardSet, Contract, GameResult, matadors, score, seeger_fabian


@attrs.frozen
class GameDescription:
    """What a score sheet needs to know about one declarer game."""

    contract: str
    """ISS notation, e.g. ``'CH'`` (clubs hand) or ``'NO'`` (null ouvert)."""
    bid: int
    hand: str
    """The declarer's 10 dealt cards."""
    skat: str
    """The 2 cards of the original skat."""
    points: int
    """The declarer's card points, skat included."""
    tricks: int
    """The declarer's tricks."""
    expected_score: int | None = None
    """The score the rules give, for the built-in examples."""

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> GameDescription:
        """Build a description from a JSON object; raises ``ValueError`` on bad fields."""

        def text(key: str) -> str:
            value = data.get(key)
            if not isinstance(value, str):
                raise ValueError(f"{key!r} must be text, not {value!r}")
            return value

        def number(key: str) -> int:
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{key!r} must be a whole number, not {value!r}")
            return value

        return cls(
            text("contract"), number("bid"), text("hand"), text("skat"),
            number("points"), number("tricks"),
        )


def score_game(game: GameDescription) -> GameResult:
    """Score one game.  Raises a :class:`skatlib.SkatError` on impossible input."""
    contract = Contract.parse(game.contract)
    twelve = CardSet.parse(game.hand) | CardSet.parse(game.skat)
    if len(twelve) != 12:
        raise ValueError(f"hand and skat must be 12 distinct cards, not {len(twelve)}")
    return score(
        contract,
        bid=game.bid,
        matadors=matadors(contract.game_type, twelve),
        declarer_points=game.points,
        declarer_tricks=game.tricks,
    )


# Worked examples (the scoring guide among the project's seed documents; ISkO 5).
EXAMPLES: tuple[GameDescription, ...] = (
    # clubs with 2, game 3 x 12 = 36, won
    GameDescription("C", 36, "CJ SJ CA CT CK C9 C8 HA HT SA", "D7 D8", 72, 6, 36),
    # hearts hand without 1, game, hand: 3 x 10 = 30, won
    GameDescription("HH", 30, "SJ HJ HA HT HK HQ SA ST CA D7", "D8 D9", 66, 6, 30),
    # spades without 3, game: 4 x 11 = 44, lost with 52 points
    GameDescription("S", 33, "DJ SA ST SK SQ S9 HA HT C7 C8", "D7 D8", 52, 4, -88),
    # diamonds with 1 is worth 18 < bid 24: overbid, lost at 27 (ISkO 5.4.2, D-6)
    GameDescription("D", 24, "CJ DA DT DK DQ D9 HA HT SA ST", "C7 C8", 78, 7, -54),
)


def main(argv: Sequence[str] | None = None) -> int:
    """Score the game given as JSON in ``argv[0]``, or check the built-in examples."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args:
        try:
            data = json.loads(args[0])
            if not isinstance(data, dict):
                raise ValueError("the description must be a JSON object")
            result = score_game(GameDescription.from_mapping(data))
        except ValueError as exc:  # includes json errors and every SkatError
            print(f"score_a_game: error: {exc}", file=sys.stderr)
            return 2
        print(result.explain())
        return 0
    failures = 0
    for game in EXAMPLES:
        result = score_game(game)
        declarer, others = seeger_fabian(result)
        ok = result.score == game.expected_score
        failures += not ok
        print(f"{game.contract:<3} bid {game.bid:>3}: {result.explain()}"
              f"  [list {declarer:+}/{others:+}]{'' if ok else '  MISMATCH'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
