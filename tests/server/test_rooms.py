"""Rooms: bots that finish a game alone, a bot that fails and a room that lives on, moves committed
before anyone hears of them, news from the store, and bots resumed at start-up."""

from __future__ import annotations

import threading
from typing import Any

from tests.server.helpers import hello, next_of, open_room, room_summary, server, take_seat, wait_for

import cardrules  # noqa: I001 -- after the helpers, which skip without the server extra
from cardrules.server import create_app
from cardrules.server.store import MemoryStore


class FailingBot:
    """A bot that raises, with a message that must never reach a client or a log."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: object, legal: tuple[object, ...]) -> object:
        raise RuntimeError(f"secret {observation!r}")


class SlowBot:
    """A bot that thinks longer than the server allows."""

    release = threading.Event()

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: object, legal: tuple[object, ...]) -> object:
        SlowBot.release.wait(30)
        return legal[0]


def _finished(client: Any, room_id: str) -> bool:
    return bool(room_summary(client, room_id)["over"])


def test_a_room_of_bots_plays_to_the_end_by_itself() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=3, bots={"0": "greedy", "1": "random",
                                                                   "2": "greedy:depth=2"})
        wait_for(lambda: _finished(client, room["id"]))
        record = cardrules.from_json(client.get(f"/api/v1/rooms/{room['id']}/record").text,
                                     cardrules.GameRecord)
    assert cardrules.is_terminal(cardrules.replay(record))
    assert len(record.moves) > 10


def test_a_room_of_mille_bornes_bots_plays_a_hand_to_the_end() -> None:
    with server() as client:
        room = open_room(client, game="mille-bornes", rules={"players": 2, "target_score": None},
                         bots={"0": "expert", "1": "heuristic"})
        wait_for(lambda: _finished(client, room["id"]))


def test_a_failing_bot_is_reported_to_the_room_and_the_room_goes_on() -> None:
    with server(extra_bots={"failing": FailingBot}) as client:
        room = open_room(client, game="the-game", players=2, seed=3, bots={"1": "failing"})
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            _, table = hello(ws, token)
            for _ in range(2):  # the fewest cards a turn, then the end of the turn
                ws.send_json({"type": "move", "index": 0})
                table = next_of(ws, "table")
            end = next(choice for choice in table["choices"] if choice["notation"] == "end turn")
            ws.send_json({"type": "move", "index": end["index"]})
            seen: list[dict[str, Any]] = []
            table = next_of(ws, "table")
            while not table["your_turn"] and not table["over"]:
                table = next_of(ws, "table", seen)
    failures = [frame for frame in seen if frame.get("event") == "bot_failed"]
    assert failures and all(frame["seat"] == 1 for frame in failures)
    assert "failing" in failures[0]["message"] and "RuntimeError" in failures[0]["message"]
    assert all("secret" not in frame["message"] for frame in failures)
    assert any(frame.get("event") == "bot_moved" for frame in seen)
    assert table["plies"] > 3


def test_a_bot_that_thinks_too_long_is_reported_and_a_random_move_played_for_it() -> None:
    SlowBot.release.clear()
    try:
        with server(extra_bots={"slow": SlowBot}, bot_timeout=0.2) as client:
            room = open_room(client, game="the-game", players=2, seed=3, bots={"0": "slow"})
            with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
                hello(ws, None, "fr")
                seen: list[dict[str, Any]] = []
                table = next_of(ws, "table", seen)
    finally:
        SlowBot.release.set()
    assert seen[0]["event"] == "bot_failed" and "a pris plus de 0.2 s" in seen[0]["message"]
    assert table["plies"] == 1


def test_the_server_refuses_a_bot_named_as_code_even_if_the_app_has_extra_bots() -> None:
    with server(extra_bots={"failing": FailingBot}) as client:
        response = client.post("/api/v1/rooms", json={"game": "the-game", "players": 2,
                                                      "bots": {"1": "tests.server.test_rooms:FailingBot"}})
    assert response.status_code == 400 and response.json()["error"] == "bad_bot"


class _Store(MemoryStore):
    """A memory store whose next commit fails as told: ``"raise"`` (the database is down) or
    ``"lose"`` (another process committed first)."""

    def __init__(self) -> None:
        super().__init__()
        self.next_commit: str | None = None

    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int,
                     over: bool) -> bool:
        failure, self.next_commit = self.next_commit, None
        if failure == "raise":
            raise ConnectionError("the database is down")
        if failure == "lose":
            return False
        ok: bool = await super().commit(room_id, expected_plies=expected_plies, record=record, plies=plies,
                                        over=over)
        return ok


def test_a_move_the_store_cannot_commit_is_told_to_no_one_and_can_be_made_again() -> None:
    store = _Store()
    with server(store) as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        tokens = [take_seat(client, room["id"], seat) for seat in (0, 1)]
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as mover, \
                client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as other:
            hello(mover, tokens[0])
            hello(other, tokens[1])
            store.next_commit = "raise"
            mover.send_json({"type": "move", "index": 0})
            refused = mover.receive_json()
            mover.send_json({"type": "ping"})
            assert mover.receive_json() == {"type": "pong"}
            mover.send_json({"type": "move", "index": 0})
            table = next_of(mover, "table")
            other_table = next_of(other, "table")
    assert refused["code"] == "store"
    assert table["plies"] == other_table["plies"] == 1  # the other seat heard of one move only


def test_a_commit_that_loses_to_another_process_reloads_the_room_and_says_conflict() -> None:
    store = _Store()
    with server(store) as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, token)
            store.next_commit = "lose"
            ws.send_json({"type": "move", "index": 0})
            refused = ws.receive_json()
    assert refused["code"] == "conflict"


def test_a_move_another_process_committed_reaches_this_processs_sockets() -> None:
    store = MemoryStore()
    with server(store) as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, None)
            stored = client.portal.call(store.get, room["id"])  # type: ignore[union-attr]
            assert stored is not None
            record = cardrules.from_json(stored.record, cardrules.GameRecord)
            state = cardrules.replay(record)
            record = record.extended(cardrules.legal_moves(state)[0])

            async def commit() -> bool:
                ok: bool = await store.commit(room["id"], expected_plies=0, record=cardrules.to_json(record),
                                              plies=1, over=False)
                return ok

            assert client.portal.call(commit)  # type: ignore[union-attr]
            table = next_of(ws, "table")
    assert table["plies"] == 1 and table["events"][0]["notation"] == str(record.moves[0])


def test_a_bot_whose_turn_it_was_when_the_server_stopped_moves_when_it_starts_again() -> None:
    store = MemoryStore()
    with server(store, bot_delay=60) as client:  # the bot never moves in this life
        room = open_room(client, game="the-game", players=2, seed=4, bots={"0": "greedy", "1": "greedy"})
        assert room_summary(client, room["id"])["plies"] == 0
    from starlette.testclient import TestClient

    from cardrules.server import ServerSettings

    with TestClient(create_app(store, settings=ServerSettings(bot_delay=0))) as client:
        wait_for(lambda: _finished(client, room["id"]))


def test_every_socket_of_a_seat_hears_of_every_move() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as phone, \
                client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as laptop:
            hello(phone, token)
            hello(laptop, token)
            phone.send_json({"type": "move", "index": 0})
            assert next_of(laptop, "table")["plies"] == next_of(phone, "table")["plies"] == 1


def test_a_reconnecting_seat_gets_the_events_it_missed() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, token)
            ws.send_json({"type": "move", "index": 0})
            next_of(ws, "table")
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            _, table = hello(ws, token)
    assert table["plies"] == 1 and [event["ply"] for event in table["events"]] == [0]
