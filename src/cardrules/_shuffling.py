"""Shuffling the unseen cards for ``determinize``: a uniform random order, drawn in bulk.

``random.Random.shuffle`` draws one number per card through Python code (``_randbelow``), and
sorting by ``rng.random()`` keys calls a Python function per card; both cost more than the rest of
a ``determinize``. :func:`shuffled` draws every card's key in one ``getrandbits`` call, builds the
keys as floats in bulk and sorts them in C, carrying each card's place in its key's last byte.
The keys are written and read little-endian explicitly (``to_bytes(..., "little")``, a ``"<"``
struct of IEEE doubles), so every machine, whatever its own byte order, deals the same order.

With numpy installed (``cardrules[fast]``), :func:`sort_keys` sorts the same keys as 64-bit whole
numbers in numpy, about three times faster, and gives the same order: every key is a positive double
of one exponent, whose order is that of its bits read as a whole number. numpy is imported by the
first shuffle, never by importing a game, and checked then against the sort in Python.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable
from typing import TypeAlias

__all__ = ["Keys", "keys", "keys_of", "pick_sort", "places", "shuffled", "sort_keys", "sort_keys_in_python"]

_MOST = 256
"""The most cards :func:`shuffled` sorts in bulk: a card's place must fit in a byte."""
_KEEP = b"\x00\xff\xff\xff\xff\xff\x0f\x00"
"""Per key, the random bits kept: all but the lowest byte (the place) and the top 12 (the exponent)."""

Keys: TypeAlias = tuple[int, int, int, struct.Struct, int]
"""How :func:`places` draws the keys of ``count`` places: ``(bits, keep, fixed, floats, size)``, the
random bits drawn, the mask of those kept, the places and exponents set in every key, the struct of
``count`` floats and their size in bytes. :func:`places` is, with ``bits, keep, fixed, floats, size
= keys(count)``::

    drawn = ((rng.getrandbits(bits) & keep) | fixed).to_bytes(size, "little")
    sort_keys(drawn, floats)

which a caller on a hot path may write out with the layout it keeps (The Game's ``determinize``)."""

_KEYS: dict[int, Keys] = {}
"""The :data:`Keys` worked out, per count of cards."""


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
    # The fixed bytes of every key (place, exponent) are set with two operations on whole numbers
    # rather than three strided writes to a bytearray, and the keys carry places, not cards, so
    # that all of it is worked out once per count: 84 cards shuffle in 7.2 us instead of 7.7. The
    # sort of 86 random floats is more than half of it (3.8 us: a comparison sort of random keys
    # mispredicts about one branch in two, and needs log2(86!), about 430, comparisons at least);
    # the draw (1 us), the keys to bytes and to floats (1.3) and back (0.7) are the rest. Keys of
    # 32 bits ("<I", 23 random bits) would save 0.4 us at most, and two cards' keys would tie in
    # about one shuffle of 90 cards in 2,000 instead of one in 4 billion.
    bits, keep, fixed, floats, size = _KEYS.get(count) or keys(count)
    drawn = ((rng.getrandbits(bits) & keep) | fixed).to_bytes(size, "little")
    return sort_keys(drawn, floats)


def keys(count: int) -> Keys:
    """The :data:`Keys` of ``count`` places (at most 256), worked out once and remembered.

    >>> bits, keep, fixed, floats, size = keys(3)
    >>> bits, floats.format, size
    (192, '<3d', 24)
    """
    known = _KEYS.get(count)
    if known is not None:
        return known
    fixed = b"".join(bytes((place, 0, 0, 0, 0, 0, 0x30, 0x43)) for place in range(count))
    made = (64 * count, int.from_bytes(_KEEP * count, "little"), int.from_bytes(fixed, "little"),
            struct.Struct(f"<{count}d"), 8 * count)
    _KEYS[count] = made
    return made


def keys_of(count: int, random_bits: int) -> tuple[bytes, struct.Struct]:
    """The keys of ``count`` places that ``random_bits`` (a draw of ``keys(count)[0]`` bits) make, and
    the struct that reads them: what :func:`places` sorts (which writes this out, on its hot path).

    >>> drawn, floats = keys_of(3, 0)
    >>> list(sort_keys_in_python(drawn, floats))
    [0, 1, 2]
    """
    _, keep, fixed, floats, size = _KEYS.get(count) or keys(count)
    return ((random_bits & keep) | fixed).to_bytes(size, "little"), floats


def sort_keys_in_python(drawn: bytes, floats: struct.Struct) -> bytes:
    """The places that the keys ``drawn`` (read by ``floats``, see :data:`Keys`) put in order: each
    key's lowest byte, the keys sorted as the floats they are.

    >>> bits, keep, fixed, floats, size = keys(3)
    >>> drawn = (((5 << 8 | 2 << 72 | 1 << 136) & keep) | fixed).to_bytes(size, "little")
    >>> list(sort_keys_in_python(drawn, floats))
    [2, 1, 0]
    """
    return floats.pack(*sorted(floats.unpack(drawn)))[0::8]


def _numpy_sort() -> Callable[[bytes, struct.Struct], bytes] | None:
    """The numpy sort of the keys, or ``None`` without numpy (or with one that orders them otherwise)."""
    try:
        import numpy
    except ImportError:
        return None
    frombuffer, words = numpy.frombuffer, numpy.dtype("<u8")

    def sort_keys_in_numpy(drawn: bytes, floats: struct.Struct) -> bytes:
        # frombuffer reads the bytes in place, read-only: the copy is the array that is sorted.
        ordered = frombuffer(drawn, words).copy()
        ordered.sort()
        return ordered.tobytes()[0::8]

    # A numpy that put these keys in another order than Python's sort (it never should: both read
    # the same little-endian words) would deal other worlds from the same seed, so it is not used.
    for random_bits in (random.Random(0).getrandbits(64 * _MOST), 0):
        drawn, floats = keys_of(_MOST, random_bits)
        if sort_keys_in_numpy(drawn, floats) != sort_keys_in_python(drawn, floats):
            return None
    return sort_keys_in_numpy


def pick_sort(*, numpy: bool = True) -> str:
    """Make :data:`sort_keys` the sort in numpy (if ``numpy``, numpy is installed and it sorts as
    Python does) or else the sort in Python, from now on; say which: ``"numpy"`` or ``"Python"``.
    The first shuffle picks with ``numpy=True``; a benchmark may time the other.

    >>> pick_sort(numpy=False)
    'Python'
    >>> pick_sort() in ("numpy", "Python")
    True
    """
    global sort_keys
    sort_keys = (_numpy_sort() if numpy else None) or sort_keys_in_python
    return "Python" if sort_keys is sort_keys_in_python else "numpy"


def _first_sort(drawn: bytes, floats: struct.Struct) -> bytes:
    """The first call of :data:`sort_keys`: picks the sort that every later call makes."""
    pick_sort()
    return sort_keys(drawn, floats)


sort_keys: Callable[[bytes, struct.Struct], bytes] = _first_sort
"""``sort_keys(drawn, floats)``: the places that the keys ``drawn`` put in order, as
:func:`sort_keys_in_python` finds them; in numpy when it is installed (the first call looks). A
caller looks it up on this module at each call (``_shuffling.sort_keys``), so that it gets the
sort picked."""
