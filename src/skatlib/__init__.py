"""skatlib: the German card game Skat, exactly as the International Skat Order
(ISkO) defines it.

>>> from skatlib import Card, CardSet, Contract, GameType, legal_cards, score
>>> legal_cards(GameType.GRAND, CardSet.parse("SJ S7 HA"), [Card.SA])
CardSet.parse('S7')
>>> print(score(Contract.parse("D"), bid=24, matadors=1, declarer_points=78,
...             declarer_tricks=7).explain())
with 1, game 2 × Diamonds 9 = 18; overbid (bid 24): 27 = 3 × 9; lost, −54
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import (
    Action,
    Claim,
    Concede,
    Declare,
    Discard,
    Hold,
    Kontra,
    Leave,
    Pass,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    Re,
    Refuse,
    TimeOut,
    parse_action,
)
from .bidding import BID_VALUES, Bid, bid_meanings, is_bid_value, next_bid
from .cards import DECK, Card, CardSet, Rank, Suit, to_mask
from .contract import Contract, GameType
from .deal import Deal, Seat, deal_order
from .errors import (
    IllegalActionError,
    InvalidBidError,
    InvalidCardsError,
    InvalidContractError,
    InvalidScoreError,
    NotationError,
    Reason,
    RecordError,
    SamplingError,
    SkatError,
    SolverError,
    TableError,
)
from .play import (
    follows,
    is_trump,
    legal_cards,
    legal_cards_mask,
    trick_winner,
    trick_winner_fast,
    trump_mask,
)
from .rules import ISKO, ISS, PRESETS, PUB, Rules, preset
from .state import (
    EndReason,
    GameState,
    Phase,
    Trick,
    allowed_contracts,
    apply,
    best_hand_matadors,
    check_action,
    is_legal,
    legal_actions,
    new_game,
    result,
    side_actions,
)

if TYPE_CHECKING:
    from .bots import (
        GameTypeStats,
        PIMCBot,
        RandomBot,
        RuleBot,
        SimulationStats,
        hand_value,
        play_deal,
        simulate,
    )
    from .loop import Bot, play_game
    from .observation import Observation, observe
    from .ramsch import RamschResult, ramsch_result
    from .record import GameRecord, replay, states
    from .scoring import (
        Abandoned,
        GameResult,
        Level,
        PassedIn,
        card_points,
        game_value,
        matadors,
        matadors_mask,
        max_game_value,
        overbid_value,
        score,
        seeger_fabian,
        value_levels,
    )
    from .search.sampling import World, count_worlds, sample_worlds, world_state
    from .search.solver import evaluate_moves, solve
    from .table import SheetEntry, Table, bock_triggers

__version__ = "0.1.0"

# PEP 562: scoring and Ramsch results, records, the game loop, observations, the table
# and its score sheet, the bot toolkit and the search engine load on first use, so that
# ``import skatlib`` stays the kernel, the state machine and errors (scoring loads with
# the first result or declaration, issue 18).  tests/test_lazy_imports.py pins the
# modules ``import skatlib`` loads.
_LAZY = {
    **dict.fromkeys(("Abandoned", "GameResult", "Level", "PassedIn", "card_points",
                     "game_value", "matadors", "matadors_mask", "max_game_value",
                     "overbid_value", "score", "seeger_fabian", "value_levels"), "scoring"),
    **dict.fromkeys(("RamschResult", "ramsch_result"), "ramsch"),
    **dict.fromkeys(("GameRecord", "replay", "states"), "record"),
    **dict.fromkeys(("Bot", "play_game"), "loop"),
    **dict.fromkeys(("Observation", "observe"), "observation"),
    **dict.fromkeys(("SheetEntry", "Table", "bock_triggers"), "table"),
    **dict.fromkeys(("RandomBot", "RuleBot", "hand_value", "play_deal", "PIMCBot",
                     "GameTypeStats", "SimulationStats", "simulate"), "bots"),
    **dict.fromkeys(("World", "count_worlds", "sample_worlds", "world_state"),
                   "search.sampling"),
    **dict.fromkeys(("evaluate_moves", "solve"), "search.solver"),
}
_LAZY_MODULES = frozenset(("scoring", "ramsch", "i18n", "record", "loop", "observation",
                           "table", "sheet", "bots", "search"))
"""Submodules that ``skatlib.NAME`` imports on first use (as ``import skatlib`` once
did by loading them up front)."""


def __getattr__(name: str) -> Any:
    """Load a lazy name (:data:`_LAZY`) or submodule (:data:`_LAZY_MODULES`) on first
    use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None and name not in _LAZY_MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    if module is None:  # importing a submodule binds it here
        return importlib.import_module(f".{name}", __name__)
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    if name != "simulate":  # the deprecated module skatlib.simulate may rebind that name
        globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "__version__",
    "BID_VALUES",
    "Bid",
    "bid_meanings",
    "is_bid_value",
    "next_bid",
    "DECK",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "to_mask",
    "Contract",
    "GameType",
    "IllegalActionError",
    "InvalidBidError",
    "InvalidCardsError",
    "InvalidContractError",
    "InvalidScoreError",
    "NotationError",
    "Reason",
    "RecordError",
    "TableError",
    "SamplingError",
    "SolverError",
    "SkatError",
    "follows",
    "is_trump",
    "legal_cards",
    "legal_cards_mask",
    "trick_winner",
    "trick_winner_fast",
    "trump_mask",
    "GameResult",
    "Level",
    "PassedIn",
    "Abandoned",
    "card_points",
    "game_value",
    "matadors",
    "matadors_mask",
    "max_game_value",
    "overbid_value",
    "score",
    "seeger_fabian",
    "value_levels",
    "Action",
    "Claim",
    "Concede",
    "Declare",
    "Discard",
    "Hold",
    "Leave",
    "Pass",
    "PickUpSkat",
    "Play",
    "PlayHand",
    "Refuse",
    "TimeOut",
    "parse_action",
    "Deal",
    "Seat",
    "deal_order",
    "EndReason",
    "GameState",
    "Phase",
    "Trick",
    "allowed_contracts",
    "apply",
    "best_hand_matadors",
    "check_action",
    "is_legal",
    "legal_actions",
    "side_actions",
    "new_game",
    "result",
    "Observation",
    "observe",
    "GameRecord",
    "replay",
    "states",
    "Bot",
    "RandomBot",
    "RuleBot",
    "hand_value",
    "play_deal",
    "play_game",
    "ISKO",
    "ISS",
    "PUB",
    "PRESETS",
    "preset",
    "Rules",
    "Kontra",
    "Re",
    "Push",
    "RamschResult",
    "ramsch_result",
    "SheetEntry",
    "Table",
    "bock_triggers",
    "GameTypeStats",
    "SimulationStats",
    "simulate",
    "PIMCBot",
    "World",
    "count_worlds",
    "sample_worlds",
    "world_state",
    "evaluate_moves",
    "solve",
]
