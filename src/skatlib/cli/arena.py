"""``skat arena``: bots against each other over duplicate deals.

Runs :func:`skatlib.bots.arena.play_duplicate` for every deal and prints
:func:`~skatlib.bots.arena.summarise`: per bot the mean Seeger-Fabian points
per game with a 95% confidence interval (from the per-deal means, which are
independent), the first bot's margin over each other bot (paired per deal),
how often each bot declared and won, and the games per second.  The deals are
played as they come (at most a few per worker in flight), so memory does not
grow with ``--deals`` (at most :data:`~skatlib.bots.simulation.MAX_DEALS`).

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_arguments(p)
>>> args = p.parse_args(["--bots", "rule,random,random", "--deals", "3", "--seed", "1"])
>>> run(args)                                         # doctest: +ELLIPSIS
Arena: 3 duplicate deals x 3 rotations = 9 games (rules ..., seed 1)
...
0
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import math
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from .._text import write_line as _write
from ..bots import BOTS, bot_factory
from ..bots.arena import DealOutcome, Summary, play_duplicate, summarise
from ..bots.simulation import check_deals, run_chunks
from ..errors import Reason, SkatError
from ..rules import Rules, preset
from ._common import is_terminal

__all__ = ["add_arguments", "report", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``skat arena``."""
    parser.add_argument("--bots", default="pimc,random,random",
                        help=f"three bots, comma-separated: {', '.join(BOTS)}, "
                             "module:Class (a module importable from the current directory) "
                             "or cmd:COMMAND (a program speaking the bot protocol, e.g. "
                             "\"cmd:python3 examples/process_bot.py\"; no commas in it); "
                             "default: pimc,random,random")
    parser.add_argument("--deals", type=int, default=100,
                        help="duplicate deals; each is played once per seat rotation "
                             "(default 100)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed for the deals and the bots (same seed, same result)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes to play in parallel (default 1; results do not "
                             "depend on it)")
    parser.add_argument("--rules", default="isko",
                        help="rules preset: isko (official), pub, iss (default isko)")
    parser.add_argument("--json", action="store_true",
                        help="print the summary as one JSON object")
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="write each deal's outcome to FILE (JSON lines) as it is played; "
                             "if FILE exists from a run with the same bots, seed and rules, "
                             "played by the same skatlib code, the deals it holds are kept "
                             "and only the rest are played (resume); a progress line goes "
                             "to standard error every 30 s")


def _play_chunk(start: int, stop: int, specs: tuple[str, ...], seed: int, rules: Rules
                ) -> list[DealOutcome]:
    return [play_duplicate(specs, i, seed, rules) for i in range(start, stop)]


def report(summary: Summary, elapsed: float | None, out: TextIO, played: int | None = None
           ) -> None:
    """Print the arena table; ``played``: the games this run played (fewer than
    the summary's when it resumed), for the speed; ``elapsed=None``: no speed
    line (a summary of runs read back from files).

    >>> import sys
    >>> from skatlib.bots.arena import play_duplicate, summarise
    >>> from skatlib import ISKO
    >>> deals = [play_duplicate(("rule",) * 3, i, 1, ISKO) for i in range(2)]
    >>> report(summarise(("rule",) * 3, deals), None, sys.stdout)  # doctest: +ELLIPSIS
    bot          SF/game            95% CI  declared    won  win rate
    1:rule ...
    3:rule ...
    1:rule - 2:rule: ... per game, 95% CI [...] (...)
    1:rule - 3:rule: ... per game, 95% CI [...] (...)
    """
    s = summary
    w = out.write
    width = max(10, *(len(n) for n in s.names))
    w(f"{'bot':<{width}} {'SF/game':>9} {'95% CI':>17} {'declared':>9} {'won':>6} "
      f"{'win rate':>9}\n")
    for i, name in enumerate(s.names):
        lo, hi = s.mean[i] - s.ci[i], s.mean[i] + s.ci[i]
        rate = f"{100 * s.won[i] / s.declared[i]:.1f}%" if s.declared[i] else "-"
        w(f"{name:<{width}} {s.mean[i]:>+9.2f} {f'[{lo:+.2f}, {hi:+.2f}]':>17} "
          f"{s.declared[i]:>9} {s.won[i]:>6} {rate:>9}\n")
    for j, (m, c) in zip((1, 2), s.margin):
        verdict = "significant" if abs(m) > c else "not significant"
        w(f"{s.names[0]} - {s.names[j]}: {m:+.2f} per game, 95% CI "
          f"[{m - c:+.2f}, {m + c:+.2f}] ({verdict})\n")
    if elapsed is None:
        return
    games = s.games if played is None else played
    speed = games / elapsed if elapsed > 0 else math.inf
    w(f"{games} games in {elapsed:.1f} s: {speed:.2f} games/s "
      f"({3 * elapsed / max(1, games):.2f} s per duplicate deal)\n")


def _progress(done: int, total: int, started: float, err: TextIO) -> None:
    elapsed = time.monotonic() - started
    rate = 3 * done / elapsed if elapsed > 0 else 0.0
    eta = (total - done) * 3 / rate if rate > 0 else 0.0
    bar = "#" * (30 * done // total) + "-" * (30 - 30 * done // total)
    err.write(f"\r[{bar}] {done}/{total} deals, {rate:.1f} games/s, ETA {eta:.0f} s ")
    err.flush()


def _outcomes(specs: tuple[str, ...], todo: list[int], seed: int, rules: Rules, workers: int
              ) -> Iterator[DealOutcome]:
    jobs = ((i, i + 1, specs, seed, rules) for i in todo)
    for part in run_chunks(_play_chunk, jobs, workers=workers if workers > 1 else 0):
        yield from part


@functools.cache
def _source() -> str:
    """A fingerprint of the skatlib that plays: the SHA-256 (first 16 hex digits)
    of every ``.py`` file of the package, by path relative to it.  Any change to
    the package's code changes it, so a resumed run never mixes deals played by
    two versions of a bot (which may play differently even where the bot's own
    module did not change: its solver, its sampling, RuleBot...); worked out once."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _header(specs: tuple[str, ...], seed: int, rules: Rules) -> dict[str, object]:
    from .. import __version__

    return {"skat_arena": 2, "bots": list(specs), "seed": seed, "rules": rules.name,
            "skatlib": __version__, "source": _source()}


_RUN_KEYS = ("bots", "seed", "rules")
"""The header entries that make a run (the others name the code that played it)."""


def _resume(path: str, header: dict[str, object]) -> dict[int, DealOutcome]:
    """The outcomes already in ``path`` (a run's ``--out`` file), after checking
    that the run had the same bots, seed and rules; a last line cut off by a
    stopped run is dropped from the file."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return {}
    keep = data if data.endswith(b"\n") or not data else data[:data.rfind(b"\n") + 1]
    if len(keep) != len(data):
        with open(path, "r+b") as fh:
            fh.truncate(len(keep))
    lines = keep.decode("utf-8").splitlines()
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except ValueError:
        first = None
    if first != header:
        if (isinstance(first, dict) and first.get("skat_arena") == header["skat_arena"]
                and all(first.get(k) == header[k] for k in _RUN_KEYS)):
            raise SkatError(
                f"--out {path!r} holds this run played by another skatlib (version "
                f"{first.get('skatlib')!r}, source {first.get('source')!r}; this one is "
                f"{header['skatlib']!r}, source {header['source']!r}): its bots may play "
                "differently, so its deals are not resumed; give a new file",
                Reason.BAD_RECORD)
        raise SkatError(f"--out {path!r} holds another run ({lines[0][:160]!r}), not "
                        f"{json.dumps(header)}: give a new file or the same --bots, --seed "
                        "and --rules", Reason.BAD_RECORD)
    done: dict[int, DealOutcome] = {}
    for number, line in enumerate(lines[1:], 2):
        try:
            outcome = DealOutcome.from_dict(json.loads(line))
        except ValueError as exc:  # SkatError is a ValueError too
            raise SkatError(f"--out {path!r} line {number}: {exc}", Reason.BAD_RECORD) from None
        done[outcome.number] = outcome
    return done


def run(args: argparse.Namespace) -> int:
    """Run ``skat arena``."""
    out: TextIO = sys.stdout
    err: TextIO = sys.stderr
    specs = tuple(s.strip() for s in str(args.bots).split(",") if s.strip())
    if len(specs) != 3:
        raise SkatError(f"--bots needs three bots (one per seat), not {len(specs)}: "
                        f"{args.bots!r}", Reason.BAD_TABLE)
    n = check_deals(int(args.deals), "--deals")
    if n < 1:
        raise SkatError(f"--deals must be at least 1, not {n}", Reason.BAD_TABLE)
    workers = int(args.workers)
    if workers < 1:
        raise SkatError(f"--workers must be at least 1, not {workers}", Reason.BAD_TABLE)
    seed = int(args.seed)
    rules = preset(args.rules)
    for spec in specs:  # fail early on an unknown bot
        bot_factory(spec)
    as_json = bool(getattr(args, "json", False))
    path = getattr(args, "out", None)
    header = _header(specs, seed, rules)
    done = _resume(path, header) if path else {}
    kept = [done[i] for i in sorted(done) if i < n]
    todo = [i for i in range(n) if i not in done]
    if not as_json:
        out.write(f"Arena: {n} duplicate deals x 3 rotations = {3 * n} games "
                  f"(rules {rules.name}, seed {seed})\n")
        if kept:
            out.write(f"resuming {path}: {len(kept)} deals already played, {len(todo)} to go\n")
    show = is_terminal(err)
    started = time.monotonic()
    sink: TextIO | None = None
    if path:
        sink = open(path, "a", encoding="utf-8")  # noqa: SIM115  (closed below)
        if not done:
            sink.write(json.dumps(header) + "\n")
            sink.flush()

    def played() -> Iterator[DealOutcome]:
        yield from kept
        last = started
        for count, outcome in enumerate(_outcomes(specs, todo, seed, rules, workers), 1):
            if sink is not None:
                sink.write(json.dumps(outcome.to_dict()) + "\n")
                sink.flush()
            now = time.monotonic()
            if show:
                _progress(count, len(todo), started, err)
            elif sink is not None and (now - last >= 30 or count == len(todo)):
                last = now
                err.write(f"{len(kept) + count}/{n} deals, {3 * count / (now - started):.2f} "
                          f"games/s, ETA {(len(todo) - count) * (now - started) / count:.0f} s\n")
                err.flush()
            yield outcome

    try:
        summary = summarise(specs, played())
    finally:
        if sink is not None:
            sink.close()
    if show:
        err.write("\n")
    elapsed = time.monotonic() - started
    if as_json:
        doc = summary.to_dict()
        doc.update(rules=rules.name, seed=seed, workers=workers, elapsed_s=elapsed)
        _write(out, json.dumps(doc, allow_nan=False, default=str))
        return 0
    report(summary, elapsed, out, played=3 * len(todo))
    return 0
