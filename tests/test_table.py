"""skatlib.table: a series and its score sheet (D-12 seats, D-13 plain list, D-14
Seeger-Fabian, D-16 Bock and Ramsch rounds) and its input checks."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skatlib
from int_like import IntLike
from skatlib import (
    ISKO,
    PUB,
    Abandoned,
    Contract,
    Deal,
    GameResult,
    PassedIn,
    RamschResult,
    RuleBot,
    Rules,
    Table,
    TableError,
    bock_triggers,
    new_game,
    play_deal,
    play_game,
    score,
    seeger_fabian,
)
from skatlib.bots import seeded_deal
from skatlib.errors import ArgumentTypeError
from skatlib.rules import BOCK_TRIGGERS
from skatlib.table import Casino

SRC = str(Path(skatlib.__file__).resolve().parent.parent)
ALL_TRIGGERS = Rules(name="every trigger", kontra=True, ramsch=True, bock=True,
                     bock_triggers=BOCK_TRIGGERS, bock_ramsch_round=True)


def _game(contract: str, points: int, *, bid: int = 18, matadors: int = 1, kontra: int = 0,
          tricks: int | None = None) -> GameResult:
    return score(Contract.parse(contract), bid=bid, matadors=matadors, declarer_points=points,
                 declarer_tricks=tricks if tricks is not None else (5 if points > 30 else 2),
                 kontra=kontra)


# ----- input checks ----------------------------------------------------------------------


@pytest.mark.parametrize("outcome", [None, "foo", 3, Deal.shuffled(1)])
def test_record_refuses_what_is_not_a_state_or_a_result(outcome: object) -> None:
    t = Table(("A", "B", "C"))
    with pytest.raises(TypeError, match="outcome"):
        t.record(outcome)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="res must be a deal result"):
        t.record_game(outcome)  # type: ignore[arg-type]
    assert t.entries == () and "A" in t.sheet()


def test_recording_an_unfinished_game_is_a_table_error_even_under_python_O() -> None:
    """A real check, not an assert: `python -O` removes asserts."""
    with pytest.raises(TableError, match="not finished"):
        Table(("A", "B", "C")).record(new_game(Deal.shuffled(1)))
    code = ("from skatlib import *\n"
            "try:\n"
            "    Table(('A', 'B', 'C')).record(new_game(Deal.shuffled(1)))\n"
            "except TableError as e:\n"
            "    print('refused:', e)\n")
    proc = subprocess.run([sys.executable, "-O", "-c", code], text=True, capture_output=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": SRC})
    assert proc.stdout.startswith("refused: the deal is not finished"), proc.stderr


@pytest.mark.parametrize(("declarer", "error"), [
    (-1, TableError), (3, TableError), ("Zed", TableError), ("A", TableError),
    (True, TypeError), (1.0, TypeError)])
def test_record_game_refuses_an_impossible_declarer(declarer: object,
                                                     error: type[Exception]) -> None:
    """D-12: at four the dealer (A, first) sits out, so "A" cannot declare; a seat
    is 0..2 (a wrong value: TableError) and an int, not a bool or float (a wrong type:
    TypeError, CONTRIBUTING "Errors and types")."""
    t = Table(("A", "B", "C", "D"))  # A deals and sits out
    with pytest.raises(error, match=r"declarer must be a seat 0\.\.2"):
        t.record_game(_game("G", 70), declarer=declarer)  # type: ignore[arg-type]


def test_record_game_needs_a_declarer_only_for_a_game() -> None:
    t = Table(("A", "B", "C"))
    with pytest.raises(TableError, match="needs its declarer"):
        t.record_game(_game("G", 70))
    with pytest.raises(TableError, match="has no declarer"):
        t.record_game(PassedIn(), declarer=0)
    assert t.record_game(PassedIn()).entries[0].kind == "passed_in"


def test_a_result_that_says_who_declared_is_recorded_as_is() -> None:
    record, res = play_deal(Deal.shuffled(3), [RuleBot()] * 3)
    assert isinstance(res, GameResult) and res.declarer is not None
    t = Table(("A", "B", "C"))
    by_state = t.record(record.replay())
    assert by_state.entries[0].record == record  # a state keeps its record; a result has none
    same = (attrs.evolve(by_state.entries[0], record=None),)
    assert t.record(res).entries == same
    assert t.record_game(res).entries == same
    other = (int(res.declarer) + 1) % 3
    with pytest.raises(TableError, match="contradicts"):
        t.record_game(res, declarer=other)


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"deals": 0}, TableError), ({"deals": -3}, TableError), ({"deals": True}, TypeError),
    ({"deals": "3"}, TypeError), ({"first_dealer": 3}, TableError),
    ({"first_dealer": "0"}, TypeError), ({"rules": "pub"}, TypeError),
])
def test_bad_table_arguments(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        Table(("A", "B", "C"), **kwargs)  # type: ignore[arg-type]


def test_players_must_be_a_sequence_of_names() -> None:
    with pytest.raises(TypeError, match="players"):
        Table("ABC")


# ----- scores --------------------------------------------------------------------------------


def test_isko_5_2_schneider_announced_won_with_exactly_90_points() -> None:
    """ISkO 5.2.2 (R-6.3): announced schneider is made with 90 points, so the game
    is won: hand, schneider, schneider announced; D-14 +50."""
    r = _game("CHS", 90, matadors=1, bid=18, tricks=7)
    assert r.won and r.schneider
    t = Table(("A", "B", "C")).record_game(r, declarer=0)  # B is forehand
    assert t.entries[0].list_points == (0, r.score, 0)
    assert r.score == 12 * 5  # with 1, game, hand, schneider, announced
    assert t.entries[0].seeger_fabian == (0, r.score + 50, 0)


def test_table_scores_with_the_one_seeger_fabian_function() -> None:
    """D-14 and D-16: the sheet's Seeger-Fabian points are seeger_fabian(res,
    players, bock) for every seat, at three and at four, in and out of Bock."""
    for names in (("A", "B", "C"), ("A", "B", "C", "D")):
        t = Table(names, rules=Rules(bock=True)).record_game(PassedIn())  # Bock round
        null = _game("N", 0, matadors=0, bid=23, tricks=0)
        for res in (_game("G", 60), _game("G", 70), _game("S", 20), null):
            t = t.record_game(res, declarer=1)
            e = t.entries[-1]
            assert e.declarer is not None
            mine, others = seeger_fabian(res, players=len(names), bock=e.bock)
            assert e.seeger_fabian == tuple(mine if i == e.declarer else others
                                            for i in range(len(names)))


# ----- D-16 Bock triggers and the queue ----------------------------------------------------------


@pytest.mark.parametrize(("result", "fires"), [
    (_game("G", 50), True), (_game("G", 70), False), (_game("C", 50), False),
])
def test_d16_lost_grand_trigger(result: GameResult, fires: bool) -> None:
    rules = Rules(bock=True, bock_triggers=frozenset({"lost_grand"}))
    t = Table(("A", "B", "C"), rules=rules).record_game(result, declarer=0)
    assert (t.entries[0].triggers == ("lost_grand",)) is fires
    assert t.queue == (("bock",) * 3 if fires else ())


@pytest.mark.parametrize(("result", "fires"), [
    (_game("GH", 70), True), (_game("GH", 50), True), (_game("G", 70), False),
    (_game("CH", 70), False),
])
def test_d16_grand_hand_trigger(result: GameResult, fires: bool) -> None:
    rules = Rules(bock=True, bock_triggers=frozenset({"grand_hand"}))
    t = Table(("A", "B", "C"), rules=rules).record_game(result, declarer=2)
    assert bool(t.queue) is fires


@pytest.mark.parametrize(("kontra", "fires"), [(2, True), (1, False), (0, False)])
def test_d16_kontra_re_trigger(kontra: int, fires: bool) -> None:
    rules = Rules(kontra=True, bock=True, bock_triggers=frozenset({"kontra_re"}))
    t = Table(("A", "B", "C"), rules=rules).record_game(_game("C", 70, kontra=kontra),
                                                       declarer=0)
    assert bool(t.queue) is fires


def test_d16_a_mixed_bock_and_ramsch_queue_runs_in_order() -> None:
    """D-16: a trigger queues a Bock round and then a Ramsch round; a Bock deal that
    triggers again queues behind what is waiting, it does not multiply."""
    rules = Rules(ramsch=True, bock=True, bock_ramsch_round=True,
                  bock_triggers=frozenset({"lost_60", "ramsch"}))
    t = Table(("A", "B", "C"), rules=rules).record_game(_game("G", 60), declarer=0)
    assert t.queue == ("bock",) * 3 + ("ramsch",) * 3
    t = t.record_game(_game("G", 60), declarer=0)  # a Bock deal fires lost_60 again
    assert t.entries[-1].bock == 2
    assert t.queue == ("bock",) * 2 + ("ramsch",) * 3 + ("bock",) * 3 + ("ramsch",) * 3
    kinds = []
    while t.queue:
        kinds.append(t.queue[0])
        if t.next_is_ramsch:
            state = play_game(t.new_game(Deal.shuffled(len(t.entries))), [RuleBot()] * 3)
            assert state.ramsch_round
            t = t.record(state)
        else:
            t = t.record_game(_game("G", 70), declarer=0)
    assert kinds == ["bock"] * 2 + ["ramsch"] * 3 + ["bock"] * 3 + ["ramsch"] * 3
    assert [e.bock for e in t.entries] == [1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 1, 1, 1]


def test_d16_revised_a_ramsch_round_deal_never_queues_through_ramsch() -> None:
    """D-16 (revised 2026-12): the Ramsch deals of a Ramsch round, and a Bock deal
    played as Ramsch, fire no `ramsch` trigger; outside the rounds it fires."""
    rules = Rules(ramsch=True, bock=True, bock_ramsch_round=True,
                  bock_triggers=frozenset({"ramsch"}))
    _, res = play_deal(Deal.shuffled(0), [RuleBot()] * 3, rules)
    assert isinstance(res, RamschResult)  # all pass: Ramsch
    assert bock_triggers(res, rules) == ("ramsch",)
    assert bock_triggers(res, rules, in_round=True) == ()
    t = Table(("A", "B", "C"), rules=rules).record_game(res)
    assert t.entries[0].triggers == ("ramsch",)
    assert t.queue == ("bock",) * 3 + ("ramsch",) * 3
    for _ in range(6):
        t = t.record_game(res)
        assert t.entries[-1].triggers == ()
    assert t.queue == ()


def test_d16_revised_queue_keeps_returning_to_empty_with_every_trigger_on() -> None:
    """D-16 (revised): 10,000 deals with every trigger on and a Ramsch round after
    each Bock round.  The results are drawn (seeded) from 300 deals the RuleBot
    played under these rules, Ramsch-round deals from its Ramsch deals, so the
    triggers fire as often as in play.  The queue keeps coming back to empty."""
    bid: list[GameResult | PassedIn | RamschResult | Abandoned] = []
    ramsch: list[RamschResult] = []
    for i in range(300):
        _, res = play_deal(seeded_deal(2, i), [RuleBot()] * 3, ALL_TRIGGERS)
        bid.append(res)
        if isinstance(res, RamschResult):
            ramsch.append(res)
        state = play_game(new_game(seeded_deal(3, i), ALL_TRIGGERS, ramsch=True),
                          [RuleBot()] * 3)
        r = skatlib.result(state)
        assert isinstance(r, RamschResult)
        ramsch.append(r)
    rng = random.Random(16)
    t = Table(("A", "B", "C"), rules=ALL_TRIGGERS)
    longest = empty = 0
    for _ in range(10_000):
        res = rng.choice(ramsch) if t.next_is_ramsch else rng.choice(bid)
        t = t.record_game(res)
        if len(t.entries) > 50:  # keep the sheet short; the queue is all that matters
            t = Table(t.players, rules=t.rules, first_dealer=t.next_dealer_index,
                      queue=t.queue)
        longest = max(longest, len(t.queue))
        empty += not t.queue
    assert empty > 500
    assert longest < 100
    print(f"D-16 queue: longest {longest}, empty after {empty} of 10,000 deals")


def test_series_of_real_deals_with_every_trigger() -> None:
    t = Table(("A", "B", "C", "D"), rules=ALL_TRIGGERS, deals=40)
    for i in range(40):
        t = t.play(seeded_deal(5, i), [RuleBot()] * 3)
    assert t.is_complete and len(t.sheet().splitlines()) == 40 + 4
    assert sum(t.totals("list")) == sum(sum(e.list_points) for e in t.entries)


_ = (ISKO, PUB)


# ----- pinned by mutation (tools/mutate.py table) --------------------------------------------


def _ramsch() -> RamschResult:
    _, res = play_deal(Deal.shuffled(0), [RuleBot()] * 3, PUB)  # all pass: Ramsch
    assert isinstance(res, RamschResult)
    return res


def test_deal_result_is_the_union_of_the_four_results() -> None:
    import typing

    from skatlib.table import DealResult

    assert set(typing.get_args(DealResult)) == {GameResult, PassedIn, RamschResult, Abandoned}


@pytest.mark.parametrize(("res", "fired"), [
    (PassedIn(), ("passed_in",)),
    (Abandoned(1, "a player left the table"), ()),
    (_game("G", 70, kontra=1), ("kontra",)),
    (_game("G", 70, kontra=2), ("kontra_re", "kontra")),
    (_game("G", 70), ()),
    (_game("NOH", 0, tricks=0, matadors=0), ("null_ouvert_hand",)),
    (_game("NO", 0, tricks=0, matadors=0), ()),
    (_game("NH", 0, tricks=0, matadors=0), ()),
    (_game("N", 0, tricks=0, matadors=0), ()),
    (_game("CH", 70, matadors=2), ()),
])
def test_d16_each_trigger_fires_exactly_for_its_event(res: object, fired: tuple[str, ...]
                                                      ) -> None:
    """D-16 / R-15.2: with every trigger allowed, a deal fires just its own events
    (passed in; kontra; kontra and re; a null ouvert hand), and an abandoned deal
    (no game) fires none."""
    assert bock_triggers(res, ALL_TRIGGERS) == fired  # type: ignore[arg-type]
    assert bock_triggers(res, Rules(bock=True, bock_triggers=frozenset())) == ()  # type: ignore[arg-type]


def test_sheet_entry_kind_declarer_and_description() -> None:
    t = Table(("Ann", "Ben", "Cem", "Dua"), rules=Rules(ramsch=True))  # Ann deals, sits out
    t = t.record_game(_game("G", 70), declarer=1)       # middlehand: Cem
    t = t.record(PassedIn())
    t = t.record(_ramsch())
    t = t.record(Abandoned(2, "a player left the table"))
    game, passed, ramsch, none = t.entries
    assert [e.kind for e in t.entries] == ["game", "passed_in", "ramsch", "no_game"]
    assert (game.declarer, passed.declarer, ramsch.declarer, none.declarer) == (2, None, None,
                                                                              None)
    assert game.describe(t.players) == "Cem: Grand — " + game.result.explain()
    # Ben deals deal 2; deal 3 is dealt by Cem: Dua, Ann, Ben are forehand .. rearhand
    assert ramsch.seats == (3, 0, 1)
    assert ramsch.describe(t.players) == ("Ramsch: Dua 18, Ann 70, Ben 32 points; "
                                          "Ann loses 70")
    assert passed.describe(t.players) == PassedIn().explain()
    assert passed.list_points == passed.seeger_fabian == (0, 0, 0, 0)
    assert none.list_points == none.seeger_fabian == (0, 0, 0, 0)
    assert [e.number for e in t.entries] == [1, 2, 3, 4]
    assert none.describe(t.players) == "no game: a player left the table (seat 2)"
    assert ramsch.list_points == (-70, 0, 0, 0) == ramsch.seeger_fabian


def test_a_bock_deal_is_marked_on_its_sheet_line() -> None:
    rules = Rules(bock=True, bock_triggers=frozenset({"lost_60"}))
    t = Table(("A", "B", "C"), rules=rules).record_game(_game("G", 60), declarer=0)
    t = t.record_game(_game("G", 70), declarer=1)
    plain, bock = t.entries
    assert plain.bock == 1 and not plain.describe(t.players).endswith("]")
    assert bock.bock == 2 and bock.describe(t.players).endswith(" [Bock ×2]")
    assert bock.describe(t.players).startswith("A: Grand — ")  # B deals: A is middlehand
    assert bock.list_points[0] == 2 * _game("G", 70).score
    assert "[Bock ×2]" in t.sheet()


@pytest.mark.parametrize("players", [("A", "B"), ("A", "B", "C", "D", "E"), (), ("A", "B", "A")])
def test_a_table_has_three_or_four_distinct_players(players: tuple[str, ...]) -> None:
    with pytest.raises(TableError, match=r"3 or 4 players|distinct"):
        Table(players)


@pytest.mark.parametrize("first_dealer", [True, False, 1.0, None])
def test_first_dealer_must_be_an_int(first_dealer: object) -> None:
    with pytest.raises(TypeError, match="first_dealer must be an int"):
        Table(("A", "B", "C"), first_dealer=first_dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize(("size", "first_dealer"), [(3, -1), (3, 3), (4, 4), (4, -1)])
def test_first_dealer_must_be_a_player_index(size: int, first_dealer: int) -> None:
    with pytest.raises(TableError, match=r"first_dealer must be 0.."):
        Table(("A", "B", "C", "D")[:size], first_dealer=first_dealer)


def test_a_series_of_one_deal_is_complete_after_it() -> None:
    t = Table(("A", "B", "C"), deals=1)
    assert not t.is_complete
    t = t.record(PassedIn())
    assert t.is_complete
    for call in (lambda: t.record(PassedIn()), lambda: t.record_game(PassedIn()),
                 lambda: t.new_game(Deal.shuffled(1))):
        with pytest.raises(TableError, match="series of 1 deals is complete"):
            call()


@pytest.mark.parametrize("size", [3, 4])
def test_d12_seats_and_dealer_rotation(size: int) -> None:
    """D-12: forehand sits left of the dealer; at four the dealer sits out; the
    deal passes clockwise (R-2.4), starting at ``first_dealer``."""
    names = ("A", "B", "C", "D")[:size]
    t = Table(names, first_dealer=size - 1)
    for dealer in range(size):
        assert t.seat_indices(dealer) == tuple((dealer + k) % size for k in (1, 2, 3))
    dealers, seats = [], []
    for _ in range(size + 1):
        dealers.append(t.next_dealer)
        seats.append(t.next_seats())
        t = t.record(PassedIn())
    assert dealers == [names[(size - 1 + i) % size] for i in range(size + 1)]
    assert seats[0] == tuple(names[k % size] for k in (size, size + 1, size + 2))
    assert [e.dealer for e in t.entries] == [(size - 1 + i) % size for i in range(size + 1)]


def test_next_special_deal_reads_the_head_of_the_queue() -> None:
    import attrs

    t = Table(("A", "B", "C"), rules=ALL_TRIGGERS)
    bock_first = attrs.evolve(t, queue=("bock", "ramsch"))
    ramsch_first = attrs.evolve(t, queue=("ramsch", "bock"))
    assert bock_first.next_is_bock and not bock_first.next_is_ramsch
    assert ramsch_first.next_is_ramsch and not ramsch_first.next_is_bock
    assert not t.next_is_bock and not t.next_is_ramsch
    assert ramsch_first.new_game(Deal.shuffled(1)).ramsch_round
    assert not bock_first.new_game(Deal.shuffled(1)).ramsch_round


def test_record_checks_the_dealer_by_index_or_name() -> None:
    t = Table(("A", "B", "C"), first_dealer=1)
    assert t.record(PassedIn(), dealer=1).entries[0].dealer == 1
    assert t.record(PassedIn(), dealer="B").entries[0].dealer == 1
    for wrong in (0, 2, "A", "Zed"):
        with pytest.raises(TableError, match=r"the next deal is dealt by B \(index 1\)"):
            t.record(PassedIn(), dealer=wrong)


def test_record_refuses_a_game_result_that_does_not_say_who_declared() -> None:
    t = Table(("A", "B", "C"))
    with pytest.raises(TableError, match="GameResult that says who declared"):
        t.record(_game("G", 70))
    assert t.record_game(_game("G", 70), declarer="C").entries[0].declarer == 2


def test_record_checks_the_states_rules_and_ramsch_round() -> None:
    """H-14 in the table's own tests: a state played under other rules, a bid deal
    where a Ramsch round is due, and a Ramsch deal where none is."""
    import attrs

    rules = Rules(ramsch=True, bock=True, bock_triggers=frozenset({"lost_60"}),
                  bock_ramsch_round=True)
    t = Table(("A", "B", "C"), rules=rules)
    bid = play_game(t.new_game(Deal.shuffled(2)), [RuleBot()] * 3)
    with pytest.raises(TableError, match="played under rules"):
        Table(("A", "B", "C")).record(bid)
    due = attrs.evolve(t, queue=("ramsch",))
    with pytest.raises(TableError, match="a Ramsch round is due"):
        due.record(bid)
    ramsch = play_game(due.new_game(Deal.shuffled(2)), [RuleBot()] * 3)
    with pytest.raises(TableError, match="no Ramsch round is due"):
        t.record(ramsch)
    assert due.record(ramsch).entries[0].ramsch_round
    done = Table(("A", "B", "C"), rules=rules, deals=1).record(PassedIn())
    with pytest.raises(TableError, match="is complete"):
        done.record(bid)


def test_a_ramsch_deal_of_a_bock_round_counts_double() -> None:
    """D-16: every deal of a Bock round counts double, a Ramsch deal too."""
    import attrs

    from skatlib import ramsch_result

    t = attrs.evolve(Table(("A", "B", "C"), rules=Rules(ramsch=True)), queue=("bock",))
    for res in (_ramsch(), ramsch_result((20, 50, 50), (3, 4, 3), last_trick=0),
                ramsch_result((18, 32, 70), (3, 3, 4), last_trick=0)):
        entry = t.record(res).entries[0]
        assert entry.bock == 2 and entry.seats == (1, 2, 0)  # A deals: B, C, A
        doubled = tuple(2 * res.scores[entry.seats.index(i)] for i in range(3))
        assert entry.list_points == entry.seeger_fabian == doubled
        assert t.record(res).queue == ()
    last = t.record(ramsch_result((18, 32, 70), (3, 3, 4), last_trick=0)).entries[0]
    assert last.list_points == (-140, 0, 0)  # rearhand (A) lost 70, doubled


def test_play_needs_three_bots() -> None:
    for bots in ([RuleBot()] * 2, [RuleBot()] * 4, []):
        with pytest.raises(TableError, match="a deal needs 3 bots"):
            Table(("A", "B", "C")).play(Deal.shuffled(1), bots)


def test_totals_standings_and_sheet_under_both_systems() -> None:
    """D-13 (plain list) and D-14 (Seeger-Fabian): totals default to
    ``rules.scoring``; the sheet shows each deal's points and the running total."""
    won, lost = _game("G", 70), _game("G", 50)
    for system in ("list", "seeger_fabian"):
        t = Table(("Ann", "Ben", "Cem"), rules=Rules(scoring=system))
        t = t.record_game(won, declarer=0).record_game(lost, declarer=2)
        # deal 1: Ann deals, Ben is forehand; deal 2: Ben deals, Ben is rearhand
        plain = (0, won.score + lost.score, 0)
        sf_won, _ = seeger_fabian(won)
        sf_lost, sf_def = seeger_fabian(lost)
        sf = (sf_def, sf_won + sf_lost, sf_def)
        assert t.totals("list") == plain and t.totals("seeger_fabian") == sf
        assert t.totals() == (plain if system == "list" else sf)
        expected = plain if system == "list" else sf
        assert t.standings() == sorted(zip(t.players, expected), key=lambda pt: -pt[1])
        assert t.standings()[0][1] == max(expected)
        lines = t.sheet().splitlines()
        assert lines[0].split() == ["#", "dealer", *t.players]
        first = t.entries[0].list_points if system == "list" else t.entries[0].seeger_fabian
        assert t.entries[0].describe(t.players) in lines[2]
        assert all(f"{p:+d}" in lines[2] for p in first if p)
        assert [int(x) for x in lines[-1].split() if x.lstrip("-").isdigit()] == list(expected)
    with pytest.raises(TableError, match="unknown scoring system"):
        Table(("A", "B", "C")).totals("nope")  # type: ignore[arg-type]


# ----- keeping a series: JSON (issue 16) --------------------------------------------------


def _series(rules: Rules, n: int, deals: int, seed: int = 0) -> Table:
    t = Table(("Ann", "Ben", "Cem", "Dua")[:n], rules=rules, deals=deals)
    for i in range(deals):
        t = t.play(seeded_deal(seed, i), [RuleBot(), skatlib.RandomBot(seed + i), RuleBot()])
    return t


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 4]), st.sampled_from([ISKO, PUB, ALL_TRIGGERS]))
def test_to_dict_round_trips_and_replays(seed: int, n: int, rules: Rules) -> None:
    """Table.to_dict/from_dict: versioned JSON with every deal's record; reading it back
    replays every deal (D-16 queue and all) to an equal table."""
    t = _series(rules, n, 7, seed)
    data = json.loads(json.dumps(t.to_dict()))
    assert (data["format"], data["version"]) == ("skatlib-table", 1)
    assert all("record" in e for e in data["entries"])
    back = Table.from_dict(data)
    assert back == t and back.queue == t.queue and back.totals() == t.totals()
    assert back.to_dict() == data


def test_results_recorded_without_a_state_round_trip() -> None:
    """A result recorded with record_game (no deal) is written as its facts and rebuilt by
    score(); what cannot be rebuilt (a Ramsch result) is refused, not written wrongly."""
    t = Table(("A", "B", "C"), rules=ISKO)
    t = t.record_game(_game("CH", 80, bid=48, matadors=2), declarer="B")
    t = t.record_game(PassedIn())
    t = t.record_game(Abandoned(1, "a player left the table"))
    t = t.record_game(score(Contract.parse("G"), bid=18, matadors=1, declarer_points=70,
                            schneider=False), declarer=0)
    conceded = score(Contract.parse("S"), bid=18, matadors=2, declarer_points=0,
                     declarer_tricks=0, defender_points=0, defender_tricks=0,
                     defenders_conceded=True)
    t = t.record_game(conceded, declarer=1)
    assert Table.from_dict(json.loads(json.dumps(t.to_dict()))) == t
    _, ramsch = play_deal(Deal.shuffled(0), [RuleBot()] * 3, PUB)
    assert isinstance(ramsch, RamschResult)
    r = Table(("A", "B", "C"), rules=PUB).record_game(ramsch)
    with pytest.raises(skatlib.RecordError, match="record the finished GameState") as info:
        r.to_dict()
    assert info.value.reason == skatlib.Reason.UNWRITABLE_VALUE


@pytest.mark.parametrize(("change", "words"), [
    ({"format": "x"}, "not a skatlib-table"),
    ({"version": 2}, "unsupported version"),
    ({"extra": 1}, "unknown key"),
    ({"players": "AB"}, "players must be a list"),
    ({"entries": [{"both": 1}]}, "one key"),
    ({"deals": "3"}, "deals must be"),
])
def test_from_dict_names_what_is_wrong(change: dict[str, object], words: str) -> None:
    data = {**_series(ISKO, 3, 2).to_dict(), **change}
    with pytest.raises(skatlib.RecordError, match=words):
        Table.from_dict(data)


def test_from_dict_refuses_a_record_that_does_not_replay() -> None:
    data = _series(ISKO, 3, 2).to_dict()
    data["entries"][1]["record"]["actions"][0] = "CJ"  # a card in the auction
    with pytest.raises(skatlib.RecordError, match=r"entries\[1\]"):
        Table.from_dict(data)


# ----- the sheet in text, CSV and Markdown --------------------------------------------


def test_sheet_totals_are_aligned_and_name_the_system() -> None:
    """Issue 16: the total line lines up with the columns, and says which system
    (D-13 plain list or D-14 Seeger-Fabian) it totals."""
    for rules, label in ((ISKO, "Seeger-Fabian (D-14)"), (Rules(), "plain list (D-13)")):
        t = _series(rules, 4, 5)
        lines = t.sheet().splitlines()
        head, total = lines[0], lines[-1]
        for name in t.players:  # each total ends where its column's name ends
            end = head.index(name) + len(name)
            assert total[:end].rstrip().split()[-1] == str(t.totals()[t.players.index(name)])
        assert total.endswith(f"(totals: {label})")
        md = t.sheet("markdown").splitlines()
        assert md[0] == "| # | dealer | Ann | Ben | Cem | Dua | game |"
        assert f"**{label}**" in md[-1] and len(md) == 2 + 5 + 1
    with pytest.raises(TableError, match="unknown sheet format"):
        t.sheet("html")  # type: ignore[arg-type]


# ----- settling up (issue 16 item 6) ---------------------------------------------------


def test_pub_settlement_pays_differences_times_the_stake() -> None:
    """Each player pays or receives the difference to every other player's total × the
    stake (plain list, D-13): B wins clubs hand with 2 (+48), A loses grand with 1 (−96):
    totals −96, +48, 0.  At 0.05: A pays B 144 × 0.05 = 7.20 and C 96 × 0.05 = 4.80; C pays
    B 48 × 0.05 = 2.40; balances −12.00, +9.60, +2.40."""
    t = Table(("A", "B", "C"), rules=Rules())
    t = t.record_game(_game("CH", 80, bid=48, matadors=2), declarer="B")
    t = t.record_game(_game("G", 50, bid=24, matadors=1), declarer="A")
    assert t.totals() == (-96, 48, 0)
    s = t.settlement("0.05")
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [
        ("A", "B", Decimal("7.20")), ("A", "C", Decimal("4.80")), ("C", "B", Decimal("2.40"))]
    assert s.balances == (Decimal("-12.00"), Decimal("9.60"), Decimal("2.40"))
    sf = t.settlement(1, system="seeger_fabian")  # balance: the sum of the differences
    assert sf.balances == tuple(Decimal(3 * x - sum(t.totals("seeger_fabian")))
                                for x in t.totals("seeger_fabian"))
    assert "Settlement at 0.05 per point (plain list (D-13))" in t.sheet(stake="0.05")


def test_seed_003_casino_example() -> None:
    """Seed 003: stake 0.10 × value 18 (diamonds with 1) = 1.80 from each opponent; 9 %
    commission per player = 0.16 (0.162 to the cent), × 3 players = 0.48; the winner
    receives 3.60 − 0.48 = 3.12.  Lost: the two winners share 3.60 − 0.48 = 1.56 each."""
    won = _game("D", 70, bid=18, matadors=1)
    t = Table(("A", "B", "C"), rules=Rules()).record_game(won, declarer="B")
    s = t.settlement(Decimal("0.10"), casino=Casino(Decimal("0.09")))
    assert s.balances == (Decimal("-1.80"), Decimal("3.12"), Decimal("-1.80"))
    assert s.house == Decimal("0.48")
    lost = _game("D", 50, bid=18, matadors=1)
    t = Table(("A", "B", "C"), rules=Rules()).record_game(lost, declarer="B")
    s = t.settlement("0.10", casino=Casino("0.09"))
    assert s.balances == (Decimal("1.56"), Decimal("-3.60"), Decimal("1.56"))
    capped = t.settlement("0.10", casino=Casino("0.09", limit="1.00"))
    assert capped.balances[1] == Decimal("-2.00") and capped.house == Decimal("0.27")


@pytest.mark.parametrize("stake", [0.01, None, [1]])
def test_settlement_money_is_exact(stake: object) -> None:
    """Money is Decimal only: a float (or anything but Decimal/int/str) is a TypeError."""
    with pytest.raises(TypeError, match="never a float"):
        Table(("A", "B", "C")).settlement(stake)  # type: ignore[arg-type]
    with pytest.raises(TableError, match="not a decimal amount"):
        Table(("A", "B", "C")).settlement("ten cents")
    with pytest.raises(TableError, match="fraction below 1"):
        Casino("9")


# ----- the type policy (issue 14; the API fuzzer's Table xfail) ---------------------------


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"players": 0}, "players must be a sequence of 3 or 4 names, not int"),
    ({"players": "ABC"}, "players must be a sequence of 3 or 4 names, not str"),
    ({"rules": "isko"}, "rules must be Rules, not str"),
    ({"first_dealer": 1.0}, "first_dealer must be an int, not float"),
    ({"first_dealer": True}, "first_dealer must be an int, not bool"),
    ({"deals": "36"}, "deals must be an int or None, not str"),
    ({"deals": 36.0}, "deals must be an int or None, not float"),
    ({"entries": 5}, "entries must be a sequence of SheetEntry, not int"),
    ({"entries": (PassedIn(),)}, "entries must be a sequence of SheetEntry, not PassedIn"),
    ({"queue": "bock"}, "queue must be a sequence of 'bock' and 'ramsch', not str"),
])
def test_table_arguments_of_the_wrong_type_are_type_errors_naming_them(
        kwargs: dict[str, object], match: str) -> None:
    """CONTRIBUTING "Errors and types": a wrong type is an ArgumentTypeError naming the
    parameter, raised at construction -- not a bare TypeError, nor a table whose
    ``sheet()`` crashes later."""
    args = {"players": ("A", "B", "C"), **kwargs}
    with pytest.raises(ArgumentTypeError, match=match):
        Table(**args)  # type: ignore[arg-type]


def test_table_queue_holds_only_bock_and_ramsch_deals() -> None:
    """D-16: the queue of special deals holds ``'bock'`` and ``'ramsch'`` only."""
    with pytest.raises(TableError, match="not 'kontra'"):
        Table(("A", "B", "C"), queue=("bock", "kontra"))
    t = Table(("A", "B", "C"), queue=["ramsch", "bock"])
    assert t.queue == ("ramsch", "bock") and t.next_is_ramsch


def test_table_takes_any_index_integer_and_stores_an_int() -> None:
    """The int rule (anything operator.index accepts, e.g. numpy integers): first
    dealer, series length, ``dealer=`` and ``declarer=`` take an int-like and the
    table stores plain ints (D-12: at three the dealer's left-hand neighbour leads)."""
    t = Table(("A", "B", "C"), deals=IntLike(2), first_dealer=IntLike(1))
    assert (t.deals, t.first_dealer) == (2, 1)
    assert type(t.deals) is int and type(t.first_dealer) is int
    assert t.next_dealer == "B" and t.next_seats() == ("C", "A", "B")
    t = t.record_game(_game("G", 70), declarer=IntLike(0))  # type: ignore[arg-type]
    assert t.entries[0].declarer == 2  # forehand is C
    t = t.record(PassedIn(), dealer=IntLike(2))  # type: ignore[arg-type]
    assert t.is_complete and t.totals()[2] > 0 and "C" in t.sheet()


@pytest.mark.parametrize(("dealer", "error"), [
    (True, TypeError), (1.5, TypeError), (None, None), (0, None), ("A", None), (1, TableError),
    ("B", TableError), ("Zed", TableError)])
def test_record_checks_the_named_dealer(dealer: object, error: type[Exception] | None) -> None:
    """R-2.4: the deal rotates clockwise, so only the next dealer (A at first) may be
    named; a bool or float is a wrong type, not dealer 1."""
    t = Table(("A", "B", "C"))
    if error is None:
        assert t.record(PassedIn(), dealer=dealer).entries[0].dealer == 0  # type: ignore[arg-type]
    else:
        with pytest.raises(error):
            t.record(PassedIn(), dealer=dealer)  # type: ignore[arg-type]
        assert t.entries == ()


@pytest.mark.parametrize(("field", "value", "match"), [
    ("number", 1.0, "number must be an int"),
    ("seats", 3, "seats must be a sequence of ints"),
    ("result", 4, "result must be a deal result"),
    ("ramsch_round", 0, "ramsch_round must be True or False"),
    ("list_points", (0, "x", 0), "list_points must be an int"),
    ("triggers", 5, "triggers must be a sequence of trigger names"),
    ("record", "x", "record must be a GameRecord or None"),
])
def test_a_sheet_entry_built_by_hand_is_checked_when_built(field: str, value: object,
                                                           match: str) -> None:
    """A sibling of the Table finding (issue 14): ``SheetEntry(1, 2, 3, ...)`` was
    accepted and broke the sheet that read it.  D-12: three seats play each deal."""
    from skatlib.table import SheetEntry

    fields: dict[str, object] = {
        "number": 1, "dealer": 0, "seats": (1, 2, 0), "result": PassedIn(), "bock": 1,
        "ramsch_round": False, "list_points": (0, 0, 0), "seeger_fabian": (0, 0, 0),
        "triggers": ()}
    entry = SheetEntry(**fields)  # type: ignore[arg-type]
    assert entry.kind == "passed_in" and entry.declarer is None
    with pytest.raises(ArgumentTypeError, match=match):
        SheetEntry(**{**fields, field: value})  # type: ignore[arg-type]
    with pytest.raises(TableError, match=r"\(3\), not \(1, 2\)"):
        SheetEntry(**{**fields, "seats": [1, 2]})  # type: ignore[arg-type]
    assert SheetEntry(**{**fields, "seats": [IntLike(1), 2, 0]}).seats == (1, 2, 0)  # type: ignore[arg-type]


def test_a_sheet_entry_and_a_table_keep_sequences_as_tuples() -> None:
    """Immutable values (issue 14): a SheetEntry's triggers and a Table's entries given
    as lists are kept as tuples (hashable, and the caller's list can change nothing);
    a list of entries is accepted like a tuple of them."""
    from skatlib.table import SheetEntry

    fields: dict[str, object] = {
        "number": 1, "dealer": 0, "seats": (1, 2, 0), "result": PassedIn(), "bock": 1,
        "ramsch_round": False, "list_points": (0, 0, 0), "seeger_fabian": (0, 0, 0),
        "triggers": ["passed_in"]}
    entry = SheetEntry(**fields)  # type: ignore[arg-type]
    assert entry.triggers == ("passed_in",) and type(entry.triggers) is tuple
    hash(entry)
    entries = [entry]
    table = Table(["A", "B", "C"], entries=entries)
    assert type(table.entries) is tuple and table.entries == (entry,)
    entries.clear()
    assert table.entries == (entry,)
    assert Table(["A", "B", "C"], entries=(entry,)).entries == table.entries
