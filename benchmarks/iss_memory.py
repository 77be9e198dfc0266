"""Resident memory while streaming a large ISS archive (issue 9: "flat").

Plays a few thousand bot games under the ``ISS`` rules, writes them with
:func:`skatlib.formats.iss.write_records`, repeats those lines (each with its own
``ID``) up to the requested number of records, then streams the file with
:func:`~skatlib.formats.iss.read_records` (parse only) and/or
:func:`~skatlib.formats.iss.scan` (parse, replay every move, verify ``R[...]``),
sampling the resident set size (``VmRSS`` from ``/proc/self/status``; the peak
from ``resource.getrusage``) at regular intervals.

    python benchmarks/iss_memory.py                          # 1,000,000 records, read
    python benchmarks/iss_memory.py --records 200000 --mode both --bz2
    python benchmarks/iss_memory.py --file big.sgf --mode scan   # an existing archive

The summary gives RSS after the warm-up (the first ``--warmup`` records, which
fill caches and import lazily), at the end and at its highest, and the growth
after the warm-up: "flat" means that growth does not scale with the records.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import re
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from skatlib import ISS, Deal, GameRecord, RandomBot, play_deal
from skatlib.formats import iss


def rss_kb() -> int:
    """Current resident set size in KiB (``VmRSS``; the peak where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return peak_rss_kb()


def peak_rss_kb() -> int:
    """Peak resident set size in KiB (``ru_maxrss``; bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak


def base_lines(unique: int, seed: int) -> list[str]:
    """``unique`` distinct RandomBot games as ISS lines (``ID[@]`` to be numbered)."""
    rng = random.Random(seed)
    out = []
    for _ in range(unique):
        bots = [RandomBot(rng.getrandbits(32), pass_rate=0.3) for _ in range(3)]
        rec, _ = play_deal(Deal.shuffled(rng.getrandbits(32)), bots, ISS)
        meta = (("PC", "skatlib memory benchmark"), ("SE", "1"), ("ID", "@"),
                ("P0", "bot0"), ("P1", "bot1"), ("P2", "bot2"))
        out.append(iss.dumps(GameRecord(rec.deal, rec.actions, ISS, meta)))
    return out


_ID = re.compile(r"ID\[@\]")


def archive_lines(records: int, unique: int, seed: int) -> Iterator[str]:
    """``records`` lines: the base games over and over, each with its own ID."""
    base = base_lines(unique, seed)
    for i in range(records):
        yield _ID.sub(f"ID[{i + 1}]", base[i % unique], count=1)


def write_archive(path: Path, records: int, unique: int, seed: int) -> None:
    if path.name.endswith(".bz2"):
        import bz2

        with bz2.open(path, "wt", encoding="utf-8") as fh:
            for line in archive_lines(records, unique, seed):
                fh.write(line + "\n")
    else:
        with open(path, "w", encoding="utf-8") as fh:
            for line in archive_lines(records, unique, seed):
                fh.write(line + "\n")


@dataclass
class Measurement:
    mode: str
    records: int = 0
    ok: int = 0
    seconds: float = 0.0
    samples: list[tuple[int, int]] = field(default_factory=list)
    """(records so far, RSS KiB)."""
    warmup_rss_kb: int = 0
    final_rss_kb: int = 0
    max_rss_kb: int = 0
    peak_rss_kb: int = 0
    cache_entries: int = 0
    """Entries in skatlib.state's module caches at the end (allowed contracts, legal
    actions): bounded caches, but they hold memory while they fill."""

    @property
    def growth_kb(self) -> int:
        """Highest RSS after the warm-up minus RSS at the end of the warm-up."""
        return self.max_rss_kb - self.warmup_rss_kb

    @property
    def rate(self) -> float:
        return self.records / self.seconds if self.seconds else 0.0


def stream(path: Path, mode: str, every: int, warmup: int,
           progress: bool = False) -> Measurement:
    """Stream ``path`` with ``read_records`` (mode ``read``) or ``scan`` (``scan``)."""
    m = Measurement(mode)
    start = time.perf_counter()
    items: Iterator[object] = iss.read_records(path) if mode == "read" else iss.scan(path)
    n = 0
    ok = 0
    for item in items:
        n += 1
        if mode == "read" or getattr(item, "ok", False):
            ok += 1
        if n == warmup:
            m.warmup_rss_kb = rss_kb()
        if n % every == 0:
            rss = rss_kb()
            m.samples.append((n, rss))
            if n > warmup:
                m.max_rss_kb = max(m.max_rss_kb, rss)
            if progress:
                print(f"  {mode}: {n:>9} records, RSS {rss / 1024:7.1f} MiB, "
                      f"{n / (time.perf_counter() - start):,.0f} records/s",
                      file=sys.stderr, flush=True)
    m.seconds = time.perf_counter() - start
    m.records, m.ok = n, ok
    m.final_rss_kb = rss_kb()
    if not m.warmup_rss_kb:
        m.warmup_rss_kb = m.samples[0][1] if m.samples else m.final_rss_kb
    m.max_rss_kb = max(m.max_rss_kb, m.final_rss_kb)
    m.peak_rss_kb = peak_rss_kb()
    m.cache_entries = cache_entries()
    return m


def cache_entries() -> int:
    """Entries in skatlib.state's private caches (0 if they are gone)."""
    import skatlib.state._core
    import skatlib.state._declaring
    import skatlib.state._playing

    total = 0
    for module, name in ((skatlib.state._declaring, "_ALLOWED_CACHE"),
                         (skatlib.state._declaring, "_DISCARD_CACHE"),
                         (skatlib.state._playing, "_PLAY_CACHE"),
                         (skatlib.state._core, "_TRICK_CACHE"),
                         (skatlib.state._core, "_TRICKS_CACHE")):
        cache = getattr(module, name, None)
        if isinstance(cache, dict):
            total += len(cache)
    return total


def report(m: Measurement) -> str:
    mib = 1024
    lines = [
        f"{m.mode}: {m.records:,} records ({m.ok:,} ok) in {m.seconds:.1f} s "
        f"({m.rate:,.0f} records/s)",
        f"  RSS after warm-up {m.warmup_rss_kb / mib:.1f} MiB, at the end "
        f"{m.final_rss_kb / mib:.1f} MiB, highest after warm-up {m.max_rss_kb / mib:.1f} MiB: "
        f"growth {m.growth_kb / mib:+.2f} MiB; process peak {m.peak_rss_kb / mib:.1f} MiB; "
        f"{m.cache_entries:,} entries in skatlib.state's caches",
    ]
    if m.samples:
        step = max(1, len(m.samples) // 10)
        shown = m.samples[::step] + ([m.samples[-1]] if len(m.samples) % step != 1 else [])
        lines.append("  samples (records: MiB): " + ", ".join(
            f"{n:,}: {kb / mib:.1f}" for n, kb in shown))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000_000, help="records (1000000)")
    parser.add_argument("--unique", type=int, default=3000, help="distinct bot games (3000)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the bot games in the archive (default %(default)s)")
    parser.add_argument("--mode", choices=("read", "scan", "both"), default="read",
                        help="read_records (parse), scan (parse+replay+verify), or both")
    parser.add_argument("--every", type=int, default=0,
                        help="sample RSS every N records (default: records / 100)")
    parser.add_argument("--warmup", type=int, default=0,
                        help="records before the baseline (default: records / 50)")
    parser.add_argument("--bz2", action="store_true", help="write the archive bzip2-compressed")
    parser.add_argument("--file", type=Path, help="stream this archive instead of writing one")
    parser.add_argument("--keep", type=Path, help="write the archive here and keep it")
    parser.add_argument("--json", type=Path, help="write the measurements as JSON here")
    parser.add_argument("--progress", action="store_true", help="a line per sample on stderr")
    args = parser.parse_args(argv)
    every = args.every or max(1, args.records // 100)
    warmup = args.warmup or max(1, args.records // 50)
    start_rss = rss_kb()
    with tempfile.TemporaryDirectory() as tmp:
        if args.file is not None:
            path = args.file
        else:
            path = args.keep or Path(tmp, "archive.sgf" + (".bz2" if args.bz2 else ""))
            t = time.perf_counter()
            # in a child process: playing the games fills skatlib's caches and grows
            # this process, which would hide what streaming costs
            method = "fork" if sys.platform == "linux" else "spawn"
            child = multiprocessing.get_context(method).Process(  # type: ignore[attr-defined]
                target=write_archive, args=(path, args.records, args.unique, args.seed))
            child.start()
            child.join()
            if child.exitcode:
                print(f"writing the archive failed (exit code {child.exitcode})",
                      file=sys.stderr)
                return 2
            print(f"archive: {args.records:,} records ({args.unique:,} distinct games), "
                  f"{path.stat().st_size / 1e6:,.1f} MB{' bzip2' if args.bz2 else ''}, "
                  f"written in {time.perf_counter() - t:.1f} s")
        print(f"RSS before streaming: {rss_kb() / 1024:.1f} MiB (at start "
              f"{start_rss / 1024:.1f} MiB)")
        results = []
        for mode in (("read", "scan") if args.mode == "both" else (args.mode,)):
            m = stream(path, mode, every, warmup, args.progress)
            results.append(m)
            print(report(m), flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps([dict(asdict(m), growth_kb=m.growth_kb, rate=m.rate)
                                         for m in results], indent=1), encoding="utf-8")
    return 0 if all(m.records for m in results) else 1


if __name__ == "__main__":
    sys.exit(main())
