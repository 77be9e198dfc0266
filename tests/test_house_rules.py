"""House rules: Kontra/Re (D-15), Ramsch and Schieberamsch (D-17), tables,
Seeger-Fabian (D-14), Bock rounds (D-16).  Expected numbers are worked out by
hand from the rulings, never taken from the implementation."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import (
    ISKO,
    PUB,
    CardSet,
    Contract,
    Deal,
    GameResult,
    GameState,
    IllegalActionError,
    Kontra,
    PassedIn,
    Phase,
    RamschResult,
    RandomBot,
    Re,
    Reason,
    Rules,
    SkatError,
    Table,
    apply,
    legal_actions,
    new_game,
    parse_action,
    ramsch_result,
    result,
    score,
)
from skatlib.actions import Play

# forehand holds all four jacks and clubs A T K Q 9 8: it wins every trick
STRONG = Deal.parse(
    "CJ SJ HJ DJ CA CT CK CQ C9 C8 / C7 SA ST SK SQ S9 S8 S7 HA HT / "
    "HK HQ H9 H8 H7 DA DT DK DQ D9 / D8 D7"
)


def run(state: GameState, text: str) -> GameState:
    for token in text.split():
        state = apply(state, parse_action(token))
    return state


def play_lowest(state: GameState) -> GameState:
    """Play the lowest legal card (by index) until the deal ends."""
    while state.phase == Phase.PLAYING:
        cards = [a for a in legal_actions(state) if isinstance(a, Play)]
        state = apply(state, min(cards, key=lambda a: int(a.card)))
    return state


KONTRA = Rules(kontra=True)


# ----- Kontra / Re (D-15) -----------------------------------------------------------------


def test_d15_kontra_re_won_clubs_hand_schwarz() -> None:
    """D-15: Kontra doubles, Re doubles again.  Clubs hand with 10 (CJ..C8; C7 is
    missing), game, hand, schneider, schwarz = 14 × 12 = 168; won ×4 = +672."""
    s = run(new_game(STRONG, KONTRA), "p p 18 hand CH")
    assert s.phase == Phase.KONTRA and s.to_move == 1  # first defender in seat order
    s = run(s, "kontra re")
    assert s.phase == Phase.PLAYING and s.kontra == 2
    s = play_lowest(s)
    r = result(s)
    assert isinstance(r, GameResult)
    assert (r.won, r.matadors, r.value, r.score) == (True, 10, 168, 672)
    assert r.explain().endswith("won, +168 ×2 Kontra ×2 Re = +672")


def test_d15_kontra_on_lost_null_hand() -> None:
    """D-15 (null included): null hand 35 lost (forehand's DJ wins trick 1) = −70,
    ×2 Kontra = −140; no Re."""
    s = run(new_game(STRONG, KONTRA), "p p 18 hand NH kontra p")
    s = play_lowest(s)
    r = result(s)
    assert isinstance(r, GameResult)
    assert (r.won, r.value, r.score, r.kontra) == (False, 35, -140, 1)


def test_d15_both_defenders_may_decline() -> None:
    s = run(new_game(STRONG, KONTRA), "p p 18 hand CH p")
    assert s.phase == Phase.KONTRA and s.to_move == 2
    s = run(s, "p")
    assert s.phase == Phase.PLAYING and s.to_move == 0 and s.kontra == 0


def test_d15_kontra_only_before_the_first_card_and_by_defenders() -> None:
    s = run(new_game(STRONG, KONTRA), "p p 18 hand CH p p")
    with pytest.raises(IllegalActionError) as exc:
        apply(s, Kontra())
    assert exc.value.reason == Reason.WRONG_PHASE
    s2 = run(new_game(STRONG, KONTRA), "p p 18 hand CH")
    with pytest.raises(IllegalActionError) as exc:
        apply(s2, Re())  # a defender cannot say Re before Kontra
    assert exc.value.reason == Reason.KONTRA_NOT_ALLOWED
    assert s2 == run(new_game(STRONG, KONTRA), "p p 18 hand CH")  # unchanged


def test_d15_kontra_off_under_isko() -> None:
    s = run(new_game(STRONG, ISKO), "p p 18 hand CH")
    assert s.phase == Phase.PLAYING
    assert not any(isinstance(a, Kontra) for a in legal_actions(s))


def test_d15_kontra_requires_bid_option() -> None:
    """Only a defender who took part in the bidding may say Kontra."""
    rules = Rules(kontra=True, kontra_requires_bid=True)
    # middlehand bids 18, forehand holds, middlehand passes, rearhand passes:
    # forehand declares; middlehand bid, rearhand did not
    s = run(new_game(STRONG, rules), "18 y p p hand CH")
    assert s.phase == Phase.KONTRA and s.to_move == 1
    s = run(s, "p")
    assert s.phase == Phase.PLAYING  # rearhand never bid: not asked


# ----- Ramsch (D-17) -------------------------------------------------------------------------

RAMSCH = Rules(ramsch=True)


def test_d17_ramsch_when_all_pass_and_durchmarsch() -> None:
    """All pass → Ramsch; forehand takes every trick: Durchmarsch +120."""
    s = play_lowest(run(new_game(STRONG, RAMSCH), "p p p"))
    r = result(s)
    assert isinstance(r, RamschResult)
    assert r.durchmarsch == 0 and r.scores == (120, 0, 0)


def test_d17_without_durchmarsch_two_jungfrauen_quadruple() -> None:
    """Durchmarsch off: forehand has 120 points and loses them; the two others
    took no trick: Jungfrau twice, ×4 = −480."""
    rules = Rules(ramsch=True, durchmarsch=False)
    r = result(play_lowest(run(new_game(STRONG, rules), "p p p")))
    assert isinstance(r, RamschResult)
    assert r.losers == (0,) and r.multiplier == 4 and r.scores == (-480, 0, 0)
    assert len(r.jungfrau) == 2


def test_d17_schieberamsch_pushing_unseen_doubles() -> None:
    """Each push of the skat unseen doubles: 3 pushes ×8; no Jungfrau: −960."""
    rules = Rules(ramsch=True, schieberamsch=True, durchmarsch=False, jungfrau=False)
    s = run(new_game(STRONG, rules), "p p p")
    assert s.phase == Phase.PUSHING
    s = play_lowest(run(s, "push push push"))
    r = result(s)
    assert isinstance(r, RamschResult)
    assert r.pushes == 3 and r.scores == (-960, 0, 0)


def test_d17_schieberamsch_jacks_may_not_be_pushed() -> None:
    rules = Rules(ramsch=True, schieberamsch=True)
    s = run(new_game(STRONG, rules), "p p p s")
    with pytest.raises(IllegalActionError) as exc:
        apply(s, parse_action("push.CJ.C8"))
    assert exc.value.reason == Reason.PUSH_NOT_ALLOWED
    s2 = run(s, "push.CA.C8")  # two non-jacks are fine, and the skat moves on
    assert s2.to_move == 1 and str(s2.skat) == "CA C8"


def test_h11_censored_push_has_its_own_text() -> None:
    """H-11: another seat's push of two cards, as an observation shows it, reads
    ``push.??`` (not ``push``, which is passing the skat on unseen, D-17); the text
    parses back, and the censored push is never a legal action."""
    from skatlib import observe
    from skatlib.actions import Push

    rules = Rules(ramsch=True, schieberamsch=True)
    s = run(new_game(STRONG, rules), "p p p s push.CA.C8")
    seen_by_middlehand = observe(s, 1).history[-1][1]
    assert seen_by_middlehand == Push(CardSet())
    assert str(seen_by_middlehand) == "push.??" and str(Push()) == "push"
    assert parse_action("push.??") == seen_by_middlehand
    assert str(observe(s, 0).history[-1][1]) == "push.CA.C8"
    before = s
    with pytest.raises(IllegalActionError):
        apply(s, Push(CardSet()))
    assert s == before


def test_d17_schieberamsch_grand_hand_instead() -> None:
    rules = Rules(ramsch=True, schieberamsch=True, ramsch_grand_hand=True)
    s = play_lowest(run(new_game(STRONG, rules), "p p p GH"))
    r = result(s)
    assert isinstance(r, GameResult)
    # grand with 4, game, hand, schneider, schwarz = 8 × 24 = 192
    assert r.contract == Contract.parse("GH") and r.value == 192 and r.won


@pytest.mark.parametrize(
    ("points", "tricks", "last", "rules", "scores"),
    [
        ((50, 40, 30), (4, 3, 3), 0, Rules(), (-50, 0, 0)),
        ((40, 40, 40), (4, 3, 3), 0, Rules(), (-40, -40, -40)),  # all tied: all lose
        ((0, 60, 60), (0, 5, 5), 1, Rules(), (0, -120, -120)),  # tie and a Jungfrau
        ((0, 60, 60), (0, 5, 5), 1, Rules(jungfrau=False), (0, -60, -60)),
    ],
)
def test_d17_ramsch_scoring_table(
    points: tuple[int, int, int], tricks: tuple[int, int, int], last: int, rules: Rules,
    scores: tuple[int, int, int],
) -> None:
    assert ramsch_result(points, tricks, last_trick=last, rules=rules).scores == scores


def test_d17_ramsch_tie_option_last_trick_loses() -> None:
    rules = Rules(ramsch=True, ramsch_ties="last_trick")
    r = ramsch_result((60, 60, 0), (5, 4, 1), last_trick=2, rules=rules,
                      last_trick_of=(7, 9, 10))
    assert r.losers == (1,) and r.scores == (0, -60, 0)


def test_d17_ramsch_skat_goes_to_last_trick() -> None:
    r = ramsch_result((50, 40, 28), (4, 3, 3), last_trick=2, skat_points=2)
    assert r.points == (50, 40, 30) and r.skat_owner == 2


def test_rules_forbidden_combinations() -> None:
    kwargs: dict[str, Any]
    for kwargs in ({"schieberamsch": True}, {"ramsch_grand_hand": True},
                   {"kontra_requires_bid": True}, {"bock_triggers": {"nonsense"}},
                   {"scoring": "golf"}):
        with pytest.raises(SkatError):
            Rules(**kwargs)


# ----- tables, Seeger-Fabian, Bock ------------------------------------------------------------


def lost_60() -> GameResult:
    return score(Contract.parse("G"), bid=18, matadors=1, declarer_points=60,
                 declarer_tricks=5)


def won_grand() -> GameResult:
    return score(Contract.parse("G"), bid=18, matadors=1, declarer_points=70,
                 declarer_tricks=6)


def test_d12_seats_at_three_and_four() -> None:
    t3 = Table(("A", "B", "C"))
    assert t3.next_seats() == ("B", "C", "A")  # at three the dealer is rearhand
    t4 = Table(("A", "B", "C", "D"))
    assert t4.next_seats() == ("B", "C", "D")  # at four the dealer sits out
    t4 = t4.record_game(PassedIn())
    assert t4.next_dealer == "B" and t4.next_seats() == ("C", "D", "A")


def test_bad_tables() -> None:
    with pytest.raises(SkatError):
        Table(("A", "B", "C", "D", "E"))
    with pytest.raises(SkatError):
        Table(("A", "A", "B"))
    t = Table(("A", "B", "C"))
    with pytest.raises(SkatError):
        t.record(PassedIn(), dealer="B")  # A deals first
    assert t.entries == ()
    done = Table(("A", "B", "C"), deals=1).record_game(PassedIn())
    with pytest.raises(SkatError):
        done.record_game(PassedIn())


def test_d14_seeger_fabian_at_three_and_four() -> None:
    """D-14: +50/−50 for the declarer; +40 (3) / +30 (4) to every other player,
    the sitting-out dealer included; passed-in scores 0."""
    t3 = Table(("A", "B", "C")).record_game(lost_60(), declarer=0)  # B is forehand
    # grand with 1 lost: −96; SF −146 for B, +40 for A and C
    assert t3.entries[0].list_points == (0, -96, 0)
    assert t3.entries[0].seeger_fabian == (40, -146, 40)
    t4 = Table(("A", "B", "C", "D")).record_game(lost_60(), declarer=1)  # C
    assert t4.entries[0].seeger_fabian == (30, 30, -146, 30)  # A deals and sits out
    t4 = t4.record_game(won_grand(), declarer="D")
    assert t4.entries[1].seeger_fabian == (0, 0, 0, 98)
    t4 = t4.record_game(PassedIn())
    assert t4.entries[2].seeger_fabian == (0, 0, 0, 0)
    null_lost = score(Contract.parse("N"), bid=23, matadors=0, declarer_points=5,
                      declarer_tricks=1)
    t4 = t4.record_game(null_lost, declarer=0)  # dealer D, forehand A
    assert t4.entries[3].seeger_fabian == (-96, 30, 30, 30)
    assert t4.totals("list") == (-46, 0, -96, 48)


def test_d16_bock_doubles_the_next_round_and_queues() -> None:
    rules = Rules(bock=True)
    t = Table(("A", "B", "C"), rules=rules)
    t = t.record_game(lost_60(), declarer=0)  # trigger: next 3 deals are Bock
    assert t.queue == ("bock",) * 3
    t = t.record_game(lost_60(), declarer=0)  # a Bock deal that triggers again: queued
    assert t.entries[1].bock == 2 and t.entries[1].list_points[2] == -192
    assert t.queue == ("bock",) * 5
    for _ in range(6):  # deals 3..8: 3..7 finish the queued Bock deals
        t = t.record_game(won_grand(), declarer=0)
    assert [e.bock for e in t.entries] == [1, 2, 2, 2, 2, 2, 2, 1]
    assert t.queue == ()


def test_d16_bock_ramsch_round_follows() -> None:
    rules = Rules(bock=True, bock_ramsch_round=True, ramsch=True)
    t = Table(("A", "B", "C"), rules=rules).record_game(PassedIn())
    assert t.queue == ("bock",) * 3 + ("ramsch",) * 3
    for _ in range(3):
        t = t.record_game(won_grand(), declarer=0)
    assert t.next_is_ramsch
    state = t.new_game(STRONG)
    assert state.game_type_index == 6 and state.phase == Phase.PLAYING


def test_d16_seeger_fabian_bonus_not_doubled_by_bock() -> None:
    t = Table(("A", "B", "C"), rules=Rules(bock=True)).record_game(PassedIn())
    t = t.record_game(lost_60(), declarer=0)  # Bock: −192 game points, −50 not doubled
    assert t.entries[1].seeger_fabian == (40, 40, -242)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([3, 4]))
def test_series_properties(seed: int, players: int) -> None:
    """Totals are the sums of the deals; the dealer of a 4-table never holds
    cards; Seeger-Fabian = plain list + bonus terms (D-14)."""
    names = ("A", "B", "C", "D")[:players]
    t = Table(names, rules=PUB, deals=players * 2)
    bots = [RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
    for i in range(players * 2):
        t = t.play(Deal.shuffled(f"{seed}/{i}"), bots)
    for i in range(players):
        assert t.totals("list")[i] == sum(e.list_points[i] for e in t.entries)
    for e in t.entries:
        if players == 4:
            assert e.dealer not in e.seats
        bonus = [0] * players
        if isinstance(e.result, GameResult) and e.declarer is not None:
            bonus[e.declarer] = 50 if e.result.won else -50
            if not e.result.won:
                for j in range(players):
                    if j != e.declarer:
                        bonus[j] = 40 if players == 3 else 30
        assert list(e.seeger_fabian) == [a + b for a, b in zip(e.list_points, bonus)]
