"""The JSON form of GameRecord (skatlib.formats.json): layout, round trips, errors."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skatlib.formats.json as sjson
from skatlib import (
    ISKO,
    ISS,
    PUB,
    Deal,
    GameRecord,
    RandomBot,
    Reason,
    RecordError,
    Rules,
    play_deal,
    replay,
    result,
)
from skatlib.formats import iss

LINES = (Path(__file__).parent / "data" / "iss" / "iss_records.sgf").read_text(
    encoding="utf-8").splitlines()

# ISS game 25 (2007): null ouvert hand, lost at the first trick.
GAME_25 = LINES[next(i for i, t in enumerate(LINES) if "ID[25]" in t)]


def test_stdlib_json_is_not_shadowed() -> None:
    """The module is ``skatlib.formats.json``; ``import json`` still gets the standard library."""
    assert sjson.__name__ == "skatlib.formats.json"
    assert json.__name__ == "json" and json is not sjson
    assert json.dumps({"a": 1}) == '{"a": 1}'


def test_documented_layout() -> None:
    game = iss.to_game_record(GAME_25)
    data = sjson.to_dict(game)
    assert list(data) == ["format", "version", "rules", "deal", "actions", "meta"]
    assert data["format"] == "skatlib-record" and data["version"] == 1
    assert set(data["rules"]) == {f.name for f in attrs.fields(Rules)}
    assert data["rules"]["name"] == "ISS" and data["rules"]["server_events"] is True
    # MV[w CJ.S7.H8.SA.DA.CQ.DK.CK.C8.D8 D9.HK...]: hands in display order (jacks,
    # then clubs, spades, hearts, diamonds; A T K Q 9 8 7)
    assert data["deal"] == {
        "forehand": "CJ CK CQ C8 SA S7 H8 DA DK D8",
        "middlehand": "SJ HJ CT ST SQ S8 HA HK DT D9",
        "rearhand": "CA C9 C7 SK S9 HT HQ H9 DQ D7",
        "skat": "DJ H7",
    }
    assert data["actions"] == ["18", "p", "p", "hand", "NOH", "C8", "CT", "C9"]
    assert data["meta"] == {
        "PC": "Internet Skat Server", "CO": "", "SE": "126", "ID": "25",
        "DT": "2007-11-02/15:24:24/UTC", "P0": "Patrickm", "P1": "foo", "P2": "bonsai",
        "R0": "0.0", "R1": "0.0", "R2": "0.0",
        "R": "d:1 loss v:-118 m:0 bidok p:12 t:1 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0",
    }
    # plain JSON: survives the standard library unchanged
    assert json.loads(json.dumps(data)) == data


def test_all_real_records_round_trip() -> None:
    for text in LINES:
        game = iss.to_game_record(text)
        again = sjson.loads(sjson.dumps(game))
        assert again == game
        assert sjson.loads(sjson.dumps(game, indent=2)) == game
        assert iss.verify(again) == []


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=st.integers(0, 2**32 - 1), bot_seed=st.integers(0, 2**32 - 1),
       rules=st.sampled_from([ISKO, ISS, PUB, Rules(kontra=True, ramsch=True,
                                                    schieberamsch=True, push_jacks=True)]))
def test_random_bot_games_round_trip(deal_seed: int, bot_seed: int, rules: Rules) -> None:
    rng = random.Random(bot_seed)
    bots = [RandomBot(rng.getrandbits(32)) for _ in range(3)]
    rec, res = play_deal(Deal.shuffled(deal_seed), bots, rules)
    rec = attrs.evolve(rec, meta=(("event", "test"), ("seed", str(deal_seed))))
    text = sjson.dumps(rec)
    again = sjson.loads(text)
    assert again == rec
    assert result(replay(again)) == res
    assert sjson.dumps(again) == text


def test_rules_fields_left_out_take_their_defaults() -> None:
    data = sjson.to_dict(iss.to_game_record(GAME_25))
    data["rules"] = {"name": "ISS", "server_events": True, "scoring": "seeger_fabian",
                     "concession": "all_cards"}
    assert sjson.from_dict(data).rules == ISS


def _valid() -> dict[str, Any]:
    return sjson.to_dict(iss.to_game_record(GAME_25))


BAD: list[tuple[str, Any, str | None]] = [
    ("format", "other", "format"),
    ("version", 2, "version"),
    ("version", True, "version"),
    ("version", "1", "version"),
    ("extra", 1, "format"),
    ("rules", [], "rules"),
    ("rules", {"colour": True}, "rules"),
    ("rules", {"kontra": "yes"}, "rules.kontra"),
    ("rules", {"bock_triggers": "lost_60"}, "rules.bock_triggers"),
    ("rules", {"bock_triggers": ["nonsense"]}, "rules"),
    ("rules", {"schieberamsch": True}, "rules"),
    ("deal", "CJ SJ", "deal"),
    ("deal", {"forehand": "CJ"}, "deal"),
    ("actions", "18 p", "actions"),
    ("actions", [18], "actions[0]"),
    ("actions", ["18", "zz"], "actions[1]"),
    ("actions", ["9" * 5000], "actions[0]"),
    ("actions", ["18", "p", "p", "hand", "NOH", "C8", "CT", "CJ"], "actions: action 8"),
    ("meta", {"a": 1}, "meta"),
    ("meta", ["a"], "meta"),
]


@pytest.mark.parametrize(("key", "value", "field"), BAD)
def test_errors_name_the_field(key: str, value: Any, field: str | None) -> None:
    data = _valid()
    data[key] = value
    with pytest.raises(RecordError) as exc:
        sjson.from_dict(data)
    assert exc.value.field == field


@pytest.mark.parametrize("part", ["forehand", "skat"])
def test_bad_cards_in_the_deal(part: str) -> None:
    for cards, words in [("CJ XX", "unknown card"), ("CJ CJ", "twice|duplicate"),
                         (7, "string of cards")]:
        data = _valid()
        data["deal"][part] = cards
        with pytest.raises(RecordError, match=words) as exc:
            sjson.from_dict(data)
        assert exc.value.field == f"deal.{part}"
    data = _valid()
    data["deal"]["skat"] = "H7"
    with pytest.raises(RecordError) as exc:
        sjson.from_dict(data)
    assert exc.value.field == "deal"


def test_missing_keys_and_unchecked_reading() -> None:
    for key in ("rules", "deal", "actions"):
        data = _valid()
        del data[key]
        with pytest.raises(RecordError) as exc:
            sjson.from_dict(data)
        assert exc.value.field == key
    data = _valid()
    del data["meta"]
    assert sjson.from_dict(data).meta == ()
    data["actions"] = ["CJ"]  # illegal in the auction: only check=False accepts it
    with pytest.raises(RecordError):
        sjson.from_dict(data)
    assert sjson.from_dict(data, check=False).actions_text() == "CJ"


def test_json_syntax_errors_give_the_line() -> None:
    with pytest.raises(RecordError) as exc:
        sjson.loads('{\n"format": "skatlib-record",\n oops}')
    assert exc.value.line == 3
    with pytest.raises(RecordError):
        sjson.loads(b"\xff\xfe")
    with pytest.raises(RecordError):
        sjson.loads("[1, 2]")
    with pytest.raises(RecordError):
        sjson.from_dict("text")  # type: ignore[arg-type]


def test_duplicate_meta_keys_cannot_be_written() -> None:
    game = attrs.evolve(iss.to_game_record(GAME_25), meta=(("a", "1"), ("a", "2")))
    with pytest.raises(RecordError) as exc:
        sjson.to_dict(game)
    assert exc.value.field == "meta"
    with pytest.raises(TypeError, match="record must be a GameRecord"):
        sjson.to_dict("x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text must be str, bytes or bytearray"):
        sjson.loads(5)  # type: ignore[arg-type]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(JSON_VALUES)
def test_fuzz_arbitrary_json_values(value: Any) -> None:
    with contextlib.suppress(RecordError):
        sjson.from_dict(value)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(["format", "version", "rules", "deal", "actions", "meta"]),
       value=JSON_VALUES, data=st.data())
def test_fuzz_one_broken_part(key: str, value: Any, data: st.DataObject) -> None:
    doc = _valid()
    inner = doc[key]
    if isinstance(inner, dict) and inner and data.draw(st.booleans()):
        inner[data.draw(st.sampled_from(sorted(inner)))] = value
    elif isinstance(inner, list) and inner and data.draw(st.booleans()):
        inner[data.draw(st.integers(0, len(inner) - 1))] = value
    else:
        doc[key] = value
    try:
        rec = sjson.from_dict(doc)
    except RecordError:
        return
    assert isinstance(rec, GameRecord)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_fuzz_arbitrary_text(text: str) -> None:
    with contextlib.suppress(RecordError):
        sjson.loads(text)


ANY_TEXT = st.text(st.characters(blacklist_categories=()), max_size=30)


@given(st.dictionaries(ANY_TEXT, ANY_TEXT, max_size=5), ANY_TEXT)
def test_json_writer_round_trips_adversarial_meta_and_names(meta: dict[str, str],
                                                             name: str) -> None:
    """Every record ``dumps`` writes encodes as UTF-8 and reads back equal (lone
    surrogates are escaped as ``\\uXXXX``)."""
    game = attrs.evolve(iss.to_game_record(GAME_25), meta=tuple(meta.items()))
    game = attrs.evolve(game, rules=attrs.evolve(game.rules, name=name))
    text = sjson.dumps(game)
    text.encode("utf-8")  # never raises
    assert sjson.loads(text) == game
    assert sjson.loads(text.encode("utf-8")) == game


def test_json_text_is_bounded() -> None:
    with pytest.raises(RecordError) as exc:
        sjson.loads(" " * (sjson.MAX_TEXT_LENGTH + 1))
    assert exc.value.reason == Reason.TOO_LONG
    game = attrs.evolve(iss.to_game_record(GAME_25), meta=(("x", "y" * sjson.MAX_TEXT_LENGTH),))
    with pytest.raises(RecordError) as exc:
        sjson.dumps(game)
    assert exc.value.reason == Reason.TOO_LONG
