"""§10 ``Rules`` as a value: the option choices, the derived side count, strict option types, the
preset keywords, the table-derived race, the limits on costly fields, and rules that cannot finish."""

from __future__ import annotations

import inspect
import json
import random
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import ArgumentError, RulesError, SerializationError, from_json, to_json
from cardrules.arguments import MAX_DECK_CARDS
from cardrules.games import get, the_game
from cardrules.games.mille_bornes import (
    SAFETIES,
    TABLES,
    Card,
    Play,
    Rules,
    Scoring,
    State,
    all_moves,
    apply,
    legal_moves,
    new_game,
    result,
    variant_grid,
)
from cardrules.games.mille_bornes.rules import (
    BY_TABLE,
    MAX_MILES,
    MAX_RESHUFFLES,
    MAX_TARGET_SCORE,
    OPTION_CHOICES,
)

# The option choices --------------------------------------------------------------------------------


def rules_json(body: str) -> str:
    """The JSON text of Mille Bornes rules whose own fields are the object ``body``."""
    return '{"game": "mille-bornes", "format": 1, "type": "rules", ' + body[1:] if body != "{}" else \
        '{"game": "mille-bornes", "format": 1, "type": "rules"}'



def test_the_option_choices_are_those_of_the_rulebooks() -> None:
    assert OPTION_CHOICES == {
        "safety_extra_turn": ("always", "while_drawing"),
        "hazard_stacking": ("none", "topmost", "accumulate"),
        "coup_fourre": ("attacked_side", "any_player", "off"),
        "safety_cancel": ("needs_roll", "restores"),
        "discard": ("any", "unplayable_only"),
        "hand_end": ("all_hands_empty", "any_hand_empty"),
    }


@pytest.mark.parametrize("name", sorted(OPTION_CHOICES))
def test_every_choice_of_an_option_is_accepted_and_nothing_else(name: str) -> None:
    for choice in OPTION_CHOICES[name]:
        option: dict[str, Any] = {name: choice}
        assert getattr(attrs.evolve(Rules(target_score=None), **option), name) == choice
    with pytest.raises(RulesError, match=f"Rules.{name} is one of"):
        Rules(**{name: "sometimes"})  # type: ignore[arg-type]


def test_the_variant_grid_takes_its_choices_from_the_options() -> None:
    grid = variant_grid()
    for name in ("hazard_stacking", "coup_fourre", "safety_cancel", "discard", "hand_end"):
        assert {getattr(rules, name) for rules in grid} == set(OPTION_CHOICES[name])


# The side count ------------------------------------------------------------------------------------


def test_the_side_count_is_worked_out_once_and_is_not_an_option() -> None:
    rules = Rules(players=6, team_size=2)
    assert rules.sides == 3
    assert "sides" not in repr(rules)
    assert "sides" not in json.loads(to_json(rules))
    with pytest.raises(TypeError):
        Rules(sides=3)  # type: ignore[call-arg]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.sides = 2  # type: ignore[misc]


def test_the_side_count_follows_the_table_through_evolve_and_json() -> None:
    rules = attrs.evolve(Rules(players=6, team_size=2), team_size=1)
    assert rules.sides == 6
    assert rules == Rules(players=6, team_size=1)
    back = from_json(to_json(Rules(players=9, team_size=3)), Rules)
    assert back == Rules(players=9, team_size=3)
    assert back.sides == 3
    assert hash(back) == hash(Rules(players=9, team_size=3))


def test_side_of_refuses_a_seat_that_is_not_at_the_table() -> None:
    rules = Rules(players=4, team_size=2)
    assert [rules.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    for seat in (-1, 4, 100, True, "1", None):
        with pytest.raises(ArgumentError, match="seat is a number from 0 to 3"):
            rules.side_of(seat)  # type: ignore[arg-type]


# The race by table (bug 2) -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", [Rules.parker, Rules.french, Rules.wikipedia])
def test_evolving_a_preset_to_two_pairs_races_1000_without_extension(preset: Callable[..., Rules]) -> None:
    rules = attrs.evolve(preset(), players=4, team_size=2)
    assert (rules.race, rules.extension_to) == (1000, None)
    assert rules == preset(players=4, team_size=2)
    back = attrs.evolve(rules, players=3, team_size=1)
    assert (back.race, back.extension_to) == (700, 1000)
    assert back == preset(players=3)


def test_evolving_the_table_of_a_match_rules_value_follows_the_table() -> None:
    rules = attrs.evolve(Rules(players=4, team_size=2), players=6)
    assert (rules.sides, rules.race, rules.extension_to) == (3, 700, 1000)
    assert new_game(rules, seed=1).table.target == 700


def test_a_race_and_extension_given_as_numbers_stay_through_evolve() -> None:
    rules = Rules.wikipedia(race=1000, extension_to=1200)
    moved = attrs.evolve(rules, players=4, team_size=2)
    assert (moved.race, moved.extension_to) == (1000, 1200)
    no_extension = attrs.evolve(Rules(extension_to=None), players=3)
    assert (no_extension.race, no_extension.extension_to) == (700, None)
    assert attrs.evolve(Rules(race=700), players=4, team_size=2).race == 700


def test_an_extension_by_table_follows_a_race_given_as_a_number() -> None:
    assert Rules(race=1000).extension_to is None
    assert Rules(players=4, team_size=2, race=700).extension_to == 1000
    assert Rules(race=300).extension_to is None
    assert Rules(race=300, extension_to=400).extension_to == 400


def test_by_table_can_be_asked_for_again_with_evolve() -> None:
    rules = Rules.room(players=4, team_size=2)
    assert (rules.race, rules.extension_to) == (1000, None)
    parker_race = attrs.evolve(rules, race=BY_TABLE, extension_to=BY_TABLE, players=3, team_size=1)
    assert (parker_race.race, parker_race.extension_to) == (700, 1000)


def test_a_race_by_table_is_written_by_table_in_json_and_still_follows_the_table() -> None:
    data = json.loads(to_json(Rules()))
    assert (data["race"], data["extension_to"]) == ("by_table", "by_table")
    back = from_json(to_json(Rules()), Rules)
    assert back == Rules()
    assert attrs.evolve(back, players=4, team_size=2).race == 1000


def test_a_race_given_as_a_number_is_written_as_that_number_in_json() -> None:
    rules = Rules(race=1000, extension_to=None)
    data = json.loads(to_json(rules))
    assert (data["race"], data["extension_to"]) == (1000, None)
    assert from_json(to_json(rules), Rules) == rules
    assert "_race" not in data


def test_json_without_the_race_follows_the_table_and_json_with_numbers_keeps_them() -> None:
    assert from_json(rules_json('{"players": 4, "team_size": 2}'), Rules).race == 1000
    text = rules_json('{"players": 4, "team_size": 2, "race": 700, "extension_to": null}')
    explicit = from_json(text, Rules)
    assert (explicit.race, explicit.extension_to) == (700, None)


@pytest.mark.parametrize("race", ['"700"', "700.0", "true", '"table"', "[700]"])
def test_json_race_is_a_whole_number_or_by_table(race: str) -> None:
    with pytest.raises(SerializationError, match="by_table"):
        from_json(rules_json(f'{{"race": {race}}}'), Rules)
    with pytest.raises(SerializationError, match="by_table"):
        from_json(rules_json(f'{{"extension_to": {race}}}'), Rules)


def test_the_repr_names_the_constructor_arguments() -> None:
    text = repr(Rules(race=1000))
    assert text.startswith("Rules(players=2, team_size=1, race=1000, extension_to=BY_TABLE, hand_size=6,")
    assert "_race" not in text


# Preset keywords and boolean options ---------------------------------------------------------------

PRESETS = [Rules.parker, Rules.french, Rules.wikipedia, Rules.room]
ARGUMENTS = {field.alias for field in attrs.fields(Rules) if field.init}


@pytest.mark.parametrize("preset", PRESETS, ids=lambda preset: preset.__name__)
def test_a_misspelt_preset_option_is_an_argument_error_naming_it_and_the_options(
    preset: Callable[..., Rules],
) -> None:
    with pytest.raises(ArgumentError, match=r"has no option 'player'; its options are players, team_size"):
        preset(player=4)
    with pytest.raises(ArgumentError, match="'colour', 'speed'"):
        preset(players=3, colour="red", speed=2)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda preset: preset.__name__)
def test_a_preset_takes_its_options_by_keyword_only(preset: Callable[..., Rules]) -> None:
    with pytest.raises(ArgumentError, match="by keyword"):
        preset(4)
    assert preset(players=4).players == 4


@pytest.mark.parametrize("preset", [Rules.parker, Rules.french, Rules.wikipedia], ids=lambda p: p.__name__)
def test_a_preset_lets_every_argument_of_the_rules_be_set(preset: Callable[..., Rules]) -> None:
    assert set(inspect.signature(preset).parameters) == ARGUMENTS


def test_the_room_takes_switches_for_its_variants_and_every_other_argument() -> None:
    switches = {"accumulate", "reshuffle", "wrong_way"}
    parameters = set(inspect.signature(Rules.room).parameters)
    assert parameters == (ARGUMENTS - {"hazard_stacking", "reshuffle_discards"}) | switches
    with pytest.raises(ArgumentError, match=r"no option 'hazard_stacking'.*accumulate"):
        Rules.room(hazard_stacking="accumulate")  # type: ignore[call-arg]


@pytest.mark.parametrize("switch", ["accumulate", "reshuffle", "wrong_way"])
@pytest.mark.parametrize("value", ["no", "False", 0, 1, None])
def test_room_switches_refuse_anything_but_true_or_false(switch: str, value: object) -> None:
    options: dict[str, Any] = {switch: value}
    with pytest.raises(RulesError, match=rf"Rules.room\({switch}=...\) is True or False"):
        Rules.room(**options)


def test_room_accumulate_no_does_not_switch_accumulated_attacks_on() -> None:
    with pytest.raises(RulesError):
        Rules.room(accumulate="no")  # type: ignore[arg-type]
    assert Rules.room(accumulate=False).hazard_stacking == "none"


BOOL_FIELDS = [field.alias for field in attrs.fields(Rules) if field.init and field.type in ("bool", bool)]
SCORING_BOOL_FIELDS = [field.name for field in attrs.fields(Scoring) if field.type in ("bool", bool)]


def test_the_boolean_options_are_known() -> None:
    assert BOOL_FIELDS == ["small_table_deck", "reshuffle_discards", "wrong_way"]
    assert len(SCORING_BOOL_FIELDS) == 3


@pytest.mark.parametrize("name", BOOL_FIELDS)
@pytest.mark.parametrize("value", ["no", 0, 1, None, 1.0])
def test_every_boolean_option_refuses_anything_but_true_or_false(name: str, value: object) -> None:
    options: dict[str, Any] = {name: value}
    with pytest.raises(RulesError, match=f"Rules.{name} is True or False"):
        Rules(**options)
    with pytest.raises(RulesError, match=f"Rules.{name} is True or False"):
        attrs.evolve(Rules(), **options)
    with pytest.raises(RulesError, match="True or False"):
        Rules.parker(**options)


@pytest.mark.parametrize("name", SCORING_BOOL_FIELDS)
def test_every_boolean_scoring_option_refuses_anything_but_true_or_false(name: str) -> None:
    options: dict[str, Any] = {name: "no"}
    with pytest.raises(RulesError, match=f"Scoring.{name} is True or False"):
        Scoring(**options)


# Limits on what a rules value may cost (bug 5) -----------------------------------------------------


def test_a_deck_of_a_billion_cards_is_refused_before_it_is_built() -> None:
    started = time.perf_counter()
    with pytest.raises(RulesError, match=f"a deck holds at most {MAX_DECK_CARDS} cards"):
        Rules(deck=((Card.D25, 10**9),))
    with pytest.raises(RulesError, match=f"at most {MAX_DECK_CARDS}"):
        Rules(deck=((Card.ROLL, 14), (Card.D25, 10**100)))
    assert time.perf_counter() - started < 0.1


def test_rules_json_with_a_deck_count_of_a_hundred_million_is_refused_at_once() -> None:
    started = time.perf_counter()
    with pytest.raises(SerializationError, match=f"at most {MAX_DECK_CARDS}"):
        from_json(rules_json('{"deck": [["ROLL", 14], ["D25", 100000000]]}'), Rules)
    assert time.perf_counter() - started < 0.1


def test_a_deck_of_exactly_the_most_cards_is_played() -> None:
    half = MAX_DECK_CARDS // 2
    rules = Rules(deck=((Card.ROLL, half), (Card.D25, MAX_DECK_CARDS - half)), target_score=None)
    assert len(rules.deck_cards()) == MAX_DECK_CARDS
    with pytest.raises(RulesError, match="at most"):
        attrs.evolve(rules, deck=((Card.ROLL, half), (Card.D25, MAX_DECK_CARDS - half + 1)))


def test_the_deck_is_built_once_per_rules_value() -> None:
    rules = Rules(players=4, team_size=2)
    assert rules.deck_cards() is rules.deck_cards()
    assert len(rules.deck_cards()) == 106
    assert list(rules.deck_cards()) == sorted(rules.deck_cards())


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"race": MAX_MILES + 25}, f"race is a whole number from 25 to {MAX_MILES}"),
        ({"race": 10**30}, "race is a whole number"),
        ({"race": 1000, "extension_to": MAX_MILES + 25}, "extension_to is a whole number"),
        ({"reshuffle_limit": MAX_RESHUFFLES + 1},
         f"reshuffle_limit is a whole number from 0 to {MAX_RESHUFFLES}, not"),
        ({"reshuffle_limit": -1}, "reshuffle_limit"),
        ({"target_score": MAX_TARGET_SCORE + 1}, "target_score is a whole number from 1"),
        ({"hand_size": 10**9}, "cannot deal"),
    ],
)
def test_numbers_past_their_limits_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules(**options)


def test_numbers_at_their_limits_are_accepted() -> None:
    rules = Rules(race=MAX_MILES - 25, extension_to=MAX_MILES, reshuffle_limit=MAX_RESHUFFLES,
                  target_score=MAX_TARGET_SCORE)
    assert (rules.race, rules.extension_to) == (MAX_MILES - 25, MAX_MILES)
    assert (rules.reshuffle_limit, rules.target_score) == (MAX_RESHUFFLES, MAX_TARGET_SCORE)


# Rules that cannot finish (bug 4) ------------------------------------------------------------------

LINES = ("per_mile", "safety", "all_safeties", "coup_fourre", "trip", "delayed_action", "safe_trip",
         "shutout", "extension")
NOTHING = Scoring(per_mile=0, safety=0, all_safeties=0, coup_fourre=0, trip=0, delayed_action=0,
                  safe_trip=0, shutout=0, extension=0)
C = Card


def only(line: str, points: int = 100, **flags: bool) -> Scoring:
    """A scoring that gives points for ``line`` alone."""
    changes: dict[str, Any] = {line: points, **flags}
    return attrs.evolve(NOTHING, **changes)


def play_randomly(rules: Rules, seed: int, steps: int) -> State:
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, rng.choice(moves))
    return state


def test_a_match_whose_scoring_gives_every_hand_0_points_is_refused() -> None:
    assert {field.name for field in attrs.fields(Scoring) if field.type in ("int", int)} == set(LINES)
    with pytest.raises(RulesError, match="a match to 5000 points could never end"):
        Rules(scoring=NOTHING)
    with pytest.raises(RulesError, match="could never end"):
        Rules.room(players=4, team_size=2, scoring=NOTHING)
    with pytest.raises(RulesError, match="could never end"):
        attrs.evolve(Rules(target_score=None), scoring=NOTHING, target_score=100)


def test_a_single_hand_may_score_nothing() -> None:
    rules = Rules(scoring=NOTHING, target_score=None)
    assert result(play_randomly(rules, seed=3, steps=1000)) is not None


@pytest.mark.parametrize("line", LINES)
def test_one_line_worth_points_that_can_be_earned_is_enough(line: str) -> None:
    rules = Rules(scoring=only(line), target_score=1)
    assert rules.scoring.trip == (100 if line == "trip" else 0)


def test_a_match_with_points_for_miles_alone_ends() -> None:
    rules = Rules(scoring=only("per_mile", 1), target_score=50)
    final = play_randomly(rules, seed=5, steps=20_000)
    outcome = result(final)
    assert outcome is not None
    assert max(outcome.totals) >= 50


@pytest.mark.parametrize(
    ("situation", "options"),
    [
        ("extension points without an extension",
         {"players": 4, "team_size": 2, "scoring": only("extension")}),
        ("extension points with the extension switched off",
         {"extension_to": None, "scoring": only("extension")}),
        ("coup fourre points with coups fourres off",
         {"coup_fourre": "off", "scoring": only("coup_fourre")}),
        ("safety points with no safety in the deck",
         {"deck": ((C.ROLL, 14), (C.D100, 40), (C.STOP, 5)), "scoring": only("safety")}),
        ("all-safeties points with a safety missing from the deck",
         {"deck": ((C.ROLL, 14), (C.D100, 40), (C.DRIVING_ACE, 1), (C.EXTRA_TANK, 1),
                   (C.PUNCTURE_PROOF, 1)), "scoring": only("all_safeties")}),
        ("mile points with nothing to start with",
         {"deck": ((C.REPAIRS, 14), (C.D100, 40)), "scoring": only("per_mile")}),
        ("mile points with only cards longer than the race",
         {"race": 100, "deck": ((C.ROLL, 14), (C.D200, 40)), "scoring": only("per_mile")}),
        ("mile points with 200s only and no 200 allowed",
         {"max_200s": 0, "deck": ((C.ROLL, 14), (C.D200, 40)), "scoring": only("per_mile")}),
        ("trip points for a race no sum of the distance cards makes",
         {"deck": ((C.ROLL, 14), (C.D200, 40)), "scoring": only("trip")}),
        ("trip points for a race that needs more 200s than allowed",
         {"race": 800, "deck": ((C.ROLL, 14), (C.D200, 40)), "scoring": only("trip")}),
        ("safe trip points when only 200s make the race",
         {"race": 800, "max_200s": 4, "deck": ((C.ROLL, 14), (C.D200, 40)), "scoring": only("safe_trip")}),
        ("all-safeties points only for a trip that cannot be made",
         {"race": 725, "deck": ((C.ROLL, 14), (C.D100, 40), *((safety, 1) for safety in SAFETIES)),
          "scoring": only("all_safeties", all_safeties_needs_trip=True)}),
        ("extension points for an extension no distance cards can reach",
         {"race": 100, "extension_to": 300, "deck": ((C.ROLL, 14), (C.D100, 2), (C.STOP, 20)),
          "scoring": only("extension", extension_failure_to_opponents=False)}),
        ("shutout points when a side never holds a start card and a distance card",
         {"hand_size": 1, "deck": ((C.ROLL, 1), (C.D100, 1)), "race": 100, "scoring": only("shutout")}),
    ],
)
def test_points_for_a_line_the_rules_rule_out_cannot_end_a_match(
    situation: str, options: dict[str, Any],
) -> None:
    with pytest.raises(RulesError, match="could never end"):
        Rules(**options)
    assert Rules(**options, target_score=None).target_score is None


@pytest.mark.parametrize(
    "options",
    [
        {"scoring": only("extension")},
        {"scoring": only("extension", extension_failure_to_opponents=False)},
        {"coup_fourre": "any_player", "scoring": only("coup_fourre")},
        {"hazard_stacking": "accumulate", "deck": ((C.ACCIDENT, 3), (C.DRIVING_ACE, 1), (C.D100, 20)),
         "scoring": only("coup_fourre")},
        {"deck": ((C.SPEED_LIMIT, 3), (C.RIGHT_OF_WAY, 1), (C.D100, 20)), "scoring": only("coup_fourre")},
        {"race": 800, "max_200s": 4, "deck": ((C.ROLL, 14), (C.D200, 40)), "scoring": only("trip")},
        {"race": 100, "extension_to": 300, "deck": ((C.ROLL, 14), (C.D100, 3), (C.STOP, 20)),
         "scoring": only("extension", extension_failure_to_opponents=False)},
        {"deck": ((C.RIGHT_OF_WAY, 1), (C.D25, 40)), "race": 25, "scoring": only("trip")},
        {"race": 725, "deck": ((C.ROLL, 14), (C.D100, 40), (C.D25, 1), *((safety, 1) for safety in SAFETIES)),
         "scoring": only("all_safeties", all_safeties_needs_trip=True)},
    ],
)
def test_points_for_a_line_the_rules_allow_let_a_match_be_played(options: dict[str, Any]) -> None:
    assert Rules(**options).target_score == 5000


# The action space (bug 6) --------------------------------------------------------------------------


@pytest.mark.parametrize("wrong", [0, -1, 100, 2, None, "rules", the_game.Rules(players=2)])
def test_all_moves_refuses_anything_but_mille_bornes_rules(wrong: object) -> None:
    with pytest.raises(ArgumentError, match="all_moves takes Mille Bornes Rules"):
        all_moves(wrong)  # type: ignore[arg-type]


def test_all_moves_has_the_signature_of_the_registry() -> None:
    rules = Rules(players=6, team_size=2)
    assert all_moves(rules) == get("mille-bornes").all_moves(rules)
    assert all_moves(rules) is all_moves(Rules.room(players=6, team_size=2))


@pytest.mark.parametrize(("players", "team_size"), TABLES)
def test_all_moves_lists_each_hazard_once_per_side(players: int, team_size: int) -> None:
    rules = Rules(players=players, team_size=team_size)
    moves = all_moves(rules)
    assert len(moves) == len(set(moves)) == 21 + 6 * rules.sides + 15 + 3
    targets = {move.side for move in moves if isinstance(move, Play) and move.card is C.STOP}
    assert targets == set(range(rules.sides))
