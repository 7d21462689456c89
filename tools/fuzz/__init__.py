"""The fuzz harness of cardrules: hostile input for every boundary of every registered game.

A maintainer's tool of the repository, not part of the installed package: it is run from the root
of a checkout, against the cardrules installed there.

Three modes, each reaching the games through the registry only:

- ``json``: structure-aware mutations of real JSON of every kind of value of every game (rules,
  states, moves, observations, results, game records) fed to ``cardrules.from_json``; what it
  accepts must then stand the contract (:func:`check_value`); plus scaling experiments that grow
  one part of an input tenfold twice and time ``from_json``.
- ``arguments``: every public function, constructor and method called with a bad value in each
  parameter in turn.
- ``soak``: random games under every rules value of every grid, the contract checked at every step.
- ``edges``: what a person or a process touches around the engine: hostile files given to
  ``cardrules play``'s ``save`` and ``load``, hostile lines on its standard input, bots that fail
  inside ``simulate``, ``arena`` and ``play``, and Ctrl-C or SIGTERM in the middle of a run.

A failure is any exception that is not a ``CardrulesError``, an accepted value that fails its
validator or makes a verb fail, any input over its time or memory bound (:class:`Bounds`), and at
the edges a traceback, a file touched that must not be, a process left behind or a late stop.
Run it from the command line (``python -m tools.fuzz --minutes 15``; see
``docs/fuzzing.md``) or from Python:

>>> report = run(["arguments"], seed=0, budget=Budget(count=1))
>>> len(report.targets) > 50
True
"""

from __future__ import annotations

from tools.fuzz.accepted import check_value
from tools.fuzz.arguments import check_call
from tools.fuzz.bounds import Bounds, ContractBreachError
from tools.fuzz.corpus import type_of
from tools.fuzz.edges import check_edge_case
from tools.fuzz.findings import Failure, Reproducer
from tools.fuzz.json_inputs import check_json_input
from tools.fuzz.replay import format_report, replay, reproduce
from tools.fuzz.runner import MODES, Budget, Report, run
from tools.fuzz.soak import soak_game
from tools.fuzz.values import sample

__all__ = [
    "MODES",
    "Bounds",
    "Budget",
    "ContractBreachError",
    "Failure",
    "Report",
    "Reproducer",
    "check_call",
    "check_edge_case",
    "check_json_input",
    "check_value",
    "format_report",
    "replay",
    "reproduce",
    "run",
    "sample",
    "soak_game",
    "type_of",
]
