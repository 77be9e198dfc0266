"""Micro-benchmarks of the rules kernel's hot functions.

Run ``python benchmarks/bench_kernel.py`` (add ``--quick`` for a smoke run).
Prints the best time per call in microseconds, from :mod:`timeit`; the
numbers are for comparing two versions on one machine, not absolute claims.
"""

from __future__ import annotations

import argparse
import random
import timeit
from collections.abc import Callable, Sequence

from skatlib import (
    DECK,
    CardSet,
    Contract,
    GameType,
    legal_cards,
    legal_cards_mask,
    matadors_mask,
    score,
    trick_winner,
    trick_winner_fast,
)
from skatlib import _tables as T


def _cases(rng: random.Random) -> list[tuple[str, Callable[[], object]]]:
    cards = list(DECK)
    rng.shuffle(cards)
    hand = CardSet.from_cards(cards[:10])
    twelve = CardSet.from_cards(cards[:12]).mask
    led = cards[20]
    trick = cards[20:23]
    clubs_hand = Contract.parse("CH")
    packed = T.pack_trick(1, trick[0], trick[1], trick[2], 3)
    return [
        ("legal_cards_mask", lambda: legal_cards_mask(3, hand.mask, led)),
        ("legal_cards", lambda: legal_cards(GameType.CLUBS, hand, [led])),
        ("trick_winner_fast", lambda: trick_winner_fast(3, trick[0], trick[1], trick[2])),
        ("trick_winner", lambda: trick_winner(GameType.CLUBS, trick)),
        ("matadors_mask", lambda: matadors_mask(3, twelve)),
        ("pack_trick", lambda: T.pack_trick(1, trick[0], trick[1], trick[2], 3)),
        ("unpack_trick", lambda: T.unpack_trick(packed)),
        ("ends_early", lambda: T.ends_early(5, 0, 1, False)),
        (
            "score",
            lambda: score(clubs_hand, bid=48, matadors=2, declarer_points=70, declarer_tricks=6),
        ),
    ]


def run(number: int, repeat: int, seed: int = 1) -> dict[str, float]:
    """Best microseconds per call for every case."""
    out: dict[str, float] = {}
    for name, func in _cases(random.Random(seed)):
        best = min(timeit.repeat(func, number=number, repeat=repeat))
        out[name] = best / number * 1e6
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a few calls only (smoke test)")
    args = parser.parse_args(argv)
    number, repeat = (100, 1) if args.quick else (20_000, 5)
    for name, micros in run(number, repeat).items():
        print(f"{name:<20} {micros:8.3f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
