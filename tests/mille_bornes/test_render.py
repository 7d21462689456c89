"""Mille Bornes as text: every side's tableau, the race, the hands a viewer may see, the coup fourré
window, the score sheets and the result, in each language; the moves in words; and golden texts of
one recorded match (``golden/render.<lang>.txt``) so that a change of wording shows as a diff.

To rewrite the golden files after an intended change of wording: ``python -m tests.mille_bornes.test_render``.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import ArgumentError, GameRecord, from_json
from cardrules.games import the_game
from cardrules.games.mille_bornes import (
    NAMES,
    Card,
    CoupFourre,
    Decline,
    Discard,
    Extend,
    Move,
    Play,
    Rules,
    State,
    all_moves,
    apply,
    describe_move,
    describe_result,
    determinize,
    is_terminal,
    legal_moves,
    new_game,
    observe,
    render,
)
from cardrules.games.mille_bornes.cards import MILES
from cardrules.games.mille_bornes.tableau import EMPTY_TABLEAU
from cardrules.i18n import LANGUAGES, Lang
from cardrules.testing import reachable_states
from tests.render_text import SEAT, cards_text, hand_lines

GOLDEN = Path(__file__).parent / "golden"
RECORD = Path(__file__).parent / "data" / "pairs-heuristic-match.json"

states: st.SearchStrategy[State] = reachable_states(game="mille-bornes")  # type: ignore[assignment]
langs = st.sampled_from(LANGUAGES)



def recorded_states() -> list[State]:
    """The states of a recorded match of two pairs, from the deal to the end (302 states)."""
    record: GameRecord = from_json(RECORD.read_text(encoding="utf-8"), GameRecord)
    return list(record.states())  # type: ignore[arg-type]


def section(text: str, heading: str) -> list[str]:
    """The indented lines under the line that starts with ``heading``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    found = []
    for line in lines[start + 1:]:
        if not line.startswith("  "):
            break
        found.append(line.strip())
    return found


# --- what a player sees ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_tableau_shows_its_piles_safeties_coups_fourres_and_distance(lang: Lang) -> None:
    state = recorded_states()[129]
    names = NAMES[lang]
    text = render(state, lang=lang)
    heading = {"en": "Side", "es": "Lado", "fr": "Camp"}[lang]
    for side, tableau in enumerate(state.table.tableaux):
        lines = section(text, f"{heading} {side} ")
        empty = {"en": "empty", "es": "vacía", "fr": "vide"}[lang]
        battle = names[tableau.battle[-1]] if tableau.battle else empty
        assert battle in lines[0]
        assert all(names[card] in lines[2] for card in tableau.safeties)
        assert lines[2].count("coup fourré") == len(tableau.coups_fourres)
        assert f"{tableau.miles} " in lines[3]
    assert any(tableau.coups_fourres for tableau in state.table.tableaux)


def test_distance_is_counted_by_card_value_and_the_200s_against_their_limit() -> None:
    state = recorded_states()[-1]
    text = render(state)
    for side, tableau in enumerate(state.table.tableaux):
        distance = section(text, f"Side {side} ")[3]
        assert distance.startswith(f"distance: {tableau.miles} of {state.table.target} miles (")
        for card in set(tableau.distance):
            assert f"{tableau.distance.count(card)} × {MILES[card]}" in distance
        assert (f"200s played: {tableau.twos} of 2" in distance) == bool(tableau.twos)


def test_miles_driven_the_wrong_way_are_counted_apart_and_the_direction_pile_is_shown() -> None:
    state = new_game(Rules(wrong_way=True), seed=1)
    tableau = attrs.evolve(EMPTY_TABLEAU, direction=(Card.WRONG_WAY,),
                           distance=(Card.D25, Card.D100, Card.D75, Card.D25, Card.D75),
                           backwards=(Card.D75, Card.D75))
    table = attrs.evolve(state.table, tableaux=(tableau, state.table.tableaux[1]))
    lines = section(render(attrs.evolve(state, table=table)), "Side 0 ")
    assert lines[2] == "direction pile: Wrong Way (driving the wrong way)"
    assert lines[4] == "distance: 0 of 700 miles (2 × 25, 1 × 100, 2 × 75 the wrong way)"
    assert "direction" not in render(new_game(Rules(), seed=1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_state_shows_every_hand_and_an_observation_only_its_own(lang: Lang) -> None:
    state = recorded_states()[129]
    names = NAMES[lang]
    shown = hand_lines(render(state, lang=lang))
    for seat, hand in enumerate(state.hands):
        assert shown[SEAT[lang].format(seat)] == ", ".join(names[card] for card in hand)
    seen = hand_lines(render(observe(state, 1), lang=lang))
    you = {"en": "seat 1 (you)", "es": "jugador 1 (tú)", "fr": "joueur 1 (vous)"}[lang]
    assert seen[you] == shown[SEAT[lang].format(1)]
    for seat in (0, 2, 3):
        assert seen[SEAT[lang].format(seat)] == cards_text(lang, state.table.hand_sizes[seat])


def test_the_race_draw_pile_discard_pile_and_player_on_turn_are_shown() -> None:
    state = recorded_states()[129]
    table = state.table
    text = render(state)
    assert text.startswith("Mille Bornes: 4 players, 2 teams of 2, race of 1000 miles\n"
                           "Hand 2, match to 5000 points\n")
    assert f"Draw pile: {table.draw_pile_size} cards\n" in text
    top = NAMES["en"][table.discard_pile[-1]]
    assert f"Discard pile: {len(table.discard_pile)} cards, {top} on top\n" in text
    assert f"\nSeat {table.current} to play.\n" in text


def test_the_coup_fourre_window_names_the_attack_and_who_may_answer() -> None:
    state = recorded_states()[128]
    window = state.table.window
    assert state.table.phase == "coup_fourre"
    assert window is not None
    assert (f"Coup fourré? Seat {window.attacker} played {NAMES['en'][window.hazard]} on side {window.side}: "
            f"seat {state.table.current} may answer with") in render(state)
    assert "¿Coup fourré?" in render(state, lang="es")


def test_the_extension_decision_is_announced() -> None:
    state = new_game(Rules(), seed=0)
    rng = random.Random(0)
    while state.table.phase != "extension":
        state = apply(state, rng.choice(legal_moves(state)))
        if is_terminal(state):
            state = new_game(Rules(), seed=rng.randrange(1000))
    side = state.rules.side_of(state.table.current)
    assert (f"Side {side} completed the 700 miles: seat {state.table.current} may extend the race to 1000 "
            f"or decline (which ends the hand).") in render(state)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_sheets_and_the_result_of_a_match_are_shown(lang: Lang) -> None:
    final = recorded_states()[-1]
    outcome = cardrules.result(final)
    assert outcome is not None
    text = render(final, lang=lang)
    heading = {"en": "Score sheets:", "es": "Hojas de puntaje:", "fr": "Feuilles de marque :"}[lang]
    assert heading in text.splitlines()
    total = {"en": "Total", "es": "Total", "fr": "Total"}[lang]
    rows = [line.split() for line in text.splitlines() if line.strip().startswith(total)]
    assert len(rows) == len(outcome.hands)
    for row, sheet in zip(rows, outcome.hands, strict=True):
        assert tuple(map(int, row[1:])) == sheet.totals
    ending = {"en": "Game over: side {} wins with {} points.",
              "es": "Fin de la partida: gana el lado {} con {} puntos.",
              "fr": "Partie terminée : le camp {} gagne avec {} points."}[lang]
    assert text.splitlines()[-1] == ending.format(outcome.winners[0], max(outcome.totals))
    assert str(max(outcome.totals)) in text.splitlines()[-2]


def test_a_tie_names_every_winning_side() -> None:
    # Seed 28, played by random.Random(28), ends a single hand at 300, 300 and 175.
    state = new_game(Rules(players=3, target_score=None), seed=28)
    rng = random.Random(28)
    while not is_terminal(state):
        state = apply(state, rng.choice(legal_moves(state)))
    assert state.table.match.totals == (300, 300, 175)
    assert render(state).endswith("\nScores: 300 for side 0, 300 for side 1, 175 for side 2\n"
                                  "Game over: sides 0 and 1 tie with 300 points.")
    assert render(state, lang="fr").endswith("Partie terminée : égalité des camps 0 et 1 avec 300 points.")


def test_the_result_in_a_sentence_names_the_winners_and_refuses_another_games_result() -> None:
    final = recorded_states()[-1]
    outcome = cardrules.result(final)
    assert outcome is not None
    assert describe_result(outcome, lang="es") == render(final, lang="es").splitlines()[-1]
    tie = attrs.evolve(outcome, totals=(6425, 6425), winners=(0, 1))
    assert describe_result(tie) == "Game over: sides 0 and 1 tie with 6425 points."
    with pytest.raises(ArgumentError, match="takes a Result of Mille Bornes, not Result"):
        describe_result(the_game.Result(won=True, cards_left=0, outcome="won", seat=0))  # type: ignore[arg-type]


# --- what an observer may not see -----------------------------------------------------------------


@given(states, st.data())
def test_an_observation_reads_the_same_whatever_the_hidden_cards(state: State, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    lang = data.draw(langs)
    observation = observe(state, seat)
    other = determinize(observation, random.Random(data.draw(st.integers(0, 2**32 - 1))))
    assert render(observe(other, seat), lang=lang) == render(observation, lang=lang)


@given(states, st.data())
def test_an_observation_shows_of_another_hand_its_size_and_revealed_cards_only(
    state: State, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    lang = data.draw(langs)
    shown = hand_lines(render(observe(state, seat), lang=lang))
    table = state.table
    for other in range(state.rules.players):
        if other == seat:
            continue
        count, _, known = shown[SEAT[lang].format(other)].partition(", ")
        assert count == cards_text(lang, table.hand_sizes[other])
        assert all(NAMES[lang][card] in known for card in table.revealed[other])
        assert bool(known) == bool(table.revealed[other])


@given(states)
def test_str_of_a_state_or_an_observation_is_its_english_render(state: State) -> None:
    assert str(state) == render(state) == cardrules.render(state)
    observation = observe(state, state.rules.players - 1)
    assert str(observation) == render(observation) == cardrules.render(observation)
    assert repr(state).startswith("State(rules=Rules(")


# --- moves in words -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_has_its_own_description(lang: Lang) -> None:
    moves = all_moves(Rules(players=6, team_size=1, wrong_way=True))
    words = [describe_move(move, lang=lang) for move in moves]
    assert len(set(words)) == len(moves)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["drives 75 miles", "plays Stop on side 1", "plays Roll", "plays Right of Way",
            "discards Accident", "calls a coup fourré", "extends the race", "declines"]),
    ("es", ["avanza 75 millas", "juega Semáforo rojo contra el lado 1", "juega Semáforo verde",
            "juega Prioridad de paso", "descarta Accidente", "canta coup fourré", "extiende el viaje",
            "pasa"]),
    ("fr", ["roule 75 bornes", "pose Feu rouge sur le camp 1", "pose Feu vert", "pose Véhicule prioritaire",
            "défausse Accident", "annonce un coup fourré", "annonce l'allonge", "refuse"]),
])
def test_moves_read_as_table_talk(lang: Lang, expected: list[str]) -> None:
    moves: list[Move] = [Play(Card.D75), Play(Card.STOP, 1), Play(Card.ROLL), Play(Card.RIGHT_OF_WAY),
             Discard(Card.ACCIDENT), CoupFourre(), Extend(), Decline()]
    assert [describe_move(move, lang=lang) for move in moves] == expected


@given(states, langs)
def test_the_root_describes_each_legal_move_differently(state: State, lang: Lang) -> None:
    words = [cardrules.describe_move(observe(state, 0), move, lang=lang) for move in legal_moves(state)]
    assert len(set(words)) == len(words)


# --- bad arguments --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["it", "Es", None, 0, ("fr",)])
def test_a_language_that_is_not_offered_is_refused(lang: object) -> None:
    state = new_game(Rules(), seed=1)
    with pytest.raises(ArgumentError, match="lang is one of 'en', 'es', 'fr'"):
        render(observe(state, 0), lang=lang)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="lang is one of"):
        describe_move(Extend(), lang=lang)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="lang is one of"):
        cardrules.describe_move(state, Extend(), lang=lang)  # type: ignore[call-overload]


def test_render_and_describe_move_refuse_values_of_another_game() -> None:
    other = the_game.new_game(the_game.Rules(), seed=1)
    with pytest.raises(ArgumentError, match="render\\(\\) takes a State or an Observation of Mille Bornes"):
        render(other)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="takes a move of Mille Bornes, not EndTurn"):
        describe_move(the_game.EndTurn())  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="takes a move of Mille Bornes, not Play"):
        cardrules.describe_move(new_game(Rules(), seed=1), the_game.Play(45, 0))


# --- golden texts ---------------------------------------------------------------------------------


def golden_text(lang: Lang) -> str:
    """One match in words: a coup fourré window in the second hand, the table after it as seat 1
    sees it, the moves open there, and the end of the match with its score sheets."""
    recorded = recorded_states()
    window, after = recorded[128], recorded[129]
    parts = [
        "== coup fourré window ==", render(window, lang=lang),
        "== seat 1 ==", render(observe(after, 1), lang=lang),
        "== moves ==", *(f"{move}: {describe_move(move, lang=lang)}" for move in legal_moves(after)),
        "== end of the match ==", render(recorded[-1], lang=lang),
    ]
    return "\n".join(parts) + "\n"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_golden_text_is_unchanged(lang: Lang) -> None:
    assert golden_text(lang) == (GOLDEN / f"render.{lang}.txt").read_text(encoding="utf-8")


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for each in LANGUAGES:
        (GOLDEN / f"render.{each}.txt").write_text(golden_text(each), encoding="utf-8")
