"""A tableau's distance holds the distance cards themselves, and a search for a number of miles in it
is refused loudly: a card compares equal to its number (``Card.D200 == 4``), so a pile searched
for 200 (or a pile of miles searched for ``Card.D200``) would quietly find nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from cardrules import ArgumentError, from_json, to_json
from cardrules.games.mille_bornes import (
    MILES,
    Card,
    Play,
    Rules,
    State,
    apply,
    is_terminal,
    legal_moves,
    new_game,
)
from cardrules.games.mille_bornes.tableau import EMPTY_TABLEAU

from .positions import deal, solo

C = Card


def played_to_the_end(rules: Rules, seed: int) -> list[State]:
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not is_terminal(state):
        state = apply(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


def test_counting_the_200s_of_a_distance_counts_the_200_cards_played() -> None:
    state = solo(deal(Rules(target_score=None), [[C.ROLL, C.D200, C.D100, C.D200]]),
                 "roll", "drive 200", "drive 100", "drive 200")
    side = state.table.tableaux[0]
    assert side.distance == (C.D200, C.D100, C.D200)
    assert side.distance.count(C.D200) == 2 == side.twos
    assert C.D100 in side.distance
    assert C.D75 not in side.distance
    assert side.miles == 500


def test_the_cards_of_a_distance_and_its_miles_agree_in_every_played_game() -> None:
    wrong_way = Rules.room(players=4, team_size=2, wrong_way=True, target_score=None)
    for rules in (Rules(target_score=None), wrong_way):
        for state in played_to_the_end(rules, 3)[::7]:
            for side in state.table.tableaux:
                back = sum(MILES[card] for card in side.backwards)
                assert side.miles == sum(MILES[card] for card in side.distance) - 2 * back
                # Built by the constructor (attrs.evolve, JSON), the tableau works its miles out.
                assert attrs.evolve(side).miles == side.miles
                assert side.twos == side.distance.count(C.D200) <= rules.max_200s


@pytest.mark.parametrize("search", [
    lambda distance: distance.count(200),
    lambda distance: 200 in distance,
    lambda distance: distance.index(100),
    lambda distance: distance.count(-75),
], ids=["count", "in", "index", "count backwards"])
def test_searching_a_distance_for_miles_is_refused_loudly(search: Any) -> None:
    side = EMPTY_TABLEAU.with_distance(C.D200).with_distance(C.D100)
    with pytest.raises(ArgumentError, match="distance holds cards, not miles"):
        search(side.distance)


def test_a_distance_card_is_laid_as_a_card_not_as_miles() -> None:
    with pytest.raises(ArgumentError, match=r"such as Card\.D200, not 200"):
        EMPTY_TABLEAU.with_distance(200)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"not <Card\.STOP: 8>"):
        EMPTY_TABLEAU.with_distance(C.STOP)


def test_a_card_driven_the_wrong_way_is_in_the_distance_and_counts_against_the_miles() -> None:
    side = EMPTY_TABLEAU.with_distance(C.D100).with_distance(C.D75, backwards=True)
    assert side.distance == (C.D100, C.D75)
    assert side.backwards == (C.D75,)
    assert side.miles == 25
    assert side.cards() == [C.D100, C.D75]


def test_a_state_written_by_cardrules_0_2_with_distance_in_miles_is_still_read() -> None:
    rules = Rules.room(players=2, wrong_way=True, target_score=None)
    state = next(state for state in played_to_the_end(rules, 11)
                 if any(side.backwards for side in state.table.tableaux))
    data = json.loads(to_json(state))
    for side, tableau in zip(data["table"]["tableaux"], state.table.tableaux, strict=True):
        # As 0.2 wrote it: each card's miles, negative driven the wrong way, and no "backwards".
        ahead = list(tableau.distance)
        for card in tableau.backwards:
            ahead.remove(card)
        side["distance"] = [MILES[card] for card in ahead] + [-MILES[card] for card in tableau.backwards]
        del side["backwards"]
    assert from_json(json.dumps(data), State) == state


def test_distance_cards_are_played_through_the_public_verbs() -> None:
    state = solo(deal(Rules(target_score=None), [[C.ROLL, C.D75]]), "roll")
    state = apply(state, Play(C.D75))
    assert state.table.tableaux[0].distance == (C.D75,)
