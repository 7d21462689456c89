"""The bulk shuffle behind ``determinize``: every order equally likely, every card kept."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from cardrules import _shuffling as shuffling
from cardrules._shuffling import shuffled


def test_every_order_of_four_cards_comes_up_as_often() -> None:
    rng = random.Random(2024)
    cards = bytes([7, 20, 3, 99])
    draws = 48_000
    counts = Counter(shuffled(cards, rng) for _ in range(draws))
    assert set(counts) == {bytes(order) for order in itertools.permutations(cards)}
    expected = draws / 24
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    # 23 degrees of freedom: a fair shuffle exceeds 60 about once in a hundred thousand runs.
    assert chi_square < 60


def test_each_card_lands_in_each_place_as_often() -> None:
    rng = random.Random(7)
    cards = bytes(range(2, 100))
    draws = 6_000
    places = Counter((card, place) for _ in range(draws) for place, card in enumerate(shuffled(cards, rng)))
    # Each (card, place) is a binomial count of mean draws / 98 (about 61, sd about 7.8).
    assert min(places.values()) > 20
    assert max(places.values()) < 110


def test_repeated_cards_are_all_kept() -> None:
    cards = bytes([5, 5, 5, 9, 9, 0, 0, 0, 0, 17])
    order = shuffled(cards, random.Random(3))
    assert sorted(order) == sorted(cards)


def test_the_same_generator_state_gives_the_same_order() -> None:
    cards = bytes(range(40))
    assert shuffled(cards, random.Random(11)) == shuffled(cards, random.Random(11))
    assert shuffled(cards, random.Random(11)) != shuffled(cards, random.Random(12))


@pytest.mark.parametrize("cards", [b"", b"\x05"])
def test_nothing_to_shuffle_comes_back_as_is(cards: bytes) -> None:
    assert shuffled(cards, random.Random(1)) == cards


def test_places_are_the_order_of_the_random_keys_whatever_the_byte_order() -> None:
    # Worked out with whole numbers only: each place's 44 random bits, taken from the draw as
    # little-endian 64-bit words, then the place, so that the order cannot depend on how the
    # machine lays out bytes or floats.
    count = 37
    bits = shuffling.keys(count)[0]
    for seed in range(10):
        drawn = random.Random(seed).getrandbits(bits)
        words = [(drawn >> (64 * place)) & (2**64 - 1) for place in range(count)]
        ranked = sorted(((word >> 8) & (2**44 - 1), place) for place, word in enumerate(words))
        assert shuffling.places(count, random.Random(seed)) == bytes(place for _, place in ranked)


class _NoRandomBits(random.Random):
    """A generator whose every draw of bits is 0, so every card's key ties with every other."""

    def getrandbits(self, k: int) -> int:
        return 0


def test_cards_whose_keys_tie_keep_their_order() -> None:
    cards = bytes([40, 7, 99, 7, 3])
    assert shuffled(cards, _NoRandomBits()) == cards


def test_more_than_256_cards_are_shuffled_through_random_shuffle() -> None:
    cards = bytes(range(256)) + bytes(range(44))
    order = shuffled(cards, random.Random(8))
    expected = list(cards)
    random.Random(8).shuffle(expected)
    assert order == bytes(expected)


def test_places_deal_the_order_that_shuffled_deals() -> None:
    cards = bytes([9, 3, 77, 41, 41, 12])
    table = cards.ljust(256, b"\0")
    for seed in range(20):
        assert shuffling.places(len(cards), random.Random(seed)).translate(table) == shuffled(
            cards, random.Random(seed))
