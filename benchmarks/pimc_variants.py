"""PIMC bot variants for strength experiments in the arena.

:class:`~skatlib.bots.pimc.PIMCBot` searches with ``Solver(qsym=False,
endgame=False)``: its node budget, golden games and arena figures were measured
with the solver before the quasi-symmetry bounds and the two-trick endgame.  Both
flags cut nodes and leave every value the same, so the same 150,000-node budget
solves more worlds per decision with them on.  Whether that plays better is a
question for the arena, not for the solver's tests; this module names the variant
so the arena can load it::

    PYTHONPATH=benchmarks skat arena --bots pimc_variants:PIMCSolverDefaults,pimc_v1,pimc_v1 \\
        --deals 1000 --seed 1 --out solver-defaults-v1.jsonl

``docs/bots.rst`` ("The solver's own defaults") gives the result.

:class:`PIMCBold` bids at a lower searched win probability
(:data:`BOLD_CONFIDENCE` instead of RuleBot's
:data:`~skatlib.bots.basic.RULE_CONFIDENCE`): the bot wins 85-91% of the
games it declares, far above the roughly 65% at which a game's expected
Seeger-Fabian score turns positive, so it might be passing on games worth
playing.  Measured (``docs/bots.rst``, "Bidding bolder"): the extra games are
won only about 55% of the time, no gain::

    PYTHONPATH=benchmarks skat arena --bots pimc_variants:PIMCBold,pimc_v1,pimc_v1 \\
        --deals 1000 --seed 1 --out bold-v1.jsonl

Whether a larger search budget plays better -- the question behind a faster
solver -- is :class:`PIMCDeep`: the solver's defaults with :data:`DEEP_NODES`
(three times the bot's ``max_nodes``) per card, the CPU cap unchanged; it is
measured against :class:`PIMCSolverDefaults` on the same deals (``docs/bots.rst``,
"A deeper search": +0.6 points of margin per game, 95% CI [-0.48, +1.70] over
1,000 paired deals, so the budget stays)::

    PYTHONPATH=benchmarks skat arena --bots pimc_variants:PIMCDeep,pimc_v1,pimc_v1 \\
        --deals 1000 --seed 1 --out deep-v1.jsonl

:class:`PIMCDeclaration` weighs a defender's worlds by the declaration too
(``PIMCBot(declaration_inference=True)``,
:func:`~skatlib.bots.pimc.declaration_weight`: a declarer holds a game worth his
bid that he expects to win); everything else is the plain bot's, so the games it
declares are the plain bot's to the card and only its defence can change
(``docs/bots.rst``, "Inference from the declaration")::

    PYTHONPATH=benchmarks skat arena --bots pimc_variants:PIMCDeclaration,pimc_v1,pimc_v1 \\
        --deals 1000 --seed 1 --out declaration-v1.jsonl

:class:`PIMCCombined` puts the two levers together that gained a point of margin
each in paired runs and keep the bot's budget (so its move times): the solver's
defaults (:class:`PIMCSolverDefaults`) and the inference from the declaration
(:class:`PIMCDeclaration`).  ``docs/bots.rst`` ("Both levers together") gives what
it scores against the RuleBot of skatlib 0.2::

    PYTHONPATH=benchmarks skat arena \\
        --bots pimc_variants:PIMCCombined,rulebot_v1:RuleBotV1,rulebot_v1:RuleBotV1 \\
        --deals 1000 --seed 1 --out combined-rulev1.jsonl

>>> bot = PIMCSolverDefaults(1)
>>> bot.solver.qsym, bot.solver.endgame, bot.solver.tt_limit
(True, True, 400000)
>>> bot.max_nodes == PIMCBot().max_nodes
True
>>> PIMCBold(1).bid_confidence
0.25
>>> PIMCDeep(1).max_nodes, PIMCDeep(1).solver.qsym
(450000, True)
>>> PIMCDeclaration(1).declaration_inference, PIMCBot(1).declaration_inference
(True, False)
>>> PIMCCombined(1).declaration_inference, PIMCCombined(1).solver.qsym
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from skatlib.bots.pimc import TT_LIMIT, PIMCBot
from skatlib.search.solver import Solver

__all__ = ["BOLD_CONFIDENCE", "DEEP_NODES", "PIMCBold", "PIMCCombined", "PIMCDeclaration",
           "PIMCDeep", "PIMCFight", "PIMCSolverDefaults"]

BOLD_CONFIDENCE = 0.25
"""The searched win probability at which :class:`PIMCBold` bids a contract."""

DEEP_NODES = 3 * PIMCBot().max_nodes
"""The card play's node budget per decision of :class:`PIMCDeep`."""


class PIMCSolverDefaults(PIMCBot):
    """The ``pimc`` bot with every default of the bot except its solver, which
    keeps the solver's own defaults (quasi-symmetry bounds and the two-trick
    endgame on) with the bot's table limit (:data:`~skatlib.bots.pimc.TT_LIMIT`);
    ``options`` are :class:`~skatlib.bots.pimc.PIMCBot`'s other keywords (as
    :class:`PIMCDeep` sets its budget).

    >>> PIMCSolverDefaults().worlds == PIMCBot().worlds
    True
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        super().__init__(seed, solver=Solver(tt_limit=TT_LIMIT), **options)


class PIMCBold(PIMCBot):
    """The ``pimc`` bot bidding at :data:`BOLD_CONFIDENCE`, every other default
    the bot's own (the hand games keep their own, higher confidence).

    >>> PIMCBold().hand_confidence == PIMCBot().hand_confidence
    True
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        super().__init__(seed, bid_confidence=BOLD_CONFIDENCE)


class PIMCDeep(PIMCSolverDefaults):
    """:class:`PIMCSolverDefaults` with :data:`DEEP_NODES` solver nodes per card
    decision; the worlds, the CPU cap and the bidding's budgets are the bot's own.

    >>> PIMCDeep().cpu_limit == PIMCBot().cpu_limit
    True
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        super().__init__(seed, max_nodes=DEEP_NODES)


class PIMCDeclaration(PIMCBot):
    """The ``pimc`` bot with ``declaration_inference=True``: as a defender it
    draws its worlds by :func:`~skatlib.bots.pimc.declaration_weight` as well as by
    the bidding; every other default is the bot's own.

    >>> PIMCDeclaration().inference
    True
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        super().__init__(seed, declaration_inference=True)


class PIMCCombined(PIMCSolverDefaults):
    """:class:`PIMCSolverDefaults` with ``declaration_inference=True``
    (:class:`PIMCDeclaration`'s switch): the budgets, worlds and CPU cap are the
    bot's own.

    >>> bot = PIMCCombined()
    >>> bot.max_nodes == PIMCBot().max_nodes, bot.solver.endgame
    (True, True)
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        super().__init__(seed, declaration_inference=True)


class PIMCFight(PIMCSolverDefaults):
    """:class:`PIMCCombined` with ``fight=True``: a tie between cards of
    different card points is broken by the declarer's exact card points in the
    same worlds (:meth:`PIMCBot._fight <skatlib.bots.pimc.PIMCBot._fight>`), so
    that a defender whose game is lost in every world still holds the declarer
    as low as it can, and a declarer whose game is lost still takes what he can.

    >>> bot = PIMCFight()
    >>> bot.fight, bot.declaration_inference, PIMCCombined().fight
    (True, True, False)
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        super().__init__(seed, declaration_inference=True, fight=True)
