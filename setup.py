"""The optional compiled build: ``SKATLIB_COMPILE=1 pip install .`` compiles the
search leaves (the kernel tables ``skatlib._tables`` and the solver
``skatlib.search.solver``) with mypyc, which ships with mypy.  Without the switch
this file adds nothing: the package is pure Python and configured entirely by
``pyproject.toml``.

The compiled modules give the same results and node counts and raise the same
errors (``.ci/compiled`` builds it and runs the solver, engine and kernel tests
against it; ``docs/performance.rst`` has the measured gain).
"""

from __future__ import annotations

import os

from setuptools import setup

BUILD_REQUIRES = ["mypy>=1.10", "attrs", "typing-extensions"]
"""mypyc, and the runtime dependencies its type check reads."""

COMPILED = ("src/skatlib/_tables.py", "src/skatlib/search/solver.py")
"""The kernel tables and the solver.  The ``skatlib.fast`` engine is left out: as a
mypyc native class its ``copy()`` (``Engine.__new__``) fails and mypyc's argument
checks would replace its own ``game_type`` error message (tests/test_fast.py)."""

if os.environ.get("SKATLIB_COMPILE", "") not in ("", "0"):
    try:
        from mypyc.build import mypycify
    except ImportError:
        # pip's isolated build asks for the build requirements first: setup_requires
        # makes setuptools report mypy (and what its type check
        # reads), which pip installs before building the wheel
        setup(setup_requires=BUILD_REQUIRES)
    else:
        setup(setup_requires=BUILD_REQUIRES,
              ext_modules=mypycify(list(COMPILED), opt_level="3"))
else:
    setup()
