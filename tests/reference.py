"""A deliberately slow, literal reading of the Skat rules, used as a test oracle.

Written straight from the rule sections R-n (ISkO, old numbering) and the
rulings D-n of docs/rulings.rst, independently of ``skatlib._tables``: it never looks
at card indices or masks.  A card is read from its ISS name (``'CJ'`` = suit
letter + rank letter), a game type from its member name.  Everything is a chain
of plain ``if`` branches and list look-ups, so that it is easy to check against
the rule text and obviously different from the table-driven kernel.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from skatlib import Card, Contract, GameType

# ---------------------------------------------------------------------------
# Cards (ISkO 1.2.1-1.2.2)

SUITS = ("C", "S", "H", "D")
"""Clubs > spades > hearts > diamonds: the order of the jacks and of bidding (ISkO 1.2.1)."""

CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
"""Card points ("Augen"), ISkO 1.2.2."""

PLAIN_ORDER = ("A", "T", "K", "Q", "9", "8", "7")
"""A non-trump suit in suit and grand games, highest first (ISkO 2.3.1, 2.3.3)."""

NULL_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7")
"""Every suit in null, highest first: the ten sits below the jack (ISkO 2.3.4)."""

JACKS = ("CJ", "SJ", "HJ", "DJ")
"""The jacks as trumps, highest first (ISkO 2.3.1)."""

_TRUMP_SUIT = {"CLUBS": "C", "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D"}


def suit_of(card: Card) -> str:
    """The printed suit letter of a card."""
    return card.name[0]


def rank_of(card: Card) -> str:
    """The rank letter of a card (``T`` for the ten)."""
    return card.name[1]


def points(cards: Iterable[Card]) -> int:
    """Card points of some cards, added one by one."""
    total = 0
    for card in cards:
        total += CARD_POINTS[rank_of(card)]
    return total


# ---------------------------------------------------------------------------
# Game types, trumps and following suit (ISkO 2.3, 4.2)


def kind(game_type: GameType) -> str:
    """``'suit'``, ``'grand'`` or ``'null'``.  Ramsch is played like grand (D-17)."""
    if game_type.name in _TRUMP_SUIT:
        return "suit"
    if game_type.name in ("GRAND", "RAMSCH"):
        return "grand"
    if game_type.name == "NULL":
        return "null"
    raise AssertionError(f"unknown game type {game_type!r}")


def trump_suit(game_type: GameType) -> str | None:
    """The trump suit letter of a suit game, else ``None``."""
    return _TRUMP_SUIT.get(game_type.name)


def is_trump(game_type: GameType, card: Card) -> bool:
    """ISkO 2.3: in suit games the four jacks and the trump suit; in grand only the
    jacks; in null nothing."""
    k = kind(game_type)
    if k == "null":
        return False
    if rank_of(card) == "J":
        return True
    if k == "suit":
        return suit_of(card) == trump_suit(game_type)
    return False


def effective_suit(game_type: GameType, card: Card) -> str:
    """The suit a card belongs to for following: ``'trump'`` for a trump (a jack
    is never part of its printed suit when jacks are trumps), else its printed suit."""
    if is_trump(game_type, card):
        return "trump"
    return suit_of(card)


def follows(game_type: GameType, led: Card, card: Card) -> bool:
    """ISkO 4.2: ``card`` follows ``led`` if it belongs to the same effective suit."""
    return effective_suit(game_type, led) == effective_suit(game_type, card)


def legal_cards(game_type: GameType, hand: Iterable[Card], led: Card | None) -> set[Card]:
    """ISkO 4.2: follow suit if you can, otherwise play anything.  No duty to trump."""
    cards = list(hand)
    if led is None:
        return set(cards)
    same = [c for c in cards if follows(game_type, led, c)]
    if same:
        return set(same)
    return set(cards)


def trump_order(game_type: GameType) -> list[str]:
    """The trumps, highest first, as ISS names (the order matadors are counted in)."""
    k = kind(game_type)
    if k == "null":
        return []
    order = list(JACKS)
    if k == "suit":
        suit = trump_suit(game_type)
        assert suit is not None
        for rank in PLAIN_ORDER:
            order.append(suit + rank)
    return order


def plain_position(game_type: GameType, card: Card) -> int:
    """Position of a non-trump card within its suit, 0 = highest."""
    if kind(game_type) == "null":
        return NULL_ORDER.index(rank_of(card))
    return PLAIN_ORDER.index(rank_of(card))


def trick_winner(game_type: GameType, trick: Sequence[Card]) -> int:
    """ISkO 4.4 (R-4.3), read literally: if the trick holds a trump, the highest
    trump wins.  Otherwise the highest card of the suit led wins; a card of another
    suit never wins.  Works for partial tricks too (who is winning so far)."""
    trumps_played = [i for i in range(len(trick)) if is_trump(game_type, trick[i])]
    if trumps_played:
        order = trump_order(game_type)
        best = trumps_played[0]
        for i in trumps_played[1:]:
            if order.index(trick[i].name) < order.index(trick[best].name):
                best = i
        return best
    led_suit = suit_of(trick[0])
    best = 0
    for i in range(1, len(trick)):
        card = trick[i]
        if suit_of(card) != led_suit:
            continue  # discarded: cannot win
        if plain_position(game_type, card) < plain_position(game_type, trick[best]):
            best = i
    return best


# ---------------------------------------------------------------------------
# Matadors (ISkO 2.4, D-3)


def matadors(game_type: GameType, cards: Iterable[Card]) -> int:
    """Walk the trump order from CJ down.  Holding CJ: "with n", n = the unbroken run
    held.  Not holding it: "without n", n = the trumps missing above the highest
    trump held (all of them if none is held).  Signed: +with, -without.  Null: 0."""
    order = trump_order(game_type)
    if not order:
        return 0
    held = {c.name for c in cards}
    count = 0
    if order[0] in held:
        for name in order:
            if name not in held:
                break
            count += 1
        return count
    for name in order:
        if name in held:
            break
        count += 1
    return -count


# ---------------------------------------------------------------------------
# Game value and score (ISkO 5.1-5.4, D-1..D-7)

BASE_VALUE = {"DIAMONDS": 9, "HEARTS": 10, "SPADES": 11, "CLUBS": 12, "GRAND": 24}
"""Base values, ISkO 5.1."""

NULL_VALUE = {"Null": 23, "Null Hand": 35, "Null Ouvert": 46, "Null Ouvert Hand": 59}
"""The fixed null values, ISkO 5.1."""


def null_value(hand: bool, ouvert: bool) -> int:
    """The fixed value of a null variant."""
    if hand and ouvert:
        return NULL_VALUE["Null Ouvert Hand"]
    if ouvert:
        return NULL_VALUE["Null Ouvert"]
    if hand:
        return NULL_VALUE["Null Hand"]
    return NULL_VALUE["Null"]


def levels(
    *,
    matadors: int,
    hand: bool,
    schneider_announced: bool,
    schwarz_announced: bool,
    ouvert: bool,
    schneider: bool,
    schwarz: bool,
) -> int:
    """The multiplier, item by item as in the table of R-6.3 (ISkO 5.2).

    An announcement implies what it announces (D-5): a schwarz announcement counts
    schneider announced, ouvert counts hand, schneider and schwarz announced."""
    if ouvert:
        hand = True
        schwarz_announced = True
    if schwarz_announced:
        schneider_announced = True
    n = abs(matadors)  # "with n" or "without n"
    n += 1  # game
    if hand:
        n += 1
    if schneider or schneider_announced:
        n += 1  # schneider (reached by either side, or announced)
    if schneider_announced:
        n += 1
    if schwarz or schwarz_announced:
        n += 1  # schwarz (no trick for one side, or announced)
    if schwarz_announced:
        n += 1
    if ouvert:
        n += 1
    return n


def contract_levels(contract: Contract, matadors: int, *, schneider: bool, schwarz: bool) -> int:
    """:func:`levels` for a skatlib contract."""
    return levels(
        matadors=matadors,
        hand=contract.hand,
        schneider_announced=contract.schneider,
        schwarz_announced=contract.schwarz,
        ouvert=contract.ouvert,
        schneider=schneider,
        schwarz=schwarz,
    )


def game_value(contract: Contract, matadors: int, *, schneider: bool, schwarz: bool) -> int:
    """Base value × levels; the fixed value for null."""
    if kind(contract.game_type) == "null":
        return null_value(contract.hand, contract.ouvert)
    base = BASE_VALUE[contract.game_type.name]
    return base * contract_levels(contract, matadors, schneider=schneider, schwarz=schwarz)


def smallest_multiple_reaching(base: int, bid: int) -> int:
    """ISkO 5.4.2: the smallest multiple of ``base`` that is at least ``bid``, by counting."""
    value = base
    while value < bid:
        value += base
    return value


def result(
    contract: Contract, *, bid: int, matadors: int, declarer_points: int, declarer_tricks: int
) -> tuple[bool, bool, int, int]:
    """``(won, overbid, value, score)`` of a game played to the end.

    ISkO 5.2.2: a suit or grand game is won with more than 60 points (skat included);
    5.2.3 schneider: a side with 30 points or fewer; 5.2.4 schwarz: a side without a
    trick (D-2: tricks, not points); 5.2.5 announced levels count even when missed
    (D-5); 5.4 overbid (D-6); null: won without a trick (5.2.7).  Lost = -2 × value (D-1).
    """
    if kind(contract.game_type) == "null":
        value = null_value(contract.hand, contract.ouvert)
        won = declarer_tricks == 0
        return won, False, value, value if won else -2 * value
    defender_points = 120 - declarer_points
    defender_tricks = 10 - declarer_tricks
    schneider = declarer_points <= 30 or defender_points <= 30
    schwarz = declarer_tricks == 0 or defender_tricks == 0
    base = BASE_VALUE[contract.game_type.name]
    value = base * contract_levels(contract, matadors, schneider=schneider, schwarz=schwarz)
    overbid = False
    if value < bid:
        overbid = True
        value = smallest_multiple_reaching(base, bid)
    won = True
    if overbid:
        won = False
    if declarer_points <= 60:
        won = False
    if contract.schneider and defender_points > 30:
        won = False
    if contract.schwarz and defender_tricks > 0:
        won = False
    return won, overbid, value, value if won else -2 * value


def all_game_values() -> set[int]:
    """Every value a declarer game can have: all null values and base × every
    reachable multiplier, found by trying every contract shape and outcome."""
    values = set(NULL_VALUE.values())
    for name, base in BASE_VALUE.items():
        most = 4 if name == "GRAND" else 11
        for tops in range(1, most + 1):
            for hand in (False, True):
                for announced in ("none", "schneider", "schwarz", "ouvert"):
                    if announced != "none" and not hand:
                        continue
                    for schneider in (False, True):
                        for schwarz in (False, True):
                            values.add(
                                base
                                * levels(
                                    matadors=tops,
                                    hand=hand,
                                    schneider_announced=announced == "schneider",
                                    schwarz_announced=announced == "schwarz",
                                    ouvert=announced == "ouvert",
                                    schneider=schneider,
                                    schwarz=schwarz,
                                )
                            )
    return values


# ---------------------------------------------------------------------------
# The bid table of R-6.7 (docs/rulings.rst), transcribed by hand

RULES_BID_TABLE: dict[int, tuple[str, ...]] = {
    18: ("D×2",), 20: ("H×2",), 22: ("S×2",), 23: ("null",), 24: ("C×2",),
    27: ("D×3",), 30: ("H×3",), 33: ("S×3",), 35: ("null hand",),
    36: ("D×4", "C×3"), 40: ("H×4",), 44: ("S×4",), 45: ("D×5",),
    46: ("null ouvert",), 48: ("C×4", "G×2"), 50: ("H×5",), 54: ("D×6",),
    55: ("S×5",), 59: ("null ouvert hand",), 60: ("H×6", "C×5"), 63: ("D×7",),
    66: ("S×6",), 70: ("H×7",), 72: ("D×8", "C×6", "G×3"),
    77: ("S×7",), 80: ("H×8",), 81: ("D×9",), 84: ("C×7",), 88: ("S×8",),
    90: ("D×10", "H×9"), 96: ("C×8", "G×4"), 99: ("D×11", "S×9"),
    100: ("H×10",), 108: ("D×12", "C×9"), 110: ("H×11", "S×10"), 117: ("D×13",),
    120: ("H×12", "C×10", "G×5"), 121: ("S×11",),
    126: ("D×14",), 130: ("H×13",), 132: ("S×12", "C×11"), 135: ("D×15",),
    140: ("H×14",), 143: ("S×13",), 144: ("D×16", "C×12", "G×6"),
    150: ("H×15",), 153: ("D×17",), 154: ("S×14",), 156: ("C×13",), 160: ("H×16",),
    162: ("D×18",), 165: ("S×15",),
    168: ("C×14", "G×7"), 170: ("H×17",), 176: ("S×16",), 180: ("H×18", "C×15"),
    187: ("S×17",), 192: ("C×16", "G×8"), 198: ("S×18",),
    204: ("C×17",), 216: ("C×18", "G×9"), 240: ("G×10",), 264: ("G×11",),
}  # fmt: skip
"""Value -> the games it stands for, exactly as printed in R-6.7."""

RULES_BID_VALUES: tuple[int, ...] = tuple(RULES_BID_TABLE)
"""The 63 legal bid values in increasing order (R-6.7)."""
