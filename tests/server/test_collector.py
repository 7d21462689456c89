"""The collector's settings for a server: what survives a collection is frozen out of the next
ones' reach, a cycle that dies frozen is freed at the thaw, and everything can be given back."""

from __future__ import annotations

import gc
import math
import weakref
from collections.abc import Iterator

import pytest

from cardrules.errors import ArgumentError
from cardrules.server import collector, freeze_survivors, stop_freezing, thaw


@pytest.fixture(autouse=True)
def _collector_as_python_leaves_it() -> Iterator[None]:
    stop_freezing()
    yield
    stop_freezing()


class Node:
    """An object the collector tracks, that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.partner: Node | None = None


def _walked(held: object) -> bool:
    """Whether the collector's collections walk ``held`` (a frozen object is not among them)."""
    return any(candidate is held for candidate in gc.get_objects())


def test_what_survives_a_collection_is_out_of_the_reach_of_the_next_ones() -> None:
    freeze_survivors()
    kept = Node()
    assert _walked(kept)
    gc.collect(1)
    assert gc.is_tracked(kept)
    assert not _walked(kept)
    made_after = Node()
    assert _walked(made_after)


def _frozen_dead_cycle() -> weakref.ref[Node]:
    """A reference cycle frozen while in use, then let go of; a weak reference to it."""
    first, second = Node(), Node()
    first.partner, second.partner = second, first
    gone = weakref.ref(first)
    gc.collect(1)
    assert not _walked(first)
    return gone


def test_a_cycle_that_dies_frozen_is_freed_by_the_full_collection_after_a_thaw() -> None:
    freeze_survivors()
    gone = _frozen_dead_cycle()
    gc.collect()
    assert gone() is not None  # frozen: no collection walks it until the thaw
    thaw()
    gc.collect()
    assert gone() is None
    assert gc.get_freeze_count() > 0  # and that full collection's survivors are frozen again


def test_every_thaw_every_seconds_the_frozen_objects_are_given_back(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(collector, "monotonic", lambda: clock[0])
    freeze_survivors(thaw_every=60)
    gone = _frozen_dead_cycle()
    clock[0] += 59
    gc.collect()
    assert gone() is not None
    clock[0] += 1
    gc.collect(1)  # the first collection after a minute thaws...
    gc.collect()   # ... and the next full one frees the cycle
    assert gone() is None
    clock[0] += 59  # the minute counts from that full collection
    gone = _frozen_dead_cycle()
    gc.collect()
    assert gone() is not None


def test_stop_freezing_gives_every_object_back_and_freezes_no_more() -> None:
    freeze_survivors()
    gc.collect(1)
    assert gc.get_freeze_count() > 0
    stop_freezing()
    assert gc.get_freeze_count() == 0
    gc.collect(1)
    assert gc.get_freeze_count() == 0


def test_calling_it_again_changes_the_thaw_and_adds_no_second_callback() -> None:
    before = len(gc.callbacks)
    freeze_survivors(thaw_every=30)
    freeze_survivors(thaw_every=120.5)
    assert len(gc.callbacks) == before + 1


@pytest.mark.parametrize("thaw_every", [0, -1, math.inf, math.nan, "60", True, None])
def test_thaw_every_is_a_positive_number_of_seconds(thaw_every: object) -> None:
    before = list(gc.callbacks)
    with pytest.raises(ArgumentError, match="thaw_every is a positive number of seconds, not"):
        freeze_survivors(thaw_every=thaw_every)  # type: ignore[arg-type]
    assert gc.callbacks == before
