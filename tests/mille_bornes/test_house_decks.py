"""House decks with several copies of a safety (the rules contract allows any composition).

A side may play a second copy of a safety it already has: it protects from nothing new, scores its
100 points like any safety played (and 300 more as a coup fourré), and the all-four bonus still needs
the four different safeties. What the engine plays, the validator accepts, so such states go
through JSON and the conformance check.
"""

from __future__ import annotations

import attrs

from cardrules import from_json, to_json
from cardrules.games.mille_bornes import (
    Card,
    Rules,
    State,
    determinize,
    new_game,
    observe,
    result,
    validate_state,
)
from cardrules.testing import check_conformance

from .positions import deal, play, play_out, solo

C = Card


def with_counts(rules: Rules, **counts: int) -> Rules:
    """``rules`` with a deck whose counts are changed by card name."""
    composition = rules.composition()
    for name, count in counts.items():
        composition[Card[name]] = count
    return attrs.evolve(rules, deck=tuple(sorted(composition.items())))


TWO_RIGHT_OF_WAY = with_counts(Rules.parker(players=2, target_score=None), RIGHT_OF_WAY=2)


def both_right_of_way_played() -> State:
    state = deal(TWO_RIGHT_OF_WAY, [[C.RIGHT_OF_WAY, C.RIGHT_OF_WAY, C.D100]])
    # A safety gives another turn at once, so seat 0 plays both copies in a row.
    return play(state, "right of way", "right of way")


def test_a_side_may_play_a_second_copy_of_a_safety_and_the_state_stays_valid() -> None:
    state = both_right_of_way_played()
    assert state.table.tableaux[0].safeties == (C.RIGHT_OF_WAY, C.RIGHT_OF_WAY)
    validate_state(state)
    assert from_json(to_json(state), State) == state


def test_a_second_copy_scores_like_any_safety_but_not_toward_all_four() -> None:
    state = both_right_of_way_played()
    state = solo(state, "drive 100")
    column = result(play_out(state)).hands[0].sides[0]  # type: ignore[union-attr]
    assert column.safeties == 200
    assert column.all_safeties == 0


def test_the_all_four_bonus_counts_four_different_safeties_among_copies() -> None:
    rules = with_counts(Rules.parker(players=2, target_score=None), DRIVING_ACE=2)
    hand = [C.DRIVING_ACE, C.DRIVING_ACE, C.EXTRA_TANK, C.PUNCTURE_PROOF, C.RIGHT_OF_WAY]
    state = play(deal(rules, [hand]), "driving ace", "driving ace", "extra tank", "puncture proof",
                 "right of way")
    column = result(play_out(state)).hands[0].sides[0]  # type: ignore[union-attr]
    assert column.safeties == 500
    assert column.all_safeties == 300


def test_the_house_deck_of_the_api_page_passes_the_conformance_check() -> None:
    base = Rules.room(players=3, accumulate=True, wrong_way=True, target_score=None)
    house = with_counts(base, RIGHT_OF_WAY=2, D200=6)
    report = check_conformance(house, games=5, seed=1)
    assert (report.games, report.terminal_states) == (5, 5)


def test_determinize_deals_every_copy_of_a_card_a_house_deck_holds_hundreds_of() -> None:
    # More than 256 copies of one card: once, determinize dealt at most 256 of each, and the state
    # it built had a draw pile shorter than its table said.
    rules = Rules(deck=((C.ROLL, 20), (C.D25, 300), (C.D50, 10)), target_score=None)
    state = new_game(rules, seed=1)
    for seat in (0, 1):
        guess = determinize(observe(state, seat), 2)
        validate_state(guess)
        assert len(guess.draw_pile) == len(state.draw_pile)
