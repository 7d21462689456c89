"""Bots named on the command line: ``greedy``, ``ismcts:iterations=500``, ``mypackage.bots:MyBot:depth=3``.

A spec is a built-in bot's name (a key of the game's :attr:`Simulator.bots
<cardrules.cli.simulator.Simulator.bots>`) or ``package.module:ClassName`` for a bot of your own,
followed by options ``:key=value,key=value``. Options become keyword arguments of the bot's
constructor, converted to the types its signature declares (``int``, ``float``, ``bool``, ``str``,
or ``None`` for an optional one).

A bot is built per seat and game with keyword arguments only: its options, ``seed=`` when the
constructor takes a ``seed`` (derived from the deal, so a run is reproducible) and ``rules=`` when
it takes ``rules``.
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Union, cast

import attrs

from cardrules.arguments import printable, shown
from cardrules.bots import Bot, ISMCTSBot, OpeningRater
from cardrules.cli.options import MAX_NUMBER_CHARS
from cardrules.cli.runs import Interrupted
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError, CardrulesError

__all__ = [
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "BotError",
    "BotSpec",
    "SearchBot",
    "build_seat",
    "decide",
    "parse_bot",
    "parse_bots",
    "rate_opening",
]

_USER_BOT = re.compile(r"(?P<module>[A-Za-z_][\w.]*):(?P<cls>[A-Za-z_]\w*)(?::(?P<options>.*))?")
_KIND_NAMES: dict[object, str] = {int: "a whole number", float: "a number", bool: "true or false",
                                  str: "text", type(None): "none"}
_TRUE, _FALSE = {"true", "yes", "1", "on"}, {"false", "no", "0", "off"}


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


# What a bot's code may not turn into its own failure: Ctrl-C and SIGTERM, which stop the run.
# ``sys.exit`` in a bot (SystemExit) is the bot's failure, not the command's exit status.
_INTERRUPTS = (KeyboardInterrupt, Interrupted)


def _raised(exc: BaseException) -> str:
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


@attrs.frozen
class BotSpec:
    """A bot named on the command line: its ``label`` (the spec as written), the ``factory`` (a
    bot class, or any callable taking keyword arguments) and the converted ``options``.

    >>> from cardrules.bots import RandomBot
    >>> spec = parse_bot("random", {"random": RandomBot})
    >>> spec.build(rules=None, seed=3).choose(None, ("a",))
    'a'
    """

    label: str
    factory: Callable[..., object]
    options: Mapping[str, object]

    def build(self, *, rules: RulesLike | None, seed: int) -> Bot[object, object]:
        """One seat's bot, seeded with ``seed`` when its constructor takes a seed."""
        accepted = _parameters(self.factory)
        extra: dict[str, object] = {}
        if "seed" in accepted and "seed" not in self.options:
            extra["seed"] = seed
        if "rules" in accepted and rules is not None:
            extra["rules"] = rules
        try:
            bot = self.factory(**self.options, **extra)
        except (TypeError, ValueError) as exc:
            raise ArgumentError(f"bot {printable(self.label, 60)}: {printable(str(exc), 200)}") from None
        if not isinstance(bot, Bot):
            raise ArgumentError(f"bot {printable(self.label, 60)}: {type(bot).__name__} has no choose "
                                "method")
        return cast(Bot[object, object], bot)


def build_seat(spec: BotSpec, *, rules: RulesLike | None, seed: int, seat: int, move: int,
               deal: object = None) -> Bot[object, object]:
    """``spec``'s bot for ``seat``, asked for move ``move`` of a game; a bot that cannot be built
    raises :class:`BotError` naming it, the seat and the move, with what its constructor raised as
    its ``__cause__`` (an :class:`~cardrules.errors.ArgumentError` for options it refused).

    >>> build_seat(BotSpec("broken", lambda: 1 / 0, {}), rules=None, seed=1, seat=2, move=1)
    Traceback (most recent call last):
    ...
    cardrules.cli.botspec.BotError: bot broken at seat 2 failed on move 1: could not be built: ZeroDivi...
    """
    try:
        return spec.build(rules=rules, seed=seed)
    except (BotError, *_INTERRUPTS):
        raise
    except BaseException as exc:  # a bot of your own may raise anything: one line names it, no traceback
        problem = str(exc) if isinstance(exc, ArgumentError) else _raised(exc)
        raise BotError(spec.label, seat, move, f"could not be built: {problem}", deal=deal) from exc


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
    cardrules.cli.botspec.BotError: bot random at seat 0 failed on move 3: choose raised ArgumentError: ...
    """
    try:
        chosen = bot.choose(observation, legal)
    except _INTERRUPTS:
        raise
    except BaseException as exc:  # a bot of your own may raise anything: one line names it, no traceback
        raise BotError(label, seat, move, f"choose raised {_raised(exc)}", deal=deal) from None
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
    cardrules.cli.botspec.BotError: bot unsure at seat 1 failed on move 1: opening_strength answered 'hi...
    """
    try:
        rating = bot.opening_strength(observation)
    except _INTERRUPTS:
        raise
    except BaseException as exc:  # a bot of your own may raise anything: one line names it, no traceback
        raise BotError(label, seat, 1, f"opening_strength raised {_raised(exc)}", deal=deal) from None
    if type(rating) not in (int, float) or math.isnan(rating):
        raise BotError(label, seat, 1, f"opening_strength answered {_move_text(rating)}, not a number",
                       deal=deal)
    return rating


def split_bots(text: str) -> list[str]:
    """Split a comma-separated list of bot specs, keeping each bot's ``key=value`` options with it.

    A piece starts a new bot unless it is a bare ``key=value`` (no ``:`` before its ``=``).

    >>> split_bots("greedy,ismcts:iterations=500,depth=2,random")
    ['greedy', 'ismcts:iterations=500,depth=2', 'random']
    """
    specs: list[str] = []
    for piece in (piece.strip() for piece in text.split(",")):
        if not piece:
            raise ArgumentError(f"an empty bot name in {shown(text, 80)}")
        equals = piece.find("=")
        if equals >= 0 and ":" not in piece[:equals]:
            if not specs:
                raise ArgumentError(f"option {shown(piece)} comes before any bot in {shown(text, 80)}")
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def parse_bots(text: str, builtin: Mapping[str, Callable[..., object]]) -> tuple[BotSpec, ...]:
    """Every bot of a comma-separated list (see :func:`split_bots`), each checked by
    :func:`parse_bot`.

    >>> from cardrules.bots import RandomBot
    >>> [spec.label for spec in parse_bots("random,random:seed=4", {"random": RandomBot})]
    ['random', 'random:seed=4']
    """
    return tuple(parse_bot(spec, builtin) for spec in split_bots(text))


def parse_bot(spec: str, builtin: Mapping[str, Callable[..., object]]) -> BotSpec:
    """The bot ``spec`` names: a key of ``builtin`` or ``package.module:ClassName``, with options.

    >>> from cardrules.games.the_game.bots import GreedyBot
    >>> parse_bot("greedy:depth=2", {"greedy": GreedyBot}).options
    {'depth': 2}
    >>> parse_bot("greedy:speed=2", {"greedy": GreedyBot})
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: bot greedy:speed=2: no option 'speed' (options: reach, ...)
    """
    name, _, options_text = spec.partition(":")
    if name in builtin:
        factory = builtin[name]
    else:
        match = _USER_BOT.fullmatch(spec)
        if match is None:
            raise ArgumentError(f"unknown bot {shown(name)}: choose from {', '.join(sorted(builtin))}, "
                                "or name your own as package.module:ClassName")
        factory = _load(match.group("module"), match.group("cls"), spec)
        options_text = match.group("options") or ""
    return BotSpec(spec, factory, _options(spec, options_text, factory))


def _load(module_name: str, class_name: str, spec: str) -> Callable[..., object]:
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ArgumentError(f"bot {printable(spec, 60)}: cannot import {printable(module_name, 60)}: "
                            f"{printable(str(exc), 200)}") from None
    except _INTERRUPTS:
        raise
    except BaseException as exc:  # a module of your own may raise anything as it loads, sys.exit too
        raise ArgumentError(f"bot {printable(spec, 60)}: importing {printable(module_name, 60)} raised "
                            f"{_raised(exc)}") from None
    factory = getattr(module, class_name, None)
    if not callable(factory):
        raise ArgumentError(f"bot {printable(spec, 60)}: {printable(module_name, 60)} has no class "
                            f"{printable(class_name, 60)}")
    return cast(Callable[..., object], factory)


def _parameters(factory: Callable[..., object]) -> dict[str, inspect.Parameter]:
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # a builtin without a signature: no options
        return {}
    return {name: parameter for name, parameter in signature.parameters.items()
            if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)}


def _hints(factory: Callable[..., object]) -> dict[str, object]:
    target = factory.__init__ if isinstance(factory, type) else factory  # type: ignore[misc]
    try:
        return typing.get_type_hints(target)
    except Exception:  # unresolvable annotations: options stay text
        return {}


def _options(spec: str, text: str, factory: Callable[..., object]) -> dict[str, object]:
    if not text:
        return {}
    accepted = _parameters(factory)
    settable = [name for name in accepted if name != "rules"]
    hints = _hints(factory)
    options: dict[str, object] = {}
    for item in text.split(","):
        key, equals, value = item.partition("=")
        key = key.strip()
        if not equals or not key:
            raise ArgumentError(f"bot {printable(spec, 60)}: {shown(item)} is not key=value")
        if key not in settable:
            raise ArgumentError(f"bot {printable(spec, 60)}: no option {shown(key)} "
                                f"(options: {', '.join(settable) or 'none'})")
        if key in options:
            raise ArgumentError(f"bot {printable(spec, 60)}: option {shown(key)} given twice")
        options[key] = _convert(spec, key, value.strip(), hints.get(key, str))
    return options


def _convert(spec: str, key: str, text: str, kind: object) -> object:
    """``text`` as a value of ``kind``: int, float, bool, str, or one of those or None."""
    choices: Sequence[object] = (kind,)
    if typing.get_origin(kind) in (Union, types.UnionType):
        choices = typing.get_args(kind)
    if type(None) in choices and text.lower() == "none":
        return None
    for choice in choices:
        if choice in (int, float) and len(text) > MAX_NUMBER_CHARS:
            raise ArgumentError(f"bot {shown(spec, 60)}: option {key} is a number of {len(text)} characters: "
                                f"at most {MAX_NUMBER_CHARS}")
        try:
            if choice is bool:
                if text.lower() in _TRUE | _FALSE:
                    return text.lower() in _TRUE
            elif choice is float:
                value = float(text)
                if math.isfinite(value):  # nan and inf budget nothing a bot can use
                    return value
            elif choice in (int, str):
                return cast(Callable[[str], object], choice)(text)
        except ValueError:
            continue
    names = " or ".join(_KIND_NAMES.get(choice, getattr(choice, "__name__", str(choice)))
                        for choice in choices)
    raise ArgumentError(f"bot {printable(spec, 60)}: option {printable(key, 40)}={shown(text)} "
                        f"is not {names}")


MAX_ITERATIONS = 100_000
"""The most ``iterations`` the command line's ``ismcts`` takes per decision."""

MAX_SECONDS = 60.0
"""The most ``seconds`` the command line's ``ismcts`` takes per decision."""


class SearchBot(ISMCTSBot):
    """The command line's ``ismcts``: :class:`~cardrules.bots.ISMCTSBot` rolling out with the game's
    strongest reference bot, ``rollout_bot``, which each game's subclass names.

    A search bot needs a good rollout policy: random rollouts make it far weaker than the
    reference bot. The options are ``ISMCTSBot``'s, less ``rollout`` and ``value``, with a budget
    of at most :data:`MAX_ITERATIONS` iterations or :data:`MAX_SECONDS` seconds per decision.
    """

    # Any: the rollout bot of whichever game the subclass serves.
    rollout_bot: ClassVar[type[Any]]

    def __init__(self, *, iterations: int | None = None, seconds: float | None = None,
                 exploration: float = 0.7, widening: float | None = 1.0, guard: float | None = 2.0,
                 seed: int | None = None) -> None:
        # A budget per decision: past these a game of a hundred decisions takes days, not a run.
        if type(iterations) is int and iterations > MAX_ITERATIONS:
            raise ArgumentError(f"iterations is a whole number from 1 to {MAX_ITERATIONS}, "
                                f"not {shown(iterations)}")
        if type(seconds) in (int, float) and cast(float, seconds) > MAX_SECONDS:
            raise ArgumentError(f"seconds is a positive number up to {MAX_SECONDS:g}, not {shown(seconds)}")
        super().__init__(iterations=iterations, seconds=seconds, exploration=exploration,
                         widening=widening, rollout=self.rollout_bot(), guard=guard, seed=seed)
