"""Helpers that set up precise Mille Bornes positions through the real engine.

A position is never assembled by hand: :func:`deck_order` writes a deck in which the seats are dealt
the hands a test asks for and the draw pile yields the cards it asks for, in order; :func:`deal` starts
the game from that deck and :func:`play` makes the moves, so every state a test looks at is one the
engine itself reached (and :func:`play` checks each with ``validate_state``).

Every hand in this directory is dealt this way. A draw order lists the cards in the order the engine
draws them: the first player's opening draw first, then one per turn (a safety's extra turn draws
again; a coup fourré draws twice, the replacement and the caller's turn).

Cards a test does not name ("filler") come from the rest of the deck in :data:`FILLER_ORDER`: the
remedies that answer nothing first (END_OF_LIMIT, REPAIRS, GASOLINE, SPARE_TIRE), then distance, then
ROLL, then hazards, and the safeties last, so filler rarely makes a move possible that a test did not
plan, and never opens a coup fourré window until the draw pile is nearly exhausted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence

import pytest

from cardrules import IllegalMoveError, to_json
from cardrules.games.mille_bornes import (
    Card,
    Discard,
    Move,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    parse_move,
    validate_state,
    why_illegal,
)

__all__ = [
    "FILLER_ORDER",
    "PASS",
    "deal",
    "deck_order",
    "drain_draw_pile",
    "moves",
    "play",
    "play_out",
    "quietest",
    "refused",
    "rules_id",
    "run_out_draw_pile",
    "seat_draws",
    "solo",
]

FILLER_ORDER: tuple[Card, ...] = (
    Card.END_OF_LIMIT, Card.REPAIRS, Card.GASOLINE, Card.SPARE_TIRE, Card.END_OF_WRONG_WAY,
    Card.D25, Card.D50, Card.D75, Card.D100, Card.D200,
    Card.ROLL,
    Card.SPEED_LIMIT, Card.STOP, Card.ACCIDENT, Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.WRONG_WAY,
    Card.DRIVING_ACE, Card.EXTRA_TANK, Card.PUNCTURE_PROOF, Card.RIGHT_OF_WAY,
)
"""The order in which unnamed cards fill hands and the draw pile."""


def deck_order(
    rules: Rules,
    hands: Sequence[Sequence[Card]] = (),
    draws: Sequence[Card | None] = (),
) -> list[Card]:
    """An order of exactly ``rules``' deck for ``new_game(rules, deck=...)``.

    ``hands[s]`` are cards dealt to seat ``s`` (padded with filler up to ``hand_size``; seats not
    given get filler only). ``draws`` are the first cards of the draw pile, in the order the engine
    draws them (the first player's opening draw first; a coup fourré's replacement draw and the
    caller's turn draw are two draws); ``None`` stands for the next filler card.
    """
    if len(hands) > rules.players:
        raise ValueError(f"{len(hands)} hands for {rules.players} seats")
    pool = Counter(rules.deck_cards())
    named = Counter(card for hand in hands for card in hand)
    named.update(card for card in draws if card is not None)
    short = named - pool
    if short:
        raise ValueError(f"the deck does not hold {dict(short)}")
    if any(len(hand) > rules.hand_size for hand in hands):
        raise ValueError(f"a hand holds at most {rules.hand_size} cards")
    pool.subtract(named)
    filler = sorted(pool.elements(), key=FILLER_ORDER.index)
    filler.reverse()  # pop() takes the next filler card from the end

    order: list[Card] = []
    for seat in range(rules.players):
        hand = list(hands[seat]) if seat < len(hands) else []
        while len(hand) < rules.hand_size:
            hand.append(filler.pop())
        order.extend(hand)
    for card in draws:
        order.append(filler.pop() if card is None else card)
    order.extend(reversed(filler))
    assert Counter(order) == Counter(rules.deck_cards())
    return order


def seat_draws(
    rules: Rules, per_seat: Mapping[int, Sequence[Card | None]], *, first_player: int = 0
) -> list[Card | None]:
    """A draw order for plain rounds of turns (no safety's extra turn, no coup fourré, nobody
    skipped): seat ``s`` draws ``per_seat[s][k]`` on its ``k``-th turn, every other draw is filler.

    >>> seat_draws(Rules(players=3), {0: [Card.D25, Card.D50], 2: [Card.ROLL]})
    [<Card.D25: 0>, None, <Card.ROLL: 14>, <Card.D50: 1>]
    """
    rounds = max((len(cards) for cards in per_seat.values()), default=0)
    order: list[Card | None] = []
    for turn in range(rounds):
        for step in range(rules.players):
            cards = per_seat.get((first_player + step) % rules.players, ())
            order.append(cards[turn] if turn < len(cards) else None)
    while order and order[-1] is None:
        order.pop()
    return order


def deal(
    rules: Rules,
    hands: Sequence[Sequence[Card]] = (),
    draws: Sequence[Card | None] = (),
    *,
    first_player: int = 0,
) -> State:
    """A new game dealt from :func:`deck_order` (the first player has already drawn)."""
    return new_game(rules, deck=deck_order(rules, hands, draws), first_player=first_player)


PASS = "(pass)"
"""A step of :func:`play`: the seat on turn discards its quietest card (the first in
:data:`FILLER_ORDER`), for the turns in which a test has nothing to do."""


def quietest(hand: Sequence[Card]) -> Card:
    """The card of ``hand`` that comes first in :data:`FILLER_ORDER`."""
    return min(hand, key=FILLER_ORDER.index)


def play(state: State, *steps: str | Move) -> State:
    """``state`` after each step in turn; a step is a move, its notation (read by ``parse_move``),
    or :data:`PASS`. Every state reached must pass ``validate_state`` (what ``from_json`` checks)."""
    for step in steps:
        if step == PASS:
            move: Move = Discard(quietest(state.hands[state.table.current]))
        elif isinstance(step, str):
            move = parse_move(state, step)
        else:
            move = step
        state = apply(state, move)
        validate_state(state)
    return state


def solo(state: State, *steps: str | Move, seat: int = 0) -> State:
    """``seat`` makes each step in turn; after each, the other seats :data:`PASS` until it is
    ``seat``'s turn again (or a decision other than a normal turn is due, or the hand is over)."""
    for step in steps:
        assert state.table.current == seat, f"seat {state.table.current} is on turn, not seat {seat}"
        state = play(state, step)
        while state.table.phase == "play" and state.table.current != seat:
            state = play(state, PASS)
    return state


def moves(state: State) -> list[str]:
    """The legal moves in notation, in ``legal_moves`` order."""
    return [str(move) for move in legal_moves(state)]


def _discard_for(state: State, keep: Collection[Card]) -> Move:
    hand = state.hands[state.table.current]
    spare = [card for card in hand if card not in keep]
    if spare:
        return Discard(spare[0])
    kept = Counter(hand)
    # Everything is worth keeping: give up a duplicate if there is one, else the first card.
    twice = [card for card in hand if kept[card] > 1]
    return Discard(twice[0] if twice else hand[0])


def run_out_draw_pile(
    state: State,
    keep: Callable[[int], Collection[Card]] = lambda seat: (),
    *,
    until_seat: int | None = None,
) -> State:
    """Everyone discards (never a card in ``keep(seat)`` while it has another) until the draw pile
    is empty, and then until the seat on turn is one that did not draw this turn (and is
    ``until_seat``, if given): the next move is made from an empty draw pile."""
    while state.draw_pile:
        state = apply(state, _discard_for(state, keep(state.table.current)))
    # The seat on turn may have drawn the last card: let it discard too.
    if len(state.hands[state.table.current]) > state.rules.hand_size:
        state = apply(state, _discard_for(state, keep(state.table.current)))
    while until_seat is not None and state.table.current != until_seat:
        state = apply(state, _discard_for(state, keep(state.table.current)))
    assert not state.draw_pile
    assert state.table.phase == "play"
    return state


def drain_draw_pile(state: State, keep: Callable[[int], Collection[Card]] = lambda seat: ()) -> State:
    """Everyone discards (never a card in ``keep(seat)`` while it has another) until the last card
    of the draw pile has been drawn: the seat on turn holds it, and the next turn will find the
    draw pile empty (and refill it from the discards, under the reshuffle variant)."""
    while state.draw_pile:
        state = apply(state, _discard_for(state, keep(state.table.current)))
        validate_state(state)
    assert state.table.phase == "play"
    return state


def refused(state: State, move: Move, *words: str) -> str:
    """Check that ``move`` raises an ``IllegalMoveError`` whose reason holds ``words`` (and is what
    ``why_illegal`` says), is not listed by ``legal_moves``, and leaves ``state`` unchanged;
    return the reason."""
    before = to_json(state)
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move)
    assert to_json(state) == before
    reason = caught.value.reason
    for word in words:
        assert word.lower() in reason.lower(), (word, reason)
    assert why_illegal(state, move) == reason
    assert move not in legal_moves(state)
    return reason


def play_out(state: State, keep: Callable[[int], Collection[Card]] = lambda seat: ()) -> State:
    """Everyone discards until the hand (or the game) ends; returns the first state of the next hand
    or the final state."""
    hand_number = state.table.match.hand_number
    while state.table.phase == "play" and state.table.match.hand_number == hand_number:
        state = apply(state, _discard_for(state, keep(state.table.current)))
    return state


def rules_id(rules: object) -> str:
    """A short test id for a rules value: its preset, table and length, e.g. ``french-4x2-hand``."""
    assert isinstance(rules, Rules)
    table = {"players": rules.players, "team_size": rules.team_size, "target_score": rules.target_score}
    name = next(
        (preset for preset in ("parker", "french", "wikipedia", "room")
         if getattr(Rules, preset)(**table) == rules),
        "custom",
    )
    length = "hand" if rules.target_score is None else f"match{rules.target_score}"
    return f"{name}-{rules.players}x{rules.team_size}-{length}"
