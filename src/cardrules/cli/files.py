"""The files the command line reads and writes for a person: read within a limit, written whole.

They are ``play``'s saves and ``arena``'s ``--json`` and ``--plot``: only regular files are read or
replaced, never more than a limit is read, and a file is written whole or not at all.

A save goes to a fresh temporary file, created exclusively under an unpredictable name in the
target's folder, flushed to the disk, then renamed over the target. So a crash, a full disk or an
interrupt leaves the old file or the new one, never half of one; no link planted under any name can
redirect the write; and a FIFO, a device, a folder or a symbolic link given as the target is refused
and left as it was. A link is refused rather than followed or replaced: writing through it could
overwrite whatever it points to, and replacing it would silently cut a link the person made.

Reading follows links (a link to a saved game is a saved game), but looks at the file before opening
it and at what was opened before reading it, opens without waiting for a FIFO's writer, and reads at
most one byte past the limit, whatever size the system reports.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "game.json")
...     write_whole(path, b'{"moves": []}')
...     read_at_most(path, 100), os.listdir(folder)
(b'{"moves": []}', ['game.json'])
>>> read_at_most(".", 100)
Traceback (most recent call last):
...
cardrules.cli.files.RefusedFileError: it is a folder, not a file
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from pathlib import Path
from typing import Literal

from cardrules.errors import CardrulesError

__all__ = ["RefusedFileError", "check_writable", "read_at_most", "write_whole"]

Problem = Literal["missing", "unreadable", "corrupt"]

# Flags that only some systems have are 0 elsewhere: O_NONBLOCK so that opening a FIFO does not wait
# for a writer, O_NOCTTY so that opening a terminal does not make it ours, O_NOFOLLOW as a second
# guard (O_EXCL already refuses any existing name, links included), O_BINARY for Windows.
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_CREATE_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_CHUNK = 1 << 20

_KINDS = (
    (stat.S_ISFIFO, "a FIFO (a named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class RefusedFileError(CardrulesError, ValueError):
    """A file that cannot be read or written; ``problem`` is the kind of :class:`SaveFileError
    <cardrules.cli.play_session.SaveFileError>` it makes, ``detail`` the reason in English."""

    def __init__(self, problem: Problem, detail: str) -> None:
        super().__init__(detail)
        self.problem, self.detail = problem, detail


def read_at_most(name: str, limit: int) -> bytes:
    """The bytes of the regular file ``name`` (a link to one is followed); raises
    :class:`RefusedFileError` for anything else, and for a file longer than ``limit`` bytes, reading at
    most ``limit + 1`` of them."""
    _check_name(name)
    try:
        # Looked at before it is opened: opening a device or a terminal can have effects of its own.
        _check_kind(os.stat(name).st_mode)
        descriptor = os.open(name, _READ_FLAGS)
        try:
            # What was opened, whatever the name meant a moment before.
            opened = os.fstat(descriptor)
            _check_kind(opened.st_mode)
            if opened.st_size > limit:
                raise _too_long(limit)
            data = _read(descriptor, limit + 1)  # the size is not trusted: a file can grow, /proc lies
        finally:
            os.close(descriptor)
    except OSError as exc:
        raise _refusal(exc, name, saving=False) from None
    if len(data) > limit:
        raise _too_long(limit)
    return data


def write_whole(name: str, data: bytes) -> None:
    """Replace the regular file ``name`` with ``data``, or create it; raises :class:`RefusedFileError`,
    leaving every file as it was, for a name that is not a regular file or cannot be written.

    A new file gets the mode any new file gets (read and write for all, less the umask); a file
    replaced keeps its permissions."""
    _check_name(name)
    folder, base = os.path.split(name)
    if base in ("", os.curdir, os.pardir):
        raise RefusedFileError("unreadable", "it names a folder, not a file")
    temporary = os.path.join(folder, f".{base[:40]}.{secrets.token_hex(8)}.partial")
    try:
        mode = _mode_to_keep(name)
        descriptor = os.open(temporary, _CREATE_FLAGS, 0o666)
    except OSError as exc:
        raise _refusal(exc, name, saving=True) from None
    try:
        try:
            _write(descriptor, data)
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(descriptor, mode)
            os.fsync(descriptor)  # on the disk before the rename: a crash never leaves an empty save
        finally:
            os.close(descriptor)
        os.replace(temporary, name)
    except BaseException as exc:  # an interrupt too: the temporary file goes whatever happened
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise _refusal(exc, name, saving=True) from None
        raise
    _sync_folder(folder)


def check_writable(name: str) -> None:
    """Raise the :class:`RefusedFileError` that :func:`write_whole` would raise for ``name`` before
    writing anything: a name no file can have, a target that is not a regular file, a folder that
    does not exist or cannot be written. Nothing is created; a command checks its output files with
    it before a long run, not after.

    >>> check_writable("no-such-folder/out.json")
    Traceback (most recent call last):
    ...
    cardrules.cli.files.RefusedFileError: there is no folder no-such-folder
    """
    _check_name(name)
    folder, base = os.path.split(name)
    if base in ("", os.curdir, os.pardir):
        raise RefusedFileError("unreadable", "it names a folder, not a file")
    try:
        _mode_to_keep(name)
        if not stat.S_ISDIR(os.stat(folder or os.curdir).st_mode):
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
        if not os.access(folder or os.curdir, os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
    except OSError as exc:
        raise _refusal(exc, name, saving=True) from None


def _check_name(name: str) -> None:
    if not name:
        raise RefusedFileError("unreadable", "no file name was given")
    if "\0" in name:
        raise RefusedFileError("unreadable", "a file name cannot hold the NUL character")
    try:
        os.fsencode(name)
    except UnicodeEncodeError:  # a lone surrogate that no file system encoding can write
        raise RefusedFileError("unreadable",
                               "the name cannot be written in the file system's encoding") from None


def _check_kind(mode: int, *, link: str = "it is a symbolic link") -> None:
    """Refuse a file of ``mode`` that is not a regular file (``link``: what to say of a link)."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise RefusedFileError("unreadable", "it is a folder, not a file")
    if stat.S_ISLNK(mode):
        raise RefusedFileError("unreadable", link)
    kind = next((kind for test, kind in _KINDS if test(mode)), "a special file")
    raise RefusedFileError("unreadable", f"it is {kind}, not a regular file")


def _mode_to_keep(name: str) -> int | None:
    """The permissions of the regular file ``name`` that a save replaces, ``None`` if there is none."""
    try:
        info = os.lstat(name)
    except FileNotFoundError:
        return None
    _check_kind(info.st_mode, link="it is a symbolic link, which save does not follow: "
                                   "name the file it points to, or a new file")
    return stat.S_IMODE(info.st_mode) & 0o777  # never carry a set-user-id bit over


def _read(descriptor: int, count: int) -> bytes:
    chunks: list[bytes] = []
    left = count
    while left > 0:
        chunk = os.read(descriptor, min(left, _CHUNK))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _write(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


def _sync_folder(folder: str) -> None:
    """Make the rename itself durable where the system allows it (POSIX; Windows cannot open a folder)."""
    with contextlib.suppress(OSError, AttributeError):
        descriptor = os.open(folder or os.curdir, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _too_long(limit: int) -> RefusedFileError:
    return RefusedFileError("corrupt", f"the file is longer than {limit:,} bytes")


def _refusal(exc: OSError, name: str, *, saving: bool) -> RefusedFileError:
    """The system's refusal ``exc`` of ``name``, in words that say what to do about it."""
    folder = os.path.dirname(name)
    if isinstance(exc, FileNotFoundError):
        if saving and os.path.isdir(folder or os.curdir):  # a file system like /proc's creates no files
            return RefusedFileError("unreadable", f"the folder {folder or os.curdir} takes no new files")
        if saving:
            return RefusedFileError("unreadable", f"there is no folder {folder or os.curdir}")
        return RefusedFileError("missing", "there is no such file")
    if isinstance(exc, NotADirectoryError):
        return RefusedFileError("unreadable", f"{_not_a_folder(folder)} is not a folder")
    if exc.errno == errno.ENAMETOOLONG:
        return RefusedFileError("unreadable", "the name is too long")
    if isinstance(exc, IsADirectoryError):
        return RefusedFileError("unreadable", "it is a folder, not a file")
    return RefusedFileError("unreadable", exc.strerror or str(exc))


def _not_a_folder(folder: str) -> str:
    """The first part of the path ``folder`` that is something other than a folder."""
    part = Path()
    for piece in Path(folder).parts:
        part /= piece
        if part.exists() and not part.is_dir():
            return str(part)
    return folder
