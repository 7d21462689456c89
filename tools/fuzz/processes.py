"""The command line as a person or a process meets it: hostile standard input to ``cardrules play``,
bots that fail inside ``simulate``, ``arena`` and ``play``, and Ctrl-C or SIGTERM in the middle of
a run.

Every case runs ``python -m cardrules`` in a new session of processes, in a fresh temporary folder,
as a person would, and judges what the person sees and what is left behind:

- ``stdin``: a random script of lines (moves, commands, numbers out of range, bytes that are not
  UTF-8, control characters, a long line, save and load of hostile names) ends with ``quit`` or
  the end of the input. ``play`` must answer every line and go on, print no traceback, and exit 0.
- ``bots``: one seat's bot fails after a random number of decisions (it raises, returns ``None``,
  a move of no game, or something that is not a move), or fails at import or construction. When it
  has failed, the command prints one line naming it and no traceback, and exits non-zero;
  ``arena --json`` still writes the games that finished, if any did (a summary needs one). When it
  has not (the games ended first), the command succeeds.
- ``signals``: ``simulate`` or ``arena``, serial or on two worker processes, is sent Ctrl-C (SIGINT
  to the whole process group, as a terminal does; once or twice) or SIGTERM (to the main process
  only) once it has started (printed its first line, or been given :data:`LOAD_SECONDS` to load).
  It must stop within :data:`STOP_SECONDS` (judged against
  :data:`STOP_SLACK` times that, for a busy machine), print what finished, exit 130 (SIGINT) or
  143 (SIGTERM), and leave no process behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from cardrules.cli.play_text import help_lines
from cardrules.i18n import check_lang
from cardrules.registry import get
from cardrules.run.simulator import simulators
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds, ContractBreachError
from tools.fuzz.files import judged, prints_cleanly
from tools.fuzz.findings import Failure, Target

__all__ = [
    "BOT_FAULTS",
    "STOP_SECONDS",
    "STOP_SLACK",
    "ProcessTarget",
    "check_bot_case",
    "check_process_case",
    "check_signal_case",
    "check_stdin_case",
    "left_behind",
]

STOP_SECONDS = 2.0
"""How soon a run must stop after Ctrl-C or SIGTERM."""

STOP_SLACK = 5.0
"""The factor a busy machine is allowed over :data:`STOP_SECONDS` before a stop counts as late: in
CI two test suites share two cores with the run being stopped, and an arena on two workers was
once seen taking over 5 s there (0.05 to 0.25 s on an idle machine, in 60 tries of the same case)."""

LOAD_SECONDS = 1.5
"""How long a command is given to load before a signal is sent to it, unless it prints sooner:
Ctrl-C while Python loads the package itself (its first tenth of a second or so) ends with
Python's own traceback, which no code of the package can catch."""

COMMAND_SECONDS = 120.0
"""The longest one command of a case may run before it counts as hung (and is killed)."""

BOT_FAULTS = ("raise", "none", "foreign", "not a move", "import", "construct", "no choose")
"""How a hostile bot fails: in ``choose`` (raises, returns ``None``, returns a string, returns an
object that is no move), at import of its module, in its constructor, or by having no ``choose``."""

_BOT_MODULE = '''\
"""Bots that fail on purpose, written by cardrules' fuzz harness."""
import os

FAULT = {fault!r}
AT = {at}
MARK = {mark!r}
_made = 0

if FAULT == "import":
    raise RuntimeError("this bot module fails at import")


def _fail():
    with open(MARK, "a") as mark:
        mark.write(f"{{os.getpid()}}\\n")


class Hostile:
    def __init__(self, **options):
        if FAULT == "construct":
            _fail()
            raise RuntimeError("this bot fails when it is built")

    def choose(self, observation, legal):
        global _made
        _made += 1
        if _made < AT:
            return legal[0]
        _fail()
        if FAULT == "raise":
            raise RuntimeError("this bot fails in choose")
        if FAULT == "none":
            return None
        if FAULT == "foreign":
            return "no move of any game"
        return object()


class NoChoose:
    def __init__(self, **options):
        pass
'''


def check_process_case(data: Mapping[str, object], bounds: Bounds = DEFAULT_BOUNDS) -> None:
    """Run one case of the ``family`` ``data`` names (``stdin``, ``bots`` or ``signals``)."""
    family = data["family"]
    if family == "stdin":
        check_stdin_case(data)
    elif family == "bots":
        check_bot_case(data)
    elif family == "signals":
        check_signal_case(data)
    else:
        raise ValueError(f"no process case family {family!r}")


# --- standard input of play


def check_stdin_case(data: Mapping[str, object]) -> None:
    """``play`` fed the random script of ``data["seed"]``; see the module's docstring."""
    game, seed, lang = str(data["game"]), int(str(data["seed"])), str(data["lang"])
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="cardrules-fuzz-") as folder:
        root = Path(folder)
        os.mkfifo(root / "pipe")
        (root / "zero").symlink_to("/dev/zero")
        lines = [_hostile_line(rng, root) for _ in range(rng.randrange(5, 40))]
        helps = rng.randrange(1, 3)
        for _ in range(helps):
            lines.insert(rng.randrange(len(lines) + 1), b"help")
        script = b"\n".join(lines) + (b"\nquit\n" if rng.random() < 0.5 else b"\n")
        run = _run([*_cardrules(), "play", game, "--seed", str(seed), "--bots", "random", "--lang", lang],
                   cwd=root, stdin=script)
    where = f"play {game} --lang {lang}, seed {seed}"
    _no_traceback(run, where)
    if run.returncode != 0:
        raise ContractBreachError("play must end with exit status 0 at quit or end of input",
                                  f"{where}: exit {run.returncode}: {_tail(run.stderr)}")
    out = run.stdout.decode("utf-8", "replace")
    if not prints_cleanly(out.replace("\n", "").replace("\t", "")):
        raise ContractBreachError("play must print only what a terminal can show",
                                  f"{where}: {_tail(run.stdout)}")
    answered = out.count(_help_marker(lang))
    if answered < helps:
        raise ContractBreachError("play must answer every line and go on",
                                  f"{where}: {helps} help lines sent, {answered} answered; "
                                  f"output ends {out[-300:]!r}")


def _hostile_line(rng: random.Random, root: Path) -> bytes:
    kind = rng.randrange(14)
    if kind == 0:
        return str(rng.randrange(-3, 60)).encode()
    if kind == 1:
        return rng.randbytes(rng.randrange(1, 40)).replace(b"\n", b"")
    if kind == 2:
        return rng.choice((b"\xff\xfe", b"caf\xe9", b"\xc3(", b"\xed\xa0\x80", b"1\x80"))
    if kind == 3:
        return rng.choice(("\x1b[2J", "\x00", "\x07\x08", "\u202e1", "\ud800".encode("utf-8", "surrogatepass")
                           .decode("latin-1"))).encode("utf-8", "surrogateescape")
    if kind == 4:
        return b"x" * rng.choice((1000, 100_000))
    if kind == 5:
        name = rng.choice(("g.json", "pipe", "zero", "/", ".", "", "no/such/g.json", "g\x1b[31m.json"))
        return f"save {root / name if name and name not in '/.' else name}".encode()
    if kind == 6:
        name = rng.choice(("g.json", "pipe", "zero", "/", ".", "no/such.json", "missing.json"))
        return f"load {root / name if name not in '/.' else name}".encode()
    if kind == 7:
        return rng.choice((b"undo", b"hint", b"board", b"help", b"?"))
    if kind == 8:
        return rng.choice((b"drive 100", b"stop", b"22 on up1", b"end turn", b"100", b"200", b"coup fourre"))
    return b"1"  # a legal move when there is one: the game goes on


def _help_marker(lang: str) -> str:
    """A phrase of ``play``'s help that nothing else prints: its first line's opening words."""
    return help_lines(check_lang(lang), example="1")[0][:24]


# --- hostile bots


def check_bot_case(data: Mapping[str, object]) -> None:
    """A command run with one hostile bot; see the module's docstring."""
    game, command, fault = str(data["game"]), str(data["command"]), str(data["fault"])
    seed, at, workers = int(str(data["seed"])), int(str(data["at"])), int(str(data.get("workers", 1)))
    with tempfile.TemporaryDirectory(prefix="cardrules-fuzz-") as folder:
        root = Path(folder)
        mark = root / "failed.txt"
        (root / "hostile_bots.py").write_text(_BOT_MODULE.format(fault=fault, at=at, mark=str(mark)))
        label = "hostile_bots:NoChoose" if fault == "no choose" else "hostile_bots:Hostile"
        parallel = ["--workers", str(workers)] if workers > 1 else []
        report = root / "arena.json"
        if command == "simulate":
            argv = ["simulate", game, "--games", "4", "--seed", str(seed), "--bot", label, *parallel]
            stdin = b""
        elif command == "arena":
            argv = ["arena", game, "--bots", f"{label},random", "--games", "4", "--seed", str(seed),
                    "--json", str(report), *parallel]
            stdin = b""
        else:
            # At a table of one the person plays alone and no bot is ever built.
            alone = get(game).players(get(game).rules_type()) == 1
            argv = ["play", game, "--seed", str(seed), "--bots", label]
            argv += ["--players", "2"] if alone else []
            stdin = b"1\n" * 200 + b"quit\n"
        run = _run([*_cardrules(), *argv], cwd=root, stdin=stdin)
        failed = mark.exists() or fault in ("import", "no choose")
        where = f"{command} {game} with a bot that fails ({fault}) at decision {at}, seed {seed}"
        _no_traceback(run, where)
        if not failed:
            if run.returncode != 0:
                raise ContractBreachError("a run whose bots never failed must succeed",
                                          f"{where}: exit {run.returncode}: {_tail(run.stderr)}")
            return
        if run.returncode == 0:
            raise ContractBreachError("a failing bot must end the command with a non-zero exit status", where)
        said = run.stderr.decode("utf-8", "replace") + run.stdout.decode("utf-8", "replace")
        if label not in said:
            raise ContractBreachError("a failing bot's message must name the bot",
                                      f"{where}: {_tail(run.stderr)}")
        finished = re.search(r"\b([0-9]+) of [0-9]+ games finished", said)
        if command == "arena" and finished is not None and int(finished.group(1)) > 0:
            _check_incomplete_report(report, where)


def _check_incomplete_report(report: Path, where: str) -> None:
    if not report.exists():
        raise ContractBreachError("arena must keep the games that finished when a bot fails",
                                  f"{where}: no --json written")
    try:
        written = json.loads(report.read_text())
    except ValueError as exc:
        raise ContractBreachError("arena's --json must be JSON", f"{where}: {exc}") from None
    complete = written.get("complete") if isinstance(written, dict) else None
    if complete is not False:
        raise ContractBreachError("arena's --json of a run a bot broke must say it is incomplete",
                                  f"{where}: complete={complete!r}")


# --- signals


def check_signal_case(data: Mapping[str, object]) -> None:
    """A long run stopped by a signal; see the module's docstring."""
    game, command, how = str(data["game"]), str(data["command"]), str(data["how"])
    seed, workers, delay = int(str(data["seed"])), int(str(data["workers"])), float(str(data["delay"]))
    parallel = ["--workers", str(workers)] if workers > 1 else []
    if command == "simulate":
        argv = ["simulate", game, "--games", "100000", "--seed", str(seed), "--bot", "random", *parallel]
    else:
        other = simulators()[game].default_bot
        pair = f"random,{other}" if other != "random" else "random,random:seed=1"
        argv = ["arena", game, "--bots", pair, "--games", "100000", "--seed", str(seed), *parallel]
    where = f"{command} {game} with {workers} worker(s), {how} {delay:.1f} s after it started"
    with tempfile.TemporaryDirectory(prefix="cardrules-fuzz-") as folder:
        process = subprocess.Popen([*_cardrules(), *argv], cwd=folder, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            _wait_until_started(process, where)
            time.sleep(delay)
            if process.poll() is not None:
                raise ContractBreachError("a long run must still be going when it is stopped", where)
            sent = time.monotonic()
            if how == "sigterm":
                process.send_signal(signal.SIGTERM)
            else:
                os.killpg(process.pid, signal.SIGINT)
                if how == "sigint twice":
                    time.sleep(0.1)
                    os.killpg(process.pid, signal.SIGINT)
            try:
                out, err = process.communicate(timeout=STOP_SECONDS * STOP_SLACK)
            except subprocess.TimeoutExpired:
                late = STOP_SECONDS * STOP_SLACK
                raise ContractBreachError("a run must stop within 2 s of Ctrl-C or SIGTERM",
                                          f"{where}: still running after {late:g} s") from None
            took = time.monotonic() - sent
            left = _left_behind_after(process.pid)
        finally:
            _kill_session(process)
    run = subprocess.CompletedProcess(argv, process.returncode, out, err)
    _no_traceback(run, where)
    expected = 143 if how == "sigterm" else 130
    if process.returncode != expected:
        raise ContractBreachError(f"a run stopped by {how} must exit {expected}",
                                  f"{where}: exit {process.returncode} after {took:.1f} s: {_tail(err)}")
    if left:
        raise ContractBreachError("a stopped run must leave no process behind", f"{where}: {left}")
    if b"interrupted" not in err:
        raise ContractBreachError("a stopped run must say it was interrupted and what finished",
                                  f"{where}: {_tail(err)}")


def _wait_until_started(process: subprocess.Popen[bytes], where: str) -> None:
    """Until the command has loaded and begun its work: it printed its first line, or
    :data:`LOAD_SECONDS` have passed (an arena prints nothing before its summary)."""
    assert process.stdout is not None
    deadline = time.monotonic() + LOAD_SECONDS
    while time.monotonic() < deadline:
        readable, _, _ = select.select([process.stdout], [], [], 0.05)
        if readable:
            return
        if process.poll() is not None:
            raise ContractBreachError("a long run must start", f"{where}: exit {process.returncode}")


def left_behind(leader: int) -> list[int]:
    """The live processes (not zombies) that ``leader`` left: its children, and every process of
    its process group or its session (a worker whose parent has gone is still in both)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat_line = (entry / "stat").read_text()
        except OSError:
            continue
        # state, parent, process group, session: after the name, which may hold spaces or parentheses
        state, parent, group, session = stat_line[stat_line.rindex(")") + 2:].split()[:4]
        if state != "Z" and leader in (int(parent), int(group), int(session)):
            found.append(int(entry.name))
    return found


def _left_behind_after(leader: int) -> list[int]:
    """What is still alive of ``leader``'s processes a moment after it ended (workers exit on their
    own once their parent has gone; give them :data:`STOP_SECONDS`)."""
    deadline = time.monotonic() + STOP_SECONDS
    while (left := left_behind(leader)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def _kill_session(process: subprocess.Popen[bytes]) -> None:
    """Leave nothing running, whatever happened: the harness must not leak processes either."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    for pid in left_behind(process.pid):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    if process.returncode is None:
        process.wait()


# --- running a command


def _cardrules() -> list[str]:
    return [sys.executable, "-m", "cardrules"]


def _run(argv: Sequence[str], *, cwd: Path, stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = process.communicate(stdin, timeout=COMMAND_SECONDS)
    except subprocess.TimeoutExpired:
        raise ContractBreachError("a command must end", f"{' '.join(argv[2:])}: still running after "
                                  f"{COMMAND_SECONDS:g} s") from None
    finally:
        _kill_session(process)
    left = _left_behind_after(process.pid)
    if left:
        raise ContractBreachError("a command must leave no process behind", f"{' '.join(argv[2:])}: {left}")
    return subprocess.CompletedProcess(argv, process.returncode, out, err)


def _no_traceback(run: subprocess.CompletedProcess[bytes], where: str) -> None:
    if b"Traceback (most recent call last)" in run.stderr + run.stdout:
        raise ContractBreachError("the command line shows no traceback",
                                  f"{where}: {_tail(run.stderr, 1500)}")


def _tail(text: bytes, size: int = 400) -> str:
    return text.decode("utf-8", "replace")[-size:].strip()


# --- the target


class ProcessTarget(Target):
    """The cases of one family (``stdin``, ``bots`` or ``signals``) for one game, each drawn at
    random from the target's seed."""

    def __init__(self, family: str, game: str, seed: int, bounds: Bounds) -> None:
        get(game)  # an unknown game fails here, not in the first case
        self.name = f"{family} {game}"
        self.family, self.game, self.bounds = family, game, bounds
        self._rng = random.Random(f"{seed} {self.name}")

    def run_one(self) -> list[Failure]:
        """Run the next case; return its failure, if any."""
        data = self._case()
        self.tried += 1
        failures = judged(self.name, data, lambda: check_process_case(data, self.bounds), self.bounds)
        self.accepted += not failures
        return failures

    def _case(self) -> dict[str, object]:
        rng = self._rng
        data: dict[str, object] = {"kind": "edge", "family": self.family, "game": self.game,
                                   "seed": rng.randrange(10**6)}
        if self.family == "stdin":
            data["lang"] = rng.choice(("en", "es", "fr"))
        elif self.family == "bots":
            data["command"] = rng.choice(("simulate", "arena", "play"))
            data["fault"] = rng.choice(BOT_FAULTS)
            data["at"] = rng.choice((1, 2, 5, 30, 400))
            data["workers"] = rng.choice((1, 2)) if data["command"] != "play" else 1
        else:
            data["command"] = rng.choice(("simulate", "arena"))
            data["how"] = rng.choice(("sigint", "sigint twice", "sigterm"))
            data["workers"] = rng.choice((1, 2))
            data["delay"] = round(rng.uniform(0.2, 1.5), 1)
        return data
