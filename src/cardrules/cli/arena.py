"""``cardrules arena GAME``: bots against each other on the same deals, rated.

The games are in :mod:`~cardrules.cli.arena_games`; the report is in :mod:`~cardrules.cli.arena_report`.
"""

from __future__ import annotations

import argparse
import signal
from functools import partial

from cardrules import registry
from cardrules.cli.arena_games import ArenaGame, arena_jobs, play_arena_game, summarize_arena
from cardrules.cli.arena_report import check_outputs, print_arena, write_json, write_plot
from cardrules.cli.runs import first_bots, progress, run_status
from cardrules.contract import RulesLike
from cardrules.errors import CardrulesError
from cardrules.run.botspec import BotSpec, parse_bots
from cardrules.run.chunks import Interrupted, Stop
from cardrules.run.simulator import simulator_of
from cardrules.run.workers import run_chunks

__all__ = ["arena"]


def arena(args: argparse.Namespace) -> int:
    """Run ``arena`` as parsed in ``args``; the exit status."""
    simulator = simulator_of(registry.get(args.game))
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
        first_bots(args, rules, [spec] * players, deal=args.seed)
    with progress(len(jobs), enabled=args.progress) as advance:
        run = run_chunks(partial(_play_chunk, simulator.game, rules, bots), jobs,
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
    return run_status(run.stopped, len(played), len(jobs))


def _reason(stopped: Stop) -> str:
    """Why a run stopped early, in a few words (the arena's JSON keeps it)."""
    if isinstance(stopped, Interrupted):
        return f"interrupted by {signal.Signals(stopped.signum).name}"
    return str(stopped)


def _play_chunk(game: str, rules: RulesLike, bots: tuple[BotSpec, ...],
                jobs: list[tuple[int, tuple[int, ...]]]) -> list[ArenaGame]:
    """Play these games of the arena (run by a worker)."""
    simulator = simulator_of(registry.get(game))
    return [play_arena_game(simulator, rules, bots, deal, seating) for deal, seating in jobs]
