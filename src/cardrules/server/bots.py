"""A room's bots: which it may seat, and how one decides a move.

A room seats the game's reference bots by name, never code named by a text; a bot decides on a
worker thread, within a time limit, and a random move is played for it when it fails.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import attrs

from cardrules.arguments import shown
from cardrules.bots import Bot, RandomBot
from cardrules.errors import ArgumentError, IllegalMoveError
from cardrules.i18n import Lang, Phrase
from cardrules.registry import SomeGame
from cardrules.run import botspec
from cardrules.run.botspec import BotSpec, parse_bot
from cardrules.run.simulator import simulator_of
from cardrules.server.limits import SEARCH_SECONDS, check_bot_options
from cardrules.server.protocol import ProtocolError
from cardrules.session import Session

__all__ = ["SEARCH_BOTS", "BotThreads", "Failure", "decide", "decision_seed", "parse_room_bot", "room_bots"]

T = TypeVar("T")

SEARCH_BOTS = ("random", "ismcts")
"""The generic bots a room may seat beside a game's own: a random player and the search bot."""

_PARSED_KEPT = 256
"""The most bot specs :func:`decide` remembers read (they come from clients, so a bounded few)."""

_FAILED = Phrase(
    "The bot at seat {seat} ({bot}) failed on move {move} ({problem}); a random move was played for it.",
    "El bot del asiento {seat} ({bot}) falló en la jugada {move} ({problem}); se jugó por él una "
    "jugada al azar.",
    "Le bot du siège {seat} ({bot}) a échoué au coup {move} ({problem}) ; un coup au hasard a été joué "
    "à sa place.")
_TOO_SLOW = Phrase("took more than {seconds:g} s", "tardó más de {seconds:g} s",
                   "a pris plus de {seconds:g} s")


def room_bots(game: SomeGame) -> dict[str, Callable[..., object]]:
    """The bots a room of ``game`` may seat, by name: the game's reference bots, ``random`` and the
    search bot ``ismcts`` (when the game's command line offers them), and nothing else.

    >>> from cardrules import registry
    >>> list(room_bots(registry.get("the-game")))
    ['greedy', 'random', 'ismcts']
    """
    offered = simulator_of(game).bots
    return {name: factory for name, factory in offered.items() if name in game.bots or name in SEARCH_BOTS}


def parse_room_bot(game: SomeGame, spec: str,
                   extra: Mapping[str, Callable[..., object]] | None = None) -> BotSpec:
    """The bot ``spec`` names among :func:`room_bots` and the app's ``extra`` bots, with options
    within the server's caps.

    A ``package.module:Class`` spec is refused: a network client never names code to import.

    >>> from cardrules import registry
    >>> parse_room_bot(registry.get("the-game"), "os:system")
    Traceback (most recent call last):
    ...
    cardrules.server.protocol.ProtocolError: bad_bot: no bot 'os' in a room of The Game: choose from ...
    """
    bots = {**room_bots(game), **(extra or {})}
    name = spec.partition(":")[0]
    if name not in bots:
        raise ProtocolError("bad_bot", f"no bot {shown(name)} in a room of {game.title}: choose from "
                                       f"{', '.join(bots)}")
    try:
        parsed = parse_bot(spec, bots)
        check_bot_options(spec, parsed.options)
        accepted = _keywords(parsed.factory)
        if {"iterations", "seconds"} <= accepted and not {"iterations", "seconds"} & set(parsed.options):
            parsed = BotSpec(parsed.label, parsed.factory, {**parsed.options, "seconds": SEARCH_SECONDS})
        parsed.build(rules=None, seed=0)  # refuses options the bot's constructor refuses, now
    except ArgumentError as exc:
        raise ProtocolError("bad_bot", str(exc)) from None
    return parsed


def _keywords(factory: Callable[..., object]) -> set[str]:
    try:
        return set(inspect.signature(factory).parameters)
    except (TypeError, ValueError):  # a builtin without a signature
        return set()


def decision_seed(room_id: str, seat: int, ply: int) -> int:
    """The seed of a bot's decision: from the room, the seat and the move alone, so a restarted
    server's bots decide as the first would have.

    >>> decision_seed("r", 1, 5) == decision_seed("r", 1, 5) != decision_seed("r", 1, 6)
    True
    """
    return botspec.decision_seed(f"cardrules room {room_id} {seat} {ply}")


@attrs.frozen
class Failure:
    """Why a bot's move was played at random: the seat, the bot, the move's number and the problem
    (the kind of error it raised, never its text, which could tell the bot's hand; or its
    time limit). Called with a language, it says so to the room."""

    seat: int
    bot: str
    move: int
    problem: str | None
    seconds: float

    def __call__(self, lang: Lang) -> str:
        problem = self.problem if self.problem is not None else _TOO_SLOW(lang, seconds=self.seconds)
        return _FAILED(lang, seat=self.seat, bot=self.bot, move=self.move, problem=problem)


class BotThreads:
    """The threads the bots of a process think on: at most ``count`` bots at once. A bot waits for
    a free thread, and its time limit counts from then; a bot that runs out of time keeps its thread
    until it answers (a thread cannot be stopped), so the others wait rather than pile up."""

    def __init__(self, count: int) -> None:
        self._executor = ThreadPoolExecutor(max_workers=count, thread_name_prefix="cardrules-bot")
        self._free = asyncio.Semaphore(count)

    async def run(self, work: Callable[[], T], timeout: float) -> T:
        """``work()`` on a free thread; :class:`TimeoutError` after ``timeout`` seconds of it."""
        await self._free.acquire()
        try:
            future = asyncio.get_running_loop().run_in_executor(self._executor, work)
        except BaseException:
            self._free.release()
            raise
        future.add_done_callback(lambda _: self._free.release())
        return await asyncio.wait_for(asyncio.shield(future), timeout)

    def close(self) -> None:
        """Let the threads go: a bot still thinking is not waited for (its answer would be dropped)."""
        self._executor.shutdown(wait=False, cancel_futures=True)


async def decide(session: Session, seat: int, spec: str, extra: Mapping[str, Callable[..., object]], *,
                 seed: int, timeout: float, threads: BotThreads,
                 parsed: dict[tuple[str, str], BotSpec] | None = None) -> tuple[object, Failure | None]:
    """The move the bot ``spec`` makes at ``seat`` now, decided on one of ``threads`` (so a slow bot
    holds up no other room) within ``timeout`` seconds; a bot that raises, answers a move that is
    not legal, or runs out of time gets a random legal move instead, and the :class:`Failure`.

    A bot that runs out of time goes on thinking on its thread, and its answer is dropped: the caps
    on bots' options (:data:`~cardrules.server.limits.BOT_OPTION_CAPS`) bound how long that lasts.
    ``parsed`` remembers each spec once read (by game and spec): reading one, which checks the
    bot's options against its constructor, was a twentieth of a busy server's time.
    """
    observation, legal = session.observation(seat), session.legal_moves(seat)
    try:
        key = (session.game.name, spec)
        bot_spec = None if parsed is None else parsed.get(key)
        if bot_spec is None:
            bot_spec = parse_room_bot(session.game, spec, extra)
            if parsed is not None:
                if len(parsed) >= _PARSED_KEPT:  # specs come from clients: keep a bounded few
                    parsed.clear()
                parsed[key] = bot_spec
        bot = bot_spec.build(rules=session.record.rules, seed=seed)
        move = await threads.run(functools.partial(_choose, bot, observation, legal), timeout)
    except TimeoutError:
        failure = Failure(seat, spec, session.plies + 1, None, timeout)
    except Exception as exc:  # whatever a bot raises: it is reported, and the room goes on
        failure = Failure(seat, spec, session.plies + 1, type(exc).__name__, timeout)
    else:
        return move, None
    return RandomBot(seed).choose(observation, legal), failure


def _choose(bot: Bot[object, object], observation: object, legal: tuple[object, ...]) -> object:
    """The bot's move, on a worker thread; an answer that is no legal move raises."""
    chosen = bot.choose(observation, legal)
    if chosen not in legal:
        raise IllegalMoveError(chosen, "the bot chose a move that is not legal")
    return chosen
