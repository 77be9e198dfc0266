"""The ``skat`` command-line tool (skatlib.cli).

Scoring numbers are the worked examples of ISkO 5.1-5.4 (old numbering) as
settled in the rulings (D-1, D-3, D-6, D-7, D-14, D-15).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skatlib.cli import COMMANDS, build_parser, main

SRC = Path(__file__).resolve().parents[1] / "src"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_value_with_matadors_prints_breakdown_and_list_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ISkO 5.2: clubs hand with 2 = 4 x 12 = 48; lost -> -96 (D-1); list -146/+40 (D-14)."""
    code, out, err = run(capsys, "value", "CH", "--matadors", "2", "--bid", "48", "--points", "58")
    assert code == 0
    assert err == ""
    assert out.splitlines() == [
        "with 2, game 3, hand 4 × Clubs 12 = 48; lost, −96",
        "Seeger-Fabian (3 players): declarer −146, each other player +40",
    ]


def test_value_counts_matadors_on_hand_plus_skat(capsys: pytest.CaptureFixture[str]) -> None:
    """D-3: the skat counts for the matadors, in hand games too (ISkO 2.4.1)."""
    hand = "SJ CA CT CK CQ C9 HA HT SA D7"
    # without the skat the declarer looks "without 1"; CJ in the skat makes it "with 2"
    code, out, _ = run(
        capsys, "value", "CH", "--cards", hand, "--skat", "CJ D8", "--bid", "48", "--points", "70"
    )
    assert code == 0
    assert out.splitlines()[0] == "with 2, game 3, hand 4 × Clubs 12 = 48; won, +48"
    code, out, _ = run(
        capsys, "value", "CH", "--cards", hand + " CJ D8", "--bid", "48", "--points", "70"
    )
    assert code == 0
    assert out.splitlines()[0].startswith("with 2, game 3, hand 4")


def test_value_won_game_list_points(capsys: pytest.CaptureFixture[str]) -> None:
    """Grand with 4 and schneider = 6 x 24 = 144 (ISkO 5.2.3); won +144, list +194."""
    code, out, _ = run(
        capsys, "value", "G", "--matadors", "4", "--bid", "48", "--points", "97", "--tricks", "8"
    )
    assert code == 0
    assert out.splitlines() == [
        "with 4, game 5, schneider 6 × Grand 24 = 144; won, +144",
        "Seeger-Fabian (3 players): declarer +194",
    ]


def test_value_overbid(capsys: pytest.CaptureFixture[str]) -> None:
    """ISkO 5.4.2, D-6: diamonds with 1 (18) bid 24 -> lost at 27, -54, even with 78 points."""
    code, out, _ = run(capsys, "value", "D", "--matadors", "1", "--bid", "24", "--points", "78")
    assert code == 0
    assert out.splitlines()[0] == (
        "with 1, game 2 × Diamonds 9 = 18; overbid (bid 24): 27 = 3 × 9; lost, −54"
    )


def test_value_null_needs_no_matadors(capsys: pytest.CaptureFixture[str]) -> None:
    """Null hand has the fixed value 35 (ISkO 5.1); one trick loses it: -70 (D-1)."""
    code, out, _ = run(capsys, "value", "NH", "--bid", "35", "--tricks", "1")
    assert code == 0
    assert out.splitlines()[0] == "Null Hand 35; lost, −70"


@pytest.mark.parametrize("points", [0, 30, 31, 54, 55, 86, 87, 114, 115, 119, 120])
def test_value_without_tricks_means_neither_side_schwarz(
    capsys: pytest.CaptureFixture[str], points: int
) -> None:
    """Without --tricks any possible trick count that leaves neither side schwarz
    is used (ISkO 5.2.4, D-2): only schneider can be reached."""
    code, out, err = run(
        capsys, "value", "G", "--matadors", "1", "--bid", "18", "--points", str(points), "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["schwarz"] is False
    assert data["declarer_tricks"] is None
    assert data["schneider"] is (points >= 90 or points <= 30)


def test_value_schwarz_announced_needs_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    """Schwarz announced is won only with every trick (ISkO 5.2.5): the tricks decide."""
    code, _, err = run(capsys, "value", "CHZ", "--matadors", "1", "--bid", "18", "--points", "120")
    assert code == 2
    assert "--tricks" in err
    code, out, _ = run(
        capsys, "value", "CHZ", "--matadors", "1", "--bid", "18", "--points", "120",
        "--tricks", "10",
    )
    assert code == 0
    assert out.splitlines()[0].endswith("= 84; won, +84")


@pytest.mark.parametrize(("tricks", "score"), [("0", 23), ("1", -46), ("9", -46), ("10", -46)])
def test_value_null_points_are_optional(
    capsys: pytest.CaptureFixture[str], tricks: str, score: int
) -> None:
    """Null is decided by tricks alone (ISkO 5.2.7); lost counts double (D-1)."""
    code, out, err = run(capsys, "value", "N", "--bid", "23", "--tricks", tricks, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["score"] == score
    assert data["declarer_points"] is None


@pytest.mark.parametrize(("flag", "expected"), [("--kontra", 96), ("--re", 192)])
def test_value_kontra_and_re(
    capsys: pytest.CaptureFixture[str], flag: str, expected: int
) -> None:
    """D-15 (house rule): Kontra doubles, Re doubles again: grand with 1 won = 48."""
    code, out, _ = run(
        capsys, "value", "G", "--matadors", "1", "--bid", "18", "--points", "70", flag, "--json"
    )
    assert code == 0
    assert json.loads(out)["score"] == expected


def test_value_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "value", "CH", "--matadors", "2", "--bid", "48", "--points", "58", "--json",
        "--players", "4",
    )
    assert code == 0
    assert err == ""
    data = json.loads(out)
    assert data["contract"] == "CH"
    assert data["value"] == 48
    assert data["score"] == -96
    assert data["won"] is False
    assert data["overbid"] is False
    assert data["declarer_tricks"] is None
    assert [level["name"] for level in data["levels"]] == ["with 2", "game", "hand"]
    assert data["seeger_fabian"] == {"players": 4, "declarer": -146, "each_other": 30}
    assert data["explanation"] == "with 2, game 3, hand 4 × Clubs 12 = 48; lost, −96"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["value", "XQ", "--matadors", "1", "--bid", "18", "--points", "70"], "unknown contract"),
        (["value", "C", "--matadors", "1", "--bid", "19", "--points", "70"], "not a bid value"),
        (["value", "C", "--matadors", "0", "--bid", "18", "--points", "70"], "impossible"),
        (["value", "C", "--matadors", "1", "--bid", "18", "--points", "121"], "0..120"),
        (["value", "C", "--bid", "18", "--points", "70"], "needs the matadors"),
        (["value", "C", "--matadors", "1", "--bid", "18"], "needs --points"),
        (["value", "C", "--cards", "CJ SJ", "--bid", "18", "--points", "70"], "12 cards"),
        (["value", "C", "--cards", "CJ SJ ZZ", "--bid", "18", "--points", "70"], "unknown card"),
        (["value", "C", "--cards", "CJ CJ", "--bid", "18", "--points", "70"], "duplicate"),
        (["value", "N", "--bid", "24", "--tricks", "0"], "D-7"),
        (["value", "N", "--bid", "23"], "give --tricks"),
        (["value", "G", "--matadors", "1", "--bid", "18", "--points", "80", "--tricks", "1"],
         "impossible"),
        (["value", "C", "--matadors", "x", "--bid", "18", "--points", "70"], "invalid int"),
        (["value", "C", "--matadors", "1", "--cards", "CJ", "--bid", "18"], "not allowed"),
        (["value", "C", "--matadors", "1", "--bid", "18", "--kontra", "--re"], "not allowed"),
        (["value"], "required"),
        ([], "required"),
        (["nosuchcommand"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("skat: error: ")
    assert needle in err
    assert "Traceback" not in err


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in COMMANDS:
        assert command.name in out
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.startswith("skat ")


def test_every_command_is_registered_once() -> None:
    names = [command.name for command in COMMANDS]
    assert len(names) == len(set(names))
    build_parser()  # builds without conflicts


def test_python_dash_m_skatlib() -> None:
    """``python -m skatlib`` runs the same tool, in a fresh process."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
    env["PYTHONIOENCODING"] = "utf-8"
    proc = subprocess.run(
        [sys.executable, "-m", "skatlib", "value", "CH", "--matadors", "2", "--bid", "48",
         "--points", "58"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "with 2, game 3, hand 4 × Clubs 12 = 48; lost, −96"
    bad = subprocess.run(
        [sys.executable, "-m", "skatlib", "value", "CH", "--bid", "19"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("skat: error: ")
    assert "Traceback" not in bad.stderr


# ----- robustness of the output -------------------------------------------------------------

_ENV = {**os.environ, "PYTHONPATH": str(SRC)}
_SKAT = [sys.executable, "-m", "skatlib"]


@pytest.mark.parametrize("argv", [
    ["value", "G", "--matadors", "1", "--bid", "18", "--points", "70"],
    ["play", "--seed", "3"],
    ["simulate", "--deals", "10", "--workers", "0", "--json"],
    ["arena", "--deals", "1", "--bots", "rule,rule,random"],
])
def test_a_full_disk_gives_one_line_and_exit_74(argv: list[str]) -> None:
    """/dev/full: every write fails with ENOSPC; only BrokenPipe was handled."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*_SKAT, *argv], stdout=full, stderr=subprocess.PIPE, text=True,
                              env=_ENV, timeout=300)
    assert proc.returncode == 74
    assert proc.stderr == "skat: error: cannot write the output: No space left on device\n"


def test_a_closed_stdout_gives_one_line_and_exit_74() -> None:
    code = ("import os, subprocess, sys\n"
            "os.close(1)\n"
            "p = subprocess.run(sys.argv[1:], stderr=subprocess.PIPE, text=True)\n"
            "os.write(2, f'{p.returncode}|{p.stderr}'.encode())\n")
    proc = subprocess.run([sys.executable, "-c", code, *_SKAT, "value", "G", "--matadors", "1",
                           "--bid", "18", "--points", "70"],
                          capture_output=True, text=True, env=_ENV, timeout=120)
    rc, _, err = proc.stderr.partition("|")
    assert rc == "74"
    assert err == "skat: error: standard output is closed: nothing can be printed\n"


def test_a_reader_that_goes_away_is_not_an_error() -> None:
    proc = subprocess.run(f"{sys.executable} -m skatlib play --players 3 --deals 30 | head -1",
                          shell=True, capture_output=True, text=True, env=_ENV, timeout=300)
    assert proc.stdout.startswith("Series of 30 deals") and proc.stderr == ""


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_huge_deal_counts_are_refused_at_once(command: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """--deals 10**12 used to allocate more than 1 GB before the first deal."""
    code, out, err = run(capsys, command, "--deals", str(10**12), "--workers", "2")
    assert code == 2 and out == ""
    assert "at most 100,000,000" in err and err.count("\n") == 1


def test_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arena", "--deals", "2", "--bots", "rule,random,random",
                       "--json", "--rules", "pub")
    assert code == 0
    doc = json.loads(out)
    assert doc["deals"] == 2 and doc["games"] == 6 and doc["rules"] == "PUB"
    assert [b["name"] for b in doc["bots"]] == ["1:rule", "2:random", "3:random"]


def test_simulate_json_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--deals", "12", "--workers", "0", "--json",
                       "--rules", "pub", "--bots", "rule")
    assert code == 0
    doc = json.loads(out)
    assert doc["deals"] == 12 and doc["rules"] == "PUB"


@pytest.mark.parametrize("argv", [
    ["simulate", "--deals", "30", "--workers", "0"],
    ["arena", "--deals", "2", "--bots", "rule,random,random"],
])
def test_no_progress_when_stderr_is_not_a_terminal(argv: list[str]) -> None:
    proc = subprocess.run([*_SKAT, *argv], capture_output=True, text=True, env=_ENV,
                          timeout=300)
    assert proc.returncode == 0 and proc.stderr == ""


def test_help_into_a_full_disk_is_reported_too() -> None:
    """argparse swallowed the failing write, so `skat --help > /dev/full` exited 0."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*_SKAT, "--help"], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=_ENV, timeout=60)
    assert proc.returncode == 74 and proc.stderr.startswith("skat: error: cannot write")


# ----- skat play: the Kontra phase (issue 16) --------------------------------------------------

def test_play_narrates_the_kontra_phase_after_the_declaration_not_in_the_bidding() -> None:
    """D-15: Kontra and Re are said after the declaration, before the first card; their
    passes are no bids, so the bidding line ends with the auction."""
    import io

    from skatlib import PUB, Deal, GameState
    from skatlib.cli.play import narrate

    s = GameState.from_position(Deal.shuffled(1), "p p 18 s G.SK.DT kontra p", rules=PUB)
    out = io.StringIO()
    narrate(s, (), out)
    lines = out.getvalue().splitlines()
    assert lines[lines.index("Bidding") + 1] == "  Middlehand pass, Rearhand pass, Forehand 18"
    declared = next(i for i, line in enumerate(lines) if "declares Grand" in line)
    assert lines[declared + 1:declared + 3] == ["Middlehand says Kontra!",
                                                "Forehand does not answer Re."]
    german = io.StringIO()
    narrate(s, (), german, lang="de")
    assert "Mittelhand sagt Kontra!\nVorhand sagt kein Re.\n" in german.getvalue()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_play_pub_bidding_line_has_only_the_auction(capsys: pytest.CaptureFixture[str],
                                                    seed: int) -> None:
    """D-15: the Kontra phase comes after the declaration, so its passes are told
    after it, never inside the bidding line (ISkO 3.3: bids, yes and pass only)."""
    code, out, _ = run(capsys, "--lang", "en", "play", "--rules", "pub", "--seed", str(seed))
    lines = out.splitlines()
    bidding = lines[lines.index("Bidding") + 1]
    assert code == 0 and "Kontra" not in bidding
    for item in bidding.strip().split(", "):
        seat, word = item.split(" ", 1)
        assert seat in ("Forehand", "Middlehand", "Rearhand")
        assert word in ("pass", "yes") or word.isdigit(), item
    if "declares" in out:
        assert out.index("says no Kontra.") > out.index("declares")
