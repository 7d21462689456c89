"""Mille Bornes is a game module of the typed contract (``cardrules.contract.GameModule``): mypy
checks the assignment below, and the tests check at run time what types cannot say."""

from __future__ import annotations

import json
import random
from collections import Counter

import cattrs
import pytest

from cardrules.contract import GameModule, GameObservation, GameState
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

# Until all_moves(rules) arrives from the rules-and-moves branch, all_moves takes a side count: the
# ignore below then becomes unused, which mypy --strict reports, so it is removed at that merge.
module: GameModule[Rules, State, Move, Observation, Result, Card] = mille_bornes  # type: ignore[assignment]


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


@pytest.mark.xfail(reason="all_moves(rules) comes with the rules-and-moves branch (mb-rules)", strict=True)
def test_the_action_space_is_read_from_the_rules() -> None:
    rules = Rules(players=6)
    actions = module.all_moves(rules)
    assert len(actions) == len(set(actions))
    assert set(module.legal_moves(module.new_game(rules, seed=1))) <= set(actions)


def test_configure_converter_teaches_a_fresh_converter_cards_and_tagged_moves() -> None:
    converter = cattrs.Converter(forbid_extra_keys=True)
    module.configure_converter(converter)
    moves: list[Move] = [Play(Card.STOP, 1), Play(Card.D100), Discard(Card.RIGHT_OF_WAY), COUP_FOURRE,
                         Extend(), Decline()]
    written = [converter.unstructure(move, Move) for move in moves]
    assert [data["move"] for data in written] == ["play", "play", "discard", "coup_fourre", "extend",
                                                 "decline"]
    assert written[0] == {"move": "play", "card": "STOP", "side": 1}
    read: list[Move] = [converter.structure(json.loads(json.dumps(data)), Move)  # type: ignore[arg-type]
                        for data in written]  # cattrs' stubs take a class, not a union
    assert read == moves
    state = module.new_game(Rules(), seed=3)
    assert converter.structure(converter.unstructure(state), State) == state
    with pytest.raises(Exception, match="TURBO"):
        converter.structure("TURBO", Card)
