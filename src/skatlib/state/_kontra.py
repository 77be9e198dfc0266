"""KONTRA: Kontra and Re before the first card (``Rules.kontra``, D-15).

After the declaration each defender in seat order may say Kontra (doubling); the
declarer may answer Re (doubling again).  With ``Rules.kontra_requires_bid`` only
a defender who bid or held in the auction may say Kontra.
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Hold, Kontra, Pass, Re
from ..bidding import Bid
from ..errors import Reason
from ._core import (
    DECL,
    HISTORY,
    KDONE,
    KONTRA,
    MOVER,
    P_KONTRA,
    P_PLAYING,
    RULES,
    SEATS,
    SETUP,
    GameState,
    illegal,
    with_turn,
)

_KONTRA_PASS = (Kontra(), Pass())
_RE_PASS = (Re(), Pass())


def legal(s: GameState) -> tuple[Action, ...]:
    return _RE_PASS if s[SETUP][KONTRA] else _KONTRA_PASS


def check(s: GameState, action: object) -> None:
    kontra = s[SETUP][KONTRA]
    wanted = Re if kontra else Kontra
    if isinstance(action, (wanted, Pass)):
        return
    who = "the declarer may answer Re" if kontra else "a defender may say Kontra"
    raise illegal(s, action, f"before the first card {who} or pass (D-15)",
                  Reason.KONTRA_NOT_ALLOWED)


def _may_kontra(setup: tuple[Any, ...], seat: int) -> bool:
    if not setup[RULES].kontra_requires_bid:
        return True
    return any(s == seat and isinstance(a, (Bid, Hold)) for s, a in setup[HISTORY])


def kontra_next(s: GameState, setup: tuple[Any, ...], done: int) -> GameState:
    """Ask the next defender (in seat order) who may still say Kontra, else start play."""
    new = setup[:KDONE] + (done,) + setup[KDONE + 1:]
    d = s[DECL]
    for seat in (0, 1, 2):
        if seat != d and not done >> seat & 1 and _may_kontra(setup, seat):
            return with_turn(s, P_KONTRA, seat, new)
    return with_turn(s, P_PLAYING, 0, new)


def step(s: GameState, action: Action) -> GameState:
    setup = s[SETUP]
    seat = s[MOVER]
    history = setup[HISTORY] + ((SEATS[seat], action),)
    new = setup[:HISTORY] + (history,) + setup[HISTORY + 1:]
    if type(action) is Kontra:
        new = new[:KONTRA] + (1,) + new[KONTRA + 1:]
        return with_turn(s, P_KONTRA, s[DECL], new)
    if type(action) is Re:
        new = new[:KONTRA] + (2,) + new[KONTRA + 1:]
        return with_turn(s, P_PLAYING, 0, new)
    if setup[KONTRA]:  # the declarer does not answer Re
        return with_turn(s, P_PLAYING, 0, new)
    return kontra_next(s, new, setup[KDONE] | 1 << seat)
