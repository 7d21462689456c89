"""Bots named by a spec, on the command line or for a server's room: ``greedy``, ``ismcts:iterations=500``.

A spec is a built-in bot's name (a key of the game's :attr:`Simulator.bots
<cardrules.run.Simulator.bots>`) or ``package.module:ClassName`` for a bot of your own,
followed by options ``:key=value,key=value``. Options become keyword arguments of the bot's
constructor, converted to the types its signature declares (``int``, ``float``, ``bool``, ``str``,
or ``None`` for an optional one).

A bot is built per seat and game with keyword arguments only: its options, ``seed=`` when the
constructor takes a ``seed`` (derived from the deal, so a run is reproducible) and ``rules=`` when
it takes ``rules``. A bot that fails raises :class:`~cardrules.run.playing.BotError`.
:func:`decision_seed` gives each of a game's decisions its bot's seed, so that the bots' moves
follow from the record alone (``cardrules play`` and the server's rooms).
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import math
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Union, cast

import attrs

from cardrules.arguments import printable, shown
from cardrules.bots import Bot
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError
from cardrules.run.options import MAX_NUMBER_CHARS
from cardrules.run.playing import INTERRUPTS, BotError, one_line

__all__ = [
    "BotSpec",
    "build_seat",
    "decision_seed",
    "parse_bot",
    "parse_bots",
    "split_bots",
]

_USER_BOT = re.compile(r"(?P<module>[A-Za-z_][\w.]*):(?P<cls>[A-Za-z_]\w*)(?::(?P<options>.*))?")
_KIND_NAMES: dict[object, str] = {int: "a whole number", float: "a number", bool: "true or false",
                                  str: "text", type(None): "none"}
_TRUE, _FALSE = {"true", "yes", "1", "on"}, {"false", "no", "0", "off"}


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
    cardrules.run.playing.BotError: bot broken at seat 2 failed on move 1: could not be built: ZeroDivi...
    """
    try:
        return spec.build(rules=rules, seed=seed)
    except (BotError, *INTERRUPTS):
        raise
    except BaseException as exc:  # a bot of your own may raise anything: one line names it, no traceback
        problem = str(exc) if isinstance(exc, ArgumentError) else one_line(exc)
        raise BotError(spec.label, seat, move, f"could not be built: {problem}", deal=deal) from exc


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
    except INTERRUPTS:
        raise
    except BaseException as exc:  # a module of your own may raise anything as it loads, sys.exit too
        raise ArgumentError(f"bot {printable(spec, 60)}: importing {printable(module_name, 60)} raised "
                            f"{one_line(exc)}") from None
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


def decision_seed(text: str) -> int:
    """A bot's seed for one decision, drawn from ``text`` (which names the game, the seat and the
    move): the same text always gives the same 64-bit seed.

    >>> decision_seed("room r 1 5") == decision_seed("room r 1 5") != decision_seed("room r 1 6")
    True
    """
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
