"""What the server offers: the registered games, their presets and seat counts, their rules from a
request, and the bots a room may seat (the game's reference bots by name, never code from a text).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from cardrules import registry
from cardrules.arguments import shown
from cardrules.cli.botspec import BotSpec, parse_bot
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.i18n import LANGUAGES
from cardrules.registry import SomeGame
from cardrules.run.simulator import simulator_of
from cardrules.serialization import FORMAT, from_json
from cardrules.server.limits import check_bot_options
from cardrules.server.protocol import PROTOCOL, CreateRoom, ProtocolError

__all__ = ["MAX_SEATS", "SEARCH_BOTS", "build_rules", "game_named", "games_json", "parse_room_bot", "presets",
           "room_bots", "seat_range"]

MAX_SEATS = 10
"""The most seats a room has (every built-in game has fewer)."""

SEARCH_BOTS = ("random", "ismcts")
"""The generic bots a room may seat beside a game's own: a random player and the search bot."""


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


def room_bots(game: SomeGame) -> dict[str, Callable[..., object]]:
    """The bots a room of ``game`` may seat, by name: the game's reference bots, ``random`` and the
    search bot ``ismcts`` (when the game's command line offers them), and nothing else.

    >>> list(room_bots(registry.get("the-game")))
    ['greedy', 'random', 'ismcts']
    """
    offered = simulator_of(game).bots
    return {name: factory for name, factory in offered.items() if name in game.bots or name in SEARCH_BOTS}


def parse_room_bot(game: SomeGame, spec: str,
                   extra: Mapping[str, Callable[..., object]] | None = None) -> BotSpec:
    """The bot ``spec`` names among :func:`room_bots` and the app's ``extra`` bots, with options
    within the server's caps.

    A ``package.module:Class`` spec is refused: a network client never names code to import.

    >>> parse_room_bot(registry.get("the-game"), "os:system")
    Traceback (most recent call last):
    ...
    cardrules.server.protocol.ProtocolError: bad_bot: no bot 'os' in a room of The Game: choose from ...
    """
    bots = {**room_bots(game), **(extra or {})}
    name = spec.partition(":")[0]
    if name not in bots:
        raise ProtocolError("bad_bot", f"no bot {shown(name)} in a room of {game.title}: choose from "
                                       f"{', '.join(bots)}")
    try:
        parsed = parse_bot(spec, bots)
        check_bot_options(spec, parsed.options)
        parsed.build(rules=None, seed=0)  # refuses options the bot's constructor refuses, now
    except ArgumentError as exc:
        raise ProtocolError("bad_bot", str(exc)) from None
    return parsed


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
