"""Checks that a state or observation read from outside could arise in a real game."""

from __future__ import annotations

import itertools
from collections import Counter

from cardrules.errors import InvalidStateError
from cardrules.games.the_game.cards import CARDS, FIRE_CARDS, PILE_NAMES, ROW_CARDS, fits
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.state import PLAYING, Pile, State

__all__ = ["validate_state"]

_STATUSES = ("playing", "won", "stuck", "burned")


def validate_state(state: State) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``state`` could arise in play.

    Checked: every card exactly once; piles that obey the laying rules; hands sorted and of
    possible sizes; the turn bookkeeping; a status that matches the table.
    """
    if type(state) is not State or type(state.rules) is not Rules:
        raise InvalidStateError("not a state of The Game")
    rules = state.rules
    if len(state.hands) != rules.players:
        raise InvalidStateError(f"{len(state.hands)} hands at a {rules.players}-player table")
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            raise InvalidStateError(f"seat {seat}'s hand is not sorted")
    check_cards(state.piles, state.hands, state.draw_pile, complete=True)
    sizes = tuple(len(hand) for hand in state.hands)
    check_public(rules, state.piles, sizes, len(state.draw_pile), state.current, state.laid,
                 state.turn, state.fire_due, state.status)
    check_turn(rules, state.piles, state.hands[state.current], len(state.draw_pile), state.laid,
               state.status)


def check_cards(
    piles: tuple[Pile, ...],
    hands: tuple[tuple[int, ...], ...],
    draw_pile: tuple[int, ...],
    *,
    complete: bool,
) -> None:
    """Every card at most once (exactly once if ``complete``), and only cards 2..99."""
    if len(piles) != 4:
        raise InvalidStateError("The Game has four piles")
    seen: Counter[int] = Counter()
    for pile in piles:
        seen.update(pile[1:])
    for hand in hands:
        seen.update(hand)
    seen.update(draw_pile)
    strangers = sorted(card for card in seen if type(card) is not int or card not in CARDS)
    if strangers:
        raise InvalidStateError(f"not cards of The Game: {strangers[:5]}")
    twice = sorted(card for card, count in seen.items() if count > 1)
    if twice:
        raise InvalidStateError(f"cards held twice: {twice[:5]}")
    if complete and len(seen) != len(CARDS):
        missing = sorted(set(CARDS) - set(seen))
        raise InvalidStateError(f"cards missing from the game: {missing[:5]}")


def check_public(
    rules: Rules,
    piles: tuple[Pile, ...],
    sizes: tuple[int, ...],
    draw_size: int,
    current: int,
    laid: int,
    turn: int,
    fire_due: tuple[int, ...],
    status: str,
) -> None:
    """The checks that need only what every player sees."""
    for number, pile in enumerate(piles):
        if not pile or pile[0] != ROW_CARDS[number]:
            raise InvalidStateError(f"pile {PILE_NAMES[number]} must start with {ROW_CARDS[number]}")
        for below, card in itertools.pairwise(pile):
            if not fits(card, number, below):
                raise InvalidStateError(f"{card} cannot lie on {below} on pile {PILE_NAMES[number]}")
    if status not in _STATUSES:
        raise InvalidStateError(f"unknown status {status!r}")
    if not 0 <= current < rules.players:
        raise InvalidStateError(f"seat {current} is not at the table")
    if turn < 0 or laid < 0:
        raise InvalidStateError("negative turn or card count")
    full = rules.hand_size
    for seat, size in enumerate(sizes):
        owed = laid if seat == current else 0
        if size + owed > full or (draw_size and size + owed != full):
            raise InvalidStateError(f"seat {seat} cannot hold {size} cards now")
    all_laid = draw_size == 0 and not any(sizes)
    if (status == "won") != all_laid:
        raise InvalidStateError("a game is won exactly when every card is laid")
    if status == PLAYING and sizes[current] == 0 and laid == 0:
        raise InvalidStateError("a seat with no cards cannot be on turn")
    if len(fire_due) != 4:
        raise InvalidStateError("fire_due has one entry per pile")
    for number, due in enumerate(fire_due):
        if due == -1:
            continue
        if not rules.on_fire or piles[number][-1] not in FIRE_CARDS or due not in (turn, turn + 1):
            raise InvalidStateError(f"no fire card can be due on pile {PILE_NAMES[number]}")
        if due == turn + 1 and laid == 0:
            raise InvalidStateError(f"the fire card on {PILE_NAMES[number]} was laid in no turn")
    on_piles = sum(len(pile) - 1 for pile in piles) - laid
    if not turn <= on_piles <= turn * full:
        raise InvalidStateError(f"{on_piles} cards laid in {turn} finished turns is impossible")
    if status == "burned" and not any(
        due == turn and piles[number][-1] in FIRE_CARDS for number, due in enumerate(fire_due)
    ):
        raise InvalidStateError("a game is burned only by a fire card due this turn and uncovered")
    if rules.on_fire and status != "burned":
        for number, pile in enumerate(piles):
            if pile[-1] in FIRE_CARDS and fire_due[number] == -1:
                raise InvalidStateError(f"the fire card on {PILE_NAMES[number]} has no deadline")


def check_turn(
    rules: Rules,
    piles: tuple[Pile, ...],
    hand: tuple[int, ...],
    draw_size: int,
    laid: int,
    status: str,
) -> None:
    """The checks that need the hand of the seat on turn."""
    minimum = rules.minimum if draw_size else 1
    tops = [pile[-1] for pile in piles]
    can_lay = any(fits(card, number, top) for card in hand for number, top in enumerate(tops))
    if status == PLAYING and laid < minimum and not can_lay:
        raise InvalidStateError("the player on turn owes cards and cannot lay one: that is a loss")
    if status == "stuck" and (laid >= minimum or can_lay):
        raise InvalidStateError("the game is marked stuck but the player on turn can go on")
