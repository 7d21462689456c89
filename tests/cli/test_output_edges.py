"""The command line when its standard output is closed, cut short by its reader (``| head -1``),
or not a terminal for ``play --tui``: no traceback, no hang, the same exit status for every command."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

COMMANDS = [
    ["games"],
    ["simulate", "the-game", "--games", "300", "--seed", "1"],
    ["arena", "the-game", "--bots", "greedy,random", "--games", "20"],
    ["bench", "--seconds", "0.2"],
    ["play", "the-game", "--seed", "1"],
]


def _close_standard_output() -> None:
    os.close(1)


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: argv[0])
def test_a_closed_standard_output_runs_the_command_silently(argv: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", *argv], stderr=subprocess.PIPE, input=b"1\n",
                          timeout=60, check=False, preexec_fn=_close_standard_output)
    assert done.stderr == b""
    assert done.returncode == 0


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: argv[0])
def test_a_reader_that_stops_after_one_line_ends_the_command_quietly(argv: list[str]) -> None:
    with subprocess.Popen([sys.executable, "-m", "cardrules", *argv], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None
        assert process.stdin is not None
        assert process.stderr is not None
        process.stdout.readline()
        process.stdout.close()  # as head -1 does once it has its line
        process.stdin.write(b"1\n" * 50)
        process.stdin.close()
        err = process.stderr.read()
        status = process.wait(timeout=60)
    assert err == b""
    assert status == 0


@pytest.mark.parametrize("stdin", [subprocess.DEVNULL, subprocess.PIPE])
def test_play_tui_without_a_terminal_is_refused_with_one_line(stdin: int) -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", "play", "the-game", "--seed", "1", "--tui",
                           "--lang", "fr"], stdin=stdin, capture_output=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode().splitlines() == [
        "cardrules play --tui a besoin d'un terminal (entrée et sortie standard) ; sans --tui, "
        "la partie se joue ligne à ligne"]
