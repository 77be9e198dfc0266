"""What the ``skat`` subcommands share."""

from __future__ import annotations

__all__ = ["UsageError", "is_terminal"]


class UsageError(Exception):
    """Raised by the parser and the commands instead of exiting, so that
    :func:`skatlib.cli.main` prints one line."""


def is_terminal(stream: object) -> bool:
    """Whether ``stream`` is an open terminal: progress bars go to standard error
    only then (never into a file or a pipe, nor to a closed stream).

    >>> import io
    >>> is_terminal(io.StringIO()), is_terminal(None)
    (False, False)
    """
    isatty = getattr(stream, "isatty", None)
    if isatty is None:
        return False
    try:
        return bool(isatty())
    except (OSError, ValueError):  # closed
        return False
