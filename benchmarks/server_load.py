"""The game server under load on this machine: ``python benchmarks/server_load.py --store sqlite``.

Starts the server (``cardrules.server.create_app`` under uvicorn, as ``cardrules serve`` runs it) in
a process of its own, its rooms in a SQLite file in a temporary folder or in the PostgreSQL database
``--postgres DSN`` names (use a scratch database: the rooms stay in it), then
keeps ``--rooms`` rooms playing at once for ``--seconds``: in each, seat 0 is a WebSocket client
that answers each of its turns with a random legal move after thinking ``--think`` seconds on
average (uniformly 0.5 to 1.5 times that), the other seats are the game's default bot (the server
waits ``--bot-delay`` before each of their moves), and a spectator socket watches. A room whose
game ends is replaced by a new one (until the server refuses new rooms). With ``--processes N``
(PostgreSQL), N server processes share the database: each room is played on one and watched from
the next, so its moves reach the spectator through LISTEN/NOTIFY. The defaults pace the
rooms as people and the server's bots would (1 s, 0.6 s); ``--think 0 --bot-delay 0`` asks for
moves as fast as the server takes them, which measures its most moves per second (and, the server
being saturated, latencies that are mostly queueing). Printed:

- moves/s: every move committed in the window (the clients' and the bots'), as the spectators saw them;
- latency p50/p99: from a client's move sent to the last socket of its room (the mover's and the
  spectator's) receiving the table that holds it;
- memory per room: how far the server's resident memory (RSS) rose over the server with no room,
  divided by the rooms live at once;
- the collector: each server's collections of the middle and the oldest (full) generation over the
  whole run, how many and how long in CPU time (``time.thread_time`` in the server, so the load of
  other processes on the machine does not count);
- the check: the server is stopped, every room's stored record is read from the store and replayed,
  and its moves are compared with every move event the spectators received: any move lost,
  doubled or changed, or a record that does not replay, is reported and fails the run (exit 1).

Both the load and the server run on this machine: on two cores the clients take CPU from the server,
so the numbers are a floor for what a server alone would do. Target (issue 19): 500 rooms at once
with p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

from cardrules import GameRecord, from_json, replay
from cardrules.server.postgres import PostgresStore
from cardrules.server.sqlite import SQLiteStore
from cardrules.server.store import Store

SERVE = """
import atexit, gc, json, os, sys, time
import uvicorn
from cardrules.server import ServerSettings, create_app
from cardrules.server.postgres import PostgresStore
from cardrules.server.sqlite import SQLiteStore

port, bot_delay, max_rooms, compress, every, power_safe = sys.argv[1:]
where = os.environ["CARDRULES_LOAD_WHERE"]
kind = PostgresStore if os.environ["CARDRULES_LOAD_STORE"] == "postgres" else SQLiteStore
store = kind(where, power_safe=power_safe == "1")
collector = {} if every == "default" else {"full_collection_every": None if every == "none" else float(every)}
settings = ServerSettings(bot_delay=float(bot_delay), max_rooms=int(max_rooms), **collector)
pauses = {0: [], 1: [], 2: []}
began = [0.0]
def timed(phase, info):
    if phase == "start":
        began[0] = time.thread_time()
    else:
        pauses[info["generation"]].append(time.thread_time() - began[0])
gc.callbacks.append(timed)
started = time.monotonic()
def report():
    busy = {"cpu": time.process_time(), "wall": time.monotonic() - started}
    open(os.environ["CARDRULES_LOAD_PAUSES"] + port, "w").write(json.dumps({**pauses, **busy}))
atexit.register(report)
uvicorn.run(create_app(store, settings=settings), host="127.0.0.1", port=int(port), log_level="warning",
            lifespan="on", ws_max_size=1 << 20, ws_per_message_deflate=compress == "1")
"""
"""The server under load: the app of ``cardrules serve`` (``create_app``) under uvicorn, as the
command runs it, but with any bot delay (the command's is above 0), room cap over ``--rooms``, and
uvicorn's access log off (a line per request would measure the terminal). It writes the CPU time of each of
the collector's collections (``time.thread_time``, so another process's load does not count) to a
file when it stops."""

KEEP_ALIVE = 1.0
"""Seconds the load keeps an idle HTTP connection for reuse (uvicorn's server keeps one 5)."""

HANG = 60.0
"""Seconds after which a step that should take a moment (the server starting, a socket opening)
counts as hung."""


@attrs.define
class Room:
    """One room under load, as its two sockets see it."""

    id: str
    token: str
    seed: int
    moves: dict[int, str] = attrs.Factory(dict)
    """Every move event the spectator received: ply -> notation."""
    doubled: list[str] = attrs.Factory(list)
    """A ply the spectator heard twice with different moves."""
    sent: dict[int, float] = attrs.Factory(dict)
    """The client's moves still awaited: the plies they make -> when they were sent."""
    reached: dict[str, int] = attrs.Factory(lambda: {"player": 0, "spectator": 0})
    """The plies of the last table each socket received."""
    pending: dict[int, set[str]] = attrs.Factory(dict)
    over: bool = False
    connected: bool = False


@attrs.define
class Load:
    """What the whole run measured."""

    window: tuple[float, float] = (0.0, 0.0)
    latencies: list[float] = attrs.Factory(list)
    moves_in_window: int = 0
    rooms: list[Room] = attrs.Factory(list)
    refused: str | None = None

    def in_window(self, moment: float) -> bool:
        start, end = self.window
        return start > 0 and start <= moment <= end


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--postgres", metavar="DSN", help="the database of --store postgres (a scratch one)")
    parser.add_argument("--rooms", type=int, default=500, help="rooms playing at once (default: 500)")
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured window (default: 60)")
    parser.add_argument("--game", default="the-game", help="the game the rooms play (default: the-game)")
    parser.add_argument("--players", type=int, default=2, help="seats per room (default: 2)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a client thinks before each move, on average (default: 1; 0: at once)")
    parser.add_argument("--bot-delay", type=float, default=0.6,
                        help="seconds a bot waits before it moves, the server's bot_delay (default: 0.6)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes on one database (--store postgres; default: 1)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the deals and the clients' choices")
    parser.add_argument("--power-safe", action="store_true",
                        help="each commit waits for the database's flush to the disk, as cardrules "
                             "serve --power-safe does")
    parser.add_argument("--compress", action="store_true",
                        help="the sockets compress what they send, as cardrules serve --compress does")
    parser.add_argument("--full-collection-every", default="default", metavar="S",
                        help="ServerSettings.full_collection_every: seconds, or none for Python's own "
                             "collector (default: the server's default)")
    args = parser.parse_args(argv)
    if args.store == "postgres" and not args.postgres:
        parser.error("--store postgres needs --postgres DSN")
    if args.processes > 1 and args.store != "postgres":
        parser.error("several --processes share their rooms through PostgreSQL only: --store postgres")
    # The load's own collector is off while it runs: a full collection of its thousand sockets
    # paused it as long as the server's, and a table it then read late counted as the server's
    # latency. Its garbage is freed when the process ends (the run prints how much it grew).
    gc.disable()
    try:
        with tempfile.TemporaryDirectory(prefix="cardrules-load-") as folder:
            return asyncio.run(_run(args, Path(folder)))
    finally:
        gc.enable()


async def _run(args: argparse.Namespace, folder: Path) -> int:
    db = folder / "rooms.sqlite3"
    # The DSN goes through the environment, not the command line, where `ps` would show its password.
    environment = {**os.environ, "CARDRULES_LOAD_STORE": args.store,
                   "CARDRULES_LOAD_PAUSES": str(folder / "pauses-"),
                   "CARDRULES_LOAD_WHERE": args.postgres if args.store == "postgres" else str(db)}
    bases: list[str] = []
    servers: list[subprocess.Popen[bytes]] = []
    logs = [(folder / f"server-{number}.log").open("w") for number in range(args.processes)]
    load = Load()
    try:
        for log in logs:
            port = _free_port()
            bases.append(f"http://127.0.0.1:{port}")
            servers.append(subprocess.Popen([sys.executable, "-c", SERVE, str(port), str(args.bot_delay),
                                             str(max(1000, 2 * args.rooms)), "1" if args.compress else "0",
                                             args.full_collection_every, "1" if args.power_safe else "0"],
                                            env=environment, stdout=log, stderr=log))
        async with contextlib.AsyncExitStack() as stack:
            # A connection left idle is dropped well before uvicorn's 5 s keep-alive ends: reusing
            # one just as the server closes it failed a room's creation in about one run in ten.
            limits = httpx.Limits(keepalive_expiry=KEEP_ALIVE)
            https = [await stack.enter_async_context(
                         httpx.AsyncClient(base_url=base, timeout=HANG, limits=limits)) for base in bases]
            for http, server in zip(https, servers, strict=True):
                await _until_ready(http, server)
            pids = [server.pid for server in servers]
            baseline = sum(_rss(pid) for pid in pids)
            peak = await _play(args, https, bases, load, pids)
    except BaseException:
        for number in range(len(servers)):
            logs[number].flush()
            print(f"--- server {number}'s log, the end:\n"
                  + (folder / f"server-{number}.log").read_text()[-3000:], file=sys.stderr)
        raise
    finally:
        for server in servers:
            server.send_signal(signal.SIGINT)
        for server in servers:
            try:
                server.wait(HANG)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        for log in logs:
            log.close()
    for number, server in enumerate(servers):
        if server.returncode not in (0, -signal.SIGINT, 130):
            print((folder / f"server-{number}.log").read_text()[-3000:], file=sys.stderr)
    store: Store = PostgresStore(args.postgres) if args.store == "postgres" else SQLiteStore(db)
    problems = await _check(store, load.rooms)
    pauses = [json.loads(path.read_text()) for path in folder.glob("pauses-*")]
    _report(args, load, baseline, peak, problems)
    _report_collector(pauses)
    return 1 if problems else 0


async def _until_ready(http: httpx.AsyncClient, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped at start-up (exit {server.returncode})")
        with contextlib.suppress(httpx.TransportError):
            if (await http.get("/api/v1/games")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise SystemExit("the server did not answer within a minute")


async def _play(args: argparse.Namespace, https: Sequence[httpx.AsyncClient], bases: Sequence[str],
                load: Load, pids: Sequence[int]) -> int:
    """Keep ``args.rooms`` rooms playing through the window; the servers' peak RSS meanwhile (their
    sum). With several server processes, room ``i`` is made and played on process ``i`` and watched
    from the next one, so every move reaches its spectator through the database's NOTIFY."""
    games = {game["name"]: game for game in (await https[0].get("/api/v1/games")).json()["games"]}
    bot = games[args.game]["default_bot"]
    rng = random.Random(args.seed)
    stop = asyncio.Event()
    seeds = iter(range(args.seed * 1_000_000, args.seed * 1_000_000 + 10_000_000))

    async def one_room_after_another(number: int) -> None:
        playing, watching = number % len(bases), (number + 1) % len(bases)
        while not stop.is_set() and load.refused is None:
            room = await _new_room(https[playing], args, bot, next(seeds), load)
            if room is None:
                return
            await _drive(bases[playing], bases[watching], room, random.Random(rng.random()), load, stop,
                         args.think)

    tasks = [asyncio.create_task(one_room_after_another(number)) for number in range(args.rooms)]
    # The window opens when every room is connected (or the server refused some).
    while not stop.is_set() and load.refused is None and \
            sum(room.connected for room in load.rooms) < args.rooms:
        await asyncio.sleep(0.05)
        if any(task.done() and task.exception() for task in tasks):
            break
    start = time.perf_counter()
    load.window = (start, start + args.seconds)
    peak = sum(_rss(pid) for pid in pids)
    while time.perf_counter() < load.window[1]:
        await asyncio.sleep(1.0)
        peak = max(peak, sum(_rss(pid) for pid in pids))
    stop.set()
    for task in tasks:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, HANG)
    failed = [task.exception() for task in tasks if task.done() and not task.cancelled() and task.exception()]
    if failed:
        raise RuntimeError(f"{len(failed)} room drivers failed; the first: {failed[0]!r}")
    return peak


async def _new_room(http: httpx.AsyncClient, args: argparse.Namespace, bot: str, seed: int,
                    load: Load) -> Room | None:
    bots = {str(seat): bot for seat in range(1, args.players)}
    made = await http.post("/api/v1/rooms", json={"game": args.game, "players": args.players,
                                                  "bots": bots, "seed": seed})
    if made.status_code != 201:
        load.refused = f"{made.status_code} {made.text[:200]}"
        return None
    room_id = made.json()["id"]
    seat = await http.post(f"/api/v1/rooms/{room_id}/seats/0", json={"name": "load"})
    seat.raise_for_status()
    room = Room(room_id, seat.json()["token"], seed)
    load.rooms.append(room)
    return room


async def _drive(playing: str, watching: str, room: Room, rng: random.Random, load: Load,
                 stop: asyncio.Event, think: float) -> None:
    """Play seat 0 of ``room`` on the server at ``playing`` with random moves while a spectator
    watches from the one at ``watching``, until the game ends or the window closes."""
    path = f"/ws/v1/rooms/{room.id}"
    async with _socket(playing, path, room.token) as player, _socket(watching, path, None) as spectator:
        room.connected = True
        spectating = asyncio.create_task(_watch(spectator, room, load, stop))
        try:
            async for text in player:
                message = json.loads(text)
                if message["type"] != "table":
                    continue
                _arrived(room, "player", message["plies"], load)
                if message["over"] or stop.is_set():
                    break
                if message["your_turn"] and message["choices"]:
                    if think:
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    choice = rng.choice(message["choices"])
                    room.sent[message["plies"] + 1] = time.perf_counter()
                    room.pending[message["plies"] + 1] = set()
                    await player.send(json.dumps({"type": "move", "index": choice["index"]}))
        finally:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(spectating, 5)
            spectating.cancel()


async def _watch(spectator: ClientConnection, room: Room, load: Load, stop: asyncio.Event) -> None:
    async for text in spectator:
        message = json.loads(text)
        if message["type"] != "table":
            continue
        now = time.perf_counter()
        for event in message["events"]:
            if event["kind"] != "move":
                continue
            known = room.moves.setdefault(event["ply"], event["notation"])
            if known != event["notation"]:
                room.doubled.append(f"ply {event['ply']}: {known} then {event['notation']}")
            if load.in_window(now):
                load.moves_in_window += 1
        _arrived(room, "spectator", message["plies"], load)
        if message["over"]:
            room.over = True
            return
        if stop.is_set() and not room.pending:
            return


def _arrived(room: Room, socket_name: str, plies: int, load: Load) -> None:
    """A table of ``plies`` reached ``socket_name``: a client's move is delivered once both sockets
    have a table that holds it."""
    now = time.perf_counter()
    room.reached[socket_name] = max(room.reached[socket_name], plies)
    for target in [target for target in room.pending if target <= plies]:
        room.pending[target].add(socket_name)
        if len(room.pending[target]) == len(room.reached):
            if load.in_window(room.sent[target]):
                load.latencies.append(now - room.sent[target])
            del room.pending[target], room.sent[target]


@contextlib.asynccontextmanager
async def _socket(base: str, path: str, token: str | None) -> AsyncIterator[ClientConnection]:
    url = base.replace("http://", "ws://") + path
    async with connect(url, origin=Origin(base), open_timeout=HANG, proxy=None,
                       max_size=2**22) as connection:
        await connection.send(json.dumps({"type": "hello", "protocol": 1, "token": token, "lang": "en"}))
        yield connection


async def _check(store: Store, rooms: Sequence[Room]) -> list[str]:
    """Every room's stored record replays and holds exactly the moves its spectator saw."""
    problems: list[str] = []
    await store.open()
    try:
        for room in rooms:
            stored = await store.get(room.id)
            if stored is None:
                problems.append(f"room {room.id}: not in the store")
                continue
            try:
                record = from_json(stored.record, GameRecord)
                replay(record)
            except Exception as exc:
                problems.append(f"room {room.id}: the stored record does not replay: {exc}")
                continue
            notations = [str(move) for move in record.moves]
            if stored.plies != len(notations):
                problems.append(f"room {room.id}: {stored.plies} plies stored, "
                                f"{len(notations)} moves recorded")
            problems.extend(f"room {room.id}: seen twice: {double}" for double in room.doubled)
            for ply, notation in sorted(room.moves.items()):
                if ply >= len(notations):
                    problems.append(f"room {room.id}: move {ply} ({notation}) was seen but is not stored")
                    break
                if notations[ply] != notation:
                    problems.append(f"room {room.id}: move {ply} stored as {notations[ply]}, "
                                    f"seen as {notation}")
                    break
            # From the first move the spectator saw: it may have joined a move or two late.
            missing = [ply for ply in range(min(room.moves, default=0), max(room.moves, default=-1) + 1)
                       if ply not in room.moves]
            if missing:
                problems.append(f"room {room.id}: the spectator never heard of moves {missing[:5]}...")
    finally:
        await store.close()
    return problems


def _report(args: argparse.Namespace, load: Load, baseline: int, peak: int, problems: list[str]) -> None:
    seconds = load.window[1] - load.window[0]
    latencies = sorted(load.latencies)
    print(f"store: {args.store}, {args.processes} server process(es); {args.rooms} rooms of {args.game} "
          f"at once ({args.players} seats: one WebSocket client and {args.players - 1} bot(s), a spectator "
          f"each), client thinks {args.think:g} s, bot delay {args.bot_delay:g} s, window {seconds:.0f} s, "
          f"{os.cpu_count()} cores, sockets {'compressed' if args.compress else 'not compressed'}, "
          f"full collections: {args.full_collection_every}"
          + (", store power-safe" if args.power_safe else ""))
    print(f"rooms played: {len(load.rooms)} ({sum(room.over for room in load.rooms)} to the end)"
          + (f"; the server refused more: {load.refused}" if load.refused else ""))
    print(f"moves/s: {load.moves_in_window / seconds:.0f} ({load.moves_in_window} moves in the window)")
    if latencies:
        p50 = statistics.median(latencies)
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"move sent -> last broadcast: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms "
              f"({len(latencies)} client moves)")
    print(f"server memory (all processes): {baseline / 2**20:.0f} MiB with no room, "
          f"peak {peak / 2**20:.0f} MiB: "
          f"{(peak - baseline) / max(args.rooms, 1) / 1024:.0f} KiB per live room")
    print(f"the load (its collector off): {_rss(os.getpid()) / 2**20:.0f} MiB at the end")
    if problems:
        print(f"CHECK FAILED: {len(problems)} problem(s)")
        for problem in problems[:20]:
            print(f"  {problem}")
    else:
        print(f"check: all {len(load.rooms)} stored records replay, with every move the spectators saw, "
              "none lost or doubled")


def _report_collector(pauses: Sequence[dict[str, Any]]) -> None:
    """The CPU time of the servers' collections, by generation (the youngest, 0, is not shown), and
    how busy each server was (one core at most: one event loop, its threads sharing one lock)."""
    for number, process in enumerate(pauses):
        parts = []
        for generation, name in (("1", "middle"), ("2", "full")):
            times = sorted(process.get(generation, []))
            if times:
                parts.append(f"{len(times)} {name}, median {statistics.median(times) * 1000:.1f} ms, "
                             f"longest {times[-1] * 1000:.1f} ms")
            else:
                parts.append(f"no {name}")
        print(f"server {number}'s collections (CPU time): " + "; ".join(parts))
        print(f"server {number} was busy {process['cpu'] / process['wall']:.0%} of the time it ran "
              f"({process['cpu']:.0f} s of CPU in {process['wall']:.0f} s)")


def _rss(pid: int) -> int:
    """The resident memory of process ``pid`` in bytes (Linux: /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


if __name__ == "__main__":
    sys.exit(main())

