"""Checks of public arguments, written once for every game, and the library's size limits.

Every game module checks what a caller hands it (a seat, a random generator, a seed, a deck, a text)
through these functions, so the same mistake gets the same :class:`~cardrules.errors.ArgumentError`
(or :class:`~cardrules.errors.RulesError` for a set-up that the rules refuse) in every game.

The limits bound what any input may cost: a check refuses a value past its limit before doing
work proportional to it, so hostile input (a deck of a billion cards, a 4,000-digit number) is
refused in time linear in its own size.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from cardrules.errors import ArgumentError, RulesError

__all__ = [
    "MAX_DECK_CARDS",
    "MAX_JSON_CHARS",
    "MAX_JSON_DEPTH",
    "MAX_JSON_ITEMS",
    "MAX_RECORD_MOVES",
    "MAX_TEXT_CHARS",
    "check_deck",
    "check_first_player",
    "check_instance",
    "check_legal",
    "check_rng",
    "check_seat",
    "check_seed",
    "check_text",
    "printable",
    "shown",
]

MAX_DECK_CARDS = 10_000
"""The most cards a deck may hold (the built-in games use 98 to 116)."""

MAX_RECORD_MOVES = 50_000
"""The most moves a game record may hold: over two hundred times the longest game of The Game (under
200 moves), four times the longest random Mille Bornes match to 5,000 points (11,000 moves at nine
players), and twice and a half the 20,000 moves within which the conformance check wants every game
to end; its JSON (written without ``indent``) fits within :data:`MAX_JSON_CHARS`."""

MAX_TEXT_CHARS = 200
"""The longest text ``parse_move`` reads (a move is a few words)."""

MAX_JSON_CHARS = 3_000_000
"""The longest JSON text ``from_json`` reads: a record of :data:`MAX_RECORD_MOVES` moves fits (a
match record is usually well under a megabyte), and any text this long is answered in about a
second at most and well under 200 MB (``benchmarks/json_limits.py``)."""

MAX_JSON_DEPTH = 16
"""The deepest nesting of JSON arrays and objects ``from_json`` reads (the library writes at most 8),
measured on the text (before it is parsed, for a text over 20,000 characters)."""

MAX_JSON_ITEMS = MAX_DECK_CARDS
"""The longest list ``from_json`` reads inside a value (a deck, a pile, a hand, a match's score
sheets): as many as the largest deck. A game record's moves have their own limit."""

C = TypeVar("C", bound=Hashable)
T = TypeVar("T")


def check_instance(value: object, kind: type[T], what: str) -> T:
    """``value`` if it is exactly a ``kind``; else :class:`ArgumentError` naming ``what`` was expected.

    >>> check_instance(3, int, "a seat")
    3
    >>> check_instance("3", int, "a seat")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: expected a seat, not str
    """
    if type(value) is not kind:
        raise ArgumentError(f"expected {what}, not {type(value).__name__}")
    return value


def check_legal(legal: object) -> None:
    """Raise :class:`ArgumentError` unless ``legal`` is a non-empty tuple: what a bot's ``choose``
    is given as the legal moves.

    >>> check_legal(())
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: legal is the non-empty tuple of legal moves
    """
    if type(legal) is not tuple or not legal:
        raise ArgumentError("legal is the non-empty tuple of legal moves")


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat of a ``players``-seat table.

    >>> check_seat(2, 3)
    2
    >>> check_seat(3, 3)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: seat is a number from 0 to 2, not 3
    """
    if type(seat) is not int or not 0 <= seat < players:
        raise ArgumentError(f"seat is a number from 0 to {players - 1}, not {shown(seat)}")
    return seat


def check_first_player(first_player: object, players: int) -> int:
    """``first_player`` if it is a seat of the table; a bad one is a :class:`RulesError` of the set-up.

    >>> check_first_player(-1, 2)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: first_player is a seat from 0 to 1, not -1
    """
    if type(first_player) is not int or not 0 <= first_player < players:
        raise RulesError(f"first_player is a seat from 0 to {players - 1}, not {shown(first_player)}")
    return first_player


def check_seed(seed: object) -> int | None:
    """``seed`` if it is a whole number or ``None`` (a bool is not a seed).

    >>> check_seed(7), check_seed(None)
    (7, None)
    """
    if seed is not None and type(seed) is not int:
        raise RulesError(f"a seed is a whole number, not {shown(seed)}")
    return seed


def check_rng(rng: object) -> random.Random:
    """A ``random.Random`` to draw from: ``rng`` itself, or a new one seeded with the whole number ``rng``.

    >>> check_rng(5).random() == random.Random(5).random()
    True
    >>> check_rng("5")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: rng is a random.Random or a whole-number seed, not str
    """
    if isinstance(rng, random.Random):
        return rng
    if type(rng) is int:
        return random.Random(rng)
    raise ArgumentError(f"rng is a random.Random or a whole-number seed, not {type(rng).__name__}")


def check_deck(deck: object, expected: Sequence[C], card_type: type, *, name: str) -> list[C]:
    """The cards of ``deck`` as a list, if they are exactly the cards ``expected`` in some order.

    ``card_type`` is the type every card must have exactly; ``name`` says whose deck it is in the
    message. Linear in the size of the deck, and a deck longer than the expected one is refused
    before it is even read to its end.

    >>> check_deck([3, 2], (2, 3), int, name="this game")
    [3, 2]
    >>> check_deck([2, 2], (2, 3), int, name="this game")
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: a deck of this game holds exactly its 2 cards; missing [3]; extra [2]
    """
    if isinstance(deck, str | bytes) or not isinstance(deck, Iterable):
        raise RulesError(f"a deck is a sequence of cards, not {type(deck).__name__}")
    order: list[C] = []
    limit = len(expected)
    for card in deck:
        if type(card) is not card_type:
            raise RulesError(f"a deck of {name} holds {card_type.__name__} cards, not {shown(card)}")
        order.append(card)  # type: ignore[arg-type]  # its type was checked just above
        if len(order) > limit:
            raise RulesError(f"a deck of {name} holds exactly its {limit} cards, not more")
    wanted = Counter(expected)
    given = Counter(order)
    if given != wanted:
        missing = sorted((wanted - given).elements(), key=_order)[:5]
        extra = sorted((given - wanted).elements(), key=_order)[:5]
        raise RulesError(
            f"a deck of {name} holds exactly its {limit} cards"
            + (f"; missing {[_card(c) for c in missing]}" if missing else "")
            + (f"; extra {[_card(c) for c in extra]}" if extra else "")
        )
    return order


def check_text(text: object, what: str = "a move") -> str:
    """``text`` if it is a string of at most :data:`MAX_TEXT_CHARS` characters.

    >>> check_text("end turn")
    'end turn'
    """
    if not isinstance(text, str):
        raise ArgumentError(f"{what} is written as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        raise ArgumentError(f"{what} is at most {MAX_TEXT_CHARS} characters, not {len(text)}")
    return text


def shown(value: object, limit: int = 40) -> str:
    """The ``repr`` of a caller's ``value`` for an error message, cut to ``limit`` characters.

    The text is :func:`printable`: a string's lone surrogates, control characters and terminal
    escape sequences are escaped (``repr`` does that for a ``str``; an object's own ``__repr__``
    may not), so the message prints on any terminal and cannot drive it.

    A whole number too long for Python to print (past its 4300-digit limit) is described instead,
    and so is anything else whose ``repr`` fails that way (a tuple holding such a number): a message
    about a bad value must never fail itself.

    >>> shown(7), shown("seven")
    ('7', "'seven'")
    >>> print(shown("the-game\\ud800\\x1b[31m"))
    'the-game\\ud800\\x1b[31m'
    >>> shown(tuple(range(30)))
    '(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11...'
    >>> shown(10**5000)
    'a whole number of 5001 digits'
    >>> shown((1, 10**5000))
    '<tuple too large to show>'
    """
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        if isinstance(value, int):
            return _described(value)
        return f"<{type(value).__name__} too large to show>"
    return printable(text, limit)


def printable(text: str, limit: int | None = None) -> str:
    """``text`` as it may be shown in a message, unquoted: every character that is not printable
    (a lone surrogate, a control character such as the escape that starts a terminal sequence, a
    format character such as a right-to-left override, a line break) written as its Python escape;
    with ``limit``, cut to that many characters.

    Letters of any script stay as they are ("Mañana" is printable); such a message prints on a
    terminal whose encoding can spell them, and on any other through Python's error handler.

    >>> printable("José")
    'José'
    >>> print(printable("a\\x1b[2Jb\\ud800c"))
    a\\x1b[2Jb\\ud800c
    >>> printable("x" * 50, 10)
    'xxxxxxx...'
    """
    if limit is not None and len(text) > limit:
        # Escaping only lengthens, so the cut is made twice: before (cheap on a huge text) and after.
        text = text[:limit]
        clipped = True
    else:
        clipped = False
    if not text.isprintable():
        text = "".join(char if char.isprintable() else _escaped(char) for char in text)
    if limit is not None and (clipped or len(text) > limit):
        text = text[: max(limit - 3, 0)] + "..."
    return text


def _escaped(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _described(number: int) -> str:
    """Says how long ``number`` is without printing it (Python refuses past 4300 digits)."""
    size = abs(number)
    bits = size.bit_length()
    # 2**(bits - 1) <= size < 2**bits, so the count of digits is one of these two.
    low = math.floor((bits - 1) * math.log10(2)) + 1
    high = math.floor(bits * math.log10(2)) + 1
    sign = "a negative" if number < 0 else "a"
    if low == high:
        return f"{sign} whole number of {low} digits"
    if bits > 1_000_000:  # exact would cost a power of ten as large as the number: say about
        return f"{sign} whole number of about {high} digits"
    digits = high if size >= 10 ** (high - 1) else low
    return f"{sign} whole number of {digits} digits"


def _order(card: object) -> tuple[str, object]:
    return (type(card).__name__, card if isinstance(card, int) else str(card))


def _card(card: object) -> object:
    name = getattr(card, "name", None)
    return name if isinstance(name, str) else card

