"""TEMPORARY stand-ins for cardrules.session.Session and cardrules.server.store (design19.md), to run
the server's tests before s19-session and s19-store land. Deleted at their merge."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Literal, Protocol

import attrs

import cardrules
from cardrules.contract import AnyState
from cardrules.errors import ArgumentError, CardrulesError, IllegalMoveError
from cardrules.i18n import Lang
from cardrules.records import GameRecord, replay
from cardrules.registry import SomeGame, get


class NotYourTurnError(CardrulesError):
    """Not this seat's decision."""


@attrs.frozen
class Choice:
    index: int
    move: object
    notation: str
    words: str


@attrs.frozen
class SeatEvent:
    ply: int
    kind: Literal["move", "drew", "hand_over", "game_over"]
    seat: int | None
    text: str
    notation: str | None


@attrs.frozen
class Session:
    record: GameRecord
    state: AnyState

    @classmethod
    def start(cls, rules: object, *, seed: int | None = None, deck: object = None,
              first_player: int = 0) -> Session:
        record = GameRecord.start(rules, seed=seed, first_player=first_player)  # type: ignore[arg-type]
        return cls(record, record.initial_state())

    @classmethod
    def from_record(cls, record: GameRecord) -> Session:
        return cls(record, replay(record))

    @property
    def game(self) -> SomeGame:
        return get(self.record.game)

    @property
    def plies(self) -> int:
        return len(self.record.moves)

    @property
    def to_move(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    def result(self) -> object | None:
        return self.game.result(self.state)

    def observation(self, seat: int) -> object:
        return self.game.observe(self.state, seat)

    def legal_moves(self, seat: int) -> tuple[object, ...]:
        return self.game.legal_moves(self.state) if self.to_move == seat else ()

    def choices(self, seat: int, lang: Lang = "en") -> tuple[Choice, ...]:
        return tuple(Choice(i, m, str(m), self.game.describe_move(m, lang=lang))
                     for i, m in enumerate(self.legal_moves(seat)))

    def question(self, seat: int, lang: Lang = "en") -> str | None:
        return None

    def resolve(self, seat: int, answer: object) -> object:
        if self.to_move != seat:
            raise NotYourTurnError("not your turn")
        legal = self.legal_moves(seat)
        if isinstance(answer, int):
            if not 0 <= answer < len(legal):
                raise ArgumentError("no such choice")
            return legal[answer]
        if isinstance(answer, str):
            return self.game.parse_move(self.state, answer)
        if answer not in legal:
            raise IllegalMoveError(answer, self.game.why_illegal(self.state, answer) or "illegal")
        return answer

    def play(self, seat: int, answer: object) -> Session:
        move = self.resolve(seat, answer)
        return Session(self.record.extended(move), self.game.apply(self.state, move))

    def events(self, seat: int | None, *, since: int = 0, lang: Lang = "en") -> tuple[SeatEvent, ...]:
        state = self.record.initial_state()
        found = []
        for ply, move in enumerate(self.record.moves):
            mover = self.game.current_player(state)
            if ply >= since:
                found.append(SeatEvent(ply, "move", mover, f"Seat {mover}: "
                                       f"{self.game.describe_move(move, lang=lang)}", str(move)))
            state = self.game.apply(state, move)
        return tuple(found)

    def public_text(self, lang: Lang = "en") -> str:
        return f"{self.game.title}: seat {self.to_move} to move"

    def score_sheet(self, lang: Lang = "en") -> tuple[str, ...] | None:
        return (str(self.result()),) if self.over else None


@attrs.frozen
class StoredSeat:
    seat: int
    name: str | None
    token_hash: str | None
    bot: str | None


@attrs.frozen
class StoredRoom:
    id: str
    game: str
    created: float
    config: str
    seats: tuple[StoredSeat, ...]
    record: str
    plies: int
    over: bool


class Store(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def create(self, room: StoredRoom) -> None: ...
    async def get(self, room_id: str) -> StoredRoom | None: ...
    async def rooms(self, *, limit: int = 200) -> tuple[StoredRoom, ...]: ...
    async def unfinished(self) -> tuple[StoredRoom, ...]: ...
    async def take_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool: ...
    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int,
                     over: bool) -> bool: ...
    def listen(self, callback: Callable[[str], None]) -> None: ...


class MemoryStore:
    def __init__(self) -> None:
        self._rooms: dict[str, StoredRoom] = {}
        self._listeners: list[Callable[[str], None]] = []

    async def open(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def create(self, room: StoredRoom) -> None:
        self._rooms[room.id] = room

    async def get(self, room_id: str) -> StoredRoom | None:
        await asyncio.sleep(0)
        return self._rooms.get(room_id)

    async def rooms(self, *, limit: int = 200) -> tuple[StoredRoom, ...]:
        return tuple(sorted(self._rooms.values(), key=lambda r: -r.created))[:limit]

    async def unfinished(self) -> tuple[StoredRoom, ...]:
        return tuple(r for r in self._rooms.values() if not r.over)

    async def take_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> bool:
        room = self._rooms.get(room_id)
        if room is None or not 0 <= seat < len(room.seats):
            return False
        old = room.seats[seat]
        if old.bot is not None or old.name is not None:
            return False
        seats = list(room.seats)
        seats[seat] = StoredSeat(seat, name, token_hash, None)
        self._rooms[room_id] = attrs.evolve(room, seats=tuple(seats))
        self._notify(room_id)
        return True

    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int,
                     over: bool) -> bool:
        room = self._rooms.get(room_id)
        if room is None or room.plies != expected_plies:
            return False
        self._rooms[room_id] = attrs.evolve(room, record=record, plies=plies, over=over)
        self._notify(room_id)
        return True

    def listen(self, callback: Callable[[str], None]) -> None:
        self._listeners.append(callback)

    def _notify(self, room_id: str) -> None:
        for listener in self._listeners:
            listener(room_id)


_ = cardrules
