"""``cardrules serve``: the rooms server (:mod:`cardrules.server`) under uvicorn, to play in the browser.

The server keeps its rooms in a SQLite file (``--db``, by default ``./cardrules.sqlite3``) or in
PostgreSQL (``--postgres DSN``, for several processes behind one load balancer). It needs the
``server`` extra; without it the command says so and exits with 2, as it does when the database
cannot be opened. Ctrl-C (or SIGTERM) stops it cleanly: the sockets are closed and the store with
them, and every move already accepted is in the database.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import math
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from cardrules.arguments import printable, shown
from cardrules.errors import CardrulesError
from cardrules.run.chunks import Interrupted
from cardrules.run.options import MAX_NUMBER_CHARS, whole
from cardrules.run.playing import one_line

if TYPE_CHECKING:
    from cardrules.server.store import Store

__all__ = ["DEFAULT_DB", "NEEDS_EXTRA", "add_serve_command"]

DEFAULT_DB = Path("cardrules.sqlite3")
"""The SQLite file ``cardrules serve`` keeps its rooms in without ``--db`` or ``--postgres``."""

NEEDS_EXTRA = 'cardrules serve needs the server extra: pip install "cardrules[server]"'
"""What ``cardrules serve`` says when starlette, uvicorn or asyncpg is not installed."""

_SERVER_MODULES = ("starlette", "uvicorn", "asyncpg", "anyio", "websockets")


def add_serve_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the command line."""
    serve = commands.add_parser(
        "serve", help="serve rooms to play together in the browser (the server extra)",
        description="Serve rooms where people play together, in the browser (http://HOST:PORT/) or "
                    "through the documented protocol, with bots in any seat. Rooms survive a restart: "
                    "every accepted move is in the database before anyone hears of it. "
                    "See docs/server.md.",
        epilog="examples:\n"
               "  cardrules serve\n"
               "  cardrules serve --host 0.0.0.0 --port 8080 --db /var/lib/cardrules/rooms.sqlite3\n"
               "  cardrules serve --postgres postgresql://cards@db/cards --origin https://cards.example",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine only; "
                            "0.0.0.0 for every interface)")
    serve.add_argument("--port", type=whole(0, 65535), default=8000, help="the port (default: 8000)")
    store = serve.add_mutually_exclusive_group()
    store.add_argument("--db", type=Path, default=None, metavar="PATH",
                       help=f"the SQLite file of the rooms, created if missing (default: ./{DEFAULT_DB})")
    store.add_argument("--postgres", metavar="DSN",
                       help="keep the rooms in PostgreSQL instead (postgresql://user@host/db), so that "
                            "several server processes can serve the same rooms")
    serve.add_argument("--power-safe", action="store_true",
                       help="each move waits until the database has flushed it to the disk, so that a "
                            "power cut loses none (default: a committed move is safe from the server "
                            "being killed, and reaches the disk a moment later; see docs/server-deploy.md)")
    serve.add_argument("--bot-delay", type=_seconds, default=0.6, metavar="S",
                       help="seconds a bot waits before it moves, so that people can follow (default: 0.6)")
    serve.add_argument("--origin", action="append", default=[], metavar="URL", type=_origin,
                       help="a web origin (https://cards.example) whose pages may connect; repeat for "
                            "several (default: only pages served by this server's own host name)")
    serve.add_argument("--compress", action="store_true",
                       help="compress what the sockets send (WebSocket permessage-deflate): 7 to 9 times "
                            "fewer bytes, for some 90 KiB of memory a socket and 13%% more CPU "
                            "(default: off; see docs/server-deploy.md)")
    serve.set_defaults(handler=_serve, parser=serve)


def _seconds(text: str) -> float:
    """``--bot-delay``: seconds from 0 (a bot answers at once) to 60."""
    try:
        value = float(text) if len(text) <= MAX_NUMBER_CHARS else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= 60:  # nan too
        raise argparse.ArgumentTypeError(f"a number of seconds from 0 to 60, not {shown(text)}")
    return value


def _origin(text: str) -> str:
    """``--origin``: a web origin, ``scheme://host[:port]`` and nothing more (what a browser sends)."""
    parts = urlsplit(text.rstrip("/"))
    extra = parts.path or parts.query or parts.fragment
    if parts.scheme not in ("http", "https") or not parts.netloc or extra:
        raise argparse.ArgumentTypeError(f"an origin is http(s)://host[:port], not {shown(text)}")
    return text.rstrip("/")


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn
        from uvicorn.config import LOGGING_CONFIG

        from cardrules.server import PostgresStore, ServerSettings, SQLiteStore, create_app
    except ImportError as exc:
        if not (exc.name or "").startswith(_SERVER_MODULES):
            raise
        print(NEEDS_EXTRA, file=sys.stderr)
        return 2
    power_safe: bool = args.power_safe
    if args.postgres is not None:
        dsn: str = args.postgres
        make: Callable[[], Store] = lambda: PostgresStore(dsn, power_safe=power_safe)  # noqa: E731
        where = "the PostgreSQL database of --postgres"  # never the DSN: it may hold a password
    else:
        path: Path = args.db if args.db is not None else DEFAULT_DB
        make = lambda: SQLiteStore(path, power_safe=power_safe)  # noqa: E731
        where = f"the SQLite file {printable(str(path), 200)}"
    try:
        asyncio.run(_try_open(make()))
    except Exception as exc:  # whatever the driver raises: one line, no traceback
        problem = printable(str(exc), 300) if isinstance(exc, CardrulesError) else one_line(exc)
        print(f"cardrules serve: cannot open {where}: {problem}", file=sys.stderr)
        return 2
    settings = ServerSettings(bot_delay=args.bot_delay, allowed_origins=tuple(args.origin))
    app = create_app(make(), settings=settings)
    # uvicorn's own logging, and the server's (rooms opened, bots that failed) on the same stream;
    # neither ever holds a token (they travel in bodies and hellos, never in a URL) or a hidden card.
    log_config = copy.deepcopy(LOGGING_CONFIG)
    log_config["loggers"]["cardrules"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    config = uvicorn.Config(app, host=args.host, port=args.port, log_config=log_config, lifespan="on",
                            ws_max_size=1 << 20, ws_per_message_deflate=args.compress, server_header=False)
    address = f"http://{args.host}:{args.port}/" if args.port else "the address below"
    print(f"cardrules serve: rooms in {where}; open {address} (Ctrl-C stops)", file=sys.stderr, flush=True)
    server = _server_class()(config)
    try:
        server.run()
    except SystemExit:  # uvicorn could not start (the port is taken, say): it has said why
        print("cardrules serve: the server could not start", file=sys.stderr)
        return 2
    if server.signalled is not None:
        # uvicorn shuts down on the signal, then raises it again; on Python 3.11 that reaches us as
        # KeyboardInterrupt, on 3.13 asyncio's runner takes it and run() returns. Either way the
        # command ends as every command does on Ctrl-C (130) or SIGTERM (143).
        raise Interrupted(server.signalled)
    return 0 if server.started else 2


def _server_class() -> type[Any]:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, remembering the signal that stopped it."""

        signalled: int | None = None

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            self.signalled = sig
            super().handle_exit(sig, frame)

    return Server


async def _try_open(store: Store) -> None:
    await store.open()
    await store.close()
