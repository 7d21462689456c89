"""§5 and §9 The coup fourré options: ``coup_fourre="any_player"`` (the Wikipedia article) and
``coup_fourre="off"``; and ``safety_cancel`` (``"needs_roll"`` or ``"restores"``) after a normal
safety, under every stacking rule."""

from __future__ import annotations

import attrs
import pytest

from cardrules.games.mille_bornes import (
    COUP_FOURRE,
    DECLINE,
    Card,
    Play,
    Rules,
    State,
    Window,
    current_player,
    legal_moves,
    result,
)
from cardrules.games.mille_bornes.rules import HazardStacking, SafetyCancel

from .positions import PASS, deal, moves, play, play_out, refused, seat_draws

C = Card
X = None
ANY_THREE = Rules.parker(players=3, target_score=None, coup_fourre="any_player")
ANY_PAIRS = Rules.parker(players=4, team_size=2, target_score=None, coup_fourre="any_player")

HAZARD_AND_SAFETY = [
    (C.ACCIDENT, C.DRIVING_ACE),
    (C.OUT_OF_GAS, C.EXTRA_TANK),
    (C.FLAT_TIRE, C.PUNCTURE_PROOF),
    (C.STOP, C.RIGHT_OF_WAY),
]


def drives(state: State) -> list[str]:
    return [move for move in moves(state) if move.startswith("drive")]


# Any player -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hazard", "safety"), HAZARD_AND_SAFETY)
def test_any_player_a_player_of_a_side_not_attacked_may_call_it(hazard: Card, safety: Card) -> None:
    state = deal(ANY_THREE, [[hazard], [C.ROLL], [safety, C.D100, C.ROLL]])
    state = play(state, PASS, "roll", PASS, Play(hazard, 1))
    # Seat 2 holds the safety; its side was not attacked, and it is asked all the same.
    assert state.table.phase == "coup_fourre"
    assert current_player(state) == 2
    assert state.table.window == Window(attacker=0, hazard=hazard, side=1, waiting=())
    assert state.table.revealed == ((), (), (safety,))
    assert legal_moves(state) == (COUP_FOURRE, DECLINE)
    held = len(state.hands[2])
    state = play(state, "coup fourre")
    # The hazard stays on the attacked side ...
    assert state.table.tableaux[1].battle == (C.ROLL, hazard)
    assert state.table.tableaux[1].problems == frozenset({hazard})
    assert hazard not in state.table.discard_pile
    # ... and the caller's side has the safety, as a coup fourré.
    assert state.table.tableaux[2].safeties == (safety,)
    assert state.table.tableaux[2].coups_fourres == (safety,)
    # The caller draws a replacement, then takes a turn (and draws for it).
    assert state.table.current == 2
    assert len(state.hands[2]) == held - 1 + 2
    state = play(state, PASS)
    # Seat 1 sat between the attacker and the caller: it loses its turn.
    assert state.table.current == 0


def test_any_player_a_coup_fourre_by_a_side_not_attacked_scores_as_a_coup_fourre() -> None:
    state = deal(ANY_THREE, [[C.ACCIDENT], [C.ROLL], [C.DRIVING_ACE]])
    state = play(state, PASS, "roll", PASS, "accident -> side 1", "coup fourre")
    final = play_out(state)
    outcome = result(final)
    assert outcome is not None
    sheet = outcome.hands[0].sides
    assert (sheet[2].safeties, sheet[2].coups_fourres) == (100, 300)
    assert (sheet[1].safeties, sheet[1].coups_fourres) == (0, 0)


def test_any_player_the_attackers_partner_may_call_it_and_play_goes_on_from_the_caller() -> None:
    state = deal(ANY_PAIRS, [[C.ROLL], [C.ACCIDENT], [], [C.DRIVING_ACE]])
    state = play(state, "roll", "accident -> side 0")
    assert current_player(state) == 3
    assert state.table.window == Window(attacker=1, hazard=C.ACCIDENT, side=0, waiting=())
    state = play(state, "coup fourre")
    assert state.table.tableaux[1].coups_fourres == (C.DRIVING_ACE,)
    assert state.table.tableaux[0].problems == frozenset({C.ACCIDENT})
    state = play(state, PASS)
    assert state.table.current == 0  # seat 2 sat between the attacker (seat 1) and the caller (seat 3)


def test_any_player_the_holder_on_the_attacked_side_calls_it_as_under_parker() -> None:
    state = deal(ANY_THREE, [[C.ACCIDENT], [C.ROLL, C.DRIVING_ACE, C.D100]])
    state = play(state, PASS, "roll", PASS, "accident -> side 1")
    assert current_player(state) == 1
    state = play(state, "coup fourre")
    assert state.table.tableaux[1].battle == (C.ROLL,)
    assert state.table.discard_pile[-1] is C.ACCIDENT
    assert state.table.tableaux[1].moving
    assert "drive 100" in drives(state)


@pytest.mark.parametrize("rules", [ANY_THREE, Rules.wikipedia(players=3, target_score=None)])
def test_any_player_the_attacker_is_never_asked(rules: Rules) -> None:
    state = deal(rules, [[C.ROLL], [C.ACCIDENT, C.DRIVING_ACE]])
    state = play(state, "roll", "accident -> side 0")
    assert state.table.phase == "play"
    assert state.table.window is None
    assert state.table.current == 2
    assert state.table.revealed == ((), (), ())


def test_any_player_with_several_copies_every_holder_but_the_attacker_is_asked_in_turn_order() -> None:
    counts = dict(Rules.parker(players=4).composition())
    counts[C.DRIVING_ACE] = 3
    rules = attrs.evolve(ANY_PAIRS, deck=tuple(counts.items()))
    state = deal(rules, [[C.ROLL, C.DRIVING_ACE], [C.ACCIDENT, C.DRIVING_ACE], [], [C.DRIVING_ACE]])
    state = play(state, "roll", "accident -> side 0")
    # Seat 1 attacked and holds an ace too: it is not asked. Seat 3 (its partner), then seat 0.
    assert state.table.window == Window(attacker=1, hazard=C.ACCIDENT, side=0, waiting=(0,))
    assert current_player(state) == 3
    assert state.table.revealed == ((C.DRIVING_ACE,), (), (), (C.DRIVING_ACE,))
    state = play(state, "decline")
    assert current_player(state) == 0
    state = play(state, "coup fourre")
    assert state.table.tableaux[0].coups_fourres == (C.DRIVING_ACE,)
    assert state.table.tableaux[0].moving


def test_any_player_a_coup_fourre_from_a_side_not_attacked_cancels_the_callers_own_hazard() -> None:
    state = deal(ANY_THREE, [[C.ACCIDENT, C.ACCIDENT], [C.ROLL], [C.ROLL, C.ROLL, C.DRIVING_ACE]])
    state = play(state, PASS, "roll", "roll", "accident -> side 2")
    assert current_player(state) == 2
    state = play(state, "decline", PASS, PASS, "accident -> side 1")
    assert current_player(state) == 2
    state = play(state, "coup fourre")
    # The attacked side keeps its Accident; the caller's side is protected, and its own Accident is
    # cancelled as by a safety (needs_roll: it counts as remedied, a ROLL is needed).
    assert state.table.tableaux[1].problems == frozenset({C.ACCIDENT})
    caller = state.table.tableaux[2]
    assert caller.coups_fourres == (C.DRIVING_ACE,)
    assert caller.problems == frozenset()
    assert caller.battle == (C.ROLL, C.ACCIDENT)
    assert "roll" in moves(state)


def test_any_player_declining_lets_play_go_on_after_the_attacker() -> None:
    state = deal(ANY_THREE, [[C.ACCIDENT], [C.ROLL], [C.DRIVING_ACE]])
    state = play(state, PASS, "roll", PASS, "accident -> side 1", "decline")
    assert state.table.phase == "play"
    assert state.table.current == 1
    assert state.table.tableaux[2].safeties == ()
    assert state.table.tableaux[1].problems == frozenset({C.ACCIDENT})


@pytest.mark.parametrize(("hazard", "safety"), HAZARD_AND_SAFETY)
@pytest.mark.parametrize("holder", [0, 2, 3])
def test_with_coup_fourre_off_nobody_is_ever_asked(hazard: Card, safety: Card, holder: int) -> None:
    for base in (Rules.parker(players=4, team_size=2, target_score=None),
                 Rules.wikipedia(players=4, team_size=2, target_score=None)):
        rules = attrs.evolve(base, coup_fourre="off")
        hands: list[list[Card]] = [[C.ROLL], [hazard], [], []]
        hands[holder].append(safety)
        state = play(deal(rules, hands), "roll", Play(hazard, 0))
        assert state.table.phase == "play"
        assert state.table.window is None
        assert state.table.current == 2
        assert state.table.revealed == ((), (), (), ())
        assert state.table.tableaux[0].problems == frozenset({hazard})


# Safety cancel ---------------------------------------------------------------------------------------

CANCELLED = [(C.ACCIDENT, C.DRIVING_ACE), (C.OUT_OF_GAS, C.EXTRA_TANK), (C.FLAT_TIRE, C.PUNCTURE_PROOF)]


@pytest.mark.parametrize("stacking", ["none", "topmost", "accumulate"])
@pytest.mark.parametrize(("hazard", "safety"), CANCELLED)
def test_safety_cancel_needs_roll_the_cancelled_hazard_counts_as_remedied(
    hazard: Card, safety: Card, stacking: HazardStacking
) -> None:
    rules = Rules.parker(players=2, target_score=None, hazard_stacking=stacking)
    assert rules.safety_cancel == "needs_roll"
    draws = seat_draws(rules, {0: [X, safety]})
    state = deal(rules, [[C.ROLL, C.ROLL, C.D100], [hazard]], draws)
    state = play(state, "roll", Play(hazard, 0), Play(safety))
    side = state.table.tableaux[0]
    assert side.battle == (C.ROLL, hazard)
    assert side.problems == frozenset()
    assert not side.moving
    assert state.table.current == 0
    refused(state, Play(C.D100), "no ROLL")
    state = play(state, "roll", PASS, "drive 100")
    assert state.table.tableaux[0].miles == 100


@pytest.mark.parametrize("stacking", ["none", "topmost", "accumulate"])
@pytest.mark.parametrize(("hazard", "safety"), CANCELLED)
def test_safety_cancel_restores_the_side_is_as_before_the_hazard(
    hazard: Card, safety: Card, stacking: HazardStacking
) -> None:
    rules = Rules.parker(players=2, target_score=None, hazard_stacking=stacking, safety_cancel="restores")
    draws = seat_draws(rules, {0: [X, safety]})
    state = deal(rules, [[C.ROLL, C.ROLL, C.D100], [hazard]], draws)
    state = play(state, "roll", Play(hazard, 0), Play(safety))
    side = state.table.tableaux[0]
    assert side.battle == (C.ROLL,)
    assert state.table.discard_pile[-1] is hazard
    assert side.moving
    assert state.table.current == 0
    refused(state, Play(C.ROLL), "already rolling")
    state = play(state, "drive 100")
    assert state.table.tableaux[0].miles == 100


@pytest.mark.parametrize("cancel", ["needs_roll", "restores"])
@pytest.mark.parametrize(("hazard", "safety"), CANCELLED)
def test_safety_cancel_on_a_side_that_had_not_started_leaves_it_needing_its_first_roll(
    hazard: Card, safety: Card, cancel: SafetyCancel
) -> None:
    rules = Rules.parker(players=2, target_score=None, hazard_stacking="accumulate", safety_cancel=cancel)
    draws = seat_draws(rules, {0: [X, safety]})
    state = play(deal(rules, [[C.ROLL, C.D100], [hazard]], draws), PASS, Play(hazard, 0), Play(safety))
    side = state.table.tableaux[0]
    assert side.battle == ((hazard,) if cancel == "needs_roll" else ())
    assert not side.moving
    assert "roll" in moves(state)


@pytest.mark.parametrize("cancel", ["needs_roll", "restores"])
@pytest.mark.parametrize(("hazard", "safety"), CANCELLED)
def test_after_either_cancel_the_safety_protects_for_the_rest_of_the_hand(
    hazard: Card, safety: Card, cancel: SafetyCancel
) -> None:
    rules = Rules.parker(players=2, target_score=None, safety_cancel=cancel)
    draws = seat_draws(rules, {0: [X, safety]})
    state = deal(rules, [[C.ROLL, C.ROLL], [hazard, hazard]], draws)
    state = play(state, "roll", Play(hazard, 0), Play(safety), PASS)
    refused(state, Play(hazard, 0), f"protected by {safety}")
