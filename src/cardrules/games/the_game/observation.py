"""What one seat may know (the table and its own hand), and full states consistent with it."""

from __future__ import annotations

import random
from math import comb

from cardrules.arguments import check_instance, check_rng, check_seat
from cardrules.games.the_game.cards import CARDS, dead_cards
from cardrules.games.the_game.state import Observation, State
from cardrules.games.the_game.table import PLAYING
from cardrules.games.the_game.validation import validate_observation

__all__ = ["determinize", "observe"]

_CARD_SET = frozenset(CARDS)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``: the table as it is, and its own hand.

    >>> from cardrules.games.the_game import Rules, new_game
    >>> state = new_game(Rules(players=2), seed=4)
    >>> obs = observe(state, 1)
    >>> obs.hand == state.hands[1], obs.table is state.table
    (True, True)
    """
    check_instance(state, State, "a state of The Game")
    check_seat(seat, state.rules.players)
    return Observation(state.rules, seat, state.table, state.hands[seat])


def determinize(observation: Observation, rng: random.Random | int) -> State:
    """A full state that ``observation``'s seat cannot tell from the real one.

    The unseen cards are shuffled with ``rng`` (a ``random.Random`` or a seed) and dealt to the other
    hands and the draw pile, so ``observe(determinize(obs, rng), obs.seat) == obs``. An observation
    that could not be seen in play raises :class:`~cardrules.errors.InvalidStateError`.

    >>> import random
    >>> from cardrules.games.the_game import Rules, new_game
    >>> obs = observe(new_game(Rules(players=3), seed=2), 0)
    >>> observe(determinize(obs, random.Random(5)), 0) == obs
    True
    """
    check_instance(observation, Observation, "an observation of The Game")
    rng = check_rng(rng)
    validate_observation(observation)
    table = observation.table
    seat, current, sizes = observation.seat, table.current, table.hand_sizes
    unseen = _shuffled(sorted(_CARD_SET.difference(observation.hand, *table.piles)), rng)
    # The hidden hands are dealt in seat order (the observer's skipped), then the draw pile.
    start = sum(sizes[:current]) - (sizes[seat] if seat < current else 0)
    size = sizes[current]
    stuck = table.status == "stuck"
    if current != seat and (stuck or (table.status == PLAYING and table.laid < observation.minimum)):
        # What the observer knows of the hand on turn besides its size: while its player owes
        # cards it can lay one (else the game would be lost), and in a game lost by being stuck
        # it can lay none. validate_observation made sure that some hand qualifies.
        dead = dead_cards(unseen, table.tops)
        alive = sum(card not in dead for card in unseen[start:start + size])
        if (alive > 0) == stuck:
            # The plain deal does not qualify (those that do are kept: they are uniform among
            # the qualifying deals, and the redeal below draws from the same law).
            unseen = _deal_hand_on_turn(unseen, dead, start, size, stuck, rng)
    hands = []
    at = 0
    for other, count in enumerate(sizes):
        if other == seat:
            hands.append(observation.hand)
        else:
            hands.append(tuple(sorted(unseen[at:at + count])))
            at += count
    # Built directly: the observation was validated, and a state dealt from it is valid by construction.
    return State(rules=observation.rules, table=table, hands=tuple(hands), draw_pile=tuple(unseen[at:]))


def _deal_hand_on_turn(
    order: list[int], dead: set[int], start: int, size: int, stuck: bool, rng: random.Random
) -> list[int]:
    """``order`` redealt so that the hand at ``start`` (``size`` cards) is a uniform draw among the
    hands that can lay a card (or, if ``stuck``, that cannot), and the other cards a uniform shuffle.

    The number of live cards in such a hand follows the hypergeometric law conditioned on being at
    least 1 (or exactly 0); the cards of each kind are then the first ones of ``order``, which is
    already shuffled.
    """
    alive = [card for card in order if card not in dead]
    lifeless = [card for card in order if card in dead]
    if stuck:
        live = 0
    else:
        weights = [comb(len(alive), k) * comb(len(lifeless), size - k) for k in range(1, size + 1)]
        pick = rng.randrange(sum(weights))
        live = 1
        for weight in weights:
            if pick < weight:
                break
            pick -= weight
            live += 1
    hand = alive[:live] + lifeless[:size - live]
    rest = _shuffled(alive[live:] + lifeless[size - live:], rng)
    return rest[:start] + hand + rest[start:]


def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """``cards`` in a uniformly random order drawn from ``rng``.

    Sorted by random keys (53-bit floats, so a tie is as good as impossible) rather than by
    ``rng.shuffle``, which runs ``_randbelow`` in Python for every card: a third cheaper, and the
    shuffle is most of what ``determinize`` costs.
    """
    draw = rng.random
    return sorted(cards, key=lambda _: draw())
