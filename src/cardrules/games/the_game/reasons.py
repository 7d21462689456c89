"""Why a move is refused, in English, Spanish and French: one :class:`~cardrules.i18n.Phrase` per reason.

The phrases are keyed by the reason's code. :func:`~cardrules.games.the_game.legality.why_illegal`
gives the English text; :func:`~cardrules.games.the_game.legality.illegal_reason` the
:class:`~cardrules.i18n.Wording` a front end writes in the player's language, with the rulebook's words
(pila ascendente, colocar; pile ascendante, poser) and the pile's notation name, which is what the
player types.
"""

from __future__ import annotations

from cardrules.i18n import Phrase, Wording

__all__ = ["PILE", "REASONS", "reason"]

P = Phrase

PILE: tuple[Phrase, ...] = (
    P("up1", "la pila ascendente 1 (up1)", "la pile ascendante 1 (up1)"),
    P("up2", "la pila ascendente 2 (up2)", "la pile ascendante 2 (up2)"),
    P("down1", "la pila descendente 1 (down1)", "la pile descendante 1 (down1)"),
    P("down2", "la pila descendente 2 (down2)", "la pile descendante 2 (down2)"),
)
"""Each pile's name, as a value for a reason."""

REASONS: dict[str, Phrase] = {
    "game_over": P("the game is over", "la partida ha terminado", "la partie est finie"),
    "lay_more": P("lay at least {minimum} cards this turn first ({laid} laid so far)",
                  "antes coloca al menos {minimum} cartas en este turno (llevas {laid})",
                  "posez d'abord au moins {minimum} cartes ce tour-ci ({laid} posées jusqu'ici)"),
    "not_a_move": P("{kind} is not a move of The Game", "{kind} no es una jugada de The Game",
                    "{kind} n'est pas un coup de The Game"),
    "not_in_hand": P("{card} is not in seat {seat}'s hand", "el jugador {seat} no tiene el {card} en la mano",
                     "le joueur {seat} n'a pas le {card} en main"),
    "not_on_pile": P("{card} cannot go on {pile}", "el {card} no puede ir en {pile}",
                     "le {card} ne peut pas aller sur {pile}"),
    "higher": P("{card} cannot go on {pile} showing {top}: it must be higher, or exactly {back}",
                "el {card} no puede ir en {pile}, que muestra el {top}: debe ser mayor, o justo el {back}",
                "le {card} ne peut pas aller sur {pile}, qui montre le {top} : il faut plus haut, "
                "ou exactement le {back}"),
    "lower": P("{card} cannot go on {pile} showing {top}: it must be lower, or exactly {back}",
               "el {card} no puede ir en {pile}, que muestra el {top}: debe ser menor, o justo el {back}",
               "le {card} ne peut pas aller sur {pile}, qui montre le {top} : il faut plus bas, "
               "ou exactement le {back}"),
    # the notation's shorthands
    "fits_no_pile": P("{card} fits no pile now: {why}", "el {card} no cabe en ninguna pila ahora: {why}",
                      "le {card} ne va sur aucune pile maintenant : {why}"),
    "fits_several": P("{card} fits several piles ({piles}): say which",
                      "el {card} cabe en varias pilas ({piles}): indica cuál",
                      "le {card} va sur plusieurs piles ({piles}) : indiquez laquelle"),
    "write_a_move": P("write a move like '35 on up1', '35 down2' or 'end turn'",
                      "escribe una jugada como '35 on up1', '35 down2' o 'end turn'",
                      "écrivez un coup comme '35 on up1', '35 down2' ou 'end turn'"),
    "card_numbers": P("cards are numbered 2 to 99", "las cartas van del 2 al 99",
                      "les cartes vont de 2 à 99"),
    "unknown_pile": P("unknown pile {word}; piles are {piles}",
                      "pila desconocida {word}; las pilas son {piles}",
                      "pile inconnue {word} ; les piles sont {piles}"),
    "not_legal": P("not legal here", "no está permitido aquí", "interdit ici"),
}
"""Every reason a move of The Game can be refused for, by code."""


def reason(code: str, **values: object) -> Wording:
    """The reason ``code`` with its ``values`` (piles as :data:`PILE` phrases)."""
    return Wording(code, REASONS[code], values)
