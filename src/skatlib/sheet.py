"""Score sheets ("Skatliste"): read a sheet from CSV or JSON and check it.

A score sheet lists the deals of a series, one row each: dealer, declarer,
contract, bid, matadors, card points, schneider/schwarz, Kontra/Re, Bock, and
what was written down: won or lost, the game value, the declarer's score and
every player's running total.  :func:`check` recomputes each row with
:func:`~skatlib.score` (ISkO 5, D-1..D-7) and the totals on the plain list
(D-13) or under Seeger-Fabian (D-14) at 3 or 4 players, and explains every
disagreement the way a player accepts it (:meth:`~skatlib.GameResult.explain`).

>>> text = '''# scoring: list
... dealer,declarer,contract,bid,matadors,points,schneider,schwarz,score,Ann,Ben,Cem
... Ann,Ben,CH,48,2,80,no,no,48,0,48,0
... Ben,Cem,G,48,4,97,yes,no,144,0,48,144
... Cem,Ann,D,24,1,78,no,no,27,27,48,144
... '''
>>> report = check(Sheet.from_csv(text))
>>> report.ok
False
>>> p = report.rows[2].problems[0]
>>> p.field, p.written, p.should
('score', '+27', '−54')
>>> print(p.why)
with 1, game 2 × Diamonds 9 = 18; overbid (bid 24): 27 = 3 × 9; lost, −54

The columns (English header, German header, meaning) are :data:`COLUMNS`;
every other column is a player, in seating order, holding that player's
running total.  Lines before the header that start with ``#`` carry the
sheet's settings: ``# scoring: list`` or ``# scoring: seeger_fabian``
(German ``# Wertung: Liste`` / ``Seeger-Fabian``).  A sheet that does not say
is checked both ways and the report names the system its totals follow.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from ._text import signed as _signed
from .contract import Contract
from .errors import Reason, RecordError, SkatError, as_text, type_error
from .rules import SCORING_NAMES
from .scoring import GameResult, PassedIn, score, seeger_fabian

__all__ = ["COLUMNS", "FORMAT", "VERSION", "Sheet", "SheetRow", "Problem", "RowCheck", "envelope",
           "SheetReport", "check", "load"]

FORMAT = "skatlib-sheet"
"""The ``format`` key of a JSON score sheet."""
VERSION = 1
"""The JSON sheet version this module writes and reads."""

Scoring = Literal["list", "seeger_fabian"]

COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("deal", "Nr", "the deal's number (optional; informative)"),
    ("dealer", "Geber", "who dealt (a name); blank: the next in turn, the first player first"),
    ("declarer", "Spieler", "who declared; blank for a passed-in deal or Ramsch"),
    ("contract", "Spiel", "ISS notation (CH, G, NO, SHS) or words (clubs hand, Kreuz Hand, "
     "Null ouvert); 'passed'/'eingepasst', 'ramsch'"),
    ("bid", "Reizwert", "the bid (18..264)"),
    ("matadors", "Spitzen", "signed (2, -3) or in words ('with 2', 'ohne 3')"),
    ("points", "Augen", "the declarer's card points, the skat included"),
    ("schneider", "Schneider", "schneider reached, by either side: yes/no (ja/nein)"),
    ("schwarz", "Schwarz", "schwarz reached, by either side: yes/no (ja/nein)"),
    ("kontra", "Kontra", "blank, 'kontra' or 're' (D-15)"),
    ("bock", "Bock", "blank or 'bock'/2 for a Bock deal (D-16)"),
    ("conceded", "Aufgegeben", "blank, 'declarer' or 'defenders' (Spieler/Gegner, D-11)"),
    ("result", "Ergebnis", "written: won/lost (gewonnen/verloren)"),
    ("value", "Wert", "written: the game value (after overbid rounding)"),
    ("score", "Punkte", "written: the declarer's list score (Kontra, Re, Bock included)"),
)
"""The sheet's columns: ``(key, German header, meaning)``.  Headers match without
regard to case; any other header is a player's running-total column."""

_KEYS = tuple(c[0] for c in COLUMNS)
_HEADERS: dict[str, str] = {}
for _key, _german, _ in COLUMNS:
    _HEADERS[_key] = _HEADERS[_german.lower()] = _key
_HEADERS.update({"nr.": "deal", "spielwert": "value", "alleinspieler": "declarer",
                 "game": "contract", "ergebnis": "result"})

_YES = {"yes", "y", "ja", "j", "x", "1", "true", "✓"}
_NO = {"", "no", "n", "nein", "0", "false", "-"}
_WON = {"won", "win", "w", "gewonnen", "g", "+"}
_LOST = {"lost", "loss", "l", "verloren", "v", "-", "−"}
_PASSED = {"passed", "passed in", "p", "eingepasst", "passe", "-", "—"}
_RAMSCH = {"ramsch"}
_NO_GAME = {"no game", "abandoned", "kein spiel"}
_WORDS = {"clubs": "C", "kreuz": "C", "eichel": "C", "spades": "S", "pik": "S",
          "grün": "S", "gruen": "S", "laub": "S", "hearts": "H", "herz": "H", "rot": "H",
          "diamonds": "D", "karo": "D", "schellen": "D", "grand": "G", "null": "N"}
_MODS = {"hand": "H", "schneider": "S", "schwarz": "Z", "ouvert": "O", "open": "O",
         "offen": "O"}
_FILLER = {"announced", "angesagt", "game", "spiel"}
_SCORING_WORDS = {"list": "list", "liste": "list", "plain": "list", "plain list": "list",
                  "seeger_fabian": "seeger_fabian", "seeger-fabian": "seeger_fabian",
                  "seeger fabian": "seeger_fabian"}


def _filled(cells: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((k, v) for k, v in cells if v)


@attrs.frozen
class SheetRow:
    """One row as written: its source ``line`` and its cells as text (parsed only by
    :func:`check`, so a row that cannot be read is reported, not refused)."""

    line: int
    """The line of the CSV text (or the 1-based row of a JSON sheet)."""
    cells: tuple[tuple[str, str], ...] = attrs.field(converter=_filled)
    """``(key, text)`` for the keys of :data:`COLUMNS` the row fills (blank cells are
    left out: blank and missing mean the same)."""
    totals: tuple[str, ...]
    """Each player's written running total, as text (``''``: not written)."""

    def get(self, key: str) -> str:
        """The cell ``key`` (``''`` when the sheet has no such column).

        >>> SheetRow(2, (("bid", "18"),), ("", "", "")).get("bid")
        '18'
        """
        for k, v in self.cells:
            if k == key:
                return v
        return ""


def _sheet_players(value: Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise type_error("players", "a sequence of 3 or 4 names", value)
    players = tuple(as_text(p, "players[i]") for p in value)
    if len(players) not in (3, 4) or len(set(players)) != len(players):
        raise RecordError(f"a score sheet has 3 or 4 distinct players (one total column "
                          f"each), not {list(players)}", Reason.BAD_TABLE, field="players")
    return players


def _sheet_rows(rows: Iterable[SheetRow]) -> tuple[SheetRow, ...]:
    out = tuple(rows)
    for row in out:
        if not isinstance(row, SheetRow):
            raise type_error("rows", "SheetRow items", row)
    return out


@attrs.frozen
class Sheet:
    """A score sheet: the players (in seating order), the scoring system its totals use
    (``None``: not stated) and its rows.  Read one with :meth:`from_csv`,
    :meth:`from_dict`/:meth:`from_json` or :func:`load`; check it with :func:`check`."""

    players: tuple[str, ...] = attrs.field(converter=_sheet_players)
    rows: tuple[SheetRow, ...] = attrs.field(converter=_sheet_rows)
    scoring: Scoring | None = None

    # ----- CSV ------------------------------------------------------------------------
    @classmethod
    def from_csv(cls, text: str) -> Sheet:
        """A sheet from CSV text (see the module docs; German headers work too, and so do
        cells separated by ``;`` as German spreadsheets write them).

        :raises RecordError: if there is no header, the header names a column twice,
            or there are not 3 or 4 player columns.

        >>> s = Sheet.from_csv("Geber,Spieler,Spiel,Reizwert,Spitzen,Augen,Punkte,A,B,C\\n"
        ...                    "A,B,Kreuz Hand,48,mit 2,80,48,0,48,0\\n")
        >>> s.players, s.rows[0].get("contract"), s.rows[0].totals
        (('A', 'B', 'C'), 'Kreuz Hand', ('0', '48', '0'))
        """
        text = as_text(text, "text")
        lines = text.splitlines()
        scoring: Scoring | None = None
        start = 0
        while start < len(lines) and (not lines[start].strip()
                                      or lines[start].lstrip().startswith("#")):
            setting, _, value = lines[start].lstrip().lstrip("#").partition(":")
            if setting.strip().lower() in ("scoring", "wertung"):
                scoring = _scoring_word(value, start + 1)
            start += 1
        header_line = lines[start] if start < len(lines) else ""
        # German spreadsheets write ';' between cells (the comma is their decimal point)
        delimiter = ";" if header_line.count(";") > header_line.count(",") else ","
        reader = csv.reader(lines[start:], delimiter=delimiter)
        try:
            header = next(reader)
        except StopIteration:
            raise RecordError("a score sheet needs a header line (e.g. 'dealer,declarer,"
                              "contract,...,Ann,Ben,Cem')", line=start + 1) from None
        keys: list[str | None] = []
        players: list[str] = []
        for name in header:
            key = _HEADERS.get(name.strip().lower())
            if key is not None and key in keys:
                raise RecordError(f"the column {name!r} appears twice", line=start + 1)
            keys.append(key)
            if key is None:
                players.append(name.strip())
        rows = []
        for n, cells in enumerate(reader, start + 2):
            if not any(c.strip() for c in cells):
                continue
            cells = cells + [""] * (len(header) - len(cells))
            if len(cells) > len(header):
                raise RecordError(f"{len(cells)} cells, but the header has {len(header)}",
                                  line=n)
            known = tuple((k, c.strip()) for k, c in zip(keys, cells) if k is not None)
            totals = tuple(c.strip() for k, c in zip(keys, cells) if k is None)
            rows.append(SheetRow(n, known, totals))
        return cls(players, rows, scoring)

    def to_csv(self) -> str:
        """The sheet as CSV text with English headers, which :meth:`from_csv` reads
        back to an equal sheet (line numbers aside: they are the new text's).

        >>> s = Sheet.from_csv("# scoring: list\\ndeclarer,contract,A,B,C\\nA,G,1,2,3\\n")
        >>> Sheet.from_csv(s.to_csv()) == s
        True
        """
        keys = [k for k in _KEYS if any(k == key for r in self.rows for key, _ in r.cells)]
        out = io.StringIO()
        if self.scoring is not None:
            out.write(f"# scoring: {self.scoring}\n")
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*keys, *self.players])
        for row in self.rows:
            writer.writerow([*(row.get(k) for k in keys), *row.totals])
        return out.getvalue()

    # ----- JSON -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The sheet as JSON data: ``format`` ``"skatlib-sheet"``, ``version`` 1,
        ``players``, ``scoring`` (or ``null``) and ``rows``, each an object of the
        :data:`COLUMNS` keys it has plus ``totals`` (a list, one per player), all
        as strings.

        >>> s = Sheet.from_csv("declarer,contract,A,B,C\\nA,G,1,2,3\\n")
        >>> s.to_dict()["rows"]
        [{'declarer': 'A', 'contract': 'G', 'totals': ['1', '2', '3']}]
        """
        return {"format": FORMAT, "version": VERSION, "players": list(self.players),
                "scoring": self.scoring,
                "rows": [{**dict(r.cells), "totals": list(r.totals)} for r in self.rows]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sheet:
        """A sheet from :meth:`to_dict`'s data (numbers, booleans and ``null`` are
        accepted for cells and read as text).

        :raises RecordError: naming the field of anything that is not a version-1 sheet.

        >>> s = Sheet.from_csv("declarer,contract,A,B,C\\nA,G,1,2,3\\n")
        >>> Sheet.from_dict(s.to_dict()).rows[0].cells == s.rows[0].cells
        True
        """
        envelope(data, FORMAT, VERSION, {"players", "scoring", "rows"})
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("players must be a list of names", field="players")
        raw = data.get("scoring")
        scoring = None if raw is None else _scoring_word(raw, None)
        rows_data = data.get("rows")
        if not isinstance(rows_data, list):
            raise RecordError("rows must be a list of objects", field="rows")
        rows = []
        for i, item in enumerate(rows_data, 1):
            if not isinstance(item, Mapping):
                raise RecordError("a row is an object", field=f"rows[{i - 1}]")
            bad = set(item) - set(_KEYS) - {"totals"}
            if bad:
                raise RecordError(f"unknown column(s) {sorted(map(str, bad))}; known: "
                                  f"{', '.join(_KEYS)}, totals", field=f"rows[{i - 1}]")
            cells = tuple((k, _cell(item[k], f"rows[{i - 1}].{k}")) for k in _KEYS
                          if k in item)
            totals = item.get("totals", [])
            if not isinstance(totals, list) or len(totals) > len(players):
                raise RecordError(f"totals must be a list of at most {len(players)} numbers",
                                  field=f"rows[{i - 1}].totals")
            written = tuple(_cell(t, f"rows[{i - 1}].totals") for t in totals)
            rows.append(SheetRow(i, cells, written + ("",) * (len(players) - len(written))))
        return cls(players, rows, scoring)

    def to_json(self, *, indent: int | None = 1) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Sheet:
        """A sheet from JSON text: a ``skatlib-sheet``, or a series saved by
        :meth:`Table.to_dict <skatlib.Table.to_dict>` (its deals replayed, their sheet taken).

        :raises RecordError: for text that is not JSON or not a sheet.
        """
        return _from_data(_json(text))


def envelope(data: object, format: str, version: int, keys: set[str]) -> None:
    """Check the frame of a versioned JSON object (a sheet, a saved series): the
    ``format``, the ``version`` and no keys but ``keys`` (and those two).

    :raises RecordError: naming the field that is wrong.

    >>> envelope({"format": "x", "version": 2}, "x", 1, set())
    Traceback (most recent call last):
    ...
    skatlib.errors.RecordError: field version: unsupported version 2: this skatlib reads version 1
    """
    if not isinstance(data, Mapping) or data.get("format") != format:
        raise RecordError(f"not a {format}: expected an object with format {format!r}",
                          field="format")
    if type(data.get("version")) is not int or data.get("version") != version:
        raise RecordError(f"unsupported version {data.get('version')!r}: this skatlib reads "
                          f"version {version}", field="version")
    unknown = set(data) - keys - {"format", "version"}
    if unknown:
        raise RecordError(f"unknown key(s) {sorted(map(str, unknown))}; version {version} has "
                          f"{sorted(keys | {'format', 'version'})}", field="format")


def _json(text: str | bytes) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise type_error("text", "str or bytes (JSON text)", text)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (column {exc.colno})", line=exc.lineno
                          ) from exc
    except (TypeError, ValueError, RecursionError) as exc:
        raise RecordError(f"not JSON text: {exc}") from exc


def _from_data(data: Any) -> Sheet:
    if isinstance(data, Mapping) and data.get("format") == "skatlib-table":
        from .table import Table

        return Table.from_dict(data).to_sheet()
    return Sheet.from_dict(data)


def _cell(value: object, field: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, str)):
        return str(value).strip()
    raise RecordError(f"a cell is text, a whole number, true/false or null, not {value!r}",
                      field=field)


def _scoring_word(value: object, line: int | None) -> Scoring:
    word = _SCORING_WORDS.get(str(value).strip().lower()) if isinstance(value, str) else None
    if word is None:
        raise RecordError(f"unknown scoring {value!r}: 'list' (Liste, D-13) or "
                          "'seeger_fabian' (Seeger-Fabian, D-14)", line=line, field="scoring")
    return word  # type: ignore[return-value]


def load(path: str | Any) -> Sheet:
    """Read a sheet file: ``.json`` (a ``skatlib-sheet`` or a saved series) or CSV.

    :raises OSError: if the file cannot be read.
    :raises RecordError: if it is not a sheet.
    """
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    if str(path).lower().endswith(".json") or text.lstrip().startswith("{"):
        return _from_data(_json(text))
    return Sheet.from_csv(text)


# ----- checking ------------------------------------------------------------------------


@attrs.frozen
class Problem:
    """One disagreement in a row: which ``field``, what was ``written``, what it
    ``should`` be, and ``why`` (the explanation a player accepts)."""

    field: str
    written: str
    should: str
    why: str

    def __str__(self) -> str:
        if not self.written and not self.should:
            return f"{self.field}: {self.why}"
        return f"{self.field}: written {self.written}, should be {self.should}: {self.why}"


@attrs.frozen
class RowCheck:
    """The verdict on one row."""

    row: SheetRow
    number: int
    """1-based position on the sheet."""
    dealer: str
    declarer: str | None
    game: str
    """What was played, short (``'CH 48'``, ``'passed in'``, ``'Ramsch'``)."""
    result: GameResult | PassedIn | None
    """The recomputed result (``None`` for Ramsch and rows that cannot be read)."""
    points: tuple[int, ...]
    """What the row is worth to each player under the report's system."""
    totals: tuple[int, ...]
    """The correct running totals after this row, counted from the first row."""
    problems: tuple[Problem, ...]
    checked: bool = True
    """False for a Ramsch row: the sheet holds no card points per player, so its points
    are taken from the written totals."""
    bock: int = 1
    """2 for a Bock deal (D-16)."""

    @property
    def ok(self) -> bool:
        """No problem in this row."""
        return not self.problems


@attrs.frozen
class SheetReport:
    """What :func:`check` found: every row's verdict, the system and the players."""

    players: tuple[str, ...]
    scoring: Scoring
    stated: bool
    """The sheet named its scoring system (else :func:`check` inferred it)."""
    rows: tuple[RowCheck, ...]

    @property
    def ok(self) -> bool:
        """Every row and every total agrees."""
        return all(r.ok for r in self.rows)

    @property
    def wrong(self) -> tuple[RowCheck, ...]:
        """The rows with a problem."""
        return tuple(r for r in self.rows if not r.ok)

    @property
    def totals(self) -> tuple[int, ...]:
        """The correct final totals."""
        return self.rows[-1].totals if self.rows else (0,) * len(self.players)

    def text(self, *, symbols: bool = True) -> str:
        """The report as a table: one line per row with ✓ or ✗ (``OK``/``XX`` with
        ``symbols=False``), each problem indented below its row, then a summary."""
        good, bad, skip = ("✓", "✗", "·") if symbols else ("OK", "XX", "--")
        width = max(6, *(len(p) for p in self.players))
        how = SCORING_NAMES[self.scoring] + ("" if self.stated else
                                             ", not stated: inferred from the totals")
        lines = [f"Score sheet: {len(self.players)} players; totals: {how}; the running "
                 "totals shown are the correct ones"]
        head = (f"{'#':>3} {'line':>4}  {'declarer':<{width}} {'game':<12} {'score':>6}  "
                + " ".join(f"{p:>{width}}" for p in self.players))
        lines += [head, "-" * (len(head) + 3)]
        for r in self.rows:
            mark = good if r.ok and r.checked else (bad if not r.ok else skip)
            shown = (_signed(r.result.score * r.bock) if isinstance(r.result, GameResult)
                     else "")
            lines.append(f"{r.number:>3} {r.row.line:>4}  {(r.declarer or ''):<{width}} "
                         f"{r.game:<12} {shown:>6}  "
                         + " ".join(f"{_minus(t):>{width}}" for t in r.totals) + f"  {mark}")
            lines += [f"{'':>10}{p}" for p in r.problems]
            if not r.checked and r.ok:
                lines.append(f"{'':>10}Ramsch: taken as written (no card points per player)")
        lines.append("-" * (len(head) + 3))
        lines.append(f"{'':>3} {'':>4}  {'total':<{width}} {'':<12} {'':>6}  "
                     + " ".join(f"{_minus(t):>{width}}" for t in self.totals))
        wrong = self.wrong
        if wrong:
            lines.append(f"{len(wrong)} of {len(self.rows)} rows wrong (rows "
                         + ", ".join(str(r.number) for r in wrong) + "); the correct totals "
                         "are in the total line")
        else:
            lines.append(f"every row and total agrees ({len(self.rows)} rows)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def _minus(n: int) -> str:
    return str(n).replace("-", "−")


class _RowError(Exception):
    def __init__(self, field: str, why: str) -> None:
        super().__init__(why)
        self.field = field
        self.why = why


def _int(row: SheetRow, key: str, *, default: int | None = None) -> int:
    text = row.get(key).replace("−", "-").replace(" ", "")
    if not text:
        if default is not None:
            return default
        raise _RowError(key, f"the {key} is missing")
    if not re.fullmatch(r"[+-]?\d{1,4}", text):
        raise _RowError(key, f"{row.get(key)!r} is not a whole number")
    return int(text)


def _opt_int(row: SheetRow, key: str) -> int | None:
    return _int(row, key) if row.get(key).strip() else None


def _flag(row: SheetRow, key: str) -> bool:
    word = row.get(key).lower()
    if word in _YES or word == key:
        return True
    if word in _NO:
        return False
    raise _RowError(key, f"{row.get(key)!r} is not yes or no (ja/nein, x, blank)")


def _bock(text: str) -> int:
    word = text.strip().lower()
    if word in ("2", "bock", "yes", "ja", "x", "y", "1", "true"):
        return 2
    if word in ("", "no", "nein", "0", "false", "-"):
        return 1
    raise _RowError("bock", f"{text!r} is not a Bock mark (blank, 'bock', 2)")


def _kontra(text: str) -> int:
    word = text.strip().lower()
    table = {"": 0, "0": 0, "-": 0, "no": 0, "kontra": 1, "k": 1, "1": 1, "contra": 1,
             "re": 2, "r": 2, "2": 2, "kontra re": 2, "kontra+re": 2}
    if word not in table:
        raise _RowError("kontra", f"{text!r} is not blank, 'kontra' or 're' (D-15)")
    return table[word]


def _contract(text: str) -> Contract:
    try:
        return Contract.parse(text)
    except SkatError:
        pass
    words = re.split(r"[\s,+-]+", text.strip().lower())
    if not words or words[0] not in _WORDS:
        raise _RowError("contract", f"unknown contract {text!r}: ISS notation (CH, G, NO) "
                        "or words (clubs hand, Grand, Null ouvert, Kreuz Hand)")
    code = _WORDS[words[0]]
    for w in words[1:]:
        if w in _FILLER:
            continue
        if w not in _MODS or _MODS[w] in code[1:]:
            raise _RowError("contract", f"unknown contract {text!r}: {w!r} is not hand, "
                            "schneider, schwarz or ouvert")
        code += _MODS[w]
    try:
        return Contract.parse(code)
    except SkatError as exc:
        raise _RowError("contract", f"{text!r}: {exc}") from None


def _matadors(row: SheetRow) -> int:
    text = row.get("matadors").strip().lower()
    m = re.fullmatch(r"(with|mit|without|ohne)\s*(\d{1,2})", text)
    if m:
        n = int(m.group(2))
        return n if m.group(1) in ("with", "mit") else -n
    return _int(row, "matadors")


def _result_word(text: str) -> bool | None:
    word = text.strip().lower()
    if word in _WON:
        return True
    if word in _LOST:
        return False
    if not word:
        return None
    raise _RowError("result", f"{text!r} is not won or lost (gewonnen/verloren)")


def _player(players: tuple[str, ...], text: str, field: str) -> str:
    for p in players:
        if p == text or p.lower() == text.lower():
            return p
    raise _RowError(field, f"{text!r} is not a player of this sheet ({', '.join(players)})")


def _why_result(r: GameResult) -> str:
    c = r.contract
    if r.won:
        return f"{r.declarer_points} points win (61 needed, ISkO 5.3)" if not c.is_null \
            else "the null declarer took no trick (ISkO 5.2.7)"
    if r.overbid:
        return (f"overbid: the game is worth {r.computed_value}, less than the bid {r.bid} "
                "(D-6, ISkO 5.4.2)")
    if r.conceded:
        return "the declarer conceded (D-11)"
    if c.is_null:
        return "the null declarer took a trick (ISkO 5.2.7)"
    if c.schwarz and r.declarer_points >= 61:
        return "schwarz was announced but the defenders took a trick (D-5)"
    if c.schneider and r.declarer_points >= 61:
        return f"schneider was announced but the declarer has {r.declarer_points} < 90 (D-5)"
    return f"{r.declarer_points} points lose: 61 are needed (ISkO 5.3; 60:60 is lost)"


def _game_result(row: SheetRow, c: Contract) -> GameResult:
    conceded = row.get("conceded").strip().lower()
    by_declarer = conceded in ("declarer", "spieler", "alleinspieler")
    by_defenders = conceded in ("defenders", "gegner", "gegenspieler")
    if conceded and not (by_declarer or by_defenders):
        raise _RowError("conceded", f"{row.get('conceded')!r} is not blank, 'declarer' or "
                        "'defenders' (D-11)")
    bid = _int(row, "bid")
    kontra = _kontra(row.get("kontra"))
    common: dict[str, Any] = {"bid": bid, "kontra": kontra}
    try:
        if c.is_null:
            won = _result_word(row.get("result"))
            if won is None:
                written = _opt_int(row, "score")
                if written is None:
                    raise _RowError("result", "a null game needs its written result "
                                    "(won/lost) or score: tricks decide it, not points")
                won = written > 0
            return score(c, matadors=0, declarer_points=_int(row, "points", default=0),
                         declarer_tricks=0 if won else 1, conceded=by_declarer,
                         defenders_conceded=by_defenders, **common)
        return _flag_score(c, row, by_declarer, by_defenders, common)
    except SkatError as exc:
        raise _RowError("row", str(exc)) from None


def _flag_score(c: Contract, row: SheetRow, by_declarer: bool, by_defenders: bool,
                common: dict[str, Any]) -> GameResult:
    shortened = by_declarer or by_defenders  # D-11: the points may be left out
    return score(c, matadors=_matadors(row),
                 declarer_points=_int(row, "points", default=0 if shortened else None),
                 schneider=_flag(row, "schneider"), schwarz=_flag(row, "schwarz"),
                 conceded=by_declarer, defenders_conceded=by_defenders, **common)


def _row_points(res: GameResult | PassedIn, n: int, declarer: int, bock: int,
                system: Scoring) -> list[int]:
    pts = [0] * n
    if isinstance(res, PassedIn):
        return pts
    if system == "list":
        pts[declarer] = res.score * bock
        return pts
    mine, others = seeger_fabian(res, players=n, bock=bock)
    return [mine if i == declarer else others for i in range(n)]


def _check_rows(sheet: Sheet, system: Scoring) -> list[RowCheck]:
    players = sheet.players
    n = len(players)
    correct = [0] * n
    previous_written: list[int] | None = [0] * n
    dealer_index = n - 1
    out = []
    for number, row in enumerate(sheet.rows, 1):
        problems: list[Problem] = []
        res: GameResult | PassedIn | None = None
        declarer_name: str | None = None
        game = ""
        checked = True
        bock = 1
        pts = [0] * n
        written_totals: list[int | None] = []
        for i, t in enumerate(row.totals):
            try:
                written_totals.append(_int(SheetRow(row.line, (("t", t),), ()), "t")
                                      if t else None)
            except _RowError:
                problems.append(Problem(f"total of {players[i]}", t, "", "not a number"))
                written_totals.append(None)
        try:
            dealer_text = row.get("dealer")
            dealer_index = (players.index(_player(players, dealer_text, "dealer"))
                            if dealer_text else (dealer_index + 1) % n)
            text = row.get("contract").strip()
            decl_text = row.get("declarer").strip()
            kind = text.lower()
            if kind in _PASSED or kind in _NO_GAME or (not text and not decl_text):
                res, game = PassedIn(), "passed in" if kind not in _NO_GAME else "no game"
            elif kind in _RAMSCH:
                game, checked = "Ramsch", False
                if None in written_totals or previous_written is None:
                    raise _RowError("totals", "a Ramsch row needs every running total (its "
                                    "points per player are read from them)")
                pts = [w - p for w, p in zip(written_totals, previous_written)]  # type: ignore[operator]
            else:
                c = _contract(text)
                declarer_name = _player(players, decl_text, "declarer")
                d = players.index(declarer_name)
                if n == 4 and d == dealer_index:
                    raise _RowError("declarer", f"{declarer_name} dealt this deal and sits out "
                                    "(D-12): the declarer is one of the other three")
                res = _game_result(row, c)
                game = f"{c} {res.bid}"
                bock = _bock(row.get("bock"))
                pts = _row_points(res, n, d, bock, system)
                problems += _compare(row, res, bock)
        except _RowError as exc:
            problems.append(Problem(exc.field, "", "", exc.why))
            game = game or row.get("contract")[:12]
        correct = [a + b for a, b in zip(correct, pts)]
        base = previous_written if previous_written is not None else correct
        for i, w in enumerate(written_totals):
            if w is None:
                continue
            should = (base[i] + pts[i]) if previous_written is not None else correct[i]
            if w != should:
                problems.append(Problem(
                    f"total of {players[i]}", _signed(w), _signed(should),
                    f"{_signed(base[i])} before, {_signed(pts[i])} in this deal"
                    + _points_why(res, i, declarer_name and players.index(declarer_name),
                                  dealer_index, n, system, pts[i])))
        previous_written = ([w if w is not None else 0 for w in written_totals]
                            if None not in written_totals and written_totals else None)
        out.append(RowCheck(row, number, players[dealer_index], declarer_name, game, res,
                            tuple(pts), tuple(correct), tuple(problems), checked, bock))
    return out


def _points_why(res: GameResult | PassedIn | None, i: int, declarer: int | str | None,
                dealer: int, n: int, system: Scoring, pts: int) -> str:
    """Why player ``i`` gets ``pts`` in this deal (D-13, D-14), for a total that is wrong."""
    if not isinstance(res, GameResult) or not isinstance(declarer, int):
        return "" if res is None else " (no game, no points)"
    if i == declarer:
        if system == "list":
            return " (the declarer's score, D-13)"
        return (f" (the declarer's score {_signed(pts - (50 if res.won else -50))} "
                f"{'+ 50 for a won' if res.won else '− 50 for a lost'} game, D-14)")
    if system == "list" or res.won:
        return " (only the declarer scores on the plain list, D-13)" if system == "list" \
            else " (nothing for the others when the declarer wins, D-14)"
    who = " (the sitting-out dealer included)" if n == 4 and i == dealer else ""
    return (f" (+{40 if n == 3 else 30} for every other player{who} when the declarer "
            f"loses at {n} players, D-14)")


def _compare(row: SheetRow, res: GameResult, bock: int) -> list[Problem]:
    problems = []
    why = res.explain()
    won = _result_word(row.get("result"))
    if won is not None and won != res.won:
        problems.append(Problem("result", "won" if won else "lost",
                                "won" if res.won else "lost", _why_result(res)))
    value = _opt_int(row, "value")
    if value is not None and value != res.value:
        problems.append(Problem("value", str(value), str(res.value), why))
    written = _opt_int(row, "score")
    if written is not None and written != res.score * bock:
        extra = " ×2 Bock" if bock == 2 else ""
        problems.append(Problem("score", _signed(written), _signed(res.score * bock),
                                why + (f"{extra} = {_signed(res.score * bock)}" if extra
                                       else "")))
    return problems


def check(sheet: Sheet, *, scoring: Scoring | None = None) -> SheetReport:
    """Check every row of ``sheet`` and its running totals; see the module docs.

    ``scoring`` overrides the sheet's own; when neither says, the totals are
    checked both ways and the system with fewer disagreements is reported
    (the plain list on a tie).  A row's totals are checked against the totals
    written in the row before it, so one wrong row is reported once, not on
    every row after it; :attr:`SheetReport.totals` are the correct ones.

    :raises TypeError: if ``sheet`` is not a :class:`Sheet`.

    >>> s = Sheet.from_csv("declarer,contract,bid,matadors,points,schneider,score,A,B,C\\n"
    ...                    "B,G,24,1,50,no,-96,40,-146,40\\n")
    >>> r = check(s)
    >>> r.ok, r.scoring, r.stated
    (True, 'seeger_fabian', False)
    """
    if not isinstance(sheet, Sheet):
        raise type_error("sheet", "a Sheet (Sheet.from_csv, Sheet.from_json, load)", sheet)
    if scoring is not None:
        scoring = _scoring_word(scoring, None)
    system = scoring or sheet.scoring
    if system is not None:
        return SheetReport(sheet.players, system, True, tuple(_check_rows(sheet, system)))
    tries = {s: _check_rows(sheet, s) for s in ("list", "seeger_fabian")}
    best: Scoring = min(("list", "seeger_fabian"),
                        key=lambda s: sum(len(r.problems) for r in tries[s]))
    return SheetReport(sheet.players, best, False, tuple(tries[best]))
