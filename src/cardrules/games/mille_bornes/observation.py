"""What one seat may know of a Mille Bornes game, and full states consistent with it.

Public (the :class:`~cardrules.games.mille_bornes.state.Table`): every tableau, the discard pile
(discards are face up), the number of cards in each hand and in the draw pile, the decision under
way, the match so far. Private: the other hands, the draw-pile order and the match seed (which
deals later hands). One thing the rules themselves reveal: a coup fourré window asks only a player
who holds the safety, so that card is public (``Table.revealed``) until it leaves the hand. That no
window opened tells, in turn, that no member of the attacked side held the safety at that moment;
observations do not record this negative inference.
"""

from __future__ import annotations

import random

from cardrules.arguments import check_instance, check_rng, check_seat
from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.state import Observation, State
from cardrules.games.mille_bornes.validation import unknown_cards

__all__ = ["determinize", "observe"]


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``: the table every seat sees (the same object, not a
    copy) and its own hand.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> state = new_game(Rules(), seed=4)
    >>> observation = observe(state, 1)
    >>> observation.hand == state.hands[1], observation.table is state.table
    (True, True)
    """
    check_instance(state, State, "a state of Mille Bornes")
    check_seat(seat, state.rules.players)
    return Observation(rules=state.rules, seat=seat, table=state.table, hand=state.hands[seat])


def determinize(observation: Observation, rng: random.Random | int) -> State:
    """A full state that ``observation``'s seat cannot tell from the real one.

    The unseen cards are dealt at random from ``rng`` (a ``random.Random`` or a seed): revealed
    cards to the seats known to hold them, the rest uniformly to the other hands and the draw
    pile; the match seed (for later hands and reshuffles) is drawn afresh. The observation is
    validated first (an impossible one raises :class:`~cardrules.errors.InvalidStateError`); the
    state is then built directly, and is one ``validate_state`` accepts.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> observation = observe(new_game(Rules(players=3), seed=2), 0)
    >>> observe(determinize(observation, 5), 0) == observation
    True
    """
    check_instance(observation, Observation, "an observation of Mille Bornes")
    rng = check_rng(rng)
    unknown = unknown_cards(observation)
    rng.shuffle(unknown)
    table = observation.table
    seat = observation.seat
    revealed = table.revealed
    hands: list[tuple[Card, ...]] = []
    at = 0
    for other, size in enumerate(table.hand_sizes):
        if other == seat:
            hands.append(observation.hand)
            continue
        known = revealed[other]
        take = size - len(known)
        hands.append(tuple(sorted((*known, *unknown[at:at + take]))))
        at += take
    return State(rules=observation.rules, table=table, hands=tuple(hands), draw_pile=tuple(unknown[at:]),
                 seed=rng.getrandbits(63))
