"""Play one deal with three random bots and print it the way a person follows it.

    python examples/play_random_deal.py            # deal 1
    python examples/play_random_deal.py --seed 7 --rules pub --symbols

The deal is ``Deal.shuffled(seed)``, the same in every skatlib version.  The
program plays it with :func:`skatlib.play_deal`, replays the record (every
action checked) and prints the hands, the bidding, the declaration, each
trick with its winner, and the result with its explanation (ISkO 5; lost
games count −2 × value, D-1; Seeger-Fabian list points, D-14).  Suits are
coloured on a terminal that supports it (clubs black, spades green, hearts
red, diamonds yellow).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence

from skatlib import (
    Bid,
    Card,
    CardSet,
    Deal,
    Declare,
    GameResult,
    GameState,
    Hold,
    Pass,
    PickUpSkat,
    PlayHand,
    RandomBot,
    SkatError,
    play_deal,
    preset,
    seeger_fabian,
)
from skatlib.display import colour_cards, supports_colour

SEATS = ("Forehand", "Middlehand", "Rearhand")


class Printer:
    """Cards as text: ISS codes or suit symbols, coloured when wanted."""

    def __init__(self, *, ansi: bool, symbols: bool) -> None:
        self.ansi = ansi
        self.symbols = symbols

    def cards(self, cards: Iterable[Card], game_type: int | None = None) -> str:
        """Cards in display order (a ``CardSet``) or in the given order."""
        ordered = cards.sorted(game_type) if isinstance(cards, CardSet) else list(cards)
        return colour_cards(ordered, ansi=self.ansi, symbols=self.symbols) or "-"


def signed(points: int) -> str:
    """``+40``, ``−120`` (with a real minus sign, as ``explain()`` writes it), ``0``."""
    return f"{points:+d}".replace("-", "−") if points else "0"


def describe(state: GameState, show: Printer) -> list[str]:
    """The finished deal as lines of text."""
    gt = int(state.contract.game_type) if state.contract is not None else None
    lines = ["Hands"]
    for seat in range(3):
        lines.append(f"  {SEATS[seat]:<11} {show.cards(state.deal.hands[seat], gt)}")
    lines.append(f"  {'Skat':<11} {show.cards(state.deal.skat, gt)}")
    words = []
    declared = False
    for seat, action in state.history:
        if isinstance(action, Bid):
            words.append(f"{SEATS[seat]} {action.value}")
        elif isinstance(action, Hold):
            words.append(f"{SEATS[seat]} yes")
        elif isinstance(action, Pass):
            words.append(f"{SEATS[seat]} {'no Kontra/Re' if declared else 'pass'}")
        elif isinstance(action, PickUpSkat):
            words.append(f"{SEATS[seat]} picks up the skat")
        elif isinstance(action, PlayHand):
            words.append(f"{SEATS[seat]} plays hand")
        elif isinstance(action, Declare):
            declared = True
            text = f"{SEATS[seat]} declares {action.contract.name}"
            if action.discard is not None:
                text += f" and puts away {show.cards(action.discard, gt)}"
            words.append(text)
        else:  # Kontra, Re, pushes under house rules
            words.append(f"{SEATS[seat]} {action}")
    lines.append("Auction: " + ", ".join(words))
    if state.is_ramsch:
        lines.append("All three passed: Ramsch, each plays for himself (D-17).")
    for number, trick in enumerate(state.tricks, 1):
        lines.append(f"  {number:>2}. {SEATS[trick.leader]:<10} leads "
                     f"{show.cards(trick.cards):<12} -> {SEATS[trick.winner]} "
                     f"({trick.points()})")
    res = state.result()
    assert res is not None, "the deal is finished"
    if isinstance(res, GameResult):
        declarer = SEATS[state.declarer] if state.declarer is not None else "?"
        tricks = "trick" if res.declarer_tricks == 1 else "tricks"
        lines.append(f"{declarer}: {res.declarer_points} points in {res.declarer_tricks} "
                     f"{tricks}, {'won' if res.won else 'lost'} (ended: {state.end.value})")
        lines.append(f"  {res.explain()}")
        mine, others = seeger_fabian(res)
        lines.append(f"  Seeger-Fabian: declarer {signed(mine)}, each other player "
                     f"{signed(others)}")
    else:
        lines.append(res.explain())
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Play the deal of ``--seed`` with random bots and print it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="deal and bot seed (default 1)")
    parser.add_argument("--rules", default="isko", help="isko, pub or iss (default isko)")
    parser.add_argument("--symbols", action="store_true", help="print ♣♠♥♦ instead of C S H D")
    args = parser.parse_args(argv)
    try:
        rules = preset(args.rules)
    except SkatError as exc:
        print(f"play_random_deal: {exc}", file=sys.stderr)
        return 2
    deal = Deal.shuffled(args.seed)
    bots = [RandomBot(args.seed * 3 + seat) for seat in range(3)]
    record, res = play_deal(deal, bots, rules)
    state = record.replay()  # every action checked again
    assert state.result() == res
    show = Printer(ansi=supports_colour(sys.stdout), symbols=args.symbols)
    print(f"Deal {args.seed} under {rules.name}: {record.actions_text()}")
    print("\n".join(describe(state, show)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
