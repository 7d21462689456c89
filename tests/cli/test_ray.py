"""``--ray``: chunks of games as Ray tasks on a local Ray started by the test, with the same games and
summary as one process."""

from __future__ import annotations

import json
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
