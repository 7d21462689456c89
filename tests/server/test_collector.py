"""The server's full collections on a timer (``ServerSettings.full_collection_every``): while the
app runs Python starts none itself, one is made every so many seconds, and the collector is put
back as it was when the app stops."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from cardrules.errors import ArgumentError
from cardrules.server import ServerSettings
from cardrules.server.collector import full_collections_every
from tests.server.helpers import server


@pytest.fixture(autouse=True)
def python_thresholds() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    yield before
    gc.set_threshold(*before)


def test_while_the_app_runs_python_starts_no_full_collection_and_after_it_the_thresholds_are_back(
        python_thresholds: tuple[int, int, int]) -> None:
    with server():
        young, middle, oldest = gc.get_threshold()
        assert (young, middle) == python_thresholds[:2]
        assert oldest >= 1 << 30
    assert gc.get_threshold() == python_thresholds


def test_with_the_setting_none_the_collector_is_left_alone(python_thresholds: tuple[int, int, int]) -> None:
    with server(full_collection_every=None):
        assert gc.get_threshold() == python_thresholds


def test_a_full_collection_is_made_every_so_many_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    # Counted rather than made: a real full collection of a large test process takes long enough
    # to change how many fit in the test's time.
    def collect(generation: int = 2) -> int:
        made.append(generation)
        return 0

    monkeypatch.setattr(gc, "collect", collect)

    async def run() -> None:
        async with full_collections_every(0.05):
            await asyncio.sleep(0.32)

    asyncio.run(run())
    assert 3 <= len(made) <= 6
    assert set(made) == {2}


def test_overlapping_schedules_put_the_thresholds_back_when_the_last_one_ends(
        python_thresholds: tuple[int, int, int]) -> None:
    async def run() -> None:
        first = full_collections_every(60)
        second = full_collections_every(30)
        await first.__aenter__()
        await second.__aenter__()
        await first.__aexit__(None, None, None)
        assert gc.get_threshold()[2] >= 1 << 30  # the second one still runs
        await second.__aexit__(None, None, None)

    asyncio.run(run())
    assert gc.get_threshold() == python_thresholds


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf"), "60", True, None])
def test_a_schedule_is_a_positive_number_of_seconds(seconds: object) -> None:
    async def run() -> None:
        async with full_collections_every(seconds):  # type: ignore[arg-type]
            pass

    with pytest.raises(ArgumentError, match="positive number of seconds"):
        asyncio.run(run())
    assert gc.get_threshold()[2] < 1 << 30


@pytest.mark.parametrize("seconds", [0, -5, float("inf"), "120", True])
def test_server_settings_refuse_a_schedule_that_is_not_a_positive_number(seconds: object) -> None:
    with pytest.raises(ArgumentError, match="full_collection_every"):
        ServerSettings(full_collection_every=seconds)  # type: ignore[arg-type]
