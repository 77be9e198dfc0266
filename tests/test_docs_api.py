"""The API reference documents every public module, one topic page per file in docs/api/."""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
import re
from pathlib import Path

import skatlib

API = Path(__file__).resolve().parents[1] / "docs" / "api"
AUTOMODULE = re.compile(r"^\.\. automodule:: (\S+)", re.MULTILINE)


def public_modules() -> list[str]:
    """skatlib's modules a user imports: not private, not a deprecated alias, not one
    command of the ``skat`` tool (those are documented by ``skat --help``)."""
    names = []
    for info in pkgutil.walk_packages(skatlib.__path__, "skatlib."):
        parts = info.name.split(".")
        if any(p.startswith("_") for p in parts) or info.name.startswith("skatlib.cli."):
            continue
        spec = importlib.util.find_spec(info.name)
        assert spec is not None and spec.origin is not None
        # read, not imported: importing a deprecated alias would rebind its name
        doc = ast.get_docstring(ast.parse(Path(spec.origin).read_text(encoding="utf-8")))
        if (doc or "").startswith("Deprecated alias"):
            continue
        names.append(info.name)
    return names


def documented_modules() -> set[str]:
    return {name for page in API.glob("*.rst")
            for name in AUTOMODULE.findall(page.read_text(encoding="utf-8"))}


def test_every_public_module_has_a_place_in_the_api_reference() -> None:
    missing = sorted(set(public_modules()) - documented_modules())
    hint = "add a page docs/api/<topic>.rst with '.. automodule:: NAME' and ':members:'"
    assert not missing, f"modules without an API page: {missing} ({hint})"


def test_the_api_reference_documents_no_module_that_is_gone() -> None:
    assert documented_modules() - {"skatlib"} <= set(public_modules())


def test_public_modules_include_the_subpackages() -> None:
    assert {"skatlib.bots", "skatlib.search", "skatlib.formats", "skatlib.state",
            "skatlib.search.solver", "skatlib.bots.pimc"} <= set(public_modules())
