"""The basic bots: :class:`RandomBot`, :class:`RuleBot` and the hand evaluator
:func:`hand_value`, and :func:`declaration_step`, which lets any bot declare in
every form the state offers (compound, or one ``Discard`` at a time).

>>> from skatlib import Deal, play_deal
>>> record, res = play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> res.score == play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])[1].score
True
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
from collections.abc import Callable, Sequence
from itertools import combinations

from .. import _tables as T
from ..actions import (
    Action,
    Bid,
    Claim,
    Concede,
    Declare,
    Discard,
    Hold,
    Pass,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    Refuse,
)
from ..cards import CardSet
from ..contract import Contract, GameType
from ..errors import InvalidCardsError, Reason, SkatError, as_int, as_seed, type_error
from ..observation import Observation
from ..scoring import game_value, matadors_mask, seeger_fabian_points
from ..state import Phase
from ..state._core import P_BIDDING, P_KONTRA, P_PLAYING

__all__ = [
    "HAND_CONFIDENCE",
    "RULE_CONFIDENCE",
    "DeclarationOption",
    "DeclarationPicker",
    "DeclarationPlan",
    "RandomBot",
    "RuleBot",
    "best_contract",
    "bid_limit",
    "bid_up_to",
    "choose_declaration",
    "declaration_step",
    "estimate",
    "hand_value",
    "wants_hand_game",
    "rng_of",
]


def rng_of(seed: object, name: str = "seed") -> random.Random:
    """The random generator a bot draws from: ``seed`` itself if it is a
    :class:`random.Random`, else a new one seeded with the int ``seed`` (or
    from the system's entropy for ``None``).

    :raises TypeError: for anything else (a bot's seed is an int, so that the
        arena's :func:`~skatlib.bots.deal_seed` scheme reproduces it).
    :raises SkatError: ``BAD_SEED`` for a negative int (``random.seed(-n)`` is
        ``random.seed(n)``: it would play like ``n``).

    >>> rng_of(3).random() == random.Random(3).random()
    True
    >>> rng_of("3")
    Traceback (most recent call last):
    ...
    skatlib.errors.ArgumentTypeError: seed must be an int, a random.Random or None, not str ('3')
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.Random()
    return random.Random(as_seed(seed, name, "an int, a random.Random or None"))


def _at_least_one(value: object, name: str) -> int:
    """``value`` as an int of at least 1 (an option counting worlds or nodes)."""
    n = as_int(value, name)
    if n < 1:
        raise SkatError(f"{name} must be at least 1, not {n}", Reason.BAD_TABLE)
    return n


def _one_of(value: object, name: str, options: tuple[str, ...]) -> str:
    """``value`` as one of the strings ``options`` (an option naming a mode).

    >>> _one_of("rules", "tie_break", ("cards", "rules"))
    'rules'
    >>> _one_of("dice", "tie_break", ("cards", "rules"))
    Traceback (most recent call last):
    ...
    skatlib.errors.SkatError: tie_break must be 'cards' or 'rules', not 'dice'
    """
    legal = " or ".join(repr(o) for o in options)
    if not isinstance(value, str):
        raise type_error(name, legal, value)
    if value not in options:
        raise SkatError(f"{name} must be {legal}, not {value!r}", Reason.BAD_TABLE)
    return value


def _probability_like(value: object, name: str, upper: float | None = 1.0) -> float:
    """``value`` as a float from 0 to ``upper`` (``None``: no upper bound)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise type_error(name, "a number", value)
    x = float(value)
    if not (x >= 0.0 and (upper is None or x <= upper)):
        bound = f"from 0 to {upper}" if upper is not None else "at least 0"
        raise SkatError(f"{name} must be a number {bound}, not {value!r}", Reason.BAD_TABLE)
    return x


class RandomBot:
    """Picks uniformly among the legal actions, with two exceptions that keep
    deals realistic: it never concedes, claims or refuses a claim, and in
    bidding it passes with probability ``pass_rate`` instead of bidding on.

    :param seed: seed (or :class:`random.Random`) for reproducible play.
    """

    def __init__(self, seed: int | random.Random | None = None, *, pass_rate: float = 0.5):
        self.rng = rng_of(seed)
        self.pass_rate = _probability_like(pass_rate, "pass_rate")

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A random legal action (see the class docs).  Reads only the observation's
        phase; the scans of ``legal`` run in C (``map(isinstance, ...)``) and draw
        from ``legal`` itself when nothing is left out, which picks what the filtered
        list would (``test_loop_fast`` checks both against the plain filters)."""
        phase = observation.phase
        if phase == P_PLAYING:
            if legal and all(map(isinstance, legal, _PLAY)):  # only cards (legal_actions)
                return self.rng.choice(legal)
            cards = [a for a in legal if isinstance(a, Play)]
            return self.rng.choice(cards) if cards else legal[0]
        if phase == P_BIDDING:
            at = _first(legal, _PASS)
            if at >= 0 and (len(legal) == 1 or self.rng.random() < self.pass_rate):
                return legal[at]
            # bid the next value or hold rather than jumping at random
            at = _first(legal, _BID_OR_HOLD)
            return legal[at] if at >= 0 else legal[0]
        if phase == P_KONTRA and self.rng.random() < self.pass_rate:
            return next(a for a in legal if isinstance(a, Pass))
        if not any(map(isinstance, legal, _TALK)):  # nothing to leave out (in turn)
            return self.rng.choice(legal)
        useful = [a for a in legal if not isinstance(a, (Concede, Claim, Refuse))]
        return self.rng.choice(useful or list(legal))


_PLAY: itertools.repeat[type | tuple[type, ...]] = itertools.repeat(Play)
_PASS: itertools.repeat[type | tuple[type, ...]] = itertools.repeat(Pass)
_BID_OR_HOLD: itertools.repeat[type | tuple[type, ...]] = itertools.repeat((Bid, Hold))
_TALK: itertools.repeat[type | tuple[type, ...]] = itertools.repeat((Concede, Claim, Refuse))
"""Second arguments of ``map(isinstance, legal, ...)`` (endless: ``map`` stops with ``legal``)."""


def _first(legal: Sequence[Action], kinds: itertools.repeat[type | tuple[type, ...]]) -> int:
    """The index of the first action of ``legal`` that is an instance of ``kinds``'s
    type(s), -1 if there is none (the scan runs in C and stops at the first)."""
    try:
        return operator.indexOf(map(isinstance, legal, kinds), True)
    except ValueError:
        return -1


# --------------------------------------------------------------------- hand evaluation


_NULL = T.NULL


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def _side_suit(cards: int, long_trumps: bool) -> tuple[float, float]:
    """What a side suit (its 7 plain cards as bits, A = bit 6) adds to
    :func:`_suit_strength`, as its two steps: for the ace and ten, then for the
    length (``long_trumps``: five trumps or more)."""
    n = cards.bit_count()
    ace = cards >> 6 & 1
    ten = cards >> 5 & 1
    high = 0.0
    if ace:
        high = 1.0 + (0.8 if ten else 0.0) + (0.3 if ten and cards >> 4 & 1 else 0.0)
    elif ten:
        high = 0.3 if n >= 3 else (0.0 if n == 2 else -0.3)
    length = 0.0
    if n == 0 and long_trumps:
        length = 0.4
    elif n == 1 and not ace:
        length = 0.2
    elif n >= 3 and not ace and not ten:
        length = -0.3
    return high, length


_SIDE_SUIT = tuple(_side_suit(b & 0x7F, b >> 7 == 1) for b in range(1 << 8))
"""[cards | long_trumps << 7] -> :func:`_side_suit` (a table: the declaration's
inner loop asks the strength of every discard)."""


def _suit_strength(hand: int, trump: int) -> float:
    """Strength of a suit game: about 7.5 is an even chance after a pickup."""
    trumps = hand & T.TRUMPS[trump]
    n_trumps = trumps.bit_count()
    s = float(n_trumps)
    s += 0.6 * (hand >> 31 & 1) + 0.4 * (hand >> 23 & 1) + 0.2 * (hand >> 15 & 1)
    s += 0.3 * (hand >> (8 * trump + 6) & 1) + 0.2 * (hand >> (8 * trump + 5) & 1)
    long = 0x80 if n_trumps >= 5 else 0
    side = _SIDE_SUIT
    for suit in range(4):
        if suit != trump:
            # adding 0.0 for a step that does not apply leaves s as it is
            high, length = side[(hand >> (8 * suit) & 0x7F) | long]
            s += high
            s += length
    return s


def _grand_strength(hand: int, forehand: bool) -> float:
    """Strength of a grand: about 7.5 is an even chance after a pickup."""
    s = (1.6 * (hand >> 31 & 1) + 1.3 * (hand >> 23 & 1) + 1.1 * (hand >> 15 & 1)
         + 1.0 * (hand >> 7 & 1))
    for suit in range(4):
        cards = hand >> (8 * suit) & 0x7F
        n = cards.bit_count()
        ace = cards >> 6 & 1
        ten = cards >> 5 & 1
        if ace:
            s += 1.5
            if ten:
                s += 1.3 + (0.5 if cards >> 4 & 1 else 0.0) + max(0, n - 3) * 0.5
        elif ten:
            s += 0.4 if n >= 3 else (-0.2 if n == 2 else -0.5)
        elif n >= 2:
            s -= 0.3 * (n - 1)
    if forehand:
        s += 0.5
    return s


def _suit_null_danger(cards: int) -> float:
    """The null danger of one suit's cards (a byte, bit ``r`` for rank ``r``)."""
    ranks = sorted(T.NULL_RANK_STRENGTH[r] for r in range(8) if cards >> r & 1)
    for i, r in enumerate(ranks):
        if r > 2 * i:
            return 1.0 + 0.3 * (r - 2 * i)
    return 0.0


_NULL_DANGER = tuple(_suit_null_danger(b) for b in range(256))
""":func:`_suit_null_danger` of every suit byte (a table: the null evaluation is
in the declaration's inner loop)."""


def _null_danger(hand: int) -> float:
    """Danger of a null: 0 when every suit is safe.  A suit is safe when its
    i-th lowest card (null order 7 8 9 10 J Q K A) is at most the (2i+1)-th card
    of the suit, so the declarer can always play under."""
    d = _NULL_DANGER
    return d[hand & 0xFF] + d[hand >> 8 & 0xFF] + d[hand >> 16 & 0xFF] + d[hand >> 24 & 0xFF]


def estimate(hand: CardSet | int, contract: Contract, *, forehand: bool = False,
             final: bool = False) -> float:
    """Probability (a heuristic) that the declarer wins ``contract`` with these
    10 cards.  For a contract without hand the skat is still to come and helps,
    unless ``final`` (the skat is already picked up and put away); a hand game
    must stand on the 10 cards alone.

    >>> h = CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7")
    >>> estimate(h, Contract.parse("C")) > 0.9 > estimate(h, Contract.parse("N"))
    True
    """
    h = hand.mask if isinstance(hand, CardSet) else hand
    return _estimator(contract, forehand, final)(h)


@functools.lru_cache(maxsize=256)
def _estimator(contract: Contract, forehand: bool, final: bool) -> Callable[[int], float]:
    """:func:`estimate` for one contract as a function of the 10 cards' mask (the
    contract's part worked out once: :func:`choose_declaration` calls it for
    every discard)."""
    gt = int(contract.game_type)
    if gt == _NULL:
        relief = not contract.hand and not final  # two bad cards can be put away
        ouvert = contract.ouvert

        def null(h: int) -> float:
            danger = _null_danger(h)
            if relief:
                danger = max(0.0, danger - 1.6)
            if ouvert:
                danger += 0.8
            return _logistic(2.2 - 2.0 * danger)
        return null
    threshold = 7.5 if not (contract.hand or final) else 8.3
    if contract.schneider:
        threshold += 2.0
    if contract.schwarz:
        threshold += 2.5
    if gt == T.GRAND:
        return lambda h: _logistic(1.4 * (_grand_strength(h, forehand) - threshold))
    return lambda h: _logistic(1.4 * (_suit_strength(h, gt) - threshold))


def _value(contract: Contract, owned: int) -> int:
    """The game value if won, without schneider or schwarz reached (announced
    levels count): :func:`~skatlib.game_value` with the matadors of ``owned``."""
    return _game_value(contract, matadors_mask(int(contract.game_type), owned)
                       if not contract.is_null else 0)


@functools.lru_cache(maxsize=1024)
def _game_value(contract: Contract, matadors: int) -> int:
    """:func:`~skatlib.game_value` memoised (the bidding asks it for 13 contracts
    of every hand; there are only a few hundred contract and matador pairs)."""
    return game_value(contract, matadors)


def _seeger(p: float, value: int) -> float:
    """Expected Seeger-Fabian points (:func:`~skatlib.scoring.seeger_fabian_points`)
    of the declarer relative to each opponent, winning with probability ``p`` a
    game of this value (a lost game's list score is −2 × value, as in
    :attr:`GameResult.score <skatlib.GameResult.score>`)."""
    won, lost = _seeger_sides(value)
    return p * won + (1 - p) * lost


@functools.lru_cache(maxsize=1024)
def _seeger_sides(value: int) -> tuple[int, int]:
    """The declarer's Seeger-Fabian points relative to each opponent when a game
    of this value is won, and when it is lost."""
    won_d, won_o = seeger_fabian_points(value, True)
    lost_d, lost_o = seeger_fabian_points(-2 * value, False)
    return won_d - won_o, lost_d - lost_o


_PLAIN = tuple(Contract(GameType(g)) for g in range(5)) + (Contract(GameType.NULL),)
_HANDS = tuple(Contract(GameType(g), hand=True) for g in range(5)) + (
    Contract(GameType.NULL, hand=True), Contract(GameType.NULL, hand=True, ouvert=True))


def best_contract(hand: CardSet | int, *, hand_game: bool = False, forehand: bool = False
                  ) -> tuple[Contract, float, int]:
    """The contract with the best expected score for 10 cards: ``(contract,
    win probability, value)``.  Without ``hand_game`` the skat is assumed
    picked up (values without the hand level, matadors of the 10 cards).

    >>> c, p, v = best_contract(CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7"))
    >>> str(c), v
    ('G', 96)
    """
    h = hand.mask if isinstance(hand, CardSet) else hand
    best: tuple[float, Contract, float, int] | None = None
    for c in (_HANDS if hand_game else _PLAIN):
        p = estimate(h, c, forehand=forehand)
        v = _value(c, h)
        ev = _seeger(p, v)
        if best is None or ev > best[0]:
            best = (ev, c, p, v)
    assert best is not None
    return best[1], best[2], best[3]


RULE_CONFIDENCE = 0.35
"""The win probability (by :func:`estimate`) a contract needs for
:class:`RuleBot` and :func:`hand_value` to bid on it."""

HAND_CONFIDENCE = 0.85
"""The win probability a hand game needs before a bot plays it without
picking up the skat (and bids up to its value)."""


def bid_limit(hand: CardSet | int, *, forehand: bool = False,
              confidence: float = RULE_CONFIDENCE, hand_confidence: float = HAND_CONFIDENCE
              ) -> tuple[Contract | None, int]:
    """The contract to bid on with these 10 cards and the highest bid for it:
    the most valuable contract that :func:`estimate` gives at least
    ``confidence`` after the pickup (values without the hand level), or a hand
    game that reaches ``hand_confidence`` (at least ``confidence``) without it.
    ``(None, 0)``: pass.

    >>> bid_limit(CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7"))    # strong: grand hand
    (Contract.parse('GH'), 120)
    >>> bid_limit(CardSet.parse("SJ HJ CA CT CK C9 C7 SA H7 D8"))
    (Contract.parse('G'), 48)
    >>> bid_limit(CardSet.parse("D7 DK H8 HQ HK S9 SK C8 CQ CK"))
    (None, 0)
    """
    h = hand.mask if isinstance(hand, CardSet) else hand
    return _bid_limit(h, forehand, confidence, hand_confidence)


@functools.lru_cache(maxsize=4096)
def _bid_limit(h: int, forehand: bool, confidence: float, hand_confidence: float
               ) -> tuple[Contract | None, int]:
    best: tuple[Contract | None, int] = (None, 0)
    matadors = [matadors_mask(gt, h) for gt in range(5)] + [0]
    for table, need in ((_PLAIN_PARTS, confidence), (_HANDS_PARTS, max(confidence,
                                                                        hand_confidence))):
        for c, gt, est in table[forehand]:
            v = _game_value(c, matadors[gt])  # _value(c, h)
            if v > best[1] and est(h) >= need:  # estimate(h, c, forehand=forehand)
                best = (c, v)
    return best


def _parts(contracts: tuple[Contract, ...]) -> tuple[tuple[tuple[Contract, int,
                                                                Callable[[int], float]], ...],
                                                     ...]:
    """[forehand] -> (contract, game type, its :func:`estimate` before the pickup)
    for each of ``contracts`` (the bidding's inner loop, worked out once)."""
    return tuple(tuple((c, int(c.game_type), _estimator(c, f, False)) for c in contracts)
                 for f in (False, True))


_PLAIN_PARTS = _parts(_PLAIN)
_HANDS_PARTS = _parts(_HANDS)


def hand_value(hand: CardSet | int) -> tuple[Contract | None, int]:
    """:class:`RuleBot`'s hand evaluator: the contract it would bid on with
    these 10 cards and the highest bid it would make (``None`` and 0: pass),
    :func:`~skatlib.bots.basic.bid_limit` at
    :data:`~skatlib.bots.basic.RULE_CONFIDENCE` for a player in middle- or rearhand.
    It is also the opponent model of :class:`~skatlib.PIMCBot`'s
    inference (what a seat that bid or passed is likely to hold).

    >>> hand_value(CardSet.parse("SJ HJ CA CT CK C9 C7 SA H7 D8"))   # grand without 2
    (Contract.parse('G'), 48)
    >>> hand_value(CardSet.parse("D7 D8 D9 H7 H8 H9 S7 S8 C7 C8"))   # a safe null hand
    (Contract.parse('NH'), 35)
    >>> hand_value(CardSet.parse("D7 DK H8 HQ HK S9 SK C8 CQ CK"))
    (None, 0)
    >>> hand_value(2**40)                                 # doctest: +ELLIPSIS
    Traceback (most recent call last):
    skatlib.errors.InvalidCardsError: card mask 1099511627776 is outside 0..0xFFFFFFFF
    """
    mask = hand.mask if isinstance(hand, CardSet) else CardSet(
        as_int(hand, "hand", "a CardSet or an int mask of 10 cards")).mask
    if mask.bit_count() not in (10, 12):  # 12: the hand and the skat after a pickup
        raise InvalidCardsError(f"hand_value needs a hand of 10 cards (or 12 with the skat), "
                                f"not {mask.bit_count()} ({CardSet(mask)})",
                                Reason.WRONG_CARD_COUNT)
    return bid_limit(mask)


def wants_hand_game(hand: CardSet | int, bid: int, *, forehand: bool = False) -> bool:
    """Whether a declarer with these 10 cards should play hand (not pick up the
    skat): the best hand contract (:func:`best_contract`) reaches
    :data:`HAND_CONFIDENCE` and is worth the ``bid``.

    >>> wants_hand_game(CardSet.parse("CJ SJ HJ DJ CA CT CK SA ST HA"), 18)
    True
    >>> wants_hand_game(CardSet.parse("SJ HJ CA CT CK C9 C7 SA H7 D8"), 18)
    False
    """
    _, p, v = best_contract(hand, hand_game=True, forehand=forehand)
    return p >= HAND_CONFIDENCE and v >= bid


_ACES = sum(1 << (8 * s + 6) for s in range(4))
_NULL_LOW = sum(1 << (8 * s + r) for s in range(4) for r in range(8)
                if T.NULL_RANK_STRENGTH[r] < 3)
"""The low cards of null (7, 8, 9), which a null declarer keeps."""


def choose_declaration(cards: int, options: Sequence[DeclarationOption], *, bid: int,
                       forehand: bool = False) -> int:
    """The index of the option (contract and discard, see
    :data:`DeclarationPicker`) with the best expected Seeger-Fabian score for
    the declarer's ``cards``, by :func:`estimate` of the 10 cards kept (the
    discard's points count for the declarer); a suit or grand worth less than
    the ``bid`` counts as needing schneider, a null worth less is lost.  Among
    equal estimates the discard with more points is put away.  A suit or grand declarer puts away no
    trump and no ace, a null declarer no 7, 8 or 9, while he has two other
    cards.

    >>> cards = CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7 H8 D7").mask
    >>> opts = [(Contract.parse("C"), CardSet.parse("H7 H8").mask),
    ...         (Contract.parse("C"), CardSet.parse("CA CT").mask)]
    >>> choose_declaration(cards, opts, bid=18)
    0
    """
    best_ev = -math.inf
    best_pts = -1
    choice = 0
    plans: dict[Contract, tuple[float, float, float]] = {}
    # a suit or grand declarer never puts trumps or aces away while other cards
    # are there; a null declarer puts away high cards (ten to ace, and jacks)
    never = [T.TRUMPS[g] | _ACES for g in range(5)] + [_NULL_LOW]
    spare = [(cards & ~m).bit_count() >= 2 for m in never]
    prev: Contract | None = None
    skip = gt = 0
    p_scale = won = lost = 0.0
    est = _estimator(options[0][0], forehand, True) if options else None
    points = T.mask_points
    for i, (c, discard) in enumerate(options):
        if c is not prev:  # the options come grouped by contract: its part once
            prev = c
            gt = int(c.game_type)
            skip = never[gt] if gt <= _NULL and spare[gt] else 0
            plan = plans.get(c)
            if plan is None:
                v = _value(c, cards)
                scale = 1.0
                if v < bid:
                    # a suit game then needs schneider to reach the bid; a null
                    # (whose value is fixed) is lost, overbid, for sure (ISkO 5.4)
                    scale = 0.3 if gt != _NULL else 0.0
                    v = bid
                won_sf, lost_sf = _seeger_sides(v)
                plan = plans[c] = (scale, float(won_sf), float(lost_sf))
            p_scale, won, lost = plan
            est = _estimator(c, forehand, True)
        if discard & skip:
            continue
        kept = cards & ~discard
        pts = points(discard)
        assert est is not None
        p = est(kept)  # estimate(kept, c, forehand=forehand, final=True)
        if discard and gt != _NULL:
            # the discard's points are the declarer's
            p = _logistic(_logit(p) + 0.04 * (pts - 5))
        p *= p_scale
        ev = p * won + (1 - p) * lost
        if ev > best_ev or (ev == best_ev and pts > best_pts):
            best_ev = ev
            best_pts = pts
            choice = i
    return choice


class DeclarationPlan:
    """:func:`choose_declaration` with a memory: the declaration may come in
    three steps (two ``Discard`` and a ``Declare``), and each step offers the
    options still open; the plan made at the first step is kept while the
    declarer's cards and the bid are the same, so it is computed once.

    >>> plan = DeclarationPlan()
    >>> cards = CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7 H8 D7").mask
    >>> opts = [(Contract.parse("C"), CardSet.parse("H7 H8").mask),
    ...         (Contract.parse("C"), CardSet.parse("CA CT").mask)]
    >>> plan(cards, opts, bid=18), plan(cards, opts[::-1], bid=18)
    (0, 1)
    """

    __slots__ = ("_memo",)

    def __init__(self) -> None:
        self._memo: tuple[int, int, bool, DeclarationOption] | None = None

    def __call__(self, cards: int, options: Sequence[DeclarationOption], *, bid: int,
                 forehand: bool = False) -> int:
        """The index of the planned option in ``options``."""
        memo = self._memo
        if memo is not None and memo[:3] == (cards, bid, forehand):
            for i, option in enumerate(options):
                if option == memo[3]:
                    return i
        i = choose_declaration(cards, options, bid=bid, forehand=forehand)
        self._memo = (cards, bid, forehand, options[i])
        return i


def bid_up_to(limit: int, o: Observation, legal: Sequence[Action]) -> Action:
    """In the auction: the lowest bid up to ``limit``, or hold while the bid is
    at most ``limit``; else pass (ISkO 3.3).

    >>> from skatlib import Deal, legal_actions, new_game, observe
    >>> s = new_game(Deal.shuffled(1))
    >>> o = observe(s, s.to_move_index)
    >>> bid_up_to(20, o, legal_actions(s)), bid_up_to(0, o, legal_actions(s))
    (Bid(18), Pass())
    """
    for a in legal:
        if isinstance(a, Bid) and a.value <= limit:
            return a
        if isinstance(a, Hold) and o.bid <= limit:
            return a
    return next(a for a in legal if isinstance(a, Pass))


DeclarationOption = tuple[Contract, int]
"""A declaration a bot weighs: the contract and the mask of the two cards put
away (0 in a hand game)."""

DeclarationPicker = Callable[[int, Sequence[DeclarationOption]], int]
"""``picker(cards, options) -> index``: chooses one of ``options`` for the
declarer's ``cards`` (a mask: the 12 cards after a pickup, else the 10)."""

_PLAIN_CONTRACTS = tuple(Contract(GameType(g)) for g in range(6)) + (
    Contract(GameType.NULL, ouvert=True),)
"""The contracts open to a declarer who picked up the skat (no hand, no
announcements but null ouvert), weighed while he is still putting cards away."""


def declaration_step(o: Observation, legal: Sequence[Action], pick: DeclarationPicker
                     ) -> Action:
    """One step of the declaration, in whichever form ``legal`` offers it, with
    the declarer's whole choice made by ``pick``:

    * compound ``Declare(contract, discard)`` actions: the chosen one;
    * ``Discard(card)`` actions (the factored form, one card at a time): a card
      of the chosen discard, planned on ``o.hand | o.discard`` (the 12 cards)
      with the cards already put away (``o.discard``) kept in the plan;
    * bare ``Declare(contract)`` actions: the chosen contract, with the discard
      already made (or none, in a hand game).

    >>> from skatlib import Deal, RuleBot, apply, new_game, observe, legal_actions
    >>> from skatlib import Pass, PickUpSkat
    >>> s = new_game(Deal.shuffled(2))
    >>> s = apply(apply(apply(apply(s, Pass()), Pass()), Bid(18)), PickUpSkat())
    >>> d = s.declarer_index
    >>> first = lambda cards, options: 0
    >>> declaration_step(observe(s, d), legal_actions(s), first) == legal_actions(s)[0]
    True
    """
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        forced = o.discard.mask if o.discard is not None else 0
        cards = o.hand.mask | forced
        free = 0
        for a in discards:
            free |= 1 << int(a.card)
        pairs = [m for m in _pairs(cards) if m & forced == forced and not m & ~forced & ~free]
        options = [(c, m) for c in _PLAIN_CONTRACTS for m in pairs]
        if not options:
            return discards[0]
        _, planned = options[pick(cards, options)]
        want = planned & ~forced
        return next((a for a in discards if want >> int(a.card) & 1), discards[0])
    decls = [a for a in legal if isinstance(a, Declare)]
    if not decls:
        return legal[0]
    if decls[0].discard is not None:  # the compound form
        cards = o.hand.mask
        for d in decls:
            if d.discard is not None:
                cards |= d.discard.mask
        choices = [(d.contract, d.discard.mask if d.discard is not None else 0) for d in decls]
        return decls[pick(cards, choices)]
    put_away = o.discard.mask if o.picked_up and o.discard is not None else 0
    return decls[pick(o.hand.mask | put_away, [(d.contract, put_away) for d in decls])]


def _pairs(mask: int) -> list[int]:
    cards = T.mask_cards(mask)
    return [(1 << a) | (1 << b) for a, b in combinations(cards, 2)]


class RuleBot:
    """A readable hand-written bot (a starting point for your own):

    * bids up to the value of the contract :func:`hand_value` finds (the most
      valuable one :func:`estimate` gives :data:`RULE_CONFIDENCE` after the
      skat's expected help);
    * plays hand when :func:`wants_hand_game` says so, else picks up the skat,
      and chooses contract and discard together (:func:`choose_declaration`:
      keep trumps, aces and guarded tens, put away blank tens and make voids);
    * as declarer draws trumps while the defenders still hold some (the top
      trump if it has it, else its cheapest), then cashes aces;
    * as defender leads aces, then short suits, never trumps into the declarer;
    * wins a trick as cheaply as it can, and smears points onto its partner's
      winning trick ("schmieren"); otherwise plays its cheapest card;
    * never says Kontra, concedes or claims; in Ramsch it plays low.

    :param confidence: the win probability a contract needs to be bid
        (:func:`bid_limit`).
    """

    confidence: float = RULE_CONFIDENCE
    """The win probability a contract needs to be bid (a class default, so that
    subclasses with their own ``__init__`` keep it)."""

    def __init__(self, *, confidence: float = RULE_CONFIDENCE) -> None:
        self.confidence = _probability_like(confidence, "confidence")
        self._plan = DeclarationPlan()

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose an action (see the class docs)."""
        o = observation
        if o.phase == Phase.BIDDING:
            limit = bid_limit(o.hand, forehand=o.seat == 0, confidence=self.confidence)[1]
            return bid_up_to(limit, o, legal)
        if o.phase == Phase.SKAT:
            hand = [a for a in legal if isinstance(a, PlayHand)]
            if hand and wants_hand_game(o.hand, o.bid, forehand=o.seat == 0):
                return hand[0]
            return next(a for a in legal if isinstance(a, PickUpSkat))
        if o.phase == Phase.PUSHING:
            # push the two highest-point cards on: both at once (the compound
            # Push) or one at a time (Discard), the first of equals in legal order
            pushes = [a for a in legal if isinstance(a, Push) and a.discard is not None]
            if pushes:
                return max(pushes, key=lambda a: a.discard.points() if a.discard else 0)
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                return max(discards, key=lambda a: a.card.points)
            return next(a for a in legal if isinstance(a, PickUpSkat))
        if o.phase == Phase.DECLARING:
            return self._declare(o, legal)
        if o.phase == Phase.PLAYING:
            return self._play(o, legal)
        # Kontra window: pass
        passes = [a for a in legal if isinstance(a, Pass)]
        return passes[0] if passes else legal[0]

    def _declare(self, o: Observation, legal: Sequence[Action]) -> Action:
        forehand = o.seat == 0
        plan = self.__dict__.get("_plan")
        if plan is None:  # a subclass that did not call RuleBot.__init__
            plan = self._plan = DeclarationPlan()
        return declaration_step(o, legal, lambda cards, options: plan(
            cards, options, bid=o.bid, forehand=forehand))

    def _play(self, o: Observation, legal: Sequence[Action]) -> Action:
        cards = [a for a in legal if isinstance(a, Play)]
        if not cards:
            return legal[0]
        gt = int(o.contract.game_type) if o.contract is not None else 6
        if gt == 6 or gt == 5 and o.declarer != o.seat:
            # Ramsch (and null defence, roughly): get rid of the lowest cards
            return min(cards, key=lambda a: (T.KEY[gt][a.card][a.card], a.card.points))
        if gt == 5:
            trick = o.current_trick
            if trick:
                key = T.KEY[5][trick[0]]
                best = max(key[c] for c in trick)
                under = [a for a in cards if key[a.card] < best]
                if under:
                    return max(under, key=lambda a: key[a.card])
            return min(cards, key=lambda a: T.NULL_RANK_STRENGTH[a.card & 7])
        trick = o.current_trick
        unseen = self._unseen(o)
        if not trick:
            return self._lead(o, cards, gt, unseen)
        key = T.KEY[gt][trick[0]]
        best_i = max(range(len(trick)), key=lambda i: key[trick[i]])
        seats = [(o.leader + i) % 3 for i in range(len(trick))]
        partner_wins = (o.declarer is not None and o.seat != o.declarer
                        and seats[best_i] != o.declarer)
        if partner_wins and len(trick) == 2:
            # smear the richest card, a sure trick of our own (a master) last
            return max(cards, key=lambda a: (a.card.points - 6 * _is_master(gt, a.card, unseen),
                                             -key[a.card]))
        beating = [a for a in cards if key[a.card] > key[trick[best_i]]]
        if beating and not partner_wins:
            return min(beating, key=lambda a: (key[a.card], a.card.points))
        return min(cards, key=lambda a: (a.card.points, key[a.card]))

    @staticmethod
    def _unseen(o: Observation) -> int:
        """The cards this seat has not seen: not in its hand, not played and,
        for a declarer who picked up, not put away."""
        seen = o.hand.mask
        for t in o.tricks:
            for c in t.cards:
                seen |= 1 << c
        for c in o.current_trick:
            seen |= 1 << c
        if o.seat == o.declarer and o.picked_up and o.discard is not None:
            seen |= o.discard.mask
        return T.FULL & ~seen

    @staticmethod
    def _voids(o: Observation, gt: int) -> dict[int, int]:
        """Seat -> the cards of the suits (follow classes) it has shown void in."""
        voids: dict[int, int] = {}
        for t in o.tricks:
            follow = T.FOLLOW[gt][t.cards[0]]
            for i in (1, 2):
                if not follow >> t.cards[i] & 1:
                    seat = (int(t.leader) + i) % 3
                    voids[seat] = voids.get(seat, 0) | follow
        return voids

    def _lead(self, o: Observation, cards: list[Play], gt: int, unseen: int) -> Play:
        """The lead: the declarer draws trumps while the defenders hold some,
        then cashes sure tricks; a defender cashes aces and other sure tricks
        the declarer cannot trump, then leads low (a long suit when the
        declarer plays next, a short one when he plays last)."""
        trumps = T.TRUMPS[gt]
        strength = T.KEY[gt]
        my_trumps = [a for a in cards if trumps >> a.card & 1]
        side = [a for a in cards if not trumps >> a.card & 1]
        masters = [a for a in side if _is_master(gt, a.card, unseen)]
        voids = self._voids(o, gt)
        outstanding = unseen & trumps
        if o.seat == o.declarer:
            if outstanding and my_trumps:
                top = [a for a in my_trumps if _is_master(gt, a.card, unseen)]
                if top:
                    return max(top, key=lambda a: strength[a.card][a.card])
                if gt != T.GRAND:
                    return min(my_trumps, key=lambda a: (a.card.points,
                                                         strength[a.card][a.card]))
            safe = [a for a in masters if not outstanding
                    or not any(v & T.FOLLOW[gt][a.card] for v in voids.values())]
            if safe:
                return max(safe, key=lambda a: a.card.points)
            if outstanding and my_trumps:
                return min(my_trumps, key=lambda a: (a.card.points, strength[a.card][a.card]))
            return min(cards, key=lambda a: (a.card.points, strength[a.card][a.card]))
        declarer = int(o.declarer) if o.declarer is not None else -1
        declarer_void = voids.get(declarer, 0)
        cashable = [a for a in masters if not declarer_void & T.FOLLOW[gt][a.card]]
        if cashable:
            return max(cashable, key=lambda a: a.card.points)
        if not side:
            return min(cards, key=lambda a: (a.card.points, strength[a.card][a.card]))
        hand = o.hand.mask
        long_way = declarer == (int(o.seat) + 1) % 3  # the declarer plays next

        def suit_key(a: Play) -> tuple[int, int, int]:
            n = (hand & T.FOLLOW[gt][a.card]).bit_count()
            return (-n if long_way else n, a.card.points, strength[a.card][a.card])

        return min(side, key=suit_key)


def _is_master(gt: int, card: int, unseen: int) -> bool:
    """Whether ``card`` beats every unseen card of its suit (its follow class)."""
    key = T.KEY[gt][card]
    mine = key[card]
    rest = unseen & T.FOLLOW[gt][card]
    while rest:
        low = rest & -rest
        if key[low.bit_length() - 1] > mine:
            return False
        rest ^= low
    return True
