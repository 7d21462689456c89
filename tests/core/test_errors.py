"""The one error hierarchy: everything cardrules raises is a CardrulesError, and says why."""

from __future__ import annotations

import inspect

import pytest

import cardrules
import cardrules.errors
from cardrules import (
    ArgumentError,
    CardrulesError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    NotYourTurnError,
    RegistrationError,
    RulesError,
    SerializationError,
    UnknownGameError,
)
from cardrules.games.the_game import Play

ERRORS = [
    ArgumentError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    NotYourTurnError,
    RegistrationError,
    RulesError,
    SerializationError,
    UnknownGameError,
]


def test_every_error_class_exported_derives_from_cardrules_error() -> None:
    exported = [
        value for name in cardrules.errors.__all__
        if inspect.isclass(value := getattr(cardrules.errors, name))
    ]
    assert set(exported) == {CardrulesError, *ERRORS}
    for cls in exported:
        assert issubclass(cls, CardrulesError), cls


@pytest.mark.parametrize("cls", ERRORS)
def test_error_classes_are_exported_at_the_package_root(cls: type[CardrulesError]) -> None:
    assert getattr(cardrules, cls.__name__) is cls
    assert cls.__name__ in cardrules.__all__


def test_illegal_move_error_is_a_value_error_and_a_cardrules_error() -> None:
    assert issubclass(IllegalMoveError, ValueError)
    assert issubclass(IllegalMoveError, CardrulesError)


@pytest.mark.parametrize(
    ("cls", "base"),
    [
        (ArgumentError, ValueError),
        (RulesError, ArgumentError),
        (NotationError, ValueError),
        (NotYourTurnError, ValueError),
        (SerializationError, ValueError),
        (InvalidStateError, ValueError),
        (RegistrationError, ValueError),
        (UnknownGameError, LookupError),
    ],
)
def test_errors_are_also_the_builtin_error_a_caller_expects(
    cls: type[CardrulesError], base: type[Exception]
) -> None:
    assert issubclass(cls, base)


def test_illegal_move_error_carries_the_move_and_the_reason() -> None:
    move = Play(35, 0)
    error = IllegalMoveError(move, "35 is not in seat 0's hand")
    assert error.move is move
    assert error.reason == "35 is not in seat 0's hand"
    assert str(error) == "illegal move 35 on up1: 35 is not in seat 0's hand"


def test_illegal_move_error_shortens_a_long_move_in_its_message() -> None:
    error = IllegalMoveError("x" * 200, "nonsense")
    assert str(error) == "illegal move " + "x" * 57 + "...: nonsense"
    assert error.move == "x" * 200


def test_notation_error_carries_the_text_and_the_reason() -> None:
    error = NotationError("fly", "write a move like '35 on up1'")
    assert error.text == "fly"
    assert error.reason == "write a move like '35 on up1'"
    assert str(error) == "cannot read move 'fly': write a move like '35 on up1'"


def test_a_caller_can_catch_everything_with_the_base_class() -> None:
    from cardrules.games.the_game import Rules, apply, new_game

    with pytest.raises(CardrulesError):
        Rules(players=9)
    with pytest.raises(CardrulesError):
        apply(new_game(Rules(), seed=1), "nonsense")  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        cardrules.from_json("{", Rules)
    with pytest.raises(CardrulesError):
        cardrules.legal_moves(object())  # type: ignore[arg-type]


def test_an_impossible_state_is_not_a_serialization_error() -> None:
    # Validators and determinize raise InvalidStateError outside any JSON; from_json wraps it.
    assert not issubclass(InvalidStateError, SerializationError)
    assert not issubclass(SerializationError, InvalidStateError)
