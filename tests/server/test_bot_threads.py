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


def test_a_rooms_bot_spec_is_read_once_and_the_specs_kept_stay_few(monkeypatch: pytest.MonkeyPatch) -> None:
    # Reading a spec checks its options against the bot's constructor: a busy server did it before
    # every decision. The specs come from clients, so only a bounded few are kept.
    from cardrules.games import the_game
    from cardrules.run.botspec import BotSpec
    from cardrules.server import bots
    from cardrules.session import Session

    read: list[str] = []
    real = bots.parse_room_bot

    def counted(game: object, spec: str, extra: object = None) -> object:
        read.append(spec)
        return real(game, spec, extra)  # type: ignore[arg-type]

    monkeypatch.setattr(bots, "parse_room_bot", counted)
    session = Session.start(the_game.Rules(players=2), seed=3)
    parsed: dict[tuple[str, str], BotSpec] = {}

    async def scene() -> list[object]:
        threads = BotThreads(1)
        try:
            moves = []
            for spec in ("greedy", "greedy", "random", "greedy"):
                move, failure = await bots.decide(session, 0, spec, {}, seed=1, timeout=10, threads=threads,
                                                  parsed=parsed)
                assert failure is None
                moves.append(move)
            return moves
        finally:
            threads.close()

    moves = asyncio.run(scene())
    assert read == ["greedy", "random"]
    assert moves[0] == moves[1] == moves[3]  # the same bot, seed and table: the same move
    greedy = parsed["the-game", "greedy"]
    parsed.update({("the-game", f"greedy:depth={depth}"): greedy for depth in range(300)})
    del parsed["the-game", "random"]
    asyncio.run(scene())  # reads "random" again, into a memo that was full
    assert len(parsed) <= 256
    assert read == ["greedy", "random", "random", "greedy"]
