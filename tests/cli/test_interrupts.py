"""Ctrl-C and SIGTERM stop ``simulate`` and ``arena`` — here, on worker processes or on Ray — within
seconds, print what finished, exit 130 (143), and leave no process behind.

Each test starts ``python -m cardrules`` as a person would, in a session of its own so that a signal
to its process group is what a terminal's Ctrl-C sends; its processes are found in ``/proc``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardrules.__main__ import run
from tools.fuzz.processes import left_behind

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")

STOP_WITHIN = 10.0
"""How soon after the signal the command must have exited: generous, to catch a hang on a busy machine
(the runs stop in 0.2 s here and on workers, 1.9 s on Ray, whose shutdown takes 1.5 s)."""

SLOW = "tests.cli.failing_bots:Slow"


def children(leader: int) -> list[int]:
    return [pid for pid in left_behind(leader) if pid != leader]


def start(*argv: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "cardrules", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, env=env)


def wait_until_working(process: subprocess.Popen[str], workers: int, seconds: float = 60) -> None:
    """Wait until ``process`` has its ``workers`` worker processes (none: until it has started
    playing), and a moment more so that the workers are in the middle of games."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        if len(children(process.pid)) >= workers:
            time.sleep(1.5)
            return
        time.sleep(0.1)
    raise AssertionError("the run did not start its workers in time")


def stop(process: subprocess.Popen[str], signum: int, *, group: bool) -> tuple[int, str, str, float]:
    """Send ``signum`` to the process group (as Ctrl-C does) or to the main process only; the exit
    status, output, errors and seconds until it exited."""
    sent = time.monotonic()
    if group:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    try:
        out, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError("still running 30 s after the signal") from None
    return process.returncode, out, err, time.monotonic() - sent


def assert_nothing_left(process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 2
    while left_behind(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = left_behind(process.pid)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


SIMULATE = ("simulate", "the-game", "--players", "2", "--bot", SLOW, "--games", "100000", "--no-progress")
ARENA = ("arena", "the-game", "--bots", f"{SLOW},random", "--games", "100000", "--quiet")


@pytest.mark.parametrize(("argv", "workers"), [
    (SIMULATE, 0), ((*SIMULATE, "--workers", "2"), 2), (ARENA, 0), ((*ARENA, "--workers", "2"), 2)])
def test_ctrl_c_stops_the_run_and_prints_what_finished(argv: tuple[str, ...], workers: int) -> None:
    process = start(*argv)
    wait_until_working(process, workers)
    status, out, err, took = stop(process, signal.SIGINT, group=True)
    assert status == 130, err
    assert took < STOP_WITHIN
    assert "Traceback" not in err
    assert err.startswith("cardrules: interrupted (SIGINT): ")
    assert " games finished" in err
    if argv[0] == "simulate":
        assert "(stopped early)" in out
    assert_nothing_left(process)


@pytest.mark.parametrize("argv", [(*SIMULATE, "--workers", "2"), (*ARENA, "--workers", "2")])
def test_sigterm_to_the_main_process_ends_its_workers_too(argv: tuple[str, ...]) -> None:
    process = start(*argv)
    wait_until_working(process, 2)
    status, _, err, took = stop(process, signal.SIGTERM, group=False)
    assert status == 143, err
    assert took < STOP_WITHIN
    assert err.startswith("cardrules: interrupted (SIGTERM): ")
    assert_nothing_left(process)


def test_the_games_that_finished_are_summed_up_when_interrupted() -> None:
    process = start("simulate", "the-game", "--players", "2", "--bot", f"{SLOW}:pause=0.001", "--games",
                    "100000", "--no-progress")
    wait_until_working(process, 0)
    time.sleep(1)
    status, out, err, _ = stop(process, signal.SIGINT, group=True)
    assert status == 130
    finished = int(err.split(": ")[-1].split()[0])
    assert finished > 0
    assert f"games             {finished} of 100000 (stopped early)" in out.splitlines()
    assert any(line.startswith(("moves per game", "cards left")) for line in out.splitlines())


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_run_on_ray_stops_too_and_shuts_its_ray_down(signum: int) -> None:
    pytest.importorskip("ray")
    process = start(*SIMULATE, "--ray")
    wait_until_working(process, 3, seconds=120)  # Ray's own processes, then its workers at work
    time.sleep(5)
    status, _, err, took = stop(process, signum, group=signum == signal.SIGINT)
    assert status == 128 + signum, err
    assert took < STOP_WITHIN
    assert f"cardrules: interrupted ({signal.Signals(signum).name}): " in err
    assert_nothing_left(process)


class _Interrupting:
    """A finder that interrupts the import of the command line, as Ctrl-C in its first instants does."""

    def find_spec(self, name: str, path: object, target: object = None) -> None:
        if name == "cardrules.cli":
            raise KeyboardInterrupt
        return


def test_ctrl_c_while_the_command_line_loads_ends_it_quietly_with_status_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delitem(sys.modules, "cardrules.cli")
    monkeypatch.setattr(sys, "meta_path", [_Interrupting(), *sys.meta_path])
    assert run() == 130
    assert capsys.readouterr().err == "cardrules: interrupted\n"


def test_a_second_ctrl_c_while_the_workers_are_being_ended_still_says_interrupted() -> None:
    # Workers that ignore SIGTERM take their whole grace time to end: the second Ctrl-C comes then.
    process = start("arena", "the-game", "--bots", "tests.cli.failing_bots:Stubborn,random", "--games",
                    "100000", "--quiet", "--workers", "2")
    wait_until_working(process, 2)
    os.killpg(process.pid, signal.SIGINT)
    time.sleep(0.5)
    status, _, err, took = stop(process, signal.SIGINT, group=True)
    assert status == 130, err
    assert took < STOP_WITHIN
    assert err == "cardrules: interrupted again: stopped at once, before saying what finished\n"
    assert_nothing_left(process)


@pytest.mark.parametrize("argv", [("play", "the-game", "--seed", "1"), ("bench", "--seconds", "30")])
def test_sigterm_ends_play_and_bench_saying_interrupted(argv: tuple[str, ...]) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "cardrules", *argv], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, env=env)
    assert process.stdout is not None
    process.stdout.readline()  # started: the game's first line, the benchmark's heading
    status, _, err, took = stop(process, signal.SIGTERM, group=False)
    assert status == 143, err
    assert took < STOP_WITHIN
    assert err == "cardrules: interrupted\n"
    assert_nothing_left(process)
