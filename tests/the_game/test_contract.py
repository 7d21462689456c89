"""The Game satisfies the shared game contract: mypy checks its ``Game`` descriptor against its types, and the
contract's names behave as the shared machinery expects."""

from __future__ import annotations

import importlib
import importlib.util
import json

import pytest

from cardrules import ArgumentError, from_json, to_json
from cardrules.contract import Game, GameObservation, GameState
from cardrules.games import the_game
from cardrules.games.the_game import (
    CARDS,
    EndTurn,
    Move,
    Observation,
    Play,
    Result,
    Rules,
    State,
    new_game,
    observe,
)

# The assignment is the test: mypy (run over tests/ in CI) proves the module has every name of the
# contract with the right types.
game: Game[Rules, State, Move, Observation, Result, int] = the_game.GAME
module = the_game


def test_the_game_names_itself() -> None:
    assert module.NAME == "the-game"
    assert module.TITLE == "The Game"
    assert (Play, EndTurn) == module.MOVE_CLASSES


def test_state_and_observation_derive_from_the_contracts_bases() -> None:
    state = new_game(Rules(players=2), seed=1)
    assert isinstance(state, GameState)
    assert isinstance(observe(state, 0), GameObservation)


@pytest.mark.parametrize("rules", [Rules(), Rules(players=5, expert=True, on_fire=True)], ids=repr)
def test_the_action_space_and_the_deck_are_the_same_under_every_rules(rules: Rules) -> None:
    assert module.all_moves(rules) == module.all_moves(Rules())
    assert len(module.all_moves(rules)) == 393
    assert module.deck(rules) == CARDS


@pytest.mark.parametrize("verb", [the_game.all_moves, the_game.deck])
@pytest.mark.parametrize("argument", [3, None, "the-game", new_game(Rules(), seed=1)])
def test_all_moves_and_deck_take_the_games_rules_and_nothing_else(verb: object, argument: object) -> None:
    with pytest.raises(ArgumentError, match="The Game's Rules"):
        verb(argument)  # type: ignore[operator]


def test_the_cards_of_a_state_are_the_deck_rearranged_at_every_step() -> None:
    state = new_game(Rules(players=3, on_fire=True), seed=8)
    while True:
        assert sorted(module.cards(state)) == list(CARDS)
        assert module.rules_of(state) == Rules(players=3, on_fire=True)
        moves = module.legal_moves(state)
        if not moves:
            break
        state = module.apply(state, moves[0])


@pytest.mark.parametrize("verb", [the_game.cards, the_game.rules_of])
def test_cards_and_rules_of_take_a_state_and_nothing_else(verb: object) -> None:
    with pytest.raises(ArgumentError, match="state of The Game"):
        verb(Rules())  # type: ignore[operator]


@pytest.mark.parametrize(
    ("move", "data"),
    [
        (Play(35, 2), {"move": "play", "card": 35, "pile": 2}),
        (EndTurn(), {"move": "end_turn"}),
    ],
    ids=["play", "end_turn"],
)
def test_moves_are_tagged_by_their_class_in_json(move: Move, data: dict[str, object]) -> None:
    # The shared serialization tags every game's moves from MOVE_CLASSES.
    envelope = {"game": "the-game", "format": 1, "type": "move"}
    assert json.loads(to_json(move)) == {**envelope, **data}
    assert from_json(json.dumps({**envelope, **data}), Move) == move


def test_the_public_names_leave_out_the_machinery() -> None:
    # all_moves(rules) is the one action space, as in Mille Bornes; the converter hook stays where
    # the registry reads it, out of the public names.
    assert not hasattr(the_game, "ALL_MOVES")
    assert "configure_converter" not in the_game.__all__
    assert the_game.GAME.configure_converter is the_game.configure_converter
    assert all(hasattr(the_game, name) for name in the_game.__all__)


def test_each_name_lives_in_the_module_of_its_concept() -> None:
    # By import_module: the package's name ``cards`` is the function, which hides the module.
    cards, engine, legality, moves, rules, state = (
        importlib.import_module(f"cardrules.games.the_game.{name}")
        for name in ("cards", "engine", "legality", "moves", "rules", "state")
    )
    assert (rules.NAME, rules.TITLE, rules.RULES_VERSION) == (the_game.NAME, the_game.TITLE, 1)
    assert cards.deck is the_game.deck
    assert (state.cards, state.rules_of) == (the_game.cards, the_game.rules_of)
    assert moves.all_moves is the_game.all_moves
    what_is_legal = {"legal_moves", "legal_moves_of", "why_illegal", "illegal_reason"}
    assert all(getattr(legality, name) is getattr(the_game, name) for name in what_is_legal)
    assert what_is_legal.isdisjoint(engine.__all__)
    assert importlib.util.find_spec("cardrules.games.the_game.contract") is None


def test_unseen_cards_are_the_same_kind_of_value_as_the_deck() -> None:
    observation = observe(new_game(Rules(players=3), seed=4), 1)
    unseen = observation.unseen()
    assert type(unseen) is tuple
    assert list(unseen) == sorted(unseen)
    assert set(unseen) <= set(the_game.deck(observation.rules))
