"""§9 Reshuffle (the game room's variant): when a player must draw from an empty draw pile, the
discards are shuffled into a new one, at most ``reshuffle_limit`` times a hand; the order comes from
the match seed, is hidden from observations and resampled by ``determinize``; "delayed action" then
refers to the final draw pile."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from cardrules.games.mille_bornes import (
    Card,
    Discard,
    Rules,
    State,
    determinize,
    new_game,
    observe,
    result,
    validate_state,
)

from .positions import PASS, deck_order, drain_draw_pile, play, quietest

C = Card
RESHUFFLE = Rules.parker(players=2, target_score=None, reshuffle_discards=True)
DEALT = [[C.ROLL]]


def drained(rules: Rules = RESHUFFLE, *, seed: int = 5) -> State:
    """Seat 0 has just drawn the last card of the draw pile; the discards hold every other card
    that left a hand."""
    state = new_game(rules, deck=deck_order(rules, DEALT), seed=seed)
    state = drain_draw_pile(state)
    assert state.draw_pile == ()
    assert state.table.reshuffles == 0
    assert state.table.current == 0
    assert [len(hand) for hand in state.hands] == [7, 6]
    return state


def drawn(before: State, after: State, seat: int) -> Card:
    """The card ``seat`` drew between the two states (its hand grew by one)."""
    (card,) = (Counter(after.hands[seat]) - Counter(before.hands[seat])).elements()
    return card


def test_reshuffle_the_discards_become_the_draw_pile_when_a_player_must_draw() -> None:
    state = drained()
    discards = state.table.discard_pile
    assert len(discards) == len(RESHUFFLE.deck_cards()) - 13
    after = play(state, PASS)
    discarded = quietest(state.hands[0])  # what PASS discards
    assert after.table.reshuffles == 1
    assert after.table.discard_pile == ()
    assert after.table.current == 1
    assert len(after.hands[1]) == 7  # seat 1 drew from the new draw pile
    new_pile = Counter(after.draw_pile)
    new_pile[drawn(state, after, 1)] += 1
    assert new_pile == Counter((*discards, discarded))


def test_without_the_variant_the_discards_stay_dead() -> None:
    rules = attrs.evolve(RESHUFFLE, reshuffle_discards=False)
    state = drained(rules)
    after = play(state, PASS)
    assert after.table.reshuffles == 0
    assert after.draw_pile == ()
    assert after.table.discard_pile == (*state.table.discard_pile, quietest(state.hands[0]))
    assert len(after.hands[1]) == 6  # nothing to draw


@pytest.mark.parametrize("limit", [0, 1, 2, 3])
def test_reshuffle_limit_bounds_the_reshuffles_of_a_hand(limit: int) -> None:
    rules = attrs.evolve(RESHUFFLE, reshuffle_limit=limit)
    state = new_game(rules, deck=deck_order(rules, DEALT), seed=5)
    card_moves = 0
    while state.table.phase == "play":
        before = state
        state = play(state, PASS)
        card_moves += 1
        if state.table.reshuffles != before.table.reshuffles:
            # Only when the draw pile was empty and a player had to draw.
            assert before.draw_pile == ()
            assert state.table.reshuffles == before.table.reshuffles + 1
            assert state.table.discard_pile == ()
    assert state.table.reshuffles == limit
    assert state.table.phase == "over"
    # With nothing but discards, each reshuffle brings back every card but the twelve in the hands.
    deck = len(rules.deck_cards())
    assert card_moves == deck + limit * (deck - 12)
    assert card_moves <= deck * (1 + limit)


def test_reshuffle_the_same_seed_gives_the_same_order_and_another_seed_another() -> None:
    first = play(drained(seed=5), PASS)
    again = play(drained(seed=5), PASS)
    other = play(drained(seed=6), PASS)
    assert first == again
    assert first.draw_pile != other.draw_pile
    assert Counter((*first.draw_pile, *first.hands[1])) == Counter((*other.draw_pile, *other.hands[1]))
    # Before the reshuffle the two games were the same but for the (hidden) match seed.
    assert attrs.evolve(drained(seed=6), seed=drained(seed=5).seed) == drained(seed=5)


def test_reshuffle_order_is_hidden_from_observations() -> None:
    five, six = drained(seed=5), drained(seed=6)
    assert five != six  # they differ only in the match seed ...
    for seat in (0, 1):
        assert observe(five, seat) == observe(six, seat)  # ... which no seat sees
    five, six = play(five, PASS), play(six, PASS)
    assert five.draw_pile != six.draw_pile
    # Seat 0 did not draw from the new pile: it cannot tell the two orders apart.
    assert observe(five, 0) == observe(six, 0)
    assert observe(five, 0).table.reshuffles == 1
    assert observe(five, 0).table.draw_pile_size == len(five.draw_pile)


def test_determinize_resamples_the_reshuffle() -> None:
    state = drained()
    seen = observe(state, 0)
    guesses = [determinize(seen, rng) for rng in (1, 2)]
    for guess in guesses:
        validate_state(guess)
        assert observe(guess, 0) == seen
    assert guesses[0].seed != guesses[1].seed
    after = [play(guess, PASS) for guess in (*guesses, state)]
    assert all(each.table.reshuffles == 1 for each in after)
    orders = {each.draw_pile for each in after}
    assert len(orders) == 3  # three match seeds, three orders of the same discards
    piles = {frozenset(Counter((*each.draw_pile, drawn(before, each, 1))).items())
             for before, each in zip((*guesses, state), after, strict=True)}
    assert len(piles) == 1


def keep_the_100(seat: int) -> set[Card]:
    return {C.D100} if seat == 0 else set()


def skip(state: State) -> State:
    """The seat on turn discards its quietest card (seat 0 keeps its 100)."""
    seat = state.table.current
    hand = [card for card in state.hands[seat] if card not in keep_the_100(seat)]
    return play(state, Discard(quietest(hand)))


def completed_race(rules: Rules, *, exhaust: bool) -> State:
    """Seat 0 drives 100 of a 100-mile race from an empty draw pile: at once after drawing the last
    card, or (``exhaust``) only after every reshuffle allowed has been used up."""
    state = new_game(rules, deck=deck_order(rules, [[C.ROLL, C.D100]]), seed=5)
    state = play(state, "roll")
    state = drain_draw_pile(state, keep_the_100)
    while exhaust and state.table.reshuffles < (rules.reshuffle_limit if rules.reshuffle_discards else 0):
        state = drain_draw_pile(skip(state), keep_the_100)
    if state.table.current != 0:
        state = skip(state)
    assert state.draw_pile == ()
    state = play(state, "drive 100")
    assert state.table.phase == "over"
    return state


def race_of_100(**options: Any) -> Rules:
    return attrs.evolve(RESHUFFLE, race=100, extension_to=None, **options)


def delayed_action(state: State) -> int:
    outcome = result(state)
    assert outcome is not None
    sheet = outcome.hands[0]
    assert sheet.completed_by == 0
    assert sheet.delayed == bool(sheet.sides[0].delayed_action)
    return sheet.sides[0].delayed_action


def test_delayed_action_not_while_the_discards_could_still_refill_the_draw_pile() -> None:
    state = completed_race(race_of_100(), exhaust=False)
    assert state.table.discard_pile
    assert state.table.reshuffles < RESHUFFLE.reshuffle_limit
    assert delayed_action(state) == 0
    # Without the variant the same trip, completed on the turn the last card was drawn, is delayed.
    assert delayed_action(completed_race(race_of_100(reshuffle_discards=False), exhaust=False)) == 300


@pytest.mark.parametrize("limit", [0, 1])
def test_delayed_action_once_the_last_reshuffle_allowed_has_run_out(limit: int) -> None:
    state = completed_race(race_of_100(reshuffle_limit=limit), exhaust=True)
    assert state.table.reshuffles == limit
    assert delayed_action(state) == 300
