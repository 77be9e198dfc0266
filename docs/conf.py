"""Sphinx configuration for the skatlib documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``;
warnings are errors in CI.  No extension here needs the network.
"""

from __future__ import annotations

import sys
from pathlib import Path

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
    "sphinx.ext.viewcode",
    "myst_parser",
]
# No intersphinx: CI builds without network access, and a missing inventory
# would be a warning (and warnings are errors).

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"show-inheritance": True}

html_theme = "furo"
html_title = f"skatlib {release}"
html_static_path: list[str] = []
