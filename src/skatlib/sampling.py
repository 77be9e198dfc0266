"""Deprecated alias of :mod:`skatlib.search.sampling` (moved; removed in the next minor
release).  Every name still works and warns (``DeprecationWarning``) when used.

>>> import warnings
>>> import skatlib.sampling, skatlib.search.sampling
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     same = skatlib.sampling.World is skatlib.search.sampling.World
>>> same, caught[0].category.__name__
(True, 'DeprecationWarning')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .search import _moved
from .search import sampling as _new

if TYPE_CHECKING:
    from .search.sampling import *  # noqa: F403

__getattr__ = _moved("skatlib.sampling", _new)
