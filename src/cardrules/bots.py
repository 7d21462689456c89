"""Bots for any game: the ``Bot`` protocol, a random bot, and the loop that lets bots play a game.

A bot sees exactly what a player at the table sees: the observation of its own seat (see each game's
``observe``) and the legal moves, and answers with one of those moves. It never gets the full state,
so it cannot cheat by looking at other hands or the draw pile.

>>> from cardrules.games import the_game
>>> state = play_game(the_game.Rules(players=2), [RandomBot(1), RandomBot(2)], seed=7)
>>> the_game.is_terminal(state)
True
>>> play_game(the_game.Rules(players=2), [RandomBot(1), RandomBot(2)], seed=7) == state
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from cardrules.errors import ArgumentError
from cardrules.registry import game_of, game_of_state

__all__ = ["Bot", "RandomBot", "play_game", "play_out"]


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``choose`` method can play: given what its seat sees, it picks a move.

    ``observation`` is the game's observation for the bot's seat (``observe(state, seat)``), and
    ``legal`` the legal moves (never empty); ``choose`` must return one of them.
    """

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """The move to make, one of ``legal``."""
        ...


class RandomBot:
    """Picks a legal move uniformly at random from its own ``random.Random(seed)``.

    >>> from cardrules.games import the_game
    >>> state = the_game.new_game(the_game.Rules(), seed=3)
    >>> legal = the_game.legal_moves(state)
    >>> RandomBot(5).choose(the_game.observe(state, 0), legal) in legal
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        """A uniformly random move of ``legal``."""
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


def play_game(
    rules: Any,
    bots: Bot | Sequence[Bot],
    *,
    seed: int | None = None,
    first_player: int = 0,
) -> Any:
    """Deal a game under ``rules`` (of any registered game) and let ``bots`` play it to the end.

    ``bots`` is one bot per seat, or a single bot that plays every seat. The deal comes from
    ``seed`` (as the game's ``new_game(rules, seed=seed)``); bots bring their own randomness, so a
    game is reproducible when the seed and the bots' seeds are. Returns the final state: read the
    outcome with the game's ``result`` (or ``cardrules.result``).

    >>> from cardrules.games import the_game
    >>> final = play_game(the_game.Rules(), RandomBot(1), seed=1)
    >>> the_game.result(final).cards_left > 0
    True
    """
    game = game_of(rules)
    state = game.new_game(rules, seed=seed, first_player=first_player)
    return play_out(state, bots)


def play_out(state: Any, bots: Bot | Sequence[Bot]) -> Any:
    """Let ``bots`` play ``state`` (of any registered game) to the end and return the final state.

    Every step, the seat on turn gets ``observe(state, seat)`` and the legal moves, and its bot's
    choice is applied; a bot that answers with an illegal move makes the game's ``apply`` raise
    :class:`~cardrules.errors.IllegalMoveError`. Useful to finish a game from any position, e.g. a
    determinized one in a Monte Carlo bot.
    """
    game = game_of_state(state)
    players = game.players(game.rules_of(state))
    if isinstance(bots, Bot):
        seats: Sequence[Bot] = [bots] * players
    else:
        seats = bots
        if len(seats) != players:
            raise ArgumentError(f"this game has {players} seats but {len(seats)} bots were given")
    # Bound once: this loop runs for every move of every simulated game.
    legal_moves, apply, observe = game.legal_moves, game.apply, game.observe
    current_player = game.current_player
    legal = legal_moves(state)
    while legal:
        seat = current_player(state)
        assert seat is not None  # legal moves exist, so someone is on turn
        state = apply(state, seats[seat].choose(observe(state, seat), legal))
        legal = legal_moves(state)
    return state
