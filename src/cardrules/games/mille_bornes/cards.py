"""The cards of Mille Bornes: what each is, what it answers, and its names in three languages."""

from __future__ import annotations

import enum

from cardrules.arguments import shown
from cardrules.errors import ArgumentError

__all__ = [
    "BATTLE_HAZARDS",
    "DISTANCES",
    "HAZARDS",
    "HAZARD_OF",
    "KIND",
    "MILES",
    "NAMES",
    "PROTECTS",
    "REMEDIES",
    "REMEDY_OF",
    "SAFETIES",
    "SAFETY_OF",
    "STANDARD_COUNTS",
    "WRONG_WAY_COUNTS",
    "Card",
    "CardKind",
    "card_name",
]


class Card(enum.IntEnum):
    """One kind of Mille Bornes card. Distances are ``D25`` .. ``D200``."""

    D25 = 0
    D50 = 1
    D75 = 2
    D100 = 3
    D200 = 4
    ACCIDENT = 5
    OUT_OF_GAS = 6
    FLAT_TIRE = 7
    STOP = 8
    SPEED_LIMIT = 9
    WRONG_WAY = 10
    REPAIRS = 11
    GASOLINE = 12
    SPARE_TIRE = 13
    ROLL = 14
    END_OF_LIMIT = 15
    END_OF_WRONG_WAY = 16
    DRIVING_ACE = 17
    EXTRA_TANK = 18
    PUNCTURE_PROOF = 19
    RIGHT_OF_WAY = 20

    def __str__(self) -> str:
        return card_name(self)


class CardKind(enum.StrEnum):
    """What a card does: travel, attack, repair, or protect for good."""

    DISTANCE = "distance"
    HAZARD = "hazard"
    REMEDY = "remedy"
    SAFETY = "safety"


C = Card

DISTANCES: tuple[Card, ...] = (C.D25, C.D50, C.D75, C.D100, C.D200)
"""The five distance cards, shortest first (their miles are :data:`MILES`)."""
BATTLE_HAZARDS: tuple[Card, ...] = (C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE, C.STOP)
"""The hazards played on a battle pile: each stops a side until its remedy (or safety) answers it."""
HAZARDS: tuple[Card, ...] = (*BATTLE_HAZARDS, C.SPEED_LIMIT, C.WRONG_WAY)
"""Every hazard: the battle hazards, then SPEED_LIMIT (its own pile) and WRONG_WAY (a variant's)."""
REMEDIES: tuple[Card, ...] = (
    C.REPAIRS, C.GASOLINE, C.SPARE_TIRE, C.ROLL, C.END_OF_LIMIT, C.END_OF_WRONG_WAY,
)
"""The remedies, in the order of the hazards they answer."""
SAFETIES: tuple[Card, ...] = (C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY)
"""The four safeties, each protecting its side for good against its hazards (:data:`SAFETY_OF`)."""

MILES: dict[Card, int] = {C.D25: 25, C.D50: 50, C.D75: 75, C.D100: 100, C.D200: 200}
"""The miles of each distance card."""

KIND: dict[Card, CardKind] = {
    **dict.fromkeys(DISTANCES, CardKind.DISTANCE),
    **dict.fromkeys(HAZARDS, CardKind.HAZARD),
    **dict.fromkeys(REMEDIES, CardKind.REMEDY),
    **dict.fromkeys(SAFETIES, CardKind.SAFETY),
}
"""The kind of each card."""

REMEDY_OF: dict[Card, Card] = {
    C.ACCIDENT: C.REPAIRS,
    C.OUT_OF_GAS: C.GASOLINE,
    C.FLAT_TIRE: C.SPARE_TIRE,
    C.STOP: C.ROLL,
    C.SPEED_LIMIT: C.END_OF_LIMIT,
    C.WRONG_WAY: C.END_OF_WRONG_WAY,
}
"""The remedy that answers each hazard."""

HAZARD_OF: dict[Card, Card] = {remedy: hazard for hazard, remedy in REMEDY_OF.items()}
"""The hazard each remedy answers (ROLL answers STOP)."""

SAFETY_OF: dict[Card, Card] = {
    C.ACCIDENT: C.DRIVING_ACE,
    C.OUT_OF_GAS: C.EXTRA_TANK,
    C.FLAT_TIRE: C.PUNCTURE_PROOF,
    C.STOP: C.RIGHT_OF_WAY,
    C.SPEED_LIMIT: C.RIGHT_OF_WAY,
    C.WRONG_WAY: C.DRIVING_ACE,
}
"""The safety that protects from each hazard (and answers it by coup fourré)."""

PROTECTS: dict[Card, tuple[Card, ...]] = {
    safety: tuple(h for h in HAZARDS if SAFETY_OF[h] is safety) for safety in SAFETIES
}
"""The hazards each safety protects from."""

STANDARD_COUNTS: dict[Card, int] = {
    C.D25: 10, C.D50: 10, C.D75: 10, C.D100: 12, C.D200: 4,
    C.ACCIDENT: 3, C.OUT_OF_GAS: 3, C.FLAT_TIRE: 3, C.STOP: 5, C.SPEED_LIMIT: 4,
    C.REPAIRS: 6, C.GASOLINE: 6, C.SPARE_TIRE: 6, C.ROLL: 14, C.END_OF_LIMIT: 6,
    C.DRIVING_ACE: 1, C.EXTRA_TANK: 1, C.PUNCTURE_PROOF: 1, C.RIGHT_OF_WAY: 1,
}
"""The 106 playable cards of the standard deck."""

SMALL_TABLE_REMOVED: tuple[Card, ...] = (C.STOP, C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE, C.SPEED_LIMIT)
"""One of each is taken out with 2 or 3 players (Parker and French rules): 101 cards."""

WRONG_WAY_COUNTS: dict[Card, int] = {C.WRONG_WAY: 4, C.END_OF_WRONG_WAY: 6}
"""Added by the wrong-way variant."""

NAMES: dict[str, dict[Card, str]] = {
    "en": {
        C.D25: "25", C.D50: "50", C.D75: "75", C.D100: "100", C.D200: "200",
        C.ACCIDENT: "Accident", C.OUT_OF_GAS: "Out of Gas", C.FLAT_TIRE: "Flat Tire",
        C.STOP: "Stop", C.SPEED_LIMIT: "Speed Limit", C.WRONG_WAY: "Wrong Way",
        C.REPAIRS: "Repairs", C.GASOLINE: "Gasoline", C.SPARE_TIRE: "Spare Tire",
        C.ROLL: "Roll", C.END_OF_LIMIT: "End of Limit", C.END_OF_WRONG_WAY: "End of Wrong Way",
        C.DRIVING_ACE: "Driving Ace", C.EXTRA_TANK: "Extra Tank",
        C.PUNCTURE_PROOF: "Puncture-Proof", C.RIGHT_OF_WAY: "Right of Way",
    },
    "es": {
        C.D25: "25", C.D50: "50", C.D75: "75", C.D100: "100", C.D200: "200",
        C.ACCIDENT: "Accidente", C.OUT_OF_GAS: "Sin gasolina", C.FLAT_TIRE: "Neumático pinchado",
        C.STOP: "Semáforo rojo", C.SPEED_LIMIT: "Límite de velocidad", C.WRONG_WAY: "Contrasentido",
        C.REPAIRS: "Reparaciones", C.GASOLINE: "Gasolina", C.SPARE_TIRE: "Neumático de repuesto",
        C.ROLL: "Semáforo verde", C.END_OF_LIMIT: "Fin de límite",
        C.END_OF_WRONG_WAY: "Fin del contrasentido",
        C.DRIVING_ACE: "As del volante", C.EXTRA_TANK: "Tanque extra",
        C.PUNCTURE_PROOF: "A prueba de pinchazos", C.RIGHT_OF_WAY: "Prioridad de paso",
    },
    "fr": {
        C.D25: "25", C.D50: "50", C.D75: "75", C.D100: "100", C.D200: "200",
        C.ACCIDENT: "Accident", C.OUT_OF_GAS: "Panne d'essence", C.FLAT_TIRE: "Crevaison",
        C.STOP: "Feu rouge", C.SPEED_LIMIT: "Limitation de vitesse", C.WRONG_WAY: "Contresens",
        C.REPAIRS: "Réparations", C.GASOLINE: "Essence", C.SPARE_TIRE: "Roue de secours",
        C.ROLL: "Feu vert", C.END_OF_LIMIT: "Fin de limitation",
        C.END_OF_WRONG_WAY: "Fin du contresens",
        C.DRIVING_ACE: "As du volant", C.EXTRA_TANK: "Citerne d'essence",
        C.PUNCTURE_PROOF: "Increvable", C.RIGHT_OF_WAY: "Véhicule prioritaire",
    },
}
"""Display names by language code (``"en"``, ``"es"``, ``"fr"``)."""


def card_name(card: Card, language: str = "en") -> str:
    """The display name of ``card`` in ``language`` (English, Spanish or French).

    >>> card_name(Card.RIGHT_OF_WAY, "es"), card_name(Card.D100, "fr")
    ('Prioridad de paso', '100')
    """
    if type(card) is not Card:
        raise ArgumentError(f"card_name() takes a Card, not {type(card).__name__}")
    names = NAMES.get(language) if isinstance(language, str) else None
    if names is None:
        raise ArgumentError(f"names exist in {sorted(NAMES)}, not {shown(language)}")
    return names[card]
