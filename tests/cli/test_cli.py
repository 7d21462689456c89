"""The command line: ``python -m cardrules games | simulate | bench``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardrules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def without_speed(output: str) -> list[str]:
    return [line for line in output.splitlines() if not line.startswith("speed")]


def test_simulate_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "the-game", "--players", "3", "--games", "20", "--seed", "1")
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "The Game: 3 players, normal rules; greedy bot; seeds 1..20"
    assert "games             20" in lines
    for start in ("win rate", "mean cards left", "excellent (<10)", "outcomes", "cards left", "  0 (won)",
                  "  50-69", "speed"):
        assert any(line.startswith(start) for line in lines), start
    assert lines[-1].endswith("s)")
    assert "games/s" in lines[-1]


def test_simulate_histogram_counts_every_game_once(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "simulate", "the-game", "--games", "30", "--bot", "random")
    rows = [line.split() for line in out.splitlines() if line.startswith("  ")]
    shares = [next(i for i, cell in enumerate(row) if cell.endswith("%")) for row in rows]
    assert sum(int(row[i - 1]) for row, i in zip(rows, shares, strict=True)) == 30


def test_the_same_seed_gives_the_same_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("simulate", "the-game", "--players", "2", "--games", "15", "--seed", "7")
    _, first, _ = run(capsys, *argv)
    _, again, _ = run(capsys, *argv)
    assert without_speed(first) == without_speed(again)
    _, other, _ = run(capsys, "simulate", "the-game", "--players", "2", "--games", "15", "--seed", "8")
    assert without_speed(other) != without_speed(first)


def test_random_bot_runs_are_reproducible_too(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("simulate", "the-game", "--players", "4", "--games", "40", "--seed", "3", "--bot", "random",
            "--expert", "--reduced-hand", "--on-fire")
    _, first, _ = run(capsys, *argv)
    _, again, _ = run(capsys, *argv)
    title = "The Game: 4 players, expert, reduced hand, On Fire; random bot; seeds 3..42"
    assert first.splitlines()[0] == title
    assert without_speed(first) == without_speed(again)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "the-game", "--players", "6"], "The Game is played by 1 to 5 players, not 6"),
        (["simulate", "the-game", "--players", "0"], "The Game is played by 1 to 5 players, not 0"),
        (["simulate", "the-game", "--players", "three"], "--players: a whole number, not 'three'"),
        (["simulate", "chess"], "invalid choice: 'chess'"),
        (["simulate"], "required: GAME"),
        (["simulate", "the-game", "--games", "0"], "--games: a whole number from 1 to 1000000, not 0"),
        (["simulate", "the-game", "--bot", "genius"], "unknown bot 'genius'"),
        (["simulate", "the-game", "--wild-cards"], "unrecognized arguments: --wild-cards"),
        (["bench", "--seconds", "-1"], "--seconds: a number more than 0 and at most 3600, not '-1'"),
        (["bench", "--game", "chess"], "invalid choice: 'chess'"),
        (["fly"], "invalid choice: 'fly'"),
        ([], "required: COMMAND"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert message in err
    assert "usage: cardrules" in err
    assert "Traceback" not in err + out


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "the-game", "--help")
    assert status == 0
    for option in ("--players", "--expert", "--reduced-hand", "--on-fire", "--games", "--seed", "--bot"):
        assert option in out


def test_games_lists_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0
    assert any(line.split()[:3] == ["the-game", "The", "Game"] for line in out.splitlines())


def test_bench_prints_games_and_steps_per_second_for_each_variant(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "bench", "--seconds", "0.01", "--game", "the-game")
    assert status == 0
    lines = out.splitlines()
    assert "games/s" in lines[1]
    assert "steps/s" in lines[1]
    rows = lines[2:]
    labels = [" ".join(row.split()[1:-4]) for row in rows]
    assert labels == [f"{players} {noun}, {variant}" for players, noun in
                      ((1, "player"), (3, "players"), (5, "players"))
                      for variant in ("normal", "expert", "On Fire")]
    for row in rows:
        games, steps = (int(cell) for cell in row.split()[-4:-2])
        assert games >= 1
        assert steps > games


def test_no_progress_bar_when_output_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, err = run(capsys, "simulate", "the-game", "--games", "150", "--bot", "random")
    assert "\r" not in out + err
    assert "\x1b" not in out + err


def test_plain_output_when_rich_is_missing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "rich.progress", None)  # import rich.progress now fails
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    status, out, _ = run(capsys, "simulate", "the-game", "--games", "150", "--bot", "random", "--seed", "4")
    assert status == 0
    title = "The Game: 1 player, normal rules; random bot; seeds 4..153"
    assert out.startswith(f"{title}\ngames             150\n")
    assert "\x1b" not in out


def test_python_dash_m_cardrules() -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", "simulate", "the-game", "--players", "9"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "The Game is played by 1 to 5 players, not 9" in done.stderr
    assert "Traceback" not in done.stderr
