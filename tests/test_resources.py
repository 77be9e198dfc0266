"""Resource bounds of the readers: hostile archives end in a RecordError naming the
limit, never in MemoryError, each run in a child process under ``RLIMIT_AS``."""

from __future__ import annotations

import bz2
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from skatlib.formats import iss

resource = pytest.importorskip("resource")
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or not os.path.exists(
    "/proc/self/status"), reason="RLIMIT_AS and /proc are Linux's")

ARCHIVE = Path(__file__).parent / "data" / "iss" / "iss_records.sgf"
HEADROOM = 160 << 20
"""Address space the child may add after importing skatlib (the 10 MB line used to
peak at 316 MiB)."""

CHILD = textwrap.dedent("""
    import resource, sys
    from skatlib import RecordError
    from skatlib.formats import iss

    def vm_size() -> int:
        for row in open("/proc/self/status"):
            if row.startswith("VmSize:"):
                return int(row.split()[1]) * 1024
        raise RuntimeError("no VmSize")

    limit = vm_size() + int(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    path, mode = sys.argv[1], sys.argv[3]
    try:
        if mode == "read":
            for _ in iss.read_records(path):
                pass
        else:
            for item in iss.scan(path):
                print("line", item.line, item.ok, item.error.reason.name if item.error else "")
    except RecordError as exc:
        print("RecordError", exc.reason.name, exc)
    except MemoryError:
        print("MemoryError")
""")


def _run(path: Path | str, mode: str) -> str:
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path), str(HEADROOM), mode],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _bomb(path: Path, megabytes: int) -> None:
    """A bzip2 file of a few hundred bytes that decompresses to ``megabytes`` of NULs."""
    packer = bz2.BZ2Compressor(9)
    with open(path, "wb") as fh:
        for _ in range(megabytes):
            fh.write(packer.compress(b"\0" * (1 << 20)))
        fh.write(packer.flush())


def test_bz2_bomb_is_a_too_long_record_error_not_memory_error(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.sgf.bz2"
    _bomb(bomb, 96)
    assert bomb.stat().st_size < 2000
    out = _run(bomb, "read")
    assert out.startswith("RecordError TOO_LONG") and "MAX_LINE_LENGTH" in out
    out = _run(bomb, "scan")  # scan reports the line, then gives up on the stream
    assert out.splitlines()[0] == "line 1 False TOO_LONG"
    assert out.splitlines()[-1].startswith("RecordError TOO_LONG")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_dev_zero_as_an_archive_ends_in_a_record_error() -> None:
    assert _run("/dev/zero", "read").startswith("RecordError TOO_LONG")
    assert _run("/dev/zero", "scan").splitlines()[-1].startswith("RecordError TOO_LONG")


def test_a_10_mb_record_line_is_refused_and_scan_goes_on(tmp_path: Path) -> None:
    good = ARCHIVE.read_text(encoding="utf-8").splitlines()[0]
    huge = good.replace("CO[]", "CO[" + "x" * (10 << 20) + "]")
    path = tmp_path / "huge.sgf"
    path.write_text(huge + "\n" + good + "\n", encoding="utf-8")
    out = _run(path, "read")
    assert out.startswith("RecordError TOO_LONG") and "line 1" in out
    assert _run(path, "scan").splitlines() == ["line 1 False TOO_LONG", "line 2 True "]


def test_the_line_limit_is_far_above_real_records() -> None:
    longest = max(len(t) for t in ARCHIVE.read_text(encoding="utf-8").splitlines())
    assert longest * 50 < iss.MAX_LINE_LENGTH


def test_a_10_mb_record_line_is_read_in_bounded_memory(tmp_path: Path) -> None:
    """The line used to be held whole and parsed (a peak of 316 MiB); now at most one
    chunk of ``4 * MAX_LINE_LENGTH`` bytes is."""
    import tracemalloc

    good = ARCHIVE.read_text(encoding="utf-8").splitlines()[0]
    path = tmp_path / "huge.sgf"
    path.write_text(good.replace("CO[]", "CO[" + "x" * (10 << 20) + "]") + "\n" + good + "\n",
                    encoding="utf-8")
    tracemalloc.start()
    try:
        items = list(iss.scan(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [item.ok for item in items] == [False, True] and peak < 8 << 20
