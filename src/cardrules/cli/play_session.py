"""A person's game against the bots: the bots' turns, undo, hint, save and load on the public session.

Both front ends of ``cardrules play`` (line mode and the Textual app) drive one :class:`Session`, a
frozen value. The game itself (its record, its state, each move checked and what each move makes
known to the person) is the library's public :class:`cardrules.Session`, the one a game server
stands on too; this module adds what is particular to one person at a terminal.

Every action returns a :class:`Step`: the new session and the :data:`Event` s it caused (what each
bot did, what the person drew, a new deal, the end), taken from the public session's events for
the person's seat. An action that cannot be
carried out raises and returns nothing, so the front end keeps the session it had: nothing is ever
left half-changed.

Bots play from their own seat's observation, and each decision's bot is built afresh with a seed
drawn from the game's seed, the seat and the move's number. So the bots' moves follow from the record
alone: undoing and playing the same move again, or loading a saved game, goes on exactly as the
first time would have.

>>> from cardrules.run.botspec import parse_bot
>>> from cardrules.games import the_game
>>> from cardrules.games.the_game.bots import GreedyBot
>>> greedy = parse_bot("greedy", {"greedy": GreedyBot})
>>> step = Session.start(the_game.Rules(players=2), seat=0, bots=[greedy], seed=1, adviser=greedy)
>>> session = step.session
>>> session.your_turn, len(session.legal_moves()) > 0
(True, True)
>>> after = session.play(session.legal_moves()[0]).session
>>> after.undo().session.state == session.state
True
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Literal, TypeAlias, cast

import attrs

from cardrules.arguments import MAX_JSON_CHARS, printable, shown
from cardrules.cli.files import RefusedFileError, read_at_most, write_whole
from cardrules.contract import AnyState, GameObservation, RulesLike
from cardrules.errors import ArgumentError, CardrulesError, IllegalMoveError
from cardrules.records import GameRecord
from cardrules.registry import SomeGame, game_of_observation, get
from cardrules.run.botspec import BotSpec, build_seat, decision_seed
from cardrules.run.playing import BotError, decide
from cardrules.run.simulator import simulator_of
from cardrules.serialization import from_json, to_json
from cardrules.session import Session as Table

__all__ = [
    "BOT_FAILED",
    "MAX_SAVE_BYTES",
    "BotError",
    "Drew",
    "Event",
    "GameOver",
    "HandOver",
    "Moved",
    "SaveFileError",
    "Session",
    "Step",
    "advise",
    "seat_bots",
]


BOT_FAILED = 1
"""The exit status of a game that a bot's failure ended (see :class:`~cardrules.run.playing.BotError`),
in line mode and full screen alike."""

MAX_SAVE_BYTES = MAX_JSON_CHARS
"""The longest file :meth:`Session.load` reads, in bytes: as many as the characters of the longest
JSON ``from_json`` reads (:data:`~cardrules.arguments.MAX_JSON_CHARS`), since the records the
library writes are ASCII, one byte a character."""


# --- what happened --------------------------------------------------------------------------------


@attrs.frozen
class Moved:
    """``seat`` made ``move`` in ``state`` (the state before the move, to describe it from)."""

    seat: int
    move: object
    state: AnyState


@attrs.frozen
class Drew:
    """The person drew ``cards`` (in the order of their hand); ``state`` is the state after."""

    cards: tuple[object, ...]
    state: AnyState


@attrs.frozen
class HandOver:
    """A hand of a match ended and the next was dealt: ``number`` counts finished hands from 1,
    ``points`` are what each side scored in it and ``totals`` each side's running total, ``hand``
    the person's new cards; ``state`` is the state after."""

    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    hand: tuple[object, ...]
    state: AnyState


@attrs.frozen
class GameOver:
    """The game is over: ``result`` is the game's ``result(state)`` of the final ``state``."""

    result: object
    state: AnyState


Event: TypeAlias = Moved | Drew | HandOver | GameOver
"""Something a front end announces."""


@attrs.frozen
class Step:
    """What an action gives: the new ``session`` and the ``events`` it caused, in order."""

    session: Session
    events: tuple[Event, ...]


Problem: TypeAlias = Literal["missing", "unreadable", "corrupt", "other_game", "seats", "illegal"]


class SaveFileError(CardrulesError, ValueError):
    """A game could not be saved to or loaded from ``path``.

    ``problem`` says what went wrong, for a front end to put in the person's words and language:
    ``missing`` (no such file), ``unreadable`` (a name no file can have, not a regular file, or the
    system refused to read or write it), ``corrupt`` (not a game record cardrules can read, or longer
    than :data:`MAX_SAVE_BYTES`), ``other_game`` (a record of another game), ``seats``
    (the record's table does not fit this session's seat and bots), ``illegal`` (a move of the
    record is not legal). ``detail`` is the library's own explanation, in English.
    """

    def __init__(self, path: str, problem: Problem, detail: str = "") -> None:
        self.path, self.problem, self.detail = path, problem, detail
        super().__init__(f"{printable(path, 80)}: {problem}" + (f": {detail}" if detail else ""))


# --- the session ----------------------------------------------------------------------------------


def seat_bots(players: int, seat: int, bots: Sequence[BotSpec]) -> tuple[BotSpec | None, ...]:
    """One bot per seat, ``None`` at the person's ``seat``: ``bots`` fill the other seats in seat
    order, and a single bot fills them all.

    >>> from cardrules.bots import RandomBot
    >>> from cardrules.run.botspec import parse_bot
    >>> seats = seat_bots(3, 1, [parse_bot("random", {"random": RandomBot})])
    >>> [None if bot is None else bot.label for bot in seats]
    ['random', None, 'random']
    """
    if type(seat) is not int or not 0 <= seat < players:
        raise ArgumentError(f"the seat is a number from 0 to {players - 1}, not {shown(seat)}")
    if not bots:
        raise ArgumentError("name at least one bot")
    others = list(bots) * (players - 1) if len(bots) == 1 else list(bots)
    if len(others) != players - 1:
        raise ArgumentError(f"this table has {players - 1} other seat{'s' if players != 2 else ''}: "
                            f"name one bot for each, or one bot for all of them, not {len(bots)}")
    filled = iter(others)
    return tuple(None if at == seat else next(filled) for at in range(players))


def advise(adviser: BotSpec, observation: object, *, seed: int) -> object:
    """The move ``adviser`` would make from ``observation`` (a seat's view, never the full state),
    one of the observer's legal moves.

    >>> from cardrules.run.botspec import parse_bot
    >>> from cardrules.games import the_game
    >>> from cardrules.games.the_game.bots import GreedyBot
    >>> observation = the_game.observe(the_game.new_game(the_game.Rules(), seed=2), 0)
    >>> move = advise(parse_bot("greedy", {"greedy": GreedyBot}), observation, seed=0)
    >>> move in the_game.legal_moves_of(observation)
    True
    """
    game = game_of_observation(observation)
    legal = game.legal_moves_of(observation)
    if not legal:
        raise ArgumentError("this seat has no decision to make now")
    bot = adviser.build(rules=cast(RulesLike | None, getattr(observation, "rules", None)), seed=seed)
    return bot.choose(observation, legal)


def _decision_seed(start: object, seat: int, ply: int) -> int:
    """The seed of the bot that makes move ``ply`` for ``seat`` in the game dealt from ``start``."""
    return decision_seed(f"cardrules play {start!r} {seat} {ply}")


def _hands(game: SomeGame, state: object) -> tuple[tuple[int, ...], ...]:
    """Each side's points in each finished hand of a match (the game's command line tells them);
    none for a game of one hand."""
    hands = simulator_of(game).hands
    return () if hands is None else hands(state)


@attrs.frozen(kw_only=True)
class Session:
    """One person's game against bots.

    - ``seat``: the person's seat; ``specs``: the bots as named (one per other seat, or one for all);
      ``bots``: one bot per seat, ``None`` at the person's;
    - ``adviser``: the bot whose choice :meth:`hint` gives;
    - ``table``: the game itself, a :class:`cardrules.Session` (its ``record`` is what :meth:`save`
      writes).

    Build one with :meth:`start` or :meth:`resume`; every action returns a :class:`Step`.
    """

    seat: int
    specs: tuple[BotSpec, ...]
    bots: tuple[BotSpec | None, ...]
    adviser: BotSpec
    table: Table

    # --- building

    @classmethod
    def start(cls, rules: RulesLike, *, seat: int, bots: Sequence[BotSpec], seed: int,
              adviser: BotSpec, first_player: int = 0) -> Step:
        """Deal a new game from ``seed`` and let the bots play until it is the person's turn."""
        record = GameRecord.start(rules, seed=seed, first_player=first_player)
        return cls.resume(record, seat=seat, bots=bots, adviser=adviser)

    @classmethod
    def resume(cls, record: GameRecord, *, seat: int, bots: Sequence[BotSpec], adviser: BotSpec) -> Step:
        """Go on with the game of ``record`` from its last move: the bots play until it is the
        person's turn. An illegal move in the record raises
        :class:`~cardrules.errors.IllegalMoveError`."""
        game = get(record.game)
        seated = seat_bots(game.players(record.rules), seat, bots)
        session = cls(seat=seat, specs=tuple(bots), bots=seated, adviser=adviser,
                      table=Table.from_record(record))
        return session._advance(session.table)

    # --- what the person sees

    @property
    def record(self) -> GameRecord:
        """The game so far: how it was dealt and every move."""
        return self.table.record

    @property
    def states(self) -> tuple[object, ...]:
        """Every state of the record, the first before any move, the last the current one."""
        return tuple(self.record.states())

    @property
    def game(self) -> SomeGame:
        """The game's registry descriptor."""
        return self.table.game

    @property
    def state(self) -> AnyState:
        """The current state (full: it holds every hand; show the person :meth:`observation`)."""
        return self.table.state

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.table.over

    @property
    def your_turn(self) -> bool:
        """Whether the person must decide now (in turn, or out of turn as in a coup fourré)."""
        return self.table.to_move == self.seat

    @property
    def can_undo(self) -> bool:
        """Whether the person has made a decision that :meth:`undo` can take back."""
        return self._last_decision() is not None

    def observation(self) -> GameObservation[object]:
        """What the person's seat may see now."""
        return cast(GameObservation[object], self.table.observation(self.seat))

    def legal_moves(self) -> tuple[object, ...]:
        """The person's legal moves now; ``()`` when it is not their decision."""
        return self.table.legal_moves(self.seat)

    def result(self) -> object:
        """The game's result, or ``None`` while it goes on."""
        return self.table.result()

    def hand(self) -> tuple[object, ...]:
        """The person's cards."""
        return tuple(getattr(self.observation(), "hand", ()))

    # --- actions

    def parse(self, text: str) -> object:
        """The person's legal move written as ``text`` in the game's notation: raises
        :class:`~cardrules.errors.NotationError` for text it cannot read and
        :class:`~cardrules.errors.IllegalMoveError` for a move that is not legal now."""
        self._check_turn()
        return self.table.resolve(self.seat, text)

    def play(self, move: object) -> Step:
        """Make the person's ``move``, then let the bots play until the person decides again or the
        game ends. An illegal move raises :class:`~cardrules.errors.IllegalMoveError`."""
        self._check_turn()
        if type(move) is int or isinstance(move, str):  # the person's move is a move, not an answer
            raise ArgumentError(f"play() takes a move of {self.game.title}, not {shown(move)}")
        table = self.table.play(self.seat, move)
        return self._advance(table, self._announce(self.state, table))

    def undo(self) -> Step:
        """Back to the person's previous decision, with the bots' moves after it taken back too."""
        at = self._last_decision()
        if at is None:
            raise ArgumentError("there is no decision of yours to take back")
        record = attrs.evolve(self.record, moves=self.record.moves[:at])
        return Step(attrs.evolve(self, table=Table.from_record(record)), ())

    def hint(self) -> object:
        """What the adviser would do in the person's place, from the person's observation alone."""
        self._check_turn()
        return advise(self.adviser, self.observation(),
                      seed=_decision_seed(self._start(), self.seat, len(self.record.moves)))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game's record to ``path`` as JSON, whole or not at all; raises
        :class:`SaveFileError` for a name that is not a regular file (a folder, a FIFO, a device, a
        symbolic link) or a file that cannot be written, leaving every file as it was."""
        name = _name(path)
        try:
            write_whole(name, to_json(self.record).encode("utf-8"))
        except RefusedFileError as exc:
            raise SaveFileError(name, exc.problem, exc.detail) from None

    def load(self, path: str | os.PathLike[str]) -> Step:
        """The game saved in ``path``, with this session's seat and bots, the bots playing until the
        person's turn. Raises :class:`SaveFileError` for a file that cannot be read, that is not a
        game record, or holds another game, a table that does not fit, or an illegal move."""
        name = _name(path)
        record = _read_record(name)
        if record.game != self.record.game:
            raise SaveFileError(name, "other_game", get(record.game).title)
        try:
            return Session.resume(record, seat=self.seat, bots=self.specs, adviser=self.adviser)
        except IllegalMoveError as exc:
            raise SaveFileError(name, "illegal", exc.reason) from None
        except ArgumentError as exc:
            raise SaveFileError(name, "seats", str(exc)) from None

    # --- inside

    def _check_turn(self) -> None:
        if not self.your_turn:
            raise ArgumentError("it is not your decision now" if not self.over else "the game is over")

    def _start(self) -> object:
        return self.record.seed if self.record.seed is not None else self.record.deck

    def _last_decision(self) -> int | None:
        mine = [event.ply for event in self.table.events(None)
                if event.kind == "move" and event.seat == self.seat]
        return mine[-1] if mine else None

    def _advance(self, table: Table, events: list[Event] | None = None) -> Step:
        """Let the bots play from ``table`` until the person decides or the game ends."""
        events = events or []
        start = self._start()
        seat = table.to_move
        while seat is not None and seat != self.seat:
            spec = self.bots[seat]
            assert spec is not None  # only the person's seat has no bot
            number = table.plies + 1
            # A failing bot raises BotError, which ends the game for the front end: no move of it is kept.
            bot = build_seat(spec, rules=self.record.rules, seed=_decision_seed(start, seat, number - 1),
                             seat=seat, move=number)
            move = decide(bot, spec.label, table.observation(seat), table.legal_moves(seat), seat=seat,
                          move=number)
            before, table = table.state, table.play(seat, move)
            events.extend(self._announce(before, table))
            seat = table.to_move
        if table is self.table:
            return Step(self, tuple(events))
        return Step(attrs.evolve(self, table=table), tuple(events))

    def _announce(self, before: AnyState, table: Table) -> list[Event]:
        """What the last move of ``table``, made in ``before``, makes known to the person: the public
        session's events for the person's seat, with the values a front end words them from."""
        ply = table.plies - 1
        game, after = table.game, table.state
        events: list[Event] = []
        for event in table.events(self.seat, since=ply):
            if event.kind == "move":
                assert event.seat is not None
                events.append(Moved(event.seat, table.record.moves[ply], before))
            elif event.kind == "hand_over":
                hands = _hands(game, after)
                totals = tuple(map(sum, zip(*hands, strict=True)))
                dealt = tuple(getattr(table.observation(self.seat), "hand", ()))
                events.append(HandOver(len(hands), hands[-1], totals, dealt, after))
            elif event.kind == "drew" and not any(isinstance(done, HandOver) for done in events):
                events.append(Drew(event.cards, after))
            elif event.kind == "game_over":
                events.append(GameOver(table.result(), after))
        return events


def _name(path: str | os.PathLike[str]) -> str:
    """``path`` as the text it is shown as and opened by."""
    name = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(name, str):
        raise ArgumentError(f"a file name is text or a path, not {type(name).__name__}")
    return name


def _read_record(name: str) -> GameRecord:
    try:
        text = read_at_most(name, MAX_SAVE_BYTES).decode("utf-8")
    except RefusedFileError as exc:
        raise SaveFileError(name, exc.problem, exc.detail) from None
    except UnicodeDecodeError:
        raise SaveFileError(name, "corrupt", "the file is not text") from None
    try:
        record = from_json(text, GameRecord)
    except CardrulesError as exc:
        raise SaveFileError(name, "corrupt", str(exc)) from None
    return record
