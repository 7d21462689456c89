"""§2 Table and §3 deal and turn: who sits where, who plays for which side, how the cards are dealt."""

from __future__ import annotations

import attrs
import pytest

from cardrules import CardrulesError, IllegalMoveError, RulesError, to_json
from cardrules.games.mille_bornes import Card, Play, Rules, apply, current_player, legal_moves, new_game

from .positions import PASS, deal, deck_order, moves, play

C = Card

GOOD_TABLES = [
    (players, team_size)
    for players in range(2, 10)
    for team_size in range(1, players)
    if players % team_size == 0 and players // team_size >= 2
]


def test_the_allowed_tables() -> None:
    assert set(GOOD_TABLES) >= {(2, 1), (3, 1), (4, 2), (6, 2), (6, 3), (8, 2), (8, 4), (9, 3)}
    assert all(players <= 9 for players, _ in GOOD_TABLES)


@pytest.mark.parametrize(("players", "team_size"), GOOD_TABLES)
def test_every_allowed_table_can_be_dealt(players: int, team_size: int) -> None:
    rules = Rules(players=players, team_size=team_size)
    assert rules.sides == players // team_size
    state = new_game(rules, seed=players * 10 + team_size)
    assert len(state.hands) == players
    assert len(state.table.tableaux) == rules.sides
    assert current_player(state) == 0


@pytest.mark.parametrize(
    ("players", "team_size", "words"),
    [
        (1, 1, "2 to 9 players"),
        (10, 1, "2 to 9 players"),
        (0, 1, "2 to 9 players"),
        (10, 2, "2 to 9 players"),
        (5, 2, "cannot sit in sides of 2"),
        (4, 3, "cannot sit in sides of 3"),
        (6, 4, "cannot sit in sides of 4"),
        (4, 0, "cannot sit in sides"),
        (2, 2, "at least two sides"),
        (4, 4, "at least two sides"),
        (9, 9, "at least two sides"),
    ],
)
def test_a_table_that_is_not_allowed_raises_a_rules_error(players: int, team_size: int, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules(players=players, team_size=team_size)


def test_a_rules_error_is_a_cardrules_error_and_a_value_error() -> None:
    with pytest.raises(CardrulesError):
        Rules(players=11)
    with pytest.raises(ValueError, match="2 to 9 players"):
        Rules(players=11)


@pytest.mark.parametrize(("players", "team_size"), [("four", 1), (4.0, 1), (4, "2"), (4, None)])
def test_a_table_size_that_is_not_a_whole_number_raises_a_rules_error(
    players: object, team_size: object
) -> None:
    with pytest.raises(RulesError):
        Rules(players=players, team_size=team_size)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "team_size", "sides_of_seats"),
    [
        (2, 1, [0, 1]),
        (3, 1, [0, 1, 2]),
        (4, 1, [0, 1, 2, 3]),
        (4, 2, [0, 1, 0, 1]),
        (6, 2, [0, 1, 2, 0, 1, 2]),
        (6, 3, [0, 1, 0, 1, 0, 1]),
        (8, 4, [0, 1, 0, 1, 0, 1, 0, 1]),
        (8, 2, [0, 1, 2, 3, 0, 1, 2, 3]),
        (9, 3, [0, 1, 2, 0, 1, 2, 0, 1, 2]),
    ],
)
def test_seats_are_interleaved_between_the_sides(
    players: int, team_size: int, sides_of_seats: list[int]
) -> None:
    rules = Rules(players=players, team_size=team_size)
    assert [rules.side_of(seat) for seat in range(players)] == sides_of_seats
    # The same table, listed once per rules value for the engine's hot loops, follows the rules
    # through attrs.evolve and stays out of equality and JSON.
    assert rules.side_of_seat == tuple(sides_of_seats)
    assert attrs.evolve(Rules(), players=players, team_size=team_size).side_of_seat == tuple(sides_of_seats)
    assert "side_of_seat" not in to_json(rules)


def test_four_players_in_pairs_sit_0_and_2_against_1_and_3() -> None:
    rules = Rules.parker(players=4, team_size=2)
    assert rules.side_of(0) == rules.side_of(2) == 0
    assert rules.side_of(1) == rules.side_of(3) == 1


def test_six_players_in_pairs_sit_0_3_and_1_4_and_2_5() -> None:
    rules = Rules.parker(players=6, team_size=2)
    assert [[seat for seat in range(6) if rules.side_of(seat) == side] for side in range(3)] == [
        [0, 3], [1, 4], [2, 5],
    ]


def test_partners_share_one_tableau() -> None:
    rules = Rules.parker(players=4, team_size=2, target_score=None)
    state = deal(rules, [[C.ROLL], [], [C.D100, C.D50], []])
    # Seat 0 rolls for side 0; its partner, seat 2, drives on the same tableau.
    state = play(state, "roll", PASS, "drive 100")
    assert state.table.tableaux[0].battle == (C.ROLL,)
    assert state.table.tableaux[0].distance == (C.D100,)
    assert state.table.tableaux[1].distance == ()
    state = play(state, PASS, PASS, PASS)
    assert state.table.current == 2
    state = play(state, "drive 50")
    assert state.table.tableaux[0].miles == 150


def test_a_partner_answers_a_hazard_on_the_shared_tableau() -> None:
    rules = Rules.parker(players=4, team_size=2, target_score=None)
    state = deal(rules, [[C.ROLL], [C.STOP], [C.ROLL], []])
    state = play(state, "roll", "stop -> side 0")
    # The partner of the roller may lift the STOP that stopped their side.
    assert state.table.current == 2
    assert "roll" in moves(state)
    state = play(state, "roll")
    assert state.table.tableaux[0].battle == (C.ROLL, C.STOP, C.ROLL)
    assert state.table.tableaux[0].moving


def test_hazards_go_only_on_opponents_never_on_ones_own_side() -> None:
    rules = Rules.parker(players=4, team_size=2, target_score=None)
    state = deal(rules, [[C.ROLL, C.SPEED_LIMIT], [C.ROLL], [C.SPEED_LIMIT], []])
    assert "speed limit -> side 1" in moves(state)
    assert not [move for move in moves(state) if "side 0" in move]
    with pytest.raises(IllegalMoveError, match="opponent"):
        apply(state, Play(C.SPEED_LIMIT, 0))


def test_partners_hold_separate_hands() -> None:
    rules = Rules.parker(players=4, team_size=2, target_score=None)
    state = deal(rules, [[C.ROLL, C.ROLL, C.D100], [], [C.D50], []])
    assert [len(hand) for hand in state.hands] == [7, 6, 6, 6]
    state = play(state, PASS, PASS)
    # Seat 2 cannot play the ROLLs its partner holds, so its side cannot start this turn.
    assert state.table.current == 2
    assert C.ROLL not in state.hands[2]
    assert "roll" not in moves(state)
    with pytest.raises(IllegalMoveError, match="no Roll in seat 2's hand"):
        apply(state, Play(C.ROLL))


def test_the_deal_gives_each_seat_hand_size_cards_in_seat_order() -> None:
    rules = Rules.parker(players=3)
    order = deck_order(rules)
    state = new_game(rules, deck=order)
    assert state.hands[0] == tuple(sorted([*order[0:6], order[18]]))
    assert state.hands[1] == tuple(sorted(order[6:12]))
    assert state.hands[2] == tuple(sorted(order[12:18]))
    # The first player has drawn the first card of the draw pile; the rest is drawn from the front.
    assert state.draw_pile == tuple(order[19:])


def test_hands_are_kept_sorted() -> None:
    state = new_game(Rules(players=2), seed=7)
    assert all(list(hand) == sorted(hand) for hand in state.hands)


@pytest.mark.parametrize("hand_size", [4, 6, 8])
def test_the_hand_size_is_a_rule(hand_size: int) -> None:
    state = new_game(Rules(players=3, hand_size=hand_size), seed=1)
    assert [len(hand) for hand in state.hands] == [hand_size + 1, hand_size, hand_size]
    assert len(state.draw_pile) == 101 - 3 * hand_size - 1


def test_the_first_player_draws_at_once_and_decides() -> None:
    rules = Rules.parker(players=3)
    order = deck_order(rules)
    state = new_game(rules, deck=order, first_player=2)
    assert current_player(state) == 2
    assert state.table.phase == "play"
    assert [len(hand) for hand in state.hands] == [6, 6, 7]
    assert order[18] in state.hands[2]
    # The dealer is the seat right of the first player.
    assert state.table.match.dealer == 1
    assert new_game(rules, deck=order).table.match.dealer == 2


def test_the_first_player_must_be_a_seat() -> None:
    with pytest.raises(RulesError, match="first_player"):
        new_game(Rules(players=3), seed=1, first_player=3)


def test_the_engine_draws_for_every_player_in_turn() -> None:
    rules = Rules.parker(players=3, target_score=None)
    order = deck_order(rules)
    state = new_game(rules, deck=order)
    for turn in range(1, 7):
        seat = state.table.current
        assert len(state.hands[seat]) == 7
        state = apply(state, legal_moves(state)[-1])  # a discard
        assert len(state.hands[seat]) == 6
        assert state.table.current == (seat + 1) % 3
        assert order[18 + turn] in state.hands[state.table.current]
    assert len(state.draw_pile) == 101 - 18 - 7


@pytest.mark.parametrize(
    ("players", "team_size", "race", "extension_to"),
    [
        (2, 1, 700, 1000),
        (3, 1, 700, 1000),
        (6, 2, 700, 1000),
        (4, 2, 1000, None),
    ],
)
@pytest.mark.parametrize("preset", ["parker", "french"])
def test_the_race_by_table(
    preset: str, players: int, team_size: int, race: int, extension_to: int | None
) -> None:
    rules = getattr(Rules, preset)(players=players, team_size=team_size)
    assert rules.race == race
    assert rules.extension_to == extension_to
    state = new_game(rules, seed=1)
    assert state.table.target == race
    assert state.table.extended_by is None


def test_the_race_and_extension_can_be_set() -> None:
    rules = Rules.parker(players=4, team_size=2, race=1000, extension_to=1200)
    assert (rules.race, rules.extension_to) == (1000, 1200)
    assert Rules.parker(players=2, extension_to=None).extension_to is None
    assert Rules.parker(players=2, race=1000).extension_to is None


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"race": 710}, "multiple of 25"),
        ({"race": 0}, "race is a whole number from 25"),
        ({"race": 700, "extension_to": 700}, "extension"),
        ({"race": 700, "extension_to": 1010}, "extension"),
        ({"hand_size": 0}, "hand_size is a whole number of at least 1"),
        ({"max_200s": -1}, "max_200s"),
        ({"target_score": 0}, "target_score"),
        ({"coup_fourre": "sometimes"}, "coup_fourre"),
    ],
)
def test_impossible_options_raise_a_rules_error(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules(players=2, **options)  # type: ignore[arg-type]
