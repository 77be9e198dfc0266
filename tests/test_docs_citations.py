"""Every ruling (D-n) and rule section (R-n) cited anywhere resolves to docs/rulings.rst.

The rulings page is the only place a citation points to (see its introduction);
files outside the repository (the project's research notes) are never named.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from skatlib import Rules

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "docs" / "rulings.rst"

# D-7, R-15.4, R-10.3a (the letter is part of the item's text), "D-1..D-18".
CITATION = re.compile(r"(?<![\w-])([DR]-\d+(?:\.\d+)?)(?![\d])")
LABEL = re.compile(r"^\.\. _([DR]-\d+(?:\.\d+)?):$", re.MULTILINE)
# Paths of the project's research notes, which are not part of the repository.
OUTSIDE = re.compile(r"DECISIONS\.md|RULES\.md|STYLE\.md|LAYOUT\.md|shared/(rules|design)")


def cited_files() -> list[Path]:
    """The files whose citations must resolve: code, tests, docs, README, guides."""
    files = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md"]
    for folder, patterns in (("src", ("*.py",)), ("tests", ("*.py",)),
                             ("docs", ("*.rst", "*.md", "*.py")), ("examples", ("*.py",)),
                             ("benchmarks", ("*.py",))):
        for pattern in patterns:
            files += sorted((ROOT / folder).rglob(pattern))
    return [f for f in files if "_build" not in f.parts and f.is_file()]


def labels() -> set[str]:
    return set(LABEL.findall(RULINGS.read_text(encoding="utf-8")))


def citations() -> dict[str, list[str]]:
    """Each cited D-n/R-n with the places (``file:line``) that cite it."""
    found: dict[str, list[str]] = {}
    for path in cited_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for cite in CITATION.findall(line):
                found.setdefault(cite, []).append(f"{path.relative_to(ROOT)}:{number}")
    return found


def test_citation_pattern_reads_the_forms_used() -> None:
    text = "D-6, D-1..D-18, R-10.3a, (R-15.4), D-12/D-17; not H-37, UTF-8 or CARD-3"
    assert CITATION.findall(text) == ["D-6", "D-1", "D-18", "R-10.3", "R-15.4", "D-12",
                                      "D-17"]


def test_rulings_page_has_every_ruling_d1_to_d18() -> None:
    assert {f"D-{n}" for n in range(1, 19)} <= labels()


def test_every_cited_ruling_and_rule_section_has_an_anchor_on_the_rulings_page() -> None:
    found = citations()
    assert len(found) > 30, "the scan found too few citations: is the pattern broken?"
    missing = {cite: places[:3] for cite, places in found.items() if cite not in labels()}
    assert not missing, f"citations without an anchor in docs/rulings.rst: {missing}"


def test_rule_section_anchors_exist_for_each_section_heading() -> None:
    """R-5 (a whole section) resolves as well as R-5.2 (one item of it)."""
    have = labels()
    items = {label for label in have if label.startswith("R-") and "." in label}
    assert {label.split(".")[0] for label in items} <= have


@pytest.mark.parametrize("ruling", ["D-11", "D-16"])
def test_revised_rulings_say_so(ruling: str) -> None:
    text = RULINGS.read_text(encoding="utf-8")
    section = text.split(f".. _{ruling}:", 1)[1].split("\n.. _", 1)[0]
    assert "revised 2026-12" in section.lower()


def test_rulings_page_names_every_rules_option() -> None:
    """Each ``Rules`` option is tied to the ruling it changes."""
    text = RULINGS.read_text(encoding="utf-8")
    options = [f.name for f in attrs.fields(Rules) if f.name != "name"]
    missing = [name for name in options if f"Rules.{name}" not in text]
    assert not missing, f"Rules options the rulings page does not name: {missing}"


def test_every_rules_option_cites_a_ruling_or_rule_section_that_resolves() -> None:
    have = labels()
    for name, _, doc in Rules().describe():
        if name == "name":
            continue
        cited = CITATION.findall(doc)
        assert cited and set(cited) <= have, (name, doc)


def test_no_file_names_research_notes_outside_the_repository() -> None:
    hits = [f"{path.relative_to(ROOT)}:{number}"
            for path in cited_files()
            if path.name != "CHANGELOG.md"  # history may say what was removed
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if OUTSIDE.search(line) and path != Path(__file__).resolve()]
    assert not hits, f"paths outside the repository are named at {hits}"
