"""The rooms this process serves: each room's session, its sockets here, its bots' turns.

A room lives in the store (:mod:`cardrules.server.store`); this process keeps in memory the rooms
that have sockets here or a bot about to move: the :class:`~cardrules.session.Session` rebuilt
from the stored record, and the :class:`~cardrules.server.clients.Client` of each socket. Every
change goes the same way: the session checks the move (an illegal one is answered to its sender
alone), the store commits it, and only once the commit has returned does this process change its
session and tell the sockets. A commit that loses to another process (the store's optimistic check)
reloads the room and tells the mover ``conflict``. The store's notifications (another process moved,
a seat was taken) reload the room and tell its sockets.

Bots move after ``bot_delay`` seconds (see :func:`cardrules.server.bots.decide`). A bot that fails
is reported to the room as ``bot_failed`` and a random legal move is played for it that once; the
room goes on and the seat's bot is asked again at its next turn. The process that committed a move
schedules the bot that must answer it; at start-up every unfinished room whose turn is a bot's is
resumed.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable, Coroutine, Mapping

import attrs

from cardrules.errors import ArgumentError, CardrulesError, IllegalMoveError, NotationError, NotYourTurnError
from cardrules.i18n import LANGUAGES
from cardrules.records import GameRecord
from cardrules.run.botspec import BotSpec
from cardrules.serialization import from_json, to_json
from cardrules.server.bots import BotThreads, decide, decision_seed, parse_room_bot
from cardrules.server.catalog import build_rules, game_named
from cardrules.server.clients import Client, token_hash
from cardrules.server.limits import check_name
from cardrules.server.protocol import PROTOCOL, CreateRoom, Hello, Move, ProtocolError, error, frame
from cardrules.server.store import Store, StoredRoom, StoredSeat
from cardrules.server.tables import summary, table
from cardrules.session import Session

__all__ = ["RoomConfig", "Rooms"]

log = logging.getLogger("cardrules.server")

BOT_THREADS = 4
"""Threads the bots of this process think on (:class:`~cardrules.server.bots.BotThreads`): as many
bots decide at once, the others wait their turn (a bot's time limit counts from its turn to think)."""

COUNT_EVERY = 10.0
"""Seconds between two counts of the store's unfinished rooms (for ``max_rooms``); in between,
this process counts the rooms it opens and finishes (other processes' are seen at the next count)."""

@attrs.frozen(kw_only=True)
class RoomConfig:
    """What the server remembers of how a room was opened, beyond its record and its seats:
    the preset named, and whether the creator chose the seed (and so may know the deal)."""

    preset: str | None = None
    seeded: bool = False

    def to_json(self) -> str:
        """The config as the store keeps it."""
        return json.dumps({"protocol": PROTOCOL, "preset": self.preset, "seeded": self.seeded})

    @classmethod
    def from_json(cls, text: str) -> RoomConfig:
        """The config a store holds (fields it lacks take their defaults)."""
        data = json.loads(text)
        return cls(preset=data.get("preset"), seeded=bool(data.get("seeded", False)))


class Room:
    """A room served by this process: what the store holds of it, its session, its sockets here."""

    def __init__(self, stored: StoredRoom, session: Session) -> None:
        self.stored = stored
        self.session = session
        self.config = RoomConfig.from_json(stored.config)
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.stored.id


def _session_of(stored: StoredRoom) -> Session:
    return Session.from_record(from_json(stored.record, GameRecord))


def _holds(room: Room, plies: int | None) -> bool:
    """Whether ``room`` already holds the move a notification tells of: one that left the room at
    ``plies`` moves, when it has that many or more. A room's moves only grow, and only one commit
    can make its move number ``plies`` (each commit names the count it extends), so the move is
    the one held. Most news is the server's own commit coming back: not reading the room again for
    it spares the store a read per move. A seat's news (``None``) is always read."""
    return plies is not None and room.session.plies >= plies


def _table(session: Session, client: Client) -> str:
    """``client``'s table now, with the events since its last one (which it then has seen)."""
    text = table(session, client.seat, client.lang, client.seen)
    client.seen = session.plies
    return text


class Rooms:
    """Every room this process serves, over one store; the app's one registry (see
    :func:`cardrules.server.create_app`)."""

    def __init__(self, store: Store, *, bot_delay: float, bot_timeout: float, max_rooms: int,
                 max_sockets_per_room: int, max_name_chars: int,
                 extra_bots: Mapping[str, Callable[..., object]]) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.bot_timeout = bot_timeout
        self.max_rooms = max_rooms
        self.max_sockets_per_room = max_sockets_per_room
        self.max_name_chars = max_name_chars
        self.extra_bots = extra_bots
        self.sockets = 0
        self._rooms: dict[str, Room] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = False
        self._threads = BotThreads(BOT_THREADS)
        self._bot_specs: dict[tuple[str, str], BotSpec] = {}
        """The bots' specs read, for :func:`~cardrules.server.bots.decide`."""
        # How many unfinished rooms the store holds, counted at most every COUNT_EVERY seconds
        # (a query, cheap but not free) and kept up to date between.
        self._unfinished: int | None = None
        self._counted = 0.0

    # --- life -------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Open the store, listen to it, and resume the bots of unfinished rooms."""
        self._loop = asyncio.get_running_loop()
        await self.store.open()
        self.store.listen(self._notified)
        for stored in await self.store.unfinished():
            try:
                session = _session_of(stored)
            except CardrulesError as exc:
                log.error("room %s cannot be replayed: %s", stored.id, type(exc).__name__)
                continue
            seat = session.to_move
            if seat is not None and stored.seats[seat].bot is not None:
                room = self._rooms.setdefault(stored.id, Room(stored, session))
                self._schedule_bot(room)

    async def stop(self) -> None:
        """Stop the bots and close the store."""
        self._stopping = True
        tasks = [room.bot_task for room in self._rooms.values() if room.bot_task is not None]
        tasks += list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._threads.close()
        await self.store.close()

    def _spawn(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- HTTP ---------------------------------------------------------------------------------------

    async def create(self, request: CreateRoom) -> StoredRoom:
        """Open a room as ``request`` asks (its rules and bots checked first) and store it."""
        game = game_named(request.game)
        rules = build_rules(game, request)
        bots: dict[int, BotSpec] = {}
        for seat, spec in request.bots.items():
            if not 0 <= seat < rules.players:
                raise ProtocolError("bad_bot", f"no seat {seat} at a table of {rules.players}")
            bots[seat] = parse_room_bot(game, spec, self.extra_bots)
        if self._unfinished is None or time.monotonic() - self._counted > COUNT_EVERY:
            self._unfinished, self._counted = await self.store.count_unfinished(), time.monotonic()
        if self._unfinished >= self.max_rooms:
            raise ProtocolError("too_many_rooms", f"this server has {self.max_rooms} rooms in play; "
                                                  "try again when one has finished")
        seed = request.seed if request.seed is not None else secrets.randbelow(2 ** 63)
        session = Session.start(rules, seed=seed)
        config = RoomConfig(preset=request.preset if request.rules is None else None,
                            seeded=request.seed is not None)
        seats = tuple(StoredSeat(seat, None, None, bots[seat].label if seat in bots else None)
                      for seat in range(rules.players))
        stored = StoredRoom(id=secrets.token_urlsafe(9), game=game.name, created=time.time(),
                            config=config.to_json(), seats=seats, record=to_json(session.record),
                            plies=session.plies, over=session.over)
        await self.store.create(stored)
        self._unfinished += 1
        log.info("room %s opened: %s, %d seats", stored.id, game.name, rules.players)
        if session.to_move is not None and session.to_move in bots:
            self._schedule_bot(self._rooms.setdefault(stored.id, Room(stored, session)))
        return stored

    async def take_seat(self, room_id: str, seat: int, name: object) -> str:
        """Seat ``name`` at ``seat`` of a room and return the seat's token (only its hash is kept)."""
        try:
            name = check_name(name, self.max_name_chars)
        except ArgumentError as exc:
            raise ProtocolError("bad_request", str(exc)) from None
        stored = await self.store.get(room_id)
        if stored is None:
            raise ProtocolError("no_room", "no such room")
        if not 0 <= seat < len(stored.seats):
            raise ProtocolError("no_seat", f"the room's seats are 0 to {len(stored.seats) - 1}")
        token = secrets.token_urlsafe(32)
        if not await self.store.take_seat(room_id, seat, name, token_hash(token)):
            raise ProtocolError("seat_taken", f"seat {seat} is taken")
        return token

    async def summaries(self, limit: int = 200) -> list[dict[str, object]]:
        """The rooms of the lobby, newest first."""
        return [summary(stored) for stored in await self.store.rooms(limit=limit)]

    # --- sockets --------------------------------------------------------------------------------------

    async def _room(self, room_id: str) -> Room | None:
        room = self._rooms.get(room_id)
        if room is not None:
            return room
        stored = await self.store.get(room_id)
        if stored is None:
            return None
        try:
            session = _session_of(stored)
        except CardrulesError as exc:  # a record this version cannot replay (or one edited by hand)
            log.error("room %s cannot be replayed: %s", room_id, type(exc).__name__)
            raise ProtocolError("no_room", "this room's game cannot be read by this server") from None
        return self._rooms.setdefault(room_id, Room(stored, session))

    async def join(self, room_id: str, hello: Hello) -> Client:
        """A socket's :class:`Client` in the room, its welcome and first table queued: seated by
        its token, or watching without one."""
        room = await self._room(room_id)
        if room is None:
            raise ProtocolError("no_room", "no such room")
        if len(room.clients) >= self.max_sockets_per_room:
            raise ProtocolError("full", f"a room has at most {self.max_sockets_per_room} sockets")
        seat = None
        if hello.token is not None:
            digest = token_hash(hello.token)
            seat = next((held.seat for held in room.stored.seats
                         if held.token_hash is not None and hmac.compare_digest(held.token_hash, digest)),
                        None)
            if seat is None:
                self._maybe_unload(room)
                raise ProtocolError("bad_token", "this token holds no seat of this room")
        client = Client(room_id, seat, hello.lang)
        room.clients.add(client)
        client.push(frame("welcome", protocol=PROTOCOL, room=summary(room.stored), seat=seat,
                          lang=hello.lang))
        client.push(_table(room.session, client))
        return client

    def leave(self, client: Client) -> None:
        """Forget a socket that has closed."""
        room = self._rooms.get(client.room_id)
        if room is not None:
            room.clients.discard(client)
            self._maybe_unload(room)

    def _maybe_unload(self, room: Room) -> None:
        if not room.clients and (room.bot_task is None or room.bot_task.done()) and not room.lock.locked():
            self._rooms.pop(room.id, None)

    async def move(self, client: Client, message: Move) -> None:
        """Play a socket's move: refused to it alone, or committed and then told to the room."""
        room = self._rooms.get(client.room_id)
        if room is None:
            return
        if client.seat is None:
            client.push(error("spectator", "a spectator makes no moves"))
            return
        answer: int | str = message.index if message.index is not None else str(message.notation)
        async with room.lock:
            try:
                after = room.session.play(client.seat, answer)
            except NotYourTurnError as exc:
                client.push(error("not_your_turn", str(exc)))
                return
            except (IllegalMoveError, NotationError) as exc:
                why = exc.wording(client.lang) if exc.wording is not None else exc.reason
                client.push(error("illegal", why))
                return
            except ArgumentError as exc:  # an index past the choices
                client.push(error("illegal", str(exc)))
                return
            await self._commit(room, after, client)

    async def _commit(self, room: Room, after: Session, mover: Client | None,
                      announce: list[str] | None = None) -> bool:
        """Commit ``after`` (the room's session and one more move) and tell the room; the room's lock
        is held. False if the store refused it (the room is reloaded and the mover told)."""
        before = room.session
        try:
            committed = await self.store.commit(room.id, expected_plies=before.plies,
                                                record=to_json(after.record), plies=after.plies,
                                                over=after.over)
        except Exception as exc:  # the store is down: nothing changed, the mover may try again
            log.error("room %s: the store could not commit move %d: %s", room.id, after.plies,
                      type(exc).__name__)
            if mover is not None:
                mover.push(error("store", "the move could not be saved; try again"))
            return False
        if not committed:
            if mover is not None:  # before the reload's table: the table that follows is the new one
                mover.push(error("conflict", "another move was made first"))
            await self._reload(room)
            return False
        room.session = after
        room.stored = attrs.evolve(room.stored, plies=after.plies, over=after.over)
        if after.over and self._unfinished:
            self._unfinished -= 1
        for client in room.clients:
            for text in announce or ():
                client.push(text)
            client.push(_table(after, client))
        self._schedule_bot(room)
        return True

    # --- the store's news -------------------------------------------------------------------------------

    def _notified(self, room_id: str, plies: int | None) -> None:
        """The store's callback (maybe on another thread): some process changed the room (a move
        that left it at ``plies`` moves, or a seat: ``None``)."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._refresh_soon, room_id, plies)

    def _refresh_soon(self, room_id: str, plies: int | None) -> None:
        room = self._rooms.get(room_id)
        if room is not None and not _holds(room, plies):
            self._spawn(self._refresh(room_id, plies))

    async def _refresh(self, room_id: str, plies: int | None) -> None:
        room = self._rooms.get(room_id)
        if room is None:
            return
        async with room.lock:
            if _holds(room, plies):  # caught up while this waited for the lock
                return
            try:
                await self._reload(room)
            except Exception as exc:  # the store is down, or the record unreadable: the next news retries
                log.error("room %s could not be reloaded: %s", room_id, type(exc).__name__)

    async def _reload(self, room: Room) -> None:
        """Bring the room up to the store's version and tell its sockets what changed."""
        stored = await self.store.get(room.id)
        if stored is None:
            return
        seats_before = room.stored.seats
        news: list[str] = []
        if stored.plies != room.session.plies:
            room.session, movers = self._caught_up(room.session, stored)
            # Bots another process ran: announced here as that process announces them to its sockets.
            news = [frame("room", event="bot_moved", seat=seat, name=stored.seats[seat].bot)
                    for seat in movers if stored.seats[seat].bot is not None]
        room.stored = stored
        for before, now in zip(seats_before, stored.seats, strict=False):
            if before.name is None and now.name is not None:
                for client in room.clients:
                    client.push(frame("room", event="seat_taken", seat=now.seat, name=now.name))
        for client in room.clients:
            if client.seen != room.session.plies or seats_before != stored.seats:
                for text in [*news, _table(room.session, client)]:
                    client.push(text)

    @staticmethod
    def _caught_up(session: Session, stored: StoredRoom) -> tuple[Session, tuple[int, ...]]:
        """The stored record's session, and the seats that made the moves it adds to ``session``
        (none when the record does not extend it and is replayed from the start)."""
        record = from_json(stored.record, GameRecord)
        if record.moves[:session.plies] != session.record.moves:
            return Session.from_record(record), ()
        movers = []
        for move in record.moves[session.plies:]:
            seat = session.to_move
            if seat is None:
                return Session.from_record(record), ()
            session = session.play(seat, move)
            movers.append(seat)
        return session, tuple(movers)

    # --- bots ---------------------------------------------------------------------------------------------

    def _schedule_bot(self, room: Room) -> None:
        session = room.session
        seat = session.to_move
        if seat is None or room.stored.seats[seat].bot is None:
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        room.bot_task = asyncio.create_task(self._bot_turn(room, seat, session.plies))

    async def _bot_turn(self, room: Room, seat: int, plies: int) -> None:
        try:
            await asyncio.sleep(self.bot_delay)
            session = room.session
            spec_text = room.stored.seats[seat].bot
            if session.plies != plies or session.to_move != seat or spec_text is None:
                return
            move, failure = await decide(session, seat, spec_text, self.extra_bots,
                                         seed=decision_seed(room.id, seat, plies), timeout=self.bot_timeout,
                                         threads=self._threads, parsed=self._bot_specs)
            announce: list[str] = []
            if failure is not None:
                # Only the error's kind: its text could hold the bot's hand.
                log.warning("room %s: bot %s at seat %d failed on move %d: %s", room.id, spec_text, seat,
                            plies + 1, failure("en"))
                failed = {lang: frame("room", event="bot_failed", seat=seat, message=failure(lang))
                          for lang in LANGUAGES}
                for client in room.clients:
                    client.push(failed[client.lang])
            announce.append(frame("room", event="bot_moved", seat=seat, name=spec_text))
            async with room.lock:
                committed = room.session is session and await self._commit(
                    room, session.play(seat, move), None, announce)
            if not committed and room.session is session:
                # The store refused or failed: try again, but not in a tight loop on a store that is down.
                await asyncio.sleep(max(1.0, self.bot_delay))
        finally:
            if asyncio.current_task() is room.bot_task:
                room.bot_task = None
            if not self._stopping:
                self._schedule_bot(room)
                self._maybe_unload(room)

