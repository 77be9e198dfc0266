"""What every bot command shares: :func:`play_deal`, the one seed scheme
(:func:`deal_seed`, :func:`seeded_deal`) and the one bot registry
(:data:`BOTS`, :func:`bot_factory`, :func:`make_bot`)."""

from __future__ import annotations

import hashlib
import inspect
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Union

import attrs

from ..deal import Deal
from ..errors import Reason, SkatError, as_int, type_error
from ..loop import Bot, play_recorded
from ..ramsch import RamschResult
from ..record import GameRecord
from ..rules import ISKO, Rules
from ..scoring import Abandoned, GameResult, PassedIn
from ..state import new_game, result
from .basic import RandomBot, RuleBot

__all__ = [
    "BOTS",
    "BotFactory",
    "BotMaker",
    "BotSpec",
    "bot_factory",
    "deal_seed",
    "make_bot",
    "play_deal",
    "seeded_deal",
]


def play_deal(
    deal: Deal, bots: Sequence[Bot], rules: Rules = ISKO
) -> tuple[GameRecord, GameResult | PassedIn | RamschResult | Abandoned]:
    """Play a deal to the end with :func:`~skatlib.play_game`: ``bots[i]`` plays
    seat ``i`` (forehand, middlehand, rearhand).  Returns the record (which
    replays to the same state) and the result; a declarer game's result says who
    declared (:attr:`GameResult.declarer <skatlib.GameResult.declarer>`).

    :raises IllegalActionError: if a bot returns an illegal action (the message
        names the seat).

    >>> from skatlib import RuleBot
    >>> record, res = play_deal(Deal.shuffled(3), [RuleBot()] * 3)
    >>> record.replay().is_finished, res.declarer
    (True, Seat.REARHAND)
    """
    state, actions = play_recorded(new_game(deal, rules), bots)
    res = result(state)
    assert res is not None  # play_game returns a finished state
    return GameRecord(deal, tuple(actions), rules), res


# ----- the one seed scheme -------------------------------------------------------------------


def deal_seed(seed: int, index: int, seat: int | None = None) -> int:
    """The 64-bit seed of deal ``index`` (``seat=None``) or of the bot in ``seat``
    of that deal, derived from ``(seed, index, seat)`` by BLAKE2b: stable
    across Python versions, platforms, ``PYTHONHASHSEED`` and worker counts.
    Every command (``skat play``, ``simulate``, ``arena``) seeds its deals and
    bots with it.

    >>> deal_seed(1, 0) == deal_seed(1, 0), deal_seed(1, 0) == deal_seed(1, 1)
    (True, False)
    >>> deal_seed(0, 0)
    2996582561218216930
    """
    seed, index = as_int(seed, "seed"), as_int(index, "index")
    where = "" if seat is None else f"/{as_int(seat, 'seat', 'an int or None')}"
    text = f"skatlib.simulate/{seed}/{index}{where}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def seeded_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a run with ``seed``: shuffled from :func:`deal_seed`.

    >>> seeded_deal(1, 2) == seeded_deal(1, 2) != seeded_deal(1, 3)
    True
    """
    return Deal.shuffled(random.Random(deal_seed(seed, index)))


# ----- the one bot registry ------------------------------------------------------------------

BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed: ``factory(seed) -> Bot``.  Must be picklable for
worker processes (a top-level function or class, or a :class:`BotMaker`)."""

BotSpec = Union[str, BotFactory]  # noqa: UP007
"""A bot name from :data:`BOTS`, ``"module:Class"``, ``"cmd:COMMAND"`` (a program
speaking the line protocol of :mod:`skatlib.bots.process`), or a :data:`BotFactory`."""


def _random(seed: int) -> Bot:
    return RandomBot(seed)


def _rule(seed: int) -> Bot:
    return RuleBot()


def _pimc(seed: int) -> Bot:
    from .pimc import PIMCBot  # the search engine is loaded only when asked for

    return PIMCBot(seed=seed)


def _pimc_uniform(seed: int) -> Bot:
    from .pimc import PIMCBot

    return PIMCBot(seed=seed, inference=False, declaration_inference=False)


def _pimc_rules(seed: int) -> Bot:
    from .pimc import PIMCBot

    return PIMCBot(seed=seed, bidding="rules")


def _pimc_v1(seed: int) -> Bot:
    from .pimc import PIMCBot

    return PIMCBot.v1(seed)


BOTS: Mapping[str, BotFactory] = MappingProxyType(
    {"random": _random, "rule": _rule, "pimc": _pimc, "pimc_uniform": _pimc_uniform,
     "pimc_rules": _pimc_rules, "pimc_v1": _pimc_v1})
"""The bots every command knows by name: ``random`` (:class:`~skatlib.RandomBot`),
``rule`` (:class:`~skatlib.RuleBot`), ``pimc`` (:class:`~skatlib.PIMCBot`),
``pimc_uniform`` (the same without inference from the bidding and the
declaration: its worlds are uniform), ``pimc_rules`` (the same card play with
RuleBot's bidding, skat and declaration, ``bidding="rules"``: what the search
decisions are measured against) and
``pimc_v1`` (:meth:`PIMCBot.v1 <skatlib.PIMCBot.v1>`, the PIMC of
skatlib 0.2, kept to measure against).  ``cmd:COMMAND`` runs a bot in its own
process (:mod:`skatlib.bots.process`)."""

_SPEC_HELP = ("one of " + ", ".join(BOTS) + ", module:Class (a class with an "
              "act(observation, legal) method, in a module importable from the current "
              "directory), or cmd:COMMAND (a program speaking the bot protocol)")


def _load_class(spec: str) -> type:
    """The class ``spec`` (``module:Class``) names; modules are looked up on the
    import path with the current directory added at its end."""
    module, sep, name = spec.partition(":")
    if not sep or not module.strip() or not name.strip():
        raise SkatError(f"unknown bot {spec!r}: use {_SPEC_HELP}", Reason.BAD_TABLE)
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.append(cwd)
    import importlib

    try:
        obj = getattr(importlib.import_module(module.strip()), name.strip())
    except Exception as exc:  # any failure to import a user's module is bad input
        raise SkatError(f"cannot load bot {spec!r}: {type(exc).__name__}: {exc}",
                        Reason.BAD_TABLE) from None
    if not isinstance(obj, type) or not callable(getattr(obj, "act", None)):
        raise SkatError(f"bot {spec!r} is not a bot class (a class with an "
                        f"act(observation, legal) method) but {obj!r}", Reason.BAD_TABLE)
    return obj


def _takes_seed(cls: type) -> bool:
    try:
        params = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "seed" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


@attrs.frozen
class BotMaker:
    """A picklable :data:`BotFactory` for a ``module:Class`` spec: each worker
    process imports the class itself.

    >>> BotMaker("skatlib:RuleBot")(3)                     # doctest: +ELLIPSIS
    <skatlib.bots.basic.RuleBot object at ...>
    """

    spec: str

    def __call__(self, seed: int) -> Bot:
        """A new bot from :attr:`spec`, seeded with ``seed`` if it takes a seed."""
        cls = _load_class(self.spec)
        try:
            bot = cls(seed=seed) if _takes_seed(cls) else cls()
        except Exception as exc:  # any error building a user's bot is bad input
            raise SkatError(f"cannot create bot {self.spec!r}: {type(exc).__name__}: {exc}",
                            Reason.BAD_TABLE) from None
        return bot  # type: ignore[no-any-return]


def bot_factory(spec: BotSpec) -> BotFactory:
    """The factory for a bot spec, checked now (an unknown name, a module that
    does not import, a class that is not a bot or a ``cmd:`` program that does
    not exist is refused at once).  ``cmd:COMMAND`` makes a
    :class:`~skatlib.bots.process.ProcessBot` per bot.

    >>> bot_factory("rule") is BOTS["rule"], bot_factory("skatlib:RandomBot")
    (True, BotMaker(spec='skatlib:RandomBot'))
    >>> bot_factory("builtins:exit")                       # doctest: +ELLIPSIS
    Traceback (most recent call last):
    skatlib.errors.SkatError: bot 'builtins:exit' is not a bot class ...
    """
    if isinstance(spec, str):
        name = spec.strip()
        if name.lower() in BOTS:
            return BOTS[name.lower()]
        if name[:4].lower() == "cmd:":
            from .process import ProcessBotMaker

            return ProcessBotMaker(name[4:].strip())
        _load_class(name)
        return BotMaker(name)
    if callable(spec):
        return spec
    raise type_error("spec", "a bot spec: a bot name (str) or a factory (callable)", spec)


def make_bot(spec: BotSpec, seed: int) -> Bot:
    """A bot from a spec: a name from :data:`BOTS`, ``module:Class``
    (constructed with ``seed=`` if it takes one, else without arguments), or a
    factory called with ``seed``.

    ``module:Class`` imports that module and builds that class: only name code
    you trust.

    >>> type(make_bot("random", 1)).__name__, type(make_bot("skatlib:RuleBot", 1)).__name__
    ('RandomBot', 'RuleBot')
    """
    bot = bot_factory(spec)(seed)
    if not callable(getattr(bot, "act", None)):
        raise SkatError(f"bot {spec!r} made {bot!r}, which has no act(observation, legal) "
                        "method", Reason.BAD_TABLE)
    return bot
