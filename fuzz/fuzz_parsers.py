"""Coverage-guided fuzzing of skatlib's parsers (atheris), with a pure-Python fallback.

Every target feeds the fuzzer's bytes to one parser and lets only skatlib's own
errors (:class:`~skatlib.SkatError`; :class:`~skatlib.RecordError` for the
record formats) pass; anything else is a crash.  Whatever parses must also
round-trip (text form -> parse -> the same value).

Targets: ``card``, ``cardset``, ``contract``, ``action``, ``deal``, ``iss``
(one record: loads, dumps, replay and verify), ``iss_result``, ``iss_stream``
(read_records and scan of a whole byte stream, plain/bz2/gzip), ``json``
(formats.json.loads with replay), ``cli`` (``skat`` with the input split into
arguments).

Usage (see fuzz/README.md)::

    python fuzz/fuzz_parsers.py corpus                 # (re)build fuzz/corpus/
    python fuzz/fuzz_parsers.py run iss --runs 100000  # one target (atheris if installed)
    python fuzz/fuzz_parsers.py all --runs 100000      # every target, one summary
    python fuzz/fuzz_parsers.py run card --engine python --runs 100000   # no atheris

Inputs that hit a bug listed in ``KNOWN`` (reported, not fixed yet) are counted,
not reported as crashes, unless ``--strict``.  Crashing inputs are saved
under ``fuzz/crashes/`` (atheris: ``crash-<sha1>`` in the working directory).
"""

from __future__ import annotations

import argparse
import bz2
import contextlib
import functools
import gzip
import hashlib
import io
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CORPUS = HERE / "corpus"
CRASHES = HERE / "crashes"
DICT = HERE / "skat.dict"
RECORDS_FILE = ROOT / "tests" / "data" / "iss" / "iss_records.sgf"

_ATHERIS: Any = None
if os.environ.get("SKATLIB_FUZZ_ENGINE", "") != "python":
    try:
        import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]

        _ATHERIS = atheris
    except ImportError:  # the pure-Python loop below still works
        _ATHERIS = None

if _ATHERIS is not None and os.environ.get("SKATLIB_FUZZ_CHILD"):
    with _ATHERIS.instrument_imports(include=["skatlib"]):
        import skatlib
        import skatlib.cli
        import skatlib.formats.iss
        import skatlib.formats.json
else:
    import skatlib
    import skatlib.cli
    import skatlib.formats.iss
    import skatlib.formats.json

from skatlib import (  # noqa: E402  (after the instrumented import above)
    ISS,
    Card,
    CardSet,
    Contract,
    Deal,
    GameRecord,
    RandomBot,
    RecordError,
    SkatError,
    parse_action,
    play_deal,
)

iss = skatlib.formats.iss
sj = skatlib.formats.json
cli_main = skatlib.cli.main
# ``main`` builds its argparse parser on every call (about 10 ms, mostly gettext
# look-ups); the parser holds no state between calls, so the harness builds it once.
skatlib.cli.build_parser = functools.lru_cache(maxsize=1)(skatlib.cli.build_parser)


class KnownBug(Exception):
    """An input that hits a bug already in the notes (counted, not a crash)."""


KNOWN: dict[str, Callable[[str, BaseException], bool]] = {}
"""Bugs already reported but not fixed yet: id -> test on (target, exception).
Inputs that hit one are counted, not reported as crashes (unless ``--strict``).
Empty now: H-1..H-4, H-10 and H-15, which these targets found, are fixed.  An entry looks like
``"H-2": lambda target, exc: isinstance(exc, zlib.error)``."""


def known_bug(target: str, exc: BaseException) -> str | None:
    """The id of a known bug that ``exc`` is, if any."""
    if isinstance(exc, KnownBug):
        return str(exc)
    for bug, test in KNOWN.items():
        if test(target, exc):
            return bug
    return None


# ----------------------------------------------------------------------------- targets


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def t_card(data: bytes) -> None:
    text = _text(data)
    try:
        card = Card.parse(text)
    except SkatError:
        return
    assert Card.parse(card.name) is card


def t_cardset(data: bytes) -> None:
    try:
        cards = CardSet.parse(_text(data))
    except SkatError:
        return
    assert CardSet.parse(str(cards)) == cards


def t_contract(data: bytes) -> None:
    try:
        contract = Contract.parse(_text(data))
    except SkatError:
        return
    assert Contract.parse(str(contract)) == contract


def t_action(data: bytes) -> None:
    try:
        action = parse_action(_text(data))
    except SkatError:
        return
    assert parse_action(str(action)) == action


def t_deal(data: bytes) -> None:
    try:
        deal = Deal.parse(_text(data))
    except SkatError:
        return
    assert Deal.parse(str(deal)) == deal


def t_iss(data: bytes) -> None:
    text = _text(data)
    try:
        rec = iss.loads(text, line=3)
    except RecordError as exc:
        assert exc.line == 3
        return
    assert iss.loads(iss.dumps(rec)) == rec
    try:
        ver = iss.check(rec)
    except RecordError:
        return
    assert ver.state.is_finished
    game = ver.game
    assert game.replay() == ver.state
    with contextlib.suppress(RecordError):
        iss.dumps(game)


_OUTCOMES = ("win", "loss", "penalty", "passed")


def t_iss_result(data: bytes) -> None:
    try:
        fields = iss.parse_result(_text(data))
    except RecordError:
        return
    # H-15 (fixed): the word fields must never be read from 'outcome:8' / 'bid:1'
    assert fields.get("outcome", "win") in _OUTCOMES, fields
    assert fields.get("bid", "bidok") in ("bidok", "overbid"), fields
    known = {k: v for k, v in fields.items() if k in iss.RESULT_FIELDS}
    if known:  # unknown ``key:number`` tokens are kept on reading but never written
        assert iss.parse_result(iss._format_fields(known)) == known


def t_iss_stream(data: bytes) -> None:
    with contextlib.suppress(RecordError):
        for _ in iss.read_records(io.BufferedReader(io.BytesIO(data))):
            pass
    with contextlib.suppress(RecordError):  # raised only when the stream cannot be read
        for item in iss.scan(io.BufferedReader(io.BytesIO(data))):
            assert item.error is None or isinstance(item.error, RecordError)


def t_json(data: bytes) -> None:
    try:
        rec = sj.loads(data)
    except RecordError:
        return
    assert sj.loads(sj.dumps(rec)) == rec


_SAFE_BOTS = ("random", "rule", "random,rule,random", "rule,rule", "nosuch:Bot",
              "builtins:int", "skatlib:Card", "skatlib.bots:RandomBot", "json:loads", ".x:y")
_FILES: list[str] = []


def _replay_files() -> list[str]:
    """A few files for ``skat replay`` (paths in the input are mapped onto these)."""
    if not _FILES:
        d = Path(tempfile.mkdtemp(prefix="skatlib-fuzz-"))
        lines = RECORDS_FILE.read_text(encoding="utf-8").splitlines()[:2]
        (d / "good.sgf").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (d / "bad.sgf").write_text("(;GM[Skat]MV[w x ] ;)\nnot a record\n", encoding="utf-8")
        (d / "good.sgf.bz2").write_bytes(bz2.compress("\n".join(lines).encode()))
        (d / "cut.sgf.gz").write_bytes(gzip.compress("\n".join(lines).encode())[:40])
        _FILES.extend([str(d / n) for n in ("good.sgf", "bad.sgf", "good.sgf.bz2",
                                             "cut.sgf.gz", "missing.sgf")] + [str(d)])
    return _FILES


_CAPPED = ("--deals", "--workers", "--bots")
"""Options whose values the CLI target keeps harmless (also when abbreviated)."""


def sanitize_argv(words: list[str]) -> list[str]:
    """Keep a random command line harmless and quick: small deal counts, no worker
    pools, only a fixed set of bots and files (``--bots`` imports modules, ``replay``
    reads any path)."""
    argv: list[str] = []
    for word in words:  # argparse accepts '--d 860' and '--deals=860' for '--deals 860'
        name, eq, value = word.partition("=")
        if name.startswith("--") and len(name) > 2:
            full = [o for o in _CAPPED if o.startswith(name)]
            if len(full) == 1:
                argv += [full[0], value] if eq else [full[0]]
                continue
        argv.append(word)
    files = _replay_files()
    if argv and argv[0] == "simulate":
        argv[1:1] = ["--deals", "1", "--workers", "0"]
    if argv and argv[0] == "play":
        argv[1:1] = ["--deals", "1"]
    out: list[str] = []
    for i, word in enumerate(argv):
        prev = argv[i - 1] if i else ""
        if prev in ("--deals", "--workers") and word.lstrip("+-").isdigit() \
                and not -5 <= int(word) <= 2:
            word = "2" if prev == "--deals" else "0"
        elif prev == "--bots":
            word = _SAFE_BOTS[sum(map(ord, word)) % len(_SAFE_BOTS)]
        elif i and argv[0] == "replay" and not word.startswith("-"):
            word = files[sum(map(ord, word)) % len(files)]
        out.append(word)
    return out


_DEVNULL: list[Any] = []


def t_cli(data: bytes) -> None:
    words = _text(data).replace("\x00", " ").split()
    argv = sanitize_argv(words)
    if not _DEVNULL:
        # a real file, not io.StringIO: atheris/libFuzzer may ask sys.stdout for its
        # fileno() while printing its status in the middle of a run
        _DEVNULL.append(open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    sink = _DEVNULL[0]
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        code = cli_main(argv)
    assert isinstance(code, int) and code in (0, 1, 2), (argv, code)


TARGETS: dict[str, Callable[[bytes], None]] = {
    "card": t_card, "cardset": t_cardset, "contract": t_contract, "action": t_action,
    "deal": t_deal, "iss": t_iss, "iss_result": t_iss_result, "iss_stream": t_iss_stream,
    "json": t_json, "cli": t_cli,
}
"""Name -> function of the input bytes."""


def guarded(target: str, strict: bool, counts: dict[str, int]) -> Callable[[bytes], None]:
    """The target, with known bugs counted instead of raised (unless ``strict``)."""
    f = TARGETS[target]

    def run(data: bytes) -> None:
        try:
            f(data)
        except Exception as exc:
            bug = None if strict else known_bug(target, exc)
            if bug is None:
                raise
            counts[bug] = counts.get(bug, 0) + 1
            if counts[bug] == 1:  # atheris ends the process from C: say it right away
                print(f"known bug {bug} hit", flush=True)

    return run


# ----------------------------------------------------------------------------- corpus

SAMPLE_TOKENS = (
    "CJ", "SJ", "HJ", "DJ", "CA", "ST", "HK", "DQ", "C9", "S8", "H7", "♣J", "♠10", "♥A", "♦7",
    "Kreuz Bube", "Eichel Unter", "Herz Ass", "jack of clubs", "ten of spades", "s10", "cj",
    "G", "GH", "GO", "GHS", "GHZ", "C", "CH", "CO", "S", "H", "D", "N", "NO", "NH", "NOH",
    "18", "20", "264", "y", "p", "s", "hand", "SC", "RE.0", "RF.1", "TI.2", "LE.0", "kontra",
    "re", "push", "push.C7.H8", "G.H7.HQ", "NO.HA.HQ",
)


def _bot_lines(n: int) -> list[str]:
    out = []
    for seed in range(n):
        rec, _ = play_deal(Deal.shuffled(seed), [RandomBot(seed * 3 + i) for i in range(3)], ISS)
        meta = (("PC", "fuzz"), ("ID", str(seed)), ("P0", "a"), ("P1", "b"), ("P2", "c"))
        out.append(iss.dumps(GameRecord(rec.deal, rec.actions, ISS, meta)))
    return out


def build_corpus(directory: Path = CORPUS) -> dict[str, int]:
    """Write the seed corpus: real ISS records, bot games, sample tokens."""
    real = [x for x in RECORDS_FILE.read_text(encoding="utf-8").splitlines() if x.strip()]
    bots = _bot_lines(12)
    seeds: dict[str, list[bytes]] = {name: [] for name in TARGETS}
    enc = [x.encode() for x in SAMPLE_TOKENS]
    seeds["card"] = [c.encode() for c in SAMPLE_TOKENS[:21]] + [
        Card(i).name.encode() for i in range(32)]
    seeds["cardset"] = [b"CJ SJ HA", b"C7 C8 C9", b""] + [
        str(h).encode() for i in range(8) for h in Deal.shuffled(i).hands]
    seeds["contract"] = [str(c).encode() for c in Contract.all()] + [b"NHO", b"GSH"]
    seeds["action"] = enc
    seeds["deal"] = [str(Deal.shuffled(i)).encode() for i in range(6)] + [
        Deal.shuffled(i).to_iss().encode() for i in range(6)]
    seeds["iss"] = [x.encode() for x in real + bots]
    results = [m.group(1) for m in (re.search(r"R\[([^]]*)\]", x) for x in real) if m]
    seeds["iss_result"] = [r.encode() for r in results]
    stream = "\n".join(real[:4]).encode()
    seeds["iss_stream"] = [stream, bz2.compress(stream), gzip.compress(stream),
                           "\n".join(bots[:3]).encode()]
    seeds["json"] = [sj.dumps(GameRecord.from_text(Deal.shuffled(i), "")).encode()
                     for i in range(1)] + [
        sj.dumps(iss.to_game_record(x)).encode() for x in real[:8] + bots[:4]]
    seeds["cli"] = [b"value CH --matadors 2 --bid 48 --points 58",
                    b"value G --cards CJ SJ HJ DJ CA CT CK CQ C9 C8 C7 SA --bid 18 --points 70",
                    b"value NO --bid 46 --tricks 0 --json", b"play --seed 3",
                    b"play --players 4 --rules pub --seed 2 --bots random", b"replay good",
                    b"replay bad --json", b"simulate --seed 1", b"--help", b"value --help"]
    counts = {}
    for name, items in seeds.items():
        d = directory / name
        if d.exists():
            shutil.rmtree(d)
        d.mkdir(parents=True)
        for item in items:
            (d / hashlib.sha1(item).hexdigest()[:16]).write_bytes(item)
        counts[name] = len(items)
    return counts


def load_corpus(target: str) -> list[bytes]:
    d = CORPUS / target
    if not d.is_dir() or not any(d.iterdir()):
        build_corpus()
    return [p.read_bytes() for p in sorted(d.iterdir()) if p.is_file()]


# ----------------------------------------------------------------------------- python loop

_DICT_TOKENS = [t.encode() for t in SAMPLE_TOKENS] + [
    b"(;", b";)", b"GM[Skat]", b"MV[", b"R[", b"]", b"\\]", b" w ", b" 0 ", b" 1 ", b" 2 ",
    b"passed", b"win", b"loss", b"bidok", b"overbid", b"v:", b"d:", b"{", b"}", b"[", b'"',
    b'"format"', b'"skatlib-record"', b'"version"', b'"actions"', b'"deal"', b'"rules"',
    b'"meta"', b"null", b"true", b"1e999", b"BZh", b"\x1f\x8b", b"\n", b"\r\n", b"\x00",
    b"--deals", b"--bid", b"--points", b"--matadors", b"--cards", b"--json", b"--bots",
]


def mutate(data: bytes, corpus: Sequence[bytes], rng: random.Random) -> bytes:
    """One to eight stacked byte-level mutations (libFuzzer's basic ones)."""
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        op = rng.randrange(8)
        n = len(b)
        i = rng.randint(0, n)
        if op == 0 and n:
            b[rng.randrange(n)] ^= 1 << rng.randrange(8)
        elif op == 1:
            b[i:i] = bytes([rng.randrange(256)])
        elif op == 2 and n:
            j = min(n, i + rng.randint(1, 16))
            del b[i:j]
        elif op == 3 and n:
            j = min(n, i + rng.randint(1, 32))
            b[i:i] = b[i:j]
        elif op == 4:
            b[i:i] = rng.choice(_DICT_TOKENS)
        elif op == 5 and n:
            tok = rng.choice(_DICT_TOKENS)
            b[i:i + len(tok)] = tok
        elif op == 6:
            other = rng.choice(corpus)
            k = rng.randint(0, len(other))
            b = b[:i] + bytearray(other[k:])
        elif op == 7 and n:
            b[rng.randrange(n)] = rng.choice(b"0123456789.- []CSHDJATKQ")
    return bytes(b[:4096])


def python_loop(target: str, runs: int, seed: int, strict: bool) -> dict[str, Any]:
    """Mutate the seed corpus ``runs`` times; return counts, time and crashes."""
    corpus = load_corpus(target)
    known: dict[str, int] = {}
    run = guarded(target, strict, known)
    rng = random.Random(seed)
    crashes: list[tuple[str, str]] = []
    start = time.perf_counter()
    for data in corpus:  # the seeds themselves first
        run(data)
    for i in range(runs):
        data = mutate(rng.choice(corpus), corpus, rng)
        try:
            run(data)
        except Exception as exc:  # a crash: save the input
            CRASHES.mkdir(exist_ok=True)
            name = f"{target}-{hashlib.sha1(data).hexdigest()[:16]}"
            (CRASHES / name).write_bytes(data)
            crashes.append((name, f"{type(exc).__name__}: {exc}"))
            if len(crashes) >= 20:
                runs = i + 1
                break
    spent = time.perf_counter() - start
    return {"target": target, "engine": "python", "runs": runs, "seconds": spent,
            "crashes": crashes, "known": known}


# ----------------------------------------------------------------------------- atheris


def atheris_child(target: str, args: list[str], strict: bool) -> None:
    """Runs inside the child process: hand over to libFuzzer (does not return)."""
    known: dict[str, int] = {}
    run = guarded(target, strict, known)
    if target == "cli":
        _replay_files()
    _ATHERIS.Setup([sys.argv[0], *args], run)
    _ATHERIS.Fuzz()


def atheris_run(target: str, runs: int, seed: int, strict: bool, max_len: int,
                work: Path) -> dict[str, Any]:
    """Fuzz ``target`` with atheris in a child process; parse libFuzzer's summary."""
    load_corpus(target)
    out_dir = work / target
    out_dir.mkdir(parents=True, exist_ok=True)
    args = [f"-runs={runs}", f"-seed={seed}", f"-max_len={max_len}", "-print_final_stats=1",
            f"-dict={DICT}", f"-artifact_prefix={CRASHES}/{target}-", str(out_dir),
            str(CORPUS / target)]
    CRASHES.mkdir(exist_ok=True)
    env = dict(os.environ, SKATLIB_FUZZ_CHILD="1")
    cmd = [sys.executable, str(Path(__file__).resolve()), "_child", target,
           *(["--strict"] if strict else []), "--", *args]
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, errors="replace")
    spent = time.perf_counter() - start
    log = proc.stdout + proc.stderr
    done = re.search(r"Done (\d+) runs in (\d+) second", log)
    cov = re.findall(r"cov: (\d+) ft: (\d+) corp: (\d+)", log)
    known = sorted(set(re.findall(r"known bug (H-\d+) hit", log)))
    crashes = [] if proc.returncode == 0 else [(f"exit {proc.returncode}", _crash_summary(log))]
    (work / f"{target}.log").write_text(log, encoding="utf-8")
    return {"target": target, "engine": "atheris", "runs": int(done.group(1)) if done else 0,
            "seconds": spent, "crashes": crashes, "known": known,
            "coverage": cov[-1] if cov else None}


def _crash_summary(log: str) -> str:
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if "Uncaught Python exception" in line:
            return " | ".join(lines[i:i + 12])
    return " | ".join(lines[-8:])


# ----------------------------------------------------------------------------- driver


def _report(r: dict[str, Any]) -> str:
    rate = r["runs"] / r["seconds"] if r["seconds"] else 0.0
    cov = f", cov/ft/corpus {'/'.join(r['coverage'])}" if r.get("coverage") else ""
    known = f", known bugs {r['known']}" if r["known"] else ""
    return (f"{r['target']:<11} {r['engine']:<8} {r['runs']:>9} inputs in {r['seconds']:7.1f} s "
            f"({rate:8.0f}/s), {len(r['crashes'])} crashes{known}{cov}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("corpus", help="build the seed corpus under fuzz/corpus/")
    for name in ("run", "all"):
        p = sub.add_parser(name, help="fuzz one target" if name == "run" else "every target")
        if name == "run":
            p.add_argument("target", choices=sorted(TARGETS))
        p.add_argument("--runs", type=int, default=100_000, help="inputs per target (100000)")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--engine", choices=("auto", "atheris", "python"), default="auto")
        p.add_argument("--max-len", type=int, default=4096)
        p.add_argument("--strict", action="store_true", help="known bugs are crashes too")
        p.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) /
                       "skatlib-fuzz", help="where atheris keeps the inputs it finds")
    child = sub.add_parser("_child")
    child.add_argument("target")
    child.add_argument("--strict", action="store_true")
    child.add_argument("rest", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.cmd == "corpus":
        for name, n in build_corpus().items():
            print(f"{name}: {n} seeds")
        return 0
    if args.cmd == "_child":
        rest = [a for a in args.rest if a != "--"]
        atheris_child(args.target, rest, args.strict)
        return 0
    engine = args.engine
    if engine == "auto":
        engine = "atheris" if _ATHERIS is not None else "python"
    if engine == "atheris" and _ATHERIS is None:
        print("atheris is not installed (pip install atheris); use --engine python",
              file=sys.stderr)
        return 2
    targets = sorted(TARGETS) if args.cmd == "all" else [args.target]
    failed = False
    for target in targets:
        if engine == "atheris":
            r = atheris_run(target, args.runs, args.seed, args.strict, args.max_len, args.work)
        else:
            r = python_loop(target, args.runs, args.seed, args.strict)
        print(_report(r), flush=True)
        for name, why in r["crashes"]:
            print(f"    CRASH {name}: {why}", flush=True)
        failed |= bool(r["crashes"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
