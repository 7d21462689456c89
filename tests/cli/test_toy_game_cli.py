"""Toy Mau, the game that lives in the tests, on every command of the command line: proof that a
game reaches the command line through its descriptor and its ``command_line`` facet alone, with no
line of ``src/`` naming it, and that the command line itself names no game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.run import generic_simulator, simulators
from tests.core.test_architecture import SRC_GRAPH
from tests.toy_game import GAME
from tests.toy_game.command_line import TOY_MAU

REPO = Path(__file__).resolve().parents[2]


def test_the_command_line_offers_toy_maus_own_command_line_facet() -> None:
    assert simulators()["toy-mau"] is TOY_MAU
    assert GAME.facet("command_line") is TOY_MAU


def test_a_registered_game_without_a_command_line_gets_the_generic_one() -> None:
    generic = generic_simulator(GAME)
    assert (set(generic.bots), generic.scoring, generic.default_bot) == ({"random"}, None, "random")


def test_the_arena_rates_bots_at_toy_mau(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--import", "tests.toy_game", "arena", "toy-mau", "--bots", "random,random:seed=3",
                   "--games", "4", "--seed", "2", "--quiet"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("toy-mau: Rules(players=2, hand_size=5); every pairing, each deal played twice")
    assert "mean cards left" in out
    assert "lower cards left is better" in out


def test_the_arena_of_toy_mau_gives_the_same_games_on_workers(tmp_path: Path) -> None:
    here, there = tmp_path / "here.json", tmp_path / "there.json"
    arguments = ["--import", "tests.toy_game", "arena", "toy-mau", "--bots", "random,random:seed=3",
                 "--games", "3", "--quiet"]
    assert main([*arguments, "--json", str(here)]) == 0
    assert main([*arguments, "--json", str(there), "--workers", "2"]) == 0
    assert here.read_text() == there.read_text()


def test_bench_measures_toy_mau_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--import", "tests.toy_game", "bench", "--game", "toy-mau", "--seconds", "0.02"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert len(rows) == 3
    assert all(row.startswith("toy-mau      Rules(players=") for row in rows)


def test_a_person_plays_toy_mau_to_its_end_from_a_script() -> None:
    # Always the first move on the list: the game ends (each turn plays or draws, the stock runs
    # out), and whatever is typed after that is answered with what can still be done.
    played = subprocess.run(
        [sys.executable, "-m", "cardrules", "--import", "tests.toy_game", "play", "toy-mau", "--seed", "3"],
        input="1\n" * 80 + "quit\n", cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines[:2] == ["Toy Mau. You are seat 0.", "The bots: seat 1 random."]
    over = lines.index("The game is over.")
    assert lines[over + 1].startswith("Result: ")
    assert lines[-1] == "Goodbye."


def test_the_command_line_and_the_layers_under_it_import_no_game() -> None:
    layers = ("cardrules.cli", "cardrules.run", "cardrules.bots")
    named = {name: sorted(target for target in targets if target.startswith("cardrules.games."))
             for name, targets in SRC_GRAPH.items() if name.startswith(layers)}
    assert {name: targets for name, targets in named.items() if targets} == {}
