"""PIMC's bidding and skat decisions by solving worlds (skatlib.bots.pimc.evaluate_hand and the
``bidding="search"`` decisions of skatlib.bots.pimc.PIMCBot; issue 17)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import (
    BID_VALUES,
    Action,
    Bid,
    CardSet,
    Contract,
    Deal,
    Declare,
    GameState,
    Observation,
    Pass,
    PickUpSkat,
    PlayHand,
    RuleBot,
    SkatError,
    apply,
    legal_actions,
    new_game,
    observe,
    play_deal,
    solve,
)
from skatlib import _tables as T
from skatlib.bots import seeded_deal
from skatlib.bots.basic import _pairs, _seeger_sides, choose_declaration
from skatlib.bots.pimc import (
    TT_LIMIT,
    Evaluation,
    HandEstimate,
    PIMCBot,
    _auction_candidates,
    _discard_shortlist,
    _next_pickups,
    _shortlist,
    bid_ceiling,
    evaluate_hand,
)
from skatlib.scoring import game_value, overbid_value, seeger_fabian_points
from skatlib.search.sampling import World, sample_worlds
from skatlib.search.solver import Solver

STRONG = CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7").mask


def forehand_worlds(cards: int, n: int, seed: int) -> list[World]:
    """``n`` worlds of forehand holding ``cards``: the other 22 cards dealt at random."""
    rng = random.Random(seed)
    rest = [c for c in range(32) if not cards >> c & 1]
    out = []
    for _ in range(n):
        rng.shuffle(rest)
        m = [sum(1 << c for c in rest[a:b]) for a, b in ((0, 10), (10, 20), (20, 22))]
        out.append(World((cards, m[0], m[1]), m[2]))
    return out


def hand_game_state(world: World, contract: Contract) -> GameState:
    """Forehand declares ``contract`` as a hand game in ``world`` (its first lead)."""
    deal = Deal(tuple(CardSet(h) for h in world.hands), CardSet(world.skat))  # type: ignore[arg-type]
    s = new_game(deal)
    for a in (Pass(), Pass(), Bid(18), PlayHand(), Declare(contract)):
        s = apply(s, a)
    return s


def pickup_state(world: World, contract: Contract, discard: int) -> GameState:
    """Forehand picks up ``world``'s skat, puts ``discard`` away and declares."""
    deal = Deal(tuple(CardSet(h) for h in world.hands), CardSet(world.skat))  # type: ignore[arg-type]
    s = new_game(deal)
    for a in (Pass(), Pass(), Bid(18), PickUpSkat(), Declare(contract, CardSet(discard))):
        s = apply(s, a)
    return s


# ------------------------------------------------------------------- the evaluator


def test_wins_are_plain_monte_carlo_with_the_solver() -> None:
    """Per world and in total, the evaluator's wins are what solve() says of the
    same game played from the first lead (hand game: the skat counts for the
    declarer; pickup: RuleBot's discard in that world)."""
    worlds = forehand_worlds(STRONG, 6, 1)
    hand, pickup = Contract.parse("CH"), Contract.parse("G")
    ev = evaluate_hand(STRONG, 0, [(hand, 0), (pickup, None)], worlds, nodes=10**9,
                       world_nodes=10**9)
    expected_hand = expected_pickup = 0
    for w in worlds:
        one = evaluate_hand(STRONG, 0, [(hand, 0), (pickup, None)], [w], nodes=10**9,
                            world_nodes=10**9)
        won_hand = solve(hand_game_state(w, hand)) >= 61
        twelve = STRONG | w.skat
        options = [(pickup, m) for m in _pairs(twelve)]
        discard = options[choose_declaration(twelve, options, bid=18)][1]
        won_pickup = solve(pickup_state(w, pickup, discard)) >= 61
        assert (one.estimates[0].wins, one.estimates[1].wins) == (won_hand, won_pickup)
        expected_hand += won_hand
        expected_pickup += won_pickup
    assert (ev.estimates[0].wins, ev.estimates[1].wins) == (expected_hand, expected_pickup)
    assert ev.worlds == 6 and all(e.solved == 6 for e in ev.estimates)


def test_after_the_pickup_the_given_discard_is_solved() -> None:
    """12 cards and a discard: the game the solver sees is the one declared."""
    twelve = STRONG | CardSet.parse("H8 D7").mask
    rest = [c for c in range(32) if not twelve >> c & 1]
    rng = random.Random(4)
    contract, discard = Contract.parse("C"), CardSet.parse("H7 H8").mask
    for _ in range(3):
        rng.shuffle(rest)
        a, b = (sum(1 << c for c in rest[i:i + 10]) for i in (0, 10))
        # the world as sampled after the pickup: the declarer holds 12, no skat
        w = World((twelve, a, b), 0)
        truth = World((twelve & ~CardSet.parse("H8 D7").mask, a, b), CardSet.parse("H8 D7").mask)
        ev = evaluate_hand(twelve, 0, [(contract, discard)], [w])
        assert ev.estimates[0].wins == (solve(pickup_state(truth, contract, discard)) >= 61)


def test_null_is_solved_as_null() -> None:
    low = CardSet.parse("C7 C8 C9 S7 S8 S9 H7 H8 D7 D8").mask
    worlds = forehand_worlds(low, 3, 2)
    null = Contract.parse("NH")
    ev = evaluate_hand(low, 0, [(null, 0)], worlds)
    assert ev.estimates[0].wins == sum(solve(hand_game_state(w, null)) == 1 for w in worlds)
    assert ev.estimates[0].values == (35, 35, 35)


def test_values_count_the_skats_matadors() -> None:
    """With the club jack in the skat, 'with 3' becomes 'with 4' (ISkO 4.1.2: the
    skat's cards count for the matadors)."""
    three = CardSet.parse("SJ HJ DJ CA CT CK C9 SA ST H7").mask
    rest = [c for c in range(32) if not three >> c & 1 and c != 31]
    skat = (1 << 31) | (1 << rest[0])
    w = World((three, sum(1 << c for c in rest[1:11]), sum(1 << c for c in rest[11:21])), skat)
    ev = evaluate_hand(three, 0, [(Contract.parse("GH"), 0)], [w])
    assert ev.estimates[0].values == (game_value(Contract.parse("GH"), 4),)


def test_the_budget_is_respected_and_counted_afresh() -> None:
    """``nodes`` bounds a call (plus one check interval of the solver), every call
    gets its own, and a search that passes ``world_nodes`` is dropped."""
    worlds = forehand_worlds(STRONG, 12, 3)
    solver = Solver()
    cands = [(Contract.parse("C"), None), (Contract.parse("G"), None)]
    for _ in range(2):
        ev = evaluate_hand(STRONG, 0, cands, worlds, solver=solver, nodes=20_000,
                           world_nodes=20_000)
        assert 0 < ev.nodes <= 20_000 + 4_096 + 1
        assert ev.worlds < 12
    tight = evaluate_hand(STRONG, 0, cands, worlds, solver=Solver(), nodes=10**9,
                          world_nodes=1)
    assert tight.nodes < 10**6 and sum(e.solved for e in tight.estimates) < 24
    assert solver.node_limit is None and solver.deadline is None


def test_a_deadline_in_the_past_solves_nothing() -> None:
    import time

    solver = Solver()
    solver.deadline = 123.0  # the caller's deadline survives the call
    ev = evaluate_hand(STRONG, 0, [(Contract.parse("C"), None)], forehand_worlds(STRONG, 3, 1),
                       solver=solver, deadline=time.process_time() - 1)
    assert ev.worlds == 0 and ev.estimates[0].solved == 0
    assert solver.deadline == 123.0


def test_expected_score_is_the_seeger_fabian_expectation() -> None:
    """One formula: seeger_fabian_points of a won game and of a lost one (−2 ×
    value), an overbid loss at overbid_value (ISkO 5.4.2), null below the bid
    not declarable (D-7)."""
    g = Contract.parse("G")
    e = HandEstimate(g, None, 0.5, 48, 2, (48, 72))
    p = (2 * 0.5 + 2) / 4
    want = 0.0
    for v in (48, 72):
        wd, wo = seeger_fabian_points(v, True)
        ld, lo = seeger_fabian_points(-2 * v, False)
        want += p * (wd - wo) + (1 - p) * (ld - lo)
    assert e.expected_score(18) == pytest.approx(want / 2)
    over = _seeger_sides(overbid_value(g, 60))[1]
    p60 = p * (_seeger_sides(72)[0]) + (1 - p) * _seeger_sides(72)[1]
    assert e.expected_score(60) == pytest.approx((over + p60) / 2)
    null = HandEstimate(Contract.parse("N"), None, 0.9, 23, 1, (23,))
    assert null.expected_score(24) is None
    assert Evaluation((null,), 1, 0).best(24) is None
    assert bid_ceiling(Evaluation((null,), 1, 0)) == 23
    assert HandEstimate(g, None, 0.3, 48, 0, ()).win_probability() == 0.3


@settings(max_examples=30, deadline=None)
@given(wins=st.integers(0, 6), extra=st.integers(0, 6), prior=st.floats(0, 1),
       values=st.lists(st.sampled_from([24, 36, 48, 72, 96, 120]), min_size=1, max_size=12))
def test_bid_ceiling_is_where_passing_starts_to_pay(wins: int, extra: int, prior: float,
                                                    values: list[int]) -> None:
    n = len(values)
    wins = min(wins, n)
    e = HandEstimate(Contract.parse("G"), None, prior, 48, wins, tuple(values))
    ev = Evaluation((e,), n, 0)
    limit = bid_ceiling(ev)
    below = [b for b in BID_VALUES if b <= limit]
    assert all((e.expected_score(b) or 0) > 0 for b in below)
    higher = [b for b in BID_VALUES if b > limit]
    assert not higher or (e.expected_score(higher[0]) or 0) <= 0


@pytest.mark.parametrize("args, kwargs, error", [
    (("CJ", 0, [], []), {}, TypeError),
    ((CardSet.parse("CJ SJ").mask, 0, [], []), {}, SkatError),
    ((STRONG, 3, [], []), {}, SkatError),
    ((STRONG, "0", [], []), {}, TypeError),
    ((STRONG, 0, "C", []), {}, TypeError),
    ((STRONG, 0, [("C", None)], []), {}, TypeError),
    ((STRONG, 0, [(Contract.parse("CH"), None)], []), {}, SkatError),
    ((STRONG, 0, [(Contract.parse("C"), CardSet.parse("CJ SJ").mask)], []), {}, SkatError),
    ((STRONG, 0, [], [1]), {}, TypeError),
    ((STRONG, 0, [], 5), {}, TypeError),
    ((STRONG, 0, [], []), {"nodes": 0}, SkatError),
    ((STRONG, 0, [], []), {"world_nodes": 1.5}, TypeError),
    ((STRONG, 0, [], []), {"solver": "fast"}, TypeError),
    ((STRONG, 0, [], []), {"deadline": "soon"}, TypeError),
    ((STRONG, 0, [], []), {"bid": "18"}, TypeError),
])
def test_bad_arguments_raise_skatlib_errors(args: tuple[object, ...], kwargs: dict[str, object],
                                            error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        evaluate_hand(*args, **kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, SkatError) or "must be" in str(info.value)


# ------------------------------------------------------------------- the bot


GOLDEN = {
    # PIMCBot.v1(i) and PIMCBot(i, worlds=6, max_nodes=20_000) before this change
    # (commit 447c864) in seat `seat` of seeded_deal(3, i) against two RuleBots
    ("v1", 0, 0): ("18 p p s S.DT.DK H8 HK HT DA DQ S8 CJ S7 SQ DJ SJ CT C8 C9 CA HJ S9 C7 SA "
                   "ST CQ HA D7 H9 H7 D8 HQ CK SK D9", 22),
    ("v1", 5, 2): ("18 y 20 y 22 y p p s D.CK.CQ D8 HJ DA HA H9 D9 DJ SJ CJ S7 S8 S9 CA C9 C8 "
                   "CT C7 DQ DT D7 HQ SA SQ SK ST H7 HK DK H8 HT", 45),
    ("rules", 3, 1): ("p 18 p s S.CK.H9 CA C8 C7 C9 DJ CQ H7 HA H8 CJ SQ SK SJ SA HJ CT D7 DQ "
                      "S7 D8 HQ S8 D9 DK S9 DT HK ST HT DA", 44),
}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_v1_and_the_rules_switch_play_as_before(key: tuple[str, int, int]) -> None:
    """``PIMCBot.v1()`` and ``bidding="rules"`` keep the decisions (and the random
    draws) of the bot before the search decisions, action for action."""
    name, i, seat = key
    # the "rules" games were played with the defaults of their day: pinned
    bot = PIMCBot.v1(i) if name == "v1" else PIMCBot(
        i, worlds=6, max_nodes=20_000, bidding="rules", declaration_inference=False,
        fight=False, solver=Solver(tt_limit=TT_LIMIT, qsym=False, endgame=False))
    bots: list[object] = [RuleBot(), RuleBot()]
    bots.insert(seat, bot)
    record, result = play_deal(seeded_deal(3, i), bots)  # type: ignore[arg-type]
    assert (" ".join(str(a) for a in record.actions), result.score) == GOLDEN[key]


def quick(seed: int, **kwargs: object) -> PIMCBot:
    return PIMCBot(seed, worlds=4, max_nodes=5_000, eval_worlds=4, eval_nodes=80_000,
                   eval_world_nodes=40_000, trace=True, **kwargs)  # type: ignore[arg-type]


def test_the_search_decisions_are_traced_within_their_budget() -> None:
    bot = quick(5)
    for i in range(4):
        play_deal(seeded_deal(5, i), [bot, RuleBot(), RuleBot()])
    kinds = {d.kind for d in bot.decisions}
    assert {"bid", "card"} <= kinds
    for d in bot.decisions:
        if d.kind != "card":
            assert d.trick == 0 and d.nodes <= 80_000 + 4_097
            assert 0 <= d.solved <= d.sampled <= 4
    assert any(d.kind == "bid" and d.solved for d in bot.decisions)


def test_the_search_bot_is_reproducible_and_bids_a_cold_game() -> None:
    deal = Deal.parse("CJ SJ HJ DJ CA CT CK SA ST SK / C9 C8 C7 SQ S9 HA HT HK DA DT / "
                      "CQ S8 S7 HQ H9 H8 H7 DK DQ D9 / D8 D7")
    a = play_deal(deal, [quick(2), RuleBot(), RuleBot()])
    b = play_deal(deal, [quick(2), RuleBot(), RuleBot()])
    assert a[0].actions == b[0].actions
    assert a[1].won and a[1].declarer == 0  # type: ignore[union-attr]


def test_a_hopeless_hand_passes_without_solving() -> None:
    junk = CardSet.parse("D7 DK H8 HQ HK S9 SK C8 CQ CK").mask
    assert _auction_candidates(junk, False) == []
    w = forehand_worlds(junk, 1, 0)[0]
    deal = Deal((CardSet(w.hands[1]), CardSet(junk), CardSet(w.hands[2])), CardSet(w.skat))
    s = new_game(deal)
    bot = quick(1)
    assert s.to_move_index == 1  # middlehand speaks first (ISkO 3.3)
    action = bot.act(observe(s, 1), legal_actions(s))
    assert isinstance(action, Pass) and bot.decisions[-1].sampled == 0


def test_the_declaration_shortlist_starts_with_rulebots_choice() -> None:
    twelve = STRONG | CardSet.parse("H8 D7").mask
    options = [(c, m) for c in (Contract.parse(x) for x in ("D", "H", "S", "C", "G", "N"))
               for m in _pairs(twelve)]
    short = _shortlist(twelve, options, 18, False)
    assert short[0] == choose_declaration(twelve, options, bid=18)
    assert len({options[i][0] for i in short}) == len(short) == 3


@pytest.mark.parametrize("discards", [1, 2, 3, 5])
def test_the_discard_shortlist_follows_rulebots_order(discards: int) -> None:
    """``declare_discards``: the chosen option first, then its contract's next
    discards in RuleBot's order (each its choice among the discards left), no
    other contract."""
    twelve = STRONG | CardSet.parse("H8 D7").mask
    options = [(c, m) for c in (Contract.parse(x) for x in ("D", "H", "S", "C", "G", "N"))
               for m in _pairs(twelve)]
    first = choose_declaration(twelve, options, bid=18)
    short = _discard_shortlist(twelve, options, first, discards, 18, False)
    assert short[0] == first and len(set(short)) == len(short) == discards
    same = [i for i in range(len(options)) if options[i][0] == options[first][0]]
    for k in range(1, discards):
        left = [i for i in same if i not in short[:k]]
        assert short[k] == left[choose_declaration(twelve, [options[i] for i in left],
                                                   bid=18)]


def test_the_discard_shortlist_stops_at_the_discards_there_are() -> None:
    """A contract with fewer discards than asked for gives all it has."""
    twelve = STRONG | CardSet.parse("H8 D7").mask
    grand, clubs = Contract.parse("G"), Contract.parse("C")
    opts = [(grand, CardSet.parse("H8 D7").mask), (clubs, CardSet.parse("H8 D7").mask),
            (grand, CardSet.parse("H7 D7").mask)]
    assert _discard_shortlist(twelve, opts, 2, 5, 18, False) == [2, 0]


def test_a_bot_weighing_more_discards_declares_one_of_them() -> None:
    """Issue 17: with ``declare_discards`` the declaration after a pickup keeps
    the contract the default bot declares and puts away one of that contract's
    best discards in RuleBot's order, chosen by the solved worlds (the search
    counts in the decision's nodes); the option is checked."""
    deal = Deal.parse("CJ SJ CA CK C9 C8 SA H7 HK D7 / C7 ST SK SQ S9 HA HT CT DA DT / "
                      "CQ S8 S7 HQ H9 H8 DK DQ D9 D8 / HJ DJ")
    bot = quick(1, declare_discards=3)
    record, _ = play_deal(deal, [bot, Passer(), Passer()])
    declare = next(a for a in record.actions if isinstance(a, Declare))
    twelve = deal.hands[0].mask | deal.skat.mask
    options = [(c, m) for c in (Contract.parse(x) for x in ("D", "H", "S", "C", "G", "N",
                                                            "NO"))
               for m in _pairs(twelve)]
    plain = quick(1)
    plain_record, _ = play_deal(deal, [plain, Passer(), Passer()])
    chosen = next(a for a in plain_record.actions if isinstance(a, Declare))
    assert declare.contract == chosen.contract and declare.discard is not None
    assert chosen.discard is not None
    first = options.index((chosen.contract, chosen.discard.mask))
    short = _discard_shortlist(twelve, options, first, 3, 18, True)
    assert (declare.contract, declare.discard.mask) in [options[i] for i in short]
    stages = [d for d in bot.decisions if d.kind == "declare"]
    assert stages and stages[0].nodes > next(d for d in plain.decisions
                                              if d.kind == "declare").nodes
    assert bot.declare_discards == 3 and PIMCBot().declare_discards == 1
    with pytest.raises(SkatError, match="declare_discards must be at least 1"):
        PIMCBot(declare_discards=0)
    with pytest.raises(TypeError, match="declare_discards"):
        PIMCBot(declare_discards="3")  # type: ignore[arg-type]


@pytest.mark.parametrize("power", [1.0, 0.6, 0.5, 2.0])
def test_expected_score_raises_the_win_probability_to_the_calibrations_power(
        power: float) -> None:
    """``declare_calibration`` (issue 17): the expected score with ``power`` is
    the Seeger-Fabian expectation (D-14) at ``p ** power``; a world worth less
    than the bid is lost overbid whatever the power (ISkO 5.4.2)."""
    g = Contract.parse("G")
    e = HandEstimate(g, None, 0.3, 48, 5, (48, 48, 72, 72, 24, 24, 48, 48))
    p = e.win_probability() ** power
    want = 0.0
    for v in e.values:
        if v >= 30:
            won, lost = _seeger_sides(v)
            want += p * won + (1 - p) * lost
        else:
            want += _seeger_sides(overbid_value(g, 30))[1]
    assert e.expected_score(30, power=power) == pytest.approx(want / len(e.values))
    assert (e.expected_score(30, power=1.0) == e.expected_score(30))


@pytest.mark.parametrize("bad, error, says", [
    (0, SkatError, "must be above 0 (1: no calibration), not 0"),
    (0.0, SkatError, "must be above 0"),
    (-0.5, SkatError, "must be a number at least 0, not -0.5"),
    (float("nan"), SkatError, "must be a number at least 0"),
    ("0.6", TypeError, "a number"),
    (True, TypeError, "a number"),
])
def test_a_calibration_power_must_be_a_number_above_0(bad: object, error: type,
                                                      says: str) -> None:
    e = HandEstimate(Contract.parse("G"), None, 0.3, 48, 1, (48,))
    with pytest.raises(error, match=re.escape(says)):
        e.expected_score(18, power=bad)  # type: ignore[arg-type]
    with pytest.raises(error, match="declare_calibration"):
        PIMCBot(declare_calibration=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("power, declared", [(1.0, 0), (0.6, 2)])
def test_a_calibrated_declaration_compares_the_contracts_at_its_power(
        power: float, declared: int) -> None:
    """``declare_calibration``: after the pickup the bot declares the shortlisted
    contract with the best expected score at ``p ** declare_calibration``.
    Scripted worlds: RuleBot's choice wins 8 of 8 worlds worth 24, the third
    contract 7 of 8 worth 72 (the second none).  Taken as they are, the sure
    24 is worth more; raised to the power 0.6, the likely 72 is."""
    deal = Deal.parse("CJ SJ CA CK C9 C8 SA H7 HK D7 / C7 ST SK SQ S9 HA HT CT DA DT / "
                      "CQ S8 S7 HQ H9 H8 DK DQ D9 D8 / HJ DJ")
    bot = quick(1, declare_calibration=power)
    real = bot._evaluate
    shortlists: list[list[tuple[Contract, int | None]]] = []

    def evaluate(cards: int, seat: int, candidates: Sequence[tuple[Contract, int | None]],
                 worlds: Sequence[World], bid: int, cpu: float) -> Evaluation:
        if any(d is None for _, d in candidates):  # the auction: solved as it is
            return real(cards, seat, candidates, worlds, bid, cpu)
        shortlists.append(list(candidates))
        script = [(8, 24), (0, 24)] + [(7, 72)] * (len(candidates) - 2)
        return Evaluation(tuple(HandEstimate(c, d, 0.3, v, w, (v,) * 8)
                                for (c, d), (w, v) in zip(candidates, script)), 8, 1000)

    bot._evaluate = evaluate  # type: ignore[method-assign]
    record, _ = play_deal(deal, [bot, Passer(), Passer()])
    declare = next(a for a in record.actions if isinstance(a, Declare))
    assert len(shortlists) == 1 and len(shortlists[0]) == 3
    contract, discard = shortlists[0][declared]
    assert declare.contract == contract and declare.discard is not None
    assert declare.discard.mask == discard
    assert bot.declare_calibration == power and PIMCBot().declare_calibration == 0.3


CLUBS_FIRST = CardSet.parse("SJ HJ CA CT CK C9 C7 SA H7 D8").mask
"""Ten cards whose auction looks at clubs first, then grand, diamonds, hearts, spades."""


def _scripted(bot: PIMCBot, wins: Sequence[int], solved: int = 8) -> list[list[Contract]]:
    """Let ``bot``'s hand evaluation answer from a script: the ``k``-th call wins
    ``wins[k]`` of ``solved`` worlds with every candidate, each world's game
    worth 24.  Returns the contracts each call was asked about."""
    asked: list[list[Contract]] = []

    def evaluate(cards: int, seat: int, candidates: Sequence[tuple[Contract, int | None]],
                 worlds: Sequence[World], bid: int, cpu: float) -> Evaluation:
        k = len(asked)
        asked.append([c for c, _ in candidates])
        return Evaluation(tuple(HandEstimate(c, d, 0.3, 24, wins[k], (24,) * solved)
                                for c, d in candidates), solved, 1000)

    bot._evaluate = evaluate  # type: ignore[method-assign]
    return asked


def _middlehand_first(cards: int) -> GameState:
    w = forehand_worlds(cards, 1, 0)[0]
    return new_game(Deal((CardSet(w.hands[1]), CardSet(cards), CardSet(w.hands[2])),
                         CardSet(w.skat)))


@pytest.mark.parametrize("pickups, wins, bids, asked", [
    (1, [0], False, ["C"]),              # one contract, then pass (before 6 December)
    (2, [0, 8], True, ["C", "G"]),       # the next one holds: bid on
    (2, [0, 0], False, ["C", "G"]),      # it does not: pass
    (3, [0, 0, 8], True, ["C", "G", "D"]),
    (2, [8], True, ["C"]),               # no pass, no second look
])
def test_a_second_look_before_passing(pickups: int, wins: list[int], bids: bool,
                                      asked: list[str]) -> None:
    """Issue 17, ``auction_pickups``: where the contract looked at would make the
    bot pass, it looks at RuleBot's next ones in order (:func:`_next_pickups`)
    and bids on as soon as one supports the bid; ``auction_pickups=1`` looks at
    one."""
    assert [str(c) for c in _next_pickups(CLUBS_FIRST, False, _auction_candidates(
        CLUBS_FIRST, False))] == ["G", "D", "H", "S"]
    s = _middlehand_first(CLUBS_FIRST)
    bot = quick(1, auction_pickups=pickups)
    calls = _scripted(bot, wins)
    action = bot.act(observe(s, 1), legal_actions(s))
    assert isinstance(action, Bid if bids else Pass)
    assert [str(c) for call in calls for c in call] == asked
    assert bot.decisions[-1].kind == "bid" and bot.decisions[-1].solved == 8 * len(asked)
    assert bot._auction is not None
    assert [str(c) for c, _ in bot._auction[1]] == asked  # what was looked at is kept


def test_a_second_look_needs_a_solved_world_and_time() -> None:
    """A next contract with no world solved does not make the bot bid on its
    prior alone, and a decision whose CPU cap is spent looks no further."""
    s = _middlehand_first(CLUBS_FIRST)
    bot = quick(1, auction_pickups=2)
    calls = _scripted(bot, [0, 8], solved=8)
    original = bot._evaluate

    def none_solved_the_second_time(*args: object) -> Evaluation:
        ev = original(*args)  # type: ignore[arg-type]
        return ev if len(calls) == 1 else Evaluation(
            tuple(e._replace(wins=0, values=()) for e in ev.estimates), 0, 0)

    bot._evaluate = none_solved_the_second_time  # type: ignore[method-assign, assignment]
    assert isinstance(bot.act(observe(s, 1), legal_actions(s)), Pass)
    assert len(calls) == 2 and len(bot._auction[1]) == 1  # type: ignore[index]
    capped = quick(1, auction_pickups=2, cpu_limit=0.0)
    calls = _scripted(capped, [0, 8])
    assert isinstance(capped.act(observe(s, 1), legal_actions(s)), Pass)
    assert len(calls) == 1
    assert PIMCBot().auction_pickups == 2  # the default since 6 December 2026
    with pytest.raises(SkatError, match="auction_pickups must be at least 1"):
        PIMCBot(auction_pickups=0)
    with pytest.raises(TypeError, match="auction_pickups"):
        PIMCBot(auction_pickups="2")  # type: ignore[arg-type]


class Passer(RuleBot):
    """A RuleBot that passes in the auction."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if Pass() in legal:
            return Pass()
        return super().act(observation, legal)


def test_after_a_pickup_the_bot_declares_by_the_worlds() -> None:
    """The declaration is one of the shortlist's, never puts a jack away in a
    suit game, and the skat decision picks up a hand no hand game suits."""
    deal = Deal.parse("CJ SJ CA CK C9 C8 SA H7 HK D7 / C7 ST SK SQ S9 HA HT CT DA DT / "
                      "CQ S8 S7 HQ H9 H8 DK DQ D9 D8 / HJ DJ")
    bot = quick(1)
    record, _ = play_deal(deal, [bot, Passer(), Passer()])
    assert any(isinstance(a, PickUpSkat) for a in record.actions)
    declare = next(a for a in record.actions if isinstance(a, Declare))
    assert declare.discard is not None and not declare.discard.mask & T.JACKS
    assert any(d.kind == "declare" and d.sampled for d in bot.decisions)


@pytest.mark.parametrize("kwargs, error", [
    ({"bidding": "clever"}, SkatError), ({"bidding": 1}, TypeError),
    ({"eval_worlds": 0}, SkatError), ({"eval_nodes": "many"}, TypeError),
    ({"eval_world_nodes": -1}, SkatError),
])
def test_the_new_options_are_checked(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        PIMCBot(**kwargs)  # type: ignore[arg-type]


def test_sampled_worlds_fit_the_evaluator_in_every_phase() -> None:
    """The bot's own sampler feeds the evaluator in the auction (10 cards, skat
    unknown) and after the pickup (12 cards, no skat yet)."""
    s = new_game(Deal.shuffled(21))
    o = observe(s, 0)
    worlds = sample_worlds(o, 3, random.Random(1))
    ev = evaluate_hand(o.hand.mask, 0, [(Contract.parse("G"), None)], worlds, nodes=30_000)
    assert ev.estimates[0].solved <= 3
    for a in (Pass(), Pass(), Bid(18), PickUpSkat()):
        s = apply(s, a)
    o = observe(s, 0)
    twelve = o.hand.mask
    worlds = sample_worlds(o, 3, random.Random(1))
    discard = (1 << T.mask_cards(twelve)[0]) | (1 << T.mask_cards(twelve)[1])
    ev = evaluate_hand(twelve, 0, [(Contract.parse("G"), discard)], worlds, nodes=30_000)
    assert ev.estimates[0].solved <= 3


def test_the_confidence_ceiling_is_rulebots_rule_on_the_searched_probability() -> None:
    """The bot's ceiling: the median value of a candidate whose blended win
    probability reaches the confidence (a hand game also the hand confidence)."""
    pickup = HandEstimate(Contract.parse("C"), None, 0.3, 36, 1, (36, 48, 36))
    hand = HandEstimate(Contract.parse("CH"), 0, 0.6, 48, 2, (48, 60, 48))
    ev = Evaluation((pickup, hand), 3, 0)
    assert pickup.win_probability() == pytest.approx(0.32)
    assert bid_ceiling(ev, confidence=0.3) == 48
    assert bid_ceiling(ev, confidence=0.3, hand_confidence=0.85) == 36
    assert bid_ceiling(ev, confidence=0.7) == 0
