"""Bots against each other over duplicate deals: the library half of
``skat arena``.

Every deal is played once per rotation of the bot list (three times), so that
every bot sits in every seat with the same cards: card luck cancels out and
what remains is play.  Each game is scored with :func:`~skatlib.seeger_fabian`
(D-14: declarer +value+50 when won, -2*value-50 when lost, +40 to each other
player when the declarer loses); a passed-in deal scores 0, a Ramsch deal its
Ramsch scores.  Deals and bots are seeded by :func:`~skatlib.bots.deal_seed`,
bots built by :func:`~skatlib.bots.bot_factory`.

:func:`summarise` keeps running integer sums only, so any number of deals
needs the same memory, and the summary does not depend on the order the deals
arrive in (worker processes finish in any order).

>>> from skatlib import ISKO
>>> outcome = play_duplicate(("rule", "random", "random"), 0, 1, ISKO)
>>> len(outcome.games), summarise(("rule", "random", "random"), [outcome]).games
(3, 3)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..errors import Reason, SkatError, as_int, type_error
from ..ramsch import RamschResult
from ..record import GameRecord
from ..rules import Rules
from ..scoring import GameResult, seeger_fabian
from ..table import DealResult
from ._core import BotFactory, BotSpec, bot_factory, deal_seed, play_deal, seeded_deal

__all__ = ["DealOutcome", "GameOutcome", "Summary", "duplicate_game", "play_duplicate",
           "summarise"]


class GameOutcome(NamedTuple):
    """One game of a duplicate deal, from the bots' point of view."""

    points: tuple[int, ...]
    """Seeger-Fabian points per bot (index into the bot list)."""
    declarer: int
    """Index of the declaring bot, -1 if none (passed in, Ramsch)."""
    won: bool
    """The declarer won."""


class DealOutcome(NamedTuple):
    """The games of one deal, one per rotation."""

    number: int
    """The deal's index in the arena."""
    games: tuple[GameOutcome, ...]

    def to_dict(self) -> dict[str, object]:
        """The outcome as JSON-ready data (one line of ``skat arena --out``);
        :meth:`from_dict` reads it back.

        >>> o = DealOutcome(4, (GameOutcome((66, 0, 0), 0, True),))
        >>> o.to_dict()
        {'deal': 4, 'games': [{'points': [66, 0, 0], 'declarer': 0, 'won': True}]}
        >>> DealOutcome.from_dict(o.to_dict()) == o
        True
        """
        return {"deal": self.number,
                "games": [{"points": list(g.points), "declarer": g.declarer, "won": g.won}
                          for g in self.games]}

    @classmethod
    def from_dict(cls, data: object) -> DealOutcome:
        """The outcome :meth:`to_dict` wrote.

        :raises SkatError: (``BAD_RECORD``) naming what is missing or wrong.
        """
        def bad(why: str) -> SkatError:
            return SkatError(f"not an arena deal outcome ({why}): {str(data)[:80]!r}",
                             Reason.BAD_RECORD)

        if not isinstance(data, dict) or set(data) != {"deal", "games"}:
            raise bad("an object with deal and games")
        number, games = data["deal"], data["games"]
        if type(number) is not int or number < 0:
            raise bad("deal must be an index >= 0")
        if not isinstance(games, list) or not games:
            raise bad("games must be a list of games")
        out = []
        for g in games:
            if not isinstance(g, dict) or set(g) != {"points", "declarer", "won"}:
                raise bad("a game has points, declarer and won")
            points, declarer, won = g["points"], g["declarer"], g["won"]
            if not (isinstance(points, list) and len(points) == 3
                    and all(type(p) is int for p in points)):
                raise bad("points must be three ints")
            if type(declarer) is not int or not -1 <= declarer <= 2 or type(won) is not bool:
                raise bad("declarer must be -1..2 and won true or false")
            out.append(GameOutcome((points[0], points[1], points[2]), declarer, won))
        return cls(number, tuple(out))


def play_duplicate(specs: Sequence[BotSpec], index: int, seed: int, rules: Rules
                   ) -> DealOutcome:
    """Play deal ``index`` (:func:`~skatlib.bots.seeded_deal`) once per rotation
    (:func:`duplicate_game`) and score each game.

    >>> from skatlib import ISKO
    >>> play_duplicate(("rule",) * 3, 2, 1, ISKO) == play_duplicate(("rule",) * 3, 2, 1, ISKO)
    True
    """
    factories, index = _factories(specs, index)
    games = []
    for r in range(3):
        at_seat, _, res = _rotation(factories, index, seed, rules, r)
        games.append(_game_outcome(at_seat, res))
    return DealOutcome(index, tuple(games))


def _game_outcome(at_seat: tuple[int, int, int], res: DealResult) -> GameOutcome:
    """A game's result as the bots' outcome (bot ``at_seat[s]`` sat in seat ``s``):
    Seeger-Fabian points (D-14), a Ramsch game's scores, 0 for a deal passed in.
    What :func:`play_duplicate` writes, and what a replay of its game is checked
    against."""
    points = [0, 0, 0]
    declarer = -1
    won = False
    if isinstance(res, GameResult) and res.declarer is not None:  # result() sets it
        d = int(res.declarer)
        declarer = at_seat[d]
        won = res.won
        mine, others = seeger_fabian(res)
        for s in range(3):
            points[at_seat[s]] = mine if s == d else others
    elif isinstance(res, RamschResult):
        for s in range(3):
            points[at_seat[s]] = res.scores[s]
    return GameOutcome((points[0], points[1], points[2]), declarer, won)


def duplicate_game(specs: Sequence[BotSpec], index: int, seed: int, rules: Rules,
                   rotation: int) -> tuple[tuple[int, int, int], GameRecord]:
    """Rotation ``rotation`` (0, 1 or 2) of deal ``index``, played as
    :func:`play_duplicate` (and so ``skat arena``) plays it: seat ``s`` is taken by
    bot ``(s + rotation) % 3``, built afresh with the seed ``deal_seed(seed,
    index, s)``, whichever bot it is, so every bot meets the same luck in the same
    seat.  Returns which bot sits in each seat and the game's record, to replay a
    game of an arena run (bots under a CPU cap can play otherwise on a loaded
    machine).

    >>> from skatlib import ISKO
    >>> at_seat, record = duplicate_game(("rule", "random", "random"), 0, 1, ISKO, 1)
    >>> at_seat, record.replay().is_finished
    ((1, 2, 0), True)

    :raises SkatError: (``BAD_TABLE``) for a rotation other than 0, 1 or 2, a
        deal index below 0 or other than three bots.
    :raises TypeError: (:class:`~skatlib.errors.ArgumentTypeError`) for a
        rotation or index that is not an int, or specs that are not a sequence.
    """
    r = as_int(rotation, "rotation")
    if not 0 <= r <= 2:
        raise SkatError(f"rotation must be 0, 1 or 2, not {rotation!r}", Reason.BAD_TABLE)
    factories, index = _factories(specs, index)
    at_seat, record, _ = _rotation(factories, index, seed, rules, r)
    return at_seat, record


def _factories(specs: Sequence[BotSpec], index: object) -> tuple[list[BotFactory], int]:
    """The factories of a duplicate deal's three bots, and the deal's index checked
    (a plain int)."""
    if isinstance(specs, (str, bytes)) or not isinstance(specs, Sequence):
        raise type_error("specs", "a sequence of three bot specs", specs)
    if len(specs) != 3:
        raise SkatError(f"a duplicate deal needs three bots (one per seat), not {len(specs)}",
                        Reason.BAD_TABLE)
    number = as_int(index, "index")
    if number < 0:
        raise SkatError(f"the deal index must be 0 or more, not {index}", Reason.BAD_TABLE)
    return [bot_factory(s) for s in specs], number


def _seats(r: int) -> tuple[int, int, int]:
    """The bot in each seat in rotation ``r`` of a duplicate deal (see
    :func:`duplicate_game`).

    >>> _seats(0), _seats(1)
    ((0, 1, 2), (1, 2, 0))
    """
    return (r % 3, (1 + r) % 3, (2 + r) % 3)


def _rotation(factories: Sequence[BotFactory], index: int, seed: int, rules: Rules, r: int
              ) -> tuple[tuple[int, int, int], GameRecord, DealResult]:
    """:func:`duplicate_game` with the bots' factories built, and the game's result."""
    at_seat = _seats(r)
    bots = [factories[b](deal_seed(seed, index, s)) for s, b in enumerate(at_seat)]
    record, res = play_deal(seeded_deal(seed, index), bots, rules)
    return at_seat, record, res


class Summary(NamedTuple):
    """The arena's numbers."""

    names: tuple[str, ...]
    deals: int
    games: int
    mean: tuple[float, ...]
    """Mean Seeger-Fabian points per game, per bot."""
    ci: tuple[float, ...]
    """95% confidence half-widths of :attr:`mean`."""
    margin: tuple[tuple[float, float], ...]
    """Bot 0 minus bot j (j = 1, 2): mean and 95% half-width, paired per deal."""
    declared: tuple[int, ...]
    won: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        """The summary as JSON-ready data.

        >>> from skatlib import ISKO
        >>> s = summarise(("rule",) * 3, [play_duplicate(("rule",) * 3, 0, 1, ISKO)])
        >>> sorted(s.to_dict())
        ['bots', 'deals', 'games', 'margins']
        """
        return {
            "deals": self.deals,
            "games": self.games,
            "bots": [{"name": n, "mean": m, "ci95": _finite(c), "declared": d, "won": w}
                     for n, m, c, d, w in zip(self.names, self.mean, self.ci, self.declared,
                                              self.won)],
            "margins": [{"versus": self.names[j], "mean": m, "ci95": _finite(c)}
                        for j, (m, c) in zip((1, 2), self.margin)],
        }


def _finite(x: float) -> float | None:
    """``x``, or ``None`` for an infinite interval (one deal): JSON has no infinity."""
    return x if math.isfinite(x) else None


class _Sums:
    """Exact running sums of per-deal totals: count, sum and sum of squares."""

    __slots__ = ("n", "q", "s")

    def __init__(self) -> None:
        self.n = self.s = self.q = 0

    def add(self, total: int) -> None:
        self.n += 1
        self.s += total
        self.q += total * total

    def mean_ci(self, games: int) -> tuple[float, float]:
        """Mean per game (``total / games``) and the half-width of its 95%
        confidence interval (normal)."""
        n = self.n
        if n == 0:
            return (0.0, 0.0)
        mean = self.s / (n * games)
        if n == 1:
            return (mean, math.inf)
        var = (n * self.q - self.s * self.s) / (n * (n - 1)) / (games * games)
        return (mean, 1.96 * math.sqrt(max(0.0, var) / n))


def summarise(specs: Sequence[BotSpec], outcomes: Iterable[DealOutcome]) -> Summary:
    """Means and confidence intervals from the played deals (consumed one at a
    time: ``outcomes`` may be a generator of any length)."""
    per_bot = [_Sums(), _Sums(), _Sums()]
    diffs = [_Sums(), _Sums()]
    declared = [0, 0, 0]
    won = [0, 0, 0]
    deals = games = 0
    per_deal = 3
    for o in outcomes:
        deals += 1
        games += len(o.games)
        per_deal = len(o.games)
        totals = [sum(g.points[b] for g in o.games) for b in range(3)]
        for b in range(3):
            per_bot[b].add(totals[b])
        for j in (1, 2):
            diffs[j - 1].add(totals[0] - totals[j])
        for g in o.games:
            if g.declarer >= 0:
                declared[g.declarer] += 1
                won[g.declarer] += g.won
    stats = [p.mean_ci(per_deal) for p in per_bot]
    names = tuple(f"{i + 1}:{s if isinstance(s, str) else getattr(s, '__name__', s)}"
                  for i, s in enumerate(specs))
    return Summary(names, deals, games, tuple(m for m, _ in stats), tuple(c for _, c in stats),
                   tuple(d.mean_ci(per_deal) for d in diffs), tuple(declared), tuple(won))
