"""The ``cardrules`` command line: list the games, let bots play many games, benchmark the engines.

::

    python -m cardrules games
    python -m cardrules simulate the-game --players 3 --games 1000 --seed 1 --bot greedy
    python -m cardrules simulate mille-bornes --players 4 --team-size 2 --bot heuristic --versus random
    python -m cardrules arena mille-bornes --single-hand --bots heuristic,random --games 500 --workers 2
    python -m cardrules bench --seconds 1
    python -m cardrules play mille-bornes --players 4 --team-size 2 --lang fr
    python -m cardrules serve --port 8000 --db rooms.sqlite3
    python -m cardrules --import mypackage.mygame simulate my-game --games 100

Every registered game can be simulated: a game whose descriptor declares a ``command_line`` facet
(a :class:`~cardrules.run.Simulator`, in the game's own ``command_line`` module) gets its options,
bots and summary; any other gets the generic one (rules as JSON, random bots, a tally of results).
``--import MODULE`` imports a module first, so a game defined outside cardrules registers itself and
appears among the games.

The command line names no game: it reaches each through the registry and its ``command_line``
facet (:func:`cardrules.run.simulators`). It is a parser (:mod:`~cardrules.cli.parser`) and one
module per command (:mod:`~cardrules.cli.simulate`, :mod:`~cardrules.cli.arena`,
:mod:`~cardrules.cli.bench`, :mod:`~cardrules.cli.play`, :mod:`~cardrules.cli.serve`,
:mod:`~cardrules.cli.games`); playing many
games, here or on workers, is the :mod:`cardrules.run` layer's.

Exit status: 0 on success, 2 on a usage error (a bad option, an unknown game, rules the game does not
allow), with a one-line message and never a traceback.
"""

from __future__ import annotations

import importlib
import itertools
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType

from cardrules.arguments import printable
from cardrules.cli.parser import build_parser
from cardrules.cli.runs import FAILED
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.run.chunks import Interrupted, RayConnectionError
from cardrules.run.playing import BotError

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit status.

    >>> main(["simulate", "the-game", "--players", "2", "--games", "3", "--seed", "5"])
    The Game: 2 players, normal rules; greedy bot; seeds 5..7
    games             3
    ...
    0
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # started with standard output closed (``>&-``): what it prints goes nowhere
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- stands for the stream for the whole run
    try:
        _import_games(arguments)
    except CardrulesError as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    parser = build_parser()
    try:
        args = parser.parse_args(arguments)
        with _sigterm_interrupts():
            status: int = args.handler(args)
    except SystemExit as exc:  # argparse after --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except RayConnectionError as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return FAILED
    except BotError as exc:  # before any game finished (a bot that could not be built for the run)
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return FAILED
    except CardrulesError as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return 2
    except Interrupted as exc:
        print("cardrules: interrupted", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (say ``| head``) has gone: stop quietly, as command-line tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- silences the flush at exit
        return 0
    return status


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM ends any command as Ctrl-C does ("cardrules: interrupted", status 143 instead of 130),
    a saved game's temporary file removed on the way; a run of games and the full-screen app set
    their own handlers while they last."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise Interrupted(signum)

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _import_games(argv: Sequence[str]) -> None:
    """Import the modules named by ``--import`` before the parser is built, so that the games
    they register are among its choices."""
    names = [value for option, value in itertools.pairwise(argv) if option == "--import"]
    names += [arg.split("=", 1)[1] for arg in argv if arg.startswith("--import=")]
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            raise ArgumentError(f"--import {printable(name, 60)}: {printable(str(exc), 200)}") from None
        except KeyboardInterrupt:  # Ctrl-C while a slow module loads: main says it was interrupted
            raise
        except BaseException as exc:  # a module of your own may raise anything as it loads, sys.exit too
            raise ArgumentError(f"--import {printable(name, 60)}: importing it raised "
                                f"{type(exc).__name__}: {printable(str(exc), 200)}") from None
