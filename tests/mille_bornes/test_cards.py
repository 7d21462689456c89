"""§1 Cards: the deck's composition, custom decks, and the display names in three languages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from cardrules import CardrulesError, RulesError
from cardrules.games.mille_bornes import (
    BATTLE_HAZARDS,
    DISTANCES,
    HAZARDS,
    MILES,
    NAMES,
    REMEDIES,
    SAFETIES,
    Card,
    Rules,
    card_name,
    new_game,
)

C = Card

STANDARD = {
    C.D25: 10, C.D50: 10, C.D75: 10, C.D100: 12, C.D200: 4,
    C.ACCIDENT: 3, C.OUT_OF_GAS: 3, C.FLAT_TIRE: 3, C.STOP: 5, C.SPEED_LIMIT: 4,
    C.REPAIRS: 6, C.GASOLINE: 6, C.SPARE_TIRE: 6, C.ROLL: 14, C.END_OF_LIMIT: 6,
    C.DRIVING_ACE: 1, C.EXTRA_TANK: 1, C.PUNCTURE_PROOF: 1, C.RIGHT_OF_WAY: 1,
}
"""§1's table, written out again here so that the test does not read the engine's own copy."""

SMALL_TABLE_REMOVED = Counter([C.STOP, C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE, C.SPEED_LIMIT])

BIG_TABLES = [(4, 1), (4, 2), (5, 1), (6, 1), (6, 2), (6, 3), (7, 1), (8, 1), (8, 2), (8, 4), (9, 1), (9, 3)]


def test_the_standard_deck_holds_106_cards_in_the_counts_of_the_table() -> None:
    rules = Rules.parker(players=4, team_size=2)
    assert sum(STANDARD.values()) == 106
    assert len(rules.deck_cards()) == 106
    assert Counter(rules.deck_cards()) == Counter(STANDARD)
    assert rules.composition() == STANDARD


@pytest.mark.parametrize(("players", "team_size"), BIG_TABLES)
@pytest.mark.parametrize("preset", [Rules.parker, Rules.french])
def test_four_or_more_players_play_with_all_106_cards(
    preset: Callable[..., Rules], players: int, team_size: int
) -> None:
    rules = preset(players=players, team_size=team_size)
    assert Counter(rules.deck_cards()) == Counter(STANDARD)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("preset", [Rules.parker, Rules.french])
def test_two_or_three_players_remove_one_stop_accident_out_of_gas_flat_tire_and_speed_limit(
    preset: Callable[..., Rules], players: int
) -> None:
    rules = preset(players=players)
    deck = Counter(rules.deck_cards())
    assert len(rules.deck_cards()) == 101
    assert Counter(STANDARD) - deck == SMALL_TABLE_REMOVED
    assert deck - Counter(STANDARD) == Counter()


def test_the_deal_uses_the_tables_deck() -> None:
    for players, size in [(2, 101), (3, 101), (4, 106)]:
        state = new_game(Rules(players=players), seed=5)
        held = sum(len(hand) for hand in state.hands) + len(state.draw_pile)
        assert held == size


def test_the_card_kinds() -> None:
    assert DISTANCES == (C.D25, C.D50, C.D75, C.D100, C.D200)
    assert [MILES[card] for card in DISTANCES] == [25, 50, 75, 100, 200]
    assert set(BATTLE_HAZARDS) == {C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE, C.STOP}
    assert set(HAZARDS) == {*BATTLE_HAZARDS, C.SPEED_LIMIT, C.WRONG_WAY}
    assert set(REMEDIES) == {
        C.REPAIRS, C.GASOLINE, C.SPARE_TIRE, C.ROLL, C.END_OF_LIMIT, C.END_OF_WRONG_WAY,
    }
    assert set(SAFETIES) == {C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY}
    assert len({*DISTANCES, *HAZARDS, *REMEDIES, *SAFETIES}) == len(Card)


def test_one_copy_of_each_safety() -> None:
    for players in (2, 4):
        deck = Counter(Rules(players=players).deck_cards())
        assert all(deck[safety] == 1 for safety in SAFETIES)


def test_the_wrong_way_cards_are_only_in_the_variant_deck() -> None:
    deck = Counter(Rules(players=4).deck_cards())
    assert deck[C.WRONG_WAY] == deck[C.END_OF_WRONG_WAY] == 0
    variant = Counter(Rules(players=4, wrong_way=True).deck_cards())
    assert variant[C.WRONG_WAY] == 4
    assert variant[C.END_OF_WRONG_WAY] == 6
    assert sum(variant.values()) == 116


def test_a_custom_composition_is_data_in_the_rules() -> None:
    counts = dict(STANDARD)
    counts[C.D200] = 0
    counts[C.D100] = 20
    counts[C.STOP] = 9
    rules = Rules(players=2, deck=tuple(counts.items()))
    deck = Counter(rules.deck_cards())
    assert deck[C.D200] == 0
    assert deck[C.D100] == 20
    assert deck[C.STOP] == 9
    assert len(rules.deck_cards()) == sum(counts.values())
    # A custom deck is taken as given: nothing is removed for a small table.
    assert deck[C.ACCIDENT] == 3
    assert C.D200 not in rules.composition()
    state = new_game(rules, seed=3)
    held = Counter(state.draw_pile)
    for hand in state.hands:
        held.update(hand)
    assert held == deck


def test_a_custom_deck_is_dealt_in_the_order_given() -> None:
    rules = Rules(players=2, deck=((C.ROLL, 20), (C.D100, 20)))
    order = [C.ROLL] * 6 + [C.D100] * 6 + [C.ROLL] * 14 + [C.D100] * 14
    state = new_game(rules, deck=order)
    assert state.hands[0] == (C.ROLL,) * 7
    assert state.hands[1] == (C.D100,) * 6


@pytest.mark.parametrize(
    ("deck", "words"),
    [
        (((C.D100, 5), (C.D100, 50)), "twice"),
        (((C.D100, -1), (C.ROLL, 50)), "pairs"),
        (((C.D100, 1.5), (C.ROLL, 50)), "pairs"),
        ((("D100", 50),), "pairs"),
        (((C.D100, 5), (C.ROLL, 5)), "cannot deal"),
        (((C.D100, 50), (C.WRONG_WAY, 4)), "wrong_way"),
    ],
)
def test_an_impossible_composition_is_refused(deck: object, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules(players=2, deck=deck)  # type: ignore[arg-type]


def test_an_explicit_deal_must_be_exactly_the_rules_deck() -> None:
    rules = Rules(players=2)
    deck = list(rules.deck_cards())
    with pytest.raises(RulesError, match="missing"):
        new_game(rules, deck=deck[1:])
    with pytest.raises(RulesError, match="not more"):
        new_game(rules, deck=[*deck, C.STOP])
    with pytest.raises(RulesError, match=r"missing \['D25'\]; extra \['STOP'\]"):
        new_game(rules, deck=[*deck[1:], C.STOP])  # a 2-player deck has only 4 STOPs
    with pytest.raises(RulesError, match="Card cards"):
        new_game(rules, deck=[*deck[1:], "D25"])  # type: ignore[list-item]


SPANISH = {
    C.ACCIDENT: "Accidente", C.OUT_OF_GAS: "Sin gasolina", C.FLAT_TIRE: "Neumático pinchado",
    C.SPEED_LIMIT: "Límite de velocidad", C.STOP: "Semáforo rojo", C.REPAIRS: "Reparaciones",
    C.GASOLINE: "Gasolina", C.SPARE_TIRE: "Neumático de repuesto", C.END_OF_LIMIT: "Fin de límite",
    C.ROLL: "Semáforo verde", C.DRIVING_ACE: "As del volante", C.EXTRA_TANK: "Tanque extra",
    C.PUNCTURE_PROOF: "A prueba de pinchazos", C.RIGHT_OF_WAY: "Prioridad de paso",
    C.WRONG_WAY: "Contrasentido", C.END_OF_WRONG_WAY: "Fin del contrasentido",
}
"""The seed's Spanish names, as §1 lists them."""

FRENCH = {
    C.ACCIDENT: "Accident", C.OUT_OF_GAS: "Panne d'essence", C.FLAT_TIRE: "Crevaison",
    C.SPEED_LIMIT: "Limitation de vitesse", C.STOP: "Feu rouge", C.REPAIRS: "Réparations",
    C.GASOLINE: "Essence", C.SPARE_TIRE: "Roue de secours", C.END_OF_LIMIT: "Fin de limitation",
    C.ROLL: "Feu vert", C.DRIVING_ACE: "As du volant", C.EXTRA_TANK: "Citerne d'essence",
    C.PUNCTURE_PROOF: "Increvable", C.RIGHT_OF_WAY: "Véhicule prioritaire",
}
"""The names printed on the French cards."""

ENGLISH = {
    C.ACCIDENT: "Accident", C.OUT_OF_GAS: "Out of Gas", C.FLAT_TIRE: "Flat Tire",
    C.SPEED_LIMIT: "Speed Limit", C.STOP: "Stop", C.REPAIRS: "Repairs", C.GASOLINE: "Gasoline",
    C.SPARE_TIRE: "Spare Tire", C.END_OF_LIMIT: "End of Limit", C.ROLL: "Roll",
    C.DRIVING_ACE: "Driving Ace", C.EXTRA_TANK: "Extra Tank", C.PUNCTURE_PROOF: "Puncture-Proof",
    C.RIGHT_OF_WAY: "Right of Way",
}


@pytest.mark.parametrize(("language", "names"), [("en", ENGLISH), ("es", SPANISH), ("fr", FRENCH)])
def test_display_names(language: str, names: dict[Card, str]) -> None:
    for card, name in names.items():
        assert card_name(card, language) == name


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_every_card_has_one_distinct_name_in_each_language(language: str) -> None:
    names = [card_name(card, language) for card in Card]
    assert all(names)
    assert len(set(names)) == len(Card)
    assert [card_name(card, language) for card in DISTANCES] == ["25", "50", "75", "100", "200"]
    assert set(NAMES) == {"en", "es", "fr"}


def test_a_card_prints_its_english_name() -> None:
    assert str(C.RIGHT_OF_WAY) == "Right of Way"
    assert str(C.D75) == "75"
    assert card_name(C.STOP) == "Stop"


def test_names_exist_only_in_the_three_languages() -> None:
    with pytest.raises(CardrulesError, match="names exist in"):
        card_name(C.STOP, "de")
