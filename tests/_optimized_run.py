"""Run by tests/test_optimize_threads.py as ``python -O tests/_optimized_run.py``.

Under ``-O`` every ``assert`` statement is compiled away, in skatlib and here, so
this script checks with plain ``if``: every kind of bad input must still raise
its skatlib error (validation never hides in an ``assert``), and a fixed set of
deterministic games must come out exactly as without ``-O`` (the script prints a
digest that the test compares with a normal run).

Exit code 0 and the line ``ok <n> checks <digest>`` on success; 1 and the failed
checks otherwise.
"""

from __future__ import annotations

import hashlib
import io
import random
import sys
from collections.abc import Callable

from skatlib import (
    ISKO,
    ISS,
    PUB,
    Bid,
    Bot,
    Card,
    CardSet,
    Concede,
    Contract,
    Deal,
    Declare,
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidBidError,
    InvalidCardsError,
    InvalidContractError,
    InvalidScoreError,
    Kontra,
    NotationError,
    Pass,
    PickUpSkat,
    Play,
    PlayHand,
    Push,
    RandomBot,
    Reason,
    RecordError,
    RuleBot,
    Rules,
    Seat,
    SkatError,
    Table,
    TimeOut,
    apply,
    legal_actions,
    new_game,
    parse_action,
    play_deal,
    ramsch_result,
    replay,
    result,
    score,
    seeger_fabian,
)
from skatlib.formats import iss
from skatlib.formats import json as sj

FAILURES: list[str] = []
CHECKS = 0


def raises(what: str, error: type[SkatError], f: Callable[[], object],
           reason: Reason | None = None) -> None:
    """``f()`` must raise ``error`` (with ``reason``, if given)."""
    global CHECKS
    CHECKS += 1
    try:
        f()
    except error as exc:
        if reason is not None and exc.reason is not reason:
            FAILURES.append(f"{what}: reason {exc.reason}, expected {reason}")
        return
    except Exception as exc:
        FAILURES.append(f"{what}: {type(exc).__name__}: {exc} instead of {error.__name__}")
        return
    FAILURES.append(f"{what}: accepted, expected {error.__name__}")


def state_after(deal: Deal, texts: str, rules: Rules = ISKO, *, ramsch: bool = False
                ) -> GameState:
    s = new_game(deal, rules, ramsch=ramsch)
    for t in texts.split():
        s = apply(s, parse_action(t))
    return s


def validation() -> None:
    deal = Deal.shuffled(1)
    # notation and values
    raises("Card.parse", NotationError, lambda: Card.parse("XZ"))
    raises("CardSet.parse duplicate", InvalidCardsError, lambda: CardSet.parse("CJ CJ"))
    raises("CardSet mask", InvalidCardsError, lambda: CardSet(1 << 40))
    raises("Contract.parse", NotationError, lambda: Contract.parse("Q"))
    raises("Contract null schneider", InvalidContractError,
           lambda: Contract(5, schneider=True))
    raises("Bid 19", InvalidBidError, lambda: Bid(19))
    raises("parse_action", NotationError, lambda: parse_action("RE.5"))
    raises("Deal duplicate", InvalidCardsError, lambda: Deal.from_hands(
        deal.hands[0], deal.hands[0], deal.hands[2], deal.skat))
    raises("Deal.parse", SkatError, lambda: Deal.parse("CJ / SJ"))
    raises("score points", InvalidScoreError, lambda: score(
        Contract.parse("G"), bid=18, matadors=1, declarer_points=121, declarer_tricks=5))
    raises("score matadors", InvalidScoreError, lambda: score(
        Contract.parse("G"), bid=18, matadors=5, declarer_points=70, declarer_tricks=5))
    raises("score null overbid", InvalidScoreError, lambda: score(
        Contract.parse("N"), bid=24, matadors=0, declarer_points=0, declarer_tricks=0))
    raises("ramsch_result", InvalidScoreError,
           lambda: ramsch_result((50, 50, 50), (4, 3, 3), last_trick=0))
    raises("seeger_fabian players", InvalidScoreError, lambda: seeger_fabian(
        score(Contract.parse("G"), bid=18, matadors=1, declarer_points=70, declarer_tricks=6),
        players=5))
    raises("Rules combination", SkatError, lambda: Rules(schieberamsch=True))
    raises("Rules option", SkatError, lambda: Rules(scoring="x"))  # type: ignore[arg-type]
    raises("Table 5 players", SkatError, lambda: Table(("a", "b", "c", "d", "e")))
    raises("new_game", TypeError, lambda: new_game("deal"))  # type: ignore[arg-type]
    # illegal actions in every phase
    s0 = new_game(deal)
    raises("bid by the listener", IllegalActionError,
           lambda: apply(state_after(deal, "18"), Bid(20)),
           Reason.MUST_HOLD_OR_PASS)
    raises("bid too low", IllegalActionError,
           lambda: apply(state_after(deal, "20 y"), Bid(18)),
           Reason.BID_TOO_LOW)
    raises("card in bidding", IllegalActionError, lambda: apply(s0, Play(Card.CJ)))
    raises("forehand alone above 18", IllegalActionError,
           lambda: apply(state_after(deal, "p p"), Bid(20)),
           Reason.BID_NOT_ALLOWED)
    declaring = state_after(deal, "p p 18 s")
    hand = CardSet(declaring.hand_masks[0])
    raises("hand game after pickup", IllegalActionError,
           lambda: apply(declaring, Declare(Contract.parse("GH"))),
           Reason.CONTRACT_NOT_ALLOWED)
    raises("no discard", IllegalActionError,
           lambda: apply(declaring, Declare(Contract.parse("G"))),
           Reason.DISCARD_REQUIRED)
    foreign = CardSet(0xFFFFFFFF & ~hand.mask)
    raises("discard not held", IllegalActionError, lambda: apply(
        declaring,
        Declare(Contract.parse("G"), CardSet.from_cards(list(foreign)[:2]))),
        Reason.DISCARD_NOT_IN_HAND)
    raises("three discards", IllegalActionError, lambda: apply(
        declaring,
        Declare(Contract.parse("G"), CardSet.from_cards(list(hand)[:3]))),
        Reason.DISCARD_REQUIRED)
    high = state_after(deal, "264 y p p s")
    raises("cannot reach the bid", IllegalActionError, lambda: apply(
        high, Declare(Contract.parse("N"), CardSet.from_cards(
            list(CardSet(high.hand_masks[high.declarer_index]))[:2]))),
        Reason.CANNOT_REACH_BID)
    playing = state_after(deal, "p p 18 hand GH")
    not_held = next(c for c in Card if not playing.hand_masks[0] >> c & 1)
    raises("card not in hand", IllegalActionError,
           lambda: apply(playing, Play(not_held)),
           Reason.CARD_NOT_IN_HAND)
    s1 = playing
    led = legal_actions(s1)[0]
    s1 = apply(s1, led)
    legal = {a for a in legal_actions(s1) if isinstance(a, Play)}
    wrong = [Play(c) for c in CardSet(s1.hand_masks[1]) if Play(c) not in legal]
    if wrong:
        raises("must follow suit", IllegalActionError, lambda: apply(s1, wrong[0]),
               Reason.MUST_FOLLOW_SUIT)
    raises("kontra without the house rule", IllegalActionError,
           lambda: apply(playing, Kontra()))
    raises("time-out outside ISS", IllegalActionError,
           lambda: apply(playing, TimeOut(Seat.FOREHAND)),
           Reason.OPTION_DISABLED)
    pub = state_after(deal, "p p 18 hand GH", PUB)
    raises("card in the Kontra window", IllegalActionError,
           lambda: apply(pub, Play(Card.CJ)), Reason.KONTRA_NOT_ALLOWED)
    schiebe = Rules(ramsch=True, schieberamsch=True)
    taken = state_after(deal, "s", schiebe, ramsch=True)
    jacks = CardSet(taken.hand_masks[0]) & CardSet.parse("CJ SJ HJ DJ")
    if len(jacks) >= 2:
        raises("pushing jacks", IllegalActionError, lambda: apply(
            taken, Push(CardSet.from_cards(list(jacks)[:2]))),
            Reason.PUSH_NOT_ALLOWED)
    finished = state_after(deal, "p p p")
    raises("after the end", IllegalActionError, lambda: apply(finished, Pass()),
           Reason.WRONG_PHASE)
    raises("concede twice", IllegalActionError, lambda: apply(
        apply(playing, Concede(Seat.MIDDLEHAND)),
        Concede(Seat.MIDDLEHAND)), Reason.ALREADY_DONE)
    raises("pickup twice", IllegalActionError, lambda: apply(declaring, PickUpSkat()))
    raises("play hand in bidding", IllegalActionError, lambda: apply(s0, PlayHand()))
    # records and formats
    raises("replay illegal record", RecordError, lambda: replay(
        GameRecord(deal, (Play(Card.CJ),), ISKO)))
    raises("ISS garbage", RecordError, lambda: iss.loads("garbage"))
    raises("ISS bad move", RecordError, lambda: iss.check(
        "(;GM[Skat]MV[w " + deal.to_iss() + " 0 18 ]R[passed] ;)"))
    raises("JSON garbage", RecordError, lambda: sj.loads("{"))
    raises("JSON wrong version", RecordError,
           lambda: sj.loads('{"format": "skatlib-record", "version": 2}'))
    raises("ISS stream", RecordError,
           lambda: list(iss.read_records(io.StringIO("(;GM[Skat]\n"))))
    table = Table(("a", "b", "c"), rules=PUB)
    raises("Table wrong dealer", SkatError, lambda: table.record(
        new_game(Deal.shuffled(2)), dealer=1))


def digest() -> str:
    """A hash of many deterministic games: the same with and without -O."""
    h = hashlib.sha256()
    for i in range(60):
        rules = (ISKO, ISS, PUB)[i % 3]
        bots: list[Bot] = [RandomBot(i), RuleBot(), RandomBot(i + 1)] if i % 2 else [
            RuleBot(), RuleBot(), RuleBot()]
        rec, res = play_deal(Deal.shuffled(i), bots, rules)
        h.update(rec.actions_text().encode())
        h.update(repr(res).encode())
        h.update(sj.dumps(rec).encode())
        if rules is not PUB:
            h.update(iss.dumps(rec).encode())
    rng = random.Random(3)
    t = Table(("a", "b", "c", "d"), rules=PUB, deals=8)
    while not t.is_complete:
        t = t.play(Deal.shuffled(rng), [RandomBot(rng.getrandbits(16)) for _ in range(3)])
    h.update(t.sheet().encode())
    s = new_game(Deal.shuffled(9), PUB, ramsch=True)
    while not s.is_finished:
        s = apply(s, legal_actions(s)[-1])
    h.update(repr(result(s)).encode())
    return h.hexdigest()[:16]


def main() -> int:
    validation()
    d = digest()
    if FAILURES:
        for f in FAILURES:
            print("FAILED", f)
        return 1
    print(f"ok {CHECKS} checks {d} optimize={sys.flags.optimize}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
