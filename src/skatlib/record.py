"""Game records: a deal, the actions played on it, the rules and metadata.

A record replays to the same state: :func:`replay` checks every action.

>>> from skatlib import Deal, RandomBot, play_deal
>>> rec, res = play_deal(Deal.shuffled(5), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> replay(rec).result() == res
True
"""

from __future__ import annotations

import itertools
import typing
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from ._text import fields_repr
from .actions import Action, Declare, Discard, Play, parse_action
from .cards import CardSet
from .deal import Deal
from .errors import ArgumentTypeError, IllegalActionError, Reason, RecordError, type_error
from .rules import ISKO, Rules
from .state import GameState, new_game
from .state._machine import replay as _replay

__all__ = ["GameRecord", "replay", "states"]

MAX_ACTIONS = 1024
"""The most actions a :class:`GameRecord` holds.  A deal has far fewer (the longest
auction, every bid value said once and held, is under 130 actions, the
card play 32); a longer sequence, or an endless iterator, is refused (``TOO_LONG``)."""
MAX_META = 1024
"""The most metadata entries a :class:`GameRecord` holds (``TOO_LONG`` beyond)."""

_ACTION_TYPES = typing.get_args(Action)
_EXACT_TYPES = frozenset(_ACTION_TYPES)


def _bounded(value: Iterable[Any], limit: int, name: str) -> list[Any]:
    items = list(itertools.islice(value, limit + 1))
    if len(items) > limit:
        raise RecordError(f"{name} holds more than {limit} entries (at most {limit})",
                          Reason.TOO_LONG, field=name)
    return items


def _meta(value: Mapping[str, str] | tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    if type(value) is tuple and not value:  # the default: nothing to convert
        return ()
    if isinstance(value, (str, bytes)):
        raise type_error("meta", "a mapping or (key, value) pairs", value)
    if not isinstance(value, (Mapping, Iterable)):
        raise type_error("meta", "a mapping or (key, value) pairs", value)
    items = _bounded(value.items() if isinstance(value, Mapping) else value, MAX_META, "meta")
    out = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise ArgumentTypeError(f"meta must be a mapping or (key, value) pairs, not "
                                    f"{item!r} in it")
        out.append((str(item[0]), str(item[1])))
    return tuple(out)


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    """The actions, with a declaration whose cards were put away one at a time folded
    into the compound form that records read and write: ``Discard(a), Discard(b),
    Declare(c)`` becomes ``Declare(c, {a, b})`` (the state machine treats both alike).
    Other Discards (a Schieberamsch push, even one followed by grand hand, which is
    a hand game and so never follows a put-away, or a declaration not yet made) stay
    as they are."""
    if isinstance(value, (str, bytes)):
        raise ArgumentTypeError("actions must be a sequence of actions, not text: use "
                                "GameRecord.from_text(deal, text)")
    if type(value) is not tuple and type(value) is not list and not isinstance(value, Iterable):
        raise type_error("actions", "a sequence of actions", value)
    out: list[Action] = []
    exact = _EXACT_TYPES
    for i, action in enumerate(_bounded(value, MAX_ACTIONS, "actions"), 1):
        kind = type(action)
        if kind is Play:  # most of a record: nothing to fold
            out.append(action)
            continue
        if kind not in exact and not isinstance(action, _ACTION_TYPES):
            raise ArgumentTypeError(f"actions must hold actions (Bid, Pass, Play ...), not "
                                    f"{type(action).__name__} ({action!r:.40}) at {i}")
        if (isinstance(action, Declare) and action.discard is None and not action.contract.hand
                and len(out) >= 2
                and isinstance(out[-1], Discard) and isinstance(out[-2], Discard)
                and (len(out) < 3 or not isinstance(out[-3], Discard))):
            cards = CardSet(1 << out[-2].card | 1 << out[-1].card)
            del out[-2:]
            out.append(Declare(action.contract, cards))
            continue
        out.append(action)
    return tuple(out)


@attrs.frozen(repr=False)
class GameRecord:
    """A deal and the actions played on it, with the rules and free metadata
    (players, ratings, date, ids...) as ``(key, value)`` pairs."""

    __repr__ = fields_repr

    deal: Deal
    actions: tuple[Action, ...] = attrs.field(converter=_actions)
    rules: Rules = ISKO
    meta: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_meta)
    ramsch: bool = False
    """The deal was played as Ramsch from the start (a Ramsch round, D-16):
    replay starts with ``new_game(deal, rules, ramsch=True)``."""

    @property
    def metadata(self) -> dict[str, str]:
        """The metadata as a dict."""
        return dict(self.meta)

    def actions_text(self) -> str:
        """The actions as space-separated text forms."""
        return " ".join(str(a) for a in self.actions)

    @classmethod
    def from_text(cls, deal: Deal, actions: str, rules: Rules = ISKO) -> GameRecord:
        """A record from a deal and space-separated action texts."""
        return cls(deal, tuple(parse_action(t) for t in actions.split()), rules)

    def replay(self) -> GameState:
        """Alias of :func:`replay`."""
        return replay(self)


def _unchecked_record(deal: Deal, actions: tuple[Action, ...], rules: Rules,
                      meta: tuple[tuple[str, str], ...]) -> GameRecord:
    """``GameRecord(deal, actions, rules, meta)`` without the converters, for a reader
    whose replay has just checked every action: ``actions`` a tuple of actions in the
    compound form (nothing to fold), ``meta`` a tuple of ``(str, str)``, both within
    :data:`MAX_ACTIONS`/:data:`MAX_META` (else the checked constructor is used).
    Mirrors :class:`GameRecord`'s converters ``_actions``/``_meta``; tested equal in
    ``tests/test_iss.py``."""
    if len(actions) > MAX_ACTIONS or len(meta) > MAX_META:
        return GameRecord(deal, actions, rules, meta)
    record = object.__new__(GameRecord)
    set_field = object.__setattr__
    set_field(record, "deal", deal)
    set_field(record, "actions", actions)
    set_field(record, "rules", rules)
    set_field(record, "meta", meta)
    set_field(record, "ramsch", False)
    return record


def states(record: GameRecord) -> Iterator[GameState]:
    """Every state of the record, from the first to the last, each action checked
    (the one replay loop, ``skatlib.state._machine.replay``).

    :raises RecordError: naming the action number if an action is illegal.

    >>> from skatlib import Deal
    >>> rec = GameRecord.from_text(Deal.shuffled(1), "p p p")
    >>> [s.phase.name for s in states(rec)]
    ['BIDDING', 'BIDDING', 'BIDDING', 'FINISHED']
    """
    if not isinstance(record, GameRecord):
        raise type_error("record", "a GameRecord", record)
    state = new_game(record.deal, record.rules, ramsch=record.ramsch)
    yield state
    steps = _replay(state, record.actions)
    i = 0
    while True:
        try:
            i, _, state = next(steps)
        except StopIteration:
            return
        except IllegalActionError as exc:
            action = record.actions[i]
            raise RecordError(f"action {i + 1} ({action}) is illegal: {exc}", Reason.BAD_RECORD,
                              field=f"action {i + 1}") from exc
        yield state


def replay(record: GameRecord) -> GameState:
    """The state after all of the record's actions (each one checked)."""
    last: GameState | None = None
    for last in states(record):  # noqa: B007
        pass
    assert last is not None
    return last
