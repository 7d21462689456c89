"""Nothing lost: ``cardrules serve`` killed with SIGKILL in the middle of a game and started again on
the same SQLite file serves the room from its last committed move, the players reconnect with
their tokens and finish, and the stored record replays to what the clients saw."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="cardrules serve needs the server extra (uvicorn)")
pytest.importorskip("websockets", reason="the restart test talks over real WebSockets (websockets)")

from websockets.sync.client import ClientConnection, connect  # noqa: E402

import cardrules  # noqa: E402

TIMEOUT = 30.0
"""Seconds before a step counts as a hang."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """A ``cardrules serve`` process on a free port of 127.0.0.1."""

    def __init__(self, db: Path, log: Path) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        with log.open("ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "cardrules", "serve", "--port", str(self.port), "--db", str(db),
                 "--bot-delay", "0"], stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                self.get("/api/v1/games")
                return
            except (urllib.error.URLError, ConnectionError):
                assert self.process.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def request(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def get(self, path: str) -> Any:
        status, body = self.request("GET", path)
        assert status == 200, body
        return body

    @contextmanager
    def socket(self, room_id: str, token: str | None) -> Iterator[tuple[ClientConnection, dict[str, Any]]]:
        """A socket that has said hello, and its first table."""
        with connect(f"ws://127.0.0.1:{self.port}/ws/v1/rooms/{room_id}", open_timeout=TIMEOUT) as ws:
            ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token, "lang": "en"}))
            assert receive(ws)["type"] == "welcome"
            yield ws, receive(ws)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(TIMEOUT)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(TIMEOUT)


def receive(ws: ClientConnection, kind: str | None = None) -> dict[str, Any]:
    """The next frame (of type ``kind``, skipping the others)."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=TIMEOUT))
        if kind is None or frame["type"] == kind:
            return frame


def _play(server: Server, room_id: str, tokens: list[str], moves: int | None,
          notations: list[str]) -> dict[str, Any]:
    """Both seats play their first choice, ``moves`` moves (``None``: to the end); the last table.
    Each move's notation, as the events told it, goes to ``notations``."""
    with server.socket(room_id, tokens[0]) as (first, table), server.socket(room_id, tokens[1]) as (second, _):
        sockets = [first, second]
        played = 0
        while not table["over"] and (moves is None or played < moves):
            sockets[table["to_move"]].send(json.dumps({"type": "move", "index": 0}))
            table, _ = (receive(ws, "table") for ws in sockets)
            notations.append(table["events"][0]["notation"])
            played += 1
        return table


def test_a_server_killed_mid_game_serves_the_room_again_and_the_record_replays(tmp_path: Path) -> None:
    db, log = tmp_path / "rooms.sqlite3", tmp_path / "server.log"
    server = Server(db, log)
    try:
        status, room = server.request("POST", "/api/v1/rooms", {"game": "the-game", "players": 2, "seed": 21})
        assert status == 201
        tokens = [server.request("POST", f"/api/v1/rooms/{room['id']}/seats/{seat}", {"name": name})[1]["token"]
                  for seat, name in ((0, "Ana"), (1, "Bo"))]
        seen: list[str] = []
        before = _play(server, room["id"], tokens, 7, seen)
        assert before["plies"] == 7 and not before["over"]
        server.kill()  # mid-game, without a chance to close anything

        server = Server(db, log)
        assert server.get("/api/v1/rooms")["rooms"][0]["plies"] == 7
        with server.socket(room["id"], tokens[0]) as (_, table):
            assert table["plies"] == 7 and len([e for e in table["events"] if e["kind"] == "move"]) == 7
        after = _play(server, room["id"], tokens, None, seen)
        assert after["over"] and after["plies"] == len(seen)
        record = cardrules.from_json(json.dumps(server.get(f"/api/v1/rooms/{room['id']}/record")),
                                     cardrules.GameRecord)
    finally:
        server.stop()
    assert [str(move) for move in record.moves] == seen
    assert cardrules.is_terminal(cardrules.replay(record))
    text = log.read_text()
    assert "Uvicorn running" in text and "/ws/v1/rooms/" in text
    assert not any(token in text for token in tokens), "a token reached the log"
