"""Card points, matadors, game value, overbidding and the score of a game.

Everything here is a pure function of its arguments, so score checkers can
use it without a game state.  The rules are the ISkO's as settled in our
rulings D-1..D-7 (docs page *Rulings and rule sections*):

* lost games count −2 × value, hand and null included (D-1);
* schwarz is decided by tricks, not points (D-2);
* matadors are counted on all 12 of the declarer's cards (D-3);
* schneider/schwarz count whichever side they hit, never twice (D-4);
* a failed announcement loses at the announced level (D-5);
* an overbid suit/grand game is lost at the smallest multiple of its base
  value that reaches the bid (D-6); an overbid null is refused (D-7).

>>> from skatlib import Contract, score
>>> r = score(Contract.parse("CH"), bid=48, matadors=2, declarer_points=58, declarer_tricks=5)
>>> print(r.explain())
with 2, game 3, hand 4 × Clubs 12 = 48; lost, −96
>>> r = score(Contract.parse("D"), bid=24, matadors=1, declarer_points=78, declarer_tricks=7)
>>> r.won, r.overbid, r.value, r.score
(False, True, 27, -54)
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable

import attrs

from . import _tables as T
from ._text import fields_repr
from ._text import signed as _signed
from .bidding import Bid, is_bid_value
from .cards import Card, CardSet, to_mask
from .contract import Contract, GameType, game_type_index
from .deal import Seat
from .errors import InvalidScoreError, Reason, as_int, type_error
from .i18n import contract_name, game_type_name, translator

__all__ = [
    "card_points",
    "matadors",
    "matadors_mask",
    "Level",
    "value_levels",
    "game_value",
    "max_game_value",
    "overbid_value",
    "levels_needed",
    "GameResult",
    "PassedIn",
    "Abandoned",
    "score",
    "seeger_fabian",
    "KONTRA_NAMES",
]

KONTRA_NAMES = ("", "Kontra", "Re")
"""Names of the Kontra levels 0, 1, 2 (none, Kontra, Re)."""


def card_points(cards: CardSet | Iterable[Card | int] | int | str) -> int:
    """Card points of a set of cards (ISkO 1.2.2): A 11, 10 10, K 4, Q 3, J 2.

    Accepts a :class:`~skatlib.CardSet`, an int mask, text or distinct cards.

    >>> card_points(CardSet.parse("CA ST HK DQ CJ S9"))
    30
    >>> card_points(0xFFFFFFFF)
    120
    """
    return T.mask_points(to_mask(cards))


def matadors_mask(game_type: int, mask: int) -> int:
    """Fast twin of :func:`matadors` on raw ints: ``game_type`` 0..6 and the
    declarer's 12 cards as a mask.  The mask is not validated; the game type's
    range is (it is not a hot loop, and a negative index would silently read
    Ramsch's table).

    :raises InvalidContractError: for a game type outside 0..6.

    >>> matadors_mask(4, 1 << 31 | 1 << 23), matadors_mask(5, 1 << 31)   # grand; null
    (2, 0)
    """
    if type(game_type) is not int or not 0 <= game_type < T.N_GAME_TYPES:
        game_type = game_type_index(game_type)  # the standard checks and messages
    order = T.TRUMP_ORDER[game_type]
    if not order:
        return 0
    holds = bool(mask >> order[0] & 1)
    n = 0
    for c in order:
        if bool(mask >> c & 1) != holds:
            break
        n += 1
    return n if holds else -n


def matadors(game_type: GameType | int, cards: CardSet | Iterable[Card | int] | int | str) -> int:
    """Matadors ("Spitzen") of the declarer's cards, signed: ``+n`` "with n",
    ``-n`` "without n" (ISkO 2.4, D-3).  Pass all 12 cards: the dealt hand plus
    the original skat, in hand games too.  Null has none (0).

    >>> matadors(GameType.HEARTS, CardSet.parse("CJ SJ DJ HA"))   # HJ missing
    2
    >>> matadors(GameType.HEARTS, CardSet.parse("HJ HA"))          # CJ, SJ above
    -2
    >>> matadors(GameType.GRAND, CardSet.parse("CJ SJ HJ DJ"))
    4
    >>> matadors(GameType.NULL, CardSet.parse("CJ"))
    0
    """
    return matadors_mask(game_type_index(game_type), to_mask(cards))


@attrs.frozen(repr=False)
class Level:
    """One item of the multiplier: e.g. ``Level('with 2', 2)`` or ``Level('hand', 1)``."""

    __repr__ = fields_repr

    name: str
    amount: int

    def __str__(self) -> str:
        return self.name


def _check_contract(contract: object) -> Contract:
    if not isinstance(contract, Contract):
        raise type_error("contract", "a Contract (Contract(...) or Contract.parse('CH'))",
                         contract)
    return contract


def _whole(name: str, value: object) -> int:
    """An integer argument of the scoring functions: an ``int`` or anything
    :func:`operator.index` takes (a NumPy integer, say).  A bool or a non-integer
    (``61.0``) is a wrong type (CONTRIBUTING, "Errors and types"): an
    :class:`~skatlib.errors.ArgumentTypeError` naming ``name``."""
    return as_int(value, name, "a whole number (an int or an operator.index integer)")


def _check_matadors(contract: Contract, matadors: object) -> int:
    matadors = _whole("matadors", matadors)
    gt = contract.game_type
    if gt == GameType.NULL:
        if matadors != 0:
            raise InvalidScoreError(
                f"null has no matadors: got {matadors}, expected 0 (ISkO 2.4.3)",
                Reason.IMPOSSIBLE_MATADORS,
            )
        return 0
    top = 4 if gt == GameType.GRAND else 11
    if not 1 <= abs(matadors) <= top:
        raise InvalidScoreError(
            f"{matadors} matadors are impossible in {gt.title.lower()}: "
            f"use 1..{top} ('with') or -1..-{top} ('without') (ISkO 2.4.3)",
            Reason.IMPOSSIBLE_MATADORS,
        )
    return matadors


def value_levels(
    contract: Contract, matadors: int, *, schneider: bool = False, schwarz: bool = False
) -> tuple[Level, ...]:
    """The items that make up a suit or grand game's multiplier (ISkO 5.2, R-6.3).

    ``schneider``/``schwarz`` say whether they were *reached* (by either side);
    announced levels are added from the contract, reached or not (D-5).
    Null has no levels (empty tuple).

    >>> [str(l) for l in value_levels(Contract.parse("CHS"), 1)]
    ['with 1', 'game', 'hand', 'schneider', 'schneider announced']
    """
    contract = _check_contract(contract)
    m = _check_matadors(contract, matadors)
    if contract.is_null:
        return ()
    out = [Level(f"{'with' if m > 0 else 'without'} {abs(m)}", abs(m)), Level("game", 1)]
    if contract.hand:
        out.append(Level("hand", 1))
    if schneider or contract.schneider:
        out.append(Level("schneider", 1))
    if contract.schneider:
        out.append(Level("schneider announced", 1))
    if schwarz or contract.schwarz:
        out.append(Level("schwarz", 1))
    if contract.schwarz:
        out.append(Level("schwarz announced", 1))
    if contract.ouvert:
        out.append(Level("ouvert", 1))
    return tuple(out)


def game_value(
    contract: Contract, matadors: int, *, schneider: bool = False, schwarz: bool = False
) -> int:
    """The value of a game: base value × levels for suit and grand (ISkO 5.1-5.2),
    the fixed value for null (23/35/46/59).

    >>> game_value(Contract.parse("G"), 4, schneider=True)         # with 4, game, schneider
    144
    >>> game_value(Contract.parse("GO"), 4)                        # the maximum
    264
    >>> game_value(Contract.parse("NO"), 0)
    46
    """
    return _value(contract, value_levels(contract, matadors, schneider=schneider,
                                         schwarz=schwarz))


def _value(contract: Contract, levels: tuple[Level, ...]) -> int:
    """The one game-value formula (ISkO 5.1-5.2): the fixed value for null, else the
    base value times the sum of the levels."""
    if contract.is_null:
        return contract.base_value
    return contract.base_value * sum(level.amount for level in levels)


def max_game_value(contract: Contract, matadors: int) -> int:
    """The highest value ``contract`` can reach with these matadors (schneider and
    schwarz reached).  A declaration below the bid by this much is refused (D-7).

    >>> max_game_value(Contract.parse("D"), 1)     # with 1, game, schneider, schwarz
    36
    """
    return game_value(contract, matadors, schneider=True, schwarz=True)


def levels_needed(contract: Contract, bid: int | Bid, matadors: int, *,
                  defender_points: int = 0, defender_tricks: int = 0
                  ) -> tuple[bool, bool] | None:
    """The least the declarer must reach for his game to be worth ``bid`` (ISkO
    5.4, D-6): ``(schneider, schwarz)`` reached, ``(False, False)`` if the game is
    worth the bid as it stands, ``None`` if even schwarz is short (the game is
    lost overbid whatever happens).  Announced levels count as in
    :func:`game_value`.  A null's value is fixed: ``(False, False)`` or ``None``.

    During the play, ``defender_points`` and ``defender_tricks`` (what the
    defenders have taken so far) put levels out of reach: schneider once they
    hold more than 30 card points, schwarz once they have a trick.  A level
    needed but out of reach is ``None`` too.

    Clubs with 1 is worth 24; bid 36, it needs schneider (with 1, game,
    schneider: 36); bid 48, schwarz (48); bid 60, nothing makes it:

    >>> [levels_needed(Contract.parse("C"), bid, 1) for bid in (24, 36, 48, 60)]
    [(False, False), (True, False), (True, True), None]

    Levels reached *against* the declarer count too (R-10.4): a clubs declarer
    with 1 who has bid 36 and is schneidered is not overbid, but he has lost.
    What this returns is what he must reach to *win*.  With 35 card points
    taken, the defence has put schneider out of reach:

    >>> levels_needed(Contract.parse("C"), 36, 1, defender_points=35, defender_tricks=3) is None
    True
    """
    contract = _check_contract(contract)
    b = _bid(bid)
    m = _check_matadors(contract, matadors)
    dp = _int_in("defender_points", defender_points, 0, _ALL, Reason.POINTS_OUT_OF_RANGE)
    dt = _int_in("defender_tricks", defender_tricks, 0, 10, Reason.TRICKS_OUT_OF_RANGE)
    for schneider, schwarz in ((False, False), (True, False), (True, True)):
        if schneider and dp > _ALL - T.SCHNEIDER_POINTS or schwarz and dt:
            break  # this level (and the one above it) can no longer be reached
        if game_value(contract, m, schneider=schneider, schwarz=schwarz) >= b:
            return schneider, schwarz
        if contract.is_null:
            break
    return None


def _bid(bid: object) -> int:
    if isinstance(bid, Bid):
        return bid.value
    if hasattr(type(bid), "__index__") and not isinstance(bid, bool):
        bid = operator.index(bid)  # type: ignore[arg-type]
    if not is_bid_value(bid):
        Bid(bid)  # type: ignore[arg-type]  # raises the standard message
    return bid  # type: ignore[return-value]


def overbid_value(contract: Contract, bid: int | Bid) -> int:
    """Value of an overbid suit or grand game: the smallest multiple of the base
    value that is at least the bid (ISkO 5.4.2, D-6).  The score is −2 × this.

    Null cannot be valued this way: a null variant below the bid may not be
    declared (D-7).

    :raises InvalidScoreError: for a null contract.

    >>> overbid_value(Contract.parse("D"), 24)      # diamonds bid 24 -> 27
    27
    >>> overbid_value(Contract.parse("SH"), 72)     # spades hand bid 72 -> 77
    77
    """
    contract = _check_contract(contract)
    b = _bid(bid)
    if contract.is_null:
        raise InvalidScoreError(
            f"{contract.name} has the fixed value {contract.base_value} and cannot be "
            f"overbid: a null variant worth less than the bid {b} may not be declared (D-7); "
            "declare a null variant worth at least the bid, or a suit or grand game",
            Reason.NULL_OVERBID,
        )
    base = contract.base_value
    return -(-b // base) * base


@attrs.frozen(repr=False)
class GameResult:
    """The outcome of a declarer game, as :func:`score` computes it.

    ``value`` is the game value (after overbid rounding, before Kontra/Re);
    ``score`` is what the list records for the declarer: ``+value`` if won,
    ``−2 × value`` if lost, times 2 for Kontra and 4 for Re.
    """

    __repr__ = fields_repr

    contract: Contract
    bid: int
    matadors: int
    declarer_points: int
    declarer_tricks: int | None
    """The declarer's tricks; ``None`` when the game was scored from the
    ``schneider``/``schwarz`` flags of a score sheet instead (:func:`score`)."""
    won: bool
    overbid: bool
    value: int
    score: int
    schneider: bool
    """Schneider reached by either side (not the announcement)."""
    schwarz: bool
    """Schwarz reached by either side (not the announcement)."""
    levels: tuple[Level, ...]
    """The items of the multiplier (empty for null)."""
    kontra: int = 0
    """0 none, 1 Kontra, 2 Re (D-15)."""
    conceded: bool = False
    """The declarer conceded (D-11)."""
    declarer: Seat | None = None
    """Who declared, when known (a state's :func:`~skatlib.result` sets it;
    :func:`score` called on its own leaves it ``None`` unless given)."""
    defenders_conceded: bool = False
    """Both defenders conceded or accepted a claim, scored by the revised D-11
    (``Rules.concession == 'decided'``): see :func:`score`."""

    passed_in = False
    """Always False: a game was played (see :class:`PassedIn`)."""

    @property
    def base_value(self) -> int:
        """The contract's base (or, for null, fixed) value."""
        return self.contract.base_value

    @property
    def multiplier(self) -> int:
        """Sum of the levels (0 for null)."""
        return sum(level.amount for level in self.levels)

    @property
    def computed_value(self) -> int:
        """The value before overbid rounding (equals ``value`` unless overbid)."""
        return _value(self.contract, self.levels)

    def explain(self, lang: str = "en") -> str:
        """The breakdown a player writes down, in English or (``lang="de"``) German
        (:mod:`skatlib.i18n`).

        >>> r = score(Contract.parse("CH"), bid=48, matadors=2, declarer_points=80,
        ...           declarer_tricks=7)
        >>> print(r.explain())
        with 2, game 3, hand 4 × Clubs 12 = 48; won, +48
        >>> print(score(Contract.parse("CH"), bid=48, matadors=2, declarer_points=58,
        ...             declarer_tricks=5).explain(lang="de"))
        mit 2, Spiel 3, Hand 4 × Kreuz 12 = 48; verloren, −96
        """
        _ = translator(lang)
        c = self.contract
        if c.is_null:
            head = f"{contract_name(c, lang)} {c.base_value}"
        else:
            running = 0
            parts = []
            for i, level in enumerate(self.levels):
                running += level.amount
                # the tops item already says its count ("with 2")
                if i == 0:
                    word = _("with {n}") if self.matadors > 0 else _("without {n}")
                    parts.append(word.format(n=level.amount))
                else:
                    parts.append(f"{_(level.name)} {running}")
            head = (f"{', '.join(parts)} × {game_type_name(c.game_type, lang)} "
                    f"{c.base_value} = {self.computed_value}")
            if self.overbid:
                head += "; " + _("overbid (bid {bid})").format(bid=self.bid) + (
                    f": {self.value} = {self.value // c.base_value} × {c.base_value}")
        if self.conceded:
            head += "; " + _("conceded")
        if self.defenders_conceded:
            head += "; " + _("the defenders conceded")
        base_score = self.value if self.won else -2 * self.value
        text = f"{head}; {_('won') if self.won else _('lost')}, {_signed(base_score)}"
        if self.kontra:
            text += " ×2 Kontra" + (" ×2 Re" if self.kontra >= 2 else "")
            text += f" = {_signed(self.score)}"
        return text

    def __str__(self) -> str:
        return self.explain()


@attrs.frozen(repr=False)
class PassedIn:
    """The result of a deal that all three passed in (ISkO 3.3.7, D-8): no score."""

    __repr__ = fields_repr

    passed_in = True
    won = False
    value = 0
    score = 0

    def explain(self, lang: str = "en") -> str:
        """The one line a player writes down, in English or (``lang="de"``) German.

        >>> PassedIn().explain()
        'passed in: all three passed, no score'
        >>> PassedIn().explain("de")
        'eingepasst: alle drei haben gepasst, keine Wertung'
        """
        return translator(lang)("passed in: all three passed, no score")

    def __str__(self) -> str:
        return self.explain()


def _abandoned_seat(value: object) -> int:
    seat = as_int(value, "seat", "a Seat or an int 0..2")
    if not 0 <= seat <= 2:
        raise InvalidScoreError(f"seat {seat!r} is not a seat (0..2)", Reason.BAD_SEAT)
    return value if isinstance(value, Seat) else seat


def _abandoned_reason(value: object) -> str:
    if not isinstance(value, str):
        raise type_error("reason", "a text", value)
    return value


@attrs.frozen(repr=False)
class Abandoned:
    """A deal that ended without a game because a player timed out or left during
    the auction (ISS records, D-18).  The server marks it as a penalty; no score.

    ``seat`` is a :class:`~skatlib.Seat` or an int 0..2 (kept as given), ``reason`` a
    text; anything else is refused."""

    __repr__ = fields_repr

    seat: int = attrs.field(converter=_abandoned_seat)
    """The seat that timed out or left."""
    reason: str = attrs.field(converter=_abandoned_reason)
    """Why the deal ended."""

    passed_in = False
    won = False
    value = 0
    score = 0

    def explain(self, lang: str = "en") -> str:
        """>>> Abandoned(2, "a player left the table").explain()
        'no game: a player left the table (seat 2)'
        """
        _ = translator(lang)
        return _("no game: {reason} (seat {seat})").format(reason=_(self.reason),
                                                           seat=int(self.seat))

    def __str__(self) -> str:
        return self.explain()


_ALL = T.TOTAL_POINTS

# _MOST_POINTS[n]: the most card points n cards can hold (n = 0..32)
_MOST_POINTS = (0, *itertools.accumulate(sorted(T.CARD_POINTS, reverse=True)))


def _int_in(name: str, value: object, low: int, high: int, reason: Reason) -> int:
    n = _whole(name, value)
    if not low <= n <= high:
        raise InvalidScoreError(
            f"{name} must be a whole number {low}..{high}, not {value!r}", reason)
    return n


def _declarer_seat(value: object) -> Seat:
    n = _whole("declarer", value)
    if not 0 <= n <= 2:
        raise InvalidScoreError(
            f"declarer must be a seat 0..2 (forehand, middlehand, rearhand), not {value!r}",
            Reason.BAD_SEAT)
    return Seat(n)


def _flag(name: str, value: object) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise type_error(name, "True, False or None", value)


def _sheet_levels(contract: Contract, p: int, schneider: bool | None, schwarz: bool | None
                  ) -> tuple[bool, bool, int]:
    """Schneider, schwarz and the declarer's tricks (0 or 10 where schwarz decides
    them, else -1: unknown) from the flags of a score sheet, checked against the
    declarer's points ``p`` (ISkO 5.2, D-2, D-4; ``p = -1``: not checked)."""
    if contract.is_null:
        raise InvalidScoreError(
            f"{contract.name} is won or lost by tricks, not by schneider/schwarz: give "
            "declarer_tricks (0 when the declarer took no trick)", Reason.INCONSISTENT_RESULT)
    if schwarz and schneider is False:
        raise InvalidScoreError(
            "schwarz=True with schneider=False: schwarz always includes schneider "
            "(ISkO 5.2); leave schneider out or pass schneider=True",
            Reason.INCONSISTENT_RESULT)
    sz = bool(schwarz)
    sn = bool(schneider) or sz
    if p < 0:  # a shortened game (D-11): the flags are taken as scored
        return sn, sz, -1
    hit = p >= T.SCHNEIDER_POINTS or p <= _ALL - T.SCHNEIDER_POINTS
    if sn != hit:
        raise InvalidScoreError(
            f"schneider={sn} does not fit declarer_points={p}: schneider is reached when "
            f"either side has at most {_ALL - T.SCHNEIDER_POINTS} points (declarer ≥ "
            f"{T.SCHNEIDER_POINTS} or ≤ {_ALL - T.SCHNEIDER_POINTS}, D-4)",
            Reason.INCONSISTENT_RESULT)
    if sz and _MOST_POINTS[2] < p < _ALL:
        raise InvalidScoreError(
            f"schwarz=True does not fit declarer_points={p}: a declarer with every trick has "
            f"all {_ALL} points, one without a trick only the skat's (at most "
            f"{_MOST_POINTS[2]}, D-2)", Reason.INCONSISTENT_RESULT)
    return sn, sz, (10 if p == _ALL else 0) if sz else -1


def _conceded_levels(contract: Contract, b: int, m: int, p: int, dp: int, t: int, dt: int
                     ) -> tuple[bool, bool, bool]:
    """Revised D-11 (ISkO 2022 4.4.3 with 4.1.5): a game the defenders conceded.  Returns
    (won, schneider, schwarz): schneider/schwarz only where the tricks taken so far decide
    them, raised to the level needed to cover the bid where that level is still reachable.
    A game the defenders had already won (they hold 60 points, or schneider or schwarz
    announced can no longer be made) stays lost at the levels decided so far."""
    schneider = p >= T.SCHNEIDER_POINTS or dp >= T.SCHNEIDER_POINTS
    schwarz = t == 10 or dt == 10
    reachable = (dp < _ALL - T.WIN_POINTS + 1
                 and (not contract.schneider or dp <= _ALL - T.SCHNEIDER_POINTS)
                 and (not contract.schwarz or dt == 0))
    if not reachable:
        return False, schneider, schwarz
    need = levels_needed(contract, b, m, defender_points=dp, defender_tricks=dt)
    if need is None:
        return True, schneider, schwarz  # overbid whatever happens: score() loses it
    return True, schneider or need[0], schwarz or need[1]


def score(
    contract: Contract,
    *,
    bid: int | Bid,
    matadors: int,
    declarer_points: int,
    declarer_tricks: int | None = None,
    kontra: int = 0,
    defender_points: int | None = None,
    defender_tricks: int | None = None,
    conceded: bool = False,
    declarer: Seat | int | None = None,
    schneider: bool | None = None,
    schwarz: bool | None = None,
    defenders_conceded: bool = False,
) -> GameResult:
    """Score a declarer game from its contract, the bid, the matadors (counted on
    all 12 cards) and the declarer's card points (tricks plus skat) and tricks.

    A score sheet records no tricks: give the ``schneider``/``schwarz`` flags
    instead of ``declarer_tricks`` (exactly one of the two ways; a flag left out
    is ``False``).  A flag says the level was *reached*, by either side (D-4);
    the declarer's points say which side, and must fit it.  Null is decided by
    tricks, so it always needs ``declarer_tricks``.

    For a game that was played out, leave ``defender_points``/``defender_tricks``
    out (they are 120 − points and 10 − tricks).  For a game that ended early
    (D-10, D-11), give them: schneider and schwarz then count only where the
    cards taken so far already decide them.  ``defenders_conceded=True`` scores
    a game both defenders conceded (or whose claim they accepted) by the revised
    D-11: won at the declared value, plus the levels the tricks already decide
    and the level needed to cover the bid where it is still reachable.

    The declarer wins a suit or grand game with ≥ 61 points (≥ 90 if schneider
    was announced, every trick if schwarz was announced or ouvert), and a null
    game by taking no trick; a game whose value is below the bid is lost as
    overbid (D-6).  ``kontra`` is 0, 1 (Kontra, ×2) or 2 (Re, ×4).

    :raises InvalidScoreError: for points outside 0..120, tricks outside 0..10,
        impossible matadors, inconsistent points and tricks (or flags), an overbid
        null, or both or neither of ``declarer_tricks`` and the flags
        (``CONFLICTING_ARGUMENTS``, ``MISSING_ARGUMENT``).
    :raises InvalidBidError: for a bid that is not a bid value.

    >>> r = score(Contract.parse("G"), bid=48, matadors=4, declarer_points=97,
    ...           declarer_tricks=8)
    >>> r.won, r.value, r.schneider
    (True, 144, True)
    >>> print(r.explain())
    with 4, game 5, schneider 6 × Grand 24 = 144; won, +144
    >>> score(Contract.parse("NH"), bid=35, matadors=0, declarer_points=10,
    ...       declarer_tricks=1).score
    -70

    From a score sheet (no tricks), and the D-11 concession of the ruling's example:

    >>> score(Contract.parse("G"), bid=48, matadors=4, declarer_points=97,
    ...       schneider=True).score
    144
    >>> score(Contract.parse("S"), bid=18, matadors=2, declarer_points=0, declarer_tricks=0,
    ...       defender_points=0, defender_tricks=0, defenders_conceded=True).explain()
    'with 2, game 3 × Spades 11 = 33; the defenders conceded; won, +33'
    """
    contract = _check_contract(contract)
    sn_flag = _flag("schneider", schneider)
    sz_flag = _flag("schwarz", schwarz)
    flags = sn_flag is not None or sz_flag is not None
    if flags and declarer_tricks is not None:
        raise InvalidScoreError(
            f"give declarer_tricks={declarer_tricks!r} or the schneider/schwarz flags of a "
            "score sheet, not both", Reason.CONFLICTING_ARGUMENTS)
    if not flags and declarer_tricks is None:
        raise InvalidScoreError(
            "score() needs the declarer's tricks (declarer_tricks=0..10) or, from a score "
            "sheet, the flags schneider=True/False and schwarz=True/False",
            Reason.MISSING_ARGUMENT)
    if flags and (defender_points is not None or defender_tricks is not None):
        raise InvalidScoreError(
            "the schneider/schwarz flags say which levels a sheet scored; give "
            "defender_points/defender_tricks only with declarer_tricks",
            Reason.CONFLICTING_ARGUMENTS)
    b = _bid(bid)
    m = _check_matadors(contract, matadors)
    p = _int_in("declarer_points", declarer_points, 0, _ALL, Reason.POINTS_OUT_OF_RANGE)
    k = _int_in("kontra", kontra, 0, 2, Reason.BAD_KONTRA)
    if not isinstance(conceded, bool):
        raise type_error("conceded", "True or False", conceded)
    if not isinstance(defenders_conceded, bool):
        raise type_error("defenders_conceded", "True or False", defenders_conceded)
    if conceded and defenders_conceded:
        raise InvalidScoreError("conceded=True and defenders_conceded=True: only one side "
                                "can give the game up (D-11)", Reason.CONFLICTING_ARGUMENTS)
    seat = None if declarer is None else _declarer_seat(declarer)
    multiplier = 1 << k
    if flags:
        shortened = conceded or defenders_conceded
        # the points do not decide the levels of a game shortened (D-11) or ended at the
        # defenders' first trick (schwarz announced or ouvert, D-10): the flags are as scored
        if shortened or (contract.schwarz and not sz_flag):
            sn, sz, known = _sheet_levels(contract, -1, sn_flag, sz_flag)
        else:
            sn, sz, known = _sheet_levels(contract, p, sn_flag, sz_flag)
        levels = value_levels(contract, m, schneider=sn, schwarz=sz)
        value = _value(contract, levels)
        overbid = value < b
        if overbid:
            value = overbid_value(contract, b)
        won = (not overbid and p >= T.WIN_POINTS
               and (not contract.schneider or p >= T.SCHNEIDER_POINTS)
               and (not contract.schwarz or known == 10))
        if shortened:
            won = defenders_conceded and not overbid
        return GameResult(
            contract, b, m, p, None if known < 0 else known, won, overbid, value,
            (value if won else -2 * value) * multiplier, sn, sz, levels, k, conceded, seat,
            defenders_conceded)

    t = _int_in("declarer_tricks", declarer_tricks, 0, 10, Reason.TRICKS_OUT_OF_RANGE)
    dp = _ALL - p if defender_points is None else _int_in(
        "defender_points", defender_points, 0, _ALL, Reason.POINTS_OUT_OF_RANGE)
    dt = 10 - t if defender_tricks is None else _int_in(
        "defender_tricks", defender_tricks, 0, 10, Reason.TRICKS_OUT_OF_RANGE)
    if p + dp > _ALL:
        raise InvalidScoreError(
            f"declarer {p} + defenders {dp} points is more than the {_ALL} in the deck",
            Reason.INCONSISTENT_RESULT,
        )
    if t + dt > 10:
        raise InvalidScoreError(
            f"declarer {t} + defenders {dt} tricks is more than the 10 in a game",
            Reason.INCONSISTENT_RESULT,
        )
    if t == 10 and p != _ALL:
        raise InvalidScoreError(
            f"a declarer with all 10 tricks has all {_ALL} points, not {p}",
            Reason.INCONSISTENT_RESULT,
        )
    if p > _MOST_POINTS[3 * t + 2]:
        raise InvalidScoreError(
            f"{p} points are impossible with {t} trick(s): {3 * t + 2} cards (tricks and "
            f"skat) hold at most {_MOST_POINTS[3 * t + 2]}",
            Reason.INCONSISTENT_RESULT,
        )
    if dp > _MOST_POINTS[3 * dt]:
        raise InvalidScoreError(
            f"the defenders' {dp} points are impossible with {dt} trick(s) "
            f"(at most {_MOST_POINTS[3 * dt]}); with {t} declarer trick(s) the declarer "
            f"needs at least {_ALL - _MOST_POINTS[3 * dt]} points in a played-out game",
            Reason.INCONSISTENT_RESULT,
        )

    if contract.is_null:
        if contract.base_value < b:
            overbid_value(contract, b)  # raises the D-7 error
        won = t == 0 and not conceded
        value = _value(contract, ())
        return GameResult(
            contract, b, 0, p, t, won, False, value,
            (value if won else -2 * value) * multiplier, False, False, (), k, conceded, seat,
            defenders_conceded,
        )

    if defenders_conceded:
        may_win, sn, sz = _conceded_levels(contract, b, m, p, dp, t, dt)
    else:
        may_win = (p >= T.WIN_POINTS and not conceded
                   and (not contract.schneider or p >= T.SCHNEIDER_POINTS)
                   and (not contract.schwarz or t == 10))
        sn = p >= T.SCHNEIDER_POINTS or dp >= T.SCHNEIDER_POINTS
        sz = t == 10 or dt == 10
    levels = value_levels(contract, m, schneider=sn, schwarz=sz)
    value = _value(contract, levels)
    overbid = value < b
    if overbid:
        value = overbid_value(contract, b)
    won = may_win and not overbid
    return GameResult(
        contract, b, m, p, t, won, overbid, value,
        (value if won else -2 * value) * multiplier, sn, sz, levels, k, conceded,
        seat, defenders_conceded,
    )


def seeger_fabian(
    result: GameResult | PassedIn | Abandoned, *, players: int = 3, bock: int = 1
) -> tuple[int, int]:
    """List points under Seeger-Fabian (D-14): ``(declarer, each other player)``.

    The declarer gets his score (times ``bock``: 2 in a Bock deal, D-16) plus 50
    if won, minus 50 if lost; every other player at the table (the sitting-out
    dealer included) gets 40 at a 3-player table or 30 at a 4-player table when
    the declarer loses.  Kontra/Re and Bock multiply only the game points.  A
    passed-in deal, or one abandoned in the auction, scores (0, 0).  The one
    Seeger-Fabian formula: :class:`~skatlib.Table`, ``simulate``, the arena, ISS
    verification and the PIMC bot's expectations all come here (the raw twin
    :func:`seeger_fabian_points` takes the score alone).

    >>> r = score(Contract.parse("G"), bid=18, matadors=1, declarer_points=50,
    ...           declarer_tricks=4)
    >>> r.score, seeger_fabian(r), seeger_fabian(r, players=4), seeger_fabian(r, bock=2)
    (-96, (-146, 40), (-146, 30), (-242, 40))
    """
    if isinstance(result, (PassedIn, Abandoned)):
        seeger_fabian_points(0, True, players=players, bock=bock)  # check the arguments
        return (0, 0)
    if not isinstance(result, GameResult):
        raise InvalidScoreError(f"Seeger-Fabian scores declarer games, not {result!r} "
                                "(a Ramsch deal has no declarer)", Reason.INCONSISTENT_RESULT)
    return seeger_fabian_points(result.score, result.won, players=players, bock=bock)


def seeger_fabian_points(score: int, won: bool, *, players: int = 3, bock: int = 1
                         ) -> tuple[int, int]:
    """:func:`seeger_fabian` of a game with list score ``score`` (``+value`` won,
    ``−2 × value`` lost, Kontra/Re included): ``(declarer, each other player)``.

    >>> seeger_fabian_points(48, True), seeger_fabian_points(-96, False, players=4)
    ((98, 0), (-146, 30))
    """
    score = as_int(score, "score")
    if not isinstance(won, bool):
        raise type_error("won", "True or False", won)
    players = as_int(players, "players", "3 or 4")
    bock = as_int(bock, "bock", "1 or 2")
    if players not in (3, 4):
        raise InvalidScoreError(f"a Skat table has 3 or 4 players, not {players!r}",
                                Reason.BAD_TABLE)
    if bock not in (1, 2):
        raise InvalidScoreError(f"bock is the multiplier of a Bock deal: 1 (none) or 2 (D-16), "
                                f"not {bock!r}", Reason.BAD_TABLE)
    if won:
        return (score * bock + 50, 0)
    return (score * bock - 50, 40 if players == 3 else 30)


__all__ += ["seeger_fabian_points"]  # kept beside the function (scoring.py's owner: merge up)
