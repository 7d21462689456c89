"""A second source of states for the properties: careful play that reaches the late game.

``cardrules.testing.reachable_states`` plays at random, and random play loses The Game within a few
turns, so its states are nearly all early ones. ``careful_states`` plays like a sensible player (the
closest card first, the trick whenever it is there, and only a little beyond the minimum) with a dash
of randomness, so the draw pile runs out, hands empty, players are skipped and games are won.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from cardrules.games.the_game import (
    CARDS,
    END_TURN,
    Move,
    Play,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    option_grid,
)


def fits(card: int, pile: int, top: int) -> bool:
    return card > top or card == top - 10 if pile < 2 else card < top or card == top + 10


def gap(card: int, pile: int, top: int) -> int:
    """How far laying ``card`` moves the pile (negative for the backwards trick)."""
    return card - top if pile < 2 else top - card


def pair_cost(state: State, first: Play) -> int:
    """The gap of ``first`` plus the smallest gap of any card that could follow it."""
    tops = list(state.table.tops)
    cost = gap(first.card, first.pile, tops[first.pile])
    tops[first.pile] = first.card
    follow = [
        gap(card, pile, top)
        for card in state.hands[state.table.current] if card != first.card
        for pile, top in enumerate(tops) if fits(card, pile, top)
    ]
    return cost + (min(follow) if follow else 1000)


def careful_move(state: State, legal: tuple[Move, ...], rng: random.Random, reach: int = 1) -> Move:
    """The move a careful player makes (with a small chance of any legal move)."""
    if rng.random() < 0.02:
        return rng.choice(legal)
    plays = [move for move in legal if isinstance(move, Play)]
    if not plays:
        return END_TURN
    # An uncovered fire card is covered first, whatever it costs.
    burning = [move for move in plays if state.table.fire_due[move.pile] != -1]
    if burning:
        return min(burning, key=lambda move: gap(move.card, move.pile, state.table.tops[move.pile]))
    owed = state.minimum - state.table.laid
    if owed >= 2:
        return min(plays, key=lambda move: pair_cost(state, move))
    best = min(plays, key=lambda move: gap(move.card, move.pile, state.table.tops[move.pile]))
    if owed <= 0 and gap(best.card, best.pile, state.table.tops[best.pile]) > reach:
        return END_TURN
    return best


def careful_game(state: State, rng: random.Random) -> list[State]:
    """Every state of a carefully played game from ``state`` to its end."""
    states = [state]
    while True:
        legal = legal_moves(state)
        if not legal:
            return states
        state = apply(state, careful_move(state, legal, rng))
        states.append(state)


def friendly_deck(rng: random.Random, swaps: int, descending: bool) -> list[int]:
    """The cards in order with ``swaps`` random swaps of cards at most 6 places apart.

    Nearly ordered deals are easy, so careful play on them reaches the end of the game: the draw pile
    runs out, hands empty, seats are skipped, and games are won.
    """
    deck = sorted(CARDS, reverse=descending)
    for _ in range(swaps):
        i = rng.randrange(len(deck))
        j = min(len(deck) - 1, i + rng.randrange(1, 7))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@st.composite
def careful_states(draw: st.DrawFn, rules: Rules | None = None, max_back: int = 60) -> State:
    """A state from the last ``max_back`` moves of a carefully played game.

    Half the deals are seeded shuffles, half nearly ordered decks (see :func:`friendly_deck`).
    """
    if rules is None:
        rules = draw(st.sampled_from(option_grid()))
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    if draw(st.booleans()):
        swaps = draw(st.integers(min_value=0, max_value=300))
        deck = friendly_deck(rng, swaps, descending=draw(st.booleans()))
        start = new_game(rules, deck=deck, first_player=draw(st.integers(0, rules.players - 1)))
    else:
        start = new_game(rules, seed=draw(st.integers(min_value=0, max_value=2**32 - 1)))
    states = careful_game(start, rng)
    back = draw(st.integers(min_value=0, max_value=max_back))
    return states[max(0, len(states) - 1 - back)]
