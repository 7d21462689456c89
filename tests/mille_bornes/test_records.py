"""The records of a game: the public table, the state around it, a seat's observation of it, and
the fast constructors the engine builds them with."""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules.games.mille_bornes import (
    Observation,
    Rules,
    State,
    Table,
    Tableau,
    apply,
    legal_moves,
    new_game,
    observe,
)
from cardrules.games.mille_bornes.state import make_state, make_table
from cardrules.games.mille_bornes.tableau import make_tableau


def states() -> list[State]:
    rng = random.Random(4)
    state = new_game(Rules.room(players=4, team_size=2, wrong_way=True), seed=4)
    found = [state]
    while legal_moves(state) and len(found) < 300:
        state = apply(state, rng.choice(legal_moves(state)))
        found.append(state)
    return found


def test_the_table_holds_every_public_part_and_the_state_the_hidden_ones() -> None:
    assert [field.name for field in attrs.fields(Table)] == [
        "tableaux", "discard_pile", "hand_sizes", "draw_pile_size", "current", "phase", "window",
        "target", "extended_by", "revealed", "reshuffles", "match"]
    # The constructor's fields (the private ``_trusted`` mark of cardrules._trust is not one).
    assert [field.name for field in attrs.fields(State) if field.init] == [
        "rules", "table", "hands", "draw_pile", "seed"]
    assert [field.name for field in attrs.fields(Observation) if field.init] == [
        "rules", "seat", "table", "hand"]


def test_every_seat_observes_the_states_own_table() -> None:
    for state in states()[::30]:
        for seat in range(state.rules.players):
            assert observe(state, seat).table is state.table


@pytest.mark.parametrize(("cls", "make"), [(Table, make_table), (State, make_state), (Tableau, make_tableau)],
                         ids=["table", "state", "tableau"])
def test_the_fast_constructors_build_the_same_values(cls: type, make: object) -> None:
    names = [field.name for field in attrs.fields(cls) if field.init]
    values: list[object] = []
    for state in states():
        if cls is Tableau:
            values.extend(state.table.tableaux)
        else:
            values.append(state.table if cls is Table else state)
    for value in values:
        fields = [getattr(value, name) for name in names]
        built = make(*fields)  # type: ignore[operator]
        assert type(built) is cls
        assert built == cls(*fields) == value
        assert hash(built) == hash(value)
        assert [getattr(built, name) for name in names] == fields


def test_the_records_are_frozen() -> None:
    state = new_game(Rules(), seed=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.table.current = 1  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        make_tableau((), (), (), (), (), (), frozenset(), False, ()).rolling = True  # type: ignore[misc]
