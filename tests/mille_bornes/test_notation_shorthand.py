"""The notation's shorthands (a hazard without its side, a bare distance, a card's name) refuse a move
with the real reason, in the player's words and in every language."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError, NotationError
from cardrules.games.mille_bornes import Card, Play, Rules, parse_move

from .positions import PASS, deal, play

C = Card
TWO = Rules.parker(players=2, target_score=None)
THREE = Rules.parker(players=3, target_score=None)


def refused(state: object, text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(state, text)  # type: ignore[arg-type]
    return caught.value


def test_a_hazard_the_seat_does_not_hold_is_refused_for_not_being_in_hand() -> None:
    state = play(deal(TWO, [[C.ROLL, C.D100], [C.ROLL]]), "roll", "roll")
    error = refused(state, "stop")
    assert error.reason == "no Stop in seat 0's hand"
    assert error.move == Play(C.STOP, 1)  # a side of the opponent, never the seat's own side 0


def test_a_hazard_no_side_can_take_names_each_sides_reason() -> None:
    state = deal(THREE, [[C.STOP, C.ROLL], [C.ROLL, C.RIGHT_OF_WAY], []])
    state = play(state, "roll", "right of way", PASS, PASS)
    error = refused(state, "stop")
    assert error.reason == ("no side can take a stop now: side 1 is protected by Right of Way; "
                            "side 2 is not moving: hazards go on a ROLL")
    assert error.wording is not None
    assert error.wording("fr") == ("aucun camp ne peut recevoir Feu rouge maintenant : le camp 1 est "
                                   "protégé par Véhicule prioritaire ; le camp 2 ne roule pas : les "
                                   "attaques se posent sur un Feu vert")


def test_a_hazard_outside_the_play_phase_is_refused_for_the_phase() -> None:
    state = play(deal(TWO, [[C.DRIVING_ACE, C.ROLL, C.STOP], [C.ACCIDENT]]), "roll", "accident -> side 0")
    assert refused(state, "stop").reason == "call the coup fourré or decline it first"


def test_a_hazard_two_sides_can_take_asks_which_side_in_every_language() -> None:
    state = play(deal(THREE, [[C.STOP, C.ROLL], [C.ROLL], [C.ROLL]]), "roll", "roll", "roll")
    with pytest.raises(NotationError) as caught:
        parse_move(state, "stop")
    assert caught.value.reason == "say which side: stop -> side 1, stop -> side 2"
    assert caught.value.wording is not None
    assert caught.value.wording("es") == "indica el lado: stop -> side 1, stop -> side 2"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("100", "no 100 in seat 0's hand"),
        ("drive 25", "cannot drive 25: the side has no ROLL showing"),
        ("end of limit", "no speed limit to end"),
        ("discard 200", "no 200 in seat 0's hand"),
        ("right of way -> side 1", "no Right of Way in seat 0's hand"),
        ("25 -> side 1", "25 is played on one's own side: give no side"),
        ("extend", "no completed race to extend"),
        ("coup fourre", "no hazard is waiting for a coup fourré"),
        ("decline", "there is nothing to decline"),
    ],
)
def test_every_shorthand_is_refused_with_the_real_reason(text: str, reason: str) -> None:
    error = refused(deal(TWO, [[C.D25, C.END_OF_LIMIT, C.STOP]]), text)
    assert error.reason == reason
    assert error.wording is not None
    assert reason not in (error.wording("es"), error.wording("fr"))


def test_a_hazard_one_side_can_take_still_needs_no_side() -> None:
    state = play(deal(TWO, [[C.STOP, C.ROLL], [C.ROLL]]), "roll", "roll")
    assert parse_move(state, "stop") == Play(C.STOP, 1)
