"""The PIMC bot (skatlib.bots.pimc) and the arena (skatlib.bots.arena, skat arena)."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import ClassVar

import pytest

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
    Kontra,
    Observation,
    RandomBot,
    RuleBot,
    Rules,
    SkatError,
    new_game,
    play_deal,
    play_game,
)
from skatlib import _tables as T
from skatlib.bots import make_bot
from skatlib.bots.arena import play_duplicate, summarise
from skatlib.bots.pimc import PIMCBot, best_contract, estimate
from skatlib.cli.arena import add_arguments, run
from skatlib.search.solver import Position, Solver


def fast(seed: int) -> PIMCBot:
    """A quick PIMC bot for tests."""
    return PIMCBot(seed=seed, worlds=4, max_nodes=4000)


def test_pimc_is_a_bot_and_make_bot_builds_it() -> None:
    bot = make_bot("pimc", 3)
    assert isinstance(bot, PIMCBot)
    assert isinstance(bot, Bot)
    with pytest.raises(ValueError):
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
