"""§4 What may be played, rule by rule (and the turn of §3 where a rule depends on it).

Every position is dealt with ``positions.deal`` and reached by real moves. Unless a test says
otherwise the table is two players under Parker's rules, a single hand: seat 0 plays for side 0 and
moves first, seat 1 plays for side 1.
"""

from __future__ import annotations

import pytest

from cardrules import CardrulesError, IllegalMoveError
from cardrules.games.mille_bornes import (
    COUP_FOURRE,
    DECLINE,
    EXTEND,
    Card,
    Discard,
    Play,
    Rules,
    State,
    apply,
    legal_moves,
)

from .positions import PASS, deal, moves, play, refused, run_out_draw_pile

C = Card
X = None  # a filler card in a draw order
TWO = Rules.parker(players=2, target_score=None)
THREE = Rules.parker(players=3, target_score=None)
PAIRS = Rules.parker(players=4, team_size=2, target_score=None)




def drives(state: State) -> list[str]:
    return [move for move in moves(state) if move.startswith("drive")]


# Distance ------------------------------------------------------------------------------------------


def test_distance_may_be_played_only_when_moving() -> None:
    state = deal(TWO, [[C.ROLL, C.D100, C.D25]])
    assert drives(state) == []
    refused(state, Play(C.D100), "no ROLL")
    state = play(state, "roll", PASS)
    assert drives(state) == ["drive 25", "drive 100"]
    state = play(state, "drive 100")
    assert state.table.tableaux[0].distance == (C.D100,)
    assert state.table.tableaux[0].miles == 100


def test_distance_may_not_be_played_while_stopped_by_a_hazard() -> None:
    state = deal(TWO, [[C.ROLL, C.D100], [C.FLAT_TIRE]])
    state = play(state, "roll", "flat tire -> side 0")
    assert drives(state) == []
    refused(state, Play(C.D100), "stopped", "Flat Tire")


def test_a_speed_limit_allows_only_25_and_50() -> None:
    hand = [C.ROLL, C.D25, C.D50, C.D75, C.D100, C.D200]
    state = deal(TWO, [hand, [C.SPEED_LIMIT]])
    state = play(state, "roll", "speed limit -> side 0")
    assert state.table.tableaux[0].limited
    assert drives(state) == ["drive 25", "drive 50"]
    for card in (C.D75, C.D100, C.D200):
        refused(state, Play(card), "speed limit", "25 and 50")
    state = play(state, "drive 50")
    assert state.table.tableaux[0].miles == 50


def test_end_of_limit_lifts_the_speed_limit() -> None:
    state = deal(TWO, [[C.ROLL, C.END_OF_LIMIT, C.D100, C.D200], [C.SPEED_LIMIT]])
    state = play(state, "roll", "speed limit -> side 0", "end of limit", PASS)
    assert state.table.tableaux[0].speed == (C.SPEED_LIMIT, C.END_OF_LIMIT)
    assert not state.table.tableaux[0].limited
    assert drives(state) == ["drive 100", "drive 200"]


def test_right_of_way_needs_no_roll() -> None:
    state = deal(TWO, [[C.RIGHT_OF_WAY, C.D100]])
    assert drives(state) == []
    state = play(state, "right of way")  # a safety: seat 0 plays again at once
    assert state.table.current == 0
    assert state.table.tableaux[0].battle == ()
    assert state.table.tableaux[0].moving
    state = play(state, "drive 100")
    assert state.table.tableaux[0].miles == 100


def test_right_of_way_ignores_the_speed_limit() -> None:
    state = deal(TWO, [[C.ROLL, C.D100, C.D200], [C.SPEED_LIMIT]], [X, X, C.RIGHT_OF_WAY])
    state = play(state, "roll", "speed limit -> side 0")
    assert drives(state) == []
    state = play(state, "right of way")
    assert not state.table.tableaux[0].limited
    assert drives(state) == ["drive 100", "drive 200"]


def test_a_side_plays_at_most_two_200s_per_hand() -> None:
    state = deal(TWO, [[C.ROLL, C.D200, C.D200, C.D200]])
    state = play(state, "roll", PASS, "drive 200", PASS, "drive 200", PASS)
    assert state.table.tableaux[0].twos == 2
    assert "drive 200" not in moves(state)
    refused(state, Play(C.D200), "at most 2", "200")


def test_the_number_of_200s_is_a_rule() -> None:
    state = deal(Rules.parker(players=2, target_score=None, max_200s=1), [[C.ROLL, C.D200, C.D200]])
    state = play(state, "roll", PASS, "drive 200", PASS)
    refused(state, Play(C.D200), "at most 1")


def test_distance_may_never_pass_the_target_at_950_of_1000_only_25_or_50() -> None:
    rules = Rules.parker(players=2, race=1000, extension_to=None, target_score=None)
    hand = [C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100]
    #             s0      s1 s0      s1 s0     s1 s0     s1 s0     s1 s0 s1 s0 s1 s0 s1 s0     s1 s0
    draws = [C.D100, X, C.D100, X, C.D50, X, C.D25, X, C.D75, X, X, X, X, X, X, X, C.D50, X, C.D100]
    state = deal(rules, [hand], draws)
    state = play(state, "roll", PASS)
    for card in ("200", "200", "100", "100", "100", "100", "100", "50"):
        state = play(state, f"drive {card}", PASS)
    assert state.table.tableaux[0].miles == 950
    assert {C.D25, C.D50, C.D75, C.D100} <= set(state.hands[0])
    assert drives(state) == ["drive 25", "drive 50"]
    refused(state, Play(C.D75), "pass 1000")
    refused(state, Play(C.D100), "pass 1000", "exactly")


# ROLL ----------------------------------------------------------------------------------------------


def test_roll_on_an_empty_battle_pile() -> None:
    state = deal(TWO, [[C.ROLL]])
    assert "roll" in moves(state)
    state = play(state, "roll")
    assert state.table.tableaux[0].battle == (C.ROLL,)
    assert state.table.tableaux[0].moving


def test_roll_on_a_stop() -> None:
    state = deal(TWO, [[C.ROLL, C.ROLL], [C.STOP]])
    state = play(state, "roll", "stop -> side 0")
    assert not state.table.tableaux[0].moving
    assert "roll" in moves(state)
    state = play(state, "roll")
    assert state.table.tableaux[0].battle == (C.ROLL, C.STOP, C.ROLL)
    assert state.table.tableaux[0].moving


@pytest.mark.parametrize(
    ("hazard", "remedy"),
    [(C.ACCIDENT, C.REPAIRS), (C.OUT_OF_GAS, C.GASOLINE), (C.FLAT_TIRE, C.SPARE_TIRE)],
)
def test_roll_is_not_played_on_a_hazard_that_needs_its_remedy_first(hazard: Card, remedy: Card) -> None:
    state = deal(TWO, [[C.ROLL, C.ROLL, remedy, C.D100], [hazard]])
    state = play(state, "roll", Play(hazard, 0))
    assert "roll" not in moves(state)
    refused(state, Play(C.ROLL), "remedy the hazard first")
    # The remedy goes on the hazard; then the side still needs a ROLL to move.
    state = play(state, Play(remedy), PASS)
    assert state.table.tableaux[0].battle == (C.ROLL, hazard, remedy)
    assert not state.table.tableaux[0].moving
    assert drives(state) == []
    assert "roll" in moves(state)  # ROLL on a remedy
    state = play(state, "roll", PASS)
    assert drives(state) == ["drive 100"]


def test_roll_is_not_played_on_a_roll() -> None:
    state = deal(TWO, [[C.ROLL, C.ROLL]])
    state = play(state, "roll", PASS)
    assert "roll" not in moves(state)
    refused(state, Play(C.ROLL), "already rolling")


def test_roll_is_not_played_while_the_side_has_right_of_way() -> None:
    state = deal(TWO, [[C.RIGHT_OF_WAY, C.ROLL]])
    state = play(state, "right of way")
    assert "roll" not in moves(state)
    refused(state, Play(C.ROLL), "Right of Way")


# Remedies ------------------------------------------------------------------------------------------

REMEDY_OF = {C.ACCIDENT: C.REPAIRS, C.OUT_OF_GAS: C.GASOLINE, C.FLAT_TIRE: C.SPARE_TIRE}


@pytest.mark.parametrize("hazard", list(REMEDY_OF))
def test_a_remedy_goes_only_onto_its_own_hazard(hazard: Card) -> None:
    hand = [C.ROLL, C.REPAIRS, C.GASOLINE, C.SPARE_TIRE, C.END_OF_LIMIT, C.D25]
    state = deal(TWO, [hand, [hazard]])
    state = play(state, "roll", Play(hazard, 0))
    plays = [move for move in legal_moves(state) if isinstance(move, Play)]
    assert plays == [Play(REMEDY_OF[hazard])]
    for other in {C.REPAIRS, C.GASOLINE, C.SPARE_TIRE} - {REMEDY_OF[hazard]}:
        refused(state, Play(other), "which is not in effect")


def test_a_remedy_is_not_played_when_no_hazard_is_in_effect() -> None:
    state = deal(TWO, [[C.ROLL, C.REPAIRS, C.GASOLINE, C.SPARE_TIRE, C.END_OF_LIMIT, C.D25]])
    assert [move for move in legal_moves(state) if isinstance(move, Play)] == [Play(C.ROLL)]
    refused(state, Play(C.REPAIRS), "Repairs answers Accident")


def test_end_of_limit_goes_only_onto_a_speed_limit() -> None:
    state = deal(TWO, [[C.ROLL, C.END_OF_LIMIT], [C.STOP]])
    refused(state, Play(C.END_OF_LIMIT), "no speed limit")
    state = play(state, "roll", "stop -> side 0")
    refused(state, Play(C.END_OF_LIMIT), "no speed limit")


def test_right_of_way_still_needs_the_remedy_of_a_battle_hazard_but_no_roll_after_it() -> None:
    state = deal(TWO, [[C.RIGHT_OF_WAY, C.REPAIRS, C.D100, C.D50], [C.ACCIDENT]])
    state = play(state, "right of way", "drive 50", "accident -> side 0")
    assert not state.table.tableaux[0].moving
    refused(state, Play(C.D100), "stopped by Accident")
    state = play(state, "repairs", PASS)
    assert state.table.tableaux[0].moving
    assert drives(state) == ["drive 100"]


# Hazards -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hazard", [C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE, C.STOP])
def test_a_battle_hazard_goes_only_on_a_moving_opponent(hazard: Card) -> None:
    state = deal(TWO, [[C.ROLL], [hazard, C.ROLL]])
    state = play(state, PASS)
    # Side 0 has not started: no battle hazard may be played on it.
    assert not [move for move in legal_moves(state) if isinstance(move, Play) and move.card is hazard]
    refused(state, Play(hazard, 0), "not moving")
    state = play(state, "roll", "roll")
    assert Play(hazard, 0) in legal_moves(state)
    state = play(state, Play(hazard, 0))
    assert state.table.tableaux[0].battle == (C.ROLL, hazard)
    assert state.table.tableaux[0].problems == frozenset({hazard})
    assert not state.table.tableaux[0].moving


def test_a_battle_hazard_is_not_played_on_a_side_already_stopped() -> None:
    state = deal(TWO, [[C.ROLL], [C.ACCIDENT, C.STOP]])
    state = play(state, "roll", "accident -> side 0", PASS)
    refused(state, Play(C.STOP, 0), "not moving")


SAFETY_OF = {
    C.ACCIDENT: C.DRIVING_ACE, C.OUT_OF_GAS: C.EXTRA_TANK, C.FLAT_TIRE: C.PUNCTURE_PROOF,
    C.STOP: C.RIGHT_OF_WAY,
}


@pytest.mark.parametrize(("hazard", "safety"), list(SAFETY_OF.items()))
def test_a_battle_hazard_is_not_played_on_a_side_that_has_its_safety(hazard: Card, safety: Card) -> None:
    state = deal(TWO, [[safety, C.ROLL], [hazard]])
    # Right of Way needs no ROLL; the other safeties do.
    state = play(state, Play(safety), PASS if safety is C.RIGHT_OF_WAY else "roll")
    assert state.table.tableaux[0].moving
    refused(state, Play(hazard, 0), "protected by")


def test_a_battle_hazard_may_be_played_on_a_side_moving_by_right_of_way() -> None:
    state = deal(TWO, [[C.RIGHT_OF_WAY], [C.ACCIDENT]])
    state = play(state, "right of way", PASS)
    assert state.table.tableaux[0].battle == ()
    assert "accident -> side 0" in moves(state)
    state = play(state, "accident -> side 0")
    assert state.table.tableaux[0].problems == frozenset({C.ACCIDENT})


def test_a_speed_limit_may_be_played_on_a_side_that_has_not_started() -> None:
    state = deal(TWO, [[], [C.SPEED_LIMIT]])
    state = play(state, PASS)
    assert "speed limit -> side 0" in moves(state)
    state = play(state, "speed limit -> side 0")
    assert state.table.tableaux[0].speed == (C.SPEED_LIMIT,)


def test_a_speed_limit_may_be_played_on_a_stopped_side() -> None:
    state = deal(TWO, [[C.ROLL], [C.ACCIDENT, C.SPEED_LIMIT]])
    state = play(state, "roll", "accident -> side 0", PASS)
    state = play(state, "speed limit -> side 0")
    assert state.table.tableaux[0].speed == (C.SPEED_LIMIT,)


def test_a_speed_limit_is_not_played_on_a_side_already_limited() -> None:
    state = deal(TWO, [[], [C.SPEED_LIMIT, C.SPEED_LIMIT]])
    state = play(state, PASS, "speed limit -> side 0", PASS)
    refused(state, Play(C.SPEED_LIMIT, 0), "already has a speed limit")


def test_a_speed_limit_is_not_played_on_a_side_with_right_of_way() -> None:
    state = deal(TWO, [[C.RIGHT_OF_WAY], [C.SPEED_LIMIT]])
    state = play(state, "right of way", PASS)
    refused(state, Play(C.SPEED_LIMIT, 0), "protected by Right of Way")


def test_the_player_chooses_the_target_side_among_several_opponents() -> None:
    state = deal(THREE, [[C.STOP, C.SPEED_LIMIT], [C.ROLL], [C.ROLL]])
    state = play(state, PASS, "roll", "roll")
    hazards = [move for move in moves(state) if "->" in move]
    assert hazards == [
        "stop -> side 1", "stop -> side 2", "speed limit -> side 1", "speed limit -> side 2",
    ]
    refused(state, Play(C.STOP), "say which side")
    refused(state, Play(C.STOP, 0), "opponent")
    refused(state, Play(C.STOP, 5), "no side 5")
    state = play(state, "stop -> side 2")
    assert state.table.tableaux[2].battle == (C.ROLL, C.STOP)
    assert state.table.tableaux[1].battle == (C.ROLL,)


def test_only_the_opponents_a_hazard_can_go_on_are_offered() -> None:
    state = deal(THREE, [[C.STOP], [C.ROLL], []])
    state = play(state, PASS, "roll", PASS)
    assert [move for move in moves(state) if "->" in move] == ["stop -> side 1"]


def test_in_team_play_a_hazard_goes_on_each_opposing_side() -> None:
    rules = Rules.parker(players=6, team_size=2, target_score=None)
    state = deal(rules, [[C.SPEED_LIMIT]])
    assert [move for move in moves(state) if "->" in move] == [
        "speed limit -> side 1", "speed limit -> side 2",
    ]


# Safeties ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("safety", [C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY])
def test_a_safety_may_be_played_at_any_time_and_gives_another_turn(safety: Card) -> None:
    state = deal(TWO, [[safety]], [X, C.D75])
    assert Play(safety) in legal_moves(state)
    pile = len(state.draw_pile)
    state = play(state, Play(safety))
    assert state.table.tableaux[0].safeties == (safety,)
    assert state.table.tableaux[0].coups_fourres == ()
    # Another turn at once: seat 0 draws again and decides again.
    assert state.table.current == 0
    assert state.table.phase == "play"
    assert len(state.hands[0]) == 7
    assert C.D75 in state.hands[0]
    assert len(state.draw_pile) == pile - 1
    state = play(state, PASS)
    assert state.table.current == 1


def test_a_safety_protects_for_the_rest_of_the_hand() -> None:
    state = deal(TWO, [[C.EXTRA_TANK, C.ROLL, C.GASOLINE], [C.OUT_OF_GAS, C.OUT_OF_GAS]])
    state = play(state, "extra tank", "roll")
    for _ in range(5):
        refused(state, Play(C.OUT_OF_GAS, 0), "protected by Extra Tank")
        state = play(state, PASS, PASS)


def test_right_of_way_cancels_a_stop_and_a_speed_limit_and_discards_both() -> None:
    state = deal(TWO, [[C.ROLL], [C.STOP, C.SPEED_LIMIT]], [X, X, X, X, C.RIGHT_OF_WAY])
    state = play(state, "roll", "stop -> side 0", PASS, "speed limit -> side 0")
    assert state.table.tableaux[0].battle == (C.ROLL, C.STOP)
    assert state.table.tableaux[0].speed == (C.SPEED_LIMIT,)
    discards = len(state.table.discard_pile)
    state = play(state, "right of way")
    tableau = state.table.tableaux[0]
    assert tableau.battle == (C.ROLL,)
    assert tableau.speed == ()
    assert sorted(state.table.discard_pile[discards:]) == sorted([C.STOP, C.SPEED_LIMIT])
    assert tableau.moving
    assert not tableau.limited
    assert tableau.coups_fourres == ()


@pytest.mark.parametrize(("hazard", "safety"), [(h, s) for h, s in SAFETY_OF.items() if h is not C.STOP])
def test_a_safety_played_on_its_hazard_leaves_the_side_needing_a_roll_by_default(
    hazard: Card, safety: Card
) -> None:
    assert TWO.safety_cancel == "needs_roll"
    state = deal(TWO, [[C.ROLL, C.ROLL, C.D100], [hazard]], [X, X, safety])
    state = play(state, "roll", Play(hazard, 0), Play(safety))
    tableau = state.table.tableaux[0]
    assert tableau.problems == frozenset()
    assert not tableau.moving
    assert tableau.battle == (C.ROLL, hazard)  # the hazard stays, counting as remedied
    assert state.table.current == 0  # the extra turn
    assert drives(state) == []
    refused(state, Play(C.D100), "no ROLL")
    state = play(state, "roll", PASS)
    assert drives(state) == ["drive 100"]


@pytest.mark.parametrize(("hazard", "safety"), [(h, s) for h, s in SAFETY_OF.items() if h is not C.STOP])
def test_with_safety_cancel_restores_the_side_is_as_before_the_hazard(hazard: Card, safety: Card) -> None:
    rules = Rules.parker(players=2, target_score=None, safety_cancel="restores")
    state = deal(rules, [[C.ROLL, C.ROLL, C.D100], [hazard]], [X, X, safety])
    state = play(state, "roll", Play(hazard, 0), Play(safety))
    tableau = state.table.tableaux[0]
    assert tableau.battle == (C.ROLL,)
    assert state.table.discard_pile[-1] is hazard
    assert tableau.moving
    assert "roll" not in moves(state)
    assert drives(state) == ["drive 100"]


def test_right_of_way_played_on_a_stop_needs_no_roll_under_either_cancel_rule() -> None:
    for cancel in ("needs_roll", "restores"):
        rules = Rules.parker(players=2, target_score=None, safety_cancel=cancel)
        state = deal(rules, [[C.ROLL, C.D100], [C.STOP]], [X, X, C.RIGHT_OF_WAY])
        state = play(state, "roll", "stop -> side 0", "right of way")
        assert state.table.tableaux[0].moving
        assert drives(state) == ["drive 100"]


def test_a_safety_gives_another_turn_even_when_the_draw_pile_is_empty_under_parker() -> None:
    state = deal(TWO, [[C.EXTRA_TANK, C.ROLL]])
    state = run_out_draw_pile(state, keep=lambda seat: {C.EXTRA_TANK, C.ROLL} if seat == 0 else ())
    if state.table.current != 0:
        state = play(state, PASS)
    held = len(state.hands[0])
    state = play(state, "extra tank")
    assert state.table.current == 0
    assert len(state.hands[0]) == held - 1  # nothing to draw
    state = play(state, "roll")
    assert state.table.current == 1


def test_french_rules_give_no_extra_turn_for_a_safety_once_the_draw_pile_is_empty() -> None:
    rules = Rules.french(players=2, target_score=None)
    state = deal(rules, [[C.EXTRA_TANK, C.ROLL]])
    state = run_out_draw_pile(state, keep=lambda seat: {C.EXTRA_TANK, C.ROLL} if seat == 0 else ())
    if state.table.current != 0:
        state = play(state, PASS)
    state = play(state, "extra tank")
    assert state.table.tableaux[0].safeties == (C.EXTRA_TANK,)
    assert state.table.current == 1


def test_french_rules_give_the_extra_turn_while_there_are_cards_to_draw() -> None:
    rules = Rules.french(players=2, target_score=None)
    state = deal(rules, [[C.EXTRA_TANK]])
    state = play(state, "extra tank")
    assert state.table.current == 0
    assert len(state.hands[0]) == 7


# Discards ------------------------------------------------------------------------------------------


def test_any_card_may_be_discarded() -> None:
    hand = [C.ROLL, C.D100, C.STOP, C.DRIVING_ACE, C.REPAIRS, C.END_OF_LIMIT]
    state = deal(TWO, [hand], [C.D200])
    for card in {*hand, C.D200}:
        assert Discard(card) in legal_moves(state)
    state = play(state, "discard roll")
    assert state.table.discard_pile == (C.ROLL,)
    assert C.ROLL not in state.hands[0]
    assert state.table.current == 1


def test_discards_are_dead() -> None:
    state = deal(TWO, [[C.ROLL]])
    state = run_out_draw_pile(state)
    discards = state.table.discard_pile
    sizes = [len(hand) for hand in state.hands]
    seat = state.table.current
    state = play(state, PASS)
    # Nothing is drawn from the discard pile when the draw pile is empty.
    assert state.draw_pile == ()
    assert state.table.discard_pile[:-1] == discards
    assert len(state.hands[seat]) == sizes[seat] - 1
    assert len(state.hands[state.table.current]) == sizes[state.table.current]


def test_a_card_not_in_hand_may_not_be_discarded_or_played() -> None:
    state = deal(TWO, [[C.ROLL] * 6], [C.ROLL])
    refused(state, Discard(C.D100), "no 100 in seat 0's hand")
    refused(state, Play(C.RIGHT_OF_WAY), "no Right of Way in seat 0's hand")


def test_with_unplayable_only_discards_a_playable_card_may_not_be_discarded() -> None:
    rules = Rules.parker(players=2, target_score=None, discard="unplayable_only")
    state = deal(rules, [[C.ROLL, C.D100, C.REPAIRS]])
    assert Discard(C.ROLL) not in legal_moves(state)
    assert Discard(C.D100) in legal_moves(state)
    assert Discard(C.REPAIRS) in legal_moves(state)
    refused(state, Discard(C.ROLL), "could be played")


# legal_moves ---------------------------------------------------------------------------------------


def test_legal_moves_lists_each_distinct_action_once() -> None:
    hand = [C.D100, C.D100, C.D200, C.STOP, C.ROLL, C.DRIVING_ACE]
    state = deal(TWO, [hand, [C.ROLL]], [C.D100, X, C.D75])
    assert moves(state) == [
        "roll", "driving ace",
        "discard 100", "discard 200", "discard stop", "discard roll", "discard driving ace",
    ]
    state = play(state, "roll", "roll")
    assert moves(state) == [
        "drive 75", "drive 100", "drive 200", "stop -> side 1", "driving ace",
        "discard 75", "discard 100", "discard 200", "discard stop", "discard driving ace",
    ]
    assert len(set(legal_moves(state))) == len(legal_moves(state))


def test_legal_moves_are_the_same_every_time() -> None:
    state = deal(THREE, [[C.STOP, C.ROLL, C.D50], [C.ROLL], [C.ROLL]])
    state = play(state, PASS, "roll", "roll")
    assert legal_moves(state) == legal_moves(state)


# Illegal moves -------------------------------------------------------------------------------------


def test_an_illegal_move_raises_an_error_that_says_why_and_changes_nothing() -> None:
    state = deal(TWO, [[C.D100]])
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, Play(C.D100))
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, CardrulesError)
    assert error.move == Play(C.D100)
    assert "drive 100" in str(error)
    assert "no ROLL" in str(error)
    assert state == deal(TWO, [[C.D100]])


def test_answers_out_of_their_moment_are_refused() -> None:
    state = deal(TWO, [[C.ROLL]])
    refused(state, COUP_FOURRE, "no hazard is waiting")
    refused(state, EXTEND, "no completed race")
    refused(state, DECLINE, "nothing to decline")


def test_a_safety_or_a_remedy_is_not_aimed_at_a_side() -> None:
    state = deal(TWO, [[C.ROLL, C.DRIVING_ACE]])
    refused(state, Play(C.ROLL, 1), "own side")
    refused(state, Play(C.DRIVING_ACE, 0), "own side")


def test_a_move_of_another_kind_is_refused() -> None:
    state = deal(TWO)
    with pytest.raises(IllegalMoveError, match="not a move of Mille Bornes"):
        apply(state, "drive 100")  # type: ignore[arg-type]
