"""German through gettext (skatlib.i18n): the shipped catalogue, explanations,
names of cards, games and seats, error messages by Reason, ``skat --lang`` and
LANG detection, and round trips (German text reads back to the same card,
contract and action)."""

from __future__ import annotations

import ast
import gettext
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import skatlib
from skatlib import (
    Card,
    Contract,
    Deal,
    Declare,
    GameState,
    GameType,
    PassedIn,
    Reason,
    Seat,
    SkatError,
    allowed_contracts,
    ramsch_result,
    score,
)
from skatlib.human import read_actions
from skatlib.i18n import (
    LANGUAGES,
    card_label,
    card_name,
    check_lang,
    contract_name,
    detect_lang,
    error_message,
    game_type_name,
    reason_text,
    seat_name,
    suit_name,
    tr,
    translator,
)
from skatlib.i18n._catalogue import DOMAIN, LOCALE_DIR, read_po, write_mo

SRC = Path(__file__).resolve().parent.parent / "src"
PO = LOCALE_DIR / "de" / "LC_MESSAGES" / f"{DOMAIN}.po"
MO = PO.with_suffix(".mo")


# ----- the catalogue ----------------------------------------------------------------------

def test_committed_mo_is_the_compiled_po() -> None:
    """The shipped .mo is exactly what `python -m skatlib.i18n` builds from the .po."""
    assert MO.read_bytes() == write_mo(read_po(PO.read_text(encoding="utf-8")))


def test_mo_loads_through_the_standard_library() -> None:
    t = gettext.translation(DOMAIN, LOCALE_DIR, languages=["de"])
    assert t.gettext("won") == "gewonnen"
    assert t.info()["content-type"].endswith("charset=UTF-8")


def _marked_messages() -> set[str]:
    """Every literal passed to _(), N_(), tr() or a `.t()` translator in the package."""
    found: set[str] = set()
    for path in (SRC / "skatlib").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                continue
            fn = node.func
            if (isinstance(fn, ast.Name) and fn.id in ("_", "N_", "tr")
                    or isinstance(fn, ast.Attribute) and fn.attr == "t"):
                found.add(node.args[0].value)
    return found


def _dynamic_messages() -> set[str]:
    """Messages translated by value: end reasons, value levels, contract words, titles."""
    from skatlib.state import EndReason

    words = {w for c in Contract.all() for w in c.name_words()[1:]}
    levels = {"game", "hand", "schneider", "schneider announced", "schwarz",
              "schwarz announced", "ouvert"}
    ends = {e.value for e in EndReason if e is not EndReason.NOT_ENDED}
    return words | levels | ends | {"Grand", "Null", "Ramsch"}


def test_every_message_has_a_german_translation_with_the_same_placeholders() -> None:
    catalogue = read_po(PO.read_text(encoding="utf-8"))
    messages = _marked_messages() | _dynamic_messages()
    assert len(messages) > 100
    missing = sorted(m for m in messages if m not in catalogue)
    assert not missing
    for msgid, msgstr in catalogue.items():
        if msgid:
            assert set(re.findall(r"{\w+}", msgid)) == set(re.findall(r"{\w+}", msgstr)), msgid


def test_read_po_refuses_garbage() -> None:
    with pytest.raises(ValueError, match="line 1"):
        read_po("garbage\n")
    with pytest.raises(ValueError, match="quoted"):
        read_po("msgid won\n")


# ----- explanations (ISkO 5; the example) -------------------------------------------

@pytest.mark.parametrize(("contract", "kw", "english", "german"), [
    ("CH", dict(bid=48, matadors=2, declarer_points=58, declarer_tricks=5),
     "with 2, game 3, hand 4 × Clubs 12 = 48; lost, −96",
     "mit 2, Spiel 3, Hand 4 × Kreuz 12 = 48; verloren, −96"),
    ("G", dict(bid=48, matadors=-3, declarer_points=97, declarer_tricks=8),
     "without 3, game 4, schneider 5 × Grand 24 = 120; won, +120",
     "ohne 3, Spiel 4, Schneider 5 × Grand 24 = 120; gewonnen, +120"),
    ("D", dict(bid=24, matadors=1, declarer_points=78, declarer_tricks=7),      # D-6
     "with 1, game 2 × Diamonds 9 = 18; overbid (bid 24): 27 = 3 × 9; lost, −54",
     "mit 1, Spiel 2 × Karo 9 = 18; überreizt (gereizt 24): 27 = 3 × 9; verloren, −54"),
    ("NOH", dict(bid=59, matadors=0, declarer_points=0, declarer_tricks=0),
     "Null Ouvert Hand 59; won, +59", "Null Ouvert Hand 59; gewonnen, +59"),
    ("SHZ", dict(bid=18, matadors=1, declarer_points=120, declarer_tricks=10, kontra=2),
     "with 1, game 2, hand 3, schneider 4, schneider announced 5, schwarz 6, "
     "schwarz announced 7 × Spades 11 = 77; won, +77 ×2 Kontra ×2 Re = +308",
     "mit 1, Spiel 2, Hand 3, Schneider 4, Schneider angesagt 5, Schwarz 6, "
     "Schwarz angesagt 7 × Pik 11 = 77; gewonnen, +77 ×2 Kontra ×2 Re = +308"),
])
def test_explain_in_english_and_german(contract: str, kw: dict[str, int], english: str,
                                       german: str) -> None:
    r = score(Contract.parse(contract), **kw)  # type: ignore[arg-type]
    assert r.explain() == r.explain("en") == str(r) == english
    assert r.explain(lang="de") == german


def test_explain_conceded_passed_in_and_ramsch_in_german() -> None:
    r = score(Contract.parse("H"), bid=18, matadors=1, declarer_points=30, declarer_tricks=3,
              conceded=True, defender_points=40, defender_tricks=4)
    assert r.explain("de").endswith("; aufgegeben; verloren, −40")
    assert PassedIn().explain("de") == "eingepasst: alle drei haben gepasst, keine Wertung"
    ramsch = ramsch_result((0, 60, 60), (0, 5, 5), last_trick=1)
    assert ramsch.explain("de").startswith("Ramsch: Vorhand 0, Mittelhand 60, Hinterhand 60 "
                                           "Augen; Mittelhand und Hinterhand verlieren 60")
    assert ramsch.explain() .startswith("Ramsch: Forehand 0, Middlehand 60, Rearhand 60 "
                                        "points; Middlehand and Rearhand lose 60")


# ----- names and round trips ---------------------------------------------------------------

@pytest.mark.parametrize(("lang", "german_suits"), [("en", False), ("de", False), ("de", True)])
def test_every_card_name_and_label_parses_back(lang: str, german_suits: bool) -> None:
    for card in Card:
        assert Card.parse(card_name(card, lang, german_suits=german_suits)) is card
        for symbols in (False, True):
            assert Card.parse(card_label(card, lang, symbols=symbols)) is card


def test_german_names() -> None:
    assert card_name(Card.CJ, "de") == "Kreuz Bube"
    assert card_name(Card.CJ, "de", german_suits=True) == "Eichel Unter"
    assert card_name(Card.DA, "de", german_suits=True) == "Schellen Daus"
    assert [suit_name(s, "de") for s in range(4)] == ["Karo", "Herz", "Pik", "Kreuz"]
    assert [game_type_name(g, "de", german_suits=True) for g in GameType] == [
        "Schellen", "Herz", "Grün", "Eichel", "Grand", "Null", "Ramsch"]
    assert [seat_name(s, "de") for s in Seat] == ["Vorhand", "Mittelhand", "Hinterhand"]
    assert [seat_name(s) for s in Seat] == ["Forehand", "Middlehand", "Rearhand"]


def test_contract_names_english_is_contract_name_and_german_reads_back() -> None:
    hand = GameState.from_position(Deal.shuffled(1), "p p 18 hand")
    picked = GameState.from_position(Deal.shuffled(1), "p p 18 s discard.SK discard.DT")
    for state in (hand, picked):
        allowed = allowed_contracts(state)
        assert allowed
        for c in allowed:
            assert contract_name(c) == c.name
            for gs in (False, True):
                german = contract_name(c, "de", german_suits=gs)
                assert read_actions(german, state, lang="de") == (Declare(c),), german
    assert contract_name(Contract.parse("GHZ"), "de") == "Grand Hand Schwarz angesagt"


def test_german_action_words_read_back() -> None:
    s = GameState.from_position(Deal.shuffled(1), "18")
    assert read_actions(tr("yes", "de"), s) == read_actions("yes", s)
    assert read_actions(tr("pass", "de"), s) == read_actions("pass", s)


# ----- reasons and errors ------------------------------------------------------------------

def test_every_reason_has_a_text_in_each_language_and_the_code_stays() -> None:
    for reason in Reason:
        english, german = reason_text(reason), reason_text(reason, "de")
        assert english and german and english != german, reason
        assert reason.value == reason.name.lower()        # the codes are language-free
    with pytest.raises(TypeError):
        reason_text("unknown_card")  # type: ignore[arg-type]


def test_error_message_in_german_keeps_the_details() -> None:
    with pytest.raises(SkatError) as info:
        Card.parse("XZ")
    assert error_message(info.value) == str(info.value)
    german = error_message(info.value, "de")
    assert german.startswith("unbekannte Karte (") and "'XZ'" in german
    assert info.value.reason is Reason.UNKNOWN_CARD


# ----- choosing the language ---------------------------------------------------------------

@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"), ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "de_AT"}, "de"),
    ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),   # LC_ALL wins over LANG
    ({"LC_MESSAGES": "de_CH", "LANG": "en_GB"}, "de"),
    ({"LANGUAGE": "fr:de", "LANG": "en_US"}, "de"), ({"LANGUAGE": "fr", "LANG": "de_DE"}, "de"),
])
def test_detect_lang(env: dict[str, str], lang: str) -> None:
    assert detect_lang(env) == lang


def test_check_lang() -> None:
    assert LANGUAGES == ("en", "de")
    assert check_lang("DE-de") == "de" and translator("de_DE.UTF-8")("lost") == "verloren"
    with pytest.raises(SkatError, match="'fr' is not available"):
        check_lang("fr")
    with pytest.raises(TypeError):
        check_lang(None)


_ENV = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8"}


def _skat(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in _ENV.items() if k not in ("LANG", "LANGUAGE", "LC_ALL",
                                                      "LC_MESSAGES")}
    return subprocess.run([sys.executable, "-m", "skatlib", *args], capture_output=True,
                          text=True, encoding="utf-8", env={**clean, **env},
                          stdin=subprocess.DEVNULL, timeout=60, check=False)


def test_cli_lang_option_and_lang_environment() -> None:
    args = ["value", "CH", "--matadors", "2", "--bid", "48", "--points", "58"]
    german = "mit 2, Spiel 3, Hand 4 × Kreuz 12 = 48; verloren, −96"
    assert _skat(["--lang", "de", *args]).stdout.splitlines()[0] == german
    assert _skat(args, LANG="de_DE.UTF-8").stdout.splitlines()[0] == german
    assert _skat(args, LANG="C.UTF-8").stdout.splitlines()[0].startswith("with 2, game 3")
    assert _skat(["--lang", "en", *args], LANG="de_DE.UTF-8").stdout.startswith("with 2")
    bad = _skat(["--lang", "de", "value", "XX", "--bid", "18"])
    assert bad.returncode == 2 and bad.stderr.startswith("skat: error: unbekanntes Spiel (")
    played = _skat(["--lang", "de", "play", "--seed", "3"])
    assert "Reizen" in played.stdout and "Ergebnis" in played.stdout


def test_catalogue_is_package_data() -> None:
    """The wheel ships the catalogue: setuptools' package-data names both files."""
    text = (SRC.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"i18n/locale/*/LC_MESSAGES/*.mo"' in text and '"i18n/locale/*/LC_MESSAGES/*.po"' in text
    assert Path(skatlib.__file__).parent.joinpath("i18n", "locale", "de", "LC_MESSAGES",
                                                  "skatlib.mo").is_file()
