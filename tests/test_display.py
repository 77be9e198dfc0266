"""Pictures: Jupyter HTML and terminal colours in the four-colour tournament scheme."""

from __future__ import annotations

import io

from skatlib import Card, CardSet, Deal, new_game
from skatlib.display import SUIT_COLOURS, colour_card, colour_cards, supports_colour


def test_card_and_cardset_html_use_the_suit_colours() -> None:
    html = Card.HA._repr_html_()  # type: ignore[attr-defined]
    assert SUIT_COLOURS[1] in html and "♥A" in html
    html = CardSet.parse("CJ D7")._repr_html_()
    assert SUIT_COLOURS[3] in html and SUIT_COLOURS[0] in html


def test_game_state_html_shows_every_hand_and_the_turn() -> None:
    html = new_game(Deal.shuffled(1))._repr_html_()
    assert html.count("<tr>") == 5 and "◀" in html and "bidding" in html


def test_terminal_colours_only_when_asked() -> None:
    assert colour_card(Card.SA, ansi=False) == "SA"
    assert colour_card(Card.SA).startswith("\x1b[32m")  # spades green
    assert colour_cards([Card.CJ, Card.HT], ansi=False, symbols=True) == "♣J ♥10"
    assert not supports_colour(io.StringIO())  # not a terminal
