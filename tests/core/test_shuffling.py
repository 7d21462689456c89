"""The bulk shuffle behind ``determinize``: every order equally likely, every card kept."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
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


# --- the sort in numpy (cardrules[fast]) deals exactly what the sort in Python deals -------------


def test_with_numpy_the_first_shuffle_picks_the_sort_in_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shuffling, "sort_keys", shuffling._first_sort)
    order = shuffled(bytes(range(30)), random.Random(4))
    assert shuffling.sort_keys.__name__ == "sort_keys_in_numpy"
    assert order == shuffled(bytes(range(30)), random.Random(4))


def test_without_numpy_the_first_shuffle_picks_the_sort_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # what an install without numpy sees: ImportError
    monkeypatch.setattr(shuffling, "sort_keys", shuffling._first_sort)
    order = shuffled(bytes(range(30)), random.Random(4))
    assert shuffling.sort_keys is shuffling.sort_keys_in_python
    monkeypatch.undo()
    assert order == shuffled(bytes(range(30)), random.Random(4))


@pytest.mark.parametrize("count", [2, 3, 17, 86, 98, 255, 256])
def test_the_sort_in_numpy_puts_the_keys_in_the_order_of_the_sort_in_python(count: int) -> None:
    in_numpy = shuffling._numpy_sort()
    assert in_numpy is not None
    rng = random.Random(count)
    for _ in range(200):
        drawn, floats = shuffling.keys_of(count, rng.getrandbits(64 * count))
        assert in_numpy(drawn, floats) == shuffling.sort_keys_in_python(drawn, floats)
    # Keys whose random bits all tie keep the order of their places in both.
    drawn, floats = shuffling.keys_of(count, 0)
    assert in_numpy(drawn, floats) == shuffling.sort_keys_in_python(drawn, floats) == bytes(range(count))


def test_a_numpy_that_sorted_the_keys_otherwise_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    class _Backwards:
        """Stands for a numpy whose sort would put the keys in another order."""

        def frombuffer(self, data: bytes, dtype: object) -> _Backwards.Words:
            return _Backwards.Words(data)

        def dtype(self, name: str) -> str:
            return name

        class Words:
            def __init__(self, data: bytes) -> None:
                self.words = [data[at:at + 8] for at in range(0, len(data), 8)]

            def copy(self) -> _Backwards.Words:
                return self

            def sort(self) -> None:
                self.words.sort(reverse=True)

            def tobytes(self) -> bytes:
                return b"".join(self.words)

    monkeypatch.setitem(sys.modules, "numpy", _Backwards())
    assert shuffling._numpy_sort() is None
    monkeypatch.setattr(shuffling, "sort_keys", shuffling._first_sort)
    shuffled(bytes(range(10)), random.Random(1))
    assert shuffling.sort_keys is shuffling.sort_keys_in_python


_WORLDS = """
import random
import cardrules
from cardrules import _shuffling
from cardrules.games import mille_bornes, the_game
tables = ((the_game, the_game.Rules(players=4)), (mille_bornes, mille_bornes.Rules(players=3)),
          (mille_bornes, mille_bornes.Rules(players=4, team_size=2)))
for game, rules in tables:
    for seed in range(6):
        observation = cardrules.observe(game.new_game(rules, seed=seed), 1)
        print(cardrules.to_json(cardrules.determinize(observation, random.Random(seed))))
print(_shuffling.sort_keys.__name__)
"""


def _worlds(*, numpy: bool) -> list[str]:
    code = ("" if numpy else "import sys; sys.modules['numpy'] = None\n") + _WORLDS
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True).stdout.splitlines()


def test_a_process_without_numpy_deals_the_worlds_that_one_with_numpy_deals() -> None:
    # The promise to bot writers: a seed determinizes the same world with or without numpy.
    *with_numpy, sort = _worlds(numpy=True)
    assert sort == "sort_keys_in_numpy"
    *without_numpy, sort = _worlds(numpy=False)
    assert sort == "sort_keys_in_python"
    assert len(with_numpy) == 18
    assert without_numpy == with_numpy
