"""``python -m tools.fuzz``: run the fuzz harness, or replay what it saved.

    python -m tools.fuzz --minutes 15 [--seed S] [--only json|arguments|soak|edges]
    python -m tools.fuzz --count 40 --seed 0          # deterministic, as in CI
    python -m tools.fuzz --replay fuzz-failures.jsonl [--index N]

Exits 1 if anything failed (or still fails, when replaying), 0 otherwise.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from tools.fuzz.bounds import Bounds, limit_address_space
from tools.fuzz.findings import load_reproducers, save_failures
from tools.fuzz.replay import format_report, replay
from tools.fuzz.runner import MODES, Budget, run

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tools.fuzz", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--minutes", type=float, help="fuzz for this long (default: 1)")
    budget.add_argument("--count", type=int, help="inputs per target: a short deterministic run")
    parser.add_argument("--seed", type=int,
                        help="seed of every random choice (default: a random one, printed)")
    parser.add_argument("--only", action="append", choices=MODES, help="run only this mode (repeatable)")
    parser.add_argument("--out", default="fuzz-failures.jsonl",
                        help="where to save the failures' reproducers (default: %(default)s)")
    parser.add_argument("--replay", metavar="FILE", help="run the reproducers saved in FILE again")
    parser.add_argument("--index", type=int, help="with --replay: only the N-th reproducer (from 1)")
    parser.add_argument("--memory-mb", type=int, default=4096,
                        help="cap the address space this far above its start, so that a memory bomb "
                             "fails instead of exhausting the machine (default: %(default)s; 0: no cap)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.memory_mb:
        limit_address_space(args.memory_mb)
    say = (lambda line: None) if args.quiet else (lambda line: print(line, file=sys.stderr, flush=True))
    if args.replay:
        return _replay(Path(args.replay), args.index)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    plan = Budget(count=args.count) if args.count is not None else Budget(seconds=60 * (args.minutes or 1.0))
    try:
        report = run(args.only or MODES, seed=seed, budget=plan, bounds=Bounds(), progress=say)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    saved = None
    if report.failures:
        saved = args.out
        save_failures(report.failures, Path(saved))
    status = 1 if report.failures else 0
    try:
        print(format_report(report, saved=saved))
    except BrokenPipeError:
        # The reader (say ``| head``) has gone: stop quietly, as command-line tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- silences the flush at exit
    return status


def _replay(path: Path, index: int | None) -> int:
    reproducers = load_reproducers(path)
    chosen = list(enumerate(reproducers, start=1))
    if index is not None:
        chosen = [(number, item) for number, item in chosen if number == index]
    still = 0
    for number, reproducer in chosen:
        failures = replay(reproducer)
        if failures:
            still += 1
            failure = failures[0]
            print(f"{number}. still fails: {failure.check}: {failure.error.last_line} "
                  f"at {failure.error.where}")
            print("   " + failure.error.traceback.strip().replace("\n", "\n   "))
        else:
            print(f"{number}. passes now")
    print(f"{still} of {len(chosen)} still fail")
    return 1 if still else 0


if __name__ == "__main__":
    sys.exit(main())
