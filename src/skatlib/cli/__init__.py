"""The ``skat`` command-line tool.

Every subcommand is one :class:`Command` in :data:`COMMANDS`: a name, a
one-line help text, a function that adds its arguments to an
:class:`argparse.ArgumentParser` and a function that runs it and returns the
exit code.  To add a subcommand, write those two functions and append one
``Command`` to :data:`COMMANDS`; :func:`main` does the rest (parsing, one-line
error messages, exit codes).

Exit codes: 0 success, 1 ``skat replay`` found records that disagree or fail
(or ``skat check`` a score-sheet row that is wrong),
2 bad input (usage or a :class:`~skatlib.SkatError`), 3 ``skat play --human``:
the input ended before the game was over (:data:`skatlib.human.EXIT_UNFINISHED`),
74 the output cannot be written (standard output closed, a full disk), 130
interrupted.  ``skat --lang de`` (or ``LANG=de_DE.UTF-8``) speaks German.  Neither bad
input nor a failing output prints a traceback, only one line ``skat: error:
...`` on standard error.

>>> main(["value", "CH", "--matadors", "2", "--bid", "48", "--points", "58"])
with 2, game 3, hand 4 × Clubs 12 = 48; lost, −96
Seeger-Fabian (3 players): declarer −146, each other player +40
0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, NoReturn

from .._text import write_line as _write
from ..errors import SkatError
from ..i18n import LANGUAGES, detect_lang, error_message
from . import arena, check, dataset, play, replay, simulate, value
from ._common import UsageError

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ["COMMANDS", "EXIT_OUTPUT", "Command", "build_parser", "main"]

PROG = "skat"


class Command(NamedTuple):
    """One ``skat`` subcommand."""

    name: str
    """The word typed after ``skat``."""
    help: str
    """One line for ``skat --help``."""
    add_arguments: Callable[[argparse.ArgumentParser], None]
    """Adds the subcommand's arguments to its parser."""
    run: Callable[[argparse.Namespace], int]
    """Runs the subcommand; returns the exit code.  May raise :class:`~skatlib.SkatError`."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse swallows a failing write (``--help > /dev/full`` would exit 0
        # silently); let main() report it like any other output error
        if message:
            (file or sys.stdout).write(message)


# --------------------------------------------------------------------------- registry

COMMANDS: list[Command] = [
    Command(
        "play",
        "play a deal (or a series with --players) with bots, or yourself (--human)",
        play.add_arguments,
        play.run,
    ),
    Command(
        "value",
        "score a game: value, win or loss, list points (ISkO 5)",
        value.add_arguments,
        value.run,
    ),
    Command(
        "check",
        "check a score sheet (CSV, JSON or a saved series): rows with ✓/✗, exit 1 if wrong",
        check.add_arguments,
        check.run,
    ),
    Command(
        "replay",
        "replay and verify ISS game records (plain, .bz2 or .gz)",
        replay.add_arguments,
        replay.run,
    ),
    Command(
        "simulate",
        "play many deals in parallel and print statistics",
        simulate.add_arguments,
        simulate.run,
    ),
    Command(
        "arena",
        "pit bots against each other over duplicate deals (rotated seats)",
        arena.add_arguments,
        arena.run,
    ),
    Command(
        "dataset",
        "training examples (tensors, action ids) from ISS game records",
        dataset.add_arguments,
        dataset.run,
    ),
]
"""The subcommands, in the order ``skat --help`` lists them."""


def _version() -> str:
    from .. import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    """The parser for ``skat`` with one subparser per entry of :data:`COMMANDS`."""
    parser = _Parser(
        prog=PROG,
        description="Skat exactly as the International Skat Order (ISkO) defines it.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of what skat says: en or de (default: from LANGUAGE, "
                             "LC_ALL, LC_MESSAGES or LANG, e.g. LANG=de_DE.UTF-8; else en)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, description=command.help)
        command.add_arguments(p)
        p.set_defaults(run=command.run)
    return parser


EXIT_OUTPUT = 74
"""Exit code when the output cannot be written (``EX_IOERR`` of ``sysexits.h``):
standard output closed, a full disk (``/dev/full``), an I/O error."""


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's own
    flush at exit has nothing left to fail on."""
    with contextlib.suppress(OSError, ValueError):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (kept open until exit)


def _error(message: str) -> None:
    """One line on standard error, if there is one to write to."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        _write(sys.stderr, f"{PROG}: error: {' '.join(message.split())}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``skat`` with ``argv`` (default: the process arguments); return the exit code.

    Exit codes: 0 success (also when the reader of a pipe goes away, as in
    ``skat play | head``), 1 ``skat replay`` found records that disagree or fail,
    2 bad input, 3 the input of ``skat play --human`` ended before the game was
    over, 74 (:data:`EXIT_OUTPUT`) the output cannot be written, 130
    interrupted.  None of them comes with a traceback.
    """
    if sys.stdout is None:  # started with standard output closed (`skat ... >&-`)
        _error("standard output is closed: nothing can be printed")
        return EXIT_OUTPUT
    parser = build_parser()
    lang = "en"
    try:
        args = parser.parse_args(argv)
        if args.lang is None:
            args.lang = detect_lang()
        lang = args.lang
        run: Callable[[argparse.Namespace], int] = args.run
        code = run(args)
        sys.stdout.flush()  # a full disk shows here, not in the interpreter's exit
        return code
    except SystemExit as exc:  # --help and --version
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            _silence_stdout()
        except OSError as err:
            _silence_stdout()
            _error(f"cannot write the output: {err.strerror or err}")
            return EXIT_OUTPUT
        return exc.code if isinstance(exc.code, int) else 0
    except UsageError as exc:
        _error(str(exc))
        return 2
    except SkatError as exc:
        _error(error_message(exc, lang))
        return 2
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            _write(sys.stderr, f"{PROG}: interrupted")
        return 130
    except BrokenPipeError:  # e.g. `skat play | head`: the reader went away
        _silence_stdout()
        return 0
    except OSError as exc:  # the output cannot be written: a full disk, an I/O error
        _silence_stdout()
        _error(f"cannot write the output: {exc.strerror or exc}")
        return EXIT_OUTPUT


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
