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

__all__ = ["vouch", "vouched"]


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
