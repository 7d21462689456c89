"""The ``cardrules`` command's argument parser: one subcommand per command, and the shared options.

Each command's handler is in a module of its own; the options the commands share are ``--workers``
and ``--ray``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cardrules import __version__
from cardrules.cli.arena import arena as run_arena
from cardrules.cli.bench import bench as run_bench
from cardrules.cli.games import list_games as run_games
from cardrules.cli.options import MAX_BENCH_SECONDS, MAX_GAMES, SEED
from cardrules.cli.play import add_play_command
from cardrules.cli.serve import add_serve_command
from cardrules.cli.simulate import simulate as run_simulate
from cardrules.errors import CardrulesError
from cardrules.run.chunks import check_ray_address
from cardrules.run.options import number, whole
from cardrules.run.simulator import simulators
from cardrules.run.workers import MAX_WORKERS_PER_CPU, max_workers

__all__ = ["build_parser"]


def _ray_address(text: str) -> str:
    try:
        check_ray_address(text)
    except CardrulesError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--ray ")) from None
    return text


def _add_workers(group: argparse._ArgumentGroup) -> None:
    backend = group.add_mutually_exclusive_group()
    backend.add_argument("--workers", type=whole(1, max_workers()), default=1, metavar="N",
                         help=f"play on N local processes (default: 1, in this one; at most "
                              f"{MAX_WORKERS_PER_CPU} per CPU, here {max_workers()}, and never more than "
                              "the games); the games and the summary are the same for any N")
    backend.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS", type=_ray_address,
                         help="play chunks of games as Ray tasks (needs the ray extra): on a local Ray "
                              "without ADDRESS, 'auto' for this machine's cluster, or ray://HOST:10001")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardrules`` command, one subcommand per action, with a
    subcommand per game for those that take one (each game's options from its :class:`Simulator`).

    >>> build_parser().parse_args(["simulate", "the-game", "--players", "3"]).players
    3
    """
    parser = argparse.ArgumentParser(
        prog="cardrules", description="Rules engines for card games: simulate bots, benchmark engines.",
        epilog="examples:\n"
               "  cardrules games\n"
               "  cardrules simulate the-game --players 3 --games 1000 --seed 1 --bot greedy\n"
               "  cardrules simulate mille-bornes --players 4 --team-size 2 --bot heuristic --versus random\n"
               "  cardrules arena the-game --players 3 --bots greedy,random --games 500\n"
               "  cardrules bench --seconds 2\n"
               "  cardrules play the-game --players 2 --lang es\n"
               "  cardrules serve --port 8000",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="print the installed version of cardrules and exit")
    parser.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE",
                        help="import MODULE first (a game defined outside cardrules registers itself)")
    commands = parser.add_subparsers(title="commands", dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the available games",
                                description="List every game cardrules can play.")
    games.set_defaults(handler=run_games, parser=games)

    simulate = commands.add_parser(
        "simulate", help="let bots play many games and summarize the results",
        description="Let bots play many games of one game and print a summary of the results. "
                    "Game i is dealt with seed SEED+i and its bots are seeded from that seed, "
                    "so a run is reproducible.")
    by_game = simulate.add_subparsers(title="games", dest="game", required=True, metavar="GAME")
    known = simulators()
    for simulator in known.values():
        sub = by_game.add_parser(simulator.game, help=simulator.help, description=simulator.help,
                                 epilog=simulator.epilog or None,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        simulator.add_arguments(sub)
        run = sub.add_argument_group("the run")
        run.add_argument("--games", type=whole(1, MAX_GAMES), default=1000, metavar="N",
                         help=f"how many games to play, 1 to {MAX_GAMES} (default: 1000)")
        run.add_argument("--seed", type=SEED, default=0, help="seed of the first deal (default: 0)")
        seats = "in every seat" if simulator.sides is None else "of side 0 (of every side without --versus)"
        run.add_argument("--bot", default=simulator.default_bot, metavar="BOT",
                         help=f"the bot {seats}: {simulator.bot_help}; or package.module:ClassName; "
                              f"options as BOT:key=value,... (default: {simulator.default_bot})")
        if simulator.sides is not None:
            run.add_argument("--versus", metavar="BOT",
                             help="the bot on every other side (default: --bot everywhere)")
        run.add_argument("--no-progress", "--quiet", dest="progress", action="store_false",
                         help="no progress bar (there is none anyway when output is not a terminal)")
        _add_workers(run)
        sub.set_defaults(handler=run_simulate, parser=sub)

    arena = commands.add_parser(
        "arena", help="play bots against each other on the same deals and rate them",
        description="Play bots against each other on the same deals: every pairing, each deal "
                    "twice with sides swapped (a game of sides), or each bot alone at the table "
                    "(a cooperative game). Prints win rates, score differences and Elo "
                    "(Bradley-Terry) ratings with 95% intervals. See docs/arena.md.")
    by_game = arena.add_subparsers(title="games", dest="game", required=True, metavar="GAME")
    for simulator in known.values():
        if simulator.scoring is None:
            continue
        sub = by_game.add_parser(simulator.game, help=simulator.help, description=simulator.help,
                                 epilog=simulator.epilog or None,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        simulator.add_arguments(sub)
        run = sub.add_argument_group("the run")
        run.add_argument("--bots", action="append", required=True, metavar="LIST",
                         help=f"comma-separated bots: {', '.join(sorted(simulator.bots))}, or "
                              "package.module:ClassName; options as BOT:key=value,key=value")
        run.add_argument("--games", type=whole(1, MAX_GAMES), default=100, metavar="N",
                         help="deals per pairing or bot (default: 100); a game of sides plays "
                              f"each deal twice; at most {MAX_GAMES} games in all")
        run.add_argument("--seed", type=SEED, default=0,
                         help="seed of the first deal and of the rating bootstrap (default: 0)")
        run.add_argument("--json", type=Path, metavar="FILE",
                         help="write every game's record and the summary to FILE")
        run.add_argument("--plot", type=Path, metavar="FILE.png",
                         help="draw the ratings and score distributions (needs the plot extra)")
        run.add_argument("--quiet", "--no-progress", dest="progress", action="store_false",
                         help="no progress bar (there is none anyway when output is not a terminal)")
        _add_workers(run)
        sub.set_defaults(handler=run_arena, parser=sub)

    add_play_command(commands, known)
    add_serve_command(commands)

    bench = commands.add_parser(
        "bench", help="measure games/s and steps/s of random playouts",
        description="Measure random playouts through the public API of each game, per variant: "
                    "games/s and steps/s, where one step is legal_moves + apply + random.choice.",
        epilog=" ".join(simulator.bench_note for simulator in known.values()) or None)
    bench.add_argument("--seconds", type=number(0, MAX_BENCH_SECONDS), default=1.0,
                       help=f"time spent on each variant, at most {MAX_BENCH_SECONDS:g} (default: 1)")
    bench.add_argument("--game", choices=sorted(known), help="only this game (default: all)")
    bench.add_argument("--seed", type=SEED, default=0, help="seed of the first deal and of the moves")
    bench.set_defaults(handler=run_bench, parser=bench)
    return parser
