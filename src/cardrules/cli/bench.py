"""``cardrules bench``: random playouts of each game and variant, in games/s and steps/s."""

from __future__ import annotations

import argparse

from cardrules import registry
from cardrules.run.playing import random_playouts
from cardrules.run.simulator import simulators

__all__ = ["bench"]


def bench(args: argparse.Namespace) -> int:
    """Run ``bench`` as parsed in ``args``; the exit status."""
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
