"""Shuffling the unseen cards for ``determinize``: a uniform random order, drawn in bulk.

``random.Random.shuffle`` draws one number per card through Python code (``_randbelow``), and
sorting by ``rng.random()`` keys calls a Python function per card; both cost more than the rest of
a ``determinize``. :func:`shuffled` draws every card's key in one ``getrandbits`` call, builds the
keys as floats in bulk and sorts them in C, carrying each card's place in its key's last byte.
"""

from __future__ import annotations

import random
import struct
import sys

__all__ = ["places", "shuffled"]

_LITTLE_ENDIAN = sys.byteorder == "little"
_MOST = 256
"""The most cards :func:`shuffled` sorts in bulk: a card's place must fit in a byte."""
_KEEP = b"\x00\xff\xff\xff\xff\xff\x0f\x00"
"""Per key, the random bits kept: all but the lowest byte (the place) and the top 12 (the exponent)."""
_LAYOUTS: dict[int, tuple[int, int, int, struct.Struct, int]] = {}
"""Per count of cards: the random bits drawn, those kept, the places and exponents, that many floats,
their bytes."""


def shuffled(cards: bytes, rng: random.Random) -> bytes:
    """``cards`` (each a number from 0 to 255: a card or a card's code) in a uniformly random order
    drawn from ``rng``; the same ``rng`` state gives the same order.

    Each card gets 44 random bits, written with its place in ``cards`` as the 52-bit mantissa of a
    float in [2**52, 2**53): an exact whole number whose order is the random bits' order. Two cards
    tie only if their 44 bits do (for 100 cards, about one shuffle in 3.5 billion), and then keep
    their order in ``cards``. More than 256 cards are shuffled by ``random.Random.shuffle``.

    >>> import random
    >>> order = shuffled(bytes([5, 6, 7, 8]), random.Random(1))
    >>> sorted(order) == [5, 6, 7, 8], order == shuffled(bytes([5, 6, 7, 8]), random.Random(1))
    (True, True)
    """
    count = len(cards)
    if count < 2:
        return bytes(cards)
    if count > _MOST:
        order = list(cards)
        rng.shuffle(order)
        return bytes(order)
    return places(count, rng).translate(bytes(cards).ljust(256, b"\0"))


def places(count: int, rng: random.Random) -> bytes:
    """The places ``0 .. count - 1`` (``count`` at most 256) in a uniformly random order: what
    :func:`shuffled` deals ``cards`` by (``places(len(cards), rng).translate(cards.ljust(256, b"\\0"))``
    is the same order, so a caller that shuffles the same cards again and again builds its table once).

    >>> import random
    >>> table = bytes([5, 6, 7, 8]).ljust(256, b"\\0")
    >>> places(4, random.Random(1)).translate(table) == shuffled(bytes([5, 6, 7, 8]), random.Random(1))
    True
    """
    if not _LITTLE_ENDIAN:  # the byte layout below is a little-endian float's
        order = list(range(count))
        rng.shuffle(order)
        return bytes(order)
    # The fixed bytes of every key (place, exponent) are set with two operations on whole numbers
    # rather than three strided writes to a bytearray, and the keys carry places, not cards, so
    # that all of it is worked out once per count: 84 cards shuffle in 7.2 us instead of 7.7. The
    # sort of 84 random floats is half of it (3.5 us: a comparison sort of random keys mispredicts
    # about one branch in two, and needs log2(84!), about 420, comparisons at least).
    layout = _LAYOUTS.get(count) or _layout(count)
    bits, keep, fixed, floats, size = layout
    keys = ((rng.getrandbits(bits) & keep) | fixed).to_bytes(size, "little")
    return floats.pack(*sorted(floats.unpack(keys)))[0::8]


def _layout(count: int) -> tuple[int, int, int, struct.Struct, int]:
    """The layout of ``count`` keys (see :data:`_LAYOUTS`), worked out and remembered."""
    fixed = b"".join(bytes((place, 0, 0, 0, 0, 0, 0x30, 0x43)) for place in range(count))
    layout = (64 * count, int.from_bytes(_KEEP * count, "little"), int.from_bytes(fixed, "little"),
              struct.Struct(f"<{count}d"), 8 * count)
    _LAYOUTS[count] = layout
    return layout
