"""Game records: a deal, the actions played on it, the rules and metadata.

A record replays to the same state: :func:`replay` checks every action.

>>> from skatlib import Deal, RandomBot, play_deal
>>> rec, res = play_deal(Deal.shuffled(5), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> replay(rec).result() == res
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import attrs

from .actions import Action, parse_action
from .deal import Deal
from .errors import IllegalActionError, Reason, RecordError
from .rules import ISKO, Rules
from .state import GameState, apply, new_game

__all__ = ["GameRecord", "replay", "states"]


def _meta(value: Mapping[str, str] | tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple((str(k), str(v)) for k, v in items)


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(value)


@attrs.frozen
class GameRecord:
    """A deal and the actions played on it, with the rules and free metadata
    (players, ratings, date, ids...) as ``(key, value)`` pairs."""

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


def states(record: GameRecord) -> Iterator[GameState]:
    """Every state of the record, from the first to the last, each action checked.

    :raises RecordError: naming the action number if an action is illegal.
    """
    state = new_game(record.deal, record.rules, ramsch=record.ramsch)
    yield state
    for i, action in enumerate(record.actions, 1):
        try:
            state = apply(state, action)
        except IllegalActionError as exc:
            raise RecordError(f"action {i} ({action}) is illegal: {exc}", Reason.BAD_RECORD,
                              field=f"action {i}") from exc
        yield state


def replay(record: GameRecord) -> GameState:
    """The state after all of the record's actions (each one checked)."""
    last: GameState | None = None
    for last in states(record):  # noqa: B007
        pass
    assert last is not None
    return last
