"""A bot of a user's own that fails — raises, answers ``None`` or junk, cannot be built, cannot even
be imported — in ``simulate``, ``arena`` and ``play``: one line naming the bot, its seat and the
move, a non-zero exit, never a traceback; the arena keeps the games that finished."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.cli import main
from cardrules.games import the_game

BOTS = "tests.cli.failing_bots"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(("bot", "problem"), [
    ("Raises", "choose raised ZeroDivisionError: the bot divided by zero"),
    ("AnswersNone", "chose None, not a legal move"),
    ("AnswersJunk", "chose {'not': 'a move'}, not a legal move"),
    ("CannotBeBuilt", "could not be built: RuntimeError: the bot has no strategy"),
    ("CallsExit", "choose raised SystemExit: 3"),
    ("ExitsWhenBuilt", "could not be built: SystemExit: 4"),
    ("RaisesBaseException", "choose raised _Odd: not an Exception"),
])
def test_simulate_names_the_failing_bot_its_seat_and_the_move(
        bot: str, problem: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "the-game", "--players", "2", "--bot", f"{BOTS}:{bot}",
                         "--games", "3", "--seed", "4")
    assert status == 1
    built_first = bot in ("CannotBeBuilt", "ExitsWhenBuilt")  # built before the run starts
    counted = "" if built_first else " (0 of 3 games finished)"
    assert err.splitlines()[0] == (f"cardrules: error: bot {BOTS}:{bot} at seat 0 failed on move 1 of "
                                   f"deal 4: {problem}{counted}")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(("answer", "problem"), [
    ("raise", "opening_strength raised LookupError: no idea"),
    ("strong", "opening_strength answered 'strong', not a number"),
])
def test_simulate_names_a_bot_that_cannot_rate_its_opening_for_first_player_strongest(
        answer: str, problem: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "the-game", "--players", "2", "--first-player", "strongest",
                         "--bot", f"{BOTS}:RatesBadly:answer={answer}", "--games", "2", "--seed", "4")
    assert status == 1
    assert err == (f"cardrules: error: bot {BOTS}:RatesBadly:answer={answer} at seat 0 failed on move 1 of "
                   f"deal 4: {problem} (0 of 2 games finished)\n")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_arena_names_a_bot_that_calls_sys_exit_instead_of_ending_with_its_status(
        workers: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "arena", "the-game", "--bots", f"greedy,{BOTS}:CallsExit", "--games", "2",
                         "--workers", workers)
    assert status == 1
    assert err.startswith(f"cardrules: error: bot {BOTS}:CallsExit at seat 0 failed on move 1 of deal ")
    assert ": choose raised SystemExit: 3 (" in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("workers", ["1", "2"])
def test_arena_names_a_bot_that_answers_none(workers: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "arena", "mille-bornes", "--single-hand", "--bots",
                         f"heuristic,{BOTS}:AnswersNone", "--games", "2", "--workers", workers)
    assert status == 1
    assert err.startswith(f"cardrules: error: bot {BOTS}:AnswersNone at seat ")
    assert "failed on move " in err
    assert ": chose None, not a legal move" in err
    assert len(err.splitlines()) == 1


def test_a_bot_module_that_raises_as_it_is_imported_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken_bots.py"
    broken.write_text('raise RuntimeError("this module is broken")\n', encoding="utf-8")
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    for argv in (["simulate", "the-game", "--bot", "broken_bots:Bot", "--games", "1"],
                 ["--import", "broken_bots", "games"]):
        done = subprocess.run([sys.executable, "-m", "cardrules", *argv], capture_output=True, text=True,
                              timeout=60, check=False, env={**os.environ, "PYTHONPATH": path})
        assert done.returncode == 2
        assert "Traceback" not in done.stderr
        assert "RuntimeError: this module is broken" in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 or "usage:" in done.stderr


@pytest.mark.parametrize(("statement", "status", "said"), [
    ("raise SystemExit(5)", 2, "raised SystemExit: 5"),
    ("import sys; sys.exit()", 2, "raised SystemExit"),
    ("raise KeyboardInterrupt", 130, "cardrules: interrupted"),  # as Ctrl-C while it loads would
])
def test_a_module_that_exits_or_is_interrupted_as_it_is_imported_is_one_line(
        statement: str, status: int, said: str, tmp_path: Path) -> None:
    (tmp_path / "exiting_bots.py").write_text(statement + "\n", encoding="utf-8")
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    for argv in (["simulate", "the-game", "--bot", "exiting_bots:Bot", "--games", "1"],
                 ["play", "the-game", "--bots", "exiting_bots:Bot"],
                 ["--import", "exiting_bots", "games"]):
        done = subprocess.run([sys.executable, "-m", "cardrules", *argv], capture_output=True, text=True,
                              timeout=60, check=False, env={**os.environ, "PYTHONPATH": path})
        assert done.returncode == status, argv
        assert "Traceback" not in done.stderr
        assert said in done.stderr, argv
        assert len(done.stderr.strip().splitlines()) == 1 or "usage:" in done.stderr


def test_arena_keeps_the_games_that_finished_before_a_bot_failed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # FailsSometimes fails at seat 0 of deal 10 (its seed there is a multiple of 4), not on deals 1 to 9.
    for workers in ("1", "2"):
        path = tmp_path / f"arena{workers}.json"
        status, out, err = run(capsys, "arena", "the-game", "--players", "1", "--bots",
                               f"{BOTS}:FailsSometimes,greedy", "--games", "20", "--seed", "1",
                               "--json", str(path), "--workers", workers)
        assert status == 1
        assert err.startswith(f"cardrules: error: bot {BOTS}:FailsSometimes at seat 0 failed on move 1 "
                              "of deal 10: choose raised RuntimeError: tired (")
        written = json.loads(path.read_text(encoding="utf-8"))
        assert written["complete"] is False
        assert written["reason"].startswith(f"bot {BOTS}:FailsSometimes at seat 0 failed on move 1 of "
                                            "deal 10")
        deals = {game["deal"] for game in written["games"]}
        assert set(range(1, 10)) <= deals
        assert 10 not in {game["deal"] for game in written["games"] if game["bots"][0] != "greedy"}
        assert written["summary"]["deals"] == len(deals)
        assert "greedy" in out  # the summary of the games that finished is printed


def test_a_complete_arena_says_so_in_its_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "arena.json"
    status, _, _ = run(capsys, "arena", "the-game", "--bots", "greedy,random", "--games", "2",
                       "--json", str(path))
    assert status == 0
    written = json.loads(path.read_text(encoding="utf-8"))
    assert (written["complete"], written["reason"], len(written["games"])) == (True, None, 4)


def test_simulate_prints_the_games_that_finished_before_a_bot_failed(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "the-game", "--bot", f"{BOTS}:FailsSometimes", "--games", "20",
                           "--seed", "1")
    assert status == 1
    assert "games             9 of 20 (stopped early)" in out.splitlines()
    assert err.endswith("(9 of 20 games finished)\n")


# --- play -----------------------------------------------------------------------------------------


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str,
         *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return run(capsys, "play", *argv)


@pytest.mark.parametrize(("bot", "problem"), [
    ("Raises", "choose raised ZeroDivisionError: the bot divided by zero"),
    ("AnswersNone", "chose None, not a legal move"),
    ("CannotBeBuilt", "could not be built: RuntimeError: the bot has no strategy"),
    ("CallsExit", "choose raised SystemExit: 3"),
    ("ExitsWhenBuilt", "could not be built: SystemExit: 4"),
    ("RaisesBaseException", "choose raised _Odd: not an Exception"),
])
def test_play_ends_the_game_when_a_bot_fails_after_your_move(
        bot: str, problem: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, "1\n1\nend turn\n1\n1\n", "the-game", "--players", "2",
                            "--seed", "1", "--bots", f"{BOTS}:{bot}")
    assert status == 1
    assert "Traceback" not in err
    lines = out.splitlines()
    assert lines[-1] == (f"A bot failed, so the game ends here: bot {BOTS}:{bot} at seat 1 failed on "
                         f"move 4: {problem}.")
    assert "Goodbye." not in lines


def test_play_ends_the_game_when_a_bot_fails_on_load(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A saved game where seat 1 (a bot) is to move: two cards laid and the turn ended by seat 0.
    state = the_game.new_game(the_game.Rules(players=2), seed=1)
    moves = []
    for _ in range(2):
        move = the_game.legal_moves(state)[0]
        moves.append(move)
        state = the_game.apply(state, move)
    moves.append(the_game.EndTurn())
    record = cardrules.GameRecord(game="the-game", rules_version=the_game.RULES_VERSION,
                                  rules=the_game.Rules(players=2), seed=1, first_player=0, moves=tuple(moves))
    saved = tmp_path / "bots-turn.json"
    saved.write_text(cardrules.to_json(record), encoding="utf-8")
    status, out, err = play(monkeypatch, capsys, f"load {saved}\n1\n", "the-game", "--players", "2",
                            "--seed", "1", "--bots", f"{BOTS}:Raises")
    assert status == 1
    assert "Traceback" not in err
    assert out.splitlines()[-1] == (f"A bot failed, so the game ends here: bot {BOTS}:Raises at seat 1 "
                                    "failed on move 4: choose raised ZeroDivisionError: the bot divided "
                                    "by zero.")


def test_play_ends_at_once_when_a_bot_fails_before_your_first_decision(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, "1\n", "the-game", "--players", "2", "--seed", "1",
                            "--first-player", "1", "--bots", f"{BOTS}:AnswersNone")
    assert status == 1
    assert out == ""
    assert err == (f"A bot failed, so the game ends here: bot {BOTS}:AnswersNone at seat 1 failed on "
                   "move 1: chose None, not a legal move.\n")


def test_play_as_a_person_runs_it_shows_no_traceback_for_a_failing_bot() -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", "play", "the-game", "--players", "2",
                           "--seed", "1", "--bots", f"{BOTS}:Raises"], input="1\n1\nend turn\n",
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert done.stderr == ""
    assert done.stdout.splitlines()[-1].startswith("A bot failed, so the game ends here: ")
