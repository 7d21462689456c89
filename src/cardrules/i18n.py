"""The languages the library speaks to people (English, Spanish, French), and phrases in all three.

Text for people — a rendered table, a move described in words — is written once per language as
data: a :class:`Phrase` holds the three wordings of one message, and ``phrase(lang, **values)`` fills
in the one asked for. Identifiers, move notation and error messages stay English; an error that a
player may read (why a move is illegal) also carries a :class:`Wording`, the message kept with its
values so that a front end can show it in the player's language.

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

from cardrules.arguments import shown
from cardrules.errors import ArgumentError

__all__ = ["COLON", "LANGUAGES", "Counted", "Lang", "Phrase", "Wording", "check_lang", "join_words"]

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
    raise ArgumentError(f"lang is one of {', '.join(map(repr, LANGUAGES))}, not {shown(lang)}")


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


@attrs.frozen
class Counted:
    """A message about ``n`` things: the wording for one, and for several, as each language counts
    (French says "0 carte", English and Spanish "0 cards", "0 cartas").

    >>> cards = Counted(Phrase("{n} card", "{n} carta", "{n} carte"),
    ...                 Phrase("{n} cards", "{n} cartas", "{n} cartes"))
    >>> cards("en", 0), cards("fr", 0), cards("es", 1), cards("fr", 2)
    ('0 cards', '0 carte', '1 carta', '2 cartes')
    """

    one: Phrase
    many: Phrase

    def __call__(self, lang: Lang, /, n: int, **values: object) -> str:
        """The wording in ``lang`` for ``n`` things, with ``{n}`` and the other fields filled in."""
        several = n > 1 if lang == "fr" else n != 1
        return (self.many if several else self.one)(lang, n=n, **values)


@attrs.frozen
class Wording:
    """A message and its values, to be written in any language later: ``code`` names the message for
    programs, ``str()`` is the English text.

    A value that is itself a :class:`Phrase` or a :class:`Wording` (a card's name, a pile's) is written
    in the same language as the message.

    >>> no_card = Wording("no_card", Phrase("no {card} in hand", "no tienes {card}", "pas de {card} en main"),
    ...                   {"card": Phrase("Stop", "Semáforo rojo", "Feu rouge")})
    >>> str(no_card), no_card("fr")
    ('no Stop in hand', 'pas de Feu rouge en main')
    """

    code: str
    phrase: Phrase
    values: dict[str, object] = attrs.field(factory=dict, hash=False)

    def __call__(self, lang: Lang, /) -> str:
        """The message in ``lang``."""
        return self.phrase(lang, **{name: value(lang) if isinstance(value, Phrase | Wording) else value
                                    for name, value in self.values.items()})

    def __str__(self) -> str:
        return self("en")

    @classmethod
    def listed(cls, code: str, wordings: list[Wording]) -> Wording:
        """Several messages in one, separated by semicolons.

        >>> a, b = Wording("a", Phrase("one", "uno", "un")), Wording("b", Phrase("two", "dos", "deux"))
        >>> Wording.listed("ab", [a, b])("es")
        'uno; dos'
        """
        fields = [f"{{m{at}}}" for at in range(len(wordings))]
        # French typography puts a space before a semicolon too.
        text = Phrase("; ".join(fields), "; ".join(fields), " ; ".join(fields))
        return cls(code, text, {f"m{at}": wording for at, wording in enumerate(wordings)})


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
