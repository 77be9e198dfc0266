"""Ramsch scoring (D-17): the validation of ramsch_result's arguments."""

from __future__ import annotations

import pytest

from skatlib import InvalidScoreError, Reason, Rules, ramsch_result
from skatlib.ramsch import MAX_PUSHES

TIES = Rules(ramsch=True, ramsch_ties="last_trick")


def test_d17_pushes_are_0_to_3_passes_of_the_skat() -> None:
    base = ramsch_result((50, 40, 30), (4, 3, 3), last_trick=0)
    for pushes in range(MAX_PUSHES + 1):
        r = ramsch_result((50, 40, 30), (4, 3, 3), last_trick=0, pushes=pushes)
        assert r.scores[0] == base.scores[0] * 2 ** pushes
    for pushes in (-1, MAX_PUSHES + 1, 10**9):  # 10**9 ran 14 s computing 2 ** pushes
        with pytest.raises(InvalidScoreError) as exc:
            ramsch_result((50, 40, 30), (4, 3, 3), last_trick=0, pushes=pushes)
        assert exc.value.reason == Reason.PUSHES_OUT_OF_RANGE


@pytest.mark.parametrize("pushes", [1.0, 1.5, True, "1", None])
def test_ramsch_pushes_must_be_an_int(pushes: object) -> None:
    with pytest.raises(TypeError, match=r"^pushes must be an int"):
        ramsch_result((50, 40, 30), (4, 3, 3), last_trick=0, pushes=pushes)  # type: ignore[arg-type]


def test_ramsch_seats_refuse_bools_and_out_of_range() -> None:
    with pytest.raises(TypeError, match=r"^last_trick must be a Seat or an int"):
        ramsch_result((50, 40, 30), (4, 3, 3), last_trick=True)
    with pytest.raises(InvalidScoreError) as exc:
        ramsch_result((50, 40, 30), (4, 3, 3), last_trick=3)
    assert exc.value.reason == Reason.BAD_SEAT


def test_ramsch_points_and_tricks_are_three_ints() -> None:
    with pytest.raises(TypeError, match=r"^points must be"):
        ramsch_result("503", (4, 3, 3), last_trick=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^tricks must be"):
        ramsch_result((50, 40, 30), (4, 3, 3.0), last_trick=0)  # type: ignore[arg-type]
    with pytest.raises(InvalidScoreError):
        ramsch_result((50, 40, 30, 0), (4, 3, 3), last_trick=0)


def test_d17_last_trick_of_must_fit_the_tricks() -> None:
    ok = ramsch_result((60, 60, 0), (5, 4, 1), last_trick=2, rules=TIES, last_trick_of=(7, 9, 10))
    assert ok.losers == (1,)
    for bad in [(1,), (7, 9), (7, 9, 9), (7, 9, 11), (0, 9, 10), (7, 9, 0)]:
        with pytest.raises(InvalidScoreError) as exc:  # a short one was an IndexError
            ramsch_result((60, 60, 0), (5, 4, 1), last_trick=2, rules=TIES, last_trick_of=bad)
        assert exc.value.reason == Reason.INCONSISTENT_RESULT


def test_ramsch_accepts_index_ints() -> None:
    np = pytest.importorskip("numpy")
    r = ramsch_result(np.array([50, 40, 30]), np.array([4, 3, 3]), last_trick=np.int64(0),
                      pushes=np.int8(1))
    assert r.scores == (-100, 0, 0) and type(r.pushes) is int


def test_a_class_given_as_the_points_is_a_type_error() -> None:
    """CONTRIBUTING "Errors and types" (a sibling of ``Deal(str, 0)``, the API fuzzer)."""
    from skatlib.errors import ArgumentTypeError

    for cls in (str, list, tuple):
        with pytest.raises(ArgumentTypeError, match="points must be a sequence of 3 ints"):
            ramsch_result(cls, [4, 3, 3], last_trick=0)  # type: ignore[arg-type]
