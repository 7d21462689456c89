"""Hidden information: what ``observe`` shows a seat, what it hides, and ``determinize``."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from cardrules import ArgumentError, to_json
from cardrules.games.mille_bornes import (
    Card,
    Observation,
    Rules,
    State,
    apply,
    determinize,
    legal_moves,
    new_game,
    observe,
    option_grid,
    validate_state,
)

from .positions import PASS, deal, play, rules_id, solo

C = Card
TWO = Rules.parker(players=2, target_score=None)
THREE = Rules.parker(players=3, target_score=None)


def midgame() -> State:
    state = deal(THREE, [[C.ROLL, C.D100], [C.ROLL, C.SPEED_LIMIT], [C.DRIVING_ACE]])
    return play(state, "roll", "roll", PASS, "drive 100", "speed limit -> side 0", PASS)


def test_an_observation_holds_what_the_seat_may_see() -> None:
    state = midgame()
    for seat in range(3):
        obs = observe(state, seat)
        assert obs.seat == seat
        assert obs.hand == state.hands[seat]
        # The table is the state's own, not a copy: every seat sees the same one.
        assert obs.table is state.table
        assert obs.table.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert obs.table.draw_pile_size == len(state.draw_pile)
        assert obs.rules == state.rules
        assert obs.side == THREE.side_of(seat)


def test_an_observation_holds_no_other_hand_no_draw_order_and_no_seed() -> None:
    state = new_game(Rules.parker(players=3), seed=987_654_321)
    obs = observe(state, 1)
    names = {field.name for field in attrs.fields(Observation)}
    assert not names & {"hands", "draw_pile", "seed", "match"}
    data = json.loads(to_json(obs))
    assert not set(data) & {"hands", "draw_pile", "seed", "match"}
    assert "987654321" not in to_json(obs)
    # Nothing in it is another seat's hand: only counts.
    assert data["table"]["hand_sizes"] == [7, 6, 6]
    assert data["table"]["draw_pile_size"] == len(state.draw_pile)


def test_the_unseen_cards_are_the_other_hands_and_the_draw_pile() -> None:
    state = midgame()
    obs = observe(state, 1)
    hidden = sorted((*state.draw_pile, *state.hands[0], *state.hands[2]))
    assert obs.unseen() == tuple(hidden)


def hide_differently(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with every card ``seat`` cannot see dealt again at random (sizes kept) and a new
    match seed."""
    hidden = [*state.draw_pile]
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.extend(hand)
    rng.shuffle(hidden)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[:len(hand)])))
            hidden = hidden[len(hand):]
    return attrs.evolve(state, hands=tuple(hands), draw_pile=tuple(hidden), seed=rng.getrandbits(32))


def test_states_that_differ_only_in_hidden_cards_look_the_same() -> None:
    state = midgame()
    rng = random.Random(3)
    for seat in range(3):
        other = hide_differently(state, seat, rng)
        assert other != state
        validate_state(other)
        assert observe(other, seat) == observe(state, seat)
        if other.hands[(seat + 1) % 3] != state.hands[(seat + 1) % 3]:
            assert observe(other, (seat + 1) % 3) != observe(state, (seat + 1) % 3)


def walk(rules: Rules, seed: int, steps: int = 300) -> list[State]:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states = [state]
    for _ in range(steps):
        legal = legal_moves(state)
        if not legal:
            break
        state = apply(state, rng.choice(legal))
        states.append(state)
    return states


@pytest.mark.parametrize("rules", [r for r in option_grid() if r.players <= 4], ids=rules_id)
def test_determinize_gives_a_state_that_looks_the_same(rules: Rules) -> None:
    rng = random.Random(0)
    for state in walk(rules, seed=rules.players)[::15]:
        seat = rng.randrange(rules.players)
        obs = observe(state, seat)
        guess = determinize(obs, rng)
        validate_state(guess)
        assert observe(guess, seat) == obs
        assert guess.hands[seat] == state.hands[seat]
        if state.table.current == seat:
            assert legal_moves(guess) == legal_moves(state)


def test_determinize_deals_the_unseen_cards_anew() -> None:
    state = new_game(Rules.parker(players=2), seed=5)
    obs = observe(state, 0)
    guesses = {determinize(obs, seed).hands[1] for seed in range(10)}
    assert len(guesses) > 1
    assert determinize(obs, 4) == determinize(obs, random.Random(4))


def revealed_ace() -> State:
    """Seat 0 declined a coup fourré, so the table knows it holds the Driving Ace."""
    state = deal(THREE, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT], []])
    return play(state, "roll", "accident -> side 0", "decline")


def test_a_declined_coup_fourre_reveals_the_safety_to_everyone() -> None:
    state = revealed_ace()
    for seat in range(3):
        assert observe(state, seat).table.revealed == ((C.DRIVING_ACE,), (), ())


def test_the_coup_fourre_window_is_public() -> None:
    state = deal(THREE, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT], []])
    state = play(state, "roll", "accident -> side 0")
    obs = observe(state, 2)
    assert obs.table.phase == "coup_fourre"
    assert obs.table.window == state.table.window
    assert obs.table.current == 0
    assert obs.table.revealed[0] == (C.DRIVING_ACE,)


def test_determinize_keeps_revealed_cards_in_the_hand_that_holds_them() -> None:
    state = revealed_ace()
    for seat in (1, 2):
        obs = observe(state, seat)
        for seed in range(20):
            guess = determinize(obs, seed)
            assert C.DRIVING_ACE in guess.hands[0]
            assert observe(guess, seat) == obs


def test_determinize_keeps_the_window_holders_safety() -> None:
    state = deal(THREE, [[C.DRIVING_ACE, C.ROLL], [C.ACCIDENT], []])
    state = play(state, "roll", "accident -> side 0")
    for seed in range(10):
        guess = determinize(observe(state, 1), seed)
        validate_state(guess)
        assert C.DRIVING_ACE in guess.hands[0]
        assert apply(guess, legal_moves(guess)[0]).table.tableaux[0].coups_fourres == (C.DRIVING_ACE,)


def test_an_observation_after_the_hand_shows_the_score_sheets() -> None:
    state = deal(TWO, [[C.ROLL, C.D200, C.D200, C.D100, C.D100, C.D100]])
    state = solo(state, "roll", "drive 200", "drive 200", "drive 100", "drive 100", "drive 100")
    state = play(state, "decline")
    obs = observe(state, 1)
    assert obs.table.phase == "over"
    assert obs.table.match.totals == (1600, 0)
    assert obs.table.match.history == state.table.match.history
    assert observe(determinize(obs, 1), 1) == obs


def test_observe_needs_a_seat_at_the_table() -> None:
    state = midgame()
    with pytest.raises(ArgumentError, match="seat"):
        observe(state, 3)
    with pytest.raises(ArgumentError):
        observe("state", 0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        determinize(observe(state, 0), "seed")  # type: ignore[arg-type]
