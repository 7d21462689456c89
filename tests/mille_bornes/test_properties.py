"""Invariants of Mille Bornes in every reachable state, under every rules value of the option grid."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cardrules import IllegalMoveError, from_json, to_json
from cardrules.games.mille_bornes import (
    SAFETIES,
    HandScore,
    Rules,
    SideScore,
    State,
    all_moves,
    apply,
    current_player,
    determinize,
    is_terminal,
    legal_moves,
    new_game,
    observe,
    option_grid,
    result,
    validate_state,
)
from cardrules.testing import reachable_states

from .oracle import contract_moves


def ours(state: object) -> State:
    """The state, narrowed to Mille Bornes' type (the strategy gives some game's states)."""
    assert isinstance(state, State)
    return state


states: st.SearchStrategy[State] = reachable_states(game="mille-bornes").map(ours)

LINES = ("miles", "safeties", "all_safeties", "coups_fourres", "trip", "delayed_action", "safe_trip",
         "shutout", "extension")


def every_card(state: State) -> Counter[object]:
    cards: Counter[object] = Counter(state.draw_pile)
    cards.update(state.table.discard_pile)
    for hand in state.hands:
        cards.update(hand)
    for tableau in state.table.tableaux:
        cards.update(tableau.cards())
    return cards


@given(states)
def test_the_deck_is_always_accounted_for(state: State) -> None:
    rules = state.rules
    cards = every_card(state)
    assert cards == Counter(rules.deck_cards())
    if rules.deck is None and not rules.wrong_way:
        assert sum(cards.values()) == (101 if rules.players <= 3 and rules.small_table_deck else 106)


@given(states)
def test_no_side_is_ever_past_the_target(state: State) -> None:
    for tableau in state.table.tableaux:
        assert 0 <= tableau.miles <= state.table.target
        assert tableau.twos <= state.rules.max_200s
    assert state.table.target in (state.rules.race, state.rules.extension_to)


@given(states)
def test_legal_moves_are_empty_exactly_when_the_game_is_over(state: State) -> None:
    legal = legal_moves(state)
    over = state.table.phase == "over"
    assert (not legal) == over == is_terminal(state)
    assert (current_player(state) is None) == over
    assert (result(state) is None) == (not over)
    assert len(set(legal)) == len(legal)


@given(states)
def test_every_reachable_state_is_valid_and_round_trips(state: State) -> None:
    validate_state(state)
    assert from_json(to_json(state), State) == state


@given(states)
def test_hands_hold_hand_size_cards_and_the_seat_on_turn_one_more_while_cards_are_drawn(state: State) -> None:
    rules = state.rules
    if state.table.phase == "over" or not state.draw_pile:
        assert all(len(hand) <= rules.hand_size + 1 for hand in state.hands)
        return
    table = state.table
    extra = [int(table.phase == "play" and seat == table.current) for seat in range(rules.players)]
    assert [len(hand) for hand in state.hands] == [rules.hand_size + more for more in extra]


@given(states, st.randoms(use_true_random=False))
def test_only_the_listed_moves_apply(state: State, rng: random.Random) -> None:
    legal = set(legal_moves(state))
    for move in legal:
        apply(state, move)
    others = [move for move in all_moves(state.rules) if move not in legal]
    for move in rng.sample(others, min(10, len(others))):
        try:
            apply(state, move)
        except IllegalMoveError:
            pass
        else:
            raise AssertionError(f"{move} applied but is not listed")


@given(states, st.integers(min_value=0, max_value=2**16))
def test_a_determinized_state_looks_the_same_to_the_observer(state: State, seed: int) -> None:
    seat = seed % state.rules.players
    obs = observe(state, seat)
    guess = determinize(obs, seed)
    validate_state(guess)
    assert observe(guess, seat) == obs


@given(states)
def test_a_coup_fourre_window_asks_a_holder_of_the_safety_on_the_attacked_side(state: State) -> None:
    window = state.table.window
    if window is None:
        return
    from cardrules.games.mille_bornes.cards import SAFETY_OF

    assert SAFETY_OF[window.hazard] in state.hands[state.table.current]
    assert SAFETY_OF[window.hazard] in state.table.revealed[state.table.current]
    if state.rules.coup_fourre == "attacked_side":
        assert state.rules.side_of(state.table.current) == window.side


# Whole games ---------------------------------------------------------------------------------------


def move_bound(rules: Rules) -> int:
    """The most moves a hand can take. Every play, discard or coup fourré takes a card from a hand
    (each card passes through a hand once, or once per reshuffle); a declined coup fourré follows a
    hazard, so there are no more of them than plays; and there is at most one extension decision."""
    passes = 1 + (rules.reshuffle_limit if rules.reshuffle_discards else 0)
    return 2 * len(rules.deck_cards()) * passes + 1


def play_game(rules: Rules, seed: int, chooser: int) -> tuple[State, list[int]]:
    """Random play to the end; the final state and the number of moves of each hand."""
    rng = random.Random(chooser)
    state = new_game(rules, seed=seed)
    per_hand = [0]
    bound = move_bound(rules)
    while legal_moves(state):
        number = state.table.match.hand_number
        state = apply(state, rng.choice(legal_moves(state)))
        per_hand[number] += 1
        assert per_hand[number] <= bound, f"hand {number} did not end within {bound} moves"
        if state.table.match.hand_number != number:
            per_hand.append(0)
    return state, per_hand


games = st.tuples(
    st.sampled_from(option_grid()),
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=0, max_value=2**32 - 1),
)


@given(games)
def test_every_hand_ends(game: tuple[Rules, int, int]) -> None:
    final, per_hand = play_game(*game)
    assert is_terminal(final)
    assert len(per_hand) == len(final.table.match.history)
    assert all(moves > 0 for moves in per_hand)


def expected_column(state: State, side: int, completed_by: int | None, delayed: bool) -> SideScore:
    """§7, written again from the contract: one side's score sheet for the hand that just ended."""
    rules, points = state.rules, state.rules.scoring
    tableau = state.table.tableaux[side]
    lines = dict.fromkeys(LINES, 0)
    lines["miles"] = points.per_mile * tableau.miles
    lines["safeties"] = points.safety * len(tableau.safeties)
    lines["coups_fourres"] = points.coup_fourre * len(tableau.coups_fourres)
    won = side == completed_by
    if set(SAFETIES) <= set(tableau.safeties) and (won or not points.all_safeties_needs_trip):
        lines["all_safeties"] = points.all_safeties
    if won:
        lines["trip"] = points.trip
        lines["delayed_action"] = points.delayed_action if delayed else 0
        lines["safe_trip"] = points.safe_trip if tableau.twos == 0 else 0
        shut_out = [other for other, t in enumerate(state.table.tableaux) if other != side and not t.distance]
        if points.shutout_per_opponent:
            lines["shutout"] = points.shutout * len(shut_out)
        elif len(shut_out) == rules.sides - 1:
            lines["shutout"] = points.shutout
    caller = state.table.extended_by
    if caller is not None and (caller == completed_by == side or (
            points.extension_failure_to_opponents and completed_by != caller != side)):
        lines["extension"] = points.extension
    return SideScore(side=side, **lines)


@given(games)
def test_scores_equal_their_breakdown(game: tuple[Rules, int, int]) -> None:
    final, _ = play_game(*game)
    outcome = result(final)
    assert outcome is not None
    for sheet in outcome.hands:
        for column in sheet.sides:
            assert column.total == sum(getattr(column, line) for line in LINES)
    sides = final.rules.sides
    totals = outcome.totals
    assert totals == tuple(sum(sheet.totals[side] for sheet in outcome.hands) for side in range(sides))
    assert outcome.winners == tuple(side for side, total in enumerate(totals) if total == max(totals))
    # The last hand's table is kept: score it again from the contract.
    last: HandScore = outcome.hands[-1]
    reached = [side for side, t in enumerate(final.table.tableaux) if t.miles == final.table.target]
    assert len(reached) <= 1
    completed_by = reached[0] if reached else None
    delayed = completed_by is not None and not final.draw_pile and not (
        final.rules.reshuffle_discards and final.table.discard_pile
        and final.table.reshuffles < final.rules.reshuffle_limit
    )
    assert (last.completed_by, last.extended_by) == (completed_by, final.table.extended_by)
    assert last.delayed == delayed
    assert last.sides == tuple(expected_column(final, side, completed_by, delayed) for side in range(sides))
    if final.rules.target_score is not None:
        assert max(outcome.totals) >= final.rules.target_score


PLAIN_GRID = [rules for rules in option_grid() if rules.hazard_stacking == "none" and not rules.wrong_way]


@given(reachable_states(st.sampled_from(PLAIN_GRID)))
def test_legal_moves_are_those_section_4_allows(state: State) -> None:
    assert set(legal_moves(state)) == contract_moves(state)
