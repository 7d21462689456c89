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
from collections.abc import Sequence
from itertools import chain
from operator import itemgetter

from cardrules._shuffling import shuffled
from cardrules._slots import slot_setters
from cardrules.arguments import check_instance, check_rng, check_seat
from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.state import Observation, State, make_state, vouch_for_state
from cardrules.games.mille_bornes.validation import check_observation

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
    observation = Observation(rules=state.rules, seat=seat, table=state.table, hand=state.hands[seat])
    if state._trusted:
        # What a valid state shows a seat is a valid observation (cardrules._trust).
        _vouch_for_observation(observation, True)
    return observation


_vouch_for_observation = slot_setters(Observation, "rules", "seat", "table", "hand", "_trusted")[4]


def determinize(observation: Observation, rng: random.Random | int) -> State:
    """A full state that ``observation``'s seat cannot tell from the real one.

    The unseen cards are dealt at random from ``rng`` (a ``random.Random`` or a seed): revealed
    cards to the seats known to hold them, the rest uniformly to the other hands and the draw
    pile; the match seed (for later hands and reshuffles) is drawn afresh. The observation is
    validated first (an impossible one raises :class:`~cardrules.errors.InvalidStateError`) unless
    the library vouches for it (``observe`` of a state from its own verbs, see
    :mod:`cardrules._trust`); the state is then built directly, and is one ``validate_state`` accepts.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> observation = observe(new_game(Rules(players=3), seed=2), 0)
    >>> observe(determinize(observation, 5), 0) == observation
    True
    """
    check_observation(observation)
    rng = check_rng(rng)
    table = observation.table
    seat = observation.seat
    revealed = table.revealed
    # The hot path of every search: the cards as bytes (their numbers), because the shuffle draws
    # them in bulk as bytes (cardrules._shuffling) and bytes are counted and sliced at C level; a
    # Counter of the cards would cost about as much as the whole rest of a determinize.
    seen = bytes(chain(observation.hand, table.discard_pile, *chain.from_iterable(
        (t.battle, t.speed, t.direction, t.safeties, t.distance) for t in table.tableaux)))
    if any(revealed):
        seen += bytes(chain.from_iterable(cards for other, cards in enumerate(revealed) if other != seat))
    count = seen.count
    unknown = shuffled(b"".join([_BYTE_OF[card] * (held - count(card))
                                 for card, held in observation.rules._deck_counts]), rng)
    hands: list[tuple[Card, ...]] = []
    at = 0
    for other, size in enumerate(table.hand_sizes):
        if other == seat:
            hands.append(observation.hand)
            continue
        known = revealed[other]
        take = size - len(known)
        hands.append(_cards(sorted(bytes(known) + unknown[at:at + take])))
        at += take
    state: State = make_state(observation.rules, table, tuple(hands), _cards(unknown[at:]),
                              rng.getrandbits(63))
    vouch_for_state(state, True)
    return state


def _cards(numbers: Sequence[int]) -> tuple[Card, ...]:
    """The cards of ``numbers``, in order (one C-level lookup for the lot)."""
    if len(numbers) > 1:
        cards: tuple[Card, ...] = itemgetter(*numbers)(_CARD_OF)
        return cards
    return tuple(map(_CARD_OF.__getitem__, numbers))


_CARD_OF: tuple[Card, ...] = tuple(sorted(Card))
"""Each card by its number (the cards are numbered 0, 1, 2, ...)."""
assert all(card == number for number, card in enumerate(_CARD_OF))
_BYTE_OF = tuple(bytes((card,)) for card in _CARD_OF)
"""Each card's number as one byte, by its number."""
