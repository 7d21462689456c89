"""Playing one game with bots whose every answer is checked, and random playouts for the benchmark.

:func:`play_counted` plays the game, and :class:`BotError` says which bot failed and how;
:func:`random_playouts` plays the benchmark's playouts.

A bot may be anyone's code: whatever it raises, or answers, becomes a :class:`BotError` that names
the bot, its seat and the move, never a traceback; Ctrl-C and SIGTERM still stop the run.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Generic, Literal, TypeVar, cast

from cardrules import registry
from cardrules.arguments import printable, shown
from cardrules.bots import STRONGEST, Bot, OpeningRater, play_game, strongest_first_player
from cardrules.contract import GameState, RulesLike
from cardrules.errors import CardrulesError
from cardrules.run.chunks import Interrupted
from cardrules.run.simulator import Played

__all__ = ["INTERRUPTS", "BotError", "decide", "one_line", "play_counted", "random_playouts", "rate_opening"]

O = TypeVar("O")  # noqa: E741 -- the observation type, as in the contract
M = TypeVar("M")


class BotError(CardrulesError, RuntimeError):
    """A bot failed during a game: it could not be built, its ``choose`` raised, or it chose
    something that is not a legal move (a bot of your own, most likely).

    ``bot`` is its label as named on the command line, ``seat`` its seat, ``move`` the number (from
    1) of the game's move it was asked for, ``deal`` the game's seed when there is one, and
    ``problem`` what went wrong.

    >>> str(BotError("mybots:Bad", 1, 12, "chose None, not a legal move", deal=7))
    'bot mybots:Bad at seat 1 failed on move 12 of deal 7: chose None, not a legal move'
    """

    def __init__(self, bot: str, seat: int, move: int, problem: str, *, deal: object = None) -> None:
        where = f"move {move}" if deal is None else f"move {move} of deal {shown(deal)}"
        super().__init__(f"bot {printable(bot, 60)} at seat {seat} failed on {where}: {problem}")
        self.bot, self.seat, self.move, self.problem, self.deal = bot, seat, move, problem, deal

    def __reduce__(self) -> tuple[object, ...]:
        # Raised in a worker process and pickled back: rebuilt from its fields, not from its message.
        return (_rebuild_bot_error, (self.bot, self.seat, self.move, self.problem, self.deal))


def _rebuild_bot_error(bot: str, seat: int, move: int, problem: str, deal: object) -> BotError:
    return BotError(bot, seat, move, problem, deal=deal)


INTERRUPTS = (KeyboardInterrupt, Interrupted)
"""What a bot's code may not turn into its own failure: Ctrl-C and SIGTERM, which stop the run.
``sys.exit`` in a bot (SystemExit) is the bot's failure, not the command's exit status."""


def one_line(exc: BaseException) -> str:
    """An exception a bot raised, on one line: its class and its message."""
    try:
        message = str(exc)
    except Exception:  # a message that fails to print must not hide the failure it reports
        message = ""
    message = printable(" ".join(message.split()), 200)
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def _move_text(move: object) -> str:
    """A bot's answer for a message: a move's own notation, anything else as ``shown`` does."""
    if move is None or isinstance(move, (int, float, str, bytes)):
        return shown(move)
    try:
        text = " ".join(str(move).split())
    except Exception:
        return shown(move)
    return printable(text, 60)


def decide(bot: Bot[object, object], label: str, observation: object, legal: tuple[object, ...], *,
           seat: int, move: int, deal: object = None) -> object:
    """``bot``'s choice among ``legal``; a ``choose`` that raises, or answers something not in
    ``legal`` (``None`` included), raises :class:`BotError` naming the bot, the seat and the move.

    >>> from cardrules.bots import RandomBot
    >>> decide(RandomBot(1), "random", None, ("a",), seat=0, move=1)
    'a'
    >>> decide(RandomBot(1), "random", None, (), seat=0, move=3)
    Traceback (most recent call last):
    ...
    cardrules.run.playing.BotError: bot random at seat 0 failed on move 3: choose raised ArgumentError: ...
    """
    try:
        chosen = bot.choose(observation, legal)
    except INTERRUPTS:
        raise
    except BaseException as exc:  # a bot of your own may raise anything: one line names it, no traceback
        raise BotError(label, seat, move, f"choose raised {one_line(exc)}", deal=deal) from None
    try:
        allowed = chosen in legal
    except Exception:  # an answer whose == raises is no legal move either
        allowed = False
    if not allowed:
        raise BotError(label, seat, move, f"chose {_move_text(chosen)}, not a legal move", deal=deal)
    return chosen


def rate_opening(bot: OpeningRater[object], label: str, observation: object, *, seat: int,
                 deal: object = None) -> float:
    """``bot``'s ``opening_strength`` of ``observation`` (for ``--first-player strongest``); one that
    raises, or answers something other than a number, raises :class:`BotError` naming the bot, its
    seat and move 1 (the game's first move waits on the ratings).

    >>> class Unsure:
    ...     def opening_strength(self, observation): return "high"
    >>> rate_opening(Unsure(), "unsure", None, seat=1)
    Traceback (most recent call last):
    ...
    cardrules.run.playing.BotError: bot unsure at seat 1 failed on move 1: opening_strength answered 'hi...
    """
    try:
        rating = bot.opening_strength(observation)
    except INTERRUPTS:
        raise
    except BaseException as exc:  # a bot of your own may raise anything: one line names it, no traceback
        raise BotError(label, seat, 1, f"opening_strength raised {one_line(exc)}", deal=deal) from None
    if type(rating) not in (int, float) or math.isnan(rating):
        raise BotError(label, seat, 1, f"opening_strength answered {_move_text(rating)}, not a number",
                       deal=deal)
    return rating


class _Counted(Generic[O, M]):
    """Stands in for a bot, checks its choices and counts them by move class; ``clock`` (shared by
    the table's seats) counts the game's moves, so that a failure can name its move."""

    __slots__ = ("bot", "chosen", "clock", "deal", "label", "seat")

    def __init__(self, bot: Bot[O, M], label: str, seat: int, clock: list[int], deal: int) -> None:
        self.bot, self.label, self.seat, self.clock, self.deal = bot, label, seat, clock, deal
        self.chosen: Counter[type] = Counter()

    def choose(self, observation: O, legal: tuple[M, ...]) -> M:
        """The bot's move, checked and counted."""
        self.clock[0] += 1
        move = cast(M, decide(cast(Bot[object, object], self.bot), self.label, observation, legal,
                              seat=self.seat, move=self.clock[0], deal=self.deal))
        self.chosen[type(move)] += 1
        return move


class _Rater(Generic[O, M]):
    """Stands in for a bot while the seats rate their openings: a rating that fails, or is no
    number, raises :class:`BotError` naming the bot instead of a traceback."""

    __slots__ = ("bot", "deal", "label", "seat")

    def __init__(self, bot: Bot[O, M], label: str, seat: int, deal: int) -> None:
        self.bot, self.label, self.seat, self.deal = bot, label, seat, deal

    def choose(self, observation: O, legal: tuple[M, ...]) -> M:
        """The bot's own choice (a rater is a seat's bot for as long as the ratings take)."""
        return self.bot.choose(observation, legal)

    def opening_strength(self, observation: O) -> float:
        """The bot's rating, checked."""
        return rate_opening(cast(OpeningRater[object], self.bot), self.label, observation, seat=self.seat,
                            deal=self.deal)


def play_counted(rules: RulesLike, bots: Sequence[Bot[O, M]], *, seed: int,
                 first_player: int | Literal["strongest"] = 0,
                 labels: Sequence[str] | None = None) -> Played[object]:
    """Let ``bots`` (one per seat) play the game dealt from ``seed`` and record what happened;
    ``first_player`` as in :func:`~cardrules.bots.play_game`. A bot whose ``choose`` raises or
    answers an illegal move raises :class:`BotError`, naming it by its entry in ``labels`` (by
    default its class's name), its seat and the move.

    >>> from cardrules.bots import RandomBot
    >>> from cardrules.games import the_game
    >>> played = play_counted(the_game.Rules(), [RandomBot(1)], seed=1)
    >>> played.decisions == sum(played.choices[0].values()) > 0
    True
    """
    names = [type(bot).__name__ for bot in bots] if labels is None else labels
    if first_player == STRONGEST:  # asked of the bots themselves: the counters only count choices
        dealt = registry.game_of(rules).new_game(rules, seed=seed)
        raters: list[Bot[O, M]] = [_Rater(bot, name, seat, seed) if isinstance(bot, OpeningRater) else bot
                  for seat, (bot, name) in enumerate(zip(bots, names, strict=True))]
        first_player = strongest_first_player(cast(GameState[object, M, O, object], dealt), raters)
    clock = [0]
    counted = [_Counted(bot, name, seat, clock, seed)
               for seat, (bot, name) in enumerate(zip(bots, names, strict=True))]
    final = play_game(rules, counted, seed=seed, first_player=first_player)
    return Played(registry.game_of(rules).result(final), tuple(seat.chosen for seat in counted))


def random_playouts(game: registry.SomeGame, rules: RulesLike, seconds: float,
                    seed: int = 0) -> tuple[int, int, float]:
    """Play random games through the game's public verbs for about ``seconds``.

    One step is ``legal_moves`` + ``random.choice`` + ``apply``. Returns (games, steps, seconds
    taken); dealing is included in the time, the last game is always finished.
    """
    rng = random.Random(seed)
    choice = rng.choice
    new_game, legal_moves, apply = game.new_game, game.legal_moves, game.apply
    games = steps = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        state = new_game(rules, seed=seed + games)
        moves = legal_moves(state)
        while moves:
            state = apply(state, choice(moves))
            moves = legal_moves(state)
            steps += 1
        games += 1
        now = clock()
        if now >= deadline:
            return games, steps, now - start
