"""A table of 3 or 4 players playing a series, with its score sheet.

The :class:`Table` is immutable like :class:`~skatlib.GameState`: recording a
deal returns a new table.  It knows the dealer rotation and who sits where
(D-12: forehand is left of the dealer; at four the dealer sits out), keeps a
score sheet of every deal, totals it on the plain list (D-13) and under
Seeger-Fabian (D-14), and runs Bock and Ramsch rounds (D-16).

>>> from skatlib import Deal, RandomBot, PUB
>>> t = Table(("Ann", "Ben", "Cem", "Dua"), rules=PUB, deals=4)
>>> t.next_dealer, t.next_seats()          # Ann deals and sits out
('Ann', ('Ben', 'Cem', 'Dua'))
>>> bots = [RandomBot(1), RandomBot(2), RandomBot(3)]
>>> for i in range(4):
...     t = t.play(Deal.shuffled(i), bots)
>>> t.is_complete, len(t.entries)
(True, 4)
>>> sum(t.totals()) == sum(sum(e.list_points) for e in t.entries)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Union

import attrs

from .contract import GameType
from .deal import Deal
from .errors import TableError
from .loop import Bot, play_game
from .ramsch import RamschResult
from .rules import ISKO, Rules
from .scoring import Abandoned, GameResult, PassedIn, seeger_fabian
from .state import GameState, Phase, new_game, result

__all__ = ["Table", "SheetEntry", "DealResult", "bock_triggers"]

DealResult = Union[GameResult, PassedIn, RamschResult, Abandoned]  # noqa: UP007
"""Anything a finished deal can produce."""

_RESULTS = (GameResult, PassedIn, RamschResult, Abandoned)


def bock_triggers(res: DealResult, rules: Rules, *, in_round: bool = False
                  ) -> tuple[str, ...]:
    """Which of ``rules.bock_triggers`` a deal's result fires (D-16).  A deal
    ``in_round`` (itself part of a Bock or a Ramsch round) never fires
    ``ramsch`` (D-16, revised 2026-12), so Ramsch rounds cannot feed themselves.

    >>> from skatlib import Contract, score, ISKO, PUB, RuleBot, play_deal
    >>> r = score(Contract.parse("G"), bid=18, matadors=1, declarer_points=60, declarer_tricks=5)
    >>> bock_triggers(r, ISKO)
    ('lost_60',)
    >>> _, ramsch = play_deal(Deal.shuffled(0), [RuleBot()] * 3, PUB)   # all pass: Ramsch
    >>> bock_triggers(ramsch, PUB), bock_triggers(ramsch, PUB, in_round=True)
    (('ramsch',), ())
    """
    fired: list[str] = []
    if isinstance(res, PassedIn):
        fired.append("passed_in")
    elif isinstance(res, RamschResult):
        fired.append("ramsch")
    elif isinstance(res, GameResult):
        c = res.contract
        if not res.won and not c.is_null and res.declarer_points == 60 and not res.overbid:
            fired.append("lost_60")
        if res.kontra >= 2:
            fired.append("kontra_re")
        if res.kontra >= 1:
            fired.append("kontra")
        if c.game_type == GameType.GRAND and not res.won:
            fired.append("lost_grand")
        if c.game_type == GameType.GRAND and c.hand:
            fired.append("grand_hand")
        if c.is_null and c.hand and c.ouvert:
            fired.append("null_ouvert_hand")
    return tuple(t for t in fired if t in rules.bock_triggers
                 and not (in_round and t == "ramsch"))


@attrs.frozen
class SheetEntry:
    """One line of the score sheet."""

    number: int
    """1-based deal number in the series."""
    dealer: int
    """Index (into ``Table.players``) of the dealer."""
    seats: tuple[int, int, int]
    """Player indices of forehand, middlehand, rearhand."""
    result: DealResult
    bock: int
    """Multiplier of a Bock deal (2), else 1."""
    ramsch_round: bool
    """The deal was played as part of a Ramsch round."""
    list_points: tuple[int, ...]
    """Plain-list points (D-13) per player, Bock included."""
    seeger_fabian: tuple[int, ...]
    """Seeger-Fabian points (D-14) per player."""
    triggers: tuple[str, ...]
    """Bock triggers this deal fired."""

    @property
    def declarer(self) -> int | None:
        """Player index of the declarer (``None`` for passed-in, Ramsch, no game)."""
        if isinstance(self.result, GameResult):
            return self._declarer_index
        return None

    _declarer_index: int = -1

    @property
    def kind(self) -> Literal["game", "passed_in", "ramsch", "no_game"]:
        """What happened in the deal."""
        if isinstance(self.result, GameResult):
            return "game"
        if isinstance(self.result, PassedIn):
            return "passed_in"
        if isinstance(self.result, RamschResult):
            return "ramsch"
        return "no_game"

    def describe(self, players: Sequence[str]) -> str:
        """One line: what was played and its score."""
        r = self.result
        if isinstance(r, GameResult):
            name = players[self._declarer_index]
            text = f"{name}: {r.contract.name} — {r.explain()}"
        elif isinstance(r, RamschResult):
            text = r.explain()
            for i in range(3):
                text = text.replace(("Forehand", "Middlehand", "Rearhand")[i],
                                    players[self.seats[i]])
        else:
            text = r.explain()
        if self.bock > 1:
            text += " [Bock ×2]"
        return text


def _players(value: Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise TypeError(f"players must be a sequence of 3 or 4 names, not {value!r}")
    players = tuple(str(p) for p in value)
    if len(players) not in (3, 4):
        raise TableError(f"a Skat table has 3 or 4 players, not {len(players)}: {players}")
    if len(set(players)) != len(players):
        raise TableError(f"player names must be distinct: {players}")
    return players


@attrs.frozen
class Table:
    """A series at a table of 3 or 4 players (see the module docs).

    :param players: names in seating order (clockwise).
    :param rules: the rules and house rules (``rules.scoring`` picks the total
        used by :meth:`standings`).
    :param deals: series length (36 at three, 48 at four in tournaments; any
        number, or ``None`` for open-ended).
    :param first_dealer: index of the first dealer.
    """

    players: tuple[str, ...] = attrs.field(converter=_players)
    rules: Rules = ISKO
    deals: int | None = None
    first_dealer: int = 0
    entries: tuple[SheetEntry, ...] = ()
    queue: tuple[str, ...] = ()
    """Upcoming special deals, in order: ``'bock'`` or ``'ramsch'`` (D-16)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be Rules, not {type(self.rules).__name__}")
        if isinstance(self.first_dealer, bool) or not isinstance(self.first_dealer, int):
            raise TypeError(f"first_dealer must be an int, not {self.first_dealer!r}")
        if not 0 <= self.first_dealer < len(self.players):
            raise TableError(f"first_dealer must be 0..{len(self.players) - 1}, not "
                             f"{self.first_dealer}")
        if self.deals is not None and (isinstance(self.deals, bool)
                                       or not isinstance(self.deals, int)):
            raise TypeError(f"deals must be an int or None, not {self.deals!r}")
        if self.deals is not None and self.deals < 1:
            raise TableError(f"a series has at least one deal, not {self.deals!r}")

    @property
    def size(self) -> int:
        """3 or 4."""
        return len(self.players)

    @property
    def is_complete(self) -> bool:
        """True when the series has all its deals."""
        return self.deals is not None and len(self.entries) >= self.deals

    @property
    def next_dealer_index(self) -> int:
        """Index of the next deal's dealer (the deal rotates clockwise, R-2.4)."""
        return (self.first_dealer + len(self.entries)) % self.size

    @property
    def next_dealer(self) -> str:
        """Name of the next deal's dealer."""
        return self.players[self.next_dealer_index]

    def seat_indices(self, dealer: int) -> tuple[int, int, int]:
        """Player indices of forehand, middlehand, rearhand for a dealer (D-12)."""
        n = self.size
        return ((dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n)

    def next_seats(self) -> tuple[str, str, str]:
        """Names of forehand, middlehand and rearhand in the next deal."""
        a, b, c = self.seat_indices(self.next_dealer_index)
        return (self.players[a], self.players[b], self.players[c])

    @property
    def next_is_bock(self) -> bool:
        """The next deal counts double (D-16)."""
        return bool(self.queue) and self.queue[0] == "bock"

    @property
    def next_is_ramsch(self) -> bool:
        """The next deal is part of a Ramsch round (D-16)."""
        return bool(self.queue) and self.queue[0] == "ramsch"

    def new_game(self, deal: Deal) -> GameState:
        """The first state of the next deal (a Ramsch deal in a Ramsch round)."""
        self._check_open()
        return new_game(deal, self.rules, ramsch=self.next_is_ramsch)

    def _check_open(self) -> None:
        if self.is_complete:
            raise TableError(f"the series of {self.deals} deals is complete")

    def record(self, outcome: GameState | DealResult, *, dealer: int | str | None = None
               ) -> Table:
        """The table after recording the next deal's outcome: a finished
        :class:`~skatlib.GameState`, or its result (a :class:`~skatlib.GameResult`
        only if it says who declared, as :func:`~skatlib.result` makes it).
        ``dealer``, if given, must be the next dealer (by index or name).

        :raises TypeError: for anything but a state or a deal result.
        :raises TableError: for an unfinished state, the wrong dealer, a game
            result without its declarer, or a complete series.  The table itself
            is never changed.

        >>> from skatlib import PassedIn
        >>> Table(("A", "B", "C")).record(PassedIn()).entries[0].kind
        'passed_in'
        >>> Table(("A", "B", "C")).record("foo")             # doctest: +ELLIPSIS
        Traceback (most recent call last):
        TypeError: outcome must be a finished GameState or a deal result ..., not str
        """
        if not isinstance(outcome, (GameState, *_RESULTS)):
            raise TypeError("outcome must be a finished GameState or a deal result "
                            "(GameResult, PassedIn, RamschResult, Abandoned), not "
                            f"{type(outcome).__name__}")
        self._check_open()
        if dealer is not None:
            idx = self.players.index(dealer) if isinstance(dealer, str) and \
                dealer in self.players else dealer
            if idx != self.next_dealer_index:
                raise TableError(
                    f"the next deal is dealt by {self.next_dealer} (index "
                    f"{self.next_dealer_index}), not {dealer!r}")
        if not isinstance(outcome, GameState):
            if isinstance(outcome, GameResult) and outcome.declarer is None:
                raise TableError("record a finished GameState, or a GameResult that says who "
                                 "declared (its declarer is None); or use record_game()")
            return self.record_game(outcome)
        if outcome.phase != Phase.FINISHED:
            raise TableError("the deal is not finished: play it to the end first")
        if outcome.rules != self.rules:
            raise TableError(f"the deal was played under rules {outcome.rules.name!r}, "
                             f"not this table's {self.rules.name!r}: start it with "
                             "Table.new_game()")
        if self.next_is_ramsch and not outcome.ramsch_round:
            raise TableError("a Ramsch round is due (D-16) but this deal was bid: start it "
                             "with Table.new_game()")
        if not self.next_is_ramsch and outcome.ramsch_round:
            raise TableError("this deal started as Ramsch, but no Ramsch round is due: "
                             "start it with Table.new_game()")
        res = result(outcome)
        if res is None:  # a real check, not an assert (python -O removes those)
            raise TableError("the deal has no result yet: play it to the end first")
        return self._record(res, outcome.declarer_index)

    def record_game(self, res: DealResult, *, declarer: int | str | None = None) -> Table:
        """Record a result given without a state.  A :class:`~skatlib.GameResult`
        needs its declarer: ``declarer`` by seat (0..2: forehand, middlehand,
        rearhand) or player name, or else the result's own
        :attr:`~skatlib.GameResult.declarer`; other results have none.

        :raises TypeError: if ``res`` is not a deal result.
        :raises TableError: for a missing, impossible or contradicting declarer.

        >>> from skatlib import Contract, score
        >>> r = score(Contract.parse("G"), bid=18, matadors=1, declarer_points=70,
        ...           declarer_tricks=6)
        >>> Table(("A", "B", "C")).record_game(r, declarer="B").entries[0].seeger_fabian
        (0, 98, 0)
        >>> Table(("A", "B", "C")).record_game(r, declarer=-1)   # doctest: +ELLIPSIS
        Traceback (most recent call last):
        skatlib.errors.TableError: declarer must be a seat 0..2 (...) or the name ..., not -1
        """
        if not isinstance(res, _RESULTS):
            raise TypeError("res must be a deal result (GameResult, PassedIn, RamschResult, "
                            f"Abandoned), not {type(res).__name__}")
        self._check_open()
        if not isinstance(res, GameResult):
            if declarer is not None:
                raise TableError(f"a {type(res).__name__} has no declarer, but declarer="
                                 f"{declarer!r} was given")
            return self._record(res, -1)
        seat = self._declarer_seat(declarer) if declarer is not None else -1
        if res.declarer is not None:
            if seat >= 0 and seat != int(res.declarer):
                raise TableError(f"declarer={declarer!r} contradicts the result's declarer "
                                 f"({res.declarer.name.lower()})")
            seat = int(res.declarer)
        if seat < 0:
            raise TableError("a game result needs its declarer (seat 0..2 or a name)")
        return self._record(res, seat)

    def _declarer_seat(self, declarer: int | str) -> int:
        seats = self.seat_indices(self.next_dealer_index)
        if isinstance(declarer, str) and declarer in self.players \
                and self.players.index(declarer) in seats:
            return seats.index(self.players.index(declarer))
        if isinstance(declarer, int) and not isinstance(declarer, bool) and 0 <= declarer <= 2:
            return declarer
        raise TableError("declarer must be a seat 0..2 (forehand, middlehand, rearhand) or the "
                         f"name of a player in this deal {self.next_seats()}, not {declarer!r}")

    def _record(self, res: DealResult, declarer_seat: int) -> Table:
        n = self.size
        dealer = self.next_dealer_index
        seats = self.seat_indices(dealer)
        bock = 2 if self.next_is_bock else 1
        ramsch_round = self.next_is_ramsch
        plain = [0] * n
        sf = [0] * n
        declarer_index = -1
        if isinstance(res, GameResult):
            declarer_index = seats[declarer_seat]
            plain[declarer_index] = res.score * bock
            mine, others = seeger_fabian(res, players=n, bock=bock)
            sf = [mine if i == declarer_index else others for i in range(n)]
        elif isinstance(res, RamschResult):
            for seat in range(3):
                plain[seats[seat]] = res.scores[seat] * bock
                sf[seats[seat]] = res.scores[seat] * bock
        triggers = bock_triggers(res, self.rules, in_round=bock > 1 or ramsch_round) \
            if self.rules.bock else ()
        queue = self.queue[1:] if self.queue else ()
        if triggers:
            queue = queue + ("bock",) * n
            if self.rules.bock_ramsch_round:
                queue = queue + ("ramsch",) * n
        entry = SheetEntry(len(self.entries) + 1, dealer, seats, res, bock, ramsch_round,
                           tuple(plain), tuple(sf), triggers, declarer_index)
        return attrs.evolve(self, entries=self.entries + (entry,), queue=queue)

    def play(self, deal: Deal, bots: Sequence[Bot]) -> Table:
        """Play the next deal with ``bots`` (one per seat: forehand, middlehand,
        rearhand) through :func:`~skatlib.play_game` and record it."""
        if len(bots) != 3:
            raise TableError(f"a deal needs 3 bots (one per seat), not {len(bots)}")
        return self.record(play_game(self.new_game(deal), bots))

    def totals(self, system: Literal["list", "seeger_fabian"] | None = None
               ) -> tuple[int, ...]:
        """Running totals per player under a system (default ``rules.scoring``)."""
        system = system or self.rules.scoring
        if system not in ("list", "seeger_fabian"):
            raise TableError(f"unknown scoring system {system!r}: 'list' or 'seeger_fabian'")
        attr = "list_points" if system == "list" else "seeger_fabian"
        return tuple(sum(getattr(e, attr)[i] for e in self.entries) for i in range(self.size))

    def standings(self, system: Literal["list", "seeger_fabian"] | None = None
                  ) -> list[tuple[str, int]]:
        """Players with their totals, best first."""
        totals = self.totals(system)
        return sorted(zip(self.players, totals), key=lambda pt: -pt[1])

    def sheet(self) -> str:
        """The score sheet as a text table a person reads at a glance."""
        names = self.players
        width = max(8, *(len(p) for p in names))
        head = f"{'#':>3} {'dealer':<{width}} " + " ".join(f"{p:>{width}}" for p in names)
        lines = [head, "-" * len(head)]
        running = [0] * self.size
        system = self.rules.scoring
        for e in self.entries:
            pts = e.list_points if system == "list" else e.seeger_fabian
            running = [a + b for a, b in zip(running, pts)]
            cells = " ".join(f"{(f'{p:+d}' if p else '.'):>{width}}" for p in pts)
            lines.append(f"{e.number:>3} {names[e.dealer]:<{width}} {cells}  "
                         f"{e.describe(names)}")
        lines.append("-" * len(head))
        label = "list" if system == "list" else "Seeger-Fabian"
        lines.append(f"{'':>3} {label:<{width}} " + " ".join(f"{t:>{width}}" for t in running))
        return "\n".join(lines)


_ = GameState
