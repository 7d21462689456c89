"""Play together: the rooms server, over HTTP and WebSockets, with a table in the browser (extra ``server``).

:func:`create_app` builds the ASGI application (Starlette) over a store; ``cardrules serve`` runs
it under uvicorn. See ``docs/server.md`` and, for client writers, ``docs/server-protocol.md``.

>>> from cardrules.server import ServerSettings, create_app
>>> app = create_app(settings=ServerSettings(bot_delay=0))
"""

from __future__ import annotations

from cardrules.server.app import ServerSettings, create_app
from cardrules.server.protocol import PROTOCOL

__all__ = ["PROTOCOL", "ServerSettings", "create_app"]
