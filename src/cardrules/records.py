"""Game records: how a game started and every move made, enough to replay it exactly."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import cast

import attrs
import cattrs

from cardrules.arguments import MAX_DECK_CARDS, MAX_RECORD_MOVES, check_first_player, check_seed, shown
from cardrules.contract import AnyState, RulesLike
from cardrules.errors import ArgumentError, IllegalMoveError, SerializationError, UnknownGameError
from cardrules.registry import SomeGame, game_of, get
from cardrules.serialization import blames_the_text, explain, register_kind, unknown_fields

__all__ = ["GameRecord", "replay"]


@attrs.frozen(kw_only=True)
class GameRecord:
    """The start of a game (rules, ``seed`` or ``deck``, ``first_player``) and its moves.

    ``rules_version`` is the version of the game's rules implementation that wrote the record;
    reading a record written under another version is refused rather than replayed differently.
    Construction checks the record's shape (a registered game, its rules, whole numbers, at most
    :data:`~cardrules.arguments.MAX_RECORD_MOVES` moves); ``from_json`` also deals the game to check
    the seed or deck; :func:`replay` checks every move.

    >>> from cardrules.games import the_game
    >>> record = GameRecord.start(the_game.Rules(players=2), seed=3)
    >>> state = record.initial_state()
    >>> record = record.extended(the_game.legal_moves(state)[0])
    >>> replay(record) == the_game.apply(state, the_game.legal_moves(state)[0])
    True
    """

    game: str
    rules_version: int
    rules: RulesLike
    seed: int | None = None
    deck: tuple[object, ...] | None = None
    first_player: int = 0
    moves: tuple[object, ...] = ()

    def __attrs_post_init__(self) -> None:
        try:
            game = get(self.game)
        except UnknownGameError as exc:
            raise ArgumentError(str(exc)) from None
        if type(self.rules_version) is not int:
            raise ArgumentError("a record's rules_version is a whole number, "
                                f"not {shown(self.rules_version)}")
        if type(self.rules) is not game.rules_type:
            raise ArgumentError(f"a record of {game.title} holds its Rules, not {type(self.rules).__name__}")
        check_seed(self.seed)
        if self.deck is not None and type(self.deck) is not tuple:
            raise ArgumentError(
                f"a record's deck is a tuple of cards or None, not {type(self.deck).__name__}")
        check_first_player(self.first_player, game.players(self.rules))
        _check_moves(self.moves, game)

    @classmethod
    def start(
        cls,
        rules: RulesLike,
        *,
        seed: int | None = None,
        deck: Iterable[object] | None = None,
        first_player: int = 0,
    ) -> GameRecord:
        """A record with no moves yet, checked by actually starting the game it describes."""
        game = game_of(rules)
        if type(rules) is not game.rules_type:
            raise ArgumentError(f"{type(rules).__name__} is not a rules value")
        if seed is None and deck is None:
            raise ArgumentError("a record needs a seed or a deck to be replayable")
        dealt = game.new_game(rules, seed=seed, deck=deck, first_player=first_player)
        return cls(
            game=game.name,
            rules_version=game.rules_version,
            rules=rules,
            seed=seed,
            deck=None if deck is None else tuple(game.cards(dealt)) if False else tuple(deck),
            first_player=first_player,
        )

    def extended(self, *moves: object) -> GameRecord:
        """This record with ``moves`` added at the end (they are checked by :func:`replay`)."""
        _check_moves(moves, get(self.game), already=len(self.moves))
        return attrs.evolve(self, moves=self.moves + moves)

    def initial_state(self) -> AnyState:
        """The state before the first move."""
        if self.seed is None and self.deck is None:
            raise ArgumentError("a record needs a seed or a deck to be replayable")
        state = get(self.game).new_game(
            self.rules, seed=self.seed, deck=self.deck, first_player=self.first_player
        )
        return cast(AnyState, state)

    def states(self) -> Iterator[AnyState]:
        """Every state of the game in order, from the initial one to the last; checks every move."""
        game = get(self.game)
        state: object = self.initial_state()
        yield state  # type: ignore[misc]
        for number, move in enumerate(self.moves, start=1):
            try:
                state = game.apply(state, move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(move, f"move {number} of the record: {exc.reason}") from exc
            yield state  # type: ignore[misc]


def _check_moves(moves: object, game: SomeGame, already: int = 0) -> None:
    if type(moves) is not tuple:
        raise ArgumentError(f"a record's moves are a tuple of moves, not {type(moves).__name__}")
    if already + len(moves) > MAX_RECORD_MOVES:
        raise ArgumentError(f"a record holds at most {MAX_RECORD_MOVES:,} moves")
    classes = game.move_classes
    for move in moves:
        if type(move) not in classes:
            raise ArgumentError(f"{type(move).__name__} is not a move of {game.title}")


def replay(record: GameRecord) -> AnyState:
    """The state reached by playing every move of ``record``; an illegal move raises
    :class:`~cardrules.errors.IllegalMoveError` naming its number in the record.

    >>> from cardrules.games import the_game
    >>> replay(GameRecord.start(the_game.Rules(), seed=1)) == the_game.new_game(the_game.Rules(), seed=1)
    True
    """
    if not isinstance(record, GameRecord):
        raise ArgumentError(f"replay() takes a GameRecord, not {type(record).__name__}")
    state = record.initial_state()
    for state in record.states():  # noqa: B007 -- the last state is the answer
        pass
    return state


_FIELDS = ("game", "rules_version", "rules", "seed", "deck", "first_player", "moves")
_KNOWN = frozenset(_FIELDS)


def _configure(converter: cattrs.Converter) -> None:
    """Teach ``converter`` game records: their fields hold any game's values, read as the record's
    game says (``rules``, ``deck``, ``moves``), so these hooks are written, not generated."""

    def unstructure(record: GameRecord) -> dict[str, object]:
        game = get(record.game)
        return {
            "game": record.game,
            "rules_version": record.rules_version,
            "rules": converter.unstructure(record.rules),
            "seed": record.seed,
            "deck": None if record.deck is None else [converter.unstructure(card) for card in record.deck],
            "first_player": record.first_player,
            "moves": [converter.unstructure(move, unstructure_as=game.move_type) for move in record.moves],
        }

    def structure(data: object, _: type) -> GameRecord:
        return _structure_record(data, converter)

    converter.register_unstructure_hook(GameRecord, unstructure)
    converter.register_structure_hook(GameRecord, structure)


def _structure_record(data: object, converter: cattrs.Converter) -> GameRecord:
    if not isinstance(data, dict):
        raise SerializationError("a game record is a JSON object")
    missing = [name for name in _FIELDS if name not in data]
    if missing:
        raise SerializationError(f"missing field{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    if not data.keys() <= _KNOWN:
        raise SerializationError(unknown_fields(data.keys() - _KNOWN))
    game = get(data["game"])
    version = data["rules_version"]
    if version != game.rules_version or type(version) is not int:
        raise SerializationError(
            f"rules_version: the record was written under {game.title} rules version {shown(version)}; "
            f"this cardrules implements version {game.rules_version}"
        )
    moves, deck = data["moves"], data["deck"]
    if not isinstance(moves, list):
        raise SerializationError(f"moves: expected a list of moves, got {type(moves).__name__}")
    if len(moves) > MAX_RECORD_MOVES:
        raise SerializationError(f"moves: a record holds at most {MAX_RECORD_MOVES:,} moves")
    if deck is not None and not isinstance(deck, list):
        raise SerializationError(f"deck: expected a list of cards or null, got {type(deck).__name__}")
    if deck is not None and len(deck) > MAX_DECK_CARDS:
        raise SerializationError(f"deck: a deck holds at most {MAX_DECK_CARDS:,} cards")
    card_type = _card_type(game)

    def read(path: str, value: object, kind: object) -> object:
        """``value`` read as ``kind``, any error prefixed by ``path``, the field it is read from."""
        try:
            return converter.structure(value, kind)  # type: ignore[arg-type]  # kind may be a union
        except Exception as exc:
            if not blames_the_text(exc):
                raise
            raise SerializationError(f"{path}: {explain(exc)}") from exc

    try:
        record = GameRecord(
            game=game.name,
            rules_version=game.rules_version,
            rules=cast(RulesLike, read("rules", data["rules"], game.rules_type)),
            seed=cast(int | None, read("seed", data["seed"], int | None)),
            deck=None if deck is None else tuple(
                read(f"deck[{i}]", card, card_type) for i, card in enumerate(deck)),
            first_player=cast(int, read("first_player", data["first_player"], int)),
            moves=tuple(read(f"moves[{i}]", move, game.move_type) for i, move in enumerate(moves)),
        )
        # The deal is checked here; the moves, one by one, by replay (which names a bad move's number).
        record.initial_state()
    except ArgumentError as exc:
        raise SerializationError(str(exc)) from exc
    return record


def _card_type(game: SomeGame) -> object:
    kinds = {type(card) for card in game.deck(game.option_grid()[0])}
    return kinds.pop() if len(kinds) == 1 else object


register_kind("record", GameRecord, lambda record: cast(GameRecord, record).game, _configure)
