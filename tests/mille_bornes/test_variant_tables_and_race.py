"""§9 and §6 The game room's big tables (up to nine players: 2×4, 4×2, 3×3 and individual play) and
the Wikipedia article's long race, 1000 miles extended to 1200."""

from __future__ import annotations

import pytest

from cardrules.games.mille_bornes import (
    DECLINE,
    EXTEND,
    Card,
    Rules,
    State,
    current_player,
    legal_moves,
    new_game,
    result,
)

from .positions import PASS, deal, play, seat_draws, solo

C = Card

BIG_TABLES = [(7, 1), (8, 1), (9, 1), (8, 2), (8, 4), (9, 3)]


# Tables of seven, eight and nine ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "team_size"), BIG_TABLES)
@pytest.mark.parametrize("preset", ["parker", "french", "wikipedia", "room"])
def test_tables_of_seven_eight_and_nine_are_dealt_from_the_full_deck(
    players: int, team_size: int, preset: str
) -> None:
    rules = getattr(Rules, preset)(players=players, team_size=team_size)
    assert rules.sides == players // team_size
    assert len(rules.deck_cards()) == 106
    state = new_game(rules, seed=players * 10 + team_size)
    assert [len(hand) for hand in state.hands] == [7] + [6] * (players - 1)
    assert len(state.draw_pile) == 106 - 6 * players - 1
    assert len(state.table.tableaux) == rules.sides


def test_nine_players_alone_deal_fifty_four_cards() -> None:
    rules = Rules.parker(players=9)
    state = new_game(rules, seed=9)
    dealt = sum(len(hand) for hand in state.hands) - 1  # seat 0 has drawn for its turn
    assert dealt == 54
    assert len(state.draw_pile) == 106 - 54 - 1
    assert rules.sides == 9
    assert [rules.side_of(seat) for seat in range(9)] == list(range(9))


@pytest.mark.parametrize(
    ("players", "team_size", "race", "extension"),
    [(7, 1, 700, 1000), (8, 1, 700, 1000), (9, 1, 700, 1000),
     (8, 2, 700, 1000), (8, 4, 1000, None), (9, 3, 700, 1000)],
)
def test_the_race_at_the_big_tables(players: int, team_size: int, race: int, extension: int | None) -> None:
    rules = Rules.parker(players=players, team_size=team_size)
    assert (rules.race, rules.extension_to) == (race, extension)
    room = Rules.room(players=players, team_size=team_size)
    assert (room.race, room.extension_to) == (1000, None)


@pytest.mark.parametrize(
    ("players", "team_size", "sides_of_seats"),
    [
        (8, 4, [0, 1, 0, 1, 0, 1, 0, 1]),
        (8, 2, [0, 1, 2, 3, 0, 1, 2, 3]),
        (9, 3, [0, 1, 2, 0, 1, 2, 0, 1, 2]),
    ],
)
def test_partners_sit_interleaved(players: int, team_size: int, sides_of_seats: list[int]) -> None:
    rules = Rules.parker(players=players, team_size=team_size)
    assert [rules.side_of(seat) for seat in range(players)] == sides_of_seats


@pytest.mark.parametrize(("players", "team_size"), BIG_TABLES)
def test_seats_play_in_turn_order_round_the_table(players: int, team_size: int) -> None:
    state = deal(Rules.parker(players=players, team_size=team_size, target_score=None))
    order = [current_player(state)]
    for _ in range(players):
        state = play(state, PASS)
        order.append(current_player(state))
    assert order == [*range(players), 0]


def test_three_teams_of_three_share_one_tableau_per_team() -> None:
    rules = Rules.parker(players=9, team_size=3, target_score=None)
    hands = [[C.ROLL], [C.STOP], [], [C.D100], [], [], [C.D75], [C.REPAIRS]]
    state = play(deal(rules, hands), "roll", PASS, PASS, "drive 100")
    # Seat 3 drove for side 0 on the ROLL seat 0 laid.
    assert state.table.tableaux[0].miles == 100
    assert state.table.tableaux[0].distance == (C.D100,)
    assert state.table.tableaux[1].miles == state.table.tableaux[2].miles == 0
    state = play(state, PASS, PASS, "drive 75")
    assert state.table.tableaux[0].miles == 175
    # Seat 1's Stop lands on side 0, and stops all three partners.
    state = play(state, PASS, PASS, PASS, "stop -> side 0")
    assert state.table.tableaux[0].problems == frozenset({C.STOP})
    assert state.table.current == 2


# The long race: 1000 extended to 1200 ---------------------------------------------------------------

LONG_RACE = Rules.wikipedia(players=2, race=1000, extension_to=1200, target_score=None)


def at_a_thousand() -> State:
    hands = [[C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100]]
    state = deal(LONG_RACE, hands, seat_draws(LONG_RACE, {0: [C.D100] * 5}))
    state = solo(state, "roll", "drive 200", "drive 200", *["drive 100"] * 5)
    state = play(state, "drive 100")
    assert state.table.tableaux[0].miles == 1000
    return state


def test_a_1000_race_may_be_extended_to_1200() -> None:
    state = at_a_thousand()
    assert state.table.phase == "extension"
    assert current_player(state) == 0
    assert legal_moves(state) == (EXTEND, DECLINE)
    state = play(state, "extend", PASS)
    assert (state.table.target, state.table.extended_by) == (1200, 0)
    state = solo(state, "drive 100")
    assert state.table.phase == "play"
    state = solo(state, "drive 100")
    # 1200 reached: the hand ends at once, with no second extension.
    assert state.table.phase == "over"
    outcome = result(state)
    assert outcome is not None
    sheet = outcome.hands[0]
    assert (sheet.completed_by, sheet.extended_by, sheet.miles) == (0, 0, (1200, 0))
    assert (sheet.sides[0].trip, sheet.sides[0].extension) == (400, 200)


def test_declining_the_extension_ends_the_1000_race() -> None:
    state = play(at_a_thousand(), "decline")
    assert state.table.phase == "over"
    outcome = result(state)
    assert outcome is not None
    sheet = outcome.hands[0]
    assert (sheet.completed_by, sheet.extended_by, sheet.miles) == (0, None, (1000, 0))
    assert (sheet.sides[0].trip, sheet.sides[0].extension) == (400, 0)
