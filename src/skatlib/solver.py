"""Deprecated alias of :mod:`skatlib.search.solver` (moved; removed in the next minor
release).  Every name still works and warns (``DeprecationWarning``) when used.

>>> import warnings
>>> import skatlib.solver, skatlib.search.solver
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     same = skatlib.solver.Solver is skatlib.search.solver.Solver
>>> same, caught[0].category.__name__
(True, 'DeprecationWarning')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .search import _moved
from .search import solver as _new

if TYPE_CHECKING:
    from .search.solver import *  # noqa: F403

__getattr__ = _moved("skatlib.solver", _new)
