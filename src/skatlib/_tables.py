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
# points of one suit byte (every suit has the same layout)
BYTE_POINTS = tuple(sum(RANK_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))

# null order: 7 8 9 T J Q K A  -> strength by rank index
NULL_RANK_STRENGTH = (0, 1, 2, 5, 6, 3, 7, 4)

BASE_VALUES = (9, 10, 11, 12, 24, 23, 0)  # null entry is the plain null value


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


# KEY[gt][led][card]: how strongly `card` competes in a trick led by `led`.
KEY = tuple(
    tuple(tuple(_key(gt, led, c) for c in range(N_CARDS)) for led in range(N_CARDS))
    for gt in range(N_GAME_TYPES)
)


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


def legal_mask(game_type: int, hand: int, led: int) -> int:
    """Cards of ``hand`` that may be played when ``led`` opened the trick (-1: leading)."""
    if led < 0:
        return hand
    follow = hand & FOLLOW[game_type][led]
    return follow if follow else hand


def trick_winner3(game_type: int, c0: int, c1: int, c2: int) -> int:
    """Index (0..2) of the winning card of a full trick."""
    key = KEY[game_type][c0]
    k0 = key[c0]
    k1 = key[c1]
    k2 = key[c2]
    if k1 > k0:
        return 2 if k2 > k1 else 1
    return 2 if k2 > k0 else 0


def trick_winner_index(packed: int) -> int:
    """Winner index of a packed trick ``gt<<17 | leader<<15 | c0<<10 | c1<<5 | c2``."""
    return trick_winner3(packed >> 17, packed >> 10 & 31, packed >> 5 & 31, packed & 31)


def pack_trick(leader: int, c0: int, c1: int, c2: int, game_type: int) -> int:
    """One completed trick as an int: ``gt<<17 | leader<<15 | c0<<10 | c1<<5 | c2``."""
    return game_type << 17 | leader << 15 | c0 << 10 | c1 << 5 | c2


def unpack_trick(packed: int) -> tuple[int, int, int, int, int]:
    """``(leader, c0, c1, c2, winner seat)`` of a packed trick (:func:`pack_trick`)."""
    leader = packed >> 15 & 3
    c0, c1, c2 = packed >> 10 & 31, packed >> 5 & 31, packed & 31
    return leader, c0, c1, c2, (leader + trick_winner3(packed >> 17, c0, c1, c2)) % 3


def ends_early(game_type: int, declarer: int, winner: int, schwarz: bool) -> bool:
    """D-10: does a trick won by ``winner`` end the game at once?  In null when the
    declarer wins it; in a suit or grand game announced schwarz (or ouvert,
    ``schwarz`` true) when a defender wins it.  Never in Ramsch (``declarer`` -1)."""
    if game_type == 5:
        return winner == declarer
    return declarer >= 0 and winner != declarer and schwarz
