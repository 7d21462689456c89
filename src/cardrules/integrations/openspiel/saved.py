"""A state read back from text (``game.deserialize_state``), rebuilt only from data the library checks.

The history is replayed through the legality checks of every action and chance outcome, and the
cardrules JSON of the engine state is read by ``from_json``.

pyspiel's own form of a Python state ends with ``__dict__=`` and a pickle of the state's attributes,
which pyspiel's C++ ``DeserializeState`` unpickles: a pickle can run any code, so this reader never
decodes one. ``state.serialize()`` writes a ``cardrules=`` line of JSON in its place.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final, Protocol

from cardrules.arguments import MAX_JSON_CHARS, MAX_RECORD_MOVES, shown
from cardrules.errors import CardrulesError, SerializationError
from cardrules.integrations.openspiel.state import CHANCE, TERMINAL, Core, OpenSpielState, load_core


class OpenSpielGame(Protocol):
    """What reading a state needs of the game (:class:`~cardrules.integrations.openspiel.game.OpenSpielGame`,
    which imports this module): its spec, and a state before the deal."""

    spec: Any

    def new_initial_state(self) -> OpenSpielState: ...

__all__ = ["MAX_HISTORY_ENTRIES", "MAX_STATE_CHARS", "read_state"]

MAX_STATE_CHARS: Final = MAX_JSON_CHARS
"""The longest text ``deserialize_state`` reads (the longest JSON ``from_json`` reads)."""

MAX_HISTORY_ENTRIES: Final = 2 * MAX_RECORD_MOVES
"""The most ``player:action`` entries a ``history=`` line may hold: the moves of the longest game
record and a card drawn for each. A replay costs about 16 microseconds an entry, so the characters
alone (3,000,000 hold 580,000 short entries, 9 seconds of replay) bound it too loosely."""

_HISTORY: Final = "history="
_MOVE_NUMBER: Final = "move_number="
_JSON: Final = "cardrules="
_START: Final = "start="
_PICKLE: Final = "__dict__="
# A player (a seat or chance, -1) and an action, ASCII digits only (int() would take "+1", " 1", "١").
_ENTRY: Final = re.compile(r"(-?[0-9]{1,9}):([0-9]{1,9})")
_NUMBER: Final = re.compile(r"[0-9]{1,9}")


def read_state(game: OpenSpielGame, text: object) -> OpenSpielState:
    """The state of ``game`` that ``text`` describes; :class:`~cardrules.errors.SerializationError`
    saying why if it describes none.

    ``text`` is what ``state.serialize()`` wrote (three lines: ``history=``, ``move_number=``,
    ``cardrules=`` and JSON; four for a position started by ``from_engine_state``, whose ``start=``
    line holds the JSON of that position, where its history starts), or pyspiel's own form (its
    last line ``__dict__=`` and a pickle, which is never decoded: the state is replayed from the
    history, so that form needs one). With a history, the state is that history replayed from the
    deal or the start, every action and chance outcome checked as ``apply_action`` checks it, and
    the JSON (if any) must describe the same state; without one, the state is the JSON's (a
    position started by ``from_engine_state``, not yet played on).
    """
    if not isinstance(text, str):
        raise SerializationError(f"deserialize_state() takes a str, not {type(text).__name__}")
    if len(text) > MAX_STATE_CHARS:
        raise SerializationError(f"a state text of {len(text):,} characters is over the limit of "
                                 f"{MAX_STATE_CHARS:,}")
    lines = text.split("\n", 2)
    if len(lines) != 3 or not lines[0].startswith(_HISTORY) or not lines[1].startswith(_MOVE_NUMBER):
        raise SerializationError(f"not a state written by state.serialize(): it starts {shown(text[:40])}")
    start = None
    if lines[2].startswith(_START):
        start_line, _, rest = lines[2].partition("\n")
        start = _position(game, start_line[len(_START):])
        lines[2] = rest
    history = lines[0][len(_HISTORY):]
    move_number = _move_number(lines[1][len(_MOVE_NUMBER):])
    # Counted before any replay: pyspiel's move number counts every action and chance outcome, so a
    # text whose two lines disagree, or whose history is too long to replay quickly, costs no replay.
    entries = history.count(",") + 1 if history else 0
    if entries > MAX_HISTORY_ENTRIES:
        raise SerializationError(f"a history of {entries:,} entries is over the limit of "
                                 f"{MAX_HISTORY_ENTRIES:,}")
    if entries != move_number:
        raise SerializationError(f"move_number {move_number} does not match the history, which has "
                                 f"{entries} entr{'y' if entries == 1 else 'ies'}")
    last = lines[2]
    if last.startswith(_JSON):
        data = last[len(_JSON):]
    elif last.startswith(_PICKLE):
        if not history:
            raise SerializationError("pyspiel's own form of a state keeps it in a pickle, which is never "
                                     "read (it could run code): it needs a history to replay; write the "
                                     "state with state.serialize()")
        data = ""
    else:
        raise SerializationError(f"not a state written by state.serialize(): its last line starts "
                                 f"{shown(last[:20])}, not {_JSON!r}")
    if history:
        state = _replay(game, history, start)
        if data and load_core(data) != state._core:
            raise SerializationError("the history and the state it carries disagree")
    else:
        state = game.new_initial_state()
        if data:
            # A position with no history is where its history starts (from_engine_state's).
            core = _position(game, data)
            if start is not None and start != core:
                raise SerializationError("a state with no history must be its start position")
            state._core = state._start = core
    return state


def _position(game: OpenSpielGame, data: str) -> Core:
    """The engine state of the JSON ``data``, which must be a state of ``game``."""
    core = load_core(data)
    if core.spec is not game.spec:
        raise SerializationError(f"a state of {core.spec.short_name} under {core.spec.rules!r}, "
                                 f"not of {game}")
    return core


def _history(text: str) -> Iterator[tuple[int, int]]:
    """The ``player:action`` pairs of a ``history=`` line, read one at a time: a replay stops at the
    first bad one without reading (or splitting) the rest of a long line."""
    start = 0
    while True:
        end = text.find(",", start)
        entry = text[start:] if end < 0 else text[start:end]
        match = _ENTRY.fullmatch(entry)
        if match is None:
            raise SerializationError(f"history: {shown(entry)} is not a player:action pair")
        yield int(match[1]), int(match[2])
        if end < 0:
            return
        start = end + 1


def _move_number(text: str) -> int:
    if _NUMBER.fullmatch(text) is None:
        raise SerializationError(f"move_number: {shown(text)} is not a whole number")
    return int(text)


def _replay(game: OpenSpielGame, history: str, start: Core | None = None) -> OpenSpielState:
    """The state the ``history=`` line ``history`` reaches from the deal (or from ``start``, a
    position of ``from_engine_state``), each entry checked as it is applied."""
    state = game.new_initial_state()
    if start is not None:
        state._core = state._start = start
    for number, (player, action) in enumerate(_history(history), 1):
        current = state.current_player()
        if current == TERMINAL:
            raise SerializationError(f"history entry {number}: {_who(player)} acted after the game was over")
        if player != current:
            raise SerializationError(f"history entry {number}: {_who(player)} acted, but {_who(current)} "
                                     f"was to act")
        try:
            state.apply_action(action)
        except CardrulesError as error:  # not a card that can be drawn now, or an illegal move
            raise SerializationError(f"history entry {number}: {error}") from None
    return state


def _who(player: int) -> str:
    return "chance" if player == CHANCE else f"seat {player}"
