"""Mille Bornes is a game module of the typed contract (``cardrules.contract.Game``): mypy
checks the assignment below, and the tests check at run time what types cannot say."""

from __future__ import annotations

import json
import random
from collections import Counter

import cattrs
import pytest

from cardrules import from_json, to_json
from cardrules.contract import Game, GameObservation, GameState
from cardrules.games import mille_bornes
from cardrules.games.mille_bornes import (
    COUP_FOURRE,
    Card,
    CoupFourre,
    Decline,
    Discard,
    Extend,
    Move,
    Observation,
    Play,
    Result,
    Rules,
    State,
)

game: Game[Rules, State, Move, Observation, Result, Card] = mille_bornes.GAME
module = mille_bornes


def test_the_module_names_itself() -> None:
    name, title = module.NAME, module.TITLE
    assert name == "mille-bornes"
    assert title == "Mille Bornes"
    classes = module.MOVE_CLASSES
    assert classes == (Play, Discard, CoupFourre, Extend, Decline)
    assert (module.Rules, module.State, module.Observation, module.Result) == (Rules, State, Observation,
                                                                               Result)


def test_states_and_observations_derive_from_the_contracts_bases() -> None:
    state = module.new_game(Rules(), seed=1)
    assert isinstance(state, GameState)
    assert isinstance(module.observe(state, 0), GameObservation)


@pytest.mark.parametrize("rules", [Rules(), Rules.room(players=6, team_size=3, wrong_way=True)],
                         ids=["parker-2", "room-3x2-wrong-way"])
def test_the_cards_of_a_state_are_always_the_deck(rules: Rules) -> None:
    deck = module.deck(rules)
    assert list(deck) == sorted(deck)
    assert Counter(deck) == Counter(rules.composition())
    rng = random.Random(2)
    state = module.new_game(rules, seed=2)
    while not module.is_terminal(state):
        assert Counter(module.cards(state)) == Counter(deck)
        assert module.rules_of(state) is rules
        state = module.apply(state, rng.choice(module.legal_moves(state)))


def test_the_action_space_is_read_from_the_rules() -> None:
    rules = Rules(players=6)
    actions = module.all_moves(rules)
    assert len(actions) == len(set(actions))
    assert set(module.legal_moves(module.new_game(rules, seed=1))) <= set(actions)


def test_configure_converter_teaches_a_fresh_converter_cards_by_name() -> None:
    converter = cattrs.Converter(forbid_extra_keys=True)
    module.configure_converter(converter)
    assert converter.unstructure(Discard(Card.RIGHT_OF_WAY)) == {"card": "RIGHT_OF_WAY"}
    assert converter.structure("STOP", Card) is Card.STOP
    state = module.new_game(Rules(), seed=3)
    assert converter.structure(converter.unstructure(state), State) == state
    with pytest.raises(Exception, match="TURBO"):
        converter.structure("TURBO", Card)


def test_moves_are_tagged_by_their_class_in_json() -> None:
    moves: list[Move] = [Play(Card.STOP, 1), Play(Card.D100), Discard(Card.RIGHT_OF_WAY), COUP_FOURRE,
                         Extend(), Decline()]
    written = [json.loads(to_json(move)) for move in moves]
    assert [data["move"] for data in written] == ["play", "play", "discard", "coup_fourre", "extend",
                                                 "decline"]
    assert written[0] == {"game": "mille-bornes", "format": 1, "type": "move", "move": "play",
                          "card": "STOP", "side": 1}
    assert [from_json(json.dumps(data), Move) for data in written] == moves


def test_the_public_face_lists_validate_table_and_leaves_the_json_machinery_out() -> None:
    public = set(mille_bornes.__all__)
    assert {"validate_table", "validate_state", "validate_observation", "deck", "cards", "rules_of",
            "all_moves", "NAME", "TITLE", "RULES_VERSION"} <= public
    assert not {"configure_converter", "SHARED_RECORDS", "ALL_MOVES", "check_table"} & public
    # Still there for the registry, which reads it until the game descriptor names it.
    assert callable(mille_bornes.configure_converter)


def test_the_unseen_cards_are_a_sorted_tuple_like_the_deck() -> None:
    state = module.new_game(Rules(players=3), seed=4)
    unseen = module.observe(state, 1).unseen()
    assert type(unseen) is tuple
    assert list(unseen) == sorted(unseen)
    assert Counter(unseen) == Counter((*state.draw_pile, *state.hands[0], *state.hands[2]))
