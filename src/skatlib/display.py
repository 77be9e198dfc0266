"""Pictures of cards for Jupyter (``_repr_html_``) and colours for terminals.

Suit colours follow the four-colour tournament scheme: clubs black, spades
green, hearts red, diamonds yellow (orange on white backgrounds).

>>> from skatlib import Card
>>> cards_html([Card.CJ])[:5]
'<span'
>>> colour_card(Card.HA, ansi=False)
'HA'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import TextIO

from .cards import Card

__all__ = ["SUIT_COLOURS", "cards_html", "colour_card", "colour_cards", "supports_colour"]

SUIT_COLOURS = ("#e6a100", "#d40000", "#008a00", "#000000")
"""HTML colours for diamonds, hearts, spades, clubs (tournament four-colour deck)."""

_ANSI = ("\x1b[33m", "\x1b[31m", "\x1b[32m", "\x1b[1m")
_RESET = "\x1b[0m"


def cards_html(cards: Iterable[Card], *, german_suits: bool = False) -> str:
    """HTML for a row of cards with coloured suit symbols."""
    spans = []
    for card in cards:
        label = card.german(german_suits=True) if german_suits else card.symbol()
        spans.append(
            f'<span style="color:{SUIT_COLOURS[card.suit]};font-weight:bold;'
            f'border:1px solid #999;border-radius:3px;padding:0 3px;margin:1px">{label}</span>'
        )
    return '<span class="skatlib-cards">' + "".join(spans) + "</span>" if spans else (
        '<span class="skatlib-cards">(no cards)</span>')


def supports_colour(stream: TextIO | None = None) -> bool:
    """True when ``stream`` (default stdout) is a terminal that shows ANSI colours
    and ``NO_COLOR`` is not set."""
    stream = stream if stream is not None else sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def colour_card(card: Card, *, ansi: bool = True, symbols: bool = False,
                lang: str = "en") -> str:
    """A card as text (:func:`skatlib.i18n.card_label`: ``'CJ'``, with ``symbols``
    ``'♣J'``, in German ``'♣B'``), coloured with ANSI escapes when ``ansi`` is true.

    >>> colour_card(Card.SQ, ansi=False, symbols=True, lang="de")
    '♠D'
    """
    from .i18n import card_label

    text = card_label(card, lang, symbols=symbols)
    if not ansi:
        return text
    return f"{_ANSI[card.suit]}{text}{_RESET}"


def colour_cards(cards: Iterable[Card], *, ansi: bool = True, symbols: bool = False,
                 lang: str = "en") -> str:
    """Cards joined by spaces, coloured when ``ansi`` is true (see :func:`colour_card`).

    >>> colour_cards([Card.CJ, Card.HT], ansi=False, symbols=True)
    '♣J ♥10'
    """
    return " ".join(colour_card(c, ansi=ansi, symbols=symbols, lang=lang) for c in cards)


def state_html(state: object) -> str:
    """HTML table of a :class:`~skatlib.GameState`: hands, skat, trick, contract."""
    from .cards import CardSet
    from .state import GameState

    if not isinstance(state, GameState):
        from .errors import type_error

        raise type_error("state", "a GameState", state)
    rows = []
    for seat in range(3):
        mark = " ◀" if state.to_move_index == seat else ""
        role = " (declarer)" if state.declarer_index == seat else ""
        rows.append(
            f"<tr><th>{('Forehand', 'Middlehand', 'Rearhand')[seat]}{role}{mark}</th>"
            f"<td>{cards_html(CardSet(state.hand_masks[seat]).sorted(_gt(state)))}</td></tr>"
        )
    rows.append(f"<tr><th>Skat</th><td>{cards_html(CardSet(state.skat_mask).sorted())}</td></tr>")
    rows.append(f"<tr><th>Trick</th><td>{cards_html(state.current_trick)}</td></tr>")
    info = f"{state.phase.name.lower()}, bid {state.bid}"
    if state.contract is not None:
        info += f", {state.contract.name}"
    return f'<table class="skatlib-state"><caption>{info}</caption>{"".join(rows)}</table>'


def _gt(state: object) -> int | None:
    contract = getattr(state, "contract", None)
    return None if contract is None else int(contract.game_type)
