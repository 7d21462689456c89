"""A fuzz run: the targets of each mode, a budget of time or of inputs, and the report.

Modes: ``json`` (mutated JSON, and the scaling experiments), ``arguments`` (bad arguments to every
public function), ``soak`` (random games) and ``edges`` (files, standard input, failing bots and
signals at the command line). A budget of inputs (``count``) is deterministic: every target gets
the same inputs for the same seed, whatever else runs. A budget of time is shared between the modes
(json 35%, scaling 10%, soak 30%, arguments 15%, edges 10%, the share of a finished mode going to
the others), and within a mode the targets take turns.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import attrs

from cardrules.registry import available, get
from tools.fuzz.arguments import call_targets
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds, ErrorInfo
from tools.fuzz.corpus import build_corpus, rules_grids
from tools.fuzz.edges import edge_targets
from tools.fuzz.findings import KINDS, Failure, Reproducer, Target
from tools.fuzz.json_inputs import JsonTarget
from tools.fuzz.scaling import ScaleTarget
from tools.fuzz.soak import SoakTarget

__all__ = ["MODES", "Budget", "Report", "TargetReport", "run"]

MODES = ("json", "arguments", "soak", "edges")
"""The modes a run can be limited to (``--only``)."""

_SHARES = {"json": 0.35, "scale": 0.10, "soak": 0.30, "arguments": 0.15, "files": 0.03, "processes": 0.07}
_SCALE_RATIO = 10
_SOAK_RATIO = 10
_PROCESS_RATIO = 10


@attrs.frozen(kw_only=True)
class Budget:
    """How long a run goes: ``count`` inputs per target (deterministic; scaling, soak and process
    targets get a tenth as many, at least one), or ``seconds`` in all."""

    count: int | None = None
    seconds: float | None = None

    def units(self, mode: str) -> int | None:
        """How many inputs one target of ``mode`` gets, when the budget is a count."""
        if self.count is None:
            return None
        ratio = {"scale": _SCALE_RATIO, "soak": _SOAK_RATIO, "processes": _PROCESS_RATIO}.get(mode, 1)
        return max(1, self.count // ratio)


_SHORT = Budget(count=20)


@attrs.frozen(kw_only=True)
class TargetReport:
    """What one target did: inputs tried, inputs accepted (or calls that returned), failures."""

    mode: str
    name: str
    tried: int
    accepted: int
    failures: int


@attrs.frozen(kw_only=True)
class Report:
    """The outcome of a run: the targets, the distinct failures (first seen, shrunk), how often each
    was seen and in which targets, and what could not be covered."""

    seed: int
    seconds: float
    targets: tuple[TargetReport, ...]
    failures: tuple[Failure, ...]
    seen: dict[tuple[str, str, str], int]
    seen_in: dict[tuple[str, str, str], tuple[str, ...]]
    uncovered: tuple[str, ...]

    @property
    def inputs(self) -> int:
        """Inputs tried in all."""
        return sum(target.tried for target in self.targets)


def run(
    modes: Sequence[str] = MODES,
    *,
    seed: int = 0,
    budget: Budget = _SHORT,
    bounds: Bounds = DEFAULT_BOUNDS,
    progress: Callable[[str], None] | None = None,
) -> Report:
    """Fuzz the ``modes`` within ``budget``; see the module's docstring.

    >>> report = run(["arguments"], seed=1, budget=Budget(count=1))
    >>> report.inputs == len(report.targets)
    True
    """
    start = time.perf_counter()
    say = progress or (lambda line: None)
    targets, uncovered = _targets(modes, seed, bounds, say)
    first: dict[tuple[str, str, str], Failure] = {}
    seen: dict[tuple[str, str, str], int] = {}
    seen_in: dict[tuple[str, str, str], list[str]] = {}
    failed: dict[str, int] = {}

    def note(target: Target, failures: list[Failure]) -> None:
        for failure in failures:
            key = failure.signature
            if key not in first:
                first[key] = target.shrink(failure)
                say(f"new failure in {target.name}: {failure.check}: {failure.error.last_line}")
            seen[key] = seen.get(key, 0) + 1
            names = seen_in.setdefault(key, [])
            if target.name not in names:
                names.append(target.name)
            failed[target.name] = failed.get(target.name, 0) + 1

    if budget.count is not None:
        for mode, group in targets.items():
            units = budget.units(mode) or 0
            for target in group:
                for _ in range(units):
                    if target.exhausted:
                        break
                    note(target, _run_one(target, seed))
    else:
        deadline = start + (budget.seconds or 0.0)
        _run_for(targets, deadline, lambda target: note(target, _run_one(target, seed)), say)
    reports = tuple(
        TargetReport(mode=_MODE_OF.get(mode, mode), name=target.name, tried=target.tried,
                     accepted=target.accepted, failures=failed.get(target.name, 0))
        for mode, group in targets.items() for target in group
    )
    return Report(
        seed=seed,
        seconds=time.perf_counter() - start,
        targets=reports,
        failures=tuple(first.values()),
        seen=seen,
        seen_in={key: tuple(names) for key, names in seen_in.items()},
        uncovered=tuple(uncovered),
    )


_MODE_OF = {"scale": "json", "files": "edges", "processes": "edges"}
"""The mode of each group of targets whose name is not a mode's."""


def _run_one(target: Target, seed: int) -> list[Failure]:
    """One input of ``target``; a bug of the harness itself is reported as a failure too, so that
    a long run goes on and still says so."""
    try:
        return target.run_one()
    except Exception as exc:  # reported below, not swallowed
        error = ErrorInfo.of(exc)
        reproducer = Reproducer(data={"kind": "harness", "target": target.name, "seed": seed,
                                      "input": target.tried})
        return [Failure(target=target.name, check="fuzz harness error", error=error, reproducer=reproducer)]


def _run_for(
    targets: dict[str, list[Target]],
    deadline: float,
    step: Callable[[Target], None],
    say: Callable[[str], None],
) -> None:
    spent = dict.fromkeys(targets, 0.0)
    turn = dict.fromkeys(targets, 0)
    last_word = time.perf_counter()
    while (now := time.perf_counter()) < deadline:
        open_modes = [mode for mode, group in targets.items() if not all(t.exhausted for t in group)]
        if not open_modes:
            return
        mode = min(open_modes, key=lambda m: spent[m] / _SHARES[m])
        group = targets[mode]
        for _ in range(len(group)):
            target = group[turn[mode] % len(group)]
            turn[mode] += 1
            if not target.exhausted:
                break
        step(target)
        spent[mode] += time.perf_counter() - now
        if now - last_word > 30:
            last_word = now
            tried = sum(target.tried for group in targets.values() for target in group)
            say(f"{tried} inputs, {int(deadline - now)} s to go")


def _targets(
    modes: Sequence[str], seed: int, bounds: Bounds, say: Callable[[str], None]
) -> tuple[dict[str, list[Target]], list[str]]:
    targets: dict[str, list[Target]] = {}
    uncovered: list[str] = []
    if "json" in modes:
        say("building the corpus of real values")
        corpus = build_corpus(seed)
        targets["json"] = [JsonTarget(corpus, game, kind, seed, bounds)
                           for game in corpus.games() for kind in KINDS]
        targets["scale"] = [ScaleTarget(corpus, game, kind, seed, bounds)
                            for game in corpus.games() for kind in KINDS]
    if "arguments" in modes:
        calls, uncovered = call_targets(seed, bounds)
        targets["arguments"] = list(calls)
    if "soak" in modes:
        targets["soak"] = [SoakTarget(game, grid, seed, bounds)
                           for game in available() for grid in rules_grids(get(game))]
    if "edges" in modes:
        files, processes = edge_targets(seed, bounds)
        targets["files"], targets["processes"] = list(files), list(processes)
    return targets, uncovered
