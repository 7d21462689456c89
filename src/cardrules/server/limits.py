"""What the server refuses to grow past: messages per second per socket, players' names, bots' budgets.

The caps on rooms and sockets are :class:`~cardrules.server.app.ServerSettings` fields; this module
holds the small checks every request goes through.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable, Mapping

import attrs

from cardrules.arguments import shown
from cardrules.errors import ArgumentError

__all__ = ["BOT_OPTION_CAPS", "TokenBucket", "check_bot_options", "check_name"]

BOT_OPTION_CAPS: Mapping[str, float] = {"iterations": 2000, "seconds": 2.0, "depth": 6}
"""The largest value a bot option of the network may take: a search's ``iterations`` and
``seconds`` per decision, a planner's ``depth``. One room's bot must not take a core for minutes;
options of other names are the bots' own, checked by their constructors."""


@attrs.define
class TokenBucket:
    """A rate limit: ``rate`` messages per second on average, up to ``burst`` at once.

    Each message takes a token; tokens come back at ``rate`` per second, up to ``burst``.

    >>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: 0.0)
    >>> [bucket.take() for _ in range(3)]
    [True, True, False]
    """

    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    _tokens: float = attrs.field(init=False)
    _last: float = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._tokens = float(self.burst)
        self._last = self.clock()

    def take(self) -> bool:
        """Whether one more message may pass now (and if so, count it)."""
        now = self.clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


def check_name(name: object, max_chars: int) -> str:
    """A player's name as given, once checked: text of 1 to ``max_chars`` characters, with no
    control or format characters and no line breaks, not only spaces.

    The name is kept as typed (no HTML escaping here): the server never builds HTML, and every
    client escapes names where it shows them.

    >>> check_name("Ana <b>", 24)
    'Ana <b>'
    >>> check_name("a\\u202eb", 24)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: a name has no control characters, not 'a\\u202eb'
    """
    if not isinstance(name, str):
        raise ArgumentError(f"a name is text, not {shown(name)}")
    if not name.strip():
        raise ArgumentError("a name has at least one letter or sign that is not a space")
    if len(name) > max_chars:
        raise ArgumentError(f"a name has at most {max_chars} characters, not {len(name)}")
    if any(unicodedata.category(char)[0] in "CZ" and char != " " for char in name):
        # Cc controls, Cf format characters (bidirectional overrides), line and paragraph separators.
        raise ArgumentError(f"a name has no control characters, not {shown(name)}")
    return name


def check_bot_options(label: str, options: Mapping[str, object]) -> None:
    """Refuse a bot whose options exceed :data:`BOT_OPTION_CAPS`.

    >>> check_bot_options("ismcts:iterations=100000", {"iterations": 100000})
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: bot 'ismcts:iterations=100000': iterations is at most 2000 on the server
    """
    for key, cap in BOT_OPTION_CAPS.items():
        value = options.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool) and value > cap:
            raise ArgumentError(f"bot {shown(label)}: {key} is at most {cap:g} on the server")
