"""Benchmark random playouts of every game: ``python benchmarks/bench.py [--seconds N] [--game NAME]``.

The same as ``python -m cardrules bench``; kept as a script so the numbers can be taken without
installing the command.
"""

from __future__ import annotations

import sys

from cardrules.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
