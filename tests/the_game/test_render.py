"""The Game as text: what a player sees in each language, what an observer may not see, the moves in
words, and golden texts of one fixed game (``golden/render.<lang>.txt``) so that a change of wording
shows as a diff.

To rewrite the golden files after an intended change of wording: ``python -m tests.the_game.test_render``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import ArgumentError, GameRecord, from_json
from cardrules.games import mille_bornes
from cardrules.games.the_game import (
    END_TURN,
    PILE_NAMES,
    EndTurn,
    Observation,
    Play,
    Result,
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
    result,
)
from cardrules.i18n import LANGUAGES, Lang
from cardrules.testing import reachable_states
from tests.render_text import SEAT, cards_text, hand_lines

ALL_MOVES = all_moves(Rules())
"""The Game's whole action space, in its fixed order."""

GOLDEN = Path(__file__).parent / "golden"
RECORD = Path(__file__).parent / "data" / "three-players-on-fire-won.json"

states: st.SearchStrategy[State] = reachable_states(game="the-game")  # type: ignore[assignment]
langs = st.sampled_from(LANGUAGES)

COUNT = {"en": r"\d+ cards?", "es": r"\d+ cartas?", "fr": r"\d+ cartes?"}


def recorded_states() -> list[State]:
    record: GameRecord = from_json(RECORD.read_text(encoding="utf-8"), GameRecord)
    return list(record.states())  # type: ignore[arg-type]


# --- what a player sees ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_state_shows_every_pile_top_every_hand_the_draw_pile_and_whose_turn(lang: Lang) -> None:
    state = recorded_states()[117]
    text = render(state, lang=lang)
    colon = " : " if lang == "fr" else ": "
    for name, pile in zip(PILE_NAMES, state.table.piles, strict=True):
        assert re.search(rf"\({name}\){colon}{pile[-1]}(,|\n)", text)
    shown = hand_lines(text)
    for seat, hand in enumerate(state.hands):
        assert shown[SEAT[lang].format(seat)] == " ".join(map(str, hand))
    assert state.table.draw_pile_size == 1
    draw = {"en": "Draw pile: 1 card", "es": "Pila de robo: 1 carta", "fr": "Pioche : 1 carte"}
    assert text.splitlines()[6] == draw[lang]
    assert SEAT[lang].format(state.table.current) in text.splitlines()[-1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_observation_shows_its_own_hand_and_only_counts_of_the_others(lang: Lang) -> None:
    state = recorded_states()[117]
    observation = observe(state, 2)
    shown = hand_lines(render(observation, lang=lang))
    you = {"en": "seat 2 (you)", "es": "jugador 2 (tú)", "fr": "joueur 2 (vous)"}[lang]
    assert shown[you] == " ".join(map(str, observation.hand))
    for seat in (0, 1):
        assert re.fullmatch(COUNT[lang], shown[SEAT[lang].format(seat)])
        assert shown[SEAT[lang].format(seat)].split()[0] == str(state.table.hand_sizes[seat])


def test_the_minimum_still_owed_this_turn_counts_down_and_then_the_turn_may_end() -> None:
    state = new_game(Rules(players=2), seed=4)
    assert render(state).endswith("0 laid this turn, 2 more to lay.")
    state = apply(state, legal_moves(state)[0])
    assert render(state).endswith("1 laid this turn, 1 more to lay.")
    state = apply(state, next(move for move in legal_moves(state) if move != END_TURN))
    assert render(state).endswith("2 laid this turn, may end the turn.")


def test_a_fire_card_that_must_be_covered_this_turn_says_so_on_its_pile() -> None:
    state = recorded_states()[117]
    assert state.table.fire_due[3] == state.table.turn
    text = render(state)
    assert f"descending pile 2 (down2): {state.table.piles[3][-1]}, on fire: cover it this turn" in text
    assert render(state, lang="es").count("en llamas") == 1
    assert render(state, lang="fr").count("en feu") == 1


def test_a_won_game_says_it_is_won_in_every_language() -> None:
    final = recorded_states()[-1]
    assert is_terminal(final)
    endings = [render(final, lang=lang).splitlines()[-1] for lang in LANGUAGES]
    assert endings == ["Won: all 98 cards are laid!", "¡Ganado! Las 98 cartas están colocadas.",
                       "Gagné : les 98 cartes sont posées !"]


def test_a_lost_game_names_the_stuck_seat_and_the_cards_left_in_state_and_observations() -> None:
    state = stuck_game()
    left = state.table.draw_pile_size + sum(state.table.hand_sizes)
    ending = f"Lost: seat {state.table.current} cannot lay the cards it must ({left} cards left)."
    assert render(state).splitlines()[-1] == ending
    assert all(render(observe(state, seat)).splitlines()[-1] == ending for seat in range(2))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_result_in_a_sentence_is_the_last_line_of_a_finished_game(lang: Lang) -> None:
    for final in (recorded_states()[-1], stuck_game()):
        outcome = result(final)
        assert outcome is not None
        assert describe_result(outcome, lang=lang) == render(final, lang=lang).splitlines()[-1]


def test_an_excellent_result_is_praised() -> None:
    close = Result(won=False, cards_left=9, outcome="burned", seat=0)
    assert describe_result(close) == \
        "Lost: a fire card was not covered in time (9 cards left, an excellent result)."
    assert describe_result(attrs.evolve(close, cards_left=10)).endswith("(10 cards left).")
    with pytest.raises(ArgumentError, match="takes a Result of The Game, not Result"):
        describe_result(mille_bornes.Result(totals=(0, 0), winners=(0, 1), hands=()))  # type: ignore[arg-type]


def stuck_game() -> State:
    state = new_game(Rules(players=2), seed=3)
    while not is_terminal(state):
        state = apply(state, legal_moves(state)[0])
    assert state.table.status == "stuck"
    return state


# --- what an observer may not see -----------------------------------------------------------------


@given(states, st.data())
def test_an_observation_reads_the_same_whatever_the_hidden_cards(state: State, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    lang = data.draw(langs)
    observation = observe(state, seat)
    other = determinize(observation, random.Random(data.draw(st.integers(0, 2**32 - 1))))
    assert render(observe(other, seat), lang=lang) == render(observation, lang=lang)


@given(states, st.data())
def test_an_observation_lists_no_card_of_another_hand(state: State, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    lang = data.draw(langs)
    shown = hand_lines(render(observe(state, seat), lang=lang))
    for other in range(state.rules.players):
        if other != seat:
            assert shown[SEAT[lang].format(other)] == cards_text(lang, state.table.hand_sizes[other])


@given(states)
def test_str_of_a_state_or_an_observation_is_its_english_render(state: State) -> None:
    assert str(state) == render(state) == cardrules.render(state)
    observation = observe(state, 0)
    assert str(observation) == render(observation) == cardrules.render(observation, lang="en")
    assert repr(state).startswith("State(rules=Rules(")
    assert repr(observation).startswith("Observation(rules=Rules(")


# --- moves in words -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_has_its_own_description(lang: Lang) -> None:
    words = [describe_move(move, lang=lang) for move in ALL_MOVES]
    assert len(set(words)) == len(ALL_MOVES)
    assert all(words)


@pytest.mark.parametrize(("lang", "play", "end"), [
    ("en", "plays 45 on descending pile 1", "ends the turn and draws"),
    ("es", "coloca el 45 en la pila descendente 1", "termina el turno y roba"),
    ("fr", "pose le 45 sur la pile descendante 1", "finit son tour et pioche"),
])
def test_moves_read_as_table_talk(lang: Lang, play: str, end: str) -> None:
    assert describe_move(Play(45, 2), lang=lang) == play
    assert describe_move(EndTurn(), lang=lang) == end


@given(states, langs)
def test_the_root_describes_each_legal_move_differently(state: State, lang: Lang) -> None:
    words = [cardrules.describe_move(state, move, lang=lang) for move in legal_moves(state)]
    assert len(set(words)) == len(words)


# --- bad arguments --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "EN", "", None, 1, ["en"]])
def test_a_language_that_is_not_offered_is_refused(lang: object) -> None:
    state = new_game(Rules(), seed=1)
    with pytest.raises(ArgumentError, match="lang is one of 'en', 'es', 'fr'"):
        render(state, lang=lang)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="lang is one of"):
        describe_move(END_TURN, lang=lang)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="lang is one of"):
        cardrules.render(state, lang=lang)  # type: ignore[arg-type]


def test_render_refuses_what_is_not_a_state_or_observation_of_the_game() -> None:
    for value in (None, "state", mille_bornes.new_game(mille_bornes.Rules(), seed=1), Rules()):
        with pytest.raises(ArgumentError, match="render\\(\\) takes a State or an Observation of The Game"):
            render(value)  # type: ignore[arg-type]


def test_describe_move_refuses_a_move_of_another_game() -> None:
    with pytest.raises(ArgumentError, match="takes a move of The Game, not Decline"):
        describe_move(mille_bornes.Decline())  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="takes a move of The Game, not Decline"):
        cardrules.describe_move(new_game(Rules(), seed=1), mille_bornes.Decline())


# --- golden texts ---------------------------------------------------------------------------------


def golden_text(lang: Lang) -> str:
    """One game in words: a state with a fire card due and its observation by seat 2, the moves
    open there, the won end of the same game, and the end of a lost one."""
    recorded = recorded_states()
    state = recorded[117]
    observation: Observation = observe(state, 2)
    parts = [
        "== state ==", render(state, lang=lang),
        "== seat 2 ==", render(observation, lang=lang),
        "== moves ==", *(f"{move}: {describe_move(move, lang=lang)}" for move in legal_moves(state)),
        "== won ==", render(recorded[-1], lang=lang),
        "== stuck, seat 0 ==", render(observe(stuck_game(), 0), lang=lang),
    ]
    return "\n".join(parts) + "\n"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_golden_text_is_unchanged(lang: Lang) -> None:
    assert golden_text(lang) == (GOLDEN / f"render.{lang}.txt").read_text(encoding="utf-8")


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for each in LANGUAGES:
        (GOLDEN / f"render.{each}.txt").write_text(golden_text(each), encoding="utf-8")
