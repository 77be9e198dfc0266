"""Rule options as data: one frozen :class:`Rules` object per table.

Every option defaults to the official ISkO behaviour; presets name common
tables.  Decisions the ISkO leaves to house rules live here and nowhere else.

>>> ISKO.name, ISKO.kontra
('ISKO', False)
>>> ISS.server_events
True
"""

from __future__ import annotations

import attrs

__all__ = ["Rules", "ISKO", "ISS"]


@attrs.frozen
class Rules:
    """Rule options (all default to the ISkO).

    >>> Rules(name="my table").name
    'my table'
    """

    name: str = "ISKO"
    """A label for the preset or the table."""
    kontra: bool = False
    """Kontra/Re may be said (D-15, house rule)."""
    server_events: bool = False
    """Accept the ISS server's own events: time-outs and a player leaving
    (D-18).  Only the ``ISS`` preset enables it."""


ISKO = Rules()
"""The official rules of the International Skat Order (D-1..D-14)."""

ISS = Rules(name="ISS", server_events=True)
"""The International Skat Server's conventions (D-18), for replaying its records."""
