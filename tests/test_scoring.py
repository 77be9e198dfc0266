"""Scoring (ISkO 5.1-5.4, old numbering) and the rulings D-1..D-7, D-11, D-14, D-15.

Every expected number below is worked out by hand from the rules (shown in the
comments), never copied from the code under test.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatlib import (
    ISKO,
    ISS,
    PUB,
    Bid,
    CardSet,
    Contract,
    Deal,
    GameResult,
    GameState,
    GameType,
    InvalidBidError,
    InvalidContractError,
    InvalidScoreError,
    PassedIn,
    Reason,
    Rules,
    SkatError,
    card_points,
    game_value,
    matadors,
    matadors_mask,
    max_game_value,
    overbid_value,
    result,
    score,
    seeger_fabian,
    value_levels,
)
from skatlib.bidding import BID_VALUES
from skatlib.scoring import levels_needed


def _score(
    text: str, bid: int, tops: int, points: int, tricks: int, **kwargs: Any
) -> GameResult:
    return score(
        Contract.parse(text),
        bid=bid,
        matadors=tops,
        declarer_points=points,
        declarer_tricks=tricks,
        **kwargs,
    )


# ---------------------------------------------------------------------------
# The eight worked examples of seed 001 (section 11, "Calcular el valor del juego")

SEED_001_EXAMPLES = [
    # contract, bid, matadors, points, tricks, won, value, score, explain()
    ("C", 36, 2, 72, 6, True, 36, 36,
     "with 2, game 3 × Clubs 12 = 36; won, +36"),
    ("HH", 30, -1, 66, 6, True, 30, 30,
     "without 1, game 2, hand 3 × Hearts 10 = 30; won, +30"),
    ("G", 48, 4, 97, 8, True, 144, 144,
     "with 4, game 5, schneider 6 × Grand 24 = 144; won, +144"),
    ("S", 33, -3, 52, 4, False, 44, -88,
     "without 3, game 4 × Spades 11 = 44; lost, −88"),
    ("D", 24, 1, 78, 7, False, 27, -54,
     "with 1, game 2 × Diamonds 9 = 18; overbid (bid 24): 27 = 3 × 9; lost, −54"),
    ("CHS", 48, 1, 93, 8, True, 60, 60,
     "with 1, game 2, hand 3, schneider 4, schneider announced 5 × Clubs 12 = 60; won, +60"),
    ("N", 23, 0, 0, 0, True, 23, 23, "Null 23; won, +23"),
    ("NH", 35, 0, 4, 1, False, 35, -70, "Null Hand 35; lost, −70"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "bid", "tops", "points", "tricks", "won", "value", "result", "explain"),
    SEED_001_EXAMPLES,
)
def test_seed_001_worked_examples_isko_5_1_to_5_4(
    text: str, bid: int, tops: int, points: int, tricks: int, won: bool, value: int,
    result: int, explain: str,
) -> None:  # fmt: skip
    """Seed 001: Clubs bid 36 with 2, 72 points -> +36 ... Null Hand one trick -> -70."""
    r = _score(text, bid, tops, points, tricks)
    assert r.won is won
    assert r.value == value
    assert r.score == result
    assert r.explain() == explain
    assert str(r) == explain
    assert r.bid == bid
    assert r.contract == Contract.parse(text)


def test_seed_001_overbid_diamonds_isko_5_4_2_d_6() -> None:
    """Seed 001: diamonds with 1 is worth 18 but the bid was 24: lost although the
    declarer has 78 points; the next multiple of 9 reaching 24 is 27 -> -54."""
    r = _score("D", 24, 1, 78, 7)
    assert r.overbid
    assert not r.won
    assert r.computed_value == 18
    assert r.value == 27
    assert r.score == -54


def test_seed_001_grand_schneider_and_hand_schneider_announced_isko_5_2_3() -> None:
    r = _score("G", 48, 4, 97, 8)
    assert r.schneider and not r.schwarz
    assert [str(level) for level in r.levels] == ["with 4", "game", "schneider"]
    r = _score("CHS", 48, 1, 93, 8)
    assert [str(level) for level in r.levels] == [
        "with 1", "game", "hand", "schneider", "schneider announced"]  # fmt: skip
    assert r.multiplier == 5
    # below 90 the announcement fails (seed 001: "por debajo de 90 se habría perdido")
    assert not _score("CHS", 48, 1, 89, 8).won


def test_seed_001_null_ignores_matadors_and_points_isko_5_1() -> None:
    r = _score("N", 23, 0, 0, 0)
    assert r.levels == ()
    assert not r.overbid
    assert _score("N", 18, 0, 22, 0).score == 23  # bid lower: the fixed value counts
    assert _score("NH", 35, 0, 0, 1).score == -70  # one trick without points: lost


# ---------------------------------------------------------------------------
# Matadors (ISkO 2.4, D-3)

SEED_001_MATADORS = [
    # seed 001 section 10, hearts game, all 12 of the declarer's cards
    ("CJ SJ DJ HA HT HK C7 C8 S7 S8 D7 D8", 2),  # HJ missing: with 2; DJ, HA do not count
    ("CJ HJ DJ HA HT C7 C8 S7 S8 D7 D8 D9", 1),  # SJ missing: with 1
    ("HJ DJ HA HT HK C7 C8 S7 S8 D7 D8 D9", -2),  # highest trump HJ: without 2
    ("HA HT HK HQ C7 C8 S7 S8 D7 D8 D9 CA", -4),  # no jack: without 4
]


@pytest.mark.parametrize(("cards", "expected"), SEED_001_MATADORS)
def test_seed_001_matador_examples_isko_2_4_2(cards: str, expected: int) -> None:
    s = CardSet.parse(cards)
    assert len(s) == 12
    assert matadors(GameType.HEARTS, s) == expected


def test_without_n_counts_like_with_n_isko_2_4_2() -> None:
    """Seed 001: "sin 2" is worth the same as "con 2"."""
    for n in (1, 2, 4):
        assert game_value(Contract.parse("H"), -n) == game_value(Contract.parse("H"), n)
    assert game_value(Contract.parse("H"), -4) == 50  # (4 + game) × 10


@pytest.mark.parametrize(
    ("game_type", "cards", "expected"),
    [(GameType.GRAND, "CJ SJ HJ DJ", 4),
     (GameType.GRAND, "CJ SJ DJ", 2),
     (GameType.GRAND, "DJ CA", -3),
     (GameType.GRAND, "CA CT", -4),
     (GameType.CLUBS, "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7", 11),
     (GameType.CLUBS, "CJ SJ HJ DJ CA CT CK CQ C9 C8 S7", 10),
     (GameType.CLUBS, "SA ST HA", -11),  # no trump at all: without 11
     (GameType.CLUBS, "C7", -10),
     (GameType.DIAMONDS, "CJ SJ HJ DJ DA DT HA", 6),
     (GameType.SPADES, "SJ", -1),
     (GameType.NULL, "CJ SJ HJ DJ", 0)],
)  # fmt: skip
def test_matadors_walk_the_trump_order_isko_2_4_3(
    game_type: GameType, cards: str, expected: int
) -> None:
    assert matadors(game_type, CardSet.parse(cards)) == expected


def test_matadors_count_the_skat_in_hand_games_too_d_3() -> None:
    """D-3 (ISkO 2.4.1): matadors are counted on all 12 cards, the skat included."""
    hand = CardSet.parse("CJ HJ DJ CA CT CK HA HT SA ST")
    skat = CardSet.parse("SJ D7")
    assert matadors(GameType.CLUBS, hand) == 1
    assert matadors(GameType.CLUBS, hand | skat) == 7  # CJ SJ HJ DJ CA CT CK
    # R-10.3 (a): a hand game counted "without" loses its tops when CJ lies in the skat
    assert matadors(GameType.SPADES, CardSet.parse("SA ST")) == -4
    assert matadors(GameType.SPADES, CardSet.parse("SA ST CJ")) == 1


# ---------------------------------------------------------------------------
# Winning, losing, schneider, schwarz (ISkO 5.2.2-5.2.4; seed 001 section 9)


@pytest.mark.parametrize(
    ("points", "tricks", "won", "schneider", "schwarz", "result"),
    [
        # clubs with 2 (bid 18): base 3 levels = 36
        (61, 5, True, False, False, 36),  # 61:59 is enough
        (60, 5, False, False, False, -72),  # 60:60 is lost: -2 × 36
        (95, 8, True, True, False, 48),  # 95:25 defenders schneider: (2+1+1) × 12
        (90, 7, True, True, False, 48),  # 30 points or fewer is schneider
        (89, 7, True, False, False, 36),  # 31 is not
        (120, 10, True, True, True, 60),  # 120:0 schneider and schwarz: 5 × 12
        (24, 2, False, True, False, -96),  # 24:96 declarer schneidered: -2 × 48
        (30, 2, False, True, False, -96),
        (31, 2, False, False, False, -72),
    ],
)
def test_seed_001_win_loss_thresholds_isko_5_2_2_to_5_2_4(
    points: int, tricks: int, won: bool, schneider: bool, schwarz: bool, result: int
) -> None:
    r = _score("C", 18, 2, points, tricks)
    assert r.won is won
    assert r.schneider is schneider
    assert r.schwarz is schwarz
    assert r.score == result
    assert not r.overbid


def test_lost_game_declarer_schneidered_adds_the_level_d_4() -> None:
    """Seed 001 24:96 and R-6.4: schneider counts for whichever side it hits."""
    r = _score("C", 18, 2, 24, 2)
    assert r.explain() == "with 2, game 3, schneider 4 × Clubs 12 = 48; lost, −96"


def test_schneider_never_counts_twice_r_6_4_d_4() -> None:
    """ISkO 5.2.5 (no "Eigenschneider"): schneider announced and the declarer himself
    schneidered is still one schneider level: with 1, game, hand, schneider,
    announced = 5 × 12 = 60, lost -120."""
    r = _score("CHS", 18, 1, 25, 2)
    assert [str(level) for level in r.levels].count("schneider") == 1
    assert r.value == 60
    assert r.score == -120


def test_seed_000_hearts_without_2_example() -> None:
    """Seed 000 (ISkO 2.4.2, 5.2.3-5.2.4): hearts with HJ DJ HA HT HQ H8 H7 is
    "without 2": 3 × 10 = 30; every trick adds schneider and schwarz: 5 × 10 = 50."""
    trumps = CardSet.parse("HJ DJ HA HT HQ H8 H7 CA C7 S7 D7 D8")
    assert matadors(GameType.HEARTS, trumps) == -2
    assert _score("H", 30, -2, 70, 6).score == 30
    assert _score("H", 30, -2, 120, 10).score == 50


def test_seed_000_grand_hand_schneider_announced_example() -> None:
    """Seed 000 "Bill" (ISkO 5.2.5): grand hand, schneider announced, CJ SJ HJ: with 3,
    game, hand and two schneider levels (announced + reached).  The seed adds these
    items up to "6 multipliers = 144", but its own items make 3 + 1 + 1 + 2 = 7;
    ISkO 5.2 gives 7 × 24 = 168, which is what we assert."""
    assert matadors(GameType.GRAND, CardSet.parse("CJ SJ HJ CA CT")) == 3
    r = _score("GHS", 144, 3, 95, 8)
    assert r.multiplier == 7
    assert r.score == 168


def test_seed_000_minimal_grand_48_lost_96() -> None:
    """Seed 000 (ISkO 5.1, D-1): a minimal grand (with or without 1) is worth 48; lost, -96."""
    assert _score("G", 18, 1, 61, 5).score == 48
    assert _score("G", 18, -1, 60, 5).score == -96


def test_seed_000_overbid_example_follows_isko_not_the_seed_d_6() -> None:
    """Seed 000 charges twice the *actual* value of an overbid game (bid 30, game
    worth 24 -> -48).  D-6 / ISkO 5.4.2 rounds up to the smallest multiple of the
    base value reaching the bid instead: clubs with 1 = 24 < 30 -> 36 -> -72."""
    r = _score("C", 30, 1, 70, 6)
    assert r.overbid
    assert r.value == 36
    assert r.score == -72


# ---------------------------------------------------------------------------
# Schwarz by tricks (D-2, ISkO 5.2.4)


def test_zero_point_trick_is_not_schwarz_d_2() -> None:
    """Defenders who took one trick of 7/8/9 (0 points) are schneider, not schwarz:
    spades without 2: 2 + game + schneider = 4 × 11 = 44."""
    r = _score("S", 18, -2, 120, 9)
    assert r.schneider and not r.schwarz
    assert r.score == 44
    # the same for the declarer: one trick, no points
    r = _score("S", 18, -2, 0, 1)
    assert r.schneider and not r.schwarz
    assert r.score == -88


def test_declarer_without_a_trick_is_schwarz_even_with_skat_points_d_2() -> None:
    """R-6.5: 15 points in the skat, no trick: schwarz. 2 + game + schneider +
    schwarz = 5 × 11 = 55, lost -110."""
    r = _score("S", 18, -2, 15, 0)
    assert r.schwarz and r.schneider
    assert r.score == -110


# ---------------------------------------------------------------------------
# Announcements (ISkO 5.2.5-5.2.6, D-5)


def test_failed_schneider_announcement_d_5() -> None:
    """Clubs hand with 1, schneider announced, 80 points: lost at the announced level,
    1 + game + hand + schneider + announced = 5 × 12 = 60 -> -120."""
    r = _score("CHS", 18, 1, 80, 7)
    assert not r.won
    assert not r.schneider  # not reached...
    assert r.value == 60  # ...but charged
    assert r.score == -120


def test_failed_schwarz_announcement_d_5() -> None:
    """Grand hand with 2, schwarz announced, 9 tricks: 2 + game + hand + schneider +
    schneider announced + schwarz + schwarz announced = 8 × 24 = 192 -> -384."""
    r = _score("GHZ", 18, 2, 115, 9)
    assert not r.won
    assert not r.schwarz
    assert r.value == 192
    assert r.score == -384
    assert r.explain() == (
        "with 2, game 3, hand 4, schneider 5, schneider announced 6, schwarz 7, "
        "schwarz announced 8 × Grand 24 = 192; lost, −384"
    )


def test_r_9_4_preis_grand_hand_schneider_announced_defenders_31() -> None:
    """R-9.4 [PS] (ISkO 5.2.5, D-5): grand hand with 4, schneider announced, defenders 31:
    8 × 24 = 192, -384 in today's scoring."""
    r = _score("GHS", 144, 4, 89, 8)
    assert not r.won
    assert r.value == 192
    assert r.score == -384


def test_higher_level_than_announced_counts_isko_5_2_5() -> None:
    """Schneider announced and schwarz reached: with 1, game, hand, schneider,
    announced, schwarz = 6 × 12 = 72."""
    r = _score("CHS", 18, 1, 120, 10)
    assert r.won
    assert r.score == 72


def test_won_schwarz_announcement_needs_all_tricks_isko_5_2_5() -> None:
    assert _score("CHZ", 18, 3, 120, 10).won
    assert not _score("CHZ", 18, 3, 119, 9).won


# ---------------------------------------------------------------------------
# Maxima and ouvert (R-6.6, ISkO 5.2.6) and the ISS results of FORMAT.md 5.1


def test_maxima_216_and_264_r_6_6() -> None:
    """ISkO 5.2.6: clubs ouvert with 11: 11 + 7 = 18 × 12 = 216; grand ouvert with 4:
    11 × 24 = 264."""
    assert game_value(Contract.parse("CO"), 11) == 216
    assert game_value(Contract.parse("GO"), 4) == 264
    assert _score("CO", 216, 11, 120, 10).score == 216
    assert _score("GO", 264, 4, 120, 10).score == 264
    assert max_game_value(Contract.parse("CO"), 11) == 216


def test_isko_5_2_6_clubs_ouvert_with_2_is_108() -> None:
    """ISkO 5.2.6: "clubs ouvert with 2 = 9 × 12 = 108"."""
    assert game_value(Contract.parse("CO"), 2) == 108
    r = _score("CO", 18, 2, 120, 10)
    assert r.won and r.value == 108
    assert [str(level) for level in r.levels] == [
        "with 2", "game", "hand", "schneider", "schneider announced", "schwarz",
        "schwarz announced", "ouvert"]  # fmt: skip


def test_iss_format_5_1_grand_ouvert_with_1_is_192() -> None:
    """FORMAT.md 5.1 (ISkO 5.2.6): GO m:1 -> 24 × 8 = 192."""
    assert _score("GO", 18, 1, 120, 10).score == 192


def test_iss_format_5_1_clubs_hand_schwarz_with_3_is_108() -> None:
    """FORMAT.md 5.1 (ISkO 5.2.5): CHZ m:3 -> 12 × 9 = 108."""
    assert _score("CHZ", 18, 3, 120, 10).score == 108


def test_iss_format_5_1_clubs_ouvert_with_1_lost_is_minus_192() -> None:
    """FORMAT.md 5.1 (ISkO 5.2.6, D-5, D-10): CO m:1 lost -> -2 × 96.  Record 13577 ends
    after the defenders' first trick: p:13 (the skat), t:0; the announced levels count."""
    assert _score("CO", 18, 1, 13, 0).score == -192
    r = _score("CO", 18, 1, 13, 0, defender_points=15, defender_tricks=1)
    assert not r.schneider and not r.schwarz
    assert r.value == 96
    assert r.score == -192


def test_iss_format_5_1_null_ouvert_hand_lost_is_minus_118() -> None:
    """FORMAT.md 5.1 (ISkO 5.1, 5.2.7, D-1): NOH lost -> -2 × 59."""
    assert _score("NOH", 59, 0, 0, 1).score == -118
    assert _score("NOH", 59, 0, 0, 0).score == 59


@pytest.mark.parametrize(
    ("text", "value"), [("N", 23), ("NH", 35), ("NO", 46), ("NOH", 59)]
)
def test_null_values_and_lost_null_doubled_isko_5_1_d_1(text: str, value: int) -> None:
    assert _score(text, 18, 0, 0, 0).score == value
    assert _score(text, 18, 0, 0, 1).score == -2 * value
    assert game_value(Contract.parse(text), 0) == value


# ---------------------------------------------------------------------------
# Overbidding (ISkO 5.4, D-6)


def test_r_10_3_spades_hand_bid_72_with_1_is_minus_154() -> None:
    """R-10.3 (a), ISkO 5.4.2, D-6: spades hand bid 72, CJ in the skat -> with 1: 3 × 11 = 33 < 72;
    the smallest multiple of 11 reaching 72 is 77 -> -154, even with 75 points."""
    r = _score("SH", 72, 1, 75, 7)
    assert r.overbid and not r.won
    assert r.value == 77
    assert r.score == -154
    assert r.explain() == (
        "with 1, game 2, hand 3 × Spades 11 = 33; overbid (bid 72): 77 = 7 × 11; lost, −154"
    )


def test_r_10_3_diamonds_with_2_bid_36_without_schneider_is_minus_72() -> None:
    """R-10.3 (b), FORMAT.md 5.1 (ISkO 5.4.2, D-6): diamonds with 2 = 27 < 36 -> 36 -> -72."""
    r = _score("D", 36, 2, 75, 7)
    assert r.overbid
    assert r.value == 36
    assert r.score == -72
    # had the defenders been schneider, 4 × 9 = 36 would have reached the bid
    r = _score("D", 36, 2, 95, 8)
    assert r.won and not r.overbid and r.score == 36


def test_r_10_4_hearts_with_2_bid_33_declarer_schneidered_is_minus_80() -> None:
    """R-10.4 (ISkO 5.4, D-4, D-6): levels reached against the declarer count towards
    the bid: hearts with 2 + game + schneider = 40 ≥ 33 -> an ordinary loss, -80."""
    r = _score("H", 33, 2, 25, 2)
    assert not r.overbid
    assert r.value == 40
    assert r.score == -80


def test_announced_level_counts_towards_the_bid_d_6() -> None:
    """Clubs hand with 1, schneider announced, bid 60: 5 × 12 = 60 reaches the bid even
    when schneider is missed; the game is lost by the failed announcement, not overbid."""
    r = _score("CHS", 60, 1, 80, 7)
    assert not r.overbid
    assert r.score == -120


def test_overbid_value_helper_isko_5_4_2() -> None:
    assert overbid_value(Contract.parse("D"), 24) == 27
    assert overbid_value(Contract.parse("SH"), 72) == 77
    assert overbid_value(Contract.parse("C"), 36) == 36  # a multiple already
    assert overbid_value(Contract.parse("G"), Bid(50)) == 72
    assert overbid_value(Contract.parse("H"), 18) == 20
    with pytest.raises(InvalidBidError):
        overbid_value(Contract.parse("G"), 49)


LEVELS_NEEDED = [
    # contract, bid, matadors -> (schneider, schwarz) the declarer must reach, or None
    ("C", 24, 1, (False, False)),   # with 1, game: 2 x 12 = 24
    ("C", 36, 1, (True, False)),    # with 1, game, schneider: 36 (R-10.3b)
    ("C", 48, 1, (True, True)),     # ... schwarz: 48
    ("C", 60, 1, None),             # 48 at most: lost overbid whatever happens
    ("D", 24, 1, (True, False)),    # diamonds with 1: 18, schneider 27 (ISkO 5.4)
    ("SH", 72, 1, None),            # spades hand with 1: 33 .. 55 (the club jack in the skat)
    ("SH", 72, -5, (False, False)), # ... "without 5" as bid: 7 x 11 = 77
    ("G", 72, 2, (False, False)),   # grand with 2: 3 x 24 = 72
    ("G", 96, 2, (True, False)),    # ... 96 needs schneider (4 x 24)
    ("G", 120, 2, (True, True)),
    ("GS", 96, 2, (False, False)),  # schneider announced counts already (ISkO 5.2)
    ("N", 23, 0, (False, False)),   # null: a fixed value (D-7)
    ("N", 24, 0, None),
    ("NOH", 59, 0, (False, False)),
]


@pytest.mark.parametrize(("text", "bid", "tops", "need"), LEVELS_NEEDED)
def test_levels_needed_to_reach_the_bid_isko_5_4_d_6(
        text: str, bid: int, tops: int, need: tuple[bool, bool] | None) -> None:
    """ISkO 5.4, D-6: the least levels that make the game worth the bid; reaching
    them the declarer's game is not overbid (score), one level less it is."""
    c = Contract.parse(text)
    assert levels_needed(c, bid, tops) == need
    assert levels_needed(c, Bid(bid), tops) == need
    if need is None or c.is_null:
        return
    schneider, schwarz = need
    points, tricks = (120, 10) if schwarz else (90, 8) if schneider else (61, 5)
    assert not _score(text, bid, tops, points, tricks).overbid
    if schneider and not c.schneider:
        less = (90, 8) if schwarz else (61, 5)
        assert _score(text, bid, tops, *less).overbid


@given(st.sampled_from(["D", "H", "S", "C", "G", "CH", "GH", "CHS", "GO"]),
       st.sampled_from(BID_VALUES), st.integers(1, 4), st.booleans())
def test_levels_needed_is_the_least_level_worth_the_bid_d_6(
        text: str, bid: int, tops: int, without: bool) -> None:
    """D-6 as a property: the levels returned are the first of none, schneider,
    schneider and schwarz whose game value reaches the bid."""
    c = Contract.parse(text)
    m = -tops if without else tops
    expected = next(((sn, sz) for sn, sz in ((False, False), (True, False), (True, True))
                     if game_value(c, m, schneider=sn, schwarz=sz) >= bid), None)
    assert levels_needed(c, bid, m) == expected


@pytest.mark.parametrize(("text", "bid", "dp", "dt", "need"), [
    ("C", 36, 30, 2, (True, False)),  # 30 card points taken: schneider still open
    ("C", 36, 31, 2, None),           # 31: out of reach (D-4)
    ("C", 48, 0, 0, (True, True)),    # no trick taken: schwarz still open
    ("C", 48, 0, 1, None),            # a trick (even a blank one): out of reach
    ("C", 24, 60, 5, (False, False)), # worth the bid as it stands: nothing to reach
])
def test_levels_needed_out_of_reach_during_the_play_d_4(
        text: str, bid: int, dp: int, dt: int, need: tuple[bool, bool] | None) -> None:
    """A level the defenders' points (more than 30: no schneider, D-4) or a trick
    of theirs (no schwarz) have put out of reach cannot cover the bid."""
    assert levels_needed(Contract.parse(text), bid, 1, defender_points=dp,
                         defender_tricks=dt) == need


@pytest.mark.parametrize(("args", "error", "says"), [
    (("C", 49, 1), InvalidBidError, "49"),
    (("C", 36, 0), InvalidScoreError, "0 matadors are impossible"),
    (("N", 23, 1), InvalidScoreError, "null has no matadors"),
    (("C", 36, "1"), TypeError, "matadors"),
])
def test_levels_needed_refuses_bad_input(args: tuple[str, object, object],
                                         error: type[Exception], says: str) -> None:
    text, bid, tops = args
    with pytest.raises(error, match=says):
        levels_needed(Contract.parse(text), bid, tops)  # type: ignore[arg-type]
    with pytest.raises(InvalidScoreError, match=r"defender_points must be a whole number 0\.\.120"):
        levels_needed(Contract.parse("C"), 36, 1, defender_points=121)
    with pytest.raises(InvalidScoreError, match=r"defender_tricks must be a whole number 0\.\.10"):
        levels_needed(Contract.parse("C"), 36, 1, defender_tricks=-1)


@pytest.mark.parametrize(
    ("text", "bid"), [("N", 24), ("N", 35), ("NH", 36), ("NO", 48), ("NOH", 60), ("N", 264)]
)
def test_overbid_null_is_refused_d_7(text: str, bid: int) -> None:
    """D-7: a null variant worth less than the bid may not be declared; the scoring
    function rejects it with a clear error."""
    with pytest.raises(InvalidScoreError) as info:
        _score(text, bid, 0, 0, 0)
    assert info.value.reason == Reason.NULL_OVERBID
    assert str(bid) in str(info.value)
    with pytest.raises(InvalidScoreError) as info:
        overbid_value(Contract.parse(text), bid)
    assert info.value.reason == Reason.NULL_OVERBID


@pytest.mark.parametrize(("text", "bid"), [("N", 23), ("NH", 35), ("NO", 46), ("NOH", 59)])
def test_null_at_its_own_value_is_no_overbid_d_7(text: str, bid: int) -> None:
    assert _score(text, bid, 0, 0, 0).score == bid


# ---------------------------------------------------------------------------
# Kontra / Re (house rule, R-15.1, D-15) and concessions (D-11)


def test_r_15_1_kontra_grand_with_1_won_is_96() -> None:
    """House rule D-15 (not ISkO): Kontra doubles; grand with 1 = 48, won -> +96."""
    r = _score("G", 48, 1, 70, 6, kontra=1)
    assert r.value == 48
    assert r.score == 96
    assert r.explain() == "with 1, game 2 × Grand 24 = 48; won, +48 ×2 Kontra = +96"


def test_r_15_1_kontra_re_grand_with_1_lost_is_minus_384() -> None:
    """House rule D-15: Kontra and Re: -2 × 48 × 2 × 2 = -384."""
    r = _score("G", 48, 1, 50, 4, kontra=2)
    assert r.value == 48
    assert r.score == -384
    assert r.explain() == "with 1, game 2 × Grand 24 = 48; lost, −96 ×2 Kontra ×2 Re = −384"


def test_kontra_on_null_d_15() -> None:
    assert _score("N", 23, 0, 0, 0, kontra=1).score == 46
    assert _score("N", 23, 0, 0, 1, kontra=2).score == -184


def test_conceded_game_is_lost_at_its_declared_value_d_11() -> None:
    """D-11: conceded before the first trick: grand with 2 = 3 × 24 = 72, no schneider
    or schwarz inferred from the unplayed cards -> -144."""
    r = _score("G", 18, 2, 4, 0, defender_points=0, defender_tricks=0, conceded=True)
    assert not r.won
    assert not r.schneider and not r.schwarz
    assert r.score == -144
    assert r.explain().endswith("; conceded; lost, −144")
    assert not _score("N", 23, 0, 0, 0, conceded=True).won


# ---------------------------------------------------------------------------
# Input validation


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"declarer_points": -1}, Reason.POINTS_OUT_OF_RANGE),
        ({"declarer_points": 121}, Reason.POINTS_OUT_OF_RANGE),
        ({"declarer_tricks": -1}, Reason.TRICKS_OUT_OF_RANGE),
        ({"declarer_tricks": 11}, Reason.TRICKS_OUT_OF_RANGE),
        ({"defender_points": 121}, Reason.POINTS_OUT_OF_RANGE),
        ({"defender_tricks": 11}, Reason.TRICKS_OUT_OF_RANGE),
        ({"matadors": 0}, Reason.IMPOSSIBLE_MATADORS),
        ({"matadors": 12}, Reason.IMPOSSIBLE_MATADORS),
        ({"matadors": -12}, Reason.IMPOSSIBLE_MATADORS),
        # a declarer without a trick owns only the skat: at most A + A = 22 points
        ({"declarer_points": 23, "declarer_tricks": 0}, Reason.INCONSISTENT_RESULT),
        # all ten tricks means all 120 points
        ({"declarer_points": 119, "declarer_tricks": 10}, Reason.INCONSISTENT_RESULT),
        ({"defender_points": 60}, Reason.INCONSISTENT_RESULT),  # 70 + 60 > 120
        ({"defender_tricks": 5}, Reason.INCONSISTENT_RESULT),  # 6 + 5 > 10
        ({"kontra": 3}, Reason.BAD_KONTRA),
        ({"kontra": -1}, Reason.BAD_KONTRA),
    ],
)
def test_bad_scoring_input_raises_invalid_score_error(
    kwargs: dict[str, Any], reason: Reason
) -> None:
    """Points 0..120 (ISkO 1.2.2), tricks 0..10, matadors (ISkO 2.4.3), consistency."""
    args: dict[str, Any] = {"bid": 18, "matadors": 2, "declarer_points": 70,
                            "declarer_tricks": 6}  # fmt: skip
    args.update(kwargs)
    with pytest.raises(InvalidScoreError) as info:
        score(Contract.parse("C"), **args)
    assert info.value.reason == reason
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "tops"),
    [("C", 12), ("D", -12), ("S", 0), ("G", 5), ("G", -5), ("GO", 0), ("GH", 11),
     ("N", 1), ("NOH", -1)],
)  # fmt: skip
def test_impossible_matadors_for_each_game_type_isko_2_4_3(text: str, tops: int) -> None:
    """Suit games 1..11, grand 1..4 (with or without), null none."""
    with pytest.raises(InvalidScoreError) as info:
        _score(text, 18, tops, 70, 6)
    assert info.value.reason == Reason.IMPOSSIBLE_MATADORS
    with pytest.raises(InvalidScoreError):
        game_value(Contract.parse(text), tops)


@pytest.mark.parametrize("bid", [0, 17, 19, 21, 47, 265, 1000])
def test_non_bid_values_raise_invalid_bid_error_isko_3_3_1(bid: int) -> None:
    with pytest.raises(InvalidBidError):
        _score("C", bid, 2, 70, 6)


def test_bad_bid_types_and_contract_raise_skat_errors() -> None:
    """Bids are game values (ISkO 3.3.1, D-9); anything else is a SkatError."""
    with pytest.raises(SkatError):
        score(Contract.parse("C"), bid="18", matadors=2, declarer_points=70,  # type: ignore[arg-type]
              declarer_tricks=6)  # fmt: skip
    with pytest.raises(TypeError, match=r"^contract must be a Contract"):
        score("C", bid=18, matadors=2, declarer_points=70, declarer_tricks=6)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^conceded must be True or False, not int \(1\)"):
        _score("C", 18, 2, 70, 6, conceded=1)  # a wrong type (CONTRIBUTING "Errors and types")
    assert _score("C", Bid(18), 2, 70, 6).bid == 18  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Helpers: points, levels, values


def test_card_points_helper_isko_1_2_2() -> None:
    assert card_points(CardSet.parse("CA ST HK DQ CJ S9")) == 30
    assert card_points("CA ST HK DQ CJ S9") == 30
    assert card_points(0xFFFFFFFF) == 120
    assert card_points([]) == 0


def test_value_levels_and_game_value_isko_5_2() -> None:
    levels = value_levels(Contract.parse("CHS"), 1)
    assert [(str(level), level.amount) for level in levels] == [
        ("with 1", 1), ("game", 1), ("hand", 1), ("schneider", 1),
        ("schneider announced", 1)]  # fmt: skip
    assert [str(level) for level in value_levels(Contract.parse("D"), -3, schwarz=True)] == [
        "without 3", "game", "schwarz"]  # fmt: skip
    assert value_levels(Contract.parse("NO"), 0) == ()
    assert game_value(Contract.parse("G"), 4, schneider=True) == 144  # (4+1+1) × 24
    assert game_value(Contract.parse("D"), 1) == 18  # the lowest game
    assert max_game_value(Contract.parse("D"), 1) == 36  # with 1, game, schneider, schwarz
    assert max_game_value(Contract.parse("G"), -4) == 7 * 24
    assert max_game_value(Contract.parse("NOH"), 0) == 59


# ---------------------------------------------------------------------------
# Seeger-Fabian list scoring (D-14, SkWO 6.3.1)


def test_seeger_fabian_won_game_d_14() -> None:
    r = _score("C", 18, 2, 61, 5)  # +36
    assert seeger_fabian(r) == (86, 0)
    assert seeger_fabian(r, players=4) == (86, 0)


def test_seeger_fabian_lost_game_3_and_4_players_d_14() -> None:
    r = _score("C", 18, 2, 60, 5)  # -72
    assert seeger_fabian(r) == (-122, 40)
    assert seeger_fabian(r, players=3) == (-122, 40)
    assert seeger_fabian(r, players=4) == (-122, 30)


@pytest.mark.parametrize(
    ("text", "tricks", "expected"),
    [("N", 0, 73), ("N", 1, -96), ("NO", 0, 96), ("NO", 1, -142)],
)
def test_seeger_fabian_null_examples_r_14_1(text: str, tricks: int, expected: int) -> None:
    """R-14.1 [SB], D-14: null 23 + 50 = 73; -46 - 50 = -96; null ouvert 46 + 50 = 96; -92 - 50."""
    assert seeger_fabian(_score(text, 23, 0, 0, tricks))[0] == expected


def test_seeger_fabian_bonuses_are_not_multiplied_by_kontra_d_14() -> None:
    r = _score("G", 48, 1, 50, 4, kontra=2)  # -384
    assert seeger_fabian(r) == (-434, 40)
    assert seeger_fabian(r, players=4) == (-434, 30)
    r = _score("G", 48, 1, 70, 6, kontra=1)  # +96
    assert seeger_fabian(r) == (146, 0)


def test_seeger_fabian_passed_in_and_bad_table_d_8_d_14() -> None:
    assert seeger_fabian(PassedIn()) == (0, 0)
    assert seeger_fabian(PassedIn(), players=4) == (0, 0)
    assert PassedIn().score == 0
    assert PassedIn().passed_in
    with pytest.raises(InvalidScoreError) as info:
        seeger_fabian(_score("C", 18, 2, 61, 5), players=5)
    assert info.value.reason == Reason.BAD_TABLE
    with pytest.raises(InvalidScoreError):
        seeger_fabian(_score("C", 18, 2, 61, 5), players=2)


@pytest.mark.parametrize(
    ("points", "tricks"),
    [(100, 1), (55, 1), (23, 0), (70, 9), (86, 9), (119, 10)],
)
def test_impossible_points_for_the_tricks_are_refused(points: int, tricks: int) -> None:
    """t tricks plus the skat are 3t + 2 cards: 1 trick holds at most 54 points
    (A A A A T); the defenders' single trick at most 33 (ISkO 1.2.2)."""
    with pytest.raises(InvalidScoreError):
        score(Contract.parse("G"), bid=18, matadors=1, declarer_points=points,
              declarer_tricks=tricks)


@pytest.mark.parametrize(("points", "tricks"), [(54, 1), (22, 0), (87, 9), (120, 10)])
def test_extreme_but_possible_points_are_accepted(points: int, tricks: int) -> None:
    r = score(Contract.parse("G"), bid=18, matadors=1, declarer_points=points,
              declarer_tricks=tricks)
    assert r.declarer_points == points


# --------------------------------------------------------------------------- H-41


def test_h41_seeger_fabian_points_take_ints_and_bools_only() -> None:
    """``seeger_fabian_points(48, True, bock=2.0)`` gave ``(146.0, 0)`` (a float score),
    ``won="no"`` counted as won, ``players=3.0`` was taken as 3, and ``players`` given
    as an index integer was refused as "not 3 or 4" (D-14)."""
    from int_like import IntLike
    from skatlib.errors import ArgumentTypeError
    from skatlib.scoring import seeger_fabian_points

    assert seeger_fabian_points(IntLike(48), True, players=IntLike(4), bock=IntLike(2)) == (  # type: ignore[arg-type]
        146, 0)
    result = seeger_fabian_points(48, True, bock=2)
    assert result == (146, 0) and all(type(x) is int for x in result)
    for kwargs in ({"bock": 2.0}, {"players": 3.0}, {"players": True}, {"bock": True}):
        with pytest.raises(ArgumentTypeError):
            seeger_fabian_points(48, True, **kwargs)
    for won in ("no", 1, None):
        with pytest.raises(ArgumentTypeError, match=r"^won must be True or False"):
            seeger_fabian_points(48, won)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^score must be an int"):
        seeger_fabian_points(48.0, True)  # type: ignore[arg-type]
    with pytest.raises(InvalidScoreError, match="3 or 4 players, not 5"):
        seeger_fabian_points(48, True, players=IntLike(5))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- pinned by mutation


@pytest.mark.parametrize(("contract", "points", "tricks", "won"), [
    ("CHS", 90, 7, True),    # exactly 90 reaches a schneider announcement (ISkO 5.2.3)
    ("CHS", 89, 7, False),
    ("GHS", 90, 7, True),
    ("CHZ", 119, 9, False),  # schwarz announced needs every trick
    ("CHZ", 120, 10, True),
])
def test_isko_5_2_3_announced_schneider_and_schwarz_boundaries(
        contract: str, points: int, tricks: int, won: bool) -> None:
    r = _score(contract, 18, 1, points, tricks)
    assert r.won is won and r.schneider is (points >= 90)
    assert (r.score > 0) is won


@pytest.mark.parametrize(("contract", "tricks", "won"), [
    ("N", 0, True), ("N", 1, False), ("NH", 0, True), ("NO", 0, True), ("NOH", 3, False),
])
def test_isko_5_1_null_results_have_no_schneider_or_schwarz(
        contract: str, tricks: int, won: bool) -> None:
    """A null game has a fixed value: taking no trick, or one without points, is
    neither schneider nor schwarz on either side (ISkO 5.1, 5.2.5)."""
    r = _score(contract, 23, 0, 0, tricks)
    assert r.won is won
    assert not r.schneider and not r.schwarz and r.levels == ()


@pytest.mark.parametrize("game_type", [-1, 7, 2**40])
def test_matadors_mask_refuses_a_game_type_out_of_range(game_type: int) -> None:
    with pytest.raises(InvalidContractError, match="is not a game type"):
        matadors_mask(game_type, 1 << 31)


def test_matadors_mask_counts_for_every_game_type() -> None:
    """ISkO 2.4 / D-3: with or without, counted on the declarer's 12 cards; null has
    none.  ``with 1``: the club jack alone; without any trump: ``without 4`` (grand,
    and Ramsch, whose trumps are the four jacks) or ``without 11`` (a suit game)."""
    for gt in range(5):
        assert matadors_mask(gt, 1 << 31) == 1
        assert matadors_mask(gt, 0) == (-4 if gt == 4 else -11)
    assert matadors_mask(5, 1 << 31) == 0
    assert matadors_mask(6, 1 << 31) == 1 and matadors_mask(6, 0) == -4


@pytest.mark.parametrize("kwargs", [
    {"declarer_points": 61.0}, {"declarer_points": True}, {"matadors": True},
    {"matadors": 1.0}, {"declarer_tricks": "6"}, {"kontra": 1.0}, {"declarer": 1.0},
])
def test_scoring_numbers_of_the_wrong_type_are_type_errors(kwargs: dict[str, object]) -> None:
    """CONTRIBUTING "Errors and types": a bool or a float where a whole number is
    meant is a wrong type (it was an InvalidScoreError), naming the parameter."""
    from skatlib.errors import ArgumentTypeError

    args: dict[str, object] = {"bid": 18, "matadors": 2, "declarer_points": 70,
                               "declarer_tricks": 6, **kwargs}
    name = next(iter(kwargs))
    with pytest.raises(ArgumentTypeError, match=rf"^{name} must be"):
        score(Contract.parse("C"), **args)  # type: ignore[arg-type]


def test_null_results_count_no_matadors_and_levels_take_a_contract() -> None:
    """ISkO 5.1: null has a fixed value (no matadors); ``value_levels`` checks its
    contract; a bid given as an index integer is stored as an int."""
    from int_like import IntLike
    from skatlib import value_levels

    assert _score("N", 23, 0, 0, 0).matadors == 0
    with pytest.raises(TypeError, match=r"^contract must be a Contract"):
        value_levels("CHS", 1)  # type: ignore[arg-type]
    r = score(Contract.parse("C"), bid=IntLike(18), matadors=2, declarer_points=70,  # type: ignore[arg-type]
              declarer_tricks=6)
    assert r.bid == 18 and type(r.bid) is int


def test_passed_in_and_abandoned_deals_score_nothing() -> None:
    """D-8 (all pass: no score) and D-18 (an ISS deal ended by a time-out or a player
    leaving in the auction): neither is won, both have value and score 0."""
    from skatlib import Abandoned, PassedIn

    p = PassedIn()
    assert (p.passed_in, p.won, p.value, p.score) == (True, False, 0, 0)
    assert str(p) == p.explain() == "passed in: all three passed, no score"
    a = Abandoned(2, "a player left the table")
    assert (a.passed_in, a.won, a.value, a.score) == (False, False, 0, 0)
    assert (a.seat, a.reason) == (2, "a player left the table")
    assert str(a) == a.explain() == "no game: a player left the table (seat 2)"


@pytest.mark.parametrize("declarer", [-1, 3, 10**9])
def test_score_refuses_a_declarer_outside_the_three_seats(declarer: int) -> None:
    with pytest.raises(InvalidScoreError, match=r"declarer must be a seat 0\.\.2") as info:
        score(Contract.parse("G"), bid=18, matadors=1, declarer_points=70, declarer_tricks=6,
              declarer=declarer)
    assert info.value.reason is Reason.BAD_SEAT
    assert [score(Contract.parse("G"), bid=18, matadors=1, declarer_points=70,
                  declarer_tricks=6, declarer=d).declarer for d in range(3)] == [0, 1, 2]


def test_all_ten_tricks_hold_all_points_even_with_the_defenders_points_given() -> None:
    """ISkO 4.3: every card point is in the tricks and the skat; a declarer with all
    10 tricks has 120 (the skat is his).  With the defenders' points given as 0,
    only this check refuses 100."""
    with pytest.raises(InvalidScoreError, match="all 10 tricks has all 120 points, not 100"):
        score(Contract.parse("G"), bid=18, matadors=1, declarer_points=100, declarer_tricks=10,
              defender_points=0, defender_tricks=0)
    won = score(Contract.parse("G"), bid=18, matadors=1, declarer_points=120,
                declarer_tricks=10, defender_points=0, defender_tricks=0)
    assert won.won and won.schwarz


def test_seeger_fabian_points_defaults_and_public_names() -> None:
    """D-14 at the default table (3 players, no Bock); the module's public names."""
    import skatlib.scoring as scoring_module
    from skatlib.scoring import seeger_fabian_points

    assert seeger_fabian_points(48, True) == (98, 0)
    assert seeger_fabian_points(-96, False) == (-146, 40)
    assert seeger_fabian_points(-96, False, players=4) == (-146, 30)
    assert {"seeger_fabian_points", "KONTRA_NAMES"} <= set(scoring_module.__all__)
    assert scoring_module.KONTRA_NAMES == ("", "Kontra", "Re")  # by kontra level 0..2


@pytest.mark.parametrize("points", [-1, 121])
def test_defender_points_given_must_be_0_to_120(points: int) -> None:
    with pytest.raises(InvalidScoreError) as info:
        score(Contract.parse("G"), bid=18, matadors=1, declarer_points=60, declarer_tricks=5,
              defender_points=points)
    assert info.value.reason is Reason.POINTS_OUT_OF_RANGE


# ---------------------------------------------------------------------------
# Score-sheet input: schneider/schwarz flags instead of tricks (issue 16)

SHEET_FLAG_EXAMPLES = [
    # contract, bid, matadors, points, schneider, schwarz -> won, value, score
    ("C", 36, 2, 72, False, False, True, 36, 36),        # with 2, game 3 × 12
    ("G", 48, 4, 97, True, False, True, 144, 144),       # with 4, game, schneider 6 × 24
    ("G", 48, 4, 120, True, True, True, 168, 168),       # + schwarz: 7 × 24
    ("G", 48, 4, 120, None, True, True, 168, 168),       # schwarz alone implies schneider
    ("H", 18, 1, 25, True, False, False, 30, -60),       # schneidered: with 1, game, s. 3 × 10
    ("H", 18, 1, 0, True, True, False, 40, -80),         # schwarz against the declarer: 4 × 10
    ("S", 18, -1, 60, False, False, False, 22, -44),     # 60:60 is lost (ISkO 5.3)
    ("D", 24, 1, 78, False, False, False, 27, -54),      # overbid (D-6): 18 < 24 -> 27
    ("CHS", 72, 2, 95, True, False, True, 72, 72),       # schneider announced and made
    ("CHS", 72, 2, 85, False, False, False, 72, -144),   # announced, missed: lost at it (D-5)
    ("SHZ", 77, 1, 120, True, False, False, 77, -154),   # schwarz announced, a trick lost
]


@pytest.mark.parametrize(("text", "bid", "tops", "points", "sn", "sz", "won", "value", "sc"),
                         SHEET_FLAG_EXAMPLES)
def test_d4_d5_score_from_sheet_flags(text: str, bid: int, tops: int, points: int,
                                      sn: bool | None, sz: bool | None, won: bool, value: int,
                                      sc: int) -> None:
    """ISkO 5.2-5.4, D-4..D-6: a score sheet gives schneider/schwarz flags, not tricks; the
    same game scored from tricks (where they are known) agrees."""
    r = score(Contract.parse(text), bid=bid, matadors=tops, declarer_points=points,
              schneider=sn, schwarz=sz)
    assert (r.won, r.value, r.score) == (won, value, sc)
    if sz and points == 120:
        assert r.declarer_tricks == 10
    elif sz:
        assert r.declarer_tricks == 0
    else:
        assert r.declarer_tricks is None
    if not sz and 31 <= points <= 89:  # the tricks version: 5 tricks fit these points
        t = score(Contract.parse(text), bid=bid, matadors=tops, declarer_points=points,
                  declarer_tricks=5)
        assert (t.won, t.value, t.score) == (won, value, sc)


@pytest.mark.parametrize(("kwargs", "reason", "words"), [
    ({}, Reason.MISSING_ARGUMENT, "needs the declarer's tricks"),
    ({"declarer_tricks": 5, "schneider": False}, Reason.CONFLICTING_ARGUMENTS, "not both"),
    ({"schneider": False, "defender_points": 40}, Reason.CONFLICTING_ARGUMENTS,
     "only with declarer_tricks"),
    ({"schneider": True}, Reason.INCONSISTENT_RESULT, "schneider=True does not fit"),
    ({"schwarz": True}, Reason.INCONSISTENT_RESULT, "schneider=True does not fit"),
    ({"schwarz": True, "declarer_points": 95}, Reason.INCONSISTENT_RESULT,
     "schwarz=True does not fit declarer_points=95"),
    ({"schneider": False, "schwarz": True}, Reason.INCONSISTENT_RESULT, "includes schneider"),
])
def test_score_flags_or_tricks_exactly_one_way(kwargs: dict[str, Any], reason: Reason,
                                               words: str) -> None:
    """CONTRIBUTING "Errors and types": neither or both ways of giving the result, or flags
    that do not fit the points (70 here), raise InvalidScoreError naming the fix."""
    kwargs = {"declarer_points": 70, **kwargs}
    with pytest.raises(InvalidScoreError, match=words) as info:
        score(Contract.parse("G"), bid=18, matadors=1, **kwargs)
    assert info.value.reason is reason


def test_score_flags_type_and_null() -> None:
    """A flag is True/False/None (TypeError otherwise); null needs tricks (ISkO 5.2.7)."""
    with pytest.raises(TypeError, match="schneider must be True, False or None"):
        score(Contract.parse("G"), bid=18, matadors=1, declarer_points=70,
              schneider="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidScoreError, match="won or lost by tricks"):
        score(Contract.parse("N"), bid=18, matadors=0, declarer_points=0, schneider=False)


# ---------------------------------------------------------------------------
# D-11 as revised 2026-12: a defenders' concession (or an accepted claim) under ISKO

D11_CONCESSIONS = [
    # contract, bid, matadors, declarer points/tricks, defender points/tricks so far
    #   -> won, value, score, schneider, schwarz
    # the ruling's example: spades with 2, conceded before the first card, bid 18:
    # with 2, game = 3 × 11 = 33 (not 55, the ISS convention)
    ("S", 18, 2, 0, 0, 0, 0, True, 33, 33, False, False),
    # bid 44 needs schneider (4 × 11), still reachable: awarded (ISkO 2022 4.1.5)
    ("S", 44, 2, 0, 0, 0, 0, True, 44, 44, True, False),
    # bid 55 needs schwarz (5 × 11), the defenders have no trick: awarded
    ("S", 55, 2, 4, 0, 0, 0, True, 55, 55, True, True),
    # bid 44, but the defenders already hold 35: schneider unreachable -> overbid, −2 × 44
    ("S", 44, 2, 21, 2, 35, 2, False, 44, -88, False, False),
    # the declarer already has 95: schneider is decided by the tricks -> 4 × 11
    ("S", 18, 2, 95, 7, 0, 0, True, 44, 44, True, False),
    # announced schneider and what it implies: with 2, game, hand, schneider, announced
    ("SHS", 66, 2, 0, 0, 0, 0, True, 66, 66, False, False),  # (schneider: reached only)
    # defenders with 60 already have the game: nothing left to concede -> lost at 33
    ("S", 18, 2, 30, 3, 60, 4, False, 33, -66, False, False),
]


@pytest.mark.parametrize(("text", "bid", "tops", "p", "t", "dp", "dt", "won", "value", "sc",
                          "sn", "sz"), D11_CONCESSIONS)
def test_d11_revised_defenders_concession_isko_2022_4_4_3(
        text: str, bid: int, tops: int, p: int, t: int, dp: int, dt: int, won: bool,
        value: int, sc: int, sn: bool, sz: bool) -> None:
    """D-11 (revised 2026-12), ISkO 2022 4.4.3 with 4.1.5: won at the declared value plus
    only the levels the tricks decide and the level needed to cover the bid."""
    r = score(Contract.parse(text), bid=bid, matadors=tops, declarer_points=p,
              declarer_tricks=t, defender_points=dp, defender_tricks=dt,
              defenders_conceded=True)
    assert (r.won, r.value, r.score, r.schneider, r.schwarz) == (won, value, sc, sn, sz)
    assert r.defenders_conceded and "the defenders conceded" in r.explain()


# Deal.shuffled(3): forehand holds CJ SJ (not HJ) with the skat C8 HA: spades with 2
D11_DEAL = "p p 18 s S.DQ.D7"


@pytest.mark.parametrize(("rules", "value", "explained"), [
    (ISKO, 33, "with 2, game 3 × Spades 11 = 33; the defenders conceded; won, +33"),
    (ISS, 55, "with 2, game 3, schneider 4, schwarz 5 × Spades 11 = 55; won, +55"),
    (Rules(concession="all_cards"), 55, None),
    (Rules(ramsch=True, bock=True), 33, None),
])
def test_d11_revised_rules_option_selects_the_convention(rules: Rules, value: int,
                                                         explained: str | None) -> None:
    """D-11 revised: the ruling's example played through a state.  ``ISKO`` (and every
    preset but ``ISS``) scores 33; ``ISS`` keeps "every unplayed card to the declarer"
    (schneider and schwarz from the cards: 55).  Rules.concession selects it."""
    s = GameState.from_position(Deal.shuffled(3), D11_DEAL + " RE.1 RE.2", rules=rules)
    r = result(s)
    assert isinstance(r, GameResult) and r.won and r.value == r.score == value
    if explained is not None:
        assert r.explain() == explained
    claim = GameState.from_position(Deal.shuffled(3), D11_DEAL + " SC RE.1 RE.2", rules=rules)
    assert result(claim) == r  # an accepted claim scores as the concession


def test_d11_rules_option_is_checked_and_shown() -> None:
    """The option takes 'decided' or 'all_cards' only; the repr names it when it differs."""
    assert ISKO.concession == "decided" and ISS.concession == "all_cards"
    with pytest.raises(SkatError, match="concession='x' is not an option"):
        Rules(concession="x")  # type: ignore[arg-type]
    assert "concession='all_cards'" in repr(ISS) and "concession" not in repr(ISKO)


def test_rules_repr_always_says_the_scoring_system() -> None:
    """Issue 16, "Scoring switches silently": Rules(kontra=True) totals on the plain list
    (D-13), ISKO on Seeger-Fabian (D-14); the repr says which, and evaluates back."""
    assert repr(Rules(kontra=True)) == "Rules(name='custom', scoring='list', kontra=True)"
    assert repr(ISKO) == "Rules(name='ISKO', scoring='seeger_fabian')"
    for rules in (ISKO, ISS, PUB, Rules(kontra=True, bock=True)):
        assert eval(repr(rules), {"Rules": Rules}) == rules


def test_card_points_of_every_suit_byte_isko_1_2_2() -> None:
    """``card_points`` reads a table of suit bytes (built by doubling at import,
    issue 18): every byte of every suit counts what the reference reading counts."""
    import reference as ref
    from skatlib import Card

    for suit in range(4):
        for byte in range(256):
            cards = [Card(8 * suit + r) for r in range(8) if byte >> r & 1]
            assert card_points(byte << 8 * suit) == ref.points(cards), (suit, byte)


def test_the_most_points_n_cards_can_hold_isko_1_2_2() -> None:
    """The bound behind the impossible-points checks: the ``n`` richest cards of the
    deck (four aces, four tens, ...), by the reference reading of the card points."""
    import reference as ref
    from skatlib import Card
    from skatlib.scoring import _MOST_POINTS as most

    richest = sorted((ref.points([c]) for c in Card), reverse=True)
    assert most == tuple(sum(richest[:n]) for n in range(33))
    assert most[:6] == (0, 11, 22, 33, 44, 54) and most[32] == 120


@pytest.mark.parametrize("seat, reason", [
    (99, "x"), (-1, "x"), (True, "x"), (1.0, "x"), (None, "x"), (1, 5), (1, None),
])
def test_abandoned_refuses_a_wrong_seat_or_reason(seat: object, reason: object) -> None:
    """``Abandoned`` (D-18, H-55): the seat is a Seat or an int 0..2, the reason a text
    (it took anything before)."""
    from skatlib import Abandoned, SkatError

    with pytest.raises((TypeError, SkatError)):
        Abandoned(seat, reason)


def test_abandoned_keeps_the_seat_as_given() -> None:
    from skatlib import Abandoned, Seat

    assert Abandoned(2, "a player left the table").seat == 2
    assert Abandoned(Seat.REARHAND, "x").seat is Seat.REARHAND
    assert Abandoned(Seat.REARHAND, "x") == Abandoned(2, "x")
