"""OpenSpiel game parameters: what ``pyspiel.load_game`` takes, read from a game's ``Rules``.

OpenSpiel parameters are numbers, booleans and words, each with a default, so the parameters of a
game are derived from its ``Rules`` and their presets (the public classmethods of ``Rules``, see
:func:`cardrules.integrations._common.presets`):

- ``preset``, for a game that has presets: its name, the first preset by default;
- one parameter per option of ``Rules`` that holds a ``bool``, an ``int`` or a word (a ``str`` or a
  ``Literal`` of them), possibly ``None`` or a value of another type as well; options of other
  types (a custom deck, a scoring table) are no parameters.

An option on which the presets (or the rules' default) agree takes their value as its default. One
on which they differ keeps the preset's value unless it is given: its default is ``""`` for a word,
``0`` for a number, and a boolean becomes the word ``"yes"`` or ``"no"`` (``""`` keeps the
preset's). ``None`` is written ``0`` for a number (``-1`` where ``0`` keeps the preset's) and ``""``
for a word or a boolean. A game's ``openspiel`` facet may give other defaults
(``parameter_defaults``).
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal, cast

import attrs

from cardrules.arguments import shown
from cardrules.errors import ArgumentError, RegistrationError
from cardrules.integrations._common import presets
from cardrules.integrations.openspiel.draws import descriptor_of, facts_of, spiel_name
from cardrules.registry import SomeGame

__all__ = ["parameters", "parameters_of", "rules_from_parameters"]

_KEEP: Final = object()
"""What a parameter's value says when it keeps the preset's value."""
_NOTHING: Final = object()
"""No parameter value has this meaning."""
_NONE_INT: Final = 0
_NONE_INT_BESIDE_KEEP: Final = -1


@attrs.frozen
class _Option:
    """How one parameter reads as an option of ``Rules``."""

    name: str
    """The parameter, and the option's keyword."""
    default: object
    """The parameter's default (a ``bool``, an ``int`` or a ``str``)."""
    keep: object = _NOTHING
    """The value that keeps the preset's (``""``, ``0``), or ``_NOTHING``."""
    none: object = _NOTHING
    """The value that stands for ``None``, or ``_NOTHING``."""
    yes_no: bool = False
    """A boolean option written ``"yes"`` or ``"no"``."""

    def value(self, given: object) -> object:
        """The option's value for the parameter value ``given``: ``_KEEP`` to keep the preset's."""
        if given == self.keep and type(given) is type(self.keep):
            return _KEEP
        if given == self.none and type(given) is type(self.none):
            return None
        if self.yes_no:
            if given not in ("yes", "no"):
                choices = '"", "yes" or "no"' if self.keep == "" or self.none == "" else '"yes" or "no"'
                raise ArgumentError(f"{self.name} is {choices}, not {shown(given)}")
            return given == "yes"
        return given

    def parameter(self, value: object) -> object:
        """The parameter value that stands for the option's ``value``."""
        if value is None and self.none is not _NOTHING:
            return self.none
        if self.yes_no and type(value) is bool:
            return "yes" if value else "no"
        return value


def _kind(hint: object) -> tuple[type | None, bool]:
    """The one OpenSpiel type among the types an option's type ``hint`` allows (``None`` if none or
    several), and whether it allows ``None``."""
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    members = typing.get_args(hint) if union else (hint,)
    kinds: set[type] = set()
    for member in members:
        if member is bool or member is int or member is str:
            kinds.add(member)
        elif typing.get_origin(member) is Literal and all(type(word) is str
                                                          for word in typing.get_args(member)):
            kinds.add(str)
    return (kinds.pop() if len(kinds) == 1 else None), type(None) in members


def _option(name: str, kind: type, nullable: bool, values: list[object], default: object) -> _Option:
    """The parameter of an option of type ``kind`` that the presets set to ``values``; ``default``
    is the game's own default for it, or ``_NOTHING``."""
    keep_needed = len(set(map(repr, values))) > 1 or not (values[0] is None or type(values[0]) is kind)
    if kind is bool:
        yes_no = keep_needed or nullable
        option = _Option(name, "", keep="" if keep_needed else _NOTHING,
                         none="" if nullable and not keep_needed else _NOTHING, yes_no=yes_no)
    elif kind is int:
        none = (_NONE_INT_BESIDE_KEEP if keep_needed else _NONE_INT) if nullable else _NOTHING
        option = _Option(name, 0, keep=0 if keep_needed else _NOTHING, none=none)
    else:
        option = _Option(name, "", keep="" if keep_needed else _NOTHING,
                         none="" if nullable and not keep_needed else _NOTHING)
    if default is not _NOTHING:
        default = option.parameter(default)
    elif keep_needed:
        default = option.keep
    else:
        default = option.parameter(values[0])
    spiel_type = str if option.yes_no else kind
    if type(default) is not spiel_type:
        raise RegistrationError(f"{name}: an OpenSpiel parameter of type {spiel_type.__name__} cannot "
                                f"stand for {shown(default)}")
    return attrs.evolve(option, default=default)


@functools.cache
def _options(game: SomeGame) -> tuple[dict[str, Callable[..., object]], tuple[_Option, ...]]:
    """``game``'s presets by name and the options its parameters set, in the order of ``Rules``."""
    facts = facts_of(game)
    known = presets(game)
    samples = [build() for build in known.values()] or [game.rules_type()]
    overrides: Mapping[str, object] = getattr(facts, "parameter_defaults", {})
    hints = typing.get_type_hints(game.rules_type)
    options = []
    for field in attrs.fields(cast(Any, game.rules_type)):
        kind, nullable = _kind(hints[field.name])
        if not field.init or kind is None:
            continue
        values = [getattr(sample, field.name) for sample in samples]
        options.append(_option(field.alias, kind, nullable, values, overrides.get(field.alias, _NOTHING)))
    unknown = set(overrides) - {option.name for option in options}
    if unknown:
        raise RegistrationError(f"{game.name}'s openspiel parameter_defaults names no parameter: "
                                f"{', '.join(sorted(unknown))}")
    return known, tuple(options)


def parameters_of(game: SomeGame | str) -> dict[str, object]:
    """The OpenSpiel parameters of ``game`` (a descriptor, or a game's name) and their defaults.

    >>> parameters_of("the-game")
    {'players': 1, 'expert': False, 'reduced_hand': False, 'on_fire': False}
    >>> spec = parameters_of("mille-bornes")
    >>> spec["preset"], spec["target_score"], spec["race"], spec["small_table_deck"]
    ('parker', 0, 0, '')
    """
    known, options = _options(descriptor_of(game))
    preset: dict[str, object] = {"preset": next(iter(known))} if known else {}
    return preset | {option.name: option.default for option in options}


def parameters(params: Mapping[str, object] | None, game: SomeGame) -> dict[str, object]:
    """``game``'s default parameters updated with ``params``, each checked to be a parameter of the
    right type."""
    defaults = parameters_of(game)
    values = dict(defaults)
    name_in_spiel = spiel_name(game)
    for name, value in (params or {}).items():
        if name not in defaults:
            raise ArgumentError(f"{name_in_spiel} has no parameter {shown(name)}; its parameters are "
                                f"{', '.join(defaults)}")
        # OpenSpiel parameters are typed, and a bool is an int to Python: refuse True for a number.
        if type(value) is not type(defaults[name]):
            raise ArgumentError(f"{name_in_spiel}'s parameter {name} is a {type(defaults[name]).__name__}, "
                                f"not {shown(value)}")
        values[name] = value
    return values


def rules_from_parameters(game: SomeGame | str, params: Mapping[str, object] | None = None) -> object:
    """The rules of ``game`` (a descriptor, or a game's name) for OpenSpiel game parameters (those
    not given take their defaults): the preset's keywords (or the ``Rules`` constructor's), then the
    other options on top.

    >>> rules_from_parameters("the-game", {"players": 3, "expert": True})
    Rules(players=3, expert=True, reduced_hand=False, on_fire=False)
    >>> room = {"preset": "room", "players": 4, "team_size": 2}
    >>> rules = rules_from_parameters("mille-bornes", room)
    >>> rules.race, rules.target_score, rules.discard
    (1000, None, 'unplayable_only')
    >>> rules_from_parameters("mille-bornes", {"preset": "bridge"})
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: preset is one of parker, french, wikipedia, room, not 'bridge'
    """
    game = descriptor_of(game)
    values = parameters(params, game)
    known, options = _options(game)
    build: Callable[..., object] = game.rules_type
    if known:
        preset = values["preset"]
        if preset not in known:
            raise ArgumentError(f"preset is one of {', '.join(known)}, not {shown(preset)}")
        build = known[str(preset)]
    chosen = {option.name: option.value(values[option.name]) for option in options}
    chosen = {name: value for name, value in chosen.items() if value is not _KEEP}
    # A preset takes some options as keywords; the others are set on what it builds.
    keywords = inspect.signature(build).parameters
    rules = build(**{name: value for name, value in chosen.items() if name in keywords})
    rest = {name: value for name, value in chosen.items() if name not in keywords}
    return attrs.evolve(rules, **rest) if rest else rules  # type: ignore[misc]  # Rules checks every value
