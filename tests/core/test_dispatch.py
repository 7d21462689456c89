"""The package root dispatches on the state's type; the registry lists and finds the games."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import RegistrationError, UnknownGameError
from cardrules.games import available, get
from cardrules.games import the_game as tg
from cardrules.registry import game_of, game_of_state, register


def start() -> tg.State:
    return tg.new_game(tg.Rules(players=2), seed=17)


def test_available_contains_the_game() -> None:
    names = available()
    assert "the-game" in names
    assert list(names) == sorted(names)


def test_get_finds_the_game_by_name() -> None:
    game = get("the-game")
    assert game.title == "The Game"
    assert game.state_type is tg.State
    assert game.rules_version == tg.RULES_VERSION
    assert game is tg.GAME


def test_get_refuses_an_unknown_name_listing_what_is_available() -> None:
    with pytest.raises(UnknownGameError, match=r"no game called 'chess'; available: .*the-game"):
        get("chess")


def test_root_verbs_dispatch_to_the_game() -> None:
    state = start()
    assert cardrules.legal_moves(state) == tg.legal_moves(state)
    assert cardrules.current_player(state) == tg.current_player(state) == 0
    assert cardrules.is_terminal(state) is False
    assert cardrules.result(state) is None
    move = cardrules.legal_moves(state)[0]
    assert cardrules.apply(state, move) == tg.apply(state, move)
    assert cardrules.observe(state, 1) == tg.observe(state, 1)
    assert cardrules.parse_move(state, str(move)) == move


def test_root_determinize_dispatches_on_the_observation() -> None:
    observation = tg.observe(start(), 0)
    assert cardrules.determinize(observation, random.Random(3)) == tg.determinize(
        observation, random.Random(3)
    )


def test_root_verbs_raise_illegal_move_error_like_the_game() -> None:
    with pytest.raises(cardrules.IllegalMoveError, match="lay at least 2 cards"):
        cardrules.apply(start(), tg.EndTurn())


@pytest.mark.parametrize("thing", [None, 42, "state", object(), tg.Rules(), tg.Play(35, 0), (1, 2)])
def test_root_verbs_refuse_what_is_not_a_state(thing: object) -> None:
    for verb in (cardrules.legal_moves, cardrules.current_player, cardrules.is_terminal,
                 cardrules.result):
        with pytest.raises(UnknownGameError, match="is not the state of any registered game"):
            verb(thing)  # type: ignore[arg-type]
    with pytest.raises(UnknownGameError):
        cardrules.apply(thing, tg.EndTurn())  # type: ignore[arg-type]
    with pytest.raises(UnknownGameError):
        cardrules.observe(thing, 0)  # type: ignore[arg-type]
    with pytest.raises(UnknownGameError):
        cardrules.parse_move(thing, "end turn")  # type: ignore[arg-type]


@pytest.mark.parametrize("thing", [None, 42, tg.Rules(), "observation"])
def test_root_determinize_refuses_what_is_not_an_observation(thing: object) -> None:
    with pytest.raises(UnknownGameError, match="is not an observation of any registered game"):
        cardrules.determinize(thing, random.Random(1))  # type: ignore[arg-type]


def test_root_determinize_refuses_a_full_state() -> None:
    with pytest.raises(UnknownGameError, match="State is not an observation"):
        cardrules.determinize(start(), random.Random(1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "value",
    [tg.Rules(), tg.Play(35, 0), tg.EndTurn(), start(), tg.observe(start(), 0),
     tg.Result(won=True, cards_left=0, outcome="won", seat=0)],
)
def test_every_value_of_the_game_belongs_to_it(value: object) -> None:
    assert game_of(value) is tg.GAME


def test_game_of_state_is_only_for_states() -> None:
    assert game_of_state(start()) is tg.GAME
    with pytest.raises(UnknownGameError):
        game_of_state(tg.Rules())


def test_registering_the_same_game_again_is_harmless() -> None:
    assert register(tg.GAME) is tg.GAME
    assert get("the-game") is tg.GAME


def test_registering_a_different_game_under_a_taken_name_is_refused() -> None:
    import attrs

    impostor = attrs.evolve(tg.GAME, title="Not The Game", state_type=type("Impostor", (), {}))
    with pytest.raises(RegistrationError, match="already registered as 'the-game'"):
        register(impostor)
    assert get("the-game") is tg.GAME
