"""The ``cardrules`` command line: list the games, let bots play many games, benchmark the engines.

::

    python -m cardrules games
    python -m cardrules simulate the-game --players 3 --games 1000 --seed 1 --bot greedy
    python -m cardrules bench --seconds 1

The generic parts (dealing game after game, seating bots, timing, the progress bar, the benchmark
loop) reach a game only through its registry descriptor. What is specific to a game — its options,
its bots, how its results are summed up, which variants the benchmark covers — is one
:class:`Simulator` in :data:`SIMULATORS`; adding a game to the command line is adding an entry.

Exit status: 0 on success, 2 on a usage error (a bad option, an unknown game, rules the game does not
allow), with a one-line message and never a traceback.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from cardrules import registry
from cardrules.bots import Bot, RandomBot, play_game
from cardrules.errors import CardrulesError
from cardrules.games import the_game
from cardrules.games.the_game.bots import GreedyBot

__all__ = ["SIMULATORS", "Simulator", "bot_seed", "build_parser", "main", "random_playouts"]

PROGRESS_MIN_GAMES = 100
"""Runs of fewer games than this finish too fast to need a progress bar."""


@attrs.frozen(kw_only=True)
class Simulator:
    """What the command line needs to know about one game beyond its registry descriptor.

    - ``game``: the registry name, which is also the ``simulate`` subcommand.
    - ``add_arguments(parser)``: adds the game's rules options (``--players``, ...).
    - ``rules(args)``: the rules value for the parsed options; may raise a ``CardrulesError``.
    - ``describe(rules)``: the rules in a few words, for the summary's title.
    - ``bots``: bot name -> ``factory(rules, seed)`` giving one seat's bot; ``bot_help`` says
      what each bot does.
    - ``summarize(results)``: the summary lines for the results of the games played.
    - ``bench_variants()``: ``(label, rules)`` pairs that ``bench`` measures.
    """

    game: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    rules: Callable[[argparse.Namespace], Any]
    describe: Callable[[Any], str]
    bots: Mapping[str, Callable[[Any, int], Bot]]
    bot_help: str
    default_bot: str
    summarize: Callable[[Sequence[Any]], list[str]]
    bench_variants: Callable[[], tuple[tuple[str, Any], ...]]


# --- The Game -------------------------------------------------------------------------------------


def _the_game_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rules of The Game")
    group.add_argument("--players", type=int, default=1, metavar="N", help="1 to 5 players (default: 1)")
    group.add_argument("--expert", action="store_true", help="expert mode: lay at least 3 cards a turn")
    group.add_argument("--reduced-hand", action="store_true", help="every hand one card smaller")
    group.add_argument("--on-fire", action="store_true",
                       help="On Fire expansion: 22, 33, ..., 77 must be covered by the next turn's end")


def _the_game_rules(args: argparse.Namespace) -> the_game.Rules:
    return the_game.Rules(players=args.players, expert=args.expert, reduced_hand=args.reduced_hand,
                          on_fire=args.on_fire)


def _the_game_describe(rules: the_game.Rules) -> str:
    options = [name for name, on in (("expert", rules.expert), ("reduced hand", rules.reduced_hand),
                                     ("On Fire", rules.on_fire)) if on]
    players = "1 player" if rules.players == 1 else f"{rules.players} players"
    return f"{players}, {', '.join(options) if options else 'normal rules'}"


_CARDS_LEFT_BINS = ((0, 0), (1, 4), (5, 9), (10, 14), (15, 19), (20, 29), (30, 49), (50, 69), (70, 98))


def _the_game_summary(results: Sequence[the_game.Result]) -> list[str]:
    games = len(results)
    won = sum(result.won for result in results)
    left = [result.cards_left for result in results]
    excellent = sum(result.excellent for result in results)
    outcomes = {outcome: sum(result.outcome == outcome for result in results)
                for outcome in ("won", "stuck", "burned")}
    lines = [
        f"win rate          {_percent(won, games)}  ({won} won)",
        f"mean cards left   {sum(left) / games:.2f}",
        f"excellent (<10)   {_percent(excellent, games)}",
        "outcomes          " + ", ".join(f"{count} {name}" for name, count in outcomes.items()
                                         if count or name != "burned"),
        "cards left        games    share",
    ]
    counts = [sum(low <= n <= high for n in left) for low, high in _CARDS_LEFT_BINS]
    widest = max(counts)
    for (low, high), count in zip(_CARDS_LEFT_BINS, counts, strict=True):
        label = "0 (won)" if high == 0 else f"{low}+" if high == 98 else f"{low}-{high}"
        bar = "#" * round(30 * count / widest) if widest else ""
        lines.append(f"  {label:<14} {count:>6}  {_percent(count, games):>7}  {bar}".rstrip())
    return lines


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%"


def _the_game_bench_variants() -> tuple[tuple[str, Any], ...]:
    return tuple(
        (f"{players} player{'s' if players > 1 else ''}, {label}", the_game.Rules(players=players, **options))
        for players in (1, 3, 5)
        for label, options in (("normal", {}), ("expert", {"expert": True}), ("On Fire", {"on_fire": True}))
    )


THE_GAME = Simulator(
    game="the-game",
    help="The Game: lay all 98 cards on two ascending and two descending piles",
    add_arguments=_the_game_arguments,
    rules=_the_game_rules,
    describe=_the_game_describe,
    bots={
        "greedy": lambda rules, seed: GreedyBot(),
        "random": lambda rules, seed: RandomBot(seed),
    },
    bot_help="greedy: plans whole turns (GreedyBot); random: any legal move",
    default_bot="greedy",
    summarize=_the_game_summary,
    bench_variants=_the_game_bench_variants,
)

SIMULATORS: dict[str, Simulator] = {THE_GAME.game: THE_GAME}
"""The games the command line can simulate and benchmark, by registry name."""


# --- simulate -------------------------------------------------------------------------------------


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in the game dealt from ``game_seed``.

    Derived by hashing, so bots' random streams are unrelated to the deal's and to each other, and
    a game's play depends on its own seed only (game ``i`` of a run is the same game in any run).

    >>> bot_seed(1, 0) == bot_seed(1, 0) != bot_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"cardrules bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _simulate(args: argparse.Namespace) -> int:
    simulator: Simulator = SIMULATORS[args.game]
    try:
        rules = simulator.rules(args)
    except CardrulesError as exc:
        args.parser.error(str(exc))
    game = registry.get(simulator.game)
    make_bot = simulator.bots[args.bot]
    seats = game.players(rules)
    first, last = args.seed, args.seed + args.games - 1
    print(f"{game.title}: {simulator.describe(rules)}; {args.bot} bot; seeds {first}..{last}")
    results = []
    start = time.perf_counter()
    with _progress(args.games, enabled=args.progress) as advance:
        for game_seed in range(first, last + 1):
            bots = [make_bot(rules, bot_seed(game_seed, seat)) for seat in range(seats)]
            results.append(game.result(play_game(rules, bots, seed=game_seed)))
            advance()
    elapsed = time.perf_counter() - start
    print(f"games             {args.games}")
    for line in simulator.summarize(results):
        print(line)
    print(f"speed             {args.games / elapsed:.1f} games/s ({elapsed:.2f} s)")
    return 0


@contextmanager
def _progress(total: int, *, enabled: bool) -> Iterator[Callable[[], None]]:
    """A callback that advances a progress bar on the terminal; a no-op when there is none.

    The bar needs ``rich`` (the ``cli`` extra), a terminal on stdout and a long enough run.
    """
    if not enabled or total < PROGRESS_MIN_GAMES or not sys.stdout.isatty():
        yield lambda: None
        return
    try:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    except ImportError:
        yield lambda: None
        return
    with Progress("playing", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True) as progress:
        task = progress.add_task("games", total=total)
        yield lambda: progress.advance(task)


# --- bench ----------------------------------------------------------------------------------------


def random_playouts(game: registry.Game, rules: Any, seconds: float, seed: int = 0) -> tuple[int, int, float]:
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
    names = [args.game] if args.game else list(SIMULATORS)
    print(f"Random playouts through the public API, about {args.seconds:g} s per row "
          "(one step = legal_moves + apply + random.choice)")
    print(f"{'game':<12} {'variant':<22} {'games':>7} {'steps':>9} {'games/s':>9} {'steps/s':>9}")
    for name in names:
        game = registry.get(name)
        for label, rules in SIMULATORS[name].bench_variants():
            games, steps, elapsed = random_playouts(game, rules, args.seconds, args.seed)
            print(f"{name:<12} {label:<22} {games:>7} {steps:>9} {games / elapsed:>9.1f} "
                  f"{steps / elapsed:>9,.0f}")
    return 0


# --- games ----------------------------------------------------------------------------------------


def _games(args: argparse.Namespace) -> int:
    for name in registry.available():
        try:
            title = registry.get(name).title
        except Exception as exc:  # a game that fails to load must not hide the others
            title = f"(cannot be loaded: {exc})"
        extra = "" if name in SIMULATORS else "  [no simulate support yet]"
        print(f"{name:<14} {title}{extra}")
    return 0


# --- the parser -----------------------------------------------------------------------------------


def _positive(kind: type[int] | type[float]) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
        return value

    parse.__name__ = kind.__name__
    return parse


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardrules`` command, one subcommand per action."""
    parser = argparse.ArgumentParser(
        prog="cardrules", description="Rules engines for card games: simulate bots, benchmark engines.",
        epilog="examples:\n"
               "  cardrules games\n"
               "  cardrules simulate the-game --players 3 --games 1000 --seed 1 --bot greedy\n"
               "  cardrules bench --seconds 2",
        formatter_class=argparse.RawDescriptionHelpFormatter)
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
    for simulator in SIMULATORS.values():
        sub = by_game.add_parser(simulator.game, help=simulator.help, description=simulator.help)
        simulator.add_arguments(sub)
        run = sub.add_argument_group("the run")
        run.add_argument("--games", type=_positive(int), default=1000, metavar="N",
                         help="how many games to play (default: 1000)")
        run.add_argument("--seed", type=int, default=0, help="seed of the first deal (default: 0)")
        run.add_argument("--bot", choices=sorted(simulator.bots), default=simulator.default_bot,
                         help=f"the bot in every seat: {simulator.bot_help} "
                              f"(default: {simulator.default_bot})")
        run.add_argument("--no-progress", dest="progress", action="store_false",
                         help="no progress bar (there is none anyway when output is not a terminal)")
        sub.set_defaults(handler=_simulate, parser=sub)

    bench = commands.add_parser(
        "bench", help="measure games/s and steps/s of random playouts",
        description="Measure random playouts through the public API of each game, per variant: "
                    "games/s and steps/s, where one step is legal_moves + apply + random.choice.")
    bench.add_argument("--seconds", type=_positive(float), default=1.0,
                       help="time spent on each variant (default: 1)")
    bench.add_argument("--game", choices=sorted(SIMULATORS), help="only this game (default: all)")
    bench.add_argument("--seed", type=int, default=0, help="seed of the first deal and of the moves")
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
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        status: int = args.handler(args)
    except SystemExit as exc:  # argparse after --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except CardrulesError as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    return status
