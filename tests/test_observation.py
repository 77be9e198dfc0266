"""What one seat may know: :func:`skatlib.observe` never leaks another seat's unseen cards.

Rules (ISkO old numbering; rulings): the skat is seen by the declarer when he picks it
up (ISkO 2.2.2) and by everybody at the end; a hand game's skat stays unseen
(ISkO 2.2.3); an ouvert declarer's cards are open from the declaration (ISkO 5.2.6,
R-8.5), a claiming declarer's from the claim (D-11); nothing else is revealed.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import (
    Card,
    CardSet,
    Contract,
    Deal,
    Declare,
    Discard,
    GameState,
    Observation,
    Phase,
    Play,
    Push,
    Seat,
    SkatError,
    apply,
    is_legal,
    new_game,
    observe,
)
from state_strategies import GamePath, RefGame, examples, game_paths, names, text_moves

F, M, R = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND

DEAL_A = Deal.parse(
    "CJ SJ HA HT HK HQ H9 CA C7 D7 / HJ H8 CT CK SA ST SK DA DT DK / "
    "DJ H7 CQ C9 C8 SQ S9 S8 S7 DQ / D9 D8"
)


def mentioned(o: Observation) -> set[str]:
    """Every card an observation mentions anywhere (the auction included)."""
    out = names(o.hand) | names(o.dealt_hand) | names(o.played)
    for extra in (o.skat, o.discard, o.declarer_hand):
        if extra is not None:
            out |= names(extra)
    for _, action in o.history:
        if isinstance(action, (Declare, Push)) and action.discard is not None:
            out |= names(action.discard)
    return out


def check_observation(s: GameState, seat: Seat, ref: RefGame) -> None:
    """The rules of the module docstring for one state that is not finished."""
    o = observe(s, seat)
    d = s.declarer
    assert o.seat == seat
    assert o.hand == s.hand(seat)
    assert o.dealt_hand == s.deal.hand(seat)
    assert (o.phase, o.to_move, o.bid, o.declarer, o.contract) == (
        s.phase, s.to_move, s.bid, s.declarer, s.contract)
    assert o.tricks == s.tricks
    assert o.current_trick == s.current_trick
    is_declarer = d == seat
    # the skat: only a declarer who picked it up has seen it (ISkO 2.2.2-2.2.3)
    sees_skat = is_declarer and s.picked_up
    assert o.skat == (s.deal.skat if sees_skat else None)
    if sees_skat and (s.contract is not None or s.skat):
        assert o.discard == s.skat  # the discard, or the cards put away so far
    else:
        assert o.discard is None
    # the declarer's hand: open in ouvert games and after a claim (D-11)
    if ref.open_hand:
        assert d is not None
        assert o.declarer_hand == s.hand(d)
    else:
        assert o.declarer_hand is None
    # nothing mentioned that this seat has not seen
    allowed = names(s.hand(seat)) | names(s.deal.hand(seat)) | names(o.played)
    if sees_skat:
        allowed |= names(s.deal.skat)
    if ref.open_hand and d is not None:
        allowed |= names(s.hand(d))
    assert mentioned(o) <= allowed, (seat, mentioned(o) - allowed)
    # the unseen cards are exactly the others' hidden cards
    hidden = set(names(CardSet.from_cards(Card))) - allowed
    assert names(o.unseen) == hidden
    for other in Seat:
        if other != seat and not (ref.open_hand and other == d):
            assert names(s.hand(other)) <= names(o.unseen)
    if not sees_skat:
        assert names(s.skat) <= names(o.unseen) | names(o.played) | (
            names(s.hand(seat)) if is_declarer else set())


@settings(max_examples=examples(60))
@given(path=game_paths())
def test_observations_never_show_unseen_cards(path: GamePath) -> None:
    """ISkO 2.2 / 5.2.6 / D-11: for every state and seat, the observation holds the seat's
    own hand, the public play, the skat only for the declarer after his pickup, the
    declarer's hand only when open, and no other card."""
    ref = RefGame.start(path.deal)
    for s, action in zip(path.states, path.actions):
        for seat in Seat:
            check_observation(s, seat, ref)
        ref.act(action)
    final = path.final
    for seat in Seat:
        o = observe(final, seat)
        assert o.skat == path.deal.skat  # at the end the skat is shown
        assert o.hand == final.hand(seat)
        assert o.history == final.history


@st.composite
def swapped_deals(draw: st.DrawFn, deal: Deal, seat: Seat) -> Deal:
    """The deal with some cards that ``seat`` does not hold swapped between the other
    hands and the skat (sizes kept)."""
    places = [set(h) for h in deal.hands] + [set(deal.skat)]
    others = [i for i in range(4) if i != int(seat)]
    for _ in range(draw(st.integers(1, 4))):
        a, b = draw(st.lists(st.sampled_from(others), min_size=2, max_size=2, unique=True))
        ca = draw(st.sampled_from(sorted(places[a])))
        cb = draw(st.sampled_from(sorted(places[b])))
        places[a] = (places[a] - {ca}) | {cb}
        places[b] = (places[b] - {cb}) | {ca}
    return Deal.from_hands(*(CardSet.from_cards(p) for p in places))


@settings(max_examples=examples(80))
@given(path=game_paths(), seat=st.sampled_from(list(Seat)), data=st.data())
def test_observation_is_the_same_whatever_the_hidden_cards(
    path: GamePath, seat: Seat, data: st.DataObject
) -> None:
    """No leak, checked the other way round: swap cards the seat cannot see (between the
    other hands and the skat) and replay the same actions; while they stay legal,
    nothing is opened and the seat has not picked up the skat, the seat's
    observations are identical."""
    other = data.draw(swapped_deals(path.deal, seat))
    s_other = new_game(other)
    for s, action in zip(path.states, path.actions):
        if s.open_hand and s.declarer != seat:
            break  # the declarer's cards are open now
        if s.picked_up and s.declarer == seat:
            break  # the seat has seen the skat
        assert observe(s, seat) == observe(s_other, seat)
        if not is_legal(s_other, action):
            break
        s_other = apply(s_other, action)
        if s_other.is_finished:
            break


# ---------------------------------------------------------------------------
# Worked examples


def test_start_shows_only_the_own_hand_isko_3_2() -> None:
    s = new_game(DEAL_A)
    for seat in Seat:
        o = observe(s, seat)
        assert o.hand == DEAL_A.hand(seat)
        assert (o.skat, o.discard, o.declarer_hand) == (None, None, None)
        assert o.history == ()
        assert names(o.unseen) == set(names(CardSet.from_cards(Card))) - names(o.hand)


def test_pickup_shows_the_skat_to_the_declarer_only_isko_2_2_2() -> None:
    """ISkO 2.2.2: the declarer (forehand) picks up D9 D8; the defenders see nothing."""
    s = text_moves(new_game(DEAL_A), "p p 18 s")
    assert observe(s, F).skat == DEAL_A.skat
    assert observe(s, F).discard is None
    assert len(observe(s, F).hand) == 12
    one = apply(s, Discard(Card.D9))  # putting away one at a time: the declarer sees it
    assert observe(one, F).discard == CardSet.parse("D9") and len(observe(one, F).hand) == 11
    assert observe(one, M).discard is None and observe(one, M).skat is None
    for seat in (M, R):
        assert observe(s, seat).skat is None
        assert names(DEAL_A.skat) <= names(observe(s, seat).unseen)


def test_discard_is_hidden_from_the_defenders_until_the_end_isko_2_2_2() -> None:
    """The declaration is public, the two cards put away are not: the defenders see it in
    the auction as the bare contract; the declarer sees his own discard."""
    s = text_moves(new_game(DEAL_A), "p p 18 s G.CA.C7")
    discard = CardSet.parse("CA C7")
    own = observe(s, F)
    assert own.discard == discard
    assert own.history[-1] == (F, Declare(Contract.parse("G"), discard))
    for seat in (M, R):
        o = observe(s, seat)
        assert o.contract == Contract.parse("G")
        assert o.discard is None
        assert o.history[-1] == (F, Declare(Contract.parse("G")))
        assert not {"CA", "C7"} & mentioned(o)
    s = text_moves(s, "RE.0")  # the game ends: now everything about the skat is public
    for seat in Seat:
        o = observe(s, seat)
        assert o.skat == DEAL_A.skat
        assert o.discard == discard
        assert o.history[-1] == (F, Declare(Contract.parse("G"), discard))


def test_hand_game_skat_stays_unseen_by_the_declarer_isko_2_2_3() -> None:
    """ISkO 2.2.3: in a hand game nobody sees the skat until the end."""
    s = text_moves(new_game(DEAL_A), "p p 18 hand GH CA")
    for seat in Seat:
        assert observe(s, seat).skat is None
    assert names(DEAL_A.skat) <= names(observe(s, F).unseen)


def test_ouvert_declarer_hand_is_open_to_everybody_isko_5_2_6() -> None:
    """ISkO 5.2.6 / R-8.5: an ouvert declarer lays his cards open; the view follows his
    hand as he plays."""
    s = text_moves(new_game(DEAL_A), "p p 18 hand")
    assert observe(s, M).declarer_hand is None
    s = text_moves(s, "GO")
    for seat in Seat:
        assert observe(s, seat).declarer_hand == s.hand(F)
    s = apply(s, Play(Card.CA))
    assert observe(s, R).declarer_hand == s.hand(F)
    assert Card.CA not in observe(s, R).declarer_hand  # type: ignore[operator]


def test_null_ouvert_is_open_too_isko_5_2_6() -> None:
    s = text_moves(new_game(DEAL_A), "p p 18 s NO.D9.D8")
    for seat in (M, R):
        assert observe(s, seat).declarer_hand == s.hand(F)
        assert observe(s, seat).skat is None


def test_passed_in_deal_shows_the_skat_d8() -> None:
    s = text_moves(new_game(DEAL_A), "p p p")
    assert s.phase == Phase.FINISHED
    for seat in Seat:
        assert observe(s, seat).skat == DEAL_A.skat
        assert observe(s, seat).declarer_hand is None


def test_observe_rejects_a_bad_seat() -> None:
    s = new_game(DEAL_A)
    for bad in (3, -1):
        with pytest.raises(SkatError):
            observe(s, bad)


def test_observe_builds_observations_equal_to_the_constructor() -> None:
    """``observe`` fills the ``__dict__`` directly (``observation._build``): the result
    equals ``Observation(*fields)``, stays frozen and works with ``attrs.evolve``."""
    import random

    import attrs
    import pytest

    from skatlib import Deal, GameState, apply, legal_actions
    from skatlib.observation import Observation, observe

    rng = random.Random(5)
    for _ in range(200):
        s = GameState.from_position(Deal.shuffled(rng), "")
        while True:
            for seat in range(3):
                o = observe(s, seat)
                assert o == Observation(*attrs.astuple(o, recurse=False))
                assert attrs.evolve(o) == o
            if s.is_finished:
                break
            s = apply(s, rng.choice(legal_actions(s)))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        o.bid = 5  # type: ignore[misc]


def test_censored_history_memo_follows_the_history_per_seat() -> None:
    """The per-seat memo of the censored history (the cards others put away stay hidden) never
    serves one history's censored form for another."""
    from skatlib import Deal, GameState
    from skatlib.observation import _censored, observe

    a = GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT")
    b = GameState.from_position(Deal.shuffled(2), "p p 18 s")
    for s in (a, b, a, a, b):
        for seat in range(3):
            assert observe(s, seat).history == _censored(s.history, seat)


def test_unseen_excludes_every_push_shown_once_a_schieberamsch_deal_is_over() -> None:
    """D-17 Schieberamsch: a finished deal shows every push (the history is no longer
    censored), so no pushed card is unseen; while it runs only the seat's own are."""
    import random

    from skatlib import Deal, GameState, Push, Rules, apply, legal_actions
    from skatlib.observation import observe

    rules = Rules(ramsch=True, schieberamsch=True)
    rng = random.Random(11)
    checked = 0
    for _ in range(300):
        s = GameState.from_position(Deal.shuffled(rng), "p p p", rules=rules)
        while not s.is_finished:
            s = apply(s, rng.choice(legal_actions(s)))
        pushed = 0
        for _, action in s.history:
            if isinstance(action, Push) and action.discard:
                pushed |= action.discard.mask
        if not pushed:
            continue
        checked += 1
        for seat in range(3):
            assert observe(s, seat).unseen.mask & pushed == 0
    assert checked > 0
