"""§9 Hazard stacking: ``"topmost"`` (the Wikipedia article) and ``"accumulate"`` (the game room).

Two players, a single hand, Parker's rules otherwise: seat 0 plays for side 0 and moves first, seat 1
plays for side 1. Every position is dealt with ``positions.deal`` and reached by real moves.
"""

from __future__ import annotations

import itertools

import attrs
import pytest

from cardrules.games.mille_bornes import Card, Play, Rules, State
from cardrules.games.mille_bornes.rules import SafetyCancel

from .positions import PASS, deal, moves, play, refused, seat_draws

C = Card
X = None  # a filler card in a draw order
TOPMOST = Rules.parker(players=2, target_score=None, hazard_stacking="topmost")
ACCUMULATE = Rules.parker(players=2, target_score=None, hazard_stacking="accumulate")
PARKER = Rules.parker(players=2, target_score=None)


def drives(state: State) -> list[str]:
    return [move for move in moves(state) if move.startswith("drive")]


# Topmost: a hazard may go on a hazard or a remedy; only the top card counts -------------------------


def test_topmost_a_hazard_may_go_on_a_side_stopped_by_a_hazard() -> None:
    hands = [[C.ROLL, C.D100], [C.ACCIDENT, C.STOP]]
    state = play(deal(TOPMOST, hands), "roll", "accident -> side 0", PASS)
    assert "stop -> side 0" in moves(state)
    state = play(state, "stop -> side 0")
    side = state.table.tableaux[0]
    assert side.battle == (C.ROLL, C.ACCIDENT, C.STOP)
    assert side.problems == frozenset({C.STOP})
    assert not side.moving
    # Parker's rules: a hazard goes only on a moving side.
    parker = play(deal(PARKER, hands), "roll", "accident -> side 0", PASS)
    refused(parker, Play(C.STOP, 0), "not moving")


def test_topmost_a_hazard_may_go_on_a_side_whose_battle_pile_shows_a_remedy() -> None:
    hands = [[C.ROLL, C.REPAIRS], [C.ACCIDENT, C.OUT_OF_GAS]]
    state = play(deal(TOPMOST, hands), "roll", "accident -> side 0", "repairs")
    assert state.table.tableaux[0].battle[-1] is C.REPAIRS
    assert not state.table.tableaux[0].moving
    state = play(state, "out of gas -> side 0")
    assert state.table.tableaux[0].battle == (C.ROLL, C.ACCIDENT, C.REPAIRS, C.OUT_OF_GAS)
    assert state.table.tableaux[0].problems == frozenset({C.OUT_OF_GAS})
    parker = play(deal(PARKER, hands), "roll", "accident -> side 0", "repairs")
    refused(parker, Play(C.OUT_OF_GAS, 0), "not moving")


@pytest.mark.parametrize("hazard", [C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE, C.STOP])
def test_topmost_a_hazard_may_not_go_on_a_side_that_has_not_started(hazard: Card) -> None:
    state = deal(TOPMOST, [[hazard, C.SPEED_LIMIT]])
    assert state.table.tableaux[1].battle == ()
    refused(state, Play(hazard, 1), "has not started")
    # A speed limit still goes on at any time.
    assert "speed limit -> side 1" in moves(state)


def test_topmost_a_hazard_may_go_on_any_side_with_right_of_way_even_one_not_started() -> None:
    state = deal(TOPMOST, [[C.ACCIDENT], [C.RIGHT_OF_WAY, C.REPAIRS, C.D100]])
    state = play(state, PASS, "right of way", PASS)
    assert state.table.tableaux[1].battle == ()
    assert state.table.tableaux[1].moving  # Right of Way is a permanent ROLL
    state = play(state, "accident -> side 1")
    side = state.table.tableaux[1]
    assert side.battle == (C.ACCIDENT,)
    assert side.problems == frozenset({C.ACCIDENT})
    assert drives(state) == []
    # Remedied, the side moves again at once: Right of Way needs no ROLL.
    state = play(state, "repairs", PASS)
    assert state.table.tableaux[1].moving
    state = play(state, "drive 100")
    assert state.table.tableaux[1].miles == 100


def test_topmost_only_the_top_card_counts_the_buried_hazard_no_longer_matters() -> None:
    hands = [[C.ROLL, C.ROLL, C.REPAIRS, C.D100], [C.ACCIDENT, C.STOP]]
    state = play(deal(TOPMOST, hands), "roll", "accident -> side 0", PASS, "stop -> side 0")
    assert state.table.tableaux[0].battle == (C.ROLL, C.ACCIDENT, C.STOP)
    # The Accident is buried: Repairs answers nothing in effect, the ROLL answers the Stop on top.
    refused(state, Play(C.REPAIRS), "not in effect")
    assert "roll" in moves(state)
    state = play(state, "roll")
    side = state.table.tableaux[0]
    assert side.battle == (C.ROLL, C.ACCIDENT, C.STOP, C.ROLL)
    assert side.problems == frozenset()
    assert side.moving
    state = play(state, PASS, "drive 100")
    assert state.table.tableaux[0].miles == 100


def test_topmost_right_of_way_discarding_a_stop_on_top_reveals_the_hazard_below() -> None:
    draws = seat_draws(TOPMOST, {0: [X, X, C.RIGHT_OF_WAY]})
    state = deal(TOPMOST, [[C.ROLL, C.REPAIRS, C.D100], [C.ACCIDENT, C.STOP]], draws)
    state = play(state, "roll", "accident -> side 0", PASS, "stop -> side 0")
    assert C.RIGHT_OF_WAY in state.hands[0]
    state = play(state, "right of way")
    side = state.table.tableaux[0]
    assert side.battle == (C.ROLL, C.ACCIDENT)
    assert state.table.discard_pile[-1] is C.STOP
    # The Accident counts again, and must be remedied.
    assert side.problems == frozenset({C.ACCIDENT})
    assert state.table.current == 0  # the safety's extra turn
    assert drives(state) == []
    refused(state, Play(C.D100), "stopped by Accident")
    state = play(state, "repairs")
    assert state.table.tableaux[0].moving  # Right of Way: no ROLL needed
    state = play(state, PASS, "drive 100")
    assert state.table.tableaux[0].miles == 100


@pytest.mark.parametrize(("top", "safety"), [(C.OUT_OF_GAS, C.EXTRA_TANK), (C.STOP, C.RIGHT_OF_WAY)])
def test_topmost_a_coup_fourre_against_the_top_hazard_reveals_the_hazard_below(
    top: Card, safety: Card
) -> None:
    hands = [[C.ROLL, C.ROLL, safety, C.REPAIRS, C.D100], [C.ACCIDENT, top]]
    state = play(deal(TOPMOST, hands), "roll", "accident -> side 0", PASS, Play(top, 0))
    assert state.table.phase == "coup_fourre"
    state = play(state, "coup fourre")
    side = state.table.tableaux[0]
    assert side.battle == (C.ROLL, C.ACCIDENT)
    assert side.coups_fourres == (safety,)
    assert state.table.discard_pile[-1] is top
    assert side.problems == frozenset({C.ACCIDENT})
    assert state.table.current == 0
    assert drives(state) == []
    assert "roll" not in moves(state)
    state = play(state, "repairs")
    if safety is C.RIGHT_OF_WAY:
        assert state.table.tableaux[0].moving
    else:
        assert not state.table.tableaux[0].moving
        state = play(state, PASS, "roll")
    state = play(state, PASS, "drive 100")
    assert state.table.tableaux[0].miles == 100


@pytest.mark.parametrize("cancel", ["needs_roll", "restores"])
def test_topmost_a_normal_safety_reveals_the_card_below_only_when_it_restores(
    cancel: SafetyCancel,
) -> None:
    rules = attrs.evolve(TOPMOST, safety_cancel=cancel)
    hands = [[C.ROLL, C.ROLL, C.DRIVING_ACE, C.GASOLINE], [C.OUT_OF_GAS, C.ACCIDENT]]
    state = play(deal(rules, hands), "roll", "out of gas -> side 0", PASS, "accident -> side 0",
                 "decline", "driving ace")
    side = state.table.tableaux[0]
    assert side.safeties == (C.DRIVING_ACE,)
    assert side.coups_fourres == ()
    if cancel == "restores":
        # The Accident goes, and the Out of Gas below it counts again.
        assert side.battle == (C.ROLL, C.OUT_OF_GAS)
        assert state.table.discard_pile[-1] is C.ACCIDENT
        assert side.problems == frozenset({C.OUT_OF_GAS})
        assert "gasoline" in moves(state)
        assert "roll" not in moves(state)
    else:
        # The Accident stays on top, counting as remedied: a ROLL is all the side needs.
        assert side.battle == (C.ROLL, C.OUT_OF_GAS, C.ACCIDENT)
        assert side.problems == frozenset()
        assert "gasoline" not in moves(state)
        assert "roll" in moves(state)


# Accumulate: several problems at once, one of each; each its remedy, then a ROLL ----------------------


def test_accumulate_a_hazard_may_go_on_a_side_that_has_not_started_or_is_stopped() -> None:
    state = deal(ACCUMULATE, [[C.ACCIDENT, C.STOP, C.OUT_OF_GAS]])
    state = play(state, "accident -> side 1")
    assert state.table.tableaux[1].problems == frozenset({C.ACCIDENT})
    state = play(state, PASS, "stop -> side 1", PASS, "out of gas -> side 1")
    side = state.table.tableaux[1]
    assert side.battle == (C.ACCIDENT, C.STOP, C.OUT_OF_GAS)
    assert side.problems == frozenset({C.ACCIDENT, C.STOP, C.OUT_OF_GAS})
    assert not side.moving
    # Parker's rules: none of these could be played on a side that has not started.
    parker = deal(PARKER, [[C.ACCIDENT, C.STOP, C.OUT_OF_GAS]])
    for hazard in (C.ACCIDENT, C.STOP, C.OUT_OF_GAS):
        refused(parker, Play(hazard, 1), "not moving")


def test_accumulate_a_hazard_may_go_on_a_moving_side() -> None:
    state = play(deal(ACCUMULATE, [[C.FLAT_TIRE], [C.ROLL]]), PASS, "roll", "flat tire -> side 1")
    assert state.table.tableaux[1].problems == frozenset({C.FLAT_TIRE})
    assert not state.table.tableaux[1].rolling


def test_accumulate_never_the_same_hazard_twice_on_a_side() -> None:
    state = deal(ACCUMULATE, [[C.ACCIDENT, C.ACCIDENT, C.STOP, C.STOP], [C.REPAIRS]])
    state = play(state, "accident -> side 1", PASS, "stop -> side 1", PASS)
    refused(state, Play(C.ACCIDENT, 1), "already suffers")
    refused(state, Play(C.STOP, 1), "already suffers")
    # Once remedied, that hazard may come again.
    state = play(state, PASS, "repairs")
    assert state.table.tableaux[1].problems == frozenset({C.STOP})
    assert "accident -> side 1" in moves(state)
    refused(state, Play(C.STOP, 1), "already suffers")


ANSWERS = {"repairs": C.ACCIDENT, "gasoline": C.OUT_OF_GAS, "spare tire": C.FLAT_TIRE}


@pytest.mark.parametrize("order", list(itertools.permutations(["repairs", "gasoline", "spare tire"])))
def test_accumulate_each_problem_needs_its_own_remedy_in_any_order_and_then_a_roll(
    order: tuple[str, str, str],
) -> None:
    hands = [[C.ROLL, C.ROLL, C.REPAIRS, C.GASOLINE, C.SPARE_TIRE, C.D100],
             [C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE]]
    draws = seat_draws(ACCUMULATE, {0: [C.END_OF_LIMIT] * 3})
    state = deal(ACCUMULATE, hands, draws)
    state = play(state, "roll", "accident -> side 0", PASS, "out of gas -> side 0", PASS,
                 "flat tire -> side 0")
    problems = {C.ACCIDENT, C.OUT_OF_GAS, C.FLAT_TIRE}
    assert state.table.tableaux[0].problems == problems
    refused(state, Play(C.ROLL), "remedy the hazard first")
    for remedy in order:
        state = play(state, remedy)
        problems.remove(ANSWERS[remedy])
        assert state.table.tableaux[0].problems == problems
        assert not state.table.tableaux[0].moving
        state = play(state, PASS)
    # Every problem remedied: the side still needs its ROLL.
    refused(state, Play(C.D100), "no ROLL")
    state = play(state, "roll")
    assert state.table.tableaux[0].moving
    state = play(state, PASS, "drive 100")
    assert state.table.tableaux[0].miles == 100


def test_accumulate_with_right_of_way_the_side_moves_once_its_problems_are_remedied() -> None:
    draws = seat_draws(ACCUMULATE, {0: [X, X, C.RIGHT_OF_WAY]})
    state = deal(ACCUMULATE, [[C.ROLL, C.REPAIRS, C.GASOLINE, C.D100], [C.ACCIDENT, C.OUT_OF_GAS]], draws)
    state = play(state, PASS, "accident -> side 0", PASS, "out of gas -> side 0", "right of way")
    assert state.table.tableaux[0].problems == frozenset({C.ACCIDENT, C.OUT_OF_GAS})
    state = play(state, "repairs", PASS, "gasoline", PASS)
    assert state.table.tableaux[0].moving
    refused(state, Play(C.ROLL), "Right of Way")
    state = play(state, "drive 100")
    assert state.table.tableaux[0].miles == 100


def test_accumulate_a_stop_is_cleared_by_the_roll_once_no_other_problem_remains() -> None:
    hands = [[C.ROLL, C.ROLL, C.REPAIRS, C.D100], [C.STOP, C.ACCIDENT]]
    state = play(deal(ACCUMULATE, hands), "roll", "stop -> side 0", PASS, "accident -> side 0")
    assert state.table.tableaux[0].problems == frozenset({C.STOP, C.ACCIDENT})
    refused(state, Play(C.ROLL), "remedy the hazard first")
    state = play(state, "repairs")
    assert state.table.tableaux[0].problems == frozenset({C.STOP})
    state = play(state, PASS)
    assert "roll" in moves(state)
    state = play(state, "roll")
    side = state.table.tableaux[0]
    assert side.battle == (C.ROLL, C.STOP, C.ACCIDENT, C.REPAIRS, C.ROLL)
    assert side.problems == frozenset()
    assert side.moving
    state = play(state, PASS, "drive 100")
    assert state.table.tableaux[0].miles == 100


def test_accumulate_right_of_way_clears_a_stop_among_other_problems() -> None:
    draws = seat_draws(ACCUMULATE, {0: [X, X, C.RIGHT_OF_WAY]})
    state = deal(ACCUMULATE, [[C.REPAIRS, C.D100], [C.STOP, C.ACCIDENT]], draws)
    state = play(state, PASS, "stop -> side 0", PASS, "accident -> side 0", "right of way")
    side = state.table.tableaux[0]
    assert side.battle == (C.ACCIDENT,)
    assert state.table.discard_pile[-1] is C.STOP
    assert side.problems == frozenset({C.ACCIDENT})
    state = play(state, "repairs")
    assert state.table.tableaux[0].moving
    state = play(state, PASS, "drive 100")
    assert state.table.tableaux[0].miles == 100


@pytest.mark.parametrize("before", ["rolling", "stopped", "not started"])
def test_accumulate_a_coup_fourre_restores_the_side_exactly_as_it_was(before: str) -> None:
    if before == "rolling":
        state = play(deal(ACCUMULATE, [[C.ROLL, C.DRIVING_ACE, C.D100], [C.ACCIDENT]]), "roll")
    elif before == "stopped":
        state = deal(ACCUMULATE, [[C.ROLL, C.ROLL, C.DRIVING_ACE, C.D100], [C.STOP, C.ACCIDENT]])
        state = play(state, "roll", "stop -> side 0", PASS)
    else:
        state = play(deal(ACCUMULATE, [[C.DRIVING_ACE, C.ROLL, C.D100], [C.ACCIDENT]]), PASS)
    earlier = state.table.tableaux[0]
    state = play(state, "accident -> side 0")
    assert state.table.phase == "coup_fourre"
    assert state.table.tableaux[0].problems == earlier.problems | {C.ACCIDENT}
    state = play(state, "coup fourre")
    after = state.table.tableaux[0]
    assert after == attrs.evolve(earlier, safeties=(C.DRIVING_ACE,), coups_fourres=(C.DRIVING_ACE,))
    assert after.rolling == (before == "rolling")
    assert after.moving == (before == "rolling")
    assert ("roll" in moves(state)) == (before != "rolling")
    assert (drives(state) == ["drive 100"]) == (before == "rolling")


@pytest.mark.parametrize("cancel", ["needs_roll", "restores"])
def test_accumulate_a_normal_safety_removes_its_problem_and_follows_safety_cancel(
    cancel: SafetyCancel,
) -> None:
    rules = attrs.evolve(ACCUMULATE, safety_cancel=cancel)
    draws = seat_draws(rules, {0: [X, C.DRIVING_ACE]})
    state = deal(rules, [[C.ROLL, C.ROLL, C.D100], [C.ACCIDENT]], draws)
    state = play(state, "roll", "accident -> side 0", "driving ace")
    side = state.table.tableaux[0]
    assert side.problems == frozenset()
    if cancel == "needs_roll":
        assert side.battle == (C.ROLL, C.ACCIDENT)
        assert not side.moving
        assert drives(state) == []
        assert "roll" in moves(state)
    else:
        assert side.battle == (C.ROLL,)
        assert state.table.discard_pile[-1] is C.ACCIDENT
        assert side.moving
        assert drives(state) == ["drive 100"]
        assert "roll" not in moves(state)


@pytest.mark.parametrize("cancel", ["needs_roll", "restores"])
def test_accumulate_a_normal_safety_removes_only_its_own_problem(
    cancel: SafetyCancel,
) -> None:
    rules = attrs.evolve(ACCUMULATE, safety_cancel=cancel)
    draws = seat_draws(rules, {0: [C.END_OF_LIMIT, C.END_OF_LIMIT, C.DRIVING_ACE]})
    state = deal(rules, [[C.ROLL, C.ROLL, C.SPARE_TIRE, C.D100], [C.ACCIDENT, C.FLAT_TIRE]], draws)
    state = play(state, "roll", "accident -> side 0", PASS, "flat tire -> side 0", "driving ace")
    side = state.table.tableaux[0]
    assert side.problems == frozenset({C.FLAT_TIRE})
    expected = (C.ROLL, C.FLAT_TIRE) if cancel == "restores" else (C.ROLL, C.ACCIDENT, C.FLAT_TIRE)
    assert side.battle == expected
    state = play(state, "spare tire", PASS)
    assert state.table.tableaux[0].problems == frozenset()
    assert drives(state) == []  # the Flat Tire stopped the side: a ROLL is needed either way
    state = play(state, "roll", PASS, "drive 100")
    assert state.table.tableaux[0].miles == 100
