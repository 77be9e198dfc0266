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

import contextlib
from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any, Literal, SupportsIndex, Union

import attrs

from .contract import Contract, GameType
from .deal import Deal, Seat
from .errors import Reason, RecordError, SkatError, TableError, as_int, as_text, type_error
from .loop import Bot, play_game
from .ramsch import RamschResult
from .record import GameRecord, replay
from .rules import ISKO, SCORING_NAMES, Rules
from .scoring import Abandoned, GameResult, PassedIn, score, seeger_fabian
from .sheet import Sheet, SheetRow, envelope
from .state import GameState, Phase, new_game, result

__all__ = ["Table", "SheetEntry", "DealResult", "bock_triggers", "Casino", "Payment",
           "Settlement", "TABLE_FORMAT", "TABLE_VERSION"]

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
    record: GameRecord | None = None
    """The deal's record (``None`` for a result recorded without its state): the
    series replays from these (:meth:`Table.to_dict`)."""

    def __attrs_post_init__(self) -> None:
        # the type policy for a value a caller may build by hand: a wrong field is refused
        # here, not when a sheet or a total reads it
        ints = "number", "dealer", "bock", "_declarer_index"
        for name in ints:
            object.__setattr__(self, name, as_int(getattr(self, name), name.lstrip("_")))
        for name in ("seats", "list_points", "seeger_fabian"):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
                raise type_error(name, "a sequence of ints", value)
            object.__setattr__(self, name, tuple(as_int(v, name) for v in value))
        if len(self.seats) != 3:
            raise TableError(f"seats holds the players of forehand, middlehand and rearhand "
                             f"(3), not {self.seats}")
        if not isinstance(self.result, _RESULTS):
            raise type_error("result", "a deal result (GameResult, PassedIn, RamschResult, "
                             "Abandoned)", self.result)
        if not isinstance(self.ramsch_round, bool):
            raise type_error("ramsch_round", "True or False", self.ramsch_round)
        if isinstance(self.triggers, str) or not isinstance(self.triggers, Sequence) \
                or not all(isinstance(t, str) for t in self.triggers):
            raise type_error("triggers", "a sequence of trigger names", self.triggers)
        object.__setattr__(self, "triggers", tuple(self.triggers))
        if self.record is not None and not isinstance(self.record, GameRecord):
            raise type_error("record", "a GameRecord or None", self.record)

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
        raise type_error("players", "a sequence of 3 or 4 names", value)
    players = tuple(str(p) for p in value)
    if len(players) not in (3, 4):
        raise TableError(f"a Skat table has 3 or 4 players, not {len(players)}: {players}")
    if len(set(players)) != len(players):
        raise TableError(f"player names must be distinct: {players}")
    return players


def _deals(value: SupportsIndex | None) -> int | None:
    return None if value is None else as_int(value, "deals", "an int or None")


def _first_dealer(value: SupportsIndex) -> int:
    return as_int(value, "first_dealer")


def _entries(value: Sequence[SheetEntry]) -> tuple[SheetEntry, ...]:
    if type(value) is not tuple:
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise type_error("entries", "a sequence of SheetEntry", value)
        value = tuple(value)
    for e in value:
        if not isinstance(e, SheetEntry):
            raise type_error("entries", "a sequence of SheetEntry", e)
    return value


def _queue(value: Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise type_error("queue", "a sequence of 'bock' and 'ramsch'", value)
    out = tuple(value)
    for q in out:
        if q not in ("bock", "ramsch"):
            raise TableError(f"queue holds 'bock' and 'ramsch' deals (D-16), not {q!r}")
    return out


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
    deals: int | None = attrs.field(default=None, converter=_deals)
    first_dealer: int = attrs.field(default=0, converter=_first_dealer)
    entries: tuple[SheetEntry, ...] = attrs.field(default=(), converter=_entries)
    queue: tuple[str, ...] = attrs.field(default=(), converter=_queue)
    """Upcoming special deals, in order: ``'bock'`` or ``'ramsch'`` (D-16)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise type_error("rules", "Rules", self.rules)
        if not 0 <= self.first_dealer < len(self.players):
            raise TableError(f"first_dealer must be 0..{len(self.players) - 1}, not "
                             f"{self.first_dealer}")
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
        skatlib.errors.ArgumentTypeError: outcome must be a finished GameState ... not str ('foo')
        """
        if not isinstance(outcome, (GameState, *_RESULTS)):
            raise type_error("outcome", "a finished GameState or a deal result (GameResult, "
                             "PassedIn, RamschResult, Abandoned)", outcome)
        self._check_open()
        if dealer is not None:
            idx = (self.players.index(dealer) if dealer in self.players else -1) \
                if isinstance(dealer, str) else as_int(dealer, "dealer", "an int or a name")
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
        record = GameRecord(outcome.deal, outcome.actions(), self.rules,
                            ramsch=outcome.ramsch_round)
        return self._record(res, outcome.declarer_index, record)

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
            raise type_error("res", "a deal result (GameResult, PassedIn, RamschResult, "
                             "Abandoned)", res)
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
        if not isinstance(declarer, str):
            seat = as_int(declarer, "declarer", "a seat 0..2 or a player's name")
            if 0 <= seat <= 2:
                return seat
        raise TableError("declarer must be a seat 0..2 (forehand, middlehand, rearhand) or the "
                         f"name of a player in this deal {self.next_seats()}, not {declarer!r}")

    def _record(self, res: DealResult, declarer_seat: int, record: GameRecord | None = None
                ) -> Table:
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
                           tuple(plain), tuple(sf), triggers, declarer_index, record)
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

    # ----- the sheet in text, CSV and Markdown ------------------------------------------
    def to_sheet(self) -> Sheet:
        """The series as a :class:`~skatlib.sheet.Sheet` (what a score keeper writes:
        the facts of every deal, the written result, value and score, and the running
        totals under ``rules.scoring``), which :func:`skatlib.sheet.check` finds clean.

        >>> from skatlib import RuleBot, Deal
        >>> from skatlib.sheet import check
        >>> t = Table(("A", "B", "C"))
        >>> for i in range(3):
        ...     t = t.play(Deal.shuffled(i), [RuleBot()] * 3)
        >>> check(t.to_sheet()).ok
        True
        """
        rows: list[SheetRow] = []
        running = [0] * self.size
        for e in self.entries:
            pts = e.list_points if self.rules.scoring == "list" else e.seeger_fabian
            running = [a + b for a, b in zip(running, pts)]
            cells = [("deal", str(e.number)), ("dealer", self.players[e.dealer])]
            r = e.result
            if isinstance(r, GameResult):
                c = r.contract
                cells += [("declarer", self.players[e._declarer_index]),
                          ("contract", str(c)), ("bid", str(r.bid)),
                          ("matadors", "" if c.is_null else str(r.matadors)),
                          ("points", str(r.declarer_points)),
                          ("schneider", "yes" if r.schneider else "no"),
                          ("schwarz", "yes" if r.schwarz else "no"),
                          ("kontra", ("", "kontra", "re")[r.kontra]),
                          ("bock", "bock" if e.bock > 1 else ""),
                          ("conceded", "declarer" if r.conceded else
                           ("defenders" if r.defenders_conceded else "")),
                          ("result", "won" if r.won else "lost"), ("value", str(r.value)),
                          ("score", str(r.score * e.bock))]
            else:
                kind = {"passed_in": "passed", "ramsch": "ramsch"}.get(e.kind, "no game")
                cells += [("contract", kind), ("bock", "bock" if e.bock > 1 else "")]
            rows.append(SheetRow(e.number, tuple(cells), tuple(str(t) for t in running)))
        return Sheet(self.players, tuple(rows), self.rules.scoring)

    def sheet(self, format: Literal["text", "csv", "markdown"] = "text", *,
              stake: Decimal | int | str | None = None) -> str:
        """The score sheet: ``"text"`` (aligned columns a person reads at a glance),
        ``"csv"`` (:meth:`to_sheet` as CSV, which ``skat check`` reads) or
        ``"markdown"`` (a table).  The totals are on ``rules.scoring``, named in the
        total line.  ``stake`` (money per point) adds the :meth:`settlement` below.

        >>> from skatlib import Contract, score
        >>> r = score(Contract.parse("N"), bid=23, matadors=0, declarer_points=0,
        ...           declarer_tricks=0)
        >>> t = Table(("Ann", "Ben", "Cem"), rules=Rules()).record_game(r, declarer="Ben")
        >>> print(t.sheet())
          # dealer          Ann      Ben      Cem
        -----------------------------------------
          1 Ann               .      +23        .  Ben: Null — Null 23; won, +23
        -----------------------------------------
            plain list        0       23        0  (totals: plain list (D-13))
        >>> print(t.sheet("markdown"))
        | # | dealer | Ann | Ben | Cem | game |
        |---:|:---|---:|---:|---:|:---|
        | 1 | Ann |  | +23 |  | Ben: Null — Null 23; won, +23 |
        | | **plain list (D-13)** | **0** | **23** | **0** | |
        """
        if format == "csv":
            if stake is not None:
                raise TableError("a CSV sheet holds no settlement: use format='text' or "
                                 "'markdown' with stake=, or Table.settlement()")
            return self.to_sheet().to_csv()
        if format not in ("text", "markdown"):
            raise TableError(f"unknown sheet format {format!r}: 'text', 'csv' or 'markdown'")
        names = self.players
        label = "list" if self.rules.scoring == "list" else "seeger_fabian"
        rows = []
        running = [0] * self.size
        for e in self.entries:
            pts = e.list_points if label == "list" else e.seeger_fabian
            running = [a + b for a, b in zip(running, pts)]
            rows.append((str(e.number), names[e.dealer],
                         [f"{p:+d}" if p else "" for p in pts], e.describe(names)))
        name = self.rules.scoring_name
        if format == "markdown":
            lines = ["| # | dealer | " + " | ".join(names) + " | game |",
                     "|---:|:---|" + "---:|" * self.size + ":---|"]
            lines += [f"| {n} | {d} | " + " | ".join(c) + f" | {what} |"
                      for n, d, c, what in rows]
            lines.append(f"| | **{name}** | " + " | ".join(f"**{t}**" for t in running)
                         + " | |")
        else:
            short = name.split(" (")[0]
            width = max(8, *(len(p) for p in names))
            left = max(len("dealer"), len(short), *(len(p) for p in names))
            head = f"{'#':>3} {'dealer':<{left}} " + " ".join(f"{p:>{width}}" for p in names)
            lines = [head, "-" * len(head)]
            lines += [f"{n:>3} {d:<{left}} " + " ".join(f"{(x or '.'):>{width}}" for x in c)
                      + f"  {what}" for n, d, c, what in rows]
            lines.append("-" * len(head))
            lines.append(f"{'':>3} {short:<{left}} " + " ".join(f"{t:>{width}}" for t in running)
                         + f"  (totals: {name})")
        if stake is not None:
            lines += ["", self.settlement(stake).text()]
        return "\n".join(lines)

    # ----- settling up ------------------------------------------------------------------
    def settlement(self, per_point: Decimal | int | str, *,
                   system: Literal["list", "seeger_fabian"] | None = None,
                   casino: Casino | None = None) -> Settlement:
        """Who pays whom at the end (exact :class:`~decimal.Decimal` money, never floats).

        The pub way (default): every player pays or receives the difference of his
        total to every other player's total × ``per_point`` (totals under ``system``,
        default ``rules.scoring``).  With ``casino`` (seed 003, the online-casino
        way), each deal is paid on its own: the losing side pays ``per_point`` × the
        game value (× Kontra/Re/Bock, at most the casino's ``limit``) to each winner,
        and the winners leave the commission to the house.

        :raises TypeError: for a float (or another non-money type) as ``per_point``.

        >>> from skatlib import Contract, score
        >>> r = score(Contract.parse("G"), bid=18, matadors=1, declarer_points=70,
        ...           declarer_tricks=6)
        >>> t = Table(("Ann", "Ben", "Cem"), rules=Rules()).record_game(r, declarer="Ben")
        >>> print(t.settlement("0.01").text())
        Settlement at 0.01 per point (plain list (D-13)):
          Ann pays Ben 0.48
          Cem pays Ben 0.48
          balances: Ann −0.48, Ben +0.96, Cem −0.48
        >>> print(t.settlement(Decimal("0.10"), casino=Casino("0.09")).text())
        Settlement at 0.10 per point (casino: stake × game value, 9% commission per player):
          Ann pays Ben 4.80
          Ben pays house 1.29
          Cem pays Ben 4.80
          balances: Ann −4.80, Ben +8.31, Cem −4.80
          house commission: 1.29
        """
        stake = _money(per_point, "per_point")
        if casino is not None:
            if not isinstance(casino, Casino):
                raise type_error("casino", "a Casino or None", casino)
            return self._casino(stake, casino)
        totals = self.totals(system)
        n = self.size
        flows: dict[tuple[int, int], Decimal] = {}
        for i in range(n):
            for j in range(i + 1, n):
                diff = totals[i] - totals[j]
                if diff:
                    payer, payee = (j, i) if diff > 0 else (i, j)
                    flows[(payer, payee)] = abs(diff) * stake
        label = SCORING_NAMES[system or self.rules.scoring]
        return _settle(self.players, flows, stake, f"{label}", Decimal(0))

    def _casino(self, stake: Decimal, casino: Casino) -> Settlement:
        flows: dict[tuple[int, int], Decimal] = {}
        house = Decimal(0)
        cent = Decimal("0.01")
        for e in self.entries:
            r = e.result
            seats = list(e.seats)
            if isinstance(r, GameResult):
                d = e._declarer_index
                others = [s for s in seats if s != d]
                payers, receivers = ([d], others) if not r.won else (others, [d])
                money = stake * r.value * (1 << r.kontra) * e.bock
            elif isinstance(r, RamschResult):
                if r.durchmarsch is not None:
                    receivers = [seats[int(r.durchmarsch)]]
                else:
                    receivers = [seats[i] for i in range(3) if Seat(i) not in r.losers]
                payers = [s for s in seats if s not in receivers]
                money = stake * r.value * e.bock
            else:
                continue
            if not payers or not receivers:
                continue
            if casino.limit is not None:
                money = min(money, casino.limit)
            fee = (money * casino.commission).quantize(cent, ROUND_HALF_UP) * 3
            house += fee
            for p in payers:
                for q in receivers:
                    _flow(flows, p, q, money)
            for q in receivers:
                _flow(flows, q, -1, fee / len(receivers))
        percent = (casino.commission * 100).normalize()
        method = f"casino: stake × game value, {percent:f}% commission per player"
        if casino.limit is not None:
            method += f", limit {casino.limit}"
        return _settle(self.players, flows, stake, method, house)

    # ----- keeping a series: JSON -------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The series as versioned JSON data (``format`` ``"skatlib-table"``,
        ``version`` 1): ``players``, ``rules`` (as in a skatlib-record),
        ``deals``, ``first_dealer``, ``entries`` (each deal's skatlib-record under
        ``"record"``, or for a result recorded without its state the result under
        ``"result"``) and ``sheet`` (:meth:`to_sheet` as a ``skatlib-sheet``).
        :meth:`from_dict` replays every record and reads everything back.

        :raises RecordError: (``UNWRITABLE_VALUE``) for a result recorded without its
            state that its fields cannot rebuild (a Ramsch result; a game ended early
            by D-10): record the finished :class:`~skatlib.GameState` instead.

        >>> from skatlib import RuleBot, Deal, PUB
        >>> t = Table(("A", "B", "C", "D"), rules=PUB)
        >>> for i in range(4):
        ...     t = t.play(Deal.shuffled(i), [RuleBot()] * 3)
        >>> data = t.to_dict()
        >>> data["format"], data["version"], len(data["entries"])
        ('skatlib-table', 1, 4)
        >>> Table.from_dict(data) == t
        True
        """
        from .formats import json as record_json

        entries: list[dict[str, Any]] = []
        for e in self.entries:
            if e.record is not None:
                entries.append({"record": record_json.to_dict(e.record)})
            else:
                entries.append({"result": _result_dict(e)})
        return {"format": TABLE_FORMAT, "version": TABLE_VERSION,
                "players": list(self.players), "rules": record_json._rules_dict(self.rules),
                "deals": self.deals, "first_dealer": self.first_dealer,
                "entries": entries, "sheet": self.to_sheet().to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        """The series from :meth:`to_dict`'s data: every record replayed (each action
        checked) and recorded again, so the sheet, Bock queue and totals are rebuilt
        by the rules, then compared with the saved ``sheet``.

        :raises RecordError: naming the field (``'entries[3].record'``, ``'sheet'``) of
            anything that does not read, replay or agree.
        """
        from .formats import json as record_json

        envelope(data, TABLE_FORMAT, TABLE_VERSION, set(_TABLE_KEYS))
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("players must be a list of names", field="players")
        deals = data.get("deals")
        first = data.get("first_dealer", 0)
        if deals is not None and type(deals) is not int:
            raise RecordError(f"deals must be a whole number or null, not {deals!r}",
                              field="deals")
        if type(first) is not int:
            raise RecordError(f"first_dealer must be a whole number, not {first!r}",
                              field="first_dealer")
        rules = record_json._rules(data.get("rules", {}))
        try:
            table = cls(tuple(players), rules=rules, deals=deals, first_dealer=first)
        except SkatError as exc:
            raise RecordError(str(exc), exc.reason, field="players") from exc
        raw = data.get("entries", [])
        if not isinstance(raw, list):
            raise RecordError("entries must be a list", field="entries")
        for i, item in enumerate(raw):
            where = f"entries[{i}]"
            if not isinstance(item, Mapping) or len(item) != 1 or not (
                    "record" in item or "result" in item):
                raise RecordError("an entry is an object with one key, 'record' or 'result'",
                                  field=where)
            try:
                if "record" in item:
                    rec = record_json.from_dict(item["record"], check=False)
                    table = table.record(replay(rec))
                else:
                    res, seat = _result_from_dict(item["result"])
                    table = table.record_game(res, declarer=seat)
            except RecordError as exc:
                raise RecordError(str(exc), exc.reason, field=f"{where}.{exc.field or ''}"
                                  ) from exc
            except SkatError as exc:
                raise RecordError(str(exc), exc.reason, field=where) from exc
        if "sheet" in data:
            saved = Sheet.from_dict(data["sheet"])
            mine = table.to_sheet()
            if saved != mine:
                row = next((k for k, (a, b) in enumerate(zip(saved.rows, mine.rows))
                            if a != b), min(len(saved.rows), len(mine.rows)))
                raise RecordError(f"the saved sheet disagrees with the replayed deals at row "
                                  f"{row + 1} (check it with 'skat check')",
                                  Reason.RECORD_MISMATCH, field="sheet")
        return table


TABLE_FORMAT = "skatlib-table"
"""The ``format`` key of a series saved by :meth:`Table.to_dict`."""
TABLE_VERSION = 1
"""The version :meth:`Table.to_dict` writes and :meth:`Table.from_dict` reads."""
_TABLE_KEYS = frozenset({"players", "rules", "deals", "first_dealer", "entries", "sheet"})


def _result_dict(e: SheetEntry) -> dict[str, Any]:
    r = e.result
    if isinstance(r, PassedIn):
        return {"kind": "passed_in"}
    if isinstance(r, Abandoned):
        return {"kind": "abandoned", "seat": int(r.seat), "reason": r.reason}
    if isinstance(r, GameResult):
        out = {"kind": "game", "contract": str(r.contract), "bid": r.bid,
               "matadors": r.matadors, "declarer_points": r.declarer_points,
               "declarer_tricks": r.declarer_tricks, "schneider": r.schneider,
               "schwarz": r.schwarz, "kontra": r.kontra, "conceded": r.conceded,
               "defenders_conceded": r.defenders_conceded,
               "declarer": e.seats.index(e._declarer_index), "won": r.won,
               "score": r.score}
        back: DealResult | None = None
        with contextlib.suppress(RecordError):
            back = _result_from_dict(out)[0]
        if isinstance(back, GameResult) and attrs.evolve(back, declarer=r.declarer) == r:
            return out
    raise RecordError(f"deal {e.number}: a {type(r).__name__} recorded without its deal "
                      "cannot be written so that it reads back; record the finished "
                      "GameState (Table.record) instead", Reason.UNWRITABLE_VALUE)


def _result_from_dict(data: object) -> tuple[DealResult, int | None]:
    if not isinstance(data, Mapping):
        raise RecordError("a result is an object", field="result")
    kind = data.get("kind")
    try:
        if kind == "passed_in":
            return PassedIn(), None
        if kind == "abandoned":
            return Abandoned(Seat(as_int(data.get("seat"), "seat")),
                             as_text(data.get("reason"), "reason")), None
        if kind != "game":
            raise RecordError(f"unknown result kind {kind!r}: 'game', 'passed_in' or "
                              "'abandoned'", field="result.kind")
        c = Contract.parse(as_text(data.get("contract"), "contract"))
        t = data.get("declarer_tricks")
        flags = t is None or data.get("conceded") or data.get("defenders_conceded")
        common: dict[str, Any] = {
            "bid": data.get("bid"), "matadors": data.get("matadors"),
            "declarer_points": data.get("declarer_points"), "kontra": data.get("kontra", 0),
            "conceded": data.get("conceded", False),
            "defenders_conceded": data.get("defenders_conceded", False)}
        if flags and not c.is_null:
            res = score(c, schneider=data.get("schneider"), schwarz=data.get("schwarz"),
                        **common)
            res = attrs.evolve(res, declarer_tricks=None if t is None else as_int(t, "t"))
        else:
            res = score(c, declarer_tricks=t, **common)
    except (SkatError, TypeError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"the result does not rebuild: {exc}", field="result") from exc
    if (res.won, res.score) != (data.get("won"), data.get("score")):
        raise RecordError(f"the result's won/score ({data.get('won')}, {data.get('score')}) "
                          f"do not follow from its facts: {res.explain()}",
                          Reason.RECORD_MISMATCH, field="result")
    seat = data.get("declarer")
    return res, None if seat is None else as_int(seat, "declarer")


# ----- money -----------------------------------------------------------------------------


def _money(value: object, name: str) -> Decimal:
    """Exact money: a Decimal, an int or a decimal string; never a float."""
    if isinstance(value, Decimal):
        out = value
    elif isinstance(value, int) and not isinstance(value, bool):
        out = Decimal(value)
    elif isinstance(value, str):
        try:
            out = Decimal(value.strip())
        except InvalidOperation:
            raise TableError(f"{name}={value!r} is not a decimal amount such as '0.01'"
                             ) from None
    else:
        raise type_error(name, "a Decimal, an int or a decimal string such as '0.01' "
                         "(never a float: money is exact)", value)
    if not out.is_finite() or out < 0:
        raise TableError(f"{name} must be a finite amount of at least 0, not {value!r}")
    return out


def _commission(value: Decimal | int | str) -> Decimal:
    return _money(value, "commission")


def _limit(value: Decimal | int | str | None) -> Decimal | None:
    return None if value is None else _money(value, "limit")


@attrs.frozen
class Casino:
    """The online-casino settlement of seed 003: every deal is paid at once, stake ×
    game value, and the house keeps ``commission`` (a fraction, ``Decimal('0.09')``
    for 9 %) of the amount per player, rounded to the cent, times the 3 players of
    the deal; ``limit`` caps the amount per deal.

    >>> Casino(Decimal("0.09")).commission
    Decimal('0.09')
    """

    commission: Decimal = attrs.field(converter=_commission)
    limit: Decimal | None = attrs.field(default=None, converter=_limit)

    def __attrs_post_init__(self) -> None:
        if self.commission >= 1:
            raise TableError(f"commission is a fraction below 1 (0.09 for 9 %), not "
                             f"{self.commission}")


@attrs.frozen
class Payment:
    """``payer`` pays ``payee`` ``amount`` (``payee`` ``'house'`` for a commission)."""

    payer: str
    payee: str
    amount: Decimal


@attrs.frozen
class Settlement:
    """The end of a series in money: who pays whom, each player's balance (what he
    receives, negative when he pays) and the house's commission (casino only)."""

    players: tuple[str, ...]
    per_point: Decimal
    method: str
    payments: tuple[Payment, ...]
    balances: tuple[Decimal, ...]
    house: Decimal

    def text(self) -> str:
        """The settlement in lines a table reads out."""
        lines = [f"Settlement at {self.per_point} per point ({self.method}):"]
        lines += [f"  {p.payer} pays {p.payee} {p.amount}" for p in self.payments]
        if not self.payments:
            lines.append("  nobody pays anybody")
        lines.append("  balances: " + ", ".join(
            f"{n} {_signed_money(b)}" for n, b in zip(self.players, self.balances)))
        if self.house:
            lines.append(f"  house commission: {self.house}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def _signed_money(d: Decimal) -> str:
    return f"+{d}" if d > 0 else (f"−{-d}" if d < 0 else "0")


def _flow(flows: dict[tuple[int, int], Decimal], payer: int, payee: int, amount: Decimal
          ) -> None:
    if payee >= 0 and (payee, payer) in flows:  # net the pair
        back = flows.pop((payee, payer)) - amount
        if back > 0:
            flows[(payee, payer)] = back
        elif back < 0:
            flows[(payer, payee)] = -back
        return
    flows[(payer, payee)] = flows.get((payer, payee), Decimal(0)) + amount


def _settle(players: tuple[str, ...], flows: Mapping[tuple[int, int], Decimal],
            stake: Decimal, method: str, house: Decimal) -> Settlement:
    balances = [Decimal(0)] * len(players)
    payments = []
    for (payer, payee), amount in sorted(flows.items()):
        if not amount:
            continue
        balances[payer] -= amount
        if payee >= 0:
            balances[payee] += amount
        payments.append(Payment(players[payer], players[payee] if payee >= 0 else "house",
                                amount))
    return Settlement(players, stake, method, tuple(payments), tuple(balances), house)


_ = GameState
