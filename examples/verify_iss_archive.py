"""Verify an archive of ISS game records against skatlib's rules.

    python examples/verify_iss_archive.py                   # the test corpus
    python examples/verify_iss_archive.py iss2-archive.sgf.bz2 --show 20

Every record is replayed move by move under the ``ISS`` rules (D-18), each
move checked, and skatlib's result is compared field by field with the
server's ``R[...]``: declarer, won or lost, value, matadors, overbid, points,
tricks, schneider and schwarz.  Archives may be plain, bzip2 or gzip files
and are streamed in constant memory (:func:`skatlib.formats.iss.scan`).

Without a path it checks the 46 real records of the test corpus,
``tests/data/iss/iss_records.sgf`` in the repository.  The exit code is 0
when every record agrees, 1 when one does not or cannot be replayed, and 2
when a file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from skatlib import RecordError
from skatlib.formats import iss

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "iss" / "iss_records.sgf"


def verify(path: Path, show: int) -> tuple[int, int, int]:
    """Check one archive; print the first ``show`` problems.

    Returns ``(records, agreeing, problems)``.
    """
    records = agreeing = shown = 0
    kinds: Counter[str] = Counter()
    start = time.perf_counter()
    for item in iss.scan(path):
        records += 1
        if item.ok:
            agreeing += 1
            if item.record is not None and item.verification is not None:
                kinds[type(item.verification.result).__name__] += 1
            continue
        if shown < show:
            shown += 1
            game = item.record.id if item.record is not None else "?"
            if item.error is not None:
                print(f"  line {item.line} (game {game}): cannot replay: {item.error}")
            elif item.status is iss.Status.UNVERIFIABLE:
                print(f"  line {item.line} (game {game}): cannot verify: "
                      f"{item.differences[0].computed}")
            else:
                diffs = "; ".join(str(d) for d in item.differences)
                print(f"  line {item.line} (game {game}): disagrees: {diffs}")
    elapsed = time.perf_counter() - start
    rate = records / elapsed if elapsed > 0 else 0.0
    print(f"{path}: {records} records, {agreeing} agree with R[...], "
          f"{records - agreeing} do not ({rate:,.0f} records/s)")
    if kinds:
        print("  agreeing records by outcome: "
              + ", ".join(f"{name} {n}" for name, n in sorted(kinds.items())))
    return records, agreeing, records - agreeing


def main(argv: Sequence[str] | None = None) -> int:
    """Verify the archives named on the command line (or the test corpus)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[CORPUS],
                        help="ISS archives (.sgf, .bz2, .gz); default: the test corpus")
    parser.add_argument("--show", type=int, default=10, metavar="N",
                        help="print the first N problems of each archive (default 10)")
    args = parser.parse_args(argv)
    problems = 0
    for path in args.paths:
        try:
            _, _, bad = verify(path, args.show)
        except (RecordError, OSError) as exc:
            print(f"verify_iss_archive: cannot read {path}: {exc}", file=sys.stderr)
            return 2
        problems += bad
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
