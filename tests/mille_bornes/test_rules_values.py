"""§10 ``Rules`` as a value: the option choices, the derived side count, strict option types, the
preset keywords, the table-derived race, the limits on costly fields, and rules that cannot finish."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from cardrules import ArgumentError, RulesError, from_json, to_json
from cardrules.games.mille_bornes import Rules, variant_grid
from cardrules.games.mille_bornes.rules import OPTION_CHOICES

# The option choices --------------------------------------------------------------------------------


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
