"""Ramsch (D-17): played like grand when all three pass, each for himself.

Only jacks are trumps, forehand leads, and every trick is played.  The
player with the most card points loses that many points (the skat's points
go to the winner of the last trick, or by option to the player with the most
points).  Options on :class:`~skatlib.Rules`: ties, Jungfrau (a player who
took no trick doubles the loss), Durchmarsch (one player takes every trick:
+120), Schieberamsch (passing the skat on unseen doubles the loss).

>>> r = ramsch_result((50, 40, 30), (4, 3, 3), last_trick=0)
>>> r.losers, r.scores
((Seat.FOREHAND,), (-50, 0, 0))
>>> print(r.explain())
Ramsch: Forehand 50, Middlehand 40, Rearhand 30 points; Forehand loses 50
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from ._text import fields_repr
from ._text import signed as _signed
from .deal import Seat, _seat
from .errors import InvalidScoreError, Reason, as_int, as_iterator, type_error
from .i18n import seat_name, translator
from .rules import ISKO, Rules

__all__ = ["RamschResult", "ramsch_result"]

_SEATS = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)
MAX_PUSHES = 3
"""Schieberamsch: the skat passes each of the three players once, so it can be passed on
unseen at most three times (D-17, R-15.4)."""


def _three_ints(value: object, name: str) -> list[int]:
    """Three ints (one per seat) from a sequence; TypeError or InvalidScoreError otherwise."""
    what = "a sequence of 3 ints (one per seat)"
    items = [as_int(v, name, what)
             for v, _ in zip(as_iterator(value, name, what, (str, bytes, Mapping)), range(4))]
    if len(items) != 3:
        raise InvalidScoreError(f"{name} needs one number per seat (3), not {len(items)}"
                                + (" or more" if len(items) > 3 else ""),
                                Reason.INCONSISTENT_RESULT)
    return items


@attrs.frozen(repr=False)
class RamschResult:
    """The outcome of a Ramsch deal, per seat."""

    __repr__ = fields_repr

    points: tuple[int, int, int]
    """Card points per seat, the skat included for its owner."""
    tricks: tuple[int, int, int]
    """Tricks per seat."""
    losers: tuple[Seat, ...]
    """Who loses (empty after a Durchmarsch)."""
    jungfrau: tuple[Seat, ...]
    """Players who took no trick (each doubles the loss when the option is on)."""
    durchmarsch: Seat | None
    """The player who took every trick, if any."""
    pushes: int
    """Schieberamsch: how often the skat was passed on unseen (each doubles)."""
    multiplier: int
    """2 ** (pushes + counted Jungfrauen)."""
    scores: tuple[int, int, int]
    """What the list records for each seat."""
    skat_owner: Seat
    """Who got the skat's points."""

    passed_in = False
    won = False

    @property
    def score(self) -> int:
        """The loser's score (the most negative entry), or +120 for a Durchmarsch."""
        return min(self.scores) if self.durchmarsch is None else max(self.scores)

    @property
    def value(self) -> int:
        """The size of the loss (or 120 for a Durchmarsch)."""
        return abs(self.score)

    def explain(self, lang: str = "en") -> str:
        """The breakdown, e.g. ``'Ramsch: ...; Forehand loses 50 ×2 Jungfrau'``, in
        English or (``lang="de"``) German.

        >>> r = ramsch_result((30, 50, 40), (3, 4, 3), last_trick=1)
        >>> r.explain(), r.explain("de")
        ('Ramsch: Forehand 30, Middlehand 50, Rearhand 40 points; Middlehand loses 50', \
'Ramsch: Vorhand 30, Mittelhand 50, Hinterhand 40 Augen; Mittelhand verliert 50')
        """
        _ = translator(lang)
        names = tuple(seat_name(i, lang) for i in range(3))
        pts = ", ".join(f"{names[i]} {self.points[i]}" for i in range(3))
        if self.durchmarsch is not None:
            return _("Ramsch: {seat} took every trick: Durchmarsch, +120").format(
                seat=names[self.durchmarsch])
        who = _(" and ").join(names[s] for s in self.losers)
        verb = _("{who} loses {points}") if len(self.losers) == 1 else _("{who} lose {points}")
        text = _("Ramsch: {points} points").format(points=pts) + "; " + verb.format(
            who=who, points=self.points[self.losers[0]])
        extras = []
        if self.pushes:
            extras.append(f"×{2 ** self.pushes} " + _("pushed"))
        counted = self.multiplier // (2 ** self.pushes)
        if counted > 1:
            extras.append(f"×{counted} Jungfrau")
        if extras:
            text += " " + " ".join(extras) + f" = {_signed(min(self.scores))}"
        return text

    def __str__(self) -> str:
        return self.explain()


def ramsch_result(
    points: Sequence[int],
    tricks: Sequence[int],
    *,
    last_trick: int,
    rules: Rules | None = None,
    pushes: int = 0,
    last_trick_of: Sequence[int] | None = None,
    skat_points: int = 0,
) -> RamschResult:
    """Score a Ramsch deal (D-17) from each seat's card points in tricks (and
    the skat's points, given separately or already included), tricks, and who
    took the last trick.  ``last_trick_of[i]`` is the number (1..10) of the last
    trick seat ``i`` took (0 if none), needed only for ``ramsch_ties='last_trick'``.
    ``pushes`` is 0..3 (``MAX_PUSHES``).

    :raises TypeError: if an argument is of the wrong type (numbers must be ints, not
        floats or bools; ``last_trick`` a Seat or an int).
    :raises InvalidScoreError: (``BAD_SEAT``) if ``last_trick`` is not a seat 0..2, or
        if the numbers cannot describe a Ramsch deal (``PUSHES_OUT_OF_RANGE`` for
        ``pushes`` outside 0..3).

    >>> ramsch_result((0, 60, 60), (0, 5, 5), last_trick=1).scores   # tie, one Jungfrau
    (0, -120, -120)
    >>> ramsch_result((120, 0, 0), (10, 0, 0), last_trick=0).scores  # Durchmarsch
    (120, 0, 0)
    """
    rules = rules if rules is not None else ISKO
    if not isinstance(rules, Rules):
        raise type_error("rules", "a Rules object or None", rules)
    pts = _three_ints(points, "points")
    trk = _three_ints(tricks, "tricks")
    last_trick = _seat(last_trick, "last_trick", InvalidScoreError)
    pushes = as_int(pushes, "pushes")
    skat_points = as_int(skat_points, "skat_points")
    if not 0 <= pushes <= MAX_PUSHES:
        raise InvalidScoreError(f"pushes={pushes}: the skat is passed on at most "
                                f"{MAX_PUSHES} times (once by each player), and never less "
                                "than 0 times", Reason.PUSHES_OUT_OF_RANGE)
    if sum(trk) != 10 or min(trk) < 0:
        raise InvalidScoreError(f"Ramsch tricks must add up to 10, not {trk}",
                                Reason.TRICKS_OUT_OF_RANGE)
    last_of = None if last_trick_of is None else _three_ints(last_trick_of, "last_trick_of")
    if last_of is not None and (
            any(not 0 <= n <= 10 or (n == 0) != (trk[i] == 0) for i, n in enumerate(last_of))
            or len(set(last_of) - {0}) != 3 - trk.count(0)):
        raise InvalidScoreError(f"last_trick_of={last_of} does not fit tricks={trk}: each "
                                "seat's last trick 1..10 (0 if it took none), all different",
                                Reason.INCONSISTENT_RESULT)
    owner = last_trick
    if rules.ramsch_skat == "most_points":
        top = max(pts)
        tied = [i for i in range(3) if pts[i] == top]
        owner = last_trick if last_trick in tied else tied[0]
    pts[owner] += skat_points
    if sum(pts) != 120 or min(pts) < 0:
        raise InvalidScoreError(f"Ramsch points must add up to 120, not {pts}",
                                Reason.POINTS_OUT_OF_RANGE)
    if trk[last_trick] == 0:
        raise InvalidScoreError("the winner of the last trick took at least one trick",
                                Reason.INCONSISTENT_RESULT)
    jungfrau = tuple(_SEATS[i] for i in range(3) if trk[i] == 0)
    if rules.durchmarsch and 10 in trk:
        winner = trk.index(10)
        scores = [0, 0, 0]
        scores[winner] = 120
        return RamschResult(
            (pts[0], pts[1], pts[2]), (trk[0], trk[1], trk[2]), (), jungfrau, _SEATS[winner],
            pushes, 1, (scores[0], scores[1], scores[2]), _SEATS[owner])
    top = max(pts)
    losers = [i for i in range(3) if pts[i] == top]
    if len(losers) > 1 and rules.ramsch_ties == "last_trick":
        if last_of is None:
            raise InvalidScoreError("ramsch_ties='last_trick' needs last_trick_of",
                                    Reason.INCONSISTENT_RESULT)
        losers = [max(losers, key=lambda i: last_of[i])]
    counted = len(jungfrau) if rules.jungfrau else 0
    multiplier = 2 ** (pushes + counted)
    scores = [0, 0, 0]
    for i in losers:
        scores[i] = -top * multiplier
    return RamschResult(
        (pts[0], pts[1], pts[2]), (trk[0], trk[1], trk[2]), tuple(_SEATS[i] for i in losers),
        jungfrau, None, pushes, multiplier, (scores[0], scores[1], scores[2]), _SEATS[owner])
