"""A literal reference model of a deal, and hypothesis strategies, for the game-state tests.

The model is written from ``shared/rules/RULES.md`` (ISkO, old numbering) and the
rulings in ``DECISIONS.md``.  It never uses ``skatlib._tables``, masks or card
indices: cards are ISS names (``'CJ'``), the auction is a small machine in the
words of ISkO 3.3 / D-9, trick winners and matadors are worked out by walking lists.
The game-state tests replay every action on :class:`RefGame` as well and compare
turn order, legality and the final score with what :mod:`skatlib.state` says.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from hypothesis import settings
from hypothesis import strategies as st

from skatlib import (
    Action,
    Bid,
    Card,
    Claim,
    Concede,
    Contract,
    Deal,
    Declare,
    Discard,
    GameResult,
    GameState,
    GameType,
    Hold,
    Pass,
    PassedIn,
    PickUpSkat,
    Play,
    PlayHand,
    Refuse,
    Seat,
    apply,
    legal_actions,
    new_game,
    parse_action,
    result,
    score,
    side_actions,
)

# ---------------------------------------------------------------------------
# Cards by name (ISkO 1.2, 2.3)

ALL_NAMES: tuple[str, ...] = tuple(s + r for s in "CSHD" for r in "ATKQJ987")
"""The 32 cards as ISS names."""

CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
"""ISkO 1.2.2."""

JACKS = ("CJ", "SJ", "HJ", "DJ")
PLAIN_ORDER = "ATKQ987"
NULL_ORDER = "AKQJT987"
TRUMP_LETTER = {GameType.DIAMONDS: "D", GameType.HEARTS: "H", GameType.SPADES: "S",
                GameType.CLUBS: "C"}  # fmt: skip
BASE_VALUE = {GameType.DIAMONDS: 9, GameType.HEARTS: 10, GameType.SPADES: 11,
              GameType.CLUBS: 12, GameType.GRAND: 24}  # fmt: skip
"""ISkO 5.1."""

NULL_VALUE = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
"""Null, null hand, null ouvert, null ouvert hand by ``(hand, ouvert)`` (ISkO 5.1)."""

BID_TABLE: tuple[int, ...] = (
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63,
    66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130,
    132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187,
    192, 198, 204, 216, 240, 264,
)  # fmt: skip
"""The 63 bid values, copied from RULES.md R-6.7 (ISkO 3.3.1, D-9)."""


def names(cards: Iterable[Card]) -> set[str]:
    """Card names of skatlib cards (or of a CardSet)."""
    return {c.name for c in cards}


def points(cards: Iterable[str]) -> int:
    """Card points of named cards."""
    return sum(CARD_POINTS[c[1]] for c in cards)


def trump_order(gt: GameType) -> list[str]:
    """Trumps highest first: the four jacks, then A T K Q 9 8 7 of the trump suit
    (ISkO 2.3.1); grand: the jacks only (2.3.3); null: none (2.3.4)."""
    if gt == GameType.NULL:
        return []
    order = list(JACKS)
    if gt in TRUMP_LETTER:
        order += [TRUMP_LETTER[gt] + r for r in PLAIN_ORDER]
    return order


def suit_for_following(gt: GameType, card: str) -> str:
    """'T' for a trump, else the printed suit letter (ISkO 4.2)."""
    return "T" if card in trump_order(gt) else card[0]


def ref_legal_cards(gt: GameType, hand: Iterable[str], led: str | None) -> set[str]:
    """ISkO 4.2: follow the suit led (trumps if a trump was led) when you can; else any card."""
    cards = set(hand)
    if led is None:
        return cards
    same = {c for c in cards if suit_for_following(gt, c) == suit_for_following(gt, led)}
    return same or cards


def ref_trick_winner(gt: GameType, trick: Sequence[str]) -> int:
    """ISkO 4.4: the highest trump wins; with no trump, the highest card of the suit led."""
    order = trump_order(gt)
    trumps = [i for i, c in enumerate(trick) if c in order]
    if trumps:
        return min(trumps, key=lambda i: order.index(trick[i]))
    ranks = NULL_ORDER if gt == GameType.NULL else PLAIN_ORDER
    same = [i for i, c in enumerate(trick) if c[0] == trick[0][0]]
    return min(same, key=lambda i: ranks.index(trick[i][1]))


def ref_matadors(gt: GameType, cards: Iterable[str]) -> int:
    """Signed matadors ("with n" > 0, "without n" < 0) on the given cards (ISkO 2.4, D-3)."""
    order = trump_order(gt)
    if not order:
        return 0
    held = set(cards)
    with_ = order[0] in held
    n = 0
    for c in order:
        if (c in held) != with_:
            break
        n += 1
    return n if with_ else -n


def ref_game_value(contract: Contract, matadors: int, *, schneider: bool, schwarz: bool) -> int:
    """ISkO 5.1-5.2 with D-5: base value × (tops, game, hand, schneider, announced...)."""
    if contract.game_type == GameType.NULL:
        return NULL_VALUE[(contract.hand, contract.ouvert)]
    levels = abs(matadors) + 1
    levels += contract.hand
    levels += schneider or contract.schneider
    levels += contract.schneider
    levels += schwarz or contract.schwarz
    levels += contract.schwarz
    levels += contract.ouvert
    return BASE_VALUE[contract.game_type] * levels


def declarable(picked_up: bool) -> list[Contract]:
    """ISkO 2.2, 5.2.5-5.2.6: after a pickup only non-hand games (null ouvert included);
    otherwise the hand games with their announcements."""
    if picked_up:
        texts = ["D", "H", "S", "C", "G", "N", "NO"]
    else:
        texts = [g + m for g in "DHSCG" for m in ("H", "HS", "HZ", "O")] + ["NH", "NOH"]
    return [Contract.parse(t) for t in texts]


def ref_allowed_contracts(cards: Iterable[str], picked_up: bool, bid: int) -> set[str]:
    """D-7 by brute force (see :func:`_ref_allowed`)."""
    return set(_ref_allowed(frozenset(cards), picked_up, bid))


@functools.lru_cache(maxsize=4096)
def _ref_allowed(own: frozenset[str], picked_up: bool, bid: int) -> frozenset[str]:
    """D-7, brute force: the contracts whose best value reaches the bid.

    After a pickup the declarer knows all 12 cards.  For a hand game every possible
    skat (two of the 22 cards he does not hold) is tried.  A null variant needs its
    fixed value ≥ bid.  If nothing reaches the bid, every suit and grand game is
    allowed (and will be scored as overbid, D-6).
    """
    skats: list[tuple[str, ...]] = [()]
    if not picked_up:
        skats = list(combinations(sorted(set(ALL_NAMES) - own), 2))
    best: dict[GameType, int] = {}
    for gt in BASE_VALUE:
        best[gt] = max(abs(ref_matadors(gt, own | set(s))) for s in skats)
    out = set()
    for c in declarable(picked_up):
        if c.game_type == GameType.NULL:
            if NULL_VALUE[(c.hand, c.ouvert)] >= bid:
                out.add(str(c))
        elif ref_game_value(c, best[c.game_type], schneider=True, schwarz=True) >= bid:
            out.add(str(c))
    if not out:
        out = {str(c) for c in declarable(picked_up) if c.game_type != GameType.NULL}
    return frozenset(out)


# ---------------------------------------------------------------------------
# The auction (ISkO 3.3, D-9) as a small machine


@dataclass
class RefAuction:
    """Middlehand bids to forehand; the listener holds by equalling, the bidder must go
    higher, a pass is final; then rearhand bids to the survivor and must exceed the
    last value named; if nobody named a value, forehand may play at 18 or pass."""

    stage: int = 1
    """1: middlehand asks forehand; 2: rearhand asks the survivor; 3: forehand alone; 0: over."""
    bidder: int = 1
    listener: int = 0
    turn: int = 1
    value: int = 0
    declarer: int | None = None
    passed_in: bool = False

    def legal(self) -> set[str]:
        """The text forms of the legal actions of the seat to move."""
        if self.stage == 0:
            return set()
        if self.stage == 3:
            return {"18", "p"}
        if self.turn == self.bidder:
            return {str(v) for v in BID_TABLE if v > self.value} | {"p"}
        return {"y", "p"}

    def act(self, text: str) -> None:
        """Apply one bidding action, given as text."""
        assert text in self.legal(), (text, self)
        if self.stage == 3:
            if text == "18":
                self.declarer, self.value = 0, 18
            else:
                self.passed_in = True
            self.stage = 0
            return
        if self.turn == self.bidder:
            if text != "p":
                self.value = int(text)
                self.turn = self.listener
                return
            survivor = self.listener
        else:
            if text == "y":
                self.turn = self.bidder
                return
            survivor = self.bidder
        if self.stage == 1:
            self.stage, self.bidder, self.listener, self.turn = 2, 2, survivor, 2
        elif self.value == 0:
            self.stage, self.turn = 3, 0
        else:
            self.declarer, self.stage = survivor, 0


# ---------------------------------------------------------------------------
# A whole deal


@dataclass
class Expected:
    """What the reference model says the result of a finished deal is."""

    passed_in: bool
    won: bool = False
    overbid: bool = False
    value: int = 0
    score: int = 0
    matadors: int = 0
    declarer_points: int = 0
    declarer_tricks: int = 0
    defender_points: int = 0
    defender_tricks: int = 0
    conceded: bool = False
    schneider: bool = False
    schwarz: bool = False
    defenders_conceded: bool = False


@dataclass
class RefGame:
    """The deal played by the letter of RULES.md, on card names."""

    dealt: tuple[set[str], set[str], set[str]]
    dealt_skat: set[str]
    hands: list[set[str]] = field(default_factory=list)
    skat: set[str] = field(default_factory=set)
    auction: RefAuction = field(default_factory=RefAuction)
    phase: str = "bidding"
    declarer: int = -1
    bid: int = 0
    picked_up: bool = False
    contract: Contract | None = None
    tricks: list[tuple[int, list[str], int]] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    leader: int = 0
    turn: int | None = 1
    conceded: set[int] = field(default_factory=set)
    claim_pending: bool = False
    open_hand: bool = False
    end: str = ""
    put_away: set[str] = field(default_factory=set)
    """Cards the declarer has put away one at a time (``Discard``) before announcing."""

    @classmethod
    def start(cls, deal: Deal) -> RefGame:
        """The model at the start of bidding."""
        dealt = (names(deal.hands[0]), names(deal.hands[1]), names(deal.hands[2]))
        game = cls(dealt, names(deal.skat))
        game.hands = [set(h) for h in dealt]
        game.skat = set(game.dealt_skat)
        return game

    # -- legality ----------------------------------------------------------------------
    def allowed_contracts(self) -> set[str]:
        """D-7 for the declarer now (only in the declaring phase)."""
        assert self.phase == "declaring"
        return ref_allowed_contracts(self.hands[self.declarer] | self.put_away, self.picked_up,
                                     self.bid)

    def is_legal(self, action: object) -> bool:
        """Is ``action`` legal now, for whoever may take it (D-9, ISkO 2.2, 4.2, D-7, D-11)?"""
        if self.phase == "bidding":
            return isinstance(action, (Bid, Hold, Pass)) and str(action) in self.auction.legal()
        if self.phase == "skat":
            return isinstance(action, (PickUpSkat, PlayHand))
        if self.phase == "declaring":
            if isinstance(action, Discard):  # ISkO 2.2.2: any two cards, one at a time
                return (self.picked_up and len(self.put_away) < 2
                        and action.card.name in self.hands[self.declarer])
            if not isinstance(action, Declare):
                return False
            c, disc = action.contract, action.discard
            if self.picked_up:
                if c.hand:
                    return False
                if disc is None:
                    if len(self.put_away) != 2:
                        return False
                elif self.put_away or len(disc) != 2 or not (
                        names(disc) <= self.hands[self.declarer]):
                    return False
            elif disc is not None or not c.hand:
                return False
            return str(c) in self.allowed_contracts()
        if self.phase == "playing":
            assert self.contract is not None and self.turn is not None
            if isinstance(action, Play):
                led = self.current[0] if self.current else None
                hand = self.hands[self.turn]
                return action.card.name in ref_legal_cards(self.contract.game_type, hand, led)
            if isinstance(action, Concede):
                return action.seat not in self.conceded
            if isinstance(action, Claim):
                # D-11 says nothing of claiming twice; skatlib's policy: once, and
                # again after a refusal only in an ouvert game (cards open anyway).
                return not self.claim_pending and (not self.open_hand or self.contract.ouvert)
            if isinstance(action, Refuse):
                return (action.seat != self.declarer and self.claim_pending
                        and action.seat not in self.conceded)
        return False

    def legal_plays(self) -> set[str]:
        """The cards the seat to move may play."""
        assert self.contract is not None and self.turn is not None
        led = self.current[0] if self.current else None
        return ref_legal_cards(self.contract.game_type, self.hands[self.turn], led)

    # -- transitions -------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """Apply a legal action."""
        assert self.is_legal(action), (action, self.phase)
        if self.phase == "bidding":
            self.auction.act(str(action))
            if self.auction.stage:
                self.turn = self.auction.turn
            elif self.auction.passed_in:
                self.phase, self.end, self.turn = "finished", "passed", None
            else:
                assert self.auction.declarer is not None
                self.declarer, self.bid = self.auction.declarer, self.auction.value
                self.phase, self.turn = "skat", self.declarer
        elif self.phase == "skat":
            if isinstance(action, PickUpSkat):
                self.hands[self.declarer] |= self.skat
                self.skat = set()
                self.picked_up = True
            self.phase = "declaring"
        elif self.phase == "declaring" and isinstance(action, Discard):
            self.put_away.add(action.card.name)
            self.hands[self.declarer].discard(action.card.name)
        elif self.phase == "declaring":
            assert isinstance(action, Declare)
            if self.put_away:
                self.skat = set(self.put_away)
            elif action.discard is not None:
                self.skat = names(action.discard)
                self.hands[self.declarer] -= self.skat
            self.contract = action.contract
            self.open_hand = action.contract.ouvert
            self.phase, self.turn, self.leader = "playing", 0, 0  # ISkO 4.1.1
        elif isinstance(action, Play):
            self._play(action.card.name)
        elif isinstance(action, Claim):
            self.claim_pending = self.open_hand = True
        elif isinstance(action, Refuse):
            self.claim_pending = False
        elif isinstance(action, Concede):
            if action.seat == self.declarer:
                self.phase, self.end, self.turn = "finished", "declarer_conceded", None
            else:
                self.conceded.add(int(action.seat))
                if len(self.conceded - {self.declarer}) == 2:
                    self.phase, self.end, self.turn = "finished", "defenders_conceded", None

    def _play(self, card: str) -> None:
        assert self.contract is not None and self.turn is not None
        self.hands[self.turn].discard(card)
        self.current.append(card)
        if len(self.current) < 3:
            self.turn = (self.turn + 1) % 3
            return
        gt = self.contract.game_type
        winner = (self.leader + ref_trick_winner(gt, self.current)) % 3
        self.tricks.append((self.leader, self.current, winner))
        self.current = []
        self.leader = self.turn = winner
        if gt == GameType.NULL and winner == self.declarer:
            self.end = "null_trick"  # D-10, even in the 10th trick
        elif self.contract.schwarz and winner != self.declarer:
            self.end = "defenders_trick"  # D-10
        elif len(self.tricks) == 10:
            self.end = "played"
        if self.end:
            self.phase, self.turn = "finished", None

    # -- the score ---------------------------------------------------------------------
    def expected(self) -> Expected:
        """The score by ISkO 5 and D-1..D-11, counted from the tricks."""
        assert self.phase == "finished"
        if self.end == "passed":
            return Expected(passed_in=True)
        c, d = self.contract, self.declarer
        assert c is not None
        gt = c.game_type
        own = [t for t in self.tricks if t[2] == d]
        other = [t for t in self.tricks if t[2] != d]
        dp = points(x for t in own for x in t[1]) + points(self.skat)
        dt = len(own)
        defp = points(x for t in other for x in t[1])
        deft = len(other)
        conceded = self.end == "declarer_conceded"
        # D-11 revised (the model plays under ISKO: concession='decided')
        gave_up = self.end == "defenders_conceded" and gt != GameType.NULL
        if gt == GameType.NULL:
            won = dt == 0 and not conceded
            value = NULL_VALUE[(c.hand, c.ouvert)]
            return Expected(False, won, False, value, value if won else -2 * value, 0,
                            dp, dt, defp, deft, conceded)
        m = ref_matadors(gt, self.dealt[d] | self.dealt_skat)
        schneider = dp >= 90 or defp >= 90
        schwarz = dt == 10 or deft == 10
        value = ref_game_value(c, m, schneider=schneider, schwarz=schwarz)
        can_win = defp <= 59 and (not c.schneider or defp <= 30) and (not c.schwarz or not deft)
        if gave_up and can_win and value < self.bid:
            # the level needed to cover the bid, if one is still reachable and covers it
            for sn, sz in ((True, schwarz), (True, True)):
                if defp > 30 or (sz and deft):
                    break
                if ref_game_value(c, m, schneider=sn, schwarz=sz) >= self.bid:
                    schneider, schwarz = sn, sz
                    value = ref_game_value(c, m, schneider=sn, schwarz=sz)
                    break
        overbid = value < self.bid
        if overbid:
            base = BASE_VALUE[gt]
            value = base
            while value < self.bid:
                value += base
        won = (not overbid and not conceded and dp >= 61
               and (not c.schneider or dp >= 90) and (not c.schwarz or dt == 10))
        if gave_up:
            won = can_win and not overbid
        return Expected(False, won, overbid, value, value if won else -2 * value, m,
                        dp, dt, defp, deft, conceded, schneider, schwarz, gave_up)


# ---------------------------------------------------------------------------
# Strategies


def examples(base: int) -> int:
    """``base`` examples for a property under the ``dev``/``ci`` profiles; a tenth of the
    profile's count when that is larger (the ``nightly`` profile: 500)."""
    return max(base, settings().max_examples // 10)


deals: st.SearchStrategy[Deal] = st.permutations(range(32)).map(Deal.from_order)
"""A shuffled deck dealt 3-2-4-3 (ISkO 3.2)."""

SHORTENING = (Concede, Claim, Refuse)


@dataclass(frozen=True)
class GamePath:
    """A deal, the actions taken and every state from the first to the last."""

    deal: Deal
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]

    @property
    def final(self) -> GameState:
        """The last state."""
        return self.states[-1]


def out_of_turn(state: GameState) -> list[Action]:
    """Concessions and refusals other seats may make now (D-11)."""
    seats = [s for s in range(3) if state.to_move is None or s != int(state.to_move)]
    return [a for s in seats for a in side_actions(state, s) if not isinstance(a, Claim)]


@st.composite
def game_paths(draw: st.DrawFn, deal: Deal | None = None) -> GamePath:
    """A random deal played with actions drawn by ``st.sampled_from(legal_actions(state))``.

    A few choices per deal steer it: jump bids or only the next value; whether
    concessions and claims may happen (and how often); these keep both short and
    played-out games frequent.
    """
    d = draw(deals) if deal is None else deal
    jump_bids = draw(st.booleans())
    shorten = draw(st.sampled_from((0, 0, 0, 1, 2)))  # 0 never, 1 rarely, 2 often
    state = new_game(d)
    actions: list[Action] = []
    states = [state]
    while not state.is_finished:
        legal = list(legal_actions(state))
        if not jump_bids:
            bids = [a for a in legal if isinstance(a, Bid)]
            legal = [a for a in legal if not isinstance(a, Bid)] + bids[:1]
        assert not [a for a in legal if isinstance(a, SHORTENING)]  # turn-based
        plain: list[Action] = legal
        short: list[Action] = list(side_actions(state)) if shorten else []
        if short and draw(st.integers(0, 30 if shorten == 1 else 4)) == 0:
            plain = short
        action = draw(st.sampled_from(plain))
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    return GamePath(d, tuple(actions), tuple(states))


# ---------------------------------------------------------------------------
# Helpers for table-driven tests


def seat_moves(state: GameState, moves: str) -> GameState:
    """Apply ISS-style ``'<seat> <action>'`` pairs (FORMAT.md §3), checking that the
    named seat is the one to move before each action."""
    tokens = moves.split()
    assert len(tokens) % 2 == 0, moves
    for who, text in zip(tokens[::2], tokens[1::2]):
        assert state.to_move == Seat(int(who)), (moves, who, text, state)
        state = apply(state, parse_action(text))
    return state


def text_moves(state: GameState, moves: str) -> GameState:
    """Apply space-separated action texts (``str(action)`` forms)."""
    for text in moves.split():
        state = apply(state, parse_action(text))
    return state


def ref_replay(deal: Deal, actions: Iterable[Action]) -> RefGame:
    """The reference model after the given actions."""
    game = RefGame.start(deal)
    for action in actions:
        game.act(action)
    return game


class Duo:
    """A game state and the reference model, moved on together."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.state = new_game(deal)
        self.ref = RefGame.start(deal)
        self.actions: list[Action] = []

    def do(self, action: Action) -> GameState:
        """Apply ``action`` to both (it must be legal)."""
        self.state = apply(self.state, action)
        self.ref.act(action)
        self.actions.append(action)
        return self.state

    def moves(self, text: str) -> GameState:
        """Apply space-separated action texts."""
        for token in text.split():
            self.do(parse_action(token))
        return self.state

    def play_out(self) -> GameState:
        """Play the first legal card until the deal ends."""
        while not self.state.is_finished:
            self.do(next(a for a in legal_actions(self.state) if isinstance(a, Play)))
        return self.state


def check_result(state: GameState, ref: RefGame) -> GameResult | PassedIn:
    """Assert that ``result(state)`` is what the reference model counts from the tricks,
    and equal to the kernel's :func:`skatlib.score` on those same numbers."""
    exp = ref.expected()
    res = result(state)
    if exp.passed_in:
        assert isinstance(res, PassedIn)
        return res
    assert isinstance(res, GameResult), res
    got = (res.won, res.overbid, res.value, res.score, res.matadors, res.declarer_points,
           res.declarer_tricks, res.conceded)
    want = (exp.won, exp.overbid, exp.value, exp.score, exp.matadors, exp.declarer_points,
            exp.declarer_tricks, exp.conceded)
    assert got == want, (state, state.end, got, want)
    if ref.contract is not None and ref.contract.game_type != GameType.NULL:
        assert (res.schneider, res.schwarz) == (exp.schneider, exp.schwarz)
    assert ref.contract is not None
    kernel = score(ref.contract, bid=ref.bid, matadors=exp.matadors,
                   declarer_points=exp.declarer_points, declarer_tricks=exp.declarer_tricks,
                   defender_points=exp.defender_points, defender_tricks=exp.defender_tricks,
                   conceded=exp.conceded, declarer=ref.declarer,
                   defenders_conceded=exp.defenders_conceded)
    assert res == kernel
    assert res.declarer == state.declarer
    return res
