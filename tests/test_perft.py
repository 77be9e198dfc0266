"""Perft: the number of legal card sequences from fixed positions, per depth.

``tests/data/perft.txt`` holds fixed deals and contracts with the number of leaves
of the card-play tree at each depth (its header describes the format).  Three
implementations must reproduce every stored count:

* :class:`~skatlib.GameState` through :func:`~skatlib.new_game` and
  :func:`~skatlib.apply`, counting only :class:`~skatlib.Play` actions (the other
  actions of ``legal_actions`` are concessions and claims, not card sequences);
* :class:`skatlib.fast.Engine` (make/unmake);
* the solver's :class:`~skatlib.search.solver.Position`.

The stored numbers come from :func:`reference_play_perft`, a brute-force count
written here from the rules alone (ISkO 2.3 card order and trumps per game type,
4.2 following suit, 4.4 the trick winner, D-10 early ends) on card *names*, not
from skatlib's tables, so the file is not "whatever the code says".  A whole-deal
perft from :func:`~skatlib.new_game` (all actions: bids, holds, passes, the skat
decision) is checked against :func:`reference_auction_perft` (ISkO 3.3).

Regenerate the file (after a deliberate rule change only) with
``python tests/test_perft.py > tests/data/perft.txt``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from skatlib import (
    BID_VALUES,
    Bid,
    CardSet,
    Contract,
    Deal,
    Declare,
    GameState,
    Hold,
    Pass,
    PickUpSkat,
    Play,
    PlayHand,
    apply,
    legal_actions,
    new_game,
)
from skatlib.fast import Engine
from skatlib.search.solver import Position, position_of

DATA = Path(__file__).parent / "data" / "perft.txt"
FAST_DEPTH = 7
"""Depths up to this are checked on every run (the GameState up to one less);
deeper stored counts are ``slow`` (``python -m pytest -m slow tests/test_perft.py``)."""

# ---------------------------------------------------------------------------
# The reference: the rules written out on card names (no skatlib tables).

SUITS = "DHSC"  # the card index is 8 * suit + rank (the library's encoding)
RANKS = "789QKTAJ"
PLAIN_ORDER = "789QKTA"  # weakest first (ISkO 2.3.2)
NULL_ORDER = "789TJQKA"  # weakest first (ISkO 2.3.4)
JACK_ORDER = "DHSC"  # weakest first: diamonds, hearts, spades, clubs jack (ISkO 2.3.1)
GAME_LETTERS = "DHSCGN"  # suit games 0..3, grand 4, null 5


def card_code(text: str) -> int:
    """``'CJ'`` -> 31: suit letter and rank letter to the index."""
    rank = "T" if text[1:] == "10" else text[1:]
    return 8 * SUITS.index(text[0]) + RANKS.index(rank)


def _name(card: int) -> str:
    return SUITS[card // 8] + RANKS[card % 8]


def _is_trump(gt: int, card: int) -> bool:
    name = _name(card)
    if gt == 5:
        return False  # null has no trumps
    if name[1] == "J":
        return True  # jacks are trumps in suit and grand games
    return gt < 4 and name[0] == SUITS[gt]


def _suit_of(gt: int, card: int) -> str:
    """The suit a card follows: 'trump' for trumps, else its printed suit."""
    return "trump" if _is_trump(gt, card) else _name(card)[0]


def _strength(gt: int, card: int) -> int:
    name = _name(card)
    if gt == 5:
        return NULL_ORDER.index(name[1])
    if name[1] == "J":
        return 100 + JACK_ORDER.index(name[0])
    return (50 if _is_trump(gt, card) else 0) + PLAIN_ORDER.index(name[1])


def reference_legal(gt: int, hand: frozenset[int], trick: tuple[int, ...]) -> list[int]:
    """Follow the led suit (a trump if a trump was led) when able (ISkO 4.2)."""
    if not trick:
        return sorted(hand)
    led = _suit_of(gt, trick[0])
    same = [c for c in hand if _suit_of(gt, c) == led]
    return sorted(same or hand)


def reference_winner(gt: int, trick: tuple[int, ...]) -> int:
    """Index of the winning card: the highest trump, else the highest card of the
    led suit (ISkO 4.4)."""
    trumps = [i for i, c in enumerate(trick) if _is_trump(gt, c)]
    led = _suit_of(gt, trick[0])
    candidates = trumps or [i for i, c in enumerate(trick) if _suit_of(gt, c) == led]
    return max(candidates, key=lambda i: _strength(gt, trick[i]))


def reference_play_perft(hands: tuple[frozenset[int], ...], gt: int, declarer: int,
                         stop: bool, depth: int, leader: int = 0,
                         trick: tuple[int, ...] = ()) -> int:
    """Leaves of the card-play tree ``depth`` cards deep.  A deal that is over
    (all cards played, or D-10: the null declarer took a trick, or with ``stop``
    -- schwarz announced or ouvert -- the defenders took one) is one leaf."""
    if depth == 0 or not any(hands):
        return 1
    seat = (leader + len(trick)) % 3
    total = 0
    for card in reference_legal(gt, hands[seat], trick):
        h = list(hands)
        h[seat] = hands[seat] - {card}
        t = (*trick, card)
        if len(t) < 3:
            total += reference_play_perft(tuple(h), gt, declarer, stop, depth - 1, leader, t)
            continue
        winner = (leader + reference_winner(gt, t)) % 3
        if (gt == 5 and winner == declarer) or (gt != 5 and stop and winner != declarer):
            total += 1  # D-10: the game is over
        else:
            total += reference_play_perft(tuple(h), gt, declarer, stop, depth - 1, winner)
    return total


def reference_auction_perft(depth: int, asker: int = 1, listener: int = 0, value: int = 0,
                            stage: int = 1, to_ask: bool = True) -> int:
    """Leaves of the whole-deal tree from the deal ``depth`` actions deep, up to the
    skat decision (ISkO 3.3): middlehand bids to forehand, then rearhand to the
    winner; the asker bids a higher value or passes, the listener holds or passes;
    if middlehand and rearhand pass without a bid, forehand bids 18 or passes (all
    passed: the deal is over).  The declarer then picks up the skat or plays hand."""
    if depth == 0:
        return 1
    if stage == 3:  # the declarer's skat decision: pick up or hand
        return 2 if depth == 1 else 2 * _after_skat_decision(depth - 1)
    if stage == 4:  # forehand alone may open with 18 or pass
        if depth == 1:
            return 2
        return 1 + reference_auction_perft(depth - 1, stage=3)  # pass: over; 18: declarer
    if to_ask:
        higher = sum(1 for v in BID_VALUES if v > value)
        # pass: the listener wins this stage
        total = _stage_over(depth - 1, winner=listener, value=value, stage=stage)
        if depth == 1:
            return total + higher
        for v in BID_VALUES:
            if v > value:
                total += reference_auction_perft(depth - 1, asker, listener, v, stage, False)
        return total
    # the listener answers: hold (the asker goes on) or pass (the asker wins the stage)
    return (reference_auction_perft(depth - 1, asker, listener, value, stage, True)
            + _stage_over(depth - 1, winner=asker, value=value, stage=stage))


def _stage_over(depth: int, winner: int, value: int, stage: int) -> int:
    if depth == 0:
        return 1
    if stage == 1:
        return reference_auction_perft(depth, asker=2, listener=winner, value=value, stage=2)
    if value == 0:  # nobody has bid: forehand (the winner) may still open
        return reference_auction_perft(depth, stage=4)
    return reference_auction_perft(depth, stage=3)


def _after_skat_decision(depth: int) -> int:
    raise AssertionError(f"the auction reference stops at the skat decision ({depth})")


# ---------------------------------------------------------------------------
# The data file


class PlayCase(NamedTuple):
    name: str
    deal: str
    contract: str
    declarer: int
    discard: str  # "-" for hand games
    counts: tuple[int, ...]


class AuctionCase(NamedTuple):
    name: str
    deal: str
    counts: tuple[int, ...]


def read_cases() -> tuple[list[PlayCase], list[AuctionCase]]:
    plays: list[PlayCase] = []
    auctions: list[AuctionCase] = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, rest = line.split(" ", 1)
        fields = [f.strip() for f in rest.split("|")]
        counts = tuple(int(n) for n in fields[-1].split())
        if kind == "play":
            plays.append(PlayCase(fields[0], fields[1], fields[2], int(fields[3]), fields[4],
                                  counts))
        else:
            assert kind == "auction", line
            auctions.append(AuctionCase(fields[0], fields[1], counts))
    return plays, auctions


PLAYS, AUCTIONS = read_cases()


def _reference_start(case: PlayCase) -> tuple[tuple[frozenset[int], ...], int, bool]:
    """Hands, game type and the schwarz/ouvert stop flag from the text alone."""
    parts = [p.split() for p in case.deal.split("/")]
    hands = [frozenset(card_code(c) for c in p) for p in parts[:3]]
    if case.discard != "-":
        d = case.declarer
        skat = frozenset(card_code(c) for c in parts[3])
        hands[d] = (hands[d] | skat) - frozenset(card_code(c) for c in case.discard.split())
    letter, mods = case.contract[0], case.contract[1:]
    gt = GAME_LETTERS.index(letter)
    stop = gt != 5 and ("Z" in mods or "O" in mods)
    return tuple(hands), gt, stop


def playing_state(case: PlayCase) -> GameState:
    """The state at the first lead: ``declarer`` wins the auction at 18 and
    declares (after picking up and putting away ``discard``, or hand)."""
    s = new_game(Deal.parse(case.deal))
    while s.declarer is None:
        legal = legal_actions(s)
        pick: Bid | Hold | Pass
        if s.to_move_index == case.declarer:
            pick = next(a for a in legal if isinstance(a, (Hold, Bid)))
        else:
            pick = next(a for a in legal if isinstance(a, Pass))
        s = apply(s, pick)
    assert int(s.declarer) == case.declarer and s.bid == 18
    contract = Contract.parse(case.contract)
    if case.discard == "-":
        s = apply(s, PlayHand())
        s = apply(s, Declare(contract))
    else:
        s = apply(s, PickUpSkat())
        s = apply(s, Declare(contract, CardSet.parse(case.discard)))
    assert s.is_finished is False and s.trick_cards == () and not s.packed_tricks
    return s


# ---------------------------------------------------------------------------
# The three implementations


def perft_state(s: GameState, depth: int) -> int:
    if depth == 0 or s.is_finished:
        return 1
    return sum(perft_state(apply(s, a), depth - 1) for a in legal_actions(s)
               if isinstance(a, Play))


def perft_engine(e: Engine, depth: int) -> int:
    if depth == 0 or e.finished:
        return 1
    n = 0
    m = e.legal_mask()
    while m:
        low = m & -m
        e.push(low.bit_length() - 1)
        n += perft_engine(e, depth - 1)
        e.pop()
        m ^= low
    return n


def perft_position(p: Position, depth: int) -> int:
    if depth == 0 or p.finished:
        return 1
    n = 0
    m = p.legal_mask()
    while m:
        low = m & -m
        n += perft_position(p.play(low.bit_length() - 1), depth - 1)
        m ^= low
    return n


def perft_auction(s: GameState, depth: int) -> int:
    if depth == 0 or s.is_finished:
        return 1
    return sum(perft_auction(apply(s, a), depth - 1) for a in legal_actions(s))


def _ids(cases: list[PlayCase] | list[AuctionCase]) -> list[str]:
    return [c.name for c in cases]


# ---------------------------------------------------------------------------
# Tests


def test_perft_file_covers_every_kind_of_contract() -> None:
    """At least 8 deals: suit, grand, null, null ouvert, a hand game, schwarz announced;
    every one with a count deeper than the fast tests go."""
    assert len(PLAYS) >= 8 and AUCTIONS
    contracts = [Contract.parse(c.contract) for c in PLAYS]
    assert any(c.game_type <= 3 for c in contracts)
    assert any(c.game_type == 4 for c in contracts)
    assert any(c.is_null and not c.ouvert for c in contracts)
    assert any(c.is_null and c.ouvert for c in contracts)
    assert any(c.hand and not c.schneider for c in contracts)
    assert any(c.schwarz and not c.ouvert for c in contracts)
    assert all(len(c.counts) > FAST_DEPTH for c in PLAYS)


@pytest.mark.parametrize("case", PLAYS, ids=_ids(PLAYS))
def test_d10_perft_reference_reproduces_the_file(case: PlayCase) -> None:
    """The stored counts are the rules' brute-force count (ISkO 2.3, 4.2, 4.4, D-10)."""
    hands, gt, stop = _reference_start(case)
    for depth in range(1, FAST_DEPTH + 1):
        assert reference_play_perft(hands, gt, case.declarer, stop, depth) \
            == case.counts[depth - 1], depth


@pytest.mark.parametrize("case", PLAYS, ids=_ids(PLAYS))
def test_d10_perft_gamestate_engine_and_solver_position_agree(case: PlayCase) -> None:
    """GameState, Engine and Position give the stored counts (early ends are leaves)."""
    s = playing_state(case)
    e = Engine.from_state(s)
    p = position_of(s)
    hands, gt, _ = _reference_start(case)
    assert s.hand_masks == tuple(sum(1 << c for c in h) for h in hands)
    assert s.game_type_index == gt
    for depth in range(1, FAST_DEPTH + 1):
        expected = case.counts[depth - 1]
        assert perft_engine(e, depth) == expected, ("engine", depth)
        assert perft_position(p, depth) == expected, ("position", depth)
        if depth < FAST_DEPTH:
            assert perft_state(s, depth) == expected, ("state", depth)


@pytest.mark.slow
@pytest.mark.parametrize("case", PLAYS, ids=_ids(PLAYS))
def test_d10_perft_deep(case: PlayCase) -> None:
    """The deeper stored depths, for the reference, the Engine and the solver's Position
    (and the GameState at the fast tests' last depth)."""
    s = playing_state(case)
    e = Engine.from_state(s)
    p = position_of(s)
    hands, gt, stop = _reference_start(case)
    assert perft_state(s, FAST_DEPTH) == case.counts[FAST_DEPTH - 1]
    for depth in range(FAST_DEPTH + 1, len(case.counts) + 1):
        expected = case.counts[depth - 1]
        assert perft_engine(e, depth) == expected, ("engine", depth)
        assert perft_position(p, depth) == expected, ("position", depth)
        assert reference_play_perft(hands, gt, case.declarer, stop, depth) == expected


@pytest.mark.parametrize("case", AUCTIONS, ids=_ids(AUCTIONS))
def test_isko_3_3_whole_deal_perft_from_new_game(case: AuctionCase) -> None:
    """All actions from new_game (bids, holds, passes, the skat decision), depth 1..4."""
    s = new_game(Deal.parse(case.deal))
    for depth, expected in enumerate(case.counts, 1):
        assert reference_auction_perft(depth) == expected, depth
        assert perft_auction(s, depth) == expected, depth


# ---------------------------------------------------------------------------
# Regeneration: ``python tests/test_perft.py > tests/data/perft.txt``

HEADER = """\
# Perft counts for skatlib (read by tests/test_perft.py).
#
# Generated by the brute-force reference in tests/test_perft.py
# (reference_play_perft, reference_auction_perft: the rules written out on card
# names, independent of skatlib's tables) with
#     python tests/test_perft.py > tests/data/perft.txt
#
# Lines starting with '#' and blank lines are ignored.  Two kinds of line:
#
# play <name> | <deal> | <contract> | <declarer> | <discard> | <n1> <n2> ...
#     <deal>: forehand / middlehand / rearhand / skat in Deal.parse notation;
#     <contract>: ISS notation (C, G, N, NO, SH, HHZ, GO, ...), declared by seat
#     <declarer> (0 forehand, 1 middlehand, 2 rearhand) after winning the bidding
#     at 18; <discard>: the two cards he put away after picking up the skat, or '-'
#     for a hand game.  <nk>: the number of leaves of the card-play tree k cards
#     deep from the first lead (forehand leads).  A deal that is over before k
#     cards (D-10: the null declarer took a trick; schwarz announced or ouvert:
#     the defenders took one) is one leaf, as in chess perft a mate is.
#
# auction <name> | <deal> | <n1> <n2> ...
#     <nk>: the leaves k actions deep from new_game(deal) with the ISkO rules,
#     counting every legal action (bids, holds, passes, pick up / hand); a
#     passed-in deal is one leaf.
"""

_PLAY_SETUPS = (
    # name, seed of Deal.shuffled, contract, declarer, discard
    ("clubs_forehand", 101, "C", 0, "low2"),
    ("grand_middlehand", 102, "G", 1, "skat"),
    ("null_rearhand", 103, "N", 2, "low2"),
    ("null_ouvert_forehand", 104, "NO", 0, "low2"),
    ("spades_hand_middlehand", 105, "SH", 1, "-"),
    ("hearts_schwarz_announced_forehand", 106, "HHZ", 0, "-"),
    ("grand_ouvert_rearhand", 107, "GO", 2, "-"),
    ("diamonds_rearhand", 108, "D", 2, "low2"),
    ("null_hand_middlehand", 109, "NH", 1, "-"),
    ("grand_hand_schneider_forehand", 110, "GHS", 0, "-"),
)
_PLAY_DEPTH = 9
_AUCTION_SEEDS = (201, 202)
_AUCTION_DEPTH = 4


def _generate() -> Iterator[str]:
    yield HEADER
    for name, seed, contract, declarer, how in _PLAY_SETUPS:
        deal = Deal.shuffled(seed)
        if how == "skat":
            discard = str(deal.skat)
        elif how == "low2":
            twelve = sorted(int(c) for c in deal.hands[declarer] | deal.skat)
            discard = str(CardSet.from_cards(twelve[:2]))
        else:
            discard = "-"
        case = PlayCase(name, str(deal), contract, declarer, discard, ())
        hands, gt, stop = _reference_start(case)
        counts = [reference_play_perft(hands, gt, declarer, stop, k)
                  for k in range(1, _PLAY_DEPTH + 1)]
        yield (f"play {name} | {deal} | {contract} | {declarer} | {discard} | "
               + " ".join(map(str, counts)))
    for seed in _AUCTION_SEEDS:
        counts = [reference_auction_perft(k) for k in range(1, _AUCTION_DEPTH + 1)]
        yield f"auction deal_{seed} | {Deal.shuffled(seed)} | " + " ".join(map(str, counts))


if __name__ == "__main__":
    for text in _generate():
        sys.stdout.write(text + "\n")
