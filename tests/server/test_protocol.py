"""Protocol 1 over Starlette's test client: the HTTP API, a whole game over WebSockets, and every
refusal a client can meet, each with its code."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import cardrules
from cardrules.server import ServerSettings, create_app
from tests.server.helpers import TABLE_KEYS, hello, next_of, open_room, server, take_seat


def test_games_lists_every_game_with_its_seats_presets_and_bots() -> None:
    with server() as client:
        body = client.get("/api/v1/games").json()
    assert body["protocol"] == 1
    assert body["languages"] == ["en", "es", "fr"]
    games = {game["name"]: game for game in body["games"]}
    assert games["the-game"]["players"] == {"min": 1, "max": 5}
    assert games["the-game"]["bots"] == ["greedy", "random", "ismcts"]
    assert games["the-game"]["default_bot"] == "greedy"
    assert games["mille-bornes"]["presets"] == ["parker", "french", "wikipedia", "room"]
    assert "expert" in games["mille-bornes"]["bots"]


def test_a_room_opens_with_free_seats_and_appears_in_the_lobby() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=3, bots={"2": "greedy"})
        listed = client.get("/api/v1/rooms").json()["rooms"]
    assert [entry["id"] for entry in listed] == [room["id"]]
    assert room["title"] == "The Game"
    assert room["plies"] == 0
    assert not room["over"]
    assert [(seat["seat"], seat["free"], seat["bot"]) for seat in room["seats"]] == [
        (0, True, None), (1, True, None), (2, False, "greedy")]
    assert room["seeded"] is False


def _play_two_player_game(answer: str) -> None:
    """Two seats play a whole game of The Game, always the first choice, by index or by notation."""
    with server() as client:
        room = open_room(client, game="the-game", players=2, seed=11)
        tokens = [take_seat(client, room["id"], seat, name) for seat, name in ((0, "Ana"), (1, "Bo"))]
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as first, \
                client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as second:
            sockets = [first, second]
            tables = [hello(ws, token)[1] for ws, token in zip(sockets, tokens, strict=True)]
            notations = []
            while not tables[0]["over"]:
                seat = tables[0]["to_move"]
                assert tables[seat]["your_turn"]
                assert not tables[1 - seat]["your_turn"]
                assert tables[1 - seat]["choices"] == []
                choice = tables[seat]["choices"][0]
                notations.append(choice["notation"])
                message = {"index": 0} if answer == "index" else {"notation": choice["notation"]}
                sockets[seat].send_json({"type": "move", **message})
                tables = [next_of(ws, "table") for ws in sockets]
                assert tables[0]["plies"] == tables[1]["plies"] == len(notations)
                assert [event["notation"] for event in tables[0]["events"] if event["kind"] == "move"] \
                    == [notations[-1]]
            assert tables[0]["score"]
            assert tables[1]["score"]
        record_text = client.get(f"/api/v1/rooms/{room['id']}/record").text
    record = cardrules.from_json(record_text, cardrules.GameRecord)
    assert [str(move) for move in record.moves] == notations
    assert cardrules.is_terminal(cardrules.replay(record))


def test_two_seats_play_the_game_to_the_end_by_index() -> None:
    _play_two_player_game("index")


def test_two_seats_play_the_game_to_the_end_by_notation() -> None:
    _play_two_player_game("notation")


def test_a_table_holds_the_documented_fields_in_the_seats_language() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            welcome, table = hello(ws, token, "fr")
    assert welcome == {"type": "welcome", "protocol": 1, "room": welcome["room"], "seat": 0, "lang": "fr"}
    assert set(table) == TABLE_KEYS
    assert table["svg"].startswith("<svg ")
    assert "Piles :" in table["text"]
    assert table["choices"][0] == {"index": 0, "notation": "3 on up1",
                                   "words": "pose le 3 sur la pile ascendante 1"}
    assert table["your_turn"]
    assert table["question"] is None
    assert table["score"] is None


def test_an_illegal_move_is_answered_with_why_in_the_seats_language_and_changes_nothing() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            _, table = hello(ws, token, "es")
            ws.send_json({"type": "move", "notation": "99 on up1"})
            refused = ws.receive_json()
            ws.send_json({"type": "move", "index": 500})
            out_of_range = ws.receive_json()
            ws.send_json({"type": "move", "notation": "lay everything"})
            unreadable = ws.receive_json()
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}  # no table came: nothing changed
    assert refused["type"] == "error"
    assert refused["code"] == "illegal"
    assert refused["message"] == "el jugador 0 no tiene el 99 en la mano"
    assert out_of_range["code"] == "illegal"
    assert "0 to" in out_of_range["message"]
    assert unreadable["code"] == "illegal"
    assert table["plies"] == 0


def test_a_move_out_of_turn_is_refused_as_not_your_turn() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 1)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            _, table = hello(ws, token)
            ws.send_json({"type": "move", "index": 0})
            refused = ws.receive_json()
    assert not table["your_turn"]
    assert table["choices"] == []
    assert refused["code"] == "not_your_turn"


def test_a_spectator_sees_the_public_table_and_may_not_move() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as player, \
                client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as watcher:
            hello(player, token)
            welcome, table = hello(watcher, None)
            watcher.send_json({"type": "move", "index": 0})
            refused = watcher.receive_json()
            player.send_json({"type": "move", "index": 0})
            after = next_of(watcher, "table")
    assert welcome["seat"] is None
    assert table["svg"] is None
    assert table["choices"] == []
    assert not table["your_turn"]
    assert "seat 0: 7 cards" in table["text"]
    assert "(you)" not in table["text"]
    assert refused["code"] == "spectator"
    assert after["plies"] == 1
    assert [event["kind"] for event in after["events"]] == ["move"]


@pytest.mark.parametrize(("data", "code"), [
    ("not json", "bad_message"),
    ("[1, 2]", "bad_message"),
    ('{"type": "dance"}', "bad_message"),
    ('{"no": "type"}', "bad_message"),
    ('{"type": "move"}', "bad_message"),
    ('{"type": "move", "index": true}', "bad_message"),
    ('{"type": "hello", "protocol": 1, "token": null}', "bad_message"),
])
def test_a_bad_message_is_answered_with_bad_message_and_the_socket_lives_on(data: str, code: str) -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, None)
            ws.send_text(data)
            answer = ws.receive_json()
            ws.send_json({"type": "ping", "extra": "ignored"})
            assert ws.receive_json() == {"type": "pong"}
    assert answer["type"] == "error"
    assert answer["code"] == code
    assert answer["message"]


def test_a_message_over_the_size_limit_is_refused_and_the_socket_closed_1009() -> None:
    with server(max_message_bytes=100) as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, None)
            ws.send_text(json.dumps({"type": "ping", "pad": "x" * 200}))
            answer = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
    assert answer["code"] == "too_big"
    assert closed.value.code == 1009


def test_the_first_message_must_be_a_hello_in_protocol_1() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            ws.send_json({"type": "hello", "protocol": 2, "token": None})
            answer = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            ws.send_json({"type": "ping"})
            first = ws.receive_json()
    assert answer["code"] == "protocol"
    assert closed.value.code == 4400
    assert first["code"] == "bad_message"


def test_a_socket_that_says_no_hello_in_time_is_told_and_closed() -> None:
    with server(hello_timeout=0.1) as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            answer = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
    assert answer["code"] == "bad_message"
    assert closed.value.code == 4400


def test_a_socket_to_no_room_is_told_and_closed_4404() -> None:
    with server() as client, client.websocket_connect("/ws/v1/rooms/nothing") as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": None})
        answer = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert answer["code"] == "no_room"
    assert closed.value.code == 4404


@pytest.mark.parametrize("path", ["/ws/v1/rooms/", "/ws/v1/rooms/a/b", "/ws/v2/rooms/a", "/ws/v1/room/a"])
def test_a_socket_to_a_path_that_names_no_rooms_socket_is_refused(path: str) -> None:
    with server() as client, pytest.raises(WebSocketDisconnect), client.websocket_connect(path) as ws:
        ws.receive_json()


def test_a_server_mounted_in_another_app_serves_its_sockets_under_the_mount() -> None:
    cards = create_app(settings=ServerSettings(bot_delay=0))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with cards.router.lifespan_context(cards):
            yield

    outer = Starlette(routes=[Mount("/cards", app=cards)], lifespan=lifespan)
    with TestClient(outer) as client:
        room = client.post("/cards/api/v1/rooms", json={"game": "the-game", "players": 2}).json()
        token = client.post(f"/cards/api/v1/rooms/{room['id']}/seats/0", json={"name": "Ana"}).json()["token"]
        with client.websocket_connect(f"/cards/ws/v1/rooms/{room['id']}") as ws:
            welcome, table = hello(ws, token)
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            ws.receive_json()  # outside the mount, the outer app has no such socket
    assert welcome["seat"] == 0
    assert table["your_turn"]


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"game": "chess"}, 400, "unknown_game"),
    ({"players": 2}, 400, "bad_request"),
    ({"game": "the-game", "players": 9}, 400, "bad_rules"),
    ({"game": "the-game", "preset": "room"}, 400, "bad_rules"),
    ({"game": "mille-bornes", "rules": {"players": 4, "team_size": 3}}, 400, "bad_rules"),
    ({"game": "the-game", "players": 2, "bots": {"1": "os:system"}}, 400, "bad_bot"),
    ({"game": "the-game", "players": 2, "bots": {"1": "cardrules.bots:RandomBot"}}, 400, "bad_bot"),
    ({"game": "the-game", "players": 2, "bots": {"1": "ismcts:iterations=101"}}, 400, "bad_bot"),
    ({"game": "the-game", "players": 2, "bots": {"1": "greedy:speed=3"}}, 400, "bad_bot"),
    ({"game": "the-game", "players": 2, "bots": {"5": "greedy"}}, 400, "bad_bot"),
    ({"game": "the-game", "players": 2, "bots": {"one": "greedy"}}, 400, "bad_request"),
    ({"game": "the-game", "seed": -1}, 400, "bad_request"),
])
def test_a_room_the_server_cannot_open_is_refused_with_a_code(body: dict[str, object], status: int,
                                                              code: str) -> None:
    with server() as client:
        response = client.post("/api/v1/rooms", json=body)
        rooms = client.get("/api/v1/rooms").json()["rooms"]
    assert response.status_code == status
    assert response.json()["error"] == code
    assert response.json()["message"]
    assert rooms == []


def test_a_room_of_mille_bornes_takes_a_preset_or_the_rules_fields() -> None:
    with server() as client:
        preset = open_room(client, game="mille-bornes", preset="room", players=3)
        teams = open_room(client, game="mille-bornes", rules={"players": 4, "team_size": 2})
    assert len(preset["seats"]) == 3
    assert len(teams["seats"]) == 4


def test_a_request_body_that_is_not_json_or_too_long_is_a_bad_request() -> None:
    with server() as client:
        garbled = client.post("/api/v1/rooms", content=b"{")
        huge = client.post("/api/v1/rooms", content=b" " * 70_000)
    assert garbled.status_code == huge.status_code == 400
    assert garbled.json()["error"] == huge.json()["error"] == "bad_request"


def test_a_seat_is_taken_once_and_the_room_must_exist() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2, bots={"1": "greedy"})
        first = client.post(f"/api/v1/rooms/{room['id']}/seats/0", json={"name": "Ana"})
        again = client.post(f"/api/v1/rooms/{room['id']}/seats/0", json={"name": "Bo"})
        bot = client.post(f"/api/v1/rooms/{room['id']}/seats/1", json={"name": "Bo"})
        missing_seat = client.post(f"/api/v1/rooms/{room['id']}/seats/7", json={"name": "Bo"})
        missing_room = client.post("/api/v1/rooms/nothing/seats/0", json={"name": "Bo"})
    assert first.status_code == 200
    assert first.json()["seat"] == 0
    assert (again.status_code, again.json()["error"]) == (409, "seat_taken")
    assert (bot.status_code, bot.json()["error"]) == (409, "seat_taken")
    assert (missing_seat.status_code, missing_seat.json()["error"]) == (404, "no_seat")
    assert (missing_room.status_code, missing_room.json()["error"]) == (404, "no_room")


def test_the_record_is_shown_only_once_the_game_is_over() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        early = client.get(f"/api/v1/rooms/{room['id']}/record")
        missing = client.get("/api/v1/rooms/nothing/record")
    assert (early.status_code, early.json()["error"]) == (409, "not_over")
    assert missing.status_code == 404


def test_a_seated_player_is_announced_to_the_room() -> None:
    with server() as client:
        room = open_room(client, game="the-game", players=2)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, None)
            take_seat(client, room["id"], 1, "Zoé <b>")
            seen: list[dict[str, object]] = []
            next_of(ws, "table", seen)
    assert seen == [{"type": "room", "event": "seat_taken", "seat": 1, "name": "Zoé <b>"}]
