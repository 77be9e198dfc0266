"""The one game loop (:func:`skatlib.play_game`) and the bots' handling of every
form of the declaration (compound ``Declare(contract, discard)``, the factored
``Discard`` steps followed by a bare ``Declare``, and Schieberamsch pushes)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from skatlib import (
    PUB,
    Action,
    CardSet,
    Deal,
    Declare,
    Discard,
    GameRecord,
    GameResult,
    GameState,
    IllegalActionError,
    Observation,
    Pass,
    Phase,
    PickUpSkat,
    PIMCBot,
    Play,
    Push,
    RandomBot,
    Rank,
    RuleBot,
    Rules,
    Table,
    allowed_contracts,
    apply,
    is_legal,
    legal_actions,
    new_game,
    observe,
    play_deal,
    play_game,
    result,
)


class _Recorder:
    """Delegates to a bot and keeps every (phase, legal, chosen) it saw."""

    def __init__(self, bot: RuleBot | RandomBot) -> None:
        self.bot = bot
        self.seen: list[tuple[Phase, tuple[Action, ...], Action]] = []

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        action = self.bot.act(observation, legal)
        self.seen.append((observation.phase, tuple(legal), action))
        return action


def test_play_game_plays_to_the_end_and_reports_every_action() -> None:
    calls: list[tuple[int, Action, GameState]] = []
    end = play_game(new_game(Deal.shuffled(5)), [RuleBot()] * 3,
                    on_action=lambda seat, a, s: calls.append((seat, a, s)))
    assert end.is_finished
    assert calls[-1][2] is end
    record, res = play_deal(Deal.shuffled(5), [RuleBot()] * 3)
    # the record folds the two single put-aways into the compound declaration
    assert GameRecord(record.deal, [a for _, a, _ in calls]).actions == record.actions
    assert result(end) == res


def test_play_game_of_a_finished_state_returns_it() -> None:
    end = play_game(new_game(Deal.shuffled(6)), [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert play_game(end, [RuleBot()] * 3) is end


def test_play_game_needs_three_bots_with_act() -> None:
    with pytest.raises(IllegalActionError, match="3 bots"):
        play_game(new_game(Deal.shuffled(1)), [RuleBot()] * 2)
    with pytest.raises(TypeError, match=r"bots\[1\]"):
        play_game(new_game(Deal.shuffled(1)), [RuleBot(), object(), RuleBot()])  # type: ignore[list-item]


def test_play_game_names_the_seat_of_an_illegal_action() -> None:
    class Cheat:
        def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
            return Play("CJ") if observation.phase == Phase.BIDDING else legal[0]

    with pytest.raises(IllegalActionError, match="seat 1") as info:
        play_game(new_game(Deal.shuffled(1)), [RuleBot(), Cheat(), RuleBot()])
    assert info.value.legal


def test_play_deal_result_says_who_declared() -> None:
    """GameResult.declarer is set by result(); passed-in and Ramsch have none."""
    kinds = set()
    for i in range(30):
        record, res = play_deal(Deal.shuffled(i), [RuleBot()] * 3, PUB)
        state = record.replay()
        if isinstance(res, GameResult):
            assert res.declarer == state.declarer
            kinds.add("game")
        else:
            assert getattr(res, "declarer", None) is None
            kinds.add("other")
    assert kinds == {"game", "other"}


def test_table_play_uses_the_one_loop() -> None:
    bots = [RuleBot()] * 3
    t = Table(("A", "B", "C"), deals=1).play(Deal.shuffled(3), bots)
    assert t.entries[0].result == result(play_game(new_game(Deal.shuffled(3)), bots))


def test_random_bot_picks_by_type_and_never_concedes_claims_or_refuses() -> None:
    """D-11: the RandomBot keeps deals realistic; it chooses by action type."""
    bot = _Recorder(RandomBot(3))
    for i in range(20):
        play_game(new_game(Deal.shuffled(i), PUB), [bot, RandomBot(i), RandomBot(i + 1)])
    chosen = {type(a).__name__ for _, _, a in bot.seen}
    assert {"Pass", "Play"} <= chosen
    assert not chosen & {"Concede", "Claim", "Refuse"}


# ----- the factored declaration ----------------------------------------------------------


def _after_pickup(seed: int) -> GameState | None:
    """The state right after the declarer picked up the skat, or None."""
    state = new_game(Deal.shuffled(seed))
    bot = RuleBot()
    while not state.is_finished:
        if state.phase == Phase.SKAT:
            return apply(state, PickUpSkat())
        seat = state.to_move_index
        state = apply(state, bot.act(observe(state, seat), legal_actions(state)))
    return None


def _factored_declaration(bot: RuleBot | PIMCBot, state: GameState) -> Declare:
    """Drive ``bot`` through the real factored declaration (two Discard steps, then a
    bare Declare) and return what the history records: the compound form."""
    d = state.declarer_index
    s = state
    while s.phase == Phase.DECLARING:
        legal = legal_actions(s)
        chosen = bot.act(observe(s, d), legal)
        assert chosen in legal
        assert isinstance(chosen, Discard) == (len(s.skat) < 2)
        s = apply(s, chosen)
    declaration = s.history[-1][1] if s.kontra == 0 else None
    assert isinstance(declaration, Declare) and declaration.discard is not None
    return declaration


def _compound_options(state: GameState) -> list[Action]:
    """Every compound declaration of the state after a pickup (as 0.1 listed them)."""
    hand = state.hand(state.declarer_index)
    return [Declare(c, CardSet(a.mask | b.mask)) for c in allowed_contracts(state)
            for a, b in itertools.combinations(sorted(hand), 2)]


@pytest.mark.parametrize("make", [
    RuleBot, lambda: PIMCBot(seed=1, worlds=2, bidding="rules"),
    # the search declaration, with a small budget (the default's takes seconds)
    lambda: PIMCBot(seed=1, worlds=2, eval_worlds=2, eval_nodes=20_000,
                    eval_world_nodes=10_000)])
def test_bots_handle_the_factored_declaration(make: object) -> None:
    """Discard(card) twice, then a bare Declare: together a legal declaration."""
    played = 0
    for seed in range(40):
        state = _after_pickup(seed)
        if state is None:
            continue
        bot = make()  # type: ignore[operator]
        declaration = _factored_declaration(bot, state)
        assert is_legal(state, declaration)
        played += 1
    assert played >= 10


def test_rule_bot_factored_declaration_matches_the_compound_one() -> None:
    """The plan made at the first Discard is the compound choice (same cards)."""
    same = total = 0
    for seed in range(40):
        state = _after_pickup(seed)
        if state is None:
            continue
        compound = RuleBot().act(observe(state, state.declarer_index),
                                 _compound_options(state))
        factored = _factored_declaration(RuleBot(), state)
        assert isinstance(compound, Declare)
        total += 1
        same += compound.discard == factored.discard
    assert same == total


def test_rule_bot_pushes_high_cards_one_at_a_time_in_schieberamsch() -> None:
    """D-17 Schieberamsch: after taking the skat, a push by two Discard steps."""
    rules = Rules(ramsch=True, schieberamsch=True)
    state = new_game(Deal.shuffled(2), rules)
    while state.phase != Phase.PUSHING:
        state = apply(state, Pass())
    state = apply(state, PickUpSkat())
    o = observe(state, state.to_move_index)
    legal = legal_actions(state)
    assert legal == tuple(Discard(c) for c in sorted(o.hand) if c.rank != Rank.JACK)
    compound = [Push(CardSet(a.card.mask | b.card.mask))
                for a, b in itertools.combinations(legal, 2) if isinstance(a, Discard)
                and isinstance(b, Discard)]
    chosen = RuleBot().act(o, legal)
    assert isinstance(chosen, Discard)
    best = max(compound, key=lambda a: a.discard.points() if a.discard else 0)
    assert best.discard is not None and chosen.card in best.discard


def test_play_game_refuses_wrong_types_with_the_type_policys_error() -> None:
    """CONTRIBUTING "Errors and types": a wrong-typed argument is an
    ArgumentTypeError naming the parameter, never a TypeError from inside the loop."""
    import pytest

    from skatlib import Deal, RandomBot, new_game
    from skatlib.errors import ArgumentTypeError
    from skatlib.loop import play_game

    s = new_game(Deal.shuffled(1))
    bots = [RandomBot(1), RandomBot(2), RandomBot(3)]
    for args, kwargs, name in [((s, 5), {}, "bots"), ((s, "abc"), {}, "bots"),
                               ((s, [RandomBot(1), 0, RandomBot(3)]), {}, "bots[1]"),
                               ((0, bots), {}, "state"),
                               ((s, bots), {"on_action": 3}, "on_action")]:
        with pytest.raises(ArgumentTypeError, match=name.replace("[", r"\[")):
            play_game(*args, **kwargs)  # type: ignore[arg-type]
