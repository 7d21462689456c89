"""Shuffling the unseen cards for ``determinize``: a uniform random order, drawn in bulk.

``random.Random.shuffle`` draws one number per card through Python code (``_randbelow``), and
sorting by ``rng.random()`` keys calls a Python function per card; both cost more than the rest of
a ``determinize``. :func:`shuffled` draws every card's key in one ``getrandbits`` call, builds the
keys as floats in bulk and sorts them in C, carrying each card in its key's last byte.
"""

from __future__ import annotations

import random
import struct
import sys

__all__ = ["shuffled"]

_LITTLE_ENDIAN = sys.byteorder == "little"
_EXPONENT = b"\x43"
_HIGH_NIBBLE = bytes(0x30 | (byte & 0x0F) for byte in range(256))
_FLOATS: dict[int, struct.Struct] = {}
"""Per count of cards, the layout of that many little-endian floats."""


def shuffled(cards: bytes, rng: random.Random) -> bytes:
    """``cards`` (each a number from 0 to 255: a card or a card's code) in a uniformly random order
    drawn from ``rng``; the same ``rng`` state gives the same order.

    Each card gets 44 random bits, written with the card as the 52-bit mantissa of a float in
    [2**52, 2**53): an exact whole number whose order is the random bits' order. Two cards tie only
    if their 44 bits do (for 100 cards, about one shuffle in 3.5 billion), and then keep their
    order in ``cards``.

    >>> import random
    >>> order = shuffled(bytes([5, 6, 7, 8]), random.Random(1))
    >>> sorted(order) == [5, 6, 7, 8], order == shuffled(bytes([5, 6, 7, 8]), random.Random(1))
    (True, True)
    """
    count = len(cards)
    if count < 2:
        return bytes(cards)
    if not _LITTLE_ENDIAN:  # the byte layout below is a little-endian float's
        order = list(cards)
        rng.shuffle(order)
        return bytes(order)
    raw = bytearray(rng.getrandbits(64 * count).to_bytes(8 * count, "little"))
    raw[0::8] = cards  # the lowest mantissa byte: the card
    raw[6::8] = raw[6::8].translate(_HIGH_NIBBLE)  # the exponent's low bits over 4 random bits
    raw[7::8] = _EXPONENT * count  # sign 0, exponent 1075: the float is 2**52 + the mantissa
    floats = _FLOATS.get(count)
    if floats is None:
        floats = _FLOATS[count] = struct.Struct(f"<{count}d")
    return floats.pack(*sorted(floats.unpack(raw)))[0::8]
