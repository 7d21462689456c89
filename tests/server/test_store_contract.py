"""Every store keeps the Store contract: MemoryStore, SQLiteStore (a file in tmp_path) and
PostgresStore (a fresh database of a real PostgreSQL server) run the same tests."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import attrs
import pytest

from cardrules.server.postgres import PostgresStore
from cardrules.server.sqlite import SQLiteStore
from cardrules.server.store import MemoryStore, Store, StoredSeat, StoreError
from tests.server.stores import Ears, a_room, run

Maker = Callable[[], Store]


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def new_store(request: pytest.FixtureRequest, tmp_path: Path) -> Maker:
    """Makes store objects on the same rooms, as separate processes would open them (the memory
    store can only share its rooms with itself: it is always the same object)."""
    if request.param == "memory":
        memory = MemoryStore()
        return lambda: memory
    if request.param == "sqlite":
        return lambda: SQLiteStore(tmp_path / "rooms.sqlite3")
    dsn = request.getfixturevalue("postgres_database")
    return lambda: PostgresStore(dsn)


def test_a_created_room_reads_back_as_it_was_stored(new_store: Maker) -> None:
    room = a_room("abc", bots={1: "greedy"})

    async def work() -> None:
        store = new_store()
        await store.open()
        await store.create(room)
        assert await store.get("abc") == room
        assert await store.get("nothing") is None
        await store.close()
        again = new_store()
        await again.open()
        assert await again.get("abc") == room
        await again.close()

    run(work)


def test_a_room_id_that_is_taken_is_refused_and_the_first_room_kept(new_store: Maker) -> None:
    async def work() -> None:
        store = new_store()
        await store.open()
        await store.create(a_room("same", seats=2))
        with pytest.raises(StoreError, match="a room with id 'same' already exists"):
            await store.create(a_room("same", seats=3, plies=4))
        assert await store.get("same") == a_room("same", seats=2)
        await store.close()

    run(work)


def test_rooms_lists_the_newest_first_up_to_the_limit(new_store: Maker) -> None:
    async def work() -> None:
        store = new_store()
        await store.open()
        for number, created in enumerate([30.0, 10.0, 50.0, 20.0, 40.0]):
            await store.create(a_room(f"r{number}", created=created))
        assert [room.created for room in await store.rooms()] == [50.0, 40.0, 30.0, 20.0, 10.0]
        assert [room.id for room in await store.rooms(limit=2)] == ["r2", "r4"]
        assert await store.rooms(limit=0) == ()
        await store.close()

    run(work)


def test_unfinished_holds_the_games_not_over_the_oldest_first(new_store: Maker) -> None:
    async def work() -> None:
        store = new_store()
        await store.open()
        await store.create(a_room("late", created=3.0))
        await store.create(a_room("done", created=1.0, plies=90, over=True))
        await store.create(a_room("early", created=2.0, bots={0: "random"}))
        assert [room.id for room in await store.unfinished()] == ["early", "late"]
        assert await store.count_unfinished() == 2
        assert await store.commit("late", expected_plies=0, record="{}", plies=50, over=True)
        assert [room.id for room in await store.unfinished()] == ["early"]
        assert await store.count_unfinished() == 1
        await store.close()

    run(work)


def test_a_free_seat_is_taken_once_and_a_bot_seat_never(new_store: Maker) -> None:
    async def work() -> None:
        store = new_store()
        await store.open()
        await store.create(a_room("r", seats=3, bots={2: "random"}))
        assert await store.take_seat("r", 0, "Ann", "a" * 64)
        assert not await store.take_seat("r", 0, "Bob", "b" * 64)
        assert not await store.take_seat("r", 2, "Bob", "b" * 64)
        assert not await store.take_seat("r", 3, "Bob", "b" * 64)
        assert not await store.take_seat("elsewhere", 1, "Bob", "b" * 64)
        stored = await store.get("r")
        assert stored is not None
        assert stored.seats == (StoredSeat(0, "Ann", "a" * 64, None), StoredSeat(1, None, None, None),
                                StoredSeat(2, None, None, "random"))
        await store.close()

    run(work)


def test_of_two_takers_at_once_exactly_one_gets_the_seat(new_store: Maker) -> None:
    async def work() -> None:
        first, second = new_store(), new_store()
        await first.open()
        await second.open()
        for number in range(10):
            await first.create(a_room(f"r{number}", created=number))
        outcomes = await asyncio.gather(*(
            store.take_seat(f"r{number}", 1, name, name[0] * 64)
            for number in range(10) for store, name in ((first, "Ann"), (second, "Bob"))))
        for number in range(10):
            ann, bob = outcomes[2 * number:2 * number + 2]
            assert ann != bob
            stored = await first.get(f"r{number}")
            assert stored is not None
            assert stored.seats[1].name == ("Ann" if ann else "Bob")
        await first.close()
        await second.close()

    run(work)


def test_a_commit_on_a_stale_record_loses_and_changes_nothing(new_store: Maker) -> None:
    async def work() -> None:
        store = new_store()
        await store.open()
        await store.create(a_room("r"))
        assert await store.commit("r", expected_plies=0, record='{"moves": 1}', plies=1, over=False)
        assert not await store.commit("r", expected_plies=0, record='{"other": 1}', plies=1, over=True)
        assert not await store.commit("elsewhere", expected_plies=0, record="{}", plies=1, over=False)
        assert await store.get("r") == attrs.evolve(a_room("r"), record='{"moves": 1}', plies=1)
        await store.close()

    run(work)


def test_of_two_commits_on_the_same_record_exactly_one_wins(new_store: Maker) -> None:
    async def work() -> None:
        first, second = new_store(), new_store()
        await first.open()
        await second.open()
        await first.create(a_room("r"))
        for plies in range(10):
            won = await asyncio.gather(
                first.commit("r", expected_plies=plies, record=f"first {plies + 1}", plies=plies + 1,
                             over=False),
                second.commit("r", expected_plies=plies, record=f"second {plies + 1}", plies=plies + 1,
                              over=False))
            assert sorted(won) == [False, True]
            stored = await second.get("r")
            assert stored is not None
            assert stored.record == f"{'first' if won[0] else 'second'} {plies + 1}"
        await first.close()
        await second.close()

    run(work)


def test_listeners_hear_of_each_commit_and_taken_seat_in_order(new_store: Maker) -> None:
    async def work() -> None:
        store = new_store()
        await store.open()
        ears = Ears()
        store.listen(ears)
        await store.create(a_room("r"))
        await store.create(a_room("s"))
        assert await store.take_seat("r", 0, "Ann", "a" * 64)
        assert not await store.take_seat("r", 0, "Bob", "b" * 64)
        assert await store.commit("r", expected_plies=0, record="{}", plies=1, over=False)
        assert not await store.commit("r", expected_plies=0, record="{}", plies=1, over=False)
        assert await store.commit("s", expected_plies=0, record="{}", plies=1, over=False)
        # Losing calls announce nothing: all that is heard before "s" is the two changes of "r".
        assert await ears.until("s") == ["r", "r", "s"]
        # A seat is told without a count of moves; a move with the room's moves after it.
        assert ears.told == [("r", None), ("r", 1), ("s", 1)]
        await store.close()

    run(work)


def test_a_failing_listener_neither_undoes_the_commit_nor_silences_the_others(
        new_store: Maker, caplog: pytest.LogCaptureFixture) -> None:
    def failing(_room_id: str, _plies: int | None) -> None:
        raise RuntimeError("this listener is broken")

    async def work() -> None:
        store = new_store()
        await store.open()
        ears = Ears()
        store.listen(failing)
        store.listen(ears)
        await store.create(a_room("r"))
        assert await store.commit("r", expected_plies=0, record="{}", plies=1, over=False)
        assert await ears.until("r") == ["r"]
        stored = await store.get("r")
        assert stored is not None
        assert stored.plies == 1
        await store.close()

    run(work)
    assert "a listener of the store failed on room 'r'" in caplog.text


def test_of_many_writes_at_once_a_refused_one_leaves_the_others_whole(new_store: Maker) -> None:
    async def work() -> None:
        store = new_store()
        await store.open()
        for number in range(20):
            await store.create(a_room(f"r{number}", created=number))
        writes: list[Awaitable[object]] = [
            store.commit(f"r{number}", expected_plies=0, record=f"move of {number}", plies=1, over=False)
            for number in range(20)]
        writes += [store.commit("r3", expected_plies=7, record="stale", plies=8, over=False),
                   store.create(a_room("r5")),
                   store.take_seat("r7", 0, "Ann", "a" * 64),
                   store.create(a_room("new", created=99.0))]
        outcomes = await asyncio.gather(*writes, return_exceptions=True)
        assert outcomes[:20] == [True] * 20
        assert outcomes[20] is False
        assert isinstance(outcomes[21], StoreError)
        assert outcomes[22:] == [True, None]
        again = new_store()
        await again.open()
        rooms = {room.id: room for room in await again.rooms()}
        assert sorted(rooms) == sorted([f"r{number}" for number in range(20)] + ["new"])
        assert [rooms[f"r{number}"].record for number in range(20)] == \
            [f"move of {number}" for number in range(20)]
        assert rooms["r5"] == attrs.evolve(a_room("r5", created=5), record="move of 5", plies=1)
        assert rooms["r7"].seats[0].name == "Ann"
        await again.close()
        await store.close()

    run(work)


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_write_with_values_the_database_cannot_hold_is_refused_alone(
        kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    # 2**70 fits no integer column of either database (the memory store holds any number); the
    # server never sends such a number, but a store is a public class, and its refusals are
    # StoreErrors.
    store: Store = (SQLiteStore(tmp_path / "rooms.sqlite3") if kind == "sqlite"
                    else PostgresStore(request.getfixturevalue("postgres_database")))

    async def work() -> None:
        await store.open()
        with pytest.raises(StoreError, match="refuses the write of room 'huge'"):
            await store.create(attrs.evolve(a_room("huge"), plies=2**70))
        await store.create(a_room("r"))
        await store.create(a_room("s"))
        outcomes = await asyncio.gather(
            store.commit("r", expected_plies=0, record="too far", plies=2**70, over=False),
            store.commit("s", expected_plies=0, record="moved", plies=1, over=False),
            return_exceptions=True)
        assert isinstance(outcomes[0], StoreError)
        assert "refuses the write of room 'r'" in str(outcomes[0])
        assert outcomes[1] is True
        assert [(room.id, room.plies) for room in await store.rooms()] == [("s", 1), ("r", 0)]
        await store.close()

    run(work)
