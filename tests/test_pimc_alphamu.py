"""alphamu_wins (skatlib.bots.pimc): the card play of the seat to move searched as
one plan across the worlds it cannot tell apart (alpha-mu, Cazenave and Ventos
2020), for the declarer and for a defender."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import CardSet, Reason, SkatError
from skatlib import _tables as T
from skatlib.bots.pimc import _declarer_wins, alphamu_wins
from skatlib.errors import SolverError
from skatlib.search.solver import Position, SearchAborted, Solver

_NULL = T.NULL


def endgame(seed: int, size: int = 3, worlds: int = 8) -> tuple[list[Position], int]:
    """A random endgame: ``size`` cards in each hand, the declarer (seat 0) to
    lead, and up to ``worlds`` of the ways the defenders' cards can lie; the
    declarer's card points so far make the win (61) reachable but not sure."""
    rng = random.Random(seed)
    cards = rng.sample(range(32), 3 * size)
    gt = rng.randrange(6)
    mine = sum(1 << c for c in cards[:size])
    theirs = cards[size:]
    left = sum(T.CARD_POINTS[c] for c in cards)
    points = 0 if gt == _NULL else rng.randint(max(0, T.WIN_POINTS - left),
                                               T.WIN_POINTS - 1)
    splits = list(itertools.combinations(theirs, size))
    rng.shuffle(splits)
    out = []
    for hand in splits[:worlds]:
        a = sum(1 << c for c in hand)
        b = sum(1 << c for c in theirs) & ~a
        out.append(Position(gt, 0, (mine, a, b), (), 0, points, False))
    return out, T.WIN_POINTS


def won(solver: Solver, pos: Position, win: int) -> bool:
    """The declarer's double-dummy verdict (also at the end of the game)."""
    return _declarer_wins(solver, pos, win)


@pytest.mark.parametrize("gt, points, stop, ended, verdict", [
    (0, 61, False, False, True),    # ISkO 5.2.2: 61 card points win a suit game
    (0, 60, False, False, False),
    (4, 90, False, False, True),    # ISkO 5.2.5: schneider announced, 90 needed
    (4, 89, False, False, False),
    (_NULL, 0, False, False, True),   # ISkO 5.2.7: a null declarer who took no trick
    (_NULL, 0, False, True, False),   # D-10: he took one, the game ended there
    (3, 120, True, False, True),    # ISkO 5.2.6: schwarz announced, every trick taken
    (3, 100, True, True, False),    # D-10: the defenders took a trick
])
def test_the_verdict_at_the_end_of_the_game(gt: int, points: int, stop: bool, ended: bool,
                                            verdict: bool) -> None:
    """The leaves of alphamu_wins include finished games: the verdict there is the
    rule's, with no search."""
    pos = Position(gt, 0, (0, 0, 0), (), 0, points, stop, ended)
    win = 90 if points in (89, 90) else T.WIN_POINTS
    assert pos.finished and won(Solver(), pos, win) is verdict


Strategy = dict[tuple[int, ...], int]
"""The partner's card at each of his turns before the next turn of the seat
that plans, by the cards played since its card."""


def same_side(pos: Position, a: int, b: int) -> bool:
    return a == b or (a != pos.declarer and b != pos.declarer)


def partner_strategies(pos: Position, me: int, line: tuple[int, ...] = ()
                       ) -> list[Strategy]:
    """Every pure strategy of ``me``'s partner (a defender's) from ``pos`` up to
    ``me``'s next turn or the end; ``[{}]`` if he has no turn there."""
    if pos.finished or pos.to_move == me:
        return [{}]
    cards = T.mask_cards(pos.legal_mask())
    if same_side(pos, pos.to_move, me):
        return [{line: c, **rest} for c in cards
                for rest in partner_strategies(pos.play(c), me, (*line, c))]
    combos: list[Strategy] = [{}]
    for c in cards:
        combos = [{**a, **b} for a in combos
                  for b in partner_strategies(pos.play(c), me, (*line, c))]
    return combos


def lines_to_next_turn(pos: Position, me: int, partner: Strategy,
                       line: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], Position]]:
    """Every sequence of the others' cards from ``pos`` to ``me``'s next turn
    (or the end), the partner playing by ``partner``, with the position it
    leads to."""
    if pos.finished or pos.to_move == me:
        return [(line, pos)]
    if same_side(pos, pos.to_move, me):
        c = partner[line]
        return lines_to_next_turn(pos.play(c), me, partner, (*line, c))
    return [x for c in T.mask_cards(pos.legal_mask())
            for x in lines_to_next_turn(pos.play(c), me, partner, (*line, c))]


def side_wins(solver: Solver, pos: Position, me: int, win: int) -> bool:
    return won(solver, pos, win) == (me == pos.declarer)


def reference(worlds: list[Position], card: int, win: int, solver: Solver) -> int:
    """The most worlds the side of the seat to move wins after ``card`` with one
    choice of its next card for each thing it may see by then, the others
    choosing in each world knowing every card -- by trying every set of worlds
    and every way the partner (if any) may play in each of them: a set is
    winnable when, for some choice of the partner's strategy in each world, for
    each sequence of the others' cards up to the next turn, one card wins in
    every world of the set where that sequence can happen.  (alpha-mu with
    depth 2, by its definition.)"""
    me = worlds[0].to_move
    after = [w.play(card) for w in worlds]
    strategies = [partner_strategies(p, me) for p in after]
    for size in range(len(worlds), 0, -1):
        for chosen in itertools.combinations(range(len(worlds)), size):
            for plan in itertools.product(*(strategies[w] for w in chosen)):
                seen = {w: dict(lines_to_next_turn(after[w], me, s))
                        for w, s in zip(chosen, plan)}
                if winnable(seen, me, win, solver):
                    return size
    return 0


def winnable(seen: dict[int, dict[tuple[int, ...], Position]], me: int, win: int,
             solver: Solver) -> bool:
    """For each line seen in some world, one next card wins every world of
    ``seen`` that line can happen in (at the end: every such world is won)."""
    every_line = {line for lines in seen.values() for line in lines}
    for line in every_line:
        here = [lines[line] for lines in seen.values() if line in lines]
        if here[0].finished:
            if not all(side_wins(solver, p, me, win) for p in here):
                return False
        elif not any(all(side_wins(solver, p.play(c), me, win) for p in here)
                     for c in T.mask_cards(here[0].legal_mask())):
            return False
    return True


def defender_endgame(seed: int, worlds: int = 5) -> tuple[list[Position], int]:
    """A random endgame for a defender: the declarer (seat 0) has led, the
    partner (seat 1) followed, and the defender in seat 2 plays third with three
    cards; the declarer's and partner's two cards each and the skat's points are
    what the defender cannot see, dealt in up to ``worlds`` ways."""
    rng = random.Random(seed)
    cards = rng.sample(range(32), 9)
    gt = rng.randrange(6)
    mine = sum(1 << c for c in cards[:3])
    trick = (cards[3], cards[4])
    theirs = cards[5:]
    unseen = sum(1 << c for c in theirs)
    left = sum(T.CARD_POINTS[c] for c in cards)
    splits = list(itertools.combinations(theirs, 2))
    rng.shuffle(splits)
    out = []
    for hand in splits[:worlds]:
        a = sum(1 << c for c in hand)
        b = unseen & ~a
        points = 0 if gt == _NULL else rng.randint(max(0, T.WIN_POINTS - left),
                                                   T.WIN_POINTS - 1)
        out.append(Position(gt, 0, (a, b, mine), trick, 0, points, False))
    return out, T.WIN_POINTS


def check_against_reference(worlds: list[Position], win: int) -> bool:
    """Depth 2 against :func:`reference` for every card of the seat to move;
    True if some card wins fewer worlds than double dummy (a guess later)."""
    solver = Solver()
    me = worlds[0].to_move
    wins = alphamu_wins(worlds, 2, win=win, solver=solver)
    fused = False
    for card, n in wins.items():
        assert n == reference(worlds, card, win, solver)
        fused |= n < sum(side_wins(solver, w.play(card), me, win) for w in worlds)
    return fused


@pytest.mark.parametrize("seed", [50, 163, 200, 498, 529, 531])
def test_depth_two_is_the_best_single_plan_where_a_guess_follows(seed: int) -> None:
    """Endgames where a card's line needs a guess later (about one in a hundred
    of these random ones): depth 2 equals the most worlds one plan for the
    declarer's next card wins, found by trying every set of worlds, and is
    below the double-dummy count."""
    assert check_against_reference(*endgame(seed))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_depth_two_is_the_best_single_plan(seed: int) -> None:
    """The same on any endgame."""
    check_against_reference(*endgame(seed))


@pytest.mark.parametrize("seed", [92, 205, 248, 332, 372])
def test_a_defender_plans_once_and_his_partner_chooses_per_world(seed: int) -> None:
    """A defender to move: depth 2 equals the most worlds one plan for his next
    card wins for the defence, found by trying every set of worlds and every
    way his partner, who in each world knows every card, may play there; in
    these endgames some card wins fewer worlds than double dummy."""
    assert check_against_reference(*defender_endgame(seed))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_a_defenders_plan_is_the_best_single_plan(seed: int) -> None:
    """The same on any such endgame."""
    check_against_reference(*defender_endgame(seed))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_a_defenders_counts_are_the_defences_wins(seed: int) -> None:
    """For a defender, depth 1 counts the worlds in which the declarer loses
    double dummy after each card; deeper plans win no more; in one world
    every depth agrees."""
    worlds, win = defender_endgame(seed, 6)
    solver = Solver()
    one = alphamu_wins(worlds, 1, win=win, solver=solver)
    assert one == {c: sum(not won(solver, w.play(c), win) for w in worlds)
                   for c in T.mask_cards(worlds[0].legal_mask())}
    two = alphamu_wins(worlds, 2, win=win, solver=solver)
    three = alphamu_wins(worlds, 3, win=win, solver=solver)
    assert all(three[c] <= two[c] <= one[c] for c in one)
    single = worlds[:1]
    assert alphamu_wins(single, 3, win=win, solver=solver) == \
        alphamu_wins(single, 1, win=win, solver=solver)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 4))
def test_depth_one_is_pimc_and_deeper_plans_win_no_more(seed: int, size: int) -> None:
    """Depth 1 counts the worlds each card wins double dummy (PIMC's count);
    each further decision bound to one plan can only lose worlds."""
    worlds, win = endgame(seed, size, 10)
    solver = Solver()
    one = alphamu_wins(worlds, 1, win=win, solver=solver)
    assert one == {c: sum(won(solver, w.play(c), win) for w in worlds)
                   for c in T.mask_cards(worlds[0].legal_mask())}
    two = alphamu_wins(worlds, 2, win=win, solver=solver)
    three = alphamu_wins(worlds, 3, win=win, solver=solver)
    assert all(three[c] <= two[c] <= one[c] for c in one)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 4))
def test_in_one_world_there_is_nothing_to_guess(seed: int, depth: int) -> None:
    """With one world the declarer knows the cards: every depth is double dummy."""
    worlds, win = endgame(seed, 3, 1)
    solver = Solver()
    assert alphamu_wins(worlds, depth, win=win, solver=solver) == \
        alphamu_wins(worlds, 1, win=win, solver=solver)


def test_a_line_that_needs_a_guess_later_counts_less() -> None:
    """Spades trump, the declarer leads with his last three cards (DA S7 HA) and
    41 card points: leading the trump seven wins in 16 of the 20 ways the
    defenders' six cards can lie if he can choose his next card in each world
    apart, in 12 with one choice for the worlds he cannot tell apart; cashing
    the diamond ace wins in 14 either way, so alpha-mu leads it and PIMC's count
    the trump."""
    mine = CardSet.parse("DA S7 HA").mask
    theirs = CardSet.parse("SK DT HT C7 SQ D7")
    worlds = []
    for hand in itertools.combinations(theirs, 3):
        a = CardSet.from_cards(hand)
        worlds.append(Position(2, 0, (mine, a.mask, (theirs - a).mask), (), 0, 41, False))
    names = {T.mask_cards(CardSet.parse(n).mask)[0]: n for n in ("DA", "S7", "HA")}
    one = {names[c]: n for c, n in alphamu_wins(worlds, 1).items()}
    two = {names[c]: n for c, n in alphamu_wins(worlds, 2).items()}
    assert one == {"DA": 14, "S7": 16, "HA": 4}
    assert two == {"DA": 14, "S7": 12, "HA": 4}


def test_equivalent_cards_get_their_representatives_count() -> None:
    """Cards the solver calls equivalent (no unplayed card between them) are
    searched once and reported each."""
    worlds, win = endgame(3, 4, 6)
    solver = Solver()
    wins = alphamu_wins(worlds, 2, win=win, solver=solver)
    assert set(wins) == set(T.mask_cards(worlds[0].legal_mask()))
    for card, rep in solver.equivalent_moves(worlds[0]).items():
        assert wins[card] == wins[rep]


def test_the_budget_aborts_the_search() -> None:
    worlds, win = endgame(5, 5, 10)
    solver = Solver()
    solver.node_limit = 1
    with pytest.raises(SearchAborted):
        alphamu_wins(worlds, 3, win=win, solver=solver)


@pytest.mark.parametrize("change, message", [
    ("none", "at least one world"),
    ("finished", "the game is over"),
    ("other_trick", "differ only in the cards the seat to move cannot see"),
    ("other_hand", "differ only in the cards the seat to move cannot see"),
    ("one_over", "differ only in the cards the seat to move cannot see"),
])
def test_worlds_that_do_not_fit_raise_a_solver_error(change: str, message: str) -> None:
    worlds, _ = endgame(11, 3, 4)
    if change == "none":
        worlds = []
    elif change == "finished":
        worlds = [w._replace(ended=True) for w in worlds]
    elif change == "one_over":
        worlds[3] = worlds[3]._replace(ended=True)
    elif change == "other_trick":
        worlds[1] = worlds[1]._replace(leader=2, trick=(T.mask_cards(worlds[1].hands[1])[0],))
    else:
        worlds[2] = worlds[2]._replace(hands=(worlds[2].hands[1], worlds[2].hands[0],
                                              worlds[2].hands[2]))
    with pytest.raises(SolverError, match=message) as info:
        alphamu_wins(worlds, 2)
    assert isinstance(info.value, SkatError) and isinstance(info.value, ValueError)
    assert info.value.reason is Reason.WRONG_PHASE


@pytest.mark.parametrize("kwargs, error, message", [
    ({"depth": 0}, SkatError, "depth must be at least 1, not 0"),
    ({"depth": "2"}, TypeError, "depth"),
    ({"depth": True}, TypeError, "depth"),
    ({"win": 0}, SkatError, "win must be 1..120 card points, not 0"),
    ({"win": 121}, SkatError, "win must be 1..120"),
    ({"win": 61.0}, TypeError, "win"),
    ({"solver": "fast"}, TypeError, "solver"),
])
def test_bad_arguments_are_refused(kwargs: dict[str, object], error: type[Exception],
                                   message: str) -> None:
    worlds, _ = endgame(1)
    with pytest.raises(error, match=message):
        alphamu_wins(worlds, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("worlds", [5, [None], ["a position"]])
def test_worlds_that_are_not_positions_raise_a_type_error(worlds: object) -> None:
    with pytest.raises(TypeError, match="worlds must be a sequence of Position"):
        alphamu_wins(worlds)  # type: ignore[arg-type]


def test_a_generator_of_worlds_is_read_once() -> None:
    worlds, win = endgame(2)
    once = alphamu_wins(iter(worlds), 2, win=win)  # type: ignore[arg-type]
    assert once == alphamu_wins(worlds, 2, win=win)
