"""What one seat may know (its own hand and the public table) and states consistent with it."""

from __future__ import annotations

import random

import attrs

from cardrules.errors import ArgumentError, InvalidStateError
from cardrules.games.the_game.cards import CARDS, fits
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.state import Pile, State, Status

__all__ = ["Observation", "determinize", "observe"]


@attrs.frozen(kw_only=True)
class Observation:
    """The game as ``seat`` sees it: everything public, its own hand, no other hand, no draw order.

    ``hand_sizes`` gives every seat's number of cards (the observer's included) and
    ``draw_pile_size`` the number of face-down cards; the other fields mean what they mean in
    :class:`~cardrules.games.the_game.State`.
    """

    rules: Rules
    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    piles: tuple[Pile, Pile, Pile, Pile]
    draw_pile_size: int
    current: int
    laid: int
    turn: int
    fire_due: tuple[int, int, int, int]
    status: Status

    @property
    def tops(self) -> tuple[int, int, int, int]:
        """The top card of each pile."""
        a, b, c, d = self.piles
        return a[-1], b[-1], c[-1], d[-1]

    @property
    def minimum(self) -> int:
        """Cards the player on turn must lay this turn."""
        return self.rules.minimum if self.draw_pile_size else 1

    def unseen(self) -> tuple[int, ...]:
        """The cards this seat cannot see: other hands and the draw pile, in no particular order."""
        seen = set(self.hand)
        for pile in self.piles:
            seen.update(pile)
        return tuple(card for card in CARDS if card not in seen)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``.

    >>> from cardrules.games.the_game import new_game
    >>> state = new_game(Rules(players=2), seed=4)
    >>> obs = observe(state, 1)
    >>> obs.hand == state.hands[1], obs.hand_sizes, obs.draw_pile_size
    (True, (7, 7), 84)
    """
    if type(state) is not State:
        raise ArgumentError(f"expected a state of The Game, not {type(state).__name__}")
    if type(seat) is not int or not 0 <= seat < state.rules.players:
        raise ArgumentError(f"seat is a number from 0 to {state.rules.players - 1}, not {seat!r}")
    return Observation(
        rules=state.rules,
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        piles=state.piles,
        draw_pile_size=len(state.draw_pile),
        current=state.current,
        laid=state.laid,
        turn=state.turn,
        fire_due=state.fire_due,
        status=state.status,
    )


def determinize(observation: Observation, rng: random.Random | int) -> State:
    """A full state that ``observation``'s seat cannot tell from the real one.

    The unseen cards are shuffled with ``rng`` (a ``random.Random`` or a seed) and dealt to the other
    hands and the draw pile, so ``observe(determinize(obs, rng), obs.seat) == obs``.

    >>> import random
    >>> from cardrules.games.the_game import new_game
    >>> obs = observe(new_game(Rules(players=3), seed=2), 0)
    >>> observe(determinize(obs, random.Random(5)), 0) == obs
    True
    """
    if type(observation) is not Observation:
        raise ArgumentError(f"expected an observation of The Game, not {type(observation).__name__}")
    if isinstance(rng, int) and not isinstance(rng, bool):
        rng = random.Random(rng)
    elif not isinstance(rng, random.Random):
        raise ArgumentError(f"rng is a random.Random or a seed, not {type(rng).__name__}")
    validate_observation(observation)
    hands, draw_pile = _deal_unseen(observation, rng)
    return State(
        observation.rules,
        observation.piles,
        hands,
        draw_pile,
        observation.current,
        observation.laid,
        observation.turn,
        observation.fire_due,
        observation.status,
    )


def _deal_unseen(
    observation: Observation, rng: random.Random
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Deal the unseen cards uniformly among the deals the observer cannot rule out.

    Besides the counts, the observer knows one thing about the hand on turn: it can lay a card
    (the game goes on) or, in a finished game lost by being stuck, that it cannot.
    """
    unseen = list(observation.unseen())
    seat, current = observation.seat, observation.current
    sizes = observation.hand_sizes
    tops = observation.tops
    playable = {card for card in unseen if any(fits(card, p, top) for p, top in enumerate(tops))}
    owes = observation.laid < observation.minimum
    must_lay = current != seat and observation.status == "playing" and owes and sizes[current]
    must_not = current != seat and observation.status == "stuck"
    if must_not:
        # Exact conditioning: the stuck hand is a uniform draw from the unplayable unseen cards.
        dead = [card for card in unseen if card not in playable]
        rng.shuffle(dead)
        stuck_hand = dead[:sizes[current]]
        rest = [card for card in unseen if card not in set(stuck_hand)]
        rng.shuffle(rest)
        order = _place(rest, stuck_hand, sizes, current, seat)
    else:
        for _ in range(_TRIES):
            rng.shuffle(unseen)
            order = unseen
            start = sum(size for other, size in enumerate(sizes[:current]) if other != seat)
            if not must_lay or any(card in playable for card in order[start:start + sizes[current]]):
                break
        else:
            # Practically unreachable; keeps determinize total if the odds are tiny.
            start = sum(size for other, size in enumerate(sizes[:current]) if other != seat)
            spare = next(i for i, card in enumerate(order) if card in playable)
            order[start], order[spare] = order[spare], order[start]
    hands = []
    at = 0
    for other, size in enumerate(sizes):
        if other == seat:
            hands.append(observation.hand)
        else:
            hands.append(tuple(sorted(order[at:at + size])))
            at += size
    return tuple(hands), tuple(order[at:])


def _place(
    rest: list[int], hand: list[int], sizes: tuple[int, ...], current: int, seat: int
) -> list[int]:
    start = sum(size for other, size in enumerate(sizes[:current]) if other != seat)
    return rest[:start] + hand + rest[start:]


_TRIES = 1000


def validate_observation(observation: Observation) -> None:
    """Raise :class:`InvalidStateError` unless ``observation`` could be seen in a real game."""
    from cardrules.games.the_game.validation import check_cards, check_public, check_turn

    rules = observation.rules
    sizes = observation.hand_sizes
    if type(rules) is not Rules or len(sizes) != rules.players:
        raise InvalidStateError(f"an observation needs one hand size per seat ({len(sizes)} given)")
    if not 0 <= observation.seat < rules.players:
        raise InvalidStateError(f"seat {observation.seat} is not at the table")
    if sizes[observation.seat] != len(observation.hand):
        raise InvalidStateError("the observer's hand size does not match its hand")
    check_cards(observation.piles, (observation.hand,), (), complete=False)
    hidden = sum(sizes) - len(observation.hand) + observation.draw_pile_size
    if hidden != len(observation.unseen()):
        raise InvalidStateError("the hidden card counts do not add up to the unseen cards")
    check_public(rules, observation.piles, sizes, observation.draw_pile_size, observation.current,
                 observation.laid, observation.turn, observation.fire_due, observation.status)
    if observation.seat == observation.current:
        check_turn(rules, observation.piles, observation.hand, observation.draw_pile_size,
                   observation.laid, observation.status)
