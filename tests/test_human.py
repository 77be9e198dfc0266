"""The terminal game for people (skatlib.human, ``skat play --human/--humans``):
the forgiving input parser, refusals, help/hint/undo, and whole deals driven
through a pipe in a fresh process, as a person at a terminal would play them."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import (
    ISKO,
    PUB,
    Bid,
    Card,
    CardSet,
    Claim,
    Concede,
    Contract,
    Deal,
    Declare,
    Discard,
    GameState,
    Hold,
    IllegalActionError,
    Kontra,
    NotationError,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    PlayHand,
    RandomBot,
    Re,
    Reason,
    RuleBot,
    Table,
    apply,
    legal_actions,
    new_game,
    observe,
    play_game,
    preset,
    result,
    side_actions,
)
from skatlib.bots import seeded_deal
from skatlib.human import (
    EXIT_UNFINISHED,
    HumanGame,
    auction_in_words,
    legal_in_words,
    parse_seat,
    play_session,
    read_actions,
)
from skatlib.i18n import card_name

SRC = Path(__file__).resolve().parent.parent / "src"
_ENV = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8",
        "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
_SKAT = [sys.executable, "-m", "skatlib"]


def _position(actions: str, rules: object = ISKO, seed: int = 1) -> GameState:
    return GameState.from_position(Deal.shuffled(seed), actions, rules=rules)  # type: ignore[arg-type]


# ----- the parser: what a person types -------------------------------------------------------

@pytest.mark.parametrize(("position", "typed", "expected"), [
    # bidding (ISkO 3.3): values, yes/ja, pass/passe, the value just bid means "hold"
    ("", "18", (Bid(18),)),
    ("", "  20 ", (Bid(20),)),
    ("", "pass", (Pass(),)), ("", "Passe", (Pass(),)), ("", "p", (Pass(),)),
    ("", "nein", (Pass(),)),
    ("18", "ja", (Hold(),)), ("18", "yes", (Hold(),)), ("18", "Y", (Hold(),)),
    ("18", "18", (Hold(),)), ("18", "y", (Hold(),)),
    # the skat decision: s and S both pick up the skat here (the trap of issue 16)
    ("p p 18", "s", (PickUpSkat(),)), ("p p 18", "S", (PickUpSkat(),)),
    ("p p 18", "skat", (PickUpSkat(),)), ("p p 18", "aufnehmen", (PickUpSkat(),)),
    ("p p 18", "hand", (PlayHand(),)),
    ("p p 18", "grand hand", (PlayHand(), Declare(Contract.parse("GH")))),
    ("p p 18", "Null Ouvert Hand", (PlayHand(), Declare(Contract.parse("NOH")))),
    ("p p 18", "kreuz hand schneider angesagt", (PlayHand(), Declare(Contract.parse("CHS")))),
    ("p p 18", "grand ouvert", (PlayHand(), Declare(Contract.parse("GO")))),
    # after a pickup: cards to put away, then the game; S/s is spades now
    ("p p 18 s", "SK DT", (Discard(Card.SK), Discard(Card.DT))),
    ("p p 18 s", "Pik König, Karo Zehn", (Discard(Card.SK), Discard(Card.DT))),
    ("p p 18 s", "grand SK DT", (Discard(Card.SK), Discard(Card.DT),
                                 Declare(Contract.parse("G")))),
    ("p p 18 s", "discard.SK", (Discard(Card.SK),)),
    ("p p 18 s", "G.SK.DT", (Declare(Contract.parse("G"), CardSet.parse("SK DT")),)),
    ("p p 18 s discard.SK discard.DT", "s", (Declare(Contract.parse("S")),)),
    ("p p 18 s discard.SK discard.DT", "S", (Declare(Contract.parse("S")),)),
    ("p p 18 s discard.SK discard.DT", "Herz", (Declare(Contract.parse("H")),)),
    ("p p 18 s discard.SK discard.DT", "null ouvert", (Declare(Contract.parse("NO")),)),
    ("p p 18 hand", "grand", (Declare(Contract.parse("GH")),)),   # a hand game is hand
    ("p p 18 hand", "CH", (Declare(Contract.parse("CH")),)),
    ("p p 18 hand", "Eichel", (Declare(Contract.parse("CH")),)),
    # card play: every card form Card.parse reads
    ("p p 18 s G.SK.DT", "CQ", (Play(Card.CQ),)),
    ("p p 18 s G.SK.DT", "♣Q", (Play(Card.CQ),)),
    ("p p 18 s G.SK.DT", "Kreuz Dame", (Play(Card.CQ),)),
    ("p p 18 s G.SK.DT", "Eichel Ober", (Play(Card.CQ),)),
    ("p p 18 s G.SK.DT", "play queen of clubs", (Play(Card.CQ),)),
    ("p p 18 s G.SK.DT", "spiele ♠10", (Play(Card.ST),)),
    ("p p 18 s G.SK.DT", "concede", (Concede(0),)),
    ("p p 18 s G.SK.DT", "RE.1", (Concede(1),)),           # the notation still works
])
def test_read_actions_forgiving_forms(position: str, typed: str, expected: tuple[object, ...]
                                      ) -> None:
    assert read_actions(typed, _position(position)) == expected


def test_read_actions_kontra_and_re_words() -> None:
    """D-15: Kontra/Re by word, any case; 'RE' alone is Re, never the concession RE.<seat>."""
    s = _position("p p 18 s G.SK.DT", PUB)
    assert s.phase == Phase.KONTRA
    for word in ("kontra", "Kontra", "KONTRA", "k", "ja"):
        assert read_actions(word, s) == (Kontra(),)
    assert read_actions("passe", s) == (Pass(),)
    after = apply(s, Kontra())
    for word in ("re", "Re", "RE", "yes"):
        assert read_actions(word, after) == (Re(),)
    with pytest.raises(IllegalActionError) as info:
        read_actions("kontra", after)
    assert info.value.reason == Reason.KONTRA_NOT_ALLOWED
    with pytest.raises(IllegalActionError) as info:
        read_actions("Re", s)
    assert info.value.reason == Reason.KONTRA_NOT_ALLOWED


@pytest.mark.parametrize(("position", "typed", "reason"), [
    ("", "Kontra", Reason.KONTRA_NOT_ALLOWED),     # ISKO has no Kontra
    ("", "RE", Reason.KONTRA_NOT_ALLOWED),
    ("", "19", Reason.NOT_A_BID_VALUE),
    ("", "yes", Reason.BID_NOT_ALLOWED),           # the asker bids; he cannot hold
    ("18", "20", Reason.MUST_HOLD_OR_PASS),        # the listener cannot raise (ISkO 3.3.2)
    ("p p 18", "grand", Reason.DISCARD_REQUIRED),  # pick up first, or say 'grand hand'
    ("p p 18 s", "grand", Reason.DISCARD_REQUIRED),
    ("p p 18 s", "CJ", Reason.DISCARD_NOT_IN_HAND),
    ("p p 18 s discard.SK discard.DT", "grand hand", Reason.CONTRACT_NOT_ALLOWED),
    ("p p 18 s G.SK.DT", "D7", Reason.CARD_NOT_IN_HAND),
])
def test_read_actions_refuses_in_one_line(position: str, typed: str, reason: Reason) -> None:
    s = _position(position)
    with pytest.raises(IllegalActionError) as info:
        read_actions(typed, s)
    assert info.value.reason == reason
    text = str(info.value)
    assert "\n" not in text and text.startswith(repr(typed))
    assert legal_in_words(s) in text                 # what is legal, in plain words


def test_read_actions_unknown_text_names_what_is_legal() -> None:
    s = _position("18")
    with pytest.raises(NotationError) as info:
        read_actions("banana", s)
    assert info.value.reason == Reason.UNKNOWN_ACTION
    assert "say yes (hold 18) or pass" in str(info.value) and "help" in str(info.value)
    with pytest.raises(NotationError):
        read_actions("   ", s)


def test_read_actions_never_changes_the_state_and_rejects_wrong_types() -> None:
    s = _position("p p 18 s")
    before = s.actions()
    for typed in ("SK DT CJ", "grand hand", "bla", "SK SK"):
        with pytest.raises((IllegalActionError, NotationError)):
            read_actions(typed, s)
    assert s.actions() == before
    with pytest.raises(TypeError):
        read_actions(b"18", s)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        read_actions("18", observe(s, 0))  # type: ignore[arg-type]


def test_read_actions_claim_by_declarer() -> None:
    s = _position("p p 18 s G.SK.DT")
    if Claim() in side_actions(s, 0):
        assert read_actions("claim", s) == (Claim(),)


def _reachable_states(seed: int, rules_name: str) -> list[GameState]:
    rules = preset(rules_name)
    states = [new_game(Deal.shuffled(seed), rules)]
    play_game(states[0], [RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)],
              on_action=lambda seat, action, after: states.append(after))
    return [s for s in states if not s.is_finished]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), rules_name=st.sampled_from(["isko", "pub", "iss"]))
def test_every_legal_action_reads_back_from_its_text(seed: int, rules_name: str) -> None:
    """Round trip: the notation of every legal action, and every card's English and
    German names (French- and German-suited), read back to that action."""
    for s in _reachable_states(seed, rules_name):
        for action in legal_actions(s):
            assert read_actions(str(action), s) == (action,), (s, action)
            if isinstance(action, Play):
                for lang, gs in (("en", False), ("de", False), ("de", True)):
                    name = card_name(action.card, lang, german_suits=gs)
                    assert read_actions(name, s, lang=lang) == (action,)


# ----- the game: help, hint, undo, refusals (in memory) -------------------------------------

def _game(inp: str, humans: list[int], lang: str = "en", **kw: object
          ) -> tuple[HumanGame, io.StringIO]:
    out = io.StringIO()
    game = HumanGame(humans, [RuleBot()] * 3, inp=io.StringIO(inp), out=out, lang=lang,
                     **kw)  # type: ignore[arg-type]
    return game, out


def _rulebot_inputs(deal: Deal, seat: int, rules: object = ISKO) -> list[str]:
    """What RuleBot does in ``seat``, as text: a person typing the same plays the same deal."""
    typed: list[str] = []
    play_game(new_game(deal, rules), [RuleBot()] * 3,  # type: ignore[arg-type]
              on_action=lambda s, a, after: typed.append(str(a)) if s == seat else None)
    return typed


@pytest.mark.parametrize("seed", [3, 8, 21])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_person_typing_rulebots_choices_plays_rulebots_deal(seed: int, seat: int) -> None:
    deal = Deal.shuffled(seed)
    typed = _rulebot_inputs(deal, seat)
    game, out = _game("\n".join(typed) + "\n", [seat])
    end = game.play(new_game(deal))
    expected = play_game(new_game(deal), [RuleBot()] * 3)
    assert end == expected
    game.finish(end)
    res = result(end)
    assert res is not None and res.explain() in out.getvalue()


def test_help_hint_and_a_refusal_then_the_same_question_again() -> None:
    game, out = _game("help\nhint\nbanana\n18\n", [1])
    with pytest.raises(Exception, match="quit"):   # the input ends after the bid
        game.play(new_game(Deal.shuffled(3)))
    text = out.getvalue()
    assert "Commands: hint" in text
    assert "hint: RuleBot would say: Middlehand (you) passes." in text
    assert "'banana' means nothing to me here; bid 18 or more, or pass" in text
    assert text.count("You may: bid 18 or more, or pass") == 1   # asked, then re-asked
    assert text.count("Middlehand (you)> ") >= 4


def test_hint_never_points_at_a_concession() -> None:
    """Issue 16: a hint is one of the legal actions in turn, never RE.<seat>."""
    game, _ = _game("", [0])
    s = _position("p p 18 s G.SK.DT")
    game.states = [s]
    hint = game.hint(observe(s, 0), legal_actions(s))
    assert "concede" not in hint and "RE." not in hint
    assert hint.startswith("hint: RuleBot would say: Forehand (you) plays ")


def test_undo_goes_back_to_the_persons_last_decision() -> None:
    """States are immutable: undo returns to the state of the previous question."""
    deal = Deal.shuffled(3)
    typed = _rulebot_inputs(deal, 1)     # 18 s discard... G cards...
    inputs = ["20", "undo", typed[0], "undo", "undo", *typed]
    game, out = _game("\n".join(inputs) + "\n", [1])
    end = game.play(new_game(deal))
    assert end == play_game(new_game(deal), [RuleBot()] * 3)
    text = out.getvalue()
    assert text.count("Undone: back to the decision of Middlehand (you).") == 2
    assert "Nothing to undo yet." in text


def test_hot_seat_three_people() -> None:
    deal = Deal.shuffled(5)
    order: list[str] = []
    play_game(new_game(deal), [RuleBot()] * 3,
              on_action=lambda s, a, after: order.append(str(a)))
    game, out = _game("\n".join(order) + "\n", [0, 1, 2])
    assert game.play(new_game(deal)) == play_game(new_game(deal), [RuleBot()] * 3)
    assert "(you)" not in out.getvalue()          # nobody is "you" at a shared keyboard
    assert "Forehand, your turn" in out.getvalue()


def test_german_game_text() -> None:
    game, out = _game("passe\n", [0], lang="de")
    with pytest.raises(Exception, match="quit"):
        game.play(new_game(Deal.shuffled(3)))
    text = out.getvalue()
    assert "Vorhand (du), du bist dran" in text and "Hinterhand reizt 18." in text
    assert "Du kannst: sage ja (18 halten) oder passe" in text and "Vorhand (du) passt." in text


def test_auction_in_words_stops_at_the_skat_decision() -> None:
    """The Kontra phase's passes come after the declaration and are not bids (D-15)."""
    s = _position("p p 18 s G.SK.DT p p", PUB)
    assert auction_in_words(s.history) == "Middlehand pass, Rearhand pass, Forehand 18"


def test_parse_seat() -> None:
    assert [parse_seat(t) for t in ("0", "forehand", "Mittelhand", "r")] == [0, 0, 1, 2]
    assert parse_seat("3", 4) == 3
    with pytest.raises(ValueError, match="not a seat"):
        parse_seat("5")


def test_play_session_series_keeps_the_sheet() -> None:
    """A series at a Table: the person's place moves with the dealer; the sheet grows."""
    deals = [seeded_deal(7, i) for i in range(2)]
    # the person sits at place 0 and deals first: rearhand in deal 1, middlehand in deal 2
    typed = _rulebot_inputs(deals[0], 2) + _rulebot_inputs(deals[1], 1)
    out = io.StringIO()
    code = play_session(rules=ISKO, humans=[0], bots_for=lambda i: [RuleBot()] * 3,
                        deal_for=lambda i: deals[i], players=3, deals=2,
                        inp=io.StringIO("\n".join(typed) + "\n"), out=out)
    assert code == 0
    text = out.getvalue()
    assert "Deal 1 of 2, dealer: You" in text and "Deal 2 of 2, dealer: Bernd" in text
    assert "Rearhand (you), your turn" in text and "Bernd (Forehand) " in text
    table = Table(("You", "Bernd", "Clara"), rules=ISKO, deals=2)
    first = table.play(deals[0], [RuleBot()] * 3)
    both = first.play(deals[1], [RuleBot()] * 3)
    assert text.index(first.sheet()) < text.index(both.sheet())   # after each deal
    assert text.rstrip().endswith(both.sheet())


# ----- through a pipe, in a fresh process (as the CLI is used) -------------------------------

def _skat(args: list[str], typed: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_SKAT, *args], input=typed, capture_output=True, text=True,
                          encoding="utf-8", env=_ENV, timeout=120, check=False)


@pytest.mark.parametrize(("seed", "seat"), [(3, 1), (11, 0), (4, 2)])
def test_cli_human_deal_through_a_pipe(seed: int, seat: int) -> None:
    deal = seeded_deal(seed, 0)
    typed = _rulebot_inputs(deal, seat)
    proc = _skat(["play", "--human", str(seat), "--seed", str(seed)], "\n".join(typed) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    res = result(play_game(new_game(deal), [RuleBot()] * 3))
    assert res is not None
    assert res.explain() in proc.stdout
    assert "── The deal is over ──" in proc.stdout


def test_cli_end_of_input_is_a_clean_exit() -> None:
    proc = _skat(["play", "--human", "middlehand", "--seed", "3"], "18\n")
    assert proc.returncode == EXIT_UNFINISHED == 3
    assert "Traceback" not in proc.stderr and proc.stderr == ""
    assert proc.stdout.rstrip().endswith("the unfinished deal is not scored.")


def test_cli_quit_exits_zero() -> None:
    proc = _skat(["play", "--human", "0", "--seed", "3"], "quit\n")
    assert proc.returncode == 0 and "Goodbye" in proc.stdout


def test_cli_ctrl_c_is_a_clean_exit() -> None:
    # a shell's background job (as the release check runs these tests) ignores SIGINT,
    # and a child would inherit that: give it the default disposition back
    proc = subprocess.Popen([*_SKAT, "play", "--human", "1", "--seed", "3"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, encoding="utf-8", env=_ENV,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    seen = ""
    while "> " not in seen and time.monotonic() < deadline:   # wait for the first question
        seen += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)  # stdin stays open: closing it first would race an end of input
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err
    assert "Interrupted; the unfinished deal is not scored." in seen + out


def test_cli_hot_seat_and_german() -> None:
    proc = _skat(["--lang", "de", "play", "--humans", "3", "--seed", "3"], "18\npasse\n")
    assert proc.returncode == EXIT_UNFINISHED
    assert "Mittelhand, du bist dran" in proc.stdout and "Vorhand passt." in proc.stdout


def test_cli_bad_seat_is_one_line() -> None:
    proc = _skat(["play", "--human", "7"], "")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "is not a seat" in proc.stderr


def test_at_four_the_person_who_deals_sits_out_and_watches() -> None:
    """D-12: at four the dealer sits out; the deal is played by the bots without input."""
    out = io.StringIO()
    code = play_session(rules=ISKO, humans=[0], bots_for=lambda i: [RuleBot()] * 3,
                        deal_for=lambda i: seeded_deal(2, i), players=4, deals=1,
                        inp=io.StringIO(""), out=out)
    text = out.getvalue()
    assert code == 0 and "You deal and sit this deal out." in text
    assert "your turn" not in text and "── The deal is over ──" in text


def test_refusals_show_the_cards_as_the_person_sees_them() -> None:
    s = _position("p p 18 s G.SK.DT")
    with pytest.raises(IllegalActionError, match="play a card: ♣Q ♣8 ♠10"):
        read_actions("D7", s, symbols=True)
    with pytest.raises(NotationError, match="spiele eine Karte: ♣D ♣8 ♠10"):
        read_actions("bla", s, lang="de", symbols=True)
