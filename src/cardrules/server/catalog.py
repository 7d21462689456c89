"""What the server offers: the games, their presets and seat counts, and their rules from a request.

The bots a room may seat are :mod:`cardrules.server.bots`'.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from cardrules import registry
from cardrules.arguments import shown
from cardrules.contract import RulesLike
from cardrules.errors import CardrulesError
from cardrules.i18n import LANGUAGES
from cardrules.registry import SomeGame
from cardrules.run.simulator import simulator_of
from cardrules.serialization import FORMAT, from_json
from cardrules.server.bots import room_bots
from cardrules.server.protocol import PROTOCOL, CreateRoom, ProtocolError

__all__ = ["MAX_SEATS", "build_rules", "game_named", "games_json", "presets", "seat_range"]

MAX_SEATS = 10
"""The most seats a room has (every built-in game has fewer)."""


def game_named(name: str) -> SomeGame:
    """The registered game ``name``; any other raises :class:`ProtocolError` ``unknown_game``."""
    try:
        return registry.get(name)
    except CardrulesError:  # unknown, or a game whose module cannot be loaded
        raise ProtocolError("unknown_game", f"no game {shown(name)}; the games are "
                                            f"{', '.join(registry.available())}") from None


def presets(game: SomeGame) -> dict[str, Callable[..., RulesLike]]:
    """The presets of ``game``'s rules by name: the public classmethods of its ``Rules`` (the
    design's convention for a rulebook), e.g. Mille Bornes' ``room``; The Game has none.

    >>> list(presets(registry.get("mille-bornes")))
    ['parker', 'french', 'wikipedia', 'room']
    """
    rules_type = game.rules_type
    return {name: getattr(rules_type, name) for kind in reversed(rules_type.__mro__)
            for name, value in vars(kind).items()
            if isinstance(value, classmethod) and not name.startswith("_")}


def seat_range(game: SomeGame) -> tuple[int, int]:
    """The fewest and the most seats ``game``'s rules allow (up to :data:`MAX_SEATS`).

    >>> seat_range(registry.get("the-game"))
    (1, 5)
    """
    allowed = []
    for players in range(1, MAX_SEATS + 1):
        try:
            build: Callable[..., object] = game.rules_type
            build(players=players)
        except CardrulesError:
            continue
        allowed.append(players)
    return (min(allowed), max(allowed)) if allowed else (0, 0)


def build_rules(game: SomeGame, request: CreateRoom) -> RulesLike:
    """The rules a room request asks for: its ``rules`` fields (the library's JSON of the game's
    ``Rules``, fields left out taking their defaults) if given, else its ``preset`` (or the default
    rules) with its ``players``. Rules the game refuses raise :class:`ProtocolError` ``bad_rules``.

    >>> game = registry.get("mille-bornes")
    >>> rules = build_rules(game, CreateRoom("mille-bornes", 4, "room", {"team_size": 2}, {}, None))
    >>> rules.players, rules.team_size
    (4, 2)
    """
    try:
        if request.rules is not None:
            fields = {key: value for key, value in request.rules.items()
                      if key not in ("game", "format", "type")}
            if request.players is not None:
                fields.setdefault("players", request.players)
            text = json.dumps({"game": game.name, "format": FORMAT, "type": "rules", **fields})
            rules: RulesLike = from_json(text, game.rules_type)
        elif request.preset is not None:
            known = presets(game)
            if request.preset not in known:
                raise ProtocolError("bad_rules", f"{game.title} has no preset {shown(request.preset)}; "
                                                 f"its presets are {', '.join(known) or 'none'}")
            options = {} if request.players is None else {"players": request.players}
            rules = known[request.preset](**options)
        else:
            build: Callable[..., RulesLike] = game.rules_type
            rules = build(**({} if request.players is None else {"players": request.players}))
    except ProtocolError:
        raise
    except CardrulesError as exc:
        raise ProtocolError("bad_rules", str(exc)) from None
    if request.players is not None and rules.players != request.players:
        raise ProtocolError("bad_rules", f"players is {request.players} but the rules have {rules.players}")
    return rules


def games_json(extra: Mapping[str, Callable[..., object]] | None = None) -> dict[str, object]:
    """The body of ``GET /api/v1/games``: every game a room can be opened for, with its bots and
    the app's ``extra`` bots."""
    games = []
    for name in registry.available():
        try:
            game = registry.get(name)
            low, high = seat_range(game)
            default_bot = simulator_of(game).default_bot
            bots: Mapping[str, object] = {**room_bots(game), **(extra or {})}
        except CardrulesError:  # a game that cannot be loaded: `cardrules games` says why
            continue
        games.append({"name": game.name, "title": game.title, "players": {"min": low, "max": high},
                      "presets": list(presets(game)), "bots": list(bots),
                      "default_bot": default_bot if default_bot in bots else "random"})
    return {"protocol": PROTOCOL, "games": games, "languages": list(LANGUAGES)}
