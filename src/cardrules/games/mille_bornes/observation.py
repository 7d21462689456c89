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
from operator import itemgetter
from typing import TypeAlias

from cardrules.arguments import check_instance, check_rng, check_seat
from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.state import Observation, State, make_state, vouch_for_state
from cardrules.games.mille_bornes.validation import unknown_cards_unchecked, unknown_numbers
from cardrules.shuffling import shuffled
from cardrules.slots import slot_setters

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
        # What a valid state shows a seat is a valid observation (cardrules.trust).
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
    :mod:`cardrules.trust`); the state is then built directly, and is one ``validate_state`` accepts.

    A search determinizes one observation many times: what does not depend on the draw (the check
    of the observation, its unseen cards) is worked out once and kept for the last observations
    seen, by identity (an observation is a frozen record, so what holds for it holds for good).

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> observation = observe(new_game(Rules(players=3), seed=2), 0)
    >>> observe(determinize(observation, 5), 0) == observation
    True
    """
    check_instance(observation, Observation, "an observation of Mille Bornes")
    rng = check_rng(rng)
    known = _PREPARED.get(id(observation))
    unknown_sorted, deal_hands = (known[1] if known is not None and known[0] is observation
                                  else _prepare(observation))
    # The cards as bytes (their numbers): shuffled in bulk, dealt by slicing, turned back into
    # cards by one C-level lookup per hand (itemgetter of the numbers, over the cards by number).
    unknown = shuffled(unknown_sorted, rng)
    hands: list[tuple[Card, ...]] = []
    at = 0
    for known_cards, take in deal_hands:
        if take is None:
            hands.append(observation.hand)
        else:
            hands.append(_cards(sorted(known_cards + unknown[at:at + take])))
            at += take
    state: State = make_state(observation.rules, observation.table, tuple(hands),
                              _cards(unknown[at:]), rng.getrandbits(63))
    vouch_for_state(state, True)
    return state


def _cards(numbers: Sequence[int]) -> tuple[Card, ...]:
    """The cards of ``numbers``, in order."""
    if len(numbers) > 1:
        cards: tuple[Card, ...] = itemgetter(*numbers)(_CARD_OF)
        return cards
    return tuple(map(_CARD_OF.__getitem__, numbers))


_CARD_OF: tuple[Card, ...] = tuple(sorted(Card))
"""Each card by its number (the cards are numbered 0, 1, 2, ...)."""
assert all(card == number for number, card in enumerate(_CARD_OF))


_Deal: TypeAlias = tuple[bytes, tuple[tuple[bytes, int | None], ...]]
"""What every determinization of one observation shares: the cards to deal (their numbers as
bytes, sorted) and, per seat, the cards the table knows it holds and how many more to deal it
(``None`` for the observer). (A plain tuple: the first call on an observation builds one.)"""


_PREPARED: dict[int, tuple[Observation, _Deal]] = {}
"""The last observations determinized, by ``id``, with their deal; an entry holds its observation,
so that no other object can take its ``id`` while the entry is kept."""
_PREPARED_KEPT = 64


def _prepare(observation: Observation) -> _Deal:
    """The deal of ``observation``, checked unless vouched for (an impossible one raises), and
    remembered."""
    revealed = observation.table.revealed
    # Both give the unknown cards' numbers as bytes; only an observation not vouched for is checked.
    unknown = unknown_cards_unchecked(observation) if observation._trusted else unknown_numbers(observation)
    seat = observation.seat
    hands: tuple[tuple[bytes, int | None], ...]
    if any(revealed):
        hands = tuple((b"", None) if other == seat else (bytes(revealed[other]), size - len(revealed[other]))
                      for other, size in enumerate(observation.table.hand_sizes))
    else:
        sizes = observation.table.hand_sizes
        hands = tuple(zip((b"",) * len(sizes), (*sizes[:seat], None, *sizes[seat + 1:]), strict=True))
    deal = unknown, hands
    if len(_PREPARED) >= _PREPARED_KEPT:
        _PREPARED.clear()
    _PREPARED[id(observation)] = (observation, deal)
    return deal
