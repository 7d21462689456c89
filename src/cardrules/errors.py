"""The one error hierarchy of cardrules: every error the library raises derives from CardrulesError."""

from __future__ import annotations

from typing import Literal, Protocol

__all__ = [
    "ArgumentError",
    "CardrulesError",
    "IllegalMoveError",
    "InvalidStateError",
    "NotYourTurnError",
    "NotationError",
    "RegistrationError",
    "RulesError",
    "SerializationError",
    "UnknownGameError",
]


class CardrulesError(Exception):
    """Base class of every error raised by cardrules."""


class ArgumentError(CardrulesError, ValueError):
    """A public function was given an argument it cannot accept (a seat that does not exist, ...)."""


class RulesError(ArgumentError):
    """A game was configured in a way its rules do not allow (a bad player count, a bad deck, ...).

    >>> from cardrules.games.the_game import Rules
    >>> Rules(players=6)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: The Game is played by 1 to 5 players, not 6
    """


class Worded(Protocol):
    """A message that can be written in any of the library's languages: a
    :class:`cardrules.i18n.Wording` (named here by its shape: :mod:`cardrules.i18n` imports this module)."""

    def __call__(self, lang: Literal["en", "es", "fr"], /) -> str:
        """The message in ``lang``."""
        ...


class IllegalMoveError(CardrulesError, ValueError):
    """The move is not allowed in this state; ``reason`` says why in a player's words.

    ``move`` is the offending move (or whatever object was passed as one). ``wording``, when the
    game gives one, is ``reason`` as a :class:`~cardrules.i18n.Wording`, for a front end to show in
    the player's language (``reason`` is its English text).
    """

    def __init__(self, move: object, reason: str, *, wording: Worded | None = None) -> None:
        super().__init__(f"illegal move {_show(move)}: {reason}")
        self.move = move
        self.reason = reason
        self.wording = wording


class NotationError(CardrulesError, ValueError):
    """A move written as text could not be read; ``reason`` says why, and ``wording`` (when the game
    gives one) is the same reason as a :class:`~cardrules.i18n.Wording`, for any language."""

    def __init__(self, text: str, reason: str, *, wording: Worded | None = None) -> None:
        super().__init__(f"cannot read move {text!r}: {reason}")
        self.text = text
        self.reason = reason
        self.wording = wording


class NotYourTurnError(CardrulesError, ValueError):
    """A seat answered a decision that is not its own now: another seat decides, or the game is over.

    ``seat`` is the seat that answered, ``to_move`` the seat that decides now (``None`` once the
    game is over).
    """

    def __init__(self, seat: int, to_move: int | None) -> None:
        if to_move is None:
            message = f"the game is over: seat {seat} has no decision to make"
        else:
            message = f"it is not seat {seat}'s decision: seat {to_move} decides now"
        super().__init__(message)
        self.seat = seat
        self.to_move = to_move


class SerializationError(CardrulesError, ValueError):
    """JSON that ``from_json`` refuses: malformed, not what was asked for, or describing a value that
    could not arise (then the :class:`InvalidStateError` that says why is its ``__cause__``)."""


class InvalidStateError(CardrulesError, ValueError):
    """A state, observation or result that could never arise under its rules.

    Raised by the validators (``validate_state`` and friends) and by ``determinize``, wherever the
    value came from; ``from_json`` turns it into a :class:`SerializationError`.
    """


class UnknownGameError(CardrulesError, LookupError):
    """A game name that is not registered, or an object that belongs to no registered game."""


class RegistrationError(CardrulesError, ValueError):
    """A game that cannot be registered: its name is taken by another game, or its module does not
    satisfy the game contract."""


def _show(move: object) -> str:
    try:
        text = str(move)
    except ValueError:
        # A whole number past Python's 4300 digits. (This module cannot use arguments.shown, which
        # imports it, so it says less: the type alone.)
        return f"<{type(move).__name__} too large to show>"
    text = text if len(text) <= 60 else text[:57] + "..."
    if not text.isprintable():
        # Whatever was passed as a move (a caller's string) must print on any terminal and not drive
        # it: escaped as ``ascii`` does (arguments.printable, which keeps letters, imports this module).
        text = ascii(text)[1:-1]
    return text
