"""Game records of the International Skat Server (ISS): read, write, replay, verify.

An ISS record is one line of SGF-style properties, ``KEY[value]``: the header
(``PC`` server, ``ID`` game number, ``SE`` series, ``DT`` date, ``P0``-``P2``
players by seat, ``R0``-``R2`` ratings), the moves ``MV[...]`` and the server's
result ``R[...]``.  ``shared/data/iss/FORMAT.md`` (copied to
``tests/data/iss/FORMAT.md``) describes the format in detail.

* :func:`loads` parses one line into an :class:`IssRecord` (syntax only);
  :func:`dumps` writes it back, character for character.
* :func:`read_records` streams a whole archive (plain, ``.bz2`` or ``.gz``; one
  game per line) in constant memory; :func:`scan` does the same leniently,
  yielding one :class:`ScanResult` per line with the error or the verification.
* :func:`to_game_record` turns the moves into skatlib actions under the
  :data:`~skatlib.ISS` rules, checking every move with
  :func:`~skatlib.apply`; :func:`from_game_record` goes back.
* :func:`check` replays a record and compares skatlib's result with
  ``R[...]`` field by field; :func:`verify` returns just the list of
  :class:`Difference` objects (empty when they agree).

Every problem with the input raises :class:`~skatlib.RecordError` with
:attr:`~skatlib.RecordError.line` (when known) and
:attr:`~skatlib.RecordError.field` (``'MV move 17'``, ``'R'``, ...).

>>> line = ("(;GM[Skat]PC[International Skat Server]CO[]SE[1]ID[4913050]"
...         "DT[2017-09-04/14:22:51/UTC]P0[a]P1[b]P2[c]R0[]R1[]R2[]MV[w "
...         "CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8.C7.SA.ST.SK.SQ.S9.S8.S7.HA.HT."
...         "HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9.D8.D7 1 p 2 p 0 p ]R[passed] ;)")
>>> rec = loads(line)
>>> rec.id, rec.players, rec.moves[1:]
('4913050', ('a', 'b', 'c'), (('1', 'p'), ('2', 'p'), ('0', 'p')))
>>> dumps(rec) == line
True
>>> to_game_record(rec).actions
(Pass(), Pass(), Pass())
>>> verify(rec)
[]

How ISS moves become skatlib actions (seat ``d`` is the declarer):

===============================  ==============================================
ISS                               skatlib
===============================  ==============================================
``1 18``, ``0 y``, ``2 p``        ``Bid(18)``, ``Hold()``, ``Pass()``
``d s`` then ``w C7.CT``          ``PickUpSkat()`` (the shown skat must be the dealt one)
``d G.H7.HQ``, or ``d G`` then    ``Declare(Contract.parse('G'), CardSet.parse('H7 HQ'))``
``d H7.HQ``
``d CH`` (no ``s`` before)        ``PlayHand()``, ``Declare(Contract.parse('CH'))``
``d NO.HA.HQ.<10 cards>``         the 10 shown cards of an ouvert game are checked
                                  against the declarer's hand (they may be left out)
``0 CJ``                          ``Play(Card.CJ)``
``d SC`` or ``d SC.<cards>``      ``Claim()``; dropped when the declarer's cards are
                                  already open (ouvert), where it changes nothing
``n RE``                          ``Concede(Seat(n))``
``w TI.n``, ``w LE.n``            ``TimeOut(Seat(n))``, ``Leave(Seat(n))``
``n ??`` then ``w LE.m``          the unknown card is dropped (only allowed right
                                  before a time-out or a player leaving)
===============================  ==============================================

Two conventions that are not plain ISkO (D-18):

* A record that ends right after one defender's ``RE`` that followed the
  declarer's ``SC`` (ISS2 game 272095, ``r:1``) is read as both defenders
  conceding: a ``Concede`` for the other defender is added.
* A declarer who announced a game but timed out before putting away two cards
  (``d C`` then ``w TI.d``) keeps no contract; the state's result follows the
  server (FORMAT.md 4.6).
"""

from __future__ import annotations

import bz2
import enum
import gzip
import io
import os
import re
import zlib
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, Union

import attrs

from ..actions import (
    Action,
    Claim,
    Concede,
    Declare,
    Hold,
    Leave,
    Pass,
    PickUpSkat,
    Play,
    PlayHand,
    Refuse,
    TimeOut,
)
from ..bidding import BID_VALUES, Bid
from ..cards import Card, CardSet
from ..contract import Contract
from ..deal import Deal, Seat
from ..deal import _unchecked as _unchecked_deal
from ..errors import (
    IllegalActionError,
    Reason,
    RecordError,
    SkatError,
    as_int,
    as_iterator,
    as_path,
    as_text,
    type_error,
)
from ..record import GameRecord, _unchecked_record, states
from ..rules import ISS
from ..scoring import Abandoned, GameResult, PassedIn, seeger_fabian
from ..state import GameState, Phase, apply, is_legal, new_game, result
from ..state._core import (
    E_DECLARER_CONCEDED,
    E_DEFENDERS_CONCEDED,
    E_LEFT,
    E_TIMEOUT,
    P_BIDDING,
    P_FINISHED,
    P_PLAYING,
    P_SKAT,
)

__all__ = [
    "MAX_LINE_LENGTH",
    "REQUIRED_FIELDS",
    "RESULT_FIELDS",
    "Difference",
    "IssRecord",
    "ScanResult",
    "Source",
    "Status",
    "Verification",
    "check",
    "dumps",
    "from_game_record",
    "loads",
    "parse_result",
    "read_records",
    "result_string",
    "scan",
    "to_game_record",
    "verify",
    "write_records",
]

Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes], Iterable[str], Iterable[bytes]]
"""Where :func:`read_records` and :func:`scan` read from: a path (plain, bzip2 or
gzip, recognised by the first bytes) or an open text or binary handle."""

RESULT_FIELDS = ("d", "outcome", "v", "m", "bid", "p", "t", "s", "z", "p0", "p1", "p2",
                 "l", "to", "r")
"""The keys of a parsed ``R[...]`` (see :func:`parse_result`), in the server's order.
``outcome`` is the word ``win``/``loss``/``penalty`` (or ``passed``), ``bid`` the
word ``bidok``/``overbid``; the others are the server's ``key:number`` tokens."""

MAX_LINE_LENGTH = 65_536
"""The longest record line (in characters, without the line break) the reader reads and
the writer writes.  Real ISS records have 400 to 2,500 characters; a longer line is
refused with ``Reason.TOO_LONG``, so a corrupt or hostile archive (a ``.bz2`` bomb,
``/dev/zero``) cannot exhaust the memory: reading holds at most one line of
``4 * MAX_LINE_LENGTH`` bytes (UTF-8) at a time."""

_SEATS = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)
_SOURCE_TYPE = "a path, a binary or text handle, or an iterable of lines"
# What the writer refuses in a value: the line breaks of file iteration (\n, \r) and of
# str.splitlines (\v \f \x1c-\x1e \x85 \u2028 \u2029), which would split the record, and
# lone surrogates, which UTF-8 cannot store.
_UNWRITABLE = re.compile("[\n\r\v\f\x1c-\x1e\x85\u2028\u2029\ud800-\udfff]")
_UNWRITABLE_ASCII = ("\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e")
"""The ASCII characters of :data:`_UNWRITABLE` (an ASCII line holds no other)."""
_CARD_CODES: dict[str, Card] = {c.name: c for c in Card}
_PLAYS: dict[str, Play] = {c.name: Play(c) for c in Card}
_SEAT_OF = {"0": 0, "1": 1, "2": 2}
_PACKET = (0,) * 10 + (1,) * 10 + (2,) * 10 + (3,) * 2
"""Who gets the i-th card of an ISS deal ``w``: forehand, middlehand, rearhand, the skat."""
_HOLD, _PASS, _PICKUP = Hold(), Pass(), PickUpSkat()
_BIDS: dict[str, Bid] = {str(v): Bid(v) for v in BID_VALUES}
_KEY = re.compile(r"[A-Z][A-Z0-9]*\Z")
_PROPERTY = re.compile(r"[ \t\r\n]*([A-Z][A-Z0-9]*)\[([^\]\\]*(?:\\.[^\]\\]*)*)\]", re.DOTALL)
"""One ``KEY[value]`` (after white space) as :func:`_properties` reads it: ``\\`` escapes
the next character."""
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)
_INT = re.compile(r"[+-]?[0-9]{1,6}\Z")
_BID = re.compile(r"[0-9]{1,4}\Z")
_CONTRACT = re.compile(r"[GCSHDN][HSZO]*\Z")
_EVENT = re.compile(r"(TI|LE)\.([0-9]+)\Z")
_ACTORS = frozenset({"w", "0", "1", "2"})
_WORDS = {"win": "outcome", "loss": "outcome", "penalty": "outcome",
          "bidok": "bid", "overbid": "bid"}
_NUMERIC = frozenset(RESULT_FIELDS) - {"outcome", "bid"}
_ISS_PHASES = frozenset({Phase.BIDDING, Phase.SKAT, Phase.DECLARING, Phase.PLAYING})


# ----------------------------------------------------------------------------- records


@attrs.frozen
class IssRecord:
    """One ISS record as it stands in the file: its properties, in order, and
    the move list split into ``(actor, action)`` pairs.

    Build it with :func:`loads` or :func:`from_game_record`.  ``dumps(loads(s))``
    gives ``s`` back (up to white space around the properties).
    """

    properties: tuple[tuple[str, str], ...]
    """Every ``KEY[value]`` in file order, values unescaped (``MV`` and ``R`` raw)."""
    moves: tuple[tuple[str, str], ...] = attrs.field(eq=False)
    """``MV`` as ``(actor, action)`` pairs: actor ``'w'`` (the server) or a seat ``'0'``-``'2'``."""
    line: int | None = attrs.field(default=None, eq=False)
    """The line number in the file it was read from (1-based), if any."""

    def get(self, key: str, default: str | None = None) -> str | None:
        """The value of property ``key`` (``default`` if absent)."""
        for k, v in self.properties:
            if k == key:
                return v
        return default

    @property
    def id(self) -> str | None:
        """``ID``: the game number, unique on its server."""
        return self.get("ID")

    @property
    def place(self) -> str | None:
        """``PC``: the server (``'International Skat Server'``, ``'ISS2'``, ...)."""
        return self.get("PC")

    @property
    def key(self) -> tuple[str | None, str | None]:
        """``(PC, ID)``, unique across servers."""
        return (self.place, self.id)

    @property
    def date(self) -> str | None:
        """``DT``: the start time, ``YYYY-MM-DD/HH:MM:SS/UTC``."""
        return self.get("DT")

    @property
    def players(self) -> tuple[str, str, str]:
        """``P0``-``P2``: the players by seat (forehand, middlehand, rearhand)."""
        return (self.get("P0") or "", self.get("P1") or "", self.get("P2") or "")

    @property
    def result_text(self) -> str | None:
        """The raw ``R[...]`` value, ``None`` if the record has none."""
        return self.get("R")

    @property
    def result_fields(self) -> dict[str, str] | None:
        """``R[...]`` parsed by :func:`parse_result` (``None`` if absent)."""
        text = self.result_text
        return None if text is None else parse_result(text, line=self.line)

    def __str__(self) -> str:
        return dumps(self)


@attrs.frozen
class Difference:
    """One field where the record's ``R[...]`` and skatlib's result disagree."""

    field: str
    """The result field (a key of :data:`RESULT_FIELDS`, or ``'R'`` when the record has none)."""
    recorded: str
    """What the record says."""
    computed: str
    """What skatlib computes."""

    def __str__(self) -> str:
        return f"{self.field}: record {self.recorded}, skatlib {self.computed}"


class Status(enum.Enum):
    """How a record's ``R[...]`` compares with skatlib's result."""

    AGREES = "agrees"
    """Every field both have agrees, and the record states the outcome (see below)."""
    DISAGREES = "disagrees"
    """At least one field differs."""
    UNVERIFIABLE = "unverifiable"
    """The result cannot be compared: the record has no ``R[...]``, or its ``R[...]``
    lacks the fields that state the outcome (:data:`REQUIRED_FIELDS`: ``R[x:1]``,
    ``R[bidok]``, ``R[win]`` without ``v``).  Never counted as agreeing."""


REQUIRED_FIELDS = ("d", "outcome", "v")
"""The fields an ``R[...]`` must have to be compared (only ``outcome`` for ``passed``):
who declared, win/loss/penalty and the value.  Without them nothing that matters is
checked, so the verification is :attr:`Status.UNVERIFIABLE`, not an agreement."""


@attrs.frozen
class Verification:
    """A replayed record and how its result compares with ``R[...]``."""

    game: GameRecord
    """The record as skatlib actions (``rules`` = :data:`~skatlib.ISS`)."""
    state: GameState
    """The final state."""
    result: GameResult | PassedIn | Abandoned
    """skatlib's result."""
    computed: str
    """skatlib's result in the server's ``R[...]`` form (:func:`result_string`)."""
    recorded: str | None
    """The record's ``R[...]`` value (``None`` if it has none)."""
    differences: tuple[Difference, ...]
    """Every disagreeing field; empty when the record agrees."""
    line: int | None = None
    """The line the record came from, if known."""

    @property
    def status(self) -> Status:
        """:attr:`Status.AGREES`, :attr:`~Status.DISAGREES` or
        :attr:`~Status.UNVERIFIABLE` (then :attr:`differences` holds one entry for
        ``R`` that says why, so counting differences never reads it as agreeing)."""
        if any(d.field == "R" for d in self.differences):
            return Status.UNVERIFIABLE
        return Status.DISAGREES if self.differences else Status.AGREES

    @property
    def ok(self) -> bool:
        """True when the record's result was compared and agrees with skatlib's."""
        return not self.differences

    @property
    def list_points(self) -> tuple[int, int, int]:
        """Seeger-Fabian list points by seat (D-14, ISS: 3-player table):
        declarer ±value ±50, each defender +40 when the declarer loses;
        0 for passed-in deals and penalty records.

        >>> v = check("(;GM[Skat]MV[w " + ".".join(c.name for c in Card) + " 1 p 2 p 0 p ]"
        ...           "R[passed] ;)")
        >>> v.list_points
        (0, 0, 0)
        """
        res = self.result
        if not isinstance(res, GameResult):
            return (0, 0, 0)
        declarer, other = seeger_fabian(res, players=3)
        d = self.state.declarer_index
        return (declarer if d == 0 else other, declarer if d == 1 else other,
                declarer if d == 2 else other)


@attrs.frozen
class ScanResult:
    """One line of an archive read by :func:`scan`."""

    line: int
    """The line number (1-based)."""
    text: str
    """The line itself (without the line break)."""
    record: IssRecord | None
    """The parsed record (``None`` if the line does not parse)."""
    verification: Verification | None
    """The replay and comparison (``None`` on an error or when not replayed)."""
    error: RecordError | None
    """Why the line could not be read or replayed (``None`` if it could)."""

    @property
    def differences(self) -> tuple[Difference, ...]:
        """The verification's differences (empty on an error)."""
        return self.verification.differences if self.verification is not None else ()

    @property
    def status(self) -> Status | None:
        """The verification's :class:`Status` (``None`` on an error or without replay)."""
        return self.verification.status if self.verification is not None else None

    @property
    def ok(self) -> bool:
        """True when the line parsed, replayed and (if replayed) agrees with ``R[...]``."""
        return self.error is None and not self.differences


# ----------------------------------------------------------------------------- syntax


def _line_number(line: object) -> int | None:
    return None if line is None else as_int(line, "line", "an int line number or None")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _properties(text: str, line: int | None) -> list[tuple[str, str]]:
    s = text.strip()
    if not s.startswith("(;"):
        raise RecordError(f"an ISS record starts with '(;', not {s[:20]!r}", line=line)
    # an ASCII line (every archive record) is searched for its 7 candidates by str's
    # own scans, not by the regular expression (the same answer, far faster)
    bad = (_UNWRITABLE.search(s) if not s.isascii() or any(map(s.__contains__, _UNWRITABLE_ASCII))
           else None)
    if bad is not None:  # what the writer refuses, so that every record read can be written
        raise RecordError(f"a record is one line of UTF-8 text, but column {bad.start() + 1} "
                          f"holds {bad.group()!r}", line=line)
    n = len(s)
    i = 2
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    prop = _PROPERTY.match
    while True:
        found = prop(s, i)
        if found is not None:  # the common case in one match (the code below words errors)
            key, value = found.group(1, 2)
            if key not in seen:
                if "\\" in value:
                    value = _ESCAPED.sub(r"\1", value)
                seen.add(key)
                out.append((key, value))
                i = found.end()
                continue
        while i < n and s[i] in " \t\r\n":
            i += 1
        if i >= n:
            raise RecordError("the record is cut off: it does not end with ';)'", line=line)
        if s[i] == ";" or s[i] == ")":
            end = i + 2 if s[i] == ";" else i + 1
            if s[i:end] not in (";)", ")"):
                raise RecordError(f"expected ';)' at the end of the record, found {s[i:i+10]!r}",
                                  line=line)
            if end != n:
                raise RecordError(f"text after the end of the record: {s[end:end + 20]!r}",
                                  line=line)
            return out
        j = i
        while j < n and ("A" <= s[j] <= "Z" or "0" <= s[j] <= "9"):
            j += 1
        key = s[i:j]
        if not key or not _KEY.match(key):
            raise RecordError(f"expected a property like 'ID[...]' at {s[i:i + 20]!r}", line=line)
        if j >= n or s[j] != "[":
            raise RecordError(f"property {key} has no '[value]'", line=line, field=key)
        k = j + 1
        close = s.find("]", k)
        if close < 0:
            raise RecordError(f"the value of {key} is not closed with ']'", line=line, field=key)
        value = s[k:close]
        if "\\" in value:
            chars: list[str] = []
            m = k
            while True:
                if m >= n:
                    raise RecordError(f"the value of {key} is not closed with ']'", line=line,
                                      field=key)
                ch = s[m]
                if ch == "\\" and m + 1 < n:
                    chars.append(s[m + 1])
                    m += 2
                    continue
                if ch == "]":
                    break
                chars.append(ch)
                m += 1
            value, close = "".join(chars), m
        if key in seen:
            raise RecordError(f"property {key} appears twice", line=line, field=key)
        seen.add(key)
        out.append((key, value))
        i = close + 1


def _split_moves(mv: str, line: int | None) -> tuple[tuple[str, str], ...]:
    tokens = mv.split()
    if len(tokens) % 2:
        raise RecordError(f"the moves are pairs '<actor> <action>', but there are {len(tokens)} "
                          f"words (the last is {tokens[-1]!r})", line=line, field="MV")
    actors = tokens[0::2]
    pairs = tuple(zip(actors, tokens[1::2], strict=True))
    if _ACTORS.issuperset(actors):
        return pairs
    for num, (actor, action) in enumerate(pairs, 1):
        if actor not in _ACTORS:
            raise RecordError(f"move {num} ({actor} {action}): the actor must be 'w' (the "
                              f"server) or a seat 0, 1, 2, not {actor!r}", line=line,
                              field=f"MV move {num}")
    return pairs


def parse_result(text: str, *, line: int | None = None) -> dict[str, str]:
    """Parse the value of ``R[...]`` into a dict keyed by :data:`RESULT_FIELDS`
    (numbers normalised, e.g. ``'+5'`` -> ``'5'``).  Fields missing from the
    record (``r`` in 2007-2008 records) are missing from the dict; unknown
    ``key:number`` tokens are kept under their own key.

    :raises RecordError: on a malformed token, a repeated field, or a word field
        given as a number (``outcome:8``).

    >>> parse_result("passed")
    {'outcome': 'passed'}
    >>> r = parse_result("d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0")
    >>> r["outcome"], r["v"], r["bid"]
    ('loss', '-54', 'bidok')
    >>> parse_result("d:0 outcome:8 v:18")
    Traceback (most recent call last):
    ...
    skatlib.errors.RecordError: field R: result token 'outcome:8': 'outcome' is a word (...), ...
    """
    as_text(text, "text")
    return _parse_result(text, line)


_LAST_RESULT: list[tuple[str, dict[str, str]]] = [("", {})]
"""The last ``R[...]`` text parsed and its fields: :func:`loads` checks a record's result
and :func:`check` reads it again, so a record's second parse is a copy of its first."""


_N = "(0|-?[1-9][0-9]{0,5})"
_SERVER_RESULT = re.compile(
    rf"d:{_N} (win|loss|penalty) v:{_N} m:{_N} (bidok|overbid) p:{_N} t:{_N} s:{_N} z:{_N} "
    rf"p0:{_N} p1:{_N} p2:{_N} l:{_N} to:{_N}(?: r:{_N})?")
"""An ``R[...]`` exactly as the server writes it: every field of :data:`RESULT_FIELDS` in
its order, single spaces, numbers as ``str(int(n))`` gives them (``r`` optional).  Such a
text parses, in one match, to what :func:`_parse_result_text` makes of it (test_iss_fast)."""


def _parse_result(text: str, line: int | None) -> dict[str, str]:
    last = _LAST_RESULT[0]  # one read: another thread may replace the entry, never tear it
    if last[0] == text and text:
        return dict(last[1])
    found = _SERVER_RESULT.fullmatch(text)
    if found is not None:
        out = dict(zip(RESULT_FIELDS, found.groups()))
        if out["r"] is None:
            del out["r"]
    else:
        out = _parse_result_text(text, line)
    _LAST_RESULT[0] = (text, dict(out))
    return out


def _parse_result_text(text: str, line: int | None) -> dict[str, str]:
    tokens = text.split()
    if tokens == ["passed"]:
        return {"outcome": "passed"}
    if not tokens:
        raise RecordError("the result R[] is empty", line=line, field="R")
    out: dict[str, str] = {}
    for tok in tokens:
        if tok in _WORDS:
            key, value = _WORDS[tok], tok
        else:
            key, sep, raw = tok.partition(":")
            if not sep or not key or not _INT.match(raw):
                raise RecordError(f"unknown result token {tok!r}: expected e.g. 'v:48', 'win', "
                                  "'bidok'", line=line, field="R")
            if key in RESULT_FIELDS and key not in _NUMERIC:  # outcome, bid (H-15)
                words = ", ".join(w for w, k in _WORDS.items() if k == key)
                raise RecordError(f"result token {tok!r}: {key!r} is a word ({words}), not "
                                  "'key:number'", line=line, field="R")
            value = str(int(raw))
        if key in out:
            raise RecordError(f"result field {key!r} appears twice", line=line, field="R")
        out[key] = value
    return out


def loads(text: str, *, line: int | None = None) -> IssRecord:
    """Parse one ISS record (one line).  Checks the syntax: the properties, the
    move pairs and the result tokens; the moves are checked by
    :func:`to_game_record`.

    :param line: the line number to report in errors.
    :raises RecordError: if the text is no ISS record.

    >>> loads("(;GM[Skat]ID[7]MV[w x ]R[passed] ;)").moves
    (('w', 'x'),)
    >>> loads("(;GM[Skat]ID[7]MV[w x", line=12)
    Traceback (most recent call last):
    ...
    skatlib.errors.RecordError: line 12, field MV: the value of MV is not closed with ']'
    >>> loads("(;GM[Skat]MV[w x 1 18 0 ]R[passed] ;)", line=3)
    Traceback (most recent call last):
    ...
    skatlib.errors.RecordError: line 3, field MV: the moves are pairs '<actor> <action>', ...
    """
    as_text(text, "text")
    line = _line_number(line)
    if len(text) > MAX_LINE_LENGTH:
        raise RecordError(f"the record has {len(text)} characters, more than MAX_LINE_LENGTH "
                          f"= {MAX_LINE_LENGTH}", Reason.TOO_LONG, line=line)
    props = _properties(text, line)
    values = dict(props)
    gm = values.get("GM")
    if gm is not None and gm != "Skat":
        raise RecordError(f"GM[{gm}] is not a Skat record (expected GM[Skat])", line=line,
                          field="GM")
    mv = values.get("MV")
    if mv is None:
        raise RecordError("the record has no moves MV[...]", line=line, field="MV")
    moves = _split_moves(mv, line)
    if "R" in values:
        parse_result(values["R"], line=line)
    return IssRecord(tuple(props), moves, line)


def dumps(record: IssRecord | GameRecord) -> str:
    """One line of ISS text (no line break).  A :class:`~skatlib.GameRecord` is
    converted with :func:`from_game_record` first.

    ``\\`` and ``]`` in values are escaped; what the reader cannot read back is
    refused: a line break or another character that splits lines (``\\r``,
    ``\\u2028``, ...), a lone surrogate (not UTF-8), a key that is not a property
    name, a property given twice, a line over :data:`MAX_LINE_LENGTH`.  The text
    written is read back and compared before it is returned, so
    ``loads(dumps(r)) == r`` for every record ``dumps`` accepts.

    :raises RecordError: (``UNWRITABLE_VALUE`` or ``TOO_LONG``) naming the property.

    >>> dumps(loads("(;GM[Skat]PC[x\\\\]y]MV[w x ] ;)"))
    '(;GM[Skat]PC[x\\\\]y]MV[w x ] ;)'
    >>> dumps(IssRecord((("GM", "Skat"), ("P0", "Ann\\nBen"), ("MV", "w x ")), ()))
    Traceback (most recent call last):
    ...
    skatlib.errors.RecordError: field P0: the value 'Ann\\nBen' cannot be written: ...
    """
    if isinstance(record, GameRecord):
        record = from_game_record(record)
    if not isinstance(record, IssRecord):
        raise type_error("record", "an IssRecord or a GameRecord", record)
    parts = []
    for key, value in record.properties:
        if not isinstance(key, str) or not isinstance(value, str):
            raise type_error("record.properties", "(str, str) pairs", (key, value))
        if not _KEY.match(key):
            raise RecordError(f"{key!r} cannot be written: a property name is capital letters "
                              "and digits, e.g. 'P0'", Reason.UNWRITABLE_VALUE, field=key[:20])
        bad = _UNWRITABLE.search(value)
        if bad is not None:
            raise RecordError(f"the value {value[:40]!r} cannot be written: it holds "
                              f"{bad.group()!r}, which ends a line or is no UTF-8 (a record is "
                              "one line)", Reason.UNWRITABLE_VALUE, field=key)
        parts.append(f"{key}[{_escape(value)}]")
    text = f"(;{''.join(parts)} ;)"
    if len(text) > MAX_LINE_LENGTH:
        raise RecordError(f"the record would be {len(text)} characters long; the reader reads "
                          f"lines of at most MAX_LINE_LENGTH = {MAX_LINE_LENGTH}", Reason.TOO_LONG)
    try:
        back = loads(text)
    except RecordError as exc:
        raise RecordError(f"the record cannot be written, it would not read back: {exc}",
                          Reason.UNWRITABLE_VALUE, field=exc.field) from exc
    if back.properties != record.properties:  # pragma: no cover - the checks above cover it
        raise RecordError("the record cannot be written: it would read back differently",
                          Reason.UNWRITABLE_VALUE)
    return text


# ----------------------------------------------------------------------------- streams


class _Prefixed(io.RawIOBase):
    """A binary stream that serves ``head`` (bytes already read to sniff the
    compression) and then the rest of ``raw``: any binary handle, buffered or not."""

    def __init__(self, head: bytes, raw: IO[bytes]) -> None:
        super().__init__()
        self._head = head
        self._raw = raw

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._head:
            n = min(len(view), len(self._head))
            view[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._raw.read(len(view))
        if not data:
            return 0
        view[:len(data)] = data
        return len(data)


class _LineTooLong:
    """Marks a line over :data:`MAX_LINE_LENGTH` (its text was never held in memory)."""


_MAX_SKIP = 64 << 20
"""Bytes (or characters) :func:`scan` discards looking for the end of an overlong line
before it gives up on the stream (``/dev/zero`` has no line end at all)."""

_Line = Union[str, _LineTooLong]  # noqa: UP007 - a runtime alias (Python 3.10)


def _bounded(readline: Callable[[int], Any], limit: int, newline: Any) -> Iterator[Any]:
    """Lines from ``readline``, each at most ``limit`` long (an overlong one comes as
    :class:`_LineTooLong`, its rest skipped only if the caller goes on reading)."""
    while True:
        chunk = readline(limit + 1)
        if not chunk:
            return
        if len(chunk) <= limit or chunk.endswith(newline):
            yield chunk
            continue
        size = len(chunk)
        yield _LineTooLong()
        while not chunk.endswith(newline):
            chunk = readline(limit + 1)
            if not chunk:
                return
            size += len(chunk)
            if size > _MAX_SKIP:
                raise RecordError(f"a line longer than {_MAX_SKIP} bytes without a line break: "
                                  "not an archive of records", Reason.TOO_LONG)


def _read_head(stream: IO[bytes]) -> bytes:
    head = b""
    while len(head) < 3:
        more = stream.read(3 - len(head))
        if not more:
            break
        head += more
    return head


def _binary_lines(stream: IO[bytes]) -> Iterator[_Line]:
    """Lines of a binary handle of any kind, decompressed if the first bytes say bzip2
    or gzip, decoded as UTF-8 (bad bytes become U+FFFD)."""
    head = _read_head(stream)
    reader: Any = io.BufferedReader(_Prefixed(head, stream))
    if head.startswith(b"BZh"):
        reader = bz2.BZ2File(reader)
    elif head.startswith(b"\x1f\x8b"):
        reader = gzip.GzipFile(fileobj=reader)
    with reader:
        for raw in _bounded(reader.readline, 4 * MAX_LINE_LENGTH + 2, b"\n"):
            yield raw if isinstance(raw, _LineTooLong) else raw.decode("utf-8", "replace")


def _text_lines(stream: IO[str]) -> Iterator[_Line]:
    readline = getattr(stream, "readline", None)
    if not callable(readline):
        yield from _checked_items(stream)
        return
    first = True
    for text in _bounded(readline, MAX_LINE_LENGTH + 2, "\n"):
        if first and isinstance(text, str) and text.startswith(("BZh", "\x1f\x8b", "\x1f\ufffd")):
            raise RecordError("the text handle holds compressed data: pass the file's path or "
                              "a binary handle (e.g. open(path, 'rb'), sys.stdin.buffer)",
                              Reason.BAD_RECORD)
        first = False
        yield text


def _checked_items(items: Iterable[object]) -> Iterator[_Line]:
    for item in items:
        if isinstance(item, (bytes, bytearray)):
            item = bytes(item).decode("utf-8", "replace")
        if not isinstance(item, str):
            raise type_error("source", "lines of text (str or bytes)", item)
        yield _LineTooLong() if len(item) > MAX_LINE_LENGTH + 2 else item


def _text_buffer(source: object) -> IO[bytes] | None:
    """The binary buffer under a text file that has not been read from yet, so that a
    compressed file opened in text mode is still recognised."""
    buffer = getattr(source, "buffer", None)
    if not isinstance(source, io.TextIOWrapper) or buffer is None:
        return None
    try:
        if not source.seekable() or source.tell() != 0:
            return None
        buffer.seek(0)
        head = _read_head(buffer)
        source.seek(0)
    except (OSError, ValueError):
        return None
    if head.startswith((b"BZh", b"\x1f\x8b")):
        buffer.seek(0)
        return buffer  # type: ignore[no-any-return]
    return None


def _raw_lines(source: Source) -> Iterator[_Line]:
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as fh:
            yield from _binary_lines(fh)
        return
    if isinstance(source, (bytes, bytearray)):
        raise type_error("source", _SOURCE_TYPE, source)
    read = getattr(source, "read", None)
    if callable(read):
        buffer = _text_buffer(source)
        if buffer is not None:
            yield from _binary_lines(buffer)
            return
        probe = read(0)  # b"" or "": the kind of handle, nothing consumed
        if isinstance(probe, bytes):
            yield from _binary_lines(source)  # type: ignore[arg-type]
        else:
            yield from _text_lines(source)  # type: ignore[arg-type]
        return
    try:
        items = iter(source)
    except TypeError:
        raise type_error("source", _SOURCE_TYPE, source) from None
    yield from _checked_items(items)


def _lines(source: Source) -> Iterator[_Line]:
    name = os.fspath(source) if isinstance(source, (str, os.PathLike)) else getattr(
        source, "name", "the input")
    try:
        yield from _raw_lines(source)
    except (OSError, EOFError, ValueError, zlib.error) as exc:  # ValueError: NUL in a path
        if isinstance(exc, SkatError):
            raise
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise RecordError(f"cannot read {name!r}: {why}", Reason.BAD_RECORD) from exc


def _numbered(source: Source) -> Iterator[tuple[int, str | RecordError]]:
    """Non-blank lines with their numbers; an overlong line comes as its RecordError."""
    for number, raw in enumerate(_lines(source), 1):
        if isinstance(raw, _LineTooLong):
            yield number, RecordError(
                f"the line is longer than MAX_LINE_LENGTH = {MAX_LINE_LENGTH} characters; "
                "ISS records have a few thousand at most", Reason.TOO_LONG, line=number)
            continue
        text = raw.rstrip("\r\n")
        if text.strip():
            yield number, text


def read_records(source: Source) -> Iterator[IssRecord]:
    """Stream the records of an archive, one per line (blank lines skipped), in
    constant memory.  ``source`` is a path (plain, ``.bz2`` or ``.gz``; the
    compression is recognised from the first bytes) or an open text or binary
    handle.  Strict: the first bad line raises.  Use :func:`scan` to go on past
    bad lines.

    :raises RecordError: naming the line of the first record that does not parse
        (or the file that cannot be read).

    >>> import io
    >>> text = io.StringIO("(;GM[Skat]ID[1]MV[w x ] ;)\\n\\n(;GM[Skat]ID[2]MV[w y ] ;)\\n")
    >>> [(r.line, r.id) for r in read_records(text)]
    [(1, '1'), (3, '2')]
    """
    for number, text in _numbered(source):
        if isinstance(text, RecordError):
            raise text
        yield loads(text, line=number)


def scan(source: Source, *, replay: bool = True) -> Iterator[ScanResult]:
    """Read an archive leniently: one :class:`ScanResult` per non-blank line,
    holding either the record (and, with ``replay``, its :class:`Verification`)
    or the :class:`~skatlib.RecordError` that stopped it.  Never raises for bad
    lines; a file that cannot be opened still raises :class:`~skatlib.RecordError`.

    >>> import io
    >>> bad = "(;GM[Skat]MV[w CJ.SJ ]R[passed] ;)"
    >>> [(s.line, s.ok, s.error.field) for s in scan(io.StringIO(bad))]
    [(1, False, 'MV move 1')]
    """
    if not isinstance(replay, bool):
        raise type_error("replay", "True or False", replay)
    for number, text in _numbered(source):
        if isinstance(text, RecordError):
            yield ScanResult(number, "", None, None, text)
            continue
        rec: IssRecord | None = None
        try:
            rec = loads(text, line=number)
            ver = check(rec) if replay else None
        except RecordError as exc:
            yield ScanResult(number, text, rec, None, exc)
            continue
        except SkatError as exc:  # pragma: no cover - every SkatError is converted above
            yield ScanResult(number, text, rec, None,
                             RecordError(str(exc), exc.reason, line=number))
            continue
        except Exception as exc:  # pragma: no cover - a bug in skatlib; keep scanning
            yield ScanResult(number, text, rec, None, RecordError(
                f"internal error ({type(exc).__name__}: {exc}); please report this record",
                Reason.BAD_RECORD, line=number))
            continue
        yield ScanResult(number, text, rec, ver, None)


def write_records(records: Iterable[IssRecord | GameRecord],
                  target: str | os.PathLike[str] | IO[str]) -> int:
    """Write records one per line (:func:`dumps`) to a path or a text handle;
    a path ending in ``.bz2`` or ``.gz`` is compressed.  Returns the number
    written.

    Records are written as they come: one that :func:`dumps` refuses stops the
    writing there (the lines before it are written).

    :raises TypeError: if ``records`` is not iterable or ``target`` is neither a path
        nor a handle with ``write``.
    :raises RecordError: as :func:`dumps`, for a record that cannot be written.
    :raises SkatError: for a path that holds a NUL character (``Reason.BAD_PATH``,
        ``skatlib.errors.as_path``), before anything is opened.
    :raises OSError: if the path cannot be opened or written (the caller's file).

    >>> import io
    >>> out = io.StringIO()
    >>> write_records([loads("(;GM[Skat]MV[w x ] ;)")], out), out.getvalue()
    (1, '(;GM[Skat]MV[w x ] ;)\\n')
    """
    records = as_iterator(records, "records", "an iterable of IssRecord or GameRecord")
    if not isinstance(target, (str, os.PathLike)) and not callable(getattr(target, "write",
                                                                               None)):
        raise type_error("target", "a path or a text handle", target)
    if isinstance(target, (str, os.PathLike)):
        name = as_path(target, "target")
        if name.endswith(".bz2"):
            with bz2.open(name, "wt", encoding="utf-8") as fh:
                return write_records(records, fh)
        if name.endswith(".gz"):
            with gzip.open(name, "wt", encoding="utf-8") as fh:
                return write_records(records, fh)
        with open(name, "w", encoding="utf-8") as fh:
            return write_records(records, fh)
    count = 0
    for rec in records:
        target.write(dumps(rec) + "\n")
        count += 1
    return count


# ----------------------------------------------------------------------------- ISS -> skatlib


_CONTRACT_OF: dict[str, Contract] = {}
"""Declaration heads read so far and their contracts (only texts ``Contract.parse``
accepts: each letter at most once, so the table stays small)."""


def _cards(text: str) -> list[Card]:
    """Cards joined by dots; raises KeyError on an unknown code."""
    return [_CARD_CODES[t] for t in text.split(".")]


class _Replay:
    """Turns ISS moves into checked skatlib actions."""

    def __init__(self, rec: IssRecord) -> None:
        self.rec = rec
        self.line = rec.line
        self.actions: list[Action] = []
        self.num = 0

    @property
    def move(self) -> str:
        """The text of move :attr:`num` (1-based), for the error messages."""
        moves = self.rec.moves
        return " ".join(moves[self.num - 1]) if 0 < self.num <= len(moves) else ""

    def fail(self, why: str, reason: Reason = Reason.BAD_RECORD) -> RecordError:
        return RecordError(f"move {self.num} ({self.move}): {why}", reason, line=self.line,
                           field=f"MV move {self.num}")

    def apply(self, state: GameState, action: Action) -> GameState:
        try:
            new = apply(state, action)
        except IllegalActionError as exc:
            raise self.fail(f"illegal: {exc}", exc.reason) from exc
        self.actions.append(action)
        return new

    def turn(self, state: GameState, seat: int) -> None:
        if state.to_move_index != seat:
            who = state.to_move
            raise self.fail(f"seat {seat} moves, but it is "
                            f"{'nobody' if who is None else f'seat {int(who)} ({who.title})'}'s "
                            "turn", Reason.NOT_YOUR_TURN)

    def declarer(self, state: GameState, seat: int) -> None:
        if state.declarer_index != seat:
            raise self.fail(f"only the declarer (seat {state.declarer_index}) may do this, not "
                            f"seat {seat}", Reason.NOT_DECLARER)

    def card_list(self, text: str, what: str) -> list[Card]:
        try:
            cards = _cards(text)
        except KeyError:
            raise self.fail(f"{what} must be cards like 'CJ' or 'ST' joined by dots, not "
                            f"{text!r}", Reason.UNKNOWN_CARD) from None
        if len(set(cards)) != len(cards):
            raise self.fail(f"{what} name a card twice: {text!r}", Reason.DUPLICATE_CARD)
        return cards

    def declaration(self, text: str) -> tuple[Contract, list[Card]]:
        head, _, rest = text.partition(".")
        if not _CONTRACT.match(head):
            raise self.fail(f"expected a declaration like 'G.H7.HQ', 'CH' or 'NOH', not {text!r}",
                            Reason.UNKNOWN_CONTRACT)
        contract = _CONTRACT_OF.get(head)
        if contract is None:
            try:
                contract = Contract.parse(head)
            except SkatError as exc:
                raise self.fail(str(exc), exc.reason) from exc
            _CONTRACT_OF[head] = contract  # a few dozen texts at most (the regex's letters)
        return contract, (self.card_list(rest, "the declaration's cards") if rest else [])

    def declare(self, state: GameState, contract: Contract, cards: list[Card]) -> GameState:
        """Declare after ``s`` (cards = 2 discards [+ 10 shown]) or hand (cards = [10 shown])."""
        if state.picked_up:
            if len(cards) < 2:
                raise self.fail("after picking up the skat the declarer puts away two cards "
                                "(e.g. 'G.H7.HQ', or 'G' then 'H7.HQ')", Reason.DISCARD_REQUIRED)
            discard, shown = CardSet.from_cards(cards[:2]), cards[2:]
            state = self.apply(state, Declare(contract, discard))
        else:
            shown = cards
            state = self.apply(state, PlayHand())
            state = self.apply(state, Declare(contract))
        if shown:
            if not contract.ouvert:
                raise self.fail(f"only an ouvert game shows its cards; {contract} does not",
                                Reason.BAD_RECORD)
            if CardSet.from_cards(shown) != state.hand(state.declarer_index):
                raise self.fail(f"the shown cards {CardSet.from_cards(shown)} are not the "
                                f"declarer's hand {state.hand(state.declarer_index)}",
                                Reason.RECORD_MISMATCH)
        return state

    def run(self) -> tuple[GameRecord, GameState]:
        moves = self.rec.moves
        self.num = 1
        if not moves or moves[0][0] != "w":
            raise self.fail("the first move must be the deal: 'w' and 32 cards")
        deal_text = moves[0][1]
        if "?" in deal_text:
            raise self.fail("the deal has hidden cards '??' (a live message, not an archive "
                            "record): it cannot be replayed", Reason.UNKNOWN_CARD)
        cards = self.card_list(deal_text.replace("|", "."), "the deal")
        if len(cards) != 32:
            raise self.fail(f"the deal lists {len(cards)} cards, not 32", Reason.WRONG_CARD_COUNT)
        # 32 distinct cards (card_list checked them): a partition of the deck, built
        # without Deal.from_hands' checks of every card
        masks = [0, 0, 0, 0]
        for i, dealt in enumerate(cards):
            masks[_PACKET[i]] |= 1 << dealt
        deal = _unchecked_deal(Deal, masks)
        state = new_game(deal, ISS)
        pending: Contract | None = None  # 'd G' waiting for its discards
        expect_skat = False
        claimed = False
        unknown_at = 0
        last_defender_re = False
        actions = self.actions
        for num in range(2, len(moves) + 1):
            actor, text = moves[num - 1]
            self.num = num
            phase = state[0]
            if phase is P_FINISHED:
                raise self.fail("a move after the end of the game")
            last_defender_re = False
            if phase is P_PLAYING:
                # the common move first: a card in turn (the branches below word the errors)
                play = _PLAYS.get(text)
                if play is not None and _SEAT_OF.get(actor) == state[1] and not unknown_at:
                    try:
                        state = apply(state, play)
                    except IllegalActionError as exc:
                        raise self.fail(f"illegal: {exc}", exc.reason) from exc
                    actions.append(play)
                    continue
            if actor == "w":
                event = _EVENT.match(text)
                if event:
                    seat = int(event.group(2))
                    if seat > 2:
                        raise self.fail(f"no seat {seat} (seats are 0, 1, 2)")
                    kind = TimeOut if event.group(1) == "TI" else Leave
                    pending, unknown_at = None, 0
                    state = self.apply(state, kind(_SEATS[seat]))
                    continue
                if expect_skat:
                    expect_skat = False
                    if text == "??.??":
                        continue
                    shown = self.card_list(text, "the skat")
                    if CardSet.from_cards(shown) != deal.skat:
                        raise self.fail(f"the server shows the skat {text}, but the dealt skat "
                                        f"is {deal.skat}", Reason.RECORD_MISMATCH)
                    continue
                raise self.fail("the server ('w') only deals, shows the skat after 's', or "
                                "reports 'TI.<seat>'/'LE.<seat>'")
            seat = int(actor)
            expect_skat = False
            if unknown_at:
                raise self.fail(f"an unknown card '??' (move {unknown_at}) must be followed by "
                                "the server's 'w LE.<seat>' or 'w TI.<seat>'", Reason.UNKNOWN_CARD)
            if phase is P_PLAYING:
                if text == "RE":
                    state = self.apply(state, Concede(_SEATS[seat]))
                    last_defender_re = seat != state.declarer_index
                elif text == "SC" or text.startswith("SC."):
                    self.declarer(state, seat)
                    if text != "SC":
                        self.card_list(text[3:], "the shown cards")
                    claimed = True
                    if not is_legal(state, Claim()):
                        continue  # a repeated SC changes nothing (FORMAT.md 3.6)
                    state = self.apply(state, Claim())
                elif text == "??":
                    self.turn(state, seat)
                    unknown_at = num
                else:
                    card = _CARD_CODES.get(text)
                    if card is None:
                        raise self.fail(f"expected a card like 'CJ', 'SC' (claim) or 'RE' "
                                        f"(resign), not {text!r}", Reason.UNKNOWN_CARD)
                    self.turn(state, seat)
                    state = self.apply(state, _PLAYS[text])
            elif phase is P_BIDDING:
                if state[1] != seat:
                    self.turn(state, seat)
                if text == "y":
                    action: Action = _HOLD
                elif text == "p":
                    action = _PASS
                elif text in _BIDS:
                    action = _BIDS[text]
                elif _BID.match(text):
                    try:
                        action = Bid(int(text))
                    except SkatError as exc:
                        raise self.fail(str(exc), exc.reason) from exc
                else:
                    raise self.fail(f"in the auction the moves are a bid value, 'y' or 'p', not "
                                    f"{text!r}", Reason.UNKNOWN_ACTION)
                state = self.apply(state, action)
            elif phase is P_SKAT:
                self.declarer(state, seat)
                if text == "s":
                    state = self.apply(state, _PICKUP)
                    expect_skat = True
                else:
                    contract, cards = self.declaration(text)
                    state = self.declare(state, contract, cards)
            else:  # DECLARING, after 's'
                self.declarer(state, seat)
                if pending is not None:
                    cards = self.card_list(text, "the discarded cards")
                    contract, pending = pending, None
                    state = self.declare(state, contract, cards)
                else:
                    contract, cards = self.declaration(text)
                    if cards:
                        state = self.declare(state, contract, cards)
                    else:
                        pending = contract
        self.num = len(moves)
        if state[0] is not P_FINISHED:
            if unknown_at:
                raise self.fail("the record ends after an unknown card '??'",
                                Reason.UNKNOWN_CARD)
            if claimed and last_defender_re:
                # ISS2 272095: the line ends after SC and one defender's RE (FORMAT.md 3.6):
                # read as both defenders conceding (D-18).
                d = state.declarer_index
                conceded = state.conceded_mask
                other = next(s for s in range(3) if s != d and not conceded >> s & 1)
                state = self.apply(state, Concede(_SEATS[other]))
            else:
                raise self.fail(f"the record ends before the game is over ({_expecting(state)})",
                                Reason.BAD_RECORD)
        meta = tuple([kv for kv in self.rec.properties if kv[0] != "GM" and kv[0] != "MV"])
        if all([type(k) is str is type(v) for k, v in meta]):  # as loads() makes them
            return _unchecked_record(deal, tuple(self.actions), ISS, meta), state
        return GameRecord(deal, tuple(self.actions), ISS, meta), state


def _states(record: GameRecord) -> Iterator[GameState]:
    """:func:`skatlib.record.states` (the one replay loop, ``record.ramsch`` included), any
    SkatError (an impossible deal, say) turned into a RecordError."""
    try:
        yield from states(record)
    except RecordError:
        raise
    except SkatError as exc:
        raise RecordError(str(exc), exc.reason) from exc


def _expecting(state: GameState) -> str:
    who = state.to_move
    phase = state.phase.name.lower()
    return f"{phase}, seat {int(who)} to move" if who is not None else phase


def _as_record(record: IssRecord | str) -> IssRecord:
    if isinstance(record, str):
        return loads(record)
    if not isinstance(record, IssRecord):
        raise type_error("record", "an IssRecord, a GameRecord or ISS text", record)
    return record


def _replay(record: IssRecord) -> tuple[GameRecord, GameState]:
    try:
        return _Replay(record).run()
    except RecordError:
        raise
    except SkatError as exc:  # e.g. an impossible deal
        raise RecordError(str(exc), exc.reason, line=record.line, field="MV") from exc


def to_game_record(record: IssRecord | str) -> GameRecord:
    """The record as a :class:`~skatlib.GameRecord` under the :data:`~skatlib.ISS`
    rules, every move checked.  ``meta`` holds every header property but ``GM``
    and ``MV``, in file order, with their ISS keys (``PC``, ``CO``, ``SE``,
    ``ID``, ``DT``, ``P0``-``P2``, ``R0``-``R2``) and the raw result under ``R``.

    :raises RecordError: naming the line and the move (``field='MV move 17'``)
        of the first move that is malformed, out of turn or illegal, or if the
        record ends before the game is over.
    """
    return _replay(_as_record(record))[0]


# ----------------------------------------------------------------------------- skatlib -> ISS


def _result_fields(state: GameState, res: GameResult | PassedIn | Abandoned) -> dict[str, str]:
    if isinstance(res, PassedIn):
        return {"outcome": "passed"}
    end = state.end
    event = state.event_seat_index
    left = event if end == E_LEFT else -1
    timed_out = event if end == E_TIMEOUT else -1
    resigned = int(end in (E_DEFENDERS_CONCEDED, E_DECLARER_CONCEDED))
    if isinstance(res, Abandoned):
        penalty = ["0", "0", "0"]
        penalty[int(res.seat)] = "1"
        return {"d": "-1", "outcome": "penalty", "v": "0", "m": "0", "bid": "bidok", "p": "0",
                "t": "0", "s": "0", "z": "0", "p0": penalty[0], "p1": penalty[1],
                "p2": penalty[2], "l": str(left), "to": str(timed_out), "r": "0"}
    return {"d": str(state.declarer_index), "outcome": "win" if res.won else "loss",
            "v": str(res.score), "m": str(res.matadors),
            "bid": "overbid" if res.overbid else "bidok", "p": str(res.declarer_points),
            "t": str(res.declarer_tricks), "s": str(int(res.schneider)),
            "z": str(int(res.schwarz)), "p0": "0", "p1": "0", "p2": "0", "l": str(left),
            "to": str(timed_out), "r": str(resigned)}


def _format_fields(fields: dict[str, str]) -> str:
    if fields.get("outcome") == "passed":
        return "passed"
    out = []
    for key in RESULT_FIELDS:
        if key not in fields:
            continue
        out.append(fields[key] if key in ("outcome", "bid") else f"{key}:{fields[key]}")
    return " ".join(out)


def _final_result(state: GameState, line: int | None) -> GameResult | PassedIn | Abandoned:
    if not isinstance(state, GameState):
        raise type_error("state", "a GameState", state)
    if state.phase != P_FINISHED:
        raise RecordError(f"the game is not over ({_expecting(state)}), so it has no result",
                          line=line, field="MV")
    if state.end == E_DEFENDERS_CONCEDED and state.rules.concession != "all_cards":
        # an ISS result follows the server's convention (D-11, D-18), whatever rules the
        # deal was played under: every unplayed card goes to the declarer
        state = GameState.from_position(
            state.deal, state.actions(), rules=attrs.evolve(state.rules, concession="all_cards"))
    try:
        res = result(state)
    except SkatError as exc:
        raise RecordError(f"the result cannot be computed: {exc}", exc.reason, line=line,
                          field="R") from exc
    if not isinstance(res, (GameResult, PassedIn, Abandoned)):
        raise RecordError(f"ISS records have no {type(res).__name__} (the server plays no "
                          "Ramsch)", line=line, field="R")
    return res


def result_string(state: GameState) -> str:
    """skatlib's result of a finished deal in the server's ``R[...]`` form
    (signed value: ``+value`` won, ``-2 × value`` lost).

    :raises RecordError: if the deal is not finished.

    >>> from skatlib import replay
    >>> game = to_game_record("(;GM[Skat]MV[w CJ.S7.H8.SA.DA.CQ.DK.CK.C8.D8.D9.HK.HA.SQ.CT."
    ...     "S8.HJ.SJ.DT.ST.H9.S9.HQ.SK.HT.CA.C9.C7.D7.DQ.H7.DJ 1 18 0 p 2 p 1 NOH 0 C8 1 CT "
    ...     "2 C9 ] ;)")
    >>> result_string(replay(game))     # null ouvert hand lost at the first trick: -2 x 59
    'd:1 loss v:-118 m:0 bidok p:12 t:1 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0'
    """
    return _format_fields(_result_fields(state, _final_result(state, None)))


def from_game_record(record: GameRecord) -> IssRecord:
    """The ISS form of a :class:`~skatlib.GameRecord` (replayed and checked).

    The header is ``GM[Skat]`` followed by the ``meta`` entries whose keys are
    ISS property names (capital letters and digits, e.g. ``PC``, ``ID``, ``P0``),
    in their order; other entries are left out.  ``R`` is the ``R`` entry of
    ``meta`` if there is one, else skatlib's result (:func:`result_string`).

    Hands and the skat are written in skatlib's card order; a declaration
    after a pickup is one move ``d G.H7.HQ``; an ouvert declaration also shows
    the declarer's 10 cards.  ISS has no move for :class:`~skatlib.Refuse` (it
    is left out, which does not change the result) and none for the house
    rules' Kontra, Re or Ramsch (:class:`~skatlib.RecordError`).

    :raises RecordError: if an action is illegal or cannot be written.
    """
    if not isinstance(record, GameRecord):
        raise type_error("record", "a GameRecord", record)
    if record.ramsch:
        raise RecordError("ISS has no Ramsch: a deal played as Ramsch cannot be written",
                          Reason.BAD_RECORD)
    replayed = _states(record)
    state = next(replayed)
    moves: list[tuple[str, str]] = [("w", record.deal.to_iss())]
    for i, (action, new) in enumerate(zip(record.actions, replayed), 1):
        mover = state.to_move_index
        d = str(state.declarer_index)
        server_event = isinstance(action, (TimeOut, Leave))
        if not server_event and (state.phase not in _ISS_PHASES
                                 or getattr(state, "is_ramsch", False)):
            raise RecordError(f"action {i} ({action}) has no ISS form: the server plays "
                              f"without Kontra, Re and Ramsch (phase {state.phase.name.lower()})",
                              Reason.BAD_RECORD, field=f"action {i}")
        if isinstance(action, (Bid, Hold, Pass, Play)):
            moves.append((str(mover), str(action)))
        elif isinstance(action, PickUpSkat):
            moves.append((d, "s"))
            moves.append(("w", record.deal.skat.to_str(sep=".")))
        elif isinstance(action, Declare):
            parts = [str(action.contract)]
            if action.discard is not None:
                parts.append(action.discard.to_str(sep="."))
            if action.contract.ouvert:
                parts.append(new.hand(new.declarer_index).to_str(sep="."))
            moves.append((d, ".".join(parts)))
        elif isinstance(action, Claim):
            moves.append((d, "SC"))
        elif isinstance(action, Concede):
            moves.append((str(int(action.seat)), "RE"))
        elif isinstance(action, (TimeOut, Leave)):
            kind = "TI" if isinstance(action, TimeOut) else "LE"
            moves.append(("w", f"{kind}.{int(action.seat)}"))
        elif isinstance(action, (PlayHand, Refuse)):
            pass  # PlayHand is implied by the hand declaration; ISS has no refusal
        else:
            raise RecordError(f"action {i} ({action}) has no ISS form (the server plays "
                              "without Kontra, Re and Ramsch)", Reason.BAD_RECORD,
                              field=f"action {i}")
        state = new
    props: list[tuple[str, str]] = [("GM", "Skat")]
    recorded: str | None = None
    for key, value in record.meta:
        if key == "R":
            recorded = value
        elif _KEY.match(key) and key not in ("GM", "MV") and key not in dict(props):
            props.append((key, value))
    props.append(("MV", " ".join(f"{a} {t}" for a, t in moves) + " "))
    if recorded is None and state.phase == P_FINISHED:
        recorded = result_string(state)
    if recorded is not None:
        parse_result(recorded)
        props.append(("R", recorded))
    return IssRecord(tuple(props), tuple(moves))


# ----------------------------------------------------------------------------- verify


def _compare(recorded: dict[str, str], computed: dict[str, str]) -> tuple[Difference, ...]:
    out = []
    for key in RESULT_FIELDS:
        if key in recorded and key in computed and recorded[key] != computed[key]:
            out.append(Difference(key, recorded[key], computed[key]))
    return tuple(out)


def check(record: IssRecord | GameRecord | str) -> Verification:
    """Replay a record (every move checked) and compare skatlib's result with
    the record's ``R[...]``: declarer, win/loss/penalty, ``v`` (signed),
    ``m``, ``bidok``/``overbid``, ``p``, ``t``, ``s``, ``z``, the penalty
    marks, ``l``, ``to`` and ``r``.  Fields a record lacks (``r`` before 2009)
    are not compared; but a record without ``R``, or whose ``R`` lacks one of
    :data:`REQUIRED_FIELDS`, cannot be verified: its :attr:`Verification.status`
    is :attr:`Status.UNVERIFIABLE` and one :class:`Difference` for ``R`` says why.
    A :class:`~skatlib.GameRecord` is compared with its ``R`` meta entry.

    >>> deal = "MV[w " + ".".join(c.name for c in Card) + " 1 p 2 p 0 p ]"
    >>> check("(;GM[Skat]" + deal + "R[passed] ;)").status
    <Status.AGREES: 'agrees'>
    >>> v = check("(;GM[Skat]" + deal + "R[x:1] ;)")
    >>> v.status, v.ok
    (<Status.UNVERIFIABLE: 'unverifiable'>, False)

    :raises RecordError: if the record cannot be read or replayed.
    """
    line: int | None = None
    if isinstance(record, GameRecord):
        game = record
        for state in _states(game):  # noqa: B007 - the last state is the one wanted
            pass
        recorded_text = game.metadata.get("R")
    else:
        iss = _as_record(record)
        line = iss.line
        game, state = _replay(iss)
        recorded_text = iss.result_text
    res = _final_result(state, line)
    fields = _result_fields(state, res)
    computed = _format_fields(fields)
    if recorded_text is None:
        diffs: tuple[Difference, ...] = (Difference("R", "(none)", computed),)
    else:
        recorded = parse_result(recorded_text, line=line)
        needed = ("outcome",) if recorded.get("outcome") == "passed" else REQUIRED_FIELDS
        missing = [key for key in needed if key not in recorded]
        if missing:
            diffs = (Difference("R", recorded_text, f"(cannot be compared: R[...] lacks "
                                                     f"{', '.join(missing)})"),)
        else:
            diffs = _compare(recorded, fields)
    return Verification(game, state, res, computed, recorded_text, diffs, line)


def verify(record: IssRecord | GameRecord | str) -> list[Difference]:
    """The fields where the record's ``R[...]`` and skatlib's result disagree
    (empty when they agree).  See :func:`check`.

    :raises RecordError: if the record cannot be read or replayed.
    """
    return list(check(record).differences)
