"""The bot toolkit: bots, playing deals with them, and running many deals.

A bot is any object with ``act(observation, legal) -> action`` (the
:class:`Bot` protocol): it sees only its seat's :class:`~skatlib.Observation`
and the legal actions.

* :mod:`skatlib.bots.basic`: :class:`RandomBot`, :class:`RuleBot` and the hand
  evaluator they share with PIMC (:func:`estimate`, :func:`bid_limit`,
  :func:`hand_value`, :func:`choose_declaration`);
* :mod:`skatlib.bots.pimc`: :class:`PIMCBot` (Perfect Information Monte Carlo),
  loaded only when first used, with the search engine it needs;
* :mod:`skatlib.bots.simulation`: :func:`simulate` many deals in parallel;
* :mod:`skatlib.bots.arena`: bots against each other over duplicate deals;
* :mod:`skatlib.bots.process`: a bot in another process, in any language
  (``cmd:COMMAND``);
* here: :func:`play_deal`, the one bot registry (:data:`BOTS`, :func:`make_bot`)
  and the one seed scheme (:func:`deal_seed`) that every command uses.

>>> from skatlib import Deal
>>> record, res = play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> res.score == play_deal(Deal.shuffled(11), [RandomBot(1), RandomBot(2), RandomBot(3)])[1].score
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..loop import Bot, play_game
from ._core import (
    BOTS,
    BotFactory,
    BotMaker,
    BotSpec,
    bot_factory,
    deal_seed,
    make_bot,
    play_deal,
    seeded_deal,
)
from .arena import DealOutcome, GameOutcome, Summary, play_duplicate, summarise
from .basic import (
    DeclarationOption,
    DeclarationPicker,
    DeclarationPlan,
    RandomBot,
    RuleBot,
    best_contract,
    bid_limit,
    bid_up_to,
    choose_declaration,
    declaration_step,
    estimate,
    hand_value,
)
from .simulation import GameTypeStats, SimulationStats, play_simulated_deal, simulate

if TYPE_CHECKING:
    from .pimc import PIMCBot

__all__ = [
    "BOTS",
    "Bot",
    "BotFactory",
    "BotMaker",
    "BotSpec",
    "DealOutcome",
    "DeclarationOption",
    "DeclarationPicker",
    "DeclarationPlan",
    "GameOutcome",
    "GameTypeStats",
    "PIMCBot",
    "RandomBot",
    "RuleBot",
    "SimulationStats",
    "Summary",
    "best_contract",
    "bid_limit",
    "bid_up_to",
    "bot_factory",
    "choose_declaration",
    "deal_seed",
    "declaration_step",
    "estimate",
    "hand_value",
    "make_bot",
    "play_deal",
    "play_duplicate",
    "play_game",
    "play_simulated_deal",
    "seeded_deal",
    "simulate",
    "summarise",
]

_PIMC = frozenset({"PIMCBot"})


def __getattr__(name: str) -> Any:
    """PEP 562: :class:`PIMCBot` loads :mod:`skatlib.bots.pimc` (and the search
    engine) on first use."""
    if name in _PIMC:
        from . import pimc

        return getattr(pimc, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _PIMC)
