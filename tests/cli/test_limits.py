"""Every numeric option of ``simulate``, ``arena``, ``bench`` and ``play`` has a documented range: a
huge, negative, zero, ``nan`` or ``inf`` value is one usage line (exit 2) at once, never a run
that forks hundreds of processes, overflows or goes on until killed."""

from __future__ import annotations

import os

import pytest

from cardrules.bots.search import MAX_ITERATIONS, MAX_SECONDS
from cardrules.cli import main
from cardrules.cli.options import MAX_BENCH_SECONDS, MAX_GAMES, SEED_RANGE
from cardrules.run.chunks import chunks
from cardrules.run.workers import max_workers

HUGE = "9" * 5000
"""Past Python's 4300-digit limit for reading a whole number."""


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one error line of ``argv``, which must exit 2 (the usage lines before it aside)."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    last = err.splitlines()[-1]
    assert len(last) < 200
    return last


@pytest.mark.parametrize("value", ["10000000000000000000000000000000", HUGE, "-1", "0", "nan", "inf"])
@pytest.mark.parametrize("command", [
    ("simulate", "the-game", "--games", "{}"),
    ("arena", "the-game", "--bots", "greedy,random", "--games", "{}"),
])
def test_games_is_from_1_to_the_cap(command: tuple[str, ...], value: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, *(part.format(value) for part in command))
    assert f"--games: a whole number from 1 to {MAX_GAMES}, not " in line


@pytest.mark.parametrize("value", ["600", "10000000000000000000000000000000", HUGE, "0", "-2", "nan"])
def test_workers_is_at_most_four_per_cpu(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    if value == "600" and max_workers() >= 600:
        pytest.skip("a machine with 150 CPUs or more may run 600 workers")
    line = refused(capsys, "simulate", "the-game", "--games", "3", "--workers", value)
    assert f"--workers: a whole number from 1 to {max_workers()}, not " in line
    assert max_workers() == 4 * (os.cpu_count() or 1)


def test_no_more_chunks_than_games_so_no_more_workers() -> None:
    assert len(chunks(list(range(3)), max_workers())) == 3


def test_an_arena_of_more_games_than_the_cap_is_refused_before_it_starts(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "arena", "mille-bornes", "--single-hand", "--bots", "heuristic,random,expert",
                   "--games", str(MAX_GAMES))
    assert line.endswith(f"error: the arena would play {6 * MAX_GAMES} games ({MAX_GAMES} deals for each "
                         f"of 6 seatings): at most {MAX_GAMES}")


@pytest.mark.parametrize("value", ["100000000000000000000000", HUGE, "nan", "inf", "-1"])
@pytest.mark.parametrize("argv", [
    ("simulate", "the-game", "--games", "1", "--seed", "{}"),
    ("arena", "the-game", "--bots", "greedy,random", "--games", "1", "--seed", "{}"),
    ("bench", "--seconds", "0.01", "--seed", "{}"),
    ("play", "the-game", "--seed", "{}"),
])
def test_a_seed_is_a_64_bit_whole_number(argv: tuple[str, ...], value: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    if value == "-1":  # negative seeds are seeds
        return
    line = refused(capsys, *(part.format(value) for part in argv))
    assert f"--seed: a whole number from {SEED_RANGE[0]} to {SEED_RANGE[1]}, not " in line


@pytest.mark.parametrize("value", ["3601", "1e30", HUGE, "0", "-1", "nan", "inf"])
def test_bench_seconds_is_more_than_0_and_at_most_an_hour(value: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "bench", "--seconds", value)
    assert f"--seconds: a number more than 0 and at most {MAX_BENCH_SECONDS:g}, not " in line


@pytest.mark.parametrize(("option", "message"), [
    ("iterations=100000000000000000000000", f"iterations is a whole number from 1 to {MAX_ITERATIONS}"),
    (f"iterations={MAX_ITERATIONS + 1}", f"iterations is a whole number from 1 to {MAX_ITERATIONS}"),
    ("iterations=0", "iterations is a whole number from 1 up"),
    ("seconds=1e9", f"seconds is a positive number up to {MAX_SECONDS:g}"),
    ("seconds=nan", "option seconds='nan' is not a number or none"),
    ("seconds=inf", "option seconds='inf' is not a number or none"),
    ("exploration=nan", "option exploration='nan' is not a number"),
    (f"iterations={HUGE}", "option iterations is a number of 5000 characters: at most 40"),
])
def test_the_search_bots_budget_has_a_range(option: str, message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("the-game", "mille-bornes"):
        line = refused(capsys, "simulate", game, "--games", "1", "--bot", f"ismcts:{option}")
        assert message in line


@pytest.mark.parametrize("argv", [
    ("simulate", "the-game", "--players", HUGE),
    ("simulate", "mille-bornes", "--team-size", HUGE),
    ("play", "the-game", "--seat", HUGE),
    ("simulate", "the-game", "--players", "2", "--first-player", HUGE),
])
def test_a_number_thousands_of_digits_long_is_not_echoed(argv: tuple[str, ...],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, *argv)  # one short line
