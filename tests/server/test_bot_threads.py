"""The bots' threads: a bot's time limit counts from the moment it starts thinking, and a bot past
its time keeps its thread until it answers, so the others wait instead of piling up threads."""

from __future__ import annotations

import asyncio
import threading

import pytest

from cardrules.server.bots import BotThreads


def test_a_bot_waiting_for_a_thread_is_not_timed_out_while_it_waits() -> None:
    release = threading.Event()

    async def scene() -> str:
        threads = BotThreads(1)
        try:
            first = asyncio.ensure_future(threads.run(lambda: release.wait(30), timeout=30))
            second = asyncio.ensure_future(threads.run(lambda: "second", timeout=1))
            await asyncio.sleep(1.5)  # longer than the second's time limit, all spent waiting
            release.set()
            assert await first
            return await second
        finally:
            threads.close()

    assert asyncio.run(scene()) == "second"


def test_a_bot_past_its_time_keeps_its_thread_until_it_answers() -> None:
    release = threading.Event()
    ran: list[str] = []

    async def scene() -> None:
        threads = BotThreads(1)
        try:
            with pytest.raises(TimeoutError):
                await threads.run(lambda: release.wait(30), timeout=0.1)
            waiting = asyncio.ensure_future(threads.run(lambda: ran.append("after"), timeout=30))
            await asyncio.sleep(0.3)
            assert ran == []  # the thread is still the timed-out bot's
            release.set()
            await waiting
        finally:
            threads.close()

    asyncio.run(scene())
    assert ran == ["after"]
