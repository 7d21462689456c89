"""Helpers that set up precise positions of The Game for the rule tests.

Prefer :func:`deck_order` (the position comes out of the real deal); :func:`build_state` builds a
mid- or late-game table directly and insists that :func:`validate_state` accepts it, so a test can
never start from a position the game could not reach.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardrules.games.the_game import (
    CARDS,
    END_TURN,
    ROW_CARDS,
    Play,
    Rules,
    State,
    Status,
    Table,
    apply,
    legal_moves,
    validate_state,
)

NO_FIRE = (-1, -1, -1, -1)


def deck_order(*hands: Iterable[int], draw_front: Iterable[int] = ()) -> list[int]:
    """A deck that deals ``hands`` to seats 0, 1, ... and puts ``draw_front`` on top of the draw pile.

    The remaining cards follow in ascending order.
    """
    order: list[int] = []
    for hand in hands:
        order.extend(hand)
    order.extend(draw_front)
    if len(set(order)) != len(order):
        raise ValueError("a card is given twice")
    order.extend(card for card in CARDS if card not in set(order))
    return order


def build_state(
    rules: Rules,
    *,
    tops: tuple[int, int, int, int],
    hands: Sequence[Iterable[int]],
    draw_pile: Iterable[int] = (),
    current: int = 0,
    laid: int = 0,
    turn: int | None = None,
    fire_due: tuple[int, int, int, int] = NO_FIRE,
    status: Status = "playing",
) -> State:
    """A table with the given pile tops, hands and draw pile; every other card is buried in a pile.

    A buried card goes under the first pile it can lie beneath (below an ascending top, above a
    descending one), so the piles obey the laying rules. The state must pass ``validate_state``.
    ``turn`` defaults to the fewest turns that could have laid the cards already on the piles.
    """
    held = [tuple(sorted(hand)) for hand in hands]
    draw = tuple(draw_pile)
    shown = [top for number, top in enumerate(tops) if top != ROW_CARDS[number]]
    used = [*shown, *(card for hand in held for card in hand), *draw]
    if len(set(used)) != len(used):
        raise ValueError("a card is placed twice")
    buried: list[list[int]] = [[], [], [], []]
    for card in CARDS:
        if card in used:
            continue
        for number, top in enumerate(tops):
            if top == ROW_CARDS[number]:
                continue
            if (number < 2 and card < top) or (number >= 2 and card > top):
                buried[number].append(card)
                break
        else:
            raise ValueError(f"card {card} fits under no pile")
    piles = tuple(
        (ROW_CARDS[number], *sorted(buried[number], reverse=number >= 2),
         *((top,) if top != ROW_CARDS[number] else ()))
        for number, top in enumerate(tops)
    )
    if turn is None:
        on_piles = sum(len(pile) - 1 for pile in piles)
        turn = -(-(on_piles - laid) // rules.hand_size)
    table = Table(
        piles=(piles[0], piles[1], piles[2], piles[3]),
        hand_sizes=tuple(len(hand) for hand in held),
        draw_pile_size=len(draw),
        current=current,
        laid=laid,
        turn=turn,
        fire_due=fire_due,
        status=status,
    )
    state = State(rules=rules, table=table, hands=tuple(held), draw_pile=draw)
    validate_state(state)
    return state


def play_all(state: State, *moves: object) -> State:
    """``state`` after each of ``moves`` in turn (``(card, pile)`` pairs are read as plays)."""
    for move in moves:
        if isinstance(move, tuple):
            card, pile = move
            move = Play(card, pile)
        state = apply(state, move)  # type: ignore[arg-type]
    return state


def lay_and_end(state: State, count: int = 2) -> State:
    """Lay ``count`` cards, each time the first legal play, then end the turn."""
    for _ in range(count):
        state = apply(state, next(move for move in legal_moves(state) if isinstance(move, Play)))
    return apply(state, END_TURN)
