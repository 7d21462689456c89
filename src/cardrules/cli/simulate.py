"""``cardrules simulate GAME``: let bots play many games of one game and print a summary."""

from __future__ import annotations

import argparse
import time
from functools import partial
from typing import Literal

from cardrules import registry
from cardrules.cli.runs import check_first_player, first_bots, progress, run_status
from cardrules.contract import RulesLike
from cardrules.errors import CardrulesError
from cardrules.run.botspec import BotSpec, build_seat, parse_bot
from cardrules.run.playing import play_counted
from cardrules.run.simulator import Played, Simulator, bot_seed, simulator_of
from cardrules.run.workers import run_chunks

__all__ = ["simulate"]


def _seat_bots(simulator: Simulator[RulesLike, object], rules: RulesLike, bot: str,
               versus: str | None) -> list[str]:
    """The name of each seat's bot: ``bot`` everywhere, or ``bot`` on side 0 and ``versus`` on the
    other sides."""
    if versus is None or simulator.sides is None:
        return [bot] * registry.get(simulator.game).players(rules)
    return [bot if side == 0 else versus for side in simulator.sides(rules)]


def simulate(args: argparse.Namespace) -> int:
    """Run ``simulate`` as parsed in ``args``; the exit status."""
    simulator = simulator_of(registry.get(args.game))
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
    check_first_player(args, game, rules, first_bots(args, rules, factories, deal=args.seed), first_player)
    first, last = args.seed, args.seed + args.games - 1
    bots = f"{args.bot} bot" if versus is None else f"{args.bot} bot on side 0, {versus} on the others"
    print(f"{game.title}: {simulator.describe(rules)}; {bots}; seeds {first}..{last}")
    start = time.perf_counter()
    with progress(args.games, enabled=args.progress) as advance:
        run = run_chunks(partial(_play_chunk, simulator.game, rules, tuple(factories), first_player),
                         range(first, last + 1), workers=args.workers, ray_address=args.ray,
                         modules=args.imports, advance=advance)
    elapsed = time.perf_counter() - start
    played = run.results
    print(f"games             {len(played)}" + ("" if run.complete else f" of {args.games} (stopped early)"))
    if played:
        for line in simulator.summarize(rules, played):
            print(line)
    print(f"speed             {len(played) / elapsed:.1f} games/s ({elapsed:.2f} s)")
    return run_status(run.stopped, len(played), args.games)


def _play_chunk(game: str, rules: RulesLike, seats: tuple[BotSpec, ...],
                first_player: int | Literal["strongest"], seeds: list[int]) -> list[Played[object]]:
    """Play the games dealt from ``seeds`` with one bot of ``seats`` per seat (run by a worker)."""
    played = []
    for game_seed in seeds:
        bots = [build_seat(spec, rules=rules, seed=bot_seed(game_seed, seat), seat=seat, move=1,
                           deal=game_seed) for seat, spec in enumerate(seats)]
        played.append(play_counted(rules, bots, seed=game_seed, first_player=first_player,
                                   labels=[spec.label for spec in seats]))
    return played
