"""§10 The Wikipedia and game-room presets, played: what each switches on, and the room's scoring
(300 trip, 300 "coronación", one shutout only when no other side has distance, the four-safeties
bonus only for the side that completed the trip, no safe-trip and no extension bonus)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules.games.mille_bornes import (
    TABLES,
    Card,
    Discard,
    HandScore,
    Play,
    Rules,
    Scoring,
    State,
    legal_moves,
    result,
)

from .positions import PASS, deal, drain_draw_pile, moves, play, play_out, refused, run_out_draw_pile, solo

C = Card
Preset = Callable[..., Rules]


def sheet_of(state: State) -> HandScore:
    outcome = result(state)
    assert outcome is not None
    return outcome.hands[-1]


# Wikipedia -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "team_size"), TABLES)
def test_wikipedia_is_parker_with_stacking_any_player_coups_fourres_and_the_full_deck(
    players: int, team_size: int
) -> None:
    rules = Rules.wikipedia(players=players, team_size=team_size)
    assert rules == Rules.parker(
        players=players, team_size=team_size, hazard_stacking="topmost", coup_fourre="any_player",
        small_table_deck=False, scoring=Scoring(extension_failure_to_opponents=False),
    )
    assert len(rules.deck_cards()) == 106


def test_wikipedia_stacks_hazards_and_lets_another_side_call_the_coup_fourre() -> None:
    rules = Rules.wikipedia(players=3, target_score=None)
    state = deal(rules, [[C.ACCIDENT, C.STOP], [C.ROLL], [C.RIGHT_OF_WAY]])
    state = play(state, PASS, "roll", PASS, "accident -> side 1", PASS, PASS, "stop -> side 1")
    # A Stop on an Accident (topmost stacking); seat 2 holds Right of Way and is asked (any player).
    assert state.table.tableaux[1].battle == (C.ROLL, C.ACCIDENT, C.STOP)
    assert state.table.phase == "coup_fourre"
    assert state.table.current == 2
    state = play(state, "coup fourre")
    assert state.table.tableaux[2].coups_fourres == (C.RIGHT_OF_WAY,)
    assert state.table.tableaux[1].battle == (C.ROLL, C.ACCIDENT, C.STOP)


@pytest.mark.parametrize(("preset", "to_opponent"), [(Rules.wikipedia, 0), (Rules.parker, 200)])
def test_wikipedia_gives_the_extension_bonus_only_to_a_caller_who_completes_it(
    preset: Preset, to_opponent: int
) -> None:
    rules = preset(players=2, race=100, extension_to=200, target_score=None)
    state = play(deal(rules, [[C.ROLL, C.D100], [C.ROLL]]), "roll", PASS, "drive 100", "extend")
    assert state.table.extended_by == 0
    sheet = sheet_of(play_out(state))
    assert sheet.completed_by is None
    assert sheet.sides[0].trip == sheet.sides[0].extension == 0
    assert sheet.sides[1].extension == to_opponent


def test_wikipedia_gives_the_extension_bonus_to_a_caller_who_completes_it() -> None:
    rules = Rules.wikipedia(players=2, race=100, extension_to=200, target_score=None)
    state = play(deal(rules, [[C.ROLL, C.D100, C.D100]]), "roll", PASS, "drive 100", "extend", PASS,
                 "drive 100")
    sheet = sheet_of(state)
    assert (sheet.completed_by, sheet.extended_by) == (0, 0)
    assert (sheet.sides[0].extension, sheet.sides[1].extension) == (200, 0)


# The game room ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "team_size"), TABLES)
def test_room_is_parker_with_its_race_scoring_discards_and_end_of_hand(players: int, team_size: int) -> None:
    rules = Rules.room(players=players, team_size=team_size)
    assert rules == Rules.parker(
        players=players, team_size=team_size, race=1000, extension_to=None, small_table_deck=False,
        scoring=Scoring.room(), discard="unplayable_only", hand_end="any_hand_empty",
    )
    assert (rules.hazard_stacking, rules.reshuffle_discards, rules.wrong_way) == ("none", False, False)
    assert len(rules.deck_cards()) == 106


@pytest.mark.parametrize(
    ("switches", "fields"),
    [
        ({"accumulate": True}, {"hazard_stacking": "accumulate"}),
        ({"reshuffle": True}, {"reshuffle_discards": True}),
        ({"wrong_way": True}, {"wrong_way": True}),
        ({"accumulate": True, "reshuffle": True, "wrong_way": True},
         {"hazard_stacking": "accumulate", "reshuffle_discards": True, "wrong_way": True}),
    ],
)
def test_room_variants_are_off_unless_switched_on(switches: dict[str, Any], fields: dict[str, Any]) -> None:
    for players, team_size in ((2, 1), (6, 3), (9, 3)):
        plain = Rules.room(players=players, team_size=team_size)
        assert Rules.room(players=players, team_size=team_size, **switches) == attrs.evolve(plain, **fields)


def test_room_accumulate_switch_lets_a_hazard_hit_a_side_that_has_not_started() -> None:
    refused(deal(Rules.room(target_score=None), [[C.ACCIDENT]]), Play(C.ACCIDENT, 1), "not moving")
    state = play(deal(Rules.room(target_score=None, accumulate=True), [[C.ACCIDENT]]), "accident -> side 1")
    assert state.table.tableaux[1].problems == frozenset({C.ACCIDENT})


def test_room_wrong_way_switch_adds_the_wrong_way_cards() -> None:
    assert len(Rules.room(wrong_way=True).deck_cards()) == 116
    state = deal(Rules.room(target_score=None, wrong_way=True), [[C.WRONG_WAY]])
    assert "wrong way -> side 1" in moves(state)


def test_room_reshuffle_switch_refills_the_draw_pile_from_the_discards() -> None:
    for reshuffle in (False, True):
        rules = attrs.evolve(Rules.room(target_score=None, reshuffle=reshuffle), discard="any")
        state = drain_draw_pile(deal(rules))
        assert state.draw_pile == ()
        state = play(state, PASS)
        assert bool(state.draw_pile) == reshuffle
        assert state.table.reshuffles == int(reshuffle)


def test_room_a_playable_card_may_not_be_discarded() -> None:
    state = deal(Rules.room(target_score=None), [[C.ROLL, C.D100]])
    refused(state, Discard(C.ROLL), "could be played")
    assert Discard(C.D100) in legal_moves(state)


# The game room's scoring ----------------------------------------------------------------------------


def room(**options: Any) -> Rules:
    """The room's rules, in a 300-mile race for short hands."""
    return Rules.room(**{"race": 300, "target_score": None, **options})


def parker(**options: Any) -> Rules:
    """Parker's rules, in a 300-mile race for short hands."""
    return Rules.parker(**{"race": 300, "target_score": None, **options})


@pytest.mark.parametrize(("preset", "trip", "safe_trip"), [(room, 300, 0), (parker, 400, 300)])
def test_room_trip_is_300_and_there_is_no_safe_trip(preset: Preset, trip: int, safe_trip: int) -> None:
    rules = preset(players=2)
    state = deal(rules, [[C.ROLL, C.D100, C.D100, C.D100]])
    state = solo(state, "roll", "drive 100", "drive 100", "drive 100")
    sheet = sheet_of(state)
    assert sheet.completed_by == 0
    assert (sheet.sides[0].trip, sheet.sides[0].safe_trip) == (trip, safe_trip)


@pytest.mark.parametrize(
    ("preset", "side_1_drives", "shutout"),
    [(room, False, 500), (room, True, 0), (parker, False, 1000), (parker, True, 500)],
)
def test_room_scores_one_shutout_only_when_no_other_side_has_distance(
    preset: Preset, side_1_drives: bool, shutout: int
) -> None:
    rules = preset(players=3)
    state = deal(rules, [[C.ROLL, C.D100, C.D100, C.D100], [C.ROLL, C.D25]])
    state = play(state, "roll", "roll", PASS, "drive 100", "drive 25" if side_1_drives else PASS, PASS)
    state = solo(state, "drive 100", "drive 100")
    sheet = sheet_of(state)
    assert sheet.completed_by == 0
    assert sheet.miles == (300, 25 if side_1_drives else 0, 0)
    assert sheet.sides[0].shutout == shutout


@pytest.mark.parametrize(("preset", "bonus"), [(room, 0), (parker, 300)])
def test_room_gives_the_four_safeties_bonus_only_to_the_side_that_completed_the_trip(
    preset: Preset, bonus: int
) -> None:
    rules = preset(players=2)
    safeties = [C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY]
    state = deal(rules, [[C.ROLL, C.D100, C.D100, C.D100], safeties])
    state = play(state, "roll", "driving ace", "extra tank", "puncture proof", "right of way", PASS)
    state = solo(state, "drive 100", "drive 100", "drive 100")
    sheet = sheet_of(state)
    assert sheet.completed_by == 0
    assert sheet.sides[1].safeties == 400
    assert sheet.sides[1].all_safeties == bonus


@pytest.mark.parametrize("preset", [room, parker])
def test_the_side_that_completed_the_trip_with_all_four_safeties_has_the_bonus_in_the_room_too(
    preset: Preset,
) -> None:
    rules = preset(players=2)
    hand = [C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY, C.D100, C.D100]
    state = deal(rules, [hand], [C.D100])
    state = play(state, "driving ace", "extra tank", "puncture proof", "right of way")
    state = solo(state, "drive 100", "drive 100", "drive 100")
    sheet = sheet_of(state)
    assert sheet.completed_by == 0
    assert (sheet.sides[0].safeties, sheet.sides[0].all_safeties) == (400, 300)


@pytest.mark.parametrize("preset", [room, parker])
def test_room_delayed_action_the_coronacion_scores_300(preset: Preset) -> None:
    rules = attrs.evolve(preset(players=2, race=100), discard="any")  # discard freely to run out
    state = play(deal(rules, [[C.ROLL, C.D100]]), "roll")
    state = run_out_draw_pile(state, keep=lambda seat: {C.D100} if seat == 0 else (), until_seat=0)
    state = play(state, "drive 100")
    sheet = sheet_of(state)
    assert (sheet.completed_by, sheet.delayed) == (0, True)
    assert sheet.sides[0].delayed_action == 300


@pytest.mark.parametrize(("preset", "bonus"), [(room, 0), (parker, 200)])
def test_room_scores_no_extension_bonus(preset: Preset, bonus: int) -> None:
    rules = preset(players=2, race=100, extension_to=200)
    state = deal(rules, [[C.ROLL, C.D100, C.D100]])
    state = play(state, "roll", PASS, "drive 100", "extend", PASS, "drive 100")
    sheet = sheet_of(state)
    assert (sheet.completed_by, sheet.extended_by) == (0, 0)
    assert sheet.sides[0].extension == bonus


def test_room_scores_safeties_and_coups_fourres_as_parker() -> None:
    rules = room(players=2)
    state = deal(rules, [[C.ROLL, C.DRIVING_ACE, C.D100, C.D100, C.D100], [C.ACCIDENT]])
    state = play(state, "roll", "accident -> side 0", "coup fourre")
    state = solo(state, "drive 100", "drive 100", "drive 100")
    sheet = sheet_of(state)
    assert sheet.completed_by == 0
    assert (sheet.sides[0].safeties, sheet.sides[0].coups_fourres) == (100, 300)
    assert (sheet.sides[0].trip, sheet.sides[0].shutout) == (300, 500)
