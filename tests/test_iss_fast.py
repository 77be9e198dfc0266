"""The fast paths of reading ISS records (issue 13): the one-match parse of a server
``R[...]``, the memo of the last result parsed, the ASCII scan for unwritable
characters and the table of declaration heads, each proven to give what the plain
code gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from skatlib import Contract, RecordError
from skatlib.formats import iss

DATA = Path(__file__).parent / "data" / "iss" / "iss_records.sgf"
LINES = [line for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]


def _plain(text: str) -> dict[str, str] | str:
    """The token-by-token parse (or its error message)."""
    try:
        return iss._parse_result_text(text, None)
    except RecordError as exc:
        return str(exc)


def _fast(text: str) -> dict[str, str] | str:
    iss._LAST_RESULT[0] = ("", {})  # no memo: the one-match path or the tokens
    try:
        return iss._parse_result(text, None)
    except RecordError as exc:
        return str(exc)


def _variants(rng: random.Random) -> list[str]:
    numbers = ["0", "5", "-1", "120", "-240", "999999", "-999999"] * 12 + [
        "-0", "+5", "007", "1000000", "x"]
    out = []
    for _ in range(3000):
        fields = [f"d:{rng.choice(numbers)}", rng.choice(["win", "loss", "penalty"] * 5
                                                         + ["passed", "outcome:1"]),
                  f"v:{rng.choice(numbers)}", f"m:{rng.choice(numbers)}",
                  rng.choice(["bidok", "overbid"] * 5 + ["bid:1"])]
        fields += [f"{k}:{rng.choice(numbers)}" for k in ("p", "t", "s", "z", "p0", "p1", "p2",
                                                         "l", "to", "r")]
        if rng.random() < 0.3:
            fields.pop(-1)
        if rng.random() < 0.1:
            fields.pop(rng.randrange(len(fields)))
        if rng.random() < 0.1:
            fields.insert(rng.randrange(len(fields)), rng.choice(fields))
        if rng.random() < 0.1:
            rng.shuffle(fields)
        sep = " " if rng.random() < 0.8 else rng.choice(["  ", "\t", " \n "])
        text = sep.join(fields)
        if rng.random() < 0.1:
            text = " " + text + " "
        out.append(text)
    return out


def test_server_results_parse_in_one_match_as_token_by_token() -> None:
    """Every R[...] of the 46 records and thousands of near misses (signs, leading zeros,
    missing, repeated and shuffled fields, other white space): the same fields, in the
    same order, or the same error."""
    texts = [iss.loads(line).result_text or "" for line in LINES] + _variants(random.Random(3))
    matched = 0
    for text in texts:
        fast, plain = _fast(text), _plain(text)
        assert fast == plain, text
        if isinstance(fast, dict):
            assert list(fast) == list(plain)
        matched += iss._SERVER_RESULT.fullmatch(text) is not None
    assert matched > 500


def test_result_memo_returns_a_fresh_equal_dict() -> None:
    """The memo of the last R[...] serves its second reader a copy: changing one parse
    never changes another."""
    text = "d:2 win v:48 m:-3 bidok p:70 t:6 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0"
    first = iss.parse_result(text)
    first["v"] = "changed"
    assert iss.parse_result(text)["v"] == "48"
    assert iss.parse_result(text) is not iss.parse_result(text)
    with pytest.raises(RecordError):
        iss.parse_result("d:2 win v:x")
    assert iss.parse_result(text)["v"] == "48"


@pytest.mark.parametrize("bad", ["\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85",
                                 "\u2028", "\u2029", "\ud800", "\udfff"])
def test_unwritable_characters_are_found_in_ascii_and_other_lines(bad: str) -> None:
    """The ASCII scan finds what the regular expression finds, with the same message,
    in an ASCII line and in one with other characters."""
    for extra in ("", "ä"):
        text = f"(;GM[Skat]PC[x{extra}]P0[a{bad}b]MV[w x ];)"
        with pytest.raises(RecordError) as caught:
            iss.loads(text)
        column = text.index(bad) + 1
        assert f"column {column} holds {bad!r}" in str(caught.value)
    assert iss.loads("(;GM[Skat]PC[ä\t]MV[w x ];)").get("PC") == "ä\t"


def test_declaration_heads_read_as_contract_parse_reads_them() -> None:
    """The table of declaration heads holds only what Contract.parse accepted, each the
    contract it gave."""
    for line in LINES:
        iss.verify(iss.loads(line))
    assert iss._CONTRACT_OF
    for head, contract in iss._CONTRACT_OF.items():
        assert Contract.parse(head) == contract
