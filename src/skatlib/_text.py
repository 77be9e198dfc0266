"""Small text helpers shared by explanations and the command line (private)."""

from __future__ import annotations

import reprlib
from typing import Any, TextIO

from attrs import NOTHING as _NOTHING


def signed(n: int) -> str:
    """``+48``, ``−96`` (with a real minus sign) or ``0``."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def write_line(stream: TextIO, text: str) -> None:
    """Write a line, falling back to ASCII where the stream cannot show ``×``,
    ``−`` or the suit symbols."""
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        ascii_text = text.replace("−", "-").replace("×", "x")
        stream.write(ascii_text.encode("ascii", "replace").decode("ascii") + "\n")


@reprlib.recursive_repr()
def fields_repr(self: Any) -> str:
    """``Name(field=value, ...)``: the ``__repr__`` that attrs generates, for the attrs
    classes declared with ``repr=False, ...`` and ``__repr__ = fields_repr`` (attrs
    compiles a generated ``__repr__`` for each class at import, about a million
    instructions, issue 18).  The same text: the fields whose ``repr`` is not False, in
    order, each by ``repr`` or its own ``repr=`` callable; an instance met again inside
    itself shows as ``...``.  ``tests/test_lazy_imports_classes.py`` checks it against
    attrs."""
    parts = []
    for a in type(self).__attrs_attrs__:
        if a.repr is False:
            continue
        value = getattr(self, a.name) if a.init else getattr(self, a.name, _NOTHING)
        parts.append(f"{a.name}={repr(value) if a.repr is True else a.repr(value)}")
    return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({', '.join(parts)})"
