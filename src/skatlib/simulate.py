"""Deprecated alias of :mod:`skatlib.bots.simulation` (moved in 0.2; this alias
goes in the next minor release).

The name ``skatlib.simulate`` means the *function* :func:`skatlib.simulate`
(as it did before).  Importing this deprecated module (``import
skatlib.simulate`` or ``from skatlib.simulate import ...``) makes Python bind
``skatlib.simulate`` to the module, so the module is made callable: calling it
calls the function, and code that says ``skatlib.simulate(...)`` keeps
working either way.  New code imports the function from :mod:`skatlib` and the
module as :mod:`skatlib.bots.simulation`.
"""

from __future__ import annotations

import sys
import types
import warnings
from typing import Any

from .bots import simulation as _simulation
from .bots.simulation import *  # noqa: F403  (the whole public surface, as before the move)
from .bots.simulation import SimulationStats
from .bots.simulation import __all__ as __all__


class _CallableModule(types.ModuleType):
    """This module, callable as :func:`skatlib.simulate`."""

    def __call__(self, *args: Any, **kwargs: Any) -> SimulationStats:
        return _simulation.simulate(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule

warnings.warn("the module skatlib.simulate is deprecated: import simulate from skatlib, and "
              "the rest from skatlib.bots.simulation", DeprecationWarning, stacklevel=2)
