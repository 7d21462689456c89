"""§6 Race length, extension and the end of a hand; §7 scoring, down to seed 002's perfect hands.

Every hand here is a single hand (``target_score=None``) played move by move through the engine;
its score sheet is read from ``result(state)``.
"""

from __future__ import annotations

import attrs
import pytest

from cardrules import IllegalMoveError
from cardrules.games.mille_bornes import (
    DECLINE,
    EXTEND,
    Card,
    Discard,
    HandScore,
    Play,
    Rules,
    Scoring,
    SideScore,
    State,
    apply,
    current_player,
    is_terminal,
    legal_moves,
    result,
)

from .positions import PASS, deal, moves, play, play_out, run_out_draw_pile, solo

C = Card
X = None
TWO = Rules.parker(players=2, target_score=None)
THREE = Rules.parker(players=3, target_score=None)
PAIRS = Rules.parker(players=4, team_size=2, target_score=None)

LINES = ("miles", "safeties", "all_safeties", "coups_fourres", "trip", "delayed_action", "safe_trip",
         "shutout", "extension")

# Seat 0 reaches 700 in six turns: roll, 200, 200, 100, 100, 100.
TO_700 = ("roll", "drive 200", "drive 200", "drive 100", "drive 100", "drive 100")
HAND_TO_700 = [C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100]


def sheet(state: State) -> HandScore:
    """The score sheet of the hand that just ended, checked against its own breakdown."""
    assert is_terminal(state)
    outcome = result(state)
    assert outcome is not None
    last = outcome.hands[-1]
    for side in last.sides:
        assert side.total == sum(getattr(side, line) for line in LINES)
        assert side.lines() == tuple(zip([label for label, _ in side.lines()],
                                         [getattr(side, line) for line in LINES], strict=True))
    assert outcome.totals == tuple(
        sum(hand.totals[side] for hand in outcome.hands) for side in range(state.rules.sides)
    )
    assert last.miles == tuple(tableau.miles for tableau in state.table.tableaux)
    return last


def column(side: int, **lines: int) -> SideScore:
    return SideScore(side=side, **lines)


# §6 The race and the extension ---------------------------------------------------------------------


def test_reaching_700_exactly_asks_the_driver_whether_to_extend() -> None:
    state = solo(deal(TWO, [HAND_TO_700]), *TO_700)
    assert state.table.tableaux[0].miles == 700
    assert state.table.phase == "extension"
    assert current_player(state) == 0
    assert legal_moves(state) == (EXTEND, DECLINE)
    assert moves(state) == ["extend", "decline"]
    with pytest.raises(IllegalMoveError, match="extend the race or decline first"):
        apply(state, Play(C.ROLL))


def test_declining_the_extension_ends_the_hand_scored_at_700() -> None:
    state = solo(deal(TWO, [HAND_TO_700]), *TO_700, "decline")
    assert is_terminal(state)
    score = sheet(state)
    assert (score.completed_by, score.extended_by, score.delayed) == (0, None, False)
    assert score.sides == (
        column(0, miles=700, trip=400, shutout=500),
        column(1),
    )
    assert score.totals == (1600, 0)


def test_extending_makes_the_race_1000_for_every_side() -> None:
    state = play(solo(deal(TWO, [HAND_TO_700], [C.D100]), *TO_700), "extend")
    assert state.table.target == 1000
    assert state.table.extended_by == 0
    assert state.table.phase == "play"
    assert state.table.current == 1  # play goes on with the next player
    state = play(state, PASS)
    assert "drive 100" in moves(state)
    state = play(state, "drive 100")
    assert state.table.tableaux[0].miles == 800


def test_an_extended_trip_completed_scores_200_for_the_side_that_called_it() -> None:
    state = deal(TWO, [HAND_TO_700], [C.D100, X, C.D100, X, C.D100])
    state = solo(state, *TO_700, "extend", "drive 100", "drive 100")
    assert state.table.tableaux[0].miles == 900
    state = play(state, "drive 100")
    # Reaching the extended target ends the hand at once: no second decision.
    assert is_terminal(state)
    score = sheet(state)
    assert (score.completed_by, score.extended_by) == (0, 0)
    assert score.sides == (
        column(0, miles=1000, trip=400, shutout=500, extension=200),
        column(1),
    )


def test_a_failed_extension_gives_200_to_each_opponent_and_no_trip_bonus_to_the_caller() -> None:
    state = solo(deal(THREE, [HAND_TO_700]), *TO_700, "extend")
    state = play_out(state)
    assert is_terminal(state)
    assert state.draw_pile == ()
    assert all(hand == () for hand in state.hands)
    score = sheet(state)
    assert (score.completed_by, score.extended_by, score.delayed) == (None, 0, False)
    assert score.sides == (
        column(0, miles=700),
        column(1, extension=200),
        column(2, extension=200),
    )


def test_wikipedia_scoring_gives_nobody_the_bonus_of_a_failed_extension() -> None:
    rules = attrs.evolve(THREE, scoring=Scoring(extension_failure_to_opponents=False))
    assert Rules.wikipedia(players=3).scoring == rules.scoring
    state = play_out(solo(deal(rules, [HAND_TO_700]), *TO_700, "extend"))
    score = sheet(state)
    assert (score.completed_by, score.extended_by) == (None, 0)
    assert score.sides == (column(0, miles=700), column(1), column(2))


def test_a_failed_extension_when_an_opponent_completes_the_longer_race() -> None:
    # Both sides race; seat 0 reaches 700 first and extends; seat 1 then goes on to 1000.
    seat_1 = [C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100]
    state = deal(TWO, [HAND_TO_700, seat_1], [X, C.D100, X, C.D100, X, C.D100])
    state = play(state, "roll", "roll", "drive 200", "drive 200", "drive 200", "drive 200")
    state = play(state, "drive 100", "drive 100", "drive 100", "drive 100", "drive 100")
    assert state.table.phase == "extension"
    state = play(state, "extend", "drive 100")
    # Seat 1 is at 700 too, but the race is 1000 now: no decision for it.
    assert state.table.tableaux[1].miles == 700
    assert state.table.phase == "play"
    state = play(state, PASS, "drive 100", PASS, "drive 100", PASS, "drive 100")
    assert is_terminal(state)
    score = sheet(state)
    assert (score.completed_by, score.extended_by) == (1, 0)
    assert score.sides == (
        column(0, miles=700),
        column(1, miles=1000, trip=400, extension=200),
    )


def test_two_pairs_race_1000_with_no_extension_decision() -> None:
    hands = [[C.ROLL, C.D200, C.D200, C.D100, C.D100], [], [C.D100, C.D100, C.D100, C.D100], []]
    state = deal(PAIRS, hands)
    state = play(state, "roll", PASS, "drive 100", PASS, "drive 200", PASS, "drive 100", PASS)
    state = play(state, "drive 200", PASS, "drive 100")
    assert state.table.tableaux[0].miles == 700
    assert state.table.phase == "play"  # 700 means nothing in a 1000 race
    state = play(state, PASS, "drive 100", PASS, "drive 100", PASS)
    assert state.table.tableaux[0].miles == 900
    state = play(state, "drive 100")
    assert is_terminal(state)
    score = sheet(state)
    assert (score.completed_by, score.extended_by) == (0, None)
    assert score.sides == (column(0, miles=1000, trip=400, shutout=500), column(1))


def test_the_extension_goes_to_extension_to() -> None:
    rules = Rules.parker(players=2, target_score=None, race=1000, extension_to=1200)
    state = deal(rules, [HAND_TO_700], [C.D100, X, C.D100, X, C.D100])
    state = solo(state, *TO_700, "drive 100", "drive 100", "drive 100")
    assert state.table.tableaux[0].miles == 1000
    assert state.table.phase == "extension"
    state = play(state, "extend")
    assert state.table.target == 1200


def test_without_an_extension_the_race_ends_at_its_target() -> None:
    rules = Rules.parker(players=2, target_score=None, extension_to=None)
    state = solo(deal(rules, [HAND_TO_700]), *TO_700)
    assert is_terminal(state)
    assert sheet(state).completed_by == 0


def test_the_hand_ends_when_the_draw_pile_and_every_hand_are_empty() -> None:
    state = deal(TWO, [[C.ROLL, C.D100]], [X, X, X, X])
    state = play(state, "roll", PASS, "drive 100")
    state = run_out_draw_pile(state)
    assert not is_terminal(state)
    state = play_out(state)
    assert is_terminal(state)
    assert state.draw_pile == ()
    assert state.hands == ((), ())
    score = sheet(state)
    assert (score.completed_by, score.delayed) == (None, False)
    # Nobody completed the trip: miles (and safeties) only.
    assert score.sides == (column(0, miles=100), column(1))


def test_a_player_with_no_cards_left_is_skipped() -> None:
    safeties = [C.RIGHT_OF_WAY, C.EXTRA_TANK]
    state = deal(TWO, [safeties])
    state = run_out_draw_pile(state, keep=lambda seat: safeties if seat == 0 else (), until_seat=0)
    # Safeties from an empty draw pile: more turns, but no card drawn. Seat 0 runs out first.
    state = play(state, "right of way", "extra tank", PASS)
    while state.hands[0]:
        state = play(state, PASS)
    assert state.table.current == 1
    left = len(state.hands[1])
    assert left >= 2
    for _ in range(left - 1):
        state = play(state, PASS)
        assert state.table.current == 1  # seat 0 has nothing to play: it is skipped
    state = play(state, PASS)
    assert is_terminal(state)
    assert state.hands == ((), ())


# §7 Scoring ----------------------------------------------------------------------------------------


def test_delayed_action_the_trip_completed_after_the_draw_pile_ran_out() -> None:
    state = solo(deal(TWO, [HAND_TO_700]), *TO_700[:-1])
    state = run_out_draw_pile(state, keep=lambda seat: {C.D100} if seat == 0 else (), until_seat=0)
    state = play(state, "drive 100", "decline")
    score = sheet(state)
    assert score.delayed
    assert score.sides[0] == column(0, miles=700, trip=400, delayed_action=300, shutout=500)


def test_delayed_action_counts_when_the_completing_player_drew_the_last_card() -> None:
    # The pile has run out by the time the card is played, even though it ran out this very turn.
    state = solo(deal(TWO, [HAND_TO_700], [C.EXTRA_TANK]), *TO_700[:-1])
    keep = {C.D100, C.EXTRA_TANK}
    while len(state.draw_pile) > 1:
        hand = state.hands[state.table.current]
        state = play(state, Discard(next((card for card in hand if card not in keep), hand[0])))
    # Seat 0 is to draw the last card: after seat 1's turn, or on the extra turn of a safety.
    state = play(state, "extra tank" if state.table.current == 0 else PASS)
    assert (state.table.current, state.draw_pile, len(state.hands[0])) == (0, (), 7)
    state = play(state, "drive 100", "decline")
    assert sheet(state).delayed
    assert sheet(state).sides[0].delayed_action == 300


def test_no_delayed_action_while_cards_remain_to_be_drawn() -> None:
    state = solo(deal(TWO, [HAND_TO_700]), *TO_700, "decline")
    assert state.draw_pile
    assert sheet(state).sides[0].delayed_action == 0


def test_a_safe_trip_is_one_completed_without_a_200() -> None:
    hand = [C.ROLL, C.D100, C.D100, C.D100, C.D100, C.D100]
    state = deal(TWO, [hand], [X, X, C.D100, X, C.D100])
    state = solo(state, "roll", *["drive 100"] * 7, "decline")
    assert sheet(state).sides[0] == column(0, miles=700, trip=400, safe_trip=300, shutout=500)


def test_a_trip_with_a_200_is_not_safe() -> None:
    state = solo(deal(TWO, [HAND_TO_700]), *TO_700, "decline")
    assert sheet(state).sides[0].safe_trip == 0


def test_a_shutout_for_each_opponent_side_that_played_no_distance() -> None:
    state = solo(deal(THREE, [HAND_TO_700]), *TO_700, "decline")
    score = sheet(state)
    assert score.sides[0] == column(0, miles=700, trip=400, shutout=1000)
    assert score.totals == (2100, 0, 0)


def test_no_shutout_over_an_opponent_that_played_distance() -> None:
    state = deal(THREE, [HAND_TO_700, [C.ROLL, C.D25]])
    state = play(state, "roll", "roll", PASS, "drive 200", "drive 25", PASS)
    state = solo(state, *TO_700[2:], "decline")
    score = sheet(state)
    assert score.sides == (
        column(0, miles=700, trip=400, shutout=500),
        column(1, miles=25),
        column(2),
    )


def test_safeties_score_for_every_side_and_all_four_earn_a_bonus() -> None:
    safeties = [C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY]
    state = deal(TWO, [HAND_TO_700, safeties])
    state = play(state, "roll", "driving ace", "extra tank", "puncture proof", "right of way", PASS)
    state = solo(state, *TO_700[1:], "decline")
    score = sheet(state)
    # Side 1 did not complete the trip and still scores its safeties and the all-four bonus.
    assert score.sides == (
        column(0, miles=700, trip=400, shutout=500),
        column(1, safeties=400, all_safeties=300),
    )


def test_three_safeties_earn_no_all_four_bonus() -> None:
    state = deal(TWO, [HAND_TO_700, [C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF]])
    state = play(state, "roll", "driving ace", "extra tank", "puncture proof", PASS)
    state = solo(state, *TO_700[1:], "decline")
    assert sheet(state).sides[1] == column(1, safeties=300)


def test_a_coup_fourre_scores_300_on_top_of_the_safetys_100() -> None:
    hand = [C.ROLL, C.D200, C.D200, C.D100, C.D100, C.PUNCTURE_PROOF]
    state = deal(TWO, [hand, [C.FLAT_TIRE]], [X, X, X, C.D100])
    state = play(state, "roll", "flat tire -> side 0", "coup fourre")
    state = solo(state, "drive 200", "drive 200", "drive 100", "drive 100", "drive 100", "decline")
    assert sheet(state).sides[0] == column(
        0, miles=700, safeties=100, coups_fourres=300, trip=400, shutout=500
    )


def test_room_scoring_one_shutout_only_if_no_other_side_has_distance() -> None:
    rules = Rules.parker(players=3, target_score=None, scoring=Scoring.room())
    state = solo(deal(rules, [HAND_TO_700]), *TO_700, "decline")
    assert sheet(state).sides[0] == column(0, miles=700, trip=300, shutout=500)
    state = deal(rules, [HAND_TO_700, [C.ROLL, C.D25]])
    state = play(state, "roll", "roll", PASS, "drive 200", "drive 25", PASS)
    state = solo(state, *TO_700[2:], "decline")
    assert sheet(state).sides[0] == column(0, miles=700, trip=300)


def test_room_scoring_all_four_safeties_only_for_the_side_that_completed_the_trip() -> None:
    rules = Rules.parker(players=2, target_score=None, scoring=Scoring.room())
    safeties = [C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY]
    state = deal(rules, [HAND_TO_700, safeties])
    state = play(state, "roll", "driving ace", "extra tank", "puncture proof", "right of way", PASS)
    state = solo(state, *TO_700[1:], "decline")
    assert sheet(state).sides[1] == column(1, safeties=400)


def test_room_scoring_has_no_safe_trip_and_no_extension_bonus() -> None:
    rules = Rules.parker(players=2, target_score=None, scoring=Scoring.room())
    hand = [C.ROLL, C.D100, C.D100, C.D100, C.D100, C.D100]
    state = deal(rules, [hand], [X, X, C.D100, X, C.D100, X, C.D100, X, C.D100, X, C.D100])
    state = solo(state, "roll", *["drive 100"] * 7, "extend", *["drive 100"] * 3)
    assert sheet(state).sides[0] == column(0, miles=1000, trip=300, shutout=500)


def test_scoring_is_data() -> None:
    rules = Rules.parker(players=2, target_score=None, scoring=Scoring(per_mile=2, trip=1000, shutout=0))
    state = solo(deal(rules, [HAND_TO_700]), *TO_700, "decline")
    assert sheet(state).sides[0] == column(0, miles=1400, trip=1000)


# Seed 002's maxima ---------------------------------------------------------------------------------


def finish_perfect_hand(state: State, side_0_seats: set[int]) -> State:
    """From 900 miles: everyone discards (side 0 keeping a 100) until the draw pile is empty and
    seat 0 is on turn without having drawn; then seat 0 drives the last 100 miles."""
    assert state.table.tableaux[0].miles == 900
    state = run_out_draw_pile(
        state, keep=lambda seat: {C.D100} if seat in side_0_seats else (), until_seat=0
    )
    state = play(state, "drive 100")
    assert is_terminal(state)
    return state


PERFECT = {
    "miles": 1000, "safeties": 400, "all_safeties": 300, "coups_fourres": 1200, "trip": 400,
    "delayed_action": 300, "safe_trip": 300,
}
"""The lines of a perfect hand that do not depend on the table."""


def test_the_perfect_two_player_hand_scores_4600() -> None:
    safeties = [C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY]
    hands = [[*safeties, C.ROLL, C.D100], [C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE, C.STOP]]
    draws = [
        X,           # 0  seat 0 rolls
        X,           # 1  seat 1: accident; seat 0 calls the coup fourré
        X, C.D100,   # 2  replacement, 3 turn: seat 0 drives 100
        X,           # 4  seat 1: out of gas; coup fourré
        X, C.D100,   # 5, 6: 200
        X,           # 7  seat 1: flat tire; coup fourré
        X, C.D100,   # 8, 9: 300
        X,           # 10 seat 1: stop; coup fourré with right of way
        X, C.D100,   # 11, 12: 400
        X, C.D100,   # 13 seat 1 passes, 14: 500
        X, C.D100,   # 600
        X, C.D100,   # 700: extend
        X, C.D100,   # 800
        X, C.D100,   # 900
    ]
    state = deal(TWO, hands, draws)
    state = play(state, "roll")
    for hazard in ("accident", "out of gas", "flat tire", "stop"):
        state = play(state, f"{hazard} -> side 0", "coup fourre", "drive 100")
    assert state.table.tableaux[0].coups_fourres == tuple(safeties)
    state = play(state, PASS, "drive 100", PASS, "drive 100", PASS, "drive 100", "extend")
    state = play(state, PASS, "drive 100", PASS, "drive 100")
    state = finish_perfect_hand(state, {0})
    score = sheet(state)
    assert (score.completed_by, score.extended_by, score.delayed) == (0, 0, True)
    assert score.sides[0] == column(0, **PERFECT, shutout=500, extension=200)
    assert score.totals == (4600, 0)


def test_the_perfect_hand_of_two_pairs_scores_4400() -> None:
    hands = [
        [C.DRIVING_ACE, C.EXTRA_TANK, C.ROLL, C.D100],
        [C.ACCIDENT, C.OUT_OF_GAS],
        [C.PUNCTURE_PROOF, C.RIGHT_OF_WAY],
        [C.FLAT_TIRE, C.STOP],
    ]
    draws = [
        X,           # 0  seat 0 rolls
        X,           # 1  seat 1: accident; seat 0 calls
        X, C.D100,   # 2, 3: seat 0 drives 100; seats 2 and 3 lose their turn
        X,           # 4  seat 1: out of gas; seat 0 calls
        X, C.D100,   # 5, 6: 200
        X,           # 7  seat 1 passes
        C.D100,      # 8  seat 2: 300
        X,           # 9  seat 3: flat tire; seat 2 calls for the side
        X, C.D100,   # 10, 11: seat 2 drives, 400; seats 0 and 1 lose their turn
        X,           # 12 seat 3: stop; seat 2 calls with right of way
        X, C.D100,   # 13, 14: 500
        X, C.D100,   # 15 seat 3 passes, 16 seat 0: 600
        X, C.D100,   # 17 seat 1 passes, 18 seat 2: 700 (no decision in a 1000 race)
        X, C.D100,   # 19 seat 3, 20 seat 0: 800
        X, C.D100,   # 21 seat 1, 22 seat 2: 900
        X,           # 23 seat 3 passes
    ]
    state = deal(PAIRS, hands, draws)
    state = play(state, "roll", "accident -> side 0", "coup fourre", "drive 100")
    state = play(state, "out of gas -> side 0", "coup fourre", "drive 100")
    state = play(state, PASS, "drive 100", "flat tire -> side 0", "coup fourre", "drive 100")
    assert state.table.current == 3
    state = play(state, "stop -> side 0", "coup fourre", "drive 100")
    state = play(state, PASS, "drive 100", PASS, "drive 100", PASS, "drive 100", PASS, "drive 100", PASS)
    state = finish_perfect_hand(state, {0, 2})
    score = sheet(state)
    assert (score.completed_by, score.extended_by, score.delayed) == (0, None, True)
    assert score.sides[0] == column(0, **PERFECT, shutout=500)
    assert score.totals == (4400, 0)


def test_the_perfect_three_player_hand_scores_5100() -> None:
    safeties = [C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY]
    hands = [[*safeties, C.ROLL, C.D100], [C.ACCIDENT, C.OUT_OF_GAS], [C.FLAT_TIRE, C.STOP]]
    draws = [
        X,              # 0  seat 0 rolls
        X,              # 1  seat 1: accident; seat 0 calls
        X, C.D100,      # 2, 3: 100
        X,              # 4  seat 1: out of gas; seat 0 calls
        X, C.D100,      # 5, 6: 200
        X,              # 7  seat 1 passes
        X,              # 8  seat 2: flat tire; seat 0 calls
        X, C.D100,      # 9, 10: 300
        X,              # 11 seat 1 passes
        X,              # 12 seat 2: stop; seat 0 calls
        X, C.D100,      # 13, 14: 400
        X, X, C.D100,   # 500
        X, X, C.D100,   # 600
        X, X, C.D100,   # 700: extend
        X, X, C.D100,   # 800
        X, X, C.D100,   # 900
    ]
    state = deal(THREE, hands, draws)
    state = play(state, "roll", "accident -> side 0", "coup fourre", "drive 100")
    state = play(state, "out of gas -> side 0", "coup fourre", "drive 100")
    state = play(state, PASS, "flat tire -> side 0", "coup fourre", "drive 100")
    state = play(state, PASS, "stop -> side 0", "coup fourre", "drive 100")
    state = play(state, PASS, PASS)
    state = solo(state, "drive 100", "drive 100", "drive 100", "extend", "drive 100", "drive 100")
    state = finish_perfect_hand(state, {0})
    score = sheet(state)
    assert (score.completed_by, score.extended_by, score.delayed) == (0, 0, True)
    assert score.sides[0] == column(0, **PERFECT, shutout=1000, extension=200)
    assert score.totals == (5100, 0, 0)


def test_a_score_sheet_is_the_sum_of_its_lines() -> None:
    score = column(0, miles=700, safeties=200, coups_fourres=300, trip=400, shutout=500)
    assert score.total == 2100
    assert dict(score.lines()) == {
        "Miles travelled": 700, "Safeties": 200, "All four safeties": 0, "Coups fourrés": 300,
        "Trip completed": 400, "Delayed action": 0, "Safe trip": 0, "Shutout": 500, "Extension": 0,
    }
    assert attrs.evolve(score, extension=200).total == 2300
