"""§8 Match: hands until a side reaches the target score, the dealer moving left, totals carried over."""

from __future__ import annotations

import itertools
import random

import pytest

from cardrules.games.mille_bornes import (
    Card,
    Rules,
    State,
    apply,
    current_player,
    is_terminal,
    legal_moves,
    new_game,
    result,
)

from .positions import deal, deck_order, play, play_out, solo

C = Card


def random_match(rules: Rules, seed: int | None, choices: int = 0, **deal_options: object) -> list[State]:
    """Every state of a game played with random legal moves (chosen from ``choices``)."""
    rng = random.Random(choices)
    state = new_game(rules, seed=seed, **deal_options)  # type: ignore[arg-type]
    states = [state]
    for _ in range(20_000):
        legal = legal_moves(state)
        if not legal:
            return states
        state = apply(state, rng.choice(legal))
        states.append(state)
    raise AssertionError("the match did not end")


def first_states_of_hands(states: list[State]) -> list[State]:
    firsts = [states[0]]
    for before, after in itertools.pairwise(states):
        if after.table.match.hand_number != before.table.match.hand_number:
            firsts.append(after)
    return firsts


TABLES = [(2, 1), (3, 1), (4, 2)]


@pytest.mark.parametrize(("players", "team_size"), TABLES)
def test_a_match_is_played_hand_after_hand_until_a_side_reaches_5000(players: int, team_size: int) -> None:
    rules = Rules.parker(players=players, team_size=team_size)
    states = random_match(rules, seed=players)
    final = states[-1]
    outcome = result(final)
    assert outcome is not None
    assert len(outcome.hands) == final.table.match.hand_number + 1 >= 2
    running = [0] * rules.sides
    for number, sheet in enumerate(outcome.hands):
        assert sheet.hand == number
        if number < len(outcome.hands) - 1:
            running = [total + points for total, points in zip(running, sheet.totals, strict=True)]
            assert max(running) < 5000  # the match would have ended after this hand
    assert max(outcome.totals) >= 5000
    assert outcome.totals == tuple(sum(sheet.totals[side] for sheet in outcome.hands)
                                   for side in range(rules.sides))
    best = max(outcome.totals)
    assert outcome.winners == tuple(side for side, total in enumerate(outcome.totals) if total == best)


@pytest.mark.parametrize(("players", "team_size"), TABLES)
def test_the_dealer_moves_left_each_hand_and_the_player_on_his_left_starts(
    players: int, team_size: int
) -> None:
    rules = Rules.parker(players=players, team_size=team_size)
    states = random_match(rules, seed=10 + players, first_player=1)
    firsts = first_states_of_hands(states)
    assert len(firsts) >= 2
    for number, state in enumerate(firsts):
        assert state.table.match.hand_number == number
        assert state.table.match.dealer == number % players
        assert current_player(state) == (number + 1) % players
        assert [len(hand) for hand in state.hands] == [
            rules.hand_size + (seat == state.table.current) for seat in range(players)
        ]


@pytest.mark.parametrize(("players", "team_size"), TABLES)
def test_totals_carry_over_and_every_hand_starts_afresh(players: int, team_size: int) -> None:
    rules = Rules.parker(players=players, team_size=team_size)
    states = random_match(rules, seed=20 + players)
    deck_size = len(rules.deck_cards())
    for number, state in enumerate(first_states_of_hands(states)):
        history = state.table.match.history
        assert len(history) == number
        assert state.table.match.totals == tuple(
            sum(sheet.totals[side] for sheet in history) for side in range(rules.sides)
        )
        assert all(tableau.cards() == [] for tableau in state.table.tableaux)
        assert state.table.discard_pile == ()
        assert len(state.draw_pile) == deck_size - players * rules.hand_size - 1
        assert (state.table.target, state.table.extended_by, state.table.phase) == (rules.race, None, "play")
        assert state.table.revealed == ((),) * players


def test_when_several_sides_pass_the_target_score_the_highest_total_wins() -> None:
    rules = Rules.parker(players=2, target_score=600)
    hands = [[C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100], [C.ROLL, C.D200, C.D200, C.D100, C.D100]]
    state = deal(rules, hands)
    state = play(state, "roll", "roll", "drive 200", "drive 200", "drive 200", "drive 200")
    state = play(state, "drive 100", "drive 100", "drive 100", "drive 100", "drive 100", "decline")
    assert is_terminal(state)
    outcome = result(state)
    assert outcome is not None
    assert outcome.totals == (1100, 600)
    assert outcome.winners == (0,)


def test_an_exact_tie_for_the_highest_total_is_a_shared_win() -> None:
    rules = Rules.parker(players=2, target_score=100)
    state = deal(rules, [[C.ROLL, C.D100], [C.ROLL, C.D100]])
    state = play(state, "roll", "roll", "drive 100", "drive 100")
    state = play_out(state)
    assert is_terminal(state)
    outcome = result(state)
    assert outcome is not None
    assert outcome.totals == (100, 100)
    assert outcome.winners == (0, 1)


def test_an_exact_tie_in_a_single_hand_is_shared_too() -> None:
    rules = Rules.parker(players=3, target_score=None)
    state = deal(rules, [[C.ROLL, C.D50], [C.ROLL, C.D50], [C.ROLL, C.D25]])
    state = play(state, "roll", "roll", "roll", "drive 50", "drive 50", "drive 25")
    state = play_out(state)
    outcome = result(state)
    assert outcome is not None
    assert outcome.totals == (50, 50, 25)
    assert outcome.winners == (0, 1)


def test_a_match_goes_on_to_the_next_hand_below_the_target_score() -> None:
    rules = Rules.parker(players=2)
    state = deal(rules, [[C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100]])
    state = solo(state, "roll", "drive 200", "drive 200", "drive 100", "drive 100", "drive 100")
    state = play(state, "decline")
    assert not is_terminal(state)
    assert state.table.match.hand_number == 1
    assert state.table.match.totals == (1600, 0)
    assert state.table.match.dealer == 0
    assert current_player(state) == 1


def test_target_score_none_plays_a_single_hand() -> None:
    rules = Rules.parker(players=2, target_score=None)
    states = random_match(rules, seed=3)
    final = states[-1]
    assert all(state.table.match.hand_number == 0 for state in states)
    outcome = result(final)
    assert outcome is not None
    assert len(outcome.hands) == 1
    assert outcome.totals == outcome.hands[0].totals


def test_the_same_seed_plays_the_same_match() -> None:
    rules = Rules.parker(players=3)
    assert new_game(rules, seed=42) == new_game(rules, seed=42)
    assert new_game(rules, seed=42) != new_game(rules, seed=43)
    first = random_match(rules, seed=42, choices=5)
    again = random_match(rules, seed=42, choices=5)
    assert first == again
    assert len(first_states_of_hands(first)) >= 2


def test_later_hands_are_dealt_from_the_match_seed() -> None:
    rules = Rules.parker(players=2)
    one = random_match(rules, seed=7, choices=1)
    other = random_match(rules, seed=7, choices=2)
    # Different play, same deals: the second hand is dealt the same way whatever happened in the first.
    second_one = first_states_of_hands(one)[1]
    second_other = first_states_of_hands(other)[1]
    assert second_one.hands == second_other.hands
    assert second_one.draw_pile == second_other.draw_pile


def test_a_match_from_an_explicit_deck_is_deterministic() -> None:
    rules = Rules.parker(players=2)
    order = deck_order(rules)
    one = random_match(rules, seed=None, choices=3, deck=order)
    again = random_match(rules, seed=None, choices=3, deck=order)
    assert one == again
