"""Bots for any game: the ``Bot`` protocol, a random bot, and the loop that lets bots play a game.

A bot sees exactly what a player at the table sees: the observation of its own seat (see each game's
``observe``) and the legal moves, and answers with one of those moves. It never gets the full state,
so it cannot cheat by looking at other hands or the draw pile. :class:`ISMCTSBot` (from
:mod:`cardrules.bots.search`) searches any game over ``determinize``; see ``docs/bots.md``.

>>> import cardrules
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
from typing import Literal, Protocol, TypeVar, cast, runtime_checkable

from cardrules.arguments import check_legal
from cardrules.bots.search import ISMCTSBot
from cardrules.contract import AnyState, GameState, RulesLike
from cardrules.errors import ArgumentError
from cardrules.registry import SomeGame, game_of, game_of_state

__all__ = [
    "STRONGEST", "Bot", "ISMCTSBot", "OpeningRater", "RandomBot", "play_game", "play_out",
    "strongest_first_player",
]

O_contra = TypeVar("O_contra", contravariant=True)
M = TypeVar("M")
S = TypeVar("S")
O = TypeVar("O")  # noqa: E741 -- the observation type, as in the contract
X = TypeVar("X")


@runtime_checkable
class Bot(Protocol[O_contra, M]):
    """Anything with a ``choose`` method can play: given what its seat sees, it picks a move.

    ``observation`` is the game's observation for the bot's seat (``observe(state, seat)``), and
    ``legal`` the legal moves (never empty); ``choose`` must return one of them. The parameters are
    the observation and move types of the games the bot plays: a bot for The Game is a
    ``Bot[the_game.Observation, the_game.Move]``; one for any game, like :class:`RandomBot`, a
    ``Bot[object, M]`` for every move type ``M``.
    """

    def choose(self, observation: O_contra, legal: tuple[M, ...]) -> M:
        """The move to make, one of ``legal``."""
        ...


@runtime_checkable
class OpeningRater(Protocol[O_contra]):
    """A bot that can say how well its seat could open the game, for choosing who starts.

    ``opening_strength(observation)`` rates the seat's own dealt hand (higher is stronger) from its
    observation alone, so what the table learns is that one number, never a card. It is optional:
    :func:`strongest_first_player` needs it of every seat.
    """

    def opening_strength(self, observation: O_contra) -> float:
        """How well this seat could open: higher is stronger."""
        ...


STRONGEST: Literal["strongest"] = "strongest"
"""``play_game(..., first_player=STRONGEST)``: the seat whose bot rates its opening strongest starts."""


class RandomBot:
    """Picks a legal move uniformly at random from its own ``random.Random(seed)``; plays any game.

    >>> from cardrules.games import the_game
    >>> state = the_game.new_game(the_game.Rules(), seed=3)
    >>> legal = the_game.legal_moves(state)
    >>> RandomBot(5).choose(the_game.observe(state, 0), legal) in legal
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and type(seed) is not int:
            raise ArgumentError(f"a bot's seed is a whole number or None, not {type(seed).__name__}")
        self.rng = random.Random(seed)

    def choose(self, observation: object, legal: tuple[M, ...]) -> M:
        """A uniformly random move of ``legal``."""
        check_legal(legal)
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


def play_game(
    rules: RulesLike,
    bots: Bot[O, M] | Sequence[Bot[O, M]],
    *,
    seed: int | None = None,
    first_player: int | Literal["strongest"] = 0,
) -> AnyState:
    """Deal a game under ``rules`` (of any registered game) and let ``bots`` play it to the end.

    ``bots`` is one bot per seat, or a single bot that plays every seat. The deal comes from
    ``seed`` (as the game's ``new_game(rules, seed=seed)``); bots bring their own randomness, so a
    game is reproducible when the seed and the bots' seeds are. Returns the final state: read the
    outcome with the game's ``result`` (or ``cardrules.result``). Which game it is can only be known
    at run time from ``rules``; for a final state typed as the game's own ``State``, deal it yourself
    and call :func:`play_out`.

    ``first_player`` is the seat that starts, or ``"strongest"`` (:data:`STRONGEST`) to let the
    table choose from the dealt hands (:func:`strongest_first_player`); the cards dealt are the
    same either way, only who starts changes.

    >>> import cardrules
    >>> from cardrules.games import the_game
    >>> final = play_game(the_game.Rules(), RandomBot(1), seed=1)
    >>> cardrules.result(final).cards_left > 0
    True
    """
    game = game_of(rules)
    if first_player == STRONGEST:
        if seed is None:  # the same deal must be dealt twice: once to look at, once to play
            raise ArgumentError('first_player="strongest" needs a seed, so the deal can be looked at first')
        first_player = _strongest(game, game.new_game(rules, seed=seed), bots)
    state = game.new_game(rules, seed=seed, first_player=first_player)
    return cast(AnyState, _play(game, state, bots))


def strongest_first_player(state: GameState[S, M, O, X], bots: Bot[O, M] | Sequence[Bot[O, M]]) -> int:
    """The seat whose bot rates its opening strongest in the freshly dealt ``state``.

    Each seat's bot rates its own observation (:class:`OpeningRater`), as players at a table say
    how well they could start without showing their cards; the highest rating starts, and on a
    tie the lowest seat. A bot without ``opening_strength`` raises
    :class:`~cardrules.errors.ArgumentError`.

    >>> from cardrules.games import the_game
    >>> from cardrules.games.the_game.bots import GreedyBot
    >>> deck = [*range(50, 57), *range(2, 50), *range(57, 100)]   # seat 0: 50..56, seat 1: 2..8
    >>> strongest_first_player(the_game.new_game(the_game.Rules(players=2), deck=deck), GreedyBot())
    1
    """
    return _strongest(game_of_state(state), state, bots)


def _strongest(game: SomeGame, state: object, bots: Bot[O, M] | Sequence[Bot[O, M]]) -> int:
    seats = _seats(game, state, bots)
    ratings = []
    for seat, bot in enumerate(seats):
        if not isinstance(bot, OpeningRater):
            raise ArgumentError(f"the bot of seat {seat} ({type(bot).__name__}) has no opening_strength "
                                "method, so it cannot help choose who starts")
        ratings.append(bot.opening_strength(cast(O, game.observe(state, seat))))
    return max(range(len(ratings)), key=lambda seat: (ratings[seat], -seat))


def play_out(state: GameState[S, M, O, X], bots: Bot[O, M] | Sequence[Bot[O, M]]) -> S:
    """Let ``bots`` play ``state`` (of any registered game) to the end and return the final state.

    Every step, the seat on turn gets ``observe(state, seat)`` and the legal moves, and its bot's
    choice is applied; a bot that answers with an illegal move makes the game's ``apply`` raise
    :class:`~cardrules.errors.IllegalMoveError`. Useful to finish a game from any position, e.g. a
    determinized one in a Monte Carlo bot.

    >>> from cardrules.games import the_game
    >>> final = play_out(the_game.new_game(the_game.Rules(), seed=1), RandomBot(1))
    >>> the_game.is_terminal(final)
    True
    """
    return cast(S, _play(game_of_state(state), state, bots))


def _seats(game: SomeGame, state: object, bots: Bot[O, M] | Sequence[Bot[O, M]]) -> Sequence[Bot[O, M]]:
    """One bot per seat of ``state``."""
    players = game.players(game.rules_of(state))
    if isinstance(bots, Bot):
        seats: Sequence[Bot[O, M]] = [bots] * players
    elif isinstance(bots, Sequence) and all(isinstance(bot, Bot) for bot in bots):
        seats = bots
        if len(seats) != players:
            raise ArgumentError(f"this game has {players} seats but {len(seats)} bots were given")
    else:
        raise ArgumentError("bots is a bot (anything with a choose method) or a sequence of them, "
                            "one per seat")
    return seats


def _play(game: SomeGame, state: object, bots: Bot[O, M] | Sequence[Bot[O, M]]) -> object:
    seats = _seats(game, state, bots)
    # Bound once: this loop runs for every move of every simulated game.
    legal_moves, apply, observe = game.legal_moves, game.apply, game.observe
    current_player = game.current_player
    current: object = state
    legal = legal_moves(current)
    while legal:
        seat = current_player(current)
        if seat is None:  # a game whose legal moves and current player disagree breaks the contract
            raise ArgumentError(f"{game.title} lists legal moves in a state where nobody is on turn")
        choice = seats[seat].choose(cast(O, observe(current, seat)), cast(tuple[M, ...], legal))
        current = apply(current, choice)
        legal = legal_moves(current)
    return current
