"""Toy Mau's ``encoder`` facet: an observation as a ``float32`` vector laid out with the machinery of
:mod:`cardrules.rl`. Seats are counted from the observer's; every entry lies in [0, 1]."""

from __future__ import annotations

import numpy as np

from cardrules.rl.encoders import Segment, Vector, layout_of
from cardrules.rl.lookup import check_observation
from tests.toy_game.values import DECK, Observation, Rules

_N = len(DECK)


class ToyMauEncoder:
    """The encoder of Toy Mau under one rules value (build it with
    :func:`cardrules.rl.observation_encoder`)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        players = rules.players
        self.layout: tuple[Segment, ...] = layout_of([
            ("hand", _N, "1 for each card in the observer's hand"),
            ("top", _N, "1 at the discard pile's top card"),
            ("current", players, "1 at the seat on turn: the observer first, then the seats after it"),
            ("hand_sizes", players, "cards in each hand over the deck's size (seat-relative, as current)"),
            ("stock", 1, "cards in the stock over the deck's size"),
            ("passes", 1, "seats that have passed in a row over the number of seats"),
        ])
        self.shape: tuple[int, ...] = (self.layout[-1].stop,)

    def encode(self, observation: Observation) -> Vector:
        """The vector of ``observation`` (see :attr:`layout`)."""
        check_observation(observation, Observation, self.rules, "Toy Mau")
        players, seat = self.rules.players, observation.seat
        vector = np.zeros(self.shape, dtype=np.float32)
        vector[list(observation.hand)] = 1
        vector[_N + observation.discard[-1]] = 1
        at = 2 * _N
        vector[at + (observation.current - seat) % players] = 1
        sizes = observation.hand_sizes
        vector[at + players:at + 2 * players] = [size / _N for size in sizes[seat:] + sizes[:seat]]
        vector[at + 2 * players] = observation.stock_size / _N
        vector[at + 2 * players + 1] = observation.passes / players
        return vector
