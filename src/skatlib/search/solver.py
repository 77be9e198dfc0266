"""A double-dummy solver for the card play: every hand open, best play by both sides.

:func:`solve` gives the exact outcome of a position in which all cards are
known, and :func:`evaluate_moves` the outcome after each legal card.  It is
the engine of :class:`~skatlib.pimc.PIMCBot` (which solves many sampled worlds)
and a tool for analysing finished deals.

What the value means (the declarer maximises it, the defenders minimise it):

* **suit and grand**: the declarer's final card points (0..120), counting the
  points he has already taken and the skat (ISkO 2.2.1, the skat is his in
  hand games too).
* **schwarz announced or ouvert (suit and grand)**: the game ends at the
  defenders' first trick (D-10), so the value is the declarer's card points
  *when the game ends* -- 120 only if he takes every trick (or the only
  tricks he loses hold no points at the very end).  Whether he wins, i.e.
  takes every trick, is :func:`takes_all_tricks`.
* **null**: ``1`` if the declarer can avoid taking any trick, else ``0``
  (the game ends at his first trick, D-10).

>>> from skatlib import Deal, new_game, apply, Pass, Bid, PlayHand, Declare, Contract
>>> deal = Deal.parse("CJ SJ HJ DJ CA CT CK CQ C9 C8 / C7 SA ST SK SQ S9 S8 S7 HA HT / "
...                   "HK HQ H9 H8 H7 DA DT DK DQ D9 / D8 D7")
>>> s = new_game(deal)
>>> for a in (Pass(), Pass(), Bid(18), PlayHand(), Declare(Contract.parse("CH"))):
...     s = apply(s, a)
>>> solve(s)        # forehand draws trumps and takes every trick
120
>>> takes_all_tricks(s)
True

The search is alpha-beta on raw ints at the level of tricks (one node per
trick start; the three cards of a trick are nested loops), with

* a transposition table keyed on the three hands and the declarer's seat
  relative to the leader, holding bounds on the points still to come and the
  best lead;
* move ordering: the table's best lead first, the declarer's strong leads and
  the defenders' weak ones, then greedy trick outcomes for the second and last
  hand (beat an opponent richly or throw low, smear on the partner's trick);
* equivalent cards: cards adjacent in the current order of one effective suit,
  with no unplayed card between them, win and lose the same tricks.  Of such a
  run only one card is searched when the run's cards are worth the same (7, 8,
  9, or jacks; any run in null).  The last hand of a trick knows who takes it,
  so of a run it plays the richest card if its side wins, else the poorest
  (the stronger card of a run is never worth less) -- valid whatever the
  points;
* equivalent transposition keys: the 7, 8 and 9 of a suit (no points) and
  the jacks (2 points each) are keyed with the played ones squeezed out, so
  positions equal up to equivalent cards share one entry;
* killer leads for the defenders: the last defender's lead that caused a
  cutoff at the same depth is tried first (after the table's best lead);
* quasi-symmetry bounds (after Kupferschmid and Helmert, 2006): a second
  table entry is keyed on the order of the remaining cards only (which hand
  holds the i-th weakest remaining card of each suit and of the jacks), not
  on which cards they are.  Positions with one such key play alike, card for
  card and trick for trick; only the card points differ, so the bounds stored
  for one bound the other's value shifted by at most the points difference
  (:func:`_point_shift`), and a shifted bound outside the window cuts;
* the last two tricks searched without the table (positions with two cards in
  every hand: at most eight first tricks and the forced last one);
* optionally (off by default, it measured no gain) the history heuristic:
  leads that caused cutoffs are tried earlier;
* optionally (off by default, it merges too few positions to pay for its key)
  suit-isomorphism keys: positions equal up to a permutation of
  interchangeable suits share one entry;
* optionally (off by default, it saves fewer nodes than it costs time) quick
  bounds: the sure tricks of the side on lead bound the declarer's points
  before a trick start is searched;
* iterative null-window search: the exact value is found by null-window probes
  -- the game's target first (does the declarer reach 61?), then a bisection
  (MTD(f)-like, starting from a guess when one is given) -- each narrowing the
  interval with its fail-soft bound; all share the table.

Each can be switched off (:class:`Solver` flags) to measure what it is worth
(``benchmarks/solver.py``).  On one core a full deal from the first lead takes
a median of under a second in pure Python, with a tail of a few seconds (see
:doc:`/performance` for the measured figures).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import islice
from time import process_time
from typing import NamedTuple

from .. import _tables as T
from ..cards import Card
from ..errors import SolverError, as_int, type_error
from ..state import GameState, Phase

__all__ = [
    "DEFAULT_TT_LIMIT",
    "Position",
    "SearchAborted",
    "Solver",
    "SolverError",
    "clear_cache",
    "evaluate_moves",
    "position_of",
    "solve",
    "takes_all_tricks",
]

_CARDS = tuple(Card(i) for i in range(32))
_CP = T.CARD_POINTS
_NULL = T.NULL


class SearchAborted(Exception):
    """Raised inside a search when :attr:`Solver.node_limit` is passed (the
    transposition table stays valid: only finished nodes are stored).  The
    message gives the limit and the nodes searched."""


class Position(NamedTuple):
    """A card-play position on raw ints (what the solver needs, nothing more)."""

    gt: int
    """Game type 0..5 (diamonds .. grand, null)."""
    declarer: int
    """The declarer's seat (0..2)."""
    hands: tuple[int, int, int]
    """The cards each seat holds now (masks)."""
    trick: tuple[int, ...]
    """Cards played to the unfinished trick, in order."""
    leader: int
    """Who led (or leads) the current trick."""
    points: int
    """The declarer's card points so far: his tricks plus the skat."""
    stop: bool
    """Suit/grand with schwarz announced or ouvert: the game ends at the defenders'
    first trick (D-10)."""
    ended: bool = False
    """The game ended early (D-10): the null declarer or, with ``stop``, the
    defenders took a trick.  Set by :meth:`play`."""

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % 3

    def legal_mask(self) -> int:
        """The cards the seat to move may play (a mask)."""
        led = self.trick[0] if self.trick else -1
        return T.legal_cards_mask(self.gt, self.hands[self.to_move], led)

    def play(self, card: int) -> Position:
        """The position after ``card`` is played (no legality check)."""
        seat = self.to_move
        h = list(self.hands)
        h[seat] &= ~(1 << card)
        hands = (h[0], h[1], h[2])
        trick = (*self.trick, card)
        if len(trick) < 3:
            return self._replace(hands=hands, trick=trick)
        w = (self.leader + T.trick_winner_fast(self.gt, trick[0], trick[1], trick[2])) % 3
        d = self.declarer
        pts = self.points + (_CP[trick[0]] + _CP[trick[1]] + _CP[trick[2]] if w == d else 0)
        ended = T.ends_early(self.gt, d, w, self.stop)
        return self._replace(hands=hands, trick=(), leader=w, points=pts, ended=ended)

    @property
    def finished(self) -> bool:
        """True when no card is left or an early end (D-10) has happened."""
        return self.ended or not (self.hands[0] | self.hands[1] | self.hands[2])


def _trick_mask(trick: tuple[int, ...]) -> int:
    m = 0
    for c in trick:
        m |= 1 << c
    return m


def position_of(state: GameState) -> Position:
    """The solver's view of a :class:`~skatlib.GameState` in card play.

    :raises SolverError: outside card play, in Ramsch, or without a contract.
    :raises TypeError: if ``state`` is not a :class:`~skatlib.GameState`.
    """
    if not isinstance(state, GameState):
        raise type_error("state", "a GameState in card play", state)
    if state.phase != Phase.PLAYING:
        raise SolverError(f"the solver needs a state in card play, not {state.phase.name}")
    c = state.contract
    d = state.declarer_index
    gt = state.game_type_index
    if c is None or d < 0 or not 0 <= gt <= _NULL:
        raise SolverError("the solver handles suit, grand and null games with a declarer "
                          "(not Ramsch)")
    pts = T.mask_points(state.taken_masks[d] | state.skat_mask)
    stop = gt != _NULL and c.schwarz
    return Position(gt, d, state.hand_masks, state.trick_cards, state.leader_index, pts, stop)


# ----------------------------------------------------------------- equivalent cards


def _rep_table(order: tuple[int, ...], points: tuple[int, ...] | None) -> list[int]:
    """Table[(R << n) | L] -> the representatives among L (a subset of R): walking
    ``order`` (weakest first), a card of L directly after another card of L
    (no card of R between them) is dropped when ``points`` is None or equal."""
    n = len(order)
    table = [0] * (1 << (2 * n))
    for r in range(1 << n):
        sub = r
        while True:
            out = 0
            prev_in = False
            prev_pts = -1
            for b in order:
                if not r >> b & 1:
                    continue
                inl = bool(sub >> b & 1)
                pts = points[b] if points is not None else 0
                if inl and not (prev_in and pts == prev_pts):
                    out |= 1 << b
                prev_in = inl
                prev_pts = pts
            table[(r << n) | sub] = out
            if sub == 0:
                break
            sub = (sub - 1) & r
    return table


# plain suit cards of suit/grand games by rank index 7 8 9 Q K T A (bits 0..6)
_PLAIN_REP = _rep_table((0, 1, 2, 3, 4, 5, 6), T.RANK_POINTS[:7])
# jacks D H S C as a nibble (all worth 2)
_JACK_REP = _rep_table((0, 1, 2, 3), (2, 2, 2, 2))
# null: a whole suit byte in null order 7 8 9 T J Q K A, points ignored
_NULL_REP = _rep_table((0, 1, 2, 5, 7, 3, 4, 6), None)


def _runs_table(n: int) -> list[tuple[tuple[int, int], ...]]:
    """Table[(R << n) | L] -> the maximal runs of L (bits 0..n-1, weakest first)
    with no card of R outside L between them, as (lowest, highest) bit pairs."""
    table: list[tuple[tuple[int, int], ...]] = [()] * (1 << (2 * n))
    for r in range(1 << n):
        sub = r
        while True:
            runs: list[tuple[int, int]] = []
            start = -1
            last = -1
            for b in range(n):
                if not r >> b & 1:
                    continue
                if sub >> b & 1:
                    if start < 0:
                        start = b
                    last = b
                elif start >= 0:
                    runs.append((start, last))
                    start = -1
            if start >= 0:
                runs.append((start, last))
            table[(r << n) | sub] = tuple(runs)
            if sub == 0:
                break
            sub = (sub - 1) & r
    return table


_PLAIN_RUNS = _runs_table(7)
_JACK_RUNS = _runs_table(4)


def _jack_nibble(jacks: int) -> int:
    """The four jack bits of a mask (DJ HJ SJ CJ = bits 7, 15, 23, 31) as bits 0..3."""
    return (jacks >> 7 & 1) | (jacks >> 14 & 2) | (jacks >> 21 & 4) | (jacks >> 28 & 8)


def _suit_tables() -> tuple[dict[int, int], dict[int, tuple[tuple[int, int], ...]]]:
    """The representatives (:data:`_PLAIN_REP`, :data:`_JACK_REP`) and the runs
    (:data:`_PLAIN_RUNS`, :data:`_JACK_RUNS`) of a suit or grand game as two
    tables keyed on ``(legal | remaining << 32) & mask`` for the mask of one suit's
    seven plain cards or of the four jacks (in both halves), with the cards at
    their own bits: one lookup per suit, and a table for all five (their keys
    are disjoint but for the empty one, which maps to nothing in each)."""
    reps: dict[int, int] = {}
    runs: dict[int, tuple[tuple[int, int], ...]] = {}
    groups = [(tuple(range(8 * s, 8 * s + 7)), _PLAIN_REP, _PLAIN_RUNS) for s in range(4)]
    groups.append(((7, 15, 23, 31), _JACK_REP, _JACK_RUNS))
    for bits, rep_table, runs_table in groups:
        n = len(bits)
        # spread[m]: the n-bit set m with its i-th bit moved to bits[i]
        spread = [sum(1 << bit for i, bit in enumerate(bits) if m >> i & 1)
                  for m in range(1 << n)]
        pairs = {(a, b): (bits[a], bits[b]) for a in range(n) for b in range(n)}
        for r in range(1 << n):
            sub = r
            rs = spread[r] << 32
            while True:
                key = spread[sub] | rs
                i = r << n | sub
                reps[key] = spread[rep_table[i]]
                runs[key] = tuple([pairs[ab] for ab in runs_table[i]])
                if sub == 0:
                    break
                sub = (sub - 1) & r
    return reps, runs


_SUIT_REPS, _SUIT_RUNS = _suit_tables()
_SUIT_MASKS = tuple((0x7F << 8 * s) * (1 | 1 << 32) for s in range(4))
_M0, _M1, _M2, _M3 = _SUIT_MASKS
_MJ = T.JACKS * (1 | 1 << 32)


def _runs_trump(legal: int, remaining: int) -> tuple[tuple[int, int], ...]:
    """Runs of strength-equivalent cards of ``legal`` (suit/grand), ignoring points:
    ``(weakest, strongest)`` card pairs, suit by suit (the lowest bits first) and the
    jacks last.  In a plain suit and among the jacks the stronger card of a run
    never has fewer points."""
    x = legal | remaining << 32
    t = _SUIT_RUNS
    return t[x & _M0] + t[x & _M1] + t[x & _M2] + t[x & _M3] + t[x & _MJ]


def _reps_trump(legal: int, remaining: int) -> int:
    """Representatives of ``legal`` in a suit or grand game."""
    x = legal | remaining << 32
    t = _SUIT_REPS
    return t[x & _M0] | t[x & _M1] | t[x & _M2] | t[x & _M3] | t[x & _MJ]


def _reps_null(legal: int, remaining: int) -> int:
    out = 0
    for shift in (0, 8, 16, 24):
        lo = legal >> shift & 0xFF
        if lo:
            out |= _NULL_REP[(remaining >> shift & 0xFF) << 8 | lo] << shift
    return out


def _rep_map(gt: int, legal: int, remaining: int) -> dict[int, int]:
    """Card -> its representative, for every card of ``legal`` (slow; for roots)."""
    if gt == _NULL:
        chains = [[8 * s + r for r in (0, 1, 2, 5, 7, 3, 4, 6)] for s in range(4)]
    else:
        jacks = list(T.TRUMP_ORDER[T.GRAND][::-1])  # weakest first, like the suits
        chains = [[8 * s + r for r in range(7)] for s in range(4)] + [jacks]
    out: dict[int, int] = {}
    for chain in chains:
        rep = -1
        prev_in = False
        for c in chain:
            if not remaining >> c & 1:
                continue
            inl = bool(legal >> c & 1)
            if inl:
                if prev_in and (gt == _NULL or _CP[c] == _CP[rep]):
                    out[c] = rep
                else:
                    rep = c
                    out[c] = c
            prev_in = inl
    return out


def _squeeze_table(n: int) -> list[int]:
    """Table[(R << n) | H] -> H (a subset of R, bits 0..n-1) with R's cards moved to
    the lowest bits in order: the i-th lowest card of R goes to bit i."""
    table = [0] * (1 << (2 * n))
    for r in range(1 << n):
        for h in range(1 << n):
            if h & ~r:
                continue
            out = 0
            i = 0
            for b in range(n):
                if r >> b & 1:
                    if h >> b & 1:
                        out |= 1 << i
                    i += 1
            table[(r << n) | h] = out
    return table


_SQUEEZE3 = _squeeze_table(3)
_SQUEEZE4 = _squeeze_table(4)
_LOW_CARDS = 0x07070707 | T.JACKS
"""The cards that equal neighbours can stand for in suit and grand: the 7, 8 and 9
of each suit (no points) and the jacks (2 points each)."""
_JACK_BITS = tuple((n & 1) << 7 | (n & 2) << 14 | (n & 4) << 21 | (n & 8) << 28
                   for n in range(16))


def _top_run_table() -> list[tuple[int, ...]]:
    """Table[(R << 7) | L] -> the running card points of L's top run in R: walking
    the plain ranks A T K Q 9 8 7 (bits 6..0) of the remaining cards R from the
    top, the cards of L before the first card of R not in L, as the tuple
    (0, points of the first, of the first two, ...).  Bits 0..3 alone serve the
    jack nibble (only the length counts there)."""
    table: list[tuple[int, ...]] = [(0,)] * (1 << 14)
    for r in range(1 << 7):
        sub = r
        while True:
            run = [0]
            for b in range(6, -1, -1):
                if r >> b & 1:
                    if not sub >> b & 1:
                        break
                    run.append(run[-1] + T.RANK_POINTS[b])
            table[(r << 7) | sub] = tuple(run)
            if sub == 0:
                break
            sub = (sub - 1) & r
    return table


_TOP_RUN = _top_run_table()
_POP7 = tuple(bin(b).count("1") for b in range(1 << 7))


def _low_sums(h: int) -> tuple[int, ...]:
    """The points of the n poorest plain cards of ``h`` (7 bits) for n = 0, 1, ..."""
    pts = sorted(T.RANK_POINTS[b] for b in range(7) if h >> b & 1)
    out = [0]
    for p in pts:
        out.append(out[-1] + p)
    return tuple(out)


_LOW_SUMS = tuple(_low_sums(h) for h in range(1 << 7))
_LOW_TRUMPS = tuple(tuple(sum(sorted([T.RANK_POINTS[b] for b in range(7) if h >> b & 1]
                                     + [2] * j)[:n]) for n in range(12))
                    for h in range(1 << 7) for j in range(5))
"""[suit7 * 5 + jacks][n]: the points of the n poorest trumps of a suit game's hand
holding ``suit7`` of the trump suit and ``jacks`` jacks (all of them if n is more)."""


def _sure_tricks(gt: int, ha: int, hb: int, hc: int) -> int:
    """What the leader (hand ``ha``; ``hb``, ``hc`` the others) of a suit or grand
    game takes for certain, as ``points << 4 | min(tricks, 15)`` (points of his
    cards and the poorest the others can add).  Sure tricks: in each plain suit
    his top run among the remaining cards, as often as both others still follow
    (then they cannot trump, and cashing one suit leaves the others' other
    suits alone); then his top run of trumps (jacks, then the trump suit when
    he holds every jack left), which nothing beats and which the others follow
    with their poorest trumps while they have any.  A cheap bound for quick cutoffs (Solver's
    ``bounds``), which the points search calls."""
    remaining = ha | hb | hc
    ts = 8 * gt if gt < T.GRAND else -1
    pts = 0
    tricks = 0
    for shift in (0, 8, 16, 24):
        if shift == ts:
            continue
        lo = ha >> shift & 0x7F
        if lo:
            run = _TOP_RUN[(remaining >> shift & 0x7F) << 7 | lo]
            n = len(run) - 1
            if n:
                b = hb >> shift & 0x7F
                c = hc >> shift & 0x7F
                n = min(n, _POP7[b], _POP7[c])
                pts += run[n] + _LOW_SUMS[b][n] + _LOW_SUMS[c][n]
                tricks += n
    jr = remaining & T.JACKS
    jl = ha & T.JACKS
    n = len(_TOP_RUN[_jack_nibble(jr) << 7 | _jack_nibble(jl)]) - 1 if jl else 0
    pts += 2 * n
    if ts >= 0:
        if jl == jr:
            run = _TOP_RUN[(remaining >> ts & 0x7F) << 7 | (ha >> ts & 0x7F)]
            pts += run[-1]
            n += len(run) - 1
        if n:
            for h in (hb, hc):
                row = _LOW_TRUMPS[(h >> ts & 0x7F) * 5 + _POP7[_jack_nibble(h & T.JACKS)]]
                pts += row[min(n, 11)]
    elif n:
        pts += 2 * (min(n, _POP7[_jack_nibble(hb & T.JACKS)])
                    + min(n, _POP7[_jack_nibble(hc & T.JACKS)]))
    tricks += n
    return pts << 4 | min(tricks, 15)


def _squeeze_trump(h: int, r: int, low_gone: int) -> int:
    """``h`` (a subset of the remaining cards ``r``) with the 7/8/9 of each suit and
    the jacks moved down over the played ones (``low_gone``: the played cards
    among them): two positions whose hands squeeze to the same masks are equal up
    to equivalent cards (same order in every suit, same points), so they have the
    same value (equivalent transposition keys)."""
    out = h & ~_LOW_CARDS
    for shift in (0, 8, 16, 24):
        if low_gone >> shift & 7:
            out |= _SQUEEZE3[(r >> shift & 7) << 3 | (h >> shift & 7)] << shift
        else:
            out |= h & (7 << shift)
    if low_gone & T.JACKS:
        out |= _JACK_BITS[_SQUEEZE4[_jack_nibble(r) << 4 | _jack_nibble(h)]]
    else:
        out |= h & T.JACKS
    return out


def _squeezed_ways(bits: tuple[int, ...], to: tuple[int, ...]
                   ) -> list[tuple[int, int, int, int]]:
    """``(a | b << 32 | c << 64, a', b', c')`` for every three disjoint sets a, b, c
    of the cards at ``bits`` (weakest first; 4 ** n ways), where a', b', c' are
    the three sets squeezed over their union: the i-th weakest card in play goes
    to bit ``to[i]``."""
    ways = [(0, 0, 0, 0, 0)]
    for bit in bits:
        ways = [w for x, a, b, c, i in ways
                for w in ((x, a, b, c, i), (x | 1 << bit, a | 1 << to[i], b, c, i + 1),
                          (x | 1 << bit + 32, a, b | 1 << to[i], c, i + 1),
                          (x | 1 << bit + 64, a, b, c | 1 << to[i], i + 1))]
    return [(x, a, b, c) for x, a, b, c, _ in ways]


def _triple_table(bits: tuple[int, ...]) -> dict[int, int]:
    """Table[a | b << 32 | c << 64] -> the three disjoint sets a, b, c of the cards
    at ``bits`` (a suit's 7 ranks at bits 0..6, the jacks at 7, 15, 23 and 31),
    as n-bit sets each squeezed over their union R (as :func:`_squeeze_table`), as
    ``sq(a) | sq(b) << n | sq(c) << 2 * n``: every way of giving some of the n
    cards to three hands (4 ** n entries)."""
    n = len(bits)
    return {x: a | b << n | c << 2 * n
            for x, a, b, c in _squeezed_ways(bits, tuple(range(n)))}


def _low_table() -> dict[int, int]:
    """Table[the low cards of one suit (its 7, 8 and 9), or the jacks, of three
    hands, packed as ``a | b << 32 | c << 64``] -> the three squeezed over the
    played ones as :func:`_squeeze_trump` does, packed alike: the 7/8/9 in play
    move to the suit's lowest bits, the jacks in play to the lowest jack bits.
    One table for the four suits and the jacks (their keys are disjoint but for
    the empty one)."""
    table: dict[int, int] = {}
    jacks = (7, 15, 23, 31)
    for bits in [(8 * s, 8 * s + 1, 8 * s + 2) for s in range(4)] + [jacks]:
        table.update((x, a | b << 32 | c << 64) for x, a, b, c in _squeezed_ways(bits, bits))
    return table


_LOW_SQUEEZE = _low_table()
_LOW_MASKS = tuple(m * (1 | 1 << 32 | 1 << 64) for m in (7, 7 << 8, 7 << 16, 7 << 24, T.JACKS))


def _squeeze_lows(low: int) -> int:
    """The low cards (7, 8, 9 and jacks) of the three hands, packed as ``la << 64 |
    lb << 32 | lc``, squeezed (:func:`_squeeze_trump` of each), packed alike: what
    the equivalent transposition key holds of them (the other cards stay).  One
    lookup per suit and one for the jacks (:func:`_low_table`)."""
    t = _LOW_SQUEEZE
    m0, m1, m2, m3, mj = _LOW_MASKS
    return t[low & m0] | t[low & m1] | t[low & m2] | t[low & m3] | t[low & mj]


_TRIPLES7 = _triple_table(tuple(range(7)))
_TRIPLES_JACKS = _triple_table((7, 15, 23, 31))
_SUIT3 = 0x7F | 0x7F << 32 | 0x7F << 64
_JACKS3 = T.JACKS | T.JACKS << 32 | T.JACKS << 64


def _structure(ha: int, hb: int, hc: int) -> int:
    """The quasi-symmetry key of three hands of a suit or grand game: in each suit
    (7 bits, the jacks apart) and among the jacks, every hand squeezed over the
    cards still in play (:func:`_squeeze_table`), so that only the order of the
    remaining cards is kept, not which ones they are.  Two positions with the
    same key play alike card for card (the i-th weakest remaining card of a suit
    in one is the i-th weakest in the other, in the same hand): every play has
    the same trick winners in both, and only the card points differ
    (:func:`_point_shift` bounds by how much).  The three squeezed hands of a
    suit are one lookup in :func:`_triple_table`'s table."""
    x = ha | hb << 32 | hc << 64
    t7 = _TRIPLES7
    m = _SUIT3
    return ((((t7[x & m] << 21 | t7[x >> 8 & m]) << 21 | t7[x >> 16 & m]) << 21
             | t7[x >> 24 & m]) << 12 | _TRIPLES_JACKS[x & _JACKS3])


def _shift_table() -> dict[int, int]:
    """Table[(P | Q << 32) & the plain cards of one suit, in both halves] for two
    sets P, Q of that suit's plain cards (7 8 9 Q K T A) with as many cards:
    pairing the i-th weakest card of P with the i-th weakest of Q, ``up << 8 |
    down`` where ``up`` sums what the cards of Q are worth more than their
    partners and ``down`` what they are worth less.  One table for the four
    suits (their keys are disjoint but for the empty one); sets of different
    sizes, which are never paired, have no entry."""
    pts = T.RANK_POINTS[:7]
    by_size: dict[int, list[tuple[int, list[int]]]] = {}
    for p in range(1 << 7):
        by_size.setdefault(p.bit_count(), []).append(
            (p, [pts[b] for b in range(7) if p >> b & 1]))
    table: dict[int, int] = {}
    for group in by_size.values():
        for p, pp in group:
            for q, qq in group:
                up = sum(max(0, y - x) for x, y in zip(pp, qq))
                down = sum(max(0, x - y) for x, y in zip(pp, qq))
                for shift in (0, 8, 16, 24):
                    table[(p | q << 32) << shift] = up << 8 | down
    return table


_SHIFT = _shift_table()


def _point_shift(rp: int, rq: int) -> int:
    """How far the value of a position with the remaining cards ``rq`` can lie from
    that of a quasi-symmetric one (the same :func:`_structure` key) with the
    remaining cards ``rp``: ``up << 8 | down``, the value of the first being
    between the second's minus ``down`` and plus ``up``.  Whatever both sides
    play, the same tricks go the same way in both; the declarer's points differ
    by what his cards are worth more or less than their partners, at most the
    sum of the gains (``up``) and at least minus the sum of the losses
    (``down``), over every remaining card (the jacks are all worth 2).  The
    points search inlines this; a test checks them equal.

    >>> from skatlib.cards import Card
    >>> m = lambda *cs: sum(1 << int(Card.parse(c)) for c in cs)
    >>> divmod(_point_shift(m("CK", "C7"), m("CQ", "C7")), 256)  # K (4) -> Q (3)
    (0, 1)
    """
    sh = _SHIFT
    x = rp | rq << 32
    return sh[x & _M0] + sh[x & _M1] + sh[x & _M2] + sh[x & _M3]


def _iso_keyer(gt: int) -> Callable[[int, int, int], int]:
    """The suit-isomorphism key of the three hands (the leader's first) for game
    type ``gt``: suits that play alike are interchangeable, so the per-suit
    patterns (the suit's cards in each hand) of those suits are sorted, and two
    positions that differ only by a permutation of them get one key.  Alike are
    all four suits in null (no trump, points do not count) and in grand (the
    jacks, fixed in the key, are the only trumps; every suit has the same ranks
    and points); in a suit game the three plain suits (the trump suit is fixed).
    Applied to squeezed hands (equivalent keys) too: the squeeze works suit by
    suit, so it commutes with a permutation of suits."""
    if gt == _NULL:
        def null_key(ha: int, hb: int, hc: int) -> int:
            p = sorted(((ha >> sh & 0xFF) | (hb >> sh & 0xFF) << 8 | (hc >> sh & 0xFF) << 16)
                       for sh in (0, 8, 16, 24))
            return ((p[0] << 24 | p[1]) << 24 | p[2]) << 24 | p[3]
        return null_key
    shifts = tuple(sh for sh in (0, 8, 16, 24) if sh != 8 * gt)
    fixed = T.JACKS | (0 if gt == T.GRAND else 0xFF << 8 * gt)

    def trump_key(ha: int, hb: int, hc: int) -> int:
        p = sorted(((ha >> sh & 0x7F) | (hb >> sh & 0x7F) << 7 | (hc >> sh & 0x7F) << 14)
                   for sh in shifts)
        k = (ha & fixed) << 64 | (hb & fixed) << 32 | hc & fixed
        for x in p:
            k = k << 21 | x
        return k
    return trump_key


_OrderKeys = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
                   tuple[tuple[int, ...], ...]]
_ORDER_KEYS: dict[int, _OrderKeys] = {}


def _order_keys(gt: int) -> _OrderKeys:
    """The sort keys of the points search's second and last hand, as tables (so
    that a sort calls a tuple's ``__getitem__``, not a Python function), for game
    type ``gt``, built once: ``(partner, opponent, last)`` where ``partner[c0][c]``
    orders the second hand's cards behind the partner's lead ``c0`` (smear
    points, do not overtake: the card points, less 8 if ``c`` beats ``c0``),
    ``opponent[c0][c]`` against an opponent's lead (beat it richly, else throw
    low: points + 64 if ``c`` beats ``c0``, else minus the points), and
    ``last[c0 * 32 + t][c]`` the last hand's cards when ``t`` holds the trick
    led with ``c0`` and the opponents hold it (points + 100 if ``c`` beats ``t``,
    else minus the points), all sorted highest first.

    >>> partner, opponent, last = _order_keys(T.GRAND)
    >>> opponent[int(Card.parse("SK"))][int(Card.parse("SA"))]  # beats it: 11 + 64
    75
    """
    hit = _ORDER_KEYS.get(gt)
    if hit is None:
        K = T.KEY[gt]
        cp = _CP
        partner = tuple(tuple(cp[c] - (K[c0][c] > K[c0][c0]) * 8 for c in range(32))
                        for c0 in range(32))
        opponent = tuple(tuple(cp[c] + 64 if K[c0][c] > K[c0][c0] else -cp[c]
                               for c in range(32)) for c0 in range(32))
        last = tuple(tuple(cp[c] + 100 if K[c0][c] > K[c0][t] else -cp[c] for c in range(32))
                     for c0 in range(32) for t in range(32))
        hit = _ORDER_KEYS[gt] = (partner, opponent, last)
    return hit


_CARDS_MEMO: dict[int, tuple[int, ...]] = {}


def _cards_tuple(mask: int) -> tuple[int, ...]:
    """Card indices of a mask, lowest first (memoised)."""
    hit = _CARDS_MEMO.get(mask)
    if hit is None:
        if len(_CARDS_MEMO) > 500_000:
            _CARDS_MEMO.clear()
        hit = _CARDS_MEMO[mask] = tuple(_cards(mask))
    return hit


_cards = T.mask_cards


# ----------------------------------------------------------------- the searches

_Search = Callable[[int, int, int, int, int, int, int], int]
_GoalSearch = Callable[[int, int, int, int], bool]


DEFAULT_TT_LIMIT = 1_000_000
"""The default bound on a :class:`Solver`'s transposition entries, all its tables
together (about 0.2 GB at the most; see :class:`Solver`)."""

_CHECK_EVERY = 4096
"""Nodes between two checks of the table size (and of the node limit's slow path)."""

_NO_LIMIT = 1 << 62

_SQUEEZE_LIMIT = 200_000
"""The most squeezed hands a solver remembers (about 20 MB) before it forgets them."""

_BOUNDS_FROM = 5
"""The quick bounds are tried at trick starts with at least this many cards in
hand (lower, they cost more than the nodes they save: the rest is searched fast)."""

_ENTRY = "lower | upper << 7 | (best lead + 1) << 14"
"""A points-search table entry: one int (not a list: no allocation of a tracked
object per store, which the garbage collector would scan), holding bounds on the
declarer's points still to come (0..120, 7 bits each) and the best lead found
(a card index, -1 for none); with the quasi-symmetry keys (``qsym``) also the
remaining cards of the position stored, ``... | remaining << 20``."""

_HISTORY_STEP = 16
"""What a lead gains in the history order for each cutoff it caused."""


def _flag(value: object, name: str) -> bool:
    """``value`` if it is a bool; the ArgumentTypeError naming ``name`` otherwise."""
    if isinstance(value, bool):
        return value
    raise type_error(name, "a bool", value)


class Solver:
    """A reusable solver: keeps its transposition tables between calls.

    **Memory.**  The tables of one solver hold at most ``tt_limit`` entries in
    all (default :data:`DEFAULT_TT_LIMIT`, one million), plus at most the 4096
    a search adds between two checks: the size is checked before every search
    and every 4096 nodes during one.  Over the limit, every table keeps only
    its newer half (entries are dropped oldest first, :attr:`evictions` counts
    how often) and the search goes on, exact but without what it forgot.  An
    entry costs about 130 bytes (measured with tracemalloc: the key, the int
    holding the bounds and the best lead, and the dict slot), so the tables
    stay under about 140 MB at the default; a solver with ``tt_limit=400_000``
    (the PIMC bot's) under 60 MB.  With the quasi-symmetry bounds a position
    takes two entries (both count), and the memo of their keys holds at most
    200,000 hands (about 20 MB), as the memo of squeezed low cards and each of
    the memos of ordered moves (leads, second and last hand) do.
    :meth:`clear` (or :func:`clear_cache` for the solver behind :func:`solve`)
    frees them at once.

    :param tt: use the transposition table.
    :param ordering: use move ordering (table move first, greedy trick outcomes).
    :param equivalence: search only one of each set of equivalent cards.
    :param mtdf: find exact values by a sequence of null-window searches
        (bisection, MTD(f)-like) instead of one full-window alpha-beta search.
    :param eqkeys: equivalent transposition keys: positions equal up to
        equivalent cards share an entry (the 7, 8 and 9 of a suit and the jacks,
        with the played ones squeezed out).
    :param history: order the leads by the cutoffs they caused (history
        heuristic) on top of the static order.  Off by default: on RuleBot deals
        it saved nothing on average and doubled the nodes of some deals
        (``benchmarks/solver.py --realistic``).
    :param targets: without a guess, the exact search probes the game's target
        first (does the declarer reach 61 card points?) before it bisects.
    :param bounds: quick bounds: before a trick-start position of a suit or
        grand game is searched, the sure tricks of the side on lead
        (:func:`_sure_tricks`) bound the declarer's points from below (he
        leads) or from above (a defender leads: the rest minus the defenders'
        sure points; with schwarz announced or ouvert one sure trick ends the
        game), and a bound outside the window cuts the search.  Off by
        default: on RuleBot deals it saves about 8% of the nodes and costs
        about as much time as it saves (``benchmarks/solver.py --realistic``).
    :param killers: killer leads for the defenders: the last defender's lead that
        caused a cutoff at a trick start (same hand size, same seat relative to
        the declarer) is tried first at the next one where it is legal (after the
        table's best lead).  About 0.9 × the nodes on RuleBot deals; for the
        declarer's leads it measured no gain (``benchmarks/solver.py
        --realistic``).
    :param isokeys: suit-isomorphism keys (:func:`_iso_keyer`): positions equal
        up to a permutation of interchangeable suits (all four in grand and
        null, the three plain suits in a suit game) share an entry.  Off by
        default: they merge about 1% of the nodes and the key costs more time
        than that saves.
    :param qsym: quasi-symmetry bounds: every position is also stored under the
        order of its remaining cards (:func:`_structure`), and an entry stored
        for other cards in that order bounds the value shifted by the points
        difference (:func:`_point_shift`).  About 0.4 × the nodes and half the
        time on RuleBot deals (``benchmarks/solver.py --realistic``).
    :param endgame: the last two tricks solved apart: a position with two cards
        in every hand is solved exactly by a plain alpha-beta over its at most
        eight first tricks, each followed by the forced last one (no squeezed
        key, no move lists, no ordering; the last trick is not a node of its
        own), and its value is kept in the table under the raw hands, so that a
        later visit in any window is one lookup.  About 0.85 × the instructions
        and 0.9 × the nodes on RuleBot deals (``benchmarks/solver.py
        --realistic``).
    :param tt_limit: the most transposition entries, all tables together.

    >>> s = Solver(tt=False)
    >>> s.nodes, s.entries, s.tt_limit
    (0, 0, 1000000)
    """

    # The parameters are typed ``object`` and checked here, so that a wrong type raises
    # the same ArgumentTypeError in the pure and in the compiled (mypyc) build, whose
    # own argument checks would raise a bare TypeError first (CONTRIBUTING, "Errors
    # and types").
    def __init__(self, *, tt: object = True, ordering: object = True,
                 equivalence: object = True, mtdf: object = True, eqkeys: object = True,
                 history: object = False, targets: object = True, bounds: object = False,
                 isokeys: object = False, killers: object = True, qsym: object = True,
                 endgame: object = True, tt_limit: object = DEFAULT_TT_LIMIT) -> None:
        self.use_tt = _flag(tt, "tt")
        self.killers = _flag(killers, "killers")
        self.eqkeys = _flag(eqkeys, "eqkeys")
        self.isokeys = _flag(isokeys, "isokeys")
        self.qsym = _flag(qsym, "qsym")
        self.endgame = _flag(endgame, "endgame")
        self.history = _flag(history, "history")
        self.targets = _flag(targets, "targets")
        self.bounds = _flag(bounds, "bounds")
        self.ordering = _flag(ordering, "ordering")
        self.equivalence = _flag(equivalence, "equivalence")
        self.mtdf = _flag(mtdf, "mtdf")
        self.tt_limit = as_int(tt_limit, "tt_limit")
        self.evictions = 0
        """How often the tables passed ``tt_limit`` and dropped their older half."""
        self.peak_entries = 0
        """The most transposition entries seen at a check (before an eviction)."""
        self._stats = [0]
        self._squeezed: dict[int, int] = {}
        """The low cards of three hands, packed as in a points-search table key
        (``(la << 64 | lb << 32 | lc) << 2``) -> those xor their squeezed selves
        (see _squeeze_lows)."""
        self._structures: dict[int, int] = {}
        """A points-search table key (or, with the suit-isomorphism keys, the hands
        and the declarer's seat) -> the quasi-symmetry table key (see _structure)."""
        self._move_memos: list[dict[int, Sequence[int]]] = []
        """The points searches' memos of ordered moves: the leader's, the second
        hand's and the last hand's, three per search (the order depends on the
        game type); each is emptied at a check once it passes _SQUEEZE_LIMIT."""
        self._node_limit = _NO_LIMIT
        self._deadline: float | None = None
        # the searches call _checkpoint once the node count passes _limit[0]
        self._limit = [_CHECK_EVERY]
        self._points: dict[tuple[int, bool], tuple[_Search, dict[int, int]]] = {}
        self._goals: dict[tuple[int, bool], tuple[_GoalSearch, dict[int, bool]]] = {}

    @property
    def nodes(self) -> int:
        """Trick-start positions searched so far (the node count of the benchmarks)."""
        return self._stats[0]

    @property
    def node_limit(self) -> int | None:
        """Abort searches (:class:`SearchAborted`) once :attr:`nodes` passes this."""
        return None if self._node_limit >= _NO_LIMIT else self._node_limit

    @node_limit.setter
    def node_limit(self, value: object) -> None:
        self._node_limit = _NO_LIMIT if value is None else as_int(value, "node_limit",
                                                                  "an int or None")
        self._limit[0] = min(self._node_limit, self._stats[0] + _CHECK_EVERY)

    @property
    def deadline(self) -> float | None:
        """Abort searches (:class:`SearchAborted`) once the CPU clock of this process
        (``time.process_time()``) passes this value; ``None`` (the default): no
        clock.  Checked every few thousand nodes, so a search overruns it by a few
        milliseconds at most.  A search that obeys a deadline is not reproducible
        (how far it gets depends on the machine): :class:`~skatlib.bots.pimc.PIMCBot`
        uses one only as a cap on a decision's time."""
        return self._deadline

    @deadline.setter
    def deadline(self, value: object) -> None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise type_error("deadline", "a number (time.process_time() seconds) or None",
                             value)
        self._deadline = None if value is None else float(value)

    @property
    def entries(self) -> int:
        """Transposition entries held now, all tables together."""
        return (sum(len(t) for _, t in self._points.values())
                + sum(len(t) for _, t in self._goals.values()))

    def clear(self) -> None:
        """Empty the transposition tables (frees their memory)."""
        for _, table in self._points.values():
            table.clear()
        for _, gtable in self._goals.values():
            gtable.clear()
        self._squeezed.clear()
        self._structures.clear()
        for memo in self._move_memos:
            memo.clear()

    def _evict(self) -> None:
        """Every table keeps its newer half (a dict keeps insertion order, so the
        entries first stored go first).  Rebuilt in place: the searches hold the
        dicts."""
        self.evictions += 1
        tables: list[dict[int, int] | dict[int, bool]] = [
            t for _, t in self._points.values()]
        tables.extend(t for _, t in self._goals.values())
        for table in tables:
            keep = list(islice(table.items(), len(table) // 2, None))
            table.clear()
            table.update(keep)  # type: ignore[arg-type]

    def _checkpoint(self) -> None:
        """The searches' slow path, every few thousand nodes: enforce the node limit
        and the table bound."""
        n = self._stats[0]
        if n > self._node_limit:
            raise SearchAborted(
                f"the search passed its node limit of {self._node_limit} nodes ({n} searched "
                "so far); raise Solver.node_limit or set it to None for no limit")
        if self._deadline is not None and process_time() > self._deadline:
            raise SearchAborted(
                f"the search passed its deadline of {self._deadline:.3f} CPU seconds "
                f"(time.process_time(); {n} nodes searched so far); set Solver.deadline "
                "to None for no clock")
        entries = self.entries
        if entries > self.peak_entries:
            self.peak_entries = entries
        if entries > self.tt_limit:
            self._evict()
        if len(self._squeezed) > _SQUEEZE_LIMIT:
            self._squeezed.clear()
        if len(self._structures) > _SQUEEZE_LIMIT:
            self._structures.clear()
        for memo in self._move_memos:
            if len(memo) > _SQUEEZE_LIMIT:
                memo.clear()
        self._limit[0] = min(self._node_limit, n + _CHECK_EVERY)

    # ----- public entry points on states
    def solve(self, state: GameState) -> int:
        """See :func:`solve`."""
        return self.solve_position(position_of(state))

    def evaluate_moves(self, state: GameState) -> dict[Card, int]:
        """See :func:`evaluate_moves`."""
        vals = self.evaluate_position(position_of(state))
        return {_CARDS[c]: v for c, v in vals.items()}

    def takes_all_tricks(self, state: GameState) -> bool:
        """See :func:`takes_all_tricks`."""
        return self.all_tricks_position(position_of(state))

    # ----- raw positions
    def solve_position(self, pos: Position, guess: int | None = None) -> int:
        """The value of a raw :class:`Position` (see the module docs)."""
        if pos.gt == _NULL:
            return 1 if self._goal_value(pos, False) else 0
        if pos.ended:
            return pos.points
        return pos.points + self._future(pos, guess)

    def evaluate_position(self, pos: Position) -> dict[int, int]:
        """Value after each legal card of the seat to move, by card index."""
        legal = pos.legal_mask()
        out: dict[int, int] = {}
        guess: int | None = None
        for c in self._root_moves(pos, legal):
            child = pos.play(c)
            if pos.gt == _NULL:
                v = 1 if self._goal_value(child, False) else 0
            elif child.ended:
                v = child.points
            else:
                v = child.points + self._future(child, None if guess is None
                                                else guess - child.points)
                guess = v
            out[c] = v
        # equivalent cards share the value of their representative
        for c in _cards(legal):
            if c not in out:
                out[c] = out[self._representative_of(pos, legal, c)]
        return dict(sorted(out.items()))

    def reaches(self, pos: Position, target: int) -> bool:
        """True if the declarer of a suit or grand game ends with at least
        ``target`` card points (one null-window search: much cheaper than the
        exact value)."""
        if pos.gt == _NULL:
            raise SolverError("reaches is for suit and grand games")
        need = target - pos.points
        if need <= 0:
            return True
        if pos.ended:
            return False
        search, _ = self._points_search(pos.gt, pos.stop)
        h = pos.hands
        rem = T.mask_points(h[0] | h[1] | h[2] | _trick_mask(pos.trick))
        if need > rem:
            return False
        if pos.trick:
            return self._partial(pos, search, rem, need - 1, need) >= need
        s = pos.leader
        return search(h[s], h[(s + 1) % 3], h[(s + 2) % 3], (pos.declarer - s) % 3, rem,
                      need - 1, need) >= need

    def null_clean(self, pos: Position) -> bool:
        """True if the null declarer can avoid every remaining trick."""
        if pos.gt != _NULL:
            raise SolverError("null_clean is for null games")
        return self._goal_value(pos, False)

    def equivalent_moves(self, pos: Position) -> dict[int, int]:
        """Each legal card of the seat to move -> the card that represents its
        class of equivalent cards (a representative maps to itself)."""
        legal = pos.legal_mask()
        if not self.equivalence:
            return {c: c for c in _cards(legal)}
        remaining = pos.hands[0] | pos.hands[1] | pos.hands[2] | _trick_mask(pos.trick)
        return _rep_map(pos.gt, legal, remaining)

    def all_tricks_position(self, pos: Position) -> bool:
        """True if the declarer can take every remaining trick (suit and grand)."""
        if pos.gt == _NULL:
            raise SolverError("takes_all_tricks is for suit and grand games")
        return self._goal_value(pos, True)

    # ----- internals
    def _root_moves(self, pos: Position, legal: int) -> list[int]:
        if not self.equivalence:
            return _cards(legal)
        remaining = pos.hands[0] | pos.hands[1] | pos.hands[2] | _trick_mask(pos.trick)
        reps = _reps_null if pos.gt == _NULL else _reps_trump
        return _cards(reps(legal, remaining))

    def _representative_of(self, pos: Position, legal: int, card: int) -> int:
        remaining = pos.hands[0] | pos.hands[1] | pos.hands[2] | _trick_mask(pos.trick)
        return _rep_map(pos.gt, legal, remaining)[card]

    def _future(self, pos: Position, guess: int | None) -> int:
        """Declarer's points from the current trick on (exact)."""
        search, _ = self._points_search(pos.gt, pos.stop)
        trick = pos.trick
        seat = pos.to_move
        h = pos.hands
        d = pos.declarer
        rem = T.mask_points(h[0] | h[1] | h[2] | _trick_mask(trick))
        if rem == 0 and not trick and not (h[0] | h[1] | h[2]):
            return 0

        def root(alpha: int, beta: int) -> int:
            if not trick:
                ha, hb, hc = h[seat], h[(seat + 1) % 3], h[(seat + 2) % 3]
                return search(ha, hb, hc, (d - seat) % 3, rem, alpha, beta)
            return self._partial(pos, search, rem, alpha, beta)

        if not self.mtdf:
            return root(-1, rem + 1)
        lower, upper = 0, rem
        g = -1 if guess is None else max(0, min(rem, guess))
        # without a guess, the game's own target first: does the declarer reach 61?
        # (Probing 90 or 31 next measured no gain over the bisection.)
        if guess is None and self.targets:
            g = T.WIN_POINTS - pos.points
        while lower < upper:
            if lower < g <= upper:
                beta = g
            else:
                beta = (lower + upper + 1) // 2
            r = root(beta - 1, beta)
            if r < beta:
                upper = r
            else:
                lower = r
            g = -1
        return lower

    def _partial(self, pos: Position, search: _Search, rem: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta over the rest of an unfinished trick."""
        seat = pos.to_move
        d = pos.declarer
        legal = pos.legal_mask()
        moves = self._root_moves(pos, legal)
        maximise = seat == d
        best = -1 if maximise else 1 << 20
        for c in moves:
            child = pos.play(c)
            if child.trick:
                v = self._partial(child, search, rem, alpha, beta)
            else:
                gained = child.points - pos.points
                w = child.leader
                if child.ended:  # D-10: the defenders' trick ended the game
                    v = 0
                else:
                    h = child.hands
                    r = rem - sum(_CP[x] for x in (*pos.trick, c))
                    ha, hb, hc = h[w], h[(w + 1) % 3], h[(w + 2) % 3]
                    if not ha:
                        v = gained
                    else:
                        v = gained + search(ha, hb, hc, (d - w) % 3, r, alpha - gained,
                                            beta - gained)
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _goal_value(self, pos: Position, want_win: bool) -> bool:
        """Null (``want_win=False``): the declarer avoids every trick.  All tricks
        (``True``): the declarer takes every trick."""
        if pos.ended:
            return False
        d = pos.declarer
        if pos.trick:
            seat = pos.to_move
            maximise = seat == d
            for c in self._root_moves(pos, pos.legal_mask()):
                child = pos.play(c)
                if not child.trick and (child.leader == d) != want_win:
                    ok = False
                else:
                    ok = self._goal_value(child, want_win)
                if ok == maximise:
                    return ok
            return not maximise
        h = pos.hands
        if not (h[0] | h[1] | h[2]):
            return True
        search, _ = self._goal_search(pos.gt, want_win)
        s = pos.leader
        return search(h[s], h[(s + 1) % 3], h[(s + 2) % 3], (d - s) % 3)

    def _points_search(self, gt: int, stop: bool) -> tuple[_Search, dict[int, int]]:
        key = (gt, stop)
        hit = self._points.get(key)
        if hit is None:
            table: dict[int, int] = {}
            hit = (_make_points_search(gt, stop, table, self), table)
            self._points[key] = hit
        self._checkpoint()
        return hit

    def _goal_search(self, gt: int, want_win: bool) -> tuple[_GoalSearch, dict[int, bool]]:
        key = (gt, want_win)
        hit = self._goals.get(key)
        if hit is None:
            table: dict[int, bool] = {}
            hit = (_make_goal_search(gt, want_win, table, self), table)
            self._goals[key] = hit
        self._checkpoint()
        return hit


def _strength(gt: int, card: int) -> int:
    return T.KEY[gt][card][card]


def _make_points_search(gt: int, stop: bool, tt: dict[int, int], solver: Solver
                        ) -> _Search:
    """The points search for one game type: ``search(ha, hb, hc, dr, rem, alpha,
    beta)`` -> the declarer's card points from the remaining tricks (fail-soft),
    where ``ha`` is the leader's hand, ``hb``/``hc`` the next seats', ``dr`` the
    declarer's offset from the leader and ``rem`` the points still in the hands.

    Move lists are computed once per (hand, remaining cards, situation) and
    cached: the lead list, the second hand's list per card led, and the last
    hand's list per card that holds the trick."""
    KEYG = T.KEY[gt]
    FOLLOWG = T.FOLLOW[gt]
    CP = _CP
    stats = solver._stats
    limit = solver._limit
    checkpoint = solver._checkpoint
    use_tt = solver.use_tt
    ordering = solver.ordering
    equiv = solver.equivalence
    eqkeys = solver.eqkeys
    isokeys = solver.isokeys
    iso = _iso_keyer(gt)
    history = solver.history
    killers = solver.killers
    endgame = solver.endgame
    # killer leads of the defenders: [dr * 16 + cards in the leader's hand] -> the
    # last defender's lead that caused a cutoff there
    killer = [-1] * 48
    bounds = solver.bounds
    bounds_from = _BOUNDS_FROM
    sure = _sure_tricks
    # history heuristic for leads: the static lead key (declarer strong leads first,
    # defenders weak ones first) plus _HISTORY_STEP per cutoff the lead caused
    step = _HISTORY_STEP
    hist_d = [0] * 32
    hist_o = [0] * 32
    squeeze_low = _squeeze_lows
    low_cards = _LOW_CARDS
    low3 = ((_LOW_CARDS << 32 | _LOW_CARDS) << 32 | _LOW_CARDS) << 2  # in a table key
    sq_memo = solver._squeezed
    qsym = solver.qsym and use_tt
    # the memo of the quasi-symmetry keys is keyed on the table key when that is
    # the hands (squeezed or not: the squeeze keeps the order of the cards); the
    # suit-isomorphism key merges other orders, so with it on, on the hands
    qsym_on_tkey = not isokeys
    structure = _structure
    st_memo = solver._structures
    shift = _SHIFT
    sm0, sm1, sm2, sm3 = _SUIT_MASKS
    reps = _reps_trump
    runs = _runs_trump
    cards = _cards
    ctuple = _cards_tuple
    # per card led: its row of strengths, its strength, the cards that follow it
    # (alone and in both halves of a memo key), its suit's part of the last hand's
    # memo key (the suit told by the highest card that follows), its points
    lead_info = tuple((KEYG[c], KEYG[c][c], f, f * (1 | 1 << 32), f.bit_length() << 8, CP[c])
                      for c, f in enumerate(FOLLOWG))
    # (the last hand's runs' key << 14 | the suit led << 8 | the strength of the
    # card holding the trick << 1 | whether he plays against its holder) -> his
    # moves, ordered: the cards' strengths and the sort keys (order_last) depend on
    # the card led only by its suit (the cards that follow it), and on the card
    # holding the trick only by its strength
    last_memo: dict[int, Sequence[int]] = {}
    # (the second hand's legal representatives << 6 | card led << 1 | whether he
    # plays behind his partner) -> his moves, ordered
    second_memo: dict[int, Sequence[int]] = {}
    # (the leader's representatives << 1 | whether the declarer leads) -> the leads,
    # ordered (without the history heuristic)
    lead_memo: dict[int, Sequence[int]] = {}
    solver._move_memos.extend((last_memo, second_memo, lead_memo))
    strength = tuple(KEYG[c][c] for c in range(32))
    # lead order: strong cards first, and among equal strength the more points
    lead_key = tuple(strength[c] * 16 + CP[c] for c in range(32))
    if history:
        hist_d[:] = lead_key
        hist_o[:] = [-k for k in lead_key]
    neg_cp = tuple(-CP[c] for c in range(32))
    order_partner, order_opponent, order_last = _order_keys(gt)

    def two_tricks(ha: int, hb: int, hc: int, dr: int, rem: int, alpha: int, beta: int
                   ) -> int:
        """A position with two cards in every hand (the ``endgame`` flag): fail-soft
        alpha-beta over the at most eight first tricks, each followed by the forced
        last one, with no table and no ordering (``search`` calls it with a full
        window and keeps the exact value).  Its three nested loops mirror the
        trick loops of ``search`` below (the same max/min updates per hand and the
        same trick scoring); ``test_two_trick_endgame_keeps_the_values`` proves the
        values equal to a brute-force minimax and to the solver without the flag."""
        lo = ha & -ha
        hi = ha ^ lo
        best0 = -1 if dr == 0 else 1000
        for b_c0, ra in ((lo, hi), (hi, lo)):
            c0 = b_c0.bit_length() - 1
            key = KEYG[c0]
            k0 = key[c0]
            fol = FOLLOWG[c0]
            l1 = hb & fol
            if not l1 or l1 == hb:
                l1 = hb
            l2 = hc & fol
            if not l2 or l2 == hc:
                l2 = hc
            p0 = CP[c0]
            a1 = alpha
            b1 = beta
            best1 = -1 if dr == 1 else 1000
            x1 = l1 & -l1
            for b_c1 in ((x1, l1 ^ x1) if l1 ^ x1 else (x1,)):
                c1 = b_c1.bit_length() - 1
                k1 = key[c1]
                if k1 > k0:
                    top = 1
                    ktop = k1
                else:
                    top = 0
                    ktop = k0
                p01 = p0 + CP[c1]
                rb = hb ^ b_c1
                a2 = a1
                b2 = b1
                best2 = -1 if dr == 2 else 1000
                x2 = l2 & -l2
                for b_c2 in ((x2, l2 ^ x2) if l2 ^ x2 else (x2,)):
                    c2 = b_c2.bit_length() - 1
                    w = 2 if key[c2] > ktop else top
                    rc = hc ^ b_c2
                    # the last trick, led by the winner w (an inlined copy of
                    # _tables.trick_winner_fast)
                    if w == 0:
                        d0, d1, d2 = ra, rb, rc
                    elif w == 1:
                        d0, d1, d2 = rb, rc, ra
                    else:
                        d0, d1, d2 = rc, ra, rb
                    e0 = d0.bit_length() - 1
                    key2 = KEYG[e0]
                    j0 = key2[e0]
                    j1 = key2[d1.bit_length() - 1]
                    j2 = key2[d2.bit_length() - 1]
                    w2 = (w + ((2 if j2 > j1 else 1) if j1 > j0 else (2 if j2 > j0 else 0))) % 3
                    if w == dr:
                        pts = p01 + CP[c2]
                        v = rem if w2 == dr else pts
                    elif stop:
                        v = 0  # the defenders' trick ends the game (D-10)
                    else:
                        v = rem - p01 - CP[c2] if w2 == dr else 0
                    if dr == 2:
                        if v > best2:
                            best2 = v
                            if v > a2:
                                a2 = v
                                if a2 >= b2:
                                    break
                    elif v < best2:
                        best2 = v
                        if v < b2:
                            b2 = v
                            if a2 >= b2:
                                break
                v = best2
                if dr == 1:
                    if v > best1:
                        best1 = v
                        if v > a1:
                            a1 = v
                            if a1 >= b1:
                                break
                elif v < best1:
                    best1 = v
                    if v < b1:
                        b1 = v
                        if a1 >= b1:
                            break
            v = best1
            if dr == 0:
                if v > best0:
                    best0 = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best0:
                best0 = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best0

    def search(ha: int, hb: int, hc: int, dr: int, rem: int, alpha: int, beta: int) -> int:
        if beta <= 0:
            return 0
        if alpha >= rem:
            return rem
        stats[0] += 1
        if stats[0] > limit[0]:
            checkpoint()
        x = ha & (ha - 1)
        if not x:  # last trick: every card is forced
            # the winner: inlined copy of _tables.trick_winner_fast
            c0 = ha.bit_length() - 1
            key = KEYG[c0]
            k0 = key[c0]
            k1 = key[hb.bit_length() - 1]
            k2 = key[hc.bit_length() - 1]
            w = (2 if k2 > k1 else 1) if k1 > k0 else (2 if k2 > k0 else 0)
            return rem if w == dr else 0
        raw = ((ha << 32 | hb) << 32 | hc) << 2 | dr  # the table key of the raw hands
        if endgame and not x & (x - 1):  # two cards each: solved exactly, kept raw
            ekey = raw | 1 << 101
            v = tt.get(ekey)
            if v is None:
                v = tt[ekey] = two_tricks(ha, hb, hc, dr, rem, -1, 1000)
            return v
        if bounds and ha.bit_count() >= bounds_from:  # quick bounds: sure tricks
            if dr == 0:
                v = sure(gt, ha, hb, hc) >> 4
                if v >= beta:
                    return v
            elif stop:
                if sure(gt, ha, hb, hc) & 15:  # the defenders' sure trick ends it (D-10)
                    return 0
            else:
                v = rem - (sure(gt, ha, hb, hc) >> 4)
                if v <= alpha:
                    return v
        if use_tt:
            if isokeys:
                if eqkeys:
                    la = ha & low_cards
                    lb_ = hb & low_cards
                    lc = hc & low_cards
                    k = ((la << 32 | lb_) << 32 | lc) << 2
                    d = sq_memo.get(k)
                    if d is None:
                        d = sq_memo[k] = k ^ squeeze_low(k >> 2) << 2
                    low = (k ^ d) >> 2
                    tkey = iso(ha ^ la | low >> 64, hb ^ lb_ | low >> 32 & 0xFFFFFFFF,
                               hc ^ lc | low & 0xFFFFFFFF) << 2 | dr
                else:
                    tkey = iso(ha, hb, hc) << 2 | dr
            else:
                tkey = raw
                if eqkeys:
                    # the three hands' low cards squeezed over the played ones (the
                    # identity while none is played), at their bits: the memo holds
                    # what changes (the low cards xor their squeezed selves)
                    k = tkey & low3
                    d = sq_memo.get(k)
                    if d is None:
                        d = sq_memo[k] = k ^ squeeze_low(k >> 2) << 2
                    tkey ^= d
            entry = tt.get(tkey)
            if entry is not None:
                lb = entry & 127
                ub = entry >> 7 & 127
                if lb >= beta:
                    return lb
                if ub <= alpha:
                    return ub
                if lb == ub:
                    return lb
                if lb > alpha:
                    alpha = lb
                if ub < beta:
                    beta = ub
        else:
            entry = None
            tkey = 0
        remaining = ha | hb | hc
        qkey = 0
        qentry = None
        if qsym:
            # quasi-symmetry: a second entry keyed on the order of the remaining cards
            # only (bit 100 set); one stored for other cards (its remaining cards in
            # bits 20..51) bounds this position's value shifted by the points
            # difference (an inlined copy of _point_shift)
            k = tkey if qsym_on_tkey else raw
            qhit = st_memo.get(k)
            if qhit is None:
                qhit = st_memo[k] = structure(ha, hb, hc) << 2 | 1 << 100 | dr
            qkey = qhit
            qentry = tt.get(qkey)
            if qentry is not None:
                rp = qentry >> 20
                if rp != remaining:
                    x = rp | remaining << 32
                    d = shift[x & sm0] + shift[x & sm1] + shift[x & sm2] + shift[x & sm3]
                    lb = (qentry & 127) - (d & 255)
                    ub = (qentry >> 7 & 127) + (d >> 8)
                    if lb >= beta or ub <= alpha:
                        # keep the shifted bound as this position's own entry
                        if entry is None:
                            elb, eub, ebm = 0, rem, qentry >> 14 & 63
                        else:
                            elb, eub, ebm = entry & 127, entry >> 7 & 127, entry >> 14 & 63
                        if lb > elb:
                            elb = lb
                        if ub < eub:
                            eub = ub
                        tt[tkey] = elb | eub << 7 | ebm << 14
                        return lb if lb >= beta else ub
                    if lb > alpha:
                        alpha = lb
                    if ub < beta:
                        beta = ub
                    if alpha >= beta:
                        return alpha
        m0 = dr == 0
        m1 = dr == 1
        m2 = dr == 2
        # whether the last hand plays against the holder of a trick held by the
        # leader (f0) or by the second hand (f1): he is the declarer, or the holder is
        f0 = m2 or m0
        f1 = m2 or m1
        moves0: Sequence[int] | None
        moves1: Sequence[int] | None
        if equiv:
            leads = reps(ha, remaining)
            rb = reps(hb, remaining)
        else:
            leads = ha
            rb = hb
        xc = hc | remaining << 32
        if ordering and not history:
            mk = leads << 1 | m0
            moves0 = lead_memo.get(mk)
            if moves0 is None:
                moves0 = lead_memo[mk] = tuple(sorted(ctuple(leads), key=lead_key.__getitem__,
                                                      reverse=m0))
        else:
            moves0 = ctuple(leads)
        if ordering:
            if history and len(moves0) > 1:
                hk = hist_d if m0 else hist_o
                moves0 = sorted(moves0, key=hk.__getitem__, reverse=True)
            if killers and not m0 and len(moves0) > 1:  # a defender leads
                kc = killer[dr * 16 + ha.bit_count()]
                if kc != moves0[0] and kc in moves0:
                    i = moves0.index(kc)
                    moves0 = (kc, *moves0[:i], *moves0[i + 1:])
            best = qentry if entry is None else entry  # else the quasi-symmetric one's
            if best is not None and len(moves0) > 1:
                bm = (best >> 14 & 63) - 1
                if bm != moves0[0] and bm in moves0:
                    i = moves0.index(bm)
                    moves0 = (bm, *moves0[:i], *moves0[i + 1:])
        a0 = alpha
        b0 = beta
        best0 = -1 if m0 else 1000
        bm = -1
        for c0 in moves0:
            na = ha ^ 1 << c0
            key, k0, fol, fol2, fgroup, p0 = lead_info[c0]
            l1 = rb & fol
            mk = (l1 if l1 else rb) << 6 | c0 << 1 | m2
            moves1 = second_memo.get(mk)
            if moves1 is None:
                moves1 = ctuple(l1 if l1 else rb)
                if ordering and len(moves1) > 1:
                    if m2:  # behind the partner's lead: smear points, do not overtake
                        moves1 = tuple(sorted(moves1, key=order_partner[c0].__getitem__,
                                              reverse=True))
                    else:  # against an opponent's lead: beat it richly, else throw low
                        moves1 = tuple(sorted(moves1, key=order_opponent[c0].__getitem__,
                                              reverse=True))
                second_memo[mk] = moves1
            # the last hand's runs are those of the key rk (his cards of the suit
            # led, or all if he has none, and the remaining cards), in both modes
            if hc & fol:
                rk = (xc & fol2) << 14 | fgroup
            else:
                rk = xc << 14 | fgroup
            mk0 = rk | k0 << 1 | f0  # the last hand's key while the lead holds the trick
            a1 = a0
            b1 = b0
            best1 = -1 if m1 else 1000
            for c1 in moves1:
                nb = hb ^ 1 << c1
                ktop = key[c1]
                if ktop > k0:
                    top = 1
                    moves2 = last_memo.get(rk | ktop << 1 | f1)
                else:
                    top = 0
                    ktop = k0
                    moves2 = last_memo.get(mk0)
                if moves2 is None:
                    hold = c1 if top else c0
                    flag = f1 if top else f0
                    legal2 = hc & fol or hc
                    if equiv:
                        runs2 = runs(legal2, remaining)
                    else:
                        runs2 = tuple((c, c) for c in cards(legal2))
                    # the last hand knows who takes the trick: of a run of equivalent
                    # cards it plays the richest if its side wins, else the poorest
                    if flag:
                        moves2l = [b if key[a] > ktop else a for a, b in runs2]
                    else:  # the partner holds the trick: the defenders take it anyway
                        moves2l = [b for a, b in runs2]
                    if ordering and len(moves2l) > 1:
                        if flag:  # beat the opponents richly, else throw low
                            moves2l.sort(key=order_last[c0 << 5 | hold].__getitem__,
                                         reverse=True)
                        else:  # smear onto the partner's trick
                            moves2l.sort(key=neg_cp.__getitem__)
                    moves2 = last_memo[rk | ktop << 1 | flag] = tuple(moves2l)
                p01 = p0 + CP[c1]
                a2 = a1
                b2 = b1
                best2 = -1 if m2 else 1000
                for c2 in moves2:
                    w = 2 if key[c2] > ktop else top
                    pts = p01 + CP[c2]
                    if w == dr:
                        if not na or b2 <= pts:  # (the child would return 0 at once)
                            v = pts
                        elif w == 0:
                            v = pts + search(na, nb, hc ^ (1 << c2), 0, rem - pts,
                                             a2 - pts, b2 - pts)
                        elif w == 1:
                            v = pts + search(nb, hc ^ (1 << c2), na, 0, rem - pts,
                                             a2 - pts, b2 - pts)
                        else:
                            v = pts + search(hc ^ (1 << c2), na, nb, 0, rem - pts,
                                             a2 - pts, b2 - pts)
                    elif stop or not na:
                        # stop: the defenders' trick ends the game (D-10, the rule of
                        # _tables.ends_early, which Position.play calls)
                        v = 0
                    elif w == 0:
                        v = search(na, nb, hc ^ (1 << c2), dr, rem - pts, a2, b2)
                    elif w == 1:
                        v = search(nb, hc ^ (1 << c2), na, (dr - 1) % 3, rem - pts,
                                   a2, b2)
                    else:
                        v = search(hc ^ (1 << c2), na, nb, (dr - 2) % 3, rem - pts,
                                   a2, b2)
                    if m2:
                        if v > best2:
                            best2 = v
                            if v > a2:
                                a2 = v
                                if a2 >= b2:
                                    break
                    elif v < best2:
                        best2 = v
                        if v < b2:
                            b2 = v
                            if a2 >= b2:
                                break
                v = best2
                if m1:
                    if v > best1:
                        best1 = v
                        if v > a1:
                            a1 = v
                            if a1 >= b1:
                                break
                elif v < best1:
                    best1 = v
                    if v < b1:
                        b1 = v
                        if a1 >= b1:
                            break
            v = best1
            if m0:
                if v > best0:
                    best0 = v
                    bm = c0
                    if v > a0:
                        a0 = v
                        if a0 >= b0:
                            if history:
                                hist_d[c0] += step
                            break
            elif v < best0:
                best0 = v
                bm = c0
                if v < b0:
                    b0 = v
                    if a0 >= b0:
                        if history:
                            hist_o[c0] += step
                        if killers:
                            killer[dr * 16 + ha.bit_count()] = c0
                        break
        if use_tt:
            if entry is None:
                lb, ub = 0, rem
            else:
                lb = entry & 127
                ub = entry >> 7 & 127
            if best0 <= alpha:
                if best0 < ub:
                    ub = best0
            elif best0 >= beta:
                if best0 > lb:
                    lb = best0
            else:
                lb = ub = best0
            e = lb | ub << 7 | (bm + 1) << 14  # see _ENTRY
            tt[tkey] = e
            if qsym:
                tt[qkey] = e | remaining << 20
        return best0

    return search


def _make_goal_search(gt: int, want_win: bool, tt: dict[int, bool], solver: Solver
                      ) -> _GoalSearch:
    """Boolean trick-goal search: ``search(ha, hb, hc, dr)`` is True when the
    declarer can make every remaining trick go his way (``want_win``: he takes
    it; otherwise he does not)."""
    KEYG = T.KEY[gt]
    FOLLOWG = T.FOLLOW[gt]
    stats = solver._stats
    limit = solver._limit
    checkpoint = solver._checkpoint
    use_tt = solver.use_tt
    ordering = solver.ordering
    equiv = solver.equivalence
    isokeys = solver.isokeys
    iso = _iso_keyer(gt)
    reps = _reps_null if gt == _NULL else _reps_trump
    cards = _cards
    strength = tuple(KEYG[c][c] for c in range(32))

    def moves_of(hand: int, remaining: int) -> list[int]:
        return cards(reps(hand, remaining)) if equiv else cards(hand)

    def search(ha: int, hb: int, hc: int, dr: int) -> bool:
        stats[0] += 1
        if stats[0] > limit[0]:
            checkpoint()
        tkey = 0
        if use_tt:
            if isokeys:
                tkey = iso(ha, hb, hc) << 2 | dr
            else:
                tkey = ((ha << 32 | hb) << 32 | hc) << 2 | dr
            hit = tt.get(tkey)
            if hit is not None:
                return hit
        remaining = ha | hb | hc
        last = not ha & (ha - 1)
        moves0 = moves_of(ha, remaining)
        if ordering and len(moves0) > 1:
            # the declarer in null leads low, defenders lead low too (to squeeze him);
            # in the all-tricks search the declarer leads high
            moves0.sort(key=strength.__getitem__, reverse=want_win and dr == 0)
        result = dr != 0  # the value if every lead fails (declarer) / succeeds (defender)
        for c0 in moves0:
            key = KEYG[c0]
            k0 = key[c0]
            fol = FOLLOWG[c0]
            lb_ = hb & fol
            moves1 = moves_of(lb_ if lb_ else hb, remaining)
            lc_ = hc & fol
            moves2 = moves_of(lc_ if lc_ else hc, remaining)
            if ordering and not want_win:
                # null: the declarer plays his highest card that stays under, defenders low
                if dr == 1:
                    moves1.sort(key=lambda c: key[c] if key[c] < k0 else -key[c], reverse=True)
                elif dr == 2:
                    moves2.sort(key=lambda c: key[c], reverse=True)
            ok1 = dr != 1
            for c1 in moves1:
                k1 = key[c1]
                top = 1 if k1 > k0 else 0
                ktop = k1 if top else k0
                ok2 = dr != 2
                for c2 in moves2:
                    w = 2 if key[c2] > ktop else top
                    if (w == dr) != want_win:
                        ok = False
                    elif last:
                        ok = True
                    else:
                        na = ha ^ (1 << c0)
                        nb = hb ^ (1 << c1)
                        nc = hc ^ (1 << c2)
                        if w == 0:
                            ok = search(na, nb, nc, dr)
                        elif w == 1:
                            ok = search(nb, nc, na, (dr - 1) % 3)
                        else:
                            ok = search(nc, na, nb, (dr - 2) % 3)
                    if dr == 2:
                        if ok:
                            ok2 = True
                            break
                    elif not ok:
                        ok2 = False
                        break
                if dr == 1:
                    if ok2:
                        ok1 = True
                        break
                elif not ok2:
                    ok1 = False
                    break
            if dr == 0:
                if ok1:
                    result = True
                    break
            elif not ok1:
                result = False
                break
        if use_tt:
            tt[tkey] = result
        return result

    return search


# ----------------------------------------------------------------- module functions

_DEFAULT: list[Solver] = []


def _default() -> Solver:
    if not _DEFAULT:
        _DEFAULT.append(Solver())
    return _DEFAULT[0]


def clear_cache() -> None:
    """Free the memory of the solver behind :func:`solve`, :func:`evaluate_moves`
    and :func:`takes_all_tricks` (its transposition tables, at most
    :data:`DEFAULT_TT_LIMIT` entries, about 0.2 GB) and of the move-list memo.
    The next call starts with empty tables.

    >>> clear_cache()
    >>> _DEFAULT
    []
    """
    for solver in _DEFAULT:
        solver.clear()  # now: the solver and its searches form a cycle the GC frees later
    _DEFAULT.clear()
    _CARDS_MEMO.clear()


def solve(state: GameState) -> int:
    """The outcome of ``state`` with every hand open and best play by both sides.

    One module-level :class:`Solver` serves these functions and keeps its tables
    between calls (at most :data:`DEFAULT_TT_LIMIT` entries, about 0.2 GB);
    :func:`clear_cache` frees them.

    Suit and grand: the declarer's final card points (his tricks plus the skat);
    with schwarz announced or ouvert the game ends at the defenders' first
    trick (D-10) and the points are counted then.  Null: ``1`` if the declarer
    can avoid every trick, else ``0``.

    :raises SolverError: outside card play or in Ramsch.
    :raises TypeError: if ``state`` is not a :class:`~skatlib.GameState`.
    """
    return _default().solve(state)


def evaluate_moves(state: GameState) -> dict[Card, int]:
    """The value (as in :func:`solve`) after each legal card of the seat to move:
    ``evaluate_moves(s)[c] == solve(apply(s, Play(c)))``."""
    return _default().evaluate_moves(state)


def takes_all_tricks(state: GameState) -> bool:
    """True if the declarer of a suit or grand game can take every remaining
    trick (the win condition of schwarz announced and ouvert)."""
    return _default().takes_all_tricks(state)
