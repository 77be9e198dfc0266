"""``skat dataset`` and the example files of :mod:`skatlib.encoding` (written, read back)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatlib import Deal, GameRecord, SkatError
from skatlib import encoding as E
from skatlib.cli import main
from skatlib.formats.iss import read_records, to_game_record

ROOT = Path(__file__).resolve().parents[1]
ISS_FILE = ROOT / "tests" / "data" / "iss" / "iss_records.sgf"


def expected() -> list[E.Example]:
    return list(E.examples_from_records(to_game_record(r) for r in read_records(ISS_FILE)))


def test_skat_dataset_writes_json_lines_that_read_back(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "iss.jsonl"
    assert main(["dataset", str(ISS_FILE), "--out", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    want = expected()
    assert f"46 games in 1 file (0 left out): {len(want)} examples written" in text
    assert list(E.load_examples(out)) == want


def test_skat_dataset_writes_npz(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    np = pytest.importorskip("numpy", reason="numpy is not installed: no .npz")
    out = tmp_path / "iss.npz"
    assert main(["dataset", str(ISS_FILE), "--out", str(out), "--seats", "0", "--limit", "10"]
                ) == 0
    want = list(E.examples_from_records(
        [to_game_record(r) for r in read_records(ISS_FILE)][:10], seats=[0]))
    got = list(E.load_examples(out))
    assert [(e.action, e.seat, e.mask) for e in got] == [(e.action, e.seat, e.mask) for e in want]
    for g, w in zip(got, want):
        assert g.tensor == np.asarray(w.tensor, dtype=np.float32).tolist()
    with np.load(out) as data:
        assert data["tensors"].shape == (len(want), E.INFORMATION_STATE_SIZE)
        assert int(data["encoding_version"]) == E.ENCODING_VERSION


def test_skat_dataset_leaves_out_bad_lines(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    good = ISS_FILE.read_text(encoding="utf-8").splitlines()[0]
    archive = tmp_path / "mixed.sgf"
    archive.write_text(f"{good}\n(;GM[Skat]MV[w CJ.SJ ]R[passed] ;)\nnot a record\n",
                       encoding="utf-8")
    out = tmp_path / "x.jsonl"
    assert main(["dataset", str(archive), "--out", str(out)]) == 0
    assert "3 games in 1 file (2 left out)" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["--seats", "3"], ["--seats", "a"], ["--limit", "-1"]])
def test_skat_dataset_bad_arguments(tmp_path: Path, args: list[str],
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dataset", str(ISS_FILE), "--out", str(tmp_path / "x.jsonl"), *args]) == 2
    assert capsys.readouterr().err.startswith("skat: error:")


def test_skat_dataset_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dataset", str(tmp_path / "nope.sgf"), "--out", str(tmp_path / "x.jsonl")]) == 2
    assert "nope.sgf" in capsys.readouterr().err


def test_load_examples_refuses_other_files(tmp_path: Path) -> None:
    other = tmp_path / "other.jsonl"
    other.write_text('{"encoding_version": 0}\n', encoding="utf-8")
    with pytest.raises(SkatError, match="version 0"):
        list(E.load_examples(other))
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n", encoding="utf-8")
    with pytest.raises(SkatError, match="not a file of examples"):
        list(E.load_examples(junk))
    with pytest.raises(SkatError, match="format"):
        E.save_examples([], tmp_path / "x", format="csv")  # type: ignore[arg-type]
    ex = list(E.examples_from_records([GameRecord.from_text(Deal.shuffled(2), "p p p")]))
    assert E.save_examples(ex, tmp_path / "y.data", format="jsonl") == 3


def test_examples_paths_are_checked_before_they_are_opened(tmp_path: Path) -> None:
    """A path with a NUL character let open()'s bare ``ValueError`` escape from
    ``save_examples``/``load_examples``; a path of another type a bare ``TypeError``."""
    from skatlib import Reason

    for call in (lambda p: E.save_examples([], p), lambda p: list(E.load_examples(p))):
        for name in ("a\x00.jsonl", str(tmp_path / "b\x00.npz"), "\ud800.jsonl"):
            with pytest.raises(SkatError, match="cannot be a file name") as info:
                call(name)
            assert info.value.reason is Reason.BAD_PATH
        with pytest.raises(TypeError, match=r"^path must be a path"):
            call(3)
    assert list(tmp_path.iterdir()) == []
