"""§4 and §9 written again from the rules contract, as an oracle for ``legal_moves`` under every
variant field: hazard stacking (none, topmost, accumulate), safety cancel, the wrong-way card and
unplayable-only discards, in states reached by random play."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardrules.games.mille_bornes import State, legal_moves, variant_grid
from cardrules.testing import reachable_states

from .oracle import contract_moves, hazards_in_effect, moving

GRID = [*variant_grid(), *variant_grid(3, 1), *variant_grid(4, 2)]


@given(reachable_states(st.sampled_from(GRID), max_steps=300))
def test_legal_moves_are_those_the_contract_allows_under_every_variant(state: State) -> None:
    legal = legal_moves(state)
    assert len(set(legal)) == len(legal)
    assert set(legal) == contract_moves(state)


@given(reachable_states(st.sampled_from(GRID), max_steps=300))
def test_the_battle_status_is_what_the_contract_reads_from_the_piles(state: State) -> None:
    for t in state.table.tableaux:
        assert t.problems == hazards_in_effect(state, t)
        assert t.moving == moving(state, t)
