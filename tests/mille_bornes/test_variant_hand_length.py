"""How long a hand can last (docs/mille-bornes-presets.md): at most deck × (1 + reshuffle_limit)
card moves (reshuffles only with the variant on), plus at most (players − 1) Declines per hazard
played, plus one extension decision — checked by counting every decision of random hands under
random rules values of the variant grid."""

from __future__ import annotations

import random
from collections import Counter

import attrs
from hypothesis import given
from hypothesis import strategies as st

from cardrules.games.mille_bornes import (
    HAZARDS,
    SAFETIES,
    Decline,
    Discard,
    Extend,
    Play,
    Rules,
    apply,
    legal_moves,
    new_game,
    variant_grid,
)

GRIDS = {table: variant_grid(*table) for table in ((2, 1), (3, 1), (4, 2), (6, 3), (9, 3))}


@attrs.frozen
class Decisions:
    """The decisions of one hand, by kind."""

    card_moves: int = 0
    declines: int = 0
    extension_decisions: int = 0
    hazards_played: int = 0

    @property
    def total(self) -> int:
        return self.card_moves + self.declines + self.extension_decisions


def card_move_bound(rules: Rules) -> int:
    reshuffles = rules.reshuffle_limit if rules.reshuffle_discards else 0
    return len(rules.deck_cards()) * (1 + reshuffles)


def play_hand(rules: Rules, seed: int, chooser: int, stall: bool) -> Decisions:
    """Play one hand at random (``stall``: discard whenever allowed, to make the hand long) and
    count its decisions."""
    rng = random.Random(chooser)
    state = new_game(rules, seed=seed)
    counts: Counter[str] = Counter()
    while state.table.phase != "over":
        legal = legal_moves(state)
        discards = [move for move in legal if isinstance(move, Discard)]
        move = rng.choice(discards if stall and discards else legal)
        if state.table.phase == "extension":
            counts["extension_decisions"] += 1
        elif isinstance(move, Decline):
            counts["declines"] += 1
        else:
            assert not isinstance(move, Extend)
            counts["card_moves"] += 1
            if isinstance(move, Play) and move.card in HAZARDS:
                counts["hazards_played"] += 1
        state = apply(state, move)
        decisions = Decisions(**counts)
        assert decisions.card_moves <= card_move_bound(rules)
        assert decisions.total <= card_move_bound(rules) + (rules.players - 1) * len(rules.deck_cards()) + 1
    return Decisions(**counts)


def with_safeties(rules: Rules, copies: int) -> Rules:
    """``rules`` with ``copies`` of each safety, so that a coup fourré window may ask several holders."""
    counts = dict(rules.composition())
    counts.update(dict.fromkeys(SAFETIES, copies))
    return attrs.evolve(rules, deck=tuple(sorted(counts.items())))


hands = st.tuples(
    st.sampled_from(sorted(GRIDS)).flatmap(lambda table: st.sampled_from(GRIDS[table])),
    st.integers(min_value=0, max_value=4),  # reshuffle_limit
    st.sampled_from([1, 1, 2, 3]),  # copies of each safety
    st.integers(min_value=0, max_value=2**32 - 1),  # deal
    st.integers(min_value=0, max_value=2**32 - 1),  # choices
    st.booleans(),  # stall
)


@given(hands)
def test_every_hand_ends_within_the_documented_bound(hand: tuple[Rules, int, int, int, int, bool]) -> None:
    rules, limit, copies, seed, chooser, stall = hand
    rules = attrs.evolve(rules, reshuffle_limit=limit)
    if copies > 1:
        rules = with_safeties(rules, copies)
    decisions = play_hand(rules, seed, chooser, stall)
    assert decisions.card_moves <= card_move_bound(rules)
    assert decisions.declines <= (rules.players - 1) * decisions.hazards_played
    if copies == 1:
        # One copy of each safety: a window asks one player at most.
        assert decisions.declines <= decisions.hazards_played
    assert decisions.extension_decisions <= 1
    bound = card_move_bound(rules) + (rules.players - 1) * decisions.hazards_played + 1
    assert decisions.total <= bound


def test_the_bound_for_parker_two_players_is_115_decisions() -> None:
    """The docs' example: 101 card moves, 13 hazards with one holder each, one extension decision."""
    rules = Rules.parker(players=2)
    hazards = sum(count for card, count in rules.composition().items() if card in HAZARDS)
    assert (card_move_bound(rules), hazards) == (101, 13)
    assert card_move_bound(rules) + hazards + 1 == 115
    assert card_move_bound(Rules.room(players=4, reshuffle=True)) == 424


def test_a_hand_of_discards_only_reaches_the_card_move_bound_without_reshuffles() -> None:
    # Only discards, nothing else: every card of the deck passes through a hand exactly once.
    rules = Rules.parker(players=2, target_score=None)
    state = new_game(rules, seed=11)
    moves = 0
    while state.table.phase != "over":
        hand = state.hands[state.table.current]
        state = apply(state, Discard(hand[0]))
        moves += 1
    assert moves == card_move_bound(rules) == 101
