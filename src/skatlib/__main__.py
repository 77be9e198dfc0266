"""``python -m skatlib`` runs the ``skat`` command-line tool (:mod:`skatlib.cli`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
