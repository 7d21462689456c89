"""The SQLite store: a commit survives the process being killed when it returns (and waits for the
disk only when power-safe), and a path that is not a regular file (a planted link, a FIFO, a device,
a folder) is refused before SQLite touches it."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.errors import ArgumentError
from cardrules.server.sqlite import SQLiteStore
from cardrules.server.store import StoreError
from tests.server.stores import HANG, a_room, run

KILLED_AFTER_COMMIT = """
import asyncio, os, signal, sys
from cardrules.errors import ArgumentError
from cardrules.server.sqlite import SQLiteStore

async def commit_and_die():
    store = SQLiteStore(sys.argv[1], power_safe=sys.argv[2] == "True")
    await store.open()
    won = await store.commit("r", expected_plies=0, record='{"moves": ["37 on A"]}', plies=1, over=False)
    print(won, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # no close, no clean exit: only what commit wrote remains

asyncio.run(commit_and_die())
"""


@pytest.mark.parametrize("power_safe", [False, True])
def test_a_commit_survives_the_process_being_killed_right_after_it_returns(tmp_path: Path,
                                                                          power_safe: bool) -> None:
    path = tmp_path / "rooms.sqlite3"

    async def create() -> None:
        store = SQLiteStore(path)
        await store.open()
        await store.create(a_room("r"))
        await store.close()

    run(create)
    child = subprocess.run([sys.executable, "-c", KILLED_AFTER_COMMIT, str(path), str(power_safe)],
                           capture_output=True, text=True, timeout=HANG)
    assert (child.returncode, child.stdout, child.stderr) == (-signal.SIGKILL, "True\n", "")

    async def read() -> tuple[int, str] | None:
        store = SQLiteStore(path)
        await store.open()
        room = await store.get("r")
        await store.close()
        return None if room is None else (room.plies, room.record)

    assert run(read) == (1, '{"moves": ["37 on A"]}')


@pytest.mark.parametrize(("options", "synchronous"), [({}, 1), ({"power_safe": False}, 1),
                                                       ({"power_safe": True}, 2)])
def test_a_commit_waits_for_the_disk_only_when_power_safe(tmp_path: Path, options: dict[str, bool],
                                                          synchronous: int) -> None:
    # SQLite's synchronous: 1 (NORMAL) flushes the journal at checkpoints, 2 (FULL) at each commit.
    async def read_setting() -> int:
        store = SQLiteStore(tmp_path / "rooms.sqlite3", **options)
        await store.open()
        try:
            value: int = await store._run(lambda connection: connection.execute(
                "PRAGMA synchronous").fetchone()[0])
        finally:
            await store.close()
        return value

    assert run(read_setting) == synchronous


@pytest.mark.parametrize(("path", "options"), [(3, {}), (None, {}), ("rooms.sqlite3", {"power_safe": "yes"}),
                                               ("rooms.sqlite3", {"power_safe": 1})])
def test_a_store_is_refused_a_path_or_a_power_safe_of_the_wrong_kind(path: object,
                                                                     options: dict[str, object]) -> None:
    with pytest.raises(ArgumentError):
        SQLiteStore(path, **options)  # type: ignore[arg-type]


def test_a_new_file_is_readable_and_writable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"

    async def work() -> None:
        store = SQLiteStore(path)
        await store.open()
        await store.create(a_room())
        await store.close()

    old = os.umask(0)  # even with nothing masked
    try:
        run(work)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def opening(path: Path) -> StoreError:
    """The error opening a store at ``path`` raises."""
    async def work() -> None:
        await SQLiteStore(path).open()

    with pytest.raises(StoreError) as raised:
        run(work)
    return raised.value


def test_a_symbolic_link_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "rooms.sqlite3"
    link.symlink_to(target)
    assert str(opening(link)) == f"cannot use {str(link)!r} as a SQLite file: it is a symbolic link, " \
                                 "not a regular file"
    assert target.read_text() == "keep me"


def test_a_link_to_nowhere_is_refused_and_nothing_created(tmp_path: Path) -> None:
    link = tmp_path / "rooms.sqlite3"
    link.symlink_to(tmp_path / "planted")
    assert "it is a symbolic link" in str(opening(link))
    assert sorted(os.listdir(tmp_path)) == ["rooms.sqlite3"]


@pytest.mark.parametrize("companion", ["-wal", "-shm", "-journal"])
def test_a_link_planted_as_the_write_ahead_log_is_refused_and_its_target_untouched(
        tmp_path: Path, companion: str) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    path = tmp_path / "rooms.sqlite3"
    (tmp_path / f"rooms.sqlite3{companion}").symlink_to(target)
    assert str(opening(path)) == f"cannot use the SQLite file {str(path)!r}: its {companion} file is a " \
                                 "symbolic link, not a regular file"
    assert target.read_text() == "keep me"


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "rooms.sqlite3"
    os.mkfifo(fifo)
    assert str(opening(fifo)).endswith("it is a FIFO, not a regular file")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert str(opening(tmp_path)).endswith("it is a folder, not a regular file")


def test_a_device_is_refused() -> None:
    assert str(opening(Path("/dev/null"))) == \
        "cannot use '/dev/null' as a SQLite file: it is a character device, not a regular file"


def test_a_file_that_is_not_a_database_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, but somebody's notes\n" * 100)
    assert "file is not a database" in str(opening(path))
    assert path.read_text() == "not a database, but somebody's notes\n" * 100


def test_a_file_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "rooms.sqlite3"
    assert str(opening(path)) == f"cannot create the SQLite file {str(path)!r}: its folder does not exist"


def test_a_store_that_is_not_open_says_so(tmp_path: Path) -> None:
    async def work() -> None:
        await SQLiteStore(tmp_path / "rooms.sqlite3").get("r")

    with pytest.raises(StoreError, match="is not open"):
        run(work)
