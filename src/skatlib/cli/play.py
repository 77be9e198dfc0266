"""``skat play``: play a deal (or a series) with bots and print it the way a
person follows a game."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .._text import signed as _signed
from ..actions import Declare, Discard, Kontra, Pass, PickUpSkat, PlayHand, Push, Re
from ..bots import BOTS, Bot, bot_factory, deal_seed, seeded_deal
from ..cards import Card, CardSet
from ..display import colour_cards, supports_colour
from ..errors import Reason, SkatError
from ..human import auction_in_words, describe_action, result_lines
from ..i18n import contract_name, seat_name, translator
from ..loop import play_game
from ..rules import Rules, preset
from ..state import GameState, Phase, apply, new_game
from ..table import Casino, Table
from ._common import UsageError

__all__ = ["add_arguments", "run", "narrate"]

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
    people = parser.add_mutually_exclusive_group()
    people.add_argument("--human", metavar="SEAT", default=None,
                        help="play yourself in SEAT (forehand, middlehand, rearhand or 0..2; "
                             "in a series with --players: your place at the table, 0..N-1) "
                             "against the bots; type 'help' in the game")
    people.add_argument("--humans", type=int, choices=(2, 3), default=None,
                        help="hot seat: this many people at one keyboard (seats, or places "
                             "at the table, 0..N-1)")
    parser.add_argument("--hint", default="rule",
                        help="the bot that answers 'hint' in a game with people: "
                             f"{', '.join(BOTS)} or module:Class (default rule)")


def _cards(cards: Sequence[Card] | CardSet, gt: int | None, ansi: bool, symbols: bool,
           lang: str = "en") -> str:
    if isinstance(cards, CardSet):
        cards = cards.sorted(gt)
    return colour_cards(cards, ansi=ansi, symbols=symbols, lang=lang) if cards else "-"


def narrate(state: GameState, actions: Sequence[object], out: TextIO, *,
            ansi: bool = False, symbols: bool = False, lang: str = "en") -> None:
    """Print a finished deal: hands, bidding, skat, declaration, Kontra and Re
    (said after the declaration, before the first card: D-15), tricks, score;
    in English or (``lang="de"``) German."""
    _ = translator(lang)
    deal = state.deal
    gt = int(state.contract.game_type) if state.contract is not None else (
        6 if state.game_type_index == 6 else None)
    names = [seat_name(seat, lang) for seat in range(3)]

    def cards(c: Sequence[Card] | CardSet) -> str:
        return _cards(c, gt, ansi, symbols, lang)

    w = out.write
    w(_("Hands") + "\n")
    for seat in range(3):
        w(f"  {names[seat]:<11} {cards(deal.hands[seat])}\n")
    w(f"  {'Skat':<11} {cards(deal.skat)}\n")
    w(_("Bidding") + "\n")
    w("  " + auction_in_words(state.history, lang) + "\n")
    if state.end.name == "PASSED_IN":
        w(_("All three passed.") + "\n")
    put_away: list[Card] = []
    before = new_game(deal, state.rules, ramsch=state.ramsch_round)
    for who, act in state.history:
        if isinstance(act, PickUpSkat) and state.declarer_index >= 0:
            w(_("{seat} picks up the skat: {cards}").format(seat=names[who],
                                                             cards=cards(deal.skat)) + "\n")
        elif isinstance(act, PlayHand):
            w(_("{seat} plays hand.").format(seat=names[who]) + "\n")
        elif isinstance(act, Discard) and state.game_type_index == 6:
            w(_("{seat} pushes {cards} on").format(seat=names[who], cards=cards([act.card]))
              + "\n")
        elif isinstance(act, Discard):
            put_away.append(act.card)
        elif isinstance(act, Declare):
            text = _("{seat} declares {game}.").format(
                seat=names[who], game=contract_name(act.contract, lang))[:-1]
            if act.discard is not None:
                text += ", " + _("puts away {cards}").format(cards=cards(act.discard))
            elif put_away:  # the factored form: Discard twice, then Declare
                text += ", " + _("puts away {cards}").format(cards=cards(put_away))
            w(text + " (" + _("bid {bid}").format(bid=state.bid) + ")\n")
        elif isinstance(act, (Kontra, Re)) or isinstance(act, Pass) and \
                before.phase == Phase.KONTRA or isinstance(act, Push):
            w(describe_action(who, act, before, lang) + "\n")
        before = apply(before, act, check=False)
    if state.game_type_index == 6:
        w(_("Ramsch: everybody plays for himself; jacks are the only trumps.") + "\n")
    if state.tricks:
        w(_("Play") + "\n")
    for i, trick in enumerate(state.tricks, 1):
        w(f"  {i:>2}. " + _("{seat} leads: {cards} -> {winner} ({points})").format(
            seat=f"{names[trick.leader]:<10}", cards=f"{cards(trick.cards):<12}",
            winner=names[trick.winner], points=trick.points()) + "\n")
    if state.current_trick:
        w("      " + _("unfinished trick: {cards}").format(cards=cards(state.current_trick))
          + "\n")
    if state.end.name not in ("PLAYED_OUT", "PASSED_IN"):
        w(_("The deal ended early: {why}.").format(why=_(state.end.value)) + "\n")
    lines = result_lines(state, lang)
    if lines:
        w(_("Result") + "\n")
        for line in lines:
            w(f"  {line}\n")
    del actions


def _bots(specs: Sequence[str], seed: int, index: int) -> list[Bot]:
    """The bots of deal ``index``: the bot in each seat seeded by :func:`deal_seed`
    (as ``skat simulate`` and ``skat arena`` seed theirs)."""
    return [bot_factory(spec)(deal_seed(seed, index, s)) for s, spec in enumerate(specs)]


def _play_people(args: argparse.Namespace, rules: Rules, specs: Sequence[str], seed: int,
                 ansi: bool) -> int:
    """``--human``/``--humans``: the terminal game (:mod:`skatlib.human`)."""
    from ..human import parse_seat, play_session

    players = args.players
    places = players or 3
    humans = ([parse_seat(args.human, places)] if args.human is not None
              else list(range(args.humans)))
    hint = bot_factory(args.hint)
    deals = args.deals if args.deals is not None else (12 if players else 1)
    if deals < 1:
        raise SkatError(f"--deals must be at least 1, not {deals}", Reason.BAD_TABLE)
    if players is None and deals != 1:
        players = 3
    return play_session(rules=rules, humans=humans, bots_for=lambda i: _bots(specs, seed, i),
                        deal_for=lambda i: seeded_deal(seed, i), players=players, deals=deals,
                        lang=getattr(args, "lang", None) or "en", ansi=ansi,
                        symbols=args.symbols, hint_bot=lambda: hint(deal_seed(seed, 0, 3)))


def run(args: argparse.Namespace) -> int:
    """Run ``skat play``."""
    out: TextIO = sys.stdout
    lang = getattr(args, "lang", None) or "en"
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
    if args.human is not None or args.humans is not None:
        return _play_people(args, rules, specs, seed, ansi)
    series = (args.players is not None or args.save is not None or args.stake is not None
              or (args.deals is not None and args.deals != 1))
    if args.casino is not None and args.stake is None:
        raise UsageError("--casino needs --stake (the money per point)")
    if not series:
        state = play_game(new_game(seeded_deal(seed, 0), rules), _bots(specs, seed, 0))
        out.write(translator(lang)("Deal {seed} (rules {rules})").format(seed=seed,
                                                                          rules=rules.name)
                  + "\n")
        narrate(state, (), out, ansi=ansi, symbols=args.symbols, lang=lang)
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
