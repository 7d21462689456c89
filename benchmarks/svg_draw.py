"""What drawing a table costs: ``python benchmarks/svg_draw.py [--rounds N] [--only TEXT]``.

The game server draws each seat's table with :func:`cardrules.svg.draw` after every move, so this
is on its hot path (issue 19). Printed per row: the milliseconds of one ``draw`` of a mid-game
value, the best of the rounds ("warm": the drawing code's memos already filled, as in a server
that has been running for a while) and of the first pass over fresh values ("first": the memos
emptied just before, as after a start).

Each row draws 60 values: the position halfway through 12 random games (seeds 0 to 11) and the
positions 3 moves either side of it, observed by the seat on turn (or the whole state for the
"state" row), in English, Spanish and French in turn. Times are CPU time of this process
(``time.process_time``), so that other work on a shared machine does not count.
"""

from __future__ import annotations

import argparse
import functools
import gc
import random
import sys
import time
from typing import Any

import cardrules
from cardrules import svg
from cardrules.games import mille_bornes, the_game

ROWS: tuple[tuple[str, Any, bool], ...] = (
    # label, rules, draw the full state (True) or the observation of the seat on turn (False)
    ("the-game 2p", the_game.Rules(players=2), False),
    ("the-game 5p", the_game.Rules(players=5), False),
    ("mille-bornes 2p", mille_bornes.Rules(players=2), False),
    ("mille-bornes 3p", mille_bornes.Rules(players=3), False),
    ("mille-bornes 2x2", mille_bornes.Rules(players=4, team_size=2), False),
    ("mille-bornes 2p state", mille_bornes.Rules(players=2), True),
)
_GAMES = 12
_AROUND = (-3, 0, 3)
_LANGS = svg.LANGUAGES


def values_of(rules: Any, whole_state: bool) -> list[tuple[Any, svg.Lang]]:
    """Mid-game values of random games, each with the language to draw it in."""
    module = the_game if isinstance(rules, the_game.Rules) else mille_bornes
    values: list[tuple[Any, svg.Lang]] = []
    for seed in range(_GAMES):
        rng = random.Random(seed)
        states = [module.new_game(rules, seed=seed)]
        while moves := cardrules.legal_moves(states[-1]):
            states.append(cardrules.apply(states[-1], rng.choice(moves)))
        middle = len(states) // 2
        for offset in _AROUND:
            state = states[max(0, min(len(states) - 1, middle + offset))]
            value = state if whole_state else cardrules.observe(state, cardrules.current_player(state) or 0)
            values.append((value, _LANGS[len(values) % len(_LANGS)]))
    return values


def clear_memos() -> None:
    """Empty every memo of the drawing code (none on code that has no memos)."""
    for name, module in list(sys.modules.items()):
        if not (name.startswith("cardrules.svg") or name.endswith(".picture")):
            continue
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


def per_draw(values: list[tuple[Any, svg.Lang]]) -> float:
    """Milliseconds of CPU per ``draw`` over ``values``."""
    gc.collect()
    start = time.process_time()
    for value, lang in values:
        svg.draw(value, lang=lang)
    return (time.process_time() - start) * 1000 / len(values)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="timed passes per row (default 20)")
    parser.add_argument("--only", default="", help="only the rows whose label holds this text")
    arguments = parser.parse_args(argv)
    print(f"{'row':<24}{'warm ms':>10}{'first ms':>10}")
    for label, rules, whole_state in ROWS:
        if arguments.only not in label:
            continue
        values = values_of(rules, whole_state)
        svg.draw(values[0][0])  # the game's picture facet loads on the first draw
        clear_memos()
        first = per_draw(values)
        warm = min(per_draw(values) for _ in range(arguments.rounds))
        print(f"{label:<24}{warm:>10.3f}{first:>10.3f}")


if __name__ == "__main__":
    main()
