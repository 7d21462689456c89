"""Text for people across games: the languages, the package-root ``render`` and ``describe_move``,
``str()`` of states and observations, and the contract that makes every game provide them."""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules import ArgumentError, UnknownGameError
from cardrules.contract import GameState
from cardrules.errors import RegistrationError
from cardrules.games import mille_bornes, the_game
from cardrules.i18n import COLON, LANGUAGES, Phrase, check_lang, join_words
from cardrules.registry import game_of, game_of_state
from tests import toy_game

# --- the languages --------------------------------------------------------------------------------


def test_the_three_languages_are_offered_english_first() -> None:
    assert LANGUAGES == ("en", "es", "fr")
    assert [check_lang(lang) for lang in LANGUAGES] == ["en", "es", "fr"]


@pytest.mark.parametrize("lang", ["de", "english", "EN", " en", "", None, 0, b"en", ["en"], {"en": 1}])
def test_anything_but_a_language_code_is_refused(lang: object) -> None:
    with pytest.raises(ArgumentError, match="lang is one of 'en', 'es', 'fr', not "):
        check_lang(lang)


def test_a_long_wrong_language_is_shortened_in_the_message() -> None:
    with pytest.raises(ArgumentError) as caught:
        check_lang("x" * 1000)
    assert len(str(caught.value)) < 100


def test_a_phrase_fills_its_fields_in_the_language_asked() -> None:
    laid = Phrase("{n} laid", "{n} colocadas", "{n} posées")
    assert [laid(lang, n=2) for lang in LANGUAGES] == ["2 laid", "2 colocadas", "2 posées"]
    assert [COLON(lang) for lang in LANGUAGES] == [": ", ": ", " : "]
    assert join_words(["0", "2", "4"], "es") == "0, 2 y 4"


# --- the package root -----------------------------------------------------------------------------


def positions() -> list[object]:
    """A state and an observation of each registered game."""
    found: list[object] = []
    for state in (the_game.new_game(the_game.Rules(players=2), seed=1),
                  mille_bornes.new_game(mille_bornes.Rules(), seed=1),
                  toy_game.new_game(toy_game.Rules(), seed=1)):
        found += [state, cardrules.observe(state, 1)]
    return found


@pytest.mark.parametrize("position", positions(), ids=lambda x: type(x).__module__ + "." + type(x).__name__)
def test_the_root_renders_with_the_game_of_the_position_in_every_language(position: object) -> None:
    game = game_of_state(position) if isinstance(position, GameState) else game_of(position)
    for lang in LANGUAGES:
        assert cardrules.render(position, lang=lang) == game.render(position, lang=lang)  # type: ignore[arg-type]
    assert str(position) == cardrules.render(position)  # type: ignore[arg-type]
    assert len({cardrules.render(position, lang=lang) for lang in LANGUAGES}) == 3  # type: ignore[arg-type]


def test_the_root_describes_a_move_with_the_game_of_the_position() -> None:
    state = toy_game.new_game(toy_game.Rules(), seed=1)
    assert [cardrules.describe_move(state, move, lang="fr") for move in cardrules.legal_moves(state)][-1] \
        == "pioche une carte"


@pytest.mark.parametrize("value", [None, "state", 3, the_game.Rules(), the_game.EndTurn()])
def test_the_root_refuses_a_value_that_is_no_position_of_any_game(value: object) -> None:
    with pytest.raises(UnknownGameError, match="is not the state of any registered game"):
        cardrules.render(value)  # type: ignore[arg-type]
    with pytest.raises(UnknownGameError):
        cardrules.describe_move(value, the_game.EndTurn())  # type: ignore[call-overload]


def test_a_bad_language_is_refused_before_the_position_is_looked_at() -> None:
    with pytest.raises(ArgumentError, match="lang is one of"):
        cardrules.render(None, lang="de")  # type: ignore[arg-type]


def test_a_move_of_another_game_is_refused() -> None:
    state = the_game.new_game(the_game.Rules(), seed=1)
    with pytest.raises(ArgumentError, match="takes a move of The Game, not Draw"):
        cardrules.describe_move(state, toy_game.Draw())
    with pytest.raises(ArgumentError, match="takes a move of Toy Mau, not EndTurn"):
        cardrules.describe_move(toy_game.new_game(toy_game.Rules(), seed=1), the_game.EndTurn())


# --- str() and repr() -----------------------------------------------------------------------------


def test_str_is_the_english_render_and_repr_stays_the_record() -> None:
    state = mille_bornes.new_game(mille_bornes.Rules(), seed=3)
    assert str(state) == mille_bornes.render(state, lang="en")
    assert f"{state}" == str(state)
    assert repr(state).startswith("State(rules=Rules(players=2")
    assert eval(repr(the_game.Rules(players=3)), vars(the_game)) == the_game.Rules(players=3)


def test_a_subclass_no_game_registered_prints_as_its_repr() -> None:
    @attrs.frozen
    class Other(GameState[object, object, object, object]):
        value: int

    assert str(Other(3)) == repr(Other(3)) == "Other(value=3)"


def test_str_of_a_record_render_cannot_read_is_its_repr_rather_than_an_error() -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=1)
    broken = attrs.evolve(state, hands=None)  # type: ignore[arg-type]  # a record built wrong on purpose
    assert str(broken) == repr(broken)
    assert "hands=None" in str(broken)


# --- the contract ---------------------------------------------------------------------------------


@pytest.mark.parametrize("missing", ["render", "describe_move"])
def test_a_game_without_render_or_describe_move_is_refused(missing: str) -> None:
    with pytest.raises(RegistrationError, match=f"{missing} is a function"):
        attrs.evolve(toy_game.GAME, **{missing: None})  # type: ignore[arg-type]  # wrong on purpose


def test_the_descriptor_carries_the_games_render_and_describe_move() -> None:
    assert the_game.GAME.render is the_game.render
    assert mille_bornes.GAME.describe_move is mille_bornes.describe_move
    assert toy_game.GAME.render is toy_game.render
