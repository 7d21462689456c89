"""Observation encoders: an observation as a flat ``float32`` vector, with a layout naming every slice.

A game declares the factory that builds its encoder from a rules value as its ``encoder`` facet
(``encoder="package.module:Factory"`` in its :class:`~cardrules.contract.Game`);
:func:`observation_encoder` loads it through the registry and caches one encoder per rules.
An encoder reads only the observation (never a hidden card), so the vector of an observation is
the vector of ``observe(determinize(observation, rng), seat)`` for every ``rng``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Protocol, cast

import attrs
import numpy as np
import numpy.typing as npt

from cardrules.arguments import shown
from cardrules.errors import ArgumentError, RegistrationError
from cardrules.rl.lookup import game_of_rules

__all__ = [
    "EncoderFactory",
    "ObservationEncoder",
    "Segment",
    "Vector",
    "layout_of",
    "observation_encoder",
]

Vector = npt.NDArray[np.float32]
"""An encoded observation: a 1-D ``float32`` array."""


@attrs.frozen
class Segment:
    """One named slice of an encoding: ``vector[start:stop]`` means ``description``.

    >>> segment = Segment("hand", 0, 98, "1 for each card 2..99 in the observer's hand")
    >>> segment.size
    98
    """

    name: str
    start: int
    stop: int
    description: str

    @property
    def size(self) -> int:
        """How many entries the segment spans."""
        return self.stop - self.start


def layout_of(parts: Iterable[tuple[str, int, str]]) -> tuple[Segment, ...]:
    """Segments laid end to end from ``(name, size, description)`` parts.

    >>> [(s.name, s.start, s.stop) for s in layout_of([("a", 2, "first"), ("b", 3, "second")])]
    [('a', 0, 2), ('b', 2, 5)]
    """
    segments = []
    at = 0
    names: set[str] = set()
    for name, size, description in parts:
        if type(size) is not int or size < 0:
            raise ArgumentError(f"segment {shown(name)} needs a size of zero or more, not {shown(size)}")
        if name in names:
            raise ArgumentError(f"two segments are called {name!r}")
        names.add(name)
        segments.append(Segment(name, at, at + size, description))
        at += size
    return tuple(segments)


class ObservationEncoder(Protocol):
    """What :func:`observation_encoder` returns: a fixed 1-D ``shape``, the ``layout`` that names
    its slices, and ``encode``."""

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of every encoding: ``(n,)``."""
        ...

    @property
    def layout(self) -> tuple[Segment, ...]:
        """The named slices, end to end, covering the whole vector."""
        ...

    def encode(self, observation: object) -> Vector:
        """The vector of ``observation`` (a fresh array the caller may keep and change)."""
        ...


EncoderFactory = Callable[[object], ObservationEncoder]
"""Builds a game's encoder for one rules value."""

_ENCODERS: dict[object, ObservationEncoder] = {}
_LOCK = threading.Lock()


def observation_encoder(rules: object) -> ObservationEncoder:
    """The observation encoder of the game ``rules`` belong to (built by its ``encoder`` facet); the
    same object for equal rules.

    >>> from cardrules import rl
    >>> from cardrules.games import the_game
    >>> encoder = rl.observation_encoder(the_game.Rules(players=3))
    >>> obs = the_game.observe(the_game.new_game(the_game.Rules(players=3), seed=2), 1)
    >>> vector = encoder.encode(obs)
    >>> vector.shape == encoder.shape, vector.dtype
    (True, dtype('float32'))
    >>> hand = next(s for s in encoder.layout if s.name == "hand")
    >>> [card + 2 for card in vector[hand.start:hand.stop].nonzero()[0]] == list(obs.hand)
    True
    """
    encoder = _ENCODERS.get(rules)
    if encoder is not None:
        return encoder
    game, _ = game_of_rules(rules)
    factory = cast("EncoderFactory | None", game.facet("encoder"))
    if factory is None:
        raise ArgumentError(f"{game.title} has no observation encoder; a game declares one as its encoder "
                            f"facet: encoder='package.module:Factory' in its Game")
    if not callable(factory):
        raise RegistrationError(f"{game.title}'s encoder facet ({game.encoder}) is not called with a rules "
                                f"value: it is {type(factory).__name__}")
    with _LOCK:
        encoder = _ENCODERS.get(rules)
        if encoder is None:
            encoder = factory(rules)
            for name in ("shape", "layout", "encode"):
                if not hasattr(encoder, name):
                    raise RegistrationError(f"the encoder factory of {game.title} returned an object "
                                            f"without {name!r}")
            _ENCODERS[rules] = encoder
    return encoder
