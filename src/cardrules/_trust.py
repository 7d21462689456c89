"""What the library vouches for: the states and observations it built itself, which need no check.

A state from ``new_game``, from ``apply`` of a vouched-for state, from ``determinize`` or from
``from_json`` (which validates what it reads) is valid by construction, and so is ``observe`` of
one; ``determinize`` of a vouched-for observation skips the full check of the table and hand that
it makes on any other (the first call on an observation is then as cheap as the next ones).

The mark is a private field of the record, ``_trusted: bool = attrs.field(default=False,
init=False, eq=False, repr=False)``, that the constructor always sets to ``False``: a value
built by hand (``State(...)``, ``Observation(...)``), changed with ``attrs.evolve`` or read from JSON
without validation is never vouched for, and ``apply`` of such a state hands out a state that is
not vouched for either, however many moves later. The field is left out of ``==``, hashing,
``repr`` and JSON (two equal values stay equal whoever built them); ``copy`` and ``pickle`` keep it,
as a copy of a valid value is valid.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from cardrules.arguments import check_instance

__all__ = ["check_vouched_or_valid", "vouch", "vouched"]

T = TypeVar("T")


def vouch(value: object) -> None:
    """Mark ``value`` as built by the library (a value checked in full, or made by its verbs).

    >>> import attrs
    >>> from cardrules.games.the_game import Rules, new_game
    >>> state = new_game(Rules(), seed=1)
    >>> hand_built = attrs.evolve(state)
    >>> vouched(state), vouched(hand_built)
    (True, False)
    """
    object.__setattr__(value, "_trusted", True)


def vouched(value: object) -> bool:
    """Whether the library vouches for ``value`` (see the module's docstring for the rule).

    >>> from cardrules.games.the_game import Rules, State, new_game
    >>> state = new_game(Rules(players=1), seed=1)
    >>> vouched(state), vouched(State(state.rules, state.table, state.hands, state.draw_pile))
    (True, False)
    """
    return getattr(value, "_trusted", False) is True


def check_vouched_or_valid(value: object, kind: type[T], what: str, validate: Callable[[T], None]) -> None:
    """Check ``value`` as a verb or a bot that plays from it must: a ``kind`` (else
    :class:`~cardrules.errors.ArgumentError`, which names ``what``), and, unless the library vouches
    for it, one that ``validate`` accepts (a game's ``validate_observation``, which raises
    :class:`~cardrules.errors.InvalidStateError` at an impossible one). A vouched-for value costs
    one attribute read.

    >>> import attrs
    >>> from cardrules.games.the_game import Observation, Rules, new_game, observe, validate_observation
    >>> observation = observe(new_game(Rules(players=2), seed=1), 0)
    >>> check_vouched_or_valid(observation, Observation, "an observation", validate_observation)
    >>> check_vouched_or_valid(attrs.evolve(observation, hand=()), Observation, "an observation",
    ...                        validate_observation)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: the observer's hand size does not match its hand (0 cards, ...
    """
    checked = check_instance(value, kind, what)
    if not vouched(checked):
        validate(checked)
