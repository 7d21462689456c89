"""The languages the library speaks to people (English, Spanish, French), and phrases in all three.

Text for people — a rendered table, a move described in words — is written once per language as
data: a :class:`Phrase` holds the three wordings of one message, and ``phrase(lang, **values)`` fills
in the one asked for. Identifiers, move notation and error messages stay English.

>>> laid = Phrase("{count} laid", "{count} colocadas", "{count} posées")
>>> laid("fr", count=3)
'3 posées'
>>> check_lang("de")
Traceback (most recent call last):
...
cardrules.errors.ArgumentError: lang is one of 'en', 'es', 'fr', not 'de'
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from cardrules.errors import ArgumentError

__all__ = ["COLON", "LANGUAGES", "Lang", "Phrase", "check_lang", "join_words"]

Lang: TypeAlias = Literal["en", "es", "fr"]
"""A language code: English, Spanish or French."""

LANGUAGES: tuple[Lang, ...] = ("en", "es", "fr")
"""Every :data:`Lang`, English first."""


def check_lang(lang: object) -> Lang:
    """``lang`` if it is one of :data:`LANGUAGES`; anything else raises
    :class:`~cardrules.errors.ArgumentError`.

    >>> check_lang("es")
    'es'
    """
    # Compared by type first: an unhashable value must not reach the tuple's ``in`` as a TypeError.
    if type(lang) is str:
        for known in LANGUAGES:
            if lang == known:
                return known
    shown = repr(lang) if len(repr(lang)) <= 40 else repr(lang)[:37] + "..."
    raise ArgumentError(f"lang is one of {', '.join(map(repr, LANGUAGES))}, not {shown}")


@attrs.frozen
class Phrase:
    """One message in English, Spanish and French, with ``{name}`` fields for the values.

    >>> Phrase("seat {seat}", "jugador {seat}", "joueur {seat}")("es", seat=2)
    'jugador 2'
    """

    en: str
    es: str
    fr: str

    def __call__(self, lang: Lang, /, **values: object) -> str:
        """The wording in ``lang`` (already checked by the caller), its fields filled from ``values``."""
        text: str = self.en if lang == "en" else self.es if lang == "es" else self.fr
        return text.format(**values) if values else text


COLON = Phrase(": ", ": ", " : ")
"""A colon between a label and its value: French typography puts a space before it."""

_AND = Phrase(" and ", " y ", " et ")


def join_words(words: list[str] | tuple[str, ...], lang: Lang) -> str:
    """``words`` as a list in a sentence: commas, and the language's "and" before the last.

    >>> join_words(["Stop", "Accident", "Flat Tire"], "fr")
    'Stop, Accident et Flat Tire'
    >>> join_words(["25"], "es"), join_words([], "en")
    ('25', '')
    """
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + _AND(lang) + words[-1]
