"""What the ``skat`` subcommands share."""

from __future__ import annotations

__all__ = ["UsageError"]


class UsageError(Exception):
    """Raised by the parser and the commands instead of exiting, so that
    :func:`skatlib.cli.main` prints one line."""
