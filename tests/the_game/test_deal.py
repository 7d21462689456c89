"""determinize's deal: the unseen cards in the order the bulk shuffle draws, dealt in seat order, so
that every card is as likely in every hidden place, and the hand on turn is dealt only hands its
player could hold."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from cardrules._shuffling import places
from cardrules.games.the_game import (
    Observation,
    Rules,
    State,
    apply,
    determinize,
    legal_moves,
    new_game,
    observe,
)

from .positions import build_state


def _played(rules: Rules, seed: int, moves: int) -> State:
    """The state after ``moves`` random moves of the game dealt from ``seed``."""
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def _dealt_by_places(
    observation: Observation, rng: random.Random
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The hands and the draw pile that ``shuffling.places`` deals: the unseen cards, sorted, in the
    order of its places, to the other seats in seat order and then to the draw pile."""
    seen = {*observation.hand, *(card for pile in observation.table.piles for card in pile)}
    unseen = [card for card in range(2, 100) if card not in seen]
    order = [unseen[place] for place in places(len(unseen), rng)]
    hands = []
    for seat, size in enumerate(observation.table.hand_sizes):
        if seat == observation.seat:
            hands.append(observation.hand)
        else:
            hands.append(tuple(sorted(order[:size])))
            del order[:size]
    return tuple(hands), tuple(order)


def test_determinize_deals_the_order_the_bulk_shuffle_draws() -> None:
    # determinize writes out shuffling.places for speed: it must deal exactly what places draws, so
    # that the shuffle's own tests (every order as likely) hold for the deal.
    for rules in (Rules(players=1, expert=True), Rules(players=3), Rules(players=5, on_fire=True)):
        for seed in range(4):
            state = _played(rules, seed, 3 * seed)
            for seat in range(rules.players):
                observation = observe(state, seat)
                for draw in range(3):
                    dealt = determinize(observation, random.Random(draw))
                    expected = _dealt_by_places(observation, random.Random(draw))
                    assert (dealt.hands, dealt.draw_pile) == expected


def test_every_unseen_card_is_as_likely_in_every_hidden_place() -> None:
    observation = observe(new_game(Rules(players=3), seed=11), 0)
    rng = random.Random(5)
    draws = 3_000
    in_hand_1: Counter[int] = Counter()
    on_top: Counter[int] = Counter()
    for _ in range(draws):
        state = determinize(observation, rng)
        in_hand_1.update(state.hands[1])
        on_top[state.draw_pile[0]] += 1
    unseen = 98 - len(observation.hand)  # 92: two hands of 6 and a draw pile of 80
    for counts, per_draw in ((in_hand_1, 6), (on_top, 1)):
        assert len(counts) == unseen
        expected = draws * per_draw / unseen
        chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
        # 91 degrees of freedom: a fair deal exceeds 160 about once in a hundred thousand runs.
        assert chi_square < 160


def test_the_hand_on_turn_is_any_hand_its_player_could_hold_as_often() -> None:
    # Seat 1 laid one card and owes another, so it holds a card that fits: of the 8 unseen cards,
    # only 95 fits a pile (tops 90, 91 up and 10, 11 down), so its 6 cards are 95 and 5 of the 7
    # others, each of those 21 hands as likely.
    state = build_state(
        Rules(players=2),
        tops=(90, 91, 10, 11),
        hands=((50, 51, 52, 53, 54, 55, 56), (40, 41, 42, 43, 44, 95)),
        draw_pile=(45, 46),
        current=1,
        laid=1,
    )
    observation = observe(state, 0)
    rng = random.Random(3)
    draws = 4_200
    hands = Counter(determinize(observation, rng).hands[1] for _ in range(draws))
    others = (40, 41, 42, 43, 44, 45, 46)
    assert set(hands) == {tuple(sorted((*five, 95))) for five in combinations(others, 5)}
    expected = draws / 21
    chi_square = sum((count - expected) ** 2 / expected for count in hands.values())
    # 20 degrees of freedom: a fair deal exceeds 60 about once in a hundred thousand runs.
    assert chi_square < 60
