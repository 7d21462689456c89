"""What one seat may know (the table and its own hand), and full states consistent with it."""

from __future__ import annotations

import random
import struct
from math import comb
from typing import TypeAlias

from cardrules import _shuffling
from cardrules._shuffling import Keys, keys, shuffled
from cardrules._slots import slot_setters
from cardrules.arguments import check_instance, check_rng, check_seat
from cardrules.games.the_game.cards import CARDS, dead_cards
from cardrules.games.the_game.state import Observation, State
from cardrules.games.the_game.table import PLAYING
from cardrules.games.the_game.validation import validate_observation

__all__ = ["determinize", "observe"]

_ALL_CARDS = bytes(CARDS)
_AS_NUMBERS = tuple(struct.Struct(f"{count}B") for count in range(len(CARDS) + 1))
"""Per count of cards, the layout that reads that many bytes as a tuple of numbers."""
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
        # What a valid state shows a seat is a valid observation (cardrules._trust).
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
    :mod:`cardrules._trust`) skips the check; one built by hand gets it in full.

    >>> import random
    >>> from cardrules.games.the_game import Rules, new_game
    >>> obs = observe(new_game(Rules(players=3), seed=2), 0)
    >>> observe(determinize(obs, random.Random(5)), 0) == obs
    True
    """
    # The hot path of a search (benchmarks/bot_toolkit.py, determinize column): every line below
    # is one C-level call or a few. What does not depend on the draw is in ``deal``, which shares
    # the layout of its table shape (a 5-tuple to build and to free, not a 15-tuple), the keys'
    # layout included: shuffling.places is written out here, a call and a lookup less. The keys
    # are sorted by ``_shuffling.sort_keys``, in numpy when it is installed (a first call of 8 to
    # 9 us instead of 12.5 to 13.5); docs/bots-and-rl.md says where the time goes.
    if observation.__class__ is not Observation:
        check_instance(observation, Observation, "an observation of The Game")
    if rng.__class__ is not random.Random:
        rng = check_rng(rng)
    deal = _PREPARED.get(id(observation))
    if deal is None or deal[0] is not observation:
        deal = _prepare(observation)
    _, cards, dead, stuck, layout = deal
    bits, keep, fixed, floats, size, hands_at, seat, drawn_at, draw_pile, start, on_turn = layout
    drawn = ((rng.getrandbits(bits) & keep) | fixed).to_bytes(size, "little")
    unseen = _shuffling.sort_keys(drawn, floats).translate(cards)
    # What the observer may know of the hand on turn besides its size (``dead`` is then set):
    # while its player owes cards it can lay one (else the game would be lost), and in a game
    # lost by being stuck it can lay none. validate_observation made sure that some hand
    # qualifies. A plain deal that qualifies is kept (those are uniform among the qualifying
    # deals, and the redeal draws from the same law).
    if dead is not None and dead.issuperset(unseen[start:start + on_turn]) != stuck:
        unseen = _deal_hand_on_turn(unseen, dead, start, on_turn, stuck, rng)
    hands = []
    for part in hands_at:
        hands.append(tuple(sorted(unseen[part])))
    hands.insert(seat, observation.hand)
    # Built directly, through the slots as the engine builds states: the observation was
    # validated (or vouched for), and a state dealt from it is valid by construction.
    state: State = _new(State)
    _set_rules(state, observation.rules)
    _set_table(state, observation.table)
    _set_hands(state, tuple(hands))
    # The draw pile read as numbers by a struct made once per size: 72 cards in 0.8 us, where
    # tuple() of the bytes takes 1.2.
    _set_draw_pile(state, draw_pile.unpack_from(unseen, drawn_at))
    _set_trusted(state, True)
    return state


_Layout: TypeAlias = tuple[*Keys, tuple[slice, ...], int, int, struct.Struct, int, int]
"""Where the hidden cards go, given the hand sizes, the observer and the seat on turn: ``(*keys,
hands_at, seat, drawn_at, draw_pile, start, size)``. ``keys`` is how the unseen cards' places are
shuffled (:data:`cardrules._shuffling.Keys`); they are then dealt in seat order to the other
seats, ``hands_at`` (the observer's own hand goes in at ``seat``), and the draw pile is read as
numbers by ``draw_pile`` from ``drawn_at`` on; the hand on turn is dealt ``[start:start + size]``."""

_Deal: TypeAlias = tuple[Observation, bytes, frozenset[int] | None, bool, _Layout]
"""What every determinization of one observation shares: ``(observation, cards, dead, stuck,
layout)``. The unseen cards (cards are 2 to 99: shuffled in bulk as bytes, dealt by slicing),
sorted, are the first bytes of ``cards``, the table that turns their places into them; ``dead``:
when the hand on turn must (or, if ``stuck``, must not) hold a card that can be laid, the unseen
cards that cannot, else ``None``; then the :data:`_Layout` of the deal. (A plain tuple, made by the
first call on an observation and kept with the observation itself, so that no other object can
take its ``id`` while the deal is kept.)
"""

_PREPARED: dict[int, _Deal] = {}
"""The deals of the last observations determinized, by ``id``."""
_PREPARED_KEPT = 64

_LAYOUTS: dict[tuple[tuple[int, ...], int, int, int], _Layout] = {}
"""The layouts worked out, by hand sizes, observer, seat on turn and draw pile size: a handful per
table, each worked out once (a loop over the seats, 0.5 to 0.9 us of a first call, becomes a lookup
of about 0.3 us)."""
_LAYOUTS_KEPT = 4096


def _prepare(observation: Observation) -> _Deal:
    """The deal of ``observation``, checked unless vouched for (an impossible one raises), and
    remembered."""
    if not observation._trusted:
        validate_observation(observation)
    table = observation.table
    low, high, down, away = table.piles  # four, as validate_observation makes sure
    unseen = _ALL_CARDS.translate(None, bytes((*observation.hand, *low, *high, *down, *away)))
    seat, current, status = observation.seat, table.current, table.status
    key = (table.hand_sizes, seat, current, table.draw_pile_size)
    layout = _LAYOUTS.get(key) or _layout(*key)
    dead = None
    if current != seat and (status == "stuck" or (status == PLAYING and table.laid < observation.minimum)):
        dead = frozenset(dead_cards(unseen, table.tops))
    deal: _Deal = (observation, unseen.ljust(256, b"\0"), dead, status == "stuck", layout)
    if len(_PREPARED) >= _PREPARED_KEPT:
        _PREPARED.clear()
    _PREPARED[id(observation)] = deal
    return deal


def _layout(sizes: tuple[int, ...], seat: int, current: int, draw_pile_size: int) -> _Layout:
    """The :data:`_Layout` of a deal, worked out and remembered."""
    hands_at = []
    at = 0
    for other, count in enumerate(sizes):
        if other != seat:
            hands_at.append(slice(at, at + count))
            at += count
    start = sum(sizes[:current]) - (sizes[seat] if seat < current else 0)
    layout = (*keys(at + draw_pile_size), tuple(hands_at), seat, at, _AS_NUMBERS[draw_pile_size], start,
              sizes[current])
    if len(_LAYOUTS) >= _LAYOUTS_KEPT:
        _LAYOUTS.clear()
    _LAYOUTS[sizes, seat, current, draw_pile_size] = layout
    return layout


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
