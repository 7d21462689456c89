"""Running a saved reproducer again, and the printed summary of a run."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from cardrules import from_json
from tools.fuzz.arguments import ALLOWLIST, check_call
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds, guarded
from tools.fuzz.corpus import type_of
from tools.fuzz.edges import check_edge_case
from tools.fuzz.files import judged
from tools.fuzz.findings import Failure, Reproducer
from tools.fuzz.json_inputs import check_json_input
from tools.fuzz.runner import Report
from tools.fuzz.scaling import check_scaling
from tools.fuzz.soak import soak_game

__all__ = ["format_report", "replay", "reproduce"]


def replay(reproducer: Reproducer, bounds: Bounds = DEFAULT_BOUNDS) -> list[Failure]:
    """Run ``reproducer`` again and return the failures it still shows (none once fixed)."""
    data = reproducer.data
    kind = reproducer.kind
    if kind == "json":
        form = data.get("form")
        text: str | bytes = bytes.fromhex(str(data["hex"])) if form == "bytes" else str(data["text"])
        verdict = check_json_input(str(data["game"]), str(data["type"]), text, bare=form == "bare",
                                   bounds=bounds, traced=True)
        return list(verdict.failures)
    if kind == "scale":
        path = data["path"]
        return check_scaling(str(data["game"]), str(data["type"]), str(data["text"]),
                             list(path) if isinstance(path, list) else [], str(data["how"]), bounds=bounds)
    if kind == "call":
        failure = check_call(str(data["code"]), bounds=bounds)
        return [] if failure is None else [failure]
    if kind == "soak":
        game = str(data["game"])
        rules = from_json(str(data["rules"]), type_of(game, "rules"))
        seed = data["seed"]
        if not isinstance(seed, int):
            raise ValueError(f"a soak reproducer's seed is a whole number, not {seed!r}")
        outcome = guarded(lambda: soak_game(rules, seed=seed, bounds=bounds),
                          attrs.evolve(bounds, hard_seconds=bounds.game_seconds))
        if outcome.error is None:
            return []
        return [Failure(target=f"soak {game}", check=outcome.error.step or "soak", error=outcome.error,
                        reproducer=reproducer, detail=f"seed={seed}")]
    if kind == "edge":
        target = f"{data.get('family')} {data.get('game')}"
        return judged(target, dict(data), lambda: check_edge_case(data, bounds), bounds)
    raise ValueError(f"a reproducer of kind {kind!r} cannot be replayed")


def reproduce(data: Mapping[str, object]) -> None:
    """Run the reproducer ``data`` (as saved) again; raise ``AssertionError`` if it still fails."""
    failures = replay(Reproducer(data=data))
    if failures:
        failure = failures[0]
        raise AssertionError(f"{failure.check}: {failure.error.last_line} at {failure.error.where}\n"
                             f"{failure.error.traceback}")


def format_report(report: Report, *, saved: str | None = None) -> str:
    """The summary a person reads: inputs per target, then every distinct failure with its
    reproducer."""
    lines = [
        f"cardrules fuzz: seed {report.seed}, {report.seconds:.0f} s, {report.inputs:,} inputs, "
        f"{len(report.failures)} distinct failure(s)",
        "",
        f"{'target':<58} {'inputs':>9} {'accepted':>9} {'failures':>9}",
    ]
    for target in report.targets:
        lines.append(f"{target.name:<58} {target.tried:>9,} {target.accepted:>9,} {target.failures:>9,}")
    if report.uncovered:
        lines += ["", "Not covered (no valid value known for a parameter):"]
        lines += [f"  {line}" for line in report.uncovered]
    lines += ["", "Allowed (not failures): " + "; ".join(ALLOWLIST)]
    if not report.failures:
        lines += ["", "No failures."]
        return "\n".join(lines)
    lines += ["", "Failures, one per distinct (check, error, place):"]
    for number, failure in enumerate(report.failures, start=1):
        key = failure.signature
        places = report.seen_in.get(key, ())
        lines += [
            "",
            f"{number}. [{failure.target}] {failure.check}: {failure.error.last_line}",
            f"   at {failure.error.where}; seen {report.seen.get(key, 1)} time(s) in {len(places)} target(s)"
            + (f": {', '.join(places[:6])}{', ...' if len(places) > 6 else ''}" if len(places) > 1 else ""),
        ]
        if failure.detail:
            lines.append(f"   input: {_cut(failure.detail, 300)}")
        if failure.error.detail and failure.error.detail != failure.detail:
            lines.append(f"   step: {_cut(failure.error.detail, 300)}")
        lines.append("   reproduce:")
        lines += [f"     {line}" for line in failure.reproducer.short().splitlines()]
        if saved:
            lines.append(f"   replay: python -m tools.fuzz --replay {saved} --index {number}")
    return "\n".join(lines)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
