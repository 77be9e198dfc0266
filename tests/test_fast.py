"""The speed layer (skatlib.fast) against the canonical GameState.

Every fast path must give exactly what GameState gives on the same deal and
the same random choices: the deal of Deal.shuffled, random playouts, the
OpenSpiel-protocol grand game, and the make/unmake Engine after every push and
every pop.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatlib import (
    Action,
    Bid,
    Card,
    CardSet,
    Contract,
    Deal,
    Declare,
    EndReason,
    GameState,
    GameType,
    IllegalActionError,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    apply,
    legal_actions,
    new_game,
)
from skatlib import _tables as T
from skatlib.fast import Engine, random_card, random_deal, random_grand_game, random_playout
from strategies import contracts

# bidding that makes seat d the declarer at 18
_AUCTIONS: dict[int, tuple[Action, ...]] = {
    0: (Pass(), Pass(), Bid(18)),
    1: (Bid(18), Pass(), Pass()),
    2: (Pass(), Bid(18), Pass()),
}

seeds = st.integers(0, 2**32 - 1)
CARDS = tuple(Card(i) for i in range(32))


def _playing_state(deal: Deal, contract: Contract, declarer: int, discard: int) -> GameState:
    """The state at the first card: ``declarer`` announced ``contract``
    (after a pickup, putting away the ``discard``-th pair of his twelve cards)."""
    s = new_game(deal)
    for action in _AUCTIONS[declarer]:
        s = apply(s, action)
    assert s.declarer_index == declarer
    if contract.hand:
        s = apply(s, PlayHand())
        s = apply(s, Declare(contract))
    else:
        s = apply(s, PickUpSkat())
        cards = T.mask_cards(s.hand_masks[declarer])
        pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]
        a, b = pairs[discard % len(pairs)]
        s = apply(s, Declare(contract, CardSet((1 << a) | (1 << b))))
    assert s.phase == Phase.PLAYING
    return s


def _plays(state: GameState) -> list[Play]:
    return [a for a in legal_actions(state) if type(a) is Play]


def _reference_pick(plays: list[Play], rng: random.Random) -> Play:
    """The documented convention: floor(random() * n)-th legal card, ascending;
    a forced card draws nothing."""
    if len(plays) == 1:
        return plays[0]
    return plays[int(rng.random() * len(plays))]


def _reference_play(state: GameState, rng: random.Random, max_cards: int = 99) -> GameState:
    """Random legal card play on GameState (legal_actions + unchecked apply)."""
    n = 0
    while state.phase == Phase.PLAYING and n < max_cards:
        state = apply(state, _reference_pick(_plays(state), rng), check=False)
        n += 1
    return state


def _reference_grand_game(rng: random.Random) -> int:
    """random_grand_game's protocol on GameState."""
    s = new_game(Deal.shuffled(rng))
    for action in _AUCTIONS[0]:
        s = apply(s, action)
    s = apply(s, PickUpSkat())
    cards = T.mask_cards(s.hand_masks[0])
    first = cards.pop(int(rng.random() * 12))
    second = cards.pop(int(rng.random() * 11))
    s = apply(s, Declare(Contract(GameType.GRAND), CardSet((1 << first) | (1 << second))))
    s = _reference_play(s, rng)
    assert s.end == EndReason.PLAYED_OUT
    return s.points_taken(0) + s.skat.points()


# ----- deal, random_card --------------------------------------------------------------


@given(seeds)
def test_random_deal_is_deal_shuffled(seed: int) -> None:
    d = Deal.shuffled(random.Random(seed))
    assert random_deal(random.Random(seed)) == (*d.masks, d.skat.mask)


@given(st.integers(1, 2**32 - 1), seeds)
def test_random_card_is_the_kth_card(mask: int, seed: int) -> None:
    cards = T.mask_cards(mask)
    rng = random.Random(seed)
    expected = cards[0] if len(cards) == 1 else cards[int(rng.random() * len(cards))]
    assert random_card(mask, random.Random(seed)) == expected


def test_random_card_is_uniform_enough() -> None:
    rng = random.Random(0)
    counts = [0] * 32
    mask = 0b1011_0000_0000_0001_0000_0000_1000_0001
    for _ in range(8000):
        counts[random_card(mask, rng)] += 1
    hits = [counts[c] for c in T.mask_cards(mask)]
    assert sum(hits) == 8000
    assert min(hits) > 8000 / len(hits) * 0.85


# ----- random playouts ------------------------------------------------------------------


def test_random_grand_game_equals_gamestate_on_2000_deals() -> None:
    rng_fast = random.Random(2024)
    rng_ref = random.Random(2024)
    for _ in range(2000):
        assert random_grand_game(rng_fast) == _reference_grand_game(rng_ref)
    # both consumed exactly the same random numbers
    assert rng_fast.random() == rng_ref.random()


@given(seeds, contracts(), st.integers(0, 2), st.integers(0, 65), st.integers(0, 9))
def test_random_playout_equals_gamestate(
    seed: int, contract: Contract, declarer: int, discard: int, tricks_first: int
) -> None:
    deal = Deal.shuffled(random.Random(seed))
    state = _playing_state(deal, contract, declarer, discard)
    rng = random.Random(seed ^ 0x5EED)
    # play some tricks on GameState first, so the playout starts at any seat
    state = _reference_play(state, rng, 3 * tricks_first)
    if state.phase != Phase.PLAYING:
        return
    before_points = state.points_taken(declarer)
    before_tricks = state.trick_counts[declarer]
    rng_fast = random.Random()
    rng_fast.setstate(rng.getstate())
    gt = int(contract.game_type)
    points, tricks = random_playout(state.hand_masks, gt, declarer, state.leader_index, rng_fast)
    end = _reference_play(state, rng)
    d_points = end.points_taken(declarer) - before_points
    d_tricks = end.trick_counts[declarer] - before_tricks
    if end.end == EndReason.PLAYED_OUT:
        assert (points, tricks) == (d_points, d_tricks)
        assert rng_fast.random() == rng.random()
    elif end.end == EndReason.NULL_TRICK:  # the fast playout plays on
        assert tricks >= 1
    else:
        assert end.end == EndReason.DEFENDERS_TRICK
        assert before_tricks + tricks < 10


def test_random_playout_leaves_hands_alone() -> None:
    hands = [0x3FF, 0x3FF << 10, 0x3FF << 20]
    random_playout(hands, GameType.CLUBS, 1, 2, random.Random(1))
    assert hands == [0x3FF, 0x3FF << 10, 0x3FF << 20]
    assert random_playout((0, 0, 0), 4, 0, 0, random.Random(1)) == (0, 0)


# ----- Engine -----------------------------------------------------------------------------


def _same(e: Engine, s: GameState) -> None:
    assert tuple(e.hands) == s.hand_masks
    assert tuple(e.trick) == s.trick_cards
    assert e.leader == s.leader_index
    assert e.to_move == s.to_move_index
    assert tuple(e.taken) == s.taken_masks
    assert tuple(e.trick_counts) == s.trick_counts
    assert tuple(e.tricks) == s.packed_tricks
    assert e.finished == (s.phase == Phase.FINISHED)
    if not e.finished:
        assert e.legal_cards() == [int(a.card) for a in _plays(s)]
    else:
        assert e.legal_mask() == 0
    d = s.declarer_index
    assert e.declarer_points() == s.points_taken(d)
    assert e.declarer_tricks() == s.trick_counts[d]


@given(
    seeds,
    contracts(),
    st.integers(0, 2),
    st.integers(0, 65),
    st.integers(0, 12),
    st.lists(st.tuples(st.booleans(), st.floats(0, 1, exclude_max=True)), max_size=80),
)
def test_engine_equals_gamestate(
    seed: int,
    contract: Contract,
    declarer: int,
    discard: int,
    before: int,
    ops: list[tuple[bool, float]],
) -> None:
    """Random pushes and pops on the Engine against a stack of GameStates."""
    state = _playing_state(Deal.shuffled(random.Random(seed)), contract, declarer, discard)
    state = _reference_play(state, random.Random(seed), before)
    if state.phase != Phase.PLAYING:
        return
    engine = Engine.from_state(state)
    _same(engine, state)
    stack = [state]
    pushed: list[int] = []
    for is_push, x in ops:
        top = stack[-1]
        if is_push and top.phase == Phase.PLAYING:
            plays = _plays(top)
            card = plays[int(x * len(plays))].card
            engine.push(card)
            pushed.append(card)
            stack.append(apply(top, Play(card)))  # checked: the engine's pick is legal
        elif len(stack) > 1:
            stack.pop()
            assert engine.pop() == pushed.pop()
        else:
            with pytest.raises(IndexError):
                engine.pop()
        _same(engine, stack[-1])
    while len(stack) > 1:
        stack.pop()
        engine.pop()
    _same(engine, state)


@given(seeds, contracts(), st.integers(0, 2))
def test_engine_plays_whole_deals_like_gamestate(
    seed: int, contract: Contract, declarer: int
) -> None:
    state = _playing_state(Deal.shuffled(random.Random(seed)), contract, declarer, seed)
    engine = Engine.from_state(state)
    rng = random.Random(seed)
    history = [state]
    while not engine.finished:
        card = random_card(engine.legal_mask(), rng)
        engine.push(card)
        history.append(apply(history[-1], Play(CARDS[card])))
        _same(engine, history[-1])
    assert history[-1].phase == Phase.FINISHED
    # unwind all the way, checking every position on the way back
    for s in reversed(history[:-1]):
        engine.pop()
        _same(engine, s)
    with pytest.raises(IndexError):
        engine.pop()


def test_engine_copy_is_independent() -> None:
    state = _playing_state(Deal.shuffled(3), Contract(GameType.HEARTS), 1, 0)
    engine = Engine.from_state(state)
    clone = engine.copy()
    clone.push(random_card(clone.legal_mask(), random.Random(0)))
    _same(engine, state)
    assert clone.hands != engine.hands
    with pytest.raises(IndexError):
        engine.pop()


def test_engine_needs_the_playing_phase() -> None:
    with pytest.raises(IllegalActionError):
        Engine.from_state(new_game(Deal.shuffled(1)))




def test_engine_refuses_game_types_outside_0_to_6() -> None:
    """A negative game type used to read Ramsch's tables from the end."""
    from skatlib import InvalidContractError

    with pytest.raises(InvalidContractError, match="is not a game type"):
        Engine((1, 2, 4), -1, 0)
    with pytest.raises(TypeError, match="game_type"):
        Engine((1, 2, 4), "4", 0)  # type: ignore[arg-type]
    assert Engine((1, 2, 4), GameType.GRAND, 0).game_type == 4


@given(seeds, contracts(), st.integers(0, 2))
def test_engine_early_end_table_is_ends_early(seed: int, contract: Contract,
                                              declarer: int) -> None:
    """The Engine's per-winner table is _tables.ends_early (D-10), not a copy."""
    e = Engine(random_deal(random.Random(seed))[:3], contract.game_type, declarer,
               schwarz=contract.schwarz)
    assert e._ends == tuple(T.ends_early(contract.game_type, declarer, w, contract.schwarz)
                            for w in range(3))
    assert e.copy()._ends == e._ends
