"""Benchmark the boundary calls: ``python benchmarks/boundaries.py [--rounds N] [--only TEXT]``.

Prints, per game and table, the cost in microseconds of one random-playout step (``legal_moves`` +
``apply`` + ``random.choice``), of ``new_game``, of ``determinize`` of the observation of the seat
on turn, and of ``to_json`` + ``from_json`` of a state (also shown apart), each also in units of
one playout step ("steps"), the unit the targets of issue 9 are set in.

``determinize`` is timed three times. "first": the first call on an observation the library has
never seen, as ``observe`` hands it to a bot: it vouches for it (``cardrules._trust``), so only
deals (the observations are deep copies, all but their rules value, which every state and
observation of a game share). "hand-made": the same observations rebuilt by hand
(``attrs.evolve``, with tables and match records never seen before): everything is checked.
"again": each further call on the same observation, as a search (ISMCTS) makes hundreds of them
per decision: the library remembers what it checked, and only deals.

The states are taken along whole random games (every fifth position, the deal included, the end
left out; 400 of them per row, spread evenly over 20 games or more), so the figures cover early,
middle and late positions alike, and the step is timed on those same states. The match rows play
whole matches; the "late" row keeps only positions from the seventh hand on, whose tables carry
six score sheets or more. Times are CPU time of this process (``time.process_time``), so that other
work on a shared machine does not count; every round times every figure of a row once, one after
the other, and the best of the rounds is kept. ``--sort python`` times ``determinize`` as it runs
without numpy, which sorts its random keys when installed (``cardrules._shuffling``).
"""

from __future__ import annotations

import argparse
import copy
import gc
import itertools
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import cardrules
from cardrules import _shuffling
from cardrules.games import mille_bornes, the_game


@attrs.frozen
class Row:
    """One line of the table: a label, the rules, and from which hand of a match states are kept."""

    label: str
    rules: Any
    from_hand: int = 0


ROWS: tuple[Row, ...] = (
    Row("the-game 1p On Fire", the_game.Rules(players=1, on_fire=True)),
    Row("the-game 3p", the_game.Rules(players=3)),
    Row("the-game 5p On Fire", the_game.Rules(players=5, on_fire=True)),
    Row("mille-bornes 2p hand", mille_bornes.Rules(target_score=None)),
    Row("mille-bornes 3p hand", mille_bornes.Rules(players=3, target_score=None)),
    Row("mille-bornes 2x2 match", mille_bornes.Rules(players=4, team_size=2)),
    Row("mille-bornes 2x2 late", mille_bornes.Rules(players=4, team_size=2), from_hand=6),
)


def _module(rules: Any) -> Any:
    return the_game if isinstance(rules, the_game.Rules) else mille_bornes


def _hand_number(state: Any) -> int:
    return state.table.match.hand_number if isinstance(state, mille_bornes.State) else 0


def states_of(row: Row, games: int, most: int) -> list[Any]:
    """Every fifth position of random games (the deal included, ended games left out, only from
    hand ``row.from_hand`` on): of ``games`` games, and more while fewer than ``most`` positions
    were found; then thinned evenly to ``most``."""
    module = _module(row.rules)
    rng = random.Random(1)
    found: list[Any] = []
    for seed in itertools.count():
        if seed >= games and len(found) >= most:
            break
        state = module.new_game(row.rules, seed=seed)
        step = 0
        while True:
            moves = cardrules.legal_moves(state)
            if not moves:
                break
            if step % 5 == 0 and _hand_number(state) >= row.from_hand:
                found.append(state)
            state = cardrules.apply(state, rng.choice(moves))
            step += 1
    if len(found) > most:
        found = [found[i * len(found) // most] for i in range(most)]
    return found


_clock = time.process_time
_AGAIN = 8
"""Calls of ``determinize`` per observation in the "again" figure."""


def _timers(row: Row, states: Sequence[Any]) -> dict[str, Callable[[], tuple[float, int]]]:
    """The timed loops of a row by figure name; each returns the seconds it took and its calls."""
    module = _module(row.rules)
    kind = type(states[0])
    observations = [cardrules.observe(s, cardrules.current_player(s) or 0) for s in states]
    texts = [cardrules.to_json(s) for s in states]

    def timed(loop: Callable[[], int]) -> Callable[[], tuple[float, int]]:
        def run() -> tuple[float, int]:
            start = _clock()
            calls = loop()
            return _clock() - start, calls
        return run

    def step() -> int:
        rng = random.Random(2)
        for state in states:
            cardrules.apply(state, rng.choice(cardrules.legal_moves(state)))
        return len(states)

    def new_game() -> int:
        for seed in range(100):
            module.new_game(row.rules, seed=seed)
        return 100

    def first() -> tuple[float, int]:
        # Copies of observe's observations (vouched for, see cardrules._trust), never seen before:
        # everything copied (table, tableaux, match, hand) but the rules, which every state and
        # observation of a game shares.
        fresh = [copy.deepcopy(o, {id(o.rules): o.rules}) for o in observations]
        rng = random.Random(3)
        gc.collect()  # the copies' garbage is not determinize's to collect
        start = _clock()
        for observation in fresh:
            module.determinize(observation, rng)
        return _clock() - start, len(fresh)

    def hand_made() -> tuple[float, int]:
        # The same observations rebuilt by hand, with tables (and match records) never seen before.
        fresh = [attrs.evolve(o, table=copy.deepcopy(o.table)) for o in observations]
        rng = random.Random(3)
        gc.collect()  # the copies' garbage is not determinize's to collect
        start = _clock()
        for observation in fresh:
            module.determinize(observation, rng)
        return _clock() - start, len(fresh)

    def again() -> tuple[float, int]:
        rng = random.Random(3)
        spent = 0.0
        for observation in observations:
            module.determinize(observation, rng)  # its first call, not counted
            start = _clock()
            for _ in range(_AGAIN):
                module.determinize(observation, rng)
            spent += _clock() - start
        return spent, _AGAIN * len(observations)

    def to_json() -> int:
        for state in states:
            cardrules.to_json(state)
        return len(states)

    def from_json() -> int:
        for text in texts:
            cardrules.from_json(text, kind)
        return len(texts)

    def round_trip() -> int:
        for state in states:
            cardrules.from_json(cardrules.to_json(state), kind)
        return len(states)

    return {"step": timed(step), "new_game": timed(new_game), "first": first, "hand_made": hand_made,
            "again": again,
            "to_json": timed(to_json), "from_json": timed(from_json), "round_trip": timed(round_trip)}


def measure(row: Row, states: Sequence[Any], rounds: int) -> dict[str, float]:
    """Microseconds per call of each figure of ``row``: the best of ``rounds`` interleaved rounds."""
    timers = _timers(row, states)
    best = dict.fromkeys(timers, float("inf"))
    for _ in range(rounds):
        for name, run in timers.items():
            seconds, calls = run()
            best[name] = min(best[name], seconds / calls * 1e6)
    return best


_HEADER = (f"{'table':<24} {'states':>6} {'step':>6} │ {'new_game':>8} {'steps':>5} │ "
           f"{'determinize':>11} {'steps':>5} {'hand-made':>9} {'steps':>5} "
           f"{'again':>6} {'steps':>5} │ {'to_json':>7} {'from_json':>9} "
           f"{'round trip':>10} {'steps':>5}")


def line(label: str, count: int, figures: dict[str, float]) -> str:
    """One row of the printed table."""
    step = figures["step"]

    def cell(name: str, width: int) -> str:
        return f"{figures[name]:>{width}.1f} {figures[name] / step:>5.1f}"

    return (f"{label:<24} {count:>6} {step:>6.2f} │ {cell('new_game', 8)} │ {cell('first', 11)} "
            f"{cell('hand_made', 9)} {cell('again', 6)} │ {figures['to_json']:>7.1f} "
            f"{figures['from_json']:>9.1f} "
            f"{cell('round_trip', 10)}")


def main(argv: Sequence[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="timings per figure; the best is kept")
    parser.add_argument("--games", type=int, default=20, help="random games the states come from")
    parser.add_argument("--states", type=int, default=400, help="at most this many states per row")
    parser.add_argument("--only", default="", help="only the rows whose label contains this text")
    parser.add_argument("--sort", choices=("auto", "python"), default="auto",
                        help="determinize's sort of its random keys: numpy's when installed (auto), or "
                             "Python's, as without numpy")
    args = parser.parse_args(argv)
    sort = _shuffling.pick_sort(numpy=args.sort == "auto")  # before any timing, not in the first call
    print(_HEADER)
    for row in ROWS:
        if args.only not in row.label:
            continue
        states = states_of(row, args.games, args.states)
        print(line(row.label, len(states), measure(row, states, args.rounds)), flush=True)
    print("microseconds (CPU) per call; 'steps': the same in random-playout steps (legal_moves + apply "
          f"+ random.choice) on the row's states; determinize: first call on an observation from "
          f"observe, on one rebuilt by hand, then again (each of {_AGAIN} further calls); it sorted "
          f"its random keys in {sort}")


if __name__ == "__main__":
    main()
