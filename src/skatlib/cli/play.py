"""``skat play``: play a deal (or a series) with bots and print it the way a
person follows a game."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .._text import signed as _signed
from ..actions import Bid, Declare, Discard, Hold, Kontra, Pass, PickUpSkat, PlayHand, Push, Re
from ..bots import BOTS, Bot, bot_factory, deal_seed, seeded_deal
from ..cards import Card, CardSet
from ..display import colour_cards, supports_colour
from ..errors import Reason, SkatError
from ..loop import play_game
from ..rules import preset
from ..scoring import GameResult, seeger_fabian
from ..state import GameState, new_game, result
from ..table import Casino, Table
from ._common import UsageError

__all__ = ["add_arguments", "run", "narrate"]

_NAMES = ("Forehand", "Middlehand", "Rearhand")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``skat play``."""
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for the deal(s) and the bots (same seed, same game)")
    parser.add_argument("--players", type=int, choices=(3, 4), default=None,
                        help="play a series at a table of 3 or 4 (default: one deal)")
    parser.add_argument("--deals", type=int, default=None,
                        help="number of deals in the series (default 1, or 12 with --players)")
    parser.add_argument("--rules", default="isko",
                        help="rules preset: isko (official), pub (Kontra/Re, Ramsch, Bock), iss")
    parser.add_argument("--bots", default="rule,rule,rule",
                        help=f"bots per seat (one, or three comma-separated): {', '.join(BOTS)} "
                             "or module:Class (a module importable from the current directory)")
    parser.add_argument("--save", metavar="PATH", default=None,
                        help="save the series as JSON (every deal's record; 'skat check PATH' "
                             "checks it, Table.from_dict reads it)")
    parser.add_argument("--stake", metavar="AMOUNT", default=None,
                        help="money per point (e.g. 0.01): print the settlement under the sheet")
    parser.add_argument("--casino", metavar="COMMISSION", default=None,
                        help="with --stake: settle each deal at once, stake × game value, "
                             "the house keeping COMMISSION (e.g. 0.09) per player (seed 003)")
    parser.add_argument("--colour", "--color", dest="colour", choices=("auto", "always", "never"),
                        default="auto", help="coloured suits in the terminal")
    parser.add_argument("--symbols", action="store_true", help="show ♣♠♥♦ instead of C S H D")


def _cards(cards: Sequence[Card] | CardSet, gt: int | None, ansi: bool, symbols: bool) -> str:
    if isinstance(cards, CardSet):
        cards = cards.sorted(gt)
    return colour_cards(cards, ansi=ansi, symbols=symbols) if cards else "-"


def narrate(state: GameState, actions: Sequence[object], out: TextIO, *,
            ansi: bool = False, symbols: bool = False) -> None:
    """Print a finished deal: hands, bidding, skat, declaration, tricks, score."""
    deal = state.deal
    gt = int(state.contract.game_type) if state.contract is not None else (
        6 if state.game_type_index == 6 else None)
    w = out.write
    w("Hands\n")
    for seat in range(3):
        w(f"  {_NAMES[seat]:<11} {_cards(deal.hands[seat], gt, ansi, symbols)}\n")
    w(f"  {'Skat':<11} {_cards(deal.skat, gt, ansi, symbols)}\n")
    w("Bidding\n")
    line = []
    for who, act in state.history:
        if isinstance(act, (Bid, Hold, Pass)):
            word = {Hold: "yes", Pass: "pass"}.get(type(act), str(act))
            line.append(f"{_NAMES[who]} {word}")
    w("  " + ", ".join(line) + "\n")
    if state.end.name == "PASSED_IN":
        w("All three passed.\n")
    put_away: list[Card] = []
    for who, act in state.history:
        if isinstance(act, PickUpSkat) and state.declarer_index >= 0:
            w(f"{_NAMES[who]} picks up the skat: {_cards(deal.skat, gt, ansi, symbols)}\n")
        elif isinstance(act, PlayHand):
            w(f"{_NAMES[who]} plays hand\n")
        elif isinstance(act, Discard) and state.game_type_index == 6:
            w(f"{_NAMES[who]} pushes {_cards([act.card], gt, ansi, symbols)} on\n")
        elif isinstance(act, Discard):
            put_away.append(act.card)
        elif isinstance(act, Declare):
            text = f"{_NAMES[who]} declares {act.contract.name}"
            if act.discard is not None:
                text += f", puts away {_cards(act.discard, gt, ansi, symbols)}"
            elif put_away:  # the factored form: Discard twice, then Declare
                text += f", puts away {_cards(put_away, gt, ansi, symbols)}"
            w(text + f" (bid {state.bid})\n")
        elif isinstance(act, Kontra):
            w(f"{_NAMES[who]}: Kontra!\n")
        elif isinstance(act, Re):
            w(f"{_NAMES[who]}: Re!\n")
        elif isinstance(act, Push):
            w(f"{_NAMES[who]} " + ("pushes the skat on unseen\n" if act.discard is None else
                                   "takes the skat and pushes two cards\n"))
    if state.game_type_index == 6:
        w("Ramsch: everybody plays for himself; jacks are the only trumps.\n")
    if state.tricks:
        w("Play\n")
    for i, trick in enumerate(state.tricks, 1):
        cards = _cards(trick.cards, gt, ansi, symbols)
        w(f"  {i:>2}. {_NAMES[trick.leader]:<10} leads: {cards:<12} -> "
          f"{_NAMES[trick.winner]} ({trick.points()})\n")
    if state.current_trick:
        w(f"      unfinished trick: {_cards(state.current_trick, gt, ansi, symbols)}\n")
    if state.end.name not in ("PLAYED_OUT", "PASSED_IN"):
        w(f"The deal ended early: {state.end.value}.\n")
    res = result(state)
    if res is None:
        return
    w("Result\n")
    if isinstance(res, GameResult):
        d = state.declarer_index
        w(f"  {_NAMES[d]} ({res.contract.name}): {res.declarer_points} points, "
          f"{res.declarer_tricks} tricks: {'won' if res.won else 'lost'}\n")
        w(f"  {res.explain()}\n")
        sf = seeger_fabian(res)
        w(f"  Seeger-Fabian: declarer {_signed(sf[0])}, each defender {_signed(sf[1])}\n")
    else:
        w(f"  {res.explain()}\n")
    del actions


def _bots(specs: Sequence[str], seed: int, index: int) -> list[Bot]:
    """The bots of deal ``index``: the bot in each seat seeded by :func:`deal_seed`
    (as ``skat simulate`` and ``skat arena`` seed theirs)."""
    return [bot_factory(spec)(deal_seed(seed, index, s)) for s, spec in enumerate(specs)]


def run(args: argparse.Namespace) -> int:
    """Run ``skat play``."""
    out: TextIO = sys.stdout
    ansi = args.colour == "always" or (args.colour == "auto" and supports_colour(out))
    rules = preset(args.rules)
    seed = args.seed if args.seed is not None else 0
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * 3
    if len(specs) != 3:
        raise SkatError(f"--bots needs one bot or three (one per seat), not {len(specs)}",
                        Reason.BAD_TABLE)
    for spec in specs:  # fail early on an unknown bot
        bot_factory(spec)
    series = (args.players is not None or args.save is not None or args.stake is not None
              or (args.deals is not None and args.deals != 1))
    if args.casino is not None and args.stake is None:
        raise UsageError("--casino needs --stake (the money per point)")
    if not series:
        state = play_game(new_game(seeded_deal(seed, 0), rules), _bots(specs, seed, 0))
        out.write(f"Deal {seed} (rules {rules.name})\n")
        narrate(state, (), out, ansi=ansi, symbols=args.symbols)
        return 0
    players = args.players or 3
    n = args.deals if args.deals is not None else (12 if args.players is not None else 1)
    if n < 1:
        raise SkatError(f"--deals must be at least 1, not {n}", Reason.BAD_TABLE)
    names = ("Anna", "Bernd", "Clara", "Dieter")[:players]
    table = Table(names, rules=rules, deals=n)
    for i in range(n):
        table = table.play(seeded_deal(seed, i), _bots(specs, seed, i))
    out.write(f"Series of {n} deals at a table of {players} (rules {rules.name}, seed {seed})\n")
    out.write(table.sheet() + "\n")
    out.write("Standings: " + ", ".join(f"{p} {_signed(t)}" for p, t in table.standings())
              + "\n")
    if args.stake is not None:
        casino = Casino(args.casino) if args.casino is not None else None
        out.write("\n" + table.settlement(args.stake, casino=casino).text() + "\n")
    if args.save is not None:
        text = json.dumps(table.to_dict(), ensure_ascii=False, indent=1)
        try:
            with open(args.save, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        except OSError as exc:
            raise UsageError(f"cannot write {args.save}: {exc.strerror or exc}") from None
        out.write(f"Saved the series to {args.save} (check it with 'skat check "
                  f"{args.save}')\n")
    return 0
