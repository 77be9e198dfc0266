"""Search over hidden and open cards: the world sampler and the double-dummy solver.

* :mod:`skatlib.search.sampling` -- worlds consistent with what one seat has seen
  (the hidden-card sampler of Perfect Information Monte Carlo);
* :mod:`skatlib.search.solver` -- a double-dummy solver for the card play.

They used to be ``skatlib.sampling`` and ``skatlib.solver``; those names still
work for one minor release and raise a :class:`DeprecationWarning` on use.

>>> from skatlib.search import sample_worlds, solve
>>> from skatlib.search.solver import Solver
>>> Solver().nodes
0
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable
from types import ModuleType

from .sampling import (
    World,
    count_worlds,
    is_consistent,
    sample_worlds,
    world_constraints,
    world_state,
)
from .solver import (
    Position,
    SearchAborted,
    Solver,
    clear_cache,
    evaluate_moves,
    position_of,
    solve,
    takes_all_tricks,
)

__all__ = [
    "Position",
    "SearchAborted",
    "Solver",
    "World",
    "clear_cache",
    "count_worlds",
    "evaluate_moves",
    "is_consistent",
    "position_of",
    "sample_worlds",
    "solve",
    "takes_all_tricks",
    "world_constraints",
    "world_state",
]


def _moved(old: str, new: ModuleType) -> Callable[[str], object]:
    """The module ``__getattr__`` of a deprecated alias module ``old`` whose names
    now live in ``new``: every name is looked up in ``new``; a use from outside
    skatlib warns (:class:`DeprecationWarning`).  skatlib's own top-level imports
    stay silent until they move to :mod:`skatlib.search`."""

    def __getattr__(name: str) -> object:
        try:
            value = getattr(new, name)
        except AttributeError:
            raise AttributeError(f"module {old!r} has no attribute {name!r}") from None
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller != "skatlib" and not name.startswith("__"):
            warnings.warn(f"{old} is deprecated and will be removed in the next minor "
                          f"release: import {name} from {new.__name__} (or skatlib.search)",
                          DeprecationWarning, stacklevel=2)
        return value

    return __getattr__
