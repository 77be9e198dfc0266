"""skatlib.sheet: reading score sheets (CSV, JSON, German headers) and checking every row
(ISkO 5.1-5.4, D-1..D-7) and the running totals (D-13 plain list, D-14 Seeger-Fabian at 3
and 4 players), and ``skat check``.

Every expected number is worked out by hand in the comments, never copied from the code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatlib import PUB, GameResult, PassedIn, RandomBot, RecordError, RuleBot, Rules, Table
from skatlib.bots import seeded_deal
from skatlib.cli import main
from skatlib.sheet import COLUMNS, Sheet, SheetReport, check, load

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "sheets"
HEAD = ("dealer,declarer,contract,bid,matadors,points,schneider,schwarz,kontra,bock,result,"
        "value,score")


def _sheet(rows: list[str], players: str = "A,B,C", scoring: str | None = "list") -> Sheet:
    text = (f"# scoring: {scoring}\n" if scoring else "") + f"{HEAD},{players}\n"
    return Sheet.from_csv(text + "\n".join(rows) + "\n")


def _problems(report: SheetReport, row: int = 0) -> dict[str, str]:
    return {p.field: p.should for p in report.rows[row].problems}


# ----- one row: value, won/lost, overbid, written score ------------------------------------

ROWS = [
    # row (declarer B, dealer A), field -> what it should be; "" = the row is right
    # clubs hand with 2: 4 × 12 = 48, won with 80 (ISkO 5.2)
    ("A,B,CH,48,2,80,no,no,,,won,48,48,0,48,0", {}),
    # the value written as 36 (the hand level forgotten)
    ("A,B,CH,48,2,80,no,no,,,won,36,36,0,36,0", {"value": "48", "score": "+48",
                                                 "total of B": "+48"}),
    # 60 points lose (ISkO 5.3): −2 × 48 = −96 (D-1)
    ("A,B,CH,48,2,60,no,no,,,won,48,48,0,48,0", {"result": "lost", "score": "−96",
                                                 "total of B": "−96"}),
    # overbid (D-6): diamonds with 1 = 18 < 24 -> 27 = 3 × 9, −54
    ("A,B,D,24,1,78,no,no,,,won,18,18,0,18,0", {"result": "lost", "value": "27",
                                                "score": "−54", "total of B": "−54"}),
    # schneider (D-4): grand with 4, schneider 6 × 24 = 144
    ("A,B,G,48,4,97,yes,no,,,won,120,120,0,120,0", {"value": "144", "score": "+144",
                                                    "total of B": "+144"}),
    # Kontra doubles the score, Bock doubles it again (D-15, D-16): 20 × 2 × 2 = 80
    ("A,B,H,20,1,61,no,no,kontra,bock,won,20,80,0,80,0", {}),
    ("A,B,H,20,1,61,no,no,re,,won,20,40,0,40,0", {"score": "+80", "total of B": "+80"}),
    # a lost null hand: −2 × 35 = −70 (ISkO 5.2.7)
    ("A,B,NH,35,,,,,,,lost,35,-70,0,-70,0", {}),
    # German words in the cells
    ("A,B,Kreuz Hand,48,mit 2,80,nein,nein,,,gewonnen,48,48,0,48,0", {}),
    ("A,B,Pik,22,ohne 1,95,ja,nein,Kontra,,gewonnen,33,66,0,66,0", {}),
    # a passed-in deal scores nothing (D-8)
    ("A,,eingepasst,,,,,,,,,,,0,0,0", {}),
]


@pytest.mark.parametrize(("row", "should"), ROWS)
def test_isko_5_row_checks(row: str, should: dict[str, str]) -> None:
    """ISkO 5.1-5.4, D-1, D-4, D-6, D-8, D-13, D-15, D-16: each row is recomputed; every
    disagreement names what it should be."""
    report = check(_sheet([row]))
    assert _problems(report) == should
    assert report.ok == (not should)


def test_explanations_are_the_ones_a_player_accepts() -> None:
    """The reason of a wrong score is :meth:`GameResult.explain`; of won/lost, the rule."""
    report = check(_sheet(["A,B,D,24,1,78,no,no,,,won,18,18,0,18,0"]))
    text = [str(p) for p in report.rows[0].problems]
    assert text[0] == ("result: written won, should be lost: overbid: the game is worth 18, "
                       "less than the bid 24 (D-6, ISkO 5.4.2)")
    assert text[2] == ("score: written +18, should be −54: with 1, game 2 × Diamonds 9 = 18; "
                       "overbid (bid 24): 27 = 3 × 9; lost, −54")


def test_d14_seeger_fabian_at_three_and_four() -> None:
    """D-14: a lost grand with 1 (−96) is −146 for the declarer and +40 for each other
    player at 3, +30 at 4 (the sitting-out dealer included); a won one +50."""
    lost = "A,B,G,24,1,50,no,no,,,lost,48,-96"
    assert check(_sheet([lost + ",40,-146,40"], scoring="seeger_fabian")).ok
    assert check(_sheet([lost + ",30,-146,30,30"], "A,B,C,D", "seeger_fabian")).ok
    forgot = check(_sheet([lost + ",0,-146,30,30"], "A,B,C,D", "seeger_fabian"))
    (p,) = forgot.rows[0].problems
    assert p.field == "total of A" and p.should == "+30"
    assert "the sitting-out dealer included" in p.why
    won = "A,B,G,24,1,70,no,no,,,won,48,48,0,98,0"
    assert check(_sheet([won], scoring="seeger_fabian")).ok


def test_d12_the_dealer_at_four_cannot_declare() -> None:
    """D-12: at four the dealer sits out; he cannot be the declarer."""
    report = check(_sheet(["A,A,G,24,1,70,no,no,,,won,48,48,48,0,0,0"], "A,B,C,D"))
    assert "sits out" in str(report.rows[0].problems[0])


def test_dealer_rotates_when_not_written() -> None:
    """R-2.4: the deal rotates clockwise; a blank dealer is the next one."""
    rows = [",B,G,24,1,70,no,no,,,won,48,48,0,48,0,0", ",C,G,24,1,70,no,no,,,won,48,48,0,48,48,0"]
    report = check(_sheet(rows, "A,B,C,D"))
    assert [r.dealer for r in report.rows] == ["A", "B"]
    assert report.ok


def test_a_wrong_row_is_reported_once_not_on_every_row_after_it() -> None:
    """The totals of a row are checked against the totals written in the row before."""
    rows = ["A,B,G,24,1,70,no,no,,,won,48,48,0,50,0",       # 48 written as 50
            "B,C,H,20,1,61,no,no,,,won,20,20,0,50,20",      # right, given the row before
            "C,A,H,20,1,61,no,no,,,won,20,20,20,50,20"]
    report = check(_sheet(rows))
    assert [r.ok for r in report.rows] == [False, True, True]
    assert report.totals == (20, 48, 20)  # the correct ones


def test_scoring_not_stated_is_inferred_and_said() -> None:
    """Issue 16 "scoring switches silently": a sheet that does not say is checked both ways
    and the report says which system the totals follow."""
    sf = check(_sheet(["A,B,G,24,1,50,no,no,,,lost,48,-96,40,-146,40"], scoring=None))
    assert (sf.scoring, sf.stated, sf.ok) == ("seeger_fabian", False, True)
    assert "not stated" in sf.text()
    plain = check(_sheet(["A,B,G,24,1,50,no,no,,,lost,48,-96,0,-96,0"], scoring=None))
    assert (plain.scoring, plain.ok) == ("list", True)
    forced = check(_sheet(["A,B,G,24,1,50,no,no,,,lost,48,-96,0,-96,0"], scoring=None),
                   scoring="seeger_fabian")
    assert not forced.ok and forced.stated


@pytest.mark.parametrize(("row", "field"), [
    ("A,B,XQ,48,2,80,no,no,,,,,,0,48,0", "contract"),
    ("A,Zed,G,48,2,80,no,no,,,,,,0,48,0", "declarer"),
    ("A,B,G,48,2,eighty,no,no,,,,,,0,48,0", "points"),
    ("A,B,G,48,2,80,maybe,no,,,,,,0,48,0", "schneider"),
    ("A,B,G,48,2,80,yes,no,,,,,,0,48,0", "row"),            # schneider with 80 points (D-4)
    ("A,B,G,47,2,80,no,no,,,,,,0,48,0", "row"),             # 47 is not a bid value (D-9)
    ("A,B,N,23,,,,,,,,,,0,48,0", "result"),                 # null: won or lost?
])
def test_rows_that_cannot_be_read_are_reported_not_raised(row: str, field: str) -> None:
    """A row that cannot be read is a problem of that row; the rest is still checked."""
    report = check(_sheet([row, "B,C,H,20,1,61,no,no,,,won,20,20,0,48,20"]))
    assert report.rows[0].problems[0].field == field
    assert report.rows[1].ok and not report.ok


# ----- reading -------------------------------------------------------------------------


def test_german_headers_read_like_english_ones() -> None:
    """Issue 16: a German header variant (Geber, Spieler, Spiel, Reizwert, ...)."""
    german = ",".join(g for _, g, _ in COLUMNS[1:]) + ",A,B,C\n"
    english = ",".join(k for k, _, _ in COLUMNS[1:]) + ",A,B,C\n"
    row = "A,B,Kreuz Hand,48,mit 2,80,nein,nein,,,,gewonnen,48,48,0,48,0\n"
    a, b = Sheet.from_csv(german + row), Sheet.from_csv(english + row)
    assert a == b and check(a).ok
    assert Sheet.from_csv("# Wertung: Seeger-Fabian\n" + german + row).scoring == "seeger_fabian"
    semicolons = Sheet.from_csv((german + row).replace(",", ";"))
    assert semicolons == a


@pytest.mark.parametrize(("text", "words"), [
    ("", "needs a header"),
    ("declarer,A,B\n", "3 or 4 distinct players"),
    ("bid,Bid,A,B,C\n", "appears twice"),
    ("# scoring: points\nA,B,C\n", "unknown scoring"),
    ("declarer,A,B,C\nA,1,2,3,4\n", "5 cells"),
])
def test_csv_that_is_not_a_sheet(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        Sheet.from_csv(text)


def test_json_sheet_round_trip_and_errors() -> None:
    """A writer writes only what its reader reads back."""
    sheet = load(EXAMPLES / "clean.csv")
    assert Sheet.from_json(sheet.to_json()) == Sheet.from_dict(sheet.to_dict())
    assert Sheet.from_csv(sheet.to_csv()).to_dict() == sheet.to_dict()
    data = sheet.to_dict()
    data["rows"][0]["bid"] = 48  # numbers are read as text
    assert Sheet.from_dict(data).rows[0].get("bid") == "48"
    for bad, words in (({**data, "version": 2}, "unsupported version"),
                       ({**data, "extra": 1}, "unknown key"),
                       ({**data, "rows": [{"bidd": "1"}]}, "unknown column"),
                       ({**data, "rows": [{"bid": 1.5}]}, "a cell is text")):
        with pytest.raises(RecordError, match=words):
            Sheet.from_dict(bad)
    with pytest.raises(RecordError, match="not JSON"):
        Sheet.from_json("{")
    with pytest.raises(TypeError):
        check("not a sheet")  # type: ignore[arg-type]


# ----- the example sheets and skat check ------------------------------------------------


def test_example_sheets_clean_and_planted() -> None:
    """examples/sheets: the clean sheet is clean; the planted one has exactly its four
    planted errors (rows 2, 3, 6, 7, listed in its header comment)."""
    assert check(load(EXAMPLES / "clean.csv")).ok
    report = check(load(EXAMPLES / "planted-errors.csv"))
    assert [r.number for r in report.wrong] == [2, 3, 6, 7]
    assert {p.field for p in report.rows[1].problems} >= {"result", "score"}
    assert {p.field for p in report.rows[2].problems} == {"value", "score", "total of Dieter"}
    assert [p.field for p in report.rows[5].problems] == ["total of Anna"]
    assert [p.field for p in report.rows[6].problems] == ["total of Clara"]
    assert report.totals == (374, 62, 30, -44)


def test_skat_check_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``skat check``: 0 and ✓ for a clean sheet, 1 and ✗ for a wrong one, 2 for a file
    that is not a sheet (one line on stderr, no traceback)."""
    assert main(["check", str(EXAMPLES / "clean.csv")]) == 0
    out = capsys.readouterr().out
    assert "✓" in out and "✗" not in out and "every row and total agrees" in out
    assert main(["check", str(EXAMPLES / "planted-errors.csv")]) == 1
    out = capsys.readouterr().out
    assert out.count("✗") == 4 and "4 of 8 rows wrong" in out
    assert main(["check", "--ascii", str(EXAMPLES / "planted-errors.csv")]) == 1
    assert "XX" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert main(["check", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert main(["check", str(tmp_path / "missing.csv")]) == 2


def test_skat_play_save_then_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 16: ``skat play --players 4 --save series.json`` and ``skat check series.json``;
    ``--stake`` prints the settlement."""
    path = tmp_path / "series.json"
    assert main(["play", "--players", "4", "--deals", "5", "--rules", "pub", "--seed", "2",
                 "--save", str(path), "--stake", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "Settlement at 0.01 per point" in out and str(path) in out
    data = json.loads(path.read_text())
    assert data["format"] == "skatlib-table" and len(data["entries"]) == 5
    assert Table.from_dict(data).players == ("Anna", "Bernd", "Clara", "Dieter")
    assert main(["check", str(path)]) == 0
    assert "every row and total agrees (5 rows)" in capsys.readouterr().out
    data["sheet"]["rows"][2]["score"] = "999"  # an edited sheet no longer matches its deals
    path.write_text(json.dumps(data))
    assert main(["check", str(path)]) == 2
    assert "disagrees with the replayed deals at row 3" in capsys.readouterr().err


# ----- property: a table's own sheet is always clean ------------------------------------


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 4]),
       st.sampled_from([PUB, Rules(), Rules(scoring="seeger_fabian", kontra=True)]))
def test_a_played_series_checks_clean_in_every_form(seed: int, n: int, rules: Rules) -> None:
    """D-13, D-14, D-16: the sheet a Table writes (CSV, JSON, the series JSON) checks clean
    and reads back equal."""
    t = Table(("A", "B", "C", "D")[:n], rules=rules)
    for i in range(6):
        t = t.play(seeded_deal(seed, i), [RandomBot(seed + i), RuleBot(), RandomBot(i)])
    sheet = t.to_sheet()
    report = check(sheet)
    assert report.ok, report.text()
    assert report.totals == t.totals()
    assert Sheet.from_csv(t.sheet("csv")).to_dict() == sheet.to_dict()
    assert Sheet.from_json(json.dumps(t.to_dict())) == sheet
    for e, r in zip(t.entries, report.rows):
        if isinstance(e.result, (GameResult, PassedIn)):
            assert r.result == e.result or (isinstance(r.result, GameResult)
                                             and r.result.score == e.result.score)


def test_skat_play_casino_settlement(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 003 from the command line: ``--stake 0.10 --casino 0.09``; ``--casino`` alone is
    a usage error (exit 2), and so is a float-like nonsense stake."""
    assert main(["play", "--players", "3", "--deals", "3", "--seed", "4", "--stake", "0.10",
                 "--casino", "0.09"]) == 0
    out = capsys.readouterr().out
    assert "casino: stake × game value, 9% commission per player" in out
    assert main(["play", "--players", "3", "--casino", "0.09"]) == 2
    assert "--casino needs --stake" in capsys.readouterr().err
    assert main(["play", "--players", "3", "--stake", "ten"]) == 2
    assert "not a decimal amount" in capsys.readouterr().err


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from(
    ["", "A", "B", "D", "G", "CH", "N", "ramsch", "passed", "18", "999999", "-3", "mit 2",
     "yes", "x", "kontra", "bock", "won", "60", "120", "defenders", "Kreuz Hand", "−96",
     "1e5"]), min_size=19, max_size=19), max_size=5))
def test_any_row_is_reported_never_raised(rows: list[list[str]]) -> None:
    """Whatever the cells hold, check() reports per row (CONTRIBUTING "Errors and types":
    no bare exception escapes) and the report prints."""
    head = ",".join(k for k, _, _ in COLUMNS) + ",A,B,C,D"
    report = check(Sheet.from_csv(head + "\n" + "\n".join(",".join(r) for r in rows)))
    assert len(report.rows) <= len(rows) and isinstance(report.text(), str)
