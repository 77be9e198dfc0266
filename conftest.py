"""Doctest collection of the adapters in skatlib.contrib: a module whose framework is not
installed (an extra: pettingzoo, openspiel, rlcard) cannot be imported, so its doctests
are left out; their tests in tests/test_contrib_*.py skip with the reason printed."""

from __future__ import annotations

import importlib.util

_FRAMEWORKS = {"pettingzoo": "pettingzoo", "openspiel": "pyspiel", "rlcard": "rlcard"}

collect_ignore = [f"src/skatlib/contrib/{module}.py" for module, needs in _FRAMEWORKS.items()
                  if importlib.util.find_spec(needs) is None]
