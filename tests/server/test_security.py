"""Who may see and do what: unguessable tokens kept only as hashes, the Origin check, the rate limit,
the caps on rooms and sockets, names, and logs without tokens or hidden cards."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import subprocess
import sys

import pytest
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

from cardrules.server import ServerSettings, create_app
from cardrules.server.clients import OUTBOX, Client
from cardrules.server.store import MemoryStore
from tests.server.helpers import hello, next_of, open_room, room_summary, server, take_seat, wait_for


def test_a_token_is_long_random_and_the_store_keeps_only_its_hash() -> None:
    store = MemoryStore()
    with server(store) as client:
        room = open_room(client, game="the-game", players=3)
        tokens = [take_seat(client, room["id"], seat) for seat in range(3)]
        stored = client.portal.call(store.get, room["id"])  # type: ignore[union-attr]
    assert stored is not None
    assert len(set(tokens)) == 3
    assert all(len(token) == 43 for token in tokens)
    assert [seat.token_hash for seat in stored.seats] == [hashlib.sha256(token.encode()).hexdigest()
                                                           for token in tokens]
    assert not any(token in repr(stored) for token in tokens)


def test_a_token_of_another_room_or_a_made_up_one_is_refused_and_the_socket_closed_4401() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        other = open_room(client, game="the-game", players=2)
        token = take_seat(client, other["id"], 0)
        for attempt in (token, "x" * 43):
            with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
                ws.send_json({"type": "hello", "protocol": 1, "token": attempt})
                answer = ws.receive_json()
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
            assert answer["code"] == "bad_token"
            assert closed.value.code == 4401


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://testserver.evil.example"])
def test_a_page_of_another_origin_cannot_open_a_socket(origin: str) -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        with pytest.raises(WebSocketDisconnect) as refused, \
                client.websocket_connect(f"/ws/v1/rooms/{room['id']}", headers={"origin": origin}):
            pass
    assert refused.value.code == 4403


def test_a_page_of_the_servers_own_host_or_an_allowed_origin_opens_a_socket() -> None:
    with server(allowed_origins=("https://cards.example",)) as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}",
                                      headers={"origin": "https://cards.example"}) as ws:
            hello(ws, None)
        with pytest.raises(WebSocketDisconnect), \
                client.websocket_connect(f"/ws/v1/rooms/{room['id']}", headers={"origin": "http://testserver"}):
            pass
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        own = {"origin": "http://testserver"}
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}", headers=own) as ws:
            hello(ws, None)


def test_a_client_that_leaves_during_the_handshake_is_sent_nothing_and_counts_no_socket() -> None:
    # The room's socket is served in plain ASGI: a client gone before the handshake is accepted
    # (its first message a disconnect, not a connect) must neither be answered nor counted.
    app = create_app(settings=ServerSettings(bot_delay=0))
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "websocket.disconnect", "code": 1006}

    async def send(message: Message) -> None:
        sent.append(message)

    async def handshake() -> int:
        scope = {"type": "websocket", "path": "/ws/v1/rooms/some-room", "root_path": "",
                 "headers": [(b"host", b"testserver")], "query_string": b""}
        await app(scope, receive, send)
        sockets: int = app.state.rooms.sockets
        await app.state.rooms.stop()
        return sockets

    assert asyncio.run(handshake()) == 0
    assert sent == []


def test_a_socket_over_its_rate_is_told_and_closed_4429_if_it_keeps_on() -> None:
    with server(rate=0.001, burst=3) as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, None)
            for _ in range(3):
                ws.send_json({"type": "ping"})
                assert ws.receive_json() == {"type": "pong"}
            answers = []
            for _ in range(4):
                ws.send_json({"type": "ping"})
                answers.append(ws.receive_json()["code"])
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
    assert answers == ["rate_limited"] * 4
    assert closed.value.code == 4429


def test_the_server_opens_no_more_rooms_than_its_cap() -> None:
    with server(max_rooms=2) as client:
        open_room(client, game="the-game", players=2)
        open_room(client, game="the-game", players=2)
        refused = client.post("/api/v1/rooms", json={"game": "the-game", "players": 2})
    assert refused.status_code == 503
    assert refused.json()["error"] == "too_many_rooms"


def test_a_finished_room_leaves_its_place_to_a_new_one() -> None:
    with server(max_rooms=1) as client:
        room = open_room(client, game="the-game", players=2, bots={"0": "greedy", "1": "greedy"})
        wait_for(lambda: bool(room_summary(client, room["id"])["over"]))
        open_room(client, game="the-game", players=2)
        refused = client.post("/api/v1/rooms", json={"game": "the-game", "players": 2})
    assert refused.status_code == 503


def test_a_room_takes_no_more_sockets_than_its_cap() -> None:
    with server(max_sockets_per_room=1) as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as first:
            hello(first, None)
            with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as second:
                second.send_json({"type": "hello", "protocol": 1, "token": None})
                answer = second.receive_json()
                with pytest.raises(WebSocketDisconnect) as closed:
                    second.receive_json()
    assert answer["code"] == "full"
    assert closed.value.code == 1013


def test_a_socket_too_slow_to_follow_its_room_is_closed_with_1013_and_told_nothing_more() -> None:
    client = Client("room", None, "en")
    woken: list[int] = []
    client.attach(lambda: woken.append(len(client.outbox)))
    for number in range(OUTBOX):
        client.push(f"frame {number}")
    assert len(client.outbox) == OUTBOX
    assert woken == list(range(1, OUTBOX + 1))  # its writer is woken for each frame
    client.push("one too many")
    client.push("and another")
    assert list(client.outbox) == [1013]
    assert client.closing


def test_frames_queued_before_the_writer_comes_are_sent_when_it_does() -> None:
    client = Client("room", 0, "en")
    client.push("welcome")
    client.push("table")
    woken: list[int] = []
    client.attach(lambda: woken.append(len(client.outbox)))
    assert woken == [2]
    assert list(client.outbox) == ["welcome", "table"]


def test_the_server_takes_no_more_sockets_than_its_cap() -> None:
    with server(max_sockets=1) as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as first:
            hello(first, None)
            with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as second:
                answer = second.receive_json()
    assert answer["code"] == "full"


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "Ana\nBo", "Ana\x1b[31m", "a\u202eb", 7, None])
def test_a_name_that_is_empty_too_long_or_holds_control_characters_is_refused(name: object) -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        response = client.post(f"/api/v1/rooms/{room['id']}/seats/0", json={"name": name})
        after = client.post(f"/api/v1/rooms/{room['id']}/seats/0", json={"name": "Ana"})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"
    assert after.status_code == 200  # the refused name took nothing


def test_a_name_is_kept_as_given_and_the_server_builds_no_html_from_it() -> None:
    name = "<img src=x onerror=alert(1)>"[:24]
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        take_seat(client, room["id"], 0, name)
        listed = client.get("/api/v1/rooms").json()["rooms"][0]
        lobby = client.get("/")
    assert listed["seats"][0]["name"] == name
    assert name not in lobby.text


def test_pages_forbid_scripts_from_elsewhere() -> None:
    with server() as client:
        page = client.get("/")
    assert page.headers["content-security-policy"].startswith("default-src 'self';")
    assert "script-src" not in page.headers["content-security-policy"]  # default-src 'self' covers it
    assert page.headers["x-content-type-options"] == "nosniff"


def test_the_logs_hold_no_token_and_no_hidden_card(caplog: pytest.LogCaptureFixture) -> None:
    from tests.server.test_rooms import FailingBot

    caplog.set_level(logging.DEBUG)
    with server(extra_bots={"failing": FailingBot}) as client:
        room = open_room(client, game="the-game", players=2, seed=3, bots={"1": "failing"})
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            _, table = hello(ws, token)
            hand = table["text"].split("(you): ")[1].splitlines()[0]
            for _ in range(2):
                ws.send_json({"type": "move", "index": 0})
                table = next_of(ws, "table")
            end = next(choice for choice in table["choices"] if choice["notation"] == "end turn")
            ws.send_json({"type": "move", "index": end["index"]})
            table = next_of(ws, "table")
            while not table["your_turn"] and not table["over"]:
                table = next_of(ws, "table")
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert "failing" in text  # the bot's failure is logged...
    assert token not in text
    assert "secret" not in text
    assert hand not in text


def test_importing_cardrules_imports_no_server_library() -> None:
    code = ("import sys, cardrules, cardrules.cli.parser; "
            "print(sorted(m for m in ('starlette', 'uvicorn', 'asyncpg', 'websockets') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_a_search_bot_named_without_a_budget_thinks_a_second_and_no_bot_may_think_long() -> None:
    from cardrules import registry
    from cardrules.server.bots import parse_room_bot
    from cardrules.server.protocol import ProtocolError

    game = registry.get("mille-bornes")
    assert parse_room_bot(game, "ismcts").options == {"seconds": 1.0}
    assert parse_room_bot(game, "ismcts:iterations=50").options == {"iterations": 50}
    for spec in ("ismcts:iterations=101", "ismcts:seconds=2.5"):
        with pytest.raises(ProtocolError, match=r"bad_bot: .* is at most"):
            parse_room_bot(game, spec)

