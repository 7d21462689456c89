"""The ``edges`` mode: what a person or a process touches around the engine — files given to
``cardrules play`` (:mod:`~tools.fuzz.files`), its standard input, bots that fail, and
signals that stop a run (:mod:`~tools.fuzz.processes`)."""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.registry import available
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds
from tools.fuzz.files import FileTarget, check_file_case
from tools.fuzz.processes import ProcessTarget, check_process_case

__all__ = ["PROCESS_FAMILIES", "check_edge_case", "edge_targets"]

PROCESS_FAMILIES = ("stdin", "bots", "signals")
"""The families of cases that run the command line in a process of its own."""


def edge_targets(seed: int, bounds: Bounds) -> tuple[list[FileTarget], list[ProcessTarget]]:
    """The targets of the mode for every registered game: file cases (in this process, cheap) and
    process cases (a command each, costly)."""
    files = [FileTarget(game, seed, bounds) for game in available()]
    processes = [ProcessTarget(family, game, seed, bounds)
                 for family in PROCESS_FAMILIES for game in available()]
    return files, processes


def check_edge_case(data: Mapping[str, object], bounds: Bounds = DEFAULT_BOUNDS) -> None:
    """Run one saved case of the mode again; a broken promise raises
    :class:`~tools.fuzz.bounds.ContractBreachError`."""
    if data.get("family") == "files":
        check_file_case(data, bounds)
    else:
        check_process_case(data, bounds)
