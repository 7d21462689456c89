"""Game records: how a game started and every move made, enough to replay it exactly."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from cardrules.errors import ArgumentError, IllegalMoveError, SerializationError
from cardrules.registry import game_of, get
from cardrules.serialization import converter

__all__ = ["GameRecord", "replay"]


@attrs.frozen(kw_only=True)
class GameRecord:
    """The start of a game (rules, ``seed`` or ``deck``, ``first_player``) and its moves.

    ``rules_version`` is the version of the game's rules implementation that wrote the record;
    reading a record written under another version is refused rather than replayed differently.

    >>> from cardrules.games import the_game
    >>> record = GameRecord.start(the_game.Rules(players=2), seed=3)
    >>> state = record.initial_state()
    >>> record = record.extended(the_game.legal_moves(state)[0])
    >>> replay(record) == the_game.apply(state, the_game.legal_moves(state)[0])
    True
    """

    game: str
    rules_version: int
    rules: Any
    seed: int | None = None
    deck: tuple[Any, ...] | None = None
    first_player: int = 0
    moves: tuple[Any, ...] = ()

    @classmethod
    def start(
        cls,
        rules: Any,
        *,
        seed: int | None = None,
        deck: Any = None,
        first_player: int = 0,
    ) -> GameRecord:
        """A record with no moves yet, checked by actually starting the game it describes."""
        game = game_of(rules)
        if type(rules) is not game.rules_type:
            raise ArgumentError(f"{type(rules).__name__} is not a rules value")
        if seed is None and deck is None:
            raise ArgumentError("a record needs a seed or a deck to be replayable")
        game.new_game(rules, seed=seed, deck=deck, first_player=first_player)
        return cls(
            game=game.name,
            rules_version=game.rules_version,
            rules=rules,
            seed=seed,
            deck=None if deck is None else tuple(deck),
            first_player=first_player,
        )

    def extended(self, *moves: Any) -> GameRecord:
        """This record with ``moves`` added at the end (they are checked by :func:`replay`)."""
        return attrs.evolve(self, moves=self.moves + moves)

    def initial_state(self) -> Any:
        """The state before the first move."""
        game = get(self.game)
        if self.seed is None and self.deck is None:
            raise ArgumentError("a record needs a seed or a deck to be replayable")
        return game.new_game(
            self.rules, seed=self.seed, deck=self.deck, first_player=self.first_player
        )

    def states(self) -> Iterator[Any]:
        """Every state of the game in order, from the initial one to the last; checks every move."""
        game = get(self.game)
        state = self.initial_state()
        yield state
        for number, move in enumerate(self.moves, start=1):
            try:
                state = game.apply(state, move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(move, f"move {number} of the record: {exc.reason}") from exc
            yield state


def replay(record: GameRecord) -> Any:
    """The state reached by playing every move of ``record``; an illegal move raises
    :class:`~cardrules.errors.IllegalMoveError` naming its number in the record."""
    if not isinstance(record, GameRecord):
        raise ArgumentError(f"replay() takes a GameRecord, not {type(record).__name__}")
    state = None
    for state in record.states():  # noqa: B007 -- the last state is the answer
        pass
    return state


def _unstructure_record(record: GameRecord) -> dict[str, Any]:
    return {
        "game": record.game,
        "rules_version": record.rules_version,
        "rules": converter.unstructure(record.rules),
        "seed": record.seed,
        "deck": None if record.deck is None else [converter.unstructure(c) for c in record.deck],
        "first_player": record.first_player,
        "moves": [converter.unstructure(m) for m in record.moves],
    }


def _structure_record(data: Any, _: type) -> GameRecord:
    if not isinstance(data, dict):
        raise SerializationError("a game record is a JSON object")
    expected = {"game", "rules_version", "rules", "seed", "deck", "first_player", "moves"}
    extra = set(data) - expected
    if extra:
        raise SerializationError(f"unknown fields in a game record: {sorted(extra)}")
    game = get(str(data.get("game")))
    version = data.get("rules_version")
    if version != game.rules_version:
        raise SerializationError(
            f"record written under {game.title} rules version {version!r}; "
            f"this cardrules implements version {game.rules_version}"
        )
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int):
        raise SerializationError("a record's seed is a whole number")
    first_player = data.get("first_player", 0)
    if type(first_player) is not int:
        raise SerializationError("a record's first_player is a whole number")
    deck = data.get("deck")
    return GameRecord(
        game=game.name,
        rules_version=game.rules_version,
        rules=converter.structure(data.get("rules"), game.rules_type),
        seed=seed,
        deck=None if deck is None else converter.structure(deck, tuple[game.card_type, ...]),  # type: ignore[name-defined]
        first_player=first_player,
        moves=converter.structure(data.get("moves", []), tuple[game.move_type, ...]),  # type: ignore[name-defined]
    )


converter.register_unstructure_hook(GameRecord, _unstructure_record)
converter.register_structure_hook(GameRecord, _structure_record)
