"""What one seat may know of a Mille Bornes game, and full states consistent with it.

Public: every tableau, the discard pile (discards are face up), the number of cards in each hand
and in the draw pile, the decision under way, the scores. Private: the other hands, the draw-pile
order and the match seed (which deals later hands). One thing the rules themselves reveal: a coup
fourré window asks only a player who holds the safety, so that card is public (``revealed``) until
it leaves the hand. That no window opened tells, in turn, that no member of the attacked side held
the safety at that moment; observations do not record this negative inference.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from cardrules.errors import ArgumentError, InvalidStateError
from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.scoring import HandScore
from cardrules.games.mille_bornes.state import Match, Phase, State, Window
from cardrules.games.mille_bornes.tableau import Tableau

__all__ = ["Observation", "determinize", "observe"]


@attrs.frozen(kw_only=True)
class Observation:
    """The game as ``seat`` sees it. ``hand`` is its own hand; ``hand_sizes`` every seat's card
    count; ``hand_number``, ``dealer``, ``totals`` and ``history`` describe the match; the other
    fields mean what they mean in :class:`~cardrules.games.mille_bornes.State`."""

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    tableaux: tuple[Tableau, ...]
    discard_pile: tuple[Card, ...]
    draw_pile_size: int
    current: int
    phase: Phase
    window: Window | None
    target: int
    extended_by: int | None
    revealed: tuple[tuple[Card, ...], ...]
    reshuffles: int
    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    history: tuple[HandScore, ...]

    @property
    def side(self) -> int:
        """The observer's side."""
        return self.rules.side_of(self.seat)

    def unseen(self) -> Counter[Card]:
        """The cards this seat cannot see (other hands and the draw pile), with their counts."""
        cards = Counter(self.rules.deck_cards())
        cards.subtract(self.hand)
        cards.subtract(self.discard_pile)
        for tableau in self.tableaux:
            cards.subtract(tableau.cards())
        return cards


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> state = new_game(Rules(), seed=4)
    >>> obs = observe(state, 1)
    >>> obs.hand == state.hands[1], obs.hand_sizes, obs.draw_pile_size
    (True, (7, 6), 88)
    """
    if type(state) is not State:
        raise ArgumentError(f"expected a state of Mille Bornes, not {type(state).__name__}")
    if type(seat) is not int or not 0 <= seat < state.rules.players:
        raise ArgumentError(f"seat is a number from 0 to {state.rules.players - 1}, not {seat!r}")
    match = state.match
    return Observation(
        rules=state.rules,
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        tableaux=state.tableaux,
        discard_pile=state.discard_pile,
        draw_pile_size=len(state.draw_pile),
        current=state.current,
        phase=state.phase,
        window=state.window,
        target=state.target,
        extended_by=state.extended_by,
        revealed=state.revealed,
        reshuffles=state.reshuffles,
        hand_number=match.hand_number,
        dealer=match.dealer,
        totals=match.totals,
        history=match.history,
    )


def determinize(observation: Observation, rng: random.Random | int) -> State:
    """A full state that ``observation``'s seat cannot tell from the real one.

    The unseen cards are dealt at random from ``rng`` (a ``random.Random`` or a seed): revealed
    cards to the seats known to hold them, the rest uniformly to the other hands and the draw
    pile; the match seed (for later hands and reshuffles) is drawn afresh.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> obs = observe(new_game(Rules(players=3), seed=2), 0)
    >>> observe(determinize(obs, 5), 0) == obs
    True
    """
    if type(observation) is not Observation:
        raise ArgumentError(f"expected an observation of Mille Bornes, not {type(observation).__name__}")
    if isinstance(rng, int) and not isinstance(rng, bool):
        rng = random.Random(rng)
    elif not isinstance(rng, random.Random):
        raise ArgumentError(f"rng is a random.Random or a seed, not {type(rng).__name__}")
    validate_observation(observation)
    pool = observation.unseen()
    for seat, known in enumerate(observation.revealed):
        if seat != observation.seat:
            pool.subtract(known)
    cards = sorted(pool.elements())
    rng.shuffle(cards)
    hands = []
    at = 0
    for seat, size in enumerate(observation.hand_sizes):
        if seat == observation.seat:
            hands.append(observation.hand)
            continue
        known = observation.revealed[seat]
        take = size - len(known)
        hands.append(tuple(sorted((*known, *cards[at:at + take]))))
        at += take
    match = Match(rng.getrandbits(63), observation.hand_number, observation.dealer,
                  observation.totals, observation.history)
    return State(
        observation.rules, match, tuple(hands), tuple(cards[at:]), observation.discard_pile,
        observation.tableaux, observation.current, observation.phase, observation.window,
        observation.target, observation.extended_by, observation.revealed, observation.reshuffles,
    )


def validate_observation(observation: Observation) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``observation`` could be seen."""
    from cardrules.games.mille_bornes.validation import check_public

    rules = observation.rules
    if type(rules) is not Rules:
        raise InvalidStateError("not an observation of Mille Bornes")
    sizes = observation.hand_sizes
    if len(sizes) != rules.players or not 0 <= observation.seat < rules.players:
        raise InvalidStateError("an observation needs one hand size per seat and a seat at the table")
    if sizes[observation.seat] != len(observation.hand):
        raise InvalidStateError("the observer's hand size does not match its hand")
    if len(observation.revealed) != rules.players:
        raise InvalidStateError("revealed cards are listed per seat")
    pool = observation.unseen()
    if any(count < 0 for count in pool.values()):
        raise InvalidStateError("more cards are visible than the deck holds")
    for seat, known in enumerate(observation.revealed):
        if seat != observation.seat:
            pool.subtract(known)
            if len(known) > sizes[seat]:
                raise InvalidStateError(f"seat {seat} is known to hold more cards than it has")
        elif Counter(known) - Counter(observation.hand):
            raise InvalidStateError("the observer is known to hold a card it does not have")
    if any(count < 0 for count in pool.values()):
        raise InvalidStateError("revealed cards are not among the unseen cards")
    hidden = sum(sizes) - len(observation.hand) + observation.draw_pile_size
    if hidden != sum(observation.unseen().values()):
        raise InvalidStateError("the hidden card counts do not add up to the unseen cards")
    check_public(rules, observation.tableaux, sizes, observation.current, observation.phase,
                 observation.window, observation.target, observation.extended_by,
                 observation.reshuffles, observation.hand_number, observation.dealer,
                 observation.totals, observation.history)
