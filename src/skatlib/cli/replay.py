"""``skat replay FILE...``: replay and verify ISS archives (:mod:`skatlib.formats.iss`).

Every record is replayed under the :data:`~skatlib.ISS` rules with every move
checked, and skatlib's result is compared with the record's ``R[...]``.  The
summary gives the number of games, how many agree and disagree (with the first
few differences), how many cannot be verified (their ``R[...]`` is missing or
lacks the fields that state the outcome: counted apart, never as agreeing), how
many cannot be read or replayed (illegal moves among them) and the speed.  On a
terminal a progress line is kept on standard error.

Exit codes: 0 every record agrees, 1 some record disagrees, cannot be verified
or cannot be replayed, 2 a file cannot be read.

>>> import argparse, pathlib, tempfile
>>> p = argparse.ArgumentParser()
>>> add_arguments(p)
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp, "games.sgf")
...     _ = path.write_text("(;GM[Skat]MV[w " + ".".join(c.name for c in Card) +
...                         " 1 p 2 p 0 p ]R[passed] ;)\\n")
...     run(p.parse_args([str(path), "--quiet"]))
1 game in 1 file: 1 agrees with its R[...], 0 disagree, 0 cannot be verified,
0 cannot be replayed
...
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, TextIO

from .._text import write_line as _write
from ..cards import Card
from ..errors import IllegalActionError, RecordError
from ..formats.iss import Status, scan
from ._common import is_terminal

__all__ = ["add_arguments", "run"]

_SHOWN = 5
"""How many disagreeing and failing records are listed."""

_ = Card  # used by the doctest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``skat replay`` to ``parser``."""
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="ISS game records, one per line: plain text, .bz2 or .gz (recognised by content)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the summary as one JSON object"
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="print only the summary: no list of disagreeing or failing records, no progress",
    )


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


class _Progress:
    def __init__(self, stream: TextIO, enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.last = 0.0
        self.shown = False

    def update(self, name: str, games: int, start: float) -> None:
        now = time.perf_counter()
        if not self.enabled or now - self.last < 0.25:
            return
        self.last = now
        rate = games / (now - start) if now > start else 0.0
        self.stream.write(f"\r{name}: {games} games, {rate:.0f}/s\x1b[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def run(args: argparse.Namespace) -> int:
    """Replay and verify every record of ``args.files``; print the summary."""
    out: TextIO = sys.stdout
    err: TextIO = sys.stderr
    quiet = bool(args.quiet)
    progress = _Progress(err, not quiet and is_terminal(err))
    games = agree = disagree = unverifiable = failed = illegal = 0
    unreadable: list[dict[str, Any]] = []
    disagreeing: list[dict[str, Any]] = []
    unverified: list[dict[str, Any]] = []
    failing: list[dict[str, Any]] = []
    start = time.perf_counter()
    for path in args.files:
        name = os.fspath(path)
        try:
            for item in scan(name):
                games += 1
                rec_id = item.record.id if item.record is not None else None
                if item.error is not None:
                    failed += 1
                    is_illegal = isinstance(item.error.__cause__, IllegalActionError)
                    illegal += is_illegal
                    if len(failing) < _SHOWN:
                        failing.append({"file": name, "line": item.line, "id": rec_id,
                                        "field": item.error.field, "illegal": is_illegal,
                                        "message": str(item.error)})
                elif item.status is Status.UNVERIFIABLE or item.verification is None:
                    # UNVERIFIABLE (R[...] missing or without d/outcome/v), or no
                    # verification at all: never an agreement
                    unverifiable += 1
                    if len(unverified) < _SHOWN:
                        why = "; ".join(str(d) for d in item.differences) or "not replayed"
                        unverified.append({"file": name, "line": item.line, "id": rec_id,
                                           "reason": why})
                elif item.differences:
                    disagree += 1
                    if len(disagreeing) < _SHOWN:
                        disagreeing.append({
                            "file": name, "line": item.line, "id": rec_id,
                            "differences": [{"field": d.field, "recorded": d.recorded,
                                             "computed": d.computed}
                                            for d in item.differences]})
                else:
                    agree += 1
                if not games & 255:
                    progress.update(name, games, start)
        except RecordError as exc:  # the file cannot be opened or read on
            progress.clear()
            unreadable.append({"file": name, "message": str(exc)})
            _write(err, f"skat replay: {' '.join(str(exc).split())}")
    progress.clear()
    seconds = time.perf_counter() - start
    rate = games / seconds if seconds > 0 else 0.0
    if args.json:
        _write(out, json.dumps({
            "files": [os.fspath(p) for p in args.files], "games": games, "agree": agree,
            "disagree": disagree, "unverifiable": unverifiable, "failed": failed,
            "illegal_moves": illegal,
            "unreadable_files": unreadable, "seconds": round(seconds, 3),
            "games_per_second": round(rate, 1), "disagreeing": disagreeing,
            "unverified": unverified, "failing": failing}, ensure_ascii=False))
    else:
        if not quiet:
            if disagreeing:
                _write(out, f"disagreeing with R[...] (first {len(disagreeing)} of {disagree}):")
                for d in disagreeing:
                    diffs = "; ".join(f"{x['field']}: record {x['recorded']}, skatlib "
                                      f"{x['computed']}" for x in d["differences"])
                    _write(out, f"  {d['file']}:{d['line']} (ID {d['id']}): {diffs}")
            if unverified:
                _write(out, f"cannot be verified (first {len(unverified)} of {unverifiable}):")
                for u in unverified:
                    _write(out, f"  {u['file']}:{u['line']} (ID {u['id']}): {u['reason']}")
            if failing:
                _write(out, f"cannot be replayed (first {len(failing)} of {failed}):")
                for f in failing:
                    _write(out, f"  {f['file']}:{f['line']} (ID {f['id']}): "
                                f"{' '.join(f['message'].split())}")
        files = _plural(len(args.files), "file")
        agrees = f"{agree} agree{'s' if agree == 1 else ''} with {'its' if agree == 1 else 'their'}"
        _write(out, f"{_plural(games, 'game')} in {files}: {agrees} R[...], {disagree} disagree, "
                    f"{unverifiable} cannot be verified, {failed} cannot be replayed"
                    + (f" ({illegal} with an illegal move)" if illegal else ""))
        _write(out, f"{seconds:.2f} s, {rate:.0f} games per second")
    if unreadable:
        return 2
    return 0 if disagree == 0 and unverifiable == 0 and failed == 0 else 1
