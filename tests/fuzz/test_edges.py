"""The ``edges`` mode of the fuzz harness catches what it is meant to: each check is shown failing on
a deliberately careless stand-in for the command line, and passing on the real one."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardrules import to_json
from cardrules.cli import play_session
from cardrules.cli.play_session import Session
from cardrules.registry import available
from tools.fuzz import Bounds, ContractBreachError, Reproducer, check_edge_case
from tools.fuzz.edges import edge_targets
from tools.fuzz.files import LOAD_SCENES, SAVE_SCENES, prints_cleanly
from tools.fuzz.processes import left_behind
from tools.fuzz.replay import replay

QUICK = Bounds(hard_seconds=2.0)


def _careless_save(self: Session, path: str | os.PathLike[str]) -> None:
    """How a save goes wrong: through a predictable ``.partial`` name, following links."""
    partial = Path(str(path) + ".partial")
    partial.write_text(to_json(self.record))
    os.replace(partial, path)


def _careless_load(name: str) -> object:
    """How a load goes wrong: it opens whatever it is given and reads it to the end."""
    with open(name, encoding="utf-8") as file:
        return file.read()


@pytest.mark.parametrize("scene", ["planted partial link", "fifo", "null device"])
def test_a_save_that_follows_planted_links_or_replaces_a_fifo_is_caught(
        scene: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Session, "save", _careless_save)
    with pytest.raises(ContractBreachError, match="save must"):
        check_edge_case({"family": "files", "case": "save", "game": "the-game", "scene": scene, "seed": 1},
                        QUICK)


def test_a_load_that_blocks_on_a_fifo_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_session, "_read_record", _careless_load)
    start = time.monotonic()
    with pytest.raises(ContractBreachError, match="load must not block"):
        check_edge_case({"family": "files", "case": "load", "game": "the-game", "scene": "fifo", "seed": 1},
                        QUICK)
    assert time.monotonic() - start < 30


@pytest.mark.parametrize("scene", SAVE_SCENES)
def test_every_save_scene_passes_on_the_real_command_line(scene: str) -> None:
    check_edge_case({"family": "files", "case": "save", "game": "mille-bornes", "scene": scene, "seed": 3})


@pytest.mark.parametrize("scene", LOAD_SCENES)
def test_every_load_scene_passes_on_the_real_command_line(scene: str) -> None:
    check_edge_case({"family": "files", "case": "load", "game": "the-game", "scene": scene, "seed": 3})


def test_a_message_with_a_control_character_or_a_lone_surrogate_does_not_print() -> None:
    assert prints_cleanly("game.json: not a game record")
    assert prints_cleanly("partie « enregistrée »")
    assert not prints_cleanly("game\x1b[2J.json")
    assert not prints_cleanly("the-game\ud800")


def test_a_process_left_in_a_session_is_found() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True)
    try:
        assert child.pid in left_behind(child.pid)
    finally:
        child.kill()
        child.wait()
    assert left_behind(child.pid) == []


def test_every_registered_game_gets_file_and_process_targets() -> None:
    files, processes = edge_targets(0, Bounds())
    assert {"the-game", "mille-bornes"} <= set(available())
    assert {target.name for target in files} == {f"files {game}" for game in available()}
    assert {target.name for target in processes} == {f"{family} {game}" for game in available()
                                                     for family in ("stdin", "bots", "signals")}


def test_an_edge_reproducer_replays_and_prints_as_python(monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"kind": "edge", "family": "files", "case": "save", "game": "the-game", "scene": "fifo", "seed": 2}
    reproducer = Reproducer(data=data)
    assert replay(reproducer) == []
    monkeypatch.setattr(Session, "save", _careless_save)
    failures = replay(reproducer)
    assert [failure.check for failure in failures] == ["save must refuse a target that is not a regular file"]
    assert "check_edge_case(" in reproducer.python()
