"""Toy Mau declared otherwise for one test: the registry serves a changed descriptor (a facet left
out, a verb replaced) for the test's duration, and the real one again after it."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from cardrules import registry
from cardrules.contract import SomeGame
from tests.toy_game import GAME


def redeclare(monkeypatch: pytest.MonkeyPatch, **changes: Any) -> SomeGame:
    """Make the registry answer with ``GAME`` changed by ``changes`` (``picture=None``, ...) until
    ``monkeypatch`` undoes it; the changed descriptor is returned."""
    game: SomeGame = attrs.evolve(GAME, **changes)
    monkeypatch.setitem(registry._BY_NAME, game.name, game)
    kinds = (game.rules_type, game.state_type, game.observation_type, game.result_type, *game.move_classes)
    for kind in kinds:
        monkeypatch.setitem(registry._BY_TYPE, kind, game)
    monkeypatch.setitem(registry._BY_STATE_TYPE, game.state_type, game)
    monkeypatch.setitem(registry._BY_OBSERVATION_TYPE, game.observation_type, game)
    return game
