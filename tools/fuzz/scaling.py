"""Scaling experiments: the same JSON input at three sizes, to catch work that is not linear.

One part of a real value is grown — a list to 200, 2,000 and 20,000 elements (its own, repeated;
fewer when its elements are large, so that the largest input stays near two megabytes),
a string to 1,000, 10,000 and 100,000 characters, a number to 40, 400 and 4,000 digits or to the
value 10**2, 10**4 and 10**6, a node wrapped 10, 100 and 1,000 levels deep — and :func:`load`
(``from_json``, then replaying a record or dealing a game from rules) is timed on each. Linear
work takes about ten times longer at each step up; the experiment fails when
the largest input takes longer than its time bound, allocates past its memory bound, or when time
grows more than :attr:`~tools.fuzz.bounds.Bounds.growth` times faster than the input's
size from the middle size to the largest (a quadratic check grows about ten times faster).
"""

from __future__ import annotations

import functools
import gc
import json
import random
from collections.abc import Sequence

import attrs

from cardrules import GameRecord, from_json, replay
from cardrules.errors import CardrulesError, UnknownGameError
from cardrules.registry import SomeGame, game_of
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds, ErrorInfo, guarded
from tools.fuzz.corpus import Corpus, type_of
from tools.fuzz.findings import Failure, Reproducer, Target
from tools.fuzz.mutations import dump, grow, node_at, paths, show_path

__all__ = ["SIZES", "ScaleTarget", "check_scaling", "load", "sizes"]

SIZES: dict[str, tuple[int, int, int]] = {
    "list": (200, 2_000, 20_000),  # fewer for large elements: see sizes()
    "string": (1_000, 10_000, 100_000),
    "digits": (40, 400, 4_000),
    "value": (2, 4, 6),
    "depth": (10, 100, 1_000),
}
"""The three sizes of each way to grow an input (``value``: powers of ten)."""

_REPEATS = (3, 2, 1)
_LIST_CHARS = 20_000


def sizes(how: str, node: object) -> tuple[int, int, int]:
    """The three sizes ``node`` is grown to: :data:`SIZES`, but a list of large elements grows
    from as many elements as make about 20,000 characters (at least 2)."""
    if how != "list" or not isinstance(node, list) or not node:
        return SIZES[how]
    each = len(dump(node)) / len(node)
    first = max(2, min(SIZES["list"][0], int(_LIST_CHARS / max(each, 1.0))))
    return first, 10 * first, 100 * first


def check_scaling(
    game: str,
    kind: str,
    text: str,
    path: Sequence[str | int],
    how: str,
    *,
    bounds: Bounds = DEFAULT_BOUNDS,
    target: str = "",
) -> list[Failure]:
    """Grow the node at ``path`` of the JSON ``text`` (a ``kind`` of ``game``) in the way ``how``
    (a key of :data:`SIZES`), time :func:`load` at each size, and return the failures."""
    cls = type_of(game, kind)
    tree = json.loads(text)
    steps = sizes(how, node_at(tree, tuple(path)))
    texts = [dump(grow(tree, tuple(path), how, size)) for size in steps]
    target = target or f"scale {game} {kind}"
    reproducer = Reproducer(data={"kind": "scale", "game": game, "type": kind, "text": text,
                                  "path": list(path), "how": how})
    where = f"{show_path(path)} grown as {how} to {', '.join(map(str, steps))}"

    def failure(check: str, error: ErrorInfo) -> Failure:
        return Failure(target=target, check=check, error=error, reproducer=reproducer, detail=where)

    times = []
    for grown, repeats in zip(texts, _REPEATS, strict=True):
        timed = _best_time(grown, cls, bounds, repeats)
        if isinstance(timed, ErrorInfo):
            return [failure("time bound" if timed.type_name == "Interrupted" else "loading raised", timed)]
        times.append(timed)
    found = []
    largest = texts[-1]
    if times[-1] > bounds.time_limit(len(largest)):
        found.append(failure("time bound", _sampled(largest, cls, bounds, times[-1], "TimeBound",
                                                    _timings(times, texts))))
    growth = _growth(times, texts)
    if bounds.growth < growth < 2 * bounds.growth and times[-1] > bounds.growth_floor:
        # Timings on a shared machine are noisy: a second, longer look at a borderline case.
        for index in (1, 2):
            again = _best_time(texts[index], cls, bounds, 3)
            times[index] = min(times[index], again) if isinstance(again, float) else times[index]
        growth = _growth(times, texts)
    if growth > bounds.growth and times[-1] > bounds.growth_floor:
        found.append(failure("superlinear time", _sampled(
            largest, cls, bounds, times[-1], "Superlinear",
            f"time grew {growth:.1f} times faster than the input: {_timings(times, texts)}")))
    if found:
        return found  # already too slow: tracing it would only take longer
    traced = guarded(lambda: load(largest, cls), bounds, traced=True)
    if traced.peak is not None and traced.peak > bounds.memory_limit(len(largest)):
        found.append(failure("memory bound", ErrorInfo(
            type_name="MemoryBound", where=target, library=False, traceback="",
            message=f"loading allocated {traced.peak / 2**20:.1f} MiB for {len(largest)} characters "
                    f"(bound {bounds.memory_limit(len(largest)) / 2**20:.1f} MiB)")))
    return found


def load(text: str, cls: object) -> object:
    """Read ``text`` as ``cls`` and use it as a caller would: a game record is replayed, rules
    deal a game. A refusal (a ``CardrulesError``) anywhere ends the work and is an answer."""
    value = from_json(text, cls)
    game = _game_of(value)
    try:
        if type(value) is GameRecord:
            return replay(value)
        if game is not None and type(value) is game.rules_type:
            return game.new_game(value, seed=0)
    except CardrulesError:
        return None
    return value


def _game_of(value: object) -> SomeGame | None:
    try:
        return game_of(value)
    except UnknownGameError:
        return None


def _best_time(text: str, cls: object, bounds: Bounds, repeats: int) -> float | ErrorInfo:
    """The best of ``repeats`` timings of ``load(text, cls)``, the garbage collector off (its
    passes cost in proportion to everything alive, which is Python's cost, not the reader's); or
    the error, if it raised anything but a ``CardrulesError`` or ran past the hard bound."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            outcome = guarded(functools.partial(load, text, cls), bounds)
        finally:
            gc.enable()
        if outcome.error is not None and (outcome.interrupted or not outcome.error.library):
            return outcome.error
        best = min(best, outcome.seconds)
    return best


def _growth(times: list[float], texts: list[str]) -> float:
    """How much faster than the input's length the time grew from the middle size to the largest."""
    return (times[2] / max(times[1], 1e-9)) / (len(texts[2]) / len(texts[1]))


def _timings(times: list[float], texts: list[str]) -> str:
    return (", ".join(f"{t:.4f}" for t in times) + " s for "
            + ", ".join(str(len(t)) for t in texts) + " characters")


def _sampled(
    text: str, cls: object, bounds: Bounds, seconds: float, type_name: str, message: str
) -> ErrorInfo:
    """Where the time goes: the call is run again and interrupted halfway, and the traceback of
    the interruption names the function it was in."""
    again = guarded(functools.partial(load, text, cls),
                    attrs.evolve(bounds, hard_seconds=max(seconds / 2, 0.001)))
    if not again.interrupted or again.error is None:
        return ErrorInfo(type_name=type_name, message=message, where="(finished before sampled)",
                         library=False, traceback="")
    return ErrorInfo(type_name=type_name, message=message, where=again.error.where, library=False,
                     traceback=again.error.traceback)


class ScaleTarget(Target):
    """Scaling experiments on one kind of one game's values, one per :meth:`run_one`."""

    def __init__(self, corpus: Corpus, game: str, kind: str, seed: int, bounds: Bounds) -> None:
        self.name = f"scale {game} {kind}"
        self.game, self.kind, self.bounds = game, kind, bounds
        self.samples = sorted(corpus.samples[(game, kind)], key=lambda sample: len(sample.text))
        self.rng = random.Random(f"{seed} {self.name}")

    def run_one(self) -> list[Failure]:
        """Run one experiment on a random part of a random sample (the larger samples preferred)."""
        rng = self.rng
        sample = self.samples[len(self.samples) - 1 - min(int(rng.expovariate(0.3)), len(self.samples) - 1)]
        tree = json.loads(sample.text)
        # Nodes within the first 20 elements of each list: the later ones grow the same way.
        nodes = [(path, node_at(tree, path)) for path in paths(tree)
                 if all(isinstance(key, str) or key < 20 for key in path)]
        how = rng.choice(("list", "list", "list", "string", "digits", "value", "depth"))
        growable = [path for path, node in nodes if _grows(how, node)] or [()]
        if not _grows(how, tree) and growable == [()]:
            how = "depth"
        self.tried += 1
        return check_scaling(self.game, self.kind, sample.text, rng.choice(growable), how, bounds=self.bounds,
                             target=self.name)


def _grows(how: str, node: object) -> bool:
    """Whether ``node`` can be grown the way ``how``."""
    if how == "list":
        return isinstance(node, list) and bool(node)
    if how == "string":
        return type(node) is str
    if how in ("digits", "value"):
        return type(node) is int
    return True
