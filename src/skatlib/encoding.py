"""A stable encoding for learning agents: integer actions, masks, tensors, returns.

Pure Python (lists of floats and int bitmasks); when numpy is installed the tensor
functions also fill a numpy array given as ``out=``.  The layout is versioned
(:data:`ENCODING_VERSION`): a change to any id or offset below raises the version.

**Actions** (:data:`NUM_ACTIONS` = 131): the actions of :func:`~skatlib.legal_actions`,
one id each.

========  ============================================================================
ids       action
========  ============================================================================
0..31     card ``c``: :class:`~skatlib.Play` in card play, :class:`~skatlib.Discard`
          while the declarer (or a Schieberamsch player) puts away
32..94    :class:`~skatlib.Bid` of the 63 bid values, lowest first (18 is 32, 264 is 94)
95        :class:`~skatlib.Pass` (in the bidding, and declining Kontra or Re)
96        :class:`~skatlib.Hold`
97        :class:`~skatlib.PickUpSkat` (also taking the skat in Schieberamsch)
98        :class:`~skatlib.PlayHand`
99..127   a bare :class:`~skatlib.Declare` of each of the 29 contracts, in the order
          of :data:`CONTRACTS` (grand hand, also instead of Schieberamsch, is 120)
128       :class:`~skatlib.Kontra`
129       :class:`~skatlib.Re`
130       :class:`~skatlib.Push` with no cards (pass the skat on unseen, D-17)
========  ============================================================================

Not in the action space: the out-of-turn actions of card play (a concession, a claim,
refusing a claim, D-11: :func:`~skatlib.side_actions`) and the ISS server's events
(D-18).  A learning agent plays every card; the frameworks it comes from are
turn-based, and a concession only shortens a deal whose result the cards decide
anyway.  The state those actions leave is still encoded (open cards, a pending claim,
who conceded), so records that contain them replay.  The compound forms
``Declare(contract, discard)`` and ``Push(cards)`` have no id either: their factored
form (two :class:`~skatlib.Discard`, then the bare declaration) is what
:func:`~skatlib.legal_actions` offers.

>>> from skatlib import Deal, GameState, Bid, legal_actions
>>> s = GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT")
>>> [action_name(i) for i in legal_ids(s)]
['D9', 'DA', 'H9', 'HA', 'S7', 'S8', 'SQ', 'ST', 'C8', 'CQ']
>>> action_from_id(action_id(legal_actions(s)[0], s), s) == legal_actions(s)[0]
True
>>> action_id(Bid(18)), action_name(99), NUM_ACTIONS
(32, 'D', 131)
"""

from __future__ import annotations

import itertools
import json
import math
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal, NamedTuple

from . import _tables as T
from .actions import (
    Action,
    Claim,
    Concede,
    Declare,
    Discard,
    Hold,
    Kontra,
    Leave,
    Pass,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    Re,
    Refuse,
    TimeOut,
)
from .bidding import BID_VALUES, Bid
from .cards import Card, CardSet
from .contract import Contract
from .deal import Seat
from .errors import ArgumentTypeError, Reason, SkatError, as_path
from .observation import Observation, observe
from .ramsch import RamschResult
from .record import GameRecord
from .scoring import GameResult, seeger_fabian_points
from .state import GameState, Phase, _playing, new_game, result
from .state import apply as _apply
from .state import legal_actions as _legal_actions
from .state._core import (
    BID,
    CONTRACT,
    DEAL,
    DECL,
    HANDS,
    HISTORY,
    LEADER,
    MOVER,
    OPEN,
    P_BIDDING,
    P_DECLARING,
    P_FINISHED,
    P_KONTRA,
    P_PLAYING,
    P_SKAT,
    PHASE,
    PICKED,
    SETUP,
    SKAT,
    TRICK,
    TRICKS,
    actions_of_mask,
)
from .state._machine import require_state

__all__ = [
    "ENCODING_VERSION",
    "NUM_ACTIONS",
    "CARD_IDS",
    "BID_IDS",
    "PASS_ID",
    "HOLD_ID",
    "PICKUP_ID",
    "HAND_ID",
    "DECLARE_IDS",
    "KONTRA_ID",
    "RE_ID",
    "PUSH_ID",
    "CONTRACTS",
    "action_id",
    "action_from_id",
    "action_name",
    "legal_ids",
    "legal_mask",
    "ids_of_mask",
    "OBSERVATION_LAYOUT",
    "INFORMATION_STATE_LAYOUT",
    "OBSERVATION_SIZE",
    "INFORMATION_STATE_SIZE",
    "OBSERVATION_SHAPE",
    "INFORMATION_STATE_SHAPE",
    "Section",
    "observation_tensor",
    "information_state_tensor",
    "observation_string",
    "information_state_string",
    "Scoring",
    "SCORINGS",
    "returns",
    "MAX_GAME_LENGTH",
    "MAX_ABS_RETURN",
    "NUM_CHANCE_OUTCOMES",
    "CHANCE_NODES",
    "NUM_DEALS",
    "Example",
    "examples_from_records",
    "save_examples",
    "load_examples",
]

ENCODING_VERSION = 1
"""The version of the action ids and tensor layouts below (raised on any change)."""

# ----------------------------------------------------------------------------- actions

CARD_IDS = range(0, 32)
"""Card ``c`` is id ``c``: a :class:`~skatlib.Play` or a :class:`~skatlib.Discard`."""
BID_IDS = range(32, 32 + len(BID_VALUES))
"""``Bid(BID_VALUES[i])`` is id ``32 + i``."""
PASS_ID, HOLD_ID, PICKUP_ID, HAND_ID = 95, 96, 97, 98
CONTRACTS: tuple[Contract, ...] = tuple(Contract.parse(t) for t in (
    "D", "DH", "DHS", "DHZ", "DO", "H", "HH", "HHS", "HHZ", "HO",
    "S", "SH", "SHS", "SHZ", "SO", "C", "CH", "CHS", "CHZ", "CO",
    "G", "GH", "GHS", "GHZ", "GO", "N", "NO", "NH", "NOH"))
"""The 29 contracts in the order of their ids (fixed here, part of the layout)."""
DECLARE_IDS = range(99, 99 + len(CONTRACTS))
"""``Declare(CONTRACTS[i])`` is id ``99 + i``."""
KONTRA_ID, RE_ID, PUSH_ID = 128, 129, 130
NUM_ACTIONS = 131
"""The number of action ids."""

_PLAYS = tuple(Play(c) for c in range(32))
_DISCARDS = tuple(Discard(c) for c in range(32))
_FIXED: tuple[Action, ...] = (
    *(Bid(v) for v in BID_VALUES), Pass(), Hold(), PickUpSkat(), PlayHand(),
    *(Declare(c) for c in CONTRACTS), Kontra(), Re(), Push())
"""The actions of ids 32..130, in order."""
_ID_OF: dict[Action, int] = {a: 32 + i for i, a in enumerate(_FIXED)}
_BARE = {c: Declare(c) for c in CONTRACTS}
_NAMES: tuple[str, ...] = (*(Card(c).name for c in range(32)), *(str(a) for a in _FIXED))
_PUT_AWAY = (Phase.DECLARING, Phase.PUSHING)
_RAMSCH_PHASES = (Phase.PLAYING, Phase.PUSHING)
_FINISHED = Phase.FINISHED
_PLAYING = Phase.PLAYING
_legal_cards = _playing.legal_mask
_PER_ID = tuple(range(32))
_BYTE_IDS: list[tuple[tuple[int, ...], ...]] = []  # byte_tables(_PER_ID), on first use
_IDS_CACHE: dict[int, tuple[int, ...]] = {}
_MASK_CACHE: dict[int, tuple[tuple[Action, ...], int]] = {}
"""Masks of the legal-action tuples outside card play, by the tuple's identity (the state
machine shares those tuples: the bids above a value, the discards of a hand)."""
_IDS_CACHE_SIZE = 65_536
"""Entries of the card-id tuples cache (keyed on the card mask) before it starts afresh."""


def _no_id(action: object, why: str) -> SkatError:
    return SkatError(f"{action!r} has no action id: {why}", Reason.UNKNOWN_ACTION)


def action_id(action: Action, state: GameState | None = None) -> int:
    """The id of ``action`` (see the module's table).  ``state`` is accepted for
    symmetry with :func:`action_from_id`; no id depends on it.

    :raises SkatError: (``UNKNOWN_ACTION``) for an action outside the action space:
        a side action (concession, claim, refusal), a server event, the compound
        ``Declare(contract, discard)`` or ``Push(cards)``.

    >>> from skatlib import Declare, Discard, Play, Pass
    >>> action_id(Play("CJ")), action_id(Discard("CJ")), action_id(Pass())
    (31, 31, 95)
    >>> action_id(Declare("G"))
    119
    """
    kind = type(action)
    if kind is Play or kind is Discard:
        return int(action.card)  # type: ignore[union-attr]
    i = _ID_OF.get(action)
    if i is not None:
        return i
    if kind is Declare:
        raise _no_id(action, "put the cards away one at a time with Discard, then declare "
                     "the bare contract")
    if kind is Push:
        raise _no_id(action, "push the cards one at a time with Discard")
    raise _no_id(action, "concessions, claims, refusals and server events are side actions, "
                 "outside the action space (see skatlib.encoding)")


def action_from_id(i: int, state: GameState) -> Action:
    """The action of id ``i`` in ``state``: ids 0..31 are a :class:`~skatlib.Discard`
    while cards are put away (declaring, Schieberamsch pushing) and a
    :class:`~skatlib.Play` otherwise.  The action need not be legal: check with
    :func:`legal_mask`.

    :raises SkatError: (``UNKNOWN_ACTION``) unless ``0 <= i < NUM_ACTIONS``.
    :raises TypeError: unless ``i`` is an int and ``state`` a GameState.

    >>> from skatlib import Deal, GameState
    >>> s = GameState.from_position(Deal.shuffled(1), "p p 18 s")
    >>> action_from_id(31, s), action_from_id(95, s)
    (Discard(Card.CJ), Pass())
    """
    if type(state) is not GameState:
        require_state(state)
    if type(i) is not int:
        if isinstance(i, bool) or not hasattr(i, "__index__"):
            raise ArgumentTypeError(f"an action id must be an int, not {type(i).__name__}")
        i = i.__index__()
    if 0 <= i < 32:
        return _DISCARDS[i] if state[0] in _PUT_AWAY else _PLAYS[i]
    if 32 <= i < NUM_ACTIONS:
        return _FIXED[i - 32]
    raise SkatError(f"action id {i} is out of range: ids are 0..{NUM_ACTIONS - 1}",
                    Reason.UNKNOWN_ACTION)


def action_name(i: int) -> str:
    """A short name of id ``i``: the card (``'CJ'``) for 0..31, else the text form
    of the action (``'18'``, ``'p'``, ``'GH'``, ``'kontra'``...).

    >>> action_name(31), action_name(94), action_name(97), action_name(130)
    ('CJ', '264', 's', 'push')
    """
    if isinstance(i, bool) or not isinstance(i, int):
        raise ArgumentTypeError(f"an action id must be an int, not {type(i).__name__}")
    if not 0 <= i < NUM_ACTIONS:
        raise SkatError(f"action id {i} is out of range: ids are 0..{NUM_ACTIONS - 1}",
                        Reason.UNKNOWN_ACTION)
    return _NAMES[i]


def legal_mask(state: GameState) -> int:
    """The legal action ids of ``state`` as an int: bit ``i`` set if id ``i`` is legal.
    In card play this is the mask of the playable cards (ids 0..31 are the cards);
    0 when the deal is over.

    >>> from skatlib import Deal, new_game
    >>> bin(legal_mask(new_game(Deal.shuffled(1))))[:6]   # every bid and pass
    '0b1111'
    >>> legal_mask(new_game(Deal.shuffled(1))).bit_count()
    64
    """
    if type(state) is not GameState:
        require_state(state)
    if state[0] is _PLAYING:
        return _legal_cards(state)
    legal = _legal_actions(state)
    hit = _MASK_CACHE.get(id(legal))
    if hit is not None and hit[0] is legal:
        return hit[1]
    mask = 0
    for a in legal:
        kind = type(a)
        mask |= 1 << (a.card if kind is Discard else _ID_OF[a])  # type: ignore[union-attr]
    if len(_MASK_CACHE) >= _IDS_CACHE_SIZE:
        _MASK_CACHE.clear()
    _MASK_CACHE[id(legal)] = (legal, mask)
    return mask


def ids_of_mask(mask: int) -> tuple[int, ...]:
    """The ids set in a mask from :func:`legal_mask`, lowest first.

    >>> ids_of_mask(0b1011 | 1 << 95)
    (0, 1, 3, 95)
    """
    if isinstance(mask, bool) or not isinstance(mask, int) or mask < 0:
        raise ArgumentTypeError(f"mask must be a non-negative int, not {mask!r}")
    low = mask & 0xFFFFFFFF
    ids: tuple[int, ...] = actions_of_mask(  # type: ignore[assignment]
        low, _PER_ID, _BYTE_IDS, _IDS_CACHE, _IDS_CACHE_SIZE)  # type: ignore[arg-type]
    high = mask >> 32
    if not high:
        return ids
    out = list(ids)
    while high:
        bit = high & -high
        out.append(31 + bit.bit_length())
        high ^= bit
    return tuple(out)


def legal_ids(state: GameState) -> tuple[int, ...]:
    """The legal action ids of ``state``, lowest first (the set bits of
    :func:`legal_mask`).

    >>> from skatlib import Deal, GameState
    >>> [action_name(i) for i in legal_ids(GameState.from_position(Deal.shuffled(1), "p p"))]
    ['18', 'p']
    """
    return ids_of_mask(legal_mask(state))


# ----------------------------------------------------------------------------- tensors


class Section(NamedTuple):
    """One block of a tensor layout."""

    name: str
    offset: int
    size: int
    meaning: str


def _layout(parts: Sequence[tuple[str, int, str]], start: int = 0) -> tuple[Section, ...]:
    out = []
    offset = start
    for name, size, meaning in parts:
        out.append(Section(name, offset, size, meaning))
        offset += size
    return tuple(out)


_OBS_PARTS = (
    ("seat", 3, "the observing seat: forehand, middlehand, rearhand"),
    ("phase", 7, "the Phase (bidding, skat, declaring, playing, finished, kontra, pushing)"),
    ("to_move", 3, "the seat to move, relative (0 this seat, 1 the next, 2 the one after)"),
    ("hand", 32, "this seat's cards now"),
    ("skat", 32, "the dealt skat, if this seat has seen it"),
    ("discard", 32, "the cards put away, if this seat knows them"),
    ("declarer_hand", 32, "the declarer's cards, if open (ouvert, a claim, the end)"),
    ("played", 96, "the cards each relative seat has played (3 × 32)"),
    ("trick", 96, "the current trick by position: lead, second, third (3 × 32)"),
    ("leader", 3, "the leader of the current trick, relative"),
    ("bid", 64, "the highest value named so far: none, then the 63 bid values"),
    ("passed", 3, "the relative seats that passed in the bidding"),
    ("named", 3, "the highest value each relative seat bid or held, / 264"),
    ("declarer", 3, "the declarer, relative (zeros: none yet, Ramsch)"),
    ("game_type", 7, "diamonds, hearts, spades, clubs, grand, null, Ramsch"),
    ("contract", 4, "hand, schneider announced, schwarz announced, ouvert"),
    ("picked_up", 1, "the skat was picked up (or, in Schieberamsch, taken)"),
    ("put_away", 2, "one card, two cards put away so far (before the declaration)"),
    ("kontra", 2, "Kontra said, Re said"),
    ("pushes", 3, "Schieberamsch: the skat passed on unseen at least 1, 2, 3 times"),
    ("tricks", 3, "tricks won by each relative seat, / 10"),
    ("points", 3, "card points won by each relative seat, / 120"),
    ("conceded", 3, "the relative seats that conceded or accepted a claim (D-11)"),
    ("claim", 1, "a claim by the declarer awaits the defenders (D-11)"),
)
OBSERVATION_LAYOUT: tuple[Section, ...] = _layout(_OBS_PARTS)
"""The blocks of :func:`observation_tensor`, in order."""
OBSERVATION_SIZE = OBSERVATION_LAYOUT[-1].offset + OBSERVATION_LAYOUT[-1].size
"""The length of :func:`observation_tensor` (the end of the last block of its layout)."""
OBSERVATION_SHAPE = (OBSERVATION_SIZE,)
"""The shape of :func:`observation_tensor`: ``(OBSERVATION_SIZE,)``."""

_INFO_PARTS = (
    ("bids", 189, "who bid which value: relative seat × 63 values"),
    ("holds", 189, "who held which value: relative seat × 63 values"),
    ("kontra_by", 3, "the relative seat that said Kontra"),
    ("took_skat", 3, "Schieberamsch: the relative seats that took the skat"),
    ("passed_on", 3, "Schieberamsch: the relative seats that passed it on unseen"),
    ("own_push", 32, "Schieberamsch: the cards this seat pushed"),
    ("plays", 960, "the card play in order: 30 slots (trick × position) × 32 cards"),
    ("leaders", 30, "the leader of each of the 10 tricks, relative (10 × 3)"),
)
INFORMATION_STATE_LAYOUT: tuple[Section, ...] = (
    *OBSERVATION_LAYOUT, *_layout(_INFO_PARTS, OBSERVATION_SIZE))
"""The blocks of :func:`information_state_tensor`: the observation, then the history."""
INFORMATION_STATE_SIZE = INFORMATION_STATE_LAYOUT[-1].offset + INFORMATION_STATE_LAYOUT[-1].size
"""The length of :func:`information_state_tensor`."""
INFORMATION_STATE_SHAPE = (INFORMATION_STATE_SIZE,)
"""The shape of :func:`information_state_tensor`: ``(INFORMATION_STATE_SIZE,)``."""

_O = {s.name: s.offset for s in INFORMATION_STATE_LAYOUT}
(_SEAT, _PHASE, _TO_MOVE, _HAND, _SKAT, _DISCARD, _DECL_HAND, _PLAYED, _TRICK, _LEADER,
 _BID, _PASSED, _NAMED, _DECL, _GT, _CONTRACT, _PICKED, _PUT, _KONTRA, _PUSHES, _TRICKS,
 _POINTS, _CONCEDED, _CLAIM, _BIDS, _HOLDS, _KONTRA_BY, _TOOK, _PASSED_ON, _OWN_PUSH,
 _PLAY_SEQ, _LEADERS) = (_O[s.name] for s in INFORMATION_STATE_LAYOUT)
_BID_INDEX = {v: i for i, v in enumerate(BID_VALUES)}
_REL = tuple(tuple((s - me) % 3 for s in range(3)) for me in range(3))
"""``_REL[me][seat]``: ``seat`` relative to ``me``."""
_BYTE_BITS = tuple(tuple(r for r in range(8) if b >> r & 1) for b in range(256))
_CARD_POINTS = T.CARD_POINTS


def _card_table(offset: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The table of :func:`_cards` for the card block at ``offset`` (built once)."""
    global _HAND_TABLE
    table = _CARD_TABLES.get(offset)
    if table is None:
        table = _CARD_TABLES[offset] = tuple(
            tuple(tuple(offset + base + r for r in _BYTE_BITS[b]) for b in range(256))
            for base in (0, 8, 16, 24))
        if offset == _HAND:
            _HAND_TABLE = table
    return table


def _cards(ones: list[int], offset: int, mask: int) -> None:
    """Append ``offset + c`` for every card ``c`` of ``mask``."""
    table = _CARD_TABLES.get(offset) or _card_table(offset)
    ones += table[0][mask & 255]
    ones += table[1][mask >> 8 & 255]
    ones += table[2][mask >> 16 & 255]
    ones += table[3][mask >> 24 & 255]


_CARD_TABLES: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}
"""Per tensor offset, for each byte of a card mask, the tensor indices of its cards
(built on first use: one per card block, 1,024 small tuples each)."""
_HAND_TABLE: tuple[tuple[tuple[int, ...], ...], ...] | None = None
"""The table of the hand block, once built."""


_Entries = tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]
"""The entries of a history or of the completed tricks: the indices of their ones,
then the indices and the values of their other entries."""
_CACHE_SIZE = 4_096
"""Entries of the history and trick caches before they start afresh (each under
4 MiB: an entry holds tuples of at most a few hundred shared ints)."""
_HISTORY_CACHE: dict[tuple[int, int, bool], tuple[object, _Entries]] = {}


def _remember(cache: dict[Any, tuple[object, _Entries]], key: Any, owner: object,
              ones: list[int], values: list[tuple[int, float]]) -> _Entries:
    """Keep the entries worked out for ``owner`` (a history or a trick tuple, which
    consecutive observations share): keyed by its identity, holding it so that the
    identity cannot be reused while the entry lives."""
    entries = (tuple(ones), tuple(i for i, _ in values), tuple(v for _, v in values))
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = (owner, entries)
    return entries


def _contract_ones(contract: Contract) -> tuple[int, ...]:
    """The indices of ones that ``contract`` sets: its game type and the hand,
    schneider, schwarz and ouvert flags of a hand game (cached per contract)."""
    hit = _CONTRACT_ONES.get(contract)
    if hit is None:
        ones = [_GT + contract.game_type]
        if contract.hand:
            ones.append(_CONTRACT)
            if contract.schneider:
                ones.append(_CONTRACT + 1)
            if contract.schwarz:
                ones.append(_CONTRACT + 2)
            if contract.ouvert:
                ones.append(_CONTRACT + 3)
        hit = _CONTRACT_ONES[contract] = tuple(ones)
    return hit


_CONTRACT_ONES: dict[Contract, tuple[int, ...]] = {}
"""The entries of :func:`_contract_ones`, per contract (a few dozen at most)."""


def _history_entries(o: Observation, me: int, info: bool) -> _Entries:
    """The entries of the auction, the skat, Kontra/Re and Schieberamsch, with the
    bid, the declarer and the contract, which the history decides (cached per
    history: in card play it no longer changes)."""
    history = o.history
    key = (id(history), me, info)
    hit = _HISTORY_CACHE.get(key)
    if hit is not None and hit[0] is history:
        return hit[1]
    rel = _REL[me]
    ones: list[int] = []
    values: list[tuple[int, float]] = []
    bid = o.bid
    ones.append(_BID + (_BID_INDEX[bid] + 1 if bid else 0))
    declarer = o.declarer
    if declarer is not None:
        ones.append(_DECL + rel[declarer])
    contract = o.contract
    if contract is not None:
        ones += _contract_ones(contract)
    named = [0, 0, 0]
    passed = [False, False, False]
    current = 0  # the last value bid: 0 in Ramsch, never 0 once a declarer is found
    declared = False
    pushes = kontra = 0
    for who, a in history:
        kind = type(a)
        w = rel[who]
        if kind is Bid:
            current = a.value  # type: ignore[union-attr]
            named[w] = current
            if info:
                ones.append(_BIDS + 63 * w + _BID_INDEX[current])
        elif kind is Hold:
            named[w] = current
            if info:
                ones.append(_HOLDS + 63 * w + _BID_INDEX[current])
        elif kind is Pass:
            if not declared:  # after the declaration a pass declines Kontra or Re
                passed[w] = True
        elif kind is Declare:
            declared = True
        elif kind is Kontra or kind is Re:
            kontra += 1
            if info and kind is Kontra:
                ones.append(_KONTRA_BY + w)
        elif kind is Push:
            if a.discard is None:  # type: ignore[union-attr]
                pushes += 1
                if info:
                    ones.append(_PASSED_ON + w)
            elif info and w == 0:  # this seat's own push
                _cards(ones, _OWN_PUSH, a.discard.mask)  # type: ignore[union-attr]
        elif kind is PickUpSkat and info and not current:
            ones.append(_TOOK + w)  # taking the skat in Schieberamsch
    for i in range(3):
        if passed[i]:
            ones.append(_PASSED + i)
        if named[i]:
            values.append((_NAMED + i, named[i] / 264))
    for i in range(kontra):
        ones.append(_KONTRA + i)
    for i in range(min(pushes, 3)):
        ones.append(_PUSHES + i)
    return _remember(_HISTORY_CACHE, key, history, ones, values)


_TricksEntries = tuple[tuple[Any, ...], tuple[_Entries, _Entries, _Entries],
                       tuple[int, int, int], tuple[int, int, int]]
"""The completed tricks, their entries for each seat (forehand, middlehand,
rearhand), and the tricks and card points each seat (not relative) won."""
_TRICKS_CACHE: dict[tuple[int, bool], _TricksEntries] = {}
"""Per trick tuple (by identity, held) and tensor: :func:`_tricks_entries`."""
_LAST_TRICKS: dict[bool, _TricksEntries] = {}
"""Per tensor: the last trick tuple's entries, so that the next trick tuple, one trick
longer (a deal's observations see the tricks grow one at a time), only adds its own."""


def _tricks_entries(tricks: tuple[Any, ...], info: bool) -> _TricksEntries:
    """The entries of the completed tricks for each seat: who played what, the play
    sequence and each trick's leader (relative to the seat), tricks and points won
    (cached per trick tuple for all three seats, which see the same tricks; built on
    the last one when that is one trick shorter)."""
    key = (id(tricks), info)
    hit = _TRICKS_CACHE.get(key)
    if hit is not None and hit[0] is tricks:
        return hit
    last = _LAST_TRICKS.get(info)
    n = len(tricks)
    if last is not None and len(last[0]) == n - 1 and last[0] == tricks[:-1]:
        base = [e[0] for e in last[1]]
        won, points = list(last[2]), list(last[3])
        first = n - 1
    else:
        base = [(), (), ()]
        won, points = [0, 0, 0], [0, 0, 0]
        first = 0
    added: list[list[int]] = [[], [], []]
    for k in range(first, n):
        t = tricks[k]
        c0, c1, c2 = t.cards
        leader = t.leader
        w = t.winner
        won[w] += 1
        points[w] += _CARD_POINTS[c0] + _CARD_POINTS[c1] + _CARD_POINTS[c2]
        slot = _PLAY_SEQ + 96 * k
        for me in range(3):
            r = _REL[me][leader]
            a = added[me]
            a.append(_PLAYED + 32 * r + c0)
            a.append(_PLAYED + 32 * ((r + 1) % 3) + c1)
            a.append(_PLAYED + 32 * ((r + 2) % 3) + c2)
            if info:
                a.append(slot + c0)
                a.append(slot + 32 + c1)
                a.append(slot + 64 + c2)
                a.append(_LEADERS + 3 * k + r)
    per: list[_Entries] = []
    for me in range(3):
        idx: list[int] = []
        vals: list[float] = []
        for seat in range(3):
            r = _REL[me][seat]
            if won[seat]:
                idx.append(_TRICKS + r)
                vals.append(won[seat] / 10)
            if points[seat]:
                idx.append(_POINTS + r)
                vals.append(points[seat] / 120)
        per.append((base[me] + tuple(added[me]), tuple(idx), tuple(vals)))
    entry: _TricksEntries = (tricks, (per[0], per[1], per[2]), (won[0], won[1], won[2]),
                             (points[0], points[1], points[2]))
    if len(_TRICKS_CACHE) >= _CACHE_SIZE:
        _TRICKS_CACHE.clear()
    _TRICKS_CACHE[key] = entry
    _LAST_TRICKS[info] = entry
    return entry


def _observation_entries(o: Observation, ones: list[int], info: bool
                         ) -> tuple[_Entries, _Entries]:
    """The non-zero entries of the tensors of ``o``: the indices of ones appended to
    ``ones``; returned, the entries of the history and of the completed tricks
    (:func:`_history_entries`, :func:`_tricks_entries`, cached), which hold every
    entry that is not 0 or 1.  The one place the layout above is filled."""
    me = o.seat + 0  # the int of the Seat (int() of an IntEnum costs three times more)
    rel = _REL[me]
    phase = o.phase
    ones.append(_SEAT + me)
    ones.append(_PHASE + phase)
    if o.to_move is not None:
        ones.append(_TO_MOVE + rel[o.to_move])
    hand = o.hand.mask  # _cards(ones, _HAND, hand), inlined (every call has a hand)
    table = _HAND_TABLE or _card_table(_HAND)
    ones += table[0][hand & 255]
    ones += table[1][hand >> 8 & 255]
    ones += table[2][hand >> 16 & 255]
    ones += table[3][hand >> 24 & 255]
    if o.skat is not None:
        _cards(ones, _SKAT, o.skat.mask)
    if o.discard is not None:
        _cards(ones, _DISCARD, o.discard.mask)
    if o.declarer_hand is not None:
        _cards(ones, _DECL_HAND, o.declarer_hand.mask)
    history = o.history
    hit = _HISTORY_CACHE.get((id(history), me, info))  # _history_entries' lookup, inlined
    h = hit[1] if hit is not None and hit[0] is history else _history_entries(o, me, info)
    tricks = o.tricks
    if tricks:
        hit2 = _TRICKS_CACHE.get((id(tricks), info))  # _tricks_entries' lookup, inlined
        if hit2 is None or hit2[0] is not tricks:
            hit2 = _tricks_entries(tricks, info)
        t = hit2[1][me]
    else:
        t = _NO_ENTRIES
    current = o.current_trick
    if current or phase is _PLAYING:
        r = rel[o.leader]
        ones.append(_LEADER + r)
        slot = _PLAY_SEQ + 96 * len(tricks)
        for pos, c in enumerate(current):
            ones.append(_PLAYED + 32 * ((r + pos) % 3) + c)
            ones.append(_TRICK + 32 * pos + c)
            if info:
                ones.append(slot + 32 * pos + c)
        if info and current:
            ones.append(_LEADERS + 3 * len(tricks) + r)
    if o.contract is None and (phase in _RAMSCH_PHASES or (phase is _FINISHED and tricks)):
        ones.append(_GT + 6)  # Ramsch: no contract, yet cards are played or pushed
    if o.picked_up:
        ones.append(_PICKED)
        if o.put_away:
            ones.append(_PUT + o.put_away - 1)
    if o.conceded:
        for who in o.conceded:
            ones.append(_CONCEDED + rel[who])
    if o.claim_pending:
        ones.append(_CLAIM)
    return h, t


_NO_ENTRIES: _Entries = ((), (), ())


def _tensor(obs: Observation, info: bool, size: int, out: Any) -> Any:
    """The tensor of ``obs`` (both tensor functions: the entries, then a new list or
    ``out`` filled with them)."""
    if type(obs) is not Observation:
        _check_observation(obs)
    ones: list[int] = []
    h, p = _observation_entries(obs, ones, info)
    if out is None:
        # plain loops: CPython 3.11 specialises ``t[i] = x`` on a list, while
        # map(t.__setitem__, ...) makes an argument tuple per entry (and GC work)
        t = [0.0] * size
        for i in ones:
            t[i] = 1.0
        for i in h[0]:
            t[i] = 1.0
        for i in p[0]:
            t[i] = 1.0
        for i, v in zip(h[1], h[2]):  # the other values
            t[i] = v
        for i, v in zip(p[1], p[2]):
            t[i] = v
        return t
    return _fill(size, ones, (h, p), out)


def _fill(size: int, ones: list[int], public: tuple[_Entries, _Entries], out: Any) -> Any:
    """Write the entries into ``out`` (a numpy array or a list of ``size``)."""
    if len(out) != size:
        raise ValueError(f"out has {len(out)} entries, the tensor needs {size}")
    h, p = public
    if hasattr(out, "fill"):  # a numpy array: as few numpy calls as can be (each costs)
        out.fill(0.0)
        np = _np or _load_numpy()
        n = len(ones) + len(h[0]) + len(p[0])
        out[np.fromiter(itertools.chain(ones, h[0], p[0]), np.intp, n)] = 1.0
    else:
        for i in range(size):
            out[i] = 0.0
        for i in itertools.chain(ones, h[0], p[0]):
            out[i] = 1.0
    for i, v in itertools.chain(zip(h[1], h[2]), zip(p[1], p[2])):
        out[i] = v
    return out


_np: Any = None
"""numpy once an ``out=`` array has been filled (not imported before: numpy is optional)."""


def _load_numpy() -> Any:
    global _np
    import numpy

    _np = numpy
    return numpy


class _Tracker:
    """One seat's tensor, brought up to date action by action instead of rebuilt from
    a new :class:`Observation` at every decision.

    It starts from the tensor of an observation (made the one way, by
    :func:`_observation_entries`) and then takes each in-turn action of the deal:
    :meth:`play` a card in card play (the card leaves the hand and an open declarer
    hand, joins the played cards, the current trick and the play sequence; a third
    card clears the trick, moves the leader to the winner and counts the trick and
    its points), :meth:`step` any other action of the auction, the skat decision,
    the put-away, the declaration and Kontra/Re, and into the end of the deal
    (:meth:`finish`: the last card, or the last pass of a deal passed in).  What it
    does not follow (Schieberamsch and Ramsch before the card play, a side action)
    makes :meth:`step` answer ``False``: the caller drops the tracker and observes
    anew.  Mirrors :func:`_observation_entries`, :func:`_history_entries`,
    :func:`_tricks_entries` and what :func:`~skatlib.observe` reveals; proven equal to
    them on every decision of the ISS records and of random records of every preset
    in ``test_encoding`` (``test_the_tracker_*``).  ``t`` is a list, a numpy array or a
    memoryview of one (the PettingZoo env's).
    """

    __slots__ = ("bid", "declarer", "info", "kontra", "me", "phase", "points", "put", "rel",
                 "t", "won")

    def __init__(self, t: Any, o: Observation, info: bool) -> None:
        self.t = t
        self.me = me = int(o.seat)
        self.rel = _REL[me]
        self.info = info
        d = o.declarer
        self.declarer = int(d) if d is not None and o.declarer_hand is not None else -1
        rel = _REL[me]
        self.won = won = [0, 0, 0]
        self.points = points = [0, 0, 0]
        for trick in o.tricks:
            w = rel[trick.winner]
            won[w] += 1
            c0, c1, c2 = trick.cards
            points[w] += _CARD_POINTS[c0] + _CARD_POINTS[c1] + _CARD_POINTS[c2]
        self.phase = int(o.phase)
        self.bid = o.bid
        self.put = o.put_away if o.picked_up else 0
        self.kontra = sum(1 for _, a in o.history if type(a) is Kontra or type(a) is Re)

    @classmethod
    def at_start(cls, t: Any, state: GameState, seat: int, info: bool) -> _Tracker | None:
        """The tracker of ``seat`` in ``state``, the start of a deal's bidding (nothing
        said yet), written into ``t`` (zeros) without an observation; ``None`` for any
        other state.  At that moment the tensor is the seat, the phase, the seat to
        move, the hand and "no bid yet": what :func:`_observation_entries` gives it
        (proven equal in ``test_encoding``, ``test_the_tracker_*``)."""
        if state[PHASE] is not P_BIDDING or state[SETUP][HISTORY]:
            return None
        rel = _REL[seat]
        mover = state[MOVER]
        t[_SEAT + seat] = 1.0
        t[_PHASE + P_BIDDING] = 1.0
        t[_TO_MOVE + rel[mover]] = 1.0
        t[_BID] = 1.0
        _set_cards(t, _HAND, state[HANDS][seat])
        tr = cls.__new__(cls)
        tr.t, tr.me, tr.rel, tr.info, tr.declarer = t, seat, rel, info, -1
        tr.won, tr.points = [0, 0, 0], [0, 0, 0]
        tr.phase, tr.bid, tr.put, tr.kontra = int(P_BIDDING), 0, 0, 0
        return tr

    def play(self, before: GameState, card: int, after: GameState) -> None:
        """Take ``Play(card)``, which led from ``before`` (in card play) to ``after``
        (in card play, or the end of the deal): :func:`_play_all` for this tracker
        alone, then :meth:`finish` if the card ended the deal."""
        _play_all((self,), before, card, after)
        if after[PHASE] is P_FINISHED:
            self.finish(after)

    def finish(self, after: GameState) -> None:
        """The deal has ended in ``after``: once the update of the action that ended
        it is made (:func:`_play_all` for the last card, :meth:`step` for the last
        pass), the entries the end changes, as :func:`_observation_entries` writes
        them from what :func:`~skatlib.observe` shows of a finished deal: the phase,
        no seat to move, no leader (no trick is open), and to every seat the skat,
        the declarer's discard (if he picked it up) and his cards left in hand
        (proven equal in ``test_encoding``, ``test_the_tracker_*``)."""
        t = self.t
        t[_PHASE + self.phase] = 0.0
        t[_PHASE + P_FINISHED] = 1.0
        self.phase = int(P_FINISHED)
        for i in range(3):
            t[_TO_MOVE + i] = 0.0
            t[_LEADER + i] = 0.0
        setup = after[SETUP]
        _set_cards(t, _SKAT, setup[DEAL].skat.mask)
        if setup[CONTRACT] is not None:
            if setup[PICKED]:
                _set_cards(t, _DISCARD, after[SKAT])
            _set_cards(t, _DECL_HAND, after[HANDS][after[DECL]])

    def step(self, before: GameState, action: Action, after: GameState) -> bool:
        """Take the in-turn ``action`` outside card play (``before`` -> ``after``);
        ``False`` (the tensor then is stale) if it is not one this tracker follows:
        :func:`_step_all` for this tracker alone."""
        return _step_all((self,), before, action, after)


def _step_all(trackers: Iterable[_Tracker | None], before: GameState, action: Action,
              after: GameState) -> bool:
    """:meth:`_Tracker.step` for each tracker given (``None``: a seat not followed),
    the checks and the values they share worked out once.  ``False`` (each tensor
    then is stale; none has been changed) if the action is not one a tracker
    follows: that depends on the states and the action alone."""
    phase, new = before[PHASE], after[PHASE]
    if new not in _FOLLOWED or before[DECL] < 0 and phase is not P_BIDDING:
        return False  # Ramsch, Schieberamsch: observe anew
    kind = type(action)
    if phase is P_BIDDING:
        if kind is not Bid and kind is not Hold and kind is not Pass:
            return False
    elif phase is P_SKAT:
        if kind is not PickUpSkat and kind is not PlayHand:
            return False
    elif phase is P_DECLARING:
        if kind is not Discard and kind is not Declare:
            return False
    elif phase is P_KONTRA:
        if kind is not Kontra and kind is not Re and kind is not Pass:
            return False
    else:
        return False
    mover = before[MOVER]
    m = after[MOVER]
    bid = after[SETUP][BID]
    for tr in trackers:
        if tr is None:
            continue
        t = tr.t
        me = tr.me
        rel = tr.rel
        w = rel[mover]
        if phase is P_BIDDING:
            if kind is Bid:
                value = action.value  # type: ignore[union-attr]
                t[_NAMED + w] = value / 264
                if tr.info:
                    t[_BIDS + 63 * w + _BID_INDEX[value]] = 1.0
            elif kind is Hold:
                value = tr.bid
                t[_NAMED + w] = value / 264
                if tr.info:
                    t[_HOLDS + 63 * w + _BID_INDEX[value]] = 1.0
            else:  # Pass
                t[_PASSED + w] = 1.0
            if bid != tr.bid:
                t[_BID + (_BID_INDEX[tr.bid] + 1 if tr.bid else 0)] = 0.0
                t[_BID + _BID_INDEX[bid] + 1] = 1.0
                tr.bid = bid
            d = after[DECL]
            if d >= 0:
                t[_DECL + rel[d]] = 1.0
        elif phase is P_SKAT:
            if kind is PickUpSkat:
                t[_PICKED] = 1.0
                if mover == me:  # the declarer sees the skat (observe)
                    skat = after[HANDS][me] & ~before[HANDS][me]
                    _set_cards(t, _HAND, skat)
                    _set_cards(t, _SKAT, skat)
        elif phase is P_DECLARING:
            if kind is Discard:
                card = action.card  # type: ignore[union-attr]
                if mover == me:  # the declarer knows what he put away (observe)
                    t[_HAND + card] = 0.0
                    t[_DISCARD + card] = 1.0
                put = after[SKAT].bit_count()
                if tr.put:
                    t[_PUT + tr.put - 1] = 0.0
                t[_PUT + put - 1] = 1.0
                tr.put = put
            else:  # Declare
                contract = after[SETUP][CONTRACT]
                for i in _contract_ones(contract):
                    t[i] = 1.0
                if tr.put:
                    t[_PUT + tr.put - 1] = 0.0
                    tr.put = 0
                if after[SETUP][OPEN]:  # an ouvert game: the declarer's cards show
                    d = after[DECL]
                    tr.declarer = d
                    _set_cards(t, _DECL_HAND, after[HANDS][d])
        elif kind is not Pass:  # Kontra or Re
            t[_KONTRA + tr.kontra] = 1.0
            tr.kontra += 1
            if kind is Kontra and tr.info:
                t[_KONTRA_BY + w] = 1.0
        if new is P_FINISHED:  # every seat passed (no Ramsch): the deal is over
            tr.finish(after)
            continue
        if new != tr.phase:
            t[_PHASE + tr.phase] = 0.0
            t[_PHASE + new] = 1.0
            tr.phase = new
            if new is P_PLAYING:
                t[_LEADER + rel[after[LEADER]]] = 1.0
        t[_TO_MOVE + w] = 0.0  # the seat that acted
        if m >= 0:
            t[_TO_MOVE + rel[m]] = 1.0
    return True


_FOLLOWED = (P_BIDDING, P_SKAT, P_DECLARING, P_KONTRA, P_PLAYING, P_FINISHED)
"""The phases a :class:`_Tracker` follows a deal into (with a declarer: not Ramsch;
the end only from the bidding, passed in; a tuple, searched by identity: hashing an
enum member runs Python code)."""


def _play_all(trackers: Iterable[_Tracker | None], before: GameState, card: int,
              after: GameState) -> None:
    """:meth:`_Tracker.play` for each tracker given (``None``: a seat not followed),
    the work they share done once.  When the card ends the deal (no seat to move
    next) :meth:`_Tracker.finish` follows, which clears the to-move entries."""
    mover = before[MOVER]
    trick = before[TRICK]
    pos = len(trick)
    leader = before[LEADER]
    n = len(before[TRICKS])
    seq = _PLAY_SEQ + 96 * n + 32 * pos + card
    next_mover = after[MOVER]
    played = _AT_PLAYED[card]  # the card's played entry, per relative seat of the mover
    leaders = _AT_LEADERS[n] if not pos else None  # a trick led: its leader's entries
    if pos < 2:  # the card joins the trick
        c0 = c1 = points = winner = 0
        joins = _TRICK + 32 * pos + card
    else:  # the card completes it: the trick is cleared, its winner leads
        trick0, trick1 = trick
        c0, c1 = _TRICK + trick0, _TRICK + 32 + trick1
        points = _CARD_POINTS[trick0] + _CARD_POINTS[trick1] + _CARD_POINTS[card]
        winner = after[LEADER]
        joins = 0
    for tr in trackers:
        if tr is None:
            continue
        t = tr.t
        rel = tr.rel
        m = rel[mover]
        if not m:  # this seat's own card
            t[_HAND + card] = 0.0
        if mover == tr.declarer:
            t[_DECL_HAND + card] = 0.0
        t[played[m]] = 1.0
        if tr.info:
            t[seq] = 1.0
            if leaders:
                t[leaders[rel[leader]]] = 1.0
        if joins:
            t[joins] = 1.0
        else:
            t[c0] = 0.0
            t[c1] = 0.0
            w = rel[winner]
            t[_AT_LEADER[rel[leader]]] = 0.0
            t[_AT_LEADER[w]] = 1.0
            won = tr.won[w] = tr.won[w] + 1
            tr.points[w] += points
            t[_AT_TRICKS[w]] = _TENTHS[won]
            t[_AT_POINTS[w]] = _SHARES[tr.points[w]]
        t[_TO_MOVE + m] = 0.0
        t[_TO_MOVE + rel[next_mover]] = 1.0


_AT_PLAYED = tuple(tuple(_PLAYED + 32 * r + c for r in range(3)) for c in range(32))
"""``_AT_PLAYED[c][r]``: the played entry of card ``c`` by relative seat ``r``
(:func:`_play_all`'s indices made once: an int above 256 is a new object each time
it is computed)."""
_AT_LEADERS = tuple(tuple(_LEADERS + 3 * k + r for r in range(3)) for k in range(10))
_AT_LEADER = tuple(_LEADER + r for r in range(3))
_AT_TRICKS = tuple(_TRICKS + r for r in range(3))
_AT_POINTS = tuple(_POINTS + r for r in range(3))
_TENTHS = tuple(k / 10 for k in range(11))
"""``k / 10``: the tricks entry of ``k`` tricks (the same floats, made once)."""
_SHARES = tuple(p / 120 for p in range(121))
"""``p / 120``: the points entry of ``p`` card points."""


def _set_cards(t: Any, offset: int, mask: int) -> None:
    """``t[offset + c] = 1.0`` for every card ``c`` of ``mask`` (the indices of
    :func:`_cards`, from its per-byte tables: a third of the time of a loop over the
    bits for a hand of ten cards)."""
    table = _CARD_TABLES.get(offset) or _card_table(offset)
    for i in (table[0][mask & 255] + table[1][mask >> 8 & 255] + table[2][mask >> 16 & 255]
              + table[3][mask >> 24 & 255]):
        t[i] = 1.0


def _check_observation(obs: object) -> Observation:
    if type(obs) is not Observation:
        raise ArgumentTypeError(f"expected an Observation (skatlib.observe(state, seat)), not "
                        f"{type(obs).__name__}")
    return obs


def observation_tensor(obs: Observation, out: Any = None) -> Any:
    """What ``obs``'s seat sees now, as :data:`OBSERVATION_SIZE` floats in [0, 1]
    (layout: :data:`OBSERVATION_LAYOUT`).  Only the observation is read, so no
    hidden card can show.  With ``out`` (a list or a numpy array of that length)
    the tensor is written there and ``out`` returned; else a new list.

    >>> from skatlib import Deal, GameState, observe
    >>> o = observe(GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT"), 0)
    >>> t = observation_tensor(o)
    >>> len(t), sum(t[32 * 0 + 13:13 + 32])    # 10 cards in hand
    (438, 10.0)
    """
    return _tensor(obs, False, OBSERVATION_SIZE, out)


def information_state_tensor(obs: Observation, out: Any = None) -> Any:
    """Perfect recall for ``obs``'s seat: the :func:`observation_tensor`, then the
    whole history (who bid and held which value, Kontra, Schieberamsch, every card
    in play order with each trick's leader), :data:`INFORMATION_STATE_SIZE` floats
    (layout: :data:`INFORMATION_STATE_LAYOUT`).  ``out`` as for
    :func:`observation_tensor`.

    >>> from skatlib import Deal, GameState, observe
    >>> o = observe(GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT CQ"), 1)
    >>> t = information_state_tensor(o)
    >>> len(t), t[_O["plays"] + 27]   # the first card played: CQ (27)
    (1847, 1.0)
    """
    return _tensor(obs, True, INFORMATION_STATE_SIZE, out)


def _names(mask: int) -> str:
    return str(CardSet(mask)) or "-"


def observation_string(obs: Observation) -> str:
    """What ``obs``'s seat sees now, as one line of text (hidden cards never show).

    >>> from skatlib import Deal, GameState, observe
    >>> print(observation_string(observe(GameState.from_position(Deal.shuffled(1), "p p"), 0)))
    forehand; bidding; to move: forehand; hand: CQ C8 ST SQ S8 S7 HA H9 DA D9; bid 0
    """
    o = _check_observation(obs)
    parts = [o.seat.name.lower(), o.phase.name.lower()]
    if o.to_move is not None:
        parts.append(f"to move: {o.to_move.name.lower()}")
    parts.append(f"hand: {_names(o.hand.mask)}")
    parts.append(f"bid {o.bid}")
    if o.declarer is not None:
        parts.append(f"declarer: {o.declarer.name.lower()}")
    if o.contract is not None:
        parts.append(f"contract: {o.contract}")
    for label, cards in (("skat", o.skat), ("put away", o.discard),
                         ("declarer's cards", o.declarer_hand)):
        if cards is not None:
            parts.append(f"{label}: {_names(cards.mask)}")
    if o.put_away and o.discard is None:
        parts.append(f"put away: {o.put_away}")
    if o.tricks:
        taken = [0, 0, 0]
        for t in o.tricks:
            taken[t.winner] += t.points()
        parts.append("points: " + "/".join(str(p) for p in taken))
    if o.current_trick or o.phase == _PLAYING:
        parts.append(f"trick ({o.leader.name.lower()} leads): "
                     + (" ".join(c.name for c in o.current_trick) or "-"))
    if o.conceded:
        parts.append("conceded: " + " ".join(s.name.lower() for s in o.conceded))
    if o.claim_pending:
        parts.append("claim pending")
    return "; ".join(parts)


def information_state_string(obs: Observation) -> str:
    """Perfect recall as text: :func:`observation_string`, then the history and
    every trick (another seat's put-away cards stay hidden).

    >>> from skatlib import Deal, GameState, observe
    >>> s = GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT CQ")
    >>> information_state_string(observe(s, 1)).split(" | ")[1:]
    ['history: 1:p 2:p 0:18 0:s 0:G', 'tricks: 0: CQ']
    """
    o = _check_observation(obs)
    history = " ".join(f"{int(w)}:{a}" for w, a in o.history)
    tricks = [f"{int(t.leader)}: {' '.join(c.name for c in t.cards)}" for t in o.tricks]
    if o.current_trick:
        tricks.append(f"{int(o.leader)}: {' '.join(c.name for c in o.current_trick)}")
    return (f"{observation_string(o)} | history: {history or '-'} | tricks: "
            f"{', '.join(tricks) or '-'}")


# ----------------------------------------------------------------------------- returns

Scoring = Literal["seeger_fabian", "game", "zero_sum"]
"""The names of the scorings of :func:`returns` (a type)."""
SCORINGS: tuple[str, ...] = ("seeger_fabian", "game", "zero_sum")
"""The scorings :func:`returns` knows."""


def returns(state: GameState, scoring: Scoring = "seeger_fabian") -> tuple[float, float, float]:
    """What each seat (forehand, middlehand, rearhand) gets for the deal: zeros
    until it is finished, then by ``scoring``:

    * ``"seeger_fabian"`` (default, D-14): the declarer his list score ±50, each
      defender 40 if the declarer lost (general-sum);
    * ``"game"``: the list score (D-13) for the declarer, 0 for the defenders;
    * ``"zero_sum"``: the declarer his list score, each defender minus half of it.

    A Ramsch deal gives each seat its Ramsch score (D-17) under ``"seeger_fabian"``
    and ``"game"``, minus the mean under ``"zero_sum"``; a passed-in or abandoned
    deal gives zeros.  Every result comes from :func:`~skatlib.result`.

    >>> from skatlib import Deal, GameState
    >>> s = GameState.from_position(Deal.shuffled(1), "p p 18 hand CH")
    >>> returns(s)
    (0.0, 0.0, 0.0)
    """
    if type(state) is not GameState:
        require_state(state)
    if scoring not in SCORINGS:
        raise SkatError(f"scoring={scoring!r} is not a scoring: choose from {list(SCORINGS)}",
                        Reason.BAD_RULES)
    if state[0] is not Phase.FINISHED:
        return (0.0, 0.0, 0.0)
    res = result(state)
    if isinstance(res, RamschResult):
        s = [float(x) for x in res.scores]
        if scoring == "zero_sum":
            mean = sum(s) / 3
            s = [x - mean for x in s]
        return (s[0], s[1], s[2])
    if not isinstance(res, GameResult) or res.declarer is None:
        return (0.0, 0.0, 0.0)
    d = int(res.declarer)
    if scoring == "seeger_fabian":
        mine, others = (float(x) for x in seeger_fabian_points(res.score, res.won))
    elif scoring == "game":
        mine, others = float(res.score), 0.0
    else:
        mine, others = float(res.score), -res.score / 2
    out = [others, others, others]
    out[d] = mine
    return (out[0], out[1], out[2])


def _max_game_length() -> int:
    """The longest deal in in-turn actions: middlehand bids every value and forehand
    holds each (2 × 63), both then pass (2), the skat decision, two cards put away,
    the declaration, Kontra after a first defender's pass and Re (3), 30 cards.
    Schieberamsch (3 passes, 3 × 3 pushing actions, 30 cards) is shorter."""
    bidding = 2 * len(BID_VALUES) + 2
    return bidding + 1 + 2 + 1 + 3 + 30


MAX_GAME_LENGTH = _max_game_length()
"""The most in-turn actions a deal can take (165)."""

MAX_ABS_RETURN = 3840.0
"""A bound on ``abs(x)`` for every value :func:`returns` gives, reached: a Ramsch
loser without Durchmarsch takes at most 120 × 2 ** (3 pushes + 2 Jungfrauen) = 3,840
(D-17).  The largest game value is 264 (grand ouvert with 4: 11 × 24), lost 528, with
Re 2,112 (Seeger-Fabian: 2,162)."""

NUM_CHANCE_OUTCOMES = 32
"""The deal as chance events: 32 chance nodes, the i-th deals the i-th card of the
deck (each of the cards still in the deck, uniformly), dealt in packets of 3-2-4-3
as :meth:`~skatlib.Deal.from_order` deals."""
CHANCE_NODES = 32
NUM_DEALS = math.factorial(32) // (math.factorial(10) ** 3 * math.factorial(2))
"""The number of distinct deals (2,753,294,408,504,640)."""


# ----------------------------------------------------------------------------- records


class Example(NamedTuple):
    """One supervised example: what the seat to move knew, and what it did."""

    tensor: Any
    """The :func:`information_state_tensor` of the seat before it acted: a list of
    floats (a float64 numpy array from ``examples_from_records(..., numpy=True)``)."""
    action: int
    """The action id it chose."""
    seat: int
    """The seat (0..2)."""
    mask: int
    """The :func:`legal_mask` it chose from."""


def examples_from_records(records: Iterable[GameRecord], *, seats: Iterable[int] | None = None,
                          skip_errors: bool = False, numpy: bool = False) -> Iterator[Example]:
    """Supervised pairs from game records: for every in-turn action of every record,
    the acting seat's :func:`information_state_tensor`, the action id, the seat and
    the legal mask.  Side actions and server events are replayed but give no example.
    ``seats`` restricts the examples to some seats (e.g. ``{0}``).  With
    ``numpy=True`` (needs numpy) each tensor is a float64 numpy array instead of a
    list: the same values, faster to make (a copy in C, no list of 1,847 floats).

    Each seat's tensor is followed action by action through the deal (``_Tracker``)
    instead of being rebuilt from a new observation at every decision.

    :raises RecordError: at a record that does not replay, unless ``skip_errors``
        (then it is left out: its examples up to the bad action are kept).
    :raises SkatError: (``OPTION_DISABLED``) for ``numpy=True`` without numpy.

    >>> from skatlib import Deal, GameRecord
    >>> rec = GameRecord.from_text(Deal.shuffled(1), "p p 18 s G.SK.DT")
    >>> [(action_name(e.action), e.seat) for e in examples_from_records([rec])]
    [('p', 1), ('p', 2), ('18', 0), ('s', 0), ('SK', 0), ('DT', 0), ('G', 0)]
    """
    from .errors import IllegalActionError, RecordError

    np = None
    if numpy:
        np = _numpy()
        if np is None:
            raise SkatError("numpy=True needs numpy (pip install numpy)", Reason.OPTION_DISABLED)
    wanted = None if seats is None else {int(s) for s in seats}
    size = INFORMATION_STATE_SIZE
    for n, record in enumerate(records, 1):
        if not isinstance(record, GameRecord):
            raise ArgumentTypeError(f"record {n} must be a GameRecord, not {type(record).__name__}")
        state = new_game(record.deal, record.rules, ramsch=record.ramsch)
        actions = tuple(_factored(record.actions))
        # per seat, its tensor followed through the deal (_Tracker), written at the start
        # without an observation; a seat's first decision after what no tracker follows
        # (or in a deal that does not start with the bidding) observes anew
        trackers: list[_Tracker | None] = [
            _Tracker.at_start([0.0] * size if np is None else np.zeros(size), state, seat, True)
            if wanted is None or seat in wanted else None for seat in range(3)]
        try:
            for action in actions:
                kind = type(action)
                if kind in _SIDE_KINDS:  # checked and applied, no example
                    state = _apply(state, action)
                    trackers = [None, None, None]
                    continue
                seat = state[MOVER]
                if wanted is None or seat in wanted:
                    if kind is Play and state[0] is _PLAYING:  # legal_mask, action_id inlined
                        mask = _legal_cards(state)
                        i = action.card + 0  # type: ignore[union-attr]  # the int of the Card
                    else:
                        mask = legal_mask(state)
                        i = action_id(action)
                    if not mask >> i & 1:
                        _apply(state, action)  # raises IllegalActionError with its reason
                    tracker = trackers[seat]
                    if tracker is None:
                        t = [0.0] * size if np is None else np.zeros(size)
                        tracker = _Tracker.at_start(t, state, seat, True)
                        if tracker is None:
                            o = observe(state, seat)
                            tracker = _Tracker(information_state_tensor(
                                o, None if np is None else t), o, True)
                        trackers[seat] = tracker
                    tensor = tracker.t.copy()
                    after = _apply(state, action, check=False)
                    yield _new_tuple(Example, (tensor, i, seat, mask))  # Example(...), in C
                else:
                    after = _apply(state, action)
                if kind is Play and after[0] is _PLAYING:
                    _play_all(trackers, state, action.card, after)  # type: ignore[union-attr]
                elif not _step_all(trackers, state, action, after):
                    trackers = [None, None, None]
                state = after
        except (IllegalActionError, SkatError) as exc:
            if skip_errors:
                continue
            raise RecordError(f"record {n}: {exc}", Reason.BAD_RECORD) from exc


_SIDE_KINDS = frozenset((Concede, Claim, Refuse, TimeOut, Leave))
_new_tuple = tuple.__new__


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def save_examples(examples: Iterable[Example], path: str | os.PathLike[str], *,
                  format: Literal["npz", "jsonl"] | None = None) -> int:
    """Write ``examples`` to ``path``; return how many.  ``format`` defaults to
    ``"npz"`` for a name ending in ``.npz`` (numpy's compressed arrays ``tensors``
    (N × :data:`INFORMATION_STATE_SIZE`, float32), ``actions``, ``seats``, ``legal``
    (N × :data:`NUM_ACTIONS`, bool) and ``encoding_version``; needs numpy) and
    ``"jsonl"`` otherwise (a header line, then one JSON object per example with the
    non-zero tensor entries as ``[index, value]`` pairs and the legal ids).
    :func:`load_examples` reads both back.

    :raises SkatError: (``OPTION_DISABLED``) for ``npz`` without numpy; (``BAD_PATH``)
        for a path that holds a NUL character.

    >>> import tempfile, pathlib
    >>> from skatlib import Deal, GameRecord
    >>> ex = list(examples_from_records([GameRecord.from_text(Deal.shuffled(1), "p p p")]))
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = pathlib.Path(tmp, "games.jsonl")
    ...     save_examples(ex, path), list(load_examples(path)) == ex
    (3, True)
    """
    name = as_path(path, "path")
    if format is None:
        format = "npz" if name.endswith(".npz") else "jsonl"
    if format not in ("npz", "jsonl"):
        raise SkatError(f"format={format!r} is not a format: choose 'npz' or 'jsonl'",
                        Reason.BAD_NOTATION)
    if format == "npz":
        np = _numpy()
        if np is None:
            raise SkatError("writing .npz needs numpy (pip install numpy), or write JSON "
                            "lines (.jsonl)", Reason.OPTION_DISABLED)
        items = list(examples)
        tensors = np.asarray([e.tensor for e in items], dtype=np.float32).reshape(
            len(items), INFORMATION_STATE_SIZE)
        legal = np.zeros((len(items), NUM_ACTIONS), dtype=bool)
        for k, e in enumerate(items):
            legal[k, list(ids_of_mask(e.mask))] = True
        actions = np.array([e.action for e in items], dtype=np.int16)
        seats = np.array([e.seat for e in items], dtype=np.int8)
        with open(name, "wb") as f:
            np.savez_compressed(f, tensors=tensors, actions=actions, seats=seats, legal=legal,
                                encoding_version=np.array(ENCODING_VERSION))
        return len(items)
    n = 0
    with open(name, "w", encoding="utf-8") as f:
        f.write(json.dumps({"encoding_version": ENCODING_VERSION,
                            "size": INFORMATION_STATE_SIZE, "num_actions": NUM_ACTIONS}) + "\n")
        for e in examples:
            entries = [[i, v] for i, v in enumerate(e.tensor) if v]
            f.write(json.dumps({"seat": e.seat, "action": e.action,
                                "legal": list(ids_of_mask(e.mask)), "tensor": entries},
                               separators=(",", ":")) + "\n")
            n += 1
    return n


def load_examples(path: str | os.PathLike[str]) -> Iterator[Example]:
    """Read back what :func:`save_examples` wrote (either format, told by the name).

    :raises SkatError: (``BAD_RECORD``) for a file of another encoding version or not
        written by :func:`save_examples`, or (``BAD_PATH``) for a path that holds a
        NUL character.
    """
    name = as_path(path, "path")
    if name.endswith(".npz"):
        np = _numpy()
        if np is None:
            raise SkatError("reading .npz needs numpy (pip install numpy)",
                            Reason.OPTION_DISABLED)
        with np.load(name) as data:
            _check_version(int(data["encoding_version"]), name)
            legal = data["legal"]
            for k, tensor in enumerate(data["tensors"]):
                mask = sum(1 << int(i) for i in np.flatnonzero(legal[k]))
                yield Example([float(x) for x in tensor], int(data["actions"][k]),
                              int(data["seats"][k]), mask)
        return
    with open(name, encoding="utf-8") as f:
        try:
            header = json.loads(f.readline())
            _check_version(int(header["encoding_version"]), name)
            for line in f:
                item = json.loads(line)
                tensor = [0.0] * INFORMATION_STATE_SIZE
                for i, v in item["tensor"]:
                    tensor[i] = float(v)
                yield Example(tensor, int(item["action"]), int(item["seat"]),
                              sum(1 << int(i) for i in item["legal"]))
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise SkatError(f"{name} is not a file of examples written by save_examples: "
                            f"{exc}", Reason.BAD_RECORD) from None


def _check_version(version: int, name: str) -> None:
    if version != ENCODING_VERSION:
        raise SkatError(f"{name} holds examples of encoding version {version}; this "
                        f"skatlib reads version {ENCODING_VERSION}", Reason.BAD_RECORD)


def _factored(actions: Iterable[Action]) -> Iterator[Action]:
    """The actions with the compound forms split: ``Declare(c, {a, b})`` after a pickup
    becomes ``Discard(a), Discard(b), Declare(c)``; ``Push({a, b})`` becomes
    ``PickUpSkat``-less ``Discard(a), Discard(b)`` (the pickup is its own action)."""
    for a in actions:
        kind = type(a)
        if kind is Declare and a.discard is not None:  # type: ignore[union-attr]
            for c in a.discard:  # type: ignore[union-attr]
                yield _DISCARDS[c]
            yield _BARE[a.contract]  # type: ignore[union-attr]
        elif kind is Push and a.discard:  # type: ignore[union-attr]
            for c in a.discard:  # type: ignore[union-attr]
                yield _DISCARDS[c]
        else:
            yield a


_ = Seat  # re-exported names used by the doctests
