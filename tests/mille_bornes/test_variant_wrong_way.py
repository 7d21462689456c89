"""§9 The wrong-way card (the game room's variant, defined by the rules contract): WRONG_WAY on an
opponent's direction pile at any time, END_OF_WRONG_WAY only onto it, distance subtracted while it
shows and never below 0, the Driving Ace against it, 200s driven backwards, and shutouts."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from cardrules.games.mille_bornes import Card, Play, Rules, State, result

from .positions import PASS, deal, moves, play, refused, seat_draws, solo

C = Card
X = None
WRONG_WAY = Rules.parker(players=2, target_score=None, wrong_way=True)
SHORT_RACE = attrs.evolve(WRONG_WAY, race=300, extension_to=None)


def drives(state: State) -> list[str]:
    return [move for move in moves(state) if move.startswith("drive")]


def test_the_variant_adds_four_wrong_way_and_six_end_of_wrong_way_cards() -> None:
    deck = Counter(WRONG_WAY.deck_cards())
    assert (deck[C.WRONG_WAY], deck[C.END_OF_WRONG_WAY]) == (4, 6)
    assert len(WRONG_WAY.deck_cards()) == len(Rules.parker(players=2).deck_cards()) + 10


@pytest.mark.parametrize("situation", ["not started", "stopped", "moving", "under a speed limit"])
def test_wrong_way_may_go_on_an_opponent_at_any_time(situation: str) -> None:
    state = deal(WRONG_WAY, [[C.WRONG_WAY, C.STOP, C.SPEED_LIMIT], [C.ROLL]])
    if situation != "not started":
        state = play(state, PASS, "roll")
    if situation == "stopped":
        state = play(state, "stop -> side 1", PASS)
    if situation == "under a speed limit":
        state = play(state, "speed limit -> side 1", PASS)
    assert "wrong way -> side 1" in moves(state)
    state = play(state, "wrong way -> side 1")
    assert state.table.tableaux[1].direction == (C.WRONG_WAY,)
    assert state.table.tableaux[1].wrong_way


def test_wrong_way_goes_on_an_opponent_not_on_ones_own_side() -> None:
    state = deal(WRONG_WAY, [[C.WRONG_WAY]])
    refused(state, Play(C.WRONG_WAY, 0), "opponent")


def test_wrong_way_may_not_go_on_a_side_with_the_driving_ace() -> None:
    state = play(deal(WRONG_WAY, [[C.WRONG_WAY], [C.DRIVING_ACE]]), PASS, "driving ace", PASS)
    refused(state, Play(C.WRONG_WAY, 1), "protected by Driving Ace")


def test_wrong_way_may_not_go_on_a_side_already_going_the_wrong_way() -> None:
    state = deal(WRONG_WAY, [[C.WRONG_WAY, C.WRONG_WAY], [C.END_OF_WRONG_WAY]])
    state = play(state, "wrong way -> side 1", PASS)
    refused(state, Play(C.WRONG_WAY, 1), "already going the wrong way")
    # Once ended, the side may be sent the wrong way again.
    state = play(state, PASS, "end of wrong way")
    assert state.table.tableaux[1].direction == (C.WRONG_WAY, C.END_OF_WRONG_WAY)
    assert not state.table.tableaux[1].wrong_way
    assert "wrong way -> side 1" in moves(state)


def test_end_of_wrong_way_goes_only_onto_a_wrong_way() -> None:
    state = deal(WRONG_WAY, [[C.END_OF_WRONG_WAY, C.END_OF_WRONG_WAY], [C.WRONG_WAY]])
    refused(state, Play(C.END_OF_WRONG_WAY), "not going the wrong way")
    state = play(state, PASS, "wrong way -> side 0", "end of wrong way", PASS)
    refused(state, Play(C.END_OF_WRONG_WAY), "not going the wrong way")


def test_going_the_wrong_way_distance_is_subtracted_and_never_below_zero() -> None:
    state = deal(WRONG_WAY, [[C.ROLL, C.D100, C.D75, C.D50, C.D25], [C.WRONG_WAY]])
    state = play(state, "roll", PASS, "drive 100", "wrong way -> side 0")
    assert set(drives(state)) == {"drive 25", "drive 50", "drive 75"}
    state = play(state, "drive 75", PASS)
    side = state.table.tableaux[0]
    assert side.distance == (C.D100, C.D75)
    assert side.backwards == (C.D75,)
    assert side.miles == 25
    # 50 would take the side below 0.
    refused(state, Play(C.D50), "wrong way", "below 0")
    assert drives(state) == ["drive 25"]
    state = play(state, "drive 25", PASS)
    assert state.table.tableaux[0].miles == 0
    refused(state, Play(C.D50), "below 0")
    assert drives(state) == []


def test_going_the_wrong_way_every_other_condition_for_distance_still_applies() -> None:
    state = deal(WRONG_WAY, [[C.ROLL, C.D100, C.D75, C.D50], [C.WRONG_WAY, C.SPEED_LIMIT]])
    state = play(state, "roll", PASS, "drive 100", "wrong way -> side 0", PASS, "speed limit -> side 0")
    refused(state, Play(C.D75), "speed limit")
    assert drives(state) == ["drive 50"]


def test_the_game_rooms_worked_example() -> None:
    """docs/mille-bornes-presets.md, "A worked example", move by move."""
    rules = Rules.room(players=2, wrong_way=True, target_score=None)
    assert len(rules.deck_cards()) == 116
    hands = [[C.ROLL, C.D100, C.D25, C.D50, C.D75, C.D200], [C.ROLL, C.WRONG_WAY, C.WRONG_WAY, C.D100]]
    state = deal(rules, hands, seat_draws(rules, {0: [C.END_OF_WRONG_WAY]}))
    state = play(state, "roll", "roll", "drive 100")
    assert state.table.tableaux[0].miles == 100
    state = play(state, "wrong way -> side 0")
    assert state.table.tableaux[0].wrong_way
    assert set(drives(state)) == {"drive 25", "drive 50", "drive 75"}
    state = play(state, "drive 75")
    assert state.table.tableaux[0].miles == 25
    state = play(state, "drive 100")
    assert drives(state) == ["drive 25"]
    state = play(state, "end of wrong way")
    assert not state.table.tableaux[0].wrong_way
    state = play(state, "wrong way -> side 0")
    assert state.table.tableaux[0].direction == (C.WRONG_WAY, C.END_OF_WRONG_WAY, C.WRONG_WAY)


def test_the_driving_ace_cancels_a_wrong_way_showing() -> None:
    draws = seat_draws(WRONG_WAY, {0: [X, X, C.DRIVING_ACE]})
    state = deal(WRONG_WAY, [[C.ROLL, C.D100, C.D75], [C.WRONG_WAY]], draws)
    state = play(state, "roll", PASS, "drive 100", "wrong way -> side 0")
    assert state.table.phase == "play"  # seat 0 did not hold the ace yet: no coup fourré
    state = play(state, "driving ace")
    side = state.table.tableaux[0]
    assert side.direction == ()
    assert state.table.discard_pile[-1] is C.WRONG_WAY
    assert not side.wrong_way
    assert side.coups_fourres == ()
    assert state.table.current == 0  # the safety's extra turn
    state = play(state, "drive 75")
    assert state.table.tableaux[0].distance == (C.D100, C.D75)
    assert state.table.tableaux[0].backwards == ()


def test_the_driving_ace_answers_a_wrong_way_by_coup_fourre() -> None:
    state = deal(WRONG_WAY, [[C.ROLL, C.D100, C.D75, C.DRIVING_ACE], [C.WRONG_WAY]])
    state = play(state, "roll", PASS, "drive 100", "wrong way -> side 0")
    assert state.table.phase == "coup_fourre"
    assert state.table.current == 0
    state = play(state, "coup fourre")
    side = state.table.tableaux[0]
    assert side.direction == ()
    assert state.table.discard_pile[-1] is C.WRONG_WAY
    assert side.coups_fourres == (C.DRIVING_ACE,)
    assert side.moving
    state = play(state, "drive 75")
    assert state.table.tableaux[0].miles == 175


def test_200s_driven_backwards_count_toward_the_limit_of_two() -> None:
    state = deal(WRONG_WAY, [[C.ROLL, C.D200, C.D200, C.D200, C.END_OF_WRONG_WAY], [C.WRONG_WAY]])
    state = play(state, "roll", PASS, "drive 200", "wrong way -> side 0", "drive 200")
    side = state.table.tableaux[0]
    assert side.distance == (C.D200, C.D200)
    assert side.backwards == (C.D200,)
    assert side.twos == 2
    state = play(state, PASS, "end of wrong way", PASS)
    refused(state, Play(C.D200), "at most 2 cards of 200")


@pytest.mark.parametrize("backwards", [C.D100, C.D200])
def test_a_200_driven_backwards_spoils_the_safe_trip(backwards: Card) -> None:
    hands = [[C.ROLL, C.D100, C.D100, backwards, C.END_OF_WRONG_WAY, C.D100], [C.WRONG_WAY]]
    state = deal(SHORT_RACE, hands, seat_draws(SHORT_RACE, {0: [C.D100, C.D100]}))
    state = solo(state, "roll", "drive 100")
    state = play(state, "drive 100", "wrong way -> side 0")
    state = solo(state, Play(backwards), "end of wrong way")
    while state.table.phase == "play":
        state = solo(state, "drive 100")
    outcome = result(state)
    assert outcome is not None
    sheet = outcome.hands[0]
    assert sheet.completed_by == 0
    assert sheet.sides[0].trip == 400
    assert sheet.sides[0].safe_trip == (0 if backwards is C.D200 else 300)


@pytest.mark.parametrize("side_1_drove", [True, False])
def test_a_side_that_drove_forwards_and_back_to_zero_is_not_shut_out(side_1_drove: bool) -> None:
    hands = [[C.ROLL, C.D100, C.D100, C.D100, C.WRONG_WAY], [C.ROLL, C.D100, C.D100]]
    state = play(deal(SHORT_RACE, hands), "roll", "roll", "drive 100")
    if side_1_drove:
        state = play(state, "drive 100", "wrong way -> side 1", "drive 100")
        assert state.table.tableaux[1].distance == (C.D100, C.D100)
        assert state.table.tableaux[1].backwards == (C.D100,)
    else:
        state = play(state, PASS, "wrong way -> side 1", PASS)
        assert state.table.tableaux[1].distance == ()
    assert state.table.tableaux[1].miles == 0
    state = play(state, "drive 100", PASS, "drive 100")
    outcome = result(state)
    assert outcome is not None
    sheet = outcome.hands[0]
    assert sheet.completed_by == 0
    assert sheet.miles == (300, 0)
    assert sheet.sides[0].shutout == (0 if side_1_drove else 500)
