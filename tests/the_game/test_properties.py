"""Invariants of The Game that hold in every reachable state, checked with hypothesis."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import GameRecord, IllegalMoveError, from_json, replay, to_json
from cardrules.games.the_game import (
    CARDS,
    FIRE_CARDS,
    ROW_CARDS,
    EndTurn,
    Move,
    Observation,
    Play,
    Result,
    Rules,
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
    parse_move,
    result,
    validate_state,
    why_illegal,
)
from cardrules.testing import reachable_states

from .strategies import careful_game, careful_states, friendly_deck

ALL_MOVES = all_moves(Rules())
"""The Game's whole action space, in its fixed order."""

# Random play (early game, every option) and careful play (late game: empty draw pile, empty hands,
# skipped seats, won games).
states: st.SearchStrategy[State] = st.one_of(reachable_states(game="the-game"), careful_states())


def all_cards(state: State) -> list[int]:
    cards = [card for pile in state.table.piles for card in pile[1:]]
    for hand in state.hands:
        cards.extend(hand)
    return cards + list(state.draw_pile)


@given(states)
def test_cards_are_conserved(state: State) -> None:
    assert sorted(all_cards(state)) == list(CARDS)


@given(states)
def test_every_reachable_state_is_valid(state: State) -> None:
    validate_state(state)


@given(states)
def test_hands_never_exceed_hand_size(state: State) -> None:
    size = state.rules.hand_size
    assert all(len(hand) <= size for hand in state.hands)
    if state.draw_pile:
        # While there is something to draw, every hand is full but for what is laid this turn.
        for seat, hand in enumerate(state.hands):
            assert len(hand) == size - (state.table.laid if seat == state.table.current else 0)


@given(states)
def test_hands_are_sorted(state: State) -> None:
    assert all(list(hand) == sorted(hand) for hand in state.hands)


@given(states)
def test_piles_always_obey_the_laying_rules(state: State) -> None:
    for number, pile in enumerate(state.table.piles):
        assert pile[0] == ROW_CARDS[number]
        for below, card in itertools.pairwise(pile):
            if number < 2:
                assert card > below or card == below - 10, pile
            else:
                assert card < below or card == below + 10, pile


@given(states)
def test_legal_moves_empty_iff_terminal(state: State) -> None:
    legal = legal_moves(state)
    terminal = is_terminal(state)
    assert (legal == ()) == terminal
    assert (current_player(state) is None) == terminal
    assert (result(state) is not None) == terminal


@given(states)
def test_legal_moves_are_stable_and_distinct(state: State) -> None:
    legal = legal_moves(state)
    assert legal == legal_moves(state)
    assert len(set(legal)) == len(legal)
    assert [ALL_MOVES.index(move) for move in legal] == sorted(ALL_MOVES.index(move) for move in legal)


@given(states)
def test_end_turn_is_legal_iff_the_minimum_is_laid(state: State) -> None:
    if is_terminal(state):
        return
    minimum = state.rules.minimum if state.draw_pile else 1
    assert (EndTurn() in legal_moves(state)) == (state.table.laid >= minimum)


@given(states)
def test_legal_plays_are_the_cards_in_hand_that_fit(state: State) -> None:
    if is_terminal(state):
        return
    expected = {
        Play(card, pile)
        for card in state.hands[state.table.current]
        for pile, top in enumerate(state.table.tops)
        if (card > top or card == top - 10 if pile < 2 else card < top or card == top + 10)
    }
    assert {move for move in legal_moves(state) if isinstance(move, Play)} == expected


@given(states)
def test_player_on_turn_holds_cards_or_has_laid_some(state: State) -> None:
    if not is_terminal(state):
        assert state.hands[state.table.current] or state.table.laid > 0


@given(states)
def test_every_legal_move_applies_and_the_argument_is_unchanged(state: State) -> None:
    snapshot = to_json(state)
    for move in legal_moves(state):
        after = apply(state, move)
        assert isinstance(after, State)
        validate_state(after)
        assert sorted(all_cards(after)) == list(CARDS)
    assert to_json(state) == snapshot


@given(states)
def test_every_other_move_is_refused_with_a_reason(state: State) -> None:
    legal = set(legal_moves(state))
    for move in ALL_MOVES:
        if move in legal:
            assert why_illegal(state, move) is None
            continue
        reason = why_illegal(state, move)
        assert reason
        with pytest.raises(IllegalMoveError) as caught:
            apply(state, move)
        assert caught.value.reason == reason
        assert caught.value.move == move


@given(states)
def test_laying_a_card_moves_it_from_the_hand_to_the_pile(state: State) -> None:
    for move in legal_moves(state):
        if not isinstance(move, Play):
            continue
        after = apply(state, move)
        assert after.table.tops[move.pile] == move.card
        assert move.card not in after.hands[state.table.current]
        assert after.table.laid == state.table.laid + 1
        assert after.table.turn == state.table.turn


@given(states)
def test_end_turn_draws_back_up_and_passes_to_the_next_seat_with_cards(state: State) -> None:
    if EndTurn() not in legal_moves(state):
        return
    after = apply(state, EndTurn())
    seat = state.table.current
    hand = state.hands[seat]
    drawn = min(state.rules.hand_size - len(hand), len(state.draw_pile))
    if after.table.status != "burned":
        assert after.hands[seat] == tuple(sorted(hand + state.draw_pile[:drawn]))
        assert after.draw_pile == state.draw_pile[drawn:]
        assert after.table.turn == state.table.turn + 1
        assert after.table.laid == 0
        players = state.rules.players
        seats = [(seat + step) % players for step in range(1, players + 1)]
        assert after.table.current == next(s for s in seats if after.hands[s])


@given(states)
def test_results_add_up(state: State) -> None:
    outcome = result(state)
    if outcome is None:
        return
    left = len(state.draw_pile) + sum(len(hand) for hand in state.hands)
    assert outcome.cards_left == left
    assert outcome.won == (left == 0) == (outcome.outcome == "won")
    assert outcome.excellent == (left < 10)
    assert outcome.seat == state.table.current
    if outcome.outcome == "stuck":
        minimum = state.rules.minimum if state.draw_pile else 1
        assert state.table.laid < minimum
    if outcome.outcome == "burned":
        assert state.rules.on_fire
        assert any(top in FIRE_CARDS for top in state.table.tops)


@given(states, st.integers(min_value=0, max_value=2**32 - 1))
def test_observe_then_determinize_is_consistent(state: State, seed: int) -> None:
    rng = random.Random(seed)
    for seat in range(state.rules.players):
        observation = observe(state, seat)
        assert observation.hand == state.hands[seat]
        assert observation.table.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert observation.table.draw_pile_size == len(state.draw_pile)
        guess = determinize(observation, rng)
        validate_state(guess)
        assert observe(guess, seat) == observation
        assert guess.hands[seat] == state.hands[seat]
        if seat == state.table.current:
            assert legal_moves(guess) == legal_moves(state)
        assert is_terminal(guess) == is_terminal(state)


@given(states, st.randoms(use_true_random=False))
def test_observation_does_not_change_with_what_the_seat_cannot_see(
    state: State, rng: random.Random
) -> None:
    for seat in range(state.rules.players):
        hidden = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
        hidden += state.draw_pile
        rng.shuffle(hidden)
        hands: list[tuple[int, ...]] = []
        at = 0
        for other, hand in enumerate(state.hands):
            if other == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(hidden[at:at + len(hand)])))
                at += len(hand)
        other_state = State(rules=state.rules, table=state.table, hands=tuple(hands),
                            draw_pile=tuple(hidden[at:]))
        assert observe(other_state, seat) == observe(state, seat)


@given(states)
def test_observation_holds_no_card_of_another_hand_or_the_draw_pile(state: State) -> None:
    for seat in range(state.rules.players):
        observation = observe(state, seat)
        text = to_json(observation)
        assert '"draw_pile"' not in text
        assert '"hands"' not in text
        visible = set(observation.hand) | {card for pile in observation.table.piles for card in pile}
        assert set(observation.unseen()) == set(CARDS) - visible


@given(states)
def test_state_json_round_trip(state: State) -> None:
    assert from_json(to_json(state), State) == state


@given(states)
def test_observation_json_round_trip(state: State) -> None:
    for seat in range(state.rules.players):
        observation = observe(state, seat)
        assert from_json(to_json(observation), Observation) == observation


@given(states)
def test_result_json_round_trip(state: State) -> None:
    outcome = result(state)
    if outcome is not None:
        assert from_json(to_json(outcome), Result) == outcome


@given(st.sampled_from(option_grid()))
def test_rules_json_round_trip(rules: Rules) -> None:
    assert from_json(to_json(rules), Rules) == rules


@given(st.sampled_from(ALL_MOVES))
def test_move_json_round_trip(move: Move) -> None:
    assert from_json(to_json(move), Move) == move
    assert from_json(to_json(move), type(move)) == move


@st.composite
def played_records(draw: st.DrawFn) -> tuple[GameRecord, State, int]:
    rules = draw(st.sampled_from(option_grid()))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    first = draw(st.integers(min_value=0, max_value=rules.players - 1))
    steps = draw(st.integers(min_value=0, max_value=60))
    chooser = random.Random(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    state = new_game(rules, seed=seed, first_player=first)
    moves: list[Any] = []
    for _ in range(steps):
        legal = legal_moves(state)
        if not legal:
            break
        moves.append(chooser.choice(legal))
        state = apply(state, moves[-1])
    return GameRecord.start(rules, seed=seed, first_player=first).extended(*moves), state, len(moves)


@given(played_records())
def test_record_json_round_trip_and_replay(case: tuple[GameRecord, State, int]) -> None:
    record, final, count = case
    loaded: GameRecord = from_json(to_json(record), GameRecord)
    assert loaded == record
    assert replay(loaded) == final
    assert len(list(loaded.states())) == count + 1


@given(states)
def test_parse_move_reads_back_every_legal_move(state: State) -> None:
    for move in legal_moves(state):
        assert parse_move(state, str(move)) == move
        assert cardrules.parse_move(state, str(move)) == move


@given(states)
def test_package_root_agrees_with_the_game_module(state: State) -> None:
    assert cardrules.legal_moves(state) == legal_moves(state)
    assert cardrules.current_player(state) == current_player(state)
    assert cardrules.is_terminal(state) == is_terminal(state)
    assert cardrules.result(state) == result(state)
    moves = legal_moves(state)
    if moves:
        assert cardrules.apply(state, moves[0]) == apply(state, moves[0])


def test_careful_play_reaches_the_late_game() -> None:
    # Guards the strategy itself: if careful play stopped reaching the end of the game, the
    # properties above would silently lose their late-game coverage.
    seen: Counter[str] = Counter()
    for number, rules in enumerate(option_grid()):
        rng = random.Random(number)
        deck = friendly_deck(rng, swaps=100, descending=number % 2 == 1)
        end = careful_game(new_game(rules, deck=deck), rng)[-1]
        seen[end.table.status] += 1
        seen["empty draw pile"] += not end.draw_pile
    assert seen["empty draw pile"] >= 10
    assert seen["won"] >= 5
