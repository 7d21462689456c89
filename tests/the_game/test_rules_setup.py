"""Set-up: player counts, hand sizes, the deal (seeded or from an explicit deck), who starts."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

import pytest

from cardrules import ArgumentError, GameRecord, RulesError
from cardrules.games.the_game import (
    CARDS,
    EndTurn,
    Rules,
    apply,
    current_player,
    legal_moves,
    new_game,
)

from .positions import deck_order, lay_and_end, play_all


@pytest.mark.parametrize(("players", "hand_size"), [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_hand_size_depends_on_the_player_count(players: int, hand_size: int) -> None:
    state = new_game(Rules(players=players), seed=5)
    assert Rules(players=players).hand_size == hand_size
    assert [len(hand) for hand in state.hands] == [hand_size] * players
    assert len(state.draw_pile) == 98 - players * hand_size


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_deal_uses_all_98_cards_once(players: int) -> None:
    state = new_game(Rules(players=players), seed=8)
    dealt = [card for hand in state.hands for card in hand] + list(state.draw_pile)
    assert sorted(dealt) == list(CARDS)
    assert state.table.piles == ((1,), (1,), (100,), (100,))


def test_every_pile_starts_with_its_row_card() -> None:
    state = new_game(Rules(players=2), seed=1)
    assert state.table.tops == (1, 1, 100, 100)
    assert state.table.laid == 0
    assert state.table.turn == 0
    assert state.table.status == "playing"


def test_hands_are_dealt_sorted() -> None:
    state = new_game(Rules(players=4), seed=12)
    for hand in state.hands:
        assert list(hand) == sorted(hand)


def test_deck_deals_seat_zero_the_first_hand_size_cards() -> None:
    deck = list(range(99, 1, -1))
    state = new_game(Rules(players=3), deck=deck)
    assert state.hands == (
        (94, 95, 96, 97, 98, 99),
        (88, 89, 90, 91, 92, 93),
        (82, 83, 84, 85, 86, 87),
    )
    assert state.draw_pile == tuple(range(81, 1, -1))


def test_deck_draw_pile_is_drawn_from_the_front() -> None:
    deck = deck_order([50, 51, 52, 53, 54, 55, 56, 57], draw_front=[80, 3, 61, 99])
    state = new_game(Rules(players=1), deck=deck)
    state = play_all(state, (50, 0), (51, 0), (52, 0), EndTurn())
    assert state.hands[0] == (3, 53, 54, 55, 56, 57, 61, 80)
    assert state.draw_pile[:1] == (99,)
    assert state.draw_pile == tuple(deck[11:])


def test_deck_accepts_any_iterable_of_the_cards() -> None:
    from_range = new_game(Rules(players=2), deck=range(2, 100))
    from_list = new_game(Rules(players=2), deck=list(range(2, 100)))
    assert from_range == from_list
    assert from_range.hands[0] == tuple(range(2, 9))


def test_first_player_starts() -> None:
    state = new_game(Rules(players=4), seed=3, first_player=2)
    assert current_player(state) == 2
    assert state.table.current == 2


def test_play_goes_on_cyclically_from_the_first_player() -> None:
    state = new_game(Rules(players=3), seed=4, first_player=2)
    seats = []
    for _ in range(4):
        seats.append(current_player(state))
        state = lay_and_end(state)
    assert seats == [2, 0, 1, 2]


def test_first_player_defaults_to_seat_zero() -> None:
    assert current_player(new_game(Rules(players=5), seed=1)) == 0


@pytest.mark.parametrize("first_player", [-1, 3, 7])
def test_first_player_must_be_at_the_table(first_player: int) -> None:
    with pytest.raises(ArgumentError, match="first_player"):
        new_game(Rules(players=3), seed=1, first_player=first_player)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40, -3])
def test_same_seed_deals_the_same_game(seed: int) -> None:
    assert new_game(Rules(players=3), seed=seed) == new_game(Rules(players=3), seed=seed)


def test_different_seeds_deal_different_games() -> None:
    deals = {new_game(Rules(players=2), seed=seed).hands for seed in range(20)}
    assert len(deals) == 20


def test_seeded_deal_ignores_the_global_random_state() -> None:
    random.seed(1)
    first = new_game(Rules(players=2), seed=42)
    random.seed(2)
    random.random()
    assert new_game(Rules(players=2), seed=42) == first


@pytest.mark.parametrize("seed", [*range(300), 2024, 2**70, -5])
def test_seeded_deal_is_a_shuffle_by_random_random_of_the_seed(seed: int) -> None:
    # The contract names the generator: random.Random(seed), so deals are the same on every machine.
    # The engine writes random.shuffle's draws out; the deals must stay exactly the shuffle's.
    order = list(CARDS)
    random.Random(seed).shuffle(order)
    state = new_game(Rules(players=2), seed=seed)
    assert state == new_game(Rules(players=2), deck=order)


@pytest.mark.parametrize("players", [0, 6, -1, 100])
def test_bad_player_count_is_a_rules_error(players: int) -> None:
    with pytest.raises(RulesError, match=rf"1 to 5 players, not {players}"):
        Rules(players=players)


@pytest.mark.parametrize("players", ["2", 2.0, True, None])
def test_player_count_must_be_a_whole_number(players: object) -> None:
    with pytest.raises(RulesError, match="1 to 5 players"):
        Rules(players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize("option", ["expert", "reduced_hand", "on_fire"])
def test_options_are_true_or_false(option: str) -> None:
    with pytest.raises(RulesError, match=option):
        Rules(**{option: 1})  # type: ignore[arg-type]


def test_new_game_refuses_something_that_is_not_rules() -> None:
    with pytest.raises(RulesError, match="Rules"):
        new_game({"players": 2}, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deck", "words"),
    [
        (list(range(2, 99)), "missing [99]"),
        ([*range(2, 99), 98], "missing [99]"),
        ([*range(2, 99), 98], "extra [98]"),
        ([1, *range(3, 100)], "missing [2]"),
        ([*range(2, 99), 100], "extra [100]"),
        ([*range(2, 100), 50], "98 cards, not more"),
        (["2", *range(3, 100)], "int cards, not '2'"),
        ([2.0, *range(3, 100)], "int cards, not 2.0"),
        ([], "missing [2, 3, 4, 5, 6]"),
    ],
)
def test_deck_that_is_not_a_permutation_of_the_cards_is_refused_saying_what_is_wrong(
    deck: list[object], words: str
) -> None:
    with pytest.raises(RulesError, match="a deck of The Game holds") as caught:
        new_game(Rules(players=2), deck=deck)  # type: ignore[arg-type]
    assert words in str(caught.value)


def test_a_deck_of_20000_cards_is_refused_without_reading_past_its_99th_card() -> None:
    # It used to be read whole and checked card by card with list.count: seconds for 20,000 cards.
    read = 0

    def endless_cards() -> Iterator[int]:
        nonlocal read
        for _ in range(20_000):
            read += 1
            yield 2 + read % 98

    with pytest.raises(RulesError, match="98 cards, not more"):
        new_game(Rules(), deck=endless_cards())
    assert read == len(CARDS) + 1


@pytest.mark.parametrize("start", [new_game, GameRecord.start], ids=["new_game", "record"])
def test_a_deck_listing_20000_cards_is_refused_in_a_moment(start: Callable[..., object]) -> None:
    deck = list(CARDS) * 205
    started = time.perf_counter()
    with pytest.raises(RulesError, match="98 cards, not more"):
        start(Rules(), deck=deck)
    assert time.perf_counter() - started < 0.5  # it took 3.7 s on a machine where this takes 20 µs


def test_deck_that_is_not_a_sequence_is_a_clear_error() -> None:
    with pytest.raises(ArgumentError, match="deck"):
        new_game(Rules(players=2), deck=42)  # type: ignore[arg-type]


def test_bad_deck_is_a_rules_error() -> None:
    # errors.RulesError: "A game was configured in a way its rules do not allow (a bad player
    # count, a bad deck, ...)" -- so a deck that is not 2..99 must be caught as a RulesError.
    with pytest.raises(RulesError):
        new_game(Rules(players=2), deck=range(3, 100))


def test_seed_and_deck_together_are_refused() -> None:
    with pytest.raises(ArgumentError, match="not both"):
        new_game(Rules(), seed=1, deck=range(2, 100))


@pytest.mark.parametrize("seed", ["7", 7.0, (7,)])
def test_seed_must_be_a_whole_number(seed: object) -> None:
    with pytest.raises(ArgumentError, match="seed"):
        new_game(Rules(), seed=seed)  # type: ignore[arg-type]


def test_the_first_turn_needs_cards_before_it_can_end() -> None:
    state = new_game(Rules(players=2), seed=9)
    assert EndTurn() not in legal_moves(state)
    with pytest.raises(ValueError, match="lay at least 2 cards"):
        apply(state, EndTurn())
