"""The double-dummy solver (skatlib.search.solver) against brute-force minimax.

Positions come from real deals played at random through the state machine to
within four tricks of the end (sometimes in the middle of a trick), for every
game type: suit, grand, null, and the D-10 early ends (null at the declarer's
first trick; schwarz announced and ouvert at the defenders' first trick).
Two independent oracles: plain memoised minimax on the raw trick kernel, and
(for a sample) minimax on :func:`skatlib.apply` itself.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import (
    Action,
    Bid,
    CardSet,
    Contract,
    Deal,
    GameState,
    GameType,
    Pass,
    Phase,
    Play,
    PlayHand,
    RuleBot,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
)
from skatlib import _tables as T
from skatlib.actions import Declare
from skatlib.errors import ArgumentTypeError
from skatlib.search.solver import (
    Position,
    Solver,
    SolverError,
    evaluate_moves,
    position_of,
    solve,
    takes_all_tricks,
)

N_POSITIONS = int(os.environ.get("SOLVER_POSITIONS", "2000" if os.environ.get("CI") else "5000"))


def start(deal: Deal, declarer: int, contract: Contract) -> GameState:
    """A deal bid to 18 by ``declarer``, played hand with ``contract``."""
    s = new_game(deal)
    seqs: dict[int, list[Action]] = {0: [Pass(), Pass(), Bid(18)],
                                     1: [Bid(18), Pass(), Pass()],
                                     2: [Pass(), Bid(18), Pass()]}
    seq = seqs[declarer]
    for a in seq:
        s = apply(s, a)
    assert s.declarer_index == declarer
    s = apply(s, PlayHand())
    return apply(s, Declare(contract))


def random_contract(rng: random.Random) -> Contract:
    gt = rng.randrange(6)
    if gt == 5:
        return Contract(GameType.NULL, hand=True, ouvert=rng.random() < 0.3)
    r = rng.random()
    if r < 0.15:
        return Contract(GameType(gt), ouvert=True)
    if r < 0.3:
        return Contract(GameType(gt), hand=True, schwarz=True)
    return Contract(GameType(gt), hand=True)


def random_position(rng: random.Random, tricks_left: int) -> GameState:
    """A state in card play with ``tricks_left`` tricks to go (0-2 cards of the
    current trick already played)."""
    while True:
        s = start(Deal.shuffled(rng), rng.randrange(3), random_contract(rng))
        for _ in range((10 - tricks_left) * 3 + rng.randrange(3)):
            if s.phase != Phase.PLAYING:
                break
            s = apply(s, rng.choice([a for a in legal_actions(s) if isinstance(a, Play)]))
        if s.phase == Phase.PLAYING:
            return s


def synthetic_position(rng: random.Random, tricks_left: int) -> Position:
    """A raw position not necessarily reachable by play (so that null and the
    schwarz early ends are covered deep into the deal): random hands of
    ``tricks_left`` cards, a legal partial trick, points so far from cards
    already gone."""
    gt = rng.randrange(6)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [0, 0, 0]
    for i in range(3 * tricks_left):
        hands[i % 3] |= 1 << deck[i]
    gone = deck[3 * tricks_left:]
    leader = rng.randrange(3)
    trick: list[int] = []
    for k in range(rng.randrange(3) if tricks_left > 0 else 0):
        seat = (leader + k) % 3
        legal = T.legal_cards_mask(gt, hands[seat], trick[0] if trick else -1)
        c = rng.choice(T.mask_cards(legal))
        hands[seat] &= ~(1 << c)
        trick.append(c)
    points = sum(T.CARD_POINTS[c] for c in gone if rng.random() < 0.5)
    stop = gt != T.NULL and rng.random() < 0.5
    return Position(gt, rng.randrange(3), (hands[0], hands[1], hands[2]), tuple(trick), leader,
                    points, stop)


def brute_raw(pos: Position) -> int:
    """Memoised minimax on the trick kernel: the declarer's final points (null:
    1 if he takes no trick)."""
    gt, d, stop = pos.gt, pos.declarer, pos.stop

    @cache
    def rec(hands: tuple[int, int, int], trick: tuple[int, ...], leader: int, pts: int) -> int:
        if len(trick) == 3:
            w = (leader + T.trick_winner_fast(gt, *trick)) % 3
            if w == d:
                pts += sum(T.CARD_POINTS[c] for c in trick)
            if gt == T.NULL and w == d:
                return 0
            if gt != T.NULL and stop and w != d:
                return pts
            if not any(hands):
                return 1 if gt == T.NULL else pts
            return rec(hands, (), w, pts)
        seat = (leader + len(trick)) % 3
        legal = T.legal_cards_mask(gt, hands[seat], trick[0] if trick else -1)
        values = []
        for c in T.mask_cards(legal):
            h = list(hands)
            h[seat] &= ~(1 << c)
            values.append(rec((h[0], h[1], h[2]), (*trick, c), leader, pts))
        return max(values) if seat == d else min(values)

    return rec(pos.hands, pos.trick, pos.leader, pos.points)


def brute_state(s: GameState) -> int:
    """Minimax on the state machine itself (slow; small positions only)."""
    if s.phase == Phase.FINISHED:
        d = s.declarer_index
        if s.game_type_index == T.NULL:
            return 1 if s.trick_counts[d] == 0 else 0
        return T.mask_points(s.taken_masks[d] | s.skat_mask)
    values = [brute_state(apply(s, a, check=False)) for a in legal_actions(s)
              if isinstance(a, Play)]
    return max(values) if s.to_move_index == s.declarer_index else min(values)


def brute_all_tricks(pos: Position) -> bool:
    """Minimax: can the declarer take every remaining trick?"""
    gt, d = pos.gt, pos.declarer

    @cache
    def rec(hands: tuple[int, int, int], trick: tuple[int, ...], leader: int) -> bool:
        if len(trick) == 3:
            w = (leader + T.trick_winner_fast(gt, *trick)) % 3
            if w != d:
                return False
            return True if not any(hands) else rec(hands, (), w)
        seat = (leader + len(trick)) % 3
        legal = T.legal_cards_mask(gt, hands[seat], trick[0] if trick else -1)
        results = []
        for c in T.mask_cards(legal):
            h = list(hands)
            h[seat] &= ~(1 << c)
            results.append(rec((h[0], h[1], h[2]), (*trick, c), leader))
        return any(results) if seat == d else all(results)

    return rec(pos.hands, pos.trick, pos.leader)


def test_raw_oracle_matches_the_state_machine() -> None:
    """The raw-kernel oracle agrees with minimax over skatlib.apply (D-10 included)."""
    rng = random.Random(20)
    for _ in range(60):
        s = random_position(rng, rng.randint(1, 3))
        assert brute_raw(position_of(s)) == brute_state(s)


def test_solver_equals_brute_force_minimax() -> None:
    """Every game type, 1-4 tricks left, start or middle of a trick: positions
    from random play (via ``solve(state)``) and synthetic ones (raw)."""
    rng = random.Random(1)
    solver = Solver()
    kinds: dict[str, int] = {}
    for i in range(N_POSITIONS):
        if i % 2:
            s = random_position(rng, 1 + i % 4)
            pos = position_of(s)
            assert solver.solve(s) == brute_raw(pos), (s.deal, s.contract, s.tricks)
        else:
            pos = synthetic_position(rng, 1 + i % 4)
            assert solver.solve_position(pos) == brute_raw(pos), pos
        kind = ("null" if pos.gt == T.NULL else "stop" if pos.stop else
                "grand" if pos.gt == T.GRAND else "suit")
        kinds[kind] = kinds.get(kind, 0) + 1
    assert min(kinds.values()) > N_POSITIONS // 20, kinds


@pytest.mark.parametrize("flags", [
    {"tt": False}, {"ordering": False}, {"equivalence": False}, {"mtdf": False},
    {"eqkeys": False}, {"history": False}, {"targets": False}, {"bounds": True},
    {"killers": False}, {"isokeys": True}, {"qsym": False}, {"qsym": True, "eqkeys": False},
    {"endgame": False}, {"endgame": True, "tt": False},
    {"tt": False, "ordering": False, "equivalence": False, "mtdf": False, "eqkeys": False,
     "history": False, "targets": False, "killers": False, "qsym": False, "endgame": False},
])
def test_every_enhancement_can_be_switched_off(flags: dict[str, bool]) -> None:
    rng = random.Random(2)
    solver = Solver(**flags)
    for i in range(200):
        pos = (position_of(random_position(rng, 1 + i % 4)) if i % 2
               else synthetic_position(rng, 1 + i % 4))
        assert solver.solve_position(pos) == brute_raw(pos)


def test_evaluate_moves_agrees_with_solve_after_each_move() -> None:
    rng = random.Random(3)
    solver = Solver()
    for i in range(250):
        s = random_position(rng, 1 + i % 4)
        values = solver.evaluate_moves(s)
        legal = {a.card for a in legal_actions(s) if isinstance(a, Play)}
        reps = solver.equivalent_moves(position_of(s))
        assert set(reps) == {int(c) for c in legal}
        assert all(values[c] == values[type(c)(reps[int(c)])] for c in values)
        assert set(values) == legal
        for card, value in values.items():
            after = apply(s, Play(card))
            if after.phase == Phase.PLAYING:
                assert solve(after) == value
            else:
                assert brute_state(after) == value
        best = max(values.values()) if s.to_move_index == s.declarer_index else min(values.values())
        assert best == solver.solve(s)


def test_takes_all_tricks_equals_brute_force() -> None:
    rng = random.Random(4)
    solver = Solver()
    n = 0
    while n < 400:
        pos = synthetic_position(rng, 1 + n % 4)
        if pos.gt == T.NULL:
            continue
        expected = brute_all_tricks(pos)
        assert solver.all_tricks_position(pos) == expected
        if pos.stop and expected:  # the win of schwarz announced and ouvert
            assert solver.solve_position(pos) == pos.points + sum(
                T.CARD_POINTS[c] for c in T.mask_cards(pos.hands[0] | pos.hands[1]
                                                        | pos.hands[2]) + list(pos.trick))
        n += 1
    s = random_position(rng, 3)
    assert takes_all_tricks(s) == brute_all_tricks(position_of(s))


def test_null_clean_and_thresholds_agree_with_exact_values() -> None:
    rng = random.Random(8)
    solver = Solver()
    for i in range(300):
        pos = synthetic_position(rng, 1 + i % 4)
        exact = brute_raw(pos)
        if pos.gt == T.NULL:
            assert solver.null_clean(pos) == bool(exact)
        else:
            for target in (exact - 1, exact, exact + 1, 31, 61, 90):
                assert solver.reaches(pos, target) == (exact >= target)


def test_full_deal_cold_and_hopeless() -> None:
    """Forehand with all four jacks and clubs takes every trick; the value
    counts the skat (ISkO 2.2.1)."""
    deal = Deal.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8 / C7 SA ST SK SQ S9 S8 S7 HA HT / "
                      "HK HQ H9 H8 H7 DA DT DK DQ D9 / D8 D7")
    s = start(deal, 0, Contract.parse("CH"))
    assert solve(s) == 120
    assert takes_all_tricks(s)
    # middlehand playing diamonds with this deal is hopeless; still the skat is his
    s = start(deal, 1, Contract.parse("DH"))
    assert 0 <= solve(s) < 61


def test_full_deal_null_and_values_in_range() -> None:
    rng = random.Random(5)
    for _ in range(6):
        deal = Deal.shuffled(rng)
        s = start(deal, rng.randrange(3), Contract(GameType.NULL, hand=True))
        assert solve(s) in (0, 1)
        s = start(deal, rng.randrange(3), Contract(GameType(rng.randrange(5)), hand=True))
        v = solve(s)
        assert T.mask_points(s.skat_mask) <= v <= 120


def test_position_play_follows_the_state_machine() -> None:
    rng = random.Random(6)
    for i in range(200):
        s = random_position(rng, 1 + i % 4)
        pos = position_of(s)
        card = rng.choice([a.card for a in legal_actions(s) if isinstance(a, Play)])
        after = apply(s, Play(card))
        moved = pos.play(int(card))
        if after.phase == Phase.PLAYING:
            assert position_of(after) == moved
        else:
            assert moved.finished
            d = s.declarer_index
            assert moved.points == T.mask_points(after.taken_masks[d] | after.skat_mask)


def test_solver_refuses_states_outside_card_play() -> None:
    s = new_game(Deal.shuffled(1))
    with pytest.raises(SolverError):
        solve(s)
    ramsch = new_game(Deal.shuffled(1), Rules(ramsch=True), ramsch=True)
    with pytest.raises(SolverError):
        evaluate_moves(ramsch)
    null = start(Deal.shuffled(2), 0, Contract.parse("NH"))
    with pytest.raises(SolverError):
        takes_all_tricks(null)


def test_node_limit_aborts_and_keeps_the_table_valid() -> None:
    from skatlib.search.solver import SearchAborted

    rng = random.Random(7)
    s = start(Deal.shuffled(rng), 0, Contract.parse("GH"))
    solver = Solver()
    solver.node_limit = solver.nodes + 50
    with pytest.raises(SearchAborted):
        solver.solve(s)
    solver.node_limit = None
    assert solver.node_limit is None
    assert solver.solve(s) == Solver().solve(s)


def test_search_aborted_says_why() -> None:
    """The node-limit error carries a message: the limit and the nodes searched."""
    from skatlib.search.solver import SearchAborted

    s = start(Deal.shuffled(random.Random(7)), 0, Contract.parse("GH"))
    solver = Solver()
    solver.node_limit = 50
    with pytest.raises(SearchAborted, match=r"node limit of 50 nodes \(\d+ searched"):
        solver.solve(s)


def test_solver_tables_stay_bounded_by_tt_limit() -> None:
    """A small tt_limit evicts the older half of the tables instead of growing past it,
    during a search too, and the values stay exact."""
    from skatlib.search import solver as solver_module

    rng = random.Random(3)
    states = [random_position(rng, 6) for _ in range(12)]
    small = Solver(tt_limit=300)
    big = Solver()
    worst = 0
    for s in states:
        assert small.solve(s) == big.solve(s)
        worst = max(worst, small.entries, small.peak_entries)
    assert small.evictions > 0
    assert worst <= small.tt_limit + solver_module._CHECK_EVERY
    assert big.evictions == 0 and 0 < big.entries <= solver_module.DEFAULT_TT_LIMIT


def test_solver_memos_stay_bounded_and_clear_empties_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The memos beside the tables (squeezed low cards, quasi-symmetry keys, the
    ordered moves of the leader, the second and the last hand) are emptied at a
    check once one passes _SQUEEZE_LIMIT, and by Solver.clear(); the values stay
    exact."""
    from skatlib.search import solver as solver_module

    monkeypatch.setattr(solver_module, "_SQUEEZE_LIMIT", 50)
    monkeypatch.setattr(solver_module, "_CHECK_EVERY", 64)
    rng = random.Random(4)
    states = [random_position(rng, 7) for _ in range(6)]
    small = Solver()
    memos: list[dict[int, Any]] = [small._squeezed, small._structures]
    for s in states:
        assert small.solve(s) == Solver().solve(s)
        memos.extend(m for m in small._move_memos if all(m is not x for x in memos))
        assert all(len(m) <= 50 + 64 * 12 for m in memos)
    assert len(small._move_memos) >= 3
    small.clear()
    assert all(not m for m in memos)


def test_clear_cache_frees_the_module_solver() -> None:
    """solve() keeps one module-level solver; clear_cache() drops it and its tables."""
    from skatlib.search import clear_cache
    from skatlib.search import solver as solver_module

    s = start(Deal.shuffled(5), 1, Contract.parse("SH"))
    value = solve(s)
    assert solver_module._DEFAULT and solver_module._DEFAULT[0].entries > 0
    clear_cache()
    assert solver_module._DEFAULT == [] and solver_module._CARDS_MEMO == {}
    assert solve(s) == value


def test_old_module_names_still_work_and_warn() -> None:
    """skatlib.solver / skatlib.sampling are deprecated aliases of skatlib.search.*."""
    import skatlib.sampling
    import skatlib.search.sampling
    import skatlib.search.solver
    import skatlib.solver

    with pytest.warns(DeprecationWarning, match=r"skatlib\.solver is deprecated"):
        assert skatlib.solver.Solver is skatlib.search.solver.Solver
    with pytest.warns(DeprecationWarning, match=r"import solve from skatlib\.search\.solver"):
        from skatlib.solver import solve as old_solve
    assert old_solve is solve
    with pytest.warns(DeprecationWarning, match=r"skatlib\.sampling is deprecated"):
        assert skatlib.sampling.World is skatlib.search.sampling.World
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        skatlib.solver.nothing  # noqa: B018
    # skatlib's own top-level names are the new objects, imported without a warning
    import skatlib

    assert skatlib.solve is solve
    assert skatlib.sample_worlds is skatlib.search.sampling.sample_worlds


OLD_SOLVER = {"eqkeys": False, "history": False, "targets": False, "killers": False,
              "qsym": False, "endgame": False}
"""The solver before issue 17's enhancements (equivalent keys, history heuristic, the
target 61 probed first, the defenders' killer leads, the quasi-symmetry bounds)."""


def rulebot_position(rng: random.Random, tricks_left: int) -> GameState:
    """A deal as it arises at a table (RuleBots bid, pick up, discard and declare),
    played on by RuleBots until ``tricks_left`` tricks remain (0-2 cards of the
    current trick played)."""
    bots = [RuleBot(), RuleBot(), RuleBot()]
    while True:
        s = new_game(Deal.shuffled(rng))
        stop_at = (10 - tricks_left) * 3 + rng.randrange(3)
        while not s.is_finished and (s.phase != Phase.PLAYING or len(s.tricks) * 3
                                     + len(s.trick_cards) < stop_at):
            seat = s.to_move_index
            s = apply(s, bots[seat].act(observe(s, seat), legal_actions(s)))
        if s.phase == Phase.PLAYING:
            return s


@pytest.mark.parametrize("flags", [{}, {"eqkeys": True}, {"history": True},
                                   {"targets": True}, {"bounds": True}, {"killers": True},
                                   {"isokeys": True}, {"qsym": True}, {"endgame": True}])
def test_enhancements_keep_the_old_solvers_values(flags: dict[str, bool]) -> None:
    """Issue 17: the equivalent transposition keys, the history heuristic and the
    target probed first, alone and together, give the values of the solver
    without them, on RuleBot deals
    five and six tricks from the end (beyond the brute-force oracle's reach) and
    with the move values of evaluate_moves."""
    rng = random.Random(17)
    new = Solver(**{**OLD_SOLVER, **flags}) if flags else Solver()
    old = Solver(**OLD_SOLVER)
    for i in range(12):
        s = rulebot_position(rng, 5 + i % 2)
        assert new.solve(s) == old.solve(s), (s.deal, s.contract)
        if i % 4 == 0:
            assert new.evaluate_moves(s) == old.evaluate_moves(s)


@pytest.mark.slow
def test_enhancements_keep_the_old_solvers_values_from_the_first_lead() -> None:
    """The same on whole deals from the first lead (the realistic benchmark's kind),
    by the default (killer leads on) and with the quick bounds or the
    suit-isomorphism keys on."""
    rng = random.Random(18)
    for _ in range(3):
        s = rulebot_position(rng, 10)
        value = Solver(**OLD_SOLVER).solve(s)
        assert Solver().solve(s) == value
        assert Solver(bounds=True).solve(s) == value
        assert Solver(isokeys=True).solve(s) == value
        assert Solver(qsym=False).solve(s) == value
        assert Solver(endgame=False).solve(s) == value


def test_equivalent_keys_merge_positions_equal_up_to_equivalent_cards() -> None:
    """Swapping a played 7 for the unplayed 8 of the same suit (same holder order,
    no points) gives the same squeezed hands; a king for a ten does not."""
    from skatlib.search.solver import _LOW_CARDS, _squeeze_trump

    def squeezed(hands: tuple[str, str, str]) -> tuple[int, ...]:
        masks = [CardSet.parse(h).mask for h in hands]
        r = masks[0] | masks[1] | masks[2]
        gone = _LOW_CARDS & ~r
        return tuple(_squeeze_trump(h, r, gone) for h in masks)

    assert squeezed(("C8 CA", "C9 CT", "SJ")) == squeezed(("C7 CA", "C9 CT", "SJ"))
    assert squeezed(("C8 CA", "C9 CT", "SJ")) == squeezed(("C8 CA", "C9 CT", "DJ"))
    assert squeezed(("CK CA", "C9", "SJ")) != squeezed(("CT CA", "C9", "SJ"))
    assert squeezed(("C8 CA", "C9 CT", "SJ")) != squeezed(("C9 CA", "C8 CT", "SJ"))


WRONG: Any = (0, "CJ", None, [])
"""Wrong-typed arguments (typed Any: mypy would refuse them, which is the point)."""


@pytest.mark.parametrize("call", [
    lambda: solve(WRONG[0]), lambda: evaluate_moves(WRONG[1]),
    lambda: takes_all_tricks(WRONG[2]), lambda: position_of(WRONG[3]),
    lambda: Solver(tt=1), lambda: Solver(history="no"), lambda: Solver(tt_limit=2.0),
    lambda: Solver().solve(WRONG[0]), lambda: Solver(killers=1),
    lambda: Solver(isokeys="yes"),
])
def test_wrong_argument_types_raise_type_errors(call: Callable[[], object]) -> None:
    """CONTRIBUTING "Errors and types": a wrong type is an ArgumentTypeError (a
    TypeError and a SkatError) naming the parameter -- in the pure and in the
    compiled build (.ci/compiled), never an AttributeError."""
    with pytest.raises(ArgumentTypeError,
                       match=r"(state|tt|history|tt_limit|killers|isokeys) must be"):
        call()


def test_node_limit_takes_an_int_or_none() -> None:
    solver = Solver()
    solver.node_limit = 10
    assert solver.node_limit == 10
    solver.node_limit = None
    assert solver.node_limit is None
    with pytest.raises(TypeError, match="node_limit must be an int or None"):
        solver.node_limit = "10"


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 6))
def test_quick_bounds_keep_the_values(seed: int, tricks: int) -> None:
    """Solver(bounds=True) (sure tricks cut the window) gives the flags-off
    solver's values on any raw position, schwarz early ends included; up to
    four tricks also brute force's."""
    pos = synthetic_position(random.Random(seed), tricks)
    value = Solver(bounds=True).solve_position(pos)
    assert value == Solver(bounds=False).solve_position(pos)
    if tricks <= 4:
        assert value == brute_raw(pos)


def test_sure_tricks_count_top_runs_and_what_the_others_must_add() -> None:
    """The leader of a clubs game with CA CT (both others follow clubs) and the two
    top jacks: both clubs tricks and both trump tricks are sure; the others add
    their poorest clubs and trumps.  A side void in the led suit voids the suit's
    sure tricks (it may trump)."""
    from skatlib.search.solver import _sure_tricks

    def sure(gt: int, a: str, b: str, c: str) -> tuple[int, int]:
        v = _sure_tricks(gt, *(CardSet.parse(h).mask for h in (a, b, c)))
        return v >> 4, v & 15

    # spades game: clubs is plain; CA CT over CK C7 / CQ C8; CJ SJ over HJ / S7
    assert sure(T.SPADES, "CA CT CJ SJ", "CK C7 HJ D7", "CQ C8 S7 D8") == (
        11 + 10 + 4 + 0 + 3 + 0 + 2 + 2 + 2 + 0, 4)
    # the second hand is void in clubs: no sure clubs trick
    assert sure(T.SPADES, "CA CT CJ SJ", "HA H7 HJ D7", "CQ C8 S7 D8") == (2 + 2 + 2 + 0, 2)
    # grand: only jacks are trumps, the others add their jacks while they have any
    # (the third hand has none and may throw anything); DK stops the diamonds
    assert sure(T.GRAND, "CJ SJ D7", "HJ D8 D9", "SA ST DK") == (2 + 2 + 2, 2)
    assert sure(T.GRAND, "CJ SJ DA", "HJ D8 D9", "SA ST DK") == (2 + 2 + 2 + 11 + 0 + 4, 3)


def test_a_passed_deadline_aborts_the_search_with_a_message() -> None:
    """Solver.deadline (PIMC's cap on a decision's CPU time): a search started
    after it raises SearchAborted naming the deadline; the table stays usable and
    without a deadline the same solver gives the exact value."""
    import time

    from skatlib.search.solver import SearchAborted

    s = rulebot_position(random.Random(4), 6)
    solver = Solver()
    solver.deadline = time.process_time() - 1.0
    with pytest.raises(SearchAborted, match="deadline"):
        solver.solve(s)
    solver.deadline = None
    assert solver.solve(s) == Solver().solve(s)
    with pytest.raises(ArgumentTypeError, match="deadline must be"):
        solver.deadline = "soon"


def permute_suits(gt: int, card_or_mask: int, perm: tuple[int, ...], mask: bool = True) -> int:
    """A mask (or one card) with its suits renamed by ``perm`` (suit s -> perm[s]):
    the whole suit in null, the suit without its jack in suit and grand games
    (the jacks are trumps and keep their place)."""
    cards = T.mask_cards(card_or_mask) if mask else [card_or_mask]
    out = 0
    for c in cards:
        suit, rank = divmod(c, 8)
        if gt != T.NULL and rank == 7:
            out |= 1 << c
        else:
            out |= 1 << (8 * perm[suit] + rank)
    return out if mask else out.bit_length() - 1


def suit_permutation(gt: int, rng: random.Random) -> tuple[int, ...]:
    """A random permutation of the suits that play alike in game type ``gt``: all
    four in grand and null, the three plain suits in a suit game."""
    movable = [s for s in range(4) if gt in (T.GRAND, T.NULL) or s != gt]
    shuffled = movable[:]
    rng.shuffle(shuffled)
    perm = list(range(4))
    for src, dst in zip(movable, shuffled):
        perm[src] = dst
    return tuple(perm)


def permuted_position(pos: Position, perm: tuple[int, ...]) -> Position:
    h = tuple(permute_suits(pos.gt, m, perm) for m in pos.hands)
    trick = tuple(permute_suits(pos.gt, c, perm, mask=False) for c in pos.trick)
    return pos._replace(hands=(h[0], h[1], h[2]), trick=trick)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 6))
def test_suit_isomorphism_keys_keep_the_values(seed: int, tricks: int) -> None:
    """Solver(isokeys=True) (suits that play alike are interchangeable in the
    transposition key) gives the flags-off solver's values on any raw position,
    also for a suit-permuted twin solved after the original by the same solver,
    so that the twin meets the original's entries.  The twin's value is the
    original's (the premise of the keys), by the flags-off solver too."""
    rng = random.Random(seed)
    pos = synthetic_position(rng, tricks)
    twin = permuted_position(pos, suit_permutation(pos.gt, rng))
    iso = Solver(isokeys=True)
    value = Solver(isokeys=False).solve_position(pos)
    assert iso.solve_position(pos) == value
    assert iso.solve_position(twin) == value
    assert Solver(isokeys=False).solve_position(twin) == value
    if not pos.trick and pos.gt != T.NULL:
        assert iso.evaluate_position(twin) == Solver().evaluate_position(twin)


def test_suit_isomorphism_keys_merge_exactly_the_permuted_positions() -> None:
    """The key of a position equals the key of every permutation of its
    interchangeable suits (hearts and spades in a clubs game, any suits in grand
    and null), and differs once the trump suit or the jacks are moved."""
    from skatlib.search.solver import _iso_keyer

    rng = random.Random(3)
    for gt in range(6):
        key = _iso_keyer(gt)
        for _ in range(50):
            deck = list(range(32))
            rng.shuffle(deck)
            hands = [sum(1 << c for c in deck[i:30:3]) for i in range(3)]
            perm = suit_permutation(gt, rng)
            moved = [permute_suits(gt, h, perm) for h in hands]
            assert key(*hands) == key(*moved)
    clubs = _iso_keyer(T.CLUBS)
    a = CardSet.parse("CA HA SA").mask, CardSet.parse("CT HT").mask, CardSet.parse("CK").mask
    b = CardSet.parse("CA HA SA").mask, CardSet.parse("CT ST").mask, CardSet.parse("CK").mask
    c = CardSet.parse("CA HA SA").mask, CardSet.parse("HT ST").mask, CardSet.parse("CK").mask
    assert clubs(*a) == clubs(*b)  # hearts and spades swapped
    assert clubs(*a) != clubs(*c)  # the trump ten moved to a plain suit
    grand = _iso_keyer(T.GRAND)
    j1 = CardSet.parse("CJ HA").mask, CardSet.parse("SA").mask, 0
    j2 = CardSet.parse("DJ HA").mask, CardSet.parse("SA").mask, 0
    assert grand(*j1) != grand(*j2)  # jacks are not a suit


def test_one_squeeze_lookup_equals_the_squeeze_of_each_hand() -> None:
    """_squeeze_lows (one memo entry per node for the equivalent keys) is the
    per-hand _squeeze_trump of the three hands' low cards, packed."""
    from skatlib.search.solver import _LOW_CARDS, _squeeze_lows, _squeeze_trump

    rng = random.Random(5)
    for _ in range(300):
        deck = list(range(32))
        rng.shuffle(deck)
        n = rng.randrange(1, 11)
        hands = [sum(1 << c for c in deck[i:3 * n:3]) for i in range(3)]
        r = hands[0] | hands[1] | hands[2]
        gone = _LOW_CARDS & ~r
        low = [h & _LOW_CARDS for h in hands]
        packed = _squeeze_lows(low[0] << 64 | low[1] << 32 | low[2])
        assert packed >> 64 == _squeeze_trump(low[0], r, gone)
        assert packed >> 32 & 0xFFFFFFFF == _squeeze_trump(low[1], r, gone)
        assert packed & 0xFFFFFFFF == _squeeze_trump(low[2], r, gone)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 7))
def test_killer_leads_keep_the_values(seed: int, tricks: int) -> None:
    """Solver(killers=True) (the default: the defenders' last cutting lead first)
    gives the values of the solver without them on any raw position, and the
    same move values; the solver keeps its killers between calls, so a second
    position is solved with the first one's."""
    rng = random.Random(seed)
    with_killers = Solver(killers=True)
    for _ in range(2):
        pos = synthetic_position(rng, tricks)
        assert with_killers.solve_position(pos) == Solver(killers=False).solve_position(pos)
    if pos.gt != T.NULL:
        assert with_killers.evaluate_position(pos) == Solver(killers=False).evaluate_position(pos)


def quasi_symmetric_twin(pos: Position, rng: random.Random) -> Position:
    """``pos`` with the remaining cards of each suit (not the jacks) replaced by a
    random set of as many ranks of that suit, the i-th weakest going to the hand
    (or the trick) that held the i-th weakest: the same order of the remaining
    cards, other card points (Kupferschmid and Helmert's quasi-symmetry)."""
    trick_mask = sum(1 << c for c in pos.trick)
    remaining = pos.hands[0] | pos.hands[1] | pos.hands[2] | trick_mask
    move: dict[int, int] = {}
    for shift in (0, 8, 16, 24):
        old = [shift + b for b in range(7) if remaining >> (shift + b) & 1]
        new = sorted(rng.sample(range(7), len(old)))
        move.update(zip(old, (shift + b for b in new)))

    def moved(mask: int) -> int:
        return sum(1 << move.get(c, c) for c in T.mask_cards(mask))

    h = tuple(moved(m) for m in pos.hands)
    return pos._replace(hands=(h[0], h[1], h[2]),
                        trick=tuple(move.get(c, c) for c in pos.trick))


def test_point_shift_and_structure_equal_their_definitions() -> None:
    """_point_shift (inlined in the points search) pairs the i-th weakest remaining
    card of each suit in one position with the i-th weakest in the other and sums
    the gains and the losses; _structure squeezes every
    hand's suits and jacks over the remaining cards (one lookup per suit in its
    table of every three disjoint sets)."""
    from skatlib.search.solver import (
        _SQUEEZE4,
        _jack_nibble,
        _point_shift,
        _squeeze_table,
        _structure,
    )

    squeeze7 = _squeeze_table(7)

    rng = random.Random(9)
    for _ in range(300):
        pos = synthetic_position(rng, rng.randrange(1, 11))
        twin = quasi_symmetric_twin(pos, rng)
        rp = pos.hands[0] | pos.hands[1] | pos.hands[2]
        rq = twin.hands[0] | twin.hands[1] | twin.hands[2]
        up = down = 0
        for shift in (0, 8, 16, 24):
            for a, b in zip([c for c in T.mask_cards(rp) if c - shift in range(7)],
                            [c for c in T.mask_cards(rq) if c - shift in range(7)]):
                up += max(0, T.CARD_POINTS[b] - T.CARD_POINTS[a])
                down += max(0, T.CARD_POINTS[a] - T.CARD_POINTS[b])
        assert _point_shift(rp, rq) == up << 8 | down
        key = 0
        for shift in (0, 8, 16, 24):
            rs = (rp >> shift & 0x7F) << 7
            key = key << 21 | sum(squeeze7[rs | h >> shift & 0x7F] << 7 * i
                                  for i, h in enumerate(pos.hands))
        jr = _jack_nibble(rp) << 4
        key = key << 12 | sum(_SQUEEZE4[jr | _jack_nibble(h)] << 4 * i
                              for i, h in enumerate(pos.hands))
        assert _structure(*pos.hands) == key
        if not pos.trick:
            assert _structure(*pos.hands) == _structure(*twin.hands)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 7))
def test_quasi_symmetry_bounds_keep_the_values(seed: int, tricks: int) -> None:
    """Solver(qsym=True) (the default: bounds of positions with the same order of
    remaining cards, shifted by the points difference) gives the values of the
    solver without them on any raw position, also for a quasi-symmetric twin
    solved after the original by the same solver, so that the twin meets the
    original's entries, and the same move values.  The twin's value lies within
    the shift of _point_shift from the original's (the premise of the bounds),
    by the solver without them."""
    from skatlib.search.solver import _point_shift

    rng = random.Random(seed)
    pos = synthetic_position(rng, tricks)
    twin = quasi_symmetric_twin(pos, rng)
    qsym = Solver(qsym=True)
    value = Solver(qsym=False).solve_position(pos)
    twin_value = Solver(qsym=False).solve_position(twin)
    assert qsym.solve_position(pos) == value
    assert qsym.solve_position(twin) == twin_value
    if pos.gt != T.NULL:
        trick = sum(1 << c for c in pos.trick)
        twin_trick = sum(1 << c for c in twin.trick)
        shift = _point_shift(pos.hands[0] | pos.hands[1] | pos.hands[2] | trick,
                             twin.hands[0] | twin.hands[1] | twin.hands[2] | twin_trick)
        assert value - (shift & 255) <= twin_value <= value + (shift >> 8)
        if not pos.trick:
            assert qsym.evaluate_position(twin) == Solver(qsym=False).evaluate_position(twin)


def test_the_last_hands_moves_depend_on_the_suit_led_and_the_holders_strength() -> None:
    """The points search memoises the last hand's ordered moves per suit led (the
    cards that follow the lead) and strength of the card holding the trick, not
    per card: two leads that the same cards follow rank every card alike
    (_tables.KEY), and the last hand's sort keys (_order_keys) against two
    holders of equal strength are the same."""
    from skatlib.search.solver import _order_keys

    for gt in range(5):
        key = T.KEY[gt]
        follow = T.FOLLOW[gt]
        last = _order_keys(gt)[2]
        for c0 in range(32):
            for d0 in range(32):
                if follow[c0] != follow[d0]:
                    continue
                assert key[c0] == key[d0]
                for t in range(32):
                    for u in range(32):
                        if key[c0][t] == key[d0][u]:
                            assert last[c0 * 32 + t] == last[d0 * 32 + u]


def test_order_key_tables_equal_the_second_and_last_hands_rules() -> None:
    """_order_keys holds, as tables, the sort keys the points search's second and
    last hand used as functions: behind the partner's lead the card points less 8
    for a card that overtakes; against an opponent's lead the points plus 64 for
    a card that beats it, else minus the points; for the last hand against the
    trick's holder ``t`` the points plus 100 for a card that beats ``t``, else
    minus the points."""
    from skatlib.search.solver import _order_keys

    for gt in range(5):
        key = T.KEY[gt]
        partner, opponent, last = _order_keys(gt)
        for c0 in range(32):
            k = key[c0]
            for c in range(32):
                p = T.CARD_POINTS[c]
                assert partner[c0][c] == p - (k[c] > k[c0]) * 8
                assert opponent[c0][c] == (p + 64 if k[c] > k[c0] else -p)
                for t in range(32):
                    assert last[c0 * 32 + t][c] == ((p + 100) if k[c] > k[t] else -p)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 4),
       window=st.tuples(st.integers(-1, 121), st.integers(0, 122)))
def test_two_trick_endgame_keeps_the_values(seed: int, tricks: int,
                                            window: tuple[int, int]) -> None:
    """Solver(endgame=True) (the default: two cards in every hand solved exactly
    apart, with an inlined copy of _tables.trick_winner_fast for the last trick,
    and the value kept in the table under the raw hands) gives the brute-force
    values on raw positions, schwarz and ouvert (stop) ones included, and the
    same move values; its search from a two-trick trick start bounds the value
    correctly in any window, also when the table already holds it."""
    rng = random.Random(seed)
    pos = synthetic_position(rng, tricks)
    value = brute_raw(pos)
    assert Solver(endgame=True).solve_position(pos) == value
    assert Solver(endgame=True, tt=False, qsym=False).solve_position(pos) == value
    if not pos.trick:
        assert (Solver(endgame=True).evaluate_position(pos)
                == Solver(endgame=False).evaluate_position(pos))
    if pos.gt != T.NULL and not pos.trick and not pos.ended and tricks == 2:
        h = pos.hands
        s = pos.leader
        search, _ = Solver(endgame=True)._points_search(pos.gt, pos.stop)
        rem = T.mask_points(h[0] | h[1] | h[2])
        alpha, beta = min(window), max(window)
        if alpha < beta:
            future = value - pos.points
            for _ in range(2):  # the second time from the table
                v = search(h[s], h[(s + 1) % 3], h[(s + 2) % 3], (pos.declarer - s) % 3,
                           rem, alpha, beta)
                if v <= alpha:
                    assert future <= v
                elif v >= beta:
                    assert future >= v
                else:
                    assert future == v
