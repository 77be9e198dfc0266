"""Skat for people at a terminal: ``skat play --human SEAT`` (a person against
two bots) and ``skat play --humans 3`` (three people at one keyboard).

Two layers, both usable on their own:

* :func:`read_actions` reads what a person types, forgivingly and in English or
  German (``18``, ``ja``, ``pass``/``passe``, ``s``/``skat``, ``grand hand``,
  ``Kreuz Bube``, ``♣J``, ``kontra``, ``re``...), against the state it is meant
  for: the same letter means what the phase needs (``s`` picks up the skat
  before the declaration, ``S`` or ``s`` declares spades after it).  It reuses
  :func:`~skatlib.parse_action` for the notation and :meth:`Card.parse
  <skatlib.Card.parse>` for card names; what it reads is checked by the state
  machine, and a refusal is one line naming what is legal, in plain words;
* :class:`HumanGame` runs deals through :func:`~skatlib.play_game` (the one
  game loop) with :class:`HumanPlayer` seats: it shows the seat's hand sorted
  for the game, the auction, the trick and what is legal, offers ``help``,
  ``hint`` (what :class:`~skatlib.RuleBot` or :class:`~skatlib.PIMCBot` would
  do) and ``undo`` (states are immutable, so going back is keeping a list), and
  ends each deal with the explained score; a series keeps its sheet in a
  :class:`~skatlib.Table`.

Input may come from a terminal or a pipe; the end of the input (Ctrl-D) and
Ctrl-C end the game with one line and an exit code (:data:`EXIT_UNFINISHED`,
130), never a traceback.

>>> from skatlib import Deal, new_game
>>> s = new_game(Deal.shuffled(1))
>>> read_actions("18", s), read_actions("passe", s)
((Bid(18),), (Pass(),))
>>> read_actions("Kontra", s)
Traceback (most recent call last):
...
skatlib.errors.IllegalActionError: 'Kontra': Kontra or Re is not possible now; bid 18 or more, ...
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from typing import NamedTuple, TextIO

from ._text import signed as _signed
from ._text import write_line
from .actions import (
    Action,
    Bid,
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
from .cards import Card, CardSet
from .contract import Contract, GameType
from .deal import Deal, Seat
from .display import colour_cards
from .errors import IllegalActionError, NotationError, Reason, SkatError
from .i18n import card_label, card_name, contract_name, reason_text, seat_name, translator
from .loop import Bot, play_game
from .observation import Observation
from .rules import Rules
from .scoring import GameResult, seeger_fabian
from .state import GameState, Phase, allowed_contracts, apply, legal_actions, new_game, result
from .table import Table

__all__ = [
    "EXIT_UNFINISHED",
    "HumanGame",
    "HumanPlayer",
    "auction_in_words",
    "describe_action",
    "legal_in_words",
    "parse_seat",
    "play_session",
    "read_actions",
    "result_lines",
]

EXIT_UNFINISHED = 3
"""Exit code of ``skat play --human`` when the input ended (Ctrl-D, or the end
of a pipe) before the game was over; nothing of the unfinished deal is scored.
Ctrl-C exits with 130, ``quit`` with 0."""

# ----------------------------------------------------------------------------- input words
# Words are compared case-insensitively; English and German are read in every language.
_FILLER = frozenset({"play", "spiele", "spielen", "i", "ich", "bid", "reize", "say", "sage",
                     "the", "a", "an", "declare", "ansagen", "put", "away", "drücke",
                     "druecke", "drücken", "discard", "and", "und", "with", "mit", "den",
                     "der", "die", "das"})


def _words(text: str) -> list[str]:
    """The words of ``text``, case-folded, without filler words (``'play'``,
    ``'the'``, ``'spiele'``...), unless nothing else is left."""
    words = [w for w in re.split(r"[\s,;]+", text.strip().casefold()) if w]
    return [w for w in words if w not in _FILLER] or words


def _phrases(*texts: str) -> frozenset[str]:
    """Phrases as :func:`_words` leaves them, joined by single spaces."""
    return frozenset(" ".join(_words(t)) for t in texts)


_YES = _phrases("y", "yes", "j", "ja", "hold", "halten", "halte", "ok", "jo")
_PASS = _phrases("p", "pass", "passe", "passen", "no", "n", "nein", "weg", "fold")
_SKAT = _phrases("s", "skat", "pickup", "pick up", "pick up the skat", "take", "take the skat",
                 "aufnehmen", "nehmen", "den Skat aufnehmen", "aufheben")
_HAND = _phrases("hand", "handspiel", "h", "play hand", "hand spielen")
_KONTRA = _phrases("kontra", "contra", "k", "double")
_RE = _phrases("re", "rekontra", "redouble")
_CONCEDE = _phrases("concede", "aufgeben", "give up", "resign", "ich gebe auf")
_CLAIM = _phrases("claim", "claim the rest", "rest", "den Rest")
_REFUSE = _phrases("refuse", "ablehnen")
_PUSH_ON = _phrases("push", "schieben", "schiebe", "weiterschieben")
_GAME_WORDS: dict[str, int] = {
    **dict.fromkeys(("clubs", "club", "kreuz", "eichel", "eicheln", "c", "acorns"), 3),
    **dict.fromkeys(("spades", "spade", "pik", "grün", "grun", "gruen", "laub", "blatt",
                     "s", "leaves"), 2),
    **dict.fromkeys(("hearts", "heart", "herz", "rot", "h"), 1),
    **dict.fromkeys(("diamonds", "diamond", "karo", "schellen", "schelle", "d", "bells"), 0),
    **dict.fromkeys(("grand", "grant", "g"), 4),
    **dict.fromkeys(("null", "nullspiel", "n"), 5),
}
_MODIFIERS: dict[str, str] = {
    **dict.fromkeys(("hand", "h"), "hand"),
    **dict.fromkeys(("schneider", "s"), "schneider"),
    **dict.fromkeys(("schwarz", "z", "black"), "schwarz"),
    **dict.fromkeys(("ouvert", "offen", "open", "o", "revolution"), "ouvert"),
    **dict.fromkeys(("announced", "angesagt"), ""),
}
_ISS_CONTRACT = re.compile(r"^[gcshdn][hszo]*$")


class _Voice(NamedTuple):
    """How the parser speaks: the language and whether cards show suit symbols."""

    lang: str
    symbols: bool


def _refusal(text: str, reason: Reason, state: GameState, voice: _Voice,
             why: str | None = None) -> IllegalActionError:
    """The one-line refusal: the input, why, and what is legal in plain words."""
    why = why if why is not None else reason_text(reason, voice.lang)
    legal = legal_in_words(state, voice.lang, symbols=voice.symbols)
    return IllegalActionError(f"{text.strip()!r}: {why}; {legal}", reason, action=text)


def _cards_of(words: Sequence[str]) -> list[Card] | None:
    """The cards ``words`` name (every word used), or None."""
    if not words:
        return None
    try:
        return list(CardSet.parse(" ".join(words)).sorted()) if len(words) > 1 else [
            Card.parse(words[0])]
    except SkatError:
        return None


def _contract_of(words: Sequence[str]) -> tuple[int, set[str]] | None:
    """``(game type, modifiers)`` if ``words`` name a game (``'grand hand'``,
    ``'Kreuz'``, ``'null ouvert'``, ``'CHS'``), else None."""
    if not words:
        return None
    mods: set[str] = set()
    if len(words) == 1 and _ISS_CONTRACT.match(words[0]) and len(words[0]) > 1:
        try:
            c = Contract.parse(words[0])
        except SkatError:  # 'NS', 'GHH': no game (the notation's own error follows)
            return None
        mods = {m for m, on in (("hand", c.hand), ("schneider", c.schneider),
                                ("schwarz", c.schwarz), ("ouvert", c.ouvert)) if on}
        return int(c.game_type), mods
    gt = _GAME_WORDS.get(words[0])
    if gt is None:
        return None
    for w in words[1:]:
        mod = _MODIFIERS.get(w)
        if mod is None:
            return None
        if mod:
            mods.add(mod)
    return gt, mods


def _make_contract(text: str, gt: int, mods: set[str], state: GameState, voice: _Voice
                   ) -> Contract:
    hand = "hand" in mods or not state.picked_up  # a hand game is a hand game: say it or not
    try:
        return Contract(GameType(gt), hand=hand, schneider=True if "schneider" in mods else None,
                        schwarz=True if "schwarz" in mods else None, ouvert="ouvert" in mods)
    except SkatError as exc:
        raise _refusal(text, exc.reason, state, voice) from None


def _split_cards_and_game(words: list[str]) -> tuple[list[Card], tuple[int, set[str]] | None]:
    """Cards and a game named in one input (``'grand D7 D8'``, ``'D7 D8 grand'``)."""
    for cut in range(len(words) + 1):
        for head, tail in ((words[:cut], words[cut:]), (words[cut:], words[:cut])):
            game = _contract_of(head) if head else None
            cards = _cards_of(tail) if tail else []
            if cards is not None and (game is not None or not head):
                return cards, game
    return [], None


def _after(text: str, state: GameState, actions: Sequence[Action], voice: _Voice) -> GameState:
    """The state after ``actions``, each checked by the state machine; the refusal
    of the first one that is not legal."""
    s = state
    for a in actions:
        try:
            s = apply(s, a)
        except IllegalActionError as exc:
            raise _refusal(text, exc.reason, state, voice) from None
    return s


def _check_all(text: str, state: GameState, actions: Sequence[Action], voice: _Voice
               ) -> tuple[Action, ...]:
    """``actions`` if each is legal after the ones before it (see :func:`_after`)."""
    _after(text, state, actions, voice)
    return tuple(actions)


def read_actions(text: str, state: GameState, *, lang: str = "en", symbols: bool = False
                 ) -> tuple[Action, ...]:
    """The action(s) a person means by ``text`` for the seat to move in
    ``state``: usually one; several when one line says several things
    (``'D7 D8'`` puts two cards away, ``'grand hand'`` before the skat decision
    is :class:`~skatlib.PlayHand` then the declaration).  Each is legal in turn.

    Read, in English or German whatever ``lang``: bid values (the value just
    bid means "hold" for the listener), yes/ja/y, pass/passe/p/no/nein,
    s/skat/aufnehmen, hand, game names with hand/schneider/schwarz/ouvert
    (``'grand hand'``, ``'Kreuz'``, ``'null ouvert'``, ``'CHS'``), cards in any
    form :meth:`Card.parse <skatlib.Card.parse>` reads (``CJ``, ``♣J``,
    ``Kreuz Bube``, ``Eichel Unter``), kontra, re, concede/aufgeben,
    claim, refuse, push/schieben, and everything :func:`~skatlib.parse_action`
    reads.

    :raises TypeError: unless ``text`` is a ``str`` and ``state`` a GameState.
    :raises NotationError: (``UNKNOWN_ACTION``) for text that means nothing here.
    :raises IllegalActionError: for an action that is read but not legal now;
        the state is unchanged (it always is).  Both messages are one line in
        ``lang`` that names what is legal (cards with suit symbols if ``symbols``).

    >>> from skatlib import Deal, GameState
    >>> s = GameState.from_position(Deal.shuffled(1), "p p 18")
    >>> read_actions("s", s), read_actions("S", s)      # before the declaration: the skat
    ((PickUpSkat(),), (PickUpSkat(),))
    >>> read_actions("grand hand", s)
    (PlayHand(), Declare(Contract.parse('GH')))
    >>> s = GameState.from_position(Deal.shuffled(1), "p p 18 s")
    >>> read_actions("SK DT", s)
    (Discard(Card.SK), Discard(Card.DT))
    >>> read_actions("SK DT s", s)                      # after the pickup: spades
    (Discard(Card.SK), Discard(Card.DT), Declare(Contract.parse('S')))
    >>> read_actions("bla", s, lang="de")
    Traceback (most recent call last):
    ...
    skatlib.errors.NotationError: 'bla' verstehe ich hier nicht; lege noch 2 Karte(n) in den ...
    """
    from .errors import as_text
    from .state._machine import require_state

    as_text(text, "text")
    require_state(state)
    return _read(text, state, _Voice(lang, symbols))


def _read(text: str, state: GameState, voice: _Voice) -> tuple[Action, ...]:
    """:func:`read_actions`."""
    if state.is_finished:
        raise _refusal(text, Reason.WRONG_PHASE, state, voice)
    words = _words(text)
    joined = " ".join(words)
    phase = state.phase
    legal = legal_actions(state)
    seat = state.to_move_index

    def one(action: Action) -> tuple[Action, ...]:
        return _check_all(text, state, (action,), voice)

    if not words:
        raise NotationError(_unknown(text, state, voice), Reason.UNKNOWN_ACTION)
    if phase == Phase.BIDDING:
        listening = Hold() in legal
        if joined in _YES:
            if listening:
                return (Hold(),)
            raise _refusal(text, Reason.BID_NOT_ALLOWED, state, voice,
                           translator(voice.lang)("you are the one bidding: say a value"))
        if joined in _PASS:
            return (Pass(),)
        if len(words) == 1 and words[0].isdigit() and len(words[0]) <= 3:
            value = int(words[0])
            if listening and value == state.bid:
                return (Hold(),)
            if listening:
                raise _refusal(text, Reason.MUST_HOLD_OR_PASS, state, voice)
            try:
                return one(Bid(value))
            except SkatError as exc:
                raise _refusal(text, exc.reason, state, voice) from None
    if phase == Phase.KONTRA:
        re_turn = Re() in legal
        if joined in _YES or joined in (_RE if re_turn else _KONTRA):
            return (Re() if re_turn else Kontra(),)
        if joined in _PASS:
            return (Pass(),)
    if joined in _KONTRA or joined in _RE:  # 'RE' alone is never the concession 'RE.<seat>'
        raise _refusal(text, Reason.KONTRA_NOT_ALLOWED, state, voice)
    if phase == Phase.SKAT:
        if joined in _SKAT:
            return (PickUpSkat(),)
        if joined in _HAND:
            return (PlayHand(),)
        game = _contract_of(words)
        if game is not None:
            gt, mods = game
            implied = gt != 5 and mods & {"ouvert", "schneider", "schwarz"}  # all imply hand
            if "hand" not in mods and not implied:
                raise _refusal(text, Reason.DISCARD_REQUIRED, state, voice, translator(voice.lang)(
                    "pick up the skat first, or say it with 'hand' to play it hand"))
            return _check_all(text, state, (PlayHand(), Declare(
                _make_contract(text, game[0], game[1], state.apply(PlayHand()), voice))), voice)
    if phase == Phase.PUSHING:
        if joined in _SKAT:
            return one(PickUpSkat())
        if joined in _PUSH_ON:
            return one(Push())
    if phase == Phase.DECLARING and not any(isinstance(a, Discard) for a in legal):
        game = _contract_of(words)  # 'CO' is clubs ouvert here, not the clubs Ober
        if game is not None:
            return one(Declare(_make_contract(text, game[0], game[1], state, voice)))
    if phase in (Phase.DECLARING, Phase.PUSHING):
        cards, game = _split_cards_and_game(words)
        if cards or game is not None:
            actions: list[Action] = [Discard(c) for c in cards]
            if game is not None:
                after = _after(text, state, actions, voice)
                actions.append(Declare(_make_contract(text, game[0], game[1], after, voice)))
            return _check_all(text, state, actions, voice)
    if phase == Phase.PLAYING:
        if joined in _CONCEDE:
            return one(Concede(seat))
        if joined in _CLAIM:
            return one(Claim())
        if joined in _REFUSE:
            return one(Refuse(seat))
        played = _cards_of(words)
        if played is not None and len(played) == 1:
            return one(Play(played[0]))
    try:  # the notation itself: 'CJ', 'G.H7.HQ', 'RE.1', 'discard.D7', ...
        action = parse_action(text.strip())
    except SkatError:
        raise NotationError(_unknown(text, state, voice), Reason.UNKNOWN_ACTION) from None
    if isinstance(action, Play) and phase in (Phase.DECLARING, Phase.PUSHING):
        action = Discard(action.card)
    return one(action)


def _unknown(text: str, state: GameState, voice: _Voice) -> str:
    _ = translator(voice.lang)
    return (_("{text} means nothing to me here").format(text=repr(text.strip())) + "; "
            + legal_in_words(state, voice.lang, symbols=voice.symbols) + " " + _("('help' helps)"))


def legal_in_words(state: GameState, lang: str = "en", *, symbols: bool = False) -> str:
    """What the seat to move may do, in plain words (bid values, "hold", "pass",
    "pick up the skat", "hand", games by name, cards).

    >>> from skatlib import Deal, GameState, new_game
    >>> legal_in_words(new_game(Deal.shuffled(1)))
    'bid 18 or more, or pass'
    >>> legal_in_words(GameState.from_position(Deal.shuffled(1), "18"), "de")
    'sage ja (18 halten) oder passe'
    """
    _ = translator(lang)
    legal = legal_actions(state)
    phase = state.phase
    if phase == Phase.FINISHED:
        return _("the deal is over")
    if phase == Phase.BIDDING:
        if Hold() in legal:
            return _("say yes (hold {bid}) or pass").format(bid=state.bid)
        low = min(a.value for a in legal if isinstance(a, Bid))
        return _("bid {value} or more, or pass").format(value=low)
    if phase == Phase.SKAT:
        return _("pick up the skat (s) or play hand (hand, or a game with hand: 'grand hand')")
    if phase == Phase.KONTRA:
        return _("answer Re, or pass") if Re() in legal else _("say Kontra, or pass")
    if phase == Phase.DECLARING and any(isinstance(a, Discard) for a in legal):
        return _("put {n} more card(s) away into the skat, then declare a game").format(
            n=_still_to_put_away(state))
    if phase == Phase.DECLARING:
        return _("declare a game: {games}").format(games=_games_in_words(state, lang))
    if phase == Phase.PLAYING:
        playable = CardSet.from_cards(a.card for a in legal if isinstance(a, Play))
        gt = None if state.contract is None else int(state.contract.game_type)
        cards = [card_label(c, lang, symbols=symbols) for c in playable.sorted(
            gt if gt is not None else 6)]
        return _("play a card: {cards}").format(cards=" ".join(cards))
    return _("choose: {options}").format(options=", ".join(str(a) for a in legal))


def _still_to_put_away(state: GameState) -> int:
    d = state.declarer_index if state.declarer_index >= 0 else state.to_move_index
    return len(state.hand(d)) - 10


def _games_in_words(state: GameState, lang: str) -> str:
    """The allowed games without announcements (those are offered as words)."""
    _ = translator(lang)
    allowed = allowed_contracts(state)
    plain = [c for c in allowed if c.is_null or not (c.schneider or c.ouvert)]
    text = ", ".join(contract_name(c, lang) for c in plain)
    if any(c.schneider and not c.is_null for c in allowed):
        text += " " + _("(add 'schneider', 'schwarz' or 'ouvert' to announce)")
    return text


# ----------------------------------------------------------------------------- narration
def auction_in_words(history: Sequence[tuple[Seat, Action]], lang: str = "en") -> str:
    """The auction of a deal's history: the bids, holds and passes up to the skat
    decision (the passes of the Kontra phase come after it and are not bids).

    >>> from skatlib import Deal, GameState
    >>> s = GameState.from_position(Deal.shuffled(1), "18 y p p s")
    >>> auction_in_words(s.history), auction_in_words(s.history, "de")
    ('Middlehand 18, Forehand yes, Middlehand pass, Rearhand pass', \
'Mittelhand 18, Vorhand ja, Mittelhand passe, Hinterhand passe')
    """
    _ = translator(lang)
    words = []
    for who, act in history:
        if isinstance(act, Bid):
            words.append(f"{seat_name(who, lang)} {act.value}")
        elif isinstance(act, Hold):
            words.append(f"{seat_name(who, lang)} {_('yes')}")
        elif isinstance(act, Pass):
            words.append(f"{seat_name(who, lang)} {_('pass')}")
        else:
            break
    return ", ".join(words)


def describe_action(seat: int, action: Action, before: GameState, lang: str = "en", *,
                    symbols: bool = False, names: Sequence[str] | None = None) -> str:
    """One sentence saying what ``seat`` did in ``before`` (the state it acted in),
    as the whole table sees it: cards put away or pushed are not named.  The
    seats are called by their names (Forehand...) or, if given, ``names[seat]``.

    >>> from skatlib import Deal, new_game, Bid
    >>> describe_action(1, Bid(18), new_game(Deal.shuffled(1)), "de")
    'Mittelhand reizt 18.'
    """
    _ = translator(lang)

    def name(s: int) -> str:
        return seat_name(s, lang) if names is None else names[s]

    who = name(seat)
    phase = before.phase
    if isinstance(action, Bid):
        return _("{seat} bids {value}.").format(seat=who, value=action.value)
    if isinstance(action, Hold):
        return _("{seat} holds {value}.").format(seat=who, value=before.bid)
    if isinstance(action, Pass):
        if phase == Phase.KONTRA:
            return (_("{seat} does not answer Re.") if before.kontra else
                    _("{seat} says no Kontra.")).format(seat=who)
        return _("{seat} passes.").format(seat=who)
    if isinstance(action, PickUpSkat):
        return _("{seat} picks up the skat.").format(seat=who)
    if isinstance(action, PlayHand):
        return _("{seat} plays hand.").format(seat=who)
    if isinstance(action, Discard):
        if phase == Phase.PUSHING:
            return _("{seat} pushes a card on.").format(seat=who)
        return _("{seat} puts a card away.").format(seat=who)
    if isinstance(action, Declare):
        text = _("{seat} declares {game}.").format(seat=who,
                                                   game=contract_name(action.contract, lang))
        if action.contract.ouvert:
            text += " " + _("The declarer's cards are open.")
        return text
    if isinstance(action, Play):
        return _("{seat} plays {card}.").format(seat=who,
                                                 card=card_label(action.card, lang,
                                                                 symbols=symbols))
    if isinstance(action, Kontra):
        return _("{seat} says Kontra!").format(seat=who)
    if isinstance(action, Re):
        return _("{seat} answers Re!").format(seat=who)
    if isinstance(action, Push):
        if action.discard is None:
            return _("{seat} passes the skat on unseen.").format(seat=who)
        return _("{seat} pushes two cards on.").format(seat=who)
    if isinstance(action, Concede):
        return _("{seat} concedes.").format(seat=name(action.seat))
    if isinstance(action, Claim):
        return _("{seat} shows his cards and claims the rest.").format(seat=who)
    if isinstance(action, Refuse):
        return _("{seat} refuses the claim.").format(seat=name(action.seat))
    if isinstance(action, (TimeOut, Leave)):  # pragma: no cover  (server events, ISS only)
        return f"{name(action.seat)}: {action}"
    return f"{who}: {action}"  # pragma: no cover  (every action is named above)


def result_lines(state: GameState, lang: str = "en") -> list[str]:
    """The lines of a finished deal's score: who declared what, points and
    tricks, the explained value, and the Seeger-Fabian points (empty while the
    deal is not over).

    >>> from skatlib import Deal, RuleBot, new_game, play_game
    >>> end = play_game(new_game(Deal.shuffled(3)), [RuleBot()] * 3)
    >>> print("\\n".join(result_lines(end)))
    Rearhand (Spades): 81 points, 6 tricks: won
    without 2, game 3 × Spades 11 = 33; won, +33
    Seeger-Fabian: declarer +83, each defender 0
    >>> print(result_lines(end, "de")[0])
    Hinterhand (Pik): 81 Augen, 6 Stiche: gewonnen
    """
    _ = translator(lang)
    res = result(state)
    if res is None:
        return []
    if not isinstance(res, GameResult):
        return [res.explain(lang)]
    sf = seeger_fabian(res)
    return [
        _("{seat} ({game}): {points} points, {tricks} tricks: {outcome}").format(
            seat=seat_name(state.declarer_index, lang), game=contract_name(res.contract, lang),
            points=res.declarer_points, tricks=res.declarer_tricks,
            outcome=_("won") if res.won else _("lost")),
        res.explain(lang),
        _("Seeger-Fabian: declarer {declarer}, each defender {defender}").format(
            declarer=_signed(sf[0]), defender=_signed(sf[1])),
    ]


# ----------------------------------------------------------------------------- the game
class _Undo(Exception):
    """Raised out of :func:`~skatlib.play_game` to go back to ``states[index]``."""

    def __init__(self, index: int) -> None:
        super().__init__("undo")
        self.index = index


class _Quit(Exception):
    """The person typed ``quit``, or the input ended (``eof``)."""

    def __init__(self, eof: bool) -> None:
        super().__init__("quit")
        self.eof = eof


class HumanPlayer:
    """A seat played by a person: :meth:`act` shows the seat's view, asks, reads
    the answer with :func:`read_actions` and asks again after a refusal.  It is a
    :class:`~skatlib.Bot` for :func:`~skatlib.play_game`; :class:`HumanGame`
    gives it the full state (for checking input) and the undo history.
    """

    def __init__(self, game: HumanGame, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._pending: list[Action] = []

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The person's choice (see the class docs)."""
        if self._pending:
            return self._pending.pop(0)
        game = self.game
        state = game.state
        game.prompts.append((len(game.states) - 1, self.seat))
        game._show_turn(observation)
        while True:
            text = game._ask(observation)
            command = text.strip().casefold()
            if command in ("help", "hilfe", "?"):
                game._say(game._help_text())
                continue
            if command in ("hint", "tipp", "tip"):
                game._say(game.hint(observation, legal))
                continue
            if command in ("undo", "zurück", "zurueck"):
                earlier = game._undo_target()
                if earlier is None:
                    game._say(game.t("Nothing to undo yet."))
                    continue
                raise _Undo(earlier)
            if command in ("quit", "exit", "ende", "beenden"):
                raise _Quit(eof=False)
            if command in ("show", "zeigen", ""):
                game._show_turn(observation)
                continue
            try:
                actions = read_actions(text, state, lang=game.lang, symbols=game.symbols)
            except SkatError as exc:
                game._say(str(exc))
                continue
            self._pending = list(actions[1:])
            return actions[0]


class HumanGame:
    """Deals at a terminal with people in some seats and bots in the others.

    :param humans: the seats (0 forehand, 1 middlehand, 2 rearhand) people play.
    :param bots: one bot per seat; the human seats' entries are ignored.
    :param inp: where the answers come from (a terminal or a pipe).
    :param out: where the game is shown.
    :param lang: ``"en"`` or ``"de"``.
    :param hint_bot: makes the bot that answers ``hint`` (default
        :class:`~skatlib.RuleBot`).
    :param ansi: colour the suits; :param symbols: show ♣♠♥♦.

    >>> import io
    >>> from skatlib import Deal, RuleBot, new_game
    >>> out = io.StringIO()
    >>> game = HumanGame([1], [RuleBot()] * 3, inp=io.StringIO("pass\\n"), out=out)
    >>> end = game.play(new_game(Deal.shuffled(0)))
    >>> print(out.getvalue().strip())
    ── Middlehand (you), your turn ──
    Your cards: CJ DJ CA C7 S9 S7 HA H9 DK D9
    You may: bid 18 or more, or pass
    Middlehand (you)> pass
    Middlehand (you) passes.
    Rearhand passes.
    Forehand passes.
    >>> end.end
    EndReason.PASSED_IN
    """

    def __init__(self, humans: Sequence[int], bots: Sequence[Bot], *, inp: TextIO,
                 out: TextIO, lang: str = "en", hint_bot: Callable[[], Bot] | None = None,
                 ansi: bool = False, symbols: bool = False, names: Sequence[str] | None = None
                 ) -> None:
        self.inp = inp
        self.out = out
        self.lang = lang
        self.t = translator(lang)
        self.ansi = ansi
        self.symbols = symbols
        self._hint_bot_maker = hint_bot
        self._hint_bot: Bot | None = None
        self.players: list[Bot] = []
        self.seat(humans, bots, names=names)
        self.states: list[GameState] = []
        """The states of the deal so far (the undo history)."""
        self.prompts: list[tuple[int, int]] = []
        """``(index into states, seat)`` of every time a person was asked."""
        self._events: list[str] = []
        self._seen: dict[int, int] = {}
        self.echo = not _is_terminal(inp)
        self._last_seat = -1

    def seat(self, humans: Sequence[int], bots: Sequence[Bot], *,
             names: Sequence[str] | None = None) -> None:
        """Seat people in ``humans`` and ``bots[i]`` in every other seat ``i`` for
        the next deal (``names``: the players' names in seat order, in a series).

        >>> import io
        >>> from skatlib import RuleBot
        >>> game = HumanGame([0], [RuleBot()] * 3, inp=io.StringIO(), out=io.StringIO())
        >>> game.seat([1, 2], [RuleBot()] * 3)
        >>> [type(p).__name__ for p in game.players]
        ['RuleBot', 'HumanPlayer', 'HumanPlayer']
        """
        self.humans = tuple(sorted(set(humans)))
        self.names = tuple(names) if names is not None else None
        self.players = [HumanPlayer(self, s) if s in self.humans else bots[s]
                        for s in range(3)]

    @property
    def state(self) -> GameState:
        """The state of the deal now."""
        return self.states[-1]

    # ----- input and output
    def _say(self, text: str = "") -> None:
        """Write a line (ASCII fallback where the terminal cannot show ×, −, ♣)."""
        write_line(self.out, text)

    def _ask(self, observation: Observation) -> str:
        """One line of input; the end of the input raises the quit signal."""
        prompt = f"{self._who(observation.seat)}> "
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self._say()
            raise _Quit(eof=True)
        if self.echo:
            self._say(line.rstrip("\n"))
        return line

    def _who(self, seat: int) -> str:
        """The seat's name: "Middlehand (you)" for the one person at the table,
        else with the player's name in a series ("Bernd (Forehand)")."""
        name = seat_name(seat, self.lang)
        if len(self.humans) == 1 and seat in self.humans:
            return f"{name} {self.t('(you)')}"
        if self.names is not None:
            return f"{self.names[seat]} ({name})"
        return name

    def _cards(self, cards: Sequence[Card] | CardSet, game_type: int | None) -> str:
        """Cards as the hand shows them, sorted for the game type."""
        if isinstance(cards, CardSet):
            cards = cards.sorted(game_type)
        if not cards:
            return "-"
        return colour_cards(cards, ansi=self.ansi, symbols=self.symbols, lang=self.lang)

    def _show_turn(self, o: Observation) -> None:
        """The seat's view: hand, auction, trick, what is legal."""
        _ = self.t
        gt = _game_type(o)
        if len(self.humans) > 1 and self._last_seat != o.seat:
            self._hand_over(o.seat)
        self._last_seat = o.seat
        self._seen[o.seat] = len(self._events)
        self._say()
        head = _("{seat}, your turn").format(seat=self._who(o.seat))
        if o.contract is not None and o.declarer is not None:
            head += " · " + _("{seat} plays {game}, bid {bid}").format(
                seat=seat_name(o.declarer, self.lang),
                game=contract_name(o.contract, self.lang), bid=o.bid)
        elif o.phase == Phase.BIDDING and o.bid:
            head += " · " + _("bid so far {bid}").format(bid=o.bid)
        self._say(f"── {head} ──")
        self._say(_("Your cards: {cards}").format(cards=self._cards(o.hand, gt)))
        if o.skat is not None and o.phase == Phase.DECLARING and o.declarer == o.seat:
            self._say(_("The skat was: {cards}").format(cards=self._cards(o.skat, gt)))
        auction = self._auction(o)
        if auction and o.phase in (Phase.BIDDING, Phase.SKAT, Phase.DECLARING):
            self._say(_("Auction: {auction}").format(auction=auction))
        if o.phase == Phase.PLAYING:
            trick = [f"{seat_name((int(o.leader) + i) % 3, self.lang)} "
                     f"{self._cards([c], gt)}" for i, c in enumerate(o.current_trick)]
            self._say(_("Trick {n}: {cards}").format(
                n=len(o.tricks) + 1, cards=", ".join(trick) if trick else _("you lead")))
        self._say(_("You may: {legal}").format(
            legal=legal_in_words(self.state, self.lang, symbols=self.symbols)))

    def _hand_over(self, seat: int) -> None:
        """Hot seat: hide the last hand and wait for the next person (on a terminal)."""
        if _is_terminal(self.out) and not self.echo:
            self.out.write("\x1b[2J\x1b[H")
            self.out.write(self.t("Pass the keyboard to {seat} and press Enter.").format(
                seat=self._who(seat)) + " ")
            self.out.flush()
            if not self.inp.readline():
                self._say()
                raise _Quit(eof=True)
            # what the table did since this person's last turn (the screen was cleared)
            for line in self._events[self._seen.get(seat, 0):]:
                self._say(line)

    def _auction(self, o: Observation) -> str:
        return auction_in_words(o.history, self.lang)

    def _help_text(self) -> str:
        """What can be typed."""
        return self.t(
            "Type what you want to do: a bid value (18), yes/ja, pass/passe, s (pick up the "
            "skat), hand, a game (grand, clubs/kreuz, null ouvert, grand hand, CHS), cards "
            "(CJ, ♣J, 'Kreuz Bube', 'jack of clubs'; two at once to put them away), kontra, "
            "re, concede. Commands: hint (what a bot would do), undo (back to your last "
            "decision), show (the table again), help, quit.")

    def hint(self, o: Observation, legal: Sequence[Action]) -> str:
        """What the hint bot would do here (from the seat's view only); it picks
        among the legal actions in turn, so it never suggests a concession.

        >>> import io
        >>> from skatlib import Deal, RuleBot, legal_actions, new_game, observe
        >>> game = HumanGame([1], [RuleBot()] * 3, inp=io.StringIO(), out=io.StringIO(),
        ...                  lang="de")
        >>> game.states = [new_game(Deal.shuffled(0))]
        >>> game.hint(observe(game.state, 1), legal_actions(game.state))
        'Tipp: RuleBot würde sagen: Mittelhand (du) passt.'
        """
        if self._hint_bot is None:
            if self._hint_bot_maker is not None:
                self._hint_bot = self._hint_bot_maker()
            else:
                from .bots import RuleBot

                self._hint_bot = RuleBot()
        action = self._hint_bot.act(o, legal)
        name = type(self._hint_bot).__name__
        said = describe_action(o.seat, action, self.state, self.lang, symbols=self.symbols,
                               names=[self._who(s) for s in range(3)])
        if isinstance(action, Play):
            said = f"{said[:-1]} ({card_name(action.card, self.lang)})."
        if isinstance(action, Declare) and action.discard is not None:
            said += " " + self.t("Put away: {cards}").format(
                cards=self._cards(action.discard, int(action.contract.game_type)))
        if isinstance(action, Discard):
            said = self.t("put away {card}").format(card=card_label(action.card, self.lang,
                                                                   symbols=self.symbols))
        return self.t("hint: {bot} would say: {action}").format(bot=name, action=said)

    def _undo_target(self) -> int | None:
        """The index in :attr:`states` of the previous decision of the person now
        asked (the seat's last prompt before this one), or None."""
        now, seat = self.prompts[-1]
        for index, who in reversed(self.prompts[:-1]):
            if who == seat and index < now:
                return index
        return None

    # ----- the loop
    def _on_action(self, seat: int, action: Action, after: GameState) -> None:
        before = self.states[-1]
        self.states.append(after)
        if isinstance(self.players[seat], HumanPlayer) and len(self.humans) == 1 and \
                isinstance(action, Discard):
            self._say(self.t("You put away {card}.").format(
                card=self._cards([action.card], None)))
            return
        lines = [describe_action(seat, action, before, self.lang, symbols=self.symbols,
                                 names=[self._who(s) for s in range(3)])]
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            lines.append(self.t("Trick {n} goes to {seat} ({points} points).").format(
                n=len(after.tricks), seat=self._who(int(trick.winner)), points=trick.points()))
        for line in lines:  # all public: seen by the table, replayed at a hand-over
            self._say(line)
        self._events.extend(lines)

    def play(self, start: GameState) -> GameState:
        """Play ``start`` to the end; returns the finished state.

        :raises KeyboardInterrupt: on Ctrl-C (the caller says goodbye).
        """
        self.states = [start]
        self.prompts = []
        self._events, self._seen = [], {}
        self._last_seat = -1
        state = start
        while True:
            try:
                state = play_game(state, self.players, on_action=self._on_action)
                return state
            except _Undo as undo:
                del self.states[undo.index + 1:]
                self.prompts = [p for p in self.prompts if p[0] < undo.index]
                for p in self.players:
                    if isinstance(p, HumanPlayer):
                        p._pending.clear()
                state = self.states[-1]
                self._say(self.t("Undone: back to the decision of {seat}.").format(
                    seat=self._who(state.to_move_index)))

    def finish(self, end: GameState) -> None:
        """Show the end of a deal: the skat (and what was put away) and the explained
        score (:func:`result_lines`).

        >>> import io
        >>> from skatlib import Deal, RuleBot, new_game, play_game
        >>> out = io.StringIO()
        >>> game = HumanGame([0], [RuleBot()] * 3, inp=io.StringIO(), out=out)
        >>> game.finish(play_game(new_game(Deal.shuffled(3)), [RuleBot()] * 3))
        >>> print(out.getvalue().strip())
        ── The deal is over ──
        Skat: C8 HA; put away: HQ DT
        Rearhand (Spades): 81 points, 6 tricks: won
        without 2, game 3 × Spades 11 = 33; won, +33
        Seeger-Fabian: declarer +83, each defender 0
        """
        _ = self.t
        self._say()
        self._say("── " + _("The deal is over") + " ──")
        gt = None if end.contract is None else int(end.contract.game_type)
        if end.end.name not in ("PLAYED_OUT", "PASSED_IN"):
            self._say(_("The deal ended early: {why}.").format(why=_(end.end.value)))
        skat = _("Skat: {cards}").format(cards=self._cards(end.deal.skat, gt))
        if end.picked_up and end.skat != end.deal.skat:
            skat += "; " + _("put away: {cards}").format(cards=self._cards(end.skat, gt))
        self._say(skat)
        for line in result_lines(end, self.lang):
            self._say(line)


def _game_type(o: Observation) -> int | None:
    if o.contract is not None:
        return int(o.contract.game_type)
    return 6 if o.phase == Phase.PLAYING or o.phase == Phase.PUSHING else None


def _is_terminal(stream: object) -> bool:
    from .cli._common import is_terminal

    return is_terminal(stream)


def parse_seat(text: str, places: int = 3) -> int:
    """A seat (or, at a table of ``places``, a place) from what a person types:
    ``0``..``places-1``, or a seat's name in English or German.

    >>> parse_seat("middlehand"), parse_seat("Hinterhand"), parse_seat("0"), parse_seat("3", 4)
    (1, 2, 0, 3)
    """
    t = text.strip().casefold()
    names = {"forehand": 0, "vorhand": 0, "f": 0, "v": 0, "middlehand": 1, "mittelhand": 1,
             "m": 1, "rearhand": 2, "hinterhand": 2, "r": 2, "h": 2}
    if t in names and places == 3:
        return names[t]
    if t.isdigit() and int(t) < places:
        return int(t)
    choices = f"0..{places - 1} or forehand, middlehand, rearhand" if places == 3 \
        else f"0..{places - 1} (the place at the table)"
    raise SkatError(f"--human {text!r} is not a seat: use {choices}", Reason.BAD_SEAT)


def play_session(*, rules: Rules, humans: Sequence[int], bots_for: Callable[[int], Sequence[Bot]],
                 deal_for: Callable[[int], Deal], players: int | None = None, deals: int = 1,
                 lang: str = "en", ansi: bool = False, symbols: bool = False,
                 hint_bot: Callable[[], Bot] | None = None, inp: TextIO | None = None,
                 out: TextIO | None = None) -> int:
    """Play at the terminal and return the exit code (0; :data:`EXIT_UNFINISHED`
    when the input ended first; 130 on Ctrl-C).  With ``players`` (3 or 4) it is
    a series of ``deals`` at a :class:`~skatlib.Table` whose places ``humans``
    are people (their seat moves with the dealer; at four, the dealer sits
    out), and the sheet is shown after every deal; else one deal with people in
    the seats ``humans``.  ``bots_for(i)`` and ``deal_for(i)`` give deal ``i``'s
    bots and cards (``skat play`` seeds them as for bots alone).

    >>> import io
    >>> from skatlib import ISKO, Deal, RuleBot
    >>> out = io.StringIO()
    >>> play_session(rules=ISKO, humans=[0], bots_for=lambda i: [RuleBot()] * 3,
    ...              deal_for=Deal.shuffled, inp=io.StringIO("pass\\n"), out=out)
    0
    >>> out.getvalue().splitlines()[-1]
    'passed in: all three passed, no score'
    """
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    game = HumanGame(humans if players is None else (), bots_for(0), inp=inp, out=out, lang=lang,
                     ansi=ansi, symbols=symbols, hint_bot=hint_bot)
    _ = game.t
    table: Table | None = None
    if players is not None:
        single = len(set(humans)) == 1
        names = tuple((_("You") if single else _("Player {n}").format(n=p + 1))
                      if p in humans else ("Anna", "Bernd", "Clara", "Dieter")[p]
                      for p in range(players))
        table = Table(names, rules=rules, deals=deals)
    count = deals if players is not None else 1
    try:
        for i in range(count):
            bots = list(bots_for(i))
            if table is None:
                game.seat(humans, bots)
                start = new_game(deal_for(i), rules)
            else:
                places = table.seat_indices(table.next_dealer_index)
                game.seat([s for s in range(3) if places[s] in humans], bots,
                          names=[table.players[p] for p in places])
                start = table.new_game(deal_for(i))
                game._say()
                game._say("══ " + _("Deal {n} of {count}, dealer: {dealer}").format(
                    n=i + 1, count=count, dealer=table.next_dealer) + " ══")
                if any(p not in places for p in humans):  # at four the dealer sits out
                    game._say(_("You deal and sit this deal out.") if single else
                              _("{player} deals and sits this deal out.").format(
                                  player=table.next_dealer))
            end = game.play(start)
            game.finish(end)
            if table is not None:
                table = table.record(end)
                game._say(table.sheet())
    except _Quit as stop:
        if table is not None and table.entries:
            game._say(table.sheet())
        game._say(_("The input ended before the game was over; the unfinished deal is not "
                   "scored.") if stop.eof else _("Goodbye; the unfinished deal is not scored."))
        return EXIT_UNFINISHED if stop.eof else 0
    except KeyboardInterrupt:
        game._say()
        game._say(_("Interrupted; the unfinished deal is not scored."))
        return 130
    return 0
