"""Speed of replaying and verifying ISS records (``skatlib.formats.iss``).

Plays a synthetic archive of bot games (``RandomBot`` at every seat, ``ISS``
rules), writes it as ISS text (plain, or bzip2 with ``--bz2``), then reads it
back with :func:`skatlib.formats.iss.scan`: every line parsed, every move
checked, the result compared with ``R[...]``.  Prints records per second.

    python benchmarks/iss_replay.py                # 20000 games
    python benchmarks/iss_replay.py --games 2000 --bz2
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from skatlib import ISS, Deal, GameRecord, RandomBot, play_deal
from skatlib.formats import iss


def bot_games(n: int, seed: int) -> Iterator[GameRecord]:
    """``n`` reproducible bot games with an ISS-like header."""
    rng = random.Random(seed)
    for i in range(n):
        bots = [RandomBot(rng.getrandbits(32), pass_rate=0.3) for _ in range(3)]
        record, _ = play_deal(Deal.shuffled(rng.getrandbits(32)), bots, ISS)
        meta = (("PC", "skatlib benchmark"), ("SE", str(i // 36)), ("ID", str(i + 1)),
                ("P0", "bot0"), ("P1", "bot1"), ("P2", "bot2"))
        yield GameRecord(record.deal, record.actions, ISS, meta)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20_000, help="archive size (20000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--bz2", action="store_true", help="write the archive bzip2-compressed")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "archive.sgf" + (".bz2" if args.bz2 else ""))
        start = time.perf_counter()
        written = iss.write_records(bot_games(args.games, args.seed), path)
        made = time.perf_counter() - start
        start, cpu = time.perf_counter(), time.process_time()
        games = agree = 0
        for item in iss.scan(path):
            games += 1
            agree += item.ok
        spent, cpu = time.perf_counter() - start, time.process_time() - cpu
        size = path.stat().st_size
    print(f"archive: {written} bot games, {size / 1e6:.1f} MB{' (bzip2)' if args.bz2 else ''},"
          f" played and written in {made:.1f} s")
    print(f"replay+verify: {games} records in {spent:.2f} s ({cpu:.2f} s CPU), {agree} agree, "
          f"{games - agree} do not")
    print(f"{games / spent:.0f} records/s (wall clock); {games / cpu:.0f} records/s of CPU time")
    return 0 if agree == games == written else 1


if __name__ == "__main__":
    raise SystemExit(main())
