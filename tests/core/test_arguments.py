"""The shared argument checks: the same mistake gets the same error in every game, in bounded time."""

from __future__ import annotations

import itertools
import random

import pytest

from cardrules import ArgumentError, RulesError
from cardrules.arguments import (
    MAX_TEXT_CHARS,
    check_deck,
    check_first_player,
    check_rng,
    check_seat,
    check_seed,
    check_text,
)


@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "1", None])
def test_a_seat_is_a_whole_number_at_the_table(seat: object) -> None:
    with pytest.raises(ArgumentError, match="seat is a number from 0 to 2"):
        check_seat(seat, 3)


def test_a_bad_first_player_is_a_rules_error_of_the_set_up() -> None:
    with pytest.raises(RulesError, match="first_player is a seat from 0 to 1"):
        check_first_player(2, 2)


@pytest.mark.parametrize("seed", [1.5, "7", True, b"7"])
def test_a_seed_is_a_whole_number(seed: object) -> None:
    with pytest.raises(RulesError, match="a seed is a whole number"):
        check_seed(seed)


def test_an_rng_is_a_random_or_a_whole_number_seed() -> None:
    rng = random.Random(1)
    assert check_rng(rng) is rng
    assert check_rng(4).random() == random.Random(4).random()
    for bad in (True, 1.5, None, "4"):
        with pytest.raises(ArgumentError, match=r"rng is a random\.Random or a whole-number seed"):
            check_rng(bad)


def test_an_endless_deck_is_refused_as_soon_as_it_is_longer_than_the_real_one() -> None:
    with pytest.raises(RulesError, match="exactly its 3 cards, not more"):
        check_deck(itertools.count(), (1, 2, 3), int, name="a test")


def test_a_deck_names_what_is_missing_and_what_is_extra() -> None:
    with pytest.raises(RulesError, match=r"missing \[3\]; extra \[2\]"):
        check_deck([1, 2, 2], (1, 2, 3), int, name="a test")
    with pytest.raises(RulesError, match="holds int cards, not '2'"):
        check_deck([1, "2", 3], (1, 2, 3), int, name="a test")
    with pytest.raises(RulesError, match="a deck is a sequence of cards, not str"):
        check_deck("123", (1, 2, 3), int, name="a test")


def test_text_past_the_limit_is_refused_before_it_is_read() -> None:
    assert check_text("x" * MAX_TEXT_CHARS) == "x" * MAX_TEXT_CHARS
    with pytest.raises(ArgumentError, match=f"at most {MAX_TEXT_CHARS} characters"):
        check_text("9" * 4300)
    with pytest.raises(ArgumentError, match="written as text, not int"):
        check_text(35)
