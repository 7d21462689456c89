"""What ``simulate`` and ``arena`` share about a run: its checks, its progress bar, its exit status.

A run's first bots are checked before it starts, and its exit status says so when it stops early.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Literal

from cardrules import registry
from cardrules.bots import STRONGEST, Bot, OpeningRater
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError
from cardrules.run.botspec import BotSpec, build_seat
from cardrules.run.chunks import Interrupted, Stop
from cardrules.run.playing import BotError
from cardrules.run.simulator import bot_seed

__all__ = ["FAILED", "PROGRESS_MIN_GAMES", "check_first_player", "first_bots", "progress", "run_status"]

FAILED = 1
"""The exit status of a run that a failure stopped (a bot that failed, a worker that died)."""

PROGRESS_MIN_GAMES = 100
"""Runs of fewer games than this finish too fast to need a progress bar."""


def run_status(stopped: Stop | None, finished: int, total: int) -> int:
    """The exit status of a run that ``stopped`` early (``None``: it did not) after ``finished`` of
    its ``total`` games; for one that did, first the line that says why on standard error."""
    if stopped is None:
        return 0
    count = f"{finished} of {total} games finished"
    if isinstance(stopped, Interrupted):
        print(f"cardrules: interrupted ({signal.Signals(stopped.signum).name}): {count}", file=sys.stderr)
        return stopped.status
    print(f"cardrules: error: {stopped} ({count})", file=sys.stderr)
    return FAILED


def first_bots(args: argparse.Namespace, rules: RulesLike, seats: Sequence[BotSpec],
               deal: int) -> list[Bot[object, object]]:
    """The bots of the run's first game, built before it starts: options a bot refuses are a usage
    error; a constructor that fails otherwise is the first game's failure (a BotError)."""
    bots = []
    for seat, spec in enumerate(seats):
        try:
            bots.append(build_seat(spec, rules=rules, seed=bot_seed(deal, seat), seat=seat, move=1,
                                   deal=deal))
        except BotError as exc:
            if isinstance(exc.__cause__, ArgumentError):
                args.parser.error(str(exc.__cause__))
            raise
    return bots


def check_first_player(args: argparse.Namespace, game: registry.SomeGame, rules: RulesLike,
                       bots: Sequence[object], first_player: int | Literal["strongest"]) -> None:
    """Stops the run before it starts when ``--first-player`` cannot be followed."""
    if first_player == STRONGEST:
        for bot in bots:
            if not isinstance(bot, OpeningRater):
                args.parser.error(f"--first-player strongest: the {type(bot).__name__} cannot rate "
                                  "its hand (it has no opening_strength method)")
    elif not 0 <= first_player < game.players(rules):
        args.parser.error(f"--first-player is a seat from 0 to {game.players(rules) - 1} or 'strongest', "
                          f"not {first_player}")


@contextmanager
def progress(total: int, *, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A callback that advances a progress bar on the terminal by a number of games; a no-op when
    there is none.

    The bar needs ``rich`` (the ``cli`` extra), a terminal on stdout and a long enough run.
    """
    if not enabled or total < PROGRESS_MIN_GAMES or not sys.stdout.isatty():
        yield lambda done: None
        return
    try:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    except ImportError:
        yield lambda done: None
        return
    with Progress("playing", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True) as progress:
        task = progress.add_task("games", total=total)
        yield lambda done: progress.advance(task, done)
