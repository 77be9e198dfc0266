"""Small text helpers shared by explanations and the command line (private)."""

from __future__ import annotations

from typing import TextIO


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
