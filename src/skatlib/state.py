"""The whole deal as an immutable :class:`GameState`.

A state is frozen and hashable; every transition is a pure function that
returns a new state and never changes its input.  The phases are bidding,
the skat decision, declaring (discard and announce), playing and finished.

>>> from skatlib import Deal, new_game, legal_actions, apply, Bid, Hold, Pass
>>> s = new_game(Deal.shuffled(1))
>>> s.phase, s.to_move
(Phase.BIDDING, Seat.MIDDLEHAND)
>>> s = apply(s, Bid(18))          # middlehand bids 18 to forehand
>>> s = apply(s, Hold())           # forehand holds
>>> s = apply(s, Pass())           # middlehand passes
>>> s = apply(s, Pass())           # rearhand passes: forehand declares at 18
>>> s.phase, s.declarer, s.bid
(Phase.SKAT, Seat.FOREHAND, 18)
>>> [str(a) for a in legal_actions(s)]
['s', 'hand']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from itertools import combinations

import attrs

from . import _tables as T
from .actions import (
    Action,
    Claim,
    Concede,
    Declare,
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
from .contract import Contract, GameType
from .deal import Deal, Seat
from .errors import IllegalActionError, Reason
from .ramsch import RamschResult, ramsch_result
from .rules import ISKO, Rules
from .scoring import (
    Abandoned,
    GameResult,
    PassedIn,
    matadors_mask,
    max_game_value,
    score,
)

__all__ = [
    "Phase",
    "EndReason",
    "Trick",
    "GameState",
    "new_game",
    "legal_actions",
    "is_legal",
    "check_action",
    "apply",
    "result",
    "allowed_contracts",
    "best_hand_matadors",
]


class Phase(enum.IntEnum):
    """The phases of a deal."""

    BIDDING = 0
    """Bidding (ISkO 3.3)."""
    SKAT = 1
    """The declarer decides: pick up the skat or play hand."""
    DECLARING = 2
    """The declarer announces (after a pickup: puts away two cards and announces)."""
    PLAYING = 3
    """Card play (ISkO 4)."""
    FINISHED = 4
    """The deal is over; :func:`result` gives the score."""
    KONTRA = 5
    """Kontra/Re may be said before the first card (``Rules.kontra``, D-15)."""
    PUSHING = 6
    """Schieberamsch: each player in turn takes the skat and pushes two cards,
    or passes it on unseen (``Rules.schieberamsch``, D-17)."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class EndReason(enum.Enum):
    """Why a finished deal ended."""

    NOT_ENDED = "not ended"
    PLAYED_OUT = "all ten tricks played"
    PASSED_IN = "all three passed (D-8)"
    NULL_TRICK = "the null declarer took a trick (D-10)"
    DEFENDERS_TRICK = "the defenders took a trick against schwarz announced or ouvert (D-10)"
    DECLARER_CONCEDED = "the declarer conceded (D-11)"
    DEFENDERS_CONCEDED = "both defenders conceded or accepted a claim (D-11)"
    TIMEOUT = "a player ran out of time (ISS, D-18)"
    LEFT = "a player left the table (ISS, D-18)"

    def __repr__(self) -> str:
        return f"EndReason.{self.name}"


_CARDS = tuple(Card(i) for i in range(32))
_SEATS = (Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND)
_PLAY = tuple(Play(c) for c in _CARDS)
_BIDS = tuple(Bid(v) for v in BID_VALUES)
_HOLD, _PASS, _PICKUP, _HAND, _CLAIM = Hold(), Pass(), PickUpSkat(), PlayHand(), Claim()
_KONTRA, _RE, _PUSH = Kontra(), Re(), Push()
_GRAND_HAND = Declare(Contract(GameType.GRAND, hand=True))
_CONCEDE = tuple(Concede(s) for s in _SEATS)
_REFUSE = tuple(Refuse(s) for s in _SEATS)
_NON_HAND = Contract.all(hand=False)
_HAND_CONTRACTS = Contract.all(hand=True)
# every declaration after a pickup, built once: _DECLARE_DISCARD[contract][a * 32 + b]
_DECLARE_DISCARD: dict[Contract, list[Declare | None]] = {
    c: [Declare(c, CardSet((1 << a) | (1 << b))) if a < b else None
        for a in range(32) for b in range(32)]
    for c in _NON_HAND
}
_DECLARE_HAND = {c: Declare(c) for c in _HAND_CONTRACTS}
_PLAY_CACHE: dict[int, tuple[Action, ...]] = {}
_PLAY_CACHE_SIZE = 65_536
"""Entries of the card-play legal-actions cache (keyed on the legal mask and the
concede/claim/refuse flags) before it starts afresh: at most ~12 MiB (H-16)."""


@attrs.frozen
class Trick:
    """A completed trick: who led, the three cards in play order, who won."""

    leader: Seat
    cards: tuple[Card, Card, Card]
    winner: Seat

    def points(self) -> int:
        """Card points in the trick."""
        return sum(c.points for c in self.cards)

    def __str__(self) -> str:
        return f"{self.leader.title}: {' '.join(c.name for c in self.cards)} -> {self.winner.title}"

    def _repr_html_(self) -> str:
        """The trick for Jupyter: leader, the three cards in play order, winner.

        >>> from skatlib import Card, Seat
        >>> html = Trick(Seat.FOREHAND, (Card.CJ, Card.C7, Card.H7), Seat.FOREHAND)._repr_html_()
        >>> html.startswith('<span class="skatlib-trick">Forehand: '), html.endswith("</span>")
        (True, True)
        """
        from .display import cards_html

        return (f'<span class="skatlib-trick">{self.leader.title}: {cards_html(self.cards)}'
                f" → {self.winner.title} ({self.points()})</span>")


@attrs.frozen(repr=False)
class GameState:
    """One moment of a deal.  Frozen, hashable and cheap to keep many of.

    Build the first state with :func:`new_game`; move on with :func:`apply`.
    Fields are raw ints and masks (the fast core); the properties give the
    friendly views (:class:`~skatlib.CardSet`, :class:`Seat`, :class:`Trick`).
    The constructor does not validate: do not call it directly.
    """

    rules: Rules
    deal: Deal
    phase: Phase
    to_move_: int
    hands_: tuple[int, int, int]
    skat_: int
    bid_: int
    asker: int
    listener: int
    passed: int
    auction: tuple[tuple[Seat, Action], ...]
    declarer_: int
    contract: Contract | None
    picked_up: bool
    trick_: tuple[int, ...]
    leader_: int
    tricks_: tuple[int, ...]
    taken: tuple[int, int, int]
    trick_counts: tuple[int, int, int]
    conceded: int
    open_hand: bool
    claim_pending: bool
    end: EndReason
    event_seat: int
    gt: int
    """The game type being played (-1 before the declaration; 6 for Ramsch)."""
    kontra: int
    """0 none, 1 Kontra, 2 Re (D-15)."""
    kontra_done: int
    """Bitmask of defenders who declined to say Kontra."""
    pushes: int
    """Schieberamsch: how often the skat was passed on unseen."""
    owned: int
    """The declarer's 12 cards (dealt hand plus skat) as of his declaration; 0 before."""

    # ----- raw views under their new names (the fields are renamed in 0.2) ----------
    @property
    def hand_masks(self) -> tuple[int, int, int]:
        """Each seat's cards now, as 32-bit masks."""
        return self.hands_

    @property
    def skat_mask(self) -> int:
        """The skat as it lies now, as a mask."""
        return self.skat_

    @property
    def to_move_index(self) -> int:
        """The seat to move as 0..2 (-1 when finished)."""
        return self.to_move_

    @property
    def declarer_index(self) -> int:
        """The declarer as 0..2 (-1 before the bidding ends and in Ramsch)."""
        return self.declarer_

    @property
    def trick_cards(self) -> tuple[int, ...]:
        """The cards of the unfinished trick as ints, in play order."""
        return self.trick_

    @property
    def leader_index(self) -> int:
        """The leader of the current trick as 0..2."""
        return self.leader_

    @property
    def packed_tricks(self) -> tuple[int, ...]:
        """The completed tricks, each packed into one int."""
        return self.tricks_

    @property
    def taken_masks(self) -> tuple[int, int, int]:
        """The cards each seat has won in tricks, as masks."""
        return self.taken

    @property
    def history(self) -> tuple[tuple[Seat, Action], ...]:
        """Bids, the skat decision, the declaration, Kontra/Re and pushes in order."""
        return self.auction

    @property
    def game_type_index(self) -> int:
        """The game type being played as an int (-1 before the declaration, 6 Ramsch)."""
        return self.gt

    @property
    def owned_mask(self) -> int:
        """The declarer's 12 cards as of the declaration (0 before)."""
        return self.owned

    @property
    def conceded_mask(self) -> int:
        """Bit ``s`` is set when seat ``s`` has conceded (or accepted a claim)."""
        return self.conceded

    # ----- friendly read-only views -------------------------------------------------
    @property
    def to_move(self) -> Seat | None:
        """Whose turn it is (``None`` when finished)."""
        return _SEATS[self.to_move_] if self.to_move_ >= 0 else None

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet]:
        """The cards each seat holds now."""
        h = self.hands_
        return (CardSet(h[0]), CardSet(h[1]), CardSet(h[2]))

    def hand(self, seat: Seat | int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet(self.hands_[_seat(seat)])

    @property
    def skat(self) -> CardSet:
        """The skat as it lies now: the dealt skat, nothing while the declarer
        holds it after a pickup, then the two cards he put away."""
        return CardSet(self.skat_)

    @property
    def bid(self) -> int:
        """The highest value named so far (0 before the first bid)."""
        return self.bid_

    @property
    def declarer(self) -> Seat | None:
        """The declarer, once bidding is over."""
        return _SEATS[self.declarer_] if self.declarer_ >= 0 else None

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards played to the unfinished trick, in order."""
        return tuple(_CARDS[c] for c in self.trick_)

    @property
    def leader(self) -> Seat:
        """Who leads (or led) the current trick."""
        return _SEATS[self.leader_]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(_unpack(t) for t in self.tricks_)

    def points_taken(self, seat: Seat | int) -> int:
        """Card points in the tricks ``seat`` has won (without the skat)."""
        return T.mask_points(self.taken[_seat(seat)])

    @property
    def is_ramsch(self) -> bool:
        """True when the deal is (being) played as Ramsch."""
        return self.gt == 6 or self.phase == Phase.PUSHING

    @property
    def ramsch_round(self) -> bool:
        """True when the deal skipped the bidding: a Ramsch round started with
        ``new_game(..., ramsch=True)`` (D-16/D-17), as opposed to a deal that was
        bid (and perhaps turned into Ramsch when all three passed).

        >>> from skatlib import Deal, PUB
        >>> new_game(Deal.shuffled(1), PUB, ramsch=True).ramsch_round
        True
        >>> new_game(Deal.shuffled(1), PUB).ramsch_round
        False
        """
        # bidding starts with an asker and ends with at least one seat passed; only
        # a Ramsch round has neither
        return self.asker < 0 and self.passed == 0

    @property
    def is_finished(self) -> bool:
        """True when the deal is over."""
        return self.phase == Phase.FINISHED

    # ----- aliases for the free functions ----------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Alias of :func:`legal_actions`."""
        return legal_actions(self)

    def is_legal(self, action: Action) -> bool:
        """Alias of :func:`is_legal`."""
        return is_legal(self, action)

    def apply(self, action: Action, *, check: bool = True) -> GameState:
        """Alias of :func:`apply`."""
        return apply(self, action, check=check)

    def result(self) -> GameResult | PassedIn | RamschResult | Abandoned | None:
        """Alias of :func:`result`."""
        return result(self)

    def __repr__(self) -> str:
        who = self.to_move.title if self.to_move is not None else "-"
        return (
            f"<GameState {self.phase.name} to_move={who} bid={self.bid_} "
            f"contract={self.contract} tricks={len(self.tricks_)}>"
        )

    def _repr_html_(self) -> str:
        from .display import state_html

        return state_html(self)


def _unpack(packed: int) -> Trick:
    leader = packed >> 15 & 3
    c = (packed >> 10 & 31, packed >> 5 & 31, packed & 31)
    w = T.trick_winner_index(packed)
    return Trick(_SEATS[leader], (_CARDS[c[0]], _CARDS[c[1]], _CARDS[c[2]]),
                 _SEATS[(leader + w) % 3])


def _seat(seat: Seat | int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 2:
        raise IllegalActionError(f"{seat!r} is not a seat (0..2)", Reason.NOT_YOUR_TURN)
    return int(seat)


def new_game(deal: Deal, rules: Rules = ISKO, *, ramsch: bool = False) -> GameState:
    """The state at the start of bidding: middlehand bids to forehand (ISkO 3.3.2).

    With ``ramsch=True`` the deal skips the bidding and is played as Ramsch
    (a Ramsch round, D-16/D-17): Schieberamsch if ``rules.schieberamsch``.
    """
    if not isinstance(deal, Deal):
        raise IllegalActionError(f"expected a Deal, got {deal!r}", Reason.BAD_RECORD)
    if not isinstance(rules, Rules):
        raise IllegalActionError(f"expected Rules, got {rules!r}", Reason.BAD_RULES)
    state = GameState(
        rules, deal, Phase.BIDDING, 1, deal.masks, deal.skat.mask, 0, 1, 0, 0, (), -1, None,
        False, (), 0, (), (0, 0, 0), (0, 0, 0), 0, False, False, EndReason.NOT_ENDED, -1,
        -1, 0, 0, 0, 0,
    )
    return _start_ramsch(state, 0, ()) if ramsch else state


def _start_ramsch(state: GameState, passed: int,
                  auction: tuple[tuple[Seat, Action], ...]) -> GameState:
    if state.rules.schieberamsch:
        return attrs.evolve(state, phase=Phase.PUSHING, to_move_=0, asker=-1, listener=-1,
                            passed=passed, auction=auction)
    return attrs.evolve(state, phase=Phase.PLAYING, to_move_=0, leader_=0, asker=-1,
                        listener=-1, passed=passed, auction=auction, gt=6)


# ----- D-7: which declarations may be made ---------------------------------------------


def best_hand_matadors(game_type: GameType | int, hand: CardSet | int) -> int:
    """The most matadors (by count, ignoring with/without) a 10-card hand can
    reach with the best possible skat among the cards it does not hold.
    Used for D-7 on hand games.  Null gives 0.

    >>> best_hand_matadors(GameType.GRAND, CardSet.parse("CJ HJ"))   # SJ, DJ may be in the skat
    4
    """
    gt = int(game_type)
    h = hand.mask if isinstance(hand, CardSet) else hand
    order = T.TRUMP_ORDER[gt]
    if not order:
        return 0
    missing = [c for c in order if not h >> c & 1]
    best = abs(matadors_mask(gt, h | sum(1 << c for c in missing[:2])))
    if not h >> order[0] & 1:
        # "without": the skat avoids trumps above the highest one held
        held = [i for i, c in enumerate(order) if h >> c & 1]
        best = max(best, held[0] if held else len(order))
    return best


def allowed_contracts(state: GameState) -> tuple[Contract, ...]:
    """The contracts the declarer may announce now (D-7): those whose best
    possible value reaches the bid (all 12 cards known after a pickup; the
    best case over the unseen skat for a hand game), null variants only if
    their fixed value reaches it.  If no contract can reach the bid, every suit
    and grand contract is allowed (it will be lost as overbid, D-6).
    """
    if state.phase != Phase.DECLARING:
        return ()
    return _allowed(state.hands_[state.declarer_], state.picked_up, state.bid_)


_ALLOWED_CACHE: dict[tuple[int, bool, int], tuple[Contract, ...]] = {}
_ALLOWED_CACHE_SIZE = 4_096
"""Entries kept before the cache starts afresh.  Small on purpose (H-16): replaying
an archive of distinct games never hits it, and each entry costs ~300 bytes; a bot
asking the same declaring state again still hits."""


def _allowed(hand: int, picked_up: bool, bid: int) -> tuple[Contract, ...]:
    key = (hand, picked_up, bid)
    hit = _ALLOWED_CACHE.get(key)
    if hit is not None:
        return hit
    candidates = _NON_HAND if picked_up else _HAND_CONTRACTS
    out: list[Contract] = []
    for c in candidates:
        if c.is_null:
            if c.base_value >= bid:
                out.append(c)
            continue
        m = abs(matadors_mask(c.game_type, hand)) if picked_up else best_hand_matadors(
            c.game_type, hand)
        if max_game_value(c, m) >= bid:
            out.append(c)
    if not out:
        out = [c for c in candidates if not c.is_null]
    res = tuple(out)
    if len(_ALLOWED_CACHE) >= _ALLOWED_CACHE_SIZE:
        _ALLOWED_CACHE.clear()
    _ALLOWED_CACHE[key] = res
    return res


# ----- legal actions ---------------------------------------------------------------------


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the seat to move may take now (empty only when finished).

    Out-of-turn actions (a defender's :class:`~skatlib.Concede` or
    :class:`~skatlib.Refuse`, the declarer's :class:`~skatlib.Claim`) are also
    legal for the other seats; see :func:`is_legal`.
    """
    phase = state.phase
    if phase == Phase.PLAYING:
        seat = state.to_move_
        mask = T.legal_mask(state.gt, state.hands_[seat], state.trick_[0] if state.trick_ else -1)
        d = state.declarer_
        # extras: concede (bit 32), claim (33), refuse (34), and the seat (35-36)
        key = mask
        if d >= 0:
            if not state.conceded >> seat & 1:
                key |= 1 << 32
            if seat == d:
                if _may_claim(state):
                    key |= 1 << 33
            elif state.claim_pending and not state.conceded >> seat & 1:
                key |= 1 << 34
            key |= seat << 35
        hit = _PLAY_CACHE.get(key)
        if hit is not None:
            return hit
        out: list[Action] = [_PLAY[c] for c in T.mask_cards(mask)]
        if key >> 32 & 1:
            out.append(_CONCEDE[seat])
        if key >> 33 & 1:
            out.append(_CLAIM)
        if key >> 34 & 1:
            out.append(_REFUSE[seat])
        res = tuple(out)
        if len(_PLAY_CACHE) >= _PLAY_CACHE_SIZE:
            _PLAY_CACHE.clear()
        _PLAY_CACHE[key] = res
        return res
    if phase == Phase.BIDDING:
        if state.to_move_ == state.asker:
            if state.listener < 0:
                return (_BIDS[0], _PASS)
            i = 0
            while i < len(BID_VALUES) and BID_VALUES[i] <= state.bid_:
                i += 1
            return (*_BIDS[i:], _PASS)
        return (_HOLD, _PASS)
    if phase == Phase.SKAT:
        return (_PICKUP, _HAND)
    if phase == Phase.KONTRA:
        return (_RE if state.kontra else _KONTRA, _PASS)
    if phase == Phase.PUSHING:
        seat = state.to_move_
        if state.picked_up:
            cards = T.mask_cards(state.hands_[seat] & _pushable(state.rules))
            return tuple(Push(CardSet((1 << a) | (1 << b))) for a, b in combinations(cards, 2))
        out = [_PICKUP, _PUSH]
        if state.rules.ramsch_grand_hand:
            out.append(_GRAND_HAND)
        return tuple(out)
    if phase == Phase.DECLARING:
        contracts = allowed_contracts(state)
        if not state.picked_up:
            return tuple(_DECLARE_HAND[c] for c in contracts)
        held = T.mask_cards(state.hands_[state.declarer_])
        pairs = [a * 32 + b for a, b in combinations(held, 2)]
        out_d: list[Action] = []
        for c in contracts:
            table = _DECLARE_DISCARD[c]
            out_d.extend(table[i] for i in pairs)  # type: ignore[misc]
        return tuple(out_d)
    return ()


def _pushable(rules: Rules) -> int:
    return T.FULL if rules.push_jacks else T.FULL & ~T.JACKS


def _legal_text(state: GameState) -> tuple[str, ...]:
    acts = legal_actions(state)
    return tuple(str(a) for a in acts)


def _illegal(state: GameState, action: object, why: str, reason: Reason,
             legal: tuple[str, ...] | None = None) -> IllegalActionError:
    """The error for an illegal action; the list of legal actions (which can be
    long) is only worked out when the message or ``.legal`` is read."""
    who = state.to_move.title.lower() if state.to_move is not None else "nobody"
    msg = (f"illegal action {str(action)!r} in {state.phase.name.lower()} "
           f"({who} to move): {why}")
    return IllegalActionError(msg, reason, action=action,
                              legal=(lambda: _legal_text(state)) if legal is None else legal)


def check_action(state: GameState, action: Action) -> None:
    """Raise :class:`~skatlib.IllegalActionError` (with a :class:`~skatlib.Reason`
    and the legal alternatives) unless ``action`` is legal in ``state``."""
    phase = state.phase
    if isinstance(action, (TimeOut, Leave)):
        if not state.rules.server_events:
            raise _illegal(state, action, "time-outs and leaving are server events, "
                           "only accepted under the ISS rules (D-18)", Reason.OPTION_DISABLED)
        if phase == Phase.FINISHED:
            raise _illegal(state, action, "the deal is over", Reason.WRONG_PHASE, ())
        _seat(action.seat)
        return
    if phase == Phase.FINISHED:
        raise _illegal(state, action, "the deal is over", Reason.WRONG_PHASE, ())
    if isinstance(action, (Concede, Claim, Refuse)):
        if phase != Phase.PLAYING:
            raise _illegal(state, action, "conceding and claiming happen during play (D-11)",
                           Reason.WRONG_PHASE)
        d = state.declarer_
        if d < 0:
            raise _illegal(state, action, "Ramsch has no declarer: nobody can concede or claim",
                           Reason.WRONG_PHASE)
        if isinstance(action, Claim):
            if not _may_claim(state):
                raise _illegal(state, action, "the declarer has already claimed",
                               Reason.ALREADY_DONE)
            return
        seat = _seat(action.seat)
        if isinstance(action, Concede):
            if state.conceded >> seat & 1:
                raise _illegal(state, action, f"{_SEATS[seat].title.lower()} has already "
                               "conceded", Reason.ALREADY_DONE)
            return
        if seat == d:
            raise _illegal(state, action, "only a defender can refuse a claim", Reason.NOT_DEFENDER)
        if not state.claim_pending:
            raise _illegal(state, action, "there is no claim to refuse", Reason.WRONG_PHASE)
        if state.conceded >> seat & 1:
            raise _illegal(state, action, "this defender has already accepted", Reason.ALREADY_DONE)
        return
    if phase == Phase.PLAYING:
        if not isinstance(action, Play):
            raise _illegal(state, action, "during play the actions are cards, concessions "
                           "and claims", Reason.WRONG_PHASE)
        card = action.card
        if not isinstance(card, Card):
            raise _illegal(state, action, f"{card!r} is not a card", Reason.CARD_NOT_IN_HAND)
        seat = state.to_move_
        hand = state.hands_[seat]
        if not hand >> card & 1:
            raise _illegal(state, action, f"{card} is not in {_SEATS[seat].title.lower()}'s "
                           f"hand {CardSet(hand)}", Reason.CARD_NOT_IN_HAND)
        gt = state.gt
        led = state.trick_[0] if state.trick_ else -1
        if not T.legal_mask(gt, hand, led) >> card & 1:
            raise _illegal(state, action, f"{_CARDS[led]} was led and "
                           f"{_SEATS[seat].title.lower()} must follow with "
                           f"{CardSet(T.legal_mask(gt, hand, led))} (ISkO 4.2; jacks are "
                           "trumps in suit and grand games)", Reason.MUST_FOLLOW_SUIT)
        return
    if phase == Phase.BIDDING:
        seat = state.to_move_
        if state.to_move_ == state.asker:
            if isinstance(action, Pass):
                return
            if not isinstance(action, Bid):
                raise _illegal(state, action, f"{_SEATS[seat].title.lower()} must bid a value "
                               "or pass", Reason.WRONG_PHASE)
            if state.listener < 0:
                if action.value != 18:
                    raise _illegal(state, action, "after two passes forehand may only play at "
                                   "18 or pass (D-9)", Reason.BID_NOT_ALLOWED)
                return
            if action.value <= state.bid_:
                raise _illegal(state, action, f"the bid must be higher than {state.bid_} "
                               "(ISkO 3.3.3)" if state.bid_ else "", Reason.BID_TOO_LOW)
            return
        if isinstance(action, (Hold, Pass)):
            return
        raise _illegal(state, action, f"{_SEATS[seat].title.lower()} is listening and must "
                       "hold or pass (ISkO 3.3.2)", Reason.MUST_HOLD_OR_PASS)
    if phase == Phase.SKAT:
        if isinstance(action, (PickUpSkat, PlayHand)):
            return
        raise _illegal(state, action, "the declarer must first pick up the skat or play hand",
                       Reason.WRONG_PHASE)
    if phase == Phase.KONTRA:
        wanted = Re if state.kontra else Kontra
        if isinstance(action, (wanted, Pass)):
            return
        who = "the declarer may answer Re" if state.kontra else "a defender may say Kontra"
        raise _illegal(state, action, f"before the first card {who} or pass (D-15)",
                       Reason.KONTRA_NOT_ALLOWED)
    if phase == Phase.PUSHING:
        _check_push(state, action)
        return
    # DECLARING
    if not isinstance(action, Declare):
        raise _illegal(state, action, "the declarer must announce a game", Reason.WRONG_PHASE)
    c = action.contract
    if not isinstance(c, Contract):
        raise _illegal(state, action, f"{c!r} is not a Contract", Reason.CONTRACT_NOT_ALLOWED)
    hand = state.hands_[state.declarer_]
    if state.picked_up:
        if c.hand:
            raise _illegal(state, action, "the skat was picked up, so no hand game (ISkO 2.2.3)",
                           Reason.CONTRACT_NOT_ALLOWED, _contract_hint(state))
        disc = action.discard
        if disc is None:
            raise _illegal(state, action, "after picking up the skat, put away two cards "
                           "(e.g. 'G.H7.HQ')", Reason.DISCARD_REQUIRED, _contract_hint(state))
        if not isinstance(disc, CardSet) or len(disc) != 2:
            raise _illegal(state, action, f"put away exactly two cards, not {disc}",
                           Reason.DISCARD_REQUIRED, _contract_hint(state))
        if disc.mask & ~hand:
            raise _illegal(state, action, f"{CardSet(disc.mask & ~hand)} is not in the "
                           f"declarer's 12 cards {CardSet(hand)}", Reason.DISCARD_NOT_IN_HAND,
                           _contract_hint(state))
    else:
        if action.discard is not None:
            raise _illegal(state, action, "a hand game puts away no cards",
                           Reason.DISCARD_NOT_ALLOWED, _contract_hint(state))
        if not c.hand:
            raise _illegal(state, action, "the skat was not picked up, so the game is a hand "
                           "game: announce it with hand (e.g. 'CH')",
                           Reason.CONTRACT_NOT_ALLOWED, _contract_hint(state))
    allowed = allowed_contracts(state)
    if c not in allowed:
        raise _illegal(state, action, f"{c.name} cannot reach the bid {state.bid_} (D-7); "
                       f"games that can: {', '.join(x.name for x in allowed)}",
                       Reason.CANNOT_REACH_BID, tuple(str(x) for x in allowed))


def _check_push(state: GameState, action: Action) -> None:
    seat = state.to_move_
    if state.picked_up:
        if not isinstance(action, Push) or action.discard is None:
            raise _illegal(state, action, "after taking the skat, push two cards on (D-17)",
                           Reason.DISCARD_REQUIRED)
        d = action.discard
        if not isinstance(d, CardSet) or len(d) != 2:
            raise _illegal(state, action, f"push exactly two cards, not {d}",
                           Reason.DISCARD_REQUIRED)
        if d.mask & ~state.hands_[seat]:
            raise _illegal(state, action, f"{CardSet(d.mask & ~state.hands_[seat])} is not "
                           "in your hand", Reason.DISCARD_NOT_IN_HAND)
        if d.mask & ~_pushable(state.rules):
            raise _illegal(state, action, "jacks may not be pushed in Schieberamsch "
                           "(Rules.push_jacks is off, R-15.4)", Reason.PUSH_NOT_ALLOWED)
        return
    if isinstance(action, (PickUpSkat,)):
        return
    if isinstance(action, Push):
        if action.discard is not None:
            raise _illegal(state, action, "take the skat before pushing cards, or push it on "
                           "unseen with 'push'", Reason.DISCARD_NOT_ALLOWED)
        return
    if isinstance(action, Declare) and state.rules.ramsch_grand_hand:
        if action.contract == _GRAND_HAND.contract and action.discard is None:
            return
        raise _illegal(state, action, "instead of Ramsch only grand hand may be declared "
                       "(R-15.4)", Reason.CONTRACT_NOT_ALLOWED)
    raise _illegal(state, action, "take the skat ('s') or push it on unseen ('push')",
                   Reason.WRONG_PHASE)


def _may_claim(state: GameState) -> bool:
    """The declarer may claim once, and again after a refusal only in an ouvert
    game (where his cards were open anyway)."""
    if state.claim_pending:
        return False
    return not state.open_hand or bool(state.contract is not None and state.contract.ouvert)


def _contract_hint(state: GameState) -> tuple[str, ...]:
    return tuple(str(c) for c in allowed_contracts(state))


def is_legal(state: GameState, action: Action) -> bool:
    """True if :func:`apply` would accept ``action``."""
    try:
        check_action(state, action)
    except IllegalActionError:
        return False
    return True


# ----- transitions ---------------------------------------------------------------------------


def apply(state: GameState, action: Action, *, check: bool = True) -> GameState:
    """The state after ``action``.  ``state`` itself never changes.

    :param check: validate first (default).  ``check=False`` is the fast path
        for callers that only pick from :func:`legal_actions`; an illegal action
        then gives an undefined (but never a mutated input) state.
    :raises IllegalActionError: if ``check`` and the action is illegal.
    """
    if check:
        check_action(state, action)
    if type(action) is Play:
        return _play(state, action.card)
    phase = state.phase
    if isinstance(action, (TimeOut, Leave)):
        return _server_event(state, action)
    if isinstance(action, (Concede, Claim, Refuse)):
        return _shorten(state, action)
    if phase == Phase.BIDDING:
        return _bidding(state, action)
    if phase == Phase.KONTRA:
        return _kontra(state, action)
    if phase == Phase.PUSHING:
        return _pushing(state, action)
    if phase == Phase.SKAT:
        if isinstance(action, PickUpSkat):
            d = state.declarer_
            hands = _set(state.hands_, d, state.hands_[d] | state.skat_)
            return attrs.evolve(state, phase=Phase.DECLARING, hands_=hands, skat_=0,
                                picked_up=True, auction=state.auction + ((_SEATS[d], action),))
        return attrs.evolve(state, phase=Phase.DECLARING,
                            auction=state.auction + ((_SEATS[state.declarer_], action),))
    assert isinstance(action, Declare)
    return _declare(state, state.declarer_, action, state.auction)


def _declare(state: GameState, d: int, action: Declare,
             auction: tuple[tuple[Seat, Action], ...]) -> GameState:
    hands, skat = state.hands_, state.skat_
    owned = hands[d] | skat
    if action.discard is not None:
        hands = _set(hands, d, hands[d] & ~action.discard.mask)
        skat = action.discard.mask
    c = action.contract
    after = attrs.evolve(
        state, phase=Phase.PLAYING, to_move_=0, leader_=0, hands_=hands, skat_=skat,
        contract=c, open_hand=c.ouvert, auction=auction + ((_SEATS[d], action),),
        declarer_=d, gt=int(c.game_type), owned=owned,
    )
    return _kontra_next(after, 0) if state.rules.kontra else after


def _may_kontra(state: GameState, seat: int) -> bool:
    if not state.rules.kontra_requires_bid:
        return True
    return any(s == seat and isinstance(a, (Bid, Hold)) for s, a in state.auction)


def _kontra_next(state: GameState, done: int) -> GameState:
    """Ask the next defender (in seat order) who may still say Kontra, else start play."""
    for seat in (0, 1, 2):
        if seat != state.declarer_ and not done >> seat & 1 and _may_kontra(state, seat):
            return attrs.evolve(state, phase=Phase.KONTRA, to_move_=seat, kontra_done=done)
    return attrs.evolve(state, phase=Phase.PLAYING, to_move_=0, kontra_done=done)


def _kontra(state: GameState, action: Action) -> GameState:
    seat = state.to_move_
    auction = state.auction + ((_SEATS[seat], action),)
    if isinstance(action, Kontra):
        return attrs.evolve(state, kontra=1, to_move_=state.declarer_, auction=auction)
    if isinstance(action, Re):
        return attrs.evolve(state, kontra=2, phase=Phase.PLAYING, to_move_=0, auction=auction)
    if state.kontra:  # the declarer does not answer Re
        return attrs.evolve(state, phase=Phase.PLAYING, to_move_=0, auction=auction)
    return _kontra_next(attrs.evolve(state, auction=auction), state.kontra_done | 1 << seat)


def _pushing(state: GameState, action: Action) -> GameState:
    seat = state.to_move_
    auction = state.auction + ((_SEATS[seat], action),)
    if isinstance(action, PickUpSkat):
        hands = _set(state.hands_, seat, state.hands_[seat] | state.skat_)
        return attrs.evolve(state, hands_=hands, skat_=0, picked_up=True, auction=auction)
    if isinstance(action, Declare):  # grand hand instead of Ramsch
        return _declare(attrs.evolve(state, bid_=18, picked_up=False), seat, action,
                        state.auction)
    assert isinstance(action, Push)
    hands, skat, pushes = state.hands_, state.skat_, state.pushes
    if action.discard is None:
        pushes += 1
    else:
        hands = _set(hands, seat, hands[seat] & ~action.discard.mask)
        skat = action.discard.mask
    if seat == 2:
        return attrs.evolve(state, phase=Phase.PLAYING, to_move_=0, leader_=0, hands_=hands,
                            skat_=skat, pushes=pushes, picked_up=False, auction=auction, gt=6)
    return attrs.evolve(state, to_move_=seat + 1, hands_=hands, skat_=skat, pushes=pushes,
                        picked_up=False, auction=auction)


def _set(t: tuple[int, int, int], i: int, v: int) -> tuple[int, int, int]:
    if i == 0:
        return (v, t[1], t[2])
    if i == 1:
        return (t[0], v, t[2])
    return (t[0], t[1], v)


def _bidding(state: GameState, action: Action) -> GameState:
    seat = state.to_move_
    auction = state.auction + ((_SEATS[seat], action),)
    bid, asker, listener, passed = state.bid_, state.asker, state.listener, state.passed
    if seat == asker:
        if isinstance(action, Bid):
            if listener < 0:  # forehand plays at 18 after two passes
                return _declarer_found(state, 0, 18, passed, auction)
            return attrs.evolve(state, bid_=action.value, to_move_=listener, auction=auction)
        passed |= 1 << seat
        if asker == 1:  # middlehand passes: rearhand bids to forehand
            return attrs.evolve(state, asker=2, listener=0, to_move_=2, passed=passed,
                                auction=auction)
        if asker == 2:
            if bid > 0:
                return _declarer_found(state, listener, bid, passed, auction)
            return attrs.evolve(state, asker=0, listener=-1, to_move_=0, passed=passed,
                                auction=auction)
        # forehand passes too: Ramsch (D-17) or passed in (D-8)
        if state.rules.ramsch:
            return _start_ramsch(state, passed, auction)
        return attrs.evolve(state, phase=Phase.FINISHED, to_move_=-1, passed=passed,
                            auction=auction, end=EndReason.PASSED_IN)
    # the listener
    if isinstance(action, Hold):
        return attrs.evolve(state, to_move_=asker, auction=auction)
    passed |= 1 << seat
    if asker == 1:  # forehand passes: rearhand bids to middlehand
        return attrs.evolve(state, asker=2, listener=1, to_move_=2, passed=passed,
                            auction=auction)
    return _declarer_found(state, 2, bid, passed, auction)


def _declarer_found(state: GameState, declarer: int, bid: int, passed: int,
                    auction: tuple[tuple[Seat, Action], ...]) -> GameState:
    return attrs.evolve(state, phase=Phase.SKAT, declarer_=declarer, to_move_=declarer,
                        bid_=bid, asker=-1, listener=-1, passed=passed, auction=auction)


def _play(s: GameState, card: int) -> GameState:
    """Hot path: play a card (positional construction, no evolve)."""
    seat = s.to_move_
    hands = _set(s.hands_, seat, s.hands_[seat] & ~(1 << card))
    trick = (*s.trick_, card)
    if len(trick) < 3:
        return GameState(
            s.rules, s.deal, s.phase, (seat + 1) % 3, hands, s.skat_, s.bid_, s.asker,
            s.listener, s.passed, s.auction, s.declarer_, s.contract, s.picked_up, trick,
            s.leader_, s.tricks_, s.taken, s.trick_counts, s.conceded, s.open_hand,
            s.claim_pending, s.end, s.event_seat, s.gt, s.kontra, s.kontra_done, s.pushes,
            s.owned,
        )
    gt = s.gt
    w = T.trick_winner3(gt, trick[0], trick[1], trick[2])
    winner = (s.leader_ + w) % 3
    taken = _set(s.taken, winner, s.taken[winner] | (1 << trick[0]) | (1 << trick[1])
                 | (1 << trick[2]))
    counts = _set(s.trick_counts, winner, s.trick_counts[winner] + 1)
    tricks = (*s.tricks_, s.leader_ << 15 | trick[0] << 10 | trick[1] << 5 | trick[2]
              | gt << 17)
    phase, to_move, end = s.phase, winner, s.end
    d = s.declarer_
    if gt == 5 and winner == d:
        phase, to_move, end = Phase.FINISHED, -1, EndReason.NULL_TRICK
    elif d >= 0 and gt != 5 and winner != d and s.contract.schwarz:  # type: ignore[union-attr]
        phase, to_move, end = Phase.FINISHED, -1, EndReason.DEFENDERS_TRICK
    elif len(tricks) == 10:
        phase, to_move, end = Phase.FINISHED, -1, EndReason.PLAYED_OUT
    return GameState(
        s.rules, s.deal, phase, to_move, hands, s.skat_, s.bid_, s.asker, s.listener,
        s.passed, s.auction, d, s.contract, s.picked_up, (), winner, tricks, taken, counts,
        s.conceded, s.open_hand, s.claim_pending, end, s.event_seat, gt, s.kontra,
        s.kontra_done, s.pushes, s.owned,
    )


def _shorten(state: GameState, action: Action) -> GameState:
    d = state.declarer_
    if isinstance(action, Claim):
        return attrs.evolve(state, open_hand=True, claim_pending=True)
    if isinstance(action, Refuse):
        return attrs.evolve(state, claim_pending=False)
    assert isinstance(action, Concede)
    seat = int(action.seat)
    if seat == d:
        return attrs.evolve(state, phase=Phase.FINISHED, to_move_=-1,
                            conceded=state.conceded | 1 << seat,
                            end=EndReason.DECLARER_CONCEDED)
    conceded = state.conceded | 1 << seat
    defenders = 7 & ~(1 << d)
    if conceded & defenders == defenders:
        return attrs.evolve(state, phase=Phase.FINISHED, to_move_=-1, conceded=conceded,
                            end=EndReason.DEFENDERS_CONCEDED)
    return attrs.evolve(state, conceded=conceded)


def _server_event(state: GameState, action: TimeOut | Leave) -> GameState:
    end = EndReason.TIMEOUT if isinstance(action, TimeOut) else EndReason.LEFT
    return attrs.evolve(state, phase=Phase.FINISHED, to_move_=-1, end=end,
                        event_seat=int(action.seat))


# ----- result ------------------------------------------------------------------------------


def result(state: GameState) -> GameResult | PassedIn | RamschResult | Abandoned | None:
    """The score of a finished deal (``None`` while it is still going on).

    Computed from the actual cards by :func:`~skatlib.score`: matadors from the
    declarer's dealt hand plus the original skat (D-3), the skat's points for
    the declarer (ISkO 2.2.1), early ends (D-10) and concessions and claims
    (D-11).  A passed-in deal gives :class:`~skatlib.PassedIn`.
    """
    if state.phase != Phase.FINISHED:
        return None
    end = state.end
    if end == EndReason.PASSED_IN:
        return PassedIn()
    d = state.declarer_
    c = state.contract
    if state.gt == 6 and end == EndReason.PLAYED_OUT:
        return _ramsch_result(state)
    if d < 0:
        return Abandoned(_SEATS[state.event_seat], end.value)
    if c is None and state.event_seat != d:
        # a defender timed out or left before the declaration: no game (D-18)
        return Abandoned(_SEATS[state.event_seat], end.value)
    if c is None:
        # ISS: the declarer timed out or left before announcing.  The server
        # scores a lost clubs game in which he owns only the skat (FORMAT.md 4.6).
        skat = state.deal.skat.mask
        return score(Contract(GameType.CLUBS), bid=state.bid_,
                     matadors=matadors_mask(GameType.CLUBS, skat),
                     declarer_points=T.mask_points(skat), declarer_tricks=0,
                     defender_points=0, defender_tricks=0, conceded=True, declarer=d)
    gt = c.game_type
    m = matadors_mask(gt, state.owned)
    taken = state.taken
    counts = state.trick_counts
    dp_mask = taken[d] | state.skat_
    dt = counts[d]
    def_mask = taken[(d + 1) % 3] | taken[(d + 2) % 3]
    def_tricks = counts[(d + 1) % 3] + counts[(d + 2) % 3]
    conceded = False
    if end in (EndReason.TIMEOUT, EndReason.LEFT):
        defenders_gave_up = state.event_seat != d
        conceded = not defenders_gave_up
    else:
        defenders_gave_up = end == EndReason.DEFENDERS_CONCEDED
        conceded = end == EndReason.DECLARER_CONCEDED
    if defenders_gave_up and not c.is_null:
        unplayed = state.hands_[0] | state.hands_[1] | state.hands_[2]
        for card in state.trick_:
            unplayed |= 1 << card
        dp_mask |= unplayed
        dt += 10 - len(state.tricks_)
    return score(c, bid=state.bid_, matadors=m if not c.is_null else 0,
                 declarer_points=T.mask_points(dp_mask), declarer_tricks=dt,
                 defender_points=T.mask_points(def_mask), defender_tricks=def_tricks,
                 conceded=conceded, kontra=state.kontra, declarer=d)


def _ramsch_result(state: GameState) -> RamschResult:
    last_of = [0, 0, 0]
    last_winner = 0
    for i, packed in enumerate(state.tricks_, 1):
        w = ((packed >> 15 & 3) + T.trick_winner_index(packed)) % 3
        last_of[w] = i
        last_winner = w
    return ramsch_result(
        [T.mask_points(m) for m in state.taken], state.trick_counts, last_trick=last_winner,
        rules=state.rules, pushes=state.pushes, last_trick_of=last_of,
        skat_points=T.mask_points(state.skat_))


_ = Sequence
