"""The words of the pictures in English, Spanish and French (the cards' own names stay with each game).

>>> label("es", "cards", n=3)
'3 cartas'
"""

from __future__ import annotations

from cardrules.i18n import LANGUAGES, Lang

__all__ = ["label"]

_WORDS: dict[str, tuple[str, str, str]] = {
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
    # The Game
    "up": ("ascending pile {n}", "pila ascendente {n}", "pile montante {n}"),
    "down": ("descending pile {n}", "pila descendente {n}", "pile descendante {n}"),
    "ascending": ("{pile}: from 1 up", "{pile}: de 1 hacia arriba", "{pile} : de 1 vers le haut"),
    "descending": ("{pile}: from 100 down", "{pile}: de 100 hacia abajo", "{pile} : de 100 vers le bas"),
    "top": ("top card {n}", "carta superior {n}", "carte du dessus {n}"),
    "must_lay": ("lay at least {n} ({m} laid)", "jugar al menos {n} ({m} jugadas)",
                 "poser au moins {n} ({m} posées)"),
    "fire": ("fire card", "carta de fuego", "carte de feu"),
    "fire_now": ("{pile} is on fire: cover it this turn", "{pile} está en llamas: cúbrela en este turno",
                 "{pile} est en feu : couvrez-la ce tour-ci"),
    "fire_next": ("{pile} is on fire: cover it by the end of the next turn",
                  "{pile} está en llamas: cúbrela antes del final del próximo turno",
                  "{pile} est en feu : couvrez-la avant la fin du prochain tour"),
    "won": ("Won: every card laid", "Ganada: todas las cartas jugadas", "Gagné : toutes les cartes posées"),
    "stuck": ("Lost: {who} could not lay enough", "Perdida: {who} no pudo jugar lo necesario",
              "Perdu : {who} ne pouvait pas poser assez"),
    "burned": ("Lost: a fire card burned", "Perdida: una carta de fuego ardió",
               "Perdu : une carte de feu a brûlé"),
    # Mille Bornes
    "side": ("Side {n}", "Lado {n}", "Camp {n}"),
    "seats": ("seats {n} and {m}", "jugadores {n} y {m}", "joueurs {n} et {m}"),
    "race": ("race to {n}", "carrera a {n}", "course de {n}"),
    "hand": ("hand {n}", "mano {n}", "manche {n}"),
    "miles": ("{n} / {m} miles", "{n} / {m} millas", "{n} / {m} bornes"),
    "battle": ("Battle", "Batalla", "Bataille"),
    "speed": ("Speed", "Velocidad", "Vitesse"),
    "direction": ("Direction", "Dirección", "Direction"),
    "safeties": ("Safeties", "Seguridades", "Bottes"),
    "distance": ("Distance", "Distancia", "Distance"),
    "coup_fourre": ("{card} (coup fourré)", "{card} (coup fourré)", "{card} (coup fourré)"),
    "wrong_way_miles": ("{card} driven the wrong way", "{card} en contrasentido", "{card} à contresens"),
    "times": ("{card} ×{n}", "{card} ×{n}", "{card} ×{n}"),
    "rolling": ("rolling", "en marcha", "roule"),
    "stopped": ("stopped", "parado", "arrêté"),
    "discard_pile": ("Discard pile", "Descartes", "Défausse"),
    "no_card": ("no card", "sin carta", "aucune carte"),
    "known": ("known: {card}", "se sabe: {card}", "connue : {card}"),
    "window": ("{who} may call a coup fourré on {card}", "{who} puede cantar coup fourré a {card}",
               "{who} peut annoncer un coup fourré sur {card}"),
    "extension": ("{who} may extend the race to {n}", "{who} puede alargar la carrera a {n}",
                  "{who} peut prolonger la course à {n}"),
    "totals": ("match totals: {card}", "puntos del partido: {card}", "totaux de la partie : {card}"),
}


def label(lang: Lang, key: str, **values: object) -> str:
    """The words ``key`` in ``lang``, with ``values`` filled in."""
    return _WORDS[key][LANGUAGES.index(lang)].format(**values)
