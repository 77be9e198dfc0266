"""Bid values (ISkO 3.3.1, R-6.7, D-9).

Only possible game values may be bid: the 63 values from 18 to 264.

>>> BID_VALUES[:8]
(18, 20, 22, 23, 24, 27, 30, 33)
>>> len(BID_VALUES), next_bid(24), next_bid(None), next_bid(264)
(63, 27, 18, None)
>>> Bid(19)
Traceback (most recent call last):
...
skatlib.errors.InvalidBidError: 19 is not a bid value: the nearest legal values are 18 and 20
"""

from __future__ import annotations

import bisect

import attrs

from . import _tables as T
from .errors import InvalidBidError, Reason, as_int

__all__ = ["BID_VALUES", "Bid", "next_bid", "is_bid_value", "bid_meanings"]


def _bid_values() -> tuple[int, ...]:
    values = {23, 35, 46, 59}
    for gt in T.SUIT_GAMES:
        values.update(T.BASE_VALUES[gt] * level for level in range(2, 19))
    values.update(24 * level for level in range(2, 12))
    return tuple(sorted(v for v in values if v >= 18))


BID_VALUES: tuple[int, ...] = _bid_values()
"""The 63 legal bid values in increasing order, 18 to 264 (every possible game value)."""

_BID_SET = frozenset(BID_VALUES)


def is_bid_value(value: object) -> bool:
    """True if ``value`` is one of :data:`BID_VALUES`.

    >>> is_bid_value(46), is_bid_value(47), is_bid_value("46")
    (True, False, False)
    """
    try:
        return as_int(value, "value") in _BID_SET
    except TypeError:
        return False


def next_bid(value: int | Bid | None) -> int | None:
    """The smallest bid value above ``value`` (18 for ``None``); ``None`` above 264.

    ``value`` need not itself be a bid value.

    :raises TypeError: unless ``value`` is an int, a :class:`Bid` or ``None``.

    >>> next_bid(18), next_bid(19), next_bid(Bid(59))
    (20, 20, 60)
    """
    if value is None:
        return BID_VALUES[0]
    v = as_int(value, "value", "an int, a Bid or None")
    i = bisect.bisect_right(BID_VALUES, v)
    return BID_VALUES[i] if i < len(BID_VALUES) else None


def bid_meanings(value: int) -> tuple[str, ...]:
    """The games whose value is ``value``, as ``'Clubs × 3'`` or ``'Null Hand'``.

    >>> bid_meanings(36)
    ('Diamonds × 4', 'Clubs × 3')
    >>> bid_meanings(35)
    ('Null Hand',)
    """
    value = as_int(value, "value")
    out: list[str] = []
    names = ("Diamonds", "Hearts", "Spades", "Clubs", "Grand")
    for gt in (0, 1, 2, 3, 4):
        base = T.BASE_VALUES[gt]
        top = 11 if gt == 4 else 18
        if value % base == 0 and 2 <= value // base <= top:
            out.append(f"{names[gt]} × {value // base}")
    nulls = {23: "Null", 35: "Null Hand", 46: "Null Ouvert", 59: "Null Ouvert Hand"}
    if value in nulls:
        out.append(nulls[value])
    return tuple(out)


def _bid_int(value: int) -> int:
    return as_int(value, "value", "an int from BID_VALUES")


def _check_bid(instance: object, attribute: object, value: int) -> None:
    if not is_bid_value(value):
        if isinstance(value, int) and not isinstance(value, bool):
            lower = [b for b in BID_VALUES if b < value]
            higher = [b for b in BID_VALUES if b > value]
            if not lower:
                hint = "the lowest bid is 18"
            elif not higher:
                hint = "the highest bid is 264"
            else:
                hint = f"the nearest legal values are {lower[-1]} and {higher[0]}"
        else:
            hint = "a bid is a whole number from BID_VALUES (18, 20, 22, 23, 24, 27, ...)"
        raise InvalidBidError(f"{value!r} is not a bid value: {hint}", Reason.NOT_A_BID_VALUE)


@attrs.frozen(order=True, repr=False)
class Bid:
    """A bid: one of the 63 game values (ISkO 3.3.1).  Also the bidding action.

    >>> Bid(18) < Bid(20), int(Bid(46)), str(Bid(46))
    (True, 46, '46')
    """

    value: int = attrs.field(converter=_bid_int, validator=_check_bid)
    """The value named."""

    def __int__(self) -> int:
        return self.value

    def __index__(self) -> int:
        return self.value

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"Bid({self.value})"
