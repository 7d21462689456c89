"""§10 Presets: each rulebook is an ordinary ``Rules`` value, and every field can be changed."""

from __future__ import annotations

import attrs
import pytest

from cardrules import RulesError
from cardrules.games.mille_bornes import Rules, Scoring


@pytest.mark.parametrize(("players", "team_size"), [(2, 1), (3, 1), (4, 2), (6, 2), (6, 3)])
def test_parker_is_the_default(players: int, team_size: int) -> None:
    assert Rules.parker(players=players, team_size=team_size) == Rules(players=players, team_size=team_size)
    rules = Rules.parker(players=players, team_size=team_size)
    assert rules.hazard_stacking == "none"
    assert rules.coup_fourre == "attacked_side"
    assert rules.safety_cancel == "needs_roll"
    assert rules.discard == "any"
    assert rules.hand_end == "all_hands_empty"
    assert rules.safety_extra_turn == "always"
    assert rules.max_200s == 2
    assert rules.hand_size == 6
    assert rules.target_score == 5000
    assert not rules.reshuffle_discards
    assert not rules.wrong_way
    assert rules.scoring == Scoring.parker() == Scoring()


def test_parker_scoring_values() -> None:
    points = Scoring.parker()
    assert (points.per_mile, points.safety, points.all_safeties, points.coup_fourre) == (1, 100, 300, 300)
    assert (points.trip, points.delayed_action, points.safe_trip, points.shutout) == (400, 300, 300, 500)
    assert points.extension == 200
    assert points.extension_failure_to_opponents
    assert points.shutout_per_opponent
    assert not points.all_safeties_needs_trip


def test_french_is_parker_without_the_extra_turn_once_the_draw_pile_is_empty() -> None:
    french = Rules.french(players=3)
    assert french.safety_extra_turn == "while_drawing"
    assert attrs.evolve(french, safety_extra_turn="always") == Rules.parker(players=3)


def test_wikipedia_stacks_hazards_and_lets_any_player_call_a_coup_fourre() -> None:
    rules = Rules.wikipedia(players=2)
    assert rules.hazard_stacking == "topmost"
    assert rules.coup_fourre == "any_player"
    assert len(rules.deck_cards()) == 106  # the article takes no card out at small tables
    assert not rules.scoring.extension_failure_to_opponents
    parker = attrs.evolve(rules, hazard_stacking="none", coup_fourre="attacked_side",
                          small_table_deck=True, scoring=Scoring())
    assert parker == Rules.parker(players=2)
    long_race = Rules.wikipedia(players=4, team_size=2, race=1000, extension_to=1200)
    assert (long_race.race, long_race.extension_to) == (1000, 1200)


def test_the_game_room_rules() -> None:
    rules = Rules.room(players=4)
    assert rules.race == 1000
    assert rules.extension_to is None
    assert rules.scoring == Scoring.room()
    assert rules.discard == "unplayable_only"
    assert rules.hand_end == "any_hand_empty"
    assert rules.hazard_stacking == "none"
    assert not rules.reshuffle_discards
    assert not rules.wrong_way
    assert len(Rules.room(players=2).deck_cards()) == 106
    variants = Rules.room(players=4, accumulate=True, reshuffle=True, wrong_way=True)
    assert variants.hazard_stacking == "accumulate"
    assert variants.reshuffle_discards
    assert variants.wrong_way
    assert Rules.room(players=9, team_size=3).race == 1000


def test_the_game_room_scoring_values() -> None:
    points = Scoring.room()
    assert (points.trip, points.delayed_action, points.shutout) == (300, 300, 500)
    assert (points.safe_trip, points.extension) == (0, 0)
    assert (points.safety, points.coup_fourre, points.per_mile) == (100, 300, 1)
    assert points.all_safeties == 300
    assert points.all_safeties_needs_trip
    assert not points.shutout_per_opponent


@pytest.mark.parametrize("preset", ["parker", "french", "wikipedia", "room"])
def test_a_preset_is_an_ordinary_rules_value_whose_fields_can_be_changed(preset: str) -> None:
    rules = getattr(Rules, preset)(players=3)
    assert type(rules) is Rules
    changed = attrs.evolve(rules, max_200s=1, hand_size=7, target_score=None)
    assert (changed.max_200s, changed.hand_size, changed.target_score) == (1, 7, None)
    with pytest.raises(RulesError):
        attrs.evolve(rules, players=12)


def test_a_preset_takes_any_field_as_an_override() -> None:
    assert Rules.french(players=2, safety_extra_turn="always").safety_extra_turn == "always"
    assert Rules.room(players=2, race=700).race == 700
    assert Rules.parker(players=2, scoring=Scoring.room()).scoring.trip == 300


def test_scoring_values_are_whole_points() -> None:
    with pytest.raises(RulesError, match="whole number"):
        Scoring(trip=-1)
    with pytest.raises(RulesError, match="whole number"):
        Scoring(trip=1.5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="True or False"):
        Scoring(shutout_per_opponent=1)  # type: ignore[arg-type]
