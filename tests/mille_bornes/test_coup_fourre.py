"""§5 Coup fourré: who is asked, what calling it does, what declining does, and its options."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from cardrules import IllegalMoveError
from cardrules.games.mille_bornes import (
    COUP_FOURRE,
    DECLINE,
    EXTEND,
    Card,
    Discard,
    Play,
    Rules,
    Window,
    apply,
    current_player,
    legal_moves,
)

from .positions import PASS, deal, moves, play, run_out_draw_pile

C = Card
X = None
TWO = Rules.parker(players=2, target_score=None)
THREE = Rules.parker(players=3, target_score=None)
PAIRS = Rules.parker(players=4, team_size=2, target_score=None)

HAZARD_AND_SAFETY = [
    (C.ACCIDENT, C.DRIVING_ACE),
    (C.OUT_OF_GAS, C.EXTRA_TANK),
    (C.FLAT_TIRE, C.PUNCTURE_PROOF),
    (C.STOP, C.RIGHT_OF_WAY),
]


@pytest.mark.parametrize(("hazard", "safety"), HAZARD_AND_SAFETY)
def test_the_holder_of_the_safety_is_asked_before_anything_else(hazard: Card, safety: Card) -> None:
    state = deal(TWO, [[safety, C.ROLL, C.D100], [hazard]])
    state = play(state, "roll", Play(hazard, 0))
    assert state.table.phase == "coup_fourre"
    assert current_player(state) == 0
    assert legal_moves(state) == (COUP_FOURRE, DECLINE)
    assert state.table.window == Window(attacker=1, hazard=hazard, side=0, waiting=())
    assert state.table.tableaux[0].battle == (C.ROLL, hazard)
    # Asking tells the table who holds the safety.
    assert state.table.revealed == ((safety,), ())
    # Nobody has drawn yet.
    assert [len(hand) for hand in state.hands] == [6, 6]
    for move in (Play(C.D100), Discard(C.ROLL), Play(safety), EXTEND):
        with pytest.raises(IllegalMoveError, match=r"coup fourr|extend"):
            apply(state, move)


def test_no_one_is_asked_when_the_attacked_side_lacks_the_safety() -> None:
    state = deal(TWO, [[C.ROLL], [C.ACCIDENT]])
    state = play(state, "roll", "accident -> side 0")
    assert state.table.phase == "play"
    assert state.table.window is None
    assert state.table.current == 0
    assert len(state.hands[0]) == 7


@pytest.mark.parametrize(("hazard", "safety"), HAZARD_AND_SAFETY)
def test_calling_it_discards_the_hazard_and_restores_the_side_exactly(hazard: Card, safety: Card) -> None:
    state = deal(TWO, [[safety, C.ROLL, C.D100, C.D50], [hazard]])
    state = play(state, "roll", PASS, "drive 50")
    before = state.table.tableaux[0]
    state = play(state, Play(hazard, 0), "coup fourre")
    after = state.table.tableaux[0]
    assert state.table.discard_pile[-1] is hazard
    assert after.safeties == (safety,)
    assert after.coups_fourres == (safety,)
    # Exactly as before the hazard, the safety aside: still rolling, no ROLL needed.
    assert after == attrs.evolve(before, safeties=(safety,), coups_fourres=(safety,))
    assert after.moving
    assert "roll" not in moves(state)
    assert "drive 100" in moves(state)


def test_the_caller_draws_a_replacement_and_then_takes_a_turn() -> None:
    #                                           s0 s1 replacement  turn draw
    state = deal(TWO, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT]], [X, X, C.D50, C.D75])
    state = play(state, "roll", "accident -> side 0")
    pile = len(state.draw_pile)
    state = play(state, "coup fourre")
    assert state.table.phase == "play"
    assert current_player(state) == 0
    assert len(state.hands[0]) == 7
    assert {C.D50, C.D75} <= set(state.hands[0])
    assert C.DRIVING_ACE not in state.hands[0]
    assert len(state.draw_pile) == pile - 2
    assert state.table.revealed == ((), ())
    state = play(state, "drive 75")
    assert state.table.current == 1
    assert len(state.hands[0]) == 6


def test_the_players_between_the_attacker_and_the_caller_lose_their_turn() -> None:
    state = deal(THREE, [[C.ACCIDENT], [], [C.DRIVING_ACE, C.ROLL, C.D100]])
    state = play(state, PASS, PASS, "roll", "accident -> side 2")
    assert current_player(state) == 2
    seat_1_hand = state.hands[1]
    state = play(state, "coup fourre", "drive 100")
    # Seat 1 sat between the attacker (seat 0) and the caller (seat 2): play goes on from seat 2's left.
    assert state.table.current == 0
    assert state.hands[1] == seat_1_hand


def test_play_goes_on_from_the_callers_left_even_when_that_is_the_attacker() -> None:
    state = deal(THREE, [[C.DRIVING_ACE, C.ROLL, C.D100], [C.ACCIDENT], []])
    state = play(state, "roll", "accident -> side 0", "coup fourre", "drive 100")
    # Seat 2 sat between the attacker (seat 1) and the caller (seat 0): it loses its turn.
    assert state.table.current == 1
    assert len(state.hands[2]) == 6


def test_a_partner_of_the_attacked_player_calls_it_for_the_side() -> None:
    state = deal(PAIRS, [[C.ROLL], [], [C.DRIVING_ACE, C.D100], [C.ACCIDENT]])
    state = play(state, "roll", PASS, PASS, "accident -> side 0")
    assert current_player(state) == 2
    assert state.table.window == Window(attacker=3, hazard=C.ACCIDENT, side=0, waiting=())
    state = play(state, "coup fourre")
    assert state.table.tableaux[0].coups_fourres == (C.DRIVING_ACE,)
    assert state.table.tableaux[0].moving
    state = play(state, "drive 100")
    assert state.table.tableaux[0].miles == 100
    # Seats 0 and 1 sat between the attacker (seat 3) and the caller (seat 2).
    assert state.table.current == 3


def test_the_attackers_partner_is_not_asked() -> None:
    state = deal(PAIRS, [[C.ROLL], [C.ACCIDENT], [], [C.DRIVING_ACE]])
    state = play(state, "roll", "accident -> side 0")
    assert state.table.phase == "play"
    assert state.table.current == 2
    assert state.table.revealed == ((), (), (), ())


def test_a_player_of_another_side_is_not_asked() -> None:
    state = deal(THREE, [[C.ROLL], [C.ACCIDENT], [C.DRIVING_ACE]])
    state = play(state, "roll", "accident -> side 0")
    assert state.table.phase == "play"
    assert state.table.current == 2
    assert state.table.revealed == ((), (), ())


def test_right_of_way_answers_a_speed_limit_even_before_the_side_has_started() -> None:
    state = deal(TWO, [[C.RIGHT_OF_WAY, C.D100], [C.SPEED_LIMIT]])
    state = play(state, PASS, "speed limit -> side 0")
    assert state.table.phase == "coup_fourre"
    state = play(state, "coup fourre")
    tableau = state.table.tableaux[0]
    assert tableau.speed == ()
    assert state.table.discard_pile[-1] is C.SPEED_LIMIT
    assert tableau.coups_fourres == (C.RIGHT_OF_WAY,)
    # Right of Way moves the side: no ROLL is needed.
    assert tableau.battle == ()
    assert tableau.moving
    assert "drive 100" in moves(state)


def test_right_of_way_answering_a_stop_also_discards_a_speed_limit_showing() -> None:
    state = deal(TWO, [[C.RIGHT_OF_WAY, C.ROLL, C.D100], [C.SPEED_LIMIT, C.STOP]])
    state = play(state, "roll", "speed limit -> side 0", "decline", PASS, "stop -> side 0")
    assert state.table.tableaux[0].speed == (C.SPEED_LIMIT,)
    assert state.table.tableaux[0].battle == (C.ROLL, C.STOP)
    discards = len(state.table.discard_pile)
    state = play(state, "coup fourre")
    tableau = state.table.tableaux[0]
    assert tableau.battle == (C.ROLL,)
    assert tableau.speed == ()
    assert sorted(state.table.discard_pile[discards:]) == sorted([C.STOP, C.SPEED_LIMIT])
    assert tableau.moving
    assert not tableau.limited
    assert "drive 100" in moves(state)


def test_right_of_way_answering_a_speed_limit_also_discards_a_stop_showing() -> None:
    state = deal(TWO, [[C.RIGHT_OF_WAY, C.ROLL, C.D100], [C.STOP, C.SPEED_LIMIT]])
    state = play(state, "roll", "stop -> side 0", "decline", PASS, "speed limit -> side 0")
    discards = len(state.table.discard_pile)
    state = play(state, "coup fourre")
    tableau = state.table.tableaux[0]
    assert tableau.battle == (C.ROLL,)
    assert tableau.speed == ()
    assert sorted(state.table.discard_pile[discards:]) == sorted([C.STOP, C.SPEED_LIMIT])
    assert tableau.moving
    assert "drive 100" in moves(state)


def test_declining_lets_play_go_on_after_the_attacker_and_the_card_stays_revealed() -> None:
    state = deal(THREE, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT], []])
    state = play(state, "roll", "accident -> side 0", "decline")
    assert state.table.phase == "play"
    assert state.table.window is None
    assert state.table.current == 2
    assert len(state.hands[2]) == 7
    assert state.table.tableaux[0].battle == (C.ROLL, C.ACCIDENT)
    assert state.table.tableaux[0].safeties == ()
    assert state.table.revealed == ((C.DRIVING_ACE,), (), ())
    state = play(state, PASS)
    assert state.table.revealed == ((C.DRIVING_ACE,), (), ())
    # Played later, on one's own turn, it is a normal safety: no coup fourré, and it is no longer
    # a revealed card in the hand.
    state = play(state, "driving ace")
    assert state.table.tableaux[0].safeties == (C.DRIVING_ACE,)
    assert state.table.tableaux[0].coups_fourres == ()
    assert state.table.revealed == ((), (), ())


def test_a_revealed_card_is_forgotten_when_it_is_discarded() -> None:
    state = deal(TWO, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT]])
    state = play(state, "roll", "accident -> side 0", "decline", "discard driving ace")
    assert state.table.revealed == ((), ())


@pytest.mark.parametrize("preset", [Rules.parker, Rules.french])
def test_a_coup_fourre_from_an_empty_draw_pile_draws_nothing_but_still_gives_a_turn(
    preset: Callable[..., Rules],
) -> None:
    rules = preset(players=2, target_score=None)
    state = deal(rules, [[C.DRIVING_ACE, C.ROLL, C.D100], [C.ACCIDENT]])
    state = play(state, "roll")
    state = run_out_draw_pile(
        state, keep=lambda seat: {C.DRIVING_ACE, C.D100} if seat == 0 else {C.ACCIDENT}, until_seat=1
    )
    held = len(state.hands[0])
    state = play(state, "accident -> side 0", "coup fourre")
    assert state.table.phase == "play"
    assert state.table.current == 0
    assert len(state.hands[0]) == held - 1
    assert state.draw_pile == ()
    assert state.table.tableaux[0].coups_fourres == (C.DRIVING_ACE,)
    state = play(state, "drive 100")
    assert state.table.current == 1


def test_with_coup_fourre_off_nobody_is_ever_asked() -> None:
    rules = Rules.parker(players=2, target_score=None, coup_fourre="off")
    state = deal(rules, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT]])
    state = play(state, "roll", "accident -> side 0")
    assert state.table.phase == "play"
    assert state.table.current == 0
    assert state.table.revealed == ((), ())
    assert COUP_FOURRE not in legal_moves(state)
    # The safety can still be played normally, on one's own turn.
    state = play(state, "driving ace")
    assert state.table.tableaux[0].coups_fourres == ()


def test_with_any_player_a_holder_on_another_side_may_call_it_and_the_hazard_stays() -> None:
    rules = Rules.parker(players=3, target_score=None, coup_fourre="any_player")
    state = deal(rules, [[C.ACCIDENT], [C.ROLL], [C.DRIVING_ACE, C.D100]])
    state = play(state, PASS, "roll", PASS, "accident -> side 1")
    assert current_player(state) == 2
    assert state.table.window == Window(attacker=0, hazard=C.ACCIDENT, side=1, waiting=())
    state = play(state, "coup fourre")
    # The caller's side gets the safety as a coup fourré; the attacked side keeps the hazard.
    assert state.table.tableaux[2].safeties == (C.DRIVING_ACE,)
    assert state.table.tableaux[2].coups_fourres == (C.DRIVING_ACE,)
    assert state.table.tableaux[1].battle == (C.ROLL, C.ACCIDENT)
    assert C.ACCIDENT not in state.table.discard_pile
    assert state.table.current == 2
    state = play(state, PASS)
    assert state.table.current == 0  # seat 1 sat between the attacker and the caller


def test_with_several_copies_of_a_safety_each_holder_is_asked_in_turn_order() -> None:
    counts = dict(Rules.parker(players=4).composition())
    counts[C.DRIVING_ACE] = 2
    rules = Rules.parker(players=4, team_size=2, target_score=None, deck=tuple(counts.items()))
    state = deal(rules, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT], [C.DRIVING_ACE], []])
    state = play(state, "roll", "accident -> side 0")
    assert current_player(state) == 2
    assert state.table.window == Window(attacker=1, hazard=C.ACCIDENT, side=0, waiting=(0,))
    assert state.table.revealed[0] == state.table.revealed[2] == (C.DRIVING_ACE,)
    state = play(state, "decline")
    assert current_player(state) == 0
    assert state.table.phase == "coup_fourre"
    state = play(state, "decline")
    assert state.table.phase == "play"
    assert state.table.current == 2
