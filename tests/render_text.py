"""Reading rendered text back in the render tests of both games: seats, card counts, hands' lines."""

from __future__ import annotations

from cardrules.i18n import Lang

SEAT = {"en": "seat {}", "es": "jugador {}", "fr": "joueur {}"}


def cards_text(lang: Lang, n: int) -> str:
    """How many cards a hidden hand holds, as each language counts (French: "0 carte", "2 cartes")."""
    word = {"en": "card", "es": "carta", "fr": "carte"}[lang]
    return f"{n} {word}{'s' if (n > 1 if lang == 'fr' else n != 1) else ''}"


def hand_lines(text: str) -> dict[str, str]:
    """The lines under the hands' heading: who -> what is shown of the hand."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line in ("Hands:", "Manos:", "Mains :"))
    shown = {}
    for line in lines[start + 1:]:
        if not line.startswith("  "):
            break
        who, _, cards = line.strip().partition(" : " if " : " in line else ": ")
        shown[who] = cards
    return shown
