"""The records of a game of The Game: the full ``State``, a seat's ``Observation``, the ``Result``.

The ``State`` is the public table plus the hidden hands and draw order, an ``Observation`` is one
seat's view of it, and the ``Result`` is that of a finished game.
"""

from __future__ import annotations

from typing import Literal

import attrs

from cardrules.arguments import check_instance
from cardrules.contract import GameObservation, GameState
from cardrules.games.the_game.cards import CARDS
from cardrules.games.the_game.moves import Move
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.table import Table

__all__ = ["EXCELLENT", "Observation", "Result", "State", "cards", "rules_of"]

EXCELLENT = 10
"""Fewer cards left than this is an excellent result, per the rulebook."""

_CARD_SET = frozenset(CARDS)


@attrs.frozen(kw_only=True)
class Result:
    """How a game ended; shared by every player (the game is cooperative).

    - ``won``: all 98 cards were laid.
    - ``cards_left``: cards in all hands plus the draw pile (0 when won) — the score to beat.
    - ``outcome``: ``"won"``, ``"stuck"`` (the player on turn could not lay the minimum) or
      ``"burned"`` (On Fire: a fire card was not covered in time).
    - ``seat``: the seat on turn when the game ended.

    >>> Result(won=False, cards_left=7, outcome="stuck", seat=1).excellent
    True
    """

    won: bool
    cards_left: int
    outcome: Literal["won", "stuck", "burned"]
    seat: int

    @property
    def excellent(self) -> bool:
        """Fewer than 10 cards left."""
        return self.cards_left < EXCELLENT


@attrs.frozen
class State(GameState["State", Move, "Observation", Result]):
    """Everything about a game in progress: the public :class:`Table` and the hidden cards.

    Build one with :func:`~cardrules.games.the_game.new_game`; read it freely; never pass it to a
    player as is (use :func:`~cardrules.games.the_game.observe`). Fields, in constructor order
    (``apply`` builds states positionally, for speed):

    - ``rules``: the :class:`Rules` in force.
    - ``table``: what every seat sees (piles, hand sizes, draw-pile size, whose turn, ...).
    - ``hands``: each seat's hand, sorted.
    - ``draw_pile``: the face-down cards, the next to be drawn first.

    >>> from cardrules.games.the_game import new_game
    >>> state = new_game(Rules(players=2), deck=range(2, 100))
    >>> state.hands[1], state.draw_pile[:3], state.table.hand_sizes, state.minimum
    ((9, 10, 11, 12, 13, 14, 15), (16, 17, 18), (7, 7), 2)
    """

    rules: Rules
    table: Table
    hands: tuple[tuple[int, ...], ...]
    draw_pile: tuple[int, ...]
    _trusted: bool = attrs.field(default=False, init=False, eq=False, repr=False)
    """Vouched for by the library (see :mod:`cardrules._trust`): never in JSON, ``==`` or ``repr``."""

    @property
    def minimum(self) -> int:
        """Cards the player on turn must lay this turn (fixed when the turn starts)."""
        return self.rules.minimum if self.draw_pile else 1


@attrs.frozen
class Observation(GameObservation[State]):
    """The game as ``seat`` sees it: the whole :class:`Table` and its own ``hand``, nothing else.

    The other hands and the order of the draw pile are hidden; their sizes are on the table. Every
    card laid so far stays visible on the piles, so this is also all that a seat with a perfect
    memory of the game knows about the cards. Fields, in constructor order (``observe`` builds
    observations positionally: bots observe at every decision, and keywords cost a quarter more):
    ``rules``, ``seat``, ``table``, ``hand``.

    >>> from cardrules.games.the_game import new_game, observe
    >>> obs = observe(new_game(Rules(players=3), seed=2), 1)
    >>> obs.seat, obs.hand, obs.table.hand_sizes, len(obs.unseen())
    (1, (4, 8, 15, 18, 21, 26), (6, 6, 6), 92)
    """

    rules: Rules
    seat: int
    table: Table
    hand: tuple[int, ...]
    _trusted: bool = attrs.field(default=False, init=False, eq=False, repr=False)
    """Vouched for by the library (see :mod:`cardrules._trust`): never in JSON, ``==`` or ``repr``."""

    @property
    def minimum(self) -> int:
        """Cards the player on turn must lay this turn."""
        return self.rules.minimum if self.table.draw_pile_size else 1

    def unseen(self) -> tuple[int, ...]:
        """The cards this seat cannot see (other hands and the draw pile), in increasing order: the
        same kind of value as :func:`~cardrules.games.the_game.deck` of the rules (wrap it in a
        ``collections.Counter`` for counts, as for Mille Bornes').

        >>> from cardrules.games.the_game import new_game, observe
        >>> observe(new_game(Rules(players=1), deck=range(2, 100)), 0).unseen()[:3]
        (10, 11, 12)
        """
        return tuple(sorted(_CARD_SET.difference(self.hand, *self.table.piles)))


def cards(state: State) -> list[int]:
    """Every card ``state`` holds: on the piles (row cards left out), in the hands, in the draw pile.

    >>> from cardrules.games.the_game import new_game
    >>> sorted(cards(new_game(Rules(players=2), seed=1))) == list(CARDS)
    True
    """
    check_instance(state, State, "a state of The Game")
    held = [card for pile in state.table.piles for card in pile[1:]]
    for hand in state.hands:
        held.extend(hand)
    held.extend(state.draw_pile)
    return held


def rules_of(state: State) -> Rules:
    """The rules ``state`` is played under.

    >>> from cardrules.games.the_game import new_game
    >>> rules_of(new_game(Rules(players=4), seed=1)).players
    4
    """
    return check_instance(state, State, "a state of The Game").rules
