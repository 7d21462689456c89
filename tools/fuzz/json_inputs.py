"""The JSON fuzzer: mutated JSON of every kind of every game, fed to ``from_json``.

One input is judged by :func:`check_json_input`. It fails when ``from_json`` raises anything but a
``CardrulesError``, returns something that is not of the class it was asked for, runs past its time
bound or allocates past its memory bound; and when what it accepted then breaks the contract
(:func:`~tools.fuzz.accepted.check_value`). ``from_json`` is called with the class and,
where the library offers it, without one (``from_json(text)``: the JSON says what it is).
"""

from __future__ import annotations

import inspect
import itertools
import json
import random
from collections.abc import Callable

import attrs

from cardrules import from_json
from cardrules.registry import get
from tools.fuzz.accepted import check_value
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds, ErrorInfo, guarded
from tools.fuzz.corpus import Corpus, Sample, type_of
from tools.fuzz.findings import Failure, Reproducer, Target
from tools.fuzz.mutations import Mutator, dump, node_at, paths, replace_at

__all__ = ["JsonTarget", "Verdict", "bare_form_exists", "check_json_input"]

TRACE_EVERY = 8
"""One input in this many is traced for its memory peak (tracing slows a call about twofold)."""

_SHRINK_ATTEMPTS = 120


def bare_form_exists() -> bool:
    """Whether ``from_json(text)`` without a class is offered by this version of the library."""
    parameter = inspect.signature(from_json).parameters.get("cls")
    return parameter is None or parameter.default is not inspect.Parameter.empty


@attrs.frozen(kw_only=True)
class Verdict:
    """How one input went: ``accepted`` by ``from_json`` or not, and the failures it showed."""

    accepted: bool
    failures: tuple[Failure, ...]


def check_json_input(
    game: str,
    kind: str,
    text: str | bytes,
    *,
    bare: bool = False,
    bounds: Bounds = DEFAULT_BOUNDS,
    traced: bool = False,
    target: str = "",
    detail: str = "",
    checked: set[object] | None = None,
) -> Verdict:
    """Feed ``text`` to ``from_json`` — with the class of ``kind`` of ``game``, or with none if
    ``bare`` — and judge what happens (see the module's docstring). ``checked`` remembers rules
    values already played through, so that the same rules are not played again."""
    cls = type_of(game, kind)
    target = target or f"json {game} {kind}"
    data: dict[str, object] = {"kind": "json", "game": game, "type": kind,
                               "form": "bare" if bare else "bytes" if isinstance(text, bytes) else "class"}
    if isinstance(text, bytes):
        data["hex"] = text.hex()
    else:
        data["text"] = text
    reproducer = Reproducer(data=data)

    # Called through a plain callable: the form without a class may not exist in this version.
    reader: Callable[..., object] = from_json

    def read() -> object:
        return reader(text) if bare else reader(text, cls)

    def failure(check: str, error: ErrorInfo) -> Failure:
        return Failure(target=target, check=check, error=error, reproducer=reproducer, detail=detail)

    # The hard bound leaves room to measure a slow input rather than only to interrupt it.
    outcome = guarded(read, attrs.evolve(bounds, hard_seconds=max(bounds.hard_seconds,
                                                                   3 * bounds.time_limit(len(text)))),
                      traced=traced)
    found: list[Failure] = []
    if outcome.interrupted and outcome.error is not None:
        return Verdict(accepted=False, failures=(failure("time bound", outcome.error),))
    if outcome.seconds > bounds.time_limit(len(text)):
        slow = _confirm_slow(read, bounds, len(text))
        if slow is not None:
            found.append(failure("time bound", slow))
    if outcome.peak is not None and outcome.peak > bounds.memory_limit(len(text)):
        found.append(failure("memory bound", _measured(
            "MemoryBound", f"from_json allocated {outcome.peak / 2**20:.1f} MiB for {len(text)} characters "
            f"(bound {bounds.memory_limit(len(text)) / 2**20:.1f} MiB)", target)))
    if outcome.error is not None:
        if not outcome.error.library:
            found.append(failure("from_json raised", outcome.error))
        return Verdict(accepted=False, failures=tuple(found))
    value = outcome.value
    game_types = get(game)
    expected = game_types.move_classes if kind == "move" else (cls,)
    if not bare and type(value) not in expected:
        found.append(failure("from_json returned another type", _measured(
            "WrongType", f"asked for {kind}, got {type(value).__name__}", target)))
        return Verdict(accepted=True, failures=tuple(found))
    if checked is not None and type(value) is game_types.rules_type:
        if value in checked:
            return Verdict(accepted=True, failures=tuple(found))
        checked.add(value)
    checking = guarded(lambda: check_value(value), bounds)
    if checking.error is not None:
        error = checking.error
        check = "time bound" if checking.interrupted else f"accepted {kind}: {error.step or 'check'}"
        found.append(failure(check, error))
    return Verdict(accepted=True, failures=tuple(found))


def _confirm_slow(read: Callable[[], object], bounds: Bounds, size: int) -> ErrorInfo | None:
    """Run a slow input again, interrupted at the bound: still slow, the interruption's traceback
    says where the time goes; done in time, it was the machine being busy."""
    limit = bounds.time_limit(size)
    again = guarded(read, attrs.evolve(bounds, hard_seconds=limit))
    if not again.interrupted or again.error is None:
        return None
    return attrs.evolve(again.error, type_name="TimeBound",
                        message=f"from_json took over {limit:.2g} s on {size} characters")


def _measured(type_name: str, message: str, where: str) -> ErrorInfo:
    return ErrorInfo(type_name=type_name, message=message, where=where, library=False, traceback="")


class JsonTarget(Target):
    """Mutants of one kind of one game's values, one per :meth:`run_one`."""

    def __init__(self, corpus: Corpus, game: str, kind: str, seed: int, bounds: Bounds) -> None:
        self.name = f"json {game} {kind}"
        self.game, self.kind, self.bounds = game, kind, bounds
        by_shape: dict[tuple[object, ...], list[Sample]] = {}
        for sample in corpus.samples[(game, kind)]:
            by_shape.setdefault(sample.shape, []).append(sample)
        self.shapes = list(by_shape.values())
        self.rng = random.Random(f"{seed} {self.name}")
        self.mutator = Mutator(corpus, game, self.rng)
        self.bare = bare_form_exists()
        self.checked: set[object] = set()

    def run_one(self) -> list[Failure]:
        """Try one mutant (in each form ``from_json`` offers); return its failures."""
        sample = self.rng.choice(self.rng.choice(self.shapes))
        mutant = self.mutator.mutate(sample)
        detail = "; ".join(mutant.steps)
        found: list[Failure] = []
        forms = (False, True) if self.bare and isinstance(mutant.text, str) else (False,)
        for bare in forms:
            self.tried += 1
            traced = self.tried % TRACE_EVERY == 0 or mutant.size > 200_000
            verdict = check_json_input(self.game, self.kind, mutant.text, bare=bare, bounds=self.bounds,
                                       traced=traced, target=self.name, detail=detail, checked=self.checked)
            self.accepted += verdict.accepted
            found.extend(verdict.failures)
        return found

    def shrink(self, failure: Failure) -> Failure:
        """A smaller input with the same failure, if one is found within a few attempts: list
        elements dropped and long strings cut, one at a time (time and memory failures are kept
        as they are)."""
        data = failure.reproducer.data
        if failure.check in ("time bound", "memory bound") or "text" not in data:
            return failure
        text = str(data["text"])
        try:
            tree = json.loads(text)
        except (ValueError, RecursionError):
            return failure
        bare = data.get("form") == "bare"
        best, attempts = failure, 0
        for candidate in _smaller(tree):
            attempts += 1
            if attempts > _SHRINK_ATTEMPTS:
                break
            smaller = dump(candidate)
            if len(smaller) >= len(str(best.reproducer.data["text"])):
                continue
            verdict = check_json_input(self.game, self.kind, smaller, bare=bare, bounds=self.bounds,
                                       target=self.name, detail=failure.detail)
            same = [f for f in verdict.failures if f.signature == failure.signature]
            if same:
                best = same[0]
        return best


def _smaller(tree: object) -> list[object]:
    """Candidate reductions of ``tree``: each list halved or missing one of its first elements,
    each long string cut to 40 characters."""
    found: list[object] = []
    for path in itertools.islice(paths(tree), 400):
        node = node_at(tree, path)
        if isinstance(node, list) and node:
            found.append(replace_at(tree, path, node[: len(node) // 2]))
            found.extend(replace_at(tree, path, node[:at] + node[at + 1:]) for at in range(min(len(node), 8)))
        elif type(node) is str and len(node) > 40:
            found.append(replace_at(tree, path, node[:40]))
    return found
