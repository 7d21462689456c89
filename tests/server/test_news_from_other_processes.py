"""What a process tells its sockets of what another process did to a room, in the protocol's order:
a mover that lost the race at the store hears ``conflict`` and then the new table, and a bot's move
another process committed is announced with ``bot_moved`` as the process that ran the bot does.

"Another process" is a commit made straight into the store, as the two-process test
(``test_two_processes.py``) makes it through PostgreSQL; here it is deterministic.
"""

from __future__ import annotations

from cardrules import GameRecord, from_json, legal_moves, replay, to_json
from cardrules.server import MemoryStore, StoredRoom
from tests.server.helpers import Frame, hello, next_of, open_room, server, take_seat


async def _commit_elsewhere(store: MemoryStore, room_id: str, choose: int = 0) -> str:
    """Commit one more move to the room straight into ``store``, as another process would: the
    ``choose``-th legal move; its notation."""
    stored = await store.get(room_id)
    assert stored is not None
    record = from_json(stored.record, GameRecord)
    move = legal_moves(replay(record))[choose]
    longer = record.extended(move)
    assert await store.commit(room_id, expected_plies=len(record.moves), record=to_json(longer),
                              plies=len(longer.moves), over=False)
    return str(move)


class _Racing(MemoryStore):
    """A memory store where, when armed, another process commits a move of its own just before
    this process's commit, which then loses."""

    def __init__(self) -> None:
        super().__init__()
        self.race: str | None = None
        self.won_by: str | None = None

    async def commit(self, room_id: str, *, expected_plies: int, record: str, plies: int, over: bool) -> bool:
        if self.race == room_id:
            self.race = None
            self.won_by = await _commit_elsewhere(self, room_id, choose=1)
        ok: bool = await super().commit(room_id, expected_plies=expected_plies, record=record, plies=plies,
                                        over=over)
        return ok


def test_a_mover_that_loses_the_race_hears_conflict_and_then_the_new_table() -> None:
    store = _Racing()
    with server(store) as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, token)
            store.race = room["id"]
            ws.send_json({"type": "move", "index": 0})
            refused = ws.receive_json()
            table = ws.receive_json()
    assert refused["type"] == "error"
    assert refused["code"] == "conflict"
    assert table["type"] == "table"
    assert table["plies"] == 1
    assert [event["notation"] for event in table["events"] if event["kind"] == "move"] == [store.won_by]


def test_a_bots_move_another_process_made_is_announced_before_its_table() -> None:
    store = MemoryStore()
    # This process's bot waits a minute: the move is the other process's.
    with server(store, bot_delay=60) as client:
        room = open_room(client, game="the-game", players=2, seed=4, bots={"0": "greedy"})
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, None)

            async def elsewhere() -> str:
                return await _commit_elsewhere(store, room["id"])

            notation = client.portal.call(elsewhere)  # type: ignore[union-attr]
            seen: list[Frame] = []
            table = next_of(ws, "table", seen)
    assert seen == [{"type": "room", "event": "bot_moved", "seat": 0, "name": "greedy"}]
    assert table["plies"] == 1
    assert table["events"][0]["notation"] == notation


class _Counting(MemoryStore):
    """A memory store that counts the times a room is read."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    async def get(self, room_id: str) -> StoredRoom | None:
        self.reads += 1
        return await super().get(room_id)


def test_the_servers_own_moves_coming_back_as_news_are_not_read_again() -> None:
    store = _Counting()
    with server(store) as client:
        room = open_room(client, game="the-game", players=2, seed=4)
        token = take_seat(client, room["id"], 0)
        with client.websocket_connect(f"/ws/v1/rooms/{room['id']}") as ws:
            hello(ws, token)
            before = store.reads
            for plies in (1, 2, 3):
                ws.send_json({"type": "move", "index": 0})
                assert next_of(ws, "table", [])["plies"] == plies
            ws.send_json({"type": "ping"})
            next_of(ws, "pong", [])
            after_own = store.reads

            # Another process's move is news: the room is read for it.
            async def elsewhere() -> str:
                return await _commit_elsewhere(store, room["id"])

            notation = client.portal.call(elsewhere)  # type: ignore[union-attr]
            table = next_of(ws, "table", [])
    assert after_own == before
    assert store.reads > after_own
    assert table["plies"] == 4
    assert [event["notation"] for event in table["events"] if event["kind"] == "move"] == [notation]
