"""Hostile files for ``cardrules play``'s ``save`` and ``load``: links, FIFOs, devices, directories,
endless and oversized files, bad names and bad contents.

Each case builds a scene in a fresh temporary folder (a planted symlink, a FIFO, a copy of the null
device where this process may make one), then saves the game in progress under a name or loads a
file, in this process, through :class:`~cardrules.cli.play_session.Session`. What the command line
promises of every case:

- the call returns, or raises :class:`~cardrules.cli.play_session.SaveFileError`, within the time
  bound (a FIFO with no writer must not block it) and, for a load, within the memory bound of the
  largest file it may read;
- its message prints on any terminal: no lone surrogate, no control character;
- nothing it must not touch changes: a symlink's target, a FIFO, a device, a folder keep their kind
  and their content, and no temporary file is left beside the target;
- a save that succeeds leaves a regular file that loads back to the same game.
"""

from __future__ import annotations

import os
import random
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path

import attrs

from cardrules import GameRecord, to_json
from cardrules.arguments import MAX_JSON_CHARS
from cardrules.bots import RandomBot
from cardrules.cli.play_session import SaveFileError, Session
from cardrules.registry import available, get
from cardrules.run.botspec import parse_bot
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds, ContractBreachError, ErrorInfo, guarded
from tools.fuzz.findings import Failure, Reproducer, Target

__all__ = ["LOAD_SCENES", "SAVE_SCENES", "FileTarget", "check_file_case", "judged", "prints_cleanly"]

_VICTIM_TEXT = "a file the game must never touch\n"

SAVE_SCENES = (
    "new file", "existing file", "planted partial link", "planted temp links", "fifo", "link to fifo",
    "null device", "link to null device", "link to file", "folder", "root", "dot", "empty name",
    "nul byte", "long name", "missing folder", "parent is a file", "odd characters",
)
"""What ``save`` is given: a name in a folder set up as the scene says."""

LOAD_SCENES = (
    "saved game", "link to saved game", "missing", "folder", "fifo", "link to fifo", "null device",
    "link to zero device", "empty", "sparse huge", "not utf-8", "truncated",
    "lone surrogate game", "control characters game", "other game", "garbage", "nul byte",
)
"""What ``load`` is given: a file (or something else) set up as the scene says."""


def check_file_case(data: Mapping[str, object], bounds: Bounds = DEFAULT_BOUNDS) -> None:
    """Run one case (``{"case": "save" | "load", "game": ..., "scene": ..., "seed": ...}``) in a
    fresh temporary folder; raise :class:`~tools.fuzz.bounds.ContractBreachError` if the
    promise of the module's docstring is broken."""
    case, scene = str(data["case"]), str(data["scene"])
    seed = int(str(data.get("seed", 0)))
    session = _session(str(data["game"]), seed)
    with tempfile.TemporaryDirectory(prefix="cardrules-fuzz-") as folder:
        root = Path(folder)
        if case == "save":
            _check_save(session, root, scene, bounds)
        elif case == "load":
            _check_load(session, root, scene, seed, bounds)
        else:
            raise ValueError(f"no file case {case!r}")


def _session(game: str, seed: int) -> Session:
    bot = parse_bot("random", {"random": RandomBot})
    rules = get(game).rules_type()
    step = Session.start(rules, seat=0, bots=[bot], seed=seed, adviser=bot)
    session = step.session
    # A few moves in, so that a save holds a record with moves in it.
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(4)):
        if not session.your_turn:
            break
        session = session.play(chooser.choice(session.legal_moves())).session
    return session


# --- save


def _check_save(session: Session, root: Path, scene: str, bounds: Bounds) -> None:
    folder = root / "games"
    folder.mkdir()
    victim = root / "victim.txt"
    victim.write_text(_VICTIM_TEXT)
    target = _save_scene(scene, folder, victim)
    before = _snapshot(root)
    existed = before.get(str(target), ("", ""))[0]
    outcome = guarded(lambda: session.save(target), bounds)
    if outcome.interrupted:
        raise ContractBreachError("save must not block", f"{scene}: running after {bounds.hard_seconds} s")
    error = _refusal(outcome.error, f"save, {scene}")
    after = _snapshot(root)
    if error is None:
        if existed not in ("", "file", "link"):
            raise ContractBreachError("save must refuse a target that is not a regular file",
                                      f"{scene}: it was a {existed!r} entry")
        path = Path(target)
        if not path.is_file() or path.is_symlink():
            raise ContractBreachError("a save must leave a regular file", f"{scene}: {path}")
        loaded = session.load(path).session.record
        if loaded != session.record:
            raise ContractBreachError("a saved game must load back the same", scene)
        # The target itself was written: take it out of the comparison.
        before.pop(str(path), None)
        after.pop(str(path), None)
    if after != before:
        changed = sorted(set(before.items()) ^ set(after.items()))
        raise ContractBreachError("save must touch nothing but its target",
                                  f"{scene}: {changed[:4]}{'...' if len(changed) > 4 else ''}")


def _save_scene(scene: str, folder: Path, victim: Path) -> str:
    target = folder / "game.json"
    if scene == "existing file":
        target.write_text("an old save\n")
    elif scene == "planted partial link":
        (folder / "game.json.partial").symlink_to(victim)
    elif scene == "planted temp links":
        for name in ("game.json.tmp", ".game.json.tmp", "game.json~", ".game.json", "game.json.new",
                     "game.json.partial", "tmp", ".tmp"):
            (folder / name).symlink_to(victim)
    elif scene == "fifo":
        os.mkfifo(target)
    elif scene == "link to fifo":
        os.mkfifo(folder / "pipe")
        target.symlink_to(folder / "pipe")
    elif scene == "null device":
        _null_device(target)
    elif scene == "link to null device":
        _null_device(folder / "null")
        target.symlink_to(folder / "null")
    elif scene == "link to file":
        target.symlink_to(victim)
    elif scene == "folder":
        target.mkdir()
    elif scene == "root":
        return "/"
    elif scene == "dot":
        return "."
    elif scene == "empty name":
        return ""
    elif scene == "nul byte":
        return str(folder / "game\x00.json")
    elif scene == "long name":
        return str(folder / ("g" * 300))
    elif scene == "missing folder":
        return str(folder / "no" / "such" / "folder" / "game.json")
    elif scene == "parent is a file":
        return str(victim / "game.json")
    elif scene == "odd characters":
        return str(folder / "game\x1b[31m\ud800\n.json")
    elif scene != "new file":
        raise ValueError(f"no save scene {scene!r}")
    return str(target)


def _null_device(path: Path) -> None:
    """A character device like ``/dev/null`` at ``path``, or a FIFO where this process may not
    make devices (not root): the save must refuse both."""
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError):
        os.mkfifo(path)


# --- load


def _check_load(session: Session, root: Path, scene: str, seed: int, bounds: Bounds) -> None:
    name = _load_scene(scene, root, session, seed)
    before = _snapshot(root)
    outcome = guarded(lambda: session.load(name), bounds, traced=True)
    if outcome.interrupted:
        raise ContractBreachError("load must not block", f"{scene}: running after {bounds.hard_seconds} s")
    error = _refusal(outcome.error, f"load, {scene}")
    # The file's bytes and their text once each, with room to spare: an endless device read to its
    # end would go far past this.
    limit = bounds.memory_base + 3 * MAX_JSON_CHARS
    if outcome.peak is not None and outcome.peak > limit:
        raise ContractBreachError("load must read no more than its limit",
                                  f"{scene}: {outcome.peak:,} bytes allocated, over {limit:,}")
    if error is None and scene not in ("saved game", "link to saved game"):
        raise ContractBreachError("load of a bad file must be refused", scene)
    if error is not None and scene in ("saved game", "link to saved game"):
        raise ContractBreachError("a saved game must load", f"{scene}: {error}")
    if _snapshot(root) != before:
        raise ContractBreachError("load must change no file", scene)


def _load_scene(scene: str, root: Path, session: Session, seed: int) -> str:
    path = root / "game.json"
    text = to_json(session.record)
    game = f'"{session.record.game}"'
    if scene == "saved game":
        path.write_text(text)
    elif scene == "link to saved game":
        (root / "real.json").write_text(text)
        path.symlink_to(root / "real.json")
    elif scene == "missing":
        pass
    elif scene == "folder":
        path.mkdir()
    elif scene == "fifo":
        os.mkfifo(path)
    elif scene == "link to fifo":
        os.mkfifo(root / "pipe")
        path.symlink_to(root / "pipe")
    elif scene == "null device":
        _null_device(path)
    elif scene == "link to zero device":
        path.symlink_to("/dev/zero")
    elif scene == "empty":
        path.write_bytes(b"")
    elif scene == "sparse huge":
        with open(path, "wb") as sparse:
            sparse.truncate(10 * 1024**3)
    elif scene == "not utf-8":
        path.write_bytes(text.encode("utf-16"))
    elif scene == "truncated":
        path.write_text(text[: random.Random(seed).randrange(len(text))])
    elif scene == "lone surrogate game":
        path.write_text(text.replace(game, f'"{game[1:-1]}\\ud800"', 1))
    elif scene == "control characters game":
        path.write_text(text.replace(game, f'"\\u001b[2J{game[1:-1]}\\u0007"', 1))
    elif scene == "other game":
        other = [name for name in available() if name != session.record.game]
        if not other:
            path.write_text("{}")
        else:
            path.write_text(to_json(GameRecord.start(get(other[0]).rules_type(), seed=seed)))
    elif scene == "garbage":
        path.write_bytes(random.Random(seed).randbytes(4096))
    elif scene == "nul byte":
        return str(root / "game\x00.json")
    else:
        raise ValueError(f"no load scene {scene!r}")
    return str(path)


# --- shared checks


def _refusal(error: ErrorInfo | None, where: str) -> str | None:
    """The message of a refusal, checked: only a ``SaveFileError`` may come out, and its message
    must print on any terminal."""
    if error is None:
        return None
    message = error.message
    if error.type_name != SaveFileError.__qualname__:
        raise ContractBreachError("save and load raise only SaveFileError", f"{where}: {error.last_line}")
    if not prints_cleanly(message):
        raise ContractBreachError("a message must print on any terminal", f"{where}: {message!r}")
    return message


def prints_cleanly(message: str) -> bool:
    """Whether ``message`` prints on any terminal: UTF-8 encodable (no lone surrogate) and free of
    control characters, which could move the cursor or ring the bell."""
    try:
        message.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return not any(unicodedata.category(char) == "Cc" for char in message)


def _snapshot(root: Path) -> dict[str, tuple[str, str]]:
    """Every entry under ``root``: its kind, and a regular file's content or a link's target."""
    seen: dict[str, tuple[str, str]] = {}
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = Path(folder) / name
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                seen[str(path)] = ("link", os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                seen[str(path)] = ("file", _head(path, info.st_size))
            else:
                seen[str(path)] = (stat.filemode(info.st_mode)[0], "")
    return seen


def _head(path: Path, size: int) -> str:
    if size > 1_000_000:  # a sparse scene file: its size tells it apart
        return f"{size} bytes"
    return path.read_bytes().hex()


class FileTarget(Target):
    """Save and load cases of one game, taken in turn, each with a new seed."""

    def __init__(self, game: str, seed: int, bounds: Bounds) -> None:
        self.name = f"files {game}"
        self.game, self.seed, self.bounds = game, seed, bounds
        self._cases = [("save", scene) for scene in SAVE_SCENES] + [("load", scene) for scene in LOAD_SCENES]
        random.Random(f"{seed} {self.name}").shuffle(self._cases)

    def run_one(self) -> list[Failure]:
        """Run the next scene; return its failure, if any."""
        case, scene = self._cases[self.tried % len(self._cases)]
        data: dict[str, object] = {"kind": "edge", "family": "files", "case": case, "game": self.game,
                                   "scene": scene, "seed": self.seed * 1000 + self.tried}
        self.tried += 1
        failures = judged(self.name, data, lambda: check_file_case(data, self.bounds), self.bounds)
        self.accepted += not failures
        return failures


def judged(target: str, data: dict[str, object], call: Callable[[], object], bounds: Bounds) -> list[Failure]:
    outcome = guarded(call, attrs.evolve(bounds, hard_seconds=bounds.game_seconds))
    if outcome.error is None:
        return []
    detail = ", ".join(f"{key}={value!r}" for key, value in data.items() if key not in ("kind", "family"))
    return [Failure(target=target, check=outcome.error.step or "edge", error=outcome.error,
                    reproducer=Reproducer(data=data), detail=detail)]
