"""The ``cardrules`` command line: list the games, let bots play many games, benchmark the engines.

::

    python -m cardrules games
    python -m cardrules simulate the-game --players 3 --games 1000 --seed 1 --bot greedy
    python -m cardrules simulate mille-bornes --players 4 --team-size 2 --bot heuristic --versus random
    python -m cardrules arena mille-bornes --single-hand --bots heuristic,random --games 500 --workers 2
    python -m cardrules bench --seconds 1
    python -m cardrules play mille-bornes --players 4 --team-size 2 --lang fr
    python -m cardrules --import mypackage.mygame simulate my-game --games 100

Every registered game can be simulated: a game with a :class:`~cardrules.cli.simulator.Simulator`
of its own gets its options, bots and summary; any other gets the generic one (rules as JSON, random
bots, a tally of results). ``--import MODULE`` imports a module first, so a game defined outside
cardrules registers itself and appears among the games.

The generic parts (dealing game after game, seating bots, timing, the progress bar, the benchmark
loop) reach a game only through its registry descriptor. What is specific to a game — its options,
its bots, how its results are summed up, which variants the benchmark covers — is one
:class:`~cardrules.cli.simulator.Simulator` in :data:`SIMULATORS`, written in the game's own module
(:mod:`cardrules.cli.the_game`, :mod:`cardrules.cli.mille_bornes`); adding a game to the command line
is adding an entry.

Exit status: 0 on success, 2 on a usage error (a bad option, an unknown game, rules the game does not
allow), with a one-line message and never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import os
import random
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Generic, Literal, TypeVar, cast

from cardrules import __version__, registry
from cardrules.arguments import printable
from cardrules.bots import STRONGEST, Bot, OpeningRater, play_game, strongest_first_player
from cardrules.cli.arena import ArenaGame, arena_jobs, play_arena_game, summarize_arena
from cardrules.cli.arena_report import check_outputs, print_arena, write_json, write_plot
from cardrules.cli.botspec import BotError, BotSpec, build_seat, decide, parse_bot, parse_bots, rate_opening
from cardrules.cli.mille_bornes import MILLE_BORNES
from cardrules.cli.options import MAX_BENCH_SECONDS, MAX_GAMES, SEED, number, whole
from cardrules.cli.play import add_play_command
from cardrules.cli.runs import Interrupted, RayConnectionError, Stop, check_ray_address
from cardrules.cli.simulator import Played, Simulator, bot_seed, generic_simulator
from cardrules.cli.the_game import THE_GAME
from cardrules.cli.workers import MAX_WORKERS_PER_CPU, max_workers, run_chunks
from cardrules.contract import GameState, RulesLike
from cardrules.errors import ArgumentError, CardrulesError

__all__ = [
    "SIMULATORS",
    "Played",
    "Simulator",
    "bot_seed",
    "build_parser",
    "main",
    "play_counted",
    "random_playouts",
    "simulators",
]

FAILED = 1
"""The exit status of a run that a failure stopped (a bot that failed, a worker that died)."""

PROGRESS_MIN_GAMES = 100
"""Runs of fewer games than this finish too fast to need a progress bar."""


SIMULATORS: dict[str, Simulator[RulesLike, object]] = {
    simulator.game: simulator for simulator in (THE_GAME, MILLE_BORNES)
}
"""The games that bring a command line of their own, by registry name."""

O = TypeVar("O")  # noqa: E741 -- the observation type, as in the contract
M = TypeVar("M")


def simulators() -> dict[str, Simulator[RulesLike, object]]:
    """Every game the command line can simulate and benchmark: the built-in simulators, and the
    generic one for every other registered game."""
    found = dict(SIMULATORS)
    for game in registry.registered():
        found.setdefault(game.name, generic_simulator(game))
    return found


# --- simulate -------------------------------------------------------------------------------------


class _Tally(Generic[O, M]):
    """Stands in for a bot, checks its choices and counts them by move class; ``clock`` (shared by
    the table's tallies) counts the game's moves, so that a failure can name its move."""

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
    number, raises :class:`~cardrules.cli.botspec.BotError` naming the bot instead of a traceback."""

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
    answers an illegal move raises :class:`~cardrules.cli.botspec.BotError`, naming it by its
    entry in ``labels`` (by default its class's name), its seat and the move.

    >>> from cardrules.bots import RandomBot
    >>> from cardrules.games import the_game
    >>> played = play_counted(the_game.Rules(), [RandomBot(1)], seed=1)
    >>> played.decisions == sum(played.choices[0].values()) > 0
    True
    """
    names = [type(bot).__name__ for bot in bots] if labels is None else labels
    if first_player == STRONGEST:  # asked of the bots themselves: the tallies only count choices
        dealt = registry.game_of(rules).new_game(rules, seed=seed)
        raters: list[Bot[O, M]] = [_Rater(bot, name, seat, seed) if isinstance(bot, OpeningRater) else bot
                  for seat, (bot, name) in enumerate(zip(bots, names, strict=True))]
        first_player = strongest_first_player(cast(GameState[object, M, O, object], dealt), raters)
    clock = [0]
    tallies = [_Tally(bot, name, seat, clock, seed)
               for seat, (bot, name) in enumerate(zip(bots, names, strict=True))]
    final = play_game(rules, tallies, seed=seed, first_player=first_player)
    return Played(registry.game_of(rules).result(final), tuple(tally.chosen for tally in tallies))


def _seat_bots(simulator: Simulator[RulesLike, object], rules: RulesLike, bot: str,
               versus: str | None) -> list[str]:
    """The name of each seat's bot: ``bot`` everywhere, or ``bot`` on side 0 and ``versus`` on the
    other sides."""
    if versus is None or simulator.sides is None:
        return [bot] * registry.get(simulator.game).players(rules)
    return [bot if side == 0 else versus for side in simulator.sides(rules)]


def _simulate(args: argparse.Namespace) -> int:
    simulator = simulators()[args.game]
    try:
        rules = simulator.rules(args)
    except CardrulesError as exc:
        args.parser.error(str(exc))
    game = registry.get(simulator.game)
    versus = getattr(args, "versus", None)  # only games played side against side have --versus
    first_player = getattr(args, "first_player", None)  # only games whose command line offers it
    if first_player is None:
        first_player = 0
    try:
        specs = {name: parse_bot(name, simulator.bots) for name in {args.bot, versus} if name is not None}
    except CardrulesError as exc:
        args.parser.error(str(exc))
    factories = [specs[name] for name in _seat_bots(simulator, rules, args.bot, versus)]
    _check_first_player(args, game, rules, _first_bots(args, rules, factories, deal=args.seed), first_player)
    first, last = args.seed, args.seed + args.games - 1
    bots = f"{args.bot} bot" if versus is None else f"{args.bot} bot on side 0, {versus} on the others"
    print(f"{game.title}: {simulator.describe(rules)}; {bots}; seeds {first}..{last}")
    start = time.perf_counter()
    with _progress(args.games, enabled=args.progress) as advance:
        run = run_chunks(partial(_simulate_chunk, simulator.game, rules, tuple(factories), first_player),
                         range(first, last + 1), workers=args.workers, ray_address=args.ray,
                         modules=args.imports, advance=advance)
    elapsed = time.perf_counter() - start
    played = run.results
    print(f"games             {len(played)}" + ("" if run.complete else f" of {args.games} (stopped early)"))
    if played:
        for line in simulator.summarize(rules, played):
            print(line)
    print(f"speed             {len(played) / elapsed:.1f} games/s ({elapsed:.2f} s)")
    return _stopped(run.stopped, len(played), args.games)


def _stopped(stopped: Stop | None, finished: int, total: int) -> int:
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


def _first_bots(args: argparse.Namespace, rules: RulesLike, seats: Sequence[BotSpec],
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


def _check_first_player(args: argparse.Namespace, game: registry.SomeGame, rules: RulesLike,
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


def _simulate_chunk(game: str, rules: RulesLike, seats: tuple[BotSpec, ...],
                    first_player: int | Literal["strongest"], seeds: list[int]) -> list[Played[object]]:
    """Play the games dealt from ``seeds`` with one bot of ``seats`` per seat (run by a worker)."""
    played = []
    for game_seed in seeds:
        bots = [build_seat(spec, rules=rules, seed=bot_seed(game_seed, seat), seat=seat, move=1,
                           deal=game_seed) for seat, spec in enumerate(seats)]
        played.append(play_counted(rules, bots, seed=game_seed, first_player=first_player,
                                   labels=[spec.label for spec in seats]))
    return played


# --- arena ----------------------------------------------------------------------------------------


def _arena(args: argparse.Namespace) -> int:
    simulator = simulators()[args.game]
    if getattr(args, "first_player", None) is not None:
        # The arena's pairing needs every bot to start the same deal from the same seat, and it
        # rotates that seat with the deal; a fixed or bot-chosen first player would undo either.
        args.parser.error("--first-player is for simulate: the arena rotates who starts with the deal")
    try:
        rules = simulator.rules(args)
    except CardrulesError as exc:
        args.parser.error(str(exc))
    try:
        bots = parse_bots(",".join(args.bots), simulator.bots)
        jobs = arena_jobs(simulator, rules, bots, args.games, args.seed)
    except CardrulesError as exc:
        args.parser.error(str(exc))
    check_outputs(args.json, args.plot)  # now, not after a long run whose games it would throw away
    players = registry.get(simulator.game).players(rules)
    for spec in bots:
        _first_bots(args, rules, [spec] * players, deal=args.seed)
    with _progress(len(jobs), enabled=args.progress) as advance:
        run = run_chunks(partial(_arena_chunk, simulator.game, rules, bots), jobs,
                         workers=args.workers, ray_address=args.ray, modules=args.imports,
                         advance=advance)
    played = run.results
    if played:  # a run that stopped early keeps the games that finished, marked incomplete
        summary = summarize_arena(simulator, rules, bots, played, seed=args.seed)
        reason = None if run.stopped is None else _reason(run.stopped)
        if args.json is not None:
            write_json(args.json, summary, played, reason=reason)
        if args.plot is not None:
            write_plot(args.plot, summary, played)
        print_arena(summary)
    return _stopped(run.stopped, len(played), len(jobs))


def _reason(stopped: Stop) -> str:
    """Why a run stopped early, in a few words (the arena's JSON keeps it)."""
    if isinstance(stopped, Interrupted):
        return f"interrupted by {signal.Signals(stopped.signum).name}"
    return str(stopped)


def _arena_chunk(game: str, rules: RulesLike, bots: tuple[BotSpec, ...],
                 jobs: list[tuple[int, tuple[int, ...]]]) -> list[ArenaGame]:
    """Play these games of the arena (run by a worker)."""
    simulator = simulators()[game]
    return [play_arena_game(simulator, rules, bots, deal, seating) for deal, seating in jobs]


@contextmanager
def _progress(total: int, *, enabled: bool) -> Iterator[Callable[[int], None]]:
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


# --- bench ----------------------------------------------------------------------------------------


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


def _bench(args: argparse.Namespace) -> int:
    known = simulators()
    names = [args.game] if args.game else list(known)
    rows = [(name, label, rules) for name in names for label, rules in known[name].bench_variants()]
    width = max(22, *(len(label) for _, label, _ in rows))
    print(f"Random playouts through the public API, about {args.seconds:g} s per row "
          "(one step = legal_moves + apply + random.choice)")
    print(f"{'game':<12} {'variant':<{width}} {'games':>7} {'steps':>9} {'games/s':>9} {'steps/s':>9}")
    for name, label, rules in rows:
        games, steps, elapsed = random_playouts(registry.get(name), rules, args.seconds, args.seed)
        print(f"{name:<12} {label:<{width}} {games:>7} {steps:>9} {games / elapsed:>9.1f} "
              f"{steps / elapsed:>9,.0f}")
    return 0


# --- games ----------------------------------------------------------------------------------------


def _games(args: argparse.Namespace) -> int:
    for name in registry.available():
        try:
            title = registry.get(name).title
        except Exception as exc:  # a game that fails to load must not hide the others
            title = f"(cannot be loaded: {exc})"
        print(f"{name:<14} {title}")
    return 0


# --- the parser -----------------------------------------------------------------------------------


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
    """The argument parser of the ``cardrules`` command, one subcommand per action."""
    parser = argparse.ArgumentParser(
        prog="cardrules", description="Rules engines for card games: simulate bots, benchmark engines.",
        epilog="examples:\n"
               "  cardrules games\n"
               "  cardrules simulate the-game --players 3 --games 1000 --seed 1 --bot greedy\n"
               "  cardrules simulate mille-bornes --players 4 --team-size 2 --bot heuristic --versus random\n"
               "  cardrules arena the-game --players 3 --bots greedy,random --games 500\n"
               "  cardrules bench --seconds 2\n"
               "  cardrules play the-game --players 2 --lang es",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="print the installed version of cardrules and exit")
    parser.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE",
                        help="import MODULE first (a game defined outside cardrules registers itself)")
    commands = parser.add_subparsers(title="commands", dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the available games",
                                description="List every game cardrules can play.")
    games.set_defaults(handler=_games, parser=games)

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
        sub.set_defaults(handler=_simulate, parser=sub)

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
        sub.set_defaults(handler=_arena, parser=sub)

    add_play_command(commands, known)

    bench = commands.add_parser(
        "bench", help="measure games/s and steps/s of random playouts",
        description="Measure random playouts through the public API of each game, per variant: "
                    "games/s and steps/s, where one step is legal_moves + apply + random.choice.",
        epilog=" ".join(simulator.bench_note for simulator in known.values()) or None)
    bench.add_argument("--seconds", type=number(0, MAX_BENCH_SECONDS), default=1.0,
                       help=f"time spent on each variant, at most {MAX_BENCH_SECONDS:g} (default: 1)")
    bench.add_argument("--game", choices=sorted(known), help="only this game (default: all)")
    bench.add_argument("--seed", type=SEED, default=0, help="seed of the first deal and of the moves")
    bench.set_defaults(handler=_bench, parser=bench)
    return parser


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
