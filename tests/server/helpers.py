"""What the server's tests share: a test client over an app, rooms opened and seats taken over HTTP,
sockets that say hello, and frames read up to the one wanted."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server tests need the server extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketTestSession

from cardrules.server import ServerSettings, create_app

Frame = dict[str, Any]

TABLE_KEYS = {"type", "plies", "to_move", "your_turn", "svg", "text", "choices", "question", "events", "over",
              "score"}
"""Every field of a ``table`` frame (protocol 1), and nothing else."""


@contextmanager
def server(store: object = None, **settings: Any) -> Iterator[TestClient]:
    """A test client over a fresh app (bots move at once unless told otherwise)."""
    settings.setdefault("bot_delay", 0)
    app = create_app(store, settings=ServerSettings(**settings))  # type: ignore[arg-type]
    with TestClient(app) as client:
        yield client


def open_room(client: TestClient, **body: Any) -> Frame:
    """Open a room and return its summary."""
    response = client.post("/api/v1/rooms", json=body)
    assert response.status_code == 201, response.text
    room: Frame = response.json()
    return room


def take_seat(client: TestClient, room_id: str, seat: int, name: str = "Ana") -> str:
    """Take a seat and return its token."""
    response = client.post(f"/api/v1/rooms/{room_id}/seats/{seat}", json={"name": name})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def hello(ws: WebSocketTestSession, token: str | None, lang: str = "en") -> tuple[Frame, Frame]:
    """Say hello on a socket; the welcome and the first table."""
    ws.send_json({"type": "hello", "protocol": 1, "token": token, "lang": lang})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    table = ws.receive_json()
    assert table["type"] == "table", table
    return welcome, table


def next_of(ws: WebSocketTestSession, kind: str, seen: list[Frame] | None = None) -> Frame:
    """The next frame of type ``kind``; those before it go to ``seen``."""
    while True:
        frame: Frame = ws.receive_json()
        if frame["type"] == kind:
            return frame
        if seen is not None:
            seen.append(frame)


def wait_for(condition: Callable[[], bool], seconds: float = 30.0) -> None:
    """Wait until ``condition()`` holds; fail after ``seconds`` (only to detect a hang)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the server hangs"
        time.sleep(0.01)


def room_summary(client: TestClient, room_id: str) -> Frame:
    """The lobby's summary of a room."""
    rooms = client.get("/api/v1/rooms").json()["rooms"]
    return next(room for room in rooms if room["id"] == room_id)
