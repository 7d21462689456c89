"""``docs/rl.md`` shows the layouts the code has: its generated tables cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardrules import rl
from cardrules.games import mille_bornes, the_game

from .doc_tables import TABLES, table

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def shown(name: str) -> str:
    pattern = rf"<!-- table: {re.escape(name)} -->\n(.*?)\n<!-- end table -->"
    match = re.search(pattern, PAGE.read_text(encoding="utf-8"), re.S)
    assert match, f"docs/rl.md has no table {name!r}"
    return match.group(1)


@pytest.mark.parametrize("name", list(TABLES))
def test_the_page_shows_the_table_the_code_makes(name: str) -> None:
    # To refresh the page: python -m tests.rl.doc_tables
    assert shown(name) == table(name)


def test_the_game_actions_follow_the_documented_formula() -> None:
    space = rl.action_space(the_game.Rules())
    assert space.size == 393
    for card in range(2, 100):
        for pile in range(4):
            assert space.move(4 * (card - 2) + pile) == the_game.Play(card, pile)
    assert space.move(392) == the_game.EndTurn()


def test_the_documented_sizes_hold_at_every_table() -> None:
    for players in range(1, 6):
        assert rl.observation_encoder(the_game.Rules(players=players)).shape == (714 + 2 * players,)
    for players, team_size in mille_bornes.TABLES:
        rules = mille_bornes.Rules(players=players, team_size=team_size)
        assert rl.observation_encoder(rules).shape == (76 + 31 * rules.sides + 7 * players,)
        assert rl.action_space(rules).size == 39 + 6 * rules.sides
