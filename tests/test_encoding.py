"""skatlib.encoding: action ids round-trip, masks agree with the rules, tensors hide what
the rules hide (ISkO 2.2.2/2.2.3, 5.2.6, D-11, D-17 via :func:`skatlib.observe`), returns
follow :func:`skatlib.result` (D-13, D-14, D-17)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from skatlib import (
    BID_VALUES,
    PRESETS,
    Action,
    Bid,
    Card,
    CardSet,
    Claim,
    Concede,
    Contract,
    Deal,
    Declare,
    Discard,
    GameRecord,
    GameResult,
    GameState,
    Hold,
    Kontra,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    Push,
    Re,
    Reason,
    RecordError,
    Rules,
    SkatError,
    apply,
    legal_actions,
    new_game,
    observe,
    ramsch_result,
    result,
    score,
    seeger_fabian,
    side_actions,
)
from skatlib import _tables as T
from skatlib import encoding as E
from skatlib.formats.iss import read_records, to_game_record

ROOT = Path(__file__).resolve().parents[1]
ISS_FILE = ROOT / "tests" / "data" / "iss" / "iss_records.sgf"

RULES = {
    **PRESETS,
    "kontra_bid": Rules(kontra=True, kontra_requires_bid=True),
    "schieberamsch": Rules(ramsch=True, schieberamsch=True, push_jacks=True,
                           ramsch_grand_hand=True),
    "schieberamsch_nojacks": Rules(ramsch=True, schieberamsch=True, kontra=True),
}
"""Every preset (skatlib.rules.PRESETS) and the options that add phases or actions."""


def random_states(seed: int, rules: Rules, *, ramsch: bool = False,
                  side: float = 0.03) -> Iterator[GameState]:
    """Every state of one random deal (random in-turn actions; now and then a random
    side action, D-11), the finished one included."""
    rng = random.Random(seed)
    s = new_game(Deal.shuffled(rng), rules, ramsch=ramsch)
    while True:
        yield s
        if s.is_finished:
            return
        extra = side_actions(s)
        if extra and rng.random() < side:
            s = apply(s, rng.choice(extra))
        else:
            s = apply(s, rng.choice(legal_actions(s)))


games = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from(sorted(RULES)), st.booleans())


def states_of(game: tuple[int, str, bool]) -> Iterator[GameState]:
    seed, name, ramsch = game
    return random_states(seed, RULES[name], ramsch=ramsch and RULES[name].ramsch)


# ----------------------------------------------------------------------------- layout


def test_the_action_layout_is_the_documented_one() -> None:
    assert E.ENCODING_VERSION == 1
    assert E.NUM_ACTIONS == 131 == E.PUSH_ID + 1
    assert set(E.CONTRACTS) == set(Contract.all()) and len(E.CONTRACTS) == 29
    assert [E.action_id(Bid(v)) for v in BID_VALUES] == list(E.BID_IDS)
    assert (E.action_id(Pass()), E.action_id(Hold()), E.action_id(PickUpSkat())) == (95, 96, 97)
    assert [E.action_id(Declare(c)) for c in E.CONTRACTS] == list(E.DECLARE_IDS)
    assert (E.action_id(Kontra()), E.action_id(Re()), E.action_id(Push())) == (128, 129, 130)
    assert E.action_id(Declare(Contract.parse("GH"))) == 120  # grand hand, also in Schieberamsch
    names = [E.action_name(i) for i in range(E.NUM_ACTIONS)]
    assert len(set(names)) == E.NUM_ACTIONS
    assert names[:32] == [Card(c).name for c in range(32)]


def test_layouts_are_contiguous_and_sized() -> None:
    for layout, size in ((E.OBSERVATION_LAYOUT, E.OBSERVATION_SIZE),
                         (E.INFORMATION_STATE_LAYOUT, E.INFORMATION_STATE_SIZE)):
        offset = 0
        for section in layout:
            assert section.offset == offset and section.size > 0
            offset += section.size
        assert offset == size
    assert E.INFORMATION_STATE_LAYOUT[:len(E.OBSERVATION_LAYOUT)] == E.OBSERVATION_LAYOUT
    assert E.OBSERVATION_SHAPE == (438,) and E.INFORMATION_STATE_SHAPE == (1847,)


def test_the_docs_tables_match_the_layouts() -> None:
    text = (ROOT / "docs" / "rl.rst").read_text(encoding="utf-8")
    for section in E.INFORMATION_STATE_LAYOUT:
        row = f"``{section.name}``"
        line = next((ln for ln in text.splitlines() if ln.strip().startswith(row)), None)
        assert line is not None, f"docs/rl.rst has no row for {section.name}"
        cells = line.split()
        assert cells[1] == str(section.offset) and cells[2] == str(section.size), line


@pytest.mark.parametrize("action", [Concede(0), Claim(), Declare("G", "C7 C8"),
                                    Push(CardSet.parse("C7 C8")), "18", None])
def test_actions_outside_the_action_space_are_refused(action: object) -> None:
    with pytest.raises(SkatError) as info:
        E.action_id(action)  # type: ignore[arg-type]
    assert "no action id" in str(info.value)


@pytest.mark.parametrize("i", [-1, E.NUM_ACTIONS, 10**9])
def test_ids_out_of_range_are_refused(i: int) -> None:
    s = new_game(Deal.shuffled(1))
    with pytest.raises(SkatError, match="out of range"):
        E.action_from_id(i, s)
    with pytest.raises(SkatError, match="out of range"):
        E.action_name(i)
    with pytest.raises(TypeError):
        E.action_from_id("3", s)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        E.legal_mask(observe(s, 0))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- actions


def check_actions(s: GameState) -> None:
    legal = legal_actions(s)
    mask = E.legal_mask(s)
    ids = [E.action_id(a, s) for a in legal]
    assert len(set(ids)) == len(ids)
    assert mask == sum(1 << i for i in ids)
    assert E.legal_ids(s) == tuple(sorted(ids))
    for a, i in zip(legal, ids):
        assert E.action_from_id(i, s) == a
    if s.phase is Phase.PLAYING:  # ids 0..31 are the cards: the mask is the card mask
        trick = s.trick_cards
        assert mask == T.legal_cards_mask(s.game_type_index, s.hand_masks[s.to_move_index],
                                          trick[0] if trick else -1)


@settings(max_examples=60, deadline=None)
@given(games)
def test_ids_round_trip_and_the_mask_is_the_legal_actions(game: tuple[int, str, bool]) -> None:
    for s in states_of(game):
        check_actions(s)


def test_every_phase_and_preset_is_covered() -> None:
    """The property tests above reach every phase under each rule set (deterministic)."""
    seen: dict[str, set[Phase]] = {name: set() for name in RULES}
    for name, rules in RULES.items():
        for seed in range(40):
            for s in random_states(seed, rules, ramsch=rules.ramsch and seed % 2 == 0):
                seen[name].add(s.phase)
                check_actions(s)
    base = {Phase.BIDDING, Phase.SKAT, Phase.DECLARING, Phase.PLAYING, Phase.FINISHED}
    for name, rules in RULES.items():
        want = set(base)
        if rules.kontra:
            want.add(Phase.KONTRA)
        if rules.schieberamsch:
            want.add(Phase.PUSHING)
        assert want <= seen[name], (name, want - seen[name])


# ----------------------------------------------------------------------------- tensors


def _permutation(o_unseen: int, gt: int, rng: random.Random) -> dict[int, int]:
    """A random permutation of the unseen cards that keeps each card in its follow class
    (ISkO 4.2; before the declaration: jacks and the rest, for Schieberamsch pushes), so
    that every action of the deal stays legal."""
    classes: dict[int, list[int]] = {}
    for c in T.mask_cards(o_unseen):
        if gt >= 0:
            key = T.FOLLOW[gt][c]
        else:
            key = int(T.JACKS >> c & 1)
        classes.setdefault(key, []).append(c)
    perm = {c: c for c in range(32)}
    for cards in classes.values():
        shuffled = cards[:]
        rng.shuffle(shuffled)
        perm.update(zip(cards, shuffled))
    return perm


def _mapped(perm: dict[int, int], cards: CardSet) -> CardSet:
    return CardSet(sum(1 << perm[c] for c in cards))


def other_world(s: GameState, seat: int, rng: random.Random) -> GameState:
    """Another state that ``seat`` cannot tell from ``s``: the cards it has not seen
    permuted (within their follow classes), every action mapped alike."""
    o = observe(s, seat)
    unseen = o.unseen.mask
    for _, a in o.history:  # at the end the history shows every push and discard
        if isinstance(a, (Declare, Push)) and a.discard:
            unseen &= ~a.discard.mask
    perm = _permutation(unseen, s.game_type_index, rng)
    deal = s.deal
    new_deal = Deal(tuple(_mapped(perm, h) for h in deal.hands),  # type: ignore[arg-type]
                    _mapped(perm, deal.skat))
    actions: list[Action] = []
    for a in s.actions():
        if isinstance(a, Play):
            a = Play(perm[a.card])
        elif isinstance(a, Discard):
            a = Discard(perm[a.card])
        elif isinstance(a, Declare) and a.discard is not None:
            a = Declare(a.contract, _mapped(perm, a.discard))
        elif isinstance(a, Push) and a.discard:
            a = Push(_mapped(perm, a.discard))
        actions.append(a)
    return GameState.from_position(new_deal, actions, rules=s.rules, ramsch=s.ramsch_round)


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**32 - 1))
@example((4_294_967_294, "schieberamsch_nojacks", True), 1)  # a push shown at the end
def test_tensors_never_reveal_hidden_cards(game: tuple[int, str, bool], seed: int) -> None:
    rng = random.Random(seed)
    for s in states_of(game):
        for seat in range(3):
            o = observe(s, seat)
            w = other_world(s, seat, rng)
            ow = observe(w, seat)
            assert E.observation_tensor(ow) == E.observation_tensor(o)
            assert E.information_state_tensor(ow) == E.information_state_tensor(o)
            assert E.observation_string(ow) == E.observation_string(o)
            assert E.information_state_string(ow) == E.information_state_string(o)


def test_the_other_worlds_do_differ() -> None:
    """The worlds of the test above are not the same deal dressed up (else it could not fail)."""
    rng = random.Random(5)
    differ = total = 0
    for seed in range(20):
        for s in random_states(seed, RULES["pub"]):
            if s.is_finished:
                continue
            total += 1
            differ += other_world(s, 0, rng).hand_masks != s.hand_masks
    assert differ > total // 2


def section(t: list[float], name: str) -> list[float]:
    sec = next(x for x in E.INFORMATION_STATE_LAYOUT if x.name == name)
    return t[sec.offset:sec.offset + sec.size]


def cards_of(values: list[float]) -> int:
    assert set(values) <= {0.0, 1.0}
    return sum(1 << i for i, v in enumerate(values) if v)


def check_tensor(s: GameState, seat: int) -> None:
    """Decode the tensor's blocks and compare them with the observation and the state."""
    o = observe(s, seat)
    t = E.information_state_tensor(o)
    assert t[:E.OBSERVATION_SIZE] == E.observation_tensor(o)
    assert all(0.0 <= x <= 1.0 for x in t)
    rel = [(x - seat) % 3 for x in range(3)]
    assert cards_of(section(t, "seat")) == 1 << seat
    assert cards_of(section(t, "phase")) == 1 << s.phase
    assert cards_of(section(t, "hand")) == s.hand_masks[seat]
    assert cards_of(section(t, "skat")) == (o.skat.mask if o.skat is not None else 0)
    assert cards_of(section(t, "discard")) == (o.discard.mask if o.discard is not None else 0)
    assert cards_of(section(t, "declarer_hand")) == (
        s.hand_masks[s.declarer_index] if o.declarer_hand is not None else 0)
    played = section(t, "played")
    by_seat = [0, 0, 0]
    for p in s.packed_tricks:
        leader, *cards, _ = T.unpack_trick(p)
        for pos, c in enumerate(cards):
            by_seat[(leader + pos) % 3] |= 1 << c
    for pos, c in enumerate(s.trick_cards):
        by_seat[(s.leader_index + pos) % 3] |= 1 << c
    for x in range(3):
        assert cards_of(played[32 * rel[x]:32 * rel[x] + 32]) == by_seat[x]
    trick = section(t, "trick")
    for pos in range(3):
        want = 1 << s.trick_cards[pos] if pos < len(s.trick_cards) else 0
        assert cards_of(trick[32 * pos:32 * pos + 32]) == want
    bid = section(t, "bid")
    assert bid.index(1.0) == (BID_VALUES.index(s.bid) + 1 if s.bid else 0)
    assert cards_of(section(t, "declarer")) == (
        1 << rel[s.declarer_index] if s.declarer_index >= 0 else 0)
    gt = 6 if s.phase is Phase.PUSHING else s.game_type_index  # Schieberamsch: Ramsch
    assert cards_of(section(t, "game_type")) == (1 << gt if gt >= 0 else 0)
    counts = s.trick_counts
    assert section(t, "tricks") == [counts[x] / 10 for x in sorted(range(3), key=rel.__getitem__)]
    plays = section(t, "plays")
    sequence = [c for p in s.packed_tricks for c in T.unpack_trick(p)[1:4]] + list(s.trick_cards)
    for k in range(30):
        want = 1 << sequence[k] if k < len(sequence) else 0
        assert cards_of(plays[32 * k:32 * k + 32]) == want


@settings(max_examples=30, deadline=None)
@given(games)
def test_tensor_blocks_say_what_the_layout_says(game: tuple[int, str, bool]) -> None:
    for s in states_of(game):
        for seat in range(3):
            check_tensor(s, seat)


def test_tensors_are_deterministic_and_fill_out() -> None:
    s = GameState.from_position(Deal.shuffled(3), "18 y p p s")
    s = apply(s, legal_actions(s)[0])
    o = observe(s, 0)
    t = E.information_state_tensor(o)
    assert t == E.information_state_tensor(observe(s, 0))
    out = [9.0] * E.INFORMATION_STATE_SIZE
    assert E.information_state_tensor(o, out=out) is out and out == t
    with pytest.raises(ValueError, match="entries"):
        E.observation_tensor(o, out=[0.0] * 3)
    with pytest.raises(TypeError, match="Observation"):
        E.observation_tensor(s)  # type: ignore[arg-type]
    np = pytest.importorskip("numpy", reason="numpy is not installed")
    arr = np.full(E.OBSERVATION_SIZE, 7.0, dtype=np.float32)
    assert E.observation_tensor(o, out=arr) is arr
    assert arr.tolist() == np.asarray(E.observation_tensor(o), dtype=np.float32).tolist()


def test_the_information_state_remembers_what_the_observation_forgets() -> None:
    """Perfect recall: two histories with the same present differ in the info state."""
    deal = Deal.shuffled(1)
    a = GameState.from_position(deal, "18 y 20 p p s G.SK.DT")   # middlehand bid 20
    b = GameState.from_position(deal, "18 y 20 y p p s G.SK.DT")  # forehand held 20
    oa, ob = observe(a, 2), observe(b, 2)
    assert E.information_state_tensor(oa) != E.information_state_tensor(ob)


# ----------------------------------------------------------------------------- returns


def test_returns_follow_the_result() -> None:
    for seed in range(150):
        *_, s = random_states(seed, RULES[["isko", "pub", "schieberamsch"][seed % 3]],
                              ramsch=seed % 6 == 2)
        r = result(s)
        sf, game, zero = (E.returns(s, x) for x in ("seeger_fabian", "game", "zero_sum"))
        assert abs(sum(zero)) < 1e-9
        assert all(abs(x) <= E.MAX_ABS_RETURN for x in (*sf, *game, *zero))
        if isinstance(r, GameResult):
            d = s.declarer_index
            mine, others = seeger_fabian(r)
            assert sf[d] == mine and all(sf[x] == others for x in range(3) if x != d)
            assert game[d] == r.score and sum(game) == r.score
            assert zero[d] == r.score
        elif hasattr(r, "scores"):  # Ramsch (D-17)
            assert sf == game == tuple(float(x) for x in r.scores)  # type: ignore[union-attr]
        else:
            assert sf == game == zero == (0.0, 0.0, 0.0)


def test_returns_before_the_end_are_zero_and_the_scoring_is_checked() -> None:
    s = new_game(Deal.shuffled(2))
    assert E.returns(s) == (0.0, 0.0, 0.0)
    with pytest.raises(SkatError, match="scoring"):
        E.returns(s, "list")  # type: ignore[arg-type]


def test_max_abs_return_is_reached_and_not_exceeded() -> None:
    """ISkO 5: grand ouvert with 4, lost with Re; D-17: Ramsch loser with 120
    points, three pushes and two Jungfrauen (Durchmarsch off)."""
    worst = score(Contract.parse("GO"), bid=18, matadors=4, declarer_points=0,
                  declarer_tricks=0, kontra=2)
    assert worst.score == -2112 and seeger_fabian(worst)[0] == -2162
    rules = Rules(ramsch=True, schieberamsch=True, durchmarsch=False)
    r = ramsch_result((120, 0, 0), (10, 0, 0), last_trick=0, rules=rules, pushes=3)
    assert min(r.scores) == -E.MAX_ABS_RETURN


def test_max_game_length_is_the_longest_deal() -> None:
    """ISkO 3.3: middlehand names every value and forehand holds each; D-15: a defender
    passes, the other says Kontra and the declarer Re; then 30 cards."""
    assert E.MAX_GAME_LENGTH == 165
    s = new_game(Deal.shuffled(4), Rules(kontra=True))
    n = 0
    for v in BID_VALUES:
        s, n = apply(apply(s, Bid(v)), Hold()), n + 2
    for a in (Pass(), Pass(), PickUpSkat()):
        s, n = apply(s, a), n + 1
    rng = random.Random(0)
    while not s.is_finished:
        legal = legal_actions(s)
        if s.phase is Phase.DECLARING and isinstance(legal[0], Declare):
            legal = tuple(a for a in legal if not a.contract.is_null)  # type: ignore[union-attr]
        if s.phase is Phase.KONTRA:
            legal = (Pass(),) if s.to_move_index == 1 else (legal[0],)
        s, n = apply(s, rng.choice(legal) if s.phase is Phase.PLAYING else legal[0]), n + 1
    assert s.end.name == "PLAYED_OUT" or s.end.name == "DEFENDERS_TRICK"
    if s.end.name == "PLAYED_OUT":
        assert n == E.MAX_GAME_LENGTH
    for seed in range(50):
        assert sum(1 for _ in random_states(seed, RULES["pub"], side=0)) - 1 <= E.MAX_GAME_LENGTH


def test_chance_outcomes_count_the_deals() -> None:
    assert E.NUM_CHANCE_OUTCOMES == E.CHANCE_NODES == 32
    assert E.NUM_DEALS == 2_753_294_408_504_640


# ----------------------------------------------------------------------------- records


def factored(actions: tuple[Action, ...]) -> Iterator[Action]:
    """A record's actions with each compound put-away split into single Discards."""
    for a in actions:
        if isinstance(a, (Declare, Push)) and a.discard:
            yield from (Discard(c) for c in a.discard)
            if isinstance(a, Declare):
                yield Declare(a.contract)
        else:
            yield a


def test_examples_from_the_iss_records_replay_them() -> None:
    records = [to_game_record(r) for r in read_records(ISS_FILE)]
    assert len(records) == 46
    total = 0
    for rec in records:
        examples = iter(E.examples_from_records([rec]))
        s = new_game(rec.deal, rec.rules, ramsch=rec.ramsch)
        for a in factored(rec.actions):
            if isinstance(a, (Concede, Claim)) or type(a).__name__ in ("Refuse", "TimeOut",
                                                                       "Leave"):
                s = apply(s, a)
                continue
            e = next(examples)
            assert (e.seat, e.action, e.mask) == (s.to_move_index, E.action_id(a),
                                                  E.legal_mask(s))
            assert e.tensor == E.information_state_tensor(observe(s, e.seat))
            assert E.action_from_id(e.action, s) == a
            s = apply(s, a)
            total += 1
        assert next(examples, None) is None
        assert s == rec.replay()
    assert total > 46 * 20


def test_examples_for_some_seats_and_bad_records() -> None:
    deal = Deal.shuffled(1)
    rec = GameRecord.from_text(deal, "p p 18 s G.SK.DT")
    assert [e.seat for e in E.examples_from_records([rec], seats=[0])] == [0] * 5
    bad = GameRecord(deal, (Pass(), Pass(), Bid(18), PickUpSkat(), Declare("G", "SK DT"),
                            Play("CJ")))  # forehand does not hold CJ
    with pytest.raises(RecordError, match="record 1"):
        list(E.examples_from_records([bad]))
    kept = list(E.examples_from_records([bad, rec], skip_errors=True))
    assert len(kept) == 7 + 7
    with pytest.raises(TypeError):
        list(E.examples_from_records(["p p p"]))  # type: ignore[list-item]


def test_examples_as_numpy_arrays_need_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    rec = GameRecord.from_text(Deal.shuffled(1), "p p 18 s G.SK.DT")
    monkeypatch.setattr(E, "_numpy", lambda: None)
    with pytest.raises(SkatError, match="needs numpy") as info:
        list(E.examples_from_records([rec], numpy=True))
    assert info.value.reason is Reason.OPTION_DISABLED


# ----------------------------------------------------------------------------- tracker


def random_record(game: tuple[int, str, bool], side: float = 0.15) -> GameRecord:
    """The record of one random deal of ``game`` (as :func:`states_of`, with more side
    actions: claims, refusals and concessions in the middle of the card play)."""
    seed, name, ramsch = game
    rules = RULES[name]
    ramsch = ramsch and rules.ramsch
    actions = []
    rng = random.Random(seed)
    s = new_game(Deal.shuffled(rng), rules, ramsch=ramsch)
    while not s.is_finished:
        extra = side_actions(s)
        a = rng.choice(extra) if extra and rng.random() < side else rng.choice(legal_actions(s))
        actions.append(a)
        s = apply(s, a)
    return GameRecord(s.deal, tuple(actions), rules, ramsch=ramsch)


def check_examples_are_the_per_state_reference(rec: GameRecord, seats: set[int] | None,
                                               numpy: bool = False) -> int:
    """Every example of ``rec`` (each seat's tensor followed action by action) is the
    information-state tensor of a fresh observation of its state (with ``numpy``: a
    float64 row with the same values)."""
    examples = iter(E.examples_from_records([rec], seats=seats, numpy=numpy))
    s = new_game(rec.deal, rec.rules, ramsch=rec.ramsch)
    n = 0
    for a in factored(rec.actions):
        if type(a) in E._SIDE_KINDS:  # concessions, claims, refusals, server events
            s = apply(s, a)
            continue
        if seats is None or s.to_move_index in seats:
            e = next(examples)
            assert (e.seat, e.action, e.mask) == (s.to_move_index, E.action_id(a),
                                                  E.legal_mask(s))
            assert type(e) is E.Example and type(e.action) is int and type(e.seat) is int
            tensor = e.tensor.tolist() if numpy else e.tensor
            assert type(e.tensor) is not list if numpy else type(e.tensor) is list
            assert tensor == E.information_state_tensor(observe(s, e.seat)), (n, s.phase)
            n += 1
        s = apply(s, a)
    assert next(examples, None) is None
    return n


@settings(max_examples=80, deadline=None)
@given(games, st.sampled_from([None, {0}, {1, 2}]), st.booleans())
def test_the_tracker_gives_the_reference_examples(
        game: tuple[int, str, bool], seats: set[int] | None, numpy: bool) -> None:
    """examples_from_records follows each seat's tensor through the deal instead of
    observing every state anew: on random records of every preset (ouvert, Kontra,
    Ramsch, Schieberamsch, claims, refusals and concessions among them), for every
    seat or some, as lists or numpy rows, each example is the per-state reference."""
    if numpy:
        pytest.importorskip("numpy")
    check_examples_are_the_per_state_reference(random_record(game), seats, numpy)


@pytest.mark.parametrize("numpy", [False, True])
def test_the_tracker_on_the_iss_records_for_each_seat(numpy: bool) -> None:
    """The 46 ISS games, seat by seat and for all seats, as lists and numpy rows."""
    if numpy:
        pytest.importorskip("numpy")
    records = [to_game_record(r) for r in read_records(ISS_FILE)]
    assert sum(check_examples_are_the_per_state_reference(rec, k, numpy)
               for rec in records for k in ({0}, {1}, {2}, None)) > 46 * 40


@pytest.mark.parametrize("info", [True, False])
def test_the_tracker_follows_both_tensors_through_the_deal(info: bool) -> None:
    """_Tracker (also the PettingZoo env's, on memoryviews of numpy arrays) for the
    information-state and the observation tensor: every seat's tensor, action by
    action through random deals of every preset (the auction, the skat, the put-away,
    the declaration, Kontra/Re, the card play, into the end of the deal), is the
    tensor of a fresh observation; it is observed anew only at the start and where
    the tracker says it cannot follow (Ramsch and Schieberamsch before the card
    play)."""
    tensor = E.information_state_tensor if info else E.observation_tensor
    checked = stepped = finished = 0
    ends: set[tuple[Phase, bool]] = set()
    for k, name in enumerate(sorted(RULES) * 6):
        rng = random.Random(k)
        s = new_game(Deal.shuffled(rng), RULES[name], ramsch=RULES[name].ramsch and k % 2 == 1)
        trackers: list[E._Tracker | None] = [None, None, None]
        while True:
            for seat in range(3):
                o = observe(s, seat)
                tr = trackers[seat]
                if tr is None:
                    trackers[seat] = E._Tracker(tensor(o), o, info)
                else:
                    assert tr.t == tensor(o), (name, k, seat, s.phase)
                    checked += 1
                    finished += s.is_finished
            if s.is_finished:
                break
            legal = legal_actions(s)
            # the last round of deals passed in (or into Ramsch, where the rules have it)
            a = Pass() if k >= 5 * len(RULES) and Pass() in legal else rng.choice(legal)
            nxt = apply(s, a)
            if nxt.is_finished:
                ends.add((s.phase, s.contract is not None and s.contract.hand))
            for seat, tr in enumerate(trackers):
                assert tr is not None
                if s.phase is Phase.PLAYING:
                    assert isinstance(a, Play)
                    tr.play(s, int(a.card), nxt)  # into the next card or the end
                elif tr.step(s, a, nxt):
                    stepped += 1
                else:  # it only gives up where it says it does
                    assert (nxt.phase is Phase.PUSHING
                            or s.declarer is None and s.phase is not Phase.BIDDING
                            or nxt.phase is Phase.PLAYING and nxt.contract is None), (a, s.phase)
                    trackers[seat] = None
            s = nxt
    assert checked > 20 * len(RULES) * 6
    assert stepped > 5 * len(RULES) * 6
    # the end followed from the card play (hand games and not) and from the bidding
    assert finished > 3 * len(RULES) * 3
    assert {(Phase.PLAYING, True), (Phase.PLAYING, False), (Phase.BIDDING, False)} <= ends


def test_the_tracker_follows_a_whole_iss_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the ISS records (no Ramsch) a seat is observed only at its first decision after
    a side action (a claim, a concession): its tensor is written at the start without an
    observation and followed through the whole deal."""
    observed: list[int] = []

    def counting(s: GameState, seat: int) -> object:
        observed.append(seat)
        return observe(s, seat)

    monkeypatch.setattr(E, "observe", counting)
    examples = 0
    for rec in (to_game_record(r) for r in read_records(ISS_FILE)):
        observed.clear()
        side = sum(1 for a in rec.actions if type(a) in E._SIDE_KINDS)
        examples += len(list(E.examples_from_records([rec])))
        assert len(observed) <= 3 * side, rec
    assert examples > 46 * 20
