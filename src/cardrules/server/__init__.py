"""A game server for cardrules: rooms that people join from a browser, kept in a store (extra ``server``).

:func:`create_app` builds the ASGI application (Starlette) over a store (:class:`MemoryStore`,
:class:`SQLiteStore` or :class:`PostgresStore`); ``cardrules serve`` runs it under uvicorn. See
``docs/server.md`` and, for client writers, ``docs/server-protocol.md``.

>>> from cardrules.server import ServerSettings, create_app
>>> app = create_app(settings=ServerSettings(bot_delay=0))
"""

from __future__ import annotations

from cardrules.server.app import ServerSettings, create_app
from cardrules.server.postgres import PostgresStore
from cardrules.server.protocol import PROTOCOL
from cardrules.server.sqlite import SQLiteStore
from cardrules.server.store import MemoryStore, Store, StoredRoom, StoredSeat, StoreError

__all__ = [
    "PROTOCOL",
    "MemoryStore",
    "PostgresStore",
    "SQLiteStore",
    "ServerSettings",
    "Store",
    "StoreError",
    "StoredRoom",
    "StoredSeat",
    "create_app",
]
