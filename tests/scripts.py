"""Load the repository's scripts (``benchmarks/*.py``, ``fuzz/*.py``) as modules
for the tests: they are not part of the skatlib package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str, name: str, *, fresh: bool = False) -> ModuleType:
    """The script at ``ROOT / relative`` as module ``name``: loaded once, or anew
    with ``fresh`` (for scripts whose ``main`` leaves module state behind)."""
    if name in sys.modules and not fresh:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module
