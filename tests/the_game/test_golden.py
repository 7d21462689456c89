"""Golden games: fixed deals played by fixed move choices, with their exact outcomes pinned.

Any change in behaviour (the deal, the legal moves, their order, drawing, the end of the game)
changes one of these numbers. If a change is intended, it must come with a new RULES_VERSION and
new pins, never with pins quietly updated.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardrules import GameRecord, from_json, replay, to_json
from cardrules.games.the_game import (
    RULES_VERSION,
    Move,
    Result,
    Rules,
    State,
    apply,
    is_terminal,
    legal_moves,
    new_game,
    result,
)

DATA = Path(__file__).parent / "data"

Policy = Callable[[State, tuple[Move, ...]], Move]


def first_legal(_: State, legal: tuple[Move, ...]) -> Move:
    return legal[0]


def random_choice(k: int) -> Policy:
    rng = random.Random(k)

    def choose(_: State, legal: tuple[Move, ...]) -> Move:
        return rng.choice(legal)

    return choose


def play_out(state: State, policy: Policy) -> tuple[State, int]:
    moves = 0
    while not is_terminal(state):
        state = apply(state, policy(state, legal_moves(state)))
        moves += 1
    return state, moves


def test_seed_1_solo_deal_is_pinned() -> None:
    state = new_game(Rules(), seed=1)
    assert state.hands == ((6, 11, 22, 38, 39, 47, 53, 60),)
    assert state.draw_pile[:6] == (12, 82, 91, 95, 49, 52)
    assert len(state.draw_pile) == 90


def test_seed_2024_three_player_deal_is_pinned() -> None:
    state = new_game(Rules(players=3), seed=2024)
    assert state.hands == (
        (5, 32, 36, 64, 66, 99),
        (2, 50, 51, 75, 92, 97),
        (8, 58, 74, 78, 87, 94),
    )
    assert state.draw_pile[:6] == (7, 88, 39, 12, 30, 90)


GOLDEN: list[tuple[str, Rules, Policy | int, dict[str, Any], Result, int, tuple[int, ...], int]] = [
    # name, rules, policy (an int k means random.Random(k) choices), deal, result, moves, tops, turns
    ("solo-seed-1-first", Rules(), first_legal, {"seed": 1},
     Result(won=False, cards_left=60, outcome="stuck", seat=0), 45, (99, 96, 7, 9), 7),
    ("three-seed-7-first", Rules(players=3), first_legal, {"seed": 7},
     Result(won=False, cards_left=76, outcome="stuck", seat=2), 27, (99, 84, 4, 18), 5),
    ("two-expert-seed-11-random-4", Rules(players=2, expert=True), 4, {"seed": 11},
     Result(won=False, cards_left=91, outcome="stuck", seat=1), 8, (91, 72, 24, 21), 1),
    ("five-reduced-fire-seed-5-random-3", Rules(players=5, reduced_hand=True, on_fire=True), 3,
     {"seed": 5}, Result(won=False, cards_left=92, outcome="burned", seat=1), 8, (97, 82, 32, 55), 1),
    ("solo-fire-seed-3-first", Rules(on_fire=True), first_legal, {"seed": 3},
     Result(won=False, cards_left=71, outcome="stuck", seat=0), 31, (99, 91, 2, 16), 4),
    ("solo-sorted-deck-first", Rules(), first_legal, {"deck": range(2, 100)},
     Result(won=True, cards_left=0, outcome="won", seat=0), 110, (99, 1, 100, 100), 12),
    ("four-reversed-deck-first-seat-1", Rules(players=4), first_legal,
     {"deck": range(99, 1, -1), "first_player": 1},
     Result(won=True, cards_left=0, outcome="won", seat=1), 114, (99, 9, 2, 3), 16),
]


@pytest.mark.parametrize(
    ("rules", "policy", "deal", "expected", "moves", "tops", "turns"),
    [case[1:] for case in GOLDEN],
    ids=[case[0] for case in GOLDEN],
)
def test_golden_game(
    rules: Rules,
    policy: Policy | int,
    deal: dict[str, Any],
    expected: Result,
    moves: int,
    tops: tuple[int, ...],
    turns: int,
) -> None:
    choose = random_choice(policy) if isinstance(policy, int) else policy
    final, played = play_out(new_game(rules, **deal), choose)
    assert result(final) == expected
    assert played == moves
    assert final.table.tops == tops
    assert final.table.turn == turns


@pytest.mark.parametrize(
    ("rules", "seed", "counts"),
    [
        (Rules(), 1, [1, 32, 784, 15120]),
        (Rules(players=2, expert=True), 2, [1, 28, 592, 9164]),
    ],
)
def test_move_sequence_counts_from_the_deal_are_pinned(rules: Rules, seed: int, counts: list[int]) -> None:
    # Perft, as chess engines do it: the number of distinct move sequences of each length.
    def perft(state: State, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(perft(apply(state, move), depth - 1) for move in legal_moves(state))

    start = new_game(rules, seed=seed)
    assert [perft(start, depth) for depth in range(len(counts))] == counts


RECORD = DATA / "three-players-on-fire-won.json"


def load_record() -> GameRecord:
    record: GameRecord = from_json(RECORD.read_text(encoding="utf-8"), GameRecord)
    return record


def test_stored_record_replays_to_its_pinned_result() -> None:
    record = load_record()
    assert record.rules == Rules(players=3, on_fire=True)
    assert (record.seed, record.deck, record.first_player) == (218, None, 1)
    assert len(record.moves) == 151
    final = replay(record)
    assert isinstance(final, State)  # replay gives some game's state; this one is The Game's
    assert result(final) == Result(won=True, cards_left=0, outcome="won", seat=0)
    assert final.table.tops == (94, 99, 8, 25)
    assert final.table.turn == 53


def test_stored_record_passes_through_the_late_game() -> None:
    states = [state for state in load_record().states() if isinstance(state, State)]
    assert len(states) == 152
    # The draw pile runs out after move 120; from move 147 on some seat has no cards and is skipped.
    assert [bool(state.draw_pile) for state in states].index(False) == 120
    skipping = [number for number, state in enumerate(states)
                if state.table.status == "playing" and any(not hand for hand in state.hands)]
    assert skipping[0] == 147
    # Fire cards were laid and covered along the way.
    assert any(due != -1 for state in states for due in state.table.fire_due)


def test_stored_record_is_written_back_as_it_was_with_the_format_envelope() -> None:
    # Stored by cardrules 0.1, before JSON said its format: read as it is, written today with the
    # envelope and otherwise the same.
    text = RECORD.read_text(encoding="utf-8")
    written = json.loads(to_json(load_record(), indent=2))
    assert written == {"format": 1, "type": "record", **json.loads(text)}


def test_stored_record_was_written_under_the_current_rules_version() -> None:
    assert load_record().rules_version == RULES_VERSION == 1
