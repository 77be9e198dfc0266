"""Reading ``.po`` catalogues and writing the compiled ``.mo`` files that the
standard library's :mod:`gettext` loads (GNU ``.mo`` format, revision 0).

The German catalogue's source is ``locale/de/LC_MESSAGES/skatlib.po``; its
compiled twin ``skatlib.mo`` is committed beside it and shipped in the wheel.
After editing the ``.po``, rebuild the ``.mo`` with ``python -m skatlib.i18n``;
a test proves the committed ``.mo`` equals the compiled ``.po``.

>>> po = '''msgid ""
... msgstr "Content-Type: text/plain; charset=UTF-8\\\\n"
...
... msgid "won"
... msgstr "gewonnen"
... '''
>>> read_po(po)["won"]
'gewonnen'
>>> import gettext, io
>>> gettext.GNUTranslations(io.BytesIO(write_mo(read_po(po)))).gettext("won")
'gewonnen'
"""

from __future__ import annotations

import ast
import struct
from pathlib import Path

__all__ = ["LOCALE_DIR", "DOMAIN", "read_po", "write_mo", "compile_catalogues"]

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the catalogues live: ``locale/<lang>/LC_MESSAGES/skatlib.{po,mo}``."""

DOMAIN = "skatlib"
"""The gettext domain (the catalogues' file name)."""


def _unquote(text: str, where: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"line {where}: expected a quoted string, not {text!r}")
    value = ast.literal_eval(text)  # C-style escapes: \\n \\" \\\\ \\t
    if not isinstance(value, str):  # pragma: no cover  (a quoted literal is a str)
        raise ValueError(f"line {where}: not a string")
    return value


def read_po(text: str) -> dict[str, str]:
    """The translations of a ``.po`` file: ``{msgid: msgstr}``, the header under
    ``""``.  Comments and fuzzy entries' flags are skipped; entries with an empty
    ``msgstr`` (untranslated) are left out.

    :raises ValueError: on a line that is no part of an entry.
    """
    messages: dict[str, str] = {}
    key: str | None = None
    current: dict[str, str] = {}

    def flush() -> None:
        if "msgid" in current and current.get("msgstr"):
            messages[current["msgid"]] = current["msgstr"]
        current.clear()

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            key = "msgid"
            current[key] = _unquote(line[6:], n)
        elif line.startswith("msgstr "):
            key = "msgstr"
            current[key] = _unquote(line[7:], n)
        elif line.startswith('"') and key is not None:
            current[key] += _unquote(line, n)
        else:
            raise ValueError(f"line {n}: not a .po line: {raw!r}")
    flush()
    return messages


def write_mo(messages: dict[str, str]) -> bytes:
    """The GNU ``.mo`` bytes of ``messages`` (sorted by msgid, no hash table)."""
    keys = sorted(messages)
    ids = [k.encode("utf-8") for k in keys]
    strs = [messages[k].encode("utf-8") for k in keys]
    n = len(keys)
    header = 7 * 4
    orig_table = header
    trans_table = orig_table + 8 * n
    data_start = trans_table + 8 * n
    offsets: list[tuple[int, int]] = []
    data = b""
    for blob in (*ids, *strs):
        offsets.append((len(blob), data_start + len(data)))
        data += blob + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, orig_table, trans_table, 0, data_start)
    for length, offset in offsets:
        out += struct.pack("<2I", length, offset)
    return out + data


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Write every ``skatlib.mo`` from its ``skatlib.po``; returns the files written."""
    written = []
    for po in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(write_mo(read_po(po.read_text(encoding="utf-8"))))
        written.append(mo)
    return written
