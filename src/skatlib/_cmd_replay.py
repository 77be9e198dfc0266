"""Private, kept only for old imports (``tests/test_formats_iss.py``): ``skat
replay`` lives in :mod:`skatlib.cli.replay`.  Remove once nothing imports it."""

from __future__ import annotations

from .cli.replay import _Progress, add_arguments, run

__all__ = ["_Progress", "add_arguments", "run"]
