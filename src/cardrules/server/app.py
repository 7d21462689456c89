"""The server as an ASGI application (Starlette): the HTTP API, the rooms' WebSocket, the browser table.

:func:`create_app` builds it over a store; ``cardrules serve`` runs it under uvicorn, and an app of
your own may mount it. What it speaks is ``docs/server-protocol.md``; what it refuses is in
:class:`ServerSettings`.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import attrs
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

from cardrules.arguments import shown
from cardrules.errors import ArgumentError
from cardrules.server.catalog import games_json
from cardrules.server.clients import Client
from cardrules.server.collector import full_collections_every
from cardrules.server.limits import TokenBucket
from cardrules.server.protocol import (
    MAX_BODY_BYTES,
    Hello,
    Ping,
    ProtocolError,
    error,
    frame,
    parse_client,
    parse_create,
    parse_name,
)
from cardrules.server.rooms import Rooms
from cardrules.server.store import MemoryStore, Store
from cardrules.server.tables import summary

__all__ = ["ServerSettings", "create_app"]

STATUS = {"bad_request": 400, "unknown_game": 400, "bad_rules": 400, "bad_bot": 400, "no_room": 404,
          "no_seat": 404, "seat_taken": 409, "not_over": 409, "too_many_rooms": 503}
"""The HTTP status of each error code of the API."""

CLOSE = {"bad_message": 4400, "protocol": 4400, "bad_token": 4401, "no_room": 4404, "full": 1013,
         "too_big": 1009, "rate_limited": 4429}
"""The close code of a socket closed for each error code."""

_SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _positive(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) not in (int, float) or not 0 < value < math.inf:  # type: ignore[operator]
        raise ArgumentError(f"ServerSettings.{attribute.name} is a positive number, not {shown(value)}")


def _positive_or_none(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _positive(_, attribute, value)


def _at_least_zero(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) not in (int, float) or not 0 <= value < math.inf:  # type: ignore[operator]
        raise ArgumentError(f"ServerSettings.{attribute.name} is a number from 0 up, not {shown(value)}")


def _origins(value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not all(isinstance(origin, str) for origin in value):  # type: ignore[attr-defined]
        raise ArgumentError(f"ServerSettings.allowed_origins is a tuple of origins, not {shown(value)}")
    return tuple(origin.rstrip("/") for origin in value)  # type: ignore[attr-defined]


@attrs.frozen(kw_only=True)
class ServerSettings:
    """What the server allows, and how fast its bots play.

    - ``allowed_origins``: the origins (``"https://cards.example"``) whose pages may open a
      WebSocket; empty (the default): only pages of the host the request names (its ``Host``).
    - ``bot_delay``: seconds a bot waits before it moves (0.6, so that people can follow);
      ``bot_timeout``: seconds a bot may think about one move (10) before a random move is played
      for it.
    - ``max_rooms``: unfinished rooms in the store (1000; counted every 10 seconds, and in between
      by each process for the rooms it opens and finishes); ``max_sockets``: sockets of this process
      (5000); ``max_sockets_per_room`` (20).
    - ``max_message_bytes``: the longest message a socket may send (4096); ``rate`` and ``burst``:
      messages per second per socket on average (20) and at once (40); ``hello_timeout``: seconds a
      socket has to say hello (10).
    - ``max_name_chars``: the longest player's name (24).
    - ``extra_bots``: bots of your own the rooms may seat beside the games' reference bots, by name
      (``{"mine": MyBot}``); a client names them, never code.
    - ``full_collection_every``: while the app runs (its lifespan), Python's garbage collector
      starts no full collection by itself and the server makes one every so many seconds (60),
      so that a busy server pauses every room rarely rather than every few seconds
      (:mod:`cardrules.server.collector`, ``docs/server-deploy.md``); ``None`` leaves the
      collector as it is.

    >>> ServerSettings(rate=0)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: ServerSettings.rate is a positive number, not 0
    """

    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_origins)
    bot_delay: float = attrs.field(default=0.6, validator=_at_least_zero)
    bot_timeout: float = attrs.field(default=10.0, validator=_positive)
    max_rooms: int = attrs.field(default=1000, validator=_positive)
    max_sockets: int = attrs.field(default=5000, validator=_positive)
    max_sockets_per_room: int = attrs.field(default=20, validator=_positive)
    max_message_bytes: int = attrs.field(default=4096, validator=_positive)
    rate: float = attrs.field(default=20.0, validator=_positive)
    burst: int = attrs.field(default=40, validator=_positive)
    hello_timeout: float = attrs.field(default=10.0, validator=_positive)
    max_name_chars: int = attrs.field(default=24, validator=_positive)
    extra_bots: Mapping[str, Callable[..., object]] = attrs.field(factory=dict)
    full_collection_every: float | None = attrs.field(default=60.0, validator=_positive_or_none)


def origin_allowed(headers: Headers, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket handshake's ``Origin`` may open a socket: one of ``allowed``, or (with
    none given) the host the request itself names. A handshake without an ``Origin`` comes from a
    program, not a page (browsers always send one), and passes.

    >>> origin_allowed(Headers({"host": "cards.example", "origin": "https://evil.example"}), ())
    False
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    if allowed:
        return origin.rstrip("/") in allowed
    return urlsplit(origin).netloc.lower() == headers.get("host", "").lower()


def _static() -> Path:
    return Path(str(resources.files("cardrules.server") / "static"))


def create_app(store: Store | None = None, *, settings: ServerSettings | None = None) -> Starlette:
    """The server over ``store`` (default: a :class:`~cardrules.server.store.MemoryStore`, which
    forgets everything when the process ends) as a Starlette application.

    Mounted in an app of your own, run its lifespan from yours (see ``docs/server.md``), so that
    the store opens and bots resume at start-up; without it the store opens at the first request.

    >>> from starlette.testclient import TestClient
    >>> with TestClient(create_app()) as client:
    ...     client.get("/api/v1/games").json()["protocol"]
    1
    """
    settings = ServerSettings() if settings is None else settings
    rooms = Rooms(store if store is not None else MemoryStore(), bot_delay=settings.bot_delay,
                  bot_timeout=settings.bot_timeout, max_rooms=settings.max_rooms,
                  max_sockets_per_room=settings.max_sockets_per_room,
                  max_name_chars=settings.max_name_chars, extra_bots=settings.extra_bots)
    started = asyncio.Lock()
    running: list[bool] = []

    async def ensure_started() -> None:
        async with started:
            if not running:
                await rooms.start()
                running.append(True)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with contextlib.AsyncExitStack() as stack:
            if settings.full_collection_every is not None:
                await stack.enter_async_context(full_collections_every(settings.full_collection_every))
            await ensure_started()
            try:
                yield
            finally:
                await rooms.stop()

    def refused(exc: ProtocolError) -> JSONResponse:
        return JSONResponse({"error": exc.code, "message": exc.message},
                            status_code=STATUS.get(exc.code, 400))

    async def games(request: Request) -> Response:
        return JSONResponse(games_json(settings.extra_bots))

    async def list_rooms(request: Request) -> Response:
        await ensure_started()
        return JSONResponse({"rooms": await rooms.summaries()})

    async def create_room(request: Request) -> Response:
        await ensure_started()
        try:
            created = await rooms.create(parse_create(await _body(request)))
        except ProtocolError as exc:
            return refused(exc)
        return JSONResponse(summary(created), status_code=201)

    async def take_seat(request: Request) -> Response:
        await ensure_started()
        seat: int = request.path_params["seat"]
        try:
            token = await rooms.take_seat(request.path_params["id"], seat, parse_name(await _body(request)))
        except ProtocolError as exc:
            return refused(exc)
        return JSONResponse({"seat": seat, "token": token}, headers={"Cache-Control": "no-store"})

    async def record(request: Request) -> Response:
        await ensure_started()
        stored = await rooms.store.get(request.path_params["id"])
        if stored is None:
            return refused(ProtocolError("no_room", "no such room"))
        if not stored.over:
            return refused(ProtocolError("not_over", "the record is shown once the game is over"))
        return Response(stored.record, media_type="application/json")

    async def page(request: Request) -> Response:
        name = "room.html" if "id" in request.path_params else "index.html"
        path = _static() / name
        if not path.is_file():
            path = _static() / "index.html"
        if not path.is_file():
            return PlainTextResponse("the browser table is not installed", status_code=404,
                                     headers=_SECURITY_HEADERS)
        return FileResponse(path, headers=_SECURITY_HEADERS)

    async def socket(websocket: _Socket, room_id: str) -> None:
        if not origin_allowed(Headers(scope=websocket.scope), settings.allowed_origins):
            await websocket.close(4403)
            return
        await ensure_started()
        if not await websocket.accept():
            return
        rooms.sockets += 1
        try:
            await _serve_socket(websocket, room_id, rooms, settings)
        finally:
            rooms.sockets -= 1

    routes = [
        Route("/api/v1/games", games),
        Route("/api/v1/rooms", list_rooms, methods=["GET"]),
        Route("/api/v1/rooms", create_room, methods=["POST"]),
        Route("/api/v1/rooms/{id}/seats/{seat:int}", take_seat, methods=["POST"]),
        Route("/api/v1/rooms/{id}/record", record),
        Route("/", page),
        Route("/room/{id}", page),
        Mount("/static", StaticFiles(directory=_static(), check_dir=False), name="static"),
    ]
    app = _App(socket, routes=routes, lifespan=lifespan)
    app.state.rooms = rooms
    return app


_ROOM_SOCKET = "/ws/v1/rooms/"
"""The path of a room's WebSocket, before the room's id."""


class _App(Starlette):
    """The server's Starlette app, which hands a room's WebSocket (``/ws/v1/rooms/{id}``) to its
    handler directly, in plain ASGI, and everything else to Starlette's routes.

    Why: a socket lives as long as its player stays, and everything its handshake passed through
    stays suspended with it. Through Starlette's middlewares, router and route, that was about 40
    objects a socket more (coroutines, closures, contexts, two ``WebSocket`` objects) for each of
    the collector's full collections to walk, and a wrapper call on every frame sent
    (``docs/server-deploy.md``). Starlette's middlewares do nothing for a socket that the handler
    does not do itself: it closes the socket on every error it expects.
    """

    def __init__(self, socket: Callable[[_Socket, str], Awaitable[None]], **options: Any) -> None:
        super().__init__(**options)
        self._socket = socket

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            room_id = _room_of(scope)
            if room_id is not None:
                await self._socket(_Socket(scope, receive, send), room_id)
                return
        await super().__call__(scope, receive, send)


def _room_of(scope: Scope) -> str | None:
    """The room a WebSocket's path names (below the path the app is mounted at, if any), or ``None``
    when it names no room's socket (Starlette's router then refuses it).

    >>> _room_of({"path": "/games/ws/v1/rooms/abc", "root_path": "/games"})
    'abc'
    >>> _room_of({"path": "/ws/v1/rooms/"}) is None
    True
    """
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root) and path[len(root):len(root) + 1] == "/":
        path = path[len(root):]
    if not path.startswith(_ROOM_SOCKET):
        return None
    room_id = path[len(_ROOM_SOCKET):]
    return room_id if room_id and "/" not in room_id else None


class _Socket:
    """A WebSocket in plain ASGI: what the server does with one (accept, receive, send a text, close).

    Sending on a socket the client has closed raises (the server's own error, an ``OSError`` under
    uvicorn); receiving on it returns ``websocket.disconnect`` messages.
    """

    __slots__ = ("_receive", "_send", "scope")

    def __init__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.scope = scope
        self._receive = receive
        self._send = send

    async def accept(self) -> bool:
        """Accept the handshake; ``False`` if the client left before it was done."""
        if (await self._receive())["type"] != "websocket.connect":
            return False
        await self._send({"type": "websocket.accept"})
        return True

    async def receive(self) -> Message:
        """The next ASGI message: ``websocket.receive`` or ``websocket.disconnect``."""
        return await self._receive()

    async def send_text(self, text: str) -> None:
        """Send ``text`` as one text message."""
        await self._send({"type": "websocket.send", "text": text})

    async def close(self, code: int) -> None:
        """Close the socket with ``code`` (before the handshake is accepted: refuse it, which the
        server answers with HTTP 403)."""
        await self._send({"type": "websocket.close", "code": code})


async def _body(request: Request) -> bytes:
    """The request's body, refused past :data:`MAX_BODY_BYTES` without reading it all."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise ProtocolError("bad_request", f"a request body has at most {MAX_BODY_BYTES} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise ProtocolError("bad_request", f"a request body has at most {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def _refuse(websocket: _Socket, exc: ProtocolError) -> None:
    await websocket.send_text(error(exc.code, exc.message))
    await websocket.close(CLOSE.get(exc.code, 4400))


async def _receive(websocket: _Socket) -> str | bytes | None:
    """The next message's data, or ``None`` once the socket is closed."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    data: str | bytes | None = message.get("text")
    return data if data is not None else message.get("bytes") or b""


async def _serve_socket(websocket: _Socket, room_id: str, rooms: Rooms, settings: ServerSettings) -> None:
    if rooms.sockets > settings.max_sockets:
        full = ProtocolError("full", f"this server has {settings.max_sockets} sockets open")
        await _refuse(websocket, full)
        return
    try:
        data = await asyncio.wait_for(_receive(websocket), settings.hello_timeout)
    except TimeoutError:
        await _refuse(websocket, ProtocolError("bad_message", "say hello first"))
        return
    if data is None:
        return
    try:
        hello = parse_client(data, max_bytes=settings.max_message_bytes)
        if not isinstance(hello, Hello):
            raise ProtocolError("bad_message", "the first message is a hello")
        client = await rooms.join(room_id, hello)
    except ProtocolError as exc:
        await _refuse(websocket, exc)
        return
    writer = _Writer(websocket, client.outbox)
    client.attach(writer.wake)
    try:
        await _read(websocket, rooms, client, settings)
    finally:
        rooms.leave(client)
        client.push_close(None)
        sending = writer.task
        if sending is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sending, 5)
            sending.cancel()


async def _read(websocket: _Socket, rooms: Rooms, client: Client, settings: ServerSettings) -> None:
    bucket = TokenBucket(rate=settings.rate, burst=settings.burst)
    refused = 0
    while not client.closing:
        data = await _receive(websocket)
        if data is None:
            return
        if not bucket.take():
            refused += 1
            client.push(error("rate_limited", f"at most {settings.rate:g} messages a second"))
            if refused > settings.burst:  # it keeps on without waiting: the socket is closed
                client.push_close(CLOSE["rate_limited"])
                return
            continue
        refused = 0
        try:
            message = parse_client(data, max_bytes=settings.max_message_bytes)
        except ProtocolError as exc:
            client.push(error(exc.code, exc.message))
            if exc.code == "too_big":
                client.push_close(CLOSE["too_big"])
                return
            continue
        if isinstance(message, Ping):
            client.push(frame("pong"))
        elif isinstance(message, Hello):
            client.push(error("bad_message", "hello is said once"))
        else:
            await rooms.move(client, message)


class _Writer:
    """Sends a client's frames in order, and closes its socket when a close code comes: on a task
    started when something is queued, which ends once the outbox is empty, so that an idle socket
    keeps no task, coroutine or future for the collector to walk. It holds the client's outbox,
    not the client, whose ``wake`` it is: no reference cycle, so both are freed as soon as the
    socket is done with (a cycle would wait for the collector)."""

    def __init__(self, websocket: _Socket, outbox: deque[str | int]) -> None:
        self.websocket = websocket
        self.outbox = outbox
        self.task: asyncio.Task[None] | None = None
        self.done = False

    def wake(self) -> None:
        if not self.done and (self.task is None or self.task.done()):
            self.task = asyncio.create_task(self._send())

    async def _send(self) -> None:
        outbox = self.outbox
        try:
            while outbox:
                item = outbox.popleft()
                if isinstance(item, str):
                    await self.websocket.send_text(item)
                    continue
                self.done = True
                await self.websocket.close(item)
                return
        except Exception:  # the socket went away: the reader sees it too
            self.done = True
        finally:
            self.task = None  # a finished task keeps its coroutine: let both go
