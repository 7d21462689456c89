"""``--ray``: chunks of games as Ray tasks on a local Ray started by the test, with the same games and
summary as one process."""

from __future__ import annotations

import importlib.util
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from cardrules.cli import main


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_arena_on_ray_plays_the_same_games_as_one_process(
        local_ray: None, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["arena", "mille-bornes", "--single-hand", "--bots", "heuristic,random", "--games", "3",
            "--seed", "11"]
    assert main([*argv, "--json", str(tmp_path / "here.json")]) == 0
    assert main([*argv, "--ray", "--json", str(tmp_path / "ray.json")]) == 0
    here, on_ray = (json.loads((tmp_path / name).read_text(encoding="utf-8"))
                    for name in ("here.json", "ray.json"))
    assert on_ray == here
    capsys.readouterr()


def test_simulate_on_ray_gives_the_same_summary(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "the-game", "--players", "2", "--bot", "random", "--games", "8", "--seed", "4"]
    outputs = []
    for backend in ([], ["--ray"]):
        assert main([*argv, *backend]) == 0
        lines = capsys.readouterr().out.splitlines()
        outputs.append([line for line in lines if not line.startswith("speed")])
    assert outputs[0] == outputs[1]


def test_ray_and_workers_do_not_go_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "the-game", "--bots", "random", "--ray", "--workers", "2"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize(("address", "problem"), [
    ("notanaddress", "'notanaddress': an address is local, auto, HOST:PORT or ray://HOST:PORT"),
    ("127.0.0.1:99999", "'127.0.0.1:99999': a port is a number from 1 to 65535"),
    ("host:port", "'host:port': an address is local, auto, HOST:PORT or ray://HOST:PORT"),
])
def test_an_address_ray_cannot_read_is_a_usage_error(address: str, problem: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "the-game", "--games", "1", "--ray", address]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"cardrules simulate the-game: error: argument --ray: {problem}"


def test_the_ray_client_without_its_extra_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    if importlib.util.find_spec("grpc") is not None:
        pytest.skip("ray[client] is installed: ray:// addresses are read")
    assert main(["arena", "the-game", "--bots", "random,greedy", "--ray", "ray://127.0.0.1:1"]) == 2
    assert 'the Ray Client (ray://) needs its extra: pip install "ray[client]"' in capsys.readouterr().err


def _cardrules(*argv: str) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "cardrules", *argv], capture_output=True, text=True,
                          timeout=90, check=False)
    return done, time.monotonic() - started


def test_an_address_where_nothing_listens_is_one_line_at_once() -> None:
    with socket.socket() as probe:  # a port just freed: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done, took = _cardrules("simulate", "the-game", "--games", "2", "--ray", f"127.0.0.1:{port}")
    assert done.returncode == 1
    assert done.stderr == f"cardrules: error: --ray 127.0.0.1:{port}: cannot connect (Connection refused)\n"
    assert took < 30


def test_an_address_that_answers_but_is_no_ray_gives_up_within_30_seconds() -> None:
    with socket.socket() as listener:  # accepts connections (the kernel does), says nothing
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        port = listener.getsockname()[1]
        done, took = _cardrules("simulate", "the-game", "--games", "2", "--ray", f"127.0.0.1:{port}")
    assert done.returncode == 1
    assert done.stderr == (f"cardrules: error: --ray 127.0.0.1:{port}: it answers, but no Ray cluster "
                           "there connected within 20 s\n")
    assert took < 30
