"""Sphinx configuration for the skatlib documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``;
warnings are errors in CI, and ``nitpicky`` makes every cross-reference that
does not resolve a warning.  No extension here needs the network.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import typing
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext.autosummary import Autosummary

# Use the package from src/ when it is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import skatlib

project = "skatlib"
author = "skatlib developers"
copyright = "2026, skatlib developers"
version = skatlib.__version__
release = skatlib.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
    "myst_parser",
]
# No intersphinx: CI builds without network access, and a missing inventory
# would be a warning (and warnings are errors).  References to the standard
# library and to third-party packages therefore cannot resolve; they are the
# only ones ignored below.  Every reference to skatlib's own names must resolve.

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"show-inheritance": True}
autosummary_generate = False  # the summary tables link to the topic pages; no stub files

nitpicky = True
_STDLIB = (
    "abc", "argparse", "collections", "concurrent", "contextlib", "dataclasses", "enum",
    "functools", "io", "itertools", "json", "multiprocessing", "operator", "os", "pathlib",
    "random", "re", "types", "typing", "typing_extensions", "weakref", "decimal", "gettext",
    "csv", "locale", "signal", "sys", "shutil", "subprocess", "textwrap", "fractions", "shlex",
)
_THIRD_PARTY = ("attrs", "attr", "dask", "distributed", "ray", "numpy", "np", "pyspiel",
                "open_spiel", "pettingzoo", "gymnasium", "rlcard", "matplotlib")
# the learning frameworks of skatlib.contrib are extras, absent from the docs build
autodoc_mock_imports = ["pettingzoo", "gymnasium", "rlcard", "pyspiel", "open_spiel", "numpy"]
nitpick_ignore_regex = [
    (r"py:.*", rf"({'|'.join(_STDLIB + _THIRD_PARTY)})(\..*)?"),
    # dask's client, named in the simulation docs without its package
    (r"py:.*", r"Client(\..*)?"),
    # a typing.Literal alias in signatures (documented as skatlib.encoding.Scoring;
    # Sphinx links no Literal alias)
    (r"py:class", r"(E\.|skatlib\.encoding\.)?Scoring"),
]

html_theme = "furo"
html_title = f"skatlib {release}"
html_static_path: list[str] = []


def _canonical_name(name: str) -> tuple[str, object] | None:
    """The name under which the object that the dotted ``name`` means is defined
    (``skatlib.Card`` -> ``skatlib.cards.Card``), and the object; ``None`` if
    ``name`` imports nothing.  Data, attributes and fields are named after their
    owner (``skatlib.GameResult.declarer`` -> ``skatlib.scoring.GameResult.declarer``).
    """
    parts = name.split(".")
    try:
        obj: Any = importlib.import_module(parts[0])
    except ImportError:
        return None
    home, tail = obj.__name__, []
    for i, attr in enumerate(parts[1:], 1):
        try:  # an attribute first: ``skatlib.simulate`` is the function, not the old module
            obj = getattr(obj, attr)
        except AttributeError:
            try:
                if not isinstance(obj, ModuleType):
                    raise ImportError(attr) from None
                obj = importlib.import_module(f"{obj.__name__}.{attr}")
            except ImportError:  # an instance attribute: documented on its class, if at all
                return ".".join([home, *tail, *parts[i:]]), None
        if isinstance(obj, ModuleType):
            home, tail = obj.__name__, []
        elif inspect.isclass(obj) or inspect.isroutine(obj):
            home, tail = f"{obj.__module__}.{obj.__qualname__}", []
        else:  # data, an attribute, a field, a type alias: named after its owner
            tail.append(attr)
    return ".".join([home, *tail]), obj


def _public(name: str) -> str:
    """``skatlib.state._machine.apply`` -> ``skatlib.state.apply``: where a package
    re-exports what its private modules define."""
    return ".".join(part for part in name.split(".") if not part.startswith("_"))


def _exported_as(name: str, value: object) -> list[str]:
    """Public modules of skatlib whose ``__all__`` exports ``value`` as ``name``."""
    return [f"{module_name}.{name}" for module_name, module in sorted(sys.modules.items())
            if module_name.startswith("skatlib") and module is not None
            and not any(p.startswith("_") for p in module_name.split("."))
            and name in getattr(module, "__all__", ())
            and getattr(module, name, None) is value]


def _candidates(target: str, node: nodes.Element) -> list[str]:
    """Every documented spelling that ``target`` may mean, most specific first.

    skatlib's public names are importable from several places (``skatlib.Card``
    is ``skatlib.cards.Card``; ``skatlib.apply`` is ``skatlib.state.apply``), and
    the topic pages document each once.  A reference to another importable
    spelling -- or a bare name relative to the current module or class -- is
    resolved to that one.  A name that imports nothing stays unresolved.
    """
    module, cls = node.get("py:module"), node.get("py:class")
    names = [target]
    if module and not target.startswith("skatlib"):
        names = [f"{module}.{target}", *names]
        if cls:
            names = [f"{module}.{cls}.{target}", *names]
    out: list[str] = []
    for name in names:
        if not name.startswith("skatlib"):
            continue
        found = _canonical_name(name)
        if found is None:
            continue
        canonical, obj = found
        out += [canonical, _public(canonical)]
        last = name.rsplit(".", 1)[-1]
        if isinstance(obj, ModuleType) and node.get("reftype") != "mod":
            # ``skatlib.simulate`` the function, after the deprecated module of that
            # name was imported and took its place
            member = _canonical_name(f"{obj.__name__}.{last}")
            if member is not None:
                out += [member[0], _public(member[0])]
        elif obj is not None:
            out += _exported_as(last, obj)
    return out


def _resolve(app: Sphinx, env: BuildEnvironment, node: nodes.Element,
             contnode: nodes.Element) -> nodes.Element | None:
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    candidates = _candidates(target, node)
    first = _canonical_name(candidates[0]) if candidates else None
    if first is not None and isinstance(first[1], typing.TypeVar):
        return contnode  # a type variable in a signature has no page of its own
    domain = env.get_domain("py")
    for name in candidates:
        if name != target:
            found = domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"],
                                        name, node, contnode)
            if found is not None:
                return found
    return None


class AllSummary(Autosummary):
    """``.. skatlib-all-summary::``: an autosummary table of ``skatlib.__all__``,
    read from the package, so that it never drifts from the code."""

    required_arguments = 0

    def run(self) -> list[nodes.Node]:
        # bare names: the directive stands after ``.. automodule:: skatlib``
        self.content = [name for name in skatlib.__all__
                        if name != "__version__"]  # type: ignore[assignment]
        self.options["nosignatures"] = True
        return super().run()


def _public_bases(app: Sphinx, name: str, obj: object, options: object,
                  bases: list[type]) -> None:
    """Show a class's public bases: a private base of skatlib's (``actions._NoFields``,
    the one attrs class under the actions without fields) gives way to its own bases."""
    i = 0
    while i < len(bases):
        base = bases[i]
        if base.__module__.startswith("skatlib") and base.__name__.startswith("_"):
            bases[i:i + 1] = list(base.__bases__)
        else:
            i += 1


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", _resolve)
    app.connect("autodoc-process-bases", _public_bases)
    app.add_directive("skatlib-all-summary", AllSummary)
    return {"parallel_read_safe": True}
