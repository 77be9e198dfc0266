"""Deprecated alias of :mod:`skatlib.bots.pimc` (moved in 0.2; this alias goes
in the next minor release).  Import from :mod:`skatlib.bots.pimc` or
:mod:`skatlib` instead."""

from __future__ import annotations

import warnings

from .bots.pimc import PIMCBot, best_contract, estimate

__all__ = ["PIMCBot", "best_contract", "estimate"]

warnings.warn("skatlib.pimc is deprecated: import from skatlib.bots.pimc (or skatlib)",
              DeprecationWarning, stacklevel=2)
