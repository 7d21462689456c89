"""The notation's shorthand ``35`` (a card without its pile) refuses with the real reason, in the
player's words and in every language."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError, NotationError
from cardrules.games.the_game import Play, Rules, State, apply, new_game, parse_move

HAND = [90, 91, 10, 11, 50, 80, 70, 40]


def blocked() -> State:
    """A solo game whose four piles show 90, 91, 10 and 11, with 40, 50, 70 and 80 in hand."""
    rest = [card for card in range(2, 100) if card not in HAND]
    state = new_game(Rules(players=1), deck=HAND + rest)
    for card, pile in ((90, 0), (91, 1), (10, 2), (11, 3)):
        state = apply(state, Play(card, pile))
    return state


def test_a_card_that_fits_no_pile_names_each_piles_reason() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(blocked(), "50")
    error = caught.value
    assert error.reason == (
        "50 fits no pile now: 50 cannot go on up1 showing 90: it must be higher, or exactly 80; "
        "50 cannot go on up2 showing 91: it must be higher, or exactly 81; "
        "50 cannot go on down1 showing 10: it must be lower, or exactly 20; "
        "50 cannot go on down2 showing 11: it must be lower, or exactly 21")
    assert error.wording is not None
    assert error.wording("es").startswith("el 50 no cabe en ninguna pila ahora: el 50 no puede ir en la pila "
                                          "ascendente 1 (up1), que muestra el 90")


def test_a_card_not_in_hand_is_refused_for_not_being_in_hand() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(blocked(), "35")
    assert caught.value.reason == "35 is not in seat 0's hand"
    assert caught.value.wording is not None
    assert caught.value.wording("fr") == "le joueur 0 n'a pas le 35 en main"


def test_a_card_that_fits_several_piles_asks_which_in_every_language() -> None:
    state = new_game(Rules(players=1), deck=range(2, 100))
    with pytest.raises(NotationError) as caught:
        parse_move(state, "5")
    assert caught.value.reason == "5 fits several piles (up1, up2, down1, down2): say which"
    assert caught.value.wording is not None
    assert caught.value.wording("es") == "el 5 cabe en varias pilas (up1, up2, down1, down2): indica cuál"


def test_a_card_that_fits_one_pile_needs_no_pile() -> None:
    assert parse_move(blocked(), "80") == Play(80, 0)  # ten below up1's 90
