"""The PIMC bot (skatlib.bots.pimc) and the arena (skatlib.bots.arena, skat arena)."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import ClassVar

import pytest

import skatlib
import skatlib.cli.arena as arena_cli
from skatlib import (
    ISKO,
    PUB,
    Action,
    Bot,
    CardSet,
    Contract,
    Deal,
    Declare,
    GameResult,
    GameState,
    Kontra,
    Observation,
    RandomBot,
    Reason,
    RuleBot,
    Rules,
    SkatError,
    new_game,
    play_deal,
    play_game,
)
from skatlib import _tables as T
from skatlib.bots import make_bot
from skatlib.bots.arena import DealOutcome, duplicate_game, play_duplicate, summarise
from skatlib.bots.pimc import PIMCBot, best_contract, estimate
from skatlib.cli.arena import add_arguments, run
from skatlib.search.sampling import World
from skatlib.search.solver import Position, Solver


def fast(seed: int) -> PIMCBot:
    """A quick PIMC bot for tests."""
    return PIMCBot(seed=seed, worlds=4, max_nodes=4000, eval_worlds=3, eval_nodes=20_000,
                   eval_world_nodes=5_000)


def test_pimc_is_a_bot_and_make_bot_builds_it() -> None:
    bot = make_bot("pimc", 3)
    assert isinstance(bot, PIMCBot)
    assert isinstance(bot, Bot)
    with pytest.raises(SkatError):
        PIMCBot(objective="money")


@pytest.mark.parametrize("rules", [ISKO, PUB, Rules(ramsch=True, schieberamsch=True,
                                                     ramsch_grand_hand=True)])
def test_pimc_plays_legal_complete_deals(rules: Rules) -> None:
    kontras: list[tuple[int, Action]] = []
    for i in range(3):
        bots: list[Bot] = [fast(i), fast(i + 10), RandomBot(i)]
        kontras.clear()
        # play_game applies every action checked: an illegal one raises
        state = play_game(new_game(Deal.shuffled(100 + i), rules), bots,
                          on_action=lambda seat, a, s: kontras.append((seat, a)))
        assert state.is_finished
        assert not [seat for seat, a in kontras
                    if isinstance(a, Kontra) and isinstance(bots[seat], PIMCBot)]


def test_pimc_is_reproducible() -> None:
    a = play_deal(Deal.shuffled(7), [fast(5), RuleBot(), RuleBot()])
    b = play_deal(Deal.shuffled(7), [fast(5), RuleBot(), RuleBot()])
    assert a[0] == b[0]


def test_pimc_points_objective_plays_too() -> None:
    bot = PIMCBot(seed=1, worlds=2, max_nodes=3000, objective="points")
    record, _ = play_deal(Deal.shuffled(8), [bot, RuleBot(), RuleBot()])
    assert record.actions


def test_utilities_follow_the_solver() -> None:
    """In one known world the bot's utility is a monotone step function of the
    solver's exact value after each card."""
    rng = random.Random(4)
    bot = PIMCBot(seed=1)
    solver = Solver()
    checked = 0
    while checked < 40:
        deck = list(range(32))
        rng.shuffle(deck)
        k = rng.randint(2, 4)
        hands = tuple(sum(1 << c for c in deck[i * k:(i + 1) * k]) for i in range(3))
        gt = rng.randrange(5)
        pos = Position(gt, rng.randrange(3), (hands[0], hands[1], hands[2]), (), 0,
                       rng.choice((20, 40, 55)), False)
        utilities = bot._utilities(pos)
        exact = solver.evaluate_position(pos)
        assert set(utilities) == set(exact)
        for a in exact:
            for b in exact:
                if exact[a] < exact[b]:
                    assert utilities[a] <= utilities[b]
            assert (utilities[a] >= 100) == (exact[a] >= 61)
        checked += 1


def _worlds_around(rng: random.Random, k: int, gt: int, declarer: int
                   ) -> tuple[list[Position], list[int]]:
    """Three to five worlds of ``k`` cards a hand in which seat 0 leads the
    same cards (the other hands and the points so far vary), and those cards."""
    deck = list(range(32))
    rng.shuffle(deck)
    mine = sum(1 << c for c in deck[:k])
    worlds = []
    for _ in range(rng.randint(3, 5)):
        rest = deck[k:]
        rng.shuffle(rest)
        b = sum(1 << c for c in rest[:k])
        c = sum(1 << x for x in rest[k:2 * k])
        worlds.append(Position(gt, declarer, (mine, b, c), (), 0, rng.choice((20, 40, 55)),
                               False))
    return worlds, [x for x in range(32) if mine >> x & 1]


def test_fight_keeps_the_tied_cards_with_the_best_exact_points() -> None:
    """``PIMCBot(fight=True)`` breaks a tie by the declarer's exact card points
    summed over the same worlds (the solver's value after each card): the most
    for the declarer, the fewest for a defender."""
    rng = random.Random(7)
    bot = PIMCBot(seed=1, fight=True)
    solver = Solver()
    differed = 0
    for i in range(30):
        declarer = i % 3
        worlds, cards = _worlds_around(rng, rng.randint(2, 4), rng.randrange(4), declarer)
        sums = dict.fromkeys(cards, 0)
        for w in worlds:
            for card, v in solver.evaluate_position(w).items():
                sums[card] += v
        pick = max if declarer == 0 else min
        want = [c for c in cards if sums[c] == pick(sums.values())]
        assert bot._fight(worlds, cards, declarer == 0, time.process_time()) == want
        differed += len(want) < len(cards)
    assert differed > 10  # the exact points do split most ties
    assert bot.solver.node_limit is None and bot.solver.deadline is None


def test_fight_leaves_null_schwarz_and_cut_off_searches_to_the_plain_rule() -> None:
    """Where card points mean nothing (null, schwarz announced) or no world is
    solved within the budget, ``_fight`` keeps every tied card."""
    rng = random.Random(8)
    worlds, cards = _worlds_around(rng, 3, T.NULL, 0)
    assert PIMCBot(fight=True)._fight(worlds, cards, True, time.process_time()) == cards
    worlds, cards = _worlds_around(rng, 3, 4, 0)
    stopped = [w._replace(stop=True) for w in worlds]
    assert PIMCBot(fight=True)._fight(stopped, cards, True, time.process_time()) == cards
    worlds, cards = _worlds_around(rng, 10, 4, 1)
    cut = PIMCBot(fight=True, max_nodes=1)
    assert cut._fight(worlds, cards, False, time.process_time()) == cards
    assert cut.solver.node_limit is None
    assert PIMCBot(fight=True)._fight([], cards, False, time.process_time()) == cards
    assert PIMCBot().fight and not PIMCBot.v1().fight  # on by default, off in pimc_v1


def test_fight_plays_legal_reproducible_deals_and_traces_its_nodes() -> None:
    def fighter(seed: int) -> PIMCBot:
        return PIMCBot(seed=seed, worlds=4, max_nodes=4000, eval_worlds=3,
                       eval_nodes=20_000, eval_world_nodes=5_000, fight=True, trace=True)

    a, b = fighter(3), fighter(3)
    for bot in (a, b):
        for i in range(3):
            play_game(new_game(Deal.shuffled(60 + i)), [bot, RuleBot(), fighter(i)])
    assert [d[:4] for d in a.decisions] == [d[:4] for d in b.decisions]
    cards = [d for d in a.decisions if d.kind == "card"]
    # the tie-break's search is the decision's own: at most one more budget
    assert cards and all(d.nodes <= 3 * 4000 + 2 for d in cards)


def test_pimc_declarer_takes_a_cold_grand() -> None:
    """Forehand with four jacks and two solid suits: bids, declares and wins."""
    deal = Deal.parse("CJ SJ HJ DJ CA CT CK SA ST SK / C9 C8 C7 SQ S9 HA HT HK DA DT / "
                      "CQ S8 S7 HQ H9 H8 H7 DK DQ D9 / D8 D7")
    bot = fast(2)
    _, res = play_deal(deal, [bot, RuleBot(), RuleBot()])
    assert isinstance(res, GameResult) and res.won
    assert res.contract.game_type == 4


def test_hand_evaluator() -> None:
    strong = CardSet.parse("CJ SJ HJ DJ CA CT CK SA ST SK")
    junk = CardSet.parse("D7 DK H8 HQ HK S9 SK C8 CQ CK")
    null = CardSet.parse("D7 D8 D9 H7 H8 H9 S7 S8 C7 C8")
    assert estimate(strong, Contract.parse("G")) > 0.95
    assert estimate(junk, Contract.parse("G")) < 0.05
    assert estimate(null, Contract.parse("N")) > 0.8 > estimate(junk, Contract.parse("N"))
    assert str(best_contract(null)[0]).startswith("N")
    bot = PIMCBot()
    assert bot.bid_limit(strong) >= 120
    assert bot.bid_limit(junk) == 0
    assert bot.bid_limit(null) >= 23


def test_declaring_keeps_the_trumps() -> None:
    """After a pickup the bot does not put away jacks for a suit game."""
    deal = Deal.parse("CJ SJ CA CK C9 C8 SA H7 HK D7 / C7 ST SK SQ S9 HA HT CT DA DT / "
                      "CQ S8 S7 HQ H9 H8 DK DQ D9 D8 / HJ DJ")
    bot = fast(1)
    record, _ = play_deal(deal, [bot, RuleBot(), RuleBot()])
    declare = next(a for a in record.actions if isinstance(a, Declare))
    assert declare.discard is not None
    assert not declare.discard.mask & T.JACKS
    assert declare.contract.game_type in (3, 4)


# ----------------------------------------------------------------- the arena


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


class SeatRecorder(RuleBot):
    """A RuleBot that notes which seat it plays (for the rotation test)."""

    seen: ClassVar[list[tuple[int, int]]] = []

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        SeatRecorder.seen.append((self.seed, int(observation.seat)))
        return super().act(observation, legal)


def test_duplicate_deals_rotate_every_bot_through_every_seat() -> None:
    SeatRecorder.seen.clear()
    specs = ("test_pimc_arena:SeatRecorder", "random", "random")
    outcome = play_duplicate(specs, 0, 42, ISKO)
    assert len(outcome.games) == 3
    seats_by_game: dict[int, set[int]] = {}
    for seed, seat in SeatRecorder.seen:
        seats_by_game.setdefault(seed, set()).add(seat)
    assert sorted(seats_by_game.values(), key=min) == [{0}, {1}, {2}]
    # Seeger-Fabian (D-14): a won game pays the declarer only, a lost one
    # costs him and pays 40 to each other player
    for i in range(12):
        for g in play_duplicate(("rule", "random", "random"), i, 42, ISKO).games:
            if g.declarer < 0:
                assert g.points == (0, 0, 0)
                continue
            others = [p for b, p in enumerate(g.points) if b != g.declarer]
            if g.won:
                assert g.points[g.declarer] > 50 and others == [0, 0]
            else:
                assert g.points[g.declarer] < -50 and others == [40, 40]
    summary = summarise(specs, [outcome])
    assert summary.games == 3 and summary.deals == 1


def test_duplicate_game_replays_the_arenas_game_of_a_rotation() -> None:
    """duplicate_game plays one rotation as play_duplicate does: the same bots in
    the same seats with the same seeds, so the same game and score (D-14)."""
    from skatlib import result, seeger_fabian
    from skatlib.bots import seeded_deal

    specs = ("rule", "random", "test_pimc_arena:SeatRecorder")
    for i in range(4):
        outcome = play_duplicate(specs, i, 7, ISKO)
        for r, game in enumerate(outcome.games):
            at_seat, record = duplicate_game(specs, i, 7, ISKO, r)
            assert at_seat == tuple((s + r) % 3 for s in range(3))
            assert record.deal == seeded_deal(7, i)
            res = result(record.replay())
            if game.declarer < 0:
                assert not isinstance(res, GameResult)
                continue
            assert isinstance(res, GameResult) and res.declarer is not None
            assert at_seat[int(res.declarer)] == game.declarer and res.won == game.won
            assert seeger_fabian(res)[0] == game.points[game.declarer]
    with pytest.raises(SkatError, match="rotation must be 0, 1 or 2, not 3"):
        duplicate_game(specs, 0, 7, ISKO, 3)


def test_duplicate_deals_refuse_other_than_three_bots_and_a_negative_index() -> None:
    """play_duplicate and duplicate_game name what is wrong (no IndexError from
    deep inside, no outcome that DealOutcome.from_dict would refuse to read)."""
    from skatlib.errors import ArgumentTypeError

    for play in (lambda specs, i: play_duplicate(specs, i, 1, ISKO),
                 lambda specs, i: duplicate_game(specs, i, 1, ISKO, 0)):
        with pytest.raises(SkatError, match=r"needs three bots \(one per seat\), not 2") as e:
            play(("rule", "rule"), 0)
        assert e.value.reason is Reason.BAD_TABLE
        with pytest.raises(SkatError, match="the deal index must be 0 or more, not -1"):
            play(("rule",) * 3, -1)
        with pytest.raises(ArgumentTypeError, match="specs must be a sequence of three bot"):
            play("rule", 0)
    with pytest.raises(ArgumentTypeError, match=r"rotation must be an int, not str \('1'\)"):
        duplicate_game(("rule",) * 3, 0, 1, ISKO, "1")  # type: ignore[arg-type]


def test_arena_report_and_worker_independence(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(parse("--bots", "rule,random,random", "--deals", "6", "--seed", "3")) == 0
    one = capsys.readouterr().out
    assert run(parse("--bots", "rule,random,random", "--deals", "6", "--seed", "3",
                     "--workers", "2")) == 0
    two = capsys.readouterr().out
    assert one.splitlines()[:-1] == two.splitlines()[:-1]  # all but the timing line
    assert "1:rule" in one and "95% CI" in one and "games/s" in one
    assert "1:rule - 2:random" in one


def test_arena_with_pimc_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(parse("--bots", "pimc,random,random", "--deals", "1", "--seed", "1")) == 0
    out = capsys.readouterr().out
    assert "1:pimc" in out


@pytest.mark.parametrize("argv", [
    ("--bots", "rule,random"), ("--deals", "0"), ("--workers", "0"),
    ("--bots", "rule,nonsense,random"),
])
def test_arena_rejects_bad_input(argv: tuple[str, ...]) -> None:
    with pytest.raises(SkatError):
        run(parse(*argv))


def test_pimc_expectation_uses_the_one_seeger_fabian_formula() -> None:
    """D-14: the PIMC bot's expected score is seeger_fabian of the won and the lost
    game, relative to each opponent; its values are game_value's (ISkO 5.1-5.2)."""
    from skatlib import game_value, matadors, score, seeger_fabian
    from skatlib.bots.basic import _seeger, _value

    won = score(Contract.parse("G"), bid=18, matadors=2, declarer_points=70, declarer_tricks=6)
    lost = score(Contract.parse("G"), bid=18, matadors=2, declarer_points=50, declarer_tricks=4)
    assert won.value == lost.value == 72
    for p in (0.0, 0.3, 1.0):
        wd, wo = seeger_fabian(won)
        ld, lo = seeger_fabian(lost)
        assert _seeger(p, 72) == pytest.approx(p * (wd - wo) + (1 - p) * (ld - lo))
    hand = CardSet.parse("CJ SJ CA CT CK C9 SA ST H7 D7")
    for text in ("G", "CH", "CHS", "CHZ", "N", "NO"):
        c = Contract.parse(text)
        m = 0 if c.is_null else matadors(c.game_type, hand)
        assert _value(c, hand.mask) == game_value(c, m)


# ----------------------------------------------------------------- budget, trace, inference


def test_the_node_budget_is_per_decision_and_fresh() -> None:
    """Every decision gets its own budget (not the solver's lifetime count): no
    decision searches more than first_world budgets (plus one check interval),
    and late decisions, after many nodes spent, still solve worlds."""
    # without fight's tie-break, whose own budget
    # test_fight_plays_legal_reproducible_deals_and_traces_its_nodes checks
    bot = PIMCBot(seed=3, worlds=6, max_nodes=20_000, first_world=2, trace=True, fight=False)
    for i in range(3):
        play_deal(Deal.shuffled(40 + i), [bot, RuleBot(), RuleBot()])
    assert bot.decisions, "the bot played cards"
    cards = [d for d in bot.decisions if d.kind == "card"]
    for d in cards:
        assert 1 <= d.trick <= 10 and 0 <= d.solved <= d.sampled == 6
        assert d.nodes <= 2 * 20_000 + 2_000
        assert d.seconds >= 0 and d.cpu >= 0
    assert sum(d.nodes for d in cards) > 20_000 * 2
    late = [d for d in cards if d.trick >= 6]
    assert late and all(d.solved == 6 for d in late)


def test_no_trace_keeps_nothing() -> None:
    bot = fast(1)
    play_deal(Deal.shuffled(3), [bot, RuleBot(), RuleBot()])
    assert bot.decisions == []


def test_pimc_v1_is_todays_flag_set() -> None:
    v1 = make_bot("pimc_v1", 4)
    assert isinstance(v1, PIMCBot)
    assert (v1.worlds, v1.max_nodes, v1.first_world, v1.inference) == (20, 50_000, 4, False)
    assert v1.bid_limit(CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST H7")) >= 96
    assert not v1.declaration_inference
    uniform = make_bot("pimc_uniform", 4)
    assert isinstance(uniform, PIMCBot)
    assert not uniform.inference and not uniform.declaration_inference


def test_auction_bounds_follow_who_asked_and_who_answered() -> None:
    """ISkO 3.2-3.3: middlehand bids to forehand, rearhand to the survivor; a pass
    answering a bid says the limit is below it, a pass instead of bidding on
    says it is at most the bid standing."""
    from skatlib import Bid, Hold, Pass, apply, observe
    from skatlib.bots.pimc import auction_bounds

    s = new_game(Deal.shuffled(2))
    for a in (Bid(18), Hold(), Bid(20), Hold(), Pass(), Bid(22), Pass()):
        s = apply(s, a)
    # 1 bid 18, 0 held, 1 bid 20, 0 held, 1 passed (asking: limit <= 20),
    # 2 bid 22 to forehand, 0 passed (answering: limit < 22)
    b = auction_bounds(observe(s, 2))
    assert b[1] == (20, 20) and b[0] == (20, 21) and b[2] == (22, 1000)


def test_inference_weights_worlds_that_contradict_the_bidding_down() -> None:
    """A defender who passed at once rarely holds a hand the opponent model would
    bid: such worlds get the small weight, the others weight 1."""
    from skatlib import apply, legal_actions, observe
    from skatlib.bots.pimc import _EPSILON, auction_bounds, world_weight
    from skatlib.search.sampling import sample_worlds

    checked = 0
    for i in range(60):
        s = new_game(Deal.shuffled(500 + i))
        bots = [RuleBot(), RuleBot(), RuleBot()]
        while s.phase.name != "PLAYING" and not s.is_finished:
            s = apply(s, bots[s.to_move_index].act(observe(s, s.to_move_index),
                                                     legal_actions(s)))
        if s.is_finished:
            continue
        d = s.declarer_index
        me = (d + 1) % 3
        other = (d + 2) % 3
        o = observe(s, me)
        bounds = auction_bounds(o)
        if other not in bounds:
            continue
        low, high = bounds[other]
        from skatlib.bots.basic import bid_limit

        for w in sample_worlds(o, 30, random.Random(i)):
            limit = bid_limit(w.hands[other], forehand=other == 0)[1]
            want = 1.0 if low <= limit <= high else _EPSILON
            assert world_weight(o, w, bounds) == pytest.approx(want)
        true_limit = bid_limit(s.deal.hands[other], forehand=other == 0)[1]
        assert low <= true_limit <= high  # RuleBot bid by the model it is weighed by
        checked += 1
    assert checked >= 20


def test_inference_draws_the_fitting_worlds_first() -> None:
    bot = PIMCBot(seed=2, worlds=5, inference=True)
    plain = PIMCBot(seed=2, worlds=5, inference=False)
    from skatlib import apply, legal_actions, observe
    from skatlib.bots.pimc import auction_bounds, world_weight

    s = new_game(Deal.shuffled(77))
    bots = [RuleBot(), RuleBot(), RuleBot()]
    while s.phase.name != "PLAYING":
        s = apply(s, bots[s.to_move_index].act(observe(s, s.to_move_index), legal_actions(s)))
    o = observe(s, (s.declarer_index + 1) % 3)
    bounds = auction_bounds(o)
    mean_inf = sum(world_weight(o, w, bounds) for w in bot._sample(o, 5)) / 5
    mean_plain = sum(world_weight(o, w, bounds) for w in plain._sample(o, 5)) / 5
    assert mean_inf > mean_plain and mean_inf >= 0.5


def _defender_views(seeds: range) -> Iterator[tuple[GameState, Observation]]:
    """Deals bid and declared by ``pimc_v1``'s rules (RuleBot's evaluator), at the
    first card a defender plays: the state and that defender's observation (a
    deal passed in is skipped)."""
    from skatlib import apply, legal_actions, observe

    for seed in seeds:
        s = new_game(Deal.shuffled(seed))
        bots = [PIMCBot.v1(seed), PIMCBot.v1(seed + 1), PIMCBot.v1(seed + 2)]
        while s.phase.name != "PLAYING" and not s.is_finished:
            s = apply(s, bots[s.to_move_index].act(observe(s, s.to_move_index),
                                                     legal_actions(s)))
        if s.is_finished:
            continue
        me = (s.declarer_index + 1) % 3
        while s.to_move_index != me:  # forehand leads: the defender after him plays
            s = apply(s, RuleBot().act(observe(s, s.to_move_index), legal_actions(s)))
        yield s, observe(s, me)


def _real_world(s: GameState) -> World:
    return World((s.hands[0].mask, s.hands[1].mask, s.hands[2].mask), s.skat.mask)


def test_declaration_weight_follows_the_bid_and_the_estimate() -> None:
    """A defender weighs a world by the declarer's cards in it: a suit or grand
    game worth less than the bid is lost overbid (ISkO 5.4.2) and so unlikely
    (times the small weight); a final hand RuleBot's evaluator gives less than
    :data:`_FULL_ESTIMATE` fits in proportion.  The real cards fit."""
    from skatlib import observe
    from skatlib.bots.basic import _value
    from skatlib.bots.pimc import _EPSILON, _FULL_ESTIMATE, _dealt_hand, declaration_weight
    from skatlib.search.sampling import sample_worlds

    checked = overbid = 0
    true_weights: list[float] = []
    for i, (s, o) in enumerate(_defender_views(range(700, 740))):
        assert o.contract is not None and o.declarer is not None
        d = int(o.declarer)
        assert declaration_weight(observe(s, d), _real_world(s)) == 1.0  # not for himself
        for w in sample_worlds(o, 20, random.Random(i)):
            final = _dealt_hand(o, d, w.hands[d])
            want = 1.0
            if not o.contract.is_null and _value(o.contract, final | w.skat) < o.bid:
                want *= _EPSILON
                overbid += 1
            p = estimate(final, o.contract, forehand=d == 0, final=not o.contract.hand)
            want *= max(_EPSILON, min(1.0, p / _FULL_ESTIMATE))
            assert declaration_weight(o, w) == pytest.approx(want)
        true_weights.append(declaration_weight(o, _real_world(s)))
        checked += 1
    assert checked >= 20 and overbid > 0
    assert sum(true_weights) / len(true_weights) >= 0.9  # the model fits its own bidders


def test_declaration_inference_draws_worlds_that_fit_the_declaration() -> None:
    """With the switch a defender solves worlds that fit the declaration far more
    often than a uniform sample; the declarer samples as without it."""
    from skatlib import observe
    from skatlib.bots.pimc import declaration_weight

    fitted = uniform = 0.0
    n = 0
    for i, (s, o) in enumerate(_defender_views(range(900, 912))):
        on = PIMCBot(seed=i, declaration_inference=True)
        off = PIMCBot(seed=i, inference=False, declaration_inference=False)
        fitted += sum(declaration_weight(o, w) for w in on._sample(o, 10))
        uniform += sum(declaration_weight(o, w) for w in off._sample(o, 10))
        n += 10
        od = observe(s, s.declarer_index)
        assert PIMCBot(seed=i, declaration_inference=True)._sample(od, 5) == \
            PIMCBot(seed=i, declaration_inference=False)._sample(od, 5)
    assert n >= 50
    assert fitted / n >= 0.7 and uniform / n <= 0.5  # (measured: 0.8 and 0.35)


def _play_views(seeds: range, every: int = 4) -> Iterator[tuple[GameState, Observation]]:
    """Games of three RuleBots (suit and grand games; null and passed-in deals
    skipped): every ``every``-th card decision after the first trick, the state
    and the observation of the seat to move."""
    from skatlib import apply, legal_actions, observe

    for seed in seeds:
        s = new_game(Deal.shuffled(seed))
        bots = [RuleBot(), RuleBot(), RuleBot()]
        k = 0
        while not s.is_finished:
            seat = s.to_move_index
            o = observe(s, seat)
            if o.phase.name == "PLAYING" and o.contract is not None and \
                    not o.contract.is_null and o.tricks:
                k += 1
                if k % every == 0:
                    yield s, o
            s = apply(s, bots[seat].act(o, legal_actions(s)))


def _play_weight_reference(o: Observation, world: World) -> float:
    """:func:`~skatlib.bots.pimc.play_weight` written out play by play from the
    kernel's rules: each seat's cards at each play rebuilt from the world and
    the cards he played from then on, his legal cards from
    :func:`~skatlib._tables.legal_cards_mask`."""
    import math

    assert o.contract is not None and o.declarer is not None
    gt, d, me = int(o.contract.game_type), int(o.declarer), int(o.seat)
    plays = [(int(t.leader), [int(c) for c in t.cards]) for t in o.tricks]
    if o.current_trick:
        plays.append((int(o.leader), [int(c) for c in o.current_trick]))
    flat = [((leader + i) % 3, leader, cards, i) for leader, cards in plays
            for i in range(len(cards))]
    w = 1.0
    for n, (seat, leader, cards, i) in enumerate(flat):
        if i == 0 or seat == me:
            continue
        later = sum(1 << c[j] for s2, _, c, j in flat[n:] if s2 == seat)
        hand = world.hands[seat] | later
        legal = T.legal_cards_mask(gt, hand, cards[0])
        strength = T.KEY[gt][cards[0]]
        holder_i = max(range(i), key=lambda j: strength[cards[j]])
        holder = (leader + holder_i) % 3
        pts = [T.CARD_POINTS[c] for c in T.mask_cards(legal)]
        mine = T.CARD_POINTS[cards[i]]
        partner = seat != d and holder != d
        if partner and i == 2:
            gap = max(pts) - mine
        elif not partner and not any(strength[c] > strength[cards[holder_i]]
                                     for c in T.mask_cards(legal)):
            gap = mine - min(pts)
        else:
            continue
        w *= max(0.05, math.exp(-0.35 * gap))
    return w


def test_play_weight_throws_the_poorest_card_and_smears_the_richest() -> None:
    """A world is weighed by the other two players' plays whose purpose is plain:
    a player who cannot beat the opponent's card holding the trick throws his
    poorest card, a defender as last hand smears his richest onto his
    partner's trick; each point away from it costs ``exp(-0.35)``, down to the
    small weight.  Checked against a play-by-play reference on sampled worlds;
    the real cards of RuleBot players fit (it plays those rules, keeping a
    sure trick back when it smears), a uniform sample much less."""
    from skatlib.bots.pimc import play_weight
    from skatlib.search.sampling import sample_worlds

    true_weights: list[float] = []
    uniform: list[float] = []
    for i, (s, o) in enumerate(_play_views(range(40, 70))):
        for w in sample_worlds(o, 8, random.Random(i)):
            assert play_weight(o, w) == pytest.approx(_play_weight_reference(o, w))
            uniform.append(play_weight(o, w))
        true_weights.append(play_weight(o, _real_world(s)))
    assert len(true_weights) >= 100
    assert min(uniform) < 0.1  # some worlds contradict the play outright
    true_mean = sum(true_weights) / len(true_weights)
    assert true_mean >= 0.9 and true_mean > sum(uniform) / len(uniform) + 0.08


def test_play_weight_is_one_outside_the_card_play_and_in_null() -> None:
    from skatlib import Bid, Pass, PickUpSkat, apply, legal_actions, observe
    from skatlib.bots.pimc import play_weight

    deal = Deal.shuffled(5)
    s = new_game(deal)
    assert play_weight(observe(s, 0), _real_world(s)) == 1.0  # the auction
    s = apply(apply(apply(s, Pass()), Pass()), Bid(18))
    s = apply(apply(s, PickUpSkat()), Declare("N", deal.skat))
    for _ in range(4):  # a null game: the poorest card means nothing there
        s = apply(s, RuleBot().act(observe(s, s.to_move_index), legal_actions(s)))
    assert play_weight(observe(s, s.to_move_index), _real_world(s)) == 1.0


def test_play_inference_draws_worlds_that_fit_the_play() -> None:
    """With the switch the card play solves worlds that fit the play better than
    without it; off (the default) the worlds are those of the bot without it."""
    from skatlib.bots.pimc import play_weight

    on_total = off_total = 0.0
    n = 0
    for i, (_, o) in enumerate(_play_views(range(80, 92), every=6)):
        on = PIMCBot(seed=i, play_inference=True)
        off = PIMCBot(seed=i)
        on_total += sum(play_weight(o, w) for w in on._sample(o, 10))
        off_total += sum(play_weight(o, w) for w in off._sample(o, 10))
        n += 10
        assert PIMCBot(seed=i)._sample(o, 5) == PIMCBot(seed=i, play_inference=False)._sample(o, 5)
    assert n >= 100
    assert on_total / n > off_total / n + 0.1
    assert not PIMCBot().play_inference and not PIMCBot.v1().play_inference


@pytest.mark.parametrize("kwargs, error", [
    ({"worlds": ""}, TypeError), ({"max_nodes": 1.5}, TypeError), ({"worlds": 0}, SkatError),
    ({"objective": 0}, TypeError), ({"objective": "money"}, SkatError),
    ({"bid_confidence": 1.5}, SkatError), ({"time_limit": -1}, SkatError),
    ({"cpu_limit": -0.5}, SkatError), ({"cpu_limit": "2"}, TypeError),
    ({"seed": "x"}, TypeError), ({"solver": "fast"}, TypeError),
    ({"tie_break": 1}, TypeError), ({"tie_break": "random"}, SkatError),
    ({"declarer_worlds": 0}, SkatError), ({"declarer_worlds": "60"}, TypeError),
])
def test_pimc_options_are_checked(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        PIMCBot(**kwargs)  # type: ignore[arg-type]


def test_declarer_worlds_sets_the_worlds_of_the_declarers_card_decisions() -> None:
    """``PIMCBot(declarer_worlds=n)``: a card decision as declarer samples ``n``
    worlds, one as a defender ``worlds``; ``None`` (and ``pimc_v1``) samples
    ``worlds`` in both roles.  Checked at every card decision of seat 0 in
    random games bid and declared by RuleBot."""
    from skatlib import Phase, Play, apply, legal_actions, observe

    assert PIMCBot.v1().declarer_worlds is None
    both = PIMCBot(seed=2, worlds=3, declarer_worlds=7, max_nodes=3000, fight=False, trace=True)
    plain = PIMCBot(seed=2, worlds=3, max_nodes=3000, fight=False, trace=True)
    rule = RuleBot()
    seen = {True: 0, False: 0}
    for i in range(16):
        s = new_game(Deal.shuffled(300 + i))
        while not s.is_finished:
            o, legal = observe(s, s.to_move_index), legal_actions(s)
            plays = [a for a in legal if isinstance(a, Play)]
            if s.phase == Phase.PLAYING and s.to_move_index == 0 and len(plays) > 1:
                declarer = s.declarer_index == 0
                action = both.act(o, legal)
                plain.act(o, legal)
                assert both.decisions[-1].sampled == (7 if declarer else 3)
                assert plain.decisions[-1].sampled == 3
                seen[declarer] += 1
            else:
                action = rule.act(o, legal)
            s = apply(s, action)
    assert seen[True] >= 5 and seen[False] >= 5, seen


def test_tie_break_rules_takes_rulebots_card_among_the_tied_ones() -> None:
    """``PIMCBot(tie_break="rules")``: among cards the search rates alike, the
    card RuleBot plays if it is one of them, else the plain rule's card (the
    default, ``"cards"``: the richest card when the bot's side holds the trick
    as last hand, else the poorest, then the weakest); a single card is kept.
    Checked at every card decision of random games, with all legal cards tied
    and with RuleBot's card left out of the tie."""
    from skatlib import Phase, Play, apply, legal_actions, observe

    rules, cards_bot, rule = PIMCBot(tie_break="rules"), PIMCBot(), RuleBot()
    assert cards_bot.tie_break == "cards" and PIMCBot.v1().tie_break == "cards"
    differed = 0
    for i in range(12):
        s = new_game(Deal.shuffled(200 + i))
        while not s.is_finished:
            o, legal = observe(s, s.to_move_index), legal_actions(s)
            action = rule.act(o, legal)
            plays = [int(a.card) for a in legal if isinstance(a, Play)]
            if s.phase == Phase.PLAYING and s.contract is not None and len(plays) > 1:
                assert isinstance(action, Play)
                mine = int(action.card)
                plain = cards_bot._tie_break(o, plays, legal)
                assert plain in plays
                assert rules._tie_break(o, plays, legal) == mine
                others = [c for c in plays if c != mine]
                assert rules._tie_break(o, others, legal) == cards_bot._tie_break(o, others, legal)
                assert rules._tie_break(o, [plain], legal) == plain
                differed += plain != mine
            s = apply(s, action)
    assert differed > 20  # the two rules do part often


def test_a_time_limit_stops_sampling_but_one_world_is_solved() -> None:
    bot = PIMCBot(seed=1, worlds=50, max_nodes=5_000, time_limit=0.0, trace=True)
    play_deal(Deal.shuffled(9), [bot, RuleBot(), RuleBot()])
    cards = [d for d in bot.decisions if d.kind == "card"]
    assert cards and all(d.solved <= 1 for d in cards)


def test_a_cpu_limit_caps_the_decision_and_still_returns_a_move() -> None:
    """Issue 17 (move time at most 3 s): with the cap already spent when the
    decision starts, no world is solved and the bot plays RuleBot's card (a legal
    move, every time); with the default cap a budget that takes well under it
    solves worlds as before."""
    from skatlib import Phase, apply, legal_actions, observe

    capped = PIMCBot(seed=1, worlds=8, cpu_limit=0.0, trace=True)
    rule = RuleBot()
    s = new_game(Deal.shuffled(11))
    while not s.is_finished:
        seat = s.to_move_index
        o, legal = observe(s, seat), legal_actions(s)
        if seat == 0 and s.phase == Phase.PLAYING and s.contract is not None:
            action = capped.act(o, legal)
            assert action == rule.act(o, legal) and action in legal
        else:
            action = rule.act(o, legal)
        s = apply(s, action)
    assert capped.decisions and all(d.solved == 0 for d in capped.decisions)
    assert capped.solver.deadline is None  # the cap is the decision's, not the solver's
    free = PIMCBot(seed=1, worlds=4, max_nodes=5_000, trace=True)
    assert free.cpu_limit == 2.5
    play_deal(Deal.shuffled(11), [free, RuleBot(), RuleBot()])
    assert any(d.solved for d in free.decisions)


# ----------------------------------------------------------------- arena --out


def test_arena_out_resumes_to_the_same_summary(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    assert run(parse("--bots", "rule,random,random", "--deals", "7", "--seed", "2",
                     "--json")) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert run(parse("--bots", "rule,random,random", "--deals", "4", "--seed", "2",
                     "--out", str(out))) == 0
    capsys.readouterr()
    lines = out.read_text().splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["bots"] == ["rule", "random", "random"]
    with out.open("a") as fh:  # a run stopped in the middle of a line
        fh.write('{"deal": 4, "ga')
    assert run(parse("--bots", "rule,random,random", "--deals", "7", "--seed", "2",
                     "--out", str(out), "--json")) == 0
    resumed = json.loads(capsys.readouterr().out)
    for key in ("deals", "games", "bots", "margins"):
        assert resumed[key] == fresh[key]
    assert len(out.read_text().splitlines()) == 8
    outcomes = [DealOutcome.from_dict(json.loads(x)) for x in out.read_text().splitlines()[1:]]
    assert sorted(o.number for o in outcomes) == list(range(7))
    assert outcomes[0] == play_duplicate(("rule", "random", "random"), outcomes[0].number, 2,
                                         ISKO)


def test_arena_out_refuses_another_runs_file(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert run(parse("--bots", "rule,rule,rule", "--deals", "1", "--out", str(out))) == 0
    with pytest.raises(SkatError, match="another run"):
        run(parse("--bots", "rule,rule,random", "--deals", "1", "--out", str(out)))
    out.write_text(out.read_text() + '{"deal": -1, "games": []}\n')
    with pytest.raises(SkatError, match="line 3"):
        run(parse("--bots", "rule,rule,rule", "--deals", "2", "--out", str(out)))


def test_arena_out_refuses_a_file_played_by_other_code(tmp_path: Path) -> None:
    """A resumed run must not mix deals played by two versions of the bots: the
    header names the skatlib version and a fingerprint of its source."""
    out = tmp_path / "r.jsonl"
    assert run(parse("--bots", "rule,rule,rule", "--deals", "1", "--out", str(out))) == 0
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["skat_arena"] == 2 and header["skatlib"] == skatlib.__version__
    assert len(header["source"]) == 16 and int(header["source"], 16) >= 0
    assert header["source"] == arena_cli._source()  # the same code: resumes
    assert run(parse("--bots", "rule,rule,rule", "--deals", "2", "--out", str(out))) == 0
    changed = json.dumps({**header, "source": "0" * 16})
    out.write_text("\n".join([changed, *lines[1:]]) + "\n")
    with pytest.raises(SkatError, match=r"another skatlib.*not resumed") as info:
        run(parse("--bots", "rule,rule,rule", "--deals", "2", "--out", str(out)))
    assert info.value.reason is Reason.BAD_RECORD
    old = json.dumps({"skat_arena": 1, "bots": ["rule"] * 3, "seed": 0, "rules": "ISKO"})
    out.write_text(old + "\n")  # a file of the first format: another run
    with pytest.raises(SkatError, match="another run"):
        run(parse("--bots", "rule,rule,rule", "--deals", "2", "--out", str(out)))


@pytest.mark.parametrize("data", [None, [], {"deal": 0}, {"deal": "0", "games": []},
                                  {"deal": 0, "games": [{"points": [1, 2], "declarer": 0,
                                                         "won": True}]},
                                  {"deal": 0, "games": [{"points": [1, 2, 3], "declarer": 5,
                                                         "won": True}]}])
def test_deal_outcomes_read_back_only_what_was_written(data: object) -> None:
    with pytest.raises(SkatError):
        DealOutcome.from_dict(data)


# ---------------------------------------------------------------------------
# PIMCBot(bid_target=True): the card play plays for what the bid needs (ISkO 5.4, D-6)

# Forehand holds clubs "with 1" (the club jack, not the spade jack): 2 x 12 = 24.
_WITH_1 = ("CJ HJ DJ CA CT CK C9 SA ST H7 / SJ CQ C8 SK SQ HA HT HK DA DT / "
           "C7 S9 S8 S7 HQ H9 H8 DK DQ D9 / D8 D7")


def _clubs_bid(bid: int, contract: str = "C") -> GameState:
    """Forehand declares ``contract`` (putting the skat back) after middlehand's
    ``bid``: the first card."""
    from skatlib import Bid, Hold, Pass, PickUpSkat, apply

    s = new_game(Deal.parse(_WITH_1))
    for a in (Bid(bid), Hold(), Pass(), Pass(), PickUpSkat(), Declare(contract, "D8 D7")):
        s = apply(s, a)
    return s


@pytest.mark.parametrize(("bid", "target"), [
    (24, (T.WIN_POINTS, False)),        # worth the bid: 61
    (36, (T.SCHNEIDER_POINTS, False)),  # needs schneider: 90
    (48, (T.WIN_POINTS, True)),         # needs schwarz: every trick
])
def test_bid_target_is_what_the_bid_needs_isko_5_4(bid: int, target: tuple[int, bool]
                                                    ) -> None:
    """ISkO 5.4, D-6: clubs with 1 is worth 24, 36 with schneider, 48 with
    schwarz; the declarer's target in his world (the cards as they lie) follows
    the bid.  Null and a seat before the card play have none.  (A bid that
    nothing reaches cannot be declared with the cards known, D-7: see the hand
    game below.)"""
    from skatlib import observe
    from skatlib.bots.pimc import _bid_target

    s = _clubs_bid(bid)
    of = _bid_target(observe(s, 0))
    assert of is not None and of(_real_world(s)) == target
    assert _bid_target(observe(_clubs_bid(23, "N"), 0)) is None
    assert _bid_target(observe(new_game(Deal.parse(_WITH_1)), 0)) is None


def test_bid_target_gives_way_where_the_defence_has_put_the_level_out_of_reach() -> None:
    """The target holds while the level can still be reached: schwarz until the
    defenders take a trick, schneider until they hold 31 card points; after
    that the contract's own target (61).  Checked after every card of RuleBot
    games on the two bids, against the tricks counted here."""
    from skatlib import apply, legal_actions, observe
    from skatlib.bots.pimc import _bid_target

    rule = RuleBot()
    seen = set()
    for bid, level in ((36, "schneider"), (48, "schwarz")):
        s = _clubs_bid(bid)
        while not s.is_finished:
            theirs = [t for t in s.tricks if int(t.winner) != 0]
            points = sum(t.points() for t in theirs)
            if level == "schneider":
                want = (90, False) if points <= 30 else (61, False)
            else:
                want = (61, not theirs)
            for seat in range(3):
                of = _bid_target(observe(s, seat))
                assert of is not None and of(_real_world(s)) == want
            seen.add(want)
            s = apply(s, rule.act(observe(s, s.to_move_index), legal_actions(s)))
    assert seen == {(90, False), (61, True), (61, False)}, seen


def test_bid_target_of_a_defender_follows_the_declarers_cards_in_each_world() -> None:
    """A defender does not know whether the spade jack lies with the declarer:
    in the worlds where it does, clubs "with 2" is worth the bid of 36 (61); in
    the others "with 1" needs schneider (90).  The same in a hand game, where
    the declarer's own worlds differ by the skat."""
    from skatlib import Bid, GameType, Hold, Pass, PlayHand, apply, game_value, matadors, observe
    from skatlib.bots.pimc import _bid_target, _dealt_hand
    from skatlib.search.sampling import sample_worlds

    def check(s: GameState, seat: int) -> set[tuple[int, bool]]:
        o = observe(s, seat)
        of = _bid_target(o)
        assert of is not None and o.contract is not None
        seen = set()
        for w in sample_worlds(o, 60, random.Random(seat)):
            twelve = CardSet(_dealt_hand(o, 0, w.hands[0]) | w.skat)
            worth = game_value(o.contract, matadors(GameType.CLUBS, twelve)) >= o.bid
            assert of(w) == ((61, False) if worth else (90, False))
            seen.add(of(w))
        return seen

    s = _clubs_bid(36)
    assert check(s, 1) == check(s, 2) == {(61, False), (90, False)}
    assert check(s, 0) == {(90, False)}  # the declarer knows his cards
    hand = new_game(Deal.parse(_WITH_1))
    for a in (Bid(40), Hold(), Pass(), Pass(), PlayHand(), Declare("CH")):
        hand = apply(hand, a)
    # clubs hand with 1 is 36, "with 2" (the spade jack in the skat) 48: bid 40
    assert check(hand, 0) == {(61, False), (90, False)}


def test_bid_target_of_a_game_lost_overbid_whatever_is_the_contracts_own() -> None:
    """Clubs hand without the two black jacks, bid 84: only "with 8" (both in
    the skat) makes it worth the bid; in every other world of the declarer
    nothing does (D-6: lost overbid whatever happens), and he plays for the
    contract's own 61 there too, not for a level that cannot help."""
    from skatlib import Bid, GameType, Hold, Pass, PlayHand, apply, matadors, observe
    from skatlib.bots.pimc import _bid_target
    from skatlib.scoring import levels_needed
    from skatlib.search.sampling import sample_worlds

    s = new_game(Deal.parse("HJ DJ CA CT CK CQ C9 SA ST H7 / CJ C8 SK SQ S9 HA HT HK DA DT / "
                            "SJ C7 S8 S7 HQ H9 H8 DK DQ D9 / D8 D7"))
    for a in (Bid(84), Hold(), Pass(), Pass(), PlayHand(), Declare("CH")):
        s = apply(s, a)
    o = observe(s, 0)
    of = _bid_target(o)
    assert of is not None and o.contract is not None
    lost = 0
    for w in sample_worlds(o, 80, random.Random(3)):
        m = matadors(GameType.CLUBS, CardSet(w.hands[0] | w.skat))
        lost += levels_needed(o.contract, 84, m) is None
        assert of(w) == (61, False)
    assert lost >= 70


def test_bid_target_plays_each_world_for_its_target(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card play asks the utility of each world with that world's target:
    90 card points where schneider is needed, every trick (searched as with
    schwarz announced) where schwarz is; without ``bid_target`` (and in
    ``pimc_v1``) every world is played for 61."""
    from skatlib import legal_actions, observe

    asked: list[tuple[int, bool]] = []
    real = PIMCBot._utilities

    def spy(self: PIMCBot, pos: Position, win: int = T.WIN_POINTS) -> dict[int, float]:
        asked.append((win, pos.stop))
        return real(self, pos, win)

    monkeypatch.setattr(PIMCBot, "_utilities", spy)
    for bid, on, off in ((36, (90, False), (61, False)), (48, (61, True), (61, False))):
        s = _clubs_bid(bid)
        for flag, want in ((True, on), (False, off)):
            asked.clear()
            PIMCBot(1, 4, max_nodes=20_000, cpu_limit=None, bid_target=flag).act(
                observe(s, 0), legal_actions(s))
            assert asked and set(asked) == {want}, (bid, flag, asked)
    assert PIMCBot().bid_target and not PIMCBot.v1().bid_target  # the default since measured


def test_bid_target_leaves_fights_card_points_to_the_game_as_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where schwarz is needed, the worlds are searched as with schwarz
    announced (the game would end at the defenders' first trick), but ``fight``'s
    tie-break counts the card points of the game as it is played: it gets the
    worlds' positions without that stop.  (All utilities tied here, so that the
    fight runs.)"""
    from skatlib import legal_actions, observe

    stops: list[bool] = []

    def tied(self: PIMCBot, pos: Position, win: int = T.WIN_POINTS) -> dict[int, float]:
        stops.append(pos.stop)
        return dict.fromkeys(T.mask_cards(pos.legal_mask()), 0.0)

    fought: list[list[bool]] = []
    real = PIMCBot._fight

    def spy(self: PIMCBot, worlds: list[Position], cards: list[int], declarer: bool,
            cpu: float) -> list[int]:
        fought.append([w.stop for w in worlds])
        return real(self, worlds, cards, declarer, cpu)

    monkeypatch.setattr(PIMCBot, "_utilities", tied)
    monkeypatch.setattr(PIMCBot, "_fight", spy)
    s = _clubs_bid(48)
    PIMCBot(1, 4, max_nodes=20_000, cpu_limit=None).act(observe(s, 0), legal_actions(s))
    assert stops and all(stops)
    assert fought and not any(fought[0])
