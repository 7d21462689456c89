"""The words every picture shares, in English, Spanish and French.

A game's picture adds its own (:func:`with_words`), and the cards' own names stay with each game.

>>> label("es", "cards", n=3)
'3 cartas'
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from cardrules.i18n import LANGUAGES, Lang

__all__ = ["Labels", "Words", "label", "with_words"]

Words = Mapping[str, tuple[str, str, str]]
"""Words by key: ``(English, Spanish, French)``, each a format text whose ``{fields}`` the caller fills."""

_WORDS: Words = {
    # key: (English, Spanish, French); {n}, {m}, {who}, {card} are filled in by label().
    "player": ("Seat {n}", "Jugador {n}", "Joueur {n}"),
    "you": ("{who} (you)", "{who} (tú)", "{who} (vous)"),
    "cards": ("{n} cards", "{n} cartas", "{n} cartes"),
    "one_card": ("1 card", "1 carta", "1 carte"),
    "on_turn": ("on turn", "le toca", "à jouer"),
    "to_play": ("{who} to play", "juega {who}", "{who} joue"),
    "draw_pile": ("Draw pile", "Mazo", "Pioche"),
    "empty": ("empty", "vacío", "vide"),
    "face_down": ("face-down card", "carta boca abajo", "carte face cachée"),
    "game_over": ("Game over", "Fin de la partida", "Partie terminée"),
    "turn": ("Turn {n}", "Turno {n}", "Tour {n}"),
    "discard_pile": ("Discard pile", "Descartes", "Défausse"),
    "no_card": ("no card", "sin carta", "aucune carte"),
}


@attrs.frozen
class Labels:
    """The words a picture uses: call it with a language and a key, and the values to fill in."""

    words: Words

    def __call__(self, lang: Lang, key: str, /, **values: object) -> str:
        """The words ``key`` in ``lang``, with ``values`` filled in."""
        return self.words[key][LANGUAGES.index(lang)].format(**values)


label = Labels(_WORDS)
"""The words every picture shares (a seat, a count of cards, the draw pile, ...)."""


def with_words(own: Words) -> Labels:
    """The shared words and a game's ``own`` (which win over a shared word of the same key).

    >>> words = with_words({"trick": ("trick", "baza", "pli")})
    >>> words("fr", "trick"), words("fr", "cards", n=2)
    ('pli', '2 cartes')
    """
    return Labels({**_WORDS, **own})
