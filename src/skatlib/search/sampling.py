"""Worlds consistent with what one seat has seen: the hidden-card sampler of
Perfect Information Monte Carlo (PIMC).

A seat sees its own cards, every card played and by whom, and sometimes more
(its own skat and discard as declarer, an open declarer hand).  A *world* is
one way to put the cards it has not seen into the other hands and the skat:
:func:`sample_worlds` draws worlds **uniformly** among all worlds consistent
with everything the :class:`~skatlib.Observation` proves:

* the seat's own hand, and every card played, in order, with who played it;
* voids: a seat that did not follow the suit led (its *effective* suit: in suit
  and grand games every jack is a trump) holds no card of that suit now;
* the declarer's own skat and discard, an ouvert or claimed (open) hand;
* hand sizes, the current trick included, and the skat's two cards: a
  defender knows the skat holds two cards he has not seen (the discard after
  a pickup, the untouched skat in a hand game);
* Schieberamsch: cards this seat pushed are in the skat or with a later seat
  who took it up, and a skat that was pushed holds no jack (unless
  ``Rules.push_jacks``).

Sampling is exact, not by rejection: the unseen cards are grouped by the set
of places each may be in, the consistent worlds are counted by dynamic
programming over those groups (how many cards of a group go to each place,
times the multinomial number of ways), and a world is drawn group by group
with those counts as weights, then the cards of each group are shuffled into
their places.  Every consistent world has probability exactly 1/N.

>>> import random
>>> from skatlib import Deal, new_game, observe, Seat
>>> o = observe(new_game(Deal.shuffled(3)), Seat.FOREHAND)
>>> count_worlds(o)                  # 22 unseen cards: C(22,10) * C(12,10)
42678636
>>> w = sample_worlds(o, 1, random.Random(1))[0]
>>> [len(h) for h in w.hand_sets], len(w.skat_set)
([10, 10, 10], 2)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from math import comb

import attrs

from .. import _tables as T
from ..actions import Action, Bid, Declare, Hold, Pass, PickUpSkat, Play, Push
from ..cards import CardSet, _mask_value
from ..deal import Deal, Seat
from ..errors import (
    IllegalActionError,
    InvalidCardsError,
    Reason,
    SamplingError,
    as_int,
    as_iterator,
    as_seed,
    type_error,
)
from ..observation import Observation
from ..state import GameState, Phase
from ..state._machine import talk_actions

__all__ = [
    "SamplingError",
    "World",
    "count_worlds",
    "is_consistent",
    "sample_worlds",
    "world_constraints",
    "world_state",
]

SKAT = 3
"""Index of the skat among the four places (seats 0..2, skat 3)."""
_new_world = object.__new__
_set_field = object.__setattr__


def _world_hands(value: object) -> tuple[int, int, int]:
    items = as_iterator(value, "hands", "three card masks (ints)")
    masks = tuple(_mask_value(m, "hands") for m in itertools.islice(items, 4))
    if len(masks) != 3:
        raise InvalidCardsError(f"a world has three hands, not {len(masks)}",
                                Reason.WRONG_CARD_COUNT)
    if masks[0] & masks[1] or masks[0] & masks[2] or masks[1] & masks[2]:
        raise InvalidCardsError("the hands of a world share a card", Reason.DUPLICATE_CARD)
    return masks


def _world_skat(value: object) -> int:
    return _mask_value(value, "skat")


@attrs.frozen
class World:
    """One placement of every card not yet played: the three current hands and
    the skat as it lies now (the discard after a pickup), as masks.

    The masks are ints 0..0xFFFFFFFF (for a :class:`~skatlib.CardSet` give its
    ``.mask``); the four places share no card."""

    hands: tuple[int, int, int] = attrs.field(converter=_world_hands)
    skat: int = attrs.field(converter=_world_skat)

    def __attrs_post_init__(self) -> None:
        if self.skat & (self.hands[0] | self.hands[1] | self.hands[2]):
            raise InvalidCardsError("the skat of a world shares a card with a hand",
                                    Reason.DUPLICATE_CARD)

    @property
    def hand_sets(self) -> tuple[CardSet, CardSet, CardSet]:
        """The hands as :class:`~skatlib.CardSet`."""
        return (CardSet(self.hands[0]), CardSet(self.hands[1]), CardSet(self.hands[2]))

    @property
    def skat_set(self) -> CardSet:
        """The skat as a :class:`~skatlib.CardSet`."""
        return CardSet(self.skat)

    def place(self, index: int) -> int:
        """Place 0..2 (a seat) or 3 (the skat) as a mask."""
        return self.skat if index == SKAT else self.hands[index]


@attrs.frozen
class Constraints:
    """What an observation fixes: the cards known in each place, how many
    unknown cards each place still takes, and where each unseen card may be
    (a 4-bit mask over seats 0..2 and the skat)."""

    known: tuple[int, int, int, int]
    free: tuple[int, int, int, int]
    allowed: tuple[tuple[int, int], ...]
    """``(card, places mask)`` for every unseen card, lowest card first."""

    def admits(self, world: World) -> bool:
        """True if ``world`` satisfies these constraints."""
        allowed = dict(self.allowed)
        seen = 0
        for place in range(4):
            mask = world.place(place)
            known = self.known[place]
            if mask & known != known or mask & seen:
                return False
            seen |= mask
            extra = mask & ~known
            if extra.bit_count() != self.free[place]:
                return False
            while extra:
                low = extra & -extra
                if not allowed.get(low.bit_length() - 1, 0) >> place & 1:
                    return False
                extra ^= low
        return True


def _observation(value: object, name: str = "observation") -> Observation:
    """``value`` if it is an :class:`~skatlib.Observation` (CONTRIBUTING, "Errors and
    types"); a :class:`TypeError` naming ``name`` otherwise."""
    if isinstance(value, Observation):
        return value
    raise type_error(name, "an Observation (from observe)", value)


def _world(value: object) -> World:
    """``value`` if it is a :class:`World`; a :class:`TypeError` naming ``world``
    otherwise."""
    if isinstance(value, World):
        return value
    raise type_error("world", "a World (from sample_worlds)", value)


def _seat_of_plays(obs: Observation) -> Iterator[tuple[int, int, int]]:
    """(seat, card, position in its trick) for every card played, in order."""
    for trick in obs.tricks:
        for i, c in enumerate(trick.cards):
            yield (int(trick.leader) + i) % 3, int(c), i
    for i, c in enumerate(obs.current_trick):
        yield (int(obs.leader) + i) % 3, int(c), i


def _game_type(obs: Observation) -> int:
    if obs.contract is not None:
        return int(obs.contract.game_type)
    return T.RAMSCH


def _card_pushes(obs: Observation) -> bool:
    return any(isinstance(a, Push) and a.discard is not None for _, a in obs.history)


def world_constraints(obs: Observation) -> Constraints:
    """The constraints :func:`sample_worlds` samples from (see the module docs).

    :raises SamplingError: if the observation contradicts itself.
    :raises TypeError: if ``obs`` is not an :class:`~skatlib.Observation`.
    """
    obs = _observation(obs, "obs")
    seat = int(obs.seat)
    played = [0, 0, 0]
    played_mask = 0
    for who, card, _ in _seat_of_plays(obs):
        if played_mask >> card & 1:
            raise SamplingError(f"card {CardSet(1 << card)} was played twice")
        played[who] += 1
        played_mask |= 1 << card
    sizes = [10 - played[s] for s in range(3)]
    skat_size = 2
    d = int(obs.declarer) if obs.declarer is not None else -1
    if obs.phase == Phase.DECLARING and obs.picked_up and d >= 0:
        sizes[d] = 12 - obs.put_away  # the cards put away so far lie in the skat
        skat_size = obs.put_away
    if obs.phase == Phase.PUSHING and obs.picked_up and obs.to_move is not None:
        sizes[int(obs.to_move)] = 12 - obs.put_away
        skat_size = obs.put_away
    known = [0, 0, 0, 0]
    known[seat] = obs.hand.mask
    if obs.declarer_hand is not None and d >= 0:
        known[d] |= obs.declarer_hand.mask
    if obs.discard is not None:
        known[SKAT] = obs.discard.mask
    elif obs.skat is not None and not obs.picked_up and not _card_pushes(obs):
        known[SKAT] = obs.skat.mask
    caps = [*sizes, skat_size]
    seen = played_mask
    for place in range(4):
        if seen & known[place]:
            raise SamplingError(
                f"{CardSet(seen & known[place])} is seen in two places (hand, skat, "
                "open hand or played)")
        seen |= known[place]
        if known[place].bit_count() > caps[place]:
            where = "the skat" if place == SKAT else f"seat {place}"
            raise SamplingError(f"{where} holds {known[place].bit_count()} known cards but "
                                f"only {caps[place]} fit")
    free = tuple(caps[p] - known[p].bit_count() for p in range(4))
    exact = [seat] + ([d] if obs.declarer_hand is not None and d >= 0 else [])
    if known[SKAT]:
        exact.append(SKAT)
    for place in exact:  # places the seat sees completely
        if free[place]:
            where = "the skat" if place == SKAT else f"seat {place}"
            raise SamplingError(f"{where} should hold {caps[place]} cards but "
                                f"{known[place].bit_count()} are shown")
    unseen = T.FULL & ~seen
    if unseen.bit_count() != sum(free):
        raise SamplingError(f"{unseen.bit_count()} unseen cards do not fill the {sum(free)} "
                            "free places (hand sizes and skat do not add up)")
    allowed = {c: 0b1111 for c in T.mask_cards(unseen)}
    for place in range(4):
        if not free[place]:
            for c in allowed:
                allowed[c] &= ~(1 << place)
    # voids shown by not following the effective suit led
    gt = _game_type(obs)
    led = -1
    for who, card, pos in _seat_of_plays(obs):
        if pos == 0:
            led = card
            continue
        suit = T.FOLLOW[gt][led]
        if not suit >> card & 1:
            for c in T.mask_cards(suit & unseen):
                allowed[c] &= ~(1 << who)
    # Schieberamsch: own pushed cards, and no jacks in a pushed skat
    _push_constraints(obs, seat, unseen, allowed)
    return Constraints((known[0], known[1], known[2], known[3]),
                       (free[0], free[1], free[2], free[3]), tuple(sorted(allowed.items())))


def _push_constraints(obs: Observation, seat: int, unseen: int, allowed: dict[int, int]) -> None:
    mine = 0
    later_pickers = 0
    any_card_push = False
    for who, action in obs.history:
        if isinstance(action, Push) and action.discard is not None:
            any_card_push = True
            if int(who) == seat:
                mine = action.discard.mask
                later_pickers = 0
        elif isinstance(action, PickUpSkat) and mine and int(who) != seat:
            later_pickers |= 1 << int(who)
    if mine:
        for c in T.mask_cards(mine & unseen):
            allowed[c] &= later_pickers | (1 << SKAT)
    if any_card_push and not obs.rules.push_jacks:
        for c in T.mask_cards(T.JACKS & unseen):
            allowed[c] &= ~(1 << SKAT)


# ----------------------------------------------------------------- exact counting


class _Counter:
    """Counts worlds: the unseen cards grouped by their places mask."""

    def __init__(self, cons: Constraints) -> None:
        groups: dict[int, list[int]] = {}
        for card, mask in cons.allowed:
            groups.setdefault(mask, []).append(card)
        self.groups = sorted(groups.items())
        self.memo: dict[tuple[int, tuple[int, int, int, int]], int] = {}
        self.free = cons.free
        self.known = cons.known

    def splits(self, n: int, mask: int, caps: tuple[int, int, int, int]
               ) -> Iterator[tuple[int, int, int, int]]:
        """Ways to put ``n`` cards into the places of ``mask`` within ``caps``."""
        places = [p for p in range(4) if mask >> p & 1]

        def rec(i: int, left: int, acc: list[int]) -> Iterator[tuple[int, int, int, int]]:
            if i == len(places) - 1:
                p = places[i]
                if left <= caps[p]:
                    acc[p] = left
                    yield (acc[0], acc[1], acc[2], acc[3])
                    acc[p] = 0
                return
            p = places[i]
            for k in range(min(left, caps[p]) + 1):
                acc[p] = k
                yield from rec(i + 1, left - k, acc)
            acc[p] = 0

        if not places:
            if n == 0:
                yield (0, 0, 0, 0)
            return
        yield from rec(0, n, [0, 0, 0, 0])

    def count(self, i: int, caps: tuple[int, int, int, int]) -> int:
        if i == len(self.groups):
            return 1 if caps == (0, 0, 0, 0) else 0
        key = (i, caps)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        mask, cards = self.groups[i]
        total = 0
        for x in self.splits(len(cards), mask, caps):
            rest = self.count(i + 1, (caps[0] - x[0], caps[1] - x[1], caps[2] - x[2],
                                      caps[3] - x[3]))
            if rest:
                total += _multinomial(len(cards), x) * rest
        self.memo[key] = total
        return total

    def sample(self, rng: random.Random) -> World:
        caps = self.free
        places = list(self.known)
        for i, (mask, cards) in enumerate(self.groups):
            r = rng.randrange(self.count(i, caps))
            chosen = None
            for x in self.splits(len(cards), mask, caps):
                nxt = (caps[0] - x[0], caps[1] - x[1], caps[2] - x[2], caps[3] - x[3])
                weight = _multinomial(len(cards), x) * self.count(i + 1, nxt)
                if r < weight:
                    chosen = (x, nxt)
                    break
                r -= weight
            assert chosen is not None
            x, caps = chosen
            order = list(cards)
            rng.shuffle(order)
            k = 0
            for p in range(4):
                for c in order[k:k + x[p]]:
                    places[p] |= 1 << c
                k += x[p]
        # the four places partition the unseen cards: no need for World's checks
        world = _new_world(World)
        _set_field(world, "hands", (places[0], places[1], places[2]))
        _set_field(world, "skat", places[3])
        return world


def _multinomial(n: int, parts: tuple[int, int, int, int]) -> int:
    out = 1
    left = n
    for k in parts:
        out *= comb(left, k)
        left -= k
    return out


def count_worlds(observation: Observation) -> int:
    """How many worlds are consistent with ``observation``.

    :raises SamplingError: if the observation contradicts itself.
    :raises TypeError: if ``observation`` is not an :class:`~skatlib.Observation`.
    """
    cons = world_constraints(_observation(observation))
    return _Counter(cons).count(0, cons.free)


def sample_worlds(observation: Observation, n: int,
                  rng: random.Random | int | None = None) -> list[World]:
    """``n`` worlds drawn independently and uniformly among those consistent with
    ``observation`` (see the module docs).

    :param rng: a :class:`random.Random` (or a seed) for reproducible draws.
    :raises SamplingError: if no world fits the observation, or for a negative ``n``.
    :raises SkatError: ``BAD_SEED`` for a negative int seed (it would draw like its
        absolute value).
    :raises TypeError: for an ``observation`` that is not an Observation, an ``n``
        that is not an int, or an ``rng`` that is neither a Random, an int nor None.
    """
    obs = _observation(observation)
    count = as_int(n, "n")
    if count < 0:
        raise SamplingError(f"n is the number of worlds to draw, at least 0, not {count}",
                            Reason.BAD_TABLE)
    if not isinstance(rng, random.Random):
        seed = None if rng is None else as_seed(
            rng, "rng", "a random.Random, an int seed or None", "draw")
        rng = random.Random(seed)
    cons = world_constraints(obs)
    counter = _Counter(cons)
    if counter.count(0, cons.free) == 0:
        raise SamplingError("no deal of the unseen cards fits this observation (the voids "
                            "shown and the hand sizes contradict each other)")
    return [counter.sample(rng) for _ in range(count)]


def is_consistent(observation: Observation, world: World) -> bool:
    """True if ``world`` could be the truth behind ``observation``.

    :raises TypeError: for an ``observation`` or ``world`` of another type.
    """
    obs = _observation(observation)
    w = _world(world)
    try:
        cons = world_constraints(obs)
    except SamplingError:
        return False
    return cons.admits(w)


# ----------------------------------------------------------------- worlds as states


def world_state(observation: Observation, world: World) -> GameState:
    """The :class:`~skatlib.GameState` of ``world`` positioned like the observation
    (card play only): same tricks, current trick, leader, contract and
    announcements, with the world's hands and skat.  Cards nobody at the table
    has seen are filled in from the world: a defender's view of a pickup game
    assumes the declarer found the cards he put away (his matadors and the
    record's deal may therefore differ from the real ones; the card play does
    not).

    :raises SamplingError: outside card play.
    :raises TypeError: for an ``observation`` or ``world`` of another type.
    """
    o = _observation(observation)
    world = _world(world)
    if o.phase != Phase.PLAYING:
        raise SamplingError(f"world_state needs an observation in card play, not "
                            f"{o.phase.name}", Reason.WRONG_PHASE)
    d = int(o.declarer) if o.declarer is not None else -1
    played = [0, 0, 0]
    cards: list[Action] = []
    for who, card, _ in _seat_of_plays(o):
        played[who] |= 1 << card
        cards.append(Play(card))
    hands = world.hands
    skat = world.skat
    dealt = [hands[s] | played[s] for s in range(3)]
    original_skat = skat
    if d >= 0 and o.picked_up and o.skat is not None and int(o.seat) == d:
        original_skat = o.skat.mask
        dealt[d] = (dealt[d] | skat) & ~original_skat
    history: list[tuple[Seat, Action]] = list(o.history)
    if _card_pushes(o):
        original_skat = _fill_pushes(o, history, dealt, skat)
    for i, (who, action) in enumerate(history):
        if isinstance(action, Declare) and o.picked_up and action.discard is None \
                and not action.contract.hand:
            history[i] = (who, Declare(action.contract, CardSet(skat)))  # a hidden discard
    talk = talk_actions(d, o.contract is not None and o.contract.ouvert,
                        o.declarer_hand is not None, o.claim_pending,
                        sum(1 << int(x) for x in o.conceded)) if d >= 0 else []
    ramsch_round = not any(isinstance(a, (Bid, Hold, Pass)) for _, a in o.history)
    try:
        deal = Deal((CardSet(dealt[0]), CardSet(dealt[1]), CardSet(dealt[2])),
                    CardSet(original_skat))
        return GameState.from_position(deal, [*history, *cards, *talk], rules=o.rules,
                                       ramsch=ramsch_round)
    except (IllegalActionError, InvalidCardsError) as exc:
        raise SamplingError(f"the world {world} does not fit the observation: {exc}",
                            Reason.BAD_RECORD) from exc


def _fill_pushes(o: Observation, history: list[tuple[Seat, Action]], dealt: list[int],
                 final_skat: int) -> int:
    """Fill in the hidden Schieberamsch pushes of a world (in place, adjusting the
    pushers' dealt hands) and return the dealt skat.

    The skat after each push is known where the observation pins it: the skat as it
    lies now after the last one, the observer's own push (what it pushed, and what it
    picked up: its twelve cards less its dealt hand), and through every push on unseen
    (which leaves the skat as it was).  A skat nobody pins is taken to be the one
    next to it (the simplest consistent world: a hidden push pushed on what it had
    picked up).  A hidden push then pushed the skat after it and had picked up the
    skat before it."""
    entries = [i for i, (_, a) in enumerate(history) if isinstance(a, Push)]
    k = len(entries)
    after: list[int | None] = [None] * (k + 1)  # after[j]: the skat after entry j (0: dealt)
    after[k] = final_skat
    seat = int(o.seat)
    for j, i in enumerate(entries, 1):
        who, action = history[i]
        if int(who) == seat and action.discard:  # type: ignore[union-attr]
            pushed = action.discard.mask  # type: ignore[union-attr]
            after[j] = pushed
            after[j - 1] = (dealt[seat] | pushed) & ~o.dealt_hand.mask
    for _ in range(2 * k + 2):  # unseen pushes and unpinned skats take their neighbour's
        for j, i in enumerate(entries, 1):
            unseen = history[i][1].discard is None  # type: ignore[union-attr]
            if after[j] is None and after[j - 1] is not None and unseen:
                after[j] = after[j - 1]
            if after[j - 1] is None and after[j] is not None:
                after[j - 1] = after[j]
    for j, i in enumerate(entries, 1):
        who, action = history[i]
        w = int(who)
        before, now = after[j - 1], after[j]
        assert before is not None and now is not None
        if action.discard is None or (w == seat and action.discard):  # type: ignore[union-attr]
            if w == seat and action.discard:  # type: ignore[union-attr]
                dealt[w] = (dealt[w] | now) & ~before
            continue
        history[i] = (who, Push(CardSet(now)))  # a hidden push of two cards
        dealt[w] = (dealt[w] | now) & ~before
    dealt_skat = after[0]
    assert dealt_skat is not None
    return dealt_skat
