#!/usr/bin/env python
"""A declaration, auction or card play lever measured where it acts: duplicate
games forked at bot 1's declaration after a pickup, at a pass of its own in the
auction, or at the first card (a card play setting, or card play that sees
every card).

    python benchmarks/fork.py --discards 3 --deals 1000 --seed 1 --workers 2 \\
        --out discards3-v1.jsonl                   # bot 1 pimc, against two pimc_v1
    python benchmarks/fork.py --discards 3 --bots pimc,rulebot_v1:RuleBotV1,rulebot_v1:RuleBotV1
    python benchmarks/fork.py --declare declare_calibration=1.0 --uncapped --deals 1000 \\
        --seed 12 --workers 2 --out calib10-v1-s12.jsonl  # the declaration uncalibrated
    python benchmarks/fork.py --sees --deals 1000 --seed 3 --workers 2 \\
        --out sees-v1-s3.jsonl                     # bot 1 sees every card in the play
    python benchmarks/fork.py --sees --role declarer --from-trick 4 --deals 1000 \\
        --seed 3 --workers 2 --out sees4-decl.jsonl  # as declarer, from trick 4 on
    PYTHONPATH=benchmarks python benchmarks/fork.py --pickups 2 --deals 1000 --seed 1 \\
        --workers 2 --bots pimc_variants:PIMCEvalDeep,pimc_v1,pimc_v1 \\
        --out pickups2-v1.jsonl                    # the auction's second look
    python benchmarks/fork.py --card-play worlds=60 --deals 1000 --seed 3 --workers 2 \\
        --out worlds60-v1-s3.jsonl                 # three times the worlds in the play
    python benchmarks/fork.py --card-play worlds=60 --role declarer --deals 1500 --seed 4 \\
        --workers 2 --out worlds60-decl-s4.jsonl   # ... as declarer only
    python benchmarks/fork.py --card-play bid_target=false --rule-auction --overbid \\
        --deals 30000 --seed 8 --workers 2 --out overbid-s8.jsonl  # playing for 61 alone

A lever that changes nothing but what the declarer puts away and declares after
picking up the skat (``PIMCBot(declare_discards=...)``) leaves every other game
of an arena run as it was.  Playing all of them to measure it spends most of
the time on games it cannot change.  This script plays each rotation of each
duplicate deal (as ``skat arena`` seats and seeds it:
:func:`skatlib.bots.arena.duplicate_game`) up to the point where it can act:

* a game in which the card play begins without bot 1 having picked up the
  skat as declarer is left there: both bots play it alike (counted 0);
* at bot 1's first declaration step after a pickup the whole table is copied,
  and bot 1 plans its declaration once as it is (``OLD``) and once with
  ``declare_discards`` set (``NEW``), from the same state (the same random
  generators and auction memory; every bot's solver starts a new, empty
  transposition table in both copies, as the compiled solver cannot be
  copied);
* if both plan the same contract and discard, the game is left there
  (counted 0); otherwise both copies play on to the end, and the difference
  of bot 1's margin (its Seeger-Fabian points less the mean of the others',
  D-14) is that game's.

So the paired difference NEW - OLD per game of the run is what a full arena
run of each would show, less the noise of the games the lever does not touch
-- with two approximations, said here and in ``docs/bots.rst``: a game whose
declaration is the same counts as equal, though the searches that chose it
leave the transposition tables of the two bots different, which can change
how many worlds a later card decision solves within its budget; and the
tables emptied at the fork make both copies solve a few worlds fewer than
the arena's bots in the next decisions.  Both are the same for OLD and NEW
(noise of either sign, no systematic effect of the lever).

``--oracle N`` asks what the lever could gain at most, with hindsight: in deals
``0..N-1`` of ``--seed`` played by three RuleBots up to a declaration after a
pickup, the declarer's contract (RuleBot's) is solved double dummy in the real
deal with RuleBot's discard and with each of that contract's next
``--discards - 1`` discards in RuleBot's order
(:func:`skatlib.bots.pimc._discard_shortlist`; 66 takes every discard).  It
prints in how many the declarer wins with RuleBot's discard, with some
discard of the list, how many games another discard would turn from lost
into won (what a perfect choice could gain) and how many from won into lost
(what a wrong one risks).  With ``--worlds W`` it also makes the lever's own
choice, as ``PIMCBot(declare_discards=...)`` makes it but with no budget or
CPU cap: ``W`` worlds drawn by the default bot's sampler (with its
inference from the auction) from what the declarer knows, the list solved in
each (:func:`skatlib.bots.pimc.evaluate_hand`), the best expected score kept
(a tie: RuleBot's); and counts the games that choice turns from lost into
won and from won into lost in the real deal.  Deals are split over
``--workers``.

``--uncapped`` lets both copies plan that declaration without the CPU cap
(``cpu_limit``), by their node budgets alone, and restores the cap for the
rest of the game: what the lever is worth where the cap does not starve it,
against a default that is not cut either (the contract stage is then the
same in both, so the copies differ in the discard alone).

``--declare KEY=VALUE[,KEY=VALUE...]`` forks at the same step with any of the
declaration's settings (:data:`DECLARE`: ``declare_calibration``,
``declare_discards``, ``eval_worlds``, ``eval_nodes``) in ``NEW`` for that
decision, and reports as ``--discards`` does.  ``--declare
declare_calibration=0.3`` measured a declaration that raises each contract's
searched win probability to the power 0.3 before comparing expected scores
against the bot of then, which took it as it is (``docs/bots.rst``, "A
calibrated declaration"); it is the default since, so ``--declare
declare_calibration=1.0`` now measures the same lever with the sign turned.

``--pickups K`` measures ``PIMCBot(auction_pickups=K)`` the same way: a
bot that, where bot 1 would pass in the auction, first looks at RuleBot's
next pickup contracts.  Bot 1 must look at fewer (the default bot looks at
two since this was measured; ``pimc_variants:PIMCEvalDeep`` is the bot before,
which looks at one).  Up to that pass both bots are the same bot, so each
rotation is played with the default (``OLD``) through the auction:

* a game whose auction ends without bot 1 passing while contracts are left to
  look at is left there (counted 0);
* at such a pass the table is copied as above, and the copy of bot 1, made
  after its pass with the same generator and auction memory, looks further
  (``NEW``), within what the pass left of the decision's CPU cap (the
  seconds the pass took are counted in);
* if it passes too, the game is left there (counted 0: bot 1 is out of the
  auction either way, so the lever cannot act again; the worlds it sampled
  change its generator, which in a full run changes its card play by chance
  alone); otherwise both copies play on from the pass and from the bid.

``--sees`` asks what better card play could gain at most: at the first card
of every game with a declarer the table is copied as above; in ``OLD`` bot 1
plays on as it is, in ``NEW`` it sees every card (:class:`_Seer`): each of its
card decisions solves the one real world, the cards as they lie, with no node
budget and no CPU cap (its auction, skat and declaration were made before the
fork, so they are the same in both).  The other two bots play as they are in
both copies.  The report splits the difference by bot 1's role: the games it
declared (its declarer play seeing) and those another bot declared (its
defence seeing, next to a partner who does not).  It is a reference, not a
strict bound: a double-dummy solution assumes that every player sees the cards
too, which a real opponent or partner does not.

``--from-trick K`` lets bot 1 see the cards from trick ``K`` on only (the
tricks before it plays as it is, in both copies), and ``--role declarer`` or
``--role defender`` only in the games where it has that role (the others are
not forked: both copies would play them alike).  Subtracting a run from
``K`` from a run from trick 1 on the same deals splits what seeing is worth
between the first ``K - 1`` tricks (with seeing play after them) and the rest.
A window that ends before the last trick would hand a plan made for known
cards back to a bot that does not know them, so there is none.  Read back
with ``--role``, a file of both roles gives that role's games alone, and
``--less FILE`` prints the difference between this run's gain and the gain
in ``FILE`` (another run of the same lever, bots and seed), paired by deal
over the deals in both.

``--card-play KEY=VALUE[,KEY=VALUE...]`` measures a lever of the card play
itself (:data:`CARD_PLAY`: ``worlds``, ``declarer_worlds``, ``max_nodes``,
``first_world``, ``fight``, ``tie_break``, ``play_inference``, ``objective``,
``bid_target``) the
same way: at the first card of every game with a declarer the table is copied;
in ``OLD`` bot 1 plays on as it is, in ``NEW`` its card decisions are made with
those settings (:class:`_Tweaked`), the rest as in ``--sees``.  The auction, the
skat and the declaration were made before the fork, so what the run measures is
the card play alone, paired game by game (a full arena run of the setting
would add the noise of auctions that come out otherwise under the CPU cap).
``--from-trick`` and ``--role`` work as with ``--sees``, and so does the
report by role and kind of game.  ``--card-play worlds=60`` asks what three
times the worlds are worth where the budget lets the bot solve them (from
about trick 4 on it solves every world it samples).

``--rule-auction`` has three :class:`~skatlib.RuleBot` play the auction, the
skat and the declaration of every rotation (the bots of ``--bots`` take the
card play from the first card), and ``--overbid`` forks only the games whose
declarer then needs schneider or schwarz to reach his bid with the cards as
they lie (:func:`needs_more`; :func:`skatlib.scoring.levels_needed`), the
others are not forked.  Both go with ``--sees`` and ``--card-play``.  Together
they find the rare games where ``--card-play bid_target=...`` can act (about
one deal in a hundred) without spending the bots' auction on the others.  (The
run in ``docs/bots.rst`` measured ``bid_target=true`` against the bot of then;
it is the default since, so ``bid_target=false`` now measures the same lever
with the sign turned.)

``--out FILE`` writes one line per deal as it goes (JSON: ``deal``, and per
rotation ``null`` or ``[old margin, new margin, old contract, new contract,
old won, new won, bot 1 declared]``); a run resumed with the same file plays
only the deals missing from it.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence

from pimc import _mapped, _margin, _mean_ci

from skatlib import (
    PRESETS,
    Contract,
    GameState,
    Phase,
    RuleBot,
    apply,
    new_game,
    observe,
    play_game,
    preset,
    result,
)
from skatlib.actions import Action, Pass
from skatlib.bots import Bot, BotSpec, deal_seed, seeded_deal
from skatlib.bots.arena import _factories, _game_outcome, _seats
from skatlib.bots.basic import DeclarationOption, choose_declaration, declaration_step
from skatlib.bots.pimc import (
    TT_LIMIT,
    PIMCBot,
    _bid_target,
    _discard_shortlist,
    _next_pickups,
    _solve_world,
    _win_points,
    evaluate_hand,
)
from skatlib.loop import OnAction
from skatlib.observation import Observation
from skatlib.rules import Rules
from skatlib.search.sampling import World
from skatlib.search.solver import Solver


class _Stop(Exception):
    """Raised out of the game loop where the fork is decided."""


class _Watch:
    """A seat's bot that stops the game where the lever can no longer act, or
    (``watch``) where it acts (see the module docs): with ``auction`` unset, at
    the card play, or at its own declaration after a pickup; with ``auction``
    set, at the end of the auction, or at a pass of its own while contracts are
    left to look at (the pass is kept in :attr:`passed` with the CPU seconds it
    took)."""

    def __init__(self, bot: Bot, watch: bool, auction: bool = False) -> None:
        self.bot = bot
        self.watch = watch
        self.auction = auction
        self.passed: tuple[Action, float] | None = None

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        o = observation
        if self.auction:
            if o.phase != Phase.BIDDING:
                raise _Stop
            cpu = time.process_time()
            action = self.bot.act(o, legal)
            memo = getattr(self.bot, "_auction", None)
            if self.watch and isinstance(action, Pass) and memo is not None and \
                    _next_pickups(o.hand.mask, o.seat == 0, memo[1]):
                self.passed = action, time.process_time() - cpu
                raise _Stop
            return action
        if o.phase == Phase.PLAYING or (self.watch and o.phase == Phase.DECLARING
                                        and o.picked_up):
            raise _Stop
        return self.bot.act(o, legal)


def _play_to_stop(state: GameState, bots: Sequence[Bot], watch: Sequence[bool],
                  auction: bool = False) -> tuple[GameState, tuple[Action, float] | None]:
    """``state`` played by ``bots`` (:func:`skatlib.play_game`) up to where a
    :class:`_Watch` stops it: the state where it stopped (or the finished one),
    and a watched seat's pass that stopped it (with its CPU seconds)."""
    latest = [state]
    watches = [_Watch(b, w, auction) for b, w in zip(bots, watch)]

    def track(_seat: int, _action: object, after: GameState) -> None:
        latest[0] = after

    with contextlib.suppress(_Stop):
        play_game(state, watches, on_action=track)
    return latest[0], next((w.passed for w in watches if w.passed is not None), None)


def _real_world(state: GameState) -> World:
    """The cards as they lie in ``state``: the three hands and the skat."""
    hands = state.hands
    return World((hands[0].mask, hands[1].mask, hands[2].mask), state.skat.mask)


ROLES = ("declarer", "defender")
"""The roles ``--role`` may restrict ``--sees`` to."""


def _declares(role: str | None) -> bool | None:
    """Whether bot 1 declares in the games of ``role`` (``None``: any role)."""
    return None if role is None else role == ROLES[0]


def _in_window(observation: Observation, from_trick: int) -> bool:
    """Whether a decision is one of the card play's from trick ``from_trick``
    (counted from 1) on: where :class:`_Seer` sees and :class:`_Tweaked` changes
    the settings."""
    return observation.phase == Phase.PLAYING and len(observation.tricks) + 1 >= from_trick


@contextlib.contextmanager
def _set_for(bot: PIMCBot, attrs: Mapping[str, object]) -> Iterator[None]:
    """``bot``'s attributes set to ``attrs`` inside the ``with`` block, and put
    back as they were after it (one the instance did not have, such as a
    method shadowed for the block, is removed again)."""
    own = vars(bot)
    saved = {k: own[k] for k in attrs if k in own}
    for k, v in attrs.items():
        setattr(bot, k, v)
    try:
        yield
    finally:
        for k in attrs:
            if k in saved:
                setattr(bot, k, saved[k])
            else:
                delattr(bot, k)


class _Seer:
    """Bot 1 of ``NEW`` with ``--sees``: in the card play (from trick
    ``from_trick`` on) each decision of ``bot`` solves the one real world (the
    cards as they lie in :attr:`latest`, which :meth:`track` keeps up as
    ``on_action`` of :func:`skatlib.play_game`) instead of sampled ones, with
    no node budget and no CPU cap, and with ``solver`` (by default one with the
    default bot's settings); every other decision is ``bot``'s own."""

    def __init__(self, bot: PIMCBot, state: GameState, solver: Solver | None = None,
                 from_trick: int = 1) -> None:
        self.bot = bot
        self.latest = state
        self.from_trick = from_trick
        """The first trick (counted from 1) whose cards it plays seeing, to the
        last; in the tricks before, the bot plays as it is."""
        self.solver = solver if solver is not None else Solver(tt_limit=TT_LIMIT)
        """The solver of its card decisions (the bot's own is left as it was): the
        values are exact whatever the solver, so it changes the time alone."""

    def track(self, _seat: int, _action: object, after: GameState) -> None:
        self.latest = after

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        bot = self.bot
        if not _in_window(observation, self.from_trick):
            return bot.act(observation, legal)
        world = _real_world(self.latest)

        def real(_o: Observation, _n: int) -> list[World]:
            return [world]

        # this decision only, on this instance: the one real world, no budget, no cap
        with _set_for(bot, {"cpu_limit": None, "max_nodes": SEER_NODES,
                            "solver": self.solver, "_sample": real}):
            return bot.act(observation, legal)


CARD_PLAY: dict[str, type] = {"worlds": int, "declarer_worlds": int, "max_nodes": int,
                              "first_world": int, "fight": bool, "tie_break": str,
                              "play_inference": bool, "objective": str, "bid_target": bool}
"""The :class:`~skatlib.bots.pimc.PIMCBot` settings ``--card-play`` may change (each
an attribute of the bot named as its keyword argument), with their types: those
that act in the card play alone."""


DECLARE: dict[str, type] = {"declare_calibration": float, "declare_discards": int,
                           "eval_worlds": int, "eval_nodes": int}
"""The :class:`~skatlib.bots.pimc.PIMCBot` settings ``--declare`` may change, with
their types: those that act in the declaration after a pickup (the auction's and
the skat decision's are made before the fork)."""


def card_play_settings(text: str) -> dict[str, object]:
    """``--card-play``'s ``KEY=VALUE,...`` as :class:`~skatlib.bots.pimc.PIMCBot`
    keyword arguments (:data:`CARD_PLAY`), checked by the bot's own constructor;
    a :exc:`ValueError` that names what is wrong otherwise.

    >>> card_play_settings("worlds=60, fight=false")
    {'worlds': 60, 'fight': False}
    """
    return bot_settings(text, CARD_PLAY, "card play", "worlds=60")


def bot_settings(text: str, table: Mapping[str, type], what: str, example: str
                 ) -> dict[str, object]:
    """``KEY=VALUE,...`` as :class:`~skatlib.bots.pimc.PIMCBot` keyword
    arguments, each key one of ``table`` (a ``what`` setting) with its type,
    checked by the bot's own constructor; a :exc:`ValueError` that names what
    is wrong otherwise (``example`` shows the form).

    >>> bot_settings("declare_calibration=0.5", DECLARE, "declaration", "eval_worlds=48")
    {'declare_calibration': 0.5}
    >>> bot_settings("declare_calibration=0", DECLARE, "declaration", "eval_worlds=48")
    Traceback (most recent call last):
    ...
    skatlib.errors.SkatError: declare_calibration must be above 0 (1: no calibration), not 0.0
    """
    settings: dict[str, object] = {}
    for item in (part.strip() for part in text.split(",")):
        key, eq, value = (x.strip() for x in item.partition("="))
        if not eq or not key or not value:
            raise ValueError(f"{item!r} is not KEY=VALUE (e.g. {example})")
        kind = table.get(key)
        if kind is None:
            raise ValueError(f"{key!r} is not a {what} setting; one of "
                             f"{', '.join(table)}")
        if key in settings:
            raise ValueError(f"{key!r} is given twice")
        if kind is bool:
            flag = {"true": True, "1": True, "false": False, "0": False}.get(value.lower())
            if flag is None:
                raise ValueError(f"{key}={value!r}: true or false (or 1 or 0)")
            settings[key] = flag
        elif kind is int:
            try:
                settings[key] = int(value)
            except ValueError:
                raise ValueError(f"{key}={value!r}: a whole number") from None
        elif kind is float:
            try:
                settings[key] = float(value)
            except ValueError:
                raise ValueError(f"{key}={value!r}: a number") from None
        else:
            settings[key] = value
    PIMCBot(0, **settings)  # type: ignore[arg-type]  # its own checks, its own errors
    return settings


def _label(settings: Mapping[str, object]) -> str:
    """``settings`` as ``--card-play`` writes them (``worlds=60,fight=false``)."""
    return ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                    for k, v in settings.items())


class _Tweaked:
    """Bot 1 of ``NEW`` with ``--card-play``: in the card play (from trick
    ``from_trick`` on) each decision of ``bot`` is made with ``settings`` (its
    attributes of those names), which are put back after it; every other
    decision is ``bot``'s own, with its own settings."""

    def __init__(self, bot: PIMCBot, settings: Mapping[str, object],
                 from_trick: int = 1) -> None:
        self.bot = bot
        self.settings = dict(settings)
        self.from_trick = from_trick

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        bot = self.bot
        if not _in_window(observation, self.from_trick):
            return bot.act(observation, legal)
        with _set_for(bot, self.settings):
            return bot.act(observation, legal)


SEER_NODES = 10**12
"""The node budget of a :class:`_Seer`'s card decision: none that binds (its one
world must be solved, or the bot would fall back to RuleBot's card)."""


def _fresh(solver: Solver) -> Solver:
    """A new solver with ``solver``'s settings and an empty table."""
    s = solver
    return Solver(tt=s.use_tt, ordering=s.ordering, equivalence=s.equivalence, mtdf=s.mtdf,
                  eqkeys=s.eqkeys, history=s.history, targets=s.targets, bounds=s.bounds,
                  isokeys=s.isokeys, killers=s.killers, qsym=s.qsym, endgame=s.endgame,
                  tt_limit=s.tt_limit)


def _twin_table(bots: list[Bot]) -> list[Bot]:
    """A copy of the three bots; both tables' solvers start empty (see the module
    docs)."""
    solvers = [getattr(b, "solver", None) for b in bots]
    for b, s in zip(bots, solvers):
        if isinstance(s, Solver):
            b.solver = None  # type: ignore[attr-defined]
    twins = copy.deepcopy(bots)
    for b, t, s in zip(bots, twins, solvers):
        if isinstance(s, Solver):
            b.solver, t.solver = _fresh(s), _fresh(s)  # type: ignore[attr-defined]
    return twins


Forked = tuple[float, float, str, str, bool, bool, bool]
"""Bot 1's margin in OLD and NEW, the contracts declared, whether the declarer won,
and whether bot 1 declared (in OLD; files written before it hold six)."""

Game = Forked | str | None
"""A rotation's outcome: ``None`` where the lever cannot act (bot 1 did not pick
up as declarer, or never passed with contracts left to look at), ``"same"`` where
OLD and NEW decided alike there, else :data:`Forked`."""


def needs_more(state: GameState) -> bool:
    """Whether the declarer, at ``state``, needs more than his contract's own
    target to win: schneider or schwarz to make his game worth the bid with the
    cards as they lie (``PIMCBot(bid_target=True)``'s rule,
    :func:`~skatlib.bots.pimc._bid_target`).  False for null and Ramsch."""
    if state.declarer is None or state.contract is None:
        return False
    target = _bid_target(observe(state, int(state.declarer)))
    return target is not None and \
        target(_real_world(state)) != (_win_points(state.contract), False)


def fork_game(specs: Sequence[BotSpec], index: int, seed: int, rules: Rules, rotation: int,
              k: int, uncapped: bool = False, *, lever: str = "discards",
              from_trick: int = 1, role: str | None = None,
              settings: Mapping[str, object] | None = None, rule_auction: bool = False,
              overbid: bool = False) -> Game:
    """One rotation of duplicate deal ``index`` forked where bot 1's lever acts
    (see :data:`Game`): ``lever="discards"``, at its declaration after a
    pickup, NEW with ``declare_discards=k``; ``lever="declare"``, at the same
    step, NEW with the declaration ``settings`` (:data:`DECLARE`);
    ``lever="pickups"``, at a pass of
    its own in the auction while contracts are left to look at, NEW with
    ``auction_pickups=k``; ``lever="sees"``, at the first card of a game with
    a declarer, NEW seeing every card in the card play (:class:`_Seer`; ``k``
    is not used); ``lever="card-play"``, at the same card, NEW with the card play
    ``settings`` (:class:`_Tweaked`).  Those two from trick ``from_trick``
    (counted from 1) on, and with ``role`` (``"declarer"`` or ``"defender"``)
    only in the games where bot 1 has that role (the others are ``None``: both
    copies would play them alike).  For those two, ``rule_auction`` has three
    :class:`~skatlib.RuleBot` play the auction, the skat and the declaration
    (the seats' bots the card play), and ``overbid`` forks only the games whose
    declarer then needs schneider or schwarz to reach his bid
    (:func:`needs_more`; the others are ``None``)."""
    factories, index = _factories(specs, index)
    at_seat = _seats(rotation)
    bots = [factories[b](deal_seed(seed, index, s)) for s, b in enumerate(at_seat)]
    mine = at_seat.index(0)
    bot1 = bots[mine]
    if not isinstance(bot1, PIMCBot):
        raise SystemExit(f"bot 1 must be a PIMCBot, not {type(bot1).__name__}")
    auction = lever == "pickups"
    sees = lever == "sees"
    plays = sees or lever == "card-play"  # forked at the first card
    if lever in ("card-play", "declare") and (not settings or all(
            getattr(bot1, key) == value for key, value in settings.items())):
        raise SystemExit(f"--{lever} {_label(settings or {})!r}: bot 1 already plays "
                         f"so; the settings must change something")
    if auction and bot1.auction_pickups >= k:
        raise SystemExit(f"bot 1 already looks at {bot1.auction_pickups} pickup contracts "
                         f"in the auction: --pickups {k} must be more (the bot before the "
                         f"second look is pimc_variants:PIMCEvalDeep, with PYTHONPATH=benchmarks)")
    if (rule_auction or overbid) and not plays:
        raise SystemExit("--rule-auction and --overbid go with --sees or --card-play")
    state, passed = _play_to_stop(new_game(seeded_deal(seed, index), rules),
                                  [RuleBot() for _ in range(3)] if rule_auction else bots,
                                  [s == mine and not plays for s in range(3)], auction)
    if auction and passed is None:
        return None
    if plays and (state.is_finished or state.phase != Phase.PLAYING or state.declarer is None
                 or _declares(role) not in (None, int(state.declarer) == mine)
                 or (overbid and not needs_more(state))):
        return None
    if not auction and not plays and (state.is_finished or state.phase != Phase.DECLARING
                                     or state.to_move_index != mine):
        return None
    twins = _twin_table(bots)
    old, new = bots[mine], twins[mine]
    assert isinstance(old, PIMCBot) and isinstance(new, PIMCBot)
    if sees:
        seer = _Seer(new, state, from_trick=from_trick)
        return _play_on(at_seat, [(state, bots, None),
                                  (state, [seer if s == mine else t
                                           for s, t in enumerate(twins)], seer.track)])
    if plays:
        tweaked = _Tweaked(new, settings or {}, from_trick)
        return _play_on(at_seat, [(state, bots, None),
                                  (state, [tweaked if s == mine else t
                                           for s, t in enumerate(twins)], None)])
    o = observe(state, mine)
    legal = state.legal_actions()
    if passed is not None:  # OLD has passed; NEW looks further from there
        new.auction_pickups = k
        first_old, used = passed
        first_new = new._widen(o, legal, first_old, time.process_time() - used, [0, 0, 0])
        if first_new == first_old:
            return "same"
    else:
        caps = old.cpu_limit, new.cpu_limit
        if uncapped:  # both plan the declaration by their node budgets alone
            old.cpu_limit = new.cpu_limit = None
        first_old = old.act(o, legal)
        # NEW plans with the lever's settings (its later steps read that plan)
        tweak = (settings or {}) if lever == "declare" else {"declare_discards": k}
        with _set_for(new, tweak):
            first_new = new.act(o, legal)
        old.cpu_limit, new.cpu_limit = caps
        if old._declared == new._declared:
            return "same"
    return _play_on(at_seat, [(apply(state, first_old), bots, None),
                              (apply(state, first_new), twins, None)])


def _play_on(at_seat: tuple[int, int, int],
             tables: Sequence[tuple[GameState, Sequence[Bot], OnAction | None]]) -> Forked:
    """The two copies of a forked game (OLD, NEW: each a state, its table and its
    ``on_action``) played to the end, as :data:`Forked`."""
    ends = []
    for state, table, hook in tables:
        res = result(play_game(state, table, on_action=hook))
        assert res is not None
        ends.append((_game_outcome(at_seat, res), str(getattr(res, "contract", "-"))))
    (a, ca), (b, cb) = ends
    return _margin(a), _margin(b), ca, cb, a.won, b.won, a.declarer == 0


def fork_deal(specs: Sequence[BotSpec], index: int, seed: int, rules: Rules, k: int,
              uncapped: bool = False, *, lever: str = "discards",
              from_trick: int = 1, role: str | None = None,
              settings: Mapping[str, object] | None = None, rule_auction: bool = False,
              overbid: bool = False) -> list[Game]:
    """:func:`fork_game` for the three rotations of deal ``index``."""
    return [fork_game(specs, index, seed, rules, r, k, uncapped, lever=lever,
                      from_trick=from_trick, role=role, settings=settings,
                      rule_auction=rule_auction, overbid=overbid) for r in range(3)]


Job = tuple[tuple[str, ...], int, int, str, int, bool, str, int, str | None,
            dict[str, object], bool, bool]
"""The arguments of :func:`fork_deal` for one deal, as a worker gets them."""


def _job(args: Job) -> tuple[int, list[Game]]:
    (specs, index, seed, rules, k, uncapped, lever, from_trick, role, settings,
     rule_auction, overbid) = args
    return index, fork_deal(specs, index, seed, preset(rules), k, uncapped, lever=lever,
                            from_trick=from_trick, role=role, settings=settings,
                            rule_auction=rule_auction, overbid=overbid)


ACTS = {"discards": ("bot 1 picked up the skat as declarer", "its declaration differs",
                     "same contract (another discard)"),
        "declare": ("bot 1 picked up the skat as declarer",
                    "its declaration with {} differs", "same contract (another discard)"),
        "pickups": ("bot 1 passed with contracts left to look at", "it bids on",
                    "the same contract declared"),
        "sees": ("the card play began with a declarer", "bot 1 sees every card",
                 ""),
        "card-play": ("the card play began with a declarer", "bot 1 plays with {}", "")}
"""How :func:`report` names, for each lever, where it may act, where it does, and
the forked games whose contract is the same."""

FIRST_CARD = ("sees", "card-play")
"""The levers forked at the first card, which take ``--from-trick`` and ``--role``
and are reported by role and kind of game."""


def _gains(rows: dict[int, list[Game]], deals: Sequence[int],
           keep: Callable[[Forked], bool] | None = None) -> list[float]:
    """NEW - OLD in bot 1's margin per game of each of ``deals`` (the forked
    games' differences over its three rotations; with ``keep``, only the
    forked games it keeps)."""
    return [sum(g[1] - g[0] for g in rows[i]
                if isinstance(g, tuple) and (keep is None or keep(g))) / 3
            for i in deals]


def report(rows: dict[int, list[Game]], lever: str = "discards",
           from_trick: int = 1, role: str | None = None,
           settings: Mapping[str, object] | None = None, rule_auction: bool = False,
           overbid: bool = False) -> None:
    """The paired difference over the deals in ``rows`` (see the module docs);
    with ``--sees`` or ``--card-play``, ``from_trick`` and ``role`` say where bot 1
    saw the cards or played with ``settings``, ``rule_auction`` and ``overbid``
    which games were forked."""
    may, does, same = ACTS[lever]
    does = does.format(_label(settings or {}))
    if overbid:
        may += " who needs schneider or schwarz to reach his bid"
    if rule_auction:
        may += " (the auction and declaration by three RuleBots)"
    if role is not None:
        may += f", bot 1 {'the' if role == ROLES[0] else 'a'} {role}"
        rows = _of_role(rows, role)
    if from_trick > 1:
        does += f" from trick {from_trick} on"
    deals = sorted(rows)
    games = [g for i in deals for g in rows[i]]
    forked = [g for g in games if isinstance(g, tuple)]
    acting = sum(g is not None for g in games)
    per_deal = _gains(rows, deals)
    print(f"{len(deals)} duplicate deals, {len(games)} games; {may} in {acting}; {does} in "
          f"{len(forked)} ({100 * len(forked) / max(1, len(games)):.1f}% of the games)")
    if not forked:
        return
    won_old, won_new = sum(g[4] for g in forked), sum(g[5] for g in forked)
    same_contract = sum(g[2] == g[3] for g in forked)
    print(f"in those: the declarer won {won_old} old, {won_new} new; "
          + (f"{same} in {same_contract}; " if same else "")
          + f"new - old per such game: {sum(g[1] - g[0] for g in forked) / len(forked):+.2f}"
          " margin")
    m, ci = _mean_ci(per_deal)
    print(f"new - old in bot 1's margin over the mean of the others: {m:+.2f} per game of "
          f"the run, 95% CI [{m - ci:+.2f}, {m + ci:+.2f}]")
    if lever not in FIRST_CARD:
        return
    for declared, who in ((True, "bot 1 declared"), (False, "another bot declared")):
        if _declares(role) not in (None, declared):
            continue
        part = [g for g in forked if g[6] is declared]
        won_old, won_new = sum(g[4] for g in part), sum(g[5] for g in part)
        m, ci = _mean_ci(_gains(rows, deals, _games_of(declared)))
        print(f"{who}: {len(part)} games, the declarer won {won_old} old, {won_new} new; "
              f"new - old in the margin {m:+.2f} per game of the run, "
              f"95% CI [{m - ci:+.2f}, {m + ci:+.2f}]")
        kinds = []
        for kind in ("suit", "grand", "null"):
            some = [g for g in part if _kind(g[2]) == kind]
            gain, _ = _mean_ci(_gains(rows, deals, _games_of(declared, kind)))
            kinds.append(f"{kind} {len(some)} (won {sum(g[4] for g in some)} old, "
                         f"{sum(g[5] for g in some)} new) {gain:+.2f}")
        print("  by game, games and new - old per game of the run: " + "; ".join(kinds))


def _games_of(declared: bool, kind: str | None = None) -> Callable[[Forked], bool]:
    """A filter for :func:`_gains`: the forked games in which bot 1 declared (or
    did not), and with ``kind``, only those of that kind of game."""
    return lambda g: g[6] is declared and (kind is None or _kind(g[2]) == kind)


def _of_role(rows: dict[int, list[Game]], role: str | None) -> dict[int, list[Game]]:
    """``rows`` with the forked games in which bot 1 does not have ``role`` as
    ``None`` (a file of both roles read for one; ``None``: all of them)."""
    declared = _declares(role)
    if declared is None:
        return rows
    return {i: [g if not isinstance(g, tuple) or g[6] is declared else None
                for g in games] for i, games in rows.items()}


def report_less(rows: dict[int, list[Game]], other: dict[int, list[Game]],
                role: str | None = None) -> None:
    """The paired difference, deal by deal, between two runs' gains (NEW - OLD
    per game of the run in bot 1's margin) over the deals in both: ``rows``'
    less ``other``'s (``--less``), with ``role`` the games of that role alone."""
    deals = sorted(set(rows) & set(other))
    if not deals:
        print("--less: no deal in both files")
        return
    a, b = _gains(_of_role(rows, role), deals), _gains(_of_role(other, role), deals)
    ma, _ = _mean_ci(a)
    mb, _ = _mean_ci(b)
    m, ci = _mean_ci([x - y for x, y in zip(a, b)])
    print(f"{len(deals)} deals in both: this run {ma:+.2f}, the other {mb:+.2f} per game of "
          f"the run; this less the other {m:+.2f}, 95% CI [{m - ci:+.2f}, {m + ci:+.2f}]")


def _kind(contract: str) -> str:
    """``"suit"``, ``"grand"`` or ``"null"``: the kind of game of a contract as
    :data:`Forked` holds it (``str(Contract)``)."""
    c = Contract.parse(contract)
    return "null" if c.is_null else "suit" if c.game_type.is_suit else "grand"


Oracle = tuple[bool, list[bool], bool | None]
"""A pickup's double-dummy outcomes in the real deal: won with RuleBot's
discard; won with each discard of the list (RuleBot's first); won with the
searched choice (``None`` without ``--worlds``)."""


def discard_oracle(index: int, seed: int, rules: Rules, discards: int,
                   solver: Solver, worlds: int = 0) -> Oracle | None:
    """Deal ``index`` played by three RuleBots up to a declaration after a pickup
    (``None``: none), solved in the real deal (see the module docs)."""
    state, _ = _play_to_stop(new_game(seeded_deal(seed, index), rules),
                             [RuleBot() for _ in range(3)], [True] * 3)
    if state.is_finished or state.phase != Phase.DECLARING:
        return None
    seat = state.to_move_index
    o = observe(state, seat)
    seen: list[tuple[int, list[DeclarationOption], int]] = []

    def record(cards: int, options: Sequence[DeclarationOption]) -> int:
        pick = choose_declaration(cards, options, bid=o.bid, forehand=seat == 0)
        seen.append((cards, list(options), pick))
        return pick

    declaration_step(o, state.legal_actions(), record)
    cards, options, first = seen[0]
    world = _real_world(state)
    short = _discard_shortlist(cards, options, first, discards, o.bid, seat == 0)
    wins = [_solve_world(solver, cards, seat, options[k][0], options[k][1], world, o.bid)[0]
            for k in short]
    searched = wins[0] if worlds > 0 else None
    if worlds > 0 and len(short) > 1:
        sampled = PIMCBot(deal_seed(seed, index, seat))._sample(o, worlds)
        ev = evaluate_hand(cards, seat, [options[k] for k in short], sampled, solver=solver,
                           nodes=10**9, world_nodes=10**9, bid=o.bid)
        best = ev.best(o.bid) if ev.worlds else None
        if best is not None:
            searched = wins[ev.estimates.index(best[0])]
    return wins[0], wins, searched


def _oracle_job(args: tuple[int, int, str, int, int]) -> Oracle | None:
    index, seed, rules, discards, worlds = args
    return discard_oracle(index, seed, preset(rules), discards, _SOLVER, worlds)


_SOLVER = Solver(tt_limit=TT_LIMIT)
"""The solver of ``--oracle`` (one per process)."""


def oracle_report(results: list[Oracle | None], deals: int, discards: int) -> None:
    """The counts of ``--oracle`` (see the module docs)."""
    got = [r for r in results if r is not None]
    won = sum(r[0] for r in got)
    some = sum(any(r[1]) for r in got)
    gain = sum(not r[0] and any(r[1]) for r in got)
    risk = sum(r[0] and not all(r[1]) for r in got)
    listed = f"its {discards} best discards" if discards < 66 else "every discard"
    n = max(1, len(got))
    print(f"{deals} deals (three RuleBots): {len(got)} declarations after a pickup; "
          f"double dummy in the real deal the declarer wins {won} with RuleBot's discard, "
          f"{some} with some of {listed}; another discard turns {gain} lost into won "
          f"({100 * gain / n:.1f}%) and {risk} won into lost ({100 * risk / n:.1f}%)")
    searched = [r for r in got if r[2] is not None]
    if searched:
        up = sum(not r[0] and bool(r[2]) for r in searched)
        down = sum(r[0] and not r[2] for r in searched)
        print(f"the searched choice turns {up} lost into won ({100 * up / n:.1f}%) and "
              f"{down} won into lost ({100 * down / n:.1f}%): net {up - down:+d} of "
              f"{len(searched)}")


def _read(path: str) -> dict[int, list[Game]]:
    rows: dict[int, list[Game]] = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    data = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a last line cut off
                rows[data["deal"]] = [tuple(g) if isinstance(g, list) else g
                                      for g in data["games"]]
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="How each lever is forked and what is printed: the module's docs "
               "(benchmarks/fork.py).")
    levers = p.add_mutually_exclusive_group(required=True)
    levers.add_argument("--discards", type=int, metavar="K",
                        help="fork at the declaration after a pickup: declare_discards=K "
                             "(2 or more)")
    levers.add_argument("--pickups", type=int, metavar="K",
                        help="fork at a pass of bot 1 in the auction: auction_pickups=K "
                             "(more than bot 1's)")
    levers.add_argument("--sees", action="store_true",
                        help="fork at the first card: bot 1 sees every card in the play")
    levers.add_argument("--card-play", metavar="KEY=VALUE[,KEY=VALUE]",
                        help="fork at the first card with card play settings: "
                             + ", ".join(CARD_PLAY))
    levers.add_argument("--declare", metavar="KEY=VALUE[,KEY=VALUE]",
                        help="fork at the declaration after a pickup with declaration "
                             "settings: " + ", ".join(DECLARE))
    p.add_argument("--bots", default="pimc,pimc_v1,pimc_v1",
                   help="three bots as in skat arena, bot 1 a PIMC bot "
                        "(default %(default)s)")
    p.add_argument("--deals", type=int, default=100,
                   help="duplicate deals, each in three rotations (default %(default)s)")
    p.add_argument("--seed", type=int, default=1,
                   help="seed of the deals and the bots, as in skat arena (default %(default)s)")
    p.add_argument("--rules", default="isko",
                   help="rules preset: " + ", ".join(PRESETS) + " (default %(default)s)")
    p.add_argument("--workers", type=int, default=1,
                   help="processes in parallel (default %(default)s; results do not depend on it)")
    p.add_argument("--out", metavar="FILE",
                   help="one JSON line per deal as it goes; a rerun with it resumes")
    p.add_argument("--oracle", type=int, metavar="N",
                   help="with --discards: what another discard could gain at most, "
                        "N deals of three RuleBots")
    p.add_argument("--worlds", type=int, default=0, metavar="W",
                   help="with --oracle: also the lever's own choice from W worlds")
    p.add_argument("--uncapped", action="store_true",
                   help="with --discards or --declare: plan the forked declaration "
                        "without the CPU cap")
    p.add_argument("--from-trick", type=int, default=None, metavar="K",
                   help="with --sees or --card-play: from trick K on only (1..10)")
    p.add_argument("--role", choices=ROLES, default=None,
                   help="with --sees or --card-play: only the games where bot 1 has "
                        "this role")
    p.add_argument("--less", metavar="FILE",
                   help="also this run's gain less that of FILE (same lever, bots "
                        "and seed), paired by deal")
    p.add_argument("--rule-auction", action="store_true",
                   help="with --sees or --card-play: three RuleBots bid and declare")
    p.add_argument("--overbid", action="store_true",
                   help="with --sees or --card-play: fork only the games whose declarer "
                        "needs schneider or schwarz")
    args = p.parse_args(argv)
    lever = ("sees" if args.sees else "card-play" if args.card_play is not None
             else "declare" if args.declare is not None
             else "discards" if args.discards is not None else "pickups")
    k = {"discards": args.discards, "pickups": args.pickups}.get(lever, 0)
    if lever in ("discards", "pickups") and k < 2:
        p.error(f"--{lever}: 2 or more (1 is the bot's default), not {k}")
    if lever != "discards" and args.oracle is not None:
        p.error("--oracle goes with --discards")
    if lever not in ("discards", "declare") and args.uncapped:
        p.error("--uncapped goes with --discards or --declare")
    if lever not in FIRST_CARD and (args.from_trick is not None or args.role is not None):
        p.error("--from-trick and --role go with --sees or --card-play")
    if lever not in FIRST_CARD and (args.rule_auction or args.overbid):
        p.error("--rule-auction and --overbid go with --sees or --card-play")
    settings: dict[str, object] = {}
    if args.card_play is not None:
        try:
            settings = card_play_settings(args.card_play)
        except ValueError as e:
            p.error(f"--card-play: {e}")
    if args.declare is not None:
        try:
            settings = bot_settings(args.declare, DECLARE, "declaration", "eval_worlds=48")
        except ValueError as e:
            p.error(f"--declare: {e}")
    if args.less is not None and not os.path.exists(args.less):
        p.error(f"--less: no file {args.less!r}")
    from_trick = 1 if args.from_trick is None else args.from_trick
    if not 1 <= from_trick <= 10:
        p.error(f"--from-trick: a trick from 1 to 10, not {from_trick}")
    if args.oracle is not None:
        tasks = [(i, args.seed, args.rules, args.discards, args.worlds)
                 for i in range(args.oracle)]
        oracle_report(list(_mapped(_oracle_job, tasks, args.workers)), args.oracle,
                      args.discards)
        return 0
    specs = tuple(args.bots.split(","))
    rows = _read(args.out) if args.out else {}
    todo = [i for i in range(args.deals) if i not in rows]
    jobs: list[Job] = [(specs, i, args.seed, args.rules, k, args.uncapped, lever, from_trick,
                        args.role, settings, args.rule_auction, args.overbid) for i in todo]
    started = time.perf_counter()
    with open(args.out, "a", encoding="utf-8") if args.out else contextlib.nullcontext() as out:
        for n, (index, games) in enumerate(_mapped(_job, jobs, args.workers), 1):
            rows[index] = games
            if out is not None:
                out.write(json.dumps({"deal": index, "games": games}) + "\n")
                out.flush()
            if n % (250 if args.overbid else 25) == 0:
                print(f"{n}/{len(jobs)} deals, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
    mine = {i: rows[i] for i in range(args.deals) if i in rows}
    report(mine, lever, from_trick, args.role, settings, args.rule_auction, args.overbid)
    if args.less:
        report_less(mine, _read(args.less), args.role)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
