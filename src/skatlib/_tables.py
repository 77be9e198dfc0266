"""Import-time lookup tables: the single home of every card order and mask.

Private module.  Card index = ``8 * suit + rank`` with suits diamonds, hearts,
spades, clubs = 0..3 and ranks 7, 8, 9, Q, K, T, A, J = 0..7 (OpenSpiel's
layout).  In suit and grand games a higher index within a suit is a stronger
plain card, and the jacks (7, 15, 23, 31) are ordered as trumps.

Game types are ints: 0..3 suit games (the trump suit), 4 grand, 5 null,
6 ramsch (played like grand).  Every table is a tuple indexed by game type.
"""

from __future__ import annotations

N_CARDS = 32
FULL = (1 << N_CARDS) - 1
JACKS = 0x80808080
SUIT_MASKS = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)

DIAMONDS, HEARTS, SPADES, CLUBS, GRAND, NULL, RAMSCH = range(7)
N_GAME_TYPES = 7
SUIT_GAMES = (DIAMONDS, HEARTS, SPADES, CLUBS)

# rank index -> card points: 7 8 9 Q K T A J
RANK_POINTS = (0, 0, 0, 3, 4, 10, 11, 2)
CARD_POINTS = tuple(RANK_POINTS[c & 7] for c in range(N_CARDS))


def _byte_points() -> tuple[int, ...]:
    """The card points of each suit byte 0..255 (every suit has the same layout),
    built by doubling: the bytes with bit ``r`` are those without it plus that rank."""
    points = [0]
    for rank_points in RANK_POINTS:
        points += [p + rank_points for p in points]
    return tuple(points)


# points of one suit byte (every suit has the same layout)
BYTE_POINTS = _byte_points()

# null order: 7 8 9 T J Q K A  -> strength by rank index
NULL_RANK_STRENGTH = (0, 1, 2, 5, 6, 3, 7, 4)

# NULL_VALUES[hand + 2 * ouvert]: the fixed values of null, null hand, null ouvert and
# null ouvert hand (ISkO 5.1, R-6.2).  The one home of these numbers.
NULL_VALUES = (23, 35, 46, 59)


def null_value(hand: bool, ouvert: bool) -> int:
    """The fixed value of a null game (ISkO 5.1, R-6.2): 23, hand 35, ouvert 46,
    ouvert hand 59.

    >>> null_value(False, False), null_value(True, False), null_value(False, True)
    (23, 35, 46)
    >>> null_value(True, True)
    59
    """
    return NULL_VALUES[bool(hand) + 2 * bool(ouvert)]


BASE_VALUES = (9, 10, 11, 12, 24, NULL_VALUES[0], 0)  # null entry is the plain null value

# Card-point thresholds of suit and grand games (ISkO 5.2.2-5.2.3; ):
TOTAL_POINTS = 120
"""The card points of the whole deck."""
WIN_POINTS = 61
"""The declarer wins a suit or grand game with at least this many card points."""
SCHNEIDER_POINTS = 90
"""A side with at least this many card points has made the other side schneider."""
SCHNEIDER_FREE_POINTS = TOTAL_POINTS - SCHNEIDER_POINTS + 1
"""31: a side with at least this many card points is schneider free (the other
side cannot reach :data:`SCHNEIDER_POINTS` in a played-out game)."""


def _trumps(gt: int) -> int:
    if gt in SUIT_GAMES:
        return JACKS | SUIT_MASKS[gt]
    if gt in (GRAND, RAMSCH):
        return JACKS
    return 0


TRUMPS = tuple(_trumps(gt) for gt in range(N_GAME_TYPES))


def _follow(gt: int, card: int) -> int:
    trumps = TRUMPS[gt]
    if trumps >> card & 1:
        return trumps
    return SUIT_MASKS[card >> 3] & ~trumps


# FOLLOW[gt][card]: the cards that follow when `card` is led.
FOLLOW = tuple(tuple(_follow(gt, c) for c in range(N_CARDS)) for gt in range(N_GAME_TYPES))


def _trump_strength(gt: int, card: int) -> int:
    """Strength of a trump (higher wins); jacks above the trump suit."""
    if card & 7 == 7:
        return 10 + (card >> 3)
    return card & 7


def _key(gt: int, led: int, card: int) -> int:
    if TRUMPS[gt] >> card & 1:
        return 100 + _trump_strength(gt, card)
    if not FOLLOW[gt][led] >> card & 1:
        return -1
    if gt == NULL:
        return NULL_RANK_STRENGTH[card & 7]
    return card & 7


def _key_rows(gt: int) -> tuple[tuple[int, ...], ...]:
    """``KEY[gt]``: a row depends on the led card only through the cards that follow
    it (``FOLLOW[gt][led]``), so each distinct row is built once and shared."""
    rows: dict[int, tuple[int, ...]] = {}
    for led in range(N_CARDS):
        if FOLLOW[gt][led] not in rows:
            rows[FOLLOW[gt][led]] = tuple(_key(gt, led, c) for c in range(N_CARDS))
    return tuple(rows[FOLLOW[gt][led]] for led in range(N_CARDS))


# KEY[gt][led][card]: how strongly `card` competes in a trick led by `led`.
KEY = tuple(_key_rows(gt) for gt in range(N_GAME_TYPES))


def _trump_order(gt: int) -> tuple[int, ...]:
    jacks = (31, 23, 15, 7)
    if gt in SUIT_GAMES:
        return jacks + tuple(8 * gt + r for r in (6, 5, 4, 3, 2, 1, 0))
    if gt in (GRAND, RAMSCH):
        return jacks
    return ()


# TRUMP_ORDER[gt]: trumps from highest to lowest (the matador order).
TRUMP_ORDER = tuple(_trump_order(gt) for gt in range(N_GAME_TYPES))

_PLAIN_ORDER = (6, 5, 4, 3, 2, 1, 0)  # A T K Q 9 8 7
_NULL_ORDER = (6, 4, 3, 7, 5, 2, 1, 0)  # A K Q J T 9 8 7


def _sort_order(gt: int) -> tuple[int, ...]:
    trumps = TRUMP_ORDER[gt]
    rest: list[int] = []
    for suit in (3, 2, 1, 0):
        if gt == NULL:
            rest.extend(8 * suit + r for r in _NULL_ORDER)
        elif gt != suit:
            rest.extend(8 * suit + r for r in _PLAIN_ORDER)
    return trumps + tuple(rest)


# SORT_ORDER[gt]: display order, trumps first, then clubs, spades, hearts, diamonds.
SORT_ORDER = tuple(_sort_order(gt) for gt in range(N_GAME_TYPES))
DEFAULT_ORDER = SORT_ORDER[GRAND]

# BIT_CARDS[mask of one bit] -> card index, for bit extraction
BIT_INDEX = {1 << c: c for c in range(N_CARDS)}


def mask_points(mask: int) -> int:
    """Card points of a 32-bit mask (four byte-table lookups)."""
    return (
        BYTE_POINTS[mask & 255]
        + BYTE_POINTS[mask >> 8 & 255]
        + BYTE_POINTS[mask >> 16 & 255]
        + BYTE_POINTS[mask >> 24 & 255]
    )


def mask_cards(mask: int) -> list[int]:
    """Card indices of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal_cards_mask(game_type: int, hand: int, led: int) -> int:
    """Fast twin of :func:`~skatlib.legal_cards` on raw ints: the cards of the mask
    ``hand`` that may be played when the card index ``led`` opened the trick
    (``-1``: leading).  ISkO 4.2: follow the led (effective) suit if able.

    Unchecked (the raw-twin contract): ``game_type`` must be 0..6 -- a negative
    one would index the tables from the end -- and ``led`` -1..31.

    >>> bin(legal_cards_mask(4, 0b11, 1))   # grand, hand {D7, D8}, D8 led
    '0b11'
    >>> legal_cards_mask(4, 1 << 7 | 1 << 0, 1) == 1 << 0   # grand: DJ is no diamond
    True
    """
    if led < 0:
        return hand
    follow = hand & FOLLOW[game_type][led]
    return follow if follow else hand


def trick_winner_fast(game_type: int, c0: int, c1: int, c2: int) -> int:
    """Fast twin of :func:`~skatlib.trick_winner` for a full trick of three card
    indices: the index 0..2 of the winning card (ISkO 4.4).

    Unchecked (the raw-twin contract): ``game_type`` must be 0..6 and the cards
    0..31.

    >>> trick_winner_fast(3, 30, 31, 29)   # clubs: CA, CJ, CT -> the jack
    1
    """
    key = KEY[game_type][c0]
    k0 = key[c0]
    k1 = key[c1]
    k2 = key[c2]
    if k1 > k0:
        return 2 if k2 > k1 else 1
    return 2 if k2 > k0 else 0


# ----- completed tricks as one int ------------------------------------------------------
#
# The one home of the layout of a completed trick (GameState.packed_tricks,
# Engine.tricks, stored data):  gt << 17 | leader << 15 | c0 << 10 | c1 << 5 | c2
# with the game type 0..6 in bits 17-19, the leader's seat 0..2 in bits 15-16 and
# the three card indices, in the order played, in bits 10-14, 5-9 and 0-4.

_CARD_BITS = 5
_LEADER_SHIFT = 3 * _CARD_BITS
_GT_SHIFT = _LEADER_SHIFT + 2


def pack_trick(leader: int, c0: int, c1: int, c2: int, gt: int) -> int:
    """A completed trick as one int: ``leader`` (seat 0..2) led ``c0``, then ``c1``
    and ``c2`` were played, in game type ``gt`` (0..6).  Inverse of :func:`unpack_trick`.
    Unchecked.

    >>> hex(pack_trick(1, 31, 30, 29, 4))     # middlehand leads CJ, CA, CT in grand
    '0x8ffdd'
    """
    return gt << _GT_SHIFT | leader << _LEADER_SHIFT | c0 << 10 | c1 << 5 | c2


def unpack_trick(packed: int) -> tuple[int, int, int, int, int]:
    """``(leader, c0, c1, c2, winner_seat)`` of a trick made by :func:`pack_trick`;
    the winner is a seat 0..2 (ISkO 4.4, by :func:`trick_winner_fast`).

    >>> unpack_trick(pack_trick(1, 31, 30, 29, 4))   # CJ wins for middlehand
    (1, 31, 30, 29, 1)
    >>> unpack_trick(pack_trick(2, 30, 31, 29, 5))   # null: CA over CJ, rearhand
    (2, 30, 31, 29, 2)
    """
    leader = packed >> _LEADER_SHIFT & 3
    c0 = packed >> 10 & 31
    c1 = packed >> 5 & 31
    c2 = packed & 31
    w = trick_winner_fast(packed >> _GT_SHIFT, c0, c1, c2)
    return leader, c0, c1, c2, (leader + w) % 3


def trick_winner_index(packed: int) -> int:
    """Winner index 0..2 (into the trick's cards, not a seat) of a packed trick
    (:func:`pack_trick`).

    >>> trick_winner_index(pack_trick(1, 30, 31, 29, 3))   # clubs: CJ, the 2nd card
    1
    """
    return trick_winner_fast(packed >> _GT_SHIFT, packed >> 10 & 31, packed >> 5 & 31,
                             packed & 31)


def ends_early(gt: int, declarer: int, winner: int, schwarz_or_ouvert: bool) -> bool:
    """True if a trick won by seat ``winner`` ends the game at once (D-10): in null
    (``gt == 5``) the declarer's first trick (he has lost), in a suit or grand game
    with schwarz announced or ouvert (``schwarz_or_ouvert``, i.e. ``Contract.schwarz``)
    the defenders' first trick.  Otherwise play goes on (until the tenth trick).

    Which end it was follows from ``gt``: null -> the declarer's trick, else the
    defenders'.  Ramsch (``gt == 6``, ``declarer == -1``) never ends early when
    ``schwarz_or_ouvert`` is False.

    >>> ends_early(5, 0, 0, False), ends_early(5, 0, 1, False)    # null
    (True, False)
    >>> ends_early(4, 0, 2, True), ends_early(4, 0, 2, False)     # grand, schwarz announced
    (True, False)
    """
    if gt == NULL:
        return winner == declarer
    return bool(schwarz_or_ouvert) and winner != declarer
