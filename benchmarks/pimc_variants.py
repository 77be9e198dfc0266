"""PIMC bot variants for strength experiments in the arena.

Each variant is a fixed set of :class:`~skatlib.bots.pimc.PIMCBot`'s flags, so
that the runs in ``docs/bots.rst`` can be repeated whatever the bot's defaults
are.  :class:`PIMCPlain` is the bot as it was before the defaults changed on 5
December 2026: no inference from the declaration, no ``fight``, a solver
without the quasi-symmetry bounds and the two-trick endgame
(:func:`plain_solver`), and the hand evaluation's old budgets
(:data:`PLAIN_EVAL_WORLDS`, :data:`PLAIN_EVAL_NODES`).  Both solver flags cut
nodes and leave every value the same, so the same 150,000-node budget solves
more worlds per decision with them on; :class:`PIMCSolverDefaults` keeps the
solver's own defaults, and this module names the variant so the arena can load
it::

    PYTHONPATH=benchmarks skat arena --bots pimc_variants:PIMCSolverDefaults,pimc_v1,pimc_v1 \\
        --deals 1000 --seed 1 --out solver-defaults-v1.jsonl

``docs/bots.rst`` ("The solver's own defaults") gives the result.  Every variant
below starts from :class:`PIMCPlain` or :class:`PIMCSolverDefaults`.

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

:class:`PIMCFight` adds ``fight=True`` (a tie between cards of different card
points broken by the exact card points in the same worlds) to
:class:`PIMCCombined`: its flags are the bot's defaults since 5 December 2026
(``docs/bots.rst``, "Fighting on").

:class:`PIMCEvalDeep` gives :class:`PIMCFight` twice the hand evaluation's
worlds and nodes (the bidding, hand or pickup and the declaration;
``docs/bots.rst``, "A finer auction"): it is the bot as it is by default since
the evening of 5 December 2026, and :class:`PIMCFight` the same with the
hand evaluation's old budgets::

    PYTHONPATH=benchmarks skat arena \\
        --bots pimc_variants:PIMCEvalDeep,rulebot_v1:RuleBotV1,rulebot_v1:RuleBotV1 \\
        --deals 1000 --seed 1 --workers 2 --out evaldeep-rulev1.jsonl

:class:`PIMCPlayInference` adds ``play_inference=True`` to :class:`PIMCFight`
(the worlds weighed by the other players' plain-purpose plays too,
``docs/bots.rst``, "Inference from the play"), and :class:`PIMCFightDeep`
gives :class:`PIMCFight` :data:`DEEP_NODES` per card, as :class:`PIMCDeep` did
the solver's defaults::

    PYTHONPATH=benchmarks skat arena \\
        --bots pimc_variants:PIMCPlayInference,rulebot_v1:RuleBotV1,rulebot_v1:RuleBotV1 \\
        --deals 1000 --seed 1 --workers 2 --out playinf-rulev1.jsonl

:class:`PIMCDiscards` is the default bot of 5 December (:class:`PIMCEvalDeep`) with
``declare_discards=``:data:`DISCARDS`: after a pickup, once the contract is
chosen, the declaration weighs that contract's best discards in RuleBot's
order, not only the first, by the solved worlds.  It changes nothing but the
declaration after a pickup, so it is measured where it acts, by
``benchmarks/fork.py`` (``docs/bots.rst``, "A searched discard"), and can be
played in full in the arena::

    PYTHONPATH=benchmarks skat arena --bots pimc_variants:PIMCDiscards,pimc_v1,pimc_v1 \\
        --deals 1000 --seed 1 --workers 2 --out discards-v1.jsonl

>>> bot = PIMCSolverDefaults(1)
>>> bot.solver.qsym, bot.solver.endgame, bot.solver.tt_limit
(True, True, 400000)
>>> bot.max_nodes == PIMCBot().max_nodes, PIMCPlain(1).solver.qsym
(True, False)
>>> PIMCBold(1).bid_confidence
0.25
>>> PIMCDeep(1).max_nodes, PIMCDeep(1).solver.qsym
(450000, True)
>>> PIMCDeclaration(1).declaration_inference, PIMCPlain(1).declaration_inference
(True, False)
>>> PIMCCombined(1).declaration_inference, PIMCCombined(1).solver.qsym
(True, True)
>>> fight, default = PIMCFight(1), PIMCBot(1)
>>> (fight.fight, fight.declaration_inference, fight.solver.qsym, fight.solver.endgame) == (
...     default.fight, default.declaration_inference, default.solver.qsym, default.solver.endgame)
True
>>> fight.eval_worlds, fight.eval_nodes
(12, 300000)
>>> PIMCDiscards(1).declare_discards, PIMCEvalDeep(1).declare_discards
(3, 1)

:class:`PIMCRuleTie` is the default bot of 6 December 2026 with ``tie_break="rules"``: among
the cards the card play's search rates alike, RuleBot's card if it is one of
them.  Paired with the default on seed 3's deals it gained nothing measurable
(``docs/bots.rst``, "Breaking ties as a player would").

>>> PIMCRuleTie(1).tie_break, PIMCBot(1).tie_break
('rules', 'cards')
"""

from __future__ import annotations

import random
from typing import Any

from skatlib.bots.pimc import TT_LIMIT, PIMCBot
from skatlib.search.solver import Solver

__all__ = ["BOLD_CONFIDENCE", "DEEPER_EVAL_SCALE", "DEEP_NODES", "DISCARDS", "EVAL_SCALE",
           "PICKUPS", "PIMCBold", "PIMCCombined", "PIMCDeclaration", "PIMCDeclarerWorlds60",
           "PIMCDeep", "PIMCDiscards", "PIMCEvalDeep", "PIMCEvalDeepPlay", "PIMCEvalDeeper",
           "PIMCFight", "PIMCFightDeep", "PIMCPickups", "PIMCPlain", "PIMCPlayInference",
           "PIMCRuleTie", "PIMCSolverDefaults", "PIMCUncalibrated", "PIMCWorlds60",
           "PLAIN_EVAL_NODES",
           "PLAIN_EVAL_WORLDS", "TIE_BREAK", "WORLDS", "plain_solver"]

BOLD_CONFIDENCE = 0.25
"""The searched win probability at which :class:`PIMCBold` bids a contract."""

DEEP_NODES = 3 * PIMCBot().max_nodes
"""The card play's node budget per decision of :class:`PIMCDeep`."""

PLAIN_EVAL_WORLDS = 12
"""The worlds of one auction, skat or declaration decision (``eval_worlds``) of
:class:`PIMCPlain` and every variant below it but :class:`PIMCEvalDeep`: the
bot's default until the evening of 5 December 2026."""

PLAIN_EVAL_NODES = 300_000
"""The solver nodes of one such decision (``eval_nodes``) of the same
variants: the bot's default until the same evening."""


def plain_solver() -> Solver:
    """The solver of :class:`PIMCPlain`: without the quasi-symmetry bounds and the
    two-trick endgame, with the bots' table limit.

    >>> s = plain_solver()
    >>> s.qsym, s.endgame, s.tt_limit
    (False, False, 400000)
    """
    return Solver(tt_limit=TT_LIMIT, qsym=False, endgame=False)


class PIMCPlain(PIMCBot):
    """The ``pimc`` bot as it was before 5 December 2026: its solver is
    :func:`plain_solver`, ``declaration_inference`` and ``fight`` are off, the
    hand evaluation has :data:`PLAIN_EVAL_WORLDS` and :data:`PLAIN_EVAL_NODES`,
    the auction looks at one pickup contract (``auction_pickups=1``, the
    default until 6 December 2026), every game is played for 61
    (``bid_target=False``) and the declaration takes the searched win
    probabilities as they are (``declare_calibration=1.0``; both the defaults
    until 7 December 2026), every other default is the bot's; ``options`` are
    :class:`~skatlib.bots.pimc.PIMCBot`'s keywords (the variants below set theirs).

    >>> PIMCPlain().fight, PIMCPlain().worlds == PIMCBot().worlds
    (False, True)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("eval_worlds", PLAIN_EVAL_WORLDS)
        options.setdefault("eval_nodes", PLAIN_EVAL_NODES)
        options.setdefault("declaration_inference", False)
        options.setdefault("fight", False)
        options.setdefault("play_inference", False)
        options.setdefault("auction_pickups", 1)
        options.setdefault("bid_target", False)
        options.setdefault("declare_calibration", 1.0)
        options.setdefault("solver", plain_solver())
        super().__init__(seed, **options)


class PIMCSolverDefaults(PIMCPlain):
    """:class:`PIMCPlain` with the solver's own defaults (quasi-symmetry bounds
    and the two-trick endgame on) and the bots' table limit
    (:data:`~skatlib.bots.pimc.TT_LIMIT`).

    >>> PIMCSolverDefaults().worlds == PIMCBot().worlds
    True
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("solver", Solver(tt_limit=TT_LIMIT))
        super().__init__(seed, **options)


class PIMCBold(PIMCPlain):
    """:class:`PIMCPlain` bidding at :data:`BOLD_CONFIDENCE` (the hand games keep
    their own, higher confidence).

    >>> PIMCBold().hand_confidence == PIMCBot().hand_confidence
    True
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        super().__init__(seed, bid_confidence=BOLD_CONFIDENCE)


class PIMCDeep(PIMCSolverDefaults):
    """:class:`PIMCSolverDefaults` with :data:`DEEP_NODES` solver nodes per card
    decision; the worlds and the CPU cap are the bot's own, the bidding's budgets
    :class:`PIMCPlain`'s.

    >>> PIMCDeep().cpu_limit == PIMCBot().cpu_limit
    True
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        super().__init__(seed, max_nodes=DEEP_NODES)


class PIMCDeclaration(PIMCPlain):
    """:class:`PIMCPlain` with ``declaration_inference=True``: as a defender it
    draws its worlds by :func:`~skatlib.bots.pimc.declaration_weight` as well as by
    the bidding.

    >>> PIMCDeclaration().inference
    True
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        super().__init__(seed, declaration_inference=True)


class PIMCCombined(PIMCSolverDefaults):
    """:class:`PIMCSolverDefaults` with ``declaration_inference=True``
    (:class:`PIMCDeclaration`'s switch): the card play's budget, worlds and CPU
    cap are the bot's own.

    >>> bot = PIMCCombined()
    >>> bot.max_nodes == PIMCBot().max_nodes, bot.solver.endgame
    (True, True)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("declaration_inference", True)
        super().__init__(seed, **options)


class PIMCFight(PIMCCombined):
    """:class:`PIMCCombined` with ``fight=True``: a tie between cards of
    different card points is broken by the declarer's exact card points in the
    same worlds, so that a defender whose game is lost in every world still holds
    the declarer as low as it can, and a declarer whose game is lost still takes
    what he can.  Its flags are the bot's defaults since 5 December 2026; its
    hand evaluation keeps the old budgets (:class:`PIMCEvalDeep` has today's).

    >>> bot = PIMCFight()
    >>> bot.fight, bot.declaration_inference, PIMCCombined().fight
    (True, True, False)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("fight", True)
        super().__init__(seed, **options)


class PIMCPlayInference(PIMCFight):
    """:class:`PIMCFight` with ``play_inference=True``: in the card play the
    worlds are weighed by the cards the other two have played as well
    (:func:`~skatlib.bots.pimc.play_weight`).

    >>> PIMCPlayInference().play_inference, PIMCFight().play_inference
    (True, False)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("play_inference", True)
        super().__init__(seed, **options)


class PIMCFightDeep(PIMCFight):
    """:class:`PIMCFight` (today's flags) with :data:`DEEP_NODES` solver nodes
    per card decision, as :class:`PIMCDeep` is to :class:`PIMCSolverDefaults`;
    the CPU cap is the bot's own, the bidding's budgets :class:`PIMCFight`'s.

    >>> PIMCFightDeep().max_nodes == DEEP_NODES, PIMCFightDeep().fight
    (True, True)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("max_nodes", DEEP_NODES)
        super().__init__(seed, **options)


EVAL_SCALE = 2
"""How many times :class:`PIMCFight`'s auction and declaration budgets
(:data:`PLAIN_EVAL_WORLDS`, :data:`PLAIN_EVAL_NODES`) :class:`PIMCEvalDeep` gets."""


class PIMCEvalDeep(PIMCFight):
    """:class:`PIMCFight` with :data:`EVAL_SCALE` times the worlds and the
    solver nodes of the hand evaluation
    (:func:`~skatlib.bots.pimc.evaluate_hand`) that decides the bidding, hand or
    pickup and the declaration: a finer searched win probability; the budget of
    one world and contract, the card play and the CPU cap are the bot's own.
    Measured as a variant, it was the bot's default from the evening of
    5 December 2026 until :class:`PIMCPickups` (this class with a second look
    in the auction) became the default on 6 December 2026.

    >>> bot, fight, default = PIMCEvalDeep(), PIMCFight(), PIMCBot()
    >>> (bot.eval_worlds, bot.eval_nodes) == (2 * fight.eval_worlds, 2 * fight.eval_nodes)
    True
    >>> (bot.eval_worlds, bot.eval_nodes) == (default.eval_worlds, default.eval_nodes)
    True
    >>> (bot.eval_world_nodes, bot.max_nodes) == (fight.eval_world_nodes, fight.max_nodes)
    True
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("eval_worlds", EVAL_SCALE * PLAIN_EVAL_WORLDS)
        options.setdefault("eval_nodes", EVAL_SCALE * PLAIN_EVAL_NODES)
        super().__init__(seed, **options)


DEEPER_EVAL_SCALE = 2 * EVAL_SCALE
"""How many times :class:`PIMCFight`'s auction and declaration budgets
:class:`PIMCEvalDeeper` gets: twice :class:`PIMCEvalDeep`'s (:data:`EVAL_SCALE`)."""


class PIMCEvalDeeper(PIMCEvalDeep):
    """:class:`PIMCEvalDeep` (the default bot of 5 December) with :data:`DEEPER_EVAL_SCALE`
    times :class:`PIMCFight`'s worlds and solver nodes of the hand evaluation,
    twice the default's: in the compiled build the default's auction and
    declaration run out of nodes after about 18 and 13 worlds, this one
    solves about twice that before the CPU cap.  Measured against
    ``pimc_v1``, it gains nothing over the default (``docs/bots.rst``, "A
    finer auction, again").  The budget of one world and contract, the card
    play and the CPU cap are the bot's own.

    >>> bot, default = PIMCEvalDeeper(), PIMCEvalDeep()
    >>> (bot.eval_worlds, bot.eval_nodes) == (2 * default.eval_worlds, 2 * default.eval_nodes)
    True
    >>> (bot.eval_world_nodes, bot.max_nodes, bot.cpu_limit) == (
    ...     default.eval_world_nodes, default.max_nodes, default.cpu_limit)
    True
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("eval_worlds", DEEPER_EVAL_SCALE * PLAIN_EVAL_WORLDS)
        options.setdefault("eval_nodes", DEEPER_EVAL_SCALE * PLAIN_EVAL_NODES)
        super().__init__(seed, **options)


class PIMCEvalDeepPlay(PIMCEvalDeep):
    """:class:`PIMCEvalDeep` (the default bot of 5 December) with ``play_inference=True``
    (:class:`PIMCPlayInference`'s switch): the finer auction, and in the card
    play worlds weighed by the cards the other two have played as well.

    >>> bot = PIMCEvalDeepPlay()
    >>> bot.play_inference, bot.eval_worlds == PIMCEvalDeep().eval_worlds
    (True, True)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("play_inference", True)
        super().__init__(seed, **options)


DISCARDS = 3
"""The discards of RuleBot's contract :class:`PIMCDiscards` weighs after a pickup."""


class PIMCDiscards(PIMCEvalDeep):
    """:class:`PIMCEvalDeep` (the default bot of 5 December) with ``declare_discards=``
    :data:`DISCARDS`: after a pickup, once the contract is chosen as the
    default chooses it, the declaration weighs that contract's :data:`DISCARDS`
    best discards (in RuleBot's order) in the same worlds, with a budget of its
    own under the same CPU cap.  Everything else is the default's.

    >>> bot, default = PIMCDiscards(), PIMCEvalDeep()
    >>> bot.declare_discards, (bot.eval_worlds, bot.eval_nodes) == (
    ...     default.eval_worlds, default.eval_nodes)
    (3, True)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("declare_discards", DISCARDS)
        super().__init__(seed, **options)


PICKUPS = 2
"""The pickup contracts :class:`PIMCPickups`'s auction may look at."""


class PIMCPickups(PIMCEvalDeep):
    """:class:`PIMCEvalDeep` with ``auction_pickups=`` :data:`PICKUPS`: where
    :class:`PIMCEvalDeep` would pass because RuleBot's best pickup contract does
    not support the bid, it first looks at RuleBot's next one in fresh worlds,
    within what is left of the decision's CPU cap, and bids on if that one
    supports the bid.  Everything else is :class:`PIMCEvalDeep`'s, so it plays
    every deal exactly as that bot does up to such a pass (``benchmarks/fork.py
    --pickups``).  Measured so, it became the bot's default on 6 December 2026:
    this class is the default bot of 6 December 2026 under a fixed name (the
    default since plays for what the bid needs and calibrates its
    declaration: :class:`PIMCPlain` pins both off).

    >>> bot, before = PIMCPickups(), PIMCEvalDeep()
    >>> bot.auction_pickups, before.auction_pickups, bot.eval_worlds == before.eval_worlds
    (2, 1, True)
    >>> bot.auction_pickups == PIMCBot().auction_pickups
    True
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("auction_pickups", PICKUPS)
        super().__init__(seed, **options)


TIE_BREAK = "rules"
"""The card play's tie-break of :class:`PIMCRuleTie`."""


class PIMCRuleTie(PIMCPickups):
    """:class:`PIMCPickups` (the default bot of 6 December 2026) with
    ``tie_break=`` :data:`TIE_BREAK`: among cards the search rates alike,
    RuleBot's card if it is one of them.  A declarer who wins in every sampled
    world whatever he leads then draws trumps as RuleBot does instead of
    leading his poorest card.  Everything else is that bot's, so it plays every
    deal as that bot does up to the first card
    that the two tie-breaks choose differently (``docs/bots.rst``, "Breaking
    ties as a player would")::

        PYTHONPATH=benchmarks skat arena --bots pimc_variants:PIMCRuleTie,pimc_v1,pimc_v1 \\
            --deals 1000 --seed 3 --workers 2 --out ruletie-v1-s3.jsonl

    >>> bot, default = PIMCRuleTie(), PIMCBot()
    >>> bot.tie_break, default.tie_break, bot.auction_pickups == default.auction_pickups
    ('rules', 'cards', True)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("tie_break", TIE_BREAK)
        super().__init__(seed, **options)


class PIMCUncalibrated(PIMCBot):
    """Today's default bot with ``declare_calibration=1.0``: after a pickup its
    declaration compares the contracts at their searched win probabilities as
    they are, as the default did until 7 December 2026 (``docs/bots.rst``, "A
    calibrated declaration")::

        PYTHONPATH=benchmarks python benchmarks/pimc.py --declared 300 --seed 11 \\
            --workers 2 --bots pimc_variants:PIMCUncalibrated,pimc_v1,pimc_v1

    >>> PIMCUncalibrated().declare_calibration, PIMCBot().declare_calibration
    (1.0, 0.3)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("declare_calibration", 1.0)
        super().__init__(seed, **options)


WORLDS = 60
"""The card play's worlds of :class:`PIMCWorlds60` (and the declarer's of
:class:`PIMCDeclarerWorlds60`)."""


class PIMCWorlds60(PIMCBot):
    """Today's default bot with ``worlds=`` :data:`WORLDS` in the card play (the
    node budget and the CPU cap unchanged, so the first tricks stay bound by the
    budget and from about trick 4 on it solves all 60).  Its move times::

        PYTHONPATH=benchmarks python benchmarks/pimc.py --deals 8 --rule-deals 0 \\
            --bots pimc_variants:PIMCWorlds60

    The lever itself is measured in the card play alone by
    ``benchmarks/fork.py --card-play worlds=60`` (``docs/bots.rst``, "More worlds
    in the card play").

    >>> PIMCWorlds60().worlds, PIMCBot().worlds
    (60, 20)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("worlds", WORLDS)
        super().__init__(seed, **options)


class PIMCDeclarerWorlds60(PIMCBot):
    """Today's default bot with ``declarer_worlds=`` :data:`WORLDS`: 60 worlds in
    the card play as declarer, ``worlds`` (20) as a defender, where the run of
    :class:`PIMCWorlds60` on seed 3 put its gain (a run of its own on seed 4
    did not confirm it).  Its move times, beside the default's in the same run::

        PYTHONPATH=benchmarks python benchmarks/pimc.py --deals 8 --rule-deals 0 \\
            --bots pimc,pimc_variants:PIMCDeclarerWorlds60

    The lever itself: ``benchmarks/fork.py --card-play worlds=60 --role declarer``
    (``docs/bots.rst``, "More worlds as declarer").

    >>> b = PIMCDeclarerWorlds60()
    >>> b.declarer_worlds, b.worlds, PIMCBot().declarer_worlds
    (60, 20, None)
    """

    def __init__(self, seed: int | random.Random | None = None, **options: Any) -> None:
        options.setdefault("declarer_worlds", WORLDS)
        super().__init__(seed, **options)
