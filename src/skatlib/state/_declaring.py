"""SKAT and DECLARING: the skat decision, putting away, the declaration (D-7).

After the bidding the declarer picks up the skat or plays hand (ISkO 2.2).  After
a pickup he puts away two cards, one :class:`~skatlib.Discard` at a time, and then
announces with a bare :class:`~skatlib.Declare`; the compound
``Declare(contract, discard)`` does both at once and reaches the same state.  The
history always records the compound form, so records read and write it as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import _tables as T
from ..actions import Action, Declare, Discard, PickUpSkat, PlayHand, unchecked_declare
from ..cards import CardSet
from ..contract import Contract, GameType, game_type_index
from ..errors import InvalidCardsError, InvalidContractError, Reason, as_int
from ._core import (
    BID,
    DECL,
    E_NOT_ENDED,
    HANDS,
    HISTORY,
    P_DECLARING,
    P_PLAYING,
    PICKED,
    SEATS,
    SETUP,
    SKAT,
    GameState,
    actions_of_mask,
    illegal,
    load_scoring,
    make,
    set3,
)
from ._kontra import kontra_next

if TYPE_CHECKING:
    from .. import scoring  # a global once loaded (_core.load_scoring)

PICKUP, HAND = PickUpSkat(), PlayHand()
_SKAT_CHOICE = (PICKUP, HAND)
_NON_HAND = Contract.all(hand=False)
_HAND_CONTRACTS = Contract.all(hand=True)
_DECLARE_BARE = {c: Declare(c) for c in (*_NON_HAND, *_HAND_CONTRACTS)}
DISCARDS = tuple(Discard(c) for c in range(32))
_DISCARD_CACHE: dict[int, tuple[Action, ...]] = {}
_BYTE_DISCARDS: list[tuple[tuple[Action, ...], ...]] = []  # byte_tables(DISCARDS), on first use


# ----- SKAT --------------------------------------------------------------------------


def legal_skat(s: GameState) -> tuple[Action, ...]:
    return _SKAT_CHOICE


def check_skat(s: GameState, action: object) -> None:
    if isinstance(action, (PickUpSkat, PlayHand)):
        return
    raise illegal(s, action, "the declarer must first pick up the skat ('s') or play hand "
                  "('hand')", Reason.WRONG_PHASE)


def step_skat(s: GameState, action: Action) -> GameState:
    d = s[DECL]
    setup = s[SETUP]
    history = setup[HISTORY] + ((SEATS[d], action),)
    if type(action) is PickUpSkat:
        # the setup rebuilt in one tuple, not sliced (see _bidding._bidding)
        (rules, deal, bid, asker, listener, passed, _, contract, _, kontra, kdone, pushes, owned,
         conceded, open_, claim, event) = setup
        new = (rules, deal, bid, asker, listener, passed, history, contract, True, kontra, kdone,
               pushes, owned, conceded, open_, claim, event)
        hands = set3(s[HANDS], d, s[HANDS][d] | s[SKAT])
        return make(P_DECLARING, d, hands, (), 0, (), -1, d, 0, E_NOT_ENDED, new)
    new = setup[:HISTORY] + (history,) + setup[HISTORY + 1:]
    return make(P_DECLARING, d, s[HANDS], (), 0, (), -1, d, s[SKAT], E_NOT_ENDED, new)


# ----- D-7: which declarations may be made ---------------------------------------------


def best_hand_matadors(game_type: GameType | int, hand: CardSet | int) -> int:
    """The most matadors (by count, ignoring with/without) a 10-card hand can
    reach with the best possible skat among the cards it does not hold.
    Used for D-7 on hand games.  Null gives 0.

    :raises TypeError: unless ``game_type`` is a game type (0..5) and ``hand`` a
        :class:`~skatlib.CardSet` or a mask.

    >>> best_hand_matadors(GameType.GRAND, CardSet.parse("CJ HJ"))   # SJ, DJ may be in the skat
    4
    """
    gt = _game_type(game_type)
    if isinstance(hand, CardSet):
        h = hand.mask
    else:
        h = as_int(hand, "hand", "a CardSet or a 32-bit card mask")
        if not 0 <= h <= T.FULL:
            raise InvalidCardsError(f"hand {h!r} is not a 32-bit card mask (0..0xFFFFFFFF)",
                                    Reason.CARD_OUT_OF_RANGE)
    order = T.TRUMP_ORDER[gt]
    if not order:
        return 0
    try:
        sc = scoring
    except NameError:  # the first use (see _core.load_scoring)
        sc = load_scoring(globals())
    missing = [c for c in order if not h >> c & 1]
    best = abs(sc.matadors_mask(gt, h | sum(1 << c for c in missing[:2])))
    if not h >> order[0] & 1:
        # "without": the skat avoids trumps above the highest one held
        held = [i for i, c in enumerate(order) if h >> c & 1]
        best = max(best, held[0] if held else len(order))
    return best


def _game_type(value: object) -> int:
    gt = game_type_index(value)
    if gt == GameType.RAMSCH:
        raise InvalidContractError("game_type RAMSCH is not declared: use GameType.DIAMONDS "
                                   "(0) .. GameType.NULL (5)", Reason.GAME_TYPE_OUT_OF_RANGE)
    return gt


def allowed_contracts(state: GameState) -> tuple[Contract, ...]:
    """The contracts the declarer may announce now (D-7): those whose best
    possible value reaches the bid (all 12 cards known after a pickup; the
    best case over the unseen skat for a hand game), null variants only if
    their fixed value reaches it.  If no contract can reach the bid, every suit
    and grand contract is allowed (it will be lost as overbid, D-6).  Empty
    outside the declaration.

    >>> from skatlib import Deal, GameState
    >>> s = GameState.from_position(Deal.shuffled(1), "p p 18 hand")
    >>> len(allowed_contracts(s)), allowed_contracts(s)[0]
    (22, Contract.parse('DH'))
    """
    if type(state) is not GameState:
        from ._machine import require_state

        require_state(state)
    if state[0] != P_DECLARING:
        return ()
    return _allowed_now(state)[0]


def _allowed_now(s: GameState) -> tuple[tuple[Contract, ...], tuple[Action, ...]]:
    """:func:`_allowed` for the declarer of ``s`` (a DECLARING state): his 12 cards
    after a pickup, else his 10."""
    setup = s[SETUP]
    picked = setup[PICKED]
    return _allowed(s[HANDS][s[DECL]] | (s[SKAT] if picked else 0), picked, setup[BID])


_ALLOWED_CACHE: dict[tuple[int, bool, int],
                     tuple[tuple[Contract, ...], tuple[Action, ...]]] = {}
_ALLOWED_CACHE_SIZE = 4_096
"""Entries kept before the cache starts afresh.  Small on purpose (H-16): replaying
an archive of distinct games never hits it, and each entry costs ~300 bytes; a bot
asking the same declaring state again still hits."""


def _rows(contracts: tuple[Contract, ...]) -> tuple[tuple[Contract, bool, int, int,
                                                             dict[int, int], Action], ...]:
    """Per contract: itself, whether it is null, its base value, its game type, its
    :func:`~skatlib.max_game_value` per matador count (filled on first use) and its bare
    :class:`~skatlib.Declare` (what :func:`legal_declaring` offers: looked up here once,
    since a contract hashes in Python)."""
    return tuple((c, c.is_null, c.base_value, int(c.game_type), {}, _DECLARE_BARE[c])
                 for c in contracts)


_ROWS = {False: _rows(_HAND_CONTRACTS), True: _rows(_NON_HAND)}


def _allowed(hand: int, picked_up: bool, bid: int
             ) -> tuple[tuple[Contract, ...], tuple[Action, ...]]:
    """The contracts allowed (D-7) and their bare declarations, cached together: the
    declarations are looked up once per entry, not per call (a contract hashes in
    Python)."""
    key = (hand, picked_up, bid)
    hit = _ALLOWED_CACHE.get(key)
    if hit is not None:
        return hit
    out: list[Contract] = []
    declares: list[Action] = []
    matadors: dict[int, int] = {}  # per game type: 5 of them behind up to 23 contracts
    for c, null, base, gt, values, declare in _ROWS[picked_up]:
        if _reaches(c, null, base, gt, hand, picked_up, bid, matadors, values):
            out.append(c)
            declares.append(declare)
    if not out:  # nothing reaches the bid: every suit and grand contract (D-6)
        for c, null, _, _, _, declare in _ROWS[picked_up]:
            if not null:
                out.append(c)
                declares.append(declare)
    res = (tuple(out), tuple(declares))
    if len(_ALLOWED_CACHE) >= _ALLOWED_CACHE_SIZE:
        _ALLOWED_CACHE.clear()
    _ALLOWED_CACHE[key] = res
    return res


def _reaches(c: Contract, null: bool, base: int, gt: int, hand: int, picked_up: bool, bid: int,
             matadors: dict[int, int], values: dict[int, int]) -> bool:
    """D-7 for one contract: can its best possible value reach ``bid``?  ``null``,
    ``base`` and ``gt`` are the contract's (see :func:`_rows`); ``matadors`` (per game
    type) and ``values`` (per matador count) remember what was worked out."""
    if null:
        return base >= bid
    try:
        sc = scoring
    except NameError:  # the first use (see _core.load_scoring)
        sc = load_scoring(globals())
    m = matadors.get(gt)
    if m is None:
        m = matadors[gt] = abs(sc.matadors_mask(gt, hand)) if picked_up else (
            best_hand_matadors(gt, hand))
    v = values.get(m)
    if v is None:
        v = values[m] = sc.max_game_value(c, m)
    return v >= bid


def may_declare(s: GameState, c: Contract) -> bool:
    """Whether ``c`` is among :func:`allowed_contracts` of ``s`` (a DECLARING state),
    for a contract of the right kind (hand or not, as the skat decision requires):
    the check of :class:`~skatlib.Declare` asks about its one contract, so a hand not
    seen before costs one D-7 evaluation, not one per contract (a miss of
    :func:`_allowed` evaluates all 18 or 23)."""
    setup = s[SETUP]
    picked = setup[PICKED]
    bid = setup[BID]
    hand = s[HANDS][s[DECL]] | (s[SKAT] if picked else 0)
    hit = _ALLOWED_CACHE.get((hand, picked, bid))
    if hit is not None:
        return c in hit[0]
    if _reaches(c, c.is_null, c.base_value, int(c.game_type), hand, picked, bid, {}, {}):
        return True  # then the list is not empty, so no fallback (D-6): c is on it
    return c in _allowed(hand, picked, bid)[0]


# ----- DECLARING ---------------------------------------------------------------------


def discard_actions(hand: int) -> tuple[Action, ...]:
    """:class:`~skatlib.Discard` of every card of ``hand``, lowest index first (cached)."""
    return actions_of_mask(hand, DISCARDS, _BYTE_DISCARDS, _DISCARD_CACHE, _ALLOWED_CACHE_SIZE)


def legal_declaring(s: GameState) -> tuple[Action, ...]:
    d = s[DECL]
    setup = s[SETUP]
    if setup[PICKED] and s[SKAT].bit_count() < 2:
        return discard_actions(s[HANDS][d])
    return _allowed_now(s)[1]


def _contract_hint(s: GameState) -> tuple[str, ...]:
    return tuple(str(c) for c in allowed_contracts(s))


def check_declaring(s: GameState, action: object, d7: bool = True) -> None:
    d = s[DECL]
    setup = s[SETUP]
    hand = s[HANDS][d]
    put_away = s[SKAT] if setup[PICKED] else 0
    if isinstance(action, Discard):
        if not setup[PICKED]:
            raise illegal(s, action, "the skat was not picked up, so there is nothing to put "
                          "away: announce a hand game", Reason.DISCARD_NOT_ALLOWED)
        if put_away.bit_count() >= 2:
            raise illegal(s, action, f"two cards are already put away ({CardSet(put_away)}): "
                          "announce the game", Reason.ALREADY_DONE)
        if not hand >> action.card & 1:
            raise illegal(s, action, f"{action.card} is not in the declarer's cards "
                          f"{CardSet(hand)}", Reason.DISCARD_NOT_IN_HAND)
        return
    if not isinstance(action, Declare):
        raise illegal(s, action, "the declarer must announce a game"
                      + (" (after putting away two cards)" if setup[PICKED] else ""),
                      Reason.WRONG_PHASE)
    c = action.contract
    if setup[PICKED]:
        if c.hand:
            raise illegal(s, action, "the skat was picked up, so no hand game (ISkO 2.2.3)",
                          Reason.CONTRACT_NOT_ALLOWED, _contract_hint(s))
        disc = action.discard
        if disc is None:
            if put_away.bit_count() < 2:
                raise illegal(s, action, "after picking up the skat, put away two cards first "
                              "('discard.H7', or at once: 'G.H7.HQ')", Reason.DISCARD_REQUIRED)
        elif put_away:
            if disc.mask != put_away:
                raise illegal(s, action, f"{CardSet(put_away)} is already put away: put away "
                              "the rest with 'discard.<card>', then announce the bare game",
                              Reason.ALREADY_DONE)
        else:
            if len(disc) != 2:
                raise illegal(s, action, f"put away exactly two cards, not {disc}",
                              Reason.DISCARD_REQUIRED, _contract_hint(s))
            if disc.mask & ~hand:
                raise illegal(s, action, f"{CardSet(disc.mask & ~hand)} is not in the "
                              f"declarer's 12 cards {CardSet(hand)}", Reason.DISCARD_NOT_IN_HAND,
                              _contract_hint(s))
    else:
        if action.discard is not None:
            raise illegal(s, action, "a hand game puts away no cards",
                          Reason.DISCARD_NOT_ALLOWED, _contract_hint(s))
        if not c.hand:
            raise illegal(s, action, "the skat was not picked up, so the game is a hand game: "
                          "announce it with hand (e.g. 'CH')", Reason.CONTRACT_NOT_ALLOWED,
                          _contract_hint(s))
    if not d7 or may_declare(s, c):
        return
    allowed = allowed_contracts(s)
    raise illegal(s, action, f"{c.name} cannot reach the bid {setup[BID]} (D-7); "
                  f"games that can: {', '.join(x.name for x in allowed)}",
                  Reason.CANNOT_REACH_BID, tuple(str(x) for x in allowed))


def step_declaring(s: GameState, action: Action) -> GameState:
    d = s[DECL]
    if type(action) is Discard:
        bit = 1 << action.card
        return make(P_DECLARING, d, set3(s[HANDS], d, s[HANDS][d] & ~bit), (), 0, (), -1, d,
                    s[SKAT] | bit, E_NOT_ENDED, s[SETUP])
    assert isinstance(action, Declare)
    return declare(s, d, action)


def declare(s: GameState, d: int, action: Declare, bid: int | None = None) -> GameState:
    """The declaration by seat ``d`` (also grand hand instead of Schieberamsch, at
    ``bid`` 18): play starts, or the Kontra phase if ``Rules.kontra``."""
    setup = s[SETUP]
    hands, skat = s[HANDS], s[SKAT]
    picked = setup[PICKED] and bid is None
    if picked and action.discard is not None and not skat:
        hands = set3(hands, d, hands[d] & ~action.discard.mask)
        skat = action.discard.mask
    owned = hands[d] | skat
    c = action.contract
    entry = _DECLARE_BARE[c] if not picked else unchecked_declare(c, skat)
    history = setup[HISTORY] + ((SEATS[d], entry),)
    # the setup rebuilt in one tuple (the slots of _core.SETUP_SIZE, in order)
    (rules, deal, bid0, asker, listener, passed, _, _, _, kontra, kdone, pushes, _, conceded,
     _, claim, event) = setup
    new: tuple[Any, ...] = (rules, deal, bid0 if bid is None else bid, asker, listener, passed,
                            history, c, picked, kontra, kdone, pushes, owned, conceded, c.ouvert,
                            claim, event)
    after = make(P_PLAYING, 0, hands, (), 0, (), int(c.game_type), d, skat,
                 E_NOT_ENDED, new)
    if rules.kontra:
        return kontra_next(after, new, kdone)
    return after
