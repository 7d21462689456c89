"""The rooms this process serves: each room's session, its sockets here, its bots' turns.

A room lives in the store (:mod:`cardrules.server.store`); this process keeps in memory the rooms
that have sockets here or a bot about to move: the :class:`~cardrules.session.Session` rebuilt
from the stored record, and the :class:`Client` of each socket. Every change goes the same way:
the session checks the move (an illegal one is answered to its sender alone), the store commits
it, and only once the commit has returned does this process change its session and tell the
sockets. A commit that loses to another process (the store's optimistic check) reloads the room
and tells the mover ``conflict``. The store's notifications (another process moved, a seat was
taken) reload the room and tell its sockets.

Bots move after ``bot_delay`` seconds, deciding on a worker thread (so a slow bot stalls no other
room) within ``bot_timeout`` seconds. A bot that fails (raises, answers an illegal move, runs out
of time) is reported to the room as ``bot_failed`` and a random legal move is played for it that
once; the room goes on and the seat's bot is asked again at its next turn. The process that
committed a move schedules the bot that must answer it; at start-up every unfinished room whose
turn is a bot's is resumed.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping

import attrs

from cardrules.bots import Bot, RandomBot
from cardrules.cli.botspec import BotSpec
from cardrules.errors import ArgumentError, CardrulesError, IllegalMoveError, NotationError, NotYourTurnError
from cardrules.i18n import Lang, Phrase
from cardrules.records import GameRecord
from cardrules.registry import SomeGame
from cardrules.serialization import from_json, to_json
from cardrules.server.store import Store, StoredRoom, StoredSeat
from cardrules.server.catalog import build_rules, game_named, parse_room_bot
from cardrules.server.limits import check_name
from cardrules.server.protocol import PROTOCOL, CreateRoom, Hello, Move, ProtocolError, error, frame
from cardrules.server.tables import summary, table
from cardrules.session import Session

__all__ = ["Client", "RoomConfig", "Rooms", "token_hash"]

log = logging.getLogger("cardrules.server")

OUTBOX = 256
"""Frames waiting for a socket: past this the client is too slow to follow its room, and is closed."""

_BOT_FAILED = Phrase(
    "The bot at seat {seat} ({bot}) failed on move {move} ({problem}); a random move was played for it.",
    "El bot del asiento {seat} ({bot}) falló en la jugada {move} ({problem}); se jugó por él una "
    "jugada al azar.",
    "Le bot du siège {seat} ({bot}) a échoué au coup {move} ({problem}) ; un coup au hasard a été joué "
    "à sa place.")
_TOO_SLOW = Phrase("took more than {seconds:g} s", "tardó más de {seconds:g} s",
                   "a pris plus de {seconds:g} s")


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token: its SHA-256, in hex.

    >>> len(token_hash("x"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


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


class Client:
    """One socket of a room in this process: its seat (``None`` watches), its language, the plies
    it has been told of, and what waits to be sent to it (frames, then maybe a close code)."""

    def __init__(self, room_id: str, seat: int | None, lang: Lang) -> None:
        self.room_id = room_id
        self.seat = seat
        self.lang: Lang = lang
        self.seen = 0
        self.outbox: asyncio.Queue[str | int] = asyncio.Queue(OUTBOX)
        self.closing = False

    def push(self, text: str) -> None:
        """Queue ``text`` for the socket; a socket that lets :data:`OUTBOX` frames pile up is too
        slow to follow its room, and is closed (1013)."""
        if self.closing:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.push_close(1013)

    def push_close(self, code: int | None) -> None:
        """Close the socket with ``code`` (``None``: 1000, normal) once the frames queued are sent."""
        if self.closing:
            return
        self.closing = True
        if self.outbox.full():
            self.outbox.get_nowait()
        self.outbox.put_nowait(1000 if code is None else code)


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


def _table(session: Session, client: Client) -> str:
    """``client``'s table now, with the events since its last one (which it then has seen)."""
    text = table(session, client.seat, client.lang, client.seen)
    client.seen = session.plies
    return text


def _decision_seed(room_id: str, seat: int, ply: int) -> int:
    """The seed of a bot's decision: from the room, the seat and the move alone, so a restarted
    server's bots decide as the first would have."""
    digest = hashlib.sha256(f"cardrules room {room_id} {seat} {ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Rooms:
    """Every room this process serves, over one store; the app's one registry (see
    :func:`cardrules.server.create_app`)."""

    def __init__(self, store: Store, *, bot_delay: float, bot_timeout: float, max_rooms: int,
                 max_sockets: int, max_sockets_per_room: int, max_name_chars: int,
                 extra_bots: Mapping[str, Callable[..., object]]) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.bot_timeout = bot_timeout
        self.max_rooms = max_rooms
        self.max_sockets = max_sockets
        self.max_sockets_per_room = max_sockets_per_room
        self.max_name_chars = max_name_chars
        self.extra_bots = extra_bots
        self.sockets = 0
        self._rooms: dict[str, Room] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = False

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
                log.error("room %s cannot be replayed: %s", stored.id, exc)
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
        await self.store.close()

    def _spawn(self, work: asyncio.Future[None] | asyncio.Task[None] | object) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(work)  # type: ignore[arg-type]
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
        if len(await self.store.unfinished()) >= self.max_rooms:
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
        session = _session_of(stored)
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
            await self._reload(room)
            if mover is not None:
                mover.push(error("conflict", "another move was made first"))
            return False
        room.session = after
        room.stored = attrs.evolve(room.stored, plies=after.plies, over=after.over)
        for client in room.clients:
            for text in announce or ():
                client.push(text)
            client.push(_table(after, client))
        self._schedule_bot(room)
        return True

    # --- the store's news -------------------------------------------------------------------------------

    def _notified(self, room_id: str) -> None:
        """The store's callback (maybe on another thread): some process changed the room."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._refresh_soon, room_id)

    def _refresh_soon(self, room_id: str) -> None:
        if room_id in self._rooms:
            self._spawn(self._refresh(room_id))

    async def _refresh(self, room_id: str) -> None:
        room = self._rooms.get(room_id)
        if room is None:
            return
        async with room.lock:
            await self._reload(room)

    async def _reload(self, room: Room) -> None:
        """Bring the room up to the store's version and tell its sockets what changed."""
        stored = await self.store.get(room.id)
        if stored is None:
            return
        seats_before = room.stored.seats
        if stored.plies != room.session.plies:
            room.session = self._caught_up(room.session, stored)
        room.stored = stored
        for before, now in zip(seats_before, stored.seats, strict=False):
            if before.name is None and now.name is not None:
                for client in room.clients:
                    client.push(frame("room", event="seat_taken", seat=now.seat, name=now.name))
        for client in room.clients:
            if client.seen != room.session.plies or seats_before != stored.seats:
                client.push(_table(room.session, client))

    @staticmethod
    def _caught_up(session: Session, stored: StoredRoom) -> Session:
        """The session of the stored record: the moves after ``session``'s played on it when the
        record extends it, else replayed from the start."""
        record = from_json(stored.record, GameRecord)
        if record.moves[:session.plies] != session.record.moves:
            return Session.from_record(record)
        for move in record.moves[session.plies:]:
            seat = session.to_move
            if seat is None:
                return Session.from_record(record)
            session = session.play(seat, move)
        return session

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
            game: SomeGame = session.game
            observation, legal = session.observation(seat), session.legal_moves(seat)
            seed = _decision_seed(room.id, seat, plies)
            announce: list[str] = []
            try:
                spec = parse_room_bot(game, spec_text, self.extra_bots)
                bot = spec.build(rules=session.record.rules, seed=seed)
                move = await asyncio.wait_for(asyncio.to_thread(_choose, bot, observation, legal),
                                              self.bot_timeout)
            except Exception as exc:  # any failure of the bot: reported, and a random move for it
                problem = (_TOO_SLOW("en", seconds=self.bot_timeout) if isinstance(exc, TimeoutError)
                           else type(exc).__name__)
                # Only the error's class: its text could hold the bot's hand.
                log.warning("room %s: bot %s at seat %d failed on move %d: %s", room.id, spec_text, seat,
                            plies + 1, problem)
                move = RandomBot(seed).choose(observation, legal)
                failed = {lang: frame("room", event="bot_failed", seat=seat, message=_BOT_FAILED(
                    lang, seat=seat, bot=spec_text, move=plies + 1,
                    problem=_TOO_SLOW(lang, seconds=self.bot_timeout) if isinstance(exc, TimeoutError)
                    else type(exc).__name__)) for lang in ("en", "es", "fr")}
                for client in room.clients:
                    client.push(failed[client.lang])
            announce.append(frame("room", event="bot_moved", seat=seat, name=spec_text))
            async with room.lock:
                if room.session is session:
                    await self._commit(room, session.play(seat, move), None, announce)
        finally:
            if asyncio.current_task() is room.bot_task:
                room.bot_task = None
            if not self._stopping:
                self._schedule_bot(room)
                self._maybe_unload(room)


def _choose(bot: Bot[object, object], observation: object, legal: tuple[object, ...]) -> object:
    """The bot's move, on a worker thread; an answer that is no legal move raises."""
    chosen = bot.choose(observation, legal)
    if chosen not in legal:
        raise IllegalMoveError(chosen, "the bot chose a move that is not legal")
    return chosen
