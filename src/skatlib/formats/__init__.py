"""Game-record formats: read and write records of whole deals.

* :mod:`skatlib.formats.iss`: the one-line records of the International Skat
  Server ("ISS SGF"): parse, stream whole archives, write, convert to and from
  :class:`~skatlib.GameRecord`, replay with every move checked and verify the
  server's result field ``R[...]``.
* :mod:`skatlib.formats.json`: a stable, documented JSON form of a
  :class:`~skatlib.GameRecord` (``"format": "skatlib-record"``, version 1).

The JSON module is named ``json`` inside this package; it never shadows the
standard library's :mod:`json` (imports are absolute), but ``from
skatlib.formats import *`` is not offered for that reason.

>>> from skatlib.formats import iss, json
>>> iss.__name__, json.__name__
('skatlib.formats.iss', 'skatlib.formats.json')
"""

from __future__ import annotations

from . import iss, json

__all__: list[str] = []

_ = (iss, json)
