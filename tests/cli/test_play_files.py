"""``save`` and ``load`` of ``cardrules play`` against hostile file names: links, FIFOs, devices,
folders, huge and growing files, names no file can have, and failures in the middle of a write."""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
import threading
from pathlib import Path

import pytest

import cardrules
from cardrules.cli import main, play_session
from cardrules.cli.play_session import SaveFileError, Session
from cardrules.games import the_game
from cardrules.games.the_game.command_line import THE_GAME
from cardrules.run.botspec import parse_bot

GREEDY = parse_bot("greedy", THE_GAME.bots)
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, devices and modes are POSIX")


def session(seed: int = 1) -> Session:
    """A game of The Game two moves in, so that a save holds something."""
    game = Session.start(the_game.Rules(players=2), seat=0, bots=[GREEDY], seed=seed, adviser=GREEDY).session
    for _ in range(2):
        game = game.play(game.legal_moves()[0]).session
    return game


def saved_record(path: Path) -> cardrules.GameRecord:
    return cardrules.from_json(path.read_text(encoding="utf-8"), cardrules.GameRecord)


def refused(action: object, path: object) -> SaveFileError:
    """The :class:`SaveFileError` that ``action(path)`` raises (and it must raise one)."""
    with pytest.raises(SaveFileError) as raised:
        action(path)  # type: ignore[operator]
    return raised.value


def only(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir())


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


# --- save -----------------------------------------------------------------------------------------


def test_save_writes_a_record_that_loads_and_leaves_nothing_beside_it(tmp_path: Path) -> None:
    game = session()
    game.save(tmp_path / "game.json")
    assert only(tmp_path) == ["game.json"]
    assert saved_record(tmp_path / "game.json") == game.record
    assert session(seed=5).load(tmp_path / "game.json").session == game


def test_save_does_not_follow_a_planted_partial_symlink(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / "game.json.partial").symlink_to(victim)
    game = session()
    game.save(tmp_path / "game.json")
    assert victim.read_text() == "precious"
    assert saved_record(tmp_path / "game.json") == game.record
    assert only(tmp_path) == ["game.json", "game.json.partial", "victim.txt"]


def test_save_refuses_a_symlink_and_leaves_it_and_its_target_alone(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    link = tmp_path / "game.json"
    link.symlink_to(victim)
    error = refused(session().save, link)
    assert (error.path, error.problem) == (str(link), "unreadable")
    assert "symbolic link" in error.detail
    assert link.is_symlink()
    assert victim.read_text() == "precious"
    assert only(tmp_path) == ["game.json", "victim.txt"]


def test_save_refuses_a_dangling_symlink(tmp_path: Path) -> None:
    link = tmp_path / "game.json"
    link.symlink_to(tmp_path / "nowhere.json")
    assert "symbolic link" in refused(session().save, link).detail
    assert only(tmp_path) == ["game.json"]


@POSIX
def test_save_refuses_a_fifo_and_leaves_it_a_fifo(fifo: Path, tmp_path: Path) -> None:
    error = refused(session().save, fifo)
    assert error.detail == "it is a FIFO (a named pipe), not a regular file"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert only(tmp_path) == ["pipe.json"]


@POSIX
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod needs root")
def test_save_refuses_a_device_node_and_leaves_it_a_device(tmp_path: Path) -> None:
    device = tmp_path / "null.json"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the null device, made in the test's folder
    error = refused(session().save, device)
    assert error.detail == "it is a character device, not a regular file"
    assert stat.S_ISCHR(device.lstat().st_mode)
    assert only(tmp_path) == ["null.json"]


@POSIX
@pytest.mark.parametrize("device", ["/dev/null", "/dev/full", "/dev/zero"])
def test_save_refuses_the_system_devices(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    before = os.lstat(device)
    error = refused(session().save, device)
    assert error.detail == "it is a character device, not a regular file"
    after = os.lstat(device)
    assert (after.st_ino, after.st_rdev, stat.S_ISCHR(after.st_mode)) == (before.st_ino, before.st_rdev, True)
    assert not [name for name in os.listdir("/dev") if name.endswith(".partial")]


@pytest.mark.parametrize("name", ["/", ".", "..", "folder/", "folder"])
def test_save_refuses_a_folder_with_one_clear_reason(name: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "folder").mkdir()
    monkeypatch.chdir(tmp_path)
    error = refused(session().save, name)
    assert error.problem == "unreadable"
    assert "folder" in error.detail
    assert only(tmp_path) == ["folder"]
    assert only(tmp_path / "folder") == []


@pytest.mark.parametrize(("name", "reason"), [
    ("", "no file name was given"),
    ("game\0.json", "a file name cannot hold the NUL character"),
    ("game\ud800.json", "the name cannot be written in the file system's encoding"),
    ("x" * 300 + ".json", "the name is too long"),
    ("missing/game.json", "there is no folder missing"),
    ("plain.txt/game.json", "plain.txt is not a folder"),
])
def test_save_refuses_a_name_no_file_can_have(name: str, reason: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "plain.txt").write_text("a file, not a folder")
    monkeypatch.chdir(tmp_path)
    error = refused(session().save, name)
    assert (error.path, error.problem, error.detail) == (name, "unreadable", reason)
    assert only(tmp_path) == ["plain.txt"]


@POSIX
def test_save_into_a_read_only_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o555)
    if os.geteuid() == 0:
        # Root writes into a read-only folder: the system's refusal is made here instead.
        real_open = os.open

        def refusing_open(path: str | os.PathLike[str], flags: int, *args: int, **kwargs: object) -> int:
            if flags & os.O_CREAT and Path(path).parent == folder:
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "open", refusing_open)
    error = refused(session().save, folder / "game.json")
    assert error.detail == "Permission denied"
    assert only(folder) == []


def test_save_replaces_a_regular_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("an older save, much longer than the new one " * 1000)
    game = session()
    game.save(path)
    assert saved_record(path) == game.record
    assert only(tmp_path) == ["game.json"]


@POSIX
def test_a_new_save_gets_the_mode_the_umask_gives_and_a_replaced_one_keeps_its_mode(tmp_path: Path) -> None:
    mask = os.umask(0o027)
    try:
        session().save(tmp_path / "new.json")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640
    private = tmp_path / "private.json"
    private.write_text("old")
    private.chmod(0o600)
    session().save(private)
    assert stat.S_IMODE(private.stat().st_mode) == 0o600


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()])
def test_a_save_that_fails_while_writing_leaves_the_old_file_and_no_temporary(
        failure: BaseException, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("the old save")
    real_write = os.write

    def write_half_then_fail(fd: int, data: bytes | memoryview) -> int:
        real_write(fd, bytes(data[:10]))
        raise failure

    monkeypatch.setattr(os, "write", write_half_then_fail)
    with pytest.raises(SaveFileError if isinstance(failure, OSError) else KeyboardInterrupt) as raised:
        session().save(path)
    monkeypatch.undo()
    if isinstance(raised.value, SaveFileError):
        assert raised.value.detail == "No space left on device"
    assert path.read_text() == "the old save"
    assert only(tmp_path) == ["game.json"]


def test_a_save_whose_rename_fails_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("the old save")

    def replace(source: str, target: str) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", replace)
    assert refused(session().save, path).detail == "Invalid cross-device link"
    assert path.read_text() == "the old save"
    assert only(tmp_path) == ["game.json"]


def test_a_save_is_flushed_to_the_disk_before_it_replaces_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("the old save")
    synced: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(source: str, target: str, **kwargs: object) -> None:
        assert synced[:1] == ["file"], "renamed before the data reached the disk"
        real_replace(source, target, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    session().save(path)
    monkeypatch.undo()
    assert synced[0] == "file"
    assert saved_record(path) == session().record


# --- load -----------------------------------------------------------------------------------------


def test_load_follows_a_symlink_to_a_saved_game(tmp_path: Path) -> None:
    game = session()
    game.save(tmp_path / "game.json")
    (tmp_path / "link.json").symlink_to(tmp_path / "game.json")
    assert session(seed=9).load(tmp_path / "link.json").session == game


@POSIX
def test_load_of_a_symlink_to_dev_zero_is_refused_unread(tmp_path: Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    link = tmp_path / "game.json"
    link.symlink_to("/dev/zero")
    error = refused(session().load, link)
    assert (error.problem, error.detail) == ("unreadable", "it is a character device, not a regular file")


@POSIX
@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero", "/dev/full"])
def test_load_of_a_device_is_refused(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    assert refused(session().load, device).detail == "it is a character device, not a regular file"


def load_without_waiting(fifo: Path) -> BaseException:
    """What ``load`` of ``fifo`` raises, run in a thread so that a load waiting for a writer fails
    the test (after a generous 30 s) instead of hanging it."""
    outcome: list[BaseException] = []

    def load() -> None:
        try:
            session().load(fifo)
        except BaseException as exc:  # handed to the test's thread
            outcome.append(exc)

    loader = threading.Thread(target=load, daemon=True)
    loader.start()
    loader.join(timeout=30)
    if loader.is_alive():  # free the stuck reader: a writer's open lets its open return
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        loader.join(timeout=30)
        pytest.fail("load waited for a writer on a FIFO")
    assert len(outcome) == 1, "load of a FIFO raised nothing"
    return outcome[0]


@POSIX
def test_load_of_a_fifo_does_not_wait_for_a_writer(fifo: Path) -> None:
    error = load_without_waiting(fifo)
    assert isinstance(error, SaveFileError)
    assert error.detail == "it is a FIFO (a named pipe), not a regular file"


@POSIX
def test_load_of_a_fifo_opened_after_the_check_is_refused_without_waiting(
        fifo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The file is swapped for a FIFO between the check of its name and its opening.
    regular = tmp_path / "game.json"
    session().save(regular)
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda path, **kwargs: real_stat(regular if path == str(fifo) else path,
                                                                      **kwargs))
    error = load_without_waiting(fifo)
    assert isinstance(error, SaveFileError)
    assert error.detail == "it is a FIFO (a named pipe), not a regular file"


def test_load_of_a_folder_is_refused(tmp_path: Path) -> None:
    assert refused(session().load, tmp_path).detail == "it is a folder, not a file"


@pytest.mark.parametrize(("name", "reason"), [
    ("", "no file name was given"),
    ("game\0.json", "a file name cannot hold the NUL character"),
    ("game\ud800.json", "the name cannot be written in the file system's encoding"),
    ("x" * 300 + ".json", "the name is too long"),
    ("plain.txt/game.json", "plain.txt is not a folder"),
])
def test_load_refuses_a_name_no_file_can_have(name: str, reason: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "plain.txt").write_text("a file, not a folder")
    monkeypatch.chdir(tmp_path)
    error = refused(session().load, name)
    assert (error.path, error.problem, error.detail) == (name, "unreadable", reason)


def counted_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes ``os.read`` is asked for from now on."""
    asked: list[int] = []
    real_read = os.read

    def read(descriptor: int, size: int) -> bytes:
        asked.append(size)
        return real_read(descriptor, size)

    monkeypatch.setattr(os, "read", read)
    return asked


def test_load_refuses_a_huge_sparse_file_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(play_session.MAX_SAVE_BYTES * 100)  # sparse: no disk used
    read = counted_reads(monkeypatch)
    error = refused(session().load, path)
    assert error.problem == "corrupt"
    assert error.detail == f"the file is longer than {play_session.MAX_SAVE_BYTES:,} bytes"
    assert read == []


def test_load_reads_no_more_than_the_limit_when_the_size_lies(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A file that grows after its size was looked at (or a /proc file, whose size is 0): the size
    # the system reports is not trusted, the reading stops one byte past the limit.
    limit = 1000
    monkeypatch.setattr(play_session, "MAX_SAVE_BYTES", limit)
    path = tmp_path / "growing.json"
    path.write_bytes(b" " * (limit * 50))
    real_fstat = os.fstat
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((*real_fstat(fd)[:6], 0, *real_fstat(fd)[7:])))
    monkeypatch.setattr(os, "stat", lambda path, **kwargs: os.stat_result((*os.lstat(path)[:6], 0,
                                                                           *os.lstat(path)[7:])))
    read = counted_reads(monkeypatch)
    error = refused(session().load, path)
    assert error.detail == f"the file is longer than {limit:,} bytes"
    assert sum(read) <= limit + 1


@pytest.mark.skipif(not os.path.exists("/proc/self/maps"), reason="Linux's /proc")
def test_load_of_a_proc_file_whose_size_is_zero_is_read_only_to_the_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_session, "MAX_SAVE_BYTES", 100)
    error = refused(session().load, "/proc/self/maps")
    assert error.detail == "the file is longer than 100 bytes"


def test_a_file_at_the_limit_is_read_and_judged_by_its_content(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = session()
    text = cardrules.to_json(game.record)
    monkeypatch.setattr(play_session, "MAX_SAVE_BYTES", len(text.encode()))
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert session(seed=4).load(path).session == game
    path.write_text(text + " ", encoding="utf-8")
    assert refused(session().load, path).problem == "corrupt"


# --- in the line mode -----------------------------------------------------------------------------


def test_every_bad_file_name_gets_one_line_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "plain.txt").write_text("a file, not a folder")
    (tmp_path / "link.json").symlink_to(tmp_path / "plain.txt")
    monkeypatch.chdir(tmp_path)
    names = ["/", ".", str(tmp_path), "missing/game.json", "plain.txt/game.json", "x" * 300,
             "link.json", "a\0b"]
    script = "".join(f"save {name}\nload {name}\n" for name in names) + "1\nsave end.json\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    status = main(["play", "the-game", "--players", "2", "--seed", "1"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    lines = out.splitlines()
    refusals = [line for line in lines if line.startswith("Cannot ")]
    assert len(refusals) == 2 * len(names)
    assert lines.count("The game goes on unchanged.") == 2 * len(names)
    assert "Cannot use /: it names a folder, not a file." in lines
    assert "Cannot use a\\x00b: a file name cannot hold the NUL character." in lines
    assert any(line.startswith("Saved to end.json (") for line in lines)
    assert len(saved_record(tmp_path / "end.json").moves) >= 1
    assert (tmp_path / "plain.txt").read_text() == "a file, not a folder"
    assert sorted(os.listdir(tmp_path)) == ["end.json", "link.json", "plain.txt"]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_save_into_a_folder_that_takes_no_new_files_does_not_say_it_is_missing(tmp_path: Path) -> None:
    # /proc exists, but its file system creates no files: "there is no folder /proc" was wrong.
    error = refused(session().save, "/proc/game.json")
    assert (error.problem, error.detail) == ("unreadable", "the folder /proc takes no new files")
