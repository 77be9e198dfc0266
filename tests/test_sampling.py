"""Sampling the hidden cards (skatlib.search.sampling).

Consistency is checked independently of the sampler: a world is consistent
exactly when the public history can be replayed through :func:`skatlib.apply`
with the world's cards (every card legal when it was played, the declarer's
discard where the world puts it) and ends with the world's hands and skat.
Uniformity is checked against that replay oracle on small positions: all
consistent worlds are enumerated by brute force, and a chi-square test compares
the sampled frequencies with the uniform distribution.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import combinations
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from int_like import IntLike
from skatlib import (
    ISKO,
    PUB,
    Card,
    CardSet,
    Contract,
    Deal,
    Discard,
    GameState,
    IllegalActionError,
    Observation,
    Phase,
    Play,
    RandomBot,
    Rules,
    Seat,
    SkatError,
    Trick,
    apply,
    legal_actions,
    new_game,
    observe,
)
from skatlib import _tables as T
from skatlib.actions import Bid, Declare, Pass, PlayHand, Push
from skatlib.errors import ArgumentTypeError
from skatlib.search.sampling import (
    SamplingError,
    World,
    count_worlds,
    is_consistent,
    sample_worlds,
    world_constraints,
    world_state,
)

SCHIEBERAMSCH = Rules(ramsch=True, schieberamsch=True)
RULES = (ISKO, PUB, Rules(kontra=True), SCHIEBERAMSCH)


def played_by(obs: Observation) -> list[int]:
    masks = [0, 0, 0]
    for t in obs.tricks:
        for i, c in enumerate(t.cards):
            masks[(int(t.leader) + i) % 3] |= 1 << c
    for i, c in enumerate(obs.current_trick):
        masks[(int(obs.leader) + i) % 3] |= 1 << c
    return masks


def replays(obs: Observation, world: World) -> bool | None:
    """The oracle: does the observed history replay with ``world``'s cards?
    ``None`` where it cannot be decided this way (Schieberamsch card pushes)."""
    if any(isinstance(a, Push) and a.discard is not None for _, a in obs.history):
        return None
    if obs.phase == Phase.PUSHING and obs.picked_up:
        return None  # a push under way: which cards were picked up is not pinned
    played = played_by(obs)
    d = int(obs.declarer) if obs.declarer is not None else -1
    dealt = [world.hands[s] | played[s] for s in range(3)]
    skat = world.skat
    discard = obs.discard.mask if obs.discard is not None else world.skat
    if d >= 0 and obs.picked_up:
        if obs.phase == Phase.DECLARING:  # twelve cards, some perhaps put away already
            twelve = world.hands[d] | world.skat
            skat = obs.skat.mask if obs.skat is not None else sum(
                1 << c for c in T.mask_cards(twelve)[-2:])
            dealt[d] = twelve & ~skat
        else:
            skat = obs.skat.mask if obs.skat is not None else discard
            dealt[d] = (dealt[d] | discard) & ~skat
    if any(m.bit_count() != 10 for m in dealt) or skat.bit_count() != 2:
        return False
    try:
        deal = Deal((CardSet(dealt[0]), CardSet(dealt[1]), CardSet(dealt[2])), CardSet(skat))
        state = new_game(deal, obs.rules)
        for _, action in obs.history:
            if isinstance(action, Declare) and action.discard is None and state.picked_up:
                action = Declare(action.contract, CardSet(discard))
            state = apply(state, action)
        if obs.phase == Phase.DECLARING and obs.picked_up:
            for c in T.mask_cards(world.skat):  # the cards put away one at a time so far
                state = apply(state, Discard(c))
        cards = [c for t in obs.tricks for c in t.cards] + list(obs.current_trick)
        for c in cards:
            state = apply(state, Play(c))
    except SkatError:
        return False
    return state.hand_masks == world.hands and state.skat_mask == world.skat


def random_state(seed: int, rules: Rules, steps: int, *, tricks: int = 10) -> GameState:
    """A deal played by random bots for ``steps`` actions, or until ``tricks``
    tricks are complete."""
    rng = random.Random(seed)
    s = new_game(Deal.shuffled(rng), rules)
    bots = [RandomBot(rng.randrange(10**6)) for _ in range(3)]
    for _ in range(steps):
        if s.phase == Phase.FINISHED or len(s.packed_tricks) >= tricks:
            break
        seat = s.to_move_index
        s = apply(s, bots[seat].act(observe(s, seat), legal_actions(s)))
    return s


@given(seed=st.integers(0, 10**9), rules=st.sampled_from(RULES), steps=st.integers(0, 60))
def test_every_sampled_world_is_consistent(seed: int, rules: Rules, steps: int) -> None:
    s = random_state(seed, rules, steps)
    rng = random.Random(seed)
    for seat in range(3):
        obs = observe(s, seat)
        truth = World(s.hand_masks, s.skat_mask)
        assert is_consistent(obs, truth)
        assert replays(obs, truth) in (True, None)
        assert count_worlds(obs) >= 1
        for world in sample_worlds(obs, 4, rng):
            assert is_consistent(obs, world)
            assert replays(obs, world) in (True, None)
            assert world.hands[seat] == s.hand_masks[seat]
            seen = (world.hands[0] | world.hands[1] | world.hands[2] | world.skat
                    | CardSet.from_cards(c for t in obs.tricks for c in t.cards).mask
                    | CardSet.from_cards(obs.current_trick).mask)
            assert seen == T.FULL


def test_what_the_declarer_and_an_open_hand_reveal() -> None:
    rng = random.Random(9)
    for _ in range(40):
        s = random_state(rng.randrange(10**6), ISKO, 40)
        if s.phase != Phase.PLAYING or s.declarer_index < 0:
            continue
        d = s.declarer_index
        mine = observe(s, d)
        for w in sample_worlds(mine, 5, rng):
            if s.picked_up:  # he knows what he put away
                assert w.skat == s.skat_mask
        defender = observe(s, (d + 1) % 3)
        for w in sample_worlds(defender, 5, rng):
            assert w.skat.bit_count() == 2
            if s.open_hand:
                assert w.hands[d] == s.hand_masks[d]


def test_schieberamsch_pushed_cards() -> None:
    """Cards a seat pushed are in the skat or with a later seat that took it;
    a pushed skat holds no jack (R-15.4)."""
    checked = 0
    for seed in range(300):
        s = random_state(seed, SCHIEBERAMSCH, 8)
        pushes = [(who, a) for who, a in s.history if isinstance(a, Push) and a.discard]
        if not pushes or s.phase != Phase.PLAYING:
            continue
        who, push = pushes[0]
        assert push.discard is not None
        obs = observe(s, who)
        pickers = {int(w) for w, a in s.history[s.history.index((who, push)):]
                   if type(a).__name__ == "PickUpSkat"}
        for w in sample_worlds(obs, 10, random.Random(seed)):
            for c in push.discard:
                if c in CardSet(T.FULL & ~obs.played.mask):
                    places = [p for p in range(3) if w.hands[p] >> c & 1]
                    assert w.skat >> c & 1 or set(places) <= pickers
            assert not w.skat & T.JACKS
        checked += 1
    assert checked >= 5


# ----------------------------------------------------------------- uniformity


def all_worlds(obs: Observation) -> list[World]:
    """Brute force: every placement of the unseen cards, kept if it replays."""
    cons = world_constraints(obs)
    unseen = [c for c, _ in cons.allowed]
    free = cons.free
    out = []

    def rec(place: int, left: list[int], placed: list[int]) -> None:
        if place == 4:
            w = World((placed[0], placed[1], placed[2]), placed[3])
            if replays(obs, w):
                out.append(w)
            return
        for pick in combinations(left, free[place]):
            mask = sum(1 << c for c in pick)
            rest = [c for c in left if not mask >> c & 1]
            rec(place + 1, rest, [*placed[:place], placed[place] | mask, *placed[place + 1:]])

    rec(0, unseen, list(cons.known))
    return out


def chi2_critical(dof: int, z: float = 3.09) -> float:
    """Wilson-Hilferty approximation of the chi-square quantile (z = 3.09: p = 0.001)."""
    h = 2 / (9 * dof)
    return dof * (1 - h + z * math.sqrt(h)) ** 3


def small_positions() -> list[Observation]:
    """Late positions (few unseen cards), some of them with voids shown."""
    found: list[Observation] = []
    constrained = 0
    for seed in range(2000):
        s = random_state(seed, ISKO, 100, tricks=7 + seed % 2)
        if s.phase != Phase.PLAYING:
            continue
        for _ in range(seed % 3):  # sometimes in the middle of a trick
            s = apply(s, legal_actions(s)[0])
        obs = observe(s, seed % 3)
        n = count_worlds(obs)
        cons = world_constraints(obs)
        free_total = sum(cons.free)
        unconstrained = math.factorial(free_total) // math.prod(
            math.factorial(f) for f in cons.free)
        if 6 <= n <= 120:
            found.append(obs)
            constrained += n < unconstrained
        if len(found) >= 8 and constrained >= 4:
            break
    assert constrained >= 4
    return found


def test_sampling_is_uniform_over_consistent_worlds() -> None:
    rng = random.Random(2024)
    for obs in small_positions():
        worlds = all_worlds(obs)
        assert len(worlds) == count_worlds(obs)
        index = {w: i for i, w in enumerate(worlds)}
        per_world = 60
        draws = sample_worlds(obs, per_world * len(worlds), rng)
        freq = [0] * len(worlds)
        for w in draws:
            freq[index[w]] += 1  # KeyError would mean an inconsistent world
        stat = sum((f - per_world) ** 2 / per_world for f in freq)
        assert stat < chi2_critical(len(worlds) - 1), (freq, stat)
        assert min(freq) > 0


# ----------------------------------------------------------------- errors and states


def test_contradictory_observations_raise() -> None:
    s = random_state(3, ISKO, 30)
    assert s.phase == Phase.PLAYING and s.packed_tricks
    obs = observe(s, 0)
    # a card both in the hand and played
    played_card = obs.tricks[0].cards[0]
    bad = attrs.evolve(obs, hand=CardSet(obs.hand.mask | 1 << played_card))
    with pytest.raises(SamplingError):
        sample_worlds(bad, 1)
    with pytest.raises(SamplingError):
        count_worlds(bad)
    assert not is_consistent(bad, World(s.hand_masks, s.skat_mask))
    assert issubclass(SamplingError, SkatError)
    # a hand with a card missing: the seat would not know its own cards
    short = attrs.evolve(obs, hand=CardSet(obs.hand.mask & (obs.hand.mask - 1)))
    with pytest.raises(SamplingError, match="should hold"):
        count_worlds(short)


def test_voids_no_world_fits() -> None:
    """Both other seats showed a void in hearts, but six hearts are unseen and
    the skat has room for two: no world fits."""
    deal = Deal.parse("HA CJ SJ HJ DJ CA CT CK CQ C9 / C8 SA ST SK SQ S9 S8 H7 H8 H9 / "
                      "S7 HQ HK HT DA DT DK DQ D9 D8 / C7 D7")
    s = new_game(deal)
    for a in (Pass(), Pass(), Bid(18), PlayHand(), Declare(Contract.parse("GH"))):
        s = apply(s, a)
    obs = observe(s, Seat.FOREHAND)
    fake = Trick(Seat.FOREHAND, (Card.HA, Card.S8, Card.S7), Seat.FOREHAND)
    impossible = attrs.evolve(obs, tricks=(fake,), hand=CardSet(obs.hand.mask & ~Card.HA.mask))
    assert count_worlds(impossible) == 0
    with pytest.raises(SamplingError, match="no deal"):
        sample_worlds(impossible, 3, random.Random(1))
    # the real history is fine
    s2 = apply(s, Play(Card.HA))
    assert count_worlds(observe(s2, Seat.FOREHAND)) > 0


def test_world_state_rebuilds_the_position() -> None:
    rng = random.Random(11)
    n = 0
    for _ in range(200):
        s = random_state(rng.randrange(10**6), rng.choice(RULES), rng.randrange(20, 60))
        if s.phase != Phase.PLAYING:
            continue
        seat = rng.randrange(3)
        ws = world_state(observe(s, seat), World(s.hand_masks, s.skat_mask))
        for field in ("hand_masks", "skat_mask", "trick_cards", "leader_index", "taken_masks",
                      "trick_counts", "declarer_index", "game_type_index", "to_move_index",
                      "packed_tricks", "contract", "open_hand",
                      "kontra", "pushes"):
            assert getattr(ws, field) == getattr(s, field), field
        assert legal_actions(ws) == legal_actions(s)
        n += 1
    assert n > 50
    with pytest.raises(SamplingError):
        world_state(observe(new_game(Deal.shuffled(1)), 0), World((0, 0, 0), 0))


def test_sampling_is_reproducible() -> None:
    s = random_state(5, ISKO, 25)
    obs = observe(s, 1)
    assert sample_worlds(obs, 5, random.Random(3)) == sample_worlds(obs, 5, 3)


_ = IllegalActionError


WRONG: Any = (0, "obs", None, (0, 0, 0), 2.0, "seed")
"""Wrong-typed arguments (typed Any: mypy would refuse them, which is the point)."""


@pytest.mark.parametrize("call", [
    lambda: count_worlds(WRONG[0]), lambda: sample_worlds(WRONG[0], 1),
    lambda: world_state(WRONG[0], WRONG[0]), lambda: world_constraints(WRONG[1]),
    lambda: is_consistent(WRONG[2], WRONG[2]),
])
def test_a_non_observation_is_a_type_error(call: Callable[[], object]) -> None:
    """CONTRIBUTING "Errors and types" (the API fuzz finding): not an AttributeError."""
    with pytest.raises(ArgumentTypeError, match=r"obs(ervation)? must be an Observation"):
        call()


def test_sample_worlds_and_world_state_check_their_other_arguments() -> None:
    s = new_game(Deal.shuffled(4))
    for a in (Pass(), Pass(), Bid(18), PlayHand(), Declare(Contract.parse("GH"))):
        s = apply(s, a)
    o = observe(s, 1)
    with pytest.raises(ArgumentTypeError, match="n must be an int"):
        sample_worlds(o, WRONG[4])
    with pytest.raises(ArgumentTypeError, match=r"rng must be a random\.Random"):
        sample_worlds(o, 1, rng=WRONG[5])
    with pytest.raises(ArgumentTypeError, match="world must be a World"):
        world_state(o, WRONG[3])
    with pytest.raises(ArgumentTypeError, match="world must be a World"):
        is_consistent(o, WRONG[0])
    # an int-like seed and count (operator.index accepts them, as numpy integers)
    one: Any = IntLike(1)
    five: Any = IntLike(5)
    world = sample_worlds(o, one, rng=five)[0]
    assert world == sample_worlds(o, 1, rng=5)[0]
    assert is_consistent(o, world) and world_state(o, world).phase == Phase.PLAYING


def test_sample_worlds_refuses_a_negative_count_and_a_negative_seed() -> None:
    """``sample_worlds(o, -1)`` returned ``[]`` as if asked for nothing, and
    ``rng=-5`` drew the worlds of ``rng=5`` (``random.seed(-n)`` is ``random.seed(n)``):
    both are refused, the seed as every other seed is (``BAD_SEED``)."""
    s = new_game(Deal.shuffled(4))
    for a in (Pass(), Pass(), Bid(18), PlayHand(), Declare(Contract.parse("GH"))):
        s = apply(s, a)
    o = observe(s, 1)
    for n in (-1, IntLike(-3)):
        with pytest.raises(SamplingError, match="at least 0, not -"):
            sample_worlds(o, n)  # type: ignore[arg-type]
    with pytest.raises(SkatError, match="rng -5 is negative") as info:
        sample_worlds(o, 1, rng=-5)
    assert info.value.reason.name == "BAD_SEED"
    assert sample_worlds(o, 0) == [] and len(sample_worlds(o, 2, rng=5)) == 2


@pytest.mark.parametrize("hands, skat", [
    ((1, 2), 8), (1, 8), ("abc", 8), ((1, 1, 4), 8), ((1, 2, 4), 1), ((1, 2, "x"), 8),
    ((1, 2, 4), -1), ((1, 2, 4), 2**40), ((1, 2, 4), None), ((True, 2, 4), 8),
])
def test_world_refuses_what_is_no_placement_of_cards(hands: object, skat: object) -> None:
    """``World`` (H-55): three hands and a skat as 32-bit masks sharing no card; a wrong
    type is an ArgumentTypeError, a wrong value a SkatError (it took anything before)."""
    from skatlib import SkatError
    from skatlib.search import World

    with pytest.raises((TypeError, SkatError)):
        World(hands, skat)


def test_sampled_worlds_are_what_the_checked_constructor_builds() -> None:
    """The sampler builds its worlds without World's checks: they pass them."""
    from skatlib import Deal, GameState, observe
    from skatlib.search import World, sample_worlds

    s = GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT")
    for w in sample_worlds(observe(s, 1), 20, rng=5):
        assert World(w.hands, w.skat) == w
