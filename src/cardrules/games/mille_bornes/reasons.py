"""Why a move is refused, in English, Spanish and French: one phrase per reason, by its code.

Each reason is a :class:`~cardrules.i18n.Phrase`.
:func:`~cardrules.games.mille_bornes.legality.why_illegal` gives the English text;
:func:`~cardrules.games.mille_bornes.legality.illegal_reason` the :class:`~cardrules.i18n.Wording` a
front end writes in the player's language.

The Spanish and French words are the rulebooks' (and :mod:`~cardrules.games.mille_bornes.render`'s):
lado / camp for a side, pila de batalla / pile de bataille, Semáforo verde / Feu vert for ROLL.
"""

from __future__ import annotations

from cardrules.games.mille_bornes.cards import NAMES, Card
from cardrules.i18n import Phrase, Wording

__all__ = ["CARD", "REASONS", "reason"]

P = Phrase

CARD: dict[Card, Phrase] = {card: P(NAMES["en"][card], NAMES["es"][card], NAMES["fr"][card]) for card in Card}
"""Each card's display name, as a value for a reason."""

REASONS: dict[str, Phrase] = {
    "game_over": P("the game is over", "la partida ha terminado", "la partie est finie"),
    "no_coup_fourre": P("no hazard is waiting for a coup fourré",
                        "ningún ataque espera un coup fourré",
                        "aucune attaque n'attend de coup fourré"),
    "no_extension": P("no completed race to extend", "no hay viaje completado que extender",
                      "aucune course terminée à allonger"),
    "nothing_to_decline": P("there is nothing to decline", "no hay nada que rechazar",
                            "il n'y a rien à refuser"),
    "not_a_move": P("{kind} is not a move of Mille Bornes", "{kind} no es una jugada de Mille Bornes",
                    "{kind} n'est pas un coup de Mille Bornes"),
    "answer_coup_fourre": P("call the coup fourré or decline it first",
                            "antes canta el coup fourré o recházalo",
                            "annoncez d'abord le coup fourré ou refusez-le"),
    "answer_extension": P("extend the race or decline first", "antes extiende el viaje o recházalo",
                          "annoncez d'abord l'allonge ou refusez-la"),
    "not_in_hand": P("no {card} in seat {seat}'s hand",
                     "el jugador {seat} no tiene la carta {card} en la mano",
                     "le joueur {seat} n'a pas la carte {card} en main"),
    "could_be_played": P("{card} could be played, so it may not be discarded",
                         "{card} se puede jugar, así que no se puede descartar",
                         "{card} : cette carte peut être posée, on ne peut donc pas la défausser"),
    "own_side_only": P("{card} is played on one's own side: give no side",
                       "{card} se juega en el propio lado: no indiques lado",
                       "{card} se pose dans son propre camp : n'indiquez pas de camp"),
    "which_side": P("say which side the {card} is for", "indica contra qué lado va {card}",
                    "indiquez sur quel camp poser {card}"),
    "no_such_side": P("there is no side {side}", "no hay lado {side}", "il n'y a pas de camp {side}"),
    "not_own_side": P("{card} is played on an opponent, not on one's own side",
                      "{card} se juega contra un rival, no en el propio lado",
                      "{card} se pose chez un adversaire, pas dans son propre camp"),
    "protected": P("side {side} is protected by {safety}", "el lado {side} está protegido por {safety}",
                   "le camp {side} est protégé par {safety}"),
    "already_limited": P("side {side} already has a speed limit",
                         "el lado {side} ya tiene un límite de velocidad",
                         "le camp {side} a déjà une limitation de vitesse"),
    "already_wrong_way": P("side {side} is already going the wrong way",
                           "el lado {side} ya va en contrasentido", "le camp {side} roule déjà à contresens"),
    "already_suffers": P("side {side} already suffers a {card}", "el lado {side} ya sufre {card}",
                         "le camp {side} subit déjà {card}"),
    "not_started": P("side {side} has not started: its battle pile is empty",
                     "el lado {side} no ha salido: su pila de batalla está vacía",
                     "le camp {side} n'est pas parti : sa pile de bataille est vide"),
    "not_moving": P("side {side} is not moving: hazards go on a ROLL",
                    "el lado {side} no está en marcha: los ataques van sobre un Semáforo verde",
                    "le camp {side} ne roule pas : les attaques se posent sur un Feu vert"),
    "needs_no_roll": P("the side has Right of Way and needs no ROLL",
                       "el lado tiene Prioridad de paso y no necesita Semáforo verde",
                       "le camp a le Véhicule prioritaire et n'a pas besoin de Feu vert"),
    "already_rolling": P("the side is already rolling", "el lado ya está en marcha", "le camp roule déjà"),
    "remedy_first": P("remedy the hazard first: a ROLL does not answer it",
                      "antes remedia el ataque: un Semáforo verde no lo resuelve",
                      "parez d'abord l'attaque : un Feu vert n'y répond pas"),
    "no_limit": P("no speed limit to end", "no hay límite de velocidad que terminar",
                  "aucune limitation de vitesse à lever"),
    "not_wrong_way": P("the side is not going the wrong way", "el lado no va en contrasentido",
                       "le camp ne roule pas à contresens"),
    "not_in_effect": P("{card} answers {hazard}, which is not in effect",
                       "{card} responde a {hazard}, que no está en juego",
                       "{card} pare {hazard}, qui n'est pas en jeu"),
    "stopped_by": P("cannot drive {miles}: the side is stopped by {hazard}",
                    "no puedes avanzar {miles}: el lado está parado por {hazard}",
                    "impossible de rouler {miles} : le camp est arrêté par {hazard}"),
    "no_roll": P("cannot drive {miles}: the side has no ROLL showing",
                 "no puedes avanzar {miles}: el lado no tiene Semáforo verde",
                 "impossible de rouler {miles} : le camp n'a pas de Feu vert"),
    "speed_limit": P("cannot play {miles} under a speed limit: only 25 and 50",
                     "no puedes jugar {miles} con límite de velocidad: solo 25 y 50",
                     "impossible de poser {miles} sous limitation de vitesse : 25 et 50 seulement"),
    "max_200s": P("a side may play at most {most} cards of 200 per hand",
                  "un lado puede jugar como mucho {most} cartas de 200 por mano",
                  "un camp peut poser au plus {most} cartes de 200 par manche"),
    "below_zero": P("cannot drive {miles} the wrong way: it would take the side below 0",
                    "no puedes avanzar {miles} en contrasentido: el lado quedaría por debajo de 0",
                    "impossible de rouler {miles} à contresens : le camp passerait sous 0"),
    "past_target": P("cannot drive {miles}: it would pass {target} (the race must end exactly)",
                     "no puedes avanzar {miles}: pasarías de {target} (el viaje debe acabar justo)",
                     "impossible de rouler {miles} : on dépasserait {target} (la course doit finir pile)"),
    # the notation's shorthands
    "no_side_takes": P("no side can take a {card} now: {why}",
                       "ningún lado puede recibir {card} ahora: {why}",
                       "aucun camp ne peut recevoir {card} maintenant : {why}"),
    "say_which_side": P("say which side: {moves}", "indica el lado: {moves}", "indiquez le camp : {moves}"),
    "unknown_card": P("unknown card {word}; cards are {cards}",
                      "carta desconocida {word}; las cartas son {cards}",
                      "carte inconnue {word} ; les cartes sont {cards}"),
    "not_legal": P("not legal now", "no está permitido ahora", "interdit maintenant"),
}
"""Every reason a move of Mille Bornes can be refused for, by code."""


def reason(code: str, **values: object) -> Wording:
    """The reason ``code`` with its ``values`` (cards as :data:`CARD` phrases)."""
    return Wording(code, REASONS[code], values)
