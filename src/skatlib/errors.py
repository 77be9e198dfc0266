"""The exceptions skatlib raises on purpose.

Every error is a subclass of :class:`SkatError`, which is itself a
:class:`ValueError`, so ``except ValueError`` keeps working.  Each error carries
a machine-readable :class:`Reason` (for apps that translate messages) and a
message that names the offending input, why it is wrong, and what would be
legal.

>>> from skatlib import Card, NotationError
>>> try:
...     Card.parse("XZ")
... except NotationError as exc:
...     print(exc.reason.name)
UNKNOWN_CARD
"""

from __future__ import annotations

import builtins
import enum
import operator
import os
from collections.abc import Callable, Iterator
from typing import Any

__all__ = [
    "Reason",
    "SkatError",
    "NotationError",
    "InvalidCardsError",
    "InvalidContractError",
    "InvalidBidError",
    "InvalidScoreError",
    "IllegalActionError",
    "RecordError",
    "TableError",
    "SamplingError",
    "SolverError",
    "ArgumentTypeError",
]


class Reason(enum.Enum):
    """Machine-readable cause of a :class:`SkatError`."""

    # arguments of the wrong type (ArgumentTypeError)
    WRONG_TYPE = "wrong_type"
    # notation
    UNKNOWN_CARD = "unknown_card"
    UNKNOWN_CONTRACT = "unknown_contract"
    UNKNOWN_ACTION = "unknown_action"
    BAD_NOTATION = "bad_notation"
    # cards
    DUPLICATE_CARD = "duplicate_card"
    WRONG_CARD_COUNT = "wrong_card_count"
    CARD_OUT_OF_RANGE = "card_out_of_range"
    GAME_TYPE_OUT_OF_RANGE = "game_type_out_of_range"
    # contract and bids
    FORBIDDEN_COMBINATION = "forbidden_combination"
    NOT_A_BID_VALUE = "not_a_bid_value"
    # scoring input
    POINTS_OUT_OF_RANGE = "points_out_of_range"
    TRICKS_OUT_OF_RANGE = "tricks_out_of_range"
    IMPOSSIBLE_MATADORS = "impossible_matadors"
    INCONSISTENT_RESULT = "inconsistent_result"
    NULL_OVERBID = "null_overbid"
    BAD_KONTRA = "bad_kontra"
    BAD_TRICK = "bad_trick"
    PUSHES_OUT_OF_RANGE = "pushes_out_of_range"
    MISSING_ARGUMENT = "missing_argument"
    CONFLICTING_ARGUMENTS = "conflicting_arguments"
    # actions on a game state
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    BID_TOO_LOW = "bid_too_low"
    BID_NOT_ALLOWED = "bid_not_allowed"
    MUST_HOLD_OR_PASS = "must_hold_or_pass"
    DISCARD_REQUIRED = "discard_required"
    DISCARD_NOT_ALLOWED = "discard_not_allowed"
    DISCARD_NOT_IN_HAND = "discard_not_in_hand"
    CONTRACT_NOT_ALLOWED = "contract_not_allowed"
    CANNOT_REACH_BID = "cannot_reach_bid"
    KONTRA_NOT_ALLOWED = "kontra_not_allowed"
    NOT_DECLARER = "not_declarer"
    NOT_DEFENDER = "not_defender"
    ALREADY_DONE = "already_done"
    OPTION_DISABLED = "option_disabled"
    PUSH_NOT_ALLOWED = "push_not_allowed"
    # tables and records
    BAD_SEAT = "bad_seat"
    BAD_SEED = "bad_seed"
    BAD_TABLE = "bad_table"
    BAD_RULES = "bad_rules"
    BAD_RECORD = "bad_record"
    RECORD_MISMATCH = "record_mismatch"
    TOO_LONG = "too_long"
    UNWRITABLE_VALUE = "unwritable_value"
    BAD_PATH = "bad_path"


class SkatError(ValueError):
    """Base class of every error skatlib raises on purpose.

    :param message: the human-readable explanation.
    :param reason: a machine-readable :class:`Reason`.
    """

    default_reason: Reason = Reason.BAD_NOTATION

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason: Reason = reason if reason is not None else self.default_reason


class NotationError(SkatError):
    """Text that does not parse: a card ``'XZ'``, a contract ``'Q'``, an action token."""

    default_reason = Reason.BAD_NOTATION


class InvalidCardsError(SkatError):
    """Cards that cannot be: duplicates, wrong counts, a card index outside 0..31."""

    default_reason = Reason.DUPLICATE_CARD


class InvalidContractError(SkatError):
    """A contract combination the rules forbid (ISkO 2.2, 5.2.5-5.2.6)."""

    default_reason = Reason.FORBIDDEN_COMBINATION


class InvalidBidError(SkatError):
    """A number that is not one of the 63 legal bid values (ISkO 3.3.1, D-9)."""

    default_reason = Reason.NOT_A_BID_VALUE


class InvalidScoreError(SkatError):
    """Scoring input that cannot describe a real game (points, tricks, matadors...)."""

    default_reason = Reason.INCONSISTENT_RESULT


class IllegalActionError(SkatError):
    """A well-formed action that is not allowed in the given state.

    The state passed in is never changed.  :attr:`legal` lists the actions
    (as text) that would have been legal, when that is known.
    """

    default_reason = Reason.WRONG_PHASE

    def __init__(
        self,
        message: str,
        reason: Reason | None = None,
        *,
        action: object = None,
        legal: tuple[str, ...] | Callable[[], tuple[str, ...]] = (),
    ) -> None:
        super().__init__(message, reason)
        self.action = action
        self._legal = legal
        self._message = message

    @property
    def legal(self) -> tuple[str, ...]:
        """The actions (as text) that would have been legal."""
        if callable(self._legal):
            self._legal = self._legal()  # computed only when asked for
        return self._legal

    def __reduce__(self) -> tuple[object, ...]:
        # picklable (e.g. across worker processes): the legal list is materialised
        return (_rebuild_illegal, (type(self), self._message, self.reason, self.action,
                                   self.legal))

    def __str__(self) -> str:
        legal = self.legal
        if not legal:
            return self._message
        shown = ", ".join(legal[:12]) + (f", ... ({len(legal)} in all)" if len(legal) > 12
                                         else "")
        return f"{self._message}; legal now: {shown}"


def _rebuild_illegal(cls: type[IllegalActionError], message: str, reason: Reason,
                     action: object, legal: tuple[str, ...]) -> IllegalActionError:
    return cls(message, reason, action=action, legal=legal)


class RecordError(SkatError):
    """A game record that cannot be read or replayed.

    :attr:`line` (1-based, or ``None``) and :attr:`field` locate the problem.
    """

    default_reason = Reason.BAD_RECORD

    def __init__(
        self,
        message: str,
        reason: Reason | None = None,
        *,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        where = []
        if line is not None:
            where.append(f"line {line}")
        if field is not None:
            where.append(f"field {field}")
        full = f"{', '.join(where)}: {message}" if where else message
        super().__init__(full, reason)
        #: The line of the input where the problem is (1-based), if known.
        self.line = line
        #: The field of the record where the problem is (``'MV move 17'``, ``'R'``), if known.
        self.field = field


class TableError(SkatError):
    """A table or series used wrongly (5 players, wrong dealer, series over...)."""

    default_reason = Reason.BAD_TABLE


class SamplingError(SkatError):
    """An observation that no world fits (cards seen twice, impossible voids,
    hand sizes that do not add up), or a request the sampler cannot serve."""

    default_reason = Reason.BAD_RECORD


class ArgumentTypeError(SkatError, TypeError):
    """An argument of the wrong type: the message names the parameter and the type it
    expects.  It is a :class:`TypeError` (catch it as one) and, so that code written
    before the type policy keeps working, also a :class:`SkatError` (``WRONG_TYPE``).

    >>> from skatlib import Card
    >>> try:
    ...     Card.of(0.5, 1)
    ... except TypeError as exc:
    ...     print(exc, exc.reason.name)
    suit must be a Suit or an int 0..3, not float (0.5) WRONG_TYPE
    """

    default_reason = Reason.WRONG_TYPE


class SolverError(SkatError):
    """A position the solver cannot handle: not in card play, Ramsch, or no declarer."""

    default_reason = Reason.WRONG_PHASE


# ----------------------------------------------------------------------------- type checks
# The project's type/value policy (CONTRIBUTING.md, "Errors and types"): a wrong *type*
# raises TypeError naming the parameter and the expected type; these helpers are the one
# place that wording and the int rule (anything operator.index accepts, never a bool) live.


def type_error(name: str, expected: str, value: object) -> ArgumentTypeError:
    """The :class:`ArgumentTypeError` (a :class:`TypeError`) for parameter ``name``:
    ``'<name> must be <expected>, not <type> (<value>)'``.

    >>> str(type_error("seat", "a Seat or an int 0..2", "x"))
    "seat must be a Seat or an int 0..2, not str ('x')"
    """
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    kind = type(value)
    what = kind.__name__
    if kind.__module__ != "builtins" and hasattr(builtins, what):
        # numpy's bool is named "bool": "must be True or False, not bool" would contradict
        # itself, so a foreign type named like a builtin is shown with its module
        what = f"{kind.__module__}.{kind.__qualname__}"
    return ArgumentTypeError(f"{name} must be {expected}, not {what} ({shown})")


def as_int(value: object, name: str, expected: str = "an int") -> int:
    """``value`` as an ``int``: anything :func:`operator.index` accepts (``int``,
    ``IntEnum`` members, numpy integers), but never a ``bool``.

    :raises TypeError: naming ``name`` and ``expected`` for anything else.

    >>> from skatlib import Seat
    >>> as_int(5, "n"), as_int(Seat.REARHAND, "seat")
    (5, 2)
    >>> as_int(2.0, "pushes")
    Traceback (most recent call last):
    ...
    skatlib.errors.ArgumentTypeError: pushes must be an int, not float (2.0)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        raise type_error(name, expected, value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise type_error(name, expected, value) from None


def as_seed(value: object, name: str, expected: str, what: str = "play") -> int:
    """``value`` as a seed of :class:`random.Random`: an int (as :func:`as_int`) of at
    least 0.  Python's ``random.seed(-n)`` is ``random.seed(n)``, so a negative seed
    would silently ``what`` the same as its absolute value: it is refused.

    :raises TypeError: naming ``name`` and ``expected`` for a non-int.
    :raises SkatError: ``BAD_SEED`` for a negative seed.

    >>> as_seed(7, "seed", "an int")
    7
    >>> as_seed(-7, "seed", "an int")                     # doctest: +ELLIPSIS
    Traceback (most recent call last):
    skatlib.errors.SkatError: seed -7 is negative: ... the same as 7; use a seed >= 0
    """
    seed = as_int(value, name, expected)
    if seed < 0:
        raise SkatError(f"{name} {seed} is negative: Python's random uses abs() of an int "
                        f"seed, so it would {what} the same as {-seed}; use a seed >= 0",
                        Reason.BAD_SEED)
    return seed


def as_iterator(value: object, name: str, expected: str,
                exclude: tuple[type, ...] = (str, bytes)) -> Iterator[Any]:
    """An iterator over ``value``, which must be iterable and none of ``exclude`` (text
    is iterable, but never meant as a sequence of items).  A class is refused too:
    ``hasattr(str, "__iter__")`` is true of the class itself, which cannot be iterated.

    :raises TypeError: naming ``name`` and ``expected`` otherwise.

    >>> list(as_iterator((1, 2), "seats", "a sequence"))
    [1, 2]
    >>> as_iterator(str, "deck", "an iterable of 32 cards")
    Traceback (most recent call last):
    ...
    skatlib.errors.ArgumentTypeError: deck must be an iterable of 32 cards, not type (<class 'str'>)
    """
    if isinstance(value, (type, *exclude)):
        raise type_error(name, expected, value)
    try:
        return iter(value)  # type: ignore[call-overload, no-any-return]
    except TypeError:
        raise type_error(name, expected, value) from None


def as_text(value: object, name: str) -> str:
    """``value`` if it is a ``str``.

    :raises TypeError: naming ``name`` otherwise.

    >>> as_text(b"CJ", "text")
    Traceback (most recent call last):
    ...
    skatlib.errors.ArgumentTypeError: text must be str, not bytes (b'CJ')
    """
    if isinstance(value, str):
        return value
    raise type_error(name, "str", value)


def as_path(value: str | os.PathLike[str], name: str) -> str:
    """The file name of the path ``value`` (:func:`os.fspath`), checked before it is
    opened: a NUL character, which no file system takes and on which :func:`open`
    raises a bare ``ValueError``, and a character the file system's encoding cannot
    write (a lone surrogate such as ``"\\ud800"``: a bare ``UnicodeEncodeError``)
    are a :class:`SkatError` (``Reason.BAD_PATH``) naming the parameter.

    >>> as_path("games.sgf", "target")
    'games.sgf'
    >>> as_path("games\\0.sgf", "target")
    Traceback (most recent call last):
    ...
    skatlib.errors.SkatError: target 'games\\x00.sgf' cannot be a file name: ...
    """
    if not isinstance(value, (str, os.PathLike)):
        raise type_error(name, "a path (str or os.PathLike)", value)
    text = os.fsdecode(os.fspath(value))
    if "\0" in text:
        raise SkatError(f"{name} {text!r} cannot be a file name: a path cannot hold a NUL "
                        "character", Reason.BAD_PATH)
    try:
        os.fsencode(text)  # what open() does with it
    except UnicodeEncodeError as exc:
        raise SkatError(f"{name} {text!r} cannot be a file name: {exc.reason} "
                        f"({exc.object[exc.start:exc.end]!r} in the file system's encoding, "
                        f"{exc.encoding})", Reason.BAD_PATH) from None
    return text
