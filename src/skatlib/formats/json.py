"""A stable JSON form of :class:`~skatlib.GameRecord` (standard library only).

Version 1 of the ``skatlib-record`` format is a JSON object with exactly
these keys:

``format``
    always ``"skatlib-record"``.
``version``
    always ``1``.  A reader refuses other versions.
``rules``
    an object with every field of :class:`~skatlib.Rules` by name (booleans,
    strings; ``bock_triggers`` as a sorted list of strings).  Fields left out
    take their defaults, so files stay readable when new options appear.
``deal``
    an object with ``forehand``, ``middlehand``, ``rearhand`` (10 cards each)
    and ``skat`` (2 cards), each a string of ISS card codes (``"CJ SJ HA"``)
    separated by spaces.
``actions``
    a list of action texts (``str(action)``, read back with
    :func:`~skatlib.parse_action`): ``"18"``, ``"y"``, ``"p"``, ``"s"``,
    ``"hand"``, ``"G.HQ.H7"``, ``"CJ"``, ``"SC"``, ``"RE.2"``, ``"RF.1"``,
    ``"TI.0"``, ``"LE.1"``, ...
``meta``
    an object of string keys and string values (the record's metadata, in
    order; a key may appear only once).
``ramsch`` (optional)
    ``true`` for a deal played as Ramsch from the start (a Ramsch round,
    D-16); left out otherwise.

>>> from skatlib import Deal, RandomBot, play_deal, ISS
>>> rec, _ = play_deal(Deal.shuffled(3), [RandomBot(1), RandomBot(2), RandomBot(3)], ISS)
>>> data = to_dict(rec)
>>> data["format"], data["version"], data["actions"][:3]
('skatlib-record', 1, ['18', 'p', 'p'])
>>> from_dict(data) == rec and loads(dumps(rec)) == rec
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from ..actions import parse_action
from ..cards import Card, CardSet
from ..deal import Deal
from ..errors import Reason, RecordError, SkatError, as_int, type_error
from ..record import GameRecord, replay
from ..rules import Rules

__all__ = ["FORMAT", "MAX_TEXT_LENGTH", "VERSION", "dumps", "from_dict", "loads", "to_dict"]

FORMAT = "skatlib-record"
"""The value of the ``format`` key."""
VERSION = 1
"""The format version this module writes and reads."""
MAX_TEXT_LENGTH = 1 << 20
"""The longest JSON text (characters, or bytes) :func:`loads` reads and :func:`dumps`
writes: 1 MiB, a hundred times a long record, so hostile input cannot exhaust memory."""

_CARD_CODES: dict[str, Card] = {c.name: c for c in Card}
_HANDS = ("forehand", "middlehand", "rearhand", "skat")
_KEYS = frozenset({"format", "version", "rules", "deal", "actions", "meta", "ramsch"})


def _rules_dict(rules: Rules) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if isinstance(value, (frozenset, set)):
            value = sorted(value)
        out[field.name] = value
    return out


def to_dict(record: GameRecord) -> dict[str, Any]:
    """The record as plain JSON data (see the module docs for the layout).

    :raises RecordError: if ``meta`` has a key twice (JSON objects cannot hold it).
    """
    if not isinstance(record, GameRecord):
        raise type_error("record", "a GameRecord", record)
    meta: dict[str, str] = {}
    for key, value in record.meta:
        if key in meta:
            raise RecordError(f"meta key {key!r} appears twice; the JSON form keeps each key "
                              "once", field="meta")
        meta[key] = value
    deal = record.deal
    parts = (*deal.hands, deal.skat)
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": _rules_dict(record.rules),
        "deal": {name: part.to_str() for name, part in zip(_HANDS, parts, strict=True)},
        "actions": [str(a) for a in record.actions],
        "meta": meta,
    }
    if record.ramsch:  # optional key: a deal played as Ramsch from the start (D-16)
        out["ramsch"] = True
    return out


def _cards(text: object, field: str) -> CardSet:
    if not isinstance(text, str):
        raise RecordError(f"expected a string of cards, not {text!r}", field=field)
    cards = []
    for token in text.split():
        card = _CARD_CODES.get(token)
        if card is None:
            raise RecordError(f"unknown card {token!r}: use ISS codes like 'CJ', 'ST', 'D7'",
                              field=field)
        cards.append(card)
    try:
        return CardSet.from_cards(cards)
    except SkatError as exc:
        raise RecordError(str(exc), exc.reason, field=field) from exc


def _rules(data: object) -> Rules:
    if not isinstance(data, Mapping):
        raise RecordError(f"rules must be an object, not {data!r}", field="rules")
    fields = {f.name: f for f in attrs.fields(Rules)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        field = fields.get(key) if isinstance(key, str) else None
        if field is None:
            raise RecordError(f"unknown rules option {key!r}; known: {', '.join(fields)}",
                              field="rules")
        default: object = field.default
        if isinstance(default, (frozenset, set)):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise RecordError(f"rules option {key!r} must be a list of strings, not "
                                  f"{value!r}", field=f"rules.{key}")
            value = frozenset(value)
        elif type(value) is not type(default):
            raise RecordError(f"rules option {key!r} must be {type(default).__name__}, not "
                              f"{value!r}", field=f"rules.{key}")
        kwargs[key] = value
    try:
        return Rules(**kwargs)
    except SkatError as exc:
        raise RecordError(str(exc), exc.reason, field="rules") from exc


def from_dict(data: Mapping[str, Any], *, check: bool = True) -> GameRecord:
    """The record from data made by :func:`to_dict` (or read from JSON).

    :param check: replay the actions and raise if one is illegal (default).
    :raises RecordError: naming the field (``'deal.skat'``, ``'actions[3]'``, ...)
        if the data is not a version-1 ``skatlib-record`` or does not replay.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"a skatlib-record is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a skatlib-record: format is {data.get('format')!r}",
                          field="format")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"unsupported version {version!r}: this skatlib reads version "
                          f"{VERSION}", field="version")
    unknown = set(data) - _KEYS
    if unknown:
        raise RecordError(f"unknown key(s) {sorted(map(str, unknown))}: version 1 has "
                          f"{sorted(_KEYS)}", field="format")
    for key in ("rules", "deal", "actions"):
        if key not in data:
            raise RecordError(f"missing key {key!r}", field=key)
    rules = _rules(data["rules"])
    raw_deal = data["deal"]
    if not isinstance(raw_deal, Mapping) or set(raw_deal) != set(_HANDS):
        raise RecordError(f"deal must be an object with the keys {', '.join(_HANDS)}",
                          field="deal")
    parts = [_cards(raw_deal[name], f"deal.{name}") for name in _HANDS]
    try:
        deal = Deal((parts[0], parts[1], parts[2]), parts[3])
    except SkatError as exc:
        raise RecordError(str(exc), exc.reason, field="deal") from exc
    raw_actions = data["actions"]
    if not isinstance(raw_actions, list):
        raise RecordError("actions must be a list of strings", field="actions")
    actions = []
    for i, text in enumerate(raw_actions):
        if not isinstance(text, str):
            raise RecordError(f"an action is a string, not {text!r}", field=f"actions[{i}]")
        try:
            actions.append(parse_action(text))
        except SkatError as exc:
            raise RecordError(str(exc), exc.reason, field=f"actions[{i}]") from exc
        except ValueError as exc:  # int() of a huge digit string inside parse_action
            raise RecordError(f"unknown action {text[:20]!r}...: {exc}",
                              field=f"actions[{i}]") from exc
    raw_meta = data.get("meta", {})
    if not isinstance(raw_meta, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in raw_meta.items()):
        raise RecordError("meta must be an object of strings", field="meta")
    ramsch = data.get("ramsch", False)
    if not isinstance(ramsch, bool):
        raise RecordError(f"ramsch must be true or false, not {ramsch!r}", field="ramsch")
    record = GameRecord(deal, tuple(actions), rules, tuple(raw_meta.items()), ramsch)
    if check:
        try:
            replay(record)
        except RecordError as exc:
            raise RecordError(str(exc), exc.reason, field=exc.field and f"actions: {exc.field}"
                              ) from exc
        except SkatError as exc:
            raise RecordError(str(exc), exc.reason, field="actions") from exc
    return record


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON text (UTF-8 safe, keys in the documented order).  Text that
    UTF-8 cannot store (a lone surrogate in ``meta``) is written as a JSON ``\\u``
    escape, so the text always encodes and :func:`loads` gives the record back.

    :raises RecordError: (``TOO_LONG``) if the text would exceed :data:`MAX_TEXT_LENGTH`.

    >>> from skatlib import Deal, GameRecord
    >>> rec = GameRecord(Deal.shuffled(1), (), meta={"note": "a\\ud800b"})
    >>> "\\\\ud800" in dumps(rec) and loads(dumps(rec), check=False) == rec
    True
    """
    if indent is not None:
        indent = as_int(indent, "indent", "an int or None")
    data = to_dict(record)
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: escape everything non-ASCII instead
        text = json.dumps(data, ensure_ascii=True, indent=indent)
    if len(text) > MAX_TEXT_LENGTH:
        raise RecordError(f"the JSON text would be {len(text)} characters long; the reader "
                          f"reads at most MAX_TEXT_LENGTH = {MAX_TEXT_LENGTH}", Reason.TOO_LONG)
    return text


def loads(text: str | bytes, *, check: bool = True) -> GameRecord:
    """The record from JSON text made by :func:`dumps`.

    :raises TypeError: unless ``text`` is a ``str``, ``bytes`` or ``bytearray``.
    :raises RecordError: with the line of a JSON syntax error, or as :func:`from_dict`.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise type_error("text", "str, bytes or bytearray (JSON text)", text)
    if not isinstance(check, bool):
        raise type_error("check", "True or False", check)
    if len(text) > MAX_TEXT_LENGTH:
        raise RecordError(f"the JSON text has {len(text)} characters (or bytes), more than "
                          f"MAX_TEXT_LENGTH = {MAX_TEXT_LENGTH}", Reason.TOO_LONG)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (column {exc.colno})", line=exc.lineno) from exc
    except (TypeError, ValueError, RecursionError) as exc:  # ValueError: int digit limit
        raise RecordError(f"not JSON text: {exc}") from exc
    return from_dict(data, check=check)
