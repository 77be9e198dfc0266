"""PLAYING: card play (ISkO 4), early ends (D-10), concessions and claims (D-11).

The cards are the seat to move's actions in turn (:func:`legal`, the hot path).  A
defender's concession, the declarer's claim and a defender's refusal of a claim
may come out of turn: they are the *side actions* (:func:`side`), never mixed
into the cards.
"""

from __future__ import annotations

from .. import _tables as T
from ..actions import Action, Claim, Concede, Play, Refuse
from ..cards import CardSet
from ..errors import Reason
from ._core import (
    CARDS,
    CLAIM,
    CONCEDED,
    CONTRACT,
    DECL,
    E_DECLARER_CONCEDED,
    E_DEFENDERS_CONCEDED,
    E_DEFENDERS_TRICK,
    E_NULL_TRICK,
    E_PLAYED_OUT,
    GT,
    HANDS,
    LEADER,
    MOVER,
    OPEN,
    SEATS,
    SETUP,
    TAKEN,
    TRICK,
    TRICKS,
    EndReason,
    GameState,
    Phase,
    actions_of_mask,
    fill_byte_tables,
    illegal,
    seat_index,
)

_PLAYS = tuple(Play(c) for c in CARDS)
_SINGLES = tuple((c,) for c in range(32))
"""The trick after a lead of card ``c``: one shared tuple per card."""
_PLAY_CACHE: dict[int, tuple[Action, ...]] = {}
_PLAY_CACHE_SIZE = 65_536
"""Entries of the card-play legal-actions cache (keyed on the legal mask) before it
starts afresh: at most ~12 MiB (H-16)."""
_CLAIM = Claim()
_CONCEDE = tuple(Concede(s) for s in SEATS)
_REFUSE = tuple(Refuse(s) for s in SEATS)
_NEXT = (1, 2, 0)
_PLAYING, _FINISHED, _NOT_ENDED = Phase.PLAYING, Phase.FINISHED, EndReason.NOT_ENDED
_new = tuple.__new__
_FOLLOW = T.FOLLOW
_KEY = T.KEY
_BYTE_PLAYS: list[tuple[tuple[Action, ...], ...]] = []  # byte_tables(_PLAYS), on first use


def plays(mask: int) -> tuple[Action, ...]:
    """:class:`~skatlib.Play` of every card of ``mask``, lowest index first (cached)."""
    return actions_of_mask(mask, _PLAYS, _BYTE_PLAYS, _PLAY_CACHE, _PLAY_CACHE_SIZE)


def legal(s: GameState) -> tuple[Action, ...]:
    trick = s[TRICK]
    mask = s[HANDS][s[MOVER]]
    if trick:  # mirrors _tables.legal_cards_mask (ISkO 4.2); proven equal in test_state_play
        follow = mask & _FOLLOW[s[GT]][trick[0]]
        if follow:  # the cards that follow: a few thousand masks at most, so cached
            hit = _PLAY_CACHE.get(follow)
            return hit if hit is not None else plays(follow)
    # A lead, or a hand that cannot follow, may play any card (ISkO 4.2), and a whole
    # hand seldom comes back: its four suit rows are joined straight away, without the
    # cache (inlines _core.actions_of_mask; proven equal in test_state_play).
    rows = _BYTE_PLAYS or fill_byte_tables(_BYTE_PLAYS, _PLAYS)
    return (rows[0][mask & 255] + rows[1][mask >> 8 & 255] + rows[2][mask >> 16 & 255]
            + rows[3][mask >> 24 & 255])


def legal_mask(s: GameState) -> int:
    """The cards the seat to move may play, as a mask (ISkO 4.2)."""
    trick = s[TRICK]
    return T.legal_cards_mask(s[GT], s[HANDS][s[MOVER]], trick[0] if trick else -1)


def check(s: GameState, action: object) -> None:
    if not isinstance(action, Play):
        raise illegal(s, action, "during play the seat to move plays a card (concessions "
                      "and claims are side actions: see side_actions())", Reason.WRONG_PHASE)
    card = action.card
    seat = s[MOVER]
    hand = s[HANDS][seat]
    who = SEATS[seat].title.lower()
    if not hand >> card & 1:
        raise illegal(s, action, f"{card} is not in {who}'s hand {CardSet(hand)}",
                      Reason.CARD_NOT_IN_HAND)
    allowed = legal_mask(s)
    if not allowed >> card & 1:
        raise illegal(s, action, f"{CARDS[s[TRICK][0]]} was led and {who} must follow with "
                      f"{CardSet(allowed)} (ISkO 4.2; jacks are trumps in suit and grand "
                      "games)", Reason.MUST_FOLLOW_SUIT)


def play(s: GameState, card: int) -> GameState:
    """Hot path: play ``card`` (no check).  Builds the state tuple in place (the
    twelve slots of :func:`skatlib.state._core.make`)."""
    _, seat, h, trick, leader, tricks, gt, d, skat, _, setup, taken = s  # one unpack
    bit = 1 << card
    if seat == 0:
        hands = (h[0] ^ bit, h[1], h[2])
    elif seat == 1:
        hands = (h[0], h[1] ^ bit, h[2])
    else:
        hands = (h[0], h[1], h[2] ^ bit)
    if not trick:  # a lead: the shared one-card tuple
        return _new(GameState, (_PLAYING, _NEXT[seat], hands, _SINGLES[card], leader, tricks,
                                gt, d, skat, _NOT_ENDED, setup, taken))
    if len(trick) == 1:
        return _new(GameState, (_PLAYING, _NEXT[seat], hands, (trick[0], card), leader, tricks,
                                gt, d, skat, _NOT_ENDED, setup, taken))
    c0, c1 = trick
    # inlined _tables.trick_winner_fast and pack_trick (proven equal in test_state_play)
    key = _KEY[gt][c0]
    k0, k1, k2 = key[c0], key[c1], key[card]
    if k1 > k0:
        winner = (leader + (2 if k2 > k1 else 1)) % 3
    else:
        winner = (leader + (2 if k2 > k0 else 0)) % 3
    tricks += (gt << 17 | leader << 15 | c0 << 10 | c1 << 5 | card,)
    # the derived TAKEN slot, a trick at a time (_core.taken_of; proven equal in test_state_play)
    taken |= (1 << c0 | 1 << c1 | bit) << (winner << 5)
    # only null and schwarz-announced (or ouvert) games may end early (D-10)
    if (gt == 5 or d >= 0 and setup[CONTRACT].schwarz) and T.ends_early(gt, d, winner, True):
        return _new(GameState, (_FINISHED, -1, hands, (), winner, tricks, gt, d, skat,
                                E_NULL_TRICK if gt == 5 else E_DEFENDERS_TRICK, setup, taken))
    if len(tricks) == 10:
        return _new(GameState, (_FINISHED, -1, hands, (), winner, tricks, gt, d, skat,
                                E_PLAYED_OUT, setup, taken))
    return _new(GameState, (_PLAYING, winner, hands, (), winner, tricks, gt, d, skat, _NOT_ENDED,
                            setup, taken))


# ----- side actions: concessions and claims (D-11) --------------------------------------


def may_claim(s: GameState) -> bool:
    """The declarer may claim once, and again after a refusal only in an ouvert
    game (where his cards were open anyway)."""
    setup = s[SETUP]
    if setup[CLAIM]:
        return False
    return not setup[OPEN] or bool(setup[CONTRACT] is not None and setup[CONTRACT].ouvert)


def side(s: GameState, seat: int | None) -> tuple[Action, ...]:
    d = s[DECL]
    if s[0] != _PLAYING or d < 0:
        return ()
    setup = s[SETUP]
    conceded = setup[CONCEDED]
    out: list[Action] = []
    for who in (0, 1, 2) if seat is None else (seat,):
        if not conceded >> who & 1:
            out.append(_CONCEDE[who])
        if who == d:
            if may_claim(s):
                out.append(_CLAIM)
        elif setup[CLAIM] and not conceded >> who & 1:
            out.append(_REFUSE[who])
    return tuple(out)


def check_side(s: GameState, action: Concede | Claim | Refuse) -> None:
    if s[0] != _PLAYING:
        raise illegal(s, action, "conceding and claiming happen during play (D-11)",
                      Reason.WRONG_PHASE)
    d = s[DECL]
    if d < 0:
        raise illegal(s, action, "Ramsch has no declarer: nobody can concede or claim",
                      Reason.WRONG_PHASE)
    if isinstance(action, Claim):
        if not may_claim(s):
            raise illegal(s, action, "the declarer has already claimed", Reason.ALREADY_DONE)
        return
    seat = seat_index(action.seat)
    conceded = s[SETUP][CONCEDED]
    if isinstance(action, Concede):
        if conceded >> seat & 1:
            raise illegal(s, action, f"{SEATS[seat].title.lower()} has already conceded",
                          Reason.ALREADY_DONE)
        return
    if seat == d:
        raise illegal(s, action, "only a defender can refuse a claim", Reason.NOT_DEFENDER)
    if not s[SETUP][CLAIM]:
        raise illegal(s, action, "there is no claim to refuse", Reason.WRONG_PHASE)
    if conceded >> seat & 1:
        raise illegal(s, action, "this defender has already accepted", Reason.ALREADY_DONE)


def _talk(s: GameState, phase: Phase, mover: int, end: EndReason, conceded: int, open_hand: bool,
          claim: bool) -> GameState:
    setup = s[SETUP]
    new = setup[:CONCEDED] + (conceded, open_hand, claim) + setup[CLAIM + 1:]
    return _new(GameState, (phase, mover, s[HANDS], s[TRICK], s[LEADER], s[TRICKS], s[GT], s[DECL],
                            s[8], end, new, s[TAKEN]))


def step_side(s: GameState, action: Action) -> GameState:
    setup = s[SETUP]
    d = s[DECL]
    conceded = setup[CONCEDED]
    if type(action) is Claim:
        return _talk(s, s[0], s[MOVER], s[9], conceded, True, True)
    if type(action) is Refuse:
        return _talk(s, s[0], s[MOVER], s[9], conceded, setup[OPEN], False)
    assert isinstance(action, Concede)
    seat = int(action.seat)
    conceded |= 1 << seat
    if seat == d:
        return _talk(s, _FINISHED, -1, E_DECLARER_CONCEDED, conceded, setup[OPEN],
                     setup[CLAIM])
    defenders = 7 & ~(1 << d)
    if conceded & defenders == defenders:
        return _talk(s, _FINISHED, -1, E_DEFENDERS_CONCEDED, conceded, setup[OPEN],
                     setup[CLAIM])
    return _talk(s, s[0], s[MOVER], s[9], conceded, setup[OPEN], setup[CLAIM])
