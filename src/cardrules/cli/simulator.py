"""What the command line knows about one game (:class:`Simulator`), and what it records of a game
its bots played (:class:`Played`).

Kept apart from the generic machinery in :mod:`cardrules.cli` so that each game's module can build
its simulator without importing the command line it is part of.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cardrules.bots import Bot

__all__ = ["Played", "Simulator", "percent"]


@attrs.frozen
class Played:
    """One game the bots played: its ``result`` (the game's ``result(final_state)``), and for each
    seat how many moves of each move class it chose (``choices[seat][Play]``, ...).

    >>> Played(result=None, choices=(Counter({str: 3}), Counter({str: 2, int: 1}))).decisions
    6
    """

    result: Any
    choices: tuple[Counter[type], ...]

    @property
    def decisions(self) -> int:
        """How many decisions were made in the game, by every seat together."""
        return sum(sum(chosen.values()) for chosen in self.choices)


@attrs.frozen(kw_only=True)
class Simulator:
    """What the command line needs to know about one game beyond its registry descriptor.

    - ``game``: the registry name, which is also the ``simulate`` subcommand.
    - ``help``: one line for the list of games; ``epilog``: more for ``simulate GAME --help``.
    - ``add_arguments(parser)``: adds the game's rules options (``--players``, ...).
    - ``rules(args)``: the rules value for the parsed options; may raise a ``CardrulesError``.
    - ``describe(rules)``: the rules in a few words, for the summary's title.
    - ``bots``: bot name -> ``factory(rules, seed)`` giving one seat's bot; ``bot_help`` says
      what each bot does.
    - ``sides(rules)``: the side of each seat, for games played side against side; ``None`` for
      games without sides (then there is no ``--versus``: one bot plays every seat).
    - ``summarize(rules, played)``: the summary lines for the games played.
    - ``bench_variants()``: ``(label, rules)`` pairs that ``bench`` measures; ``bench_note`` says
      what the labels mean, in ``bench --help``.
    """

    game: str
    help: str
    epilog: str = ""
    add_arguments: Callable[[argparse.ArgumentParser], None]
    rules: Callable[[argparse.Namespace], Any]
    describe: Callable[[Any], str]
    bots: Mapping[str, Callable[[Any, int], Bot]]
    bot_help: str
    default_bot: str
    sides: Callable[[Any], tuple[int, ...]] | None = None
    summarize: Callable[[Any, Sequence[Played]], list[str]]
    bench_variants: Callable[[], tuple[tuple[str, Any], ...]]
    bench_note: str = ""


def percent(part: float, whole: float) -> str:
    """``part`` as a percentage of ``whole``, one decimal.

    >>> percent(1, 8)
    '12.5%'
    """
    return f"{100 * part / whole:.1f}%"
