"""tools/check_release.py: the CHANGELOG rules of a release, with and without --ci."""

from __future__ import annotations

from types import ModuleType

import pytest

from scripts import load_script


@pytest.fixture(scope="module")
def release() -> ModuleType:
    return load_script("tools/check_release.py", "skatlib_check_release")


HEAD = "# Changelog\n\nIntro.\n\n"
RELEASED = HEAD + "## [Unreleased]\n\n## [0.2.0] - 2027-01-05\n\n- x\n\n## [0.1.0] - 2026-12-01\n"
PENDING = HEAD + "## [Unreleased]\n\n### Added\n\n- y\n\n## [0.1.0] - 2026-12-01\n\n- x\n"
NOTHING = HEAD + "## [Unreleased]\n\n- everything so far\n"


@pytest.mark.parametrize(("text", "version", "ci", "failed"), [
    (RELEASED, "0.2.0", False, False),       # a release: heading, empty [Unreleased]
    (RELEASED, "0.2.0", True, False),
    (PENDING, "0.1.0", False, True),         # entries left under [Unreleased]
    (PENDING, "0.1.0", True, False),         # fine in CI
    (PENDING, "0.2.0", False, True),         # 0.2.0 has no heading yet
    (PENDING, "0.2.0", True, False),         # ... but is being prepared
    (NOTHING, "0.1.0", True, False),         # nothing released yet
    (NOTHING, "0.1.0", False, True),
    (RELEASED, "0.1.0", True, True),         # a heading newer than the package
    (HEAD + "## [0.1.0] - 2026-12-01\n", "0.1.0", True, True),  # no [Unreleased]
    (HEAD + "## [Unreleased]\n\n## [0.1.0]\n", "0.1.0", True, True),  # no date
    (HEAD + "## [Unreleased]\n\n## [0.1.0] - 2026-12-01\n\n## [0.2.0] - 2027-01-05\n",
     "0.2.0", True, True),                   # not newest first
])
def test_changelog_rules(release: ModuleType, text: str, version: str, ci: bool,
                         failed: bool) -> None:
    report = release.Report()
    release.check_changelog(text, version, report, ci=ci)
    assert bool(report.failed) is failed, report.failed


def test_the_package_version_is_read_without_importing(release: ModuleType) -> None:
    import skatlib

    assert release.package_version() == skatlib.__version__


def test_this_changelog_passes_in_ci_mode(release: ModuleType) -> None:
    report = release.Report()
    text = (release.ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    release.check_changelog(text, release.package_version(), report, ci=True)
    assert not report.failed
