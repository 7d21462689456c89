"""The library-wide conformance check over every rules value of the option grid and every table.

Single hands are cheap: several games each, with the costly checks every 7th state. Full matches to
5000 are long (a nine-player match is some 9000 moves), so they get one game each and the costly
checks less often; the bigger the table, the rarer.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

from cardrules import ArgumentError
from cardrules.games.mille_bornes import TABLES, Rules, new_game, option_grid
from cardrules.testing import check_conformance

from .positions import rules_id

GRID = option_grid()
SINGLE_HANDS = [rules for rules in GRID if rules.target_score is None]
MATCHES = [rules for rules in GRID if rules.target_score is not None]
# The grid plays full matches at two tables; Parker's full match at every other table as well.
MORE_MATCHES = [
    Rules.parker(players=players, team_size=team_size)
    for players, team_size in TABLES
    if Rules.parker(players=players, team_size=team_size) not in MATCHES
]

# A few games per single-hand rules value locally, more under the thorough (ci) hypothesis profile.
GAMES = max(3, settings().max_examples // 20)


def test_the_grid_covers_every_preset_at_every_table() -> None:
    assert len(GRID) == len(set(GRID))
    assert {(rules.players, rules.team_size) for rules in SINGLE_HANDS} == set(TABLES)
    assert len(SINGLE_HANDS) == 4 * len(TABLES)
    assert {(rules.players, rules.team_size) for rules in MATCHES} == {(2, 1), (4, 2)}
    assert all(rules.target_score == 5000 for rules in [*MATCHES, *MORE_MATCHES])
    assert len(MATCHES) + len(MORE_MATCHES) == 8 + len(TABLES) - 2


@pytest.mark.parametrize("rules", SINGLE_HANDS, ids=rules_id)
def test_conformance_of_single_hands(rules: Rules) -> None:
    report = check_conformance(rules, games=GAMES, seed=1000 * GRID.index(rules), deep_every=7)
    assert report.games == report.terminal_states == GAMES
    assert report.steps > 0
    assert report.illegal_moves_checked > 0


def deep_every(rules: Rules) -> int:
    """How often the costly checks run in a full match: about every 25th state at small tables,
    more rarely where matches run to thousands of moves."""
    return 25 if rules.sides <= 3 else 60 if rules.sides <= 5 else 200


@pytest.mark.parametrize("rules", [*MATCHES, *MORE_MATCHES], ids=rules_id)
def test_conformance_of_full_matches(rules: Rules) -> None:
    report = check_conformance(rules, games=1, seed=rules.players * 10 + rules.team_size,
                               deep_every=deep_every(rules))
    assert report.games == report.terminal_states == 1
    assert report.illegal_moves_checked > 0


def test_conformance_refuses_a_state_given_for_the_rules() -> None:
    # A wrong argument is the caller's mistake, not the game's: ArgumentError, not ConformanceError.
    with pytest.raises(ArgumentError, match="not a rules value"):
        check_conformance(new_game(Rules(players=2), seed=1), games=1)  # type: ignore[arg-type]
