"""Check that the tree is ready to be released, or (``--ci``) that it would be.

    python tools/check_release.py            # before tagging a release: every check
    python tools/check_release.py --ci       # in CI: the same, for work in progress

Checks, in order (each prints one line; the script exits 1 if any failed):

1. the version in ``src/skatlib/__init__.py`` has a ``## [X.Y.Z] - YYYY-MM-DD``
   heading in ``CHANGELOG.md``, newer than every other release heading, and
   ``## [Unreleased]`` above it is empty;
2. the git tree is clean (nothing uncommitted, nothing untracked);
3. the sdist and the wheel build (``python -m build``; ``--dist DIR`` checks
   those already built there instead) and ``twine check --strict`` passes;
4. the sdist holds every file git tracks, and the wheel every module of
   ``src/skatlib`` and ``py.typed``;
5. the tests pass from the sdist: it is unpacked, installed with its ``test``
   extra into a fresh virtual environment of ``--python`` (default: this
   interpreter) and ``python -m pytest`` runs in the unpacked folder.

``--ci`` relaxes what only a release needs: the version may still be the one
being prepared (no heading of its own yet, its entries under ``[Unreleased]``,
which may hold entries), and an unclean tree is reported but does not fail
(a developer's run of ``.ci/run`` checks work in progress).  ``--no-tests``
skips step 5.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\S+))?\s*$", re.MULTILINE)
VERSION = re.compile(r"^\d+\.\d+\.\d+$")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
NOT_IN_SDIST = {".gitignore"}
"""Tracked files an sdist need not carry."""


class Report:
    def __init__(self) -> None:
        self.failed: list[str] = []

    def ok(self, what: str) -> None:
        print(f"release: ok: {what}", flush=True)

    def note(self, what: str) -> None:
        print(f"release: note: {what}", flush=True)

    def fail(self, what: str) -> None:
        print(f"release: FAILED: {what}", flush=True)
        self.failed.append(what)


def package_version(root: Path = ROOT) -> str:
    """``__version__`` of ``src/skatlib/__init__.py``, read without importing it."""
    tree = ast.parse((root / "src" / "skatlib" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "__version__"
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    raise SystemExit("release: src/skatlib/__init__.py has no __version__ = '...'")


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def check_changelog(text: str, version: str, report: Report, *, ci: bool) -> None:
    """The CHANGELOG's headings against ``version`` (step 1)."""
    headings = [(m["version"], m["date"], m.start(), m.end()) for m in HEADING.finditer(text)]
    if not headings or headings[0][0] != "Unreleased":
        report.fail("CHANGELOG.md does not start its entries with '## [Unreleased]'")
        return
    releases = headings[1:]
    for name, date, _, _ in releases:
        if not VERSION.match(name) or not date or not DATE.match(date):
            report.fail(f"CHANGELOG.md heading [{name}] is not '## [X.Y.Z] - YYYY-MM-DD'")
            return
    keys = [_key(name) for name, *_ in releases]
    if keys != sorted(keys, reverse=True) or len(set(keys)) != len(keys):
        report.fail("CHANGELOG.md release headings are not newest first, each once")
        return
    end = releases[0][2] if releases else len(text)
    unreleased = text[headings[0][3]:end].strip()
    newest = releases[0][0] if releases else None
    if newest == version:
        report.ok(f"CHANGELOG.md has '## [{version}] - {releases[0][1]}'")
        if unreleased and not ci:
            report.fail("'## [Unreleased]' is not empty: move its entries under the "
                        f"[{version}] heading (or bump the version)")
        elif unreleased:
            report.note("'## [Unreleased]' has entries (fine in CI, not for a release)")
        else:
            report.ok("'## [Unreleased]' is empty")
    elif newest is not None and _key(newest) > _key(version):
        report.fail(f"CHANGELOG.md has [{newest}], newer than the package version {version}")
    elif ci:
        report.note(f"version {version} is being prepared: no heading yet, its entries "
                    "are under [Unreleased]")
    else:
        report.fail(f"CHANGELOG.md has no '## [{version}] - YYYY-MM-DD' heading")


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          check=True).stdout


def check_clean(report: Report, *, ci: bool) -> None:
    """Step 2."""
    try:
        status = git("status", "--porcelain", "--untracked-files=all")
    except (OSError, subprocess.CalledProcessError):
        (report.note if ci else report.fail)("not a git checkout: cannot check the tree")
        return
    if not status.strip():
        report.ok("the git tree is clean")
    elif ci:
        report.note(f"the git tree has {len(status.splitlines())} uncommitted change(s)")
    else:
        report.fail("the git tree is not clean:\n" + status.rstrip())


def run(cmd: Sequence[str | Path], log: Path, cwd: Path | None = None,
        env: dict[str, str] | None = None) -> bool:
    """Run ``cmd`` with its output in ``log``; on failure show the log's end."""
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run([str(c) for c in cmd], stdout=out, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, cwd=cwd, env=env)
    if done.returncode != 0:
        print(f"release: {' '.join(map(str, cmd))} failed (exit code {done.returncode}):")
        print("\n".join(log.read_text(encoding="utf-8").splitlines()[-40:]))
    return done.returncode == 0


def build(dist: Path, tmp: Path, report: Report) -> bool:
    """Step 3: sdist and wheel in ``dist`` (built there if it is empty), twine check."""
    if not any(dist.glob("*")):
        if not run([sys.executable, "-m", "build", "--outdir", dist, ROOT], tmp / "build.log"):
            report.fail("python -m build")
            return False
        report.ok("the sdist and the wheel build")
    files = sorted(dist.glob("*.tar.gz")) + sorted(dist.glob("*.whl"))
    if len(files) != 2:
        report.fail(f"expected one sdist and one wheel in {dist}, found {[f.name for f in files]}")
        return False
    if run([sys.executable, "-m", "twine", "check", "--strict", *files], tmp / "twine.log"):
        report.ok(f"twine check --strict {' '.join(f.name for f in files)}")
    else:
        report.fail("twine check --strict")
    return True


def check_contents(sdist: Path, wheel: Path, version: str, report: Report) -> None:
    """Step 4."""
    prefix = f"skatlib-{version}/"
    with tarfile.open(sdist) as tar:
        in_sdist = {name[len(prefix):] for name in tar.getnames() if name.startswith(prefix)}
    try:
        tracked = set(git("ls-files").splitlines()) - NOT_IN_SDIST
    except (OSError, subprocess.CalledProcessError):
        tracked = set()
        report.note("not a git checkout: the sdist is not compared with the tracked files")
    missing = sorted(name for name in tracked if name not in in_sdist
                     and (ROOT / name).exists())
    if tracked and missing:
        report.fail(f"the sdist leaves out {len(missing)} tracked file(s): {missing[:10]}"
                    " (see MANIFEST.in)")
    elif tracked:
        report.ok(f"the sdist holds all {len(tracked)} tracked files")
    if not sdist.name.startswith(f"skatlib-{version}.") or f"-{version}-" not in wheel.name:
        report.fail(f"the built files are not version {version}: {sdist.name}, {wheel.name}")
    modules = {p.relative_to(ROOT / "src").as_posix()
               for p in (ROOT / "src" / "skatlib").rglob("*.py")} | {"skatlib/py.typed"}
    with zipfile.ZipFile(wheel) as whl:
        lacking = sorted(modules - set(whl.namelist()))
    if lacking:
        report.fail(f"the wheel lacks {lacking[:10]}")
    else:
        report.ok(f"the wheel holds all {len(modules)} files of src/skatlib")


def test_sdist(sdist: Path, python: str, tmp: Path, report: Report) -> None:
    """Step 5: the tests from the unpacked sdist, in a fresh environment of ``python``."""
    with tarfile.open(sdist) as tar:
        if sys.version_info >= (3, 12):
            tar.extractall(tmp / "sdist", filter="data")
        else:
            tar.extractall(tmp / "sdist")  # our own build
    (source,) = (tmp / "sdist").iterdir()
    venv = tmp / "sdist-venv"
    vpy = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    if not (run([python, "-m", "venv", venv], tmp / "venv.log")
            and run([vpy, "-m", "pip", "install", "-q", "--upgrade", "pip"], tmp / "pip.log",
                    env=env)
            and run([vpy, "-m", "pip", "install", "-q", f"{sdist}[test]"], tmp / "pip.log",
                    env=env)):
        report.fail(f"installing the sdist with its test extra into a {python} environment")
        return
    version = subprocess.run([vpy, "-c", "import sys; print(sys.version.split()[0])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    print(f"release: running the tests from the unpacked sdist on Python {version}",
          flush=True)
    log = tmp / "pytest.log"
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run([vpy, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs"],
                              cwd=source, env=env, stdin=subprocess.DEVNULL, stdout=out,
                              stderr=subprocess.STDOUT)
    lines = log.read_text(encoding="utf-8").splitlines()
    summary = next((line.strip("= ") for line in reversed(lines)
                    if re.search(r"\d+ (passed|failed|error)", line)), "<no summary>")
    if done.returncode != 0:
        print("\n".join(lines[-60:]))
        report.fail(f"the tests from the sdist on Python {version}: {summary}")
    elif not re.search(r"[1-9]\d* passed", summary):
        report.fail(f"the tests from the sdist on Python {version} passed no test")
    else:
        for line in lines:
            if line.startswith("SKIPPED"):
                print(f"release:   {line}")
        report.ok(f"the tests from the sdist on Python {version}: {summary}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ci", action="store_true",
                        help="work in progress: [Unreleased] may have entries, the tree may "
                             "be unclean")
    parser.add_argument("--dist", type=Path,
                        help="check the sdist and wheel in this folder instead of building")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter to run the tests from the sdist with")
    parser.add_argument("--no-tests", action="store_true", help="skip the tests from the sdist")
    args = parser.parse_args(argv)

    report = Report()
    version = package_version()
    print(f"release: skatlib {version}{' (CI mode)' if args.ci else ''}", flush=True)
    check_changelog((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), version, report,
                    ci=args.ci)
    check_clean(report, ci=args.ci)
    with tempfile.TemporaryDirectory(prefix="skatlib-release-") as name:
        tmp = Path(name)
        dist = args.dist or tmp / "dist"
        dist.mkdir(parents=True, exist_ok=True)
        if build(dist, tmp, report):
            sdist, wheel = next(dist.glob("*.tar.gz")), next(dist.glob("*.whl"))
            check_contents(sdist, wheel, version, report)
            if args.no_tests:
                report.note("tests from the sdist skipped (--no-tests)")
            else:
                test_sdist(sdist, args.python, tmp, report)
    if report.failed:
        print(f"release: {len(report.failed)} check(s) failed", flush=True)
        return 1
    print(f"release: skatlib {version} {'would be' if args.ci else 'is'} ready to release")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
