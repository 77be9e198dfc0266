"""``skat value``: score a game from its contract, bid, matadors and points
(ISkO 5), with its Seeger-Fabian list points.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_arguments(p)
>>> run(p.parse_args(["CH", "--matadors", "2", "--bid", "48", "--points", "58"]))
with 2, game 3, hand 4 × Clubs 12 = 48; lost, −96
Seeger-Fabian (3 players): declarer −146, each other player +40
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TextIO

from .._text import signed as _signed
from .._text import write_line as _write
from ..cards import CardSet
from ..contract import Contract
from ..errors import InvalidScoreError, Reason
from ..i18n import translator
from ..scoring import GameResult, matadors, score, seeger_fabian
from ._common import UsageError

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "contract",
        metavar="CONTRACT",
        help="the declared game in ISS notation: D H S C G N plus H (hand), S (schneider "
        "announced), Z (schwarz announced), O (ouvert), e.g. 'CH', 'GHS', 'NO'",
    )
    tops = parser.add_mutually_exclusive_group()
    tops.add_argument(
        "--cards",
        metavar="CARDS",
        help="the declarer's cards, e.g. \"CJ SJ CA ...\": all 12 (hand plus skat), or the "
        "10 of the hand together with --skat; the matadors are counted on all 12 (D-3)",
    )
    tops.add_argument(
        "--matadors",
        type=int,
        metavar="N",
        help="the matadors instead of --cards: +N 'with N', -N 'without N'",
    )
    parser.add_argument(
        "--skat", metavar="CARDS", help="the two skat cards (the original skat), with --cards"
    )
    parser.add_argument(
        "--points",
        type=int,
        metavar="N",
        help="the declarer's card points, skat included (0..120; required for suit and grand)",
    )
    parser.add_argument(
        "--tricks",
        type=int,
        metavar="N",
        help="the declarer's tricks (0..10); needed for null and for schwarz announced "
        "or ouvert; without it, neither side is schwarz",
    )
    parser.add_argument(
        "--bid", type=int, required=True, metavar="N", help="the final bid (18, 20, 22, ...)"
    )
    kontra = parser.add_mutually_exclusive_group()
    kontra.add_argument(
        "--kontra", action="store_true", help="a defender said Kontra: ×2 (house rule, D-15)"
    )
    kontra.add_argument(
        "--re", action="store_true", help="Kontra and Re were said: ×4 (house rule, D-15)"
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(3, 4),
        default=3,
        help="players at the table, for the Seeger-Fabian list points (default 3)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")


def _value_matadors(args: argparse.Namespace, contract: Contract) -> int:
    if contract.is_null:
        if args.matadors not in (None, 0):
            raise UsageError(f"null has no matadors: leave out --matadors {args.matadors}")
        return 0
    if args.matadors is not None:
        if args.skat is not None:
            raise UsageError("--skat goes with --cards, not with --matadors")
        return int(args.matadors)
    if args.cards is None:
        raise UsageError(
            f"{contract.game_type.title.lower()} needs the matadors: give the declarer's "
            "12 cards with --cards (and --skat) or the count with --matadors"
        )
    cards = CardSet.parse(args.cards)
    if args.skat is not None:
        skat = CardSet.parse(args.skat)
        if len(skat) != 2:
            raise UsageError(f"--skat must name 2 cards, not {len(skat)}: {skat}")
        if cards & skat:
            raise UsageError(f"{cards & skat} given both in --cards and in --skat")
        cards = cards | skat
    if len(cards) != 12:
        raise UsageError(
            f"the matadors are counted on the declarer's 12 cards, hand plus skat (D-3), "
            f"but {len(cards)} were given: give 12 with --cards, or 10 with --cards and 2 "
            "with --skat, or use --matadors"
        )
    return matadors(contract.game_type, cards)


def _score_without_tricks(score_with: Callable[[int], GameResult]) -> GameResult:
    """Score when the declarer's tricks were not given: any count from 1 to 9 that
    fits the points (neither side schwarz) gives the same result, so take the
    first that :func:`~skatlib.scoring.score` accepts as possible."""
    error: InvalidScoreError | None = None
    for tricks in (5, 1, 9, 3, 7, 2, 4, 6, 8):
        try:
            return score_with(tricks)
        except InvalidScoreError as exc:
            if exc.reason is not Reason.INCONSISTENT_RESULT:
                raise
            error = exc
    assert error is not None
    raise error


def _value_json(result: GameResult, args: argparse.Namespace) -> str:
    """The result as one JSON object; inputs that were not given are ``null``."""
    players = int(args.players)
    declarer, other = seeger_fabian(result, players=players)
    data = {
        "contract": str(result.contract),
        "contract_name": result.contract.name,
        "bid": result.bid,
        "matadors": result.matadors,
        "declarer_points": None if args.points is None else result.declarer_points,
        "declarer_tricks": None if args.tricks is None else result.declarer_tricks,
        "kontra": result.kontra,
        "levels": [{"name": level.name, "amount": level.amount} for level in result.levels],
        "base_value": result.base_value,
        "schneider": result.schneider,
        "schwarz": result.schwarz,
        "overbid": result.overbid,
        "won": result.won,
        "value": result.value,
        "score": result.score,
        "explanation": result.explain(),
        "seeger_fabian": {"players": players, "declarer": declarer, "each_other": other},
    }
    return json.dumps(data, ensure_ascii=False)


def run(args: argparse.Namespace) -> int:
    contract = Contract.parse(args.contract)
    if contract.is_null and args.cards is None and args.skat is not None:
        raise UsageError("--skat goes with --cards")
    m = _value_matadors(args, contract)
    kontra = 2 if args.re else 1 if args.kontra else 0
    defender_points: int | None = None
    if args.points is not None:
        points = int(args.points)
    elif contract.is_null:
        # Null is decided by tricks alone; the points play no part (ISkO 5.2.7).
        points = 120 if args.tricks == 10 else 0
        defender_points = 0
    else:
        raise UsageError(
            f"{contract.game_type.title.lower()} needs --points: the declarer's card "
            "points, skat included (0..120)"
        )

    def score_with(tricks: int) -> GameResult:
        return score(
            contract,
            bid=int(args.bid),
            matadors=m,
            declarer_points=points,
            declarer_tricks=tricks,
            kontra=kontra,
            defender_points=defender_points,
        )

    if args.tricks is not None:
        result = score_with(int(args.tricks))
    elif contract.is_null or contract.schwarz:
        raise UsageError(
            f"{contract.name.lower()} is decided by tricks: give --tricks "
            "(the declarer's tricks, 0..10)"
        )
    else:
        result = _score_without_tricks(score_with)
    out: TextIO = sys.stdout
    if args.json:
        _write(out, _value_json(result, args))
        return 0
    declarer, other = seeger_fabian(result, players=args.players)
    lang = getattr(args, "lang", None) or "en"  # `skat --lang de value ...`: German
    _ = translator(lang)
    _write(out, result.explain(lang))
    text = _("Seeger-Fabian ({players} players): declarer {declarer}").format(
        players=args.players, declarer=_signed(declarer))
    if other:
        text += ", " + _("each other player {points}").format(points=_signed(other))
    _write(out, text)
    return 0
