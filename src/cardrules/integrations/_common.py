"""What the PettingZoo and Gymnasium adapters share: rules from options, rewards, a position as text.

They are a game's rules from keyword options, the rewards a step pays, and a position written out as
plain text for their ``"ansi"`` render mode.

Nothing here imports a host framework or numpy, and nothing decides a rule: the rules come from the
game's own ``Rules`` (or one of its presets), the text from the fields of its observation, and the
rewards add up to ``cardrules.rl.returns``.
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import cast

import attrs

from cardrules.arguments import shown
from cardrules.errors import ArgumentError
from cardrules.registry import SomeGame

__all__ = ["position_text", "presets", "reset_options", "reset_seed", "rewards_per_action",
           "rules_from_options", "some_names"]

# Wide enough for a terminal, narrow enough that a long list of moves wraps.
_WIDTH = 100
# A longer sequence (a discard pile, a pile of The Game) shows its length and its last cards.
_LONG = 12
# How many of a caller's unknown names a message shows; it counts the others.
_SHOWN_NAMES = 5


def presets(game: SomeGame) -> dict[str, Callable[..., object]]:
    """The presets of ``game``'s rules by name: the public classmethods of its ``Rules``, its own or
    inherited (the design's convention for a rulebook), e.g. Mille Bornes' ``parker``, ``french``,
    ``wikipedia`` and ``room``; The Game has none.

    >>> from cardrules.registry import get
    >>> list(presets(get("mille-bornes"))), presets(get("the-game"))
    (['parker', 'french', 'wikipedia', 'room'], {})
    """
    rules_type = game.rules_type
    return {name: getattr(rules_type, name) for kind in reversed(rules_type.__mro__)
            for name, value in vars(kind).items()
            if isinstance(value, classmethod) and not name.startswith("_")}


def rules_from_options(game: SomeGame, options: Mapping[str, object]) -> object:
    """``game``'s rules from keyword ``options``: the ``Rules`` constructor's keywords, or with
    ``preset="name"`` that preset's keywords.

    A name that is neither raises :class:`~cardrules.errors.ArgumentError` listing the options; a
    value the rules refuse raises their own :class:`~cardrules.errors.RulesError`.

    >>> from cardrules.registry import get
    >>> rules_from_options(get("the-game"), {"players": 3, "expert": True})
    Rules(players=3, expert=True, reduced_hand=False, on_fire=False)
    >>> rules_from_options(get("mille-bornes"), {"preset": "room", "players": 4, "team_size": 2}).race
    1000
    >>> rules_from_options(get("the-game"), {"player": 3})
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: The Game has no option 'player'; its options are players, expert, ...
    """
    options = dict(options)
    preset_name = options.pop("preset", None)
    if preset_name is None:
        build: Callable[..., object] = game.rules_type
        what = game.title
    else:
        known = presets(game)
        if not isinstance(preset_name, str) or preset_name not in known:
            choice = f"its presets are {', '.join(known)}" if known else "it has none"
            raise ArgumentError(f"{game.title} has no preset {shown(preset_name)}; {choice}")
        build = known[preset_name]
        what = f"{game.title}'s preset {shown(preset_name)}"
    # The rules' keywords (an attrs class lists its fields by alias: ``race``, not ``_race``).
    names = [name for name, parameter in inspect.signature(build).parameters.items()
             if parameter.kind in (parameter.KEYWORD_ONLY, parameter.POSITIONAL_OR_KEYWORD)]
    unknown = [name for name in options if name not in names]
    if unknown:
        raise ArgumentError(f"{what} has no option {some_names(unknown)}; its options are "
                            f"{', '.join(names)}")
    return build(**options)


def some_names(names: Sequence[object]) -> str:
    """The first few of a caller's ``names`` as a message shows them (cut, and printable on any
    terminal) and how many more there are: a dict of a million keys gets a short message.

    >>> some_names(["player"])
    "'player'"
    >>> some_names([f"k{i}" for i in range(1000)])
    "'k0', 'k1', 'k2', 'k3', 'k4' and 995 more"
    """
    listed = ", ".join(shown(name) for name in names[:_SHOWN_NAMES])
    more = len(names) - _SHOWN_NAMES
    return listed + (f" and {more:,} more" if more > 0 else "")


def reset_seed(seed: object, *, negative: bool) -> int | None:
    """``reset``'s ``seed`` as an ``int``, or ``None``: a whole number, a numpy integer among them
    (a bool is not a seed); a negative one only if ``negative``. Anything else raises
    :class:`~cardrules.errors.ArgumentError`, before the environment changes.

    >>> reset_seed(7, negative=False), reset_seed(None, negative=True)
    (7, None)
    >>> reset_seed(-1, negative=False)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: a seed is a whole number from 0 up, or None, not -1
    """
    if seed is None:
        return None
    # numpy's integers register as numbers.Integral; Python's bool does too, and is refused.
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        number = int(seed)
        if negative or number >= 0:
            return number
    kind = "a whole number or None" if negative else "a whole number from 0 up, or None"
    raise ArgumentError(f"a seed is {kind}, not {shown(seed)}")


def reset_options(options: object) -> None:
    """Check ``reset``'s ``options``: a dict (accepted, and ignored: the table is set when the
    environment is made) or ``None``; anything else raises :class:`~cardrules.errors.ArgumentError`."""
    if options is not None and not isinstance(options, dict):
        raise ArgumentError(f"options is a dict or None, not {shown(options)}")


def rewards_per_action(game: SomeGame, moves: tuple[object, ...]) -> tuple[float, ...] | None:
    """What each action pays every seat as it is played (the game's ``rewards`` facet), or ``None``
    for a game that pays only its returns at the end (``cardrules.rl.returns``).

    >>> from cardrules.games import the_game
    >>> rewards_per_action(the_game.GAME, (the_game.Play(35, 0), the_game.EndTurn()))
    (0.01020408163265306, 0.0)
    """
    rewards = cast("Callable[[tuple[object, ...]], tuple[float, ...]] | None", game.facet("rewards"))
    return None if rewards is None else rewards(moves)


def position_text(
    title: str, header: str, observation: object, moves: Iterable[object], footer: str = "",
    *, body: str | None = None,
) -> str:
    """A position as plain text: ``title`` and ``header`` on the first line, then ``body`` indented
    (the game's ``render`` of the observation, say) or, without it, every field of ``observation``
    but its rules (nested records indented, cards and moves as they print themselves), then
    ``moves`` (the legal moves, if any) and ``footer``.

    >>> from cardrules.games import the_game
    >>> observation = the_game.observe(the_game.new_game(the_game.Rules(players=2), seed=4), 0)
    >>> print(position_text("The Game", "player_0 to act", observation, [the_game.EndTurn()]))
    The Game: player_0 to act
      seat: 0
      table:
        piles: (1) (1) (100) (100)
        hand_sizes: 7, 7
        draw_pile_size: 84
        current: 0
        laid: 0
        turn: 0
        fire_due: -1, -1, -1, -1
        status: playing
      hand: 3, 25, 44, 59, 73, 82, 86
      legal moves (1): end turn
    """
    lines = [f"{title}: {header}"]
    if body is None:
        lines.extend(_field_lines(observation, "  ", skip=("rules",)))
    else:
        lines.extend(f"  {line}" for line in body.splitlines())
    listed = [str(move) for move in moves]
    if listed:
        # Wrapped between moves, never inside one ("discard end of limit" stays whole).
        line = f"  legal moves ({len(listed)}): "
        for i, move in enumerate(listed):
            text = move + ("," if i < len(listed) - 1 else "")
            if len(line) + len(text) > _WIDTH and not line.endswith(": "):
                lines.append(line.rstrip())
                line = "    "
            line += text + " "
        lines.append(line.rstrip())
    if footer:
        lines.append(footer)
    return "\n".join(lines)


def _field_lines(record: object, indent: str, skip: tuple[str, ...] = ()) -> list[str]:
    """One line per field of the attrs ``record``; a field that holds a record gets its own block."""
    kind = type(record)
    if not attrs.has(kind):
        return [f"{indent}{record!r}"]
    lines = []
    for field in attrs.fields(kind):
        if field.name in skip or not field.init:
            continue
        value = getattr(record, field.name)
        if attrs.has(type(value)):
            lines.append(f"{indent}{field.alias}:")
            lines.extend(_field_lines(value, indent + "  "))
        elif isinstance(value, tuple) and value and all(attrs.has(type(item)) for item in value):
            lines.append(f"{indent}{field.alias}:")
            lines.extend(f"{indent}  [{i}] {_inline(item)}" for i, item in enumerate(value))
        else:
            lines.append(f"{indent}{field.alias}: {_text(value)}")
    return lines


def _inline(record: object) -> str:
    """An attrs record on one line: ``name: value; ...``."""
    kind = type(record)
    if not attrs.has(kind):
        return repr(record)
    return "; ".join(f"{field.alias}: {_text(getattr(record, field.name))}"
                     for field in attrs.fields(kind) if field.init)


def _text(value: object) -> str:
    """A field's value for people: cards as they print, sequences comma-separated (a long one as
    its length and last cards), ``-`` for none."""
    if value is None or value == ():
        return "-"
    if isinstance(value, (frozenset, set)):
        return ", ".join(sorted(map(_text, value))) if value else "-"
    if isinstance(value, tuple):
        if all(isinstance(item, tuple) for item in value):
            return " ".join(f"({_text(item)})" for item in value)
        shown = ", ".join(_text(item) for item in value[-_LONG:])
        return shown if len(value) <= _LONG else f"[{len(value)}] ..., {shown}"
    if attrs.has(type(value)):
        return f"[{_inline(value)}]"
    return str(value)
