"""What one seat may know (the table and its own hand), and full states consistent with it."""

from __future__ import annotations

import random
from math import comb
from typing import TypeAlias

from cardrules.arguments import check_instance, check_rng, check_seat
from cardrules.games.the_game.cards import CARDS, dead_cards
from cardrules.games.the_game.state import Observation, State
from cardrules.games.the_game.table import PLAYING
from cardrules.games.the_game.validation import validate_observation
from cardrules.shuffling import shuffled
from cardrules.slots import slot_setters

__all__ = ["determinize", "observe"]

_ALL_CARDS = bytes(CARDS)
_new = object.__new__
_set_rules, _set_table, _set_hands, _set_draw_pile, _set_trusted = slot_setters(
    State, "rules", "table", "hands", "draw_pile", "_trusted")
_vouch_for_observation = slot_setters(Observation, "rules", "seat", "table", "hand", "_trusted")[4]


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
    observation = Observation(state.rules, seat, state.table, state.hands[seat])
    if state._trusted:
        # What a valid state shows a seat is a valid observation (cardrules.trust).
        _vouch_for_observation(observation, True)
    return observation


def determinize(observation: Observation, rng: random.Random | int) -> State:
    """A full state that ``observation``'s seat cannot tell from the real one.

    The unseen cards are shuffled with ``rng`` (a ``random.Random`` or a seed) and dealt to the other
    hands and the draw pile, so ``observe(determinize(obs, rng), obs.seat) == obs``. An observation
    that could not be seen in play raises :class:`~cardrules.errors.InvalidStateError`.

    A search determinizes one observation many times: what does not depend on the draw (the check
    of the observation, its unseen cards) is worked out once and kept for the last observations
    seen, by identity (an observation is a frozen record, so what holds for it holds for good). An
    observation the library vouches for (``observe`` of a state from its own verbs, see
    :mod:`cardrules.trust`) skips the check; one built by hand gets it in full.

    >>> import random
    >>> from cardrules.games.the_game import Rules, new_game
    >>> obs = observe(new_game(Rules(players=3), seed=2), 0)
    >>> observe(determinize(obs, random.Random(5)), 0) == obs
    True
    """
    check_instance(observation, Observation, "an observation of The Game")
    rng = check_rng(rng)
    known = _PREPARED.get(id(observation))
    deal = known[1] if known is not None and known[0] is observation else _prepare(observation)
    sorted_unseen, sizes, dead, start, size, stuck = deal
    unseen = shuffled(sorted_unseen, rng)
    # What the observer may know of the hand on turn besides its size (``dead`` is then set):
    # while its player owes cards it can lay one (else the game would be lost), and in a game
    # lost by being stuck it can lay none. validate_observation made sure that some hand
    # qualifies. A plain deal that qualifies is kept (those are uniform among the qualifying
    # deals, and the redeal draws from the same law).
    if dead is not None and dead.issuperset(unseen[start:start + size]) != stuck:
        unseen = _deal_hand_on_turn(unseen, dead, start, size, stuck, rng)
    hands = []
    at = 0
    for count in sizes:
        if count is None:
            hands.append(observation.hand)
        else:
            hands.append(tuple(sorted(unseen[at:at + count])))
            at += count
    # Built directly, through the slots as the engine builds states: the observation was
    # validated (or vouched for), and a state dealt from it is valid by construction.
    state: State = _new(State)
    _set_rules(state, observation.rules)
    _set_table(state, observation.table)
    _set_hands(state, tuple(hands))
    _set_draw_pile(state, tuple(unseen[at:]))
    _set_trusted(state, True)
    return state


_Deal: TypeAlias = tuple[bytes, tuple[int | None, ...], frozenset[int] | None, int, int, bool]
"""What every determinization of one observation shares: ``(unseen, sizes, dead, start, size,
stuck)``. ``unseen``: the unseen cards, sorted, as bytes (cards are 2 to 99: shuffled in bulk,
dealt by slicing); ``sizes``: per seat, the cards to deal it (``None`` for the observer); ``dead``:
when the hand on turn must (or, if ``stuck``, must not) hold a card that can be laid, the unseen
cards that cannot, else ``None``; that hand is dealt ``unseen[start:start + size]``. (A plain
tuple: the first call on an observation builds one.)
"""


_PREPARED: dict[int, tuple[Observation, _Deal]] = {}
"""The last observations determinized, by ``id``, with their deal; an entry holds its observation,
so that no other object can take its ``id`` while the entry is kept."""
_PREPARED_KEPT = 64


def _prepare(observation: Observation) -> _Deal:
    """The deal of ``observation``, checked unless vouched for (an impossible one raises), and
    remembered."""
    if not observation._trusted:
        validate_observation(observation)
    table = observation.table
    seat, current, sizes = observation.seat, table.current, table.hand_sizes
    low, high, down, away = table.piles  # four, as validate_observation makes sure
    unseen = _ALL_CARDS.translate(None, bytes(observation.hand + low + high + down + away))
    # The hidden hands are dealt in seat order (the observer's skipped), then the draw pile.
    start = sum(sizes[:current]) - (sizes[seat] if seat < current else 0)
    stuck = table.status == "stuck"
    dead = None
    if current != seat and (stuck or (table.status == PLAYING and table.laid < observation.minimum)):
        dead = frozenset(dead_cards(unseen, table.tops))
    deal = unseen, (*sizes[:seat], None, *sizes[seat + 1:]), dead, start, sizes[current], stuck
    if len(_PREPARED) >= _PREPARED_KEPT:
        _PREPARED.clear()
    _PREPARED[id(observation)] = (observation, deal)
    return deal


def _deal_hand_on_turn(
    order: bytes, dead: frozenset[int], start: int, size: int, stuck: bool, rng: random.Random
) -> bytes:
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
    rest = shuffled(bytes(alive[live:] + lifeless[size - live:]), rng)
    return rest[:start] + bytes(hand) + rest[start:]
