"""Adapters for learning frameworks, each a thin layer over :mod:`skatlib.encoding`.

Each module needs its framework (an extra of the ``skatlib`` package):

* :mod:`skatlib.contrib.pettingzoo`: ``pip install "skatlib[pettingzoo]"``, an AEC
  environment;
* :mod:`skatlib.contrib.openspiel`: ``pip install "skatlib[openspiel]"``, importing it
  registers the game ``python_skatlib`` with ``pyspiel``;
* :mod:`skatlib.contrib.rlcard`: ``pip install "skatlib[rlcard]"``, importing it
  registers the environment ``skatlib`` with ``rlcard.make``.

Importing :mod:`skatlib.contrib` itself needs none of them.
"""

from __future__ import annotations

__all__: list[str] = []
