"""Check the example score sheets, then keep and settle a series of your own.

    python examples/check_sheets.py

Reads ``examples/sheets/clean.csv`` and ``examples/sheets/planted-errors.csv``
with :mod:`skatlib.sheet`, prints each report (✓/✗ per row, every problem with
its explanation), then plays six deals at a table of three, saves the series as
JSON (every deal's record), reads it back, checks its sheet and settles it at
one cent per point (exact ``Decimal`` money).
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from skatlib import PUB, RuleBot, Table
from skatlib.bots import seeded_deal
from skatlib.sheet import check, load

SHEETS = Path(__file__).resolve().parent / "sheets"


def main() -> None:
    for name in ("clean.csv", "planted-errors.csv"):
        report = check(load(SHEETS / name))
        print(f"== {name}: {'clean' if report.ok else f'{len(report.wrong)} rows wrong'}")
        print(report.text())
        print()
    table = Table(("Anna", "Bernd", "Clara"), rules=PUB, deals=6)
    for i in range(6):
        table = table.play(seeded_deal(7, i), [RuleBot()] * 3)
    saved = json.dumps(table.to_dict())
    again = Table.from_dict(json.loads(saved))
    assert again == table and check(again.to_sheet()).ok
    print(again.sheet())
    print()
    print(again.settlement(Decimal("0.01")).text())


if __name__ == "__main__":
    main()
