"""``skat dataset ARCHIVE... --out FILE``: training examples from ISS archives.

Every record that replays is turned into supervised examples by
:func:`skatlib.encoding.examples_from_records` (the acting seat's information-state
tensor, the action id, the seat, the legal ids) and written by
:func:`skatlib.encoding.save_examples`: ``.npz`` (numpy's compressed arrays; needs
numpy) or JSON lines for any other name.  Records that cannot be read or replayed
are counted and left out.  On a terminal a progress line is kept on standard error.

>>> import argparse, pathlib, tempfile
>>> p = argparse.ArgumentParser()
>>> add_arguments(p)
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp, "games.sgf")
...     _ = path.write_text("(;GM[Skat]MV[w " + ".".join(c.name for c in Card) +
...                         " 1 p 2 p 0 p ]R[passed] ;)\\n")
...     run(p.parse_args([str(path), "--out", str(pathlib.Path(tmp, "out.jsonl"))]))
1 game in 1 file (0 left out): 3 examples written to ...out.jsonl (jsonl)
...
0
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from typing import TextIO

from .._text import write_line as _write
from ..cards import Card
from ..encoding import Example, examples_from_records, save_examples
from ..errors import RecordError, SkatError
from ..formats.iss import scan, to_game_record
from ..record import GameRecord
from ._common import UsageError, is_terminal
from .replay import _Progress

__all__ = ["add_arguments", "run"]

_ = Card  # used by the doctest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``skat dataset`` to ``parser``."""
    parser.add_argument("files", nargs="+", metavar="ARCHIVE",
                        help="ISS game records, one per line: plain text, .bz2 or .gz")
    parser.add_argument("--out", required=True, metavar="FILE",
                        help="where to write: FILE.npz (needs numpy) or JSON lines otherwise")
    parser.add_argument("--seats", default=None, metavar="S",
                        help="only the examples of these seats, e.g. 0 or 0,2 (default all)")
    parser.add_argument("--limit", type=int, default=None, metavar="N",
                        help="stop after N games")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


class _Counts:
    games = 0
    left_out = 0


def _records(files: list[str], counts: _Counts, limit: int | None, progress: _Progress,
             start: float) -> Iterator[GameRecord]:
    for path in files:
        name = os.fspath(path)
        for item in scan(name, replay=False):
            if limit is not None and counts.games >= limit:
                return
            counts.games += 1
            if not counts.games & 63:
                progress.update(name, counts.games, start)
            if item.record is None:
                counts.left_out += 1
                continue
            try:
                rec = to_game_record(item.record)
            except SkatError:
                counts.left_out += 1
                continue
            yield rec


def _examples(records: Iterator[GameRecord], seats: list[int] | None,
              counts: _Counts, numpy: bool) -> Iterator[Example]:
    for rec in records:
        try:  # numpy arrays for .npz: no list of floats made only to be converted
            batch = list(examples_from_records([rec], seats=seats, numpy=numpy))
        except RecordError:
            counts.left_out += 1
            continue
        yield from batch


def _seats(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        seats = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        seats = []
    if not seats or any(not 0 <= s <= 2 for s in seats):
        raise UsageError(f"--seats {text!r}: give seats 0..2 joined by commas, e.g. 0,2")
    return seats


def run(args: argparse.Namespace) -> int:
    """Write the examples of ``args.files`` to ``args.out``; print a summary."""
    out: TextIO = sys.stdout
    err: TextIO = sys.stderr
    if args.limit is not None and args.limit < 0:
        raise UsageError(f"--limit {args.limit}: give a number of games >= 0")
    seats = _seats(args.seats)
    progress = _Progress(err, not args.quiet and is_terminal(err))
    counts = _Counts()
    start = time.perf_counter()
    files = [os.fspath(f) for f in args.files]
    target = os.fspath(args.out)
    fmt = "npz" if target.endswith(".npz") else "jsonl"
    try:
        n = save_examples(_examples(_records(files, counts, args.limit, progress, start), seats,
                                    counts, fmt == "npz"), target)
    except RecordError as exc:  # a file that cannot be opened
        progress.clear()
        raise UsageError(str(exc)) from None
    progress.clear()
    seconds = time.perf_counter() - start
    games = "game" if counts.games == 1 else "games"
    files_text = f"{len(files)} file{'s' if len(files) != 1 else ''}"
    _write(out, f"{counts.games} {games} in {files_text} ({counts.left_out} left out): "
                f"{n} examples written to {target} ({fmt})")
    rate = counts.games / seconds if seconds > 0 else 0.0
    _write(out, f"{seconds:.2f} s, {rate:.0f} games per second")
    return 0
