"""CI-size check that streaming an ISS archive keeps memory flat.

The full measurement (1,000,000 records) is ``benchmarks/iss_memory.py``; here
20,000 lines (200 distinct bot games, each line with its own ID) are streamed
with ``read_records`` and 1,200 with ``scan`` (replay and verify), and neither
the resident set size nor (for a shorter stretch) the memory Python allocates
may grow with the number of records.
"""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from scripts import load_script
from skatlib.formats import iss

bench = load_script("benchmarks/iss_memory.py", "skatlib_benchmarks_iss_memory")
MIB = 1024


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("iss") / "archive.sgf"
    bench.write_archive(path, 20_000, 200, 5)
    return path


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
def test_read_records_rss_stays_flat(archive: Path) -> None:
    m = bench.stream(archive, "read", every=1000, warmup=2000)
    assert m.records == m.ok == 20_000
    # measured: +0.8 MiB over 20,000 records, levelling off (+3.4 MiB over 200,000)
    assert m.growth_kb < 6 * MIB, bench.report(m)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
def test_scan_rss_stays_flat(tmp_path: Path) -> None:
    path = tmp_path / "small.sgf"
    bench.write_archive(path, 1_200, 100, 6)
    m = bench.stream(path, "scan", every=100, warmup=300)
    assert m.records == m.ok == 1_200
    assert m.growth_kb < 6 * MIB, bench.report(m)


def test_python_allocations_do_not_grow(archive: Path) -> None:
    """What Python itself holds is the same after 500 and after 2,000 records."""
    tracemalloc.start()
    try:
        records = iss.read_records(archive)
        for _, _rec in zip(range(500), records):
            pass
        gc.collect()
        after_500 = tracemalloc.get_traced_memory()[0]
        for _, _rec in zip(range(1500), records):
            pass
        gc.collect()
        after_2000 = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after_2000 - after_500 < 64 * 1024, (after_500, after_2000)


def test_archive_lines_are_distinct_and_valid() -> None:
    lines = list(bench.archive_lines(30, 7, 3))
    assert len(set(lines)) == 30
    assert [iss.loads(x).id for x in lines] == [str(i) for i in range(1, 31)]
    assert all(iss.check(x).ok for x in lines[:7])
