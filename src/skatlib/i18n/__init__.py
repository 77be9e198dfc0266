"""Languages: English (the default) and German, through the standard library's
:mod:`gettext` and a catalogue shipped in the package.

Everything that speaks to a person takes ``lang`` (``"en"`` or ``"de"``; a
locale name such as ``"de_DE.UTF-8"`` works too): the score's explanation
(:meth:`GameResult.explain <skatlib.GameResult.explain>`), names of cards, game
types, contracts and seats, error messages by :class:`~skatlib.Reason`, and the
terminal game (``skat --lang de play --human 0``).  The machine-readable parts
(``Reason`` codes, the ISS notation, ``str(card)``) never change with the language.

>>> from skatlib import Card, Contract, Seat
>>> card_name(Card.CJ, "de"), card_name(Card.CJ, "de", german_suits=True)
('Kreuz Bube', 'Eichel Unter')
>>> contract_name(Contract.parse("CHS"), "de"), seat_name(Seat.MIDDLEHAND, "de")
('Kreuz Hand Schneider angesagt', 'Mittelhand')
>>> tr("won", "de"), tr("won", "en")
('gewonnen', 'won')
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..errors import Reason, SkatError

if TYPE_CHECKING:
    from ..cards import Card, Suit
    from ..contract import Contract, GameType
    from ..deal import Seat

__all__ = [
    "LANGUAGES",
    "check_lang",
    "detect_lang",
    "translator",
    "tr",
    "card_name",
    "card_label",
    "suit_name",
    "game_type_name",
    "contract_name",
    "seat_name",
    "reason_text",
    "error_message",
]

LANGUAGES = ("en", "de")
"""The languages skatlib speaks; English is the default and needs no catalogue."""

Translate = Callable[[str], str]


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now."""
    return message


def check_lang(lang: object) -> str:
    """``lang`` as one of :data:`LANGUAGES`: ``"de"``, ``"de_DE.UTF-8"``, ``"de-AT"``
    and ``"DE"`` all give ``"de"``.

    :raises TypeError: unless ``lang`` is a ``str``.
    :raises SkatError: (``BAD_NOTATION``) for a language skatlib does not speak.

    >>> check_lang("de_DE.UTF-8"), check_lang("en")
    ('de', 'en')
    >>> check_lang("fr")
    Traceback (most recent call last):
    ...
    skatlib.errors.SkatError: language 'fr' is not available: choose from en, de
    """
    from ..errors import as_text

    text = as_text(lang, "lang")
    base = text.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    if base not in LANGUAGES:
        raise SkatError(f"language {text!r} is not available: choose from "
                        f"{', '.join(LANGUAGES)}", Reason.BAD_NOTATION)
    return base


def detect_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as the C library reads it:
    the first of ``LANGUAGE`` (a colon-separated list), ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set; ``"de"`` for a German locale
    (``de_DE.UTF-8``, ``de_AT``...), else ``"en"``.  ``skat`` uses it when no
    ``--lang`` is given.

    >>> detect_lang({"LANG": "de_DE.UTF-8"}), detect_lang({"LANG": "C.UTF-8"})
    ('de', 'en')
    >>> detect_lang({"LANGUAGE": "fr:de", "LANG": "en_US"}), detect_lang({})
    ('de', 'en')
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for item in value.split(":"):
            try:
                return check_lang(item)
            except SkatError:
                continue
        if var != "LANGUAGE":  # a set locale that is not ours: English
            return "en"
    return "en"


@functools.cache
def _translation(lang: str) -> Translate:
    if lang == "en":
        return _identity
    import gettext

    from ._catalogue import DOMAIN, LOCALE_DIR

    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang]).gettext


def _identity(message: str) -> str:
    return message


def translator(lang: str = "en") -> Translate:
    """The function that translates a catalogue message into ``lang`` (by custom
    bound to ``_``); English returns the message itself.

    >>> _ = translator("de")
    >>> _("lost"), _("a message the catalogue lacks")
    ('verloren', 'a message the catalogue lacks')
    """
    return _translation(check_lang(lang))


def tr(message: str, lang: str = "en") -> str:
    """``message`` in ``lang`` (see :func:`translator`).

    >>> tr("pass", "de")
    'passe'
    """
    return translator(lang)(message)





def suit_name(suit: Suit | int, lang: str = "en", *, german_suits: bool = False) -> str:
    """A suit's name: ``'Clubs'``, ``'Kreuz'``, or with German suits ``'Eichel'``.

    >>> suit_name(3), suit_name(3, "de"), suit_name(2, "de", german_suits=True)
    ('Clubs', 'Kreuz', 'Grün')
    """
    from ..cards import Suit

    s = Suit(suit)
    if check_lang(lang) == "en":
        return ("Diamonds", "Hearts", "Spades", "Clubs")[s]
    return s.german_suited if german_suits else s.german


def card_name(card: Card, lang: str = "en", *, german_suits: bool = False) -> str:
    """A card's full name: ``'Jack of Clubs'``, ``'Kreuz Bube'`` or, with German
    suits, ``'Eichel Unter'``.  :meth:`Card.parse <skatlib.Card.parse>` reads
    each of them back.

    >>> from skatlib import Card
    >>> card_name(Card.ST), card_name(Card.ST, "de"), card_name(Card.SA, "de", german_suits=True)
    ('Ten of Spades', 'Pik Zehn', 'Grün Daus')
    """
    if check_lang(lang) == "en":
        return card.english()
    return card.german(german_suits=german_suits)


def card_label(card: Card, lang: str = "en", *, symbols: bool = False) -> str:
    """A card's short label for a hand on screen: the ISS code (``'CJ'``), or
    with ``symbols`` the suit symbol and the rank letter of the language
    (``'♣J'``; German ``'♣B'`` for Bube, ``'♠D'`` for Dame, ``'♥A'``).  Each
    parses back with :meth:`Card.parse <skatlib.Card.parse>`.

    >>> from skatlib import Card
    >>> card_label(Card.CJ), card_label(Card.CJ, symbols=True)
    ('CJ', '♣J')
    >>> card_label(Card.SQ, "de", symbols=True), card_label(Card.CT, "de", symbols=True)
    ('♠D', '♣10')
    """
    if not symbols:
        return card.name
    if check_lang(lang) == "en":
        return card.symbol()
    rank = ("7", "8", "9", "D", "K", "10", "A", "B")[card.rank]
    return card.suit.symbol + rank


def game_type_name(game_type: GameType | int, lang: str = "en", *,
                   german_suits: bool = False) -> str:
    """A game type's name: ``'Clubs'``/``'Kreuz'`` (``'Eichel'``), ``'Grand'``,
    ``'Null'``, ``'Ramsch'``.

    >>> game_type_name(1, "de"), game_type_name(0, "de", german_suits=True), game_type_name(4)
    ('Herz', 'Schellen', 'Grand')
    """
    from ..contract import GameType

    gt = GameType(game_type)
    if gt.is_suit:
        return suit_name(int(gt), lang, german_suits=german_suits)
    return translator(lang)(gt.title)


def contract_name(contract: Contract, lang: str = "en", *, german_suits: bool = False) -> str:
    """A contract's name: ``'Clubs Hand Schneider announced'``, in German
    ``'Kreuz Hand Schneider angesagt'``, ``'Null Ouvert Hand'``.  The English
    name is :attr:`Contract.name <skatlib.Contract.name>`.

    >>> from skatlib import Contract
    >>> contract_name(Contract.parse("GHZ"), "de"), contract_name(Contract.parse("NOH"), "de")
    ('Grand Hand Schwarz angesagt', 'Null Ouvert Hand')
    """
    _ = translator(lang)
    first = game_type_name(contract.game_type, lang, german_suits=german_suits)
    return " ".join([first, *(_(w) for w in contract.name_words()[1:])])


def seat_name(seat: Seat | int, lang: str = "en") -> str:
    """A seat's name: Forehand, Middlehand, Rearhand or Vorhand, Mittelhand, Hinterhand.

    >>> seat_name(0), seat_name(2, "de")
    ('Forehand', 'Hinterhand')
    """
    from ..deal import Seat

    s = Seat(seat)
    return s.german if check_lang(lang) == "de" else s.title


_REASONS: dict[Reason, str] = {
    Reason.WRONG_TYPE: N_("an argument has the wrong type"),
    Reason.UNKNOWN_CARD: N_("unknown card"),
    Reason.UNKNOWN_CONTRACT: N_("unknown game"),
    Reason.UNKNOWN_ACTION: N_("unknown action"),
    Reason.BAD_NOTATION: N_("this text cannot be read"),
    Reason.DUPLICATE_CARD: N_("a card appears twice"),
    Reason.WRONG_CARD_COUNT: N_("the wrong number of cards"),
    Reason.CARD_OUT_OF_RANGE: N_("no such card"),
    Reason.GAME_TYPE_OUT_OF_RANGE: N_("no such game type"),
    Reason.FORBIDDEN_COMBINATION: N_("the rules forbid this combination"),
    Reason.NOT_A_BID_VALUE: N_("not a bid value"),
    Reason.POINTS_OUT_OF_RANGE: N_("card points must be 0 to 120"),
    Reason.TRICKS_OUT_OF_RANGE: N_("tricks must be 0 to 10"),
    Reason.IMPOSSIBLE_MATADORS: N_("impossible number of matadors"),
    Reason.INCONSISTENT_RESULT: N_("these numbers cannot describe a game"),
    Reason.NULL_OVERBID: N_("a null game worth less than the bid may not be declared"),
    Reason.BAD_KONTRA: N_("Kontra is 0, 1 (Kontra) or 2 (Re)"),
    Reason.BAD_TRICK: N_("not a valid trick"),
    Reason.PUSHES_OUT_OF_RANGE: N_("the skat is pushed on 0 to 3 times"),
    Reason.WRONG_PHASE: N_("that is not possible at this point of the deal"),
    Reason.NOT_YOUR_TURN: N_("it is not your turn"),
    Reason.CARD_NOT_IN_HAND: N_("that card is not in your hand"),
    Reason.MUST_FOLLOW_SUIT: N_("you must follow suit"),
    Reason.BID_TOO_LOW: N_("the bid must be higher than the last one"),
    Reason.BID_NOT_ALLOWED: N_("you cannot bid now"),
    Reason.MUST_HOLD_OR_PASS: N_("you must hold (yes) or pass"),
    Reason.DISCARD_REQUIRED: N_("put two cards away first"),
    Reason.DISCARD_NOT_ALLOWED: N_("there is nothing to put away"),
    Reason.DISCARD_NOT_IN_HAND: N_("you can only put away cards you hold"),
    Reason.CONTRACT_NOT_ALLOWED: N_("this game cannot be declared now"),
    Reason.CANNOT_REACH_BID: N_("this game cannot reach the bid"),
    Reason.KONTRA_NOT_ALLOWED: N_("Kontra or Re is not possible now"),
    Reason.NOT_DECLARER: N_("only the declarer may do that"),
    Reason.NOT_DEFENDER: N_("only a defender may do that"),
    Reason.ALREADY_DONE: N_("that has been done already"),
    Reason.OPTION_DISABLED: N_("these rules do not allow that"),
    Reason.PUSH_NOT_ALLOWED: N_("that card may not be pushed"),
    Reason.BAD_SEAT: N_("no such seat"),
    Reason.BAD_SEED: N_("a seed must not be negative"),
    Reason.BAD_TABLE: N_("not possible at this table"),
    Reason.BAD_RULES: N_("these rules do not fit together"),
    Reason.BAD_RECORD: N_("the game record cannot be read"),
    Reason.RECORD_MISMATCH: N_("the game record contradicts itself"),
    Reason.TOO_LONG: N_("the input is too long"),
    Reason.UNWRITABLE_VALUE: N_("this value cannot be written"),
    Reason.BAD_PATH: N_("this is not a usable file name"),
    Reason.MISSING_ARGUMENT: N_("a needed argument is missing"),
    Reason.CONFLICTING_ARGUMENTS: N_("these arguments contradict each other"),
}


def reason_text(reason: Reason, lang: str = "en") -> str:
    """One line saying what a :class:`~skatlib.Reason` means, in ``lang``.  The
    code itself (``reason.name``, ``reason.value``) stays the same in every language.

    >>> from skatlib import Reason
    >>> reason_text(Reason.MUST_FOLLOW_SUIT), reason_text(Reason.MUST_FOLLOW_SUIT, "de")
    ('you must follow suit', 'du musst Farbe bedienen')
    """
    if not isinstance(reason, Reason):
        from ..errors import type_error

        raise type_error("reason", "a Reason", reason)
    return translator(lang)(_REASONS[reason])


def error_message(error: SkatError, lang: str = "en") -> str:
    """The message of a skatlib error in ``lang``: in English the error's own
    message; in German the meaning of its ``reason``
    followed by the English details (which name the input and what is legal).

    >>> from skatlib import Card, NotationError
    >>> try:
    ...     Card.parse("XZ")
    ... except NotationError as exc:
    ...     print(error_message(exc, "de")[:40])
    unbekannte Karte (unknown card 'XZ': use
    """
    if check_lang(lang) == "en":
        return str(error)
    return f"{reason_text(error.reason, lang)} ({error})"
