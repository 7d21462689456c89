"""Two ``cardrules serve`` processes on one PostgreSQL database serve the same rooms, as behind a
load balancer: a move sent to one process reaches the sockets of the other (LISTEN/NOTIFY), a bot
run by either process moves once, both processes give the same record, and two sockets of one seat
on the two processes that answer the same decision at once commit one move, not two.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("uvicorn", reason="cardrules serve needs the server extra (uvicorn)")
pytest.importorskip("asyncpg", reason="the PostgreSQL store needs the server extra (asyncpg)")
pytest.importorskip("websockets", reason="the two-process test talks over real WebSockets (websockets)")
pytest.importorskip("httpx", reason="the two-process test calls the HTTP API with httpx")

import httpx
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

import cardrules
from cardrules.games import the_game
from cardrules.games.the_game.bots import GreedyBot
from cardrules.session import Session

TIMEOUT = 30.0
"""Seconds before a step counts as a hang."""

ORIGIN = "http://cards.test"
"""The site whose pages both processes let in (``--origin``), as a deployment behind one name does."""

PACE = 1 / 15
"""Seconds between two messages of a socket: the server refuses more than 20 a second."""

Frame = dict[str, Any]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Process:
    """A ``cardrules serve --postgres`` process on a free port of 127.0.0.1, in a process group of
    its own (so that stopping it stops whatever it started)."""

    def __init__(self, dsn: str, log: Path) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        with log.open("ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "cardrules", "serve", "--postgres", dsn, "--port", str(self.port),
                 "--bot-delay", "0", "--origin", ORIGIN],
                stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
        self.http = httpx.Client(base_url=self.base, timeout=TIMEOUT, trust_env=False)

    def wait_until_serving(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                if self.http.get("/api/v1/games").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert self.process.poll() is None, f"the server stopped:\n{self.log.read_text()}"
            assert time.monotonic() < deadline, f"the server did not start:\n{self.log.read_text()}"
            time.sleep(0.1)

    def post(self, path: str, body: object) -> Frame:
        response = self.http.post(path, json=body)
        assert response.status_code in (200, 201), response.text
        answer: Frame = response.json()
        return answer

    def get(self, path: str) -> Any:
        response = self.http.get(path)
        assert response.status_code == 200, response.text
        return response.json()

    def stop(self) -> None:
        """Ctrl-C, then SIGKILL to the whole group if it does not stop in time."""
        self.http.close()
        try:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGINT)
                with suppress(subprocess.TimeoutExpired):
                    self.process.wait(TIMEOUT)
        finally:
            with suppress(ProcessLookupError):  # the group is gone already
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(TIMEOUT)


class Sock:
    """A socket of one room on one process that has said hello: every frame it gets is kept, and
    ``table`` is the latest ``table``."""

    def __init__(self, ws: ClientConnection, token: str | None) -> None:
        self.ws = ws
        self.frames: list[Frame] = []
        self.sent = -PACE
        self.ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token, "lang": "en"}))
        self.welcome = self.next()
        assert self.welcome["type"] == "welcome", self.welcome
        self.seat: int | None = self.welcome["seat"]
        self.table: Frame = self.until(lambda frame: frame["type"] == "table")

    def next(self) -> Frame:
        try:
            text = self.ws.recv(timeout=TIMEOUT)
        except TimeoutError:
            last = [{key: frame.get(key) for key in ("type", "plies", "to_move", "code", "message", "event")}
                    for frame in self.frames[-4:]]
            raise AssertionError(f"the socket of seat {self.seat} heard nothing for {TIMEOUT:g} s; "
                                 f"its last frames: {last}") from None
        frame: Frame = json.loads(text)
        self.frames.append(frame)
        if frame["type"] == "table":
            self.table = frame
        return frame

    def until(self, wanted: Callable[[Frame], bool]) -> Frame:
        """The next frame ``wanted`` accepts (the others are kept too)."""
        while True:
            frame = self.next()
            if wanted(frame):
                return frame

    def at(self, plies: int) -> Frame:
        """The first table at ``plies`` moves or more."""
        if self.table["plies"] >= plies:
            return self.table
        return self.until(lambda frame: frame["type"] == "table" and frame["plies"] >= plies)

    def send(self, message: Frame) -> None:
        """Send ``message``, keeping under the server's rate limit (20 messages a second)."""
        time.sleep(max(0.0, self.sent + PACE - time.monotonic()))
        self.sent = time.monotonic()
        self.ws.send(json.dumps(message))

    def moves(self) -> dict[int, str]:
        """Every move this socket was told of, by ply (a ply told twice must be told alike)."""
        seen: dict[int, str] = {}
        for frame in self.frames:
            for event in frame.get("events", ()) if frame["type"] == "table" else ():
                if event["kind"] == "move":
                    assert seen.setdefault(event["ply"], event["notation"]) == event["notation"], event
        return seen

    def errors(self) -> list[Frame]:
        return [frame for frame in self.frames if frame["type"] == "error"]


@pytest.fixture
def processes(postgres_database: str, tmp_path: Path) -> Iterator[tuple[Process, Process]]:
    """Two server processes on one new database; both stopped at the end, whatever happened."""
    with ExitStack() as stack:
        pair = []
        for name in ("a", "b"):
            process = Process(postgres_database, tmp_path / f"server-{name}.log")
            stack.callback(process.stop)
            pair.append(process)
        for process in pair:
            process.wait_until_serving()
        yield pair[0], pair[1]
    for process in pair:
        text = process.log.read_text()
        assert "Traceback" not in text, f"{process.log.name}:\n{text}"


@pytest.fixture
def sockets() -> Iterator[Callable[[Process, str, str | None], Sock]]:
    """Open sockets (from the site both processes let in), closed at the end."""
    with ExitStack() as stack:

        def open_socket(process: Process, room_id: str, token: str | None) -> Sock:
            ws = stack.enter_context(connect(f"ws://127.0.0.1:{process.port}/ws/v1/rooms/{room_id}",
                                             origin=Origin(ORIGIN), open_timeout=TIMEOUT))
            return Sock(ws, token)

        yield open_socket


def _record(processes: tuple[Process, Process], room_id: str) -> cardrules.GameRecord:
    """The room's record, which both processes must give alike."""
    first, second = (process.get(f"/api/v1/rooms/{room_id}/record") for process in processes)
    assert first == second
    return cardrules.from_json(json.dumps(first), cardrules.GameRecord)


def _greedy(mirror: Session, seat: int) -> the_game.Move:
    """The greedy bot's move for ``seat`` of a game of The Game (from that seat's observation)."""
    return GreedyBot().choose(cast(the_game.Observation, mirror.observation(seat)),
                              cast(tuple[the_game.Move, ...], mirror.legal_moves(seat)))


def _told(table: Frame, ply: int) -> str | None:
    """The notation of move ``ply`` as the events of ``table`` tell it (``None``: not told)."""
    return next((event["notation"] for event in table["events"]
                 if event["kind"] == "move" and event["ply"] == ply), None)


def _bot_moved_before_each_table_of_a_bot_move(sock: Sock, bot: int) -> None:
    """Each table after a socket's first tells as many moves of the bot at seat ``bot`` as the
    ``bot_moved`` frames just before it, whichever process ran the bot."""
    first = sock.frames.index(next(frame for frame in sock.frames if frame["type"] == "table"))
    announced = 0
    for frame in sock.frames[first + 1:]:
        if frame["type"] == "room" and frame["event"] == "bot_moved":
            assert frame["seat"] == bot
            announced += 1
        elif frame["type"] == "table":
            made = [event["ply"] for event in frame["events"]
                    if event["kind"] == "move" and event["seat"] == bot]
            assert announced == len(made), f"seat {sock.seat}: {announced} bot_moved before the moves {made}"
            announced = 0


def _shown_the_replayed_result(record: cardrules.GameRecord, shown: list[Sock]) -> None:
    """The record replays to the end, and to the score sheet each socket was shown."""
    replayed = Session.from_record(record)
    assert replayed.state == cardrules.replay(record)
    assert cardrules.is_terminal(replayed.state)
    for sock in shown:
        assert sock.table["over"]
        assert sock.table["score"] == list(replayed.score_sheet("en", seat=sock.seat) or ())


def test_each_move_sent_to_one_process_reaches_the_sockets_of_the_other(
        processes: tuple[Process, Process], sockets: Callable[[Process, str, str | None], Sock]) -> None:
    a, b = processes
    room = a.post("/api/v1/rooms", {"game": "the-game", "players": 2, "seed": 19})
    ana = a.post(f"/api/v1/rooms/{room['id']}/seats/0", {"name": "Ana"})["token"]
    first = sockets(a, room["id"], ana)
    bo = b.post(f"/api/v1/rooms/{room['id']}/seats/1", {"name": "Bo"})["token"]
    # A seat taken through B is news to A's sockets.
    assert first.until(lambda frame: frame["type"] == "room") == {
        "type": "room", "event": "seat_taken", "seat": 1, "name": "Bo"}
    seats = [first, sockets(b, room["id"], bo)]
    spectator = sockets(b, room["id"], None)
    everyone = [*seats, spectator]
    mirror = Session.start(the_game.Rules(players=2), seed=19)
    while not mirror.over:
        seat = mirror.to_move
        assert seat is not None
        move = _greedy(mirror, seat)
        seats[seat].send({"type": "move", "notation": str(move)})
        mirror = mirror.play(seat, move)
        for sock in everyone:  # the mover's process and the other one alike
            table = sock.at(mirror.plies)
            assert table["plies"] == mirror.plies, "a move was doubled"
            assert _told(table, mirror.plies - 1) == str(move)
    sent = [str(move) for move in mirror.record.moves]
    assert spectator.table["svg"] is None
    assert spectator.table["choices"] == []
    for sock in everyone:
        assert list(sock.moves().values()) == sent
        assert not sock.errors()
    record = _record(processes, room["id"])
    assert [str(move) for move in record.moves] == sent
    _shown_the_replayed_result(record, everyone)


def test_a_bot_run_by_either_process_moves_once_and_reaches_the_other(
        processes: tuple[Process, Process], sockets: Callable[[Process, str, str | None], Sock]) -> None:
    a, b = processes
    # The bot opens the game, so B runs its first move as the room is created; after that, the
    # process that commits the person's move runs the bot's answer.
    room = b.post("/api/v1/rooms", {"game": "mille-bornes", "players": 2, "rules": {"target_score": None},
                                    "bots": {"0": "heuristic"}, "seed": 7})
    token = a.post(f"/api/v1/rooms/{room['id']}/seats/1", {"name": "Ana"})["token"]
    person = sockets(a, room["id"], token)
    spectator = sockets(b, room["id"], None)
    choose = random.Random(7)
    while not person.table["over"]:
        table = person.table
        if table["your_turn"]:
            person.send({"type": "move", "index": choose.choice(table["choices"])["index"]})
            person.at(table["plies"] + 1)
        else:
            person.next()  # the bot's move, whichever process made it
    spectator.at(person.table["plies"])
    record = _record(processes, room["id"])
    for sock in (person, spectator):
        assert not sock.errors()
        told = sock.moves()
        assert sorted(told) == list(range(len(record.moves))), "a move was lost or doubled"
        assert [told[ply] for ply in sorted(told)] == [str(move) for move in record.moves]
    movers = [cardrules.current_player(state) for state in record.states()][:-1]
    assert movers[0] == 0  # the bot opened the game
    assert set(movers) == {0, 1}
    for sock in (person, spectator):
        _bot_moved_before_each_table_of_a_bot_move(sock, bot=0)
    _shown_the_replayed_result(record, [person, spectator])


def test_one_seat_answering_at_once_on_both_processes_commits_one_move(
        processes: tuple[Process, Process], sockets: Callable[[Process, str, str | None], Sock]) -> None:
    a, b = processes
    room = a.post("/api/v1/rooms", {"game": "the-game", "players": 2, "seed": 23})
    tokens = [a.post(f"/api/v1/rooms/{room['id']}/seats/{seat}", {"name": name})["token"]
              for seat, name in ((0, "Ana"), (1, "Bo"))]
    # Seat 0 has a socket on each process (two tabs behind the load balancer); both send every
    # one of its moves at once, by notation, so the second is never a fresh move of its own.
    twins = [sockets(a, room["id"], tokens[0]), sockets(b, room["id"], tokens[0])]
    other = sockets(b, room["id"], tokens[1])
    everyone = [*twins, other]
    mirror = Session.start(the_game.Rules(players=2), seed=23)
    refusals: list[str] = []
    while not mirror.over:
        seat = mirror.to_move
        assert seat is not None
        move = _greedy(mirror, seat)
        movers = twins if seat == 0 else [other]
        heard = [len(sock.frames) for sock in movers]
        for sock in movers:
            sock.send({"type": "move", "notation": str(move)})
        for sock in movers:
            # The socket answers its messages in order: whatever the move earned comes before the pong.
            sock.send({"type": "ping"})
            sock.until(lambda frame: frame["type"] == "pong")
        mirror = mirror.play(seat, move)
        for sock in everyone:
            assert sock.at(mirror.plies)["plies"] == mirror.plies, "a move was doubled"
        refused = [[frame["code"] for frame in sock.frames[start:] if frame["type"] == "error"]
                   for sock, start in zip(movers, heard, strict=True)]
        for sock, start in zip(movers, heard, strict=True):
            if "conflict" in (frame.get("code") for frame in sock.frames[start:]):
                # As the protocol says: the table that follows a conflict is the new one.
                after = sock.frames[start:]
                after = after[next(i for i, frame in enumerate(after) if frame.get("code") == "conflict"):]
                assert any(frame["type"] == "table" and frame["plies"] == mirror.plies for frame in after)
        if seat == 0:
            # Exactly one twin's move counts; the other lost the race at the store ("conflict") or
            # came after the news and found the card already played, or the turn passed.
            assert sorted(map(len, refused)) == [0, 1], refused
            refusals += [code for codes in refused for code in codes]
        else:
            assert refused == [[]]
    assert set(refusals) <= {"conflict", "illegal", "not_your_turn"}, refusals
    record = _record(processes, room["id"])
    assert record.moves == mirror.record.moves  # none lost, none doubled
    for sock in everyone:
        told = sock.moves()
        assert [told[ply] for ply in range(mirror.plies)] == [str(move) for move in record.moves]
    _shown_the_replayed_result(record, everyone)
    print(f"seat 0 answered {len(refusals)} times on both processes at once: "
          f"{refusals.count('conflict')} lost at the store, the others came after the news")
