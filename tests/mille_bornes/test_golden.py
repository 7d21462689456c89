"""Golden games: fixed deals played by fixed move choices, with their exact outcomes pinned.

Any change in behaviour (the deal, the legal moves or their order, the draws, coups fourrés,
reshuffles, scoring, the next hand's deal) changes one of these numbers. An intended change comes
with a new RULES_VERSION and new pins, never with pins quietly updated.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardrules import GameRecord, from_json, replay, to_json
from cardrules.games.mille_bornes import (
    RULES_VERSION,
    Rules,
    State,
    apply,
    is_terminal,
    legal_moves,
    new_game,
    result,
)

DATA = Path(__file__).parent / "data"

ROOM_ALL = Rules.room(players=3, accumulate=True, reshuffle=True, wrong_way=True, target_score=None)

# (rules, deal seed, choice seed) -> (moves, totals, winners, completed_by per hand, discards)
GOLDEN = [
    (Rules(target_score=None), 1, 1, (101, (225, 175), (0,), (None,), 86)),
    (Rules.parker(players=4, team_size=2, target_score=None), 2, 2, (106, (875, 175), (0,), (None,), 89)),
    (ROOM_ALL, 3, 3, (280, (1150, 150, 525), (0,), (None,), 47)),
    (Rules.wikipedia(players=6, team_size=2, target_score=None), 4, 4,
     (108, (100, 100, 875), (2,), (None,), 81)),
    (Rules(), 5, 5, (645, (3875, 5025), (1,), (0, None, 1, None, None, None, None), 73)),
]


def random_game(rules: Rules, seed: int, choices: int) -> tuple[State, int]:
    state = new_game(rules, seed=seed)
    rng = random.Random(choices)
    moves = 0
    while not is_terminal(state):
        state = apply(state, rng.choice(legal_moves(state)))
        moves += 1
    return state, moves


@pytest.mark.parametrize(("rules", "seed", "choices", "expected"), GOLDEN,
                         ids=["two", "pairs", "room-all-variants", "wikipedia-three-pairs", "match"])
def test_random_golden_games_end_as_pinned(
    rules: Rules, seed: int, choices: int, expected: tuple[object, ...]
) -> None:
    state, moves = random_game(rules, seed, choices)
    outcome = result(state)
    assert outcome is not None
    completed = tuple(sheet.completed_by for sheet in outcome.hands)
    assert (moves, outcome.totals, outcome.winners, completed, len(state.table.discard_pile)) == expected


def test_the_stored_heuristic_match_replays_to_its_pinned_result() -> None:
    text = (DATA / "pairs-heuristic-match.json").read_text()
    record = from_json(text, GameRecord)
    assert record.rules_version == RULES_VERSION
    # Written before the race followed the table, the record gives the race and extension as numbers.
    assert record.rules == Rules.parker(players=4, team_size=2, race=1000, extension_to=None)
    assert len(record.moves) == 301
    final = replay(record)
    assert isinstance(final, State)
    outcome = result(final)
    assert outcome is not None
    assert outcome.totals == (6425, 5650)
    assert outcome.winners == (0,)
    assert tuple(sheet.completed_by for sheet in outcome.hands) == (None, 1, 1, 0, 0)
    # Stored by cardrules 0.1, before JSON said its format: read as it is, written today with the
    # envelope and otherwise the same.
    assert json.loads(to_json(record, indent=1)) == {"format": 1, "type": "record", **json.loads(text)}
