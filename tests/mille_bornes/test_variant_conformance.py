"""The library-wide conformance check over the variants: every combination of the variant fields
(``variant_grid()``, 288 rules values, two players, single hands), a sample of the grid at the
bigger tables, and every preset with the game room's variants at a spread of tables.

Budget: well under a minute on the dev hypothesis profile. One game per grid value with the costly
checks every 15th state; the thorough (ci) profile plays more games.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

from cardrules.games.mille_bornes import Rules, variant_grid
from cardrules.testing import check_conformance

GAMES = max(1, settings().max_examples // 50)

GRID = variant_grid()


def variant_id(rules: object) -> str:
    """A test id naming a grid value by its variant fields, e.g.
    ``topmost-any_player-restores-any-all_hands_empty-reshuffle-wrong_way-2x1``."""
    assert isinstance(rules, Rules)
    return "-".join((
        rules.hazard_stacking, rules.coup_fourre, rules.safety_cancel, rules.discard, rules.hand_end,
        "reshuffle" if rules.reshuffle_discards else "dead_discards",
        "wrong_way" if rules.wrong_way else "no_wrong_way",
        f"{rules.players}x{rules.team_size}",
    ))


def test_the_variant_grid_is_every_combination_of_the_variant_fields() -> None:
    assert len(GRID) == len(set(GRID)) == 288
    assert len({variant_id(rules) for rules in GRID}) == 288
    assert all((rules.players, rules.team_size, rules.target_score) == (2, 1, None) for rules in GRID)
    assert {rules.hazard_stacking for rules in GRID} == {"none", "topmost", "accumulate"}
    assert {rules.coup_fourre for rules in GRID} == {"attacked_side", "any_player", "off"}
    assert {rules.safety_cancel for rules in GRID} == {"needs_roll", "restores"}
    assert {rules.discard for rules in GRID} == {"any", "unplayable_only"}
    assert {rules.hand_end for rules in GRID} == {"all_hands_empty", "any_hand_empty"}
    assert {rules.reshuffle_discards for rules in GRID} == {False, True}
    assert {rules.wrong_way for rules in GRID} == {False, True}


@pytest.mark.parametrize("rules", GRID, ids=variant_id)
def test_conformance_of_every_variant_combination(rules: Rules) -> None:
    report = check_conformance(rules, games=GAMES, seed=7919 * GRID.index(rules), deep_every=15)
    assert report.games == report.terminal_states == GAMES
    assert report.illegal_moves_checked > 0


# One combination in five at the bigger tables: every field value still appears many times.
BIG_GRID = [rules for table in ((6, 3), (9, 3)) for rules in variant_grid(*table)[::5]]


@pytest.mark.parametrize("rules", BIG_GRID, ids=variant_id)
def test_conformance_of_variant_combinations_at_bigger_tables(rules: Rules) -> None:
    report = check_conformance(rules, games=GAMES, seed=104729 + BIG_GRID.index(rules), deep_every=15)
    assert report.games == report.terminal_states == GAMES


ROOM_VARIANTS = {
    "plain": {},
    "accumulate": {"accumulate": True},
    "reshuffle": {"reshuffle": True},
    "wrong_way": {"wrong_way": True},
    "all_three": {"accumulate": True, "reshuffle": True, "wrong_way": True},
}
PRESET_TABLES = [(2, 1), (7, 1), (8, 2), (8, 4), (6, 3), (9, 3)]
PRESET_CASES = [
    pytest.param(name, switches, players, team_size, id=f"{name}-{players}x{team_size}")
    for players, team_size in PRESET_TABLES
    for name, switches in [
        *((preset, {}) for preset in ("parker", "french", "wikipedia")),
        *((f"room_{variant}", switches) for variant, switches in ROOM_VARIANTS.items()),
    ]
]


@pytest.mark.parametrize(("name", "switches", "players", "team_size"), PRESET_CASES)
def test_conformance_of_presets_and_room_variants(
    name: str, switches: dict[str, bool], players: int, team_size: int
) -> None:
    preset = getattr(Rules, name.split("_")[0])
    rules = preset(players=players, team_size=team_size, target_score=None, **switches)
    report = check_conformance(rules, games=3 * GAMES, seed=players * 100 + team_size, deep_every=7)
    assert report.games == report.terminal_states == 3 * GAMES


@pytest.mark.parametrize(("players", "team_size"), [(2, 1), (9, 3)])
def test_conformance_of_a_full_room_match_with_all_three_variants(players: int, team_size: int) -> None:
    rules = Rules.room(players=players, team_size=team_size, accumulate=True, reshuffle=True, wrong_way=True)
    report = check_conformance(rules, games=GAMES, seed=players, deep_every=25)
    assert report.games == report.terminal_states == GAMES
