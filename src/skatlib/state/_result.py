"""FINISHED: the score of a finished deal, computed from the cards.

Matadors from the declarer's dealt hand plus the original skat (D-3), the skat's
points for the declarer (ISkO 2.2.1), early ends (D-10), concessions and claims
(D-11), server events (D-18, FORMAT.md 4.6), and Ramsch (D-17).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .. import _tables as T
from ..contract import Contract, GameType
from . import _core
from ._core import (
    BID,
    CONTRACT,
    DEAL,
    DECL,
    E_DECLARER_CONCEDED,
    E_DEFENDERS_CONCEDED,
    E_LEFT,
    E_PASSED_IN,
    E_PLAYED_OUT,
    E_TIMEOUT,
    END,
    EVENT,
    GT,
    HANDS,
    KONTRA,
    OWNED,
    P_FINISHED,
    PUSHES,
    RULES,
    SEATS,
    SETUP,
    SKAT,
    TAKEN,
    TRICK,
    TRICKS,
    GameState,
    load_scoring,
    taken_masks,
    trick_counts,
    trick_tally,
)

if TYPE_CHECKING:
    from .. import scoring
    from ..ramsch import RamschResult
    from ..scoring import Abandoned, GameResult, PassedIn



def result(state: GameState) -> GameResult | PassedIn | RamschResult | Abandoned | None:
    """The score of a finished deal (``None`` while it is still going on).

    Computed from the actual cards by :func:`~skatlib.score`: matadors from the
    declarer's dealt hand plus the original skat (D-3), the skat's points for
    the declarer (ISkO 2.2.1), early ends (D-10) and concessions and claims
    (D-11).  A passed-in deal gives :class:`~skatlib.PassedIn`; the result of a
    declarer game names the declarer (:attr:`~skatlib.GameResult.declarer`).

    >>> from skatlib import Deal, GameState
    >>> s = GameState.from_position(Deal.shuffled(1), "p p p")
    >>> result(s)
    PassedIn()
    """
    if type(state) is not GameState:
        from ._machine import require_state

        require_state(state)
    if state[0] != P_FINISHED:
        return None
    try:
        sc = scoring
    except NameError:  # the first result (see _core.load_scoring)
        sc = load_scoring(globals())
    setup = state[SETUP]
    end = state[END]
    if end == E_PASSED_IN:
        return sc.PassedIn()
    d = state[DECL]
    c: Contract | None = setup[CONTRACT]
    if state[GT] == 6 and end == E_PLAYED_OUT:
        return _ramsch_result(state)
    event = setup[EVENT]
    if d < 0:
        return sc.Abandoned(SEATS[event], end.value)
    if c is None and event != d:
        # a defender timed out or left before the declaration: no game (D-18)
        return sc.Abandoned(SEATS[event], end.value)
    if c is None:
        # ISS: the declarer timed out or left before announcing.  The server
        # scores a lost clubs game in which he owns only the skat (FORMAT.md 4.6).
        skat = setup[DEAL].skat.mask
        return sc.score(Contract(GameType.CLUBS), bid=setup[BID],
                        matadors=sc.matadors_mask(GameType.CLUBS, skat),
                        declarer_points=T.mask_points(skat), declarer_tricks=0,
                        defender_points=0, defender_tricks=0, conceded=True, declarer=d)
    taken = taken_masks(state[TAKEN])
    counts = trick_counts(state[TAKEN])
    dp_mask = taken[d] | state[SKAT]
    dt = counts[d]
    def_mask = taken[(d + 1) % 3] | taken[(d + 2) % 3]
    def_tricks = counts[(d + 1) % 3] + counts[(d + 2) % 3]
    if end in (E_TIMEOUT, E_LEFT):
        defenders_gave_up = event != d
        conceded = not defenders_gave_up
    else:
        defenders_gave_up = end == E_DEFENDERS_CONCEDED
        conceded = end == E_DECLARER_CONCEDED
    # D-11 revised: under concession='decided' (ISKO) scoring decides the levels itself
    decided = (end == E_DEFENDERS_CONCEDED and not c.is_null
               and setup[RULES].concession == "decided")
    if defenders_gave_up and not c.is_null and not decided:
        hands = state[HANDS]
        unplayed = hands[0] | hands[1] | hands[2]
        for card in state[TRICK]:
            unplayed |= 1 << card
        dp_mask |= unplayed
        dt += 10 - len(state[TRICKS])
    m = sc.matadors_mask(c.game_type, setup[OWNED])
    return sc.score(c, bid=setup[BID], matadors=m if not c.is_null else 0,
                    declarer_points=T.mask_points(dp_mask), declarer_tricks=dt,
                    defender_points=T.mask_points(def_mask), defender_tricks=def_tricks,
                    conceded=conceded, kontra=setup[KONTRA], declarer=d,
                    defenders_conceded=decided)


def _ramsch_result(state: GameState) -> RamschResult:
    from ..ramsch import ramsch_result

    setup = state[SETUP]
    taken, counts, last_of, last_winner = trick_tally(state[TRICKS])
    return ramsch_result(
        [T.mask_points(m) for m in taken], counts, last_trick=last_winner,
        rules=setup[RULES], pushes=setup[PUSHES], last_trick_of=last_of,
        skat_points=T.mask_points(state[SKAT]))


_core._LATE.result = sys.modules[__name__]  # for GameState.result()
