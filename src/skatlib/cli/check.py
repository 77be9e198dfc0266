"""``skat check SHEET``: check a score sheet (CSV, JSON, or a series saved by
``skat play --save``) row by row and print it with ✓/✗; exit 1 when a row is wrong."""

from __future__ import annotations

import argparse
import sys

from .._text import write_line as _write
from ..errors import SkatError
from ..sheet import check, load
from ._common import UsageError

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``skat check``."""
    parser.add_argument("sheet", help="the score sheet: .csv (English or German headers), "
                        ".json (a skatlib-sheet, or a series saved by 'skat play --save')")
    parser.add_argument("--scoring", choices=("list", "seeger_fabian"), default=None,
                        help="the system of the written totals (default: the sheet's own, "
                             "else inferred from the totals)")
    parser.add_argument("--ascii", action="store_true", help="OK/XX instead of ✓/✗")


def run(args: argparse.Namespace) -> int:
    """Run ``skat check``: 0 when every row agrees, 1 when one does not."""
    try:
        sheet = load(args.sheet)
    except OSError as exc:
        raise UsageError(f"cannot read {args.sheet}: {exc.strerror or exc}") from None
    except SkatError as exc:
        raise UsageError(f"{args.sheet}: {exc}") from None
    report = check(sheet, scoring=args.scoring)
    _write(sys.stdout, report.text(symbols=not args.ascii))
    return 0 if report.ok else 1
