"""§4 and §6 The game room's discard and end-of-hand rules: ``discard="unplayable_only"`` (a card
that could be played may not be discarded) and ``hand_end="any_hand_empty"`` (the hand ends as soon
as a player due to play has no cards)."""

from __future__ import annotations

import attrs
import pytest

from cardrules.games.mille_bornes import SAFETIES, Card, Discard, Rules, State, legal_moves, result
from cardrules.games.mille_bornes.rules import HandEnd

from .positions import PASS, deal, play, refused, run_out_draw_pile

C = Card
UNPLAYABLE_ONLY = Rules.parker(players=2, target_score=None, discard="unplayable_only")


# Discards ------------------------------------------------------------------------------------------


def test_unplayable_only_a_card_that_could_be_played_may_not_be_discarded() -> None:
    hand = [C.ROLL, C.D100, C.D200, C.STOP, C.REPAIRS, C.END_OF_LIMIT]
    state = deal(UNPLAYABLE_ONLY, [hand, [C.ROLL]], [C.D75])
    # Not moving yet: distance cannot be played, so it may go; the ROLL may not.
    refused(state, Discard(C.ROLL), "Roll could be played, so it may not be discarded")
    assert {Discard(C.D100), Discard(C.D200), Discard(C.D75)} <= set(legal_moves(state))
    # Side 1 is not moving: under Parker's stacking the Stop has no target, so it may go too.
    assert Discard(C.STOP) in legal_moves(state)
    state = play(state, "roll", "roll")
    # Now side 0 moves and side 1 too: the distance and the Stop could be played.
    for card in (C.D75, C.D100, C.D200, C.STOP):
        refused(state, Discard(card), "could be played, so it may not be discarded")
    # Remedies that answer nothing can only be discarded.
    assert Discard(C.REPAIRS) in legal_moves(state)
    assert Discard(C.END_OF_LIMIT) in legal_moves(state)
    state = play(state, "discard end of limit")
    assert state.table.discard_pile[-1] is C.END_OF_LIMIT


def test_unplayable_only_a_distance_that_would_pass_the_race_may_be_discarded() -> None:
    rules = attrs.evolve(UNPLAYABLE_ONLY, race=100, extension_to=None)
    state = play(deal(rules, [[C.ROLL, C.D100, C.D200], [C.ROLL]]), "roll", "roll")
    assert Discard(C.D200) in legal_moves(state)
    refused(state, Discard(C.D100), "could be played")


@pytest.mark.parametrize("safety", SAFETIES)
def test_unplayable_only_a_safety_may_never_be_discarded(safety: Card) -> None:
    state = deal(UNPLAYABLE_ONLY, [[safety]])
    refused(state, Discard(safety), f"{safety} could be played, so it may not be discarded")
    # Under the default rule any card may be discarded, safeties included.
    assert Discard(safety) in legal_moves(deal(attrs.evolve(UNPLAYABLE_ONLY, discard="any"), [[safety]]))


def test_unplayable_only_a_hazard_whose_every_target_is_protected_may_be_discarded() -> None:
    state = deal(UNPLAYABLE_ONLY, [[C.STOP, C.SPEED_LIMIT], [C.RIGHT_OF_WAY]])
    refused(state, Discard(C.SPEED_LIMIT), "could be played")
    state = play(state, PASS, "right of way", PASS)
    assert {Discard(C.STOP), Discard(C.SPEED_LIMIT)} <= set(legal_moves(state))


def test_unplayable_only_what_could_be_played_follows_the_variants() -> None:
    # Topmost stacking: a Stop could go on a side stopped by an Accident, so it may not be discarded.
    topmost = attrs.evolve(UNPLAYABLE_ONLY, hazard_stacking="topmost")
    state = play(deal(topmost, [[C.ACCIDENT, C.STOP], [C.ROLL]]), PASS, "roll", "accident -> side 1", PASS)
    refused(state, Discard(C.STOP), "could be played")
    # Accumulated attacks: any hazard could go on a side that has not started.
    accumulate = attrs.evolve(UNPLAYABLE_ONLY, hazard_stacking="accumulate")
    refused(deal(accumulate, [[C.FLAT_TIRE]]), Discard(C.FLAT_TIRE), "could be played")
    assert Discard(C.FLAT_TIRE) in legal_moves(deal(UNPLAYABLE_ONLY, [[C.FLAT_TIRE]]))
    # The wrong-way card goes on a side at any time; its remedy only onto it.
    wrong_way = attrs.evolve(UNPLAYABLE_ONLY, wrong_way=True)
    state = deal(wrong_way, [[C.WRONG_WAY, C.END_OF_WRONG_WAY]])
    refused(state, Discard(C.WRONG_WAY), "could be played")
    assert Discard(C.END_OF_WRONG_WAY) in legal_moves(state)


# End of hand --------------------------------------------------------------------------------------


def hands_run_down(hand_end: HandEnd) -> State:
    """Two players; the draw pile runs out and seat 0 lays two safeties (an extra turn each), so it
    runs out of cards one turn before seat 1."""
    rules = Rules.parker(players=2, target_score=None, hand_end=hand_end)
    safeties = {C.EXTRA_TANK, C.PUNCTURE_PROOF}
    state = deal(rules, [[C.EXTRA_TANK, C.PUNCTURE_PROOF]])
    state = run_out_draw_pile(state, keep=lambda seat: safeties if seat == 0 else (), until_seat=0)
    assert [len(hand) for hand in state.hands] == [6, 5]
    state = play(state, "extra tank", "puncture proof", PASS)
    assert [len(hand) for hand in state.hands] == [3, 5]
    while len(state.hands[0]) > 0:
        state = play(state, PASS, PASS)
    assert [len(hand) for hand in state.hands] == [0, 2]
    assert state.table.current == 1
    return state


def test_any_hand_empty_the_hand_ends_as_soon_as_a_player_due_to_play_has_no_cards() -> None:
    state = hands_run_down("any_hand_empty")
    state = play(state, PASS)  # seat 0 is due to play, with no cards
    assert state.table.phase == "over"
    assert [len(hand) for hand in state.hands] == [0, 1]
    outcome = result(state)
    assert outcome is not None
    assert outcome.hands[0].completed_by is None


def test_all_hands_empty_a_player_with_no_cards_is_skipped() -> None:
    state = hands_run_down("all_hands_empty")
    state = play(state, PASS)
    assert state.table.phase == "play"
    assert state.table.current == 1  # seat 0 is skipped
    state = play(state, PASS)
    assert state.table.phase == "over"
    assert [len(hand) for hand in state.hands] == [0, 0]


def test_any_hand_empty_does_not_end_the_hand_while_the_draw_pile_has_cards() -> None:
    rules = Rules.parker(players=2, target_score=None, hand_end="any_hand_empty")
    state = deal(rules, [[C.EXTRA_TANK, C.PUNCTURE_PROOF, C.DRIVING_ACE, C.RIGHT_OF_WAY]])
    # Four safeties in a row: seat 0 plays on, drawing each time; its hand never empties.
    state = play(state, "extra tank", "puncture proof", "driving ace", "right of way")
    assert state.table.phase == "play"
    assert state.table.current == 0
    assert len(state.hands[0]) == 7
