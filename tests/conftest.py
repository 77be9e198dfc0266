"""Shared pytest set-up: hypothesis profiles.

* ``dev`` (default): hypothesis defaults without a deadline.
* ``ci`` (default when ``CI`` is set): derandomized, 100 examples, no deadline.
* ``nightly``: 5000 examples per property.

Choose one with ``HYPOTHESIS_PROFILE=nightly``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None)
settings.register_profile("nightly", max_examples=5000, deadline=None)

_DEFAULT_PROFILE = "ci" if os.environ.get("CI") else "dev"
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT_PROFILE)
settings.load_profile(PROFILE)


def pytest_report_header() -> str:
    """Show the active hypothesis profile in pytest's header."""
    return f"hypothesis profile: {PROFILE}"
